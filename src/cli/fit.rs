//! `fit MEASUREMENTS.ron`: the profile's free parameters fitted to measured
//! flicks by CMA-ES on every core (docs/tuning.md, "Fitting the table to
//! measured flicks"); each measurement's residual, the overall fit, each
//! parameter's spread, and a profile RON with the fitted values.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use highnoon::fit::measurements::MeasurementsFile;
use highnoon::fit::{self, Params};
use highnoon::scenario::PhysicsProfile;

use super::fail;
use super::play::DataArgs;

/// `fit MEASUREMENTS [options]`.
#[derive(clap::Args, Debug)]
pub struct FitCli {
    /// The measurements file (RON; docs/tuning.md).
    measurements: PathBuf,
    /// Where the fitted profile goes (default: the measurements' name with
    /// `.profile.ron`, in the current folder). Never a shipped file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The search's seed: the same seed, data and profile give the same fit.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// At most this many generations of the search.
    #[arg(long, default_value_t = 150)]
    generations: usize,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Instead of fitting, write a measurements file made by the simulator
    /// at the profile (with the stated noise, drawn from --seed) to
    /// MEASUREMENTS, fitting the parameters named here (comma-separated).
    #[arg(long, value_name = "PARAMS")]
    synthetic: Option<String>,
}

impl FitCli {
    pub fn run(self, data: &DataArgs) -> ExitCode {
        let profile_path = data.profile_path();
        let profile = match PhysicsProfile::load(&profile_path) {
            Ok(p) => p,
            Err(e) => return fail(&e),
        };
        if let Some(names) = &self.synthetic {
            return write_synthetic(&profile, &self.measurements, names, self.seed);
        }
        let file = match MeasurementsFile::load(&self.measurements, &profile) {
            Ok(f) => f,
            Err(e) => return fail(&e),
        };
        // A pair the file fits starts where its two materials are together.
        let profile = fit::with_named_pairs(&profile, &file.fit);
        let params = match Params::new(&profile, &file.fit) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let out = self.out.unwrap_or_else(|| default_out(&self.measurements));
        if highnoon::shipped::is_shipped(&out) {
            eprintln!(
                "error: {} is one of the program's own files; write the fit elsewhere (--out)",
                out.display()
            );
            return ExitCode::from(2);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .expect("a thread pool");
        let bar = super::progress::bar(self.generations as u64, "generations");
        let start = std::time::Instant::now();
        let result = pool.install(|| {
            fit::fit(
                &profile,
                &file,
                &params,
                self.generations,
                self.seed,
                |g, best| {
                    bar.set_position(g as u64);
                    bar.set_message(format!("χ² {best:.2}"));
                },
            )
        });
        bar.finish_and_clear();
        // A parameter the data cannot tell apart keeps the profile's value.
        let fitted = params.apply(&profile, &result.kept(&params.start));
        print_report(&file, &params, &profile, &fitted, &result, start.elapsed());
        let text = fitted_profile_text(
            &fitted,
            &file,
            &self.measurements,
            &params,
            &result,
            self.seed,
        );
        match highnoon::files::write_whole(&out, text) {
            Ok(()) => {
                println!("fitted profile written to {}", out.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", out.display());
                ExitCode::FAILURE
            }
        }
    }
}

fn write_synthetic(profile: &PhysicsProfile, out: &Path, names: &str, seed: u64) -> ExitCode {
    let fit: Vec<&str> = names.split(',').map(str::trim).collect();
    let owned: Vec<String> = fit.iter().map(|n| n.to_string()).collect();
    let profile = &fit::with_named_pairs(profile, &owned);
    for n in &fit {
        if highnoon::scenario::params::Tunable::find(profile, n).is_err() {
            eprintln!("error: {n} is not a parameter of the profile");
            return ExitCode::from(2);
        }
    }
    let about = format!(
        "SYNTHETIC: made by highnoon's own table at its profile, not measured on a real table; noise {} (seed {seed})",
        fit::synthetic::NOISE
    );
    // A pair of materials is told from hits: the discs' woods meeting.
    let mut plan = fit::synthetic::plan();
    if fit.iter().any(|n| n.starts_with("pairs.")) {
        plan.extend(fit::synthetic::hit_plan());
    }
    let ms = fit::synthetic::measure(profile, plan, seed);
    let text = fit::synthetic::file_text(&about, &fit, &ms);
    match highnoon::files::write_whole(out, text) {
        Ok(()) => {
            println!(
                "{} synthetic measurements written to {}",
                ms.len(),
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

fn default_out(measurements: &Path) -> PathBuf {
    let stem = measurements
        .file_stem()
        .map_or("measurements".into(), |s| s.to_string_lossy().into_owned());
    PathBuf::from(format!("{stem}.profile.ron"))
}

fn print_report(
    file: &MeasurementsFile,
    params: &Params,
    before: &PhysicsProfile,
    fitted: &PhysicsProfile,
    result: &fit::FitResult,
    took: std::time::Duration,
) {
    println!(
        "    measurement                      measured            fitted              residual (errors)"
    );
    // Each measurement replayed once, for its line and the count.
    let mut n = 0;
    for (i, m) in file.measurements.iter().enumerate() {
        let s = fit::simulate(fitted, m);
        let r = fit::residuals(m, &s);
        n += r.len();
        println!(
            "{:>3} {:<32} {}   {}   {}",
            i + 1,
            fit::describe(m),
            fit::show_measured(m),
            fit::show(&s),
            fit::show_residuals(&r)
        );
    }
    println!(
        "χ² {:.2} over {n} residuals ({:.2} each); {} generations, {} profiles tried, {:.1} s",
        result.chi_square,
        result.chi_square / n.max(1) as f64,
        result.generations,
        result.evaluations,
        took.as_secs_f64()
    );
    println!(
        "χ² at the profile's own values: {:.2}",
        fit::chi_square(before, file)
    );
    println!("parameter                          start      fitted    spread (1σ)");
    for (i, name) in params.names.iter().enumerate() {
        let spread = match result.spread[i] {
            Some(s) if result.told_apart(i) => format!("± {s:.4}"),
            Some(s) => {
                format!("± {s:.4}: the data cannot tell it apart; the profile's value is kept")
            }
            None => "the data cannot tell it apart (χ² flat); the profile's value is kept".into(),
        };
        println!(
            "{name:<32} {:>9.4} {:>10.4}   {spread}",
            params.start[i], result.values[i]
        );
    }
}

fn fitted_profile_text(
    fitted: &PhysicsProfile,
    file: &MeasurementsFile,
    path: &Path,
    params: &Params,
    result: &fit::FitResult,
    seed: u64,
) -> String {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    let body = ron::ser::to_string_pretty(fitted, pretty).unwrap_or_default();
    let mut head = format!(
        "// highnoon physics profile fitted by `highnoon fit {}` (seed {seed}):\n// {} measurements, χ² {:.2}.\n// Data: {}\n",
        path.display(),
        file.measurements.len(),
        result.chi_square,
        file.about.replace('\n', " ")
    );
    for (i, name) in params.names.iter().enumerate() {
        let line = if result.told_apart(i) {
            format!(
                "// {name}: {} -> {}\n",
                params.start[i] as f32, result.values[i] as f32
            )
        } else {
            format!(
                "// {name}: {} kept (the data cannot tell it apart; the fit wandered to {})\n",
                params.start[i] as f32, result.values[i] as f32
            )
        };
        head.push_str(&line);
    }
    head + &body + "\n"
}
