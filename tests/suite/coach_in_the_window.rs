//! The coach at the window's Flick table, driven frame by frame offscreen
//! (the window's own plugins, no window, no display; as bots_in_the_window.rs):
//! asked while the bot thinks, it refuses and says why; asked on the
//! person's choice of cowboy, it gives the whole turn (the cowboy ringed,
//! the action named, the flick drawn); asked on the person's move, it finds
//! the hard bot's flick off the main thread and draws its drag, and nothing
//! is played; after the person's flick it says how theirs compared, and
//! after the turn's first action how the turn's choice did.

use std::time::{Duration, Instant};

use bevy::ecs::message::Message;
use highnoon::bot_level::Level;
use highnoon::flick::driver::Step;
use highnoon::flick::referee::Referee;
use highnoon::flick::rules::{Intent, Phase};
use highnoon::scenario::PhysicsProfile;
use highnoon::scenario::kinds::Team;
use highnoon::tables::flick::aim::Aim;
use highnoon::tables::flick::bots::BotTurn;
use highnoon::tables::flick::session::{FlickAction, FlickIntent, FlickSession};
use highnoon::window::flick_table::coach::{AskHint, CoachHint};
use highnoon::window::render_bench::Offscreen;

fn session(app: &Offscreen) -> &FlickSession {
    app.world().resource::<FlickSession>()
}

fn referee(app: &Offscreen) -> &Referee {
    session(app).referee().expect("a game on the table")
}

fn coach(app: &Offscreen) -> &CoachHint {
    app.world().resource::<CoachHint>()
}

/// The rules' state and the table's poses.
fn fingerprint(app: &Offscreen) -> (String, u64) {
    let r = referee(app);
    (format!("{:?}", r.game), r.table.pose_hash())
}

fn write<M: Message>(app: &mut Offscreen, message: M) {
    app.sub_apps.main.world_mut().write_message(message);
}

/// Frames until `done`, at most `limit`; returns the frames drawn.
fn frames_until(
    app: &mut Offscreen,
    limit: Duration,
    what: &str,
    mut done: impl FnMut(&Offscreen) -> bool,
) -> usize {
    let started = Instant::now();
    let mut frames = 0;
    while !done(&*app) {
        assert!(
            started.elapsed() < limit,
            "waited {limit:?} for {what}; the coach said {:?}",
            coach(&*app).lines()
        );
        app.frame().expect("a frame");
        frames += 1;
    }
    frames
}

