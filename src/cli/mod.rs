//! The command line: `Cli` (the global table options and the command) and
//! the dispatch to each command's file. With no command the window opens on
//! the menu, or on the Flick table when Flick table options are given.

mod balance;
mod bench;
mod cards;
mod dice;
mod edit;
mod fit;
mod flick;
mod laws;
mod parse;
mod play;
mod plot;
mod progress;
mod replay;
mod scenarios;
mod sound;
mod toss;
mod tune;
mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use highnoon::cards::CardGame;
use highnoon::scenario::Problems;
use highnoon::window::Start;

use play::{DataArgs, PlayArgs, WindowArgs};

#[derive(Parser, Debug)]
#[command(
    name = "highnoon",
    version = highnoon::VERSION,
    about = "A 3D tabletop dexterity simulator of the Wild West"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    data: DataArgs,
    /// The window's options when no command is given (the menu, or the
    /// Flick table with Flick table options).
    #[command(flatten)]
    window: WindowArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Go straight to a table: `play` (the sandbox), `play slapshot`, `play
    /// tabletown`, or `play FILE` (a town, a scenario or a card-game setup).
    Play(play::PlayCli),
    /// Measure the physics headless: flicks run to rest, the table vs a bare
    /// rapier3d loop; `bench render`: the window's frames drawn offscreen.
    Bench(bench::BenchCli),
    /// Throw the card table's die headless: time per throw to rest, the faces'
    /// counts and a chi-square test of fairness.
    Dice(dice::DiceCli),
    /// A physics sweep (docs/tuning.md): vary profile parameters, run
    /// thousands of flicks on every core, one CSV row per flick, a summary.
    Tune(tune::TuneCli),
    /// Fit the profile's parameters to measured flicks (docs/tuning.md):
    /// CMA-ES on every core, each measurement's residual, a fitted profile.
    Fit(fit::FitCli),
    /// A chart from a sweep's CSV (`tune`): the mean of one column over bins
    /// of another, one line per setting; PNG or SVG by the file's extension.
    Plot(plot::PlotCli),
    /// Re-simulate a replay headless: a recorded Flick 'em Up! game (written
    /// by `flick arena --log DIR`: every step's log lines) or a table replay
    /// (flicks on a town, written by `tune --replay` or the sandbox's F5: what
    /// each flick did); the final pose hash, and whether it matches the
    /// recorded one (exit 1 if not).
    Replay(replay::ReplayCli),
    /// Toss The Gunfighter's cards headless at a mat's hole through each bot
    /// level's hand: the share wholly inside the hole and the time per toss.
    Toss(toss::TossCli),
    /// Play a card game headless: bots against bots (the log is printed), or
    /// you in a seat (`--human`), in the terminal.
    Cards(cards::CardsCli),
    /// Flick 'em Up! bots headless: `flick arena` plays bots against bots,
    /// `flick bench-bot` times their thinking.
    Flick(flick::FlickCli),
    /// A flick into the town, heard headless: every sound its contacts make
    /// (which, when, how loud), mixed into a WAV file and measured back.
    Sound(sound::SoundCli),
    /// The town editor on a town or scenario file (a new town when the
    /// file does not exist yet).
    Edit(edit::EditCli),
    /// Check the profile, towns/scenarios and card-game setups; prints every
    /// problem as file:line:col: message.
    Validate(validate::ValidateCli),
}

impl Cli {
    /// Runs the command given (or opens the window) and says how it ended.
    pub fn run(self) -> ExitCode {
        let Cli {
            command,
            data,
            window,
        } = self;
        // The window's options go after a command that opens a window
        // (`highnoon play --screenshot x.png`); before one they would be
        // dropped without a word.
        if command.is_some() && format!("{window:?}") != format!("{:?}", WindowArgs::default()) {
            eprintln!(
                "error: window options (--screenshot, --frames, --graphics, ...) go after the \
                 command that opens the window: `highnoon play --screenshot FILE`; \
                 see `highnoon COMMAND --help`"
            );
            return ExitCode::from(2);
        }
        let options = PlayArgs::new(&data, &window);
        // The shipped data, found before anything reads it (or one message
        // saying where it was looked for, and exit 2).
        highnoon::shipped::root();
        let command = match command {
            Some(c) => c,
            // No command: the menu, unless Flick table options were given.
            None if options.flick_options() => {
                return play::PlayCli {
                    window,
                    ..Default::default()
                }
                .run(&data);
            }
            None => return play::open_window(&options, Start::Menu),
        };
        match command {
            Command::Play(cli) => cli.run(&data),
            Command::Bench(cli) => cli.run(&data),
            Command::Dice(cli) => cli.run(&data),
            Command::Tune(cli) => cli.run(),
            Command::Fit(cli) => cli.run(&data),
            Command::Plot(cli) => cli.run(),
            Command::Replay(cli) => cli.run(&data),
            Command::Toss(cli) => cli.run(&data),
            Command::Cards(cli) => cli.run(),
            Command::Flick(cli) => cli.run(&data),
            Command::Validate(cli) => cli.run(&data),
            Command::Sound(cli) => cli.run(&data),
            Command::Edit(cli) => cli.run(&data),
        }
    }
}

/// Prints every problem on a line of its own: `file:line:col: message`.
fn report(problems: &Problems) {
    for e in &problems.0 {
        eprintln!("{e}");
    }
}

/// Prints the problems and gives the exit code of bad input (2).
fn fail(problems: &Problems) -> ExitCode {
    report(problems);
    ExitCode::from(2)
}

/// The card games' keys, comma-separated, for messages.
fn game_keys() -> String {
    CardGame::ALL.map(|g| g.key()).join(", ")
}
