//! Computer seats at the Flick table. When the game awaits a team that a bot
//! plays and nothing is moving, the bot thinks on the async compute pool (the
//! window keeps drawing: planning a flick can take half a second); then it
//! shows the flick it means as the mouse's drag is shown (or pauses before a
//! choice, so a watcher can follow), and hands its step to the referee, which
//! plays it as it plays the player's (a [`FlickIntent`] from a computer
//! seat). A decision made on a state of the game that has since changed (a
//! restart, a reload, leaving the table) is dropped.
//!
//! Bots are seeded from [`BOT_SEED`] and their team, and seated afresh for
//! every game: the same game, seats and machine play the same way.

use std::panic::{AssertUnwindSafe, catch_unwind};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::aim::{AIM_FRAMES, AIM_SECONDS, Aim, FULL_PULL};
use super::seats::Seats;
use super::session::{By, FlickAction, FlickIntent, FlickSession, Stamp};
use super::{FlickOrder, FlickSystems};
use crate::ai::levels::BotLevels;
use crate::ai::plan::Planned;
use crate::ai::player::FlickBot;
use crate::flick::driver::{RandomPlayer, Step};
use crate::flick::referee::Referee;

pub fn plugin(app: &mut App) {
    app.init_resource::<BotTurn>().add_systems(
        Update,
        (
            seat_bots,
            collect_decisions,
            hand_in_decisions,
            start_thinking,
        )
            .chain()
            .in_set(FlickOrder::Decide)
            .in_set(FlickSystems),
    );
}

/// Seconds a bot's finger takes to pull back to the full aim (within [`AIM_SECONDS`]).
const PULL_SECONDS: f32 = 0.35;
/// Seconds before a bot's choice (a cowboy, an action, the end of its turn) is applied.
pub const PAUSE_SECONDS: f32 = 0.4;
/// Bots are seeded from this plus their team's index (0 lawmen, 1 outlaws).
pub const BOT_SEED: u64 = 0x4849_4748_4e4f_4f4e;
/// Refusals in a row after which a seat plays a random legal step instead,
/// so that a bot's mistake cannot stall the table.
const MAX_REFUSALS: u32 = 3;

/// A recorded game played back in the window (`replay FILE --window`): its
/// seed, and its steps still to play, handed in at the table's pace in place
/// of the bots' (both seats are computer seats).
#[derive(Resource, Debug, Clone, Default)]
pub struct ReplayScript {
    pub seed: u64,
    pub steps: std::collections::VecDeque<Step>,
    /// Steps handed in so far.
    pub played: usize,
}

/// What the bot thinking returns: the bot, back, and its step (or why it has none).
type Thought = (FlickBot, Result<Option<Step>, String>);

/// What the computer seats are doing.
#[derive(Default)]
enum Doing {
    #[default]
    Idle,
    /// A bot is thinking on another thread about the state `stamp`.
    Thinking {
        task: Task<Thought>,
        seat: usize,
        stamp: Stamp,
    },
    /// A decided step on show: its aim (a flick), or a pause (a choice).
    Showing {
        step: Step,
        stamp: Stamp,
        aim: Option<Aim>,
        t: f32,
        frames: u32,
        wait: f32,
    },
    /// A step handed in on the state `stamp`, until the session has applied
    /// or refused it.
    HandedIn(Stamp),
}

/// The computer seats of the game on the table.
#[derive(Resource, Default)]
pub struct BotTurn {
    /// The game the bots were seated for (a new game seats fresh ones).
    game: Option<u64>,
    /// Each team's bot, `[lawmen, outlaws]` (away while it thinks).
    bots: [Option<FlickBot>; 2],
    doing: Doing,
    /// Plays for a seat whose steps the referee keeps refusing.
    fallback: Option<RandomPlayer>,
    refusals: u32,
    /// Steps the referee refused in this game, all told.
    refused: u32,
    /// A state on which the seat found nothing to do: it does not ask again.
    gave_up: Option<Stamp>,
    /// Something wrong with the computer seats, for the HUD.
    pub problem: Option<String>,
}

impl BotTurn {
    /// Steps of the computer seats the referee refused in this game.
    pub fn refused(&self) -> u32 {
        self.refused
    }

    /// A bot is thinking (on another thread) about its next step.
    pub fn thinking(&self) -> bool {
        matches!(self.doing, Doing::Thinking { .. })
    }

