//! The physical table: calibration, contacts, tunnelling, snapshots, determinism.

use crate::common::*;
use bevy::math::Vec2;
use highnoon::physics::Table;
use highnoon::physics::pieces::PartKind;
use highnoon::physics::table::{Flick, tilt_deg};
use highnoon::scenario::kinds::{BuildingKind, Team};
use highnoon::scenario::town::{BuildingSpec, PropKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn disc_alone(at_cm: (f32, f32)) -> Table {
    let mut town = empty_town();
    town.discs = vec![at_cm];
    Table::new(profile(), &town)
}

fn slide(strength: f32) -> f32 {
    let mut sim = disc_alone((-55.0, 0.0));
    let disc = sim.piece("Movement disc").unwrap();
    let out = sim
        .flick_to_rest(Flick::new(disc, Vec2::X, strength))
        .unwrap();
    assert!(out.at_rest, "the disc comes to rest");
    assert!(out.touched.is_empty());
    out.travelled
}

#[test]
fn full_strength_slides_the_movement_disc_about_80_cm() {
    let d = slide(1.0);
    assert!(
        (0.68..=0.92).contains(&d),
        "full strength slid {:.1} cm",
        d * 100.0
    );
}

#[test]
fn half_strength_slides_the_movement_disc_about_20_cm() {
    let d = slide(0.5);
    assert!(
        (0.17..=0.23).contains(&d),
        "half strength slid {:.1} cm",
        d * 100.0
    );
}

#[test]
fn a_full_strength_bullet_knocks_over_a_figure_40_cm_away() {
    let mut town = empty_town();
    town.figures = vec![cowboy(Team::Outlaws, 1, (20.0, 0.0))];
    town.discs = vec![(-60.0, 40.0), (-20.0, 0.0)];
    let mut sim = Table::new(profile(), &town);
    let bullet = sim.piece("Bullet 1").unwrap();
    let target = sim.piece("Outlaw 1").unwrap();
    let out = sim.flick_to_rest(Flick::new(bullet, Vec2::X, 1.0)).unwrap();
    assert_eq!(out.first_touch().map(|t| t.piece), Some(target), "{out:#?}");
    assert_eq!(out.knocked_over.len(), 1, "{out:#?}");
    assert_eq!(out.knocked_over[0].figure, target);
    assert_eq!(out.knocked_over[0].by, Some(bullet));
}

#[test]
fn a_medium_flick_knocks_over_a_cowboy_20_cm_away_and_names_it_first() {
    let mut town = empty_town();
    town.figures = vec![cowboy(Team::Lawmen, 2, (0.0, 0.0))];
    town.discs = vec![(-20.0, 0.0)];
    let mut sim = Table::new(profile(), &town);
    let disc = sim.piece("Movement disc").unwrap();
    let cowboy = sim.piece("Lawman 2").unwrap();
    // Medium: 70% strength (the knock-over threshold at 20 cm is about 60–65%).
    let out = sim.flick_to_rest(Flick::new(disc, Vec2::X, 0.7)).unwrap();
    assert_eq!(
        out.first_touch().map(|t| (t.piece, t.part)),
        Some((cowboy, PartKind::Whole)),
        "{out:#?}"
    );
    assert!(out.touched[0].time > 0.0);
    assert_eq!(
        out.knocked_over
            .iter()
            .map(|k| k.figure)
            .collect::<Vec<_>>(),
        vec![cowboy],
        "{out:#?}"
    );
    let (_, rot) = sim.pose(cowboy);
    assert!(tilt_deg(rot) > 45.0);
}

#[test]
fn a_weak_flick_stops_short_and_touches_nothing() {
    let mut town = empty_town();
    town.figures = vec![cowboy(Team::Lawmen, 2, (0.0, 0.0))];
    town.discs = vec![(-20.0, 0.0)];
    let mut sim = Table::new(profile(), &town);
    let disc = sim.piece("Movement disc").unwrap();
    let out = sim.flick_to_rest(Flick::new(disc, Vec2::X, 0.2)).unwrap();
    assert!(out.touched.is_empty(), "{out:#?}");
    assert!(out.knocked_over.is_empty());
    assert!(out.moved.is_empty());
    assert!(
        out.travelled > 0.005 && out.travelled < 0.10,
        "travelled {:.1} cm",
        out.travelled * 100.0
    );
    assert!(!out.left_table);
}

#[test]
fn a_flick_toward_the_edge_leaves_the_table() {
    let mut sim = disc_alone((55.0, 0.0));
    let disc = sim.piece("Movement disc").unwrap();
    let out = sim.flick_to_rest(Flick::new(disc, Vec2::X, 1.0)).unwrap();
    assert!(out.left_table, "{out:#?}");
    assert!(
        out.at_rest,
        "a fallen piece leaves the simulation, the rest sleeps"
    );
    assert!(out.rest_position.y < 0.0);
    // It cannot be flicked again until it is put back.
    assert!(sim.flick_to_rest(Flick::new(disc, Vec2::X, 1.0)).is_err());
}

#[test]
fn two_hundred_full_strength_bullets_never_pass_through_a_fence() {
    let mut town = empty_town();
    // A fence along x at the centre, a cowboy right behind it (toward -z).
    town.props = vec![prop(PropKind::Fence, (0.0, 0.0), 0.0)];
    town.figures = vec![cowboy(Team::Outlaws, 3, (0.0, -3.0))];
    town.discs = vec![(-60.0, 40.0), (-50.0, 40.0)];
    let mut sim = Table::new(profile(), &town);
    let base = sim.snapshot();
    let bullet = sim.piece("Bullet 1").unwrap();
    let fence = sim.piece("Fence").unwrap();
    let fence_half = sim.profile().pieces.fence.size.0 / 2.0;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for i in 0..200 {
        sim.restore(&base);
        // From the player's side, within ±40° of straight on, 15–35 cm away,
        // aimed at a point of the fence.
        let angle: f32 = rng.random_range(-40f32..40.0).to_radians();
        let dist: f32 = rng.random_range(0.15..0.35);
        let aim_x: f32 = rng.random_range(-0.6..0.6) * fence_half;
        let from = Vec2::new(aim_x + dist * angle.sin(), dist * angle.cos());
        sim.place(bullet, from, 0.0);
        let out = sim
            .flick_to_rest(Flick::new(bullet, Vec2::new(aim_x, 0.0) - from, 1.0))
            .unwrap();
        let first = out
            .first_touch()
            .unwrap_or_else(|| panic!("flick {i}: the bullet touched nothing: {out:#?}"));
        assert_eq!(
            first.piece, fence,
            "flick {i}: the bullet must meet the fence first: {out:#?}"
        );
        // It never ends up behind the fence's span having gone through it.
        let p = out.rest_position;
        let fence_pos = sim.pose(fence).0;
        let behind = p.z < fence_pos.z - 0.01
            && p.x.abs() < fence_half * 0.8
            && tilt_deg(sim.pose(fence).1) < 45.0;
        assert!(
            !behind,
            "flick {i}: the bullet came to rest behind a standing fence at {p:?}"
        );
    }
}

#[test]
fn full_strength_discs_never_pass_through_a_figure_or_a_support_block() {
    let mut town = empty_town();
    town.buildings = vec![BuildingSpec {
        kind: BuildingKind::Bank,
        at_cm: (30.0, 0.0),
        facing_deg: 0.0,
    }];
    town.figures = vec![cowboy(Team::Lawmen, 1, (-30.0, 0.0))];
    town.discs = vec![(-60.0, 40.0), (-50.0, 40.0)];
    let mut sim = Table::new(profile(), &town);
    let base = sim.snapshot();
    let bank = sim.piece("Bank").unwrap();
    let figure = sim.piece("Lawman 1").unwrap();
    let door_half = sim.profile().pieces.building.door_width / 2.0;
    let block_x = door_half + sim.profile().pieces.building.block_size.0 / 2.0;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for i in 0..100 {
        for disc_name in ["Movement disc", "Bullet 1"] {
            let disc = sim.piece(disc_name).unwrap();
            // At the figure.
            sim.restore(&base);
            let a: f32 = rng.random_range(0.0..std::f32::consts::TAU);
            let target = Vec2::new(-0.30, 0.0);
            let from = target + Vec2::from_angle(a) * rng.random_range(0.06..0.25);
            sim.place(disc, from, 0.0);
            let out = sim
                .flick_to_rest(Flick::new(disc, target - from, 1.0))
                .unwrap();
            assert_eq!(
                out.first_touch().map(|t| t.piece),
                Some(figure),
                "{i} {disc_name} at the figure: {out:#?}"
            );
            // At a support block's outer face, from the side.
            sim.restore(&base);
            let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let block = Vec2::new(0.30 + side * block_x, 0.0);
            let from = block
                + Vec2::new(
                    side * rng.random_range(0.06..0.25),
                    rng.random_range(-0.05..0.05),
                );
            sim.place(disc, from, 0.0);
            let out = sim
                .flick_to_rest(Flick::new(disc, block - from, 1.0))
                .unwrap();
            let first = out.first_touch().map(|t| (t.piece, t.part));
            let expected = if side > 0.0 {
                PartKind::RightBlock
            } else {
                PartKind::LeftBlock
            };
            assert_eq!(
                first,
                Some((bank, expected)),
                "{i} {disc_name} at a block: {out:#?}"
            );
        }
    }
}

/// The bots' sight lines ask a bullet's straight slide whether it touches a
/// building or a fence ([`Table::slide_touches`]): a bullet really flicked
/// along the line must agree. A building is two support blocks with the
/// facade above them, so a bullet passes through its door and under its
/// facade; its circle (what sight lines used) covers far more. 300 flicks
/// from 12–18 cm round a turned building, a standing fence or the gallows,
/// every direction: the answers differ only for grazes (a few).
#[test]
fn a_slide_touches_a_building_or_fence_where_a_flicked_bullet_does() {
    let mut town = empty_town();
    town.buildings = vec![BuildingSpec {
        kind: BuildingKind::TownHall,
        at_cm: (-30.0, 0.0),
        facing_deg: 30.0,
    }];
    town.props = vec![prop(PropKind::Fence, (30.0, 0.0), -50.0)];
    town.gallows = vec![highnoon::scenario::town::PlacedSpec {
        at_cm: (0.0, -30.0),
        facing_deg: 20.0,
    }];
    town.discs = vec![(-60.0, 40.0), (-50.0, 40.0)];
    let mut sim = Table::new(profile(), &town);
    let base = sim.snapshot();
    let bullet = sim.piece("Bullet 1").unwrap();
    let pieces = [
        (sim.piece("Town Hall").unwrap(), Vec2::new(-0.3, 0.0)),
        (sim.piece("Fence").unwrap(), Vec2::new(0.3, 0.0)),
        // A compound: the shape cast along.
        (sim.piece("Gallows").unwrap(), Vec2::new(0.0, -0.3)),
    ];
    let (radius, height) = {
        let b = &sim.profile().pieces.bullet;
        (b.radius, b.height)
    };
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut touches, mut misses, mut differ) = (0, 0, Vec::new());
    for i in 0..300 {
        sim.restore(&base);
        let (piece, centre) = pieces[i % 3];
        let around: f32 = rng.random_range(0.0..std::f32::consts::TAU);
        let dist: f32 = rng.random_range(0.12..0.18);
        let from = centre + dist * Vec2::from_angle(around);
        // Toward the piece, give or take 50°: about half meet it.
        let heading = around + std::f32::consts::PI + rng.random_range(-0.9f32..0.9);
        let dir = Vec2::from_angle(heading);
        sim.place(bullet, from, 0.0);
        let said = sim.slide_touches(radius, height, from, from + dir * 0.45, piece);
        let out = sim.flick_to_rest(Flick::new(bullet, dir, 1.0)).unwrap();
        let did = out.touched.iter().any(|t| t.piece == piece);
        if did {
            touches += 1;
        } else {
            misses += 1;
        }
        if said != did {
            differ.push((i, said, did));
        }
    }
    assert!(
        touches >= 60 && misses >= 60,
        "{touches} touches, {misses} misses"
    );
    assert!(differ.len() <= 10, "slide and flick differ: {differ:?}");
}

