//! The strict pass-through detector: full-strength shots at a standing fence,
//! figure or support block from random angles, distances and spins, with each
//! disc's centre tracked every step against the target's mid-plane. A centre
//! that changes sides of that plane within the target's width, below its top,
//! while the target still stands, went through it: a solid piece cannot let
//! that happen, with or without a contact recorded on the way. Used by the
//! bounded test (tests/suite/pass_through.rs) and `highnoon flick pass-through`,
//! which prints the full count.
//!
//! Besides the three targets ([`Target::ALL`]), [`Target::OffCentre`] fires
//! only bullets at a figure from any side, the line of fire passing the
//! figure's centre at one of [`OFF_CENTRE`] (fractions of its half-width, in
//! turn), and watches both of the figure's mid-planes. Every shot also
//! records: a crossing while the target tips (past 20°, not yet knocked
//! over), which counts against the piece only if the disc then lies whole
//! behind a target that stands again; a disc centre found inside one of the
//! target's boxes (sunk its whole radius into a solid); and a flick ended by
//! the rest backstop (`sleep.freeze_after`) rather than by coming to rest.

use bevy::math::{Vec2, Vec3};
use bevy_rapier3d::rapier::math::Pose;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::Table;
use super::pieces::PieceId;
use super::table::{Flick, FlickRun, tilt_deg};
use crate::scenario::kinds::{BuildingKind, HatSide, Team};
use crate::scenario::town::{BuildingSpec, FigureSpec, PropKind, PropSpec};
use crate::scenario::{PhysicsProfile, Town};

/// The kinds of thin standing piece shot at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Fence,
    Figure,
    Block,
    /// A figure, bullets only, aimed off its centre by [`OFF_CENTRE`].
    OffCentre,
}

/// Where the off-centre survey's line of fire passes the figure's centre:
/// fractions of the figure's half-width (7.5 mm), right (+) or left (−) of
/// it, taken in turn (shot `i` uses `OFF_CENTRE[i % 9]`). At ±1 the line
/// grazes the figure's edge; the bullet (radius 10.5 mm) still meets it.
pub const OFF_CENTRE: [f32; 9] = [0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1.0, -1.0];

/// A target counts as standing while it tilts less than this.
const STANDING_DEG: f32 = 20.0;

impl Target {
    /// The three kinds of thin standing piece, shot at by both discs.
    pub const ALL: [Target; 3] = [Target::Fence, Target::Figure, Target::Block];
    /// What `flick pass-through` surveys by default: the three, and a figure
    /// shot at off-centre by bullets.
    pub const SURVEYED: [Target; 4] = [
        Target::Fence,
        Target::Figure,
        Target::Block,
        Target::OffCentre,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Fence => "fence",
            Target::Figure => "figure",
            Target::Block => "support block",
            Target::OffCentre => "off-centre",
        }
    }

    /// The target called `name` on the command line: `fence`, `figure`,
    /// `block` or `off-centre`.
    pub fn parse(name: &str) -> Option<Target> {
        match name {
            "fence" => Some(Target::Fence),
            "figure" => Some(Target::Figure),
            "block" => Some(Target::Block),
            "off-centre" | "offcentre" | "off-center" => Some(Target::OffCentre),
            _ => None,
        }
    }
}

/// One shot whose disc centre changed sides of the target's mid-plane.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    pub shot: usize,
    pub disc: String,
    /// The step at which the centre changed sides.
    pub step: u32,
    /// Steps since the disc first touched the target (negative: before it
    /// touched it; `None`: it never did).
    pub after_contact: Option<i64>,
    /// The target's tilt at that step, degrees.
    pub tilt_deg: f32,
    /// Whether the disc lay beyond the target at rest, clear of it, with the
    /// target standing: it came out whole behind it.
    pub came_out_whole: bool,
    pub flick: Flick,
    pub from: Vec2,
}

