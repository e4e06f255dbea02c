//! Computer gangs for Slap .45: human-like reaction times (drawn as in
//! [`super::reactions`]) and a simple policy.
//!
//! **Timing.** Every slap a bot makes comes at `wave start + reaction`, the
//! reaction drawn from an ex-Gaussian (a normal body plus an exponential tail,
//! [`sample_reaction`]) with the level's figures from
//! `assets/cards/slap45_bots.ron` ([`ReactionSpec`]), plus a Hick–Hyman choice
//! cost per bit when the response is a choice among targets, clamped to a
//! minimum (no human reacts in under ~100 ms). A level also draws mistakes: a
//! wrong slap (the horse on a Move!, a Gold slapped while pointing), an
//! anticipation (a guess into cover before the card could be seen) and a
//! hesitant pistol-finger (a shot without a point misses). The Railroad
//! Company's dealer, who peeked at the card, plans ahead: a simple reaction
//! with no choice cost and no mistakes but the hesitation.
//!
//! **Policy** (from the [`View`] only: the public table and the bot's own
//! sealed declaration, never the deck's order or another seat's declaration):
//! - Talkin' Iron: in cover, stay (a Lone Star Sheriff may put its second hand
//!   on a spare free base); at the hips, dive for a free base or shoot a gang
//!   that is not in cover (easy: either, at random; normal: cover more often
//!   the more opponents; hard: shoots when its own reaction came fast and few
//!   opponents are left, otherwise takes cover). Never slaps a trapped card.
//! - Big Gun: slap it (only the first slap defends), pointing at a gang.
//! - Move!: slap a free base it did not start on (never the horse, but for a
//!   wrong-slap draw); a Lone Star lifts (or re-places) its stale second hand.
//! - Gold: slap it to claim it (not in the duel, where it is worth nothing).
//! - Powers when the gang has the gold and the power applies (Union,
//!   Confederates, Poncho Posse, Comanche), a recruit with 3 Gold to spare and
//!   room in the gang, a Black Hat trap now and then.
//! - Targets: easy at random; normal the weakest; hard a gang it can finish
//!   (taking its gold), otherwise the strongest; equals drawn at random
//!   (never by seat: the person sits at seat 0).
//! - The final duel's dealer plays a card drawn uniformly from the deck: it
//!   never favours either duelist.
//!
//! The random level picks uniformly among the legal actions.

use std::cmp::Reverse;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::reactions::{BotLevels, ReactionSpec, hick_ms, sample_reaction};
use super::rules::{
    Action, BaseId, Phase, RECRUIT_COST, Round, SLAPS_PER_ROUND, Slap, Slap45, Target, View,
};
use super::setup::{CardId, CardKind, Power};
use crate::bot_level::Level;
use crate::cards::bots::{pick_max_by_key, pick_min_by_key};
use crate::cards::core::{Agent, Seat};

mod why;

fn chance<R: Rng + ?Sized>(rng: &mut R, p: f64) -> bool {
    rng.random::<f64>() < p
}

fn pick<T: Copy, R: Rng + ?Sized>(rng: &mut R, items: &[T]) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[rng.random_range(0..items.len())])
    }
}

/// A level's appetite for its options (each a probability when it applies).
#[derive(Clone, Copy, Debug)]
struct Policy {
    /// Pay 1 Gold for the gang's power.
    power: f64,
    /// Pay 3 Gold to recruit the member shot.
    recruit: f64,
    /// The Black Hat Outlaws lay a trap instead of holding.
    trap: f64,
    /// The Lone Star Sheriffs' second hand takes a spare free base.
    second_hand: f64,
}

fn policy(level: Level) -> Policy {
    match level {
        Level::Random | Level::Easy => Policy {
            power: 0.3,
            recruit: 0.3,
            trap: 0.05,
            second_hand: 0.2,
        },
        Level::Normal => Policy {
            power: 0.7,
            recruit: 0.8,
            trap: 0.1,
            second_hand: 0.5,
        },
        Level::Hard | Level::Expert => Policy {
            power: 0.9,
            recruit: 1.0,
            trap: 0.2,
            second_hand: 0.8,
        },
    }
}

