//! The Flick table's one loop driven through an app with no window: intents
//! in (as the mouse, the bots and replays write them), and the session's
//! table and referee out — equal to the headless table and referee, flick for
//! flick, to the bit. Then the pieces' entities show what the rules say.

use bevy::prelude::*;
use highnoon::ai::levels::BotLevels;
use highnoon::ai::play::play_game;
use highnoon::ai::player::FlickBot;
use highnoon::bot_level::Level;
use highnoon::flick::driver::Step;
use highnoon::flick::referee::Referee;
use highnoon::physics::Table;
use highnoon::physics::pieces::{Hat, SpawnedTown};
use highnoon::physics::table::Flick;
use highnoon::scenario::{PhysicsProfile, Town, data_root, default_town_path};
use highnoon::tables::flick::seats::{Seat, Seats};
use highnoon::tables::flick::session::{By, FlickAction, FlickIntent, FlickSession};

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().expect("the shipped profile")
}

/// The table without a window: each update is a quarter of a second, so a
/// flick's playback ends in a few updates.
fn core_app(seats: [Seat; 2]) -> App {
    crate::common::flick_app(seats)
}

fn session(app: &App) -> &FlickSession {
    app.world().resource::<FlickSession>()
}

/// Updates until the last flick's playback is over.
fn play_out(app: &mut App) {
    for _ in 0..200 {
        app.update();
        if !session(app).replaying() {
            return;
        }
    }
    panic!("the playback never ended");
}

/// Every piece's entity stands where the session's table has it.
fn assert_entities_follow(app: &mut App) {
    let table = session(app).table().expect("a table").clone();
    let spawned = app.world().resource::<SpawnedTown>().clone();
    assert_eq!(spawned.pieces.len(), table.index().len());
    for (p, e) in table.index().pieces.iter().zip(&spawned.pieces) {
        let shown = app.world().get::<Transform>(*e).expect("a transform");
        let (at, rot) = table.pose(p.id);
        assert_eq!((shown.translation, shown.rotation), (at, rot), "{}", p.name);
    }
}

#[test]
fn the_sandbox_driven_by_intents_plays_each_flick_like_the_headless_table() {
    let p = profile();
    let town = Town::load(&default_town_path(), &p).expect("the standard town");
    let mut headless = Table::new(p.clone(), &town);
    let mut app = core_app(Seats::default().0);
    app.world_mut()
        .write_message(FlickIntent::open(default_town_path()));
    app.update();
    assert_eq!(
        session(&app).table().map(Table::pose_hash),
        Some(headless.pose_hash())
    );
    assert_entities_follow(&mut app);

    let disc = headless.piece("Movement disc").expect("a movement disc");
    let doc = headless.piece("Doc Holt").expect("Doc Holt");
    let toward = |t: &Table, a, b| t.pose(b).0.xz() - t.pose(a).0.xz();
    let flicks = [
        (None, Flick::new(disc, toward(&headless, disc, doc), 0.8)),
        (
            Some(Vec2::new(0.05, 0.15)),
            Flick::new(disc, Vec2::new(0.2, -1.0), 0.6),
        ),
        (
            None,
            Flick {
                spin: 0.4,
                ..Flick::new(disc, Vec2::new(-1.0, 0.3), 1.0)
            },
        ),
    ];
    for (k, (place, flick)) in flicks.into_iter().enumerate() {
        if let Some(at) = place {
            headless.place(disc, at, 0.0);
            app.world_mut()
                .write_message(FlickIntent::person(FlickAction::Place { piece: disc, at }));
        }
        let outcome = headless.flick_to_rest(flick);
        app.world_mut()
            .write_message(FlickIntent::person(FlickAction::Flick(flick)));
        app.update();
        let s = session(&app);
        assert_eq!(s.last_flick(), Some(&outcome), "flick {k}");
        assert_eq!(
            s.table().map(Table::pose_hash),
            Some(headless.pose_hash()),
            "flick {k}"
        );
        assert!(s.replaying(), "flick {k} is shown through its recording");
        let logged = s.log().flicks.last().expect("logged");
        assert_eq!((logged.place, logged.hash), (place, headless.pose_hash()));
        play_out(&mut app);
        assert_entities_follow(&mut app);
    }
    assert_eq!(session(&app).log().flicks.len(), 3);

    // Reset: the town as it was laid out, the log emptied.
    app.world_mut()
        .write_message(FlickIntent::person(FlickAction::Reset));
    app.update();
    assert_eq!(
        session(&app).table().map(Table::pose_hash),
        Some(Table::new(p, &town).pose_hash())
    );
    assert!(session(&app).log().flicks.is_empty());
    assert_entities_follow(&mut app);
}

