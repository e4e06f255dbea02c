//! The state's consistency: sizes and indices a loaded save must respect,
//! every card in exactly one place (the legality of an action is in
//! `legality.rs`).

use super::{Call, CardId, DEADLY_WOUNDS, HAND, Kind, Phase, Step, Tabletown};

impl Tabletown {
    /// Sizes and indices agree with the rules (a loaded save may be anything):
    /// after this, nothing indexes out of range.
    pub fn check_shape(&self) -> Result<(), String> {
        let r = &self.rules;
        let n = r.players;
        let total = r.cards.len();
        if !(2..=6).contains(&n) || self.slingers.len() != n || total > CardId::MAX as usize {
            return Err(format!(
                "{n} players, {} gunslingers on the table",
                self.slingers.len()
            ));
        }
        let mut seats = vec![self.current];
        seats.extend(self.marshall);
        seats.extend(&self.winners);
        let mut cards: Vec<CardId> = self.deck.iter().chain(&self.discard).copied().collect();
        for s in &self.slingers {
            seats.extend(s.facing);
            cards.extend(&s.hand);
            for g in &s.guns {
                cards.push(g.card);
                cards.extend(&g.ammo);
            }
            if s.gunslinger.is_some_and(|g| g >= r.gunslingers.len()) {
                return Err("a gunslinger card that is not in the box".into());
            }
        }
        match &self.phase {
            Phase::Choose { seat } | Phase::Face { seat } => seats.push(*seat),
            Phase::Marshall { contenders, rolls } => {
                seats.extend(contenders);
                if rolls.len() >= contenders.len() {
                    return Err("more Marshall rolls than contenders".into());
                }
            }
            Phase::CallDraw { card } => cards.push(*card),
            Phase::Combat(c) => {
                cards.push(c.card);
                match c.call {
                    Call::Draw { drawer, target } => seats.extend([drawer, target]),
                    Call::Shootout { caller } => seats.push(caller),
                }
                for list in [
                    &c.asked,
                    &c.escaped,
                    &c.fighters,
                    &c.pending,
                    &c.law_asked,
                    &c.boom_targets,
                ] {
                    seats.extend(list);
                }
                seats.extend(c.groups.iter().flatten());
                seats.extend(c.lit.iter().map(|l| l.0));
                seats.push(c.law_shooter);
                if let Some(f) = &c.firing {
                    seats.extend([f.shooter, f.target]);
                }
                let index_ok = match c.step {
                    Step::Respond => c.next < c.asked.len(),
                    Step::Initiative => c.rolls.len() < c.fighters.len(),
                    Step::Act(s) => {
                        seats.push(s);
                        true
                    }
                    Step::Fire => c.firing.is_some(),
                    Step::Cover { victim, .. } => {
                        seats.push(victim);
                        true
                    }
                    Step::Law => c.next < c.law_asked.len(),
                    Step::Boom => c.boom < c.lit.len() && c.next < c.boom_targets.len(),
                };
                if !index_ok || c.rolls.len() > c.fighters.len() {
                    return Err(format!("a fight that cannot go on at {:?}", c.step));
                }
            }
            Phase::Deal | Phase::Mix | Phase::Turn | Phase::Reshuffle | Phase::Over => {}
        }
        if seats.iter().any(|&s| s >= n) {
            return Err(format!("a seat beyond the {n} at the table"));
        }
        if let Some(c) = cards.iter().find(|&&c| c as usize >= total) {
            return Err(format!("card {c} is not in the deck of {total}"));
        }
        for s in &self.slingers {
            if s.guns
                .iter()
                .any(|g| r.cards[g.card as usize] != g.kind || !g.kind.is_gun())
            {
                return Err("a gun in play is not the card it says".into());
            }
        }
        Ok(())
    }

    /// Every card in exactly one place, hands at most five, wounds at most six.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_shape()?;
        let total = self.rules.cards.len();
        let mut seen = vec![0u8; total];
        let mut count = |c: &CardId| seen[*c as usize] += 1;
        self.deck.iter().for_each(&mut count);
        self.discard.iter().for_each(&mut count);
        for s in &self.slingers {
            s.hand.iter().for_each(&mut count);
            for g in &s.guns {
                count(&g.card);
                g.ammo.iter().for_each(&mut count);
            }
        }
        if let Phase::CallDraw { card } = &self.phase {
            count(card);
        }
        if let Some(c) = self.combat() {
            count(&c.card);
        }
        if self.phase == Phase::Mix {
            // DRAW! and SHOOTOUT! are set aside until they are shuffled back in.
            for c in self.events() {
                count(&c);
            }
        }
        let dealt = !matches!(
            self.phase,
            Phase::Choose { .. } | Phase::Marshall { .. } | Phase::Deal
        );
        if dealt && let Some(i) = seen.iter().position(|&k| k != 1) {
            return Err(format!(
                "card {i} ({:?}) is in {} places",
                self.rules.cards[i], seen[i]
            ));
        }
        for (seat, s) in self.slingers.iter().enumerate() {
            if s.hand.len() > HAND {
                return Err(format!("seat {seat} holds {} cards", s.hand.len()));
            }
            if s.wounds > DEADLY_WOUNDS || (s.wounds == DEADLY_WOUNDS) == s.alive {
                return Err(format!(
                    "seat {seat}: {} wounds, alive {}",
                    s.wounds, s.alive
                ));
            }
            if s.hand.iter().any(|&c| self.kind(c).is_event()) {
                return Err(format!("seat {seat} holds a DRAW!/SHOOTOUT!"));
            }
            let two = s.guns.len() == 2
                && self.rules.two_revolvers
                && s.guns.iter().all(|g| g.kind == Kind::Revolver);
            if s.guns.len() > 1 && !two {
                return Err(format!("seat {seat} has {} guns", s.guns.len()));
            }
            for g in &s.guns {
                if g.ammo.len() > g.kind.capacity()
                    || g.ammo.iter().any(|&a| Some(self.kind(a)) != g.kind.ammo())
                {
                    return Err(format!("seat {seat}'s {:?} holds {:?}", g.kind, g.ammo));
                }
            }
            if !s.alive && (!s.hand.is_empty() || !s.guns.is_empty()) {
                return Err(format!("dead seat {seat} still holds cards"));
            }
        }
        Ok(())
    }
}
