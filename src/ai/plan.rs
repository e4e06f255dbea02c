//! Planning a flick by simulating it: a cross-entropy search over direction,
//! strength, spin (and, for shots, the side the bullet starts on). Every
//! candidate is played on a fork of the referee (a clone of the rules and the
//! table) through the level's hand, so the search prefers flicks that still
//! work when the hand shakes; candidates run on every core (rayon), each with
//! its own ChaCha8 stream, so the result does not depend on the thread count.

use std::f32::consts::{PI, TAU};

use bevy::math::{Vec2, Vec3, Vec3Swizzles};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Normal};
use rayon::prelude::*;

use super::eval::{self, score};
use super::levels::LevelSpec;
use super::reply;
use crate::flick::referee::{Aim, Referee, Side};
use crate::flick::rules::{CowboyId, Intent, Phase};
use crate::scenario::kinds::Team;

/// Which flick is being planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlickKind {
    Move,
    Shot,
    Blast,
}

/// A planned flick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Planned {
    pub kind: FlickKind,
    pub side: Side,
    pub aim: Aim,
    /// The search's estimate of the position after it (mean of the best candidates).
    pub expected: f32,
    /// Flicks simulated to find it.
    pub simulated: usize,
    /// The seed its search drew from ([`plan_flick`] with it makes it again).
    pub seed: u64,
}

/// A Gaussian over (angle, strength, spin) around one starting idea.
#[derive(Debug, Clone, Copy)]
struct Mode {
    angle: f32,
    strength: f32,
    spin: f32,
    angle_sd: f32,
    strength_sd: f32,
    spin_sd: f32,
    side: Side,
}

#[derive(Debug, Clone, Copy)]
struct Sample {
    mode: usize,
    angle: f32,
    strength: f32,
    spin: f32,
    side: Side,
    score: f32,
}

fn wrap(a: f32) -> f32 {
    (a + PI).rem_euclid(TAU) - PI
}

/// The hand: the flick actually performed for a planned one.
pub fn shake(aim: Aim, spec: &LevelSpec, rng: &mut impl Rng) -> Aim {
    let n = |sd: f32, rng: &mut dyn rand::RngCore| -> f32 {
        if sd > 0.0 {
            Normal::new(0.0, sd).expect("finite sd").sample(rng)
        } else {
            0.0
        }
    };
    let angle = aim.direction.to_angle() + n(spec.angle_noise_deg.to_radians(), rng);
    Aim {
        direction: Vec2::from_angle(angle),
        strength: (aim.strength * (1.0 + n(spec.strength_noise, rng))).clamp(0.02, 1.0),
        spin: (aim.spin + n(spec.spin_noise, rng)).clamp(-1.0, 1.0),
    }
}

/// What a move that fails costs beyond the position it puts back: the
/// action is spent for nothing (and the whole table saw it). Between two
/// moves that promise alike, the surer one is flicked.
pub const FAILED_MOVE: f32 = 4.0;

/// Plays one flick of `kind` on `referee` (a fork) and scores the position it
/// leads to for `team` as `spec`'s level does ([`value_for`]); `None` when
/// the referee refused the flick.
pub fn play_and_score(
    referee: &mut Referee,
    kind: FlickKind,
    side: Side,
    aim: Aim,
    team: Team,
    spec: &LevelSpec,
) -> Option<f32> {
    match kind {
        FlickKind::Move => {
            let Phase::AwaitMove { cowboy, .. } = referee.game.phase else {
                return None;
            };
            let before = (
                referee.game.cowboys[cowboy].inside,
                referee.position(cowboy),
            );
            referee.flick_move(aim).ok()?;
            // A failed move puts the town back: the cowboy is where he was.
            let after = (
                referee.game.cowboys[cowboy].inside,
                referee.position(cowboy),
            );
            let failed = before == after;
            Some(value_for(referee, team, spec) - if failed { FAILED_MOVE } else { 0.0 })
        }
        FlickKind::Shot => {
            referee.flick_shot(side, aim).ok()?;
            Some(value_for(referee, team, spec))
        }
        FlickKind::Blast => {
            referee.flick_dynamite(side, aim).ok()?;
            Some(value_for(referee, team, spec))
        }
    }
}

