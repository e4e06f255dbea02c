//! A file of measured flicks (docs/tuning.md, "Fitting the table to
//! measured flicks"): which of the profile's parameters to fit, and what was
//! measured, each with its error. Read loosely first, so that every problem
//! (a NaN, a negative distance, an unknown piece, a parameter the profile
//! does not have) is listed at its file:line:col.

use std::path::Path;

use serde::Deserialize;

use crate::physics::pieces::DiscKind;
use crate::scenario::params::Tunable;
use crate::scenario::{DataError, PhysicsProfile, Problems, parse_ron};

/// The file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeasurementsFile {
    /// What the data are and how they were taken (copied into the fitted profile).
    pub about: String,
    /// The profile's parameters to fit, as `tune` names them
    /// (`materials.pine.friction`, `movement_disc_speed`).
    pub fit: Vec<String>,
    pub measurements: Vec<Measurement>,
}

/// One measured flick or test.
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub enum Measurement {
    /// A disc sent across an empty table: either its start `speed` (m/s)
    /// and `spin` (rad/s, about the vertical) read off a film, or the
    /// flick's `strength` (0–1) and `offset` (−1…1, where the finger met
    /// the rim); the distance it slid (m) and, if read, the angle it turned
    /// through (degrees), each with its error.
    Slide {
        piece: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        speed: Option<f64>,
        #[serde(default)]
        spin: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        strength: Option<f64>,
        #[serde(default)]
        offset: f64,
        distance: f64,
        distance_error: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turned_deg: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turned_error_deg: Option<f64>,
    },
    /// A disc dropped flat from `height` (m, the gap under it): how high
    /// it rose after the first bounce (m).
    Bounce {
        piece: String,
        height: f64,
        rise: f64,
        rise_error: f64,
    },
    /// A standing cowboy tilted `tilt_deg` on the edge of his base and let
    /// go: whether he fell.
    Tilt { tilt_deg: f64, toppled: bool },
    /// A bullet flicked straight at a standing cowboy `distance` m away at
    /// `strength`: whether he fell.
    Knock {
        strength: f64,
        distance: f64,
        toppled: bool,
    },
    /// A disc (`striker`) sent at `speed` m/s (read off a film) into a disc
    /// at rest (`target`) whose rim was `gap` m ahead along the line of the
    /// shot and whose centre sat `cut` × the sum of the two radii to the
    /// shot's right (0 meets it full, 1 grazes it): the direction the struck
    /// disc left at (degrees from the line of the shot, + to its right, read
    /// from where it came to rest) and, if read, how far it slid (m), each
    /// with its error.
    Hit {
        striker: String,
        target: String,
        speed: f64,
        gap: f64,
        cut: f64,
        deflection_deg: f64,
        deflection_error_deg: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        slid: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        slid_error: Option<f64>,
    },
}

impl Measurement {
    /// The variant's name as written (the anchor of its entry in the text).
    pub fn kind(&self) -> &'static str {
        match self {
            Measurement::Slide { .. } => "Slide",
            Measurement::Bounce { .. } => "Bounce",
            Measurement::Tilt { .. } => "Tilt",
            Measurement::Knock { .. } => "Knock",
            Measurement::Hit { .. } => "Hit",
        }
    }
}

/// The pieces a measurement may name.
pub const PIECES: [(&str, DiscKind); 2] = [
    ("movement_disc", DiscKind::Movement),
    ("bullet", DiscKind::Bullet),
];

