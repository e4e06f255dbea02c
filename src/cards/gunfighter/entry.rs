//! The Gunfighter in the card-game registry: its setup and options, bots,
//! text, the showdown's clock and the tosses the table throws on Rapier.

use std::path::Path;

use rand::{Rng, RngCore};

use super::bots::{GunfighterBot, hand};
use super::rules::View;
use super::rules::{Action, Gunfighter, Phase, WAIT_MS};
use super::setup::{CardId, GunfighterSetup, PLAYERS, Rules};
use crate::bot_level::Level;
use crate::cards::core::{Agent, Game, Seat};
use crate::cards::search::SearchBot;
use crate::cards::seating::SeatKind;
use crate::cards::table_game::{Clock, Flight, RuleOption, TableGame};
use crate::scenario::Problems;

/// The five-second countdown before every showdown's tossing.
pub const COUNTDOWN_MS: u32 = 5000;

impl TableGame for Gunfighter {
    type Rules = Rules;
    type Setup = GunfighterSetup;
    const KEY: &'static str = "gunfighter";
    const TITLE: &'static str = "The Gunfighter";
    const BLURB: &'static str = "Five seconds to toss cards from a memorised bandolier into the others' mat holes; only cards wholly inside count. Last gunfighter standing wins.";
    const SETUP_MARKER: &'static str = "showdown_ms:";
    const OPTIONS: &'static [RuleOption] = &[RuleOption {
        key: "random_characters",
        label: "Characters chosen by seat",
        about: "The rule sheet's second way, by agreement: seat i plays the i-th character of the setup (off: dealt at random, the first way).",
        on: "false",
        off: "true",
    }];
    const MIN_PLAYERS: usize = *PLAYERS.start();
    const MAX_PLAYERS: usize = *PLAYERS.end();

    fn check_setup(setup: &GunfighterSetup, file: &Path, text: &str) -> Result<Rules, Problems> {
        Rules::from_setup(setup, file, text)
    }

    fn table_fields(s: &mut GunfighterSetup) -> (&mut usize, &[SeatKind], u64) {
        (&mut s.players, &s.seats, s.seed)
    }

    /// The option is "characters chosen by seat": on when they are not dealt
    /// at random.
    fn option_on(rules: &Rules, key: &str) -> Option<bool> {
        (key == "random_characters").then_some(!rules.random_characters)
    }

    fn turn_option(rules: &mut Rules, key: &str, on: bool) -> bool {
        if key == "random_characters" {
            rules.random_characters = !on;
        }
        key == "random_characters"
    }

    fn new_game(rules: Rules) -> Self {
        Gunfighter::new(rules)
    }

    fn setup_summary(r: &Rules) -> String {
        format!(
            "The Gunfighter setup, {} characters, {} cards, {} covert, {} players, {} health, {} ms showdowns{}",
            r.characters.len(),
            r.cards.len() - r.covert.len(),
            r.covert.len(),
            r.players,
            r.health,
            r.showdown_ms,
            if r.random_characters {
                ""
            } else {
                ", characters by seat"
            }
        )
    }

    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self> + Send> {
        match level {
            Level::Expert => Box::new(SearchBot::<Self>::new(Self::search_spec(), seed)),
            _ => Box::new(GunfighterBot::new(level, seed)),
        }
    }

    fn seat_bot(&mut self, seat: Seat, level: Level) {
        if let Some(h) = self.hands.get_mut(seat) {
            *h = hand(level).landing;
        }
    }

    /// Tosses, landings, plays and the reading are told by the game's own
    /// lines ([`TableGame::news`]); a swap with the pocket or within the
    /// bandolier is told here, with the cards when the viewer may see them.
    fn log_line(&self, action: &Action, viewer: Option<Seat>) -> Option<String> {
        matches!(action, Action::Exchange { .. } | Action::Arrange { .. })
            .then(|| self.describe(action, viewer))
    }

    fn news(&self, _before: &Self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| !e.contains("swaps a card with the pocket"))
            .map(|e| format!("  {e}"))
            .collect()
    }

    fn render(&self, view: &View) -> String {
        let r = &view.rules;
        let name = |c: &CardId| r.card(*c).name.clone();
        let mut s = String::from("\n");
        for (seat, f) in view.fighters.iter().enumerate() {
            s.push_str(&format!(
                "  seat {seat}{}: the {}, health {}{}, deck {}, bandolier {}, pocket {}, covert {}{}\n",
                if seat == view.seat { " (you)" } else { "" },
                r.characters[f.character].name,
                f.health,
                if f.armor > 0 {
                    format!(" (+{} armor)", f.armor)
                } else {
                    String::new()
                },
                f.deck,
                f.bandolier,
                f.pocket,
                f.covert,
                if f.alive { "" } else { " - dead" }
            ));
            if !view.mats[seat].is_empty() {
                let stack: Vec<String> = view.mats[seat].iter().map(|l| name(&l.card)).collect();
                s.push_str(&format!(
                    "    in the hole, bottom first: {}\n",
                    stack.join(", ")
                ));
            }
        }
        let slots: Vec<String> = view
            .bandolier
            .iter()
            .enumerate()
            .map(|(k, c)| format!("{k}: {}", c.as_ref().map_or("-".into(), name)))
            .collect();
        s.push_str(&format!("Your bandolier: {}\n", slots.join(", ")));
        if !view.pocket.is_empty() {
            let p: Vec<String> = view.pocket.iter().map(name).collect();
            s.push_str(&format!("Your pocket: {}\n", p.join(", ")));
        }
        let c: Vec<String> = view.covert.iter().map(name).collect();
        s.push_str(&format!("Your covert cards: {}\n", c.join(", ")));
        if let Phase::Showdown = view.phase {
            s.push_str(&format!(
                "The showdown: your hand is free at {} ms of {}.\n",
                view.fighters[view.seat].ready_ms, r.showdown_ms
            ));
        }
        s
    }

    fn summary(&self) -> String {
        match self.winners.as_slice() {
            [] => "nobody is left standing".into(),
            [w] => format!("{} is the last gunfighter standing", self.name_of(*w)),
            w => format!(
                "sundown: {} share the honours",
                w.iter()
                    .map(|&s| self.name_of(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    fn check(&self) -> Result<(), String> {
        self.check_invariants()
    }

    fn determinize(view: &View, rng: &mut dyn RngCore) -> Self {
        Gunfighter::determinize(view, rng)
    }

    fn wrong_actions(&self, rng: &mut dyn RngCore) -> Vec<Action> {
        let n = self.rules.players;
        let cards = self.rules.cards.len() as CardId;
        vec![
            Action::Toss {
                slot: rng.random_range(0..12),
                target: rng.random_range(0..n + 2),
            },
            Action::Land {
                in_hole: rng.random(),
            },
            Action::Exchange {
                slot: rng.random_range(0..8),
                pocket: rng.random_range(0..8),
            },
            Action::Covert {
                card: rng.random_range(0..cards),
                target: rng.random_range(0..n),
            },
            Action::Early {
                slot: rng.random_range(0..8),
                target: rng.random_range(0..n),
            },
            Action::Arrange {
                a: rng.random_range(0..8),
                b: rng.random_range(0..8),
            },
            Action::Keep,
            Action::Ready,
            Action::Wait,
            Action::Holster,
        ]
    }

    fn clock(&self) -> Option<Clock> {
        if self.phase != Phase::Showdown {
            return None;
        }
        Some(Clock {
            id: self.showdowns as u64,
            countdown_ms: COUNTDOWN_MS,
            length_ms: self.rules.showdown_ms,
            next: self.next_tosser().map(|s| (s, self.fighters[s].ready_ms)),
            // A person who has not tossed by the time a wait would be over, waits.
            patience_ms: WAIT_MS as u32,
        })
    }

    fn flight(&self) -> Option<Flight> {
        self.in_the_air().map(|t| Flight {
            thrower: t.thrower,
            target: t.target,
            key: u32::from(t.card),
        })
    }

    fn toss_hand(level: Level) -> (f32, f32) {
        let h = hand(level);
        (h.yaw_sd, h.speed_sd)
    }

    fn landing(in_hole: bool) -> Option<Action> {
        Some(Action::Land { in_hole })
    }

    fn toss_at(action: &Action, target: Seat) -> Option<Action> {
        match *action {
            Action::Toss { slot, .. } => Some(Action::Toss { slot, target }),
            _ => None,
        }
    }

    fn idle() -> Option<Action> {
        Some(Action::Wait)
    }
}
