//! `highnoon flick arena` and `highnoon flick bench-bot`: bots against bots on
//! the scenarios, headless; win rates with 95% intervals, and how long the
//! bots think.

use std::path::PathBuf;

use rayon::prelude::*;

use super::levels::BotLevels;
use super::play::{GameRecord, play_game};
use super::player::FlickBot;
use crate::bot_level::Level;
use crate::flick::referee::Referee;
use crate::flick::rules::Outcome;
use crate::scenario::kinds::Team;
use crate::scenario::{PhysicsProfile, Town};

/// Wins, draws and losses of player A.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tally {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Stopped at the step cap, or by a refused step.
    pub unfinished: usize,
}

impl Tally {
    pub fn add(&mut self, o: &Tally) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        self.unfinished += o.unfinished;
    }

    pub fn decided(&self) -> usize {
        self.wins + self.losses
    }

    /// A's share of the decided games, with its 95% Wilson interval.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        let n = self.decided();
        if n == 0 {
            return (f64::NAN, 0.0, 1.0);
        }
        let (lo, hi) = crate::stats::wilson(self.wins as f64, n as f64);
        (self.wins as f64 / n as f64, lo, hi)
    }
}

#[derive(Debug, Clone)]
pub struct ArenaConfig {
    pub scenarios: Vec<PathBuf>,
    pub a: Level,
    pub b: Level,
    pub games: usize,
    pub seed: u64,
    pub max_steps: usize,
    /// Where each game's log is written (`SCENARIO-gN-seedS-a_SIDE.log`), if anywhere.
    pub log_dir: Option<PathBuf>,
}

#[derive(Debug, Clone)]
pub struct ArenaReport {
    pub config: ArenaConfig,
    /// Per scenario: its title and A's tally.
    pub scenarios: Vec<(String, Tally)>,
}

impl ArenaReport {
    pub fn total(&self) -> Tally {
        let mut t = Tally::default();
        for (_, s) in &self.scenarios {
            t.add(s);
        }
        t
    }

    pub fn print(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let c = &self.config;
        writeln!(
            out,
            "flick arena: {} (A) against {} (B), {} games per scenario, sides alternating, seed {}",
            c.a, c.b, c.games, c.seed
        )?;
        writeln!(
            out,
            "  {:<28} {:>5} {:>5} {:>5} {:>5}   A's share of decided games (95% interval)",
            "scenario", "A won", "draw", "B won", "unf."
        )?;
        let mut rows = self.scenarios.clone();
        if rows.len() > 1 {
            rows.push(("all".into(), self.total()));
        }
        for (name, t) in rows {
            let (p, lo, hi) = t.win_rate();
            // Nothing decided: no share to give (not "NaN%").
            let share = if t.decided() == 0 {
                "    — (no game decided)".to_string()
            } else {
                format!("{:>5.1}% ({:.1}–{:.1}%)", p * 100.0, lo * 100.0, hi * 100.0)
            };
            writeln!(
                out,
                "  {:<28} {:>5} {:>5} {:>5} {:>5}   {share}",
                name, t.wins, t.draws, t.losses, t.unfinished,
            )?;
        }
        Ok(())
    }
}

/// The bot for a level, seeded.
/// Plays one game: A on `a_side`, B on the other.
pub fn one_game(
    profile: &PhysicsProfile,
    town: &Town,
    levels: &BotLevels,
    (a, b): (Level, Level),
    a_side: Team,
    seed: u64,
    max_steps: usize,
) -> Result<(GameRecord, Team), String> {
    let mut referee = Referee::new(profile.clone(), town, seed)?;
    let mut bot_a = FlickBot::new(a, levels, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xA);
    let mut bot_b = FlickBot::new(b, levels, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB);
    let record = if a_side == Team::Lawmen {
        play_game(&mut referee, &mut bot_a, &mut bot_b, max_steps, |_, _| {})
    } else {
        play_game(&mut referee, &mut bot_b, &mut bot_a, max_steps, |_, _| {})
    };
    Ok((record, a_side))
}

