//! The table and the rules agree: the four disagreements found when the game
//! was tried as a new user would, each on the real table; then a property test
//! over random and bot play through every scenario, checking after every step
//! that the table shows what the rules say (`Referee::disagreements`).

use std::path::PathBuf;

use bevy::math::Vec2;
use highnoon::ai::levels::BotLevels;
use highnoon::ai::play::play_game;
use highnoon::ai::player::FlickBot;
use highnoon::bot_level::Level;
use highnoon::flick::driver::{RandomPlayer, Step, play};
use highnoon::flick::referee::{Aim, Referee, Side};
use highnoon::flick::rules::{Intent, Phase};
use highnoon::physics::pieces::PieceKind;
use highnoon::physics::table::tilt_deg;
use highnoon::scenario::game::{CowboySetup, Pile, Token};
use highnoon::scenario::kinds::BuildingKind;
use highnoon::scenario::{PhysicsProfile, Town, data_root};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().unwrap()
}

fn town(file: &str) -> Town {
    Town::load(&data_root().join("scenarios").join(file), &profile()).unwrap()
}

/// A scenario as it shipped on the standard town (tests/data/towns): for
/// tests that stand pieces at coordinates of that layout.
fn fixture(file: &str) -> Town {
    Town::load(&data_root().join("tests/data/towns").join(file), &profile()).unwrap()
}

/// A flick straight along `direction` at `strength`, no spin.
fn straight(direction: Vec2, strength: f32) -> Aim {
    Aim {
        direction,
        strength,
        spin: 0.0,
    }
}

fn cowboy(r: &Referee, name: &str) -> usize {
    r.game.cowboys.iter().position(|c| c.name == name).unwrap()
}

/// Every scenario shipped (towns with a `game` section).
fn scenarios() -> Vec<(PathBuf, Town)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|f| {
            let t = Town::load(&f, &profile()).unwrap();
            t.game.is_some().then_some((f, t))
        })
        .collect()
}

#[test]
fn a_cowboy_killed_by_poisoned_water_leaves_the_table() {
    let mut t = town("poisoned_water.ron");
    let game = t.game.as_mut().unwrap();
    game.cowboys = vec![CowboySetup {
        name: "Doc Holt".into(),
        hit_points: Some(1),
        tokens: vec![],
        inside: Some(BuildingKind::GeneralStore),
        unarmed: false,
    }];
    game.piles = vec![Pile {
        building: BuildingKind::GeneralStore,
        tokens: vec![Token::PoisonedWater],
        face_down: false,
    }];
    let mut r = Referee::new(profile(), &t, 1).unwrap();
    let doc = cowboy(&r, "Doc Holt");
    assert!(r.table.in_play(r.figures[doc]), "seated in the store");
    assert_eq!(r.disagreements(), Vec::<String>::new());
    r.apply(Intent::Play(doc)).unwrap();
    r.apply(Intent::Take {
        token: Token::PoisonedWater,
        give: None,
    })
    .unwrap();
    assert!(!r.game.cowboys[doc].alive());
    assert!(
        !r.table.in_play(r.figures[doc]),
        "the dead man's figure is gone from the table"
    );
    assert_eq!(r.disagreements(), Vec::<String>::new());
}

