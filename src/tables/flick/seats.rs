//! Who sits at the Flick table: a person at the mouse, or a computer seat at
//! a bot level, for each team.

use bevy::prelude::*;

use crate::bot_level::Level;
use crate::flick::rules::Game;
use crate::scenario::kinds::Team;

/// Who plays a team: a person at the mouse, or a computer opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Seat {
    #[default]
    Human,
    Bot(Level),
}

impl Seat {
    /// Every choice, in the order the menu lists them.
    pub const ALL: [Seat; 6] = [
        Seat::Human,
        Seat::Bot(Level::Easy),
        Seat::Bot(Level::Normal),
        Seat::Bot(Level::Hard),
        Seat::Bot(Level::Expert),
        Seat::Bot(Level::Random),
    ];

    /// The menu's choice: you play the lawmen, a normal bot the outlaws.
    pub const AGAINST_THE_COMPUTER: [Seat; 2] = [Seat::Human, Seat::Bot(Level::Normal)];

    /// Two people at one computer (the command line without `--vs` or `--watch`).
    pub const HOT_SEAT: [Seat; 2] = [Seat::Human, Seat::Human];

    pub fn bot(self) -> Option<Level> {
        match self {
            Seat::Human => None,
            Seat::Bot(level) => Some(level),
        }
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("a person"),
            Seat::Bot(level) => write!(f, "{} bot", level_title(*level)),
        }
    }
}

/// A bot level as a title: "Hard".
pub fn level_title(level: Level) -> &'static str {
    level.title()
}

/// Who plays each team of the game on the table: `[lawmen, outlaws]`.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats(pub [Seat; 2]);

impl Default for Seats {
    fn default() -> Self {
        Seats(Seat::HOT_SEAT)
    }
}

impl Seats {
    /// The seat of a team (index 0: lawmen, 1: outlaws); `None` for the townsfolk.
    pub fn index(team: Team) -> Option<usize> {
        match team {
            Team::Lawmen => Some(0),
            Team::Outlaws => Some(1),
            Team::Neutral => None,
        }
    }

    pub fn of(&self, team: Team) -> Seat {
        Self::index(team).map_or(Seat::Human, |i| self.0[i])
    }

    /// The bot level of the team the game awaits, when a computer seat is to act.
    pub fn bot_to_act(&self, game: &Game) -> Option<(Team, Level)> {
        let team = game.current_team()?;
        self.of(team).bot().map(|level| (team, level))
    }
}
