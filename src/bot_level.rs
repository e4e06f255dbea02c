//! How hard a computer opponent plays, for every bot in the program: the card
//! games' bots and the Flick 'em Up bot alike. Holds the [`Level`] itself and
//! the check of a bot levels file (one entry per level), which both kinds of
//! bot read; nothing here knows a game.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::scenario::{DataError, Problems, line_col};

/// How hard a computer opponent plays, ordered from the weakest to the
/// strongest (as [`Level::ALL`] lists them).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Level {
    /// Uniformly random legal actions (the baseline bots are measured against).
    Random,
    /// Simple rules of thumb.
    Easy,
    /// Sound heuristics (each game's bots.rs says which).
    Normal,
    /// Each game's strongest bot: searches over sampled hidden cards
    /// (Slapshot), sharper rules (Tabletown), flicks simulated on copies of
    /// the table (Flick 'em Up!); see each game's bots.rs.
    Hard,
    /// Thinks furthest: the card games' search over sampled deals
    /// ([`crate::cards::search`]), the Flick 'em Up bot with the largest
    /// budget (`assets/flick_bots.ron`).
    Expert,
}

impl Level {
    /// The level as the menus name it: `Hard`.
    pub fn title(self) -> &'static str {
        match self {
            Level::Random => "Random",
            Level::Easy => "Easy",
            Level::Normal => "Normal",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        }
    }

    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Expert,
    ];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        })
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.to_string() == s.to_lowercase())
            .ok_or_else(|| format!("`{s}` is not a level: random, easy, normal, hard or expert"))
    }
}

/// The levels a bot levels file must hold (the random player needs no entry).
pub const LEVEL_NAMES: [&str; 4] = ["easy", "normal", "hard", "expert"];

/// Checks a bot levels file (a map from level name to that level's figures),
/// for the Flick 'em Up bot and the card-game bots alike: easy, normal and
/// hard each present, no other name, and each level's own problems, given by
/// `problems_of` as (field, message), placed at that field inside its entry.
pub fn check_level_file<S>(
    path: &Path,
    text: &str,
    levels: &BTreeMap<String, S>,
    problems_of: impl Fn(&S) -> Vec<(String, String)>,
) -> Result<(), Problems> {
    check_keyed_file(
        path,
        text,
        levels,
        Keys {
            names: &LEVEL_NAMES,
            map: "levels",
            missing: &|name| {
                format!(
                    "the level \"{name}\" is missing (easy, normal, hard and expert are needed)"
                )
            },
            unknown: &|name| {
                format!(
                    "unknown level \"{name}\": the levels are easy, normal, hard and expert (random needs no entry)"
                )
            },
        },
        problems_of,
    )
}

/// The names a keyed file must hold, and how its problems are worded.
pub struct Keys<'a> {
    /// Every name the map must hold, and the only ones it may.
    pub names: &'a [&'a str],
    /// The map's field, where a missing name is reported.
    pub map: &'a str,
    /// The message for a missing name.
    pub missing: &'a dyn Fn(&str) -> String,
    /// The message for a name that is none of `names`.
    pub unknown: &'a dyn Fn(&str) -> String,
}

/// Checks a map from names to figures (a levels file, the card expert's
/// budgets): every one of `keys.names` present, no other, and each entry's
/// own problems, given by `problems_of` as (field, message), placed at that
/// field inside its entry; every problem at once.
pub fn check_keyed_file<S>(
    path: &Path,
    text: &str,
    entries: &BTreeMap<String, S>,
    keys: Keys,
    problems_of: impl Fn(&S) -> Vec<(String, String)>,
) -> Result<(), Problems> {
    let mut out = Vec::new();
    for name in keys.names {
        if !entries.contains_key(*name) {
            out.push(DataError::at_text(
                path,
                text,
                keys.map,
                (keys.missing)(name),
            ));
        }
    }
    for (name, spec) in entries {
        if !keys.names.contains(&name.as_str()) {
            out.push(DataError::at_text(
                path,
                text,
                &format!("\"{name}\""),
                (keys.unknown)(name),
            ));
            continue;
        }
        let entry = text.find(&format!("\"{name}\""));
        let start = entry.unwrap_or(0);
        for (field, message) in problems_of(spec) {
            let position = text[start..]
                .find(&format!("{field}:"))
                .map(|o| line_col(text, start + o))
                .or_else(|| entry.map(|o| line_col(text, o)));
            out.push(DataError {
                file: path.to_path_buf(),
                position,
                message: format!("{name}: {message}"),
            });
        }
    }
    Problems::check(out)
}
