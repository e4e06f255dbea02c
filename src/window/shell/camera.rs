//! The orbit camera: right-drag orbits, middle-drag (or shift + right-drag)
//! pans, the wheel zooms. The left button belongs to flicks.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

use crate::window::FrameSystems;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, place_camera)
        .add_systems(Update, orbit_camera.in_set(FrameSystems::Input));
}

/// Where the camera looks from: spherical coordinates around a focus point.
#[derive(Component, Debug, Clone, Copy)]
pub struct OrbitCamera {
    pub focus: Vec3,
    /// Radians about the vertical; 0 looks from the player's seat (+z).
    pub yaw: f32,
    /// Radians above the table plane.
    pub pitch: f32,
    pub distance: f32,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        Self {
            focus: Vec3::new(0.0, 0.0, 0.03),
            yaw: 0.0,
            pitch: 0.95,
            distance: 1.45,
        }
    }
}

impl OrbitCamera {
    /// Seated at the card table: your hand in front, the others across.
    pub fn card_table() -> Self {
        Self {
            focus: Vec3::new(0.1, 0.0, 0.1),
            yaw: 0.0,
            pitch: 1.0,
            distance: 1.38,
        }
    }

    pub fn transform(&self) -> Transform {
        let offset = Vec3::new(
            self.distance * self.pitch.cos() * self.yaw.sin(),
            self.distance * self.pitch.sin(),
            self.distance * self.pitch.cos() * self.yaw.cos(),
        );
        Transform::from_translation(self.focus + offset).looking_at(self.focus, Vec3::Y)
    }
}

fn place_camera(mut commands: Commands) {
    let orbit = OrbitCamera::default();
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        orbit.transform(),
        orbit,
    ));
}

pub fn orbit_camera(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    egui_wants_pointer: Option<Res<crate::window::shell::pointer::EguiWantsPointer>>,
    mut cameras: Query<(&mut OrbitCamera, &mut Transform)>,
) {
    let over_ui = egui_wants_pointer.is_some_and(|w| w.0);
    for (mut orbit, mut transform) in &mut cameras {
        let delta = motion.delta;
        let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
        let pan =
            buttons.pressed(MouseButton::Middle) || (buttons.pressed(MouseButton::Right) && shift);
        if !over_ui {
            if pan {
                let right = transform.right().as_vec3();
                let forward = Vec3::new(transform.forward().x, 0.0, transform.forward().z)
                    .normalize_or_zero();
                let k = orbit.distance * 0.0015;
                orbit.focus += (-right * delta.x + forward * delta.y) * k;
            } else if buttons.pressed(MouseButton::Right) {
                orbit.yaw -= delta.x * 0.005;
                orbit.pitch = (orbit.pitch + delta.y * 0.005).clamp(0.08, 1.55);
            }
            let lines = match scroll.unit {
                MouseScrollUnit::Line => scroll.delta.y,
                MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
            };
            orbit.distance = (orbit.distance * (1.0 - lines * 0.1)).clamp(0.15, 4.0);
        }
        // Keyboard: Q/E orbit, W/S tilt, +/- zoom.
        let dt = time.delta_secs();
        if keys.pressed(KeyCode::KeyQ) {
            orbit.yaw += dt;
        }
        if keys.pressed(KeyCode::KeyE) {
            orbit.yaw -= dt;
        }
        if keys.pressed(KeyCode::KeyW) {
            orbit.pitch = (orbit.pitch + dt).min(1.55);
        }
        if keys.pressed(KeyCode::KeyS) {
            orbit.pitch = (orbit.pitch - dt).max(0.08);
        }
        if keys.pressed(KeyCode::Equal) {
            orbit.distance = (orbit.distance * (1.0 - dt)).max(0.15);
        }
        if keys.pressed(KeyCode::Minus) {
            orbit.distance = (orbit.distance * (1.0 + dt)).min(4.0);
        }
        orbit.focus.x = orbit.focus.x.clamp(-1.0, 1.0);
        orbit.focus.z = orbit.focus.z.clamp(-0.8, 0.8);
        *transform = orbit.transform();
    }
}
