//! The Settings screen, over the menu or a table: the player edits a draft
//! of [`Settings`]; *Save* writes the file (whole or not at all) and puts
//! them in force — volumes, camera, pace and the coach at once, the window's
//! mode and size at once, the graphics from the next start. A settings file
//! with problems shows them here, and is not written over until *Save*.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, VideoModeSelection};
use bevy_egui::{EguiContexts, egui};

use crate::settings::{Graphics, Settings, UserSettings, WindowMode};
use crate::window::shell::style::{self, GOLD, PROBLEM};

pub fn plugin(app: &mut App) {
    app.init_resource::<SettingsScreen>()
        .init_resource::<UserSettings>()
        .add_systems(Update, put_window_settings_in_force);
}

/// Whether the screen is open, and what is being edited.
#[derive(Resource, Default)]
pub struct SettingsScreen {
    pub open: bool,
    draft: Option<Settings>,
    /// The last save's result.
    message: Option<Result<String, String>>,
    /// The action whose key is being changed: the next key pressed.
    listening: Option<crate::keys::Action>,
    /// Why the last key chosen was not taken.
    key_problem: Option<String>,
}

impl SettingsScreen {
    pub fn open(&mut self) {
        self.open = true;
        self.draft = None;
        self.message = None;
        self.listening = None;
        self.key_problem = None;
    }
}

/// Draws the screen when it is open (called from the menu's and the tables' pass).
pub fn show_settings(
    contexts: &mut EguiContexts,
    screen: &mut SettingsScreen,
    settings: &mut Settings,
    user: &mut UserSettings,
) -> Result {
    if !screen.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let draft = screen.draft.get_or_insert_with(|| settings.clone());
    let mut open = true;
    let mut close = false;
    egui::Window::new(
        egui::RichText::new("Settings")
            .font(style::display(20.0))
            .color(GOLD),
    )
    .id(egui::Id::new("settings screen"))
    // Above the menu's own window, whichever was clicked last.
    .order(egui::Order::Foreground)
    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
    .min_width(440.0)
    .collapsible(false)
    .resizable(false)
    .open(&mut open)
    .show(ctx, |ui| {
        if let Some(p) = &user.problems {
            ui.colored_label(
                PROBLEM,
                "The settings file has problems; the defaults are in use until you save:",
            );
            for line in p.lines() {
                ui.colored_label(PROBLEM, egui::RichText::new(line).monospace());
            }
            ui.separator();
        }
        egui::Grid::new("settings grid")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| {
                ui.label(egui::RichText::new("Sound").color(GOLD));
                ui.end_row();
                ui.label("Master volume");
                ui.add(egui::Slider::new(&mut draft.master_volume, 0.0..=1.0).fixed_decimals(2));
                ui.end_row();
                ui.label("Effects volume");
                ui.add(egui::Slider::new(&mut draft.effects_volume, 0.0..=1.0).fixed_decimals(2));
                ui.end_row();
                ui.label("Music volume");
                ui.add(egui::Slider::new(&mut draft.music_volume, 0.0..=1.0).fixed_decimals(2));
                ui.end_row();
                ui.label("Mute");
                ui.checkbox(&mut draft.mute, "silence");
                ui.end_row();
                ui.label(egui::RichText::new("Window").color(GOLD));
                ui.end_row();
                ui.label("Mode");
                ui.horizontal(|ui| {
                    for m in WindowMode::ALL {
                        ui.radio_value(&mut draft.window_mode, m, format!("{m:?}"));
                    }
                });
                ui.end_row();
                ui.label("Size (windowed)");
                ui.horizontal(|ui| {
                    ui.add(egui::DragValue::new(&mut draft.window_size.0).range(320..=16384));
                    ui.label("×");
                    ui.add(egui::DragValue::new(&mut draft.window_size.1).range(200..=16384));
                });
                ui.end_row();
                ui.label("Graphics");
                ui.horizontal(|ui| {
                    for g in Graphics::ALL {
                        ui.radio_value(&mut draft.graphics, g, format!("{g:?}"));
                    }
                })
                .response
                .on_hover_text(
                    "From the next start. Low: no shadows, plain colours (for software rendering).",
                );
                ui.end_row();
                ui.label(egui::RichText::new("Play").color(GOLD));
                ui.end_row();
                ui.label("Camera speed (keys)");
                ui.add(egui::Slider::new(&mut draft.camera_speed, 0.2..=5.0).logarithmic(true));
                ui.end_row();
                ui.label("Mouse sensitivity");
                ui.add(
                    egui::Slider::new(&mut draft.mouse_sensitivity, 0.2..=5.0).logarithmic(true),
                );
                ui.end_row();
                ui.label("Animation pace");
                ui.add(egui::Slider::new(&mut draft.animation_pace, 0.25..=4.0).logarithmic(true))
                    .on_hover_text(
                        "How fast cards glide and flicks play back: 2 is twice as fast.",
                    );
                ui.end_row();
                ui.label("Follow the flick");
                ui.checkbox(
                    &mut draft.follow_flick,
                    "the camera follows the disc, then comes back",
                );
                ui.end_row();
                ui.label("Coach");
                ui.checkbox(&mut draft.coach, "hints and how each flick compared");
                ui.end_row();
            });
        ui.separator();
        show_keys(ui, draft, &mut screen.listening, &mut screen.key_problem);
        show_folders(ui);
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new("Save").size(16.0)).clicked() {
                screen.message = Some(match &user.path {
                    Some(path) => draft
                        .save(path)
                        .map(|()| format!("Saved to {}", path.display())),
                    None => Err(
                        "this system has no configuration folder: in force until you quit".into(),
                    ),
                });
                *settings = draft.clone();
                if matches!(screen.message, Some(Ok(_))) {
                    user.problems = None;
                }
            }
            if ui.button("Defaults").clicked() {
                *draft = Settings::default();
            }
            if ui.button("Close").clicked() {
                close = true;
            }
        });
        match &screen.message {
            Some(Ok(m)) => {
                ui.weak(m);
            }
            Some(Err(e)) => {
                ui.colored_label(PROBLEM, format!("Not saved: {e}"));
            }
            None => {}
        }
    });
    if !open || close {
        screen.open = false;
        screen.draft = None;
    }
    Ok(())
}

