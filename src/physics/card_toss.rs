//! The Gunfighter's tosses: a playing card tossed at a play mat's hole on raw
//! Rapier (no Bevy around it: headless, off the main thread, in benches), run
//! to rest, and read with the golden rule: it counts only when it lies wholly
//! inside the hole ([`crate::cards::gunfighter::mat::Hole::holds`]).
//!
//! The mat is a foam slab with a rectangular pocket cut through it: a card
//! that drops into the pocket slides to its wall and stays; one that lands on
//! the foam slides on or rests across the edge. Everything physical comes from
//! the profile's `cards` section ([`crate::scenario::profile::CardTossSpec`]).

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::*;
use rand::Rng;
use rand_distr::{Distribution, Normal};

use crate::cards::gunfighter::mat::{CardRest, Hole};
use crate::scenario::profile::CardTossSpec;

/// How a toss is thrown: from `distance` metres before the hole's centre (on
/// its -x side), released at the spec's height, lobbed at `angle` (radians
/// above horizontal) with `speed`, turned `yaw` off the straight line, the
/// card spun about its face normal at `spin` rad/s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardThrow {
    pub distance: f32,
    pub yaw: f32,
    pub angle: f32,
    pub speed: f32,
    pub spin: f32,
}

/// Where a tossed card came to rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TossResult {
    pub rest: CardRest,
    pub in_hole: bool,
    pub at_rest: bool,
    pub steps: u32,
}

/// A mat with one card ready to be tossed at it.
#[derive(Clone)]
pub struct TossRange {
    pub spec: CardTossSpec,
    world: super::world::World,
    card: RigidBodyHandle,
}

impl TossRange {
    /// The table, a mat lying on it with its hole centred at the origin, and
    /// one card.
    pub fn new(spec: &CardTossSpec, gravity: f32) -> Self {
        let mut world = super::world::World::new(gravity, spec.dt, spec.card_size.0);
        let (bodies, colliders) = (&mut world.bodies, &mut world.colliders);
        let ground = bodies.insert(RigidBodyBuilder::fixed());
        // The table.
        colliders.insert_with_parent(
            ColliderBuilder::cuboid(2.0, 0.01, 2.0)
                .translation(Vec3::new(0.0, -0.01, 0.0))
                .friction(spec.table_friction)
                .restitution(spec.mat_restitution),
            ground,
            bodies,
        );
        // The mat: four slabs framing the hole.
        let (mx, mz) = (spec.mat_size.0 / 2.0, spec.mat_size.1 / 2.0);
        let (hx, hz) = (spec.hole_size.0 / 2.0, spec.hole_size.1 / 2.0);
        let t = spec.mat_thickness / 2.0;
        for (centre, half) in [
            (
                Vec3::new(-(mx + hx) / 2.0, t, 0.0),
                Vec3::new((mx - hx) / 2.0, t, mz),
            ),
            (
                Vec3::new((mx + hx) / 2.0, t, 0.0),
                Vec3::new((mx - hx) / 2.0, t, mz),
            ),
            (
                Vec3::new(0.0, t, -(mz + hz) / 2.0),
                Vec3::new(hx, t, (mz - hz) / 2.0),
            ),
            (
                Vec3::new(0.0, t, (mz + hz) / 2.0),
                Vec3::new(hx, t, (mz - hz) / 2.0),
            ),
        ] {
            colliders.insert_with_parent(
                ColliderBuilder::cuboid(half.x, half.y, half.z)
                    .translation(centre)
                    .friction(spec.mat_friction)
                    .restitution(spec.mat_restitution),
                ground,
                bodies,
            );
        }
        let (cx, cz) = (spec.card_size.0 / 2.0, spec.card_size.1 / 2.0);
        let ct = spec.card_thickness / 2.0;
        let card = bodies.insert(
            RigidBodyBuilder::dynamic()
                .translation(Vec3::new(-1.0, 0.1, 0.0))
                .linear_damping(spec.linear_damping)
                .angular_damping(spec.angular_damping)
                .ccd_enabled(true),
        );
        colliders.insert_with_parent(
            ColliderBuilder::cuboid(cx, ct, cz)
                .density(spec.card_density)
                .friction(spec.card_friction)
                .restitution(spec.card_restitution),
            card,
            bodies,
        );
        {
            let a = bodies[card].activation_mut();
            a.normalized_linear_threshold = spec.sleep_speed / spec.card_size.0;
            a.time_until_sleep = spec.time_until_sleep;
        }
        TossRange {
            spec: spec.clone(),
            world,
            card,
        }
    }

