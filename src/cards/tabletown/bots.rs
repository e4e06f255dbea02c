//! Computer gunslingers for Tabletown. Every decision is made from
//! `observation(seat)` only: the table as everyone sees it and the own hand,
//! never another hand or the deck's order.
//!
//! - easy: arms and loads when it can, otherwise does anything legal; shoots at random.
//! - normal: arms the best gun, loads it, keeps its tin stars and tricks,
//!   discards what it cannot use, calls out the weakest, fires what the fight
//!   allows, answers a bad fight with the Cavalry or the stage coach.
//!   Between equally weak gunslingers it draws at random (never by seat
//!   number: the person sits at seat 0), with the bot's own seeded generator.
//! - hard: its own policy ([`hard_action`]), the normal one corrected where a
//!   duel shows it wrong: Reach for the Sky on the most dangerous loaded gun
//!   as soon as anyone has a round loaded (normal waits for three rounds, so
//!   never touches a shotgun); keeps Reach even over a round for its gun,
//!   and the Cavalry and the stage coach over a Deputy star; cancels any fight it is not clearly winning (the
//!   hits it would take, less its tin stars, against the hits it would land);
//!   one shell at a time in a DRAW! (both barrels only for a killing shot or
//!   on its last wound); a Deputy before the Sheriff against a revolver or
//!   rifle. It no longer replays its choices in sampled worlds (see
//!   `Gunslinger::hard`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bot_level::Level;
use crate::cards::bots::{pick_max_by_key, pick_min_by_key};
use crate::cards::core::{Agent, Seat};
use crate::cards::tabletown::{
    Action, Call, CardId, DEADLY_WOUNDS, Kind, Phase, Slinger, Step, Tabletown, View, to_hit,
};

mod why;

pub struct Gunslinger {
    pub level: Level,
    rng: ChaCha8Rng,
    /// The reason for the last action (hard), for [`Agent::why`].
    why: Option<String>,
}

