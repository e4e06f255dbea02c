//! Slapshot (Tom Dalglish and Lance Gutteridge, Columbia Games): the whole rule
//! book as a pure state machine. See `../shared/rules/slapshot.md` and
//! `docs/card-games.md` for the choices where the book is silent.
//!
//! The flow: a chance deal (the three decks shuffled), managers pick their six
//! cards clockwise one at a time, then season turns (trade, draft or game) until
//! a token reaches Playoffs (or, with the league schedule, every game is played),
//! then a best-of-three semi-final if second place is tied, then the best-of-seven
//! final. A game is two hidden line-ups built card by card (the away manager, who
//! initiated it, first), compared card by card; injured cards are drafted
//! automatically after the game, home team first, before any overtime.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::cards::core::{self, Game, Illegal, Seat, Turn, refuse, shared};

pub mod bots;
mod entry;
mod setup;
mod view;

#[cfg(test)]
mod tests;

pub use setup::*;

pub type CardId = u8;

/// The outcome of one card against another: which side scores, who is injured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Faceoff {
    /// 0: the first card scores, 1: the second, None: no goal.
    pub scorer: Option<u8>,
    pub injured: [bool; 2],
}

/// One pair of cards: goalies stop everything but Tiny Tim; goalies score only on
/// a lower goalie; bruisers injure whatever they meet (two bruisers: both).
pub fn faceoff(a: Card, b: Card) -> Faceoff {
    let higher = || match a.halves.cmp(&b.halves) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    let scorer = match (
        a.position == Position::Goalie,
        b.position == Position::Goalie,
    ) {
        (true, true) => higher(),
        (true, false) => b.scores_on_goalies.then_some(1),
        (false, true) => a.scores_on_goalies.then_some(0),
        (false, false) => higher(),
    };
    Faceoff {
        scorer,
        injured: [b.bruiser, a.bruiser],
    }
}

/// Which part of the year a game belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Season,
    Semifinal,
    Final,
}

/// A game being arranged: line-ups are built card by card, the away manager first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub away: Seat,
    pub home: Seat,
    pub stage: Stage,
    /// 0: regulation; 1, 2, ...: overtime games (sudden death, no home goal).
    pub overtime: u32,
    /// The away and home line-ups so far.
    pub lines: [Vec<CardId>; 2],
}

impl Match {
    fn arranging(&self) -> usize {
        usize::from(self.lines[0].len() == 6)
    }
    fn seat(&self, side: usize) -> Seat {
        [self.away, self.home][side]
    }
}

/// A playoff series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    pub stage: Stage,
    /// The team with home ice in games 1, 2, 5 and 7 (a semi-final: 1 and 3).
    pub high: Seat,
    pub low: Seat,
    /// Games won by `high` and `low`.
    pub wins: [u8; 2],
    /// Tied teams still to play a semi-final, in order, and the first-place team.
    pub waiting: Vec<Seat>,
    pub first: Seat,
}

impl Series {
    pub fn best_of(&self) -> u8 {
        if self.stage == Stage::Final { 7 } else { 3 }
    }
    pub fn games(&self) -> u8 {
        self.wins[0] + self.wins[1]
    }
    /// Home ice of game `k` (0-based): the final's 1, 2, 5, 7 or a semi's 1, 3 to `high`.
    pub fn home_of(&self, k: u8) -> Seat {
        let high_home = if self.stage == Stage::Final {
            matches!(k, 0 | 1 | 4 | 6)
        } else {
            matches!(k, 0 | 2)
        };
        if high_home { self.high } else { self.low }
    }
}

/// What a coin toss decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Toss {
    /// Several teams lead the final standings: the coin names the first-place team.
    First { leaders: Vec<Seat> },
    /// Home ice of a semi-final between the first two of `tied`.
    SemiHome { tied: Vec<Seat>, first: Seat },
}

