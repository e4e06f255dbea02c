//! highnoon: `cargo run --release` opens the table; `bench` measures the
//! physics headless; `validate` checks RON files.

use std::path::PathBuf;
use std::process::ExitCode;

mod tools;

use clap::{Parser, Subcommand};

use highnoon::cards::CardGame;
use highnoon::cards::bots::Level;
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
    aim: Option<highnoon::window::flick_table::script::ScriptedFlick>,
    /// Flick a piece at start: NAME,ANGLE_DEG,STRENGTH.
    #[arg(long, global = true)]
    flick: Option<highnoon::window::flick_table::script::ScriptedFlick>,
    /// Play this scenario (a file in scenarios/ with a `game` section).
    #[arg(long, global = true)]
    scenario: Option<PathBuf>,
    /// With --scenario: let a seeded random player play this many steps first.
    #[arg(long, default_value_t = 0, global = true)]
    autoplay: usize,
    /// With a scenario: the computer plays the outlaws at this level (random,
    /// easy, normal, hard); you play the lawmen.
    #[arg(long, global = true)]
    vs: Option<Level>,
    /// With a scenario: the computer plays both teams at this level; you watch.
    #[arg(long, global = true)]
    watch: Option<Level>,
    /// At the card table: bots play this many actions at once first (a game in
    /// progress, for screenshots).
    #[arg(long, default_value_t = 0, global = true)]
    actions: usize,
    /// Window size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800", global = true)]
    size: String,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Go straight to a table: `play` (the sandbox), `play slapshot`, `play
    /// tabletown`, or `play FILE` (a town, a scenario or a card-game setup).
    Play {
        /// A card game's name, or a town, scenario or card setup file (RON).
        target: Option<String>,
    },
    /// Measure the physics headless: flicks run to rest, the table vs a bare
    /// rapier3d loop; `bench render`: the window's frames drawn offscreen.
    Bench(BenchCli),
    /// Throw the card table's die headless: time per throw to rest, the faces'
    /// counts and a chi-square test of fairness.
    Dice {
        #[arg(long, default_value_t = 60_000)]
        rolls: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64))]
        threads: u8,
    },
    /// A physics sweep (docs/tuning.md): vary profile parameters, run
    /// thousands of flicks on every core, one CSV row per flick, a summary.
    Tune {
        /// The sweep file.
        sweep: PathBuf,
        /// Where the rows go (default: the sweep's name with `.csv`, here).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Run only the i-th of n disjoint slices (`3/8`), for a batch array.
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
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
    },
    /// A chart from a sweep's CSV (`tune`): the mean of one column over bins
    /// of another, one line per setting; PNG or SVG by the file's extension.
    Plot {
        csv: PathBuf,
        #[arg(long, default_value = "strength")]
        x: String,
        #[arg(long, default_value = "slide_m")]
        y: String,
        /// The column whose values make the lines.
        #[arg(long, default_value = "setting")]
        by: String,
        #[arg(long, default_value_t = 14)]
        bins: usize,
        #[arg(long)]
        title: Option<String>,
        /// The chart file (.png or .svg).
        #[arg(long)]
        out: PathBuf,
    },
    /// Re-simulate a replay headless: a recorded Flick 'em Up! game (written
    /// by `flick arena --log DIR`: every step's log lines) or a table replay
    /// (flicks on a town, written by `tune --replay` or the sandbox's F5: what
    /// each flick did); the final pose hash, and whether it matches the
    /// recorded one (exit 1 if not).
    Replay {
        file: PathBuf,
        /// Print only the summary, not every step.
        #[arg(long)]
        quiet: bool,
        /// Play it back in the window at the table's pace (each flick's aim
        /// shown, then flicked), after checking it headless.
        #[arg(long)]
        window: bool,
    },
    /// Toss The Gunfighter's cards headless at a mat's hole through each bot
    /// level's hand: the share wholly inside the hole and the time per toss.
    Toss {
        #[arg(long, default_value_t = 1000)]
        tosses: usize,
        /// Distance from the hand to the hole's centre, metres.
        #[arg(long, default_value_t = 0.4)]
        distance: f32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play a card game headless: bots against bots (the log is printed), or
    /// you in a seat (`--human`), in the terminal.
    Cards(CardsCli),
    /// Flick 'em Up! bots headless: `flick arena` plays bots against bots,
    /// `flick bench-bot` times their thinking.
    Flick {
        #[command(subcommand)]
        tool: FlickTool,
    },
    /// Check the profile, towns/scenarios and card-game setups; prints every
    /// problem as file:line:col: message.
    Validate {
        /// Town, scenario or card setup files, or folders of them (default:
        /// scenarios/ and assets/cards/).
        paths: Vec<PathBuf>,
    },
}

