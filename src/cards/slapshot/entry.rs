//! Slapshot in the card-game registry: its setup and options, bots and text.

use std::path::Path;

use rand::{Rng, RngCore};

use crate::bot_level::Level;
use crate::cards::core::{Agent, Game, Seat};
use crate::cards::search::SearchBot;
use crate::cards::seating::SeatKind;
use crate::cards::slapshot::bots::Manager;
use crate::cards::slapshot::{self, Action, Position, Rules, Slapshot, SlapshotSetup};
use crate::cards::table_game::{RuleOption, TableGame};
use crate::scenario::Problems;

impl TableGame for Slapshot {
    type Rules = Rules;
    type Setup = SlapshotSetup;
    const KEY: &'static str = "slapshot";
    const TITLE: &'static str = "Slapshot";
    const BLURB: &'static str = "Hockey cards: pick a team, trade, draft, challenge; first to the Playoffs, then the final.";
    const SETUP_MARKER: &'static str = "roster:";
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            key: "league_schedule",
            label: "League schedule (advanced)",
            about: "Every manager initiates two games against every other, each opponent once before any twice; the season ends when all are played.",
            on: "true",
            off: "false",
        },
        RuleOption {
            key: "limits",
            label: "Draft and trade limits (advanced)",
            about: "Four drafts and four trades per manager per season.",
            on: "Some((drafts: 4, trades: 4))",
            off: "None",
        },
    ];

    fn check_setup(setup: &SlapshotSetup, file: &Path, text: &str) -> Result<Rules, Problems> {
        Rules::from_setup(setup, file, text)
    }

    fn table_fields(s: &mut SlapshotSetup) -> (&mut usize, &[SeatKind], u64) {
        (&mut s.players, &s.seats, s.seed)
    }

    fn option_on(rules: &Rules, key: &str) -> Option<bool> {
        match key {
            "league_schedule" => Some(rules.league_schedule),
            "limits" => Some(rules.limits.is_some()),
            _ => None,
        }
    }

    fn turn_option(rules: &mut Rules, key: &str, on: bool) -> bool {
        match key {
            "league_schedule" => rules.league_schedule = on,
            "limits" => {
                rules.limits = on.then_some(slapshot::Limits {
                    drafts: 4,
                    trades: 4,
                });
            }
            _ => return false,
        }
        true
    }

    fn new_game(rules: Rules) -> Self {
        Slapshot::new(rules)
    }

    fn setup_summary(r: &Rules) -> String {
        format!(
            "Slapshot setup, {} cards, {} managers",
            r.cards.len(),
            r.players
        )
    }

    fn determinize(view: &slapshot::View, rng: &mut dyn RngCore) -> Self {
        Slapshot::determinize(view, rng)
    }

    fn wrong_actions(&self, rng: &mut dyn RngCore) -> Vec<Action> {
        let n = self.rules.players;
        let c = rng.random_range(0..self.rules.cards.len() as u8);
        let s = rng.random_range(0..n + 1);
        vec![
            Action::Draft(c),
            Action::Trade(s),
            Action::Challenge(s),
            Action::Give(c),
            Action::Line(c),
            Action::Pass,
            Action::Pick(Position::ALL[rng.random_range(0..3)]),
            Action::Coin(s),
        ]
    }

    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self> + Send> {
        match level {
            Level::Expert => Box::new(SearchBot::<Self>::new(Self::search_spec(), seed)),
            _ => Box::new(Manager::new(level, seed)),
        }
    }

    fn log_line(&self, action: &slapshot::Action, viewer: Option<Seat>) -> Option<String> {
        match action {
            // Line-ups are shown whole in the game report.
            slapshot::Action::Line(_) => None,
            a => Some(self.describe(a, viewer)),
        }
    }

    fn news(&self, before: &Self) -> Vec<String> {
        let mut v = Vec::new();
        if self.last_game != before.last_game
            && let Some(g) = &self.last_game
        {
            v.push(slapshot::report_text(&self.rules, g));
        }
        if self.wins != before.wins {
            v.push(format!("  scoreboard: {}", self.standings()));
        }
        if self.series.is_some() && before.series.is_none() {
            v.push(format!(
                "the season is over: seat {} reached the Playoffs",
                self.first_place.unwrap_or(0)
            ));
        }
        if let (Some(s), Some(b)) = (&self.series, &before.series)
            && (s.stage != b.stage || s.low != b.low)
        {
            v.push(format!(
                "{:?}: seat {} (home ice) against seat {}",
                s.stage, s.high, s.low
            ));
        }
        if let Some(s) = &self.series
            && before.series.as_ref().is_some_and(|b| b.wins != s.wins)
        {
            v.push(format!(
                "  series: seat {} {} - {} seat {}",
                s.high, s.wins[0], s.wins[1], s.low
            ));
        }
        v
    }

    fn render(&self, view: &slapshot::View) -> String {
        let r = &view.rules;
        let mut s = String::new();
        s.push_str(&format!("\nYou are seat {}. Scoreboard: ", view.seat));
        for (seat, w) in view.wins.iter().enumerate() {
            s.push_str(&format!("seat {seat}: {w}/{}  ", r.wins_to_playoffs));
        }
        s.push_str("\nYour team:\n");
        for p in slapshot::Position::ALL {
            let cards: Vec<String> = view
                .team
                .iter()
                .filter(|&&c| r.card(c).position == p)
                .map(|&c| r.label(c))
                .collect();
            s.push_str(&format!("  {:<11} {}\n", p.plural(), cards.join(", ")));
        }
        if let Some(c) = view.taken {
            s.push_str(&format!(
                "You took {}: give back another of its kind.\n",
                r.label(c)
            ));
        }
        if let Some((away, home, stage, overtime, _)) = view.game {
            s.push_str(&format!(
                "Game ({stage:?}{}): seat {away} (away) at seat {home} (home). Your line-up so far: {}\n",
                if overtime > 0 { format!(", overtime {overtime}") } else { String::new() },
                view.my_line.iter().map(|&c| r.label(c)).collect::<Vec<_>>().join(", ")
            ));
        }
        for (seat, seen) in view.seen.iter().enumerate() {
            if seat != view.seat
                && let Some(l) = seen
            {
                let names: Vec<String> = l.iter().map(|&c| r.label(c)).collect();
                s.push_str(&format!(
                    "  seat {seat} last showed: {}\n",
                    names.join(", ")
                ));
            }
        }
        s
    }

    fn check(&self) -> Result<(), String> {
        self.check_invariants()
    }

    fn summary(&self) -> String {
        match self.champion {
            Some(c) => format!("seat {c} wins the championship"),
            None => "no champion".into(),
        }
    }
}
