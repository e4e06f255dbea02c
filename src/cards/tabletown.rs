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

use std::path::Path;
use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::core::{self, Game, Illegal, Seat, Turn, refuse, shared};
use crate::scenario::Problems;

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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    pub card: Kind,
    pub count: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gunslinger {
    pub name: String,
    pub nickname: String,
    /// One line of character, for the card's face.
    #[serde(default)]
    pub blurb: String,
}

fn four() -> usize {
    4
}
fn turn_limit() -> u32 {
    400
}

/// A Tabletown setup file (`assets/cards/tabletown.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TabletownSetup {
    #[serde(default = "four")]
    pub players: usize,
    /// Advanced rule: two revolvers in play at once.
    #[serde(default)]
    pub two_revolvers: bool,
    /// Advanced rule: rifle +2, shotgun +1 to the initiative die (off in the basic game).
    #[serde(default)]
    pub weapon_modifiers: bool,
    /// House rule for computer play: at sundown after this many turns the
    /// gunslingers with the fewest wounds win.
    #[serde(default = "turn_limit")]
    pub turn_limit: u32,
    /// The 99 action and weapon cards.
    pub deck: Vec<DeckEntry>,
    /// The 18 gunslinger cards.
    pub gunslingers: Vec<Gunslinger>,
    /// Who sits where at the window's table (`You` or `Bot(Hard)`, ...), seat 0
    /// first; missing seats are normal bots. Not a rule: the game ignores it.
    #[serde(default)]
    pub seats: Vec<super::registry::SeatKind>,
    /// Seeds the deal, the dice and the bots in the window.
    #[serde(default = "super::registry::default_seed")]
    pub seed: u64,
}

/// A validated setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub players: usize,
    pub two_revolvers: bool,
    pub weapon_modifiers: bool,
    pub turn_limit: u32,
    /// Every card's kind, by id (TNT left out with two players).
    pub cards: Vec<Kind>,
    pub gunslingers: Vec<Gunslinger>,
}

/// The box: 99 action and weapon cards.
pub const DECK_SIZE: usize = 99;

impl Rules {
    /// Reads and checks a setup file; `players` overrides the file's count.
    pub fn load(path: &Path, players: Option<usize>) -> Result<Rules, Problems> {
        let (setup, text) =
            super::read_setup(path, players, |s: &mut TabletownSetup| &mut s.players)?;
        Rules::from_setup(&setup, path, &text)
    }

