//! A disc landing flat on the table top: met at one point, under its centre.
//!
//! Rapier's first contact with a flat disc falling onto the table is one
//! point on its rim: the disc was caught on that point, tipped, sank into
//! the table top on it and left at 0.15 to 1.5 × e × its speed of arrival,
//! by where within a step it arrived; and Rapier's bounce, applied once at
//! the step's end through a soft contact, gives 0.64 × e even to a disc
//! landing square (docs/physics.md, "Physical laws"). With
//! `contact.flat_landing` on, the step a flat disc closes on the table top
//! with no contact carried over from the step before, its contact is the
//! one point under its centre of mass, without Rapier's bounce, and is
//! marked with e × the disc's speed as it meets the table; where that
//! contact carried the disc, the step's end gives it that speed upward
//! (`face_friction::apply`). The step after, the contact is carried over
//! and Rapier's points around the rim hold the disc as before.

use bevy::math::Vec3;
use bevy_rapier3d::rapier::prelude::{Collider, ContactModificationContext};

/// `Manifold::data::user_data` bit: the contact is a flat disc's landing,
/// its speed of leaving (m/s, in units of [`SPEED_UNIT`]) in the bits above
/// [`SPEED_SHIFT`].
pub const LANDING: u32 = 2;
const SPEED_SHIFT: u32 = 8;
const SPEED_UNIT: f32 = 1e-5;

/// The contact's mark for a landing that leaves at `speed` m/s.
fn mark(speed: f32) -> u32 {
    let units = (speed / SPEED_UNIT)
        .round()
        .clamp(0.0, (u32::MAX >> SPEED_SHIFT) as f32);
    LANDING | ((units as u32) << SPEED_SHIFT)
}

/// The speed at which a contact marked by [`at_one_point`] leaves the
/// table, if it is a landing.
pub fn leaving_speed(user_data: u32) -> Option<f32> {
    (user_data & LANDING != 0).then_some((user_data >> SPEED_SHIFT) as f32 * SPEED_UNIT)
}

/// A flat disc's contact with the table top, `disc_first` where the disc is
/// collider 1, under `gravity` (m/s²): where it is landing (closing faster
/// than `min_speed` m/s, and
/// no point of the contact carried an impulse the step before), its solver
/// contacts are made one, under the disc's centre of mass, with no bounce
/// of Rapier's, and the contact is marked with the speed it leaves at:
/// the contact's restitution × its speed as it meets the table (its speed
/// now, and what gravity adds over the gap still under it), which the
/// step's end gives it ([`leaving_speed`]). Returns
/// whether it was.
pub fn at_one_point(
    ctx: &mut ContactModificationContext,
    disc: &Collider,
    disc_first: bool,
    (min_speed, gravity): (f32, f32),
) -> bool {
    if ctx.solver_contacts.is_empty() || ctx.manifold.points.iter().any(|p| p.data.impulse != 0.0) {
        return false;
    }
    let Some(rb) = disc.parent().and_then(|h| ctx.bodies.get(h)) else {
        return false;
    };
    // Rapier's normal points out of collider 1.
    let n = *ctx.normal;
    let into_table = if disc_first { n } else { -n };
    let closing = rb.linvel().dot(into_table);
    if closing <= min_speed {
        return false;
    }
    let dist = ctx
        .solver_contacts
        .iter()
        .map(|c| c.dist)
        .fold(f32::INFINITY, f32::min);
    let mut one = ctx.solver_contacts[0];
    let on_disc = if disc_first { one.anchor1 } else { one.anchor2 };
    let to_centre: Vec3 = rb.center_of_mass() - on_disc;
    let shift = to_centre - n * to_centre.dot(n);
    one.anchor1 += shift;
    one.anchor2 += shift;
    one.dist = dist;
    ctx.solver_contacts.truncate(1);
    ctx.solver_contacts[0] = one;
    // Falling the gap that is left, under gravity.
    let fall = gravity * into_table.dot(Vec3::NEG_Y) * dist.max(0.0);
    let arrival = (closing * closing + 2.0 * fall).max(0.0).sqrt();
    *ctx.user_data |= mark(*ctx.restitution * arrival);
    *ctx.restitution = 0.0;
    true
}
