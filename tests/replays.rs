//! Replays: a game re-simulated from its file ends on the table it ended on,
//! bit for bit; the committed golden replays guard against physics drift.

use highnoon::ai::levels::BotLevels;
use highnoon::ai::play::play_game;
use highnoon::ai::player::FlickBot;
use highnoon::cards::bots::Level;
use highnoon::flick::referee::Referee;
use highnoon::flick::replay::Replay;
use highnoon::scenario::{PhysicsProfile, Town, data_root};

fn golden() -> Vec<std::path::PathBuf> {
    let dir = data_root().join("tests/data/replays");
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v
}

/// Every committed replay re-simulates to the pose hash it was recorded with.
/// If this fails, the physics or the rules changed what a game does: look at
/// `highnoon replay FILE`, and re-record only if the change is meant.
#[test]
fn golden_replays_end_on_their_recorded_pose_hash() {
    let files = golden();
    assert!(files.len() >= 3, "{files:?}");
    for f in files {
        let replay = Replay::load(&f).unwrap_or_else(|e| panic!("{e}"));
        let rerun = replay.rerun(&f).unwrap_or_else(|e| panic!("{e}"));
        assert!(replay.steps.len() > 100, "{}: a whole game", f.display());
        assert!(rerun.outcome.is_some(), "{}: the game ends", f.display());
        assert_eq!(
            Some(rerun.final_hash),
            replay.final_hash,
            "{}: the table no longer ends where it did",
            f.display()
        );
    }
}

/// A game played live, saved as a replay, loaded and re-simulated: the same
/// log, step for step, and the same pose hash after every step.
#[test]
fn a_recorded_game_replays_bit_for_bit() {
    let profile = PhysicsProfile::load_default().unwrap();
    let path = data_root().join("scenarios/bank_robbery.ron");
    let town = Town::load(&path, &profile).unwrap();
    let levels = BotLevels::load_default().unwrap();
    let mut referee = Referee::new(profile.clone(), &town, 11).unwrap();
    let mut a = FlickBot::new(Level::Normal, &levels, 1);
    let mut b = FlickBot::new(Level::Easy, &levels, 2);
    let mut hashes = Vec::new();
    let record = play_game(&mut referee, &mut a, &mut b, 120, |r, _| {
        hashes.push(r.table.pose_hash())
    });
    assert!(record.refused.is_none());
    let replay = Replay::record(&path, 11, &record.steps, record.final_hash);
    let dir = std::env::temp_dir().join(format!("highnoon-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.ron");
    replay.save(&file).unwrap();
    let loaded = Replay::load(&file).unwrap();
    assert_eq!(loaded, replay, "floats read back to the bit");
    let rerun = loaded.rerun(&file).unwrap();
    let rerun_hashes: Vec<u64> = rerun.steps.iter().map(|s| s.1).collect();
    assert_eq!(rerun_hashes, hashes);
    let lines: Vec<String> = rerun.steps.iter().flat_map(|s| s.0.clone()).collect();
    assert!(record.log.ends_with(&lines), "the same log");
    assert_eq!(rerun.final_hash, record.final_hash);
}

#[test]
fn a_broken_replay_names_its_place_and_a_refused_step_its_number() {
    let src = golden().remove(0);
    let good = std::fs::read_to_string(&src).unwrap();
    let dir = std::env::temp_dir().join(format!("highnoon-replay-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.ron");
    std::fs::write(&file, good.replacen("seed:", "sead:", 1)).unwrap();
    let err = Replay::load(&file).unwrap_err().to_string();
    assert!(err.contains("bad.ron:") && err.contains("sead"), "{err}");
    // The first step made illegal: the rerun names it.
    std::fs::write(&file, good.replacen("Intent(Play(", "Intent(Drop(", 1)).unwrap();
    let replay = Replay::load(&file).unwrap();
    let err = replay.rerun(&file).unwrap_err().to_string();
    assert!(err.contains("step 1"), "{err}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["replay", "--quiet"])
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("matches the recorded hash"));
}
