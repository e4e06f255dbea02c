//! Every sound the table makes, synthesised: knocks as a few damped modes of
//! the struck material over a short burst of noise (modal synthesis, the way
//! a struck piece of wood rings), shots, cards and the bell from the same few
//! parts. Pure functions of their arguments: the same sound, bit for bit,
//! every run (the noise is a seeded ChaCha stream).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Samples a second (mono clips; stereo only when mixed).
pub const RATE: u32 = 44_100;

/// What a knock sounds like: which materials met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Timbre {
    /// Hard wood on hard wood: discs, figures, support blocks, fences.
    WoodOnWood,
    /// Anything on a cardboard facade, cactus or tumbleweed: duller, lower.
    WoodOnCardboard,
    /// A disc sliding onto or knocking the table top.
    DiscOnTable,
    /// A standing figure falling onto the table.
    FigureFalls,
    /// The hollow barrel.
    Barrel,
}

impl Timbre {
    pub const ALL: [Timbre; 5] = [
        Timbre::WoodOnWood,
        Timbre::WoodOnCardboard,
        Timbre::DiscOnTable,
        Timbre::FigureFalls,
        Timbre::Barrel,
    ];
}

/// Every sound the game plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sound {
    /// Two things met.
    Knock(Timbre),
    /// The finger flicking a disc.
    Click,
    /// A bullet hits a cowboy.
    Gunshot,
    /// A card pushed across the table.
    CardSlide,
    /// A card turned over.
    CardFlip,
    /// A card put down hard.
    CardSnap,
    /// The die knocking the tray.
    DieKnock,
    /// A hand slapping a card (Slap .45).
    Slap,
    /// One stroke of the clock's bell.
    Bell,
    /// The barrel rolling on its side: a grain of rumble each half turn.
    Roll,
}

impl Sound {
    /// Every sound, in a fixed order (the bank's).
    pub fn all() -> Vec<Sound> {
        let mut all: Vec<Sound> = Timbre::ALL.into_iter().map(Sound::Knock).collect();
        all.extend([
            Sound::Click,
            Sound::Gunshot,
            Sound::CardSlide,
            Sound::CardFlip,
            Sound::CardSnap,
            Sound::DieKnock,
            Sound::Slap,
            Sound::Bell,
            Sound::Roll,
        ]);
        all
    }

    /// A short name for logs and tests.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Knock(Timbre::WoodOnWood) => "wood on wood",
            Sound::Knock(Timbre::WoodOnCardboard) => "wood on cardboard",
            Sound::Knock(Timbre::DiscOnTable) => "disc on the table",
            Sound::Knock(Timbre::FigureFalls) => "a figure falls",
            Sound::Knock(Timbre::Barrel) => "the barrel",
            Sound::Click => "finger click",
            Sound::Gunshot => "gunshot",
            Sound::CardSlide => "card slides",
            Sound::CardFlip => "card flips",
            Sound::CardSnap => "card snaps down",
            Sound::DieKnock => "die knocks",
            Sound::Slap => "slap",
            Sound::Bell => "bell",
            Sound::Roll => "the barrel rolls",
        }
    }

    /// The clip at full loudness; `variant` (0..VARIANTS) shifts its pitch a
    /// little so that a rattle of the same knock does not sound like a
    /// machine gun.
    pub fn synthesise(self, variant: usize) -> Vec<f32> {
        let shift = 1.0 + 0.035 * (variant as f32 - (VARIANTS as f32 - 1.0) / 2.0);
        let seed = 0x5EED_0000 + self.ordinal() as u64 * 16 + variant as u64;
        let mut noise = Noise::new(seed);
        let mut out = match self {
            Sound::Knock(t) => knock(t, shift, &mut noise),
            Sound::Click => {
                let mut s = burst(0.004, 0.0008, &mut noise, 0.9);
                highpass(&mut s, 2500.0);
                add_modes(&mut s, &[(3100.0 * shift, 0.35, 0.006)], 0.02);
                s
            }
            Sound::Gunshot => {
                let mut s = burst(0.35, 0.05, &mut noise, 1.0);
                lowpass(&mut s, 2600.0);
                add_modes(
                    &mut s,
                    &[(85.0 * shift, 0.9, 0.07), (140.0, 0.4, 0.05)],
                    0.35,
                );
                let mut crack = burst(0.01, 0.002, &mut noise, 0.9);
                highpass(&mut crack, 3000.0);
                mix_into(&mut s, &crack, 0);
                s
            }
            Sound::CardSlide => {
                let mut s = swell(0.14, &mut noise, 0.5);
                bandpass(&mut s, 900.0, 4000.0);
                s
            }
            Sound::CardFlip => {
                let mut a = burst(0.03, 0.008, &mut noise, 0.5);
                bandpass(&mut a, 1200.0, 6000.0);
                let mut b = burst(0.02, 0.004, &mut noise, 0.6);
                highpass(&mut b, 2000.0);
                let gap = (0.045 * RATE as f32) as usize;
                mix_into(&mut a, &b, gap);
                a
            }
            Sound::CardSnap => {
                let mut s = burst(0.02, 0.003, &mut noise, 1.0);
                highpass(&mut s, 1500.0);
                add_modes(&mut s, &[(1250.0 * shift, 0.4, 0.012)], 0.03);
                s
            }
            Sound::DieKnock => {
                let mut s = burst(0.006, 0.001, &mut noise, 0.4);
                highpass(&mut s, 1500.0);
                add_modes(
                    &mut s,
                    &[(2600.0 * shift, 0.7, 0.012), (4300.0 * shift, 0.4, 0.008)],
                    0.04,
                );
                s
            }
            Sound::Slap => {
                let mut s = burst(0.06, 0.012, &mut noise, 1.0);
                lowpass(&mut s, 1800.0);
                add_modes(&mut s, &[(150.0 * shift, 0.6, 0.03)], 0.08);
                s
            }
            Sound::Bell => {
                // A hand bell's inharmonic partials, the low ones longest.
                let f = 660.0;
                let mut s = vec![0.0; (1.6 * RATE as f32) as usize];
                add_modes(
                    &mut s,
                    &[
                        (f * 0.5, 0.25, 0.9),
                        (f, 0.6, 0.7),
                        (f * 1.19, 0.35, 0.5),
                        (f * 1.56, 0.3, 0.35),
                        (f * 2.0, 0.25, 0.3),
                        (f * 2.51, 0.18, 0.18),
                    ],
                    1.6,
                );
                let strike = burst(0.004, 0.001, &mut noise, 0.3);
                mix_into(&mut s, &strike, 0);
                s
            }
            Sound::Roll => {
                // The staves' hollow rumble, with the bump of one meeting
                // the table at its start.
                let mut s = swell(0.15, &mut noise, 0.5);
                lowpass(&mut s, 650.0);
                let mut bump = burst(0.012, 0.003, &mut noise, 0.8);
                lowpass(&mut bump, 900.0);
                mix_into(&mut s, &bump, 0);
                add_modes(
                    &mut s,
                    &[(205.0 * shift, 0.35, 0.04), (460.0 * shift, 0.15, 0.025)],
                    0.15,
                );
                s
            }
        };
        normalise(&mut out, 0.9);
        out
    }

    fn ordinal(self) -> usize {
        Sound::all().iter().position(|&s| s == self).unwrap_or(0)
    }
}

