//! The Flick 'em Up table: the town made visible, mouse flicks, the HUD, the
//! hot-seat referee and scripted flicks. Everything here runs only in
//! [`Screen::Flick`]; entering it spawns the requested town (or starts the
//! scenario), leaving it despawns the town and ends the game.
//! Reads the simulation; changes it only through intents (`FlickQueue`,
//! `ResetRequested`, the referee's intents).

pub mod aim;
pub mod hot_seat;
pub mod hud;
pub mod scene;
pub mod script;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::Screen;
use crate::physics::table::Profile;
use crate::physics::{self, ActiveTown};
use crate::scenario::Town;

/// The Flick table's systems: they run only while it is on screen.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlickSystems;

/// What the Flick table opens: a town in the sandbox, or a scenario.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct FlickRequest {
    pub town: PathBuf,
    pub scenario: Option<PathBuf>,
    pub profile: PathBuf,
}

/// The town could not be opened: the menu shows why.
#[derive(Resource, Debug, Clone, Default)]
pub struct FlickTableError(pub Option<String>);

pub fn plugin(app: &mut App) {
    let on_screen = in_state(Screen::Flick);
    app.init_resource::<FlickTableError>()
        .configure_sets(Update, FlickSystems.run_if(on_screen.clone()))
        .configure_sets(
            EguiPrimaryContextPass,
            FlickSystems.run_if(on_screen.clone()),
        )
        .configure_sets(Update, crate::reload::ReloadSystems.run_if(on_screen))
        .add_plugins((
            scene::plugin,
            aim::plugin,
            hud::plugin,
            hot_seat::plugin,
            script::plugin,
            crate::reload::plugin,
        ))
        .add_systems(OnEnter(Screen::Flick), open_town)
        .add_systems(OnExit(Screen::Flick), close_town);
}

/// Spawns the requested town, or starts the requested scenario.
fn open_town(world: &mut World) {
    let Some(request) = world.get_resource::<FlickRequest>().cloned() else {
        return;
    };
    let profile = world.resource::<Profile>().0.clone();
    let town_file = request.scenario.clone().unwrap_or(request.town.clone());
    let town = match Town::load(&town_file, &profile) {
        Ok(t) => t,
        Err(e) => {
            world.resource_mut::<FlickTableError>().0 = Some(e.to_string());
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
            return;
        }
    };
    world.resource_mut::<FlickTableError>().0 = None;
    world.insert_resource(ActiveTown(town));
    physics::spawn_active_town(world);
    world.insert_resource(crate::reload::Watched::new(
        request.profile.clone(),
        Some(town_file),
        request.scenario.is_some(),
    ));
    world.resource_mut::<hot_seat::ScenarioRequest>().0 = request.scenario;
    let mut cameras = world.query::<&mut crate::window::shell::camera::OrbitCamera>();
    for mut c in cameras.iter_mut(world) {
        *c = crate::window::shell::camera::OrbitCamera::default();
    }
    let mut windows = world.query::<&mut Window>();
    for mut w in windows.iter_mut(world) {
        w.title = "highnoon — Flick 'em Up!".into();
    }
}

/// Ends the game and despawns the town.
fn close_town(world: &mut World) {
    world.remove_non_send::<hot_seat::GameSession>();
    world.resource_mut::<hot_seat::ScenarioRequest>().0 = None;
    *world.resource_mut::<aim::GameAim>() = aim::GameAim::default();
    *world.resource_mut::<aim::Aim>() = aim::Aim::default();
    world.insert_resource(physics::LastOutcome(None));
    physics::despawn_town(world);
}
