//! The Tabletown gunslinger game (John Reyman): the whole rule book as a pure
//! state machine. See `../shared/rules/tabletown-gunslingers.txt` and
//! `docs/card-games.md` for the deck split and the rules we designed where the
//! book is silent (Reach for the Sky, when tin stars are played, sundown).
//!
//! Setup: each seat picks a gunslinger, the Marshall is rolled for, the deck
//! without DRAW!/SHOOTOUT! is shuffled and five cards dealt each, those cards
//! are shuffled back in, and everyone places a facing (no two on the same one).
//! A turn is one of Arm / Load / Discard / Track (or Reach for the Sky), then
//! the hand is drawn back to five one card at a time; a drawn DRAW! or SHOOTOUT!
//! starts combat at once: a response window (US Cavalry, Stage Coach), the
//! initiative dice, each fighter's shots in initiative order (ties
//! simultaneous), Law o' the West, and TNT last.

use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::cards::core::{self, Game, Illegal, Seat, Turn, refuse, shared};

pub mod bots;
mod entry;
mod setup;
mod view;

#[cfg(test)]
mod tests;

pub use setup::*;

pub type CardId = u8;

/// Cards in hand at most.
pub const HAND: usize = 5;
/// The sixth wound kills.
pub const DEADLY_WOUNDS: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    Draw,
    Shootout,
    Revolver,
    Rifle,
    Shotgun,
    Bullet,
    Shell,
    Tnt,
    Sheriff,
    Deputy,
    ReachForTheSky,
    StageCoach,
    Cavalry,
}

impl Kind {
    pub const ALL: [Kind; 13] = [
        Kind::Draw,
        Kind::Shootout,
        Kind::Revolver,
        Kind::Rifle,
        Kind::Shotgun,
        Kind::Bullet,
        Kind::Shell,
        Kind::Tnt,
        Kind::Sheriff,
        Kind::Deputy,
        Kind::ReachForTheSky,
        Kind::StageCoach,
        Kind::Cavalry,
    ];

    pub fn is_gun(self) -> bool {
        matches!(self, Kind::Revolver | Kind::Rifle | Kind::Shotgun)
    }

    pub fn is_event(self) -> bool {
        matches!(self, Kind::Draw | Kind::Shootout)
    }

    /// Rounds a gun holds.
    pub fn capacity(self) -> usize {
        match self {
            Kind::Revolver => 6,
            Kind::Rifle => 4,
            Kind::Shotgun => 2,
            _ => 0,
        }
    }

    /// The ammunition a gun takes.
    pub fn ammo(self) -> Option<Kind> {
        match self {
            Kind::Revolver | Kind::Rifle => Some(Kind::Bullet),
            Kind::Shotgun => Some(Kind::Shell),
            _ => None,
        }
    }

    /// Added to the initiative die (advanced rule: weapon modifiers).
    pub fn initiative(self) -> u8 {
        match self {
            Kind::Rifle => 2,
            Kind::Shotgun => 1,
            _ => 0,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Kind::Draw => "DRAW!",
            Kind::Shootout => "SHOOTOUT!",
            Kind::Revolver => "Revolver",
            Kind::Rifle => "Rifle",
            Kind::Shotgun => "Shotgun",
            Kind::Bullet => "Bullet",
            Kind::Shell => "Shell",
            Kind::Tnt => "TNT",
            Kind::Sheriff => "Sheriff star",
            Kind::Deputy => "Deputy star",
            Kind::ReachForTheSky => "Reach for the Sky",
            Kind::StageCoach => "Last Stage Coach Out of Town",
            Kind::Cavalry => "US Cavalry Arrives!",
        }
    }
}

/// The lowest die that hits: revolver 5, rifle 4, one shell 3, both shells 2.
pub fn to_hit(weapon: Kind, both_barrels: bool) -> u8 {
    match (weapon, both_barrels) {
        (Kind::Shotgun, true) => 2,
        (Kind::Shotgun, false) => 3,
        (Kind::Rifle, _) => 4,
        _ => 5,
    }
}

/// TNT: one stick hits on 5, two on 4, three on 3 (every player at the table).
pub fn tnt_to_hit(sticks: u8) -> u8 {
    6 - sticks.clamp(1, 3)
}

/// A gun in play with its loaded rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gun {
    pub card: CardId,
    pub kind: Kind,
    pub ammo: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slinger {
    /// Index into the setup's gunslingers, once chosen.
    pub gunslinger: Option<usize>,
    pub alive: bool,
    pub wounds: u8,
    /// The gunslinger this one faces (set during setup).
    pub facing: Option<Seat>,
    pub hand: Vec<CardId>,
    /// One gun, or two revolvers (advanced rule).
    pub guns: Vec<Gun>,
}

impl Slinger {
    pub fn loaded(&self) -> usize {
        self.guns.iter().map(|g| g.ammo.len()).sum()
    }
    /// The kind of gun in play (two revolvers shoot as revolvers).
    pub fn weapon(&self) -> Option<Kind> {
        self.guns.first().map(|g| g.kind)
    }
    pub fn armed(&self) -> bool {
        !self.guns.is_empty()
    }
}

/// The card that started a combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Call {
    Draw { drawer: Seat, target: Seat },
    Shootout { caller: Seat },
}

/// Where a combat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// `Combat::asked[next]` may answer the call with US Cavalry or the Stage Coach.
    Respond,
    /// Chance: the next fighter's initiative die.
    Initiative,
    /// A fighter decides: shoot, TNT or hold.
    Act(Seat),
    /// Chance: the die of the current shot.
    Fire,
    /// A hit on `victim`: cancel it with a tin star, or take the wound.
    Cover { victim: Seat, weapon: Kind },
    /// Law o' the West: `Combat::law_asked[next]` may turn to face the shooter.
    Law,
    /// Chance: a TNT die against `Combat::boom_targets[next]`.
    Boom,
}

/// Shots being fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Firing {
    pub shooter: Seat,
    pub target: Seat,
    pub weapon: Kind,
    pub left: u8,
    pub both_barrels: bool,
    /// The shot breaks the Law o' the West (in the back, or at an unarmed man).
    pub lawless: bool,
}

