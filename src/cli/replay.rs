//! `replay`: a replay re-simulated headless and checked against its recorded
//! pose hashes (exit 1 if the table ends elsewhere): a recorded Flick 'em Up!
//! game (`flick arena --log DIR`) or a table replay (flicks on a town, from
//! `tune --replay` or the sandbox's F5). With `--window` it is then played
//! back in the window.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use highnoon::bot_level::Level;
use highnoon::flick::replay::Replay;
use highnoon::physics::replay::{CheckedTableReplay, TableReplay};
use highnoon::scenario::PhysicsProfile;
use highnoon::window::{Start, WindowOptions};

use super::fail;
use super::play::{DataArgs, PlayArgs, WindowArgs};

/// `replay FILE [--quiet] [--window]`.
#[derive(clap::Args, Debug)]
pub struct ReplayCli {
    file: PathBuf,
    /// Print only the summary, not every step.
    #[arg(long)]
    quiet: bool,
    /// Play it back in the window at the table's pace (each flick's aim
    /// shown, then flicked), after checking it headless.
    #[arg(long)]
    window: bool,
    #[command(flatten)]
    window_options: WindowArgs,
}

impl ReplayCli {
    /// Re-simulates the file (a game or a table replay) and checks it; with
    /// `--window`, plays it back with `play`'s window options if it matched.
    pub fn run(self, data: &DataArgs) -> ExitCode {
        let play = PlayArgs::new(data, &self.window_options);
        let window = self.window.then_some(&play);
        let file = self.file.as_path();
        if std::fs::read_to_string(file)
            .is_ok_and(|t| highnoon::physics::replay::is_table_replay(&t))
        {
            table_replay(file, self.quiet, window)
        } else {
            game_replay(file, self.quiet, window)
        }
    }
}

/// A recorded game re-simulated, checked against its final hash.
fn game_replay(file: &Path, quiet: bool, window: Option<&PlayArgs>) -> ExitCode {
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
        Some(play) if code == ExitCode::SUCCESS => game_in_window(&replay, play),
        _ => code,
    }
}

/// A table replay: each flick re-simulated on the town, what it did and the
/// pose hash after it, checked against the recorded hashes.
fn table_replay(file: &Path, quiet: bool, window: Option<&PlayArgs>) -> ExitCode {
    let checked = match TableReplay::load(file) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let rerun = match checked.rerun() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
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
fn table_replay_in_window(checked: &CheckedTableReplay, play: &PlayArgs) -> ExitCode {
    use highnoon::scenario::data_path;
    use highnoon::tables::flick::table_replay::TableReplayScript;
    let settings = highnoon::settings::UserSettings::load();
    let options = WindowOptions {
        start: Start::Flick { scenario: None },
        size: play.window_size(&settings.settings),
        screenshot: play.screenshot_script(),
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
        graphics: play.graphics(&settings.settings),
    };
    highnoon::window::run_window(checked.profile.clone(), options, settings)
}

/// Plays a checked game back at the Flick table: both seats are computer
/// seats that hand in the recorded steps, each flick's aim shown first.
fn game_in_window(replay: &Replay, play: &PlayArgs) -> ExitCode {
    use highnoon::flick::driver::Step;
    use highnoon::tables::flick::bots::ReplayScript;
    let profile_path = replay.profile_path();
    let profile = match PhysicsProfile::load(&profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let settings = highnoon::settings::UserSettings::load();
    let options = WindowOptions {
        start: Start::Flick {
            scenario: Some(replay.scenario_path()),
        },
        size: play.window_size(&settings.settings),
        screenshot: play.screenshot_script(),
        flick_script: Default::default(),
        autoplay: highnoon::tables::flick::session::Autoplay {
            steps: 0,
            seed: replay.seed,
            bots: [Some(Level::Hard); 2],
            practice: false,
        },
        town: replay.scenario_path(),
        profile_path,
        replay: Some(ReplayScript {
            seed: replay.seed,
            steps: replay.steps.iter().map(Step::from).collect(),
            played: 0,
        }),
        table_replay: None,
        graphics: play.graphics(&settings.settings),
    };
    highnoon::window::run_window(profile, options, settings)
}
