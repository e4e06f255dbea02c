//! Whether an action is legal now, decided by the rule book's conditions (the
//! phase and whose decision it is, the card in the hand and its kind, room in
//! a gun, a target still in the game and in the fight), each refusal with its
//! reason; and the form in which `legal_actions` names an accepted action.
//! `legal_actions` lists the same moves; tests/suite/legal_tabletown.rs holds
//! both to an enumeration written from the book.

use super::{Action, Call, CardId, Combat, Kind, Phase, Step, Tabletown};
use crate::cards::core::{self, Game, Illegal, Seat, Turn, refuse};

/// The refusal of a move this moment of the game has no place for.
fn not_now(action: &Action) -> String {
    format!("{action:?} is not a legal move now")
}

impl Tabletown {
    pub(super) fn check(&self, action: &Action) -> Result<(), Illegal> {
        let seat = match self.turn() {
            Turn::Over => return refuse("the gunfight is over"),
            Turn::Chance => return self.check_chance(action),
            Turn::Player(seat) => seat,
        };
        let verdict = match &self.phase {
            Phase::Choose { .. } => self.check_choose(action),
            Phase::Face { .. } => self.check_face(seat, action),
            Phase::Turn => self.check_turn(seat, action),
            Phase::CallDraw { .. } => self.check_call_out(seat, action),
            Phase::Combat(c) => self.check_combat(c, seat, action),
            _ => Err(not_now(action)),
        };
        verdict.map_err(Illegal)
    }

    /// A die of 1 to 6 where a die is awaited; a shuffle of exactly the pile awaited.
    fn check_chance(&self, action: &Action) -> Result<(), Illegal> {
        let ok = match (&self.phase, action) {
            (Phase::Marshall { .. }, Action::Die(d)) => (1..=6).contains(d),
            (Phase::Combat(c), Action::Die(d)) => {
                matches!(c.step, Step::Initiative | Step::Fire | Step::Boom) && (1..=6).contains(d)
            }
            (Phase::Deal, Action::Shuffle(o)) => core::is_permutation(o, &self.non_events()),
            (Phase::Mix, Action::Shuffle(o)) => {
                let mut pile = self.deck.clone();
                pile.extend(self.events());
                core::is_permutation(o, &pile)
            }
            (Phase::Reshuffle, Action::Shuffle(o)) => core::is_permutation(o, &self.discard),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            refuse(format!("{action:?} is not the chance event awaited"))
        }
    }

    /// "Each player selects one of the ... gunslinger cards": one of the box's
    /// cards that no one has taken.
    fn check_choose(&self, action: &Action) -> Result<(), String> {
        let &Action::Choose(card) = action else {
            return Err(not_now(action));
        };
        if card >= self.rules.gunslingers.len() {
            return Err(format!("gunslinger card {card} is not in the box"));
        }
        if self.slingers.iter().any(|s| s.gunslinger == Some(card)) {
            return Err(format!(
                "{} is taken",
                self.rules.gunslingers[card].nickname
            ));
        }
        Ok(())
    }

    /// "the card is facing another player ... and so that no 2 players are
    /// facing the same player"; a facing after which the others cannot all be
    /// placed so (one left with only himself to face) is refused.
    fn check_face(&self, seat: Seat, action: &Action) -> Result<(), String> {
        let &Action::Face(t) = action else {
            return Err(not_now(action));
        };
        if t >= self.n() || t == seat {
            return Err(format!(
                "face another gunslinger at the table, not seat {t}"
            ));
        }
        let mut assigned: Vec<Option<Seat>> = self.slingers.iter().map(|s| s.facing).collect();
        if assigned.contains(&Some(t)) {
            return Err(format!(
                "seat {t} is already faced: no two face the same gunslinger"
            ));
        }
        assigned[seat] = Some(t);
        if !self.facing_completes(&assigned) {
            return Err(format!(
                "facing seat {t} would leave someone only himself to face"
            ));
        }
        Ok(())
    }

    /// "On your turn you may do one of the following actions": ARM, LOAD,
    /// DISCARD, TRACK, or Reach for the Sky as the turn's card (our design);
    /// Pass only when none of them is possible.
    fn check_turn(&self, seat: Seat, action: &Action) -> Result<(), String> {
        let s = &self.slingers[seat];
        match action {
            Action::Arm(c) | Action::Load(c) | Action::Discard(c) | Action::Reach(c, _)
                if !s.hand.contains(c) =>
            {
                Err("that card is not in your hand".into())
            }
            // "ARM: play a weapon card from your hand into play".
            Action::Arm(c) => {
                let k = self.kind(*c);
                if k.is_gun() {
                    Ok(())
                } else {
                    Err(format!("a {} is not a gun", k.title()))
                }
            }
            Action::Load(c) => self.check_load(seat, *c),
            // "DISCARD: if you can't, or won't play a card, discard one from your hand."
            Action::Discard(_) => Ok(()),
            Action::Reach(c, t) => self.check_reach(seat, *c, *t),
            Action::Track(t) => self.check_track(seat, *t),
            Action::Pass => self.check_pass(seat),
            _ => Err(not_now(action)),
        }
    }

