//! Building the windowed app: the root of the plugin tree.

use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::physics::table::Profile;
use crate::physics::{self, ActiveTown};
use crate::render::screenshot::Script;
use crate::scenario::{PhysicsProfile, Town};

/// Opens the window on `town` and runs until it is closed.
pub fn run_window(
    profile: PhysicsProfile,
    town: Town,
    script: Script,
    scenario: Option<std::path::PathBuf>,
    autoplay: crate::render::hot_seat::Autoplay,
    watched: crate::reload::Watched,
    size: (u32, u32),
) -> ExitCode {
    let title = format!("highnoon — {}", town.name);
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: WindowResolution::new(size.0, size.1),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: crate::scenario::data_root()
                    .join("assets")
                    .to_string_lossy()
                    .into_owned(),
                ..default()
            }),
    )
    .insert_resource(Profile(profile))
    .insert_resource(ActiveTown(town))
    .insert_resource(script)
    .add_plugins(physics::plugin)
    .add_plugins(EguiPlugin::default())
    .add_plugins(crate::render::plugin)
    .insert_resource(crate::render::hot_seat::ScenarioRequest(scenario))
    .insert_resource(autoplay)
    .insert_resource(watched)
    .add_plugins(crate::reload::plugin)
    .add_systems(Startup, spawn_town);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

fn spawn_town(world: &mut World) {
    physics::spawn_active_town(world);
}
