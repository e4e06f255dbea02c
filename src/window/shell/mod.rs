//! The shell around the tables: the camera, the room and its furniture, the
//! dock the panels sit in, their style and pictures, the pointer-over-panel
//! flag, screenshots and frame statistics. It knows nothing of the tables
//! (they use it); the menu, above both, is [`super::menu`].

pub mod camera;
pub mod dock;
pub mod frame_stats;
pub mod key_bindings;
pub mod look;
pub mod meshes;
pub mod music;
pub mod paint;
pub mod pictures;
pub mod pointer;
pub mod room;
pub mod screenshot;
pub mod settings_screen;
pub mod sound;
pub mod style;
pub mod textures;
pub mod vector;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        look::LookPlugin,
        room::plugin,
        camera::plugin,
        dock::plugin,
        pointer::plugin,
        screenshot::plugin,
        frame_stats::plugin,
        sound::plugin,
        music::plugin,
        settings_screen::plugin,
        key_bindings::plugin,
    ));
}
