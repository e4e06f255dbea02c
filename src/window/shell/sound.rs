//! Plays what the tables hear ([`Hear`] messages of [`SoundEvent`]s) through
//! Bevy's audio: each sound a clip of the synthesised bank, its loudness
//! times the player's volumes, panned by where it happened as seen from the
//! table's camera. Only where Bevy's `AudioPlugin` runs (the window); the
//! offscreen app and every headless path have none, and the messages are
//! simply dropped. A machine with no audio device plays silently, with one
//! line in the log.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::audio::{AddAudioSource, AudioPlayer, AudioSink, Decodable, PlaybackSettings, Source};
use bevy::prelude::*;

use crate::settings::Settings;
use crate::sound::{Bank, RATE, SoundEvent, events, gains};
use crate::tables::{FrameSystems, Hear};
use crate::window::shell::camera::OrbitCamera;
use crate::window::shell::frame_stats::FrameStats;

pub fn plugin(app: &mut App) {
    app.add_message::<Hear>();
    if app.is_plugin_added::<bevy::audio::AudioPlugin>() {
        app.init_resource::<Speaker>()
            .add_audio_source::<Voice>()
            .add_systems(
                Update,
                (play_heard_sounds, notice_silence)
                    .chain()
                    .after(FrameSystems::Draw),
            );
    } else {
        app.add_systems(Update, drop_heard_sounds.after(FrameSystems::Draw));
    }
}

/// At most this many sounds start in one frame (the loudest): a crowd of
/// knocks is heard as a crowd either way, and the frame stays cheap.
pub const MOST_A_FRAME: usize = 12;
/// A sound quieter than this after the volumes is not played.
const INAUDIBLE: f32 = 0.01;

/// The bank of clips (synthesised on a thread of its own from the start,
/// about 150 ms of work: sounds asked for before it is ready are not
/// played) and how playing has gone.
#[derive(Resource)]
pub struct Speaker {
    bank: Arc<std::sync::OnceLock<Bank>>,
    /// Sounds started so far (the variant of the next).
    pub started: usize,
    /// No audio device: nothing is played any more.
    pub silent: bool,
}

/// One playing sound: a clip and its left and right gains.
#[derive(Asset, TypePath)]
pub struct Voice {
    samples: Arc<[f32]>,
    left: f32,
    right: f32,
}

impl Voice {
    /// A clip heard from the middle, as loud as it was made (the music).
    pub fn centred(samples: Arc<[f32]>) -> Self {
        let g = std::f32::consts::FRAC_1_SQRT_2;
        Voice {
            samples,
            left: g,
            right: g,
        }
    }
}

/// Plays a [`Voice`] as interleaved stereo.
pub struct VoiceDecoder {
    samples: Arc<[f32]>,
    left: f32,
    right: f32,
    /// The index of the next value (two per sample: left, right).
    next: usize,
}

impl Default for Speaker {
    fn default() -> Self {
        let bank = Arc::new(std::sync::OnceLock::new());
        let making = bank.clone();
        std::thread::spawn(move || {
            let _ = making.set(Bank::new());
        });
        Speaker {
            bank,
            started: 0,
            silent: false,
        }
    }
}

impl Iterator for VoiceDecoder {
    type Item = f32;
    fn next(&mut self) -> Option<f32> {
        let x = *self.samples.get(self.next / 2)?;
        let g = if self.next.is_multiple_of(2) {
            self.left
        } else {
            self.right
        };
        self.next += 1;
        Some(x * g)
    }
}

impl Source for VoiceDecoder {
    fn current_span_len(&self) -> Option<usize> {
        None
    }
    fn channels(&self) -> bevy::audio::ChannelCount {
        bevy::audio::ChannelCount::new(2).expect("two")
    }
    fn sample_rate(&self) -> bevy::audio::SampleRate {
        bevy::audio::SampleRate::new(RATE).expect("a rate")
    }
    fn total_duration(&self) -> Option<Duration> {
        Some(Duration::from_secs_f32(
            self.samples.len() as f32 / RATE as f32,
        ))
    }
}

impl Decodable for Voice {
    type Decoder = VoiceDecoder;
    fn decoder(&self) -> VoiceDecoder {
        VoiceDecoder {
            samples: self.samples.clone(),
            left: self.left,
            right: self.right,
            next: 0,
        }
    }
}

/// When a voice was started (frames), to notice a machine without a device.
#[derive(Component)]
struct StartedAt(u32);

/// Starts the frame's sounds; the time it takes goes into the frame stats.
#[allow(clippy::too_many_arguments)]
fn play_heard_sounds(
    mut heard: MessageReader<Hear>,
    mut speaker: ResMut<Speaker>,
    settings: Option<Res<Settings>>,
    cameras: Query<&GlobalTransform, With<OrbitCamera>>,
    mut voices: ResMut<Assets<Voice>>,
    mut commands: Commands,
    mut stats: ResMut<FrameStats>,
    frames: Res<bevy::diagnostic::FrameCount>,
) {
    let started = Instant::now();
    let gain = settings.map_or(1.0, |s| s.effects_gain());
    let mut now: Vec<SoundEvent> = heard.read().map(|h| h.0).collect();
    if now.is_empty() || speaker.silent || gain <= 0.0 {
        return;
    }
    // The loudest first; ties keep the order heard.
    now.sort_by(|a, b| b.loudness.total_cmp(&a.loudness));
    now.truncate(MOST_A_FRAME);
    let (ear, right) = cameras
        .iter()
        .next()
        .map_or((Vec3::new(0.0, 0.5, 0.9), Vec3::X), |t| {
            (t.translation(), t.right().as_vec3())
        });
    let speaker = &mut *speaker;
    let Some(bank) = speaker.bank.get() else {
        return;
    };
    for e in now {
        let loudness = e.loudness * gain;
        if loudness < INAUDIBLE {
            continue;
        }
        let pan = e.place.map_or(0.0, |p| events::pan(p, ear, right));
        let (l, r) = gains(pan);
        let voice = voices.add(Voice {
            samples: bank.clip(e.sound, speaker.started),
            left: l * loudness,
            right: r * loudness,
        });
        speaker.started += 1;
        commands.spawn((
            AudioPlayer(voice),
            PlaybackSettings::DESPAWN,
            StartedAt(frames.0),
        ));
    }
    stats.sound_ms.push(started.elapsed().as_secs_f64() * 1e3);
}

/// The voices started: when, and whether Bevy gave each a sink.
type Voices<'w, 's> =
    Query<'w, 's, (Entity, &'static StartedAt, Has<AudioSink>), With<AudioPlayer<Voice>>>;

/// A voice that has had no sink for a few frames: there is no audio device
/// (Bevy plays nothing then, and never despawns it). One line, and silence.
fn notice_silence(
    voices: Voices,
    frames: Res<bevy::diagnostic::FrameCount>,
    mut speaker: ResMut<Speaker>,
    mut commands: Commands,
) {
    let stranded = voices
        .iter()
        .any(|(_, at, sink)| !sink && frames.0.wrapping_sub(at.0) > 3);
    if !stranded {
        return;
    }
    if !speaker.silent {
        speaker.silent = true;
        warn!("no audio device: the table plays silently");
    }
    for (e, _, sink) in &voices {
        if !sink {
            commands.entity(e).despawn();
        }
    }
}

fn drop_heard_sounds(mut heard: MessageReader<Hear>) {
    heard.clear();
}
