//! Slap .45 bots' reaction times: the levels file
//! (`assets/cards/slap45_bots.ron`, checked with file:line:col problems), an
//! ex-Gaussian draw (a normal body plus an exponential tail) with a Hick–Hyman
//! choice cost per bit, and the table of each level's figures (`cards
//! reactions`). The bots' policy is in [`super::bots`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Exp1, StandardNormal};
use serde::{Deserialize, Serialize};

use crate::bot_level::Level;
use crate::scenario::{Problems, load_ron, parse_ron};

/// The longest reaction a bot draws, ms (the exponential tail is cut here).
pub const MAX_REACTION_MS: f64 = 5000.0;

/// The shipped levels, built into the game: a bot never fails to construct.
pub const BUILTIN_TEXT: &str = include_str!("../../../assets/cards/slap45_bots.ron");

/// The name the built-in copy's problems are reported under.
const BUILTIN_NAME: &str = "assets/cards/slap45_bots.ron";

/// What one level's simple reaction time promises to come to (ms, with the
/// clamp): each a range `(low, high)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Promise {
    pub mean_ms: (f64, f64),
    pub median_ms: (f64, f64),
    pub p90_ms: (f64, f64),
}

/// One level's reactions: an ex-Gaussian reaction time, a Hick–Hyman choice
/// cost, a clamp, and the rates of its mistakes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionSpec {
    /// Mean of the normal body, ms.
    pub mu_ms: f64,
    /// Standard deviation of the normal body, ms.
    pub sigma_ms: f64,
    /// Mean of the exponential tail, ms.
    pub tau_ms: f64,
    /// Added per bit of choice: `choice_ms_per_bit × log2(alternatives)`.
    pub choice_ms_per_bit: f64,
    /// No reaction is faster than this, ms.
    pub min_ms: f64,
    /// Per first-wave decision: the horse slapped on a Move!, or a Gold
    /// slapped while pointing.
    pub wrong_slap_rate: f64,
    /// Per first-wave decision at the hips: a guess into cover.
    pub anticipation_rate: f64,
    /// The window a guess is made in, ms after the wave's start.
    pub anticipation_from_ms: f64,
    pub anticipation_to_ms: f64,
    /// Per shot: the pistol-finger comes late (no point: the shot misses).
    pub hesitation_rate: f64,
    /// What the simple reaction time comes to (checked by the tests).
    pub promise: Promise,
}

impl ReactionSpec {
    /// The mean of the simple reaction before the clamp: mu + tau.
    pub fn mean_ms(&self) -> f64 {
        self.mu_ms + self.tau_ms
    }

    /// The shipped figures, in code: used only if the built-in copy of the
    /// file failed to load (a test keeps the two the same). Random: normal's.
    pub fn fallback(level: Level) -> ReactionSpec {
        let (mu, sigma, tau, bit, wrong, anticipation, hesitation, mean, median, p90) = match level
        {
            Level::Easy => (
                225.0,
                35.0,
                75.0,
                110.0,
                0.07,
                0.05,
                0.10,
                (288.0, 312.0),
                (271.0, 295.0),
                (390.0, 424.0),
            ),
            Level::Hard | Level::Expert => (
                165.0,
                18.0,
                35.0,
                40.0,
                0.01,
                0.02,
                0.02,
                (190.0, 210.0),
                (183.0, 203.0),
                (238.0, 264.0),
            ),
            Level::Normal | Level::Random => (
                195.0,
                25.0,
                50.0,
                70.0,
                0.03,
                0.03,
                0.05,
                (235.0, 255.0),
                (224.0, 244.0),
                (303.0, 333.0),
            ),
        };
        ReactionSpec {
            mu_ms: mu,
            sigma_ms: sigma,
            tau_ms: tau,
            choice_ms_per_bit: bit,
            min_ms: 100.0,
            wrong_slap_rate: wrong,
            anticipation_rate: anticipation,
            anticipation_from_ms: 40.0,
            anticipation_to_ms: 100.0,
            hesitation_rate: hesitation,
            promise: Promise {
                mean_ms: mean,
                median_ms: median,
                p90_ms: p90,
            },
        }
    }

