//! Computer gunslingers for Tabletown. Every decision is made from
//! `observation(seat)` only: the table as everyone sees it and the own hand;
//! other hands and the deck's order are sampled when needed
//! ([`Tabletown::determinize`]).
//!
//! - easy: arms and loads when it can, otherwise does anything legal; shoots at random.
//! - normal: arms the best gun, loads it, keeps its tin stars and tricks,
//!   discards what it cannot use, calls out the weakest, fires what the fight
//!   allows, answers a bad fight with the Cavalry or the stage coach.
//!   Between equally weak gunslingers it draws at random (never by seat
//!   number: the person sits at seat 0), with the bot's own seeded generator
//!   (inside a sampled world's playout, with the playout's).
//! - hard: starts from the normal policy's choice and tries every other legal
//!   choice in the same sampled worlds (hidden hands and deck drawn from what it
//!   has not seen), playing each out with the normal policy; it switches only
//!   when another choice wins clearly more often (paired, two standard errors).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bot_level::Level;
use crate::cards::bots::{improve_by_sampling, pick_max_by_key, pick_min_by_key};
use crate::cards::core::{Agent, Game, Seat, Turn};
use crate::cards::tabletown::{Action, Call, CardId, Kind, Phase, Step, Tabletown, View};

pub struct Gunslinger {
    pub level: Level,
    rng: ChaCha8Rng,
}

