//! One registry of card games, in the manner of OpenSpiel's: every tool — the
//! `cards` command, the arena, the bench, `validate`, the window's menu and 3D
//! table, the shared tests — reaches a game through [`CardGame::dispatch`]. A new
//! game is a variant of [`CardGame`], a line in `dispatch`, and an impl of
//! [`TableGame`]; nothing else changes.

use std::path::{Path, PathBuf};

use super::seating::SeatKind;
use super::table_game::{RuleOption, TableGame};
use crate::scenario::{DataError, Problems};

/// Every card game the program knows, in menu order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum CardGame {
    Slapshot,
    Tabletown,
    Slap45,
    Gunfighter,
}

impl CardGame {
    pub const ALL: [CardGame; 4] = [
        CardGame::Slapshot,
        CardGame::Tabletown,
        CardGame::Slap45,
        CardGame::Gunfighter,
    ];

    /// Applies `visitor` to the game's state type: the one dispatch.
    pub fn dispatch<V: GameVisitor>(self, visitor: V) -> V::Output {
        match self {
            CardGame::Slapshot => visitor.visit::<super::slapshot::Slapshot>(self),
            CardGame::Tabletown => visitor.visit::<super::tabletown::Tabletown>(self),
            CardGame::Slap45 => visitor.visit::<super::slap45::Slap45>(self),
            CardGame::Gunfighter => visitor.visit::<super::gunfighter::Gunfighter>(self),
        }
    }

    /// The lower-case name used on the command line and in file names.
    pub fn key(self) -> &'static str {
        self.dispatch(Key)
    }

    /// The game's title, for menus and logs.
    pub fn title(self) -> &'static str {
        self.dispatch(Title)
    }

    /// One line about the game, for the menu.
    pub fn blurb(self) -> &'static str {
        self.dispatch(Blurb)
    }

    /// How many players the game takes.
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        struct Players;
        impl GameVisitor for Players {
            type Output = std::ops::RangeInclusive<usize>;
            fn visit<G: TableGame>(self, _: CardGame) -> Self::Output {
                G::MIN_PLAYERS..=G::MAX_PLAYERS
            }
        }
        self.dispatch(Players)
    }

    pub fn from_key(key: &str) -> Option<CardGame> {
        CardGame::ALL.into_iter().find(|g| g.key() == key)
    }

    /// The shipped setup file, `assets/cards/<key>.ron`.
    pub fn default_setup(self) -> PathBuf {
        crate::scenario::data_root()
            .join("assets")
            .join("cards")
            .join(format!("{}.ron", self.key()))
    }

    /// Which game a setup file's text is for (each game's setup holds a key no
    /// other game's does), if any.
    pub fn of_setup(text: &str) -> Option<CardGame> {
        CardGame::ALL
            .into_iter()
            .find(|g| g.dispatch(Marker).is_some_and(|m| text.contains(m)))
    }

    /// Checks a setup file of this game; a one-line summary when it is good.
    pub fn validate(self, path: &Path) -> Result<String, Problems> {
        struct Validate<'a>(&'a Path);
        impl GameVisitor for Validate<'_> {
            type Output = Result<String, Problems>;
            fn visit<G: TableGame>(self, _: CardGame) -> Self::Output {
                G::load_setup(self.0, None).map(|s| G::setup_summary(&s.rules))
            }
        }
        self.dispatch(Validate(path))
    }

    /// The game's named rule options (advanced rules and house rules).
    pub fn options(self) -> &'static [RuleOption] {
        self.dispatch(Options)
    }
}

/// A setup as the menu edits it: players, seats, seed and rule options. The
/// rest (cards, house rules) stays as the file has it.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupForm {
    pub game: CardGame,
    pub path: PathBuf,
    pub players: usize,
    pub seats: Vec<SeatKind>,
    pub seed: u64,
    /// On or off, in the order of the game's [`CardGame::options`].
    pub options: Vec<bool>,
}

impl CardGame {
    /// Reads and checks a setup file of this game into a form.
    pub fn read_form(self, path: &Path) -> Result<SetupForm, Problems> {
        struct Read<'a>(&'a Path);
        impl GameVisitor for Read<'_> {
            type Output = Result<SetupForm, Problems>;
            fn visit<G: TableGame>(self, game: CardGame) -> Self::Output {
                let s = G::load_setup(self.0, None)?;
                Ok(SetupForm {
                    game,
                    path: s.path,
                    players: s.players,
                    seats: s.seats,
                    seed: s.seed,
                    options: s.options,
                })
            }
        }
        self.dispatch(Read(path))
    }
}

