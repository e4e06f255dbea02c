//! Flick 'em Up!'s rules as a pure state machine: whose turn, what an action
//! costs, hits, deaths, the clock and victory. Physics results come in as small
//! reports ([`MoveReport`], [`ShotReport`]) that the referee derives from
//! `FlickOutcome`s; nothing here knows about Bevy or Rapier.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::setup::{AtNoon, Condition, GameSetup, Place, Token, hour_colour};
use crate::scenario::town::{BuildingKind, HatSide, Team};

/// Index of a cowboy in [`Game::cowboys`] (the town's figures of both teams, in file order).
pub type CowboyId = usize;

/// At most this many tokens per cowboy.
pub const MAX_TOKENS: usize = 2;
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
    /// The disc touched something it may not (an object, a figure, a support
    /// block other than the door's own when entering or exiting).
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

/// A cowboy named in the scenario, as the referee knows it.
#[derive(Debug, Clone, PartialEq)]
pub struct CowboySpec {
    pub name: String,
    pub team: Team,
    pub hat: u8,
    pub side: HatSide,
}

impl Game {
    /// A new game: `cowboys` are the town's lawmen and outlaws in file order.
    pub fn new(
        setup: GameSetup,
        cowboys: &[CowboySpec],
        buildings: &[BuildingKind],
        seed: u64,
    ) -> Result<Self, String> {
        if !(1..=11).contains(&setup.start_hour) {
            return Err(format!(
                "the clock must start between 1 and 11 o'clock, not {}",
                setup.start_hour
            ));
        }
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
        for s in &setup.cowboys {
            if !list.iter().any(|c| c.name == s.name) {
                return Err(format!(
                    "the game names a cowboy \"{}\" the town lacks",
                    s.name
                ));
            }
            if s.tokens.len() > MAX_TOKENS {
                return Err(format!(
                    "{} starts with more than {MAX_TOKENS} tokens",
                    s.name
                ));
            }
            if let Some(b) = s.inside
                && !buildings.contains(&b)
            {
                return Err(format!(
                    "{} starts inside the {}, which the town lacks",
                    s.name,
                    b.title()
                ));
            }
        }
        for b in buildings {
            let inside: Vec<&str> = setup
                .cowboys
                .iter()
                .filter(|s| s.inside == Some(*b))
                .map(|s| s.name.as_str())
                .collect();
            if inside.len() > 2 {
                return Err(format!(
                    "{} start inside the {}, which has two support blocks: two at most",
                    inside.join(", "),
                    b.title()
                ));
            }
        }
        let initiative = list
            .iter()
            .position(|c| c.name == setup.initiative)
            .ok_or_else(|| {
                format!(
                    "the initiative holder \"{}\" is not a cowboy of this town",
                    setup.initiative
                )
            })?;
        for p in &setup.piles {
            if !buildings.contains(&p.building) {
                return Err(format!(
                    "a pile of tokens lies in the {}, which the town lacks",
                    p.building.title()
                ));
            }
        }
        for v in &setup.victory {
            match &v.condition {
                Condition::Kill(name) if !list.iter().any(|c| &c.name == name) => {
                    return Err(format!(
                        "a victory condition names \"{name}\", who is not a cowboy of this town"
                    ));
                }
                Condition::Deliver {
                    to: Place::Building(b),
                    ..
                }
                | Condition::HoldAtNoon(b)
                    if !buildings.contains(b) =>
                {
                    return Err(format!(
                        "a victory condition names the {}, which the town lacks",
                        b.title()
                    ));
                }
                _ => {}
            }
        }
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
        game.phase = game.round_opening();
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

    /// The colour of the hour in play.
    pub fn colour(&self) -> HatSide {
        hour_colour(self.hour)
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

    /// Cowboys whose hat shows the hour's colour (dead ones too: their hats pass turns).
    pub fn available(&self, team: Team) -> Vec<CowboyId> {
        let colour = self.colour();
        (0..self.cowboys.len())
            .filter(|&i| self.cowboys[i].team == team && self.cowboys[i].side == colour)
            .collect()
    }

    fn other(team: Team) -> Team {
        if team == Team::Lawmen {
            Team::Outlaws
        } else {
            Team::Lawmen
        }
    }

    /// The opening of a round: the initiative holder plays first if available.
    fn round_opening(&self) -> Phase {
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

    fn pile(&self, b: BuildingKind) -> Option<usize> {
        self.piles.iter().position(|p| p.building == b)
    }

    /// The pile in this building, or a refusal saying there is none.
    fn pile_in(&self, b: BuildingKind) -> Result<usize, Refusal> {
        self.pile(b)
            .ok_or_else(|| Refusal(format!("there are no tokens in the {}", b.title())))
    }

    fn pile_mut(&mut self, b: BuildingKind) -> &mut PileState {
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

    fn act(
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

    /// A token comes into a cowboy's hands (water is drunk at once: poison can kill).
    fn receive(
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

    /// Takes `n` hit points; a death empties the cowboy's hands at the Undertaker's
    /// and hands the initiative to the shooter.
    fn wound(&mut self, cowboy: CowboyId, n: u8, by: Option<CowboyId>) -> Vec<Effect> {
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
        if inside.is_some() {
            self.cowboys[cowboy].inside = None;
            self.log(format!(
                "{name} steps out of the {}.",
                inside.expect("inside").title()
            ));
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

    fn end_turn(&mut self, cowboy: CowboyId) -> Vec<Effect> {
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
                self.log("The clock strikes twelve.".to_string());
                self.phase = Phase::Over(self.noon_outcome());
                effects.push(Effect::Done);
                let line = match self.outcome() {
                    Some(Outcome::Winner(t)) => format!("High noon: the {t:?} win."),
                    _ => "High noon: nobody wins.".to_string(),
                };
                self.log(line);
                return effects;
            }
            self.log(format!(
                "{} o'clock, a {} hour.",
                self.hour,
                colour_name(self.colour())
            ));
            self.round_opening()
        };
        effects
    }

    fn noon_outcome(&self) -> Outcome {
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
    fn check_victory(&mut self) -> Vec<Effect> {
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

/// The building a cowboy is in, for a token action (`what`: "take a token").
fn inside_for(c: &Cowboy, what: &str) -> Result<BuildingKind, Refusal> {
    c.inside
        .ok_or_else(|| Refusal(format!("{} must be inside a building to {what}", c.name)))
}

/// A token can come into these hands: there is room, or `give` names one to leave.
fn room_for_one_more(c: &Cowboy, give: Option<usize>) -> Result<(), Refusal> {
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

pub fn colour_name(side: HatSide) -> &'static str {
    match side {
        HatSide::Red => "red",
        HatSide::Blue => "blue",
    }
}

mod piles;
pub use piles::{PileState, PileToken};

#[cfg(test)]
mod tests;