/// Every action's keys, each changed by clicking it and pressing the new
/// key (Escape gives up); a key already doing something else there is
/// refused with the reason. Saved with the settings.
fn show_keys(
    ui: &mut egui::Ui,
    draft: &mut Settings,
    listening: &mut Option<crate::keys::Action>,
    problem: &mut Option<String>,
) {
    use crate::keys::{Action, Bindings};
    if let Some(action) = *listening {
        let pressed = ui.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Key {
                    key, pressed: true, ..
                } => Some(*key),
                _ => None,
            })
        });
        if let Some(key) = pressed {
            *listening = None;
            if key != egui::Key::Escape {
                let name = key.name().to_string();
                let mut keys = draft.keys.clone();
                keys.insert(action, vec![name.clone()]);
                match Bindings::with(&keys) {
                    Ok(_) => {
                        draft.keys = keys;
                        *problem = None;
                    }
                    Err(e) => {
                        let why: Vec<&str> =
                            e.iter().map(|m| m.trim_start_matches("`keys`: ")).collect();
                        *problem = Some(format!("{name} not taken: {}", why.join("; ")));
                    }
                }
            }
        }
    }
    let bindings = Bindings::with(&draft.keys).unwrap_or_default();
    egui::CollapsingHeader::new(egui::RichText::new("Keys").color(GOLD))
        .id_salt("settings keys")
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("settings keys list")
                .max_height(200.0)
                .show(ui, |ui| {
                    egui::Grid::new("settings keys grid")
                        .num_columns(2)
                        .spacing([16.0, 2.0])
                        .show(ui, |ui| {
                            for (action, ..) in Action::ALL {
                                ui.label(action.about());
                                let shown = if *listening == Some(action) {
                                    "press a key… (Escape: keep)".to_string()
                                } else {
                                    bindings.shown(action)
                                };
                                if ui
                                    .button(shown)
                                    .on_hover_text("click, then press the new key")
                                    .clicked()
                                {
                                    *listening = Some(action);
                                    *problem = None;
                                }
                                ui.end_row();
                            }
                        });
                });
            if let Some(p) = problem {
                ui.colored_label(PROBLEM, p.as_str());
            }
        });
}

/// Where the player's files are, and the game's own (read only): shown as
/// text to copy, nothing opened.
fn show_folders(ui: &mut egui::Ui) {
    egui::CollapsingHeader::new(egui::RichText::new("Where your files are").color(GOLD))
        .id_salt("settings folders")
        .show(ui, |ui| {
            egui::Grid::new("settings folders grid")
                .num_columns(2)
                .spacing([16.0, 4.0])
                .show(ui, |ui| {
                    let mut rows = crate::files::Folders::of_user()
                        .map(|f| f.listed())
                        .unwrap_or_default();
                    rows.push(("The game's data (read only)", crate::scenario::data_root()));
                    for (what, path) in rows {
                        ui.label(what);
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new(path.display().to_string())
                                    .monospace()
                                    .small(),
                            )
                            .selectable(true),
                        );
                        ui.end_row();
                    }
                });
        });
}

/// The window's mode and size follow the settings when they change.
fn put_window_settings_in_force(
    settings: Option<Res<Settings>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let Some(settings) = settings.filter(|s| s.is_changed() && !s.is_added()) else {
        return;
    };
    for mut w in &mut windows {
        let mode = match settings.window_mode {
            WindowMode::Windowed => bevy::window::WindowMode::Windowed,
            WindowMode::Borderless => {
                bevy::window::WindowMode::BorderlessFullscreen(MonitorSelection::Current)
            }
            WindowMode::Fullscreen => bevy::window::WindowMode::Fullscreen(
                MonitorSelection::Current,
                VideoModeSelection::Current,
            ),
        };
        if w.mode != mode {
            w.mode = mode;
        }
        let (width, height) = settings.window_size;
        if mode == bevy::window::WindowMode::Windowed
            && (w.resolution.width() as u32, w.resolution.height() as u32) != (width, height)
        {
            w.resolution.set(width as f32, height as f32);
        }
    }
}
