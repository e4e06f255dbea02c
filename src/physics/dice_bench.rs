//! The dice bench: many throws headless, timed one by one, their faces counted
//! and tested for fairness (chi-square, five degrees of freedom).

use std::time::Instant;

use bevy::math::Vec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::dice::{DiceTray, Reading, face_up};
use crate::scenario::profile::DiceSpec;
use crate::stats::{chi_square_fair, percentile};

/// What a run of rolls measured.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceReport {
    pub rolls: usize,
    pub throws: usize,
    /// Faces 1 to 6 as read.
    pub counts: [u64; 6],
    pub chi_square: f64,
    pub p_value: f64,
    /// Per throw (one die thrown and run to rest), microseconds.
    pub throw_median_us: f64,
    pub throw_p90_us: f64,
    pub steps_median: u32,
    /// Throws that came to rest cocked or out of the tray and were thrown again.
    pub cocked: usize,
    pub lost: usize,
    pub seconds: f64,
    pub threads: usize,
}

/// `rolls` rolls over `threads` threads, each with its own tray and a seeded
/// stream (`seed` + thread), thrown from the four sides of the tray in turn.
pub fn bench(spec: &DiceSpec, gravity: f32, rolls: usize, seed: u64, threads: usize) -> DiceReport {
    let started = Instant::now();
    let threads = threads.max(1);
    type Part = (Vec<f64>, Vec<u32>, [u64; 6], usize, usize);
    let parts: Vec<Part> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut tray = DiceTray::new(spec, gravity);
                    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(t as u64));
                    let mut times = Vec::new();
                    let mut steps = Vec::new();
                    let mut counts = [0u64; 6];
                    let (mut cocked, mut lost) = (0, 0);
                    let sides = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
                    for i in (t..rolls).step_by(threads) {
                        let from = sides[i % 4];
                        let mut rerolls = 0;
                        loop {
                            let clock = Instant::now();
                            let throw = tray.sample_throw(from, &mut rng);
                            tray.start(&throw);
                            let n = tray.run_to_rest(None);
                            let reading = tray.read();
                            times.push(clock.elapsed().as_secs_f64() * 1e6);
                            steps.push(n);
                            match reading {
                                Reading::Face(f) => {
                                    counts[f as usize - 1] += 1;
                                    break;
                                }
                                _ if rerolls >= tray.spec.max_rerolls => {
                                    let f = face_up(tray.die_pose().1, 90.0).unwrap_or(1);
                                    counts[f as usize - 1] += 1;
                                    break;
                                }
                                Reading::Cocked => cocked += 1,
                                Reading::Lost => lost += 1,
                            }
                            rerolls += 1;
                        }
                    }
                    (times, steps, counts, cocked, lost)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("dice thread"))
            .collect()
    });
    let mut times: Vec<f64> = parts.iter().flat_map(|p| p.0.iter().copied()).collect();
    let mut steps: Vec<u32> = parts.iter().flat_map(|p| p.1.iter().copied()).collect();
    let mut counts = [0u64; 6];
    for p in &parts {
        for (count, add) in counts.iter_mut().zip(&p.2) {
            *count += add;
        }
    }
    times.sort_by(f64::total_cmp);
    steps.sort_unstable();
    let (chi_square, p_value) = chi_square_fair(&counts);
    DiceReport {
        rolls,
        throws: times.len(),
        counts,
        chi_square,
        p_value,
        throw_median_us: percentile(&times, 0.5).unwrap_or(0.0),
        throw_p90_us: percentile(&times, 0.9).unwrap_or(0.0),
        steps_median: percentile(&steps, 0.5).unwrap_or(0),
        cocked: parts.iter().map(|p| p.3).sum(),
        lost: parts.iter().map(|p| p.4).sum(),
        seconds: started.elapsed().as_secs_f64(),
        threads,
    }
}

impl DiceReport {
    pub fn print(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        writeln!(
            out,
            "{} rolls ({} throws) on {} thread(s) in {:.1} s",
            self.rolls, self.throws, self.threads, self.seconds
        )?;
        writeln!(
            out,
            "a throw to rest: median {:.0} µs, p90 {:.0} µs, median {} steps",
            self.throw_median_us, self.throw_p90_us, self.steps_median
        )?;
        writeln!(
            out,
            "thrown again: {} cocked, {} out of the tray ({:.2}% of throws)",
            self.cocked,
            self.lost,
            100.0 * (self.cocked + self.lost) as f64 / self.throws.max(1) as f64
        )?;
        let expected = self.rolls as f64 / 6.0;
        for (f, c) in self.counts.iter().enumerate() {
            writeln!(
                out,
                "  {}: {c} ({:+.2}%)",
                f + 1,
                100.0 * (*c as f64 - expected) / expected
            )?;
        }
        writeln!(
            out,
            "chi-square {:.2} (5 degrees of freedom), p = {:.3}: {}",
            self.chi_square,
            self.p_value,
            if self.p_value > 0.01 {
                "no evidence the die is unfair"
            } else {
                "UNFAIR at the 1% level"
            }
        )
    }
}
