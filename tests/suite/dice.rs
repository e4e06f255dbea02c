//! Real dice on Rapier: each resting orientation reads its face, a die that
//! comes to rest leaning on the cards is thrown again, throws are reproducible
//! from their seed, and a fair number of throws comes up evenly.

use bevy::math::{Quat, Vec2, Vec3};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use highnoon::physics::dice::{DiceTray, Reading, Throw, rotation_showing};
use highnoon::scenario::PhysicsProfile;
use highnoon::stats::chi_square_fair;

fn tray() -> DiceTray {
    let p = PhysicsProfile::load_default().expect("profile");
    DiceTray::new(&p.dice, p.gravity)
}

fn set_down(position: Vec3, rotation: Quat) -> Throw {
    Throw {
        position,
        rotation,
        velocity: Vec3::ZERO,
        spin: Vec3::ZERO,
    }
}

#[test]
fn each_of_the_six_resting_orientations_reads_its_face() {
    for face in 1..=6u8 {
        for yaw in [0.0f32, 0.7, 2.0] {
            let mut t = tray();
            let s = t.spec.size;
            // Set down a few millimetres above the felt, this face up.
            t.start(&set_down(
                Vec3::new(0.02, s / 2.0 + 0.003, -0.01),
                rotation_showing(face, yaw),
            ));
            t.run_to_rest(None);
            assert_eq!(t.read(), Reading::Face(face), "face {face}, yaw {yaw}");
        }
    }
}

/// A deck of cards in the tray: 6.3 × 8.8 cm, 1.2 cm high.
fn deck_in(t: &mut DiceTray) -> Vec3 {
    let half = Vec3::new(0.0315, 0.006, 0.044);
    t.add_obstacle(half, Vec3::new(0.0, half.y, 0.0), Quat::IDENTITY);
    half
}

#[test]
fn a_die_leaning_on_the_cards_is_cocked_and_thrown_again() {
    let mut t = tray();
    let deck = deck_in(&mut t);
    let s = t.spec.size;
    // Leaning against the deck's long side: one edge on the felt, tilted 30°.
    let tilt = Quat::from_rotation_z(-30f32.to_radians());
    let leaning = set_down(
        Vec3::new(deck.x + s * 0.55, s * 0.62, 0.0),
        tilt * rotation_showing(2, 0.0),
    );
    t.start(&leaning);
    t.run_to_rest(None);
    assert_eq!(t.read(), Reading::Cocked, "pose {:?}", t.die_pose());

    // The roll that began with that throw was thrown again and ended on a face.
    let mut t = tray();
    deck_in(&mut t);
    let roll = t.roll_from(
        leaning,
        Vec2::NEG_Y,
        &mut ChaCha8Rng::seed_from_u64(5),
        false,
    );
    assert!(roll.rerolls >= 1, "{roll:?}");
    assert!((1..=6).contains(&roll.face));
    assert!(matches!(t.read(), Reading::Face(f) if f == roll.face));
}

#[test]
fn a_die_resting_flat_on_top_of_the_deck_is_thrown_again() {
    let mut t = tray();
    let deck = deck_in(&mut t);
    let s = t.spec.size;
    t.start(&set_down(
        Vec3::new(0.0, deck.y * 2.0 + s / 2.0 + 0.002, 0.0),
        rotation_showing(3, 0.0),
    ));
    t.run_to_rest(None);
    assert_eq!(t.read(), Reading::Cocked);
}

#[test]
fn throws_replay_from_their_seed_and_come_up_evenly() {
    let faces = |seed: u64, n: usize| -> Vec<u8> {
        let mut t = tray();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| t.roll(Vec2::NEG_Y, &mut rng, false).face)
            .collect()
    };
    assert_eq!(faces(11, 20), faces(11, 20), "same seed, same rolls");
    assert_ne!(faces(11, 20), faces(12, 20));
    // 3,000 throws from four sides of the tray: each face about 500 times.
    let mut t = tray();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut counts = [0u64; 6];
    let mut rerolls = 0;
    for i in 0..3000 {
        let from = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X][i % 4];
        let roll = t.roll(from, &mut rng, false);
        counts[roll.face as usize - 1] += 1;
        rerolls += roll.rerolls;
    }
    let (chi2, p) = chi_square_fair(&counts);
    assert!(
        p > 0.001,
        "counts {counts:?}: chi-square {chi2:.2}, p {p:.4}"
    );
    assert!(rerolls < 300, "{rerolls} re-throws in 3,000 rolls");
}

#[test]
fn a_bad_dice_number_names_its_place_in_the_profile() {
    let shipped = std::fs::read_to_string(highnoon::scenario::default_profile_path()).unwrap();
    let dice_at = shipped.find("dice:").expect("a dice section");
    let size_at = dice_at
        + shipped[dice_at..]
            .find("size: 0.016")
            .expect("the die's size");
    let text = format!(
        "{}size: 2.0{}",
        &shipped[..size_at],
        &shipped[size_at + "size: 0.016".len()..]
    );
    let dir = std::env::temp_dir().join("highnoon-dice-profile");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("physics.ron");
    std::fs::write(&path, &text).unwrap();
    let (line, col) = highnoon::scenario::line_col(&text, size_at);
    let e = PhysicsProfile::load(&path)
        .expect_err("a 2 m die")
        .to_string();
    assert_eq!(
        e,
        format!(
            "{}:{line}:{col}: `dice.size` must be between 0.005 and 0.1, got 2",
            path.display()
        )
    );
    // The shipped profile without its dice section still loads (the defaults).
    let close = "\n    ),\n";
    let end = dice_at + shipped[dice_at..].find(close).unwrap() + close.len();
    let without = format!("{}{}", &shipped[..dice_at], &shipped[end..]);
    std::fs::write(&path, &without).unwrap();
    let p = PhysicsProfile::load(&path).expect("no dice section");
    assert_eq!(p.dice, highnoon::scenario::profile::DiceSpec::default());
}
