//! Measurements made by the simulator itself at a known profile, with
//! stated noise: the example file docs/examples/measured-flicks.ron and
//! the fit's recovery test. Never data from a real table.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Normal};

use super::measurements::Measurement;
use super::{Simulated, simulate};
use crate::scenario::PhysicsProfile;

/// The noise added, one standard deviation: a slide's distance 3 mm plus
/// 2% (a ruler read off a slow-motion film), its turn 10°, a bounce's rise
/// 0.5 mm.
pub const NOISE: &str = "slide distance ±(3 mm + 2%), turn ±10°, bounce rise ±0.5 mm, a struck disc's direction ±2° and slide ±(3 mm + 3%) (1σ, Gaussian)";

/// The 50 measurements of the example: slides of each disc at six start
/// speeds and four with spin, flicks of each disc at seven strengths,
/// drops, tilted cowboys and knocks.
pub fn plan() -> Vec<Measurement> {
    let mut out = Vec::new();
    let slide = |piece: &str, speed: Option<f64>, spin: f64, strength: Option<f64>, offset: f64| {
        Measurement::Slide {
            piece: piece.into(),
            speed,
            spin,
            strength,
            offset,
            distance: 0.0,
            distance_error: 0.0,
            turned_deg: None,
            turned_error_deg: None,
        }
    };
    for piece in ["movement_disc", "bullet"] {
        for v in [0.6, 0.9, 1.2, 1.5, 1.8, 2.1] {
            out.push(slide(piece, Some(v), 0.0, None, 0.0));
        }
        for (v, w) in [(0.8, 40.0), (1.0, 70.0), (1.4, 30.0), (0.6, 80.0)] {
            out.push(slide(piece, Some(v), w, None, 0.0));
        }
    }
    for k in [0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 1.0] {
        out.push(slide("movement_disc", None, 0.0, Some(k), 0.0));
        out.push(slide("bullet", None, 0.0, Some(k), 0.5));
    }
    for h in [0.05, 0.1] {
        for piece in ["movement_disc", "bullet"] {
            out.push(Measurement::Bounce {
                piece: piece.into(),
                height: h,
                rise: 0.0,
                rise_error: 0.0,
            });
        }
    }
    for t in [8.0, 11.0, 12.0, 13.0, 14.0, 15.0, 18.0] {
        out.push(Measurement::Tilt {
            tilt_deg: t,
            toppled: false,
        });
    }
    for (k, d) in [(0.15, 0.2), (0.3, 0.3), (0.5, 0.4), (0.8, 0.5), (0.25, 0.1)] {
        out.push(Measurement::Knock {
            strength: k,
            distance: d,
            toppled: false,
        });
    }
    out
}

/// Hits for a pair of the discs' woods: the movement disc into a bullet and
/// a bullet into a bullet, at five speeds and five cuts each (50), 5 cm apart.
pub fn hit_plan() -> Vec<Measurement> {
    let mut out = Vec::new();
    for (striker, target) in [("movement_disc", "bullet"), ("bullet", "bullet")] {
        for speed in [0.8, 1.0, 1.2, 1.4, 1.6] {
            for cut in [0.0, 0.2, 0.4, 0.6, 0.8] {
                out.push(Measurement::Hit {
                    striker: striker.into(),
                    target: target.into(),
                    speed,
                    gap: 0.05,
                    cut,
                    deflection_deg: 0.0,
                    deflection_error_deg: 0.0,
                    slid: None,
                    slid_error: None,
                });
            }
        }
    }
    out
}

/// The example's plan ([`plan`]) as the table under `truth` makes it, with
/// [`NOISE`] drawn from `seed`.
pub fn measurements(truth: &PhysicsProfile, seed: u64) -> Vec<Measurement> {
    measure(truth, plan(), seed)
}

/// `planned` measurements as the table under `truth` makes them, with
/// [`NOISE`] drawn from `seed`.
pub fn measure(truth: &PhysicsProfile, planned: Vec<Measurement>, seed: u64) -> Vec<Measurement> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut gauss = |sigma: f64| {
        Normal::new(0.0, sigma)
            .expect("a finite σ")
            .sample(&mut rng)
    };
    planned
        .into_iter()
        .map(|m| match (m.clone(), simulate(truth, &m)) {
            (
                Measurement::Slide {
                    piece,
                    speed,
                    spin,
                    strength,
                    offset,
                    ..
                },
                Simulated::Slide {
                    distance,
                    turned_deg,
                },
            ) => {
                let e = 0.003 + 0.02 * distance;
                let turned = (spin != 0.0 || offset != 0.0).then_some(turned_deg);
                Measurement::Slide {
                    piece,
                    speed,
                    spin,
                    strength,
                    offset,
                    distance: round((distance + gauss(e)).max(0.0)),
                    distance_error: round(e),
                    turned_deg: turned.map(|t| round((t + gauss(10.0)).max(0.0))),
                    turned_error_deg: turned.map(|_| 10.0),
                }
            }
            (Measurement::Bounce { piece, height, .. }, Simulated::Bounce { rise }) => {
                Measurement::Bounce {
                    piece,
                    height,
                    rise: round((rise + gauss(0.0005)).max(0.0)),
                    rise_error: 0.0005,
                }
            }
            (Measurement::Tilt { tilt_deg, .. }, Simulated::Fell(f)) => Measurement::Tilt {
                tilt_deg,
                toppled: f,
            },
            (
                Measurement::Knock {
                    strength, distance, ..
                },
                Simulated::Fell(f),
            ) => Measurement::Knock {
                strength,
                distance,
                toppled: f,
            },
            (
                mut hit @ Measurement::Hit { .. },
                Simulated::Hit {
                    deflection_deg,
                    slid,
                },
            ) => {
                if let Measurement::Hit {
                    deflection_deg: d,
                    deflection_error_deg,
                    slid: s,
                    slid_error,
                    ..
                } = &mut hit
                {
                    let e = 0.003 + 0.03 * slid;
                    *d = round(deflection_deg + gauss(2.0));
                    *deflection_error_deg = 2.0;
                    *s = Some(round((slid + gauss(e)).max(0.0)));
                    *slid_error = Some(round(e));
                }
                hit
            }
            (m, _) => m,
        })
        .collect()
}

fn round(v: f64) -> f64 {
    (v * 1e5).round() / 1e5
}

/// A measurements file's text: `about`, the parameters to fit, the measurements.
pub fn file_text(about: &str, fit: &[&str], measurements: &[Measurement]) -> String {
    let mut s = format!(
        "// Measured flicks for `highnoon fit` (docs/tuning.md).\n(\n    about: {about:?},\n    fit: [{}],\n    measurements: [\n",
        fit.iter()
            .map(|f| format!("{f:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for m in measurements {
        let line = ron::ser::to_string(m).unwrap_or_default();
        s.push_str(&format!("        {line},\n"));
    }
    s.push_str("    ],\n)\n");
    s
}
