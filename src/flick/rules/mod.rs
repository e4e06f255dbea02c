//! Flick 'em Up!'s rules as a pure state machine: whose turn, what an action
//! costs, hits, deaths, the clock and victory. Physics results come in as small
//! reports ([`MoveReport`], [`ShotReport`]) that the referee derives from
//! `FlickOutcome`s; nothing here knows about Bevy or Rapier.

use serde::{Deserialize, Serialize};

use crate::scenario::game::{AtNoon, Condition, GameSetup, MAX_TOKENS, Place, SetupError, Token};
use crate::scenario::kinds::{BuildingKind, CowboySpec, HatSide, Team};

/// Index of a cowboy in [`Game::cowboys`] (the town's figures of both teams, in file order).
pub type CowboyId = usize;

/// Actions per cowboy per turn.
pub const ACTIONS_PER_TURN: u8 = 2;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cowboy {
    pub name: String,
    pub team: Team,
    pub hat: u8,
    pub side: HatSide,
    pub hit_points: u8,
    pub max_hit_points: u8,
    /// Knocked over by a hit: stands up when next played, cannot be hit meanwhile.
    pub fallen: bool,
    pub inside: Option<BuildingKind>,
    pub tokens: Vec<Token>,
    pub armed: bool,
}

impl Cowboy {
    pub fn alive(&self) -> bool {
        self.hit_points > 0
    }

    /// Pistols: the default one (unless unarmed) and every Colt carried.
    pub fn pistols(&self) -> usize {
        usize::from(self.armed) + self.tokens.iter().filter(|t| **t == Token::Colt).count()
    }
}

/// What the player (or bot) may do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Intent {
    /// Choose the cowboy to play this turn.
    Play(CowboyId),
    Move,
    /// Fire (one or two bullets, as the pistols allow).
    Shoot,
    /// Throw a dynamite token carried.
    ThrowDynamite,
    /// Take a face-up token from the building's pile; `give` swaps one of yours
    /// (by index) when your hands are full.
    Take {
        token: Token,
        give: Option<usize>,
    },
    /// Draw a face-down token at random; then [`Intent::Keep`] decides.
    Draw,
    /// After a draw: keep the revealed token (swapping `give` if full), or leave it face up.
    Keep {
        keep: bool,
        give: Option<usize>,
    },
    /// Leave a carried token (by index) in the building.
    Drop(usize),
    EndTurn,
}

/// What the physics must do next for the action begun.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Nothing physical: the state changed.
    Done,
    /// Flick the movement disc for this cowboy (from behind its building if inside).
    MoveFlick { cowboy: CowboyId },
    /// Flick `bullets` bullets for this cowboy, one after the other.
    ShotFlicks { cowboy: CowboyId, bullets: u8 },
    /// Flick the dynamite for this cowboy.
    DynamiteFlick { cowboy: CowboyId },
    /// Stand the cowboy's figure up (it was fallen and is played now).
    StandUp { cowboy: CowboyId },
    /// The cowboy died: take its figure off the table.
    Remove { cowboy: CowboyId },
}

/// A move as the physics saw it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MoveReport {
    /// The disc touched something it may not: an object, a figure, a support
    /// block (but the inside section of the door's own blocks when entering,
    /// any part of them when exiting).
    pub touched: bool,
    pub left_table: bool,
    /// Passed this building's door line from outside.
    pub entered: Option<BuildingKind>,
    /// Left its building: the whole disc passed the door line.
    pub exited: bool,
}

/// One bullet as the physics saw it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ShotReport {
    /// The cowboy the bullet knocked over directly (its first contact), if any.
    pub knocked_first: Option<CowboyId>,
}

/// The dynamite as the physics saw it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BlastReport {
    pub knocked_over: Vec<CowboyId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Winner(Team),
    Draw,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// `team` chooses a cowboy (only `forced` if set: the initiative holder opens a round).
    Choose {
        team: Team,
        forced: Option<CowboyId>,
    },
    /// A cowboy is being played.
    Acting {
        cowboy: CowboyId,
        actions_left: u8,
    },
    AwaitMove {
        cowboy: CowboyId,
        actions_left: u8,
    },
    AwaitShots {
        cowboy: CowboyId,
        actions_left: u8,
        bullets_left: u8,
        winchester: bool,
    },
    AwaitBlast {
        cowboy: CowboyId,
        actions_left: u8,
    },
    /// A face-down token was revealed: keep it or not.
    AwaitKeep {
        cowboy: CowboyId,
        actions_left: u8,
        token: Token,
    },
    Over(Outcome),
}

/// An intent refused: the reason, for the player. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

/// A game in progress.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Game {
    pub setup: GameSetup,
    pub cowboys: Vec<Cowboy>,
    pub hour: u8,
    pub initiative: CowboyId,
    pub phase: Phase,
    pub piles: Vec<PileState>,
    /// Which team played the last turn (for alternation).
    pub last_team: Option<Team>,
    pub log: Vec<String>,
    /// Whether the town has an Undertaker (dead cowboys' tokens go there).
    pub has_undertaker: bool,
    seed: u64,
    draws: u64,
}

