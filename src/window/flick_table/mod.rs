//! The Flick 'em Up table as the window shows it: the town made visible,
//! mouse flicks, the HUD and panels, the coach. Everything here runs only in
//! [`Screen::Flick`]; entering it opens the requested town (or scenario),
//! leaving it takes the town off.
//!
//! The game itself is [`crate::tables::flick`]'s session: the mouse, the
//! bots, replays, scripts, the panels and live reload write its
//! `FlickIntent`s; one system applies them (a flick is run to rest there and
//! recorded); the pieces' entities follow the session, a flick shown
//! through its recording. Files, lowest first (none imports a file above
//! it, nor this one):
//!
//! ```text
//! sets             the panels' system sets
//! scene            the pieces dressed: meshes and materials
//! shapes           the pieces' render meshes, inside their colliders
//! aim              the mouse's drag and the aim on show
//! hud, panels      the sandbox's HUD; a scenario's panels
//! tags             where the name tags go over the town
//! coach            hints for the person's flick (the hard bot's, drawn, never
//!                  played) and how each of their flicks compared
//! after_the_flick  the instant replay and the shot markers
//! keep             the game kept for Continue when the table is left
//! ```

pub mod after_the_flick;
pub mod aim;
pub mod coach;
pub mod hud;
pub mod keep;
pub mod panels;
pub mod scene;
pub mod sets;
pub mod shapes;
pub mod tags;
pub mod turn_review;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::{Screen, TablePanels};
use crate::scenario::Town;
use crate::tables::flick::session::{FlickAction, FlickIntent, FlickSession};
use crate::tables::flick::{
    FlickOrder, FlickSystems, Seat, Seats, TableEdited, bots, pieces, reload, script, table_replay,
};
pub use sets::FlickPanels;

/// What the Flick table opens: a town in the sandbox, or a scenario.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct FlickRequest {
    pub town: PathBuf,
    pub scenario: Option<PathBuf>,
    pub profile: PathBuf,
    /// Who plays the lawmen and the outlaws (a scenario only).
    pub seats: [Seat; 2],
    /// The seed of a scenario's face-down piles (a replay's own).
    pub seed: u64,
    /// A saved game to continue instead (its own scenario, seed and seats).
    pub resume: Option<Box<crate::saves::FlickSave>>,
    /// A practice game: the person's flicks may be taken back.
    pub practice: bool,
}

/// The town could not be opened: the menu shows why.
#[derive(Resource, Debug, Clone, Default)]
pub struct FlickTableError(pub Option<String>);

/// The table's plugins, and the order of its systems (declared here only).
pub fn plugin(app: &mut App) {
    // The keys in force (the shell's key_bindings plugin keeps them to the settings).
    app.init_resource::<crate::keys::Bindings>();
    let on_screen = in_state(Screen::Flick);
    crate::tables::flick::plugin(app);
    app.init_resource::<FlickTableError>()
        .configure_sets(Update, FlickSystems.run_if(on_screen.clone()))
        // The town editor owns the table: no flicks, bots, scripts or
        // reloads of the table's own, none of its panels.
        .configure_sets(
            Update,
            FlickOrder::Decide.run_if(not(resource_exists::<TableEdited>)),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (FlickPanels::Game, FlickPanels::Coach, FlickPanels::Log)
                .run_if(not(resource_exists::<TableEdited>)),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            FlickSystems.run_if(on_screen).in_set(TablePanels),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (
                FlickPanels::Hud,
                FlickPanels::Game,
                FlickPanels::Coach,
                FlickPanels::Log,
            )
                .chain(),
        )
        .add_plugins((
            scene::plugin,
            aim::plugin,
            reload::plugin,
            bots::plugin,
            script::plugin,
            table_replay::plugin,
            hud::plugin,
            panels::plugin,
            coach::plugin,
            turn_review::plugin,
            keep::plugin,
            after_the_flick::plugin,
        ))
        .add_systems(OnEnter(Screen::Flick), open_town)
        .add_systems(
            OnExit(Screen::Flick),
            (keep::keep_the_game, close_town).chain(),
        );
}

/// Opens the requested town or scenario (a file that does not load goes
/// back to the menu, which shows why).
fn open_town(world: &mut World) {
    let Some(request) = world.get_resource::<FlickRequest>().cloned() else {
        return;
    };
    let profile = world.resource::<crate::physics::table::Profile>().0.clone();
    let file = request.scenario.clone().unwrap_or(request.town.clone());
    if let Err(e) = Town::load(&file, &profile) {
        world.resource_mut::<FlickTableError>().0 = Some(e.to_string());
        world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
        return;
    }
    world.resource_mut::<FlickTableError>().0 = None;
    world.insert_resource(Seats(request.seats));
    world.insert_resource(reload::Watched {
        profile: request.profile.clone(),
    });
    world.write_message(FlickIntent::person(match request.resume {
        Some(save) => FlickAction::Resume(save),
        None => FlickAction::Open {
            file,
            seed: Some(request.seed),
            practice: request.practice,
        },
    }));
    let mut cameras = world.query::<&mut crate::window::shell::camera::OrbitCamera>();
    for mut c in cameras.iter_mut(world) {
        *c = crate::window::shell::camera::OrbitCamera::default();
    }
    let t = &profile.table;
    world.insert_resource(crate::window::shell::camera::Framing::table(t.size, 0.0));
    let mut windows = world.query::<&mut Window>();
    for mut w in windows.iter_mut(world) {
        w.title = "highnoon — Flick 'em Up!".into();
    }
}

/// Takes the town off the table and drops whatever the seats were doing.
fn close_town(world: &mut World) {
    world.resource_mut::<FlickSession>().close();
    pieces::clear_town(world);
    // A bot still thinking is dropped with its game.
    world.insert_resource(bots::BotTurn::default());
    // And the coach's search, and what it said of this game.
    world.insert_resource(coach::CoachHint::default());
    world.insert_resource(turn_review::TurnWatch::default());
    *world.resource_mut::<crate::tables::flick::aim::Aim>() = Default::default();
    world
        .resource_mut::<crate::tables::flick::aim::MouseLocked>()
        .0 = false;
}
