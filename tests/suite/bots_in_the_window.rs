//! The window's Flick 'em Up! table with two computer seats, driven frame by
//! frame offscreen (the window's own plugins, no window, no display; Mesa's
//! software Vulkan where there is no GPU): the bots think without stopping
//! the frames, show each flick's aim for at least its time and frames, and
//! their steps reach the referee, which plays them as it plays a person's.

use std::time::{Duration, Instant};

use highnoon::bot_level::Level;
use highnoon::flick::driver::Step;
use highnoon::scenario::{PhysicsProfile, data_root};
use highnoon::tables::flick::aim::{AIM_FRAMES, AIM_SECONDS};
use highnoon::tables::flick::bots::BotTurn;
use highnoon::tables::flick::session::{Autoplay, FlickSession};
use highnoon::window::render_bench::Offscreen;
use highnoon::window::{Start, WindowOptions};

/// A fingerprint of the game's state (it changes with every step played).
fn state(app: &Offscreen) -> Option<String> {
    app.world()
        .resource::<FlickSession>()
        .referee()
        .map(|r| format!("{:?}", r.game))
}

#[test]
fn two_bots_play_the_bank_robbery_in_the_window() {
    let profile = PhysicsProfile::load_default().expect("profile");
    let options =
        crate::common::window::bank_robbery_window([Some(Level::Hard), Some(Level::Hard)]);
    let mut app = Offscreen::new(profile, &options, (320, 200), 0);
    println!("drawing on {}", app.adapter);
    let started = Instant::now();
    let mut last = None;
    let (mut steps, mut flicks) = (0, 0);
    // Frames drawn while a bot thought, and the longest run of them.
    let (mut thinking_frames, mut think_runs) = (0usize, Vec::new());
    // The aim on show: since when and for how many frames.
    let mut aim: Option<(Instant, u32)> = None;
    // The main world's longest frame after the first ten (shaders, the town).
    let (mut frame, mut longest_main) = (0, Duration::ZERO);
    while (flicks < 2 || steps < 4) && started.elapsed() < Duration::from_secs(240) {
        let times = app.frame().expect("a frame");
        frame += 1;
        if frame > 10 {
            longest_main = longest_main.max(times.main);
        }
        let bots = app.world().resource::<BotTurn>();
        assert_eq!(bots.problem, None, "the bots had a problem");
        if bots.thinking() {
            thinking_frames += 1;
        } else if thinking_frames > 0 {
            think_runs.push(thinking_frames);
            thinking_frames = 0;
        }
        let flick_on_show = matches!(
            bots.shown_step(),
            Some(Step::Move(_) | Step::Shot(..) | Step::Blast(..))
        );
        if flick_on_show {
            let (since, frames) = aim.unwrap_or((Instant::now(), 0));
            aim = Some((since, frames + 1));
        }
        let now = state(&app);
        if now.is_some() && last.is_some() && now != last {
            steps += 1;
            // A flick was played: its aim was on show long enough before.
            if let Some((since, frames)) = aim.take() {
                let shown = since.elapsed().as_secs_f32();
                assert!(frames >= AIM_FRAMES, "the aim was drawn {frames} frames");
                assert!(
                    shown >= AIM_SECONDS * 0.95,
                    "the aim was on show {shown:.2} s"
                );
                flicks += 1;
            }
        }
        if now.is_some() {
            last = now;
        }
    }
    println!(
        "{steps} steps ({flicks} flicks) in {frame} frames, {:.1} s; frames drawn while a bot thought: {think_runs:?}; longest main world {:.1} ms",
        started.elapsed().as_secs_f32(),
        longest_main.as_secs_f64() * 1e3
    );
    assert!(steps >= 4, "the bots played {steps} steps");
    assert!(flicks >= 2, "the bots flicked {flicks} times");
    // The bots thought off the main thread: frames went on being drawn while
    // they thought, and no frame's main world took as long as a hard bot's
    // turn of planning (about 0.4 s on this machine: median 0.41 s, bench-bot
    // 2026-11-26, docs/flick-bot.md).
    assert!(!think_runs.is_empty(), "the bots thought");
    assert!(
        longest_main < Duration::from_millis(150),
        "a frame's main world took {longest_main:?}"
    );
}

