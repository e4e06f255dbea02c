//! What the rest of the program asks of a state besides playing it: the
//! invariants checked after every action, and a whole game consistent with
//! what one seat sees (for bots that sample what they cannot see).

use rand::Rng;

use super::{Fighter, Gunfighter, Phase, View};
use crate::cards::core::shuffled;
use crate::cards::gunfighter::setup::CardId;

impl Gunfighter {
    /// The state's consistency: every card of a dealt character's deck and
    /// every covert card in exactly one place; health within the chips, the
    /// living exactly those with health; pockets within their limit; every
    /// stacked card a toss of this showdown that landed in that hole.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_shape()?;
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

    /// Every index in range and every number in its limits (a saved game is
    /// user data): the rules it carries, seats, characters, slots, cards,
    /// the hands' chances. Checked before the invariants, which rely on it.
    fn check_shape(&self) -> Result<(), String> {
        let r = &self.rules;
        let n = r.players;
        if !super::super::setup::PLAYERS.contains(&n) {
            return Err(format!("{n} players: The Gunfighter is for 2 to 6"));
        }
        let values = [
            u64::from(r.health),
            r.bandolier as u64,
            r.pocket as u64,
            r.covert_hand as u64,
            u64::from(r.showdown_ms),
            u64::from(r.showdown_limit),
        ];
        for ((key, lo, hi), v) in super::super::setup::LIMITS.into_iter().zip(values) {
            if !(lo..=hi).contains(&v) {
                return Err(format!("the rules' {key} {v}: must be {lo} to {hi}"));
            }
        }
        let cards = r.cards.len();
        if r.characters.len() < n {
            return Err(format!("{} characters for {n} players", r.characters.len()));
        }
        let card_ok = |c: CardId| usize::from(c) < cards;
        for (k, ch) in r.characters.iter().enumerate() {
            if ch.deck.is_empty() || !ch.deck.iter().all(|&c| card_ok(c)) {
                return Err(format!(
                    "character {k}'s deck names a card that is not in the rules"
                ));
            }
        }
        if !r.covert.iter().all(|&c| card_ok(c)) {
            return Err("the covert deck names a card that is not in the rules".into());
        }
        if r.cards
            .iter()
            .any(|c| c.character.is_some_and(|k| k >= r.characters.len()))
        {
            return Err("a card of a character that is not in the rules".into());
        }
        let seat_ok = |s: usize| s < n;
        let phase_seat = match self.phase {
            Phase::Exchange { seat } | Phase::Prepare { seat } => Some(seat),
            _ => None,
        };
        if !phase_seat.is_none_or(seat_ok) || !seat_ok(self.first) {
            return Err("a seat past the table".into());
        }
        if self.mats.len() != n || self.hands.len() != n {
            return Err(format!(
                "{} mats and {} hands for {n} players",
                self.mats.len(),
                self.hands.len()
            ));
        }
        if !self.hands.iter().all(|h| (0.0..=1.0).contains(h)) {
            return Err("a hand's chance of landing in the hole must be 0 to 1".into());
        }
        for (s, f) in self.fighters.iter().enumerate() {
            if f.character >= r.characters.len() || f.bandolier.len() > r.bandolier.max(30) {
                return Err(format!("seat {s}'s character or bandolier is out of range"));
            }
        }
        let landed = self
            .mats
            .iter()
            .flatten()
            .chain(self.last_reading.iter().flat_map(|m| &m.stack));
        for l in landed {
            if !card_ok(l.card) || !seat_ok(l.thrower) {
                return Err(
                    "a card on a mat is not in the rules, or its thrower not at the table".into(),
                );
            }
        }
        for t in &self.tosses {
            if !card_ok(t.card) || !seat_ok(t.thrower) || !seat_ok(t.target) {
                return Err(
                    "a toss of a card not in the rules, or by or at a seat past the table".into(),
                );
            }
        }
        let event_ok = |e: &super::super::resolve::Event| match *e {
            super::super::resolve::Event::Damage { to, by, .. } => seat_ok(to) && seat_ok(by),
            super::super::resolve::Event::Heal { to, .. } => seat_ok(to),
            super::super::resolve::Event::Pickpocket { from, to } => seat_ok(from) && seat_ok(to),
        };
        let reading_ok = |m: &super::MatReading| {
            seat_ok(m.owner)
                && m.readings.len() == m.stack.len()
                && m.readings.iter().all(|x| {
                    x.negated_by.is_none_or(|i| i < m.stack.len())
                        && x.ricochet_by.is_none_or(|i| i < m.stack.len())
                })
                && m.events.iter().all(event_ok)
        };
        if !self.last_reading.iter().all(reading_ok) || self.winners.iter().any(|&s| !seat_ok(s)) {
            return Err("a reading or a winner past the table".into());
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