/// A DRAW! or SHOOTOUT! in progress: entirely public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub call: Call,
    /// The DRAW!/SHOOTOUT! card on the table.
    pub card: CardId,
    pub step: Step,
    /// Seats asked in the response window, in order, and the next one.
    pub asked: Vec<Seat>,
    pub next: usize,
    /// Gone on the last stage coach: not in this shootout.
    pub escaped: Vec<Seat>,
    pub fighters: Vec<Seat>,
    /// Initiative dice, one per fighter in order, as rolled.
    pub rolls: Vec<u8>,
    /// Fighters grouped by initiative total, lowest first: a group shoots simultaneously.
    pub groups: Vec<Vec<Seat>>,
    pub group: usize,
    pub actor: usize,
    /// Wounds waiting for the end of the group (or of the TNT).
    pub pending: Vec<Seat>,
    /// TNT played: (thrower, sticks), exploding after everyone has shot.
    pub lit: Vec<(Seat, u8)>,
    pub firing: Option<Firing>,
    pub law_shooter: Seat,
    pub law_asked: Vec<Seat>,
    /// Players the TNT rolls against, and which TNT of `lit` is exploding.
    pub boom_targets: Vec<Seat>,
    pub boom: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// `seat` picks a gunslinger card.
    Choose {
        seat: Seat,
    },
    /// Chance: the contenders for Marshall roll, one die each (ties roll again).
    Marshall {
        contenders: Vec<Seat>,
        rolls: Vec<u8>,
    },
    /// Chance: the deck without DRAW!/SHOOTOUT! is shuffled, then five dealt each.
    Deal,
    /// Chance: DRAW!/SHOOTOUT! shuffled back into the rest.
    Mix,
    /// `seat` places its facing.
    Face {
        seat: Seat,
    },
    /// `State::current`'s turn.
    Turn,
    /// Chance: the discards become the new deck.
    Reshuffle,
    /// The current player drew a DRAW!: whom to call out.
    CallDraw {
        card: CardId,
    },
    Combat(Box<Combat>),
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Chance: a die.
    Die(u8),
    /// Chance: a pile's new order, top first.
    Shuffle(Vec<CardId>),
    /// Setup: take this gunslinger card.
    Choose(usize),
    /// Setup: face this gunslinger.
    Face(Seat),
    Arm(CardId),
    Load(CardId),
    Discard(CardId),
    Track(Seat),
    /// Reach for the Sky on this gunslinger: their loaded rounds are discarded.
    Reach(CardId, Seat),
    /// Only when nothing else is possible: draw back up.
    Pass,
    /// DRAW! on this gunslinger.
    CallOut(Seat),
    Cavalry(CardId),
    StageCoach(CardId),
    LetItRide,
    /// Fire this many shots (a shotgun's both barrels: one shot of two shells).
    Shoot {
        shots: u8,
        both_barrels: bool,
    },
    /// Light this many sticks of TNT (1 to 3, as one).
    Tnt(u8),
    Hold,
    /// Cancel a hit with this tin star.
    Star(CardId),
    TakeHit,
    TurnToFace,
    Stay,
}

/// The state of a gunfight in Tabletown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tabletown {
    #[serde(with = "shared")]
    pub rules: Arc<Rules>,
    pub slingers: Vec<Slinger>,
    /// The draw deck, top last.
    pub deck: Vec<CardId>,
    /// Face up, newest last.
    pub discard: Vec<CardId>,
    pub phase: Phase,
    pub marshall: Option<Seat>,
    pub current: Seat,
    pub turns: u32,
    /// The current player is drawing back up to five (resumed after a combat).
    pub refilling: bool,
    pub winners: Vec<Seat>,
}

/// What one seat may see: the whole table except other hands and the deck's order.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub seat: Seat,
    pub hand: Vec<CardId>,
    pub hand_sizes: Vec<usize>,
    pub deck_size: usize,
    /// The state with every other hand and the deck emptied.
    pub public: Tabletown,
}

impl Tabletown {
    pub fn new(rules: Rules) -> Tabletown {
        let n = rules.players;
        Tabletown {
            slingers: vec![
                Slinger {
                    gunslinger: None,
                    alive: true,
                    wounds: 0,
                    facing: None,
                    hand: Vec::new(),
                    guns: Vec::new(),
                };
                n
            ],
            deck: Vec::new(),
            discard: Vec::new(),
            phase: Phase::Choose { seat: 0 },
            marshall: None,
            current: 0,
            turns: 0,
            refilling: false,
            winners: Vec::new(),
            rules: Arc::new(rules),
        }
    }

    pub fn kind(&self, card: CardId) -> Kind {
        self.rules.cards[card as usize]
    }

    fn n(&self) -> usize {
        self.rules.players
    }

    pub fn living(&self) -> Vec<Seat> {
        (0..self.n()).filter(|&s| self.slingers[s].alive).collect()
    }

    /// Living seats clockwise starting at `from` (included if alive).
    fn clockwise_from(&self, from: Seat) -> Vec<Seat> {
        let n = self.n();
        (0..n)
            .map(|k| (from + k) % n)
            .filter(|&s| self.slingers[s].alive)
            .collect()
    }

    fn first_in_hand(&self, seat: Seat, kind: Kind) -> Option<CardId> {
        self.slingers[seat]
            .hand
            .iter()
            .copied()
            .find(|&c| self.kind(c) == kind)
    }

    fn count_in_hand(&self, seat: Seat, kind: Kind) -> usize {
        self.slingers[seat]
            .hand
            .iter()
            .filter(|&&c| self.kind(c) == kind)
            .count()
    }

    fn take_from_hand(&mut self, seat: Seat, card: CardId) {
        let hand = &mut self.slingers[seat].hand;
        let i = hand.iter().position(|&c| c == card).expect("card in hand");
        hand.swap_remove(i);
    }

    fn combat(&self) -> Option<&Combat> {
        match &self.phase {
            Phase::Combat(c) => Some(c),
            _ => None,
        }
    }

    /// The gun a loaded round of `ammo` would go into.
    fn gun_for(&self, seat: Seat, ammo: Kind) -> Option<usize> {
        self.slingers[seat]
            .guns
            .iter()
            .position(|g| g.kind.ammo() == Some(ammo) && g.ammo.len() < g.kind.capacity())
    }

    /// Whom `seat` shoots at in this combat, if anyone it may.
    fn target_of(&self, c: &Combat, seat: Seat) -> Option<Seat> {
        let t = match c.call {
            Call::Draw { drawer, target } => {
                if seat == drawer {
                    target
                } else {
                    drawer
                }
            }
            Call::Shootout { .. } => self.slingers[seat].facing?,
        };
        (t != seat && self.slingers[t].alive && c.fighters.contains(&t)).then_some(t)
    }

