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
