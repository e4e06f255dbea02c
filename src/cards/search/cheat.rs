//! The expert's search on the true state: it deals no worlds, it plays every
//! candidate out from the game as it is, other hands and the decks' order
//! included. Compiled only into the test build: it measures what the hidden
//! cards are worth to the search (its edge over the honest expert) and
//! proves the honesty tests can tell a bot that looks from one that does not.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::{SearchSpec, candidates_after, improve, search};
use crate::bot_level::Level;
use crate::cards::arena::{game_seed, seat_game};
use crate::cards::core::{Agent, Seat, Turn};
use crate::cards::table_game::TableGame;

/// The cheat's decision for the seat to move in `state`, starting from what
/// `policy` (the seat's hard bot) would do.
pub fn decide<G: TableGame>(
    state: &G,
    policy: &mut dyn Agent<G>,
    spec: &SearchSpec,
    rng: &mut ChaCha8Rng,
) -> G::Action {
    let Turn::Player(seat) = state.turn() else {
        panic!("the cheat decides for a seat");
    };
    let obs = state.observation(seat);
    let legal = state.legal_actions();
    let default = policy.act(seat, &obs, &legal);
    let mut cands = candidates_after::<G>(default, &obs, &legal, rng);
    let seed = rng.next_u64();
    if cands.len() == 1 {
        return cands.remove(0);
    }
    let searched = search::<G>(seat, &cands, |_| state.clone(), spec, seed);
    let chosen = improve(&searched, 0, spec.z, rng);
    cands.swap_remove(chosen)
}

/// One game's end: the cheat's seat and the winners (None: it failed).
pub type Played = (Seat, Option<Vec<Seat>>);

/// Plays `games` games, the cheat in one seat (rotating), bots of `others`
/// in the rest; chance and bots seeded from `seed` as [`crate::cards::arena`]
/// seeds them.
pub fn arena<G: TableGame>(
    make: impl Fn(u64) -> G + Sync,
    others: Level,
    games: usize,
    seed: u64,
) -> Vec<Played> {
    let spec = G::search_spec();
    (0..games)
        .into_par_iter()
        .map(|i| {
            let (mut g, cheat, mut bots) = seat_game(&make, i, Level::Expert, others, seed);
            let game_seed = game_seed(seed, i);
            let mut rng = ChaCha8Rng::seed_from_u64(game_seed ^ 0xC4EA7);
            let mut policy = G::bot(Level::Hard, game_seed ^ 0x5EA7C4);
            let mut chance = ChaCha8Rng::seed_from_u64(game_seed);
            for _ in 0..1_000_000 {
                let action = match g.turn() {
                    Turn::Over => return (cheat, Some(g.winners())),
                    Turn::Chance => g.sample_chance(&mut chance),
                    Turn::Player(s) if s == cheat => decide(&g, policy.as_mut(), &spec, &mut rng),
                    Turn::Player(s) => bots[s].act(s, &g.observation(s), &g.legal_actions()),
                };
                if g.apply(action).is_err() {
                    return (cheat, None);
                }
            }
            (cheat, None)
        })
        .collect()
}

/// The cheat's wins (a shared win its share), draws and failures.
pub fn tally(played: &[Played]) -> (f64, usize, usize) {
    let wins = played
        .iter()
        .filter_map(|(c, w)| {
            w.as_ref()
                .filter(|w| w.contains(c))
                .map(|w| 1.0 / w.len() as f64)
        })
        .sum();
    let draws = played
        .iter()
        .filter(|(_, w)| w.as_ref().is_some_and(Vec::is_empty))
        .count();
    let failed = played.iter().filter(|(_, w)| w.is_none()).count();
    (wins, draws, failed)
}