#[test]
fn snapshot_flick_restore_gives_bit_identical_poses() {
    let mut sim = standard_sim();
    let before = sim.pose_hash();
    let poses_before = sim.poses();
    let snap = sim.snapshot();
    let disc = sim.piece("Movement disc").unwrap();
    let sheriff = sim.piece("Sheriff").unwrap();
    let target = xz(sim.pose(sheriff).0);
    let from = xz(sim.pose(disc).0);
    let first = sim
        .flick_to_rest(Flick::new(disc, target - from, 1.0))
        .unwrap();
    assert_ne!(sim.pose_hash(), before, "the flick moved something");
    sim.restore(&snap);
    assert_eq!(sim.pose_hash(), before);
    let poses_after = sim.poses();
    for (a, b) in poses_before.iter().zip(&poses_after) {
        assert_eq!(
            a.0.to_array().map(f32::to_bits),
            b.0.to_array().map(f32::to_bits)
        );
        assert_eq!(
            a.1.to_array().map(f32::to_bits),
            b.1.to_array().map(f32::to_bits)
        );
    }
    // And the same flick from the restored town plays out exactly the same.
    let after_first = {
        let second = sim
            .flick_to_rest(Flick::new(disc, target - from, 1.0))
            .unwrap();
        assert_eq!(second, first);
        sim.pose_hash()
    };
    sim.restore(&snap);
    sim.flick_to_rest(Flick::new(disc, target - from, 1.0))
        .unwrap();
    assert_eq!(sim.pose_hash(), after_first);
}

