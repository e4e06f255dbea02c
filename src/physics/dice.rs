//! Real dice: a six-sided die thrown into a felt dice tray on raw Rapier (no Bevy
//! around it, so it runs headless, off the main thread or in a bench), run to
//! rest, and read from the face that ends up on top. A die that comes to rest
//! cocked (leaning on a card, a deck or the wall) or out of the tray is thrown
//! again, as at a real table.
//!
//! The tray is a plain `Clone + Send` value: forking it for a throw is a clone.
//! Everything physical comes from the profile's `dice` section
//! ([`crate::scenario::profile::DiceSpec`]).

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::*;
use rand::Rng;

use crate::scenario::profile::DiceSpec;

/// The die's faces: the body axis that points up when the face shows, and its
/// number. Opposite faces add up to seven, as on every Western die.
pub const FACES: [(Vec3, u8); 6] = [
    (Vec3::Y, 1),
    (Vec3::NEG_Y, 6),
    (Vec3::X, 2),
    (Vec3::NEG_X, 5),
    (Vec3::Z, 3),
    (Vec3::NEG_Z, 4),
];

/// The face showing on a die at `rotation`, if one points up within
/// `tolerance_deg` of vertical (otherwise the die is cocked).
pub fn face_up(rotation: Quat, tolerance_deg: f32) -> Option<u8> {
    let (axis, face) = FACES
        .iter()
        .map(|&(axis, face)| ((rotation * axis).y, face))
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    (axis >= tolerance_deg.to_radians().cos()).then_some(face)
}

/// The rotation that shows `face` on top (turned by `yaw` about the vertical).
pub fn rotation_showing(face: u8, yaw: f32) -> Quat {
    let axis = FACES
        .iter()
        .find(|(_, f)| *f == face)
        .map(|(a, _)| *a)
        .unwrap_or(Vec3::Y);
    Quat::from_rotation_y(yaw) * Quat::from_rotation_arc(axis, Vec3::Y)
}

/// How a die came to rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Flat on the tray's floor, this face up.
    Face(u8),
    /// Resting tilted: on something, or against a wall.
    Cocked,
    /// It left the tray (or never came to rest in time).
    Lost,
}

/// A die's pose, tray coordinates (the tray floor's centre is the origin, y up).
pub type Pose = (Vec3, Quat);

/// A throw's starting state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throw {
    pub position: Vec3,
    pub rotation: Quat,
    pub velocity: Vec3,
    pub spin: Vec3,
}

/// One roll as the table saw it: the face read, how many throws it took, and
/// (when asked for) every step's pose of every throw, for the window to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Roll {
    pub face: u8,
    pub rerolls: u32,
    pub steps: u32,
    pub path: Vec<Pose>,
}

/// The dice tray with one die in it.
#[derive(Clone)]
pub struct DiceTray {
    pub spec: DiceSpec,
    world: super::world::World,
    die: RigidBodyHandle,
}