/// What the rest of the turn may still bring from this position (scored
/// `score`): the acting cowboy's next shot, if he has an action (or a
/// bullet) left, or what he may take or leave where he sits, or how much
/// nearer a carrier's next move may take him to his goal.
pub fn lookahead(referee: &Referee, team: Team, score: f32) -> f32 {
    let (cowboy, more) = match referee.game.phase {
        Phase::Acting {
            cowboy,
            actions_left,
        } => (cowboy, actions_left > 0),
        Phase::AwaitShots { cowboy, .. } => (cowboy, true),
        _ => return 0.0,
    };
    if !more || referee.game.cowboys[cowboy].team != team {
        return 0.0;
    }
    let pos = eval::positions(referee);
    let shot = 0.8 * eval::shot_value(referee, &pos, cowboy);
    let walk = match referee.game.phase {
        Phase::Acting { .. } => eval::lift(score, eval::next_move(referee, cowboy)),
        _ => 0.0,
    };
    shot.max(hand_over(referee, team)).max(walk)
}

/// What the acting cowboy's next action can gain by taking or leaving a
/// face-up token where he sits: a carrier who walks into the goal with an
/// action left is one Drop from the win, and the move that gets him there is
/// worth that much. (Draws are not weighed: what lies face down is unknown.)
fn hand_over(referee: &Referee, team: Team) -> f32 {
    let Phase::Acting { cowboy, .. } = referee.game.phase else {
        return 0.0;
    };
    if referee.game.cowboys[cowboy].inside.is_none() {
        return 0.0;
    }
    let now = score(referee, team);
    referee
        .game
        .legal_intents()
        .into_iter()
        .filter(|i| matches!(i, Intent::Take { .. } | Intent::Drop(_)))
        .filter_map(|i| {
            let mut fork = referee.clone();
            fork.apply(i).ok()?;
            Some(score(&fork, team) - now)
        })
        .fold(0.0, f32::max)
}

/// The score of a position reached in the turn, with what the turn may still bring.
pub fn value(referee: &Referee, team: Team) -> f32 {
    let s = score(referee, team);
    s + lookahead(referee, team, s)
}

/// The position's value as `spec`'s level weighs it: [`value`], less the
/// other side's likely reply ([`reply::reply_threat`]) for a level that
/// weighs replies.
pub fn value_for(referee: &Referee, team: Team, spec: &LevelSpec) -> f32 {
    if spec.replies {
        value_replied(referee, team)
    } else {
        value(referee, team)
    }
}

/// [`value`] less the other side's likely reply ([`reply::reply_threat`]):
/// how the levels that weigh replies, and the coach, measure a position.
pub fn value_replied(referee: &Referee, team: Team) -> f32 {
    value(referee, team) - reply::reply_threat(referee, team)
}

/// Directions of the free steps a move's search starts from.
const COMPASS: usize = 6;

/// How far in front of a door a move may stop to walk in from there (metres).
const APPROACH: f32 = 0.10;

/// Distance a disc slides for a strength (calibrated: full ≈ 80 cm, half ≈ 20 cm).
fn strength_for(distance: f32) -> f32 {
    (distance / 0.8).sqrt().clamp(0.08, 1.0)
}

/// Whether a shot (or a charge) of `kind` by `cowboy` has anyone of the
/// other side within reach to be aimed at: without, the search would only
/// scatter bullets round the compass.
pub fn has_target(referee: &Referee, kind: FlickKind, cowboy: CowboyId) -> bool {
    kind == FlickKind::Move || !targeted(referee, kind, cowboy).is_empty()
}

/// A shot's or a charge's search modes, one aimed at each cowboy of the
/// other side within reach, from each side the bullet may start on.
fn targeted(referee: &Referee, kind: FlickKind, cowboy: CowboyId) -> Vec<Mode> {
    let game = &referee.game;
    let me = &game.cowboys[cowboy];
    let mut out = Vec::new();
    let pos = eval::positions(referee);
    for t in 0..game.cowboys.len() {
        // A bullet may be shot at a cowboy on his block (a duel); a
        // charge only knocks over those standing in the street.
        let at = match kind {
            FlickKind::Shot => eval::aim_point(referee, &pos, t).map(|a| a.0),
            _ => pos[t],
        };
        let Some(at) = at else { continue };
        if game.cowboys[t].team == me.team || !game.hittable(t) {
            continue;
        }
        for side in referee.shot_sides() {
            let start = referee.shot_start(cowboy, side, at - referee.position(cowboy), 0.01);
            if start.distance(at) > eval::SHOT_RANGE * 1.5 {
                continue;
            }
            let d = referee.aim_at(cowboy, side, at);
            out.push(Mode {
                angle: d.to_angle(),
                strength: 0.9,
                spin: 0.0,
                angle_sd: 0.05,
                strength_sd: 0.08,
                spin_sd: 0.1,
                side,
            });
        }
    }
    out
}