#[test]
fn the_coach_draws_the_hard_bots_flick_for_the_person_and_plays_nothing() {
    let profile = PhysicsProfile::load_default().expect("profile");
    // The person plays the outlaws; the hard bot the lawmen, who open
    // (Wyatt holds the initiative).
    let options = crate::common::window::bank_robbery_window([Some(Level::Hard), None]);
    let mut app = Offscreen::new(profile, &options, (320, 200), 0);
    let minutes = Duration::from_secs(240);

    // Asked while the bot thinks: refused, with the reason.
    frames_until(&mut app, minutes, "the bot to think", |app| {
        app.world().resource::<BotTurn>().thinking()
    });
    write(&mut app, AskHint);
    app.frame().expect("a frame");
    let said = coach(&app).lines().last().cloned().unwrap_or_default();
    assert!(
        said.starts_with("No hint: ")
            && (said.contains("the bot is thinking") || said.contains("a computer seat plays")),
        "{said}"
    );
    assert!(!coach(&app).thinking() && coach(&app).hint().is_none());

    // The person's turn: an outlaw chosen, and his move.
    frames_until(&mut app, minutes, "the person's turn", |app| {
        let s = session(app);
        !s.replaying()
            && s.referee().is_some_and(|r| {
                r.game.current_team() == Some(Team::Outlaws)
                    && matches!(r.game.phase, Phase::Choose { .. })
            })
    });
    // Asked while the cowboy is to be chosen: the whole turn — the hard
    // bot's cowboy ringed, its action named, its flick's drag drawn —
    // and nothing played.
    let stamp = session(&app).stamp();
    let before = fingerprint(&app);
    write(&mut app, AskHint);
    frames_until(&mut app, minutes, "the whole-turn hint", |app| {
        coach(app).turn_hint().is_some()
    });
    for _ in 0..5 {
        app.frame().expect("a frame");
    }
    let c = coach(&app);
    let turn = c.turn_hint().expect("a whole-turn hint").clone();
    println!("the whole-turn hint: {}", turn.said());
    let best = turn.best();
    let chosen = best.cowboy.expect("a cowboy chosen");
    assert_eq!(referee(&app).game.cowboys[chosen].team, Team::Outlaws);
    assert!(
        matches!(best.steps[0], Step::Intent(Intent::Play(c)) if c == chosen),
        "{:?}",
        best.steps
    );
    assert!(best.action.is_some(), "an action named");
    let ring = c.ringed().expect("the cowboy ringed");
    let at = referee(&app).position(chosen);
    assert!((ring.x - at.x).abs() < 1e-4 && (ring.z - at.y).abs() < 1e-4);
    if best.flick.is_some() {
        let drag = c.shown_aim().expect("the best flick's drag");
        assert!(drag.strength() > 0.0);
        assert!(c.drawn() >= 5, "drawn {} frames", c.drawn());
    }
    assert!(
        c.lines().iter().any(|l| *l == turn.said()),
        "{:?}",
        c.lines()
    );
    assert_eq!(session(&app).stamp(), stamp, "nothing played");
    assert_eq!(fingerprint(&app), before);

    let cowboy = referee(&app)
        .game
        .legal_intents()
        .into_iter()
        .find(|i| matches!(i, Intent::Play(_)))
        .expect("an outlaw to play");
    write(
        &mut app,
        FlickIntent::person(FlickAction::Step(Step::Intent(cowboy))),
    );
    app.frame().expect("a frame");
    let action = referee(&app)
        .game
        .legal_intents()
        .into_iter()
        .find(|i| *i == Intent::Move)
        .unwrap_or(Intent::Shoot);
    write(
        &mut app,
        FlickIntent::person(FlickAction::Step(Step::Intent(action))),
    );
    app.frame().expect("a frame");
    assert!(
        matches!(
            referee(&app).game.phase,
            Phase::AwaitMove { .. } | Phase::AwaitShots { .. }
        ),
        "{:?}",
        referee(&app).game.phase
    );

    // Asked on the person's flick: the hint is found off the main thread
    // (frames go on being drawn meanwhile), then drawn; nothing is played.
    let stamp = session(&app).stamp();
    let before = fingerprint(&app);
    let asked = Instant::now();
    write(&mut app, AskHint);
    let mut thinking = 0;
    frames_until(&mut app, minutes, "the hint", |app| {
        thinking += usize::from(coach(app).thinking());
        coach(app).hint().is_some()
    });
    let found = asked.elapsed();
    for _ in 0..5 {
        app.frame().expect("a frame");
    }
    let c = coach(&app);
    let hint = c.hint().expect("a hint").clone();
    println!(
        "the hint came in {:.2} s ({thinking} frames drawn meanwhile): {}",
        found.as_secs_f32(),
        hint.said()
    );
    assert!(thinking > 0, "the coach thought while frames were drawn");
    assert_eq!(c.hint_stamp(), Some(stamp));
    assert_eq!(Some(hint.cowboy), referee(&app).game.current_cowboy());
    let drag = c.shown_aim().expect("the hint's drag").clone();
    let (_, disc) = referee(&app).flick_anchor().expect("a flick awaited");
    assert_eq!(drag.piece, Some(disc), "the drag is the awaited disc's");
    assert!(drag.strength() > 0.0 && drag.direction() != bevy::math::Vec2::ZERO);
    assert!(
        c.drawn() >= 5,
        "the hint's drag was drawn {} frames",
        c.drawn()
    );
    assert!(
        c.lines().iter().any(|l| *l == hint.said()),
        "{:?}",
        c.lines()
    );
    // Nothing was played: the same state, the same table, no flick shown,
    // and the mouse's aim is still the person's own (empty).
    assert_eq!(session(&app).stamp(), stamp);
    assert_eq!(fingerprint(&app), before);
    assert!(!session(&app).replaying());
    assert!(app.world().resource::<Aim>().piece.is_none());

    // The person flicks the hinted flick themselves: the hint goes with its
    // position, and the coach says how the flick compared with the best.
    write(
        &mut app,
        FlickIntent::person(FlickAction::Step(hint.step.clone())),
    );
    let compared = |app: &Offscreen| {
        app.world()
            .resource::<CoachHint>()
            .lines()
            .iter()
            .find(|l| l.contains("The best flick here was worth"))
            .cloned()
    };
    frames_until(&mut app, minutes, "the comparison", |app| {
        compared(app).is_some()
    });
    let line = compared(&app).expect("a comparison");
    // And once the first action of the turn is played out, the turn's review.
    let reviewed = |app: &Offscreen| {
        app.world()
            .resource::<CoachHint>()
            .lines()
            .iter()
            .find(|l| l.starts_with("Best: "))
            .cloned()
    };
    frames_until(&mut app, minutes, "the turn's review", |app| {
        reviewed(app).is_some()
    });
    let review = reviewed(&app).expect("a review");
    assert!(review.contains("; yours: "), "{review}");
    assert!(
        review.starts_with(&format!("Best: {} ", best.words)),
        "the review's best is the whole-turn hint's: {review}"
    );
    assert!(
        line.contains(&format!("worth {:+.1}; yours ", hint.worth)),
        "{line}"
    );
    assert!(
        coach(&app).hint().is_none(),
        "the hint went with its position"
    );
    assert_ne!(
        session(&app).stamp(),
        stamp,
        "the person's flick was played"
    );
}
