//! The strict pass-through detector: full-strength shots at a standing fence,
//! figure or support block from random angles, distances and spins, with each
//! disc's centre tracked every step against the target's mid-plane. A centre
//! that changes sides of that plane within the target's width, below its top,
//! while the target still stands, went through it: a solid piece cannot let
//! that happen, with or without a contact recorded on the way. Used by the
//! bounded test (tests/suite/pass_through.rs) and `highnoon flick pass-through`,
//! which prints the full count.

use bevy::math::{Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::Table;
use super::pieces::PieceId;
use super::table::{Flick, FlickRun, tilt_deg};
use crate::scenario::town::{
    BuildingKind, BuildingSpec, FigureSpec, HatSide, PropKind, PropSpec, Team,
};
use crate::scenario::{PhysicsProfile, Town};

/// The kinds of thin standing piece shot at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Fence,
    Figure,
    Block,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Fence, Target::Figure, Target::Block];

    pub fn name(self) -> &'static str {
        match self {
            Target::Fence => "fence",
            Target::Figure => "figure",
            Target::Block => "support block",
        }
    }
}

/// One shot that went through.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    pub shot: usize,
    pub disc: String,
    /// The step at which the centre changed sides.
    pub step: u32,
    /// Whether it lay beyond the target at rest, clear of it.
    pub came_out_whole: bool,
    pub flick: Flick,
    pub from: Vec2,
}

/// What one shot did.
#[derive(Debug, Clone)]
pub struct Shot {
    pub crossing: Option<Crossing>,
    /// The pieces still moving at the time cap (none: it came to rest).
    pub still_moving: Vec<String>,
    /// Whether its first contact was the target.
    pub first_touch: bool,
    /// Whether Rapier has every body of the table asleep afterwards.
    pub asleep: bool,
}

/// What a survey of `shots` shots found.
#[derive(Debug, Clone, Default)]
pub struct Survey {
    pub shots: usize,
    pub crossings: Vec<Crossing>,
    /// Shots still moving at the time cap.
    pub not_at_rest: usize,
    /// The first few of them: the shot and the pieces still moving.
    pub restless: Vec<(usize, Vec<String>)>,
    /// Shots that ended at rest with Rapier still holding a body awake (the
    /// table would then not count as at rest for the next flick).
    pub left_awake: usize,
    /// Shots whose first contact was the target (the aim is honest).
    pub hit_target: usize,
}

/// The target's frame: where it is, the thin axis its mid-plane is normal to,
/// the axis along its width, and its extents.
struct Frame {
    kind: Target,
    piece: PieceId,
    /// Offset of the target's centre from its body's origin, body frame.
    centre: Vec3,
    normal: Vec3,
    along: Vec3,
    half_width: f32,
    half_depth: f32,
    top: f32,
}

impl Frame {
    /// (signed distance to the mid-plane, offset along the width, height) of `p`.
    fn locate(&self, table: &Table, p: Vec3) -> (f32, f32, f32) {
        let (t, r) = table.pose(self.piece);
        let d = p - (t + r * self.centre);
        (d.dot(r * self.normal), d.dot(r * self.along), p.y)
    }

    fn standing(&self, table: &Table) -> bool {
        tilt_deg(table.pose(self.piece).1) < 20.0
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
                normal: Vec3::Z,
                along: Vec3::X,
                half_width: x / 2.0,
                half_depth: z / 2.0,
                top: y,
            };
            (table, frame)
        }
        Target::Figure => {
            town.figures = vec![figure(0.0, 0.0)];
            let table = Table::new(profile.clone(), &town);
            let piece = table.piece("Target").expect("the figure");
            let f = &p.figure;
            let frame = Frame {
                kind,
                piece,
                centre: Vec3::ZERO,
                normal: Vec3::Z,
                along: Vec3::X,
                half_width: f.body_radius.max(f.base_radius),
                half_depth: f.base_radius,
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
                normal: Vec3::X,
                along: Vec3::Z,
                half_width: b.block_size.2 / 2.0,
                half_depth: b.block_size.0 / 2.0,
                top: b.block_size.1,
            };
            (table, frame)
        }
    }
}