    /// "LOAD: play a bullet or shell to load a weapon (unless it is already
    /// fully loaded!)": bullets into a revolver or rifle, shells into a shotgun.
    fn check_load(&self, seat: Seat, card: CardId) -> Result<(), String> {
        let k = self.kind(card);
        if matches!(k, Kind::Bullet | Kind::Shell) && self.gun_for(seat, k).is_some() {
            Ok(())
        } else {
            Err(format!(
                "no gun in play takes a {} (or it is fully loaded)",
                k.title()
            ))
        }
    }

    /// Reach for the Sky (the book: "at any time EXCEPT during a DRAW or
    /// SHOOTOUT PHASE"; our design: the turn's card, at another living gunslinger).
    fn check_reach(&self, seat: Seat, card: CardId, target: Seat) -> Result<(), String> {
        let k = self.kind(card);
        if k != Kind::ReachForTheSky {
            return Err(format!("a {} is not Reach for the Sky", k.title()));
        }
        if target >= self.n() || target == seat || !self.slingers[target].alive {
            return Err(format!(
                "Reach for the Sky goes at another living gunslinger, not seat {target}"
            ));
        }
        Ok(())
    }

    /// "TRACK: turn your gunslinger to face another gunslinger other than the
    /// one you are currently facing" (the dead are out of the game).
    fn check_track(&self, seat: Seat, t: Seat) -> Result<(), String> {
        let may = t < self.n()
            && t != seat
            && self.slingers[t].alive
            && self.slingers[seat].facing != Some(t);
        if may {
            Ok(())
        } else {
            Err(format!(
                "cannot turn to face seat {t}: not another living gunslinger you are not facing"
            ))
        }
    }

    /// Pass (our design): only with no card in hand and no one to Track to.
    fn check_pass(&self, seat: Seat) -> Result<(), String> {
        let can_track = (0..self.n()).any(|t| self.check_track(seat, t).is_ok());
        if self.slingers[seat].hand.is_empty() && !can_track {
            Ok(())
        } else {
            Err("a turn must arm, load, discard or track when it can".into())
        }
    }

    /// "If the card you draw is a DRAW! card, play it on another gunslinger".
    fn check_call_out(&self, seat: Seat, action: &Action) -> Result<(), String> {
        let &Action::CallOut(t) = action else {
            return Err(not_now(action));
        };
        if t < self.n() && t != seat && self.slingers[t].alive {
            Ok(())
        } else {
            Err(format!(
                "play the DRAW! on another living gunslinger, not seat {t}"
            ))
        }
    }

    fn check_combat(&self, c: &Combat, seat: Seat, action: &Action) -> Result<(), String> {
        match c.step {
            Step::Respond => self.check_response(c, seat, action),
            Step::Act(_) => self.check_act(c, seat, action),
            Step::Cover { weapon, .. } => self.check_cover(seat, weapon, action),
            // "all players have the IMMEDIATE option, without penalty, to turn and face you."
            Step::Law => match action {
                Action::TurnToFace | Action::Stay => Ok(()),
                _ => Err(not_now(action)),
            },
            Step::Initiative | Step::Fire | Step::Boom => Err(not_now(action)),
        }
    }

    /// Before any die is rolled: "US CAVALRY ARRIVES!: Can only be played when
    /// someone yells "Draw!" or "Shootout!"" (by anyone); "LAST STAGE COACH OUT
    /// OF TOWN: ... to avoid being involved in a DRAW! ... or a SHOOTOUT!" (by
    /// the two of a DRAW!, by anyone in a SHOOTOUT!); or let it ride.
    fn check_response(&self, c: &Combat, seat: Seat, action: &Action) -> Result<(), String> {
        match action {
            Action::LetItRide => Ok(()),
            Action::Cavalry(card) => self.check_holds(seat, *card, Kind::Cavalry),
            Action::StageCoach(card) => {
                self.check_holds(seat, *card, Kind::StageCoach)?;
                let involved = match c.call {
                    Call::Draw { drawer, target } => seat == drawer || seat == target,
                    Call::Shootout { .. } => true,
                };
                if involved {
                    Ok(())
                } else {
                    Err("the stage coach takes only the two of a DRAW! out of it".into())
                }
            }
            _ => Err(not_now(action)),
        }
    }

