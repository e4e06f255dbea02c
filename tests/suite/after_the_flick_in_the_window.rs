//! After a flick: the instant replay shows the flick again at half speed and
//! ends on the table the flick left; a shot's marker says where it hit or
//! why it missed; with *follow the flick* on, the camera follows the flicked
//! piece and comes back.

use bevy::math::Vec2;
use bevy::time::TimeUpdateStrategy;
use highnoon::flick::driver::RandomPlayer;
use highnoon::flick::markers::{ShotVerdict, shot_marker};
use highnoon::physics::table::Flick;
use highnoon::scenario::{PhysicsProfile, data_root};
use highnoon::settings::Settings;
use highnoon::tables::flick::seats::{Seat, Seats};
use highnoon::tables::flick::session::{By, FlickAction, FlickIntent, FlickSession};
use highnoon::window::shell::camera::OrbitCamera;

use crate::common::standard_sim;

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().expect("the shipped profile")
}

#[test]
fn the_instant_replay_plays_the_last_flick_at_half_speed_and_ends_on_its_table() {
    let p = profile();
    let seats = Seats([Seat::Human, Seat::Human]);
    let mut s = FlickSession::default();
    s.apply(
        &FlickIntent::open(data_root().join("scenarios/bank_robbery.ron")),
        &p,
        &seats,
        None,
    )
    .unwrap();
    // Nothing to show again before the first flick.
    assert!(
        s.apply(
            &FlickIntent::person(FlickAction::InstantReplay),
            &p,
            &seats,
            None
        )
        .is_err()
    );
    let mut player = RandomPlayer::new(8);
    let mut flicked = false;
    for _ in 0..30 {
        let step = player.next_step(s.referee().unwrap()).unwrap();
        let is_flick = !matches!(step, highnoon::flick::driver::Step::Intent(_));
        let _ = s.apply(
            &FlickIntent {
                by: By::Person,
                action: FlickAction::Step(step),
            },
            &p,
            &seats,
            None,
        );
        if is_flick && s.replaying() {
            flicked = true;
            break;
        }
    }
    assert!(flicked, "a flick was played");
    // The flick's own playback, frame by frame (10 ms of its time a frame).
    let mut original = Vec::new();
    while s.replaying() {
        s.advance_playback(0.01);
        original.push(s.shown_poses());
    }
    let table = s.referee().unwrap().table.clone();
    let hash = table.pose_hash();
    s.apply(
        &FlickIntent::person(FlickAction::InstantReplay),
        &p,
        &seats,
        None,
    )
    .unwrap();
    assert!(s.replaying());
    assert!(s.playback().unwrap().instant);
    // It starts where the flick started (not where it ended).
    assert_ne!(s.shown_poses(), table.poses());
    // At half speed, 20 ms of the window show 10 ms of the flick: the same
    // frames as the flick's own, in the same order, to the last (the table
    // the rules left), and twice as long.
    let mut again = Vec::new();
    while s.replaying() {
        s.advance_playback(0.02);
        again.push(s.shown_poses());
    }
    assert_eq!(again.len(), original.len());
    assert!(
        again == original,
        "the replay shows other frames than the flick"
    );
    assert_eq!(again.last(), Some(&table.poses()));
    // The table itself is untouched.
    assert_eq!(s.referee().unwrap().table.pose_hash(), hash);
    // A person's flick is refused while the replay is on show.
    s.apply(
        &FlickIntent::person(FlickAction::InstantReplay),
        &p,
        &seats,
        None,
    )
    .unwrap();
    let step = player.next_step(s.referee().unwrap()).unwrap();
    assert!(
        s.apply(
            &FlickIntent {
                by: By::Person,
                action: FlickAction::Step(step)
            },
            &p,
            &seats,
            None
        )
        .is_err()
    );
}

