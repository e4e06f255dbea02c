//! The Flick bot's levels, from `assets/flick_bots.ron`: each level's search
//! budget and the noise of its hand. Checked as a whole, every problem named
//! with file:line:col.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::bot_level::Level;
use crate::scenario::Problems;

/// One level's search and hand.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelSpec {
    /// Candidate flicks per search round.
    pub samples: usize,
    /// Search rounds per flick (each refits to the best of the last).
    pub iterations: usize,
    /// Fraction of a round's candidates the next round is fitted to.
    pub elite: f32,
    /// Standard deviation of the hand's angle error, degrees.
    pub angle_noise_deg: f32,
    /// Standard deviation of the hand's relative strength error.
    pub strength_noise: f32,
    /// Standard deviation of the hand's spin-offset error (fraction of the radius).
    pub spin_noise: f32,
    /// The search's candidates are simulated the cheaper way
    /// ([`crate::physics::Quick`]); absent: the game's own simulation.
    #[serde(default)]
    pub lookahead: Option<crate::physics::Quick>,
    /// Whether the level weighs the other side's likely reply: the most
    /// the cowboy who may play its next turn could do by moving first and
    /// then shooting ([`crate::ai::reply`]). Absent: false.
    #[serde(default)]
    pub replies: bool,
    /// Whether the level chooses the cowboy to play by search: each one
    /// it may play is weighed by the best first action open to him (the
    /// screening its choice of action makes), not by a rule of thumb (his
    /// shot now, the danger he is in, what he carries). Absent: false.
    #[serde(default)]
    pub turn_search: bool,
}

impl LevelSpec {
    /// Simulated flicks of the search for one flick (the finalists' replays
    /// and the choice of action come on top: about twice as many in all,
    /// `flick bench-bot` counts them).
    pub fn budget(&self) -> usize {
        self.samples * self.iterations
    }
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotLevels {
    pub levels: BTreeMap<String, LevelSpec>,
}

/// The levels file shipped with the game.
pub fn default_levels_path() -> PathBuf {
    crate::scenario::data_root().join("assets/flick_bots.ron")
}

/// A level read loosely: every figure as a number, so that a negative or
/// fractional count is one more problem in the list rather than the end of
/// the read (fields this check does not know are left to the strict read).
#[derive(Debug, Deserialize)]
struct LooseSpec {
    samples: f64,
    iterations: f64,
    elite: f64,
    angle_noise_deg: f64,
    strength_noise: f64,
    spin_noise: f64,
}

#[derive(Debug, Deserialize)]
struct LooseLevels {
    levels: BTreeMap<String, LooseSpec>,
}

/// Each figure out of its range, as (field, message); a count must be a
/// whole number too.
fn problems_of(l: &LooseSpec) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut range = |field: &str, v: f64, lo: f64, hi: f64, whole: bool| {
        if !(v.is_finite() && v >= lo && v <= hi) || (whole && v.fract() != 0.0) {
            let what = if whole { "a whole number " } else { "" };
            out.push((
                field.to_string(),
                format!("{field} is {v}, it must be {what}between {lo} and {hi}"),
            ));
        }
    };
    range("samples", l.samples, 1.0, 4096.0, true);
    range("iterations", l.iterations, 1.0, 16.0, true);
    range("elite", l.elite, 0.01, 1.0, false);
    range("angle_noise_deg", l.angle_noise_deg, 0.0, 45.0, false);
    range("strength_noise", l.strength_noise, 0.0, 1.0, false);
    range("spin_noise", l.spin_noise, 0.0, 1.0, false);
    out
}

impl BotLevels {
    pub fn load(path: &Path) -> Result<Self, Problems> {
        let text = crate::scenario::read_text(path).map_err(|e| Problems(vec![e]))?;
        Self::parse(path, &text)
    }

    pub fn load_default() -> Result<Self, Problems> {
        Self::load(&default_levels_path())
    }

    /// Reads and checks levels text (`path` names it in the problems):
    /// first loosely, every level's figures checked and every problem
    /// listed (an unknown or missing level, a zero or negative count, NaN);
    /// then strictly, into the levels.
    pub fn parse(path: &Path, text: &str) -> Result<Self, Problems> {
        if let Ok(loose) = crate::scenario::parse_ron::<LooseLevels>(path, text) {
            crate::bot_level::check_level_file(path, text, &loose.levels, problems_of)?;
        }
        let levels: Self = crate::scenario::parse_ron(path, text)?;
        levels.validate(path, text)?;
        Ok(levels)
    }

    /// A level's settings; `None` for the random player (it does not search).
    pub fn get(&self, level: Level) -> Option<&LevelSpec> {
        match level {
            Level::Random => None,
            other => self.levels.get(&other.to_string()),
        }
    }

