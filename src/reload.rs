//! Live reload: the physics profile and the town (or scenario) being played are
//! watched on disk; a save rebuilds the town from it. A file that fails to load
//! leaves the current town in place and its problems on show until fixed.
//! No rendering here: the HUD reads [`ReloadStatus`].

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use bevy::prelude::*;

use crate::physics::table::Profile;
use crate::physics::{self, ActiveTown};
use crate::scenario::{PhysicsProfile, Town};

pub fn plugin(app: &mut App) {
    app.init_resource::<ReloadStatus>()
        .init_resource::<ReloadSettings>()
        .add_systems(Update, reload_changed_files.in_set(ReloadSystems));
}

/// The reload check (the window runs it only while the Flick table is on screen).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReloadSystems;

/// The files behind what is on the table.
#[derive(Resource, Debug, Clone)]
pub struct Watched {
    pub profile: PathBuf,
    pub town: Option<PathBuf>,
    /// The town is a scenario being played: a change restarts the game.
    pub scenario: bool,
    stamps: Vec<(PathBuf, Option<SystemTime>)>,
}

impl Watched {
    pub fn new(profile: PathBuf, town: Option<PathBuf>, scenario: bool) -> Self {
        let mut w = Self {
            profile,
            town,
            scenario,
            stamps: Vec::new(),
        };
        w.stamp();
        w
    }

    fn paths(&self) -> Vec<PathBuf> {
        std::iter::once(self.profile.clone())
            .chain(self.town.clone())
            .collect()
    }

    /// Records the files' current modification times.
    pub fn stamp(&mut self) {
        self.stamps = self
            .paths()
            .into_iter()
            .map(|p| (p.clone(), modified(&p)))
            .collect();
    }

    /// The files whose modification time changed since the last look.
    pub fn changed(&mut self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for (path, stamp) in &mut self.stamps {
            let now = modified(path);
            if now != *stamp {
                *stamp = now;
                out.push(path.clone());
            }
        }
        out
    }
}

fn modified(path: &std::path::Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

#[derive(Resource, Debug, Clone)]
pub struct ReloadSettings {
    /// How often the files are looked at.
    pub interval: Duration,
}

impl Default for ReloadSettings {
    fn default() -> Self {
        Self {
            interval: Duration::from_millis(400),
        }
    }
}

/// What the last reload did, for the HUD.
#[derive(Resource, Debug, Clone, Default)]
pub struct ReloadStatus {
    /// Problems of the last save that failed (file:line:col: message, one per line).
    pub error: Option<String>,
    /// A short notice of the last successful reload, and when it happened (seconds since start).
    pub notice: Option<(String, f32)>,
    /// A scenario file changed and loads: the game restarts from it.
    pub restart_scenario: Option<PathBuf>,
    pub reloads: u32,
}

/// Looks at the watched files and rebuilds the town when one changed and loads.
pub fn reload_changed_files(world: &mut World, mut last: Local<Option<f32>>) {
    let now = world.resource::<Time>().elapsed_secs();
    let interval = world.resource::<ReloadSettings>().interval.as_secs_f32();
    if last.is_some_and(|t| now - t < interval) {
        return;
    }
    *last = Some(now);
    let Some(mut watched) = world.get_resource::<Watched>().cloned() else {
        return;
    };
    let changed = watched.changed();
    world.insert_resource(watched.clone());
    if changed.is_empty() {
        return;
    }
    let profile = match PhysicsProfile::load(&watched.profile) {
        Ok(p) => p,
        Err(e) => {
            warn!("not reloaded: {e}");
            world.resource_mut::<ReloadStatus>().error = Some(e.to_string());
            return;
        }
    };
    let town = match &watched.town {
        Some(path) => match Town::load(path, &profile) {
            Ok(t) => t,
            Err(e) => {
                warn!("not reloaded: {e}");
                world.resource_mut::<ReloadStatus>().error = Some(e.to_string());
                return;
            }
        },
        None => world.resource::<ActiveTown>().0.clone(),
    };
    let names: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
    info!("reloading {}", names.join(", "));
    if world.resource::<Profile>().0 != profile {
        physics::apply_profile(world, &profile);
    }
    if watched.scenario {
        world.resource_mut::<ReloadStatus>().restart_scenario = watched.town.clone();
    } else {
        physics::despawn_town(world);
        world.insert_resource(ActiveTown(town));
        physics::spawn_active_town(world);
    }
    let mut status = world.resource_mut::<ReloadStatus>();
    status.error = None;
    status.notice = Some((format!("reloaded {}", names.join(", ")), now));
    status.reloads += 1;
}
