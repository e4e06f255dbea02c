//! `dice`: the card table's die thrown headless, on several threads: the
//! time per throw to rest, the faces' counts and a chi-square test of
//! fairness.

use std::process::ExitCode;

use highnoon::scenario::PhysicsProfile;

use super::fail;
use super::play::DataArgs;

/// `dice [options]`.
#[derive(clap::Args, Debug)]
pub struct DiceCli {
    #[arg(long, default_value_t = 60_000)]
    rolls: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64))]
    threads: u8,
}

impl DiceCli {
    /// Throws the die of the profile `play` names and prints the report.
    pub fn run(self, play: &DataArgs) -> ExitCode {
        let profile = match PhysicsProfile::load(&play.profile_path()) {
            Ok(p) => p,
            Err(e) => return fail(&e),
        };
        let report = highnoon::physics::dice_bench::bench(
            &profile.dice,
            profile.gravity,
            self.rolls,
            self.seed,
            self.threads as usize,
        );
        let _ = report.print(&mut std::io::stdout());
        ExitCode::SUCCESS
    }
}
