//! Slapshot's setup file (`assets/cards/slapshot.ron`): the roster's cards,
//! the advanced rules' limits, and the checked rules every state shares.
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::CardId;
use crate::cards::core::Seat;
use crate::scenario::{DataError, Problems, nearest};

/// The three kinds of player card (blue, green and red numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Position {
    Forward,
    Defenseman,
    Goalie,
}

impl Position {
    pub const ALL: [Position; 3] = [Position::Forward, Position::Defenseman, Position::Goalie];

    pub fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind a team holds: 3 forwards, 2 defensemen, 1 goalie.
    pub fn per_team(self) -> usize {
        [3, 2, 1][self.index()]
    }

    /// How many the box holds: 27 forwards, 18 defensemen, 9 goalies.
    pub fn in_box(self) -> usize {
        [27, 18, 9][self.index()]
    }

    pub fn plural(self) -> &'static str {
        ["forwards", "defensemen", "goalies"][self.index()]
    }

    pub fn letter(self) -> char {
        ['F', 'D', 'G'][self.index()]
    }
}

/// One card of the roster file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSpec {
    pub name: String,
    pub position: Position,
    /// 0 to 10, in halves (Tiny Tim is 0.5).
    pub value: f32,
    /// A red cross: any card that meets it is injured.
    #[serde(default)]
    pub bruiser: bool,
    /// Tiny Tim: always scores on goalies.
    #[serde(default)]
    pub scores_on_goalies: bool,
}

/// The draft and trade limits of the advanced rules (per manager, per season).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    pub drafts: u32,
    pub trades: u32,
}

fn four() -> usize {
    4
}
fn six() -> u32 {
    6
}
fn season_turn_limit() -> u32 {
    400
}
fn overtime_limit() -> u32 {
    20
}

/// A Slapshot setup file (`assets/cards/slapshot.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlapshotSetup {
    /// Managers, 2 to 6 (the command line's `--players` overrides it).
    #[serde(default = "four")]
    pub players: usize,
    /// Spaces from Preseason to Playoffs on the scoreboard: wins that end the season.
    #[serde(default = "six")]
    pub wins_to_playoffs: u32,
    /// Advanced rule: every manager initiates two games against every other, each
    /// opponent once before any twice; the season ends when all are played.
    #[serde(default)]
    pub league_schedule: bool,
    /// Advanced rule: drafts and trades per manager per season.
    #[serde(default)]
    pub limits: Option<Limits>,
    /// House rule for computer play: the season ends after this many turns.
    #[serde(default = "season_turn_limit")]
    pub season_turn_limit: u32,
    /// House rule: after this many scoreless overtimes the home team wins.
    #[serde(default = "overtime_limit")]
    pub overtime_limit: u32,
    /// The seat that picks and plays first.
    #[serde(default)]
    pub first_seat: usize,
    /// Fixed teams by card name, one list per seat (no picking): for lessons and tests.
    #[serde(default)]
    pub teams: Option<Vec<Vec<String>>>,
    /// Who sits where at the window's table (`You` or `Bot(Hard)`, ...), seat 0
    /// first; missing seats are normal bots. Not a rule: the game ignores it.
    #[serde(default)]
    pub seats: Vec<crate::cards::seating::SeatKind>,
    /// Seeds the deal, chance and the bots in the window.
    #[serde(default = "crate::cards::seating::default_seed")]
    pub seed: u64,
    /// The 54 cards.
    pub roster: Vec<CardSpec>,
}

/// A card as the rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub position: Position,
    /// The value in halves: 0..=20.
    pub halves: u8,
    pub bruiser: bool,
    pub scores_on_goalies: bool,
}

/// A validated setup: shared by every state of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub names: Vec<String>,
    pub cards: Vec<Card>,
    pub players: usize,
    pub wins_to_playoffs: u32,
    pub league_schedule: bool,
    pub limits: Option<Limits>,
    pub season_turn_limit: u32,
    pub overtime_limit: u32,
    pub first_seat: Seat,
    pub teams: Option<Vec<Vec<CardId>>>,
}

