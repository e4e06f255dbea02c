//! The editor's model, scripted as the window drives it: edits in, the
//! town and the file's text out.

use std::path::{Path, PathBuf};

use super::*;
use crate::scenario::PhysicsProfile;
use crate::scenario::data_root;

fn scenario(name: &str) -> (PathBuf, String) {
    read(data_root().join("scenarios").join(name))
}

/// A scenario as it shipped on the standard town (tests/data/towns): the
/// scripted session edits its lines.
fn fixture(name: &str) -> (PathBuf, String) {
    read(data_root().join("tests/data/towns").join(name))
}

fn read(path: PathBuf) -> (PathBuf, String) {
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

fn piece(list: PieceList, index: usize) -> PieceRef {
    PieceRef { list, index }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("highnoon-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_file_opened_and_saved_unedited_is_the_same_bytes() {
    for entry in std::fs::read_dir(data_root().join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let mut town = EditTown::open(&path).unwrap();
        assert!(!town.dirty());
        let out = temp("same.ron");
        town.save_as(&out).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), bytes, "{}", path.display());
    }
}

#[test]
fn a_scripted_edit_session_gives_the_expected_town_and_file() {
    let (path, text) = fixture("bank_robbery.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let edits = [
        // The first barrel a little toward the bank.
        Edit::Move {
            piece: piece(PieceList::Props, 0),
            to_cm: (-20.0, -12.0),
        },
        // The fence by the Sheriff turned.
        Edit::Turn {
            piece: piece(PieceList::Props, 11),
            facing_deg: 45.0,
        },
        // The last tumbleweed gone.
        Edit::Delete {
            piece: piece(PieceList::Props, 15),
        },
        // A cactus by the gallows.
        Edit::Add(NewPiece::Prop {
            kind: PropKind::Cactus,
            at_cm: (-60.0, -20.0),
            facing_deg: 0.0,
        }),
        // A new outlaw with the sixth hat, and his name changed.
        Edit::Add(NewPiece::Figure(FigureSpec {
            team: Team::Outlaws,
            hat: Some(6),
            hat_side: HatSide::Blue,
            name: Some("Lefty".into()),
            at_cm: (30.0, 0.0),
            facing_deg: -90.0,
        })),
        Edit::SetField {
            piece: piece(PieceList::Figures, 12),
            field: "name".into(),
            value: "\"Lefty Cooper\"".into(),
        },
        // The robbery starts an hour later.
        Edit::SetGame {
            field: "start_hour".into(),
            value: "7".into(),
        },
        // A bullet moved on its one-line list.
        Edit::Move {
            piece: piece(PieceList::Discs, 1),
            to_cm: (-47.5, 41.0),
        },
    ];
    for e in &edits {
        town.apply(e).unwrap_or_else(|why| panic!("{e:?}: {why}"));
    }
    // The town the edits make.
    let t = town.town();
    assert_eq!(t.props[0].at_cm, (-20.0, -12.0));
    assert_eq!(t.props[11].facing_deg, 45.0);
    assert_eq!(t.props.len(), 16);
    assert_eq!(t.props[15].kind, PropKind::Cactus);
    assert_eq!(t.figures[12].display_name(), "Lefty Cooper");
    assert_eq!(t.figures[12].hat_side, HatSide::Blue);
    assert_eq!(t.game.as_ref().unwrap().start_hour, 7);
    assert_eq!(t.discs[1], (-47.5, 41.0));
    // The file: the original, changed only where the edits are (the golden
    // text is the shipped file with these lines changed, comments and all).
    let golden = text
        .replace(
            "(kind: Barrel, at_cm: (-22.0, -14.0)),",
            "(kind: Barrel, at_cm: (-20.0, -12.0)),",
        )
        .replace(
            "(kind: Fence, at_cm: (-30.0, -19.0)),",
            "(kind: Fence, at_cm: (-30.0, -19.0), facing_deg: 45.0),",
        )
        .replace(
            "        (kind: Tumbleweed, at_cm: (12.0, 21.0)),\n",
            "        (kind: Cactus, at_cm: (-60.0, -20.0)),\n",
        )
        .replace(
            "        (team: Neutral, name: \"Miss Lily\", at_cm: (7.0, -5.0)),\n",
            "        (team: Neutral, name: \"Miss Lily\", at_cm: (7.0, -5.0)),\n        (team: Outlaws, hat: 6, hat_side: Blue, name: \"Lefty Cooper\", at_cm: (30.0, 0.0), facing_deg: -90.0),\n",
        )
        .replace("start_hour: 6,", "start_hour: 7,")
        .replace("(-48.0, 40.0)", "(-47.5, 41.0)");
    assert_eq!(town.text(), golden);
    let out = temp("session.ron");
    town.save_as(&out).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), golden);
    assert!(!town.dirty());
    // Read back as a town, it is the edited town.
    assert_eq!(EditTown::open(&out).unwrap().town(), town.town());
}

