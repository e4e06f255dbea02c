//! Loading a physics profile and checking what serde cannot: every material
//! a piece names exists, and every number is physical. Above the profile's
//! types and the table of tunable parameters, whose limits it checks.

use std::path::Path;

use super::params::{MATERIAL_FIELDS, TABLE};
use super::profile::PhysicsProfile;
use super::{DataError, Problems, default_profile_path, line_col, load_ron};

/// A setting checked against a range: dotted name, value, least, greatest.
type Range = (&'static str, f32, f32, f32);

impl PhysicsProfile {
    /// Loads and validates a profile file.
    pub fn load(path: &Path) -> Result<Self, Problems> {
        let (profile, text): (Self, String) = load_ron(path)?;
        profile.validate(path, &text)?;
        Ok(profile)
    }

    /// Loads the profile shipped in the repository.
    pub fn load_default() -> Result<Self, Problems> {
        Self::load(&default_profile_path())
    }

    /// Checks what serde cannot: names resolve, numbers are physical.
    pub fn validate(&self, path: &Path, text: &str) -> Result<(), Problems> {
        let mut out = self.unknown_material_problems(path, text);
        out.extend(self.range_problems(path, text));
        out.extend(self.material_field_problems(path, text));
        out.extend(self.pair_problems(path, text));
        out.extend(self.size_problems(path, text));
        out.extend(self.largest_size_problems(path, text));
        out.extend(self.solver_problems(path, text));
        Problems::check(out)
    }

    /// Every material the table and the pieces name.
    fn referenced_materials(&self) -> Vec<&str> {
        let p = &self.pieces;
        vec![
            &self.table.material,
            &p.movement_disc.material,
            &p.bullet.material,
            &p.figure.material,
            &p.building.block_material,
            &p.building.facade_material,
            &p.gallows.material,
            &p.barrel.material,
            &p.cactus.material,
            &p.fence.material,
            &p.tumbleweed.material,
        ]
        .into_iter()
        .map(String::as_str)
        .collect()
    }

    /// A material named by the table or a piece that the profile lacks.
    fn unknown_material_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        for name in self.referenced_materials() {
            if !self.materials.contains_key(name) {
                out.push(DataError::at_text(
                    path,
                    text,
                    &format!("\"{name}\""),
                    format!(
                        "unknown material \"{name}\" (known: {:?})",
                        self.materials.keys().collect::<Vec<_>>()
                    ),
                ));
            }
        }
        out
    }

    /// A setting outside its physical range, at its key inside its section.
    fn range_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        // Physical ranges: outside them the solver diverges (and a diverging
        // solver can fail inside the collision code), so they are refused here.
        let ranges = self
            .tunable_ranges()
            .into_iter()
            .chain(self.edge_radius_ranges())
            .chain(self.dice_ranges())
            .chain(self.card_ranges());
        let mut out = Vec::new();
        for (field, value, min, max) in ranges {
            if !(value.is_finite() && value >= min && value <= max) {
                let message = format!("`{field}` must be between {min} and {max}, got {value}");
                // A dotted field at its key inside its section.
                out.push(DataError::at_field(path, text, field, message));
            }
        }
        out
    }

    /// The tunable parameters, whose limits come from the one table the sweeps use.
    fn tunable_ranges(&self) -> Vec<Range> {
        TABLE
            .iter()
            .map(|p| (p.name, (p.get)(self), p.min, p.max))
            .collect()
    }

    /// The discs' rounded edges: less than half a disc's height.
    fn edge_radius_ranges(&self) -> Vec<Range> {
        vec![
            (
                "movement_disc.edge_radius",
                self.pieces.movement_disc.edge_radius,
                0.0,
                (self.pieces.movement_disc.height * 0.45).max(0.0),
            ),
            (
                "bullet.edge_radius",
                self.pieces.bullet.edge_radius,
                0.0,
                (self.pieces.bullet.height * 0.45).max(0.0),
            ),
        ]
    }

    /// The dice and their tray.
    fn dice_ranges(&self) -> Vec<Range> {
        // Limits that follow the die's size use a size in range, so one bad
        // number is reported once, not again through the others.
        let die = if (0.005..=0.1).contains(&self.dice.size) {
            self.dice.size
        } else {
            0.005
        };
        vec![
            ("dice.size", self.dice.size, 0.005, 0.1),
            ("dice.edge_radius", self.dice.edge_radius, 0.0, die * 0.45),
            ("dice.density", self.dice.density, 100.0, 20_000.0),
            ("dice.friction", self.dice.friction, 0.0, 5.0),
            ("dice.restitution", self.dice.restitution, 0.0, 1.0),
            ("dice.linear_damping", self.dice.linear_damping, 0.0, 100.0),
            (
                "dice.angular_damping",
                self.dice.angular_damping,
                0.0,
                100.0,
            ),
            (
                "dice.tray_size",
                worst(
                    &[self.dice.tray_size.0, self.dice.tray_size.1],
                    die * 4.0,
                    2.0,
                ),
                die * 4.0,
                2.0,
            ),
            ("dice.wall_height", self.dice.wall_height, die * 0.5, 0.5),
            ("dice.wall_thickness", self.dice.wall_thickness, 0.001, 0.1),
            ("dice.tray_friction", self.dice.tray_friction, 0.0, 5.0),
            (
                "dice.tray_restitution",
                self.dice.tray_restitution,
                0.0,
                1.0,
            ),
            ("dice.dt", self.dice.dt, 1e-4, 0.02),
            ("dice.sleep_speed", self.dice.sleep_speed, 0.0, 10.0),
            (
                "dice.time_until_sleep",
                self.dice.time_until_sleep,
                0.0,
                5.0,
            ),
            ("dice.max_seconds", self.dice.max_seconds, 0.5, 60.0),
            (
                "dice.cocked_tolerance_deg",
                self.dice.cocked_tolerance_deg,
                0.5,
                40.0,
            ),
            (
                "dice.throw_speed",
                self.dice.throw_speed.0,
                0.0,
                self.dice.throw_speed.1,
            ),
            (
                "dice.throw_speed",
                self.dice.throw_speed.1,
                self.dice.throw_speed.0,
                10.0,
            ),
            (
                "dice.throw_height",
                self.dice.throw_height.0,
                0.0,
                self.dice.throw_height.1,
            ),
            (
                "dice.throw_height",
                self.dice.throw_height.1,
                self.dice.throw_height.0,
                1.0,
            ),
            ("dice.throw_spin", self.dice.throw_spin, 0.0, 200.0),
        ]
    }

    /// The tossed card, the play mat and the hand that tosses.
    fn card_ranges(&self) -> Vec<Range> {
        vec![
            (
                "cards.card_size",
                worst(&[self.cards.card_size.0, self.cards.card_size.1], 0.01, 0.3),
                0.01,
                0.3,
            ),
            (
                "cards.card_thickness",
                self.cards.card_thickness,
                0.0001,
                0.005,
            ),
            ("cards.card_density", self.cards.card_density, 100.0, 5000.0),
            ("cards.card_friction", self.cards.card_friction, 0.0, 5.0),
            (
                "cards.card_restitution",
                self.cards.card_restitution,
                0.0,
                1.0,
            ),
            ("cards.linear_damping", self.cards.linear_damping, 0.0, 20.0),
            ("cards.air_density", self.cards.air_density, 0.0, 5.0),
            ("cards.lift_slope", self.cards.lift_slope, 0.0, 10.0),
            ("cards.plate_drag", self.cards.plate_drag, 0.0, 5.0),
            ("cards.skin_friction", self.cards.skin_friction, 0.0, 1.0),
            (
                "cards.release_pitch_deg",
                self.cards.release_pitch_deg,
                -30.0,
                30.0,
            ),
            (
                "cards.angular_damping",
                self.cards.angular_damping,
                0.0,
                100.0,
            ),
            (
                "cards.mat_size",
                worst(&[self.cards.mat_size.0, self.cards.mat_size.1], 0.05, 2.0),
                0.05,
                2.0,
            ),
            ("cards.mat_thickness", self.cards.mat_thickness, 0.001, 0.05),
            (
                "cards.hole_size",
                most(&[
                    self.cards.hole_size.0 / self.cards.mat_size.0.max(1e-3),
                    self.cards.hole_size.1 / self.cards.mat_size.1.max(1e-3),
                ]),
                0.05,
                0.95,
            ),
            ("cards.mat_friction", self.cards.mat_friction, 0.0, 5.0),
            (
                "cards.mat_restitution",
                self.cards.mat_restitution,
                0.0,
                1.0,
            ),
            ("cards.table_friction", self.cards.table_friction, 0.0, 5.0),
            ("cards.release_height", self.cards.release_height, 0.01, 2.0),
            (
                "cards.release_angle_deg",
                self.cards.release_angle_deg,
                -30.0,
                80.0,
            ),
            ("cards.release_spin", self.cards.release_spin, 0.0, 200.0),
            ("cards.dt", self.cards.dt, 1e-4, 0.02),
            ("cards.sleep_speed", self.cards.sleep_speed, 0.0, 1.0),
            (
                "cards.time_until_sleep",
                self.cards.time_until_sleep,
                0.0,
                5.0,
            ),
            ("cards.max_seconds", self.cards.max_seconds, 0.5, 60.0),
        ]
    }

    /// A material's field outside its limits, at its key inside the material's entry.
    fn material_field_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        for (name, m) in &self.materials {
            for f in MATERIAL_FIELDS {
                let v = (f.get)(m);
                if v.is_finite() && v >= f.min && v <= f.max {
                    continue;
                }
                // At the field's key (a whole word: not `face_friction:`)
                // inside the material's entry (its name as a key, not where
                // a piece names it).
                let entry = text
                    .find(&format!("\"{name}\":"))
                    .or_else(|| text.find(&format!("\"{name}\"")))
                    .unwrap_or(0);
                let key = format!("{}:", f.field);
                let at = text[entry..]
                    .match_indices(&key)
                    .map(|(o, _)| entry + o)
                    .find(|&o| {
                        !text[..o]
                            .chars()
                            .next_back()
                            .is_some_and(|c| c.is_alphanumeric() || c == '_')
                    })
                    .unwrap_or(entry);
                out.push(DataError {
                    file: path.to_path_buf(),
                    position: Some(line_col(text, at)),
                    message: format!(
                        "material \"{name}\": `{}` must be between {} and {}, got {v}",
                        f.field, f.min, f.max
                    ),
                });
            }
        }
        out
    }

    /// A pair of materials naming a material the profile lacks, named
    /// twice (in either order), or with a friction or restitution outside
    /// a material's range; each at its place in its entry.
    fn pair_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        let at = |nth: usize, key: &str, message: String| {
            DataError::at_key_in_nth(path, text, "between:", nth, key, message)
        };
        for (i, p) in self.pairs.iter().enumerate() {
            let (a, b) = (&p.between.0, &p.between.1);
            for m in [a, b] {
                if !self.materials.contains_key(m) {
                    out.push(at(
                        i,
                        &format!("\"{m}\""),
                        format!(
                            "pair {} of materials: unknown material \"{m}\" (known: {:?})",
                            i + 1,
                            self.materials.keys().collect::<Vec<_>>()
                        ),
                    ));
                }
            }
            if let Some(j) = self.pairs[..i].iter().position(|q| q.is(a, b)) {
                out.push(at(
                    i,
                    "between:",
                    format!(
                        "pair {} of materials: \"{a}\" and \"{b}\" are paired already (pair {})",
                        i + 1,
                        j + 1
                    ),
                ));
            }
            for (key, v) in [("friction", p.friction), ("restitution", p.restitution)] {
                let f = MATERIAL_FIELDS
                    .iter()
                    .find(|f| f.field == key)
                    .expect("a material field of that name");
                if !(v.is_finite() && v >= f.min && v <= f.max) {
                    out.push(at(
                        i,
                        &format!("{key}:"),
                        format!(
                            "pair {} of materials: `{key}` must be between {} and {}, got {v}",
                            i + 1,
                            f.min,
                            f.max
                        ),
                    ));
                }
            }
        }
        out
    }

    /// A size that is not a positive, finite number of metres under 100.
    fn size_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        let p = &self.pieces;
        let mut out = Vec::new();
        let sizes = [
            ("table.size", self.table.size.0),
            ("table.size", self.table.size.1),
            ("table.thickness", self.table.thickness),
            ("movement_disc.radius", p.movement_disc.radius),
            ("movement_disc.height", p.movement_disc.height),
            ("bullet.radius", p.bullet.radius),
            ("bullet.height", p.bullet.height),
            ("figure.base_radius", p.figure.base_radius),
            ("figure.base_height", p.figure.base_height),
            ("figure.body_radius", p.figure.body_radius),
            ("figure.body_height", p.figure.body_height),
            ("figure.head_radius", p.figure.head_radius),
            ("figure.hat_radius", p.figure.hat_radius),
            ("figure.hat_height", p.figure.hat_height),
            (
                "building.block_size",
                least(&[
                    p.building.block_size.0,
                    p.building.block_size.1,
                    p.building.block_size.2,
                ]),
            ),
            ("building.door_width", p.building.door_width),
            (
                "building.facade_size",
                least(&[
                    p.building.facade_size.0,
                    p.building.facade_size.1,
                    p.building.facade_size.2,
                ]),
            ),
            (
                "gallows.platform_size",
                least(&[
                    p.gallows.platform_size.0,
                    p.gallows.platform_size.1,
                    p.gallows.platform_size.2,
                ]),
            ),
            ("gallows.post_height", p.gallows.post_height),
            ("gallows.post_width", p.gallows.post_width),
            ("gallows.beam_length", p.gallows.beam_length),
            ("barrel.radius", p.barrel.radius),
            ("barrel.height", p.barrel.height),
            ("cactus.trunk_radius", p.cactus.trunk_radius),
            ("cactus.trunk_height", p.cactus.trunk_height),
            ("cactus.arm_radius", p.cactus.arm_radius),
            ("cactus.arm_length", p.cactus.arm_length),
            (
                "fence.size",
                least(&[p.fence.size.0, p.fence.size.1, p.fence.size.2]),
            ),
            ("tumbleweed.radius", p.tumbleweed.radius),
        ];
        for (field, value) in sizes {
            if !(value.is_finite() && value > 0.0 && value < 100.0) {
                out.push(DataError::at_field(
                    path,
                    text,
                    field,
                    format!("`{field}` must be a positive size in metres (under 100), got {value}"),
                ));
            }
        }
        out
    }

    /// An (x, y, z) size whose largest side is 100 metres or more.
    fn largest_size_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        let p = &self.pieces;
        let mut out = Vec::new();
        // Sizes given as (x, y, z): `size_problems` takes the smallest; here the largest.
        let triples = [
            ("building.block_size", p.building.block_size),
            ("building.facade_size", p.building.facade_size),
            ("gallows.platform_size", p.gallows.platform_size),
            ("fence.size", p.fence.size),
        ];
        for (field, t) in triples {
            let largest = most(&[t.0, t.1, t.2]);
            if largest.is_nan() || largest >= 100.0 {
                out.push(DataError::at_field(
                    path,
                    text,
                    field,
                    format!("`{field}` must be under 100 metres, got {largest}"),
                ));
            }
        }
        out
    }

    /// Solver step counts out of bounds, or a soft CCD too short for the discs.
    fn solver_problems(&self, path: &Path, text: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        if self.solver.substeps > 64 || self.solver.iterations > 64 {
            out.push(DataError::at_text(
                path,
                text,
                "substeps",
                "`substeps` and `iterations` must be at most 64",
            ));
        }
        let fastest = most(&[self.flick.movement_disc_speed, self.flick.bullet_speed]);
        let per_step = fastest * self.solver.dt;
        if self.solver.ccd_substeps == 0 && self.solver.disc_soft_ccd < per_step {
            out.push(DataError::at_text(
                path,
                text,
                "disc_soft_ccd",
                format!(
                    "with `ccd_substeps: 0`, `disc_soft_ccd` must be at least one step of a full-strength disc's travel ({per_step:.4} m), or discs can pass through thin pieces"
                ),
            ));
        }
        if self.solver.substeps == 0 || self.solver.iterations == 0 {
            out.push(DataError::at_text(
                path,
                text,
                "substeps",
                "`substeps` and `iterations` must be at least 1",
            ));
        }
        out
    }
}

