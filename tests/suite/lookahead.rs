//! The hard bot's cheaper look-ahead (issue 26, item 7): a fork simulated
//! on a coarser step with fewer solver iterations rules as the game's
//! simulation does on a plain hit and a plain collision, in fewer steps; a
//! movement flick that has failed ends at the touch that failed it; the
//! game's table is never changed by its forks; a fork's unchanged table
//! hands out one shared snapshot.

use std::sync::Arc;

use bevy::math::Vec2;
use highnoon::ai::levels::{BotLevels, LevelSpec};
use highnoon::ai::plan::lookahead_fork;
use highnoon::ai::range::range_town;
use highnoon::bot_level::Level;
use highnoon::flick::referee::{Aim, Referee, Side};
use highnoon::flick::rules::Intent;
use highnoon::physics::table::Flick;

use crate::common::profile;

fn hard() -> LevelSpec {
    BotLevels::load_default()
        .expect("the shipped bot levels")
        .get(Level::Hard)
        .expect("a hard level")
        .clone()
}

/// The range: cowboy 0 acting, a standing target (cowboy 1) 25 cm away.
fn range(intent: Intent) -> Referee {
    let mut r = Referee::new(profile(), &range_town(25.0), 1).expect("the range");
    r.apply(Intent::Play(0)).expect("the shooter");
    r.apply(intent).expect("an action");
    r
}

/// The rules' state after a flick on the game's table and on a look-ahead
/// fork: the same, the log too (a fork starts its log empty: what it logs
/// is what the game's table logged after the fork was made).
fn assert_same_rules(full: &Referee, fork: &Referee) {
    let mut game = full.game.clone();
    let before = game.log.len().saturating_sub(fork.game.log.len());
    game.log.drain(..before);
    assert_eq!(format!("{game:?}"), format!("{:?}", fork.game));
}

fn steps(r: &Referee) -> u32 {
    r.last_outcome.as_ref().expect("a flick").steps
}

#[test]
fn a_shot_on_the_lookahead_hits_as_on_the_game_table_in_fewer_steps() {
    let spec = hard();
    let quick = spec.lookahead.expect("hard looks ahead the cheaper way");
    let r = range(Intent::Shoot);
    let before = (r.table.pose_hash(), format!("{:?}", r.game));
    let target = r.position(1);
    let aim = Aim {
        direction: r.aim_at(0, Side::Right, target),
        strength: 0.8,
        spin: 0.0,
    };
    let mut full = r.clone();
    let mut fork = lookahead_fork(&r, &spec);
    assert!(fork.table.is_quick() && !full.table.is_quick());
    assert_eq!(fork.table.profile().solver.dt, quick.dt);
    assert_eq!(fork.table.profile().solver.iterations, quick.iterations);
    let hit_full = full.flick_shot(Side::Right, aim).expect("a shot");
    let hit_quick = fork.flick_shot(Side::Right, aim).expect("a shot");
    assert_eq!(hit_full.knocked_first, Some(1), "the game's table: a hit");
    assert_eq!(hit_quick.knocked_first, Some(1), "the look-ahead: a hit");
    assert_same_rules(&full, &fork);
    let (f, q) = (steps(&full), steps(&fork));
    assert!(2 * q < f, "fewer than half the steps: {q} against {f}");
    assert_eq!(
        (r.table.pose_hash(), format!("{:?}", r.game)),
        before,
        "forks leave the game's referee as it was"
    );
    assert!(!r.table.is_quick());
}

