//! The coach (issue 26, item 8), headless: its hint is the hard bot's flick
//! for the cowboy the referee awaits; played on the hint's seed — as drawn,
//! and through the hand trial by trial — it does what the coach announced,
//! to the bit; the referee asked about is left as it was; a hint is refused,
//! with the reason, when no flick is awaited or the game is over.

use std::time::Instant;

use highnoon::ai::coach::{self, Hint, Refusal, Trial};
use highnoon::ai::levels::{BotLevels, LevelSpec};
use highnoon::ai::plan::FlickKind;
use highnoon::ai::range::range_town;
use highnoon::bot_level::Level;
use highnoon::flick::driver::{Step, play, play_random};
use highnoon::flick::referee::Referee;
use highnoon::flick::rules::Intent;
use highnoon::scenario::{Town, data_root};

use crate::common::profile;

fn levels() -> BotLevels {
    BotLevels::load_default().expect("the shipped bot levels")
}

/// The hard level's hand with a small search, so that the tests are quick.
fn quick_hard() -> LevelSpec {
    LevelSpec {
        samples: 16,
        iterations: 2,
        ..levels().get(Level::Hard).expect("a hard level").clone()
    }
}

/// The rules' state and the table's poses.
fn fingerprint(r: &Referee) -> (String, u64) {
    (format!("{:?}", r.game), r.table.pose_hash())
}

/// Plays `step` on a fork of the real referee (the coach played it on the
/// view a player has) and checks it does what `trial` recorded.
fn check_trial(referee: &Referee, cowboy: usize, step: &Step, trial: &Trial, what: &str) {
    assert_eq!(*step, trial.step, "{what}: the flick played");
    let mut r = referee.clone();
    let hits: Vec<usize> = match step {
        Step::Shot(side, aim) => r
            .flick_shot(*side, *aim)
            .expect("a shot")
            .knocked_first
            .into_iter()
            .collect(),
        Step::Blast(side, aim) => r.flick_dynamite(*side, *aim).expect("a blast").knocked_over,
        Step::Move(aim) => {
            r.flick_move(*aim).expect("a move");
            Vec::new()
        }
        Step::Intent(_) | Step::SetDown(_) => panic!("{what}: a hint is a flick, not {step:?}"),
    };
    assert_eq!(hits, trial.hits, "{what}: the cowboys hit");
    assert_eq!(
        r.table.pose_hash(),
        trial.pose_hash,
        "{what}: the table after"
    );
    if let Some(b) = trial.entered {
        assert_eq!(r.game.cowboys[cowboy].inside, Some(b), "{what}: entered");
    }
    if trial.failed {
        assert_eq!(
            r.position(cowboy),
            referee.position(cowboy),
            "{what}: a failed move puts him back"
        );
    }
}

/// The hint's flick as drawn, and each trial's through the hand re-derived
/// from the hint's seed, played again: each does what the hint says.
fn replay_hint(referee: &Referee, hint: &Hint, spec: &LevelSpec) {
    check_trial(referee, hint.cowboy, &hint.step, &hint.exact, "as drawn");
    for (i, trial) in hint.trials.iter().enumerate() {
        let step = coach::shaken_step(&hint.step, spec, hint.seed, i);
        check_trial(referee, hint.cowboy, &step, trial, &format!("trial {i}"));
    }
}

/// At a standing target 25 cm away, the coach hints the hard bot's shot:
/// named, hit as often as announced, and every announced shot, played again
/// on the hint's seed, hits (or misses) as the hint says.
#[test]
fn the_hinted_shot_played_on_its_seed_hits_as_announced() {
    let mut referee = Referee::new(profile(), &range_town(25.0), 1).expect("the range");
    referee.apply(Intent::Play(0)).expect("the shooter");
    referee.apply(Intent::Shoot).expect("a shot");
    let before = fingerprint(&referee);
    let spec = quick_hard();
    let hint = coach::hint_with(&referee, &spec, 10, 42).expect("a hint");
    assert_eq!(
        fingerprint(&referee),
        before,
        "the coach played nothing on the referee"
    );
    assert_eq!(
        (hint.cowboy, hint.kind, hint.seed),
        (0, FlickKind::Shot, 42)
    );
    assert_eq!(hint.name, "Shooter");
    assert!(matches!(hint.step, Step::Shot(..)), "{:?}", hint.step);
    assert_eq!(hint.trials.len(), 10);
    assert_eq!(hint.target, Some(1), "{}", hint.expects);
    let hits = hint.trials.iter().filter(|t| t.hits.contains(&1)).count();
    assert_eq!(hint.times, hits);
    assert!(
        hint.expects
            .starts_with(&format!("hits Target {hits} times in 10")),
        "{}",
        hint.expects
    );
    // The hard hand hits a standing target this near four times in five
    // (tests/suite/flick_bot.rs); even with this small search, most of ten.
    assert!(hits >= 5, "{}", hint.said());
    replay_hint(&referee, &hint, &spec);
    // The same seed, the same hint, to the bit.
    assert_eq!(
        coach::hint_with(&referee, &spec, 10, 42).expect("a hint"),
        hint
    );
    // Played in the game as drawn, the shot hurts the target as announced.
    let mut played = referee.clone();
    play(&mut played, &hint.step).expect("played");
    assert_eq!(
        played.game.cowboys[1].hit_points < 3,
        hint.exact.hits.contains(&1)
    );
}

