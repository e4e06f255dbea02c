//! Combat, started by a drawn DRAW! or SHOOTOUT!: a response window (US
//! Cavalry, Stage Coach), the initiative dice, each fighter's shots in
//! initiative order (ties simultaneous), Law o' the West, and TNT last.

use super::{
    Action, Call, CardId, Combat, DEADLY_WOUNDS, Firing, Kind, Phase, Step, Tabletown, tnt_to_hit,
    to_hit,
};
use crate::cards::core::Seat;

impl Tabletown {
    /// Whom `seat` shoots at in this combat, if anyone it may.
    pub(super) fn target_of(&self, c: &Combat, seat: Seat) -> Option<Seat> {
        let t = match c.call {
            Call::Draw { drawer, target } => {
                if seat == drawer {
                    target
                } else {
                    drawer
                }
            }
            Call::Shootout { .. } => self.slingers[seat].facing?,
        };
        (t != seat && self.slingers[t].alive && c.fighters.contains(&t)).then_some(t)
    }

    /// The legal uses of a gun in this combat: (shots, both barrels).
    pub(super) fn shot_options(&self, c: &Combat, seat: Seat) -> Vec<(u8, bool)> {
        let s = &self.slingers[seat];
        let loaded = s.loaded();
        if loaded == 0 || self.target_of(c, seat).is_none() {
            return Vec::new();
        }
        let max = if matches!(c.call, Call::Draw { .. }) {
            1
        } else {
            loaded
        };
        let mut v: Vec<(u8, bool)> = (1..=max as u8).map(|k| (k, false)).collect();
        if s.weapon() == Some(Kind::Shotgun) && loaded >= 2 {
            v.push((1, true));
        }
        v
    }

    pub(super) fn must_shoot(&self, c: &Combat, seat: Seat) -> bool {
        match self.target_of(c, seat) {
            Some(t) => self.slingers[seat].loaded() > 0 && self.slingers[t].facing == Some(seat),
            None => false,
        }
    }

    pub(super) fn start_combat(&mut self, call: Call, card: CardId) {
        let caller = match call {
            Call::Draw { drawer, .. } => drawer,
            Call::Shootout { caller } => caller,
        };
        self.phase = Phase::Combat(Box::new(Combat {
            call,
            card,
            step: Step::Respond,
            asked: self.clockwise_from(caller),
            next: 0,
            escaped: Vec::new(),
            fighters: Vec::new(),
            rolls: Vec::new(),
            groups: Vec::new(),
            group: 0,
            actor: 0,
            pending: Vec::new(),
            lit: Vec::new(),
            firing: None,
            law_shooter: caller,
            law_asked: Vec::new(),
            boom_targets: Vec::new(),
            boom: 0,
        }));
    }

    /// After the response window: the fighters, then the initiative dice.
    fn begin_fight(&mut self, mut c: Box<Combat>) {
        match c.call {
            Call::Draw { drawer, target } => {
                self.slingers[target].facing = Some(drawer);
                c.fighters = vec![drawer.min(target), drawer.max(target)];
            }
            Call::Shootout { .. } => {
                c.fighters = self
                    .living()
                    .into_iter()
                    .filter(|s| !c.escaped.contains(s))
                    .collect();
            }
        }
        if c.fighters.len() < 2 {
            return self.end_combat(c);
        }
        c.step = Step::Initiative;
        self.phase = Phase::Combat(c);
    }

    fn initiative_total(&self, seat: Seat, roll: u8) -> u8 {
        let bonus = if self.rules.weapon_modifiers {
            self.slingers[seat].weapon().map_or(0, Kind::initiative)
        } else {
            0
        };
        roll + bonus
    }

    /// Moves to the next fighter's decision, ending groups and the shooting as needed.
    fn next_actor(&mut self, mut c: Box<Combat>) {
        loop {
            if c.group >= c.groups.len() {
                return self.start_boom(c);
            }
            if c.actor < c.groups[c.group].len() {
                let seat = c.groups[c.group][c.actor];
                if self.slingers[seat].alive {
                    c.step = Step::Act(seat);
                    self.phase = Phase::Combat(c);
                    return;
                }
                c.actor += 1;
                continue;
            }
            // The group has shot: its wounds land together.
            self.apply_wounds(&mut c.pending);
            c.group += 1;
            c.actor = 0;
        }
    }

