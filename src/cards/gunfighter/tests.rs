//! Scripted rule tests of The Gunfighter from a small known box, the shipped
//! decks' checks, random playouts with the invariants checked after every
//! action, save/load and replay.

use std::path::Path;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::resolve::{Event, Landed, read};
use super::rules::*;
use super::setup::*;
use crate::cards::core::{Game, Seat, Turn};

fn card(name: &str, play: Play, aim: Aim, count: usize) -> CardSpec {
    CardSpec {
        name: name.into(),
        text: format!("{name}."),
        play,
        aim,
        count,
    }
}

/// A known box: every character's deck the same 30 cards (14 Bullets first,
/// then the rest), 42 covert cards.
fn known_setup(players: usize) -> GunfighterSetup {
    let deck = vec![
        card("Bullet", Play::Toss(Effect::Damage(1)), Aim::Opponent, 14),
        card("Dodge", Play::Toss(Effect::NegateBelow), Aim::Own, 5),
        card("Take Cover", Play::Toss(Effect::NegateAbove), Aim::Own, 4),
        card("Ricochet", Play::Toss(Effect::Ricochet), Aim::Own, 1),
        card(
            "Fan the Hammer",
            Play::Toss(Effect::Double),
            Aim::Opponent,
            1,
        ),
        card(
            "Pickpocket",
            Play::Toss(Effect::Pickpocket),
            Aim::Opponent,
            1,
        ),
        card("Whiskey", Play::Toss(Effect::Heal(1)), Aim::Own, 1),
        card("Big Iron", Play::Toss(Effect::Damage(2)), Aim::Opponent, 1),
        card(
            "Steady Hand",
            Play::Before(Before::Quickdraw(500)),
            Aim::Own,
            1,
        ),
        card("Vest", Play::Before(Before::Armor(1)), Aim::Own, 1),
    ];
    GunfighterSetup {
        players,
        seats: Vec::new(),
        seed: 1,
        health: 3,
        bandolier: 6,
        pocket: 6,
        covert_hand: 5,
        showdown_ms: 5000,
        random_characters: false,
        showdown_limit: 200,
        characters: CHARACTERS
            .iter()
            .map(|n| CharacterSpec {
                name: n.to_string(),
                colour: "Black".into(),
                style: "test".into(),
                deck: deck.clone(),
            })
            .collect(),
        covert: vec![
            card("Tin Star", Play::Before(Before::Armor(1)), Aim::Own, 10),
            card("Snake Oil", Play::Before(Before::Heal(1)), Aim::Own, 8),
            card(
                "Hair Trigger",
                Play::Before(Before::Quickdraw(700)),
                Aim::Own,
                8,
            ),
            card(
                "Sand in the Eyes",
                Play::Before(Before::Jam(800)),
                Aim::Opponent,
                8,
            ),
            card(
                "Light Fingers",
                Play::Before(Before::Steal),
                Aim::Opponent,
                4,
            ),
            card(
                "Ace Up the Sleeve",
                Play::Before(Before::Draw(1)),
                Aim::Own,
                4,
            ),
        ],
    }
}

fn known(players: usize) -> Rules {
    Rules::from_setup(&known_setup(players), Path::new("t.ron"), "").unwrap()
}

fn id(rules: &Rules, name: &str, nth: usize) -> CardId {
    (0..rules.cards.len() as CardId)
        .filter(|&c| rules.card(c).name == name)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {name} #{nth}"))
}

fn ok(g: &mut Gunfighter, a: Action) {
    if let Err(e) = g.apply(a.clone()) {
        panic!("{a:?} refused: {e} in {:?}", g.phase);
    }
}

/// A game dealt with seat s playing character s, decks in box order (so every
/// bandolier draws six Bullets first), the covert deck in box order.
fn dealt(players: usize) -> Gunfighter {
    let rules = known(players);
    let mut g = Gunfighter::new(rules.clone());
    ok(
        &mut g,
        Action::Deal {
            characters: (0..players).collect(),
            decks: (0..players)
                .map(|s| rules.characters[s].deck.clone())
                .collect(),
            covert: rules.covert.clone(),
        },
    );
    g
}

