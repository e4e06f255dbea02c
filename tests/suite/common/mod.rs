//! Helpers shared by the integration tests.
#![allow(dead_code)]

use bevy::math::{Vec2, Vec3};
use highnoon::physics::Table;
use highnoon::scenario::town::{FigureSpec, HatSide, PropKind, PropSpec, Team};
use highnoon::scenario::{PhysicsProfile, Town};

pub fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().expect("assets/physics.ron loads")
}

pub fn empty_town() -> Town {
    Town {
        name: "test".into(),
        description: String::new(),
        buildings: vec![],
        gallows: vec![],
        props: vec![],
        figures: vec![],
        discs: vec![],
        game: None,
    }
}

pub fn cowboy(team: Team, hat: u8, at_cm: (f32, f32)) -> FigureSpec {
    FigureSpec {
        team,
        hat: Some(hat),
        hat_side: HatSide::Red,
        name: None,
        at_cm,
        facing_deg: 0.0,
    }
}

pub fn prop(kind: PropKind, at_cm: (f32, f32), facing_deg: f32) -> PropSpec {
    PropSpec {
        kind,
        at_cm,
        facing_deg,
    }
}

pub fn standard_sim() -> Table {
    let p = profile();
    let town = Town::load(&highnoon::scenario::default_town_path(), &p).expect("standard town");
    Table::new(p, &town)
}

pub fn xz(v: Vec3) -> Vec2 {
    Vec2::new(v.x, v.z)
}

/// The window offscreen (320×200) on the Bank Robbery, each side a person
/// (`None`) or a bot of its level, seed 1.
pub fn bank_robbery_window(
    bots: [Option<highnoon::bot_level::Level>; 2],
) -> highnoon::window::WindowOptions {
    use highnoon::window::flick_table::session::Autoplay;
    highnoon::window::WindowOptions {
        start: highnoon::window::Start::Flick {
            scenario: Some(highnoon::scenario::data_root().join("scenarios/bank_robbery.ron")),
        },
        size: (320, 200),
        screenshot: Default::default(),
        flick_script: Default::default(),
        autoplay: Autoplay {
            steps: 0,
            seed: 1,
            bots,
        },
        town: highnoon::scenario::default_town_path(),
        profile_path: highnoon::scenario::default_profile_path(),
        replay: None,
        table_replay: None,
        // The behaviour under test, not the look: the cheapest drawing.
        graphics: highnoon::window::shell::look::Graphics::Low,
    }
}

/// The card table in an app with no window: its plugins, the room's looks
/// at low, the screen state on the menu (finished, nothing dealt yet).
pub fn card_table_app() -> bevy::prelude::App {
    use bevy::prelude::*;
    use highnoon::scenario::PhysicsProfile;
    use highnoon::window::Screen;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::asset::AssetPlugin::default(),
        bevy::state::app::StatesPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<Image>()
    .init_asset::<StandardMaterial>()
    .init_resource::<ButtonInput<MouseButton>>()
    .init_resource::<ButtonInput<KeyCode>>()
    .init_resource::<highnoon::window::shell::pointer::EguiWantsPointer>()
    .init_resource::<highnoon::window::shell::dock::Dock>()
    .insert_resource(highnoon::physics::table::Profile(
        PhysicsProfile::load_default().expect("profile"),
    ))
    .init_state::<Screen>();
    highnoon::window::frame_order(&mut app);
    // The room's materials (the table and its baize are dressed in them).
    app.insert_resource(highnoon::window::shell::look::Graphics::Low)
        .add_plugins((
            highnoon::window::shell::look::LookPlugin,
            highnoon::window::card_table::plugin,
        ));
    app.finish();
    app
}
