//! Replays: a whole game of Flick 'em Up! as a RON file (the scenario, the
//! physics profile, the seed and every step: choices and flicks to the bit)
//! that re-simulates headless to the same table, with the pose hash it ended
//! on. Committed replays with their hashes guard against physics drift
//! (`tests/suite/replays.rs`); `highnoon replay FILE` re-plays one and says whether
//! the table still ends where it did.

use std::path::{Path, PathBuf};

use bevy::math::Vec2;
use serde::{Deserialize, Serialize};

use super::driver::{Step, play};
use super::referee::{Aim, Referee, SetDown, Side};
use super::rules::Intent;
use crate::scenario::{DataError, PhysicsProfile, Problems, Town, data_path, load_ron};

/// A flick, every number as given (RON writes floats so they read back to the bit).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flick {
    /// The direction on the table (x, z).
    pub direction: (f32, f32),
    pub strength: f32,
    pub spin: f32,
}

impl From<Aim> for Flick {
    fn from(a: Aim) -> Self {
        Flick {
            direction: (a.direction.x, a.direction.y),
            strength: a.strength,
            spin: a.spin,
        }
    }
}

impl From<Flick> for Aim {
    fn from(f: Flick) -> Self {
        Aim {
            direction: Vec2::new(f.direction.0, f.direction.1),
            strength: f.strength,
            spin: f.spin,
        }
    }
}

/// One step as a replay holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ReplayStep {
    Intent(Intent),
    Move(Flick),
    Shot(Side, Flick),
    Blast(Side, Flick),
    SetDown(SetDown),
}

impl From<&Step> for ReplayStep {
    fn from(s: &Step) -> Self {
        match s {
            Step::Intent(i) => ReplayStep::Intent(i.clone()),
            Step::Move(a) => ReplayStep::Move((*a).into()),
            Step::Shot(side, a) => ReplayStep::Shot(*side, (*a).into()),
            Step::Blast(side, a) => ReplayStep::Blast(*side, (*a).into()),
            Step::SetDown(how) => ReplayStep::SetDown(*how),
        }
    }
}

impl From<&ReplayStep> for Step {
    fn from(s: &ReplayStep) -> Self {
        match s {
            ReplayStep::Intent(i) => Step::Intent(i.clone()),
            ReplayStep::Move(f) => Step::Move((*f).into()),
            ReplayStep::Shot(side, f) => Step::Shot(*side, (*f).into()),
            ReplayStep::Blast(side, f) => Step::Blast(*side, (*f).into()),
            ReplayStep::SetDown(how) => Step::SetDown(*how),
        }
    }
}

/// A recorded game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The scenario file, relative to the data root (or absolute).
    pub scenario: String,
    /// The physics profile, likewise (default: `assets/physics.ron`).
    #[serde(default)]
    pub profile: Option<String>,
    /// The game's seed (face-down piles).
    pub seed: u64,
    pub steps: Vec<ReplayStep>,
    /// The table's pose hash after the last step, as recorded.
    #[serde(default)]
    pub final_hash: Option<u64>,
}

/// What re-playing a replay gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Rerun {
    /// Per step: the referee's log lines it added, and the pose hash after it.
    pub steps: Vec<(Vec<String>, u64)>,
    pub final_hash: u64,
    /// The game's result, if it ended.
    pub outcome: Option<super::rules::Outcome>,
}

impl Replay {
    /// A replay of `steps` played on `scenario` (a path under the data root
    /// where it is one) with `seed`, ending on `final_hash`.
    pub fn record(scenario: &Path, seed: u64, steps: &[Step], final_hash: u64) -> Replay {
        Replay {
            scenario: crate::scenario::data_name(scenario),
            profile: None,
            seed,
            steps: steps.iter().map(ReplayStep::from).collect(),
            final_hash: Some(final_hash),
        }
    }

    /// The scenario's file.
    pub fn scenario_path(&self) -> PathBuf {
        data_path(&self.scenario)
    }

    /// The physics profile's file (the shipped one unless the replay names one).
    pub fn profile_path(&self) -> PathBuf {
        data_path(self.profile.as_deref().unwrap_or("assets/physics.ron"))
    }

    /// Reads a replay file; a broken one names its file, line and column,
    /// and so does a flick no hand could make (a direction that is not one,
    /// a strength outside 0 to 1, a spin outside -1 to 1: never clamped).
    pub fn load(path: &Path) -> Result<Replay, Problems> {
        let (replay, text): (Replay, String) = load_ron(path)?;
        let mut problems = Vec::new();
        let flicks = replay.steps.iter().filter_map(|s| match s {
            ReplayStep::Intent(_) | ReplayStep::SetDown(_) => None,
            ReplayStep::Move(f) | ReplayStep::Shot(_, f) | ReplayStep::Blast(_, f) => Some(f),
        });
        for (k, f) in flicks.enumerate() {
            for (key, msg) in
                crate::physics::replay::flick_number_problems(f.direction, f.strength, f.spin)
            {
                problems.push(DataError::at_nth(
                    path,
                    &text,
                    key,
                    k,
                    format!("flick {}: {msg}", k + 1),
                ));
            }
        }
        Problems::check(problems)?;
        Ok(replay)
    }

    /// Writes the replay whole or not at all; the error names the file.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        crate::files::write_whole(path, text + "\n")
    }

    /// Re-simulates the game from its first step, headless. A step the
    /// referee refuses (the file was edited, or the rules changed) is an
    /// error naming the step.
    pub fn rerun(&self, file: &Path) -> Result<Rerun, Problems> {
        // Placed at the replay's own keys when its text can be read again.
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let profile_name = self.profile.as_deref().unwrap_or("assets/physics.ron");
        let profile = PhysicsProfile::load(&self.profile_path())
            .map_err(|e| e.in_named_file(file, &text, "profile", profile_name))?;
        let town = Town::load(&data_path(&self.scenario), &profile)
            .map_err(|e| e.in_named_file(file, &text, "scenario", &self.scenario))?;
        let mut referee = Referee::new(profile, &town, self.seed)
            .map_err(|e| Problems(vec![DataError::new(file, e)]))?;
        let mut steps = Vec::with_capacity(self.steps.len());
        for (i, s) in self.steps.iter().enumerate() {
            let before = referee.game.log.len();
            play(&mut referee, &Step::from(s)).map_err(|e| {
                Problems(vec![DataError::new(
                    file,
                    format!("step {} ({s:?}) is refused: {e}", i + 1),
                )])
            })?;
            steps.push((
                referee.game.log[before..].to_vec(),
                referee.table.pose_hash(),
            ));
        }
        Ok(Rerun {
            steps,
            final_hash: referee.table.pose_hash(),
            outcome: referee.game.outcome().cloned(),
        })
    }
}