/// Pitch variants of each sound.
pub const VARIANTS: usize = 4;

/// A knock: the struck material's modes (frequency Hz, amplitude, decay
/// time s) over a click of noise as the attack.
fn knock(timbre: Timbre, k: f32, noise: &mut Noise) -> Vec<f32> {
    let (modes, attack, bright, length): (&[(f32, f32, f32)], f32, f32, f32) = match timbre {
        Timbre::WoodOnWood => (
            &[
                (1850.0, 0.8, 0.018),
                (3150.0, 0.5, 0.012),
                (4900.0, 0.3, 0.008),
            ],
            0.5,
            1800.0,
            0.08,
        ),
        Timbre::WoodOnCardboard => (
            &[(330.0, 0.8, 0.03), (610.0, 0.5, 0.02), (1180.0, 0.2, 0.01)],
            0.6,
            500.0,
            0.1,
        ),
        Timbre::DiscOnTable => (
            &[
                (720.0, 0.8, 0.03),
                (1330.0, 0.5, 0.02),
                (2410.0, 0.25, 0.012),
            ],
            0.4,
            900.0,
            0.1,
        ),
        Timbre::FigureFalls => (
            &[
                (940.0, 0.8, 0.035),
                (2230.0, 0.5, 0.02),
                (3600.0, 0.2, 0.01),
            ],
            0.6,
            1200.0,
            0.12,
        ),
        Timbre::Barrel => (
            &[(210.0, 0.8, 0.12), (470.0, 0.5, 0.08), (905.0, 0.3, 0.05)],
            0.4,
            400.0,
            0.3,
        ),
    };
    let mut s = burst(0.004, 0.0012, noise, attack);
    highpass(&mut s, bright);
    let modes: Vec<(f32, f32, f32)> = modes.iter().map(|&(f, a, d)| (f * k, a, d)).collect();
    add_modes(&mut s, &modes, length);
    s
}

/// The seeded noise the sounds are made of.
struct Noise(ChaCha8Rng);

impl Noise {
    fn new(seed: u64) -> Self {
        Noise(ChaCha8Rng::seed_from_u64(seed))
    }
    fn next(&mut self) -> f32 {
        self.0.random_range(-1.0f32..1.0)
    }
}

/// White noise `length` s long, falling off exponentially with time constant `decay`.
fn burst(length: f32, decay: f32, noise: &mut Noise, gain: f32) -> Vec<f32> {
    let n = (length * RATE as f32) as usize;
    (0..n)
        .map(|i| noise.next() * gain * (-(i as f32 / RATE as f32) / decay).exp())
        .collect()
}

