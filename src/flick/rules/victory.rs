//! Victory: the scenario's conditions, checked after every action (the first
//! listed wins ties), and the outcome when the clock strikes twelve.

// `AtNoon`, `Condition` and `Place` through `super`, whose imports of them the
// tests' `use super::*` relies on.
use super::{AtNoon, Condition, Effect, Game, Outcome, Phase, Place};
use crate::scenario::kinds::{BuildingKind, Team};

impl Game {
    pub(super) fn noon_outcome(&self) -> Outcome {
        for v in &self.setup.victory {
            if let Condition::HoldAtNoon(b) = v.condition
                && self.holds(v.team, b)
                && !self.holds(Self::other(v.team), b)
            {
                return Outcome::Winner(v.team);
            }
        }
        match self.setup.at_noon {
            AtNoon::Winner(t) => Outcome::Winner(t),
            AtNoon::Draw => Outcome::Draw,
            AtNoon::MostHitPoints => {
                let hp = |team| {
                    self.cowboys
                        .iter()
                        .filter(|c| c.team == team)
                        .map(|c| c.hit_points as u32)
                        .sum::<u32>()
                };
                match hp(Team::Lawmen).cmp(&hp(Team::Outlaws)) {
                    std::cmp::Ordering::Greater => Outcome::Winner(Team::Lawmen),
                    std::cmp::Ordering::Less => Outcome::Winner(Team::Outlaws),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                }
            }
        }
    }

    fn holds(&self, team: Team, b: BuildingKind) -> bool {
        self.cowboys
            .iter()
            .any(|c| c.team == team && c.alive() && c.inside == Some(b))
    }

    /// Whether `team`'s condition is met.
    fn met(&self, team: Team, condition: &Condition) -> bool {
        match condition {
            Condition::Eliminate(team) => self
                .cowboys
                .iter()
                .filter(|c| c.team == *team)
                .all(|c| !c.alive()),
            Condition::Kill(name) => self.cowboys.iter().any(|c| &c.name == name && !c.alive()),
            Condition::Deliver {
                token,
                count,
                to: Place::Building(b),
            } => self.pile(*b).is_some_and(|p| {
                // Delivered by the team that must deliver: a dead man's
                // belongings carried to the Undertaker's are not a delivery.
                self.piles[p].delivered(*token, team) >= *count as usize
            }),
            Condition::HoldAtNoon(_) => false,
        }
    }

    /// Ends the game if a victory condition is met (the first listed wins ties).
    pub(super) fn check_victory(&mut self) -> Vec<Effect> {
        if self.is_over() {
            return Vec::new();
        }
        let winner = self
            .setup
            .victory
            .iter()
            .find(|v| self.met(v.team, &v.condition))
            .map(|v| v.team);
        if let Some(team) = winner {
            self.log(format!("The {team:?} win!"));
            self.phase = Phase::Over(Outcome::Winner(team));
        }
        vec![Effect::Done]
    }
}
