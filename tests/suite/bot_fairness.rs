//! No bot gangs up on the person by seat number (issue 26, item 5). The
//! person sits at seat 0; a bot that settles a tie between equally good
//! targets by seat order (the first of a `min_by_key`, the first legal action)
//! picks seat 0 from every equal position, and in a four-player game the three
//! bots all shoot the person. Two kinds of check, for each card game:
//!
//! - **Even targets from symmetric positions.** Whenever a bot chooses an
//!   opponent while its opponents look alike (the same health and armour, the
//!   same members and gold, the same wounds and rounds loaded, the same
//!   unseen team), each opponent must come up about equally often: per seat, a
//!   chi-square goodness-of-fit test against an even spread, and over seats 1
//!   to 3 together, seat 0's share of their picks against its third. A fair
//!   bot passes by construction (the position is symmetric, so its choice is
//!   uniform); a bot that takes the lowest seat puts every pick of seats 1 to
//!   3 on seat 0 (a statistic of twice the number of picks, far past the
//!   critical value). The expert is checked here too: its search asked at
//!   the hard bots' aimed decisions to choose among every aimed action open
//!   there (an expert that took the first legal action aimed every pick of
//!   seats 1 to 3 at seat 0 in all three games).
//! - **The person's seat wins its share.** All-bot games with four players
//!   at each level (easy, normal, hard), seeded as `cards GAME --players 4
//!   --bots LEVEL --seed S` seeds them: the wins by seat must pass a chi-square test of evenness,
//!   and seat 0's share of the wins may not lie significantly below a quarter
//!   (the upper end of its one-sided Wilson bound at p = 0.001 must reach 1/4).
//!
//! Every threshold is at p = 0.001 (the tables' critical values,
//! [`chi_square_critical_001`]), so a fair bot fails by bad luck once in a
//! thousand seedings, and the runs are seeded: the same code gives the same
//! verdict every time.

use std::ops::Range;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use highnoon::bot_level::Level;
use highnoon::cards::core::{Agent, Game, Seat, Turn, play};
use highnoon::cards::gunfighter::{self, Before, Effect, Fighter, Gunfighter, Play};
use highnoon::cards::registry::GameVisitor;
use highnoon::cards::slap45::{self, Slap45};
use highnoon::cards::slapshot::{self, Slapshot};
use highnoon::cards::tabletown::{self, Tabletown};
use highnoon::cards::{CardGame, TableGame};
use highnoon::stats::{
    Z_ONE_SIDED_001, chi_square, chi_square_critical_001, chi_square_uniform, wilson_at,
};

const PLAYERS: usize = 4;

/// The levels a person plays against, each checked alike.
const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// How many games the expert is asked in, in each check of aim from
/// symmetric positions (a search for each seat's pick).
const EXPERT_GUNFIGHTER: u64 = 200;
const EXPERT_SLAP45: u64 = 150;
const EXPERT_TABLETOWN: u64 = 300;

/// The levels whose aim is checked from symmetric positions: every level,
/// the expert's search at the suite's budget (`hidden_info::bot`) over the
/// first `expert` of the games the others play.
fn aim_levels(games: u64, expert: u64) -> impl Iterator<Item = (Level, Range<u64>)> {
    LEVELS
        .into_iter()
        .map(move |level| (level, 0..games))
        .chain([(Level::Expert, 0..expert)])
}

/// `picks[c][t]`: how often the bot in seat `c` chose seat `t`.
type Picks = Vec<Vec<u64>>;

/// A bot's seed as the `cards` command and the window's table give it.
fn bot_seed(seed: u64, seat: Seat) -> u64 {
    seed.wrapping_mul(31).wrapping_add(seat as u64 + 1)
}