    /// What is wrong with these figures: (the field, the message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut v: Vec<(&'static str, String)> = Vec::new();
        let mut within = |field: &'static str, x: f64, lo: f64, hi: f64, open: bool| {
            let low_ok = if open { x > lo } else { x >= lo };
            if !(x.is_finite() && low_ok && x <= hi) {
                let low = if open {
                    format!("above {lo}")
                } else {
                    format!("at least {lo}")
                };
                v.push((
                    field,
                    format!("{field} is {x}, it must be {low} and at most {hi}"),
                ));
            }
        };
        within("mu_ms", self.mu_ms, 50.0, 2000.0, false);
        within("sigma_ms", self.sigma_ms, 0.0, 500.0, true);
        within("tau_ms", self.tau_ms, 0.0, 2000.0, true);
        within(
            "choice_ms_per_bit",
            self.choice_ms_per_bit,
            0.0,
            500.0,
            false,
        );
        within("min_ms", self.min_ms, 0.0, 1000.0, false);
        within("wrong_slap_rate", self.wrong_slap_rate, 0.0, 1.0, false);
        within("anticipation_rate", self.anticipation_rate, 0.0, 1.0, false);
        within(
            "anticipation_from_ms",
            self.anticipation_from_ms,
            0.0,
            1000.0,
            false,
        );
        within(
            "anticipation_to_ms",
            self.anticipation_to_ms,
            0.0,
            1000.0,
            false,
        );
        within("hesitation_rate", self.hesitation_rate, 0.0, 1.0, false);
        if self.min_ms > self.mu_ms {
            v.push((
                "min_ms",
                format!(
                    "min_ms ({}) is above mu_ms ({}): the clamp would swallow the body of the distribution",
                    self.min_ms, self.mu_ms
                ),
            ));
        }
        if self.anticipation_from_ms >= self.anticipation_to_ms {
            v.push((
                "anticipation_from_ms",
                format!(
                    "the anticipation window ({} to {} ms) must open before it closes",
                    self.anticipation_from_ms, self.anticipation_to_ms
                ),
            ));
        }
        if self.anticipation_to_ms > self.min_ms {
            v.push((
                "anticipation_to_ms",
                format!(
                    "anticipation_to_ms ({}) is after min_ms ({}): a guess comes before any reaction could",
                    self.anticipation_to_ms, self.min_ms
                ),
            ));
        }
        let p = &self.promise;
        for (field, (lo, hi)) in [
            ("mean_ms", p.mean_ms),
            ("median_ms", p.median_ms),
            ("p90_ms", p.p90_ms),
        ] {
            if !(lo.is_finite() && hi.is_finite() && lo >= 0.0 && lo < hi) {
                v.push((
                    field,
                    format!("the promised {field} ({lo}, {hi}) must be two times in ms, the smaller first"),
                ));
            }
        }
        let (lo, hi) = p.mean_ms;
        let mean = self.mean_ms();
        if !(mean >= lo && mean <= hi) {
            v.push((
                "mean_ms",
                format!("mu_ms + tau_ms is {mean} ms, outside the promised mean_ms ({lo}, {hi})"),
            ));
        }
        v
    }
}

/// The bot levels file (`assets/cards/slap45_bots.ron`): easy, normal, hard.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotLevels {
    pub levels: BTreeMap<String, ReactionSpec>,
}

/// The levels file shipped with the game.
pub fn default_levels_path() -> PathBuf {
    crate::scenario::data_root().join("assets/cards/slap45_bots.ron")
}

impl BotLevels {
    /// Reads and checks a levels file; every problem with file:line:col.
    pub fn load(path: &Path) -> Result<BotLevels, Problems> {
        let (levels, text): (BotLevels, String) = load_ron(path)?;
        levels.validate(path, &text)?;
        Ok(levels)
    }

    /// The shipped file, read from disk.
    pub fn load_default() -> Result<BotLevels, Problems> {
        BotLevels::load(&default_levels_path())
    }

    /// Parses and checks levels text (`path` names it in the problems).
    pub fn parse(path: &Path, text: &str) -> Result<BotLevels, Problems> {
        let levels: BotLevels = parse_ron(path, text)?;
        levels.validate(path, text)?;
        Ok(levels)
    }