impl Rules {
    /// Reads and checks a setup file; `players` overrides the file's count.
    pub fn load(path: &Path, players: Option<usize>) -> Result<Rules, Problems> {
        <super::Slapshot as crate::cards::TableGame>::load_setup(path, players).map(|s| s.rules)
    }

    /// Checks a parsed setup's own rules (who sits and how many are checked
    /// for every game alike, by `TableGame::load_setup`); every problem names
    /// the file, line and column.
    pub(crate) fn from_setup(
        setup: &SlapshotSetup,
        file: &Path,
        text: &str,
    ) -> Result<Rules, Problems> {
        let mut problems: Vec<DataError> = Vec::new();
        check_settings(setup, file, text, &mut problems);
        let (names, cards) = read_roster(setup, file, text, &mut problems);
        check_roster_positions(&cards, file, text, &mut problems);
        let teams = read_teams(setup, &names, &cards, file, text, &mut problems);
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        Ok(Rules {
            names,
            cards,
            players: setup.players,
            wins_to_playoffs: setup.wins_to_playoffs,
            league_schedule: setup.league_schedule,
            limits: setup.limits,
            season_turn_limit: setup.season_turn_limit,
            overtime_limit: setup.overtime_limit,
            first_seat: setup.first_seat,
            teams,
        })
    }

    pub fn card(&self, id: CardId) -> Card {
        self.cards[id as usize]
    }

    pub fn id(&self, name: &str) -> Option<CardId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| i as CardId)
    }

    /// "Tiny Tim (D ½)".
    pub fn label(&self, id: CardId) -> String {
        let c = self.card(id);
        let v = if c.halves == 1 {
            "½".to_string()
        } else if c.halves % 2 == 1 {
            format!("{}½", c.halves / 2)
        } else {
            format!("{}", c.halves / 2)
        };
        let b = if c.bruiser { " +" } else { "" };
        format!(
            "{} ({} {v}{b})",
            self.names[id as usize],
            c.position.letter()
        )
    }
}

/// The first seat, the wins to the playoffs and the season's turn limit.
fn check_settings(setup: &SlapshotSetup, file: &Path, text: &str, problems: &mut Vec<DataError>) {
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    if setup.first_seat >= setup.players.max(1) {
        problems.push(at(
            "first_seat",
            format!(
                "first_seat {} is not a seat of {} managers",
                setup.first_seat, setup.players
            ),
        ));
    }
    if !(1..=50).contains(&setup.wins_to_playoffs) {
        problems.push(at(
            "wins_to_playoffs",
            "wins_to_playoffs must be 1 to 50".into(),
        ));
    }
    if setup.season_turn_limit == 0 {
        problems.push(at(
            "season_turn_limit",
            "season_turn_limit must be at least 1".into(),
        ));
    }
}

/// The roster's names and cards, in order; each value in halves from 0 to
/// 10, each name once.
fn read_roster(
    setup: &SlapshotSetup,
    file: &Path,
    text: &str,
    problems: &mut Vec<DataError>,
) -> (Vec<String>, Vec<Card>) {
    let mut names = Vec::new();
    let mut cards = Vec::new();
    for c in &setup.roster {
        let here = |msg: String| DataError::at_nth(file, text, &format!("\"{}\"", c.name), 0, msg);
        let halves = c.value * 2.0;
        if !(0.0..=20.0).contains(&halves) || halves.fract() != 0.0 {
            problems.push(here(format!(
                "{}: value {} must be 0 to 10 in halves",
                c.name, c.value
            )));
        }
        if names.contains(&c.name) {
            problems.push(DataError::at_nth(
                file,
                text,
                &format!("\"{}\"", c.name),
                1,
                format!("{} is in the roster twice", c.name),
            ));
        }
        names.push(c.name.clone());
        cards.push(Card {
            position: c.position,
            halves: halves.clamp(0.0, 20.0) as u8,
            bruiser: c.bruiser,
            scores_on_goalies: c.scores_on_goalies,
        });
    }
    (names, cards)
}