#[derive(clap::Args, Debug, Clone)]
struct CardsArgs {
    /// Players at the table: 2 to 6, Slap .45 3 to 7 (default: the setup file's).
    #[arg(long)]
    players: Option<usize>,
    /// Seeds the shuffles, dice and bots: the same seed plays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The setup file (default: assets/cards/<game>.ron).
    #[arg(long)]
    setup: Option<PathBuf>,
    /// The bots' level: random, easy, normal or hard; a comma list gives one per seat.
    #[arg(long, default_value = "normal")]
    bots: String,
    /// Play yourself in this seat (0 if no number is given), in the terminal.
    #[arg(long, num_args = 0..=1, default_missing_value = "0")]
    human: Option<usize>,
    /// Go on with a saved game (RON) instead of a new one.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Where `s` at your prompt saves the game (default: <game>-save.ron).
    #[arg(long)]
    save: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum FlickTool {
    /// Bot against bot on the scenarios, sides alternating: wins, draws and
    /// losses of A with a 95% interval. `--scenario FILE` (or `all`, the
    /// default: every scenario in scenarios/).
    Arena {
        /// Player A's level: random, easy, normal or hard.
        #[arg(long, default_value = "hard")]
        a: Level,
        /// Player B's level.
        #[arg(long, default_value = "easy")]
        b: Level,
        /// Games per scenario.
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The bots' levels file (default: assets/flick_bots.ron).
        #[arg(long)]
        levels: Option<PathBuf>,
        /// Steps after which a game counts as unfinished.
        #[arg(long, default_value_t = 600)]
        max_steps: usize,
        /// Write each game's log (the referee's, line by line) into this folder.
        #[arg(long, value_name = "DIR")]
        log: Option<PathBuf>,
    },
    /// Full-strength shots at a standing fence, figure and support block from
    /// random angles, distances and spins, each disc's centre tracked every
    /// step: prints how many went through (exit 1 if any did, or any shot was
    /// still moving at the time cap).
    PassThrough {
        /// Shots per kind of target.
        #[arg(long, default_value_t = 10_000)]
        shots: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Instead of the survey, print one listed shot step by step (the
        /// disc's centre in the target's frame, the target's tilt, the contact
        /// normals between them): `fence:457`, `figure:12`, `block:3518`.
        #[arg(long, value_name = "TARGET:SHOT")]
        trace: Option<String>,
    },
    /// A bot plays itself: its decision time per turn (median, p90) and the
    /// flicks it simulates per second.
    BenchBot {
        #[arg(long, default_value = "hard")]
        level: Level,
        /// Turns timed.
        #[arg(long, default_value_t = 40)]
        turns: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        levels: Option<PathBuf>,
        /// Shots per level at the range (a standing figure 25 cm away); 0: skip.
        #[arg(long, default_value_t = 50)]
        range_shots: usize,
    },
}

/// `bench [options]` times flicks; `bench render` times the window's frames.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct BenchCli {
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
        /// `town` (the standard town, or `--town`/`--scenario`) or a card game
        /// (dealt, 40 actions in).
        #[arg(long, default_value = "town")]
        table: String,
        /// Frames drawn first and not counted (shaders, card art).
        #[arg(long, default_value_t = 30)]
        warmup: usize,
        /// The image's size.
        #[arg(long, default_value = "1920x1080")]
        resolution: String,
        /// Save the last frame drawn here (a PNG).
        #[arg(long)]
        last_frame: Option<PathBuf>,
    },
}

