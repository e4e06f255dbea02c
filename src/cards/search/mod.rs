//! The expert card bot: a search over what the seat cannot see, the same for
//! every card game. At each decision it asks the game's hard bot what it
//! would do, deals sampled worlds from the seat's observation
//! ([`TableGame::determinize`]: other hands and the decks' order drawn from
//! the cards the seat has not seen, the game's own inference included),
//! plays that action and every other candidate in every world, the rest of
//! the game played out by the game's bots ([`SearchSpec::rollout`]), and
//! takes another action only where it wins clearly more often in the same
//! worlds ([`SearchSpec::z`] standard errors of the paired difference).
//! Perfect-information sampling, as the Skat and Bridge programs search
//! (Long, Sturtevant, Buro & Furtak 2010, "Understanding the success of
//! perfect information Monte Carlo sampling in game tree search"), one
//! decision deep: a rollout improvement of the hard bot (Tesauro & Galperin
//! 1996), which keeps the hard bot's play wherever a few hundred playouts
//! cannot tell the actions apart.
//!
//! **Honest by construction.** [`SearchBot`] is an [`Agent`]: it receives the
//! seat's observation and the legal actions, nothing else, and every world it
//! searches is dealt from that observation. The same search on the true state
//! (a cheat that sees every card and the decks' order) exists only in the
//! test build (`cheat.rs`), to measure what the hidden cards are worth.
//!
//! **Common worlds.** Every candidate is played in the same worlds, with the
//! same chance and the same rollout bots (seeded by the world), so the
//! difference between two candidates is the action's, not the luck of the
//! deal. The worlds are spread over the cores (rayon); each is seeded from
//! the bot's own stream, so the choice is the same on any number of threads.
//! Of equally good actions one is drawn with the bot's generator
//! ([`pick_max_by`]): never the first in seat order.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::bots::pick_max_by;
use super::core::{Agent, Seat, play};
use super::table_game::TableGame;
use crate::bot_level::Level;

pub use super::table_game::SearchSpec;

/// What one decision's search found: each candidate and its share of wins
/// over the worlds, how many worlds were dealt, and each world's result for
/// each candidate (`per_world[w][i]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Searched<A> {
    pub values: Vec<(A, f64)>,
    pub worlds: usize,
    pub per_world: Vec<Vec<f64>>,
}

/// The candidates worth searching: the legal actions, each once.
fn candidates<A: PartialEq + Clone>(legal: &[A]) -> Vec<A> {
    let mut out: Vec<A> = Vec::with_capacity(legal.len());
    for a in legal {
        if !out.contains(a) {
            out.push(a.clone());
        }
    }
    out
}

/// The number of worlds for `n` candidates within the spec's playouts.
fn worlds_for(spec: &SearchSpec, n: usize) -> usize {
    (spec.playouts / n.max(1)).max(spec.min_worlds).max(1)
}

/// A world's seed: the decision's seed and the world's index, mixed.
fn world_seed(seed: u64, w: usize) -> u64 {
    seed ^ (w as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays `g` to its end with bots of `level` in every seat, chance from
/// `seed`; `seat`'s return (1 a win, a shared win its share, 0 otherwise).
pub fn playout<G: TableGame>(mut g: G, seat: Seat, level: Level, seed: u64, max: usize) -> f64 {
    let n = g.players();
    for s in 0..n {
        g.seat_bot(s, level);
    }
    let mut bots: Vec<Box<dyn Agent<G> + Send>> = (0..n)
        .map(|s| G::bot(level, seed ^ ((s as u64 + 1) << 40)))
        .collect();
    let mut agents: Vec<&mut dyn Agent<G>> = bots
        .iter_mut()
        .map(|b| b.as_mut() as &mut dyn Agent<G>)
        .collect();
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    // A playout that stops on an error or runs past `max` wins nothing.
    if play(&mut g, &mut agents, &mut chance, max, |_, _, _| {}).is_err() {
        return 0.0;
    }
    let w = g.winners();
    if w.contains(&seat) {
        1.0 / w.len() as f64
    } else {
        0.0
    }
}

/// Searches `candidates` for `seat` in `worlds` worlds, each dealt by
/// `deal` from its seed: each candidate's share of wins.
pub fn search<G: TableGame>(
    seat: Seat,
    candidates: &[G::Action],
    deal: impl Fn(u64) -> G + Sync,
    spec: &SearchSpec,
    seed: u64,
) -> Searched<G::Action> {
    let worlds = worlds_for(spec, candidates.len());
    let per_world: Vec<Vec<f64>> = (0..worlds)
        .into_par_iter()
        .map(|w| {
            let s = world_seed(seed, w);
            let world = deal(s);
            candidates
                .iter()
                .map(|a| {
                    let mut g = world.clone();
                    // A candidate the world refuses (it should not: the
                    // worlds agree with what the seat sees) wins nothing there.
                    match g.apply(a.clone()) {
                        Ok(()) => playout(g, seat, spec.rollout, s, spec.max_actions),
                        Err(_) => 0.0,
                    }
                })
                .collect()
        })
        .collect();
    let values = candidates
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let total: f64 = per_world.iter().map(|v| v[i]).sum();
            (a.clone(), total / worlds as f64)
        })
        .collect();
    Searched {
        values,
        worlds,
        per_world,
    }
}

