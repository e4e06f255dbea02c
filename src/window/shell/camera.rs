//! The orbit camera: right-drag orbits, middle-drag (or shift + right-drag)
//! pans, the wheel zooms. The left button belongs to flicks. Where the town
//! editor has a piece selected, its Q/E turn the piece and so does the wheel
//! over it: the camera yields them for that frame ([`CameraYields`]).

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

use crate::tables::FrameSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<Framing>()
        .init_resource::<CameraYields>()
        .init_resource::<ScriptedCamera>()
        .add_systems(Startup, place_camera)
        .add_systems(
            Update,
            (orbit_camera, hold_the_scripted_camera)
                .chain()
                .in_set(FrameSystems::Input),
        );
}

/// Where the command line's `--camera` holds the camera, whatever the
/// tables' own framing says (`None`: the tables place it).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ScriptedCamera(pub Option<OrbitCamera>);

/// Keeps the camera where `--camera` put it (the tables place their own
/// when they open).
fn hold_the_scripted_camera(
    script: Res<ScriptedCamera>,
    mut cameras: Query<(&mut OrbitCamera, &mut Transform)>,
) {
    let Some(at) = script.0 else { return };
    for (mut orbit, mut transform) in &mut cameras {
        *orbit = at;
        *transform = at.transform();
    }
}

/// The table's camera and where it is (the panels have a camera of their own).
pub type TableCamera<'w, 's> =
    Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<OrbitCamera>>;

/// Input another system takes this frame, so the camera leaves it alone: set
/// before [`orbit_camera`] runs (the editor: `.before(orbit_camera)`), and
/// cleared by it, so nothing stays taken once its owner stops asking.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct CameraYields {
    /// The wheel does not zoom.
    pub wheel: bool,
    /// Q and E do not orbit.
    pub turn_keys: bool,
}

/// How much of the view's half-size is left round the table when it is
/// framed (the rim and a little floor show).
const FRAME_MARGIN: f32 = 0.04;

/// What the camera frames: the corners of the table's top. While a table is
/// framed, the camera's distance follows the shape of the 3D view (the
/// window less the dock): a table opens whole in view, and stays whole when
/// the dock folds or the window is resized (a zoom of the player's own is
/// kept, in proportion).
#[derive(Resource, Debug, Clone, Default)]
pub struct Framing {
    corners: Vec<Vec3>,
    /// The view's aspect (width / height) the distance was last fitted for.
    fitted: Option<f32>,
}

impl Framing {
    /// A table of `size` (width, depth) whose top is at height `y`, centred.
    pub fn table(size: (f32, f32), y: f32) -> Self {
        let (x, z) = (size.0 / 2.0, size.1 / 2.0);
        Self {
            corners: vec![
                Vec3::new(-x, y, -z),
                Vec3::new(x, y, -z),
                Vec3::new(x, y, z),
                Vec3::new(-x, y, z),
            ],
            fitted: None,
        }
    }
}

/// The least distance at which a camera at `orbit`'s focus, yaw and pitch
/// sees every one of `points` inside its view (vertical field of view
/// `fov_y`, `aspect` = width / height) with [`FRAME_MARGIN`] to spare.
pub fn fit_distance(orbit: &OrbitCamera, points: &[Vec3], fov_y: f32, aspect: f32) -> f32 {
    let half = (fov_y / 2.0).tan();
    let inside = |distance: f32| {
        let view = OrbitCamera { distance, ..*orbit }
            .transform()
            .compute_affine()
            .inverse();
        points.iter().all(|&p| {
            let v = view.transform_point3(p);
            let depth = -v.z;
            depth > 0.01
                && (v.x / (depth * half * aspect)).abs() <= 1.0 - FRAME_MARGIN
                && (v.y / (depth * half)).abs() <= 1.0 - FRAME_MARGIN
        })
    };
    let (mut near, mut far) = (0.15_f32, 8.0_f32);
    if !inside(far) {
        return far;
    }
    for _ in 0..40 {
        let mid = 0.5 * (near + far);
        if inside(mid) {
            far = mid;
        } else {
            near = mid;
        }
    }
    far
}

