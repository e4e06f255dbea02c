//! The physics bench: flicks run to rest on the standard town, on the table value
//! (contact tracking, fall-off and outcome included) and on a bare rapier3d loop
//! over a copy of the same sets, measured in the same run.
//!
//! Shared by `highnoon bench` and `cargo bench`.

use std::io::Write;
use std::time::{Duration, Instant};

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::prelude::PhysicsPipeline;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::physics::Table;
use crate::physics::pieces::{DiscKind, PieceId, PieceKind};
use crate::physics::raw::RawWorld;
use crate::physics::table::Flick;
use crate::stats::median;

#[derive(Debug, Clone)]
pub struct BenchConfig {
    pub flicks: usize,
    pub seed: u64,
    /// Distance from the disc to the target figure, metres.
    pub distance: f32,
}

impl Default for BenchConfig {
    fn default() -> Self {
        Self {
            flicks: 300,
            seed: 45,
            distance: 0.30,
        }
    }
}

/// One measured flick.
#[derive(Debug, Clone)]
pub struct FlickSample {
    /// Where the disc was placed and how it was flicked.
    pub from: Vec2,
    pub flick: Flick,
    pub disc: PieceId,
    pub target: PieceId,
    pub strength: f32,
    pub steps: u32,
    pub raw_steps: u32,
    pub table: Duration,
    pub raw: Duration,
    pub hit_target: bool,
    /// What the disc touched first, if anything.
    pub first_touch: Option<String>,
    /// False when the time cap cut the flick off.
    pub at_rest: bool,
    /// What was still moving then.
    pub still_moving: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct BenchReport {
    pub bodies: usize,
    pub samples: Vec<FlickSample>,
    pub idle_step: Duration,
    pub total_wall: Duration,
}

/// Finds a spot `distance` from `target` from which a disc of radius `r` has a
/// clear straight run to it: no other piece's footprint within reach of the path.
pub fn clear_spot<R: Rng + ?Sized>(
    sim: &Table,
    poses: &[(Vec3, Quat)],
    disc: usize,
    target: usize,
    distance: f32,
    rng: &mut R,
) -> Option<Vec2> {
    let half = Vec2::new(sim.profile().table.size.0, sim.profile().table.size.1) / 2.0;
    let r = sim.index().pieces[disc].radius;
    let to = Vec2::new(poses[target].0.x, poses[target].0.z);
    for _ in 0..64 {
        let a: f32 = rng.random_range(0.0..std::f32::consts::TAU);
        let from = to + Vec2::from_angle(a) * distance;
        if from.x.abs() > half.x - 0.05 || from.y.abs() > half.y - 0.05 {
            continue;
        }
        let clear = sim.index().pieces.iter().enumerate().all(|(k, p)| {
            if k == disc || k == target {
                return true;
            }
            let q = Vec2::new(poses[k].0.x, poses[k].0.z);
            let d = to - from;
            let s = ((q - from).dot(d) / d.length_squared()).clamp(0.0, 1.0);
            (from + d * s).distance(q) > p.radius + r + 0.005
        });
        if clear {
            return Some(from);
        }
    }
    None
}

/// Every figure on the table (the bench's and the sweeps' targets).
pub fn figures(sim: &Table) -> Vec<PieceId> {
    sim.index()
        .pieces
        .iter()
        .filter(|p| p.kind.is_figure())
        .map(|p| p.id)
        .collect()
}

/// Runs the bench on `sim` (the standard town); `progress` is told each flick.
pub fn run(sim: &mut Table, config: &BenchConfig, mut progress: impl FnMut(usize)) -> BenchReport {
    let wall = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let base = sim.snapshot();
    let figures = figures(sim);
    let discs: Vec<PieceId> = sim.discs().map(|(id, _)| id).collect();
    let mut pipeline = PhysicsPipeline::new();
    let mut samples = Vec::with_capacity(config.flicks);
    let mut attempts = 0;
    while samples.len() < config.flicks && attempts < config.flicks * 20 {
        attempts += 1;
        sim.restore(&base);
        let target = figures[rng.random_range(0..figures.len())];
        let disc = discs[rng.random_range(0..discs.len())];
        let poses = sim.poses();
        let Some(at) = clear_spot(
            sim,
            &poses,
            disc.0 as usize,
            target.0 as usize,
            config.distance,
            &mut rng,
        ) else {
            continue;
        };
        sim.place(disc, at, 0.0);
        let t = poses[target.0 as usize].0;
        let direction = Vec2::new(t.x, t.z) - at;
        let strength = rng.random_range(0.7..1.0);
        let mut raw = RawWorld::from_table(sim);
        let t0 = Instant::now();
        let raw_steps = raw.flick_to_rest(&mut pipeline, disc, direction, strength);
        let raw_time = t0.elapsed();
        let t1 = Instant::now();
        let outcome = sim
            .flick_to_rest(Flick::new(disc, direction, strength))
            .expect("bench flick");
        let table_time = t1.elapsed();
        samples.push(FlickSample {
            from: at,
            flick: Flick::new(disc, direction, strength),
            disc,
            target,
            strength,
            steps: outcome.steps,
            raw_steps,
            table: table_time,
            raw: raw_time,
            hit_target: outcome.touched.first().map(|t| t.piece) == Some(target),
            first_touch: outcome.touched.first().map(|t| t.name.clone()),
            at_rest: outcome.at_rest,
            still_moving: outcome
                .still_moving
                .iter()
                .filter_map(|id| sim.index().get(*id))
                .map(|p| p.name.clone())
                .collect(),
        });
        progress(samples.len());
    }
    sim.restore(&base);
    // An idle step: the whole town asleep.
    let mut raw = RawWorld::from_table(sim);
    let mut idle = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        raw.step(&mut pipeline);
        idle.push(t.elapsed().as_secs_f64());
    }
    BenchReport {
        bodies: sim.index().len(),
        samples,
        idle_step: Duration::from_secs_f64(median(idle)),
        total_wall: wall.elapsed(),
    }
}

