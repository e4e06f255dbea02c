//! The rules part of a scenario file (`game: (...)` in `scenarios/*.ron`):
//! clock, initiative, hit points, tokens, closed buildings, victory conditions.
//! Pure data: no Bevy, no physics.

use serde::{Deserialize, Serialize};

use crate::scenario::town::{BuildingKind, HatSide, Team};

/// The tokens of Flick 'em Up!. Effects where the rule book is silent are ours
/// (see docs/flick-em-up.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Token {
    /// A second pistol: two bullets in one Shoot action.
    Colt,
    /// A rifle: a hit with it costs two hit points.
    Winchester,
    /// Thrown with a Shoot action: every standing cowboy the charge knocks over
    /// (directly or not) loses a hit point; the token is spent.
    Dynamite,
    Document,
    Gold,
    /// Drunk when taken and kept: one hit point back (never above the start).
    CleanWater,
    /// Drunk when taken and kept: one hit point lost.
    PoisonedWater,
    /// A hostage or prisoner, carried like a token.
    Hostage,
}

/// Tokens lying in a building (on its support blocks).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pile {
    pub building: BuildingKind,
    pub tokens: Vec<Token>,
    /// Face-down piles are drawn from at random.
    #[serde(default)]
    pub face_down: bool,
}

/// Per-cowboy settings, by figure name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CowboySetup {
    pub name: String,
    #[serde(default)]
    pub hit_points: Option<u8>,
    #[serde(default)]
    pub tokens: Vec<Token>,
    /// Starts inside this building.
    #[serde(default)]
    pub inside: Option<BuildingKind>,
    /// Has no pistol (a prisoner, a preacher).
    #[serde(default)]
    pub unarmed: bool,
}

/// Where something must be brought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    Building(BuildingKind),
}

/// A way for a team to win: a small vocabulary, combined per scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    /// Every cowboy of that team is dead.
    Eliminate(Team),
    /// The named figure is dead.
    Kill(String),
    /// At least `count` such tokens lie in the place (dropped there).
    Deliver { token: Token, count: u8, to: Place },
    /// At noon, a living cowboy of the team is inside and none of the other team is.
    HoldAtNoon(BuildingKind),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub team: Team,
    pub condition: Condition,
}

/// Who wins when the clock strikes twelve with no victory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AtNoon {
    Winner(Team),
    Draw,
    /// The team with more hit points left on its living cowboys; equal is a draw.
    MostHitPoints,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    /// The clock's start, 1–11 (the game ends when it strikes 12).
    pub start_hour: u8,
    /// The figure holding the initiative token.
    pub initiative: String,
    #[serde(default = "default_hit_points")]
    pub hit_points: u8,
    #[serde(default)]
    pub cowboys: Vec<CowboySetup>,
    #[serde(default)]
    pub piles: Vec<Pile>,
    /// Buildings with a "not allowed" marker: no one may enter.
    #[serde(default)]
    pub closed: Vec<BuildingKind>,
    /// Cowboys inside buildings can be hit (a duel).
    #[serde(default)]
    pub duel: bool,
    pub victory: Vec<Victory>,
    pub at_noon: AtNoon,
    /// The scenario's own rules, in words, for the players.
    #[serde(default)]
    pub notes: Vec<String>,
}

fn default_hit_points() -> u8 {
    3
}

/// The colour of an hour on the town-hall clock: even hours are red.
pub fn hour_colour(hour: u8) -> HatSide {
    if hour % 2 == 0 {
        HatSide::Red
    } else {
        HatSide::Blue
    }
}
