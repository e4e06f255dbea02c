//! What a flick sounds like, as the physics has it: every contact that starts,
//! or strikes harder than it was pressing, with its strength and place. The
//! window turns these into sounds (`crate::sound`); nothing here plays or
//! knows about audio. Listening is off unless asked for ([`Table::listen`]):
//! the bots' look-ahead never pays for it.
//!
//! [`Table::listen`]: super::Table::listen

use std::collections::HashMap;

use bevy::math::Vec3;
use bevy_rapier3d::rapier::prelude::{ColliderSet, NarrowPhase, RigidBodySet};

use super::pieces::{PartKind, PieceId, PieceKind};
use super::table::TableIndex;
use crate::scenario::town::PropKind;

/// One side of a strike: a piece's part, or the table top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Struck {
    Piece { piece: PieceId, part: PartKind },
    Table,
}

/// A contact heard: two things met (or one pressed on the other far harder
/// than a moment before).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strike {
    /// Seconds since listening began (Rapier substeps × their length).
    pub time: f32,
    /// The two sides, a piece first; `b` is the table when one side is.
    pub a: Struck,
    pub b: Struck,
    /// The contact's normal impulse in the substep it struck, N·s.
    pub impulse: f32,
    /// That impulse as a change of speed of the lighter side, m/s: how hard
    /// the strike is for the thing that rings.
    pub speed: f32,
    /// Where it happened (the pieces' middle, or the piece on the table).
    pub at: Vec3,
    /// Not a contact starting but the barrel rolling on its side across the
    /// table: heard once each half turn, `speed` being how fast it rolls
    /// (m/s) and `impulse` 0.
    pub roll: bool,
}

/// A change of speed below this (m/s), beyond what holds a piece up against
/// gravity, is a touch nobody hears.
pub const QUIETEST: f32 = 0.06;
/// A pair that struck is not heard striking again sooner than this (s): one
/// knock spread over a few substeps is one sound.
pub const REFRACTORY: f32 = 0.04;

/// A barrel rolling slower than this (m/s) is not heard rolling.
pub const QUIETEST_ROLL: f32 = 0.03;

/// The listener a table carries while listening.
#[derive(Debug, Clone, Default)]
pub struct Ear {
    substeps: u64,
    /// Each rolling barrel (piece index): how far it has turned (radians)
    /// since it was last heard.
    rolling: HashMap<usize, f32>,
    /// Each touching pair's impulse in the last substep.
    pressing: HashMap<(u32, u32), f32>,
    /// When each pair last struck.
    struck: HashMap<(u32, u32), f32>,
    heard: Vec<Strike>,
}

impl Ear {
    /// Reads the contacts after one Rapier substep of `dt` seconds under
    /// `gravity` (m/s²).
    pub fn listen(
        &mut self,
        dt: f32,
        gravity: f32,
        index: &TableIndex,
        narrow: &NarrowPhase,
        colliders: &ColliderSet,
        bodies: &RigidBodySet,
    ) {
        self.substeps += 1;
        let time = self.substeps as f32 * dt;
        let mut pressing = HashMap::with_capacity(self.pressing.len());
        let mut barrels_on_table: Vec<usize> = Vec::new();
        for pair in narrow.contact_pairs() {
            if !pair.has_any_active_contact() {
                continue;
            }
            let (c1, c2) = (
                index.collider_owner(pair.collider1),
                index.collider_owner(pair.collider2),
            );
            let (Some(s1), Some(s2)) = (struck_of(index, c1), struck_of(index, c2)) else {
                continue;
            };
            if let Some(b) = barrel_on_table(index, c1, c2) {
                barrels_on_table.push(b);
            }
            let key = (c1.min(c2), c1.max(c2));
            let impulse = pair.total_impulse_magnitude();
            pressing.insert(key, impulse);
            let before = self.pressing.get(&key).copied().unwrap_or(0.0);
            if impulse < 2.0 * before {
                continue;
            }
            if self
                .struck
                .get(&key)
                .is_some_and(|&t| time - t < REFRACTORY)
            {
                continue;
            }
            let mass_of = |c: bevy_rapier3d::rapier::prelude::ColliderHandle| {
                colliders
                    .get(c)
                    .and_then(|c| c.parent())
                    .and_then(|b| bodies.get(b))
                    .filter(|b| b.is_dynamic())
                    .map(|b| b.mass())
            };
            let lighter = match (mass_of(pair.collider1), mass_of(pair.collider2)) {
                (Some(m1), Some(m2)) => m1.min(m2),
                (Some(m), None) | (None, Some(m)) => m,
                (None, None) => continue,
            };
            // Less what only holds a resting piece up.
            let speed = impulse / lighter.max(1e-6) - gravity * dt;
            if speed < QUIETEST {
                continue;
            }
            self.struck.insert(key, time);
            let place = |s: Struck| match s {
                Struck::Piece { piece, .. } => index
                    .get(piece)
                    .and_then(|p| bodies.get(p.body))
                    .map(|b| b.translation()),
                Struck::Table => None,
            };
            let (a, b) = match (s1, s2) {
                (Struck::Table, other) => (other, Struck::Table),
                (x, y) => (x, y),
            };
            let at = match (place(a), place(b)) {
                (Some(p), Some(q)) => (p + q) * 0.5,
                (Some(p), None) | (None, Some(p)) => p,
                (None, None) => Vec3::ZERO,
            };
            self.heard.push(Strike {
                time,
                a,
                b,
                impulse,
                speed,
                at,
                roll: false,
            });
        }
        self.pressing = pressing;
        self.hear_rolling(time, dt, index, bodies, &barrels_on_table);
    }

