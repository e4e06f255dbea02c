//! Every file a user can hand the program, mangled: every card game's setup
//! (its decks are in it) and saves, both bot level files, Flick 'em Up game
//! replays, table replays and sweeps. A mangled file never panics: it is
//! refused with every problem naming the file, line and column, or it loads
//! and then works (a setup plays, a save plays to the end, a replay reruns).
//! (Towns, scenarios and the physics profile: `broken_files.rs`.)

use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::random_playout;
use highnoon::cards::registry::GameVisitor;
use highnoon::cards::{CardGame, TableGame};
use highnoon::scenario::{Problems, data_root};

/// Text spliced in: numbers no file should take, and broken syntax.
const JUNK: [&str; 14] = [
    "NaN",
    "inf",
    "-inf",
    "-1",
    "-1e39",
    "1e39",
    "99999999999999999999",
    "0",
    "((((",
    "]]]]",
    "\"",
    "Some(",
    ",",
    "//",
];

/// 1 to 5 edits of `text`, on characters (the result stays UTF-8): one
/// removed, a run deleted, a digit changed, junk spliced in, the end cut off.
fn mangle(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut t: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..=5) {
        if t.is_empty() {
            break;
        }
        let i = rng.random_range(0..t.len());
        match rng.random_range(0..6) {
            0 => {
                t.remove(i);
            }
            1 => {
                let end = (i + rng.random_range(1..40)).min(t.len());
                t.drain(i..end);
            }
            2 | 3 => {
                let digits: Vec<usize> = (0..t.len()).filter(|&k| t[k].is_ascii_digit()).collect();
                if let Some(&k) = digits.get(rng.random_range(0..digits.len().max(1))) {
                    t[k] = char::from(b'0' + rng.random_range(0..10u8));
                }
            }
            4 => {
                let junk = JUNK[rng.random_range(0..JUNK.len())];
                t.splice(i..i, junk.chars());
            }
            _ => t.truncate(i),
        }
    }
    t.into_iter().collect()
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("highnoon-fuzzed-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The problems name `path` with a line and column, each of them; any
/// problem of another file `path` names (a town, a profile) comes after one
/// placed in `path` at the name.
fn assert_placed(problems: &Problems, path: &Path, text: &str) {
    let first = problems.0.first().expect("a refusal names a problem");
    assert!(
        first.file == path && first.position.is_some(),
        "refused without a place: {problems}\n--- the file ---\n{text}"
    );
    for e in problems.0.iter().filter(|e| e.file == path) {
        assert!(
            e.position.is_some(),
            "refused without a place: {e}\n--- the file ---\n{text}"
        );
    }
}

/// Mangles `original` `cases` times into `path` and hands each to `try_it`;
/// returns (refused, loaded and worked).
fn fuzz(
    original: &str,
    path: &Path,
    cases: usize,
    seed: u64,
    mut try_it: impl FnMut(&Path) -> Result<(), Problems>,
) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut refused, mut worked) = (0, 0);
    for _ in 0..cases {
        let text = mangle(original, &mut rng);
        std::fs::write(path, &text).unwrap();
        match try_it(path) {
            Ok(()) => worked += 1,
            Err(p) => {
                assert_placed(&p, path, &text);
                refused += 1;
            }
        }
    }
    (refused, worked)
}

