//! The physics profile (`assets/physics.ron`): every size, material and solver
//! setting of the table. Units: metres, kilograms, seconds, radians unless a
//! field name says otherwise (`_deg`, `_cm`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{DataError, Problems, load_ron};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhysicsProfile {
    /// Downward acceleration, m/s².
    pub gravity: f32,
    pub solver: Solver,
    pub sleep: Sleep,
    pub table: TableSpec,
    pub flick: FlickSpec,
    /// A figure whose up axis is tilted more than this from vertical is knocked over.
    pub knocked_over_tilt_deg: f32,
    /// Named materials, referred to by the pieces.
    pub materials: BTreeMap<String, Material>,
    pub pieces: Pieces,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Solver {
    /// Fixed timestep, seconds.
    pub dt: f32,
    pub substeps: usize,
    pub iterations: usize,
    /// Typical size of a piece, metres: Rapier's length scale for margins and sleep thresholds.
    pub length_unit: f32,
    /// A flick that has not come to rest after this long is cut off, seconds.
    pub max_flick_seconds: f32,
    /// Contacts are generated for shapes closer than this, metres.
    pub prediction_distance: f32,
    /// Continuous collision detection substeps (0 turns CCD off).
    pub ccd_substeps: usize,
    /// Discs also get predictive ("soft") CCD contacts this far ahead, metres:
    /// about one step of travel at full strength.
    pub disc_soft_ccd: f32,
    /// Let Rapier reuse a pair's contacts while it barely moves (faster; can keep
    /// stale contacts on a disc pressed against a thin piece).
    pub contact_recycling: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sleep {
    /// Linear speed below which a body may sleep, in length units per second.
    pub normalized_linear_threshold: f32,
    /// Angular speed below which a body may sleep, rad/s.
    pub angular_threshold: f32,
    /// How long a body must stay slow before it sleeps, seconds.
    pub time_until_sleep: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// Width (x) and depth (z) of the table top, metres.
    pub size: (f32, f32),
    pub thickness: f32,
    pub material: String,
    /// A piece whose centre drops this far below the table top has left the table, metres.
    pub fall_depth: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlickSpec {
    /// Launch speed of the movement disc at strength 1.0, m/s.
    pub movement_disc_speed: f32,
    /// Launch speed of a bullet at strength 1.0, m/s.
    pub bullet_speed: f32,
    /// Launch speed of any other piece at strength 1.0, m/s.
    pub other_speed: f32,
    /// No flick ever gives more than this impulse, N·s (the strength cap).
    pub max_impulse: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Material {
    /// kg/m³
    pub density: f32,
    /// Coulomb friction coefficient (Rapier has one; we use the kinetic value).
    pub friction: f32,
    pub restitution: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disc {
    pub radius: f32,
    pub height: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub base_radius: f32,
    pub base_height: f32,
    pub body_radius: f32,
    pub body_height: f32,
    pub head_radius: f32,
    pub hat_radius: f32,
    pub hat_height: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Building {
    /// Support block size (x along the facade, y up, z depth), metres.
    pub block_size: (f32, f32, f32),
    /// Clear gap between the two blocks: the door, metres.
    pub door_width: f32,
    /// Facade (x width, y height, z thickness), standing on the blocks.
    pub facade_size: (f32, f32, f32),
    pub block_material: String,
    pub facade_material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gallows {
    /// Platform (x, y, z), metres.
    pub platform_size: (f32, f32, f32),
    pub post_height: f32,
    pub post_width: f32,
    pub beam_length: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxPiece {
    /// (x, y, z) metres.
    pub size: (f32, f32, f32),
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cactus {
    pub trunk_radius: f32,
    pub trunk_height: f32,
    pub arm_radius: f32,
    pub arm_length: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ball {
    pub radius: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub movement_disc: Disc,
    pub bullet: Disc,
    pub figure: Figure,
    pub building: Building,
    pub gallows: Gallows,
    pub barrel: Disc,
    pub cactus: Cactus,
    pub fence: BoxPiece,
    pub tumbleweed: Ball,
}

impl PhysicsProfile {
    /// Loads and validates a profile file.
    pub fn load(path: &Path) -> Result<Self, Problems> {
        let (profile, text): (Self, String) = load_ron(path)?;
        profile.validate(path, &text)?;
        Ok(profile)
    }

    /// Loads the profile shipped in the repository.
    pub fn load_default() -> Result<Self, Problems> {
        Self::load(&super::default_profile_path())
    }

    pub fn material(&self, name: &str) -> &Material {
        // `validate` guarantees every referenced material exists.
        &self.materials[name]
    }

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

    /// Checks what serde cannot: names resolve, numbers are physical.
    pub fn validate(&self, path: &Path, text: &str) -> Result<(), Problems> {
        let mut out: Vec<DataError> = Vec::new();
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
        for (name, m) in &self.materials {
            let ok = m.density > 0.0
                && m.friction >= 0.0
                && (0.0..=1.0).contains(&m.restitution)
                && m.linear_damping >= 0.0
                && m.angular_damping >= 0.0;
            if !ok {
                out.push(DataError::at_text(
                    path,
                    text,
                    name,
                    format!(
                        "material \"{name}\": density must be > 0, friction and damping >= 0, restitution in [0, 1]"
                    ),
                ));
            }
        }
        let positive = [
            ("gravity", self.gravity),
            ("dt", self.solver.dt),
            ("length_unit", self.solver.length_unit),
            ("max_flick_seconds", self.solver.max_flick_seconds),
            ("time_until_sleep", self.sleep.time_until_sleep),
            ("movement_disc_speed", self.flick.movement_disc_speed),
            ("bullet_speed", self.flick.bullet_speed),
            ("max_impulse", self.flick.max_impulse),
            ("knocked_over_tilt_deg", self.knocked_over_tilt_deg),
        ];
        for (field, value) in positive {
            if !(value.is_finite() && value > 0.0) {
                out.push(DataError::at_text(
                    path,
                    text,
                    field,
                    format!("`{field}` must be a positive number, got {value}"),
                ));
            }
        }
        let fastest = self.flick.movement_disc_speed.max(self.flick.bullet_speed);
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
        if out.is_empty() {
            Ok(())
        } else {
            Err(Problems(out))
        }
    }
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
    fn unknown_material_is_located() {
        let path = super::super::default_profile_path();
        let text = std::fs::read_to_string(&path).unwrap();
        let broken = text.replacen("material: \"pine\"", "material: \"balsa\"", 1);
        let p: PhysicsProfile = super::super::parse_ron(&path, &broken).unwrap();
        let err = p.validate(&path, &broken).unwrap_err().0.remove(0);
        assert!(err.message.contains("balsa"), "{err}");
        assert!(err.position.is_some());
    }
}