/// In the Bank Robbery, the first move of the game: the hint (the hard
/// level's whole search) is the move the bot would make for the cowboy
/// moving, each announced play of it ends as announced, and the comparison
/// weighs a flick with the search's own value.
#[test]
fn the_hinted_move_in_the_bank_robbery_ends_as_announced() {
    let path = data_root().join("scenarios").join("bank_robbery.ron");
    let town = Town::load(&path, &profile()).expect("the scenario");
    let mut referee = Referee::new(profile(), &town, 1).expect("a referee");
    let first = referee.game.legal_intents()[0].clone();
    assert!(matches!(first, Intent::Play(_)), "{first:?}");
    referee.apply(first).expect("a cowboy played");
    referee.apply(Intent::Move).expect("a move");
    let before = fingerprint(&referee);
    let levels = levels();
    let spec = levels.get(coach::LEVEL).expect("the coach's level").clone();
    let t = Instant::now();
    let hint = coach::hint(&referee, &levels, 7).expect("a hint");
    println!(
        "a hint in {:.2} s ({} flicks simulated): {}",
        t.elapsed().as_secs_f32(),
        hint.planned.simulated + hint.trials.len() + 1,
        hint.said()
    );
    assert_eq!(
        fingerprint(&referee),
        before,
        "the coach played nothing on the referee"
    );
    assert_eq!(hint.kind, FlickKind::Move);
    assert_eq!(Some(hint.cowboy), referee.game.current_cowboy());
    assert_eq!(hint.trials.len(), coach::TRIALS);
    assert!(hint.planned.simulated >= spec.budget());
    replay_hint(&referee, &hint, &spec);
    let n = hint.trials.len();
    let times = match hint.goal {
        Some(b) => hint.trials.iter().filter(|t| t.entered == Some(b)).count(),
        None => hint.trials.iter().filter(|t| !t.failed).count(),
    };
    assert_eq!(hint.times, times);
    assert!(
        hint.expects.contains(&format!("{times} times in {n}")),
        "{}",
        hint.expects
    );
    // What it is worth: the mean of what its plays gained.
    let mean = hint.trials.iter().map(|t| t.gain).sum::<f32>() / n as f32;
    assert!((hint.worth - mean).abs() < 1e-3, "{} {mean}", hint.worth);
    // The person flicking the hint as drawn gains what the coach found for it.
    let mut after = referee.clone();
    play(&mut after, &hint.step).expect("played");
    let team = referee.game.cowboys[hint.cowboy].team;
    let yours = coach::gain(&referee, &after, team);
    assert!(
        (yours - hint.exact.gain).abs() < 1e-3,
        "{yours} {}",
        hint.exact.gain
    );
    let line = coach::compare(&referee, &after, &hint);
    assert!(
        line.starts_with(&format!(
            "The best flick here was worth {:+.1}; yours ",
            hint.worth
        )),
        "{line}"
    );
}

/// No flick awaited, no hint: the reason says what to do first; once the
/// game is over, the reason says so; and a levels file with no hard level
/// is a reason too.
#[test]
fn a_hint_is_refused_with_a_reason_when_no_flick_is_awaited() {
    let levels = levels();
    let mut town = range_town(25.0);
    town.game.as_mut().expect("a game").hit_points = 1;
    let mut referee = Referee::new(profile(), &town, 1).expect("the range");
    let why = coach::hint(&referee, &levels, 1).expect_err("a cowboy to choose");
    assert!(matches!(why, Refusal::NoFlick(_)), "{why}");
    assert!(why.to_string().contains("choose the cowboy"), "{why}");
    referee.apply(Intent::Play(0)).expect("the shooter");
    let why = coach::hint(&referee, &levels, 1).expect_err("an action to choose");
    assert!(why.to_string().contains("Move, Shoot"), "{why}");
    referee.apply(Intent::Shoot).expect("a shot");
    let why = coach::hint(&referee, &BotLevels::default(), 1).expect_err("no levels");
    assert_eq!(why, Refusal::NoLevel("hard".into()));
    // Played to the end (a hit, or noon).
    let (outcome, _) = play_random(&mut referee, 3, 5000);
    assert!(outcome.is_some(), "the game ended");
    let before = fingerprint(&referee);
    let why = coach::hint(&referee, &levels, 1).expect_err("the game is over");
    assert_eq!(why, Refusal::GameOver);
    assert!(why.to_string().contains("the game is over"), "{why}");
    assert_eq!(fingerprint(&referee), before);
}
