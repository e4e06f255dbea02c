//! Experiments on the table that physical laws predict: a disc sliding, a
//! disc sliding and spinning, a disc dropped flat, a figure tilted on its
//! base's edge, the energy of a flick. Each sets up an empty table from a
//! profile, runs the real flick loop ([`super::Table::advance`]) and returns
//! what a ruler and a stopwatch would read. The laws' tests
//! (`tests/suite/laws.rs`), `highnoon flick laws` and the fit to measured
//! flicks (`crate::fit`) all use these. Formulas and sources:
//! docs/physics.md, "Physical laws".

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::math::Pose;

use super::Table;
use super::pieces::{DiscKind, PieceId};
use super::table::{Flick, FlickRun, tilt_deg};
use crate::scenario::PhysicsProfile;
use crate::scenario::kinds::{HatSide, Team};
use crate::scenario::town::{FigureSpec, PropKind, PropSpec, Town};

/// A table with nothing on it but the movement disc and the bullets (parked
/// along the player's edge) and, if asked, one cowboy standing at the centre.
pub fn empty_table(profile: &PhysicsProfile, cowboy: bool) -> Table {
    Table::new(profile.clone(), &bare_town(cowboy, vec![]))
}

/// The empty table's town, with a cowboy at the centre if asked and `props`.
fn bare_town(cowboy: bool, props: Vec<PropSpec>) -> Town {
    Town {
        name: "laws".into(),
        description: String::new(),
        buildings: vec![],
        gallows: vec![],
        props,
        figures: if cowboy {
            vec![FigureSpec {
                team: Team::Outlaws,
                hat: Some(1),
                hat_side: HatSide::Red,
                name: None,
                at_cm: (0.0, 0.0),
                facing_deg: 0.0,
            }]
        } else {
            vec![]
        },
        discs: vec![(-60.0, -20.0), (-60.0, 20.0)],
        game: None,
    }
}

/// A barrel lying on its side on an empty table, its axis across the table
/// (along z) 50 cm left of the centre, set rolling along +x at `speed` m/s
/// without slipping (its spin `speed / radius`), and run to rest: its
/// `distance` is how far it rolled. Rolling resistance of lever b brakes it
/// at 2gb/(3r) (a solid cylinder: the torque b·N about the line it rests on,
/// against the inertia about that line, 3/2·m·r²).
pub fn roll(profile: &PhysicsProfile, speed: f32) -> Slide {
    let barrel = PropSpec {
        kind: PropKind::Barrel,
        at_cm: (0.0, 0.0),
        facing_deg: 0.0,
    };
    let mut table = Table::new(profile.clone(), &bare_town(false, vec![barrel]));
    let id = table.piece("Barrel").expect("the barrel");
    table.lay(id, Vec2::new(-0.5, 0.0), 0.0);
    settle(&mut table, id);
    let r = profile.pieces.barrel.radius;
    launch(
        &mut table,
        id,
        Vec3::new(speed, 0.0, 0.0),
        Vec3::new(0.0, 0.0, -speed / r),
    )
}

/// Lets a piece just put down come to rest before an experiment starts.
fn settle(table: &mut Table, id: PieceId) {
    let mut run = table
        .begin(Flick::new(id, Vec2::X, 0.0))
        .expect("an empty table takes a flick");
    while table.advance(&mut run).is_none() {}
}

/// The disc an experiment flicks: the movement disc or the first bullet.
pub fn disc_piece(table: &Table, disc: DiscKind) -> PieceId {
    let name = match disc {
        DiscKind::Movement => "Movement disc",
        DiscKind::Bullet => "Bullet 1",
    };
    table.piece(name).expect("the empty table has its discs")
}

/// A disc's friction and restitution on the table top, as the laws'
/// formulas take them: the pair's own when the profile sets it, else its
/// material's and the table's averaged (Rapier's rule).
pub fn disc_on_table(p: &PhysicsProfile, disc: DiscKind) -> (f32, f32) {
    let piece = match disc {
        DiscKind::Movement => &p.pieces.movement_disc,
        DiscKind::Bullet => &p.pieces.bullet,
    };
    p.contact_between(&piece.material, &p.table.material)
}

/// A disc's slide, step by step.
#[derive(Debug, Clone, Default)]
pub struct Slide {
    /// The disc's radius (m).
    pub radius: f32,
    /// Seconds since the launch, one a step.
    pub time: Vec<f32>,
    /// Speed over the table (m/s).
    pub speed: Vec<f32>,
    /// Spin about the vertical (rad/s, absolute).
    pub spin: Vec<f32>,
    /// Straight-line distance from the start to where it came to rest (m).
    pub distance: f32,
    /// The angle it turned through about the vertical (rad, absolute).
    pub turned: f32,
    /// Where it came to rest (x, z, metres) and its facing (rad).
    pub rest: (Vec2, f32),
    /// Whether the flick ended with everything asleep (not cut off).
    pub at_rest: bool,
}