/// Checks `picks` (targets chosen from symmetric positions): each seat spread
/// its picks evenly over its opponents, and seats 1 to n − 1 together did not
/// pick seat 0 more (or less) often than its 1/(n − 1). Each seat needs
/// `at_least` picks, or the check would have no power.
fn assert_even(game: &str, picks: &[Vec<u64>], at_least: u64) {
    let n = picks.len();
    let per_seat = chi_square_critical_001(n - 2).expect("a small table");
    for (c, row) in picks.iter().enumerate() {
        let opponents: Vec<Seat> = (0..n).filter(|&t| t != c).collect();
        let counts: Vec<u64> = opponents.iter().map(|&t| row[t]).collect();
        let total: u64 = counts.iter().sum();
        assert!(
            total >= at_least,
            "{game}: seat {c} chose an opponent from a symmetric position only {total} times \
             (at least {at_least} wanted): {picks:?}"
        );
        let x = chi_square_uniform(&counts);
        assert!(
            x < per_seat,
            "{game}: seat {c} chose seats {opponents:?} {counts:?} times from symmetric \
             positions; chi-square {x:.1} ≥ {per_seat} (p < 0.001): not even. All picks: {picks:?}"
        );
    }
    // Seat 0, the person's, as seen from the other seats.
    let at_person: u64 = picks.iter().skip(1).map(|row| row[0]).sum();
    let all: u64 = picks
        .iter()
        .enumerate()
        .skip(1)
        .map(|(c, row)| {
            row.iter()
                .enumerate()
                .filter(|&(t, _)| t != c)
                .map(|(_, &k)| k)
                .sum::<u64>()
        })
        .sum();
    let share = 1.0 / (n - 1) as f64;
    let x = chi_square(&[at_person, all - at_person], &[share, 1.0 - share]);
    let crit = chi_square_critical_001(1).expect("a small table");
    assert!(
        x < crit,
        "{game}: seats 1 to {} chose seat 0 in {at_person} of {all} picks from symmetric \
         positions (a fair share is {:.0}); chi-square {x:.1} ≥ {crit} (p < 0.001). All picks: {picks:?}",
        n - 1,
        all as f64 * share
    );
}

/// Plays `seeds` games of `G` (its shipped setup, [`PLAYERS`] bots of `level`,
/// seeded as the `cards` command seeds them) and records, for each seat, the
/// opponent of its first decision that `target` accepts (`target` sees the
/// state before the action: it names the opponent chosen when the action
/// chooses one from a position where the opponents look alike). A game stops
/// once every seat has one, when `stop` says none can come any more, or at its
/// end. The expert is asked at the hard bots' first aimed decision of each
/// seat, to choose among every aimed action open there: the choice its search
/// adds to the hard bot's is the one checked.
fn first_targets<G: TableGame>(
    game: CardGame,
    level: Level,
    seeds: Range<u64>,
    target: impl Fn(&G, Seat, &G::Action) -> Option<Seat>,
    stop: impl Fn(&G) -> bool,
) -> Picks {
    let rules = G::load_setup(&game.default_setup(), Some(PLAYERS))
        .unwrap()
        .rules;
    let mut picks = vec![vec![0u64; PLAYERS]; PLAYERS];
    for seed in seeds {
        let mut g = G::new_game(rules.clone());
        for s in 0..PLAYERS {
            g.seat_bot(s, level);
        }
        // The expert's search is asked only where it aims (below): the
        // hard bot it improves on plays the game (the suite's time).
        let players = if level == Level::Expert {
            Level::Hard
        } else {
            level
        };
        let mut bots: Vec<Box<dyn Agent<G> + Send>> = (0..PLAYERS)
            .map(|s| G::bot(players, bot_seed(seed, s)))
            .collect();
        let mut chance = ChaCha8Rng::seed_from_u64(seed);
        let mut seen = [false; PLAYERS];
        let mut steps = 0;
        while !seen.iter().all(|&x| x) && !stop(&g) && steps < 200_000 {
            let action = match g.turn() {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut chance),
                Turn::Player(s) => {
                    let legal = g.legal_actions();
                    let observation = g.observation(s);
                    let mut a = bots[s].act(s, &observation, &legal);
                    if !seen[s] && level == Level::Expert && target(&g, s, &a).is_some() {
                        // The expert's choice among every aimed action open
                        // here (its search, at the suite's budget). It may
                        // keep its hard bot's own play (Slap .45's slaps are
                        // timed by the bot), aimed or not: only an aimed
                        // choice counts.
                        let aimed: Vec<G::Action> = legal
                            .iter()
                            .filter(|b| target(&g, s, b).is_some())
                            .cloned()
                            .collect();
                        let mut expert = super::hidden_info::bot::<G>(level, bot_seed(seed, s));
                        a = expert.act(s, &observation, &aimed);
                    }
                    if !seen[s]
                        && let Some(t) = target(&g, s, &a)
                    {
                        assert_ne!(t, s, "{game}: a target is an opponent");
                        picks[s][t] += 1;
                        seen[s] = true;
                    }
                    a
                }
            };
            g.apply(action).unwrap();
            steps += 1;
        }
    }
    picks
}

