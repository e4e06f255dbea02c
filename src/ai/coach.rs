//! The coach: for the flick the referee awaits, the flick the hard bot would
//! choose (its search, on what a player at the table sees), and what that
//! flick brings — played as drawn, and [`TRIALS`] times through the hard
//! bot's hand, each shake from its own ChaCha8 stream derived from the
//! hint's seed, so that the same seed gives the same hint and the same
//! announced outcome, to the bit. Nothing is played on the referee it is
//! given: every flick is tried on a fork.
//!
//! After a person's flick, [`gain`] says what theirs was worth by the value
//! the hard bot's search weighs flicks with ([`plan::value_replied`]: the
//! position, what the turn may still bring, and the other side's likely
//! reply), so the two compare ("the best flick here was worth +2.1; yours
//! +0.4").

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::levels::{BotLevels, LevelSpec};
use super::plan::{self, FlickKind, Planned};
use crate::bot_level::Level;
use crate::flick::driver::Step;
use crate::flick::referee::{Referee, RefereeError};
use crate::flick::rules::{CowboyId, Phase};
use crate::scenario::kinds::{BuildingKind, Team};

/// The level whose search and hand the coach uses.
pub const LEVEL: Level = Level::Hard;

/// Times the hinted flick is played through the hand for its announced outcome.
pub const TRIALS: usize = 10;

/// Why no hint is given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over: there is no flick left to hint")]
    GameOver,
    /// The referee awaits a choice, not a flick (the reason says which).
    #[error("no flick is awaited: {0}")]
    NoFlick(String),
    #[error("the bot levels have no {0} level to coach with")]
    NoLevel(String),
}

/// One play of a flick on a fork of the referee.
#[derive(Debug, Clone, PartialEq)]
pub struct Trial {
    /// The flick played: the hint's as drawn, or through the hand.
    pub step: Step,
    /// The cowboys it hit: a bullet's first contact knocked over, or those
    /// the dynamite knocked over.
    pub hits: Vec<CowboyId>,
    /// The building a move took the cowboy into.
    pub entered: Option<BuildingKind>,
    /// A move that failed: the town was put back.
    pub failed: bool,
    /// What it gained for the flicking team ([`gain`]).
    pub gain: f32,
    /// The table's pose hash after it.
    pub pose_hash: u64,
    /// The referee refused it (it gained nothing).
    pub refused: Option<String>,
}

/// The coach's hint: the flick the hard bot would choose for the cowboy the
/// referee awaits, and what it brings.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// The cowboy flicking, and his name.
    pub cowboy: CowboyId,
    pub name: String,
    pub kind: FlickKind,
    /// The search's plan (before any hand shakes it).
    pub planned: Planned,
    /// The planned flick as a step of the rules, played as drawn.
    pub step: Step,
    /// The planned flick played as drawn.
    pub exact: Trial,
    /// The planned flick played through the hand, once per trial
    /// ([`shaken_step`] with this hint's seed and the trial's index).
    pub trials: Vec<Trial>,
    /// The cowboy a shot or a blast is expected to hit (the one it hits as
    /// drawn, else the one it hits most often).
    pub target: Option<CowboyId>,
    /// The building a move is expected to enter.
    pub goal: Option<BuildingKind>,
    /// Trials that did what is expected: hit the target, entered the goal,
    /// or (a move with no goal) did not fail.
    pub times: usize,
    /// What it is expected to do, in words: "hits Snake Eyes 7 times in 10".
    pub expects: String,
    /// What it is worth: its mean gain over the trials.
    pub worth: f32,
    /// The seed of the search and of the trials' hands.
    pub seed: u64,
}

impl Hint {
    /// The flick in words: "Hint: Wyatt's shot, the bullet on his left —
    /// hits Snake Eyes 7 times in 10; as drawn, a hit. Worth +2.1."
    pub fn said(&self) -> String {
        let what = match &self.step {
            Step::Move(_) => "move".to_string(),
            Step::Shot(side, _) => format!("shot, the bullet on his {}", side.name()),
            Step::Blast(side, _) => format!("dynamite, thrown from his {}", side.name()),
            Step::Intent(_) | Step::SetDown(_) => "step".to_string(),
        };
        format!(
            "Hint: {}'s {what} — {}. Worth {:+.1}.",
            self.name, self.expects, self.worth
        )
    }
}

