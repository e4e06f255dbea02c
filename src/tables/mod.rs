//! The tables' state, headless: the game on the Flick table and the game on
//! the card table as Bevy resources, each changed only by its intents (a
//! message written alike by the mouse, a bot, a replay, a script or a test)
//! and applied in one system; the bots' thinking, the playback of a flick,
//! the dice and the tossed cards on Rapier, the real-time clock. Nothing
//! here draws or reads a mouse: an `App` with `MinimalPlugins` plays a whole
//! game, and the window (`crate::window`) turns input into intents and this
//! state into the scene.
//!
//! ```text
//! tables/
//!   flick/   the Flick session, its seats, bots, playback, reloads, scripts
//!   cards/   any registered card game: its session, bots, clock, dice, tosses
//!   watch    the one file watcher (live reload, the editor's file)
//! ```

pub mod cards;
pub mod flick;
pub mod watch;

use bevy::prelude::*;

use crate::sound::SoundEvent;

/// A frame's order, declared once ([`frame_order`]).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum FrameSystems {
    /// Turn mouse and keys into intents and camera moves.
    Input,
    /// Apply intents to the rules (the tables' state machines).
    Apply,
    /// Build visuals for new pieces, repaint changed ones, animate.
    Dress,
    /// Gizmos and overlays.
    Draw,
}

/// The frame's system sets in order (the window's and a headless app's).
pub fn frame_order(app: &mut App) {
    app.configure_sets(
        Update,
        (
            FrameSystems::Input,
            FrameSystems::Apply,
            FrameSystems::Dress,
            FrameSystems::Draw,
        )
            .chain(),
    );
}

/// A sound a table wants heard now (played by the window's sound plugin
/// where there is one, dropped elsewhere).
#[derive(Message, Debug, Clone, Copy)]
pub struct Hear(pub SoundEvent);
