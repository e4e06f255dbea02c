//! *Continue* at the card table: the game on it is saved when the table is
//! left or the window closes ([`crate::tables::cards::keep`]).

use bevy::prelude::*;

use crate::cards::TableGame;
use crate::saves::ContinueFile;
use crate::tables::cards::keep::{CardRequest, saved};
use crate::tables::cards::session::CardTable;

/// Saves the game for *Continue*; errors are logged.
pub fn keep_the_game<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    request: Option<Res<CardRequest>>,
    file: Option<Res<ContinueFile>>,
) {
    let (Some(table), Some(request), Some(file)) = (table, request, file) else {
        return;
    };
    if file.0.is_none() {
        return;
    }
    let Some(save) = saved(&table, &request) else {
        return;
    };
    match save.keep(&file) {
        Ok(path) => info!("kept {} in {}", save.title, path.display()),
        Err(e) => error!("the game could not be kept: {e}"),
    }
}

/// The window closing (or Quit) keeps the game too.
pub fn keep_the_game_on_quit<G: TableGame>(
    exits: MessageReader<AppExit>,
    table: Option<Res<CardTable<G>>>,
    request: Option<Res<CardRequest>>,
    file: Option<Res<ContinueFile>>,
) {
    if !exits.is_empty() {
        keep_the_game(table, request, file);
    }
}
