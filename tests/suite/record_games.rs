//! The record of games as the card table keeps it, driven headless: a game
//! with you at the table, played to its end through the app, is one line of
//! the record the app names — once, however many frames follow — with your
//! result, the opponents' level and whether it was practice; an app that
//! names no record (a scripted run, a test, an offscreen app) writes none.

use std::path::PathBuf;

use highnoon::bot_level::Level;
use highnoon::cards::CardGame;
use highnoon::cards::core::Game;
use highnoon::cards::seating::SeatKind;
use highnoon::cards::table_game::load_game;
use highnoon::cards::tabletown::Tabletown;
use highnoon::record::{Record, RecordFile, Verdict};
use highnoon::tables::cards::session::CardTable;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "highnoon-record-games-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A Tabletown game with you in seat 1, played to its end at once (a
/// normal bot standing in for you).
fn finished_table(seed: u64) -> CardTable<Tabletown> {
    let start: Tabletown = load_game(&CardGame::Tabletown.default_setup(), Some(3)).expect("setup");
    let seats = vec![
        SeatKind::Bot(Level::Easy),
        SeatKind::You,
        SeatKind::Bot(Level::Normal),
    ];
    let mut table = CardTable::new(start, seats, seed, crate::card_table::dice());
    table.setup_name = "tabletown.ron".to_string();
    table.fast_forward(100_000);
    assert!(table.game.is_over(), "seed {seed}: played to its end");
    table
}

#[test]
fn a_finished_card_game_with_you_at_the_table_is_one_line_of_the_record() {
    // Planted: `recorded` never set (the game kept every frame: 15 lines,
    // not 3), or a game among bots kept: this fails.
    let dir = scratch("cards");
    let path = dir.join("record.ron");
    let mut expected = Vec::new();
    for seed in 1..=3 {
        let mut table = finished_table(seed);
        // The menu's choice, kept on the table when it was dealt.
        table.practice = seed == 2;
        let winners = table.game.winners();
        expected.push(if winners.is_empty() {
            Verdict::Drawn
        } else if winners.contains(&1) {
            Verdict::Won
        } else {
            Verdict::Lost
        });
        let mut app = crate::card_table::app(table);
        app.insert_resource(RecordFile(Some(path.clone())));
        for _ in 0..5 {
            app.update();
        }
    }
    let (record, problem) = Record::load(&path);
    assert_eq!(problem, None);
    assert_eq!(record.games.len(), 3, "one line a game: {:?}", record.games);
    for (i, g) in record.games.iter().enumerate() {
        assert_eq!(g.game, "tabletown");
        assert_eq!(g.setup, "tabletown.ron");
        assert_eq!(g.result, expected[i], "game {i}");
        assert_eq!(g.level, Some(Level::Normal), "the hardest bot");
        assert_eq!(g.practice, i == 1);
        assert_eq!(g.seats.len(), 3);
        assert_eq!(g.seats[1].level, None, "you");
    }
    let tally = record.tally();
    let t = tally[&("tabletown".to_string(), Some(Level::Normal))];
    assert_eq!((t.won + t.lost + t.drawn, t.practice), (2, 1));

    // No record named, or bots alone at the table: nothing written.
    let before = std::fs::read(&path).expect("the record");
    let mut app = crate::card_table::app(finished_table(4));
    for _ in 0..3 {
        app.update();
    }
    let mut bots_only = finished_table(5);
    bots_only.seats[1] = SeatKind::Bot(Level::Easy);
    let mut app = crate::card_table::app(bots_only);
    app.insert_resource(RecordFile(Some(path.clone())));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(std::fs::read(&path).expect("the record"), before);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names, ["record.ron"]);
}