fn tally_of(record: &GameRecord, a_side: Team) -> Tally {
    let mut t = Tally::default();
    match (&record.outcome, &record.refused) {
        (_, Some(_)) | (None, _) => t.unfinished = 1,
        (Some(Outcome::Draw), _) => t.draws = 1,
        (Some(Outcome::Winner(w)), _) if *w == a_side => t.wins = 1,
        (Some(Outcome::Winner(_)), _) => t.losses = 1,
    }
    t
}

/// Writes one game's log and its replay; a failure to write is reported, not fatal.
fn write_log(
    dir: &std::path::Path,
    scenario: &std::path::Path,
    g: usize,
    seed: u64,
    a_side: Team,
    record: &GameRecord,
) {
    let stem = scenario
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("scenario");
    let side = format!("{a_side:?}").to_lowercase();
    let path = dir.join(format!("{stem}-g{g}-seed{seed}-a_{side}.log"));
    let mut text = record.log.join("\n");
    text.push_str(&format!("\noutcome: {:?}\n", record.outcome));
    if let Some(r) = &record.refused {
        text.push_str(&format!("refused: {r}\n"));
    }
    if let Err(e) = crate::files::write_whole(&path, text) {
        eprintln!("{e}");
    }
    // The game as a replay, to re-simulate (`highnoon replay FILE`).
    let replay =
        crate::flick::replay::Replay::record(scenario, seed, &record.steps, record.final_hash);
    let path = path.with_extension("replay.ron");
    if let Err(e) = replay.save(&path) {
        eprintln!("{e}");
    }
}

/// Runs the arena: every scenario, `games` games each, games on every core.
pub fn run(
    profile: &PhysicsProfile,
    levels: &BotLevels,
    config: &ArenaConfig,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<ArenaReport, crate::scenario::Problems> {
    let mut towns = Vec::new();
    let mut paths = Vec::new();
    for path in &config.scenarios {
        let town = Town::load(path, profile)?;
        if town.game.is_none() {
            continue;
        }
        towns.push(town);
        paths.push(path);
    }
    let jobs: Vec<(usize, usize)> = (0..towns.len())
        .flat_map(|s| (0..config.games).map(move |g| (s, g)))
        .collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Tally)> = jobs
        .par_iter()
        .map(|&(s, g)| {
            let a_side = if g % 2 == 0 {
                Team::Lawmen
            } else {
                Team::Outlaws
            };
            let seed = config.seed.wrapping_add(g as u64);
            let t = match one_game(
                profile,
                &towns[s],
                levels,
                (config.a, config.b),
                a_side,
                seed,
                config.max_steps,
            ) {
                Ok((record, side)) => {
                    if let Some(dir) = &config.log_dir {
                        write_log(dir, paths[s], g, seed, side, &record);
                    }
                    tally_of(&record, side)
                }
                Err(_) => Tally {
                    unfinished: 1,
                    ..Default::default()
                },
            };
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, jobs.len());
            (s, t)
        })
        .collect();
    let mut scenarios: Vec<(String, Tally)> = towns
        .iter()
        .map(|t| (t.name.clone(), Tally::default()))
        .collect();
    for (s, t) in results {
        scenarios[s].1.add(&t);
    }
    Ok(ArenaReport {
        config: config.clone(),
        scenarios,
    })
}

/// How a scenario's two sides fared: games won by each, drawn, unfinished.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SideTally {
    pub lawmen: usize,
    pub outlaws: usize,
    pub draws: usize,
    pub unfinished: usize,
}

impl SideTally {
    pub fn games(&self) -> usize {
        self.lawmen + self.outlaws + self.draws + self.unfinished
    }

    /// The lawmen's share of the decided games, with its 95% Wilson
    /// interval (the outlaws' is one less each).
    pub fn lawmen_share(&self) -> (f64, f64, f64) {
        let n = (self.lawmen + self.outlaws) as f64;
        if n == 0.0 {
            return (f64::NAN, 0.0, 1.0);
        }
        let (lo, hi) = crate::stats::wilson(self.lawmen as f64, n);
        (self.lawmen as f64 / n, lo, hi)
    }

