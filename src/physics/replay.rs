//! Table replays: flicks on a town with no game's rules (the sandbox, a
//! sweep's flick) as a RON file: the town, the physics profile and the
//! parameters set on it, and each flick to the bit (the disc, where it was put
//! down first if it was, direction, strength, spin), with the pose hash the
//! table had after each. `highnoon replay FILE` re-simulates one headless (or
//! in the window) and says whether the table still ends where it did; whole
//! games have their own replays ([`crate::flick::replay`]).
//!
//! Written by `tune SWEEP --replay SETTING:FLICK` (one row of a sweep) and by
//! the sandbox's `F5` (the flicks since the town was laid out or reset).

use std::path::Path;

use bevy::math::Vec2;
use serde::{Deserialize, Serialize};

use super::Table;
use super::table::{Flick, FlickOutcome};
use crate::scenario::params::Tunable;
use crate::scenario::{DataError, PhysicsProfile, Problems, Town, data_path, load_ron};

/// One flick of a table replay, every number as given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFlick {
    /// The flicked piece's name (as the town names it, e.g. "lawman bullet 1").
    pub piece: String,
    /// Where the piece was put down (x, z metres, facing 0) before the flick.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<(f32, f32)>,
    /// The direction on the table (x, z).
    pub direction: (f32, f32),
    /// 0 to 1, as the mouse gives it.
    pub strength: f32,
    /// The finger's offset from the disc's centre, fraction of the radius (−1 to 1).
    #[serde(default)]
    pub spin: f32,
    /// The table's pose hash after this flick, as recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<u64>,
}

/// A table replay file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableReplay {
    /// Where it came from (a sweep's row, the sandbox), for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The town, relative to the data root (or absolute).
    pub town: String,
    /// The physics profile, likewise (default: `assets/physics.ron`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// Tunable parameters set on the profile (`tune`'s names), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<(String, f32)>,
    pub flicks: Vec<TableFlick>,
    /// The table's pose hash after the last flick, as recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_hash: Option<u64>,
}

/// A table replay checked against its town: the profile it runs on and each
/// flick with its piece found.
#[derive(Debug, Clone)]
pub struct CheckedTableReplay {
    pub replay: TableReplay,
    pub profile: PhysicsProfile,
    pub town: Town,
    /// Per flick: where the piece is put down first, and the flick.
    pub flicks: Vec<(Option<Vec2>, Flick)>,
}

/// One flick re-simulated: what it did and the pose hash after it.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRerunStep {
    pub outcome: FlickOutcome,
    pub hash: u64,
}

impl TableFlick {
    /// A flick as the table took it, with the piece's name and where it was put down.
    pub fn of(name: &str, place: Option<Vec2>, flick: &Flick, hash: Option<u64>) -> TableFlick {
        TableFlick {
            piece: name.to_string(),
            place: place.map(|p| (p.x, p.y)),
            direction: (flick.direction.x, flick.direction.y),
            strength: flick.strength,
            spin: flick.spin,
            hash,
        }
    }
}

impl TableReplay {
    /// Writes the replay whole or not at all; the error names the file.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        crate::files::write_whole(path, text + "\n")
    }

    /// Reads and checks a table replay: the town and profile load, every
    /// parameter is known and within its limits, every piece is on the town,
    /// every flick is a flick. Each problem names its file, line and column.
    pub fn load(path: &Path) -> Result<CheckedTableReplay, Problems> {
        let (replay, text): (TableReplay, String) = load_ron(path)?;
        replay.check(path, &text)
    }

    /// Checks a replay read from `text` (the file `path`).
    pub fn check(self, path: &Path, text: &str) -> Result<CheckedTableReplay, Problems> {
        let profile_name = self.profile.as_deref().unwrap_or("assets/physics.ron");
        let mut profile = PhysicsProfile::load(&data_path(profile_name))
            .map_err(|e| e.in_named_file(path, text, "profile", profile_name))?;
        let mut problems = Vec::new();
        let at =
            |needle: &str, nth: usize, msg: String| DataError::at_nth(path, text, needle, nth, msg);
        for (name, value) in &self.set {
            let needle = format!("\"{name}\"");
            match Tunable::find(&profile, name) {
                Err(known) => problems.push(at(
                    &needle,
                    0,
                    format!("unknown parameter \"{name}\" (known: {})", known.join(", ")),
                )),
                Ok(t) => {
                    let (lo, hi) = t.limits();
                    if !(value.is_finite() && *value >= lo && *value <= hi) {
                        problems.push(at(
                            &needle,
                            0,
                            format!("{name} = {value} is outside its physical limits {lo} to {hi}"),
                        ));
                    } else {
                        t.set(&mut profile, *value);
                    }
                }
            }
        }
        Problems::check(std::mem::take(&mut problems))?;
        let town = Town::load(&data_path(&self.town), &profile)
            .map_err(|e| e.in_named_file(path, text, "town", &self.town))?;
        // The pieces' names and ids as the table lays the town out.
        let table = Table::new(profile.clone(), &town);
        let mut flicks = Vec::with_capacity(self.flicks.len());
        for (i, f) in self.flicks.iter().enumerate() {
            let here = |msg: String| at("piece:", i, format!("flick {}: {msg}", i + 1));
            let at_key = |key: &str, msg: String| {
                DataError::at_key_in_nth(
                    path,
                    text,
                    "piece:",
                    i,
                    key,
                    format!("flick {}: {msg}", i + 1),
                )
            };
            let Some(piece) = table.index().by_name(&f.piece) else {
                problems.push(here(format!("no piece named {:?} on the town", f.piece)));
                continue;
            };
            let direction = Vec2::new(f.direction.0, f.direction.1);
            for (key, msg) in flick_number_problems(f.direction, f.strength, f.spin) {
                problems.push(at_key(key, msg));
            }
            let place = f.place.map(|(x, z)| Vec2::new(x, z));
            if let Some(p) = place {
                let half = Vec2::new(profile.table.size.0, profile.table.size.1) / 2.0;
                if !(p.is_finite() && p.x.abs() <= half.x && p.y.abs() <= half.y) {
                    problems.push(at_key(
                        "place:",
                        format!("place ({}, {}) is off the table", p.x, p.y),
                    ));
                }
            }
            flicks.push((
                place,
                Flick {
                    piece: piece.id,
                    direction,
                    strength: f.strength,
                    spin: f.spin,
                },
            ));
        }
        Problems::check(problems)?;
        Ok(CheckedTableReplay {
            replay: self,
            profile,
            town,
            flicks,
        })
    }
}

