//! What every tool needs of a card game beyond its rules ([`TableGame`]):
//! its setup file read and checked, its rule options, its bots, its words,
//! and what the table needs of a real-time or tossing game.

use std::path::{Path, PathBuf};

use super::core::{Agent, Game, Seat};
use super::seating::{SeatKind, seats_for};
use crate::bot_level::Level;
use crate::scenario::Problems;

/// The clock a real-time game runs against (The Gunfighter's showdown): a
/// countdown, then `length_ms` of play in which each seat acts when its hand
/// is free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Which run of the clock this is (a new id starts a new countdown).
    pub id: u64,
    pub countdown_ms: u32,
    pub length_ms: u32,
    /// The seat to act next and when (ms after the countdown) its hand is free.
    pub next: Option<(Seat, i32)>,
    /// A person whose hand has been free this long without acting waits (the
    /// game's [`TableGame::idle`] action).
    pub patience_ms: u32,
}

/// A card in the air (tossed at a mat's hole), waiting to come to rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flight {
    pub thrower: Seat,
    pub target: Seat,
    pub key: super::view::CardKey,
}

/// A named rule option a setup file holds and the menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The setup file's field.
    pub key: &'static str,
    pub label: &'static str,
    /// Where it comes from and what it does.
    pub about: &'static str,
    /// The field's value (RON) when the option is on, and when it is off.
    pub on: &'static str,
    pub off: &'static str,
}

/// A setup file read and checked: the rules, who sits where, the seed, and
/// which of the game's [`RuleOption`]s are on (in `OPTIONS` order).
#[derive(Clone, Debug)]
pub struct LoadedSetup<R> {
    pub rules: R,
    pub players: usize,
    pub seats: Vec<SeatKind>,
    pub seed: u64,
    pub options: Vec<bool>,
    pub path: PathBuf,
}

impl<R> LoadedSetup<R> {
    /// A checked setup: the seats as the file lists them, filled out to `players`.
    pub fn new(
        rules: R,
        players: usize,
        listed: &[SeatKind],
        seed: u64,
        options: Vec<bool>,
        path: &Path,
    ) -> Self {
        LoadedSetup {
            rules,
            players,
            seats: seats_for(listed, players),
            seed,
            options,
            path: path.to_path_buf(),
        }
    }
}