fn fuzz_cases() -> usize {
    std::env::var("HIGHNOON_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

/// Every card game's setup file: refused with a place, or it deals a game
/// that plays to the end.
#[test]
fn mangled_card_setups_are_refused_at_their_place_or_play_to_the_end() {
    struct Setups;
    impl GameVisitor for Setups {
        type Output = ();
        fn visit<G: TableGame>(self, game: CardGame) {
            let original = std::fs::read_to_string(game.default_setup()).unwrap();
            let dir = scratch(&format!("setup-{}", game.key()));
            let path = dir.join(format!("{}.ron", game.key()));
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let (refused, worked) = fuzz(&original, &path, fuzz_cases(), 11, |p| {
                let setup = G::load_setup(p, None)?;
                let mut g = G::new_game(setup.rules);
                random_playout(&mut g, &mut rng, 2_000_000)
                    .unwrap_or_else(|e| panic!("{game}: a setup that loads does not play: {e}"));
                Ok(())
            });
            assert!(
                refused > 20 && worked > 5,
                "{game}: {refused} refused, {worked} played"
            );
            std::fs::remove_dir_all(&dir).ok();
        }
    }
    for game in CardGame::ALL {
        game.dispatch(Setups);
    }
}

/// Saves from several moments of a game of every card game: refused at load
/// with a place, or they play to the end (a save that loads never stalls).
#[test]
fn mangled_card_saves_are_refused_at_load_or_play_to_the_end() {
    struct Saves;
    impl GameVisitor for Saves {
        type Output = ();
        fn visit<G: TableGame>(self, game: CardGame) {
            let dir = scratch(&format!("save-{}", game.key()));
            let path = dir.join("save.ron");
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let (mut refused, mut played) = (0, 0);
            for steps in [3, 40, 150, 400] {
                let mut g: G = highnoon::cards::table_game::load_game(&game.default_setup(), None)
                    .expect("shipped setup");
                random_playout(&mut g, &mut rng, steps).ok();
                let original = ron::ser::to_string_pretty(&g, Default::default()).unwrap();
                let (r, p) = fuzz(&original, &path, fuzz_cases() / 2, steps as u64, |p| {
                    let mut g = highnoon::cards::terminal::load::<G>(p)?;
                    random_playout(&mut g, &mut rng, 2_000_000).unwrap_or_else(|e| {
                        panic!(
                            "{game}: a save that loads does not play to the end: {e}\n{}",
                            std::fs::read_to_string(p).unwrap()
                        )
                    });
                    assert!(g.is_over());
                    Ok(())
                });
                refused += r;
                played += p;
            }
            assert!(
                refused > 20 && played > 20,
                "{game}: {refused} refused, {played} played"
            );
            std::fs::remove_dir_all(&dir).ok();
        }
    }
    for game in CardGame::ALL {
        game.dispatch(Saves);
    }
}

/// The Flick 'em Up and Slap .45 bot level files.
#[test]
fn mangled_bot_level_files_are_refused_at_their_place() {
    let dir = scratch("bots");
    let flick = std::fs::read_to_string(data_root().join("assets/flick_bots.ron")).unwrap();
    let path = dir.join("flick_bots.ron");
    let (refused, loaded) = fuzz(&flick, &path, fuzz_cases(), 21, |p| {
        highnoon::ai::levels::BotLevels::load(p).map(|_| ())
    });
    assert!(
        refused > 20 && loaded > 5,
        "flick: {refused} refused, {loaded} loaded"
    );
    let slap = std::fs::read_to_string(data_root().join("assets/cards/slap45_bots.ron")).unwrap();
    let path = dir.join("slap45_bots.ron");
    let (refused, loaded) = fuzz(&slap, &path, fuzz_cases(), 22, |p| {
        highnoon::cards::slap45::reactions::BotLevels::load(p).map(|_| ())
    });
    assert!(
        refused > 20 && loaded > 5,
        "slap45: {refused} refused, {loaded} loaded"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Flick 'em Up game replays: refused at load with a place, or they rerun
/// (a step the rules refuse is reported, by its number, not a panic).
#[test]
fn mangled_game_replays_are_refused_at_their_place_or_rerun() {
    let dir = scratch("replays");
    let original = std::fs::read_to_string(
        data_root().join("tests/data/replays/dynamite_hard_easy_seed5.ron"),
    )
    .unwrap();
    let path = dir.join("replay.ron");
    let (mut rerun_refused, mut reran) = (0, 0);
    let (refused, _) = fuzz(&original, &path, fuzz_cases() / 2, 31, |p| {
        let replay = highnoon::flick::replay::Replay::load(p)?;
        match replay.rerun(p) {
            Ok(_) => reran += 1,
            Err(e) => {
                assert!(e.to_string().contains(&p.display().to_string()), "{e}");
                rerun_refused += 1;
            }
        }
        Ok(())
    });
    assert!(
        refused > 5 && reran + rerun_refused > 3,
        "{refused} refused, {reran} reran, {rerun_refused} refused on rerun"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Table replays (a tuner's row to watch): refused at load with a place, or
/// they rerun.
#[test]
fn mangled_table_replays_are_refused_at_their_place_or_rerun() {
    let dir = scratch("table-replays");
    let mut totals = (0, 0);
    for name in [
        "sandbox_two_flicks.replay.ron",
        "tabletop_friction_3_417.replay.ron",
    ] {
        let original =
            std::fs::read_to_string(data_root().join("tests/data/table_replays").join(name))
                .unwrap();
        let path = dir.join(name);
        let (refused, reran) = fuzz(&original, &path, fuzz_cases() / 2, 41, |p| {
            let replay = highnoon::physics::replay::TableReplay::load(p)?;
            // A flick the table refuses is an error naming it, not a panic.
            if let Err(e) = replay.rerun() {
                assert!(e.starts_with("flick "), "{e}");
            }
            Ok(())
        });
        totals.0 += refused;
        totals.1 += reran;
    }
    assert!(totals.0 > 20 && totals.1 > 5, "{totals:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Sweeps: refused at their place, or a sweep of a size a tuner could run.
#[test]
fn mangled_sweeps_are_refused_at_their_place() {
    let dir = scratch("sweeps");
    let original =
        std::fs::read_to_string(data_root().join("sweeps/tabletop_friction.ron")).unwrap();
    let path = dir.join("sweep.ron");
    let (refused, loaded) = fuzz(&original, &path, fuzz_cases(), 51, |p| {
        let sweep = highnoon::tune::Sweep::load(p)?;
        assert!(sweep.total_flicks() <= highnoon::tune::MAX_FLICKS);
        Ok(())
    });
    assert!(
        refused > 20 && loaded > 5,
        "{refused} refused, {loaded} loaded"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A number no file should hold (NaN, negative, huge), put in one setting
/// of each format: refused, naming the setting at its line.
#[test]
fn impossible_numbers_are_refused_by_name_at_their_line() {
    type Loader = fn(&Path) -> Result<(), Problems>;
    let flick_bots: Loader = |p| highnoon::ai::levels::BotLevels::load(p).map(|_| ());
    let slap_bots: Loader = |p| highnoon::cards::slap45::reactions::BotLevels::load(p).map(|_| ());
    let table_replay: Loader = |p| highnoon::physics::replay::TableReplay::load(p).map(|_| ());
    let game_replay: Loader = |p| highnoon::flick::replay::Replay::load(p).map(|_| ());
    let sweep: Loader = |p| highnoon::tune::Sweep::load(p).map(|_| ());
    let gunfighter: Loader = |p| highnoon::cards::gunfighter::Rules::load(p, None).map(|_| ());
    let slap45: Loader = |p| highnoon::cards::slap45::Rules::load(p, None).map(|_| ());
    // (file, the setting as written, as mangled, the loader, the word the refusal names)
    let cases: [(&str, &str, &str, Loader, &str); 18] = [
        (
            "assets/flick_bots.ron",
            "angle_noise_deg: 7.0",
            "angle_noise_deg: NaN",
            flick_bots,
            "angle_noise_deg",
        ),
        (
            "assets/flick_bots.ron",
            "strength_noise: 0.20",
            "strength_noise: -1.0",
            flick_bots,
            "strength_noise",
        ),
        (
            "assets/flick_bots.ron",
            "elite: 0.25",
            "elite: 1e30",
            flick_bots,
            "elite",
        ),
        (
            "assets/flick_bots.ron",
            "samples: 24",
            "samples: 99999999",
            flick_bots,
            "samples",
        ),
        (
            "assets/cards/slap45_bots.ron",
            "sigma_ms: 35.0",
            "sigma_ms: NaN",
            slap_bots,
            "sigma_ms",
        ),
        (
            "assets/cards/slap45_bots.ron",
            "mu_ms: 225.0",
            "mu_ms: 1e30",
            slap_bots,
            "mu_ms",
        ),
        (
            "assets/cards/slap45_bots.ron",
            "wrong_slap_rate: 0.07",
            "wrong_slap_rate: -0.5",
            slap_bots,
            "wrong_slap_rate",
        ),
        (
            "tests/data/table_replays/sandbox_two_flicks.replay.ron",
            "strength: 0.7",
            "strength: NaN",
            table_replay,
            "strength",
        ),
        (
            "tests/data/table_replays/sandbox_two_flicks.replay.ron",
            "spin: 0.0",
            "spin: -5.0",
            table_replay,
            "spin",
        ),
        (
            "tests/data/table_replays/sandbox_two_flicks.replay.ron",
            "direction: (0.8660254, 0.5)",
            "direction: (1e30, 0.5)",
            table_replay,
            "direction",
        ),
        (
            "tests/data/replays/dynamite_hard_easy_seed5.ron",
            "strength: 0.72766846",
            "strength: NaN",
            game_replay,
            "strength",
        ),
        (
            "tests/data/replays/dynamite_hard_easy_seed5.ron",
            "spin: -0.56228215",
            "spin: 7.0",
            game_replay,
            "spin",
        ),
        (
            "tests/data/replays/dynamite_hard_easy_seed5.ron",
            "direction: (-0.8940222, -0.4480226)",
            "direction: (inf, 0.0)",
            game_replay,
            "direction",
        ),
        (
            "sweeps/tabletop_friction.ron",
            "per_setting: 1000",
            "per_setting: 99999999999",
            sweep,
            "per_setting",
        ),
        (
            "sweeps/tabletop_friction.ron",
            "values: [0.2, 0.3",
            "values: [NaN, 0.3",
            sweep,
            "materials.tabletop.friction",
        ),
        (
            "sweeps/tabletop_friction.ron",
            "strength: (0.3, 1.0)",
            "strength: (0.3, 7.0)",
            sweep,
            "strength",
        ),
        (
            "assets/cards/gunfighter.ron",
            "health: 3",
            "health: 200",
            gunfighter,
            "health",
        ),
        (
            "assets/cards/slap45.ron",
            "(card: BigGun, count: 10)",
            "(card: BigGun, count: 0)",
            slap45,
            "BigGun",
        ),
    ];
    let dir = scratch("numbers");
    for (file, written, mangled, load, word) in cases {
        let original = std::fs::read_to_string(data_root().join(file)).unwrap();
        let at = original
            .lines()
            .position(|l| l.contains(written) && !l.trim_start().starts_with("//"))
            .unwrap_or_else(|| panic!("{file} has no `{written}`"))
            + 1;
        let text = original.replacen(written, mangled, 1);
        let path = dir.join(Path::new(file).file_name().unwrap());
        std::fs::write(&path, &text).unwrap();
        let problems = load(&path).expect_err(&format!("{file}: `{mangled}` was accepted"));
        assert!(
            problems.0.iter().any(|e| e.file == path
                && e.position.is_some_and(|(l, _)| l == at)
                && e.message.contains(word)),
            "{file}: `{mangled}` is not refused by name at line {at}: {problems}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A saved Gunfighter game holds each seat's chance of landing a toss: one
/// that is not a chance is refused at load, by name.
#[test]
fn a_save_with_an_impossible_hand_is_refused_by_name() {
    let mut g: highnoon::cards::gunfighter::Gunfighter =
        highnoon::cards::table_game::load_game(&CardGame::Gunfighter.default_setup(), None)
            .unwrap();
    random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(1), 40).ok();
    let dir = scratch("hands");
    let path = dir.join("save.ron");
    for bad in [f32::NAN, -0.5, 7.0] {
        g.hands[1] = bad;
        std::fs::write(&path, ron::to_string(&g).unwrap()).unwrap();
        let e = highnoon::cards::terminal::load::<highnoon::cards::gunfighter::Gunfighter>(&path)
            .expect_err("refused")
            .to_string();
        assert!(
            e.contains("save.ron:1:1:") && e.contains("hand's chance"),
            "{e}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
