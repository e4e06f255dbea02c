//! Every number a physics tuner may vary, in one table: its name (as a sweep
//! file and an error message write it), its physical limits, and how to read
//! and set it on a profile. The profile's validation checks these limits and
//! `highnoon tune` varies exactly these parameters, so the two cannot drift.

use super::profile::{Material, PhysicsProfile};

/// A scalar parameter of the flick table's physics.
#[derive(Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub min: f32,
    pub max: f32,
    pub get: fn(&PhysicsProfile) -> f32,
    pub set: fn(&mut PhysicsProfile, f32),
}

macro_rules! param {
    ($name:literal, $min:expr, $max:expr, |$p:ident| $field:expr) => {
        Param {
            name: $name,
            min: $min,
            max: $max,
            get: |$p: &PhysicsProfile| $field,
            set: |$p: &mut PhysicsProfile, v: f32| $field = v,
        }
    };
}

/// The flick table's scalar parameters and their limits (outside them the
/// solver diverges, and a diverging solver can fail inside the collision code).
pub const TABLE: &[Param] = &[
    param!("gravity", 0.01, 100.0, |p| p.gravity),
    param!("dt", 1e-4, 0.05, |p| p.solver.dt),
    param!("length_unit", 1e-3, 10.0, |p| p.solver.length_unit),
    param!("max_flick_seconds", 0.1, 600.0, |p| p
        .solver
        .max_flick_seconds),
    param!("prediction_distance", 0.0, 0.1, |p| p
        .solver
        .prediction_distance),
    param!("disc_soft_ccd", 0.0, 1.0, |p| p.solver.disc_soft_ccd),
    param!("time_until_sleep", 0.0, 10.0, |p| p.sleep.time_until_sleep),
    param!("normalized_linear_threshold", 0.0, 100.0, |p| p
        .sleep
        .normalized_linear_threshold),
    param!("angular_threshold", 0.0, 100.0, |p| p
        .sleep
        .angular_threshold),
    param!("still_drift", 0.0, 0.1, |p| p.sleep.still_drift),
    param!("still_time", 0.01, 600.0, |p| p.sleep.still_time),
    param!("settle_after", 0.0, 600.0, |p| p.sleep.settle_after),
    param!("settle_rate", 0.0, 1000.0, |p| p.sleep.settle_rate),
    param!("freeze_after", 0.01, 600.0, |p| p.sleep.freeze_after),
    param!("movement_disc_speed", 0.01, 20.0, |p| p
        .flick
        .movement_disc_speed),
    param!("bullet_speed", 0.01, 20.0, |p| p.flick.bullet_speed),
    param!("other_speed", 0.0, 20.0, |p| p.flick.other_speed),
    param!("max_impulse", 1e-6, 10.0, |p| p.flick.max_impulse),
    param!("knocked_over_tilt_deg", 1.0, 90.0, |p| p
        .knocked_over_tilt_deg),
    param!("fall_depth", 0.0, 10.0, |p| p.table.fall_depth),
    param!("rolling_resistance", 0.0, 0.1, |p| p
        .contact
        .rolling_resistance),
];

/// A pair's parameter name, `pairs.A/B.FIELD`, taken apart: (A, B, FIELD).
pub fn pair_name(name: &str) -> Option<(&str, &str, &str)> {
    let (between, field) = name.strip_prefix("pairs.")?.rsplit_once('.')?;
    let (a, b) = between.split_once('/')?;
    Some((a, b, field))
}

/// A material's field: `materials.NAME.FIELD`.
#[derive(Clone, Copy)]
pub struct MaterialField {
    pub field: &'static str,
    pub min: f32,
    pub max: f32,
    pub get: fn(&Material) -> f32,
    pub set: fn(&mut Material, f32),
}

macro_rules! material {
    ($field:ident, $min:expr, $max:expr) => {
        MaterialField {
            field: stringify!($field),
            min: $min,
            max: $max,
            get: |m: &Material| m.$field,
            set: |m: &mut Material, v: f32| m.$field = v,
        }
    };
}

pub const MATERIAL_FIELDS: &[MaterialField] = &[
    material!(density, 1.0, 1e5),
    material!(friction, 0.0, 10.0),
    material!(restitution, 0.0, 1.0),
    material!(linear_damping, 0.0, 1000.0),
    material!(angular_damping, 0.0, 1000.0),
];

/// A parameter a sweep names, resolved against a profile.
#[derive(Clone, Debug, PartialEq)]
pub enum Tunable {
    Scalar(usize),
    Material {
        material: String,
        field: usize,
    },
    /// The profile's `pairs[pair]`: its friction or restitution (`field`
    /// in [`MATERIAL_FIELDS`]), named `pairs.A/B.friction`.
    Pair {
        pair: usize,
        field: usize,
    },
}

