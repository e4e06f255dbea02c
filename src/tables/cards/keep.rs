//! A card game dealt and kept: the request the table opens (a setup file,
//! a number of actions played at once, or a saved game), the deal itself,
//! and the game as *Continue* keeps it (its whole state, seats and chance,
//! dealt again exactly).

use std::path::PathBuf;

use bevy::prelude::*;

use super::session::CardTable;
use crate::cards::{CardGame, TableGame};
use crate::physics::dice::DiceTray;
use crate::saves::{CardSave, SavedGame, SavedTable};
use crate::scenario::PhysicsProfile;

/// What the card table opens: a game from a setup file, `actions` actions in.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CardRequest {
    pub game: CardGame,
    pub setup: PathBuf,
    pub actions: usize,
    /// A saved game to continue instead of a new deal.
    pub saved: Option<crate::saves::CardSave>,
}

/// Deals the requested game: its setup, its seats, its seed (or the saved
/// game, its chance where it was); bots play the first `actions` actions at
/// once when asked (screenshots of a game in progress).
pub fn deal<G: TableGame>(
    request: &CardRequest,
    profile: &PhysicsProfile,
) -> Result<CardTable<G>, String> {
    let setup = G::load_setup(&request.setup, None).map_err(|e| e.to_string())?;
    let dice = DiceTray::new(&profile.dice, profile.gravity);
    let mut table = match &request.saved {
        Some(save) => {
            let game = read_state::<G>(save)?;
            let mut table = CardTable::new(game, save.seats.clone(), save.seed, dice);
            table
                .chance
                .set_word_pos(((save.chance.0 as u128) << 64) | save.chance.1 as u128);
            table.log = save.log.clone();
            table.version += 1;
            table
        }
        None => CardTable::new(G::new_game(setup.rules), setup.seats, setup.seed, dice),
    };
    table.tossing.range =
        crate::physics::card_toss::TossRange::new(&profile.cards, profile.gravity);
    table.setup_name = crate::record::file_name(&request.setup);
    // Actions the bots played at once (a screenshot's game in progress):
    // not the player's game, never in their record.
    table.recorded = request.actions > 0;
    table.fast_forward(request.actions);
    Ok(table)
}

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
            practice: table.practice,
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

/// Whether a saved card game can be dealt again (its state reads back).
pub fn check_saved(game: CardGame, save: &CardSave) -> Result<(), String> {
    struct Check<'a>(&'a CardSave);
    impl crate::cards::registry::GameVisitor for Check<'_> {
        type Output = Result<(), String>;
        fn visit<G: TableGame>(self, _: CardGame) -> Self::Output {
            read_state::<G>(self.0).map(|_| ())
        }
    }
    game.dispatch(Check(save))
}
