//! The rules part of a scenario file (`game: (...)` in `scenarios/*.ron`):
//! clock, initiative, hit points, tokens, closed buildings, victory
//! conditions, and the check that a `game` section fits its town (every name
//! it gives is a cowboy or a building there). Pure data: the rules that play
//! it (`flick::rules`) sit above and read it from here.

use serde::{Deserialize, Serialize};

use super::kinds::{BuildingKind, CowboySpec, Team};

/// At most this many tokens per cowboy.
pub const MAX_TOKENS: usize = 2;

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

/// The field of a `game` section a [`SetupError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupField {
    StartHour,
    Initiative,
    Cowboys,
    Piles,
    Victory,
}

impl SetupField {
    /// The field's key in the file (`game: (start_hour: ...)`).
    pub fn key(self) -> &'static str {
        match self {
            SetupField::StartHour => "start_hour",
            SetupField::Initiative => "initiative",
            SetupField::Cowboys => "cowboys",
            SetupField::Piles => "piles",
            SetupField::Victory => "victory",
        }
    }
}

/// A `game` section that does not fit its town: the message for the player,
/// and the field it is about (where the town file reports it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SetupError {
    pub field: SetupField,
    pub message: String,
}

impl GameSetup {
    /// Checks the section against its town: `cowboys` are the town's lawmen
    /// and outlaws, `buildings` its buildings. The first problem found is
    /// returned (every one: [`GameSetup::problems`]).
    pub fn check(
        &self,
        cowboys: &[CowboySpec],
        buildings: &[BuildingKind],
    ) -> Result<(), SetupError> {
        match self.problems(cowboys, buildings).into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Every problem of the section against its town, in the order of its
    /// fields (the clock, the cowboys, the initiative, the piles, victory).
    pub fn problems(&self, cowboys: &[CowboySpec], buildings: &[BuildingKind]) -> Vec<SetupError> {
        use SetupField as F;
        let mut out = Vec::new();
        let mut refuse =
            |field: SetupField, message: String| out.push(SetupError { field, message });
        if !(1..=11).contains(&self.start_hour) {
            refuse(
                F::StartHour,
                format!(
                    "the clock must start between 1 and 11 o'clock, not {}",
                    self.start_hour
                ),
            );
        }
        let is_cowboy = |name: &str| cowboys.iter().any(|c| c.name == name);
        for s in &self.cowboys {
            if !is_cowboy(s.name.as_str()) {
                refuse(
                    F::Cowboys,
                    format!("the game names a cowboy \"{}\" the town lacks", s.name),
                );
            }
            if s.tokens.len() > MAX_TOKENS {
                refuse(
                    F::Cowboys,
                    format!("{} starts with more than {MAX_TOKENS} tokens", s.name),
                );
            }
            if let Some(b) = s.inside
                && !buildings.contains(&b)
            {
                refuse(
                    F::Cowboys,
                    format!(
                        "{} starts inside the {}, which the town lacks",
                        s.name,
                        b.title()
                    ),
                );
            }
        }
        for b in buildings {
            let inside: Vec<&str> = self
                .cowboys
                .iter()
                .filter(|s| s.inside == Some(*b))
                .map(|s| s.name.as_str())
                .collect();
            if inside.len() > 2 {
                refuse(
                    F::Cowboys,
                    format!(
                        "{} start inside the {}, which has two support blocks: two at most",
                        inside.join(", "),
                        b.title()
                    ),
                );
            }
        }
        if !is_cowboy(self.initiative.as_str()) {
            refuse(
                F::Initiative,
                format!(
                    "the initiative holder \"{}\" is not a cowboy of this town",
                    self.initiative
                ),
            );
        }
        for p in &self.piles {
            if !buildings.contains(&p.building) {
                refuse(
                    F::Piles,
                    format!(
                        "a pile of tokens lies in the {}, which the town lacks",
                        p.building.title()
                    ),
                );
            }
        }
        for v in &self.victory {
            match &v.condition {
                Condition::Kill(name) if !is_cowboy(name.as_str()) => {
                    refuse(
                        F::Victory,
                        format!(
                            "a victory condition names \"{name}\", who is not a cowboy of this town"
                        ),
                    );
                }
                Condition::Deliver {
                    to: Place::Building(b),
                    ..
                }
                | Condition::HoldAtNoon(b)
                    if !buildings.contains(b) =>
                {
                    refuse(
                        F::Victory,
                        format!(
                            "a victory condition names the {}, which the town lacks",
                            b.title()
                        ),
                    );
                }
                _ => {}
            }
        }
        out
    }
}

impl Token {
    /// Every kind of token, as the format lists them.
    pub const ALL: [Token; 8] = [
        Token::Colt,
        Token::Winchester,
        Token::Dynamite,
        Token::Document,
        Token::Gold,
        Token::CleanWater,
        Token::PoisonedWater,
        Token::Hostage,
    ];

