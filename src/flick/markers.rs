//! Where a shot hit, or why it missed, said where it happened: the window
//! puts each marker on the table after the flick (a ring and its words).
//! Pure: from the flick's outcome and the rules' verdict on it.

use bevy::math::Vec3;

use crate::physics::pieces::PieceKind;
use crate::physics::table::{FlickOutcome, TableIndex};

/// The rules' verdict on a shot (kept by the referee).
#[derive(Debug, Clone, PartialEq)]
pub struct ShotVerdict {
    /// The cowboy the bullet knocked over first, if any (his name).
    pub knocked_first: Option<String>,
    /// Whether that counted as a hit (a cowboy who cannot be hit now stands back up).
    pub counted: bool,
}

/// A word on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub at: Vec3,
    pub text: String,
    pub hit: bool,
}

/// What a shot did, said where: the hit cowboy; else what the bullet met
/// first (or where it stopped, having met nothing). `pose` gives a piece's
/// place now.
pub fn shot_marker(
    outcome: &FlickOutcome,
    verdict: &ShotVerdict,
    index: &TableIndex,
    pose: impl Fn(crate::physics::pieces::PieceId) -> Vec3,
) -> Marker {
    let place_of = |name: &str| index.by_name(name).map(|p| pose(p.id));
    if let Some(name) = &verdict.knocked_first {
        let at = place_of(name).unwrap_or(outcome.rest_position);
        return if verdict.counted {
            Marker {
                at,
                text: format!("Hit: {name}"),
                hit: true,
            }
        } else {
            Marker {
                at,
                text: format!("{name} went down, but cannot be hit now"),
                hit: false,
            }
        };
    }
    let Some(first) = outcome.first_touch() else {
        return Marker {
            at: outcome.rest_position,
            text: "Miss: the bullet touched nothing".into(),
            hit: false,
        };
    };
    let at = pose(first.piece);
    let figure = index.get(first.piece).is_some_and(|p| p.kind.is_figure());
    let text = if figure {
        format!("Miss: {} was struck but did not fall", first.name)
    } else {
        let what = match index.get(first.piece).map(|p| p.kind) {
            Some(PieceKind::Building(_)) => format!("the {}", first.name),
            _ => first.name.clone(),
        };
        // And the cowboy it reached after, if it did: why he did not count.
        match outcome
            .touched
            .iter()
            .skip(1)
            .find(|t| index.get(t.piece).is_some_and(|p| p.kind.is_figure()))
        {
            Some(then) => format!("Miss: the bullet struck {what} before {}", then.name),
            None => format!("Miss: the bullet struck {what} first"),
        }
    };
    Marker {
        at,
        text,
        hit: false,
    }
}
