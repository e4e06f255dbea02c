//! Practice at the Flick table (issue 54, items 3 and 4): a game started as
//! practice takes back the person's last flick — the position restored
//! exactly (the table's pose hash, the rules' state and log, the steps kept
//! for Continue) and the same flick from there coming out the same to the
//! bit; a counted game refuses; a saved practice game stays practice; and
//! a finished game is appended to the record of games once, marked
//! practice or counted.

use std::path::PathBuf;

use bevy::prelude::*;
use highnoon::bot_level::Level;
use highnoon::flick::driver::{RandomPlayer, Step};
use highnoon::flick::referee::Aim;
use highnoon::flick::rules::{Intent, Phase};
use highnoon::record::{Record, RecordFile};
use highnoon::saves::SavedTable;
use highnoon::scenario::{PhysicsProfile, data_root};
use highnoon::tables::flick::seats::{Seat, Seats};
use highnoon::tables::flick::session::{By, FlickAction, FlickIntent, FlickSession};

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().expect("the shipped profile")
}

fn bank_robbery() -> PathBuf {
    data_root().join("scenarios").join("bank_robbery.ron")
}

/// A session with a game open, practice or counted.
fn opened(practice: bool) -> FlickSession {
    let mut s = FlickSession::default();
    let open = FlickIntent::person(FlickAction::Open {
        file: bank_robbery(),
        seed: Some(3),
        practice,
    });
    s.apply(&open, &profile(), &Seats(Seat::HOT_SEAT), None)
        .expect("the scenario opens");
    s
}

/// The person's action, and the flick it plays shown to its end.
fn person(s: &mut FlickSession, action: FlickAction) -> Result<(), String> {
    let answer = s.apply(
        &FlickIntent::person(action),
        &profile(),
        &Seats(Seat::HOT_SEAT),
        None,
    );
    while s.replaying() {
        s.advance_playback(1.0);
    }
    answer
}

/// Everything a take-back must restore: the rules' state with its log,
/// the table's poses, the steps kept for Continue.
fn position(s: &FlickSession) -> (String, Vec<String>, u64, usize) {
    let r = s.referee().expect("a game");
    (
        format!("{:?}", r.game.phase),
        r.game.log.clone(),
        r.table.pose_hash(),
        s.steps().len(),
    )
}

fn rules(s: &FlickSession) -> String {
    format!("{:?}", s.referee().expect("a game").game)
}

/// The first cowboy the rules offer, played.
fn play_first_cowboy(s: &mut FlickSession) {
    let play = s
        .referee()
        .expect("a game")
        .game
        .legal_intents()
        .into_iter()
        .find(|i| matches!(i, Intent::Play(_)))
        .expect("a cowboy");
    person(s, FlickAction::Step(Step::Intent(play))).expect("played");
}

/// The first cowboy played, and a move awaited.
fn to_a_move(s: &mut FlickSession) {
    play_first_cowboy(s);
    person(s, FlickAction::Step(Step::Intent(Intent::Move))).expect("a move");
    assert!(matches!(
        s.referee().expect("a game").game.phase,
        Phase::AwaitMove { .. }
    ));
}

fn a_flick(angle_deg: f32) -> Step {
    Step::Move(Aim {
        direction: Vec2::from_angle(angle_deg.to_radians()),
        strength: 0.5,
        spin: 0.1,
    })
}

