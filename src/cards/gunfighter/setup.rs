//! The Gunfighter's setup file (`assets/cards/gunfighter.ron`): the six
//! characters' 30-card showdown decks and the 42 covert cards, designed from a
//! small vocabulary of effects (the rule sheet names only Bullet, Dodge and
//! Take Cover). Cards carry their text; the rules read their effects, never
//! their names. Validated as a whole, every problem at its line and column.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::scenario::{DataError, Problems};

/// Cards in a character's showdown deck.
pub const DECK_CARDS: usize = 30;
/// Covert cards in the box.
pub const COVERT_CARDS: usize = 42;
/// The six characters of the box, in the rule sheet's order.
pub const CHARACTERS: [&str; 6] = [
    "Gunslinger",
    "Outlaw",
    "Veteran",
    "Drunk",
    "Lawman",
    "Reverend",
];
/// How many players the game takes (one character deck each).
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;

/// What a showdown card does when it lies wholly inside a mat's hole. It
/// always acts on the mat's owner (the rule sheet's golden rule), whoever
/// tossed it; the stack is read from the top (the last card in) down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// The owner loses this many health (a Bullet: 1).
    Damage(u8),
    /// The owner regains this much health, never above the starting health.
    Heal(u8),
    /// The card directly below (the one in before it) does nothing (Dodge).
    NegateBelow,
    /// The card directly above (the next one in on top of it) does nothing
    /// (Take Cover). A card that negates below wins over one that negates
    /// above: it is read first.
    NegateAbove,
    /// The card directly above, if it deals damage, deals it to its own
    /// thrower instead of the owner (a ricochet).
    Ricochet,
    /// The card directly below acts twice (fanning the hammer behind it).
    Double,
    /// The owner hands one covert card, at random, to this card's thrower.
    Pickpocket,
}

/// What a card played before a showdown does (every covert card, and the
/// showdown cards that say "play this before a showdown begins": those are
/// played from the six just drawn and never tossed). It lasts one showdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Before {
    /// The first this-many damage on your mat this showdown do nothing.
    Armor(u8),
    /// Regain this much health now.
    Heal(u8),
    /// Your hand is free this many ms before the others' (you may start
    /// tossing before the five seconds begin).
    Quickdraw(u16),
    /// The opponent you name starts tossing this many ms late.
    Jam(u16),
    /// Take one covert card, at random, from the opponent you name.
    Steal,
    /// Draw this many covert cards from the covert deck.
    Draw(u8),
}

/// How a card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Play {
    /// Tossed into a mat's hole during the showdown.
    Toss(Effect),
    /// Played before a showdown begins.
    Before(Before),
}

/// Whom a card is meant for: a hint for the player and the bots (the golden
/// rule applies whatever the hint says).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aim {
    /// Into an opponent's mat (a Bullet), or at a named opponent (a Jam).
    #[default]
    Opponent,
    /// Into your own mat (a Dodge), or on yourself (Armor).
    Own,
}

/// One kind of card in a deck: its face and how many the deck holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    pub name: String,
    /// The text printed on the card.
    pub text: String,
    pub play: Play,
    #[serde(default)]
    pub aim: Aim,
    pub count: usize,
}

/// A character and its showdown deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterSpec {
    pub name: String,
    /// The colour of its card backs (the rule sheet's).
    pub colour: String,
    /// Its style of play, in a line.
    pub style: String,
    pub deck: Vec<CardSpec>,
}

fn three() -> u8 {
    3
}
fn six() -> usize {
    6
}
fn five() -> usize {
    5
}
fn showdown_ms() -> u32 {
    5000
}

/// A Gunfighter setup file (`assets/cards/gunfighter.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunfighterSetup {
    /// Players, 2 to 6 (`--players` overrides).
    #[serde(default = "default_players")]
    pub players: usize,
    /// Who sits where at the window's table (`You` or `Bot(Hard)`, ...), seat 0
    /// first; missing seats are normal bots. Not a rule: the game ignores it.
    #[serde(default)]
    pub seats: Vec<crate::cards::seating::SeatKind>,
    /// Seeds the shuffles and the bots in the window.
    #[serde(default = "crate::cards::seating::default_seed")]
    pub seed: u64,
    /// Each gunfighter's chips (health) at the start.
    #[serde(default = "three")]
    pub health: u8,
    /// Showdown cards drawn into the bandolier before each showdown.
    #[serde(default = "six")]
    pub bandolier: usize,
    /// The most cards a pocket holds.
    #[serde(default = "six")]
    pub pocket: usize,
    /// Covert cards dealt to each player at the start.
    #[serde(default = "five")]
    pub covert_hand: usize,
    /// How long the tossing lasts (after the five-second countdown), ms.
    #[serde(default = "showdown_ms")]
    pub showdown_ms: u32,
    /// Characters are dealt at random (the rule sheet's first way); false: seat
    /// `i` plays `characters[i]` (the second way, by agreement).
    #[serde(default = "yes")]
    pub random_characters: bool,
    /// House rule for computer play: after this many showdowns the game ends
    /// and the most health wins.
    #[serde(default = "showdown_limit")]
    pub showdown_limit: u32,
    /// The six characters and their 30-card showdown decks.
    pub characters: Vec<CharacterSpec>,
    /// The 42 covert cards (played before a showdown, one each).
    pub covert: Vec<CardSpec>,
}

