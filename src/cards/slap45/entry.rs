//! Slap .45 in the card-game registry: its setup and options, bots and text.

use std::path::Path;

use rand::{Rng, RngCore};

use super::bots::Slap45Bot;
use super::reactions::{BotLevels, hick_ms, sample_reaction};
use super::rules::{Action, Phase, Slap, Slap45, Target, View};
use super::setup::{PLAYERS, Rules, Slap45Setup};
use crate::bot_level::Level;
use crate::cards::core::{Agent, Game, Illegal, Seat};
use crate::cards::search::SearchBot;
use crate::cards::seating::SeatKind;
use crate::cards::table_game::{RuleOption, TableGame};
use crate::scenario::Problems;

impl TableGame for Slap45 {
    type Rules = Rules;
    type Setup = Slap45Setup;
    const KEY: &'static str = "slap45";
    const TITLE: &'static str = "Slap .45";
    const BLURB: &'static str = "A card is flipped and everyone slaps at once: shoot, dive for cover, ride for new cover on a Move!; last gang standing wins.";
    const SETUP_MARKER: &'static str = "gangs:";
    const OPTIONS: &'static [RuleOption] = &[RuleOption {
        key: "gold",
        label: "Gold and gang powers (advanced)",
        about: "Gold cards in the deck, one Gold each to start, the seven gang powers and recruiting for 3 Gold.",
        on: "true",
        off: "false",
    }];
    const MIN_PLAYERS: usize = *PLAYERS.start();
    const MAX_PLAYERS: usize = *PLAYERS.end();

    fn check_setup(setup: &Slap45Setup, file: &Path, text: &str) -> Result<Rules, Problems> {
        Rules::from_setup(setup, file, text)
    }

    fn table_fields(s: &mut Slap45Setup) -> (&mut usize, &[SeatKind], u64) {
        (&mut s.players, &s.seats, s.seed)
    }

    fn option_on(rules: &Rules, key: &str) -> Option<bool> {
        (key == "gold").then_some(rules.gold)
    }

    fn turn_option(rules: &mut Rules, key: &str, on: bool) -> bool {
        if key == "gold" {
            rules.set_gold(on);
        }
        key == "gold"
    }

    fn new_game(rules: Rules) -> Self {
        Slap45::new(rules)
    }

    fn setup_summary(r: &Rules) -> String {
        format!(
            "Slap .45 setup, {} cards, {} gangs, {} players{}",
            r.cards.len(),
            r.gangs.len(),
            r.players,
            if r.gold { ", gold and powers" } else { "" }
        )
    }

    fn determinize(view: &View, rng: &mut dyn RngCore) -> Self {
        Slap45::determinize(view, rng)
    }

    fn wrong_actions(&self, rng: &mut dyn RngCore) -> Vec<Action> {
        let mut v = Slap45::wrong_actions(self, rng);
        v.push(Action::Play(rng.random_range(0..80)));
        v
    }

    fn wave(&self) -> Option<(u64, u32)> {
        match &self.phase {
            Phase::React(r) => Some(((self.rounds as u64) << 16 | r.waves as u64, r.wave.start_ms)),
            _ => None,
        }
    }

    fn waiting(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::React(r) => r
                .wave
                .order
                .iter()
                .copied()
                .filter(|s| !r.wave.declared.contains(s))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn declared(&self, seat: Seat) -> bool {
        self.round()
            .is_some_and(|r| r.wave.declared.contains(&seat))
    }

    fn resting(&self, seat: Seat) -> Option<String> {
        Slap45::resting(self, seat)
    }

    fn legal_for(&self, seat: Seat) -> Vec<Action> {
        Slap45::legal_for(self, seat)
    }

    fn declaration_line(
        &self,
        seat: Seat,
        action: &Action,
        viewer: Option<Seat>,
    ) -> Option<String> {
        Some(self.describe_declaration(seat, action, viewer))
    }

    fn declare(&mut self, seat: Seat, action: Action) -> Result<(), Illegal> {
        Slap45::declare(self, seat, action)
    }

    fn timed(action: &Action, ms: u32, aim: Option<Seat>) -> Action {
        match action {
            Action::Slap(s) => Action::Slap(Slap {
                at_ms: ms,
                point: if s.target == Target::Card {
                    aim
                } else {
                    s.point
                },
                ..*s
            }),
            a => a.clone(),
        }
    }

    fn at_ms(action: &Action) -> Option<u32> {
        match action {
            Action::Slap(s) => Some(s.at_ms),
            _ => None,
        }
    }

    fn idle() -> Option<Action> {
        Some(Action::Hold)
    }

    /// The expert's slaps come when its hand would make them: one simple
    /// reaction drawn from the expert's figures (`assets/cards/slap45_bots.ron`)
    /// after the wave's start, plus the Hick–Hyman cost of choosing among the
    /// gangs it could point at; never at the instant the legal list samples.
    fn retime(view: &View, candidates: &mut Vec<Action>, rng: &mut dyn RngCore) {
        let Phase::React(r) = &view.public.phase else {
            return;
        };
        let spec = BotLevels::builtin().spec(Level::Expert);
        let simple = r
            .wave
            .start_ms
            .saturating_add(sample_reaction(&spec, 1, rng));
        let mut points: Vec<Seat> = candidates
            .iter()
            .filter_map(|a| match a {
                Action::Slap(s) => s.point,
                _ => None,
            })
            .collect();
        points.sort_unstable();
        points.dedup();
        let choosing = simple.saturating_add(hick_ms(&spec, points.len()));
        for a in candidates.iter_mut() {
            if let Action::Slap(s) = a {
                s.at_ms = if s.target == Target::Card && s.point.is_some() {
                    choosing
                } else {
                    simple
                };
            }
        }
        let mut unique: Vec<Action> = Vec::with_capacity(candidates.len());
        for a in candidates.drain(..) {
            if !unique.contains(&a) {
                unique.push(a);
            }
        }
        *candidates = unique;
    }

    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self> + Send> {
        match level {
            Level::Expert => Box::new(SearchBot::<Self>::new(Self::search_spec(), seed)),
            _ => Box::new(Slap45Bot::new(level, seed)),
        }
    }

    /// The log line of each action already tells what it did (the wave's
    /// verdicts included); the news is the standings when a gang lost or
    /// gained a member.
    fn news(&self, before: &Self) -> Vec<String> {
        let changed = self
            .gangs
            .iter()
            .zip(&before.gangs)
            .any(|(a, b)| a.members != b.members);
        if changed {
            vec![format!("  {}", self.standings())]
        } else {
            Vec::new()
        }
    }

    fn render(&self, view: &View) -> String {
        let g = &view.public;
        let mut s = format!("\n{}\n", g.standings());
        match &g.phase {
            Phase::React(_) => {
                if let Some(c) = g.face_up() {
                    s.push_str(&format!("Face up: {}.\n", g.kind(c).title()));
                }
            }
            Phase::Deal => {
                s.push_str(&format!("{} deals.\n", g.name(g.dealer)));
                if let Some(c) = view.peek {
                    s.push_str(&format!("You peek: {}.\n", g.kind(c).title()));
                }
            }
            _ => {}
        }
        s.push_str(&format!(
            "Deck: {} card(s), discards: {}.\n",
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
            0 => "no gang is left standing".into(),
            1 => format!("{} is the last gang standing", self.name(w[0])),
            _ => format!(
                "the round limit: {} share the honours",
                w.iter()
                    .map(|&s| self.name(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}