/// The opponent a Gunfighter action is aimed at, when it is chosen from a
/// symmetric position: a damaging toss while every opponent has the same
/// health and armour (and the chooser's own Bullet tops no opponent's mat: no
/// fanning the hammer), a Jam while all are equally healthy, a Steal while
/// all hold as many covert cards.
fn gunfighter_target(g: &Gunfighter, c: Seat, a: &gunfighter::Action) -> Option<Seat> {
    use gunfighter::Action;
    let (card, t) = match *a {
        Action::Toss { slot, target } | Action::Early { slot, target } => (
            g.fighters[c].bandolier.get(slot).copied().flatten()?,
            target,
        ),
        Action::Covert { card, target } => (card, target),
        _ => return None,
    };
    let n = g.fighters.len();
    if t == c || n != PLAYERS || g.fighters.iter().any(|f| !f.alive) {
        return None;
    }
    let others: Vec<&Fighter> = (0..n).filter(|&o| o != c).map(|o| &g.fighters[o]).collect();
    let alike = |key: &dyn Fn(&Fighter) -> (u8, u8, usize)| {
        others.iter().all(|&f| key(f) == key(others[0]))
    };
    let symmetric = match g.rules.card(card).play {
        Play::Toss(Effect::Damage(_)) => {
            alike(&|f| (f.health, f.armor, 0))
                && (0..n)
                    .filter(|&o| o != c)
                    .all(|o| g.mats[o].last().is_none_or(|l| l.thrower != c))
        }
        Play::Before(Before::Jam(_)) => alike(&|f| (f.health, 0, 0)),
        Play::Before(Before::Steal) => alike(&|f| (f.health, 0, f.covert.len())),
        _ => false,
    };
    symmetric.then_some(t)
}

/// The gang a Slap .45 slap points at, while every other gang is alive and
/// has the same members, gold and cover.
fn slap45_target(g: &Slap45, c: Seat, a: &slap45::Action) -> Option<Seat> {
    let slap45::Action::Slap(slap) = a else {
        return None;
    };
    let t = slap.point?;
    let n = g.gangs.len();
    if t == c || g.round().is_none() || g.living().len() != n {
        return None;
    }
    let key = |o: Seat| (g.members(o), g.gold(o), g.in_cover(o));
    let first = (0..n).find(|&o| o != c)?;
    (0..n)
        .filter(|&o| o != c)
        .all(|o| key(o) == key(first))
        .then_some(t)
}

/// The gunslinger a Tabletown DRAW!, Track or Reach for the Sky names, while
/// everyone is alive and the others have the same wounds and rounds loaded.
fn tabletown_target(g: &Tabletown, c: Seat, a: &tabletown::Action) -> Option<Seat> {
    use tabletown::Action;
    let t = match *a {
        Action::CallOut(t) | Action::Track(t) | Action::Reach(_, t) => t,
        _ => return None,
    };
    let n = g.slingers.len();
    if t == c || g.slingers.iter().any(|s| !s.alive) {
        return None;
    }
    let key = |o: Seat| (g.slingers[o].wounds, g.slingers[o].loaded());
    let first = (0..n).find(|&o| o != c)?;
    (0..n)
        .filter(|&o| o != c)
        .all(|o| key(o) == key(first))
        .then_some(t)
}

