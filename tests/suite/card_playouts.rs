//! Random playouts of every card game in the registry: thousands of games with random legal
//! actions from many seeds, checking the invariants at every step, that refused
//! actions change nothing, that a game saved and loaded mid-way (RON) continues
//! identically, and that a game replays exactly from its action list.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Turn};
use highnoon::cards::registry::GameVisitor;
use highnoon::cards::{CardGame, TableGame, slapshot, tabletown};

fn slapshot_game(seed: u64) -> slapshot::Slapshot {
    let path = highnoon::scenario::data_root().join("assets/cards/slapshot.ron");
    let players = 2 + (seed % 5) as usize;
    let mut rules = slapshot::Rules::load(&path, Some(players)).expect("setup loads");
    // Cover the options too: short seasons, the league schedule, the limits.
    rules.wins_to_playoffs = 1 + (seed % 6) as u32;
    rules.league_schedule = seed % 4 == 1;
    if seed % 3 == 2 {
        rules.limits = Some(slapshot::Limits {
            drafts: 4,
            trades: 4,
        });
    }
    rules.first_seat = (seed as usize) % players;
    slapshot::Slapshot::new(rules)
}

fn tabletown_game(seed: u64) -> tabletown::Tabletown {
    let path = highnoon::scenario::data_root().join("assets/cards/tabletown.ron");
    let players = 2 + (seed % 5) as usize;
    let mut rules = tabletown::Rules::load(&path, Some(players)).expect("setup loads");
    rules.two_revolvers = seed % 2 == 1;
    rules.weapon_modifiers = !seed.is_multiple_of(3);
    tabletown::Tabletown::new(rules)
}

/// Plays one game at random; returns the number of actions.
fn playout<G: Game + PartialEq + std::fmt::Debug>(
    mut game: G,
    seed: u64,
    invariants: impl Fn(&G) -> Result<(), String>,
    wrong_actions: impl Fn(&G, &mut dyn rand::RngCore) -> Vec<G::Action>,
    max_actions: usize,
) -> usize {
    let start = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    let save_at = rng.random_range(0..200);
    loop {
        if let Err(e) = invariants(&game) {
            panic!("seed {seed}, action {}: {e}", actions.len());
        }
        if actions.len() == save_at {
            // Save and load mid-game: the copy continues identically.
            let text = ron::to_string(&game).expect("saves");
            let loaded: G = ron::from_str(&text).expect("loads");
            assert_eq!(loaded, game, "seed {seed}: the loaded game differs");
            let mut a = game.clone();
            let mut b = loaded;
            let mut ra = rng.clone();
            let mut rb = rng.clone();
            let na = highnoon::cards::core::random_playout(&mut a, &mut ra, max_actions).unwrap();
            let nb = highnoon::cards::core::random_playout(&mut b, &mut rb, max_actions).unwrap();
            assert_eq!(
                (na, &a),
                (nb, &b),
                "seed {seed}: save/load changed the game"
            );
        }
        let action = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut rng),
            Turn::Player(seat) => {
                let legal = game.legal_actions();
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: seat {seat} has no legal action"
                );
                // Every listed action is accepted (all of them in the first
                // 10 games, then at one step in 32).
                if seed < 10 || actions.len() % 32 == 0 {
                    for a in &legal {
                        if let Err(e) = game.clone().apply(a.clone()) {
                            panic!("seed {seed}: listed {a:?} refused: {e}");
                        }
                    }
                }
                // Other actions are refused and change nothing; one that is
                // accepted is listed (in the form the list names it).
                for wrong in wrong_actions(&game, &mut rng) {
                    let before = game.clone();
                    if game.apply(wrong.clone()).is_err() {
                        assert_eq!(
                            game, before,
                            "seed {seed}: refused {wrong:?} changed the game"
                        );
                    } else {
                        let listed = before.listed_as(&wrong);
                        assert!(
                            legal.contains(&listed),
                            "seed {seed}: {wrong:?} (listed as {listed:?}) was accepted but is not in legal_actions"
                        );
                        game = before;
                    }
                }
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        actions.push(action.clone());
        if let Err(e) = game.apply(action.clone()) {
            panic!("seed {seed}: {action:?} refused: {e}");
        }
        assert!(
            actions.len() < max_actions,
            "seed {seed}: no end after {max_actions} actions"
        );
    }
    // The game replays exactly from its setup and action list.
    let mut replay = start;
    for a in &actions {
        replay.apply(a.clone()).expect("replays");
    }
    assert_eq!(replay, game, "seed {seed}: the replay differs");
    assert!(game.returns().is_some());
    actions.len()
}

