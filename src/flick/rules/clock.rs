//! The town-hall clock and the turn order: the cowboys whose hats show the
//! hour's colour, the initiative holder opening each round, the teams
//! alternating, the clock striking when nobody is left to play the hour, and
//! twelve o'clock.

use super::{CowboyId, Effect, Game, Outcome, Phase};
use crate::scenario::kinds::{HatSide, Team};

impl Game {
    /// The colour of the hour in play.
    pub fn colour(&self) -> HatSide {
        hour_colour(self.hour)
    }

    /// Cowboys whose hat shows the hour's colour (dead ones too: their hats pass turns).
    pub fn available(&self, team: Team) -> Vec<CowboyId> {
        let colour = self.colour();
        (0..self.cowboys.len())
            .filter(|&i| self.cowboys[i].team == team && self.cowboys[i].side == colour)
            .collect()
    }

    pub(super) fn other(team: Team) -> Team {
        if team == Team::Lawmen {
            Team::Outlaws
        } else {
            Team::Lawmen
        }
    }

    /// The opening of a round: the initiative holder plays first if available.
    pub(super) fn round_opening(&self) -> Phase {
        let holder = self.initiative;
        let team = self.cowboys[holder].team;
        if self.cowboys[holder].side == self.colour() {
            return Phase::Choose {
                team,
                forced: Some(holder),
            };
        }
        match (
            self.available(team).is_empty(),
            self.available(Self::other(team)).is_empty(),
        ) {
            (false, _) => Phase::Choose { team, forced: None },
            (true, false) => Phase::Choose {
                team: Self::other(team),
                forced: None,
            },
            (true, true) => Phase::Choose { team, forced: None },
        }
    }

    pub(super) fn end_turn(&mut self, cowboy: CowboyId) -> Vec<Effect> {
        let c = &mut self.cowboys[cowboy];
        c.side = c.side.flipped();
        let team = c.team;
        self.last_team = Some(team);
        let mut effects = self.check_victory();
        if self.is_over() {
            return effects;
        }
        let other = Self::other(team);
        self.phase = if !self.available(other).is_empty() {
            Phase::Choose {
                team: other,
                forced: None,
            }
        } else if !self.available(team).is_empty() {
            Phase::Choose { team, forced: None }
        } else {
            self.hour += 1;
            if self.hour >= 12 {
                effects.extend(self.strike_noon());
                return effects;
            }
            self.log(format!(
                "{} o'clock, a {} hour.",
                self.hour,
                colour_name(self.colour())
            ));
            effects.extend(self.open_round());
            return effects;
        };
        effects
    }

    /// Opens the round of the hour on the clock. The book: "When there are no
    /// remaining available cowboys, the clock hand is moved to the following
    /// hour, and a new round begins" — so an hour in which no cowboy's hat
    /// shows its colour (at the very start, say) passes at once, up to noon.
    pub(super) fn open_round(&mut self) -> Vec<Effect> {
        while self.available(Team::Lawmen).is_empty() && self.available(Team::Outlaws).is_empty() {
            let empty = colour_name(self.colour());
            self.hour += 1;
            if self.hour >= 12 {
                self.log(format!("No hat shows {empty}."));
                return self.strike_noon();
            }
            self.log(format!(
                "No hat shows {empty}: the clock moves on to {} o'clock, a {} hour.",
                self.hour,
                colour_name(self.colour())
            ));
        }
        self.phase = self.round_opening();
        Vec::new()
    }

    /// Twelve o'clock: the game ends as the scenario says it ends at noon.
    fn strike_noon(&mut self) -> Vec<Effect> {
        self.log("The clock strikes twelve.".to_string());
        self.phase = Phase::Over(self.noon_outcome());
        let line = match self.outcome() {
            Some(Outcome::Winner(t)) => format!("High noon: the {t:?} win."),
            _ => "High noon: nobody wins.".to_string(),
        };
        self.log(line);
        vec![Effect::Done]
    }
}

/// The colour of an hour on the town-hall clock: even hours are red.
pub fn hour_colour(hour: u8) -> HatSide {
    if hour.is_multiple_of(2) {
        HatSide::Red
    } else {
        HatSide::Blue
    }
}

pub fn colour_name(side: HatSide) -> &'static str {
    match side {
        HatSide::Red => "red",
        HatSide::Blue => "blue",
    }
}