    fn apply_wounds(&mut self, pending: &mut Vec<Seat>) {
        let mut dead = Vec::new();
        for seat in pending.drain(..) {
            let s = &mut self.slingers[seat];
            if s.alive {
                s.wounds = (s.wounds + 1).min(DEADLY_WOUNDS);
                if s.wounds >= DEADLY_WOUNDS && !dead.contains(&seat) {
                    dead.push(seat);
                }
            }
        }
        for seat in dead {
            let s = &mut self.slingers[seat];
            s.alive = false;
            let mut cards: Vec<CardId> = s.hand.drain(..).collect();
            for g in s.guns.drain(..) {
                cards.push(g.card);
                cards.extend(g.ammo);
            }
            self.discard.extend(cards);
        }
    }

    fn start_boom(&mut self, mut c: Box<Combat>) {
        if c.boom < c.lit.len() {
            c.boom_targets = self
                .living()
                .into_iter()
                .filter(|s| !c.escaped.contains(s))
                .collect();
            c.next = 0;
            if !c.boom_targets.is_empty() {
                c.step = Step::Boom;
                self.phase = Phase::Combat(c);
                return;
            }
        }
        self.apply_wounds(&mut c.pending);
        self.end_combat(c)
    }

    fn end_combat(&mut self, c: Box<Combat>) {
        self.discard.push(c.card);
        let living = self.living();
        if living.len() <= 1 {
            self.winners = living;
            self.phase = Phase::Over;
            return;
        }
        if self.slingers[self.current].alive && self.refilling {
            self.refill();
        } else {
            self.end_turn();
        }
    }

    /// After a fighter's shots or TNT: Law o' the West, then the next fighter.
    fn after_acting(&mut self, mut c: Box<Combat>, shooter: Seat, lawless: bool) {
        c.firing = None;
        if lawless {
            let asked: Vec<Seat> = self
                .clockwise_from(shooter)
                .into_iter()
                .filter(|&s| s != shooter && self.slingers[s].facing != Some(shooter))
                .collect();
            if !asked.is_empty() {
                c.law_shooter = shooter;
                c.law_asked = asked;
                c.next = 0;
                c.step = Step::Law;
                self.phase = Phase::Combat(c);
                return;
            }
        }
        c.actor += 1;
        self.next_actor(c)
    }

    /// After a shot's die (and any cover): more shots, or done.
    fn continue_firing(&mut self, mut c: Box<Combat>) {
        let f = c.firing.expect("firing");
        if f.left > 0 && self.slingers[f.shooter].loaded() > 0 {
            c.step = Step::Fire;
            self.phase = Phase::Combat(c);
        } else {
            self.after_acting(c, f.shooter, f.lawless)
        }
    }

    fn continue_boom(&mut self, mut c: Box<Combat>) {
        c.next += 1;
        if c.next < c.boom_targets.len() {
            c.step = Step::Boom;
            self.phase = Phase::Combat(c);
        } else {
            c.boom += 1;
            self.start_boom(c)
        }
    }

    /// Unloads one round of `seat`'s gun(s) to the discards.
    fn spend_round(&mut self, seat: Seat) {
        let s = &mut self.slingers[seat];
        if let Some(g) = s.guns.iter_mut().find(|g| !g.ammo.is_empty())
            && let Some(r) = g.ammo.pop()
        {
            self.discard.push(r);
        }
    }