/// The flick the referee awaits, and the cowboy who flicks it; or why there is none.
pub fn awaited(referee: &Referee) -> Result<(FlickKind, CowboyId), Refusal> {
    match &referee.game.phase {
        Phase::AwaitMove { cowboy, .. } => Ok((FlickKind::Move, *cowboy)),
        Phase::AwaitShots { cowboy, .. } => Ok((FlickKind::Shot, *cowboy)),
        Phase::AwaitBlast { cowboy, .. } => Ok((FlickKind::Blast, *cowboy)),
        Phase::Over(_) => Err(Refusal::GameOver),
        Phase::Choose { .. } => Err(Refusal::NoFlick(
            "choose the cowboy to play first; the coach hints flicks".into(),
        )),
        Phase::Acting { .. } => Err(Refusal::NoFlick(
            "choose Move, Shoot or Throw dynamite first; the coach hints flicks".into(),
        )),
        Phase::AwaitKeep { .. } => Err(Refusal::NoFlick(
            "keep the token drawn or leave it first; the coach hints flicks".into(),
        )),
    }
}

/// The hint for the flick the referee awaits, with the hard level's search
/// and hand from `levels`, announced over [`TRIALS`] plays.
pub fn hint(referee: &Referee, levels: &BotLevels, seed: u64) -> Result<Hint, Refusal> {
    // Nothing to search for: refused before the levels are looked at.
    awaited(referee)?;
    let spec = levels
        .get(LEVEL)
        .ok_or_else(|| Refusal::NoLevel(LEVEL.to_string()))?;
    hint_with(referee, spec, TRIALS, seed)
}

/// The hint with a given search and hand (`spec`: its samples, rounds and
/// noise) and number of trials.
pub fn hint_with(
    referee: &Referee,
    spec: &LevelSpec,
    trials: usize,
    seed: u64,
) -> Result<Hint, Refusal> {
    let (kind, cowboy) = awaited(referee)?;
    // The coach sees what a player at the table sees, as the bot does.
    let view = referee.public_view();
    let planned = plan::plan_flick(&view, kind, cowboy, spec, spec.iterations, seed);
    Ok(hint_of_plan(&view, cowboy, planned, spec, trials, seed))
}

/// The hint for a flick already planned on `view` (what a player at the
/// table sees) for `cowboy`: played as drawn and `trials` times through
/// the hand of `spec`, each from its own stream of `seed`.
pub fn hint_of_plan(
    view: &Referee,
    cowboy: CowboyId,
    planned: Planned,
    spec: &LevelSpec,
    trials: usize,
    seed: u64,
) -> Hint {
    let kind = planned.kind;
    let step = step_of(kind, &planned);
    let exact = play_trial(view, &step);
    let trials: Vec<Trial> = (0..trials)
        .into_par_iter()
        .map(|i| play_trial(view, &shaken_step(&step, spec, seed, i)))
        .collect();
    let worth = if trials.is_empty() {
        exact.gain
    } else {
        trials.iter().map(|t| t.gain).sum::<f32>() / trials.len() as f32
    };
    let team = view.game.cowboys[cowboy].team;
    let (target, goal, times, expects) = expectation(view, kind, team, &exact, &trials);
    Hint {
        cowboy,
        name: view.game.cowboys[cowboy].name.clone(),
        kind,
        planned,
        step,
        exact,
        trials,
        target,
        goal,
        times,
        expects,
        worth,
        seed,
    }
}

/// The planned flick as a step of the rules.
pub fn step_of(kind: FlickKind, planned: &Planned) -> Step {
    match kind {
        FlickKind::Move => Step::Move(planned.aim),
        FlickKind::Shot => Step::Shot(planned.side, planned.aim),
        FlickKind::Blast => Step::Blast(planned.side, planned.aim),
    }
}

