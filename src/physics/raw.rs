//! The same table in a bare rapier3d loop: the yardstick for the table's own
//! overhead in the bench. Its state is a copy of the table's sets, stepped by
//! the same fixed step ([`RapierSets::step`], the same stepping and contact
//! hook), so both run the same physics and take the same steps; what it
//! leaves out is everything the table does around a step (recording,
//! listening, contact tracking, the flick's outcome) and the contact laws
//! the table adds to Rapier's (`contact` in the profile: a disc's face
//! friction, rolling resistance). With those off (the shipped profile) the
//! two run the same physics bit for bit; with them on, the bench's ratio
//! is what they cost per flick, the same flicks before and after in one run.

use bevy::math::{Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::{PhysicsPipeline, RigidBodyHandle};

use super::Table;
use super::face_friction::ContactLaws;
use super::pieces::PieceId;
use super::table::{Stillness, TableIndex};
use super::world::{RapierSets, Stepping};
use crate::scenario::PhysicsProfile;

/// A copy of a [`Table`]'s Rapier state, stepped with nothing around it.
#[derive(Clone)]
pub struct RawWorld {
    pub stepping: Stepping,
    pub sets: RapierSets,
    laws: ContactLaws,
    body_of_piece: Vec<RigidBodyHandle>,
    mass_speed: Vec<f32>,
    max_impulse: f32,
    max_steps: u32,
    fall_depth: f32,
    /// For the table's rest rules (`Stillness`): the same steps as the table.
    index: TableIndex,
    profile: PhysicsProfile,
}

impl RawWorld {
    /// Copies the state of `table` (the same bodies, colliders and contacts).
    pub fn from_table(table: &Table) -> Self {
        let profile = table.profile();
        let index = table.index();
        let body_of_piece: Vec<_> = index.pieces.iter().map(|p| p.body).collect();
        let mass_speed = index
            .pieces
            .iter()
            .map(|p| match p.kind {
                super::pieces::PieceKind::Disc(super::pieces::DiscKind::Movement) => {
                    profile.flick.movement_disc_speed
                }
                super::pieces::PieceKind::Disc(super::pieces::DiscKind::Bullet) => {
                    profile.flick.bullet_speed
                }
                _ => profile.flick.other_speed,
            })
            .collect();
        Self {
            stepping: Stepping::from_profile(profile),
            sets: table.state().clone(),
            laws: ContactLaws::new(&without_contact_laws(profile), index),
            body_of_piece,
            mass_speed,
            max_impulse: profile.flick.max_impulse,
            max_steps: (profile.solver.max_flick_seconds / profile.solver.dt).ceil() as u32,
            fall_depth: profile.table.fall_depth,
            index: index.clone(),
            profile: profile.clone(),
        }
    }

    /// One fixed step (the table's `substeps` Rapier steps).
    pub fn step(&mut self, pipeline: &mut PhysicsPipeline) {
        // The same contact hook as the table's, Rapier's own contacts.
        self.laws
            .step(&mut self.sets, pipeline, &self.stepping, |_| {});
    }

    /// The same impulse as a centred `Flick`, then steps until every body sleeps
    /// (or the time cap). Returns the number of steps.
    pub fn flick_to_rest(
        &mut self,
        pipeline: &mut PhysicsPipeline,
        piece: PieceId,
        direction: Vec2,
        strength: f32,
    ) -> u32 {
        let h = self.body_of_piece[piece.0 as usize];
        let speed = self.mass_speed[piece.0 as usize];
        let d = direction.normalize_or_zero();
        let rb = &mut self.sets.bodies[h];
        let magnitude = (strength.clamp(0.0, 1.0) * speed * rb.mass()).min(self.max_impulse);
        rb.apply_impulse(Vec3::new(d.x, 0.0, d.y) * magnitude, true);
        let mut stillness = Stillness::new(&self.index, &self.sets.bodies, &self.profile);
        let mut steps = 0;
        loop {
            self.step(pipeline);
            steps += 1;
            // Same rule as the game: a piece that drops off the table leaves the simulation.
            let fallen: Vec<_> = self
                .sets
                .islands
                .active_bodies()
                .filter(|h| self.sets.bodies[*h].translation().y < -self.fall_depth)
                .collect();
            for h in fallen {
                self.sets.bodies[h].set_enabled(false);
            }
            let still = stillness.settle(
                steps,
                &self.index,
                &self.sets.islands,
                &mut self.sets.bodies,
                &self.profile,
            );
            if still {
                // As the table does: step until Rapier files the islands asleep.
                let cap = super::table::filing_steps(&self.profile);
                let mut k = 0;
                while k < cap && self.sets.islands.active_bodies().next().is_some() {
                    if stillness.frozen() {
                        super::table::sleep_awake(&self.sets.islands, &mut self.sets.bodies);
                    }
                    self.step(pipeline);
                    k += 1;
                }
            }
            if still
                || self.sets.islands.active_bodies().next().is_none()
                || steps >= self.max_steps
            {
                return steps;
            }
        }
    }

    pub fn translation(&self, piece: PieceId) -> Vec3 {
        self.sets.bodies[self.body_of_piece[piece.0 as usize]].translation()
    }
}

/// `profile` with the table's contact laws off: Rapier's own contacts.
fn without_contact_laws(profile: &PhysicsProfile) -> PhysicsProfile {
    let mut p = profile.clone();
    p.contact.face_friction = false;
    p.contact.rolling_resistance = 0.0;
    p.contact.line_of_centres = false;
    p.contact.flat_landing = false;
    p
}