/// What one shot did.
#[derive(Debug, Clone)]
pub struct Shot {
    /// A crossing while the target stood (tilt under 20°).
    pub crossing: Option<Crossing>,
    /// A crossing while the target tipped (20° up to the knocked-over tilt).
    pub tipping: Option<Crossing>,
    /// The first step at which the disc's centre lay inside one of the
    /// target's boxes.
    pub sank_in: Option<u32>,
    /// The pieces still moving at the time cap (none: it came to rest).
    pub still_moving: Vec<String>,
    /// Whether the rest backstop (`sleep.freeze_after`) ended the flick.
    pub frozen: bool,
    /// Whether its first contact was the target.
    pub first_touch: bool,
    /// Whether Rapier has every body of the table asleep afterwards.
    pub asleep: bool,
}

/// What a survey of `shots` shots found.
#[derive(Debug, Clone, Default)]
pub struct Survey {
    pub shots: usize,
    /// Crossings of a standing target.
    pub crossings: Vec<Crossing>,
    /// Crossings of a tipping target.
    pub tipping: Vec<Crossing>,
    /// Shots whose disc centre was found inside the target: (shot, step).
    pub sank_in: Vec<(usize, u32)>,
    /// Shots still moving at the time cap.
    pub not_at_rest: usize,
    /// The first few of them: the shot and the pieces still moving.
    pub restless: Vec<(usize, Vec<String>)>,
    /// Shots the rest backstop ended (`sleep.freeze_after`).
    pub frozen: Vec<usize>,
    /// Shots that ended at rest with Rapier still holding a body awake (the
    /// table would then not count as at rest for the next flick).
    pub left_awake: usize,
    /// The first ten of those shots.
    pub awake: Vec<usize>,
    /// Shots whose first contact was the target (the aim is honest).
    pub hit_target: usize,
}

/// A mid-plane of the target (body frame): its normal, the axis along the
/// target's width in it, the half-width within which a crossing counts, and
/// the half-depth a disc at rest must be beyond to lie clear of the target.
#[derive(Debug, Clone, Copy)]
struct Plane {
    normal: Vec3,
    along: Vec3,
    half_width: f32,
    half_depth: f32,
}

/// The target's frame: where it is, its mid-planes, and its top.
struct Frame {
    kind: Target,
    piece: PieceId,
    /// Offset of the target's centre from its body's origin, body frame.
    centre: Vec3,
    /// The first is the one shots are aimed across.
    planes: Vec<Plane>,
    top: f32,
}

impl Frame {
    /// (signed distance to the mid-plane, offset along the width, height) of `p`.
    fn locate(&self, table: &Table, plane: &Plane, p: Vec3) -> (f32, f32, f32) {
        let (t, r) = table.pose(self.piece);
        let d = p - (t + r * self.centre);
        (d.dot(r * plane.normal), d.dot(r * plane.along), p.y)
    }

    fn tilt(&self, table: &Table) -> f32 {
        tilt_deg(table.pose(self.piece).1)
    }

    fn standing(&self, table: &Table) -> bool {
        self.tilt(table) < STANDING_DEG
    }

    /// Whether `p` lies inside one of the target's boxes (a disc's centre
    /// there has sunk its whole radius into a solid piece).
    fn holds(&self, table: &Table, p: Vec3) -> bool {
        let Some(body) = table.index().get(self.piece).map(|q| q.body) else {
            return false;
        };
        let colliders = &table.state().colliders;
        let inside = |pose: Pose, half: Vec3| {
            let l = pose.inverse_transform_point(p);
            l.x.abs() < half.x && l.y.abs() < half.y && l.z.abs() < half.z
        };
        table.bodies()[body].colliders().iter().any(|h| {
            let Some(co) = colliders.get(*h) else {
                return false;
            };
            let shape = co.shape();
            match shape.as_compound() {
                Some(c) => c.shapes().iter().any(|(local, s)| {
                    s.as_cuboid()
                        .is_some_and(|b| inside(*co.position() * *local, b.half_extents))
                }),
                None => shape
                    .as_cuboid()
                    .is_some_and(|b| inside(*co.position(), b.half_extents)),
            }
        })
    }

