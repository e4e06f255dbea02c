//! The table's music: a slow waltz in A minor for a guitar and a whistler,
//! composed here ([`score`]) and played by the project's own instruments
//! ([`render`]): plucked strings by the Karplus–Strong method over seeded
//! noise, the whistle as a sine with a singer's vibrato. One loop of
//! [`BARS`] bars whose last notes ring on into its start, so it repeats
//! without a seam. Pure functions: the same music, bit for bit, every run.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::synth::RATE;

/// Beats a minute.
pub const TEMPO: f32 = 92.0;
/// Beats a bar (a waltz).
pub const BEATS: usize = 3;
/// Bars in the loop.
pub const BARS: usize = 16;

/// Seconds a beat.
pub fn beat() -> f32 {
    60.0 / TEMPO
}

/// Samples in one loop.
pub fn loop_len() -> usize {
    (BARS as f32 * BEATS as f32 * beat() * RATE as f32).round() as usize
}

/// Who plays a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The guitar's low string on the bar's first beat.
    Bass,
    /// The guitar's chord, strummed on the second and third beats.
    Strum,
    /// The tune, whistled.
    Whistle,
}

/// One note of the score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Note {
    /// Seconds from the loop's start.
    pub at: f32,
    /// MIDI note number (69 is the A at 440 Hz).
    pub pitch: u8,
    /// Seconds held (a plucked string rings on, dying away).
    pub length: f32,
    /// 0 to 1.
    pub loudness: f32,
    pub player: Player,
}

/// Hz of a MIDI note.
pub fn frequency(pitch: u8) -> f32 {
    440.0 * 2f32.powf((pitch as f32 - 69.0) / 12.0)
}

/// The bars' chords: (bass note, the three strummed notes).
pub const CHORDS: [(u8, [u8; 3]); BARS] = {
    const AM: (u8, [u8; 3]) = (45, [57, 60, 64]);
    const DM: (u8, [u8; 3]) = (50, [57, 62, 65]);
    const E7: (u8, [u8; 3]) = (40, [56, 59, 62]);
    const C: (u8, [u8; 3]) = (48, [55, 60, 64]);
    const G: (u8, [u8; 3]) = (43, [55, 59, 62]);
    const EM: (u8, [u8; 3]) = (40, [55, 59, 64]);
    [AM, AM, DM, AM, E7, E7, AM, AM, C, G, AM, EM, DM, AM, E7, AM]
};

/// The tune: each bar's notes as (beat, beats held, pitch).
const TUNE: [&[(f32, f32, u8)]; BARS] = [
    &[(0.0, 2.0, 76), (2.0, 1.0, 72)],
    &[(0.0, 3.0, 69)],
    &[(0.0, 1.0, 74), (1.0, 1.0, 77), (2.0, 1.0, 76)],
    &[(0.0, 3.0, 72)],
    &[(0.0, 2.0, 71), (2.0, 1.0, 68)],
    &[(0.0, 1.0, 71), (1.0, 1.0, 74), (2.0, 1.0, 71)],
    &[(0.0, 3.0, 69)],
    &[],
    &[(0.0, 2.0, 72), (2.0, 1.0, 76)],
    &[(0.0, 2.0, 74), (2.0, 1.0, 71)],
    &[(0.0, 1.0, 72), (1.0, 1.0, 71), (2.0, 1.0, 69)],
    &[(0.0, 3.0, 71)],
    &[(0.0, 2.0, 77), (2.0, 1.0, 74)],
    &[(0.0, 2.0, 76), (2.0, 1.0, 72)],
    &[(0.0, 1.0, 71), (1.0, 1.0, 74), (2.0, 1.0, 68)],
    &[(0.0, 3.0, 69)],
];

/// Seconds between the strings of a strum (low to high).
const STRUM_SPREAD: f32 = 0.018;

/// The whole loop, note by note, in the order played.
pub fn score() -> Vec<Note> {
    let b = beat();
    let mut notes = Vec::new();
    for (bar, (bass, chord)) in CHORDS.iter().enumerate() {
        let start = (bar * BEATS) as f32 * b;
        notes.push(Note {
            at: start,
            pitch: *bass,
            length: 2.5 * b,
            loudness: 0.8,
            player: Player::Bass,
        });
        for beat_in_bar in 1..BEATS {
            for (k, &p) in chord.iter().enumerate() {
                notes.push(Note {
                    at: start + beat_in_bar as f32 * b + k as f32 * STRUM_SPREAD,
                    pitch: p,
                    length: 0.9 * b,
                    loudness: if beat_in_bar == 1 { 0.45 } else { 0.35 },
                    player: Player::Strum,
                });
            }
        }
        for &(at, held, p) in TUNE[bar] {
            notes.push(Note {
                at: start + at * b,
                pitch: p,
                length: held * b * 0.92,
                loudness: 0.5,
                player: Player::Whistle,
            });
        }
    }
    notes.sort_by(|a, b| a.at.total_cmp(&b.at));
    notes
}

