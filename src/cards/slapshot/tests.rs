//! Slapshot's scripted tests: the rule book's cases played move by move.

use std::path::Path;

use super::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(crate) fn roster() -> SlapshotSetup {
    let path = crate::scenario::data_root().join("assets/cards/slapshot.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    crate::scenario::parse_ron(&path, &text).unwrap()
}

/// A game from fixed teams (by name) and decks in id order (no shuffle).
fn fixed(teams: &[&[&str]], edit: impl FnOnce(&mut SlapshotSetup)) -> Slapshot {
    let mut setup = roster();
    setup.players = teams.len();
    setup.teams = Some(
        teams
            .iter()
            .map(|t| t.iter().map(|s| s.to_string()).collect())
            .collect(),
    );
    edit(&mut setup);
    let rules = Rules::from_setup(&setup, Path::new("test.ron"), "").unwrap();
    let mut g = Slapshot::new(rules);
    let decks = Position::ALL.map(|p| g.undealt(p));
    g.apply(Action::Shuffle(decks)).unwrap();
    g
}

fn id(g: &Slapshot, name: &str) -> CardId {
    g.rules.id(name).unwrap_or_else(|| panic!("no card {name}"))
}

fn line(g: &mut Slapshot, names: &[&str]) {
    for n in names {
        let c = id(g, n);
        g.apply(Action::Line(c)).unwrap();
    }
}

const A: &[&str] = &[
    "Superstar",
    "The Iceman",
    "Slash Gordon",
    "El Bos",
    "Antoni Zamboni",
    "Moby Stick",
];
const B: &[&str] = &[
    "Cheap Skate",
    "Ian Jury",
    "Billy the Skid",
    "Tiny Tim",
    "Charge Kard",
    "Stu Late",
];
const C: &[&str] = &[
    "Cyclone Henri",
    "Fast Eddy",
    "Snow Balls",
    "Friar Puck",
    "Le Sainte",
    "Bo Legs",
];

#[test]
fn the_shipped_roster_is_the_boxed_deck() {
    let setup = roster();
    let rules = Rules::from_setup(&setup, Path::new("x"), "").unwrap();
    assert_eq!(rules.cards.len(), 54);
    assert_eq!(rules.cards.iter().filter(|c| c.bruiser).count(), 4);
    let tim = rules.card(rules.id("Tiny Tim").unwrap());
    assert_eq!((tim.halves, tim.scores_on_goalies), (1, true));
    assert_eq!(rules.label(rules.id("Tiny Tim").unwrap()), "Tiny Tim (D ½)");
    assert_eq!(rules.label(rules.id("Le Goon").unwrap()), "Le Goon (D 0 +)");
}

#[test]
fn goalies_stop_everything_but_tiny_tim_and_a_better_goalie() {
    let g = fixed(&[A, B], |_| {});
    let c = |n| g.card(id(&g, n));
    // Stu Late (G1) stops Superstar (F10); goalies never score on skaters.
    assert_eq!(faceoff(c("Superstar"), c("Stu Late")).scorer, None);
    assert_eq!(faceoff(c("Stu Late"), c("Cheap Skate")).scorer, None);
    // Tiny Tim always scores on goalies, even Moby Stick (G9).
    assert_eq!(faceoff(c("Tiny Tim"), c("Moby Stick")).scorer, Some(0));
    assert_eq!(faceoff(c("Moby Stick"), c("Tiny Tim")).scorer, Some(1));
    // Two goalies: the higher scores; equal skaters: no goal.
    assert_eq!(faceoff(c("Stu Late"), c("Moby Stick")).scorer, Some(1));
    assert_eq!(faceoff(c("Cheap Skate"), c("Ian Jury")).scorer, None);
    // Tiny Tim (½) beats a zero but loses to a 1.
    assert_eq!(faceoff(c("Tiny Tim"), c("Le Goon")).scorer, Some(0));
    assert_eq!(faceoff(c("Tiny Tim"), c("Cheap Skate")).scorer, Some(1));
}

#[test]
fn bruisers_injure_what_they_meet_and_two_bruisers_both() {
    let g = fixed(&[A, B], |_| {});
    let c = |n| g.card(id(&g, n));
    let f = faceoff(c("Ice Capone"), c("Superstar"));
    assert_eq!(f.scorer, Some(1), "the higher card still scores");
    assert_eq!(f.injured, [false, true]);
    let f = faceoff(c("Frank N. Stix"), c("Cheap Shot"));
    assert_eq!(f.scorer, Some(0), "Frank N. Stix (5) beats Cheap Shot (2)");
    assert_eq!(f.injured, [true, true]);
    // A bruiser meeting a goalie injures the goalie, who still stops it.
    let f = faceoff(c("Le Goon"), c("Moby Stick"));
    assert_eq!((f.scorer, f.injured), (None, [false, true]));
}

#[test]
fn the_home_team_starts_a_goal_up() {
    // Every pair ties or is stopped by a goalie: the home goal decides it.
    let a: &[&str] = &[
        "Cheap Skate",
        "Fat Trick",
        "Ivan Fazov",
        "Charge Kard",
        "Boney Maloney",
        "Stu Late",
    ];
    let b: &[&str] = &[
        "Ian Jury",
        "Captain Hook",
        "Bo Legs",
        "Hy Stick",
        "Cheap Shot",
        "Puk Luk",
    ];
    let mut g = fixed(&[a, b], |_| {});
    g.apply(Action::Challenge(1)).unwrap();
    line(&mut g, a);
    line(&mut g, b);
    let r = g.last_game.clone().unwrap();
    assert_eq!(r.goals, vec![None; 6]);
    assert_eq!(r.score, [0, 1]);
    assert_eq!(r.winner, Some(1));
    assert_eq!(
        r.injured,
        vec![(0, id(&g, "Boney Maloney"))],
        "Cheap Shot is a bruiser"
    );
    assert_eq!(g.wins, vec![0, 1]);
    assert_eq!(g.mover, 1, "the turn passes to the left");
    assert_eq!(g.played[0][1], 1);
    assert_eq!(
        g.seen[0].as_deref(),
        Some(
            &g.last_game
                .as_ref()
                .unwrap()
                .pairs
                .iter()
                .map(|p| p.0)
                .collect::<Vec<_>>()[..]
        )
    );
}

/// Seat 0 plays at seat 1's and regulation ends 1-1 with an injury on each
/// side; returns the game and the goalie deck as it was before the game.
fn tied_regulation() -> (Slapshot, Vec<CardId>) {
    const AWAY: &[&str] = &[
        "Cheap Skate",
        "Fat Trick",
        "Ivan Fazov",
        "Boney Maloney",
        "Le Goon",
        "Stu Late",
    ];
    const HOME: &[&str] = &[
        "Ian Jury",
        "Captain Hook",
        "Puk Luk",
        "Charge Kard",
        "Masked Man",
        "Cheap Shot",
    ];
    let mut g = fixed(&[AWAY, HOME], |_| {});
    let goalie_deck: Vec<CardId> = g.decks[2].iter().copied().collect();
    g.apply(Action::Challenge(1)).unwrap();
    line(&mut g, AWAY);
    line(&mut g, HOME);
    (g, goalie_deck)
}

#[test]
fn injury_drafts_come_after_the_game_home_first_and_before_overtime() {
    let (g, goalie_deck) = tied_regulation();
    // Pairs: =, =, =, Boney (2) > Charge Kard (1): away goal; Le Goon vs Masked Man:
    // stopped, the goalie injured; Stu Late vs Cheap Shot: stopped, Stu Late injured.
    let r = g.last_game.clone().unwrap();
    assert_eq!(r.goals, vec![None, None, None, Some(0), None, None]);
    assert_eq!(r.score, [1, 1], "the home goal against one away goal");
    assert_eq!(r.winner, None);
    let masked = id(&g, "Masked Man");
    let stu = id(&g, "Stu Late");
    assert_eq!(
        r.injured,
        vec![(1, masked), (0, stu)],
        "home team's injuries first"
    );
    // The goalie deck's top went to the home team, the next to the away team
    // (each injured card first went to the bottom).
    assert!(g.teams[1].contains(&goalie_deck[0]));
    assert!(g.teams[0].contains(&goalie_deck[1]));
    let n = g.decks[2].len();
    assert_eq!((g.decks[2][n - 2], g.decks[2][n - 1]), (masked, stu));
    assert!(!g.teams[0].contains(&stu) && !g.teams[1].contains(&masked));
    // All that before the overtime game, whose line-ups come next, away first.
    let Phase::Lineup(m) = &g.phase else {
        panic!("{:?}", g.phase)
    };
    assert_eq!((m.overtime, m.away, m.home), (1, 0, 1));
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(g.wins, vec![0, 0]);
    g.check_invariants().unwrap();
}

#[test]
fn overtime_is_sudden_death_without_a_home_goal() {
    let (mut g, _) = tied_regulation();
    assert!(matches!(g.phase, Phase::Lineup(Match { overtime: 1, .. })));
    // Overtime: the away team lines Boney first against Charge Kard: first goal wins.
    let t0 = g.teams[0].clone();
    let t1 = g.teams[1].clone();
    let boney = id(&g, "Boney Maloney");
    let kard = id(&g, "Charge Kard");
    g.apply(Action::Line(boney)).unwrap();
    for c in t0.iter().filter(|&&c| c != boney) {
        g.apply(Action::Line(*c)).unwrap();
    }
    g.apply(Action::Line(kard)).unwrap();
    for c in t1.iter().filter(|&&c| c != kard) {
        g.apply(Action::Line(*c)).unwrap();
    }
    let r = g.last_game.clone().unwrap();
    assert_eq!(r.overtime, 1);
    assert_eq!(r.score, [1, 0], "no home goal in overtime");
    assert_eq!(
        r.pairs.len(),
        1,
        "sudden death: the game stops at the first goal"
    );
    assert_eq!(r.winner, Some(0));
    assert_eq!(g.wins, vec![1, 0]);
}

#[test]
fn trades_take_blind_and_give_back_the_same_kind_but_not_the_same_card() {
    let mut g = fixed(&[A, B], |_| {});
    g.apply(Action::Trade(1)).unwrap();
    assert_eq!(g.turn(), Turn::Chance);
    let tim = id(&g, "Tiny Tim");
    g.apply(Action::Take(tim)).unwrap();
    let before = g.clone();
    let superstar = id(&g, "Superstar");
    let e = g.apply(Action::Give(superstar)).unwrap_err();
    assert!(e.0.contains("defensemen"), "{e}");
    let e = g.apply(Action::Give(tim)).unwrap_err();
    assert!(e.0.contains("just taken"), "{e}");
    assert_eq!(g, before, "refused actions change nothing");
    let legal = g.legal_actions();
    assert_eq!(
        legal,
        vec![
            Action::Give(id(&g, "El Bos")),
            Action::Give(id(&g, "Antoni Zamboni"))
        ]
    );
    g.apply(Action::Give(id(&g, "El Bos"))).unwrap();
    assert!(g.teams[0].contains(&tim) && g.teams[1].contains(&id(&g, "El Bos")));
    assert_eq!(g.trades, vec![1, 0]);
    g.check_invariants().unwrap();
}

#[test]
fn a_draft_goes_to_the_bottom_and_takes_the_top() {
    let mut g = fixed(&[A, B], |_| {});
    let top = g.decks[0][0];
    let skate = id(&g, "Superstar");
    g.apply(Action::Draft(skate)).unwrap();
    assert!(g.teams[0].contains(&top));
    assert_eq!(g.decks[0].back(), Some(&skate));
    assert_eq!(g.mover, 1);
}

#[test]
fn picking_builds_three_two_one_teams_clockwise() {
    let mut setup = roster();
    setup.players = 3;
    setup.first_seat = 2;
    let mut g = Slapshot::new(Rules::from_setup(&setup, Path::new("x"), "").unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let deal = g.sample_chance(&mut rng);
    g.apply(deal).unwrap();
    assert_eq!(g.turn(), Turn::Player(2));
    for _ in 0..3 {
        g.apply(Action::Pick(Position::Goalie)).unwrap();
    }
    assert_eq!(g.turn(), Turn::Player(2));
    let e = g.apply(Action::Pick(Position::Goalie)).unwrap_err();
    assert!(e.0.contains("already has its 1 goalies"), "{e}");
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::Pick(Position::Forward),
            Action::Pick(Position::Defenseman)
        ]
    );
    while g.phase != Phase::Turn {
        let a = g.legal_actions()[0].clone();
        g.apply(a).unwrap();
        g.check_invariants().unwrap();
    }
    for s in 0..3 {
        assert_eq!([0, 1, 2].map(|i| g.count(s, Position::ALL[i])), [3, 2, 1]);
    }
    assert_eq!(g.mover, 2);
}