impl DiceTray {
    /// An empty tray (floor and four walls) and one die resting in its middle.
    pub fn new(spec: &DiceSpec, gravity: f32) -> Self {
        let mut world = super::world::World::new(gravity, spec.dt, spec.size);
        let (bodies, colliders) = (&mut world.sets.bodies, &mut world.sets.colliders);
        let felt = |c: ColliderBuilder| {
            c.friction(spec.tray_friction)
                .restitution(spec.tray_restitution)
        };
        let (hx, hz) = (spec.tray_size.0 / 2.0, spec.tray_size.1 / 2.0);
        let wall = spec.wall_thickness;
        let h = spec.wall_height;
        let floor = bodies.insert(RigidBodyBuilder::fixed());
        colliders.insert_with_parent(
            felt(ColliderBuilder::cuboid(hx + wall, 0.01, hz + wall))
                .translation(Vec3::new(0.0, -0.01, 0.0)),
            floor,
            bodies,
        );
        for (centre, half) in [
            (
                Vec3::new(-hx - wall / 2.0, h / 2.0, 0.0),
                Vec3::new(wall / 2.0, h / 2.0, hz + wall),
            ),
            (
                Vec3::new(hx + wall / 2.0, h / 2.0, 0.0),
                Vec3::new(wall / 2.0, h / 2.0, hz + wall),
            ),
            (
                Vec3::new(0.0, h / 2.0, -hz - wall / 2.0),
                Vec3::new(hx, h / 2.0, wall / 2.0),
            ),
            (
                Vec3::new(0.0, h / 2.0, hz + wall / 2.0),
                Vec3::new(hx, h / 2.0, wall / 2.0),
            ),
        ] {
            colliders.insert_with_parent(
                felt(ColliderBuilder::cuboid(half.x, half.y, half.z)).translation(centre),
                floor,
                bodies,
            );
        }
        let s = spec.size / 2.0;
        let die = bodies.insert(
            RigidBodyBuilder::dynamic()
                .translation(Vec3::new(0.0, s, 0.0))
                .linear_damping(spec.linear_damping)
                .angular_damping(spec.angular_damping)
                .ccd_enabled(true),
        );
        colliders.insert_with_parent(
            ColliderBuilder::round_cuboid(
                s - spec.edge_radius,
                s - spec.edge_radius,
                s - spec.edge_radius,
                spec.edge_radius,
            )
            .density(spec.density)
            .friction(spec.friction)
            .restitution(spec.restitution),
            die,
            bodies,
        );
        {
            let a = bodies[die].activation_mut();
            a.normalized_linear_threshold = spec.sleep_speed;
            a.time_until_sleep = spec.time_until_sleep;
        }
        DiceTray {
            spec: spec.clone(),
            world,
            die,
        }
    }

    /// Puts a fixed box in the tray (a card, a deck), by its half extents.
    pub fn add_obstacle(&mut self, half_extents: Vec3, centre: Vec3, rotation: Quat) {
        let body = self.world.sets.bodies.insert(
            RigidBodyBuilder::fixed()
                .translation(centre)
                .rotation(rotation.to_scaled_axis()),
        );
        self.world.sets.colliders.insert_with_parent(
            ColliderBuilder::cuboid(half_extents.x, half_extents.y, half_extents.z)
                .friction(self.spec.tray_friction),
            body,
            &mut self.world.sets.bodies,
        );
    }

    /// The die's pose.
    pub fn die_pose(&self) -> Pose {
        let rb = &self.world.sets.bodies[self.die];
        (rb.translation(), *rb.rotation())
    }

    /// Sets the die moving from `throw`.
    pub fn start(&mut self, throw: &Throw) {
        let rb = &mut self.world.sets.bodies[self.die];
        rb.set_translation(throw.position, true);
        rb.set_rotation(throw.rotation, true);
        rb.set_linvel(throw.velocity, true);
        rb.set_angvel(throw.spin, true);
        rb.wake_up(true);
    }

    /// Steps until the die sleeps, leaves the tray or the time cap; records
    /// every step's pose in `path` when given. Returns the steps taken.
    pub fn run_to_rest(&mut self, mut path: Option<&mut Vec<Pose>>) -> u32 {
        let mut pipeline = PhysicsPipeline::new();
        let max_steps = (self.spec.max_seconds / self.spec.dt).ceil() as u32;
        let mut steps = 0;
        while steps < max_steps {
            self.world.step(&mut pipeline);
            steps += 1;
            if let Some(p) = path.as_deref_mut() {
                p.push(self.die_pose());
            }
            let rb = &self.world.sets.bodies[self.die];
            if rb.is_sleeping() || rb.translation().y < -self.spec.size * 4.0 {
                break;
            }
        }
        steps
    }

    /// What the die shows now.
    pub fn read(&self) -> Reading {
        let rb = &self.world.sets.bodies[self.die];
        let (p, r) = (rb.translation(), *rb.rotation());
        let (hx, hz) = (self.spec.tray_size.0 / 2.0, self.spec.tray_size.1 / 2.0);
        let inside = p.x.abs() < hx && p.z.abs() < hz && p.y > 0.0;
        if !inside || !rb.is_sleeping() {
            return Reading::Lost;
        }
        match face_up(r, self.spec.cocked_tolerance_deg) {
            // Flat, but on top of something rather than on the floor.
            Some(_) if p.y > self.spec.size * 0.75 => Reading::Cocked,
            Some(face) => Reading::Face(face),
            None => Reading::Cocked,
        }
    }

