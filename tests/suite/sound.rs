//! The table's sound, headless: what a flick into the town is heard as (from
//! its recorded contacts), and a recording of it measured back.

use bevy::math::{Vec2, Vec3};
use highnoon::physics::Table;
use highnoon::physics::pieces::PieceKind;
use highnoon::physics::table::Flick;
use highnoon::scenario::town::PropKind;
use highnoon::sound::{self, Bank, Sound, SoundEvent, Timbre, events};

use crate::common::standard_sim;

/// Bullet 1 flicked at Wyatt from 20 cm in front of him, at `strength`.
fn bullet_at_wyatt(
    strength: f32,
) -> (
    Table,
    highnoon::physics::table::FlickOutcome,
    Vec<SoundEvent>,
) {
    let mut table = standard_sim();
    let bullet = table.piece("Bullet 1").unwrap();
    let wyatt = table.pose(table.piece("Wyatt").unwrap()).0;
    table.place(bullet, Vec2::new(wyatt.x, wyatt.z + 0.2), 0.0);
    let flick = Flick::new(bullet, Vec2::new(0.0, -1.0), strength);
    let (outcome, heard) = events::listen_to_flick(&mut table, flick).unwrap();
    (table, outcome, heard)
}

#[test]
fn a_bullet_into_a_cowboy_is_heard_click_knock_shot_fall() {
    let (table, outcome, heard) = bullet_at_wyatt(1.0);
    let wyatt = table.piece("Wyatt").unwrap();
    let touch = outcome.first_touch().expect("the bullet meets Wyatt");
    assert_eq!(touch.piece, wyatt, "{outcome:#?}");
    assert!(
        outcome.knocked_over.iter().any(|k| k.figure == wyatt),
        "{outcome:#?}"
    );
    let list = heard
        .iter()
        .map(|e| format!("{:.3} {} {:.2}", e.at, e.sound.name(), e.loudness))
        .collect::<Vec<_>>()
        .join("\n");
    // The finger's click first, at once, full strength, where the bullet was.
    assert_eq!(heard[0].sound, Sound::Click, "{list}");
    assert_eq!(heard[0].at, 0.0);
    assert_eq!(heard[0].loudness, 1.0);
    // In the order heard; nothing between the click and the bullet reaching
    // Wyatt (the town resting on the table is not a sound).
    assert!(heard.windows(2).all(|w| w[0].at <= w[1].at), "{list}");
    let dt = table.profile().solver.dt;
    assert!(
        heard[1..].iter().all(|e| e.at >= touch.time - dt),
        "a sound before the bullet met anything:\n{list}"
    );
    // Wood on wood where the bullet meets him, and the gunshot with it: one only.
    let knock = heard
        .iter()
        .find(|e| e.sound == Sound::Knock(Timbre::WoodOnWood))
        .expect("a knock");
    assert!(
        (knock.at - touch.time).abs() <= dt,
        "{list}\n(touch at {})",
        touch.time
    );
    assert!(knock.loudness > 0.5, "{list}");
    let shots: Vec<_> = heard.iter().filter(|e| e.sound == Sound::Gunshot).collect();
    assert_eq!(shots.len(), 1, "{list}");
    assert_eq!(shots[0].at, knock.at);
    // Then he falls onto the table.
    assert!(
        heard
            .iter()
            .any(|e| e.sound == Sound::Knock(Timbre::FigureFalls) && e.at > knock.at),
        "{list}"
    );
    // Every sound within the flick, and from near where it happened.
    let w = table.pose(wyatt).0;
    for e in &heard {
        assert!(e.at <= outcome.sim_time + dt, "{list}");
        assert!(e.loudness > 0.0 && e.loudness <= 1.0, "{list}");
        let p = e.place.expect("every table sound has a place");
        assert!(
            Vec2::new(p.x - w.x, p.z - w.z).length() < 0.35,
            "{list}\n{p:?}"
        );
    }
    // The same flick, the same sounds, bit for bit.
    assert_eq!(heard, bullet_at_wyatt(1.0).2);
}

#[test]
fn a_softer_flick_is_quieter() {
    let (_, _, hard) = bullet_at_wyatt(1.0);
    let (_, soft_outcome, soft) = bullet_at_wyatt(0.6);
    assert!(soft_outcome.first_touch().is_some(), "{soft_outcome:#?}");
    assert!(soft[0].loudness < hard[0].loudness, "the click");
    let first_knock = |h: &[SoundEvent]| {
        h.iter()
            .find(|e| matches!(e.sound, Sound::Knock(_)))
            .unwrap()
            .loudness
    };
    assert!(
        first_knock(&soft) < first_knock(&hard),
        "{} vs {}",
        first_knock(&soft),
        first_knock(&hard)
    );
}

#[test]
fn a_disc_sliding_into_nothing_makes_only_the_click() {
    let mut table = standard_sim();
    let disc = table.piece("Movement disc").unwrap();
    // From the near edge's middle, gently along the edge, where nothing stands.
    table.place(disc, Vec2::new(-0.2, 0.4), 0.0);
    let (outcome, heard) =
        events::listen_to_flick(&mut table, Flick::new(disc, Vec2::new(1.0, 0.0), 0.3)).unwrap();
    assert!(outcome.touched.is_empty(), "{outcome:#?}");
    assert_eq!(
        heard.iter().map(|e| e.sound).collect::<Vec<_>>(),
        vec![Sound::Click],
        "{heard:#?}"
    );
}

