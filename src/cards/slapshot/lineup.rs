//! A game: the two line-ups compared card by card (the faceoff of each pair:
//! goals and injuries), the home goal of regulation, sudden-death overtime,
//! the injury drafts (home team first, before any overtime), and the game's
//! report as text.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{Card, CardId, GameReport, Match, Phase, Position, Rules, Slapshot};

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

impl Slapshot {
    /// Plays out a game whose line-ups are both laid.
    pub(super) fn resolve(&mut self, mut m: Match) {
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