/// The roster holds the box's forwards, defensemen and goalies.
fn check_roster_positions(cards: &[Card], file: &Path, text: &str, problems: &mut Vec<DataError>) {
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    for p in Position::ALL {
        let n = cards.iter().filter(|c| c.position == p).count();
        if n != p.in_box() {
            problems.push(at(
                "roster",
                format!(
                    "the roster has {n} {}; the deck is {} forwards, {} defensemen and {} goalies (54 cards)",
                    p.plural(),
                    Position::Forward.in_box(),
                    Position::Defenseman.in_box(),
                    Position::Goalie.in_box()
                ),
            ));
        }
    }
}

/// The fixed teams, if any, as card ids: one per manager, every name a
/// roster card in one team only, each team 3 forwards, 2 defensemen and 1 goalie.
fn read_teams(
    setup: &SlapshotSetup,
    names: &[String],
    cards: &[Card],
    file: &Path,
    text: &str,
    problems: &mut Vec<DataError>,
) -> Option<Vec<Vec<CardId>>> {
    let fixed = setup.teams.as_ref()?;
    let at = |key: &str, msg: String| crate::cards::at_key(file, text, key, msg);
    let section = text
        .find("teams:")
        .or_else(|| text.find("teams"))
        .unwrap_or(0);
    let after = |needle: &str, msg: String| {
        let offset = text[section..].find(needle).map(|o| o + section);
        DataError {
            file: file.to_path_buf(),
            position: offset.map(|o| crate::scenario::line_col(text, o)),
            message: msg,
        }
    };
    if fixed.len() != setup.players {
        problems.push(at(
            "teams",
            format!("{} teams for {} managers", fixed.len(), setup.players),
        ));
    }
    let mut used: Vec<CardId> = Vec::new();
    let mut ids = Vec::new();
    for (seat, team) in fixed.iter().enumerate() {
        let team_ids = team_card_ids(seat, team, names, &mut used, &after, problems);
        check_team_positions(seat, team, &team_ids, cards, &after, problems);
        ids.push(team_ids);
    }
    Some(ids)
}

/// Team `seat`'s cards by id (`used`: the ids in the teams before it);
/// `after` places a problem in the teams section.
fn team_card_ids(
    seat: usize,
    team: &[String],
    names: &[String],
    used: &mut Vec<CardId>,
    after: &impl Fn(&str, String) -> DataError,
    problems: &mut Vec<DataError>,
) -> Vec<CardId> {
    let mut team_ids = Vec::new();
    for name in team {
        match names.iter().position(|n| n == name) {
            Some(id) => {
                if used.contains(&(id as CardId)) {
                    problems.push(after(
                        &format!("\"{name}\""),
                        format!("{name} is in more than one team"),
                    ));
                }
                used.push(id as CardId);
                team_ids.push(id as CardId);
            }
            None => {
                let known: Vec<&str> = names.iter().map(String::as_str).collect();
                let hint = nearest(name, &known)
                    .map(|k| format!("; did you mean `{k}`?"))
                    .unwrap_or_default();
                problems.push(after(
                    &format!("\"{name}\""),
                    format!("unknown card `{name}` in team {}{hint}", seat + 1),
                ));
            }
        }
    }
    team_ids
}

/// Team `seat` (all its names known) is 3 forwards, 2 defensemen and 1 goalie.
fn check_team_positions(
    seat: usize,
    team: &[String],
    team_ids: &[CardId],
    cards: &[Card],
    after: &impl Fn(&str, String) -> DataError,
    problems: &mut Vec<DataError>,
) {
    let count = |p: Position| {
        team_ids
            .iter()
            .filter(|&&id| cards[id as usize].position == p)
            .count()
    };
    if team.len() == team_ids.len() && Position::ALL.iter().any(|&p| count(p) != p.per_team()) {
        let anchor = team
            .first()
            .map(|n| format!("\"{n}\""))
            .unwrap_or("[".into());
        problems.push(after(
            &anchor,
            format!(
                "team {} has {} forwards, {} defensemen and {} goalies; a team is 3 forwards, 2 defensemen and 1 goalie",
                seat + 1,
                count(Position::Forward),
                count(Position::Defenseman),
                count(Position::Goalie)
            ),
        ));
    }
}