pub fn piece(name: &str) -> Option<DiscKind> {
    PIECES.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// Every problem of one measurement, as (field, message).
fn problems_of(m: &Measurement) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut range = |field: &'static str, v: f64, lo: f64, hi: f64| {
        if !(v.is_finite() && v >= lo && v <= hi) {
            out.push((
                field,
                format!("{field} is {v}, it must be between {lo} and {hi}"),
            ));
        }
    };
    match m {
        Measurement::Slide {
            speed,
            spin,
            strength,
            offset,
            distance,
            distance_error,
            turned_deg,
            turned_error_deg,
            ..
        } => {
            if let Some(s) = speed {
                range("speed", *s, 0.0, 10.0);
            }
            range("spin", *spin, -94.0, 94.0);
            if let Some(s) = strength {
                range("strength", *s, 0.0, 1.0);
            }
            range("offset", *offset, -1.0, 1.0);
            range("distance", *distance, 0.0, 2.0);
            range("distance_error", *distance_error, 1e-6, 1.0);
            if let Some(t) = turned_deg {
                range("turned_deg", *t, 0.0, 1e5);
            }
            if let Some(e) = turned_error_deg {
                range("turned_error_deg", *e, 1e-6, 1e4);
            }
        }
        Measurement::Bounce {
            height,
            rise,
            rise_error,
            ..
        } => {
            range("height", *height, 0.0, 1.0);
            range("rise", *rise, 0.0, 1.0);
            range("rise_error", *rise_error, 1e-6, 1.0);
        }
        Measurement::Tilt { tilt_deg, .. } => range("tilt_deg", *tilt_deg, 0.0, 90.0),
        Measurement::Knock {
            strength, distance, ..
        } => {
            range("strength", *strength, 0.0, 1.0);
            range("distance", *distance, 0.02, 0.6);
        }
        Measurement::Hit {
            speed,
            gap,
            cut,
            deflection_deg,
            deflection_error_deg,
            slid,
            slid_error,
            ..
        } => {
            range("speed", *speed, 0.05, 10.0);
            range("gap", *gap, 0.0, 0.5);
            range("cut", *cut, -0.99, 0.99);
            range("deflection_deg", *deflection_deg, -90.0, 90.0);
            range("deflection_error_deg", *deflection_error_deg, 1e-6, 90.0);
            if let Some(d) = slid {
                range("slid", *d, 0.0, 2.0);
            }
            if let Some(e) = slid_error {
                range("slid_error", *e, 1e-6, 1.0);
            }
        }
    }
    let (speed, strength) = match m {
        Measurement::Slide {
            speed, strength, ..
        } => (*speed, *strength),
        _ => (Some(0.0), None),
    };
    if speed.is_some() == strength.is_some() {
        out.push((
            "piece",
            "a slide gives its start speed (speed, spin) or its flick (strength, offset), one of the two".into(),
        ));
    }
    if let Measurement::Slide {
        turned_deg,
        turned_error_deg,
        ..
    } = m
        && turned_deg.is_some() != turned_error_deg.is_some()
    {
        out.push(("turned_deg", "turned_deg needs its turned_error_deg".into()));
    }
    if let Measurement::Hit {
        striker,
        target,
        slid,
        slid_error,
        ..
    } = m
    {
        if slid.is_some() != slid_error.is_some() {
            out.push(("slid", "slid needs its slid_error".into()));
        }
        if striker == target && piece(target) == Some(DiscKind::Movement) {
            out.push((
                "target",
                "there is one movement disc: it cannot strike itself".into(),
            ));
        }
    }
    out
}