#[test]
fn cowboys_felled_by_dynamite_stay_down() {
    let base = Referee::new(profile(), &fixture("dynamite.ron"), 1).unwrap();
    let jack = cowboy(&base, "Black Jack");
    let limit = base.table.profile().knocked_over_tilt_deg;
    // Throws at each lawman in turn, harder and harder, until one falls.
    let lawmen: Vec<usize> = (0..base.game.cowboys.len())
        .filter(|&c| base.game.cowboys[c].team != base.game.cowboys[jack].team)
        .collect();
    let mut found = None;
    'search: for &target in &lawmen {
        for strength in [0.5, 0.7, 0.9, 1.0] {
            for side in [Side::Left, Side::Right] {
                let mut r = base.clone();
                r.apply(Intent::Play(jack)).unwrap();
                r.apply(Intent::ThrowDynamite).unwrap();
                let direction = r.aim_at(jack, side, r.position(target));
                let report = r
                    .flick_dynamite(side, straight(direction, strength))
                    .unwrap();
                if !report.knocked_over.is_empty() {
                    found = Some((r, report));
                    break 'search;
                }
            }
        }
    }
    let (r, report) = found.expect("some throw fells a cowboy");
    for &c in &report.knocked_over {
        let cb = &r.game.cowboys[c];
        assert!(cb.fallen || !cb.alive(), "{} counts as hit", cb.name);
        if cb.alive() {
            let tilt = tilt_deg(r.rotation(c));
            assert!(tilt >= limit, "{} lies on the table ({tilt:.0}°)", cb.name);
        }
    }
    assert_eq!(r.disagreements(), Vec::<String>::new());
}

#[test]
fn shooting_the_thief_with_the_deeds_is_no_outlaw_win() {
    let mut t = fixture("stolen_documents.ron");
    let game = t.game.as_mut().unwrap();
    game.hit_points = 1;
    game.initiative = "Wyatt".into();
    // The thief in the open, 15 cm in front of Wyatt.
    let thief_at = t
        .figures
        .iter_mut()
        .find(|f| f.name.as_deref() == Some("Snake Eyes"));
    thief_at.unwrap().at_cm = (-30.0, -12.0);
    let mut r = Referee::new(profile(), &t, 1).unwrap();
    let (wyatt, thief) = (cowboy(&r, "Wyatt"), cowboy(&r, "Snake Eyes"));
    r.game.cowboys[thief].tokens = vec![Token::Document, Token::Document];
    r.apply(Intent::Play(wyatt)).unwrap();
    r.apply(Intent::Shoot).unwrap();
    // Shot after shot at the thief from a fork until one fells him.
    let mut dead = None;
    'search: for strength in [0.6, 0.75, 0.9, 1.0] {
        for side in [Side::Left, Side::Right] {
            let mut f = r.clone();
            let direction = f.aim_at(wyatt, side, f.position(thief));
            f.flick_shot(side, straight(direction, strength)).unwrap();
            if !f.game.cowboys[thief].alive() {
                dead = Some(f);
                break 'search;
            }
        }
    }
    let r = dead.expect("a shot kills the thief");
    assert_ne!(
        r.game.outcome(),
        Some(&highnoon::flick::rules::Outcome::Winner(
            highnoon::scenario::kinds::Team::Outlaws
        )),
        "the deeds went to the Undertaker's with a dead man: no delivery"
    );
    assert!(!r.table.in_play(r.figures[thief]));
    assert_eq!(r.disagreements(), Vec::<String>::new());
}

#[test]
fn leaving_one_drawn_token_turns_only_that_one_up() {
    let mut t = town("poisoned_water.ron");
    let game = t.game.as_mut().unwrap();
    game.cowboys = vec![CowboySetup {
        name: "Doc Holt".into(),
        hit_points: None,
        tokens: vec![],
        inside: Some(BuildingKind::GeneralStore),
        unarmed: false,
    }];
    game.piles[0].tokens = vec![Token::CleanWater, Token::PoisonedWater, Token::CleanWater];
    let mut r = Referee::new(profile(), &t, 3).unwrap();
    let doc = cowboy(&r, "Doc Holt");
    r.apply(Intent::Play(doc)).unwrap();
    r.apply(Intent::Draw).unwrap();
    r.apply(Intent::Keep {
        keep: false,
        give: None,
    })
    .unwrap();
    let store = r
        .game
        .piles
        .iter()
        .find(|p| p.building == BuildingKind::GeneralStore)
        .unwrap();
    assert_eq!(store.face_up().count(), 1);
    assert_eq!(store.face_down_count(), 2);
    // And the bot's view still hides the two face-down ones.
    let view = r.game.public_view();
    let pile = view
        .piles
        .iter()
        .find(|p| p.building == BuildingKind::GeneralStore)
        .unwrap();
    assert_eq!(pile.face_down_count(), 2);
    // Masked, not merely counted: the table holds water face down, the view
    // the bot plans on holds the same stand-in for each, left by nobody, and
    // the face-up one as it lies.
    let real: Vec<Token> = store
        .tokens
        .iter()
        .filter(|t| t.face_down)
        .map(|t| t.token)
        .collect();
    assert!(real.iter().all(|t| *t != Token::Colt), "{real:?}");
    for t in pile.tokens.iter().filter(|t| t.face_down) {
        assert_eq!(
            (t.token, t.left_by),
            (Token::Colt, None),
            "masked: {pile:?}"
        );
    }
    assert_eq!(
        pile.face_up().collect::<Vec<_>>(),
        store.face_up().collect::<Vec<_>>()
    );
}

