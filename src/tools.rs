//! The tuners' commands: `tune` (sweeps), `plot` (charts of them), `replay`
//! (recorded games re-simulated), `toss` (The Gunfighter's card toss) and
//! `bench render` (the window's frames, offscreen).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use highnoon::scenario::PhysicsProfile;

use crate::fail;

/// `tune SWEEP.ron`: checks everything before any work, then runs the sweep.
pub fn tune(
    path: &Path,
    out: Option<PathBuf>,
    shard: Option<&str>,
    threads: Option<usize>,
    chart: Option<PathBuf>,
) -> ExitCode {
    use highnoon::tune::{Shard, Sweep};
    if let Some(c) = &chart
        && !matches!(c.extension().and_then(|e| e.to_str()), Some("png" | "svg"))
    {
        eprintln!(
            "error: --plot {}: a chart is a .png or .svg file",
            c.display()
        );
        return ExitCode::from(2);
    }
    let shard = match shard.map(str::parse::<Shard>).transpose() {
        Ok(s) => s.unwrap_or(Shard { index: 1, count: 1 }),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if threads == Some(0) {
        eprintln!("error: --threads must be at least 1");
        return ExitCode::from(2);
    }
    let sweep = match Sweep::load(path) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let out = out.unwrap_or_else(|| {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("sweep");
        let name = if shard.count > 1 {
            format!("{stem}.{}of{}.csv", shard.index, shard.count)
        } else {
            format!("{stem}.csv")
        };
        PathBuf::from(name)
    });
    let file = match std::fs::File::create(&out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot create {}: {e}", out.display());
            return ExitCode::from(2);
        }
    };
    let mut writer = std::io::BufWriter::new(file);
    let total = sweep.total_flicks().div_ceil(shard.count) as u64;
    // Drawn only on a terminal: quiet when piped or redirected.
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} flicks, {per_sec}, ETA {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let started = std::time::Instant::now();
    let result = pool.install(|| highnoon::tune::run(&sweep, shard, &mut writer, |n| bar.inc(n)));
    bar.finish_and_clear();
    let summaries = match result {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: writing {}: {e}", out.display());
            return ExitCode::from(2);
        }
    };
    let flicks: usize = summaries.iter().map(|s| s.flicks).sum();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{}: {} settings, {flicks} flicks (shard {}/{}) in {secs:.1} s on {} threads: {:.0} flicks/s; rows in {}",
        path.display(),
        sweep.settings.len(),
        shard.index,
        shard.count,
        pool.current_num_threads(),
        flicks as f64 / secs.max(1e-9),
        out.display()
    );
    let _ = highnoon::tune::print_summary(&sweep, &summaries, &mut std::io::stdout());
    if let Err(e) = writer.into_inner().map(drop) {
        eprintln!("error: writing {}: {e}", out.display());
        return ExitCode::from(2);
    }
    match chart {
        Some(c) => plot(
            out,
            "strength".into(),
            "slide_m".into(),
            "setting".into(),
            14,
            Some(format!("{}: slide against strength", path.display())),
            c,
        ),
        None => ExitCode::SUCCESS,
    }
}

