//! Flick 'em Up! the game: the rules (pure) and the referee that plays
//! actions on the physical table. The scenario's `game` section the rules
//! start from is a format, in [`crate::scenario::game`].

pub mod agreement;
pub mod driver;
pub mod markers;
pub mod referee;
pub mod replay;
pub mod rules;
