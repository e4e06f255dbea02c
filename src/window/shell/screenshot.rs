//! Screenshots: F12 at any time (a new numbered file in the player's
//! screenshots folder each time, never over an old one), or `--screenshot
//! PATH --frames N` from the command line (render N frames, save a PNG,
//! exit) so every table can be looked at under Xvfb. Each is written whole
//! or not at all.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::camera::OrbitCamera;
use crate::window::FrameSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<ScreenshotScript>().add_systems(
        Update,
        (
            screenshot_on_key,
            take_scripted_screenshot,
            hold_the_scripted_camera.after(super::camera::orbit_camera),
        )
            .in_set(FrameSystems::Input),
    );
}

/// `--screenshot PATH --frames N`: save the Nth frame and exit; with
/// `--camera`, seen from there whatever the table's own camera says.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScreenshotScript {
    pub path: Option<PathBuf>,
    pub frames: u32,
    pub camera: Option<OrbitCamera>,
}

/// Keeps the camera where `--camera` put it (the tables place their own
/// when they open).
fn hold_the_scripted_camera(
    script: Res<ScreenshotScript>,
    mut cameras: Query<(&mut OrbitCamera, &mut Transform)>,
) {
    let Some(at) = script.camera else { return };
    for (mut orbit, mut transform) in &mut cameras {
        *orbit = at;
        *transform = at.transform();
    }
}

fn screenshot_on_key(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    if keys.just_pressed(KeyCode::F12) {
        let Some(dir) = crate::files::user(crate::files::Folders::screenshots) else {
            error!("no folder for screenshots (no home folder)");
            return;
        };
        let path = crate::files::next_free(&dir, "highnoon", "png");
        info!("saving {}", path.display());
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_png(path));
    }
}

/// Saves a captured frame as a PNG at `path`, whole or not at all.
fn save_png(path: PathBuf) -> impl FnMut(On<ScreenshotCaptured>) {
    move |captured| {
        let written = captured
            .image
            .clone()
            .try_into_dynamic()
            .map_err(|e| e.to_string())
            .and_then(|img| {
                // The alpha channel holds brightness with HDR: left out.
                let mut png = std::io::Cursor::new(Vec::new());
                img.to_rgb8()
                    .write_to(&mut png, image::ImageFormat::Png)
                    .map_err(|e| e.to_string())?;
                crate::files::write_whole(&path, png.into_inner())
            });
        match written {
            Ok(()) => info!("screenshot saved to {}", path.display()),
            Err(e) => error!("screenshot not saved: {e}"),
        }
    }
}

fn take_scripted_screenshot(
    script: Res<ScreenshotScript>,
    mut frame: Local<u32>,
    mut taken_at: Local<Option<u32>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &script.path else {
        return;
    };
    *frame += 1;
    if *frame == script.frames.max(2) {
        let _ = std::fs::remove_file(path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_png(path.clone()));
        *taken_at = Some(*frame);
    }
    if let Some(at) = *taken_at {
        let written = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if written && *frame > at + 3 {
            info!("screenshot saved to {}", path.display());
            exit.write(AppExit::Success);
        } else if *frame > at + 600 {
            error!("the screenshot was never written");
            exit.write(AppExit::from_code(3));
        }
    }
}
