//! What the card-game bots share: determinized Monte Carlo evaluation
//! (sample the hidden cards from an observation, try each candidate in the
//! same sampled worlds, play on, compare). Their levels are
//! [`crate::bot_level::Level`], shared with the Flick 'em Up bot.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::core::{Game, Seat};

/// Keeps `default` (a sound policy's choice) unless another candidate does
/// clearly better in the same sampled worlds: its mean paired gain must exceed
/// `z` standard errors. Long, noisy playouts then cannot talk a bot out of a
/// good move by chance.
#[allow(clippy::too_many_arguments)]
pub fn improve_by_sampling<G: Game>(
    default: &G::Action,
    candidates: &[G::Action],
    samples: usize,
    z: f64,
    rng: &mut ChaCha8Rng,
    mut world: impl FnMut(&mut ChaCha8Rng) -> G,
    mut value: impl FnMut(G, Seat, &mut ChaCha8Rng) -> f64,
    seat: Seat,
) -> G::Action {
    if candidates.len() <= 1 {
        return default.clone();
    }
    let seeds: Vec<u64> = (0..samples).map(|_| rng.random()).collect();
    let worlds: Vec<G> = seeds
        .iter()
        .map(|&s| world(&mut ChaCha8Rng::seed_from_u64(s)))
        .collect();
    let mut values = |a: &G::Action| -> Option<Vec<f64>> {
        worlds
            .iter()
            .zip(&seeds)
            .map(|(w, &s)| {
                let mut g = w.clone();
                g.apply(a.clone()).ok()?;
                Some(value(
                    g,
                    seat,
                    &mut ChaCha8Rng::seed_from_u64(s ^ 0x9e37_79b9),
                ))
            })
            .collect()
    };
    let Some(base) = values(default) else {
        return default.clone();
    };
    let mut best = (0.0, default.clone());
    for a in candidates.iter().filter(|a| *a != default) {
        let Some(v) = values(a) else { continue };
        let d: Vec<f64> = v.iter().zip(&base).map(|(x, y)| x - y).collect();
        let n = d.len() as f64;
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        if mean > z * se && mean > best.0 {
            best = (mean, a.clone());
        }
    }
    best.1
}