    /// The copy of the shipped file built into the game (the source of truth
    /// of [`Slap45Bot::new`]); the figures in code should it fail to load.
    pub fn builtin() -> BotLevels {
        static BUILTIN: OnceLock<BotLevels> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                BotLevels::parse(Path::new(BUILTIN_NAME), BUILTIN_TEXT)
                    .unwrap_or_else(|_| BotLevels::fallback())
            })
            .clone()
    }

    /// The shipped file from disk, or the built-in copy when it cannot be read
    /// or has problems.
    pub fn shipped() -> BotLevels {
        BotLevels::load_default().unwrap_or_else(|_| BotLevels::builtin())
    }

    /// The figures in code ([`ReactionSpec::fallback`]).
    pub fn fallback() -> BotLevels {
        BotLevels {
            levels: [Level::Easy, Level::Normal, Level::Hard, Level::Expert]
                .into_iter()
                .map(|l| (l.to_string(), ReactionSpec::fallback(l)))
                .collect(),
        }
    }

    /// A level's figures; `None` for the random player.
    pub fn get(&self, level: Level) -> Option<&ReactionSpec> {
        match level {
            Level::Random => None,
            other => self.levels.get(&other.to_string()),
        }
    }

    /// A level's figures, or the ones in code (random: normal's).
    pub fn spec(&self, level: Level) -> ReactionSpec {
        self.get(level)
            .cloned()
            .unwrap_or_else(|| ReactionSpec::fallback(level))
    }

    /// Checks the levels as a whole; every problem names the file, line and column.
    pub fn validate(&self, path: &Path, text: &str) -> Result<(), Problems> {
        crate::bot_level::check_level_file(path, text, &self.levels, |spec| {
            spec.problems()
                .into_iter()
                .map(|(field, message)| (field.to_string(), message))
                .collect()
        })
    }
}

/// The Hick–Hyman choice cost of choosing among `alternatives` (0 for one), ms.
pub fn hick_ms(spec: &ReactionSpec, alternatives: usize) -> u32 {
    let bits = (alternatives.max(1) as f64).log2();
    (spec.choice_ms_per_bit * bits)
        .clamp(0.0, MAX_REACTION_MS)
        .round() as u32
}

/// One reaction time, ms: mu + sigma·z + tau·e (z standard normal, e standard
/// exponential) + the choice cost of `alternatives`, clamped to
/// `min_ms..=MAX_REACTION_MS`.
pub fn sample_reaction<R: Rng + ?Sized>(
    spec: &ReactionSpec,
    alternatives: usize,
    rng: &mut R,
) -> u32 {
    let z: f64 = StandardNormal.sample(&mut *rng);
    let e: f64 = Exp1.sample(&mut *rng);
    let bits = (alternatives.max(1) as f64).log2();
    let t = spec.mu_ms + spec.sigma_ms * z + spec.tau_ms * e + spec.choice_ms_per_bit * bits;
    t.clamp(spec.min_ms.min(MAX_REACTION_MS), MAX_REACTION_MS)
        .max(0.0)
        .round() as u32
}

/// Mean, median and 90th percentile of `samples` reactions (ms).
pub fn reaction_stats(
    spec: &ReactionSpec,
    alternatives: usize,
    samples: usize,
    seed: u64,
) -> (f64, f64, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut v: Vec<u32> = (0..samples.max(1))
        .map(|_| sample_reaction(spec, alternatives, &mut rng))
        .collect();
    v.sort_unstable();
    let mean = v.iter().map(|&x| x as f64).sum::<f64>() / v.len() as f64;
    let q = |p: f64| f64::from(crate::stats::percentile(&v, p).unwrap_or(0));
    (mean, q(0.5), q(0.9))
}

