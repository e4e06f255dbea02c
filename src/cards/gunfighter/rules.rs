//! The Gunfighter as a pure state machine: the deal, the draw into the
//! bandolier (with the reshuffle when a deck runs short), the pocket
//! exchange, the cards played before a showdown, the five seconds of tossing
//! and the reading of every mat's stack, pocketing, elimination.
//!
//! Real time enters as milliseconds from the start of the five seconds. The
//! seat whose hand is free first acts next (ties: from the showdown's first
//! seat round the table): it tosses a card of its bandolier into a mat
//! ([`TOSS_MS`] until its hand is free again), waits ([`WAIT_MS`]) or
//! holsters. Whether a toss lands wholly inside the hole is a chance outcome
//! ([`Action::Land`]): on the table it is read from the card at rest on
//! Rapier; headless it is drawn from the tosser's hand ([`Gunfighter::hands`]).

use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::resolve::{self, Event, Landed, Reading};
use super::setup::{Before, CardId, Play, Rules};
use crate::cards::core::{Game, Illegal, Seat, Turn, is_permutation, refuse, shared, shuffled};

/// From a toss until the hand is free again: take the next card, aim, toss.
pub const TOSS_MS: i32 = 400;
/// A pause to watch what the others toss.
pub const WAIT_MS: i32 = 250;
/// A toss lands wholly inside the hole this often, headless, unless the seat's
/// hand is set ([`Gunfighter::hands`]).
pub const DEFAULT_HAND: f32 = 0.7;

/// One gunfighter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    /// An index into [`Rules::characters`].
    pub character: usize,
    pub health: u8,
    pub alive: bool,
    /// The showdown deck, top first.
    pub deck: Vec<CardId>,
    /// The cards laid face down for this showdown, by slot (`None`: tossed or played).
    pub bandolier: Vec<Option<CardId>>,
    /// Cards kept from the last showdowns (at most [`Rules::pocket`]).
    pub pocket: Vec<CardId>,
    /// The showdown discard pile, newest last.
    pub discard: Vec<CardId>,
    /// The covert hand, in the order received.
    pub covert: Vec<CardId>,
    /// Cards played before this showdown (face up until it ends).
    pub before: Vec<CardId>,
    /// Damage still to be stopped this showdown.
    pub armor: u8,
    /// When the hand is free (ms from the start of the five seconds).
    pub ready_ms: i32,
    pub holstered: bool,
    /// Played its one covert card before this showdown.
    pub covert_played: bool,
}

impl Fighter {
    pub fn cards_in_bandolier(&self) -> usize {
        self.bandolier.iter().flatten().count()
    }
}

/// A toss in the showdown going on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Toss {
    pub thrower: Seat,
    pub card: CardId,
    /// Whose mat it was tossed at.
    pub target: Seat,
    pub at_ms: i32,
    /// Wholly inside the hole (`None`: still in the air).
    pub in_hole: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: characters, deck orders and the covert deck.
    Deal,
    /// Chance: a living gunfighter cannot draw a full bandolier: everyone's
    /// discard and pocket go back into the deck, shuffled.
    Reshuffle,
    /// `seat` arranges the cards just drawn (face down, in an order it will
    /// remember) and may swap pocket cards with them.
    Exchange {
        seat: Seat,
    },
    /// `seat` may play one covert card and any "before a showdown" cards.
    Prepare {
        seat: Seat,
    },
    /// The five seconds; a toss in the air is waiting to land.
    Showdown,
    Over,
}

/// Player decisions and chance outcomes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Chance: each seat's character, each seat's deck order, the covert deck's order.
    Deal {
        characters: Vec<usize>,
        decks: Vec<Vec<CardId>>,
        covert: Vec<CardId>,
    },
    /// Chance: each seat's new deck (empty for the dead).
    Reshuffle {
        decks: Vec<Vec<CardId>>,
    },
    /// Swap the card in bandolier slot `slot` with pocket card `pocket`.
    Exchange {
        slot: usize,
        pocket: usize,
    },
    /// Swap the cards in neighbouring bandolier slots `a` and `b = a + 1`
    /// (arranging the bandolier: any order is a series of such swaps).
    Arrange {
        a: usize,
        b: usize,
    },
    /// Done exchanging.
    Keep,
    /// Play covert card `card` (from the hand), on `target` (yourself or an opponent).
    Covert {
        card: CardId,
        target: Seat,
    },
    /// Play the "before a showdown" card in bandolier slot `slot`.
    Early {
        slot: usize,
        target: Seat,
    },
    /// Done before the showdown.
    Ready,
    /// Toss the card in bandolier slot `slot` at `target`'s mat.
    Toss {
        slot: usize,
        target: Seat,
    },
    Wait,
    /// Toss no more this showdown.
    Holster,
    /// Chance: where the toss in the air came to rest.
    Land {
        in_hole: bool,
    },
}

