//! *Continue* at the Flick table: the game on it is saved when the table is
//! left (Esc → Leave to the menu) or the window closes, and a saved game is
//! opened again from its steps (`FlickRequest::resume`).

use bevy::prelude::*;

use super::FlickRequest;
use crate::saves::ContinueFile;
use crate::tables::flick::seats::Seats;
use crate::tables::flick::session::FlickSession;
use crate::window::Screen;

pub fn plugin(app: &mut App) {
    app.add_systems(Last, keep_the_game_on_quit.run_if(in_state(Screen::Flick)));
}

/// Saves the game on the table for *Continue* (nothing for the sandbox or
/// a finished game; then an older save stays as it was). Errors are logged.
pub fn keep_the_game(world: &mut World) {
    let (Some(session), Some(request), Some(seats)) = (
        world.get_resource::<FlickSession>(),
        world.get_resource::<FlickRequest>(),
        world.get_resource::<Seats>(),
    ) else {
        return;
    };
    let seats = seats.0.map(|s| s.bot());
    let Some(save) = session.saved(seats, &request.town, &request.profile) else {
        return;
    };
    let Some(file) = world
        .get_resource::<ContinueFile>()
        .filter(|f| f.0.is_some())
    else {
        return;
    };
    match save.keep(file) {
        Ok(path) => info!("kept {} in {}", save.title, path.display()),
        Err(e) => error!("the game could not be kept: {e}"),
    }
}

/// The window closing (or Quit) keeps the game too.
fn keep_the_game_on_quit(world: &mut World) {
    let quitting = world
        .get_resource::<Messages<AppExit>>()
        .is_some_and(|m| !m.is_empty());
    if quitting {
        keep_the_game(world);
    }
}
