//! The town editor at the window's table, driven frame by frame offscreen
//! (the window's own plugins, no display): opened on a file, every edit the
//! panel and mouse send is laid on the table at once, the file is saved as
//! edited, and leaving with edits unsaved keeps them beside the file.

use std::path::PathBuf;

use bevy::prelude::*;
use highnoon::editor::Edit;
use highnoon::scenario::town::{PieceList, PieceRef};
use highnoon::scenario::{PhysicsProfile, data_root};
use highnoon::tables::flick::TableEdited;
use highnoon::tables::flick::session::FlickSession;
use highnoon::window::editor::{EditIntent, Editing};
use highnoon::window::render_bench::Offscreen;
use highnoon::window::{Screen, Start};

/// A copy of the Bank Robbery in a folder of its own (the test saves it): the tests run side by
/// side, and one saving its edits into a copy another has open reloaded
/// that one's town under it (the file watcher), moving its barrel.
fn copy_of_the_bank_robbery() -> (PathBuf, String) {
    static COPIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("highnoon-edit-window-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text =
        std::fs::read_to_string(data_root().join("tests/data/towns/bank_robbery.ron")).unwrap();
    let path = dir.join("bank_robbery.ron");
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

fn editing(app: &Offscreen) -> &Editing {
    app.world().resource::<Editing>()
}

/// The first barrel on the session's table, and where it stands.
fn first_barrel(app: &Offscreen) -> (highnoon::physics::pieces::PieceId, Vec3) {
    let table = app.world().resource::<FlickSession>().table().unwrap();
    let id = table
        .index()
        .pieces
        .iter()
        .find(|p| p.name.starts_with("Barrel"))
        .unwrap()
        .id;
    (id, table.pose(id).0)
}

/// The second barrel moved onto Wyatt (an overlap: allowed, flagged), and a frame.
fn push_a_barrel_onto_wyatt(app: &mut Offscreen) {
    app.world_mut().write_message(EditIntent::Edit(Edit::Move {
        piece: PieceRef {
            list: PieceList::Props,
            index: 1,
        },
        to_cm: (-45.0, -10.0),
    }));
    app.frame().expect("a frame");
}

/// The table shows the town as edited, piece for piece: the session holds
/// it, and every piece the file places stands where it says (within 1 cm,
/// facing its way within 1°), as the table's pieces and their entities.
fn assert_the_table_shows_the_edited_town(app: &Offscreen) {
    let session = app.world().resource::<FlickSession>();
    let town = editing(app).town.town();
    assert_eq!(session.town(), Some(town));
    let table = session.table().expect("a table");
    let spawned = app
        .world()
        .resource::<highnoon::physics::pieces::SpawnedTown>();
    for piece in town.entries() {
        let ((x, z), facing) = town.placement(piece).unwrap();
        let id = highnoon::physics::build::piece_id(town, piece).unwrap();
        let (at, turned) = table.pose(id);
        let shown = app
            .world()
            .get::<Transform>(spawned.entity(id).unwrap())
            .unwrap();
        assert_eq!(
            (shown.translation, shown.rotation),
            (at, turned),
            "{piece:?}"
        );
        let off = Vec2::new(at.x - x / 100.0, at.z - z / 100.0).length();
        assert!(off < 0.01, "{piece:?} stands {off} m off its place");
        if piece.list != PieceList::Discs {
            let ahead = turned * Vec3::X;
            let yaw = (-ahead.z).atan2(ahead.x).to_degrees();
            let diff = (yaw - facing).rem_euclid(360.0);
            assert!(
                diff.min(360.0 - diff) < 1.0,
                "{piece:?} faces {yaw}°, not {facing}°"
            );
        }
    }
}

#[test]
fn the_editor_lays_each_edit_on_the_table_and_saves_the_file_as_edited() {
    let profile = PhysicsProfile::load_default().unwrap();
    let (path, text) = copy_of_the_bank_robbery();
    let mut options = crate::common::window::bank_robbery_window([None, None]);
    options.start = Start::Edit { file: path.clone() };
    let mut app = Offscreen::new(profile.clone(), &options, (160, 100), 0);
    for _ in 0..4 {
        app.frame().expect("a frame");
    }
    assert!(app.world().contains_resource::<TableEdited>());
    assert_eq!(editing(&app).town.text(), text);
    assert_the_table_shows_the_edited_town(&app);

    // A barrel moved: on the table at once, where the edit put it.
    let barrel = PieceRef {
        list: PieceList::Props,
        index: 0,
    };
    app.world_mut()
        .write_message(EditIntent::Select(Some(barrel)));
    app.world_mut().write_message(EditIntent::Edit(Edit::Move {
        piece: barrel,
        to_cm: (-20.0, -12.0),
    }));
    app.frame().expect("a frame");
    assert_eq!(editing(&app).selected, Some(barrel));
    assert_the_table_shows_the_edited_town(&app);
    let (_, at) = first_barrel(&app);
    assert!(
        (at.x + 0.20).abs() < 1e-4 && (at.z + 0.12).abs() < 1e-4,
        "{at:?}"
    );

    // A barrel onto Wyatt: allowed, flagged on both.
    let wyatt = PieceRef {
        list: PieceList::Figures,
        index: 0,
    };
    push_a_barrel_onto_wyatt(&mut app);
    let flagged = editing(&app)
        .problems
        .iter()
        .find(|p| p.message.contains("overlaps"))
        .expect("the overlap is flagged");
    assert_eq!(
        (flagged.piece, flagged.other),
        (
            Some(wyatt),
            Some(PieceRef {
                list: PieceList::Props,
                index: 1
            })
        )
    );
    // Undone: the table follows.
    app.world_mut().write_message(EditIntent::Undo);
    app.frame().expect("a frame");
    assert_the_table_shows_the_edited_town(&app);
    assert!(
        !editing(&app)
            .problems
            .iter()
            .any(|p| p.message.contains("overlaps"))
    );

    // Saved: the file is the original with that one line changed.
    app.world_mut().write_message(EditIntent::Save);
    app.frame().expect("a frame");
    let golden = text.replace(
        "(kind: Barrel, at_cm: (-22.0, -14.0)),",
        "(kind: Barrel, at_cm: (-20.0, -12.0)),",
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), golden);
    assert!(!editing(&app).town.dirty());

    // An edit left unsaved is kept beside the file on leaving the table.
    app.world_mut()
        .write_message(EditIntent::Edit(Edit::SetGame {
            field: "start_hour".into(),
            value: "8".into(),
        }));
    app.frame().expect("a frame");
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    for _ in 0..2 {
        app.frame().expect("a frame");
    }
    assert!(!app.world().contains_resource::<Editing>());
    assert!(!app.world().contains_resource::<TableEdited>());
    let kept = std::fs::read_to_string(path.with_extension("edited.ron")).unwrap();
    assert_eq!(kept, golden.replace("start_hour: 6,", "start_hour: 8,"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), golden);
}

/// Frames until `done` (at most ten seconds of them).
fn frames_until(app: &mut Offscreen, what: &str, done: impl Fn(&Offscreen) -> bool) {
    let started = std::time::Instant::now();
    while !done(app) {
        assert!(started.elapsed().as_secs() < 10, "waited for {what}");
        std::thread::sleep(std::time::Duration::from_millis(50));
        app.frame().expect("a frame");
    }
}

#[test]
fn a_change_saved_from_another_editor_is_taken_or_asked_about() {
    let profile = PhysicsProfile::load_default().unwrap();
    let dir = std::env::temp_dir().join(format!("highnoon-edit-disk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("duel.ron");
    let text = std::fs::read_to_string(data_root().join("scenarios/family_duel.ron")).unwrap();
    std::fs::write(&path, &text).unwrap();
    let mut options = crate::common::window::bank_robbery_window([None, None]);
    options.start = Start::Edit { file: path.clone() };
    let mut app = Offscreen::new(profile.clone(), &options, (160, 100), 0);
    frames_until(&mut app, "the editor", |a| {
        a.world().contains_resource::<Editing>()
    });
    // Nothing unsaved: the file's new text is taken, and laid on the table;
    // saved at once, before the editor's first look at the file.
    let outside = text.replacen("start_hour: ", "start_hour: 1", 1);
    assert_ne!(outside, text);
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&path, &outside).unwrap();
    frames_until(&mut app, "the change taken", |a| {
        editing(a).town.text() == outside
    });
    app.frame().expect("a frame");
    assert_the_table_shows_the_edited_town(&app);
    assert!(!editing(&app).town.dirty());
    // An edit unsaved, and the file changed again: asked, nothing taken.
    app.world_mut().write_message(EditIntent::Edit(Edit::Move {
        piece: PieceRef {
            list: PieceList::Figures,
            index: 0,
        },
        to_cm: (0.0, 0.0),
    }));
    app.frame().expect("a frame");
    let mine = editing(&app).town.text().to_string();
    let again = outside.replace("\n)", "\n)\n// saved elsewhere\n");
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&path, &again).unwrap();
    frames_until(&mut app, "the question", |a| editing(a).on_disk.is_some());
    assert_eq!(editing(&app).town.text(), mine);
    // The author takes the file's.
    app.world_mut().write_message(EditIntent::TakeDisk);
    app.frame().expect("a frame");
    assert_eq!(editing(&app).town.text(), again);
    assert!(editing(&app).on_disk.is_none());
    assert!(!editing(&app).town.dirty());
    app.frame().expect("a frame");
    assert_the_table_shows_the_edited_town(&app);
}

/// The editor open on a copy of the Bank Robbery, `frames` frames after it opened.
fn editing_a_copy_of_the_bank_robbery(profile: &PhysicsProfile, frames: usize) -> Offscreen {
    let (path, _) = copy_of_the_bank_robbery();
    let mut options = crate::common::window::bank_robbery_window([None, None]);
    options.start = Start::Edit { file: path };
    let mut app = Offscreen::new(profile.clone(), &options, (160, 100), 0);
    frames_until(&mut app, "the editor", |a| {
        a.world().contains_resource::<Editing>()
    });
    for _ in 0..frames {
        app.frame().expect("a frame");
    }
    app
}

#[test]
fn a_dragged_piece_is_carried_under_the_pointer_and_put_back_when_let_go() {
    let profile = PhysicsProfile::load_default().unwrap();
    let mut app = editing_a_copy_of_the_bank_robbery(&profile, 3);
    // Where the window shows the first barrel's model.
    let shown = |app: &mut Offscreen| {
        let (id, laid) = first_barrel(app);
        let e = app
            .world()
            .resource::<highnoon::physics::pieces::SpawnedTown>()
            .entity(id)
            .unwrap();
        (laid, app.world().get::<Transform>(e).unwrap().translation)
    };
    let (laid, model) = shown(&mut app);
    assert_eq!(model, laid);
    let barrel = PieceRef {
        list: PieceList::Props,
        index: 0,
    };
    let from = (laid.x * 100.0, laid.z * 100.0);
    // Dragged 10 cm east and 5 cm toward the player (as the mouse does it):
    // the model goes with it, the town is not edited.
    let text = editing(&app).town.text().to_string();
    app.world_mut().write_message(EditIntent::Drag(Some((
        barrel,
        (from.0 + 10.0, from.1 + 5.0),
    ))));
    app.frame().expect("a frame");
    let (still, model) = shown(&mut app);
    assert_eq!(still, laid, "the table itself does not move");
    assert!(
        (model - laid - Vec3::new(0.10, 0.0, 0.05)).length() < 1e-4,
        "the model is at {model:?}, laid at {laid:?}"
    );
    assert_eq!(editing(&app).town.text(), text);
    // Let go where it was: back to its place.
    app.world_mut().write_message(EditIntent::Drag(None));
    app.frame().expect("a frame");
    assert_eq!(shown(&mut app).1, laid);
}

#[test]
fn a_drag_goes_on_over_a_turn_and_ends_when_pieces_are_taken_away_under_it() {
    let profile = PhysicsProfile::load_default().unwrap();
    let mut app = editing_a_copy_of_the_bank_robbery(&profile, 1);
    let wyatt = PieceRef {
        list: PieceList::Figures,
        index: 0,
    };
    let bank = editing(&app)
        .town
        .town()
        .buildings
        .iter()
        .find(|b| b.kind.title() == "Bank")
        .unwrap()
        .at_cm;
    let overlaps_bank = |app: &Offscreen| {
        editing(app)
            .problems
            .iter()
            .any(|p| p.piece == Some(wyatt) && p.message.contains("overlaps the Bank"))
    };
    // Wyatt carried onto the Bank (as the mouse does it, preview and all).
    app.world_mut()
        .write_message(EditIntent::Drag(Some((wyatt, bank))));
    app.frame().expect("a frame");
    assert!(overlaps_bank(&app));
    // Turned while carried: still carried, still flagged where he would land.
    app.world_mut().write_message(EditIntent::Edit(Edit::Turn {
        piece: wyatt,
        facing_deg: 45.0,
    }));
    app.frame().expect("a frame");
    assert_eq!(editing(&app).dragging, Some((wyatt, bank)));
    assert!(overlaps_bank(&app), "{:#?}", editing(&app).problems);
    // The first figure deleted under the drag: Wyatt's index is now Deputy
    // Gus's, so the drag ends and nothing is carried or flagged.
    app.world_mut()
        .write_message(EditIntent::Edit(Edit::Delete { piece: wyatt }));
    app.frame().expect("a frame");
    assert_eq!(editing(&app).dragging, None);
    assert!(
        !editing(&app)
            .problems
            .iter()
            .any(|p| p.message.contains("overlaps the Bank")),
        "{:#?}",
        editing(&app).problems
    );
}

#[test]
fn flick_it_takes_only_a_playable_town_to_the_sandbox_and_comes_back_unchanged() {
    use highnoon::tables::flick::session::{FlickAction, FlickIntent};
    let profile = PhysicsProfile::load_default().unwrap();
    let (path, text) = copy_of_the_bank_robbery();
    let mut options = crate::common::window::bank_robbery_window([None, None]);
    options.start = Start::Edit { file: path };
    let mut app = Offscreen::new(profile.clone(), &options, (160, 100), 0);
    for _ in 0..4 {
        app.frame().expect("a frame");
    }
    // A barrel onto Wyatt: a town with a problem is not flicked.
    push_a_barrel_onto_wyatt(&mut app);
    app.world_mut().write_message(EditIntent::Flick);
    app.frame().expect("a frame");
    assert!(app.world().contains_resource::<TableEdited>());
    let said = editing(&app).message.clone().unwrap_or_default();
    assert!(said.contains("fix the problems"), "{said}");

    // Fixed, it is: the table is the sandbox's, and a piece put down there...
    app.world_mut().write_message(EditIntent::Undo);
    app.frame().expect("a frame");
    let edited = editing(&app).town.text().to_string();
    app.world_mut().write_message(EditIntent::Flick);
    app.frame().expect("a frame");
    assert!(!app.world().contains_resource::<TableEdited>());
    let (barrel, was) = first_barrel(&app);
    app.world_mut()
        .write_message(FlickIntent::person(FlickAction::Place {
            piece: barrel,
            at: Vec2::new(0.3, 0.2),
        }));
    for _ in 0..2 {
        app.frame().expect("a frame");
    }
    let (_, moved) = first_barrel(&app);
    assert!(
        moved.distance(was) > 0.1,
        "the sandbox moved the barrel: {was:?} {moved:?}"
    );

    // ...leaves no trace once back: the editor's town and text as they were.
    app.world_mut().write_message(EditIntent::BackToEditor);
    app.frame().expect("a frame");
    assert!(app.world().contains_resource::<TableEdited>());
    assert_eq!(editing(&app).town.text(), edited);
    assert_the_table_shows_the_edited_town(&app);
    assert_eq!(edited, text, "the undone move left the town as read");
}

#[test]
fn moving_or_turning_a_piece_spawns_and_despawns_nothing_and_lays_out_no_table() {
    let profile = PhysicsProfile::load_default().unwrap();
    let mut app = editing_a_copy_of_the_bank_robbery(&profile, 3);
    let entities = |app: &mut Offscreen| -> std::collections::BTreeSet<Entity> {
        app.world_mut()
            .query::<Entity>()
            .iter(app.world())
            .collect()
    };
    let before = entities(&mut app);
    let layout = app.world().resource::<FlickSession>().layout();
    let barrel = PieceRef {
        list: PieceList::Props,
        index: 0,
    };
    let bank = PieceRef {
        list: PieceList::Buildings,
        index: 0,
    };
    let ((x, z), _) = editing(&app).town.town().placement(barrel).unwrap();
    app.world_mut().write_message(EditIntent::Edit(Edit::Move {
        piece: barrel,
        to_cm: (x + 7.0, z - 4.0),
    }));
    app.frame().expect("a frame");
    app.world_mut().write_message(EditIntent::Edit(Edit::Turn {
        piece: bank,
        facing_deg: 30.0,
    }));
    app.frame().expect("a frame");
    app.world_mut().write_message(EditIntent::Undo);
    app.frame().expect("a frame");
    app.frame().expect("a frame");
    assert_eq!(entities(&mut app), before, "entities spawned or despawned");
    assert_eq!(
        app.world().resource::<FlickSession>().layout(),
        layout,
        "the town was laid out afresh"
    );
    assert_eq!(
        editing(&app).town.town().placement(barrel).unwrap().0,
        (x + 7.0, z - 4.0)
    );
    assert_the_table_shows_the_edited_town(&app);
}
