//! Hidden information in every word a seat is shown, in all four card games:
//! log lines, real-time declarations, news, the side panel's status and
//! notes, the labels on the table, the buttons' labels, the terminal's
//! rendering of the view and its numbered choices, the real-time "resting"
//! line and the final summary.
//!
//! Two checks, each against what hidden_info.rs's record says the seat may
//! know (written from the books, not from the rules' observations):
//!
//! - **names**: a card's name appears in a string shown to a seat only when a
//!   card of that name is in the seat's record (for a line about an action,
//!   the record before or after it: a card played face up is seen as it is
//!   played);
//! - **scrambled worlds**: a state scrambled in everything the seat may not
//!   know shows the seat the very same words; and a line about an action is
//!   the same in every scrambled world where the action is legal and leaves
//!   the seat seeing what it sees after it in the real one. This catches what
//!   names cannot: a count, an order, a hint.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::gunfighter::Gunfighter;
use highnoon::cards::seating::SeatKind;
use highnoon::cards::slap45::{self, Slap45};
use highnoon::cards::slapshot::Slapshot;
use highnoon::cards::table_game::act;
use highnoon::cards::tabletown::Tabletown;
use highnoon::cards::{CardGame, TableGame};

use super::hidden_info::{Book, Keys, random_step};

/// A game's cards by the names its words give them (card_hints.rs checks
/// the hints' words with it too).
pub(super) trait Named: Book {
    /// Every card of the game, its key (as the record counts it) and its name.
    fn card_names(&self) -> Vec<(u32, String)>;
    /// Phrases in which a card's name is a word of the rules, not a card on
    /// the table (each one read and listed here by hand).
    fn rule_words(&self) -> Vec<String> {
        Vec::new()
    }
}

impl Named for Slapshot {
    fn card_names(&self) -> Vec<(u32, String)> {
        (0..self.rules.names.len())
            .map(|i| (i as u32, self.rules.names[i].clone()))
            .collect()
    }
}

impl Named for Tabletown {
    fn rule_words(&self) -> Vec<String> {
        // The deal: the two combat cards are shuffled in after it, face
        // down, where nobody knows.
        vec![
            "(without DRAW!/SHOOTOUT!)".into(),
            "DRAW! and SHOOTOUT! are shuffled back in".into(),
        ]
    }
    fn card_names(&self) -> Vec<(u32, String)> {
        (0..self.rules.cards.len())
            .map(|i| (i as u32, self.rules.cards[i].title().to_string()))
            .collect()
    }
}

impl Named for Slap45 {
    fn rule_words(&self) -> Vec<String> {
        // A trap names the kind of card it waits for (the seat's own
        // guess); a gang's power names the kinds it works on; a card
        // slapped with the power counts as a Big Gun.
        let mut words: Vec<String> = slap45::CardKind::ALL
            .iter()
            .map(|k| format!("the next {}", k.title()))
            .collect();
        words.extend(slap45::Power::ALL.iter().map(|p| p.about().to_string()));
        words.push("(as a Big Gun)".into());
        words
    }
    fn card_names(&self) -> Vec<(u32, String)> {
        (0..self.rules.cards.len())
            .map(|i| (i as u32, self.rules.cards[i].title().to_string()))
            .collect()
    }
}

impl Named for Gunfighter {
    fn card_names(&self) -> Vec<(u32, String)> {
        (0..self.rules.cards.len())
            .map(|i| (i as u32, self.rules.cards[i].name.clone()))
            .collect()
    }
}

