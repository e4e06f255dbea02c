//! The end of a showdown, steps 3–8 of the rule sheet: every mat's stack
//! read from the first seat round the table (damage, armor, healing,
//! pickpockets), eliminations, played cards to the discards and the rest of
//! each bandolier to the pocket; then the game's end or the next showdown.

use super::{Gunfighter, MatReading, Phase};
use crate::cards::core::Seat;
use crate::cards::gunfighter::resolve::{self, Event};
use crate::cards::gunfighter::setup::CardId;

impl Gunfighter {
    /// Steps 3–8 of the rule sheet: every mat read from its first seat round
    /// the table, eliminations, discards and pockets, the next showdown.
    pub(super) fn read_mats(&mut self) {
        let max = self.rules.health;
        let was_alive: Vec<bool> = self.fighters.iter().map(|f| f.alive).collect();
        let mut killer: Vec<Option<Seat>> = vec![None; self.rules.players];
        self.last_reading.clear();
        for owner in self.living() {
            let stack = std::mem::take(&mut self.mats[owner]);
            let (readings, events) = resolve::read(&self.rules, owner, &stack);
            for (i, r) in readings.iter().enumerate() {
                let l = stack[i];
                let what = match r.negated_by {
                    Some(k) => format!("negated by {}", self.card_name(stack[k].card)),
                    None => self.rules.card(l.card).text.clone(),
                };
                self.events.push(format!(
                    "{}'s mat, card {} from the top: {} from {}: {what}",
                    self.name_of(owner),
                    stack.len() - i,
                    self.card_name(l.card),
                    self.name_of(l.thrower),
                ));
            }
            for e in &events {
                match *e {
                    Event::Damage { to, n, by } => {
                        let f = &mut self.fighters[to];
                        if f.health == 0 {
                            continue;
                        }
                        let stopped = n.min(f.armor);
                        f.armor -= stopped;
                        let hit = (n - stopped).min(f.health);
                        f.health -= hit;
                        if stopped > 0 {
                            self.events.push(format!(
                                "{}'s armor stops {stopped} damage",
                                self.name_of(to)
                            ));
                        }
                        if hit > 0 {
                            self.events.push(format!(
                                "{} loses {hit} (health {})",
                                self.name_of(to),
                                self.fighters[to].health
                            ));
                            if self.fighters[to].health == 0 {
                                killer[to] = Some(by);
                            }
                        }
                    }
                    Event::Heal { to, n } => {
                        let f = &mut self.fighters[to];
                        if f.health > 0 {
                            f.health = (f.health + n).min(max);
                            self.events.push(format!(
                                "{} heals (health {})",
                                self.name_of(to),
                                self.fighters[to].health
                            ));
                        }
                    }
                    Event::Pickpocket { from, to } => {
                        if self.fighters[from].covert.is_empty() {
                            continue;
                        }
                        let card = self.fighters[from].covert.remove(0);
                        self.fighters[to].covert.push(card);
                        self.events.push(format!(
                            "{} picks a covert card from {}'s pocket",
                            self.name_of(to),
                            self.name_of(from)
                        ));
                    }
                }
            }
            self.last_reading.push(MatReading {
                owner,
                stack,
                readings,
                events,
            });
        }
        // Eliminations: the killer claims the dead man's covert cards.
        for s in 0..self.rules.players {
            if !(was_alive[s] && self.fighters[s].health == 0) {
                continue;
            }
            self.fighters[s].alive = false;
            let cards = std::mem::take(&mut self.fighters[s].covert);
            match killer[s] {
                Some(k) if k != s && self.fighters[k].health > 0 => {
                    self.events.push(format!(
                        "{} is dead; {} claims {} covert card(s)",
                        self.name_of(s),
                        self.name_of(k),
                        cards.len()
                    ));
                    self.fighters[k].covert.extend(cards);
                }
                _ => {
                    self.events.push(format!("{} is dead", self.name_of(s)));
                    self.covert_discard.extend(cards);
                }
            }
        }
        // Played cards to their throwers' discards (in or out of the hole);
        // the rest of each bandolier into the pocket, as room allows.
        for t in std::mem::take(&mut self.tosses) {
            self.fighters[t.thrower].discard.push(t.card);
        }
        for s in 0..self.rules.players {
            let room = self.rules.pocket;
            let f = &mut self.fighters[s];
            let before: Vec<CardId> = f.before.drain(..).collect();
            f.discard.extend(before);
            for c in f.bandolier.drain(..).flatten() {
                if f.pocket.len() < room && f.alive {
                    f.pocket.push(c);
                } else {
                    f.discard.push(c);
                }
            }
            f.armor = 0;
        }
        self.showdowns += 1;
        self.finish();
    }

    /// The game's end, or the next showdown.
    pub(super) fn finish(&mut self) {
        let living = self.living();
        if living.len() <= 1 {
            self.winners = living;
            self.phase = Phase::Over;
            self.events.push(match self.winners.first() {
                Some(&w) => format!("{} is the last gunfighter standing", self.name_of(w)),
                None => "Nobody is left standing".into(),
            });
            return;
        }
        if self.showdowns >= self.rules.showdown_limit {
            let best = living
                .iter()
                .map(|&s| self.fighters[s].health)
                .max()
                .unwrap_or(0);
            self.winners = living
                .into_iter()
                .filter(|&s| self.fighters[s].health == best)
                .collect();
            self.winners.sort();
            self.phase = Phase::Over;
            self.events.push("Sundown: the healthiest win".into());
            return;
        }
        // The next showdown is read first by the next living seat.
        let n = self.rules.players;
        self.first = (1..=n)
            .map(|k| (self.first + k) % n)
            .find(|&s| self.fighters[s].alive)
            .unwrap_or(self.first);
        self.start_showdown();
    }
}
