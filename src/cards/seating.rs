//! Who sits at a card table: a person or a bot of a level, as a setup lists
//! them and as the table fills them out.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::bot_level::Level;
use crate::scenario::DataError;

/// Who sits in a seat at the window's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatKind {
    /// The person at the computer.
    You,
    /// A computer opponent of this level.
    Bot(Level),
}

impl std::fmt::Display for SeatKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatKind::You => f.write_str("you"),
            SeatKind::Bot(l) => write!(f, "{l} bot"),
        }
    }
}

/// The seats as the setup lists them, filled out to `players`: seat 0 is you
/// when the file names nobody; missing seats are normal bots, extra ones are
/// dropped (so `--players` may change the count).
pub fn seats_for(listed: &[SeatKind], players: usize) -> Vec<SeatKind> {
    if listed.is_empty() {
        return (0..players)
            .map(|s| {
                if s == 0 {
                    SeatKind::You
                } else {
                    SeatKind::Bot(Level::Normal)
                }
            })
            .collect();
    }
    (0..players)
        .map(|s| {
            listed
                .get(s)
                .copied()
                .unwrap_or(SeatKind::Bot(Level::Normal))
        })
        .collect()
}

/// The problem with a setup's `seats`, if any: at most one seat is yours.
pub fn check_seats(seats: &[SeatKind], file: &Path, text: &str) -> Option<DataError> {
    let yours = seats.iter().filter(|s| **s == SeatKind::You).count();
    (yours > 1).then(|| {
        super::at_key(
            file,
            text,
            "seats",
            format!(
                "{yours} seats are `You`: one person sits at the table, the rest are `Bot(level)`"
            ),
        )
    })
}

/// The seed a setup names (1 when it names none).
pub fn default_seed() -> u64 {
    1
}
