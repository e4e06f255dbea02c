//! The egui HUD: controls, the power meter while aiming, the last flick's
//! outcome, and name labels over buildings and figures.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::aim::{FULL_SLIDE, power_colour};
use super::sets::FlickPanels;
use super::tags::{Tag, place_tags};
use crate::physics::pieces::{Door, Hat, Piece, PieceKind};
use crate::physics::table::Profile;
use crate::scenario::kinds::Team;
use crate::tables::flick::FlickSystems;
use crate::tables::flick::aim::Aim;
use crate::tables::flick::reload::ReloadStatus;
use crate::tables::flick::session::FlickSession;
use crate::tables::flick::table_replay::{SavedReplay, TableReplayScript};
use crate::window::shell::camera::TableCamera;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::EguiWantsPointer;
use crate::window::shell::style::{GOOD, PROBLEM};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            label_pieces,
            show_panels.run_if(not(resource_exists::<crate::tables::flick::TableEdited>)),
        )
            .chain()
            .in_set(FlickPanels::Hud)
            .in_set(FlickSystems),
    )
    .add_systems(
        Update,
        draw_door_lines
            .in_set(crate::tables::FrameSystems::Draw)
            .in_set(FlickSystems),
    );
}

fn to_egui(c: Color) -> egui::Color32 {
    let s = c.to_srgba();
    egui::Color32::from_rgb(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
    )
}

fn label_pieces(
    mut contexts: EguiContexts,
    cameras: TableCamera,
    pieces: Query<(&Piece, &GlobalTransform, &Name, Option<&Hat>)>,
    profile: Res<Profile>,
    dock: Res<Dock>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, cam_t)) = cameras.single() else {
        return Ok(());
    };
    // Over the 3D view only: a tag is never drawn on the dock.
    let painter = ctx
        .layer_painter(egui::LayerId::background())
        .with_clip_rect(dock.free());
    let b = &profile.0.pieces.building;
    let figure_height = crate::physics::build::figure_height(&profile.0);
    let ink = egui::Color32::from_rgb(255, 246, 228);
    // Each tag where it would stand, and each standing figure's outline on
    // the screen (what a tag must not hide).
    let mut tags = Vec::new();
    let mut figures = Vec::new();
    for (piece, t, name, hat) in &pieces {
        let dark = egui::Color32::from_black_alpha(150);
        let (height, text, background, size) = match piece.kind {
            PieceKind::Building(kind) => (
                b.block_size.1 + b.facade_size.1 + 0.012,
                kind.title().to_uppercase(),
                dark,
                14.0,
            ),
            PieceKind::Figure { team, hat: number } => {
                let tag = match (team, number) {
                    (Team::Neutral, _) => name.to_string(),
                    (_, Some(n)) => format!("{n} · {name}"),
                    _ => name.to_string(),
                };
                // The label wears the hat's colour: red or blue side up; plain for neutrals.
                let background = match (hat, number) {
                    (Some(h), Some(_)) => to_egui(super::scene::hat_colour(h)).gamma_multiply(0.8),
                    _ => dark,
                };
                (figure_height + 0.01, tag, background, 11.0)
            }
            PieceKind::Gallows => (0.17, "GALLOWS".to_string(), dark, 12.0),
            _ => continue,
        };
        if t.translation().y < -0.05 {
            continue; // off the table (fallen off, or a dead cowboy back in the box)
        }
        let top = t.transform_point(Vec3::new(0.0, height, 0.0));
        let Ok(pos) = camera.world_to_viewport(cam_t, top) else {
            continue;
        };
        let own = if matches!(piece.kind, PieceKind::Figure { .. }) {
            let base = camera.world_to_viewport(cam_t, t.transform_point(Vec3::ZERO));
            base.ok().map(|base| {
                let half = ((base.y - pos.y).abs() * 0.22).max(4.0);
                figures.push(egui::Rect::from_min_max(
                    egui::pos2(pos.x.min(base.x) - half, pos.y.min(base.y)),
                    egui::pos2(pos.x.max(base.x) + half, pos.y.max(base.y)),
                ));
                figures.len() - 1
            })
        } else {
            None
        };
        let galley = painter.layout_no_wrap(text, egui::FontId::proportional(size), ink);
        let rect = egui::Align2::CENTER_BOTTOM
            .anchor_size(egui::pos2(pos.x, pos.y), galley.size())
            .expand(2.0);
        tags.push((Tag { rect, own }, galley, background));
    }
    // The nearest (lowest on the screen) keep their spots.
    tags.sort_by(|a, b| b.0.rect.bottom().total_cmp(&a.0.rect.bottom()));
    let wanted: Vec<Tag> = tags.iter().map(|t| t.0).collect();
    for (rect, (_, galley, background)) in place_tags(&wanted, &figures, 40.0).into_iter().zip(tags)
    {
        painter.rect_filled(rect, 3.0, background);
        painter.galley(rect.min + egui::vec2(2.0, 2.0), galley, ink);
    }
    Ok(())
}

