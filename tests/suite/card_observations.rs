//! What each seat is shown of the other line-ups is exactly what the table
//! turned over — checked against a record kept here from the actions alone
//! (who laid which card, pair by pair, and the card-against-card rule), not
//! against anything the game state itself keeps about what was seen.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::slapshot::{self, Action, CardId, Slapshot};

/// The table as an onlooker records it: line-ups as laid, games as turned over.
#[derive(Default)]
struct Record {
    /// Line-ups being laid, in the order the seats laid them (away first).
    laying: Vec<(Seat, Vec<CardId>)>,
    /// The cards each seat turned over in its latest game.
    revealed: HashMap<Seat, Vec<CardId>>,
    /// The pair of seats whose last game was tied (the next is sudden death).
    tied: Option<(Seat, Seat)>,
    overtime_games: usize,
    overtimes_ended_early: usize,
}

impl Record {
    fn laid(&mut self, g: &Slapshot, seat: Seat, card: CardId) {
        match self.laying.iter_mut().find(|(s, _)| *s == seat) {
            Some((_, line)) => line.push(card),
            None => self.laying.push((seat, vec![card])),
        }
        if self.laying.len() == 2 && self.laying.iter().all(|(_, l)| l.len() == 6) {
            let (away, a) = self.laying.remove(0);
            let (home, h) = self.laying.remove(0);
            let overtime = self.tied == Some((away, home));
            // Regulation: the home goal, then all six pairs. Overtime: sudden
            // death, no home goal, the pairs up to the first goal.
            let mut score = [0, u8::from(!overtime)];
            let mut shown = 0;
            for i in 0..6 {
                shown += 1;
                let f = slapshot::faceoff(g.rules.card(a[i]), g.rules.card(h[i]));
                if let Some(side) = f.scorer {
                    score[side as usize] += 1;
                    if overtime {
                        break;
                    }
                }
            }
            if overtime {
                self.overtime_games += 1;
                if shown < 6 {
                    self.overtimes_ended_early += 1;
                }
            }
            self.revealed.insert(away, a[..shown].to_vec());
            self.revealed.insert(home, h[..shown].to_vec());
            self.tied = (score[0] == score[1]).then_some((away, home));
        }
    }
}

fn game(seed: u64) -> Slapshot {
    let path = highnoon::scenario::data_root().join("assets/cards/slapshot.ron");
    let players = 2 + (seed % 3) as usize;
    let mut rules = slapshot::Rules::load(&path, Some(players)).expect("setup");
    rules.wins_to_playoffs = 2 + (seed % 3) as u32;
    Slapshot::new(rules)
}

#[test]
fn no_seat_is_shown_a_card_the_table_did_not_turn_over() {
    let mut record_totals = (0, 0);
    for seed in 0..400 {
        let mut g = game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut record = Record::default();
        while !g.is_over() {
            let (seat, action) = match g.turn() {
                Turn::Chance => (None, g.sample_chance(&mut rng)),
                Turn::Player(s) => {
                    let legal = g.legal_actions();
                    (Some(s), legal[rng.random_range(0..legal.len())].clone())
                }
                Turn::Over => unreachable!(),
            };
            if let (Some(s), Action::Line(c)) = (seat, &action) {
                record.laid(&g, s, *c);
            }
            g.apply(action).expect("legal");
            for viewer in 0..g.rules.players {
                let view = g.observation(viewer);
                for (s, seen) in view.seen.iter().enumerate() {
                    let expected = record.revealed.get(&s);
                    assert_eq!(
                        seen.as_ref(),
                        expected,
                        "seed {seed}: seat {viewer} is shown seat {s}'s {seen:?}, the table turned over {expected:?}"
                    );
                }
            }
        }
        record_totals.0 += record.overtime_games;
        record_totals.1 += record.overtimes_ended_early;
    }
    // The games above went to overtime, and overtimes ended before the sixth pair.
    assert!(record_totals.1 > 20, "overtimes: {record_totals:?}");
}

#[test]
fn an_overtime_that_ends_early_shows_the_same_whatever_the_unturned_cards() {
    // Two worlds that differ only in the order of the cards an overtime never
    // turned over: every seat's observation is the same in both.
    let mut found = 0;
    for seed in 0..400 {
        let mut g = game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xabc);
        let mut lines: HashMap<Seat, Vec<Action>> = HashMap::new();
        let mut before_game: Option<(Slapshot, Vec<(Option<Seat>, Action)>)> = None;
        while !g.is_over() && found < 30 {
            let overtime = matches!(&g.phase, slapshot::Phase::Lineup(m) if m.overtime > 0);
            let (seat, action) = match g.turn() {
                Turn::Chance => (None, g.sample_chance(&mut rng)),
                Turn::Player(s) => {
                    let legal = g.legal_actions();
                    (Some(s), legal[rng.random_range(0..legal.len())].clone())
                }
                Turn::Over => unreachable!(),
            };
            if overtime && before_game.is_none() {
                before_game = Some((g.clone(), Vec::new()));
                lines.clear();
            }
            if let Some((_, acts)) = before_game.as_mut() {
                acts.push((seat, action.clone()));
                if let (Some(s), Action::Line(_)) = (seat, &action) {
                    lines.entry(s).or_default().push(action.clone());
                }
            }
            g.apply(action).expect("legal");
            let laid = |a: &Vec<(Option<Seat>, Action)>| {
                a.iter()
                    .filter(|(_, x)| matches!(x, Action::Line(_)))
                    .count()
            };
            let resolved = matches!(&g.last_game, Some(r) if r.overtime > 0)
                && before_game.as_ref().is_some_and(|(_, a)| laid(a) == 12);
            if !resolved {
                continue;
            }
            let (start, acts) = before_game.take().expect("an overtime");
            let report = g.last_game.clone().expect("report");
            let shown = report.pairs.len();
            if shown >= 5 {
                continue;
            }
            // Replay the overtime with the unturned cards of both line-ups reversed.
            let mut other = start.clone();
            let mut by_seat: HashMap<Seat, Vec<Action>> = lines.clone();
            for line in by_seat.values_mut() {
                line[shown..].reverse();
            }
            let mut next: HashMap<Seat, usize> = HashMap::new();
            for (s, a) in &acts {
                let a = match (s, a) {
                    (Some(s), Action::Line(_)) => {
                        let i = next.entry(*s).or_default();
                        *i += 1;
                        by_seat[s][*i - 1].clone()
                    }
                    _ => a.clone(),
                };
                other
                    .apply(a)
                    .expect("the same game with the unturned cards swapped");
            }
            for viewer in 0..g.rules.players {
                assert_eq!(
                    format!("{:?}", other.observation(viewer).seen),
                    format!("{:?}", g.observation(viewer).seen),
                    "seed {seed}: seat {viewer} can tell the unturned cards apart"
                );
            }
            found += 1;
        }
    }
    assert!(found >= 10, "only {found} early-ending overtimes found");
}
