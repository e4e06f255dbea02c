//! Playing a card game headless: bots against bots with a printed log, or a
//! human seat in the terminal (a plain text interface; the window's 3D table is
//! `window::card_table`).

use std::io::{self, BufRead, Write};
use std::path::Path;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::core::{Agent, Seat, Turn};
use super::table_game::TableGame;
use crate::bot_level::Level;

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
    let mut bots: Vec<Box<dyn Agent<G> + Send>> = (0..game.players())
        .map(|s| {
            G::bot(
                levels[s % levels.len()],
                seed.wrapping_mul(31).wrapping_add(s as u64 + 1),
            )
        })
        .collect();
    for s in 0..game.players() {
        if Some(s) != human {
            game.seat_bot(s, levels[s % levels.len()]);
        }
    }
    let mut chance = ChaCha8Rng::seed_from_u64(seed);
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
        writeln!(out, "  [{}] {}", i + 1, game.action_label(a, Some(seat)))?;
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
    match crate::files::write_whole(path, text) {
        Ok(()) => writeln!(
            out,
            "saved to {} (go on later with --load {})",
            path.display(),
            path.display()
        ),
        Err(e) => writeln!(out, "could not save: {e}"),
    }
}

/// Reads a saved game: syntax errors name the file, line and column; a state
/// whose cards do not add up is refused.
pub fn load<G: TableGame>(path: &Path) -> Result<G, crate::scenario::Problems> {
    let (game, text): (G, String) = crate::scenario::load_ron(path)?;
    let stuck = |g: &G| match g.turn() {
        super::core::Turn::Player(s) if g.legal_actions().is_empty() => {
            Err(format!("seat {s} is to play and has nothing it may do"))
        }
        _ => Ok(()),
    };
    game.check().and_then(|()| stuck(&game)).map_err(|e| {
        // The whole game is one value: the place is where it starts.
        let start = text
            .lines()
            .position(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
            .unwrap_or(0);
        let col = text
            .lines()
            .nth(start)
            .map_or(0, |l| l.len() - l.trim_start().len());
        crate::scenario::DataError {
            file: path.to_path_buf(),
            position: Some((start + 1, col + 1)),
            message: format!("the saved game that starts here is not consistent: {e}"),
        }
    })?;
    Ok(game)
}