impl Game {
    /// A new game: `cowboys` are the town's lawmen and outlaws in file order.
    /// A setup that does not fit the town is refused ([`GameSetup::check`]).
    pub fn new(
        setup: GameSetup,
        cowboys: &[CowboySpec],
        buildings: &[BuildingKind],
        seed: u64,
    ) -> Result<Self, SetupError> {
        setup.check(cowboys, buildings)?;
        let mut list = Vec::new();
        for c in cowboys {
            let own = setup.cowboys.iter().find(|s| s.name == c.name);
            let hp = own
                .and_then(|s| s.hit_points)
                .unwrap_or(setup.hit_points)
                .max(1);
            list.push(Cowboy {
                name: c.name.clone(),
                team: c.team,
                hat: c.hat,
                side: c.side,
                hit_points: hp,
                max_hit_points: hp,
                fallen: false,
                inside: own.and_then(|s| s.inside),
                tokens: own.map(|s| s.tokens.clone()).unwrap_or_default(),
                armed: !own.is_some_and(|s| s.unarmed),
            });
        }
        let initiative = list
            .iter()
            .position(|c| c.name == setup.initiative)
            .expect("the check found the initiative holder");
        let piles = setup
            .piles
            .iter()
            .map(|p| PileState {
                building: p.building,
                tokens: p
                    .tokens
                    .iter()
                    .map(|&token| PileToken {
                        token,
                        face_down: p.face_down,
                        left_by: None,
                    })
                    .collect(),
            })
            .collect();
        let mut game = Game {
            hour: setup.start_hour,
            initiative,
            phase: Phase::Over(Outcome::Draw),
            piles,
            last_team: None,
            log: Vec::new(),
            has_undertaker: buildings.contains(&BuildingKind::Undertaker),
            cowboys: list,
            setup,
            seed,
            draws: 0,
        };
        game.log(format!(
            "{} o'clock, a {} hour. {} holds the initiative.",
            game.hour,
            colour_name(game.colour()),
            game.cowboys[initiative].name
        ));
        game.open_round();
        Ok(game)
    }

    fn log(&mut self, line: String) {
        self.log.push(line);
    }

