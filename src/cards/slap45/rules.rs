//! The rules of Slap .45 as a state machine implementing [`Game`].
//!
//! Real time enters the rules as milliseconds measured from the reveal of the
//! current card. To fit a turn-based interface each round is played as
//! **sealed waves**:
//!
//! - `Bases` (chance): the home bases are dealt, one gang per seat.
//! - `Shuffle` (chance): the discard pile (before the first round: the whole
//!   deck, less the starting Gold) becomes the new deck.
//! - `Deal`: the dealer flips the top card (`Flip`); in the final duel the
//!   dealer is the first dead player and plays any card of the deck (`Play(i)`).
//! - `React`: a wave. Every seat of the wave declares once, clockwise from the
//!   dealer's left, `Hold`, a timed `Slap` or (Black Hat Outlaws) a `Trap`;
//!   declarations are sealed (no observation shows another seat's). When the
//!   last one arrives the slaps are applied in time order (ties: a slap into
//!   cover before a slap on the card, then clockwise from the dealer's left)
//!   until the round ends; later slaps are void. If the round goes on, a new
//!   wave starts at the time of the last slap for the seats that may still act.
//! - `Over`.
//!
//! `apply` accepts any time at or after the wave's start; `legal_actions` lists
//! Hold and a representative grid of times and targets.

use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::setup::{CardId, CardKind, MEMBERS, Power, Rules};
use crate::cards::core::{self, Game, Illegal, Seat, Turn, refuse, shared};

/// A home base, named by the seat whose gang it belongs to (the bases on the
/// table are those of the living gangs).
pub type BaseId = Seat;

/// House rule: slaps per seat per round at most (a round lasts a few seconds).
pub const SLAPS_PER_ROUND: u8 = 4;
/// The times after a wave's start that `legal_actions` offers, in ms.
pub const GRID_MS: [u32; 4] = [180, 260, 400, 700];
/// Gold a recruit costs.
pub const RECRUIT_COST: usize = 3;

/// What a slap lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// The face-up card in the middle.
    Card,
    /// A home base on the table.
    Base(BaseId),
    /// Lifts the hand off its base.
    Leave,
}

/// One timed slap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slap {
    /// Milliseconds after the reveal of the card.
    pub at_ms: u32,
    pub target: Target,
    /// The gang pointed at with the pistol-finger (slaps on the card only).
    pub point: Option<Seat>,
    /// Pay 1 Gold to use the gang's power on this card (slaps on the card only).
    pub power: bool,
    /// Pay 3 Gold to recruit the member the shot hits instead of killing it.
    pub recruit: bool,
    /// The Lone Star Sheriffs' second hand (base slaps and Leave only).
    pub second_hand: bool,
}

impl Slap {
    /// A slap on the card, pointing or not.
    pub fn card(at_ms: u32, point: Option<Seat>) -> Slap {
        Slap {
            at_ms,
            target: Target::Card,
            point,
            power: false,
            recruit: false,
            second_hand: false,
        }
    }

    /// A slap into a home base.
    pub fn base(at_ms: u32, base: BaseId) -> Slap {
        Slap {
            target: Target::Base(base),
            ..Slap::card(at_ms, None)
        }
    }

    /// Lifting a hand off its base.
    pub fn leave(at_ms: u32) -> Slap {
        Slap {
            target: Target::Leave,
            ..Slap::card(at_ms, None)
        }
    }

    pub fn with_power(mut self) -> Slap {
        self.power = true;
        self
    }

    pub fn with_recruit(mut self) -> Slap {
        self.recruit = true;
        self
    }

    /// Made with the Lone Star Sheriffs' second hand.
    pub fn second(mut self) -> Slap {
        self.second_hand = true;
        self
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the gang (an index into the setup's gangs) of each seat.
    Bases(Vec<usize>),
    /// Chance: the discard pile's new order as the deck, top first.
    Shuffle(Vec<CardId>),
    /// The dealer flips the top card.
    Flip,
    /// The final duel's dealer plays the i-th card of the deck (0: the top).
    Play(usize),
    /// A declaration: no slap in this wave.
    Hold,
    /// A declaration: a timed slap.
    Slap(Slap),
    /// A declaration (Black Hat Outlaws): pay 1 Gold, the next card of this
    /// kind is a trap; no slap in this wave.
    Trap(CardKind),
}

/// Where a gang's hands are: the home bases they cover (`None`: at the hip).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hands {
    pub first: Option<BaseId>,
    /// The Lone Star Sheriffs' second hand.
    pub second: Option<BaseId>,
}

impl Hands {
    /// At least one hand on a base: in cover.
    pub fn any(self) -> bool {
        self.first.is_some() || self.second.is_some()
    }