/// Skips the exchanges and preparations of every seat.
fn to_showdown(g: &mut Gunfighter) {
    while let Phase::Exchange { .. } | Phase::Prepare { .. } = g.phase {
        let a = if matches!(g.phase, Phase::Exchange { .. }) {
            Action::Keep
        } else {
            Action::Ready
        };
        ok(g, a);
    }
    assert_eq!(g.phase, Phase::Showdown);
}

fn landed(card: CardId, thrower: Seat, at_ms: i32) -> Landed {
    Landed {
        card,
        thrower,
        at_ms,
    }
}

#[test]
fn a_stack_is_read_from_the_top_down_with_negations_above_and_below() {
    let r = known(2);
    let bullet = id(&r, "Bullet", 0);
    let bullet2 = id(&r, "Bullet", 1);
    let dodge = id(&r, "Dodge", 0);
    let cover = id(&r, "Take Cover", 0);
    let cover2 = id(&r, "Take Cover", 1);
    let fan = id(&r, "Fan the Hammer", 0);
    let ricochet = id(&r, "Ricochet", 0);
    let damage = |events: &[Event]| -> Vec<(Seat, u8, Seat)> {
        events
            .iter()
            .filter_map(|e| match *e {
                Event::Damage { to, n, by } => Some((to, n, by)),
                _ => None,
            })
            .collect()
    };
    // A Dodge on top of a Bullet negates it (the card below).
    let (rd, ev) = read(&r, 0, &[landed(bullet, 1, 100), landed(dodge, 0, 300)]);
    assert_eq!(rd[0].negated_by, Some(1));
    assert!(damage(&ev).is_empty());
    // A Dodge under a Bullet does nothing to it: the Bullet hits.
    let (_, ev) = read(&r, 0, &[landed(dodge, 0, 100), landed(bullet, 1, 300)]);
    assert_eq!(damage(&ev), vec![(0, 1, 1)]);
    // Take Cover under a Bullet negates it (the card above); a second Bullet
    // on top of that one hits.
    let (rd, ev) = read(
        &r,
        0,
        &[
            landed(cover, 0, 0),
            landed(bullet, 1, 400),
            landed(bullet2, 1, 800),
        ],
    );
    assert_eq!(rd[1].negated_by, Some(0));
    assert_eq!(rd[2].negated_by, None);
    assert_eq!(damage(&ev), vec![(0, 1, 1)]);
    // A Dodge read first wins over the Take Cover below it: the Take Cover
    // is negated, so the Dodge stands (and nothing is hurt).
    let (rd, _) = read(&r, 0, &[landed(cover, 0, 0), landed(dodge, 1, 300)]);
    assert_eq!(rd[0].negated_by, Some(1));
    assert_eq!(rd[1].negated_by, None);
    // Take Cover on Take Cover under a Bullet, read from the top down: the
    // upper Take Cover negates the Bullet whatever lies below it; the lower
    // one, read after, negates the upper one (its work already done).
    let (rd, ev) = read(
        &r,
        0,
        &[
            landed(cover, 0, 0),
            landed(cover2, 0, 300),
            landed(bullet, 1, 600),
        ],
    );
    assert_eq!(rd[2].negated_by, Some(1));
    assert_eq!(rd[1].negated_by, Some(0));
    assert!(damage(&ev).is_empty(), "the Bullet is stopped");
    // Fan the Hammer on a Bullet: it acts twice.
    let (_, ev) = read(&r, 0, &[landed(bullet, 1, 0), landed(fan, 1, 300)]);
    assert_eq!(damage(&ev), vec![(0, 2, 1)]);
    // A Dodge on the Fan the Hammer negates it: the Bullet under it hits once.
    let (_, ev) = read(
        &r,
        0,
        &[
            landed(bullet, 1, 0),
            landed(fan, 1, 300),
            landed(dodge, 0, 600),
        ],
    );
    assert_eq!(damage(&ev), vec![(0, 1, 1)]);
    // A Ricochet turns the Bullet above it back on its thrower, dealt by the
    // Ricochet's thrower.
    let (_, ev) = read(&r, 0, &[landed(ricochet, 0, 0), landed(bullet, 1, 300)]);
    assert_eq!(damage(&ev), vec![(1, 1, 0)]);
    // Golden rule: a Bullet in your own hole hurts you.
    let (_, ev) = read(&r, 0, &[landed(bullet, 0, 0)]);
    assert_eq!(damage(&ev), vec![(0, 1, 0)]);
}