/// The Gunfighter bots' first aimed card from a symmetric position (a Bullet
/// at the weakest, a Jam at the healthiest, a Steal from the fullest hand):
/// even over the opponents. Guards the weakest-opponent choice (it was a
/// `min_by_key` over seats: the lowest seat of equals), the bandolier Jam (the
/// first legal one: the first living seat) and the covert card (a `max_by`:
/// the last seat of equals). On that code seats 1 to 3 shot seat 0 with
/// every first Bullet of the first showdown.
/// Size: 400 games, each stopped after its third showdown.
#[test]
fn gunfighter_bots_aim_evenly_from_symmetric_positions() {
    for (level, seeds) in aim_levels(400, EXPERT_GUNFIGHTER) {
        let picks = first_targets::<Gunfighter>(
            CardGame::Gunfighter,
            level,
            seeds,
            gunfighter_target,
            |g| g.showdowns >= 3 || g.fighters.iter().any(|f| !f.alive),
        );
        assert_even(&format!("The Gunfighter, {level}"), &picks, 30);
    }
}

/// The Slap .45 bots' first pointed slap while the other gangs look alike:
/// even over them, for normal and hard. Guards the aim (normal took the
/// fewest members, then the most gold, then the lowest seat; hard the lowest
/// seat too): on that code every first shot of seats 1 to 3 at an equal table
/// pointed at seat 0. Size: 300 games per level, each stopped at the first
/// gang out or after 40 rounds.
#[test]
fn slap45_bots_point_evenly_from_symmetric_positions() {
    for (level, seeds) in aim_levels(300, EXPERT_SLAP45) {
        let picks = first_targets::<Slap45>(CardGame::Slap45, level, seeds, slap45_target, |g| {
            g.rounds >= 40 || g.living().len() < g.gangs.len()
        });
        assert_even(&format!("Slap .45, {level}"), &picks, 30);
    }
}

/// The Tabletown bots' first DRAW! (or Track, or Reach for the Sky) while the
/// others have the same wounds and rounds: even over them. Guards `weakest`
/// (its key ended in `usize::MAX - seat`: the lowest seat of equals) and the
/// empty-gun DRAW! (the fewest rounds, then the lowest seat): on that code
/// every such call-out of seats 1 to 3 named seat 0. Size: 1,500 games, each
/// stopped at the first death (from there nobody is symmetric) or after 80
/// turns (the loaded rounds have spread by then).
#[test]
fn tabletown_bots_call_out_evenly_from_symmetric_positions() {
    for (level, seeds) in aim_levels(1500, EXPERT_TABLETOWN) {
        let picks =
            first_targets::<Tabletown>(CardGame::Tabletown, level, seeds, tabletown_target, |g| {
                g.turns >= 80 || g.slingers.iter().any(|s| !s.alive)
            });
        assert_even(&format!("Tabletown, {level}"), &picks, 30);
    }
}

/// Each seat's challenge at the season's first turn, asked of a fresh bot
/// seeded per seed and seat: `picks[c][t]` counts the challenges of seat `c`
/// at seat `t` (only challenges are offered, so the bot names an opponent).
/// The picks before are played by normal bots; every manager has seen
/// nothing of the others' teams yet, so the opponents look alike.
fn slapshot_challenges(rules: &slapshot::Rules, level: Level, seeds: Range<u64>) -> Picks {
    let n = rules.players;
    let mut picks = vec![vec![0u64; n]; n];
    for seed in seeds {
        let mut g = Slapshot::new(rules.clone());
        let mut bots: Vec<Box<dyn Agent<Slapshot> + Send>> = (0..n)
            .map(|s| <Slapshot as TableGame>::bot(Level::Normal, bot_seed(seed, s)))
            .collect();
        let mut chance = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !matches!(g.phase, slapshot::Phase::Turn) {
            assert!(steps < 10_000, "seed {seed}: no season turn");
            let a = match g.turn() {
                Turn::Over => panic!("seed {seed}: over before the season"),
                Turn::Chance => g.sample_chance(&mut chance),
                Turn::Player(s) => {
                    let legal = g.legal_actions();
                    bots[s].act(s, &g.observation(s), &legal)
                }
            };
            g.apply(a).unwrap();
            steps += 1;
        }
        // `c` is a seat: its turn, its challenges and its picks.
        #[expect(clippy::needless_range_loop)]
        for c in 0..n {
            // As if it were seat c's turn.
            let mut h = g.clone();
            h.mover = c;
            let challenges: Vec<slapshot::Action> = h
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, slapshot::Action::Challenge(_)))
                .collect();
            assert_eq!(
                challenges.len(),
                n - 1,
                "seed {seed}: everyone may be challenged"
            );
            let mut bot = super::hidden_info::bot::<Slapshot>(
                level,
                seed.wrapping_mul(1009).wrapping_add(c as u64),
            );
            match bot.act(c, &h.observation(c), &challenges) {
                slapshot::Action::Challenge(t) => picks[c][t] += 1,
                other => panic!("seed {seed}, seat {c}, {level}: {other:?}"),
            }
        }
    }
    picks
}