    /// Each side's share of the decided games with its 95% interval, as
    /// the editor shows it: "Lawmen 40% (26-55%), Outlaws 60% (45-74%) of
    /// 40 decided games; 0 drawn, 0 unfinished".
    pub fn shares_line(&self) -> String {
        if self.lawmen + self.outlaws == 0 {
            return format!(
                "no game decided: {} drawn, {} unfinished",
                self.draws, self.unfinished
            );
        }
        let (share, lo, hi) = self.lawmen_share();
        let pc = |x: f64| (x * 100.0).round();
        format!(
            "Lawmen {}% ({}-{}%), Outlaws {}% ({}-{}%) of {} decided games; {} drawn, {} unfinished",
            pc(share),
            pc(lo),
            pc(hi),
            pc(1.0 - share),
            pc(1.0 - hi),
            pc(1.0 - lo),
            self.lawmen + self.outlaws,
            self.draws,
            self.unfinished
        )
    }
}

/// One game of a balance run: who won by side, how long it ran, how it ended.
#[derive(Debug, Clone)]
pub struct BalanceGame {
    /// The game's number in the run (its seed is the run's + this).
    pub index: usize,
    /// The side of the bot seeded "A" (sides alternate game by game).
    pub a_side: Team,
    /// `None`: unfinished (the step cap, a refused step or a town that
    /// would not set up).
    pub outcome: Option<Outcome>,
    /// Steps played (moves, shots and other actions).
    pub steps: usize,
    /// The referee's last line (how it ended), or the set-up error.
    pub last_line: String,
    /// Seconds this game took on its core.
    pub seconds: f64,
}

impl SideTally {
    /// The tally of a balance run's games.
    pub fn of(games: &[BalanceGame]) -> SideTally {
        let mut t = SideTally::default();
        for g in games {
            match g.outcome {
                None => t.unfinished += 1,
                Some(Outcome::Draw) => t.draws += 1,
                Some(Outcome::Winner(Team::Lawmen)) => t.lawmen += 1,
                Some(Outcome::Winner(_)) => t.outlaws += 1,
            }
        }
        t
    }
}

/// Whether a scenario is fair: `games` games between two bots of `level`
/// (the same bot seeded apart, sides alternating as in the arena), games on
/// every core; `progress` is told after each game.
pub fn balance(
    profile: &PhysicsProfile,
    levels: &BotLevels,
    town: &Town,
    level: Level,
    games: usize,
    seed: u64,
    progress: impl Fn(usize, usize) + Sync,
) -> SideTally {
    SideTally::of(&balance_games(
        profile, levels, town, level, games, seed, progress,
    ))
}

/// [`balance`]'s games one by one, in order.
pub fn balance_games(
    profile: &PhysicsProfile,
    levels: &BotLevels,
    town: &Town,
    level: Level,
    games: usize,
    seed: u64,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<BalanceGame> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    (0..games)
        .into_par_iter()
        .map(|g| {
            let a_side = if g % 2 == 0 {
                Team::Lawmen
            } else {
                Team::Outlaws
            };
            let started = std::time::Instant::now();
            let seed = seed.wrapping_add(g as u64);
            let mut game = BalanceGame {
                index: g,
                a_side,
                outcome: None,
                steps: 0,
                last_line: String::new(),
                seconds: 0.0,
            };
            match one_game(profile, town, levels, (level, level), a_side, seed, 600) {
                Ok((record, _)) => {
                    if record.refused.is_none() {
                        game.outcome = record.outcome;
                    }
                    game.steps = record.steps.len();
                    game.last_line = record
                        .refused
                        .clone()
                        .or_else(|| record.log.last().cloned())
                        .unwrap_or_default();
                }
                Err(e) => game.last_line = e,
            }
            game.seconds = started.elapsed().as_secs_f64();
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, games);
            game
        })
        .collect()
}

/// What `bench-bot` measured.
#[derive(Debug, Clone)]
pub struct BotBench {
    pub level: Level,
    /// Seconds of thinking per turn (turns with at least one flick).
    pub turns: Vec<f64>,
    pub simulated: usize,
    pub flicks: usize,
    pub thinking: f64,
}