/// `cards GAME [options]` plays a game; `cards arena|bench GAME` measures.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct CardsCli {
    #[command(subcommand)]
    tool: Option<CardsTool>,
    /// The game to play.
    #[arg(value_enum)]
    game: Option<CardGame>,
    #[command(flatten)]
    args: CardsArgs,
}

#[derive(Subcommand, Debug)]
enum CardsTool {
    /// Measure bots: `--a` in one seat against `--b` in the others.
    Arena {
        #[arg(value_enum)]
        game: CardGame,
        #[arg(long, default_value = "hard")]
        a: String,
        #[arg(long, default_value = "random")]
        b: String,
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=7))]
        players: u8,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to spread the games over.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64))]
        threads: u8,
    },
    /// Slap .45: each bot level's reaction times over SAMPLES draws (a simple
    /// reaction, and a choice among four), from assets/cards/slap45_bots.ron.
    Reactions {
        #[arg(long, default_value_t = 10_000)]
        samples: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Random-playout speed on one core (actions per second).
    Bench {
        #[arg(value_enum)]
        game: CardGame,
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=7))]
        players: u8,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Measurements (the median is reported).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=100))]
        runs: u8,
    },
}

fn parse_levels(text: &str) -> Result<Vec<Level>, String> {
    text.split(',').map(|s| s.trim().parse()).collect()
}

fn cards_command(cli: CardsCli) -> ExitCode {
    use highnoon::cards::arena;
    use highnoon::cards::registry::{GameVisitor, TableGame};
    match (cli.tool, cli.game) {
        (None, None) => {
            eprintln!("error: name a game: {}", game_keys());
            ExitCode::from(2)
        }
        (None, Some(game))
            if cli
                .args
                .players
                .is_some_and(|p| !game.players().contains(&p)) =>
        {
            let r = game.players();
            eprintln!(
                "error: {} takes {} to {} players (--players)",
                game.title(),
                r.start(),
                r.end()
            );
            ExitCode::from(2)
        }
        (None, Some(game)) => {
            struct Play<'a>(&'a CardsArgs);
            impl GameVisitor for Play<'_> {
                type Output = ExitCode;
                fn visit<G: TableGame>(self, game: CardGame) -> ExitCode {
                    play_cards::<G>(game, self.0)
                }
            }
            game.dispatch(Play(&cli.args))
        }
        (
            Some(CardsTool::Arena {
                game,
                a,
                b,
                games,
                players,
                seed,
                threads,
            }),
            _,
        ) => {
            let (games, players, threads) = (games as usize, players as usize, threads as usize);
            let (Ok(a), Ok(b)) = (a.parse::<Level>(), b.parse::<Level>()) else {
                eprintln!("error: levels are random, easy, normal or hard");
                return ExitCode::from(2);
            };
            struct Arena(Level, Level, usize, usize, u64, usize);
            impl GameVisitor for Arena {
                type Output = Result<arena::ArenaReport, scenario::Problems>;
                fn visit<G: TableGame>(self, game: CardGame) -> Self::Output {
                    let Arena(a, b, games, players, seed, threads) = self;
                    let setup = G::load_setup(&game.default_setup(), Some(players))?;
                    Ok(arena::arena(
                        |_| G::new_game(setup.rules.clone()),
                        a,
                        b,
                        games,
                        seed,
                        threads,
                    ))
                }
            }
            let report = match game.dispatch(Arena(a, b, games, players, seed, threads)) {
                Ok(r) => r,
                Err(e) => return fail(&e),
            };
            let (lo, hi) = report.interval();
            println!(
                "{game:?}, {players} players: {a} (one seat) vs {b} (the others): {a} won {:.1} of {} games = {:.1}% (95% CI {:.1}-{:.1}%), {} without a winner, {} failed, {:.1} s",
                report.wins,
                report.games,
                100.0 * report.rate(),
                100.0 * lo,
                100.0 * hi,
                report.draws,
                report.failed,
                report.seconds
            );
            ExitCode::SUCCESS
        }
        (Some(CardsTool::Reactions { samples, seed }), _) => {
            use highnoon::cards::slap45::reactions::{BotLevels, reaction_table};
            let levels = match BotLevels::load_default() {
                Ok(l) => l,
                Err(e) => {
                    report(&e);
                    return ExitCode::from(2);
                }
            };
            println!(
                "Slap .45 bot reaction times, {samples} samples each (ms from the card shown)"
            );
            println!("{:<20} {:>7} {:>7} {:>7}", "level", "mean", "median", "p90");
            for (label, mean, median, p90) in reaction_table(&levels, samples.max(1), seed) {
                println!("{label:<20} {mean:>7.0} {median:>7.0} {p90:>7.0}");
            }
            ExitCode::SUCCESS
        }
        (
            Some(CardsTool::Bench {
                game,
                players,
                seconds,
                runs,
            }),
            _,
        ) => {
            let players = players as usize;
            struct Bench(usize, f64);
            impl GameVisitor for Bench {
                type Output = Result<(usize, usize, f64), scenario::Problems>;
                fn visit<G: TableGame>(self, game: CardGame) -> Self::Output {
                    let setup = G::load_setup(&game.default_setup(), Some(self.0))?;
                    Ok(arena::bench(|_| G::new_game(setup.rules.clone()), self.1))
                }
            }
            let mut rates = Vec::new();
            for _ in 0..runs {
                let (games, actions, secs) = match game.dispatch(Bench(players, seconds)) {
                    Ok(r) => r,
                    Err(e) => return fail(&e),
                };
                let rate = actions as f64 / secs;
                println!(
                    "{game:?}, {players} players: {games} random games, {actions} actions in {secs:.2} s = {rate:.0} actions/s ({:.0} actions a game)",
                    actions as f64 / games.max(1) as f64
                );
                rates.push(rate);
            }
            rates.sort_by(f64::total_cmp);
            println!(
                "median: {:.0} actions/s on one core",
                rates[rates.len() / 2]
            );
            ExitCode::SUCCESS
        }
    }
}

