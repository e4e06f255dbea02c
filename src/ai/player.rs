//! The Flick 'em Up! computer opponent: it plays through the same steps as a
//! person at the table (which cowboy, which actions, each flick's direction,
//! strength and spin), planning each turn by simulating candidate flicks on
//! forks of the table it sees.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::eval::{self, other};
use super::levels::{BotLevels, LevelSpec};
use super::plan::{self, FlickKind, Planned};
use crate::bot_level::Level;
use crate::flick::driver::{RandomPlayer, Step};
use crate::flick::referee::Referee;
use crate::flick::rules::{ACTIONS_PER_TURN, CowboyId, Intent, Phase};
use crate::scenario::game::Token;

/// Points a flick must promise over the position it starts from.
const FLICK_MARGIN: f32 = 0.5;

/// What the bot did, for benches and the window.
#[derive(Debug, Clone, Default)]
pub struct BotStats {
    /// Flicks simulated while planning.
    pub simulated: usize,
    /// Flick searches begun (an action's screening, or a flick's search
    /// when no screening is taken up).
    pub searches: usize,
    /// Wall time spent deciding.
    pub thinking: Duration,
}

/// A computer player for one team.
#[derive(Clone)]
pub struct FlickBot {
    pub level: Level,
    spec: Option<LevelSpec>,
    rng: ChaCha8Rng,
    random: RandomPlayer,
    /// The last flick it planned (before its hand shook), for the window's aim line.
    pub last_plan: Option<Planned>,
    pub stats: BotStats,
    /// The one-round search that screened the action just chosen, taken
    /// up by its flick (see [`plan::Search`]).
    screened: Option<plan::Search>,
    /// The options weighed for the last choice of a cowboy or an action,
    /// in the order the rules list them, each with the bot's measure of it
    /// (the coach ranks them; see [`crate::ai::turn_coach`]).
    pub weighed: Vec<(Intent, f32)>,
    /// A level that chooses its cowboy by search: the first action it
    /// weighed for the cowboy chosen (with its screening), taken up when
    /// that cowboy's turn begins from the very position it was weighed in.
    chosen: Option<Kept>,
}

/// Where a game stands, enough to tell one position from another: the
/// length of its log and the table's poses.
type Position = (usize, u64);

/// A weighing kept for the turn it was made for, with where it was made.
type Kept = (Position, Weighed);

fn position(view: &Referee) -> Position {
    (view.game.log.len(), view.table.pose_hash())
}

/// The actions open to a cowboy, weighed: the best, its worth and the
/// screening of its flick, and every option with its worth.
#[derive(Clone)]
struct Weighed {
    cowboy: CowboyId,
    best: Intent,
    worth: f32,
    screened: Option<plan::Search>,
    options: Vec<(Intent, f32)>,
}

