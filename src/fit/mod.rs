//! `highnoon fit`: the profile's free parameters fitted to measured flicks
//! by CMA-ES (docs/tuning.md, "Fitting the table to measured flicks").
//! Each candidate profile replays every measurement on an empty table
//! ([`crate::physics::laws`]); the fit minimises the sum of the squared
//! residuals, each in units of its measurement's error (a fall that did not
//! happen, or the reverse, counts as one error).

pub mod cmaes;
pub mod measurements;
pub mod synthetic;

use rayon::prelude::*;

use crate::physics::laws;
use crate::physics::pieces::DiscKind;
use crate::scenario::PhysicsProfile;
use crate::scenario::params::Tunable;
use measurements::{Measurement, MeasurementsFile, piece};

/// What the table did where a measurement was taken.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Simulated {
    Slide { distance: f64, turned_deg: f64 },
    Bounce { rise: f64 },
    Fell(bool),
    Hit { deflection_deg: f64, slid: f64 },
}

/// Replays one measurement on an empty table under `profile`.
pub fn simulate(profile: &PhysicsProfile, m: &Measurement) -> Simulated {
    match m {
        Measurement::Slide {
            piece: p,
            speed,
            spin,
            strength,
            offset,
            ..
        } => {
            let disc = piece(p).unwrap_or(DiscKind::Movement);
            let s = match (speed, strength) {
                (Some(v), _) => laws::slide(profile, disc, *v as f32, *spin as f32),
                (None, Some(k)) => {
                    let mut table = laws::empty_table(profile, false);
                    let id = laws::disc_piece(&table, disc);
                    laws::flick(&mut table, id, *k as f32, *offset as f32)
                }
                (None, None) => laws::Slide::default(),
            };
            Simulated::Slide {
                distance: s.distance as f64,
                turned_deg: (s.turned as f64).to_degrees(),
            }
        }
        Measurement::Bounce {
            piece: p, height, ..
        } => {
            let disc = piece(p).unwrap_or(DiscKind::Movement);
            Simulated::Bounce {
                rise: laws::drop(profile, disc, *height as f32).rise as f64,
            }
        }
        Measurement::Tilt { tilt_deg, .. } => Simulated::Fell(
            laws::tilt_and_let_go(profile, *tilt_deg as f32) > profile.knocked_over_tilt_deg,
        ),
        Measurement::Knock {
            strength, distance, ..
        } => Simulated::Fell(laws::knock(profile, *strength as f32, *distance as f32)),
        Measurement::Hit {
            striker,
            target,
            speed,
            gap,
            cut,
            ..
        } => {
            let kinds = (
                piece(striker).unwrap_or(DiscKind::Bullet),
                piece(target).unwrap_or(DiscKind::Bullet),
            );
            let h = laws::hit(profile, kinds, *speed as f32, (*gap as f32, *cut as f32));
            Simulated::Hit {
                deflection_deg: h.deflection_deg as f64,
                slid: h.distance as f64,
            }
        }
    }
}

/// A measurement's residuals, each in units of its error.
pub fn residuals(m: &Measurement, s: &Simulated) -> Vec<f64> {
    match (m, s) {
        (
            Measurement::Slide {
                distance,
                distance_error,
                turned_deg,
                turned_error_deg,
                ..
            },
            Simulated::Slide {
                distance: d,
                turned_deg: t,
            },
        ) => {
            let mut r = vec![(d - distance) / distance_error];
            if let (Some(turned), Some(e)) = (turned_deg, turned_error_deg) {
                r.push((t - turned) / e);
            }
            r
        }
        (
            Measurement::Bounce {
                rise, rise_error, ..
            },
            Simulated::Bounce { rise: r },
        ) => vec![(r - rise) / rise_error],
        (
            Measurement::Tilt { toppled, .. } | Measurement::Knock { toppled, .. },
            Simulated::Fell(f),
        ) => {
            vec![if f == toppled { 0.0 } else { 1.0 }]
        }
        (
            Measurement::Hit {
                deflection_deg,
                deflection_error_deg,
                slid,
                slid_error,
                ..
            },
            Simulated::Hit {
                deflection_deg: d,
                slid: s,
            },
        ) => {
            let mut r = vec![(d - deflection_deg) / deflection_error_deg];
            if let (Some(slid), Some(e)) = (slid, slid_error) {
                r.push((s - slid) / e);
            }
            r
        }
        _ => vec![f64::INFINITY],
    }
}