#[test]
fn the_recording_of_a_flick_has_its_onsets_at_the_contacts() {
    let (_, _, heard) = bullet_at_wyatt(1.0);
    let ear = Vec3::new(0.0, 0.5, 0.9);
    let stereo = sound::record(&Bank::new(), &heard, ear, Vec3::X);
    let dir = std::env::temp_dir().join(format!("highnoon-sound-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("flick.wav");
    sound::write_wav(&path, &stereo).unwrap();
    let mono = sound::read_wav_mono(&path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(mono.len() * 2, stereo.len());
    let onsets: Vec<f32> = sound::onsets(&mono)
        .into_iter()
        .map(|t| t - sound::LEAD_IN)
        .collect();
    let report = format!(
        "onsets {onsets:?}\nsounds {:?}",
        heard
            .iter()
            .map(|e| (e.at, e.sound.name()))
            .collect::<Vec<_>>()
    );
    // Every onset heard in the file is one of the flick's sounds (±3 ms) ...
    for t in &onsets {
        assert!(
            heard.iter().any(|e| (e.at - t).abs() <= 0.003),
            "an onset at {t} s with no contact there\n{report}"
        );
    }
    // ... and the click and the shot, which stand apart, are heard where they are.
    assert!(onsets.len() >= 2, "{report}");
    assert!(onsets[0].abs() <= 0.003, "the click\n{report}");
    let knock = heard.iter().find(|e| e.sound == Sound::Gunshot).unwrap().at;
    assert!(
        onsets.iter().any(|t| (t - knock).abs() <= 0.003),
        "the shot\n{report}"
    );
}

fn first_barrel(table: &Table) -> highnoon::physics::pieces::PieceId {
    table
        .index()
        .pieces
        .iter()
        .find(|p| p.kind == PieceKind::Prop(PropKind::Barrel))
        .map(|p| p.id)
        .expect("the town has a barrel")
}

/// The barrel alone on the table, lying on its side (its axis along the
/// table's depth) at the middle, and the movement disc flicked into its flank
/// from 8 cm (a bullet, lighter, sets it rolling too slowly to go far once the
/// table's rolling resistance brakes it: a full-strength bullet, 4.7 cm).
fn barrel_rolled_by_the_disc(strength: f32) -> (Table, Vec3, Vec<SoundEvent>) {
    let mut table = standard_sim();
    let barrel = first_barrel(&table);
    let disc = table.piece("Movement disc").unwrap();
    let others: Vec<_> = table
        .index()
        .pieces
        .iter()
        .map(|p| p.id)
        .filter(|&id| id != barrel && id != disc)
        .collect();
    for id in others {
        table.park(id);
    }
    table.lay(barrel, Vec2::ZERO, 0.0);
    table.place(disc, Vec2::new(-0.08, 0.0), 0.0);
    let flick = Flick::new(disc, Vec2::new(1.0, 0.0), strength);
    let (_, heard) = events::listen_to_flick(&mut table, flick).unwrap();
    let end = table.pose(barrel).0;
    (table, end, heard)
}

#[test]
fn a_barrel_rolling_is_heard_each_half_turn_it_rolls() {
    let (table, end, heard) = barrel_rolled_by_the_disc(0.7);
    let list = heard
        .iter()
        .map(|e| format!("{:.3} {} {:.2}", e.at, e.sound.name(), e.loudness))
        .collect::<Vec<_>>()
        .join("\n");
    let knock = heard
        .iter()
        .find(|e| e.sound == Sound::Knock(Timbre::Barrel))
        .unwrap_or_else(|| panic!("the disc meets the barrel:\n{list}"));
    let rolls: Vec<&SoundEvent> = heard.iter().filter(|e| e.sound == Sound::Roll).collect();
    // It rolls off across the table, away from the disc.
    let r = table.profile().pieces.barrel.radius;
    let distance = Vec2::new(end.x, end.z).length();
    assert!(end.x > 4.0 * r, "the barrel ended at {end:?}:\n{list}");
    // Heard as it starts and each half turn after: rolling without slipping,
    // a half turn is half its round (π r) along the table. A little slip
    // either way is allowed for.
    let half_turns = distance / (std::f32::consts::PI * r);
    assert!(
        (rolls.len() as f32 - 1.0 - half_turns).abs() <= 1.5,
        "{} rolls for {half_turns:.1} half turns ({distance:.3} m):\n{list}",
        rolls.len()
    );
    // None before the disc strikes it; louder fast than slow; each where
    // the barrel was then, on its way from the middle to where it stopped.
    assert!(rolls.iter().all(|e| e.at >= knock.at), "{list}");
    assert!(
        rolls.first().unwrap().loudness > rolls.last().unwrap().loudness,
        "{list}"
    );
    for e in &rolls {
        let p = e.place.expect("a roll has a place");
        assert!(
            (-0.01..=end.x + 0.01).contains(&p.x) && (p.z - end.z * p.x / end.x).abs() < 0.02,
            "a roll heard at {p:?}, off the way to {end:?}"
        );
    }
    // A barrel standing up and pushed does not roll (its axis is upright).
    let mut standing = standard_sim();
    let bullet = standing.piece("Bullet 1").unwrap();
    let near = standing.pose(first_barrel(&standing)).0;
    standing.place(bullet, Vec2::new(near.x, near.z + 0.05), 0.0);
    let (_, softly) = events::listen_to_flick(
        &mut standing,
        Flick::new(bullet, Vec2::new(0.0, -1.0), 0.35),
    )
    .unwrap();
    assert!(
        softly
            .iter()
            .any(|e| e.sound == Sound::Knock(Timbre::Barrel)),
        "the bullet reaches the standing barrel: {softly:?}"
    );
    assert!(!softly.iter().any(|e| e.sound == Sound::Roll), "{softly:?}");
}