    pub fn get(self, second: bool) -> Option<BaseId> {
        if second { self.second } else { self.first }
    }

    pub(super) fn set(&mut self, second: bool, base: Option<BaseId>) {
        if second {
            self.second = base;
        } else {
            self.first = base;
        }
    }

    /// A hand on `base`.
    pub fn holds(self, base: BaseId) -> bool {
        self.first == Some(base) || self.second == Some(base)
    }

    /// The bases held.
    pub fn bases(self) -> impl Iterator<Item = BaseId> {
        self.first.into_iter().chain(self.second)
    }
}

/// One player's gang.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gang {
    /// Index into the setup's gangs, once the home bases are dealt.
    pub gang: Option<usize>,
    /// Living members; 0: the gang is out.
    pub members: u8,
    /// Gold cards in the stash.
    pub stash: Vec<CardId>,
    pub hands: Hands,
}

impl Gang {
    pub fn alive(&self) -> bool {
        self.members > 0
    }
}

/// A wave of sealed declarations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wave {
    /// No slap of this wave may come earlier (ms after the reveal).
    pub start_ms: u32,
    /// The seats that declare, clockwise from the dealer's left.
    pub order: Vec<Seat>,
    /// The seats that have declared, in the order they did.
    pub declared: Vec<Seat>,
    /// The declarations by seat: hidden from every other seat.
    pub sealed: Vec<Option<Action>>,
}

/// A card face up and the reactions to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub card: CardId,
    /// A Black Hat trap sprung by this reveal: the seat that laid it.
    pub trap: Option<Seat>,
    /// The card went into a stash (Gold claimed or shot to a gang).
    pub claimed: bool,
    /// Every gang's hands at the reveal (new cover after a Move! is a base
    /// none of them held).
    pub start: Vec<Hands>,
    /// Out of the home bases until the next round (a hand left a base).
    pub left: Vec<bool>,
    /// Slaps made this round, by seat.
    pub slaps: Vec<u8>,
    /// Waves so far, this one included.
    pub waves: u32,
    pub wave: Wave,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the home bases are dealt.
    Bases,
    /// Chance: the discard pile is shuffled into the deck.
    Shuffle,
    /// The dealer flips (plays, in the duel) the next card.
    Deal,
    React(Box<Round>),
    Over,
}

/// A game of Slap .45.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slap45 {
    #[serde(with = "shared")]
    pub rules: Arc<Rules>,
    /// By seat.
    pub gangs: Vec<Gang>,
    /// The draw pile, top first.
    pub deck: Vec<CardId>,
    /// Face up, newest last (before the first shuffle: the whole deck).
    pub discard: Vec<CardId>,
    /// Traps declared aloud and not yet sprung: (kind, the seat that laid it).
    pub traps: Vec<(CardKind, Seat)>,
    pub dealer: Seat,
    /// The final duel: two gangs left, no gold or powers.
    pub duel: bool,
    /// The dead gangs, first to die first.
    pub dead: Vec<Seat>,
    /// Rounds played.
    pub rounds: u32,
    pub phase: Phase,
    pub winners: Vec<Seat>,
    /// What the last action brought about, for the log.
    pub events: Vec<String>,
}

/// What one seat may see: everything but the deck's order and other seats'
/// sealed declarations; the Railroad dealer's peek; the duel dealer's deck.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub seat: Seat,
    pub deck_size: usize,
    /// The Railroad Company dealing: the top card before it is flipped.
    pub peek: Option<CardId>,
    /// The final duel's dealer: the whole deck, top first.
    pub duel_deck: Option<Vec<CardId>>,
    /// The state with the deck emptied and other seats' declarations removed.
    pub public: Slap45,
}

impl View {
    /// The seat's own sealed declaration in the current wave, if any.
    pub fn mine(&self) -> Option<&Action> {
        match &self.public.phase {
            Phase::React(r) => r.wave.sealed.get(self.seat).and_then(Option::as_ref),
            _ => None,
        }
    }
}

