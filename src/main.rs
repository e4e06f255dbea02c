//! highnoon: `cargo run --release` opens the table; `bench` measures the
//! physics headless; `validate` checks RON files.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use highnoon::scenario::{self, PhysicsProfile, Town};

#[derive(Parser, Debug)]
#[command(
    name = "highnoon",
    version,
    about = "A 3D tabletop dexterity simulator of the Wild West"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(clap::Args, Debug, Clone, Default)]
struct PlayArgs {
    /// Town file (RON).
    #[arg(long, global = true)]
    town: Option<PathBuf>,
    /// Physics profile (RON).
    #[arg(long, global = true)]
    profile: Option<PathBuf>,
    /// Render, save a PNG screenshot here and exit.
    #[arg(long, global = true)]
    screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 90, global = true)]
    frames: u32,
    /// Show an aim in progress: NAME,ANGLE_DEG,STRENGTH (0° = +x, 90° = toward the player).
    #[arg(long, global = true)]
    aim: Option<highnoon::render::screenshot::ScriptedFlick>,
    /// Flick a piece at start: NAME,ANGLE_DEG,STRENGTH.
    #[arg(long, global = true)]
    flick: Option<highnoon::render::screenshot::ScriptedFlick>,
    /// Play this scenario (a file in scenarios/ with a `game` section).
    #[arg(long, global = true)]
    scenario: Option<PathBuf>,
    /// With --scenario: let a seeded random player play this many steps first.
    #[arg(long, default_value_t = 0, global = true)]
    autoplay: usize,
    /// Window size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800", global = true)]
    size: String,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the table (the default), optionally on a town or scenario file.
    Play {
        /// A town or scenario file (RON); a scenario starts a game.
        file: Option<PathBuf>,
    },
    /// Measure the physics headless: flicks run to rest, Bevy app vs raw rapier3d.
    Bench {
        /// Number of flicks.
        #[arg(long, default_value_t = 300)]
        flicks: usize,
        #[arg(long, default_value_t = 45)]
        seed: u64,
        /// Also write one CSV line per flick here.
        #[arg(long)]
        csv: Option<PathBuf>,
    },
    /// Check the profile and towns/scenarios; prints every problem as file:line:col: message.
    Validate {
        /// Town or scenario files, or folders of them (default: scenarios/).
        paths: Vec<PathBuf>,
    },
}

fn load(args: &PlayArgs) -> Result<(PhysicsProfile, Town), scenario::Problems> {
    let profile_path = args
        .profile
        .clone()
        .unwrap_or_else(scenario::default_profile_path);
    let town_path = args
        .town
        .clone()
        .unwrap_or_else(scenario::default_town_path);
    let profile = PhysicsProfile::load(&profile_path)?;
    let town = Town::load(&town_path, &profile)?;
    Ok((profile, town))
}

/// Prints every problem on a line of its own: `file:line:col: message`.
fn report(problems: &scenario::Problems) {
    for e in &problems.0 {
        eprintln!("{e}");
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut cli = cli;
    if let Some(Command::Play { file: Some(file) }) = &cli.command {
        // A scenario plays a game; a plain town opens the sandbox on it.
        let text = std::fs::read_to_string(file).unwrap_or_default();
        if text.contains("game:") || text.contains("game :") {
            cli.play.scenario = Some(file.clone());
        } else {
            cli.play.town = Some(file.clone());
        }
    }
    match cli.command.take().unwrap_or(Command::Play { file: None }) {
        Command::Play { .. } => {
            let (profile, town) = match load(&cli.play) {
                Ok(x) => x,
                Err(e) => {
                    report(&e);
                    return ExitCode::from(2);
                }
            };
            let Some((w, h)) = cli
                .play
                .size
                .split_once('x')
                .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
            else {
                eprintln!("error: --size wants WIDTHxHEIGHT, e.g. 1280x800");
                return ExitCode::from(2);
            };
            let script = highnoon::render::screenshot::Script {
                screenshot: cli.play.screenshot.clone(),
                frames: cli.play.frames,
                aim: cli.play.aim.clone(),
                flick: cli.play.flick.clone(),
            };
            let autoplay = highnoon::render::hot_seat::Autoplay {
                steps: cli.play.autoplay,
                seed: 1,
            };
            let profile_path = cli
                .play
                .profile
                .clone()
                .unwrap_or_else(scenario::default_profile_path);
            let watched = match &cli.play.scenario {
                Some(file) => {
                    highnoon::reload::Watched::new(profile_path, Some(file.clone()), true)
                }
                None => {
                    let town_path = cli
                        .play
                        .town
                        .clone()
                        .unwrap_or_else(scenario::default_town_path);
                    highnoon::reload::Watched::new(profile_path, Some(town_path), false)
                }
            };
            highnoon::app::run_window(
                profile,
                town,
                script,
                cli.play.scenario.clone(),
                autoplay,
                watched,
                (w, h),
            )
        }
        Command::Bench { flicks, seed, csv } => {
            let (profile, town) = match load(&cli.play) {
                Ok(x) => x,
                Err(e) => {
                    report(&e);
                    return ExitCode::from(2);
                }
            };
            let mut sim = highnoon::physics::headless::Sim::new(profile, &town);
            let config = highnoon::bench::BenchConfig {
                flicks,
                seed,
                ..Default::default()
            };
            let report = highnoon::bench::run(&mut sim, &config, |n| {
                if n % 50 == 0 {
                    eprint!("\r{n}/{flicks} flicks");
                }
            });
            eprintln!();
            let _ = report.print(&mut std::io::stdout());
            if let Some(path) = csv {
                match std::fs::File::create(&path).map(std::io::BufWriter::new) {
                    Ok(mut f) => {
                        if let Err(e) = report.write_csv(&mut f) {
                            eprintln!("error: writing {}: {e}", path.display());
                            return ExitCode::from(2);
                        }
                        println!("per-flick figures written to {}", path.display());
                    }
                    Err(e) => {
                        eprintln!("error: cannot create {}: {e}", path.display());
                        return ExitCode::from(2);
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Command::Validate { paths } => {
            let started = std::time::Instant::now();
            let profile_path = cli
                .play
                .profile
                .clone()
                .unwrap_or_else(scenario::default_profile_path);
            let profile = match PhysicsProfile::load(&profile_path) {
                Ok(p) => {
                    println!("ok    {}", profile_path.display());
                    p
                }
                Err(e) => {
                    report(&e);
                    return ExitCode::from(2);
                }
            };
            let paths = if paths.is_empty() {
                vec![scenario::data_root().join("scenarios")]
            } else {
                paths
            };
            let mut files = Vec::new();
            for p in paths {
                if p.is_dir() {
                    let mut v: Vec<PathBuf> = std::fs::read_dir(&p)
                        .map(|r| {
                            r.filter_map(|e| e.ok().map(|e| e.path()))
                                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                                .collect()
                        })
                        .unwrap_or_default();
                    v.sort();
                    files.extend(v);
                } else {
                    files.push(p);
                }
            }
            let mut failed = false;
            for path in &files {
                match Town::load(path, &profile) {
                    Ok(t) => println!("ok    {} ({})", path.display(), t.name),
                    Err(e) => {
                        report(&e);
                        failed = true;
                    }
                }
            }
            eprintln!(
                "checked {} file(s) in {:.0} ms",
                files.len() + 1,
                started.elapsed().as_secs_f64() * 1e3
            );
            if failed {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}