#[test]
fn a_scenario_with_two_bots_driven_by_intents_ends_where_the_headless_referee_does() {
    let p = profile();
    let file = data_root().join("scenarios/bank_robbery.ron");
    let town = Town::load(&file, &p).expect("the scenario");
    let levels = BotLevels::load_default().expect("bot levels");
    let mut headless = Referee::new(p.clone(), &town, 1).expect("a referee");
    let mut lawmen = FlickBot::new(Level::Easy, &levels, 11);
    let mut outlaws = FlickBot::new(Level::Easy, &levels, 12);
    // After each step: the rules' state and the table's pose hash.
    let mut after = Vec::new();
    let record = play_game(&mut headless, &mut lawmen, &mut outlaws, 14, |r, _| {
        after.push((format!("{:?}", r.game), r.table.pose_hash()));
    });
    assert_eq!(record.refused, None);
    let flicks = record
        .steps
        .iter()
        .filter(|s| !matches!(s, Step::Intent(_)))
        .count();
    assert!(flicks >= 2, "the bots flicked {flicks} times");

    // The same steps handed in by both computer seats, as the bots in the window do.
    let bots = [Seat::Bot(Level::Easy), Seat::Bot(Level::Easy)];
    let mut app = core_app(bots);
    app.world_mut()
        .write_message(FlickIntent::person(FlickAction::Open {
            file: file.clone(),
            seed: Some(1),
            practice: false,
        }));
    app.update();
    for (k, step) in record.steps.iter().enumerate() {
        let stamp = session(&app).stamp();
        app.world_mut().write_message(FlickIntent {
            by: By::Computer(stamp),
            action: FlickAction::Step(step.clone()),
        });
        app.update();
        let referee = session(&app).referee().expect("a game");
        assert_eq!(
            (format!("{:?}", referee.game), referee.table.pose_hash()),
            after[k],
            "step {k}: {step:?}"
        );
        play_out(&mut app);
    }
    // The table shows what the rules say: every piece where the referee has
    // it, every hat on the side the rules say.
    assert_entities_follow(&mut app);
    let referee = session(&app).referee().expect("a game").clone();
    let spawned = app.world().resource::<SpawnedTown>().clone();
    let start = Referee::new(p.clone(), &town, 1).expect("a referee");
    let turned = referee
        .game
        .cowboys
        .iter()
        .zip(&start.game.cowboys)
        .filter(|(now, then)| now.side != then.side)
        .count();
    assert!(turned > 0, "some hat has turned since the start");
    for (c, cowboy) in referee.game.cowboys.iter().enumerate() {
        let e = spawned.entity(referee.figures[c]).expect("an entity");
        let hat = app.world().get::<Hat>(e).expect("a hat");
        assert_eq!(hat.side, cowboy.side, "{}", cowboy.name);
    }
}

