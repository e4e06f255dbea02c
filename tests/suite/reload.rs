//! Live reload, headless: a saved town rebuilds the table; a broken save keeps
//! the last good town and reports the problem with file, line and column.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::transform::TransformPlugin;
use highnoon::physics::pieces::SpawnedTown;
use highnoon::physics::table::Profile;
use highnoon::scenario::{PhysicsProfile, Town, default_profile_path};
use highnoon::tables::flick::reload::{ReloadStatus, Watched};
use highnoon::tables::flick::session::{FlickIntent, FlickSession};

const TOWN: &str = r#"(
    name: "Reload test",
    buildings: [(kind: Bank, at_cm: (0.0, -30.0))],
    props: [(kind: Barrel, at_cm: (10.0, 5.0))],
    figures: [(team: Lawmen, hat: 1, name: "Wyatt", at_cm: (-20.0, 0.0))],
)
"#;

fn save(path: &std::path::Path, text: &str) {
    std::fs::write(path, text).unwrap();
}

/// A headless Flick table with live reload, the town at `town` laid out.
fn reload_app(profile: PhysicsProfile, town: &std::path::Path, watched: Watched) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin));
    app.insert_resource(Profile(profile));
    highnoon::tables::frame_order(&mut app);
    highnoon::tables::flick::plugin(&mut app);
    app.add_plugins(highnoon::tables::flick::reload::plugin);
    app.insert_resource(watched);
    app.world_mut().write_message(FlickIntent::open(town));
    app.update();
    app.update();
    app
}