fn default_players() -> usize {
    4
}
fn yes() -> bool {
    true
}

fn showdown_limit() -> u32 {
    200
}

/// A card of any deck, by id (an index into [`Rules::cards`]).
pub type CardId = u16;

/// The numbered settings' limits, in this order: (key, lowest, highest).
/// A setup file and a saved game's rules are checked against them.
pub(crate) const LIMITS: [(&str, u64, u64); 6] = [
    ("health", 1, 9),
    ("bandolier", 1, 12),
    ("pocket", 0, 30),
    ("covert_hand", 0, 10),
    ("showdown_ms", 1000, 30_000),
    ("showdown_limit", 1, 100_000),
];

/// A card as the rules know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    pub name: String,
    pub text: String,
    pub play: Play,
    pub aim: Aim,
    /// The character whose deck holds it (`None`: a covert card).
    pub character: Option<usize>,
}

/// A character as the rules know it: its deck's cards by id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterDef {
    pub name: String,
    pub colour: String,
    pub style: String,
    pub deck: Vec<CardId>,
}

/// A validated setup, shared by every state of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub players: usize,
    pub health: u8,
    pub bandolier: usize,
    pub pocket: usize,
    pub covert_hand: usize,
    pub showdown_ms: u32,
    pub random_characters: bool,
    /// House rule for computer play: after this many showdowns the most health wins.
    pub showdown_limit: u32,
    pub cards: Vec<CardDef>,
    pub characters: Vec<CharacterDef>,
    /// The covert deck's cards.
    pub covert: Vec<CardId>,
}

/// The value an effect's number must lie in.
fn amount_ok(play: &Play) -> Result<(), String> {
    let (what, n, range) = match *play {
        Play::Toss(Effect::Damage(n)) => ("Damage", n as u32, 1..=3),
        Play::Toss(Effect::Heal(n)) => ("Heal", n as u32, 1..=3),
        Play::Before(Before::Armor(n)) => ("Armor", n as u32, 1..=3),
        Play::Before(Before::Heal(n)) => ("Heal", n as u32, 1..=3),
        Play::Before(Before::Draw(n)) => ("Draw", n as u32, 1..=3),
        Play::Before(Before::Quickdraw(ms)) => ("Quickdraw", ms as u32, 100..=2000),
        Play::Before(Before::Jam(ms)) => ("Jam", ms as u32, 100..=2000),
        _ => return Ok(()),
    };
    if range.contains(&n) {
        Ok(())
    } else {
        Err(format!(
            "{what}({n}): must be {} to {}",
            range.start(),
            range.end()
        ))
    }
}

impl Rules {
    /// Reads and checks a setup file; `players` overrides the file's count.
    pub fn load(path: &Path, players: Option<usize>) -> Result<Rules, Problems> {
        <super::Gunfighter as crate::cards::TableGame>::load_setup(path, players).map(|s| s.rules)
    }

    /// Checks a parsed setup's own rules (who sits and how many are checked
    /// for every game alike, by `TableGame::load_setup`); every problem names
    /// the file, line and column.
    pub(crate) fn from_setup(
        setup: &GunfighterSetup,
        file: &Path,
        text: &str,
    ) -> Result<Rules, Problems> {
        let mut problems: Vec<DataError> = Vec::new();
        check_numbers(setup, file, text, &mut problems);
        check_characters(setup, file, text, &mut problems);
        check_covert_counts(setup, file, text, &mut problems);
        check_card_specs(setup, file, text, &mut problems);
        check_bandolier(setup, file, text, &mut problems);
        Problems::check(problems)?;
        Ok(number_cards(setup))
    }

    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id as usize]
    }
}

/// The numbered settings within their [`LIMITS`].
fn check_numbers(setup: &GunfighterSetup, file: &Path, text: &str, problems: &mut Vec<DataError>) {
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    let mut range = |key: &str, v: u64, lo: u64, hi: u64| {
        if !(lo..=hi).contains(&v) {
            problems.push(at(key, format!("{key} {v}: must be {lo} to {hi}")));
        }
    };
    let values = [
        u64::from(setup.health),
        setup.bandolier as u64,
        setup.pocket as u64,
        setup.covert_hand as u64,
        u64::from(setup.showdown_ms),
        u64::from(setup.showdown_limit),
    ];
    for ((key, lo, hi), v) in LIMITS.into_iter().zip(values) {
        range(key, v, lo, hi);
    }
}