#[test]
fn only_cards_wholly_inside_the_hole_count() {
    let mut g = dealt(2);
    to_showdown(&mut g);
    assert_eq!(g.turn(), Turn::Player(0));
    ok(&mut g, Action::Toss { slot: 0, target: 1 });
    assert_eq!(g.turn(), Turn::Chance);
    ok(&mut g, Action::Land { in_hole: false });
    assert!(
        g.mats[1].is_empty(),
        "a card outside the hole is not stacked"
    );
    // Seat 1's hand is free at 0 ms, before seat 0's again (400 ms).
    assert_eq!(g.turn(), Turn::Player(1));
    ok(&mut g, Action::Toss { slot: 0, target: 0 });
    ok(&mut g, Action::Land { in_hole: true });
    assert_eq!(g.mats[0].len(), 1);
    // Both holster: the mats are read; only the card in the hole hurt.
    ok(&mut g, Action::Holster);
    ok(&mut g, Action::Holster);
    assert_eq!(g.fighters[0].health, 2);
    assert_eq!(g.fighters[1].health, 3);
    // Both tossed cards went to their throwers' discards, in or out.
    assert_eq!(g.fighters[0].discard.len(), 1);
    assert_eq!(g.fighters[1].discard.len(), 1);
}

/// Before every showdown each living gunfighter arranges his bandolier in an
/// order of his choosing (neighbours swapped, as often as he likes), pocket
/// or no pocket; the order holds into the showdown.
#[test]
fn every_gunfighter_arranges_his_bandolier_before_the_showdown() {
    let mut g = dealt(2);
    // The first showdown: nobody has a pocket yet, both arrange.
    assert_eq!(g.phase, Phase::Exchange { seat: 0 });
    assert!(g.fighters[0].pocket.is_empty());
    // Make the bandolier's cards tell apart: put a Dodge in slot 5.
    let dodge = g.fighters[0].deck[..]
        .iter()
        .copied()
        .find(|&c| g.card_name(c) == "Dodge")
        .expect("a Dodge in the deck");
    let k = g.fighters[0].deck.iter().position(|&c| c == dodge).unwrap();
    g.fighters[0].deck.remove(k);
    let bullet = g.fighters[0].bandolier[5].replace(dodge).unwrap();
    g.fighters[0].deck.push(bullet);
    // Moved to the front by neighbour swaps.
    for a in (0..5).rev() {
        ok(&mut g, Action::Arrange { a, b: a + 1 });
    }
    assert_eq!(g.fighters[0].bandolier[0], Some(dodge));
    // Only neighbours, only existing slots: refused, nothing changed.
    let before = g.clone();
    for wrong in [
        Action::Arrange { a: 0, b: 2 },
        Action::Arrange { a: 5, b: 6 },
    ] {
        assert!(g.apply(wrong).is_err());
        assert_eq!(g, before);
    }
    ok(&mut g, Action::Keep);
    assert_eq!(g.phase, Phase::Exchange { seat: 1 }, "seat 1 arranges too");
    ok(&mut g, Action::Keep);
    to_showdown(&mut g);
    assert_eq!(g.fighters[0].bandolier[0], Some(dodge), "the order holds");
}

#[test]
fn leftover_cards_go_to_the_pocket_up_to_six_then_the_discard() {
    let mut g = dealt(2);
    // First showdown: nobody tosses: six cards each into the pocket.
    to_showdown(&mut g);
    ok(&mut g, Action::Holster);
    ok(&mut g, Action::Holster);
    assert_eq!(g.showdowns, 1);
    assert_eq!(g.fighters[0].pocket.len(), 6);
    assert!(g.fighters[0].discard.is_empty());
    // The pocket may be swapped with the new draw.
    assert!(matches!(g.phase, Phase::Exchange { .. }));
    assert!(
        g.legal_actions()
            .contains(&Action::Exchange { slot: 0, pocket: 5 })
    );
    to_showdown(&mut g);
    ok(&mut g, Action::Holster);
    ok(&mut g, Action::Holster);
    // The pocket is full: the six left over are discarded.
    assert_eq!(g.fighters[0].pocket.len(), 6);
    assert_eq!(g.fighters[0].discard.len(), 6);
}