#[test]
fn undo_of_every_kind_of_edit_gives_back_the_town_and_its_text() {
    let (path, text) = scenario("standard_town.ron");
    let mut town = EditTown::from_text(&path, text).unwrap();
    town.apply(&Edit::AddGame).unwrap();
    let edits = [
        Edit::Move {
            piece: piece(PieceList::Figures, 3),
            to_cm: (1.0, 2.0),
        },
        Edit::Move {
            piece: piece(PieceList::Discs, 0),
            to_cm: (-50.0, 42.0),
        },
        Edit::Turn {
            piece: piece(PieceList::Buildings, 2),
            facing_deg: 30.0,
        },
        Edit::Delete {
            piece: piece(PieceList::Figures, 0),
        },
        Edit::Delete {
            piece: piece(PieceList::Discs, 2),
        },
        Edit::Add(NewPiece::Gallows {
            at_cm: (0.0, 10.0),
            facing_deg: 0.0,
        }),
        Edit::Add(NewPiece::Disc { at_cm: (9.0, 9.0) }),
        Edit::Add(NewPiece::Building {
            kind: BuildingKind::Bank,
            at_cm: (0.0, 0.0),
            facing_deg: 90.0,
        }),
        Edit::SetField {
            piece: piece(PieceList::Figures, 1),
            field: "hat_side".into(),
            value: "Blue".into(),
        },
        Edit::SetGame {
            field: "at_noon".into(),
            value: "Winner(Lawmen)".into(),
        },
        // A token in a building: a new pile (the game has none).
        Edit::AddToken {
            building: BuildingKind::Saloon,
            token: crate::scenario::game::Token::CleanWater,
        },
        // A cowboy's own settings: a new list (the game has none).
        Edit::SetCowboy {
            name: "Marshal Ray".into(),
            field: "tokens".into(),
            value: Some("[Winchester]".into()),
        },
        // A team change carries the hat with it (two fields in one edit).
        Edit::SetField {
            piece: piece(PieceList::Figures, 1),
            field: "team".into(),
            value: "Neutral".into(),
        },
        // A rename carries what the game says of him (the initiative).
        Edit::SetField {
            piece: piece(PieceList::Figures, 0),
            field: "name".into(),
            value: "\"Deputy Hank\"".into(),
        },
    ];
    for e in &edits {
        let (before_text, before_town) = (town.text().to_string(), town.town().clone());
        town.apply(e).unwrap_or_else(|why| panic!("{e:?}: {why}"));
        assert_ne!(town.text(), before_text, "{e:?} changed nothing");
        let (after_text, after_town) = (town.text().to_string(), town.town().clone());
        assert!(town.undo());
        assert_eq!(town.text(), before_text, "{e:?}");
        assert_eq!(town.town(), &before_town, "{e:?}");
        assert!(town.redo());
        assert_eq!(town.text(), after_text);
        assert_eq!(town.town(), &after_town);
    }
    // All the way back to the file as it was.
    while town.undo() {}
    assert!(!town.dirty());
    assert!(!town.redo() || town.can_undo());
}

#[test]
fn an_edit_the_format_refuses_changes_nothing() {
    let (path, text) = fixture("bank_robbery.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    for bad in [
        Edit::SetField {
            piece: piece(PieceList::Figures, 0),
            field: "team".into(),
            value: "Cavalry".into(),
        },
        Edit::SetField {
            piece: piece(PieceList::Figures, 0),
            field: "colour".into(),
            value: "Red".into(),
        },
        Edit::SetGame {
            field: "start_hour".into(),
            value: "\"six\"".into(),
        },
        Edit::Delete {
            piece: piece(PieceList::Buildings, 6),
        },
        Edit::Turn {
            piece: piece(PieceList::Discs, 0),
            facing_deg: 10.0,
        },
        Edit::AddGame,
    ] {
        assert!(town.apply(&bad).is_err(), "{bad:?} was taken");
        assert_eq!(town.text(), text);
        assert!(!town.can_undo());
    }
}

/// A small town with one of each problem, checked.
fn problems_of(text: &str) -> Vec<Problem> {
    let town = EditTown::from_text(Path::new("t.ron"), text.to_string()).unwrap();
    town.problems(&PhysicsProfile::load_default().unwrap())
}