impl BenchReport {
    pub fn median_table(&self) -> f64 {
        median(self.samples.iter().map(|s| s.table.as_secs_f64()).collect())
    }
    pub fn median_raw(&self) -> f64 {
        median(self.samples.iter().map(|s| s.raw.as_secs_f64()).collect())
    }
    pub fn median_step_table(&self) -> f64 {
        median(
            self.samples
                .iter()
                .map(|s| s.table.as_secs_f64() / s.steps.max(1) as f64)
                .collect(),
        )
    }
    pub fn median_step_raw(&self) -> f64 {
        median(
            self.samples
                .iter()
                .map(|s| s.raw.as_secs_f64() / s.raw_steps.max(1) as f64)
                .collect(),
        )
    }
    /// Median over flicks of (table time / bare time) for the same flick.
    pub fn median_ratio(&self) -> f64 {
        median(
            self.samples
                .iter()
                .map(|s| s.table.as_secs_f64() / s.raw.as_secs_f64())
                .collect(),
        )
    }

    pub fn print(&self, out: &mut impl Write) -> std::io::Result<()> {
        let n = self.samples.len();
        let same_steps = self
            .samples
            .iter()
            .filter(|s| s.steps == s.raw_steps)
            .count();
        let hits = self.samples.iter().filter(|s| s.hit_target).count();
        let steps = median(self.samples.iter().map(|s| s.steps as f64).collect());
        writeln!(
            out,
            "highnoon bench: standard town, {} bodies (+ table), {} flicks at ~30 cm into a standing figure",
            self.bodies, n
        )?;
        let untouched = self
            .samples
            .iter()
            .filter(|s| s.first_touch.is_none())
            .count();
        writeln!(
            out,
            "  flicks that hit their figure first   {hits}/{n} ({untouched} touched nothing, {} met another piece first)",
            n - hits - untouched
        )?;
        let cut = self.samples.iter().filter(|s| !s.at_rest).count();
        writeln!(
            out,
            "  median steps to rest                 {steps:.0} ({cut} cut off by the time cap)"
        )?;
        for s in self.samples.iter().filter(|s| !s.at_rest).take(5) {
            writeln!(
                out,
                "      cut off while moving: {}",
                s.still_moving.join(", ")
            )?;
        }
        writeln!(
            out,
            "  time per physics step (table)          {:8.2} µs  (median over flicks of time/steps)",
            self.median_step_table() * 1e6
        )?;
        writeln!(
            out,
            "  time per physics step (bare rapier3d) {:8.2} µs",
            self.median_step_raw() * 1e6
        )?;
        writeln!(
            out,
            "  idle step, all asleep (raw)          {:8.2} µs",
            self.idle_step.as_secs_f64() * 1e6
        )?;
        writeln!(
            out,
            "  flick run to rest (table)              {:8.3} ms  median",
            self.median_table() * 1e3
        )?;
        writeln!(
            out,
            "  flick run to rest (bare rapier3d)     {:8.3} ms  median",
            self.median_raw() * 1e3
        )?;
        writeln!(
            out,
            "  flicks per second per core (table)    {:8.0}",
            1.0 / self.median_table()
        )?;
        writeln!(
            out,
            "  table / bare rapier3d            {:8.3}×  (median of per-flick ratios; ratio of medians {:.3}×)",
            self.median_ratio(),
            self.median_table() / self.median_raw()
        )?;
        writeln!(
            out,
            "  same step count, table vs bare       {same_steps}/{n}"
        )?;
        writeln!(
            out,
            "  wall time                            {:8.2} s",
            self.total_wall.as_secs_f64()
        )?;
        Ok(())
    }

