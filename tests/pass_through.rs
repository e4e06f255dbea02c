//! The strict pass-through detector as a test (src/physics/pass_through.rs):
//! full-strength shots from random angles, distances and spins at a standing
//! fence, figure and support block, each disc's centre tracked every step
//! against the target's mid-plane. Not one may cross, whether or not a
//! contact was recorded on the way. `highnoon flick pass-through` runs the
//! same survey at 10,000 shots per target (docs/physics.md).

use highnoon::physics::pass_through::{Target, survey};
use highnoon::scenario::{PhysicsProfile, default_profile_path};

const SHOTS: usize = 2_500;

#[test]
fn no_disc_crosses_a_standing_fence_figure_or_support_block() {
    let profile = PhysicsProfile::load(&default_profile_path()).expect("the shipped profile");
    for kind in Target::ALL {
        let s = survey(&profile, kind, SHOTS, 1);
        assert!(
            s.crossings.is_empty(),
            "{}: {} of {SHOTS} shots went through, e.g. {:?}",
            kind.name(),
            s.crossings.len(),
            s.crossings.first()
        );
        // The aim is honest: the shots meet the target (a fence shot from a
        // steep angle may meet the cowboy behind it first, or graze an end).
        let first = s.hit_target as f64 / SHOTS as f64;
        let floor = if kind == Target::Fence { 0.6 } else { 0.95 };
        assert!(
            first >= floor,
            "{}: only {first:.2} met it first",
            kind.name()
        );
    }
}