    /// The legal uses of a gun in this combat: (shots, both barrels).
    fn shot_options(&self, c: &Combat, seat: Seat) -> Vec<(u8, bool)> {
        let s = &self.slingers[seat];
        let loaded = s.loaded();
        if loaded == 0 || self.target_of(c, seat).is_none() {
            return Vec::new();
        }
        let max = if matches!(c.call, Call::Draw { .. }) {
            1
        } else {
            loaded
        };
        let mut v: Vec<(u8, bool)> = (1..=max as u8).map(|k| (k, false)).collect();
        if s.weapon() == Some(Kind::Shotgun) && loaded >= 2 {
            v.push((1, true));
        }
        v
    }

    fn must_shoot(&self, c: &Combat, seat: Seat) -> bool {
        match self.target_of(c, seat) {
            Some(t) => self.slingers[seat].loaded() > 0 && self.slingers[t].facing == Some(seat),
            None => false,
        }
    }

    /// May the facings still be completed so that no two face the same one?
    fn facing_completes(&self, assigned: &[Option<Seat>]) -> bool {
        let n = assigned.len();
        let Some(next) = assigned.iter().position(Option::is_none) else {
            return true;
        };
        (0..n).any(|t| {
            if t == next || assigned.contains(&Some(t)) {
                return false;
            }
            let mut a = assigned.to_vec();
            a[next] = Some(t);
            self.facing_completes(&a)
        })
    }

    fn deal(&mut self) {
        let marshall = self.marshall.expect("the Marshall deals");
        for _ in 0..HAND {
            for seat in self.clockwise_from(marshall) {
                if let Some(c) = self.deck.pop() {
                    self.slingers[seat].hand.push(c);
                }
            }
        }
    }