impl Toss {
    fn among(&self) -> Vec<Seat> {
        match self {
            Toss::First { leaders } => leaders.clone(),
            Toss::SemiHome { tied, .. } => tied[..2].to_vec(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the three decks are shuffled.
    Deal,
    /// `seat` picks the top card of a deck (teams built one card per draw).
    Pick {
        seat: Seat,
    },
    /// The season turn of `State::mover`: trade, draft or game.
    Turn,
    /// Chance: the card taken blind from `with`'s face-down fan.
    BlindPick {
        with: Seat,
    },
    /// The mover gives back a card of the same kind as `taken`, not `taken`.
    GiveBack {
        with: Seat,
        taken: CardId,
    },
    Lineup(Match),
    Coin(Toss),
    Over,
}

/// A game as everyone at the table saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameReport {
    pub away: Seat,
    pub home: Seat,
    pub stage: Stage,
    pub overtime: u32,
    /// The revealed pairs (overtime stops at the first goal).
    pub pairs: Vec<(CardId, CardId)>,
    /// Per revealed pair: 0 away scored, 1 home scored.
    pub goals: Vec<Option<u8>>,
    /// Away and home goals (the home goal of regulation included).
    pub score: [u8; 2],
    /// Injured cards, home team's first, and the seat they belonged to.
    pub injured: Vec<(Seat, CardId)>,
    pub winner: Option<Seat>,
}

/// Every decision and chance outcome of Slapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the forwards', defensemen's and goalies' decks, top first.
    Shuffle([Vec<CardId>; 3]),
    /// Chance: the card a trade takes from the face-down fan.
    Take(CardId),
    /// Chance: a coin toss names this seat.
    Coin(Seat),
    /// Picking teams: the top card of this deck.
    Pick(Position),
    /// A turn: trade with this manager.
    Trade(Seat),
    /// A turn: this card to the bottom of its deck, the top card to the team.
    Draft(CardId),
    /// A turn: play a game against this manager (away for the mover).
    Challenge(Seat),
    /// A turn with nothing else allowed (league schedule done, limits used).
    Pass,
    /// The card given back in a trade.
    Give(CardId),
    /// The next card of the line-up being arranged.
    Line(CardId),
}

/// The state of a Slapshot year.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slapshot {
    #[serde(with = "shared")]
    pub rules: Arc<Rules>,
    pub teams: Vec<Vec<CardId>>,
    /// Forwards', defensemen's and goalies' decks, top first.
    pub decks: [VecDeque<CardId>; 3],
    pub wins: Vec<u32>,
    pub phase: Phase,
    /// Whose season turn it is.
    pub mover: Seat,
    pub turns: u32,
    pub drafts: Vec<u32>,
    pub trades: Vec<u32>,
    /// `played[a][b]`: games `a` initiated against `b` this season.
    pub played: Vec<Vec<u8>>,
    /// The cards of each manager's line-up turned over in their latest game
    /// (public; a sudden-death overtime shows only the pairs up to its goal).
    pub seen: Vec<Option<Vec<CardId>>>,
    pub last_game: Option<GameReport>,
    pub series: Option<Series>,
    pub champion: Option<Seat>,
    /// The team that reached the Playoffs space (or topped the standings).
    pub first_place: Option<Seat>,
}

/// What one manager may see.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub seat: Seat,
    pub rules: Arc<Rules>,
    pub team: Vec<CardId>,
    /// Forwards, defensemen and goalies each manager holds (public: picks and trades are seen).
    pub team_counts: Vec<[usize; 3]>,
    /// The card just taken in this manager's trade, while giving one back.
    pub taken: Option<CardId>,
    /// This manager's line-up so far, while arranging.
    pub my_line: Vec<CardId>,
    /// The game being arranged: (away, home, stage, overtime) and how many cards each side has laid.
    pub game: Option<(Seat, Seat, Stage, u32, [usize; 2])>,
    pub phase: PublicPhase,
    pub mover: Seat,
    pub turns: u32,
    pub wins: Vec<u32>,
    pub drafts: Vec<u32>,
    pub trades: Vec<u32>,
    pub played: Vec<Vec<u8>>,
    pub seen: Vec<Option<Vec<CardId>>>,
    pub deck_sizes: [usize; 3],
    pub last_game: Option<GameReport>,
    pub series: Option<Series>,
    pub champion: Option<Seat>,
    pub first_place: Option<Seat>,
}

/// The phase without its hidden parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicPhase {
    Deal,
    Pick(Seat),
    Turn,
    Trading { with: Seat },
    Lineup,
    Coin,
    Over,
}

impl Slapshot {
    pub fn new(rules: Rules) -> Slapshot {
        let n = rules.players;
        Slapshot {
            teams: match &rules.teams {
                Some(t) => t.clone(),
                None => vec![Vec::new(); n],
            },
            decks: Default::default(),
            wins: vec![0; n],
            phase: Phase::Deal,
            mover: rules.first_seat,
            turns: 0,
            drafts: vec![0; n],
            trades: vec![0; n],
            played: vec![vec![0; n]; n],
            seen: vec![None; n],
            last_game: None,
            series: None,
            champion: None,
            first_place: None,
            rules: Arc::new(rules),
        }
    }

    fn card(&self, id: CardId) -> Card {
        self.rules.cards[id as usize]
    }

    /// The cards of `position` not in any team (what the deal shuffles).
    fn undealt(&self, position: Position) -> Vec<CardId> {
        (0..self.rules.cards.len() as CardId)
            .filter(|&id| self.card(id).position == position)
            .filter(|id| !self.teams.iter().any(|t| t.contains(id)))
            .collect()
    }

    fn count(&self, seat: Seat, position: Position) -> usize {
        self.teams[seat]
            .iter()
            .filter(|&&id| self.card(id).position == position)
            .count()
    }

    fn in_season(&self) -> bool {
        self.series.is_none()
    }

    fn may_draft(&self, seat: Seat) -> bool {
        self.rules
            .limits
            .is_none_or(|l| self.drafts[seat] < l.drafts)
    }

    fn may_trade(&self, seat: Seat) -> bool {
        self.rules
            .limits
            .is_none_or(|l| self.trades[seat] < l.trades)
    }

    /// May `seat` initiate a game against `other` now (league schedule)?
    pub fn may_challenge(&self, seat: Seat, other: Seat) -> bool {
        if seat == other || other >= self.rules.players {
            return false;
        }
        if !self.rules.league_schedule {
            return true;
        }
        let p = &self.played[seat];
        let round = if (0..self.rules.players).all(|q| q == seat || p[q] >= 1) {
            2
        } else {
            1
        };
        p[other] < round
    }

