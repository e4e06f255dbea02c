//! The Flick table's system sets. Their order is declared once, in the
//! table's root plugin ([`super::plugin`]); every file of the table only puts
//! its systems in them.

use bevy::prelude::*;

/// The Flick table's systems: they run only while it is on screen.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlickSystems;

/// A frame at the Flick table, in this order: the seats decide (the mouse
/// aims, bots think, replays and scripts hand in their steps) and write
/// [`super::session::FlickIntent`]s; the session applies them and moves the
/// last flick's playback on; the town's entities follow the session.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlickOrder {
    /// In `FrameSystems::Input`.
    Decide,
    /// In `FrameSystems::Apply`.
    Apply,
    /// In `FrameSystems::Apply`, after [`FlickOrder::Apply`].
    Follow,
}

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

/// Present while the town editor owns the table: the table shows the town
/// but takes no flicks, runs no bots and shows none of its own panels (the
/// editor's mouse and panel stand in; `window::editor`).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct TableEdited;