/// For the docs: per level (hard, normal, easy), the simple reaction and a
/// choice among 4 targets: (label, mean, median, 90th percentile), ms.
pub fn reaction_table(
    levels: &BotLevels,
    samples: usize,
    seed: u64,
) -> Vec<(String, f64, f64, f64)> {
    let mut rows = Vec::new();
    for level in [Level::Hard, Level::Normal, Level::Easy] {
        let Some(spec) = levels.get(level) else {
            continue;
        };
        for alternatives in [1usize, 4] {
            let (mean, median, p90) = reaction_stats(spec, alternatives, samples, seed);
            let label = if alternatives == 1 {
                format!("{level}, simple")
            } else {
                format!("{level}, {alternatives} choices")
            };
            rows.push((label, mean, median, p90));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reaction_times_keep_the_files_promises_and_slow_with_choice() {
        let levels = BotLevels::builtin();
        let mut stats = Vec::new();
        for (i, level) in [Level::Hard, Level::Normal, Level::Easy]
            .into_iter()
            .enumerate()
        {
            let spec = levels.get(level).unwrap();
            let seed = 17 + i as u64;
            let (mean, median, p90) = reaction_stats(spec, 1, 10_000, seed);
            let p = &spec.promise;
            for (what, v, (lo, hi)) in [
                ("mean", mean, p.mean_ms),
                ("median", median, p.median_ms),
                ("p90", p90, p.p90_ms),
            ] {
                assert!(
                    v >= lo && v <= hi,
                    "{level}: {what} {v} ms is outside {lo}..{hi}"
                );
            }
            // The clamp.
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let fastest = (0..10_000)
                .map(|_| sample_reaction(spec, 1, &mut rng))
                .min()
                .unwrap();
            assert!(fastest as f64 >= spec.min_ms, "{level}: {fastest} ms");
            // Hick–Hyman: four targets cost two bits.
            assert!(spec.choice_ms_per_bit > 0.0);
            let (mean4, median4, p904) = reaction_stats(spec, 4, 10_000, seed);
            assert!(
                mean4 > mean + 1.5 * spec.choice_ms_per_bit && median4 > median && p904 > p90,
                "{level}: 4 choices {mean4} ms, simple {mean} ms"
            );
            stats.push((mean, median, p90));
        }
        for w in stats.windows(2) {
            let ((m0, d0, p0), (m1, d1, p1)) = (w[0], w[1]);
            assert!(
                m0 < m1 && d0 < d1 && p0 < p1,
                "hard < normal < easy: {stats:?}"
            );
        }
        let table = reaction_table(&levels, 2000, 1);
        assert_eq!(table.len(), 6);
        assert_eq!(table[0].0, "hard, simple");
        assert_eq!(table[5].0, "easy, 4 choices");
        assert!(
            table
                .iter()
                .all(|(_, mean, median, p90)| mean > &100.0 && median <= p90)
        );
    }

    #[test]
    fn the_shipped_levels_load_and_match_the_built_in_copy() {
        let file = BotLevels::load_default().unwrap();
        assert_eq!(file, BotLevels::builtin());
        assert_eq!(BotLevels::shipped(), file);
        assert_eq!(
            BotLevels::fallback(),
            file,
            "keep ReactionSpec::fallback the same as assets/cards/slap45_bots.ron"
        );
        assert!(file.get(Level::Random).is_none());
    }

    #[test]
    fn a_bad_levels_file_names_the_place() {
        let path = Path::new("bots.ron");
        let text = "(levels: {\n  \"easy\": (mu_ms: 225.0, sigma_ms: -1.0, tau_ms: 75.0, choice_ms_per_bit: 110.0, min_ms: 100.0,\n    wrong_slap_rate: 1.5, anticipation_rate: 0.05, anticipation_from_ms: 40.0, anticipation_to_ms: 100.0, hesitation_rate: 0.1,\n    promise: (mean_ms: (288.0, 312.0), median_ms: (271.0, 295.0), p90_ms: (390.0, 424.0))),\n})";
        let e = BotLevels::parse(path, text).unwrap_err().to_string();
        assert!(
            e.contains("bots.ron:2:") && e.contains("sigma_ms is -1"),
            "{e}"
        );
        assert!(
            e.contains("bots.ron:3:") && e.contains("wrong_slap_rate is 1.5"),
            "{e}"
        );
        assert!(e.contains("\"normal\" is missing"), "{e}");
        // A mean that breaks its promise.
        let broken = text.replace("mu_ms: 225.0", "mu_ms: 425.0");
        let e = BotLevels::parse(path, &broken).unwrap_err().to_string();
        assert!(
            e.contains("bots.ron:4:") && e.contains("outside the promised mean_ms"),
            "{e}"
        );
        // A misspelt field is a parse error at its place, with a suggestion.
        let typo = "(levels: {\"easy\": (mu_ms: 200.0, sigmams: 20.0)})";
        let e = BotLevels::parse(path, typo).unwrap_err().to_string();
        assert!(e.contains("bots.ron:1:") && e.contains("sigma_ms"), "{e}");
        // An unknown level.
        let mut levels = BotLevels::fallback();
        levels
            .levels
            .insert("deadly".into(), ReactionSpec::fallback(Level::Hard));
        let e = levels
            .validate(path, "(levels: {\"deadly\": ()})")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("bots.ron:1:") && e.contains("unknown level"),
            "{e}"
        );
    }
}
