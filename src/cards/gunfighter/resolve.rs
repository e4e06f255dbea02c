//! Reading a mat's stack after a showdown (the rule sheet's steps 3–4): from
//! the top (the last card in) down, each card negated or not by its
//! neighbours, then what the standing cards do, in the order they landed.

use serde::{Deserialize, Serialize};

use super::setup::{CardId, Effect, Play, Rules};
use crate::cards::core::Seat;

/// A card wholly inside a mat's hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landed {
    pub card: CardId,
    pub thrower: Seat,
    /// When it landed, ms from the start of the five seconds.
    pub at_ms: i32,
}

/// How one card of a stack was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// The card (its index in the stack, 0 the bottom) that negated it.
    pub negated_by: Option<usize>,
    /// How many times it acts (a standing Double directly above doubles it).
    pub times: u8,
    /// A ricochet turned its damage on its thrower: the ricochet card's index.
    pub ricochet_by: Option<usize>,
}

/// What a standing card does to the game, in the order the cards landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// `to` loses `n` health; `by` dealt it (for the kill).
    Damage {
        to: Seat,
        n: u8,
        by: Seat,
    },
    Heal {
        to: Seat,
        n: u8,
    },
    /// `from` hands a covert card to `to`.
    Pickpocket {
        from: Seat,
        to: Seat,
    },
}

fn effect(rules: &Rules, l: &Landed) -> Option<Effect> {
    match rules.card(l.card).play {
        Play::Toss(e) => Some(e),
        // A card meant for before a showdown does nothing in a hole.
        Play::Before(_) => None,
    }
}

/// Reads `stack` (bottom first) on the mat of `owner`.
pub fn read(rules: &Rules, owner: Seat, stack: &[Landed]) -> (Vec<Reading>, Vec<Event>) {
    let n = stack.len();
    let eff: Vec<Option<Effect>> = stack.iter().map(|l| effect(rules, l)).collect();
    let mut readings = vec![
        Reading {
            negated_by: None,
            times: 1,
            ricochet_by: None,
        };
        n
    ];
    // Read strictly from the top down, as the book says ("Starting from the
    // top, work your way down"): a card still standing when it is read acts
    // on its neighbour — a Dodge on the card below it, a Take Cover on the
    // card above it — whatever lies further down. So a Dodge read first wins
    // over a Take Cover under it, and a Take Cover under a Bullet negates it
    // even when another Take Cover lies under the first (that one is read
    // later: it negates the first Take Cover, whose work is done).
    for i in (0..n).rev() {
        if readings[i].negated_by.is_some() {
            continue;
        }
        let target = match eff[i] {
            Some(Effect::NegateBelow) if i > 0 => Some(i - 1),
            Some(Effect::NegateAbove) if i + 1 < n => Some(i + 1),
            _ => None,
        };
        if let Some(t) = target
            && readings[t].negated_by.is_none()
        {
            readings[t].negated_by = Some(i);
        }
    }
    let standing = |r: &[Reading], i: usize| r[i].negated_by.is_none();
    // Doubles and ricochets act on their standing neighbours.
    for i in 0..n {
        if !standing(&readings, i) {
            continue;
        }
        match eff[i] {
            Some(Effect::Double) if i > 0 && standing(&readings, i - 1) => {
                readings[i - 1].times = readings[i - 1].times.saturating_mul(2);
            }
            Some(Effect::Ricochet)
                if i + 1 < n
                    && standing(&readings, i + 1)
                    && matches!(eff[i + 1], Some(Effect::Damage(_))) =>
            {
                readings[i + 1].ricochet_by = Some(i);
            }
            _ => {}
        }
    }
    // What the standing cards do, in the order they landed.
    let mut events = Vec::new();
    for i in 0..n {
        if !standing(&readings, i) {
            continue;
        }
        let r = readings[i];
        let l = stack[i];
        match eff[i] {
            Some(Effect::Damage(d)) => {
                let n = d.saturating_mul(r.times);
                let (to, by) = match r.ricochet_by {
                    Some(k) => (l.thrower, stack[k].thrower),
                    None => (owner, l.thrower),
                };
                events.push(Event::Damage { to, n, by });
            }
            Some(Effect::Heal(h)) => events.push(Event::Heal {
                to: owner,
                n: h.saturating_mul(r.times),
            }),
            Some(Effect::Pickpocket) if l.thrower != owner => {
                for _ in 0..r.times {
                    events.push(Event::Pickpocket {
                        from: owner,
                        to: l.thrower,
                    });
                }
            }
            _ => {}
        }
    }
    (readings, events)
}
