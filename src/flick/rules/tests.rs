//! The rules' own tests: scripted games, no table.

use super::*;
use crate::scenario::game::{CowboySetup, Pile, SetupField, Victory};

const L1: CowboyId = 0;
const L2: CowboyId = 1;
const O1: CowboyId = 2;
const O2: CowboyId = 3;

fn specs() -> Vec<CowboySpec> {
    let c = |name: &str, team, hat| CowboySpec {
        name: name.into(),
        team,
        hat,
        side: HatSide::Red,
    };
    vec![
        c("L1", Team::Lawmen, 1),
        c("L2", Team::Lawmen, 2),
        c("O1", Team::Outlaws, 1),
        c("O2", Team::Outlaws, 2),
    ]
}

fn setup() -> GameSetup {
    GameSetup {
        start_hour: 6,
        initiative: "L1".into(),
        hit_points: 3,
        cowboys: vec![],
        piles: vec![],
        closed: vec![],
        duel: false,
        victory: vec![
            Victory {
                team: Team::Lawmen,
                condition: Condition::Eliminate(Team::Outlaws),
            },
            Victory {
                team: Team::Outlaws,
                condition: Condition::Eliminate(Team::Lawmen),
            },
        ],
        at_noon: AtNoon::Draw,
        notes: vec![],
    }
}

fn game_with(setup: GameSetup) -> Game {
    Game::new(
        setup,
        &specs(),
        &[BuildingKind::Bank, BuildingKind::Undertaker],
        1,
    )
    .unwrap()
}

fn game() -> Game {
    game_with(setup())
}

/// Plays a cowboy's whole turn doing nothing.
fn pass(g: &mut Game, c: CowboyId) {
    g.apply(Intent::Play(c)).unwrap();
    g.apply(Intent::EndTurn).unwrap();
}

fn shoot(g: &mut Game, shooter: CowboyId, hits: &[Option<CowboyId>]) {
    assert_eq!(
        g.apply(Intent::Shoot).unwrap(),
        vec![Effect::ShotFlicks {
            cowboy: shooter,
            bullets: hits.len() as u8
        }]
    );
    for h in hits {
        g.resolve_shot(ShotReport { knocked_first: *h }).unwrap();
    }
}

#[test]
fn the_initiative_holder_opens_and_teams_alternate() {
    let mut g = game();
    assert_eq!(g.legal_intents(), vec![Intent::Play(L1)]);
    assert!(
        g.apply(Intent::Play(L2)).is_err(),
        "the initiative holder must open"
    );
    pass(&mut g, L1);
    assert_eq!(
        g.phase,
        Phase::Choose {
            team: Team::Outlaws,
            forced: None
        }
    );
    assert!(g.apply(Intent::Play(L2)).is_err(), "not the lawmen's turn");
    pass(&mut g, O2);
    assert_eq!(g.current_team(), Some(Team::Lawmen));
    assert_eq!(
        g.legal_intents(),
        vec![Intent::Play(L2)],
        "L1 has played: its hat is blue now"
    );
}

#[test]
fn hats_flip_and_the_clock_moves_when_every_hat_has_played() {
    let mut g = game();
    assert_eq!(g.colour(), HatSide::Red);
    pass(&mut g, L1);
    assert_eq!(g.cowboys[L1].side, HatSide::Blue);
    pass(&mut g, O1);
    pass(&mut g, L2);
    assert_eq!(g.hour, 6);
    pass(&mut g, O2);
    assert_eq!(g.hour, 7, "all hats blue: a blue hour begins");
    assert_eq!(g.colour(), HatSide::Blue);
    assert_eq!(
        g.phase,
        Phase::Choose {
            team: Team::Lawmen,
            forced: Some(L1)
        }
    );
}

#[test]
fn a_team_plays_twice_in_a_row_across_the_round_boundary() {
    // The outlaws open (O1 holds the initiative); the lawmen close the round, and
    // L2 takes the initiative by shooting its holder dead.
    let mut g = game_with(GameSetup {
        initiative: "O1".into(),
        hit_points: 1,
        ..setup()
    });
    pass(&mut g, O1);
    pass(&mut g, L1);
    pass(&mut g, O2);
    g.apply(Intent::Play(L2)).unwrap();
    shoot(&mut g, L2, &[Some(O1)]);
    assert_eq!(g.initiative, L2);
    g.apply(Intent::EndTurn).unwrap();
    assert_eq!(g.last_team, Some(Team::Lawmen));
    assert_eq!(g.hour, 7);
    assert_eq!(
        g.phase,
        Phase::Choose {
            team: Team::Lawmen,
            forced: Some(L2)
        },
        "the lawmen play again"
    );
}