    /// Applies a draft: `card` to the bottom of its deck, the top card joins the team.
    fn draft(&mut self, seat: Seat, card: CardId) -> CardId {
        let deck = &mut self.decks[self.card(card).position.index()];
        deck.push_back(card);
        let new = deck
            .pop_front()
            .expect("a deck holds at least the card just put back");
        let team = &mut self.teams[seat];
        let i = team
            .iter()
            .position(|&c| c == card)
            .expect("drafted card is on the team");
        team[i] = new;
        new
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        self.mover = (self.mover + 1) % self.rules.players;
        self.phase = Phase::Turn;
        self.check_season_end();
    }

    fn check_season_end(&mut self) {
        let n = self.rules.players;
        if let Some(first) = (0..n).find(|&s| self.wins[s] >= self.rules.wins_to_playoffs) {
            return self.start_playoffs(first);
        }
        let schedule_done = self.rules.league_schedule
            && (0..n).all(|a| (0..n).all(|b| a == b || self.played[a][b] >= 2));
        if schedule_done || self.turns >= self.rules.season_turn_limit {
            let top = *self.wins.iter().max().unwrap_or(&0);
            let leaders: Vec<Seat> = (0..n).filter(|&s| self.wins[s] == top).collect();
            if leaders.len() == 1 {
                self.start_playoffs(leaders[0]);
            } else {
                self.phase = Phase::Coin(Toss::First { leaders });
            }
        }
    }

    /// `first` is the first-place team; the best of the rest (ties: semi-finals).
    fn start_playoffs(&mut self, first: Seat) {
        let n = self.rules.players;
        let rest: Vec<Seat> = (1..n).map(|k| (first + k) % n).collect();
        let best = rest.iter().map(|&s| self.wins[s]).max().unwrap_or(0);
        let tied: Vec<Seat> = rest.into_iter().filter(|&s| self.wins[s] == best).collect();
        self.begin_playoffs(first, tied);
    }

    /// The season is over: `first` waits in the final while `tied` settle second place.
    fn begin_playoffs(&mut self, first: Seat, tied: Vec<Seat>) {
        self.first_place = Some(first);
        // Marks the playoffs (no trades or drafts) until the first series is known.
        self.series = Some(Series {
            stage: Stage::Final,
            high: first,
            low: first,
            wins: [0, 0],
            waiting: Vec::new(),
            first,
        });
        self.next_series(tied, first);
    }

    /// The next series: a semi-final while two or more teams are tied, else the final.
    fn next_series(&mut self, tied: Vec<Seat>, first: Seat) {
        if tied.len() >= 2 {
            self.phase = Phase::Coin(Toss::SemiHome { tied, first });
        } else {
            self.series = Some(Series {
                stage: Stage::Final,
                high: first,
                low: tied[0],
                wins: [0, 0],
                waiting: Vec::new(),
                first,
            });
            self.start_series_game();
        }
    }

    fn start_series_game(&mut self) {
        let s = self.series.as_ref().expect("a series is on");
        let home = s.home_of(s.games());
        let away = if home == s.high { s.low } else { s.high };
        self.phase = Phase::Lineup(Match {
            away,
            home,
            stage: s.stage,
            overtime: 0,
            lines: [Vec::new(), Vec::new()],
        });
    }

