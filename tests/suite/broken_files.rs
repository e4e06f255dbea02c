//! Broken scenario files: each problem reported as `file:line:col: message`,
//! exactly; and no file content, however mangled, makes the loader panic.

use std::path::{Path, PathBuf};
use std::process::Command;

use highnoon::scenario::{PhysicsProfile, Town};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn broken(name: &str) -> PathBuf {
    Path::new("tests/data/broken").join(name)
}

fn problems(name: &str) -> Vec<String> {
    let profile = PhysicsProfile::load_default().unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::env::set_current_dir(dir).unwrap();
    Town::load(&broken(name), &profile)
        .unwrap_err()
        .0
        .iter()
        .map(|e| e.to_string())
        .collect()
}

#[test]
fn each_broken_file_names_file_line_column_and_the_problem() {
    let cases: &[(&str, &[&str])] = &[
        (
            "syntax.ron",
            &["tests/data/broken/syntax.ron:5:44: Expected comma"],
        ),
        (
            "unknown_field.ron",
            &[
                "tests/data/broken/unknown_field.ron:4:43: Unexpected field named `facing` in `BuildingSpec`, expected one of `kind`, `at_cm`, or `facing_deg` instead; did you mean `facing_deg`?",
            ],
        ),
        (
            "overlap.ron",
            &[
                "tests/data/broken/overlap.ron:6:31: a Barrel at (11, 5) cm overlaps a Barrel at (10, 5) cm",
            ],
        ),
        (
            "duplicate_hat.ron",
            &["tests/data/broken/duplicate_hat.ron:7:39: Frank: two Outlaws wear hat 2"],
        ),
        (
            "unknown_building.ron",
            &[
                "tests/data/broken/unknown_building.ron:11:57: Unexpected variant named `Salon` in enum `BuildingKind`, expected one of `Sheriff`, `Bank`, `Saloon`, `GeneralStore`, `TownHall`, or `Undertaker` instead; did you mean `Saloon`?",
            ],
        ),
        (
            "missing_building.ron",
            &[
                "tests/data/broken/missing_building.ron:11:9: a victory condition names the Undertaker, which the town lacks",
            ],
        ),
        (
            "off_table.ron",
            &[
                "tests/data/broken/off_table.ron:5:38: Morgan at (95, 0) cm is off the 140×90 cm table",
            ],
        ),
        (
            "clock.ron",
            &[
                "tests/data/broken/clock.ron:8:12: the clock must start between 1 and 11 o'clock, not 13",
            ],
        ),
        (
            "many.ron",
            &[
                "tests/data/broken/many.ron:5:16: building Bank appears twice",
                "tests/data/broken/many.ron:9:38: Morgan at (-120, 0) cm is off the 140×90 cm table",
                "tests/data/broken/many.ron:10:39: Preacher: a neutral figure wears a hat without a number, got 4",
                "tests/data/broken/many.ron:7:5: the Lawmen wear hats [1, 3]: with 2 cowboys they must be numbered 1 to 2 (missing [2])",
            ],
        ),
    ];
    for (file, expected) in cases {
        assert_eq!(
            problems(file),
            expected.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "{file}"
        );
    }
}

#[test]
fn validate_prints_every_problem_and_fails() {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["validate", "tests/data/broken"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with("tests/data/broken/"))
            .count(),
        12,
        "{stderr}"
    );
}