/// Slapshot managers challenge evenly from the season's start, when no team
/// has been seen. Guards the challenge choice of normal and hard (the first
/// of equal estimates: the lowest seat). Two leagues: the shipped cards
/// (estimates from sampled teams, equal now and then: a fair bot passes), and
/// one where every card is alike (no faceoff scores, so every estimate is
/// exactly equal: the old code challenged the lowest seat every time, seats 1
/// to 3 always seat 0). Size: 300 seeds × 4 seats (shipped), 200 × 4
/// (alike), at every level from easy to expert.
#[test]
fn slapshot_managers_challenge_evenly_from_symmetric_positions() {
    let path = highnoon::scenario::data_root().join("assets/cards/slapshot.ron");
    let shipped = slapshot::Rules::load(&path, Some(PLAYERS)).unwrap();
    // The expert too (its search with a small budget, for the suite's speed).
    for level in LEVELS.into_iter().chain([Level::Expert]) {
        let picks = slapshot_challenges(&shipped, level, 0..300);
        assert_even(&format!("Slapshot, shipped cards, {level}"), &picks, 30);
    }
    let mut alike = shipped.clone();
    for card in &mut alike.cards {
        card.halves = 10;
        card.bruiser = false;
        card.scores_on_goalies = false;
    }
    for level in LEVELS.into_iter().chain([Level::Expert]) {
        let picks = slapshot_challenges(&alike, level, 0..200);
        assert_even(&format!("Slapshot, identical cards, {level}"), &picks, 30);
    }
}

/// Wins by seat over games seeded 1 to `games`, every seat a bot of `level`
/// (seeded as `cards GAME --players P --bots LEVEL --seed S` seeds them; the
/// expert's search at the suite's budget, `hidden_info::bot`): each
/// seat's wins (a shared win counts for every winner), its share of the wins
/// (a shared win split), and how many games somebody won.
struct Wins {
    games: u64,
    level: Level,
}

impl GameVisitor for Wins {
    type Output = (Vec<u64>, Vec<f64>, u64);
    fn visit<G: TableGame>(self, game: CardGame) -> Self::Output {
        let rules = G::load_setup(&game.default_setup(), Some(PLAYERS))
            .unwrap()
            .rules;
        let mut wins = vec![0u64; PLAYERS];
        let mut shares = vec![0.0f64; PLAYERS];
        let mut decided = 0u64;
        for seed in 1..=self.games {
            let mut g = G::new_game(rules.clone());
            for s in 0..PLAYERS {
                g.seat_bot(s, self.level);
            }
            let mut bots: Vec<Box<dyn Agent<G> + Send>> = (0..PLAYERS)
                .map(|s| super::hidden_info::bot::<G>(self.level, bot_seed(seed, s)))
                .collect();
            let mut agents: Vec<&mut dyn Agent<G>> = bots
                .iter_mut()
                .map(|b| b.as_mut() as &mut dyn Agent<G>)
                .collect();
            let mut chance = ChaCha8Rng::seed_from_u64(seed);
            if let Err(e) = play(&mut g, &mut agents, &mut chance, 5_000_000, |_, _, _| {}) {
                panic!("{game}, seed {seed}: {e}");
            }
            let w = g.winners();
            if !w.is_empty() {
                decided += 1;
                for &s in &w {
                    wins[s] += 1;
                    shares[s] += 1.0 / w.len() as f64;
                }
            }
        }
        (wins, shares, decided)
    }
}

