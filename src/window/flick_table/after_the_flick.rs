//! What the camera and the table show of a flick: **P** plays the last
//! flick again at half speed (an instant replay, from the side of its path);
//! with the *follow the flick* setting the camera follows the flicked piece
//! while a flick plays, and comes back; and where a shot hit, or why it
//! missed, is written on the table where it happened, with a ring.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::sets::FlickPanels;
use crate::settings::Settings;
use crate::tables::FrameSystems;
use crate::tables::flick::FlickSystems;
use crate::tables::flick::session::{FlickAction, FlickIntent, FlickSession};
use crate::window::shell::camera::{OrbitCamera, TableCamera};
use crate::window::shell::dock::Dock;

pub fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .add_systems(
            Update,
            ask_for_instant_replay
                .in_set(FrameSystems::Input)
                .run_if(not(resource_exists::<crate::tables::flick::TableEdited>))
                .in_set(FlickSystems),
        )
        .add_systems(
            Update,
            (move_the_camera_with_the_flick, ring_the_markers)
                .in_set(FrameSystems::Draw)
                .in_set(FlickSystems),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            write_the_markers
                .after(FlickPanels::Hud)
                .before(FlickPanels::Game)
                .in_set(FlickSystems),
        );
}

/// Seconds a shot's marker stays after its flick has been shown.
pub const MARKER_SECONDS: f32 = 5.0;

/// What the camera was doing before a flick took it, and the markers' clock.
#[derive(Resource, Default)]
pub struct Shown {
    /// The camera to return to when the playback ends.
    before: Option<OrbitCamera>,
    /// Seconds the camera has been coming back.
    back: Option<f32>,
    /// The markers on show: which shot, and seconds since its playback ended.
    markers: Option<(u64, f32)>,
}

/// P: the last flick again.
fn ask_for_instant_replay(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    mut intents: MessageWriter<FlickIntent>,
) {
    if bindings.just_pressed(&keys, crate::keys::Action::InstantReplay) {
        intents.write(FlickIntent::person(FlickAction::InstantReplay));
    }
}

/// Where the camera looks from for an instant replay: square to the
/// flicked piece's path, a little above the table, near enough to see it.
pub fn replay_view(from: Vec3, to: Vec3) -> OrbitCamera {
    let mid = (from + to) / 2.0;
    let path = Vec2::new(to.x - from.x, to.z - from.z);
    let length = path.length();
    // The yaw looking square to the path, from the player's side of it.
    let side = if length > 1e-3 {
        let n = Vec2::new(-path.y, path.x) / length;
        if n.y < 0.0 { -n } else { n }
    } else {
        Vec2::Y
    };
    OrbitCamera {
        focus: Vec3::new(mid.x, 0.02, mid.z),
        yaw: side.x.atan2(side.y),
        pitch: 0.35,
        distance: (length * 1.3).clamp(0.35, 1.2),
    }
}

/// Follows the flick (the setting) or frames an instant replay; then eases
/// back to where the player had it.
fn move_the_camera_with_the_flick(
    session: Res<FlickSession>,
    settings: Option<Res<Settings>>,
    time: Res<Time<Real>>,
    mut shown: ResMut<Shown>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let follow = settings.is_some_and(|s| s.follow_flick);
    let Ok(mut camera) = cameras.single_mut() else {
        return;
    };
    let dt = time.delta_secs();
    match session.playback() {
        Some(p) if p.instant => {
            shown.before.get_or_insert(*camera);
            shown.back = None;
            if let Some((from, to)) = p.path_ends() {
                let want = replay_view(from, to);
                *camera = ease(*camera, want, dt * 3.0);
            }
        }
        Some(p) if follow => {
            shown.before.get_or_insert(*camera);
            shown.back = None;
            if let Some(at) = p.piece_at() {
                let want = OrbitCamera {
                    focus: Vec3::new(at.x, 0.02, at.z),
                    ..*camera
                };
                *camera = ease(*camera, want, dt * 4.0);
            }
        }
        _ => {
            if let Some(before) = shown.before {
                let t = shown.back.get_or_insert(0.0);
                *t += dt;
                *camera = ease(*camera, before, dt * 5.0);
                if *t > 1.0 {
                    *camera = before;
                    shown.before = None;
                    shown.back = None;
                }
            }
        }
    }
}

