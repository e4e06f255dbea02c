//! Gunfighter bots. They decide from their seat's [`View`] only: their own
//! bandolier (memorised), pocket and covert hand, and what lies face up on
//! the mats. A level is a hand (how often its tosses land wholly inside a
//! hole: [`Hand::landing`]), a memory (how often it reaches for the wrong
//! slot of its face-down bandolier) and a head (does it watch its own mat
//! and answer a Bullet with a Dodge, does it pick the weakest target).
//! Between equally good targets it draws with its own seeded generator
//! ([`pick_max_by`]), never by seat number: the person sits at seat 0.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::rules::Action;
use super::rules::View;
use super::setup::{Before, CardId, Effect, Play, Rules};
use super::{Gunfighter, Phase};
use crate::bot_level::Level;
use crate::cards::bots::{pick_max_by, pick_max_by_key, pick_min_by_key};
use crate::cards::core::{Agent, Seat};

mod why;

/// A level's hand, memory and head.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hand {
    /// The chance a toss lands wholly inside the hole it is aimed at, 40 cm
    /// away: the rate measured over simulated tosses through this hand on
    /// Rapier ([`crate::physics::card_toss::bench`], kept in step by a test),
    /// used headless as the landing model.
    pub landing: f32,
    /// The hand's errors: off the line (radians) and in speed (relative).
    pub yaw_sd: f32,
    pub speed_sd: f32,
    /// The chance it reaches for the wrong face-down card.
    pub forget: f32,
    /// The chance it sees a Bullet land on its own mat in time to answer it.
    pub watch: f32,
    /// Aims at the weakest opponent (else at any).
    pub picks_targets: bool,
}

/// Each level's hand. The landing chances are the rates measured over 1,000
/// simulated tosses at a hole 40 cm away with the shipped profile (tested:
/// within 5 points; hard at least 80%, easy at most 50%).
pub fn hand(level: Level) -> Hand {
    match level {
        Level::Random => Hand {
            landing: 0.30,
            yaw_sd: 0.06,
            speed_sd: 0.08,
            forget: 1.0,
            watch: 0.0,
            picks_targets: false,
        },
        Level::Easy => Hand {
            landing: 0.30,
            yaw_sd: 0.06,
            speed_sd: 0.08,
            forget: 0.25,
            watch: 0.3,
            picks_targets: false,
        },
        Level::Normal => Hand {
            landing: 0.61,
            yaw_sd: 0.035,
            speed_sd: 0.045,
            forget: 0.1,
            watch: 0.7,
            picks_targets: true,
        },
        Level::Hard | Level::Expert => Hand {
            landing: 0.88,
            yaw_sd: 0.02,
            speed_sd: 0.025,
            forget: 0.0,
            watch: 1.0,
            picks_targets: true,
        },
    }
}

/// A showdown card's effect when tossed (None: a card played before a showdown).
fn effect(rules: &Rules, card: CardId) -> Option<Effect> {
    match rules.card(card).play {
        Play::Toss(e) => Some(e),
        Play::Before(_) => None,
    }
}

/// What a showdown card is worth to keep in the bandolier.
fn worth(rules: &Rules, card: CardId, hurt: bool) -> f32 {
    match rules.card(card).play {
        Play::Toss(Effect::Damage(n)) => 3.0 * n as f32,
        Play::Toss(Effect::Double) => 2.5,
        Play::Toss(Effect::NegateBelow) => 2.5,
        Play::Toss(Effect::NegateAbove | Effect::Ricochet) => 2.0,
        Play::Toss(Effect::Heal(n)) => {
            if hurt {
                2.0 * n as f32
            } else {
                0.5
            }
        }
        Play::Toss(Effect::Pickpocket) => 1.0,
        Play::Before(_) => 1.5,
    }
}

/// A Gunfighter bot at a level. It reads the cards' effects from the rules
/// its seat's view carries (printed on the cards, known to all).
pub struct GunfighterBot {
    pub level: Level,
    pub hand: Hand,
    rng: ChaCha8Rng,
    /// The reason for the last action, for [`Agent::why`].
    why: Option<String>,
}

