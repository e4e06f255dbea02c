//! The Gunfighter's legal actions checked against the rule sheet
//! (`../shared/rules/the-gunfighter.md`, version 6.0, with the readings of
//! `docs/gunfighter-rules-notes.md` where the sheet is silent), not against
//! the rules' own list.
//!
//! [`book_legal`] enumerates, from the state's piles alone (bandoliers,
//! pockets, covert hands, health, the clock of each hand), every choice the
//! sheet gives the gunfighter whose decision it is. Random games of every
//! player count, with the rule option on and off, compare it as a set with
//! `legal_actions` at every decision, and try a universe of actions of every
//! shape (every slot, pocket card, seat and covert card at the table, and one
//! past each): each is accepted exactly when the sheet lists it. Shuffles and
//! a card coming to rest are chance outcomes: there the sheet lists nothing.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::gunfighter::{Action, Before, CardId, Gunfighter, Phase, Play};
use highnoon::cards::{CardGame, TableGame};

/// Games played; every third one calm (see [`game`]).
const GAMES: u64 = 30;
/// Decisions checked in one game at most (the calm games run long).
const MAX_DECISIONS: usize = 500;

// ------------------------------------------------------------- the sheet

/// Whose decision it is by the sheet; `None` while a shuffle or a card in
/// the air is to be settled, and at the end.
fn book_actor(g: &Gunfighter) -> Option<Seat> {
    match g.phase {
        Phase::Exchange { seat } | Phase::Prepare { seat } => Some(seat),
        Phase::Showdown => book_tosser(g),
        Phase::Deal | Phase::Reshuffle | Phase::Over => None,
    }
}

/// The gunfighter whose hand is free first in the five seconds.
fn book_tosser(g: &Gunfighter) -> Option<Seat> {
    // A card in the air comes to rest before anything else happens: a chance
    // outcome (the notes, "Time").
    if g.tosses.last().is_some_and(|t| t.in_hole.is_none()) {
        return None;
    }
    let n = g.rules.players;
    let end = g.rules.showdown_ms as i32;
    (0..n)
        .map(|k| (g.first + k) % n)
        .filter(|&s| {
            let f = &g.fighters[s];
            // "That player is eliminated from the game"; "you may play as
            // many cards from your bandolier as you like or are able to": a
            // holstered hand likes no more, an empty bandolier is unable, and
            // the five seconds end at `showdown_ms`.
            f.alive && !f.holstered && f.ready_ms < end && f.bandolier.iter().any(Option::is_some)
        })
        // "You may use only one hand to play cards, and you may only hold one
        // card in your hand at a time": the hand free first acts first, ties
        // from the showdown's first seat round the table (the notes).
        .min_by_key(|&s| g.fighters[s].ready_ms)
}

/// Every choice the sheet gives the gunfighter to act now (empty when it is
/// nobody's decision). Covert cards of one name are listed card by card: the
/// comparison reads each choice as the game lists it (`listed_as`).
fn book_legal(g: &Gunfighter) -> Vec<Action> {
    match g.phase {
        Phase::Exchange { seat } => laying_out(g, seat),
        Phase::Prepare { seat } => preparing(g, seat),
        Phase::Showdown => book_tosser(g).map_or_else(Vec::new, |s| tossing(g, s)),
        Phase::Deal | Phase::Reshuffle | Phase::Over => Vec::new(),
    }
}

/// Laying out the bandolier just drawn.
fn laying_out(g: &Gunfighter, seat: Seat) -> Vec<Action> {
    let f = &g.fighters[seat];
    let mut out = Vec::new();
    // "At the start of the next showdown, players are allowed to exchange any
    // cards in their pockets with cards they just drew."
    for (slot, card) in f.bandolier.iter().enumerate() {
        if card.is_some() {
            out.extend((0..f.pocket.len()).map(|pocket| Action::Exchange { slot, pocket }));
        }
    }
    // "Take the 6 showdown cards and arrange them face down in any order":
    // any order is a series of swaps of neighbouring slots (the notes).
    for a in 1..f.bandolier.len() {
        out.push(Action::Arrange { a: a - 1, b: a });
    }
    // "Memorize that order as you will not be allowed to look at and
    // rearrange your bandolier until the showdown is over": done.
    out.push(Action::Keep);
    out
}