/// What every tool needs of a card game beyond its rules ([`Game`]).
pub trait TableGame:
    Game<Action: Send + Sync + 'static, Observation: Send + Sync + PartialEq + 'static>
    + super::view::CardView
    + PartialEq
    + std::fmt::Debug
    + Send
    + Sync
    + 'static
{
    /// The checked setup a game is created from.
    type Rules: Clone + Send + Sync + 'static;
    const KEY: &'static str;
    const TITLE: &'static str;
    const BLURB: &'static str;
    /// A field only this game's setup files hold, to tell setups apart.
    const SETUP_MARKER: &'static str;
    /// The advanced and house rules the setup names; all off is the basic game.
    const OPTIONS: &'static [RuleOption];
    /// How many players the game takes.
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 6;

    /// The setup file as serde reads it, before its checks. Its unknown
    /// fields (a misspelt rule option, say) are refused as it is read
    /// (`#[serde(deny_unknown_fields)]`), at their line and column.
    type Setup: serde::de::DeserializeOwned;

    /// Checks a setup file's contents into the game's rules; every problem
    /// at its place in `text` (the game's `Rules::from_setup`). Who sits and
    /// how many are checked for every game alike ([`TableGame::load_setup`]).
    fn check_setup(setup: &Self::Setup, file: &Path, text: &str) -> Result<Self::Rules, Problems>;
    /// The fields every setup file has: the player count (which `--players`
    /// overrides), who sits where, and the seed.
    fn table_fields(setup: &mut Self::Setup) -> (&mut usize, &[SeatKind], u64);
    /// Whether the rule option `key` (one of [`Self::OPTIONS`]) is on in
    /// `rules`; `None` for a key the game does not have.
    fn option_on(rules: &Self::Rules, key: &str) -> Option<bool>;
    /// Turns the rule option `key` on or off; false, and nothing changed, for
    /// a key the game does not have.
    fn turn_option(rules: &mut Self::Rules, key: &str, on: bool) -> bool;

    /// Reads and checks a setup file; `players` overrides its count.
    fn load_setup(
        path: &Path,
        players: Option<usize>,
    ) -> Result<LoadedSetup<Self::Rules>, Problems> {
        let (mut setup, text) =
            super::read_setup(path, players, |s: &mut Self::Setup| Self::table_fields(s).0)?;
        // Every game's table first (who sits, how many), then its own rules.
        let (count, seats, _) = Self::table_fields(&mut setup);
        let range = Self::MIN_PLAYERS..=Self::MAX_PLAYERS;
        let table = super::check_table(path, &text, seats, *count, range, Self::TITLE);
        let rules = match Self::check_setup(&setup, path, &text) {
            Ok(rules) if table.is_empty() => rules,
            Ok(_) => return Err(Problems(table)),
            Err(Problems(more)) => return Err(Problems(table.into_iter().chain(more).collect())),
        };
        let options = Self::OPTIONS
            .iter()
            .map(|o| Self::option_on(&rules, o.key).unwrap_or(false))
            .collect();
        let (players, seats, seed) = Self::table_fields(&mut setup);
        Ok(LoadedSetup::new(
            rules, *players, seats, seed, options, path,
        ))
    }
    /// Turns one of [`Self::OPTIONS`] on or off; a key the game does not have
    /// is an error that names it (and the nearest option, if it looks like a
    /// typo of one).
    fn set_option(rules: &mut Self::Rules, key: &str, on: bool) -> Result<(), String> {
        if Self::turn_option(rules, key, on) {
            Ok(())
        } else {
            Err(unknown_option(Self::TITLE, key, Self::OPTIONS))
        }
    }
    /// A new game (the deal is its first chance action).
    fn new_game(rules: Self::Rules) -> Self;
    /// One line about a checked setup, for `validate`.
    fn setup_summary(rules: &Self::Rules) -> String;

    /// A bot of `level` for this game.
    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self> + Send>;
    /// The log line for an action (None: not worth a line), as `viewer` may know it.
    fn log_line(&self, action: &Self::Action, viewer: Option<Seat>) -> Option<String> {
        Some(self.describe(action, viewer))
    }
    /// Lines about what changed (a game's report, a death, the standings).
    fn news(&self, before: &Self) -> Vec<String>;
    /// The seat's view as text, for a human deciding.
    fn render(&self, view: &Self::Observation) -> String;
    /// The final result.
    fn summary(&self) -> String;
    /// The state's own consistency check (every card in one place, ...), for
    /// loaded saves and the random-playout tests.
    fn check(&self) -> Result<(), String>;
    /// A whole game consistent with `view`: what the seat cannot see (other
    /// hands, deck orders) dealt at random: Slapshot's bots' sampled worlds, and
    /// the observation tests.
    fn determinize(view: &Self::Observation, rng: &mut dyn rand::RngCore) -> Self;
    /// Random actions, mostly illegal now, for the playout tests' "a refused
    /// action changes nothing".
    fn wrong_actions(&self, rng: &mut dyn rand::RngCore) -> Vec<Self::Action>;

    /// How far the expert bot (`search::SearchBot`) searches a
    /// decision of this game: its playouts and the bots that play them, as
    /// `assets/cards/expert_search.ron` says (docs/card-games.md, "The
    /// expert").
    fn search_spec() -> SearchSpec {
        SearchSpec::of(super::expert_budget::Budgets::shipped().get(Self::KEY))
    }
    /// The expert's candidate actions made as its hand would make them: a
    /// real-time declaration stamped with the bot's own reaction time rather
    /// than the instant the legal list samples (Slap .45). Nothing by default.
    fn retime(
        _view: &Self::Observation,
        _candidates: &mut Vec<Self::Action>,
        _rng: &mut dyn rand::RngCore,
    ) {
    }

    /// A bot of `level` takes `seat` (headless, The Gunfighter's tosses land
    /// as often as the level's hand does).
    fn seat_bot(&mut self, _seat: Seat, _level: Level) {}

    // Real time by the clock, and tossing (The Gunfighter).
    /// The clock the game runs against now, if any.
    fn clock(&self) -> Option<Clock> {
        None
    }
    /// The card in the air, if the game waits for one to come to rest.
    fn flight(&self) -> Option<Flight> {
        None
    }
    /// The chance action for the card in the air come to rest, wholly inside
    /// the hole or not.
    fn landing(_in_hole: bool) -> Option<Self::Action> {
        None
    }
    /// A bot's tossing hand at `level`: its errors off the line (radians) and
    /// in speed (relative).
    fn toss_hand(_level: Level) -> (f32, f32) {
        (0.0, 0.0)
    }
    /// `action` (a card picked up to toss, as the scene offers it) tossed at
    /// `target`'s mat; None for an action that is not a toss.
    fn toss_at(_action: &Self::Action, _target: Seat) -> Option<Self::Action> {
        None
    }

    // Real time (Slap .45): a round is declared in sealed waves, and the window
    // lets every seat declare as it reacts, stamping each with its time.
    /// The wave open now, an id and its start (ms after the reveal); None in
    /// turn-based play.
    fn wave(&self) -> Option<(u64, u32)> {
        None
    }
    /// The seats still to declare in the open wave.
    fn waiting(&self) -> Vec<Seat> {
        Vec::new()
    }
    /// `seat` has declared in the open wave.
    fn declared(&self, _seat: Seat) -> bool {
        false
    }
    /// Why `seat` has nothing to declare in the open wave (its hand already
    /// safe, its slaps spent, its gang out), for a click that does nothing.
    fn resting(&self, _seat: Seat) -> Option<String> {
        None
    }
    /// The legal declarations of `seat` in the open wave (a sample: any time
    /// at or after the wave's start is accepted).
    fn legal_for(&self, _seat: Seat) -> Vec<Self::Action> {
        Vec::new()
    }
    /// The log line of `seat`'s declaration in the open wave, as `viewer` may know it.
    fn declaration_line(
        &self,
        seat: Seat,
        action: &Self::Action,
        viewer: Option<Seat>,
    ) -> Option<String> {
        let _ = seat;
        self.log_line(action, viewer)
    }
    /// `seat` declares in the open wave, whatever the turn order.
    fn declare(&mut self, _seat: Seat, _action: Self::Action) -> Result<(), super::core::Illegal> {
        super::core::refuse("this game has no real-time waves")
    }
    /// The declaration `action` made `ms` after the reveal, pointing at `aim`.
    fn timed(action: &Self::Action, _ms: u32, _aim: Option<Seat>) -> Self::Action {
        action.clone()
    }
    /// When a declaration takes effect (ms after the reveal); None for one
    /// that does nothing on the table (a hold).
    fn at_ms(_action: &Self::Action) -> Option<u32> {
        None
    }
    /// What a seat that did nothing in time declares.
    fn idle() -> Option<Self::Action> {
        None
    }

    /// True at a chance node that is a six-sided die (which a window rolls on
    /// the table instead of drawing from the RNG).
    fn awaits_die(&self) -> bool {
        false
    }
    /// The chance action for a die showing `face`.
    fn die_action(_face: u8) -> Option<Self::Action> {
        None
    }
}