    /// Draws back to five, one at a time; a DRAW!/SHOOTOUT! interrupts.
    fn refill(&mut self) {
        let seat = self.current;
        self.refilling = true;
        while self.slingers[seat].hand.len() < HAND {
            let Some(card) = self.deck.pop() else {
                if self.discard.is_empty() {
                    break;
                }
                self.phase = Phase::Reshuffle;
                return;
            };
            match self.kind(card) {
                Kind::Draw => {
                    self.phase = Phase::CallDraw { card };
                    return;
                }
                Kind::Shootout => {
                    self.start_combat(Call::Shootout { caller: seat }, card);
                    return;
                }
                _ => self.slingers[seat].hand.push(card),
            }
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        self.refilling = false;
        self.turns += 1;
        if self.turns >= self.rules.turn_limit {
            // Sundown: the fewest wounds among the living win.
            let living = self.living();
            let least = living
                .iter()
                .map(|&s| self.slingers[s].wounds)
                .min()
                .unwrap_or(0);
            self.winners = living
                .into_iter()
                .filter(|&s| self.slingers[s].wounds == least)
                .collect();
            self.phase = Phase::Over;
            return;
        }
        let n = self.n();
        self.current = (1..=n)
            .map(|k| (self.current + k) % n)
            .find(|&s| self.slingers[s].alive)
            .unwrap_or(self.current);
        self.phase = Phase::Turn;
    }

    fn start_combat(&mut self, call: Call, card: CardId) {
        let caller = match call {
            Call::Draw { drawer, .. } => drawer,
            Call::Shootout { caller } => caller,
        };
        self.phase = Phase::Combat(Box::new(Combat {
            call,
            card,
            step: Step::Respond,
            asked: self.clockwise_from(caller),
            next: 0,
            escaped: Vec::new(),
            fighters: Vec::new(),
            rolls: Vec::new(),
            groups: Vec::new(),
            group: 0,
            actor: 0,
            pending: Vec::new(),
            lit: Vec::new(),
            firing: None,
            law_shooter: caller,
            law_asked: Vec::new(),
            boom_targets: Vec::new(),
            boom: 0,
        }));
    }

    /// After the response window: the fighters, then the initiative dice.
    fn begin_fight(&mut self, mut c: Box<Combat>) {
        match c.call {
            Call::Draw { drawer, target } => {
                self.slingers[target].facing = Some(drawer);
                c.fighters = vec![drawer.min(target), drawer.max(target)];
            }
            Call::Shootout { .. } => {
                c.fighters = self
                    .living()
                    .into_iter()
                    .filter(|s| !c.escaped.contains(s))
                    .collect();
            }
        }
        if c.fighters.len() < 2 {
            return self.end_combat(c);
        }
        c.step = Step::Initiative;
        self.phase = Phase::Combat(c);
    }

    fn initiative_total(&self, seat: Seat, roll: u8) -> u8 {
        let bonus = if self.rules.weapon_modifiers {
            self.slingers[seat].weapon().map_or(0, Kind::initiative)
        } else {
            0
        };
        roll + bonus
    }

    /// Moves to the next fighter's decision, ending groups and the shooting as needed.
    fn next_actor(&mut self, mut c: Box<Combat>) {
        loop {
            if c.group >= c.groups.len() {
                return self.start_boom(c);
            }
            if c.actor < c.groups[c.group].len() {
                let seat = c.groups[c.group][c.actor];
                if self.slingers[seat].alive {
                    c.step = Step::Act(seat);
                    self.phase = Phase::Combat(c);
                    return;
                }
                c.actor += 1;
                continue;
            }
            // The group has shot: its wounds land together.
            self.apply_wounds(&mut c.pending);
            c.group += 1;
            c.actor = 0;
        }
    }

    fn apply_wounds(&mut self, pending: &mut Vec<Seat>) {
        let mut dead = Vec::new();
        for seat in pending.drain(..) {
            let s = &mut self.slingers[seat];
            if s.alive {
                s.wounds = (s.wounds + 1).min(DEADLY_WOUNDS);
                if s.wounds >= DEADLY_WOUNDS && !dead.contains(&seat) {
                    dead.push(seat);
                }
            }
        }
        for seat in dead {
            let s = &mut self.slingers[seat];
            s.alive = false;
            let mut cards: Vec<CardId> = s.hand.drain(..).collect();
            for g in s.guns.drain(..) {
                cards.push(g.card);
                cards.extend(g.ammo);
            }
            self.discard.extend(cards);
        }
    }

    fn start_boom(&mut self, mut c: Box<Combat>) {
        if c.boom < c.lit.len() {
            c.boom_targets = self
                .living()
                .into_iter()
                .filter(|s| !c.escaped.contains(s))
                .collect();
            c.next = 0;
            if !c.boom_targets.is_empty() {
                c.step = Step::Boom;
                self.phase = Phase::Combat(c);
                return;
            }
        }
        self.apply_wounds(&mut c.pending);
        self.end_combat(c)
    }

    fn end_combat(&mut self, c: Box<Combat>) {
        self.discard.push(c.card);
        let living = self.living();
        if living.len() <= 1 {
            self.winners = living;
            self.phase = Phase::Over;
            return;
        }
        if self.slingers[self.current].alive && self.refilling {
            self.refill();
        } else {
            self.end_turn();
        }
    }

    /// After a fighter's shots or TNT: Law o' the West, then the next fighter.
    fn after_acting(&mut self, mut c: Box<Combat>, shooter: Seat, lawless: bool) {
        c.firing = None;
        if lawless {
            let asked: Vec<Seat> = self
                .clockwise_from(shooter)
                .into_iter()
                .filter(|&s| s != shooter && self.slingers[s].facing != Some(shooter))
                .collect();
            if !asked.is_empty() {
                c.law_shooter = shooter;
                c.law_asked = asked;
                c.next = 0;
                c.step = Step::Law;
                self.phase = Phase::Combat(c);
                return;
            }
        }
        c.actor += 1;
        self.next_actor(c)
    }

    /// After a shot's die (and any cover): more shots, or done.
    fn continue_firing(&mut self, mut c: Box<Combat>) {
        let f = c.firing.expect("firing");
        if f.left > 0 && self.slingers[f.shooter].loaded() > 0 {
            c.step = Step::Fire;
            self.phase = Phase::Combat(c);
        } else {
            self.after_acting(c, f.shooter, f.lawless)
        }
    }

    fn continue_boom(&mut self, mut c: Box<Combat>) {
        c.next += 1;
        if c.next < c.boom_targets.len() {
            c.step = Step::Boom;
            self.phase = Phase::Combat(c);
        } else {
            c.boom += 1;
            self.start_boom(c)
        }
    }

    /// Unloads one round of `seat`'s gun(s) to the discards.
    fn spend_round(&mut self, seat: Seat) {
        let s = &mut self.slingers[seat];
        if let Some(g) = s.guns.iter_mut().find(|g| !g.ammo.is_empty())
            && let Some(r) = g.ammo.pop()
        {
            self.discard.push(r);
        }
    }

    /// Sizes and indices agree with the rules (a loaded save may be anything):
    /// after this, nothing indexes out of range.
    pub fn check_shape(&self) -> Result<(), String> {
        let r = &self.rules;
        let n = r.players;
        let total = r.cards.len();
        if !(2..=6).contains(&n) || self.slingers.len() != n || total > CardId::MAX as usize {
            return Err(format!(
                "{n} players, {} gunslingers on the table",
                self.slingers.len()
            ));
        }
        let mut seats = vec![self.current];
        seats.extend(self.marshall);
        seats.extend(&self.winners);
        let mut cards: Vec<CardId> = self.deck.iter().chain(&self.discard).copied().collect();
        for s in &self.slingers {
            seats.extend(s.facing);
            cards.extend(&s.hand);
            for g in &s.guns {
                cards.push(g.card);
                cards.extend(&g.ammo);
            }
            if s.gunslinger.is_some_and(|g| g >= r.gunslingers.len()) {
                return Err("a gunslinger card that is not in the box".into());
            }
        }
        match &self.phase {
            Phase::Choose { seat } | Phase::Face { seat } => seats.push(*seat),
            Phase::Marshall { contenders, rolls } => {
                seats.extend(contenders);
                if rolls.len() >= contenders.len() {
                    return Err("more Marshall rolls than contenders".into());
                }
            }
            Phase::CallDraw { card } => cards.push(*card),
            Phase::Combat(c) => {
                cards.push(c.card);
                match c.call {
                    Call::Draw { drawer, target } => seats.extend([drawer, target]),
                    Call::Shootout { caller } => seats.push(caller),
                }
                for list in [
                    &c.asked,
                    &c.escaped,
                    &c.fighters,
                    &c.pending,
                    &c.law_asked,
                    &c.boom_targets,
                ] {
                    seats.extend(list);
                }
                seats.extend(c.groups.iter().flatten());
                seats.extend(c.lit.iter().map(|l| l.0));
                seats.push(c.law_shooter);
                if let Some(f) = &c.firing {
                    seats.extend([f.shooter, f.target]);
                }
                let index_ok = match c.step {
                    Step::Respond => c.next < c.asked.len(),
                    Step::Initiative => c.rolls.len() < c.fighters.len(),
                    Step::Act(s) => {
                        seats.push(s);
                        true
                    }
                    Step::Fire => c.firing.is_some(),
                    Step::Cover { victim, .. } => {
                        seats.push(victim);
                        true
                    }
                    Step::Law => c.next < c.law_asked.len(),
                    Step::Boom => c.boom < c.lit.len() && c.next < c.boom_targets.len(),
                };
                if !index_ok || c.rolls.len() > c.fighters.len() {
                    return Err(format!("a fight that cannot go on at {:?}", c.step));
                }
            }
            Phase::Deal | Phase::Mix | Phase::Turn | Phase::Reshuffle | Phase::Over => {}
        }
        if seats.iter().any(|&s| s >= n) {
            return Err(format!("a seat beyond the {n} at the table"));
        }
        if let Some(c) = cards.iter().find(|&&c| c as usize >= total) {
            return Err(format!("card {c} is not in the deck of {total}"));
        }
        for s in &self.slingers {
            if s.guns
                .iter()
                .any(|g| r.cards[g.card as usize] != g.kind || !g.kind.is_gun())
            {
                return Err("a gun in play is not the card it says".into());
            }
        }
        Ok(())
    }

    /// Every card in exactly one place, hands at most five, wounds at most six.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_shape()?;
        let total = self.rules.cards.len();
        let mut seen = vec![0u8; total];
        let mut count = |c: &CardId| seen[*c as usize] += 1;
        self.deck.iter().for_each(&mut count);
        self.discard.iter().for_each(&mut count);
        for s in &self.slingers {
            s.hand.iter().for_each(&mut count);
            for g in &s.guns {
                count(&g.card);
                g.ammo.iter().for_each(&mut count);
            }
        }
        if let Phase::CallDraw { card } = &self.phase {
            count(card);
        }
        if let Some(c) = self.combat() {
            count(&c.card);
        }
        if self.phase == Phase::Mix {
            // DRAW! and SHOOTOUT! are set aside until they are shuffled back in.
            for c in self.events() {
                count(&c);
            }
        }
        let dealt = !matches!(
            self.phase,
            Phase::Choose { .. } | Phase::Marshall { .. } | Phase::Deal
        );
        if dealt && let Some(i) = seen.iter().position(|&k| k != 1) {
            return Err(format!(
                "card {i} ({:?}) is in {} places",
                self.rules.cards[i], seen[i]
            ));
        }
        for (seat, s) in self.slingers.iter().enumerate() {
            if s.hand.len() > HAND {
                return Err(format!("seat {seat} holds {} cards", s.hand.len()));
            }
            if s.wounds > DEADLY_WOUNDS || (s.wounds == DEADLY_WOUNDS) == s.alive {
                return Err(format!(
                    "seat {seat}: {} wounds, alive {}",
                    s.wounds, s.alive
                ));
            }
            if s.hand.iter().any(|&c| self.kind(c).is_event()) {
                return Err(format!("seat {seat} holds a DRAW!/SHOOTOUT!"));
            }
            let two = s.guns.len() == 2
                && self.rules.two_revolvers
                && s.guns.iter().all(|g| g.kind == Kind::Revolver);
            if s.guns.len() > 1 && !two {
                return Err(format!("seat {seat} has {} guns", s.guns.len()));
            }
            for g in &s.guns {
                if g.ammo.len() > g.kind.capacity()
                    || g.ammo.iter().any(|&a| Some(self.kind(a)) != g.kind.ammo())
                {
                    return Err(format!("seat {seat}'s {:?} holds {:?}", g.kind, g.ammo));
                }
            }
            if !s.alive && (!s.hand.is_empty() || !s.guns.is_empty()) {
                return Err(format!("dead seat {seat} still holds cards"));
            }
        }
        Ok(())
    }

