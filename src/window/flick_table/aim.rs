//! Mouse-drag flicks: press the left button on a disc, drag back (like pulling
//! a finger back), release to flick it the other way. The further the drag, the
//! harder the flick, up to the profile's cap at `FULL_PULL`. A released
//! drag becomes a [`FlickIntent`]; in a scenario only the flick the rules
//! await can be aimed, from its ring. The aim of a computer seat (a bot or a
//! replay) is shown the same way, through [`Aim`].

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::physics::pieces::PieceKind;
use crate::physics::table::TableIndex;
use crate::tables::FrameSystems;
use crate::tables::flick::aim::{Aim, MouseLocked};
use crate::tables::flick::seats::Seats;
use crate::tables::flick::session::{FlickAction, FlickIntent, FlickSession};
use crate::tables::flick::{FlickOrder, FlickSystems};
use crate::window::shell::pointer::cursor_on_table;

/// How near the disc's centre a press must be, as a multiple of its radius.
pub const GRAB_RADIUS: f32 = 1.6;
/// In a scenario, how near the awaited flick's ring a press must be, metres.
pub const GAME_GRAB_RADIUS: f32 = 0.05;
/// On an empty table a full-strength disc slides this far (see `assets/physics.ron`);
/// distance grows with the square of strength. Used only to draw the aim.
pub const FULL_SLIDE: f32 = 0.80;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (aim_with_mouse, reset_with_key)
            .in_set(FlickOrder::Decide)
            .in_set(FlickSystems),
    )
    .add_systems(
        Update,
        (draw_aim, draw_anchor)
            .in_set(FrameSystems::Draw)
            .in_set(FlickSystems),
    );
}

#[allow(clippy::too_many_arguments)]
fn aim_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    window: Query<&Window, With<PrimaryWindow>>,
    cameras: crate::window::shell::camera::TableCamera,
    spawned: Res<crate::physics::pieces::SpawnedTown>,
    transforms: Query<&GlobalTransform>,
    session: Res<FlickSession>,
    seats: Res<Seats>,
    locked: Res<MouseLocked>,
    egui_wants_pointer: Option<Res<crate::window::shell::pointer::EguiWantsPointer>>,
    mut aim: ResMut<Aim>,
    mut intents: MessageWriter<FlickIntent>,
) {
    if locked.0 || session.computer_to_act(&seats).is_some() {
        // Esc is left to go back to the menu.
        return;
    }
    let index = session.index();
    let Ok(window) = window.single() else { return };
    let Ok((camera, cam_t)) = cameras.single() else {
        return;
    };
    let over_ui = egui_wants_pointer.is_some_and(|w| w.0);
    if buttons.just_pressed(MouseButton::Left) && !over_ui && !session.replaying() {
        let Some(hit) = cursor_on_table(window, camera, cam_t, 0.004) else {
            return;
        };
        if session.referee().is_some() {
            // In a scenario only the flick the referee awaits can be aimed, from its ring.
            if let Some((at, disc)) = session.anchor()
                && Vec2::new(at.x - hit.x, at.z - hit.z).length() < GAME_GRAB_RADIUS
                && let Some(p) = index.get(disc)
            {
                *aim = Aim {
                    piece: Some(disc),
                    name: p.name.clone(),
                    anchor: at,
                    pull: Vec2::ZERO,
                    spin: 0.0,
                };
            }
        } else {
            let nearest = index
                .pieces
                .iter()
                .filter(|p| p.kind.is_disc())
                .filter_map(|p| {
                    let e = spawned.entity(p.id)?;
                    transforms.get(e).ok().map(|t| (p, t.translation()))
                })
                .filter(|(p, t)| {
                    Vec2::new(t.x - hit.x, t.z - hit.z).length() < p.radius * GRAB_RADIUS
                        && t.y > -0.01
                })
                .min_by(|a, b| a.1.distance(hit).total_cmp(&b.1.distance(hit)));
            if let Some((p, t)) = nearest {
                *aim = Aim {
                    piece: Some(p.id),
                    name: p.name.clone(),
                    anchor: t,
                    pull: Vec2::ZERO,
                    spin: 0.0,
                };
            }
        }
    }
    if aim.piece.is_none() {
        return;
    }
    if buttons.just_pressed(MouseButton::Right)
        || bindings.just_pressed(&keys, crate::keys::Action::Menu)
    {
        // Esc cancels the aim here; it goes back to the menu only when nothing is aimed.
        bindings.clear_just_pressed(&mut keys, crate::keys::Action::Menu);
        *aim = Aim::default();
        return;
    }
    if let Some(hit) = cursor_on_table(window, camera, cam_t, aim.anchor.y) {
        aim.pull = Vec2::new(hit.x - aim.anchor.x, hit.z - aim.anchor.z);
    }
    if bindings.pressed(&keys, crate::keys::Action::SpinLeft) {
        aim.spin = (aim.spin - 0.02).max(-1.0);
    }
    if bindings.pressed(&keys, crate::keys::Action::SpinRight) {
        aim.spin = (aim.spin + 0.02).min(1.0);
    }
    if buttons.just_released(MouseButton::Left) {
        if let Some(flick) = aim.flick() {
            intents.write(FlickIntent::person(FlickAction::Flick(flick)));
        }
        *aim = Aim::default();
    }
}