    /// Whether a disc of `radius` at rest at `rest`, shot from `from`, lies
    /// whole behind the target across `plane` (the target standing).
    fn behind(&self, table: &Table, plane: &Plane, rest: Vec3, radius: f32, from: Vec2) -> bool {
        let (s, w, _) = self.locate(table, plane, rest);
        self.standing(table)
            && s.abs() > plane.half_depth + radius
            && w.abs() < plane.half_width + radius
            && s * self.locate(table, plane, Vec3::new(from.x, 0.0, from.y)).0 < 0.0
    }
}

/// The range for one kind of target: the town and the target's frame.
fn setup(profile: &PhysicsProfile, kind: Target) -> (Table, Frame) {
    let mut town = Town {
        name: format!("pass-through: {}", kind.name()),
        description: String::new(),
        buildings: vec![],
        gallows: vec![],
        props: vec![],
        figures: vec![],
        discs: vec![(-60.0, 40.0), (-50.0, 40.0)],
        game: None,
    };
    let figure = |x: f32, z: f32| FigureSpec {
        team: Team::Outlaws,
        hat: Some(1),
        hat_side: HatSide::Red,
        name: Some("Target".into()),
        at_cm: (x, z),
        facing_deg: 0.0,
    };
    let p = &profile.pieces;
    match kind {
        Target::Fence => {
            town.props = vec![PropSpec {
                kind: PropKind::Fence,
                at_cm: (0.0, 0.0),
                facing_deg: 0.0,
            }];
            // A cowboy right behind it, as in a town.
            town.figures = vec![figure(0.0, -3.0)];
            let table = Table::new(profile.clone(), &town);
            let piece = table.piece("Fence").expect("the fence");
            let (x, y, z) = p.fence.size;
            let frame = Frame {
                kind,
                piece,
                centre: Vec3::ZERO,
                planes: vec![Plane {
                    normal: Vec3::Z,
                    along: Vec3::X,
                    half_width: x / 2.0,
                    half_depth: z / 2.0,
                }],
                top: y,
            };
            (table, frame)
        }
        Target::Figure | Target::OffCentre => {
            town.figures = vec![figure(0.0, 0.0)];
            let table = Table::new(profile.clone(), &town);
            let piece = table.piece("Target").expect("the figure");
            let f = &p.figure;
            // Across its face (the base is square; the body is wider than deep).
            let face = Plane {
                normal: Vec3::Z,
                along: Vec3::X,
                half_width: f.body_radius.max(f.base_radius),
                half_depth: f.base_radius,
            };
            // Across its width: shots from any side pass through it this way too.
            let side = Plane {
                normal: Vec3::X,
                along: Vec3::Z,
                half_width: f.base_radius,
                half_depth: f.body_radius.max(f.base_radius),
            };
            let frame = Frame {
                kind,
                piece,
                centre: Vec3::ZERO,
                planes: if kind == Target::OffCentre {
                    vec![face, side]
                } else {
                    vec![face]
                },
                top: super::build::figure_height(profile),
            };
            (table, frame)
        }
        Target::Block => {
            town.buildings = vec![BuildingSpec {
                kind: BuildingKind::Bank,
                at_cm: (0.0, 0.0),
                facing_deg: 0.0,
            }];
            let table = Table::new(profile.clone(), &town);
            let piece = table.piece("Bank").expect("the bank");
            let b = &p.building;
            let x = b.block_offset();
            // The right-hand block, shot at from the right: its mid-plane is x = const.
            let frame = Frame {
                kind,
                piece,
                centre: Vec3::new(x, 0.0, 0.0),
                planes: vec![Plane {
                    normal: Vec3::X,
                    along: Vec3::Z,
                    half_width: b.block_size.2 / 2.0,
                    half_depth: b.block_size.0 / 2.0,
                }],
                top: b.block_size.1,
            };
            (table, frame)
        }
    }
}