impl Gunslinger {
    pub fn new(level: Level, seed: u64) -> Gunslinger {
        Gunslinger {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

fn gun_rank(k: Kind) -> u8 {
    match k {
        Kind::Shotgun => 3,
        Kind::Rifle => 2,
        Kind::Revolver => 1,
        _ => 0,
    }
}

/// How much a card in hand is worth keeping (higher: keep).
fn keep_value(g: &Tabletown, seat: Seat, card: CardId) -> i32 {
    let s = &g.slingers[seat];
    let weapon = s.weapon();
    let k = g.kind(card);
    let hand_has =
        |pred: &dyn Fn(Kind) -> bool| s.hand.iter().any(|&c| c != card && pred(g.kind(c)));
    match k {
        Kind::Sheriff => 9,
        Kind::Deputy => 7,
        Kind::Cavalry => 6,
        Kind::StageCoach => 5,
        Kind::Tnt if g.living().len() > 2 => 5,
        Kind::Tnt => 1,
        Kind::ReachForTheSky => 4,
        Kind::Bullet | Kind::Shell => {
            let fits = |w: Kind| w.ammo() == Some(k);
            if weapon.is_some_and(fits) || hand_has(&|w| w.is_gun() && fits(w)) {
                8
            } else {
                2
            }
        }
        gun if gun.is_gun() => {
            if weapon.is_some_and(|w| gun_rank(w) >= gun_rank(gun)) {
                1
            } else {
                6 + gun_rank(gun) as i32
            }
        }
        _ => 0,
    }
}

/// The normal policy, from the seat's point of view: reads only the public
/// table and the seat's own hand (so it runs on a `View`'s public state as well
/// as inside a sampled world). Ties between equally good targets are drawn
/// with `rng` ([`pick_max_by_key`]: only a tie draws a number), never settled
/// by seat number.
pub fn normal_action<R: Rng + ?Sized>(
    g: &Tabletown,
    seat: Seat,
    legal: &[Action],
    rng: &mut R,
) -> Action {
    let s = &g.slingers[seat];
    let living = g.living();
    let enemies: Vec<Seat> = living.iter().copied().filter(|&o| o != seat).collect();
    // How weak a gunslinger is: most wounds, then fewest rounds loaded.
    let weakness = |o: Seat| g.slingers[o].wounds as i32 * 2 - g.slingers[o].loaded() as i32;
    // The weakest; of equals, one drawn at random (not the lowest seat).
    let weakest =
        |among: &[Seat], rng: &mut R| pick_max_by_key(among.iter().copied(), |&o| weakness(o), rng);
    let has = |a: &Action| legal.contains(a);
    match &g.phase {
        // Setup: face the weakest (at the start all are alike: at random).
        Phase::Face { .. } => pick_max_by_key(
            legal.iter().filter(|a| matches!(a, Action::Face(_))),
            |a| match a {
                Action::Face(t) => weakness(*t),
                _ => i32::MIN,
            },
            rng,
        )
        .cloned()
        .unwrap_or_else(|| legal[0].clone()),
        Phase::Turn => {
            // Face a living enemy.
            let facing_ok = s.facing.is_some_and(|f| g.slingers[f].alive && f != seat);
            if !facing_ok && let Some(t) = weakest(&enemies, &mut *rng) {
                let a = Action::Track(t);
                if has(&a) {
                    return a;
                }
            }
            // Arm the best gun if unarmed, or an upgrade while empty.
            let best_gun = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Arm(c) => Some((gun_rank(g.kind(*c)), a.clone())),
                    _ => None,
                })
                .max_by_key(|x| x.0);
            if let Some((rank, arm)) = &best_gun {
                let current = s.weapon().map_or(0, gun_rank);
                if current == 0 || (*rank > current && s.loaded() == 0) {
                    return arm.clone();
                }
            }
            if let Some(load) = legal.iter().find(|a| matches!(a, Action::Load(_))) {
                return load.clone();
            }
            // Reach for the sky on the best-loaded enemy (of equals, one at random).
            if let Some(a) = pick_max_by_key(
                legal
                    .iter()
                    .filter(|a| matches!(a, Action::Reach(_, t) if g.slingers[*t].loaded() >= 3)),
                |a| match a {
                    Action::Reach(_, t) => g.slingers[*t].loaded(),
                    _ => 0,
                },
                rng,
            ) {
                return a.clone();
            }
            // Otherwise cycle the least useful card.
            legal
                .iter()
                .filter_map(|a| match a {
                    Action::Discard(c) => Some((keep_value(g, seat, *c), a.clone())),
                    _ => None,
                })
                .min_by_key(|x| x.0)
                .map(|x| x.1)
                .unwrap_or_else(|| legal[0].clone())
        }
        Phase::CallDraw { .. } => {
            // Loaded: the weakest. Empty: the one with the fewest rounds
            // loaded (the least danger). Equals drawn at random.
            let target = if s.loaded() > 0 {
                weakest(&enemies, &mut *rng)
            } else {
                pick_min_by_key(enemies.iter().copied(), |&o| g.slingers[o].loaded(), rng)
            };
            target
                .map(Action::CallOut)
                .unwrap_or_else(|| legal[0].clone())
        }
        Phase::Combat(c) => match c.step {
            Step::Respond => {
                let involved: Vec<Seat> = match c.call {
                    Call::Draw { drawer, target } => vec![drawer, target],
                    Call::Shootout { .. } => living.clone(),
                };
                let danger = involved.contains(&seat)
                    && s.loaded() == 0
                    && involved
                        .iter()
                        .any(|&o| o != seat && g.slingers[o].loaded() > 0);
                if danger {
                    if let Some(a) = legal.iter().find(|a| matches!(a, Action::StageCoach(_))) {
                        return a.clone();
                    }
                    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Cavalry(_))) {
                        return a.clone();
                    }
                }
                Action::LetItRide
            }
            Step::Act(_) => {
                let draw = matches!(c.call, Call::Draw { .. });
                let shots: Vec<&Action> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Shoot { .. }))
                    .collect();
                if draw
                    && has(&Action::Shoot {
                        shots: 1,
                        both_barrels: true,
                    })
                {
                    return Action::Shoot {
                        shots: 1,
                        both_barrels: true,
                    };
                }
                if let Some(most) = shots
                    .iter()
                    .filter(|a| {
                        matches!(
                            a,
                            Action::Shoot {
                                both_barrels: false,
                                ..
                            }
                        )
                    })
                    .max_by_key(|a| match a {
                        Action::Shoot { shots, .. } => *shots,
                        _ => 0,
                    })
                {
                    return (*most).clone();
                }
                // No shot: TNT when it hurts others more than it risks (three or more at the table).
                if living.len() >= 3 && s.wounds <= 3 {
                    if let Some(t) = legal
                        .iter()
                        .filter(|a| matches!(a, Action::Tnt(_)))
                        .max_by_key(|a| match a {
                            Action::Tnt(k) => *k,
                            _ => 0,
                        })
                    {
                        return t.clone();
                    }
                }
                if has(&Action::Hold) {
                    Action::Hold
                } else {
                    legal[0].clone()
                }
            }
            Step::Cover { .. } => legal[0].clone(),
            Step::Law => {
                if s.loaded() > 0 {
                    Action::TurnToFace
                } else {
                    Action::Stay
                }
            }
            _ => legal[0].clone(),
        },
        _ => legal[0].clone(),
    }
}