/// Below this a motion counts as stopped: 2 mm/s (a point on the rim, for a spin).
pub const STOPPED: f32 = 0.002;

impl Slide {
    fn last_moving(&self, values: impl Iterator<Item = f32>) -> f32 {
        let mut last = 0.0;
        for (t, v) in self.time.iter().zip(values) {
            if v > STOPPED {
                last = *t;
            }
        }
        last
    }

    /// When the slide stopped (s): the last step at which it still moved.
    pub fn slide_stop(&self) -> f32 {
        self.last_moving(self.speed.iter().copied())
    }

    /// When the spin stopped (s): the last step at which the rim still turned.
    pub fn spin_stop(&self) -> f32 {
        let r = self.radius;
        self.last_moving(self.spin.iter().map(|w| w * r))
    }

    /// The ratio ε = v / (Rω) as the motion ends: read at the last step at
    /// which both the slide and the spin still moved. `None` without spin.
    pub fn end_ratio(&self) -> Option<f32> {
        let r = self.radius;
        let i = (0..self.time.len())
            .rev()
            .find(|&i| self.speed[i] > STOPPED && self.spin[i] * r > STOPPED)?;
        Some(self.speed[i] / (r * self.spin[i]))
    }
}

/// Launches a disc from the left of an empty table along +x at `speed` m/s,
/// spinning at `spin` rad/s about the vertical, and runs the flick to rest.
pub fn slide(profile: &PhysicsProfile, disc: DiscKind, speed: f32, spin: f32) -> Slide {
    let mut table = empty_table(profile, false);
    let id = disc_piece(&table, disc);
    launch(
        &mut table,
        id,
        Vec3::new(speed, 0.0, 0.0),
        Vec3::new(0.0, spin, 0.0),
    )
}

/// Sets a piece moving at `linvel` and `angvel` (no impulse) and runs the
/// flick loop until everything rests, recording the piece's slide.
pub fn launch(table: &mut Table, id: PieceId, linvel: Vec3, angvel: Vec3) -> Slide {
    let body = table.index().get(id).expect("piece").body;
    let dir = Vec2::new(linvel.x, linvel.z);
    let flick = Flick::new(id, if dir == Vec2::ZERO { Vec2::X } else { dir }, 0.0);
    let start = {
        let rb = &table.bodies()[body];
        (rb.translation(), *rb.rotation())
    };
    let run = table.begin(flick).expect("an empty table takes a flick");
    {
        let rb = &mut table.state_mut().bodies[body];
        rb.set_linvel(linvel, true);
        rb.set_angvel(angvel, true);
    }
    track(table, id, run, start)
}

/// Flicks a disc along +x at `strength` (0–1) with the finger at `offset`
/// (−1…1) of its radius off centre, as a player's flick is, and runs it to
/// rest, recording its slide.
pub fn flick(table: &mut Table, id: PieceId, strength: f32, offset: f32) -> Slide {
    let body = table.index().get(id).expect("piece").body;
    let start = {
        let rb = &table.bodies()[body];
        (rb.translation(), *rb.rotation())
    };
    let flick = Flick {
        spin: offset,
        ..Flick::new(id, Vec2::X, strength)
    };
    let run = table.begin(flick).expect("an empty table takes a flick");
    track(table, id, run, start)
}

/// Runs a begun flick to rest, recording the piece `id` (which stood at
/// `start` before it).
fn track(table: &mut Table, id: PieceId, mut run: FlickRun, start: (Vec3, Quat)) -> Slide {
    let body = table.index().get(id).expect("piece").body;
    let radius = table.index().get(id).expect("piece").radius;
    let (start, start_rot) = start;
    let mut out = Slide {
        radius,
        ..Slide::default()
    };
    let dt = table.profile().solver.dt;
    let mut turned = 0.0f32;
    let mut last_yaw = yaw(start_rot);
    let mut record = |table: &Table, step: usize| {
        let rb = &table.bodies()[body];
        let v = rb.linvel();
        out.time.push(step as f32 * dt);
        out.speed.push(Vec2::new(v.x, v.z).length());
        out.spin.push(rb.angvel().y.abs());
        let y = yaw(*rb.rotation());
        turned += wrap(y - last_yaw).abs();
        last_yaw = y;
    };
    record(table, 0);
    let mut step = 0;
    let outcome = loop {
        step += 1;
        let done = table.advance(&mut run);
        record(table, step);
        if let Some(o) = done {
            break o;
        }
    };
    let rb = &table.bodies()[body];
    let end = rb.translation();
    out.distance = Vec2::new(end.x - start.x, end.z - start.z).length();
    out.turned = turned;
    out.rest = (Vec2::new(end.x, end.z), yaw(*rb.rotation()));
    out.at_rest = outcome.at_rest;
    out
}