#[test]
fn a_failed_move_on_the_lookahead_ends_at_the_touch_and_puts_the_town_back() {
    let spec = hard();
    let quick = spec.lookahead.expect("hard looks ahead the cheaper way");
    let r = range(Intent::Move);
    let me = r.position(0);
    // Straight into the target: the disc touches him, the move fails.
    let aim = Aim {
        direction: r.position(1) - me,
        strength: 0.7,
        spin: 0.0,
    };
    let mut full = r.clone();
    let mut fork = lookahead_fork(&r, &spec);
    let hash_before = fork.table.pose_hash();
    let a = full.flick_move(aim).expect("a move");
    let b = fork.flick_move(aim).expect("a move");
    assert!(a.touched && b.touched, "both touched the target");
    assert_same_rules(&full, &fork);
    assert_eq!(fork.position(0), me, "a failed move puts him back");
    assert_eq!(fork.table.pose_hash(), hash_before, "and the whole town");
    let outcome = fork.last_outcome.as_ref().expect("a flick");
    let touch = outcome.touched.first().expect("the touch");
    assert!(!outcome.at_rest, "cut off, not run to rest");
    assert!(
        outcome.steps as f32 * quick.dt <= touch.time + quick.dt * 1.01,
        "it ended on the step of the touch ({} s): {} steps of {} s",
        touch.time,
        outcome.steps,
        quick.dt
    );
    assert!(
        steps(&full) > 3 * outcome.steps,
        "the game's table ran on: {} steps",
        steps(&full)
    );
}

#[test]
fn an_unchanged_fork_shares_one_snapshot_and_a_changed_one_copies() {
    let spec = hard();
    let r = range(Intent::Shoot);
    let mut fork = lookahead_fork(&r, &spec);
    let first = fork.table.snapshot();
    assert!(Arc::ptr_eq(&first, &fork.clone().table.snapshot()));
    let hash = fork.table.pose_hash();
    // A flick straight on the table (no piece placed first): only its steps
    // change it. (A figure: the spare discs wait out of play.)
    let figure = fork.figures[0];
    fork.table
        .flick_to_rest(Flick::new(figure, Vec2::new(1.0, 0.3), 0.5))
        .expect("a flick");
    assert_ne!(fork.table.pose_hash(), hash, "the flick moved the disc");
    let after = fork.table.snapshot();
    assert!(!Arc::ptr_eq(&first, &after), "a flick changed the table");
    fork.table.restore(&first);
    assert_eq!(fork.table.pose_hash(), hash);
    assert!(Arc::ptr_eq(&first, &fork.table.snapshot()));
    // The game's own table copies each time.
    assert!(!Arc::ptr_eq(&r.table.snapshot(), &r.table.snapshot()));
}

/// Every piece's wait before sleep, as the table's bodies carry it.
fn sleep_waits(r: &Referee) -> Vec<f32> {
    r.table
        .index()
        .pieces
        .iter()
        .map(|p| r.table.bodies()[p.body].activation().time_until_sleep)
        .collect()
}

#[test]
fn the_lookahead_puts_still_pieces_to_sleep_sooner_even_after_a_restore() {
    let spec = hard();
    let quick = spec.lookahead.expect("hard looks ahead the cheaper way");
    let wait = quick
        .time_until_sleep
        .expect("hard's look-ahead sets its own wait before sleep");
    let r = range(Intent::Shoot);
    let game = r.table.profile().sleep.time_until_sleep;
    assert!(wait < game, "sooner than the game's {game} s: {wait} s");
    let mut fork = lookahead_fork(&r, &spec);
    assert!(
        sleep_waits(&fork).iter().all(|&w| w == wait),
        "the fork's pieces"
    );
    assert!(
        sleep_waits(&r).iter().all(|&w| w == game),
        "the game's are left"
    );
    // The game's table put back on the fork: still the look-ahead's wait.
    fork.table.restore(&r.table.snapshot());
    assert!(
        sleep_waits(&fork).iter().all(|&w| w == wait),
        "after a restore"
    );
    fork.table.reset();
    assert!(
        sleep_waits(&fork).iter().all(|&w| w == wait),
        "after a reset"
    );
    // A shot rules the same on the fork as on the game's table.
    let target = r.position(1);
    let aim = Aim {
        direction: r.aim_at(0, Side::Right, target),
        strength: 0.8,
        spin: 0.0,
    };
    let mut fork = lookahead_fork(&r, &spec);
    let mut full = r.clone();
    full.flick_shot(Side::Right, aim).expect("a shot");
    fork.flick_shot(Side::Right, aim).expect("a shot");
    assert_same_rules(&full, &fork);
}
