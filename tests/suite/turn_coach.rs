//! The coach for the whole turn (issue 54, item 1), headless: asked while
//! a cowboy or an action is to be chosen, its first choice is the hard
//! bot's own decision on the same seed, step for step up to the flick it
//! plans; the runners-up are other options the bot weighed; the referee
//! asked about is left as it was.

use std::time::Instant;

use highnoon::ai::coach::{self, Refusal};
use highnoon::ai::levels::BotLevels;
use highnoon::ai::player::FlickBot;
use highnoon::ai::turn_coach::{self, CHOICES, TurnHint};
use highnoon::flick::driver::{Step, play, play_random};
use highnoon::flick::referee::Referee;
use highnoon::flick::rules::{Intent, Phase};
use highnoon::scenario::{Town, data_root};

use crate::common::profile;

fn levels() -> BotLevels {
    BotLevels::load_default().expect("the shipped bot levels")
}

fn scenario(name: &str, seed: u64) -> Referee {
    let path = data_root().join("scenarios").join(format!("{name}.ron"));
    let town = Town::load(&path, &profile()).expect("the scenario");
    Referee::new(profile(), &town, seed).expect("a referee")
}

/// The rules' state and the table's poses.
fn fingerprint(r: &Referee) -> (String, u64) {
    (format!("{:?}", r.game), r.table.pose_hash())
}

/// The hard bot's steps on the real referee from here, up to and including
/// its first flick (or the action that ends its choice), with the plan of
/// that flick.
fn bots_steps(referee: &Referee, seed: u64) -> (Vec<Step>, Option<highnoon::ai::plan::Planned>) {
    let mut bot = FlickBot::new(coach::LEVEL, &levels(), seed);
    let mut r = referee.clone();
    let mut steps = Vec::new();
    for _ in 0..6 {
        let step = bot.next_step(&r).expect("a step");
        match &step {
            Step::Intent(i) => {
                steps.push(step.clone());
                play(&mut r, &step).expect("the bot's intent");
                let flicks = matches!(
                    r.game.phase,
                    Phase::AwaitMove { .. } | Phase::AwaitShots { .. } | Phase::AwaitBlast { .. }
                );
                if !matches!(i, Intent::Play(_)) && !flicks {
                    return (steps, None);
                }
            }
            _ => {
                let planned = bot.last_plan.expect("a planned flick");
                steps.push(coach::step_of(planned.kind, &planned));
                return (steps, Some(planned));
            }
        }
    }
    panic!("the bot took six steps without a flick or an action: {steps:?}");
}

fn check_is_the_bots(referee: &Referee, hint: &TurnHint, seed: u64, what: &str) {
    let (steps, planned) = bots_steps(referee, seed);
    let best = hint.best();
    assert_eq!(best.steps, steps, "{what}: the hint's steps are the bot's");
    assert_eq!(
        best.flick.as_ref().map(|h| h.planned),
        planned,
        "{what}: the hint's flick is the bot's plan"
    );
    assert!(hint.lines.len() <= CHOICES, "{what}");
    for (i, line) in hint.lines.iter().enumerate() {
        assert!(!line.steps.is_empty(), "{what}: line {i} has steps");
        assert!(line.worth.is_finite(), "{what}: line {i}'s worth");
        assert!(!line.words.is_empty(), "{what}");
        // Each choice once (the opening's forced cowboy is in every line:
        // the choice is then his action).
        let choice = |l: &turn_coach::Line| l.steps.iter().take(2).cloned().collect::<Vec<_>>();
        for other in &hint.lines[i + 1..] {
            assert_ne!(choice(line), choice(other), "{what}: each choice once");
        }
    }
}

