//! `flick`: the Flick 'em Up! bots and shots headless. `flick arena` plays
//! bots against bots on the scenarios, `flick pass-through` shoots at thin
//! standing pieces to catch discs going through them, `flick bench-bot`
//! times a bot's thinking.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use highnoon::ai::arena;
use highnoon::ai::levels::BotLevels;
use highnoon::bot_level::Level;
use highnoon::physics::Quick;
use highnoon::scenario::{self, PhysicsProfile, Problems, Town};

use super::fail;
use super::play::DataArgs;
use super::scenarios::scenario_files;

/// `flick arena|balance|pass-through|bench-bot|lookahead-check`.
#[derive(clap::Args, Debug)]
pub struct FlickCli {
    #[command(subcommand)]
    tool: FlickTool,
}

#[derive(clap::Subcommand, Debug)]
enum FlickTool {
    /// Bot against bot on the scenarios, sides alternating: wins, draws and
    /// losses of A with a 95% interval. `--scenario FILE` (or `all`, the
    /// default: every scenario in scenarios/).
    Arena(ArenaArgs),
    /// Whether scenarios are fair: two bots of one level play each scenario,
    /// sides alternating, and each side's wins are counted (the lawmen's
    /// share of decided games with its 95% interval; fair: 35-65%).
    /// `--scenario FILE` (or `all`, the default: every scenario).
    Balance(BalanceArgs),
    /// Full-strength shots at a standing fence, figure and support block from
    /// random angles, distances and spins, and bullets aimed off-centre at a
    /// figure, each disc's centre tracked every step: prints how many went
    /// through (exit 1 if any did through a standing piece, any came out
    /// whole behind one, or any shot was still moving at the time cap).
    PassThrough(PassThroughArgs),
    /// A bot plays itself: its decision time per turn (median, p90) and the
    /// flicks it simulates per second.
    BenchBot(BenchBotArgs),
    /// How far a level's cheaper look-ahead (its `lookahead` in the levels
    /// file) agrees with the game's own simulation, on positions from games
    /// of the scenario: random flicks simulated both ways (the rules' state
    /// after each, the score, steps and time), and the level's search run
    /// both ways with each choice played on the game's simulation.
    LookaheadCheck(LookaheadCheckArgs),
    /// The physical laws beside what the table does (a disc's slide, slide
    /// and spin, bounce, a cowboy's tipping), and how many random flicks
    /// on the scenarios' towns reach the end-of-flick backstops: for the
    /// profile and with its contact laws on.
    Laws(super::laws::LawsArgs),
}

// Each tool's options. (Plain comments on these structs: clap turns a
// struct's doc comment into the command's `about`, which the tool's doc
// comment in `FlickTool` gives.)

// `flick arena`'s options.
#[derive(clap::Args, Debug)]
struct ArenaArgs {
    /// Player A's level: random, easy, normal, hard or expert.
    #[arg(long, default_value = "hard")]
    a: Level,
    /// Player B's level.
    #[arg(long, default_value = "easy")]
    b: Level,
    /// Games per scenario.
    #[arg(long, default_value_t = 10)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bots' levels file (default: assets/flick_bots.ron).
    #[arg(long)]
    levels: Option<PathBuf>,
    /// Steps after which a game counts as unfinished.
    #[arg(long, default_value_t = 600)]
    max_steps: usize,
    /// Write each game's log (the referee's, line by line) into this folder.
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,
}

// `flick balance`'s options.
#[derive(clap::Args, Debug)]
struct BalanceArgs {
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Games per scenario.
    #[arg(long, default_value_t = 40)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    levels: Option<PathBuf>,
    /// Also print each game: sides, winner, steps, time and last log line.
    #[arg(long)]
    each: bool,
}

// `flick pass-through`'s options.
#[derive(clap::Args, Debug)]
struct PassThroughArgs {
    /// Shots per kind of target (and seed).
    #[arg(long, default_value_t = 10_000)]
    shots: usize,
    /// The first seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many seeds, from `--seed` on: `--seed 1 --seeds 5` surveys
    /// seeds 1 to 5.
    #[arg(long, default_value_t = 1)]
    seeds: u64,
    /// Only this target: fence, figure, block or off-centre (bullets
    /// aimed off the figure's centre). Default: all four.
    #[arg(long, value_name = "TARGET")]
    target: Option<String>,
    /// Instead of the survey, print one listed shot step by step (the
    /// disc's centre in the target's frame, the target's tilt, the contact
    /// normals between them): `fence:457`, `figure:12`, `block:3518`,
    /// `off-centre:40`.
    #[arg(long, value_name = "TARGET:SHOT")]
    trace: Option<String>,
}