/// Plays one game with `a` and `b` and checks the agreement after every step.
fn check_game(
    file: &std::path::Path,
    town: &Town,
    a: &mut FlickBot,
    b: &mut FlickBot,
    seed: u64,
    max_steps: usize,
) {
    let mut r = Referee::new(profile(), town, seed).unwrap();
    let start = r.disagreements();
    assert!(start.is_empty(), "{}: at setup: {start:?}", file.display());
    let mut bad: Option<String> = None;
    let record = play_game(&mut r, a, b, max_steps, |r, step| {
        if bad.is_none() {
            let d = r.disagreements();
            if !d.is_empty() {
                bad = Some(format!("after {step:?}: {d:?}"));
            }
        }
    });
    assert!(
        record.refused.is_none(),
        "{}: {:?}",
        file.display(),
        record.refused
    );
    if let Some(b) = bad {
        panic!("{} seed {seed}: {b}", file.display());
    }
    // It stopped because the game ended, or because the step cap came first:
    // never because no one could act.
    assert!(
        r.game.is_over() || record.steps.len() == max_steps,
        "{}: stuck in {:?}",
        file.display(),
        r.game.phase
    );
}

/// A reckless player: random legal intents, and every flick hard at a random
/// piece on the table (a cowboy, a prop, a building) with random spin, so
/// figures fall, fly off the table and get pushed off their blocks.
struct Reckless {
    intents: RandomPlayer,
    rng: ChaCha8Rng,
}

impl Reckless {
    fn new(seed: u64) -> Self {
        Self {
            intents: RandomPlayer::new(seed),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0xfeed),
        }
    }

    fn next_step(&mut self, r: &Referee) -> Option<Step> {
        let step = self.intents.next_step(r)?;
        if let Step::Intent(_) = step {
            // Shoot and throw dynamite whenever it can, mostly.
            let legal = r.game.legal_intents();
            for violent in [Intent::ThrowDynamite, Intent::Shoot] {
                if legal.contains(&violent) && self.rng.random_bool(0.6) {
                    return Some(Step::Intent(violent));
                }
            }
            return Some(step);
        }
        let (from, _) = r.flick_anchor()?;
        let cowboys: Vec<_> = (0..r.game.cowboys.len())
            .filter(|&c| r.game.hittable(c))
            .map(|c| r.figures[c])
            .collect();
        let pieces: Vec<_> = if !cowboys.is_empty() && self.rng.random_bool(0.7) {
            cowboys
        } else {
            r.table
                .index()
                .pieces
                .iter()
                .filter(|p| !matches!(p.kind, PieceKind::Disc(_)) && r.table.in_play(p.id))
                .map(|p| p.id)
                .collect()
        };
        let target = pieces[self.rng.random_range(0..pieces.len())];
        let (to, _) = r.table.pose(target);
        let to = Vec2::new(to.x, to.z);
        let straight = match (&step, &r.game.phase) {
            (
                Step::Shot(side, _) | Step::Blast(side, _),
                Phase::AwaitShots { cowboy, .. } | Phase::AwaitBlast { cowboy, .. },
            ) => r.aim_at(*cowboy, *side, to),
            _ => to - Vec2::new(from.x, from.z),
        };
        let wobble = self.rng.random_range(-0.05..0.05f32);
        let direction = Vec2::from_angle(straight.to_angle() + wobble);
        let aim = Aim {
            direction,
            strength: self.rng.random_range(0.3..1.0),
            spin: self.rng.random_range(-1.0..1.0),
        };
        Some(match step {
            Step::Move(_) => Step::Move(aim),
            Step::Shot(side, _) => Step::Shot(side, aim),
            Step::Blast(side, _) => Step::Blast(side, aim),
            Step::Intent(_) | Step::SetDown(_) => unreachable!(),
        })
    }
}