#[test]
fn a_practice_flick_is_taken_back_exactly_and_plays_the_same_again() {
    let mut s = opened(true);
    assert!(s.practice());
    to_a_move(&mut s);
    let before = position(&s);
    let rules_before = rules(&s);
    let stamp = s.stamp();
    person(&mut s, FlickAction::Step(a_flick(80.0))).expect("flicked");
    let after = position(&s);
    let rules_after = rules(&s);
    assert_ne!(after, before, "the flick changed the position");
    assert_eq!(s.takebacks(), 1);

    person(&mut s, FlickAction::TakeBack).expect("taken back");
    assert_eq!(position(&s), before, "the position before the flick");
    assert_eq!(rules(&s), rules_before, "the rules' state and log");
    assert_ne!(s.stamp(), stamp, "decisions made since are stale");
    assert!(!s.replaying());
    assert_eq!(s.takebacks(), 0);
    let refused = person(&mut s, FlickAction::TakeBack).expect_err("nothing left");
    assert!(refused.contains("no flick of yours"), "{refused}");

    // The same flick again: the same outcome, to the bit.
    person(&mut s, FlickAction::Step(a_flick(80.0))).expect("flicked again");
    assert_eq!(position(&s), after);
    assert_eq!(rules(&s), rules_after);

    // Another try, then two take-backs in a row go back two flicks.
    person(&mut s, FlickAction::TakeBack).expect("taken back");
    person(&mut s, FlickAction::Step(a_flick(20.0))).expect("another try");
    let tried = position(&s);
    assert_ne!(tried, after);
    // The second action: a move again if allowed, else the turn ends.
    let legal = s.referee().expect("a game").game.legal_intents();
    if legal.contains(&Intent::Move) {
        person(&mut s, FlickAction::Step(Step::Intent(Intent::Move))).expect("a move");
        person(&mut s, FlickAction::Step(a_flick(200.0))).expect("a second flick");
        assert_eq!(s.takebacks(), 2);
        person(&mut s, FlickAction::TakeBack).expect("the second taken back");
        assert!(matches!(
            s.referee().expect("a game").game.phase,
            Phase::AwaitMove { .. }
        ));
        person(&mut s, FlickAction::TakeBack).expect("the first taken back");
        assert_eq!(position(&s), before);
    }
}

#[test]
fn a_counted_game_refuses_a_take_back_and_keeps_nothing() {
    let mut s = opened(false);
    assert!(!s.practice());
    to_a_move(&mut s);
    person(&mut s, FlickAction::Step(a_flick(80.0))).expect("flicked");
    let after = position(&s);
    let stamp = s.stamp();
    let why = person(&mut s, FlickAction::TakeBack).expect_err("counted");
    assert!(why.contains("counted game has no take-backs"), "{why}");
    assert_eq!(position(&s), after, "nothing changed");
    assert_eq!(s.stamp(), stamp);
    assert_eq!(s.takebacks(), 0);
    // Nor may a computer seat take a flick back.
    let mut p = opened(true);
    to_a_move(&mut p);
    person(&mut p, FlickAction::Step(a_flick(80.0))).expect("flicked");
    let by_computer = FlickIntent {
        by: By::Computer(p.stamp()),
        action: FlickAction::TakeBack,
    };
    assert!(
        p.apply(&by_computer, &profile(), &Seats(Seat::HOT_SEAT), None)
            .is_err()
    );
    assert_eq!(p.takebacks(), 1);
}

#[test]
fn a_saved_practice_game_continues_as_practice() {
    let mut s = opened(true);
    to_a_move(&mut s);
    person(&mut s, FlickAction::Step(a_flick(80.0))).expect("flicked");
    person(&mut s, FlickAction::TakeBack).expect("taken back");
    let saved = s
        .saved([None, None], &bank_robbery(), &bank_robbery())
        .expect("a game in progress");
    let SavedTable::Flick(save) = saved.table else {
        panic!("a Flick save");
    };
    assert!(save.practice);
    let mut resumed = FlickSession::default();
    resumed
        .apply(
            &FlickIntent::person(FlickAction::Resume(Box::new(save))),
            &profile(),
            &Seats(Seat::HOT_SEAT),
            None,
        )
        .expect("continued");
    assert!(resumed.practice());
    assert_eq!(position(&resumed), position(&s));
}

/// A headless table with a record file in a fresh folder.
fn app_with_record(seats: [Seat; 2], record: &std::path::Path) -> App {
    let mut app = crate::common::flick_app(seats);
    app.insert_resource(RecordFile(Some(record.to_path_buf())));
    app
}