    /// The decided step on show (the aim of a flick, or the pause before a
    /// choice); `None` while the bot thinks.
    pub fn shown_step(&self) -> Option<&Step> {
        match &self.doing {
            Doing::Showing { step, .. } => Some(step),
            _ => None,
        }
    }
}

/// Seats fresh bots when a new game starts (and none when it ends), dropping
/// whatever the old ones were doing.
fn seat_bots(
    session: Res<FlickSession>,
    seats: Res<Seats>,
    mut turn: ResMut<BotTurn>,
    mut aim: ResMut<Aim>,
) {
    let game = session.referee().map(|_| session.stamp().game);
    if game == turn.game {
        return;
    }
    if matches!(turn.doing, Doing::Showing { aim: Some(_), .. }) {
        *aim = Aim::default();
    }
    // A thinking task is dropped here (cancelled; its bot with it).
    *turn = BotTurn { game, ..default() };
    if game.is_none() || seats.0.iter().all(|s| s.bot().is_none()) {
        return;
    }
    // Read for every game, so that a tuned levels file takes effect on "Play again".
    let levels = match BotLevels::load_default() {
        Ok(levels) => levels,
        Err(e) => {
            error!("bot levels: {e}");
            turn.problem = Some(format!(
                "The bot levels file has problems, so the bots play at random:\n{e}"
            ));
            BotLevels::default()
        }
    };
    for (i, seat) in seats.0.iter().enumerate() {
        turn.bots[i] = seat
            .bot()
            .map(|level| FlickBot::new(level, &levels, BOT_SEED.wrapping_add(i as u64)));
    }
    turn.fallback = Some(RandomPlayer::new(BOT_SEED ^ 0xfa11_bac4));
}

/// Takes the referee's answer to the last step handed in, and a bot's
/// decision when its thinking is done: the step goes on show, unless the game
/// has moved on meanwhile (then it is dropped).
fn collect_decisions(mut session: ResMut<FlickSession>, mut turn: ResMut<BotTurn>) {
    let turn = &mut *turn;
    // Taking the answer changes nothing on show.
    let answer = session.bypass_change_detection().take_answer();
    match &answer {
        Some(Ok(())) => turn.refusals = 0,
        Some(Err(e)) => {
            warn!("the referee refused a bot's step: {e}");
            turn.refusals += 1;
            turn.refused += 1;
        }
        None => {}
    }
    if let Doing::HandedIn(stamp) = turn.doing
        && (answer.is_some() || session.stamp() != stamp)
    {
        turn.doing = Doing::Idle;
    }
    let Doing::Thinking { task, seat, stamp } = &mut turn.doing else {
        return;
    };
    let Some((bot, thought)) = check_ready(task) else {
        return;
    };
    let (seat, stamp) = (*seat, *stamp);
    turn.doing = Doing::Idle;
    let plan = bot.last_plan;
    turn.bots[seat] = Some(bot);
    let Some(referee) = session.referee().filter(|_| session.stamp() == stamp) else {
        return;
    };
    match thought {
        Ok(Some(step)) => turn.doing = show(referee, step, plan, stamp),
        Ok(None) => {
            warn!("a bot found nothing to do");
            turn.gave_up = Some(stamp);
        }
        Err(e) => {
            error!("a bot failed while thinking: {e}");
            turn.problem = Some(format!("A bot failed while thinking: {e}"));
            turn.refusals += 1;
        }
    }
}

/// Shows the decided step for its moment (a flick's aim pulled back like a
/// finger, or a pause), then hands it to the referee.
fn hand_in_decisions(
    time: Res<Time>,
    mut turn: ResMut<BotTurn>,
    mut intents: MessageWriter<FlickIntent>,
    mut aim: ResMut<Aim>,
) {
    let Doing::Showing {
        aim: shown,
        t,
        frames,
        wait,
        ..
    } = &mut turn.doing
    else {
        return;
    };
    *t += time.delta_secs();
    if let Some(shown) = shown {
        let k = (*t / PULL_SECONDS).clamp(0.0, 1.0);
        let k = k * k * (3.0 - 2.0 * k);
        *aim = Aim {
            pull: shown.pull * k,
            ..shown.clone()
        };
    }
    // Drawn this frame: handed in on a later one.
    if *t < *wait || *frames > 0 {
        *frames = frames.saturating_sub(1);
        return;
    }
    let Doing::Showing {
        step,
        stamp,
        aim: shown,
        ..
    } = std::mem::take(&mut turn.doing)
    else {
        return;
    };
    if shown.is_some() {
        *aim = Aim::default();
    }
    intents.write(FlickIntent {
        by: By::Computer(stamp),
        action: FlickAction::Step(step),
    });
    turn.doing = Doing::HandedIn(stamp);
}

