//! Screenshots: F12 at any time (a new numbered file in the player's
//! screenshots folder each time, never over an old one), or `--screenshot
//! PATH --frames N` from the command line (render N frames, save a PNG,
//! exit) so every table can be looked at under Xvfb. Each is written whole
//! or not at all.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::camera::OrbitCamera;
use crate::tables::FrameSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<ScreenshotScript>().add_systems(
        Update,
        (screenshot_on_key, take_scripted_screenshot).in_set(FrameSystems::Input),
    );
}

/// `--screenshot PATH --frames N`: save the Nth frame and exit; with
/// `--camera`, seen from there whatever the table's own camera says (held
/// by the camera, [`super::camera::ScriptedCamera`]).
#[derive(Resource, Debug, Clone, Default)]
pub struct ScreenshotScript {
    pub path: Option<PathBuf>,
    pub frames: u32,
    pub camera: Option<OrbitCamera>,
}

/// How a screenshot's saving came out, once it has.
pub type Saved = Arc<OnceLock<Result<(), String>>>;

/// F12: the frame saved under the next free number. A name is taken when
/// the key is pressed and written a few frames later: names still being
/// written are not handed out again.
fn screenshot_on_key(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    mut commands: Commands,
    mut pending: Local<Vec<(PathBuf, Saved)>>,
) {
    pending.retain(|(_, saved)| saved.get().is_none());
    if bindings.just_pressed(&keys, crate::keys::Action::Screenshot) {
        let Some(dir) = crate::files::user(crate::files::Folders::screenshots) else {
            error!("no folder for screenshots (no home folder)");
            return;
        };
        let path = crate::files::next_free_but(&dir, "highnoon", "png", |p| {
            pending.iter().any(|(q, _)| q == p)
        });
        info!("saving {}", path.display());
        let saved = Saved::default();
        pending.push((path.clone(), saved.clone()));
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_png(path, saved));
    }
}

/// Saves a captured frame as a PNG at `path`, whole or not at all; `saved`
/// says how that came out.
pub fn save_png(path: PathBuf, saved: Saved) -> impl FnMut(On<ScreenshotCaptured>) {
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
        match &written {
            Ok(()) => info!("screenshot saved to {}", path.display()),
            Err(e) => error!("screenshot not saved: {e}"),
        }
        let _ = saved.set(written);
    }
}

fn take_scripted_screenshot(
    script: Res<ScreenshotScript>,
    mut frame: Local<u32>,
    mut taken_at: Local<Option<u32>>,
    saved: Local<Saved>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &script.path else {
        return;
    };
    *frame += 1;
    if *frame == script.frames.max(2) {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_png(path.clone(), saved.clone()));
        *taken_at = Some(*frame);
    }
    if let Some(at) = *taken_at {
        match saved.get() {
            Some(Ok(())) if *frame > at + 3 => {
                exit.write(AppExit::Success);
            }
            Some(Err(_)) => {
                exit.write(AppExit::from_code(3));
            }
            _ => {}
        }
        if saved.get().is_none() && *frame > at + 600 {
            error!("the screenshot was never written");
            exit.write(AppExit::from_code(3));
        }
    }
}