    /// The hole, seen from above.
    pub fn hole(&self) -> Hole {
        Hole {
            centre: Vec2::ZERO,
            half: Vec2::new(self.spec.hole_size.0, self.spec.hole_size.1) / 2.0,
            yaw: 0.0,
        }
    }

    /// The card's pose (position, rotation).
    pub fn card_pose(&self) -> (Vec3, Quat) {
        let rb = &self.world.bodies[self.card];
        (rb.translation(), *rb.rotation())
    }

    /// The throw that lands a card on the hole's centre with no error: a lob
    /// at the spec's angle, its speed solved for the drag (linear damping).
    pub fn aimed(&self, distance: f32) -> CardThrow {
        let s = &self.spec;
        let g = -self.world.gravity.y;
        let c = s.linear_damping.max(1e-3);
        let angle = s.release_angle_deg.to_radians();
        // Horizontal x(t) = u/c (1 - e^{-ct}); vertical with drag solved by
        // bisection on the speed for landing at `distance`.
        let land = |speed: f32| -> f32 {
            let (u, w) = (speed * angle.cos(), speed * angle.sin());
            let mut t = 0.0;
            let dt = 1e-3;
            loop {
                t += dt;
                let e = (-c * t).exp();
                let y = s.release_height + (w + g / c) / c * (1.0 - e) - g / c * t;
                if y <= 0.0 || t > 5.0 {
                    return u / c * (1.0 - e);
                }
            }
        };
        let (mut lo, mut hi) = (0.01f32, 20.0f32);
        for _ in 0..40 {
            let mid = 0.5 * (lo + hi);
            if land(mid) < distance {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        CardThrow {
            distance,
            yaw: 0.0,
            angle,
            speed: 0.5 * (lo + hi),
            spin: s.release_spin,
        }
    }

    /// A person's throw of `aimed`: angle off line and speed off by normal
    /// errors of `yaw_sd` (radians) and `speed_sd` (relative).
    pub fn shaken<R: Rng + ?Sized>(
        aimed: CardThrow,
        yaw_sd: f32,
        speed_sd: f32,
        rng: &mut R,
    ) -> CardThrow {
        let n = |sd: f32, rng: &mut R| {
            if sd > 0.0 {
                Normal::new(0.0, sd).expect("finite sd").sample(rng)
            } else {
                0.0
            }
        };
        CardThrow {
            yaw: aimed.yaw + n(yaw_sd, rng),
            speed: (aimed.speed * (1.0 + n(speed_sd, rng))).max(0.0),
            ..aimed
        }
    }

    /// Tosses the card and runs it to rest; `path` gets every step's pose.
    pub fn toss(
        &mut self,
        throw: &CardThrow,
        mut path: Option<&mut Vec<(Vec3, Quat)>>,
    ) -> TossResult {
        let s = self.spec.clone();
        let dir = Vec2::from_angle(throw.yaw);
        let start = -dir * throw.distance;
        {
            let rb = &mut self.world.bodies[self.card];
            rb.set_translation(Vec3::new(start.x, s.release_height, start.y), true);
            // Face up, its long side across the line of flight, nose a little up.
            rb.set_rotation(Quat::from_rotation_y(-throw.yaw), true);
            let (u, w) = (
                throw.speed * throw.angle.cos(),
                throw.speed * throw.angle.sin(),
            );
            rb.set_linvel(Vec3::new(dir.x * u, w, dir.y * u), true);
            rb.set_angvel(Vec3::new(0.0, throw.spin, 0.0), true);
            rb.wake_up(true);
        }
        let mut pipeline = PhysicsPipeline::new();
        let max_steps = (s.max_seconds / s.dt).ceil() as u32;
        let mut steps = 0;
        let mut at_rest = false;
        while steps < max_steps {
            self.world.step(&mut pipeline);
            steps += 1;
            if let Some(p) = path.as_deref_mut() {
                p.push(self.card_pose());
            }
            let rb = &self.world.bodies[self.card];
            if rb.is_sleeping() {
                at_rest = true;
                break;
            }
            if rb.translation().y < -0.5 {
                break;
            }
        }
        let (p, r) = self.card_pose();
        let normal = r * Vec3::Y;
        let across = r * Vec3::X;
        let rest = CardRest {
            centre: Vec2::new(p.x, p.z),
            half: Vec2::new(s.card_size.0, s.card_size.1) / 2.0,
            yaw: across.z.atan2(across.x),
            tilt: normal.y.abs().min(1.0).acos(),
        };
        // Resting on the table's floor inside the pocket, not on the foam.
        let low = p.y < s.mat_thickness * 0.5;
        TossResult {
            rest,
            in_hole: at_rest && low && self.hole().holds(&rest),
            at_rest,
            steps,
        }
    }
}

/// What a run of tosses measured.
#[derive(Clone, Debug, PartialEq)]
pub struct TossReport {
    pub tosses: usize,
    /// Wholly inside the hole.
    pub hits: usize,
    /// Per toss run to rest, microseconds.
    pub median_us: f64,
    pub p90_us: f64,
    pub steps_median: u32,
    /// Cut off by the time cap.
    pub not_at_rest: usize,
}

/// `tosses` tosses at a hole `distance` metres away through a hand with the
/// given errors, one core, each timed.
pub fn bench(
    spec: &CardTossSpec,
    gravity: f32,
    (yaw_sd, speed_sd): (f32, f32),
    distance: f32,
    tosses: usize,
    seed: u64,
) -> TossReport {
    use rand::SeedableRng;
    let range = TossRange::new(spec, gravity);
    let aimed = range.aimed(distance);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut times = Vec::with_capacity(tosses);
    let mut steps = Vec::with_capacity(tosses);
    let (mut hits, mut not_at_rest) = (0, 0);
    for _ in 0..tosses {
        let t = TossRange::shaken(aimed, yaw_sd, speed_sd, &mut rng);
        let started = std::time::Instant::now();
        let mut fork = range.clone();
        let r = fork.toss(&t, None);
        times.push(started.elapsed().as_secs_f64() * 1e6);
        steps.push(r.steps);
        hits += usize::from(r.in_hole);
        not_at_rest += usize::from(!r.at_rest);
    }
    times.sort_by(f64::total_cmp);
    steps.sort();
    let at = |q: f64| {
        times
            .get(((times.len().max(1) - 1) as f64 * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    TossReport {
        tosses,
        hits,
        median_us: at(0.5),
        p90_us: at(0.9),
        steps_median: steps.get(steps.len() / 2).copied().unwrap_or(0),
        not_at_rest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn range() -> TossRange {
        TossRange::new(&CardTossSpec::default(), 9.81)
    }

    #[test]
    fn an_aimed_toss_lands_in_the_hole_and_a_long_one_does_not() {
        let r = range();
        let aimed = r.aimed(0.4);
        let mut a = r.clone();
        let hit = a.toss(&aimed, None);
        println!("aimed {aimed:?} -> {hit:?}");
        assert!(hit.at_rest);
        assert!(hit.in_hole, "{hit:?}");
        let mut b = r.clone();
        let long = b.toss(
            &CardThrow {
                speed: aimed.speed * 1.5,
                ..aimed
            },
            None,
        );
        println!("long -> {long:?}");
        assert!(!long.in_hole, "{long:?}");
    }

    #[test]
    fn a_toss_gives_the_same_bits_twice() {
        let r = range();
        let t = TossRange::shaken(r.aimed(0.4), 0.05, 0.1, &mut ChaCha8Rng::seed_from_u64(4));
        let (mut a, mut b) = (r.clone(), r.clone());
        let (x, y) = (a.toss(&t, None), b.toss(&t, None));
        assert_eq!(x, y);
        assert_eq!(a.card_pose(), b.card_pose());
    }
}