/// The fields a pair of materials sets.
const PAIR_FIELDS: [&str; 2] = ["friction", "restitution"];

impl Tunable {
    /// The parameter called `name` (`gravity`, `materials.felt.friction`), if
    /// the profile has it; otherwise the names it does have.
    pub fn find(profile: &PhysicsProfile, name: &str) -> Result<Tunable, Vec<String>> {
        if let Some(i) = TABLE.iter().position(|p| p.name == name) {
            return Ok(Tunable::Scalar(i));
        }
        if let Some(rest) = name.strip_prefix("materials.")
            && let Some((material, field)) = rest.rsplit_once('.')
            && profile.materials.contains_key(material)
            && let Some(f) = MATERIAL_FIELDS.iter().position(|m| m.field == field)
        {
            return Ok(Tunable::Material {
                material: material.to_string(),
                field: f,
            });
        }
        if let Some((a, b, field)) = pair_name(name)
            && let Some(pair) = profile.pairs.iter().position(|p| p.is(a, b))
            && PAIR_FIELDS.contains(&field)
            && let Some(f) = MATERIAL_FIELDS.iter().position(|m| m.field == field)
        {
            return Ok(Tunable::Pair { pair, field: f });
        }
        Err(names(profile))
    }

    pub fn limits(&self) -> (f32, f32) {
        match self {
            Tunable::Scalar(i) => (TABLE[*i].min, TABLE[*i].max),
            Tunable::Material { field, .. } | Tunable::Pair { field, .. } => {
                (MATERIAL_FIELDS[*field].min, MATERIAL_FIELDS[*field].max)
            }
        }
    }

    pub fn get(&self, p: &PhysicsProfile) -> f32 {
        match self {
            Tunable::Scalar(i) => (TABLE[*i].get)(p),
            Tunable::Material { material, field } => {
                (MATERIAL_FIELDS[*field].get)(&p.materials[material])
            }
            Tunable::Pair { pair, field } => match MATERIAL_FIELDS[*field].field {
                "friction" => p.pairs[*pair].friction,
                _ => p.pairs[*pair].restitution,
            },
        }
    }

    pub fn set(&self, p: &mut PhysicsProfile, v: f32) {
        match self {
            Tunable::Scalar(i) => (TABLE[*i].set)(p, v),
            Tunable::Material { material, field } => {
                if let Some(m) = p.materials.get_mut(material) {
                    (MATERIAL_FIELDS[*field].set)(m, v)
                }
            }
            Tunable::Pair { pair, field } => {
                if let Some(q) = p.pairs.get_mut(*pair) {
                    match MATERIAL_FIELDS[*field].field {
                        "friction" => q.friction = v,
                        _ => q.restitution = v,
                    }
                }
            }
        }
    }
}

/// Every tunable parameter's name for this profile.
pub fn names(profile: &PhysicsProfile) -> Vec<String> {
    let mut v: Vec<String> = TABLE.iter().map(|p| p.name.to_string()).collect();
    for m in profile.materials.keys() {
        for f in MATERIAL_FIELDS {
            v.push(format!("materials.{m}.{}", f.field));
        }
    }
    for p in &profile.pairs {
        for f in PAIR_FIELDS {
            v.push(format!("pairs.{}/{}.{f}", p.between.0, p.between.1));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::profile::MaterialPair;

    #[test]
    fn a_pair_of_materials_is_tuned_by_its_name() {
        let mut p = PhysicsProfile::load_default().unwrap();
        assert!(Tunable::find(&p, "pairs.pine/tabletop.friction").is_err());
        p.pairs.push(MaterialPair {
            between: ("pine".into(), "tabletop".into()),
            friction: 0.25,
            restitution: 0.2,
        });
        assert!(names(&p).contains(&"pairs.pine/tabletop.restitution".to_string()));
        // Either order names the pair.
        let t = Tunable::find(&p, "pairs.tabletop/pine.friction").unwrap();
        assert_eq!(t.get(&p), 0.25);
        t.set(&mut p, 0.4);
        assert_eq!(p.contact_between("tabletop", "pine"), (0.4, 0.2));
        let e = Tunable::find(&p, "pairs.pine/tabletop.restitution").unwrap();
        e.set(&mut p, 0.1);
        assert_eq!(p.contact_between("pine", "tabletop"), (0.4, 0.1));
        assert_eq!(e.limits(), (0.0, 1.0));
        for bad in [
            "pairs.pine/tabletop.density",
            "pairs.pine/felt.friction",
            "pairs.pine.friction",
        ] {
            assert!(Tunable::find(&p, bad).is_err(), "{bad}");
        }
    }
}