/// How a seat's slaps are ordered at equal times: clockwise from the dealer's left.
pub(super) fn rank(n: usize, dealer: Seat, seat: Seat) -> usize {
    (seat + n - dealer % n - 1) % n
}

impl Slap45 {
    /// A new game: every card in the discard pile until the first shuffle.
    pub fn new(rules: Rules) -> Slap45 {
        let n = rules.players;
        let discard: Vec<CardId> = (0..rules.cards.len()).map(|c| c as CardId).collect();
        Slap45 {
            gangs: vec![
                Gang {
                    gang: None,
                    members: MEMBERS,
                    stash: Vec::new(),
                    hands: Hands::default(),
                };
                n
            ],
            deck: Vec::new(),
            discard,
            traps: Vec::new(),
            dealer: rules.first_dealer.min(n.saturating_sub(1)),
            duel: false,
            dead: Vec::new(),
            rounds: 0,
            phase: Phase::Bases,
            winners: Vec::new(),
            events: Vec::new(),
            rules: Arc::new(rules),
        }
    }

    pub(super) fn n(&self) -> usize {
        self.rules.players
    }

    pub fn kind(&self, card: CardId) -> CardKind {
        self.rules.cards[card as usize]
    }

    pub fn alive(&self, seat: Seat) -> bool {
        self.gangs.get(seat).is_some_and(Gang::alive)
    }

    pub fn living(&self) -> Vec<Seat> {
        (0..self.n()).filter(|&s| self.alive(s)).collect()
    }

    /// Living seats clockwise from `from`'s left, `from` last (if alive).
    pub fn clockwise_after(&self, from: Seat) -> Vec<Seat> {
        let n = self.n();
        (1..=n)
            .map(|k| (from + k) % n)
            .filter(|&s| self.alive(s))
            .collect()
    }

    pub fn members(&self, seat: Seat) -> u8 {
        self.gangs[seat].members
    }

    /// Gold in the seat's stash.
    pub fn gold(&self, seat: Seat) -> usize {
        self.gangs[seat].stash.len()
    }

    /// The gang's name and seat, for the log.
    pub fn name(&self, seat: Seat) -> String {
        match self
            .gangs
            .get(seat)
            .and_then(|g| g.gang)
            .and_then(|g| self.rules.gangs.get(g))
        {
            Some(spec) => format!("{} (seat {seat})", spec.name),
            None => format!("seat {seat}"),
        }
    }

    /// The gang's power as printed on its base, whether or not it works now.
    pub fn printed_power(&self, seat: Seat) -> Option<Power> {
        let g = self.gangs.get(seat)?.gang?;
        self.rules.gangs.get(g).map(|spec| spec.power)
    }

    /// Gold and gang powers work: the advanced rule, and not in the final duel.
    pub fn powers_active(&self) -> bool {
        self.rules.gold && !self.duel
    }

    /// The gang's power, when powers work now.
    pub fn power(&self, seat: Seat) -> Option<Power> {
        if self.powers_active() {
            self.printed_power(seat)
        } else {
            None
        }
    }

    /// The seat whose hand is on `base`, if any.
    pub fn occupant(&self, base: BaseId) -> Option<Seat> {
        self.gangs.iter().position(|g| g.hands.holds(base))
    }

    /// A hand in a home base.
    pub fn in_cover(&self, seat: Seat) -> bool {
        self.gangs.get(seat).is_some_and(|g| g.hands.any())
    }

    pub fn round(&self) -> Option<&Round> {
        match &self.phase {
            Phase::React(r) => Some(&**r),
            _ => None,
        }
    }

    /// The card face up in the middle, during a round.
    pub fn face_up(&self) -> Option<CardId> {
        self.round().map(|r| r.card)
    }

    /// In new cover after a Move!: a hand on a base, and no hand on a base it
    /// held at the reveal (a Lone Star moves both hands; one new base suffices).
    pub fn in_new_cover(&self, round: &Round, seat: Seat) -> bool {
        let h = self.gangs[seat].hands;
        let start = round.start[seat];
        h.any() && h.bases().all(|b| !start.holds(b))
    }

