//! Every shipped scenario loads and plays to its end on the physical table.

use highnoon::flick::driver::{play_random, play_script};
use highnoon::flick::referee::Referee;
use highnoon::flick::rules::Outcome;
use highnoon::scenario::{PhysicsProfile, Town, data_root};

fn scenarios() -> Vec<(String, Town)> {
    let profile = PhysicsProfile::load_default().unwrap();
    let mut files: Vec<_> = std::fs::read_dir(data_root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                Town::load(&p, &profile).unwrap(),
            )
        })
        .filter(|(_, t)| t.game.is_some())
        .collect()
}

#[test]
fn ten_scenarios_ship() {
    assert_eq!(scenarios().len(), 10);
}

#[test]
fn every_scenario_plays_to_its_end_with_random_flicks() {
    let profile = PhysicsProfile::load_default().unwrap();
    for (file, town) in scenarios() {
        let mut referee = Referee::new(profile.clone(), &town, 7).unwrap();
        let (outcome, steps) = play_random(&mut referee, 7, 5000);
        let outcome =
            outcome.unwrap_or_else(|| panic!("{file}: no end after {} steps", steps.len()));
        let ended_by_clock = referee.game.hour >= 12;
        assert!(
            matches!(outcome, Outcome::Winner(_)) || ended_by_clock,
            "{file}: a draw must come from the clock"
        );
        println!(
            "{file}: {outcome:?} at {} o'clock after {} steps",
            referee.game.hour.min(12),
            steps.len()
        );
    }
}

#[test]
fn a_game_replays_exactly_from_its_seed_and_steps() {
    let profile = PhysicsProfile::load_default().unwrap();
    let (_, town) = scenarios()
        .into_iter()
        .find(|(f, _)| f == "bank_robbery.ron")
        .unwrap();
    let mut a = Referee::new(profile.clone(), &town, 3).unwrap();
    let (outcome, steps) = play_random(&mut a, 3, 400);
    let mut b = Referee::new(profile, &town, 3).unwrap();
    play_script(&mut b, &steps).unwrap();
    assert_eq!(b.game.outcome().cloned(), outcome);
    assert_eq!(a.game.log, b.game.log);
    assert_eq!(a.table.pose_hash(), b.table.pose_hash());
}

/// Random play over three games (seeds 11–13) of the Final Showdown shows
/// every kind of line the log has for a flick: a hit, a miss, a move and a
/// failed move (one game alone can go without a hit).
#[test]
fn random_play_shows_hits_moves_and_failures() {
    let profile = PhysicsProfile::load_default().unwrap();
    let (_, town) = scenarios()
        .into_iter()
        .find(|(f, _)| f == "final_showdown.ron")
        .unwrap();
    let mut log = Vec::new();
    for seed in 11..14 {
        let mut referee = Referee::new(profile.clone(), &town, seed).unwrap();
        play_random(&mut referee, seed, 5000);
        log.extend(referee.game.log);
    }
    let count = |s: &str| log.iter().filter(|l| l.contains(s)).count();
    println!("{}", log.join("\n"));
    assert!(count(" hits ") > 0, "no hit in three whole games");
    assert!(count("misses") > 0);
    assert!(count("move fails") > 0);
    assert!(count(" moves.") > 0);
}
