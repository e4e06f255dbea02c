//! The setup (gunslingers chosen, the Marshall rolled for, the deal, the
//! facings) and the turn: one of Arm / Load / Discard / Track (or Reach for
//! the Sky), then the hand drawn back to five one card at a time (a drawn
//! DRAW! or SHOOTOUT! starts combat at once), and sundown.

use super::{Action, Call, CardId, Gun, HAND, Kind, Phase, Tabletown};
use crate::cards::core::Seat;

impl Tabletown {
    /// The gun a loaded round of `ammo` would go into.
    pub(super) fn gun_for(&self, seat: Seat, ammo: Kind) -> Option<usize> {
        self.slingers[seat]
            .guns
            .iter()
            .position(|g| g.kind.ammo() == Some(ammo) && g.ammo.len() < g.kind.capacity())
    }

    /// May the facings still be completed so that no two face the same one?
    pub(super) fn facing_completes(&self, assigned: &[Option<Seat>]) -> bool {
        let n = assigned.len();
        let Some(next) = assigned.iter().position(Option::is_none) else {
            return true;
        };
        (0..n).any(|t| {
            if t == next || assigned.contains(&Some(t)) {
                return false;
            }
            let mut a = assigned.to_vec();
            a[next] = Some(t);
            self.facing_completes(&a)
        })
    }

    fn deal(&mut self) {
        let marshall = self.marshall.expect("the Marshall deals");
        for _ in 0..HAND {
            for seat in self.clockwise_from(marshall) {
                if let Some(c) = self.deck.pop() {
                    self.slingers[seat].hand.push(c);
                }
            }
        }
    }

    /// Draws back to five, one at a time; a DRAW!/SHOOTOUT! interrupts.
    pub(super) fn refill(&mut self) {
        let seat = self.current;
        self.refilling = true;
        while self.slingers[seat].hand.len() < HAND {
            let Some(card) = self.deck.pop() else {
                if self.discard.is_empty() {
                    break;
                }
                self.phase = Phase::Reshuffle;
                return;
            };
            match self.kind(card) {
                Kind::Draw => {
                    self.phase = Phase::CallDraw { card };
                    return;
                }
                Kind::Shootout => {
                    self.start_combat(Call::Shootout { caller: seat }, card);
                    return;
                }
                _ => self.slingers[seat].hand.push(card),
            }
        }
        self.end_turn();
    }

    pub(super) fn end_turn(&mut self) {
        self.refilling = false;
        self.turns += 1;
        if self.turns >= self.rules.turn_limit {
            // Sundown: the fewest wounds among the living win.
            let living = self.living();
            let least = living
                .iter()
                .map(|&s| self.slingers[s].wounds)
                .min()
                .unwrap_or(0);
            self.winners = living
                .into_iter()
                .filter(|&s| self.slingers[s].wounds == least)
                .collect();
            self.phase = Phase::Over;
            return;
        }
        let n = self.n();
        self.current = (1..=n)
            .map(|k| (self.current + k) % n)
            .find(|&s| self.slingers[s].alive)
            .unwrap_or(self.current);
        self.phase = Phase::Turn;
    }

    pub(super) fn non_events(&self) -> Vec<CardId> {
        (0..self.rules.cards.len() as CardId)
            .filter(|&c| !self.kind(c).is_event())
            .collect()
    }

    pub(super) fn events(&self) -> Vec<CardId> {
        (0..self.rules.cards.len() as CardId)
            .filter(|&c| self.kind(c).is_event())
            .collect()
    }

    pub(super) fn perform(&mut self, action: Action) {
        let phase = std::mem::replace(&mut self.phase, Phase::Over);
        match (phase, action) {
            (Phase::Choose { seat }, Action::Choose(g)) => {
                self.slingers[seat].gunslinger = Some(g);
                self.phase = if seat + 1 < self.n() {
                    Phase::Choose { seat: seat + 1 }
                } else {
                    Phase::Marshall {
                        contenders: (0..self.n()).collect(),
                        rolls: Vec::new(),
                    }
                };
            }
            (
                Phase::Marshall {
                    contenders,
                    mut rolls,
                },
                Action::Die(d),
            ) => {
                rolls.push(d);
                if rolls.len() < contenders.len() {
                    self.phase = Phase::Marshall { contenders, rolls };
                    return;
                }
                let top = *rolls.iter().max().expect("rolls");
                let best: Vec<Seat> = contenders
                    .iter()
                    .zip(&rolls)
                    .filter(|(_, r)| **r == top)
                    .map(|(s, _)| *s)
                    .collect();
                if best.len() > 1 {
                    self.phase = Phase::Marshall {
                        contenders: best,
                        rolls: Vec::new(),
                    };
                } else {
                    self.marshall = Some(best[0]);
                    self.current = best[0];
                    self.phase = Phase::Deal;
                }
            }
            (Phase::Deal, Action::Shuffle(order)) => {
                self.deck = order.into_iter().rev().collect();
                self.deal();
                self.phase = Phase::Mix;
            }
            (Phase::Mix, Action::Shuffle(order)) => {
                self.deck = order.into_iter().rev().collect();
                let first = self.marshall.expect("marshall");
                self.phase = Phase::Face { seat: first };
            }
            (Phase::Face { seat }, Action::Face(t)) => {
                self.slingers[seat].facing = Some(t);
                let next = (seat + 1) % self.n();
                self.phase = if self.slingers[next].facing.is_none() {
                    Phase::Face { seat: next }
                } else {
                    Phase::Turn
                };
            }
            (Phase::Reshuffle, Action::Shuffle(order)) => {
                self.discard.clear();
                self.deck = order.into_iter().rev().collect();
                self.phase = Phase::Turn;
                self.refill();
            }
            (Phase::Turn, a) => self.perform_turn(a),
            (Phase::CallDraw { card }, Action::CallOut(target)) => {
                self.start_combat(
                    Call::Draw {
                        drawer: self.current,
                        target,
                    },
                    card,
                );
            }
            (Phase::Combat(c), a) => self.perform_combat(c, a),
            (phase, action) => unreachable!("checked {action:?} in {phase:?}"),
        }
    }

    fn perform_turn(&mut self, action: Action) {
        let seat = self.current;
        match action {
            Action::Arm(card) => {
                self.take_from_hand(seat, card);
                let kind = self.kind(card);
                let s = &mut self.slingers[seat];
                let second_revolver = self.rules.two_revolvers
                    && kind == Kind::Revolver
                    && s.guns.len() == 1
                    && s.guns[0].kind == Kind::Revolver;
                if !second_revolver {
                    for g in s.guns.drain(..) {
                        self.discard.push(g.card);
                        self.discard.extend(g.ammo);
                    }
                }
                self.slingers[seat].guns.push(Gun {
                    card,
                    kind,
                    ammo: Vec::new(),
                });
                self.refill();
            }
            Action::Load(card) => {
                self.take_from_hand(seat, card);
                let g = self.gun_for(seat, self.kind(card)).expect("checked");
                self.slingers[seat].guns[g].ammo.push(card);
                self.refill();
            }
            Action::Discard(card) => {
                self.take_from_hand(seat, card);
                self.discard.push(card);
                self.refill();
            }
            Action::Reach(card, target) => {
                self.take_from_hand(seat, card);
                self.discard.push(card);
                for g in &mut self.slingers[target].guns {
                    self.discard.append(&mut g.ammo);
                }
                self.refill();
            }
            Action::Track(t) => {
                self.slingers[seat].facing = Some(t);
                self.end_turn();
            }
            Action::Pass => self.refill(),
            a => unreachable!("checked {a:?}"),
        }
    }
}
