//! `cargo bench --bench flick`: the same bench as `highnoon bench`, fewer flicks.

use highnoon::bench::{BenchConfig, run};
use highnoon::physics::Table;
use highnoon::scenario::{PhysicsProfile, Town, default_town_path};

fn main() {
    let flicks = std::env::var("HIGHNOON_BENCH_FLICKS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let profile = PhysicsProfile::load_default().expect("profile");
    let town = Town::load(&default_town_path(), &profile).expect("town");
    let mut sim = Table::new(profile, &town);
    let report = run(
        &mut sim,
        &BenchConfig {
            flicks,
            ..Default::default()
        },
        |_| {},
    );
    report.print(&mut std::io::stdout()).unwrap();
}
