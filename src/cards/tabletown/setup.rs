//! Tabletown's setup file (`assets/cards/tabletown.ron`): the deck, the
//! gunslingers, the options, and the checked rules every state shares.
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Kind;
use crate::scenario::Problems;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    pub card: Kind,
    pub count: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gunslinger {
    pub name: String,
    pub nickname: String,
    /// One line of character, for the card's face.
    #[serde(default)]
    pub blurb: String,
}

fn four() -> usize {
    4
}
fn turn_limit() -> u32 {
    400
}

/// A Tabletown setup file (`assets/cards/tabletown.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TabletownSetup {
    #[serde(default = "four")]
    pub players: usize,
    /// Advanced rule: two revolvers in play at once.
    #[serde(default)]
    pub two_revolvers: bool,
    /// Advanced rule: rifle +2, shotgun +1 to the initiative die (off in the basic game).
    #[serde(default)]
    pub weapon_modifiers: bool,
    /// House rule for computer play: at sundown after this many turns the
    /// gunslingers with the fewest wounds win.
    #[serde(default = "turn_limit")]
    pub turn_limit: u32,
    /// The 99 action and weapon cards.
    pub deck: Vec<DeckEntry>,
    /// The 18 gunslinger cards.
    pub gunslingers: Vec<Gunslinger>,
    /// Who sits where at the window's table (`You` or `Bot(Hard)`, ...), seat 0
    /// first; missing seats are normal bots. Not a rule: the game ignores it.
    #[serde(default)]
    pub seats: Vec<crate::cards::seating::SeatKind>,
    /// Seeds the deal, the dice and the bots in the window.
    #[serde(default = "crate::cards::seating::default_seed")]
    pub seed: u64,
}

/// A validated setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub players: usize,
    pub two_revolvers: bool,
    pub weapon_modifiers: bool,
    pub turn_limit: u32,
    /// Every card's kind, by id (TNT left out with two players).
    pub cards: Vec<Kind>,
    pub gunslingers: Vec<Gunslinger>,
}

/// The box: 99 action and weapon cards.
pub const DECK_SIZE: usize = 99;

impl Rules {
    /// Reads and checks a setup file; `players` overrides the file's count.
    pub fn load(path: &Path, players: Option<usize>) -> Result<Rules, Problems> {
        <super::Tabletown as crate::cards::TableGame>::load_setup(path, players).map(|s| s.rules)
    }

    /// Checks a parsed setup's own rules (who sits and how many are checked
    /// for every game alike, by `TableGame::load_setup`); every problem names
    /// the file, line and column.
    pub(crate) fn from_setup(
        setup: &TabletownSetup,
        file: &Path,
        text: &str,
    ) -> Result<Rules, Problems> {
        let mut problems = Vec::new();
        let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
        if setup.turn_limit == 0 {
            problems.push(at("turn_limit", "turn_limit must be at least 1".into()));
        }
        let total: usize = setup.deck.iter().map(|e| e.count).sum();
        if total != DECK_SIZE {
            problems.push(at(
                "deck",
                format!("the deck has {total} cards; the box holds {DECK_SIZE}"),
            ));
        }
        let kinds: Vec<String> = setup.deck.iter().map(|e| format!("{:?}", e.card)).collect();
        problems.extend(crate::cards::listed_twice(
            file,
            text,
            &kinds,
            " in the deck",
        ));
        for k in [Kind::Draw, Kind::Shootout, Kind::Bullet] {
            if !setup.deck.iter().any(|e| e.card == k && e.count > 0) {
                problems.push(at(
                    "deck",
                    format!("the deck needs at least one {}", k.title()),
                ));
            }
        }
        if !setup.deck.iter().any(|e| e.card.is_gun() && e.count > 0) {
            problems.push(at("deck", "the deck needs at least one gun".into()));
        }
        problems.extend(crate::cards::check_roster(
            file,
            text,
            "gunslingers",
            "gunslingers",
            setup.gunslingers.iter().map(|g| g.name.as_str()),
            setup.players,
        ));
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        let mut cards = Vec::new();
        for e in &setup.deck {
            // With two players the TNT cards are removed.
            if e.card == Kind::Tnt && setup.players == 2 {
                continue;
            }
            cards.extend(std::iter::repeat_n(e.card, e.count));
        }
        Ok(Rules {
            players: setup.players,
            two_revolvers: setup.two_revolvers,
            weapon_modifiers: setup.weapon_modifiers,
            turn_limit: setup.turn_limit,
            cards,
            gunslingers: setup.gunslingers.clone(),
        })
    }
}
