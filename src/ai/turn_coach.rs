//! The coach for the whole turn: when the choice is the person's — which
//! cowboy to play, which action (move, shoot, throw dynamite, take or drop a
//! token, draw, end the turn) — the hard bot's three best choices, each
//! followed the way the bot itself would go on (the action it would take
//! with that cowboy, then its flick, planned and played [`TRIALS`] times
//! through its hand), with what each is worth and the odds of what it
//! expects.
//!
//! The first choice is the bot's own: the coach runs the hard
//! [`FlickBot`] on the seed it is given, on what a player at the table sees,
//! and follows it step by step; the next two are the options it weighed
//! next best, each followed by a copy of the same bot. Nothing is played on
//! the referee given.
//!
//! A turn's worth is measured as a flick's is ([`coach::gain`]): the
//! position's value as the hard level weighs it ([`plan::value_for`]) after
//! the choice less before it, the flick's part the mean over its trials, so
//! the best choice and the person's own compare ([`review_line`]).

use super::coach::{self, Hint, LEVEL, Refusal, TRIALS};
use super::levels::BotLevels;
use super::plan::{self, FlickKind};
use super::player::FlickBot;
use crate::flick::driver::Step;
use crate::flick::referee::Referee;
use crate::flick::rules::{CowboyId, Intent, Phase};
use crate::scenario::kinds::Team;

/// Choices the coach shows.
pub const CHOICES: usize = 3;

/// One choice followed to its flick (or to the action that ends it).
#[derive(Clone)]
pub struct Line {
    /// The steps from the position asked about: the choice first, then what
    /// the bot would do after it, up to and including its flick as planned
    /// (before the hand shakes it): `[Play(Wyatt), Shoot, Shot(left, aim)]`.
    pub steps: Vec<Step>,
    /// The cowboy played.
    pub cowboy: Option<CowboyId>,
    /// The action taken with him (the first that is not choosing him).
    pub action: Option<Intent>,
    /// The flick's hint (its trials, target and odds), when the line
    /// reaches a flick.
    pub flick: Option<Hint>,
    /// The position where its flick is awaited (to draw the flick's drag).
    pub flick_at: Option<Box<Referee>>,
    /// What it is worth to the team: the position's value after it less before.
    pub worth: f32,
    /// The choice in words: "Wyatt shoots Kid Cooper".
    pub words: String,
}

/// The coach's advice for the turn's choice.
#[derive(Clone)]
pub struct TurnHint {
    pub team: Team,
    /// The bot's choice first, then the next best it weighed; at most [`CHOICES`].
    pub lines: Vec<Line>,
    pub seed: u64,
}

impl TurnHint {
    /// The bot's own choice.
    pub fn best(&self) -> &Line {
        &self.lines[0]
    }

    /// The advice in words: "Hint: Wyatt shoots Kid Cooper (hits Kid Cooper
    /// 8 times in 10), worth +8.3; or Doc moves into the Saloon, +2.1; or …".
    pub fn said(&self) -> String {
        let mut out = format!("Hint: {}", said_line(self.best()));
        for line in &self.lines[1..] {
            out.push_str(&format!("; or {}", said_line(line)));
        }
        out.push('.');
        out
    }
}

fn said_line(line: &Line) -> String {
    match &line.flick {
        Some(h) => format!("{} ({}), worth {:+.1}", line.words, h.expects, line.worth),
        None => format!("{}, worth {:+.1}", line.words, line.worth),
    }
}

/// The review after a turn: "best: Wyatt shoots Kid Cooper +8.3; yours: Doc moves +2.1".
pub fn review_line(best: &Line, yours: &str, gain: f32) -> String {
    format!(
        "Best: {} {:+.1}; yours: {yours} {gain:+.1}.",
        best.words, best.worth
    )
}

/// Whether the turn's choice (a cowboy or an action) is awaited, rather
/// than a flick or nothing.
pub fn awaits_choice(referee: &Referee) -> bool {
    matches!(
        referee.game.phase,
        Phase::Choose { .. } | Phase::Acting { .. } | Phase::AwaitKeep { .. }
    )
}

/// The whole-turn hint for the team to play, with the hard level of `levels`.
pub fn turn_hint(referee: &Referee, levels: &BotLevels, seed: u64) -> Result<TurnHint, Refusal> {
    turn_hint_with(referee, levels, TRIALS, seed)
}

