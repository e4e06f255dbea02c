//! The card table as ECS state, driven headless (MinimalPlugins, no window):
//! intents in, the rules state out. A scripted game ends in exactly the state
//! the pure rules reach on the same actions; bots play whole games through the
//! app with dice thrown on Rapier; a refused intent changes nothing and says
//! why; a bot that fails does not take the table down; and the scene shows
//! face up only what the viewer's seat may know.

use std::collections::HashSet;

use bevy::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::bot_level::Level;
use highnoon::cards::core::{Agent, Game, Seat, Turn};
use highnoon::cards::registry::GameVisitor;
use highnoon::cards::seating::SeatKind;
use highnoon::cards::table_game::{TableGame, load_game};
use highnoon::cards::{CardGame, slapshot, tabletown};
use highnoon::physics::dice::DiceTray;
use highnoon::scenario::PhysicsProfile;
use highnoon::tables::cards::session::{self, CardIntent, CardTable};

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
struct TestTable;

pub(crate) fn dice() -> DiceTray {
    let p = PhysicsProfile::load_default().expect("profile");
    DiceTray::new(&p.dice, p.gravity)
}

pub(crate) fn app<G: TableGame>(table: CardTable<G>) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    highnoon::tables::frame_order(&mut app);
    session::plugin::<G>(&mut app, TestTable);
    app.insert_resource(table);
    app
}

/// A game played by the pure rules: random legal actions, seeded chance.
/// A game's start and the actions played from it, by whom (none: chance).
type Played<G> = (G, Vec<(Option<Seat>, <G as Game>::Action)>);

fn scripted<G: TableGame>(game: CardGame, n: usize, seed: u64) -> Played<G> {
    let start: G = load_game(&game.default_setup(), Some(n)).expect("setup");
    let mut g = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    while !g.is_over() && actions.len() < 20_000 {
        let (who, a) = match g.turn() {
            Turn::Chance => (None, g.sample_chance(&mut rng)),
            Turn::Player(s) => {
                let legal = g.legal_actions();
                (Some(s), legal[rng.random_range(0..legal.len())].clone())
            }
            Turn::Over => break,
        };
        g.apply(a.clone()).expect("legal");
        actions.push((who, a));
    }
    (start, actions)
}

#[test]
fn a_scripted_game_through_the_app_ends_where_the_pure_rules_do() {
    struct Check;
    impl GameVisitor for Check {
        type Output = ();
        fn visit<G: TableGame>(self, game: CardGame) {
            for seed in 0..3 {
                let (start, actions) = scripted::<G>(game, 3, seed);
                let mut pure = start.clone();
                for (_, a) in &actions {
                    pure.apply(a.clone()).expect("legal");
                }
                // Every seat a person's: nothing moves but the intents.
                let mut table = CardTable::new(start, vec![SeatKind::You; 3], seed, dice());
                table.auto_chance = false;
                let mut app = app(table);
                // A few intents a frame, as clicks and rolls would come.
                for chunk in actions.chunks(7) {
                    for (seat, action) in chunk {
                        app.world_mut().write_message(CardIntent::<G> {
                            seat: *seat,
                            action: action.clone(),
                        });
                    }
                    app.update();
                }
                let table = app.world().resource::<CardTable<G>>();
                assert_eq!(table.refused, None, "{game} seed {seed}");
                assert_eq!(table.history.len(), actions.len());
                assert!(
                    table.game == pure,
                    "{game} seed {seed}: the app's state differs from the rules'"
                );
                assert!(table.game.is_over() || actions.len() == 20_000);
            }
        }
    }
    for game in CardGame::ALL {
        game.dispatch(Check);
    }
}

#[test]
fn a_refused_intent_changes_nothing_and_says_why() {
    let start: tabletown::Tabletown =
        load_game(&CardGame::Tabletown.default_setup(), Some(3)).expect("setup");
    let mut table = CardTable::new(start, vec![SeatKind::You; 3], 1, dice());
    table.auto_chance = false;
    let mut app = app(table);
    // The first decision is seat 0's gunslinger: seat 1 may not take it, nor
    // may anyone play a card now.
    app.world_mut()
        .write_message(CardIntent::<tabletown::Tabletown> {
            seat: Some(1),
            action: tabletown::Action::Choose(0),
        });
    app.update();
    let before = app
        .world()
        .resource::<CardTable<tabletown::Tabletown>>()
        .game
        .clone();
    let t = app.world().resource::<CardTable<tabletown::Tabletown>>();
    assert_eq!(
        t.refused.as_deref(),
        Some("it is seat 0's turn, not seat 1's")
    );
    assert!(t.history.is_empty());
    app.world_mut()
        .write_message(CardIntent::<tabletown::Tabletown> {
            seat: Some(0),
            action: tabletown::Action::Arm(3),
        });
    app.update();
    let t = app.world().resource::<CardTable<tabletown::Tabletown>>();
    assert!(t.refused.is_some(), "an illegal card is refused");
    assert!(t.game == before, "and changes nothing");
    // A legal one is taken and clears the refusal.
    app.world_mut()
        .write_message(CardIntent::<tabletown::Tabletown> {
            seat: Some(0),
            action: tabletown::Action::Choose(4),
        });
    app.update();
    let t = app.world().resource::<CardTable<tabletown::Tabletown>>();
    assert_eq!(t.refused, None);
    assert_eq!(t.history.len(), 1);
}

