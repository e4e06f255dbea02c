//! *Continue* at the card table: the game on it is saved when the table is
//! left or the window closes (its whole state, seats and chance), and a
//! saved game is dealt again exactly (`CardRequest::saved`).

use bevy::prelude::*;

use super::CardRequest;
use super::session::CardTable;
use crate::cards::TableGame;
use crate::saves::{CardSave, ContinueFile, SavedGame, SavedTable};

/// The game on the table as *Continue* keeps it (none once it is over).
pub fn saved<G: TableGame>(table: &CardTable<G>, request: &CardRequest) -> Option<SavedGame> {
    if table.game.is_over() {
        return None;
    }
    let state = ron::ser::to_string(&table.game).ok()?;
    let pos = table.chance.get_word_pos();
    Some(SavedGame {
        version: crate::saves::VERSION,
        title: format!("{}, after {} moves", G::TITLE, table.history.len()),
        table: SavedTable::Cards(CardSave {
            game: request.game.key().to_string(),
            setup: request.setup.clone(),
            seats: table.seats.clone(),
            seed: table.seed,
            chance: ((pos >> 64) as u64, pos as u64),
            state,
            log: table.log.clone(),
        }),
    })
}

/// The saved game's state, read back (its problems as text).
pub fn read_state<G: TableGame>(save: &CardSave) -> Result<G, String> {
    let game: G = ron::from_str(&save.state).map_err(|e| format!("the saved game: {e}"))?;
    if game.players() != save.seats.len() {
        return Err(format!(
            "the saved game has {} players and {} seats",
            game.players(),
            save.seats.len()
        ));
    }
    Ok(game)
}

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

/// Whether a saved card game can be dealt again (its state reads back).
pub fn check_saved(game: crate::cards::CardGame, save: &CardSave) -> Result<(), String> {
    struct Check<'a>(&'a CardSave);
    impl crate::cards::registry::GameVisitor for Check<'_> {
        type Output = Result<(), String>;
        fn visit<G: TableGame>(self, _: crate::cards::CardGame) -> Self::Output {
            read_state::<G>(self.0).map(|_| ())
        }
    }
    game.dispatch(Check(save))
}