/// Sets the bot of the team the game awaits thinking, on the async compute
/// pool, once nothing moves on the table and its last step has been played.
fn start_thinking(
    session: Res<FlickSession>,
    script: Option<ResMut<ReplayScript>>,
    seats: Res<Seats>,
    mut turn: ResMut<BotTurn>,
) {
    let Some(referee) = session.referee() else {
        return;
    };
    let turn = &mut *turn;
    if !matches!(turn.doing, Doing::Idle) || session.replaying() {
        return;
    }
    let Some((team, _)) = seats.bot_to_act(&referee.game) else {
        return;
    };
    let Some(seat) = Seats::index(team) else {
        return;
    };
    let stamp = session.stamp();
    if turn.gave_up == Some(stamp) {
        return;
    }
    // A replay in the window: the recorded step, shown as a bot's is.
    if let Some(mut script) = script {
        if let Some(step) = script.steps.pop_front() {
            script.played += 1;
            turn.doing = show(referee, step, None, stamp);
        }
        return;
    }
    if turn.refusals >= MAX_REFUSALS {
        // The referee keeps refusing this seat's steps: a random legal step
        // moves the game on (quickly: the random player does not simulate).
        turn.refusals = 0;
        let step = turn.fallback.as_mut().and_then(|p| p.next_step(referee));
        match step {
            Some(step) => turn.doing = show(referee, step, None, stamp),
            None => turn.gave_up = Some(stamp),
        }
        return;
    }
    let Some(mut bot) = turn.bots[seat].take() else {
        return;
    };
    // Whatever it plans now is what its aim will show.
    bot.last_plan = None;
    let referee = referee.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        // A bot that panics gives its seat back rather than never answering.
        let thought = catch_unwind(AssertUnwindSafe(|| bot.next_step(&referee))).map_err(|p| {
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "it panicked".to_string())
        });
        (bot, thought)
    });
    turn.doing = Doing::Thinking { task, seat, stamp };
}

/// A decided step on show: a flick with its aim, a choice with a pause.
fn show(referee: &Referee, step: Step, plan: Option<Planned>, stamp: Stamp) -> Doing {
    let aim = flick_aim(referee, &step, plan);
    let (wait, frames) = if aim.is_some() {
        (AIM_SECONDS, AIM_FRAMES)
    } else {
        (PAUSE_SECONDS, 0)
    };
    Doing::Showing {
        step,
        stamp,
        aim,
        t: 0.0,
        frames,
        wait,
    }
}

/// The aim to show for a bot's flick (or the coach's hint), as the mouse's
/// drag is shown: from where the disc starts, the flick it meant (its plan,
/// before its hand shook; the step itself when it made no plan).
pub fn flick_aim(referee: &Referee, step: &Step, plan: Option<Planned>) -> Option<Aim> {
    let (side, played) = match step {
        Step::Intent(_) | Step::SetDown(_) => return None,
        Step::Move(aim) => (None, *aim),
        Step::Shot(side, aim) | Step::Blast(side, aim) => (Some(*side), *aim),
    };
    let meant = plan.map_or(played, |p| p.aim);
    let (at, disc) = referee.flick_anchor()?;
    let cowboy = referee.game.current_cowboy()?;
    let piece = referee.table.index().get(disc)?;
    let anchor = match side {
        // The movement disc starts at the ring the player drags from.
        None => at,
        // A bullet starts beside the cowboy, on its side of the shot.
        Some(side) => {
            let start = referee.shot_start(cowboy, side, meant.direction, piece.radius);
            Vec3::new(start.x, at.y, start.y)
        }
    };
    let direction = meant.direction.normalize_or_zero();
    if direction == Vec2::ZERO {
        return None;
    }
    Some(Aim {
        piece: Some(disc),
        name: piece.name.clone(),
        anchor,
        // The finger pulled back, away from where the disc will go.
        pull: -direction * meant.strength.clamp(0.0, 1.0) * FULL_PULL,
        spin: meant.spin.clamp(-1.0, 1.0),
    })
}
