//! Friction and restitution for pairs of materials (the profile's `pairs`):
//! Rapier gives each collider one coefficient and averages the two where
//! they touch; a pair the profile sets has its own values instead, put on
//! the contact by the table's hook ([`crate::physics::contact_hooks`]).
//! Each collider carries its material's number in its `user_data`
//! ([`material_bits`]), so the hook finds the pair without a lookup by handle.

use std::sync::Arc;

use bevy_rapier3d::rapier::prelude::Collider;

use crate::scenario::PhysicsProfile;

/// Where a collider's material number (its place among the profile's
/// materials, plus one; 0: none) sits in its `user_data`.
const SHIFT: u32 = 32;
const MASK: u128 = 0xffff;

/// The `user_data` bits naming material `name` of `profile`.
pub fn material_bits(profile: &PhysicsProfile, name: &str) -> u128 {
    profile
        .materials
        .keys()
        .position(|k| k == name)
        .map_or(0, |i| ((i as u128 + 1) & MASK) << SHIFT)
}

fn material_of(c: &Collider) -> Option<usize> {
    let n = ((c.user_data >> SHIFT) & MASK) as usize;
    n.checked_sub(1)
}

/// The profile's pairs, as the hook reads them: a square table over the
/// materials' numbers. Cheap to clone (the table is shared).
#[derive(Clone, Debug, Default)]
pub struct ContactPairs {
    materials: usize,
    table: Arc<[Option<(f32, f32)>]>,
}

impl ContactPairs {
    pub fn new(profile: &PhysicsProfile) -> Self {
        let names: Vec<&String> = profile.materials.keys().collect();
        let n = names.len();
        let mut table = vec![None; n * n];
        for p in &profile.pairs {
            let at = |m: &String| names.iter().position(|k| *k == m);
            if let (Some(a), Some(b)) = (at(&p.between.0), at(&p.between.1)) {
                table[a * n + b] = Some((p.friction, p.restitution));
                table[b * n + a] = Some((p.friction, p.restitution));
            }
        }
        ContactPairs {
            materials: n,
            table: table.into(),
        }
    }

    /// Whether the profile sets no pair (the hook has nothing to do).
    pub fn is_empty(&self) -> bool {
        self.table.iter().all(Option::is_none)
    }

    /// Whether material `name` of `profile` is in a pair set apart: its
    /// colliders must run the hook.
    pub fn in_a_pair(profile: &PhysicsProfile, name: &str) -> bool {
        profile
            .pairs
            .iter()
            .any(|p| p.between.0 == name || p.between.1 == name)
    }

    /// The pair's friction and restitution where `a` and `b` touch, when
    /// the profile sets them.
    pub fn between(&self, a: &Collider, b: &Collider) -> Option<(f32, f32)> {
        let (i, j) = (material_of(a)?, material_of(b)?);
        if i >= self.materials || j >= self.materials {
            return None;
        }
        self.table[i * self.materials + j]
    }

    /// The friction where `a` and `b` touch: the pair's, or the two
    /// colliders' averaged (Rapier's rule).
    pub fn friction(&self, a: &Collider, b: &Collider) -> f32 {
        self.between(a, b)
            .map_or((a.friction() + b.friction()) / 2.0, |(f, _)| f)
    }
}
