//! The music ([`crate::sound::music`]): rendered on a thread of its own when
//! the window opens, then looped for as long as it stays open, menu and
//! tables alike, at the player's music volume (changed as soon as the
//! settings are). Only where Bevy's `AudioPlugin` runs; a machine without an
//! audio device is silent (the sound plugin says so, once).

use std::sync::{Arc, OnceLock};

use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, PlaybackSettings, Volume};
use bevy::prelude::*;

use super::sound::Voice;
use crate::settings::Settings;
use crate::sound::music;

pub fn plugin(app: &mut App) {
    if app.is_plugin_added::<bevy::audio::AudioPlugin>() {
        app.init_resource::<Band>()
            .add_systems(Update, (start_the_music, follow_the_music_volume).chain());
    }
}

/// The loop, once rendered (about a second of work on its own thread).
#[derive(Resource)]
pub struct Band {
    tune: Arc<OnceLock<Arc<[f32]>>>,
    started: bool,
}

impl Default for Band {
    fn default() -> Self {
        let tune = Arc::new(OnceLock::new());
        let making = tune.clone();
        std::thread::spawn(move || {
            let _ = making.set(Arc::from(music::render(&music::score())));
        });
        Band {
            tune,
            started: false,
        }
    }
}

/// Marks the music's player.
#[derive(Component)]
struct Music;

fn start_the_music(
    mut band: ResMut<Band>,
    settings: Option<Res<Settings>>,
    mut voices: ResMut<Assets<Voice>>,
    mut commands: Commands,
) {
    if band.started {
        return;
    }
    let Some(tune) = band.tune.get().cloned() else {
        return;
    };
    band.started = true;
    let gain = settings.map_or(0.5, |s| s.music_gain());
    commands.spawn((
        Music,
        AudioPlayer(voices.add(Voice::centred(tune))),
        PlaybackSettings::LOOP.with_volume(Volume::Linear(gain)),
    ));
}

fn follow_the_music_volume(
    settings: Option<Res<Settings>>,
    mut sinks: Query<&mut AudioSink, With<Music>>,
) {
    let Some(settings) = settings else {
        return;
    };
    if !settings.is_changed() {
        return;
    }
    for mut sink in &mut sinks {
        sink.set_volume(Volume::Linear(settings.music_gain()));
    }
}