    /// One line per flick, for plotting. The numbers are formatted here (the
    /// csv crate would write floats its own way), then written as CSV fields.
    pub fn write_csv(&self, out: &mut impl Write) -> std::io::Result<()> {
        let mut rows = csv::Writer::from_writer(out);
        rows.write_record([
            "flick",
            "disc",
            "target",
            "strength",
            "steps",
            "raw_steps",
            "table_us",
            "raw_us",
            "hit_target",
        ])?;
        for (i, s) in self.samples.iter().enumerate() {
            rows.write_record([
                i.to_string(),
                s.disc.0.to_string(),
                s.target.0.to_string(),
                format!("{:.4}", s.strength),
                s.steps.to_string(),
                s.raw_steps.to_string(),
                format!("{:.2}", s.table.as_secs_f64() * 1e6),
                format!("{:.2}", s.raw.as_secs_f64() * 1e6),
                s.hit_target.to_string(),
            ])?;
        }
        rows.flush()
    }
}

pub fn is_disc(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Disc(DiscKind::Movement | DiscKind::Bullet))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bench --csv` writes the columns and number formats it always has:
    /// plain fields, nothing quoted.
    #[test]
    fn the_csv_keeps_its_columns_and_number_formats() {
        let sample = FlickSample {
            from: Vec2::ZERO,
            flick: Flick::new(PieceId(3), Vec2::X, 0.873_21),
            disc: PieceId(3),
            target: PieceId(7),
            strength: 0.873_21,
            steps: 412,
            raw_steps: 410,
            table: Duration::from_nanos(1_234_567),
            raw: Duration::from_nanos(987_654),
            hit_target: true,
            first_touch: Some("Wyatt".into()),
            at_rest: true,
            still_moving: Vec::new(),
        };
        let missed = FlickSample {
            hit_target: false,
            first_touch: None,
            ..sample.clone()
        };
        let report = BenchReport {
            bodies: 1,
            samples: vec![sample, missed],
            idle_step: Duration::ZERO,
            total_wall: Duration::ZERO,
        };
        let mut out = Vec::new();
        report.write_csv(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "flick,disc,target,strength,steps,raw_steps,table_us,raw_us,hit_target\n\
             0,3,7,0.8732,412,410,1234.57,987.65,true\n\
             1,3,7,0.8732,412,410,1234.57,987.65,false\n"
        );
    }
}