    /// Plays out a game whose line-ups are both laid.
    fn resolve(&mut self, mut m: Match) {
        let sudden_death = m.overtime > 0;
        let mut score = [0u8, u8::from(!sudden_death)];
        let mut goals = Vec::new();
        let mut pairs = Vec::new();
        let mut injured_sides: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
        for i in 0..6 {
            let (a, h) = (m.lines[0][i], m.lines[1][i]);
            let f = faceoff(self.card(a), self.card(h));
            pairs.push((a, h));
            goals.push(f.scorer);
            if f.injured[0] {
                injured_sides[0].push(a);
            }
            if f.injured[1] {
                injured_sides[1].push(h);
            }
            if let Some(side) = f.scorer {
                score[side as usize] += 1;
                if sudden_death {
                    break;
                }
            }
        }
        // Injury drafts, home team first, before any overtime (not a turn).
        let mut injured = Vec::new();
        for side in [1, 0] {
            for &card in &injured_sides[side] {
                let seat = m.seat(side);
                injured.push((seat, card));
                self.draft(seat, card);
            }
        }
        // Only what was turned over is seen: an overtime that ends at its
        // first goal leaves the rest of both line-ups face down.
        let shown = pairs.len();
        self.seen[m.away] = Some(m.lines[0][..shown].to_vec());
        self.seen[m.home] = Some(m.lines[1][..shown].to_vec());
        let winner = match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => Some(m.away),
            std::cmp::Ordering::Less => Some(m.home),
            std::cmp::Ordering::Equal if m.overtime >= self.rules.overtime_limit => Some(m.home),
            std::cmp::Ordering::Equal => None,
        };
        self.last_game = Some(GameReport {
            away: m.away,
            home: m.home,
            stage: m.stage,
            overtime: m.overtime,
            pairs,
            goals,
            score,
            injured,
            winner,
        });
        match winner {
            None => {
                m.overtime += 1;
                m.lines = [Vec::new(), Vec::new()];
                self.phase = Phase::Lineup(m);
            }
            Some(w) => self.finish_game(&m, w),
        }
    }

    fn finish_game(&mut self, m: &Match, winner: Seat) {
        if m.stage == Stage::Season {
            self.wins[winner] += 1;
            self.played[m.away][m.home] += 1;
            return self.end_turn();
        }
        let s = self.series.as_mut().expect("a series is on");
        let side = usize::from(winner != s.high);
        s.wins[side] += 1;
        let needed = s.best_of() / 2 + 1;
        if s.wins[side] < needed {
            return self.start_series_game();
        }
        if s.stage == Stage::Final {
            self.champion = Some(winner);
            self.phase = Phase::Over;
            return;
        }
        // A semi-final won: the winner meets the next tied team, or the first-place team.
        let mut tied = vec![winner];
        tied.extend(s.waiting.iter().copied());
        let first = s.first;
        self.next_series(tied, first);
    }

    /// Sizes and indices agree with the rules (a loaded save may be anything):
    /// after this, nothing indexes out of range.
    pub fn check_shape(&self) -> Result<(), String> {
        let r = &self.rules;
        let n = r.players;
        let total = r.cards.len();
        if !(2..=6).contains(&n) || r.names.len() != total || total > CardId::MAX as usize {
            return Err(format!(
                "{n} players, {total} cards, {} names",
                r.names.len()
            ));
        }
        let lens = [
            self.teams.len(),
            self.wins.len(),
            self.drafts.len(),
            self.trades.len(),
            self.played.len(),
            self.seen.len(),
        ];
        if lens.iter().any(|&l| l != n) || self.played.iter().any(|p| p.len() != n) {
            return Err(format!("per-seat records do not all have {n} entries"));
        }
        if r.teams.as_ref().is_some_and(|t| t.len() != n) {
            return Err("fixed teams for another number of seats".into());
        }
        let seat_ok = |s: &Seat| *s < n;
        let mut cards: Vec<CardId> = Vec::new();
        cards.extend(self.teams.iter().flatten());
        cards.extend(self.decks.iter().flatten());
        cards.extend(self.seen.iter().flatten().flatten());
        cards.extend(r.teams.iter().flatten().flatten());
        if let Some(g) = &self.last_game {
            cards.extend(g.pairs.iter().flat_map(|p| [p.0, p.1]));
            cards.extend(g.injured.iter().map(|i| i.1));
            if ![g.away, g.home]
                .iter()
                .chain(g.injured.iter().map(|i| &i.0))
                .all(seat_ok)
            {
                return Err("the last game names a seat not at the table".into());
            }
        }
        let mut seats = vec![self.mover];
        seats.extend(self.champion);
        seats.extend(self.first_place);
        if let Some(s) = &self.series {
            seats.extend([s.high, s.low, s.first]);
            seats.extend(&s.waiting);
        }
        match &self.phase {
            Phase::Pick { seat } => seats.push(*seat),
            Phase::BlindPick { with } => seats.push(*with),
            Phase::GiveBack { with, taken } => {
                seats.push(*with);
                cards.push(*taken);
            }
            Phase::Lineup(m) => {
                seats.extend([m.away, m.home]);
                if m.away == m.home || m.lines.iter().any(|l| l.len() > 6) {
                    return Err(
                        "a game of a team against itself, or a line-up of more than six".into(),
                    );
                }
                cards.extend(m.lines.iter().flatten());
            }
            Phase::Coin(Toss::First { leaders }) => {
                seats.extend(leaders);
                if leaders.is_empty() {
                    return Err("a coin toss among nobody".into());
                }
            }
            Phase::Coin(Toss::SemiHome { tied, first }) => {
                seats.extend(tied);
                seats.push(*first);
                if tied.len() < 2 {
                    return Err("a semi-final needs two teams".into());
                }
            }
            Phase::Deal | Phase::Turn | Phase::Over => {}
        }
        if !seats.iter().all(seat_ok) {
            return Err(format!("a seat beyond the {n} at the table"));
        }
        if let Some(c) = cards.iter().find(|&&c| c as usize >= total) {
            return Err(format!("card {c} is not in the roster of {total}"));
        }
        Ok(())
    }

    /// Every card in exactly one place, teams of 3/2/1 (outside a trade), scores in range.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_shape()?;
        let total = self.rules.cards.len();
        let mut place = vec![0u8; total];
        for id in self
            .teams
            .iter()
            .flatten()
            .chain(self.decks.iter().flatten())
        {
            place[*id as usize] += 1;
        }
        // Before the deal a card may be nowhere yet; never in two places.
        let dealt = !matches!(self.phase, Phase::Deal);
        if let Some((id, &k)) = place
            .iter()
            .enumerate()
            .find(|&(_, &k)| k > 1 || dealt && k == 0)
        {
            return Err(format!("{} is in {k} places", self.rules.names[id]));
        }
        for p in Position::ALL {
            let in_decks = self.decks[p.index()]
                .iter()
                .all(|&c| self.card(c).position == p);
            if !in_decks {
                return Err(format!("a card in the {} deck is not one", p.plural()));
            }
        }
        let picking = matches!(self.phase, Phase::Deal | Phase::Pick { .. });
        for seat in 0..self.teams.len() {
            let in_trade = match self.phase {
                Phase::GiveBack { with, taken } if seat == self.mover || seat == with => {
                    Some((self.card(taken).position, if seat == with { -1 } else { 1 }))
                }
                _ => None,
            };
            for p in Position::ALL {
                let n = self.count(seat, p) as i64;
                let want =
                    p.per_team() as i64 + in_trade.filter(|(q, _)| *q == p).map_or(0, |(_, d)| d);
                if picking && n <= want || n == want {
                    continue;
                }
                return Err(format!("seat {seat} holds {n} {}", p.plural()));
            }
        }
        if let Phase::Lineup(m) = &self.phase {
            for (side, line) in m.lines.iter().enumerate() {
                let team = &self.teams[m.seat(side)];
                if line.len() > 6 || line.iter().any(|c| !team.contains(c)) {
                    return Err(format!("line-up {line:?} is not from the team"));
                }
            }
        }
        if self.wins.iter().any(|&w| w > self.rules.wins_to_playoffs) {
            return Err("a token went past Playoffs".into());
        }
        if let Some(s) = &self.series
            && (s.wins[0] > s.best_of() / 2 + 1 || s.wins[1] > s.best_of() / 2 + 1)
        {
            return Err("a series went past its last game".into());
        }
        Ok(())
    }

    fn check(&self, action: &Action) -> Result<(), Illegal> {
        let seat = match self.turn() {
            Turn::Over => return refuse("the year is over"),
            Turn::Chance => {
                return match (&self.phase, action) {
                    (Phase::Deal, Action::Shuffle(orders)) => {
                        for p in Position::ALL {
                            if !core::is_permutation(&orders[p.index()], &self.undealt(p)) {
                                return refuse(format!(
                                    "the {} deck must hold exactly the undealt {}",
                                    p.plural(),
                                    p.plural()
                                ));
                            }
                        }
                        Ok(())
                    }
                    (Phase::BlindPick { with }, Action::Take(c)) => {
                        if self.teams[*with].contains(c) {
                            Ok(())
                        } else {
                            refuse(format!(
                                "{} is not on seat {with}'s team",
                                self.rules.names[*c as usize]
                            ))
                        }
                    }
                    (Phase::Coin(t), Action::Coin(s)) => {
                        if t.among().contains(s) {
                            Ok(())
                        } else {
                            refuse(format!("seat {s} is not in this coin toss"))
                        }
                    }
                    _ => refuse(format!("{action:?} is not the chance event awaited")),
                };
            }
            Turn::Player(s) => s,
        };
        let n = self.rules.players;
        let named = |c: &CardId| {
            self.rules
                .names
                .get(*c as usize)
                .cloned()
                .unwrap_or_else(|| format!("card {c}"))
        };
        match (&self.phase, action) {
            (Phase::Pick { .. }, Action::Pick(p)) => {
                if self.decks[p.index()].is_empty() {
                    refuse(format!("no {} left to pick", p.plural()))
                } else if self.count(seat, *p) >= p.per_team() {
                    refuse(format!(
                        "the team already has its {} {}",
                        p.per_team(),
                        p.plural()
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::Turn, Action::Trade(w)) => {
                if !self.in_season() {
                    refuse("no trades in the playoffs")
                } else if *w == seat || *w >= n {
                    refuse("trade with another manager at the table")
                } else if !self.may_trade(seat) {
                    refuse("this manager has made every trade the limits allow")
                } else {
                    Ok(())
                }
            }
            (Phase::Turn, Action::Draft(c)) => {
                if !self.in_season() {
                    refuse("no drafts in the playoffs")
                } else if !self.teams[seat].contains(c) {
                    refuse(format!("{} is not on the team", named(c)))
                } else if !self.may_draft(seat) {
                    refuse("this manager has made every draft the limits allow")
                } else {
                    Ok(())
                }
            }
            (Phase::Turn, Action::Challenge(w)) => {
                if *w == seat || *w >= n {
                    refuse("challenge another manager at the table")
                } else if !self.may_challenge(seat, *w) {
                    refuse(format!(
                        "the league schedule does not allow another game against seat {w} yet"
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::Turn, Action::Pass) => {
                let other = (0..n).any(|w| self.may_challenge(seat, w))
                    || self.may_draft(seat)
                    || self.may_trade(seat);
                if other {
                    refuse("a turn must trade, draft or play a game while one is allowed")
                } else {
                    Ok(())
                }
            }
            (Phase::GiveBack { taken, .. }, Action::Give(c)) => {
                if c == taken {
                    refuse(format!("{} was just taken: give back another", named(c)))
                } else if !self.teams[seat].contains(c) {
                    refuse(format!("{} is not on the team", named(c)))
                } else if self.card(*c).position != self.card(*taken).position {
                    refuse(format!(
                        "give back one of the {}, the kind just taken",
                        self.card(*taken).position.plural()
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::Lineup(m), Action::Line(c)) => {
                let side = m.arranging();
                if !self.teams[seat].contains(c) {
                    refuse(format!("{} is not on the team", named(c)))
                } else if m.lines[side].contains(c) {
                    refuse(format!("{} is already in the line-up", named(c)))
                } else {
                    Ok(())
                }
            }
            _ => refuse(format!("{action:?} is not a move in this part of the game")),
        }
    }

    fn perform(&mut self, action: Action) {
        let n = self.rules.players;
        match (std::mem::replace(&mut self.phase, Phase::Over), action) {
            (Phase::Deal, Action::Shuffle(orders)) => {
                for (deck, order) in self.decks.iter_mut().zip(orders) {
                    *deck = order.into();
                }
                self.phase = if self.rules.teams.is_some() {
                    Phase::Turn
                } else {
                    Phase::Pick {
                        seat: self.rules.first_seat,
                    }
                };
            }
            (Phase::Pick { seat }, Action::Pick(p)) => {
                let card = self.decks[p.index()]
                    .pop_front()
                    .expect("the deck has cards to pick");
                self.teams[seat].push(card);
                let full = self.teams.iter().all(|t| t.len() == 6);
                self.phase = if full {
                    Phase::Turn
                } else {
                    Phase::Pick {
                        seat: (seat + 1) % n,
                    }
                };
            }
            (Phase::Turn, Action::Trade(with)) => self.phase = Phase::BlindPick { with },
            (Phase::BlindPick { with }, Action::Take(card)) => {
                self.teams[with].retain(|&c| c != card);
                self.teams[self.mover].push(card);
                self.phase = Phase::GiveBack { with, taken: card };
            }
            (Phase::GiveBack { with, .. }, Action::Give(card)) => {
                self.teams[self.mover].retain(|&c| c != card);
                self.teams[with].push(card);
                self.trades[self.mover] += 1;
                self.end_turn();
            }
            (Phase::Turn, Action::Draft(card)) => {
                self.draft(self.mover, card);
                self.drafts[self.mover] += 1;
                self.end_turn();
            }
            (Phase::Turn, Action::Challenge(home)) => {
                self.phase = Phase::Lineup(Match {
                    away: self.mover,
                    home,
                    stage: Stage::Season,
                    overtime: 0,
                    lines: [Vec::new(), Vec::new()],
                });
            }
            (Phase::Turn, Action::Pass) => self.end_turn(),
            (Phase::Lineup(mut m), Action::Line(card)) => {
                let side = m.arranging();
                m.lines[side].push(card);
                if m.lines[1].len() == 6 {
                    self.resolve(m);
                } else {
                    self.phase = Phase::Lineup(m);
                }
            }
            (Phase::Coin(Toss::First { leaders }), Action::Coin(first)) => {
                let tied: Vec<Seat> = (1..n)
                    .map(|k| (first + k) % n)
                    .filter(|s| leaders.contains(s))
                    .collect();
                self.begin_playoffs(first, tied);
            }
            (Phase::Coin(Toss::SemiHome { tied, first }), Action::Coin(high)) => {
                let low = if tied[0] == high { tied[1] } else { tied[0] };
                self.series = Some(Series {
                    stage: Stage::Semifinal,
                    high,
                    low,
                    wins: [0, 0],
                    waiting: tied[2..].to_vec(),
                    first,
                });
                self.start_series_game();
            }
            (phase, action) => unreachable!("checked action {action:?} in {phase:?}"),
        }
    }

    /// A full state consistent with `view`: the cards the seat cannot see are
    /// dealt at random (a manager's last shown line-up is kept where its cards
    /// are still unaccounted for), for bots that sample what they cannot see.
    pub fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Slapshot {
        let rules = view.rules.clone();
        let n = rules.players;
        let mut free: Vec<bool> = vec![true; rules.cards.len()];
        for &c in &view.team {
            free[c as usize] = false;
        }
        let mut teams: Vec<Vec<CardId>> = vec![Vec::new(); n];
        teams[view.seat] = view.team.clone();
        // Believed cards first: the latest line-up each manager showed.
        for s in (0..n).filter(|&s| s != view.seat) {
            let mut counts = [0usize; 3];
            if let Some(seen) = &view.seen[s] {
                for &c in seen {
                    let p = rules.cards[c as usize].position.index();
                    if free[c as usize] && counts[p] < view.team_counts[s][p] {
                        free[c as usize] = false;
                        counts[p] += 1;
                        teams[s].push(c);
                    }
                }
            }
        }
        let mut pools: [Vec<CardId>; 3] = Default::default();
        for (c, &f) in free.iter().enumerate() {
            if f {
                pools[rules.cards[c].position.index()].push(c as CardId);
            }
        }
        for pool in &mut pools {
            *pool = core::shuffled(pool, rng);
        }
        for s in (0..n).filter(|&s| s != view.seat) {
            for p in Position::ALL {
                let have = teams[s]
                    .iter()
                    .filter(|&&c| rules.cards[c as usize].position == p)
                    .count();
                for _ in have..view.team_counts[s][p.index()] {
                    if let Some(c) = pools[p.index()].pop() {
                        teams[s].push(c);
                    }
                }
            }
        }
        let decks = pools.map(VecDeque::from);
        let phase = match view.phase {
            PublicPhase::Deal => Phase::Deal,
            PublicPhase::Pick(seat) => Phase::Pick { seat },
            PublicPhase::Turn => Phase::Turn,
            PublicPhase::Trading { with } => match view.taken {
                Some(taken) => Phase::GiveBack { with, taken },
                None => Phase::BlindPick { with },
            },
            PublicPhase::Lineup => {
                let (away, home, stage, overtime, laid) = view.game.expect("a game is on");
                let mut lines = [Vec::new(), Vec::new()];
                for (side, seat) in [away, home].into_iter().enumerate() {
                    lines[side] = if seat == view.seat {
                        view.my_line.clone()
                    } else {
                        core::shuffled(&teams[seat], rng)[..laid[side]].to_vec()
                    };
                }
                Phase::Lineup(Match {
                    away,
                    home,
                    stage,
                    overtime,
                    lines,
                })
            }
            PublicPhase::Coin => Phase::Over,
            PublicPhase::Over => Phase::Over,
        };
        Slapshot {
            rules,
            teams,
            decks,
            wins: view.wins.clone(),
            phase,
            mover: view.mover,
            turns: view.turns,
            drafts: view.drafts.clone(),
            trades: view.trades.clone(),
            played: view.played.clone(),
            seen: view.seen.clone(),
            last_game: view.last_game.clone(),
            series: view.series.clone(),
            champion: view.champion,
            first_place: view.first_place,
        }
    }

    /// A one-line summary of the standings.
    pub fn standings(&self) -> String {
        let mut s = String::new();
        for (seat, w) in self.wins.iter().enumerate() {
            let _ = write!(s, "{}seat {seat}: {w}", if seat > 0 { ", " } else { "" });
        }
        s
    }
}

impl Game for Slapshot {
    type Action = Action;
    type Observation = View;

    fn players(&self) -> usize {
        self.rules.players
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Deal | Phase::BlindPick { .. } | Phase::Coin(_) => Turn::Chance,
            Phase::Pick { seat } => Turn::Player(*seat),
            Phase::Turn | Phase::GiveBack { .. } => Turn::Player(self.mover),
            Phase::Lineup(m) => Turn::Player(m.seat(m.arranging())),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Turn::Player(seat) = self.turn() else {
            return Vec::new();
        };
        let n = self.rules.players;
        let team = &self.teams[seat];
        match &self.phase {
            Phase::Pick { .. } => Position::ALL
                .into_iter()
                .filter(|p| {
                    self.count(seat, *p) < p.per_team() && !self.decks[p.index()].is_empty()
                })
                .map(Action::Pick)
                .collect(),
            Phase::Turn => {
                let mut v = Vec::new();
                if self.in_season() && self.may_trade(seat) {
                    v.extend((0..n).filter(|&w| w != seat).map(Action::Trade));
                }
                if self.in_season() && self.may_draft(seat) {
                    v.extend(team.iter().map(|&c| Action::Draft(c)));
                }
                v.extend(
                    (0..n)
                        .filter(|&w| self.may_challenge(seat, w))
                        .map(Action::Challenge),
                );
                if v.is_empty() {
                    v.push(Action::Pass);
                }
                v
            }
            Phase::GiveBack { taken, .. } => {
                let p = self.card(*taken).position;
                team.iter()
                    .filter(|&&c| c != *taken && self.card(c).position == p)
                    .map(|&c| Action::Give(c))
                    .collect()
            }
            Phase::Lineup(m) => {
                let line = &m.lines[m.arranging()];
                team.iter()
                    .filter(|c| !line.contains(c))
                    .map(|&c| Action::Line(c))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        match &self.phase {
            Phase::Deal => {
                Action::Shuffle(Position::ALL.map(|p| core::shuffled(&self.undealt(p), rng)))
            }
            Phase::BlindPick { with } => {
                let team = &self.teams[*with];
                Action::Take(team[rng.random_range(0..team.len())])
            }
            Phase::Coin(t) => {
                let among = t.among();
                Action::Coin(among[rng.random_range(0..among.len())])
            }
            other => panic!("no chance event in {other:?}"),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        self.check(&action)?;
        self.perform(action);
        Ok(())
    }

    fn observation(&self, seat: Seat) -> View {
        let (taken, my_line, game) = match &self.phase {
            Phase::GiveBack { taken, .. } if seat == self.mover => (Some(*taken), Vec::new(), None),
            Phase::Lineup(m) => {
                let mine = if m.away == seat {
                    m.lines[0].clone()
                } else if m.home == seat {
                    m.lines[1].clone()
                } else {
                    Vec::new()
                };
                let counts = [m.lines[0].len(), m.lines[1].len()];
                (
                    None,
                    mine,
                    Some((m.away, m.home, m.stage, m.overtime, counts)),
                )
            }
            _ => (None, Vec::new(), None),
        };
        let phase = match &self.phase {
            Phase::Deal => PublicPhase::Deal,
            Phase::Pick { seat } => PublicPhase::Pick(*seat),
            Phase::Turn => PublicPhase::Turn,
            Phase::BlindPick { with } | Phase::GiveBack { with, .. } => {
                PublicPhase::Trading { with: *with }
            }
            Phase::Lineup(_) => PublicPhase::Lineup,
            Phase::Coin(_) => PublicPhase::Coin,
            Phase::Over => PublicPhase::Over,
        };
        View {
            seat,
            rules: self.rules.clone(),
            team: self.teams[seat].clone(),
            team_counts: (0..self.rules.players)
                .map(|s| Position::ALL.map(|p| self.count(s, p)))
                .collect(),
            taken,
            my_line,
            game,
            phase,
            mover: self.mover,
            turns: self.turns,
            wins: self.wins.clone(),
            drafts: self.drafts.clone(),
            trades: self.trades.clone(),
            played: self.played.clone(),
            seen: self.seen.clone(),
            deck_sizes: [0, 1, 2].map(|i| self.decks[i].len()),
            last_game: self.last_game.clone(),
            series: self.series.clone(),
            champion: self.champion,
            first_place: self.first_place,
        }
    }

    fn winners(&self) -> Vec<Seat> {
        self.champion.into_iter().collect()
    }

    fn describe(&self, action: &Action, viewer: Option<Seat>) -> String {
        let r = &self.rules;
        let mover = self.mover;
        let sees = |seat: Seat| viewer.is_none_or(|v| v == seat);
        match action {
            Action::Shuffle(_) => "the three decks are shuffled".into(),
            Action::Take(c) => {
                let Phase::BlindPick { with } = self.phase else {
                    return format!("{action:?}");
                };
                if sees(mover) || viewer == Some(with) {
                    format!("seat {mover} takes {} from seat {with}", r.label(*c))
                } else {
                    format!("seat {mover} takes a card from seat {with}")
                }
            }
            Action::Coin(s) => format!("the coin toss names seat {s}"),
            // The top card of a deck is unknown to everyone at the table until it
            // is taken: only a spectator is told which it is.
            Action::Pick(p) => match (self.turn(), viewer) {
                (Turn::Player(s), None) => {
                    let top = self.decks[p.index()]
                        .front()
                        .map(|&c| r.label(c))
                        .unwrap_or_default();
                    format!("seat {s} picks {top}")
                }
                (Turn::Player(s), Some(_)) => format!("seat {s} picks one of the {}", p.plural()),
                _ => format!("{action:?}"),
            },
            Action::Trade(w) => format!("seat {mover} trades with seat {w}"),
            Action::Draft(c) => {
                let p = self.card(*c).position;
                let top = self.decks[p.index()]
                    .front()
                    .map(|&c| r.label(c))
                    .unwrap_or_default();
                match viewer {
                    None => format!(
                        "seat {mover} drafts: {} to the bottom, {top} from the top",
                        r.label(*c)
                    ),
                    Some(v) if v == mover => format!(
                        "seat {mover} drafts: {} to the bottom of the {}, the top card to the team",
                        r.label(*c),
                        p.plural()
                    ),
                    Some(_) => format!("seat {mover} drafts one of the {}", p.plural()),
                }
            }
            Action::Challenge(w) => format!("seat {mover} plays a game at seat {w}'s"),
            Action::Pass => format!("seat {mover} passes"),
            Action::Give(c) => {
                let Phase::GiveBack { with, .. } = self.phase else {
                    return format!("{action:?}");
                };
                if sees(mover) || viewer == Some(with) {
                    format!("seat {mover} gives {} back to seat {with}", r.label(*c))
                } else {
                    format!("seat {mover} gives a card back to seat {with}")
                }
            }
            Action::Line(c) => match self.turn() {
                Turn::Player(s) if sees(s) => format!("seat {s} lines up {}", r.label(*c)),
                Turn::Player(s) => format!("seat {s} lines up a card"),
                _ => format!("{action:?}"),
            },
        }
    }
}

/// A game report as text: the pairs, goals, injuries and the result.
pub fn report_text(rules: &Rules, g: &GameReport) -> String {
    let mut s = String::new();
    let stage = match (g.stage, g.overtime) {
        (_, 0) => format!("{:?}", g.stage),
        (_, k) => format!("{:?}, overtime {k}", g.stage),
    };
    let _ = writeln!(
        s,
        "  game ({stage}): seat {} (away) at seat {} (home)",
        g.away, g.home
    );
    for ((a, h), goal) in g.pairs.iter().zip(&g.goals) {
        let mark = match goal {
            Some(0) => "  goal away",
            Some(_) => "  goal home",
            None => "",
        };
        let _ = writeln!(
            s,
            "    {:<28} vs {:<28}{mark}",
            rules.label(*a),
            rules.label(*h)
        );
    }
    for (seat, c) in &g.injured {
        let _ = writeln!(s, "    injured: {} (seat {seat}), drafted", rules.label(*c));
    }
    let _ = write!(s, "    score {}-{}", g.score[0], g.score[1]);
    match g.winner {
        Some(w) => {
            let _ = write!(s, ", seat {w} wins");
        }
        None => s.push_str(", tied: overtime"),
    }
    s
}