impl GunfighterBot {
    pub fn new(level: Level, seed: u64) -> Self {
        Self {
            level,
            hand: hand(level),
            rng: ChaCha8Rng::seed_from_u64(seed),
            why: None,
        }
    }

    /// `action`, chosen for `reason`.
    fn because(&mut self, action: Action, reason: String) -> Action {
        self.why = Some(reason);
        action
    }

    /// The slot it reaches for, wanting `slot`: its memory may fail it.
    fn reach(&mut self, view: &View, slot: usize) -> usize {
        if self.rng.random::<f32>() < self.hand.forget {
            let full: Vec<usize> = (0..view.bandolier.len())
                .filter(|&k| view.bandolier[k].is_some())
                .collect();
            full[self.rng.random_range(0..full.len())]
        } else {
            slot
        }
    }

    fn showdown(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let slots: Vec<(usize, CardId)> = view
            .bandolier
            .iter()
            .enumerate()
            .filter_map(|(k, c)| c.map(|c| (k, c)))
            .collect();
        let find = |_: &Self, want: &dyn Fn(Effect) -> bool| {
            slots
                .iter()
                .find(|(_, c)| effect(&view.rules, *c).is_some_and(want))
                .map(|&(k, _)| k)
        };
        let me = &view.fighters[seat];
        let hurt = me.health < view.rules.health;
        let opponents: Vec<Seat> = (0..view.fighters.len())
            .filter(|&s| s != seat && view.fighters[s].alive)
            .collect();
        // The toss of the card in `slot`, for `reason` (unless the memory
        // fails and the hand reaches for another slot).
        let toss = |bot: &mut Self, slot: usize, target: Seat, reason: String| {
            let reached = bot.reach(view, slot);
            let a = Action::Toss {
                slot: reached,
                target,
            };
            if !legal.contains(&a) {
                return bot.because(Action::Holster, why::cannot_toss());
            }
            let reason = if reached == slot {
                reason
            } else {
                why::forgot()
            };
            bot.because(a, reason)
        };
        // 1. A standing enemy Bullet on top of my own mat: Dodge it.
        let (readings, _) = super::resolve::read(&view.rules, seat, &view.mats[seat]);
        if let (Some(top), Some(r)) = (view.mats[seat].last(), readings.last()) {
            let enemy_damage = top.thrower != seat
                && r.negated_by.is_none()
                && matches!(effect(&view.rules, top.card), Some(Effect::Damage(_)));
            if enemy_damage
                && self.rng.random::<f32>() < self.hand.watch
                && let Some(k) = find(self, &|e| e == Effect::NegateBelow)
            {
                let reason = why::dodge(view, top, slots_card(&slots, k));
                return toss(self, k, seat, reason);
            }
        }
        // 2. My own Bullet standing on top of a target's mat: fan the hammer
        //    (on the weakest such target; equals drawn at random).
        let marked: Vec<Seat> = opponents
            .iter()
            .copied()
            .filter(|&t| {
                view.mats[t].last().is_some_and(|top| {
                    top.thrower == seat
                        && matches!(effect(&view.rules, top.card), Some(Effect::Damage(_)))
                })
            })
            .collect();
        if !marked.is_empty()
            && let Some(k) = find(self, &|e| e == Effect::Double)
            && let Some(t) = pick_min_by_key(
                marked,
                |&t| (view.fighters[t].health, view.fighters[t].armor),
                &mut self.rng,
            )
        {
            let reason = why::fan(view, t, slots_card(&slots, k));
            return toss(self, k, t, reason);
        }
        // 3. Cover first while my mat is clear: the next card in is stopped
        //    (a Take Cover), or turned back on its thrower (a Ricochet).
        let my_top_is_cover = view.mats[seat].last().is_some_and(|l| {
            matches!(
                effect(&view.rules, l.card),
                Some(Effect::NegateAbove | Effect::Ricochet)
            )
        });
        if !my_top_is_cover
            && let Some(k) = find(self, &|e| {
                matches!(e, Effect::NegateAbove | Effect::Ricochet)
            })
            && (self.level == Level::Hard || self.rng.random::<f32>() < 0.5)
        {
            let reason = why::cover(view, slots_card(&slots, k));
            return toss(self, k, seat, reason);
        }
        // 4. Shoot: the weakest opponent (of equals, one drawn at random, not
        //    the lowest seat), or any.
        let target = if opponents.is_empty() {
            None
        } else if self.hand.picks_targets {
            pick_min_by_key(
                opponents.iter().copied(),
                |&s| (view.fighters[s].health, view.fighters[s].armor),
                &mut self.rng,
            )
        } else {
            Some(opponents[self.rng.random_range(0..opponents.len())])
        };
        if let Some(t) = target {
            if let Some(k) = slots
                .iter()
                .filter(|(_, c)| matches!(effect(&view.rules, *c), Some(Effect::Damage(_))))
                .max_by_key(|(_, c)| match effect(&view.rules, *c) {
                    Some(Effect::Damage(n)) => n,
                    _ => 0,
                })
                .map(|&(k, _)| k)
            {
                let reason = why::shoot(view, t, slots_card(&slots, k), self.hand.picks_targets);
                return toss(self, k, t, reason);
            }
            if let Some(k) = find(self, &|e| e == Effect::Pickpocket)
                && view.fighters[t].covert > 0
            {
                let reason = why::pickpocket(view, t, slots_card(&slots, k));
                return toss(self, k, t, reason);
            }
        }
        // 5. Heal when hurt.
        if hurt && let Some(k) = find(self, &|e| matches!(e, Effect::Heal(_))) {
            let reason = why::heal(view, slots_card(&slots, k));
            return toss(self, k, seat, reason);
        }
        // 6. Keep a Dodge in hand while others may still shoot; else done.
        let others_armed = opponents.iter().any(|&s| view.fighters[s].bandolier > 0);
        let dodge = find(self, &|e| e == Effect::NegateBelow);
        if others_armed
            && let Some(k) = dodge
            && self.hand.watch > 0.0
            && legal.contains(&Action::Wait)
        {
            let reason = why::wait(view, slots_card(&slots, k));
            self.because(Action::Wait, reason)
        } else {
            self.because(Action::Holster, why::holster(view))
        }
    }