    pub(super) fn out_of_new_cover(&self, round: &Round) -> Vec<Seat> {
        let mut out: Vec<Seat> = self
            .living()
            .into_iter()
            .filter(|&s| !self.in_new_cover(round, s))
            .collect();
        let (n, dealer) = (self.n(), self.dealer);
        out.sort_by_key(|&s| rank(n, dealer, s));
        out
    }

    pub(super) fn base_name(&self, base: BaseId) -> String {
        format!("the home base of {}", self.name(base))
    }

    // ---- legality -------------------------------------------------------

    /// Why `seat` may not make this declaration now, if it may not.
    pub fn check_declaration(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        let Phase::React(r) = &self.phase else {
            return refuse("the round is over: no card to react to until the next is flipped");
        };
        if !r.wave.order.contains(&seat) {
            return refuse(format!("{} does not react in this wave", self.name(seat)));
        }
        if r.wave.declared.contains(&seat) {
            return refuse(format!("{} has declared in this wave", self.name(seat)));
        }
        match action {
            Action::Hold => Ok(()),
            Action::Trap(k) => self.check_trap(seat, *k),
            Action::Slap(s) => self.check_slap(r, seat, s),
            a => refuse(format!("{a:?} is not a reaction to the card")),
        }
    }

    pub(super) fn check_trap(&self, seat: Seat, kind: CardKind) -> Result<(), Illegal> {
        if self.power(seat) != Some(Power::BlackHatOutlaws) {
            return refuse("only the Black Hat Outlaws lay traps (with gold, not in the duel)");
        }
        if self.gangs[seat].stash.is_empty() {
            return refuse("a trap costs 1 Gold; the stash is empty");
        }
        if self.traps.iter().any(|(k, _)| *k == kind) {
            return refuse(format!("the next {} is a trap already", kind.title()));
        }
        if self.rules.count(kind) == 0 {
            return refuse(format!("there is no {} in the deck", kind.title()));
        }
        Ok(())
    }

    fn check_slap(&self, r: &Round, seat: Seat, slap: &Slap) -> Result<(), Illegal> {
        let n = self.n();
        if slap.at_ms < r.wave.start_ms {
            return refuse(format!(
                "out of order: {} ms is before this wave's start at {} ms",
                slap.at_ms, r.wave.start_ms
            ));
        }
        if r.slaps[seat] >= SLAPS_PER_ROUND {
            return refuse(format!(
                "{SLAPS_PER_ROUND} slaps a round at most: hold until the next card"
            ));
        }
        let g = &self.gangs[seat];
        let kind = self.kind(r.card);
        let moving = kind == CardKind::Move;
        if slap.target != Target::Card && (slap.point.is_some() || slap.power || slap.recruit) {
            return refuse("pointing, powers and recruits go with a slap on the card");
        }
        if slap.second_hand {
            if slap.target == Target::Card {
                return refuse("the card is slapped with the first hand");
            }
            if self.power(seat) != Some(Power::LoneStarSheriffs) {
                return refuse(
                    "only the Lone Star Sheriffs slap with a second hand (with gold, not in the duel)",
                );
            }
        }
        match slap.target {
            Target::Card => {
                if let Some(t) = slap.point {
                    if t >= n {
                        return refuse(format!("there is no seat {t}"));
                    }
                    if t == seat {
                        return refuse("you cannot point at your own gang");
                    }
                    if !self.alive(t) {
                        return refuse(format!("{} is dead: point at a living gang", self.name(t)));
                    }
                }
                let mut cost = 0;
                if slap.power {
                    match self.power(seat) {
                        None => {
                            return refuse(
                                "no gang power works now (gold rule off, or the final duel)",
                            );
                        }
                        Some(p) if p.works_on() != Some(kind) => {
                            return refuse(format!(
                                "the {p:?} power does not work on a {}",
                                kind.title()
                            ));
                        }
                        Some(_) => cost += 1,
                    }
                }
                if slap.recruit {
                    if !self.powers_active() {
                        return refuse(
                            "recruiting needs gold (the advanced rule), and not in the final duel",
                        );
                    }
                    if slap.point.is_none() {
                        return refuse("recruit whom? point at a gang");
                    }
                    let shoots = match kind {
                        CardKind::TalkinIron | CardKind::BigGun => true,
                        CardKind::Move | CardKind::Gold => slap.power,
                    };
                    if !shoots {
                        return refuse(format!(
                            "a {} shoots nobody: nobody to recruit",
                            kind.title()
                        ));
                    }
                    if g.members >= self.rules.max_members {
                        return refuse(format!(
                            "no room for a recruit: {} members (at most {})",
                            g.members, self.rules.max_members
                        ));
                    }
                    cost += RECRUIT_COST;
                }
                if g.stash.len() < cost {
                    return refuse(format!(
                        "that costs {cost} Gold; the stash holds {}",
                        g.stash.len()
                    ));
                }
                Ok(())
            }
            Target::Base(b) => {
                if b >= n || !self.alive(b) {
                    return refuse(format!("there is no home base {b} on the table"));
                }
                let hand = g.hands.get(slap.second_hand);
                let other = g.hands.get(!slap.second_hand);
                if other == Some(b) {
                    return refuse("your other hand is on that base");
                }
                let start = r.start[seat];
                if moving {
                    if let Some(h) = hand
                        && !start.holds(h)
                    {
                        return refuse("that hand is in new cover already");
                    }
                    if start.holds(b) {
                        return refuse("not new cover: you began the round on that base");
                    }
                } else {
                    if r.left[seat] {
                        return refuse(
                            "your hand left a home base: out of the bases until the next round",
                        );
                    }
                    if hand.is_some() {
                        return refuse(
                            "that hand is on a base already (lifting it would put you out for the round)",
                        );
                    }
                }
                Ok(())
            }
            Target::Leave => {
                if g.hands.get(slap.second_hand).is_none() {
                    return refuse("that hand is not on a base");
                }
                Ok(())
            }
        }
    }

