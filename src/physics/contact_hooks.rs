//! Contacts between a disc and a thin standing piece (a fence, a figure's base
//! or body, a building's support block), held to the piece's faces; and,
//! when the profile's face friction is on, the contact of a disc lying flat
//! and slipping on the table top handed to that friction (`disc_on_table`,
//! face_friction.rs);
//! and, when the profile's line of centres is on, two discs that meet pushed
//! apart along the line of their centres as they touch (disc_hits.rs).
//!
//! Rapier/parry find a disc–box contact through the general convex path: exact
//! while the shapes are apart, but once they overlap (a fast disc sinks a few
//! millimetres in during one step) the normal is the shortest way out of the
//! overlap, which for a thin disc against a thin upright piece can point up or
//! down, or along the piece, instead of out of the face it hit. A normal like
//! that lets the disc through (docs/physics.md, "Nothing passes through a
//! standing piece"). This hook decides which face of the piece the disc is
//! meeting — the one its centre is in front of, the vertical edge it is off,
//! or, once its centre is inside the piece's footprint, the face it is moving
//! in through — and when Rapier's normal strays from that face's (or edge's)
//! normal, it puts it back and sets the depth to the disc's real depth behind
//! it. Contacts that are already sound (normals within [`STRAY_COS`] of the
//! face) are left exactly as Rapier made them, so ordinary collisions, and the
//! calibration, do not change.

use bevy::math::{Vec2, Vec3};

use super::contact_pairs::ContactPairs;
use bevy_rapier3d::rapier::math::Pose;
use bevy_rapier3d::rapier::prelude::{
    ActiveHooks, Collider, ColliderHandle, ColliderSet, ContactModificationContext, PhysicsHooks,
    RigidBodyHandle, RigidBodySet,
};

/// `Collider::user_data` bit: the collider is a disc (its contacts run the hook).
pub const DISC: u128 = 1;
/// `Collider::user_data` bit: the collider's box parts are thin standing pieces.
pub const THIN: u128 = 2;
/// `ContactManifoldData::user_data`: the manifold's friction is the face's
/// (face_friction.rs), not Rapier's.
pub const FACE: u32 = 1;

/// `Collider::user_data` bit: the collider is the table top (a disc lying
/// flat on it has its face's friction, face_friction.rs).
pub const TABLE_TOP: u128 = 4;

/// The hooks a disc's collider is built with.
pub fn disc_hooks() -> ActiveHooks {
    ActiveHooks::MODIFY_SOLVER_CONTACTS
}

/// A piece counts as standing while its up axis is within 20° of vertical.
const UPRIGHT_COS: f32 = 0.94;
/// A normal within about 25° of the face's is left as it is.
const STRAY_COS: f32 = 0.9;

/// The hooks of the flick table (stateless): a pair of materials the
/// profile sets apart given its own friction and restitution, a disc held
/// to the face of a thin standing piece, when `face_friction`, a disc
/// lying flat on the table top left to its face's friction, and, when
/// `line_of_centres`, two discs meeting on the line of their centres.
#[derive(Clone, Debug, Default)]
pub struct ThinPieceHooks {
    pub face_friction: bool,
    /// Two flat discs that meet are pushed apart along the line of their
    /// centres at the moment they touch (disc_hits.rs).
    pub line_of_centres: bool,
    /// A disc landing flat on the table top is met at one point under its
    /// centre (landing.rs).
    pub flat_landing: bool,
    pub pairs: ContactPairs,
    /// The speed one step of gravity gives (g·dt, m/s): a flat disc whose
    /// face's friction would stop it within a step is held by Rapier's.
    pub gravity_step: f32,
    /// Gravity, m/s² (a landing disc's last fall, landing.rs).
    pub gravity: f32,
}

/// A disc lies flat while its axis is within about 1.1° of the contact's
/// normal. A disc tilted more than that is leaning on something or rocking
/// (after a landing, against a fence) and keeps Rapier's friction: given its
/// face's friction there it rocks without end and never sleeps.
const FLAT_COS: f32 = 0.9998;