/// Before the showdown, once every bandolier is laid out.
fn preparing(g: &Gunfighter, seat: Seat) -> Vec<Action> {
    let f = &g.fighters[seat];
    let mut out = Vec::new();
    // "Once each gunfighter's bandolier is laid out, each gunfighter is now
    // free to play one covert card."
    if !f.covert_played {
        for &card in &f.covert {
            let on = named_by(g, seat, card);
            out.extend(on.into_iter().map(|target| Action::Covert { card, target }));
        }
    }
    // "During this time you may also play any showdown cards that say 'play
    // this before a showdown begins'."
    for (slot, card) in f.bandolier.iter().enumerate() {
        if let Some(card) = *card
            && matches!(g.rules.card(card).play, Play::Before(_))
        {
            let on = named_by(g, seat, card);
            out.extend(on.into_iter().map(|target| Action::Early { slot, target }));
        }
    }
    // Done before the showdown (nothing obliges a gunfighter to play).
    out.push(Action::Ready);
    out
}

/// Whom a card played before a showdown names, by the words printed on it
/// (the sheet: "If you are ever confused, simply read the card directions!").
/// "An opponent starts tossing 0.8 s late", "take a covert card from an
/// opponent": any opponent still in the game ("That player is eliminated from
/// the game"), whether or not he holds a covert card. Every other card speaks
/// of "you": its player.
fn named_by(g: &Gunfighter, seat: Seat, card: CardId) -> Vec<Seat> {
    match g.rules.card(card).play {
        Play::Before(Before::Jam(_) | Before::Steal) => (0..g.rules.players)
            .filter(|&s| s != seat && g.fighters[s].alive)
            .collect(),
        _ => vec![seat],
    }
}

/// The five seconds, the hand free and no card in the air.
fn tossing(g: &Gunfighter, seat: Seat) -> Vec<Action> {
    let f = &g.fighters[seat];
    let mut out = Vec::new();
    // "You may play as many cards from your bandolier as you like or are
    // able to": any card still in it, "before a showdown" cards too (they do
    // nothing in a hole, the notes). Into any living gunfighter's mat, your
    // own included ("Golden Rule: Any card that lands within the hole in your
    // mat affects you"; "Cards like 'Dodge' are intended to be played in your
    // own mat"); the eliminated are out of the game.
    for (slot, card) in f.bandolier.iter().enumerate() {
        if card.is_some() {
            for target in (0..g.rules.players).filter(|&t| g.fighters[t].alive) {
                out.push(Action::Toss { slot, target });
            }
        }
    }
    // "As many ... as you like": a pause to watch, or no more this showdown.
    out.push(Action::Wait);
    out.push(Action::Holster);
    out
}

// ------------------------------------------------------------- the check

fn key(a: &Action) -> String {
    format!("{a:?}")
}

/// The sheet's choices as the game names them.
fn book_set(g: &Gunfighter) -> BTreeSet<String> {
    book_legal(g).iter().map(|a| key(&g.listed_as(a))).collect()
}

/// Covert cards to try: the seat's whole hand, the last card of each covert
/// name in the box (in the hand or not), a showdown card, and an id past the
/// rules' cards.
fn covert_samples(g: &Gunfighter, seat: Seat) -> Vec<CardId> {
    let mut cards = g.fighters[seat].covert.clone();
    let mut names: Vec<&String> = Vec::new();
    for &c in g.rules.covert.iter().rev() {
        let name = &g.rules.card(c).name;
        if !names.contains(&name) {
            names.push(name);
            cards.push(c);
        }
    }
    cards.extend(g.fighters[seat].deck.first());
    cards.extend(g.fighters[seat].bandolier.iter().flatten().next());
    cards.push(g.rules.cards.len() as CardId);
    cards
}

