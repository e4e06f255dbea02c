//! The hint at the card table (`highnoon::cards::hint`): the hard bot's
//! choice for a seat, its label and its reason, made from the seat's view
//! only. Over random games of all four card games (every player count, the
//! rule options on and off), at the decisions of seat 0:
//!
//! - **the same from any state that looks the same**: in a world scrambled
//!   in everything seat 0 cannot know (hidden_info.rs's scramble, written from
//!   the books, not from the rules' observations), the hint is the same
//!   action, label and reason;
//! - **honest words**: neither the label nor the reason names a card the
//!   seat may not see (hidden_words.rs's names check against hidden_info.rs's
//!   record);
//! - **a real choice**: the action is one of the seat's legal actions (in a
//!   real-time wave, its own declarations), the game accepts it, the hard
//!   bot gives a reason, and the hint is what the hard bot itself plays from
//!   that seat with the same seed;
//! - no hint where the seat has nothing to decide.
//!
//! Slap .45's review after a wave (what the hard bot would have slapped at
//! the wave's start) is held to the same.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::bot_level::Level;
use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::gunfighter::Gunfighter;
use highnoon::cards::hint::{REVIEW_PREFIX, choices, hint, hint_seed, wave_review};
use highnoon::cards::slap45::Slap45;
use highnoon::cards::slapshot::Slapshot;
use highnoon::cards::table_game::act;
use highnoon::cards::tabletown::Tabletown;
use highnoon::cards::{CardGame, TableGame};

use super::hidden_info::{Keys, random_step};
use super::hidden_words::{Named, names_in};

/// The seat whose hints are checked (the person's seat at the window).
const YOU: Seat = 0;

/// What the checks saw, so a check that saw nothing fails.
#[derive(Debug, Default)]
struct Seen {
    hints: usize,
    scrambled: usize,
    names_met: usize,
    reviews: usize,
    no_decision: usize,
    reasons: BTreeSet<String>,
}

/// No card name in `text` that `known` holds no card of (hidden_words.rs's
/// check: whole words, the longest name first, the rules' own phrases left out).
fn names_seen_only<G: Named>(g: &G, known: &Keys, text: &str, what: &str) -> usize {
    let all_names = g.card_names();
    let all: Vec<String> = all_names.iter().map(|(_, n)| n.clone()).collect();
    let allowed: BTreeSet<String> = all_names
        .iter()
        .filter(|(k, _)| known.contains(k))
        .map(|(_, n)| n.clone())
        .collect();
    let mut text = text.to_string();
    for phrase in g.rule_words() {
        text = text.replace(phrase.as_str(), "");
    }
    let named = names_in(&text, &all);
    let leaked: Vec<&String> = named.difference(&allowed).collect();
    assert!(
        leaked.is_empty(),
        "{what} names {leaked:?}, which seat {YOU} may not see: {text:?}"
    );
    named.len()
}

