//! The flick being aimed, as a value: the piece, the pull back from it and
//! the spin, whoever aims it (the mouse, a bot, a replay, a script). The
//! window draws it; a released aim becomes a flick.

use bevy::prelude::*;

use crate::physics::pieces::PieceId;
use crate::physics::table::Flick;

/// A drag this long (metres on the table) is a full-strength flick.
pub const FULL_PULL: f32 = 0.15;
/// Drags shorter than this are ignored on release.
pub const MIN_STRENGTH: f32 = 0.02;
/// Seconds a computer's aim (a bot's, or a replay's) is on show before it flicks.
pub const AIM_SECONDS: f32 = 0.8;
/// Frames a computer's aim is on show at the least, so a slow machine
/// (software rendering, a screenshot run) still draws it.
pub const AIM_FRAMES: u32 = 12;

/// A replay is playing flicks back in the sandbox: the mouse aims nothing
/// meanwhile (the replay's aim is shown through [`Aim`]). In a scenario the
/// mouse rests whenever a computer seat is to act.
#[derive(Resource, Debug, Default)]
pub struct MouseLocked(pub bool);

/// The flick being aimed.
#[derive(Resource, Debug, Default, Clone)]
pub struct Aim {
    pub piece: Option<PieceId>,
    pub name: String,
    /// Where the disc sits.
    pub anchor: Vec3,
    /// From the disc back to the cursor, on the table.
    pub pull: Vec2,
    /// Off-centre contact (spin), -1..1: hold A/D while aiming.
    pub spin: f32,
}

impl Aim {
    pub fn strength(&self) -> f32 {
        (self.pull.length() / FULL_PULL).min(1.0)
    }

    pub fn direction(&self) -> Vec2 {
        -self.pull.normalize_or_zero()
    }

    pub fn flick(&self) -> Option<Flick> {
        let piece = self.piece?;
        (self.strength() >= MIN_STRENGTH).then(|| Flick {
            piece,
            direction: self.direction(),
            strength: self.strength(),
            spin: self.spin,
        })
    }
}
