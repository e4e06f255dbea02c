//! `tune`: a sweep's rows do not depend on the thread count or the sharding,
//! and a bad sweep is refused at its place before any work.

use highnoon::scenario::data_root;
use highnoon::tune::{Shard, Sweep, run};

const SWEEP: &str = r#"(
    town: "scenarios/standard_town.ron",
    seed: 3,
    parameters: [
        (name: "materials.tabletop.friction", values: [0.25, 0.45]),
        (name: "movement_disc_speed", range: (1.8, 2.6)),
    ],
    samples: 2,
    flicks: (per_setting: 24, distance: (0.1, 0.3), angle_deg: (-5.0, 5.0), strength: (0.4, 1.0), spin: (-0.2, 0.2)),
)"#;

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("highnoon-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f
}

/// The rows of a run, without the wall time (the one column that is measured).
fn rows(sweep: &Sweep, shard: Shard, threads: usize) -> Vec<String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut out = Vec::new();
    pool.install(|| run(sweep, shard, &mut out, |_| {}))
        .unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn rows_do_not_depend_on_threads_or_shards() {
    let sweep = Sweep::load(&write("sweep.ron", SWEEP)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sweep.settings.len(), 4, "2 grid values × 2 draws");
    let whole = Shard { index: 1, count: 1 };
    let one = rows(&sweep, whole, 1);
    assert_eq!(one.len(), 4 * 24);
    assert_eq!(rows(&sweep, whole, 2), one, "the same rows on 2 threads");
    let mut shards: Vec<String> = (1..=3)
        .flat_map(|i| rows(&sweep, Shard { index: i, count: 3 }, 2))
        .collect();
    let mut all = one.clone();
    shards.sort();
    all.sort();
    assert_eq!(
        shards, all,
        "three shards: disjoint, and together the whole sweep"
    );
    // The varied values reach the table: a rougher tabletop slides less.
    let slide = |setting: &str| -> f64 {
        let v: Vec<f64> = one
            .iter()
            .filter(|r| r.starts_with(&format!("{setting},")))
            .map(|r| r.split(',').nth(9).unwrap().parse::<f64>().unwrap())
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    assert!(
        slide("0") > slide("2"),
        "friction 0.25 slides further than 0.45"
    );
}

#[test]
fn a_bad_sweep_is_refused_at_its_place_before_any_work() {
    let unknown = write(
        "unknown.ron",
        &SWEEP.replace("movement_disc_speed", "movment_disc_speed"),
    );
    let err = Sweep::load(&unknown).err().expect("refused").to_string();
    assert!(
        err.contains("unknown.ron:6:") && err.contains("unknown parameter"),
        "{err}"
    );
    assert!(
        err.contains("materials.tabletop.friction"),
        "lists the known names: {err}"
    );
    let outside = write("outside.ron", &SWEEP.replace("0.45]", "45.0]"));
    let err = Sweep::load(&outside).err().expect("refused").to_string();
    assert!(
        err.contains("outside.ron:5:") && err.contains("physical limits"),
        "{err}"
    );
    assert!("0/3".parse::<Shard>().is_err());
    assert!("4/3".parse::<Shard>().is_err());
    assert!("x".parse::<Shard>().is_err());
    assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
    // The command exits non-zero and writes nothing.
    let out = std::env::temp_dir().join(format!("highnoon-tune-never-{}.csv", std::process::id()));
    for args in [
        vec!["tune", unknown.to_str().unwrap()],
        vec!["tune", "--shard", "5/2", "sweeps/tabletop_friction.ron"],
        vec![
            "tune",
            "--plot",
            "chart.jpg",
            "sweeps/tabletop_friction.ron",
        ],
    ] {
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_highnoon"))
            .args(&args)
            .arg("--out")
            .arg(&out)
            .current_dir(data_root())
            .output()
            .unwrap();
        assert!(!status.status.success(), "{args:?}");
        assert!(!out.exists(), "{args:?}: no work done");
    }
}

#[test]
fn the_shipped_sweep_is_valid() {
    let sweep = Sweep::load(&data_root().join("sweeps/tabletop_friction.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sweep.total_flicks(), 10_000);
}

/// A chart from a sweep's rows: the binned means are right, and PNG and SVG
/// files come out with their axis labels; an unknown column is refused.
#[test]
fn plots_bin_the_rows_and_draw_png_and_svg() {
    use highnoon::plot::{PlotSpec, draw, read_csv, series};
    let csv = write(
        "rows.csv",
        "setting,materials.tabletop.friction,flick,strength,slide_m,knocked_over\n\
         0,0.2,0,0.0,1.0,0\n0,0.2,1,0.1,3.0,1\n0,0.2,2,1.0,10.0,1\n\
         1,0.5,0,0.0,0.5,false\n1,0.5,1,1.0,5.0,true\n",
    );
    let table = read_csv(&csv).unwrap();
    let spec = PlotSpec {
        x: "strength".into(),
        y: "slide_m".into(),
        by: "setting".into(),
        bins: 2,
        title: None,
    };
    let s = series(&table, &spec).unwrap();
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].0, "tabletop.friction=0.2");
    // Bins [0, 0.5) and [0.5, 1]: means 2 and 10 for the first setting.
    assert_eq!(s[0].1, vec![(0.25, 2.0, 2), (0.75, 10.0, 1)]);
    assert_eq!(s[1].1, vec![(0.25, 0.5, 1), (0.75, 5.0, 1)]);
    let png = csv.with_extension("png");
    let svg = csv.with_extension("svg");
    draw(&s, &spec, &png).unwrap();
    draw(&s, &spec, &svg).unwrap();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("<svg")
            && text.contains("mean slide_m")
            && text.contains("tabletop.friction=0.5")
    );
    let bad = PlotSpec {
        y: "slid".into(),
        ..spec
    };
    assert!(
        series(&table, &bad)
            .unwrap_err()
            .contains("no column \"slid\"")
    );
}

