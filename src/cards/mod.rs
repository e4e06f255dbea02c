//! The card games as pure rules (no Bevy types): a shared interface in the shape
//! of OpenSpiel's `State` ([`core`]), one module per game, and bots that decide
//! only from what their seat may see.

pub mod arena;
pub mod bots;
pub mod core;
pub mod slapshot;
pub mod slapshot_bots;
pub mod tabletown;
pub mod tabletown_bots;
pub mod terminal;

use std::path::{Path, PathBuf};

use crate::scenario::Problems;

/// The turn-based card games the `cards` command plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardGame {
    Slapshot,
    Tabletown,
}

impl CardGame {
    /// The shipped setup file.
    pub fn default_setup(self) -> PathBuf {
        let name = match self {
            CardGame::Slapshot => "slapshot.ron",
            CardGame::Tabletown => "tabletown.ron",
        };
        crate::scenario::data_root()
            .join("assets")
            .join("cards")
            .join(name)
    }
}

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

/// Checks a card-game setup file of either game (told apart by its contents).
pub fn validate_setup(path: &Path) -> Result<String, Problems> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| crate::scenario::DataError::new(path, format!("cannot read the file: {e}")))?;
    use crate::scenario::parse_ron;
    if text.contains("roster") {
        let r = slapshot::Rules::from_setup(&parse_ron(path, &text)?, path, &text)?;
        Ok(format!(
            "Slapshot setup, {} cards, {} managers",
            r.cards.len(),
            r.players
        ))
    } else {
        let r = tabletown::Rules::from_setup(&parse_ron(path, &text)?, path, &text)?;
        Ok(format!(
            "Tabletown setup, {} cards, {} gunslingers, {} players",
            r.cards.len(),
            r.gunslingers.len(),
            r.players
        ))
    }
}
