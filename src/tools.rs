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

/// `tune SWEEP --replay S:K`: one flick of a sweep as a table replay, and its row.
pub fn tune_replay(path: &Path, row: &str, out: Option<PathBuf>) -> ExitCode {
    use highnoon::tune::{Sweep, parse_row, replay_of};
    let (s, k) = match parse_row(row) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let sweep = match Sweep::load(path) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let (replay, row) = match replay_of(&sweep, path, s, k) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let out = out.unwrap_or_else(|| {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("sweep");
        PathBuf::from(format!("{stem}-{s}-{k}.replay.ron"))
    });
    if let Err(e) = replay.save(&out) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::from(2);
    }
    println!(
        "setting {s} flick {k}: {} put down at ({:.3}, {:.3}), strength {:.3}, spin {:.3}: slid {:.1} cm, touched {} (first {:?}), felled {}, {} steps{}",
        row.disc,
        replay.flicks[0].place.map_or(0.0, |p| p.0),
        replay.flicks[0].place.map_or(0.0, |p| p.1),
        row.strength,
        row.spin,
        row.slide * 100.0,
        row.touched,
        row.first_touch,
        row.knocked_over,
        row.steps,
        if row.at_rest { "" } else { " (time cap)" }
    );
    println!(
        "wrote {}; `highnoon replay {} --window` shows it",
        out.display(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// `replay FILE`: a recorded game re-simulated, checked against its hash.
pub fn replay(file: &Path, quiet: bool, window: Option<&crate::PlayArgs>) -> ExitCode {
    use highnoon::flick::replay::Replay;
    if std::fs::read_to_string(file).is_ok_and(|t| highnoon::physics::replay::is_table_replay(&t)) {
        return table_replay(file, quiet, window);
    }
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

/// `replay FILE` of a table replay: each flick re-simulated on the town, what
/// it did and the pose hash after it, checked against the recorded hashes.
fn table_replay(file: &Path, quiet: bool, window: Option<&crate::PlayArgs>) -> ExitCode {
    use highnoon::physics::replay::TableReplay;
    let checked = match TableReplay::load(file) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let rerun = checked.rerun();
    if let Some(note) = &checked.replay.note {
        println!("{}: {note}", file.display());
    }
    if !quiet {
        for (i, (f, step)) in checked.replay.flicks.iter().zip(&rerun).enumerate() {
            let o = &step.outcome;
            println!(
                "flick {:>3} {}{} strength {:.3} spin {:.3}: slid {:.1} cm, touched {}{}, felled {}{}, {} steps{}  pose {:016x}",
                i + 1,
                f.piece,
                f.place
                    .map(|(x, z)| format!(" put down at ({x:.3}, {z:.3})"))
                    .unwrap_or_default(),
                f.strength,
                f.spin,
                o.travelled * 100.0,
                o.touched.len(),
                o.touched
                    .first()
                    .map(|t| format!(" (first {})", t.name))
                    .unwrap_or_default(),
                o.knocked_over.len(),
                if o.left_table { ", left the table" } else { "" },
                o.steps,
                if o.at_rest { "" } else { " (time cap)" },
                step.hash
            );
        }
    }
    let final_hash = rerun.last().map_or(checked.table().pose_hash(), |s| s.hash);
    println!(
        "{}: {} flicks on {}, final pose hash {final_hash:016x}",
        file.display(),
        rerun.len(),
        checked.replay.town
    );
    let code = match checked.first_drift(&rerun) {
        None if checked.replay.final_hash.is_some() => {
            println!("matches the recorded hashes: the table ends where it did");
            ExitCode::SUCCESS
        }
        None => ExitCode::SUCCESS,
        Some((i, want, got)) => {
            println!(
                "DIFFERS at flick {}: recorded {want:016x}, now {got:016x}: the physics has drifted",
                i + 1
            );
            ExitCode::from(1)
        }
    };
    match window {
        Some(play) if code == ExitCode::SUCCESS => table_replay_in_window(&checked, play),
        _ => code,
    }
}

/// Plays a checked table replay back at the sandbox: each piece put down,
/// its aim shown, then flicked.
fn table_replay_in_window(
    checked: &highnoon::physics::replay::CheckedTableReplay,
    play: &crate::PlayArgs,
) -> ExitCode {
    use highnoon::window::flick_table::table_replay::TableReplayScript;
    use highnoon::window::{Start, WindowOptions};
    let Some(size) = window_size(&play.size) else {
        return ExitCode::from(2);
    };
    use highnoon::scenario::data_path;
    let options = WindowOptions {
        start: Start::Flick { scenario: None },
        size,
        screenshot: highnoon::window::shell::screenshot::ScreenshotScript {
            path: play.screenshot.clone(),
            frames: play.frames,
        },
        flick_script: Default::default(),
        autoplay: Default::default(),
        town: data_path(&checked.replay.town),
        profile_path: data_path(
            checked
                .replay
                .profile
                .as_deref()
                .unwrap_or("assets/physics.ron"),
        ),
        replay: None,
        table_replay: Some(TableReplayScript::of(checked)),
    };
    highnoon::window::run_window(checked.profile.clone(), options)
}

/// `--size WIDTHxHEIGHT`, or a message and `None`.
fn window_size(size: &str) -> Option<(u32, u32)> {
    let parsed = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    if parsed.is_none() {
        eprintln!("error: --size wants WIDTHxHEIGHT, e.g. 1280x800");
    }
    parsed
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
    let Some((w, h)) = window_size(&play.size) else {
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
        table_replay: None,
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