fn game_keys() -> String {
    CardGame::ALL.map(|g| g.key()).join(", ")
}

fn fail(problems: &scenario::Problems) -> ExitCode {
    report(problems);
    ExitCode::from(2)
}

fn play_cards<G: highnoon::cards::TableGame>(game: CardGame, args: &CardsArgs) -> ExitCode {
    let levels = match parse_levels(&args.bots) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let path = args.setup.clone().unwrap_or_else(|| game.default_setup());
    let made = match &args.load {
        Some(saved) => highnoon::cards::terminal::load::<G>(saved),
        None => highnoon::cards::registry::load_game::<G>(&path, args.players),
    };
    let state = match made {
        Ok(g) => g,
        Err(e) => return fail(&e),
    };
    if let Some(h) = args.human
        && h >= state.players()
    {
        eprintln!(
            "error: --human {h}: the seats are 0 to {}",
            state.players() - 1
        );
        return ExitCode::from(2);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let save_to = args
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-save.ron", game.key())));
    let seating = highnoon::cards::terminal::Seating {
        levels: &levels,
        human: args.human,
        seed: args.seed,
        save_to: &save_to,
    };
    match highnoon::cards::terminal::run(state, &seating, &mut out, &mut input) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

impl PlayArgs {
    /// The physics profile's file: `--profile`, or the shipped one.
    fn profile_path(&self) -> PathBuf {
        self.profile
            .clone()
            .unwrap_or_else(scenario::default_profile_path)
    }
}

fn load(args: &PlayArgs) -> Result<(PhysicsProfile, Town), scenario::Problems> {
    let profile_path = args.profile_path();
    let town_path = args
        .town
        .clone()
        .unwrap_or_else(scenario::default_town_path);
    let profile = PhysicsProfile::load(&profile_path)?;
    let town = Town::load(&town_path, &profile)?;
    Ok((profile, town))
}

/// Checks what the window will open, then opens it.
fn open_window(play: &PlayArgs, start: highnoon::window::Start) -> ExitCode {
    use highnoon::window::{Start, WindowOptions};
    let Some((w, h)) = play
        .size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
    else {
        eprintln!("error: --size wants WIDTHxHEIGHT, e.g. 1280x800");
        return ExitCode::from(2);
    };
    let profile_path = play.profile_path();
    let town = play
        .town
        .clone()
        .unwrap_or_else(scenario::default_town_path);
    let profile = match PhysicsProfile::load(&profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    // Bad files are reported here, before a window opens.
    match &start {
        Start::Flick { scenario } => {
            let file = scenario.clone().unwrap_or(town.clone());
            if let Err(e) = Town::load(&file, &profile) {
                return fail(&e);
            }
        }
        Start::Cards { game, setup, .. } => {
            if let Err(e) = game.validate(setup) {
                return fail(&e);
            }
        }
        Start::Menu => {}
    }
    highnoon::window::run_window(
        profile,
        WindowOptions {
            start,
            size: (w, h),
            screenshot: highnoon::window::shell::screenshot::ScreenshotScript {
                path: play.screenshot.clone(),
                frames: play.frames,
            },
            flick_script: highnoon::window::flick_table::script::FlickScript {
                aim: play.aim.clone(),
                flick: play.flick.clone(),
            },
            autoplay: highnoon::window::flick_table::hot_seat::Autoplay {
                steps: play.autoplay,
                seed: 1,
                bots: match (play.watch, play.vs) {
                    (Some(l), _) => [Some(l), Some(l)],
                    (None, vs) => [None, vs],
                },
            },
            town,
            profile_path,
            replay: None,
            table_replay: None,
        },
    )
}

/// Prints every problem on a line of its own: `file:line:col: message`.
fn report(problems: &scenario::Problems) {
    for e in &problems.0 {
        eprintln!("{e}");
    }
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    let flick_options = cli.play.scenario.is_some()
        || cli.play.town.is_some()
        || cli.play.aim.is_some()
        || cli.play.flick.is_some();
    let command = match cli.command.take() {
        Some(c) => c,
        // No command: the menu, unless Flick table options were given.
        None if flick_options => Command::Play { target: None },
        None => return open_window(&cli.play, highnoon::window::Start::Menu),
    };
    match command {
        Command::Play { target } => {
            let start = match target {
                None => highnoon::window::Start::Flick {
                    scenario: cli.play.scenario.clone(),
                },
                Some(t) => match CardGame::from_key(&t.to_lowercase()) {
                    Some(game) => highnoon::window::Start::Cards {
                        game,
                        setup: game.default_setup(),
                        actions: cli.play.actions,
                    },
                    None => {
                        let file = PathBuf::from(&t);
                        let text = match std::fs::read_to_string(&file) {
                            Ok(text) => text,
                            Err(e) => {
                                eprintln!(
                                    "error: `{t}` is neither a game ({}) nor a file I can read: {e}",
                                    game_keys()
                                );
                                return ExitCode::from(2);
                            }
                        };
                        if let Some(game) = CardGame::of_setup(&text) {
                            highnoon::window::Start::Cards {
                                game,
                                setup: file,
                                actions: cli.play.actions,
                            }
                        } else if text.contains("game:") || text.contains("game :") {
                            // A scenario plays a game; a plain town opens the sandbox on it.
                            highnoon::window::Start::Flick {
                                scenario: Some(file),
                            }
                        } else {
                            cli.play.town = Some(file);
                            highnoon::window::Start::Flick { scenario: None }
                        }
                    }
                },
            };
            open_window(&cli.play, start)
        }
        Command::Bench(BenchCli {
            tool:
                Some(BenchTool::Render {
                    table,
                    warmup,
                    resolution,
                    last_frame,
                }),
            ..
        }) => tools::bench_render(
            &cli.play,
            &table,
            (cli.play.frames as usize, warmup),
            &resolution,
            last_frame,
        ),
        Command::Bench(BenchCli {
            tool: None,
            flicks,
            seed,
            csv,
        }) => {
            let (profile, town) = match load(&cli.play) {
                Ok(x) => x,
                Err(e) => {
                    report(&e);
                    return ExitCode::from(2);
                }
            };
            let mut sim = highnoon::physics::Table::new(profile, &town);
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
        Command::Cards(cli) => cards_command(cli),
        Command::Flick { tool } => {
            flick_command(&cli.play.profile_path(), cli.play.scenario.clone(), tool)
        }
        Command::Tune {
            sweep,
            out,
            replay: Some(row),
            ..
        } => tools::tune_replay(&sweep, &row, out),
        Command::Tune {
            sweep,
            out,
            shard,
            threads,
            plot,
            replay: None,
        } => tools::tune(&sweep, out, shard.as_deref(), threads, plot),
        Command::Plot {
            csv,
            x,
            y,
            by,
            bins,
            title,
            out,
        } => tools::plot(csv, x, y, by, bins, title, out),
        Command::Replay {
            file,
            quiet,
            window,
        } => tools::replay(&file, quiet, window.then_some(&cli.play)),
        Command::Toss {
            tosses,
            distance,
            seed,
        } => tools::toss(&cli.play.profile_path(), tosses, distance, seed),
        Command::Dice {
            rolls,
            seed,
            threads,
        } => {
            let profile = match PhysicsProfile::load(&cli.play.profile_path()) {
                Ok(p) => p,
                Err(e) => return fail(&e),
            };
            let report = highnoon::physics::dice_bench::bench(
                &profile.dice,
                profile.gravity,
                rolls,
                seed,
                threads as usize,
            );
            let _ = report.print(&mut std::io::stdout());
            ExitCode::SUCCESS
        }
        Command::Validate { paths } => {
            let started = std::time::Instant::now();
            let profile_path = cli.play.profile_path();
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
                vec![
                    scenario::data_root().join("scenarios"),
                    scenario::data_root().join("assets").join("cards"),
                ]
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
                let text = std::fs::read_to_string(path).unwrap_or_default();
                if let Some(game) = CardGame::of_setup(&text) {
                    match game.validate(path) {
                        Ok(what) => println!("ok    {} ({what})", path.display()),
                        Err(e) => {
                            report(&e);
                            failed = true;
                        }
                    }
                    continue;
                }
                // Slap .45's bot levels (reaction times) live beside its setup.
                if text.contains("choice_ms_per_bit") {
                    match highnoon::cards::slap45::reactions::BotLevels::load(path) {
                        Ok(l) => println!(
                            "ok    {} (Slap .45 bot levels: {})",
                            path.display(),
                            l.levels.keys().cloned().collect::<Vec<_>>().join(", ")
                        ),
                        Err(e) => {
                            report(&e);
                            failed = true;
                        }
                    }
                    continue;
                }
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

/// `flick arena|bench-bot`; `scenario` is the global `--scenario` (`all` or none: every one).
fn flick_command(
    profile_path: &std::path::Path,
    scenario: Option<PathBuf>,
    tool: FlickTool,
) -> ExitCode {
    use highnoon::ai::{arena, levels::BotLevels};
    let profile = match PhysicsProfile::load(profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let load_levels = |path: Option<PathBuf>| match path {
        Some(p) => BotLevels::load(&p),
        None => BotLevels::load_default(),
    };
    match tool {
        FlickTool::Arena {
            a,
            b,
            games,
            seed,
            levels,
            max_steps,
            log,
        } => {
            let levels = match load_levels(levels) {
                Ok(l) => l,
                Err(e) => return fail(&e),
            };
            let scenarios = if let Some(file) = scenario.filter(|s| s.as_os_str() != "all") {
                vec![file]
            } else {
                let mut files: Vec<PathBuf> =
                    std::fs::read_dir(scenario::data_root().join("scenarios"))
                        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                        .unwrap_or_default();
                files.retain(|f| f.extension().is_some_and(|e| e == "ron"));
                files.sort();
                files
            };
            let config = arena::ArenaConfig {
                scenarios,
                a,
                b,
                games,
                seed,
                max_steps,
                log_dir: log,
            };
            let report = arena::run(&profile, &levels, &config, |n, total| {
                if n % 10 == 0 || n == total {
                    eprint!("\r{n}/{total} games");
                }
            });
            eprintln!();
            match report {
                Ok(r) => {
                    let _ = r.print(&mut std::io::stdout());
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e),
            }
        }
        FlickTool::PassThrough {
            seed,
            trace: Some(which),
            ..
        } => trace_shot(&profile, &which, seed).unwrap_or(ExitCode::SUCCESS),
        FlickTool::PassThrough { shots, seed, .. } => pass_through(&profile, shots, seed),
        FlickTool::BenchBot {
            level,
            turns,
            seed,
            levels,
            range_shots,
        } => {
            let levels = match load_levels(levels) {
                Ok(l) => l,
                Err(e) => return fail(&e),
            };
            // The scenario played (default: the final showdown).
            let path = scenario
                .unwrap_or_else(|| scenario::data_root().join("scenarios/final_showdown.ron"));
            let town = match Town::load(&path, &profile) {
                Ok(t) => t,
                Err(e) => return fail(&e),
            };
            match arena::bench_bot(&profile, &town, &levels, level, turns, seed) {
                Ok(b) => {
                    let _ = b.print(&mut std::io::stdout());
                    if range_shots > 0 {
                        println!(
                            "  aim at a standing figure 25 cm away, {range_shots} shots each:"
                        );
                        for l in [Level::Random, Level::Easy, Level::Normal, Level::Hard] {
                            match highnoon::ai::range::range(
                                &profile,
                                &levels,
                                l,
                                25.0,
                                range_shots,
                                seed,
                            ) {
                                Ok(r) => println!(
                                    "    {:<7} {:>3}/{} hit  ({:.0}%)",
                                    format!("{l:?}").to_lowercase(),
                                    r.hits,
                                    r.shots,
                                    100.0 * r.rate()
                                ),
                                Err(e) => {
                                    eprintln!("{e}");
                                    return ExitCode::from(2);
                                }
                            }
                        }
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// `flick pass-through --trace TARGET:SHOT`: one shot, step by step.
fn trace_shot(profile: &PhysicsProfile, which: &str, seed: u64) -> Option<ExitCode> {
    use highnoon::physics::pass_through::{Target, trace};
    let parsed = which.split_once(':').and_then(|(t, n)| {
        let kind = match t {
            "fence" => Target::Fence,
            "figure" => Target::Figure,
            "block" => Target::Block,
            _ => return None,
        };
        Some((kind, n.parse::<usize>().ok()?))
    });
    let Some((kind, shot)) = parsed else {
        eprintln!("--trace wants TARGET:SHOT, TARGET one of fence, figure, block (got {which:?})");
        return Some(ExitCode::from(2));
    };
    for line in trace(profile, kind, shot, seed) {
        println!("{line}");
    }
    None
}

/// `flick pass-through`: the strict detector's full count.
fn pass_through(profile: &PhysicsProfile, shots: usize, seed: u64) -> ExitCode {
    use highnoon::physics::pass_through::{Target, survey};
    println!(
        "{:<14} {:>7} {:>9} {:>10} {:>12} {:>13} {:>8}",
        "target", "shots", "crossings", "came out", "not at rest", "first touch", "seconds"
    );
    let mut clean = true;
    for kind in Target::ALL {
        let t = std::time::Instant::now();
        let s = survey(profile, kind, shots, seed);
        println!(
            "{:<14} {:>7} {:>9} {:>10} {:>12} {:>12.1}% {:>8.1}",
            kind.name(),
            s.shots,
            s.crossings.len(),
            s.whole(),
            s.not_at_rest,
            100.0 * s.hit_target as f64 / s.shots.max(1) as f64,
            t.elapsed().as_secs_f64()
        );
        for c in s.crossings.iter().take(5) {
            println!(
                "    shot {} ({}): crossed at step {}{}, from {:.3?} {:?}",
                c.shot,
                c.disc,
                c.step,
                if c.came_out_whole {
                    ", came out whole"
                } else {
                    ""
                },
                c.from,
                c.flick
            );
        }
        for (shot, moving) in s.restless.iter().take(5) {
            println!(
                "    shot {shot}: still moving at the time cap: {}",
                moving.join(", ")
            );
        }
        clean &= s.crossings.is_empty() && s.not_at_rest == 0;
    }
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
