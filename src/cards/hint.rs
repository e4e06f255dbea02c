//! A hint at the card table: what the hard bot would choose in a seat's
//! place, and why, in one line each. It is made from the seat's observation
//! and its legal actions only, so a state that looks the same to that seat
//! gives the same hint (tested in `tests/suite/card_hints.rs` on states
//! scrambled in everything the seat cannot know).
//!
//! The bot's own randomness (its sampled worlds, its ties, a Slap .45
//! hand's reaction time) comes from the `seed` the caller passes; the window
//! derives it from something the seat sees, the number of actions played so
//! far ([`hint_seed`]), so the hint is a function of what the seat sees.

use super::core::{Seat, Turn};
use super::table_game::TableGame;
use crate::bot_level::Level;

/// The hard bot's choice for a seat: the action, its label as the window
/// shows the seat that choice, and the reason in one line.
#[derive(Clone, Debug, PartialEq)]
pub struct CardHint<A> {
    pub action: A,
    pub label: String,
    pub reason: String,
}

/// How a review of a real-time wave starts, in the table's log.
pub const REVIEW_PREFIX: &str = "Best slap was: ";

/// The seat's legal actions when the decision is its own: in an open
/// real-time wave (Slap .45), its declarations while it is still to declare
/// ([`TableGame::legal_for`]); otherwise the legal actions when it is the
/// seat to move. Empty when it has nothing to decide.
pub fn choices<G: TableGame>(game: &G, seat: Seat) -> Vec<G::Action> {
    if game.wave().is_some() {
        return if game.waiting().contains(&seat) {
            game.legal_for(seat)
        } else {
            Vec::new()
        };
    }
    match game.turn() {
        Turn::Player(s) if s == seat => game.legal_actions(),
        _ => Vec::new(),
    }
}

/// The hard bot's choice for `seat` and its reason, from the seat's
/// observation and legal actions only; `None` when the seat has no decision
/// now ([`choices`]). `seed` seeds the bot ([`hint_seed`]: the window's).
pub fn hint<G: TableGame>(game: &G, seat: Seat, seed: u64) -> Option<CardHint<G::Action>> {
    let legal = choices(game, seat);
    if legal.is_empty() {
        return None;
    }
    let mut bot = G::bot(Level::Hard, seed);
    let action = bot.act(seat, &game.observation(seat), &legal);
    let label = game.action_label(&action, Some(seat));
    let reason = bot
        .why()
        .filter(|r| !r.trim().is_empty())
        .unwrap_or_else(|| "the hard bot's choice".to_string());
    Some(CardHint {
        action,
        label,
        reason,
    })
}

/// The hint as the panel shows it: "Hint: <label> — <reason>".
pub fn hint_line<A>(h: &CardHint<A>) -> String {
    format!("Hint: {} — {}", h.label, h.reason)
}

/// After a real-time wave, what the hard bot would have declared for `seat`
/// at the wave's start: `start` is the game as it stood when the wave
/// opened (the seat still to declare), and the line is made from its
/// observation then. "Best slap was: <label> — <reason>"; `None` when the
/// seat had nothing to declare in that wave.
pub fn wave_review<G: TableGame>(start: &G, seat: Seat, seed: u64) -> Option<String> {
    start.wave()?;
    let h = hint(start, seat, seed)?;
    Some(format!("{REVIEW_PREFIX}{} — {}", h.label, h.reason))
}

/// The seed of the hint the window gives after `actions` actions have been
/// played: a number every seat at the table sees (the log has a line for
/// each), so the hint depends on nothing the seat cannot know.
pub fn hint_seed(actions: usize) -> u64 {
    (actions as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
}
