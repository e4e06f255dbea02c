//! The table's simulation: stepping Rapier at a fixed timestep, flicks, running
//! to rest with contact tracking, outcomes, snapshots and pose hashes.
//!
//! Everything here works on plain Rapier sets (held by [`super::Table`]), so
//! the headless loop, the bots' forks and the window's fixed tick share one
//! code path. Nothing here depends on rendering.

use bevy::prelude::*;
use bevy_rapier3d::rapier::prelude::{
    ColliderHandle, IslandManager, NarrowPhase, RigidBodyHandle, RigidBodySet,
};

use super::pieces::{PartKind, PieceId, PieceKind};
use crate::scenario::profile::PhysicsProfile;

/// The physics profile in force, as a resource.
#[derive(Resource, Debug, Clone)]
pub struct Profile(pub PhysicsProfile);

/// A flick: the player's finger on a piece.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flick {
    pub piece: PieceId,
    /// Direction on the table (x, z); need not be normalised.
    pub direction: Vec2,
    /// 0.0 (no flick) to 1.0 (the strongest flick the profile allows).
    pub strength: f32,
    /// Where the finger meets the rim, as a fraction of the radius left (-) or
    /// right (+) of centre: off-centre flicks spin the piece.
    pub spin: f32,
}

impl Flick {
    pub fn new(piece: PieceId, direction: Vec2, strength: f32) -> Self {
        Self {
            piece,
            direction,
            strength,
            spin: 0.0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FlickError {
    #[error("there is no piece {0:?} on the table")]
    UnknownPiece(PieceId),
    #[error("{0} has left the table and cannot be flicked")]
    OffTable(String),
    #[error("a flick needs a direction on the table and a finite strength")]
    BadFlick,
    #[error("a flick is already running")]
    Busy,
}

/// One piece in the index.
#[derive(Debug, Clone)]
pub struct IndexedPiece {
    pub id: PieceId,
    pub kind: PieceKind,
    pub name: String,
    pub body: RigidBodyHandle,
    /// Radius of a circle on the table that holds the piece's footprint, metres
    /// (a disc's own radius: where an off-centre flick meets the rim).
    pub radius: f32,
}

const NOBODY: u32 = u32::MAX;
const TABLE: u32 = u32::MAX - 1;

/// Maps Rapier handles to pieces; built once the bodies exist.
#[derive(Resource, Debug, Clone, Default)]
pub struct TableIndex {
    pub pieces: Vec<IndexedPiece>,
    /// Collider arena index -> piece index << 2 | part (or TABLE / NOBODY).
    collider_owner: Vec<u32>,
    /// Body arena index -> piece index (or NOBODY).
    body_owner: Vec<u32>,
}

fn part_code(part: PartKind) -> u32 {
    match part {
        PartKind::Whole => 0,
        PartKind::LeftBlock => 1,
        PartKind::RightBlock => 2,
        PartKind::Facade => 3,
    }
}

pub(super) fn part_of(code: u32) -> PartKind {
    match code & 3 {
        0 => PartKind::Whole,
        1 => PartKind::LeftBlock,
        2 => PartKind::RightBlock,
        _ => PartKind::Facade,
    }
}

impl TableIndex {
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    pub fn get(&self, id: PieceId) -> Option<&IndexedPiece> {
        self.pieces.get(id.0 as usize)
    }

    pub fn by_name(&self, name: &str) -> Option<&IndexedPiece> {
        self.pieces.iter().find(|p| p.name == name)
    }

    /// The owner code of a piece's collider: piece index and part.
    pub fn owner(piece: u32, part: PartKind) -> u32 {
        piece << 2 | part_code(part)
    }

    /// The owner code of the table top's collider.
    pub const TABLE: u32 = TABLE;

    /// The table top's collider.
    pub fn table_top(&self) -> Option<ColliderHandle> {
        self.collider_owner
            .iter()
            .position(|&o| o == TABLE)
            .map(|i| ColliderHandle::from_raw_parts(i as u32, 0))
    }

    /// The index of `pieces` (in piece order) whose colliders are `owners`.
    pub fn new(pieces: Vec<IndexedPiece>, owners: &[(ColliderHandle, u32)]) -> Self {
        let mut collider_owner = Vec::new();
        for &(h, owner) in owners {
            let i = h.into_raw_parts().0 as usize;
            if collider_owner.len() <= i {
                collider_owner.resize(i + 1, NOBODY);
            }
            collider_owner[i] = owner;
        }
        let mut body_owner = Vec::new();
        for (k, p) in pieces.iter().enumerate() {
            let i = p.body.into_raw_parts().0 as usize;
            if body_owner.len() <= i {
                body_owner.resize(i + 1, NOBODY);
            }
            body_owner[i] = k as u32;
        }
        Self {
            pieces,
            collider_owner,
            body_owner,
        }
    }

    /// The piece a body belongs to.
    pub fn piece_of_body(&self, h: RigidBodyHandle) -> Option<PieceId> {
        self.pieces.get(self.body(h) as usize).map(|p| p.id)
    }

    /// The owner code of a collider (piece index << 2 | part, or [`Self::TABLE`]).
    pub(super) fn collider_owner(&self, h: ColliderHandle) -> u32 {
        self.collider(h)
    }

    fn collider(&self, h: ColliderHandle) -> u32 {
        self.collider_owner
            .get(h.into_raw_parts().0 as usize)
            .copied()
            .unwrap_or(NOBODY)
    }

    fn body(&self, h: RigidBodyHandle) -> u32 {
        self.body_owner
            .get(h.into_raw_parts().0 as usize)
            .copied()
            .unwrap_or(NOBODY)
    }
}

/// The radius of a circle on the table that holds a piece's footprint.
pub fn footprint_radius(profile: &PhysicsProfile, kind: PieceKind) -> f32 {
    use super::pieces::DiscKind;
    use crate::scenario::town::PropKind;
    let p = &profile.pieces;
    match kind {
        PieceKind::Disc(DiscKind::Movement) => p.movement_disc.radius,
        PieceKind::Disc(DiscKind::Bullet) => p.bullet.radius,
        PieceKind::Figure { .. } => p.figure.base_radius.max(p.figure.hat_radius),
        PieceKind::Building(_) => Vec2::new(
            p.building.facade_size.0 / 2.0,
            p.building.block_size.2 / 2.0,
        )
        .length(),
        PieceKind::Gallows => Vec2::new(
            p.gallows.platform_size.0 / 2.0,
            p.gallows.platform_size.2 / 2.0,
        )
        .length(),
        PieceKind::Prop(PropKind::Barrel) => p.barrel.radius,
        PieceKind::Prop(PropKind::Cactus) => p.cactus.trunk_radius + p.cactus.arm_length,
        PieceKind::Prop(PropKind::Fence) => {
            Vec2::new(p.fence.size.0 / 2.0, p.fence.size.2 / 2.0).length()
        }
        PieceKind::Prop(PropKind::Tumbleweed) => p.tumbleweed.radius,
    }
}

/// At most how many steps Rapier takes to file as asleep the islands whose
/// bodies the stillness rule put to sleep (they wait out `time_until_sleep`).
pub(crate) fn filing_steps(profile: &PhysicsProfile) -> u32 {
    2 * (profile.sleep.time_until_sleep / profile.solver.dt).ceil() as u32 + 2
}

/// True when every dynamic body sleeps.
pub fn all_asleep(islands: &IslandManager) -> bool {
    islands.active_bodies().next().is_none()
}

/// Puts every body Rapier keeps awake to sleep (flagged only, velocities
/// zeroed: Rapier files their islands as asleep within [`filing_steps`]).
pub(crate) fn sleep_awake(islands: &IslandManager, bodies: &mut RigidBodySet) {
    let awake: Vec<RigidBodyHandle> = islands.active_bodies().collect();
    for h in awake {
        bodies[h].sleep();
    }
}

/// A piece the flicked piece touched.
#[derive(Debug, Clone, PartialEq)]
pub struct Touch {
    pub piece: PieceId,
    pub name: String,
    pub part: PartKind,
    /// Seconds after the flick of the first contact.
    pub time: f32,
    /// Where the flicked piece's centre was at that first contact (table
    /// coordinates, metres): which side of a support block it came from.
    pub at: Vec3,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Knockdown {
    pub figure: PieceId,
    pub name: String,
    /// The first piece that touched the figure during the flick.
    pub by: Option<PieceId>,
    pub by_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    pub piece: PieceId,
    pub name: String,
    /// Straight-line distance from where it stood, metres.
    pub distance: f32,
    pub left_table: bool,
}

/// Everything a flick did, once the table is at rest again.
#[derive(Debug, Clone, PartialEq)]
pub struct FlickOutcome {
    pub flick: Flick,
    pub piece: PieceId,
    pub name: String,
    /// Every piece the flicked piece touched, in order of first contact.
    pub touched: Vec<Touch>,
    pub left_table: bool,
    pub rest_position: Vec3,
    pub rest_rotation: Quat,
    /// Distance from the start to the resting place, on the table plane, metres.
    pub travelled: f32,
    /// Figures standing before the flick and tilted past the threshold after it.
    pub knocked_over: Vec<Knockdown>,
    /// Other pieces that moved more than a millimetre.
    pub moved: Vec<Moved>,
    pub steps: u32,
    pub sim_time: f32,
    /// False when the time cap cut the flick off before everything slept.
    pub at_rest: bool,
    /// Pieces still moving when the time cap cut the flick off.
    pub still_moving: Vec<PieceId>,
}

impl FlickOutcome {
    pub fn first_touch(&self) -> Option<&Touch> {
        self.touched.first()
    }
}

/// Tilt of a body's up axis from vertical, degrees.
pub fn tilt_deg(rotation: Quat) -> f32 {
    (rotation * Vec3::Y).y.clamp(-1.0, 1.0).acos().to_degrees()
}

/// A flick being simulated.
#[derive(Debug, Clone)]
pub struct FlickRun {
    pub flick: Flick,
    piece: usize,
    start: Vec<Vec3>,
    standing_before: Vec<bool>,
    pair_seen: Vec<bool>,
    touched: Vec<Touch>,
    first_toucher: Vec<Option<u32>>,
    left_table: Vec<bool>,
    pub steps: u32,
    max_steps: u32,
    stillness: Stillness,
}

/// Watches for a table that stands still while Rapier keeps part of it awake
/// (`Sleep::still_drift`, `Sleep::still_time`): each awake piece's pose is
/// held against an anchor, and every awake piece's anchor is moved on
/// whenever one of them has drifted further than `drift` from its own. (A
/// piece that slept meanwhile keeps its older anchor; if it wakes more than
/// `drift` from it, that only restarts the count.) And the backstop
/// (`Sleep::freeze_after`): a flick still running at that step is ended,
/// what is awake put to sleep where it is.
#[derive(Debug, Clone)]
pub(crate) struct Stillness {
    anchor: Vec<(Vec3, Quat)>,
    /// The step since which nothing has drifted.
    since: u32,
    drift: f32,
    steps: u32,
    still: bool,
    /// The step at which the backstop ends a flick still running
    /// (`u32::MAX`: never, the time cap comes first).
    freeze: u32,
    /// Whether the backstop ended it.
    frozen: bool,
}

impl Stillness {
    pub(crate) fn new(index: &TableIndex, bodies: &RigidBodySet, profile: &PhysicsProfile) -> Self {
        Self {
            anchor: index
                .pieces
                .iter()
                .map(|q| (bodies[q.body].translation(), *bodies[q.body].rotation()))
                .collect(),
            since: 0,
            drift: profile.sleep.still_drift,
            steps: (profile.sleep.still_time / profile.solver.dt)
                .ceil()
                .max(1.0) as u32,
            still: false,
            freeze: if profile.sleep.freeze_after < profile.solver.max_flick_seconds {
                (profile.sleep.freeze_after / profile.solver.dt)
                    .ceil()
                    .max(1.0) as u32
            } else {
                u32::MAX
            },
            frozen: false,
        }
    }

    /// Whether the backstop (`Sleep::freeze_after`) ended the flick.
    pub(crate) fn frozen(&self) -> bool {
        self.frozen
    }

    /// After step `step` of a flick: from `settle_after` on, damps what still
    /// moves (`settle_rate`); once nothing awake has drifted for
    /// `still_time`, or at the latest at `freeze_after` (the backstop), puts
    /// it to sleep (flagged only: the caller steps on until Rapier files its
    /// islands as asleep, [`filing_steps`]) and returns true.
    pub(crate) fn settle(
        &mut self,
        step: u32,
        index: &TableIndex,
        islands: &IslandManager,
        bodies: &mut RigidBodySet,
        profile: &PhysicsProfile,
    ) -> bool {
        if step as f32 * profile.solver.dt >= profile.sleep.settle_after {
            let keep = (-profile.sleep.settle_rate * profile.solver.dt).exp();
            let awake: Vec<RigidBodyHandle> = islands.active_bodies().collect();
            for h in awake {
                let rb = &mut bodies[h];
                let (v, w) = (rb.linvel() * keep, rb.angvel() * keep);
                rb.set_linvel(v, false);
                rb.set_angvel(w, false);
            }
        }
        if self.observe(step, index, islands, bodies) {
            // Nothing has moved for `still_time`: what Rapier still keeps
            // awake sleeps now, so the next flick starts from a table at rest.
            sleep_awake(islands, bodies);
        } else if step >= self.freeze {
            // The backstop: `freeze_after` seconds into the flick (the
            // shipped profile: after three seconds of damping at
            // `settle_rate`), whatever still moves is kept moving by its
            // contacts (a pair pressed together, pushed apart and back every
            // step), not going anywhere a flick would take it. It stops where
            // it is, so every flick ends at rest in bounded time.
            sleep_awake(islands, bodies);
            self.frozen = true;
            self.still = true;
        }
        self.still
    }

    /// After step `step`: true once nothing awake has drifted for long enough.
    fn observe(
        &mut self,
        step: u32,
        index: &TableIndex,
        islands: &IslandManager,
        bodies: &RigidBodySet,
    ) -> bool {
        let drifted = islands.active_bodies().any(|h| {
            let k = index.body(h);
            let Some(&(t, q)) = self.anchor.get(k as usize) else {
                return false;
            };
            let rb = &bodies[h];
            let turn = (*rb.rotation() * q.inverse()).to_axis_angle().1;
            let turn = turn.min(std::f32::consts::TAU - turn);
            rb.translation().distance(t) + turn * rb.mass_properties().max_extent() > self.drift
        });
        if drifted {
            for h in islands.active_bodies() {
                if let Some(a) = self.anchor.get_mut(index.body(h) as usize) {
                    *a = (bodies[h].translation(), *bodies[h].rotation());
                }
            }
            self.since = step;
        }
        self.still = step - self.since >= self.steps;
        self.still
    }
}

impl FlickRun {
    /// Validates the flick and applies its impulse.
    pub fn begin(
        index: &TableIndex,
        bodies: &mut RigidBodySet,
        profile: &PhysicsProfile,
        flick: Flick,
    ) -> Result<Self, FlickError> {
        let p = index
            .get(flick.piece)
            .ok_or(FlickError::UnknownPiece(flick.piece))?;
        let dir = flick.direction.normalize_or_zero();
        if dir == Vec2::ZERO || !flick.strength.is_finite() || !flick.spin.is_finite() {
            return Err(FlickError::BadFlick);
        }
        let rb = bodies
            .get(p.body)
            .ok_or(FlickError::UnknownPiece(flick.piece))?;
        if !rb.is_enabled() {
            return Err(FlickError::OffTable(p.name.clone()));
        }
        let n = index.len();
        let start: Vec<Vec3> = index
            .pieces
            .iter()
            .map(|q| bodies[q.body].translation())
            .collect();
        let standing_before = index
            .pieces
            .iter()
            .map(|q| {
                q.kind.is_figure()
                    && tilt_deg(*bodies[q.body].rotation()) < profile.knocked_over_tilt_deg
            })
            .collect();
        let speed = match p.kind {
            PieceKind::Disc(super::pieces::DiscKind::Movement) => profile.flick.movement_disc_speed,
            PieceKind::Disc(super::pieces::DiscKind::Bullet) => profile.flick.bullet_speed,
            _ => profile.flick.other_speed,
        };
        let rb = bodies
            .get_mut(p.body)
            .ok_or(FlickError::UnknownPiece(flick.piece))?;
        let strength = flick.strength.clamp(0.0, 1.0);
        let magnitude = (strength * speed * rb.mass()).min(profile.flick.max_impulse);
        let dir3 = Vec3::new(dir.x, 0.0, dir.y);
        // Right of the direction of travel, on the table plane.
        let right = Vec3::new(-dir.y, 0.0, dir.x);
        let centre = rb.center_of_mass();
        let point = centre + right * flick.spin.clamp(-1.0, 1.0) * p.radius;
        rb.apply_impulse_at_point(dir3 * magnitude, point, true);
        let max_steps = (profile.solver.max_flick_seconds / profile.solver.dt).ceil() as u32;
        let stillness = Stillness::new(index, bodies, profile);
        Ok(Self {
            flick,
            piece: flick.piece.0 as usize,
            start,
            standing_before,
            pair_seen: vec![false; n * n],
            touched: Vec::new(),
            first_toucher: vec![None; n],
            left_table: vec![false; n],
            steps: 0,
            max_steps,
            stillness,
        })
    }

    /// Records what the last step did: new contacts, pieces that fell off the table.
    pub fn observe(
        &mut self,
        index: &TableIndex,
        narrow: &NarrowPhase,
        islands: &IslandManager,
        bodies: &mut RigidBodySet,
        profile: &PhysicsProfile,
    ) {
        self.steps += 1;
        let time = self.steps as f32 * profile.solver.dt;
        let n = index.len();
        for pair in narrow.contact_pairs() {
            let (a, b) = (
                index.collider(pair.collider1),
                index.collider(pair.collider2),
            );
            if a >= TABLE || b >= TABLE {
                continue;
            }
            let (i, j) = ((a >> 2) as usize, (b >> 2) as usize);
            if i == j || self.pair_seen[i * n + j] || !pair.has_any_active_contact() {
                continue;
            }
            self.pair_seen[i * n + j] = true;
            self.pair_seen[j * n + i] = true;
            for (me, other, other_code) in [(i, j, b), (j, i, a)] {
                if me == self.piece {
                    let q = &index.pieces[other];
                    let at = bodies[index.pieces[self.piece].body].translation();
                    self.touched.push(Touch {
                        piece: q.id,
                        name: q.name.clone(),
                        part: part_of(other_code),
                        time,
                        at,
                    });
                }
                if self.first_toucher[other].is_none() {
                    self.first_toucher[other] = Some(me as u32);
                }
            }
        }
        let fall = -profile.table.fall_depth;
        let mut fallen: Vec<RigidBodyHandle> = Vec::new();
        for h in islands.active_bodies() {
            if bodies[h].translation().y < fall {
                fallen.push(h);
            }
        }
        for h in fallen {
            let k = index.body(h);
            if k != NOBODY {
                self.left_table[k as usize] = true;
            }
            // Out of the simulation: it lies on the floor now.
            bodies[h].set_enabled(false);
        }
        self.stillness
            .settle(self.steps, index, islands, bodies, profile);
    }

    /// True once the flicked piece has touched anything but a support block
    /// or has left the table.
    pub fn spoiled(&self) -> bool {
        self.left_table[self.piece]
            || self
                .touched
                .iter()
                .any(|t| !matches!(t.part, PartKind::LeftBlock | PartKind::RightBlock))
    }

    /// True once the stillness rule (or its backstop) has ended the flick.
    pub(crate) fn stilled(&self) -> bool {
        self.stillness.still
    }

    /// True when the rest backstop (`Sleep::freeze_after`) ended the flick:
    /// it was still moving then, and was stopped where it stood.
    pub fn frozen(&self) -> bool {
        self.stillness.frozen()
    }

    pub fn finished(&self, islands: &IslandManager) -> bool {
        self.at_rest(islands) || self.steps >= self.max_steps
    }

    /// Every body asleep, or nothing has moved for `Sleep::still_time`.
    fn at_rest(&self, islands: &IslandManager) -> bool {
        self.stillness.still || all_asleep(islands)
    }

    pub fn finish(
        &self,
        index: &TableIndex,
        bodies: &RigidBodySet,
        islands: &IslandManager,
        profile: &PhysicsProfile,
    ) -> FlickOutcome {
        let at_rest = self.at_rest(islands);
        let me = &index.pieces[self.piece];
        let rb = &bodies[me.body];
        let rest_position = rb.translation();
        let start = self.start[self.piece];
        let name_of = |k: u32| index.pieces[k as usize].name.clone();
        let mut knocked_over = Vec::new();
        let mut moved = Vec::new();
        for (k, q) in index.pieces.iter().enumerate() {
            let body = &bodies[q.body];
            if self.standing_before[k]
                && (self.left_table[k]
                    || tilt_deg(*body.rotation()) >= profile.knocked_over_tilt_deg)
            {
                let by = self.first_toucher[k];
                knocked_over.push(Knockdown {
                    figure: q.id,
                    name: q.name.clone(),
                    by: by.map(|b| index.pieces[b as usize].id),
                    by_name: by.map(name_of),
                });
            }
            if k != self.piece {
                let distance = body.translation().distance(self.start[k]);
                if distance > 1e-3 || self.left_table[k] {
                    moved.push(Moved {
                        piece: q.id,
                        name: q.name.clone(),
                        distance,
                        left_table: self.left_table[k],
                    });
                }
            }
        }
        FlickOutcome {
            flick: self.flick,
            piece: me.id,
            name: me.name.clone(),
            touched: self.touched.clone(),
            left_table: self.left_table[self.piece],
            rest_position,
            rest_rotation: *rb.rotation(),
            travelled: Vec2::new(rest_position.x - start.x, rest_position.z - start.z).length(),
            knocked_over,
            moved,
            steps: self.steps,
            sim_time: self.steps as f32 * profile.solver.dt,
            at_rest,
            still_moving: if at_rest {
                Vec::new()
            } else {
                islands
                    .active_bodies()
                    .filter_map(|h| index.pieces.get(index.body(h) as usize).map(|p| p.id))
                    .collect()
            },
        }
    }
}

/// A 64-bit FNV-1a hash of every piece's pose and velocity bits, in piece order.
pub fn pose_hash(index: &TableIndex, bodies: &RigidBodySet) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: f32| {
        for byte in x.to_bits().to_le_bytes() {
            h ^= byte as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for p in &index.pieces {
        let rb = &bodies[p.body];
        let t = rb.translation();
        let r = rb.rotation();
        let v = rb.linvel();
        let w = rb.angvel();
        for x in [
            t.x, t.y, t.z, r.x, r.y, r.z, r.w, v.x, v.y, v.z, w.x, w.y, w.z,
        ] {
            eat(x);
        }
    }
    h
}