/// The whole-turn hint, each flick played `trials` times through the hand.
pub fn turn_hint_with(
    referee: &Referee,
    levels: &BotLevels,
    trials: usize,
    seed: u64,
) -> Result<TurnHint, Refusal> {
    if referee.game.is_over() {
        return Err(Refusal::GameOver);
    }
    let spec = levels
        .get(LEVEL)
        .ok_or_else(|| Refusal::NoLevel(LEVEL.to_string()))?
        .clone();
    // The coach sees what a player at the table sees, as the bot does.
    let view = referee.public_view();
    let team = view.game.current_team().ok_or(Refusal::GameOver)?;
    let start = plan::value_for(&view, team, &spec);
    // The cowboy who must open the round: the choice is his action (the
    // bot plays him without a thought, drawing nothing from its seed).
    if let Phase::Choose {
        forced: Some(c), ..
    } = view.game.phase
    {
        let mut fork = view.clone();
        if fork.apply(Intent::Play(c)).is_ok() {
            let mut hint = turn_hint_with(&fork, levels, trials, seed)?;
            let moved = plan::value_for(&fork, team, &spec) - start;
            for line in &mut hint.lines {
                line.steps.insert(0, Step::Intent(Intent::Play(c)));
                line.cowboy = Some(c);
                line.worth += moved;
            }
            return Ok(hint);
        }
    }
    let mut bot = FlickBot::new(LEVEL, levels, seed);
    let first = bot.next_step(&view).ok_or(Refusal::GameOver)?;
    let weighed = bot.weighed.clone();
    let ctx = Follow {
        view: &view,
        team,
        start,
        spec: &spec,
        trials,
        seed,
    };
    let mut lines = vec![ctx.follow(bot.clone(), first.clone(), &weighed)];
    if let Step::Intent(chosen) = &first {
        for other in runners_up(&weighed, chosen) {
            lines.push(ctx.follow(bot.clone(), Step::Intent(other), &weighed));
        }
    }
    Ok(TurnHint { team, lines, seed })
}

/// The options weighed after the chosen one, best first, finite only.
fn runners_up(weighed: &[(Intent, f32)], chosen: &Intent) -> Vec<Intent> {
    let mut rest: Vec<&(Intent, f32)> = weighed
        .iter()
        .filter(|(i, v)| i != chosen && v.is_finite())
        .collect();
    // Stable: equals keep the rules' order.
    rest.sort_by(|a, b| b.1.total_cmp(&a.1));
    rest.into_iter()
        .take(CHOICES - 1)
        .map(|(i, _)| i.clone())
        .collect()
}

/// What following a choice needs.
struct Follow<'a> {
    view: &'a Referee,
    team: Team,
    /// The position's value before the choice.
    start: f32,
    spec: &'a super::levels::LevelSpec,
    trials: usize,
    seed: u64,
}

/// Steps a line may take before it must reach a flick or an action.
const LONGEST_LINE: usize = 6;

impl Follow<'_> {
    /// Plays `first` on a fork of the view, then the bot's steps after it,
    /// until its flick is planned or an action without a flick is taken.
    fn follow(&self, mut bot: FlickBot, first: Step, weighed: &[(Intent, f32)]) -> Line {
        let mut fork = self.view.clone();
        let mut steps = Vec::new();
        let mut step = first;
        // The bot's measure of the last choice (for an action without a flick).
        let mut measure = measure_of(weighed, &step);
        let mut line = Line {
            steps: Vec::new(),
            cowboy: None,
            action: None,
            flick: None,
            flick_at: None,
            worth: 0.0,
            words: String::new(),
        };
        for _ in 0..LONGEST_LINE {
            match &step {
                Step::Intent(intent) => {
                    steps.push(step.clone());
                    match intent {
                        Intent::Play(c) => line.cowboy = Some(*c),
                        other if line.action.is_none() => {
                            line.action = Some(other.clone());
                            line.cowboy = line.cowboy.or(fork.game.current_cowboy());
                        }
                        _ => {}
                    }
                    if fork.apply(intent.clone()).is_err() {
                        break;
                    }
                    let flicks = matches!(
                        fork.game.phase,
                        Phase::AwaitMove { .. }
                            | Phase::AwaitShots { .. }
                            | Phase::AwaitBlast { .. }
                    );
                    // An action without a flick ends the line.
                    if !matches!(intent, Intent::Play(_)) && !flicks {
                        line.worth = measure
                            .unwrap_or_else(|| plan::value_for(&fork, self.team, self.spec))
                            - self.start;
                        break;
                    }
                }
                Step::Move(_) | Step::Shot(..) | Step::Blast(..) => {
                    // The bot's flick as planned, before its hand shook it.
                    let (Some(planned), Some(cowboy)) = (bot.last_plan, fork.game.current_cowboy())
                    else {
                        break;
                    };
                    line.cowboy = line.cowboy.or(Some(cowboy));
                    let hint = coach::hint_of_plan(
                        &fork,
                        cowboy,
                        planned,
                        self.spec,
                        self.trials,
                        self.seed,
                    );
                    steps.push(hint.step.clone());
                    // The flick's gain is measured from where it is awaited;
                    // the steps before it moved the value from the start.
                    line.worth =
                        hint.worth + plan::value_for(&fork, self.team, self.spec) - self.start;
                    line.flick = Some(hint);
                    line.flick_at = Some(Box::new(fork));
                    break;
                }
                Step::SetDown(_) => break,
            }
            let Some(next) = bot.next_step(&fork) else {
                break;
            };
            measure = measure_of(&bot.weighed, &next);
            step = next;
        }
        line.steps = steps;
        line.words = words(self.view, &line);
        line
    }
}

