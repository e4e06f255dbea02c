//! `highnoon tune SWEEP.ron`: physics sweeps for tuners. A sweep file names a
//! town, the profile parameters to vary (a grid of listed values, and random
//! draws within ranges) and a distribution of flicks; every flick of every
//! setting runs to rest on its own fork of the table, on every core, and
//! becomes one CSV row. Each flick's randomness is its own ChaCha8 stream
//! (seed, setting, flick), so a row is the same whatever the thread count or
//! shard that ran it. Format and recipes: docs/tuning.md.

use std::io::Write;
use std::path::Path;

use bevy::math::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Deserialize;

use crate::physics::Table;
use crate::physics::pieces::{DiscKind, PieceKind};
use crate::physics::table::Flick;
use crate::scenario::params::Tunable;
use crate::scenario::{DataError, PhysicsProfile, Problems, Town, data_path, load_ron};
use crate::stats::percentile;

/// Which discs a sweep flicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Discs {
    Any,
    Movement,
    Bullet,
}

/// One varied parameter: listed values (a grid axis) or a range (drawn).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepParam {
    pub name: String,
    #[serde(default)]
    pub values: Vec<f32>,
    #[serde(default)]
    pub range: Option<(f32, f32)>,
}

/// The flicks tried on every setting: a disc placed `distance` from a random
/// standing figure on a clear line, flicked `angle_deg` off that line.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlickDist {
    pub per_setting: usize,
    #[serde(default = "any")]
    pub discs: Discs,
    pub distance: (f32, f32),
    #[serde(default)]
    pub angle_deg: (f32, f32),
    pub strength: (f32, f32),
    #[serde(default)]
    pub spin: (f32, f32),
}

fn any() -> Discs {
    Discs::Any
}
fn one() -> usize {
    1
}

/// A sweep file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepFile {
    /// The town, relative to the data root (or absolute).
    pub town: String,
    /// The base profile (default `assets/physics.ron`).
    #[serde(default)]
    pub profile: Option<String>,
    pub seed: u64,
    pub parameters: Vec<SweepParam>,
    /// Draws of the ranged parameters, for every point of the grid.
    #[serde(default = "one")]
    pub samples: usize,
    pub flicks: FlickDist,
}

/// A checked sweep: the base profile and town, and every setting's values.
pub struct Sweep {
    pub file: SweepFile,
    pub profile: PhysicsProfile,
    pub town: Town,
    pub params: Vec<(String, Tunable)>,
    /// Per setting, one value per parameter.
    pub settings: Vec<Vec<f32>>,
}