/// What one mat's stack did, for the log and the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatReading {
    pub owner: Seat,
    pub stack: Vec<Landed>,
    pub readings: Vec<Reading>,
    pub events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gunfighter {
    #[serde(with = "shared")]
    pub rules: Arc<Rules>,
    pub fighters: Vec<Fighter>,
    /// The covert deck, top first, and its discard pile.
    pub covert_deck: Vec<CardId>,
    pub covert_discard: Vec<CardId>,
    pub phase: Phase,
    /// Showdowns fought.
    pub showdowns: u32,
    /// Who reads their mat first (and acts first on a tie); moves round the table.
    pub first: Seat,
    /// Each seat's mat: the cards wholly inside its hole, bottom first.
    pub mats: Vec<Vec<Landed>>,
    /// This showdown's tosses, in time order.
    pub tosses: Vec<Toss>,
    /// The last showdown's mats as read, in reading order.
    pub last_reading: Vec<MatReading>,
    /// Headless: the chance that each seat's toss lands in the hole.
    pub hands: Vec<f32>,
    pub winners: Vec<Seat>,
    /// What the last action brought about, for the log.
    pub events: Vec<String>,
}

impl Gunfighter {
    pub fn new(rules: Rules) -> Self {
        let n = rules.players;
        Self {
            rules: Arc::new(rules),
            fighters: Vec::new(),
            covert_deck: Vec::new(),
            covert_discard: Vec::new(),
            phase: Phase::Deal,
            showdowns: 0,
            first: 0,
            mats: vec![Vec::new(); n],
            tosses: Vec::new(),
            last_reading: Vec::new(),
            hands: vec![DEFAULT_HAND; n],
            winners: Vec::new(),
            events: Vec::new(),
        }
    }

    pub fn name_of(&self, seat: Seat) -> String {
        match self.fighters.get(seat) {
            Some(f) => format!(
                "the {} (seat {seat})",
                self.rules.characters[f.character].name
            ),
            None => format!("seat {seat}"),
        }
    }

    pub fn card_name(&self, card: CardId) -> &str {
        &self.rules.card(card).name
    }

    fn living(&self) -> Vec<Seat> {
        (0..self.rules.players)
            .map(|k| (self.first + k) % self.rules.players)
            .filter(|&s| self.fighters[s].alive)
            .collect()
    }

    /// The seat whose hand is free first in the showdown (`None`: the five seconds are over for all).
    pub fn next_tosser(&self) -> Option<Seat> {
        let end = self.rules.showdown_ms as i32;
        self.living()
            .into_iter()
            .filter(|&s| {
                let f = &self.fighters[s];
                !f.holstered && f.ready_ms < end && f.cards_in_bandolier() > 0
            })
            .min_by_key(|&s| self.fighters[s].ready_ms)
    }

    /// The toss in the air, if any.
    pub fn in_the_air(&self) -> Option<&Toss> {
        self.tosses.last().filter(|t| t.in_hole.is_none())
    }

    /// The next seat after `seat` (in reading order) still to act in a pre-showdown step.
    fn after(&self, seat: Seat) -> Option<Seat> {
        let order = self.living();
        let k = order.iter().position(|&s| s == seat)?;
        order.get(k + 1).copied()
    }

    /// Draws every living bandolier, or asks for a reshuffle first.
    fn start_showdown(&mut self) {
        let b = self.rules.bandolier;
        if self
            .living()
            .iter()
            .any(|&s| self.fighters[s].deck.len() < b)
        {
            self.phase = Phase::Reshuffle;
            return;
        }
        for s in self.living() {
            let f = &mut self.fighters[s];
            let drawn: Vec<CardId> = f.deck.drain(..b).collect();
            f.bandolier = drawn.into_iter().map(Some).collect();
            f.armor = 0;
            f.ready_ms = 0;
            f.holstered = false;
            f.covert_played = false;
        }
        self.tosses.clear();
        self.next_exchange(None);
    }