/// Runs the app until the game ends (bots think on the task pool).
fn play_out<G: TableGame>(app: &mut App, frames: usize) -> usize {
    for frame in 0..frames {
        app.update();
        if app.world().resource::<CardTable<G>>().game.is_over() {
            return frame;
        }
        // Let the bots' tasks finish between frames.
        if app.world().resource::<CardTable<G>>().game.turn() != Turn::Chance {
            std::thread::yield_now();
        }
    }
    frames
}

#[test]
fn bots_play_whole_games_through_the_app_with_real_dice_and_the_history_replays() {
    struct Bots;
    impl GameVisitor for Bots {
        type Output = ();
        fn visit<G: TableGame>(self, game: CardGame) {
            let start: G = load_game(&game.default_setup(), Some(3)).expect("setup");
            let seats = vec![
                SeatKind::Bot(Level::Easy),
                SeatKind::Bot(Level::Random),
                SeatKind::Bot(Level::Normal),
            ];
            let mut table = CardTable::new(start.clone(), seats.clone(), 7, dice());
            table.pace = 0.0;
            let mut app = app(table);
            let frames = play_out::<G>(&mut app, 400_000);
            let t = app.world().resource::<CardTable<G>>();
            assert!(t.game.is_over(), "{game}: not over after {frames} frames");
            assert_eq!(t.refused, None);
            // The same table: the same bots seated, the same actions.
            let mut replay = start;
            for (s, kind) in seats.iter().enumerate() {
                if let SeatKind::Bot(level) = kind {
                    replay.seat_bot(s, *level);
                }
            }
            for (seat, a) in &t.history {
                highnoon::cards::table_game::act(&mut replay, *seat, a.clone()).expect("replays");
            }
            assert!(
                replay == t.game,
                "{game}: the history replays to the same end"
            );
            if G::DICE {
                assert!(t.last_roll.is_some(), "{game}: dice were thrown");
            }
        }
    }
    for game in CardGame::ALL {
        game.dispatch(Bots);
    }
}

/// A bot that panics on every decision.
struct Broken;
impl<G: Game> Agent<G> for Broken {
    fn name(&self) -> String {
        "broken".into()
    }
    fn act(&mut self, _: Seat, _: &G::Observation, _: &[G::Action]) -> G::Action {
        panic!("this bot fails (on purpose, in a test)")
    }
}

#[test]
fn a_bot_that_fails_never_takes_the_table_down() {
    let start: slapshot::Slapshot =
        load_game(&CardGame::Slapshot.default_setup(), Some(2)).expect("setup");
    let mut table = CardTable::new(start, vec![SeatKind::Bot(Level::Easy); 2], 3, dice());
    table.set_bot(1, Box::new(Broken));
    table.pace = 0.0;
    let mut app = app(table);
    let frames = play_out::<slapshot::Slapshot>(&mut app, 400_000);
    let t = app.world().resource::<CardTable<slapshot::Slapshot>>();
    assert!(
        t.game.is_over(),
        "the game went on to its end ({frames} frames)"
    );
    assert!(
        t.history.iter().any(|(s, _)| *s == Some(1)),
        "the broken seat still played"
    );
}

/// The card ids a seat may know from its observation alone.
fn knowable_slapshot(g: &slapshot::Slapshot, viewer: Seat) -> HashSet<u32> {
    let v = g.observation(viewer);
    let mut k: HashSet<u32> = v.team.iter().map(|&c| c as u32).collect();
    k.extend(v.my_line.iter().map(|&c| c as u32));
    for line in v.seen.iter().flatten() {
        k.extend(line.iter().map(|&c| c as u32));
    }
    if let Some(r) = &g.last_game {
        // The last game's turned-over pairs are on the table for everyone.
        for (a, h) in &r.pairs {
            k.extend([*a as u32, *h as u32]);
        }
    }
    if let Some(c) = v.taken {
        k.insert(c as u32);
    }
    k
}

