//! The game on the Flick table, headless: one session and its intents
//! ([`session`]), who sits in each seat, the pieces' entities following the
//! session, the computer seats thinking off the main thread, live reload of
//! the town's files, and the scripted flicks and replays of the command line.
//! Files, lowest first (none imports a file above it):
//!
//! ```text
//! seats, aim      who sits in each team's seat; the flick being aimed, as a value
//! session         the session resource, its intents, their one apply system
//! pieces          the pieces' entities follow the session (no meshes)
//! reload          the town's and the physics' files watched and reloaded
//! bots            computer seats think off the main thread and hand in steps
//! script          --flick / --aim from the command line
//! record_end      a game's end appended to the record of your games
//! table_replay    a table replay played back in the sandbox
//! ```

pub mod aim;
pub mod bots;
pub mod pieces;
pub mod record_end;
pub mod reload;
pub mod script;
pub mod seats;
pub mod session;
pub mod table_replay;

use bevy::prelude::*;

use super::FrameSystems;
pub use seats::{Seat, Seats, level_title};

/// The Flick table's systems: they run only while it is on screen.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlickSystems;

/// A frame at the Flick table, in this order: the seats decide (the mouse
/// aims, bots think, replays and scripts hand in their steps) and write
/// [`session::FlickIntent`]s; the session applies them and moves the
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

/// Present while the town editor owns the table: the table shows the town
/// but takes no flicks, runs no bots and shows none of its own panels (the
/// editor's mouse and panel stand in; the window's editor).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct TableEdited;

/// The table without a window: the order of its sets, the session and its
/// intents, the aim, the pieces' entities following the session. A headless
/// app with this (and [`super::frame_order`]) plays what the window plays;
/// tests drive it with intents.
pub fn plugin(app: &mut App) {
    app.configure_sets(Update, FlickOrder::Decide.in_set(FrameSystems::Input))
        .configure_sets(
            Update,
            (FlickOrder::Apply, FlickOrder::Follow)
                .chain()
                .in_set(FrameSystems::Apply),
        )
        .init_resource::<aim::Aim>()
        .init_resource::<aim::MouseLocked>()
        .add_plugins((session::plugin, pieces::plugin, record_end::plugin));
}
