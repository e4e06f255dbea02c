//! What the card table sounds like: a card sliding when it starts to move,
//! turning over, snapping down where it lands (`scene::glide_cards` reports
//! those as they happen), a tossed card landing on its mat, the die knocking
//! its tray (from its recorded path, at the time the die is shown there),
//! and every slap of Slap .45 when the table shows it.

use bevy::prelude::*;

use crate::cards::TableGame;
use crate::cards::table_layout::{DICE_SCALE, TRAY_AT};
use crate::cards::view::CardKey;
use crate::physics::table::Profile;
use crate::sound::events::die_sounds;
use crate::sound::{Sound, SoundEvent};
use crate::tables::Hear;
use crate::tables::cards::session::CardTable;

/// What has been heard of the table so far.
#[derive(Default)]
pub struct Heard {
    /// The open wave and how many of its slaps have sounded.
    wave: Option<(u64, usize)>,
    /// The die in flight (its path's length and face, to tell throws apart),
    /// its knocks and how many have sounded.
    die: Option<((usize, u8), Vec<SoundEvent>, usize)>,
    /// The tossed cards in the air.
    flying: Vec<(CardKey, Vec3)>,
}

/// Plays the slaps, the die's knocks and the tossed cards' landings due this frame.
pub fn hear_the_card_table<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    profile: Res<Profile>,
    mut heard: Local<Heard>,
    mut hear: MessageWriter<Hear>,
) {
    let Some(table) = table else { return };
    // Slaps, as the wave's clock shows them.
    match &table.wave {
        Some(w) => {
            let before = match heard.wave {
                Some((id, n)) if id == w.id => n,
                _ => 0,
            };
            for _ in before..w.shown {
                hear.write(Hear(slap()));
            }
            heard.wave = Some((w.id, w.shown.max(before)));
        }
        None => heard.wave = None,
    }
    // The die, knock by knock as it is shown.
    match &table.die {
        Some(flight) => {
            let id = (flight.roll.path.len(), flight.roll.face);
            if heard.die.as_ref().is_none_or(|(d, _, _)| *d != id) {
                let spec = &table.dice.spec;
                let mut knocks = die_sounds(&flight.roll.path, spec.dt, profile.0.gravity);
                for k in &mut knocks {
                    k.place = k.place.map(|p| TRAY_AT + p * DICE_SCALE);
                }
                heard.die = Some((id, knocks, 0));
            }
            if let Some((_, knocks, n)) = heard.die.as_mut() {
                while let Some(k) = knocks.get(*n).filter(|k| k.at <= flight.t) {
                    hear.write(Hear(*k));
                    *n += 1;
                }
            }
        }
        None => heard.die = None,
    }
    // A tossed card lands when its flight ends.
    let flying: Vec<(CardKey, Vec3)> = table
        .tossing
        .flights
        .iter()
        .map(|f| {
            let at = f.path.last().map_or(Vec3::ZERO, |t| t.translation);
            (f.key, at)
        })
        .collect();
    for (key, at) in &heard.flying {
        if !flying.iter().any(|(k, _)| k == key) {
            hear.write(Hear(SoundEvent {
                at: 0.0,
                sound: Sound::CardSnap,
                loudness: 0.5,
                place: Some(*at),
            }));
        }
    }
    heard.flying = flying;
}

/// A hand slapping the card.
pub fn slap() -> SoundEvent {
    SoundEvent {
        at: 0.0,
        sound: Sound::Slap,
        loudness: 0.85,
        place: None,
    }
}

/// The sounds of a card's move as it starts: a slide when it travels, a
/// flip when it turns over.
pub fn move_sounds(from: &Transform, to: &Transform) -> Vec<SoundEvent> {
    let mut out = Vec::new();
    let distance = from.translation.distance(to.translation);
    if distance > 0.03 {
        out.push(SoundEvent {
            at: 0.0,
            sound: Sound::CardSlide,
            loudness: (0.25 + distance).min(0.6),
            place: Some(to.translation),
        });
    }
    if (from.rotation * Vec3::Y).dot(to.rotation * Vec3::Y) < 0.0 {
        out.push(SoundEvent {
            at: 0.0,
            sound: Sound::CardFlip,
            loudness: 0.45,
            place: Some(to.translation),
        });
    }
    out
}

/// The sound of a card put down where its move ends (a long move lands harder).
pub fn landing_sound(from: &Transform, to: &Transform) -> Option<SoundEvent> {
    let distance = from.translation.distance(to.translation);
    (distance > 0.01).then(|| SoundEvent {
        at: 0.0,
        sound: Sound::CardSnap,
        loudness: (0.2 + distance).min(0.55),
        place: Some(to.translation),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_moved_slides_a_card_turned_flips_and_a_card_put_down_snaps() {
        let a = Transform::from_xyz(0.0, 0.0, 0.0);
        let far = Transform::from_xyz(0.3, 0.0, 0.1);
        let turned = far.with_rotation(Quat::from_rotation_z(std::f32::consts::PI));
        let sounds = |from, to| {
            move_sounds(&from, &to)
                .iter()
                .map(|e| e.sound)
                .collect::<Vec<_>>()
        };
        assert_eq!(sounds(a, far), vec![Sound::CardSlide]);
        assert_eq!(sounds(a, turned), vec![Sound::CardSlide, Sound::CardFlip]);
        assert_eq!(sounds(far, turned), vec![Sound::CardFlip]);
        assert!(sounds(a, a).is_empty());
        assert_eq!(landing_sound(&a, &far).unwrap().sound, Sound::CardSnap);
        assert!(landing_sound(&a, &a).is_none());
    }
}