/// The starting ideas for a flick: aims at every target (shots), at every
/// door (moves), and free flicks.
fn modes(referee: &Referee, kind: FlickKind, cowboy: CowboyId) -> Vec<Mode> {
    let game = &referee.game;
    let me = &game.cowboys[cowboy];
    let mut out = Vec::new();
    let free = |side| Mode {
        angle: 0.0,
        strength: 0.45,
        spin: 0.0,
        angle_sd: PI,
        strength_sd: 0.25,
        spin_sd: 0.3,
        side,
    };
    match kind {
        FlickKind::Shot | FlickKind::Blast => {
            out = targeted(referee, kind, cowboy);
            if out.is_empty() {
                out.push(free(*referee.shot_sides().last().unwrap_or(&Side::Right)));
            }
        }
        FlickKind::Move => {
            let start = referee.move_start(cowboy);
            let start = Vec2::new(start.x, start.z);
            match me.inside {
                Some(b) => {
                    // Out through the door, to several distances.
                    let door = referee.building_point(b, Vec3::new(0.0, 0.0, 0.06));
                    let d = Vec2::new(door.x, door.z) - start;
                    for extra in [0.0, 0.1, 0.25] {
                        out.push(Mode {
                            angle: d.to_angle(),
                            strength: strength_for(d.length() + extra),
                            spin: 0.0,
                            angle_sd: 0.05,
                            strength_sd: 0.06,
                            spin_sd: 0.05,
                            side: Side::Right,
                        });
                    }
                }
                None => {
                    for &(b, _) in referee.buildings() {
                        if game.setup.closed.contains(&b) {
                            continue;
                        }
                        // Through the door, and to the spot in front of it
                        // from which walking in is a straight flick (from
                        // beside a support block no flick at the door enters).
                        for ahead in [0.0, APPROACH] {
                            let at = referee.building_point(b, Vec3::new(0.0, 0.0, ahead));
                            let d = at.xz() - start;
                            if d.length() > 0.9 || d.length() < 0.03 {
                                continue;
                            }
                            out.push(Mode {
                                angle: d.to_angle(),
                                strength: strength_for(d.length()),
                                spin: 0.0,
                                angle_sd: 0.06,
                                strength_sd: 0.06,
                                spin_sd: 0.05,
                                side: Side::Right,
                            });
                        }
                    }
                    // Steps every way round the compass: a detour round
                    // what stands between a cowboy and where he must go
                    // (a barrel before his feet blocks every straight flick).
                    for k in 0..COMPASS {
                        out.push(Mode {
                            angle: wrap(k as f32 * TAU / COMPASS as f32),
                            strength: 0.55,
                            spin: 0.0,
                            angle_sd: PI / COMPASS as f32,
                            strength_sd: 0.2,
                            spin_sd: 0.2,
                            side: Side::Right,
                        });
                    }
                }
            }
        }
    }
    out
}

fn draw(mode: &Mode, k: usize, rng: &mut ChaCha8Rng) -> Sample {
    let n = |sd: f32, rng: &mut ChaCha8Rng| Normal::new(0.0, sd.max(1e-4)).expect("sd").sample(rng);
    Sample {
        mode: k,
        angle: wrap(mode.angle + n(mode.angle_sd, rng)),
        strength: (mode.strength + n(mode.strength_sd, rng)).clamp(0.05, 1.0),
        spin: (mode.spin + n(mode.spin_sd, rng)).clamp(-0.8, 0.8),
        side: mode.side,
        score: f32::NEG_INFINITY,
    }
}

/// The best flick of `kind` for the cowboy acting now, found with `rounds`
/// rounds of the level's search; `seed` makes it reproducible.
pub fn plan_flick(
    referee: &Referee,
    kind: FlickKind,
    cowboy: CowboyId,
    spec: &LevelSpec,
    rounds: usize,
    seed: u64,
) -> Planned {
    let base = lookahead_fork(referee, spec);
    let mut search = Search::new(&base, kind, cowboy, seed);
    for _ in 0..rounds.max(1) {
        search.round(&base, spec);
    }
    search.finish(&base, spec)
}

