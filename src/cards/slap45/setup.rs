//! Slap .45 setup files (`assets/cards/slap45.ron`): the raw serde types, and
//! their validation into [`Rules`] with every problem at the file's line and
//! column (the same shape as the other card games' setups).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::cards::core::Seat;
use crate::cards::seating::SeatKind;
use crate::scenario::{DataError, Problems};

/// A card of the deck, by id (an index into [`Rules::cards`]).
pub type CardId = u8;

/// Members in a gang at the start (the box: six gang cards per home base).
pub const MEMBERS: u8 = 6;
/// Home bases (and gangs) in the box.
pub const BOX_GANGS: usize = 7;
/// How many players (gangs) the game takes.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 3..=7;
/// The most cards of one kind a deck may hold.
pub const MAX_OF_A_KIND: usize = 60;

/// How many cards of a kind the box has.
pub fn box_count(kind: CardKind) -> usize {
    match kind {
        CardKind::TalkinIron | CardKind::Move => 20,
        CardKind::BigGun => 10,
        CardKind::Gold => 17,
    }
}

/// The four kinds of card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CardKind {
    /// The revolver: the first slap with a point shoots; cover protects.
    TalkinIron,
    /// The horse: everyone slaps into new cover; the last one loses a member.
    Move,
    /// The cannon: like a Talkin' Iron, but it pierces cover.
    BigGun,
    /// Advanced rule: the first slap claims it.
    Gold,
}

impl CardKind {
    pub const ALL: [CardKind; 4] = [
        CardKind::TalkinIron,
        CardKind::Move,
        CardKind::BigGun,
        CardKind::Gold,
    ];

    pub fn title(self) -> &'static str {
        match self {
            CardKind::TalkinIron => "Talkin' Iron",
            CardKind::Move => "Move!",
            CardKind::BigGun => "Big Gun",
            CardKind::Gold => "Gold",
        }
    }

    /// What the card shows.
    pub fn picture(self) -> &'static str {
        match self {
            CardKind::TalkinIron => "revolver",
            CardKind::Move => "horse",
            CardKind::BigGun => "cannon",
            CardKind::Gold => "gold",
        }
    }
}

/// The gang powers (advanced rule, with the Gold cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Power {
    /// Pay 1 Gold: a Talkin' Iron it slaps counts as a Big Gun.
    Union,
    /// Pay 1 Gold: its shot from a Big Gun card kills two.
    Confederates,
    /// Pay 1 Gold: a Gold card it slaps counts as a Big Gun.
    PonchoPosse,
    /// Pay 1 Gold: a Move! card it slaps counts as a Big Gun.
    Comanche,
    /// A second hand may occupy a second home base (no extra protection).
    LoneStarSheriffs,
    /// Pay 1 Gold: the next card of a named kind is a trap.
    BlackHatOutlaws,
    /// When dealing, peeks at the top card before flipping it.
    RailroadCompany,
}

impl Power {
    pub const ALL: [Power; 7] = [
        Power::Union,
        Power::Confederates,
        Power::PonchoPosse,
        Power::Comanche,
        Power::LoneStarSheriffs,
        Power::BlackHatOutlaws,
        Power::RailroadCompany,
    ];

    /// The card kind a paid slap power works on (`None`: not a slap power).
    pub fn works_on(self) -> Option<CardKind> {
        match self {
            Power::Union => Some(CardKind::TalkinIron),
            Power::Confederates => Some(CardKind::BigGun),
            Power::PonchoPosse => Some(CardKind::Gold),
            Power::Comanche => Some(CardKind::Move),
            _ => None,
        }
    }

    /// What the power does, in one line.
    pub fn about(self) -> &'static str {
        match self {
            Power::Union => "Pay 1 Gold: a Talkin' Iron you slap is a Big Gun.",
            Power::Confederates => "Pay 1 Gold: your Big Gun shot kills two.",
            Power::PonchoPosse => "Pay 1 Gold: a Gold card you slap is a Big Gun.",
            Power::Comanche => "Pay 1 Gold: a Move! card you slap is a Big Gun.",
            Power::LoneStarSheriffs => "Your second hand may hold a second home base.",
            Power::BlackHatOutlaws => "Pay 1 Gold: the next card of a kind you name is a trap.",
            Power::RailroadCompany => "When you deal, you peek at the card before flipping it.",
        }
    }
}

