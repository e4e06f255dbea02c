//! The Flick 'em Up! bot: honest (it decides the same whatever lies face
//! down), aims like its level says, reads its level file with file:line:col.

use highnoon::ai::levels::BotLevels;
use highnoon::ai::player::FlickBot;
use highnoon::ai::range::range;
use highnoon::bot_level::Level;
use highnoon::flick::driver::{Step, play};
use highnoon::flick::referee::Referee;
use highnoon::flick::rules::Intent;
use highnoon::scenario::game::Token;
use highnoon::scenario::{PhysicsProfile, Town, data_root};

/// The cowboy of that name at the table.
fn cowboy(referee: &Referee, name: &str) -> usize {
    referee
        .game
        .cowboys
        .iter()
        .position(|c| c.name == name)
        .unwrap_or_else(|| panic!("no {name} at the table"))
}

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().unwrap()
}

/// A position from an arena's game: `tests/data/positions/NAME.replay.ron`
/// played on the physics profile it names (the table it was recorded on),
/// the table checked to end where the game left it.
fn arena_position(name: &str) -> Referee {
    use highnoon::flick::replay::Replay;
    let file = data_root().join(format!("tests/data/positions/{name}.replay.ron"));
    let replay = Replay::load(&file).unwrap();
    let profile = PhysicsProfile::load(&replay.profile_path()).unwrap();
    let town = Town::load(&replay.scenario_path(), &profile).unwrap();
    let mut referee = Referee::new(profile, &town, replay.seed).unwrap();
    for s in &replay.steps {
        play(&mut referee, &Step::from(s)).unwrap();
    }
    assert_eq!(
        Some(referee.table.pose_hash()),
        replay.final_hash,
        "the table is where the arena's game left it"
    );
    referee
}

/// The hard bot (`seed`) plays `team`'s turn from an arena position, up to
/// the other side's (twelve steps at most); returns its steps.
fn hard_turn(referee: &mut Referee, team: highnoon::scenario::kinds::Team, seed: u64) -> Vec<Step> {
    let levels = BotLevels::load_default().unwrap();
    let mut bot = FlickBot::new(Level::Hard, &levels, seed);
    let mut steps = Vec::new();
    while referee.game.current_team() == Some(team) && steps.len() < 12 {
        let step = bot.next_step(referee).unwrap();
        play(referee, &step).unwrap();
        steps.push(step);
    }
    steps
}

/// Two tables that differ only in what lies face down (and in the draw
/// order): the bot, seeing what a player sees, decides the same steps on both,
/// until a draw shows the difference.
#[test]
fn face_down_tokens_do_not_change_the_bots_decision() {
    let path = data_root().join("scenarios").join("poisoned_water.ron");
    let a_town = Town::load(&path, &profile()).unwrap();
    let (mut a, mut b) = crate::common::face_down_twins(&a_town);
    let levels = BotLevels::load_default().unwrap();
    let mut bot_a = FlickBot::new(Level::Easy, &levels, 7);
    let mut bot_b = FlickBot::new(Level::Easy, &levels, 7);
    let (mut steps, mut flicks) = (0, 0);
    while steps < 40 && !a.game.is_over() {
        let sa = bot_a.next_step(&a);
        let sb = bot_b.next_step(&b);
        assert_eq!(sa, sb, "step {steps}: the same decision");
        let Some(step) = sa else { break };
        if step == Step::Intent(Intent::Draw) {
            break;
        }
        flicks += usize::from(!matches!(step, Step::Intent(_)));
        play(&mut a, &step).unwrap();
        play(&mut b, &step).unwrap();
        assert_eq!(a.table.pose_hash(), b.table.pose_hash());
        steps += 1;
    }
    assert!(flicks >= 3, "compared {steps} steps, {flicks} flicks");
}

/// At an unobstructed standing figure 25 cm away, the hard hand hits four
/// times in five or better, the easy one two in five or worse.
#[test]
fn hard_aims_like_a_practised_player_and_easy_like_a_beginner() {
    let levels = BotLevels::load_default().unwrap();
    let p = profile();
    let hard = range(&p, &levels, Level::Hard, 25.0, 30, 1).unwrap();
    let easy = range(&p, &levels, Level::Easy, 25.0, 30, 1).unwrap();
    assert!(hard.rate() >= 0.8, "hard {hard:?}");
    assert!(easy.rate() <= 0.4, "easy {easy:?}");
}