/// A flick's search part-way through its rounds: what the next round draws
/// from. The bot screens each action with one round (and its finalists);
/// when it then takes the action it goes on from that round rather than
/// searching from the start, and the plan is the very one [`plan_flick`]
/// makes with the screening's seed: the same search, one round cheaper.
#[derive(Debug, Clone)]
pub struct Search {
    kind: FlickKind,
    cowboy: CowboyId,
    team: Team,
    modes: Vec<Mode>,
    rng: ChaCha8Rng,
    best: Option<(Mode, f32)>,
    last: Vec<Sample>,
    simulated: usize,
    rounds: usize,
    seed: u64,
    /// The position searched (see [`Search::fingerprint`]).
    at: Option<(u64, String)>,
}

impl Search {
    /// A search for `cowboy`'s flick of `kind` on `base` (a
    /// [`lookahead_fork`]), its draws from `seed`.
    pub fn new(base: &Referee, kind: FlickKind, cowboy: CowboyId, seed: u64) -> Self {
        Search {
            kind,
            cowboy,
            team: base.game.cowboys[cowboy].team,
            modes: modes(base, kind, cowboy),
            rng: ChaCha8Rng::seed_from_u64(seed),
            best: None,
            last: Vec::new(),
            simulated: 0,
            rounds: 0,
            seed,
            at: Self::fingerprint(base),
        }
    }

    /// What tells one position from another: every piece's pose, and the
    /// game as the rules hold it (a [`lookahead_fork`] has no log); none
    /// when the game does not write out, which matches nothing.
    fn fingerprint(base: &Referee) -> Option<(u64, String)> {
        let game = ron::to_string(&base.game).ok()?;
        Some((base.table.pose_hash(), game))
    }

    /// Whether this is a search for `cowboy`'s flick of `kind` on the
    /// position `base` (a [`lookahead_fork`]) holds.
    pub fn searches(&self, base: &Referee, kind: FlickKind, cowboy: CowboyId) -> bool {
        self.kind == kind
            && self.cowboy == cowboy
            && self.at.is_some()
            && self.at == Self::fingerprint(base)
    }

    /// Rounds searched so far.
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// Flicks simulated so far.
    pub fn simulated(&self) -> usize {
        self.simulated
    }

    /// One round: the level's samples drawn round the current modes, each
    /// played on a copy of `base` through one shake of the hand, and the
    /// modes refitted to the best of them.
    pub fn round(&mut self, base: &Referee, spec: &LevelSpec) {
        let (kind, team) = (self.kind, self.team);
        let first = self.rounds == 0;
        let rng = &mut self.rng;
        let modes = &self.modes;
        let samples: Vec<Sample> = (0..spec.samples)
            .map(|i| {
                let k = if first { i % modes.len() } else { 0 };
                draw(&modes[k], k, rng)
            })
            .collect();
        let seeds: Vec<u64> = (0..samples.len()).map(|_| rng.random()).collect();
        let mut scored: Vec<Sample> = samples
            .into_par_iter()
            .zip(seeds)
            .map(|(mut s, seed)| {
                let mut hand = ChaCha8Rng::seed_from_u64(seed);
                let aim = shake(
                    Aim {
                        direction: Vec2::from_angle(s.angle),
                        strength: s.strength,
                        spin: s.spin,
                    },
                    spec,
                    &mut hand,
                );
                let mut fork = base.clone();
                s.score = play_and_score(&mut fork, kind, s.side, aim, team, spec)
                    .unwrap_or(f32::NEG_INFINITY);
                s
            })
            .collect();
        self.simulated += scored.len();
        scored.sort_by(|a, b| b.score.total_cmp(&a.score));
        let top = scored[0];
        let n_elite = ((scored.len() as f32 * spec.elite).ceil() as usize).max(1);
        let elite: Vec<&Sample> = scored[..n_elite]
            .iter()
            .filter(|s| s.mode == top.mode && s.score.is_finite())
            .collect();
        let k = elite.len().max(1) as f32;
        let mean_angle =
            top.angle + elite.iter().map(|s| wrap(s.angle - top.angle)).sum::<f32>() / k;
        let mean_strength = elite.iter().map(|s| s.strength).sum::<f32>() / k;
        let mean_spin = elite.iter().map(|s| s.spin).sum::<f32>() / k;
        let sd = |f: &dyn Fn(&Sample) -> f32, mean: f32| {
            (elite.iter().map(|s| (f(s) - mean).powi(2)).sum::<f32>() / k).sqrt()
        };
        let fitted = Mode {
            angle: wrap(mean_angle),
            strength: mean_strength.clamp(0.05, 1.0),
            spin: mean_spin,
            angle_sd: sd(&|s| wrap(s.angle - mean_angle), 0.0).clamp(0.004, 0.4),
            strength_sd: sd(&|s| s.strength, mean_strength).clamp(0.01, 0.3),
            spin_sd: sd(&|s| s.spin, mean_spin).clamp(0.02, 0.4),
            side: top.side,
        };
        let expected = elite.iter().map(|s| s.score).sum::<f32>() / k;
        self.best = Some((
            fitted,
            if elite.is_empty() {
                top.score
            } else {
                expected
            },
        ));
        self.modes = vec![fitted];
        self.last = scored;
        self.rounds += 1;
    }