/// The scenario's named cowboys (the townsfolk left out) each starting with
/// two sticks of dynamite: the rare things made common.
fn dynamite_for_all(t: &mut Town) {
    let names: Vec<String> = t
        .figures
        .iter()
        .filter_map(|f| f.name.clone())
        .filter(|n| !["The Preacher", "Miss Lily"].contains(&n.as_str()))
        .collect();
    t.game.as_mut().unwrap().cowboys = names
        .into_iter()
        .map(|name| CowboySetup {
            name,
            hit_points: None,
            tokens: vec![Token::Dynamite, Token::Dynamite],
            inside: None,
            unarmed: false,
        })
        .collect();
}

#[test]
fn reckless_play_through_every_scenario_keeps_the_table_and_the_rules_agreed() {
    let mut all = scenarios();
    assert!(all.len() >= 10, "ten scenarios");
    // Variants that make the rare things common: dynamite in every hand, and
    // one-hit-point cowboys starting in buildings with piles of water.
    for (file, town) in all.clone().iter().take(3) {
        let mut t = town.clone();
        dynamite_for_all(&mut t);
        all.push((file.with_extension("dynamite-for-all"), t));
    }
    let mut t = town("poisoned_water.ron");
    let game = t.game.as_mut().unwrap();
    game.hit_points = 1;
    let names = ["Wyatt", "Deputy Gus", "Ol' Cooper", "Black Jack"];
    let rooms = [BuildingKind::GeneralStore, BuildingKind::Saloon];
    game.cowboys = names
        .iter()
        .enumerate()
        .map(|(i, n)| CowboySetup {
            name: n.to_string(),
            hit_points: None,
            tokens: vec![],
            inside: Some(rooms[i % 2]),
            unarmed: false,
        })
        .collect();
    for pile in &mut game.piles {
        pile.tokens = vec![
            Token::PoisonedWater,
            Token::CleanWater,
            Token::PoisonedWater,
        ];
    }
    all.push((
        PathBuf::from("poisoned_water.ron (seated, one hit point)"),
        t,
    ));
    let (mut steps, mut fallen, mut dead) = (0, 0, 0);
    let (mut flicks, mut left, mut knocked) = (0, 0, 0);
    let (mut blasts, mut blast_knocks, mut poisoned) = (0, 0, 0);
    for (file, town) in &all {
        for seed in 0..4u64 {
            let mut r = Referee::new(profile(), town, seed).unwrap();
            let mut player = Reckless::new(seed);
            for _ in 0..400 {
                let Some(step) = player.next_step(&r) else {
                    break;
                };
                play(&mut r, &step).unwrap_or_else(|e| panic!("{step:?} refused: {e}"));
                steps += 1;
                if !matches!(step, Step::Intent(_)) {
                    flicks += 1;
                    if let (Step::Blast(..), Some(o)) = (&step, &r.last_outcome) {
                        blasts += 1;
                        blast_knocks += o.knocked_over.len();
                    }
                    if let Some(o) = &r.last_outcome {
                        left += o.moved.iter().filter(|m| m.left_table).count();
                        knocked += o.knocked_over.len();
                    }
                }
                let d = r.disagreements();
                assert!(
                    d.is_empty(),
                    "{} seed {seed} after {step:?}: {d:?}",
                    file.display()
                );
                fallen += r.game.cowboys.iter().filter(|c| c.fallen).count();
            }
            dead += r.game.cowboys.iter().filter(|c| !c.alive()).count();
            poisoned += r
                .game
                .log
                .iter()
                .filter(|l| l.contains("drinks poisoned water"))
                .count();
        }
    }
    // The play had substance: cowboys fell, died, were blown up and poisoned.
    assert!(
        fallen > 0 && dead > 50 && blast_knocks > 10 && poisoned >= 3,
        "{steps} steps ({flicks} flicks): {fallen} fallen cowboy-steps, {dead} dead, \
         {knocked} knocked over, {left} off the table, {blasts} blasts felling {blast_knocks}, \
         {poisoned} poisoned"
    );
}