/// `plot CSV`: a chart of a sweep's rows.
pub fn plot(
    csv: PathBuf,
    x: String,
    y: String,
    by: String,
    bins: usize,
    title: Option<String>,
    out: PathBuf,
) -> ExitCode {
    use highnoon::plot::{PlotSpec, draw, read_csv, series};
    let spec = PlotSpec {
        x,
        y,
        by,
        bins,
        title,
    };
    let done = read_csv(&csv)
        .and_then(|t| series(&t, &spec))
        .and_then(|s| draw(&s, &spec, &out));
    match done {
        Ok(()) => {
            println!("chart written to {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `replay FILE`: a recorded game re-simulated, checked against its hash.
pub fn replay(file: &Path, quiet: bool, window: Option<&crate::PlayArgs>) -> ExitCode {
    use highnoon::flick::replay::Replay;
    let replay = match Replay::load(file) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let rerun = match replay.rerun(file) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    if !quiet {
        for (i, (lines, hash)) in rerun.steps.iter().enumerate() {
            println!("step {:>3} {:?}  pose {hash:016x}", i + 1, replay.steps[i]);
            for l in lines {
                println!("          {l}");
            }
        }
    }
    println!(
        "{}: {} steps, outcome {:?}, final pose hash {:016x}",
        file.display(),
        rerun.steps.len(),
        rerun.outcome,
        rerun.final_hash
    );
    let code = match replay.final_hash {
        Some(h) if h == rerun.final_hash => {
            println!("matches the recorded hash: the table ends where it did");
            ExitCode::SUCCESS
        }
        Some(h) => {
            println!(
                "DIFFERS from the recorded hash {h:016x}: the physics or the rules have drifted"
            );
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    };
    match window {
        Some(play) if code == ExitCode::SUCCESS => replay_in_window(&replay, play),
        _ => code,
    }
}

/// Plays a checked replay back at the Flick table: both seats are computer
/// seats that hand in the recorded steps, each flick's aim shown first.
fn replay_in_window(replay: &highnoon::flick::replay::Replay, play: &crate::PlayArgs) -> ExitCode {
    use highnoon::flick::driver::Step;
    use highnoon::window::flick_table::bot_turn::ReplayScript;
    use highnoon::window::{Start, WindowOptions};
    let profile_path = replay.profile_path();
    let profile = match PhysicsProfile::load(&profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let Some((w, h)) = play
        .size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
    else {
        eprintln!("error: --size wants WIDTHxHEIGHT, e.g. 1280x800");
        return ExitCode::from(2);
    };
    let options = WindowOptions {
        start: Start::Flick {
            scenario: Some(replay.scenario_path()),
        },
        size: (w, h),
        screenshot: highnoon::window::shell::screenshot::ScreenshotScript {
            path: play.screenshot.clone(),
            frames: play.frames,
        },
        flick_script: Default::default(),
        autoplay: highnoon::window::flick_table::hot_seat::Autoplay {
            steps: 0,
            seed: replay.seed,
            bots: [Some(highnoon::cards::bots::Level::Hard); 2],
        },
        town: replay.scenario_path(),
        profile_path,
        replay: Some(ReplayScript {
            seed: replay.seed,
            steps: replay.steps.iter().map(Step::from).collect(),
            played: 0,
        }),
    };
    highnoon::window::run_window(profile, options)
}

/// `toss`: cards tossed through each level's hand, timed.
pub fn toss(profile_path: &Path, tosses: usize, distance: f32, seed: u64) -> ExitCode {
    use highnoon::cards::bots::Level;
    let profile = match PhysicsProfile::load(profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    if !(0.05..=3.0).contains(&distance) {
        eprintln!("error: --distance {distance}: 0.05 to 3 metres");
        return ExitCode::from(2);
    }
    println!(
        "card tosses at a hole {:.0} cm away, {tosses} per level, seed {seed}, one core:",
        distance * 100.0
    );
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let h = highnoon::cards::gunfighter::bots::hand(level);
        let r = highnoon::physics::card_toss::bench(
            &profile.cards,
            profile.gravity,
            (h.yaw_sd, h.speed_sd),
            distance,
            tosses,
            seed,
        );
        println!(
            "  {:<7} {:>5}/{} in the hole ({:.1}%)   per toss median {:.0} µs, p90 {:.0} µs, {} steps; {} not at rest",
            format!("{level:?}").to_lowercase(),
            r.hits,
            r.tosses,
            100.0 * r.hits as f64 / r.tosses.max(1) as f64,
            r.median_us,
            r.p90_us,
            r.steps_median,
            r.not_at_rest
        );
    }
    ExitCode::SUCCESS
}

/// `bench render`: a table drawn offscreen, timed frame by frame.
pub fn bench_render(
    play: &crate::PlayArgs,
    table: &str,
    (frames, warmup): (usize, usize),
    resolution: &str,
    last_frame: Option<PathBuf>,
) -> ExitCode {
    use highnoon::cards::CardGame;
    use highnoon::window::Start;
    use highnoon::window::render_bench::{RenderBenchOptions, run};
    let Some(size) = resolution
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
        .filter(|(w, h)| (16..=8192).contains(w) && (16..=8192).contains(h))
    else {
        eprintln!("error: --resolution wants WIDTHxHEIGHT (16 to 8192 each), e.g. 1920x1080");
        return ExitCode::from(2);
    };
    if frames == 0 {
        eprintln!("error: --frames must be at least 1");
        return ExitCode::from(2);
    }
    let start = match table {
        "town" => Start::Flick {
            scenario: play.scenario.clone(),
        },
        key => match CardGame::from_key(key) {
            Some(game) => Start::Cards {
                game,
                setup: game.default_setup(),
                actions: 40,
            },
            None => {
                let games: Vec<&str> = CardGame::ALL.iter().map(|g| g.key()).collect();
                eprintln!(
                    "error: --table {key}: `town` or a card game ({})",
                    games.join(", ")
                );
                return ExitCode::from(2);
            }
        },
    };
    let profile_path = play.profile_path();
    let profile = match PhysicsProfile::load(&profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let town = play
        .town
        .clone()
        .unwrap_or_else(highnoon::scenario::default_town_path);
    if let Err(e) = highnoon::scenario::Town::load(&town, &profile) {
        return fail(&e);
    }
    let options = RenderBenchOptions {
        start,
        frames,
        warmup,
        size,
        town,
        profile_path,
        last_frame,
    };
    match run(profile, &options) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