/// The seed of trial `i`'s hand for a hint on `seed`.
pub fn trial_seed(seed: u64, i: usize) -> u64 {
    // SplitMix64's increment: trials' streams far apart.
    seed ^ 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1)
}

/// The hinted step as the hand plays it in trial `i` of a hint on `seed`.
pub fn shaken_step(step: &Step, spec: &LevelSpec, seed: u64, i: usize) -> Step {
    let mut hand = ChaCha8Rng::seed_from_u64(trial_seed(seed, i));
    match step {
        Step::Move(aim) => Step::Move(plan::shake(*aim, spec, &mut hand)),
        Step::Shot(side, aim) => Step::Shot(*side, plan::shake(*aim, spec, &mut hand)),
        Step::Blast(side, aim) => Step::Blast(*side, plan::shake(*aim, spec, &mut hand)),
        Step::Intent(_) | Step::SetDown(_) => step.clone(),
    }
}

/// Plays `step` on a fork of `referee` and says what it did.
pub fn play_trial(referee: &Referee, step: &Step) -> Trial {
    let mut fork = referee.clone();
    let cowboy = referee.game.current_cowboy();
    let team = cowboy.map(|c| referee.game.cowboys[c].team);
    let inside_before = cowboy.and_then(|c| referee.game.cowboys[c].inside);
    let played: Result<Vec<CowboyId>, RefereeError> = match step {
        Step::Move(aim) => fork.flick_move(*aim).map(|_| Vec::new()),
        Step::Shot(side, aim) => fork
            .flick_shot(*side, *aim)
            .map(|r| r.knocked_first.into_iter().collect()),
        Step::Blast(side, aim) => fork.flick_dynamite(*side, *aim).map(|r| r.knocked_over),
        Step::Intent(intent) => fork.apply(intent.clone()).map(|_| Vec::new()),
        Step::SetDown(how) => fork
            .set_down(*how)
            .map(|_| Vec::new())
            .map_err(RefereeError::from),
    };
    let pose_hash = fork.table.pose_hash();
    match played {
        Err(e) => Trial {
            step: step.clone(),
            hits: Vec::new(),
            entered: None,
            failed: matches!(step, Step::Move(_)),
            gain: 0.0,
            pose_hash,
            refused: Some(e.to_string()),
        },
        Ok(hits) => {
            let failed = matches!(step, Step::Move(_)) && move_failed(referee, &fork);
            let entered = match (step, cowboy) {
                (Step::Move(_), Some(c)) if !failed => fork.game.cowboys[c]
                    .inside
                    .filter(|b| inside_before != Some(*b)),
                _ => None,
            };
            Trial {
                step: step.clone(),
                hits,
                entered,
                failed,
                gain: team.map_or(0.0, |t| gain(referee, &fork, t)),
                pose_hash,
                refused: None,
            }
        }
    }
}

/// Whether the move flicked from `before` failed: the cowboy is where he was
/// (the referee puts the town back after a failed move).
fn move_failed(before: &Referee, after: &Referee) -> bool {
    let Phase::AwaitMove { cowboy, .. } = before.game.phase else {
        return false;
    };
    let at = |r: &Referee| (r.game.cowboys[cowboy].inside, r.position(cowboy));
    at(before) == at(after)
}

/// What a flick from `before` to `after` gained for `team`: the position's
/// value after it less its value before, by the value the hard bot's search
/// weighs flicks with ([`plan::value_replied`]: the score, what the turn may
/// still bring, and the other side's likely reply); a failed move costs
/// [`plan::FAILED_MOVE`] more, as in the search.
pub fn gain(before: &Referee, after: &Referee, team: Team) -> f32 {
    let failed = if move_failed(before, after) {
        plan::FAILED_MOVE
    } else {
        0.0
    };
    plan::value_replied(after, team) - plan::value_replied(before, team) - failed
}

/// The log's line after a person's flick.
pub fn compare_line(best: f32, yours: f32) -> String {
    format!("The best flick here was worth {best:+.1}; yours {yours:+.1}.")
}

/// The log's line for the person's flick from `before` to `after`, against the hint for `before`.
pub fn compare(before: &Referee, after: &Referee, hint: &Hint) -> String {
    let team = before.game.cowboys[hint.cowboy].team;
    compare_line(hint.worth, gain(before, after, team))
}

