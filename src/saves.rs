//! *Continue*: the game left at a table, saved to one file in the user's data
//! folder (`continue.ron`). A Flick 'em Up! game is saved as its scenario,
//! seed and every step played (flicks, intents, doors cleared) with the pose
//! hash and the rules' state it reached; resuming re-simulates the steps
//! (the physics is deterministic) and checks both, so the table resumes bit
//! for bit or not at all. A card game is saved as its whole state, its seats
//! and where its stream of chance had got to. A save that no longer loads (a
//! changed scenario, a corrupt file, another version) is reported and kept
//! aside under a new name, never deleted.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::bot_level::Level;
use crate::cards::seating::SeatKind;
use crate::flick::driver::{Step, play};
use crate::flick::referee::Referee;
use crate::flick::replay::ReplayStep;
use crate::scenario::kinds::BuildingKind;
use crate::scenario::{DataError, PhysicsProfile, Problems, Town, parse_ron};

/// The format's version: a save of another is reported, not guessed at.
pub const VERSION: u32 = 1;

/// The one saved game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub version: u32,
    /// What the menu calls it ("The Bank Robbery, 3 o'clock").
    pub title: String,
    pub table: SavedTable,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SavedTable {
    Flick(FlickSave),
    Cards(CardSave),
}

/// A Flick 'em Up! game in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlickSave {
    pub scenario: PathBuf,
    /// The town the menu's sandbox uses, and the physics profile.
    pub town: PathBuf,
    pub profile: PathBuf,
    pub seed: u64,
    /// Who played the lawmen and the outlaws: a bot's level, or a person.
    pub seats: [Option<Level>; 2],
    /// Every step tried, in order (refused ones too: a refused flick can
    /// have moved the town).
    pub steps: Vec<SavedStep>,
    /// The table's pose hash when it was left.
    pub pose_hash: u64,
    /// The rules' state when it was left, as RON.
    pub rules: String,
    /// A practice game (flicks may be taken back); absent in older saves: counted.
    #[serde(default)]
    pub practice: bool,
}

/// A step of a Flick 'em Up! game as saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SavedStep {
    Step(ReplayStep),
    /// The person cleared the pieces blocking a building's door.
    ClearDoor(BuildingKind),
}

/// A card game in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSave {
    /// The game's key (`tabletown`).
    pub game: String,
    /// The setup file it was dealt from (for the table's furniture).
    pub setup: PathBuf,
    pub seats: Vec<SeatKind>,
    pub seed: u64,
    /// How far the table's stream of chance (shuffles, dice) had run: its
    /// ChaCha word position, high and low halves.
    pub chance: (u64, u64),
    /// The game's whole state, as RON.
    pub state: String,
    /// The table's log.
    pub log: Vec<String>,
    /// A practice game (not counted in the record); absent in older saves: counted.
    #[serde(default)]
    pub practice: bool,
}

/// Where the game to continue is saved.
pub fn continue_path() -> Option<PathBuf> {
    crate::files::user(crate::files::Folders::continue_file)
}

/// Where this program keeps the game to continue: the user's
/// [`continue_path`] in the real window, nowhere (`None`) in tests and
/// offscreen apps, which must never touch the player's files.
#[derive(bevy::prelude::Resource, Debug, Clone, Default, PartialEq)]
pub struct ContinueFile(pub Option<PathBuf>);

impl SavedGame {
    /// Saves this as the game to continue in `file`; says where.
    pub fn keep(&self, file: &ContinueFile) -> Result<PathBuf, String> {
        let path = file
            .0
            .clone()
            .ok_or("no file to keep games in (no data folder, or not the real window)")?;
        self.save(&path)?;
        Ok(path)
    }

    /// Writes the save whole or not at all.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = format!(
            "// highnoon: the game to continue (written when a table is left).\n{}\n",
            ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
                .map_err(|e| e.to_string())?
        );
        crate::files::write_whole(path, &text)
    }

    /// Reads a save: problems at file:line:col, a save of another version refused by name.
    pub fn load(path: &Path) -> Result<SavedGame, Problems> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Problems(vec![DataError::new(
                path,
                format!("cannot read the file: {e}"),
            )])
        })?;
        let save: SavedGame = parse_ron(path, &text).map_err(|e| Problems(vec![e]))?;
        if save.version != VERSION {
            return Err(Problems(vec![DataError::at_field(
                path,
                &text,
                "version",
                format!(
                    "a save of version {} (this is version {VERSION}): it cannot be continued",
                    save.version
                ),
            )]));
        }
        Ok(save)
    }
}

/// Moves a save that cannot be continued aside (`continue.unloadable-N.ron`,
/// the first free N) and says where.
pub fn keep_aside(path: &Path) -> Result<PathBuf, String> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("continue");
    crate::files::set_aside(path, &format!("{stem}.unloadable"), "ron")
}

/// Plays a step as the window's table does (a refusal changes nothing the
/// rules keep, but may have moved the town: it is played all the same).
pub fn play_saved_step(referee: &mut Referee, step: &SavedStep) {
    match step {
        SavedStep::Step(s) => {
            let _ = play(referee, &Step::from(s));
        }
        SavedStep::ClearDoor(b) => {
            let _ = referee.clear_door(*b);
        }
    }
}

/// The rules' state as the save keeps it.
pub fn rules_text(referee: &Referee) -> String {
    ron::ser::to_string(&referee.game).unwrap_or_default()
}

impl FlickSave {
    /// The game as it was left: the scenario laid out on its seed and every
    /// step played again; refused if the table or the rules come out other
    /// than they were (the scenario or the physics changed since).
    pub fn resume(&self, profile: &PhysicsProfile) -> Result<Referee, String> {
        let town = Town::load(&self.scenario, profile).map_err(|e| e.to_string())?;
        let mut referee = Referee::new(profile.clone(), &town, self.seed)?;
        for step in &self.steps {
            play_saved_step(&mut referee, step);
        }
        let hash = referee.table.pose_hash();
        if hash != self.pose_hash {
            return Err(format!(
                "the table comes out otherwise than it was left (pose hash {hash:016x}, saved {:016x}): {} or the physics changed since",
                self.pose_hash,
                self.scenario.display()
            ));
        }
        if rules_text(&referee) != self.rules {
            return Err(format!(
                "the rules come out otherwise than they were left: {} changed since",
                self.scenario.display()
            ));
        }
        Ok(referee)
    }
}