/// One kind of card and how many of it the deck holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    pub card: CardKind,
    pub count: usize,
}

/// A home base and its gang.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GangSpec {
    pub name: String,
    pub power: Power,
    /// One line of character, for the base's face.
    #[serde(default)]
    pub blurb: String,
}

fn four() -> usize {
    4
}
fn one() -> u8 {
    1
}
fn round_limit() -> u32 {
    500
}

/// A Slap .45 setup file (`assets/cards/slap45.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slap45Setup {
    /// Players (gangs), 3 to 7 (`--players` overrides).
    #[serde(default = "four")]
    pub players: usize,
    /// Who sits where at the window's table (`You` or `Bot(Hard)`, ...), seat 0
    /// first; missing seats are normal bots. Not a rule: the game ignores it.
    #[serde(default)]
    pub seats: Vec<SeatKind>,
    /// Seeds the shuffles and the bots in the window.
    #[serde(default = "crate::cards::seating::default_seed")]
    pub seed: u64,
    /// Advanced rule: the Gold cards are shuffled in, each gang starts with
    /// `starting_gold`, and the gang powers and recruiting work.
    #[serde(default)]
    pub gold: bool,
    /// Gold cards each gang starts with (advanced rule), taken from the deck's Gold.
    #[serde(default = "one")]
    pub starting_gold: u8,
    /// The first dealer (the best fake moustache at the table).
    #[serde(default)]
    pub first_dealer: Seat,
    /// House rule, off by default (the book sets no cap): a recruit joins
    /// only a gang with fewer members than this, e.g. `Some(6)`.
    #[serde(default)]
    pub max_members: Option<u8>,
    /// House rule for computer play: after this many rounds the game ends and
    /// the gangs with the most members win.
    #[serde(default = "round_limit")]
    pub round_limit: u32,
    /// The cards: 20 Talkin' Iron, 20 Move!, 10 Big Gun and 17 Gold in the box.
    pub deck: Vec<DeckEntry>,
    /// The home bases with their gangs and powers (seven in the box).
    pub gangs: Vec<GangSpec>,
}

/// A validated setup, shared by every state of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub players: usize,
    /// Advanced rule: Gold cards, gang powers and recruiting.
    pub gold: bool,
    pub starting_gold: u8,
    pub first_dealer: Seat,
    /// House rule: the most members a recruit may bring a gang to (None: no cap).
    pub max_members: Option<u8>,
    pub round_limit: u32,
    /// The deck as the setup lists it (Gold included even when the rule is off).
    pub deck: Vec<DeckEntry>,
    pub gangs: Vec<GangSpec>,
    /// Every card's kind, by id: the deck in play (no Gold without the rule).
    pub cards: Vec<CardKind>,
}

impl Rules {
    /// Reads and checks a setup file; `players` overrides the file's count.
    pub fn load(path: &Path, players: Option<usize>) -> Result<Rules, Problems> {
        <super::Slap45 as crate::cards::TableGame>::load_setup(path, players).map(|s| s.rules)
    }