fn yaw(q: Quat) -> f32 {
    let f = q * Vec3::X;
    f.z.atan2(f.x)
}

fn wrap(a: f32) -> f32 {
    let tau = std::f32::consts::TAU;
    (a + std::f32::consts::PI).rem_euclid(tau) - std::f32::consts::PI
}

/// A hit: where a disc at rest went when another slid into it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The direction the struck disc left at, read from where it came to
    /// rest: degrees from the line of the shot, + to the shot's right.
    pub deflection_deg: f32,
    /// How far the struck disc slid from where it stood (m).
    pub distance: f32,
    /// Whether the striker met it at all.
    pub met: bool,
}

/// The striking disc and the struck one: the movement disc and the first
/// bullet, or (one kind twice) the first two bullets; `None` for the
/// movement disc twice (there is one).
fn two_discs(table: &Table, striker: DiscKind, target: DiscKind) -> Option<(PieceId, PieceId)> {
    let a = disc_piece(table, striker);
    let b = match (striker == target, target) {
        (false, _) => disc_piece(table, target),
        (true, DiscKind::Bullet) => table.piece("Bullet 2")?,
        (true, DiscKind::Movement) => return None,
    };
    Some((a, b))
}

/// A disc (`striker`) sent along +x at `speed` m/s without spin into a disc
/// at rest (`target`) whose rim is `gap` metres ahead along the line of the
/// shot and whose centre sits `cut` × the sum of their radii to the shot's
/// right (+z): 0 meets it full, 1 grazes it. Runs the flick to rest and
/// reads where the struck disc went. Two smooth discs: it leaves along the
/// line of their centres at the moment they meet, asin(cut) to the right.
/// `striker == target` needs two discs of a kind: only bullets have them.
pub fn hit(
    profile: &PhysicsProfile,
    (striker, target): (DiscKind, DiscKind),
    speed: f32,
    (gap, cut): (f32, f32),
) -> Hit {
    let mut table = empty_table(profile, false);
    let Some((a, b)) = two_discs(&table, striker, target) else {
        return Hit {
            deflection_deg: 0.0,
            distance: 0.0,
            met: false,
        };
    };
    let radius = |id: PieceId| table.index().get(id).expect("piece").radius;
    let (ra, rb) = (radius(a), radius(b));
    let start = Vec2::new(-0.3, 0.0);
    let at = start + Vec2::new(ra + gap + rb, cut * (ra + rb));
    table.place(a, start, 0.0);
    table.place(b, at, 0.0);
    let body = table.index().get(b).expect("piece").body;
    launch(&mut table, a, Vec3::new(speed, 0.0, 0.0), Vec3::ZERO);
    let end = table.bodies()[body].translation();
    let moved = Vec2::new(end.x, end.z) - at;
    Hit {
        deflection_deg: moved.y.atan2(moved.x).to_degrees(),
        distance: moved.length(),
        met: moved.length() > 0.001,
    }
}

/// `profile` with the movement disc and the bullet smooth where they meet
/// each other (no friction between them, restitution `e`): the discs of the
/// hit law.
pub fn smooth_discs(profile: &PhysicsProfile, e: f32) -> PhysicsProfile {
    let mut p = profile.clone();
    let (a, b) = (
        p.pieces.movement_disc.material.clone(),
        p.pieces.bullet.material.clone(),
    );
    for between in [(a.clone(), b.clone()), (b.clone(), b.clone())] {
        p.pairs.push(crate::scenario::profile::MaterialPair {
            between,
            friction: 0.0,
            restitution: e,
        });
    }
    p
}

/// A drop: how high a disc rose after its first bounce.
#[derive(Debug, Clone, Copy)]
pub struct Bounce {
    /// The gap under the disc when it was let go (m).
    pub height: f32,
    /// The highest gap under it after the first bounce (m).
    pub rise: f32,
    /// Its speed just before the first contact and just after it (m/s).
    pub speed_in: f32,
    pub speed_out: f32,
}

