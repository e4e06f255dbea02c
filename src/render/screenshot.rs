//! Screenshots: F12 at any time, or `--screenshot PATH --frames N` from the
//! command line (render N frames, save a PNG, exit), with an optional scripted
//! aim or flick so the result can be looked at under Xvfb.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::flick_input::Aim;
use crate::physics::FlickQueue;
use crate::physics::table::{Flick, TableIndex};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (screenshot_on_key, run_script).in_set(super::FrameSystems::Input),
    );
}

/// A flick or aim given on the command line: piece name, angle (degrees, 0 = +x
/// toward the east end of main street, 90 = +z toward the player) and strength.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptedFlick {
    pub piece: String,
    pub angle_deg: f32,
    pub strength: f32,
}

impl std::str::FromStr for ScriptedFlick {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let parts: Vec<&str> = s.split(',').collect();
        let [piece, angle, strength] = parts.as_slice() else {
            return Err(format!("expected NAME,ANGLE_DEG,STRENGTH, got {s:?}"));
        };
        let angle_deg = angle
            .trim()
            .parse()
            .map_err(|_| format!("bad angle {angle:?}"))?;
        let strength: f32 = strength
            .trim()
            .parse()
            .map_err(|_| format!("bad strength {strength:?}"))?;
        if !(0.0..=1.0).contains(&strength) {
            return Err(format!("strength must be in [0, 1], got {strength}"));
        }
        Ok(Self {
            piece: piece.trim().to_string(),
            angle_deg,
            strength,
        })
    }
}

/// What the command line asked the window to do.
#[derive(Resource, Debug, Clone, Default)]
pub struct Script {
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    pub aim: Option<ScriptedFlick>,
    pub flick: Option<ScriptedFlick>,
}

fn screenshot_on_key(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands, mut n: Local<u32>) {
    if keys.just_pressed(KeyCode::F12) {
        *n += 1;
        let path = PathBuf::from("screenshots").join(format!("highnoon-{}.png", *n));
        let _ = std::fs::create_dir_all("screenshots");
        info!("saving {}", path.display());
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
    }
}

#[allow(clippy::too_many_arguments)]
fn run_script(
    script: Option<Res<Script>>,
    index: Res<TableIndex>,
    transforms: Query<&GlobalTransform>,
    mut frame: Local<u32>,
    mut taken_at: Local<Option<u32>>,
    mut commands: Commands,
    mut aim: ResMut<Aim>,
    mut queue: ResMut<FlickQueue>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(script) = script else { return };
    *frame += 1;
    let to_flick = |s: &ScriptedFlick| -> Option<Flick> {
        let p = index.by_name(&s.piece)?;
        let a = s.angle_deg.to_radians();
        Some(Flick::new(p.id, Vec2::new(a.cos(), a.sin()), s.strength))
    };
    if *frame == 5 && !index.is_empty() {
        if let Some(s) = &script.flick {
            match to_flick(s) {
                Some(f) => queue.0.push_back(f),
                None => error!("--flick: no piece named {:?}", s.piece),
            }
        }
    }
    if let Some(s) = &script.aim
        && let Some(f) = to_flick(s)
        && let Some(p) = index.get(f.piece)
        && let Ok(t) = transforms.get(p.entity)
    {
        let pull = -f.direction * f.strength * super::flick_input::FULL_PULL;
        *aim = Aim {
            piece: Some(p.id),
            name: p.name.clone(),
            anchor: t.translation(),
            pull,
            offset: 0.0,
        };
    }
    let Some(path) = &script.screenshot else {
        return;
    };
    if *frame == script.frames.max(2) {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = std::fs::remove_file(path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
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
