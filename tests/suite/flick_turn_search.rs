//! The expert's choice of cowboy by search (`turn_search` in
//! assets/flick_bots.ron): each cowboy it may play weighed by the best first
//! action open to him, and that weighing taken up for his turn.

use highnoon::ai::levels::{BotLevels, LevelSpec};
use highnoon::ai::player::FlickBot;
use highnoon::bot_level::Level;
use highnoon::flick::driver::{Step, play};
use highnoon::flick::referee::Referee;
use highnoon::flick::rules::{Intent, Phase};
use highnoon::scenario::game::CowboySetup;
use highnoon::scenario::kinds::BuildingKind;
use highnoon::scenario::{PhysicsProfile, Town, data_root};

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().unwrap()
}

/// The shipped levels with the expert's search made small (its hand, its
/// reply and its turn search as shipped), so that the tests are quick.
fn quick_expert_levels() -> BotLevels {
    let mut levels = BotLevels::load_default().unwrap();
    let expert: &mut LevelSpec = levels.levels.get_mut("expert").expect("an expert level");
    assert!(expert.turn_search, "the shipped expert chooses by search");
    expert.samples = 16;
    expert.iterations = 1;
    levels
}

fn referee(scenario: &str, seed: u64) -> Referee {
    let town = Town::load(&data_root().join("scenarios").join(scenario), &profile()).unwrap();
    Referee::new(profile(), &town, seed).unwrap()
}

/// Where a side may choose among several cowboys, the expert plays the one
/// whose best first action it weighed highest, and his turn begins with
/// that action, taken up from the weighing (no flick searched again, the
/// same options at the same worth).
#[test]
fn the_expert_plays_the_cowboy_whose_best_first_action_is_worth_most() {
    let levels = quick_expert_levels();
    let (mut checked, mut chosen_not_first) = (0, 0);
    for (scenario, seed) in [
        ("family_duel.ron", 1),
        ("final_showdown.ron", 2),
        ("gallows_rescue.ron", 3),
        ("stolen_documents.ron", 4),
    ] {
        let mut r = referee(scenario, seed);
        let mut bot = FlickBot::new(Level::Expert, &levels, seed);
        let mut steps = 0;
        while steps < 40 && !r.game.is_over() {
            steps += 1;
            let choosing = matches!(r.game.phase, Phase::Choose { forced: None, .. });
            let step = bot.next_step(&r).unwrap();
            if !choosing {
                play(&mut r, &step).unwrap();
                continue;
            }
            let Step::Intent(Intent::Play(c)) = step else {
                panic!("{scenario}: {step:?}");
            };
            let plays: Vec<(usize, f32)> = bot
                .weighed
                .iter()
                .filter_map(|(i, v)| match i {
                    Intent::Play(x) => Some((*x, *v)),
                    _ => None,
                })
                .collect();
            let best = plays.iter().map(|p| p.1).fold(f32::NEG_INFINITY, f32::max);
            let worth = plays.iter().find(|p| p.0 == c).unwrap().1;
            assert_eq!(worth, best, "{scenario}: played {c}, weighed {plays:?}");
            checked += 1;
            chosen_not_first += usize::from(c != plays[0].0);

            play(&mut r, &step).unwrap();
            if !matches!(r.game.phase, Phase::Acting { .. }) {
                continue;
            }
            let searches = bot.stats.searches;
            let action = bot.next_step(&r).unwrap();
            assert_eq!(bot.stats.searches, searches, "{scenario}: searched again");
            let Step::Intent(a) = &action else {
                panic!("{scenario}: {action:?}");
            };
            let first = bot
                .weighed
                .iter()
                .map(|w| w.1)
                .fold(f32::NEG_INFINITY, f32::max);
            assert_eq!(first, worth, "{scenario}: {:?}", bot.weighed);
            assert!(
                bot.weighed.iter().any(|(i, v)| i == a && *v == worth),
                "{scenario}: {a:?} is not the action weighed best: {:?}",
                bot.weighed
            );
            play(&mut r, &action).unwrap();
        }
    }
    assert!(checked >= 4, "{checked} choices of cowboy checked");
    // Not a choice of the first cowboy listed every time.
    assert!(chosen_not_first >= 1, "the first cowboy listed every time");
}

