//! Live reload, headless: a saved town rebuilds the table; a broken save keeps
//! the last good town and reports the problem with file, line and column.

use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::transform::TransformPlugin;
use highnoon::physics::pieces::SpawnedTown;
use highnoon::physics::table::Profile;
use highnoon::physics::{self, ActiveTown};
use highnoon::reload::{ReloadSettings, ReloadStatus, Watched};
use highnoon::scenario::{PhysicsProfile, Town, default_profile_path};

const TOWN: &str = r#"(
    name: "Reload test",
    buildings: [(kind: Bank, at_cm: (0.0, -30.0))],
    props: [(kind: Barrel, at_cm: (10.0, 5.0))],
    figures: [(team: Lawmen, hat: 1, name: "Wyatt", at_cm: (-20.0, 0.0))],
)
"#;

fn save(path: &std::path::Path, text: &str, age: u64) {
    std::fs::write(path, text).unwrap();
    // Make sure the modification time moves, whatever the file system's resolution.
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(SystemTime::now() + Duration::from_secs(age))
        .unwrap();
}

/// A headless app with the table and live reload, the town spawned.
fn reload_app(profile: PhysicsProfile, town: Town, watched: Watched) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin));
    app.insert_resource(Profile(profile));
    app.insert_resource(ActiveTown(town));
    app.add_plugins(physics::plugin)
        .add_plugins(highnoon::reload::plugin);
    app.insert_resource(ReloadSettings {
        interval: Duration::ZERO,
    });
    app.insert_resource(watched);
    app.finish();
    app.cleanup();
    app.update();
    physics::spawn_active_town(app.world_mut());
    app.update();
    app
}

#[test]
fn a_save_rebuilds_the_town_and_a_broken_save_keeps_the_last_good_one() {
    let dir = std::env::temp_dir().join(format!("highnoon-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("town.ron");
    save(&path, TOWN, 0);
    let profile = PhysicsProfile::load_default().unwrap();
    let town = Town::load(&path, &profile).unwrap();

    let mut app = reload_app(
        profile,
        town,
        Watched::new(default_profile_path(), Some(path.clone()), false),
    );
    assert_eq!(
        app.world().resource::<ReloadStatus>().reloads,
        0,
        "nothing changed yet"
    );

    // Move the barrel and save: the town is rebuilt from the file.
    save(&path, &TOWN.replace("(10.0, 5.0)", "(30.0, 5.0)"), 10);
    app.update();
    let status = app.world().resource::<ReloadStatus>().clone();
    assert_eq!(status.reloads, 1);
    assert!(status.error.is_none());
    assert_eq!(
        app.world().resource::<ActiveTown>().0.props[0].at_cm,
        (30.0, 5.0)
    );
    let barrel = app.world().resource::<SpawnedTown>().pieces[1];
    let t = app.world().get::<Transform>(barrel).unwrap().translation;
    assert!(
        (t.x - 0.30).abs() < 1e-3,
        "the barrel stands where the file now says: {t:?}"
    );

    // A broken save: the problem is reported, the town stays.
    save(&path, &TOWN.replace("(10.0, 5.0)", "(30.0 5.0)"), 20);
    app.update();
    let status = app.world().resource::<ReloadStatus>().clone();
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

    // Fixed: reloaded, the error goes away.
    save(&path, TOWN, 30);
    app.update();
    let status = app.world().resource::<ReloadStatus>().clone();
    assert!(status.error.is_none());
    assert_eq!(status.reloads, 2);
}

#[test]
fn a_saved_profile_is_in_force_at_the_next_flick() {
    let dir = std::env::temp_dir().join(format!("highnoon-reload-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile_path = dir.join("physics.ron");
    let shipped = std::fs::read_to_string(default_profile_path()).unwrap();
    save(&profile_path, &shipped, 0);
    let town_path = dir.join("town.ron");
    save(&town_path, TOWN, 0);
    let profile = PhysicsProfile::load(&profile_path).unwrap();
    let town = Town::load(&town_path, &profile).unwrap();

    let mut app = reload_app(
        profile,
        town,
        Watched::new(profile_path.clone(), Some(town_path), false),
    );

    // A tuner doubles the table's friction and saves.
    let tuned = shipped.replacen(
        "\"tabletop\": (density: 700.0, friction: 0.3,",
        "\"tabletop\": (density: 700.0, friction: 0.6,",
        1,
    );
    assert_ne!(tuned, shipped);
    save(&profile_path, &tuned, 10);
    app.update();
    assert_eq!(app.world().resource::<ReloadStatus>().reloads, 1);
    assert_eq!(
        app.world().resource::<Profile>().0.materials["tabletop"].friction,
        0.6
    );
    // The rebuilt table's top carries the new friction.
    let live = app.world().resource::<highnoon::physics::LiveTable>();
    let table = live.0.as_ref().unwrap();
    let frictions: Vec<f32> = table
        .state()
        .colliders
        .iter()
        .filter(|(_, c)| c.parent().is_some_and(|b| table.bodies()[b].is_fixed()))
        .map(|(_, c)| c.friction())
        .collect();
    assert_eq!(frictions, vec![0.6]);
}