/// Moves `a` toward `b` by the fraction `k` (clamped to 1).
fn ease(a: OrbitCamera, b: OrbitCamera, k: f32) -> OrbitCamera {
    let k = k.clamp(0.0, 1.0);
    // The shorter way round.
    let mut dy = (b.yaw - a.yaw) % std::f32::consts::TAU;
    if dy > std::f32::consts::PI {
        dy -= std::f32::consts::TAU;
    } else if dy < -std::f32::consts::PI {
        dy += std::f32::consts::TAU;
    }
    OrbitCamera {
        focus: a.focus.lerp(b.focus, k),
        yaw: a.yaw + dy * k,
        pitch: a.pitch + (b.pitch - a.pitch) * k,
        distance: a.distance + (b.distance - a.distance) * k,
    }
}

/// The markers are on show from the end of their flick's playback (and
/// through an instant replay) for [`MARKER_SECONDS`].
fn markers_on_show(session: &FlickSession, shown: &mut Shown, dt: f32) -> bool {
    if session.markers.is_empty() {
        return false;
    }
    let playing = session.playback().is_some_and(|p| !p.instant);
    let entry = shown.markers.get_or_insert((session.markers_of, 0.0));
    if entry.0 != session.markers_of {
        *entry = (session.markers_of, 0.0);
    }
    if session.playback().is_some_and(|p| p.instant) {
        entry.1 = 0.0;
        return true;
    }
    if playing {
        return false;
    }
    entry.1 += dt;
    entry.1 < MARKER_SECONDS
}

fn ring_the_markers(
    session: Res<FlickSession>,
    time: Res<Time<Real>>,
    mut shown: ResMut<Shown>,
    mut gizmos: Gizmos,
) {
    if !markers_on_show(&session, &mut shown, time.delta_secs()) {
        return;
    }
    for m in &session.markers {
        let colour = if m.hit {
            Color::srgb(0.95, 0.15, 0.1)
        } else {
            Color::srgb(0.95, 0.75, 0.2)
        };
        let at = Vec3::new(m.at.x, 0.002, m.at.z);
        let iso = Isometry3d::new(at, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
        gizmos.circle(iso, 0.035, colour);
        gizmos.circle(iso, 0.04, colour);
    }
}

fn write_the_markers(
    mut contexts: EguiContexts,
    session: Res<FlickSession>,
    shown: Res<Shown>,
    cameras: TableCamera,
    dock: Res<Dock>,
) -> Result {
    let on = shown
        .markers
        .is_some_and(|(of, t)| of == session.markers_of && t < MARKER_SECONDS)
        && session.playback().is_none_or(|p| p.instant)
        && !session.markers.is_empty();
    if !on {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, cam_t)) = cameras.single() else {
        return Ok(());
    };
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::new("shot markers"),
        ))
        .with_clip_rect(dock.free());
    for m in &session.markers {
        let Ok(p) = camera.world_to_viewport(cam_t, m.at + Vec3::Y * 0.09) else {
            continue;
        };
        let (ink, back) = if m.hit {
            (egui::Color32::WHITE, egui::Color32::from_rgb(170, 30, 20))
        } else {
            (
                egui::Color32::from_rgb(40, 25, 10),
                egui::Color32::from_rgb(240, 200, 90),
            )
        };
        let galley = painter.layout_no_wrap(m.text.clone(), egui::FontId::proportional(16.0), ink);
        let rect = egui::Rect::from_center_size(
            egui::pos2(p.x, p.y),
            galley.size() + egui::vec2(14.0, 8.0),
        );
        painter.rect_filled(rect, 4.0, back);
        painter.galley(rect.min + egui::vec2(7.0, 4.0), galley, ink);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replay_looks_square_to_the_path_from_the_players_side() {
        // A flick along +x at the table's middle: looked at from +z (the player's side).
        let v = replay_view(Vec3::new(-0.2, 0.0, 0.0), Vec3::new(0.2, 0.0, 0.0));
        assert!(v.yaw.abs() < 1e-4, "{}", v.yaw);
        assert!((v.focus.x).abs() < 1e-6);
        // A flick toward the player (+z): looked at from the side (yaw ±90°).
        let v = replay_view(Vec3::new(0.3, 0.0, -0.3), Vec3::new(0.3, 0.0, 0.1));
        assert!(
            (v.yaw.abs() - std::f32::consts::FRAC_PI_2).abs() < 1e-4,
            "{}",
            v.yaw
        );
        assert!(v.distance >= 0.35 && v.distance <= 1.2);
    }
}