/// Shot `shot`: where from, at what, with which disc and spin.
fn aim(
    kind: Target,
    frame: &Frame,
    table: &Table,
    shot: usize,
    rng: &mut ChaCha8Rng,
) -> (Vec2, Vec2, f32) {
    let (t, r) = table.pose(frame.piece);
    let centre = t + r * frame.centre;
    let centre = Vec2::new(centre.x, centre.z);
    let plane = frame.planes[0];
    let normal = r * plane.normal;
    let along = r * plane.along;
    let (n, w) = (Vec2::new(normal.x, normal.z), Vec2::new(along.x, along.z));
    if kind == Target::OffCentre {
        // From any side, 6–25 cm, along a line that passes the figure's
        // centre at this shot's offset (+: the line runs right of the
        // centre, as the shooter sees it).
        let angle = rng.random_range(-180f32..180.0);
        let dist = rng.random_range(0.06f32..0.25);
        let spin = rng.random_range(-1.0f32..1.0);
        let out = Vec2::from_angle(angle.to_radians()).rotate(n);
        let lateral = OFF_CENTRE[shot % OFF_CENTRE.len()] * plane.half_width;
        // The shot travels along −out; its right-hand side is −out.perp().
        let from = centre + out * dist - out.perp() * lateral;
        return (from, -out, spin);
    }
    let offset = rng.random_range(-0.8..0.8) * plane.half_width;
    let point = centre + w * offset;
    let (angle, dist) = match kind {
        // Either face, up to 60° off square, 6–35 cm.
        Target::Fence => (rng.random_range(-60f32..60.0), rng.random_range(0.06..0.35)),
        // Any angle, 6–25 cm.
        Target::Figure | Target::OffCentre => (
            rng.random_range(-180f32..180.0),
            rng.random_range(0.06..0.25),
        ),
        // From outside the building, up to 60° off square, 6–25 cm.
        Target::Block => (rng.random_range(-60f32..60.0), rng.random_range(0.06..0.25)),
    };
    let side = match kind {
        Target::Fence if rng.random_bool(0.5) => -1.0,
        _ => 1.0,
    };
    let out = Vec2::from_angle(angle.to_radians()).rotate(n * side);
    let from = point + out * dist;
    let spin = rng.random_range(-1.0..1.0);
    (from, point - from, spin)
}

/// Puts `disc` at `from` and flicks it at full strength.
fn fire(
    table: &mut Table,
    disc: PieceId,
    from: Vec2,
    direction: Vec2,
    spin: f32,
) -> (Flick, FlickRun) {
    table.place(disc, from, 0.0);
    let flick = Flick {
        piece: disc,
        direction,
        strength: 1.0,
        spin,
    };
    (flick, table.begin(flick).expect("a valid flick"))
}

/// Runs one shot on `table` (a fork), watching the disc's centre every step.
fn shoot(
    table: &mut Table,
    frame: &Frame,
    disc: PieceId,
    shot: usize,
    from: Vec2,
    direction: Vec2,
    spin: f32,
) -> Shot {
    let (flick, mut run) = fire(table, disc, from, direction, spin);
    let centre = |t: &Table| t.pose(disc).0;
    let start = centre(table);
    let mut before: Vec<f32> = frame
        .planes
        .iter()
        .map(|plane| frame.locate(table, plane, start).0)
        .collect();
    let radius = table.index().get(disc).map_or(0.0, |p| p.radius);
    let name = table
        .index()
        .get(disc)
        .map_or(String::new(), |p| p.name.clone());
    let knocked_over = table.profile().knocked_over_tilt_deg;
    // Each crossing with the plane it crossed.
    let mut crossing: Option<(Crossing, usize)> = None;
    let mut tipping: Option<(Crossing, usize)> = None;
    let mut sank_in = None;
    let outcome = loop {
        let done = table.advance(&mut run);
        let p = centre(table);
        let tilt = frame.tilt(table);
        for (k, plane) in frame.planes.iter().enumerate() {
            let (s, w, y) = frame.locate(table, plane, p);
            if before[k] * s < 0.0 && w.abs() < plane.half_width && y < frame.top {
                let seen = || Crossing {
                    shot,
                    disc: name.clone(),
                    step: run.steps,
                    after_contact: None,
                    tilt_deg: tilt,
                    came_out_whole: false,
                    flick,
                    from,
                };
                if tilt < STANDING_DEG {
                    if crossing.is_none() {
                        crossing = Some((seen(), k));
                    }
                } else if tilt < knocked_over && tipping.is_none() {
                    tipping = Some((seen(), k));
                }
            }
            before[k] = s;
        }
        if sank_in.is_none() && frame.holds(table, p) {
            sank_in = Some(run.steps);
        }
        if let Some(out) = done {
            break out;
        }
    };
    let dt = table.profile().solver.dt;
    let contact = outcome
        .touched
        .iter()
        .find(|t| t.piece == frame.piece)
        .map(|t| (t.time / dt).round() as i64);
    let settle = |found: Option<(Crossing, usize)>| {
        found.map(|(mut c, k)| {
            c.came_out_whole =
                frame.behind(table, &frame.planes[k], outcome.rest_position, radius, from);
            c.after_contact = contact.map(|at| c.step as i64 - at);
            c
        })
    };
    let crossing = settle(crossing);
    let tipping = settle(tipping);
    let first = outcome.first_touch().map(|t| t.piece) == Some(frame.piece);
    let moving = outcome
        .still_moving
        .iter()
        .filter_map(|&p| table.index().get(p).map(|p| p.name.clone()))
        .collect();
    Shot {
        crossing,
        tipping,
        sank_in,
        still_moving: moving,
        frozen: run.frozen(),
        first_touch: first,
        asleep: table.at_rest(),
    }
}