fn knowable_tabletown(g: &tabletown::Tabletown, viewer: Seat) -> HashSet<u32> {
    let v = g.observation(viewer);
    let mut k: HashSet<u32> = v.hand.iter().map(|&c| c as u32).collect();
    for sl in &v.public.slingers {
        for gun in &sl.guns {
            k.insert(gun.card as u32);
            k.extend(gun.ammo.iter().map(|&c| c as u32));
        }
        if let Some(gs) = sl.gunslinger {
            k.insert(1000 + gs as u32);
        }
    }
    k.extend(v.public.discard.iter().map(|&c| c as u32));
    if let tabletown::Phase::Combat(c) = &v.public.phase {
        k.insert(c.card as u32);
    }
    // The gunslingers still to choose are face up for everyone.
    k.extend((0..g.rules.gunslingers.len() as u32).map(|i| 1000 + i));
    k
}

/// Over random play, every card the scene shows face up to a seat is one its
/// observation lets it know; the scene holds every card of the game.
fn faces_follow_observations<G: TableGame>(
    start: G,
    seed: u64,
    cards: usize,
    knowable: impl Fn(&G, Seat) -> HashSet<u32>,
) {
    let mut g = start;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let seats = vec![SeatKind::You; g.players()];
    let mut steps = 0;
    while !g.is_over() && steps < 3000 {
        for viewer in 0..g.players() {
            for staged in [None, Some(2)] {
                let scene = g.scene(Some(viewer), &seats, staged);
                let known = knowable(&g, viewer);
                let mut keys = HashSet::new();
                for p in &scene.cards {
                    assert!(
                        keys.insert(p.key),
                        "seed {seed}: card {} placed twice",
                        p.key
                    );
                    if p.face.is_some() {
                        assert!(
                            known.contains(&p.key),
                            "seed {seed}, step {steps}: seat {viewer} is shown card {} face up",
                            p.key
                        );
                        assert!(p.spot.face_up || p.face.is_some());
                    }
                    if let Some(action) = &p.action {
                        assert!(
                            g.turn() == Turn::Player(viewer),
                            "a clickable card off turn"
                        );
                        assert!(g.legal_actions().contains(action));
                    }
                }
                let deck_cards = scene.cards.iter().filter(|p| p.key < 1000).count();
                assert!(deck_cards <= cards);
            }
        }
        let a = match g.turn() {
            Turn::Chance => g.sample_chance(&mut rng),
            Turn::Player(_) => {
                let legal = g.legal_actions();
                legal[rng.random_range(0..legal.len())].clone()
            }
            Turn::Over => break,
        };
        g.apply(a).expect("legal");
        steps += 1;
    }
}

#[test]
fn the_table_shows_face_up_only_what_each_seat_may_know() {
    for seed in 0..6 {
        let n = 2 + (seed as usize % 3);
        let s: slapshot::Slapshot =
            load_game(&CardGame::Slapshot.default_setup(), Some(n)).unwrap();
        let cards = s.rules.cards.len();
        faces_follow_observations(s, seed, cards, knowable_slapshot);
        let t: tabletown::Tabletown =
            load_game(&CardGame::Tabletown.default_setup(), Some(n)).unwrap();
        let cards = t.rules.cards.len();
        faces_follow_observations(t, seed, cards, knowable_tabletown);
    }
}

