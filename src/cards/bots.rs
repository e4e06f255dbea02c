//! What the card-game bots share: a fair choice among equals.
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

use rand::Rng;

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
