//! Practice: a Flick 'em Up! game started as practice lets the person take
//! back their last flick and try again. Before each of the person's flicks
//! the position is kept whole — the referee (its rules, its log and its
//! table, every body as Rapier holds it), the steps played for *Continue*,
//! the markers — and a take-back puts it back exactly: the same pose hash,
//! the same rules state and log, and the same flick from there comes out
//! the same to the bit. A counted game keeps nothing and refuses a take-back.

use super::{FlickSession, Play, ScenarioPlay};
use crate::flick::markers::Marker;
use crate::saves::SavedStep;

/// Positions a practice game keeps to take back (the oldest go first).
pub const KEPT: usize = 20;

/// The position before one of the person's flicks.
#[derive(Clone)]
pub(super) struct Kept {
    play: ScenarioPlay,
    steps: Vec<SavedStep>,
    markers: Vec<Marker>,
}

impl FlickSession {
    /// Whether the game on the table is practice (take-backs allowed; the
    /// record says so).
    pub fn practice(&self) -> bool {
        self.practice
    }

    /// Flicks that may be taken back now (none once the game is over: its
    /// result is in the record).
    pub fn takebacks(&self) -> usize {
        match &self.play {
            Some(Play::Scenario(s)) if !s.referee.game.is_over() => self.kept.len(),
            _ => 0,
        }
    }

    /// Take-backs made in this game: a position returned to is not a flick
    /// played (the coach does not weigh it).
    pub fn taken_back(&self) -> u64 {
        self.taken_back
    }

    /// Keeps the position before a flick of the person's (practice only).
    pub(super) fn keep_for_takeback(&mut self) {
        if !self.practice {
            return;
        }
        let Some(Play::Scenario(s)) = &self.play else {
            return;
        };
        self.kept.push(Kept {
            play: (**s).clone(),
            steps: self.steps.clone(),
            markers: self.markers.clone(),
        });
        if self.kept.len() > KEPT {
            self.kept.remove(0);
        }
    }

    /// The position kept before a flick that was refused outright is not
    /// one to take back to.
    pub(super) fn forget_last_kept(&mut self) {
        if self.practice {
            self.kept.pop();
        }
    }

    /// Takes back the person's last flick: the position before it, exactly
    /// (and whatever was played after it by anyone).
    pub(super) fn take_back(&mut self) -> Result<(), String> {
        if !self.practice {
            return Err(
                "a counted game has no take-backs: start a practice game to try flicks again"
                    .into(),
            );
        }
        match &self.play {
            Some(Play::Scenario(s)) if s.referee.game.is_over() => {
                return Err(
                    "the game is over and in the record: start it again to try once more".into(),
                );
            }
            Some(Play::Scenario(_)) => {}
            _ => return Err("only a game's flicks are taken back".into()),
        }
        let Some(kept) = self.kept.pop() else {
            return Err("no flick of yours to take back".into());
        };
        self.play = Some(Play::Scenario(Box::new(kept.play)));
        self.steps = kept.steps;
        self.markers = kept.markers;
        self.markers_of += 1;
        self.playback = None;
        self.last_recording = None;
        self.answer = None;
        self.message = None;
        self.taken_back += 1;
        self.touch();
        Ok(())
    }
}