/// Two tables that differ only in what lies face down (and the draw order):
/// the expert, weighing every cowboy's actions on forks of what a player
/// sees, decides the same steps on both, weighing a draw among them, until
/// a draw shows the difference.
#[test]
fn face_down_tokens_do_not_change_the_experts_decision() {
    let path = data_root().join("scenarios").join("poisoned_water.ron");
    let mut a_town = Town::load(&path, &profile()).unwrap();
    // One cowboy of each side seated in the General Store, by its face-down
    // pile: whenever his side chooses, a draw is among what is weighed.
    let game = a_town.game.as_mut().unwrap();
    assert!(
        game.cowboys.is_empty(),
        "no cowboy of the scenario set apart"
    );
    for name in ["Wyatt", "Ol' Cooper"] {
        game.cowboys.push(CowboySetup {
            name: name.into(),
            hit_points: None,
            tokens: vec![],
            inside: Some(BuildingKind::GeneralStore),
            unarmed: false,
        });
    }
    let (mut a, mut b) = crate::common::face_down_twins(&a_town);
    let levels = quick_expert_levels();
    let mut bot_a = FlickBot::new(Level::Expert, &levels, 7);
    let mut bot_b = FlickBot::new(Level::Expert, &levels, 7);
    let (mut steps, mut chosen, mut draws_weighed) = (0, 0, 0);
    while steps < 40 && !a.game.is_over() {
        let choosing = matches!(a.game.phase, Phase::Choose { forced: None, .. });
        let sa = bot_a.next_step(&a);
        let sb = bot_b.next_step(&b);
        assert_eq!(sa, sb, "step {steps}: the same decision");
        assert_eq!(
            bot_a.weighed, bot_b.weighed,
            "step {steps}: the same weighing"
        );
        draws_weighed += usize::from(bot_a.weighed.iter().any(|(i, _)| *i == Intent::Draw));
        let Some(step) = sa else { break };
        if step == Step::Intent(Intent::Draw) {
            break;
        }
        chosen += usize::from(choosing);
        play(&mut a, &step).unwrap();
        play(&mut b, &step).unwrap();
        assert_eq!(a.table.pose_hash(), b.table.pose_hash());
        steps += 1;
    }
    assert!(
        chosen >= 2 && draws_weighed >= 1,
        "compared {steps} steps, {chosen} choices of cowboy, {draws_weighed} with a draw weighed"
    );
}

/// A weighing is taken up only in the position it was made in: shown a
/// table on which a figure has moved since it chose, the expert weighs the
/// cowboy's actions again.
#[test]
fn a_weighing_is_not_taken_up_in_another_position() {
    use bevy::math::Vec3;
    let levels = quick_expert_levels();
    let mut r = referee("final_showdown.ron", 2);
    let mut bot = FlickBot::new(Level::Expert, &levels, 2);
    let mut steps = 0;
    while !matches!(r.game.phase, Phase::Choose { forced: None, .. }) {
        let step = bot.next_step(&r).unwrap();
        play(&mut r, &step).unwrap();
        steps += 1;
        assert!(steps < 40, "no choice of cowboy in 40 steps");
    }
    let step = bot.next_step(&r).unwrap();
    let Step::Intent(Intent::Play(c)) = step else {
        panic!("{step:?}");
    };
    play(&mut r, &step).unwrap();
    let mut moved = r.clone();
    let (at, _) = moved.table.pose(moved.figures[c]);
    moved
        .table
        .stand(moved.figures[c], Vec3::new(at.x + 0.03, 0.0, at.z), 0.0);
    let (mut same, mut other) = (bot.clone(), bot);
    let searches = same.stats.searches;
    same.next_step(&r).unwrap();
    assert_eq!(
        same.stats.searches, searches,
        "taken up where it was weighed"
    );
    other.next_step(&moved).unwrap();
    assert!(
        other.stats.searches > searches,
        "weighed again where the table has changed"
    );
}
