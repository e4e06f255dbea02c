//! `tune`: a physics sweep (docs/tuning.md): vary profile parameters, run
//! thousands of flicks on every core, one CSV row per flick, a summary and,
//! with `--plot`, a chart. `tune SWEEP --replay SETTING:FLICK` writes one of
//! its flicks as a table replay instead.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use highnoon::plot::PlotSpec;
use highnoon::tune::{Shard, Sweep};

use super::fail;

/// `tune SWEEP [options]`.
#[derive(clap::Args, Debug)]
pub struct TuneCli {
    /// The sweep file.
    sweep: PathBuf,
    /// Where the rows go (default: the sweep's name with `.csv`, here).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Run only the i-th of n disjoint slices (`3/8`), for a batch array.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also draw slide distance against strength, a line per setting,
    /// into this chart (.png or .svg); `plot` draws any other.
    #[arg(long, value_name = "CHART")]
    plot: Option<PathBuf>,
    /// Instead of the sweep, write one of its flicks as a table replay
    /// (the CSV's setting and flick, `3:417`) to --out (default
    /// SWEEP-3-417.replay.ron), for `replay FILE [--window]`.
    #[arg(long, value_name = "SETTING:FLICK", conflicts_with_all = ["shard", "threads", "plot"])]
    replay: Option<String>,
}

impl TuneCli {
    /// Runs the sweep, or writes the one flick `--replay` names.
    pub fn run(self) -> ExitCode {
        let TuneCli {
            sweep,
            out,
            shard,
            threads,
            plot,
            replay,
        } = self;
        match replay {
            Some(row) => replay_row(&sweep, &row, out),
            None => run_sweep(
                &sweep,
                out,
                shard.unwrap_or(Shard { index: 1, count: 1 }),
                threads,
                plot,
            ),
        }
    }
}

/// `tune SWEEP.ron`: checks everything before any work, then runs the sweep.
fn run_sweep(
    path: &Path,
    out: Option<PathBuf>,
    shard: Shard,
    threads: Option<usize>,
    chart: Option<PathBuf>,
) -> ExitCode {
    if let Some(c) = &chart
        && !matches!(c.extension().and_then(|e| e.to_str()), Some("png" | "svg"))
    {
        eprintln!(
            "error: --plot {}: a chart is a .png or .svg file",
            c.display()
        );
        return ExitCode::from(2);
    }
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
    // Rows go to OUT.partial, renamed over OUT at the end: an interrupted
    // sweep keeps every row already written there, and no half CSV at OUT.
    let file = match highnoon::files::AtomicFile::resumable(&out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot create {e}");
            return ExitCode::from(2);
        }
    };
    let mut writer = std::io::BufWriter::new(file);
    let total = sweep.total_flicks().div_ceil(shard.count) as u64;
    let bar = super::progress::bar(total, "flicks");
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
    let written = writer
        .into_inner()
        .map_err(|e| format!("{}: {e}", out.display()))
        .and_then(highnoon::files::AtomicFile::commit);
    if let Err(e) = written {
        eprintln!("error: writing {e}");
        return ExitCode::from(2);
    }
    match chart {
        Some(c) => {
            let spec = PlotSpec {
                x: "strength".into(),
                y: "slide_m".into(),
                by: "setting".into(),
                bins: 14,
                title: Some(format!("{}: slide against strength", path.display())),
            };
            super::plot::chart(&out, &spec, &c)
        }
        None => ExitCode::SUCCESS,
    }
}

/// `tune SWEEP --replay S:K`: one flick of a sweep as a table replay, and its row.
fn replay_row(path: &Path, row: &str, out: Option<PathBuf>) -> ExitCode {
    use highnoon::tune::{parse_row, replay_of};
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
        eprintln!("error: cannot write {e}");
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