/// The message for a rule option `key` that `title` does not have: the key,
/// the nearest option if it looks like a typo of one, and the options there are.
pub fn unknown_option(title: &str, key: &str, options: &[RuleOption]) -> String {
    let keys: Vec<&str> = options.iter().map(|o| o.key).collect();
    let hint = crate::scenario::nearest(key, &keys)
        .map(|k| format!("; did you mean `{k}`?"))
        .unwrap_or_default();
    let known = if keys.is_empty() {
        "none".to_string()
    } else {
        keys.join(", ")
    };
    format!("{title} has no rule option `{key}`{hint} (its options: {known})")
}

/// How far one decision searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSpec {
    /// Playouts per decision, shared among the candidate actions.
    pub playouts: usize,
    /// Worlds at the least, however many candidates there are.
    pub min_worlds: usize,
    /// The level of the bots that play each world out (every seat, the
    /// searching one included).
    pub rollout: Level,
    /// Actions a playout may take before it is scored as a draw (no game of
    /// the four is near it; a stuck rollout does not hang the bot).
    pub max_actions: usize,
    /// How sure the search must be to overrule the hard bot: the paired
    /// difference's mean over its standard error.
    pub z: f64,
}

/// Actions a playout may take before it is cut short (a safety net: every
/// game ends long before).
const MAX_PLAYOUT_ACTIONS: usize = 100_000;

impl SearchSpec {
    /// The search a game's budget in `assets/cards/expert_search.ron` asks for.
    pub fn of(budget: &super::expert_budget::Budget) -> SearchSpec {
        SearchSpec {
            playouts: budget.playouts,
            min_worlds: budget.min_worlds,
            rollout: budget.rollout,
            max_actions: MAX_PLAYOUT_ACTIONS,
            z: budget.z,
        }
    }
}

/// Applies a recorded action as the table does: a declaration of a seat still
/// to declare in a real-time wave goes in out of turn order, anything else in turn.
pub fn act<G: TableGame>(
    game: &mut G,
    seat: Option<Seat>,
    action: G::Action,
) -> Result<(), super::core::Illegal> {
    match seat {
        Some(s) if game.wave().is_some() && game.waiting().contains(&s) => game.declare(s, action),
        _ => game.apply(action),
    }
}

/// A new game from a setup file (`players` overrides its count).
pub fn load_game<G: TableGame>(path: &Path, players: Option<usize>) -> Result<G, Problems> {
    G::load_setup(path, players).map(|s| G::new_game(s.rules))
}