/// Actions of every shape: the phase's own over every slot, pocket card, seat
/// and covert card, and one past each; the other phases' once each.
fn universe(g: &Gunfighter, seat: Seat) -> Vec<Action> {
    let n = g.rules.players;
    let f = &g.fighters[seat];
    let slots = f.bandolier.len() + 1;
    let mut out = vec![
        Action::Keep,
        Action::Ready,
        Action::Wait,
        Action::Holster,
        Action::Land { in_hole: true },
        Action::Land { in_hole: false },
        Action::Reshuffle { decks: Vec::new() },
        Action::Deal {
            characters: Vec::new(),
            decks: Vec::new(),
            covert: Vec::new(),
        },
        Action::Exchange { slot: 0, pocket: 0 },
        Action::Arrange { a: 0, b: 1 },
        Action::Arrange {
            a: usize::MAX,
            b: 0,
        },
        Action::Toss {
            slot: 0,
            target: seat,
        },
        Action::Early {
            slot: 0,
            target: seat,
        },
        Action::Covert {
            card: g.rules.covert[0],
            target: seat,
        },
    ];
    match g.phase {
        Phase::Exchange { .. } => {
            for slot in 0..slots {
                out.extend((0..=f.pocket.len()).map(|pocket| Action::Exchange { slot, pocket }));
                out.extend((0..slots).map(|b| Action::Arrange { a: slot, b }));
            }
        }
        Phase::Prepare { .. } => {
            let cards = covert_samples(g, seat);
            for target in 0..=n {
                out.extend(cards.iter().map(|&card| Action::Covert { card, target }));
                out.extend((0..slots).map(|slot| Action::Early { slot, target }));
            }
        }
        _ => {
            for slot in 0..slots {
                out.extend((0..=n).map(|target| Action::Toss { slot, target }));
            }
        }
    }
    out
}

/// One decision: the sheet's actor, its choices against the list, and every
/// action of the universe accepted exactly when the sheet lists it.
fn check_decision(g: &Gunfighter, seat: Seat, at: &str) {
    assert_eq!(
        book_actor(g),
        Some(seat),
        "{at}: the sheet gives the decision to another seat"
    );
    let listed = g.legal_actions();
    for a in &listed {
        assert_eq!(
            &g.listed_as(a),
            a,
            "{at}: {a:?} is listed in a form not its own"
        );
    }
    let game: BTreeSet<String> = listed.iter().map(key).collect();
    assert_eq!(game.len(), listed.len(), "{at}: a choice is listed twice");
    let book = book_set(g);
    assert!(
        game == book,
        "{at} ({:?}): the list has {:?} more and {:?} fewer than the sheet",
        g.phase,
        game.difference(&book).collect::<Vec<_>>(),
        book.difference(&game).collect::<Vec<_>>(),
    );
    // A refused action changes nothing (checked), so one scratch copy serves
    // every refusal.
    let mut scratch = g.clone();
    for a in universe(g, seat) {
        let accepted = scratch.apply(a.clone()).is_ok();
        if accepted {
            scratch = g.clone();
        } else {
            assert!(scratch == *g, "{at}: refused {a:?} changed the game");
        }
        let in_book = book.contains(&key(&g.listed_as(&a)));
        assert_eq!(
            accepted, in_book,
            "{at} ({:?}): {a:?} accepted: {accepted}; the sheet lists it: {in_book}",
            g.phase
        );
    }
}