/// `i/n`: the i-th (from 1) of n disjoint slices of the flicks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--shard {s}: expected i/n with 1 <= i <= n (e.g. 3/8)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Sweep {
    /// Reads and checks a sweep file; every problem names its place, before any work.
    pub fn load(path: &Path) -> Result<Sweep, Problems> {
        let (file, text): (SweepFile, String) = load_ron(path)?;
        let at = |needle: &str, msg: String| DataError::at_text(path, &text, needle, msg);
        // A profile or town the sweep names that does not load: refused at
        // the sweep's key, with the other file's own problems after it.
        let profile_name = file.profile.as_deref().unwrap_or("assets/physics.ron");
        let profile = PhysicsProfile::load(&data_path(profile_name))
            .map_err(|e| e.in_named_file(path, &text, "profile", profile_name))?;
        let town = Town::load(&data_path(&file.town), &profile)
            .map_err(|e| e.in_named_file(path, &text, "town", &file.town))?;
        let mut problems = Vec::new();
        let mut params = Vec::new();
        for p in &file.parameters {
            let needle = format!("\"{}\"", p.name);
            match Tunable::find(&profile, &p.name) {
                Err(known) => problems.push(at(
                    &needle,
                    format!(
                        "unknown parameter \"{}\" (known: {})",
                        p.name,
                        known.join(", ")
                    ),
                )),
                Ok(t) => {
                    let (lo, hi) = t.limits();
                    let values: Vec<f32> = p
                        .values
                        .iter()
                        .copied()
                        .chain(p.range.into_iter().flat_map(|(a, b)| [a, b]))
                        .collect();
                    if values.is_empty() {
                        problems.push(at(
                            &needle,
                            format!("{}: give `values` or a `range`", p.name),
                        ));
                    }
                    if !p.values.is_empty() && p.range.is_some() {
                        problems.push(at(
                            &needle,
                            format!("{}: `values` or `range`, not both", p.name),
                        ));
                    }
                    if let Some((a, b)) = p.range
                        && a.partial_cmp(&b) != Some(std::cmp::Ordering::Less)
                    {
                        problems.push(at(
                            &needle,
                            format!("{}: range ({a}, {b}) is empty", p.name),
                        ));
                    }
                    for v in values {
                        if !(v.is_finite() && v >= lo && v <= hi) {
                            problems.push(at(
                                &needle,
                                format!(
                                    "{} = {v} is outside its physical limits {lo} to {hi}",
                                    p.name
                                ),
                            ));
                        }
                    }
                    params.push((p.name.clone(), t));
                }
            }
        }
        let f = &file.flicks;
        let pair = |key: &str, (a, b): (f32, f32), lo: f32, hi: f32| -> Option<DataError> {
            (!(a.is_finite() && b.is_finite() && lo <= a && a <= b && b <= hi)).then(|| {
                at(
                    &format!("{key}:"),
                    format!("{key} ({a}, {b}): must be {lo} ≤ min ≤ max ≤ {hi}"),
                )
            })
        };
        problems.extend(pair("distance", f.distance, 0.02, 1.0));
        problems.extend(pair("angle_deg", f.angle_deg, -180.0, 180.0));
        problems.extend(pair("strength", f.strength, 0.0, 1.0));
        problems.extend(pair("spin", f.spin, -1.0, 1.0));
        if f.per_setting == 0 {
            problems.push(at("per_setting:", "per_setting must be at least 1".into()));
        }
        if file.samples == 0 {
            problems.push(at("samples:", "samples must be at least 1".into()));
        }
        let count = setting_count(&file);
        if count > MAX_SETTINGS {
            problems.push(at(
                "samples:",
                format!("{count} settings (grid × samples): at most {MAX_SETTINGS} in one sweep"),
            ));
        }
        let flicks = count.saturating_mul(f.per_setting);
        if flicks > MAX_FLICKS {
            problems.push(at(
                "per_setting:",
                format!(
                    "{flicks} flicks in all (settings × samples × per_setting): at most {MAX_FLICKS} in one sweep; split it into several"
                ),
            ));
        }
        Problems::check(problems)?;
        let settings = settings(&file, file.seed);
        Ok(Sweep {
            file,
            profile,
            town,
            params,
            settings,
        })
    }

    /// The profile for setting `s`.
    pub fn profile_for(&self, s: usize) -> PhysicsProfile {
        let mut p = self.profile.clone();
        for ((_, t), v) in self.params.iter().zip(&self.settings[s]) {
            t.set(&mut p, *v);
        }
        p
    }

    pub fn total_flicks(&self) -> usize {
        self.settings.len() * self.file.flicks.per_setting
    }
}

/// The most flicks one sweep may hold (about an hour on two cores at the
/// tuner's rate): a sweep file's numbers are refused above it before any
/// work or memory is spent. Split a larger survey into sweeps or shards.
pub const MAX_FLICKS: usize = 10_000_000;
/// The most settings (grid points × samples) one sweep may hold.
pub const MAX_SETTINGS: usize = 1_000_000;

/// How many settings [`settings`] makes, without making them.
fn setting_count(file: &SweepFile) -> usize {
    let grid = file
        .parameters
        .iter()
        .map(|p| p.values.len().max(1))
        .fold(1usize, usize::saturating_mul);
    let ranged = file.parameters.iter().any(|p| p.range.is_some());
    grid.saturating_mul(if ranged { file.samples } else { 1 })
}