#[test]
fn a_broken_level_file_names_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("highnoon-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("levels.ron");
    let good = std::fs::read_to_string(data_root().join("assets").join("flick_bots.ron")).unwrap();
    std::fs::write(&file, good.replacen("samples: 24", "sampels: 24", 1)).unwrap();
    let err = BotLevels::load(&file).unwrap_err().to_string();
    assert!(err.contains("levels.ron:"), "{err}");
    assert!(err.contains("sampels"), "{err}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["flick", "bench-bot", "--turns", "1", "--levels"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("levels.ron:"), "{stderr}");
}

/// With both charges in the Bank (Dynamite!), each in a robber's hands, the
/// robber played leaves his there at once: the position counts a token
/// delivered above the same token in a carrier's hands once the count is in
/// the goal (once, a carrier was also worth a second life, so delivering
/// looked like a loss and the bots sat in the goal holding it).
#[test]
fn a_carrier_in_the_goal_leaves_the_token_there() {
    use highnoon::ai::eval::score;
    use highnoon::scenario::kinds::{BuildingKind, Team};
    // The standard town's Dynamite: from inside its Bank nobody is in sight.
    let path = data_root().join("tests/data/towns/dynamite.ron");
    let mut town = Town::load(&path, &profile()).unwrap();
    let game = town.game.as_mut().unwrap();
    game.initiative = "Dutch".into();
    let dutch = game.cowboys.iter_mut().find(|c| c.name == "Dutch").unwrap();
    dutch.inside = Some(BuildingKind::Bank);
    assert_eq!(dutch.tokens, vec![Token::Dynamite]);
    let jack = game
        .cowboys
        .iter_mut()
        .find(|c| c.name == "Black Jack")
        .unwrap();
    jack.inside = Some(BuildingKind::Bank);
    let levels = BotLevels::load_default().unwrap();
    for level in [Level::Easy, Level::Hard] {
        let mut referee = Referee::new(profile(), &town, 3).unwrap();
        let mut bot = FlickBot::new(level, &levels, 5);
        let first = bot.next_step(&referee).unwrap();
        assert!(matches!(first, Step::Intent(Intent::Play(_))), "{first:?}");
        play(&mut referee, &first).unwrap();
        let before = score(&referee, Team::Outlaws);
        let step = bot.next_step(&referee).unwrap();
        assert!(
            matches!(step, Step::Intent(Intent::Drop(_))),
            "{level:?}: {step:?}"
        );
        play(&mut referee, &step).unwrap();
        assert!(score(&referee, Team::Outlaws) > before + 20.0);
        let bank = referee
            .game
            .piles
            .iter()
            .find(|p| p.building == BuildingKind::Bank)
            .unwrap();
        assert_eq!(bank.delivered(Token::Dynamite, Team::Outlaws), 1);
    }
}

/// A charge left short of the count lies face up in the goal, for anyone
/// inside to take; in a robber's hands there it is safe. So the robber who
/// carries the first charge into the Bank holds it until the second comes,
/// and the more so with a lawman sitting in the Bank (he would take it on
/// his turn). In the arena a robber left his stick in the Bank alone and
/// stepped out, and a deputy walked in and took it.
#[test]
fn a_carrier_holds_the_first_charge_in_the_goal_until_the_second_comes() {
    use highnoon::ai::eval::score;
    use highnoon::scenario::kinds::{BuildingKind, Team};
    let path = data_root().join("tests/data/towns/dynamite.ron");
    let mut alone = Town::load(&path, &profile()).unwrap();
    let game = alone.game.as_mut().unwrap();
    game.initiative = "Dutch".into();
    let dutch = game.cowboys.iter_mut().find(|c| c.name == "Dutch").unwrap();
    dutch.inside = Some(BuildingKind::Bank);
    let mut with_a_deputy = alone.clone();
    with_a_deputy.game.as_mut().unwrap().cowboys.push(
        ron::from_str(r#"(name: "Deputy Gus", inside: Some(Bank))"#).expect("a cowboy's setup"),
    );
    let levels = BotLevels::load_default().unwrap();
    let mut gaps = Vec::new();
    for (town, level) in [
        (&alone, Level::Easy),
        (&alone, Level::Hard),
        (&with_a_deputy, Level::Easy),
        (&with_a_deputy, Level::Hard),
    ] {
        let mut referee = Referee::new(profile(), town, 3).unwrap();
        let mut bot = FlickBot::new(level, &levels, 5);
        let first = bot.next_step(&referee).unwrap();
        assert!(matches!(first, Step::Intent(Intent::Play(_))), "{first:?}");
        play(&mut referee, &first).unwrap();
        let mut left = referee.clone();
        left.apply(Intent::Drop(0)).unwrap();
        let gap = score(&referee, Team::Outlaws) - score(&left, Team::Outlaws);
        assert!(gap > 0.0, "left: {gap} less than held");
        gaps.push(gap);
        let step = bot.next_step(&referee).unwrap();
        assert!(
            !matches!(step, Step::Intent(Intent::Drop(_))),
            "{level:?}: {step:?}"
        );
    }
    assert!(
        gaps[2] > gaps[0] + 20.0,
        "a deputy in the Bank makes leaving it worse: {gaps:?}"
    );
}

/// At 11 o'clock, a robber in the Bank with both charges leaves the first and
/// then the second, which wins: however late the hour, no position short of
/// the end scores as much as a win (the hurry once made holding the last
/// charge in the goal score above dropping it, and the bot held it to noon).
#[test]
fn the_last_charge_is_left_in_the_goal_however_late_the_hour() {
    use highnoon::flick::rules::Outcome;
    use highnoon::scenario::kinds::{BuildingKind, Team};
    let path = data_root().join("scenarios").join("dynamite.ron");
    let mut town = Town::load(&path, &profile()).unwrap();
    // The last hour is blue: every hat blue side up.
    for f in &mut town.figures {
        f.hat_side = highnoon::scenario::kinds::HatSide::Blue;
    }
    let game = town.game.as_mut().unwrap();
    game.start_hour = 11;
    game.initiative = "Dutch".into();
    let dutch = game.cowboys.iter_mut().find(|c| c.name == "Dutch").unwrap();
    dutch.inside = Some(BuildingKind::Bank);
    dutch.tokens = vec![Token::Dynamite, Token::Dynamite];
    let levels = BotLevels::load_default().unwrap();
    for level in [Level::Easy, Level::Hard] {
        let mut referee = Referee::new(profile(), &town, 3).unwrap();
        let mut bot = FlickBot::new(level, &levels, 5);
        let mut steps = Vec::new();
        while steps.len() < 3 && !referee.game.is_over() {
            let step = bot.next_step(&referee).unwrap();
            play(&mut referee, &step).unwrap();
            steps.push(step);
        }
        assert!(
            matches!(steps[1], Step::Intent(Intent::Drop(_)))
                && matches!(steps[2], Step::Intent(Intent::Drop(_))),
            "{level:?}: {steps:?}"
        );
        assert_eq!(
            referee.game.outcome(),
            Some(&Outcome::Winner(Team::Outlaws)),
            "{level:?}"
        );
    }
}

/// Stolen Documents (its test town) at 11 o'clock, the last round: every hat
/// blue side up, the Kid holding the initiative, the Town Hall's pile empty,
/// and these outlaws each holding a document, inside a building or where
/// they stand.
fn stolen_documents_at_eleven(
    carriers: &[(&str, Option<highnoon::scenario::kinds::BuildingKind>)],
) -> Town {
    use highnoon::scenario::kinds::HatSide;
    let path = data_root().join("tests/data/towns/stolen_documents.ron");
    let mut town = Town::load(&path, &profile()).unwrap();
    for f in &mut town.figures {
        f.hat_side = HatSide::Blue;
    }
    let game = town.game.as_mut().unwrap();
    game.start_hour = 11;
    game.initiative = "Kid Cooper".into();
    game.piles[0].tokens.clear();
    for (name, inside) in carriers {
        let mut c: highnoon::scenario::game::CowboySetup =
            ron::from_str(&format!(r#"(name: "{name}", tokens: [Document])"#))
                .expect("a cowboy's setup");
        c.inside = *inside;
        game.cowboys.push(c);
    }
    town
}

/// The Kid played by the easy and by the hard bot: each first leaves his
/// document (asserted); the tables after it, with their bots.
fn the_kid_leaves_his_document(town: &Town) -> Vec<(Level, Referee, FlickBot)> {
    let levels = BotLevels::load_default().unwrap();
    [Level::Easy, Level::Hard]
        .into_iter()
        .map(|level| {
            let mut referee = Referee::new(profile(), town, 3).unwrap();
            let kid = cowboy(&referee, "Kid Cooper");
            let mut bot = FlickBot::new(level, &levels, 5);
            play(&mut referee, &Step::Intent(Intent::Play(kid))).unwrap();
            let step = bot.next_step(&referee).unwrap();
            assert_eq!(step, Step::Intent(Intent::Drop(0)), "{level:?}");
            play(&mut referee, &step).unwrap();
            (level, referee, bot)
        })
        .collect()
}

/// Two robbers sit in the Undertaker's, the goal, each holding a document:
/// the count is there. The first to play leaves his, the other leaves the
/// second, and that wins; the third document, still on its way in Ol'
/// Cooper's hands, is not waited for. In the arena (Stolen Documents against
/// random, game 1) they sat holding them from 10 o'clock to noon: the robber
/// left in the goal without a document counted as standing in its doorway
/// and as taking the seat Ol' Cooper would need, which outweighed the drop.
#[test]
fn two_carriers_in_the_goal_with_the_count_leave_it_there() {
    use highnoon::flick::rules::Outcome;
    use highnoon::scenario::kinds::{BuildingKind, Team};
    let town = stolen_documents_at_eleven(&[
        ("Kid Cooper", Some(BuildingKind::Undertaker)),
        ("Snake Eyes", Some(BuildingKind::Undertaker)),
        ("Ol' Cooper", None),
    ]);
    for (level, mut referee, mut bot) in the_kid_leaves_his_document(&town) {
        // The rest of the hour, both sides played by the bot.
        let mut steps = 0;
        while !referee.game.is_over() && steps < 60 {
            let step = bot.next_step(&referee).unwrap();
            play(&mut referee, &step).unwrap();
            steps += 1;
        }
        assert_eq!(
            referee.game.outcome(),
            Some(&Outcome::Winner(Team::Outlaws)),
            "{level:?}: {:?}",
            referee.game.log
        );
        let undertaker = referee
            .game
            .piles
            .iter()
            .find(|p| p.building == BuildingKind::Undertaker)
            .unwrap();
        assert_eq!(undertaker.delivered(Token::Document, Team::Outlaws), 2);
    }
}

/// In the last round nothing held counts at noon: a robber in the goal with
/// a document leaves it there, though the count is not yet in (the law
/// might walk in and take it before the second comes, but held it is lost
/// at noon anyway). In the arena (Stolen Documents against easy, game 5) the
/// Kid sat in the Undertaker's at 11 with the second document in his hands,
/// Dutch left the first beside him, and the law won at noon.
#[test]
fn in_the_last_round_a_carrier_in_the_goal_leaves_what_he_carries() {
    use highnoon::scenario::kinds::BuildingKind;
    let town = stolen_documents_at_eleven(&[
        ("Kid Cooper", Some(BuildingKind::Undertaker)),
        ("Dutch", None),
    ]);
    the_kid_leaves_his_document(&town);
}

/// A leader on his last hit point in an enemy's sights is a game about to be
/// lost: the hard bot takes him out of them. The arena's position (the
/// position replay: Cut Off the Head against easy, game 0, to 10 o'clock):
/// Wyatt on his last hit point, the Kid 16 cm away, standing by the Town
/// Hall. The bot counted every line from the Kid as blocked by the Hall (the
/// circle round it reaches past its walls), so Wyatt ended his turn where he
/// stood, and the Kid's shot at 11 won the game. Here, left standing, the
/// Kid's straight shot kills him; after the bot's turn it does not.
#[test]
fn a_leader_on_his_last_hit_point_leaves_the_enemys_sights() {
    use highnoon::flick::referee::{Aim, Side};
    use highnoon::flick::rules::Outcome;
    use highnoon::scenario::kinds::Team;
    let mut referee = arena_position("cut_off_the_head_wyatt_beside_the_kid");
    let wyatt = cowboy(&referee, "Wyatt");
    let kid = cowboy(&referee, "Kid Cooper");
    assert_eq!(referee.game.cowboys[wyatt].hit_points, 1);
    // The Kid's straight shots at Wyatt, from either side: whether one wins.
    let kid_kills = |referee: &Referee| {
        [Side::Left, Side::Right].into_iter().any(|side| {
            let mut r = referee.clone();
            if !r.game.hittable(wyatt) {
                return false;
            }
            play(&mut r, &Step::Intent(Intent::Play(kid))).unwrap();
            play(&mut r, &Step::Intent(Intent::Shoot)).unwrap();
            let target = r.position(wyatt);
            let radius = r.table.profile().pieces.bullet.radius;
            let toward = (target - r.position(kid)).normalize();
            let start = r.shot_start(kid, side, toward, radius);
            let aim = Aim {
                direction: (target - start).normalize(),
                strength: 0.8,
                spin: 0.0,
            };
            play(&mut r, &Step::Shot(side, aim)).unwrap();
            r.game.outcome() == Some(&Outcome::Winner(Team::Outlaws))
        })
    };
    let mut stays = referee.clone();
    play(&mut stays, &Step::Intent(Intent::Play(wyatt))).unwrap();
    play(&mut stays, &Step::Intent(Intent::EndTurn)).unwrap();
    assert!(kid_kills(&stays), "the position: Wyatt in the Kid's sights");
    // Wyatt's turn, up to the outlaws' choice.
    let steps = hard_turn(&mut referee, Team::Lawmen, 5);
    assert_eq!(
        steps[0],
        Step::Intent(Intent::Play(wyatt)),
        "he holds the initiative"
    );
    assert!(
        !kid_kills(&referee),
        "Wyatt still in the Kid's sights after {steps:?}: {:?}",
        referee.game.log
    );
}

/// A carrier standing beside a token the count still wants takes it before
/// he leaves: a second trip costs hours. The arena's position (the position
/// replay: Stolen Documents against easy, game 9, to 9 o'clock): Ol' Cooper
/// in the Town Hall with one Document of the two the Undertaker wants, more
/// in its pile, two actions. In the arena he stepped out with the one (the
/// move out brought his Document nearer; the one left behind cost nothing),
/// the Kid fetched the second at 11, and the law won at noon.
#[test]
fn a_carrier_takes_the_second_token_before_he_leaves_with_the_first() {
    use highnoon::flick::rules::Phase;
    use highnoon::scenario::kinds::{BuildingKind, Team};
    let mut referee = arena_position("stolen_documents_ol_cooper_in_the_hall");
    let cooper = cowboy(&referee, "Ol' Cooper");
    let documents = |r: &Referee| {
        r.game.cowboys[cooper]
            .tokens
            .iter()
            .filter(|t| **t == Token::Document)
            .count()
    };
    assert_eq!(
        referee.game.cowboys[cooper].inside,
        Some(BuildingKind::TownHall)
    );
    assert_eq!(documents(&referee), 1);
    let pile = |r: &Referee| {
        r.game
            .piles
            .iter()
            .filter(|p| p.building == BuildingKind::TownHall)
            .map(|p| p.face_up().filter(|t| *t == Token::Document).count())
            .sum::<usize>()
    };
    assert!(pile(&referee) > 0, "a Document left in the Hall's pile");
    // With one action left (the other spent), taking it is all the turn
    // holds; the move out, the alternative, brings the one in hand nearer.
    let mut last = referee.clone();
    play(&mut last, &Step::Intent(Intent::Play(cooper))).unwrap();
    last.game.phase = Phase::Acting {
        cowboy: cooper,
        actions_left: 1,
    };
    last.game.hour = 6;
    let levels = BotLevels::load_default().unwrap();
    let choice = FlickBot::new(Level::Hard, &levels, 5).next_step(&last);
    assert!(
        matches!(
            choice,
            Some(Step::Intent(Intent::Take {
                token: Token::Document,
                ..
            }))
        ),
        "with one action left: {choice:?}"
    );
    let steps = hard_turn(&mut referee, Team::Outlaws, 5);
    assert_eq!(
        steps[0],
        Step::Intent(Intent::Play(cooper)),
        "the carrier is played"
    );
    assert_eq!(
        documents(&referee),
        2,
        "Ol' Cooper left the second Document: {steps:?}: {:?}",
        referee.game.log
    );
}

/// A carrier sitting beside the second token takes it and steps out in the
/// same turn: the move out is worth his next action. The arena's position
/// (the position replay: Stolen Documents against easy, game 9, with the
/// bot that takes the second token, to 9 o'clock): Ol' Cooper in the Town
/// Hall with one Document. In that arena he shot first, took the second,
/// and stepped out only at 10 (the move out that taking leaves room for
/// scored nothing; the shot before taking did). Four seeds of the hard bot.
#[test]
fn a_carrier_who_takes_the_second_token_steps_out_with_both() {
    use highnoon::ai::eval;
    use highnoon::scenario::kinds::Team;
    let position = arena_position("stolen_documents_ol_cooper_shoots_first");
    let cooper = cowboy(&position, "Ol' Cooper");
    // The move out is worth something to a carrier sitting in the Town Hall,
    // nothing to one without what the goal wants.
    assert!(eval::next_move(&position, cooper) > 0.0);
    let mut empty = position.clone();
    empty.game.cowboys[cooper].tokens.clear();
    assert_eq!(eval::next_move(&empty, cooper), 0.0);
    for seed in 1..=4 {
        let mut referee = position.clone();
        let from = referee.game.log.len();
        hard_turn(&mut referee, Team::Outlaws, seed);
        let turn = &referee.game.log[from..];
        assert_eq!(
            turn,
            [
                "Ol' Cooper plays.",
                "Ol' Cooper takes the Document.",
                "Ol' Cooper steps out of the Town Hall."
            ],
            "seed {seed}"
        );
        let documents = referee.game.cowboys[cooper]
            .tokens
            .iter()
            .filter(|t| **t == Token::Document)
            .count();
        assert_eq!(documents, 2);
    }
}

/// A partner standing on the spot the gold is carried in from is in the
/// carriers' way: a move that touches him fails. In the arena three robbers
/// stood two hours with the gold before the Saloon, Dutch on that spot, until
/// the cavalry came at noon. Standing there costs the position now, so the
/// bot, playing Dutch, steps aside.
#[test]
fn a_partner_in_the_carriers_way_in_steps_aside() {
    use highnoon::ai::eval::score;
    use highnoon::scenario::kinds::Team;
    // The standard town's Bank Robbery (the Saloon at (45, -30), door to +z).
    let path = data_root().join("tests/data/towns/bank_robbery.ron");
    let town_with_dutch_at = |at: (f32, f32)| {
        let mut town = Town::load(&path, &profile()).unwrap();
        for f in &mut town.figures {
            match f.name.as_deref() {
                // Before the Saloon's door (45, -30), facing the street.
                Some("Dutch") => f.at_cm = at,
                Some("Ol' Cooper") => f.at_cm = (45.0, -12.0),
                _ => {}
            }
        }
        let game = town.game.as_mut().unwrap();
        game.initiative = "Dutch".into();
        // Ol' Cooper has the first sack out of the Bank.
        game.cowboys.push(
            ron::from_str(r#"(name: "Ol' Cooper", tokens: [Gold])"#).expect("a cowboy's setup"),
        );
        game.piles[0].tokens.pop();
        town
    };
    let in_the_way = Referee::new(profile(), &town_with_dutch_at((45.0, -22.0)), 3).unwrap();
    let aside = Referee::new(profile(), &town_with_dutch_at((33.0, -18.0)), 3).unwrap();
    assert!(
        score(&in_the_way, Team::Outlaws) < score(&aside, Team::Outlaws) - 5.0,
        "{} against {}",
        score(&in_the_way, Team::Outlaws),
        score(&aside, Team::Outlaws)
    );
    let levels = BotLevels::load_default().unwrap();
    let mut referee = in_the_way;
    let dutch = cowboy(&referee, "Dutch");
    play(&mut referee, &Step::Intent(Intent::Play(dutch))).unwrap();
    let mut bot = FlickBot::new(Level::Hard, &levels, 5);
    let step = bot.next_step(&referee).unwrap();
    assert_eq!(step, Step::Intent(Intent::Move));
}

/// What a carrier's next straight slide toward his goal can bring counts in
/// the look-ahead while he has an action left (eval::next_move, taken on
/// trust by NEXT_MOVE): the step that opens the way is weighed with the
/// move after it. A cowboy carrying nothing gains nothing from it.
#[test]
fn a_carriers_next_slide_toward_the_goal_is_worth_something() {
    use highnoon::ai::eval::next_move;
    let path = data_root().join("tests/data/towns/bank_robbery.ron");
    let mut town = Town::load(&path, &profile()).unwrap();
    for f in &mut town.figures {
        if f.name.as_deref() == Some("Ol' Cooper") {
            // 35 cm south-west of the Saloon's door (45, -30), the street open.
            f.at_cm = (20.0, -5.0);
        }
    }
    let game = town.game.as_mut().unwrap();
    game.initiative = "Ol' Cooper".into();
    game.cowboys
        .push(ron::from_str(r#"(name: "Ol' Cooper", tokens: [Gold])"#).expect("a cowboy's setup"));
    game.piles[0].tokens.pop();
    let mut r = Referee::new(profile(), &town, 3).unwrap();
    let cooper = cowboy(&r, "Ol' Cooper");
    let dutch = cowboy(&r, "Dutch");
    play(&mut r, &Step::Intent(Intent::Play(cooper))).unwrap();
    let gain = next_move(&r, cooper);
    assert!(
        gain > 0.5,
        "the gold's next slide toward the Saloon: {gain}"
    );
    assert_eq!(next_move(&r, dutch), 0.0, "Dutch carries nothing");
}

/// A carrier with a fence between him and the Bank: the straight move
/// toward the Bank touches the fence, and a step aside round its end brings
/// him no nearer by itself. Weighed with the move after it, the step is the
/// way: the bot moves, and ends its turn nearer the Bank. In the arena (the
/// position replay, to 9 o'clock) Kid Cooper, pressed against the end of a
/// fallen fence, ended his turns there to noon with his stick of dynamite,
/// and the law, all dead by then but one, won at noon. The same steps under
/// the rules of 2026-11-27 end elsewhere, the Kid again behind a fence; his
/// gun is set aside so that only his moves are weighed (with it he shoots
/// first).
#[test]
fn a_carrier_behind_a_fence_walks_round_it() {
    use bevy::math::{Vec3, Vec3Swizzles};
    use highnoon::flick::referee::Aim;
    use highnoon::flick::rules::Phase;
    use highnoon::scenario::kinds::BuildingKind;
    let mut referee = arena_position("dynamite_kid_behind_the_fence");
    let Phase::Acting { cowboy: kid, .. } = referee.game.phase else {
        panic!("{:?}", referee.game.phase);
    };
    assert_eq!(referee.game.cowboys[kid].name, "Kid Cooper");
    assert_eq!(referee.game.cowboys[kid].tokens, vec![Token::Dynamite]);
    referee.game.cowboys[kid].armed = false;
    let door = referee
        .building_point(BuildingKind::Bank, Vec3::new(0.0, 0.0, 0.08))
        .xz();
    let start = referee.position(kid);
    // Straight for the Bank, the disc touches the fence.
    let mut fork = referee.clone();
    play(&mut fork, &Step::Intent(Intent::Move)).unwrap();
    let aim = Aim {
        direction: (door - start).normalize(),
        strength: 0.6,
        spin: 0.0,
    };
    play(&mut fork, &Step::Move(aim)).unwrap();
    assert_eq!(fork.position(kid), start, "the straight move fails");
    // The rest of his turn, played by the bot.
    let levels = BotLevels::load_default().unwrap();
    let mut bot = FlickBot::new(Level::Hard, &levels, 5);
    let mut steps = Vec::new();
    while matches!(
        referee.game.phase,
        Phase::Acting { .. } | Phase::AwaitMove { .. }
    ) {
        let step = bot.next_step(&referee).unwrap();
        play(&mut referee, &step).unwrap();
        steps.push(step);
        assert!(steps.len() < 6, "{steps:?}");
    }
    assert_eq!(steps[0], Step::Intent(Intent::Move), "{steps:?}");
    let end = referee.position(kid);
    assert!(
        end.distance(door) < start.distance(door) - 0.08,
        "from {start} ({:.2} m from the door) to {end} ({:.2} m): {steps:?}",
        start.distance(door),
        end.distance(door)
    );
}

/// A partner standing before the door of the building a carrier sits in, or
/// behind its front, is in his way out: the carrier's move out touches him.
/// In the arena (the Hostage Escort against random, game 8) the Marshal sat
/// in the Saloon with the hostage from 6 o'clock to 11, every move out
/// failing on Deputy Gus standing behind the Saloon's front, and the outlaws
/// won at noon. Standing there costs the
/// position now, so the bot, playing Dutch before the Bank's door with Ol'
/// Cooper and a sack inside, steps aside.
#[test]
fn a_partner_in_the_carriers_way_out_steps_aside() {
    use highnoon::ai::eval::score;
    use highnoon::scenario::kinds::{BuildingKind, Team};
    // The standard town's Bank Robbery (the Bank at (0, -30), door to +z).
    let path = data_root().join("tests/data/towns/bank_robbery.ron");
    let with_dutch_at = |at: (f32, f32)| {
        let mut town = Town::load(&path, &profile()).unwrap();
        for f in &mut town.figures {
            if f.name.as_deref() == Some("Dutch") {
                f.at_cm = at;
            }
        }
        let game = town.game.as_mut().unwrap();
        game.initiative = "Dutch".into();
        // Ol' Cooper has the first sack, in the Bank still.
        let mut cooper: highnoon::scenario::game::CowboySetup =
            ron::from_str(r#"(name: "Ol' Cooper", tokens: [Gold])"#).expect("a cowboy's setup");
        cooper.inside = Some(BuildingKind::Bank);
        game.cowboys.push(cooper);
        game.piles[0].tokens.pop();
        Referee::new(profile(), &town, 3).unwrap()
    };
    // Before the door, and behind the Bank's front where the disc of one
    // inside is set down to step out (a deputy stood there in the arena).
    let in_the_way = with_dutch_at((0.0, -22.0));
    let behind = with_dutch_at((1.0, -36.0));
    let aside = with_dutch_at((-12.0, -18.0));
    let side = score(&aside, Team::Outlaws);
    let levels = BotLevels::load_default().unwrap();
    for mut referee in [in_the_way, behind] {
        let way = score(&referee, Team::Outlaws);
        let dutch = cowboy(&referee, "Dutch");
        let at = referee.position(dutch);
        assert!(way < side - 5.0, "at {at}: {way} against {side}");
        play(&mut referee, &Step::Intent(Intent::Play(dutch))).unwrap();
        let mut bot = FlickBot::new(Level::Hard, &levels, 5);
        assert_eq!(
            bot.next_step(&referee).unwrap(),
            Step::Intent(Intent::Move),
            "at {at}"
        );
    }
}

/// The planner's strength guards CI (issue 27): the shipped hard level, its
/// look-ahead and its hand, at half its samples (the suite's time),
/// against the random player on two scenarios, sides alternating. Hard
/// wins 97.5% of such games at full budget (docs/flick-bot.md); 7 of 8 is
/// a threshold it clears by a wide margin, and a planner that stops
/// planning (or aims at random) does not. (At a quarter of its samples,
/// once the table's contact laws were on, it went 2–2 on the Bank Robbery:
/// as the outlaws it carried no loot home by noon; at half, 4–0.)
#[test]
fn the_hard_planner_beats_the_random_player_on_two_scenarios() {
    use highnoon::ai::arena::{ArenaConfig, run};
    let mut levels = BotLevels::load_default().expect("the shipped levels");
    let hard = levels.levels.get_mut("hard").expect("a hard level");
    hard.samples /= 2;
    let root = data_root().join("scenarios");
    let config = ArenaConfig {
        scenarios: vec![
            root.join("final_showdown.ron"),
            root.join("bank_robbery.ron"),
        ],
        a: Level::Hard,
        b: Level::Random,
        games: 4,
        seed: 1,
        max_steps: 600,
        log_dir: None,
    };
    let report = run(&profile(), &levels, &config, |_, _| {}).expect("the scenarios load");
    let t = report.total();
    assert_eq!(t.unfinished, 0, "every game played to its end: {report:?}");
    assert!(t.wins >= 7, "hard against random: {report:?}");
}

/// The expert (hard's hand and look-ahead, a wider search, the reply
/// weighed, the cowboy chosen by search) plays whole games in the arena as
/// `flick arena` plays them, at a quarter of its samples (the suite's
/// time): every game to its end, none refused, and it wins them against
/// the random player (docs/levels.md: the expert against random).
#[test]
fn the_expert_plays_whole_games_in_the_arena() {
    use highnoon::ai::arena::{ArenaConfig, run};
    let mut levels = BotLevels::load_default().expect("the shipped levels");
    let expert = levels.levels.get_mut("expert").expect("an expert level");
    assert!(expert.turn_search && expert.replies, "the shipped expert");
    expert.samples /= 4;
    let config = ArenaConfig {
        scenarios: vec![data_root().join("scenarios/final_showdown.ron")],
        a: Level::Expert,
        b: Level::Random,
        games: 2,
        seed: 5,
        max_steps: 600,
        log_dir: None,
    };
    let report = run(&profile(), &levels, &config, |_, _| {}).expect("the scenario loads");
    let t = report.total();
    assert_eq!(t.unfinished, 0, "every game played to its end: {report:?}");
    assert_eq!(t.wins, 2, "the expert against random: {report:?}");
}

/// The editor's *Balance*: each side's wins counted by side (not by bot),
/// sides alternating, as the same games played one by one say.
#[test]
fn balance_counts_each_sides_wins_as_the_games_went() {
    use highnoon::ai::arena::{balance, one_game};
    use highnoon::flick::rules::Outcome;
    use highnoon::scenario::kinds::Team;
    let profile = highnoon::scenario::PhysicsProfile::load_default().unwrap();
    let levels = highnoon::ai::levels::BotLevels::load_default().unwrap();
    let path = highnoon::scenario::data_root().join("scenarios/family_duel.ron");
    let town = highnoon::scenario::Town::load(&path, &profile).unwrap();
    let level = highnoon::bot_level::Level::Random;
    // The games one by one: (lawmen wins, outlaws wins), and how the games
    // with the first bot on the outlaws' side went (counting by bot there
    // would count their wins the wrong way round).
    let games = |seed: u64| {
        let (mut lawmen, mut outlaws, mut odd) = (0, 0, 0i32);
        for g in 0..6u64 {
            let side = if g % 2 == 0 {
                Team::Lawmen
            } else {
                Team::Outlaws
            };
            let (record, _) = one_game(
                &profile,
                &town,
                &levels,
                (level, level),
                side,
                seed + g,
                600,
            )
            .unwrap();
            match record.outcome {
                Some(Outcome::Winner(Team::Lawmen)) => {
                    lawmen += 1;
                    odd += (g % 2) as i32;
                }
                Some(Outcome::Winner(_)) => {
                    outlaws += 1;
                    odd -= (g % 2) as i32;
                }
                _ => {}
            }
        }
        (lawmen, outlaws, odd)
    };
    // A seed whose games tell counting by side from counting by bot.
    let (seed, (lawmen, outlaws, _)) = (7..40)
        .map(|s| (s, games(s)))
        .find(|(_, g)| g.2 != 0)
        .expect("a seed whose games tell the sides from the bots");
    let seen = std::sync::atomic::AtomicUsize::new(0);
    let t = balance(&profile, &levels, &town, level, 6, seed, |n, of| {
        assert_eq!(of, 6);
        seen.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(seen.into_inner(), 6);
    assert_eq!(t.games(), 6);
    assert_eq!((t.lawmen, t.outlaws), (lawmen, outlaws), "{t:?}");
    assert!(t.lawmen + t.outlaws > 0, "no game decided: {t:?}");
    let (share, lo, hi) = t.lawmen_share();
    assert!(lo <= share && share <= hi);
}

/// The bot screens each action with one round of its flick's search (and
/// the round's finalists); the flick it then takes goes on from that round,
/// and the plan is the very one a whole search from the screening's seed
/// makes: the same search, a round cheaper.
#[test]
fn a_flick_goes_on_from_the_round_that_screened_its_action() {
    use highnoon::ai::plan::{self, FlickKind, Search};
    let levels = BotLevels::load_default().unwrap();
    let spec = levels.get(Level::Hard).unwrap();
    let position = arena_position("stolen_documents_ol_cooper_shoots_first");
    let cooper = cowboy(&position, "Ol' Cooper");

    // The bot's turn there (seed 1): it plays, takes, and steps out; the
    // step out is planned from the round that screened the Move.
    let mut referee = position.clone();
    let mut bot = FlickBot::new(Level::Hard, &levels, 1);
    let mut moved = None;
    for _ in 0..6 {
        let step = bot.next_step(&referee).unwrap();
        play(&mut referee, &step).unwrap();
        if step == Step::Intent(Intent::Move) {
            let before = bot.stats.simulated;
            let view = referee.public_view();
            let flick = bot.next_step(&referee).unwrap();
            assert!(matches!(flick, Step::Move(_)), "{flick:?}");
            let planned = bot.last_plan.unwrap();
            // Counted once: the screening's round was counted when it was played.
            assert_eq!(
                bot.stats.simulated - before,
                planned.simulated - spec.samples
            );
            // The plan flicked is the whole search from the screening's seed.
            let whole = plan::plan_flick(
                &view,
                FlickKind::Move,
                cooper,
                spec,
                spec.iterations,
                planned.seed,
            );
            assert_eq!(planned, whole);
            moved = Some(view);
            break;
        }
    }
    let view = moved.expect("the bot stepped out");
    let base = plan::lookahead_fork(&view, spec);

    // The search taken up is the whole search from its seed, exactly.
    let mut screen = Search::new(&base, FlickKind::Move, cooper, 7);
    screen.round(&base, spec);
    let mut taken_up = screen.clone();
    screen.finish(&base, spec);
    assert!(taken_up.searches(&base, FlickKind::Move, cooper));
    assert!(!taken_up.searches(&base, FlickKind::Shot, cooper));
    assert!(!taken_up.searches(
        &plan::lookahead_fork(&position, spec),
        FlickKind::Move,
        cooper
    ));
    while taken_up.rounds() < spec.iterations {
        taken_up.round(&base, spec);
    }
    let whole = plan::plan_flick(&view, FlickKind::Move, cooper, spec, spec.iterations, 7);
    assert_eq!(taken_up.finish(&base, spec), whole);
}

/// A shot is screened only when someone of the other side is within reach
/// to be aimed at: with the Coopers across the table from Wyatt, his turn's
/// choice searches his move alone.
#[test]
fn a_shot_with_nobody_in_reach_is_not_tried() {
    use bevy::math::Vec3;
    use highnoon::ai::plan::{self, FlickKind};
    let levels = BotLevels::load_default().unwrap();
    let town = Town::load(&data_root().join("scenarios/family_duel.ron"), &profile()).unwrap();
    let mut near = Referee::new(profile(), &town, 1).unwrap();
    let wyatt = cowboy(&near, "Wyatt");
    play(&mut near, &Step::Intent(Intent::Play(wyatt))).unwrap();
    let mut far = near.clone();
    for (name, at) in [
        ("Ol' Cooper", (0.66, -0.40)),
        ("Black Jack", (0.66, 0.40)),
        ("Snake Eyes", (0.50, 0.40)),
    ] {
        let c = cowboy(&far, name);
        far.table
            .stand(far.figures[c], Vec3::new(at.0, 0.0, at.1), 0.0);
    }
    for (referee, reach) in [(&near, true), (&far, false)] {
        let mut aiming = referee.clone();
        aiming.apply(Intent::Shoot).unwrap();
        assert_eq!(plan::has_target(&aiming, FlickKind::Shot, wyatt), reach);
        let mut bot = FlickBot::new(Level::Hard, &levels, 1);
        let step = bot.next_step(referee).unwrap();
        let tried = if reach { 2 } else { 1 };
        assert_eq!(bot.stats.searches, tried, "in reach: {reach}");
        if !reach {
            assert_ne!(step, Step::Intent(Intent::Shoot));
        }
    }
}

/// The second holder stays seated: while the Town Hall must be held at noon,
/// a lawman beside the first holder is the hold's spare, worth keeping
/// inside more than the shots he could take outside. The arena's position
/// (two hard bots, Hold the Town Hall, seed 101, game 0): Deputy Gus's first
/// turn at 6 o'clock, Wyatt and Gus seated, Gus just shot on his block. In
/// the arena (the bot before the spare) Gus stepped out to shoot back; in
/// that bot's games on the five-Cooper town, the Hall left to one holder was
/// empty once he was shot dead on his block, and the outlaws won at noon.
#[test]
fn the_second_holder_stays_in_the_hall() {
    use highnoon::scenario::kinds::{BuildingKind, Team};
    let mut referee = arena_position("town_hall_gus_first_turn");
    let gus = cowboy(&referee, "Deputy Gus");
    let wyatt = cowboy(&referee, "Wyatt");
    for c in [gus, wyatt] {
        assert_eq!(
            referee.game.cowboys[c].inside,
            Some(BuildingKind::TownHall),
            "the position: both seated"
        );
    }
    assert_eq!(referee.game.current_team(), Some(Team::Lawmen));
    let steps = hard_turn(&mut referee, Team::Lawmen, 5);
    assert_eq!(
        referee.game.cowboys[gus].inside,
        Some(BuildingKind::TownHall),
        "Gus left the Hall with {steps:?}: {:?}",
        referee.game.log
    );
}
