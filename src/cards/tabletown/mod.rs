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

use crate::cards::core::{self, Game, Illegal, Seat, Turn, shared};

pub mod bots;
mod checks;
mod combat;
mod entry;
mod kinds;
mod legality;
mod setup;
mod turn;
mod view;

#[cfg(test)]
mod tests;

pub use kinds::{Kind, tnt_to_hit, to_hit};
pub use setup::*;

pub type CardId = u8;

/// Cards in hand at most.
pub const HAND: usize = 5;
/// The sixth wound kills.
pub const DEADLY_WOUNDS: u8 = 6;

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
    /// Identical cards in a hand are one choice: the first of the kind.
    fn listed_as(&self, action: &Action) -> Action {
        self.canonical(action)
    }

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