/// `profile` with every pair of materials that `names` fits (as
/// `pairs.A/B.friction|restitution`) and the profile does not set yet added
/// at the values the two materials have together without it (Rapier's rule:
/// the two averaged), so the table steps as before and the fit can move the
/// pair apart from its materials. Names of materials the profile lacks are
/// left for the parameter check to refuse.
pub fn with_named_pairs(profile: &PhysicsProfile, names: &[String]) -> PhysicsProfile {
    let mut p = profile.clone();
    for name in names {
        let Some((a, b, _)) = crate::scenario::params::pair_name(name) else {
            continue;
        };
        if !p.materials.contains_key(a)
            || !p.materials.contains_key(b)
            || p.pairs.iter().any(|q| q.is(a, b))
        {
            continue;
        }
        let (friction, restitution) = p.contact_between(a, b);
        p.pairs.push(crate::scenario::profile::MaterialPair {
            between: (a.to_string(), b.to_string()),
            friction,
            restitution,
        });
    }
    p
}

/// The fit's parameters, resolved against the profile.
pub struct Params {
    pub names: Vec<String>,
    tunables: Vec<Tunable>,
    pub start: Vec<f64>,
    limits: Vec<(f64, f64)>,
}

impl Params {
    pub fn new(profile: &PhysicsProfile, names: &[String]) -> Result<Self, String> {
        let mut tunables = Vec::new();
        let mut start = Vec::new();
        let mut limits = Vec::new();
        for n in names {
            let t = Tunable::find(profile, n)
                .map_err(|_| format!("{n} is not a parameter of the profile"))?;
            start.push(t.get(profile) as f64);
            let (lo, hi) = t.limits();
            limits.push((lo as f64, hi as f64));
            tunables.push(t);
        }
        Ok(Params {
            names: names.to_vec(),
            tunables,
            start,
            limits,
        })
    }

    /// The profile with the parameters at `values` (clamped to their limits).
    pub fn apply(&self, profile: &PhysicsProfile, values: &[f64]) -> PhysicsProfile {
        let mut p = profile.clone();
        for ((t, v), (lo, hi)) in self.tunables.iter().zip(values).zip(&self.limits) {
            t.set(&mut p, v.clamp(*lo, *hi) as f32);
        }
        p
    }

    /// How far one unit of a search coordinate moves parameter `i`: its
    /// starting value, or, for a parameter that starts at 0 (rolling
    /// resistance as shipped), a hundredth of its range.
    fn scale(&self, i: usize) -> f64 {
        let (lo, hi) = self.limits[i];
        if self.start[i] != 0.0 {
            self.start[i].abs()
        } else {
            (hi - lo) / 100.0
        }
    }

    /// Search coordinates (1 at the start, a unit per [`Params::scale`]) to
    /// the parameters, unclamped.
    fn unclamped(&self, coords: &[f64]) -> Vec<f64> {
        coords
            .iter()
            .enumerate()
            .map(|(i, c)| self.start[i] + (c - 1.0) * self.scale(i))
            .collect()
    }

    /// Search coordinates to the parameters, within their limits.
    pub fn value(&self, coords: &[f64]) -> Vec<f64> {
        self.unclamped(coords)
            .iter()
            .zip(&self.limits)
            .map(|(v, (lo, hi))| v.clamp(*lo, *hi))
            .collect()
    }