/// The score played once around: mono, [`loop_len`] samples, each note's
/// ring carried over the end into the loop's start (so it repeats without a
/// seam), peak 0.6.
pub fn render(score: &[Note]) -> Vec<f32> {
    let mut out = unscaled(score);
    let peak = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if peak > 0.0 {
        for x in out.iter_mut() {
            *x *= 0.6 / peak;
        }
    }
    out
}

/// The loop as the notes add up, before it is scaled to its peak.
fn unscaled(score: &[Note]) -> Vec<f32> {
    let len = loop_len();
    let mut out = vec![0.0f32; len];
    let mut noise = ChaCha8Rng::seed_from_u64(0x3A17_2026);
    for note in score {
        let sound = play(note, &mut noise);
        let start = (note.at * RATE as f32).round() as usize;
        for (i, x) in sound.iter().enumerate() {
            out[(start + i) % len] += x;
        }
    }
    out
}

/// One note as its instrument sounds it.
fn play(note: &Note, noise: &mut ChaCha8Rng) -> Vec<f32> {
    let f = frequency(note.pitch);
    match note.player {
        Player::Bass => pluck(f, note.length + 0.6, 0.35, note.loudness, noise),
        Player::Strum => pluck(f, note.length + 0.3, 0.55, note.loudness, noise),
        Player::Whistle => whistle(f, note.length, note.loudness, noise),
    }
}

/// A plucked string (Karplus–Strong): a delay line one period long filled
/// with noise, each pass averaged with its neighbour (the string losing its
/// high partials first). `brightness` (0..1) is how much of the pluck's
/// noise keeps its highs; the note dies to a thousandth over `ring` s and
/// is faded out at the end.
pub fn pluck(
    f: f32,
    ring: f32,
    brightness: f32,
    loudness: f32,
    noise: &mut ChaCha8Rng,
) -> Vec<f32> {
    // One period is the line (n samples), the averaging (half a sample) and
    // a first-order all-pass for the fraction left over (tuning to the cent).
    let d = RATE as f32 / f - 0.5;
    let mut n = d.floor().max(2.0) as usize;
    let mut frac = d - n as f32;
    if frac < 0.2 {
        n -= 1;
        frac += 1.0;
    }
    let c = (1.0 - frac) / (1.0 + frac);
    let mut line: Vec<f32> = (0..n).map(|_| noise.random_range(-1.0f32..1.0)).collect();
    // A softer pluck: the noise low-passed before it starts the string.
    let a = brightness.clamp(0.05, 1.0);
    let mut y = 0.0;
    for _ in 0..2 {
        for x in line.iter_mut() {
            y += a * (*x - y);
            *x = y;
        }
    }
    let mean = line.iter().sum::<f32>() / n as f32;
    for x in line.iter_mut() {
        *x -= mean;
    }
    let total = (ring * RATE as f32) as usize;
    // Loss a period so that the ring falls 60 dB in `ring` s.
    let periods = ring * f;
    let rho = (1e-3f32).powf(1.0 / periods.max(1.0));
    let fade = (0.03 * RATE as f32) as usize;
    let mut out = Vec::with_capacity(total);
    let mut i = 0;
    let mut prev = line[n - 1];
    let (mut ap_in, mut ap_out) = (0.0f32, 0.0f32);
    while out.len() < total {
        let x = line[i];
        let averaged = rho * 0.5 * (x + prev);
        prev = x;
        let passed = c * averaged + ap_in - c * ap_out;
        ap_in = averaged;
        ap_out = passed;
        line[i] = passed;
        i = (i + 1) % n;
        let k = out.len();
        let tail = if k + fade > total {
            (total - k) as f32 / fade as f32
        } else {
            1.0
        };
        out.push(x * loudness * tail);
    }
    out
}

