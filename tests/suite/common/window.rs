//! Helpers for the tests that run the window's plugins.

/// The window offscreen (320×200) on the Bank Robbery, each side a person
/// (`None`) or a bot of its level, seed 1.
pub fn bank_robbery_window(
    bots: [Option<highnoon::bot_level::Level>; 2],
) -> highnoon::window::WindowOptions {
    use highnoon::tables::flick::session::Autoplay;
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
            practice: false,
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
    highnoon::tables::frame_order(&mut app);
    // The room's materials (the table and its baize are dressed in them).
    app.insert_resource(highnoon::window::shell::look::Graphics::Low)
        .add_plugins((
            highnoon::window::shell::look::LookPlugin,
            highnoon::window::card_table::plugin,
        ));
    app.finish();
    app
}
