//! The actions of a cowboy being played (move, shoot, throw dynamite, take,
//! draw or leave a token) and the physics results they wait for: moves that
//! fail, hits, wounds and deaths.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::tokens::{inside_for, room_for_one_more};
use super::{
    BlastReport, CowboyId, Effect, Game, Intent, MoveReport, Phase, Refusal, ShotReport, refuse,
};
use crate::scenario::game::Token;
use crate::scenario::kinds::BuildingKind;

impl Game {
    pub(super) fn act(
        &mut self,
        cowboy: CowboyId,
        actions_left: u8,
        intent: Intent,
    ) -> Result<Vec<Effect>, Refusal> {
        let c = self.cowboys[cowboy].clone();
        if intent == Intent::EndTurn {
            return Ok(self.end_turn(cowboy));
        }
        if !c.alive() {
            return refuse(format!("{} is dead and has no actions", c.name));
        }
        if actions_left == 0 {
            return refuse(format!("{} has used both actions", c.name));
        }
        let spent = actions_left - 1;
        match intent {
            Intent::Move => {
                self.phase = Phase::AwaitMove {
                    cowboy,
                    actions_left: spent,
                };
                Ok(vec![Effect::MoveFlick { cowboy }])
            }
            Intent::Shoot => {
                let pistols = c.pistols();
                if pistols == 0 {
                    return refuse(format!("{} has no gun", c.name));
                }
                let bullets = pistols.min(2) as u8;
                let winchester = c.tokens.contains(&Token::Winchester);
                self.phase = Phase::AwaitShots {
                    cowboy,
                    actions_left: spent,
                    bullets_left: bullets,
                    winchester,
                };
                Ok(vec![Effect::ShotFlicks { cowboy, bullets }])
            }
            Intent::ThrowDynamite => {
                let Some(i) = c.tokens.iter().position(|t| *t == Token::Dynamite) else {
                    return refuse(format!("{} carries no dynamite", c.name));
                };
                self.cowboys[cowboy].tokens.remove(i);
                self.log(format!("{} lights a stick of dynamite!", c.name));
                self.phase = Phase::AwaitBlast {
                    cowboy,
                    actions_left: spent,
                };
                Ok(vec![Effect::DynamiteFlick { cowboy }])
            }
            Intent::Take { token, give } => {
                let b = inside_for(&c, "take a token")?;
                let p = self.pile_in(b)?;
                let Some(i) = self.piles[p]
                    .tokens
                    .iter()
                    .position(|t| !t.face_down && t.token == token)
                else {
                    return refuse(if self.piles[p].face_down_count() > 0 {
                        format!(
                            "no {token:?} lies face up in the {}: draw a face-down token",
                            b.title()
                        )
                    } else {
                        format!("there is no {token:?} in the {}", b.title())
                    });
                };
                room_for_one_more(&c, give)?;
                self.piles[p].tokens.remove(i);
                let mut effects = self.receive(cowboy, token, give, b);
                self.phase = Phase::Acting {
                    cowboy,
                    actions_left: spent,
                };
                effects.extend(self.check_victory());
                Ok(effects)
            }
            Intent::Draw => {
                let b = inside_for(&c, "draw a token")?;
                let p = self.pile_in(b)?;
                let hidden: Vec<Token> = self.piles[p]
                    .tokens
                    .iter()
                    .filter(|t| t.face_down)
                    .map(|t| t.token)
                    .collect();
                if hidden.is_empty() {
                    return refuse("there is no face-down token to draw here");
                }
                let mut rng = ChaCha8Rng::seed_from_u64(
                    self.seed ^ self.draws.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                self.draws += 1;
                let token = hidden[rng.random_range(0..hidden.len())];
                self.log(format!("{} turns over a token: {token:?}.", c.name));
                self.phase = Phase::AwaitKeep {
                    cowboy,
                    actions_left: spent,
                    token,
                };
                Ok(vec![Effect::Done])
            }
            Intent::Drop(i) => {
                let b = inside_for(&c, "leave a token")?;
                if i >= c.tokens.len() {
                    return refuse(format!("{} carries no such token", c.name));
                }
                let token = self.cowboys[cowboy].tokens.remove(i);
                self.pile_mut(b).push_left(token, Some(c.team));
                self.log(format!(
                    "{} leaves the {token:?} in the {}.",
                    c.name,
                    b.title()
                ));
                self.phase = Phase::Acting {
                    cowboy,
                    actions_left: spent,
                };
                Ok(self.check_victory())
            }
            Intent::Keep { .. } => refuse("there is no revealed token to keep"),
            Intent::Play(_) => refuse(format!("{} is being played: end the turn first", c.name)),
            Intent::EndTurn => unreachable!("handled above"),
        }
    }

    /// Takes `n` hit points; a death empties the cowboy's hands at the Undertaker's
    /// and hands the initiative to the shooter.
    pub(super) fn wound(&mut self, cowboy: CowboyId, n: u8, by: Option<CowboyId>) -> Vec<Effect> {
        let c = &mut self.cowboys[cowboy];
        if !c.alive() {
            return Vec::new();
        }
        c.hit_points = c.hit_points.saturating_sub(n);
        let name = c.name.clone();
        if c.alive() {
            let hp = c.hit_points;
            self.log(format!(
                "{name} is hit ({hp} hit point{} left).",
                if hp == 1 { "" } else { "s" }
            ));
            return Vec::new();
        }
        let tokens = std::mem::take(&mut c.tokens);
        c.fallen = false;
        c.inside = None;
        self.log(format!("{name} is dead."));
        if !tokens.is_empty() && self.has_undertaker {
            self.log(format!("His {tokens:?} go to the Undertaker's."));
            let pile = self.pile_mut(BuildingKind::Undertaker);
            for t in tokens {
                pile.push_left(t, None);
            }
        }
        if self.initiative == cowboy
            && let Some(shooter) = by
        {
            self.initiative = shooter;
            let s = self.cowboys[shooter].name.clone();
            self.log(format!("The initiative passes to {s}."));
        }
        vec![Effect::Remove { cowboy }]
    }

    /// Can this cowboy be hit now?
    pub fn hittable(&self, target: CowboyId) -> bool {
        let t = &self.cowboys[target];
        t.alive() && !t.fallen && (t.inside.is_none() || self.setup.duel)
    }

    /// Why this move fails, if it does.
    pub fn move_fails(&self, cowboy: CowboyId, report: &MoveReport) -> Option<String> {
        let inside = self.cowboys.get(cowboy)?.inside;
        if report.left_table {
            Some("the disc left the table".into())
        } else if report.touched {
            Some("the disc touched something".into())
        } else if inside.is_some() && !report.exited {
            Some("the disc did not pass the door line".into())
        } else if let Some(b) = report.entered.filter(|b| self.setup.closed.contains(b)) {
            Some(format!("no one may enter the {}", b.title()))
        } else {
            // Two support blocks, two seats: a third cowboy finds no room.
            report
                .entered
                .filter(|&b| self.seated(b, cowboy) >= 2)
                .map(|b| format!("both of the {}'s support blocks are taken", b.title()))
        }
    }

    /// Living cowboys inside building `b`, not counting `but`.
    pub fn seated(&self, b: BuildingKind, but: CowboyId) -> usize {
        self.cowboys
            .iter()
            .enumerate()
            .filter(|(i, c)| *i != but && c.alive() && c.inside == Some(b))
            .count()
    }

    /// The move's physics result.
    pub fn resolve_move(&mut self, report: MoveReport) -> Result<Vec<Effect>, Refusal> {
        let Phase::AwaitMove {
            cowboy,
            actions_left,
        } = self.phase.clone()
        else {
            return refuse("no move is being flicked");
        };
        let name = self.cowboys[cowboy].name.clone();
        let inside = self.cowboys[cowboy].inside;
        self.phase = Phase::Acting {
            cowboy,
            actions_left,
        };
        if let Some(why) = self.move_fails(cowboy, &report) {
            self.log(format!("{name}'s move fails: {why}. The town is put back."));
            return Ok(vec![Effect::Done]);
        }
        if let Some(was) = inside {
            self.cowboys[cowboy].inside = None;
            self.log(format!("{name} steps out of the {}.", was.title()));
        } else if let Some(b) = report.entered {
            self.cowboys[cowboy].inside = Some(b);
            self.log(format!("{name} enters the {}.", b.title()));
        } else {
            self.log(format!("{name} moves."));
        }
        Ok(self.check_victory())
    }

    /// One bullet's physics result.
    pub fn resolve_shot(&mut self, report: ShotReport) -> Result<Vec<Effect>, Refusal> {
        let Phase::AwaitShots {
            cowboy,
            actions_left,
            bullets_left,
            winchester,
        } = self.phase.clone()
        else {
            return refuse("no shot is being flicked");
        };
        let mut effects = Vec::new();
        let name = self.cowboys[cowboy].name.clone();
        match report.knocked_first {
            Some(t) if t < self.cowboys.len() && self.hittable(t) => {
                let target = self.cowboys[t].name.clone();
                self.log(format!("{name} hits {target}!"));
                self.cowboys[t].fallen = true;
                effects.extend(self.wound(t, if winchester { 2 } else { 1 }, Some(cowboy)));
            }
            Some(t) if t < self.cowboys.len() => {
                let target = self.cowboys[t].name.clone();
                self.log(format!("{name}'s bullet knocks {target} over, but he cannot be hit now: he stands back up."));
            }
            _ => self.log(format!("{name} misses.")),
        }
        self.phase = if bullets_left > 1 && !self.is_over() {
            Phase::AwaitShots {
                cowboy,
                actions_left,
                bullets_left: bullets_left - 1,
                winchester,
            }
        } else {
            Phase::Acting {
                cowboy,
                actions_left,
            }
        };
        self.lose_actions_if_down(cowboy);
        effects.extend(self.check_victory());
        Ok(effects)
    }

    /// The dynamite's physics result.
    pub fn resolve_blast(&mut self, report: BlastReport) -> Result<Vec<Effect>, Refusal> {
        let Phase::AwaitBlast {
            cowboy,
            actions_left,
        } = self.phase.clone()
        else {
            return refuse("no dynamite is being thrown");
        };
        let mut effects = Vec::new();
        self.phase = Phase::Acting {
            cowboy,
            actions_left,
        };
        let mut hit_any = false;
        for t in report.knocked_over {
            if t < self.cowboys.len() && self.hittable(t) {
                hit_any = true;
                self.cowboys[t].fallen = true;
                effects.extend(self.wound(t, 1, Some(cowboy)));
            }
        }
        if !hit_any {
            self.log("The dynamite blows up harmlessly.".to_string());
        }
        self.lose_actions_if_down(cowboy);
        effects.extend(self.check_victory());
        Ok(effects)
    }

    /// A cowboy knocked down in his own turn (by his own dynamite, say) loses
    /// the rest of it: he lies fallen until he is next played, and a fallen
    /// cowboy does not walk or shoot (the book is silent; our reading).
    fn lose_actions_if_down(&mut self, cowboy: CowboyId) {
        let c = &self.cowboys[cowboy];
        if let Phase::Acting { actions_left, .. } = &mut self.phase
            && *actions_left > 0
            && c.alive()
            && c.fallen
        {
            *actions_left = 0;
            let name = c.name.clone();
            self.log(format!("{name} is down: the rest of his turn is lost."));
        }
    }
}
