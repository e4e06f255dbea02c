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

use crate::cards::core::{self, Game, Illegal, Seat, Turn, shared};

pub mod bots;
mod checks;
mod entry;
mod lineup;
mod season;
mod setup;
mod view;

#[cfg(test)]
mod tests;

pub use lineup::{Faceoff, faceoff, report_text};
pub use setup::*;

pub type CardId = u8;

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
        // Believed cards first: the latest line-up each manager showed. A card
        // two managers showed (traded since) is believed of one of them, in an
        // order drawn afresh for each world: never the lower seat's by
        // default, which made the lower seats look stronger (and raided).
        let others: Vec<Seat> = (0..n).filter(|&s| s != view.seat).collect();
        for s in core::shuffled(&others, rng) {
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
