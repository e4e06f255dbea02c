//! Live reload: the physics profile and the town (or scenario) on the table
//! are watched on disk ([`FileWatch`]); a save that changes a file's contents puts the new profile in
//! force and opens the file again (a [`FlickIntent`]: the sandbox is laid out
//! afresh, a scenario restarts). A file that fails to load leaves the table as
//! it is, with the problems (file:line:col) on show until fixed. No
//! rendering here: the HUD reads [`ReloadStatus`].

use std::path::PathBuf;

use bevy::prelude::*;

use super::session::{FlickIntent, FlickSession};
use super::{FlickOrder, FlickSystems};
use crate::physics::table::Profile;
use crate::scenario::{PhysicsProfile, Town};
use crate::tables::watch::FileWatch;

pub fn plugin(app: &mut App) {
    app.init_resource::<ReloadStatus>()
        .init_resource::<FileWatch>()
        .add_systems(
            Update,
            reload_changed_files
                .in_set(FlickOrder::Decide)
                .in_set(FlickSystems),
        );
}

/// The physics profile file in force (the town is the session's file).
#[derive(Resource, Debug, Clone)]
pub struct Watched {
    pub profile: PathBuf,
}

/// What the last reload did, for the HUD.
#[derive(Resource, Debug, Clone, Default)]
pub struct ReloadStatus {
    /// Problems of the last save that failed (file:line:col: message, one per line).
    pub error: Option<String>,
    /// A short notice of the last successful reload, and when it happened (seconds since start).
    pub notice: Option<(String, f32)>,
    pub reloads: u32,
    /// Why files cannot be watched, when they cannot (then nothing reloads).
    pub unwatched: Option<String>,
}

/// Watches the profile and the session's file; when a save changed either and
/// both load, puts the profile in force and opens the file again.
#[expect(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the world it reads"
)]
fn reload_changed_files(
    mut events: ResMut<FileWatch>,
    mut game_watched: Local<Option<u64>>,
    watched: Option<Res<Watched>>,
    session: Res<FlickSession>,
    time: Res<Time>,
    mut profile: ResMut<Profile>,
    mut status: ResMut<ReloadStatus>,
    mut intents: MessageWriter<FlickIntent>,
) {
    let (Some(watched), Some(file)) = (watched, session.file()) else {
        return;
    };
    let files = [watched.profile.clone(), file.to_path_buf()];
    let game = session.stamp().game;
    // A town opened afresh (from the menu, say) is taken as it is now, and
    // what was saved before is old news.
    if *game_watched != Some(game) {
        *game_watched = Some(game);
        events.forget();
    }
    if let Err(e) = events.watch(&files) {
        if status.unwatched.as_ref() != Some(&e) {
            warn!("live reload is off: {e}");
            status.unwatched = Some(e);
        }
        return;
    }
    let changed = events.changed();
    if changed.is_empty() {
        return;
    }
    let loaded = PhysicsProfile::load(&watched.profile)
        .and_then(|p| Town::load(file, &p).map(|_| p))
        .map_err(|e| e.to_string());
    let new_profile = match loaded {
        Ok(p) => p,
        Err(e) => {
            warn!("not reloaded: {e}");
            status.error = Some(e);
            return;
        }
    };
    let names: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
    info!("reloading {}", names.join(", "));
    if profile.0 != new_profile {
        profile.0 = new_profile;
    }
    intents.write(FlickIntent::reopen(&session, file));
    status.error = None;
    status.notice = Some((
        format!("reloaded {}", names.join(", ")),
        time.elapsed_secs(),
    ));
    status.reloads += 1;
}