/// Whom to point at among `candidates`; `hits`: members the shot kills.
/// Equally good targets are drawn at random with the bot's generator, never
/// taken by seat number (the person sits at seat 0); an untied choice draws
/// nothing ([`pick_max_by_key`]).
fn choose_target<R: Rng + ?Sized>(
    level: Level,
    g: &Slap45,
    candidates: &[Seat],
    hits: u8,
    rng: &mut R,
) -> Option<Seat> {
    match level {
        Level::Random | Level::Easy => pick(rng, candidates),
        Level::Normal => pick_min_by_key(
            candidates.iter().copied(),
            |&o| (g.members(o), Reverse(g.gold(o))),
            rng,
        ),
        Level::Hard | Level::Expert => {
            let finishing: Vec<Seat> = candidates
                .iter()
                .copied()
                .filter(|&o| g.members(o) <= hits)
                .collect();
            if finishing.is_empty() {
                pick_max_by_key(
                    candidates.iter().copied(),
                    |&o| (g.members(o), g.gold(o)),
                    rng,
                )
            } else {
                pick_max_by_key(finishing, |&o| g.gold(o), rng)
            }
        }
    }
}

/// Free home bases for `me`: on the table, no hand on them (after a Move!,
/// not one `me` started the round on).
fn free_bases(g: &Slap45, r: &Round, me: Seat, moving: bool) -> Vec<BaseId> {
    g.living()
        .into_iter()
        .filter(|&b| g.occupant(b).is_none() && !(moving && r.start[me].holds(b)))
        .collect()
}

/// One decision in a wave, from the public table.
struct Ctx<'a> {
    level: Level,
    pol: Policy,
    spec: &'a ReactionSpec,
    g: &'a Slap45,
    r: &'a Round,
    me: Seat,
    /// The living gangs but `me`.
    others: Vec<Seat>,
    free: Vec<BaseId>,
    /// This decision's simple reaction, ms after the wave's start.
    simple: u32,
    /// The Railroad dealer peeked at this card: planned, no choice cost.
    knew: bool,
}