/// The card names in `text`: whole words, the longest name first (a name
/// inside a longer one that is there is not counted again).
pub(super) fn names_in(text: &str, names: &[String]) -> BTreeSet<String> {
    let mut sorted: Vec<&String> = names.iter().collect();
    sorted.sort_by_key(|n| std::cmp::Reverse(n.len()));
    sorted.dedup();
    let mut left: Vec<char> = text.chars().collect();
    let mut found = BTreeSet::new();
    for name in sorted {
        let pattern: Vec<char> = name.chars().collect();
        if pattern.is_empty() || pattern.len() > left.len() {
            continue;
        }
        let mut i = 0;
        while i + pattern.len() <= left.len() {
            let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
            let fits = left[i..i + pattern.len()] == pattern[..]
                && !(i > 0 && word(left.get(i - 1)) && word(pattern.first()))
                && !(word(left.get(i + pattern.len())) && word(pattern.last()));
            if fits {
                found.insert(name.clone());
                for c in &mut left[i..i + pattern.len()] {
                    *c = '\u{0}';
                }
                i += pattern.len();
            } else {
                i += 1;
            }
        }
    }
    found
}

/// Every string shown to `viewer` about the state as it stands, each with
/// where it is shown.
fn state_words<G: Named>(g: &G, viewer: Seat, seats: &[SeatKind]) -> Vec<(String, String)> {
    let v = Some(viewer);
    let mut w: Vec<(String, String)> = Vec::new();
    w.extend(g.status(v).into_iter().map(|s| ("status".into(), s)));
    w.extend(g.notes(v).into_iter().map(|s| ("notes".into(), s)));
    let label = |s: &str| format!("label ({s})");
    w.extend(
        g.scene(v, seats, None)
            .labels
            .into_iter()
            .map(|l| (label("as it stands"), l.text)),
    );
    w.push(("terminal view".into(), g.render(&g.observation(viewer))));
    if let Some(why) = g.resting(viewer) {
        w.push(("resting".into(), why));
    }
    let mine = match g.turn() {
        Turn::Player(s) if s == viewer => g.legal_actions(),
        _ if g.waiting().contains(&viewer) => g.legal_for(viewer),
        _ => Vec::new(),
    };
    for a in &mine {
        // The window's button and the terminal's numbered choice.
        w.push((format!("choice {a:?}"), g.action_label(a, v)));
    }
    if g.is_over() {
        w.push(("summary".into(), g.summary()));
    }
    w
}

/// The staged scenes' labels after an action (a line-up shown pair by pair).
fn staged_words<G: Named>(g: &G, before: &G, viewer: Seat, seats: &[SeatKind]) -> Vec<String> {
    (0..G::stage_steps(g, before))
        .flat_map(|k| g.scene(Some(viewer), seats, Some(k)).labels)
        .map(|l| l.text)
        .collect()
}

/// The line shown to `viewer` for `who`'s action (a declaration in an open
/// wave, or an action in turn), as the table logs it.
fn action_line<G: Named>(g: &G, who: Option<Seat>, a: &G::Action, viewer: Seat) -> Option<String> {
    match who {
        Some(s) if g.wave().is_some() && g.waiting().contains(&s) => {
            g.declaration_line(s, a, Some(viewer))
        }
        _ => g.log_line(a, Some(viewer)),
    }
}

/// The next action of a random game: in an open wave, now and then a
/// declaration of a seat still to declare, out of turn order as the table
/// takes it.
fn next_action<G: Game + TableGame>(g: &G, rng: &mut ChaCha8Rng) -> (Option<Seat>, G::Action) {
    let waiting = g.waiting();
    if g.wave().is_some() && !waiting.is_empty() && rng.random_bool(0.5) {
        let s = waiting[rng.random_range(0..waiting.len())];
        let legal = g.legal_for(s);
        if !legal.is_empty() {
            return (Some(s), legal[rng.random_range(0..legal.len())].clone());
        }
    }
    random_step(g, rng)
}

#[derive(Debug, Default)]
struct Seen {
    strings: usize,
    names_met: usize,
    scrambled_states: usize,
    scrambled_lines: usize,
}

struct Check<'a, G: Named> {
    game: CardGame,
    seed: u64,
    step: usize,
    all_names: &'a [(u32, String)],
    rule_words: Vec<String>,
    seen: &'a mut Seen,
    _g: std::marker::PhantomData<G>,
}