impl CheckedTableReplay {
    /// The table the replay starts from: the town laid out on its profile.
    pub fn table(&self) -> Table {
        Table::new(self.profile.clone(), &self.town)
    }

    /// Re-simulates every flick from the town as laid out, headless. A flick
    /// the table refuses (its piece was knocked off the table by an earlier
    /// flick and is not put down again; a direction the physics cannot take)
    /// stops the rerun with an error naming the flick.
    pub fn rerun(&self) -> Result<Vec<TableRerunStep>, String> {
        let mut table = self.table();
        self.flicks
            .iter()
            .enumerate()
            .map(|(i, (place, flick))| {
                let outcome = play(&mut table, *place, *flick).map_err(|e| {
                    format!(
                        "flick {} ({}) is refused by the table: {e}",
                        i + 1,
                        self.replay.flicks[i].piece
                    )
                })?;
                Ok(TableRerunStep {
                    outcome,
                    hash: table.pose_hash(),
                })
            })
            .collect()
    }

    /// The first flick whose pose hash differs from the one recorded, with
    /// both hashes (`None`: every recorded hash matches).
    pub fn first_drift(&self, rerun: &[TableRerunStep]) -> Option<(usize, u64, u64)> {
        let recorded = self
            .replay
            .flicks
            .iter()
            .map(|f| f.hash)
            .chain([self.replay.final_hash]);
        let got = rerun
            .iter()
            .map(|s| s.hash)
            .chain(rerun.last().map(|s| s.hash));
        recorded
            .zip(got)
            .enumerate()
            .find_map(|(i, (want, got))| match want {
                Some(w) if w != got => Some((i.min(rerun.len().saturating_sub(1)), w, got)),
                _ => None,
            })
    }
}

/// One flick of a replay on `table`: the piece put down first if it was, then flicked to rest.
pub fn play(
    table: &mut Table,
    place: Option<Vec2>,
    flick: Flick,
) -> Result<FlickOutcome, super::table::FlickError> {
    if let Some(at) = place {
        table.place(flick.piece, at, 0.0);
    }
    table.flick_to_rest(flick)
}

/// What is wrong with a recorded flick's numbers, each with the key it is
/// written at (`direction:`, `strength:`, `spin:`): a direction must be a
/// finite, non-zero vector, a strength 0 to 1, a spin −1 to 1 — refused,
/// never clamped. Table replays and game replays read flicks alike.
pub fn flick_number_problems(
    direction: (f32, f32),
    strength: f32,
    spin: f32,
) -> Vec<(&'static str, String)> {
    let d = Vec2::new(direction.0, direction.1);
    let mut problems = Vec::new();
    if !(d.is_finite() && d.length() > 1e-6 && d.length() < 1e6) {
        problems.push((
            "direction:",
            "the direction must be a non-zero, finite vector".to_string(),
        ));
    }
    if !(0.0..=1.0).contains(&strength) {
        problems.push(("strength:", format!("strength {strength} is not 0 to 1")));
    }
    if !(-1.0..=1.0).contains(&spin) {
        problems.push(("spin:", format!("spin {spin} is not −1 to 1")));
    }
    problems
}

