//! Card-game setup files: broken ones are refused with file:line:col and a
//! reason, by the loader, by `validate` and by the `cards` command.

use std::path::{Path, PathBuf};
use std::process::Command;

use highnoon::cards::{slapshot, tabletown};

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

// Mangled setups and saves of every card game: `fuzzed_files.rs`.

/// The card expert's search budgets: `validate` passes the shipped file and
/// names every problem of a broken one at its file, line and column (a zero
/// count, a negative one, NaN, an unknown game and the game it left out).
#[test]
fn validate_names_every_problem_of_the_experts_budgets() {
    let validate = |path: &str| {
        Command::new(env!("CARGO_BIN_EXE_highnoon"))
            .current_dir(root())
            .args(["validate", path])
            .output()
            .unwrap()
    };
    let out = validate("assets/cards/expert_search.ron");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("the card expert's search"), "{said}");
    let out = validate("tests/data/broken_search/expert_search.ron");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let file = "tests/data/broken_search/expert_search.ron";
    for want in [
        format!("{file}:4:22: slapshot: playouts is 0"),
        format!("{file}:5:39: tabletown: min_worlds is -3"),
        format!("{file}:6:66: slap45: z is NaN"),
        format!("{file}:7:9: unknown game \"gunfightr\""),
        format!("{file}:3:5: the game \"gunfighter\" is missing"),
    ] {
        assert!(err.contains(&want), "wanted `{want}` in:\n{err}");
    }
}

/// The budgets file names the registry's games, and every game's expert
/// searches as the file says (no game keeps figures of its own in code).
#[test]
fn every_card_expert_searches_as_its_budget_says() {
    use highnoon::cards::expert_budget::{Budgets, GAMES};
    use highnoon::cards::registry::GameVisitor;
    use highnoon::cards::table_game::SearchSpec;
    use highnoon::cards::{CardGame, TableGame};
    let keys: Vec<&str> = CardGame::ALL.iter().map(|g| g.key()).collect();
    assert_eq!(keys, GAMES);
    struct Spec;
    impl GameVisitor for Spec {
        type Output = SearchSpec;
        fn visit<G: TableGame>(self, _: CardGame) -> SearchSpec {
            G::search_spec()
        }
    }
    let file = Budgets::load(&root().join("assets/cards/expert_search.ron")).unwrap();
    for game in CardGame::ALL {
        assert_eq!(
            game.dispatch(Spec),
            SearchSpec::of(file.get(game.key())),
            "{game:?}"
        );
    }
}