// `flick bench-bot`'s options.
#[derive(clap::Args, Debug)]
struct BenchBotArgs {
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Turns timed.
    #[arg(long, default_value_t = 40)]
    turns: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    levels: Option<PathBuf>,
    /// Shots per level at the range (a standing figure 25 cm away); 0: skip.
    #[arg(long, default_value_t = 50)]
    range_shots: usize,
    /// Also times the coach's hint (the hard bot's search and ten plays
    /// of its flick) on this many opening moves of the scenario; 0: skip.
    #[arg(long, default_value_t = 0)]
    hints: usize,
}

// `flick lookahead-check`'s options.
#[derive(clap::Args, Debug)]
struct LookaheadCheckArgs {
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Positions (flicks awaited in games between normal bots).
    #[arg(long, default_value_t = 40)]
    positions: usize,
    /// Random flicks per position, each simulated both ways.
    #[arg(long, default_value_t = 30)]
    flicks: usize,
    /// Plays of each search's choice through the hand.
    #[arg(long, default_value_t = 16)]
    replays: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    levels: Option<PathBuf>,
    /// Instead of the level's: the look-ahead's fixed step, seconds.
    #[arg(long)]
    dt: Option<f32>,
    /// Instead of the level's: solver iterations of the look-ahead.
    #[arg(long)]
    iterations: Option<usize>,
    /// Instead of the level's: seconds of stillness that end a look-ahead flick.
    #[arg(long)]
    still_time: Option<f32>,
    /// Instead of the level's: seconds into a look-ahead flick from which what still moves is damped.
    #[arg(long)]
    settle_after: Option<f32>,
    /// Instead of the level's: seconds a piece lies still before it sleeps in a look-ahead flick.
    #[arg(long)]
    time_until_sleep: Option<f32>,
}

impl FlickCli {
    /// Runs the tool on the profile `play` names; the global `--scenario`
    /// picks the scenario (`flick arena`: `all` or none is every one).
    pub fn run(self, play: &DataArgs) -> ExitCode {
        let profile = match PhysicsProfile::load(&play.profile_path()) {
            Ok(p) => p,
            Err(e) => return fail(&e),
        };
        let scenario_file = play.scenario.clone();
        match self.tool {
            FlickTool::Arena(args) => args.run(&profile, scenario_file),
            FlickTool::Balance(args) => args.run(&profile, scenario_file),
            FlickTool::PassThrough(args) => args.run(&profile),
            FlickTool::LookaheadCheck(args) => args.run(&profile, scenario_file),
            FlickTool::BenchBot(args) => args.run(&profile, scenario_file),
            FlickTool::Laws(args) => args.run(&profile),
        }
    }
}

impl ArenaArgs {
    /// `flick arena`: the games on `scenario_file`'s scenarios, and their report.
    fn run(self, profile: &PhysicsProfile, scenario_file: Option<PathBuf>) -> ExitCode {
        let levels = match load_levels(self.levels.as_deref()) {
            Ok(l) => l,
            Err(e) => return fail(&e),
        };
        let config = arena::ArenaConfig {
            scenarios: scenario_files(scenario_file),
            a: self.a,
            b: self.b,
            games: self.games,
            seed: self.seed,
            max_steps: self.max_steps,
            log_dir: self.log,
        };
        let bar = super::progress::bar(0, "games");
        let report = arena::run(profile, &levels, &config, |n, total| {
            bar.set_length(total as u64);
            bar.set_position(n as u64);
        });
        bar.finish_and_clear();
        match report {
            Ok(r) => {
                let _ = r.print(&mut std::io::stdout());
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e),
        }
    }
}

impl BalanceArgs {
    /// `flick balance`: whether `scenario_file`'s scenarios are fair.
    fn run(self, profile: &PhysicsProfile, scenario_file: Option<PathBuf>) -> ExitCode {
        let levels = match load_levels(self.levels.as_deref()) {
            Ok(l) => l,
            Err(e) => return fail(&e),
        };
        super::balance::run(
            profile,
            &levels,
            scenario_file,
            self.level,
            self.games,
            self.seed,
            self.each,
        )
    }
}

impl PassThroughArgs {
    /// `flick pass-through`: the survey, or with `--trace` one shot step by step.
    fn run(self, profile: &PhysicsProfile) -> ExitCode {
        match self.trace {
            Some(which) => trace_shot(profile, &which, self.seed),
            None => pass_through(
                profile,
                self.shots,
                self.seed,
                self.seeds,
                self.target.as_deref(),
            ),
        }
    }
}