/// Real time (Slap .45): with you in seat 0 and three bots, a round is one
/// timeline. A wave opens when you flip; no bot's sealed declaration goes in
/// before the clock reaches the first planned slap's time, and none is ever
/// overdue (the wave resolves on that frame: the slap lands, the later ones
/// wait); each new wave opens where the clock is (it never jumps); your click
/// is timed on that clock, in whatever wave of the round you make it (you may
/// slap again after a bot's slap); and if you do nothing you only ever hold.
#[test]
fn a_real_time_round_is_one_timeline_and_your_slap_is_timed_on_it() {
    use bevy::time::TimeUpdateStrategy;
    use highnoon::cards::slap45::{Action, Slap45, Target};
    use std::time::Duration;

    let mut later_waves = 0;
    for (seed, you_slap) in [
        (3u64, false),
        (4, true),
        (5, false),
        (6, true),
        (7, true),
        (8, true),
    ] {
        let start: Slap45 = load_game(&CardGame::Slap45.default_setup(), Some(4)).expect("setup");
        let seats = vec![
            SeatKind::You,
            SeatKind::Bot(Level::Hard),
            SeatKind::Bot(Level::Normal),
            SeatKind::Bot(Level::Easy),
        ];
        let table = CardTable::new(start, seats, seed, dice());
        let mut app = app(table);
        // Ten milliseconds a frame, exactly.
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            10,
        )));
        // Deal and shuffle, then you (the first dealer) flip.
        for _ in 0..5 {
            app.update();
        }
        let t = app.world().resource::<CardTable<Slap45>>();
        assert_eq!(
            t.game.turn(),
            Turn::Player(0),
            "seed {seed}: you deal first"
        );
        app.world_mut().write_message(CardIntent::<Slap45> {
            seat: Some(0),
            action: Action::Flip,
        });
        let mut waves = 0;
        // (wave id, its start, the clock on the last frame it was open)
        let mut last: Option<(u64, u32, u32)> = None;
        let mut clicked: Option<u32> = None;
        for _ in 0..600 {
            app.update();
            let t = app.world().resource::<CardTable<Slap45>>();
            if t.game.rounds >= 1 {
                break;
            }
            let Some(wave) = t.wave.as_ref() else {
                continue;
            };
            // The wave resolved this frame: the clock opens the next one next frame.
            if TableGame::wave(&t.game).map(|w| w.0) != Some(wave.id) {
                continue;
            }
            let now = wave.now_ms();
            let (id, start_ms) = (wave.id, wave.start_ms);
            if last.is_none_or(|(id, _, _)| id != wave.id) {
                waves += 1;
                if let Some((_, start, then)) = last {
                    assert!(
                        wave.start_ms >= start && wave.start_ms <= then + 10,
                        "seed {seed}: the next wave opens at {} ms, the clock was at {then} ms",
                        wave.start_ms
                    );
                }
            }
            let first_due = wave
                .planned
                .iter()
                .filter_map(|(_, a)| <Slap45 as TableGame>::at_ms(a))
                .min();
            assert!(
                first_due.is_none_or(|d| d > now),
                "seed {seed}: a slap due at {first_due:?} ms is overdue at {now} ms"
            );
            let waiting = TableGame::waiting(&t.game);
            for (seat, _) in &wave.planned {
                assert!(
                    waiting.contains(seat),
                    "seed {seed}: seat {seat}'s declaration went in before the first slap's time ({now} ms)"
                );
            }
            // You slap the card at about a third of a second (once).
            if you_slap && clicked.is_none() && now >= 330 && waiting.contains(&0) {
                let legal = TableGame::legal_for(&t.game, 0);
                let slap = legal
                    .iter()
                    .find(|a| matches!(a, Action::Slap(s) if s.target == Target::Card))
                    .cloned()
                    .expect("a slap on the card");
                let timed = <Slap45 as TableGame>::timed(&slap, now, Some(1));
                app.world_mut().write_message(CardIntent::<Slap45> {
                    seat: Some(0),
                    action: timed,
                });
                clicked = Some(now);
                if waves > 1 {
                    later_waves += 1;
                }
            }
            last = Some((id, start_ms, now));
        }
        let t = app.world().resource::<CardTable<Slap45>>();
        assert!(waves > 0, "seed {seed}: a wave was watched");
        assert!(t.game.rounds >= 1, "seed {seed}: the round ended");
        let mine: Vec<&Action> = t
            .history
            .iter()
            .filter(|(s, a)| *s == Some(0) && *a != Action::Flip)
            .map(|(_, a)| a)
            .collect();
        assert!(!mine.is_empty(), "seed {seed}: you declared");
        let slaps: Vec<_> = mine
            .iter()
            .filter_map(|a| {
                if let Action::Slap(s) = a {
                    Some(*s)
                } else {
                    None
                }
            })
            .collect();
        match clicked {
            Some(at) => {
                assert_eq!(slaps.len(), 1, "seed {seed}: {mine:?}");
                assert_eq!(slaps[0].at_ms, at, "seed {seed}: timed at the click");
                assert_eq!(slaps[0].point, Some(1));
            }
            None => assert!(slaps.is_empty(), "seed {seed}: you only hold: {mine:?}"),
        }
    }
    assert!(
        later_waves > 0,
        "in some seed you slapped in a later wave of the round, after a bot's slap"
    );
}

/// A Gunfighter table with you in seat 0 and three normal bots, played on
/// until it is your hand's turn in a showdown.
fn gunfighter_at_your_toss() -> CardTable<highnoon::cards::gunfighter::Gunfighter> {
    use highnoon::cards::gunfighter::{Action, Gunfighter};
    let start: Gunfighter =
        load_game(&CardGame::Gunfighter.default_setup(), Some(4)).expect("setup");
    let mut seats = vec![SeatKind::Bot(Level::Normal); 4];
    seats[0] = SeatKind::You;
    let mut table = CardTable::new(start, seats, 11, dice());
    for _ in 0..2_000 {
        let ready = table.game.turn() == Turn::Player(0)
            && table
                .game
                .legal_actions()
                .iter()
                .any(|a| matches!(a, Action::Toss { .. }));
        if ready {
            return table;
        }
        table.fast_forward(1);
    }
    panic!("never your toss");
}

