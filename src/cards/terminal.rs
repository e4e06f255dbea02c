//! Playing a card game headless: bots against bots with a printed log, or a
//! human seat in the terminal (a plain text interface; the 3D table is later).

use std::io::{self, BufRead, Write};
use std::path::Path;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::bots::Level;
use super::core::{Agent, Game, Seat, Turn};
use super::slapshot::{self, Slapshot};
use super::slapshot_bots::Manager;
use super::tabletown::{self, Tabletown};
use super::tabletown_bots::Gunslinger;

/// What the terminal needs of a game beyond the rules.
pub trait TableGame: Game {
    /// A bot of `level` for this game.
    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self>>;
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
    /// The state's own consistency check (every card in one place, ...), for loaded saves.
    fn check(&self) -> Result<(), String>;
}

impl TableGame for Slapshot {
    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self>> {
        Box::new(Manager::new(level, seed))
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

impl TableGame for Tabletown {
    fn bot(level: Level, seed: u64) -> Box<dyn Agent<Self>> {
        Box::new(Gunslinger::new(level, seed))
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

/// Who sits where, and where a human's `s` saves the game.
pub struct Seating<'a> {
    /// Bot levels, one per seat (repeated when shorter).
    pub levels: &'a [Level],
    pub human: Option<Seat>,
    /// Seeds chance and the bots.
    pub seed: u64,
    pub save_to: &'a Path,
}

/// Plays to the end: bots in every seat but the human's (who answers on
/// `input`, and may save the game with `s`). Prints the log on `out`.
pub fn run<G: TableGame>(
    mut game: G,
    seating: &Seating,
    out: &mut dyn Write,
    input: &mut dyn BufRead,
) -> io::Result<G> {
    let (levels, human, seed) = (seating.levels, seating.human, seating.seed);
    let mut bots: Vec<Box<dyn Agent<G>>> = (0..game.players())
        .map(|s| {
            G::bot(
                levels[s % levels.len()],
                seed.wrapping_mul(31).wrapping_add(s as u64 + 1),
            )
        })
        .collect();
    let mut chance = StdRng::seed_from_u64(seed);
    let mut steps = 0usize;
    loop {
        let action = match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut chance),
            Turn::Player(seat) => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    writeln!(out, "stopped: seat {seat} has no legal action")?;
                    return Ok(game);
                }
                if Some(seat) == human && legal.len() > 1 {
                    let view = game.observation(seat);
                    write!(out, "{}", game.render(&view))?;
                    match ask(&game, &legal, seat, out, input)? {
                        Answer::Play(a) => a,
                        Answer::Save => {
                            save(&game, seating.save_to, out)?;
                            continue;
                        }
                        Answer::Quit => {
                            writeln!(out, "(game left)")?;
                            return Ok(game);
                        }
                    }
                } else if Some(seat) == human {
                    legal[0].clone()
                } else {
                    let view = game.observation(seat);
                    bots[seat].act(seat, &view, &legal)
                }
            }
        };
        if let Some(line) = game.log_line(&action, human) {
            writeln!(out, "{line}")?;
        }
        let before = game.clone();
        if let Err(e) = game.apply(action) {
            writeln!(out, "refused: {e}")?;
            continue;
        }
        for line in game.news(&before) {
            writeln!(out, "{line}")?;
        }
        steps += 1;
        if steps > 2_000_000 {
            writeln!(out, "stopped: no end after {steps} actions")?;
            break;
        }
    }
    writeln!(out, "{}", game.summary())?;
    Ok(game)
}

enum Answer<A> {
    Play(A),
    Save,
    Quit,
}

/// Asks the human for one of `legal`, or to save, or to quit (also when the input ends).
fn ask<G: TableGame>(
    game: &G,
    legal: &[G::Action],
    seat: Seat,
    out: &mut dyn Write,
    input: &mut dyn BufRead,
) -> io::Result<Answer<G::Action>> {
    for (i, a) in legal.iter().enumerate() {
        writeln!(out, "  [{}] {}", i + 1, game.describe(a, Some(seat)))?;
    }
    loop {
        write!(
            out,
            "your choice (1-{}, s to save, q to quit): ",
            legal.len()
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(Answer::Quit);
        }
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") {
            return Ok(Answer::Quit);
        }
        if line.eq_ignore_ascii_case("s") {
            return Ok(Answer::Save);
        }
        match line.parse::<usize>() {
            Ok(k) if (1..=legal.len()).contains(&k) => {
                return Ok(Answer::Play(legal[k - 1].clone()));
            }
            _ => writeln!(out, "  type a number from 1 to {}", legal.len())?,
        }
    }
}

/// Writes the whole state as RON (a save holds every card: it is the player's own file).
fn save<G: TableGame>(game: &G, path: &Path, out: &mut dyn Write) -> io::Result<()> {
    let text = ron::ser::to_string_pretty(game, ron::ser::PrettyConfig::default())
        .map_err(|e| io::Error::other(e.to_string()))?;
    match std::fs::write(path, text) {
        Ok(()) => writeln!(
            out,
            "saved to {} (go on later with --load {})",
            path.display(),
            path.display()
        ),
        Err(e) => writeln!(out, "could not save to {}: {e}", path.display()),
    }
}

/// Reads a saved game: syntax errors name the file, line and column; a state
/// whose cards do not add up is refused.
pub fn load<G: TableGame>(path: &Path) -> Result<G, crate::scenario::Problems> {
    let (game, _): (G, String) = crate::scenario::load_ron(path)?;
    game.check().map_err(|e| {
        crate::scenario::DataError::new(path, format!("not a consistent saved game: {e}"))
    })?;
    Ok(game)
}