impl<G: Named> Check<'_, G> {
    fn names_of(&self, cards: &Keys) -> Vec<String> {
        self.all_names
            .iter()
            .filter(|(k, _)| cards.contains(k))
            .map(|(_, n)| n.clone())
            .collect()
    }

    /// No card name in `text` that `known` does not hold a card of.
    fn names(&mut self, viewer: Seat, place: &str, text: &str, known: &Keys) {
        let all: Vec<String> = self.all_names.iter().map(|(_, n)| n.clone()).collect();
        let allowed: BTreeSet<String> = self.names_of(known).into_iter().collect();
        let mut text = text.to_string();
        for phrase in &self.rule_words {
            text = text.replace(phrase.as_str(), "");
        }
        let named = names_in(&text, &all);
        self.seen.strings += 1;
        self.seen.names_met += named.len();
        let leaked: Vec<&String> = named.difference(&allowed).collect();
        assert!(
            leaked.is_empty(),
            "{}, seed {}, step {}: seat {viewer}'s {place} names {leaked:?}, which it may not see: {text:?}",
            self.game,
            self.seed,
            self.step
        );
    }
}

/// The state's words for `viewer` pass the names check, and (now and then)
/// a world scrambled in what the seat may not know shows it the same words.
fn check_state<G: Named>(
    check: &mut Check<G>,
    g: &G,
    viewer: Seat,
    seats: &[SeatKind],
    memory: &G::Memory,
    scrambler: &mut ChaCha8Rng,
    scramble_now: bool,
) {
    let known = g.may_know(viewer, memory);
    let words = state_words(g, viewer, seats);
    for (place, text) in &words {
        check.names(viewer, place, text, &known);
    }
    if scramble_now {
        let other = g.scramble(viewer, memory, scrambler);
        if other != *g {
            check.seen.scrambled_states += 1;
            let theirs = state_words(&other, viewer, seats);
            for ((place, mine), (_, scrambled)) in words.iter().zip(&theirs) {
                assert_eq!(
                    mine, scrambled,
                    "{}, seed {}, step {}: seat {viewer}'s {place} changed with cards it cannot see",
                    check.game, check.seed, check.step
                );
            }
            assert_eq!(words.len(), theirs.len());
        }
    }
}

/// One step of a game: the state before and after an action, the action
/// and who took it, and the record's memory before and after.
struct Step<'a, G: Named> {
    before: &'a G,
    after: &'a G,
    who: Option<Seat>,
    action: &'a G::Action,
    memory_before: &'a G::Memory,
    memory_after: &'a G::Memory,
}

/// The line about an action, the news after it and the staged labels pass
/// the names check against the record before or after; and (now and then) in
/// a scrambled world where the action is legal and leaves the seat seeing
/// what it sees now, the line and the news are the same.
fn check_line<G: Named>(
    check: &mut Check<G>,
    s: &Step<G>,
    viewer: Seat,
    seats: &[SeatKind],
    scrambler: &mut ChaCha8Rng,
    scramble_now: bool,
) {
    let mut known = s.before.may_know(viewer, s.memory_before);
    known.extend(s.after.may_know(viewer, s.memory_after));
    let line = action_line(s.before, s.who, s.action, viewer);
    if let Some(line) = &line {
        check.names(viewer, "log line", line, &known);
    }
    let news = s.after.news(s.before);
    for n in &news {
        check.names(viewer, "news", n, &known);
    }
    for l in staged_words(s.after, s.before, viewer, seats) {
        check.names(viewer, "staged label", &l, &known);
    }
    if !scramble_now {
        return;
    }
    let other = s.before.scramble(viewer, s.memory_before, scrambler);
    if other == *s.before {
        return;
    }
    let mut other_after = other.clone();
    let consistent = act(&mut other_after, s.who, s.action.clone()).is_ok()
        && other_after.observation(viewer) == s.after.observation(viewer);
    if consistent {
        check.seen.scrambled_lines += 1;
        assert_eq!(
            action_line(&other, s.who, s.action, viewer),
            line,
            "{}, seed {}, step {}: the line seat {viewer} is shown about {:?} changed with cards it cannot see",
            check.game,
            check.seed,
            check.step,
            s.action
        );
        assert_eq!(
            other_after.news(&other),
            news,
            "{}, seed {}, step {}: the news seat {viewer} is shown changed with cards it cannot see",
            check.game,
            check.seed,
            check.step
        );
    }
}