#[test]
fn the_same_flick_twice_gives_the_same_hash() {
    let run = || {
        let mut sim = standard_sim();
        let disc = sim.piece("Bullet 2").unwrap();
        let cooper = sim.piece("Ol' Cooper").unwrap();
        let dir = xz(sim.pose(cooper).0) - xz(sim.pose(disc).0);
        let out = sim
            .flick_to_rest(Flick {
                piece: disc,
                direction: dir,
                strength: 0.93,
                spin: 0.4,
            })
            .unwrap();
        (sim.pose_hash(), out.steps)
    };
    let a = run();
    let b = run();
    assert_eq!(a, b);
}

#[test]
fn the_standard_town_stands_still_when_woken() {
    let mut sim = standard_sim();
    let before = sim.poses();
    // Nudge nothing, but wake everything and let it settle: nothing may fall.
    let index = sim.index().clone();
    for p in &index.pieces {
        sim.state_mut().bodies[p.body].wake_up(true);
    }
    let steps = sim.settle(2000);
    assert!(steps < 2000, "the town comes to rest");
    let after = sim.poses();
    for (k, (a, b)) in before.iter().zip(&after).enumerate() {
        let name = &sim.index().pieces[k].name;
        assert!(
            a.0.distance(b.0) < 0.003,
            "{name} drifted {:.1} mm",
            a.0.distance(b.0) * 1000.0
        );
        assert!(tilt_deg(b.1) < 10.0, "{name} tipped {:.0}°", tilt_deg(b.1));
    }
}

