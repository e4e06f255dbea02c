//! The table's sound, made by the project: what is heard ([`events`], from
//! the physics' strikes and the card games' moves), what each sound is
//! ([`synth`]), and mixing them into one stereo buffer ([`Bank::mix`]) for a
//! WAV file or a test; and the music ([`music`]), composed and played by
//! the project's own instruments. Nothing here plays audio: the window does
//! (`window::shell::sound`), and only there; headless paths never make a
//! sound.

pub mod events;
pub mod music;
pub mod synth;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use bevy::math::Vec3;

pub use events::SoundEvent;
pub use synth::{RATE, Sound, Timbre, VARIANTS};

/// Every sound synthesised once, in each of its variants.
#[derive(Clone)]
pub struct Bank {
    clips: HashMap<(Sound, usize), Arc<[f32]>>,
}

impl Default for Bank {
    fn default() -> Self {
        Self::new()
    }
}

impl Bank {
    pub fn new() -> Self {
        let mut clips = HashMap::new();
        for sound in Sound::all() {
            for v in 0..VARIANTS {
                clips.insert((sound, v), Arc::from(sound.synthesise(v)));
            }
        }
        Bank { clips }
    }

    /// The clip for the `n`th event of a sound (variants taken in turn).
    pub fn clip(&self, sound: Sound, n: usize) -> Arc<[f32]> {
        self.clips[&(sound, n % VARIANTS)].clone()
    }

    /// Mixes `events` (each with its pan, -1 left to +1 right) into one
    /// interleaved stereo buffer `seconds` long at [`RATE`], equal-power panning.
    pub fn mix(&self, events: &[(SoundEvent, f32)], seconds: f32) -> Vec<f32> {
        let frames = (seconds * RATE as f32).ceil() as usize;
        let mut out = vec![0.0f32; frames * 2];
        for (n, (e, pan)) in events.iter().enumerate() {
            let clip = self.clip(e.sound, n);
            let (l, r) = gains(*pan);
            let start = (e.at * RATE as f32).round() as usize;
            for (i, x) in clip.iter().enumerate() {
                let f = start + i;
                if f >= frames {
                    break;
                }
                out[2 * f] += x * e.loudness * l;
                out[2 * f + 1] += x * e.loudness * r;
            }
        }
        // A soft limit, so a crowd of knocks never clips.
        for x in out.iter_mut() {
            *x = x.tanh();
        }
        out
    }
}

/// Silence before the first sound of a recording, seconds (so the first
/// sound's onset can be measured).
pub const LEAD_IN: f32 = 0.1;

/// What a listener at `ear` (their right along `right`) hears of `heard`:
/// a stereo buffer that starts [`LEAD_IN`] before the first sound and runs
/// until the last has died away.
pub fn record(bank: &Bank, heard: &[SoundEvent], ear: Vec3, right: Vec3) -> Vec<f32> {
    let panned: Vec<(SoundEvent, f32)> = heard
        .iter()
        .map(|e| {
            let pan = e.place.map_or(0.0, |p| events::pan(p, ear, right));
            (
                SoundEvent {
                    at: e.at + LEAD_IN,
                    ..*e
                },
                pan,
            )
        })
        .collect();
    let seconds = heard.iter().map(|e| e.at).fold(0.0, f32::max) + LEAD_IN + 1.7;
    bank.mix(&panned, seconds)
}

/// Left and right gains for a pan from -1 (left) to +1 (right), equal power.
pub fn gains(pan: f32) -> (f32, f32) {
    let a = (pan.clamp(-1.0, 1.0) + 1.0) * std::f32::consts::FRAC_PI_4;
    (a.cos(), a.sin())
}

/// Writes an interleaved stereo buffer as a 16-bit WAV file.
pub fn write_wav(path: &Path, stereo: &[f32]) -> Result<(), String> {
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let err = |e: hound::Error| format!("{}: {e}", path.display());
    // Made in memory, then written whole or not at all.
    let mut bytes = std::io::Cursor::new(Vec::new());
    let mut w = hound::WavWriter::new(&mut bytes, spec).map_err(err)?;
    for x in stereo {
        w.write_sample((x.clamp(-1.0, 1.0) * i16::MAX as f32) as i16)
            .map_err(err)?;
    }
    w.finalize().map_err(err)?;
    crate::files::write_whole(path, bytes.into_inner())
}

/// Reads a WAV file written by [`write_wav`] back as mono (left and right averaged).
pub fn read_wav_mono(path: &Path) -> Result<Vec<f32>, String> {
    let err = |e: hound::Error| format!("{}: {e}", path.display());
    let mut r = hound::WavReader::open(path).map_err(err)?;
    let channels = r.spec().channels as usize;
    let samples: Vec<i16> = r.samples::<i16>().collect::<Result<_, _>>().map_err(err)?;
    Ok(samples
        .chunks(channels.max(1))
        .map(|c| c.iter().map(|&x| x as f32 / i16::MAX as f32).sum::<f32>() / c.len() as f32)
        .collect())
}

/// Where sounds start in a mono buffer, seconds: the energy in 2 ms windows
/// jumping to several times what it was just before (and above a floor).
/// What a listener would call the onsets — measured, not taken from the events.
pub fn onsets(mono: &[f32]) -> Vec<f32> {
    let w = (0.002 * RATE as f32) as usize;
    let energy: Vec<f32> = mono
        .chunks(w)
        .map(|c| c.iter().map(|x| x * x).sum::<f32>() / c.len() as f32)
        .collect();
    let mut out = Vec::new();
    let mut quiet_until = 0;
    for i in 1..energy.len() {
        let before = energy[i.saturating_sub(4)..i]
            .iter()
            .copied()
            .fold(0.0f32, f32::max);
        if i >= quiet_until && energy[i] > 1e-5 && energy[i] > 6.0 * before {
            out.push((i * w) as f32 / RATE as f32);
            quiet_until = i + 5;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panning_keeps_the_power_and_goes_to_the_side() {
        for p in [-1.0, -0.3, 0.0, 0.5, 1.0] {
            let (l, r) = gains(p);
            assert!((l * l + r * r - 1.0).abs() < 1e-5);
        }
        assert!(gains(-1.0).1.abs() < 1e-6);
        assert!(gains(1.0).0.abs() < 1e-6);
    }

    #[test]
    fn onsets_are_found_where_the_sounds_were_put() {
        let bank = Bank::new();
        let at = [0.05, 0.21, 0.4, 0.46, 0.9];
        let events: Vec<(SoundEvent, f32)> = at
            .iter()
            .map(|&t| {
                (
                    SoundEvent {
                        at: t,
                        sound: Sound::Knock(Timbre::WoodOnWood),
                        loudness: 0.7,
                        place: None,
                    },
                    0.0,
                )
            })
            .collect();
        let stereo = bank.mix(&events, 1.2);
        let mono: Vec<f32> = stereo.chunks(2).map(|c| (c[0] + c[1]) / 2.0).collect();
        let found = onsets(&mono);
        assert_eq!(found.len(), at.len(), "{found:?}");
        for (f, t) in found.iter().zip(at) {
            assert!((f - t).abs() < 0.005, "{f} vs {t}");
        }
    }
}
