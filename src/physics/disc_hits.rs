//! Two discs lying flat that meet: pushed apart along the line of their
//! centres at the moment they touch.
//!
//! Rapier finds a contact between two discs ahead of time (the discs' soft
//! CCD makes contacts up to `solver.disc_soft_ccd` before they touch), with
//! the normal of their nearest points at the start of the step. A disc
//! striking another off centre covers up to a step's travel (8 mm at 1 m/s)
//! between then and the touch, and the line between their centres turns
//! meanwhile: the struck disc left up to 11° nearer the line of the shot
//! than two round discs send it (docs/physics.md, "Physical laws"). With
//! `contact.line_of_centres` on, the hook solves for the instant within the
//! step at which the discs' rims meet, on their present velocities, and puts
//! the normal, the two contact points and the gap at that instant's line of
//! centres: the solver then stops the closing speed along it exactly at the
//! touch.

use bevy::math::{Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::{Collider, ContactModificationContext, RigidBodyHandle};

/// A disc counts as lying flat while its axis is within about 8° of vertical.
const FLAT_COS: f32 = 0.99;
/// A contact between two flat discs counts as rim to rim while its normal is
/// within 30° of horizontal (not one disc lying on the other).
const SIDEWAYS_SIN: f32 = 0.5;

/// Where two discs, `dp` apart (centre of 2 less centre of 1) and closing at
/// `dv` (velocity of 2 less that of 1), first stand `reach` apart (the sum of
/// their radii): the line of centres then, as a unit vector, and the gap
/// along it now (negative where they overlap). `None` where they are moving
/// apart or pass each other by; where they already overlap, the line of
/// centres now.
pub fn touch(dp: Vec2, dv: Vec2, reach: f32) -> Option<(Vec2, f32)> {
    let now = dp.length();
    if now <= reach {
        let n = dp.try_normalize()?;
        return Some((n, now - reach));
    }
    let a = dv.length_squared();
    let b = dp.dot(dv);
    if a == 0.0 || b >= 0.0 {
        return None;
    }
    let c = now * now - reach * reach;
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()) / a;
    let n = (dp + dv * t) / reach;
    Some((n, dp.dot(n) - reach))
}

/// A disc's collider lying flat: its centre in the horizontal plane and radius.
fn flat_disc(co: &Collider) -> Option<(Vec2, f32)> {
    if (co.position().rotation * Vec3::Y).y.abs() < FLAT_COS {
        return None;
    }
    let p = co.position().translation;
    Some((
        Vec2::new(p.x, p.z),
        co.shape().compute_local_aabb().half_extents().x,
    ))
}

/// The contact of two discs (the caller knows both colliders are discs)
/// lying flat, rim to rim: its normal, contact points and gap moved to the
/// line of their centres at the moment they touch. Returns false (and
/// changes nothing) where either is not flat or one lies on the other.
pub fn at_touch(ctx: &mut ContactModificationContext) -> bool {
    if ctx.normal.y.abs() > SIDEWAYS_SIN {
        return false;
    }
    let (Some(c1), Some(c2)) = (
        ctx.colliders.get(ctx.collider1),
        ctx.colliders.get(ctx.collider2),
    ) else {
        return false;
    };
    let (Some((p1, r1)), Some((p2, r2))) = (flat_disc(c1), flat_disc(c2)) else {
        return false;
    };
    let velocity = |h: Option<RigidBodyHandle>| {
        h.and_then(|h| ctx.bodies.get(h)).map_or(Vec2::ZERO, |b| {
            let v = b.linvel();
            Vec2::new(v.x, v.z)
        })
    };
    let dv = velocity(ctx.rigid_body2) - velocity(ctx.rigid_body1);
    let Some((n, gap)) = touch(p2 - p1, dv, r1 + r2) else {
        return false;
    };
    *ctx.normal = Vec3::new(n.x, 0.0, n.y);
    for c in ctx.solver_contacts.iter_mut() {
        let on1 = p1 + n * r1;
        let on2 = p2 - n * r2;
        c.anchor1 = Vec3::new(on1.x, c.anchor1.y, on1.y);
        c.anchor2 = Vec3::new(on2.x, c.anchor2.y, on2.y);
        c.dist = gap;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disc_cut_half_its_reach_off_centre_touches_at_thirty_degrees() {
        let reach = 0.0265f32;
        // Closing along x from 1 cm behind the touch, the target half the reach to the side.
        let side = 0.5 * reach;
        let ahead = (reach * reach - side * side).sqrt() + 0.01;
        let (n, gap) = touch(Vec2::new(ahead, side), Vec2::new(-1.0, 0.0), reach).unwrap();
        assert!((n.y.atan2(n.x).to_degrees() - 30.0).abs() < 1e-3, "{n}");
        // The gap along that line is what the closing speed along it covers to the touch.
        let t = 0.01;
        assert!((gap - t * n.x).abs() < 1e-6, "{gap}");
        // Moving apart, or passing by, there is no touch.
        assert_eq!(
            touch(Vec2::new(ahead, side), Vec2::new(1.0, 0.0), reach),
            None
        );
        assert_eq!(
            touch(Vec2::new(ahead, 0.03), Vec2::new(-1.0, 0.0), reach),
            None
        );
        // Overlapping already: the line of centres now.
        let (n, gap) = touch(Vec2::new(0.02, 0.0), Vec2::ZERO, reach).unwrap();
        assert_eq!(n, Vec2::X);
        assert!((gap + 0.0065).abs() < 1e-6);
    }
}