/// The disc shot `i` of a survey of `kind` fires: bullet for even shots,
/// movement disc for odd ones; off-centre, always the bullet.
fn disc_for(kind: Target, discs: [PieceId; 2], i: usize) -> PieceId {
    match kind {
        Target::OffCentre => discs[0],
        _ => discs[i % 2],
    }
}

/// Shot `i` of a survey with `seed`, on a fork of `base`.
fn fork_and_shoot(base: &Table, frame: &Frame, discs: [PieceId; 2], i: usize, seed: u64) -> Shot {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i as u64);
    let mut table = base.clone();
    let (from, direction, spin) = aim(frame.kind, frame, &table, i, &mut rng);
    let disc = disc_for(frame.kind, discs, i);
    shoot(&mut table, frame, disc, i, from, direction, spin)
}

/// The survey's discs: the bullet and the movement disc.
fn survey_discs(table: &Table) -> [PieceId; 2] {
    [
        table.piece("Bullet 1").expect("a bullet"),
        table.piece("Movement disc").expect("the movement disc"),
    ]
}

/// Shot `shot` of the survey of `kind` with `seed`, alone (what a survey
/// would have found for it).
pub fn one_shot(profile: &PhysicsProfile, kind: Target, shot: usize, seed: u64) -> Shot {
    let (base, frame) = setup(profile, kind);
    fork_and_shoot(&base, &frame, survey_discs(&base), shot, seed)
}

/// `shots` full-strength shots at one kind of target, bullet and movement disc
/// alternating (off-centre: bullets only), on every core (one fork per shot;
/// each shot's randomness comes from its own ChaCha8 stream, so the result
/// does not depend on the threads).
pub fn survey(profile: &PhysicsProfile, kind: Target, shots: usize, seed: u64) -> Survey {
    let (base, frame) = setup(profile, kind);
    let discs = survey_discs(&base);
    let results: Vec<Shot> = (0..shots)
        .into_par_iter()
        .map(|i| fork_and_shoot(&base, &frame, discs, i, seed))
        .collect();
    let mut survey = Survey {
        shots,
        ..Default::default()
    };
    for (shot, s) in results.into_iter().enumerate() {
        survey.crossings.extend(s.crossing);
        survey.tipping.extend(s.tipping);
        if let Some(step) = s.sank_in {
            survey.sank_in.push((shot, step));
        }
        if s.frozen {
            survey.frozen.push(shot);
        }
        if s.still_moving.is_empty() && !s.asleep {
            survey.left_awake += 1;
            if survey.awake.len() < 10 {
                survey.awake.push(shot);
            }
        }
        if !s.still_moving.is_empty() {
            survey.not_at_rest += 1;
            if survey.restless.len() < 10 {
                survey.restless.push((shot, s.still_moving));
            }
        }
        survey.hit_target += usize::from(s.first_touch);
    }
    survey
}

