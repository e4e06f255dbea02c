//! The shooting range: a bare table with one shooter and one standing target
//! `distance` apart, nothing between them. How often a level's flicks knock
//! the target over is its aim, measured the way a player would (the bot plans
//! the shot, its hand shakes, the bullet is flicked on the real table).

use super::levels::BotLevels;
use super::player::FlickBot;
use crate::bot_level::Level;
use crate::flick::driver::{Step, play};
use crate::flick::referee::Referee;
use crate::flick::rules::Intent;
use crate::scenario::game::{AtNoon, Condition, GameSetup, Victory};
use crate::scenario::kinds::{HatSide, Team};
use crate::scenario::town::FigureSpec;
use crate::scenario::{PhysicsProfile, Town};

/// A lawman and an outlaw `distance_cm` apart on an empty table, the lawman to play.
pub fn range_town(distance_cm: f32) -> Town {
    let figure = |team, name: &str, x: f32, facing_deg| FigureSpec {
        team,
        hat: Some(1),
        hat_side: HatSide::Red,
        name: Some(name.into()),
        at_cm: (x, 0.0),
        facing_deg,
    };
    Town {
        name: format!("Shooting range, {distance_cm} cm"),
        description: "One shooter, one target, nothing between.".into(),
        buildings: vec![],
        gallows: vec![],
        props: vec![],
        figures: vec![
            figure(Team::Lawmen, "Shooter", -distance_cm / 2.0, 90.0),
            figure(Team::Outlaws, "Target", distance_cm / 2.0, -90.0),
        ],
        discs: vec![],
        game: Some(GameSetup {
            start_hour: 6,
            initiative: "Shooter".into(),
            hit_points: 3,
            cowboys: vec![],
            piles: vec![],
            closed: vec![],
            duel: false,
            victory: vec![Victory {
                team: Team::Lawmen,
                condition: Condition::Eliminate(Team::Outlaws),
            }],
            at_noon: AtNoon::Draw,
            notes: vec![],
        }),
    }
}

/// Shots fired and targets knocked over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeScore {
    pub shots: usize,
    pub hits: usize,
}

impl RangeScore {
    pub fn rate(&self) -> f64 {
        self.hits as f64 / self.shots.max(1) as f64
    }
}

/// `shots` single shots by `level` at the standing target, each from the same
/// fresh table (the bot's seed differs per shot).
pub fn range(
    profile: &PhysicsProfile,
    levels: &BotLevels,
    level: Level,
    distance_cm: f32,
    shots: usize,
    seed: u64,
) -> Result<RangeScore, String> {
    let town = range_town(distance_cm);
    let mut start = Referee::new(profile.clone(), &town, seed)?;
    let shooter = 0;
    start
        .apply(Intent::Play(shooter))
        .map_err(|e| e.to_string())?;
    start.apply(Intent::Shoot).map_err(|e| e.to_string())?;
    let target = 1;
    let mut hits = 0;
    for i in 0..shots {
        let mut r = start.clone();
        let mut bot = FlickBot::new(level, levels, seed.wrapping_mul(1_000_003) + i as u64);
        let step = bot
            .next_step(&r)
            .ok_or_else(|| "the bot would not shoot".to_string())?;
        if !matches!(step, Step::Shot(..)) {
            return Err(format!("the bot did not shoot: {step:?}"));
        }
        play(&mut r, &step).map_err(|e| e.to_string())?;
        if r.game.cowboys[target].hit_points < 3 {
            hits += 1;
        }
    }
    Ok(RangeScore { shots, hits })
}