/// Plays `games` all-bot games of `game` at `level` with four players and checks
/// that the seats win about equally (chi-square over the wins by seat below
/// the p = 0.001 critical value) and that seat 0's share of the wins is not
/// significantly below a quarter (its one-sided Wilson bound at p = 0.001
/// reaches 1/4).
fn assert_seat_0_wins_its_share(game: CardGame, level: Level, games: u64) {
    let (wins, shares, decided) = game.dispatch(Wins { games, level });
    let game = format!("{game}, {level} bots");
    assert!(
        decided * 2 >= games,
        "{game}: only {decided} of {games} games had a winner: {wins:?}"
    );
    let crit = chi_square_critical_001(PLAYERS - 1).expect("a small table");
    let x = chi_square_uniform(&wins);
    assert!(
        x < crit,
        "{game}: wins by seat {wins:?} in {games} all-bot games; chi-square {x:.1} ≥ {crit} \
         (p < 0.001): some seat wins far more than its share"
    );
    let fair = 1.0 / PLAYERS as f64;
    let (_, upper) = wilson_at(shares[0], decided as f64, Z_ONE_SIDED_001);
    assert!(
        upper >= fair,
        "{game}: seat 0 (the person's) won {:.1} of {decided} decided games (wins by seat \
         {wins:?}); even at p = 0.001 its share is at most {upper:.3}, below 1/{PLAYERS}",
        shares[0]
    );
}

/// Slap .45: 300 four-gang games at each level; seat 0 wins its share. On
/// the seat-ordered aim seat 0 won 45 and seat 3 106 of 300 normal games
/// (chi-square about 25 on the two alone, and a Wilson bound of 0.22 < 1/4).
#[test]
fn slap45_seat_0_wins_its_share_of_all_bot_games() {
    for level in LEVELS {
        assert_seat_0_wins_its_share(CardGame::Slap45, level, 300);
    }
}

/// The Gunfighter: 300 four-player games at each level; seat 0 wins its
/// share. On the seat-ordered "weakest opponent" seat 0 won 19 and seat 3
/// 117 of 300 normal games.
#[test]
fn gunfighter_seat_0_wins_its_share_of_all_bot_games() {
    for level in LEVELS {
        assert_seat_0_wins_its_share(CardGame::Gunfighter, level, 300);
    }
}

/// Tabletown: 300 four-player games at each level (a sundown's shared win
/// counts for each winner); seat 0 wins its share.
#[test]
fn tabletown_seat_0_wins_its_share_of_all_bot_games() {
    for level in LEVELS {
        assert_seat_0_wins_its_share(CardGame::Tabletown, level, 300);
    }
}

/// Slapshot: 300 four-manager years of easy and of normal bots, and 150 of
/// hard ones (a hard manager searches its line-ups over sampled teams: a
/// year takes about 0.1 s); the championships spread evenly and seat 0 wins
/// its share. Hard managers once believed a card two managers had shown (one
/// traded it since) of the lower seat, so the lower seats looked stronger and
/// were raided: seat 0 won 38 and seat 3 112 of 300 years. The full 300 of
/// hard: [`slapshot_hard_seat_0_wins_its_share_long_run`].
#[test]
fn slapshot_seat_0_wins_its_share_of_all_bot_games() {
    assert_seat_0_wins_its_share(CardGame::Slapshot, Level::Easy, 300);
    assert_seat_0_wins_its_share(CardGame::Slapshot, Level::Normal, 300);
    assert_seat_0_wins_its_share(CardGame::Slapshot, Level::Hard, 150);
}

/// The long run (about 35 s on one core): 300 years of hard Slapshot
/// managers. `cargo test --release -- --ignored long_run`.
#[test]
#[ignore = "a long run: cargo test --release -- --ignored long_run"]
fn slapshot_hard_seat_0_wins_its_share_long_run() {
    assert_seat_0_wins_its_share(CardGame::Slapshot, Level::Hard, 300);
}

/// The long run for the expert (its search at the suite's budget in every
/// seat, `hidden_info::bot`): 100 four-player games of each card game; the
/// seats win alike and seat 0 wins its share. Minutes of the two cores
/// (Slap .45's waves the longest), so not in the suite's run:
/// `cargo test --release -- --ignored long_run`.
#[test]
#[ignore = "a long run: cargo test --release -- --ignored long_run"]
fn expert_seat_0_wins_its_share_long_run() {
    for game in CardGame::ALL {
        assert_seat_0_wins_its_share(game, Level::Expert, 100);
    }
}
