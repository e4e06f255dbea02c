//! The record of the player's games: every game they finished at a table
//! against the bots, one line a game in `record.ron` in their data folder
//! ([`crate::files::Folders::record`]), each line one RON value
//! ([`Finished`]): the game, its scenario or setup, who sat where and at
//! what level, the result for the person, the date (UTC), and whether it
//! was a practice game (not counted). The menu shows the wins and losses of
//! each game at each level from it ([`Record::summary`]), and suggests the
//! next level once one has been beaten three times running
//! ([`Record::suggestion`]).
//!
//! A game is added by writing the whole file again, the old bytes and the
//! new line, whole or not at all ([`crate::files::write_whole`]): nothing is
//! lost if the program stops midway. A record with a line that does not read
//! is moved aside (`record-broken-N.ron`, the first free N), the problem
//! named at its file:line:col, and a new record is started; nothing is ever
//! added to a file that does not read. Only the player's own games are kept:
//! the window keeps a record only where [`RecordFile`] names one, never in a
//! scripted run, a test or an offscreen app.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::bot_level::Level;
use crate::scenario::{DataError, line_col, parse_ron};

/// The first line of a new record.
pub const HEADER: &str =
    "// highnoon: the record of your games, one finished game a line, the newest last.\n";

/// The game's name in the record for Flick 'em Up! (a card game's is its
/// key: `slapshot`, `tabletown`, `slap45`, `gunfighter`).
pub const FLICK: &str = "flick";

/// Who sat in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// The person at the computer.
    Person,
    /// A computer opponent.
    Bot,
}

/// One seat of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatEntry {
    pub who: Who,
    /// A bot's level (none for the person).
    pub level: Option<Level>,
}

/// How a game ended for the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    Won,
    Lost,
    Drawn,
}

/// One finished game: a line of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// `flick`, or the card game's key (`tabletown`).
    pub game: String,
    /// The scenario's or the setup's file name (`bank_robbery.ron`).
    pub setup: String,
    /// Every seat in order (Flick 'em Up!: the lawmen, then the outlaws).
    pub seats: Vec<SeatEntry>,
    pub result: Verdict,
    /// When it ended, UTC, ISO 8601 (`2026-11-28T17:05:00Z`).
    pub date: String,
    /// A practice game: kept, but not counted in the wins and losses.
    #[serde(default)]
    pub practice: bool,
    /// The opponents' level: the hardest bot at the table (none without bots).
    pub level: Option<Level>,
}

impl Finished {
    /// The record's line for a game that ended now, with these seats (a
    /// bot's level, `None` for the person) and these winners (seat numbers;
    /// none: a draw). `None` unless exactly one person sat at the table: a
    /// game among bots, or between people at one computer, is nobody's record.
    pub fn new(
        game: &str,
        setup: &str,
        seats: &[Option<Level>],
        winners: &[usize],
        practice: bool,
    ) -> Option<Finished> {
        let mut people = (0..seats.len()).filter(|&s| seats[s].is_none());
        let you = people.next()?;
        if people.next().is_some() {
            return None;
        }
        let result = if winners.is_empty() {
            Verdict::Drawn
        } else if winners.contains(&you) {
            Verdict::Won
        } else {
            Verdict::Lost
        };
        Some(Finished {
            game: game.to_string(),
            setup: setup.to_string(),
            seats: seats
                .iter()
                .map(|&level| SeatEntry {
                    who: if level.is_some() {
                        Who::Bot
                    } else {
                        Who::Person
                    },
                    level,
                })
                .collect(),
            result,
            date: now_utc(),
            practice,
            level: seats.iter().flatten().copied().max(),
        })
    }

    /// The game as one line of RON (no line break in it).
    pub fn to_line(&self) -> Result<String, String> {
        let config = ron::ser::PrettyConfig::new()
            .new_line("")
            .indentor("")
            .compact_structs(true)
            .compact_arrays(true);
        let line = ron::ser::to_string_pretty(self, config).map_err(|e| e.to_string())?;
        if line.contains(['\n', '\r']) {
            return Err(format!("a game written over more than one line: {line}"));
        }
        Ok(line)
    }
}

