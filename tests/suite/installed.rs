//! The program away from its checkout, as a player who installed it runs
//! it: the built binary with its home, XDG and highnoon folders in a
//! temporary folder and the current folder somewhere else with no data in
//! it. It finds its data (the copy inside it, unpacked into the cache), plays
//! headless, takes a scripted screenshot and makes a town of the player's —
//! and afterwards the shipped data is byte for byte as it was, and the
//! player's Continue and settings are untouched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Every file under `dir` (recursively) with its bytes, by path under `dir`.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(top: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(top, &path, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path.strip_prefix(top).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A player's machine: a home with its folders, and a working folder (all
/// removed when the test is done).
struct Player {
    root: PathBuf,
    home: PathBuf,
    user: PathBuf,
    cwd: PathBuf,
}

impl Player {
    fn new(name: &str) -> Player {
        let root =
            std::env::temp_dir().join(format!("highnoon-player-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let p = Player {
            root: root.clone(),
            home: root.join("home"),
            user: root.join("home").join("highnoon"),
            cwd: root.join("somewhere else"),
        };
        std::fs::create_dir_all(&p.home).unwrap();
        std::fs::create_dir_all(&p.cwd).unwrap();
        p
    }

    fn command(&self, args: &[&str]) -> Command {
        self.command_of(Path::new(env!("CARGO_BIN_EXE_highnoon")), args)
    }

    /// `program` (a copy of the built one, say) run on this machine.
    fn command_of(&self, program: &Path, args: &[&str]) -> Command {
        let mut c = Command::new(program);
        c.current_dir(&self.cwd)
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env("XDG_CACHE_HOME", self.home.join(".cache"))
            .env("HIGHNOON_CONFIG_DIR", &self.user)
            .env("XDG_RUNTIME_DIR", std::env::temp_dir())
            .env_remove("HIGHNOON_DATA_DIR")
            .args(args);
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = self.command(args).output().unwrap();
        assert!(
            out.status.success(),
            "highnoon {args:?}: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// The same, in a window under Xvfb (software Vulkan).
    fn run_in_a_window(&self, args: &[&str]) -> Output {
        let c = self.command(&[]);
        let mut xvfb = Command::new("xvfb-run");
        xvfb.current_dir(&self.cwd)
            .args([
                "-a",
                "-s",
                "-screen 0 1280x800x24",
                env!("CARGO_BIN_EXE_highnoon"),
            ])
            .args(args)
            .envs(
                c.get_envs()
                    .filter_map(|(k, v)| v.map(|v| (k.to_owned(), v.to_owned()))),
            )
            .env_remove("HIGHNOON_DATA_DIR");
        let out = xvfb.output().unwrap_or_else(|e| {
            panic!("xvfb-run (package xvfb, see the README) is needed to open the window: {e}")
        });
        assert!(
            out.status.success(),
            "highnoon {args:?} under xvfb-run: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            // The unpacked copy is read-only: made writable to be removed.
            let _ = Command::new("chmod")
                .arg("-R")
                .arg("u+w")
                .arg(&self.root)
                .status();
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }
}

#[test]
fn the_installed_program_finds_its_data_and_keeps_the_shipped_and_the_players_files() {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped_before = (
        tree(&checkout.join("assets")),
        tree(&checkout.join("scenarios")),
    );
    let p = Player::new("installed");
    // What the player had: their settings and a game to continue.
    let settings = "// mine\n(mute: true, graphics: Low)\n";
    let kept = "// a game the player is keeping\n(version: 1)\n";
    std::fs::create_dir_all(&p.user).unwrap();
    std::fs::write(p.user.join("settings.ron"), settings).unwrap();
    std::fs::write(p.user.join("continue.ron"), kept).unwrap();

    let version = String::from_utf8(p.run(&["--version"]).stdout).unwrap();
    assert!(
        version.starts_with(&format!("highnoon {} (commit ", env!("CARGO_PKG_VERSION"))),
        "{version}"
    );

    // The data comes from the copy inside the program, never the checkout.
    let checked = String::from_utf8(p.run(&["validate"]).stdout).unwrap();
    let copy = p.user.join("cache");
    assert!(checked.contains(&copy.display().to_string()), "{checked}");
    assert!(
        !checked.contains(&checkout.display().to_string()),
        "{checked}"
    );
    let data = std::fs::read_dir(&copy)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let unpacked_before = tree(&data);
    assert_eq!(
        unpacked_before.get(Path::new("scenarios/bank_robbery.ron")),
        shipped_before.1.get(Path::new("bank_robbery.ron")),
        "the copy is the shipped data"
    );

    // A headless card game and a Flick game between bots.
    let game = String::from_utf8(p.run(&["cards", "tabletown", "--seed", "3"]).stdout).unwrap();
    assert!(game.contains("for initiative"), "{game}");
    let scenario = data.join("scenarios/kill_the_leader.ron");
    let arena = p.run(&[
        "flick",
        "arena",
        "--scenario",
        scenario.to_str().unwrap(),
        "--games",
        "1",
        "--a",
        "easy",
        "--b",
        "easy",
        "--seed",
        "2",
    ]);
    let arena = String::from_utf8_lossy(&arena.stdout).into_owned();
    assert!(
        arena.contains("flick arena: easy (A) against easy (B), 1 games"),
        "{arena}"
    );

    // The menu's setup form changed, kept as the player's own setup (where
    // the program keeps it: setups/ in the configuration folder), and a
    // game dealt from it.
    let game = highnoon::cards::CardGame::Tabletown;
    let mut form = game
        .read_form(&data.join("assets/cards/tabletown.ron"))
        .unwrap();
    form.players = 3;
    form.seats = highnoon::cards::seating::seats_for(&form.seats, 3);
    form.seed = 41;
    let mine = p.user.join("setups").join("tabletown.ron");
    assert_eq!(form.save(&mine).unwrap().path, mine);
    let dealt = p.run(&["cards", "tabletown", "--setup", mine.to_str().unwrap()]);
    let dealt = String::from_utf8(dealt.stdout).unwrap();
    assert!(dealt.contains("for initiative"), "{dealt}");

    // A scripted screenshot of a card game in progress, and a new town of
    // the player's made by the editor from a bare name.
    p.run_in_a_window(&[
        "play",
        "tabletown",
        "--actions",
        "10",
        "--screenshot",
        "shot.png",
        "--frames",
        "20",
        "--graphics",
        "low",
    ]);
    // The table drawn (cards, felt, labels), not an empty frame.
    let shot = image::open(p.cwd.join("shot.png")).unwrap().to_rgb8();
    let colours: std::collections::HashSet<[u8; 3]> = shot.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 500,
        "{} colours: an empty frame?",
        colours.len()
    );
    p.run_in_a_window(&[
        "edit",
        "Dry Gulch",
        "--screenshot",
        "edit.png",
        "--frames",
        "3",
        "--graphics",
        "low",
    ]);
    let town = p.user.join("towns").join("Dry Gulch.ron");
    let made = String::from_utf8(p.run(&["validate", town.to_str().unwrap()]).stdout).unwrap();
    assert!(made.contains("Dry Gulch"), "{made}");

    // The shipped data, in the checkout and unpacked, is as it was.
    assert!(
        shipped_before
            == (
                tree(&checkout.join("assets")),
                tree(&checkout.join("scenarios"))
            )
    );
    assert!(
        tree(&data) == unpacked_before,
        "the unpacked data is only read"
    );
    // The player's settings and Continue are untouched by scripted runs.
    assert_eq!(
        std::fs::read_to_string(p.user.join("settings.ron")).unwrap(),
        settings
    );
    assert_eq!(
        std::fs::read_to_string(p.user.join("continue.ron")).unwrap(),
        kept
    );
    // Nor is a record of games kept for them.
    assert!(
        !p.user.join("record.ron").exists(),
        "a scripted run kept a record of games"
    );
    // Nothing written where the program was started but what was asked for.
    let here: Vec<_> = tree(&p.cwd).into_keys().collect();
    assert_eq!(here, [PathBuf::from("edit.png"), PathBuf::from("shot.png")]);
}

#[test]
fn a_data_folder_that_is_not_there_is_named_and_the_program_exits_2() {
    let p = Player::new("no-data");
    let out = p
        .command(&["validate"])
        .env("HIGHNOON_DATA_DIR", p.home.join("nowhere"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(e.lines().count(), 1, "one message: {e}");
    assert!(
        e.contains("HIGHNOON_DATA_DIR") && e.contains("nowhere"),
        "{e}"
    );
    // And nothing was unpacked or written for the player.
    assert!(!p.user.exists());
}

#[test]
fn the_shipped_data_is_found_beside_the_program_or_in_its_share_folder() {
    // The .deb's layout: <prefix>/bin/highnoon and <prefix>/share/highnoon.
    let p = Player::new("prefix");
    let prefix = p.home.join("prefix");
    std::fs::create_dir_all(prefix.join("bin")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_highnoon"), prefix.join("bin/highnoon")).unwrap();
    let share = prefix.join("share/highnoon");
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["assets", "scenarios"] {
        for (rel, bytes) in tree(&checkout.join(folder)) {
            let to = share.join(folder).join(rel);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::write(to, bytes).unwrap();
        }
    }
    let out = p
        .command_of(&prefix.join("bin/highnoon"), &["validate"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let checked = String::from_utf8_lossy(&out.stdout);
    assert!(checked.contains(&share.display().to_string()), "{checked}");
    assert!(
        !p.user.join("cache").exists(),
        "nothing unpacked: the share folder was used"
    );
}

#[test]
fn no_data_anywhere_is_one_message_naming_every_place_looked_in() {
    // Started away from the data, and the copy inside the program cannot be
    // unpacked (the player's folder is under a plain file).
    let p = Player::new("nowhere");
    std::fs::write(p.home.join("a file"), "not a folder").unwrap();
    let out = p
        .command(&["validate"])
        .env(
            "HIGHNOON_CONFIG_DIR",
            p.home.join("a file").join("highnoon"),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(e.lines().count(), 1, "one message: {e}");
    let cwd = p.cwd.canonicalize().unwrap();
    for place in [
        format!("{} (the current folder)", cwd.display()),
        "(beside the program)".to_string(),
        "(the install's share folder)".to_string(),
        "the copy inside the program: cannot unpack it".to_string(),
    ] {
        assert!(e.contains(&place), "{place} in: {e}");
    }
}