/// Your flick goes through the app to the rules: the toss is flown on Rapier
/// with your throw (not a bot's hand), and the card lies in the hole exactly
/// when the rules count it there.
#[test]
fn your_flick_is_tossed_on_rapier_and_the_rules_count_where_it_rests() {
    use highnoon::cards::gunfighter::{Action, Gunfighter};
    use highnoon::cards::view::CardView;
    use highnoon::tables::cards::toss::Throw;
    for (target, short) in [(2usize, false), (1, false), (2, true)] {
        let mut table = gunfighter_at_your_toss();
        table.pace = 0.0;
        let mats = table.game.mats(table.viewer);
        let (me, at) = (&mats[0], &mats[target]);
        let d = at.centre - me.hand;
        let reach = Vec2::new(d.x, d.z).length() * if short { 0.5 } else { 1.0 };
        let throw = Throw {
            from: Vec3::new(me.hand.x, 0.02, me.hand.z),
            heading: d.z.atan2(d.x),
            reach,
        };
        // The same throw on its own, for what it should give.
        let mut alone = table.tossing.clone();
        alone.throw = Some(throw);
        let slot = table
            .game
            .legal_actions()
            .iter()
            .find_map(|a| match a {
                Action::Toss { slot, .. } => Some(*slot),
                _ => None,
            })
            .unwrap();
        let card = table.game.fighters[0].bandolier[slot].unwrap();
        let expected = alone.fly(
            &mats,
            highnoon::cards::table_game::Flight {
                thrower: 0,
                target,
                key: u32::from(card),
            },
            (0.0, 0.0),
            true,
            &mut ChaCha8Rng::seed_from_u64(0),
            false,
        );
        table.tossing.throw = Some(throw);
        let mut app = app(table);
        app.world_mut().write_message(CardIntent::<Gunfighter> {
            seat: Some(0),
            action: Action::Toss { slot, target },
        });
        for _ in 0..3 {
            app.update();
        }
        let t = app.world().resource::<CardTable<Gunfighter>>();
        let toss = t.game.tosses.iter().find(|x| x.card == card).copied();
        // The showdown may have been read already if this was the last toss.
        let in_hole = match toss {
            Some(x) => x.in_hole.expect("landed"),
            None => t
                .game
                .last_reading
                .iter()
                .any(|m| m.stack.iter().any(|l| l.card == card)),
        };
        assert_eq!(in_hole, expected, "target {target}, short {short}");
        if short {
            assert!(!in_hole, "a flick dragged half as far falls short");
        }
        if toss.is_some() {
            assert_eq!(
                t.game.mats[target].iter().any(|l| l.card == card),
                in_hole,
                "the rules' stack holds the card exactly when it came to rest inside"
            );
            assert!(t.tossing.rests.contains_key(&u32::from(card)));
        }
    }
}

/// If your hand is free and you let the clock run, you wait (as at a real
/// table); while the countdown runs nobody acts.
#[test]
fn a_person_who_lets_the_clock_run_waits() {
    use highnoon::cards::gunfighter::Gunfighter;
    let mut table = gunfighter_at_your_toss();
    let ready = table.game.fighters[0].ready_ms;
    let clock = table.game.clock().expect("the showdown's clock");
    let at = clock.next.expect("your hand").1;
    // Just before your patience runs out: nothing happens.
    table.clock = Some((
        clock.id,
        (clock.countdown_ms as f32 + (at + clock.patience_ms as i32) as f32 - 60.0) / 1000.0,
    ));
    let mut app = app(table);
    app.update();
    assert_eq!(
        app.world()
            .resource::<CardTable<Gunfighter>>()
            .game
            .fighters[0]
            .ready_ms,
        ready
    );
    // A moment later you wait: your hand is free 250 ms later.
    std::thread::sleep(std::time::Duration::from_millis(120));
    for _ in 0..4 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(40));
    }
    let t = app.world().resource::<CardTable<Gunfighter>>();
    assert!(
        t.game.fighters[0].ready_ms > ready,
        "you waited: {} -> {}",
        ready,
        t.game.fighters[0].ready_ms
    );
    assert!(
        t.history
            .iter()
            .any(|(s, a)| *s == Some(0) && *a == highnoon::cards::gunfighter::Action::Wait)
    );
}