#[test]
fn every_piece_of_the_standard_town_stands_where_the_file_puts_it() {
    let sim = standard_sim();
    let p = profile();
    let town =
        highnoon::scenario::Town::load(&highnoon::scenario::default_town_path(), &p).unwrap();
    // Spawn order: buildings, gallows, props, figures, discs.
    let mut expected: Vec<(f32, f32)> = Vec::new();
    expected.extend(town.buildings.iter().map(|b| b.at_cm));
    expected.extend(town.gallows.iter().map(|g| g.at_cm));
    expected.extend(town.props.iter().map(|p| p.at_cm));
    expected.extend(town.figures.iter().map(|f| f.at_cm));
    expected.extend(town.discs.iter().copied());
    let poses = sim.poses();
    assert_eq!(poses.len(), expected.len());
    for (k, ((pos, rot), at)) in poses.iter().zip(&expected).enumerate() {
        let name = &sim.index().pieces[k].name;
        let d = Vec2::new(pos.x * 100.0 - at.0, pos.z * 100.0 - at.1).length();
        assert!(
            d < 0.3,
            "{name} settled {d:.2} cm from where the town puts it"
        );
        assert!(
            tilt_deg(*rot) < 5.0,
            "{name} leans {:.0}° after settling",
            tilt_deg(*rot)
        );
    }
}