impl Gunslinger {
    pub fn new(level: Level, seed: u64) -> Gunslinger {
        Gunslinger {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            why: None,
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

/// The card that calls a fight off, if one is legal: the stage coach
/// first (it is the weaker card to keep), then the Cavalry.
fn cancel_fight(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .find(|a| matches!(a, Action::StageCoach(_)))
        .or_else(|| legal.iter().find(|a| matches!(a, Action::Cavalry(_))))
        .cloned()
}

/// How weak a gunslinger is: most wounds, then fewest rounds loaded.
fn weakness(g: &Tabletown, o: Seat) -> i32 {
    g.slingers[o].wounds as i32 * 2 - g.slingers[o].loaded() as i32
}

/// The weakest of `among`; of equals, one drawn at random (not the lowest seat).
fn weakest<R: Rng + ?Sized>(g: &Tabletown, among: &[Seat], rng: &mut R) -> Option<Seat> {
    pick_max_by_key(among.iter().copied(), |&o| weakness(g, o), rng)
}

/// Every living gunslinger but `seat`.
fn enemies_of(g: &Tabletown, seat: Seat) -> Vec<Seat> {
    g.living().into_iter().filter(|&o| o != seat).collect()
}

/// The normal policy, from the seat's point of view: reads only the public
/// table and the seat's own hand (it runs on a `View`'s public state). Ties between equally good targets are drawn
/// with `rng` ([`pick_max_by_key`]: only a tie draws a number), never settled
/// by seat number.
pub fn normal_action<R: Rng + ?Sized>(
    g: &Tabletown,
    seat: Seat,
    legal: &[Action],
    rng: &mut R,
) -> Action {
    match &g.phase {
        Phase::Face { .. } => normal_face(g, legal, rng),
        Phase::Turn => normal_turn(g, seat, legal, rng),
        Phase::CallDraw { .. } => normal_call_out(g, seat, legal, rng),
        Phase::Combat(c) => match c.step {
            Step::Respond => normal_respond(g, seat, c.call, legal),
            Step::Act(_) => normal_shot(g, seat, c.call, legal),
            Step::Cover { .. } => legal[0].clone(),
            Step::Law => {
                if g.slingers[seat].loaded() > 0 {
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

/// Setup: face the weakest (at the start all are alike: at random).
fn normal_face<R: Rng + ?Sized>(g: &Tabletown, legal: &[Action], rng: &mut R) -> Action {
    pick_max_by_key(
        legal.iter().filter(|a| matches!(a, Action::Face(_))),
        |a| match a {
            Action::Face(t) => weakness(g, *t),
            _ => i32::MIN,
        },
        rng,
    )
    .cloned()
    .unwrap_or_else(|| legal[0].clone())
}

/// The turn: face a living enemy, arm, load, Reach for the Sky on the
/// best-loaded enemy, or cycle the least useful card.
fn normal_turn<R: Rng + ?Sized>(
    g: &Tabletown,
    seat: Seat,
    legal: &[Action],
    rng: &mut R,
) -> Action {
    let s = &g.slingers[seat];
    let enemies = enemies_of(g, seat);
    let has = |a: &Action| legal.contains(a);
    // Face a living enemy.
    let facing_ok = s.facing.is_some_and(|f| g.slingers[f].alive && f != seat);
    if !facing_ok && let Some(t) = weakest(g, &enemies, &mut *rng) {
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

/// Whom to call out: loaded, the weakest; empty, the one with the fewest
/// rounds loaded (the least danger). Equals drawn at random.
fn normal_call_out<R: Rng + ?Sized>(
    g: &Tabletown,
    seat: Seat,
    legal: &[Action],
    rng: &mut R,
) -> Action {
    let s = &g.slingers[seat];
    let enemies = enemies_of(g, seat);
    let target = if s.loaded() > 0 {
        weakest(g, &enemies, &mut *rng)
    } else {
        pick_min_by_key(enemies.iter().copied(), |&o| g.slingers[o].loaded(), rng)
    };
    target
        .map(Action::CallOut)
        .unwrap_or_else(|| legal[0].clone())
}

/// A fight just called: cancelled when the seat is in it, empty, against a
/// loaded gun; otherwise let ride.
fn normal_respond(g: &Tabletown, seat: Seat, call: Call, legal: &[Action]) -> Action {
    let s = &g.slingers[seat];
    let involved: Vec<Seat> = match call {
        Call::Draw { drawer, target } => vec![drawer, target],
        Call::Shootout { .. } => g.living(),
    };
    let danger = involved.contains(&seat)
        && s.loaded() == 0
        && involved
            .iter()
            .any(|&o| o != seat && g.slingers[o].loaded() > 0);
    if danger && let Some(a) = cancel_fight(legal) {
        return a;
    }
    Action::LetItRide
}

/// The seat's shot in a fight: both barrels in a DRAW!, else the most
/// rounds; with no shot, TNT when it pays, else hold.
fn normal_shot(g: &Tabletown, seat: Seat, call: Call, legal: &[Action]) -> Action {
    let s = &g.slingers[seat];
    let has = |a: &Action| legal.contains(a);
    let draw = matches!(call, Call::Draw { .. });
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
    if g.living().len() >= 3
        && s.wounds <= 3
        && let Some(t) = legal
            .iter()
            .filter(|a| matches!(a, Action::Tnt(_)))
            .max_by_key(|a| match a {
                Action::Tnt(k) => *k,
                _ => 0,
            })
    {
        return t.clone();
    }
    if has(&Action::Hold) {
        Action::Hold
    } else {
        legal[0].clone()
    }
}

/// The chance that one round of `weapon` hits (both shells of a shotgun as one shot).
fn hit_chance(weapon: Kind, both_barrels: bool) -> f64 {
    f64::from(7 - to_hit(weapon, both_barrels)) / 6.0
}

/// How dangerous a gunslinger's loaded rounds are, in sixths of a hit: every
/// round loaded times the sixths of the die it hits on (a revolver's round 2,
/// a rifle's 3, a shell 4). Zero with nothing loaded.
fn threat_sixths(s: &Slinger) -> usize {
    s.weapon()
        .map_or(0, |w| s.loaded() * usize::from(7 - to_hit(w, false)))
}

/// What `seat` can expect from the fight just called, from the public table:
/// (hits it lands, hits it takes before tin stars). A DRAW! is one shot
/// each (a normal gunslinger fires both barrels when it can); in a SHOOTOUT!
/// everyone empties their gun at whom they face. TNT is left out.
fn fight_odds(g: &Tabletown, seat: Seat, call: Call) -> (f64, f64) {
    let s = &g.slingers[seat];
    let volley = |o: &Slinger| {
        o.weapon()
            .map_or(0.0, |w| o.loaded() as f64 * hit_chance(w, false))
    };
    match call {
        Call::Draw { drawer, target } => {
            let other = &g.slingers[if seat == drawer { target } else { drawer }];
            let mine = match s.weapon() {
                Some(w) if s.loaded() > 0 => hit_chance(w, false),
                _ => 0.0,
            };
            let theirs = match other.weapon() {
                Some(w) if other.loaded() > 0 => {
                    hit_chance(w, w == Kind::Shotgun && other.loaded() >= 2)
                }
                _ => 0.0,
            };
            (mine, theirs)
        }
        Call::Shootout { .. } => {
            let mine = match s.facing {
                Some(t) if t != seat && g.slingers[t].alive => volley(s),
                _ => 0.0,
            };
            let theirs = g
                .living()
                .into_iter()
                .filter(|&o| o != seat && g.slingers[o].facing == Some(seat))
                .map(|o| volley(&g.slingers[o]))
                .sum::<f64>();
            (mine, theirs)
        }
    }
}

/// [`keep_value`] in tenths, with the tricks a duel is won with kept over
/// spare ammunition: Reach for the Sky above a round for the gun (8), the
/// Cavalry and the stage coach just below it.
fn hard_keep_value(g: &Tabletown, seat: Seat, card: CardId) -> i32 {
    match g.kind(card) {
        Kind::ReachForTheSky => 85,
        Kind::Cavalry => 75,
        Kind::StageCoach => 74,
        _ => keep_value(g, seat, card) * 10,
    }
}

/// A fight is answered (Cavalry, stage coach) unless the seat lands this many
/// hits more than it takes: cancelling keeps everyone's rounds for later,
/// when the hard gunslinger's Reach for the Sky has had its say.
const CANCEL_UNLESS_AHEAD_BY: f64 = 0.7;
/// A tin star in hand is counted as this much of a cancelled hit.
const STAR_COVER: f64 = 0.8;

/// The hard policy, from the seat's point of view (the public table and its
/// own hand, like [`normal_action`]): the
/// normal policy where it does well, and its own play where the duel shows
/// the normal one wrong (measured on a model of the basic duel: each of these
/// wins more against the normal policy, together about five games in six):
///
/// - Reach for the Sky on the gunslinger with the most dangerous loaded gun as
///   soon as anyone has a round loaded (normal only after loading and only at
///   three rounds or more, so never at a shotgun's two shells); of equally
///   dangerous ones, one at random.
/// - When a card must go, Reach is kept even over a round for the gun, the
///   Cavalry and the stage coach over a Deputy star (`hard_keep_value`).
/// - A fight it is in is cancelled (stage coach first, then Cavalry) when it
///   would take any hit its tin stars do not cover and does not land
///   `CANCEL_UNLESS_AHEAD_BY` hits more than it takes.
/// - In a DRAW! one shell, not both barrels (a shell is worth its two-in-three
///   later), unless the shot can kill or the gunslinger is on its last wound.
/// - A Deputy star, not the Sheriff, against a revolver or rifle.
pub fn hard_action<R: Rng + ?Sized>(
    g: &Tabletown,
    seat: Seat,
    legal: &[Action],
    rng: &mut R,
) -> Action {
    let s = &g.slingers[seat];
    match &g.phase {
        Phase::Turn => {
            let reach = pick_max_by_key(
                legal.iter().filter(|a| matches!(a, Action::Reach(..))),
                |a| match a {
                    Action::Reach(_, t) => threat_sixths(&g.slingers[*t]),
                    _ => 0,
                },
                &mut *rng,
            );
            if let Some(a) = reach
                && let Action::Reach(_, t) = a
                && threat_sixths(&g.slingers[*t]) > 0
            {
                return a.clone();
            }
            let a = normal_action(g, seat, legal, rng);
            if !matches!(a, Action::Discard(_)) {
                return a;
            }
            legal
                .iter()
                .filter_map(|x| match x {
                    Action::Discard(c) => Some((hard_keep_value(g, seat, *c), x)),
                    _ => None,
                })
                .min_by_key(|x| x.0)
                .map_or(a, |x| x.1.clone())
        }
        Phase::Combat(c) => match c.step {
            Step::Respond => {
                let involved = match c.call {
                    Call::Draw { drawer, target } => seat == drawer || seat == target,
                    Call::Shootout { .. } => true,
                };
                if !involved {
                    return normal_action(g, seat, legal, rng);
                }
                let (mine, theirs) = fight_odds(g, seat, c.call);
                let stars = s
                    .hand
                    .iter()
                    .filter(|&&card| matches!(g.kind(card), Kind::Sheriff | Kind::Deputy))
                    .count() as f64;
                let uncovered = (theirs - STAR_COVER * theirs.min(stars)).max(0.0);
                if uncovered > 0.0
                    && uncovered - mine > -CANCEL_UNLESS_AHEAD_BY
                    && let Some(a) = cancel_fight(legal)
                {
                    return a;
                }
                Action::LetItRide
            }
            Step::Act(_) => {
                let both = Action::Shoot {
                    shots: 1,
                    both_barrels: true,
                };
                let one = Action::Shoot {
                    shots: 1,
                    both_barrels: false,
                };
                if let Call::Draw { drawer, target } = c.call
                    && legal.contains(&both)
                    && legal.contains(&one)
                {
                    let other = if seat == drawer { target } else { drawer };
                    let last = DEADLY_WOUNDS - 1;
                    return if g.slingers[other].wounds >= last || s.wounds >= last {
                        both
                    } else {
                        one
                    };
                }
                normal_action(g, seat, legal, rng)
            }
            Step::Cover { .. } => legal
                .iter()
                .find(|a| matches!(a, Action::Star(card) if g.kind(*card) == Kind::Deputy))
                .cloned()
                .unwrap_or_else(|| normal_action(g, seat, legal, rng)),
            _ => normal_action(g, seat, legal, rng),
        },
        _ => normal_action(g, seat, legal, rng),
    }
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

    /// The hard policy on the seat's view ([`hard_action`]). It does not
    /// replay its choices in sampled worlds any more: a game decided by this
    /// many dice gives 16 replays to the end no power to see a better card
    /// play (a paired difference of two standard errors is three or four
    /// worlds in sixteen going the other way, by chance), and on a model of
    /// the duel the switches it made lost about four points of winning chance
    /// each.
    fn hard(&mut self, view: &View, legal: &[Action]) -> Action {
        hard_action(&view.public, view.seat, legal, &mut self.rng)
    }
}

impl Agent<Tabletown> for Gunslinger {
    fn name(&self) -> String {
        self.level.to_string()
    }

    fn act(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.why = None;
        if legal.len() == 1 {
            self.why = Some(why::only_choice());
            return legal[0].clone();
        }
        match self.level {
            Level::Random => legal[self.rng.random_range(0..legal.len())].clone(),
            Level::Easy => self.easy(view, legal),
            Level::Normal => normal_action(&view.public, seat, legal, &mut self.rng),
            Level::Hard | Level::Expert => {
                let action = self.hard(view, legal);
                self.why = Some(why::hard(&view.public, view.seat, legal, &action));
                action
            }
        }
    }

    fn why(&self) -> Option<String> {
        self.why.clone()
    }
}