/// Over random games at every player count, the options on and off: every
/// word shown to every seat passes both checks.
fn check_words<G: Named>(game: CardGame, games: u64, max_steps: usize) -> Seen {
    let games = super::common::rule_games(games);
    let mut seen = Seen::default();
    for seed in 0..games {
        let players = G::MIN_PLAYERS + seed as usize % (G::MAX_PLAYERS - G::MIN_PLAYERS + 1);
        let mut setup = G::load_setup(&game.default_setup(), Some(players)).expect("setup");
        for (i, option) in G::OPTIONS.iter().enumerate() {
            G::set_option(&mut setup.rules, option.key, (seed >> i) & 1 == 1).expect("an option");
        }
        let mut g = G::new_game(setup.rules);
        let all_names = g.card_names();
        let seats = vec![SeatKind::You; players];
        let mut memory = G::Memory::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut scrambler = ChaCha8Rng::seed_from_u64(seed ^ 0x770d);
        let mut step = 0;
        let mut check = Check::<G> {
            game,
            seed,
            step,
            all_names: &all_names,
            rule_words: g.rule_words(),
            seen: &mut seen,
            _g: std::marker::PhantomData,
        };
        while !g.is_over() && step < max_steps {
            check.step = step;
            let (who, a) = next_action(&g, &mut rng);
            let mut after = g.clone();
            act(&mut after, who, a.clone()).expect("a legal action");
            let memory_before = memory.clone();
            G::remember(&mut memory, &g, who, &a);
            let s = Step {
                before: &g,
                after: &after,
                who,
                action: &a,
                memory_before: &memory_before,
                memory_after: &memory,
            };
            for viewer in 0..players {
                let scramble_now = step % 4 == viewer % 4;
                check_state(
                    &mut check,
                    &g,
                    viewer,
                    &seats,
                    &memory_before,
                    &mut scrambler,
                    scramble_now,
                );
                check_line(&mut check, &s, viewer, &seats, &mut scrambler, scramble_now);
            }
            g = after;
            step += 1;
        }
        // The summary and the last panel, once over.
        check.step = step;
        for viewer in 0..players {
            check_state(
                &mut check,
                &g,
                viewer,
                &seats,
                &memory,
                &mut scrambler,
                true,
            );
        }
    }
    seen
}

fn assert_saw(game: CardGame, seen: &Seen) {
    assert!(
        seen.strings > 20_000
            && seen.names_met > 2_000
            && seen.scrambled_states > 300
            && seen.scrambled_lines > 100,
        "{game}: {seen:?}"
    );
}

#[test]
fn slapshot_words_name_no_card_a_seat_may_not_see() {
    let seen = check_words::<Slapshot>(CardGame::Slapshot, 8, 1200);
    assert_saw(CardGame::Slapshot, &seen);
}

#[test]
fn tabletown_words_name_no_card_a_seat_may_not_see() {
    let seen = check_words::<Tabletown>(CardGame::Tabletown, 8, 1200);
    assert_saw(CardGame::Tabletown, &seen);
}

#[test]
fn slap45_words_name_no_card_a_seat_may_not_see() {
    let seen = check_words::<Slap45>(CardGame::Slap45, 8, 1200);
    assert_saw(CardGame::Slap45, &seen);
}

#[test]
fn gunfighter_words_name_no_card_a_seat_may_not_see() {
    let seen = check_words::<Gunfighter>(CardGame::Gunfighter, 8, 1200);
    assert_saw(CardGame::Gunfighter, &seen);
}