/// Every setting: the grid of listed values, each point with `samples` draws
/// of the ranged parameters (one when none is ranged).
fn settings(file: &SweepFile, seed: u64) -> Vec<Vec<f32>> {
    let mut grid: Vec<Vec<Option<f32>>> = vec![Vec::new()];
    for p in &file.parameters {
        grid = grid
            .into_iter()
            .flat_map(|row| {
                let choices: Vec<Option<f32>> = if p.values.is_empty() {
                    vec![None]
                } else {
                    p.values.iter().map(|v| Some(*v)).collect()
                };
                choices.into_iter().map(move |c| {
                    let mut r = row.clone();
                    r.push(c);
                    r
                })
            })
            .collect();
    }
    let ranged = file.parameters.iter().any(|p| p.range.is_some());
    let draws = if ranged { file.samples } else { 1 };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_5EED);
    let mut out = Vec::new();
    for row in grid {
        for _ in 0..draws {
            out.push(
                row.iter()
                    .zip(&file.parameters)
                    .map(|(v, p)| match (v, p.range) {
                        (Some(v), _) => *v,
                        (None, Some((a, b))) => rng.random_range(a..=b),
                        (None, None) => 0.0,
                    })
                    .collect(),
            );
        }
    }
    out
}

/// One flick's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub setting: usize,
    pub flick: usize,
    pub disc: String,
    pub distance: f32,
    pub angle_deg: f32,
    pub strength: f32,
    pub spin: f32,
    /// Distance from the start to the rest, metres.
    pub slide: f32,
    pub touched: usize,
    pub first_touch: String,
    pub hit_target: bool,
    pub knocked_over: usize,
    pub left_table: bool,
    pub steps: u32,
    pub sim_time: f32,
    pub at_rest: bool,
    pub wall_us: f64,
}

/// The columns of a sweep's rows; the varied parameters' columns come right
/// after `setting`, one per parameter, named after it.
pub const CSV_COLUMNS: [&str; 17] = [
    "setting",
    "flick",
    "disc",
    "distance_m",
    "angle_deg",
    "strength",
    "spin",
    "slide_m",
    "touched",
    "first_touch",
    "hit_target",
    "knocked_over",
    "left_table",
    "steps",
    "sim_time_s",
    "at_rest",
    "wall_us",
];

impl Row {
    /// The row's CSV fields, the setting's parameter `values` after `setting`.
    /// Numbers are formatted here (Rust's shortest `Display`, the wall time to
    /// 0.1 µs); the csv crate only separates and, where needed, quotes them.
    fn fields(&self, values: &[f32]) -> Vec<String> {
        let mut f = Vec::with_capacity(CSV_COLUMNS.len() + values.len());
        f.push(self.setting.to_string());
        f.extend(values.iter().map(|v| v.to_string()));
        f.extend([
            self.flick.to_string(),
            self.disc.clone(),
            self.distance.to_string(),
            self.angle_deg.to_string(),
            self.strength.to_string(),
            self.spin.to_string(),
            self.slide.to_string(),
            self.touched.to_string(),
            self.first_touch.clone(),
            self.hit_target.to_string(),
            self.knocked_over.to_string(),
            self.left_table.to_string(),
            self.steps.to_string(),
            self.sim_time.to_string(),
            self.at_rest.to_string(),
            format!("{:.1}", self.wall_us),
        ]);
        f
    }
}

/// What every flick of a setting starts from: the town at rest, its poses,
/// the figures to aim at and the discs the sweep flicks (found once).
struct Start {
    base: crate::physics::Snapshot,
    poses: Vec<(bevy::math::Vec3, bevy::math::Quat)>,
    figures: Vec<crate::physics::pieces::PieceId>,
    discs: Vec<crate::physics::pieces::PieceId>,
}

