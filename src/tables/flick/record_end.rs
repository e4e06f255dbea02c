//! The record of your games at the Flick table: a scenario game with one
//! person at it is appended to the record ([`crate::record`]) once, when it
//! ends — won, lost or drawn, counted or practice. A run with no
//! [`RecordFile`] (a scripted run, a test) keeps none.

use bevy::prelude::*;

use super::FlickOrder;
use super::seats::Seats;
use super::session::{FlickSession, Stamp};
use crate::record::RecordFile;

pub fn plugin(app: &mut App) {
    app.init_resource::<Recorded>()
        .add_systems(Update, record_the_end.in_set(FlickOrder::Follow));
}

/// The last game recorded (its [`Stamp::game`]): each game once.
#[derive(Resource, Debug, Default)]
pub struct Recorded(pub Option<u64>);

/// Appends the game on the table to the record when it has just ended.
fn record_the_end(
    session: Res<FlickSession>,
    seats: Res<Seats>,
    file: Option<Res<RecordFile>>,
    mut recorded: ResMut<Recorded>,
) {
    let Some(referee) = session.referee() else {
        return;
    };
    let Stamp { game, .. } = session.stamp();
    if recorded.0 == Some(game) {
        return;
    }
    let (Some(outcome), Some(scenario)) = (referee.game.outcome(), session.file()) else {
        return;
    };
    recorded.0 = Some(game);
    let Some(file) = file else {
        return;
    };
    crate::record::flick_finished(
        &file,
        scenario,
        seats.0.map(|s| s.bot()),
        outcome,
        session.practice(),
    );
}
