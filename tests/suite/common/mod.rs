//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod window;

use bevy::math::{Vec2, Vec3};
use highnoon::physics::Table;
use highnoon::scenario::kinds::{HatSide, Team};
use highnoon::scenario::town::{FigureSpec, PropKind, PropSpec};
use highnoon::scenario::{PhysicsProfile, Town};

pub fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().expect("assets/physics.ron loads")
}

/// The shipped profile as it stood before the table's contact laws were
/// turned on (2026-11-29): the table on which the regression scenes pinned
/// to a seed and a step were found, and still happen.
pub fn before_contact_laws() -> PhysicsProfile {
    let path = highnoon::scenario::data_root().join("tests/data/profiles/before_contact_laws.ron");
    PhysicsProfile::load(&path).expect("tests/data/profiles/before_contact_laws.ron loads")
}

pub fn empty_town() -> Town {
    Town {
        name: "test".into(),
        description: String::new(),
        buildings: vec![],
        gallows: vec![],
        props: vec![],
        figures: vec![],
        discs: vec![],
        game: None,
    }
}

pub fn cowboy(team: Team, hat: u8, at_cm: (f32, f32)) -> FigureSpec {
    FigureSpec {
        team,
        hat: Some(hat),
        hat_side: HatSide::Red,
        name: None,
        at_cm,
        facing_deg: 0.0,
    }
}

pub fn prop(kind: PropKind, at_cm: (f32, f32), facing_deg: f32) -> PropSpec {
    PropSpec {
        kind,
        at_cm,
        facing_deg,
    }
}

pub fn standard_sim() -> Table {
    let p = profile();
    let town = Town::load(&highnoon::scenario::default_town_path(), &p).expect("standard town");
    Table::new(p, &town)
}

pub fn xz(v: Vec3) -> Vec2 {
    Vec2::new(v.x, v.z)
}

/// How many random games the rule-book checks play (hidden_words.rs,
/// legal_*.rs): `default` in the suite, `HIGHNOON_RULE_GAMES` for a long run
/// (docs/testing.md says how many a long run used and what it found).
pub fn rule_games(default: u64) -> u64 {
    std::env::var("HIGHNOON_RULE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The Flick table without a window (its headless plugin, the frame's
/// order, the shipped profile) with these seats: each update is a quarter
/// of a second, so a flick's playback ends in a few updates.
pub fn flick_app(seats: [highnoon::tables::flick::Seat; 2]) -> bevy::prelude::App {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(250),
    ));
    app.insert_resource(highnoon::physics::table::Profile(profile()));
    highnoon::tables::frame_order(&mut app);
    highnoon::tables::flick::plugin(&mut app);
    app.insert_resource(highnoon::tables::flick::Seats(seats));
    app
}

/// Two referees of `town` that differ only in what lies face down (every
/// face-down token of the second a Poisoned Water) and in their seeds (so
/// in the draw order).
pub fn face_down_twins(
    town: &Town,
) -> (
    highnoon::flick::referee::Referee,
    highnoon::flick::referee::Referee,
) {
    use highnoon::flick::referee::Referee;
    use highnoon::scenario::game::Token;
    let mut other = town.clone();
    for pile in &mut other.game.as_mut().unwrap().piles {
        assert!(pile.face_down);
        pile.tokens = vec![Token::PoisonedWater; pile.tokens.len()];
    }
    let a = Referee::new(profile(), town, 1).unwrap();
    let b = Referee::new(profile(), &other, 99).unwrap();
    assert_ne!(
        format!("{:?}", a.game.piles),
        format!("{:?}", b.game.piles),
        "the hidden contents differ"
    );
    (a, b)
}