    /// The lookahead's own checks (the rest was checked loosely).
    fn validate(&self, path: &Path, text: &str) -> Result<(), Problems> {
        crate::bot_level::check_level_file(path, text, &self.levels, |l| {
            let mut out = Vec::new();
            if let Some(q) = &l.lookahead {
                // Named at `lookahead:` (its fields share names with the level's).
                for (_, message) in q.problems() {
                    out.push(("lookahead".to_string(), message));
                }
            }
            out
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Result<BotLevels, Problems> {
        BotLevels::parse(Path::new("bots.ron"), text)
    }

    #[test]
    fn every_problem_of_a_level_file_is_listed_at_its_place() {
        let level = |n: &str| {
            format!(
                "(samples: {n}, iterations: 2, elite: 0.2, angle_noise_deg: 3.0, strength_noise: 0.1, spin_noise: 0.1)"
            )
        };
        let text = format!(
            "(levels: {{\n  \"easy\": {},\n  \"normal\": {},\n  \"hard\": (samples: 8, iterations: 2, elite: 0.2, angle_noise_deg: NaN, strength_noise: 0.1, spin_noise: 0.1),\n  \"expret\": {},\n}})",
            level("0"),
            level("-3"),
            level("8"),
        );
        let e = check(&text).unwrap_err().to_string();
        for want in [
            "bots.ron:2:",
            "easy: samples is 0",
            "bots.ron:3:",
            "normal: samples is -3",
            "bots.ron:4:",
            "hard: angle_noise_deg is NaN",
            "bots.ron:5:",
            "unknown level \"expret\"",
            "\"expert\" is missing",
        ] {
            assert!(e.contains(want), "{want} not in: {e}");
        }
        // A fractional count too.
        let e = check(&text.replace("samples: 0", "samples: 2.5"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("easy: samples is 2.5, it must be a whole number"),
            "{e}"
        );
    }

    #[test]
    fn the_shipped_levels_load_and_grow_in_budget_and_steadiness() {
        let l = BotLevels::load_default().unwrap();
        let ladder = [Level::Easy, Level::Normal, Level::Hard, Level::Expert]
            .map(|level| l.get(level).unwrap());
        let h = ladder[2];
        assert!(
            h.budget() >= 512,
            "hard tries at least 512 flicks per flick in its own search"
        );
        assert!(h.lookahead.is_some(), "hard searches the cheaper way");
        for pair in ladder.windows(2) {
            let (below, above) = (pair[0], pair[1]);
            assert!(below.budget() < above.budget());
            assert!(below.angle_noise_deg > above.angle_noise_deg);
            assert!(below.strength_noise > above.strength_noise);
            assert!(below.spin_noise > above.spin_noise);
        }
        assert!(l.get(Level::Random).is_none());
    }

    #[test]
    fn a_bad_level_file_names_the_place() {
        let text = "(levels: {\n  \"easy\": (samples: 8, iterations: 1, elite: 0.2, angle_noise_deg: 99.0, strength_noise: 0.1, spin_noise: 0.1),\n})";
        let e = check(text).unwrap_err().to_string();
        assert!(e.contains("bots.ron:2:"), "{e}");
        assert!(e.contains("angle_noise_deg is 99"), "{e}");
        assert!(e.contains("\"normal\" is missing"), "{e}");
        let typo = "(levels: {\"easy\": (samples: 8, iteration: 1)})";
        let e = check(typo).unwrap_err().to_string();
        assert!(e.contains("bots.ron:1:") && e.contains("iterations"), "{e}");
    }

    #[test]
    fn a_bad_lookahead_is_named_at_its_line() {
        let level = "(samples: 8, iterations: 1, elite: 0.2, angle_noise_deg: 3.0, strength_noise: 0.1, spin_noise: 0.1";
        let text = format!(
            "(levels: {{\n  \"easy\": {level}),\n  \"normal\": {level}),\n  \"hard\": {level},\n    lookahead: Some((dt: 0.2, iterations: 2, still_time: 0.05, settle_after: 1.0))),\n  \"expert\": {level}),\n}})"
        );
        let e = check(&text).unwrap_err().to_string();
        assert!(e.contains("bots.ron:5:"), "{e}");
        assert!(e.contains("hard: lookahead's dt is 0.2"), "{e}");
        let fine = text.replace("dt: 0.2", "dt: 0.0166667");
        let levels = check(&fine).expect("a sound lookahead");
        assert_eq!(
            levels
                .get(Level::Hard)
                .unwrap()
                .lookahead
                .unwrap()
                .iterations,
            2
        );
        assert!(levels.get(Level::Easy).unwrap().lookahead.is_none());
    }
}
