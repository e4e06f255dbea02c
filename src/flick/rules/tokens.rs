//! Tokens: the piles lying in the buildings, a token coming into a cowboy's
//! hands (water is drunk at once), and the checks of a token action.

use super::{Cowboy, CowboyId, Effect, Game, PileState, Refusal, refuse};
use crate::scenario::game::{MAX_TOKENS, Token};
use crate::scenario::kinds::BuildingKind;

impl Game {
    pub(super) fn pile(&self, b: BuildingKind) -> Option<usize> {
        self.piles.iter().position(|p| p.building == b)
    }

    /// The pile in this building, or a refusal saying there is none.
    pub(super) fn pile_in(&self, b: BuildingKind) -> Result<usize, Refusal> {
        self.pile(b)
            .ok_or_else(|| Refusal(format!("there are no tokens in the {}", b.title())))
    }

    pub(super) fn pile_mut(&mut self, b: BuildingKind) -> &mut PileState {
        match self.pile(b) {
            Some(i) => &mut self.piles[i],
            None => {
                self.piles.push(PileState {
                    building: b,
                    tokens: Vec::new(),
                });
                self.piles.last_mut().expect("just pushed")
            }
        }
    }

    /// A token comes into a cowboy's hands (water is drunk at once: poison can kill).
    pub(super) fn receive(
        &mut self,
        cowboy: CowboyId,
        token: Token,
        give: Option<usize>,
        building: BuildingKind,
    ) -> Vec<Effect> {
        if let Some(g) = give {
            let given = self.cowboys[cowboy].tokens.remove(g);
            let team = self.cowboys[cowboy].team;
            self.pile_mut(building).push_left(given, Some(team));
            let name = self.cowboys[cowboy].name.clone();
            self.log(format!("{name} leaves the {given:?} in exchange."));
        }
        let c = &mut self.cowboys[cowboy];
        match token {
            Token::CleanWater => {
                c.hit_points = (c.hit_points + 1).min(c.max_hit_points);
                let line = format!(
                    "{} drinks clean water ({} hit points).",
                    c.name, c.hit_points
                );
                self.log(line);
            }
            Token::PoisonedWater => {
                let line = format!("{} drinks poisoned water!", c.name);
                self.log(line);
                return self.wound(cowboy, 1, None);
            }
            t => {
                c.tokens.push(t);
                let line = format!("{} takes the {t:?}.", c.name);
                self.log(line);
            }
        }
        Vec::new()
    }
}

/// The building a cowboy is in, for a token action (`what`: "take a token").
pub(super) fn inside_for(c: &Cowboy, what: &str) -> Result<BuildingKind, Refusal> {
    c.inside
        .ok_or_else(|| Refusal(format!("{} must be inside a building to {what}", c.name)))
}

/// A token can come into these hands: there is room, or `give` names one to leave.
pub(super) fn room_for_one_more(c: &Cowboy, give: Option<usize>) -> Result<(), Refusal> {
    if c.tokens.len() >= MAX_TOKENS && give.is_none_or(|g| g >= c.tokens.len()) {
        return refuse(format!(
            "{} already holds {MAX_TOKENS} tokens: a third must be exchanged for one of them",
            c.name
        ));
    }
    if c.tokens.len() < MAX_TOKENS && give.is_some() {
        return refuse("nothing to exchange: there is room for the token");
    }
    Ok(())
}