#[test]
fn a_shot_is_marked_where_it_hit_or_where_it_missed_and_why() {
    // Bullet 1 from 20 cm in front of Wyatt, straight at him.
    let shoot = |strength: f32, aim_off: f32| {
        let mut table = standard_sim();
        let bullet = table.piece("Bullet 1").unwrap();
        let wyatt = table.pose(table.piece("Wyatt").unwrap()).0;
        table.place(bullet, Vec2::new(wyatt.x, wyatt.z + 0.2), 0.0);
        let out = table
            .flick_to_rest(Flick::new(bullet, Vec2::new(aim_off, -1.0), strength))
            .unwrap();
        (table, out, wyatt)
    };
    let (table, out, wyatt) = shoot(1.0, 0.0);
    let hit = ShotVerdict {
        knocked_first: Some("Wyatt".into()),
        counted: true,
    };
    let m = shot_marker(&out, &hit, table.index(), |p| table.pose(p).0);
    assert!(m.hit);
    assert_eq!(m.text, "Hit: Wyatt");
    assert!(
        Vec2::new(m.at.x - wyatt.x, m.at.z - wyatt.z).length() < 0.1,
        "{m:?}"
    );
    let not_now = ShotVerdict {
        counted: false,
        ..hit
    };
    let m = shot_marker(&out, &not_now, table.index(), |p| table.pose(p).0);
    assert!(!m.hit && m.text.contains("cannot be hit now"), "{m:?}");
    // Away from everything: the bullet touched nothing, said where it stopped.
    let (table, out, _) = shoot(0.4, 3.0);
    let miss = ShotVerdict {
        knocked_first: None,
        counted: false,
    };
    if out.touched.is_empty() {
        let m = shot_marker(&out, &miss, table.index(), |p| table.pose(p).0);
        assert_eq!(m.text, "Miss: the bullet touched nothing");
        assert_eq!(m.at, out.rest_position);
    } else {
        // Whatever it met first is named, where it is.
        let first = out.first_touch().unwrap();
        let m = shot_marker(&out, &miss, table.index(), |p| table.pose(p).0);
        assert!(m.text.contains(&first.name), "{m:?}");
        assert_eq!(m.at, table.pose(first.piece).0);
    }
    // A soft touch that does not knock Wyatt down: a miss naming him.
    let soft = (30..80)
        .map(|k| shoot(k as f32 / 100.0, 0.0))
        .find(|(_, out, _)| {
            out.first_touch().is_some_and(|t| t.name == "Wyatt") && out.knocked_over.is_empty()
        });
    let (table, out, _) = soft.expect("some strength reaches Wyatt without knocking him down");
    let m = shot_marker(&out, &miss, table.index(), |p| table.pose(p).0);
    assert_eq!(m.text, "Miss: Wyatt was struck but did not fall");
    assert!(!m.hit);
}

/// The table's camera, as it is now.
fn camera(app: &mut highnoon::window::render_bench::Offscreen) -> OrbitCamera {
    let mut q = app.world_mut().query::<&OrbitCamera>();
    *q.single(app.world()).expect("one table camera")
}

#[test]
fn with_follow_the_flick_on_the_camera_follows_the_disc_and_comes_back() {
    use std::time::Duration;
    let mut app = highnoon::window::render_bench::Offscreen::new(
        profile(),
        &crate::common::window::bank_robbery_window([None, None]),
        (160, 100),
        0,
    );
    app.world_mut().insert_resource(Settings {
        follow_flick: true,
        ..Settings::default()
    });
    // A quarter of a second a frame: the camera's easing reaches what it
    // wants within the frame, and the flick's playback lasts a few frames.
    app.world_mut()
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            250,
        )));
    fn session(app: &highnoon::window::render_bench::Offscreen) -> &FlickSession {
        app.world().resource::<FlickSession>()
    }
    for _ in 0..3 {
        app.frame().expect("a frame");
    }
    let before = camera(&mut app);
    let mut player = RandomPlayer::new(8);
    for _ in 0..30 {
        let step = player
            .next_step(session(&app).referee().expect("a game"))
            .unwrap();
        app.world_mut().write_message(FlickIntent {
            by: By::Person,
            action: FlickAction::Step(step),
        });
        app.frame().expect("a frame");
        if session(&app).replaying() {
            break;
        }
    }
    assert!(session(&app).replaying(), "a flick was played");
    // While it plays, the camera looks at the flicked piece wherever it is.
    let mut followed = 0;
    while session(&app).replaying() {
        let at = session(&app)
            .playback()
            .and_then(|p| p.piece_at())
            .expect("the flicked piece");
        let seen = camera(&mut app);
        assert!(
            Vec2::new(seen.focus.x - at.x, seen.focus.z - at.z).length() < 1e-4,
            "the camera looks at {:?}, the piece is at {at:?}",
            seen.focus
        );
        assert_eq!(
            (seen.yaw, seen.pitch, seen.distance),
            (before.yaw, before.pitch, before.distance)
        );
        followed += 1;
        app.frame().expect("a frame");
    }
    assert!(followed >= 2, "followed for {followed} frames");
    // Then it goes back to where the player had it, and stays.
    for _ in 0..6 {
        app.frame().expect("a frame");
    }
    let after = camera(&mut app);
    assert_eq!(
        (after.focus, after.yaw, after.pitch, after.distance),
        (before.focus, before.yaw, before.pitch, before.distance)
    );
}