impl SetupForm {
    /// Saves the form to `to` (the player's own setup): the text of the
    /// form's file with the form's fields written in (comments and
    /// everything else kept), then read back and checked. Nothing is written
    /// when nothing changed and `to` is the form's own file or not there yet
    /// (an unchanged shipped setup is played as it is); a form that does not
    /// check leaves `to` as it was. The shipped file is only read.
    pub fn save(&self, to: &Path) -> Result<SetupForm, Problems> {
        let text = std::fs::read_to_string(&self.path)
            .map_err(|e| DataError::new(&self.path, format!("cannot read the file: {e}")))?;
        let new = self.written_into(&text);
        let elsewhere = to != self.path;
        if new == text && !(elsewhere && to.exists()) {
            return self.game.read_form(&self.path);
        }
        let new = if elsewhere && !new.starts_with(USER_SETUP_HEADER) {
            format!("{USER_SETUP_HEADER}{new}")
        } else {
            new
        };
        let before = std::fs::read(to).ok();
        crate::files::write_whole(to, &new).map_err(|e| Problems(vec![DataError::new(to, e)]))?;
        self.game.read_form(to).inspect_err(|_| {
            // Not a setup that plays: what was there before is put back.
            let _ = match &before {
                Some(old) => crate::files::write_whole(to, old),
                None => std::fs::remove_file(to).map_err(|e| e.to_string()),
            };
        })
    }

    /// `text` with the form's fields written in.
    fn written_into(&self, text: &str) -> String {
        let mut new = super::setup_edit::set_field(text, "players", &self.players.to_string());
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|s| match s {
                SeatKind::You => "You".to_string(),
                SeatKind::Bot(l) => format!("Bot({l:?})"),
            })
            .collect();
        new = super::setup_edit::set_field(&new, "seats", &format!("[{}]", seats.join(", ")));
        new = super::setup_edit::set_field(&new, "seed", &self.seed.to_string());
        for (option, on) in self.game.options().iter().zip(&self.options) {
            let value = if *on { option.on } else { option.off };
            // An option already on keeps its own values (custom limits, say).
            let already_on = super::setup_edit::find_value(&new, option.key)
                .is_some_and(|(a, b)| new[a..b] != *option.off);
            if !(*on && already_on) {
                new = super::setup_edit::set_field(&new, option.key, value);
            }
        }
        new
    }
}

/// The first lines of a player's own setup, written by the menu.
const USER_SETUP_HEADER: &str = "// Your setup: the menu's last players, seats, seed and rule options,\n// written when you sat down (a copy of the shipped setup; delete it to go\n// back to that).\n";

impl CardGame {
    /// Where the player's own setup of this game is kept (the menu's last
    /// seats, seed and options): `setups/<key>.ron` in their configuration
    /// folder; `None` on a system with no home folder.
    pub fn user_setup(self) -> Option<PathBuf> {
        crate::files::user(crate::files::Folders::setups)
            .map(|d| d.join(format!("{}.ron", self.key())))
    }

    /// The setup the menu opens: the player's own when they have one, else
    /// the shipped one.
    pub fn menu_setup(self) -> PathBuf {
        self.user_setup()
            .filter(|p| p.exists())
            .unwrap_or_else(|| self.default_setup())
    }
}

impl std::fmt::Display for CardGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

struct Key;
impl GameVisitor for Key {
    type Output = &'static str;
    fn visit<G: TableGame>(self, _: CardGame) -> &'static str {
        G::KEY
    }
}
struct Title;
impl GameVisitor for Title {
    type Output = &'static str;
    fn visit<G: TableGame>(self, _: CardGame) -> &'static str {
        G::TITLE
    }
}
struct Blurb;
impl GameVisitor for Blurb {
    type Output = &'static str;
    fn visit<G: TableGame>(self, _: CardGame) -> &'static str {
        G::BLURB
    }
}
struct Marker;
impl GameVisitor for Marker {
    type Output = Option<&'static str>;
    fn visit<G: TableGame>(self, _: CardGame) -> Option<&'static str> {
        Some(G::SETUP_MARKER)
    }
}
struct Options;
impl GameVisitor for Options {
    type Output = &'static [RuleOption];
    fn visit<G: TableGame>(self, _: CardGame) -> &'static [RuleOption] {
        G::OPTIONS
    }
}

/// Code that works on any card game: `visit` is called with the game's state type.
pub trait GameVisitor {
    type Output;
    fn visit<G: TableGame>(self, game: CardGame) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot_level::Level;
    use crate::cards::seating::seats_for;