/// The next action of a random game: in an open wave, now and then a
/// declaration of a seat still to declare, out of turn order as the table
/// takes it.
fn next_action<G: TableGame>(g: &G, rng: &mut ChaCha8Rng) -> (Option<Seat>, G::Action) {
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

/// The same choice: equal but for the moment a real-time slap is made
/// (the list names each slap once, at the wave's first moment; a bot
/// slaps after its own reaction time).
fn same_choice<A: std::fmt::Debug>(listed: &A, chosen: &A) -> bool {
    let untimed = |a: &A| {
        let text = format!("{a:?}");
        let mut out = String::new();
        let mut rest = text.as_str();
        while let Some(k) = rest.find("at_ms: ") {
            out.push_str(&rest[..k]);
            rest = rest[k + 7..].trim_start_matches(|c: char| c.is_ascii_digit());
        }
        out.push_str(rest);
        out
    };
    untimed(listed) == untimed(chosen)
}

/// The checks at one state where seat 0 has a decision.
fn check_decision<G: Named>(
    g: &G,
    memory: &G::Memory,
    scrambler: &mut ChaCha8Rng,
    seed: u64,
    place: &str,
    seen: &mut Seen,
) {
    let legal = choices(g, YOU);
    let h = hint(g, YOU, seed).unwrap_or_else(|| panic!("{place}: a decision and no hint"));
    // A real choice, and the hard bot's own.
    assert!(
        legal.iter().any(|l| same_choice(l, &h.action)),
        "{place}: the hint {:?} is not among the seat's choices",
        h.action
    );
    let mut accepted = g.clone();
    act(&mut accepted, Some(YOU), h.action.clone())
        .unwrap_or_else(|e| panic!("{place}: the hint {:?} is refused: {e}", h.action));
    let mut bot = G::bot(Level::Hard, seed);
    let played = bot.act(YOU, &g.observation(YOU), &legal);
    assert_eq!(
        played, h.action,
        "{place}: the hard bot plays otherwise than its hint"
    );
    let why = bot.why().unwrap_or_default();
    assert!(
        !why.trim().is_empty(),
        "{place}: the hard bot gives no reason for {played:?}"
    );
    assert_eq!(h.reason, why, "{place}: the hint's reason is not the bot's");
    assert_eq!(
        h.label,
        g.action_label(&h.action, Some(YOU)),
        "{place}: the hint's label is not the window's"
    );
    assert!(
        !h.label.contains('\n') && !h.reason.contains('\n'),
        "{place}: a hint is one line: {h:?}"
    );
    // Honest words.
    let known = g.may_know(YOU, memory);
    seen.names_met += names_seen_only(g, &known, &h.label, &format!("{place}: the label"));
    seen.names_met += names_seen_only(g, &known, &h.reason, &format!("{place}: the reason"));
    seen.hints += 1;
    seen.reasons.insert(h.reason.clone());
    // The same from a world that looks the same to the seat.
    let other = g.scramble(YOU, memory, scrambler);
    if other != *g {
        assert_eq!(
            other.observation(YOU),
            g.observation(YOU),
            "{place}: the scramble changed what the seat sees"
        );
        assert_eq!(
            choices(&other, YOU),
            legal,
            "{place}: the scramble changed the seat's choices"
        );
        assert_eq!(
            hint(&other, YOU, seed).as_ref(),
            Some(&h),
            "{place}: the hint changed with cards the seat cannot see"
        );
        seen.scrambled += 1;
    }
}

/// A wave just opened with seat 0 still to declare: its review, made from
/// the wave's start, is the hint's words, and the same in a scrambled world.
fn check_review<G: Named>(
    g: &G,
    memory: &G::Memory,
    scrambler: &mut ChaCha8Rng,
    seed: u64,
    place: &str,
    seen: &mut Seen,
) {
    let review = wave_review(g, YOU, seed).unwrap_or_else(|| panic!("{place}: no review"));
    let h = hint(g, YOU, seed).expect("a hint at the wave's start");
    assert_eq!(
        review,
        format!("{REVIEW_PREFIX}{} — {}", h.label, h.reason),
        "{place}"
    );
    let other = g.scramble(YOU, memory, scrambler);
    assert_eq!(
        wave_review(&other, YOU, seed),
        Some(review.clone()),
        "{place}: the review changed with cards the seat cannot see"
    );
    seen.reviews += 1;
}

/// Random games of `G` at every player count, the options on and off.
fn check_hints<G: Named>(game: CardGame, games: u64, max_steps: usize, max_hints: usize) -> Seen {
    let mut seen = Seen::default();
    for seed in 0..super::common::rule_games(games) {
        let players = G::MIN_PLAYERS + seed as usize % (G::MAX_PLAYERS - G::MIN_PLAYERS + 1);
        let mut setup = G::load_setup(&game.default_setup(), Some(players)).expect("setup");
        for (i, option) in G::OPTIONS.iter().enumerate() {
            G::set_option(&mut setup.rules, option.key, (seed >> i) & 1 == 1).expect("an option");
        }
        let mut g = G::new_game(setup.rules);
        let mut memory = G::Memory::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x41);
        let mut scrambler = ChaCha8Rng::seed_from_u64(seed ^ 0x4117);
        let mut last_wave = None;
        let mut hints = 0;
        for step in 0..max_steps {
            if g.is_over() || hints >= max_hints {
                break;
            }
            let place = format!("{game}, seed {seed}, step {step}");
            let now = hint_seed(step);
            if choices(&g, YOU).is_empty() {
                assert_eq!(
                    hint(&g, YOU, now),
                    None,
                    "{place}: a hint without a decision"
                );
                seen.no_decision += 1;
            } else {
                check_decision(&g, &memory, &mut scrambler, now, &place, &mut seen);
                hints += 1;
            }
            // A wave just opened: its review from the start.
            let wave = g.wave().map(|(id, _)| id);
            if wave.is_some() && wave != last_wave && g.waiting().contains(&YOU) {
                check_review(&g, &memory, &mut scrambler, now, &place, &mut seen);
            }
            last_wave = wave;
            let (who, a) = next_action(&g, &mut rng);
            G::remember(&mut memory, &g, who, &a);
            act(&mut g, who, a).expect("a legal action");
        }
    }
    seen
}