#[test]
fn each_problem_is_reported_on_its_piece() {
    let text = "(\n    name: \"Trouble\",\n    buildings: [\n        (kind: Bank, at_cm: (0.0, -30.0), facing_deg: 0.0),\n        (kind: Saloon, at_cm: (40.0, -30.0), facing_deg: 0.0),\n    ],\n    props: [\n        (kind: Barrel, at_cm: (10.0, 10.0)),\n        (kind: Barrel, at_cm: (10.0, 10.0)),\n        (kind: Fence, at_cm: (0.0, -26.5)),\n    ],\n    figures: [\n        (team: Lawmen, hat: 1, hat_side: Red, name: \"Wyatt\", at_cm: (-20.0, 0.0)),\n        (team: Outlaws, hat: 1, hat_side: Red, name: \"Dutch\", at_cm: (80.0, 0.0)),\n        (team: Outlaws, hat: 2, hat_side: Red, name: \"Snake\", at_cm: (40.0, -30.0)),\n    ],\n    game: (\n        start_hour: 7,\n        initiative: \"Wyatt\",\n        victory: [(team: Outlaws, condition: HoldAtNoon(Undertaker))],\n        at_noon: Draw,\n    ),\n)\n";
    let problems = problems_of(text);
    let about = |p: &Problem| (p.piece, p.other);
    let find = |words: &str| {
        problems
            .iter()
            .find(|p| p.message.contains(words))
            .unwrap_or_else(|| panic!("no problem saying {words:?} in {problems:#?}"))
    };
    // Two barrels on one spot: the second is flagged, meeting the first,
    // and placed at its own line (not the first one's, same text though it is).
    let overlap = find("a Barrel at (10, 10) cm overlaps a Barrel");
    assert_eq!(
        about(overlap),
        (
            Some(piece(PieceList::Props, 1)),
            Some(piece(PieceList::Props, 0))
        )
    );
    assert_eq!(overlap.at, Some((9, 9)));
    // Off the table.
    let off = find("Dutch at (80, 0) cm is off the");
    assert_eq!(off.piece, Some(piece(PieceList::Figures, 1)));
    // A cowboy inside a wall.
    let wall = find("Snake at (40, -30) cm overlaps the Saloon");
    assert_eq!(
        about(wall),
        (
            Some(piece(PieceList::Figures, 2)),
            Some(piece(PieceList::Buildings, 1))
        )
    );
    // A fence before the Bank's door.
    let door = find("the Bank: no room before its door, a Fence");
    assert_eq!(
        about(door),
        (
            Some(piece(PieceList::Buildings, 0)),
            Some(piece(PieceList::Props, 2))
        )
    );
    // A victory naming a building not in town: on the game's field.
    let victory = find("Undertaker");
    assert_eq!(victory.game_field, Some("victory"));
    assert_eq!(victory.severity, Severity::Error);
    // No blue hat at the blue hour the game starts at (a warning: it still
    // plays, from 8 o'clock).
    let hours = find("no cowboy's hat shows blue at 7 o'clock");
    assert_eq!(hours.severity, Severity::Warning);
    assert!(!checks::playable(&problems));
    // Mended, it can be played (with the warning still said).
    let mended = text
        .replace("(kind: Barrel, at_cm: (10.0, 10.0)),\n        (kind: Fence", "(kind: Barrel, at_cm: (10.0, 10.0)),\n        (kind: Barrel, at_cm: (15.0, 10.0)),\n        (kind: Fence")
        .replace("        (kind: Barrel, at_cm: (10.0, 10.0)),\n        (kind: Barrel, at_cm: (10.0, 10.0)),\n", "        (kind: Barrel, at_cm: (10.0, 10.0)),\n")
        .replace("(0.0, -26.5)", "(20.0, 0.0)")
        .replace("(80.0, 0.0)", "(30.0, 0.0)")
        .replace("(40.0, -30.0)),\n    ],\n    game", "(40.0, -10.0)),\n    ],\n    game")
        .replace("HoldAtNoon(Undertaker)", "HoldAtNoon(Saloon)");
    let left = problems_of(&mended);
    assert!(checks::playable(&left), "{left:#?}");
    assert_eq!(left.len(), 1, "{left:#?}");
}

#[test]
fn a_dragged_piece_shows_the_problems_of_where_it_would_land_and_changes_nothing() {
    let (path, text) = fixture("bank_robbery.ron");
    let town = EditTown::from_text(&path, text.clone()).unwrap();
    let profile = PhysicsProfile::load_default().unwrap();
    assert!(town.problems(&profile).is_empty());
    // Wyatt dragged onto the Bank (his figure would stand in its wall).
    let bank = town
        .town()
        .buildings
        .iter()
        .position(|b| b.kind == crate::scenario::kinds::BuildingKind::Bank)
        .unwrap();
    let on_bank = town.town().buildings[bank].at_cm;
    let wyatt = piece(PieceList::Figures, 0);
    let drag = Edit::Move {
        piece: wyatt,
        to_cm: on_bank,
    };
    let there = town.problems_after(&drag, &profile).unwrap();
    let wall = there
        .iter()
        .find(|p| p.piece == Some(wyatt))
        .unwrap_or_else(|| panic!("nothing on Wyatt in {there:#?}"));
    assert_eq!(
        wall.other,
        Some(piece(PieceList::Buildings, bank)),
        "{wall:#?}"
    );
    // Off the table.
    let off = Edit::Move {
        piece: wyatt,
        to_cm: (500.0, 0.0),
    };
    let off = town.problems_after(&off, &profile).unwrap();
    assert!(
        off.iter()
            .any(|p| p.piece == Some(wyatt) && p.message.contains("off the")),
        "{off:#?}"
    );
    // Nothing was changed: the same text, no undo, no problems.
    assert_eq!(town.text(), text);
    assert!(!town.can_undo());
    assert!(town.problems(&profile).is_empty());
    // A piece that is not there says so.
    let ghost = Edit::Move {
        piece: piece(PieceList::Figures, 99),
        to_cm: (0.0, 0.0),
    };
    assert!(town.problems_after(&ghost, &profile).is_err());
}

