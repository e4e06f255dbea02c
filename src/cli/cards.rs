//! `cards`: the card games headless. `cards GAME` plays a game in the
//! terminal (bots against bots, the log printed, or you in a seat);
//! `cards arena` measures one bot level against another, `cards reactions`
//! prints Slap .45's reaction times and `cards bench` times random playouts.

use std::path::PathBuf;
use std::process::ExitCode;

use highnoon::bot_level::Level;
use highnoon::cards::CardGame;
use highnoon::cards::arena;
use highnoon::cards::registry::GameVisitor;
use highnoon::cards::table_game::TableGame;
use highnoon::scenario::Problems;

use super::{fail, game_keys, parse};

/// `cards GAME [options]` plays a game; `cards arena|bench GAME` measures.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CardsCli {
    #[command(subcommand)]
    tool: Option<CardsTool>,
    /// The game to play.
    #[arg(value_enum)]
    game: Option<CardGame>,
    #[command(flatten)]
    args: CardsArgs,
}

// How `cards GAME` plays. (A plain comment: clap turns a flattened struct's
// doc comment into its parent's `about`.)
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
    /// The bots' level: random, easy, normal, hard or expert; a comma list gives one per seat.
    // `std::vec::Vec`, not `Vec`: clap would take `Vec` for a repeatable
    // flag, while this is one value, a list.
    #[arg(long, default_value = "normal", value_parser = parse::seat_levels)]
    bots: std::vec::Vec<Level>,
    /// Play yourself in this seat (0 if no number is given), in the terminal.
    #[arg(long, num_args = 0..=1, default_missing_value = "0")]
    human: Option<usize>,
    /// Go on with a saved game (RON) instead of a new one.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Where `s` at your prompt saves the game (default: <game>-save.ron in your data folder).
    #[arg(long)]
    save: Option<PathBuf>,
}

#[derive(clap::Subcommand, Debug)]
enum CardsTool {
    /// Measure bots: `--a` in one seat against `--b` in the others.
    Arena {
        #[arg(value_enum)]
        game: CardGame,
        #[arg(long, default_value = "hard")]
        a: Level,
        #[arg(long, default_value = "random")]
        b: Level,
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

impl CardsCli {
    /// Plays the game named, or runs the measuring tool.
    pub fn run(self) -> ExitCode {
        match (self.tool, self.game) {
            (None, None) => {
                eprintln!("error: name a game: {}", game_keys());
                ExitCode::from(2)
            }
            (None, Some(game))
                if self
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
                        play::<G>(game, self.0)
                    }
                }
                game.dispatch(Play(&self.args))
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
            ) => arena_command(
                game,
                (a, b),
                games as usize,
                players as usize,
                seed,
                threads as usize,
            ),
            (Some(CardsTool::Reactions { samples, seed }), _) => reactions(samples, seed),
            (
                Some(CardsTool::Bench {
                    game,
                    players,
                    seconds,
                    runs,
                }),
                _,
            ) => bench(game, players as usize, seconds, runs),
        }
    }
}

/// `cards GAME`: a game played out in the terminal.
fn play<G: TableGame>(game: CardGame, args: &CardsArgs) -> ExitCode {
    let path = args.setup.clone().unwrap_or_else(|| game.default_setup());
    let made = match &args.load {
        Some(saved) => highnoon::cards::terminal::load::<G>(saved),
        None => highnoon::cards::table_game::load_game::<G>(&path, args.players),
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
    let save_to = args.save.clone().unwrap_or_else(|| {
        // In the player's data folder (else where the program started).
        let name = format!("{}-save.ron", game.key());
        highnoon::files::Folders::of_user().map_or(PathBuf::from(&name), |f| f.data.join(name))
    });
    let seating = highnoon::cards::terminal::Seating {
        levels: &args.bots,
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

/// `cards arena GAME`: level `a` in one seat against `b` in the others.
fn arena_command(
    game: CardGame,
    (a, b): (Level, Level),
    games: usize,
    players: usize,
    seed: u64,
    threads: usize,
) -> ExitCode {
    struct Arena(Level, Level, usize, usize, u64, usize);
    impl GameVisitor for Arena {
        type Output = Result<arena::ArenaReport, Problems>;
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
        "{game:?}, {players} players: {a} (one seat) vs {b} (the others): {a} won {:.1} of {} games = {:.1}% (95% CI {:.1}-{:.1}%), {} without a winner, {} failed, {:.1} s; {a}'s decisions {:.3} ms median",
        report.wins,
        report.games,
        100.0 * report.rate(),
        100.0 * lo,
        100.0 * hi,
        report.draws,
        report.failed,
        report.seconds,
        1000.0 * report.median_decision()
    );
    ExitCode::SUCCESS
}

/// `cards reactions`: Slap .45's reaction times per bot level.
fn reactions(samples: usize, seed: u64) -> ExitCode {
    use highnoon::cards::slap45::reactions::{BotLevels, reaction_table};
    let levels = match BotLevels::load_default() {
        Ok(l) => l,
        Err(e) => return fail(&e),
    };
    println!("Slap .45 bot reaction times, {samples} samples each (ms from the card shown)");
    println!("{:<20} {:>7} {:>7} {:>7}", "level", "mean", "median", "p90");
    for (label, mean, median, p90) in reaction_table(&levels, samples.max(1), seed) {
        println!("{label:<20} {mean:>7.0} {median:>7.0} {p90:>7.0}");
    }
    ExitCode::SUCCESS
}

/// `cards bench GAME`: random playouts on one core, `runs` times; the median rate.
fn bench(game: CardGame, players: usize, seconds: f64, runs: u8) -> ExitCode {
    struct Bench(usize, f64);
    impl GameVisitor for Bench {
        type Output = Result<(usize, usize, f64), Problems>;
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
    if let Some(median) = highnoon::stats::percentile(&rates, 0.5) {
        println!("median: {median:.0} actions/s on one core");
    }
    ExitCode::SUCCESS
}
