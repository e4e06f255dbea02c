//! The friction of a disc lying flat on the table top, taken over its whole
//! face, and the rolling resistance of whatever rests on the table.
//!
//! Rapier's friction acts at one point of a contact (its "simplified" model:
//! one sliding constraint and one twist constraint per contact, each with
//! its own limit), so a disc's slide and its spin are braked apart: spin
//! does not lengthen the slide, and the two stop at unrelated times. On a
//! real table the friction at each point of the face opposes that point's
//! own velocity (centre's velocity plus spin × lever), and the force and
//! torque summed over a uniform face couple the two motions: both stop at
//! the same instant, with v / (Rω) tending to about 0.653 (Farkas, Bartels,
//! Unger & Wolf, PRL 90, 248302, 2003; Weidman & Malhotra, Physica D 233,
//! 2007). The contact hook ([`super::contact_hooks`]) takes Rapier's
//! friction off a disc's contact with the table top while the disc lies
//! flat and slips (faster than one step of this friction stops; slower, it
//! is at rest and Rapier's static friction holds it) and marks the
//! contact; after each step, [`apply`] brakes the disc
//! by Coulomb friction summed over equal-area cells of its face (tabulated
//! once over the ratio of slide to spin, [`face`]), with its weight as the
//! normal force. Only awake bodies are looked at.
//!
//! Rapier has no rolling resistance either: a piece rocking or rolling on
//! the table keeps going (docs/physics.md, "Every flick comes to rest").
//! [`apply`] also brakes the tilting and rolling spin (about horizontal
//! axes) of every body touching the table top by a torque of at most
//! `rolling_resistance × N` (the classic rolling-resistance lever, metres).

