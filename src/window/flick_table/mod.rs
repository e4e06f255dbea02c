//! The Flick 'em Up table: the town made visible, mouse flicks, the HUD, the
//! referee, computer seats and scripted flicks. Everything here runs only in
//! [`Screen::Flick`]; entering it spawns the requested town (or starts the
//! scenario), leaving it despawns the town and ends the game.
//! Reads the simulation; changes it only through intents (`FlickQueue`,
//! `ResetRequested`, the referee's intents).

pub mod aim;
pub mod bot_turn;
pub mod hot_seat;
pub mod hud;
pub mod scene;
pub mod script;
pub mod table_replay;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::{FrameSystems, Screen};
use crate::cards::bots::Level;
use crate::physics::table::Profile;
use crate::physics::{self, ActiveTown};
use crate::scenario::Town;
use crate::scenario::town::Team;

/// The Flick table's systems: they run only while it is on screen.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlickSystems;

/// A game's turn within a frame, in this order (declared once, here): the
/// seats decide (the mouse aims, bots think and hand in their steps), then
/// the referee applies what was decided. Both run in [`FrameSystems::Input`].
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    Decide,
    Referee,
}

/// Who plays a team: a person at the mouse, or a computer opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Seat {
    #[default]
    Human,
    Bot(Level),
}

impl Seat {
    /// Every choice, in the order the menu lists them.
    pub const ALL: [Seat; 5] = [
        Seat::Human,
        Seat::Bot(Level::Easy),
        Seat::Bot(Level::Normal),
        Seat::Bot(Level::Hard),
        Seat::Bot(Level::Random),
    ];

    /// The menu's choice: you play the lawmen, a normal bot the outlaws.
    pub const AGAINST_THE_COMPUTER: [Seat; 2] = [Seat::Human, Seat::Bot(Level::Normal)];

    /// Two people at one computer (the command line without `--vs` or `--watch`).
    pub const HOT_SEAT: [Seat; 2] = [Seat::Human, Seat::Human];

    pub fn bot(self) -> Option<Level> {
        match self {
            Seat::Human => None,
            Seat::Bot(level) => Some(level),
        }
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("a person"),
            Seat::Bot(level) => write!(f, "{} bot", level_title(*level)),
        }
    }
}

/// A bot level as a title: "Hard".
pub fn level_title(level: Level) -> &'static str {
    match level {
        Level::Random => "Random",
        Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Hard => "Hard",
    }
}

/// Who plays each team of the game on the table: `[lawmen, outlaws]`.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats(pub [Seat; 2]);

impl Default for Seats {
    fn default() -> Self {
        Seats(Seat::HOT_SEAT)
    }
}

impl Seats {
    /// The seat of a team (index 0: lawmen, 1: outlaws); `None` for the townsfolk.
    pub fn index(team: Team) -> Option<usize> {
        match team {
            Team::Lawmen => Some(0),
            Team::Outlaws => Some(1),
            Team::Neutral => None,
        }
    }

    pub fn of(&self, team: Team) -> Seat {
        Self::index(team).map_or(Seat::Human, |i| self.0[i])
    }

    /// The bot level of the team the game awaits, when a computer seat is to act.
    pub fn bot_to_act(&self, game: &crate::flick::rules::Game) -> Option<(Team, Level)> {
        let team = game.current_team()?;
        self.of(team).bot().map(|level| (team, level))
    }
}

/// What the Flick table opens: a town in the sandbox, or a scenario.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct FlickRequest {
    pub town: PathBuf,
    pub scenario: Option<PathBuf>,
    pub profile: PathBuf,
    /// Who plays the lawmen and the outlaws (a scenario only).
    pub seats: [Seat; 2],
}

/// The town could not be opened: the menu shows why.
#[derive(Resource, Debug, Clone, Default)]
pub struct FlickTableError(pub Option<String>);

pub fn plugin(app: &mut App) {
    let on_screen = in_state(Screen::Flick);
    app.init_resource::<FlickTableError>()
        .init_resource::<Seats>()
        .configure_sets(Update, FlickSystems.run_if(on_screen.clone()))
        .configure_sets(
            Update,
            (TurnSystems::Decide, TurnSystems::Referee)
                .chain()
                .in_set(FrameSystems::Input),
        )
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
            bot_turn::plugin,
            script::plugin,
            table_replay::plugin,
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
    world.insert_resource(Seats(request.seats));
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
    // A bot still thinking is dropped with its game.
    world.insert_resource(bot_turn::BotTurn::default());
    world.insert_resource(hot_seat::BotChoice::default());
    *world.resource_mut::<aim::GameAim>() = aim::GameAim::default();
    *world.resource_mut::<aim::Aim>() = aim::Aim::default();
    world.insert_resource(physics::LastOutcome(None));
    physics::despawn_town(world);
}
