//! The command line as a user reads it: every command's `--help`, nested
//! commands included, offers the window's options (`--screenshot`,
//! `--frames`, `--graphics`, ...) exactly where a window opens — no command,
//! `play`, `edit`, `replay` (`--window`) and `bench render` — and nowhere else.

use std::collections::BTreeSet;
use std::process::Command;

const WINDOW_OPTIONS: [&str; 11] = [
    "--screenshot",
    "--frames",
    "--aim",
    "--flick",
    "--autoplay",
    "--vs",
    "--watch",
    "--actions",
    "--size",
    "--graphics",
    "--camera",
];

fn help(path: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{path:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help text lists (its `Commands:` section).
fn subcommands(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

/// The window options a help text offers.
fn window_options(text: &str) -> BTreeSet<&'static str> {
    WINDOW_OPTIONS
        .into_iter()
        .filter(|o| {
            text.lines()
                .any(|l| l.trim_start().split([' ', ',', '=']).any(|w| w == *o))
        })
        .collect()
}

#[test]
fn window_options_are_offered_only_by_the_commands_that_open_a_window() {
    let mut offering = BTreeSet::new();
    let mut commands = 0;
    let mut todo = vec![Vec::<String>::new()];
    while let Some(path) = todo.pop() {
        let text = help(&path);
        commands += 1;
        let found = window_options(&text);
        if !found.is_empty() {
            assert_eq!(
                found,
                WINDOW_OPTIONS.into_iter().collect(),
                "{path:?} offers some window options but not all"
            );
            offering.insert(path.join(" "));
        }
        for c in subcommands(&text) {
            let mut next = path.clone();
            next.push(c);
            todo.push(next);
        }
    }
    assert!(commands > 15, "every command's help read ({commands})");
    let expected: BTreeSet<String> = ["", "play", "edit", "replay", "bench render"]
        .map(String::from)
        .into();
    assert_eq!(offering, expected);
}

#[test]
fn a_window_option_before_a_command_is_refused_not_dropped() {
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .args(["--graphics", "low", "validate"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("go after the command"), "{e}");
    // The data files still go anywhere.
    let out = Command::new(env!("CARGO_BIN_EXE_highnoon"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "--town",
            "scenarios/bank_robbery.ron",
            "validate",
            "scenarios/bank_robbery.ron",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