#[test]
fn a_cowboy_who_starts_inside_still_has_his_figure_checked() {
    // The sandbox stands Dutch's figure where the file puts it: in the
    // Saloon's wall here, though the game seats him inside.
    let (path, text) = scenario("hostage_escort.ron");
    assert!(text.contains("(name: \"Dutch\", inside: Some(Saloon))"));
    let saloon = "(kind: Saloon,       at_cm: (54.0, -4.0),";
    assert!(
        text.contains(saloon),
        "the Saloon has moved: mend this test"
    );
    let dutch = with_place(&text, "name: \"Dutch\", at_cm: (", "54.0, -4.0)");
    let town = EditTown::from_text(&path, dutch).unwrap();
    let problems = town.problems(&PhysicsProfile::load_default().unwrap());
    let wall = problems
        .iter()
        .find(|p| {
            p.message
                .contains("Dutch at (54, -4) cm overlaps the Saloon")
        })
        .unwrap_or_else(|| panic!("Dutch in the wall not flagged: {problems:#?}"));
    assert_eq!(wall.piece.map(|p| p.list), Some(PieceList::Figures));
}

/// `text` with the place written after `key` replaced by `place` (up to its
/// closing parenthesis).
fn with_place(text: &str, key: &str, place: &str) -> String {
    let start = text.find(key).expect("the key") + key.len();
    let end = start + text[start..].find(')').expect("a closing parenthesis") + 1;
    format!("{}{place}{}", &text[..start], &text[end..])
}

#[test]
fn every_shipped_town_has_room_before_its_doors_and_no_errors() {
    let profile = PhysicsProfile::load_default().unwrap();
    for entry in std::fs::read_dir(data_root().join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let town = EditTown::open(&path).unwrap();
        let errors: Vec<Problem> = town
            .problems(&profile)
            .into_iter()
            .filter(|p| p.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
    }
}

#[test]
fn a_file_that_does_not_read_opens_as_its_error_and_a_failed_save_keeps_the_edits() {
    let broken = temp("broken.ron");
    std::fs::write(&broken, "(\n    name: \"X\",\n    buildings: [\n        (kind: Bnak, at_cm: (0.0, 0.0)),\n    ],\n    figures: [],\n)\n").unwrap();
    let e = EditTown::open(&broken).unwrap_err();
    assert_eq!(e.position.map(|p| p.0), Some(4), "{e}");
    assert!(e.to_string().contains("broken.ron:4:"), "{e}");
    // Saving where nothing can be written: said, and the edits kept.
    let (path, text) = scenario("family_duel.ron");
    let mut town = EditTown::from_text(&path, text).unwrap();
    town.apply(&Edit::Move {
        piece: piece(PieceList::Props, 0),
        to_cm: (3.0, 3.0),
    })
    .unwrap();
    let edited = town.text().to_string();
    let nowhere = temp("a-file-not-a-folder");
    std::fs::write(&nowhere, "x").unwrap();
    let err = town.save_as(&nowhere.join("town.ron")).unwrap_err();
    assert!(!err.is_empty());
    assert!(town.dirty());
    assert_eq!(town.text(), edited);
}

#[test]
fn a_read_only_file_is_not_written_and_the_edits_are_kept() {
    let (_, text) = scenario("family_duel.ron");
    let path = temp("read_only_duel.ron");
    std::fs::write(&path, &text).unwrap();
    let mut town = EditTown::open(&path).unwrap();
    town.apply(&Edit::Move {
        piece: piece(PieceList::Props, 0),
        to_cm: (3.0, 3.0),
    })
    .unwrap();
    let edited = town.text().to_string();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms.clone()).unwrap();
    let err = town.save();
    // Writable again before anything can fail, so the folder can be cleared.
    #[allow(clippy::permissions_set_readonly_false)]
    perms.set_readonly(false);
    std::fs::set_permissions(&path, perms).unwrap();
    let err = err.unwrap_err();
    assert!(
        err.contains("read_only_duel.ron") && err.contains("read-only"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "the file as it was"
    );
    assert!(town.dirty());
    assert_eq!(town.text(), edited);
    let beside = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("read_only_duel.ron.") && n.ends_with(".new"))
        .collect::<Vec<_>>();
    assert_eq!(beside, Vec::<String>::new(), "nothing left beside it");
    // Once it may be written, the same edits save.
    town.save().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), edited);
}