/// Lets a disc fall flat from `height` metres above the table top.
pub fn drop(profile: &PhysicsProfile, disc: DiscKind, height: f32) -> Bounce {
    let mut table = empty_table(profile, false);
    let id = disc_piece(&table, disc);
    let body = table.index().get(id).expect("piece").body;
    let rest_y = table.bodies()[body].translation().y;
    let at = Vec3::new(0.0, rest_y + height, 0.0);
    table.stand(id, at, 0.0);
    {
        let rb = &mut table.state_mut().bodies[body];
        rb.wake_up(true);
    }
    let mut run = table
        .begin(Flick::new(id, Vec2::X, 0.0))
        .expect("an empty table takes a flick");
    let mut out = Bounce {
        height,
        rise: 0.0,
        speed_in: 0.0,
        speed_out: 0.0,
    };
    let mut prev_vy = 0.0f32;
    let mut bounced = false;
    let mut steps = 0;
    while steps < 2000 {
        steps += 1;
        let done = table.advance(&mut run).is_some();
        let rb = &table.bodies()[body];
        let vy = rb.linvel().y;
        let gap = rb.translation().y - rest_y;
        if !bounced {
            if vy < 0.0 {
                // As it meets the table: falling the gap still under it.
                out.speed_in = (vy * vy + 2.0 * profile.gravity * gap.max(0.0)).sqrt();
            }
            if prev_vy < 0.0 && vy >= 0.0 {
                bounced = true;
                out.speed_out = vy;
            }
        } else {
            out.rise = out.rise.max(gap);
            if vy < 0.0 {
                break;
            }
        }
        prev_vy = vy;
        if done {
            break;
        }
    }
    out
}

/// The tilt at which a standing figure's centre of mass passes over the
/// edge of its square base (degrees): atan(b / h), the statics of its shape.
pub fn figure_tipping_deg(profile: &PhysicsProfile) -> f32 {
    let table = empty_table(profile, true);
    let id = table.piece("Outlaw 1").expect("the cowboy");
    let rb = &table.bodies()[table.index().get(id).expect("piece").body];
    let h = rb.center_of_mass().y - rb.translation().y;
    let b = profile.pieces.figure.base_radius;
    (b / h).atan().to_degrees()
}

/// Tilts the standing cowboy forward by `tilt_deg` about the front edge of
/// his base, lets go, and returns his tilt once the table is at rest.
pub fn tilt_and_let_go(profile: &PhysicsProfile, tilt: f32) -> f32 {
    let mut table = empty_table(profile, true);
    let id = table.piece("Outlaw 1").expect("the cowboy");
    let body = table.index().get(id).expect("piece").body;
    let b = profile.pieces.figure.base_radius;
    let (pos, rot) = {
        let rb = &table.bodies()[body];
        (rb.translation(), *rb.rotation())
    };
    // The front edge of the base (+z), on the table top.
    let pivot = Vec3::new(pos.x, 0.0, pos.z + b);
    let turn = Quat::from_rotation_x(tilt.to_radians());
    let new_pos = pivot + turn * (pos - pivot);
    {
        let rb = &mut table.state_mut().bodies[body];
        rb.set_position(Pose::from_parts(new_pos, turn * rot), true);
        rb.set_linvel(Vec3::ZERO, true);
        rb.set_angvel(Vec3::ZERO, true);
    }
    let mut run = table
        .begin(Flick::new(id, Vec2::X, 0.0))
        .expect("an empty table takes a flick");
    while table.advance(&mut run).is_none() {}
    tilt_deg(*table.bodies()[body].rotation())
}

/// The table's mechanical energy (J): every body's kinetic energy and its
/// height's potential energy above the table top.
pub fn energy(table: &Table) -> f64 {
    let g = table.profile().gravity as f64;
    table
        .bodies()
        .iter()
        .filter(|(_, b)| b.is_dynamic() && b.is_enabled())
        .map(|(_, b)| b.kinetic_energy() as f64 + b.mass() as f64 * g * b.center_of_mass().y as f64)
        .sum()
}

/// A flick's energy after its impulse and after every step, to rest.
pub fn energy_of_flick(table: &mut Table, flick: Flick) -> Vec<f64> {
    let mut run = table.begin(flick).expect("a flick");
    let mut out = vec![energy(table)];
    loop {
        let done = table.advance(&mut run);
        out.push(energy(table));
        if done.is_some() {
            return out;
        }
    }
}

/// A bullet flicked at `strength` straight at the standing cowboy from
/// `distance` metres (centre to centre): whether he fell.
pub fn knock(profile: &PhysicsProfile, strength: f32, distance: f32) -> bool {
    let mut table = empty_table(profile, true);
    let bullet = disc_piece(&table, DiscKind::Bullet);
    let body = table.index().get(bullet).expect("piece").body;
    let y = table.bodies()[body].translation().y;
    table.stand(bullet, Vec3::new(-distance, y, 0.0), 0.0);
    let cowboy = table.piece("Outlaw 1").expect("the cowboy");
    let out = table
        .flick_to_rest(Flick::new(bullet, Vec2::X, strength))
        .expect("an empty table takes a flick");
    out.knocked_over.iter().any(|k| k.figure == cowboy)
}