fn assert_saw(game: CardGame, seen: &Seen, reasons: usize) {
    assert!(
        seen.hints > 100 && seen.scrambled > 30 && seen.no_decision > 50,
        "{game}: {seen:?}"
    );
    assert!(
        seen.reasons.len() >= reasons,
        "{game}: only {} different reasons: {:?}",
        seen.reasons.len(),
        seen.reasons
    );
}

#[test]
fn slapshot_hints_come_from_the_seat_s_view_and_name_only_what_it_sees() {
    let seen = check_hints::<Slapshot>(CardGame::Slapshot, 4, 900, 60);
    assert_saw(CardGame::Slapshot, &seen, 8);
    assert!(seen.names_met > 20, "{seen:?}");
}

#[test]
fn tabletown_hints_come_from_the_seat_s_view_and_name_only_what_it_sees() {
    let seen = check_hints::<Tabletown>(CardGame::Tabletown, 8, 1200, 400);
    assert_saw(CardGame::Tabletown, &seen, 10);
    assert!(seen.names_met > 50, "{seen:?}");
}

#[test]
fn slap45_hints_and_wave_reviews_come_from_the_seat_s_view() {
    let seen = check_hints::<Slap45>(CardGame::Slap45, 8, 1200, 400);
    assert_saw(CardGame::Slap45, &seen, 8);
    assert!(seen.reviews > 50, "{seen:?}");
}

#[test]
fn gunfighter_hints_come_from_the_seat_s_view_and_name_only_what_it_sees() {
    let seen = check_hints::<Gunfighter>(CardGame::Gunfighter, 8, 1200, 400);
    assert_saw(CardGame::Gunfighter, &seen, 8);
    assert!(seen.names_met > 50, "{seen:?}");
}

/// In Slap .45 the seat still to declare in a wave is offered its own
/// declarations, whoever the turn order names; once it has declared it has
/// no hint in that wave.
#[test]
fn a_slap45_seat_is_hinted_its_own_declarations_out_of_turn_order() {
    let mut setup = Slap45::load_setup(&CardGame::Slap45.default_setup(), Some(4)).expect("setup");
    Slap45::set_option(&mut setup.rules, "gold", true).expect("gold");
    let mut g = Slap45::new_game(setup.rules);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut out_of_turn = 0;
    let mut after_declaring = 0;
    for _ in 0..3000 {
        if g.is_over() {
            break;
        }
        if let Some(waiting) = g.wave().map(|_| g.waiting())
            && waiting.contains(&YOU)
        {
            let h = hint(&g, YOU, 3).expect("a hint in the wave");
            assert!(
                g.legal_for(YOU).iter().any(|l| same_choice(l, &h.action)),
                "{:?}",
                h.action
            );
            if g.turn() != Turn::Player(YOU) {
                out_of_turn += 1;
            }
            // Declared: nothing more to hint in this wave.
            let mut declared = g.clone();
            declared.declare(YOU, h.action.clone()).expect("accepted");
            if declared.wave() == g.wave() {
                assert_eq!(hint(&declared, YOU, 3), None);
                after_declaring += 1;
            }
        }
        let (who, a) = next_action(&g, &mut rng);
        act(&mut g, who, a).expect("a legal action");
    }
    assert!(
        out_of_turn > 10 && after_declaring > 10,
        "{out_of_turn} {after_declaring}"
    );
}

/// The window's seed is a function of the number of actions alone, and
/// tells the hints of neighbouring moments apart.
#[test]
fn the_hint_seed_depends_on_the_actions_played_only() {
    assert_eq!(hint_seed(12), hint_seed(12));
    let seeds: BTreeSet<u64> = (0..1000).map(hint_seed).collect();
    assert_eq!(seeds.len(), 1000);
}
