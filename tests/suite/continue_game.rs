//! *Continue*: a game left at a table and continued is the same game — a
//! Flick 'em Up! scenario with a bot to the bit (pose hash, rules state, and
//! the next flick after it), each card game to its whole state and stream of
//! chance — and a save that cannot be continued is refused, named and kept.

use std::path::PathBuf;

use highnoon::bot_level::Level;
use highnoon::cards::CardGame;
use highnoon::cards::registry::GameVisitor;
use highnoon::cards::seating::SeatKind;
use highnoon::cards::table_game::TableGame;
use highnoon::flick::driver::RandomPlayer;
use highnoon::physics::dice::DiceTray;
use highnoon::saves::{self, SavedGame, SavedStep, SavedTable, rules_text};
use highnoon::scenario::{PhysicsProfile, data_root, default_profile_path, default_town_path};
use highnoon::tables::cards::keep;
use highnoon::tables::cards::keep::CardRequest;
use highnoon::tables::cards::session::CardTable;
use highnoon::tables::flick::seats::{Seat, Seats};
use highnoon::tables::flick::session::{By, FlickAction, FlickIntent, FlickSession};

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().expect("the shipped profile")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("highnoon-continue-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays the step a random player picks, as the window's table would take it.
fn play_one(
    session: &mut FlickSession,
    seats: &Seats,
    player: &mut RandomPlayer,
    p: &PhysicsProfile,
) {
    let referee = session.referee().expect("a game");
    let step = player.next_step(referee).expect("a step");
    let by = match session.computer_to_act(seats) {
        Some(_) => By::Computer(session.stamp()),
        None => By::Person,
    };
    let _ = session.apply(
        &FlickIntent {
            by,
            action: FlickAction::Step(step),
        },
        p,
        seats,
        None,
    );
    // The flick shown to its end, as the window's frames would.
    session.advance_playback(1000.0);
}

#[test]
fn a_flick_game_with_a_bot_left_and_continued_is_the_same_game_to_the_bit() {
    let p = profile();
    let seats = Seats([Seat::Human, Seat::Bot(Level::Easy)]);
    let scenario = data_root().join("scenarios/bank_robbery.ron");
    let mut left = FlickSession::default();
    left.apply(&FlickIntent::open(&scenario), &p, &seats, None)
        .unwrap();
    let mut player = RandomPlayer::new(5);
    for _ in 0..14 {
        play_one(&mut left, &seats, &mut player, &p);
    }
    let save = left
        .saved(
            seats.0.map(|s| s.bot()),
            &default_town_path(),
            &default_profile_path(),
        )
        .expect("a game in progress is kept");
    let SavedTable::Flick(flick) = &save.table else {
        panic!("a Flick save")
    };
    assert!(flick.steps.len() >= 14, "{}", flick.steps.len());
    assert!(flick.steps.iter().any(|s| matches!(s, SavedStep::Step(_))));
    assert_eq!(flick.seats, [None, Some(Level::Easy)]);
    // Through its file, as the window does.
    let dir = scratch("flick");
    let path = dir.join("continue.ron");
    save.save(&path).unwrap();
    let read = SavedGame::load(&path).unwrap();
    assert_eq!(read, save);
    let SavedTable::Flick(flick) = read.table else {
        unreachable!()
    };
    let mut continued = FlickSession::default();
    continued
        .apply(
            &FlickIntent::person(FlickAction::Resume(Box::new(flick))),
            &p,
            &seats,
            None,
        )
        .unwrap();
    let (a, b) = (left.referee().unwrap(), continued.referee().unwrap());
    assert_eq!(a.table.pose_hash(), b.table.pose_hash());
    assert_eq!(rules_text(a), rules_text(b));
    // And the game goes on the same: the next steps give the same table
    // (Rapier's contacts and sleep came back too, not only the poses).
    let mut p1 = RandomPlayer::new(99);
    let mut p2 = RandomPlayer::new(99);
    for _ in 0..4 {
        play_one(&mut left, &seats, &mut p1, &p);
        play_one(&mut continued, &seats, &mut p2, &p);
        assert_eq!(
            left.referee().unwrap().table.pose_hash(),
            continued.referee().unwrap().table.pose_hash()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_flick_save_that_no_longer_plays_to_its_table_is_refused() {
    let p = profile();
    let seats = Seats([Seat::Human, Seat::Human]);
    let mut session = FlickSession::default();
    session
        .apply(
            &FlickIntent::open(data_root().join("scenarios/bank_robbery.ron")),
            &p,
            &seats,
            None,
        )
        .unwrap();
    let mut player = RandomPlayer::new(3);
    for _ in 0..6 {
        play_one(&mut session, &seats, &mut player, &p);
    }
    let save = session
        .saved([None, None], &default_town_path(), &default_profile_path())
        .unwrap();
    let SavedTable::Flick(mut flick) = save.table else {
        unreachable!()
    };
    assert!(flick.resume(&p).is_ok());
    // A flick of the game dropped: the table comes out otherwise.
    let at = flick
        .steps
        .iter()
        .position(|s| {
            matches!(
                s,
                SavedStep::Step(highnoon::flick::replay::ReplayStep::Move(_))
            )
        })
        .expect("a move was played");
    flick.steps.remove(at);
    let Err(e) = flick.resume(&p) else {
        panic!("a save without one of its flicks was continued")
    };
    assert!(e.contains("otherwise"), "{e}");
    // A game on the table keeps what it had when a resume is refused.
    let before = session.referee().unwrap().table.pose_hash();
    assert!(
        session
            .apply(
                &FlickIntent::person(FlickAction::Resume(Box::new(flick))),
                &p,
                &seats,
                None
            )
            .is_err()
    );
    assert_eq!(session.referee().unwrap().table.pose_hash(), before);
}

/// Each card game: bots play 25 actions, the table is kept and dealt again
/// from its file.
struct LeaveAndContinue;

impl GameVisitor for LeaveAndContinue {
    type Output = ();
    fn visit<G: TableGame>(self, game: CardGame) {
        let p = profile();
        let dice = || DiceTray::new(&p.dice, p.gravity);
        let setup = G::load_setup(&game.default_setup(), None).unwrap();
        let seats: Vec<SeatKind> = (0..setup.seats.len())
            .map(|s| {
                if s == 0 {
                    SeatKind::You
                } else {
                    SeatKind::Bot(Level::Normal)
                }
            })
            .collect();
        let mut table = CardTable::new(G::new_game(setup.rules), seats.clone(), 11, dice());
        table.fast_forward(25);
        assert!(!table.game.is_over(), "{}: over after 25 actions", G::TITLE);
        let request = CardRequest {
            game,
            setup: game.default_setup(),
            actions: 0,
            saved: None,
        };
        let save = keep::saved(&table, &request).expect("kept");
        let dir = scratch(game.key());
        let path = dir.join("continue.ron");
        save.save(&path).unwrap();
        let read = SavedGame::load(&path).unwrap();
        assert_eq!(read, save, "{}", G::TITLE);
        let SavedTable::Cards(cards) = read.table else {
            panic!("{}: a card save", G::TITLE)
        };
        let state: G = keep::read_state(&cards).unwrap();
        assert_eq!(state, table.game, "{}: the state", G::TITLE);
        assert_eq!(cards.seats, seats);
        let word = ((cards.chance.0 as u128) << 64) | cards.chance.1 as u128;
        assert_eq!(
            word,
            table.chance.get_word_pos(),
            "{}: the chance",
            G::TITLE
        );
        assert_eq!(cards.log, table.log);
        assert!(!cards.practice, "{}: counted", G::TITLE);
        // A practice game is kept as practice.
        let mut table = table;
        table.practice = true;
        let SavedTable::Cards(kept) = keep::saved(&table, &request).expect("kept").table else {
            panic!("{}: a card save", G::TITLE)
        };
        assert!(kept.practice, "{}: practice kept", G::TITLE);
        let _ = std::fs::remove_dir_all(&dir);
        // A finished game is not kept.
        let mut done = table;
        done.fast_forward(100_000);
        assert!(done.game.is_over());
        assert!(keep::saved(&done, &request).is_none(), "{}", G::TITLE);
    }
}

#[test]
fn each_card_game_left_and_continued_is_the_same_state_and_chance() {
    for game in CardGame::ALL {
        game.dispatch(LeaveAndContinue);
    }
}

#[test]
fn a_save_that_cannot_be_read_is_named_where_it_breaks_and_kept_aside() {
    let dir = scratch("broken");
    let path = dir.join("continue.ron");
    std::fs::write(
        &path,
        "(\n  version: 1,\n  title: \"x\",\n  table: Flick((scenario: 7)),\n)",
    )
    .unwrap();
    let e = SavedGame::load(&path).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:4:", path.display())), "{e}");
    // Another version is refused by name.
    let other = SavedGame {
        version: saves::VERSION + 1,
        title: "from the future".into(),
        table: SavedTable::Cards(saves::CardSave {
            game: "tabletown".into(),
            setup: PathBuf::from("x.ron"),
            seats: vec![],
            seed: 1,
            chance: (0, 0),
            state: String::new(),
            log: vec![],
            practice: false,
        }),
    };
    other.save(&path).unwrap();
    let e = SavedGame::load(&path).unwrap_err().to_string();
    assert!(
        e.contains("version") && e.contains(&path.display().to_string()),
        "{e}"
    );
    // Kept aside, under a new name each time, never deleted.
    let text = std::fs::read_to_string(&path).unwrap();
    let aside = saves::keep_aside(&path).unwrap();
    assert!(!path.exists());
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), text);
    std::fs::write(&path, "junk").unwrap();
    let second = saves::keep_aside(&path).unwrap();
    assert_ne!(aside, second);
    assert!(aside.exists() && second.exists());
    // A card save whose state is not the game's is refused.
    let SavedTable::Cards(mut c) = other.table else {
        unreachable!()
    };
    c.state = "(nonsense: 1)".into();
    assert!(keep::check_saved(CardGame::Tabletown, &c).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
