//! `flick balance`: whether scenarios are fair. Two bots of one level play
//! each scenario (sides alternating, games on every core) and each side's
//! wins are counted — the same games as the editor's *Balance* button.

use std::path::PathBuf;
use std::process::ExitCode;

use highnoon::ai::arena::{self, BalanceGame, SideTally};
use highnoon::ai::levels::BotLevels;
use highnoon::bot_level::Level;
use highnoon::flick::rules::Outcome;
use highnoon::scenario::kinds::Team;
use highnoon::scenario::{PhysicsProfile, Town};

use super::fail;
use super::scenarios::scenario_files;

/// A fair scenario: each side wins between these shares of decided games.
const FAIR: (f64, f64) = (0.35, 0.65);

/// Plays `games` games on `scenario` (a file, `all` or none: every scenario)
/// and prints each side's wins, the lawmen's share and the time taken.
pub fn run(
    profile: &PhysicsProfile,
    levels: &BotLevels,
    scenario: Option<PathBuf>,
    level: Level,
    games: usize,
    seed: u64,
    each: bool,
) -> ExitCode {
    let paths = scenario_files(scenario);
    println!(
        "flick balance: two {level} bots, {games} games a scenario, sides alternating, seed {seed}"
    );
    println!(
        "  {:<28} {:>7} {:>7} {:>5} {:>5}   lawmen's share of decided (95% interval)  fair  time",
        "scenario", "lawmen", "outlaws", "draw", "unf."
    );
    let mut all_fair = true;
    for path in paths {
        let town = match Town::load(&path, profile) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
        if town.game.is_none() {
            continue;
        }
        let bar = super::progress::bar(games as u64, "games");
        let started = std::time::Instant::now();
        let played = arena::balance_games(profile, levels, &town, level, games, seed, |n, _| {
            bar.set_position(n as u64)
        });
        bar.finish_and_clear();
        let seconds = started.elapsed().as_secs_f64();
        let t = SideTally::of(&played);
        let (share, lo, hi) = t.lawmen_share();
        let fair = (FAIR.0..=FAIR.1).contains(&share);
        all_fair &= fair;
        println!(
            "  {:<28} {:>7} {:>7} {:>5} {:>5}   {:>5.1}% ({:.1}-{:.1}%)              {:<5} {:.0} s",
            town.name,
            t.lawmen,
            t.outlaws,
            t.draws,
            t.unfinished,
            share * 100.0,
            lo * 100.0,
            hi * 100.0,
            if fair { "yes" } else { "no" },
            seconds
        );
        if each {
            for g in &played {
                print_game(g);
            }
        }
    }
    if all_fair {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn print_game(g: &BalanceGame) {
    let won = match &g.outcome {
        None => "unfinished".to_string(),
        Some(Outcome::Draw) => "draw".to_string(),
        Some(Outcome::Winner(t)) => format!("{t:?} won"),
    };
    let a = if g.a_side == Team::Lawmen {
        "lawmen"
    } else {
        "outlaws"
    };
    println!(
        "    game {:>2} (A: {a:<7}) {won:<12} {:>4} steps {:>5.0} s  {}",
        g.index, g.steps, g.seconds, g.last_line
    );
}