    /// A barrel lying on the table and turning about its own axis as it
    /// moves is rolling: heard when it starts and each half turn after.
    fn hear_rolling(
        &mut self,
        time: f32,
        dt: f32,
        index: &TableIndex,
        bodies: &RigidBodySet,
        on_table: &[usize],
    ) {
        let mut still = HashMap::new();
        for &i in on_table {
            let piece = &index.pieces[i];
            let Some(body) = bodies.get(piece.body) else {
                continue;
            };
            let axis = *body.rotation() * Vec3::Y;
            let speed = Vec3::new(body.linvel().x, 0.0, body.linvel().z).length();
            let turning = body.angvel().dot(axis).abs();
            if axis.y.abs() > 0.5 || speed < QUIETEST_ROLL || turning * dt <= 0.0 {
                continue;
            }
            // A roll just begun is heard at once.
            let mut turned = self
                .rolling
                .get(&i)
                .copied()
                .unwrap_or(std::f32::consts::PI);
            turned += turning * dt;
            if turned >= std::f32::consts::PI {
                turned -= std::f32::consts::PI;
                self.heard.push(Strike {
                    time,
                    a: Struck::Piece {
                        piece: piece.id,
                        part: PartKind::Whole,
                    },
                    b: Struck::Table,
                    impulse: 0.0,
                    speed,
                    at: body.translation(),
                    roll: true,
                });
            }
            still.insert(i, turned.min(std::f32::consts::PI));
        }
        self.rolling = still;
    }

    /// The strikes heard so far (and forgets them).
    pub fn take(&mut self) -> Vec<Strike> {
        std::mem::take(&mut self.heard)
    }

    /// Seconds heard so far.
    pub fn elapsed(&self, dt: f32) -> f32 {
        self.substeps as f32 * dt
    }
}

/// The barrel's piece index when one side of a contact is a barrel and the
/// other the table.
fn barrel_on_table(index: &TableIndex, c1: u32, c2: u32) -> Option<usize> {
    let other = match (c1 == TableIndex::TABLE, c2 == TableIndex::TABLE) {
        (true, false) => c2,
        (false, true) => c1,
        _ => return None,
    };
    let i = (other >> 2) as usize;
    let piece = index.pieces.get(i)?;
    (piece.kind == PieceKind::Prop(PropKind::Barrel)).then_some(i)
}

fn struck_of(index: &TableIndex, code: u32) -> Option<Struck> {
    if code == TableIndex::TABLE {
        return Some(Struck::Table);
    }
    let piece = index.pieces.get((code >> 2) as usize)?;
    Some(Struck::Piece {
        piece: piece.id,
        part: super::table::part_of(code),
    })
}