impl MeasurementsFile {
    pub fn load(path: &Path, profile: &PhysicsProfile) -> Result<Self, Problems> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Problems(vec![DataError::new(
                path,
                format!("cannot read the file: {e}"),
            )])
        })?;
        Self::parse(path, &text, profile)
    }

    /// Reads and checks the text (`path` names it in the problems): every
    /// problem listed at its place, or the file.
    pub fn parse(path: &Path, text: &str, profile: &PhysicsProfile) -> Result<Self, Problems> {
        let file: Self = parse_ron(path, text).map_err(|e| Problems(vec![e]))?;
        let mut out = Vec::new();
        if file.fit.is_empty() {
            out.push(DataError::at_text(
                path,
                text,
                "fit:",
                "fit names no parameter",
            ));
        }
        let profile = &super::with_named_pairs(profile, &file.fit);
        for name in &file.fit {
            if let Err(known) = Tunable::find(profile, name) {
                out.push(DataError::at_text(
                    path,
                    text,
                    &format!("\"{name}\""),
                    format!(
                        "\"{name}\" is not a parameter of the profile (it has {})",
                        known.join(", ")
                    ),
                ));
            }
        }
        if file.measurements.is_empty() {
            out.push(DataError::at_text(
                path,
                text,
                "measurements:",
                "there are no measurements",
            ));
        }
        let mut nth = std::collections::BTreeMap::<&str, usize>::new();
        for m in &file.measurements {
            let kind = m.kind();
            let k = *nth.entry(kind).and_modify(|k| *k += 1).or_insert(0);
            let anchor = format!("{kind}(");
            let at = |key: &str, message: String| {
                DataError::at_key_in_nth(path, text, &anchor, k, key, message)
            };
            let named: Vec<(&str, &String)> = match m {
                Measurement::Slide { piece: p, .. } | Measurement::Bounce { piece: p, .. } => {
                    vec![("piece:", p)]
                }
                Measurement::Hit {
                    striker, target, ..
                } => vec![("striker:", striker), ("target:", target)],
                _ => vec![],
            };
            for (key, p) in named {
                if piece(p).is_none() {
                    let names: Vec<_> = PIECES.iter().map(|(n, _)| *n).collect();
                    out.push(at(
                        key,
                        format!("unknown piece \"{p}\": the pieces are {}", names.join(", ")),
                    ));
                }
            }
            for (field, message) in problems_of(m) {
                out.push(at(&format!("{field}:"), message));
            }
        }
        if out.is_empty() {
            Ok(file)
        } else {
            Err(Problems(out))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text`'s problems are exactly `expect`, each the start of one shown.
    fn assert_problems(text: &str, expect: &[&str]) {
        let problems = check(text).unwrap_err().0;
        let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), expect.len(), "{shown:#?}");
        for e in expect {
            assert!(
                shown.iter().any(|s| s.starts_with(e)),
                "{e} not in {shown:#?}"
            );
        }
    }

    fn check(text: &str) -> Result<MeasurementsFile, Problems> {
        let profile = PhysicsProfile::load_default().unwrap();
        MeasurementsFile::parse(Path::new("m.ron"), text, &profile)
    }

    #[test]
    fn every_problem_of_a_measurements_file_is_listed_at_its_place() {
        let text = r#"(
    about: "test",
    fit: ["materials.pine.friction", "materials.pine.stickiness"],
    measurements: [
        Slide(piece: "movement_disc", speed: Some(1.0), distance: NaN, distance_error: 0.003),
        Slide(piece: "movement_disc", speed: Some(1.0),
              distance: -0.2, distance_error: 0.003),
        Bounce(piece: "sheriff", height: 0.05, rise: 0.003, rise_error: 0.001),
        Tilt(tilt_deg: 120.0, toppled: true),
    ],
)"#;
        let expect = [
            "m.ron:3:38: \"materials.pine.stickiness\" is not a parameter",
            "m.ron:5:57: distance is NaN",
            "m.ron:7:15: distance is -0.2",
            "m.ron:8:16: unknown piece \"sheriff\"",
            "m.ron:9:14: tilt_deg is 120",
        ];
        assert_problems(text, &expect);
    }

    #[test]
    fn every_problem_of_a_hit_is_listed_at_its_place() {
        let text = r#"(about: "", fit: ["pairs.pine/grey_beech.restitution", "pairs.pine/felt.friction"],
    measurements: [
        Hit(striker: "movement_disc", target: "sheriff", speed: 1.0, gap: 0.05, cut: 1.5,
            deflection_deg: 20.0, deflection_error_deg: 2.0),
        Hit(striker: "movement_disc", target: "movement_disc", speed: NaN, gap: 0.05,
            cut: 0.2, deflection_deg: 20.0, deflection_error_deg: 2.0, slid: Some(0.1)),
    ])"#;
        // The pair of two materials the profile has is fitted (added); the
        // one with a material it lacks is refused.
        let expect = [
            "m.ron:1:56: \"pairs.pine/felt.friction\" is not a parameter",
            "m.ron:3:39: unknown piece \"sheriff\"",
            "m.ron:3:81: cut is 1.5",
            "m.ron:5:64: speed is NaN",
            "m.ron:6:72: slid needs its slid_error",
            "m.ron:5:39: there is one movement disc",
        ];
        assert_problems(text, &expect);
    }

    #[test]
    fn a_slide_needs_its_speed_or_its_strength() {
        let text = r#"(about: "", fit: ["gravity"], measurements: [
            Slide(piece: "bullet", distance: 0.2, distance_error: 0.01),
        ])"#;
        let shown = check(text).unwrap_err().to_string();
        assert!(shown.contains("one of the two"), "{shown}");
    }

    #[test]
    fn the_example_file_loads() {
        let path = crate::scenario::data_root().join("docs/examples/measured-flicks.ron");
        let profile = PhysicsProfile::load_default().unwrap();
        let file = MeasurementsFile::load(&path, &profile).unwrap();
        assert!(file.measurements.len() >= 50);
    }
}
