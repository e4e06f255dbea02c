//! The town checked as the author builds it: every problem `validate` finds
//! (`Town::problems_by_piece`), each on the piece it concerns (and placed at
//! that piece's own text, so two pieces at the same spot are told apart),
//! and the warning a player would meet (a first hour whose hat colour no
//! cowboy wears). Errors keep a town from being played; warnings do not.

use std::path::Path;

use super::ron_text;
use crate::flick::rules::{colour_name, hour_colour};
use crate::scenario::kinds::Team;
use crate::scenario::town::{PieceRef, Town};
use crate::scenario::{PhysicsProfile, line_col};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The town cannot be played until it is fixed.
    Error,
    /// The town plays, but not as its author may think.
    Warning,
}

/// One problem, on what it concerns.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub severity: Severity,
    /// The piece it is about, and the piece it meets (an overlap, a door).
    pub piece: Option<PieceRef>,
    pub other: Option<PieceRef>,
    /// The `game` field it is about.
    pub game_field: Option<&'static str>,
    /// Line and column in the text (1-based).
    pub at: Option<(usize, usize)>,
    pub message: String,
}

/// Every problem with `town` (read from `text`), errors first.
pub fn problems(town: &Town, path: &Path, text: &str, profile: &PhysicsProfile) -> Vec<Problem> {
    let root = ron_text::read(text).ok();
    let place_of = |piece: PieceRef| {
        let item = root
            .as_ref()?
            .field(piece.list.key())?
            .items()
            .get(piece.index)?;
        Some(line_col(text, item.span.start))
    };
    let mut out: Vec<Problem> = town
        .problems_by_piece(path, text, profile)
        .into_iter()
        .map(|p| Problem {
            severity: Severity::Error,
            piece: p.piece,
            other: p.other,
            game_field: p.game_field,
            at: p.piece.and_then(place_of).or(p.error.position),
            message: p.error.message,
        })
        .collect();
    out.extend(empty_first_hour(town, text));
    out
}

/// The first hour, when no cowboy's hat shows its colour: the clock moves
/// straight on to the next (later hours depend on the hats turned in play).
/// A warning: the game plays, an hour later than its file says.
pub fn empty_first_hour(town: &Town, text: &str) -> Option<Problem> {
    let game = town.game.as_ref()?;
    let side = hour_colour(game.start_hour);
    let worn = town
        .cowboy_specs()
        .iter()
        .any(|c| c.team != Team::Neutral && c.side == side);
    if worn {
        return None;
    }
    let at = text
        .find("start_hour")
        .or_else(|| text.find("game"))
        .map(|i| line_col(text, i));
    Some(Problem {
        severity: Severity::Warning,
        piece: None,
        other: None,
        game_field: Some("start_hour"),
        at,
        message: format!(
            "no cowboy's hat shows {} at {} o'clock: the clock moves on to {} o'clock at once",
            colour_name(side),
            game.start_hour,
            game.start_hour + 1
        ),
    })
}

/// Whether a town with these problems can be played.
pub fn playable(problems: &[Problem]) -> bool {
    problems.iter().all(|p| p.severity == Severity::Warning)
}