/// Plays season games 0 at 1 until seat 0 reaches the Playoffs.
fn win_season(g: &mut Slapshot, winner: Seat, loser: Seat) {
    while g.series.is_none() {
        if g.mover == winner {
            g.apply(Action::Challenge(loser)).unwrap();
            let (w, l) = (g.teams[winner].clone(), g.teams[loser].clone());
            for c in w {
                g.apply(Action::Line(c)).unwrap();
            }
            for c in l {
                g.apply(Action::Line(c)).unwrap();
            }
        } else {
            let c = g.teams[g.mover][0];
            g.apply(Action::Draft(c)).unwrap();
        }
    }
}

#[test]
fn the_final_is_best_of_seven_with_home_ice_in_games_1_2_5_7() {
    // A (seat 0) is so much better that it wins every game it plays.
    let mut g = fixed(&[A, B], |s| s.wins_to_playoffs = 3);
    win_season(&mut g, 0, 1);
    let s = g.series.clone().unwrap();
    assert_eq!((s.stage, s.high, s.low), (Stage::Final, 0, 1));
    let homes: Vec<Seat> = (0..7).map(|k| s.home_of(k)).collect();
    assert_eq!(homes, vec![0, 0, 1, 1, 0, 1, 0]);
    // No trades or drafts in the playoffs.
    let before = g.clone();
    assert!(g.apply(Action::Trade(1)).is_err());
    assert_eq!(g, before);
    // Play the series: the arranged game's home seat follows the pattern.
    let mut seen_homes = Vec::new();
    while g.champion.is_none() {
        let Phase::Lineup(m) = &g.phase else {
            panic!("{:?}", g.phase)
        };
        if m.overtime == 0 && m.lines[0].is_empty() {
            seen_homes.push(m.home);
        }
        let a = g.legal_actions()[0].clone();
        g.apply(a).unwrap();
    }
    assert_eq!(seen_homes, homes[..seen_homes.len()].to_vec());
    assert_eq!(g.champion, Some(0));
    assert_eq!(g.series.as_ref().unwrap().wins, [4, 0]);
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.returns(), Some(vec![1.0, 0.0]));
}

