//! The card games as pure rules (no Bevy types): a shared interface in the shape
//! of OpenSpiel's `State` ([`core`]), one module per game, and bots that decide
//! only from what their seat may see.

pub mod arena;
pub mod bots;
pub mod core;
pub mod expert_budget;
pub mod gunfighter;
pub mod hint;
pub mod registry;
pub mod search;
#[cfg(test)]
mod search_tests;
pub mod seating;
pub mod setup_edit;
pub mod slap45;
pub mod slapshot;
pub mod table_game;
pub mod table_layout;
pub mod tabletown;
pub mod terminal;
pub mod view;

use std::path::Path;

pub use registry::CardGame;
pub use table_game::TableGame;

use crate::scenario::Problems;

/// An error at a setup file's `key:` (not at a comment that happens to hold the
/// word); at the bare word if the key is absent.
pub(crate) fn at_key(
    file: &Path,
    text: &str,
    key: &str,
    message: String,
) -> crate::scenario::DataError {
    let keyed = format!("{key}:");
    let needle = if text.contains(&keyed) {
        keyed.as_str()
    } else {
        key
    };
    crate::scenario::DataError::at_text(file, text, needle, message)
}

/// A problem at the second mention of each item written more than once in a
/// setup list (`needles`: each item as the file writes it, in list order;
/// `where_` ends the message: "" or " in the deck").
pub(crate) fn listed_twice(
    file: &Path,
    text: &str,
    needles: &[String],
    where_: &str,
) -> Vec<crate::scenario::DataError> {
    needles
        .iter()
        .enumerate()
        .filter(|(i, n)| needles[..*i].contains(n))
        .map(|(_, n)| {
            crate::scenario::DataError::at_nth(
                file,
                text,
                n,
                1,
                format!("{} is listed twice{where_}", n.trim_matches('"')),
            )
        })
        .collect()
}

/// A roster of which every seat takes one (gunslingers, gangs): at least one
/// per player (`what` names them in the message), no name listed twice.
pub(crate) fn check_roster<'a>(
    file: &Path,
    text: &str,
    key: &str,
    what: &str,
    names: impl Iterator<Item = &'a str>,
    players: usize,
) -> Vec<crate::scenario::DataError> {
    let names: Vec<String> = names.map(|n| format!("\"{n}\"")).collect();
    let mut problems = Vec::new();
    if names.len() < players {
        problems.push(at_key(
            file,
            text,
            key,
            format!("{} {what} for {players} players", names.len()),
        ));
    }
    problems.extend(listed_twice(file, text, &names, ""));
    problems
}

/// The checks every setup file starts with: its seats, and a player count in
/// the game's range (`title` names the game in the message).
pub(crate) fn check_table(
    file: &Path,
    text: &str,
    seats: &[seating::SeatKind],
    players: usize,
    range: std::ops::RangeInclusive<usize>,
    title: &str,
) -> Vec<crate::scenario::DataError> {
    let mut problems: Vec<_> = seating::check_seats(seats, file, text)
        .into_iter()
        .collect();
    if !range.contains(&players) {
        problems.push(at_key(
            file,
            text,
            "players",
            format!(
                "{players} players: {title} is for {} to {}",
                range.start(),
                range.end()
            ),
        ));
    }
    problems
}

/// Reads a setup file; `players` (from the command line) overrides its count.
pub(crate) fn read_setup<S: serde::de::DeserializeOwned>(
    path: &Path,
    players: Option<usize>,
    count: impl FnOnce(&mut S) -> &mut usize,
) -> Result<(S, String), Problems> {
    let (mut setup, text): (S, String) = crate::scenario::load_ron(path)?;
    if let Some(p) = players {
        *count(&mut setup) = p;
    }
    Ok((setup, text))
}