use bevy::math::{Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::{ColliderHandle, PhysicsPipeline};

use super::contact_hooks::{FACE, ThinPieceHooks};
use super::contact_pairs::ContactPairs;
use super::face_law::face;
use super::table::TableIndex;
use super::world::{RapierSets, Stepping};
use crate::scenario::PhysicsProfile;

/// After a step of `dt` seconds under gravity `g`: brakes each disc lying
/// flat on the table top by its face's friction (the contacts the hook
/// marked [`FACE`]: μ is the pair's own when the profile sets it
/// ([`ContactPairs`]), else the disc's and the table's averaged, Rapier's
/// rule), and everything resting on the table top by rolling
/// resistance of lever `rolling` (m). `table` is the table top's collider;
/// only awake bodies are looked at, each by its first collider that touches
/// the table top.
/// The normal force is the body's weight: the impulse Rapier's soft
/// contacts record for a disc at rest is 1.25 times its weight's (measured),
/// so it serves only to tell that the contact carried a load this step (and
/// caps the rolling brake of a body partly held up by others). A motion the
/// brake would reverse within the step is stopped instead.
pub fn apply(
    sets: &mut RapierSets,
    table: ColliderHandle,
    (g, dt): (f32, f32),
    (face_friction, rolling): (bool, f32),
    pairs: &ContactPairs,
) {
    let RapierSets {
        islands,
        narrow_phase: narrow,
        colliders,
        bodies,
        ..
    } = sets;
    let Some(top) = colliders.get(table) else {
        return;
    };
    // Only what is awake: a flick wakes few of the table's pieces.
    for h in islands.active_bodies() {
        let Some(rb) = bodies.get(h) else { continue };
        if !rb.is_dynamic() {
            continue;
        }
        // The body's contact with the table top (its first collider that has one).
        let Some((other, pair)) = rb
            .colliders()
            .iter()
            .find_map(|&c| narrow.contact_pair(c, table).map(|p| (c, p)))
        else {
            continue;
        };
        let Some(co) = colliders.get(other) else {
            continue;
        };
        let mut face_impulse = 0.0f32;
        let mut impulse = 0.0f32;
        let mut leaving = None;
        for m in &pair.manifolds {
            let j: f32 = m.points.iter().map(|p| p.data.impulse).sum();
            impulse += j;
            if m.data.user_data & FACE != 0 {
                face_impulse += j;
            }
            if j > 0.0
                && let Some(speed) = super::landing::leaving_speed(m.data.user_data)
            {
                leaving = Some(speed);
            }
        }
        if impulse <= 0.0 {
            continue;
        }
        let Some(rb) = bodies.get_mut(h) else {
            continue;
        };
        if rb.is_sleeping() {
            continue;
        }
        let inv_mass = rb.mass_properties().effective_inv_mass.x;
        let weight = rb.mass() * g * dt;
        let inv_inertia = rb.mass_properties().effective_world_inv_inertia;
        let mut linvel = rb.linvel();
        let mut angvel = rb.angvel();
        if face_friction && face_impulse > 0.0 {
            let mu = pairs.friction(co, top);
            let radius = co.shape().compute_local_aabb().half_extents().x;
            let v = Vec2::new(linvel.x, linvel.z);
            let (f, t) = face(radius, v, angvel.y);
            let budget = mu * weight;
            let dv = f * budget * inv_mass;
            let dw = t * budget * inv_inertia.m22;
            let v = if dv.length_squared() >= v.length_squared() {
                Vec2::ZERO
            } else {
                v + dv
            };
            linvel = Vec3::new(v.x, linvel.y, v.y);
            angvel.y = if dw.abs() >= angvel.y.abs() {
                0.0
            } else {
                angvel.y + dw
            };
        }
        if rolling > 0.0 {
            // Tilting and rolling: the spin about horizontal axes.
            let tilt = Vec3::new(angvel.x, 0.0, angvel.z);
            let w = tilt.length();
            if w > 0.0 {
                let axis = tilt / w;
                let inv_i = (inv_inertia * axis).dot(axis);
                let dw = rolling * impulse.min(weight) * inv_i;
                let kept = if dw >= w { 0.0 } else { (w - dw) / w };
                angvel = Vec3::new(angvel.x * kept, angvel.y, angvel.z * kept);
            }
        }
        if let Some(speed) = leaving {
            linvel.y = speed;
        }
        rb.set_linvel(linvel, false);
        rb.set_angvel(angvel, false);
    }
}

/// What the flick table runs each Rapier step with: its contact hook and
/// the laws above, as the profile says.
#[derive(Clone, Debug)]
pub struct ContactLaws {
    pub hooks: ThinPieceHooks,
    pub table_top: Option<ColliderHandle>,
    pub rolling: f32,
}

impl ContactLaws {
    /// The laws of `profile` on the table of `index`.
    pub fn new(profile: &PhysicsProfile, index: &TableIndex) -> Self {
        ContactLaws {
            hooks: ThinPieceHooks {
                face_friction: profile.contact.face_friction,
                line_of_centres: profile.contact.line_of_centres,
                flat_landing: profile.contact.flat_landing,
                pairs: ContactPairs::new(profile),
                gravity_step: profile.gravity * profile.solver.dt,
                gravity: profile.gravity,
            },
            table_top: index.table_top(),
            rolling: profile.contact.rolling_resistance,
        }
    }

    /// One fixed step of `sets` under these laws, `after` given the sets
    /// after each Rapier step (once the laws have braked what they brake).
    pub fn step(
        &self,
        sets: &mut RapierSets,
        pipeline: &mut PhysicsPipeline,
        stepping: &Stepping,
        mut after: impl FnMut(&RapierSets),
    ) {
        sets.step(pipeline, stepping, &self.hooks, |s| {
            if let Some(top) = self.table_top
                && (self.hooks.face_friction || self.rolling > 0.0 || self.hooks.flat_landing)
            {
                let g = -stepping.gravity.y;
                let dt = stepping.params.dt;
                let laws = (self.hooks.face_friction, self.rolling);
                apply(s, top, (g, dt), laws, &self.hooks.pairs);
            }
            after(s);
        });
    }
}