    #[test]
    fn every_game_has_a_distinct_key_marker_and_a_shipped_setup_of_its_own() {
        let keys: Vec<&str> = CardGame::ALL.iter().map(|g| g.key()).collect();
        for (i, g) in CardGame::ALL.into_iter().enumerate() {
            assert!(!keys[..i].contains(&g.key()), "{g}: key used twice");
            assert_eq!(CardGame::from_key(g.key()), Some(g));
            let text = std::fs::read_to_string(g.default_setup()).expect("shipped setup");
            assert_eq!(CardGame::of_setup(&text), Some(g), "{g}: setup marker");
            assert!(g.validate(&g.default_setup()).is_ok(), "{g}: setup checks");
        }
    }

    /// Who sits and how many are checked for every game alike, at the
    /// file's `players` field: one below or above the game's range is
    /// refused, its ends are not.
    #[test]
    fn every_game_takes_its_range_of_players_and_no_more_or_fewer() {
        struct Counts;
        impl GameVisitor for Counts {
            type Output = ();
            fn visit<G: TableGame>(self, game: CardGame) {
                let path = game.default_setup();
                let text = std::fs::read_to_string(&path).unwrap();
                let line = text
                    .lines()
                    .position(|l| l.trim_start().starts_with("players:"))
                    .unwrap()
                    + 1;
                for n in [G::MIN_PLAYERS - 1, G::MAX_PLAYERS + 1] {
                    let Err(e) = G::load_setup(&path, Some(n)) else {
                        panic!("{game}: {n} players taken");
                    };
                    let e = e.to_string();
                    let (title, min, max) = (G::TITLE, G::MIN_PLAYERS, G::MAX_PLAYERS);
                    let range = format!("{n} players: {title} is for {min} to {max}");
                    let at = format!("{}:{line}:", path.display());
                    assert!(e.contains(&at) && e.contains(&range), "{game}: {e}");
                }
                for n in [G::MIN_PLAYERS, G::MAX_PLAYERS] {
                    let loaded = G::load_setup(&path, Some(n));
                    assert!(loaded.is_ok(), "{game}, {n} players: {:?}", loaded.err());
                }
            }
        }
        for game in CardGame::ALL {
            game.dispatch(Counts);
        }
    }

    #[test]
    fn a_form_saved_to_its_file_reads_back_the_same_and_keeps_the_comments() {
        for game in CardGame::ALL {
            let dir = std::env::temp_dir().join(format!("highnoon-form-{}", game.key()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("setup.ron");
            std::fs::copy(game.default_setup(), &path).unwrap();
            let mut form = game.read_form(&path).expect("reads");
            assert!(
                form.options.iter().all(|on| !on),
                "{game}: the basic game by default"
            );
            form.players = 3;
            form.seats = vec![
                SeatKind::Bot(Level::Hard),
                SeatKind::You,
                SeatKind::Bot(Level::Easy),
            ];
            form.seed = 99;
            form.options = vec![true; form.options.len()];
            let back = form.save(&path).expect("saves");
            assert_eq!(back, form, "{game}");
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.starts_with("//"), "{game}: comments kept");
            // Two people at one table is refused with the place, and the
            // file is left as it was.
            let mut two = form.clone();
            two.seats[0] = SeatKind::You;
            let e = two.save(&path).expect_err("two seats of yours").to_string();
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                text,
                "{game}: kept"
            );
            // file:line:col at the `seats` field.
            let at = format!("{}:", path.display());
            let line = std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .position(|l| l.trim_start().starts_with("seats:"))
                .unwrap()
                + 1;
            assert!(e.starts_with(&format!("{at}{line}:")), "{e}");
            assert!(e.contains("2 seats are `You`"), "{e}");
        }
    }