/// The HUD: reload notices, the power meter while aiming, the sandbox and its last flick.
#[allow(clippy::too_many_arguments)]
fn show_panels(
    mut contexts: EguiContexts,
    aim: Res<Aim>,
    session: Res<FlickSession>,
    mut wants: ResMut<EguiWantsPointer>,
    reload: Option<Res<ReloadStatus>>,
    saved: Res<SavedReplay>,
    replaying: Option<Res<TableReplayScript>>,
    time: Res<Time>,
    mut dock: ResMut<Dock>,
    keys: Res<crate::keys::Bindings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Notices float over the middle of the 3D view, not of the window.
    let middle = dock.centre_offset();
    let in_game = session.referee().is_some();
    let now = time.elapsed_secs();
    if let Some(status) = reload {
        show_reload_notice(ctx, &status, now, middle);
    }
    if aim.piece.is_some() {
        power_meter(ctx, &aim, middle);
    }
    if !in_game {
        dock.section(ctx, "The sandbox", true, |ui| {
            show_sandbox(ui, &session, replaying.as_deref(), &saved, &keys, now);
        });
    }
    if in_game {
        wants.0 = ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
        return Ok(());
    }
    dock.section(ctx, "Last flick", true, |ui| show_last_flick(ui, &session));
    wants.0 = ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    Ok(())
}

/// The saved file's problems, or for 3 seconds a notice that it was reloaded (`now`: seconds).
fn show_reload_notice(ctx: &egui::Context, status: &ReloadStatus, now: f32, middle: f32) {
    if let Some(error) = &status.error {
        egui::Window::new("The saved file has problems")
            .anchor(egui::Align2::CENTER_TOP, [middle, 10.0])
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(
                    "The town on the table is the last good one. Fix the file and save again:",
                );
                for line in error.lines() {
                    ui.colored_label(PROBLEM, egui::RichText::new(line).monospace());
                }
            });
    } else if let Some((notice, at)) = &status.notice
        && now - at < 3.0
    {
        egui::Window::new("Reloaded")
            .anchor(egui::Align2::CENTER_TOP, [middle, 10.0])
            .title_bar(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.colored_label(GOOD, notice);
            });
    }
}

/// The sandbox's section: its town, the replay under way, the controls, the last save's word.
fn show_sandbox(
    ui: &mut egui::Ui,
    session: &FlickSession,
    replaying: Option<&TableReplayScript>,
    saved: &SavedReplay,
    keys: &crate::keys::Bindings,
    now: f32,
) {
    ui.label(egui::RichText::new(session.town().map_or("", |t| t.name.as_str())).strong());
    ui.label(format!("{} pieces on the table", session.index().len()));
    if let Some(r) = replaying {
        ui.label(
            egui::RichText::new(format!(
                "Replay: flick {} of {}",
                (r.played + usize::from(r.shown_since.is_some()))
                    .max(1)
                    .min(r.flicks.len()),
                r.flicks.len()
            ))
            .strong(),
        );
        if let Some(note) = &r.note {
            ui.label(note);
        }
    }
    ui.separator();
    ui.label("Drag back from a disc, release: flick");
    ui.label(keys.fill("{SpinLeft} / {SpinRight} while aiming: spin"));
    ui.label("Right-drag orbit · middle-drag pan · wheel zoom");
    ui.label(keys.fill("{ResetTown} reset · {Menu} cancel (or menu) · {Screenshot} screenshot"));
    ui.label(keys.fill("{SaveFlicks} save the flicks as a replay"));
    if let Some((said, at)) = &saved.0
        && now - at < 5.0
    {
        match said {
            Ok(m) => ui.colored_label(GOOD, m),
            Err(m) => ui.colored_label(PROBLEM, m),
        };
    }
}

