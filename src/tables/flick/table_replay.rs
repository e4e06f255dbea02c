//! Table replays at the Flick table's sandbox: `replay FILE --window` plays a
//! table replay's flicks back (each piece put down where it was, its aim shown
//! for a moment, then flicked on the live table), and `F5` saves the flicks
//! played since the town was laid out or reset as a table replay
//! ([`crate::physics::replay`]).

use bevy::prelude::*;

use super::aim::{AIM_FRAMES, AIM_SECONDS, Aim, FULL_PULL, MouseLocked};
use super::reload::Watched;
use super::session::{By, FlickAction, FlickIntent, FlickSession};
use super::{FlickOrder, FlickSystems};
use crate::physics::replay::{TableFlick, TableReplay};
use crate::physics::table::Flick;
use crate::scenario::data_name;

pub fn plugin(app: &mut App) {
    app.init_resource::<SavedReplay>().add_systems(
        Update,
        (play_table_replay, save_flicks_with_key)
            .in_set(FlickOrder::Decide)
            .in_set(FlickSystems),
    );
}

/// A table replay to play back in the sandbox: the flicks (with where each
/// piece is put down first) and what the file set on its profile.
#[derive(Resource, Debug, Clone, Default)]
pub struct TableReplayScript {
    pub flicks: Vec<(Option<Vec2>, Flick)>,
    /// The replay's note (where it came from), for the HUD.
    pub note: Option<String>,
    /// The replay's profile file and parameters, kept when the session is saved again.
    pub profile: Option<String>,
    pub set: Vec<(String, f32)>,
    /// Flicks handed to the table so far.
    pub played: usize,
    /// Since when (seconds of the app's clock) the next flick's aim is on
    /// show, and for how many frames.
    pub shown_since: Option<f32>,
    pub shown_frames: u32,
    /// The next flick's piece has been put down.
    pub placed: bool,
}

impl TableReplayScript {
    pub fn of(replay: &crate::physics::replay::CheckedTableReplay) -> Self {
        Self {
            flicks: replay.flicks.clone(),
            note: replay.replay.note.clone(),
            profile: replay.replay.profile.clone(),
            set: replay.replay.set.clone(),
            played: 0,
            shown_since: None,
            shown_frames: 0,
            placed: false,
        }
    }

    pub fn done(&self) -> bool {
        self.played >= self.flicks.len()
    }
}

/// The last `F5`: the file written (or why not) and when, for the HUD.
#[derive(Resource, Debug, Clone, Default)]
pub struct SavedReplay(pub Option<(Result<String, String>, f32)>);

/// When the table is still, puts the next flick's piece down, shows its aim
/// for [`AIM_SECONDS`] and at least [`AIM_FRAMES`] frames (as a bot's is),
/// then hands the flick to the table.
fn play_table_replay(
    script: Option<ResMut<TableReplayScript>>,
    session: Res<FlickSession>,
    time: Res<Time>,
    mut locked: ResMut<MouseLocked>,
    mut intents: MessageWriter<FlickIntent>,
    mut aim: ResMut<Aim>,
) {
    let (Some(mut script), Some(table)) = (
        script,
        session.table().filter(|_| session.referee().is_none()),
    ) else {
        // No replay in the sandbox: the mouse is free.
        if locked.0 {
            locked.0 = false;
        }
        return;
    };
    // The mouse aims nothing until the last flick is handed in.
    locked.0 = !script.done();
    if script.done() || session.replaying() {
        return;
    }
    let (place, flick) = script.flicks[script.played];
    let Some(piece) = table.index().get(flick.piece) else {
        return;
    };
    let now = time.elapsed_secs();
    match script.shown_since {
        None => {
            if let Some(at) = place.filter(|_| !script.placed) {
                // Put down first; the aim is shown from where it lies, next frame.
                intents.write(FlickIntent::person(FlickAction::Place {
                    piece: flick.piece,
                    at,
                }));
                script.placed = true;
                return;
            }
            *aim = Aim {
                piece: Some(flick.piece),
                name: piece.name.clone(),
                anchor: table.pose(flick.piece).0,
                pull: -flick.direction.normalize_or_zero() * flick.strength * FULL_PULL,
                spin: flick.spin,
            };
            script.shown_since = Some(now);
            script.shown_frames = 1;
        }
        Some(since) if now - since >= AIM_SECONDS && script.shown_frames >= AIM_FRAMES => {
            *aim = Aim::default();
            intents.write(FlickIntent {
                by: By::Computer(session.stamp()),
                action: FlickAction::Flick(flick),
            });
            script.played += 1;
            script.shown_since = None;
            script.placed = false;
        }
        Some(_) => script.shown_frames += 1,
    }
}

/// `F5` in the sandbox: the flicks since the town was laid out or reset,
/// saved as a table replay in the player's replays folder (a new file each
/// time, never over an old one).
fn save_flicks_with_key(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    session: Res<FlickSession>,
    watched: Option<Res<Watched>>,
    script: Option<Res<TableReplayScript>>,
    time: Res<Time>,
    mut saved: ResMut<SavedReplay>,
) {
    if session.referee().is_some() || !bindings.just_pressed(&keys, crate::keys::Action::SaveFlicks)
    {
        return;
    }
    let now = time.elapsed_secs();
    let log = session.log();
    let index = session.index();
    let result = (|| {
        let watched = watched.ok_or("no town on the table")?;
        if log.flicks.is_empty() {
            return Err("no flicks to save yet".to_string());
        }
        let town = session.file().ok_or("no town file")?;
        let default_profile = crate::scenario::default_profile_path();
        let profile = match &script {
            Some(s) => s.profile.clone(),
            None if watched.profile == default_profile => None,
            None => Some(data_name(&watched.profile)),
        };
        let replay = TableReplay {
            note: Some("saved at the sandbox (F5)".into()),
            town: data_name(town),
            profile,
            set: script.map(|s| s.set.clone()).unwrap_or_default(),
            flicks: log
                .flicks
                .iter()
                .map(|f| {
                    let name = index.get(f.flick.piece).map_or("", |p| p.name.as_str());
                    TableFlick::of(name, f.place, &f.flick, Some(f.hash))
                })
                .collect(),
            final_hash: log.flicks.last().map(|f| f.hash),
        };
        let dir = crate::files::user(crate::files::Folders::replays)
            .ok_or("no folder for replays (no home folder)")?;
        let path = crate::files::next_free(&dir, "flicks", "replay.ron");
        replay
            .save(&path)
            .map_err(|e| format!("cannot write {e}"))?;
        info!("saved {} flicks to {}", replay.flicks.len(), path.display());
        Ok(format!(
            "{} flick{} saved to {}",
            replay.flicks.len(),
            if replay.flicks.len() == 1 { "" } else { "s" },
            path.display()
        ))
    })();
    saved.0 = Some((result, now));
}
