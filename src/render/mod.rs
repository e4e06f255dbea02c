//! Everything a window needs: meshes and materials, the camera, mouse flicks,
//! the HUD and screenshots. Reads the simulation; changes it only through
//! intents (`FlickQueue`, `ResetRequested`).

pub mod camera;
pub mod flick_input;
pub mod hot_seat;
pub mod hud;
pub mod scene;
pub mod screenshot;

use bevy::prelude::*;

/// Frame-side ordering, declared once here.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum FrameSystems {
    /// Turn mouse and keys into intents and camera moves.
    Input,
    /// Build visuals for new pieces, repaint changed ones.
    Dress,
    /// Gizmos and overlays.
    Draw,
}

pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (FrameSystems::Input, FrameSystems::Dress, FrameSystems::Draw).chain(),
    );
    app.add_plugins((
        scene::plugin,
        camera::plugin,
        flick_input::plugin,
        hud::plugin,
        screenshot::plugin,
        hot_seat::plugin,
    ));
}