/// A disc's contact with the table top: while the disc lies flat and
/// slides or spins (and the face's friction is on), Rapier's friction is
/// taken off and the contact marked [`FACE`], so the step's end brakes it by
/// its face's friction instead. Returns false for any other pair.
fn disc_on_table(hooks: &ThinPieceHooks, ctx: &mut ContactModificationContext) -> bool {
    let colliders = ctx.colliders;
    let (disc, top, disc_first) = match (colliders.get(ctx.collider1), colliders.get(ctx.collider2))
    {
        (Some(a), Some(b)) if a.user_data & DISC != 0 && b.user_data & TABLE_TOP != 0 => {
            (a, b, true)
        }
        (Some(a), Some(b)) if b.user_data & DISC != 0 && a.user_data & TABLE_TOP != 0 => {
            (b, a, false)
        }
        _ => return false,
    };
    let axis = disc.position().rotation * Vec3::Y;
    let flat = axis.dot(*ctx.normal).abs() >= FLAT_COS;
    if hooks.face_friction && flat && slipping(hooks, ctx.bodies, disc, top) {
        *ctx.friction = 0.0;
        *ctx.user_data = FACE;
    } else {
        *ctx.user_data = 0;
    }
    if hooks.flat_landing && flat {
        let speeds = (2.0 * hooks.gravity_step, hooks.gravity);
        super::landing::at_one_point(ctx, disc, disc_first, speeds);
    }
    true
}

/// Whether a flat disc slips on the table by more than its face's friction
/// takes off in one step (under its own weight). A disc slower than that is
/// at rest as far as friction goes: static friction, which holds it still
/// against whatever leans on it or pushes it (a fallen fence, a figure), is
/// a constraint the solver must keep within the step, and Rapier's does;
/// braked only at the step's end, such a disc slides a little under the
/// push each step and what rests on it rocks without end.
fn slipping(
    hooks: &ThinPieceHooks,
    bodies: &RigidBodySet,
    disc: &Collider,
    top: &Collider,
) -> bool {
    let Some(rb) = disc.parent().and_then(|h| bodies.get(h)) else {
        return false;
    };
    let v = Vec2::new(rb.linvel().x, rb.linvel().z);
    let radius = disc.shape().compute_local_aabb().half_extents().x;
    let step = hooks.pairs.friction(disc, top) * hooks.gravity_step;
    let inv_inertia = rb.mass_properties().effective_world_inv_inertia.m22;
    let motion = (v, rb.angvel().y);
    super::face_law::slips_past_one_step(radius, motion, step, (rb.mass(), inv_inertia))
}

/// Whether both colliders of the contact are discs.
fn two_discs(ctx: &ContactModificationContext) -> bool {
    let disc = |h| {
        ctx.colliders
            .get(h)
            .is_some_and(|c| c.user_data & DISC != 0)
    };
    disc(ctx.collider1) && disc(ctx.collider2)
}

/// A box part of a piece, in world space.
struct Part {
    pose: Pose,
    half: Vec3,
}

fn box_part(colliders: &ColliderSet, h: ColliderHandle, subshape: u32) -> Option<Part> {
    let co = colliders.get(h)?;
    if co.user_data & THIN == 0 {
        return None;
    }
    let shape = co.shape();
    let (local, cuboid) = match shape.as_compound() {
        Some(c) => {
            let (pose, s) = c.shapes().get(subshape as usize)?;
            (*pose, s.as_cuboid()?)
        }
        None => (Pose::IDENTITY, shape.as_cuboid()?),
    };
    Some(Part {
        pose: *co.position() * local,
        half: cuboid.half_extents,
    })
}

/// Face codes: ±x, ±z of the part.
fn face_axis(code: u32) -> Option<Vec3> {
    match code {
        1 => Some(Vec3::X),
        2 => Some(Vec3::NEG_X),
        3 => Some(Vec3::Z),
        4 => Some(Vec3::NEG_Z),
        _ => None,
    }
}

/// Where a disc's centre is beside a part (local frame): in front of one
/// vertical face (its code), off a vertical edge (the normal points away from
/// the edge), or inside the part's footprint (already in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Beside {
    Face(u32),
    Edge,
    Inside,
}

