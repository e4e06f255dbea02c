//! The headless driver: plays a scenario from a script of steps (intents and
//! flicks), or with a seeded random player. Used by tests, benches and bots.

use bevy::math::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::referee::{Aim, Referee, RefereeError, SetDown, Side};
use super::rules::{Intent, Outcome, Phase};

/// One step of play: what a player does at the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Intent(Intent),
    Move(Aim),
    Shot(Side, Aim),
    Blast(Side, Aim),
    /// Right after a move: the cowboy turned, or seated, as the player chooses.
    SetDown(SetDown),
}

/// Plays one step.
pub fn play(referee: &mut Referee, step: &Step) -> Result<(), RefereeError> {
    match step {
        Step::Intent(i) => referee.apply(i.clone()).map(|_| ()),
        Step::Move(aim) => referee.flick_move(*aim).map(|_| ()),
        Step::Shot(side, aim) => referee.flick_shot(*side, *aim).map(|_| ()),
        Step::Blast(side, aim) => referee.flick_dynamite(*side, *aim).map(|_| ()),
        Step::SetDown(how) => referee.set_down(*how).map_err(RefereeError::from),
    }
}

/// Plays a whole script; stops at the first refused step.
pub fn play_script(referee: &mut Referee, steps: &[Step]) -> Result<(), (usize, RefereeError)> {
    for (i, s) in steps.iter().enumerate() {
        play(referee, s).map_err(|e| (i, e))?;
    }
    Ok(())
}

/// A player who picks random legal intents and flicks roughly at the enemy:
/// reproducible from its seed.
#[derive(Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The next step for whoever's turn it is; `None` when the game is over.
    pub fn next_step(&mut self, referee: &Referee) -> Option<Step> {
        let game = &referee.game;
        match game.phase.clone() {
            Phase::Over(_) => None,
            Phase::AwaitMove { .. } => {
                let a: f32 = self.rng.random_range(0.0..std::f32::consts::TAU);
                Some(Step::Move(Aim {
                    direction: Vec2::from_angle(a),
                    strength: self.rng.random_range(0.15..0.6),
                    spin: 0.0,
                }))
            }
            Phase::AwaitShots { cowboy, .. } | Phase::AwaitBlast { cowboy, .. } => {
                let me = referee.position(cowboy);
                let team = referee.game.cowboys[cowboy].team;
                let targets: Vec<usize> = (0..referee.game.cowboys.len())
                    .filter(|&c| referee.game.cowboys[c].team != team && referee.game.hittable(c))
                    .collect();
                let direction = if targets.is_empty() {
                    Vec2::from_angle(self.rng.random_range(0.0..std::f32::consts::TAU))
                } else {
                    let t = targets[self.rng.random_range(0..targets.len())];
                    let wobble = self.rng.random_range(-0.08..0.08f32);
                    Vec2::from_angle((referee.position(t) - me).to_angle() + wobble)
                };
                let side = if self.rng.random_bool(0.5) {
                    Side::Left
                } else {
                    Side::Right
                };
                // A second bullet goes on the side the first did not.
                let side = if referee.shot_sides().contains(&side) {
                    side
                } else {
                    side.other()
                };
                let aim = Aim {
                    direction,
                    strength: self.rng.random_range(0.6..1.0),
                    spin: 0.0,
                };
                Some(if matches!(referee.game.phase, Phase::AwaitBlast { .. }) {
                    Step::Blast(side, aim)
                } else {
                    Step::Shot(side, aim)
                })
            }
            _ => {
                let legal = referee.game.legal_intents();
                // Prefer acting to ending the turn, so games have substance.
                let acting: Vec<&Intent> =
                    legal.iter().filter(|i| **i != Intent::EndTurn).collect();
                let pick = if !acting.is_empty()
                    && (legal.len() == acting.len() || self.rng.random_bool(0.8))
                {
                    acting[self.rng.random_range(0..acting.len())].clone()
                } else {
                    legal.first().cloned()?
                };
                Some(Step::Intent(pick))
            }
        }
    }
}

/// Plays a game to its end with random players; returns the outcome and the steps played.
pub fn play_random(
    referee: &mut Referee,
    seed: u64,
    max_steps: usize,
) -> (Option<Outcome>, Vec<Step>) {
    let mut player = RandomPlayer::new(seed);
    let mut steps = Vec::new();
    while steps.len() < max_steps {
        let Some(step) = player.next_step(referee) else {
            break;
        };
        if let Err(e) = play(referee, &step) {
            panic!("the random player chose a refused step {step:?}: {e}");
        }
        steps.push(step);
    }
    (referee.game.outcome().cloned(), steps)
}
