//! Card-game setup files: broken ones are refused with file:line:col and a
//! reason, by the loader, by `validate` and by the `cards` command; mangled
//! ones never make the loader panic.

use std::path::{Path, PathBuf};
use std::process::Command;

use highnoon::cards::core::random_playout;
use highnoon::cards::{slapshot, tabletown};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn broken(name: &str) -> PathBuf {
    Path::new("tests/data/broken_cards").join(name)
}

fn problems(name: &str) -> Vec<String> {
    std::env::set_current_dir(root()).unwrap();
    let path = broken(name);
    let result = if name.starts_with("slapshot") {
        slapshot::Rules::load(&path, None).map(|_| ())
    } else {
        tabletown::Rules::load(&path, None).map(|_| ())
    };
    result
        .unwrap_err()
        .0
        .iter()
        .map(|e| e.to_string())
        .collect()
}

#[test]
fn each_broken_setup_names_file_line_column_and_the_reason() {
    let dir = "tests/data/broken_cards";
    let cases: &[(&str, &[&str])] = &[
        (
            "slapshot_no_goalie.ron",
            &[
                "slapshot_no_goalie.ron:21:10: team 1 has 4 forwards, 2 defensemen and 0 goalies; a team is 3 forwards, 2 defensemen and 1 goalie",
            ],
        ),
        (
            "slapshot_unknown_card.ron",
            &[
                "slapshot_unknown_card.ron:21:10: unknown card `Superstr` in team 1; did you mean `Superstar`?",
                "slapshot_unknown_card.ron:22:37: unknown card `Wayne Gretzky` in team 2",
            ],
        ),
        (
            "slapshot_short_roster.ron",
            &[
                "slapshot_short_roster.ron:20:5: the roster has 26 forwards; the deck is 27 forwards, 18 defensemen and 9 goalies (54 cards)",
            ],
        ),
        (
            "slapshot_bad_value.ron",
            &["slapshot_bad_value.ron:48:16: Superstar: value 11 must be 0 to 10 in halves"],
        ),
        (
            "tabletown_deck_size.ron",
            &["tabletown_deck_size.ron:17:5: the deck has 98 cards; the box holds 99"],
        ),
        (
            "tabletown_syntax.ron",
            &["tabletown_syntax.ron:22:9: Expected comma"],
        ),
        (
            "tabletown_unknown_card.ron",
            &[
                "tabletown_unknown_card.ron:24:16: Unexpected variant named `Shels` in enum `Kind`, expected one of `Draw`, `Shootout`, `Revolver`, `Rifle`, `Shotgun`, `Bullet`, `Shell`, `Tnt`, `Sheriff`, `Deputy`, `ReachForTheSky`, `StageCoach`, or `Cavalry` instead; did you mean `Shell`?",
            ],
        ),
    ];
    for (file, expected) in cases {
        let got = problems(file);
        let expected: Vec<String> = expected.iter().map(|e| format!("{dir}/{e}")).collect();
        assert_eq!(got, expected, "{file}");
    }
}

#[test]
fn the_shipped_setups_load() {
    let s = slapshot::Rules::load(&root().join("assets/cards/slapshot.ron"), None).unwrap();
    assert_eq!((s.cards.len(), s.players), (54, 4));
    let t = tabletown::Rules::load(&root().join("assets/cards/tabletown.ron"), Some(6)).unwrap();
    assert_eq!((t.cards.len(), t.gunslingers.len(), t.players), (99, 18, 6));
}

