//! *Continue* as the window keeps it: leaving a card table or quitting keeps
//! its game, only where the window says.

use std::path::PathBuf;

use highnoon::cards::CardGame;
use highnoon::saves::{SavedGame, SavedTable};
use highnoon::tables::cards::keep::{self, CardRequest};
use highnoon::tables::cards::session::CardTable;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "highnoon-continue-window-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The card table in an app with no window (as `card_table.rs` builds it),
/// keeping games in `file`.
fn card_app(file: highnoon::saves::ContinueFile) -> bevy::prelude::App {
    use bevy::prelude::*;
    use highnoon::window::Screen;
    let mut app = crate::common::window::card_table_app();
    app.insert_resource(file);
    app.insert_resource(CardRequest {
        game: CardGame::Tabletown,
        setup: CardGame::Tabletown.default_setup(),
        actions: 30,
        saved: None,
    });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Cards(CardGame::Tabletown));
    for _ in 0..5 {
        app.update();
    }
    app
}

#[test]
fn quitting_or_leaving_a_table_keeps_its_game_and_only_where_the_window_says() {
    use bevy::prelude::*;
    use highnoon::cards::tabletown::Tabletown;
    use highnoon::saves::ContinueFile;
    use highnoon::window::Screen;
    let dir = scratch("quit");
    // Quitting (the window closing writes the same message).
    let quit = dir.join("quit.ron");
    let mut app = card_app(ContinueFile(Some(quit.clone())));
    assert!(!quit.exists());
    let on_table = app.world().resource::<CardTable<Tabletown>>().game.clone();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let SavedTable::Cards(kept) = SavedGame::load(&quit).expect("kept on quitting").table else {
        panic!("a card save")
    };
    assert_eq!(keep::read_state::<Tabletown>(&kept).unwrap(), on_table);
    // Leaving for the menu.
    let leave = dir.join("leave.ron");
    let mut app = card_app(ContinueFile(Some(leave.clone())));
    let on_table = app.world().resource::<CardTable<Tabletown>>().game.clone();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    let SavedTable::Cards(kept) = SavedGame::load(&leave).expect("kept on leaving").table else {
        panic!("a card save")
    };
    assert_eq!(keep::read_state::<Tabletown>(&kept).unwrap(), on_table);
    // An app that is not the real window keeps nothing anywhere.
    let mut app = card_app(ContinueFile(None));
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