    fn check(&self, action: &Action) -> Result<(), Illegal> {
        match self.turn() {
            Turn::Over => return refuse("the gunfight is over"),
            Turn::Chance => {
                let ok = match (&self.phase, action) {
                    (Phase::Marshall { .. }, Action::Die(d)) => (1..=6).contains(d),
                    (Phase::Combat(c), Action::Die(d)) => {
                        matches!(c.step, Step::Initiative | Step::Fire | Step::Boom)
                            && (1..=6).contains(d)
                    }
                    (Phase::Deal, Action::Shuffle(o)) => {
                        core::is_permutation(o, &self.non_events())
                    }
                    (Phase::Mix, Action::Shuffle(o)) => {
                        let mut pile = self.deck.clone();
                        pile.extend(self.events());
                        core::is_permutation(o, &pile)
                    }
                    (Phase::Reshuffle, Action::Shuffle(o)) => {
                        core::is_permutation(o, &self.discard)
                    }
                    _ => false,
                };
                return if ok {
                    Ok(())
                } else {
                    refuse(format!("{action:?} is not the chance event awaited"))
                };
            }
            Turn::Player(_) => {}
        }
        if self.legal_actions().contains(&self.canonical(action)) {
            return Ok(());
        }
        // Explain the refusal.
        let Turn::Player(seat) = self.turn() else {
            unreachable!()
        };
        let s = &self.slingers[seat];
        let in_hand = |c: &CardId| s.hand.contains(c);
        let reason = match (&self.phase, action) {
            (
                Phase::Turn,
                Action::Arm(c) | Action::Load(c) | Action::Discard(c) | Action::Reach(c, _),
            ) if !in_hand(c) => "that card is not in your hand".to_string(),
            (Phase::Turn, Action::Arm(c)) => format!("a {} is not a gun", self.kind(*c).title()),
            (Phase::Turn, Action::Load(c)) => format!(
                "no gun in play takes a {} (or it is fully loaded)",
                self.kind(*c).title()
            ),
            (Phase::Turn, Action::Track(t)) => {
                format!(
                    "cannot turn to face seat {t}: not another living gunslinger you are not facing"
                )
            }
            (Phase::Turn, Action::Pass) => {
                "a turn must arm, load, discard or track when it can".into()
            }
            (Phase::Combat(c), Action::Hold) if self.must_shoot(c, seat) => {
                "you must shoot: your gun is loaded and your target is facing you".into()
            }
            (Phase::Combat(c), Action::Shoot { shots, .. })
                if matches!(c.call, Call::Draw { .. }) && *shots > 1 =>
            {
                "one shot only in a DRAW!".into()
            }
            (Phase::Combat(_), Action::Tnt(_)) if self.count_in_hand(seat, Kind::Tnt) == 0 => {
                "no TNT in your hand".into()
            }
            (Phase::Combat(c), Action::Star(card)) => match c.step {
                Step::Cover { weapon, .. } if self.kind(*card) == Kind::Deputy => {
                    format!("a Deputy star does not stop a {}", weapon.title())
                }
                _ => "that star cannot cancel this hit".into(),
            },
            _ => format!("{action:?} is not a legal move now"),
        };
        refuse(reason)
    }

    /// The action with its card replaced by the first card of the same kind in
    /// the actor's hand (identical cards are one choice in `legal_actions`).
    fn canonical(&self, action: &Action) -> Action {
        let Turn::Player(seat) = self.turn() else {
            return action.clone();
        };
        let hand = &self.slingers[seat].hand;
        let first = |c: &CardId| {
            if hand.contains(c) {
                self.first_in_hand(seat, self.kind(*c)).unwrap_or(*c)
            } else {
                *c
            }
        };
        match action {
            Action::Arm(c) => Action::Arm(first(c)),
            Action::Load(c) => Action::Load(first(c)),
            Action::Discard(c) => Action::Discard(first(c)),
            Action::Reach(c, t) => Action::Reach(first(c), *t),
            Action::Cavalry(c) => Action::Cavalry(first(c)),
            Action::StageCoach(c) => Action::StageCoach(first(c)),
            Action::Star(c) => Action::Star(first(c)),
            a => a.clone(),
        }
    }

    fn non_events(&self) -> Vec<CardId> {
        (0..self.rules.cards.len() as CardId)
            .filter(|&c| !self.kind(c).is_event())
            .collect()
    }

    fn events(&self) -> Vec<CardId> {
        (0..self.rules.cards.len() as CardId)
            .filter(|&c| self.kind(c).is_event())
            .collect()
    }