#[test]
fn random_play_through_every_scenario_keeps_the_table_and_the_rules_agreed() {
    let levels = BotLevels::load_default().unwrap();
    for (file, town) in &scenarios() {
        for seed in 0..2u64 {
            let mut a = FlickBot::new(Level::Random, &levels, seed * 2 + 1);
            let mut b = FlickBot::new(Level::Random, &levels, seed * 2 + 2);
            check_game(file, town, &mut a, &mut b, seed, 400);
        }
    }
}

#[test]
fn bot_play_through_every_scenario_keeps_the_table_and_the_rules_agreed() {
    let levels = BotLevels::load_default().unwrap();
    for (file, town) in &scenarios() {
        let mut a = FlickBot::new(Level::Easy, &levels, 11);
        let mut b = FlickBot::new(Level::Easy, &levels, 12);
        check_game(file, town, &mut a, &mut b, 5, 30);
    }
}

#[test]
fn a_flick_with_no_direction_is_refused_and_changes_nothing() {
    let mut r = Referee::new(profile(), &town("bank_robbery.ron"), 1).unwrap();
    let c = match r.game.phase.clone() {
        Phase::Choose { team, .. } => *r.game.available(team).first().unwrap(),
        p => panic!("{p:?}"),
    };
    r.apply(Intent::Play(c)).unwrap();
    r.apply(Intent::Move).unwrap();
    let (hash, phase) = (r.table.pose_hash(), r.game.phase.clone());
    for aim in [
        Aim {
            direction: bevy::math::Vec2::ZERO,
            strength: 0.5,
            spin: 0.0,
        },
        Aim {
            direction: bevy::math::Vec2::X,
            strength: f32::NAN,
            spin: 0.0,
        },
    ] {
        assert!(play(&mut r, &Step::Move(aim)).is_err());
        assert_eq!(r.table.pose_hash(), hash);
        assert_eq!(r.game.phase, phase);
    }
}

/// A figure the stillness rule put to sleep while a neighbour's island was
/// still being filed asleep fell 5 cm into the table top (a sleeping body's
/// contacts are not solved, gravity still moved it): reckless play on the
/// Bank Robbery with dynamite in every hand (the town as it shipped when it
/// was found) came to it at its 107th step, a blast beside Kid Cooper, on
/// the table as it then was (before the contact laws).
#[test]
fn a_figure_put_to_sleep_stays_on_the_table_top_while_the_rest_settles() {
    let mut t = fixture("bank_robbery_wyatt_opens.ron");
    dynamite_for_all(&mut t);
    let mut r = Referee::new(crate::common::before_contact_laws(), &t, 1).unwrap();
    let mut player = Reckless::new(1);
    let kid = r
        .game
        .cowboys
        .iter()
        .position(|c| c.name == "Kid Cooper")
        .unwrap();
    for i in 0..107 {
        let step = player.next_step(&r).expect("a step");
        play(&mut r, &step).unwrap();
        assert!(
            r.disagreements().is_empty(),
            "step {i} {step:?}: {:?}",
            r.disagreements()
        );
        if i == 106 {
            // Still the same game: the blast beside him.
            assert!(matches!(step, Step::Blast(..)), "{step:?}");
            let (at, _) = r.table.pose(r.figures[kid]);
            assert!(at.y.abs() < 0.001, "Kid Cooper's base at {at}");
        }
    }
}
