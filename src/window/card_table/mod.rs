//! The card table: any game of the card-game registry played with 3D cards
//! (and real dice) on the wooden table. One plugin tree per registered game,
//! each running only in its own [`Screen::Cards`] state:
//!
//! - the game itself is [`crate::tables::cards`]'s session (no drawing: runs
//!   headless); this table turns the mouse and keys into its intents;
//! - [`scene`]: card art painted from the RON card data ([`faces`], [`mesh`]),
//!   card entities following the game's scene with eased moves and flips;
//! - [`input`]: hover, click and drag into slots; [`panel`]: the side panel
//!   and the words on the table; [`dice`]: the tray and the rolling die;
//!   [`tossing`]: the play mats, cards picked up, flicked and shown in flight;
//!   [`hint`]: the hard bot's choice for your seat, and the review of a wave.
//!
//! A game draws itself through [`crate::cards::view::CardView`]; nothing here
//! knows which game it is.

pub mod art;
pub mod dice;
pub mod faces;
pub mod hint;
pub mod input;
pub mod keep;
pub mod labels;
pub mod mesh;
pub mod now;
pub mod panel;
pub mod scene;
pub mod sounds;
pub mod tossing;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::cards::CardGame;
use crate::cards::registry::GameVisitor;
use crate::cards::table_game::TableGame;
use crate::physics::table::Profile;
use crate::tables::FrameSystems;
use crate::tables::cards::keep::{self as dealt, CardRequest};
use crate::tables::cards::session;
use crate::window::{Screen, TablePanels};

/// One card table's systems: they run only while its game is on screen.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CardSystems(pub CardGame);

pub fn plugin(app: &mut App) {
    // The keys in force (the shell's key_bindings plugin keeps them to the settings).
    app.init_resource::<crate::keys::Bindings>();
    // The cards' sounds (played by the shell's sound plugin where there is one).
    app.add_message::<crate::tables::Hear>()
        .init_resource::<input::Hovered>()
        .init_resource::<labels::TableLabels>()
        .add_systems(Update, scene::glide_cards.in_set(FrameSystems::Dress));
    for game in CardGame::ALL {
        game.dispatch(AddTable(app));
    }
}

/// Adds the table of one registered game.
struct AddTable<'a>(&'a mut App);

impl GameVisitor for AddTable<'_> {
    type Output = ();
    fn visit<G: TableGame>(self, game: CardGame) {
        let app = self.0;
        let screen = Screen::Cards(game);
        let set = CardSystems(game);
        app.configure_sets(Update, set.clone().run_if(in_state(screen)))
            .configure_sets(
                EguiPrimaryContextPass,
                set.clone().run_if(in_state(screen)).in_set(TablePanels),
            )
            .init_resource::<now::SceneNow<G>>()
            .init_resource::<input::SlotPlan<G>>()
            .init_resource::<tossing::TossHand<G>>();
        session::plugin::<G>(app, set.clone());
        hint::plugin::<G>(app, set.clone(), screen);
        app.add_systems(
            OnEnter(screen),
            (
                open_table::<G>,
                scene::paint_card_art::<G>,
                scene::furnish_card_table(screen),
                tossing::lay_mats::<G>(screen),
            )
                .chain(),
        )
        .add_systems(
            OnExit(screen),
            (keep::keep_the_game::<G>, close_table::<G>).chain(),
        )
        .add_systems(
            Last,
            keep::keep_the_game_on_quit::<G>.run_if(in_state(screen)),
        )
        .add_systems(
            Update,
            (
                (
                    input::aim_with_keys::<G>,
                    input::pick_cards::<G>,
                    tossing::flick_cards::<G>,
                    input::lay_planned_cards::<G>,
                )
                    .chain()
                    // A click in the frame a wave resolves goes to the next wave.
                    .after(session::run_wave_clock::<G>)
                    .in_set(FrameSystems::Input),
                (
                    scene::lay_out_cards::<G>,
                    scene::follow_pointer::<G>,
                    dice::roll_die_on_screen::<G>,
                    tossing::fly_cards::<G>,
                    tossing::hold_card::<G>,
                    tossing::show_aim::<G>,
                    sounds::hear_the_card_table::<G>,
                )
                    .chain()
                    .after(scene::glide_cards)
                    .in_set(FrameSystems::Dress),
            )
                .in_set(set.clone()),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (panel::show_card_panel::<G>, labels::label_table::<G>)
                .chain()
                .in_set(set),
        );
        if G::DICE {
            let spec = app.world().resource::<Profile>().0.dice.clone();
            app.add_systems(OnEnter(screen), dice::place_dice_tray(screen, spec));
        }
    }
}

/// Deals the requested game: its setup, its seats, its seed; bots play the
/// first `actions` actions at once when asked (screenshots of a game in progress).
fn open_table<G: TableGame>(
    request: Option<Res<CardRequest>>,
    practice: Option<Res<crate::record::Practice>>,
    profile: Res<Profile>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut cameras: Query<&mut crate::window::shell::camera::OrbitCamera>,
    mut windows: Query<&mut Window>,
) {
    let Some(request) = request else {
        next.set(Screen::Menu);
        return;
    };
    let table = match dealt::deal::<G>(&request, &profile.0) {
        // A practice game (the menu's choice; a continued game's own).
        Ok(mut table) => {
            table.practice = practice.is_some_and(|p| p.0);
            table
        }
        Err(e) => {
            error!("{e}");
            next.set(Screen::Menu);
            return;
        }
    };
    commands.insert_resource(table);
    for mut c in &mut cameras {
        *c = crate::window::shell::camera::OrbitCamera::card_table();
    }
    commands.insert_resource(crate::window::shell::camera::Framing::table(
        crate::cards::table_layout::TABLE_SIZE,
        crate::cards::table_layout::TOP,
    ));
    for mut w in &mut windows {
        w.title = format!("highnoon — {}", G::TITLE);
    }
}

/// Ends the game: its state, art and layout go (its entities despawn on exit).
fn close_table<G: TableGame>(
    mut commands: Commands,
    mut now: ResMut<now::SceneNow<G>>,
    mut plan: ResMut<input::SlotPlan<G>>,
    mut hand: ResMut<tossing::TossHand<G>>,
    mut cameras: Query<&mut crate::window::shell::camera::OrbitCamera>,
) {
    commands.remove_resource::<session::CardTable<G>>();
    commands.remove_resource::<scene::CardArt>();
    *now = now::SceneNow::default();
    *plan = input::SlotPlan::default();
    *hand = tossing::TossHand::default();
    for mut c in &mut cameras {
        *c = crate::window::shell::camera::OrbitCamera::default();
    }
}