/// The smallest of `v`, NaN if any is (`f32::min` would pass over a NaN and
/// let a broken size through its range check).
fn least(v: &[f32]) -> f32 {
    if v.iter().any(|x| x.is_nan()) {
        return f32::NAN;
    }
    v.iter().copied().fold(f32::INFINITY, f32::min)
}

/// The largest of `v`, NaN if any is.
fn most(v: &[f32]) -> f32 {
    if v.iter().any(|x| x.is_nan()) {
        return f32::NAN;
    }
    v.iter().copied().fold(f32::NEG_INFINITY, f32::max)
}

/// Of a pair (or more) checked against one range: the first out of it, else
/// the first (each must lie in the range, not only the smallest).
fn worst(v: &[f32], min: f32, max: f32) -> f32 {
    v.iter()
        .copied()
        .find(|x| !(x.is_finite() && *x >= min && *x <= max))
        .unwrap_or(v[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_profile_loads() {
        let p = PhysicsProfile::load_default().expect("assets/physics.ron");
        assert!(
            p.pieces.movement_disc.radius > p.pieces.bullet.radius,
            "movement disc is the larger disc"
        );
    }

    #[test]
    fn every_problem_of_the_pairs_is_listed_at_its_place() {
        let path = default_profile_path();
        let text = std::fs::read_to_string(&path).unwrap();
        let pairs = "    pairs: [\n\
            \x20       (between: (\"pine\", \"tabletop\"), friction: 0.25, restitution: 0.2),\n\
            \x20       (between: (\"balsa\", \"pine\"), friction: 0.3, restitution: 0.2),\n\
            \x20       (between: (\"tabletop\", \"pine\"), friction: 0.3, restitution: 0.2),\n\
            \x20       (between: (\"pine\", \"pine\"), friction: -1.0, restitution: 2.0),\n\
            \x20   ],\n";
        let at = text.find("    pieces: (").expect("the pieces section");
        let broken = format!("{}{pairs}{}", &text[..at], &text[at..]);
        let p: PhysicsProfile = super::super::parse_ron(&path, &broken).unwrap();
        let errors = p.validate(&path, &broken).unwrap_err().0;
        let found: Vec<(usize, usize, String)> = errors
            .iter()
            .map(|e| {
                let (l, c) = e.position.expect("a place");
                (l, c, e.message.clone())
            })
            .collect();
        assert_eq!(found.len(), 4, "{found:#?}");
        // The first pair's line: the one after `pairs: [` (the shipped
        // file's comments show a pair too).
        let first = broken[..at].matches('\n').count() + 2;
        assert!(
            found[0].2.contains("unknown material \"balsa\""),
            "{found:#?}"
        );
        assert_eq!(found[0].0, first + 1);
        assert!(found[1].2.contains("paired already (pair 1)"), "{found:#?}");
        assert_eq!(found[1].0, first + 2);
        assert!(
            found[2].2.contains("`friction` must be between"),
            "{found:#?}"
        );
        assert!(
            found[3].2.contains("`restitution` must be between"),
            "{found:#?}"
        );
        assert_eq!((found[2].0, found[3].0), (first + 3, first + 3));
        // The friction's column is its key's, past the restitution's.
        assert!(found[2].1 < found[3].1, "{found:#?}");
        // The first pair alone is sound.
        let one = broken.replace(
            &pairs[pairs.find("        (between: (\"balsa\"").unwrap()
                ..pairs.find("    ],").unwrap()],
            "",
        );
        let p: PhysicsProfile = super::super::parse_ron(&path, &one).unwrap();
        p.validate(&path, &one).expect("one sound pair");
        assert_eq!(p.contact_between("tabletop", "pine"), (0.25, 0.2));
        let (m, t) = (p.material("pine"), p.material("tabletop"));
        assert_eq!(
            p.contact_between("pine", "grey_beech").0,
            (m.friction + p.material("grey_beech").friction) / 2.0
        );
        assert!(t.friction > 0.0);
    }

    #[test]
    fn unknown_material_is_located() {
        let path = default_profile_path();
        let text = std::fs::read_to_string(&path).unwrap();
        let broken = text.replacen("material: \"pine\"", "material: \"balsa\"", 1);
        let p: PhysicsProfile = super::super::parse_ron(&path, &broken).unwrap();
        let err = p.validate(&path, &broken).unwrap_err().0.remove(0);
        assert!(err.message.contains("balsa"), "{err}");
        assert!(err.position.is_some());
    }
}
