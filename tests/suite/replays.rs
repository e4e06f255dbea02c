//! Replays: a game re-simulated from its file ends on the table it ended on,
//! bit for bit; the committed golden replays guard against physics drift.

use highnoon::ai::levels::BotLevels;
use highnoon::ai::play::play_game;
use highnoon::ai::player::FlickBot;
use highnoon::bot_level::Level;
use highnoon::flick::referee::Referee;
use highnoon::flick::replay::Replay;
use highnoon::scenario::{PhysicsProfile, Town, data_root};

fn golden() -> Vec<std::path::PathBuf> {
    ron_files("tests/data/replays")
}

/// The RON files in a folder under the data root, in name order.
fn ron_files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = data_root().join(dir);
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

/// Every committed table replay (a sweep's row, flicks saved at the window's
/// sandbox with F5) re-simulates to the pose hash recorded after each flick.
#[test]
fn golden_table_replays_end_on_their_recorded_pose_hashes() {
    use highnoon::physics::replay::{TableReplay, is_table_replay};
    let files = ron_files("tests/data/table_replays");
    assert!(files.len() >= 2, "{files:?}");
    for f in files {
        assert!(is_table_replay(&std::fs::read_to_string(&f).unwrap()));
        let checked = TableReplay::load(&f).unwrap_or_else(|e| panic!("{e}"));
        let rerun = checked.rerun().expect("reruns");
        assert!(
            checked.replay.flicks.iter().all(|f| f.hash.is_some()),
            "{}: every flick's hash recorded",
            f.display()
        );
        assert_eq!(
            checked.first_drift(&rerun),
            None,
            "{}: the table no longer ends where it did",
            f.display()
        );
    }
    // The game replays are not taken for table replays.
    for f in golden() {
        assert!(!is_table_replay(&std::fs::read_to_string(&f).unwrap()));
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

/// `replay FILE` of a table replay, as a tuner runs it: what each flick did
/// and exit 0 when the hashes match; an edited flick drifts (exit 1, the
/// flick named); a broken file is refused at its place (exit 2).
#[test]
fn the_replay_command_checks_a_table_replay() {
    let src = data_root().join("tests/data/table_replays/tabletop_friction_3_417.replay.ron");
    let run = |file: &std::path::Path| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_highnoon"))
            .arg("replay")
            .arg(file)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (code, text) = run(&src);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("flick   1 Bullet 4 put down at"), "{text}");
    assert!(text.contains("felled 1"), "{text}");
    assert!(text.contains("matches the recorded hashes"), "{text}");
    let good = std::fs::read_to_string(&src).unwrap();
    let dir =
        std::env::temp_dir().join(format!("highnoon-table-replay-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("edited.replay.ron");
    std::fs::write(&file, good.replacen("strength: 0.8", "strength: 0.5", 1)).unwrap();
    let (code, text) = run(&file);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("DIFFERS at flick 1"), "{text}");
    std::fs::write(&file, good.replacen("\"Bullet 4\"", "\"Bullet 9\"", 1)).unwrap();
    let (code, text) = run(&file);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("edited.replay.ron:") && text.contains("no piece named \"Bullet 9\""),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