/// Plays a game to its end through intents: the person's seat (the
/// lawmen) and the easy bot's steps (the outlaws), both from random players.
fn play_to_the_end(app: &mut App, practice: bool, seed: u64) {
    app.world_mut()
        .write_message(FlickIntent::person(FlickAction::Open {
            file: bank_robbery(),
            seed: Some(seed),
            practice,
        }));
    app.update();
    let mut player = RandomPlayer::new(seed);
    for _ in 0..5000 {
        for _ in 0..400 {
            if !app.world().resource::<FlickSession>().replaying() {
                break;
            }
            app.update();
        }
        let s = app.world().resource::<FlickSession>();
        let r = s.referee().expect("a game");
        if r.game.is_over() {
            // A few frames more: recorded once, not each frame.
            for _ in 0..5 {
                app.update();
            }
            return;
        }
        let step = player.next_step(r).expect("a step");
        let by = match r.game.current_team() {
            Some(highnoon::scenario::kinds::Team::Outlaws) => By::Computer(s.stamp()),
            _ => By::Person,
        };
        app.world_mut().write_message(FlickIntent {
            by,
            action: FlickAction::Step(step),
        });
        app.update();
    }
    panic!("the game did not end");
}

#[test]
fn each_finished_game_is_recorded_once_practice_or_counted() {
    let dir = std::env::temp_dir().join(format!("highnoon-practice-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let record = dir.join("record.ron");
    let mut app = app_with_record([Seat::Human, Seat::Bot(Level::Easy)], &record);
    play_to_the_end(&mut app, true, 5);
    play_to_the_end(&mut app, false, 6);
    let (read, problem) = Record::load(&record);
    assert_eq!(problem, None);
    let text = std::fs::read_to_string(&record).expect("the record");
    let games = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .count();
    assert_eq!(games, 2, "{text}");
    assert_eq!(read.games.len(), 2, "{text}");
    assert!(read.games[0].practice && !read.games[1].practice, "{text}");
    assert!(
        read.games
            .iter()
            .all(|g| g.game == "flick" && g.setup == "bank_robbery.ron")
    );
    assert!(
        read.games.iter().all(|g| g.level == Some(Level::Easy)),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_side_of_a_taken_back_shot_is_the_one_before() {
    // A shot's side follows the rules after a take-back as after any step.
    let mut s = opened(true);
    play_first_cowboy(&mut s);
    if person(&mut s, FlickAction::Step(Step::Intent(Intent::Shoot))).is_err() {
        return;
    }
    let side = s.scenario().expect("a game").side;
    let shot = Step::Shot(
        side,
        Aim {
            direction: Vec2::X,
            strength: 0.4,
            spin: 0.0,
        },
    );
    let before = position(&s);
    person(&mut s, FlickAction::Step(shot)).expect("a shot");
    person(&mut s, FlickAction::TakeBack).expect("taken back");
    assert_eq!(position(&s), before);
    assert_eq!(s.scenario().expect("a game").side, side);
}

/// Once the game is over its result is in the record: no take-back; a
/// practice game opened again (*Play again*, a reload) is practice still.
#[test]
fn no_take_back_once_over_and_play_again_stays_practice() {
    let mut s = opened(true);
    let mut player = RandomPlayer::new(9);
    for _ in 0..5000 {
        let r = s.referee().expect("a game");
        if r.game.is_over() {
            break;
        }
        let step = player.next_step(r).expect("a step");
        let _ = person(&mut s, FlickAction::Step(step));
    }
    assert!(
        s.referee().expect("a game").game.is_over(),
        "the game ended"
    );
    assert_eq!(s.takebacks(), 0, "none offered once over");
    let why = person(&mut s, FlickAction::TakeBack).expect_err("over");
    assert!(why.contains("the game is over"), "{why}");
    assert!(s.referee().expect("a game").game.is_over());

    let again = FlickIntent::reopen(&s, bank_robbery());
    s.apply(&again, &profile(), &Seats(Seat::HOT_SEAT), None)
        .expect("opened again");
    assert!(s.practice(), "Play again keeps a practice game practice");
    assert!(!s.referee().expect("a game").game.is_over());
    let counted = FlickIntent::reopen(&opened(false), bank_robbery());
    let mut c = FlickSession::default();
    c.apply(&counted, &profile(), &Seats(Seat::HOT_SEAT), None)
        .expect("opened");
    assert!(!c.practice());
}