/// At the opening of the Bank Robbery (a cowboy to choose) and once a
/// cowboy is played (an action to choose), on two seeds each: the hint's
/// first choice is the hard bot's decision, up to its planned flick.
#[test]
fn the_whole_turn_hint_is_the_hard_bots_decision() {
    let levels = levels();
    let mut referee = scenario("bank_robbery", 1);
    assert!(matches!(referee.game.phase, Phase::Choose { .. }));
    for seed in [3, 11] {
        let before = fingerprint(&referee);
        let t = Instant::now();
        let hint = turn_coach::turn_hint(&referee, &levels, seed).expect("a hint");
        println!(
            "choose, seed {seed}: {:.2} s: {}",
            t.elapsed().as_secs_f32(),
            hint.said()
        );
        assert_eq!(fingerprint(&referee), before, "nothing played");
        check_is_the_bots(&referee, &hint, seed, "a cowboy to choose");
        let best = hint.best();
        assert!(matches!(best.steps[0], Step::Intent(Intent::Play(_))));
        assert!(best.cowboy.is_some() && best.action.is_some());
        // The opening's cowboy is forced: the runners-up are his other actions.
        assert!(hint.lines.len() >= 2, "{}", hint.said());
    }
    // A cowboy played: the action is the choice.
    let play_first = referee
        .game
        .legal_intents()
        .into_iter()
        .find(|i| matches!(i, Intent::Play(_)))
        .expect("a cowboy");
    referee.apply(play_first).expect("played");
    for seed in [3, 11] {
        let hint = turn_coach::turn_hint(&referee, &levels, seed).expect("a hint");
        println!("act, seed {seed}: {}", hint.said());
        check_is_the_bots(&referee, &hint, seed, "an action to choose");
        assert!(
            hint.lines.len() >= 2,
            "an action has runners-up: {}",
            hint.said()
        );
    }
    // The lawman's turn ended: the outlaws choose any of theirs.
    referee.apply(Intent::EndTurn).expect("the turn ends");
    assert!(matches!(
        referee.game.phase,
        Phase::Choose { forced: None, .. }
    ));
    let hint = turn_coach::turn_hint(&referee, &levels, 5).expect("a hint");
    println!("an outlaw to choose: {}", hint.said());
    check_is_the_bots(&referee, &hint, 5, "an outlaw to choose");
    let cowboys: Vec<_> = hint.lines.iter().map(|l| l.cowboy).collect();
    assert_eq!(hint.lines.len(), CHOICES, "{}", hint.said());
    assert!(
        cowboys
            .iter()
            .enumerate()
            .all(|(i, c)| !cowboys[i + 1..].contains(c)),
        "three cowboys: {cowboys:?}"
    );
}

/// Later in a game (a random game played some way on), wherever a choice
/// is awaited, the hint's first choice is the bot's.
#[test]
fn the_whole_turn_hint_follows_the_bot_in_later_positions() {
    let levels = levels();
    let mut checked = 0;
    for (n, seed) in [(9usize, 5u64), (23, 8)] {
        let mut referee = scenario("final_showdown", seed);
        let _ = play_random(&mut referee, seed, n);
        // On to the next choice.
        let mut walker = highnoon::flick::driver::RandomPlayer::new(seed);
        while !referee.game.is_over() && !turn_coach::awaits_choice(&referee) {
            let step = walker.next_step(&referee).expect("a step");
            let _ = play(&mut referee, &step);
        }
        if referee.game.is_over() {
            continue;
        }
        let hint = turn_coach::turn_hint(&referee, &levels, seed).expect("a hint");
        check_is_the_bots(&referee, &hint, seed, &format!("{n} steps in"));
        checked += 1;
    }
    assert!(checked > 0, "a position with a choice was reached");
}

/// The words and the review name the bot's choice and both worths.
#[test]
fn the_review_line_weighs_the_best_against_yours() {
    let referee = scenario("bank_robbery", 1);
    let hint = turn_coach::turn_hint_with(&referee, &levels(), 2, 4).expect("a hint");
    let best = hint.best();
    let line = turn_coach::review_line(best, "Doc moves", 2.14);
    assert_eq!(
        line,
        format!(
            "Best: {} {:+.1}; yours: Doc moves +2.1.",
            best.words, best.worth
        )
    );
    let name = &referee.game.cowboys[best.cowboy.expect("a cowboy")].name;
    assert!(best.words.starts_with(name.as_str()), "{}", best.words);
    assert!(hint.said().starts_with(&format!("Hint: {}", best.words)));
}

/// Over, no hint; no hard level, no hint.
#[test]
fn the_whole_turn_hint_is_refused_with_a_reason() {
    let mut referee = scenario("bank_robbery", 1);
    let why = turn_coach::turn_hint(&referee, &BotLevels::default(), 1)
        .err()
        .expect("no levels");
    assert_eq!(why, Refusal::NoLevel("hard".into()));
    let (outcome, _) = play_random(&mut referee, 3, 20_000);
    assert!(outcome.is_some(), "the game ended");
    let why = turn_coach::turn_hint(&referee, &levels(), 1)
        .err()
        .expect("over");
    assert_eq!(why, Refusal::GameOver);
}
