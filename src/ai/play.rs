//! A game of Flick 'em Up! between two players (bots or the random player),
//! headless: for the arena, the bench and the tests.

use std::time::Duration;

use super::player::FlickBot;
use crate::flick::driver::{Step, play};
use crate::flick::referee::Referee;
use crate::flick::rules::{Intent, Outcome};
use crate::scenario::kinds::Team;

/// One team's turn as the bot played it.
#[derive(Debug, Clone)]
pub struct TurnRecord {
    pub team: Team,
    pub thinking: Duration,
    pub simulated: usize,
    pub flicks: usize,
}

#[derive(Debug, Clone)]
pub struct GameRecord {
    pub outcome: Option<Outcome>,
    pub steps: Vec<Step>,
    pub turns: Vec<TurnRecord>,
    /// A step the referee refused (a bot bug): the game stops there.
    pub refused: Option<String>,
    /// The referee's log of the game, line by line.
    pub log: Vec<String>,
    /// The table's pose hash at the end (a replay's golden hash).
    pub final_hash: u64,
}

/// Plays until the game ends or `max_steps`; `after_step` sees the referee after each step.
pub fn play_game(
    referee: &mut Referee,
    lawmen: &mut FlickBot,
    outlaws: &mut FlickBot,
    max_steps: usize,
    mut after_step: impl FnMut(&Referee, &Step),
) -> GameRecord {
    let mut record = GameRecord {
        outcome: None,
        steps: Vec::new(),
        turns: Vec::new(),
        refused: None,
        log: Vec::new(),
        final_hash: 0,
    };
    let mut turn: Option<TurnRecord> = None;
    while record.steps.len() < max_steps {
        let Some(team) = referee.game.current_team() else {
            break;
        };
        let bot = if team == Team::Lawmen {
            &mut *lawmen
        } else {
            &mut *outlaws
        };
        let (t0, s0) = (bot.stats.thinking, bot.stats.simulated);
        let Some(step) = bot.next_step(referee) else {
            break;
        };
        let t = turn.get_or_insert(TurnRecord {
            team,
            thinking: Duration::ZERO,
            simulated: 0,
            flicks: 0,
        });
        t.thinking += bot.stats.thinking - t0;
        t.simulated += bot.stats.simulated - s0;
        if !matches!(step, Step::Intent(_)) {
            t.flicks += 1;
        }
        if let Err(e) = play(referee, &step) {
            record.refused = Some(format!("{step:?}: {e}"));
            break;
        }
        after_step(referee, &step);
        if step == Step::Intent(Intent::EndTurn) || referee.game.is_over() {
            record.turns.extend(turn.take());
        }
        record.steps.push(step);
    }
    record.outcome = referee.game.outcome().cloned();
    record.log = referee.game.log.clone();
    record.final_hash = referee.table.pose_hash();
    record
}