#[test]
fn a_hit_knocks_over_costs_a_point_and_fallen_cowboys_cannot_be_hit() {
    let mut g = game();
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[Some(O1)]);
    assert_eq!(g.cowboys[O1].hit_points, 2);
    assert!(g.cowboys[O1].fallen);
    assert!(!g.hittable(O1));
    shoot(&mut g, L1, &[Some(O1)]);
    assert_eq!(
        g.cowboys[O1].hit_points, 2,
        "a fallen cowboy cannot be hit again"
    );
    g.apply(Intent::EndTurn).unwrap();
    // O1 stands up when next played.
    assert_eq!(
        g.apply(Intent::Play(O1)).unwrap(),
        vec![Effect::StandUp { cowboy: O1 }]
    );
    assert!(!g.cowboys[O1].fallen);
}

#[test]
fn only_the_first_cowboy_hit_counts_and_a_ricochet_misses() {
    // The referee reports only the cowboy a bullet knocked over as its first
    // contact; everything after a ricochet arrives as a miss.
    let mut g = game();
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[None]);
    assert!(g.cowboys.iter().all(|c| c.hit_points == 3));
    assert!(g.log.last().unwrap().contains("misses"));
}

#[test]
fn two_pistols_fire_two_bullets_and_three_still_two() {
    let mut s = setup();
    s.cowboys = vec![
        CowboySetup {
            name: "L1".into(),
            hit_points: None,
            tokens: vec![Token::Colt],
            inside: None,
            unarmed: false,
        },
        CowboySetup {
            name: "O1".into(),
            hit_points: None,
            tokens: vec![Token::Colt, Token::Colt],
            inside: None,
            unarmed: false,
        },
    ];
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[Some(O1), Some(O2)]);
    assert_eq!((g.cowboys[O1].hit_points, g.cowboys[O2].hit_points), (2, 2));
    assert_eq!(
        g.phase,
        Phase::Acting {
            cowboy: L1,
            actions_left: 1
        },
        "both bullets were one action"
    );
    g.apply(Intent::EndTurn).unwrap();
    g.apply(Intent::Play(O1)).unwrap();
    assert_eq!(
        g.apply(Intent::Shoot).unwrap(),
        vec![Effect::ShotFlicks {
            cowboy: O1,
            bullets: 2
        }]
    );
}

#[test]
fn a_cowboy_without_a_gun_cannot_shoot_and_nothing_changes() {
    let mut s = setup();
    s.cowboys = vec![CowboySetup {
        name: "L1".into(),
        hit_points: None,
        tokens: vec![],
        inside: None,
        unarmed: true,
    }];
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    let before = g.clone();
    assert_eq!(g.apply(Intent::Shoot).unwrap_err().0, "L1 has no gun");
    assert_eq!(g.phase, before.phase);
    assert_eq!(g.log, before.log);
    assert!(!g.legal_intents().contains(&Intent::Shoot));
}

#[test]
fn death_sends_tokens_to_the_undertaker_passes_the_initiative_and_keeps_the_hat_playing() {
    let mut s = setup();
    s.hit_points = 1;
    s.cowboys = vec![CowboySetup {
        name: "L1".into(),
        hit_points: None,
        tokens: vec![Token::Gold],
        inside: None,
        unarmed: false,
    }];
    s.initiative = "L1".into();
    let mut g = game_with(s);
    pass(&mut g, L1);
    g.apply(Intent::Play(O2)).unwrap();
    let effects = g.resolve_shot_after(Intent::Shoot, Some(L1));
    assert!(effects.contains(&Effect::Remove { cowboy: L1 }));
    assert!(!g.cowboys[L1].alive());
    assert!(g.cowboys[L1].tokens.is_empty());
    assert_eq!(
        g.piles
            .iter()
            .find(|p| p.building == BuildingKind::Undertaker)
            .unwrap()
            .face_up()
            .collect::<Vec<_>>(),
        vec![Token::Gold]
    );
    assert_eq!(g.initiative, O2, "the initiative passes to the shooter");
    g.apply(Intent::EndTurn).unwrap();
    pass(&mut g, L2);
    pass(&mut g, O1);
    // New hour: O2 (initiative) opens; the dead L1's hat still passes a turn.
    assert_eq!(g.hour, 7);
    pass(&mut g, O2);
    assert_eq!(g.legal_intents(), vec![Intent::Play(L1), Intent::Play(L2)]);
    g.apply(Intent::Play(L1)).unwrap();
    assert_eq!(
        g.legal_intents(),
        vec![Intent::EndTurn],
        "a dead cowboy only passes"
    );
    assert!(g.apply(Intent::Move).is_err());
    g.apply(Intent::EndTurn).unwrap();
    assert_eq!(g.cowboys[L1].side, HatSide::Red, "its hat flips");
}