/// Noise that rises and falls (a slide): a sine-shaped envelope.
fn swell(length: f32, noise: &mut Noise, gain: f32) -> Vec<f32> {
    let n = (length * RATE as f32) as usize;
    (0..n)
        .map(|i| {
            let x = i as f32 / n as f32;
            noise.next() * gain * (std::f32::consts::PI * x).sin().powf(0.7)
        })
        .collect()
}

/// Adds damped sines, extending `s` to `length` s if it is shorter.
fn add_modes(s: &mut Vec<f32>, modes: &[(f32, f32, f32)], length: f32) {
    let n = ((length * RATE as f32) as usize).max(s.len());
    s.resize(n, 0.0);
    for &(f, a, d) in modes {
        let w = std::f32::consts::TAU * f / RATE as f32;
        for (i, x) in s.iter_mut().enumerate() {
            let t = i as f32 / RATE as f32;
            *x += a * (w * i as f32).sin() * (-t / d).exp();
        }
    }
}

fn mix_into(s: &mut Vec<f32>, other: &[f32], at: usize) {
    if s.len() < at + other.len() {
        s.resize(at + other.len(), 0.0);
    }
    for (i, x) in other.iter().enumerate() {
        s[at + i] += x;
    }
}

/// One-pole low-pass at `cutoff` Hz.
fn lowpass(s: &mut [f32], cutoff: f32) {
    let a = 1.0 - (-std::f32::consts::TAU * cutoff / RATE as f32).exp();
    let mut y = 0.0;
    for x in s.iter_mut() {
        y += a * (*x - y);
        *x = y;
    }
}

/// One-pole high-pass at `cutoff` Hz (the signal less its low-pass).
fn highpass(s: &mut [f32], cutoff: f32) {
    let a = 1.0 - (-std::f32::consts::TAU * cutoff / RATE as f32).exp();
    let mut y = 0.0;
    for x in s.iter_mut() {
        y += a * (*x - y);
        *x -= y;
    }
}

fn bandpass(s: &mut [f32], low: f32, high: f32) {
    highpass(s, low);
    lowpass(s, high);
}

/// Scales the clip so that its peak is `peak` (a silent clip stays silent).
fn normalise(s: &mut [f32], peak: f32) {
    let m = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if m > 0.0 {
        for x in s.iter_mut() {
            *x *= peak / m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strongest frequency of a clip, by a plain DFT over a band.
    fn loudest_frequency(s: &[f32], from: f32, to: f32) -> f32 {
        let n = s.len().min(4096);
        let mut best = (0.0, from);
        let mut f = from;
        while f < to {
            let w = std::f32::consts::TAU * f / RATE as f32;
            let (mut re, mut im) = (0.0, 0.0);
            for (i, x) in s[..n].iter().enumerate() {
                re += x * (w * i as f32).cos();
                im += x * (w * i as f32).sin();
            }
            let p = re * re + im * im;
            if p > best.0 {
                best = (p, f);
            }
            f += 10.0;
        }
        best.1
    }

    #[test]
    fn every_sound_is_short_loud_enough_and_the_same_every_time() {
        for sound in Sound::all() {
            for v in 0..VARIANTS {
                let a = sound.synthesise(v);
                let peak = a.iter().fold(0.0f32, |m, x| m.max(x.abs()));
                assert!((peak - 0.9).abs() < 1e-4, "{}: peak {peak}", sound.name());
                let seconds = a.len() as f32 / RATE as f32;
                assert!(
                    seconds > 0.01 && seconds <= 2.0,
                    "{}: {seconds} s",
                    sound.name()
                );
                assert!(a.iter().all(|x| x.is_finite()));
                assert_eq!(
                    a,
                    sound.synthesise(v),
                    "{} is not deterministic",
                    sound.name()
                );
            }
        }
    }

    #[test]
    fn materials_ring_where_they_should() {
        // Cardboard thuds low, wood on wood clicks high, the barrel booms lowest.
        let f = |t| loudest_frequency(&Sound::Knock(t).synthesise(1), 100.0, 6000.0);
        let wood = f(Timbre::WoodOnWood);
        let card = f(Timbre::WoodOnCardboard);
        let barrel = f(Timbre::Barrel);
        assert!(wood > 1500.0, "wood on wood at {wood} Hz");
        assert!(card < 700.0, "cardboard at {card} Hz");
        assert!(barrel < card, "barrel {barrel} Hz, cardboard {card} Hz");
        // A knock starts at once (its onset is where the contact is).
        let k = Sound::Knock(Timbre::WoodOnWood).synthesise(0);
        let first_loud = k.iter().position(|x| x.abs() > 0.2).unwrap();
        assert!(first_loud < (0.002 * RATE as f32) as usize, "{first_loud}");
        // Variants differ, a little.
        assert_ne!(
            Sound::Knock(Timbre::WoodOnWood).synthesise(0),
            Sound::Knock(Timbre::WoodOnWood).synthesise(3)
        );
    }
}
