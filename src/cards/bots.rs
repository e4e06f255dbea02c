//! What the card-game bots share: determinized Monte Carlo evaluation
//! (sample the hidden cards from an observation, try each candidate in the
//! same sampled worlds, play on, compare), and a fair choice among equals.
//! Their levels are [`crate::bot_level::Level`], shared with the Flick 'em Up
//! bot.
//!
//! **No choice by seat number.** The person sits at seat 0, so a bot that
//! settles a tie between equally good targets by taking the first (or the
//! last) of them in seat order gangs up on the person (issue 26, item 5).
//! Every choice among opponents goes through [`pick_max_by`] (or its `_key`
//! forms): of the equally best, one is drawn with the bot's own seeded
//! generator. Only a real tie of two or more draws a number, so a decision
//! with one best candidate consumes nothing from the stream.

use std::cmp::Ordering;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::core::{Game, Seat};

/// Of `items`, one of those that compare greatest under `cmp`: the only one,
/// or, when several are equally great, one drawn uniformly with `rng` (never
/// the first or last in the order given, which is often seat order). The
/// generator is drawn from only for a tie of two or more, so an untied choice
/// leaves the stream as it was; the same generator state gives the same pick.
/// `None` when `items` is empty.
pub fn pick_max_by<T, R: Rng + ?Sized>(
    items: impl IntoIterator<Item = T>,
    mut cmp: impl FnMut(&T, &T) -> Ordering,
    rng: &mut R,
) -> Option<T> {
    let mut best: Vec<T> = Vec::new();
    for x in items {
        let order = match best.first() {
            None => Ordering::Greater,
            Some(b) => cmp(&x, b),
        };
        match order {
            Ordering::Greater => {
                best.clear();
                best.push(x);
            }
            Ordering::Equal => best.push(x),
            Ordering::Less => {}
        }
    }
    if best.len() > 1 {
        let k = rng.random_range(0..best.len());
        Some(best.swap_remove(k))
    } else {
        best.pop()
    }
}

/// [`pick_max_by`] on a key: one of the items with the greatest key, ties
/// drawn with `rng`.
pub fn pick_max_by_key<T, K: Ord, R: Rng + ?Sized>(
    items: impl IntoIterator<Item = T>,
    mut key: impl FnMut(&T) -> K,
    rng: &mut R,
) -> Option<T> {
    pick_max_by(items, |a, b| key(a).cmp(&key(b)), rng)
}

/// [`pick_max_by`] on a key, smallest first: one of the items with the least
/// key, ties drawn with `rng`.
pub fn pick_min_by_key<T, K: Ord, R: Rng + ?Sized>(
    items: impl IntoIterator<Item = T>,
    mut key: impl FnMut(&T) -> K,
    rng: &mut R,
) -> Option<T> {
    pick_max_by(items, |a, b| key(b).cmp(&key(a)), rng)
}

/// Keeps `default` (a sound policy's choice) unless another candidate does
/// clearly better in the same sampled worlds: its mean paired gain must exceed
/// `z` standard errors. Long, noisy playouts then cannot talk a bot out of a
/// good move by chance. Of several candidates with exactly the same best gain
/// (the legal list names targets in seat order), one is drawn with `rng`
/// ([`pick_max_by`]), not the first.
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
    // Every candidate clearly better than the default (a clear gain is above
    // zero), with its mean gain; the best of them wins, a tie drawn at random.
    let mut better: Vec<(f64, &G::Action)> = Vec::new();
    for a in candidates.iter().filter(|a| *a != default) {
        let Some(v) = values(a) else { continue };
        let d: Vec<f64> = v.iter().zip(&base).map(|(x, y)| x - y).collect();
        let n = d.len() as f64;
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        if mean > z * se && mean > 0.0 {
            better.push((mean, a));
        }
    }
    pick_max_by(better, |x, y| x.0.total_cmp(&y.0), rng)
        .map_or_else(|| default.clone(), |(_, a)| a.clone())
}