    /// A throw from the hand of someone sitting in direction `from` (a unit
    /// vector in the tray's plane, pointing from its centre to the thrower):
    /// released above the tray's near side, toward the far side, with some
    /// randomness in aim, speed, tumble and the die's starting orientation.
    pub fn sample_throw<R: Rng + ?Sized>(&self, from: Vec2, rng: &mut R) -> Throw {
        let s = &self.spec;
        let from = from.try_normalize().unwrap_or(Vec2::NEG_Y);
        let (hx, hz) = (s.tray_size.0 / 2.0, s.tray_size.1 / 2.0);
        // The release point: 70% of the way to the near wall, a little to either side.
        let side = Vec2::new(-from.y, from.x) * rng.random_range(-0.3..0.3);
        let start = Vec2::new(from.x * hx, from.y * hz) * 0.7 + Vec2::new(side.x * hx, side.y * hz);
        let aim = Vec2::from_angle(rng.random_range(-0.35..0.35)).rotate(-from);
        let speed = rng.random_range(s.throw_speed.0..s.throw_speed.1);
        let drop = rng.random_range(s.throw_height.0..s.throw_height.1);
        let spin = Vec3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        ) * s.throw_spin;
        let rotation = Quat::from_euler(
            bevy::math::EulerRot::XYZ,
            rng.random_range(0.0..std::f32::consts::TAU),
            rng.random_range(0.0..std::f32::consts::TAU),
            rng.random_range(0.0..std::f32::consts::TAU),
        );
        Throw {
            position: Vec3::new(start.x, drop, start.y),
            rotation,
            velocity: Vec3::new(aim.x * speed, -0.2 * speed, aim.y * speed),
            spin,
        }
    }

    /// Throws until the die shows a face (cocked or lost throws are thrown
    /// again, up to `max_rerolls`; after that the last throw's nearest face
    /// counts, so a roll always ends). `record`: keep every step's pose.
    pub fn roll<R: Rng + ?Sized>(&mut self, from: Vec2, rng: &mut R, record: bool) -> Roll {
        let first = self.sample_throw(from, rng);
        self.roll_from(first, from, rng, record)
    }

    /// [`DiceTray::roll`] with a given first throw (a die set down by hand, a
    /// scripted throw); the re-throws are sampled.
    pub fn roll_from<R: Rng + ?Sized>(
        &mut self,
        first: Throw,
        from: Vec2,
        rng: &mut R,
        record: bool,
    ) -> Roll {
        let mut path = Vec::new();
        let mut steps = 0;
        let mut rerolls = 0;
        let mut throw = first;
        loop {
            self.start(&throw);
            steps += self.run_to_rest(record.then_some(&mut path));
            let face = match self.read() {
                Reading::Face(face) => Some(face),
                _ if rerolls >= self.spec.max_rerolls => {
                    Some(face_up(self.die_pose().1, 90.0).unwrap_or(1))
                }
                _ => None,
            };
            if let Some(face) = face {
                return Roll {
                    face,
                    rerolls,
                    steps,
                    path,
                };
            }
            rerolls += 1;
            throw = self.sample_throw(from, rng);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_faces_add_up_to_seven_and_each_rotation_shows_its_face() {
        for (axis, face) in FACES {
            let opposite = FACES.iter().find(|(a, _)| *a == -axis).unwrap().1;
            assert_eq!(face + opposite, 7);
            for yaw in [0.0, 1.0, 2.5] {
                assert_eq!(face_up(rotation_showing(face, yaw), 5.0), Some(face));
            }
        }
        // Tilted by 30° about a horizontal axis: cocked at a 10° tolerance.
        let tilted = Quat::from_rotation_x(30f32.to_radians()) * rotation_showing(4, 0.0);
        assert_eq!(face_up(tilted, 10.0), None);
        assert_eq!(face_up(tilted, 45.0), Some(4));
    }
}