impl BotBench {
    pub fn print(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let t = crate::stats::sorted(&self.turns);
        let q = |p: f64| crate::stats::percentile(&t, p).unwrap_or(f64::NAN);
        writeln!(
            out,
            "flick bench-bot: level {}, {} turns, {} flicks performed",
            self.level,
            t.len(),
            self.flicks
        )?;
        writeln!(
            out,
            "  decision time per turn     median {:7.3} s   p90 {:7.3} s   mean {:7.3} s   slowest {:7.3} s",
            q(0.5),
            q(0.9),
            self.thinking / t.len().max(1) as f64,
            t.last().copied().unwrap_or(f64::NAN)
        )?;
        writeln!(
            out,
            "  simulated flicks           {} ({:.0} per flick performed)",
            self.simulated,
            self.simulated as f64 / self.flicks.max(1) as f64
        )?;
        writeln!(
            out,
            "  simulated flicks / second  {:7.0}   (on {} threads)",
            self.simulated as f64 / self.thinking.max(1e-9),
            rayon::current_num_threads()
        )?;
        Ok(())
    }
}

/// Plays `level` against itself on `town` until `turns` turns with a flick are timed.
pub fn bench_bot(
    profile: &PhysicsProfile,
    town: &Town,
    levels: &BotLevels,
    level: Level,
    turns: usize,
    seed: u64,
) -> Result<BotBench, String> {
    let mut bench = BotBench {
        level,
        turns: Vec::new(),
        simulated: 0,
        flicks: 0,
        thinking: 0.0,
    };
    let mut g = 0;
    while bench.turns.len() < turns && g < 1000 {
        let (record, _) = one_game(
            profile,
            town,
            levels,
            (level, level),
            Team::Lawmen,
            seed + g,
            400,
        )?;
        for t in record.turns.iter().filter(|t| t.flicks > 0) {
            if bench.turns.len() >= turns {
                break;
            }
            bench.turns.push(t.thinking.as_secs_f64());
            bench.simulated += t.simulated;
            bench.flicks += t.flicks;
            bench.thinking += t.thinking.as_secs_f64();
        }
        g += 1;
    }
    Ok(bench)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shares_line_gives_each_side_its_interval() {
        let t = SideTally {
            lawmen: 16,
            outlaws: 24,
            draws: 1,
            unfinished: 2,
        };
        // 16 of 40: Wilson's 95% interval 26.3-55.4%; the outlaws' is its mirror.
        assert_eq!(
            t.shares_line(),
            "Lawmen 40% (26-55%), Outlaws 60% (45-74%) of 40 decided games; 1 drawn, 2 unfinished"
        );
        // Nothing decided: no share to give (not "NaN%").
        let drawn = SideTally {
            lawmen: 0,
            outlaws: 0,
            draws: 39,
            unfinished: 1,
        };
        assert_eq!(
            drawn.shares_line(),
            "no game decided: 39 drawn, 1 unfinished"
        );
    }

    #[test]
    fn an_arena_row_with_nothing_decided_gives_no_share() {
        let report = ArenaReport {
            config: ArenaConfig {
                scenarios: vec![],
                a: Level::Hard,
                b: Level::Easy,
                games: 10,
                seed: 1,
                max_steps: 600,
                log_dir: None,
            },
            scenarios: vec![
                (
                    "Cut Off the Head".into(),
                    Tally {
                        draws: 10,
                        ..Tally::default()
                    },
                ),
                (
                    "Dynamite".into(),
                    Tally {
                        wins: 6,
                        losses: 4,
                        ..Tally::default()
                    },
                ),
            ],
        };
        let mut out = Vec::new();
        report.print(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains("NaN"), "{text}");
        let row = |name: &str| text.lines().find(|l| l.contains(name)).unwrap().to_string();
        assert!(
            row("Cut Off the Head").ends_with("— (no game decided)"),
            "{text}"
        );
        assert!(row("Dynamite").ends_with("60.0% (31.3–83.2%)"), "{text}");
        assert!(row("all").ends_with("60.0% (31.3–83.2%)"), "{text}");
    }
}
