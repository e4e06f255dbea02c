//! The card table's game, headless, for any registered card game: the
//! session ([`session::CardTable`], its intents and their one apply system;
//! bots thinking off the main thread, chance and dice, the real-time clocks)
//! and the cards tossed at the play mats on Rapier ([`toss`]); a game dealt
//! from its request and kept for *Continue* ([`keep`]).

pub mod keep;
pub mod session;
pub mod toss;