    fn perform(&mut self, action: Action) {
        let phase = std::mem::replace(&mut self.phase, Phase::Over);
        match (phase, action) {
            (Phase::Choose { seat }, Action::Choose(g)) => {
                self.slingers[seat].gunslinger = Some(g);
                self.phase = if seat + 1 < self.n() {
                    Phase::Choose { seat: seat + 1 }
                } else {
                    Phase::Marshall {
                        contenders: (0..self.n()).collect(),
                        rolls: Vec::new(),
                    }
                };
            }
            (
                Phase::Marshall {
                    contenders,
                    mut rolls,
                },
                Action::Die(d),
            ) => {
                rolls.push(d);
                if rolls.len() < contenders.len() {
                    self.phase = Phase::Marshall { contenders, rolls };
                    return;
                }
                let top = *rolls.iter().max().expect("rolls");
                let best: Vec<Seat> = contenders
                    .iter()
                    .zip(&rolls)
                    .filter(|(_, r)| **r == top)
                    .map(|(s, _)| *s)
                    .collect();
                if best.len() > 1 {
                    self.phase = Phase::Marshall {
                        contenders: best,
                        rolls: Vec::new(),
                    };
                } else {
                    self.marshall = Some(best[0]);
                    self.current = best[0];
                    self.phase = Phase::Deal;
                }
            }
            (Phase::Deal, Action::Shuffle(order)) => {
                self.deck = order.into_iter().rev().collect();
                self.deal();
                self.phase = Phase::Mix;
            }
            (Phase::Mix, Action::Shuffle(order)) => {
                self.deck = order.into_iter().rev().collect();
                let first = self.marshall.expect("marshall");
                self.phase = Phase::Face { seat: first };
            }
            (Phase::Face { seat }, Action::Face(t)) => {
                self.slingers[seat].facing = Some(t);
                let next = (seat + 1) % self.n();
                self.phase = if self.slingers[next].facing.is_none() {
                    Phase::Face { seat: next }
                } else {
                    Phase::Turn
                };
            }
            (Phase::Reshuffle, Action::Shuffle(order)) => {
                self.discard.clear();
                self.deck = order.into_iter().rev().collect();
                self.phase = Phase::Turn;
                self.refill();
            }
            (Phase::Turn, a) => self.perform_turn(a),
            (Phase::CallDraw { card }, Action::CallOut(target)) => {
                self.start_combat(
                    Call::Draw {
                        drawer: self.current,
                        target,
                    },
                    card,
                );
            }
            (Phase::Combat(c), a) => self.perform_combat(c, a),
            (phase, action) => unreachable!("checked {action:?} in {phase:?}"),
        }
    }

    fn perform_turn(&mut self, action: Action) {
        let seat = self.current;
        match action {
            Action::Arm(card) => {
                self.take_from_hand(seat, card);
                let kind = self.kind(card);
                let s = &mut self.slingers[seat];
                let second_revolver = self.rules.two_revolvers
                    && kind == Kind::Revolver
                    && s.guns.len() == 1
                    && s.guns[0].kind == Kind::Revolver;
                if !second_revolver {
                    for g in s.guns.drain(..) {
                        self.discard.push(g.card);
                        self.discard.extend(g.ammo);
                    }
                }
                self.slingers[seat].guns.push(Gun {
                    card,
                    kind,
                    ammo: Vec::new(),
                });
                self.refill();
            }
            Action::Load(card) => {
                self.take_from_hand(seat, card);
                let g = self.gun_for(seat, self.kind(card)).expect("checked");
                self.slingers[seat].guns[g].ammo.push(card);
                self.refill();
            }
            Action::Discard(card) => {
                self.take_from_hand(seat, card);
                self.discard.push(card);
                self.refill();
            }
            Action::Reach(card, target) => {
                self.take_from_hand(seat, card);
                self.discard.push(card);
                for g in &mut self.slingers[target].guns {
                    self.discard.append(&mut g.ammo);
                }
                self.refill();
            }
            Action::Track(t) => {
                self.slingers[seat].facing = Some(t);
                self.end_turn();
            }
            Action::Pass => self.refill(),
            a => unreachable!("checked {a:?}"),
        }
    }

    fn perform_combat(&mut self, mut c: Box<Combat>, action: Action) {
        match (c.step, action) {
            (Step::Respond, Action::Cavalry(card)) => {
                let seat = c.asked[c.next];
                self.take_from_hand(seat, card);
                self.discard.push(card);
                self.end_combat(c)
            }
            (Step::Respond, Action::StageCoach(card)) => {
                let seat = c.asked[c.next];
                self.take_from_hand(seat, card);
                self.discard.push(card);
                if matches!(c.call, Call::Draw { .. }) {
                    return self.end_combat(c);
                }
                c.escaped.push(seat);
                self.next_response(c)
            }
            (Step::Respond, Action::LetItRide) => self.next_response(c),
            (Step::Initiative, Action::Die(d)) => {
                c.rolls.push(d);
                if c.rolls.len() < c.fighters.len() {
                    self.phase = Phase::Combat(c);
                    return;
                }
                let mut totals: Vec<(u8, Seat)> = c
                    .fighters
                    .iter()
                    .zip(&c.rolls)
                    .map(|(&s, &r)| (self.initiative_total(s, r), s))
                    .collect();
                totals.sort();
                c.groups.clear();
                let mut last = None;
                for (t, s) in totals {
                    if last == Some(t) {
                        c.groups.last_mut().expect("group").push(s);
                    } else {
                        c.groups.push(vec![s]);
                    }
                    last = Some(t);
                }
                self.next_actor(c)
            }
            (Step::Act(_), Action::Hold) => {
                c.actor += 1;
                self.next_actor(c)
            }
            (
                Step::Act(seat),
                Action::Shoot {
                    shots,
                    both_barrels,
                },
            ) => {
                let target = self.target_of(&c, seat).expect("checked");
                let lawless =
                    self.slingers[target].facing != Some(seat) || !self.slingers[target].armed();
                c.firing = Some(Firing {
                    shooter: seat,
                    target,
                    weapon: self.slingers[seat].weapon().expect("armed"),
                    left: shots,
                    both_barrels,
                    lawless,
                });
                c.step = Step::Fire;
                self.phase = Phase::Combat(c);
            }
            (Step::Act(seat), Action::Tnt(sticks)) => {
                for _ in 0..sticks {
                    let card = self.first_in_hand(seat, Kind::Tnt).expect("checked");
                    self.take_from_hand(seat, card);
                    self.discard.push(card);
                }
                c.lit.push((seat, sticks));
                self.after_acting(c, seat, true)
            }
            (Step::Fire, Action::Die(d)) => {
                let mut f = c.firing.expect("firing");
                self.spend_round(f.shooter);
                if f.both_barrels {
                    self.spend_round(f.shooter);
                }
                f.left -= 1;
                c.firing = Some(f);
                if d >= to_hit(f.weapon, f.both_barrels) {
                    c.step = Step::Cover {
                        victim: f.target,
                        weapon: f.weapon,
                    };
                    self.phase = Phase::Combat(c);
                } else {
                    self.continue_firing(c)
                }
            }
            (Step::Cover { victim, .. }, a) => {
                match a {
                    Action::Star(card) => {
                        self.take_from_hand(victim, card);
                        self.discard.push(card);
                    }
                    _ => c.pending.push(victim),
                }
                if c.firing.is_some() {
                    self.continue_firing(c)
                } else {
                    self.continue_boom(c)
                }
            }
            (Step::Law, a) => {
                let seat = c.law_asked[c.next];
                if a == Action::TurnToFace {
                    self.slingers[seat].facing = Some(c.law_shooter);
                }
                c.next += 1;
                if c.next < c.law_asked.len() {
                    self.phase = Phase::Combat(c);
                } else {
                    c.actor += 1;
                    self.next_actor(c)
                }
            }
            (Step::Boom, Action::Die(d)) => {
                let (_, sticks) = c.lit[c.boom];
                let victim = c.boom_targets[c.next];
                if d >= tnt_to_hit(sticks) && self.slingers[victim].alive {
                    c.step = Step::Cover {
                        victim,
                        weapon: Kind::Tnt,
                    };
                    self.phase = Phase::Combat(c);
                } else {
                    self.continue_boom(c)
                }
            }
            (step, a) => unreachable!("checked {a:?} at {step:?}"),
        }
    }