impl Ctx<'_> {
    /// The time of a response among `alternatives`, ms after the reveal.
    fn at(&self, alternatives: usize) -> u32 {
        let extra = if self.knew {
            0
        } else {
            hick_ms(self.spec, alternatives)
        };
        self.r
            .wave
            .start_ms
            .saturating_add(self.simple)
            .saturating_add(extra)
    }

    fn cover<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let b = pick(rng, &self.free)?;
        Some(Action::Slap(Slap::base(self.at(1), b)))
    }

    /// A slap on the card pointing at a gang, with the power and a recruit
    /// when they apply and are affordable; `None` when the card shoots nobody
    /// (a Move! or a Gold without the power) or nobody is worth shooting.
    fn shot<R: Rng + ?Sized>(&self, rng: &mut R, kind: CardKind) -> Option<Action> {
        let g = self.g;
        let me = self.me;
        let gold = g.gold(me);
        let applies = g.power(me).and_then(Power::works_on) == Some(kind);
        let can_recruit =
            g.powers_active() && g.rules.max_members.is_none_or(|m| g.members(me) < m);
        let recruit = can_recruit && gold >= RECRUIT_COST && chance(rng, self.pol.recruit);
        let reserve = if recruit { RECRUIT_COST } else { 0 };
        let power = applies && gold > reserve && chance(rng, self.pol.power);
        let shoots = matches!(kind, CardKind::TalkinIron | CardKind::BigGun) || power;
        if !shoots {
            return None;
        }
        // A Big Gun (or a card used as one) goes through cover.
        let pierce = kind == CardKind::BigGun || power;
        let candidates: Vec<Seat> = self
            .others
            .iter()
            .copied()
            .filter(|&o| pierce || !g.in_cover(o))
            .collect();
        let hits = if power && kind == CardKind::BigGun {
            2
        } else {
            1
        };
        let target = choose_target(self.level, g, &candidates, hits, rng)?;
        let mut slap = Slap::card(self.at(candidates.len()), Some(target));
        slap.power = power;
        slap.recruit = recruit;
        if chance(rng, self.spec.hesitation_rate) {
            // The pistol-finger comes late: the shot misses. The Comanche
            // keeps its paid power (or the horse would trample it).
            slap.point = None;
            slap.recruit = false;
            slap.power = power && kind == CardKind::Move;
        }
        Some(Action::Slap(slap))
    }

    /// The Lone Star Sheriffs' second hand onto a spare free base.
    fn second_hand<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let g = self.g;
        let h = g.gangs[self.me].hands;
        if g.power(self.me) != Some(Power::LoneStarSheriffs)
            || h.first.is_none()
            || h.second.is_some()
            || self.r.left[self.me]
            || !chance(rng, self.pol.second_hand)
        {
            return None;
        }
        let b = pick(rng, &self.free)?;
        Some(Action::Slap(Slap::base(self.at(1), b).second()))
    }

    fn talkin_iron<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        let g = self.g;
        let me = self.me;
        let in_cover = g.gangs[me].hands.any();
        if in_cover {
            return self.second_hand(rng).unwrap_or(Action::Hold);
        }
        if self.r.left[me] {
            // Out of the bases for this round: only a shot is left.
            if self.r.trap.is_some() {
                return Action::Hold;
            }
            return self.shot(rng, CardKind::TalkinIron).unwrap_or(Action::Hold);
        }
        let cover = self.cover(rng);
        if self.r.trap.is_some() {
            // The first to slap it loses a member: cover only.
            return cover.unwrap_or(Action::Hold);
        }
        let opponents = self.others.len().max(1);
        let shoot = match self.level {
            Level::Random | Level::Easy => chance(rng, 0.45),
            Level::Normal => chance(rng, (1.2 / opponents as f64).clamp(0.25, 0.6)),
            Level::Hard | Level::Expert => {
                let fast = (self.simple as f64) < self.spec.mu_ms + 0.5 * self.spec.tau_ms;
                fast && (opponents <= 2 || chance(rng, 0.4))
            }
        };
        if (shoot || cover.is_none())
            && let Some(a) = self.shot(rng, CardKind::TalkinIron)
        {
            return a;
        }
        cover.unwrap_or(Action::Hold)
    }

    fn big_gun<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        if self.r.trap.is_some() {
            return Action::Hold;
        }
        self.shot(rng, CardKind::BigGun).unwrap_or(Action::Hold)
    }

    fn gold<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        if self.g.duel || self.r.trap.is_some() {
            return Action::Hold;
        }
        // The Poncho Posse may use it as a Big Gun; anyone claims it.
        if let Some(a) = self.shot(rng, CardKind::Gold) {
            return a;
        }
        Action::Slap(Slap::card(self.at(1), None))
    }

    fn movement<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        let g = self.g;
        let r = self.r;
        let me = self.me;
        if r.trap.is_none()
            && g.power(me) == Some(Power::Comanche)
            && g.gold(me) >= 1
            && let Some(a) = self.shot(rng, CardKind::Move)
        {
            return a;
        }
        if g.in_new_cover(r, me) {
            return Action::Hold;
        }
        let start = r.start[me];
        let h = g.gangs[me].hands;
        let stale = |b: Option<BaseId>| b.is_some_and(|b| start.holds(b));
        let on_new = h.bases().any(|b| !start.holds(b));
        if !on_new {
            // The first hand (at the hip or on a base it started on) rides.
            let taken: Vec<BaseId> = g
                .living()
                .into_iter()
                .filter(|&b| !start.holds(b) && !h.holds(b) && g.occupant(b).is_some())
                .collect();
            let target = pick(rng, &self.free).or_else(|| pick(rng, &taken));
            // The book's cost of staying in cover: a hand resting on a base
            // lifts before it rides, so it is slower to new cover.
            let lift = if start.any() { LIFT_MS } else { 0 };
            return match target {
                Some(b) => Action::Slap(Slap::base(self.at(1).saturating_add(lift), b)),
                None => Action::Hold,
            };
        }
        if stale(h.second) {
            if chance(rng, self.pol.second_hand)
                && let Some(b) = pick(rng, &self.free)
            {
                return Action::Slap(Slap::base(self.at(1), b).second());
            }
            return Action::Slap(Slap::leave(self.at(1)).second());
        }
        if stale(h.first) {
            return Action::Slap(Slap::leave(self.at(1)));
        }
        Action::Hold
    }
}

