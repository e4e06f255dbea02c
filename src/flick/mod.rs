//! Flick 'em Up! the game: the rules (pure), the scenario's game section, and
//! the referee that plays actions on the physical table.

pub mod agreement;
pub mod driver;
pub mod referee;
pub mod replay;
pub mod rules;
pub mod setup;
