//! Whether egui has the pointer or the keyboard: the camera and the tables
//! ignore the mouse while it is over a panel, and the keys while a text field
//! is being typed in.

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<EguiWantsPointer>()
        .init_resource::<EguiWantsKeyboard>();
}

/// True while the pointer is over an egui panel (set by the panels each frame).
#[derive(Resource, Debug, Default)]
pub struct EguiWantsPointer(pub bool);

/// True while a text field of a panel has the keyboard (set by the panels
/// with text fields each frame): typing a name is not a turn, a delete or
/// a camera move.
#[derive(Resource, Debug, Default)]
pub struct EguiWantsKeyboard(pub bool);

/// Where the cursor's ray meets the horizontal plane at height `y`.
pub fn cursor_on_table(
    window: &Window,
    camera: &Camera,
    camera_transform: &GlobalTransform,
    y: f32,
) -> Option<Vec3> {
    let cursor = window.cursor_position()?;
    let ray = camera.viewport_to_world(camera_transform, cursor).ok()?;
    let t = ray.intersect_plane(Vec3::new(0.0, y, 0.0), InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(t))
}