    /// The next living seat (after `from`) to arrange its bandolier and
    /// swap with its pocket, or the preparations.
    fn next_exchange(&mut self, from: Option<Seat>) {
        let next = match from {
            None => self.living().first().copied(),
            Some(s) => self.after(s),
        };
        if let Some(s) = next {
            self.phase = Phase::Exchange { seat: s };
            return;
        }
        match self.living().first() {
            Some(&s) => self.phase = Phase::Prepare { seat: s },
            None => self.finish(),
        }
    }

    fn next_prepare(&mut self, seat: Seat) {
        match self.after(seat) {
            Some(s) => self.phase = Phase::Prepare { seat: s },
            None => {
                self.phase = Phase::Showdown;
                self.events.push("The five seconds start: toss!".into());
                self.after_toss();
            }
        }
    }

    /// Ends the showdown when nobody can toss any more.
    fn after_toss(&mut self) {
        if self.in_the_air().is_none() && self.next_tosser().is_none() {
            self.read_mats();
        }
    }

    /// Steps 3–8 of the rule sheet: every mat read from its first seat round
    /// the table, eliminations, discards and pockets, the next showdown.
    fn read_mats(&mut self) {
        let max = self.rules.health;
        let was_alive: Vec<bool> = self.fighters.iter().map(|f| f.alive).collect();
        let mut killer: Vec<Option<Seat>> = vec![None; self.rules.players];
        self.last_reading.clear();
        for owner in self.living() {
            let stack = std::mem::take(&mut self.mats[owner]);
            let (readings, events) = resolve::read(&self.rules, owner, &stack);
            for (i, r) in readings.iter().enumerate() {
                let l = stack[i];
                let what = match r.negated_by {
                    Some(k) => format!("negated by {}", self.card_name(stack[k].card)),
                    None => self.rules.card(l.card).text.clone(),
                };
                self.events.push(format!(
                    "{}'s mat, card {} from the top: {} from {}: {what}",
                    self.name_of(owner),
                    stack.len() - i,
                    self.card_name(l.card),
                    self.name_of(l.thrower),
                ));
            }
            for e in &events {
                match *e {
                    Event::Damage { to, n, by } => {
                        let f = &mut self.fighters[to];
                        if f.health == 0 {
                            continue;
                        }
                        let stopped = n.min(f.armor);
                        f.armor -= stopped;
                        let hit = (n - stopped).min(f.health);
                        f.health -= hit;
                        if stopped > 0 {
                            self.events.push(format!(
                                "{}'s armor stops {stopped} damage",
                                self.name_of(to)
                            ));
                        }
                        if hit > 0 {
                            self.events.push(format!(
                                "{} loses {hit} (health {})",
                                self.name_of(to),
                                self.fighters[to].health
                            ));
                            if self.fighters[to].health == 0 {
                                killer[to] = Some(by);
                            }
                        }
                    }
                    Event::Heal { to, n } => {
                        let f = &mut self.fighters[to];
                        if f.health > 0 {
                            f.health = (f.health + n).min(max);
                            self.events.push(format!(
                                "{} heals (health {})",
                                self.name_of(to),
                                self.fighters[to].health
                            ));
                        }
                    }
                    Event::Pickpocket { from, to } => {
                        if self.fighters[from].covert.is_empty() {
                            continue;
                        }
                        let card = self.fighters[from].covert.remove(0);
                        self.fighters[to].covert.push(card);
                        self.events.push(format!(
                            "{} picks a covert card from {}'s pocket",
                            self.name_of(to),
                            self.name_of(from)
                        ));
                    }
                }
            }
            self.last_reading.push(MatReading {
                owner,
                stack,
                readings,
                events,
            });
        }
        // Eliminations: the killer claims the dead man's covert cards.
        for s in 0..self.rules.players {
            if !(was_alive[s] && self.fighters[s].health == 0) {
                continue;
            }
            self.fighters[s].alive = false;
            let cards = std::mem::take(&mut self.fighters[s].covert);
            match killer[s] {
                Some(k) if k != s && self.fighters[k].health > 0 => {
                    self.events.push(format!(
                        "{} is dead; {} claims {} covert card(s)",
                        self.name_of(s),
                        self.name_of(k),
                        cards.len()
                    ));
                    self.fighters[k].covert.extend(cards);
                }
                _ => {
                    self.events.push(format!("{} is dead", self.name_of(s)));
                    self.covert_discard.extend(cards);
                }
            }
        }
        // Played cards to their throwers' discards (in or out of the hole);
        // the rest of each bandolier into the pocket, as room allows.
        for t in std::mem::take(&mut self.tosses) {
            self.fighters[t.thrower].discard.push(t.card);
        }
        for s in 0..self.rules.players {
            let room = self.rules.pocket;
            let f = &mut self.fighters[s];
            let before: Vec<CardId> = f.before.drain(..).collect();
            f.discard.extend(before);
            for c in f.bandolier.drain(..).flatten() {
                if f.pocket.len() < room && f.alive {
                    f.pocket.push(c);
                } else {
                    f.discard.push(c);
                }
            }
            f.armor = 0;
        }
        self.showdowns += 1;
        self.finish();
    }

