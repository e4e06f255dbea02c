//! How far the card tables' expert searches, game by game, from
//! `assets/cards/expert_search.ron`: the playouts of a decision, the fewest
//! worlds it deals, the level that plays the playouts out and how sure it
//! must be to overrule the hard bot. Checked as a whole, every problem named
//! with file:line:col; a file with problems leaves the expert searching as
//! the copy built into the program does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::Deserialize;

use crate::bot_level::{Keys, Level, check_keyed_file};
use crate::scenario::{Problems, parse_ron, read_text};

/// The card games' keys (`TableGame::KEY`), every one of which the file
/// must hold (the suite checks them against the registry's games).
pub const GAMES: [&str; 4] = ["slapshot", "tabletown", "slap45", "gunfighter"];

/// The shipped budgets, built into the program: the expert never fails to
/// construct.
const BUILTIN_TEXT: &str = include_str!("../../assets/cards/expert_search.ron");

/// The name the built-in copy's problems are reported under.
const BUILTIN_NAME: &str = "assets/cards/expert_search.ron";

/// The most playouts a decision may ask for.
const MAX_PLAYOUTS: f64 = 1_000_000.0;

/// One game's search budget.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Playouts a decision spends in all, shared among its candidates.
    pub playouts: usize,
    /// Worlds dealt at the least, however many candidates there are.
    pub min_worlds: usize,
    /// The level whose bots play each world out.
    pub rollout: Level,
    /// Standard errors of the paired difference the search needs to
    /// overrule the hard bot's choice.
    pub z: f64,
}

/// The expert's budgets, one per card game (`assets/cards/expert_search.ron`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Budgets {
    pub games: BTreeMap<String, Budget>,
}

/// A budget read loosely: every count as a number, so that a zero, negative
/// or fractional count is one more problem in the list rather than the end
/// of the read (fields this check does not know are left to the strict read).
#[derive(Debug, Deserialize)]
struct LooseBudget {
    playouts: f64,
    min_worlds: f64,
    rollout: Level,
    z: f64,
}

#[derive(Debug, Deserialize)]
struct LooseBudgets {
    games: BTreeMap<String, LooseBudget>,
}

/// Each figure out of its range, as (field, message).
fn problems_of(b: &LooseBudget) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut count = |field: &str, v: f64, hi: f64| {
        if !(v.is_finite() && (1.0..=hi).contains(&v) && v.fract() == 0.0) {
            out.push((
                field.to_string(),
                format!("{field} is {v}, it must be a whole number between 1 and {hi}"),
            ));
        }
    };
    count("playouts", b.playouts, MAX_PLAYOUTS);
    let most = if b.playouts.is_finite() && b.playouts >= 1.0 {
        b.playouts.min(MAX_PLAYOUTS)
    } else {
        MAX_PLAYOUTS
    };
    count("min_worlds", b.min_worlds, most);
    if !(b.z.is_finite() && (0.0..=10.0).contains(&b.z)) {
        out.push((
            "z".into(),
            format!("z is {}, it must be between 0 and 10", b.z),
        ));
    }
    if b.rollout == Level::Expert {
        out.push((
            "rollout".into(),
            "rollout is Expert: a playout by experts would search inside the search \
             (Random, Easy, Normal or Hard)"
                .into(),
        ));
    }
    out
}

/// The file shipped with the game.
pub fn default_path() -> PathBuf {
    crate::scenario::data_root().join("assets/cards/expert_search.ron")
}

impl Budgets {
    /// Reads and checks a budgets file; every problem with file:line:col.
    pub fn load(path: &Path) -> Result<Budgets, Problems> {
        let text = read_text(path).map_err(|e| Problems(vec![e]))?;
        Budgets::parse(path, &text)
    }

    /// Reads and checks budgets text (`path` names it in the problems):
    /// first loosely, every game's figures checked and every problem listed
    /// (a missing or unknown game, a zero, negative or fractional count,
    /// NaN, an expert playing the playouts out); then strictly (what the
    /// loose read could not read, and unknown fields, at the first problem).
    pub fn parse(path: &Path, text: &str) -> Result<Budgets, Problems> {
        if let Ok(loose) = parse_ron::<LooseBudgets>(path, text) {
            check(path, text, &loose.games, problems_of)?;
        }
        Ok(parse_ron(path, text)?)
    }

