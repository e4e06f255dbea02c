//! The state's consistency (sizes and indices a loaded save must respect,
//! every card in exactly one place, teams of 3/2/1) and the legality of an
//! action, with the reason a refused one is refused.

use super::{Action, CardId, Phase, Position, Slapshot, Toss};
use crate::cards::core::{self, Game, Illegal, Seat, Turn, refuse};

impl Slapshot {
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
        // Picks go round the table from the first seat: the seats that have
        // picked this round hold one card more than the rest.
        if let Phase::Pick { seat } = self.phase {
            let n = self.teams.len();
            let k = self.teams[seat].len();
            let round_of = |s: Seat| (s + n - self.rules.first_seat % n) % n;
            for s in 0..n {
                let ahead = round_of(s) < round_of(seat);
                if k >= 6 || self.teams[s].len() != k + usize::from(ahead) {
                    return Err(format!(
                        "seat {seat} picks with {k} cards while seat {s} holds {}",
                        self.teams[s].len()
                    ));
                }
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
        // With the league schedule a team may win more games than the track has spaces.
        if !self.rules.league_schedule && self.wins.iter().any(|&w| w > self.rules.wins_to_playoffs)
        {
            return Err("a token went past Playoffs".into());
        }
        if let Some(s) = &self.series
            && (s.wins[0] > s.best_of() / 2 + 1 || s.wins[1] > s.best_of() / 2 + 1)
        {
            return Err("a series went past its last game".into());
        }
        Ok(())
    }

    pub(super) fn check(&self, action: &Action) -> Result<(), Illegal> {
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
}