/// A recorded game played back in the window (`replay FILE --window`): the
/// window's referee, fed the recorded steps at the table's pace, ends each
/// on the same pose hash as the headless re-run, to the bit.
#[test]
fn a_replay_played_back_in_the_window_matches_the_headless_rerun() {
    use highnoon::flick::replay::Replay;
    use highnoon::tables::flick::bots::ReplayScript;
    let file = data_root().join("tests/data/replays/dynamite_hard_easy_seed5.ron");
    let mut replay = Replay::load(&file).expect("replay");
    // The first steps, with two flicks among them.
    replay.steps.truncate(6);
    let rerun = replay.rerun(&file).expect("re-runs headless");
    let profile = PhysicsProfile::load_default().expect("profile");
    let options = WindowOptions {
        start: Start::Flick {
            scenario: Some(replay.scenario_path()),
        },
        size: (320, 200),
        screenshot: Default::default(),
        flick_script: Default::default(),
        autoplay: Autoplay {
            steps: 0,
            seed: replay.seed,
            bots: [Some(Level::Hard), Some(Level::Hard)],
            practice: false,
        },
        town: replay.scenario_path(),
        profile_path: replay.profile_path(),
        replay: Some(ReplayScript {
            seed: replay.seed,
            steps: replay.steps.iter().map(Step::from).collect(),
            played: 0,
        }),
        table_replay: None,
        graphics: highnoon::window::shell::look::Graphics::Low,
    };
    let mut app = Offscreen::new(profile, &options, (320, 200), 0);
    let started = Instant::now();
    let (mut last, mut still) = (None, 0);
    // Until every step is handed in and the table has been still a while.
    while started.elapsed() < Duration::from_secs(240) {
        app.frame().expect("a frame");
        let played = app.world().resource::<ReplayScript>().played;
        let now = state(&app).zip(
            app.world()
                .resource::<FlickSession>()
                .referee()
                .map(|r| r.table.pose_hash()),
        );
        still = if now == last { still + 1 } else { 0 };
        last = now;
        if played == replay.steps.len() && still >= 40 {
            break;
        }
    }
    let referee = app
        .world()
        .resource::<FlickSession>()
        .referee()
        .expect("a game");
    assert_eq!(
        app.world().resource::<ReplayScript>().played,
        replay.steps.len()
    );
    assert_eq!(
        referee.table.pose_hash(),
        rerun.final_hash,
        "the window's table ends where the headless re-run does"
    );
    let bots = app.world().resource::<BotTurn>();
    assert_eq!(bots.problem, None);
    assert_eq!(bots.refused(), 0, "every step was accepted");
}

/// A table replay played back at the window's sandbox (`replay FILE
/// --window`): each piece put down, its aim shown, then flicked on the
/// sandbox's table and played back from its recording; the table ends each
/// flick on the headless re-run's pose hash, and what the sandbox logged
/// (what F5 saves) is the replay again.
#[test]
fn a_table_replay_played_back_in_the_window_matches_the_headless_rerun() {
    use highnoon::physics::replay::{TableFlick, TableReplay};
    use highnoon::scenario::data_name;
    use highnoon::tables::flick::table_replay::TableReplayScript;
    let profile = PhysicsProfile::load_default().expect("profile");
    let town_path = highnoon::scenario::default_town_path();
    let town = highnoon::scenario::Town::load(&town_path, &profile).expect("town");
    let table = highnoon::physics::Table::new(profile.clone(), &town);
    let (disc, _) = table.discs().next().expect("a disc");
    let name = table.index().get(disc).expect("indexed").name.clone();
    let replay = TableReplay {
        note: None,
        town: data_name(&town_path),
        profile: None,
        set: vec![("materials.tabletop.friction".into(), 0.35)],
        flicks: vec![
            TableFlick {
                piece: name.clone(),
                place: Some((0.05, 0.15)),
                direction: (0.2, -1.0),
                strength: 0.8,
                spin: 0.3,
                hash: None,
            },
            TableFlick {
                piece: name.clone(),
                place: None,
                direction: (-1.0, 0.3),
                strength: 0.5,
                spin: 0.0,
                hash: None,
            },
        ],
        final_hash: None,
    };
    let dir = std::env::temp_dir().join(format!("hn-window-table-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.replay.ron");
    replay.save(&file).unwrap();
    let checked = TableReplay::load(&file).unwrap_or_else(|e| panic!("{e}"));
    let rerun = checked.rerun().expect("reruns");
    let options = WindowOptions {
        start: Start::Flick { scenario: None },
        size: (320, 200),
        screenshot: Default::default(),
        flick_script: Default::default(),
        autoplay: Default::default(),
        town: town_path,
        profile_path: highnoon::scenario::default_profile_path(),
        replay: None,
        table_replay: Some(TableReplayScript::of(&checked)),
        graphics: highnoon::window::shell::look::Graphics::Low,
    };
    let mut app = Offscreen::new(checked.profile.clone(), &options, (320, 200), 0);
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(240) {
        app.frame().expect("a frame");
        if app.world().resource::<FlickSession>().log().flicks.len() == rerun.len() {
            break;
        }
    }
    let session = app.world().resource::<FlickSession>();
    let log = session.log().flicks.clone();
    let hashes: Vec<u64> = log.iter().map(|f| f.hash).collect();
    let want: Vec<u64> = rerun.iter().map(|s| s.hash).collect();
    assert_eq!(
        hashes, want,
        "each flick ends on the headless re-run's pose"
    );
    assert_eq!(session.table().map(|t| t.pose_hash()), want.last().copied());
    assert_eq!(log[0].place, Some(bevy::math::Vec2::new(0.05, 0.15)));
    assert_eq!(log[1].place, None);
    for (logged, (_, flick)) in log.iter().zip(&checked.flicks) {
        assert_eq!(logged.flick, *flick);
    }
    let _ = std::fs::remove_dir_all(dir);
}