    /// The game's end, or the next showdown.
    fn finish(&mut self) {
        let living = self.living();
        if living.len() <= 1 {
            self.winners = living;
            self.phase = Phase::Over;
            self.events.push(match self.winners.first() {
                Some(&w) => format!("{} is the last gunfighter standing", self.name_of(w)),
                None => "Nobody is left standing".into(),
            });
            return;
        }
        if self.showdowns >= self.rules.showdown_limit {
            let best = living
                .iter()
                .map(|&s| self.fighters[s].health)
                .max()
                .unwrap_or(0);
            self.winners = living
                .into_iter()
                .filter(|&s| self.fighters[s].health == best)
                .collect();
            self.winners.sort();
            self.phase = Phase::Over;
            self.events.push("Sundown: the healthiest win".into());
            return;
        }
        // The next showdown is read first by the next living seat.
        let n = self.rules.players;
        self.first = (1..=n)
            .map(|k| (self.first + k) % n)
            .find(|&s| self.fighters[s].alive)
            .unwrap_or(self.first);
        self.start_showdown();
    }

    /// Whom a card played before a showdown may name.
    fn targets_of(&self, seat: Seat, play: Play) -> Vec<Seat> {
        match play {
            Play::Before(Before::Jam(_) | Before::Steal) => {
                self.living().into_iter().filter(|&s| s != seat).collect()
            }
            _ => vec![seat],
        }
    }

    /// Plays a card before the showdown (covert, or from the bandolier).
    fn play_before(&mut self, seat: Seat, card: CardId, target: Seat) {
        let Play::Before(b) = self.rules.card(card).play else {
            return;
        };
        let who = self.name_of(seat);
        let name = self.card_name(card).to_string();
        match b {
            Before::Armor(n) => self.fighters[seat].armor += n,
            Before::Heal(n) => {
                let f = &mut self.fighters[seat];
                f.health = (f.health + n).min(self.rules.health);
            }
            Before::Quickdraw(ms) => self.fighters[seat].ready_ms -= ms as i32,
            Before::Jam(ms) => self.fighters[target].ready_ms += ms as i32,
            Before::Steal => {
                if !self.fighters[target].covert.is_empty() {
                    let c = self.fighters[target].covert.remove(0);
                    self.fighters[seat].covert.push(c);
                }
            }
            Before::Draw(n) => {
                for _ in 0..n {
                    if self.covert_deck.is_empty() {
                        break;
                    }
                    let c = self.covert_deck.remove(0);
                    self.fighters[seat].covert.push(c);
                }
            }
        }
        self.events.push(if target == seat {
            format!("{who} plays {name}")
        } else {
            format!("{who} plays {name} on {}", self.name_of(target))
        });
    }
}

impl Game for Gunfighter {
    type Action = Action;
    type Observation = super::view::View;