    /// The token in words, one and several: "stick of dynamite", "sticks of dynamite".
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Token::Colt => ("Colt", "Colts"),
            Token::Winchester => ("Winchester", "Winchesters"),
            Token::Dynamite => ("stick of dynamite", "sticks of dynamite"),
            Token::Document => ("document", "documents"),
            Token::Gold => ("sack of gold", "sacks of gold"),
            Token::CleanWater => ("flask of clean water", "flasks of clean water"),
            Token::PoisonedWater => ("flask of poisoned water", "flasks of poisoned water"),
            Token::Hostage => ("hostage token", "hostage tokens"),
        }
    }
}

impl Condition {
    /// The condition in words, for the players at the table.
    pub fn describe(&self) -> String {
        match self {
            Condition::Eliminate(Team::Lawmen) => "every lawman dead".into(),
            Condition::Eliminate(Team::Outlaws) => "every outlaw dead".into(),
            Condition::Eliminate(Team::Neutral) => "every townsman dead".into(),
            Condition::Kill(name) => format!("{name} dead"),
            Condition::Deliver {
                token,
                count,
                to: Place::Building(b),
            } => {
                let (one, many) = token.words();
                match count {
                    1 => format!("the {one} left in the {}", place(*b)),
                    n => format!("{} {many} left in the {}", number(*n), place(*b)),
                }
            }
            Condition::HoldAtNoon(b) => format!(
                "one of theirs in the {} at noon, and none of the other side",
                place(*b)
            ),
        }
    }
}

/// The duel rule in words, as the table shows it.
pub const DUEL_RULE: &str = "No building is safe: a bullet that strikes a support block first hits the cowboy sitting on it.";

/// A building as the players name the place: "the Sheriff's office".
fn place(b: BuildingKind) -> &'static str {
    match b {
        BuildingKind::Sheriff => "Sheriff's office",
        BuildingKind::Undertaker => "Undertaker's",
        other => other.title(),
    }
}