impl Game {
    fn resolve_shot_after(&mut self, intent: Intent, hit: Option<CowboyId>) -> Vec<Effect> {
        self.apply(intent).unwrap();
        self.resolve_shot(ShotReport { knocked_first: hit })
            .unwrap()
    }
}

#[test]
fn tokens_two_at_most_a_third_needs_an_exchange_and_water_is_drunk() {
    let mut s = setup();
    s.cowboys = vec![CowboySetup {
        name: "L1".into(),
        hit_points: Some(3),
        tokens: vec![],
        inside: Some(BuildingKind::Bank),
        unarmed: false,
    }];
    s.piles = vec![Pile {
        building: BuildingKind::Bank,
        tokens: vec![Token::Gold, Token::Document, Token::Colt],
        face_down: false,
    }];
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    g.apply(Intent::Take {
        token: Token::Gold,
        give: None,
    })
    .unwrap();
    g.apply(Intent::Take {
        token: Token::Document,
        give: None,
    })
    .unwrap();
    assert_eq!(g.cowboys[L1].tokens, vec![Token::Gold, Token::Document]);
    g.apply(Intent::EndTurn).unwrap();
    pass(&mut g, O1);
    pass(&mut g, L2);
    pass(&mut g, O2);
    g.apply(Intent::Play(L1)).unwrap();
    let before = (g.cowboys.clone(), g.piles.clone(), g.phase.clone());
    let refusal = g
        .apply(Intent::Take {
            token: Token::Colt,
            give: None,
        })
        .unwrap_err();
    assert!(refusal.0.contains("a third must be exchanged"), "{refusal}");
    assert_eq!(
        (g.cowboys.clone(), g.piles.clone(), g.phase.clone()),
        before,
        "nothing changed"
    );
    g.apply(Intent::Take {
        token: Token::Colt,
        give: Some(0),
    })
    .unwrap();
    assert_eq!(g.cowboys[L1].tokens, vec![Token::Document, Token::Colt]);
    assert_eq!(
        g.piles[0].face_up().collect::<Vec<_>>(),
        vec![Token::Gold],
        "the gold was left in exchange"
    );
    assert_eq!(
        g.phase,
        Phase::Acting {
            cowboy: L1,
            actions_left: 1
        },
        "an exchange is one action"
    );
}

#[test]
fn a_face_down_draw_spends_the_action_kept_or_not() {
    let mut s = setup();
    s.cowboys = vec![CowboySetup {
        name: "L1".into(),
        hit_points: Some(2),
        tokens: vec![],
        inside: Some(BuildingKind::Bank),
        unarmed: false,
    }];
    s.piles = vec![Pile {
        building: BuildingKind::Bank,
        tokens: vec![Token::CleanWater, Token::PoisonedWater],
        face_down: true,
    }];
    let mut g = game_with(s);
    g.cowboys[L1].max_hit_points = 3;
    g.apply(Intent::Play(L1)).unwrap();
    assert!(
        g.apply(Intent::Take {
            token: Token::CleanWater,
            give: None
        })
        .is_err(),
        "face down: draw"
    );
    g.apply(Intent::Draw).unwrap();
    let Phase::AwaitKeep {
        token,
        actions_left,
        ..
    } = g.phase.clone()
    else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(actions_left, 1);
    g.apply(Intent::Keep {
        keep: false,
        give: None,
    })
    .unwrap();
    assert_eq!(
        g.phase,
        Phase::Acting {
            cowboy: L1,
            actions_left: 1
        }
    );
    // Only the drawn token is turned up; the other stays face down.
    let pile = &g.piles[0];
    assert_eq!(pile.face_up().collect::<Vec<_>>(), vec![token]);
    assert_eq!(pile.face_down_count(), 1, "the other still lies face down");
    let hidden = if token == Token::CleanWater {
        Token::PoisonedWater
    } else {
        Token::CleanWater
    };
    assert!(
        g.apply(Intent::Take {
            token: hidden,
            give: None
        })
        .is_err(),
        "the face-down one cannot be taken by name"
    );
    let legal = g.legal_intents();
    assert!(
        legal.contains(&Intent::Draw),
        "the face-down one can be drawn"
    );
    assert!(legal.contains(&Intent::Take { token, give: None }));
    // Face up now: take it, drink it.
    g.apply(Intent::Take { token, give: None }).unwrap();
    let hp = if token == Token::CleanWater { 3 } else { 1 };
    assert_eq!(g.cowboys[L1].hit_points, hp);
    assert!(
        g.cowboys[L1].tokens.is_empty(),
        "water is drunk, not carried"
    );
}