/// Updates (the file events arrive on another thread) until the reload
/// status changes, or a few seconds have gone by.
fn until_reload_status_changes(app: &mut App) -> ReloadStatus {
    let before = app.world().resource::<ReloadStatus>().clone();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        app.update();
        let now = app.world().resource::<ReloadStatus>().clone();
        if now.reloads != before.reloads || now.error != before.error {
            // The reopened town is laid out on the next frame.
            app.update();
            return now;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no reload within 10 s: {before:?}");
}

fn town_on_table(app: &App) -> Town {
    app.world()
        .resource::<FlickSession>()
        .town()
        .cloned()
        .expect("a town")
}

#[test]
fn a_save_rebuilds_the_town_and_a_broken_save_keeps_the_last_good_one() {
    let dir = std::env::temp_dir().join(format!("highnoon-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("town.ron");
    save(&path, TOWN);
    let profile = PhysicsProfile::load_default().unwrap();

    let mut app = reload_app(
        profile,
        &path,
        Watched {
            profile: default_profile_path(),
        },
    );
    assert_eq!(
        app.world().resource::<ReloadStatus>().reloads,
        0,
        "nothing changed yet"
    );

    // Move the barrel and save: the town is rebuilt from the file.
    save(&path, &TOWN.replace("(10.0, 5.0)", "(30.0, 5.0)"));
    let status = until_reload_status_changes(&mut app);
    assert_eq!(status.reloads, 1);
    assert!(status.error.is_none());
    assert_eq!(town_on_table(&app).props[0].at_cm, (30.0, 5.0));
    let barrel = app.world().resource::<SpawnedTown>().pieces[1];
    let t = app.world().get::<Transform>(barrel).unwrap().translation;
    assert!(
        (t.x - 0.30).abs() < 1e-3,
        "the barrel stands where the file now says: {t:?}"
    );

    // A broken save: the problem is reported, the town stays.
    save(&path, &TOWN.replace("(10.0, 5.0)", "(30.0 5.0)"));
    let status = until_reload_status_changes(&mut app);
    let error = status.error.expect("the broken save is reported");
    assert!(
        error.starts_with(&format!("{}:4:", path.display())),
        "{error}"
    );
    assert_eq!(status.reloads, 1, "no reload happened");
    assert_eq!(
        app.world().get::<Transform>(barrel).unwrap().translation,
        t,
        "the last good town is still on the table"
    );
    assert_eq!(town_on_table(&app).props[0].at_cm, (30.0, 5.0));

    // Fixed: reloaded, the error goes away.
    save(&path, TOWN);
    let status = until_reload_status_changes(&mut app);
    assert!(status.error.is_none());
    assert_eq!(status.reloads, 2);
    assert_eq!(town_on_table(&app).props[0].at_cm, (10.0, 5.0));

    // Saved again unchanged (an editor touching the file): nothing reloads.
    save(&path, TOWN);
    for _ in 0..30 {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(app.world().resource::<ReloadStatus>().reloads, 2);
}

#[test]
fn a_saved_profile_is_in_force_at_the_next_flick() {
    let dir = std::env::temp_dir().join(format!("highnoon-reload-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile_path = dir.join("physics.ron");
    let shipped = std::fs::read_to_string(default_profile_path()).unwrap();
    save(&profile_path, &shipped);
    let town_path = dir.join("town.ron");
    save(&town_path, TOWN);
    let profile = PhysicsProfile::load(&profile_path).unwrap();

    let mut app = reload_app(
        profile,
        &town_path,
        Watched {
            profile: profile_path.clone(),
        },
    );

    // A tuner doubles the table's friction and saves.
    let tuned = shipped.replacen(
        "\"tabletop\": (density: 700.0, friction: 0.3,",
        "\"tabletop\": (density: 700.0, friction: 0.6,",
        1,
    );
    assert_ne!(tuned, shipped);
    save(&profile_path, &tuned);
    assert_eq!(until_reload_status_changes(&mut app).reloads, 1);
    assert_eq!(
        app.world().resource::<Profile>().0.materials["tabletop"].friction,
        0.6
    );
    // The rebuilt table's top carries the new friction.
    let session = app.world().resource::<FlickSession>();
    let table = session.table().unwrap();
    let frictions: Vec<f32> = table
        .state()
        .colliders
        .iter()
        .filter(|(_, c)| c.parent().is_some_and(|b| table.bodies()[b].is_fixed()))
        .map(|(_, c)| c.friction())
        .collect();
    assert_eq!(frictions, vec![0.6]);
}

fn referee(app: &App) -> highnoon::flick::referee::Referee {
    app.world()
        .resource::<FlickSession>()
        .referee()
        .expect("a game in play")
        .clone()
}

/// The game in play: its stamp, its rules state and the table's pose.
fn game_now(app: &App) -> (highnoon::tables::flick::session::Stamp, String, u64) {
    let r = referee(app);
    (
        app.world().resource::<FlickSession>().stamp(),
        format!("{:?}", r.game),
        r.table.pose_hash(),
    )
}

/// The person plays the first legal intent of the game in play.
fn play_a_step(app: &mut App) {
    use highnoon::flick::driver::Step;
    use highnoon::tables::flick::session::FlickAction;
    let intent = referee(app).game.legal_intents()[0].clone();
    app.world_mut()
        .write_message(FlickIntent::person(FlickAction::Step(Step::Intent(intent))));
    app.update();
}

/// Saves `text` to `path` and updates until the reload status changes;
/// returns the status and the time from the save to the table's answer.
fn save_and_wait(app: &mut App, path: &std::path::Path, text: &str) -> (ReloadStatus, Duration) {
    let start = Instant::now();
    save(path, text);
    let status = until_reload_status_changes(app);
    (status, start.elapsed())
}

/// The scenario being played is reloaded when saved: the game starts again
/// from the file as it now is. A broken save of the scenario or of the
/// profile is reported at its file, line and column, and the game in play
/// goes on untouched. The time from each save to the table's answer is
/// measured (printed; the file events come from the operating system).
#[test]
fn the_scenario_in_play_reloads_and_a_broken_scenario_or_profile_keeps_the_game() {
    let dir = std::env::temp_dir().join(format!("highnoon-reload-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shipped_profile = std::fs::read_to_string(default_profile_path()).unwrap();
    let profile_path = dir.join("physics.ron");
    save(&profile_path, &shipped_profile);
    let scenario = std::fs::read_to_string(
        highnoon::scenario::data_root().join("tests/data/towns/bank_robbery.ron"),
    )
    .unwrap();
    assert!(scenario.contains("start_hour: 6,"));
    let path = dir.join("bank_robbery.ron");
    save(&path, &scenario);
    let mut app = reload_app(
        PhysicsProfile::load(&profile_path).unwrap(),
        &path,
        Watched {
            profile: profile_path.clone(),
        },
    );
    assert_eq!(referee(&app).game.hour, 6);
    play_a_step(&mut app);
    let played = app.world().resource::<FlickSession>().stamp();
    assert!(played.version > 0, "a step was played");
    let mut waits = Vec::new();

    // The author moves the start to 8 o'clock: the game starts again at 8.
    let eight = scenario.replacen("start_hour: 6,", "start_hour: 8,", 1);
    let (status, took) = save_and_wait(&mut app, &path, &eight);
    waits.push(took);
    assert_eq!((status.reloads, status.error), (1, None));
    let session = app.world().resource::<FlickSession>();
    assert_eq!(session.stamp().game, played.game + 1, "a new game");
    assert_eq!(session.stamp().version, 0, "from its first step");
    assert_eq!(referee(&app).game.hour, 8);

    // A step into the new game, then a broken save: 13 o'clock. Reported at
    // its line; the game in play is the same, step for step.
    play_a_step(&mut app);
    let before = game_now(&app);
    let line = eight
        .lines()
        .position(|l| l.contains("start_hour"))
        .unwrap()
        + 1;
    let (status, took) = save_and_wait(
        &mut app,
        &path,
        &eight.replacen("start_hour: 8,", "start_hour: 13,", 1),
    );
    waits.push(took);
    let error = status.error.expect("the broken scenario is reported");
    assert!(
        error.starts_with(&format!("{}:{line}:", path.display())),
        "{error}"
    );
    assert_eq!(status.reloads, 1, "nothing reloaded");
    for _ in 0..5 {
        app.update();
    }
    let after = game_now(&app);
    assert!(
        after == before,
        "the game in play was touched by a broken save"
    );

    // A broken profile (a friction that is not a number): reported at its
    // line; the profile in force and the game stay.
    let (fixed, took) = save_and_wait(&mut app, &path, &eight);
    waits.push(took);
    assert_eq!((fixed.reloads, fixed.error), (2, None));
    play_a_step(&mut app);
    let before = game_now(&app);
    let needle = "\"tabletop\": (density: 700.0, friction: 0.3,";
    let line = shipped_profile
        .lines()
        .position(|l| l.contains(needle))
        .unwrap()
        + 1;
    let broken =
        shipped_profile.replacen(needle, "\"tabletop\": (density: 700.0, friction: NaN,", 1);
    let (status, took) = save_and_wait(&mut app, &profile_path, &broken);
    waits.push(took);
    let error = status.error.expect("the broken profile is reported");
    assert!(
        error.starts_with(&format!("{}:{line}:", profile_path.display())),
        "{error}"
    );
    assert!(error.contains("friction"), "{error}");
    assert_eq!(
        app.world().resource::<Profile>().0.materials["tabletop"].friction,
        0.3,
        "the last good profile is in force"
    );
    for _ in 0..5 {
        app.update();
    }
    let after = game_now(&app);
    assert!(
        after == before,
        "the game in play was touched by a broken profile"
    );

    // Fixed with a change: in force, and the game starts again on it.
    let tuned =
        shipped_profile.replacen(needle, "\"tabletop\": (density: 700.0, friction: 0.35,", 1);
    let (status, took) = save_and_wait(&mut app, &profile_path, &tuned);
    waits.push(took);
    assert_eq!((status.reloads, status.error), (3, None));
    assert_eq!(
        app.world().resource::<Profile>().0.materials["tabletop"].friction,
        0.35
    );
    assert_eq!(app.world().resource::<FlickSession>().stamp().version, 0);
    let ms: Vec<u128> = waits.iter().map(|d| d.as_millis()).collect();
    eprintln!("save to the table's answer, ms: {ms:?}");
    std::fs::remove_dir_all(&dir).ok();
}