impl Start {
    fn of(table: &Table, which: Discs) -> Start {
        Start {
            base: table.snapshot(),
            poses: table.poses(),
            figures: crate::bench::figures(table),
            discs: table
                .discs()
                .filter(|(_, kind)| {
                    matches!(
                        (which, kind),
                        (Discs::Any, _)
                            | (Discs::Movement, PieceKind::Disc(DiscKind::Movement))
                            | (Discs::Bullet, PieceKind::Disc(DiscKind::Bullet))
                    )
                })
                .map(|(id, _)| id)
                .collect(),
        }
    }
}

/// A flick as the sweep drew it: the disc put down `at`, aimed at `target`.
struct Drawn {
    disc: crate::physics::pieces::PieceId,
    target: crate::physics::pieces::PieceId,
    at: Vec2,
    distance: f32,
    angle_deg: f32,
    flick: Flick,
}

/// Draws flick `k` of setting `s` from its own stream. `None` when no clear
/// spot was found for the drawn discs and figures.
fn draw(sweep: &Sweep, table: &Table, start: &Start, s: usize, k: usize) -> Option<Drawn> {
    let f = &sweep.file.flicks;
    let mut rng = ChaCha8Rng::seed_from_u64(sweep.file.seed);
    rng.set_stream(((s as u64) << 32) | k as u64);
    let (figures, discs, poses) = (&start.figures, &start.discs, &start.poses);
    if figures.is_empty() || discs.is_empty() {
        return None;
    }
    for _ in 0..8 {
        let target = figures[rng.random_range(0..figures.len())];
        let disc = discs[rng.random_range(0..discs.len())];
        let distance = rng.random_range(f.distance.0..=f.distance.1);
        let Some(at) = crate::bench::clear_spot(
            table,
            poses,
            disc.0 as usize,
            target.0 as usize,
            distance,
            &mut rng,
        ) else {
            continue;
        };
        let angle_deg = rng.random_range(f.angle_deg.0..=f.angle_deg.1);
        let strength = rng.random_range(f.strength.0..=f.strength.1);
        let spin = rng.random_range(f.spin.0..=f.spin.1);
        let t = poses[target.0 as usize].0;
        let line = Vec2::new(t.x, t.z) - at;
        let direction = Vec2::from_angle(angle_deg.to_radians()).rotate(line);
        return Some(Drawn {
            disc,
            target,
            at,
            distance,
            angle_deg,
            flick: Flick {
                piece: disc,
                direction,
                strength,
                spin,
            },
        });
    }
    None
}

/// One flick of setting `s` on `table` (reset to the town first): drawn,
/// played from where it was put down, and its row.
fn one_flick(sweep: &Sweep, table: &mut Table, start: &Start, s: usize, k: usize) -> Option<Row> {
    table.restore(&start.base);
    let drawn = draw(sweep, table, start, s, k)?;
    let started = std::time::Instant::now();
    let outcome = crate::physics::replay::play(table, Some(drawn.at), drawn.flick).ok()?;
    let wall_us = started.elapsed().as_secs_f64() * 1e6;
    Some(row(table, s, k, &drawn, &outcome, wall_us))
}

fn row(
    table: &Table,
    s: usize,
    k: usize,
    drawn: &Drawn,
    outcome: &crate::physics::table::FlickOutcome,
    wall_us: f64,
) -> Row {
    Row {
        setting: s,
        flick: k,
        disc: table
            .index()
            .get(drawn.disc)
            .map(|p| p.name.clone())
            .unwrap_or_default(),
        distance: drawn.distance,
        angle_deg: drawn.angle_deg,
        strength: drawn.flick.strength,
        spin: drawn.flick.spin,
        slide: outcome.travelled,
        touched: outcome.touched.len(),
        first_touch: outcome
            .touched
            .first()
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        hit_target: outcome.touched.first().map(|t| t.piece) == Some(drawn.target),
        knocked_over: outcome.knocked_over.len(),
        left_table: outcome.left_table,
        steps: outcome.steps,
        sim_time: outcome.sim_time,
        at_rest: outcome.at_rest,
        wall_us,
    }
}

