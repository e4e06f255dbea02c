//! `bench`: the physics measured headless, flicks run to rest on the table
//! against a bare rapier3d loop; `bench render`: a table of the window drawn
//! offscreen along a fixed camera path, timed frame by frame.

use std::path::PathBuf;
use std::process::ExitCode;

use highnoon::cards::CardGame;
use highnoon::scenario::{PhysicsProfile, Town};
use highnoon::window::Start;
use highnoon::window::render_bench::RenderBenchOptions;

use super::play::{DataArgs, PlayArgs, WindowArgs};
use super::{fail, game_keys, parse};

/// `bench [options]` times flicks; `bench render` times the window's frames.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BenchCli {
    #[command(subcommand)]
    tool: Option<BenchTool>,
    /// Number of flicks.
    #[arg(long, default_value_t = 300)]
    flicks: usize,
    #[arg(long, default_value_t = 45)]
    seed: u64,
    /// Also write one CSV line per flick here.
    #[arg(long)]
    csv: Option<PathBuf>,
}

#[derive(clap::Subcommand, Debug)]
enum BenchTool {
    /// Draw a table of the window for `--frames` frames along a fixed camera
    /// path into an offscreen image (no window, no display): frame time
    /// median, p90, p99 and the CPU time per frame by phase.
    Render {
        /// `town` (the standard town, or `--town`/`--scenario`), `editor`
        /// (that town in the editor, a piece moved every frame) or a card
        /// game (dealt, 40 actions in).
        #[arg(long, default_value = "town")]
        table: String,
        /// Frames drawn first and not counted (shaders, card art).
        #[arg(long, default_value_t = 30)]
        warmup: usize,
        /// The image's size.
        #[arg(long, default_value = "1920x1080", value_parser = parse::resolution)]
        resolution: (u32, u32),
        /// Save the last frame drawn here (a PNG).
        #[arg(long)]
        last_frame: Option<PathBuf>,
        #[command(flatten)]
        window: WindowArgs,
    },
}

impl BenchCli {
    /// Times flicks on the town `play` names, or draws frames (`bench render`).
    pub fn run(self, data: &DataArgs) -> ExitCode {
        match self.tool {
            Some(BenchTool::Render {
                table,
                warmup,
                resolution,
                last_frame,
                window,
            }) => render(
                &PlayArgs::new(data, &window),
                &table,
                warmup,
                resolution,
                last_frame,
            ),
            None => flicks(data, self.flicks, self.seed, self.csv),
        }
    }
}

/// `bench`: flicks run to rest on the town, timed; the figures per flick
/// also into `csv`.
fn flicks(play: &DataArgs, flicks: usize, seed: u64, csv: Option<PathBuf>) -> ExitCode {
    let mut sim =
        match highnoon::physics::Table::from_files(&play.profile_path(), &play.town_path()) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
    let config = highnoon::bench::BenchConfig {
        flicks,
        seed,
        ..Default::default()
    };
    let bar = super::progress::bar(flicks as u64, "flicks");
    let report = highnoon::bench::run(&mut sim, &config, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    let _ = report.print(&mut std::io::stdout());
    if let Some(path) = csv {
        match highnoon::files::write_whole_with(&path, |f| {
            let mut f = std::io::BufWriter::new(f);
            report.write_csv(&mut f)?;
            std::io::Write::flush(&mut f)
        }) {
            Ok(()) => println!("per-flick figures written to {}", path.display()),
            Err(e) => {
                eprintln!("error: writing {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `bench render`: a table drawn offscreen for `--frames` frames after
/// `warmup`, timed frame by frame.
fn render(
    play: &PlayArgs,
    table: &str,
    warmup: usize,
    size: (u32, u32),
    last_frame: Option<PathBuf>,
) -> ExitCode {
    let frames = play.window.frames as usize;
    if frames == 0 {
        eprintln!("error: --frames must be at least 1");
        return ExitCode::from(2);
    }
    let start = match table {
        "town" => Start::Flick {
            scenario: play.data.scenario.clone(),
        },
        "editor" => Start::Edit {
            file: play.data.scenario.clone().unwrap_or(play.data.town_path()),
        },
        key => match CardGame::from_key(key) {
            Some(game) => Start::Cards {
                game,
                setup: game.default_setup(),
                actions: 40,
            },
            None => {
                eprintln!(
                    "error: --table {key}: `town`, `editor` or a card game ({})",
                    game_keys()
                );
                return ExitCode::from(2);
            }
        },
    };
    let profile_path = play.data.profile_path();
    let profile = match PhysicsProfile::load(&profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let town = play.data.town_path();
    if let Err(e) = Town::load(&town, &profile) {
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
        // A benchmark does not read the player's settings.
        graphics: play.window.graphics.unwrap_or_default(),
    };
    match highnoon::window::render_bench::run(profile, &options) {
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
