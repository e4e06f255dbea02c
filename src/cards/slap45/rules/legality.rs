//! Legality: why a declaration (Hold, a timed slap, a trap), a chance event
//! or the dealer's deal may not be made now, with the reason for the player.

use super::{Action, Phase, RECRUIT_COST, Round, SLAPS_PER_ROUND, Slap, Slap45, Target};
use crate::cards::core::{self, Illegal, Seat, refuse};
use crate::cards::slap45::setup::{CardKind, Power};

impl Slap45 {
    /// Why `seat` may not make this declaration now, if it may not.
    pub fn check_declaration(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        let Phase::React(r) = &self.phase else {
            return refuse("the round is over: no card to react to until the next is flipped");
        };
        if !r.wave.order.contains(&seat) {
            return refuse(format!("{} does not react in this wave", self.name(seat)));
        }
        if r.wave.declared.contains(&seat) {
            return refuse(format!("{} has declared in this wave", self.name(seat)));
        }
        match action {
            Action::Hold => Ok(()),
            Action::Trap(k) => self.check_trap(seat, *k),
            Action::Slap(s) => self.check_slap(r, seat, s),
            a => refuse(format!("{a:?} is not a reaction to the card")),
        }
    }

    pub(in crate::cards::slap45) fn check_trap(
        &self,
        seat: Seat,
        kind: CardKind,
    ) -> Result<(), Illegal> {
        if self.power(seat) != Some(Power::BlackHatOutlaws) {
            return refuse("only the Black Hat Outlaws lay traps (with gold, not in the duel)");
        }
        if self.gangs[seat].stash.is_empty() {
            return refuse("a trap costs 1 Gold; the stash is empty");
        }
        if self.traps.iter().any(|(k, _)| *k == kind) {
            return refuse(format!("the next {} is a trap already", kind.title()));
        }
        if self.rules.count(kind) == 0 {
            return refuse(format!("there is no {} in the deck", kind.title()));
        }
        Ok(())
    }

    pub(super) fn check_slap(&self, r: &Round, seat: Seat, slap: &Slap) -> Result<(), Illegal> {
        let n = self.n();
        if slap.at_ms < r.wave.start_ms {
            return refuse(format!(
                "out of order: {} ms is before this wave's start at {} ms",
                slap.at_ms, r.wave.start_ms
            ));
        }
        if r.slaps[seat] >= SLAPS_PER_ROUND {
            return refuse(format!(
                "{SLAPS_PER_ROUND} slaps a round at most: hold until the next card"
            ));
        }
        let g = &self.gangs[seat];
        let kind = self.kind(r.card);
        let moving = kind == CardKind::Move;
        if slap.target != Target::Card && (slap.point.is_some() || slap.power || slap.recruit) {
            return refuse("pointing, powers and recruits go with a slap on the card");
        }
        if slap.second_hand {
            if slap.target == Target::Card {
                return refuse("the card is slapped with the first hand");
            }
            if self.power(seat) != Some(Power::LoneStarSheriffs) {
                return refuse(
                    "only the Lone Star Sheriffs slap with a second hand (with gold, not in the duel)",
                );
            }
        }
        match slap.target {
            Target::Card => {
                if let Some(t) = slap.point {
                    if t >= n {
                        return refuse(format!("there is no seat {t}"));
                    }
                    if t == seat {
                        return refuse("you cannot point at your own gang");
                    }
                    if !self.alive(t) {
                        return refuse(format!("{} is dead: point at a living gang", self.name(t)));
                    }
                }
                let mut cost = 0;
                if slap.power {
                    match self.power(seat) {
                        None => {
                            return refuse(
                                "no gang power works now (gold rule off, or the final duel)",
                            );
                        }
                        Some(p) if p.works_on() != Some(kind) => {
                            return refuse(format!(
                                "the {p:?} power does not work on a {}",
                                kind.title()
                            ));
                        }
                        Some(_) => cost += 1,
                    }
                }
                if slap.recruit {
                    if !self.powers_active() {
                        return refuse(
                            "recruiting needs gold (the advanced rule), and not in the final duel",
                        );
                    }
                    if slap.point.is_none() {
                        return refuse("recruit whom? point at a gang");
                    }
                    let shoots = match kind {
                        CardKind::TalkinIron | CardKind::BigGun => true,
                        CardKind::Move | CardKind::Gold => slap.power,
                    };
                    if !shoots {
                        return refuse(format!(
                            "a {} shoots nobody: nobody to recruit",
                            kind.title()
                        ));
                    }
                    if let Some(most) = self.rules.max_members
                        && g.members >= most
                    {
                        return refuse(format!(
                            "no room for a recruit: {} members (the house rule max_members: at most {most})",
                            g.members
                        ));
                    }
                    cost += RECRUIT_COST;
                }
                if g.stash.len() < cost {
                    return refuse(format!(
                        "that costs {cost} Gold; the stash holds {}",
                        g.stash.len()
                    ));
                }
                Ok(())
            }
            Target::Base(b) => {
                if b >= n || !self.alive(b) {
                    return refuse(format!("there is no home base {b} on the table"));
                }
                let hand = g.hands.get(slap.second_hand);
                let other = g.hands.get(!slap.second_hand);
                if other == Some(b) {
                    return refuse("your other hand is on that base");
                }
                let start = r.start[seat];
                if moving {
                    if let Some(h) = hand
                        && !start.holds(h)
                    {
                        return refuse("that hand is in new cover already");
                    }
                    if start.holds(b) {
                        return refuse("not new cover: you began the round on that base");
                    }
                } else {
                    if r.left[seat] {
                        return refuse(
                            "your hand left a home base: out of the bases until the next round",
                        );
                    }
                    if hand.is_some() {
                        return refuse(
                            "that hand is on a base already (lifting it would put you out for the round)",
                        );
                    }
                }
                Ok(())
            }
            Target::Leave => {
                if g.hands.get(slap.second_hand).is_none() {
                    return refuse("that hand is not on a base");
                }
                Ok(())
            }
        }
    }

    pub(super) fn check_chance(&self, action: &Action) -> Result<(), Illegal> {
        let ok = match (&self.phase, action) {
            (Phase::Bases, Action::Bases(v)) => {
                let g = self.rules.gangs.len();
                v.len() == self.n()
                    && v.iter().all(|&x| x < g)
                    && v.iter().enumerate().all(|(i, x)| !v[..i].contains(x))
            }
            (Phase::Shuffle, Action::Shuffle(order)) => core::is_permutation(order, &self.discard),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            refuse(format!("{action:?} is not the chance event awaited"))
        }
    }

    pub(super) fn check_deal(&self, action: &Action) -> Result<(), Illegal> {
        match action {
            Action::Flip if self.duel => {
                refuse("in the final duel the dealer chooses the card to play: Play(i)")
            }
            Action::Flip if self.deck.is_empty() => refuse("the deck is empty"),
            Action::Flip => Ok(()),
            Action::Play(_) if !self.duel => {
                refuse("only the final duel's dealer chooses a card; flip the top one")
            }
            Action::Play(i) if *i >= self.deck.len() => {
                refuse(format!("the deck holds {} cards", self.deck.len()))
            }
            Action::Play(_) => Ok(()),
            Action::Hold | Action::Slap(_) | Action::Trap(_) => {
                refuse("the round is over: wait for the next card")
            }
            a => refuse(format!("{a:?}: the dealer flips the next card")),
        }
    }
}