/// The outcome announced: the target (or goal), the trials that reached it, in words.
fn expectation(
    referee: &Referee,
    kind: FlickKind,
    team: Team,
    exact: &Trial,
    trials: &[Trial],
) -> (Option<CowboyId>, Option<BuildingKind>, usize, String) {
    let n = trials.len();
    let game = &referee.game;
    match kind {
        FlickKind::Shot | FlickKind::Blast => {
            let count = |c: CowboyId| trials.iter().filter(|t| t.hits.contains(&c)).count();
            let enemy = |c: &CowboyId| game.cowboys[*c].team != team;
            // The one hit as drawn (an enemy first), else the one hit most often.
            let most = |keep: &dyn Fn(&CowboyId) -> bool| {
                (0..game.cowboys.len())
                    .filter(|c| keep(c))
                    .map(|c| (c, count(c)))
                    .filter(|(_, k)| *k > 0)
                    // The first of the most hit.
                    .fold(None, |best: Option<(CowboyId, usize)>, (c, k)| match best {
                        Some((_, b)) if b >= k => best,
                        _ => Some((c, k)),
                    })
                    .map(|(c, _)| c)
            };
            let target = exact
                .hits
                .iter()
                .copied()
                .find(enemy)
                .or_else(|| most(&enemy))
                .or_else(|| exact.hits.first().copied())
                .or_else(|| most(&|_: &CowboyId| true));
            let verb = if kind == FlickKind::Shot {
                "hits"
            } else {
                "knocks over"
            };
            match target {
                Some(c) => {
                    let times = count(c);
                    let drawn = if exact.hits.contains(&c) {
                        "a hit"
                    } else {
                        "a miss"
                    };
                    let text = format!(
                        "{verb} {} {times} times in {n}; as drawn, {drawn}",
                        game.cowboys[c].name
                    );
                    (Some(c), None, times, text)
                }
                None => (None, None, 0, format!("{verb} nobody in {n} tries")),
            }
        }
        FlickKind::Move => {
            let count = |b: BuildingKind| trials.iter().filter(|t| t.entered == Some(b)).count();
            let goal = exact.entered.or_else(|| {
                BuildingKind::ALL
                    .into_iter()
                    .map(|b| (b, count(b)))
                    .filter(|(_, k)| *k > 0)
                    .fold(
                        None,
                        |best: Option<(BuildingKind, usize)>, (b, k)| match best {
                            Some((_, m)) if m >= k => best,
                            _ => Some((b, k)),
                        },
                    )
                    .map(|(b, _)| b)
            });
            match goal {
                Some(b) => {
                    let times = count(b);
                    let drawn = if exact.entered == Some(b) {
                        "it gets in"
                    } else {
                        "it stops short"
                    };
                    let text = format!(
                        "gets into the {} {times} times in {n}; as drawn, {drawn}",
                        b.title()
                    );
                    (None, Some(b), times, text)
                }
                None => {
                    let times = trials.iter().filter(|t| !t.failed).count();
                    let drawn = if exact.failed {
                        "it fails"
                    } else {
                        "it is clean"
                    };
                    let text = format!("a clean move {times} times in {n}; as drawn, {drawn}");
                    (None, None, times, text)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comparison_line_signs_both_values() {
        assert_eq!(
            compare_line(2.14, 0.4),
            "The best flick here was worth +2.1; yours +0.4."
        );
        assert_eq!(
            compare_line(0.0, -3.06),
            "The best flick here was worth +0.0; yours -3.1."
        );
    }

    #[test]
    fn each_trial_has_its_own_hand() {
        let seeds: Vec<u64> = (0..TRIALS).map(|i| trial_seed(7, i)).collect();
        for (i, a) in seeds.iter().enumerate() {
            assert!(seeds[i + 1..].iter().all(|b| a != b), "{seeds:?}");
            assert_ne!(*a, 7);
        }
        assert_eq!(trial_seed(7, 3), trial_seed(7, 3));
    }
}