/// Which kind of replay a file holds, told by its fields: a table replay
/// has `flicks` and a `town`, a game's replay `steps` and a `scenario`.
pub fn is_table_replay(text: &str) -> bool {
    match ron::from_str::<ron::Value>(text) {
        Ok(ron::Value::Map(m)) => m
            .keys()
            .any(|k| matches!(k, ron::Value::String(s) if s == "flicks")),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{data_name, default_town_path};

    fn replay_of(flicks: Vec<TableFlick>) -> TableReplay {
        TableReplay {
            note: None,
            town: data_name(&default_town_path()),
            profile: None,
            set: vec![("materials.tabletop.friction".into(), 0.4)],
            flicks,
            final_hash: None,
        }
    }

    #[test]
    fn a_saved_table_replay_reads_back_and_reruns_to_its_hashes() {
        let profile = PhysicsProfile::load_default().expect("profile");
        let town = Town::load(&default_town_path(), &profile).expect("town");
        let table = Table::new(profile, &town);
        let (disc, _) = table.discs().next().expect("a disc");
        let name = table.index().get(disc).unwrap().name.clone();
        let flicks = vec![
            TableFlick {
                piece: name.clone(),
                place: Some((0.1, 0.2)),
                direction: (-0.3, -1.0),
                strength: 0.7,
                spin: 0.25,
                hash: None,
            },
            TableFlick {
                piece: name,
                place: None,
                direction: (1.0, 0.1),
                strength: 0.4,
                spin: 0.0,
                hash: None,
            },
        ];
        let dir = std::env::temp_dir().join(format!("hn-table-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.ron");
        let mut replay = replay_of(flicks);
        replay.save(&path).unwrap();
        let checked = TableReplay::load(&path).expect("loads");
        assert_eq!(checked.replay, replay);
        let first = checked.rerun().expect("reruns");
        assert_eq!(first.len(), 2);
        // The parameter was set: the profile differs from the shipped one.
        assert_eq!(
            Tunable::find(&checked.profile, "materials.tabletop.friction")
                .unwrap()
                .get(&checked.profile),
            0.4
        );
        // Hashes recorded, saved, read back: the rerun matches them to the bit.
        for (f, s) in replay.flicks.iter_mut().zip(&first) {
            f.hash = Some(s.hash);
        }
        replay.final_hash = Some(first[1].hash);
        replay.save(&path).unwrap();
        let again = TableReplay::load(&path).expect("loads");
        let second = again.rerun().expect("reruns");
        assert_eq!(again.first_drift(&second), None);
        assert_eq!(first, second);
        // A wrong recorded hash is found at its flick.
        replay.flicks[1].hash = Some(first[1].hash ^ 1);
        replay.save(&path).unwrap();
        let drifted = TableReplay::load(&path).expect("loads");
        let rerun = drifted.rerun().expect("reruns");
        assert_eq!(
            drifted.first_drift(&rerun),
            Some((1, first[1].hash ^ 1, first[1].hash))
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_broken_table_replay_names_each_place() {
        let dir = std::env::temp_dir().join(format!("hn-table-replay-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.ron");
        let text = format!(
            "(\n    town: {:?},\n    set: [(\"materials.tabletop.frixion\", 0.4), (\"gravity\", 500.0)],\n    flicks: [\n        (piece: \"nobody\", direction: (1.0, 0.0), strength: 0.5),\n    ],\n)\n",
            data_name(&default_town_path())
        );
        std::fs::write(&path, &text).unwrap();
        let e = TableReplay::load(&path).expect_err("refused").to_string();
        assert!(
            e.contains("bad.ron:3:12: unknown parameter \"materials.tabletop.frixion\""),
            "{e}"
        );
        assert!(e.contains("bad.ron:3:49: gravity = 500 is outside"), "{e}");
        // Once the parameters are right, the flick's piece is checked.
        std::fs::write(
            &path,
            text.replace(", (\"gravity\", 500.0)", "")
                .replace("frixion", "friction"),
        )
        .unwrap();
        let e = TableReplay::load(&path).expect_err("refused").to_string();
        assert!(
            e.contains("bad.ron:5:10: flick 1: no piece named \"nobody\""),
            "{e}"
        );
        // A syntax error has its place too.
        std::fs::write(&path, "(\n    town: \"x\",\n    flicks: [(piece: ]\n)\n").unwrap();
        let e = TableReplay::load(&path).expect_err("refused").to_string();
        assert!(e.contains("bad.ron:3:"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_two_kinds_of_replay_are_told_apart() {
        assert!(is_table_replay("(town: \"t.ron\", flicks: [])"));
        assert!(!is_table_replay(
            "(scenario: \"s.ron\", seed: 1, steps: [])"
        ));
        assert!(!is_table_replay("not ron at all ("));
    }
}
