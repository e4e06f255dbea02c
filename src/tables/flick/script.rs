//! A flick or an aim given on the command line (`--flick`, `--aim`), so the
//! Flick table can be looked at mid-aim or mid-flick under Xvfb.

use bevy::prelude::*;

use super::aim::{Aim, FULL_PULL};
use super::session::{FlickAction, FlickIntent, FlickSession};
use super::{FlickOrder, FlickSystems};
use crate::physics::table::Flick;

pub fn plugin(app: &mut App) {
    app.init_resource::<FlickScript>().add_systems(
        Update,
        run_flick_script
            .in_set(FlickOrder::Decide)
            .in_set(FlickSystems),
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

/// What the command line asked the Flick table to do.
#[derive(Resource, Debug, Clone, Default)]
pub struct FlickScript {
    pub aim: Option<ScriptedFlick>,
    pub flick: Option<ScriptedFlick>,
}

fn run_flick_script(
    script: Res<FlickScript>,
    session: Res<FlickSession>,
    spawned: Res<crate::physics::pieces::SpawnedTown>,
    transforms: Query<&GlobalTransform>,
    mut frame: Local<u32>,
    mut aim: ResMut<Aim>,
    mut intents: MessageWriter<FlickIntent>,
) {
    *frame += 1;
    let index = session.index();
    let to_flick = |s: &ScriptedFlick| -> Option<Flick> {
        let p = index.by_name(&s.piece)?;
        let a = s.angle_deg.to_radians();
        Some(Flick::new(p.id, Vec2::new(a.cos(), a.sin()), s.strength))
    };
    if *frame == 5
        && !index.is_empty()
        && let Some(s) = &script.flick
    {
        match to_flick(s) {
            Some(f) => {
                intents.write(FlickIntent::person(FlickAction::Flick(f)));
            }
            None => error!("--flick: no piece named {:?}", s.piece),
        }
    }
    if let Some(s) = &script.aim
        && let Some(f) = to_flick(s)
        && let Some(p) = index.get(f.piece)
        && let Some(e) = spawned.entity(p.id)
        && let Ok(t) = transforms.get(e)
    {
        let pull = -f.direction * f.strength * FULL_PULL;
        *aim = Aim {
            piece: Some(p.id),
            name: p.name.clone(),
            anchor: t.translation(),
            pull,
            spin: 0.0,
        };
    }
}