impl Survey {
    /// Crossings, standing or tipping, after which the disc lay whole behind
    /// a standing target.
    pub fn whole(&self) -> usize {
        self.crossings
            .iter()
            .chain(&self.tipping)
            .filter(|c| c.came_out_whole)
            .count()
    }
}

/// One shot of a survey, step by step (for looking into a crossing or a shot
/// that would not come to rest): the disc's and the target's speeds, sleep
/// state (`a` awake, `z` asleep) and sleep timers, the disc's centre in the
/// target's frame (across the mid-plane, along the width, height), the
/// target's tilt, and the contacts between the two.
pub fn trace(profile: &PhysicsProfile, kind: Target, shot: usize, seed: u64) -> Vec<String> {
    let (base, frame) = setup(profile, kind);
    let disc = disc_for(kind, survey_discs(&base), shot);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(shot as u64);
    let mut table = base.clone();
    let (from, direction, spin) = aim(kind, &frame, &table, shot, &mut rng);
    let (flick, mut run) = fire(&mut table, disc, from, direction, spin);
    let mut lines = vec![format!("{kind:?} shot {shot}: {flick:?} from {from}")];
    // The run ends by itself: at rest, or at the time cap.
    for step in 0.. {
        let done = table.advance(&mut run);
        let (p, q) = table.pose(disc);
        let (s, w, y) = frame.locate(&table, &frame.planes[0], p);
        let v = table
            .bodies()
            .get(table.index().get(disc).expect("disc").body)
            .map(|b| b.linvel())
            .unwrap_or_default();
        let body = |p: PieceId| {
            table
                .bodies()
                .get(table.index().get(p).expect("piece").body)
                .expect("body")
        };
        let (db, tb) = (body(disc), body(frame.piece));
        let mut line = format!(
            "{step:3} disc w {:+.3} {} {:.3} | target v {:.4} w {:.3} {} {:.3} | s {:+.4} w {:+.4} y {:.4} | disc tilt {:4.1} v ({:+.2} {:+.2} {:+.2}) | target tilt {:4.1}",
            db.angvel().length(),
            if db.is_sleeping() { "z" } else { "a" },
            db.activation().time_since_can_sleep,
            tb.linvel().length(),
            tb.angvel().length(),
            if tb.is_sleeping() { "z" } else { "a" },
            tb.activation().time_since_can_sleep,
            s,
            w,
            y,
            tilt_deg(q),
            v.x,
            v.y,
            v.z,
            tilt_deg(table.pose(frame.piece).1)
        );
        let st = table.state();
        let body_of = |h| st.colliders.get(h).and_then(|c| c.parent());
        let target_body = table.index().get(frame.piece).expect("target").body;
        let disc_body = table.index().get(disc).expect("disc").body;
        for pair in st.narrow_phase.contact_pairs() {
            let (b1, b2) = (body_of(pair.collider1), body_of(pair.collider2));
            if !((b1 == Some(disc_body) && b2 == Some(target_body))
                || (b2 == Some(disc_body) && b1 == Some(target_body)))
            {
                continue;
            }
            for m in &pair.manifolds {
                let n = if b1 == Some(disc_body) {
                    -m.data.normal
                } else {
                    m.data.normal
                };
                let depth = m
                    .points
                    .iter()
                    .map(|c| c.dist)
                    .fold(f32::INFINITY, f32::min);
                line += &format!(
                    " | n→disc ({:+.2} {:+.2} {:+.2}) d {:+.4} pts {} solver {} face {}",
                    n.x,
                    n.y,
                    n.z,
                    depth,
                    m.points.len(),
                    m.data.solver_contacts.len(),
                    m.data.user_data
                );
            }
        }
        lines.push(line);
        if done.is_some() {
            if run.frozen() {
                lines.push("stopped by the backstop (sleep.freeze_after)".into());
            }
            break;
        }
    }
    lines
}