#[test]
fn validate_reports_every_broken_setup_and_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(root())
        .args(["validate", "tests/data/broken_cards"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(".ron:")).collect();
    assert_eq!(lines.len(), 8, "{err}");
    // The shipped ones pass.
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(root())
        .args(["validate", "assets/cards"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_cards_command_refuses_a_broken_setup_with_its_position() {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(root())
        .args([
            "cards",
            "slapshot",
            "--setup",
            "tests/data/broken_cards/slapshot_no_goalie.ron",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("slapshot_no_goalie.ron:21:10: team 1 has"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(root())
        .args(["cards", "tabletown", "--players", "7"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn mangled_setups_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for name in ["slapshot.ron", "tabletown.ron"] {
        let path = root().join("assets/cards").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let bytes = text.as_bytes();
        for _ in 0..300 {
            let mut t = bytes.to_vec();
            for _ in 0..rng.random_range(1..6) {
                let i = rng.random_range(0..t.len());
                match rng.random_range(0..3) {
                    0 => {
                        t.remove(i);
                    }
                    1 => t.insert(i, b"()[],:0123456789\"x-."[rng.random_range(0..20)]),
                    _ => t[i] = b"0123456789"[rng.random_range(0..10)],
                }
            }
            let mangled = String::from_utf8_lossy(&t).to_string();
            let file = Path::new("mangled.ron");
            if name.starts_with("slapshot") {
                if let Ok(setup) =
                    highnoon::scenario::parse_ron::<slapshot::SlapshotSetup>(file, &mangled)
                    && let Ok(rules) = slapshot::Rules::from_setup(&setup, file, &mangled)
                {
                    // Whatever passes the checks plays to the end.
                    let mut g = slapshot::Slapshot::new(rules);
                    random_playout(&mut g, &mut rng, 1_000_000).unwrap();
                }
            } else if let Ok(setup) =
                highnoon::scenario::parse_ron::<tabletown::TabletownSetup>(file, &mangled)
                && let Ok(rules) = tabletown::Rules::from_setup(&setup, file, &mangled)
            {
                let mut g = tabletown::Tabletown::new(rules);
                random_playout(&mut g, &mut rng, 1_000_000).unwrap();
            }
        }
    }
}

/// A saved game is user data too: mangled saves are refused or play on, never panic.
#[test]
fn mangled_saves_are_refused_or_play_on_never_panic() {
    use highnoon::cards::TableGame;
    use highnoon::cards::core::PlayError;
    use highnoon::cards::terminal::load;
    fn fuzz<G: TableGame>(game: G, name: &str, rng: &mut ChaCha8Rng) -> (usize, usize) {
        let text = ron::to_string(&game).unwrap();
        let dir = std::env::temp_dir().join(format!("highnoon-fuzz-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("save.ron");
        let (mut refused, mut played) = (0, 0);
        for _ in 0..300 {
            let mut t = text.clone().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                // Change a digit: a card, a seat, a count, an index.
                let digits: Vec<usize> = (0..t.len()).filter(|&i| t[i].is_ascii_digit()).collect();
                let i = digits[rng.random_range(0..digits.len())];
                t[i] = b"0123456789"[rng.random_range(0..10)];
            }
            std::fs::write(&path, &t).unwrap();
            match load::<G>(&path) {
                Err(_) => refused += 1,
                Ok(mut g) => {
                    match random_playout(&mut g, rng, 200_000) {
                        Ok(_) | Err(PlayError::Stuck(_)) | Err(PlayError::TooLong(_)) => {}
                        Err(e) => panic!("{e}"),
                    }
                    played += 1;
                }
            }
        }
        std::fs::remove_dir_all(&dir).ok();
        (refused, played)
    }
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let slap = slapshot::Rules::load(&root().join("assets/cards/slapshot.ron"), None).unwrap();
    let town = tabletown::Rules::load(&root().join("assets/cards/tabletown.ron"), None).unwrap();
    // Saves from several moments of a game: setup, early, mid-game, late.
    for steps in [3, 40, 150, 400] {
        let mut s = slapshot::Slapshot::new(slap.clone());
        random_playout(&mut s, &mut rng, steps).ok();
        let (refused, played) = fuzz(s, "slapshot", &mut rng);
        assert!(
            refused > 0 && played > 0,
            "{refused} refused, {played} played"
        );
        let mut t = tabletown::Tabletown::new(town.clone());
        random_playout(&mut t, &mut rng, steps).ok();
        let (refused, played) = fuzz(t, "tabletown", &mut rng);
        assert!(
            refused > 0 && played > 0,
            "{refused} refused, {played} played"
        );
    }
}