/// One shot: where from, at what, with which disc and spin.
fn aim(kind: Target, frame: &Frame, table: &Table, rng: &mut ChaCha8Rng) -> (Vec2, Vec2, f32) {
    let (t, r) = table.pose(frame.piece);
    let centre = t + r * frame.centre;
    let centre = Vec2::new(centre.x, centre.z);
    let normal = r * frame.normal;
    let along = r * frame.along;
    let (n, w) = (Vec2::new(normal.x, normal.z), Vec2::new(along.x, along.z));
    let offset = rng.random_range(-0.8..0.8) * frame.half_width;
    let point = centre + w * offset;
    let (angle, dist) = match kind {
        // Either face, up to 60° off square, 6–35 cm.
        Target::Fence => (rng.random_range(-60f32..60.0), rng.random_range(0.06..0.35)),
        // Any angle, 6–25 cm.
        Target::Figure => (
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
    let (mut before, ..) = frame.locate(table, centre(table));
    let radius = table.index().get(disc).map_or(0.0, |p| p.radius);
    let name = table
        .index()
        .get(disc)
        .map_or(String::new(), |p| p.name.clone());
    let mut crossing: Option<Crossing> = None;
    let outcome = loop {
        let done = table.advance(&mut run);
        let (s, w, y) = frame.locate(table, centre(table));
        if crossing.is_none()
            && frame.standing(table)
            && before * s < 0.0
            && w.abs() < frame.half_width
            && y < frame.top
        {
            crossing = Some(Crossing {
                shot,
                disc: name.clone(),
                step: run.steps,
                came_out_whole: false,
                flick,
                from,
            });
        }
        before = s;
        if let Some(out) = done {
            break out;
        }
    };
    if let Some(c) = crossing.as_mut() {
        let (s, w, _) = frame.locate(table, outcome.rest_position);
        c.came_out_whole = frame.standing(table)
            && s.abs() > frame.half_depth + radius
            && w.abs() < frame.half_width + radius
            && s * frame.locate(table, Vec3::new(from.x, 0.0, from.y)).0 < 0.0;
    }
    let first = outcome.first_touch().map(|t| t.piece) == Some(frame.piece);
    let moving = outcome
        .still_moving
        .iter()
        .filter_map(|&p| table.index().get(p).map(|p| p.name.clone()))
        .collect();
    Shot {
        crossing,
        still_moving: moving,
        first_touch: first,
        asleep: table.at_rest(),
    }
}

/// Shot `i` of a survey with `seed`, on a fork of `base`.
fn fork_and_shoot(base: &Table, frame: &Frame, discs: [PieceId; 2], i: usize, seed: u64) -> Shot {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i as u64);
    let mut table = base.clone();
    let (from, direction, spin) = aim(frame.kind, frame, &table, &mut rng);
    shoot(&mut table, frame, discs[i % 2], i, from, direction, spin)
}

/// The survey's discs: bullet for even shots, movement disc for odd ones.
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
/// alternating, on every core (one fork per shot; each shot's randomness comes
/// from its own ChaCha8 stream, so the result does not depend on the threads).
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
    for (
        shot,
        Shot {
            crossing,
            still_moving: moving,
            first_touch: first,
            asleep,
        },
    ) in results.into_iter().enumerate()
    {
        survey.crossings.extend(crossing);
        survey.left_awake += usize::from(moving.is_empty() && !asleep);
        if !moving.is_empty() {
            survey.not_at_rest += 1;
            if survey.restless.len() < 10 {
                survey.restless.push((shot, moving));
            }
        }
        survey.hit_target += usize::from(first);
    }
    survey
}

impl Survey {
    pub fn whole(&self) -> usize {
        self.crossings.iter().filter(|c| c.came_out_whole).count()
    }
}

/// One shot of a survey, step by step (for looking into a crossing or a shot
/// that would not come to rest): the disc's and the target's speeds, sleep
/// state (`a` awake, `z` asleep) and sleep timers, the disc's centre in the
/// target's frame (across the mid-plane, along the width, height), the
/// target's tilt, and the contacts between the two.
pub fn trace(profile: &PhysicsProfile, kind: Target, shot: usize, seed: u64) -> Vec<String> {
    let (base, frame) = setup(profile, kind);
    let disc = survey_discs(&base)[shot % 2];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(shot as u64);
    let mut table = base.clone();
    let (from, direction, spin) = aim(kind, &frame, &table, &mut rng);
    let (flick, mut run) = fire(&mut table, disc, from, direction, spin);
    let mut lines = vec![format!("{kind:?} shot {shot}: {flick:?} from {from}")];
    // The run ends by itself: at rest, or at the time cap.
    for step in 0.. {
        let done = table.advance(&mut run);
        let (p, q) = table.pose(disc);
        let (s, w, y) = frame.locate(&table, p);
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
            break;
        }
    }
    lines
}