    fn next_response(&mut self, mut c: Box<Combat>) {
        c.next += 1;
        if c.next < c.asked.len() {
            self.phase = Phase::Combat(c);
        } else {
            c.next = 0;
            self.begin_fight(c)
        }
    }

    /// Who must decide at a combat step.
    fn combat_seat(c: &Combat) -> Option<Seat> {
        match c.step {
            Step::Respond => Some(c.asked[c.next]),
            Step::Act(s) => Some(s),
            Step::Cover { victim, .. } => Some(victim),
            Step::Law => Some(c.law_asked[c.next]),
            Step::Initiative | Step::Fire | Step::Boom => None,
        }
    }

    pub fn name(&self, seat: Seat) -> String {
        match self.slingers[seat].gunslinger {
            Some(g) => {
                let g = &self.rules.gunslingers[g];
                format!("{} \"{}\" (seat {seat})", g.name, g.nickname)
            }
            None => format!("seat {seat}"),
        }
    }

    /// Builds the state a seat sees (other hands and the deck emptied).
    fn scrubbed(&self, seat: Seat) -> Tabletown {
        let mut t = self.clone();
        t.deck.clear();
        for (s, sl) in t.slingers.iter_mut().enumerate() {
            if s != seat {
                sl.hand.clear();
            }
        }
        t
    }

    /// A full state consistent with `view`: the unseen cards dealt at random to
    /// the other hands and the deck (for bots that sample what they cannot see).
    pub fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Tabletown {
        let mut t = view.public.clone();
        let mut place = vec![false; t.rules.cards.len()];
        let mut mark = |c: &CardId| place[*c as usize] = true;
        t.discard.iter().for_each(&mut mark);
        view.hand.iter().for_each(&mut mark);
        for s in &t.slingers {
            for g in &s.guns {
                mark(&g.card);
                g.ammo.iter().for_each(&mut mark);
            }
        }
        if let Phase::CallDraw { card } = &t.phase {
            mark(card);
        }
        if let Phase::Combat(c) = &t.phase {
            mark(&c.card);
        }
        let mut unseen: Vec<CardId> = (0..place.len() as CardId)
            .filter(|&c| !place[c as usize])
            .collect();
        // Hands never hold DRAW!/SHOOTOUT!: deal those to the deck only.
        let (events, mut others): (Vec<CardId>, Vec<CardId>) =
            unseen.drain(..).partition(|&c| t.kind(c).is_event());
        others = core::shuffled(&others, rng);
        for (s, &size) in view.hand_sizes.iter().enumerate() {
            if s != view.seat {
                let take = size.min(others.len());
                t.slingers[s].hand = others.split_off(others.len() - take);
            }
        }
        others.extend(events);
        t.deck = core::shuffled(&others, rng);
        t
    }
}

impl Game for Tabletown {
    type Action = Action;
    type Observation = View;

