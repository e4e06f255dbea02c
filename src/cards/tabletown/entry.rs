//! Tabletown in the card-game registry: its setup and options, bots, text and dice.

use std::path::Path;

use rand::{Rng, RngCore};

use crate::bot_level::Level;
use crate::cards::core::{Agent, Game};
use crate::cards::search::SearchBot;
use crate::cards::seating::SeatKind;
use crate::cards::table_game::{RuleOption, TableGame};
use crate::cards::tabletown::bots::Gunslinger;
use crate::cards::tabletown::{self, Action, Rules, Tabletown, TabletownSetup};
use crate::scenario::Problems;

impl TableGame for Tabletown {
    type Rules = Rules;
    type Setup = TabletownSetup;
    const KEY: &'static str = "tabletown";
    const TITLE: &'static str = "Tabletown";
    const BLURB: &'static str = "The gunslinger game: arm, load, call out a DRAW!, roll for the initiative; last one standing wins.";
    const SETUP_MARKER: &'static str = "gunslingers:";
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            key: "two_revolvers",
            label: "Two revolvers (advanced)",
            about: "A gunslinger may have two revolvers in play at once and fire both.",
            on: "true",
            off: "false",
        },
        RuleOption {
            key: "weapon_modifiers",
            label: "Weapon modifiers (advanced)",
            about: "Rifle +2 and shotgun +1 to the initiative die.",
            on: "true",
            off: "false",
        },
    ];

    fn check_setup(setup: &TabletownSetup, file: &Path, text: &str) -> Result<Rules, Problems> {
        Rules::from_setup(setup, file, text)
    }

    fn table_fields(s: &mut TabletownSetup) -> (&mut usize, &[SeatKind], u64) {
        (&mut s.players, &s.seats, s.seed)
    }

    fn option_on(rules: &Rules, key: &str) -> Option<bool> {
        match key {
            "two_revolvers" => Some(rules.two_revolvers),
            "weapon_modifiers" => Some(rules.weapon_modifiers),
            _ => None,
        }
    }

    fn turn_option(rules: &mut Rules, key: &str, on: bool) -> bool {
        match key {
            "two_revolvers" => rules.two_revolvers = on,
            "weapon_modifiers" => rules.weapon_modifiers = on,
            _ => return false,
        }
        true
    }

    fn new_game(rules: Rules) -> Self {
        Tabletown::new(rules)
    }

    fn setup_summary(r: &Rules) -> String {
        format!(
            "Tabletown setup, {} cards, {} gunslingers, {} players",
            r.cards.len(),
            r.gunslingers.len(),
            r.players
        )
    }

    fn determinize(view: &tabletown::View, rng: &mut dyn RngCore) -> Self {
        Tabletown::determinize(view, rng)
    }

    fn wrong_actions(&self, rng: &mut dyn RngCore) -> Vec<Action> {
        let n = self.rules.players;
        let c = rng.random_range(0..self.rules.cards.len() as u8);
        let s = rng.random_range(0..n + 1);
        vec![
            Action::Arm(c),
            Action::Load(c),
            Action::Discard(c),
            Action::Track(s),
            Action::Reach(c, s),
            Action::Pass,
            Action::Hold,
            Action::Shoot {
                shots: rng.random_range(1..4),
                both_barrels: rng.random(),
            },
            Action::Tnt(rng.random_range(1..4)),
            Action::Star(c),
            Action::TurnToFace,
            Action::CallOut(s),
            Action::Die(rng.random_range(0..8)),
        ]
    }

    fn awaits_die(&self) -> bool {
        use crate::cards::core::Turn;
        self.turn() == Turn::Chance
            && !matches!(
                self.phase,
                tabletown::Phase::Deal | tabletown::Phase::Mix | tabletown::Phase::Reshuffle
            )
    }

    fn die_action(face: u8) -> Option<Action> {
        (1..=6).contains(&face).then_some(Action::Die(face))
    }

    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self> + Send> {
        match level {
            Level::Expert => Box::new(SearchBot::<Self>::new(Self::search_spec(), seed)),
            _ => Box::new(Gunslinger::new(level, seed)),
        }
    }

    fn news(&self, before: &Self) -> Vec<String> {
        let mut v = Vec::new();
        for (seat, (now, was)) in self.slingers.iter().zip(&before.slingers).enumerate() {
            if now.wounds != was.wounds {
                v.push(format!("  {} has {} wound(s)", self.name(seat), now.wounds));
            }
            if was.alive && !now.alive {
                v.push(format!("  {} is dead", self.name(seat)));
            }
        }
        v
    }

    fn render(&self, view: &tabletown::View) -> String {
        let g = &view.public;
        if let tabletown::Phase::Choose { .. } = g.phase {
            return "\nPick your gunslinger:\n".into();
        }
        let mut s = String::from("\n");
        for (seat, sl) in g.slingers.iter().enumerate() {
            let mut parts = vec![format!("{} wound(s)", sl.wounds)];
            parts.push(match sl.weapon() {
                Some(k) if sl.guns.len() > 1 => {
                    format!("{} {}s, {} loaded", sl.guns.len(), k.title(), sl.loaded())
                }
                Some(k) => format!("{}, {} loaded", k.title(), sl.loaded()),
                None => "unarmed".into(),
            });
            if let Some(f) = sl.facing {
                parts.push(format!("faces seat {f}"));
            }
            parts.push(format!("{} card(s)", view.hand_sizes[seat]));
            s.push_str(&format!(
                "  {}{}: {}{}\n",
                g.name(seat),
                if seat == view.seat { " (you)" } else { "" },
                parts.join(", "),
                if sl.alive { "" } else { " - dead" }
            ));
        }
        let hand: Vec<&str> = view.hand.iter().map(|&c| g.kind(c).title()).collect();
        s.push_str(&format!(
            "Your hand: {}. Deck: {} card(s), discards: {}.\n",
            if hand.is_empty() {
                "empty".to_string()
            } else {
                hand.join(", ")
            },
            view.deck_size,
            g.discard.len()
        ));
        s
    }

    fn check(&self) -> Result<(), String> {
        self.check_invariants()
    }

    fn summary(&self) -> String {
        let w = self.winners();
        match w.len() {
            0 => "nobody is left standing".into(),
            1 => format!("{} is the fastest draw in the West", self.name(w[0])),
            _ => format!(
                "sundown: {} share the honours",
                w.iter()
                    .map(|&s| self.name(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}