/// The bot's measure of the option `step` among those it weighed (an
/// action's value after it, by the bot's own account: a draw's, which no
/// fork can know, included).
fn measure_of(weighed: &[(Intent, f32)], step: &Step) -> Option<f32> {
    let Step::Intent(intent) = step else {
        return None;
    };
    weighed
        .iter()
        .find(|(i, _)| i == intent)
        .map(|(_, v)| *v)
        .filter(|v| v.is_finite() && !matches!(intent, Intent::Play(_)))
}

/// A line in words: "Wyatt shoots Kid Cooper", "Doc moves into the Saloon",
/// "Kid takes the gold", "Wyatt ends the turn".
pub fn words(view: &Referee, line: &Line) -> String {
    let game = &view.game;
    let name = line
        .cowboy
        .map_or_else(|| "the team".to_string(), |c| game.cowboys[c].name.clone());
    let target = |c: Option<CowboyId>| c.map(|c| game.cowboys[c].name.clone());
    let what = match (&line.action, &line.flick) {
        (Some(Intent::Shoot), Some(h)) => match target(h.target) {
            Some(t) => format!("shoots {t}"),
            None => "shoots".to_string(),
        },
        (Some(Intent::ThrowDynamite), Some(h)) => match target(h.target) {
            Some(t) => format!("throws dynamite at {t}"),
            None => "throws dynamite".to_string(),
        },
        (Some(Intent::Move), Some(h)) => match h.goal {
            Some(b) => format!("moves into the {}", b.title()),
            None => "moves".to_string(),
        },
        (None, Some(h)) => match h.kind {
            FlickKind::Move => "moves".to_string(),
            FlickKind::Shot => "shoots".to_string(),
            FlickKind::Blast => "throws dynamite".to_string(),
        },
        (Some(action), _) => action_words(view, line.cowboy, action),
        (None, None) => "plays".to_string(),
    };
    format!("{name} {what}")
}

/// A choice made at the table in words, without its flick's outcome:
/// "Doc moves", "Kid takes the gold" (`view` the position it was made on).
pub fn choice_words(view: &Referee, cowboy: Option<CowboyId>, action: Option<&Intent>) -> String {
    let name = cowboy.map_or_else(
        || "the team".to_string(),
        |c| view.game.cowboys[c].name.clone(),
    );
    let what = action.map_or_else(|| "plays".to_string(), |a| action_words(view, cowboy, a));
    format!("{name} {what}")
}

/// An action of `cowboy`'s without a flick in words.
fn action_words(view: &Referee, cowboy: Option<CowboyId>, action: &Intent) -> String {
    let game = &view.game;
    match action {
        Intent::Take { token, .. } => format!("takes the {}", token.words().0),
        Intent::Drop(k) => match cowboy
            .or(game.current_cowboy())
            .and_then(|c| game.cowboys[c].tokens.get(*k))
        {
            Some(t) => format!("leaves the {}", t.words().0),
            None => "leaves a token".to_string(),
        },
        Intent::Draw => "draws a face-down token".to_string(),
        Intent::Keep { keep: true, .. } => "keeps the token drawn".to_string(),
        Intent::Keep { keep: false, .. } => "leaves the token drawn face up".to_string(),
        Intent::EndTurn => "ends the turn".to_string(),
        Intent::Move => "moves".to_string(),
        Intent::Shoot => "shoots".to_string(),
        Intent::ThrowDynamite => "throws dynamite".to_string(),
        Intent::Play(_) => "is played".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runners_up_are_the_next_best_weighed_and_never_the_choice() {
        let weighed = vec![
            (Intent::Move, 1.0),
            (Intent::Shoot, 5.0),
            (Intent::Draw, 3.0),
            (Intent::EndTurn, 3.0),
            (Intent::ThrowDynamite, f32::NEG_INFINITY),
        ];
        assert_eq!(
            runners_up(&weighed, &Intent::Shoot),
            vec![Intent::Draw, Intent::EndTurn]
        );
        assert_eq!(
            runners_up(&weighed, &Intent::Draw),
            vec![Intent::Shoot, Intent::EndTurn]
        );
    }
}
