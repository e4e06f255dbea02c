//! How far a level's cheaper look-ahead ([`crate::physics::Quick`]) may be
//! trusted: on positions from real games, the same flicks simulated both ways
//! (what the rules say after each, the score, the time), and the search run
//! both ways with each choice then played through the hand on the game's own
//! simulation, so the cost of the cheaper choice is measured in the score the
//! game gives it. `flick lookahead-check` prints it (docs/flick-bot.md).

use std::time::{Duration, Instant};

use bevy::math::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::levels::{BotLevels, LevelSpec};
use super::plan::{self, FlickKind};
use super::play::play_game;
use super::player::FlickBot;
use crate::bot_level::Level;
use crate::flick::referee::{Aim, Referee, Side};
use crate::flick::rules::Phase;
use crate::scenario::PhysicsProfile;
use crate::scenario::town::Town;

/// What `check` measured.
#[derive(Debug, Clone, Default)]
pub struct LookaheadReport {
    pub positions: usize,
    /// Random flicks simulated both ways.
    pub flicks: usize,
    /// Of those, how many left the rules in the same state both ways.
    pub same_rules: usize,
    /// Median and 90th percentile of |score(full) − score(quick)|.
    pub score_gap_median: f32,
    pub score_gap_p90: f32,
    /// Mean steps per flick, each way.
    pub steps_full: f64,
    pub steps_quick: f64,
    /// Time for all the flicks, each way (one thread).
    pub time_full: Duration,
    pub time_quick: Duration,
    /// Searches run both ways (one per position).
    pub searches: usize,
    /// Mean score, on the game's simulation through `replays` shakes of the
    /// hand, of the flick each search chose.
    pub chosen_full: f64,
    pub chosen_quick: f64,
    /// Searches whose quick choice scored worse than the full one by more
    /// than one point (a cowboy's worth is several).
    pub quick_worse: usize,
    /// ... and better by more than one point.
    pub quick_better: usize,
    pub replays: usize,
    /// Time of all the searches, each way (on every core).
    pub search_full: Duration,
    pub search_quick: Duration,
}

/// Positions where a flick is awaited, from a game between two normal bots
/// on `town` (seeded), as the acting side sees them; at most `n`.
pub fn positions(
    profile: &PhysicsProfile,
    town: &Town,
    levels: &BotLevels,
    n: usize,
    seed: u64,
) -> Result<Vec<(Referee, FlickKind)>, String> {
    let mut out = Vec::new();
    let mut g = 0;
    while out.len() < n && g < 20 {
        let mut referee = Referee::new(profile.clone(), town, seed + g)?;
        let mut a = FlickBot::new(Level::Normal, levels, seed ^ (g << 8) ^ 0xA);
        let mut b = FlickBot::new(Level::Normal, levels, seed ^ (g << 8) ^ 0xB);
        play_game(&mut referee, &mut a, &mut b, 300, |r, _| {
            let kind = match r.game.phase {
                Phase::AwaitMove { .. } => FlickKind::Move,
                Phase::AwaitShots { .. } => FlickKind::Shot,
                _ => return,
            };
            if out.len() < n {
                out.push((r.public_view(), kind));
            }
        });
        g += 1;
    }
    Ok(out)
}

/// The acting cowboy of a position awaiting a flick.
fn acting(referee: &Referee) -> Option<usize> {
    match referee.game.phase {
        Phase::AwaitMove { cowboy, .. } | Phase::AwaitShots { cowboy, .. } => Some(cowboy),
        _ => None,
    }
}