/// A whistled note: a sine with a slow vibrato, a soft start and end, and a
/// little breath.
pub fn whistle(f: f32, length: f32, loudness: f32, noise: &mut ChaCha8Rng) -> Vec<f32> {
    let total = (length * RATE as f32) as usize;
    let attack = 0.06 * RATE as f32;
    let release = 0.1 * RATE as f32;
    let mut phase = 0.0f32;
    let mut breath = 0.0f32;
    (0..total)
        .map(|k| {
            let t = k as f32 / RATE as f32;
            // The vibrato grows in after the note starts, as a singer's does.
            let depth = 0.006 * (t / 0.3).min(1.0);
            let fi = f * (1.0 + depth * (std::f32::consts::TAU * 5.2 * t).sin());
            phase = (phase + std::f32::consts::TAU * fi / RATE as f32) % std::f32::consts::TAU;
            let env = (k as f32 / attack).min(1.0) * ((total - k) as f32 / release).min(1.0);
            breath += 0.05 * (noise.random_range(-1.0f32..1.0) - breath);
            (phase.sin() * 0.5 + breath * 0.3) * env * loudness
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The period of a steady tone, by where its autocorrelation peaks
    /// (between `lo` and `hi` Hz), as Hz.
    fn pitch_of(s: &[f32], lo: f32, hi: f32) -> f32 {
        let min_lag = (RATE as f32 / hi) as usize;
        let max_lag = (RATE as f32 / lo) as usize;
        let window = &s[..4096.min(s.len() - max_lag - 1)];
        let corr =
            |lag: usize| -> f32 { window.iter().enumerate().map(|(i, x)| x * s[i + lag]).sum() };
        let (best, _) = (min_lag..=max_lag)
            .map(|l| (l, corr(l)))
            .fold((0, f32::MIN), |b, (l, c)| if c > b.1 { (l, c) } else { b });
        // Refine between samples with a parabola through the peak.
        let (a, b, c) = (corr(best - 1), corr(best), corr(best + 1));
        let shift = 0.5 * (a - c) / (a - 2.0 * b + c);
        RATE as f32 / (best as f32 + shift)
    }

    #[test]
    fn a_plucked_string_sounds_its_note() {
        let mut noise = ChaCha8Rng::seed_from_u64(1);
        for pitch in [40u8, 45, 57, 64, 76] {
            let f = frequency(pitch);
            let s = pluck(f, 1.0, 0.5, 1.0, &mut noise);
            let heard = pitch_of(&s[2000..], f * 0.7, f * 1.4);
            // A twentieth of a semitone is out of tune to nobody.
            let cents = 1200.0 * (heard / f).log2();
            assert!(cents.abs() < 5.0, "{pitch}: {heard} Hz for {f} Hz");
            // It dies away: the last tenth is far quieter than the first.
            let power = |x: &[f32]| x.iter().map(|v| v * v).sum::<f32>() / x.len() as f32;
            let tenth = s.len() / 10;
            assert!(power(&s[s.len() - tenth..]) < 0.01 * power(&s[..tenth]));
        }
        let mut noise = ChaCha8Rng::seed_from_u64(2);
        let w = whistle(frequency(72), 0.8, 1.0, &mut noise);
        let heard = pitch_of(&w[4000..], 400.0, 700.0);
        assert!(
            (1200.0 * (heard / frequency(72)).log2()).abs() < 15.0,
            "{heard}"
        );
    }

    #[test]
    fn the_score_is_a_waltz_in_a_minor() {
        let notes = score();
        let b = beat();
        // A minor with its raised seventh (G#), as the dominant E7 wants.
        let in_key = |p: u8| [9, 11, 0, 2, 4, 5, 8, 7].contains(&(p % 12));
        for n in &notes {
            assert!(in_key(n.pitch), "{n:?} is out of the key");
            assert!(n.at >= 0.0 && n.at < BARS as f32 * BEATS as f32 * b);
        }
        // Every bar opens on its chord's bass; the whistled tune rests on
        // the bar's chord whenever a bar starts with it.
        for (bar, (bass, chord)) in CHORDS.iter().enumerate() {
            let start = (bar * BEATS) as f32 * b;
            assert!(notes.iter().any(|n| n.player == Player::Bass
                && n.pitch == *bass
                && (n.at - start).abs() < 1e-4));
            for n in notes
                .iter()
                .filter(|n| n.player == Player::Whistle && (n.at - start).abs() < 1e-4)
            {
                let pcs: Vec<u8> = chord.iter().chain([bass]).map(|p| p % 12).collect();
                assert!(
                    pcs.contains(&(n.pitch % 12)),
                    "bar {bar}: {n:?} against {chord:?}"
                );
            }
        }
        // It ends at home, on the A.
        let last = notes.iter().rfind(|n| n.player == Player::Whistle).unwrap();
        assert_eq!(last.pitch % 12, 9);
    }

    #[test]
    fn the_loop_repeats_without_a_seam_and_is_the_same_every_time() {
        let notes = score();
        let looped = render(&notes);
        assert_eq!(looped.len(), loop_len());
        assert_eq!(looped, render(&notes), "not deterministic");
        assert!(
            looped
                .iter()
                .all(|x| x.is_finite() && x.abs() <= 0.6 + 1e-6)
        );
        // The same score played straight through three times (no wrapping):
        // its middle time round is what the loop must be, ring-over and all.
        let len = loop_len();
        let mut straight = vec![0.0f32; 3 * len + 10 * RATE as usize];
        for k in 0..3 {
            // Each time round draws the same noise as the loop did.
            let mut noise = ChaCha8Rng::seed_from_u64(0x3A17_2026);
            for n in &notes {
                let s = play(n, &mut noise);
                let start = (n.at * RATE as f32).round() as usize + k * len;
                for (i, x) in s.iter().enumerate() {
                    straight[start + i] += x;
                }
            }
        }
        let peak = unscaled(&notes).iter().fold(0.0f32, |m, x| m.max(x.abs()));
        let middle = &straight[len..2 * len];
        let worst = middle
            .iter()
            .zip(&looped)
            .map(|(a, b)| (a * 0.6 / peak - b).abs())
            .fold(0.0f32, f32::max);
        assert!(
            worst < 1e-4,
            "the loop differs from the music played through by {worst}"
        );
        // And across the seam the music is as smooth as anywhere else.
        let jump = (looped[0] - looped[len - 1]).abs();
        let mut steps: Vec<f32> = looped.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
        steps.sort_by(f32::total_cmp);
        assert!(
            jump <= steps[steps.len() * 999 / 1000],
            "a click at the seam: {jump}"
        );
    }
}