    fn players(&self) -> usize {
        self.rules.players
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Choose { seat } | Phase::Face { seat } => Turn::Player(*seat),
            Phase::Marshall { .. } | Phase::Deal | Phase::Mix | Phase::Reshuffle => Turn::Chance,
            Phase::Turn | Phase::CallDraw { .. } => Turn::Player(self.current),
            Phase::Combat(c) => match Self::combat_seat(c) {
                Some(s) => Turn::Player(s),
                None => Turn::Chance,
            },
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Turn::Player(seat) = self.turn() else {
            return Vec::new();
        };
        let s = &self.slingers[seat];
        let mut v = Vec::new();
        match &self.phase {
            Phase::Choose { .. } => {
                for g in 0..self.rules.gunslingers.len() {
                    if !self.slingers.iter().any(|o| o.gunslinger == Some(g)) {
                        v.push(Action::Choose(g));
                    }
                }
            }
            Phase::Face { .. } => {
                let assigned: Vec<Option<Seat>> = self.slingers.iter().map(|o| o.facing).collect();
                for t in 0..self.n() {
                    if t != seat && !assigned.contains(&Some(t)) {
                        let mut a = assigned.clone();
                        a[seat] = Some(t);
                        if self.facing_completes(&a) {
                            v.push(Action::Face(t));
                        }
                    }
                }
            }
            Phase::Turn => {
                let mut kinds_seen: Vec<Kind> = Vec::with_capacity(HAND);
                for &card in &s.hand {
                    let k = self.kind(card);
                    // Identical cards are one choice.
                    if kinds_seen.contains(&k) {
                        continue;
                    }
                    kinds_seen.push(k);
                    if k.is_gun() {
                        v.push(Action::Arm(card));
                    }
                    if matches!(k, Kind::Bullet | Kind::Shell) && self.gun_for(seat, k).is_some() {
                        v.push(Action::Load(card));
                    }
                    if k == Kind::ReachForTheSky {
                        for t in self.living() {
                            if t != seat {
                                v.push(Action::Reach(card, t));
                            }
                        }
                    }
                    v.push(Action::Discard(card));
                }
                for t in self.living() {
                    if t != seat && s.facing != Some(t) {
                        v.push(Action::Track(t));
                    }
                }
                if v.is_empty() {
                    v.push(Action::Pass);
                }
            }
            Phase::CallDraw { .. } => {
                for t in self.living() {
                    if t != seat {
                        v.push(Action::CallOut(t));
                    }
                }
            }
            Phase::Combat(c) => match c.step {
                Step::Respond => {
                    if let Some(card) = self.first_in_hand(seat, Kind::Cavalry) {
                        v.push(Action::Cavalry(card));
                    }
                    let involved = match c.call {
                        Call::Draw { drawer, target } => seat == drawer || seat == target,
                        Call::Shootout { .. } => true,
                    };
                    if involved && let Some(card) = self.first_in_hand(seat, Kind::StageCoach) {
                        v.push(Action::StageCoach(card));
                    }
                    v.push(Action::LetItRide);
                }
                Step::Act(_) => {
                    for (shots, both_barrels) in self.shot_options(c, seat) {
                        v.push(Action::Shoot {
                            shots,
                            both_barrels,
                        });
                    }
                    let tnt = self.count_in_hand(seat, Kind::Tnt).min(3) as u8;
                    for k in 1..=tnt {
                        v.push(Action::Tnt(k));
                    }
                    if !self.must_shoot(c, seat) {
                        v.push(Action::Hold);
                    }
                }
                Step::Cover { weapon, .. } => {
                    if let Some(card) = self.first_in_hand(seat, Kind::Sheriff) {
                        v.push(Action::Star(card));
                    }
                    if matches!(weapon, Kind::Revolver | Kind::Rifle)
                        && let Some(card) = self.first_in_hand(seat, Kind::Deputy)
                    {
                        v.push(Action::Star(card));
                    }
                    v.push(Action::TakeHit);
                }
                Step::Law => {
                    v.push(Action::TurnToFace);
                    v.push(Action::Stay);
                }
                _ => {}
            },
            _ => {}
        }
        v
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        match &self.phase {
            Phase::Deal => Action::Shuffle(core::shuffled(&self.non_events(), rng)),
            Phase::Mix => {
                let mut pile = self.deck.clone();
                pile.extend(self.events());
                Action::Shuffle(core::shuffled(&pile, rng))
            }
            Phase::Reshuffle => Action::Shuffle(core::shuffled(&self.discard, rng)),
            _ => Action::Die(rng.random_range(1..=6)),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        self.check(&action)?;
        self.perform(action);
        Ok(())
    }

    fn observation(&self, seat: Seat) -> View {
        View {
            seat,
            hand: self.slingers[seat].hand.clone(),
            hand_sizes: self.slingers.iter().map(|s| s.hand.len()).collect(),
            deck_size: self.deck.len(),
            public: self.scrubbed(seat),
        }
    }

    fn winners(&self) -> Vec<Seat> {
        if self.phase == Phase::Over {
            self.winners.clone()
        } else {
            Vec::new()
        }
    }

    /// Every Tabletown action is public (cards drawn are not actions).
    fn describe(&self, action: &Action, _viewer: Option<Seat>) -> String {
        let who = match self.turn() {
            Turn::Player(s) => self.name(s),
            _ => String::new(),
        };
        let card = |c: &CardId| self.kind(*c).title();
        match action {
            Action::Die(d) => match &self.phase {
                Phase::Marshall { contenders, rolls } => {
                    format!(
                        "{} rolls {d} for Marshall",
                        self.name(contenders[rolls.len()])
                    )
                }
                Phase::Combat(c) => match c.step {
                    Step::Initiative => format!(
                        "{} rolls {d} for initiative",
                        self.name(c.fighters[c.rolls.len()])
                    ),
                    Step::Fire => {
                        let f = c.firing.expect("firing");
                        let hit = *d >= to_hit(f.weapon, f.both_barrels);
                        format!(
                            "{} fires the {} at {}: {d}, {}",
                            self.name(f.shooter),
                            f.weapon.title(),
                            self.name(f.target),
                            if hit { "a hit" } else { "a miss" }
                        )
                    }
                    Step::Boom => {
                        let (thrower, sticks) = c.lit[c.boom];
                        let victim = c.boom_targets[c.next];
                        let hit = *d >= tnt_to_hit(sticks);
                        format!(
                            "BOOM! {}'s TNT ({sticks}) rolls {d} for {}: {}",
                            self.name(thrower),
                            self.name(victim),
                            if hit { "a hit" } else { "a miss" }
                        )
                    }
                    _ => format!("a die: {d}"),
                },
                _ => format!("a die: {d}"),
            },
            Action::Shuffle(_) => match self.phase {
                Phase::Deal => {
                    "the deck (without DRAW!/SHOOTOUT!) is shuffled; five cards each".into()
                }
                Phase::Mix => "DRAW! and SHOOTOUT! are shuffled back in".into(),
                _ => "the discards are shuffled into a new deck".into(),
            },
            Action::Choose(g) => {
                let g = &self.rules.gunslingers[*g];
                let blurb = if g.blurb.is_empty() {
                    String::new()
                } else {
                    format!(": {}", g.blurb)
                };
                format!("{who} is {} \"{}\"{blurb}", g.name, g.nickname)
            }
            Action::Face(t) => format!("{who} faces {}", self.name(*t)),
            Action::Arm(c) => format!("{who} arms a {}", card(c)),
            Action::Load(c) => format!("{who} loads a {}", card(c)),
            // Discards are face up: everyone sees them.
            Action::Discard(c) => format!("{who} discards a {}", card(c)),
            Action::Track(t) => format!("{who} turns to face {}", self.name(*t)),
            Action::Reach(_, t) => format!(
                "{who}: \"Reach for the sky!\" {} empties their guns",
                self.name(*t)
            ),
            Action::Pass => format!("{who} passes"),
            Action::CallOut(t) => format!("{who} draws DRAW!: \"Draw!\" at {}", self.name(*t)),
            Action::Cavalry(_) => format!("{who}: the US Cavalry arrives! The fight is off"),
            Action::StageCoach(_) => format!("{who} takes the last stage coach out of town"),
            Action::LetItRide => format!("{who} lets it ride"),
            Action::Shoot {
                shots,
                both_barrels: true,
            } => {
                format!("{who} fires both barrels ({shots} shot)")
            }
            Action::Shoot { shots, .. } => format!("{who} fires {shots} shot(s)"),
            Action::Tnt(k) => format!("{who} lights {k} stick(s) of TNT"),
            Action::Hold => format!("{who} holds fire"),
            Action::Star(c) => format!("{who}'s {} cancels the hit", card(c)),
            Action::TakeHit => format!("{who} takes a wound"),
            Action::TurnToFace => format!("{who} turns to face the lawbreaker"),
            Action::Stay => format!("{who} stays put"),
        }
    }
}