    /// The copy built into the program (the shipped file as it was built).
    pub fn builtin() -> &'static Budgets {
        static BUILTIN: OnceLock<Budgets> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            Budgets::parse(Path::new(BUILTIN_NAME), BUILTIN_TEXT)
                .expect("the built-in expert_search.ron is checked by the tests")
        })
    }

    /// The budgets the expert searches with: the shipped file as it is on
    /// disk, read once; where it cannot be read or has problems, they are
    /// printed once and the built-in copy is used.
    pub fn shipped() -> &'static Budgets {
        static SHIPPED: OnceLock<Budgets> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            let (budgets, problems) = Budgets::read_or_builtin(&default_path());
            if let Some(e) = problems {
                eprintln!("{e}\nthe card expert searches as built in");
            }
            budgets
        })
    }

    /// The budgets of the file at `path`; where it cannot be read or has
    /// problems, the built-in copy and the problems.
    pub fn read_or_builtin(path: &Path) -> (Budgets, Option<Problems>) {
        match Budgets::load(path) {
            Ok(b) => (b, None),
            Err(e) => (Budgets::builtin().clone(), Some(e)),
        }
    }

    /// `game`'s budget (a checked file holds every game).
    pub fn get(&self, game: &str) -> &Budget {
        self.games
            .get(game)
            .or_else(|| Budgets::builtin().games.get(game))
            .unwrap_or_else(|| panic!("no expert budget for the card game {game}"))
    }
}

/// Every card game present, no other, each entry's own problems.
fn check<S>(
    path: &Path,
    text: &str,
    games: &BTreeMap<String, S>,
    problems_of: impl Fn(&S) -> Vec<(String, String)>,
) -> Result<(), Problems> {
    let list = GAMES.join(", ");
    check_keyed_file(
        path,
        text,
        games,
        Keys {
            names: &GAMES,
            map: "games",
            missing: &|name| format!("the game \"{name}\" is missing ({list} are needed)"),
            unknown: &|name| format!("unknown game \"{name}\": the card games are {list}"),
        },
        problems_of,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_text(text: &str) -> Result<Budgets, Problems> {
        Budgets::parse(Path::new("search.ron"), text)
    }

    #[test]
    fn the_shipped_file_is_the_built_in_one_and_names_every_game() {
        let shipped = Budgets::load(&default_path()).expect("the shipped file");
        assert_eq!(&shipped, Budgets::builtin());
        for game in GAMES {
            assert!(shipped.games.contains_key(game), "{game}");
        }
        assert_eq!(shipped.get("slapshot").rollout, Level::Easy);
        assert_eq!(shipped.get("slap45").playouts, 512);
    }

    /// Every problem of a broken file at once, each at its place.
    #[test]
    fn every_problem_of_a_budget_file_is_listed_at_its_place() {
        let text = "(games: {\n\
            \"slapshot\": (playouts: 0, min_worlds: 16, rollout: Easy, z: 1.5),\n\
            \"tabletown\": (playouts: 1024, min_worlds: -3, rollout: Hard, z: 1.5),\n\
            \"slap45\": (playouts: 512.5, min_worlds: 16, rollout: Expert, z: NaN),\n\
            \"gunfightr\": (playouts: 1024, min_worlds: 16, rollout: Hard, z: 1.5),\n\
            })";
        let e = check_text(text).unwrap_err().to_string();
        for want in [
            "search.ron:2:14: slapshot: playouts is 0",
            "search.ron:3:31: tabletown: min_worlds is -3",
            "search.ron:4:12: slap45: playouts is 512.5",
            "search.ron:4:45: slap45: rollout is Expert",
            "search.ron:4:62: slap45: z is NaN",
            "search.ron:5:1: unknown game \"gunfightr\"",
            "search.ron:1:2: the game \"gunfighter\" is missing",
        ] {
            assert!(e.contains(want), "wanted `{want}` in:\n{e}");
        }
        assert_eq!(e.lines().count(), 7, "{e}");
    }

    /// A broken file is named, and the expert searches as built in.
    #[test]
    fn a_broken_file_leaves_the_built_in_budgets() {
        let broken = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/broken_search/expert_search.ron");
        let (budgets, problems) = Budgets::read_or_builtin(&broken);
        assert_eq!(&budgets, Budgets::builtin());
        let e = problems.expect("the broken file's problems").to_string();
        assert!(
            e.contains("expert_search.ron:4:22: slapshot: playouts is 0"),
            "{e}"
        );
        let (_, none) = Budgets::read_or_builtin(&default_path());
        assert!(none.is_none(), "the shipped file has no problems");
    }

    #[test]
    fn more_worlds_than_playouts_and_an_unknown_field_are_refused() {
        let good = "(playouts: 64, min_worlds: 16, rollout: Hard, z: 1.5)";
        let file = |slap45: &str| {
            format!(
                "(games: {{\"slapshot\": {good}, \"tabletown\": {good}, \"slap45\": {slap45}, \"gunfighter\": {good}}})"
            )
        };
        assert!(check_text(&file(good)).is_ok());
        let e = check_text(&file(
            "(playouts: 8, min_worlds: 16, rollout: Hard, z: 1.5)",
        ))
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("slap45: min_worlds is 16, it must be a whole number between 1 and 8"),
            "{e}"
        );
        let e = check_text(&file(
            "(playouts: 8, min_worlds: 4, rollout: Hard, z: 1.5, depth: 2)",
        ))
        .unwrap_err()
        .to_string();
        assert!(e.contains("search.ron:1:") && e.contains("depth"), "{e}");
    }
}