    /// Checks a parsed setup's own rules (who sits and how many are checked
    /// for every game alike, by `TableGame::load_setup`); every problem names
    /// the file, line and column.
    pub(crate) fn from_setup(
        setup: &Slap45Setup,
        file: &Path,
        text: &str,
    ) -> Result<Rules, Problems> {
        let mut problems: Vec<DataError> = Vec::new();
        let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
        if setup.first_dealer >= setup.players.max(1) {
            problems.push(at(
                "first_dealer",
                format!(
                    "first_dealer {} is not a seat of {} players",
                    setup.first_dealer, setup.players
                ),
            ));
        }
        if setup.round_limit == 0 {
            problems.push(at("round_limit", "round_limit must be at least 1".into()));
        }
        let most = MEMBERS as usize * BOX_GANGS;
        if let Some(m) = setup.max_members
            && (m < MEMBERS || m as usize > most)
        {
            problems.push(at(
                "max_members",
                format!("max_members must be {MEMBERS} to {most}"),
            ));
        }
        let kinds: Vec<String> = setup.deck.iter().map(|e| format!("{:?}", e.card)).collect();
        problems.extend(crate::cards::listed_twice(
            file,
            text,
            &kinds,
            " in the deck",
        ));
        // Every kind of the box, each once, 1 to MAX_OF_A_KIND cards (the box:
        // 20 Talkin' Iron, 20 Move!, 10 Big Gun, 17 Gold).
        for k in CardKind::ALL {
            if !setup.deck.iter().any(|e| e.card == k) {
                problems.push(at(
                    "deck",
                    format!("the deck has no {k:?} entry (the box: 20 TalkinIron, 20 Move, 10 BigGun, 17 Gold)"),
                ));
            }
        }
        for e in &setup.deck {
            if !(1..=MAX_OF_A_KIND).contains(&e.count) {
                problems.push(DataError::at_nth(
                    file,
                    text,
                    &format!("{:?}", e.card),
                    0,
                    format!(
                        "{} {:?} cards: 1 to {MAX_OF_A_KIND} of a kind (the box has {})",
                        e.count,
                        e.card,
                        box_count(e.card)
                    ),
                ));
            }
        }
        let count = |k: CardKind| -> usize {
            setup
                .deck
                .iter()
                .filter(|e| e.card == k)
                .fold(0usize, |a, e| a.saturating_add(e.count))
        };
        let total: usize = setup
            .deck
            .iter()
            .fold(0usize, |a, e| a.saturating_add(e.count));
        let golds = count(CardKind::Gold);
        if total > CardId::MAX as usize {
            problems.push(at(
                "deck",
                format!("{total} cards: at most {} in a deck", CardId::MAX),
            ));
        }
        let needed = setup.players.saturating_mul(setup.starting_gold as usize);
        if (setup.gold || golds > 0) && golds < needed {
            problems.push(at(
                "starting_gold",
                format!(
                    "{} players with {} Gold each need {needed} Gold cards; the deck has {golds}",
                    setup.players, setup.starting_gold
                ),
            ));
        }
        problems.extend(crate::cards::check_roster(
            file,
            text,
            "gangs",
            "gangs (home bases)",
            setup.gangs.iter().map(|g| g.name.as_str()),
            setup.players,
        ));
        for (i, g) in setup.gangs.iter().enumerate() {
            if setup.gangs[..i].iter().any(|p| p.power == g.power) {
                problems.push(DataError::at_text(
                    file,
                    text,
                    &format!("\"{}\"", g.name),
                    format!(
                        "{}: the {:?} power belongs to another gang already (each gang has its own)",
                        g.name, g.power
                    ),
                ));
            }
        }
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        let mut rules = Rules {
            players: setup.players,
            gold: setup.gold,
            starting_gold: setup.starting_gold,
            first_dealer: setup.first_dealer,
            max_members: setup.max_members,
            round_limit: setup.round_limit,
            deck: setup.deck.clone(),
            gangs: setup.gangs.clone(),
            cards: Vec::new(),
        };
        rules.set_gold(setup.gold);
        Ok(rules)
    }

    /// Turns the advanced rule (Gold and gang powers) on or off: the deck in
    /// play is rebuilt (Gold cards only with the rule). For a new game only.
    pub fn set_gold(&mut self, on: bool) {
        self.gold = on;
        let mut cards = Vec::new();
        for e in &self.deck {
            if e.card == CardKind::Gold && !on {
                continue;
            }
            cards.extend(std::iter::repeat_n(e.card, e.count));
        }
        self.cards = cards;
    }

    /// The kind of a card.
    pub fn kind(&self, card: CardId) -> CardKind {
        self.cards[card as usize]
    }

    /// How many cards of `kind` the deck in play holds.
    pub fn count(&self, kind: CardKind) -> usize {
        self.cards.iter().filter(|&&k| k == kind).count()
    }
}