    /// The plan: the search's best candidates replayed through fresh shakes.
    pub fn finish(mut self, base: &Referee, spec: &LevelSpec) -> Planned {
        if self.rounds == 0 {
            self.round(base, spec);
        }
        let (kind, team) = (self.kind, self.team);
        let (mode, _) = self.best.expect("at least one round");
        // The last round's best candidates were each scored through one shake of
        // the hand, so the best of them is flattered by luck (a move that slipped
        // past a fence once may clip it most times). Each finalist, the fitted
        // mean first, is replayed through several fresh shakes and the best
        // average wins; that average is the honest estimate the choice of action
        // compares.
        let mut finalists = vec![(mode.angle, mode.strength, mode.spin, mode.side)];
        for s in self.last.iter().filter(|s| s.score.is_finite()) {
            if finalists.len() >= FINALISTS {
                break;
            }
            if finalists
                .iter()
                .all(|f| f.0 != s.angle || f.1 != s.strength)
            {
                finalists.push((s.angle, s.strength, s.spin, s.side));
            }
        }
        let replicas = replicas(spec);
        let rng = &mut self.rng;
        let jobs: Vec<(usize, u64)> = (0..finalists.len())
            .flat_map(|f| std::iter::repeat_n(f, replicas))
            .map(|f| (f, rng.random()))
            .collect();
        let scores: Vec<(usize, f32)> = jobs
            .into_par_iter()
            .map(|(f, seed)| {
                let (angle, strength, spin, side) = finalists[f];
                let mut hand = ChaCha8Rng::seed_from_u64(seed);
                let aim = shake(
                    Aim {
                        direction: Vec2::from_angle(angle),
                        strength,
                        spin,
                    },
                    spec,
                    &mut hand,
                );
                let mut fork = base.clone();
                let v = play_and_score(&mut fork, kind, side, aim, team, spec).unwrap_or(FAILED);
                (f, v)
            })
            .collect();
        let simulated = self.simulated + scores.len();
        let mut mean = vec![0.0f32; finalists.len()];
        for (f, v) in scores {
            mean[f] += v / replicas as f32;
        }
        let (pick, expected) = mean
            .iter()
            .copied()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("the fitted mean is a finalist");
        let (angle, strength, spin, side) = finalists[pick];
        Planned {
            kind,
            side,
            aim: Aim {
                direction: Vec2::from_angle(angle),
                strength,
                spin,
            },
            expected,
            simulated,
            seed: self.seed,
        }
    }
}

/// A fork of `referee` for the search's candidates: simulated the level's
/// cheaper way when it has one.
pub fn lookahead_fork(referee: &Referee, spec: &LevelSpec) -> Referee {
    let mut fork = referee.clone();
    // Every candidate starts from a copy of this fork: the game's log (a
    // line for each thing that happened since 6 o'clock, which no score
    // reads) is not copied with it each time.
    fork.game.log.clear();
    fork.last_outcome = None;
    if let Some(quick) = spec.lookahead {
        fork.table.quicken(quick);
    }
    fork
}

/// Finalists replayed at the end of a search: the fitted mean and the best samples.
const FINALISTS: usize = 4;
/// The score of a flick the referee refused (out of range after the shake): far below any position.
const FAILED: f32 = -1.0e6;

/// Fresh shakes per finalist: an eighth of a round's samples, at least three.
pub fn replicas(spec: &LevelSpec) -> usize {
    (spec.samples / 8).max(3)
}
