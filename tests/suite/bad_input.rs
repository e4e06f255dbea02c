//! Bad data files: clear errors naming file, line and column; never a panic.

use std::path::PathBuf;
use std::process::Command;

use highnoon::scenario::{PhysicsProfile, Town};

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("highnoon-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_missing_profile_names_the_file() {
    let err = PhysicsProfile::load(std::path::Path::new("no/such/profile.ron")).unwrap_err();
    assert!(err.to_string().contains("no/such/profile.ron"), "{err}");
}

#[test]
fn a_broken_town_names_file_line_and_column() {
    let path = scratch(
        "broken.ron",
        "(\n    name: \"Broken\",\n    buildings: [\n        (kind: Casino, at_cm: (0.0, 0.0)),\n    ],\n    figures: [],\n)\n",
    );
    let err = Town::load(&path, &PhysicsProfile::load_default().unwrap())
        .unwrap_err()
        .0
        .remove(0);
    assert_eq!(err.file, path);
    assert_eq!(err.position.map(|p| p.0), Some(4), "{err}");
    assert!(
        err.to_string().contains(&format!("{}:4:", path.display())),
        "{err}"
    );
}

#[test]
fn the_program_exits_non_zero_with_file_line_column() {
    let town = scratch(
        "typo.ron",
        "(\n  name: \"Typo\",\n  buildings: [],\n  figures: [(team: Lawmen, hat: 1, at_cm: (0.0 0.0))],\n)\n",
    );
    for args in [
        vec!["validate".to_string(), town.display().to_string()],
        vec![
            "bench".into(),
            "--flicks".into(),
            "1".into(),
            "--town".into(),
            town.display().to_string(),
        ],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{}:4:", town.display())),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let profile = scratch("profile.ron", "(gravity: 9.81, solver: oops)");
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["validate", "--profile"])
        .arg(&profile)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{}:1:", profile.display())),
        "{stderr}"
    );
}

#[test]
fn a_missing_file_stops_the_program_with_its_name() {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["--profile", "no/such/physics.ron"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("no/such/physics.ron") && stderr.contains("cannot read"),
        "{stderr}"
    );
}

#[test]
fn every_shipped_file_validates() {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .arg("validate")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("standard_town.ron"));
}

/// `bench render` refuses a bad size, table or frame count before it opens
/// anything (no GPU needed to be told).
#[test]
fn bench_render_refuses_bad_flags_before_any_work() {
    for (args, says) in [
        (
            vec!["bench", "render", "--resolution", "wide"],
            "--resolution wants WIDTHxHEIGHT",
        ),
        (
            vec!["bench", "render", "--resolution", "0x10"],
            "--resolution wants WIDTHxHEIGHT",
        ),
        (
            vec!["bench", "render", "--table", "poker"],
            "--table poker: `town`, `editor` or a card game",
        ),
        (
            vec!["bench", "render", "--frames", "0"],
            "--frames must be at least 1",
        ),
        (
            vec!["bench", "render", "--profile", "no/such/physics.ron"],
            "no/such/physics.ron",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

/// A scenario whose first hour no hat shows is valid (the clock moves on at
/// once, as the book says of an hour with no available cowboy), and
/// `validate` warns about it at `start_hour`; the shipped scenarios have no
/// such hour.
#[test]
fn validate_warns_when_no_hat_shows_the_first_hour() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("tests/data/warnings/empty_hour.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(&root)
        .arg("validate")
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}:9:12: warning: no cowboy's hat shows blue at 7 o'clock: the clock moves on to 8 o'clock at once",
            file.display()
        )),
        "{stderr}"
    );
    let profile = PhysicsProfile::load_default().unwrap();
    let town = Town::load(&file, &profile).unwrap();
    let referee = highnoon::flick::referee::Referee::new(profile, &town, 1).unwrap();
    assert_eq!(referee.game.hour, 8);
    assert!(
        !referee.game.legal_intents().is_empty(),
        "somebody can play"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(&root)
        .arg("validate")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
}
