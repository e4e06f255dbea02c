//! What the rest of the program asks of a state besides playing it: the
//! invariants checked after every action, and a whole game consistent with
//! what one seat sees (for bots that sample what they cannot see).

use rand::Rng;

use super::{Fighter, Gunfighter, Phase};
use crate::cards::core::shuffled;
use crate::cards::gunfighter::setup::CardId;
use crate::cards::gunfighter::view::View;

impl Gunfighter {
    /// The state's consistency: every card of a dealt character's deck and
    /// every covert card in exactly one place; health within the chips, the
    /// living exactly those with health; pockets within their limit; every
    /// stacked card a toss of this showdown that landed in that hole.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = &self.rules;
        if !matches!(self.phase, Phase::Deal) && self.fighters.len() != r.players {
            return Err(format!(
                "{} fighters for {} players",
                self.fighters.len(),
                r.players
            ));
        }
        let mut seen = vec![0u32; r.cards.len()];
        for (s, f) in self.fighters.iter().enumerate() {
            if f.health > r.health {
                return Err(format!("seat {s} has {} health of {}", f.health, r.health));
            }
            if f.alive != (f.health > 0) {
                return Err(format!("seat {s}: alive exactly while health remains"));
            }
            if f.pocket.len() > r.pocket {
                return Err(format!("seat {s} pockets {} cards", f.pocket.len()));
            }
            for &c in f
                .deck
                .iter()
                .chain(&f.pocket)
                .chain(&f.discard)
                .chain(&f.before)
                .chain(&f.covert)
                .chain(f.bandolier.iter().flatten())
            {
                *seen.get_mut(c as usize).ok_or("a card id out of range")? += 1;
            }
        }
        for &c in self
            .tosses
            .iter()
            .map(|t| &t.card)
            .chain(&self.covert_deck)
            .chain(&self.covert_discard)
        {
            *seen.get_mut(c as usize).ok_or("a card id out of range")? += 1;
        }
        if !self.fighters.is_empty() {
            let dealt: Vec<usize> = self.fighters.iter().map(|f| f.character).collect();
            for (c, &n) in seen.iter().enumerate() {
                let def = &r.cards[c];
                let in_play = def.character.is_none_or(|k| dealt.contains(&k));
                if n != u32::from(in_play) {
                    return Err(format!("card {c} ({}) is in {n} places", def.name));
                }
            }
        }
        for (s, mat) in self.mats.iter().enumerate() {
            for l in mat {
                if !self
                    .tosses
                    .iter()
                    .any(|t| t.card == l.card && t.target == s && t.in_hole == Some(true))
                {
                    return Err(format!(
                        "{} lies in seat {s}'s hole but was not tossed there",
                        self.card_name(l.card)
                    ));
                }
            }
        }
        Ok(())
    }

    /// A whole game consistent with `view`: every card the seat cannot see
    /// (the others' face-down bandoliers, pockets and covert hands, every
    /// deck's order, the covert deck) dealt at random from the cards
    /// unaccounted for, each character's own deck to its own places.
    pub fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Gunfighter {
        let rules = view.rules.clone();
        let mut g = Gunfighter::new((*rules).clone());
        g.rules = rules.clone();
        g.phase = view.phase.clone();
        g.showdowns = view.showdowns;
        g.first = view.first;
        g.mats = view.mats.clone();
        g.tosses = view.tosses.clone();
        g.covert_discard = view.covert_discard.clone();
        g.last_reading = view.last_reading.clone();
        g.winners = view.winners.clone();
        if matches!(view.phase, Phase::Deal) {
            return g;
        }
        // Removes each of `known` once from `pool`.
        let take = |pool: &mut Vec<CardId>, known: &[CardId]| {
            for c in known {
                if let Some(k) = pool.iter().position(|x| x == c) {
                    pool.swap_remove(k);
                }
            }
        };
        let mut covert_pool = rules.covert.clone();
        take(&mut covert_pool, &view.covert_discard);
        take(&mut covert_pool, &view.covert);
        let mut covert_pool = shuffled(&covert_pool, rng);
        for (s, o) in view.fighters.iter().enumerate() {
            let mine = s == view.seat;
            let mut pool = rules.characters[o.character].deck.clone();
            take(&mut pool, &o.discard);
            take(&mut pool, &o.before);
            let tossed: Vec<CardId> = view
                .tosses
                .iter()
                .filter(|t| t.thrower == s)
                .map(|t| t.card)
                .collect();
            take(&mut pool, &tossed);
            let (bandolier, pocket, covert) = if mine {
                take(
                    &mut pool,
                    &view.bandolier.iter().flatten().copied().collect::<Vec<_>>(),
                );
                take(&mut pool, &view.pocket);
                (
                    view.bandolier.clone(),
                    view.pocket.clone(),
                    view.covert.clone(),
                )
            } else {
                let mut pool_s = shuffled(&pool, rng);
                let bandolier: Vec<Option<CardId>> = o
                    .slots
                    .iter()
                    .map(|&full| if full { pool_s.pop() } else { None })
                    .collect();
                let pocket: Vec<CardId> = (0..o.pocket).filter_map(|_| pool_s.pop()).collect();
                let n = o.covert.min(covert_pool.len());
                let covert = covert_pool.split_off(covert_pool.len() - n);
                pool = pool_s;
                (bandolier, pocket, covert)
            };
            g.fighters.push(Fighter {
                character: o.character,
                health: o.health,
                alive: o.alive,
                deck: shuffled(&pool, rng),
                bandolier,
                pocket,
                discard: o.discard.clone(),
                covert,
                before: o.before.clone(),
                armor: o.armor,
                ready_ms: o.ready_ms,
                holstered: o.holstered,
                covert_played: o.covert_played,
            });
        }
        g.covert_deck = covert_pool;
        g
    }
}