/// The vertical face a disc whose centre is at `local` inside the part's
/// footprint, moving at `v` (part frame, relative to the part), came in
/// through: the first one its path meets, followed backwards. None when it
/// hardly moves.
fn entry_face(local: Vec3, v: Vec3, half: Vec3) -> Option<u32> {
    const MOVING: f32 = 0.05;
    // Time back to the face behind the motion along one axis, and its code.
    let back = |p: f32, v: f32, h: f32, plus: u32, minus: u32| {
        if v.abs() < MOVING {
            (f32::INFINITY, 0)
        } else if v > 0.0 {
            ((p + h) / v, minus)
        } else {
            ((h - p) / -v, plus)
        }
    };
    let (tx, fx) = back(local.x, v.x, half.x, 1, 2);
    let (tz, fz) = back(local.z, v.z, half.z, 3, 4);
    if tx.is_infinite() && tz.is_infinite() {
        return None;
    }
    Some(if tx <= tz { fx } else { fz })
}

/// The point of the part's footprint (its horizontal cross-section, at the
/// height of `local`) nearest `local`.
fn nearest_on_footprint(local: Vec3, half: Vec3) -> Vec3 {
    Vec3::new(
        local.x.clamp(-half.x, half.x),
        local.y,
        local.z.clamp(-half.z, half.z),
    )
}

/// Off a vertical edge, the way out is straight away from the edge,
/// horizontally: the normal Rapier finds there is exact while the disc is
/// clear of the piece, but once a fast disc has sunk into the corner it can
/// point anywhere, even on through the piece.
fn edge_axis(local: Vec3, half: Vec3) -> Option<Vec3> {
    let d = local - nearest_on_footprint(local, half);
    Vec3::new(d.x, 0.0, d.z).try_normalize()
}

fn beside(local: Vec3, half: Vec3) -> Beside {
    let out_x = local.x.abs() > half.x;
    let out_z = local.z.abs() > half.z;
    match (out_x, out_z) {
        (true, true) => Beside::Edge,
        (false, false) => Beside::Inside,
        (true, false) => Beside::Face(if local.x >= 0.0 { 1 } else { 2 }),
        (false, true) => Beside::Face(if local.z >= 0.0 { 3 } else { 4 }),
    }
}