    fn players(&self) -> usize {
        self.rules.players
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Deal | Phase::Reshuffle => Turn::Chance,
            Phase::Exchange { seat } | Phase::Prepare { seat } => Turn::Player(*seat),
            Phase::Showdown => match (self.in_the_air(), self.next_tosser()) {
                (Some(_), _) => Turn::Chance,
                (None, Some(s)) => Turn::Player(s),
                (None, None) => Turn::Over,
            },
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Exchange { seat } => {
                let f = &self.fighters[*seat];
                for (slot, c) in f.bandolier.iter().enumerate() {
                    if c.is_some() {
                        for pocket in 0..f.pocket.len() {
                            out.push(Action::Exchange { slot, pocket });
                        }
                    }
                }
                for a in 1..f.bandolier.len() {
                    out.push(Action::Arrange { a: a - 1, b: a });
                }
                out.push(Action::Keep);
            }
            Phase::Prepare { seat } => {
                let f = &self.fighters[*seat];
                if !f.covert_played {
                    let mut seen = Vec::new();
                    for &card in &f.covert {
                        let name = &self.rules.card(card).name;
                        if seen.contains(&name) {
                            continue;
                        }
                        seen.push(name);
                        for target in self.targets_of(*seat, self.rules.card(card).play) {
                            out.push(Action::Covert { card, target });
                        }
                    }
                }
                for (slot, c) in f.bandolier.iter().enumerate() {
                    if let Some(c) = c {
                        let play = self.rules.card(*c).play;
                        if matches!(play, Play::Before(_)) {
                            for target in self.targets_of(*seat, play) {
                                out.push(Action::Early { slot, target });
                            }
                        }
                    }
                }
                out.push(Action::Ready);
            }
            Phase::Showdown if self.in_the_air().is_none() => {
                if let Some(seat) = self.next_tosser() {
                    let f = &self.fighters[seat];
                    for (slot, c) in f.bandolier.iter().enumerate() {
                        if c.is_some() {
                            for target in self.living() {
                                out.push(Action::Toss { slot, target });
                            }
                        }
                    }
                    out.push(Action::Wait);
                    out.push(Action::Holster);
                }
            }
            _ => {}
        }
        out
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        match &self.phase {
            Phase::Deal => {
                let all: Vec<usize> = (0..self.rules.characters.len()).collect();
                let characters: Vec<usize> = if self.rules.random_characters {
                    shuffled(&all, rng)
                        .into_iter()
                        .take(self.rules.players)
                        .collect()
                } else {
                    all.into_iter().take(self.rules.players).collect()
                };
                let decks = characters
                    .iter()
                    .map(|&c| shuffled(&self.rules.characters[c].deck, rng))
                    .collect();
                Action::Deal {
                    characters,
                    decks,
                    covert: shuffled(&self.rules.covert, rng),
                }
            }
            Phase::Reshuffle => Action::Reshuffle {
                decks: self
                    .fighters
                    .iter()
                    .map(|f| {
                        if f.alive {
                            shuffled(&reshuffle_pool(f), rng)
                        } else {
                            Vec::new()
                        }
                    })
                    .collect(),
            },
            _ => {
                let p = self
                    .in_the_air()
                    .map_or(DEFAULT_HAND, |t| self.hands[t.thrower]);
                Action::Land {
                    in_hole: rng.random::<f32>() < p,
                }
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        // A refused action changes nothing, the last action's log lines included.
        let last = std::mem::take(&mut self.events);
        let done = self.apply_checked(action);
        if done.is_err() {
            self.events = last;
        }
        done
    }

    fn observation(&self, seat: Seat) -> super::view::View {
        super::view::View::of(self, seat)
    }

    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }

    fn describe(&self, action: &Action, viewer: Option<Seat>) -> String {
        super::view::describe(self, action, viewer)
    }
}