    fn check_chance(&self, action: &Action) -> Result<(), Illegal> {
        let ok = match (&self.phase, action) {
            (Phase::Bases, Action::Bases(v)) => {
                let g = self.rules.gangs.len();
                v.len() == self.n()
                    && v.iter().all(|&x| x < g)
                    && v.iter().enumerate().all(|(i, x)| !v[..i].contains(x))
            }
            (Phase::Shuffle, Action::Shuffle(order)) => core::is_permutation(order, &self.discard),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            refuse(format!("{action:?} is not the chance event awaited"))
        }
    }

    fn check_deal(&self, action: &Action) -> Result<(), Illegal> {
        match action {
            Action::Flip if self.duel => {
                refuse("in the final duel the dealer chooses the card to play: Play(i)")
            }
            Action::Flip if self.deck.is_empty() => refuse("the deck is empty"),
            Action::Flip => Ok(()),
            Action::Play(_) if !self.duel => {
                refuse("only the final duel's dealer chooses a card; flip the top one")
            }
            Action::Play(i) if *i >= self.deck.len() => {
                refuse(format!("the deck holds {} cards", self.deck.len()))
            }
            Action::Play(_) => Ok(()),
            Action::Hold | Action::Slap(_) | Action::Trap(_) => {
                refuse("the round is over: wait for the next card")
            }
            a => refuse(format!("{a:?}: the dealer flips the next card")),
        }
    }

    // ---- the moves --------------------------------------------------------