/// What the menu counts of a game at a level: counted games won, lost and
/// drawn, and practice games (not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    pub practice: u32,
}

/// The record as read: every finished game, in the file's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub games: Vec<Finished>,
}

impl Record {
    /// Reads a record's bytes: one game a line; blank lines and `//`
    /// comments are passed over. The first line that does not read is the
    /// error, at its line:col in the file.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Record, DataError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let before = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            DataError {
                file: path.to_path_buf(),
                position: Some(line_col(before, before.len())),
                message: "not text (UTF-8)".to_string(),
            }
        })?;
        let mut games = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let code = line.trim();
            if code.is_empty() || code.starts_with("//") {
                continue;
            }
            let game: Finished = parse_ron(path, line).map_err(|mut e| {
                // Read alone, the line is line 1: its place in the file.
                e.position = Some((i + 1, e.position.map_or(1, |(_, col)| col)));
                e
            })?;
            games.push(game);
        }
        Ok(Record { games })
    }

    /// Reads the record at `path` (none yet: an empty one). One that does
    /// not read is moved aside as `record-broken-N.ron` and a new, empty
    /// record is started; the problem says where the file went and names
    /// the place in it (file:line:col). Never fails: the game goes on.
    pub fn load(path: &Path) -> (Record, Option<String>) {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Record::default(), None),
            Err(e) => {
                return (
                    Record::default(),
                    Some(format!(
                        "The record of your games cannot be read: {}: {e}",
                        path.display()
                    )),
                );
            }
        };
        match Record::parse(path, &bytes) {
            Ok(record) => (record, None),
            Err(problem) => {
                let kept = match set_aside(path) {
                    Ok(aside) => format!(
                        "It is kept as {}; a new record is started.",
                        aside.display()
                    ),
                    Err(e) => format!(
                        "It could not be moved aside either ({e}); no game is added to it until it reads."
                    ),
                };
                (
                    Record::default(),
                    Some(format!(
                        "The record of your games has a line that does not read: {problem}\n{kept}"
                    )),
                )
            }
        }
    }

    /// Adds a game at the end of the record at `path`: the file's bytes as
    /// they are on the disk and the new line, written whole or not at all;
    /// a new file starts with [`HEADER`]. Refused (nothing written) for a
    /// file that does not read, or one of the game's own data.
    pub fn append(&mut self, path: &Path, finished: &Finished) -> Result<(), String> {
        if in_shipped_data(path) {
            return Err(format!(
                "{}: the game's own data is only read; nothing was written",
                path.display()
            ));
        }
        let line = finished.to_line()?;
        let mut bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(format!("{}: {e}; nothing was written", path.display())),
        };
        // A game added to a file that does not read would go with it.
        Record::parse(path, &bytes).map_err(|e| format!("{e}; nothing was written"))?;
        if bytes.is_empty() {
            bytes.extend_from_slice(HEADER.as_bytes());
        } else if !bytes.ends_with(b"\n") {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        crate::files::write_whole(path, &bytes)?;
        self.games.push(finished.clone());
        Ok(())
    }

    /// Each game at each level (the opponents' level): counted games won,
    /// lost and drawn; practice games only as practice.
    pub fn tally(&self) -> BTreeMap<(String, Option<Level>), Tally> {
        let mut out: BTreeMap<(String, Option<Level>), Tally> = BTreeMap::new();
        for g in &self.games {
            let t = out.entry((g.game.clone(), g.level)).or_default();
            if g.practice {
                t.practice += 1;
                continue;
            }
            match g.result {
                Verdict::Won => t.won += 1,
                Verdict::Lost => t.lost += 1,
                Verdict::Drawn => t.drawn += 1,
            }
        }
        out
    }

    /// Whether the last three counted games of `game` against `level` were
    /// all won.
    pub fn won_running(&self, game: &str, level: Level) -> bool {
        let last: Vec<Verdict> = self
            .counted(game)
            .rev()
            .filter(|g| g.level == Some(level))
            .take(3)
            .map(|g| g.result)
            .collect();
        last.len() == 3 && last.iter().all(|r| *r == Verdict::Won)
    }

    /// The level beaten three times running in `game` and the next one up
    /// to try: the highest level so beaten, while there is one above it and
    /// no counted game has been played above it since. `None` otherwise (the
    /// hardest level beaten: nothing harder to suggest).
    pub fn suggestion(&self, game: &str) -> Option<(Level, Level)> {
        let beaten = Level::ALL
            .into_iter()
            .rev()
            .find(|&l| self.won_running(game, l))?;
        let next = next_level(beaten)?;
        let games: Vec<&Finished> = self.counted(game).collect();
        let last_at = games.iter().rposition(|g| g.level == Some(beaten))?;
        let moved_on = games[last_at + 1..]
            .iter()
            .any(|g| g.level.is_some_and(|l| l > beaten));
        (!moved_on).then_some((beaten, next))
    }

    /// What the menu says under a game: its wins and losses at each level
    /// (`Your games: Easy 3–1, Normal 0–2, Hard —`), counted games only;
    /// draws and practice games said apart.
    pub fn summary(&self, game: &str) -> String {
        let tally: BTreeMap<Option<Level>, Tally> = self
            .tally()
            .into_iter()
            .filter(|((g, _), _)| g == game)
            .map(|((_, level), t)| (level, t))
            .collect();
        let mut levels: Vec<Option<Level>> = Vec::new();
        if tally.contains_key(&Some(Level::Random)) {
            levels.push(Some(Level::Random));
        }
        levels.extend([Level::Easy, Level::Normal, Level::Hard].map(Some));
        if tally.contains_key(&Some(Level::Expert)) {
            levels.push(Some(Level::Expert));
        }
        if tally.contains_key(&None) {
            levels.push(None);
        }
        let parts: Vec<String> = levels
            .into_iter()
            .map(|level| {
                let name = level.map_or("no bots", title);
                let t = tally.get(&level).copied().unwrap_or_default();
                match (t.won + t.lost, t.drawn) {
                    (0, 0) => format!("{name} —"),
                    (_, 0) => format!("{name} {}–{}", t.won, t.lost),
                    (_, d) => format!("{name} {}–{} ({d} drawn)", t.won, t.lost),
                }
            })
            .collect();
        let mut line = format!("Your games: {}", parts.join(", "));
        match tally.values().map(|t| t.practice).sum::<u32>() {
            0 => {}
            1 => line.push_str("; 1 practice game, not counted"),
            n => line.push_str(&format!("; {n} practice games, not counted")),
        }
        line
    }

    /// The next level to try, or the hardest beaten, in words; `None` when
    /// there is nothing to say.
    pub fn advice(&self, game: &str) -> Option<String> {
        if let Some((beaten, next)) = self.suggestion(game) {
            return Some(format!(
                "You have beaten {} three times running: try {}.",
                title(beaten),
                title(next)
            ));
        }
        let top = Level::ALL[Level::ALL.len() - 1];
        self.won_running(game, top).then(|| {
            format!(
                "You have beaten {} three times running: there is no harder bot.",
                title(top)
            )
        })
    }

    /// The counted (not practice) games of `game`, oldest first.
    fn counted<'a>(&'a self, game: &'a str) -> impl DoubleEndedIterator<Item = &'a Finished> {
        self.games
            .iter()
            .filter(move |g| g.game == game && !g.practice)
    }
}