/// `tune SWEEP --replay S:K`: flick `k` of setting `s` as a table replay
/// (the town, the base profile with the setting's parameters, the disc put
/// down and flicked, the pose hash after), and its row. `Err` names a setting
/// or flick the sweep does not have, or a flick for which no spot was found.
pub fn replay_of(
    sweep: &Sweep,
    sweep_path: &Path,
    s: usize,
    k: usize,
) -> Result<(crate::physics::replay::TableReplay, Row), String> {
    use crate::physics::replay::{TableFlick, TableReplay};
    use crate::scenario::data_name;
    if s >= sweep.settings.len() {
        return Err(format!(
            "the sweep has settings 0 to {}, not {s}",
            sweep.settings.len() - 1
        ));
    }
    if k >= sweep.file.flicks.per_setting {
        return Err(format!(
            "the sweep has flicks 0 to {} per setting, not {k}",
            sweep.file.flicks.per_setting - 1
        ));
    }
    let mut table = Table::new(sweep.profile_for(s), &sweep.town);
    let start = Start::of(&table, sweep.file.flicks.discs);
    let drawn = draw(sweep, &table, &start, s, k)
        .ok_or_else(|| format!("setting {s} flick {k}: no clear spot was found (no row)"))?;
    let started = std::time::Instant::now();
    let outcome = crate::physics::replay::play(&mut table, Some(drawn.at), drawn.flick)
        .map_err(|e| e.to_string())?;
    let wall_us = started.elapsed().as_secs_f64() * 1e6;
    let row = row(&table, s, k, &drawn, &outcome, wall_us);
    let hash = table.pose_hash();
    let replay = TableReplay {
        note: Some(format!(
            "{} (seed {}): setting {s}, flick {k}",
            data_name(sweep_path),
            sweep.file.seed
        )),
        town: sweep.file.town.clone(),
        profile: sweep.file.profile.clone(),
        set: sweep
            .params
            .iter()
            .map(|(n, _)| n.clone())
            .zip(sweep.settings[s].iter().copied())
            .collect(),
        flicks: vec![TableFlick::of(
            &row.disc,
            Some(drawn.at),
            &drawn.flick,
            Some(hash),
        )],
        final_hash: Some(hash),
    };
    Ok((replay, row))
}

/// `S:K` (setting, flick), as the CSV's first columns name a row.
pub fn parse_row(s: &str) -> Result<(usize, usize), String> {
    let bad = || {
        format!(
            "--replay {s}: expected SETTING:FLICK, e.g. 3:417 (the CSV's setting and flick columns)"
        )
    };
    let (a, b) = s.split_once(':').ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}

/// What a sweep did, per setting.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SettingSummary {
    pub flicks: usize,
    pub slides: Vec<f32>,
    pub knocked: usize,
    pub hits: usize,
    pub steps: Vec<u32>,
    pub not_at_rest: usize,
}

/// Runs the sweep (only `shard`'s slice of the flicks), writing each row to
/// `out` as it is done (in chunks, flushed: an interrupted sweep keeps every
/// row written). `progress` is told each finished flick.
pub fn run(
    sweep: &Sweep,
    shard: Shard,
    out: &mut impl Write,
    progress: impl Fn(u64) + Sync,
) -> std::io::Result<Vec<SettingSummary>> {
    let mut wtr = csv::Writer::from_writer(&mut *out);
    let header: Vec<&str> = CSV_COLUMNS[..1]
        .iter()
        .copied()
        .chain(sweep.params.iter().map(|(n, _)| n.as_str()))
        .chain(CSV_COLUMNS[1..].iter().copied())
        .collect();
    wtr.write_record(&header)?;
    let per = sweep.file.flicks.per_setting;
    let mut summaries = vec![SettingSummary::default(); sweep.settings.len()];
    // `s` names the setting in its profile, its jobs and its rows too.
    #[expect(clippy::needless_range_loop)]
    for s in 0..sweep.settings.len() {
        let table = Table::new(sweep.profile_for(s), &sweep.town);
        let start = Start::of(&table, sweep.file.flicks.discs);
        let jobs: Vec<usize> = (0..per)
            .filter(|k| (s * per + k) % shard.count == shard.index - 1)
            .collect();
        for chunk in jobs.chunks(512) {
            let rows: Vec<Option<Row>> = chunk
                .par_iter()
                .map_init(
                    || table.clone(),
                    |t, &k| {
                        let r = one_flick(sweep, t, &start, s, k);
                        progress(1);
                        r
                    },
                )
                .collect();
            for r in rows.into_iter().flatten() {
                wtr.write_record(r.fields(&sweep.settings[s]))?;
                let sum = &mut summaries[s];
                sum.flicks += 1;
                sum.slides.push(r.slide);
                sum.knocked += usize::from(r.knocked_over > 0);
                sum.hits += usize::from(r.hit_target);
                sum.steps.push(r.steps);
                sum.not_at_rest += usize::from(!r.at_rest);
            }
            wtr.flush()?;
        }
    }
    wtr.flush()?;
    Ok(summaries)
}

