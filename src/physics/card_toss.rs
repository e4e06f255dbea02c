//! The Gunfighter's tosses: a playing card tossed at a play mat's hole on raw
//! Rapier (no Bevy around it: headless, off the main thread, in benches), run
//! to rest, and read with the golden rule: it counts only when it lies wholly
//! inside the hole ([`super::card_mat::Hole::holds`]).
//!
//! The mat is a foam slab with a rectangular pocket cut through it: a card
//! that drops into the pocket slides to its wall and stays; one that lands on
//! the foam slides on or rests across the edge. Everything physical comes from
//! the profile's `cards` section ([`crate::scenario::profile::CardTossSpec`]).

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::*;
use rand::Rng;
use rand_distr::{Distribution, Normal};

use super::card_mat::{CardRest, Hole};
use crate::scenario::profile::CardTossSpec;

/// How a toss is thrown, in the hole's frame (the hole's centre at the
/// origin, its width along x): released at `from` (metres on the table
/// plane, at the spec's height), heading `heading` (radians from +x toward
/// +z), lobbed at `angle` (radians above horizontal) with `speed`, the card
/// turned `turn` (its width's direction, radians from +x toward +z: the
/// heading lays its long side across the flight) and spun about its face
/// normal at `spin` rad/s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardThrow {
    pub from: Vec2,
    pub heading: f32,
    pub turn: f32,
    pub angle: f32,
    pub speed: f32,
    pub spin: f32,
}

impl CardThrow {
    /// How far the release point is from the hole's centre.
    pub fn distance(&self) -> f32 {
        self.from.length()
    }
}

