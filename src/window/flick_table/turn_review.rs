//! The coach's review of each of the person's turns: when a turn of theirs
//! begins, the coach searches the hard bot's choice for it in the
//! background (the same search, on the same seed, as a hint asked there);
//! once the person's first action of the turn is played out, it weighs
//! theirs against the best by the value the bot's search uses, in one line:
//! "Best: Wyatt shoots Kid Cooper +8.3; yours: Doc moves +2.1." It never
//! plays. The [`super::coach::Coach`] setting turns it off with the coach.

use bevy::prelude::*;
use bevy::tasks::Task;
use bevy::tasks::futures::check_ready;

use super::coach::{Advice, Coach, CoachHint, search, seed_of};
use crate::ai::plan;
use crate::ai::turn_coach::{self, Line};
use crate::flick::driver::Step;
use crate::flick::referee::Referee;
use crate::flick::rules::{Intent, Phase};
use crate::saves::SavedStep;
use crate::scenario::kinds::Team;
use crate::tables::flick::seats::Seats;
use crate::tables::flick::session::FlickSession;
use crate::tables::flick::{FlickOrder, FlickSystems};

pub fn plugin(app: &mut App) {
    app.init_resource::<TurnWatch>().add_systems(
        Update,
        (watch_turns, review_turns)
            .chain()
            .in_set(FlickOrder::Decide)
            .in_set(FlickSystems),
    );
}

/// The person's turn being watched.
#[derive(Resource, Default)]
pub struct TurnWatch {
    /// The game watched (a new game starts afresh).
    game: Option<u64>,
    turn: Option<Watched>,
    /// Reviews said so far in this game.
    pub reviews: usize,
}

/// A turn of the person's, from its start.
struct Watched {
    /// The position at its start, as a player at the table sees it.
    start: Referee,
    team: Team,
    /// Steps played before it.
    steps_at: usize,
    /// The search for the best choice, until it answers.
    task: Option<Task<Result<Advice, String>>>,
    best: Option<Line>,
    /// The person's first action in words, and what it gained.
    yours: Option<(String, f32)>,
}

/// Starts watching a turn of the person's as it begins; notes their first
/// action once it is played out; drops a turn taken back or abandoned.
fn watch_turns(
    session: Res<FlickSession>,
    seats: Res<Seats>,
    setting: Res<Coach>,
    mut watch: ResMut<TurnWatch>,
) {
    let game = session.referee().map(|_| session.stamp().game);
    if game != watch.game || !setting.on {
        *watch = TurnWatch { game, ..default() };
        return;
    }
    let Some(referee) = session.referee() else {
        return;
    };
    if session.replaying() {
        return;
    }
    let steps = session.steps();
    if watch
        .turn
        .as_ref()
        .is_some_and(|t| steps.len() < t.steps_at)
    {
        // Taken back to before the turn.
        watch.turn = None;
    }
    match &mut watch.turn {
        None => {
            if let Phase::Choose { team, .. } = referee.game.phase
                && session.computer_to_act(&seats).is_none()
            {
                let start = referee.public_view();
                let task = search(start.clone(), seed_of(session.stamp(), referee));
                watch.turn = Some(Watched {
                    start,
                    team,
                    steps_at: steps.len(),
                    task: Some(task),
                    best: None,
                    yours: None,
                });
            }
        }
        Some(turn) if turn.yours.is_none() => {
            if let Some(yours) = first_action(turn, &steps[turn.steps_at..], referee) {
                turn.yours = Some(yours);
            }
        }
        Some(_) => {}
    }
}

/// The person's first action of the turn in words and its gain, once it
/// is played out (its flicks shown, a token drawn kept or left).
fn first_action(turn: &Watched, since: &[SavedStep], now: &Referee) -> Option<(String, f32)> {
    let intents: Vec<Intent> = since
        .iter()
        .filter_map(|s| match s {
            SavedStep::Step(r) => match Step::from(r) {
                Step::Intent(i) => Some(i),
                _ => None,
            },
            SavedStep::ClearDoor(_) => None,
        })
        .collect();
    let action = intents.iter().find(|i| !matches!(i, Intent::Play(_)))?;
    // Cut where the best line is cut: after the action's first flick (a
    // second bullet is not counted), or once a token drawn is kept or left.
    let flicked = since.iter().any(|s| match s {
        SavedStep::Step(r) => !matches!(Step::from(r), Step::Intent(_) | Step::SetDown(_)),
        SavedStep::ClearDoor(_) => false,
    });
    let busy = matches!(
        now.game.phase,
        Phase::AwaitMove { .. }
            | Phase::AwaitShots { .. }
            | Phase::AwaitBlast { .. }
            | Phase::AwaitKeep { .. }
    );
    if busy && !flicked {
        return None;
    }
    let cowboy = intents
        .iter()
        .find_map(|i| match i {
            Intent::Play(c) => Some(*c),
            _ => None,
        })
        .or(turn.start.game.current_cowboy());
    let words = turn_coach::choice_words(&turn.start, cowboy, Some(action));
    let after = now.public_view();
    let gain = plan::value_replied(&after, turn.team) - plan::value_replied(&turn.start, turn.team);
    Some((words, gain))
}

/// Takes the best choice when its search answers, and says the review once
/// both it and the person's first action are known.
fn review_turns(mut watch: ResMut<TurnWatch>, mut coach: ResMut<CoachHint>) {
    let watch = &mut *watch;
    let Some(turn) = watch.turn.as_mut() else {
        return;
    };
    if let Some(task) = turn.task.as_mut()
        && let Some(answer) = check_ready(task)
    {
        turn.task = None;
        match answer {
            Ok(Advice::Turn(t)) => turn.best = Some(t.best().clone()),
            Ok(Advice::Flick(_)) => {}
            // Said once; the turn is watched on, unreviewed, to its first
            // action (not searched again each frame).
            Err(e) => coach.say(format!("The coach could not weigh this turn: {e}.")),
        }
    }
    if turn.task.is_none()
        && let (Some(best), Some((yours, gain))) = (&turn.best, &turn.yours)
    {
        coach.say(turn_coach::review_line(best, yours, *gain));
        watch.reviews += 1;
    }
    if turn.task.is_none() && turn.yours.is_some() {
        watch.turn = None;
    }
}
