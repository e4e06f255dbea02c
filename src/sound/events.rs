//! From what happened to what is heard: a flick's strikes (the physics'
//! contacts, [`crate::physics::strikes`]) become sound events — which sound,
//! when, how loud, from where. Pure and headless; the window plays them, the
//! `sound` command mixes them into a WAV file, the tests read them.

use bevy::math::Vec3;

use super::synth::{Sound, Timbre};
use crate::physics::pieces::{DiscKind, PartKind, PieceKind};
use crate::physics::strikes::{Strike, Struck};
use crate::physics::table::TableIndex;
use crate::scenario::town::PropKind;

/// One sound to play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SoundEvent {
    /// Seconds from the start of what is heard (a flick's impulse, a card move).
    pub at: f32,
    pub sound: Sound,
    /// 0 (silent) to 1 (as loud as it gets), before the player's volume.
    pub loudness: f32,
    /// Where on the table it happened (for panning by the listener's place).
    pub place: Option<Vec3>,
}

/// What a piece's struck part is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Material {
    Disc,
    Figure,
    /// Support blocks, the gallows, fences.
    Wood,
    /// Facades, cacti, tumbleweeds.
    Cardboard,
    Barrel,
    Table,
}

fn material(index: &TableIndex, s: Struck) -> Material {
    let Struck::Piece { piece, part } = s else {
        return Material::Table;
    };
    match index.get(piece).map(|p| p.kind) {
        Some(PieceKind::Disc(_)) => Material::Disc,
        Some(PieceKind::Figure { .. }) => Material::Figure,
        Some(PieceKind::Building(_)) if part == PartKind::Facade => Material::Cardboard,
        Some(PieceKind::Building(_)) | Some(PieceKind::Gallows) => Material::Wood,
        Some(PieceKind::Prop(PropKind::Barrel)) => Material::Barrel,
        Some(PieceKind::Prop(PropKind::Fence)) => Material::Wood,
        Some(PieceKind::Prop(PropKind::Cactus | PropKind::Tumbleweed)) => Material::Cardboard,
        None => Material::Wood,
    }
}

/// The timbre of two materials meeting.
fn timbre(a: Material, b: Material) -> Timbre {
    use Material::*;
    match (a, b) {
        (Barrel, _) | (_, Barrel) => Timbre::Barrel,
        (Cardboard, _) | (_, Cardboard) => Timbre::WoodOnCardboard,
        (Figure, Table) | (Table, Figure) => Timbre::FigureFalls,
        (_, Table) | (Table, _) => Timbre::DiscOnTable,
        _ => Timbre::WoodOnWood,
    }
}

/// A strike this hard (change of speed of the lighter side, m/s) is as loud as it gets.
pub const LOUDEST_SPEED: f32 = 1.6;

/// How loud a strike is: its change of speed, on a curve that keeps soft
/// knocks audible (loudness grows as the square root of the speed).
pub fn loudness_of(speed: f32) -> f32 {
    (speed / LOUDEST_SPEED).clamp(0.0, 1.0).sqrt()
}

/// A barrel rolling this fast (m/s) is as loud as its rolling gets.
pub const LOUDEST_ROLL: f32 = 0.6;

/// How loud a barrel's rolling is at `speed` m/s: quieter than its knocks.
pub fn roll_loudness(speed: f32) -> f32 {
    0.7 * (speed / LOUDEST_ROLL).clamp(0.0, 1.0).sqrt()
}

/// How loud the finger's click is for a flick of this strength (0..1).
pub fn click_loudness(strength: f32) -> f32 {
    (0.35 + 0.65 * strength.clamp(0.0, 1.0)).min(1.0)
}

/// The sounds of one flick: the finger's click at 0, then every strike in
/// the order heard, each a knock of the materials that met; the first time
/// a bullet meets a cowboy, a gunshot too. `start` is where the flicked
/// piece was.
pub fn flick_sounds(
    index: &TableIndex,
    strength: f32,
    start: Vec3,
    strikes: &[Strike],
) -> Vec<SoundEvent> {
    let mut out = vec![SoundEvent {
        at: 0.0,
        sound: Sound::Click,
        loudness: click_loudness(strength),
        place: Some(start),
    }];
    let mut shot_heard = false;
    for s in strikes {
        if s.roll {
            out.push(SoundEvent {
                at: s.time,
                sound: Sound::Roll,
                loudness: roll_loudness(s.speed),
                place: Some(s.at),
            });
            continue;
        }
        let (ma, mb) = (material(index, s.a), material(index, s.b));
        let loudness = loudness_of(s.speed);
        out.push(SoundEvent {
            at: s.time,
            sound: Sound::Knock(timbre(ma, mb)),
            loudness,
            place: Some(s.at),
        });
        let is_bullet = |x: Struck| {
            matches!(x, Struck::Piece { piece, .. }
                if index.get(piece).is_some_and(|p| p.kind == PieceKind::Disc(DiscKind::Bullet)))
        };
        let bullet_meets_cowboy = (is_bullet(s.a) && mb == Material::Figure)
            || (is_bullet(s.b) && ma == Material::Figure);
        if bullet_meets_cowboy && !shot_heard {
            shot_heard = true;
            out.push(SoundEvent {
                at: s.time,
                sound: Sound::Gunshot,
                loudness: 0.6 + 0.4 * loudness,
                place: Some(s.at),
            });
        }
    }
    out
}

