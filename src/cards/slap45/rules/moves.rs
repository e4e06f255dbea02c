//! The moves: the legal actions of a seat (the dealer's deal, or a
//! representative grid of timed declarations in a wave), a declaration
//! sealed in the current wave (the wave resolves when the last one is in),
//! and declarations in words.

use super::{Action, GRID_MS, Phase, Slap, Slap45, Target};
use crate::cards::core::{Illegal, Seat};
use crate::cards::slap45::setup::{CardKind, Power};

impl Slap45 {
    /// The legal actions of `seat`: the dealer's deal, or, in a wave, a
    /// representative grid of declarations of a seat still to declare (any
    /// time at or after the wave's start is accepted).
    pub fn legal_for(&self, seat: Seat) -> Vec<Action> {
        if matches!(self.phase, Phase::Deal) && seat != self.dealer {
            return Vec::new();
        }
        if let Phase::React(r) = &self.phase
            && (!r.wave.order.contains(&seat) || r.wave.declared.contains(&seat))
        {
            return Vec::new();
        }
        match &self.phase {
            Phase::Deal => {
                if self.duel {
                    // The duel's dealer may play any card of the deck.
                    (0..self.deck.len()).map(Action::Play).collect()
                } else {
                    vec![Action::Flip]
                }
            }
            Phase::React(r) => {
                let mut v = vec![Action::Hold];
                let kind = self.kind(r.card);
                let moving = kind == CardKind::Move;
                let others: Vec<Seat> = self.living().into_iter().filter(|&s| s != seat).collect();
                let bases = self.living();
                let mut points: Vec<Option<Seat>> = vec![None];
                points.extend(others.iter().map(|&o| Some(o)));
                let comanche = self.power(seat) == Some(Power::Comanche);
                for off in GRID_MS {
                    let t = r.wave.start_ms.saturating_add(off);
                    for &p in &points {
                        for power in [false, true] {
                            for recruit in [false, true] {
                                // Sensible slaps only: pointing at the horse is
                                // pointless, and so is a power without a point
                                // (but the Comanche's, which saves a member).
                                if moving && !power && p.is_some() {
                                    continue;
                                }
                                if power && p.is_none() && !(moving && comanche) {
                                    continue;
                                }
                                let slap = Slap {
                                    at_ms: t,
                                    target: Target::Card,
                                    point: p,
                                    power,
                                    recruit,
                                    second_hand: false,
                                };
                                if self.check_slap(r, seat, &slap).is_ok() {
                                    v.push(Action::Slap(slap));
                                }
                            }
                        }
                    }
                    for &b in &bases {
                        for second in [false, true] {
                            let slap = Slap {
                                second_hand: second,
                                ..Slap::base(t, b)
                            };
                            if self.check_slap(r, seat, &slap).is_ok() {
                                v.push(Action::Slap(slap));
                            }
                        }
                    }
                    // Lifting a hand off its base: on a Move! a second hand
                    // gives up cover it need not keep; on any other card the
                    // book allows it and puts the gang out of the bases for
                    // the round.
                    for second in [false, true] {
                        let slap = Slap {
                            second_hand: second,
                            ..Slap::leave(t)
                        };
                        if self.check_slap(r, seat, &slap).is_ok() {
                            v.push(Action::Slap(slap));
                        }
                    }
                }
                for k in CardKind::ALL {
                    if self.check_trap(seat, k).is_ok() {
                        v.push(Action::Trap(k));
                    }
                }
                v
            }
            _ => Vec::new(),
        }
    }

    /// A declaration of `seat` in the current wave, in any order among the
    /// wave's seats (the stream-style entry of a window or a test): the same as
    /// `apply` when `seat` is the one to move. When the last seat of the wave
    /// has declared, the wave resolves.
    pub fn declare(&mut self, seat: Seat, action: Action) -> Result<(), Illegal> {
        self.check_declaration(seat, &action)?;
        self.events.clear();
        let complete = match &mut self.phase {
            Phase::React(r) => {
                r.wave.sealed[seat] = Some(action);
                r.wave.declared.push(seat);
                r.wave.declared.len() >= r.wave.order.len()
            }
            _ => false,
        };
        if complete {
            let phase = std::mem::replace(&mut self.phase, Phase::Over);
            if let Phase::React(r) = phase {
                self.resolve_wave(r);
            }
        }
        Ok(())
    }

    /// Why `seat` has nothing to declare in the open wave, if it has not:
    /// the reason a click of its does nothing.
    pub fn resting(&self, seat: Seat) -> Option<String> {
        let Phase::React(r) = &self.phase else {
            return Some("no card to react to: wait for the next flip".into());
        };
        if r.wave.order.contains(&seat) && !r.wave.declared.contains(&seat) {
            return None;
        }
        Some(if !self.alive(seat) {
            "your gang is out of the game".into()
        } else if self.kind(r.card) == CardKind::Move && self.in_new_cover(r, seat) {
            "your hand is already safe in new cover: nothing more to do this round".into()
        } else if r
            .slaps
            .get(seat)
            .is_some_and(|&k| k >= super::SLAPS_PER_ROUND)
        {
            format!(
                "you have made your {} slaps this round",
                super::SLAPS_PER_ROUND
            )
        } else {
            "your slap is in: wait for it to land".into()
        })
    }

    /// A declaration in words (for its own seat or a spectator).
    /// The log line of `seat`'s declaration as `viewer` may know it (another
    /// seat's is sealed until the wave resolves), with the wave's verdicts
    /// when it is the last one in.
    pub fn describe_declaration(
        &self,
        seat: Seat,
        action: &Action,
        viewer: Option<Seat>,
    ) -> String {
        let shown = viewer.is_none() || viewer == Some(seat);
        let mut line = if shown {
            format!("{} {}", self.name(seat), self.declaration_text(action))
        } else {
            format!("{} declares (sealed)", self.name(seat))
        };
        let completes = matches!(&self.phase,
            Phase::React(r) if r.wave.declared.len() + 1 >= r.wave.order.len());
        if completes {
            let mut next = self.clone();
            if next.declare(seat, action.clone()).is_ok() && !next.events.is_empty() {
                line.push_str("; ");
                line.push_str(&next.events.join("; "));
            }
        }
        line
    }

    pub fn declaration_text(&self, action: &Action) -> String {
        match action {
            Action::Hold => "holds".into(),
            Action::Trap(k) => format!("lays a trap on the next {}", k.title()),
            Action::Slap(s) => {
                let hand = if s.second_hand { " (second hand)" } else { "" };
                match s.target {
                    Target::Card => {
                        let mut t = format!("slaps the card at {} ms", s.at_ms);
                        match s.point {
                            Some(p) if p < self.n() => {
                                t.push_str(&format!(" pointing at {}", self.name(p)))
                            }
                            Some(p) => t.push_str(&format!(" pointing at seat {p}")),
                            None => t.push_str(" without pointing"),
                        }
                        if s.power {
                            t.push_str(", using the gang's power");
                        }
                        if s.recruit {
                            t.push_str(", to recruit");
                        }
                        t
                    }
                    Target::Base(b) if b < self.n() => {
                        format!("slaps into {}{hand} at {} ms", self.base_name(b), s.at_ms)
                    }
                    Target::Base(b) => format!("slaps into base {b}{hand} at {} ms", s.at_ms),
                    Target::Leave => format!("lifts a hand{hand} at {} ms", s.at_ms),
                }
            }
            a => format!("{a:?}"),
        }
    }
}