/// Never a panic on any file content: random bytes, and valid files mutated at
/// random (bytes flipped, spliced, truncated, numbers made huge or NaN).
#[test]
fn no_file_content_makes_the_loader_panic() {
    let profile = PhysicsProfile::load_default().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seeds: Vec<String> = std::fs::read_dir(root.join("scenarios"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let dir = std::env::temp_dir().join(format!("highnoon-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fuzz.ron");
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let junk = [
        "NaN",
        "inf",
        "-1e39",
        "99999999999999999999",
        "((((((((((((((((",
        "[[[[[[[[[[",
        "\"",
        "\u{0}",
        "Some(",
        "#",
    ];
    for i in 0..1500 {
        let text = if i % 5 == 0 {
            let n = rng.random_range(0..300);
            (0..n)
                .map(|_| rng.random::<u8>() as char)
                .collect::<String>()
        } else {
            let mut t = seeds[rng.random_range(0..seeds.len())].clone().into_bytes();
            for _ in 0..rng.random_range(1..6) {
                if t.is_empty() {
                    break;
                }
                let at = rng.random_range(0..t.len());
                match rng.random_range(0..4) {
                    0 => t[at] = rng.random(),
                    1 => t.truncate(at),
                    2 => {
                        let j = junk[rng.random_range(0..junk.len())];
                        t.splice(at..at, j.bytes());
                    }
                    _ => {
                        let end = (at + rng.random_range(1..40)).min(t.len());
                        t.drain(at..end);
                    }
                }
            }
            String::from_utf8_lossy(&t).into_owned()
        };
        std::fs::write(&path, &text).unwrap();
        // Ok or a reported problem: both fine; a panic fails the test.
        let _ = Town::load(&path, &profile);
    }
    // The physics profile too: mutated numbers (NaN, huge, negative) are refused, never a panic.
    let profile_text = std::fs::read_to_string(root.join("assets/physics.ron")).unwrap();
    let numbers: Vec<(usize, usize)> = {
        let b = profile_text.as_bytes();
        let mut v = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let start = i;
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                    i += 1;
                }
                v.push((start, i));
            }
            i += 1;
        }
        v
    };
    let ppath = dir.join("physics.ron");
    let cases: usize = std::env::var("HIGHNOON_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    for _ in 0..cases {
        let (a, b) = numbers[rng.random_range(0..numbers.len())];
        let replacement = ["NaN", "inf", "-1.0", "0.0", "1e30", "-0.0"][rng.random_range(0..6)];
        let mutated = format!(
            "{}{}{}",
            &profile_text[..a],
            replacement,
            &profile_text[b..]
        );
        std::fs::write(&ppath, &mutated).unwrap();
        let loaded = PhysicsProfile::load(&ppath);
        // No setting of the profile can be NaN or infinite: refused, naming
        // the setting and where it is (the key before the number).
        let line_start = profile_text[..a].rfind('\n').map_or(0, |i| i + 1);
        let before = &profile_text[line_start..a];
        if matches!(replacement, "NaN" | "inf") && !before.contains("//") {
            let key = before
                .rsplit(':')
                .nth(1)
                .and_then(|k| {
                    k.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .rfind(|w| !w.is_empty())
                })
                .unwrap_or("");
            let line = profile_text[..a].matches('\n').count() + 1;
            match &loaded {
                Ok(_) => panic!("{replacement} for {key} (line {line}) was accepted"),
                Err(e) => {
                    let e = e.to_string();
                    // Its line (and column), and the setting by name; a
                    // whole number's NaN is a syntax error at the spot.
                    assert!(
                        e.contains(&format!(":{line}:"))
                            && (e.contains(key) || e.contains("Expected integer")),
                        "{replacement} for {key} at line {line}: not named: {e}"
                    );
                }
            }
        }
        if let Ok(p) = loaded {
            // Whatever the checks let through must build a table without panicking.
            let town = Town::load(&root.join("scenarios/standard_town.ron"), &p);
            if let Ok(town) = town {
                let mut sim = highnoon::physics::Table::new(p, &town);
                let disc = sim.piece("Movement disc").unwrap();
                let _ = sim.flick_to_rest(highnoon::physics::table::Flick::new(
                    disc,
                    bevy::math::Vec2::X,
                    1.0,
                ));
            }
        }
    }
    // Deep nesting is refused, not a stack overflow.
    std::fs::write(&path, "(".repeat(100_000)).unwrap();
    assert!(Town::load(&path, &profile).is_err());
}