impl PhysicsHooks for ThinPieceHooks {
    fn modify_solver_contacts(&self, ctx: &mut ContactModificationContext) {
        if !self.pairs.is_empty()
            && let (Some(a), Some(b)) = (
                ctx.colliders.get(ctx.collider1),
                ctx.colliders.get(ctx.collider2),
            )
            && let Some((friction, restitution)) = self.pairs.between(a, b)
        {
            *ctx.friction = friction;
            *ctx.restitution = restitution;
        }
        if disc_on_table(self, ctx)
            || (self.line_of_centres && two_discs(ctx) && super::disc_hits::at_touch(ctx))
        {
            return;
        }
        let colliders = ctx.colliders;
        let (disc, piece, piece_first, subshape) =
            match (colliders.get(ctx.collider1), colliders.get(ctx.collider2)) {
                (Some(a), Some(b)) if a.user_data & DISC != 0 && b.user_data & THIN != 0 => {
                    (a, ctx.collider2, false, ctx.manifold.subshape2)
                }
                (Some(a), Some(b)) if b.user_data & DISC != 0 && a.user_data & THIN != 0 => {
                    (b, ctx.collider1, true, ctx.manifold.subshape1)
                }
                _ => return,
            };
        let Some(part) = box_part(colliders, piece, subshape) else {
            return;
        };
        let up = part.pose.rotation * Vec3::Y;
        if up.y < UPRIGHT_COS {
            return;
        }
        let centre = part
            .pose
            .inverse_transform_point(disc.position().translation);
        // Only a disc beside the part, not one on top of it or far below it.
        let disc_half_height = disc.shape().compute_local_aabb().half_extents().y;
        if centre.y > part.half.y || centre.y < -part.half.y - disc_half_height {
            return;
        }
        // The face is the one the disc is in front of (or the edge it is off);
        // once its centre is inside the footprint, the one it came in through.
        let axis = match beside(centre, part.half) {
            Beside::Face(code) => face_axis(code),
            Beside::Edge => edge_axis(centre, part.half),
            Beside::Inside => {
                let velocity = |h: Option<RigidBodyHandle>| {
                    h.and_then(|h| ctx.bodies.get(h))
                        .map_or(Vec3::ZERO, |b| b.linvel())
                };
                let (vd, vp) = if piece_first {
                    (velocity(ctx.rigid_body2), velocity(ctx.rigid_body1))
                } else {
                    (velocity(ctx.rigid_body1), velocity(ctx.rigid_body2))
                };
                let local_v = part.pose.rotation.inverse() * (vd - vp);
                entry_face(centre, local_v, part.half).and_then(face_axis)
            }
        };
        let Some(axis) = axis else {
            return;
        };
        // The face's outward normal, and the normal as Rapier means it: out of collider 1.
        let face = part.pose.rotation * axis;
        let wanted = if piece_first { face } else { -face };
        if ctx.normal.dot(wanted) >= STRAY_COS {
            return;
        }
        // The disc's depth behind that face (or edge): its centre's distance
        // out of it less its reach along the normal (a flat disc reaches its
        // radius). Off an edge, `half · |axis|` is the corner's distance along it.
        let out = centre.dot(axis) - part.half.dot(axis.abs());
        let disc_aabb = disc.shape().compute_local_aabb().half_extents();
        let disc_up = disc.position().rotation * Vec3::Y;
        let reach = disc_aabb.x * (1.0 - face.dot(disc_up).powi(2)).max(0.0).sqrt()
            + disc_aabb.y * face.dot(disc_up).abs();
        let dist = out - reach;
        *ctx.normal = wanted;
        for c in ctx.solver_contacts.iter_mut() {
            c.dist = c.dist.min(dist);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disc_beside_a_thin_box_is_in_front_of_one_face_off_an_edge_or_in() {
        let half = Vec3::new(0.05, 0.0125, 0.004);
        assert_eq!(beside(Vec3::new(0.0, 0.0, 0.02), half), Beside::Face(3));
        assert_eq!(beside(Vec3::new(0.01, 0.0, -0.02), half), Beside::Face(4));
        assert_eq!(beside(Vec3::new(0.07, 0.0, 0.001), half), Beside::Face(1));
        assert_eq!(beside(Vec3::new(-0.07, 0.0, 0.0), half), Beside::Face(2));
        assert_eq!(beside(Vec3::new(-0.06, 0.0, 0.01), half), Beside::Edge);
        assert_eq!(beside(Vec3::new(0.0, 0.0, 0.001), half), Beside::Inside);
    }

    #[test]
    fn off_an_edge_the_way_out_is_straight_away_from_it() {
        let half = Vec3::new(0.015, 0.0175, 0.015);
        // A bullet sunk 0.7 mm into the corner of a support block (shot 3518
        // of the block survey): the way out is back past the corner, never on
        // through the block.
        let centre = Vec3::new(0.0235, -0.0145, -0.0198);
        let axis = edge_axis(centre, half).expect("off the edge");
        assert!((axis - Vec3::new(0.0085, 0.0, -0.0048).normalize()).length() < 1e-5);
        let out = centre.dot(axis) - half.dot(axis.abs());
        assert!((out - 0.0085f32.hypot(0.0048)).abs() < 1e-6);
        // On the corner itself there is no way to tell.
        assert_eq!(edge_axis(Vec3::new(0.015, 0.0, 0.015), half), None);
    }

    #[test]
    fn a_disc_inside_came_in_through_the_first_face_behind_it() {
        let half = Vec3::new(0.05, 0.0125, 0.004);
        // Deflected along the fence just after coming in by the front (−z) face.
        assert_eq!(
            entry_face(
                Vec3::new(0.0415, 0.0, -0.001),
                Vec3::new(0.93, 0.0, 0.91),
                half
            ),
            Some(4)
        );
        // Straight through from +z.
        assert_eq!(
            entry_face(Vec3::new(0.0, 0.0, 0.0), Vec3::new(0.3, 0.0, -1.6), half),
            Some(3)
        );
        // In at the +x end, moving along the fence.
        assert_eq!(
            entry_face(Vec3::new(0.045, 0.0, 0.0), Vec3::new(-1.0, 0.0, 0.05), half),
            Some(1)
        );
        assert_eq!(
            entry_face(Vec3::ZERO, Vec3::new(0.01, 0.0, 0.02), half),
            None
        );
    }
}
