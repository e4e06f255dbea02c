//! Esc at any table: the game pauses (the window's virtual clock stops:
//! animations, flick playbacks, a wave's clock, bots' turns) and a small menu
//! offers Resume, Settings, How to play, Leave to the menu and Quit. Esc
//! again closes what is open, the menu last.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::settings::{Settings, UserSettings};
use crate::tables::FrameSystems;
use crate::window::Screen;
use crate::window::how_to_play::{HowToPlay, show_how_to_play};
use crate::window::shell::pictures::Pictures;
use crate::window::shell::settings_screen::{SettingsScreen, show_settings};
use crate::window::shell::style::{self, GOLD};

pub fn plugin(app: &mut App) {
    // The keys in force (the shell's key_bindings plugin keeps them to the settings).
    app.init_resource::<crate::keys::Bindings>();
    app.init_resource::<TableMenu>()
        .add_systems(
            Update,
            toggle_table_menu
                .in_set(FrameSystems::Draw)
                .run_if(not(in_state(Screen::Menu))),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            show_table_menu
                .after(crate::window::shell::dock::DockSystems::Fit)
                .run_if(not(in_state(Screen::Menu))),
        )
        .add_systems(OnExit(Screen::Menu), close_table_menu)
        .add_systems(OnEnter(Screen::Menu), close_table_menu);
}

/// Whether the table's menu is open.
#[derive(Resource, Default)]
pub struct TableMenu {
    pub open: bool,
}

/// Esc: closes the settings or the pages if open, else opens or closes the
/// menu; the game's clock stops while anything of it is open.
fn toggle_table_menu(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    mut menu: ResMut<TableMenu>,
    mut settings: ResMut<SettingsScreen>,
    mut how: ResMut<HowToPlay>,
    mut time: ResMut<Time<Virtual>>,
) {
    if bindings.just_pressed(&keys, crate::keys::Action::Menu) {
        if settings.open {
            settings.open = false;
        } else if how.open {
            how.open = false;
        } else {
            menu.open = !menu.open;
        }
    }
    let paused = menu.open || settings.open || how.open;
    if paused && !time.is_paused() {
        time.pause();
    } else if !paused && time.is_paused() {
        time.unpause();
    }
}

fn close_table_menu(
    mut menu: ResMut<TableMenu>,
    mut settings: ResMut<SettingsScreen>,
    mut how: ResMut<HowToPlay>,
    mut time: ResMut<Time<Virtual>>,
) {
    menu.open = false;
    settings.open = false;
    how.open = false;
    time.unpause();
}

/// The game on the table, for its How to play page.
fn page_of(screen: Screen) -> &'static str {
    match screen {
        Screen::Cards(game) => game.key(),
        _ => "flick",
    }
}

#[allow(clippy::too_many_arguments)]
fn show_table_menu(
    mut contexts: EguiContexts,
    mut menu: ResMut<TableMenu>,
    mut settings_screen: ResMut<SettingsScreen>,
    mut how: ResMut<HowToPlay>,
    mut settings: ResMut<Settings>,
    mut user: ResMut<UserSettings>,
    (mut pictures, mut images, bindings): (
        ResMut<Pictures>,
        ResMut<Assets<Image>>,
        Res<crate::keys::Bindings>,
    ),
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    if menu.open && !settings_screen.open && !how.open {
        let ctx = contexts.ctx_mut()?;
        egui::Window::new(
            egui::RichText::new("Paused")
                .font(style::display(22.0))
                .color(GOLD),
        )
        .id(egui::Id::new("table menu"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_min_width(220.0);
            let big = |s: &str| egui::RichText::new(s).size(17.0);
            ui.vertical_centered_justified(|ui| {
                if ui.button(big("Resume")).clicked() {
                    menu.open = false;
                }
                if ui.button(big("Settings")).clicked() {
                    settings_screen.open();
                }
                if ui.button(big("How to play")).clicked() {
                    how.open_at(page_of(*screen.get()));
                }
                if ui.button(big("Leave to the menu")).clicked() {
                    next.set(Screen::Menu);
                }
                if ui.button(big("Quit")).clicked() {
                    exit.write(AppExit::Success);
                }
            });
            ui.weak(format!(
                "{}: back to the game",
                bindings.shown(crate::keys::Action::Menu)
            ));
        });
    }
    show_settings(
        &mut contexts,
        &mut settings_screen,
        &mut settings,
        &mut user,
    )?;
    show_how_to_play(
        &mut contexts,
        &mut how,
        &mut pictures,
        &mut images,
        &bindings,
    )
}