/// What the last flick did, told once the town is seen to come to rest.
fn show_last_flick(ui: &mut egui::Ui, session: &FlickSession) {
    match session.last_flick() {
        _ if session.playback().is_some_and(|p| p.instant) => {
            ui.label("Instant replay (P): the last flick again, at half speed");
        }
        _ if session.replaying() => {
            ui.label("… the town is still moving");
        }
        None => {
            ui.label("No flick yet.");
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::LIGHT_RED, e.to_string());
        }
        Some(Ok(o)) => {
            show_flick_travel(ui, session, o);
            show_flick_contacts(ui, o);
        }
    }
}

/// The flicked piece and its power, how far it went, what still moved, whether it left the table.
fn show_flick_travel(
    ui: &mut egui::Ui,
    session: &FlickSession,
    o: &crate::physics::table::FlickOutcome,
) {
    ui.label(
        egui::RichText::new(format!(
            "{} at {:.0}% power",
            o.name,
            o.flick.strength * 100.0
        ))
        .strong(),
    );
    ui.label(format!(
        "travelled {:.1} cm in {:.2} s{}",
        o.travelled * 100.0,
        o.sim_time,
        if o.at_rest { "" } else { " (cut off)" }
    ));
    if !o.still_moving.is_empty() {
        let index = session.index();
        let names: Vec<&str> = o
            .still_moving
            .iter()
            .filter_map(|id| index.get(*id))
            .map(|p| p.name.as_str())
            .collect();
        ui.label(format!("still moving: {}", names.join(", ")));
    }
    if o.left_table {
        ui.colored_label(egui::Color32::LIGHT_RED, "left the table");
    }
}

/// What the flicked piece touched in order, the figures knocked over, the other pieces moved.
fn show_flick_contacts(ui: &mut egui::Ui, o: &crate::physics::table::FlickOutcome) {
    ui.separator();
    if o.touched.is_empty() {
        ui.label("touched nothing");
    } else {
        ui.label("touched, in order:");
        for t in &o.touched {
            let part = match t.part {
                crate::physics::pieces::PartKind::Whole => String::new(),
                p => format!(" ({p:?})"),
            };
            ui.label(format!("  {:.3} s  {}{}", t.time, t.name, part));
        }
    }
    if !o.knocked_over.is_empty() {
        ui.separator();
        for k in &o.knocked_over {
            ui.colored_label(
                egui::Color32::from_rgb(255, 200, 120),
                format!(
                    "{} knocked over by {}",
                    k.name,
                    k.by_name.as_deref().unwrap_or("?")
                ),
            );
        }
    }
    if !o.moved.is_empty() {
        ui.separator();
        ui.label("also moved:");
        for m in &o.moved {
            ui.label(format!(
                "  {} {:.1} cm{}",
                m.name,
                m.distance * 100.0,
                if m.left_table { ", off the table" } else { "" }
            ));
        }
    }
}

/// The power meter while aiming, at the bottom of the 3D view.
fn power_meter(ctx: &egui::Context, aim: &Aim, middle: f32) {
    let s = aim.strength();
    egui::Window::new("Power")
        .anchor(egui::Align2::CENTER_BOTTOM, [middle, -20.0])
        .resizable(false)
        .collapsible(false)
        .title_bar(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(format!("Flicking {}", aim.name)).strong());
            let colour = to_egui(power_colour(s));
            ui.add(
                egui::ProgressBar::new(s)
                    .desired_width(260.0)
                    .fill(colour)
                    .text(
                        egui::RichText::new(format!("power {:.0}%", s * 100.0))
                            .color(egui::Color32::BLACK)
                            .strong(),
                    ),
            );
            ui.label(format!(
                "expected slide on an empty table ≈ {:.0} cm · spin {:+.0}%",
                FULL_SLIDE * s * s * 100.0,
                aim.spin * 100.0
            ));
        });
}

/// Each building's door line, on the table between its support blocks.
fn draw_door_lines(doors: Query<(&Door, &GlobalTransform)>, mut gizmos: Gizmos) {
    for (door, t) in &doors {
        let a = t.transform_point(Vec3::new(-door.half_width, 0.001, 0.0));
        let b = t.transform_point(Vec3::new(door.half_width, 0.001, 0.0));
        gizmos.line(a, b, Color::srgb(1.0, 0.9, 0.3));
    }
}