/// The level above `level`, if any.
pub fn next_level(level: Level) -> Option<Level> {
    let i = Level::ALL.iter().position(|l| *l == level)?;
    Level::ALL.get(i + 1).copied()
}

/// A level as the menu names it: `Hard`.
pub fn title(level: Level) -> &'static str {
    level.title()
}

/// Moves a record that does not read aside: `record-broken-N.ron` beside it.
fn set_aside(path: &Path) -> Result<PathBuf, String> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("record");
    crate::files::set_aside(path, &format!("{stem}-broken"), "ron")
}

/// Whether `path` is among the game's own data files (`assets/`,
/// `scenarios/` of the data root), which are only ever read.
fn in_shipped_data(path: &Path) -> bool {
    let mut real = crate::shipped::real_path(path);
    // A file not there yet: its folder's real place.
    if !real.exists()
        && let (Some(dir), Some(name)) = (path.parent(), path.file_name())
    {
        real = crate::shipped::real_path(dir).join(name);
    }
    let root = crate::shipped::real_root();
    real.starts_with(root.join("assets")) || real.starts_with(root.join("scenarios"))
}

/// Where this program keeps the record: the player's record file in the
/// real window, nowhere (`None`) in scripted runs, tests and offscreen
/// apps, which must never touch the player's files.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct RecordFile(pub Option<PathBuf>);

