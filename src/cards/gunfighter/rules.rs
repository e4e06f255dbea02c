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

use super::resolve::{Event, Landed, Reading};
use super::setup::{CardId, Play, Rules};
use crate::cards::core::{Game, Illegal, Seat, Turn, shared, shuffled};

mod checks;
mod flow;
mod observation;
mod showdown;

pub use observation::{Opponent, View, describe};

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
}

impl Game for Gunfighter {
    type Action = Action;
    type Observation = View;

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

    fn observation(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }

    /// Covert cards of the same name are one choice: the first in the hand.
    /// A card not in the hand is no choice (it is refused): left as it is.
    fn listed_as(&self, action: &Action) -> Action {
        let (Phase::Prepare { seat }, Action::Covert { card, target }) = (&self.phase, action)
        else {
            return action.clone();
        };
        let hand = self.fighters.get(*seat).map_or(&[][..], |f| &f.covert[..]);
        if !hand.contains(card) {
            return action.clone();
        }
        let name = &self.rules.card(*card).name;
        let first = hand
            .iter()
            .copied()
            .find(|&c| self.rules.card(c).name == *name)
            .unwrap_or(*card);
        Action::Covert {
            card: first,
            target: *target,
        }
    }

    fn describe(&self, action: &Action, viewer: Option<Seat>) -> String {
        observation::describe(self, action, viewer)
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