#[test]
fn a_tie_for_second_is_settled_by_a_best_of_three_semi_final() {
    let mut g = fixed(&[A, B, C], |s| s.wins_to_playoffs = 2);
    // Seat 0 beats seat 1 twice; seats 1 and 2 stay at zero wins: tied for second.
    for _ in 0..2 {
        assert_eq!(g.mover, 0);
        g.apply(Action::Challenge(1)).unwrap();
        for c in g.teams[0].clone() {
            g.apply(Action::Line(c)).unwrap();
        }
        for c in g.teams[1].clone() {
            g.apply(Action::Line(c)).unwrap();
        }
        if g.series.is_none() {
            for s in [1, 2] {
                let c = g.teams[s][0];
                g.apply(Action::Draft(c)).unwrap();
                assert_eq!(g.mover, (s + 1) % 3);
            }
        }
    }
    assert_eq!(g.first_place, Some(0));
    assert_eq!(
        g.phase,
        Phase::Coin(Toss::SemiHome {
            tied: vec![1, 2],
            first: 0
        })
    );
    assert_eq!(g.turn(), Turn::Chance);
    assert!(
        g.apply(Action::Coin(0)).is_err(),
        "seat 0 is not in the toss"
    );
    g.apply(Action::Coin(2)).unwrap();
    let s = g.series.clone().unwrap();
    assert_eq!(
        (s.stage, s.high, s.low, s.best_of()),
        (Stage::Semifinal, 2, 1, 3)
    );
    assert_eq!([0, 1, 2].map(|k| s.home_of(k)), [2, 1, 2]);
    while g.series.as_ref().unwrap().stage == Stage::Semifinal {
        let a = g.legal_actions()[0].clone();
        g.apply(a).unwrap();
    }
    let s = g.series.clone().unwrap();
    assert_eq!(s.high, 0, "the first-place team has home ice in the final");
    assert!(s.low == 1 || s.low == 2);
    assert_eq!(s.best_of(), 7);
}