/// A slap planned before the last one was resolved still does its job: it is
/// legal now, its base is still free (and, on a Move!, the gang still needs
/// new cover), its target can still be hit, the hand it lifts is still down.
fn still_makes_sense(g: &Slap45, r: &Round, me: Seat, slap: &Slap) -> bool {
    if g.check_declaration(me, &Action::Slap(*slap)).is_err() {
        return false;
    }
    let moving = g.kind(r.card) == CardKind::Move;
    match slap.target {
        Target::Base(b) => {
            g.occupant(b).is_none() && (slap.second_hand || !(moving && g.in_new_cover(r, me)))
        }
        Target::Leave => g.gangs[me].hands.get(slap.second_hand).is_some(),
        Target::Card => slap.point.is_none_or(|t| {
            let pierce = g.kind(r.card) == CardKind::BigGun || slap.power;
            g.alive(t) && (pierce || !g.in_cover(t))
        }),
    }
}

/// How much slower a hand that starts a Move! round on a home base is to new
/// cover than one at the hip ("you will be slower to slap into new cover").
pub const LIFT_MS: u32 = 60;

/// A computer gang of Slap .45.
#[derive(Clone, Debug)]
pub struct Slap45Bot {
    pub level: Level,
    /// The level's reactions (random: normal's, unused).
    pub spec: ReactionSpec,
    rng: ChaCha8Rng,
    /// The Railroad Company's peek while dealing: (rounds played, the card).
    peeked: Option<(u32, CardId)>,
    /// The last slap this bot declared: (rounds played, the card, the slap).
    /// Until its time comes it is a plan, kept in the next wave while it
    /// still makes sense (a hand already on its way does not start again).
    plan: Option<(u32, CardId, Slap)>,
    /// Where the last action came from, and its reason ([`Agent::why`]).
    source: why::Source,
    why: Option<String>,
}

impl Slap45Bot {
    /// A bot with the built-in levels (the shipped file's copy).
    pub fn new(level: Level, seed: u64) -> Slap45Bot {
        Slap45Bot::with_spec(level, BotLevels::builtin().spec(level), seed)
    }

    /// A bot with the given reactions.
    pub fn with_spec(level: Level, spec: ReactionSpec, seed: u64) -> Slap45Bot {
        Slap45Bot {
            level,
            spec,
            rng: ChaCha8Rng::seed_from_u64(seed),
            peeked: None,
            plan: None,
            source: why::Source::Only,
            why: None,
        }
    }

    /// The dealer: flips; in the final duel plays a card drawn uniformly from
    /// the deck (never to favour a duelist).
    fn deal(&mut self, view: &View, legal: &[Action]) -> Action {
        self.source = why::Source::Deal;
        if legal.iter().any(|a| matches!(a, Action::Play(_))) {
            let n = view.duel_deck.as_ref().map_or(view.deck_size, Vec::len);
            if n > 0 {
                return Action::Play(self.rng.random_range(0..n));
            }
        }
        legal[0].clone()
    }