#[test]
fn a_short_deck_reshuffles_every_pocket_and_discard() {
    let mut g = dealt(2);
    // 30 cards: five bandoliers of six. Each showdown ends with the next
    // draw, so after four showdowns the fifth bandolier empties the deck.
    for _ in 0..4 {
        to_showdown(&mut g);
        ok(&mut g, Action::Holster);
        ok(&mut g, Action::Holster);
    }
    assert_eq!(g.fighters[0].deck.len(), 0);
    assert_eq!(g.fighters[0].cards_in_bandolier(), 6);
    // After the fifth nobody can draw six: reshuffle.
    to_showdown(&mut g);
    ok(&mut g, Action::Holster);
    ok(&mut g, Action::Holster);
    assert_eq!(g.phase, Phase::Reshuffle);
    assert_eq!(g.turn(), Turn::Chance);
    // A deck that is not its pool shuffled is refused, nothing changed.
    let before = g.clone();
    assert!(
        g.apply(Action::Reshuffle {
            decks: vec![vec![], vec![]]
        })
        .is_err()
    );
    assert!(g == before, "a refused action changed the game");
    let a = g.sample_chance(&mut ChaCha8Rng::seed_from_u64(1));
    ok(&mut g, a);
    for f in &g.fighters {
        assert_eq!(f.deck.len() + f.cards_in_bandolier(), 30);
        assert!(f.pocket.is_empty() && f.discard.is_empty());
        assert_eq!(f.cards_in_bandolier(), 6);
    }
}

#[test]
fn the_killer_claims_the_dead_mans_covert_cards() {
    let mut g = dealt(3);
    to_showdown(&mut g);
    // Seat 1 puts three Bullets into seat 2's hole; seat 0 and 2 holster.
    let mut n = 0;
    while g.phase == Phase::Showdown {
        match g.turn() {
            Turn::Chance => ok(&mut g, Action::Land { in_hole: true }),
            Turn::Player(1) if n < 3 => {
                let slot = g.fighters[1]
                    .bandolier
                    .iter()
                    .position(|c| c.is_some())
                    .unwrap();
                ok(&mut g, Action::Toss { slot, target: 2 });
                n += 1;
            }
            Turn::Player(_) => ok(&mut g, Action::Holster),
            Turn::Over => break,
        }
    }
    assert!(!g.fighters[2].alive);
    assert!(g.fighters[2].covert.is_empty());
    assert_eq!(
        g.fighters[1].covert.len(),
        10,
        "five of his own and the dead man's five"
    );
    assert_eq!(g.fighters[0].covert.len(), 5);
    assert!(!g.is_over(), "two are left");
}

#[test]
fn cards_played_before_a_showdown_take_effect() {
    let mut g = dealt(2);
    let r = g.rules.clone();
    // Both keep their bandoliers as drawn.
    ok(&mut g, Action::Keep);
    ok(&mut g, Action::Keep);
    assert_eq!(g.phase, Phase::Prepare { seat: 0 });
    // Seat 0 jams seat 1 by 800 ms with a covert card.
    let jam = id(&r, "Sand in the Eyes", 0);
    let armor = id(&r, "Tin Star", 0);
    assert!(g.fighters[0].covert.contains(&armor));
    // The covert deck is dealt in box order: seat 0 holds five Tin Stars.
    assert!(!g.fighters[0].covert.contains(&jam));
    ok(
        &mut g,
        Action::Covert {
            card: armor,
            target: 0,
        },
    );
    assert_eq!(g.fighters[0].armor, 1);
    // One covert card only.
    let other = g.fighters[0].covert[0];
    assert!(
        g.apply(Action::Covert {
            card: other,
            target: 0
        })
        .is_err()
    );
    ok(&mut g, Action::Ready);
    ok(&mut g, Action::Ready);
    // Seat 1 shoots twice into seat 0's hole: the armor stops one.
    while g.phase == Phase::Showdown {
        match g.turn() {
            Turn::Chance => ok(&mut g, Action::Land { in_hole: true }),
            Turn::Player(1) if g.tosses.iter().filter(|t| t.thrower == 1).count() < 2 => {
                let slot = g.fighters[1]
                    .bandolier
                    .iter()
                    .position(|c| c.is_some())
                    .unwrap();
                ok(&mut g, Action::Toss { slot, target: 0 });
            }
            Turn::Player(_) => ok(&mut g, Action::Holster),
            Turn::Over => break,
        }
    }
    assert_eq!(g.fighters[0].health, 2);
}