#[test]
fn league_schedule_each_opponent_once_before_twice_and_the_season_ends_when_all_are_played() {
    let mut g = fixed(&[A, B, C], |s| {
        s.league_schedule = true;
        s.wins_to_playoffs = 50;
    });
    g.apply(Action::Challenge(1)).unwrap();
    for s in [0, 1] {
        for c in g.teams[s].clone() {
            g.apply(Action::Line(c)).unwrap();
        }
    }
    // Seat 1 and 2 draft; seat 0 may not play seat 1 again before seat 2.
    for s in [1, 2] {
        let c = g.teams[s][0];
        g.apply(Action::Draft(c)).unwrap();
    }
    let e = g.apply(Action::Challenge(1)).unwrap_err();
    assert!(e.0.contains("league schedule"), "{e}");
    assert!(!g.legal_actions().contains(&Action::Challenge(1)));
    assert!(g.legal_actions().contains(&Action::Challenge(2)));
    // Play everything out: the season ends when every game is played.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while g.series.is_none() && g.phase != Phase::Coin(Toss::First { leaders: vec![] }) {
        if let Phase::Coin(_) = g.phase {
            break;
        }
        if g.turn() == Turn::Chance {
            // A blind pick in a trade: chance, not a seat.
            let a = g.sample_chance(&mut rng);
            g.apply(a).unwrap();
            continue;
        }
        let legal = g.legal_actions();
        let games: Vec<_> = legal
            .iter()
            .filter(|a| matches!(a, Action::Challenge(_) | Action::Line(_)))
            .cloned()
            .collect();
        let a = if games.is_empty() {
            legal[rng.random_range(0..legal.len())].clone()
        } else {
            games[0].clone()
        };
        g.apply(a).unwrap();
    }
    for a in 0..3 {
        for b in 0..3 {
            assert_eq!(g.played[a][b], if a == b { 0 } else { 2 }, "{a} vs {b}");
        }
    }
}

