//! The shell around the tables: the main menu, the camera, the room and its
//! furniture, the pointer-over-panel flag and screenshots. It knows the tables
//! only by the [`super::Screen`] it switches to and the request it leaves them.

pub mod camera;
pub mod frame_stats;
pub mod menu;
pub mod pointer;
pub mod room;
pub mod screenshot;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        room::plugin,
        camera::plugin,
        pointer::plugin,
        screenshot::plugin,
        menu::plugin,
        frame_stats::plugin,
    ));
}