#[test]
fn a_change_on_disk_is_taken_unless_there_are_unsaved_edits() {
    let (path, text) = scenario("family_duel.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let outside = text.replace("start_hour: ", "start_hour: 1");
    // The author's other editor saved a change: taken, and undoable.
    assert_eq!(town.reloaded(outside.clone()), Reloaded::Taken);
    assert_eq!(town.text(), outside);
    assert!(!town.dirty());
    assert_eq!(town.reloaded(outside.clone()), Reloaded::Same);
    // With an edit unsaved, the editor asks.
    town.apply(&Edit::Move {
        piece: piece(PieceList::Figures, 0),
        to_cm: (0.0, 0.0),
    })
    .unwrap();
    assert_eq!(town.reloaded(text.clone()), Reloaded::Ask);
    assert_ne!(town.text(), text);
    // A broken save from outside is not taken.
    assert!(matches!(
        town.take_disk("(name: ".into()),
        Reloaded::Broken(_)
    ));
}

#[test]
fn a_new_town_is_written_in_the_documented_layout() {
    let path = temp("new.ron");
    let mut town = EditTown::new_town(&path, "Dry Gulch");
    assert!(town.text().starts_with("// Dry Gulch — a highnoon town"));
    assert_eq!(town.town().buildings.len(), 6);
    town.apply(&Edit::Add(NewPiece::Figure(FigureSpec {
        team: Team::Neutral,
        hat: None,
        hat_side: HatSide::Red,
        name: Some("Miss Lily".into()),
        at_cm: (0.0, 0.0),
        facing_deg: 0.0,
    })))
    .unwrap();
    town.apply(&Edit::Add(NewPiece::Gallows {
        at_cm: (-60.0, 0.0),
        facing_deg: 90.0,
    }))
    .unwrap();
    assert!(
        town.text().contains("    figures: [\n        (team: Neutral, name: \"Miss Lily\", at_cm: (0.0, 0.0)),\n    ],"),
        "{}",
        town.text()
    );
    assert!(
        town.text().contains("    ],\n    gallows: [\n        (at_cm: (-60.0, 0.0), facing_deg: 90.0),\n    ],\n    figures"),
        "{}",
        town.text()
    );
    town.save().unwrap();
    assert_eq!(EditTown::open(&path).unwrap().town(), town.town());
}

#[test]
fn a_figure_changing_sides_takes_his_hat_with_him_in_one_edit() {
    let (path, text) = scenario("family_duel.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let profile = PhysicsProfile::load_default().unwrap();
    let team = |town: &EditTown, field: &str, value: &str| {
        let mut t = town.clone();
        t.apply(&Edit::SetField {
            piece: piece(PieceList::Figures, 0),
            field: field.into(),
            value: value.into(),
        })
        .unwrap();
        t
    };
    // The hat problems of one side (or of a neutral's hat).
    let hat_problems = |town: &EditTown, who: &str| -> Vec<String> {
        town.problems(&profile)
            .into_iter()
            .filter(|p| p.message.contains(" wear") && p.message.contains(who))
            .map(|p| p.message)
            .collect()
    };
    assert_eq!(hat_problems(&town, "Outlaws"), Vec::<String>::new());
    // Wyatt, lawman hat 1, to the outlaws: their 1, 2 and 3 are worn, so 4
    // (the law's 2 and 3 are then short of a 1: said, the author's to mend).
    let outlaw = team(&town, "team", "Outlaws");
    let wyatt = &outlaw.town().figures[0];
    assert_eq!((wyatt.team, wyatt.hat), (Team::Outlaws, Some(4)));
    assert_eq!(hat_problems(&outlaw, "Outlaws"), Vec::<String>::new());
    assert_eq!(hat_problems(&outlaw, "Lawmen").len(), 1);
    // A neutral wears no number: the field goes, nothing left to fix on him.
    let neutral = team(&outlaw, "team", "Neutral");
    let wyatt = &neutral.town().figures[0];
    assert_eq!((wyatt.team, wyatt.hat), (Team::Neutral, None));
    assert!(
        !neutral.text().contains("(team: Neutral, hat:"),
        "{}",
        neutral.text()
    );
    assert_eq!(hat_problems(&neutral, "neutral"), Vec::<String>::new());
    assert_eq!(hat_problems(&neutral, "Outlaws"), Vec::<String>::new());
    // Back with the law: his old number is free again.
    let lawman = team(&neutral, "team", "Lawmen");
    let wyatt = &lawman.town().figures[0];
    assert_eq!((wyatt.team, wyatt.hat), (Team::Lawmen, Some(1)));
    assert_eq!(hat_problems(&lawman, "Lawmen"), Vec::<String>::new());
    // A cowboy keeps a number that is free on his new side.
    town.apply(&Edit::SetField {
        piece: piece(PieceList::Figures, 0),
        field: "hat".into(),
        value: "5".into(),
    })
    .unwrap();
    let kept = team(&town, "team", "Outlaws");
    assert_eq!(kept.town().figures[0].hat, Some(5));
    // Each is one edit: one undo gives back the text before it.
    let mut back = lawman.clone();
    for _ in 0..3 {
        assert!(back.undo());
    }
    assert_eq!(back.text(), text);
}

#[test]
fn tokens_are_put_in_a_building_and_taken_out_on_the_files_lines() {
    use crate::scenario::game::Token;
    let (path, text) = scenario("bank_robbery.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let piles = |t: &EditTown| t.town().game.as_ref().unwrap().piles.clone();
    let edits: [(Edit, &str, &str); 5] = [
        // A fourth sack in the Bank: on the pile's own list.
        (
            Edit::AddToken {
                building: BuildingKind::Bank,
                token: Token::Gold,
            },
            "(building: Bank, tokens: [Gold, Gold, Gold]),",
            "(building: Bank, tokens: [Gold, Gold, Gold, Gold]),",
        ),
        // Dynamite in the Saloon: a pile of its own, on a line of its own.
        (
            Edit::AddToken {
                building: BuildingKind::Saloon,
                token: Token::Dynamite,
            },
            "(building: Bank, tokens: [Gold, Gold, Gold, Gold]),\n",
            "(building: Bank, tokens: [Gold, Gold, Gold, Gold]),\n            (building: Saloon, tokens: [Dynamite]),\n",
        ),
        (
            Edit::PileFaceDown {
                building: BuildingKind::Saloon,
                face_down: true,
            },
            "(building: Saloon, tokens: [Dynamite]),",
            "(building: Saloon, tokens: [Dynamite], face_down: true),",
        ),
        // Its last token out: the pile goes, line and all.
        (
            Edit::RemoveToken {
                building: BuildingKind::Saloon,
                index: 0,
            },
            "            (building: Saloon, tokens: [Dynamite], face_down: true),\n",
            "",
        ),
        (
            Edit::RemoveToken {
                building: BuildingKind::Bank,
                index: 3,
            },
            "(building: Bank, tokens: [Gold, Gold, Gold, Gold]),",
            "(building: Bank, tokens: [Gold, Gold, Gold]),",
        ),
    ];
    for (edit, from, to) in &edits {
        let before = town.text().to_string();
        assert!(before.contains(from), "{edit:?}: {before}");
        town.apply(edit).unwrap_or_else(|e| panic!("{edit:?}: {e}"));
        assert_eq!(town.text(), before.replacen(from, to, 1), "{edit:?}");
    }
    assert_eq!(town.text(), text, "every change taken back by its opposite");
    let mut bank = piles(&town);
    // Read back as the game reads it.
    town.apply(&Edit::AddToken {
        building: BuildingKind::Saloon,
        token: Token::Dynamite,
    })
    .unwrap();
    town.apply(&Edit::PileFaceDown {
        building: BuildingKind::Saloon,
        face_down: true,
    })
    .unwrap();
    bank.push(crate::scenario::game::Pile {
        building: BuildingKind::Saloon,
        tokens: vec![Token::Dynamite],
        face_down: true,
    });
    assert_eq!(piles(&town), bank);
    // Nothing lies in the Sheriff's office: nothing to take or turn over.
    let none = Edit::RemoveToken {
        building: BuildingKind::Sheriff,
        index: 0,
    };
    assert!(town.apply(&none).is_err());
    // A game with no piles: the list is written after the initiative.
    let (path, text) = scenario("family_duel.ron");
    let mut duel = EditTown::from_text(&path, text.clone()).unwrap();
    duel.apply(&Edit::AddToken {
        building: BuildingKind::Undertaker,
        token: Token::Hostage,
    })
    .unwrap();
    assert_eq!(
        duel.text(),
        text.replacen(
            "initiative: \"Wyatt\",\n",
            "initiative: \"Wyatt\",\n        piles: [(building: Undertaker, tokens: [Hostage])],\n",
            1
        )
    );
    assert_eq!(piles(&duel)[0].tokens, vec![Token::Hostage]);
    // A game section written on one line: the list added after its last field.
    let one_line = "(\n    name: \"T\",\n    buildings: [(kind: Bank, at_cm: (0.0, 0.0))],\n    figures: [(team: Lawmen, hat: 1, name: \"Wyatt\", at_cm: (30.0, 10.0))],\n    game: Some((start_hour: 6, initiative: \"Wyatt\", victory: [], at_noon: Draw)),\n)\n";
    let mut small = EditTown::from_text(&temp("one_line.ron"), one_line.to_string()).unwrap();
    small
        .apply(&Edit::AddToken {
            building: BuildingKind::Bank,
            token: Token::Gold,
        })
        .unwrap();
    assert_eq!(
        small.text(),
        one_line.replace(
            "at_noon: Draw))",
            "at_noon: Draw, piles: [(building: Bank, tokens: [Gold])]))"
        )
    );
}

#[test]
fn a_cowboys_own_settings_are_set_and_taken_back_on_the_files_lines() {
    use crate::scenario::game::{CowboySetup, Token};
    let (path, text) = scenario("bank_robbery.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let set = |name: &str, field: &str, value: Option<&str>| Edit::SetCowboy {
        name: name.into(),
        field: field.into(),
        value: value.map(str::to_string),
    };
    // The initiative's line, comment and all.
    let initiative = text
        .lines()
        .find(|l| l.trim_start().starts_with("initiative:"))
        .map(|l| format!("{l}\n"))
        .unwrap();
    let with_list = format!(
        "{initiative}        cowboys: [\n            (name: \"Wyatt\", tokens: [Colt]),\n        ],\n"
    );
    let edits: [(Edit, &str, &str); 7] = [
        // Wyatt starts with a Colt: the list, on lines of its own after
        // the initiative.
        (
            set("Wyatt", "tokens", Some("[Colt]")),
            &initiative,
            &with_list,
        ),
        // Dutch is tougher: an entry of his own, on a line of its own.
        (
            set("Dutch", "hit_points", Some("Some(4)")),
            "(name: \"Wyatt\", tokens: [Colt]),\n",
            "(name: \"Wyatt\", tokens: [Colt]),\n            (name: \"Dutch\", hit_points: Some(4)),\n",
        ),
        // A second token: the value replaced where it is.
        (
            set("Wyatt", "tokens", Some("[Colt, Winchester]")),
            "(name: \"Wyatt\", tokens: [Colt]),",
            "(name: \"Wyatt\", tokens: [Colt, Winchester]),",
        ),
        // He starts in the Bank: a field after his last.
        (
            set("Wyatt", "inside", Some("Some(Bank)")),
            "tokens: [Colt, Winchester]),",
            "tokens: [Colt, Winchester], inside: Some(Bank)),",
        ),
        // Taken back one by one: a field goes, then his entry with the
        // last, then the list with its last entry.
        (
            set("Wyatt", "inside", None),
            "tokens: [Colt, Winchester], inside: Some(Bank)),",
            "tokens: [Colt, Winchester]),",
        ),
        (
            set("Wyatt", "tokens", None),
            "            (name: \"Wyatt\", tokens: [Colt, Winchester]),\n",
            "",
        ),
        (
            set("Dutch", "hit_points", None),
            "        cowboys: [\n            (name: \"Dutch\", hit_points: Some(4)),\n        ],\n",
            "",
        ),
    ];
    for (i, (edit, from, to)) in edits.iter().enumerate() {
        let before = town.text().to_string();
        assert!(before.contains(from), "{edit:?}: {before}");
        town.apply(edit).unwrap_or_else(|e| panic!("{edit:?}: {e}"));
        assert_eq!(town.text(), before.replacen(from, to, 1), "{edit:?}");
        // Read back as the game reads it, after the fourth.
        if i == 3 {
            let cowboys = &town.town().game.as_ref().unwrap().cowboys;
            assert_eq!(
                cowboys,
                &vec![
                    CowboySetup {
                        name: "Wyatt".into(),
                        hit_points: None,
                        tokens: vec![Token::Colt, Token::Winchester],
                        inside: Some(BuildingKind::Bank),
                        unarmed: false,
                    },
                    CowboySetup {
                        name: "Dutch".into(),
                        hit_points: Some(4),
                        tokens: vec![],
                        inside: None,
                        unarmed: false,
                    },
                ]
            );
        }
    }
    assert_eq!(town.text(), text, "every change taken back by its opposite");
    // Nothing to take back: nothing changes; his name is his figure's.
    town.apply(&set("Wyatt", "unarmed", None)).unwrap();
    assert_eq!(town.text(), text);
    assert!(town.apply(&set("Wyatt", "name", Some("\"Kit\""))).is_err());
    // A list there already (Dynamite's): an entry of his own under its last.
    let (path, text) = scenario("dynamite.ron");
    let mut dynamite = EditTown::from_text(&path, text.clone()).unwrap();
    dynamite
        .apply(&set("Dutch", "tokens", Some("[Dynamite, Colt]")))
        .unwrap();
    assert_eq!(
        dynamite.text(),
        text.replacen(
            "(name: \"Dutch\", tokens: [Dynamite]),",
            "(name: \"Dutch\", tokens: [Dynamite, Colt]),",
            1
        )
    );
    // A game section written on one line: the list after its last field.
    let one_line = "(\n    name: \"T\",\n    buildings: [(kind: Bank, at_cm: (0.0, 0.0))],\n    figures: [(team: Lawmen, hat: 1, name: \"Wyatt\", at_cm: (30.0, 10.0))],\n    game: Some((start_hour: 6, initiative: \"Wyatt\", victory: [], at_noon: Draw)),\n)\n";
    let mut small =
        EditTown::from_text(&temp("one_line_cowboys.ron"), one_line.to_string()).unwrap();
    small.apply(&set("Wyatt", "unarmed", Some("true"))).unwrap();
    assert_eq!(
        small.text(),
        one_line.replace(
            "at_noon: Draw))",
            "at_noon: Draw, cowboys: [(name: \"Wyatt\", unarmed: true)]))"
        )
    );
    assert!(small.town().game.as_ref().unwrap().cowboys[0].unarmed);
}

#[test]
fn a_renamed_cowboy_keeps_what_the_game_says_of_him() {
    let (path, text) = scenario("kill_the_leader.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let profile = PhysicsProfile::load_default().unwrap();
    assert!(town.problems(&profile).is_empty());
    let wyatt = town
        .town()
        .figures
        .iter()
        .position(|f| f.name.as_deref() == Some("Wyatt"))
        .unwrap();
    town.apply(&Edit::SetField {
        piece: piece(PieceList::Figures, wyatt),
        field: "name".into(),
        value: "\"Wyatt Earp\"".into(),
    })
    .unwrap();
    let game = town.town().game.clone().unwrap();
    // His own settings and the outlaws' goal follow him.
    assert!(game.cowboys.iter().any(|c| c.name == "Wyatt Earp"));
    assert!(!game.cowboys.iter().any(|c| c.name == "Wyatt"));
    assert!(game.victory.iter().any(|v| matches!(
        &v.condition,
        crate::scenario::game::Condition::Kill(n) if n == "Wyatt Earp"
    )));
    assert!(
        town.problems(&profile).is_empty(),
        "{:?}",
        town.problems(&profile)
    );
    // Only those mentions: the rest of the file as it was.
    assert_eq!(
        town.text().matches("Wyatt Earp").count(),
        text.matches("\"Wyatt\"").count()
    );
    // The initiative follows its holder too.
    let initiative = game.initiative.clone();
    let holder = town
        .town()
        .figures
        .iter()
        .position(|f| f.display_name() == initiative)
        .unwrap();
    town.apply(&Edit::SetField {
        piece: piece(PieceList::Figures, holder),
        field: "name".into(),
        value: "\"The Boss\"".into(),
    })
    .unwrap();
    assert_eq!(town.town().game.as_ref().unwrap().initiative, "The Boss");
    assert!(town.problems(&profile).is_empty());
    assert!(town.undo() && town.undo());
    assert_eq!(town.text(), text);
}

#[test]
fn an_unnamed_cowboy_given_another_hat_or_side_keeps_what_the_game_says_of_him() {
    let text = "(\n    name: \"T\",\n    buildings: [(kind: Bank, at_cm: (0.0, 0.0))],\n    figures: [\n        (team: Lawmen, hat: 1, at_cm: (30.0, 10.0)),\n        (team: Lawmen, hat: 2, name: \"Gus\", at_cm: (30.0, -10.0)),\n        (team: Outlaws, hat: 1, at_cm: (-30.0, 10.0)),\n    ],\n    game: Some((\n        start_hour: 6,\n        initiative: \"Lawman 1\",\n        cowboys: [\n            (name: \"Lawman 1\", hit_points: Some(4)),\n        ],\n        victory: [\n            (team: Outlaws, condition: Kill(\"Lawman 1\")),\n            (team: Lawmen, condition: Kill(\"Outlaw 1\")),\n        ],\n        at_noon: Draw,\n    )),\n)\n";
    let mut town = EditTown::from_text(&temp("unnamed.ron"), text.to_string()).unwrap();
    let profile = PhysicsProfile::load_default().unwrap();
    assert!(
        town.problems(&profile).is_empty(),
        "{:?}",
        town.problems(&profile)
    );
    let (lawman, gus) = (piece(PieceList::Figures, 0), piece(PieceList::Figures, 1));
    // Hat 2: he is "Lawman 2" now, and so is he in the game section.
    town.apply(&Edit::SetField {
        piece: lawman,
        field: "hat".into(),
        value: "2".into(),
    })
    .unwrap();
    assert_eq!(
        town.text(),
        text.replace("hat: 1, at_cm: (30.0", "hat: 2, at_cm: (30.0")
            .replace("\"Lawman 1\"", "\"Lawman 2\"")
    );
    // Gus, named, takes hat 1: nothing else changes.
    let before = town.text().to_string();
    town.apply(&Edit::SetField {
        piece: gus,
        field: "hat".into(),
        value: "1".into(),
    })
    .unwrap();
    assert_eq!(
        town.text(),
        before.replace("hat: 2, name: \"Gus\"", "hat: 1, name: \"Gus\"")
    );
    assert!(
        town.problems(&profile).is_empty(),
        "{:?}",
        town.problems(&profile)
    );
    // He joins the outlaws, keeping hat 2 (free there): "Outlaw 2".
    town.apply(&Edit::SetField {
        piece: lawman,
        field: "team".into(),
        value: "Outlaws".into(),
    })
    .unwrap();
    let game = town.town().game.clone().unwrap();
    assert_eq!(game.initiative, "Outlaw 2");
    assert_eq!(game.cowboys[0].name, "Outlaw 2");
    assert!(
        town.problems(&profile).is_empty(),
        "{:?}",
        town.problems(&profile)
    );
    // Named after the other outlaw: two answer to it, nothing follows.
    let before = town.text().to_string();
    town.apply(&Edit::SetField {
        piece: lawman,
        field: "name".into(),
        value: "\"Outlaw 1\"".into(),
    })
    .unwrap();
    assert_eq!(town.town().game.as_ref().unwrap().initiative, "Outlaw 2");
    assert!(town.undo());
    assert_eq!(town.text(), before);
    // An empty name: nothing follows either.
    town.apply(&Edit::SetField {
        piece: lawman,
        field: "name".into(),
        value: "\"\"".into(),
    })
    .unwrap();
    assert_eq!(town.town().game.as_ref().unwrap().initiative, "Outlaw 2");
    assert!(town.undo());
    // Made a townsman: no cowboy, so the game's mentions are not his
    // ("Townsfolk"); they stay, and the check says whom they miss.
    town.apply(&Edit::SetField {
        piece: lawman,
        field: "team".into(),
        value: "Neutral".into(),
    })
    .unwrap();
    assert_eq!(town.town().game.as_ref().unwrap().initiative, "Outlaw 2");
    assert!(!town.text().contains("\"Townsfolk\""));
}

#[test]
fn a_cowboy_taken_off_takes_his_own_settings_with_him() {
    let (path, text) = scenario("dynamite.ron");
    let mut town = EditTown::from_text(&path, text.clone()).unwrap();
    let profile = PhysicsProfile::load_default().unwrap();
    let index = |t: &EditTown, name: &str| {
        t.town()
            .figures
            .iter()
            .position(|f| f.name.as_deref() == Some(name))
            .unwrap()
    };
    let jack = index(&town, "Black Jack");
    town.apply(&Edit::Delete {
        piece: piece(PieceList::Figures, jack),
    })
    .unwrap();
    let game = town.town().game.clone().unwrap();
    assert_eq!(
        game.cowboys
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>(),
        vec!["Dutch"]
    );
    assert!(!town.text().contains("(name: \"Black Jack\""));
    assert!(
        !town
            .problems(&profile)
            .iter()
            .any(|p| p.message.contains("the town lacks")),
        "{:?}",
        town.problems(&profile)
    );
    // The last entry: the list goes with it.
    let dutch = index(&town, "Dutch");
    town.apply(&Edit::Delete {
        piece: piece(PieceList::Figures, dutch),
    })
    .unwrap();
    assert!(!town.text().contains("cowboys:"));
    assert!(town.undo() && town.undo());
    assert_eq!(town.text(), text);
}