/// `tune --plot` draws the sweep's chart after its rows.
#[test]
fn a_sweep_draws_its_chart_when_asked() {
    let sweep = write("small.ron", SWEEP);
    let out = sweep.with_extension("csv");
    let chart = sweep.with_extension("png");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["tune", sweep.to_str().unwrap(), "--threads", "1", "--out"])
        .arg(&out)
        .arg("--plot")
        .arg(&chart)
        .current_dir(data_root())
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let rows = std::fs::read_to_string(&out).unwrap().lines().count();
    assert!(rows > 10, "{rows} rows");
    let bytes = std::fs::read(&chart).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
}

/// `tune SWEEP --replay S:K`: a row of the sweep written as a table replay
/// (the town, the setting's parameters, the disc put down and flicked) that
/// re-simulates to the same row, to the bit, and to its recorded hash.
#[test]
fn a_sweep_row_becomes_a_table_replay_that_reruns_to_the_same_row() {
    use highnoon::physics::replay::TableReplay;
    use highnoon::tune::{parse_row, replay_of};
    let path = write("replayed.ron", SWEEP);
    let sweep = Sweep::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let whole = Shard { index: 1, count: 1 };
    let all = rows(&sweep, whole, 2);
    for (s, k) in [(0, 0), (1, 7), (3, 23)] {
        let (replay, row) = replay_of(&sweep, &path, s, k).expect("a row");
        // The row is the sweep's own row (all columns but the wall time).
        let line = all
            .iter()
            .find(|l| {
                l.starts_with(&format!("{s},")) && l.split(',').nth(3) == Some(&k.to_string())
            })
            .expect("the row in the sweep");
        assert!(
            line.contains(&format!(",{},", row.slide)),
            "{line} vs {row:?}"
        );
        assert_eq!(replay.set.len(), 2);
        assert_eq!(replay.set[0].1, sweep.settings[s][0]);
        assert_eq!(replay.set[1].1, sweep.settings[s][1]);
        let file = write(&format!("row-{s}-{k}.replay.ron"), "");
        replay.save(&file).unwrap();
        let checked = TableReplay::load(&file).unwrap_or_else(|e| panic!("{e}"));
        let rerun = checked.rerun().expect("reruns");
        assert_eq!(checked.first_drift(&rerun), None, "the recorded hash");
        assert_eq!(rerun[0].outcome.travelled, row.slide);
        assert_eq!(rerun[0].outcome.steps, row.steps);
        assert_eq!(rerun[0].outcome.knocked_over.len(), row.knocked_over);
    }
    assert_eq!(parse_row("3:417"), Ok((3, 417)));
    assert!(parse_row("3/417").is_err());
    assert!(
        replay_of(&sweep, &path, 4, 0)
            .unwrap_err()
            .contains("settings 0 to 3")
    );
    assert!(
        replay_of(&sweep, &path, 0, 24)
            .unwrap_err()
            .contains("flicks 0 to 23")
    );
}