#[test]
fn a_flick_needs_a_direction_and_a_piece() {
    let mut sim = disc_alone((0.0, 0.0));
    let disc = sim.piece("Movement disc").unwrap();
    assert!(
        sim.flick_to_rest(Flick::new(disc, Vec2::ZERO, 1.0))
            .is_err()
    );
    assert!(
        sim.flick_to_rest(Flick::new(disc, Vec2::X, f32::NAN))
            .is_err()
    );
    assert!(
        sim.flick_to_rest(Flick::new(
            highnoon::physics::pieces::PieceId(999),
            Vec2::X,
            1.0
        ))
        .is_err()
    );
    let h = sim.pose_hash();
    // Strength is capped: 5.0 is the same flick as 1.0.
    let snap = sim.snapshot();
    let a = sim.flick_to_rest(Flick::new(disc, Vec2::X, 5.0)).unwrap();
    sim.restore(&snap);
    assert_eq!(sim.pose_hash(), h);
    let b = sim.flick_to_rest(Flick::new(disc, Vec2::X, 1.0)).unwrap();
    assert_eq!(a.rest_position, b.rest_position);
}

#[test]
fn a_forked_table_flicks_bit_for_bit_like_the_original_on_any_thread() {
    let mut original = standard_sim();
    let disc = original.piece("Bullet 1").unwrap();
    let cooper = original.piece("Ol' Cooper").unwrap();
    let dir = xz(original.pose(cooper).0) - xz(original.pose(disc).0);
    let flick = Flick {
        piece: disc,
        direction: dir,
        strength: 0.9,
        spin: -0.3,
    };
    let fork = original.clone();
    let forked = std::thread::spawn(move || {
        let mut fork = fork;
        let out = fork.flick_to_rest(flick).unwrap();
        (out, fork.pose_hash())
    })
    .join()
    .unwrap();
    let before = original.pose_hash();
    let out = original.flick_to_rest(flick).unwrap();
    assert_ne!(before, original.pose_hash(), "the flick moved something");
    assert_eq!((out, original.pose_hash()), forked);
}

/// The bench's hundred flicks all come to rest and nearly all meet their
/// figure first; on a table that adds nothing to Rapier's contacts (the
/// contact laws off) the flick loop and the bench's bare rapier3d loop
/// step the same scene, step for step.
#[test]
fn a_hundred_bench_flicks_all_come_to_rest_and_match_raw_rapier() {
    let config = highnoon::bench::BenchConfig {
        flicks: 100,
        seed: 99,
        ..Default::default()
    };
    let mut sim = standard_sim();
    let report = highnoon::bench::run(&mut sim, &config, |_| {});
    assert_eq!(report.samples.len(), 100);
    for s in &report.samples {
        assert!(s.at_rest, "cut off while moving: {:?}", s.still_moving);
    }
    let hits = report.samples.iter().filter(|s| s.hit_target).count();
    assert!(hits >= 95, "only {hits}/100 flicks met their figure first");
    let mut bare = sim.profile().clone();
    bare.contact.face_friction = false;
    bare.contact.rolling_resistance = 0.0;
    let town =
        highnoon::scenario::Town::load(&highnoon::scenario::default_town_path(), &bare).unwrap();
    let mut sim = Table::new(bare, &town);
    let report = highnoon::bench::run(&mut sim, &config, |_| {});
    for s in &report.samples {
        assert_eq!(
            s.steps, s.raw_steps,
            "the table without its contact laws and bare rapier3d step the same scene"
        );
    }
}

/// A piece the editor sets down moves in the table and in the town a reset
/// comes back to; a flick made before leaves no trace in that town.
#[test]
fn a_piece_set_down_stays_through_a_reset_and_a_flick_before_does_not() {
    use bevy::math::{Quat, Vec3};
    use bevy_rapier3d::rapier::math::Pose;
    let mut sim = disc_alone((-55.0, 0.0));
    let disc = sim.piece("Movement disc").unwrap();
    let bullet = sim.piece("Bullet 1").unwrap();
    let laid = sim.pose(disc);
    sim.flick_to_rest(Flick::new(disc, Vec2::X, 0.8)).unwrap();
    assert!(
        sim.pose(disc).0.distance(laid.0) > 0.1,
        "the flick moved the disc"
    );
    let to = Vec3::new(0.2, sim.pose(bullet).0.y, 0.1);
    sim.set_down(bullet, Pose::from_parts(to, Quat::IDENTITY));
    assert_eq!(sim.pose(bullet).0, to);
    sim.reset();
    assert_eq!(sim.pose(disc), laid, "the flick is gone");
    assert_eq!(sim.pose(bullet).0, to, "the piece set down stays");
}