/// A game of the registry for `seed`: every player count it takes and its
/// options on and off in every combination over the seeds.
fn registry_game<G: TableGame>(game: CardGame, seed: u64) -> G {
    let span = G::MAX_PLAYERS - G::MIN_PLAYERS + 1;
    let players = G::MIN_PLAYERS + seed as usize % span;
    let mut setup = G::load_setup(&game.default_setup(), Some(players)).expect("setup loads");
    for (i, option) in G::OPTIONS.iter().enumerate() {
        G::set_option(&mut setup.rules, option.key, ((seed / 5) >> i) & 1 == 1)
            .expect("a known option");
    }
    G::new_game(setup.rules)
}

/// Every game in the registry passes the shared random-playout test.
#[test]
fn every_registered_game_passes_the_random_playout_test() {
    struct Playouts(u64);
    impl GameVisitor for Playouts {
        type Output = usize;
        fn visit<G: TableGame + std::fmt::Debug>(self, game: CardGame) -> usize {
            let mut total = 0;
            for seed in 0..self.0 {
                total += playout(
                    registry_game::<G>(game, seed),
                    seed,
                    |g| g.check(),
                    |g, rng| g.wrong_actions(rng),
                    200_000,
                );
            }
            total
        }
    }
    let games = 300;
    assert_eq!(
        CardGame::ALL.len(),
        4,
        "a new game? it is tested here by itself"
    );
    for game in CardGame::ALL {
        let total = game.dispatch(Playouts(games));
        // Every legal action is accepted and the checks above ran on real games.
        assert!(
            total > games as usize * 50,
            "{game}: {total} actions in {games} games"
        );
    }
}

/// Slapshot's own options beyond the registry's: short seasons and every first seat.
#[test]
fn slapshot_random_playouts_over_short_seasons_and_first_seats() {
    for seed in 0..500 {
        playout(
            slapshot_game(seed),
            seed,
            |g| g.check_invariants(),
            |g, rng| g.wrong_actions(rng),
            200_000,
        );
    }
}

#[test]
fn slapshot_legal_actions_are_exactly_the_accepted_ones() {
    use slapshot::{Action, Position};
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for seed in 0..60 {
        let mut g = slapshot_game(seed);
        while let Some(()) = (!g.is_over()).then_some(()) {
            if let Turn::Player(_) = g.turn() {
                let n = g.rules.players;
                let legal = g.legal_actions();
                let mut all = vec![Action::Pass];
                for c in 0..g.rules.cards.len() as u8 {
                    all.extend([Action::Draft(c), Action::Give(c), Action::Line(c)]);
                }
                for s in 0..n {
                    all.extend([Action::Trade(s), Action::Challenge(s)]);
                }
                all.extend(Position::ALL.map(Action::Pick));
                for a in all {
                    let ok = g.clone().apply(a.clone()).is_ok();
                    assert_eq!(
                        ok,
                        legal.contains(&a),
                        "seed {seed}: {a:?} in {:?}",
                        g.phase
                    );
                }
                let a = legal[rng.random_range(0..legal.len())].clone();
                g.apply(a).unwrap();
            } else {
                let a = g.sample_chance(&mut rng);
                g.apply(a).unwrap();
            }
        }
    }
}

#[test]
fn tabletown_ends_with_a_winner_or_at_sundown() {
    let mut sundowns = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for seed in 0..300 {
        let mut g = tabletown_game(seed);
        highnoon::cards::core::random_playout(&mut g, &mut rng, 1_000_000).unwrap();
        let living = g.living();
        let winners = g.winners();
        if g.turns >= g.rules.turn_limit {
            sundowns += 1;
            assert!(!winners.is_empty());
        } else {
            assert!(living.len() <= 1, "seed {seed}: over with {living:?} alive");
            assert_eq!(winners, living);
        }
        for w in winners {
            assert!(g.slingers[w].alive);
        }
    }
    assert!(sundowns < 300, "random games reach a real end too");
}
