//! Computer managers for Slapshot. Every decision is made from
//! `observation(seat)` only: the own team, the public record (the line-ups
//! shown in games, the scoreboard, picks and trades seen), never another team
//! or a deck's order. Hidden cards are sampled (see [`Slapshot::determinize`]).
//!
//! - easy: plays a game now and then, otherwise drafts its weakest card; random line-ups.
//! - normal: estimates each opponent's strength by sampling, drafts while the
//!   deck promises better, plays when its chances as the away team are good;
//!   line-ups chosen against sampled opposing line-ups.
//! - hard: the same line-ups with more samples; each turn values every draft,
//!   trade and game in sampled worlds (hidden teams and decks drawn from what it
//!   has not seen), in expected goals, and prices a turn by how often the others
//!   raid its team.
//!
//! Of equally promising opponents (the same estimate, as happens among
//! teams nobody has seen yet), normal and hard draw one with their own seeded
//! generator, never the first in seat order: the person sits at seat 0.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bot_level::Level;
use crate::cards::bots::pick_max_by;
use crate::cards::core::{Agent, Seat, shuffled};
use crate::cards::slapshot::{
    Action, CardId, Position, PublicPhase, Rules, Slapshot, View, faceoff,
};

mod why;

/// A computer manager.
pub struct Manager {
    pub level: Level,
    rng: ChaCha8Rng,
    /// The line-up chosen for the game being arranged, and its share of the
    /// points against the sampled opposing line-ups.
    plan: Vec<CardId>,
    plan_share: f64,
    /// The reason for the last action (hard), for [`Agent::why`].
    why: Option<String>,
}

impl Manager {
    pub fn new(level: Level, seed: u64) -> Manager {
        Manager {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            plan: Vec::new(),
            plan_share: 0.0,
            why: None,
        }
    }
}

/// Goals for (away, home) when these line-ups meet; `sudden_death` stops at the first goal.
fn play_lines(rules: &Rules, away: &[CardId], home: &[CardId], sudden_death: bool) -> [u8; 2] {
    let mut score = [0, u8::from(!sudden_death)];
    for (&a, &h) in away.iter().zip(home) {
        if let Some(side) = faceoff(rules.card(a), rules.card(h)).scorer {
            score[side as usize] += 1;
            if sudden_death {
                break;
            }
        }
    }
    score
}

/// 1 for a win of `side`, 0 for a loss, ½ for a tie (overtime is a coin flip).
fn result_for(score: [u8; 2], side: usize) -> f64 {
    match score[side].cmp(&score[1 - side]) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    }
}

