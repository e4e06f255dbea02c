//! The card games as pure rules (no Bevy types): a shared interface in the shape
//! of OpenSpiel's `State` ([`core`]), one module per game, and bots that decide
//! only from what their seat may see.

pub mod core;
pub mod slapshot;
pub mod tabletown;