impl BenchBotArgs {
    /// `flick bench-bot`: the bot's thinking timed, then the coach's hints and the range.
    fn run(self, profile: &PhysicsProfile, scenario_file: Option<PathBuf>) -> ExitCode {
        let levels = match load_levels(self.levels.as_deref()) {
            Ok(l) => l,
            Err(e) => return fail(&e),
        };
        let town = match played_town(profile, scenario_file) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
        if self.hints > 0 {
            time_hints(profile, &town, &levels, self.hints, self.seed);
        }
        match arena::bench_bot(profile, &town, &levels, self.level, self.turns, self.seed) {
            Ok(b) => {
                let _ = b.print(&mut std::io::stdout());
                if self.range_shots > 0 {
                    return range(profile, &levels, self.range_shots, self.seed);
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        }
    }
}

impl LookaheadCheckArgs {
    /// `flick lookahead-check`: the level's look-ahead, with the settings
    /// given in place of its own, against the game's simulation.
    fn run(self, profile: &PhysicsProfile, scenario_file: Option<PathBuf>) -> ExitCode {
        let levels = match load_levels(self.levels.as_deref()) {
            Ok(l) => l,
            Err(e) => return fail(&e),
        };
        let level = self.level;
        let Some(mut spec) = levels.get(level).cloned() else {
            eprintln!("the {level} level does not search");
            return ExitCode::from(2);
        };
        let game = game_lookahead(profile);
        let quick = self.settings(spec.lookahead.unwrap_or(game));
        let problems = quick.problems();
        if !problems.is_empty() {
            for (_, message) in problems {
                eprintln!("{message}");
            }
            return ExitCode::from(2);
        }
        spec.lookahead = Some(quick);
        let town = match played_town(profile, scenario_file) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
        let found = match highnoon::ai::lookahead_check::positions(
            profile,
            &town,
            &levels,
            self.positions,
            self.seed,
        ) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        print_lookahead(profile, &quick, &game);
        let report = highnoon::ai::lookahead_check::check(
            &found,
            &spec,
            self.flicks,
            self.replays,
            self.seed,
        );
        let _ = report.print(&mut std::io::stdout());
        ExitCode::SUCCESS
    }

    /// `quick` with each setting given on the command line in place of its own.
    fn settings(&self, mut quick: Quick) -> Quick {
        quick.dt = self.dt.unwrap_or(quick.dt);
        quick.iterations = self.iterations.unwrap_or(quick.iterations);
        quick.still_time = self.still_time.unwrap_or(quick.still_time);
        quick.settle_after = self.settle_after.unwrap_or(quick.settle_after);
        quick.time_until_sleep = self.time_until_sleep.or(quick.time_until_sleep);
        quick
    }
}

/// The game's own simulation settings, in a look-ahead's terms.
fn game_lookahead(profile: &PhysicsProfile) -> Quick {
    Quick {
        dt: profile.solver.dt,
        iterations: profile.solver.iterations,
        still_time: profile.sleep.still_time,
        settle_after: profile.sleep.settle_after,
        time_until_sleep: Some(profile.sleep.time_until_sleep),
    }
}

/// Prints the look-ahead's settings `quick` beside the game's own, `game`.
fn print_lookahead(profile: &PhysicsProfile, quick: &Quick, game: &Quick) {
    println!(
        "look-ahead: step {:.4} s, {} solver iterations, {} s of stillness, damped from {} s, asleep after {} s still (the game: {:.4} s, {}, {} s, {} s, {} s)",
        quick.dt,
        quick.iterations,
        quick.still_time,
        quick.settle_after,
        quick
            .time_until_sleep
            .unwrap_or(profile.sleep.time_until_sleep),
        game.dt,
        game.iterations,
        game.still_time,
        game.settle_after,
        profile.sleep.time_until_sleep
    );
}

/// The town a bot tool plays: `--scenario FILE`, or the final showdown.
fn played_town(profile: &PhysicsProfile, scenario_file: Option<PathBuf>) -> Result<Town, Problems> {
    let path =
        scenario_file.unwrap_or_else(|| scenario::data_root().join("scenarios/final_showdown.ron"));
    Town::load(&path, profile)
}

/// Times the coach's hint on `n` opening moves of `town` (each a different
/// cowboy of the side to play, the referee seeded `seed + k`): median and
/// slowest, with the flicks each simulated.
fn time_hints(profile: &PhysicsProfile, town: &Town, levels: &BotLevels, n: usize, seed: u64) {
    use highnoon::ai::coach;
    use highnoon::flick::referee::Referee;
    use highnoon::flick::rules::Intent;
    let mut times = Vec::new();
    let mut simulated = 0;
    for k in 0..n {
        let Ok(mut referee) = Referee::new(profile.clone(), town, seed + k as u64) else {
            continue;
        };
        let plays: Vec<Intent> = referee
            .game
            .legal_intents()
            .into_iter()
            .filter(|i| matches!(i, Intent::Play(_)))
            .collect();
        let Some(play) = plays.get(k % plays.len().max(1)).cloned() else {
            continue;
        };
        if referee.apply(play).is_err() || referee.apply(Intent::Move).is_err() {
            continue;
        }
        let t = std::time::Instant::now();
        match coach::hint(&referee, levels, seed + k as u64) {
            Ok(h) => {
                times.push(t.elapsed().as_secs_f64());
                simulated += h.planned.simulated + h.trials.len() + 1;
            }
            Err(e) => eprintln!("no hint: {e}"),
        }
    }
    if !times.is_empty() {
        let count = times.len();
        let most = times.iter().copied().fold(0.0, f64::max);
        println!(
            "coach: {count} hints, median {:.3} s, slowest {most:.3} s, {} flicks simulated each",
            highnoon::stats::median(times),
            simulated / count
        );
    }
    time_turn_hints(profile, town, levels, n, seed);
}

/// Times the coach's whole-turn hint on `n` choices of cowboy or action met
/// in random games of `town` (game `k` played `5 k` random steps on, then
/// to its next choice): median and slowest.
fn time_turn_hints(profile: &PhysicsProfile, town: &Town, levels: &BotLevels, n: usize, seed: u64) {
    use highnoon::ai::turn_coach;
    use highnoon::flick::driver::{RandomPlayer, play, play_random};
    use highnoon::flick::referee::Referee;
    let mut times = Vec::new();
    for k in 0..n {
        let Ok(mut referee) = Referee::new(profile.clone(), town, seed + k as u64) else {
            continue;
        };
        let _ = play_random(&mut referee, seed + k as u64, 5 * k);
        let mut walker = RandomPlayer::new(seed + k as u64);
        while !referee.game.is_over() && !turn_coach::awaits_choice(&referee) {
            let Some(step) = walker.next_step(&referee) else {
                break;
            };
            let _ = play(&mut referee, &step);
        }
        if referee.game.is_over() {
            continue;
        }
        let t = std::time::Instant::now();
        match turn_coach::turn_hint(&referee, levels, seed + k as u64) {
            Ok(_) => times.push(t.elapsed().as_secs_f64()),
            Err(e) => eprintln!("no whole-turn hint: {e}"),
        }
    }
    if times.is_empty() {
        return;
    }
    let count = times.len();
    let most = times.iter().copied().fold(0.0, f64::max);
    println!(
        "coach, whole turn: {count} hints, median {:.3} s, slowest {most:.3} s",
        highnoon::stats::median(times)
    );
}

/// The bots' levels: `--levels`, or the shipped file.
fn load_levels(path: Option<&Path>) -> Result<BotLevels, Problems> {
    match path {
        Some(p) => BotLevels::load(p),
        None => BotLevels::load_default(),
    }
}

/// `flick bench-bot`'s range: each level's aim at a standing figure 25 cm away.
fn range(profile: &PhysicsProfile, levels: &BotLevels, shots: usize, seed: u64) -> ExitCode {
    println!("  aim at a standing figure 25 cm away, {shots} shots each:");
    for l in [Level::Random, Level::Easy, Level::Normal, Level::Hard] {
        match highnoon::ai::range::range(profile, levels, l, 25.0, shots, seed) {
            Ok(r) => println!(
                "    {:<7} {:>3}/{} hit  ({:.0}%)",
                format!("{l:?}").to_lowercase(),
                r.hits,
                r.shots,
                100.0 * r.rate()
            ),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `flick pass-through --trace TARGET:SHOT`: one shot, step by step.
fn trace_shot(profile: &PhysicsProfile, which: &str, seed: u64) -> ExitCode {
    use highnoon::physics::pass_through::{Target, trace};
    let parsed = which
        .split_once(':')
        .and_then(|(t, n)| Some((Target::parse(t)?, n.parse::<usize>().ok()?)));
    let Some((kind, shot)) = parsed else {
        eprintln!(
            "--trace wants TARGET:SHOT, TARGET one of fence, figure, block, off-centre (got {which:?})"
        );
        return ExitCode::from(2);
    };
    for line in trace(profile, kind, shot, seed) {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

/// `flick pass-through`: the strict detector's full count, per target and
/// seed (exit 1 if any shot went through a standing piece, came out whole
/// behind one, or was still moving at the time cap).
fn pass_through(
    profile: &PhysicsProfile,
    shots: usize,
    seed: u64,
    seeds: u64,
    target: Option<&str>,
) -> ExitCode {
    use highnoon::physics::pass_through::{Crossing, Target, survey};
    let targets: Vec<Target> = match target {
        None | Some("all") => Target::SURVEYED.to_vec(),
        Some(name) => match Target::parse(name) {
            Some(t) => vec![t],
            None => {
                eprintln!("--target wants fence, figure, block, off-centre or all (got {name:?})");
                return ExitCode::from(2);
            }
        },
    };
    if seeds == 0 {
        eprintln!("--seeds wants at least 1");
        return ExitCode::from(2);
    }
    println!(
        "{:<14} {:>5} {:>7} {:>9} {:>8} {:>8} {:>8} {:>11} {:>6} {:>8} {:>12} {:>8}",
        "target",
        "seed",
        "shots",
        "crossings",
        "tipping",
        "whole",
        "sank in",
        "not at rest",
        "awake",
        "stopped",
        "first touch",
        "seconds"
    );
    let show = |label: &str, c: &Crossing| {
        println!(
            "    {label}shot {} ({}): crossed at step {} ({}), tilt {:.1}°{}, from {:.3?} {:?}",
            c.shot,
            c.disc,
            c.step,
            c.after_contact
                .map_or("it never touched the target".to_string(), |k| {
                    format!("{k} steps after it first touched the target")
                }),
            c.tilt_deg,
            if c.came_out_whole {
                ", came out whole"
            } else {
                ""
            },
            c.from,
            c.flick
        );
    };
    let mut clean = true;
    for &kind in &targets {
        // Totals over the seeds: shots, crossings, tipping, whole, sank in,
        // not at rest, at rest yet awake, stopped by the backstop.
        let mut total = [0usize; 8];
        for seed in seed..seed + seeds {
            let t = std::time::Instant::now();
            let s = survey(profile, kind, shots, seed);
            let counts = [
                s.shots,
                s.crossings.len(),
                s.tipping.len(),
                s.whole(),
                s.sank_in.len(),
                s.not_at_rest,
                s.left_awake,
                s.frozen.len(),
            ];
            let [n, crossings, tipping, whole, sank, restless, awake, frozen] = counts;
            println!(
                "{:<14} {:>5} {:>7} {:>9} {:>8} {:>8} {:>8} {:>11} {:>6} {:>8} {:>11.1}% {:>8.1}",
                kind.name(),
                seed,
                n,
                crossings,
                tipping,
                whole,
                sank,
                restless,
                awake,
                frozen,
                100.0 * s.hit_target as f64 / s.shots.max(1) as f64,
                t.elapsed().as_secs_f64()
            );
            for c in s.crossings.iter().take(5) {
                show("", c);
            }
            // Every one that came out whole, past the first five.
            for c in s.crossings.iter().skip(5).filter(|c| c.came_out_whole) {
                show("", c);
            }
            for c in s.tipping.iter().filter(|c| c.came_out_whole).take(5) {
                show("tipping, ", c);
            }
            for c in s.tipping.iter().filter(|c| !c.came_out_whole).take(3) {
                show("tipping, ", c);
            }
            for (shot, step) in s.sank_in.iter().take(5) {
                println!("    shot {shot}: the disc's centre inside the target at step {step}");
            }
            for (shot, moving) in s.restless.iter().take(5) {
                println!(
                    "    shot {shot}: still moving at the time cap: {}",
                    moving.join(", ")
                );
            }
            if !s.awake.is_empty() {
                println!(
                    "    at rest, yet Rapier holds a body awake: shots {:?}",
                    s.awake
                );
            }
            if !s.frozen.is_empty() {
                println!(
                    "    stopped by the backstop (sleep.freeze_after): shots {:?}",
                    &s.frozen[..s.frozen.len().min(10)]
                );
            }
            clean &= s.crossings.is_empty() && s.whole() == 0 && s.not_at_rest == 0;
            for (sum, n) in total.iter_mut().zip(counts) {
                *sum += n;
            }
        }
        if seeds > 1 {
            println!(
                "{:<14} {:>5} {:>7} {:>9} {:>8} {:>8} {:>8} {:>11} {:>6} {:>8}",
                kind.name(),
                "all",
                total[0],
                total[1],
                total[2],
                total[3],
                total[4],
                total[5],
                total[6],
                total[7]
            );
        }
    }
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
