//! Slap .45 (a Wild West shootout for 3 to 7 players): the rule book as a pure
//! state machine. See `../shared/rules/slap-45.txt` and
//! `docs/slap45-rules-notes.md` for our readings where the book is silent.
//!
//! Real time enters the rules as milliseconds from the reveal of the current
//! card; each round is played as sealed waves of declarations (see [`rules`]).

pub mod bots;
mod checks;
mod entry;
pub mod reactions;
mod resolve;
pub mod rules;
pub mod setup;
mod view;

#[cfg(test)]
mod tests;

pub use rules::{Action, BaseId, Gang, Hands, Phase, Round, Slap, Slap45, Target, View, Wave};
pub use setup::{CardId, CardKind, DeckEntry, GangSpec, Power, Rules, Slap45Setup};