    /// A declaration in the current wave: the slap still on its way when it
    /// makes sense in the new situation, otherwise a new decision.
    fn react(&mut self, me: Seat, g: &Slap45, r: &Round) -> Action {
        if !g.alive(me) || r.slaps.get(me).is_none_or(|&k| k >= SLAPS_PER_ROUND) {
            self.source = why::Source::Spent;
            return Action::Hold;
        }
        if let Some((rounds, card, slap)) = self.plan.take()
            && rounds == g.rounds
            && card == r.card
            && slap.at_ms > r.wave.start_ms
            && still_makes_sense(g, r, me, &slap)
        {
            self.plan = Some((rounds, card, slap));
            self.source = why::Source::Kept;
            return Action::Slap(slap);
        }
        let action = self.decide(me, g, r);
        if let Action::Slap(slap) = action {
            self.plan = Some((g.rounds, r.card, slap));
        }
        action
    }

    /// A new decision, from the wave's start (the reveal, or the slap the
    /// hand reacts to).
    fn decide(&mut self, me: Seat, g: &Slap45, r: &Round) -> Action {
        let knew = self.peeked == Some((g.rounds, r.card));
        let level = self.level;
        let spec = &self.spec;
        let rng = &mut self.rng;
        let kind = g.kind(r.card);
        let moving = kind == CardKind::Move;
        let first_wave = r.waves == 1;
        let at_hip = !g.gangs[me].hands.any() && !r.left[me];
        let cx = Ctx {
            level,
            pol: policy(level),
            spec,
            g,
            r,
            me,
            others: g.living().into_iter().filter(|&s| s != me).collect(),
            free: free_bases(g, r, me, moving),
            simple: sample_reaction(spec, 1, rng),
            knew,
        };
        // Hard's shot or cover on a Talkin' Iron turns on this.
        let fast = (cx.simple as f64) < spec.mu_ms + 0.5 * spec.tau_ms;
        if first_wave && !knew {
            // A guess: into cover before the card could be seen.
            if at_hip
                && chance(rng, spec.anticipation_rate)
                && let Some(b) = pick(rng, &cx.free)
            {
                let lo = spec.anticipation_from_ms.min(spec.anticipation_to_ms);
                let hi = spec.anticipation_from_ms.max(spec.anticipation_to_ms);
                let guess = (lo + (hi - lo) * rng.random::<f64>()).max(0.0).round() as u32;
                self.source = why::Source::Guess;
                return Action::Slap(Slap::base(r.wave.start_ms.saturating_add(guess), b));
            }
            // A wrong slap: the horse, or the Gold with a point.
            if chance(rng, spec.wrong_slap_rate) {
                match kind {
                    CardKind::Move => {
                        self.source = why::Source::Slip;
                        return Action::Slap(Slap::card(cx.at(1), None));
                    }
                    CardKind::Gold if !g.duel => {
                        if let Some(o) = pick(rng, &cx.others) {
                            self.source = why::Source::Slip;
                            return Action::Slap(Slap::card(cx.at(1), Some(o)));
                        }
                    }
                    _ => {}
                }
            }
        }
        self.source = why::Source::Policy { fast };
        let action = match kind {
            CardKind::TalkinIron => cx.talkin_iron(rng),
            CardKind::BigGun => cx.big_gun(rng),
            CardKind::Gold => cx.gold(rng),
            CardKind::Move => cx.movement(rng),
        };
        // The Black Hat Outlaws, holding anyway, now and then lay a trap.
        if first_wave
            && action == Action::Hold
            && g.power(me) == Some(Power::BlackHatOutlaws)
            && g.gold(me) >= 1
            && chance(rng, cx.pol.trap)
        {
            let kinds: Vec<CardKind> = [CardKind::BigGun, CardKind::TalkinIron, CardKind::Gold]
                .into_iter()
                .filter(|&k| g.check_declaration(me, &Action::Trap(k)).is_ok())
                .collect();
            let k = if level == Level::Hard {
                kinds.first().copied()
            } else {
                pick(rng, &kinds)
            };
            if let Some(k) = k {
                return Action::Trap(k);
            }
        }
        action
    }
}

impl Agent<Slap45> for Slap45Bot {
    fn name(&self) -> String {
        self.level.to_string()
    }

    fn act(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.why = None;
        self.source = why::Source::Only;
        let action = self.choose(seat, view, legal);
        if self.level != Level::Random {
            self.why = Some(why::reason(view, seat, &action, self.source));
        }
        action
    }