/// The summary table: one line per setting.
pub fn print_summary(
    sweep: &Sweep,
    summaries: &[SettingSummary],
    out: &mut impl Write,
) -> std::io::Result<()> {
    let names: Vec<&str> = sweep.params.iter().map(|(n, _)| n.as_str()).collect();
    writeln!(
        out,
        "{:>7}  {}  {:>7} {:>11} {:>8} {:>8} {:>8} {:>7}",
        "setting",
        names
            .iter()
            .map(|n| format!("{n:>14}"))
            .collect::<Vec<_>>()
            .join(" "),
        "flicks",
        "slide med.",
        "hit 1st",
        "knocked",
        "steps",
        "capped"
    )?;
    for (s, sum) in summaries.iter().enumerate() {
        if sum.flicks == 0 {
            continue;
        }
        let mut slides = sum.slides.clone();
        slides.sort_by(f32::total_cmp);
        let mut steps = sum.steps.clone();
        steps.sort();
        // Upper medians (sorted[n / 2]); a setting in the table has flicks.
        let slide = percentile(&slides, 0.5).unwrap_or(f32::NAN);
        let step = percentile(&steps, 0.5).unwrap_or(0);
        let pct = |k: usize| 100.0 * k as f64 / sum.flicks as f64;
        writeln!(
            out,
            "{s:>7}  {}  {:>7} {:>9.1} cm {:>7.1}% {:>7.1}% {:>8} {:>7}",
            sweep.settings[s]
                .iter()
                .map(|v| format!("{v:>14.4}"))
                .collect::<Vec<_>>()
                .join(" "),
            sum.flicks,
            100.0 * slide,
            pct(sum.hits),
            pct(sum.knocked),
            step,
            sum.not_at_rest
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sweep's row comes out as it always has: Rust's shortest form of each
    /// number, plain fields, the wall time to 0.1 µs.
    #[test]
    fn a_row_keeps_its_csv_format() {
        let row = Row {
            setting: 3,
            flick: 417,
            disc: "Movement disc 2".into(),
            distance: 0.25,
            angle_deg: -1.5,
            strength: 1.0,
            spin: 0.0,
            slide: 0.123_456_7,
            touched: 2,
            first_touch: String::new(),
            hit_target: false,
            knocked_over: 1,
            left_table: false,
            steps: 240,
            sim_time: 2.0,
            at_rest: true,
            wall_us: 1234.56,
        };
        let mut out = Vec::new();
        {
            let mut w = csv::Writer::from_writer(&mut out);
            w.write_record(row.fields(&[0.45, 2.0])).unwrap();
            w.flush().unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "3,0.45,2,417,Movement disc 2,0.25,-1.5,1,0,0.1234567,2,,false,1,false,240,2,true,1234.6\n"
        );
        assert_eq!(CSV_COLUMNS.len() + 2, row.fields(&[0.45, 2.0]).len());
    }
}