/// Keeps the framed table whole in the 3D view as the view changes shape
/// (run by the dock, after it places the view: `dock::DockSystems::Place`).
pub fn frame_the_table(
    mut framing: ResMut<Framing>,
    script: Res<ScriptedCamera>,
    mut cameras: Query<(&mut OrbitCamera, &mut Transform, &Camera, &Projection)>,
) {
    if framing.corners.is_empty() || script.0.is_some() {
        return;
    }
    for (mut orbit, mut transform, camera, projection) in &mut cameras {
        let (Some(size), Projection::Perspective(p)) = (camera.logical_viewport_size(), projection)
        else {
            continue;
        };
        if size.y < 1.0 {
            continue;
        }
        let aspect = size.x / size.y;
        let fit = |aspect| fit_distance(&orbit, &framing.corners, p.fov, aspect);
        let distance = match framing.fitted {
            Some(old) if (old - aspect).abs() < 1e-4 => continue,
            // The player's zoom, in proportion to the new view.
            Some(old) => orbit.distance * fit(aspect) / fit(old),
            None => fit(aspect),
        };
        orbit.distance = distance.clamp(0.15, 4.0);
        *transform = orbit.transform();
        framing.fitted = Some(aspect);
    }
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
            focus: Vec3::new(0.0, 0.0, 0.1),
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

#[expect(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the world it reads"
)]
pub fn orbit_camera(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    egui_wants_pointer: Option<Res<crate::window::shell::pointer::EguiWantsPointer>>,
    typing: Option<Res<crate::window::shell::pointer::EguiWantsKeyboard>>,
    settings: Option<Res<crate::settings::Settings>>,
    mut yields: ResMut<CameraYields>,
    mut cameras: Query<(&mut OrbitCamera, &mut Transform)>,
) {
    let over_ui = egui_wants_pointer.is_some_and(|w| w.0);
    let taken = std::mem::take(&mut *yields);
    // The player's settings: how far a mouse movement turns, how fast the keys do.
    let (mouse, speed) = settings.map_or((1.0, 1.0), |s| (s.mouse_sensitivity, s.camera_speed));
    for (mut orbit, mut transform) in &mut cameras {
        let delta = motion.delta * mouse;
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
            if !taken.wheel {
                orbit.distance = (orbit.distance * (1.0 - lines * 0.1)).clamp(0.15, 4.0);
            }
        }
        // Keyboard: Q/E orbit, W/S tilt, +/- zoom; not while a text field
        // has the keys.
        let dt = if typing.as_ref().is_some_and(|t| t.0) {
            0.0
        } else {
            time.delta_secs() * speed
        };
        if bindings.pressed(&keys, crate::keys::Action::CameraLeft) && !taken.turn_keys {
            orbit.yaw += dt;
        }
        if bindings.pressed(&keys, crate::keys::Action::CameraRight) && !taken.turn_keys {
            orbit.yaw -= dt;
        }
        if bindings.pressed(&keys, crate::keys::Action::CameraUp) {
            orbit.pitch = (orbit.pitch + dt).min(1.55);
        }
        if bindings.pressed(&keys, crate::keys::Action::CameraDown) {
            orbit.pitch = (orbit.pitch - dt).max(0.08);
        }
        if bindings.pressed(&keys, crate::keys::Action::ZoomIn) {
            orbit.distance = (orbit.distance * (1.0 - dt)).max(0.15);
        }
        if bindings.pressed(&keys, crate::keys::Action::ZoomOut) {
            orbit.distance = (orbit.distance * (1.0 + dt)).min(4.0);
        }
        orbit.focus.x = orbit.focus.x.clamp(-1.0, 1.0);
        orbit.focus.z = orbit.focus.z.clamp(-0.8, 0.8);
        *transform = orbit.transform();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a point falls in the view, as a fraction of its half-size.
    fn in_view(orbit: &OrbitCamera, p: Vec3, fov_y: f32, aspect: f32) -> Vec2 {
        let v = orbit
            .transform()
            .compute_affine()
            .inverse()
            .transform_point3(p);
        let half = (fov_y / 2.0).tan();
        Vec2::new(v.x / (-v.z * half * aspect), v.y / (-v.z * half))
    }

    #[test]
    fn a_fitted_camera_sees_the_whole_table_and_a_nearer_one_does_not() {
        let framing = Framing::table((1.4, 0.9), 0.0);
        let fov = std::f32::consts::FRAC_PI_4;
        for aspect in [1.6, 1.2, 0.9, 2.2] {
            let orbit = OrbitCamera::default();
            let d = fit_distance(&orbit, &framing.corners, fov, aspect);
            let fitted = OrbitCamera {
                distance: d,
                ..orbit
            };
            let worst = framing
                .corners
                .iter()
                .map(|&c| in_view(&fitted, c, fov, aspect).abs().max_element())
                .fold(0.0, f32::max);
            // Whole, with the margin (a step nearer loses it).
            assert!(
                worst <= 1.0 - FRAME_MARGIN + 1e-4,
                "aspect {aspect}: {worst}"
            );
            let nearer = OrbitCamera {
                distance: d * 0.99,
                ..orbit
            };
            assert!(
                framing
                    .corners
                    .iter()
                    .any(|&c| in_view(&nearer, c, fov, aspect).abs().max_element()
                        > 1.0 - FRAME_MARGIN),
                "aspect {aspect}"
            );
        }
        // A narrower view stands further back.
        let o = OrbitCamera::default();
        assert!(
            fit_distance(&o, &framing.corners, fov, 1.2)
                > fit_distance(&o, &framing.corners, fov, 1.6)
        );
    }

    /// The wheel zooms unless another system took it this frame, and Q/E
    /// orbit unless taken; what was taken is given back the next frame.
    #[test]
    fn the_camera_leaves_the_wheel_and_keys_it_yields() {
        let mut app = App::new();
        app.init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<AccumulatedMouseMotion>()
            .init_resource::<Time>()
            .init_resource::<CameraYields>()
            .init_resource::<crate::keys::Bindings>()
            .insert_resource(AccumulatedMouseScroll {
                unit: MouseScrollUnit::Line,
                delta: Vec2::new(0.0, 1.0),
            })
            .add_systems(Update, orbit_camera);
        let orbit = OrbitCamera::default();
        let camera = app.world_mut().spawn((orbit, orbit.transform())).id();
        let distance = |app: &App| app.world().get::<OrbitCamera>(camera).unwrap().distance;
        app.world_mut().resource_mut::<CameraYields>().wheel = true;
        app.update();
        assert_eq!(distance(&app), orbit.distance, "zoomed on a taken wheel");
        app.update();
        assert!(distance(&app) < orbit.distance, "the wheel not given back");
        // Q held: orbits, unless the keys are taken.
        app.world_mut()
            .resource_mut::<AccumulatedMouseScroll>()
            .delta = Vec2::ZERO;
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::KeyQ);
        let yaw = |app: &App| app.world().get::<OrbitCamera>(camera).unwrap().yaw;
        let before = yaw(&app);
        for _ in 0..2 {
            app.world_mut().resource_mut::<CameraYields>().turn_keys = true;
            app.world_mut()
                .resource_mut::<Time>()
                .advance_by(std::time::Duration::from_millis(100));
            app.update();
        }
        assert_eq!(yaw(&app), before, "orbited on taken keys");
        app.world_mut()
            .resource_mut::<Time>()
            .advance_by(std::time::Duration::from_millis(100));
        app.update();
        assert!(yaw(&app) > before, "Q does not orbit when not taken");
    }
}