    /// `card` is in `seat`'s hand and is a `kind`.
    fn check_holds(&self, seat: Seat, card: CardId, kind: Kind) -> Result<(), String> {
        if !self.slingers[seat].hand.contains(&card) {
            return Err("that card is not in your hand".into());
        }
        let k = self.kind(card);
        if k != kind {
            return Err(format!("a {} is not a {}", k.title(), kind.title()));
        }
        Ok(())
    }

    /// A fighter's initiative: shots, TNT, or holding fire. "You must shoot at
    /// least one shot ... if ... You have at least one bullet or shell loaded in
    /// your gun AND Your target is facing you."
    fn check_act(&self, c: &Combat, seat: Seat, action: &Action) -> Result<(), String> {
        match *action {
            Action::Shoot {
                shots,
                both_barrels,
            } => self.check_shot(c, seat, shots, both_barrels),
            Action::Tnt(sticks) => self.check_tnt(seat, sticks),
            Action::Hold if self.must_shoot(c, seat) => {
                Err("you must shoot: your gun is loaded and your target is facing you".into())
            }
            Action::Hold => Ok(()),
            _ => Err(not_now(action)),
        }
    }

    /// "On your initiative, declare how many shots you are firing (if it is a
    /// DRAW PHASE, you may only shoot ONE shot)": a loaded round for each, at a
    /// target still in the fight; the shotgun "may fire both shells at once
    /// (counts as one shot)".
    fn check_shot(
        &self,
        c: &Combat,
        seat: Seat,
        shots: u8,
        both_barrels: bool,
    ) -> Result<(), String> {
        if matches!(c.call, Call::Draw { .. }) && shots > 1 {
            return Err("one shot only in a DRAW!".into());
        }
        let s = &self.slingers[seat];
        let loaded = s.loaded();
        if loaded == 0 {
            return Err("no round loaded: nothing to shoot".into());
        }
        if self.target_of(c, seat).is_none() {
            return Err("no one to shoot at: your target is not in this fight".into());
        }
        if shots == 0 {
            return Err("declare at least one shot".into());
        }
        if both_barrels {
            if s.weapon() != Some(Kind::Shotgun) || loaded < 2 || shots != 1 {
                return Err("both barrels are one shot of two shells from a shotgun".into());
            }
        } else if usize::from(shots) > loaded {
            return Err(format!("{shots} shots with {loaded} round(s) loaded"));
        }
        Ok(())
    }

    /// "TNT: May be played instead of shooting a weapon"; "2 or 3 sticks at
    /// once (treat them as one)".
    fn check_tnt(&self, seat: Seat, sticks: u8) -> Result<(), String> {
        let held = self.count_in_hand(seat, Kind::Tnt);
        if held == 0 {
            return Err("no TNT in your hand".into());
        }
        if sticks == 0 || sticks > 3 || usize::from(sticks) > held {
            return Err(format!("light one to {} stick(s) of TNT", held.min(3)));
        }
        Ok(())
    }

    /// A hit: "SHERIFF: Cancels the effect of any one hit by any weapon! Even if
    /// you are hit by TNT!"; "DEPUTY SHERIFF: Cancels the effect of any one hit
    /// by a Revolver or Rifle but not from Shotguns or TNT."; or take the wound.
    fn check_cover(&self, seat: Seat, weapon: Kind, action: &Action) -> Result<(), String> {
        let card = match *action {
            Action::TakeHit => return Ok(()),
            Action::Star(card) => card,
            _ => return Err(not_now(action)),
        };
        if !self.slingers[seat].hand.contains(&card) {
            return Err("that card is not in your hand".into());
        }
        match self.kind(card) {
            Kind::Sheriff => Ok(()),
            Kind::Deputy if matches!(weapon, Kind::Revolver | Kind::Rifle) => Ok(()),
            Kind::Deputy => Err(format!("a Deputy star does not stop a {}", weapon.title())),
            _ => Err("that star cannot cancel this hit".into()),
        }
    }

    /// The action with its card replaced by the first card of the same kind in
    /// the actor's hand (identical cards are one choice in `legal_actions`).
    pub(super) fn canonical(&self, action: &Action) -> Action {
        let Turn::Player(seat) = self.turn() else {
            return action.clone();
        };
        let hand = &self.slingers[seat].hand;
        let first = |c: &CardId| {
            if hand.contains(c) {
                self.first_in_hand(seat, self.kind(*c)).unwrap_or(*c)
            } else {
                *c
            }
        };
        match action {
            Action::Arm(c) => Action::Arm(first(c)),
            Action::Load(c) => Action::Load(first(c)),
            Action::Discard(c) => Action::Discard(first(c)),
            Action::Reach(c, t) => Action::Reach(first(c), *t),
            Action::Cavalry(c) => Action::Cavalry(first(c)),
            Action::StageCoach(c) => Action::StageCoach(first(c)),
            Action::Star(c) => Action::Star(first(c)),
            a => a.clone(),
        }
    }
}
