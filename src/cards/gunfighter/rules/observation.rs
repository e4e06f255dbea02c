//! What one seat may know of a game of The Gunfighter (the [`Game`]'s
//! observation), and the log's lines. Every mat, every card tossed and every
//! discard is face up on the table; a seat's bandolier (face down,
//! memorised), pocket and covert hand are its own, the decks' order nobody's.
//!
//! [`Game`]: crate::cards::core::Game

use std::sync::Arc;

use super::{Action, Gunfighter, MatReading, Phase, Toss};
use crate::cards::core::Seat;
use crate::cards::gunfighter::resolve::Landed;
use crate::cards::gunfighter::setup::{CardId, Rules};

/// Another gunfighter as the table shows him.
#[derive(Clone, Debug, PartialEq)]
pub struct Opponent {
    pub character: usize,
    pub health: u8,
    pub alive: bool,
    pub deck: usize,
    /// How many face-down cards lie in his bandolier.
    pub bandolier: usize,
    /// Which of his bandolier's slots still hold a card (the row on the table).
    pub slots: Vec<bool>,
    pub pocket: usize,
    pub covert: usize,
    pub discard: Vec<CardId>,
    /// Cards he played before this showdown (face up).
    pub before: Vec<CardId>,
    pub armor: u8,
    pub ready_ms: i32,
    pub holstered: bool,
    /// Played his covert card before this showdown (face up on the table).
    pub covert_played: bool,
}

/// One seat's observation.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The cards and the setup: printed on the cards, known to all.
    pub rules: Arc<Rules>,
    pub seat: Seat,
    pub phase: Phase,
    pub showdowns: u32,
    pub first: Seat,
    /// Everyone, the viewer included, as the table shows them.
    pub fighters: Vec<Opponent>,
    /// The viewer's own bandolier by slot (he memorised it), pocket and covert hand.
    pub bandolier: Vec<Option<CardId>>,
    pub pocket: Vec<CardId>,
    pub covert: Vec<CardId>,
    pub mats: Vec<Vec<Landed>>,
    pub tosses: Vec<Toss>,
    pub covert_discard: Vec<CardId>,
    pub covert_deck: usize,
    /// The last showdown's mats as they were read, for all to see.
    pub last_reading: Vec<MatReading>,
    pub winners: Vec<Seat>,
}

impl View {
    pub fn of(g: &Gunfighter, seat: Seat) -> View {
        let mine = g.fighters.get(seat);
        View {
            rules: g.rules.clone(),
            seat,
            phase: g.phase.clone(),
            showdowns: g.showdowns,
            first: g.first,
            fighters: g
                .fighters
                .iter()
                .map(|f| Opponent {
                    character: f.character,
                    health: f.health,
                    alive: f.alive,
                    deck: f.deck.len(),
                    bandolier: f.cards_in_bandolier(),
                    slots: f.bandolier.iter().map(Option::is_some).collect(),
                    pocket: f.pocket.len(),
                    covert: f.covert.len(),
                    discard: f.discard.clone(),
                    before: f.before.clone(),
                    armor: f.armor,
                    ready_ms: f.ready_ms,
                    holstered: f.holstered,
                    covert_played: f.covert_played,
                })
                .collect(),
            bandolier: mine.map(|f| f.bandolier.clone()).unwrap_or_default(),
            pocket: mine.map(|f| f.pocket.clone()).unwrap_or_default(),
            covert: mine.map(|f| f.covert.clone()).unwrap_or_default(),
            mats: g.mats.clone(),
            tosses: g.tosses.clone(),
            covert_discard: g.covert_discard.clone(),
            covert_deck: g.covert_deck.len(),
            last_reading: g.last_reading.clone(),
            winners: g.winners.clone(),
        }
    }
}

/// One line for the log about `action` before it is applied, as `viewer`
/// may know it (`None`: a spectator who sees every card).
pub fn describe(g: &Gunfighter, action: &Action, viewer: Option<Seat>) -> String {
    let sees = |seat: Seat| viewer.is_none_or(|v| v == seat);
    let who = |seat: Seat| g.name_of(seat);
    // The card in a seat's bandolier slot (it shows its face once played).
    let slot_name = |seat: Seat, slot: usize| {
        g.fighters[seat]
            .bandolier
            .get(slot)
            .copied()
            .flatten()
            .map_or("?", |c| g.card_name(c))
    };
    match action {
        Action::Deal { .. } => "Characters and decks are dealt, five covert cards each".into(),
        Action::Reshuffle { .. } => "The showdown decks are reshuffled".into(),
        Action::Exchange { slot, pocket } => match g.phase {
            Phase::Exchange { seat } if sees(seat) => {
                let f = &g.fighters[seat];
                format!(
                    "{} swaps {} (slot {slot}) for {} from the pocket",
                    who(seat),
                    f.bandolier[*slot].map_or("?", |c| g.card_name(c)),
                    f.pocket.get(*pocket).map_or("?", |&c| g.card_name(c)),
                )
            }
            Phase::Exchange { seat } => format!("{} swaps a card with the pocket", who(seat)),
            _ => "a swap".into(),
        },
        Action::Arrange { a, b } => format!("swaps bandolier slots {} and {}", a + 1, b + 1),
        Action::Keep => "keeps the bandolier".into(),
        Action::Covert { card, target } => format!(
            "plays the covert {} on {}",
            g.card_name(*card),
            who(*target)
        ),
        Action::Early { slot, target } => match g.phase {
            Phase::Prepare { seat } => format!(
                "{} plays {} before the showdown, on {}",
                who(seat),
                slot_name(seat, *slot),
                who(*target)
            ),
            _ => "a card before the showdown".into(),
        },
        Action::Ready => "is ready".into(),
        Action::Toss { slot, target } => match g.next_tosser() {
            Some(seat) => format!(
                "{} tosses {} at {}'s mat",
                who(seat),
                // A toss shows its face: it lands face up.
                slot_name(seat, *slot),
                who(*target)
            ),
            None => "a toss".into(),
        },
        Action::Wait => "waits".into(),
        Action::Holster => "holsters".into(),
        Action::Land { in_hole } => {
            if *in_hole {
                "the card lands wholly inside the hole".into()
            } else {
                "the card comes to rest outside the hole".into()
            }
        }
    }
}