/// Rounds of play a hard gunslinger looks ahead.
const HORIZON_ROUNDS: u32 = 1000;
/// Sampled worlds per searched decision.
const SAMPLES: usize = 16;

/// Plays on from a sampled world with the normal policy (chance from `rng`)
/// for about `rounds` turns of every gunslinger, and scores what `seat` is left with.
fn outlook(mut g: Tabletown, seat: Seat, rng: &mut ChaCha8Rng) -> f64 {
    let stop = g.turns + HORIZON_ROUNDS * g.rules.players as u32;
    let mut steps = 0;
    while !g.is_over() && g.turns < stop && steps < 5_000 {
        let a = match g.turn() {
            Turn::Chance => g.sample_chance(rng),
            Turn::Player(s) => {
                let legal = g.legal_actions();
                normal_action(&g, s, &legal, rng)
            }
            Turn::Over => break,
        };
        if g.apply(a).is_err() {
            break;
        }
        steps += 1;
    }
    score(&g, seat)
}

/// 1 for a win, 0 for death, in between by wounds and readiness.
fn score(g: &Tabletown, seat: Seat) -> f64 {
    let me = &g.slingers[seat];
    if !me.alive {
        return 0.0;
    }
    if g.is_over() {
        return if g.winners().contains(&seat) {
            1.0
        } else {
            0.0
        };
    }
    let living = g.living();
    let others: Vec<Seat> = living.iter().copied().filter(|&s| s != seat).collect();
    let their_wounds = others
        .iter()
        .map(|&o| g.slingers[o].wounds as f64)
        .sum::<f64>()
        / others.len().max(1) as f64;
    let ready = (me.loaded().min(4) as f64) / 4.0;
    let mut v = 0.5 + (their_wounds - me.wounds as f64) / 12.0 + 0.05 * ready;
    v += 0.2 * (1.0 - others.len() as f64 / (g.rules.players - 1).max(1) as f64);
    v.clamp(0.01, 0.99)
}

impl Gunslinger {
    fn easy(&mut self, view: &View, legal: &[Action]) -> Action {
        let g = &view.public;
        let s = &g.slingers[view.seat];
        if g.phase == Phase::Turn {
            if !s.armed()
                && let Some(a) = legal.iter().find(|a| matches!(a, Action::Arm(_)))
            {
                return a.clone();
            }
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::Load(_))) {
                return a.clone();
            }
        }
        if let Phase::Combat(c) = &g.phase
            && c.step == Step::Respond
        {
            return Action::LetItRide;
        }
        legal[self.rng.random_range(0..legal.len())].clone()
    }

    fn hard(&mut self, view: &View, legal: &[Action]) -> Action {
        let g = &view.public;
        let default = normal_action(g, view.seat, legal, &mut self.rng);
        // The decisions that matter are searched; the rest follow the normal policy.
        let searched = match &g.phase {
            Phase::Turn | Phase::CallDraw { .. } => true,
            Phase::Combat(c) => matches!(c.step, Step::Respond | Step::Act(_) | Step::Law),
            _ => false,
        };
        if !searched {
            return default;
        }
        improve_by_sampling(
            &default,
            legal,
            SAMPLES,
            2.0,
            &mut self.rng,
            |rng| Tabletown::determinize(view, rng),
            outlook,
            view.seat,
        )
    }
}

impl Agent<Tabletown> for Gunslinger {
    fn name(&self) -> String {
        self.level.to_string()
    }

    fn act(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        match self.level {
            Level::Random => legal[self.rng.random_range(0..legal.len())].clone(),
            Level::Easy => self.easy(view, legal),
            Level::Normal => normal_action(&view.public, seat, legal, &mut self.rng),
            Level::Hard => self.hard(view, legal),
        }
    }
}