/// The air's force on a flat card (newtons): a flat plate's normal force,
/// `½ρA|v|²·min(lift_slope·|α|, plate_drag)` against the flow through
/// the card's face (α: the angle between the card's plane and its velocity;
/// at small α this is lift with the slope of a low-aspect-ratio plate, at
/// large α the drag of a plate falling flat), plus skin friction
/// `½ρA·skin_friction·|v|·v` against the velocity. `normal` is the card's face
/// normal, `area` its face area.
pub fn air_force(spec: &CardTossSpec, velocity: Vec3, normal: Vec3, area: f32) -> Vec3 {
    let speed = velocity.length();
    if speed < 1e-6 {
        return Vec3::ZERO;
    }
    let q = 0.5 * spec.air_density * area * speed * speed;
    let through = (velocity.dot(normal) / speed).clamp(-1.0, 1.0); // sin α, signed
    let coefficient = (spec.lift_slope * through.abs().asin()).min(spec.plate_drag);
    let pressure = -normal * through.signum() * q * coefficient;
    let skin = -velocity / speed * q * spec.skin_friction;
    pressure + skin
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
        let (bodies, colliders) = (&mut world.sets.bodies, &mut world.sets.colliders);
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
        let rb = &self.world.sets.bodies[self.card];
        (rb.translation(), *rb.rotation())
    }

    /// The throw that lands a card on the hole's centre with no error, from
    /// `distance` metres on the hole's -x side: a lob at the spec's angle, its
    /// speed found by bisection on where the card, flown through the air on
    /// this range, first touches down.
    pub fn aimed(&self, distance: f32) -> CardThrow {
        self.aimed_from(Vec2::new(-distance, 0.0))
    }

    /// The throw from `from` (hole frame) that comes to rest on the hole's
    /// centre, as a practised hand aims: the speed whose first touchdown is
    /// short of the centre by as far as the card then slides (found by
    /// bisection on touchdowns flown through the air on this range), and the
    /// card turned in the hand so that it comes to rest square with the hole
    /// (its long side along the hole's); both corrected twice by where the
    /// card came to rest.
    pub fn aimed_from(&self, from: Vec2) -> CardThrow {
        let s = &self.spec;
        let to_hole = -from;
        let dir = to_hole.normalize_or_zero();
        let heading = to_hole.y.atan2(to_hole.x);
        let throw = |speed: f32, turn: f32| CardThrow {
            from,
            heading,
            turn,
            angle: s.release_angle_deg.to_radians(),
            speed,
            spin: s.release_spin,
        };
        let touching_down_at = |distance: f32, turn: f32| {
            let (mut lo, mut hi) = (0.05f32, 15.0f32);
            for _ in 0..24 {
                let mid = 0.5 * (lo + hi);
                if self.carry(&throw(mid, turn)) < distance {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            throw(0.5 * (lo + hi), turn)
        };
        let distance = to_hole.length();
        let mut touchdown = distance;
        let mut best = touching_down_at(touchdown, heading);
        for _ in 0..2 {
            let rest = self.clone().toss(&best, None).rest;
            let past = rest.centre.dot(dir);
            // How far the card's width lies off the hole's width (mod a half turn).
            let skew = (rest.yaw + FRAC_PI_2).rem_euclid(PI) - FRAC_PI_2;
            if past.abs() < 0.002 && skew.abs() < 0.02 {
                break;
            }
            touchdown = (touchdown - past).clamp(0.3 * distance, distance);
            best = touching_down_at(touchdown, best.turn - skew);
        }
        best
    }

    /// How far along its heading a throw carries before it first touches
    /// the table or the mat.
    pub fn carry(&self, throw: &CardThrow) -> f32 {
        let mut range = self.clone();
        range.release(throw);
        let mut pipeline = PhysicsPipeline::new();
        let dir = Vec2::from_angle(throw.heading);
        let top = self.spec.mat_thickness + self.spec.card_size.1;
        for _ in 0..(self.spec.max_seconds / self.spec.dt) as u32 {
            range.push_air();
            range.world.step(&mut pipeline);
            let (p, _) = range.card_pose();
            let rb = &range.world.sets.bodies[range.card];
            if p.y < top && rb.linvel().y <= 0.0 && range.touching() {
                return (Vec2::new(p.x, p.z) - throw.from).dot(dir);
            }
        }
        f32::INFINITY
    }

    /// A person's throw of `aimed`: heading off the line and speed off by
    /// normal errors of `yaw_sd` (radians) and `speed_sd` (relative).
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
            heading: aimed.heading + n(yaw_sd, rng),
            speed: (aimed.speed * (1.0 + n(speed_sd, rng))).max(0.0),
            ..aimed
        }
    }

    /// Puts the card in the hand and lets go: face up, its long side across
    /// the line of flight, its plane along the lob with the spec's pitch.
    fn release(&mut self, throw: &CardThrow) {
        let s = &self.spec;
        let dir = Vec2::from_angle(throw.heading);
        let pitch = throw.angle + s.release_pitch_deg.to_radians();
        let rb = &mut self.world.sets.bodies[self.card];
        rb.set_translation(
            Vec3::new(throw.from.x, s.release_height, throw.from.y),
            true,
        );
        // Turned in the hand, then nose-up about the horizontal axis across the flight.
        let across = Vec3::new(-dir.y, 0.0, dir.x);
        rb.set_rotation(
            Quat::from_axis_angle(across, pitch) * Quat::from_rotation_y(-throw.turn),
            true,
        );
        let (u, w) = (
            throw.speed * throw.angle.cos(),
            throw.speed * throw.angle.sin(),
        );
        rb.set_linvel(Vec3::new(dir.x * u, w, dir.y * u), true);
        let normal = *rb.rotation() * Vec3::Y;
        rb.set_angvel(normal * throw.spin, true);
        rb.wake_up(true);
    }

    /// The air's force on the card for the next step (replacing the last).
    fn push_air(&mut self) {
        let area = self.spec.card_size.0 * self.spec.card_size.1;
        let rb = &mut self.world.sets.bodies[self.card];
        rb.reset_forces(false);
        let force = air_force(&self.spec, rb.linvel(), *rb.rotation() * Vec3::Y, area);
        if force != Vec3::ZERO {
            rb.add_force(force, false);
        }
    }

    /// The card touches something (the table, the mat).
    fn touching(&self) -> bool {
        self.world
            .sets
            .narrow_phase
            .contact_pairs()
            .any(|p| p.has_any_active_contact())
    }

    /// Tosses the card and runs it to rest; `path` gets every step's pose.
    pub fn toss(
        &mut self,
        throw: &CardThrow,
        mut path: Option<&mut Vec<(Vec3, Quat)>>,
    ) -> TossResult {
        let s = self.spec.clone();
        self.release(throw);
        let mut pipeline = PhysicsPipeline::new();
        let max_steps = (s.max_seconds / s.dt).ceil() as u32;
        let mut steps = 0;
        let mut at_rest = false;
        while steps < max_steps {
            self.push_air();
            self.world.step(&mut pipeline);
            steps += 1;
            if let Some(p) = path.as_deref_mut() {
                p.push(self.card_pose());
            }
            let rb = &self.world.sets.bodies[self.card];
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
    let at = |q: f64| crate::stats::percentile(&times, q).unwrap_or(0.0);
    TossReport {
        tosses,
        hits,
        median_us: at(0.5),
        p90_us: at(0.9),
        steps_median: crate::stats::percentile(&steps, 0.5).unwrap_or(0),
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

    #[test]
    fn the_air_pushes_on_a_card_falling_flat_and_lifts_one_flown_nose_up() {
        let spec = CardTossSpec::default();
        let area = spec.card_size.0 * spec.card_size.1;
        // Falling flat at 2 m/s: the plate's full drag (α = 90°), straight up.
        let f = air_force(&spec, Vec3::new(0.0, -2.0, 0.0), Vec3::Y, area);
        let q = 0.5 * spec.air_density * area * 4.0;
        assert!(
            (f.y - q * (spec.plate_drag + spec.skin_friction)).abs() < 1e-6,
            "{f}"
        );
        assert!(f.x.abs() < 1e-9 && f.z.abs() < 1e-9);
        // Flown level at 3 m/s, nose up 5 degrees: lift up, drag back.
        let normal = Quat::from_rotation_z(5f32.to_radians()) * Vec3::Y;
        let f = air_force(&spec, Vec3::new(3.0, 0.0, 0.0), normal, area);
        let q = 0.5 * spec.air_density * area * 9.0;
        let lift = q * spec.lift_slope * 5f32.to_radians() * normal.y;
        assert!((f.y - lift).abs() < 1e-6, "{f} vs lift {lift}");
        assert!(f.x < 0.0, "{f}");
        // Flown edge on: skin friction only.
        let f = air_force(&spec, Vec3::new(3.0, 0.0, 0.0), Vec3::Y, area);
        assert!((f.x + q * spec.skin_friction).abs() < 1e-6 && f.y.abs() < 1e-9);
    }

    #[test]
    fn a_card_falls_slower_through_the_air_and_lift_carries_it_farther() {
        let spec = CardTossSpec::default();
        // Dropped from a metre, long enough to near its terminal speed.
        let high = CardTossSpec {
            release_height: 1.0,
            ..spec.clone()
        };
        let still_air = CardTossSpec {
            air_density: 0.0,
            ..high.clone()
        };
        let no_lift = CardTossSpec {
            lift_slope: 0.0,
            plate_drag: 0.0,
            ..spec.clone()
        };
        // Dropped flat from the release height: longer through the air.
        let drop = CardThrow {
            from: Vec2::new(-0.5, 0.0),
            heading: 0.0,
            turn: 0.0,
            angle: 0.0,
            speed: 0.0,
            spin: 0.0,
        };
        let steps_to_land = |spec: &CardTossSpec| {
            let mut r = TossRange::new(spec, 9.81);
            let mut path = Vec::new();
            r.toss(&drop, Some(&mut path));
            path.iter().position(|(p, _)| p.y < 0.01).expect("lands")
        };
        let (air, vacuum) = (steps_to_land(&high), steps_to_land(&still_air));
        println!("flat drop from 1 m: {air} steps in air, {vacuum} in none");
        assert!(air as f32 > vacuum as f32 * 1.25, "{air} vs {vacuum}");
        // The same level throw, nose up, carries farther with the plate's lift.
        let throw = CardThrow {
            from: Vec2::new(-0.8, 0.0),
            heading: 0.0,
            turn: 0.0,
            angle: 0.0,
            speed: 2.5,
            spin: 12.0,
        };
        let with = TossRange::new(&spec, 9.81).carry(&throw);
        let without = TossRange::new(&no_lift, 9.81).carry(&throw);
        println!("carry {with:.3} m with lift, {without:.3} m without");
        assert!(with > without + 0.02, "{with} vs {without}");
    }

    #[test]
    fn a_throw_off_the_line_comes_to_rest_off_to_the_side() {
        let r = range();
        let aimed = r.aimed(0.4);
        let off = CardThrow {
            heading: aimed.heading + 0.1,
            ..aimed
        };
        let on = r.clone().toss(&aimed, None);
        let side = r.clone().toss(&off, None);
        println!(
            "on the line {:?}, 0.1 rad off {:?}",
            on.rest.centre, side.rest.centre
        );
        assert!(on.rest.centre.y.abs() < 0.01, "{on:?}");
        assert!(side.rest.centre.y > 0.025, "{side:?}");
        // From another side of the hole, aimed, it lands in the hole too.
        let across = r.aimed_from(Vec2::new(0.1, 0.35));
        assert!(r.clone().toss(&across, None).in_hole);
    }
}