    /// The game as a player at the table sees it: every face-down token is
    /// replaced by the same stand-in (their number stays known), and the draw
    /// order is unknown (the seed is dropped). Two games that differ only in
    /// what lies face down have the same view.
    pub fn public_view(&self) -> Game {
        let mut view = self.clone();
        // The token just drawn has been shown to the whole table.
        let drawn = match &self.phase {
            Phase::AwaitKeep { cowboy, token, .. } => self.cowboys[*cowboy]
                .inside
                .and_then(|b| self.pile(b))
                .and_then(|p| {
                    let i = self.piles[p]
                        .tokens
                        .iter()
                        .position(|t| t.face_down && t.token == *token)?;
                    Some((p, i))
                }),
            _ => None,
        };
        for (p, pile) in view.piles.iter_mut().enumerate() {
            for (i, t) in pile.tokens.iter_mut().enumerate() {
                if t.face_down && drawn != Some((p, i)) {
                    t.token = Token::Colt;
                    t.left_by = None;
                }
            }
            // Face down, their order says nothing either.
            pile.tokens.sort_by_key(|t| !t.face_down);
        }
        view.seed = 0;
        view.draws = 0;
        view
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    /// Whose decision it is: a team, or nobody when the game is over.
    pub fn current_team(&self) -> Option<Team> {
        match &self.phase {
            Phase::Choose { team, .. } => Some(*team),
            Phase::Acting { cowboy, .. }
            | Phase::AwaitMove { cowboy, .. }
            | Phase::AwaitShots { cowboy, .. }
            | Phase::AwaitBlast { cowboy, .. }
            | Phase::AwaitKeep { cowboy, .. } => Some(self.cowboys[*cowboy].team),
            Phase::Over(_) => None,
        }
    }

    /// The cowboy being played, if any.
    pub fn current_cowboy(&self) -> Option<CowboyId> {
        match &self.phase {
            Phase::Acting { cowboy, .. }
            | Phase::AwaitMove { cowboy, .. }
            | Phase::AwaitShots { cowboy, .. }
            | Phase::AwaitBlast { cowboy, .. }
            | Phase::AwaitKeep { cowboy, .. } => Some(*cowboy),
            _ => None,
        }
    }

    /// Every intent the rules accept now (physics-free).
    pub fn legal_intents(&self) -> Vec<Intent> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Choose { team, forced } => match forced {
                Some(c) => out.push(Intent::Play(*c)),
                None => out.extend(self.available(*team).into_iter().map(Intent::Play)),
            },
            Phase::Acting {
                cowboy,
                actions_left,
            } => {
                let c = &self.cowboys[*cowboy];
                out.push(Intent::EndTurn);
                if !c.alive() || *actions_left == 0 {
                    return out;
                }
                out.push(Intent::Move);
                if c.pistols() > 0 {
                    out.push(Intent::Shoot);
                }
                if c.tokens.contains(&Token::Dynamite) {
                    out.push(Intent::ThrowDynamite);
                }
                if let Some(b) = c.inside {
                    for i in 0..c.tokens.len() {
                        out.push(Intent::Drop(i));
                    }
                    if let Some(p) = self.pile(b) {
                        let pile = &self.piles[p];
                        if pile.face_down_count() > 0 {
                            out.push(Intent::Draw);
                        }
                        let mut seen = Vec::new();
                        for t in pile.face_up() {
                            if seen.contains(&t) {
                                continue;
                            }
                            seen.push(t);
                            if c.tokens.len() < MAX_TOKENS {
                                out.push(Intent::Take {
                                    token: t,
                                    give: None,
                                });
                            } else {
                                out.extend((0..c.tokens.len()).map(|g| Intent::Take {
                                    token: t,
                                    give: Some(g),
                                }));
                            }
                        }
                    }
                }
            }
            Phase::AwaitKeep { cowboy, .. } => {
                out.push(Intent::Keep {
                    keep: false,
                    give: None,
                });
                let c = &self.cowboys[*cowboy];
                if c.tokens.len() < MAX_TOKENS {
                    out.push(Intent::Keep {
                        keep: true,
                        give: None,
                    });
                } else {
                    out.extend((0..c.tokens.len()).map(|g| Intent::Keep {
                        keep: true,
                        give: Some(g),
                    }));
                }
            }
            Phase::AwaitMove { .. }
            | Phase::AwaitShots { .. }
            | Phase::AwaitBlast { .. }
            | Phase::Over(_) => {}
        }
        out
    }

    /// Applies an intent, or refuses it with a reason and no change.
    pub fn apply(&mut self, intent: Intent) -> Result<Vec<Effect>, Refusal> {
        match (self.phase.clone(), intent) {
            (Phase::Over(_), _) => refuse("the game is over"),
            (Phase::Choose { team, forced }, Intent::Play(id)) => {
                let Some(c) = self.cowboys.get(id) else {
                    return refuse("there is no such cowboy");
                };
                if c.team != team {
                    return refuse(format!(
                        "it is the {team:?}' turn, {} is not one of them",
                        c.name
                    ));
                }
                if c.side != self.colour() {
                    return refuse(format!(
                        "{} has already played this hour (its hat is {})",
                        c.name,
                        colour_name(c.side)
                    ));
                }
                if let Some(f) = forced
                    && f != id
                {
                    return refuse(format!(
                        "{} holds the initiative and opens the round",
                        self.cowboys[f].name
                    ));
                }
                let mut effects = Vec::new();
                let name = c.name.clone();
                if !c.alive() {
                    self.log(format!("{name} is dead: the {team:?} pass a turn."));
                    self.phase = Phase::Acting {
                        cowboy: id,
                        actions_left: 0,
                    };
                } else {
                    if c.fallen {
                        self.cowboys[id].fallen = false;
                        effects.push(Effect::StandUp { cowboy: id });
                        self.log(format!("{name} gets back on his feet."));
                    }
                    self.log(format!("{name} plays."));
                    self.phase = Phase::Acting {
                        cowboy: id,
                        actions_left: ACTIONS_PER_TURN,
                    };
                }
                Ok(effects)
            }
            (Phase::Choose { .. }, _) => refuse("choose a cowboy to play first"),
            (
                Phase::Acting {
                    cowboy,
                    actions_left,
                },
                intent,
            ) => self.act(cowboy, actions_left, intent),
            (
                Phase::AwaitKeep {
                    cowboy,
                    actions_left,
                    token,
                },
                Intent::Keep { keep, give },
            ) => {
                let c = &self.cowboys[cowboy];
                let building = c.inside.expect("drawing happens inside");
                let mut effects = Vec::new();
                // The drawn token (one of its kind lying face down).
                let pile = self.pile_mut(building);
                let drawn = pile
                    .tokens
                    .iter()
                    .position(|t| t.face_down && t.token == token)
                    .expect("the drawn token lies face down");
                if keep {
                    room_for_one_more(&self.cowboys[cowboy], give)?;
                    self.pile_mut(building).tokens.remove(drawn);
                    effects.extend(self.receive(cowboy, token, give, building));
                } else {
                    // Left in place, face up: that token is known now; the rest stay face down.
                    self.pile_mut(building).tokens[drawn].face_down = false;
                    let name = self.cowboys[cowboy].name.clone();
                    self.log(format!("{name} leaves the {token:?} lying face up."));
                }
                self.phase = Phase::Acting {
                    cowboy,
                    actions_left,
                };
                effects.extend(self.check_victory());
                Ok(effects)
            }
            (Phase::AwaitKeep { .. }, _) => refuse("keep the revealed token or leave it"),
            (Phase::AwaitMove { .. }, _) => refuse("the move is being flicked"),
            (Phase::AwaitShots { .. }, _) | (Phase::AwaitBlast { .. }, _) => {
                refuse("the shot is being flicked")
            }
        }
    }
}

mod actions;
mod clock;
mod piles;
mod tokens;
mod victory;
pub use clock::{colour_name, hour_colour};
pub use piles::{PileState, PileToken};
use tokens::room_for_one_more;

#[cfg(test)]
mod tests;