/// Chances of `mine` against `theirs` with random line-ups on both sides.
fn matchup(
    rules: &Rules,
    mine: &[CardId],
    theirs: &[CardId],
    home: bool,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> f64 {
    let side = usize::from(home);
    let mut total = 0.0;
    for _ in 0..samples {
        let a = shuffled(mine, rng);
        let b = shuffled(theirs, rng);
        let score = if home {
            play_lines(rules, &b, &a, false)
        } else {
            play_lines(rules, &a, &b, false)
        };
        total += result_for(score, side);
    }
    total / samples as f64
}

/// The mean value (in halves) of the cards a draft of `position` may bring.
fn unseen_mean(view: &View, position: Position) -> f64 {
    let pool = unseen(view, position);
    let sum: u32 = pool.iter().map(|&c| view.rules.card(c).halves as u32).sum();
    if pool.is_empty() {
        0.0
    } else {
        sum as f64 / pool.len() as f64
    }
}

/// The team's card whose draft is expected to gain the most, and the gain in halves.
fn best_draft(view: &View) -> Option<(CardId, f64)> {
    let means = Position::ALL.map(|p| unseen_mean(view, p));
    view.team
        .iter()
        .map(|&c| {
            let card = view.rules.card(c);
            // A goalie is worth more than its number (it stops every skater but Tiny Tim).
            (c, means[card.position.index()] - card.halves as f64)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The line-up that does best against sampled opposing line-ups (the cards
/// already laid where they lie), and its share of the points against them
/// (a win 1, a tie ½).
fn best_lineup(view: &View, samples: usize, rng: &mut ChaCha8Rng) -> (f64, Vec<CardId>) {
    let (away, home, _, overtime, _) = view.game.expect("a game is being arranged");
    let opponent = if away == view.seat { home } else { away };
    let side = usize::from(home == view.seat);
    let rules = &view.rules;
    let opposing: Vec<Vec<CardId>> = (0..samples)
        .map(|_| {
            let world = Slapshot::determinize(view, rng);
            shuffled(&world.teams[opponent], rng)
        })
        .collect();
    // The cards already laid keep their places; the rest are ordered.
    let laid = view.my_line.len();
    let mut rest: Vec<CardId> = view
        .team
        .iter()
        .copied()
        .filter(|c| !view.my_line.contains(c))
        .collect();
    rest.sort();
    let mut team: Vec<CardId> = view.my_line.iter().copied().chain(rest).collect();
    let mut best = (f64::NEG_INFINITY, team.clone());
    permute(&mut team, laid, &mut |order| {
        let mut total = 0.0;
        for theirs in &opposing {
            let score = if side == 0 {
                play_lines(rules, order, theirs, overtime > 0)
            } else {
                play_lines(rules, theirs, order, overtime > 0)
            };
            total += result_for(score, side);
        }
        if total > best.0 {
            best = (total, order.to_vec());
        }
    });
    (best.0 / opposing.len().max(1) as f64, best.1)
}

/// Calls `f` with every ordering of `items` (Heap's algorithm would do; this is plain recursion).
fn permute(items: &mut Vec<CardId>, k: usize, f: &mut impl FnMut(&[CardId])) {
    if k == items.len() {
        return f(items);
    }
    for i in k..items.len() {
        items.swap(k, i);
        permute(items, k + 1, f);
        items.swap(k, i);
    }
}

fn weakest_of(rules: &Rules, team: &[CardId], legal: &[Action]) -> Action {
    legal
        .iter()
        .min_by_key(|a| match a {
            Action::Give(c) | Action::Draft(c) => rules.card(*c).halves,
            _ => u8::MAX,
        })
        .cloned()
        .unwrap_or_else(|| Action::Give(team[0]))
}

impl Manager {
    fn easy(&mut self, view: &View, legal: &[Action]) -> Action {
        match view.phase {
            PublicPhase::Turn => {
                let games: Vec<&Action> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Challenge(_)))
                    .collect();
                if !games.is_empty() && self.rng.random_bool(0.35) {
                    return games[self.rng.random_range(0..games.len())].clone();
                }
                if legal.iter().any(|a| matches!(a, Action::Draft(_))) {
                    let drafts: Vec<Action> = legal
                        .iter()
                        .filter(|a| matches!(a, Action::Draft(_)))
                        .cloned()
                        .collect();
                    return weakest_of(&view.rules, &view.team, &drafts);
                }
                legal[self.rng.random_range(0..legal.len())].clone()
            }
            PublicPhase::Trading { .. } => weakest_of(&view.rules, &view.team, legal),
            _ => legal[self.rng.random_range(0..legal.len())].clone(),
        }
    }

    fn lineup(&mut self, view: &View, legal: &[Action], samples: usize) -> Action {
        let valid = self.plan.len() == 6
            && self.plan.starts_with(&view.my_line)
            && self.plan.iter().all(|c| view.team.contains(c));
        if !valid || view.my_line.is_empty() {
            (self.plan_share, self.plan) = best_lineup(view, samples, &mut self.rng);
        }
        let next = Action::Line(self.plan[view.my_line.len()]);
        if legal.contains(&next) {
            self.why = Some(why::line_up(view, samples, self.plan_share));
            next
        } else {
            self.why = Some(why::only_choice());
            legal[0].clone()
        }
    }

    fn normal_turn(&mut self, view: &View, legal: &[Action]) -> Action {
        let worlds: Vec<Slapshot> = (0..12)
            .map(|_| Slapshot::determinize(view, &mut self.rng))
            .collect();
        let mut games: Vec<(f64, Action)> = Vec::new();
        for a in legal {
            if let Action::Challenge(o) = a {
                let p = worlds
                    .iter()
                    .map(|w| {
                        matchup(
                            &view.rules,
                            &view.team,
                            &w.teams[*o],
                            false,
                            4,
                            &mut self.rng,
                        )
                    })
                    .sum::<f64>()
                    / worlds.len() as f64;
                games.push((p, a.clone()));
            }
        }
        // The best chances; of equal ones, one drawn at random.
        let best_game = pick_max_by(games, |x, y| x.0.total_cmp(&y.0), &mut self.rng);
        let draft =
            best_draft(view).filter(|_| legal.iter().any(|a| matches!(a, Action::Draft(_))));
        match (best_game, draft) {
            (Some((p, game)), _) if p >= 0.6 => game,
            (_, Some((card, gain))) if gain > 1.0 => Action::Draft(card),
            (Some((_, game)), _) => game,
            _ => legal[self.rng.random_range(0..legal.len())].clone(),
        }
    }

    /// Hard's turn: every option valued in sampled worlds. Drafts and trades are
    /// worth the expected change of team strength (in halves, the opponent's loss
    /// counted too at a two-manager table, where both teams meet in the final
    /// anyway); a game is played once no improvement is worth a turn, or when the
    /// standings press.
    /// Hard's turn: every option valued in sampled worlds, in goals. A card is
    /// worth its expected goals for minus against when it meets a random card of
    /// the opposing teams (so a goalie's number only counts against goalies, and
    /// Tiny Tim is worth more than his half). Drafts and trades are worth the
    /// expected change (the opponent's loss counted too at a two-manager table,
    /// where both teams meet in the final anyway); a game is played once no
    /// improvement is worth a turn, or when the standings press.
    fn hard_turn(&mut self, view: &View, legal: &[Action]) -> Action {
        let rules = &view.rules;
        let worlds: Vec<Slapshot> = (0..32)
            .map(|_| Slapshot::determinize(view, &mut self.rng))
            .collect();
        let n = rules.players;
        // The opposing cards, as sampled.
        let opposing: Vec<CardId> = worlds
            .iter()
            .flat_map(|w| {
                (0..n)
                    .filter(|&s| s != view.seat)
                    .flat_map(move |s| w.teams[s].iter().copied())
            })
            .collect();
        // A bruiser also injures what it meets, and the injured are replaced from
        // decks that drafting has filled with weak cards: a small bonus.
        let worth = |c: CardId| {
            goal_share(rules, c, &opposing) + if rules.card(c).bruiser { 0.1 } else { 0.0 }
        };
        let pool_worth = |p: Position| {
            let pool = unseen(view, p);
            if pool.is_empty() {
                0.0
            } else {
                pool.iter().map(|&c| worth(c)).sum::<f64>() / pool.len() as f64
            }
        };
        let weakest = |p: Position| {
            view.team
                .iter()
                .filter(|&&c| rules.card(c).position == p)
                .map(|&c| worth(c))
                .fold(f64::INFINITY, f64::min)
        };
        let mut improvements: Vec<(f64, Action)> = Vec::new();
        let mut consider = |v: f64, a: Action| improvements.push((v, a));
        let pools = Position::ALL.map(pool_worth);
        let weakest = Position::ALL.map(weakest);
        for a in legal {
            match a {
                Action::Draft(c) => consider(
                    pools[rules.card(*c).position.index()] - worth(*c),
                    a.clone(),
                ),
                Action::Trade(o) => {
                    // A blind pick from their team; we give back our weakest of its kind.
                    let mut total = 0.0;
                    for w in &worlds {
                        for &x in &w.teams[*o] {
                            total += worth(x) - weakest[rules.card(x).position.index()];
                        }
                    }
                    let gain = total / (worlds.len() * 6) as f64;
                    consider(if n == 2 { 2.0 * gain } else { gain }, a.clone());
                }
                _ => {}
            }
        }
        // The best improvement and the best game; of equal values (a trade
        // with either of two unseen teams, say), one drawn at random.
        let best_improvement = pick_max_by(improvements, |x, y| x.0.total_cmp(&y.0), &mut self.rng);
        let mut games: Vec<(f64, Action)> = Vec::new();
        for a in legal {
            if let Action::Challenge(o) = a {
                let p = worlds
                    .iter()
                    .map(|w| matchup(rules, &view.team, &w.teams[*o], false, 8, &mut self.rng))
                    .sum::<f64>()
                    / worlds.len() as f64;
                games.push((p, a.clone()));
            }
        }
        let best_game = pick_max_by(games, |x, y| x.0.total_cmp(&y.0), &mut self.rng);
        // The standings press when another team nears the Playoffs space and we
        // are not among the two leaders.
        let me = view.wins[view.seat];
        let ahead = view.wins.iter().filter(|&&w| w > me).count();
        let pressed = n > 2
            && ahead >= 2
            && !rules.league_schedule
            && view.wins.iter().any(|&w| w + 2 >= rules.wins_to_playoffs);
        // Every turn spent improving gives the others a turn to raid us: the
        // observed rate of trades prices a turn (a raid on a good team costs
        // about a third of a goal a game).
        let their_turns = (view.turns as f64 * (n - 1) as f64 / n as f64).max(1.0);
        let raids: f64 = (0..n)
            .filter(|&s| s != view.seat)
            .map(|s| view.trades[s] as f64)
            .sum();
        let threshold = 0.05 + 0.3 * raids / their_turns;
        let (action, reason) = match (best_game, best_improvement) {
            (Some((p, game)), _) if pressed && p >= 0.4 => {
                let reason = why::pressed_game(&game, p);
                (game, reason)
            }
            (_, Some((gain, improve))) if gain > threshold => {
                let reason = why::improvement(view, &improve, gain, Some(threshold));
                (improve, reason)
            }
            (Some((p, game)), improve) => {
                let reason = why::game(&game, p, improve.map(|x| x.0), threshold);
                (game, reason)
            }
            (None, Some((gain, improve))) => {
                let reason = why::improvement(view, &improve, gain, None);
                (improve, reason)
            }
            _ => (
                legal[self.rng.random_range(0..legal.len())].clone(),
                why::nothing_weighed(),
            ),
        };
        self.why = Some(reason);
        action
    }
}

/// Expected goals for minus against when `card` meets one of `opposing` at random.
fn goal_share(rules: &Rules, card: CardId, opposing: &[CardId]) -> f64 {
    if opposing.is_empty() {
        return 0.0;
    }
    let c = rules.card(card);
    let total: i32 = opposing
        .iter()
        .map(|&o| match faceoff(c, rules.card(o)).scorer {
            Some(0) => 1,
            Some(_) => -1,
            None => 0,
        })
        .sum();
    total as f64 / opposing.len() as f64
}

/// The cards of a position nobody at the table has shown: what a draft may bring.
fn unseen(view: &View, position: Position) -> Vec<CardId> {
    let rules = &view.rules;
    (0..rules.cards.len() as CardId)
        .filter(|&c| rules.card(c).position == position && !shown(view, c))
        .collect()
}

fn shown(view: &View, c: CardId) -> bool {
    view.team.contains(&c)
        || view
            .seen
            .iter()
            .enumerate()
            .any(|(s, l)| s != view.seat && l.as_ref().is_some_and(|l| l.contains(&c)))
}

impl Agent<Slapshot> for Manager {
    fn name(&self) -> String {
        self.level.to_string()
    }

    fn act(&mut self, _seat: Seat, view: &View, legal: &[Action]) -> Action {
        self.why = None;
        if legal.len() == 1 {
            self.why = Some(why::only_choice());
            return legal[0].clone();
        }
        match (self.level, view.phase) {
            (Level::Random, _) => legal[self.rng.random_range(0..legal.len())].clone(),
            (Level::Easy, _) => self.easy(view, legal),
            (_, PublicPhase::Lineup) => {
                let samples = if self.level == Level::Hard { 96 } else { 16 };
                self.lineup(view, legal, samples)
            }
            (_, PublicPhase::Trading { .. }) => {
                let give = weakest_of(&view.rules, &view.team, legal);
                self.why = Some(why::give_back(view, &give));
                give
            }
            (Level::Normal, PublicPhase::Turn) => self.normal_turn(view, legal),
            (Level::Hard, PublicPhase::Turn) => self.hard_turn(view, legal),
            (_, phase) => {
                self.why = Some(match phase {
                    PublicPhase::Pick(_) => why::pick(),
                    _ => why::nothing_weighed(),
                });
                legal[self.rng.random_range(0..legal.len())].clone()
            }
        }
    }

    fn why(&self) -> Option<String> {
        self.why.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permute_visits_every_order_once() {
        let mut items = vec![1, 2, 3, 4];
        let mut seen = Vec::new();
        permute(&mut items, 0, &mut |o| seen.push(o.to_vec()));
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn levels_parse() {
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("Expert".parse::<Level>(), Ok(Level::Expert));
        assert!("master".parse::<Level>().unwrap_err().contains("easy"));
    }
}
