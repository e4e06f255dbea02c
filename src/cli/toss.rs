//! `toss`: The Gunfighter's cards tossed headless at a mat's hole through
//! each bot level's hand: the share wholly inside the hole and the time per
//! toss.

use std::process::ExitCode;

use highnoon::bot_level::Level;
use highnoon::scenario::PhysicsProfile;

use super::fail;
use super::play::DataArgs;

/// `toss [options]`.
#[derive(clap::Args, Debug)]
pub struct TossCli {
    #[arg(long, default_value_t = 1000)]
    tosses: usize,
    /// Distance from the hand to the hole's centre, metres.
    #[arg(long, default_value_t = 0.4)]
    distance: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl TossCli {
    /// Tosses the cards of the profile `play` names through each level's
    /// hand, timed.
    pub fn run(self, play: &DataArgs) -> ExitCode {
        let TossCli {
            tosses,
            distance,
            seed,
        } = self;
        let profile = match PhysicsProfile::load(&play.profile_path()) {
            Ok(p) => p,
            Err(e) => return fail(&e),
        };
        if !(0.05..=3.0).contains(&distance) {
            eprintln!("error: --distance {distance}: 0.05 to 3 metres");
            return ExitCode::from(2);
        }
        println!(
            "card tosses at a hole {:.0} cm away, {tosses} per level, seed {seed}, one core:",
            distance * 100.0
        );
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let h = highnoon::cards::gunfighter::bots::hand(level);
            let r = highnoon::physics::card_toss::bench(
                &profile.cards,
                profile.gravity,
                (h.yaw_sd, h.speed_sd),
                distance,
                tosses,
                seed,
            );
            println!(
                "  {:<7} {:>5}/{} in the hole ({:.1}%)   per toss median {:.0} µs, p90 {:.0} µs, {} steps; {} not at rest",
                format!("{level:?}").to_lowercase(),
                r.hits,
                r.tosses,
                100.0 * r.hits as f64 / r.tosses.max(1) as f64,
                r.median_us,
                r.p90_us,
                r.steps_median,
                r.not_at_rest
            );
        }
        ExitCode::SUCCESS
    }
}