impl Gunfighter {
    /// Applies `action` if it is possible now; checks come before any change.
    fn apply_checked(&mut self, action: Action) -> Result<(), Illegal> {
        match (&self.phase, action) {
            (
                Phase::Deal,
                Action::Deal {
                    characters,
                    decks,
                    covert,
                },
            ) => {
                let n = self.rules.players;
                let mut distinct = characters.clone();
                distinct.sort();
                distinct.dedup();
                if characters.len() != n
                    || distinct.len() != n
                    || characters.iter().any(|&c| c >= self.rules.characters.len())
                {
                    return refuse("one character per seat, each once");
                }
                if !self.rules.random_characters && characters != (0..n).collect::<Vec<_>>() {
                    return refuse("characters are chosen by seat in this setup");
                }
                if decks.len() != n
                    || decks
                        .iter()
                        .zip(&characters)
                        .any(|(d, &c)| !is_permutation(d, &self.rules.characters[c].deck))
                {
                    return refuse("each deck must be its character's 30 cards, shuffled");
                }
                if !is_permutation(&covert, &self.rules.covert) {
                    return refuse("the covert deck must be the covert cards, shuffled");
                }
                self.covert_deck = covert;
                self.fighters = characters
                    .iter()
                    .zip(decks)
                    .map(|(&character, deck)| Fighter {
                        character,
                        health: self.rules.health,
                        alive: true,
                        deck,
                        bandolier: Vec::new(),
                        pocket: Vec::new(),
                        discard: Vec::new(),
                        covert: Vec::new(),
                        before: Vec::new(),
                        armor: 0,
                        ready_ms: 0,
                        holstered: false,
                        covert_played: false,
                    })
                    .collect();
                for s in 0..n {
                    let k = self.rules.covert_hand.min(self.covert_deck.len());
                    let hand: Vec<CardId> = self.covert_deck.drain(..k).collect();
                    self.fighters[s].covert = hand;
                }
                for s in 0..n {
                    self.events
                        .push(format!("Seat {s} plays {}", self.name_of(s)));
                }
                self.start_showdown();
            }
            (Phase::Reshuffle, Action::Reshuffle { decks }) => {
                if decks.len() != self.rules.players
                    || self.fighters.iter().zip(&decks).any(|(f, d)| {
                        if f.alive {
                            !is_permutation(d, &reshuffle_pool(f))
                        } else {
                            !d.is_empty()
                        }
                    })
                {
                    return refuse(
                        "each living deck must be its deck, pocket and discard, shuffled",
                    );
                }
                for (f, d) in self.fighters.iter_mut().zip(decks) {
                    if f.alive {
                        f.deck = d;
                        f.pocket.clear();
                        f.discard.clear();
                    }
                }
                self.events
                    .push("The decks run short: discards and pockets are shuffled back".into());
                self.start_showdown();
            }
            (
                &Phase::Exchange { seat },
                a @ (Action::Exchange { .. } | Action::Arrange { .. } | Action::Keep),
            ) => {
                if !self.legal_actions().contains(&a) {
                    return refuse(format!(
                        "{a:?} is not a swap {} can make",
                        self.name_of(seat)
                    ));
                }
                match a {
                    Action::Exchange { slot, pocket } => {
                        let f = &mut self.fighters[seat];
                        let drawn = f.bandolier[slot].expect("a legal slot holds a card");
                        f.bandolier[slot] = Some(f.pocket[pocket]);
                        f.pocket[pocket] = drawn;
                        self.events.push(format!(
                            "{} swaps a card with the pocket",
                            self.name_of(seat)
                        ));
                    }
                    Action::Arrange { a, b } => {
                        self.fighters[seat].bandolier.swap(a, b);
                    }
                    _ => self.next_exchange(Some(seat)),
                }
            }
            (
                &Phase::Prepare { seat },
                a @ (Action::Covert { .. } | Action::Early { .. } | Action::Ready),
            ) => match a {
                Action::Covert { card, target } => {
                    let f = &self.fighters[seat];
                    if f.covert_played {
                        return refuse("one covert card before a showdown");
                    }
                    let Some(k) = f.covert.iter().position(|&c| c == card) else {
                        return refuse("that covert card is not in your hand");
                    };
                    if !self
                        .targets_of(seat, self.rules.card(card).play)
                        .contains(&target)
                    {
                        return refuse("that card cannot be played on that seat");
                    }
                    self.fighters[seat].covert.remove(k);
                    self.fighters[seat].covert_played = true;
                    self.covert_discard.push(card);
                    self.play_before(seat, card, target);
                }
                Action::Early { slot, target } => {
                    let Some(Some(card)) = self.fighters[seat].bandolier.get(slot).copied() else {
                        return refuse("no card in that slot");
                    };
                    let play = self.rules.card(card).play;
                    if !matches!(play, Play::Before(_)) {
                        return refuse("that card is tossed in the showdown, not played before it");
                    }
                    if !self.targets_of(seat, play).contains(&target) {
                        return refuse("that card cannot be played on that seat");
                    }
                    self.fighters[seat].bandolier[slot] = None;
                    self.fighters[seat].before.push(card);
                    self.play_before(seat, card, target);
                }
                _ => self.next_prepare(seat),
            },
            (Phase::Showdown, Action::Land { in_hole }) => {
                let Some(t) = self.in_the_air().copied() else {
                    return refuse("no card is in the air");
                };
                self.tosses.last_mut().expect("in the air").in_hole = Some(in_hole);
                if in_hole {
                    self.mats[t.target].push(Landed {
                        card: t.card,
                        thrower: t.thrower,
                        at_ms: t.at_ms,
                    });
                    self.events.push(format!(
                        "{} lands in {}'s hole",
                        self.card_name(t.card),
                        self.name_of(t.target)
                    ));
                } else {
                    self.events.push(format!(
                        "{} misses {}'s hole",
                        self.card_name(t.card),
                        self.name_of(t.target)
                    ));
                }
                self.after_toss();
            }
            (Phase::Showdown, a @ (Action::Toss { .. } | Action::Wait | Action::Holster)) => {
                if self.in_the_air().is_some() {
                    return refuse("a card is still in the air");
                }
                let Some(seat) = self.next_tosser() else {
                    return refuse("the five seconds are over");
                };
                match a {
                    Action::Toss { slot, target } => {
                        let Some(Some(card)) = self.fighters[seat].bandolier.get(slot).copied()
                        else {
                            return refuse("no card in that bandolier slot");
                        };
                        if target >= self.rules.players || !self.fighters[target].alive {
                            return refuse("no living gunfighter's mat there");
                        }
                        let at_ms = self.fighters[seat].ready_ms;
                        self.fighters[seat].bandolier[slot] = None;
                        self.fighters[seat].ready_ms += TOSS_MS;
                        self.tosses.push(Toss {
                            thrower: seat,
                            card,
                            target,
                            at_ms,
                            in_hole: None,
                        });
                        self.events.push(format!(
                            "{} tosses {} at {}'s mat ({at_ms} ms)",
                            self.name_of(seat),
                            self.card_name(card),
                            self.name_of(target)
                        ));
                    }
                    Action::Wait => {
                        self.fighters[seat].ready_ms += WAIT_MS;
                        self.after_toss();
                    }
                    _ => {
                        self.fighters[seat].holstered = true;
                        self.events.push(format!("{} holsters", self.name_of(seat)));
                        self.after_toss();
                    }
                }
            }
            (_, a) => return refuse(format!("{a:?} is not possible now ({:?})", self.phase)),
        }
        Ok(())
    }
}

