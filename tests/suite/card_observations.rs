//! Slapshot's sudden-death overtime: the cards it never turned over stay
//! unseen. (What each seat of every card game is shown, against a record kept
//! from the rule books, is in `hidden_info.rs`.)

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::slapshot::{self, Action, Slapshot};

/// A game's state and the actions played from it, by whom (none: chance).
type Played = (Slapshot, Vec<(Option<Seat>, Action)>);

fn game(seed: u64) -> Slapshot {
    let path = highnoon::scenario::data_root().join("assets/cards/slapshot.ron");
    let players = 2 + (seed % 3) as usize;
    let mut rules = slapshot::Rules::load(&path, Some(players)).expect("setup");
    rules.wins_to_playoffs = 2 + (seed % 3) as u32;
    Slapshot::new(rules)
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
        let mut before_game: Option<Played> = None;
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
