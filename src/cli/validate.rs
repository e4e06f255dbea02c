//! `validate`: checks the physics profile, then towns, scenarios, card-game
//! setups, Slap .45's bot levels and the card expert's search budgets
//! (files, or the RON files in folders;
//! default: scenarios/ and assets/cards/). Prints `ok` per good file and
//! every problem as `file:line:col: message`; exit 2 if there was any.

use std::path::PathBuf;
use std::process::ExitCode;

use highnoon::cards::CardGame;
use highnoon::scenario::{self, PhysicsProfile, Town};

use super::play::DataArgs;
use super::{fail, report};

/// `validate [PATHS]…`.
#[derive(clap::Args, Debug)]
pub struct ValidateCli {
    /// Town, scenario or card setup files, or folders of them (default:
    /// scenarios/ and assets/cards/).
    paths: Vec<PathBuf>,
}

impl ValidateCli {
    /// Checks the profile `play` names and every file given.
    pub fn run(self, play: &DataArgs) -> ExitCode {
        let started = std::time::Instant::now();
        let profile_path = play.profile_path();
        let profile = match PhysicsProfile::load(&profile_path) {
            Ok(p) => {
                println!("ok    {}", profile_path.display());
                p
            }
            Err(e) => return fail(&e),
        };
        let paths = if self.paths.is_empty() {
            vec![
                scenario::data_root().join("scenarios"),
                scenario::data_root().join("assets").join("cards"),
            ]
        } else {
            self.paths
        };
        let mut files = Vec::new();
        for p in paths {
            if p.is_dir() {
                files.extend(scenario::ron_files(&p).unwrap_or_default());
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
            // Slap .45's bot levels (reaction times) and the card expert's
            // search budgets live beside the setups.
            let beside = if text.contains("choice_ms_per_bit") {
                Some(
                    highnoon::cards::slap45::reactions::BotLevels::load(path)
                        .map(|l| format!("Slap .45 bot levels: {}", names(l.levels.keys()))),
                )
            } else if text.contains("min_worlds") {
                Some(
                    highnoon::cards::expert_budget::Budgets::load(path)
                        .map(|b| format!("the card expert's search: {}", names(b.games.keys()))),
                )
            } else {
                None
            };
            if let Some(checked) = beside {
                match checked {
                    Ok(what) => println!("ok    {} ({what})", path.display()),
                    Err(e) => {
                        report(&e);
                        failed = true;
                    }
                }
                continue;
            }
            match Town::load(path, &profile) {
                Ok(t) => {
                    println!("ok    {} ({})", path.display(), t.name);
                    if let Some(w) = empty_first_hour(&t, path, &text) {
                        eprintln!("{w}");
                    }
                }
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

/// The names of a file's entries, for its `ok` line.
fn names<'a>(keys: impl Iterator<Item = &'a String>) -> String {
    keys.cloned().collect::<Vec<_>>().join(", ")
}

/// A warning (not a problem: the game plays) when no cowboy's hat shows the
/// colour of the scenario's first hour: the clock moves on at once, so the
/// scenario starts an hour later than its file says.
fn empty_first_hour(town: &Town, path: &std::path::Path, text: &str) -> Option<String> {
    let w = highnoon::editor::checks::empty_first_hour(town, text)?;
    let (line, col) = w.at.unwrap_or((1, 1));
    Some(format!(
        "{}:{line}:{col}: warning: {}",
        path.display(),
        w.message
    ))
}