#[test]
fn a_toss_out_of_time_or_of_a_card_not_in_the_bandolier_is_refused() {
    let mut g = dealt(2);
    to_showdown(&mut g);
    let before = g.clone();
    assert!(g.apply(Action::Toss { slot: 9, target: 1 }).is_err());
    assert!(g.apply(Action::Land { in_hole: true }).is_err());
    assert!(g == before, "a refused action changed the game");
    ok(&mut g, Action::Toss { slot: 0, target: 1 });
    ok(&mut g, Action::Land { in_hole: false });
    // Seat 1 holsters; seat 0 waits out the clock: after 5 s nothing more.
    ok(&mut g, Action::Holster);
    let mut waits = 0;
    while g.turn() == Turn::Player(0) && g.phase == Phase::Showdown {
        // The same slot twice: the card is gone.
        if waits == 0 {
            let before = g.clone();
            assert!(g.apply(Action::Toss { slot: 0, target: 1 }).is_err());
            assert!(g == before, "a refused action changed the game");
        }
        ok(&mut g, Action::Wait);
        waits += 1;
    }
    assert!(waits <= 20, "{waits} waits of {WAIT_MS} ms fill 5 s");
    assert_ne!(g.phase, Phase::Showdown);
    assert!(g.apply(Action::Toss { slot: 1, target: 1 }).is_err() || g.phase != Phase::Showdown);
}

/// Every card is in exactly one place; health within bounds.
fn check(g: &Gunfighter) {
    if let Err(e) = g.check_invariants() {
        panic!("{e}");
    }
}

#[test]
fn random_games_keep_every_card_in_one_place_end_and_replay() {
    use crate::cards::core::{Agent, RandomAgent};
    let mut games = 0;
    for seed in 0..200u64 {
        let players = 2 + (seed as usize % 5);
        let mut setup = known_setup(players);
        setup.random_characters = seed % 2 == 0;
        let rules = Rules::from_setup(&setup, Path::new("t.ron"), "").unwrap();
        let mut g = Gunfighter::new(rules.clone());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut agent = RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 77),
        };
        let mut history = Vec::new();
        let mut saved = None;
        for step in 0..200_000 {
            let a = match g.turn() {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut rng),
                Turn::Player(s) => {
                    let legal = g.legal_actions();
                    assert!(!legal.is_empty(), "a seat to move has something to do");
                    // Random play holsters rarely and waits rarely.
                    let obs = g.observation(s);
                    Agent::<Gunfighter>::act(&mut agent, s, &obs, &legal)
                }
            };
            // A wrong action changes nothing.
            let before = g.clone();
            let land = Action::Land { in_hole: true };
            if g.apply(land.clone()).is_ok() {
                // A landing is the chance event of a card in the air; a
                // seat's turn accepts it only if it lists it.
                assert!(
                    before.turn() == Turn::Chance
                        || before.legal_actions().contains(&before.listed_as(&land)),
                    "an accepted landing is a chance event or listed"
                );
                g = before.clone();
            } else {
                assert!(g == before, "a refused action changed the game");
            }
            ok(&mut g, a.clone());
            history.push(a);
            check(&g);
            if step == 40 {
                saved = Some(ron::to_string(&g).unwrap());
            }
        }
        assert!(g.is_over(), "seed {seed}: the game ends");
        assert!(g.winners.len() <= 1 || g.showdowns >= g.rules.showdown_limit);
        // Replayed from the actions: the same game.
        let mut again = Gunfighter::new(rules.clone());
        for a in &history {
            ok(&mut again, a.clone());
        }
        assert_eq!(again, g);
        // Saved mid-game and loaded: continues identically.
        if let Some(text) = saved {
            let mut loaded: Gunfighter = ron::from_str(&text).unwrap();
            for a in &history[41..] {
                ok(&mut loaded, a.clone());
            }
            assert_eq!(loaded, g);
        }
        games += 1;
    }
    assert_eq!(games, 200);
}