    /// The legal actions of `seat`: the dealer's deal, or, in a wave, a
    /// representative grid of declarations of a seat still to declare (any
    /// time at or after the wave's start is accepted).
    pub fn legal_for(&self, seat: Seat) -> Vec<Action> {
        if matches!(self.phase, Phase::Deal) && seat != self.dealer {
            return Vec::new();
        }
        if let Phase::React(r) = &self.phase
            && (!r.wave.order.contains(&seat) || r.wave.declared.contains(&seat))
        {
            return Vec::new();
        }
        match &self.phase {
            Phase::Deal => {
                if self.duel {
                    // The duel's dealer may play any card of the deck.
                    (0..self.deck.len()).map(Action::Play).collect()
                } else {
                    vec![Action::Flip]
                }
            }
            Phase::React(r) => {
                let mut v = vec![Action::Hold];
                let kind = self.kind(r.card);
                let moving = kind == CardKind::Move;
                let others: Vec<Seat> = self.living().into_iter().filter(|&s| s != seat).collect();
                let bases = self.living();
                let mut points: Vec<Option<Seat>> = vec![None];
                points.extend(others.iter().map(|&o| Some(o)));
                let comanche = self.power(seat) == Some(Power::Comanche);
                for off in GRID_MS {
                    let t = r.wave.start_ms.saturating_add(off);
                    for &p in &points {
                        for power in [false, true] {
                            for recruit in [false, true] {
                                // Sensible slaps only: pointing at the horse is
                                // pointless, and so is a power without a point
                                // (but the Comanche's, which saves a member).
                                if moving && !power && p.is_some() {
                                    continue;
                                }
                                if power && p.is_none() && !(moving && comanche) {
                                    continue;
                                }
                                let slap = Slap {
                                    at_ms: t,
                                    target: Target::Card,
                                    point: p,
                                    power,
                                    recruit,
                                    second_hand: false,
                                };
                                if self.check_slap(r, seat, &slap).is_ok() {
                                    v.push(Action::Slap(slap));
                                }
                            }
                        }
                    }
                    for &b in &bases {
                        for second in [false, true] {
                            let slap = Slap {
                                second_hand: second,
                                ..Slap::base(t, b)
                            };
                            if self.check_slap(r, seat, &slap).is_ok() {
                                v.push(Action::Slap(slap));
                            }
                        }
                    }
                    if moving {
                        let slap = Slap::leave(t).second();
                        if self.check_slap(r, seat, &slap).is_ok() {
                            v.push(Action::Slap(slap));
                        }
                    }
                }
                for k in CardKind::ALL {
                    if self.check_trap(seat, k).is_ok() {
                        v.push(Action::Trap(k));
                    }
                }
                v
            }
            _ => Vec::new(),
        }
    }

    /// A declaration of `seat` in the current wave, in any order among the
    /// wave's seats (the stream-style entry of a window or a test): the same as
    /// `apply` when `seat` is the one to move. When the last seat of the wave
    /// has declared, the wave resolves.
    pub fn declare(&mut self, seat: Seat, action: Action) -> Result<(), Illegal> {
        self.check_declaration(seat, &action)?;
        self.events.clear();
        let complete = match &mut self.phase {
            Phase::React(r) => {
                r.wave.sealed[seat] = Some(action);
                r.wave.declared.push(seat);
                r.wave.declared.len() >= r.wave.order.len()
            }
            _ => false,
        };
        if complete {
            let phase = std::mem::replace(&mut self.phase, Phase::Over);
            if let Phase::React(r) = phase {
                self.resolve_wave(r);
            }
        }
        Ok(())
    }

    /// A declaration in words (for its own seat or a spectator).
    /// The log line of `seat`'s declaration as `viewer` may know it (another
    /// seat's is sealed until the wave resolves), with the wave's verdicts
    /// when it is the last one in.
    pub fn describe_declaration(
        &self,
        seat: Seat,
        action: &Action,
        viewer: Option<Seat>,
    ) -> String {
        let shown = viewer.is_none() || viewer == Some(seat);
        let mut line = if shown {
            format!("{} {}", self.name(seat), self.declaration_text(action))
        } else {
            format!("{} declares (sealed)", self.name(seat))
        };
        let completes = matches!(&self.phase,
            Phase::React(r) if r.wave.declared.len() + 1 >= r.wave.order.len());
        if completes {
            let mut next = self.clone();
            if next.declare(seat, action.clone()).is_ok() && !next.events.is_empty() {
                line.push_str("; ");
                line.push_str(&next.events.join("; "));
            }
        }
        line
    }

    pub fn declaration_text(&self, action: &Action) -> String {
        match action {
            Action::Hold => "holds".into(),
            Action::Trap(k) => format!("lays a trap on the next {}", k.title()),
            Action::Slap(s) => {
                let hand = if s.second_hand { " (second hand)" } else { "" };
                match s.target {
                    Target::Card => {
                        let mut t = format!("slaps the card at {} ms", s.at_ms);
                        match s.point {
                            Some(p) if p < self.n() => {
                                t.push_str(&format!(" pointing at {}", self.name(p)))
                            }
                            Some(p) => t.push_str(&format!(" pointing at seat {p}")),
                            None => t.push_str(" without pointing"),
                        }
                        if s.power {
                            t.push_str(", using the gang's power");
                        }
                        if s.recruit {
                            t.push_str(", to recruit");
                        }
                        t
                    }
                    Target::Base(b) if b < self.n() => {
                        format!("slaps into {}{hand} at {} ms", self.base_name(b), s.at_ms)
                    }
                    Target::Base(b) => format!("slaps into base {b}{hand} at {} ms", s.at_ms),
                    Target::Leave => format!("lifts a hand{hand} at {} ms", s.at_ms),
                }
            }
            a => format!("{a:?}"),
        }
    }

