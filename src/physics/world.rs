//! Raw-Rapier worlds (no Bevy around them), built and stepped in one place:
//! the sets a step reads or writes ([`RapierSets`]) and what it runs under
//! ([`Stepping`]). The table ([`super::Table`]), its bare copy in the bench
//! ([`super::raw::RawWorld`]), the card table's dice tray and The
//! Gunfighter's toss range are all made of these. Plain `Clone + Send`
//! values, so forking a world is a clone; the [`PhysicsPipeline`] that steps
//! one is scratch space only, kept by whoever steps it.

use bevy::math::Vec3;
use bevy_rapier3d::rapier::prelude::{
    CCDSolver, ColliderSet, DefaultBroadPhase, ImpulseJointSet, IntegrationParameters,
    IslandManager, MultibodyJointSet, NarrowPhase, PhysicsHooks, PhysicsPipeline, RigidBodySet,
};

use crate::scenario::PhysicsProfile;

/// Every piece of Rapier state that a step reads or writes: cloning it forks
/// the world, restoring it puts the world back bit for bit.
#[derive(Clone)]
pub struct RapierSets {
    pub islands: IslandManager,
    pub broad_phase: DefaultBroadPhase,
    pub narrow_phase: NarrowPhase,
    pub ccd_solver: CCDSolver,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub impulse_joints: ImpulseJointSet,
    pub multibody_joints: MultibodyJointSet,
}

/// What a world's steps run under: gravity, Rapier's settings, and how many
/// Rapier steps (of `params.dt` each) make one fixed step.
#[derive(Clone, Copy, Debug)]
pub struct Stepping {
    pub gravity: Vec3,
    pub params: IntegrationParameters,
    pub substeps: usize,
}

impl Stepping {
    /// The table's stepping, from the profile. Gravity is kept apart
    /// (explicit, not scaled by `length_unit`).
    pub fn from_profile(profile: &PhysicsProfile) -> Self {
        Self {
            gravity: Vec3::new(0.0, -profile.gravity, 0.0),
            params: IntegrationParameters {
                dt: profile.solver.dt / profile.solver.substeps as f32,
                length_unit: profile.solver.length_unit,
                num_solver_iterations: profile.solver.iterations,
                normalized_prediction_distance: profile.solver.prediction_distance
                    / profile.solver.length_unit,
                max_ccd_substeps: profile.solver.ccd_substeps,
                contact_recycling: profile.solver.contact_recycling,
                ..IntegrationParameters::default()
            },
            substeps: profile.solver.substeps,
        }
    }

    /// One Rapier step of `dt` seconds per fixed step, `gravity` m/s²
    /// downward, `length_unit` the typical size of the bodies (Rapier's
    /// scale), everything else Rapier's defaults.
    pub fn single(gravity: f32, dt: f32, length_unit: f32) -> Self {
        Self {
            gravity: Vec3::new(0.0, -gravity, 0.0),
            params: IntegrationParameters {
                dt,
                length_unit,
                ..IntegrationParameters::default()
            },
            substeps: 1,
        }
    }
}

impl RapierSets {
    /// The sets around these bodies and colliders: no contacts yet, no joints.
    pub fn new(bodies: RigidBodySet, colliders: ColliderSet) -> Self {
        Self {
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::new(),
            narrow_phase: NarrowPhase::new(),
            ccd_solver: CCDSolver::new(),
            bodies,
            colliders,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
        }
    }

    /// One fixed step: `stepping.substeps` Rapier steps with `hooks` (and no
    /// event handler), `after` given the sets after each of them.
    pub fn step(
        &mut self,
        pipeline: &mut PhysicsPipeline,
        stepping: &Stepping,
        hooks: &dyn PhysicsHooks,
        mut after: impl FnMut(&mut Self),
    ) {
        for _ in 0..stepping.substeps {
            pipeline.step(
                stepping.gravity,
                &stepping.params,
                &mut self.islands,
                &mut self.broad_phase,
                &mut self.narrow_phase,
                &mut self.bodies,
                &mut self.colliders,
                &mut self.impulse_joints,
                &mut self.multibody_joints,
                &mut self.ccd_solver,
                hooks,
                &(),
            );
            after(self);
        }
    }
}

/// A small world of its own (the dice tray, the toss range): empty sets to
/// build in, stepped one Rapier step at a time with no hooks.
#[derive(Clone)]
pub struct World {
    pub stepping: Stepping,
    pub sets: RapierSets,
}

impl World {
    /// An empty world: `gravity` m/s² downward, steps of `dt` seconds,
    /// `length_unit` the typical size of its bodies (Rapier's scale).
    pub fn new(gravity: f32, dt: f32, length_unit: f32) -> Self {
        World {
            stepping: Stepping::single(gravity, dt, length_unit),
            sets: RapierSets::new(RigidBodySet::new(), ColliderSet::new()),
        }
    }

    /// One step of `dt`.
    pub fn step(&mut self, pipeline: &mut PhysicsPipeline) {
        self.sets.step(pipeline, &self.stepping, &(), |_| {});
    }
}
