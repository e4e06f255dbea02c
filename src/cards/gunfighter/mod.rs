//! The Gunfighter (2 to 6 gunfighters tossing cards into each other's play
//! mats for five seconds at a time): the rule sheet as a pure state machine.
//! See `../shared/rules/the-gunfighter.md`, `docs/gunfighter-rules-notes.md`
//! for our readings where the sheet is silent, and `docs/gunfighter-decks.md`
//! for the decks we designed.

pub mod bots;
pub mod entry;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod table;

#[cfg(test)]
mod tests;

pub use resolve::{Event, Landed, Reading};
pub use rules::View;
pub use rules::{Action, Fighter, Gunfighter, Phase, Toss};
pub use setup::{Before, CardId, Effect, GunfighterSetup, Play, Rules};