/// The six characters, each once, each with a deck of 30; enough of them
/// for the players.
fn check_characters(
    setup: &GunfighterSetup,
    file: &Path,
    text: &str,
    problems: &mut Vec<DataError>,
) {
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    let names: Vec<String> = setup
        .characters
        .iter()
        .map(|c| format!("\"{}\"", c.name))
        .collect();
    problems.extend(crate::cards::listed_twice(
        file,
        text,
        &names,
        " among the characters",
    ));
    for c in &setup.characters {
        let here = |msg: String| DataError::at_nth(file, text, &format!("\"{}\"", c.name), 0, msg);
        if !CHARACTERS.contains(&c.name.as_str()) {
            problems.push(here(format!(
                "unknown character \"{}\" (the box: {})",
                c.name,
                CHARACTERS.join(", ")
            )));
        }
        let total = c.deck.iter().fold(0usize, |a, e| a.saturating_add(e.count));
        if total != DECK_CARDS {
            problems.push(here(format!(
                "{}'s deck holds {total} cards: a showdown deck holds {DECK_CARDS}",
                c.name
            )));
        }
    }
    for name in CHARACTERS {
        if !setup.characters.iter().any(|c| c.name == name) {
            problems.push(at(
                "characters",
                format!("the {name} has no deck (every character of the box needs one)"),
            ));
        }
    }
    if setup.characters.len() < setup.players && setup.players <= CHARACTERS.len() {
        problems.push(at(
            "characters",
            format!(
                "{} characters for {} players",
                setup.characters.len(),
                setup.players
            ),
        ));
    }
}

/// The box's covert cards, enough for every player's covert hand.
fn check_covert_counts(
    setup: &GunfighterSetup,
    file: &Path,
    text: &str,
    problems: &mut Vec<DataError>,
) {
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    let covert_total = setup
        .covert
        .iter()
        .fold(0usize, |a, e| a.saturating_add(e.count));
    if covert_total != COVERT_CARDS {
        problems.push(at(
            "covert",
            format!("{covert_total} covert cards: the box has {COVERT_CARDS}"),
        ));
    }
    if setup.covert_hand.saturating_mul(setup.players) > covert_total {
        problems.push(at(
            "covert_hand",
            format!(
                "{} players with {} covert cards each need {}; there are {covert_total}",
                setup.players,
                setup.covert_hand,
                setup.covert_hand.saturating_mul(setup.players)
            ),
        ));
    }
}

/// Every card: a name, a count, a number in range; covert cards are
/// played before a showdown.
fn check_card_specs(
    setup: &GunfighterSetup,
    file: &Path,
    text: &str,
    problems: &mut Vec<DataError>,
) {
    let specs = setup
        .characters
        .iter()
        .flat_map(|c| c.deck.iter().map(move |e| (Some(c.name.as_str()), e)))
        .chain(setup.covert.iter().map(|e| (None, e)));
    for (character, e) in specs {
        let here = |msg: String| DataError::at_nth(file, text, &format!("\"{}\"", e.name), 0, msg);
        if e.count == 0 || e.count > DECK_CARDS.max(COVERT_CARDS) {
            problems.push(here(format!(
                "{} × \"{}\": 1 to {} of a card",
                e.count, e.name, COVERT_CARDS
            )));
        }
        if let Err(msg) = amount_ok(&e.play) {
            problems.push(here(format!("\"{}\": {msg}", e.name)));
        }
        if character.is_none() && matches!(e.play, Play::Toss(_)) {
            problems.push(here(format!(
                "covert card \"{}\" is tossed: covert cards are played before a showdown (Before(...))",
                e.name
            )));
        }
        if e.text.trim().is_empty() {
            problems.push(here(format!("\"{}\" has no text", e.name)));
        }
    }
}

/// A bandolier no bigger than a deck.
fn check_bandolier(
    setup: &GunfighterSetup,
    file: &Path,
    text: &str,
    problems: &mut Vec<DataError>,
) {
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    if setup.bandolier > DECK_CARDS {
        problems.push(at(
            "bandolier",
            format!(
                "a bandolier of {} from a deck of {DECK_CARDS}",
                setup.bandolier
            ),
        ));
    }
}

/// The checked setup's rules: every physical card gets an id; a deck is
/// the ids of its cards.
fn number_cards(setup: &GunfighterSetup) -> Rules {
    let mut cards = Vec::new();
    let mut deal = |specs: &[CardSpec], character: Option<usize>| -> Vec<CardId> {
        let mut ids = Vec::new();
        for e in specs {
            for _ in 0..e.count {
                ids.push(cards.len() as CardId);
                cards.push(CardDef {
                    name: e.name.clone(),
                    text: e.text.clone(),
                    play: e.play,
                    aim: e.aim,
                    character,
                });
            }
        }
        ids
    };
    let characters: Vec<CharacterDef> = setup
        .characters
        .iter()
        .enumerate()
        .map(|(k, c)| CharacterDef {
            name: c.name.clone(),
            colour: c.colour.clone(),
            style: c.style.clone(),
            deck: deal(&c.deck, Some(k)),
        })
        .collect();
    let covert = deal(&setup.covert, None);
    Rules {
        players: setup.players,
        health: setup.health,
        bandolier: setup.bandolier,
        pocket: setup.pocket,
        covert_hand: setup.covert_hand,
        showdown_ms: setup.showdown_ms,
        random_characters: setup.random_characters,
        showdown_limit: setup.showdown_limit,
        cards,
        characters,
        covert,
    }
}
