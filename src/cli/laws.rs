//! `flick laws`: the physical laws beside what the table does, and the share
//! of ordinary flicks that reach the end-of-flick backstops, for the
//! profile as it is and with its contact laws the other way (docs/physics.md,
//! "Physical laws").

use std::process::ExitCode;

use highnoon::physics::laws_report::{backstops, laws_table};
use highnoon::scenario::profile::ContactSpec;
use highnoon::scenario::{PhysicsProfile, Town, data_root, ron_files};

// `flick laws`'s options.
#[derive(clap::Args, Debug)]
pub struct LawsArgs {
    /// Random flicks on each scenario's town, for the backstops' share.
    #[arg(long, default_value_t = 200)]
    flicks: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl LawsArgs {
    pub fn run(&self, profile: &PhysicsProfile) -> ExitCode {
        let towns: Vec<Town> = ron_files(&data_root().join("scenarios"))
            .unwrap_or_default()
            .iter()
            .filter_map(|f| Town::load(f, profile).ok())
            .collect();
        // Beside the profile, the same table with the contact laws the other
        // way: on (at the shipped values) for a profile without them, off
        // (Rapier's own contacts) for one with them.
        let mut other = profile.clone();
        let other_name = if profile.contact.is_off() {
            other.contact = ContactSpec::all_on();
            "with its contact laws on"
        } else {
            other.contact = ContactSpec::default();
            "with its contact laws off (Rapier's own contacts)"
        };
        for (name, p) in [("the profile", profile), (other_name, &other)] {
            println!(
                "== {name} (face friction {}, rolling resistance {} m, line of centres {}, flat landing {})",
                p.contact.face_friction,
                p.contact.rolling_resistance,
                p.contact.line_of_centres,
                p.contact.flat_landing
            );
            print!("{}", laws_table(p));
            let b = backstops(p, &towns, self.flicks, self.seed);
            println!(
                "backstops: of {} random flicks on {} towns, {} ({:.2}%) ran past settle_after ({} s) into the damping, {} ({:.2}%) to freeze_after ({} s); the longest {:.2} s",
                b.flicks,
                towns.len(),
                b.damped,
                100.0 * b.damped as f64 / b.flicks.max(1) as f64,
                p.sleep.settle_after,
                b.stopped,
                100.0 * b.stopped as f64 / b.flicks.max(1) as f64,
                p.sleep.freeze_after,
                b.longest
            );
        }
        ExitCode::SUCCESS
    }
}