#[test]
fn a_failed_move_costs_the_action_and_entering_and_exiting_set_inside() {
    let mut s = setup();
    s.closed = vec![BuildingKind::Undertaker];
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    g.apply(Intent::Move).unwrap();
    g.resolve_move(MoveReport {
        touched: true,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(
        g.phase,
        Phase::Acting {
            cowboy: L1,
            actions_left: 1
        }
    );
    assert_eq!(g.cowboys[L1].inside, None);
    g.apply(Intent::Move).unwrap();
    g.resolve_move(MoveReport {
        entered: Some(BuildingKind::Bank),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(g.cowboys[L1].inside, Some(BuildingKind::Bank));
    assert!(g.apply(Intent::Move).is_err(), "no actions left");
    g.apply(Intent::EndTurn).unwrap();
    pass(&mut g, O1);
    pass(&mut g, L2);
    pass(&mut g, O2);
    g.apply(Intent::Play(L1)).unwrap();
    g.apply(Intent::Move).unwrap();
    g.resolve_move(MoveReport {
        exited: false,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(
        g.cowboys[L1].inside,
        Some(BuildingKind::Bank),
        "the whole disc must pass the line"
    );
    g.apply(Intent::Move).unwrap();
    g.resolve_move(MoveReport {
        exited: true,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(g.cowboys[L1].inside, None);
    // A closed building cannot be entered.
    g.apply(Intent::EndTurn).unwrap();
    pass(&mut g, O1);
    pass(&mut g, L2);
    pass(&mut g, O2);
    g.apply(Intent::Play(L1)).unwrap();
    g.apply(Intent::Move).unwrap();
    g.resolve_move(MoveReport {
        entered: Some(BuildingKind::Undertaker),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(g.cowboys[L1].inside, None);
}

#[test]
fn cowboys_inside_can_only_be_hit_in_a_duel() {
    let mut s = setup();
    s.cowboys = vec![CowboySetup {
        name: "O1".into(),
        hit_points: None,
        tokens: vec![],
        inside: Some(BuildingKind::Bank),
        unarmed: false,
    }];
    let mut g = game_with(s.clone());
    assert!(!g.hittable(O1));
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[Some(O1)]);
    assert_eq!(g.cowboys[O1].hit_points, 3);
    s.duel = true;
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[Some(O1)]);
    assert_eq!(g.cowboys[O1].hit_points, 2);
}

#[test]
fn the_clock_striking_twelve_ends_the_game() {
    let mut g = game_with(GameSetup {
        start_hour: 10,
        at_noon: AtNoon::Winner(Team::Outlaws),
        ..setup()
    });
    for c in [L1, O1, L2, O2] {
        pass(&mut g, c);
    }
    assert_eq!(g.hour, 11);
    pass(&mut g, L1);
    pass(&mut g, O1);
    pass(&mut g, L2);
    assert!(!g.is_over());
    pass(&mut g, O2);
    assert_eq!(g.outcome(), Some(&Outcome::Winner(Team::Outlaws)));
    assert!(g.legal_intents().is_empty());
    assert!(g.apply(Intent::Play(L1)).is_err());
}

/// The book: "When there are no remaining available cowboys, the clock hand
/// is moved to the following hour, and a new round begins" — at the very
/// start too, when no hat shows the first hour's colour.
#[test]
fn an_hour_no_hat_shows_passes_at_once_even_at_the_start() {
    let blue: Vec<CowboySpec> = specs()
        .into_iter()
        .map(|c| CowboySpec {
            side: HatSide::Blue,
            ..c
        })
        .collect();
    let banks = [BuildingKind::Bank, BuildingKind::Undertaker];
    // Six o'clock is red; every hat is blue: seven o'clock, L1 to open.
    let g = Game::new(setup(), &blue, &banks, 1).unwrap();
    assert_eq!(g.hour, 7);
    assert_eq!(
        g.phase,
        Phase::Choose {
            team: Team::Lawmen,
            forced: Some(L1)
        }
    );
    assert!(!g.legal_intents().is_empty(), "somebody can play");
    assert!(
        g.log
            .iter()
            .any(|l| l.contains("No hat shows red: the clock moves on to 7 o'clock")),
        "{:?}",
        g.log
    );
    // Eleven o'clock is blue; every hat is red: the clock strikes twelve.
    let g = Game::new(
        GameSetup {
            start_hour: 11,
            at_noon: AtNoon::Winner(Team::Outlaws),
            ..setup()
        },
        &specs(),
        &banks,
        1,
    )
    .unwrap();
    assert_eq!(g.outcome(), Some(&Outcome::Winner(Team::Outlaws)));
    // An hour some hat shows is played as before.
    assert_eq!(game().hour, 6);
}

#[test]
fn victory_by_elimination_and_by_delivery() {
    let mut s = setup();
    s.hit_points = 1;
    let mut g = game_with(s.clone());
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[Some(O1)]);
    assert!(!g.is_over());
    g.apply(Intent::Shoot).unwrap();
    g.resolve_shot(ShotReport {
        knocked_first: Some(O2),
    })
    .unwrap();
    assert_eq!(g.outcome(), Some(&Outcome::Winner(Team::Lawmen)));

    s.victory = vec![Victory {
        team: Team::Outlaws,
        condition: Condition::Deliver {
            token: Token::Gold,
            count: 1,
            to: Place::Building(BuildingKind::Undertaker),
        },
    }];
    s.cowboys = vec![CowboySetup {
        name: "O1".into(),
        hit_points: None,
        tokens: vec![Token::Gold],
        inside: Some(BuildingKind::Undertaker),
        unarmed: false,
    }];
    s.initiative = "O1".into();
    let mut g = game_with(s);
    g.apply(Intent::Play(O1)).unwrap();
    g.apply(Intent::Drop(0)).unwrap();
    assert_eq!(g.outcome(), Some(&Outcome::Winner(Team::Outlaws)));
}

/// The Stolen Deeds: the thief shot dead with the documents does not
/// deliver them to the Undertaker's; only a delivery by his team counts.
#[test]
fn a_dead_mans_tokens_at_the_undertakers_are_no_delivery() {
    let mut s = setup();
    s.victory = vec![
        Victory {
            team: Team::Outlaws,
            condition: Condition::Deliver {
                token: Token::Document,
                count: 1,
                to: Place::Building(BuildingKind::Undertaker),
            },
        },
        Victory {
            team: Team::Lawmen,
            condition: Condition::Eliminate(Team::Outlaws),
        },
    ];
    s.cowboys = vec![CowboySetup {
        name: "O1".into(),
        hit_points: Some(1),
        tokens: vec![Token::Document],
        inside: None,
        unarmed: false,
    }];
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    shoot(&mut g, L1, &[Some(O1)]);
    assert!(!g.cowboys[O1].alive());
    let undertaker = &g.piles[g.pile(BuildingKind::Undertaker).unwrap()];
    assert_eq!(
        undertaker.face_up().collect::<Vec<_>>(),
        vec![Token::Document],
        "his document lies at the Undertaker's"
    );
    assert_eq!(undertaker.delivered(Token::Document, Team::Outlaws), 0);
    assert!(!g.is_over(), "no outlaw win: {:?}", g.outcome());
    // A lawman who carries it there does not deliver it for the outlaws either.
    assert_eq!(undertaker.delivered(Token::Document, Team::Lawmen), 0);
}

/// Poisoned water that kills removes the cowboy from the table.
#[test]
fn poisoned_water_that_kills_removes_the_figure() {
    let mut s = setup();
    s.cowboys = vec![CowboySetup {
        name: "L1".into(),
        hit_points: Some(1),
        tokens: vec![],
        inside: Some(BuildingKind::Bank),
        unarmed: false,
    }];
    s.piles = vec![Pile {
        building: BuildingKind::Bank,
        tokens: vec![Token::PoisonedWater],
        face_down: false,
    }];
    let mut g = game_with(s);
    g.apply(Intent::Play(L1)).unwrap();
    let effects = g
        .apply(Intent::Take {
            token: Token::PoisonedWater,
            give: None,
        })
        .unwrap();
    assert!(!g.cowboys[L1].alive());
    assert!(
        effects.contains(&Effect::Remove { cowboy: L1 }),
        "{effects:?}"
    );
    assert_eq!(g.cowboys[L1].inside, None);
}

#[test]
fn a_game_round_trips_through_serde() {
    let mut g = game();
    pass(&mut g, L1);
    let text = ron::to_string(&g).unwrap();
    let back: Game = ron::from_str(&text).unwrap();
    assert_eq!(back.phase, g.phase);
    assert_eq!(back.cowboys, g.cowboys);
    assert_eq!(back.legal_intents(), g.legal_intents());
}

#[test]
fn setups_naming_missing_things_are_refused() {
    let err = Game::new(
        GameSetup {
            initiative: "Nobody".into(),
            ..setup()
        },
        &specs(),
        &[],
        1,
    )
    .unwrap_err();
    assert!(err.message.contains("Nobody"));
    assert_eq!(err.field, SetupField::Initiative);
    let mut s = setup();
    s.victory = vec![Victory {
        team: Team::Lawmen,
        condition: Condition::HoldAtNoon(BuildingKind::Saloon),
    }];
    let err = Game::new(s, &specs(), &[BuildingKind::Bank], 1).unwrap_err();
    assert!(err.message.contains("Saloon"));
    assert_eq!(err.field, SetupField::Victory);
    let err = Game::new(
        GameSetup {
            start_hour: 12,
            ..setup()
        },
        &specs(),
        &[],
        1,
    )
    .unwrap_err();
    assert_eq!(err.field, SetupField::StartHour);
}

/// The book: "If, during movement, the movement disc leaves the play area
/// (e.g., falls off the table) ...: The movement is failed and the action is
/// lost", whatever door it passed on the way; "If the player has an action
/// left, he may use it to attempt another move."
#[test]
fn a_disc_off_the_table_fails_the_move_and_the_action_is_lost() {
    let mut g = game();
    g.apply(Intent::Play(L1)).unwrap();
    g.apply(Intent::Move).unwrap();
    g.resolve_move(MoveReport {
        left_table: true,
        entered: Some(BuildingKind::Bank),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(
        g.phase,
        Phase::Acting {
            cowboy: L1,
            actions_left: 1
        },
        "the action is lost"
    );
    assert_eq!(g.cowboys[L1].inside, None, "and no building entered");
    assert!(
        g.log.last().unwrap().contains("left the table"),
        "{:?}",
        g.log
    );
    assert!(g.legal_intents().contains(&Intent::Move), "another try");
}

/// The book: "If a cowboy has 2 or more pistols, he may shoot 2 bullets with
/// one action" and "Each cowboy s inventory depicts one pistol (default
/// weapon)": a cowboy the scenario leaves without his own (a prisoner) who
/// carries one Colt has one pistol and shoots one bullet; with two Colts, two.
#[test]
fn a_cowboy_without_his_own_pistol_shoots_one_bullet_per_colt_up_to_two() {
    for (colts, bullets) in [(1, 1), (2, 2)] {
        let mut s = setup();
        s.cowboys = vec![CowboySetup {
            name: "L1".into(),
            hit_points: None,
            tokens: vec![Token::Colt; colts],
            inside: None,
            unarmed: true,
        }];
        let mut g = game_with(s);
        g.apply(Intent::Play(L1)).unwrap();
        assert_eq!(
            g.apply(Intent::Shoot).unwrap(),
            vec![Effect::ShotFlicks {
                cowboy: L1,
                bullets
            }],
            "{colts} Colt(s)"
        );
    }
}

// The intents offered, held to the book at every step of random games.
mod book_intents;