impl RecordFile {
    /// The player's record file ([`record_path`]), unless the run is scripted.
    pub fn of_run(scripted: bool) -> RecordFile {
        RecordFile((!scripted).then(record_path).flatten())
    }
}

/// Whether the card game being played is a practice game (the menu's
/// choice): recorded, not counted. (A Flick 'em Up! game's practice, with
/// flicks taken back, is its session's own: [`flick_finished`] is told.)
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Practice(pub bool);

/// The player's record file, or `None` on a system with no home folder.
pub fn record_path() -> Option<PathBuf> {
    crate::files::user(crate::files::Folders::record)
}

/// Adds a finished game to the record `file` names (nothing where it names
/// none): a record that does not read is set aside first and a new one
/// started. Never fails the game: a problem is logged as a warning and
/// returned.
pub fn record_finished(file: &RecordFile, finished: &Finished) -> Option<String> {
    let path = file.0.as_deref()?;
    let (mut record, problem) = Record::load(path);
    if let Some(p) = &problem {
        bevy::log::warn!("{p}");
    }
    match record.append(path, finished) {
        Ok(()) => {
            bevy::log::info!(
                "{} {} ({}) kept in {}",
                finished.game,
                match finished.result {
                    Verdict::Won => "won",
                    Verdict::Lost => "lost",
                    Verdict::Drawn => "drawn",
                },
                finished.setup,
                path.display()
            );
            problem
        }
        Err(e) => {
            let message = format!("The game was not added to your record: {e}");
            bevy::log::warn!("{message}");
            Some(message)
        }
    }
}

/// A finished Flick 'em Up! scenario in the record: `seats` are the
/// lawmen's and the outlaws' (a bot's level, `None` for a person), as
/// [`crate::saves::FlickSave`] keeps them. Kept only with exactly one
/// person at the table (not the hot seat, not bots alone) and where `file`
/// names a record; returns the problem met, if any (already logged).
pub fn flick_finished(
    file: &RecordFile,
    scenario: &Path,
    seats: [Option<Level>; 2],
    outcome: &crate::flick::rules::Outcome,
    practice: bool,
) -> Option<String> {
    use crate::flick::rules::Outcome;
    use crate::scenario::kinds::Team;
    let winners: &[usize] = match outcome {
        Outcome::Winner(Team::Lawmen) => &[0],
        Outcome::Winner(Team::Outlaws) => &[1],
        Outcome::Winner(Team::Neutral) | Outcome::Draw => &[],
    };
    let finished = Finished::new(FLICK, &file_name(scenario), &seats, winners, practice)?;
    record_finished(file, &finished)
}

/// A file's name as the record keeps a setup: `bank_robbery.ron`.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Now, UTC, ISO 8601 (`2026-11-28T17:05:00Z`).
pub fn now_utc() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_date(secs)
}

/// Seconds since 1970-01-01T00:00:00Z as an ISO 8601 date and time, UTC.
pub fn utc_date(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

/// Days since 1970-01-01 as (year, month, day) of the Gregorian calendar
/// (Howard Hinnant's `civil_from_days`: eras of 400 years, years that start
/// on the 1st of March so that the leap day is the last).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of the era, 0..=146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..=399
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // 0..=365, from the 1st of March
    let mp = (5 * doy + 2) / 153; // 0..=11, March first
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests;