impl FlickBot {
    pub fn new(level: Level, levels: &BotLevels, seed: u64) -> Self {
        Self {
            level,
            spec: levels.get(level).cloned(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            random: RandomPlayer::new(seed ^ 0x5eed),
            last_plan: None,
            stats: BotStats::default(),
            screened: None,
            weighed: Vec::new(),
            chosen: None,
        }
    }

    /// The next step for the team whose turn it is; `None` when the game is over.
    /// The bot looks only at what a player at the table sees ([`Referee::public_view`]).
    pub fn next_step(&mut self, referee: &Referee) -> Option<Step> {
        let view = referee.public_view();
        let t = Instant::now();
        self.weighed.clear();
        let step = match self.spec.clone() {
            None => self.random.next_step(&view),
            Some(spec) => self.decide(&view, &spec),
        };
        self.stats.thinking += t.elapsed();
        step
    }

    fn decide(&mut self, view: &Referee, spec: &LevelSpec) -> Option<Step> {
        let game = &view.game;
        let legal = game.legal_intents();
        match game.phase.clone() {
            Phase::Over(_) => None,
            Phase::Choose {
                forced: Some(c), ..
            } => Some(Step::Intent(Intent::Play(c))),
            Phase::Choose { .. } if spec.turn_search => self.search_cowboy(view, &legal, spec),
            Phase::Choose { .. } => self.choose_cowboy(view, &legal),
            Phase::Acting {
                cowboy,
                actions_left,
            } => {
                if !game.cowboys[cowboy].alive() || actions_left == 0 {
                    return Some(Step::Intent(Intent::EndTurn));
                }
                let first = actions_left == ACTIONS_PER_TURN;
                let weighed = match self.chosen.take() {
                    Some((at, w)) if first && w.cowboy == cowboy && at == position(view) => w,
                    _ => self.weigh_actions(view, cowboy, &legal, spec),
                };
                Some(Step::Intent(self.take_up(weighed)))
            }
            Phase::AwaitKeep { .. } => Some(Step::Intent(best_intent(view, &legal, spec))),
            Phase::AwaitMove { cowboy, .. } => {
                Some(self.flick(view, FlickKind::Move, cowboy, spec))
            }
            Phase::AwaitShots { cowboy, .. } => {
                Some(self.flick(view, FlickKind::Shot, cowboy, spec))
            }
            Phase::AwaitBlast { cowboy, .. } => {
                Some(self.flick(view, FlickKind::Blast, cowboy, spec))
            }
        }
    }

    /// Plans the awaited flick with the whole budget and performs it through the hand.
    fn flick(
        &mut self,
        view: &Referee,
        kind: FlickKind,
        cowboy: CowboyId,
        spec: &LevelSpec,
    ) -> Step {
        let base = plan::lookahead_fork(view, spec);
        // The action's screening goes on where it stopped (its first round
        // already played); any other flick is searched from the start.
        let (mut search, counted) = match self.screened.take() {
            Some(s) if s.searches(&base, kind, cowboy) => {
                let counted = s.simulated();
                (s, counted)
            }
            _ => {
                self.stats.searches += 1;
                (plan::Search::new(&base, kind, cowboy, self.rng.random()), 0)
            }
        };
        while search.rounds() < spec.iterations.max(1) {
            search.round(&base, spec);
        }
        let planned = search.finish(&base, spec);
        self.stats.simulated += planned.simulated - counted;
        self.last_plan = Some(planned);
        let aim = plan::shake(planned.aim, spec, &mut self.rng);
        match kind {
            FlickKind::Move => Step::Move(aim),
            FlickKind::Shot => Step::Shot(planned.side, aim),
            FlickKind::Blast => Step::Blast(planned.side, aim),
        }
    }

    /// The cowboy to play: the one with the best shot now, or the one most in
    /// danger, or the one carrying what must be delivered.
    fn choose_cowboy(&mut self, view: &Referee, legal: &[Intent]) -> Option<Step> {
        let game = &view.game;
        let pos = eval::positions(view);
        let urgency = |c: CowboyId| -> f32 {
            let me = &game.cowboys[c];
            if !me.alive() {
                return -1000.0;
            }
            let shot = eval::shot_value(view, &pos, c);
            let danger: f32 = (0..game.cowboys.len())
                .filter(|&e| game.cowboys[e].team == other(me.team))
                .map(|e| eval::shot_value(view, &pos, e).max(0.0))
                .sum::<f32>()
                * if pos[c].is_some() { 0.1 } else { 0.0 };
            let carrying = me.tokens.iter().any(|t| {
                game.setup.victory.iter().any(|v| {
                    matches!(v.condition, crate::scenario::game::Condition::Deliver { token, .. } if token == *t)
                })
            });
            shot + danger + if carrying { 20.0 } else { 0.0 }
        };
        self.weighed = legal
            .iter()
            .map(|i| {
                let v = match i {
                    Intent::Play(c) => urgency(*c),
                    _ => f32::NEG_INFINITY,
                };
                (i.clone(), v)
            })
            .collect();
        // The last of the most urgent (`max_by`'s choice among equals).
        self.weighed
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| Step::Intent(i.clone()))
    }

    /// The cowboy to play, by search: each cowboy who may play is weighed
    /// by the best first action open to him (the weighing of
    /// [`Self::weigh_actions`], on a fork where he is played), and the
    /// weighing of the one chosen is kept for his turn.
    fn search_cowboy(
        &mut self,
        view: &Referee,
        legal: &[Intent],
        spec: &LevelSpec,
    ) -> Option<Step> {
        let team = view.game.current_team()?;
        let mut options = Vec::new();
        let mut best: Option<(Intent, f32, Option<Kept>)> = None;
        for intent in legal {
            let Intent::Play(_) = intent else {
                options.push((intent.clone(), f32::NEG_INFINITY));
                continue;
            };
            let mut fork = view.clone();
            if fork.apply(intent.clone()).is_err() {
                continue;
            }
            let (worth, weighed) = match fork.game.phase.clone() {
                Phase::Acting {
                    cowboy,
                    actions_left,
                } if fork.game.cowboys[cowboy].alive() && actions_left > 0 => {
                    let legal = fork.game.legal_intents();
                    let w = self.weigh_actions(&fork, cowboy, &legal, spec);
                    (w.worth, Some((position(&fork), w)))
                }
                _ => (plan::value_for(&fork, team, spec), None),
            };
            options.push((intent.clone(), worth));
            if best.as_ref().is_none_or(|b| worth > b.1) {
                best = Some((intent.clone(), worth, weighed));
            }
        }
        self.weighed = options;
        let (intent, _, weighed) = best?;
        self.chosen = weighed;
        Some(Step::Intent(intent))
    }