/// R: the sandbox's town back as it was laid out (a game is played again from its panel).
fn reset_with_key(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    session: Res<FlickSession>,
    mut intents: MessageWriter<FlickIntent>,
    mut aim: ResMut<Aim>,
) {
    if bindings.just_pressed(&keys, crate::keys::Action::ResetTown) && session.referee().is_none() {
        intents.write(FlickIntent::person(FlickAction::Reset));
        *aim = Aim::default();
    }
}

/// Rings the place to drag back from while the referee awaits the person's
/// flick (the aim itself is drawn by [`draw_aim`]).
fn draw_anchor(session: Res<FlickSession>, seats: Res<Seats>, aim: Res<Aim>, mut gizmos: Gizmos) {
    if aim.piece.is_some() || session.computer_to_act(&seats).is_some() {
        return;
    }
    if let Some((at, _)) = session.anchor() {
        gizmos.circle(
            Isometry3d::new(
                at + Vec3::Y * 0.003,
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            ),
            0.025,
            Color::srgb(1.0, 0.85, 0.2),
        );
    }
}

/// Strength colour: green (gentle) through yellow to red (full).
pub fn power_colour(strength: f32) -> Color {
    let s = strength.clamp(0.0, 1.0);
    Color::srgb((2.0 * s).min(1.0), (2.0 * (1.0 - s)).min(1.0), 0.1)
}

fn draw_aim(aim: Res<Aim>, session: Res<FlickSession>, mut gizmos: Gizmos) {
    draw_drag(&aim, session.index(), &mut gizmos);
}

/// Draws an aim as the mouse's drag is drawn: the finger pulled back, the
/// expected slide and where it would stop, the spin's contact (also the
/// coach's hint, [`super::coach`]).
pub fn draw_drag(aim: &Aim, index: &TableIndex, gizmos: &mut Gizmos) {
    let Some(piece) = aim.piece else { return };
    let y = aim.anchor.y + 0.006;
    let a = Vec3::new(aim.anchor.x, y, aim.anchor.z);
    let s = aim.strength();
    // The finger pulled back.
    gizmos.line(
        a,
        a + Vec3::new(aim.pull.x, 0.0, aim.pull.y),
        Color::srgba(0.9, 0.9, 0.9, 0.6),
    );
    let d = aim.direction();
    if d == Vec2::ZERO {
        return;
    }
    let dir = Vec3::new(d.x, 0.0, d.y);
    // The expected slide on an empty table, and where it would stop.
    let slide = FULL_SLIDE * s * s;
    let colour = power_colour(s);
    gizmos.arrow(a, a + dir * slide.max(0.03), colour);
    let radius = index.get(piece).map_or(0.015, |p| p.radius);
    let stop = a + dir * slide;
    gizmos.circle(
        Isometry3d::new(stop, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
        radius,
        colour,
    );
    if matches!(index.get(piece).map(|p| p.kind), Some(PieceKind::Disc(_))) && aim.spin != 0.0 {
        let right = Vec3::new(-d.y, 0.0, d.x);
        let contact = a - dir * radius + right * aim.spin * radius;
        gizmos.sphere(Isometry3d::from_translation(contact), 0.003, Color::WHITE);
    }
}