/// The book's league schedule: "The season ends when all teams have played
/// all games. The highest ranked two teams at this time conduct a normal
/// playoff series." A team reaching the Playoffs space with games still on
/// the schedule does not end the season.
#[test]
fn with_the_league_schedule_the_season_ends_only_when_every_game_is_played() {
    // Seat 0 holds the strong team, one win from the Playoffs space.
    let mut g = fixed(&[A, B, C], |s| s.league_schedule = true);
    let to_playoffs = g.rules.wins_to_playoffs;
    g.wins = vec![to_playoffs - 1, 0, 0];
    g.apply(Action::Challenge(1)).unwrap();
    line(&mut g, A);
    line(&mut g, B);
    assert_eq!(
        g.wins[0], to_playoffs,
        "seat 0 won and reached the Playoffs space"
    );
    let played: u32 = g.played.iter().flatten().map(|&k| u32::from(k)).sum();
    assert!(played < 6, "games are left: {played} of 6 played");
    assert!(g.series.is_none(), "no playoff series yet: {:?}", g.phase);
    assert!(!matches!(g.phase, Phase::Coin(_)), "{:?}", g.phase);
    assert!(
        g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Challenge(_))),
        "the schedule goes on"
    );
    g.check_invariants().unwrap();
    // Without the schedule, the same win starts the playoffs at once.
    let mut g = fixed(&[A, B, C], |_| {});
    g.wins = vec![to_playoffs - 1, 0, 0];
    g.apply(Action::Challenge(1)).unwrap();
    line(&mut g, A);
    line(&mut g, B);
    assert!(
        g.series.is_some() || matches!(g.phase, Phase::Coin(_)),
        "{:?}",
        g.phase
    );
}