/// What a living gunfighter's new deck is made of at a reshuffle.
pub fn reshuffle_pool(f: &Fighter) -> Vec<CardId> {
    f.deck
        .iter()
        .chain(&f.pocket)
        .chain(&f.discard)
        .chain(f.bandolier.iter().flatten())
        .copied()
        .collect()
}

impl Gunfighter {
    /// The state's consistency: every card of a dealt character's deck and
    /// every covert card in exactly one place; health within the chips, the
    /// living exactly those with health; pockets within their limit; every
    /// stacked card a toss of this showdown that landed in that hole.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = &self.rules;
        if !matches!(self.phase, Phase::Deal) && self.fighters.len() != r.players {
            return Err(format!(
                "{} fighters for {} players",
                self.fighters.len(),
                r.players
            ));
        }
        let mut seen = vec![0u32; r.cards.len()];
        for (s, f) in self.fighters.iter().enumerate() {
            if f.health > r.health {
                return Err(format!("seat {s} has {} health of {}", f.health, r.health));
            }
            if f.alive != (f.health > 0) {
                return Err(format!("seat {s}: alive exactly while health remains"));
            }
            if f.pocket.len() > r.pocket {
                return Err(format!("seat {s} pockets {} cards", f.pocket.len()));
            }
            for &c in f
                .deck
                .iter()
                .chain(&f.pocket)
                .chain(&f.discard)
                .chain(&f.before)
                .chain(&f.covert)
                .chain(f.bandolier.iter().flatten())
            {
                *seen.get_mut(c as usize).ok_or("a card id out of range")? += 1;
            }
        }
        for &c in self
            .tosses
            .iter()
            .map(|t| &t.card)
            .chain(&self.covert_deck)
            .chain(&self.covert_discard)
        {
            *seen.get_mut(c as usize).ok_or("a card id out of range")? += 1;
        }
        if !self.fighters.is_empty() {
            let dealt: Vec<usize> = self.fighters.iter().map(|f| f.character).collect();
            for (c, &n) in seen.iter().enumerate() {
                let def = &r.cards[c];
                let in_play = def.character.is_none_or(|k| dealt.contains(&k));
                if n != u32::from(in_play) {
                    return Err(format!("card {c} ({}) is in {n} places", def.name));
                }
            }
        }
        for (s, mat) in self.mats.iter().enumerate() {
            for l in mat {
                if !self
                    .tosses
                    .iter()
                    .any(|t| t.card == l.card && t.target == s && t.in_hole == Some(true))
                {
                    return Err(format!(
                        "{} lies in seat {s}'s hole but was not tossed there",
                        self.card_name(l.card)
                    ));
                }
            }
        }
        Ok(())
    }

    /// A whole game consistent with `view`: every card the seat cannot see
    /// (the others' face-down bandoliers, pockets and covert hands, every
    /// deck's order, the covert deck) dealt at random from the cards
    /// unaccounted for, each character's own deck to its own places.
    pub fn determinize<R: Rng + ?Sized>(view: &super::view::View, rng: &mut R) -> Gunfighter {
        let rules = view.rules.clone();
        let mut g = Gunfighter::new((*rules).clone());
        g.rules = rules.clone();
        g.phase = view.phase.clone();
        g.showdowns = view.showdowns;
        g.first = view.first;
        g.mats = view.mats.clone();
        g.tosses = view.tosses.clone();
        g.covert_discard = view.covert_discard.clone();
        g.last_reading = view.last_reading.clone();
        g.winners = view.winners.clone();
        if matches!(view.phase, Phase::Deal) {
            return g;
        }
        // Removes each of `known` once from `pool`.
        let take = |pool: &mut Vec<CardId>, known: &[CardId]| {
            for c in known {
                if let Some(k) = pool.iter().position(|x| x == c) {
                    pool.swap_remove(k);
                }
            }
        };
        let mut covert_pool = rules.covert.clone();
        take(&mut covert_pool, &view.covert_discard);
        take(&mut covert_pool, &view.covert);
        let mut covert_pool = shuffled(&covert_pool, rng);
        for (s, o) in view.fighters.iter().enumerate() {
            let mine = s == view.seat;
            let mut pool = rules.characters[o.character].deck.clone();
            take(&mut pool, &o.discard);
            take(&mut pool, &o.before);
            let tossed: Vec<CardId> = view
                .tosses
                .iter()
                .filter(|t| t.thrower == s)
                .map(|t| t.card)
                .collect();
            take(&mut pool, &tossed);
            let (bandolier, pocket, covert) = if mine {
                take(
                    &mut pool,
                    &view.bandolier.iter().flatten().copied().collect::<Vec<_>>(),
                );
                take(&mut pool, &view.pocket);
                (
                    view.bandolier.clone(),
                    view.pocket.clone(),
                    view.covert.clone(),
                )
            } else {
                let mut pool_s = shuffled(&pool, rng);
                let bandolier: Vec<Option<CardId>> = o
                    .slots
                    .iter()
                    .map(|&full| if full { pool_s.pop() } else { None })
                    .collect();
                let pocket: Vec<CardId> = (0..o.pocket).filter_map(|_| pool_s.pop()).collect();
                let n = o.covert.min(covert_pool.len());
                let covert = covert_pool.split_off(covert_pool.len() - n);
                pool = pool_s;
                (bandolier, pocket, covert)
            };
            g.fighters.push(Fighter {
                character: o.character,
                health: o.health,
                alive: o.alive,
                deck: shuffled(&pool, rng),
                bandolier,
                pocket,
                discard: o.discard.clone(),
                covert,
                before: o.before.clone(),
                armor: o.armor,
                ready_ms: o.ready_ms,
                holstered: o.holstered,
                covert_played: o.covert_played,
            });
        }
        g.covert_deck = covert_pool;
        g
    }
}
