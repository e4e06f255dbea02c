//! The window: the root of the plugin tree. A shell (menu, camera, room,
//! screenshots) and one plugin tree per table — the Flick 'em Up table and the
//! card table — switched by the [`Screen`] state; each table despawns what it
//! spawned when it is left. Frame ordering is declared once, here.
//!
//! ```text
//! window/
//!   menu.rs       the main menu: pick a game, its setup and the seats
//!   menu_record.rs  the record of your games under each game in the menu
//!   flick_table/  the town: one session and its intents, scene, aiming, bots, HUD, panels
//!   card_table/   any registered card game: cards, dice, seats, bots, panels
//!   shell/        camera, room and table furniture, pointer, screenshots (below the tables)
//! ```

pub mod card_table;
pub mod editor;
pub mod flick_table;
pub mod how_to_play;
pub mod menu;
pub mod menu_record;
pub mod render_bench;
pub mod shell;
pub mod table_menu;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::cards::CardGame;
use crate::physics::table::Profile;
use crate::scenario::PhysicsProfile;

/// Which screen the window shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The main menu: pick a game, its setup and the seats.
    #[default]
    Menu,
    /// The Flick 'em Up table (a scenario or the sandbox).
    Flick,
    /// The card table, playing this game.
    Cards(CardGame),
}

/// What the window opens on.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    Menu,
    /// The Flick table: a scenario, or the town in the sandbox.
    Flick {
        scenario: Option<PathBuf>,
    },
    /// The town editor on a town or scenario file.
    Edit {
        file: PathBuf,
    },
    /// A card game from a setup file, after `actions` actions played by bots
    /// (for screenshots of a game in progress).
    Cards {
        game: CardGame,
        setup: PathBuf,
        actions: usize,
    },
}

/// Everything the command line tells the window.
#[derive(Clone, Debug)]
pub struct WindowOptions {
    pub start: Start,
    pub size: (u32, u32),
    pub screenshot: shell::screenshot::ScreenshotScript,
    pub flick_script: crate::tables::flick::script::FlickScript,
    pub autoplay: crate::tables::flick::session::Autoplay,
    /// The town for the Flick table (the standard town unless `--town`).
    pub town: PathBuf,
    pub profile_path: PathBuf,
    /// A recorded game to play back at the Flick table (`replay FILE --window`).
    pub replay: Option<crate::tables::flick::bots::ReplayScript>,
    /// Flicks to play back at the sandbox (`replay FILE --window` of a table replay).
    pub table_replay: Option<crate::tables::flick::table_replay::TableReplayScript>,
    /// How much the renderer draws (`--graphics`).
    pub graphics: shell::look::Graphics,
}

impl WindowOptions {
    /// Whether the command line scripts this run (a screenshot, bots'
    /// actions played at once, a scripted aim or flick, a replay, a seeded
    /// random player): such a run is not the player's game, and never
    /// touches their game to continue or their record of games.
    pub fn scripted(&self) -> bool {
        self.screenshot.path.is_some()
            || matches!(self.start, Start::Cards { actions, .. } if actions > 0)
            || self.flick_script.aim.is_some()
            || self.flick_script.flick.is_some()
            || self.autoplay.steps > 0
            || self.replay.is_some()
            || self.table_replay.is_some()
    }
}

/// Opens the window and runs until it is closed, with the player's settings.
pub fn run_window(
    profile: PhysicsProfile,
    options: WindowOptions,
    settings: crate::settings::UserSettings,
) -> ExitCode {
    let mut app = App::new();
    app.insert_resource(settings.settings.clone())
        .insert_resource(settings)
        // Only the player's own games are kept for Continue (never a
        // scripted run's, a test's or an offscreen app's).
        .insert_resource(crate::saves::ContinueFile(
            (!options.scripted())
                .then(crate::saves::continue_path)
                .flatten(),
        ))
        // Likewise the record of games: the player's own games only.
        .insert_resource(crate::record::RecordFile::of_run(options.scripted()));
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "highnoon".into(),
                    resolution: WindowResolution::new(options.size.0, options.size.1),
                    ..default()
                }),
                ..default()
            })
            .set(asset_plugin()),
    );
    add_tables(&mut app, profile, &options);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Assets come from the data root's `assets/`.
pub fn asset_plugin() -> AssetPlugin {
    AssetPlugin {
        file_path: crate::scenario::data_root()
            .join("assets")
            .to_string_lossy()
            .into_owned(),
        ..default()
    }
}

/// Everything the window adds to Bevy's own plugins: the physics profile, egui, the
/// tables, and what the command line asked for (also for `bench render`).
pub fn add_tables(app: &mut App, profile: PhysicsProfile, options: &WindowOptions) {
    app.insert_resource(Profile(profile))
        .init_resource::<crate::settings::Settings>()
        .init_resource::<crate::saves::ContinueFile>()
        .init_resource::<crate::record::RecordFile>()
        .init_resource::<crate::record::Practice>()
        .add_plugins(EguiPlugin::default())
        .add_plugins(plugin)
        .insert_resource(options.screenshot.clone())
        .insert_resource(shell::camera::ScriptedCamera(options.screenshot.camera))
        .insert_resource(options.flick_script.clone())
        .insert_resource(options.autoplay)
        .insert_resource(options.graphics)
        .insert_resource(menu::Launch::from_options(options));
    if let Some(script) = &options.replay {
        app.insert_resource(script.clone());
    }
    if let Some(script) = &options.table_replay {
        app.insert_resource(script.clone());
    }
}

/// The window's plugin tree (no windowing plugins: the caller adds those).
pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    crate::tables::frame_order(app);
    panel_order(app);
    app.add_plugins((
        shell::plugin,
        menu::plugin,
        table_menu::plugin,
        how_to_play::plugin,
        flick_table::plugin,
        editor::plugin,
        card_table::plugin,
    ));
}

/// Every table's panel systems, in egui's pass: after the dock opens, before
/// the 3D view is fitted beside it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TablePanels;

/// The dock's order: the view placed beside it before egui's pass; in the
/// pass the dock (on a table, not on the menu), the table's panels, the
/// pointer claimed; each new context styled before its first pass.
fn panel_order(app: &mut App) {
    use shell::dock::DockSystems;
    app.configure_sets(
        bevy_egui::EguiPrimaryContextPass,
        (
            DockSystems::Open.run_if(not(in_state(Screen::Menu))),
            TablePanels,
            DockSystems::Fit,
        )
            .chain(),
    )
    // The view beside the dock and the table framed in it are placed before
    // egui draws and before the cameras and transforms are updated: the
    // frame is drawn as it is laid out.
    .configure_sets(
        PostUpdate,
        DockSystems::Place
            .before(bevy_egui::EguiPostUpdateSet::EndPass)
            .before(bevy::camera::CameraUpdateSystems)
            .before(bevy::transform::TransformSystems::Propagate),
    )
    .add_systems(
        PreUpdate,
        shell::style::style_new_contexts
            .after(bevy_egui::EguiPreUpdateSet::InitContexts)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    );
}