    /// One line about the table: members, gold, cover.
    pub fn standings(&self) -> String {
        (0..self.n())
            .map(|s| {
                let g = &self.gangs[s];
                if !g.alive() {
                    return format!("{}: out", self.name(s));
                }
                let mut t = format!("{}: {} members", self.name(s), g.members);
                if self.rules.gold {
                    t.push_str(&format!(", {} Gold", g.stash.len()));
                }
                if g.hands.any() {
                    t.push_str(", in cover");
                }
                t
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl Game for Slap45 {
    type Action = Action;
    type Observation = View;

    fn players(&self) -> usize {
        self.rules.players
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Bases | Phase::Shuffle => Turn::Chance,
            Phase::Deal => Turn::Player(self.dealer),
            Phase::React(r) => r
                .wave
                .order
                .iter()
                .copied()
                .find(|s| !r.wave.declared.contains(s))
                .map_or(Turn::Over, Turn::Player),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.turn() {
            Turn::Player(seat) => self.legal_for(seat),
            _ => Vec::new(),
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        match &self.phase {
            Phase::Bases => {
                let all: Vec<usize> = (0..self.rules.gangs.len()).collect();
                let mut v = core::shuffled(&all, rng);
                v.truncate(self.n());
                Action::Bases(v)
            }
            _ => Action::Shuffle(core::shuffled(&self.discard, rng)),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        match self.turn() {
            Turn::Over => refuse("the game is over"),
            Turn::Chance => {
                self.check_chance(&action)?;
                self.events.clear();
                self.perform_chance(action);
                Ok(())
            }
            Turn::Player(seat) => {
                if matches!(self.phase, Phase::React(_)) {
                    return self.declare(seat, action);
                }
                self.check_deal(&action)?;
                self.events.clear();
                match action {
                    Action::Flip => self.reveal(0),
                    Action::Play(i) => self.reveal(i),
                    _ => {}
                }
                Ok(())
            }
        }
    }

    fn observation(&self, seat: Seat) -> View {
        let mut public = self.clone();
        public.deck.clear();
        if let Phase::React(r) = &mut public.phase {
            for (s, d) in r.wave.sealed.iter_mut().enumerate() {
                if s != seat {
                    *d = None;
                }
            }
        }
        let dealing = matches!(self.phase, Phase::Deal) && self.dealer == seat;
        let peek = if dealing && self.power(seat) == Some(Power::RailroadCompany) {
            self.deck.first().copied()
        } else {
            None
        };
        let duel_deck = (self.duel && self.dealer == seat).then(|| self.deck.clone());
        View {
            seat,
            deck_size: self.deck.len(),
            peek,
            duel_deck,
            public,
        }
    }

    fn winners(&self) -> Vec<Seat> {
        if matches!(self.phase, Phase::Over) {
            self.winners.clone()
        } else {
            Vec::new()
        }
    }

    fn describe(&self, action: &Action, viewer: Option<Seat>) -> String {
        match action {
            Action::Bases(v) => format!(
                "home bases dealt: {}",
                v.iter()
                    .enumerate()
                    .map(|(s, &g)| format!(
                        "seat {s} {}",
                        self.rules.gangs.get(g).map_or("?", |x| x.name.as_str())
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::Shuffle(o) => {
                if self.rounds == 0 {
                    format!("the deck is shuffled ({} cards)", o.len())
                } else {
                    format!(
                        "the discard pile is shuffled into a new deck ({} cards)",
                        o.len()
                    )
                }
            }
            Action::Flip | Action::Play(_) => {
                let i = if let Action::Play(i) = action { *i } else { 0 };
                let card = self
                    .deck
                    .get(i)
                    .map_or("nothing", |&c| self.kind(c).title());
                if self.duel {
                    format!(
                        "{} plays a {card} between the duelers",
                        self.name(self.dealer)
                    )
                } else {
                    format!("{} flips a {card}", self.name(self.dealer))
                }
            }
            Action::Hold | Action::Slap(_) | Action::Trap(_) => match self.turn() {
                Turn::Player(seat) => self.describe_declaration(seat, action, viewer),
                _ => format!("{action:?}"),
            },
        }
    }
}