    /// How far outside the limits search coordinates lie, in coordinate units (squared).
    fn outside(&self, coords: &[f64]) -> f64 {
        let unclamped = self.unclamped(coords);
        let clamped = self.value(coords);
        (0..coords.len())
            .map(|i| ((unclamped[i] - clamped[i]) / self.scale(i)).powi(2))
            .sum()
    }
}

/// The sum of squared residuals of every measurement under `profile`,
/// measurements replayed on every core (summed in order: deterministic).
pub fn chi_square(profile: &PhysicsProfile, file: &MeasurementsFile) -> f64 {
    let each: Vec<f64> = file
        .measurements
        .par_iter()
        .map(|m| {
            residuals(m, &simulate(profile, m))
                .iter()
                .map(|r| r * r)
                .sum()
        })
        .collect();
    each.iter().sum()
}

/// How far a fit went.
pub struct FitResult {
    pub values: Vec<f64>,
    pub chi_square: f64,
    pub generations: usize,
    pub evaluations: usize,
    /// Each parameter's 1σ spread from the data (Δχ² = 1 with the others at
    /// their fit); `None` where χ² does not rise around the fit (the data
    /// cannot tell the parameter apart).
    pub spread: Vec<Option<f64>>,
}

impl FitResult {
    /// Whether the data tell parameter `i` apart: χ² rises around the fit,
    /// and its spread is under half its value.
    pub fn told_apart(&self, i: usize) -> bool {
        matches!(self.spread[i], Some(s) if s < 0.5 * self.values[i].abs())
    }

    /// The values a fitted profile keeps: the fit's where the data tell a
    /// parameter apart, `start` (the profile's own) where they do not.
    pub fn kept(&self, start: &[f64]) -> Vec<f64> {
        (0..self.values.len())
            .map(|i| {
                if self.told_apart(i) {
                    self.values[i]
                } else {
                    start[i]
                }
            })
            .collect()
    }
}

/// Fits `params` to the measurements by CMA-ES from the profile's values
/// (search coordinates: each parameter in units of its starting value, or
/// of a hundredth of its range where it starts at 0; step 0.2),
/// at most `generations`, stopping once the search's step is below 1e-4.
/// `progress` is told each generation.
pub fn fit(
    profile: &PhysicsProfile,
    file: &MeasurementsFile,
    params: &Params,
    generations: usize,
    seed: u64,
    mut progress: impl FnMut(usize, f64),
) -> FitResult {
    let n = params.names.len();
    let mut es = cmaes::Cmaes::new(&vec![1.0; n], 0.2, seed);
    // The profile's own values are a candidate too: a fit never ends worse.
    es.best.1 = chi_square(profile, file);
    let mut evaluations = 1;
    for _ in 0..generations {
        let candidates = es.ask();
        let values: Vec<f64> = candidates
            .iter()
            .map(|c| {
                let v = params.value(c.as_slice());
                // Outside the limits: the clamped value, plus how far out.
                chi_square(&params.apply(profile, &v), file) + 1e6 * params.outside(c.as_slice())
            })
            .collect();
        evaluations += candidates.len();
        es.tell(&candidates, &values);
        progress(es.generation(), es.best.1);
        if es.sigma < 1e-4 {
            break;
        }
    }
    let values = params.value(es.best.0.as_slice());
    let best = es.best.1;
    let spread = spreads(profile, file, params, &values, best);
    FitResult {
        values,
        chi_square: best,
        generations: es.generation(),
        evaluations,
        spread,
    }
}

/// Each parameter's spread: χ² at ±h around the fit, a parabola through the
/// three, and the distance at which it rises by 1.
fn spreads(
    profile: &PhysicsProfile,
    file: &MeasurementsFile,
    params: &Params,
    values: &[f64],
    at_fit: f64,
) -> Vec<Option<f64>> {
    (0..values.len())
        .map(|i| {
            let h = values[i].abs().max(1e-6) * 0.02;
            let chi = |d: f64| {
                let mut v = values.to_vec();
                v[i] += d;
                chi_square(&params.apply(profile, &v), file)
            };
            let curvature = (chi(h) + chi(-h) - 2.0 * at_fit) / (h * h);
            (curvature > 0.0).then(|| (2.0 / curvature).sqrt())
        })
        .collect()
}