    fn why(&self) -> Option<String> {
        self.why.clone()
    }
}

impl Slap45Bot {
    /// The declaration or deal of [`Agent::act`]; `self.source` says where
    /// it came from.
    fn choose(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let g = &view.public;
        if matches!(g.phase, Phase::Deal)
            && let Some(c) = view.peek
        {
            self.peeked = Some((g.rounds, c));
        }
        let Some(first) = legal.first() else {
            return Action::Hold;
        };
        if self.level == Level::Random {
            return legal[self.rng.random_range(0..legal.len())].clone();
        }
        match &g.phase {
            Phase::Deal => self.deal(view, legal),
            Phase::React(r) => {
                let a = self.react(seat, g, r);
                if g.check_declaration(seat, &a).is_ok() {
                    a
                } else if g.check_declaration(seat, &Action::Hold).is_ok() {
                    self.source = why::Source::Refused;
                    Action::Hold
                } else {
                    self.source = why::Source::Only;
                    first.clone()
                }
            }
            _ => first.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::cards::core::{Game, Turn};
    use crate::cards::slap45::rules::Target;
    use crate::cards::slap45::setup::{Rules, Slap45Setup};

    fn box_setup() -> Slap45Setup {
        let path = crate::scenario::data_root().join("assets/cards/slap45.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        crate::scenario::parse_ron(&path, &text).unwrap()
    }

    fn rules(players: usize, gold: bool, round_limit: u32) -> Rules {
        let mut s = box_setup();
        s.players = players;
        s.gold = gold;
        s.round_limit = round_limit;
        Rules::from_setup(&s, Path::new("t.ron"), "").unwrap()
    }

    /// The setup's index of the gang with `power`.
    fn gang(power: Power) -> usize {
        box_setup()
            .gangs
            .iter()
            .position(|g| g.power == power)
            .expect("every power is in the box")
    }

    /// A game ready to deal (seat 0 deals): seat s plays `gangs[s]` (default
    /// the first gangs in order), the deck's top cards are `top`, the rest in
    /// box order, or reversed.
    fn table(
        players: usize,
        gold: bool,
        gangs: &[usize],
        top: &[CardKind],
        reversed: bool,
    ) -> Slap45 {
        let mut g = Slap45::new(rules(players, gold, 500));
        let bases: Vec<usize> = if gangs.is_empty() {
            (0..players).collect()
        } else {
            gangs.to_vec()
        };
        g.apply(Action::Bases(bases)).unwrap();
        let mut pile = g.discard.clone();
        let mut order = Vec::new();
        for &k in top {
            let i = pile
                .iter()
                .position(|&c| g.kind(c) == k)
                .expect("a card of that kind");
            order.push(pile.remove(i));
        }
        if reversed {
            pile.reverse();
        }
        order.extend(pile);
        g.apply(Action::Shuffle(order)).unwrap();
        assert!(matches!(g.phase, Phase::Deal));
        g
    }

    /// One wave: the given seats declare, every other seat of the wave holds.
    fn wave(g: &mut Slap45, moves: &[(Seat, Action)]) {
        let id = g.round().map(|r| (g.rounds, r.waves));
        assert!(id.is_some(), "a round in play");
        for (s, a) in moves {
            g.declare(*s, a.clone()).unwrap();
        }
        while g.round().map(|r| (g.rounds, r.waves)) == id {
            let Turn::Player(s) = g.turn() else { break };
            g.declare(s, Action::Hold).unwrap();
        }
    }

    /// Bots in every seat play whole games: every action they choose is
    /// accepted, the invariants hold, and the game ends.
    #[test]
    fn bot_actions_are_always_accepted_and_games_end() {
        for players in 3..=7 {
            for gold in [false, true] {
                for seed in 0..6u64 {
                    let mut g = Slap45::new(rules(players, gold, 300));
                    let mut chance_rng = ChaCha8Rng::seed_from_u64(seed * 101 + players as u64);
                    let levels: Vec<Level> = (0..players)
                        .map(|s| match seed {
                            0 => Level::Easy,
                            1 => Level::Normal,
                            2 => Level::Hard,
                            _ => Level::ALL[(s + seed as usize) % 4],
                        })
                        .collect();
                    let mut bots: Vec<Slap45Bot> = levels
                        .iter()
                        .enumerate()
                        .map(|(s, &l)| Slap45Bot::new(l, seed * 1000 + s as u64))
                        .collect();
                    let mut n = 0;
                    while !g.is_over() {
                        assert!(n < 200_000, "no end after {n} actions: {:?}", g.phase);
                        let action = match g.turn() {
                            Turn::Chance => g.sample_chance(&mut chance_rng),
                            Turn::Player(s) => {
                                let legal = g.legal_actions();
                                let view = g.observation(s);
                                bots[s].act(s, &view, &legal)
                            }
                            Turn::Over => break,
                        };
                        if let Err(e) = g.apply(action.clone()) {
                            panic!(
                                "{players} players, gold {gold}, seed {seed}, levels {levels:?}: {action:?} refused: {e}\n{:?}",
                                g.phase
                            );
                        }
                        if let Err(e) = g.check_invariants() {
                            panic!("after {action:?}: {e}");
                        }
                        n += 1;
                    }
                    assert!(g.rounds <= 300);
                    if g.rounds < 300 {
                        assert!(
                            g.living().len() <= 1,
                            "ended before the limit only by a last gang"
                        );
                    }
                }
            }
        }
    }

    /// Two games that differ only in what seat `actor` cannot see (the deck's
    /// order, the sealed declarations of the seats before it) give it the same
    /// view, and every bot the same action.
    #[test]
    fn bots_act_on_what_they_see_only() {
        let gangs = [
            gang(Power::Union),
            gang(Power::Comanche),
            gang(Power::PonchoPosse),
            gang(Power::LoneStarSheriffs),
        ];
        for kind in CardKind::ALL {
            for covered in [false, true] {
                for actor in [2usize, 3] {
                    let mut a = table(4, true, &gangs, &[kind], false);
                    let mut b = table(4, true, &gangs, &[kind], true);
                    if covered {
                        for g in [&mut a, &mut b] {
                            g.gangs[3].hands.first = Some(3);
                            g.gangs[1].hands.first = Some(0);
                        }
                    }
                    a.apply(Action::Flip).unwrap();
                    b.apply(Action::Flip).unwrap();
                    assert_ne!(a.deck, b.deck, "the decks differ");
                    // Seat 1 (and seat 2) declare: Hold in one game, slaps in the other.
                    a.declare(1, Action::Hold).unwrap();
                    let seat1 = if covered {
                        Slap::card(150, Some(3))
                    } else {
                        Slap::base(150, 2)
                    };
                    b.declare(1, Action::Slap(seat1)).unwrap();
                    if actor == 3 {
                        a.declare(2, Action::Hold).unwrap();
                        b.declare(2, Action::Slap(Slap::card(300, Some(0))))
                            .unwrap();
                    }
                    assert_eq!(a.turn(), Turn::Player(actor));
                    let (va, vb) = (a.observation(actor), b.observation(actor));
                    assert_eq!(va, vb, "{kind:?}: the same view");
                    let (la, lb) = (a.legal_actions(), b.legal_actions());
                    assert_eq!(la, lb);
                    for level in Level::ALL {
                        for seed in 0..40u64 {
                            let x = Slap45Bot::new(level, seed).act(actor, &va, &la);
                            let y = Slap45Bot::new(level, seed).act(actor, &vb, &lb);
                            assert_eq!(x, y, "{level}, {kind:?}, seed {seed}");
                            let mut a2 = a.clone();
                            if let Err(e) = a2.apply(x.clone()) {
                                panic!("{level}, {kind:?}, seed {seed}: {x:?} refused: {e}");
                            }
                            if let Action::Slap(s) = x {
                                assert!(s.at_ms >= va.public.round().unwrap().wave.start_ms);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_duel_dealer_plays_any_card_of_the_deck_at_random() {
        let ti = CardKind::TalkinIron;
        let mut g = table(4, false, &[], &[ti, ti], false);
        g.gangs[2].members = 1;
        g.gangs[3].members = 1;
        g.apply(Action::Flip).unwrap();
        wave(&mut g, &[(0, Action::Slap(Slap::card(100, Some(3))))]);
        g.apply(Action::Flip).unwrap();
        wave(&mut g, &[(1, Action::Slap(Slap::card(100, Some(2))))]);
        assert!(g.duel);
        assert_eq!(g.turn(), Turn::Player(3), "the first to die deals");
        let legal = g.legal_actions();
        let view = g.observation(3);
        let size = view.duel_deck.as_ref().unwrap().len();
        assert_eq!(size, g.deck.len());
        for level in Level::ALL {
            let mut seen = vec![0u32; size];
            for seed in 0..64u64 {
                let a = Slap45Bot::new(level, seed).act(3, &view, &legal);
                let Action::Play(i) = a else {
                    panic!("{level}: {a:?}");
                };
                assert!(i < size);
                seen[i] += 1;
                g.clone().apply(a).unwrap();
            }
            assert!(
                seen.iter().filter(|&&k| k > 0).count() > 1,
                "{level}: {seen:?}"
            );
        }
        // Uniform over the whole deck: every card comes up.
        let mut bot = Slap45Bot::new(Level::Hard, 9);
        let mut seen = vec![0u32; size];
        for _ in 0..3000 {
            match bot.act(3, &view, &legal) {
                Action::Play(i) => seen[i] += 1,
                a => panic!("{a:?}"),
            }
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }

    #[test]
    fn the_railroad_dealer_slaps_the_big_gun_it_peeked_at() {
        let gangs = [
            gang(Power::RailroadCompany),
            gang(Power::Union),
            gang(Power::Comanche),
        ];
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            // The same bot, seeded alike, with and without the peek.
            let (mut peeked, mut blind) = (0.0, 0.0);
            for seed in 0..40u64 {
                let mut g = table(3, true, &gangs, &[CardKind::BigGun], false);
                let mut bot = Slap45Bot::new(level, seed);
                let mut unaware = Slap45Bot::new(level, seed);
                let view = g.observation(0);
                assert!(view.peek.is_some());
                let legal = g.legal_actions();
                let flip = bot.act(0, &view, &legal);
                assert_eq!(flip, Action::Flip);
                g.apply(flip).unwrap();
                g.declare(1, Action::Hold).unwrap();
                g.declare(2, Action::Hold).unwrap();
                assert_eq!(g.turn(), Turn::Player(0));
                let a = bot.act(0, &g.observation(0), &g.legal_actions());
                let b = unaware.act(0, &g.observation(0), &g.legal_actions());
                match (&a, &b) {
                    (Action::Slap(s), Action::Slap(t)) => {
                        assert_eq!(s.target, Target::Card, "{level}: {a:?}");
                        assert!(s.at_ms as f64 >= bot.spec.min_ms);
                        peeked += s.at_ms as f64;
                        blind += t.at_ms as f64;
                    }
                    (Action::Slap(s), _) => {
                        assert_eq!(s.target, Target::Card, "{level}: {a:?}");
                    }
                    _ => panic!("{level}, seed {seed}: {a:?}"),
                }
                g.apply(a).unwrap();
            }
            // Knowing the card, it pays no choice cost: faster on the whole.
            assert!(
                peeked + 40.0 * 20.0 < blind,
                "{level}: peeked {peeked} ms in all, blind {blind} ms"
            );
        }
    }

    #[test]
    fn a_bot_of_each_level_takes_the_shipped_figures() {
        let file = BotLevels::load_default().unwrap();
        for level in Level::ALL {
            let bot = Slap45Bot::new(level, 1);
            assert_eq!(bot.spec, file.spec(level));
            assert_eq!(Agent::<Slap45>::name(&bot), level.to_string());
        }
    }
}