#[test]
fn the_session_refuses_what_a_seat_may_not_do() {
    let p = profile();
    let file = data_root().join("scenarios/bank_robbery.ron");
    let town = Town::load(&file, &p).expect("the scenario");
    let mut app = core_app([Seat::Human, Seat::Bot(Level::Easy)]);
    app.world_mut().write_message(FlickIntent::open(&file));
    app.update();
    let before = session(&app).stamp();
    let referee = session(&app).referee().expect("a game").clone();
    let outlaws_first =
        referee.game.current_team() == Some(highnoon::scenario::kinds::Team::Outlaws);
    let legal = referee.game.legal_intents();
    let step = Step::Intent(legal[0].clone());
    // The seat that is not to act is refused, whoever it is.
    let (wrong, right) = if outlaws_first {
        (By::Person, By::Computer(before))
    } else {
        (By::Computer(before), By::Person)
    };
    let world = app.world_mut();
    world.resource_scope(|world, mut s: Mut<FlickSession>| {
        let seats = *world.resource::<Seats>();
        let wrong_intent = FlickIntent {
            by: wrong,
            action: FlickAction::Step(step.clone()),
        };
        assert!(s.apply(&wrong_intent, &p, &seats, None).is_err());
        assert_eq!(s.stamp(), before, "nothing changed");
        // A computer's step decided on an older state is refused.
        let stale = FlickIntent {
            by: By::Computer(highnoon::tables::flick::session::Stamp {
                version: before.version + 7,
                ..before
            }),
            action: FlickAction::Step(step.clone()),
        };
        assert!(s.apply(&stale, &p, &seats, None).is_err());
        // A scenario is not reset, and pieces are not put down by hand.
        assert!(
            s.apply(&FlickIntent::person(FlickAction::Reset), &p, &seats, None)
                .is_err()
        );
        let right_intent = FlickIntent {
            by: right,
            action: FlickAction::Step(step.clone()),
        };
        assert_eq!(s.apply(&right_intent, &p, &seats, None), Ok(()));
        assert_ne!(s.stamp(), before);
    });
    // A file that does not load leaves the game as it was, and says why.
    let stamp = session(&app).stamp();
    app.world_mut()
        .write_message(FlickIntent::open(data_root().join("no/such/town.ron")));
    app.update();
    assert_eq!(session(&app).stamp(), stamp);
    assert!(session(&app).message.is_some());
    assert_eq!(
        session(&app).town().map(|t| t.name.clone()),
        Some(town.name)
    );
}

/// A recorded game's steps handed in by the computer seats (`replay FILE
/// --window`, here with no window): each step shown, handed in once and in
/// order, applied by the session; the table ends where the headless re-run
/// does, with no step refused.
#[test]
fn a_replay_played_through_the_computer_seats_headless_matches_the_rerun() {
    use highnoon::flick::replay::Replay;
    use highnoon::tables::flick::aim::Aim;
    use highnoon::tables::flick::bots::{self, BotTurn, ReplayScript};
    let file = data_root().join("tests/data/replays/dynamite_hard_easy_seed5.ron");
    let mut replay = Replay::load(&file).expect("replay");
    replay.steps.truncate(10);
    let rerun = replay.rerun(&file).expect("re-runs headless");
    let mut app = core_app([Seat::Bot(Level::Hard), Seat::Bot(Level::Hard)]);
    app.init_resource::<Aim>();
    app.add_plugins(bots::plugin);
    app.insert_resource(ReplayScript {
        seed: replay.seed,
        steps: replay.steps.iter().map(Step::from).collect(),
        played: 0,
    });
    app.world_mut()
        .write_message(FlickIntent::person(FlickAction::Open {
            file: replay.scenario_path(),
            seed: Some(replay.seed),
            practice: false,
        }));
    let mut updates = 0;
    while updates < 2000 {
        app.update();
        updates += 1;
        let done = app.world().resource::<ReplayScript>().played == replay.steps.len();
        let bots = app.world().resource::<BotTurn>();
        if done && !session(&app).replaying() && bots.shown_step().is_none() && !bots.thinking() {
            // One more frame: the last step handed in is applied.
            app.update();
            break;
        }
    }
    assert_eq!(
        app.world().resource::<ReplayScript>().played,
        replay.steps.len()
    );
    let referee = session(&app).referee().expect("a game");
    assert_eq!(referee.table.pose_hash(), rerun.final_hash);
    assert_eq!(app.world().resource::<BotTurn>().refused(), 0);
}