/// A measurement in a few words, for the report.
pub fn describe(m: &Measurement) -> String {
    match m {
        Measurement::Slide {
            piece,
            speed: Some(v),
            spin,
            ..
        } => format!("slide {piece} {v} m/s {spin} rad/s"),
        Measurement::Slide {
            piece,
            strength,
            offset,
            ..
        } => format!(
            "slide {piece} flick {:.2} off {offset}",
            strength.unwrap_or(0.0)
        ),
        Measurement::Bounce { piece, height, .. } => format!("bounce {piece} from {height} m"),
        Measurement::Tilt { tilt_deg, .. } => format!("tilt a cowboy {tilt_deg}°"),
        Measurement::Knock {
            strength, distance, ..
        } => format!("knock {distance} m at {strength}"),
        Measurement::Hit {
            striker,
            target,
            speed,
            cut,
            ..
        } => format!("hit {striker} {speed} m/s into {target} cut {cut}"),
    }
}

/// What was measured, in the report's units.
pub fn show_measured(m: &Measurement) -> String {
    match m {
        Measurement::Slide {
            distance,
            turned_deg,
            ..
        } => match turned_deg {
            Some(t) => format!("{:>6.1} cm {:>6.0}°", distance * 100.0, t),
            None => format!("{:>6.1} cm        ", distance * 100.0),
        },
        Measurement::Bounce { rise, .. } => format!("{:>6.2} mm        ", rise * 1000.0),
        Measurement::Tilt { toppled, .. } | Measurement::Knock { toppled, .. } => {
            format!("{:>17}", if *toppled { "fell" } else { "stood" })
        }
        Measurement::Hit {
            deflection_deg,
            slid,
            ..
        } => match slid {
            Some(d) => format!("{:>6.1} cm {:>5.1}°", d * 100.0, deflection_deg),
            None => format!("          {:>5.1}°", deflection_deg),
        },
    }
}

/// What the table did, in the report's units.
pub fn show(s: &Simulated) -> String {
    match s {
        Simulated::Slide {
            distance,
            turned_deg,
        } => format!("{:>6.1} cm {:>6.0}°", distance * 100.0, turned_deg),
        Simulated::Bounce { rise } => format!("{:>6.2} mm        ", rise * 1000.0),
        Simulated::Fell(f) => format!("{:>17}", if *f { "fell" } else { "stood" }),
        Simulated::Hit {
            deflection_deg,
            slid,
        } => format!("{:>6.1} cm {:>5.1}°", slid * 100.0, deflection_deg),
    }
}

pub fn show_residuals(r: &[f64]) -> String {
    r.iter()
        .map(|v| format!("{v:+.2}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parameter_that_starts_at_zero_can_still_move() {
        // Rolling resistance off: a parameter starting at zero.
        let mut profile = PhysicsProfile::load_default().unwrap();
        profile.contact.rolling_resistance = 0.0;
        let names = ["rolling_resistance".to_string(), "gravity".to_string()];
        let params = Params::new(&profile, &names).unwrap();
        assert_eq!(params.value(&[1.0, 1.0]), vec![0.0, 9.81f32 as f64]);
        let moved = params.value(&[1.5, 1.1]);
        assert!(moved[0] > 0.0, "{moved:?}");
        assert!((moved[1] - 1.1 * 9.81f32 as f64).abs() < 1e-9, "{moved:?}");
        // Below its limit (0) it is clamped, and the search is told how far out.
        assert_eq!(params.value(&[0.5, 1.0])[0], 0.0);
        assert!(params.outside(&[0.5, 1.0]) > 0.0);
        assert_eq!(params.outside(&[1.2, 1.0]), 0.0);
    }
}