/// A small count in words ("two"), larger ones in figures.
fn number(n: u8) -> String {
    const WORDS: [&str; 9] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

impl GameSetup {
    /// What wins the game, in words, for the players at the table: a line for
    /// each side that can win (its ways joined by "or", in the file's order),
    /// noon's verdict, the duel rule where it is played, then the
    /// scenario's own notes.
    pub fn how_to_win(&self) -> Vec<String> {
        let mut teams: Vec<Team> = Vec::new();
        for v in &self.victory {
            if !teams.contains(&v.team) {
                teams.push(v.team);
            }
        }
        let mut lines: Vec<String> = teams
            .into_iter()
            .map(|t| {
                let ways: Vec<String> = self
                    .victory
                    .iter()
                    .filter(|v| v.team == t)
                    .map(|v| v.condition.describe())
                    .collect();
                format!("{t:?} win: {}.", ways.join(", or "))
            })
            .collect();
        // Noon's verdict comes after the conditions (a hold is judged at
        // noon too, first).
        lines.push(match self.at_noon {
            AtNoon::Winner(t) => format!("At noon, if nothing above has won: the {t:?} win."),
            AtNoon::Draw => "At noon, if nothing above has won: a draw.".into(),
            AtNoon::MostHitPoints => "At noon, if nothing above has won: the side with \
                                      more hit points left wins (equal: a draw)."
                .into(),
        });
        if self.duel {
            lines.push(DUEL_RULE.into());
        }
        lines.extend(self.notes.iter().cloned());
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{PhysicsProfile, Town, data_root};

    fn setup(file: &str) -> GameSetup {
        let profile = PhysicsProfile::load_default().unwrap();
        let town = Town::load(&data_root().join("scenarios").join(file), &profile).unwrap();
        town.game.unwrap()
    }

    #[test]
    fn how_to_win_reads_each_sides_ways_and_noon_from_the_file() {
        assert_eq!(
            setup("dynamite.ron").how_to_win()[..3],
            [
                "Outlaws win: two sticks of dynamite left in the Bank.",
                "Lawmen win: every outlaw dead.",
                "At noon, if nothing above has won: the Lawmen win.",
            ]
        );
        assert_eq!(
            setup("gallows_rescue.ron").how_to_win()[..3],
            [
                "Outlaws win: the hostage token left in the Saloon, or every lawman dead.",
                "Lawmen win: every outlaw dead.",
                "At noon, if nothing above has won: the Lawmen win.",
            ]
        );
        assert_eq!(
            setup("defend_the_town_hall.ron").how_to_win()[..4],
            [
                "Lawmen win: one of theirs in the Town Hall at noon, and none of the other side.",
                "Outlaws win: every lawman dead.",
                "At noon, if nothing above has won: the Outlaws win.",
                DUEL_RULE,
            ]
        );
        assert_eq!(
            setup("stolen_documents.ron").how_to_win()[0],
            "Outlaws win: two documents left in the Undertaker's."
        );
        assert_eq!(
            setup("family_duel.ron").how_to_win()[2],
            "At noon, if nothing above has won: the side with more hit points left wins (equal: a draw)."
        );
        let duel = setup("kill_the_leader.ron");
        assert!(duel.duel);
        let lines = duel.how_to_win();
        assert_eq!(lines[2], "At noon, if nothing above has won: a draw.");
        assert!(lines.contains(&DUEL_RULE.to_string()), "{lines:?}");
        for note in &duel.notes {
            assert!(lines.contains(note), "{note} in {lines:?}");
        }
    }

    #[test]
    fn every_problem_of_a_game_section_is_found_not_only_the_first() {
        let profile = PhysicsProfile::load_default().unwrap();
        let path = data_root().join("scenarios/bank_robbery.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut town = Town::load(&path, &profile).unwrap();
        let game = town.game.clone().unwrap();
        let specs = town.cowboy_specs();
        let all: Vec<BuildingKind> = town.buildings.iter().map(|b| b.kind).collect();
        assert!(game.problems(&specs, &all).is_empty());
        // Without the Bank and the Saloon: the gold's pile and the robbers'
        // goal each name a building the town lacks; both are told.
        let fewer: Vec<BuildingKind> = all
            .iter()
            .copied()
            .filter(|b| !matches!(b, BuildingKind::Bank | BuildingKind::Saloon))
            .collect();
        let fields: Vec<SetupField> = game
            .problems(&specs, &fewer)
            .iter()
            .map(|p| p.field)
            .collect();
        assert_eq!(fields, vec![SetupField::Piles, SetupField::Victory]);
        assert_eq!(
            game.check(&specs, &fewer).unwrap_err().field,
            SetupField::Piles
        );
        // And so does the town's list of problems (the editor's).
        town.buildings
            .retain(|b| !matches!(b.kind, BuildingKind::Bank | BuildingKind::Saloon));
        let lacks = town
            .problems(&path, &text, &profile)
            .iter()
            .filter(|p| p.message.contains("which the town lacks"))
            .count();
        assert_eq!(lacks, 2);
    }
}