/// The candidate to play: of those that beat `default` (an index) in the
/// same worlds by more than `z` standard errors of the paired difference,
/// the one that beats it by most (ties drawn with `rng`); otherwise `default`.
pub fn improve<A>(searched: &Searched<A>, default: usize, z: f64, rng: &mut ChaCha8Rng) -> usize {
    let n = searched.per_world.len() as f64;
    if n < 2.0 {
        return default;
    }
    let gains = (0..searched.values.len()).filter_map(|i| {
        let d: Vec<f64> = searched
            .per_world
            .iter()
            .map(|w| w[i] - w[default])
            .collect();
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        (i != default && mean > 0.0 && mean > z * se).then_some((i, mean))
    });
    pick_max_by(gains, |a, b| a.1.total_cmp(&b.1), rng).map_or(default, |g| g.0)
}

/// The expert bot of a card game: the hard bot's choice, improved by a
/// search of sampled worlds dealt from its seat's observation.
pub struct SearchBot<G: TableGame> {
    spec: SearchSpec,
    /// The hard bot whose choice the search starts from (it keeps its own
    /// memory of the game, as it would playing alone).
    policy: Box<dyn Agent<G> + Send>,
    rng: ChaCha8Rng,
    why: Option<String>,
}

impl<G: TableGame> SearchBot<G> {
    pub fn new(spec: SearchSpec, seed: u64) -> Self {
        SearchBot {
            spec,
            policy: G::bot(Level::Hard, seed ^ 0x5EA7C4),
            rng: ChaCha8Rng::seed_from_u64(seed),
            why: None,
        }
    }
}

/// The hard bot's choice first, then the other legal actions, each once,
/// made as the expert's hand makes them ([`TableGame::retime`]; the hard
/// bot's own choice keeps its own timing).
pub fn candidates_after<G: TableGame>(
    default: G::Action,
    observation: &G::Observation,
    legal: &[G::Action],
    rng: &mut ChaCha8Rng,
) -> Vec<G::Action> {
    let mut others: Vec<G::Action> = candidates(legal)
        .into_iter()
        .filter(|a| *a != default)
        .collect();
    G::retime(observation, &mut others, rng);
    let mut out = vec![default];
    for a in others {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// The reason for a searched choice, in words that name no card.
pub fn reason<A>(searched: &Searched<A>, chosen: usize) -> String {
    let won = searched.values[chosen].1;
    if chosen == 0 {
        format!(
            "the practised play: it won {:.0}% of {} sampled deals played out from here, and nothing else clearly more",
            100.0 * won,
            searched.worlds
        )
    } else {
        format!(
            "won {:.0}% of {} sampled deals played out from here, the practised play {:.0}%",
            100.0 * won,
            searched.worlds,
            100.0 * searched.values[0].1
        )
    }
}

impl<G: TableGame> Agent<G> for SearchBot<G> {
    fn name(&self) -> String {
        Level::Expert.to_string()
    }

    fn act(&mut self, seat: Seat, observation: &G::Observation, legal: &[G::Action]) -> G::Action {
        let default = self.policy.act(seat, observation, legal);
        let mut cands = candidates_after::<G>(default, observation, legal, &mut self.rng);
        let seed = self.rng.next_u64();
        if cands.len() == 1 {
            self.why = self.policy.why();
            return cands.remove(0);
        }
        let searched = search::<G>(
            seat,
            &cands,
            |s| G::determinize(observation, &mut ChaCha8Rng::seed_from_u64(s)),
            &self.spec,
            seed,
        );
        let chosen = improve(&searched, 0, self.spec.z, &mut self.rng);
        self.why = Some(reason(&searched, chosen));
        cands.swap_remove(chosen)
    }

    fn why(&self) -> Option<String> {
        self.why.clone()
    }
}

/// The search on the whole state: sees every card and the decks' order.
/// Only in the test build, to measure what the hidden cards are worth; no
/// level, command or menu reaches it.
#[cfg(test)]
pub mod cheat;