/// Plays `flick` on `table` to rest, listening: its outcome and its sounds.
pub fn listen_to_flick(
    table: &mut crate::physics::Table,
    flick: crate::physics::table::Flick,
) -> Result<(crate::physics::table::FlickOutcome, Vec<SoundEvent>), crate::physics::table::FlickError>
{
    let start = table.pose(flick.piece).0;
    table.listen();
    let outcome = table.flick_to_rest(flick)?;
    let strikes = table.take_strikes();
    let sounds = flick_sounds(table.index(), flick.strength, start, &strikes);
    Ok((outcome, sounds))
}

/// The die's knocks in its tray, from its recorded path (one pose a step of
/// `dt` s): wherever its velocity jumps by more than gravity and the felt's
/// drag account for, it struck the floor or a wall.
pub fn die_sounds(path: &[(Vec3, bevy::math::Quat)], dt: f32, gravity: f32) -> Vec<SoundEvent> {
    // Each step's change of velocity beyond gravity's.
    let jumps: Vec<f32> = (0..path.len())
        .map(|i| {
            if i < 2 {
                return 0.0;
            }
            let v0 = (path[i - 1].0 - path[i - 2].0) / dt;
            let v1 = (path[i].0 - path[i - 1].0) / dt;
            (v1 - v0 - Vec3::new(0.0, -gravity * dt, 0.0)).length()
        })
        .collect();
    // One knock spreads over a few steps: heard once, as hard as it got.
    let window = ((KNOCK_APART / dt).ceil() as usize).max(1);
    let mut out = Vec::new();
    let mut i = 0;
    while i < jumps.len() {
        if jumps[i] > 0.25 {
            let hardest = jumps[i..(i + window).min(jumps.len())]
                .iter()
                .copied()
                .fold(0.0, f32::max);
            out.push(SoundEvent {
                at: i as f32 * dt,
                sound: Sound::DieKnock,
                loudness: (hardest / 6.0).clamp(0.0, 1.0).sqrt(),
                place: Some(path[i].0),
            });
            i += window;
        } else {
            i += 1;
        }
    }
    out
}

/// The die's knocks are at least this far apart, seconds.
const KNOCK_APART: f32 = 0.03;

/// Left (-1) to right (+1) as heard from `ear` looking along `forward`: the
/// place's offset along the listener's right, an arm's length (0.6 m) being
/// fully to one side.
pub fn pan(place: Vec3, ear: Vec3, right: Vec3) -> f32 {
    ((place - ear).dot(right.normalize_or_zero()) / 0.6).clamp(-1.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn materials_pair_into_timbres() {
        use Material::*;
        assert_eq!(timbre(Disc, Disc), Timbre::WoodOnWood);
        assert_eq!(timbre(Disc, Figure), Timbre::WoodOnWood);
        assert_eq!(timbre(Disc, Cardboard), Timbre::WoodOnCardboard);
        assert_eq!(timbre(Table, Disc), Timbre::DiscOnTable);
        assert_eq!(timbre(Figure, Table), Timbre::FigureFalls);
        assert_eq!(timbre(Disc, Barrel), Timbre::Barrel);
        assert_eq!(timbre(Barrel, Table), Timbre::Barrel);
    }

    #[test]
    fn louder_when_harder_and_never_past_one() {
        assert_eq!(loudness_of(0.0), 0.0);
        assert!(loudness_of(0.2) < loudness_of(0.8));
        assert_eq!(loudness_of(10.0), 1.0);
        assert!(click_loudness(0.1) < click_loudness(1.0));
        assert!(roll_loudness(0.1) < roll_loudness(0.4));
        assert!(roll_loudness(5.0) <= 0.7);
    }

    #[test]
    fn panned_by_the_listeners_right() {
        let right = Vec3::X;
        assert!(pan(Vec3::new(0.3, 0.0, 0.0), Vec3::ZERO, right) > 0.4);
        assert!(pan(Vec3::new(-2.0, 0.0, 0.0), Vec3::ZERO, right) == -1.0);
        assert!(pan(Vec3::new(0.0, 0.0, -1.0), Vec3::ZERO, right).abs() < 1e-6);
    }

    #[test]
    fn a_die_bouncing_knocks_where_it_bounces() {
        // Dropped from 10 cm at 240 Hz onto a floor where it bounces at half speed.
        let dt = 1.0 / 240.0;
        let g = 9.81;
        let (mut y, mut v) = (0.1f32, 0.0f32);
        let mut path = Vec::new();
        let mut bounces = Vec::new();
        for i in 0..240 {
            v -= g * dt;
            y += v * dt;
            if y < 0.0 {
                y = 0.0;
                if v.abs() > 0.3 {
                    bounces.push(i as f32 * dt);
                }
                v = -v * 0.5;
            }
            path.push((Vec3::new(0.0, y, 0.0), bevy::math::Quat::IDENTITY));
        }
        let knocks = die_sounds(&path, dt, g);
        assert!(bounces.len() >= 2, "{bounces:?}");
        assert_eq!(knocks.len(), bounces.len(), "{knocks:?} vs {bounces:?}");
        for (k, b) in knocks.iter().zip(&bounces) {
            assert!((k.at - b).abs() <= 2.0 * dt, "{} vs {b}", k.at);
        }
        assert!(knocks[0].loudness > knocks[1].loudness, "{knocks:?}");
    }
}