    /// The action chosen from a weighing: its screening is kept for its
    /// flick, its options shown to the coach.
    fn take_up(&mut self, weighed: Weighed) -> Intent {
        self.screened = weighed.screened;
        self.weighed = weighed.options;
        weighed.best
    }

    /// The actions open to the cowboy being played: every option is weighed by the
    /// position it leads to and what the rest of the turn can still do from
    /// there (the flicks with a short search each); the chosen flick is then
    /// planned with the level's whole budget when the referee awaits it.
    fn weigh_actions(
        &mut self,
        view: &Referee,
        cowboy: CowboyId,
        legal: &[Intent],
        spec: &LevelSpec,
    ) -> Weighed {
        let team = view.game.cowboys[cowboy].team;
        let mut best = (Intent::EndTurn, f32::NEG_INFINITY);
        let mut screened: Vec<(Intent, plan::Search)> = Vec::new();
        let mut options = Vec::new();
        for intent in legal {
            let v = match intent {
                Intent::Move | Intent::Shoot | Intent::ThrowDynamite => {
                    let kind = match intent {
                        Intent::Move => FlickKind::Move,
                        Intent::Shoot => FlickKind::Shot,
                        _ => FlickKind::Blast,
                    };
                    let mut fork = view.clone();
                    if fork.apply(intent.clone()).is_err() {
                        continue;
                    }
                    // Nobody of the other side in reach: a shot would only
                    // scatter a bullet (and a charge waste the dynamite).
                    if !plan::has_target(&fork, kind, cowboy) {
                        continue;
                    }
                    // One round of the flick's search, and its finalists:
                    // the action's honest worth. The round is kept for the
                    // flick, should this action be chosen.
                    let base = plan::lookahead_fork(&fork, spec);
                    let mut search = plan::Search::new(&base, kind, cowboy, self.rng.random());
                    self.stats.searches += 1;
                    search.round(&base, spec);
                    screened.push((intent.clone(), search.clone()));
                    let p = search.finish(&base, spec);
                    self.stats.simulated += p.simulated;
                    // A flick that changes nothing the score sees is not worth
                    // flicking (a person would not try a move that gains nothing).
                    p.expected - FLICK_MARGIN
                }
                // What lies face down is unknown: a draw is worth a little,
                // the same whatever the pile holds.
                Intent::Draw => plan::value_for(view, team, spec) + 2.0,
                other => {
                    let mut fork = view.clone();
                    if fork.apply(other.clone()).is_err() {
                        continue;
                    }
                    // Ending the turn with actions left gives up the lookahead.
                    plan::value_for(&fork, team, spec)
                }
            };
            options.push((intent.clone(), v));
            if v > best.1 {
                best = (intent.clone(), v);
            }
        }
        let screened = screened
            .into_iter()
            .find(|(i, _)| *i == best.0)
            .map(|(_, s)| s);
        Weighed {
            cowboy,
            best: best.0,
            worth: best.1,
            screened,
            options,
        }
    }
}

/// The intent leading to the best position, for choices with no flick (keeping a token).
fn best_intent(view: &Referee, legal: &[Intent], spec: &LevelSpec) -> Intent {
    let Some(team) = view.game.current_team() else {
        return legal.first().cloned().unwrap_or(Intent::EndTurn);
    };
    let mut best = (
        legal.first().cloned().unwrap_or(Intent::EndTurn),
        f32::NEG_INFINITY,
    );
    for intent in legal {
        let mut fork = view.clone();
        if fork.apply(intent.clone()).is_ok() {
            let v = plan::value_for(&fork, team, spec) + token_bonus(view, intent);
            if v > best.1 {
                best = (intent.clone(), v);
            }
        }
    }
    best.0
}

/// Keeping a weapon is worth something the position score does not see yet.
fn token_bonus(view: &Referee, intent: &Intent) -> f32 {
    match (&view.game.phase, intent) {
        (Phase::AwaitKeep { token, .. }, Intent::Keep { keep: true, .. }) => match token {
            Token::PoisonedWater => -5.0,
            _ => 0.5,
        },
        _ => 0.0,
    }
}
