//! A small raw-Rapier world (no Bevy around it): the sets and solver state a
//! self-contained simulation needs, stepped with no hooks. Shared by the card
//! table's dice tray and The Gunfighter's toss range; a plain `Clone + Send`
//! value, so forking a world for one throw is a clone.

use bevy::math::Vec3;
use bevy_rapier3d::rapier::prelude::*;

#[derive(Clone)]
pub struct World {
    pub gravity: Vec3,
    pub params: IntegrationParameters,
    pub islands: IslandManager,
    pub broad_phase: DefaultBroadPhase,
    pub narrow_phase: NarrowPhase,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub impulse_joints: ImpulseJointSet,
    pub multibody_joints: MultibodyJointSet,
    pub ccd: CCDSolver,
}

impl World {
    /// An empty world: `gravity` m/s² downward, steps of `dt` seconds,
    /// `length_unit` the typical size of its bodies (Rapier's scale).
    pub fn new(gravity: f32, dt: f32, length_unit: f32) -> Self {
        let mut params = IntegrationParameters {
            dt,
            ..Default::default()
        };
        params.length_unit = length_unit;
        World {
            gravity: Vec3::new(0.0, -gravity, 0.0),
            params,
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::new(),
            narrow_phase: NarrowPhase::new(),
            bodies: RigidBodySet::new(),
            colliders: ColliderSet::new(),
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            ccd: CCDSolver::new(),
        }
    }

    /// One step of `dt`.
    pub fn step(&mut self, pipeline: &mut PhysicsPipeline) {
        pipeline.step(
            self.gravity,
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.impulse_joints,
            &mut self.multibody_joints,
            &mut self.ccd,
            &(),
            &(),
        );
    }
}