/// A game for `seed`: every player count, the rule option on and off. A calm
/// game starts each gunfighter with nine chips (the most a setup allows) and
/// its gunfighters holster early (see [`pick`]): showdowns run long, pockets
/// fill, decks and covert hands run out.
fn game(seed: u64, calm: bool) -> Gunfighter {
    let span = <Gunfighter as TableGame>::MAX_PLAYERS - <Gunfighter as TableGame>::MIN_PLAYERS + 1;
    let players = <Gunfighter as TableGame>::MIN_PLAYERS + seed as usize % span;
    let mut setup = Gunfighter::load_setup(&CardGame::Gunfighter.default_setup(), Some(players))
        .expect("setup");
    for (i, option) in Gunfighter::OPTIONS.iter().enumerate() {
        Gunfighter::set_option(&mut setup.rules, option.key, (seed >> i) & 1 == 1)
            .expect("an option");
    }
    if calm {
        setup.rules.health = 9;
    }
    Gunfighter::new_game(setup.rules)
}

/// A random listed action, keeping and getting ready often enough that the
/// showdowns come (a calm gunfighter also waits and holsters often).
fn pick(g: &Gunfighter, calm: bool, rng: &mut ChaCha8Rng) -> Action {
    let legal = g.legal_actions();
    let r: f64 = rng.random();
    let settled = match g.phase {
        Phase::Exchange { .. } if r < 0.3 => Some(Action::Keep),
        Phase::Prepare { .. } if r < 0.3 => Some(Action::Ready),
        Phase::Showdown if calm && r < 0.3 => Some(Action::Holster),
        Phase::Showdown if calm && r < 0.45 => Some(Action::Wait),
        _ => None,
    };
    settled.unwrap_or_else(|| legal[rng.random_range(0..legal.len())].clone())
}

/// The rarer situations the checks met (so they cannot pass on easy states).
#[derive(Debug, Default)]
struct Met {
    /// A toss into the tosser's own mat.
    toss_at_self: usize,
    /// Tossing with an eliminated gunfighter at the table (his mat refused).
    dead_at_the_table: usize,
    /// Preparing with a Jam or Steal to play and an eliminated gunfighter at the table.
    opponent_card_with_dead: usize,
    /// Tossing with one card left in the bandolier.
    last_card: usize,
    /// Laying out with an empty pocket (nothing to exchange).
    empty_pocket: usize,
    /// Laying out with a full pocket.
    full_pocket: usize,
    /// Laying out with the showdown deck drawn to its last card.
    empty_deck: usize,
    /// Decks run short: discards and pockets shuffled back.
    reshuffles: usize,
    /// Preparing with no covert card in hand.
    empty_hand: usize,
    /// Preparing after the one covert card, with more in hand.
    covert_spent: usize,
    covert_played: usize,
    early_played: usize,
    /// A Steal to play with an opponent holding no covert card.
    steal_from_empty_hand: usize,
    /// A Draw to play with the covert deck empty (not required).
    draw_from_empty_deck: usize,
    games_over: usize,
}

impl Met {
    fn survey(&mut self, g: &Gunfighter, seat: Seat) {
        let f = &g.fighters[seat];
        let someone_dead = g.fighters.iter().any(|o| !o.alive);
        match g.phase {
            Phase::Exchange { .. } => {
                self.empty_pocket += usize::from(f.pocket.is_empty());
                self.full_pocket += usize::from(f.pocket.len() == g.rules.pocket);
                self.empty_deck += usize::from(f.deck.is_empty());
            }
            Phase::Prepare { .. } => {
                let hand: &[CardId] = if f.covert_played { &[] } else { &f.covert };
                let plays: Vec<Play> = hand
                    .iter()
                    .chain(f.bandolier.iter().flatten())
                    .map(|&c| g.rules.card(c).play)
                    .collect();
                let names_opponent = plays
                    .iter()
                    .any(|p| matches!(p, Play::Before(Before::Jam(_) | Before::Steal)));
                let steals = plays.contains(&Play::Before(Before::Steal));
                let draws = plays
                    .iter()
                    .any(|p| matches!(p, Play::Before(Before::Draw(_))));
                let empty_opponent = g
                    .fighters
                    .iter()
                    .enumerate()
                    .any(|(s, o)| s != seat && o.alive && o.covert.is_empty());
                self.empty_hand += usize::from(f.covert.is_empty() && !f.covert_played);
                self.covert_spent += usize::from(f.covert_played && !f.covert.is_empty());
                self.opponent_card_with_dead += usize::from(names_opponent && someone_dead);
                self.steal_from_empty_hand += usize::from(steals && empty_opponent);
                self.draw_from_empty_deck += usize::from(draws && g.covert_deck.is_empty());
            }
            _ => {
                self.last_card += usize::from(f.bandolier.iter().flatten().count() == 1);
                self.dead_at_the_table += usize::from(someone_dead);
            }
        }
    }

