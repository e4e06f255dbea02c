//! The Flick table's panel sets. Their order is declared once, in the
//! table's root plugin ([`super::plugin`]).

use bevy::prelude::*;

/// The Flick table's egui systems, in the order their sections stack in
/// the dock (top to bottom; declared in [`super::plugin`]).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlickPanels {
    /// Name tags over the pieces, the sandbox's sections, the power meter.
    Hud,
    /// The clock, the turn and its choices; the cowboys; the verdict.
    Game,
    /// The coach's hints.
    Coach,
    /// The log, and the scenarios to start.
    Log,
}