    fn prepare(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        // "Before a showdown" cards from the bandolier: they are played or
        // wasted. The first such slot; a card played on an opponent goes on
        // the one it hurts most (a Jam on the healthiest, a Steal on the
        // fullest covert hand), equals drawn at random, not the first seat.
        let early_slot = legal.iter().find_map(|a| match a {
            Action::Early { slot, .. } => Some(*slot),
            _ => None,
        });
        if let Some(slot) = early_slot {
            let play = view
                .bandolier
                .get(slot)
                .copied()
                .flatten()
                .map(|c| view.rules.card(c).play);
            let options = legal
                .iter()
                .filter(|a| matches!(a, Action::Early { slot: s, .. } if *s == slot));
            let chosen = pick_max_by_key(
                options,
                |a| match a {
                    Action::Early { target, .. } => {
                        let f = &view.fighters[*target];
                        match play {
                            Some(Play::Before(Before::Jam(_))) => usize::from(f.health),
                            Some(Play::Before(Before::Steal)) => f.covert,
                            _ => 0,
                        }
                    }
                    _ => 0,
                },
                &mut self.rng,
            );
            if let Some(a) = chosen {
                let reason = why::early(view, a, play);
                return self.because(a.clone(), reason);
            }
        }
        let me = &view.fighters[seat];
        let hurt = me.health < view.rules.health;
        let covert: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Covert { .. }))
            .collect();
        if covert.is_empty() {
            return self.because(Action::Ready, why::nothing_to_play());
        }
        if self.level == Level::Easy && self.rng.random::<f32>() < 0.5 {
            return Action::Ready;
        }
        let value = |a: &Action| -> f32 {
            let Action::Covert { card, target } = a else {
                return 0.0;
            };
            match view.rules.card(*card).play {
                Play::Before(Before::Heal(n)) => {
                    if hurt {
                        3.0 * n as f32
                    } else {
                        -1.0
                    }
                }
                Play::Before(Before::Armor(n)) => 2.5 * n as f32,
                Play::Before(Before::Quickdraw(ms)) => ms as f32 / 300.0,
                Play::Before(Before::Jam(ms)) => {
                    // Jam the healthiest opponent.
                    ms as f32 / 400.0 + view.fighters[*target].health as f32 * 0.1
                }
                Play::Before(Before::Steal) => 1.5 + view.fighters[*target].covert as f32 * 0.1,
                Play::Before(Before::Draw(n)) => 1.2 * n as f32,
                Play::Toss(_) => 0.0,
            }
        };
        // The most valuable; of equal values (the same card on equally
        // healthy opponents), one drawn at random, not the last seat.
        let best = pick_max_by(
            covert.iter().copied(),
            |a, b| value(a).total_cmp(&value(b)),
            &mut self.rng,
        )
        .cloned()
        .unwrap_or(Action::Ready);
        if value(&best) > 0.0 {
            let reason = why::covert(view, seat, &best);
            self.because(best, reason)
        } else {
            self.because(Action::Ready, why::no_covert_worth_it())
        }
    }

    fn exchange(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        let hurt = view.fighters[seat].health < view.rules.health;
        let mut best = (Action::Keep, 0.0f32);
        for a in legal {
            if let Action::Exchange { slot, pocket } = *a {
                let (Some(Some(drawn)), Some(&kept)) =
                    (view.bandolier.get(slot), view.pocket.get(pocket))
                else {
                    continue;
                };
                let gain = worth(&view.rules, kept, hurt) - worth(&view.rules, *drawn, hurt);
                if gain > best.1 {
                    best = (a.clone(), gain);
                }
            }
        }
        let reason = why::exchange(view, &best.0);
        self.because(best.0, reason)
    }
}