#[test]
fn the_shipped_decks_load() {
    let path = crate::scenario::data_root().join("assets/cards/gunfighter.ron");
    let rules = Rules::load(&path, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.characters.len(), 6);
    for c in &rules.characters {
        assert_eq!(c.deck.len(), DECK_CARDS, "{}", c.name);
        let named = |n: &str| c.deck.iter().any(|&k| rules.card(k).name == n);
        assert!(
            named("Bullet") && named("Dodge") && named("Take Cover"),
            "{}",
            c.name
        );
    }
    assert_eq!(rules.covert.len(), COVERT_CARDS);
}

#[test]
fn a_broken_deck_file_names_the_place_and_the_reason() {
    let path = crate::scenario::data_root().join("assets/cards/gunfighter.ron");
    let good = std::fs::read_to_string(&path).unwrap();
    let dir = std::env::temp_dir().join(format!("highnoon-gf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("gunfighter.ron");
    let cases = [
        // An unknown effect: the parser names the place.
        (good.replacen("Damage(1)", "Dammage(1)", 1), "Dammage"),
        // A deck that does not hold 30.
        (
            good.replacen("count: ", "count: 1", 1),
            "a showdown deck holds 30",
        ),
        // A character without a deck.
        (
            good.replacen("\"Reverend\"", "\"Preacher\"", 1),
            "Reverend has no deck",
        ),
    ];
    for (text, want) in cases {
        assert_ne!(text, good);
        std::fs::write(&file, &text).unwrap();
        let err = Rules::load(&file, None).unwrap_err().to_string();
        assert!(err.contains("gunfighter.ron:"), "{err}");
        assert!(err.contains(want), "{want}: {err}");
    }
}

/// Win rates between levels over many games (two players, sides by seat
/// alternating): hard beats easy in at least four games of five.
#[test]
fn hard_beats_easy_and_easy_beats_random() {
    use super::bots::play_game;
    use crate::bot_level::Level;
    let path = crate::scenario::data_root().join("assets/cards/gunfighter.ron");
    let rules = Rules::load(&path, Some(2)).unwrap();
    let rate = |a: Level, b: Level, games: u64| -> f64 {
        let (mut won, mut decided) = (0, 0);
        for seed in 0..games {
            let levels = if seed % 2 == 0 { [a, b] } else { [b, a] };
            let a_seat = if seed % 2 == 0 { 0 } else { 1 };
            let g = play_game(&rules, &levels, seed);
            if g.winners.len() == 1 {
                decided += 1;
                if g.winners[0] == a_seat {
                    won += 1;
                }
            }
        }
        won as f64 / decided.max(1) as f64
    };
    let hard_easy = rate(Level::Hard, Level::Easy, 1000);
    let easy_random = rate(Level::Easy, Level::Random, 1000);
    println!(
        "hard-easy {hard_easy:.3}, easy-random {easy_random:.3} (1,000 two-player games each, shipped decks)"
    );
    assert!(hard_easy >= 0.8, "hard-easy {hard_easy}");
    assert!(easy_random >= 0.6, "easy-random {easy_random}");
}

/// The bots' hands on Rapier: tosses at a hole 40 cm away land wholly inside
/// at least four times in five for hard and at most half the time for easy,
/// and each level's headless landing chance is the rate its hand shows.
#[test]
fn the_hands_land_in_the_hole_as_their_levels_say() {
    use super::bots::hand;
    use crate::bot_level::Level;
    use crate::physics::card_toss::bench;
    let profile = crate::scenario::PhysicsProfile::load_default().unwrap();
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let h = hand(level);
        let tossed = bench(
            &profile.cards,
            profile.gravity,
            (h.yaw_sd, h.speed_sd),
            0.4,
            1000,
            7,
        );
        let rate = tossed.hits as f32 / tossed.tosses.max(1) as f32;
        println!(
            "{level:?}: {:.1}% of 1,000 tosses in the hole (model {:.0}%)",
            100.0 * rate,
            100.0 * h.landing
        );
        assert!(
            (rate - h.landing).abs() <= 0.05,
            "{level:?}: measured {rate}, model {}",
            h.landing
        );
        match level {
            Level::Hard => assert!(rate >= 0.8),
            Level::Easy => assert!(rate <= 0.5),
            _ => {}
        }
    }
}