/// Runs the check: `flicks` random flicks per position both ways, and the
/// level's search both ways with `replays` plays of each choice.
pub fn check(
    positions: &[(Referee, FlickKind)],
    spec: &LevelSpec,
    flicks: usize,
    replays: usize,
    seed: u64,
) -> LookaheadReport {
    let quick = spec.clone();
    let full = LevelSpec {
        lookahead: None,
        ..spec.clone()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut r = LookaheadReport {
        replays,
        ..Default::default()
    };
    let mut gaps = Vec::new();
    let (mut steps_full, mut steps_quick) = (0u64, 0u64);
    for (referee, kind) in positions {
        let Some(cowboy) = acting(referee) else {
            continue;
        };
        r.positions += 1;
        let team = referee.game.cowboys[cowboy].team;
        let quick_base = plan::lookahead_fork(referee, &quick);
        for _ in 0..flicks {
            let aim = Aim {
                direction: Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU)),
                strength: rng.random_range(0.1..1.0),
                spin: rng.random_range(-0.5..0.5),
            };
            let side = if rng.random() {
                Side::Left
            } else {
                Side::Right
            };
            // A second bullet goes on the side the first did not.
            let side = if referee.shot_sides().contains(&side) {
                side
            } else {
                side.other()
            };
            let mut a = referee.clone();
            let t = Instant::now();
            let sa = plan::play_and_score(&mut a, *kind, side, aim, team, &full);
            r.time_full += t.elapsed();
            let mut b = quick_base.clone();
            let t = Instant::now();
            let sb = plan::play_and_score(&mut b, *kind, side, aim, team, &quick);
            r.time_quick += t.elapsed();
            let (Some(sa), Some(sb)) = (sa, sb) else {
                continue;
            };
            r.flicks += 1;
            steps_full += steps(&a);
            steps_quick += steps(&b);
            if rules_state(&a) == rules_state(&b) {
                r.same_rules += 1;
            }
            gaps.push((sa - sb).abs() as f64);
        }
        // The search both ways, each choice then played on the game's simulation.
        let s = rng.random();
        let mut took = [Duration::ZERO; 2];
        let chosen = [(&full, 0), (&quick, 1)].map(|(spec, k)| {
            let t = Instant::now();
            let p = plan::plan_flick(referee, *kind, cowboy, spec, spec.iterations, s);
            took[k] = t.elapsed();
            let mut hand = ChaCha8Rng::seed_from_u64(s ^ 0x5EED);
            (0..replays)
                .map(|_| {
                    let aim = plan::shake(p.aim, spec, &mut hand);
                    let mut fork = referee.clone();
                    plan::play_and_score(&mut fork, *kind, p.side, aim, team, spec)
                        .unwrap_or(-100.0) as f64
                })
                .sum::<f64>()
                / replays.max(1) as f64
        });
        r.searches += 1;
        r.search_full += took[0];
        r.search_quick += took[1];
        r.chosen_full += chosen[0];
        r.chosen_quick += chosen[1];
        if chosen[1] < chosen[0] - 1.0 {
            r.quick_worse += 1;
        } else if chosen[1] > chosen[0] + 1.0 {
            r.quick_better += 1;
        }
    }
    if r.searches > 0 {
        r.chosen_full /= r.searches as f64;
        r.chosen_quick /= r.searches as f64;
    }
    if r.flicks > 0 {
        r.steps_full = steps_full as f64 / r.flicks as f64;
        r.steps_quick = steps_quick as f64 / r.flicks as f64;
    }
    let gaps = crate::stats::sorted(&gaps);
    r.score_gap_median = crate::stats::percentile(&gaps, 0.5).unwrap_or(0.0) as f32;
    r.score_gap_p90 = crate::stats::percentile(&gaps, 0.9).unwrap_or(0.0) as f32;
    r
}

/// The rules' state after a flick, without the log's wording (a move that
/// touched a piece and then left the table is logged as leaving it on the
/// game's table, as touching on the look-ahead, which stops at the touch).
fn rules_state(referee: &Referee) -> String {
    let mut game = referee.game.clone();
    game.log.clear();
    format!("{game:?}")
}

/// Steps of the last flick on a fork.
fn steps(referee: &Referee) -> u64 {
    referee.last_outcome.as_ref().map_or(0, |o| o.steps as u64)
}

impl LookaheadReport {
    pub fn print(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        writeln!(
            out,
            "lookahead check: {} positions, {} random flicks each way",
            self.positions, self.flicks
        )?;
        writeln!(
            out,
            "  same rules state after the flick  {:.1}%",
            pct(self.same_rules, self.flicks)
        )?;
        writeln!(
            out,
            "  |score gap|                       median {:.3}  p90 {:.3}",
            self.score_gap_median, self.score_gap_p90
        )?;
        writeln!(
            out,
            "  steps per flick                   full {:.0}  quick {:.0}",
            self.steps_full, self.steps_quick
        )?;
        let per = |d: Duration| d.as_secs_f64() * 1e3 / self.flicks.max(1) as f64;
        writeln!(
            out,
            "  time per flick (one thread)       full {:.3} ms  quick {:.3} ms  ({:.2}x)",
            per(self.time_full),
            per(self.time_quick),
            self.time_full.as_secs_f64() / self.time_quick.as_secs_f64().max(1e-9)
        )?;
        writeln!(
            out,
            "  time per search (every core)      full {:.3} s  quick {:.3} s  ({:.2}x)",
            self.search_full.as_secs_f64() / self.searches.max(1) as f64,
            self.search_quick.as_secs_f64() / self.searches.max(1) as f64,
            self.search_full.as_secs_f64() / self.search_quick.as_secs_f64().max(1e-9)
        )?;
        writeln!(
            out,
            "  search's choice, played {} times on the game's simulation: mean score full {:.2}  quick {:.2}",
            self.replays, self.chosen_full, self.chosen_quick
        )?;
        writeln!(
            out,
            "  quick's choice worse by > 1 point in {} of {} searches, better in {}",
            self.quick_worse, self.searches, self.quick_better
        )
    }
}
