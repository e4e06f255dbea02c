//! What the card-game bots share: their levels, and determinized Monte Carlo
//! evaluation (sample the hidden cards from an observation, try each candidate
//! in the same sampled worlds, play on, compare).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::core::{Game, Seat};

/// How hard a computer opponent plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Uniformly random legal actions (the baseline bots are measured against).
    Random,
    /// Simple rules of thumb.
    Easy,
    /// Sound heuristics with small Monte Carlo estimates.
    Normal,
    /// Determinized Monte Carlo search over the hidden cards.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Hard];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        })
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.to_string() == s.to_lowercase())
            .ok_or_else(|| format!("`{s}` is not a level: random, easy, normal or hard"))
    }
}

/// Keeps `default` (a sound policy's choice) unless another candidate does
/// clearly better in the same sampled worlds: its mean paired gain must exceed
/// `z` standard errors. Long, noisy playouts then cannot talk a bot out of a
/// good move by chance.
#[allow(clippy::too_many_arguments)]
pub fn improve_by_sampling<G: Game>(
    default: &G::Action,
    candidates: &[G::Action],
    samples: usize,
    z: f64,
    rng: &mut ChaCha8Rng,
    mut world: impl FnMut(&mut ChaCha8Rng) -> G,
    mut value: impl FnMut(G, Seat, &mut ChaCha8Rng) -> f64,
    seat: Seat,
) -> G::Action {
    if candidates.len() <= 1 {
        return default.clone();
    }
    let seeds: Vec<u64> = (0..samples).map(|_| rng.random()).collect();
    let worlds: Vec<G> = seeds
        .iter()
        .map(|&s| world(&mut ChaCha8Rng::seed_from_u64(s)))
        .collect();
    let mut values = |a: &G::Action| -> Option<Vec<f64>> {
        worlds
            .iter()
            .zip(&seeds)
            .map(|(w, &s)| {
                let mut g = w.clone();
                g.apply(a.clone()).ok()?;
                Some(value(
                    g,
                    seat,
                    &mut ChaCha8Rng::seed_from_u64(s ^ 0x9e37_79b9),
                ))
            })
            .collect()
    };
    let Some(base) = values(default) else {
        return default.clone();
    };
    let mut best = (0.0, default.clone());
    for a in candidates.iter().filter(|a| *a != default) {
        let Some(v) = values(a) else { continue };
        let d: Vec<f64> = v.iter().zip(&base).map(|(x, y)| x - y).collect();
        let n = d.len() as f64;
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        if mean > z * se && mean > best.0 {
            best = (mean, a.clone());
        }
    }
    best.1
}

/// The levels a bot levels file must hold (the random player needs no entry).
pub const LEVEL_NAMES: [&str; 3] = ["easy", "normal", "hard"];

/// Checks a bot levels file (a map from level name to that level's figures),
/// for the Flick 'em Up bot and the card-game bots alike: easy, normal and
/// hard each present, no other name, and each level's own problems, given by
/// `problems_of` as (field, message), placed at that field inside its entry.
pub fn check_level_file<S>(
    path: &Path,
    text: &str,
    levels: &BTreeMap<String, S>,
    problems_of: impl Fn(&S) -> Vec<(String, String)>,
) -> Result<(), crate::scenario::Problems> {
    use crate::scenario::{DataError, line_col};
    let mut out = Vec::new();
    for name in LEVEL_NAMES {
        if !levels.contains_key(name) {
            out.push(DataError::at_text(
                path,
                text,
                "levels",
                format!("the level \"{name}\" is missing (easy, normal and hard are needed)"),
            ));
        }
    }
    for (name, spec) in levels {
        if !LEVEL_NAMES.contains(&name.as_str()) {
            out.push(DataError::at_text(
                path,
                text,
                &format!("\"{name}\""),
                format!(
                    "unknown level \"{name}\": the levels are easy, normal and hard (random needs no entry)"
                ),
            ));
            continue;
        }
        let entry = text.find(&format!("\"{name}\""));
        let start = entry.unwrap_or(0);
        for (field, message) in problems_of(spec) {
            let position = text[start..]
                .find(&format!("{field}:"))
                .map(|o| line_col(text, start + o))
                .or_else(|| entry.map(|o| line_col(text, o)));
            out.push(DataError {
                file: path.to_path_buf(),
                position,
                message: format!("{name}: {message}"),
            });
        }
    }
    crate::scenario::Problems::check(out)
}
