//! How the year goes on: the deal and the picks, season turns (trade, draft
//! or game) until a token reaches Playoffs (or, with the league schedule,
//! every game is played, whatever the wins), then a best-of-three semi-final while second place
//! is tied, then the best-of-seven final.

use super::{Action, CardId, Match, Phase, Series, Slapshot, Stage, Toss};
use crate::cards::core::Seat;

impl Slapshot {
    /// Applies a draft: `card` to the bottom of its deck, the top card joins the team.
    pub(super) fn draft(&mut self, seat: Seat, card: CardId) -> CardId {
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

    /// The season ends when a token reaches Playoffs; with the league
    /// schedule, only "when all teams have played all games" (the book), however
    /// many a team has won by then; or at the turn limit.
    fn check_season_end(&mut self) {
        let n = self.rules.players;
        if !self.rules.league_schedule
            && let Some(first) = (0..n).find(|&s| self.wins[s] >= self.rules.wins_to_playoffs)
        {
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

    pub(super) fn finish_game(&mut self, m: &Match, winner: Seat) {
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

    pub(super) fn perform(&mut self, action: Action) {
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
}