    pub(super) fn perform_combat(&mut self, mut c: Box<Combat>, action: Action) {
        match (c.step, action) {
            (Step::Respond, Action::Cavalry(card)) => {
                let seat = c.asked[c.next];
                self.take_from_hand(seat, card);
                self.discard.push(card);
                self.end_combat(c)
            }
            (Step::Respond, Action::StageCoach(card)) => {
                let seat = c.asked[c.next];
                self.take_from_hand(seat, card);
                self.discard.push(card);
                if matches!(c.call, Call::Draw { .. }) {
                    return self.end_combat(c);
                }
                c.escaped.push(seat);
                self.next_response(c)
            }
            (Step::Respond, Action::LetItRide) => self.next_response(c),
            (Step::Initiative, Action::Die(d)) => {
                c.rolls.push(d);
                if c.rolls.len() < c.fighters.len() {
                    self.phase = Phase::Combat(c);
                    return;
                }
                let mut totals: Vec<(u8, Seat)> = c
                    .fighters
                    .iter()
                    .zip(&c.rolls)
                    .map(|(&s, &r)| (self.initiative_total(s, r), s))
                    .collect();
                totals.sort();
                c.groups.clear();
                let mut last = None;
                for (t, s) in totals {
                    if last == Some(t) {
                        c.groups.last_mut().expect("group").push(s);
                    } else {
                        c.groups.push(vec![s]);
                    }
                    last = Some(t);
                }
                self.next_actor(c)
            }
            (Step::Act(_), Action::Hold) => {
                c.actor += 1;
                self.next_actor(c)
            }
            (
                Step::Act(seat),
                Action::Shoot {
                    shots,
                    both_barrels,
                },
            ) => {
                let target = self.target_of(&c, seat).expect("checked");
                let lawless =
                    self.slingers[target].facing != Some(seat) || !self.slingers[target].armed();
                c.firing = Some(Firing {
                    shooter: seat,
                    target,
                    weapon: self.slingers[seat].weapon().expect("armed"),
                    left: shots,
                    both_barrels,
                    lawless,
                });
                c.step = Step::Fire;
                self.phase = Phase::Combat(c);
            }
            (Step::Act(seat), Action::Tnt(sticks)) => {
                for _ in 0..sticks {
                    let card = self.first_in_hand(seat, Kind::Tnt).expect("checked");
                    self.take_from_hand(seat, card);
                    self.discard.push(card);
                }
                c.lit.push((seat, sticks));
                self.after_acting(c, seat, true)
            }
            (Step::Fire, Action::Die(d)) => {
                let mut f = c.firing.expect("firing");
                self.spend_round(f.shooter);
                if f.both_barrels {
                    self.spend_round(f.shooter);
                }
                f.left -= 1;
                c.firing = Some(f);
                if d >= to_hit(f.weapon, f.both_barrels) {
                    c.step = Step::Cover {
                        victim: f.target,
                        weapon: f.weapon,
                    };
                    self.phase = Phase::Combat(c);
                } else {
                    self.continue_firing(c)
                }
            }
            (Step::Cover { victim, .. }, a) => {
                match a {
                    Action::Star(card) => {
                        self.take_from_hand(victim, card);
                        self.discard.push(card);
                    }
                    _ => c.pending.push(victim),
                }
                if c.firing.is_some() {
                    self.continue_firing(c)
                } else {
                    self.continue_boom(c)
                }
            }
            (Step::Law, a) => {
                let seat = c.law_asked[c.next];
                if a == Action::TurnToFace {
                    self.slingers[seat].facing = Some(c.law_shooter);
                }
                c.next += 1;
                if c.next < c.law_asked.len() {
                    self.phase = Phase::Combat(c);
                } else {
                    c.actor += 1;
                    self.next_actor(c)
                }
            }
            (Step::Boom, Action::Die(d)) => {
                let (_, sticks) = c.lit[c.boom];
                let victim = c.boom_targets[c.next];
                if d >= tnt_to_hit(sticks) && self.slingers[victim].alive {
                    c.step = Step::Cover {
                        victim,
                        weapon: Kind::Tnt,
                    };
                    self.phase = Phase::Combat(c);
                } else {
                    self.continue_boom(c)
                }
            }
            (step, a) => unreachable!("checked {a:?} at {step:?}"),
        }
    }

    fn next_response(&mut self, mut c: Box<Combat>) {
        c.next += 1;
        if c.next < c.asked.len() {
            self.phase = Phase::Combat(c);
        } else {
            c.next = 0;
            self.begin_fight(c)
        }
    }

    /// Who must decide at a combat step.
    pub(super) fn combat_seat(c: &Combat) -> Option<Seat> {
        match c.step {
            Step::Respond => Some(c.asked[c.next]),
            Step::Act(s) => Some(s),
            Step::Cover { victim, .. } => Some(victim),
            Step::Law => Some(c.law_asked[c.next]),
            Step::Initiative | Step::Fire | Step::Boom => None,
        }
    }
}
