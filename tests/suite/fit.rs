//! `highnoon fit`: the fit recovers the parameters synthetic measurements
//! were made at, and says when the data cannot tell a parameter apart.

use crate::common::*;
use highnoon::fit::measurements::MeasurementsFile;
use highnoon::fit::{self, Params, synthetic};
use std::path::Path;

/// The seed of the noise: the day the test was written (not chosen by
/// trial: the test was run on it once).
const NOISE_SEED: u64 = 20261128;

#[test]
fn the_fit_recovers_frictions_restitution_and_flick_speed_within_5_percent() {
    let shipped = profile();
    let names = [
        "materials.pine.friction",
        "materials.grey_beech.friction",
        "materials.pine.restitution",
        "movement_disc_speed",
    ];
    let truth_values = [0.36f64, 0.25, 0.34, 2.0];
    let fit_names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let params = Params::new(&shipped, &fit_names).unwrap();
    let truth = params.apply(&shipped, &truth_values);
    let ms = synthetic::measurements(&truth, NOISE_SEED);
    let text = synthetic::file_text("synthetic, test", &names, &ms);
    let file = MeasurementsFile::parse(Path::new("synthetic.ron"), &text, &shipped).unwrap();
    let result = fit::fit(&shipped, &file, &params, 60, 1, |_, _| {});
    for ((name, got), want) in names.iter().zip(&result.values).zip(truth_values) {
        assert!(
            (got - want).abs() <= 0.05 * want,
            "{name}: fitted {got:.4}, made at {want} (started at the shipped profile's)"
        );
    }
    for (name, s) in names.iter().zip(&result.spread) {
        assert!(
            s.is_some_and(|s| s > 0.0 && s < 0.1),
            "{name}: spread {s:?}"
        );
    }
    // The fit is no worse than the truth it was made from.
    assert!(result.chi_square <= fit::chi_square(&truth, &file) + 1e-9);
}

#[test]
fn a_parameter_the_data_cannot_see_is_named() {
    // The slides see the disc's and the table's friction only averaged;
    // gravity fitted beside both can trade against them. Fit the table's
    // friction with no measurement that needs the table at all but tilts.
    let shipped = profile();
    let names = ["materials.brush.friction".to_string()];
    let params = Params::new(&shipped, &names).unwrap();
    let ms = synthetic::measurements(&shipped, NOISE_SEED);
    let text = synthetic::file_text("synthetic, test", &["materials.brush.friction"], &ms);
    let file = MeasurementsFile::parse(Path::new("synthetic.ron"), &text, &shipped).unwrap();
    let result = fit::fit(&shipped, &file, &params, 5, 1, |_, _| {});
    assert_eq!(result.spread, vec![None], "no measurement has brush in it");
}

#[test]
fn a_fit_never_ends_worse_than_the_profiles_own_values() {
    let shipped = profile();
    let path = highnoon::scenario::data_root().join("docs/examples/measured-flicks.ron");
    let file = MeasurementsFile::load(&path, &shipped).unwrap();
    let params = Params::new(&shipped, &file.fit).unwrap();
    let result = fit::fit(&shipped, &file, &params, 1, 3, |_, _| {});
    assert!(result.chi_square <= fit::chi_square(&shipped, &file));
}

fn highnoon(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_command_lists_every_problem_of_a_measurements_file_and_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("highnoon-fit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = r#"(
    about: "broken",
    fit: ["materials.pine.friction", "wobble"],
    measurements: [
        Slide(piece: "movement_disc", speed: 1.0, distance: -0.1, distance_error: 0.003),
        Bounce(piece: "sheriff", height: NaN, rise: 0.003, rise_error: 0.001),
    ],
)"#;
    std::fs::write(dir.join("bad.ron"), text).unwrap();
    let out = highnoon(&dir, &["fit", "bad.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    for at in ["bad.ron:3:", "bad.ron:5:", "bad.ron:6:"] {
        assert!(e.contains(at), "{at} not in {e}");
    }
    assert!(
        e.contains("wobble") && e.contains("sheriff") && e.contains("NaN") && e.contains("-0.1"),
        "{e}"
    );
    assert!(!dir.join("bad.profile.ron").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fit_is_never_written_over_a_shipped_file() {
    let root = highnoon::scenario::data_root();
    let example = root.join("docs/examples/measured-flicks.ron");
    let target = root.join("assets/physics.ron");
    let before = std::fs::read(&target).unwrap();
    let out = highnoon(
        &root,
        &[
            "fit",
            example.to_str().unwrap(),
            "--generations",
            "1",
            "--out",
            target.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("program's own files"));
    assert_eq!(std::fs::read(&target).unwrap(), before);
}

/// A pair of materials the profile does not set (the movement disc's pine
/// on a bullet's grey beech) fitted from 25 hits of the movement disc on a
/// bullet (discs meeting on the line of their centres): the fit adds the
/// pair where the two woods are together (0.3 and 0.3, averaged), and
/// recovers the friction and restitution the hits were made at within 5%.
#[test]
fn the_fit_recovers_a_pair_of_woods_from_hits_within_5_percent() {
    let mut shipped = profile();
    shipped.contact.line_of_centres = true;
    let names = [
        "pairs.pine/grey_beech.friction",
        "pairs.pine/grey_beech.restitution",
    ];
    let fit_names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let start = fit::with_named_pairs(&shipped, &fit_names);
    assert_eq!(
        start.contact_between("pine", "grey_beech"),
        shipped.contact_between("pine", "grey_beech")
    );
    let params = Params::new(&start, &fit_names).unwrap();
    let truth_values = [0.2f64, 0.45];
    let truth = params.apply(&start, &truth_values);
    let hits = synthetic::hit_plan()
        .into_iter()
        .filter(|m| matches!(m, highnoon::fit::measurements::Measurement::Hit { striker, .. } if striker == "movement_disc"))
        .collect();
    let ms = synthetic::measure(&truth, hits, NOISE_SEED);
    let text = synthetic::file_text("synthetic, test", &names, &ms);
    let file = MeasurementsFile::parse(Path::new("synthetic.ron"), &text, &shipped).unwrap();
    let result = fit::fit(&start, &file, &params, 40, 1, |_, _| {});
    eprintln!(
        "{:?} spread {:?} chi {}",
        result.values, result.spread, result.chi_square
    );
    for ((name, got), want) in names.iter().zip(&result.values).zip(truth_values) {
        assert!(
            (got - want).abs() <= 0.05 * want,
            "{name}: fitted {got:.4}, made at {want} (started at 0.3)"
        );
    }
}