    pub fn from_setup(setup: &TabletownSetup, file: &Path, text: &str) -> Result<Rules, Problems> {
        let mut problems = Vec::new();
        let at = |key: &str, msg: String| super::at_key(file, text, key, msg);
        problems.extend(super::registry::check_seats(&setup.seats, file, text));
        if !(2..=6).contains(&setup.players) {
            problems.push(at(
                "players",
                format!("{} players: Tabletown is for 2 to 6", setup.players),
            ));
        }
        if setup.turn_limit == 0 {
            problems.push(at("turn_limit", "turn_limit must be at least 1".into()));
        }
        let total: usize = setup.deck.iter().map(|e| e.count).sum();
        if total != DECK_SIZE {
            problems.push(at(
                "deck",
                format!("the deck has {total} cards; the box holds {DECK_SIZE}"),
            ));
        }
        let kinds: Vec<String> = setup.deck.iter().map(|e| format!("{:?}", e.card)).collect();
        problems.extend(super::listed_twice(file, text, &kinds, " in the deck"));
        for k in [Kind::Draw, Kind::Shootout, Kind::Bullet] {
            if !setup.deck.iter().any(|e| e.card == k && e.count > 0) {
                problems.push(at(
                    "deck",
                    format!("the deck needs at least one {}", k.title()),
                ));
            }
        }
        if !setup.deck.iter().any(|e| e.card.is_gun() && e.count > 0) {
            problems.push(at("deck", "the deck needs at least one gun".into()));
        }
        if setup.gunslingers.len() < setup.players {
            problems.push(at(
                "gunslingers",
                format!(
                    "{} gunslingers for {} players",
                    setup.gunslingers.len(),
                    setup.players
                ),
            ));
        }
        let names: Vec<String> = setup
            .gunslingers
            .iter()
            .map(|g| format!("\"{}\"", g.name))
            .collect();
        problems.extend(super::listed_twice(file, text, &names, ""));
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        let mut cards = Vec::new();
        for e in &setup.deck {
            // With two players the TNT cards are removed.
            if e.card == Kind::Tnt && setup.players == 2 {
                continue;
            }
            cards.extend(std::iter::repeat_n(e.card, e.count));
        }
        Ok(Rules {
            players: setup.players,
            two_revolvers: setup.two_revolvers,
            weapon_modifiers: setup.weapon_modifiers,
            turn_limit: setup.turn_limit,
            cards,
            gunslingers: setup.gunslingers.clone(),
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A single shot (one round, or one shell).
    const ONE_SHOT: Action = Action::Shoot {
        shots: 1,
        both_barrels: false,
    };

    fn setup() -> TabletownSetup {
        let path = crate::scenario::data_root().join("assets/cards/tabletown.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        crate::scenario::parse_ron(&path, &text).unwrap()
    }

    fn rules(players: usize, edit: impl FnOnce(&mut TabletownSetup)) -> Rules {
        let mut s = setup();
        s.players = players;
        edit(&mut s);
        Rules::from_setup(&s, Path::new("t.ron"), "").unwrap()
    }

    fn card_of(g: &Tabletown, kind: Kind, nth: usize) -> CardId {
        (0..g.rules.cards.len() as CardId)
            .filter(|&c| g.kind(c) == kind)
            .nth(nth)
            .unwrap_or_else(|| panic!("no {kind:?} #{nth}"))
    }

    /// A table past setup: facing in a ring (seat i faces i+1), empty hands.
    fn table(players: usize, edit: impl FnOnce(&mut TabletownSetup)) -> Tabletown {
        let mut g = Tabletown::new(rules(players, edit));
        for s in 0..players {
            g.slingers[s].gunslinger = Some(s);
            g.slingers[s].facing = Some((s + 1) % players);
        }
        g.marshall = Some(0);
        // Top of the deck (last) is the highest id: no DRAW!/SHOOTOUT! for a long while.
        g.deck = (0..g.rules.cards.len() as CardId).collect();
        g.phase = Phase::Turn;
        g
    }

    /// Moves `card` from wherever it is into `seat`'s hand.
    fn give(g: &mut Tabletown, seat: Seat, card: CardId) {
        g.deck.retain(|&c| c != card);
        g.slingers[seat].hand.push(card);
    }

    fn arm(g: &mut Tabletown, seat: Seat, gun: Kind, nth: usize, rounds: usize) {
        let card = card_of(g, gun, nth);
        g.deck.retain(|&c| c != card);
        let ammo_kind = gun.ammo().unwrap();
        let ammo: Vec<CardId> = g
            .deck
            .iter()
            .copied()
            .filter(|&c| g.kind(c) == ammo_kind)
            .take(rounds)
            .collect();
        g.deck.retain(|c| !ammo.contains(c));
        g.slingers[seat].guns = vec![Gun {
            card,
            kind: gun,
            ammo,
        }];
    }

    /// Puts `kinds` on top of the deck, the first drawn first.
    fn stack(g: &mut Tabletown, kinds: &[Kind]) {
        let mut used = Vec::new();
        for k in kinds.iter().rev() {
            let c = g
                .deck
                .iter()
                .copied()
                .find(|c| g.kind(*c) == *k && !used.contains(c))
                .unwrap();
            used.push(c);
            g.deck.retain(|&x| x != c);
            g.deck.push(c);
        }
    }

    fn ok(g: &mut Tabletown, a: Action) {
        if let Err(e) = g.apply(a.clone()) {
            panic!("{a:?} refused: {e} in {:?}", g.phase);
        }
        g.check_invariants().unwrap();
    }

    fn step(g: &Tabletown) -> Step {
        match &g.phase {
            Phase::Combat(c) => c.step,
            p => panic!("no combat: {p:?}"),
        }
    }

    #[test]
    fn the_shipped_deck_is_99_cards_and_18_gunslingers() {
        let r = rules(4, |_| {});
        assert_eq!(r.cards.len(), DECK_SIZE);
        assert_eq!(r.gunslingers.len(), 18);
        let two = rules(2, |_| {});
        assert!(
            two.cards.iter().all(|&k| k != Kind::Tnt),
            "TNT is removed with two players"
        );
        assert!(two.cards.len() < DECK_SIZE);
    }

    #[test]
    fn setup_rolls_for_marshall_deals_five_without_events_and_faces_no_one_twice() {
        let mut g = Tabletown::new(rules(4, |_| {}));
        for s in 0..4 {
            assert_eq!(g.turn(), Turn::Player(s));
            ok(&mut g, Action::Choose(s + 2));
        }
        // Ties for the highest roll roll again.
        for d in [6, 2, 6, 1] {
            ok(&mut g, Action::Die(d));
        }
        assert!(
            matches!(&g.phase, Phase::Marshall { contenders, .. } if contenders == &vec![0, 2])
        );
        ok(&mut g, Action::Die(3));
        ok(&mut g, Action::Die(5));
        assert_eq!(g.marshall, Some(2));
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let deal = g.sample_chance(&mut rng);
        ok(&mut g, deal);
        for s in &g.slingers {
            assert_eq!(s.hand.len(), 5);
            assert!(s.hand.iter().all(|&c| !g.kind(c).is_event()));
        }
        let mix = g.sample_chance(&mut rng);
        ok(&mut g, mix);
        assert_eq!(g.turn(), Turn::Player(2), "the Marshall places first");
        // Seats 2, 3, 0 choose so that seat 1 would be left facing itself: refused.
        ok(&mut g, Action::Face(3));
        ok(&mut g, Action::Face(0));
        assert!(
            !g.legal_actions().contains(&Action::Face(2)),
            "seat 0 -> 2 would leave seat 1 only itself"
        );
        assert!(g.apply(Action::Face(3)).is_err(), "seat 3 is already faced");
        ok(&mut g, Action::Face(1));
        ok(&mut g, Action::Face(2));
        let mut faced: Vec<Seat> = g.slingers.iter().map(|s| s.facing.unwrap()).collect();
        faced.sort();
        assert_eq!(faced, vec![0, 1, 2, 3]);
        assert_eq!(
            (g.phase.clone(), g.current),
            (Phase::Turn, 2),
            "the Marshall plays first"
        );
    }

    #[test]
    fn arm_load_discard_track_and_drawing_back_to_five() {
        let mut g = table(3, |_| {});
        let rev = card_of(&g, Kind::Revolver, 0);
        let bullet = card_of(&g, Kind::Bullet, 0);
        let shell = card_of(&g, Kind::Shell, 0);
        for c in [rev, bullet, shell] {
            give(&mut g, 0, c);
        }
        stack(&mut g, &[Kind::Bullet, Kind::Bullet, Kind::Bullet]);
        assert!(g.apply(Action::Load(bullet)).is_err(), "no gun to load yet");
        ok(&mut g, Action::Arm(rev));
        assert_eq!(g.slingers[0].hand.len(), 5, "drew back to five");
        assert_eq!(g.current, 1);
        g.current = 0;
        ok(&mut g, Action::Load(bullet));
        assert_eq!(g.slingers[0].loaded(), 1);
        g.current = 0;
        let e = g.apply(Action::Load(shell)).unwrap_err();
        assert!(e.0.contains("Shell"), "{e}");
        // Track: face another gunslinger than the one faced; no draw.
        assert!(g.apply(Action::Track(1)).is_err(), "already facing seat 1");
        ok(&mut g, Action::Track(2));
        assert_eq!(g.slingers[0].facing, Some(2));
    }

    #[test]
    fn a_new_gun_discards_the_old_one_with_its_ammo_but_two_revolvers_may_be_kept() {
        let mut g = table(3, |s| s.two_revolvers = true);
        arm(&mut g, 0, Kind::Revolver, 0, 3);
        let second = card_of(&g, Kind::Revolver, 1);
        give(&mut g, 0, second);
        ok(&mut g, Action::Arm(second));
        assert_eq!(g.slingers[0].guns.len(), 2, "advanced rule: two revolvers");
        assert_eq!(g.slingers[0].loaded(), 3);
        g.current = 0;
        let rifle = card_of(&g, Kind::Rifle, 0);
        let room = g.slingers[0].hand.pop().unwrap();
        g.discard.push(room);
        give(&mut g, 0, rifle);
        ok(&mut g, Action::Arm(rifle));
        assert_eq!(g.slingers[0].weapon(), Some(Kind::Rifle));
        assert_eq!(
            g.slingers[0].guns.len(),
            1,
            "a rifle discards both revolvers"
        );
        assert_eq!(g.slingers[0].loaded(), 0, "and their ammo");
        assert_eq!(g.discard.len(), 1 + 2 + 3);
    }

    /// Seat `caller` discards on its turn and draws a SHOOTOUT! (the response window opens).
    fn call_shootout(g: &mut Tabletown, caller: Seat) {
        g.current = caller;
        let junk = card_of(g, Kind::ReachForTheSky, 0);
        give(g, caller, junk);
        stack(g, &[Kind::Shootout]);
        ok(g, Action::Discard(junk));
        assert_eq!(step(g), Step::Respond);
    }

    /// Drives a DRAW!: seat `drawer` draws it (top of the deck) and calls `target`.
    fn call_draw(g: &mut Tabletown, drawer: Seat, target: Seat) {
        g.current = drawer;
        let junk = card_of(g, Kind::ReachForTheSky, 0);
        give(g, drawer, junk);
        stack(g, &[Kind::Draw]);
        ok(g, Action::Discard(junk));
        assert!(matches!(g.phase, Phase::CallDraw { .. }), "{:?}", g.phase);
        ok(g, Action::CallOut(target));
        while step(g) == Step::Respond {
            ok(g, Action::LetItRide);
        }
    }

    #[test]
    fn a_draw_is_one_shot_each_and_the_target_turns_to_face_the_drawer() {
        let mut g = table(3, |_| {});
        arm(&mut g, 0, Kind::Revolver, 0, 6);
        arm(&mut g, 2, Kind::Revolver, 1, 6);
        g.slingers[2].facing = Some(1);
        call_draw(&mut g, 0, 2);
        assert_eq!(
            g.slingers[2].facing,
            Some(0),
            "the target turns to face the drawer"
        );
        ok(&mut g, Action::Die(2)); // seat 0
        ok(&mut g, Action::Die(4)); // seat 2
        assert_eq!(step(&g), Step::Act(0), "lowest roll first");
        assert_eq!(g.legal_actions(), vec![ONE_SHOT]);
        let e = g
            .apply(Action::Shoot {
                shots: 2,
                both_barrels: false,
            })
            .unwrap_err();
        assert!(e.0.contains("one shot only"), "{e}");
        let e = g.apply(Action::Hold).unwrap_err();
        assert!(e.0.contains("must shoot"), "{e}");
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(5)); // a revolver hits on 5
        assert_eq!(
            step(&g),
            Step::Cover {
                victim: 2,
                weapon: Kind::Revolver
            }
        );
        ok(&mut g, Action::TakeHit);
        // Seat 0 has shot: seat 2 is next (its wound landed: different initiative).
        assert_eq!(g.slingers[2].wounds, 1);
        assert_eq!(step(&g), Step::Act(2));
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(4)); // a miss
        // Seat 0 faces seat 1, not seat 2: a shot in the back, and the Law lets
        // seat 0 (the only one not facing seat 2) turn on the shooter.
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!((c.step, c.law_asked.clone()), (Step::Law, vec![0]));
        ok(&mut g, Action::Stay);
        assert_eq!(g.slingers[0].wounds, 0);
        assert_eq!(g.slingers[0].loaded(), 5);
        assert_eq!(g.slingers[2].loaded(), 5);
        assert!(!matches!(g.phase, Phase::Combat(_)), "the DRAW! is over");
    }

    #[test]
    fn initiative_ties_shoot_simultaneously_and_can_kill_each_other() {
        let mut g = table(2, |_| {});
        arm(&mut g, 0, Kind::Revolver, 0, 6);
        arm(&mut g, 1, Kind::Revolver, 1, 6);
        g.slingers[0].wounds = 5;
        g.slingers[1].wounds = 5;
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(3));
        ok(&mut g, Action::Die(3));
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!(c.groups, vec![vec![0, 1]]);
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(6));
        ok(&mut g, Action::TakeHit);
        assert!(
            g.slingers[1].alive,
            "the wound waits for the end of the tie"
        );
        assert_eq!(step(&g), Step::Act(1), "the man hit still shoots");
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(5));
        ok(&mut g, Action::TakeHit);
        assert!(!g.slingers[0].alive && !g.slingers[1].alive);
        assert_eq!(g.phase, Phase::Over);
        assert!(g.winners().is_empty(), "both dead: nobody wins");
    }

    #[test]
    fn rifles_and_shotguns_add_to_the_initiative_roll() {
        // Advanced rule: weapon modifiers.
        let mut g = table(2, |s| s.weapon_modifiers = true);
        arm(&mut g, 0, Kind::Rifle, 0, 4);
        arm(&mut g, 1, Kind::Revolver, 0, 6);
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(2)); // rifle: 4
        ok(&mut g, Action::Die(3)); // revolver: 3
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!(c.groups, vec![vec![1], vec![0]]);
        // The basic game: the same dice, the rifle shoots first.
        let mut g = table(2, |_| {});
        arm(&mut g, 0, Kind::Rifle, 0, 4);
        arm(&mut g, 1, Kind::Revolver, 0, 6);
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(2));
        ok(&mut g, Action::Die(3));
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!(c.groups, vec![vec![0], vec![1]]);
        assert_eq!(Kind::Shotgun.initiative(), 1);
        assert_eq!(to_hit(Kind::Rifle, false), 4);
        assert_eq!(to_hit(Kind::Shotgun, false), 3);
        assert_eq!(to_hit(Kind::Shotgun, true), 2);
        assert_eq!(to_hit(Kind::Revolver, false), 5);
    }

    #[test]
    fn a_shotgun_may_fire_both_shells_as_one_shot() {
        let mut g = table(2, |_| {});
        arm(&mut g, 0, Kind::Shotgun, 0, 2);
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(1));
        ok(&mut g, Action::Die(6));
        assert_eq!(
            g.legal_actions(),
            vec![
                ONE_SHOT,
                Action::Shoot {
                    shots: 1,
                    both_barrels: true
                }
            ]
        );
        ok(
            &mut g,
            Action::Shoot {
                shots: 1,
                both_barrels: true,
            },
        );
        ok(&mut g, Action::Die(2)); // both barrels hit on 2
        assert_eq!(
            step(&g),
            Step::Cover {
                victim: 1,
                weapon: Kind::Shotgun
            }
        );
        assert_eq!(g.slingers[0].loaded(), 0, "both shells spent");
    }

    #[test]
    fn the_deputy_star_does_not_stop_a_shotgun_but_the_sheriff_does() {
        let mut g = table(2, |_| {});
        arm(&mut g, 0, Kind::Shotgun, 0, 2);
        let deputy = card_of(&g, Kind::Deputy, 0);
        let sheriff = card_of(&g, Kind::Sheriff, 0);
        give(&mut g, 1, deputy);
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(1));
        ok(&mut g, Action::Die(6));
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(3));
        assert_eq!(
            g.legal_actions(),
            vec![Action::TakeHit],
            "no Deputy against a shotgun"
        );
        let e = g.apply(Action::Star(deputy)).unwrap_err();
        assert!(e.0.contains("Deputy star does not stop a Shotgun"), "{e}");
        // The Sheriff cancels it.
        give(&mut g, 1, sheriff);
        assert_eq!(
            g.legal_actions(),
            vec![Action::Star(sheriff), Action::TakeHit]
        );
        ok(&mut g, Action::Star(sheriff));
        assert_eq!(g.slingers[1].wounds, 0);
        assert!(g.discard.contains(&sheriff));
        // A Deputy stops a revolver.
        let mut g = table(2, |_| {});
        arm(&mut g, 0, Kind::Revolver, 0, 6);
        give(&mut g, 1, deputy);
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(1));
        ok(&mut g, Action::Die(6));
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(6));
        assert_eq!(
            g.legal_actions(),
            vec![Action::Star(deputy), Action::TakeHit]
        );
    }

    #[test]
    fn tnt_goes_last_hits_everyone_including_the_thrower_and_the_sheriff_stops_it() {
        let mut g = table(3, |_| {});
        arm(&mut g, 1, Kind::Revolver, 0, 6);
        arm(&mut g, 2, Kind::Revolver, 1, 6);
        let t1 = card_of(&g, Kind::Tnt, 0);
        let t2 = card_of(&g, Kind::Tnt, 1);
        give(&mut g, 0, t1);
        give(&mut g, 0, t2);
        let sheriff = card_of(&g, Kind::Sheriff, 0);
        give(&mut g, 2, sheriff);
        call_shootout(&mut g, 0);
        for _ in 0..3 {
            ok(&mut g, Action::LetItRide);
        }
        // Seat 0 rolls lowest and lights two sticks on its initiative...
        for d in [1, 3, 5] {
            ok(&mut g, Action::Die(d));
        }
        assert_eq!(step(&g), Step::Act(0));
        assert!(g.legal_actions().contains(&Action::Tnt(2)));
        ok(&mut g, Action::Tnt(2));
        // ...Law o' the West: those not facing the dynamiter may turn (seat 2 already does).
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!((c.step, c.law_asked.clone()), (Step::Law, vec![1]));
        ok(&mut g, Action::TurnToFace);
        assert_eq!(g.slingers[1].facing, Some(0));
        // Seat 1 must shoot now: loaded, and seat 0 faces it.
        assert_eq!(step(&g), Step::Act(1));
        assert!(!g.legal_actions().contains(&Action::Hold));
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(1));
        // Seat 0 is unarmed: shooting him breaks the Law too; seat 2 stays.
        assert_eq!(step(&g), Step::Law);
        ok(&mut g, Action::Stay);
        assert_eq!(step(&g), Step::Act(2));
        ok(&mut g, Action::Hold);
        // BOOM: one die per player at the table, the thrower included; two sticks hit on 4.
        assert_eq!(step(&g), Step::Boom);
        ok(&mut g, Action::Die(4)); // seat 0: the thrower is hit
        ok(&mut g, Action::TakeHit);
        ok(&mut g, Action::Die(3)); // seat 1: missed
        ok(&mut g, Action::Die(6)); // seat 2: hit, the Sheriff cancels it
        assert_eq!(
            g.legal_actions(),
            vec![Action::Star(sheriff), Action::TakeHit]
        );
        ok(&mut g, Action::Star(sheriff));
        assert_eq!([0, 1, 2].map(|s| g.slingers[s].wounds), [1, 0, 0]);
        assert_eq!(tnt_to_hit(1), 5);
        assert_eq!(tnt_to_hit(3), 3);
    }

    #[test]
    fn a_dead_dynamiter_still_makes_the_rolls() {
        let mut g = table(3, |_| {});
        arm(&mut g, 1, Kind::Revolver, 0, 6);
        g.slingers[0].wounds = 5;
        g.slingers[1].facing = Some(0);
        let t1 = card_of(&g, Kind::Tnt, 0);
        give(&mut g, 0, t1);
        call_shootout(&mut g, 0);
        for _ in 0..3 {
            ok(&mut g, Action::LetItRide);
        }
        for d in [1, 4, 6] {
            ok(&mut g, Action::Die(d));
        }
        ok(&mut g, Action::Tnt(1)); // everyone already faces seat 0: no one to ask
        ok(&mut g, ONE_SHOT); // seat 1 at seat 0
        ok(&mut g, Action::Die(6));
        ok(&mut g, Action::TakeHit);
        // Seat 0 is unarmed: the Law lets seat 2 turn on seat 1.
        assert_eq!(step(&g), Step::Law);
        ok(&mut g, Action::Stay);
        ok(&mut g, Action::Hold); // seat 2 unarmed
        assert!(!g.slingers[0].alive, "the dynamiter died");
        assert_eq!(step(&g), Step::Boom, "but the TNT still goes BOOM");
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!(c.boom_targets, vec![1, 2], "the living at the table");
        ok(&mut g, Action::Die(5));
        ok(&mut g, Action::TakeHit);
        ok(&mut g, Action::Die(5));
        ok(&mut g, Action::TakeHit);
        assert_eq!([g.slingers[1].wounds, g.slingers[2].wounds], [1, 1]);
    }

    #[test]
    fn law_of_the_west_lets_everyone_turn_on_a_back_shooter() {
        let mut g = table(4, |_| {});
        // Seat 0 faces 1; seat 1 faces 2 (not 0): a shot in the back.
        arm(&mut g, 0, Kind::Rifle, 0, 4);
        arm(&mut g, 1, Kind::Revolver, 0, 6);
        call_shootout(&mut g, 3);
        for _ in 0..4 {
            ok(&mut g, Action::LetItRide);
        }
        for d in [1, 5, 6, 6] {
            ok(&mut g, Action::Die(d));
        }
        assert_eq!(step(&g), Step::Act(0));
        assert!(
            g.legal_actions().contains(&Action::Hold),
            "seat 1 is not facing seat 0: no must-shoot"
        );
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(1));
        // Everyone not facing seat 0 is asked, clockwise from it: 1, 2 (3 faces 0 already).
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!((c.step, c.law_asked.clone()), (Step::Law, vec![1, 2]));
        ok(&mut g, Action::TurnToFace);
        ok(&mut g, Action::TurnToFace);
        assert_eq!(
            g.slingers.iter().map(|s| s.facing).collect::<Vec<_>>(),
            vec![Some(1), Some(0), Some(0), Some(0)]
        );
        // Shooting a man facing you who is armed breaks no law: seat 1 fires at 0.
        assert_eq!(step(&g), Step::Act(1));
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(2));
        assert!(!matches!(g.phase, Phase::Combat(ref c) if c.step == Step::Law));
    }

    #[test]
    fn stage_coach_and_cavalry_answer_the_call() {
        // The Cavalry calls the whole SHOOTOUT! off.
        let mut g = table(3, |_| {});
        let cav = card_of(&g, Kind::Cavalry, 0);
        give(&mut g, 2, cav);
        call_shootout(&mut g, 0);
        ok(&mut g, Action::LetItRide);
        ok(&mut g, Action::LetItRide);
        assert_eq!(
            g.legal_actions(),
            vec![Action::Cavalry(cav), Action::LetItRide]
        );
        ok(&mut g, Action::Cavalry(cav));
        assert!(!matches!(g.phase, Phase::Combat(_)));
        // The stage coach takes one gunslinger out of a SHOOTOUT!: not a target.
        let mut g = table(3, |_| {});
        arm(&mut g, 0, Kind::Revolver, 0, 6);
        let coach = card_of(&g, Kind::StageCoach, 0);
        give(&mut g, 1, coach);
        call_shootout(&mut g, 2);
        ok(&mut g, Action::LetItRide); // seat 2
        ok(&mut g, Action::LetItRide); // seat 0
        ok(&mut g, Action::StageCoach(coach)); // seat 1
        let Phase::Combat(c) = &g.phase else { panic!() };
        assert_eq!(c.fighters, vec![0, 2]);
        ok(&mut g, Action::Die(1));
        ok(&mut g, Action::Die(2));
        // Seat 0 faces seat 1, who left town: nothing to shoot at.
        assert_eq!(g.legal_actions(), vec![Action::Hold]);
    }

    #[test]
    fn an_empty_deck_is_refilled_from_the_shuffled_discards() {
        let mut g = table(2, |_| {});
        let rules = g.rules.clone();
        let discards: Vec<CardId> = g
            .deck
            .drain(..)
            .filter(|&c| !rules.cards[c as usize].is_event())
            .take(10)
            .collect();
        g.discard = discards.clone();
        let junk = discards[0];
        g.discard.retain(|&c| c != junk);
        g.slingers[0].hand.push(junk);
        // The rest of the box is out of play for this test: only the discards remain.
        ok_with_missing(&mut g, Action::Discard(junk));
        assert_eq!(g.phase, Phase::Reshuffle);
        assert_eq!(g.turn(), Turn::Chance);
        let e = g.apply(Action::Shuffle(vec![junk])).unwrap_err();
        assert!(e.0.contains("chance event"), "{e}");
        let order: Vec<CardId> = g.discard.iter().rev().copied().collect();
        g.apply(Action::Shuffle(order.clone())).unwrap();
        assert!(g.discard.is_empty());
        assert_eq!(
            g.slingers[0].hand,
            order[..5].to_vec(),
            "drawn from the new deck's top"
        );
        assert_eq!(g.deck.len(), 5);
        assert_eq!(g.current, 1);
    }

    /// Applies an action without the card-count invariant (for tests that set cards aside).
    fn ok_with_missing(g: &mut Tabletown, a: Action) {
        if let Err(e) = g.apply(a.clone()) {
            panic!("{a:?} refused: {e}");
        }
    }

    #[test]
    fn reach_for_the_sky_empties_the_targets_guns() {
        let mut g = table(3, |_| {});
        arm(&mut g, 1, Kind::Revolver, 0, 4);
        let reach = card_of(&g, Kind::ReachForTheSky, 0);
        give(&mut g, 0, reach);
        ok(&mut g, Action::Reach(reach, 1));
        assert_eq!(g.slingers[1].loaded(), 0);
        assert!(g.slingers[1].armed(), "the gun stays");
        assert_eq!(g.discard.len(), 5);
    }

    #[test]
    fn the_sixth_wound_kills_and_the_last_gunslinger_standing_wins() {
        let mut g = table(2, |_| {});
        arm(&mut g, 0, Kind::Rifle, 0, 4);
        g.slingers[1].wounds = 5;
        let held = card_of(&g, Kind::Bullet, 20);
        give(&mut g, 1, held);
        call_draw(&mut g, 0, 1);
        ok(&mut g, Action::Die(1)); // rifle: 3
        ok(&mut g, Action::Die(5));
        ok(&mut g, ONE_SHOT);
        ok(&mut g, Action::Die(4));
        ok(&mut g, Action::TakeHit);
        // Seat 1's sixth wound lands at the end of seat 0's initiative: it never shoots.
        assert_eq!(g.slingers[1].wounds, 6);
        assert!(!g.slingers[1].alive);
        assert!(
            g.discard.contains(&held),
            "a dead man's cards are discarded"
        );
        assert_eq!(g.winners(), vec![0]);
        assert_eq!(g.turn(), Turn::Over);
    }

    #[test]
    fn observations_never_show_other_hands_or_the_deck() {
        let mut g = table(3, |_| {});
        let rev = card_of(&g, Kind::Revolver, 0);
        give(&mut g, 1, rev);
        let v = g.observation(0);
        assert!(v.public.slingers[1].hand.is_empty());
        assert!(v.public.deck.is_empty());
        assert_eq!(v.hand_sizes[1], 1);
        assert_eq!(v.deck_size, g.deck.len());
        // A determinized state is complete and consistent with the view.
        let d = Tabletown::determinize(&v, &mut ChaCha8Rng::seed_from_u64(1));
        d.check_invariants().unwrap();
        assert_eq!(d.slingers[1].hand.len(), 1);
        assert_eq!(d.deck.len(), g.deck.len());
        assert_eq!(d.slingers[0].hand, g.slingers[0].hand);
    }
}
