//! Measuring the card games headless: the arena that plays bots against each
//! other, and the random-playout bench.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::core::{Agent, Game, random_playout};
use super::table_game::TableGame;
use crate::bot_level::Level;

/// The outcome of a bot-against-bot series.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    pub games: usize,
    /// Games the first level won (a shared sundown win counts its share).
    pub wins: f64,
    pub draws: usize,
    /// Games that stopped on an error (a refused action, no end): should be none.
    pub failed: usize,
    pub seconds: f64,
    /// Each game, in the order of its index (whatever thread played it).
    pub played: Vec<ArenaGame>,
}

/// One game of an arena, as it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaGame {
    /// The seat the first level sat in.
    pub a_seat: usize,
    /// The winners (empty: a draw, or the game failed).
    pub winners: Vec<usize>,
    /// Actions played, chance included (`None`: it stopped on an error).
    pub actions: Option<usize>,
    /// How long each decision of the first level among two or more legal
    /// actions took, in seconds.
    pub a_decisions: Vec<f64>,
}

/// An agent timed: each decision's seconds kept (those with a choice).
struct Timed<'a, G: Game> {
    inner: &'a mut dyn Agent<G>,
    took: Vec<f64>,
}

impl<G: Game> Agent<G> for Timed<'_, G> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn act(&mut self, seat: usize, observation: &G::Observation, legal: &[G::Action]) -> G::Action {
        let started = Instant::now();
        let a = self.inner.act(seat, observation, legal);
        if legal.len() > 1 {
            self.took.push(started.elapsed().as_secs_f64());
        }
        a
    }
}

impl ArenaReport {
    pub fn rate(&self) -> f64 {
        self.wins / self.games as f64
    }

    /// The median seconds of the first level's decisions among two or more
    /// legal actions, over every game; 0 with none.
    pub fn median_decision(&self) -> f64 {
        let mut all: Vec<f64> = self
            .played
            .iter()
            .flat_map(|g| g.a_decisions.iter().copied())
            .collect();
        all.sort_by(f64::total_cmp);
        all.get(all.len() / 2).copied().unwrap_or(0.0)
    }

    /// The 95% Wilson interval of the win rate.
    pub fn interval(&self) -> (f64, f64) {
        crate::stats::wilson(self.wins, self.games as f64)
    }
}

/// The seed of an arena's game `i`.
pub fn game_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_add(i as u64 * 7919)
}

/// An arena's game `i` seated: `a` in seat `i mod players` (the seat
/// returned), `b` in every other, the tossing hands too, each bot seeded
/// from the game's seed and its seat.
pub fn seat_game<G: TableGame>(
    make: impl Fn(u64) -> G,
    i: usize,
    a: Level,
    b: Level,
    seed: u64,
) -> (G, usize, Vec<Box<dyn Agent<G> + Send>>) {
    let game_seed = game_seed(seed, i);
    let mut game = make(game_seed);
    let n = game.players();
    let a_seat = i % n;
    let level = |s: usize| if s == a_seat { a } else { b };
    for s in 0..n {
        game.seat_bot(s, level(s));
    }
    let bots = (0..n)
        .map(|s| G::bot(level(s), game_seed ^ (s as u64 + 1) << 20))
        .collect();
    (game, a_seat, bots)
}

/// Plays `games` games: `a` in one seat (rotating through the seats), `b` in
/// every other, chance and bots seeded from `seed`; spread over `threads`.
pub fn arena<G: TableGame + Send>(
    make: impl Fn(u64) -> G + Sync,
    a: Level,
    b: Level,
    games: usize,
    seed: u64,
    threads: usize,
) -> ArenaReport {
    let started = Instant::now();
    let mut results: Vec<(usize, ArenaGame)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|t| {
                let make = &make;
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads.max(1))
                        .map(|i| {
                            let (mut game, a_seat, mut bots) = seat_game(make, i, a, b, seed);
                            let (before, rest) = bots.split_at_mut(a_seat);
                            let (mine, after) = rest.split_first_mut().expect("a's seat");
                            let mut timed = Timed {
                                inner: mine.as_mut(),
                                took: Vec::new(),
                            };
                            let mut refs: Vec<&mut dyn Agent<G>> = before
                                .iter_mut()
                                .map(|b| b.as_mut() as &mut dyn Agent<G>)
                                .collect();
                            refs.push(&mut timed);
                            refs.extend(after.iter_mut().map(|b| b.as_mut() as &mut dyn Agent<G>));
                            let mut chance = ChaCha8Rng::seed_from_u64(game_seed(seed, i));
                            let played = super::core::play(
                                &mut game,
                                &mut refs,
                                &mut chance,
                                5_000_000,
                                |_, _, _| {},
                            );
                            let (winners, actions) = match played {
                                Ok(n) => (game.winners(), Some(n)),
                                Err(_) => (Vec::new(), None),
                            };
                            drop(refs);
                            let a_decisions = timed.took;
                            (
                                i,
                                ArenaGame {
                                    a_seat,
                                    winners,
                                    actions,
                                    a_decisions,
                                },
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("arena thread"))
            .collect()
    });
    results.sort_by_key(|r| r.0);
    let played: Vec<ArenaGame> = results.into_iter().map(|r| r.1).collect();
    let ok = || played.iter().filter(|g| g.actions.is_some());
    ArenaReport {
        games,
        // A shared win counts its share.
        wins: ok()
            .filter(|g| g.winners.contains(&g.a_seat))
            .map(|g| 1.0 / g.winners.len() as f64)
            .sum(),
        draws: ok().filter(|g| g.winners.is_empty()).count(),
        failed: played.iter().filter(|g| g.actions.is_none()).count(),
        seconds: started.elapsed().as_secs_f64(),
        played,
    }
}

/// Random playouts for about `seconds` on one core: (games, actions, seconds).
pub fn bench<G: Game>(make: impl Fn(u64) -> G, seconds: f64) -> (usize, usize, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let started = Instant::now();
    let (mut games, mut actions) = (0, 0);
    while started.elapsed().as_secs_f64() < seconds {
        let mut g = make(games as u64);
        actions += random_playout(&mut g, &mut rng, 10_000_000).unwrap_or(0);
        games += 1;
    }
    (games, actions, started.elapsed().as_secs_f64())
}