    /// The menu's form, changed and saved as the player's own setup: the
    /// shipped file is only read (byte for byte the same after), the
    /// player's file gets the change and the menu opens it next; an
    /// unchanged form writes nothing.
    #[test]
    fn the_menus_form_is_saved_to_the_players_file_never_the_shipped_one() {
        for game in CardGame::ALL {
            let dir = std::env::temp_dir().join(format!(
                "highnoon-user-setup-{}-{}",
                game.key(),
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            let mine = dir.join("setups").join(format!("{}.ron", game.key()));
            let shipped = game.default_setup();
            let before = std::fs::read(&shipped).unwrap();
            let form = game.read_form(&shipped).expect("reads");
            // Unchanged: played as shipped, nothing written.
            assert_eq!(form.save(&mine).expect("saves").path, shipped, "{game}");
            assert!(
                !mine.exists(),
                "{game}: nothing written for an unchanged form"
            );
            let mut changed = form.clone();
            changed.seed = form.seed + 17;
            changed.seats.reverse();
            let back = changed.save(&mine).expect("saves");
            assert_eq!(back.path, mine, "{game}");
            assert_eq!(
                (back.seed, &back.seats),
                (changed.seed, &changed.seats),
                "{game}"
            );
            assert_eq!(
                std::fs::read(&shipped).unwrap(),
                before,
                "{game}: shipped file untouched"
            );
            let text = std::fs::read_to_string(&mine).unwrap();
            assert!(text.starts_with(USER_SETUP_HEADER), "{game}");
            // Changed again from the player's own file: written there.
            let mut again = back.clone();
            again.seed += 1;
            assert_eq!(again.save(&mine).unwrap().seed, again.seed, "{game}");
            assert_eq!(std::fs::read(&shipped).unwrap(), before, "{game}");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// A key a game's setup does not have (here a misspelt rule option) is
    /// refused as the file is read: at its file:line:col, named, with the
    /// nearest key. In code, `set_option` refuses an unknown key by name too,
    /// and every option the game offers is one it knows.
    #[test]
    fn an_unknown_option_key_is_refused_by_name() {
        struct Unknown;
        impl GameVisitor for Unknown {
            type Output = ();
            fn visit<G: TableGame>(self, game: CardGame) {
                let option = G::OPTIONS[0].key;
                let typo = format!("{option}s");
                let text = std::fs::read_to_string(game.default_setup()).expect("shipped setup");
                let bad = crate::cards::setup_edit::set_field(&text, &typo, G::OPTIONS[0].off);
                let dir = std::env::temp_dir().join(format!(
                    "highnoon-unknown-option-{}-{}",
                    game.key(),
                    std::process::id()
                ));
                std::fs::create_dir_all(&dir).unwrap();
                let path = dir.join("setup.ron");
                std::fs::write(&path, &bad).unwrap();
                let e = G::load_setup(&path, None)
                    .err()
                    .expect("an unknown key is refused")
                    .to_string();
                let line = bad
                    .lines()
                    .position(|l| l.trim_start().starts_with(&format!("{typo}:")))
                    .expect("the key written")
                    + 1;
                assert!(
                    e.contains(&format!("{}:{line}:", path.display())),
                    "{game}: at the key's line: {e}"
                );
                assert!(
                    e.contains(&format!("`{typo}`")),
                    "{game}: names the key: {e}"
                );
                assert!(
                    e.contains(&format!("did you mean `{option}`?")),
                    "{game}: the nearest key: {e}"
                );

                let mut rules = G::load_setup(&game.default_setup(), None)
                    .unwrap_or_else(|e| panic!("{game}: {e}"))
                    .rules;
                let e = G::set_option(&mut rules, &typo, true).expect_err("unknown in code too");
                assert!(
                    e.contains(&format!("`{typo}`"))
                        && e.contains(&format!("did you mean `{option}`?")),
                    "{game}: {e}"
                );
                for o in G::OPTIONS {
                    for on in [true, false] {
                        G::set_option(&mut rules, o.key, on)
                            .unwrap_or_else(|e| panic!("{game}: {e}"));
                        assert_eq!(G::option_on(&rules, o.key), Some(on), "{game}: {}", o.key);
                    }
                }
            }
        }
        for game in CardGame::ALL {
            game.dispatch(Unknown);
        }
    }

    /// Every setup shipped in `assets/cards` loads (the bot levels files
    /// there are not setups).
    #[test]
    fn every_shipped_setup_loads() {
        let dir = crate::scenario::data_root().join("assets").join("cards");
        let mut games = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("assets/cards") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|x| x != "ron") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            let Some(game) = CardGame::of_setup(&text) else {
                continue;
            };
            game.validate(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            games.push(game);
        }
        for game in CardGame::ALL {
            assert!(games.contains(&game), "{game}: a setup is shipped");
        }
    }

    #[test]
    fn seats_are_filled_out_to_the_players() {
        use Level::*;
        assert_eq!(
            seats_for(&[], 3),
            vec![SeatKind::You, SeatKind::Bot(Normal), SeatKind::Bot(Normal)]
        );
        assert_eq!(
            seats_for(
                &[SeatKind::Bot(Hard), SeatKind::You, SeatKind::Bot(Easy)],
                2
            ),
            vec![SeatKind::Bot(Hard), SeatKind::You]
        );
        assert_eq!(
            seats_for(&[SeatKind::Bot(Hard)], 2),
            vec![SeatKind::Bot(Hard), SeatKind::Bot(Normal)]
        );
    }
}
