//! The tokens lying in the buildings: face down or up, and who left each one
//! (a delivery counts only what the delivering team left).

use serde::{Deserialize, Serialize};

use crate::scenario::game::Token;
use crate::scenario::kinds::{BuildingKind, Team};

/// A token lying in a building.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileToken {
    pub token: Token,
    /// Face down: drawn at random, unknown until turned over.
    pub face_down: bool,
    /// The team of the living cowboy who left it here (dropped, or given in an
    /// exchange): what a delivery counts. `None` for a token that lay here from
    /// the start or came with a dead man's belongings.
    pub left_by: Option<Team>,
}

/// The tokens lying in one building, each face up or face down.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PileState {
    pub building: BuildingKind,
    pub tokens: Vec<PileToken>,
}

impl PileState {
    /// The face-up tokens, in the order they lie.
    pub fn face_up(&self) -> impl Iterator<Item = Token> + '_ {
        self.tokens.iter().filter(|t| !t.face_down).map(|t| t.token)
    }

    /// How many tokens lie face down (what anyone at the table can count).
    pub fn face_down_count(&self) -> usize {
        self.tokens.iter().filter(|t| t.face_down).count()
    }

    /// How many `token`s `team` has delivered here.
    pub fn delivered(&self, token: Token, team: Team) -> usize {
        self.tokens
            .iter()
            .filter(|t| t.token == token && t.left_by == Some(team))
            .count()
    }

    pub(super) fn push_left(&mut self, token: Token, left_by: Option<Team>) {
        self.tokens.push(PileToken {
            token,
            face_down: false,
            left_by,
        });
    }
}
