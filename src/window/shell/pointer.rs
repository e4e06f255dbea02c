//! Whether egui has the pointer: the camera and the tables ignore the mouse
//! while it is over a panel.

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<EguiWantsPointer>();
}

/// True while the pointer is over an egui panel (set by the panels each frame).
#[derive(Resource, Debug, Default)]
pub struct EguiWantsPointer(pub bool);

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