#[test]
fn leaders_level_at_the_end_of_the_schedule_toss_a_coin_for_first_place() {
    // Seat 0 holds the weak team, seat 1 the strong one.
    let mut g = fixed(&[B, A], |s| s.league_schedule = true);
    // Three of the four games played, seat 0 leading 2-1; seat 1 plays the
    // last one at seat 0's and wins it (6-1, every pair its way).
    g.played = vec![vec![0, 2], vec![1, 0]];
    g.wins = vec![2, 1];
    g.mover = 1;
    g.apply(Action::Challenge(0)).unwrap();
    line(&mut g, A);
    line(&mut g, B);
    assert_eq!(g.last_game.as_ref().unwrap().score, [6, 1]);
    assert_eq!(
        g.played,
        vec![vec![0, 2], vec![2, 0]],
        "the schedule is done"
    );
    // 2-2 at the top: a coin toss names the first-place team.
    assert_eq!(
        g.phase,
        Phase::Coin(Toss::First {
            leaders: vec![0, 1]
        })
    );
    assert_eq!(g.turn(), Turn::Chance);
    g.apply(Action::Coin(1)).unwrap();
    assert_eq!(g.first_place, Some(1));
    let s = g.series.clone().unwrap();
    assert_eq!((s.stage, s.high, s.low), (Stage::Final, 1, 0));
    assert_eq!(
        g.phase,
        Phase::Lineup(Match {
            away: 0,
            home: 1,
            stage: Stage::Final,
            overtime: 0,
            lines: [vec![], vec![]]
        })
    );
}

#[test]
fn draft_and_trade_limits_are_counted_and_enforced() {
    let mut g = fixed(&[A, B], |s| {
        s.limits = Some(Limits {
            drafts: 1,
            trades: 4,
        })
    });
    let c = g.teams[0][0];
    g.apply(Action::Draft(c)).unwrap();
    let c = g.teams[1][0];
    g.apply(Action::Draft(c)).unwrap();
    let c = g.teams[0][0];
    let e = g.apply(Action::Draft(c)).unwrap_err();
    assert!(e.0.contains("limits"), "{e}");
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| !matches!(a, Action::Draft(_)))
    );
}

#[test]
fn observations_hide_other_teams_and_the_opponents_line_up() {
    let mut g = fixed(&[A, B], |_| {});
    g.apply(Action::Challenge(1)).unwrap();
    line(&mut g, A);
    let v = g.observation(1);
    assert_eq!(v.team, g.teams[1]);
    assert!(
        v.my_line.is_empty(),
        "the away line-up is not shown to home"
    );
    assert_eq!(v.game.unwrap().4, [6, 0], "only that it is laid");
    // Nothing in seat 1's view names a card of seat 0's team.
    for c in &g.teams[0] {
        assert!(!v.team.contains(c) && !v.my_line.contains(c));
    }
    assert!(v.seen.iter().all(Option::is_none) && v.last_game.is_none());
    assert_eq!(v.team_counts[0], [3, 2, 1], "the team's make-up is public");
    // Each team is private to its seat; the away seat sees its own line-up.
    let v0 = g.observation(0);
    assert_eq!(v0.team, g.teams[0]);
    assert_eq!(v0.my_line.len(), 6);
}
