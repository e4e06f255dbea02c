//! The expert's search and the test-only cheat: the cheat uses what the seat
//! cannot see (so the honesty tests, which find the expert deciding alike on
//! scrambled states, can tell the two apart), and what the hidden cards are
//! worth, measured (`--ignored`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::search::cheat;
use super::search::{SearchBot, SearchSpec, playout};
use crate::bot_level::Level;
use crate::cards::core::{Agent, Turn, random_playout};
use crate::cards::registry::{CardGame, GameVisitor};
use crate::cards::table_game::TableGame;

/// A small search, for the tests' speed.
fn small<G: TableGame>() -> SearchSpec {
    SearchSpec {
        playouts: 48,
        min_worlds: 8,
        ..G::search_spec()
    }
}

/// A new game of the shipped setup with as few seats as it takes (two, or
/// Slap .45's three).
fn new_game<G: TableGame>(game: CardGame) -> G {
    let setup = G::load_setup(&game.default_setup(), Some(G::MIN_PLAYERS.max(2)))
        .expect("the shipped setup");
    G::new_game(setup.rules)
}

/// Random play from a new game for `steps` actions; `None` if it ended.
fn mid_game<G: TableGame>(game: CardGame, steps: usize, seed: u64) -> Option<G> {
    let mut g: G = new_game(game);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        let a = match g.turn() {
            Turn::Over => return None,
            Turn::Chance => g.sample_chance(&mut rng),
            Turn::Player(_) => {
                let legal = g.legal_actions();
                legal[rand::Rng::random_range(&mut rng, 0..legal.len())].clone()
            }
        };
        g.apply(a).ok()?;
    }
    Some(g)
}

/// Of positions where the seat to move has a choice, how many the cheat
/// decided differently in two worlds its seat cannot tell apart (dealt from
/// the seat's own observation), and how many the expert did; the positions.
fn differing<G: TableGame>(game: CardGame, positions: usize) -> (usize, usize, usize) {
    let (mut cheat_differs, mut expert_differs, mut tried) = (0, 0, 0);
    for seed in 0..200u64 {
        if tried == positions {
            break;
        }
        let Some(g) = mid_game::<G>(game, 5 + (seed as usize * 7) % 40, seed) else {
            continue;
        };
        let Turn::Player(seat) = g.turn() else {
            continue;
        };
        let obs = g.observation(seat);
        let mut deal = ChaCha8Rng::seed_from_u64(seed ^ 0xD1CE);
        let a = G::determinize(&obs, &mut deal);
        let b = G::determinize(&obs, &mut deal);
        if a == b || a.turn() != Turn::Player(seat) || a.legal_actions().len() < 2 {
            continue;
        }
        assert!(a.observation(seat) == obs && b.observation(seat) == obs);
        tried += 1;
        let spec = small::<G>();
        let cheat_on = |w: &G| {
            let mut policy = G::bot(Level::Hard, seed);
            cheat::decide(
                w,
                policy.as_mut(),
                &spec,
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
        };
        if cheat_on(&a) != cheat_on(&b) {
            cheat_differs += 1;
        }
        let expert_on = |w: &G| {
            SearchBot::<G>::new(spec, seed).act(seat, &w.observation(seat), &w.legal_actions())
        };
        if expert_on(&a) != expert_on(&b) {
            expert_differs += 1;
        }
    }
    (cheat_differs, expert_differs, tried)
}

#[test]
fn the_cheat_decides_on_cards_the_expert_never_sees() {
    struct Check;
    impl GameVisitor for Check {
        type Output = (usize, usize, usize);
        fn visit<G: TableGame>(self, game: CardGame) -> Self::Output {
            differing::<G>(game, 12)
        }
    }
    for game in CardGame::ALL {
        let (cheat, expert, tried) = game.dispatch(Check);
        assert!(tried >= 8, "{game:?}: only {tried} positions with a choice");
        assert_eq!(expert, 0, "{game:?}: the expert decided on hidden cards");
        assert!(
            cheat >= 1,
            "{game:?}: the cheat decided alike in all {tried} pairs of worlds"
        );
    }
}

#[test]
fn the_expert_finishes_games_and_a_playout_scores_the_seat() {
    struct Check;
    impl GameVisitor for Check {
        type Output = ();
        fn visit<G: TableGame>(self, game: CardGame) {
            let mut g: G = new_game(game);
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            random_playout(&mut g, &mut rng, 1_000_000).expect("a whole game");
            let w = g.winners();
            for seat in 0..g.players() {
                let v = playout(g.clone(), seat, Level::Normal, 1, 1000);
                let want = if w.contains(&seat) {
                    1.0 / w.len() as f64
                } else {
                    0.0
                };
                assert_eq!(v, want, "{game:?} seat {seat}");
            }
        }
    }
    for game in CardGame::ALL {
        game.dispatch(Check);
    }
}

/// What the hidden cards are worth to the search: the cheat against the
/// honest expert, two seats (Slap .45 three), per game. `cargo test --release --lib
/// what_the_hidden_cards_are_worth -- --ignored --nocapture`; the figures
/// are in docs/card-games.md.
#[test]
#[ignore]
fn what_the_hidden_cards_are_worth() {
    struct Measure(usize);
    impl GameVisitor for Measure {
        type Output = (f64, usize, usize, f64, usize);
        fn visit<G: TableGame>(self, game: CardGame) -> Self::Output {
            let started = std::time::Instant::now();
            let played = cheat::arena(|_| new_game::<G>(game), Level::Expert, self.0, 2026);
            let (w, d, f) = cheat::tally(&played);
            let seats = G::MIN_PLAYERS.max(2);
            (w, d, f, started.elapsed().as_secs_f64(), seats)
        }
    }
    let games: usize = std::env::var("CHEAT_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    for game in CardGame::ALL {
        let (w, d, f, secs, seats) = game.dispatch(Measure(games));
        let (lo, hi) = crate::stats::wilson(w, games as f64);
        println!(
            "{game:?}: cheat vs expert, {seats} seats, seed 2026: cheat won {w:.1} of {games} = {:.1}% ({:.1}–{:.1}%), {d} drawn, {f} failed, {secs:.0} s",
            100.0 * w / games as f64,
            100.0 * lo,
            100.0 * hi
        );
        assert_eq!(f, 0);
    }
}