impl Agent<Gunfighter> for GunfighterBot {
    fn name(&self) -> String {
        format!("{:?}", self.level).to_lowercase()
    }

    fn act(&mut self, seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.why = None;
        if self.level == Level::Random {
            return legal[self.rng.random_range(0..legal.len())].clone();
        }
        match view.phase {
            Phase::Exchange { .. } => self.exchange(seat, view, legal),
            Phase::Prepare { .. } => self.prepare(seat, view, legal),
            Phase::Showdown => self.showdown(seat, view, legal),
            _ => self.because(legal[0].clone(), why::only_choice()),
        }
    }

    fn why(&self) -> Option<String> {
        self.why.clone()
    }
}

/// The card in bandolier slot `k` of `slots` (slot, card).
fn slots_card(slots: &[(usize, CardId)], k: usize) -> CardId {
    slots
        .iter()
        .find(|(s, _)| *s == k)
        .map(|&(_, c)| c)
        .expect("a slot found among the full slots")
}

/// Plays one game headless between bots (seat `s` at `levels[s]`), each seat's
/// tosses landing with its level's hand; returns the finished game.
pub fn play_game(rules: &Rules, levels: &[Level], seed: u64) -> Gunfighter {
    use crate::cards::core::{Game, Turn};
    let mut g = Gunfighter::new(rules.clone());
    for (s, &l) in levels.iter().enumerate() {
        g.hands[s] = hand(l).landing;
    }
    let mut bots: Vec<GunfighterBot> = levels
        .iter()
        .enumerate()
        .map(|(s, &l)| GunfighterBot::new(l, seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect();
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let a = match g.turn() {
            Turn::Over => break,
            Turn::Chance => g.sample_chance(&mut chance),
            Turn::Player(s) => {
                let legal = g.legal_actions();
                let view = g.observation(s);
                bots[s].act(s, &view, &legal)
            }
        };
        g.apply(a).expect("bots and chance play legal actions");
    }
    g
}