    fn chosen(&mut self, seat: Seat, a: &Action) {
        match *a {
            Action::Toss { target, .. } => self.toss_at_self += usize::from(target == seat),
            Action::Covert { .. } => self.covert_played += 1,
            Action::Early { .. } => self.early_played += 1,
            _ => {}
        }
    }

    fn assert_met(&self, decisions: usize) {
        eprintln!("{decisions} decisions checked: {self:?}");
        let least = [
            ("tosses at the tosser's own mat", self.toss_at_self, 20),
            (
                "tosses with the dead at the table",
                self.dead_at_the_table,
                20,
            ),
            (
                "Jams or Steals with the dead at the table",
                self.opponent_card_with_dead,
                5,
            ),
            ("tosses of the last card", self.last_card, 20),
            ("lay-outs with an empty pocket", self.empty_pocket, 20),
            ("lay-outs with a full pocket", self.full_pocket, 5),
            ("lay-outs with the deck drawn out", self.empty_deck, 3),
            ("reshuffles", self.reshuffles, 3),
            ("preparations with no covert card", self.empty_hand, 3),
            ("preparations after the covert card", self.covert_spent, 20),
            ("covert cards played", self.covert_played, 20),
            ("cards played early from a bandolier", self.early_played, 10),
            (
                "Steals on an empty hand on offer",
                self.steal_from_empty_hand,
                1,
            ),
            ("games played out", self.games_over, 5),
        ];
        for (what, n, at_least) in least {
            assert!(
                n >= at_least,
                "only {n} {what} in {decisions} decisions (at least {at_least}): {self:?}"
            );
        }
    }
}

#[test]
fn gunfighter_legal_actions_are_the_sheets_at_every_decision() {
    let mut met = Met::default();
    let mut decisions = 0;
    let games = super::common::rule_games(GAMES);
    for seed in 0..games {
        let calm = seed % 3 == 2;
        let mut g = game(seed, calm);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6f17);
        let mut step = 0;
        while step < MAX_DECISIONS {
            let at = format!("seed {seed}, decision {step}");
            match g.turn() {
                Turn::Over => {
                    assert!(
                        book_legal(&g).is_empty(),
                        "{at}: the sheet lists a choice after the end"
                    );
                    break;
                }
                Turn::Chance => {
                    assert_eq!(
                        book_actor(&g),
                        None,
                        "{at}: the sheet gives a chance step to a seat"
                    );
                    assert!(book_legal(&g).is_empty() && g.legal_actions().is_empty());
                    met.reshuffles += usize::from(g.phase == Phase::Reshuffle);
                    let a = g.sample_chance(&mut rng);
                    g.apply(a)
                        .unwrap_or_else(|e| panic!("{at}: a chance outcome refused: {e}"));
                }
                Turn::Player(seat) => {
                    check_decision(&g, seat, &at);
                    met.survey(&g, seat);
                    let a = pick(&g, calm, &mut rng);
                    met.chosen(seat, &a);
                    g.apply(a)
                        .unwrap_or_else(|e| panic!("{at}: a listed action refused: {e}"));
                    step += 1;
                }
            }
        }
        decisions += step;
        met.games_over += usize::from(g.is_over());
    }
    met.assert_met(decisions);
}
