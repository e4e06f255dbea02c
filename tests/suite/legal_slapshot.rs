//! Slapshot's legal actions held to the rule book
//! (`../shared/rules/slapshot.md`) rather than to the game's own list:
//! `book_legal` below enumerates the actions the book allows, written from its
//! sentences (quoted at each rule) and reading only the state (the phase, the
//! teams, the decks, the schedule and the limits' records, the series). Where
//! the book is silent it follows `docs/card-games.md`: a turn with nothing
//! else allowed passes, line-ups are laid card by card, the away team first.
//!
//! At every decision of random games (every player count, the advanced rules
//! on and off in every combination, seasons of every length, every first
//! seat) the actions `legal_actions` lists are exactly the book's (as sets of
//! their Debug text, each as `listed_as` names it), and over a universe of
//! actions of every shape (every card of the box and two beyond it, every seat
//! and one beyond the table, the player himself among them, and the chance
//! outcomes) `apply` accepts exactly the ones the book allows, so the rules'
//! own check answers to the book too. The rare moments (a turn that can only
//! pass, the limits used up, the schedule holding a game back, a forced give,
//! the last card of a line-up, overtime, the semi-final, teams out of the
//! playoffs) are counted and each must have been met.

use std::collections::{BTreeMap, BTreeSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::slapshot::{Action, CardId, Phase, Position, Slapshot, Stage};
use highnoon::cards::{CardGame, TableGame};

/// Random games played, and the most actions one may take.
const GAMES: u64 = 48;
const MAX_STEPS: usize = 40_000;

// ---------------------------------------------------------------------------
// The book's tables.

/// "Each player's team consists of six (6) cards: 3 Forwards (cards with blue
/// numbers), 2 Defensemen (cards with green numbers), 1 Goalie (cards with red
/// numbers). This ratio ... must be maintained throughout play."
fn per_team(p: Position) -> usize {
    match p {
        Position::Forward => 3,
        Position::Defenseman => 2,
        Position::Goalie => 1,
    }
}

/// "Separate the three different types of cards (goalies, defensemen, and
/// forwards) into three decks": the cards left in the deck of `p` (the state
/// keeps the forwards', the defensemen's and the goalies' decks in that order).
fn deck_len(g: &Slapshot, p: Position) -> usize {
    let i = match p {
        Position::Forward => 0,
        Position::Defenseman => 1,
        Position::Goalie => 2,
    };
    g.decks[i].len()
}

fn position(g: &Slapshot, c: CardId) -> Position {
    g.rules.cards[c as usize].position
}

/// How many cards of `p` the team of `seat` holds.
fn held(g: &Slapshot, seat: Seat, p: Position) -> usize {
    g.teams[seat]
        .iter()
        .filter(|&&c| position(g, c) == p)
        .count()
}

/// Advanced rules, League Schedule: "Managers must play each opposing team
/// **once** before playing any team twice, then each team once again. In
/// effect, managers play an opposing team four times, twice on the road and
/// twice at home (when that team initiates its two games against you)": the
/// games a manager initiates, each opponent once, then each once more.
fn schedule_allows(g: &Slapshot, seat: Seat, other: Seat) -> bool {
    if !g.rules.league_schedule {
        return true;
    }
    let n = g.rules.players;
    let played = &g.played[seat];
    let once_each = (0..n).all(|q| q == seat || played[q] >= 1);
    played[other] < if once_each { 2 } else { 1 }
}

// ---------------------------------------------------------------------------
// The book's actions.

/// Whose decision it is, read off the table: picking, "Clockwise around the
/// table, one card per draw" from the first seat; a season turn, "When that
/// turn is completed, the manager to the left has the next turn" (the trade's
/// give-back belongs to that turn); a game, the away manager's line-up, then
/// "Your opponent does the same"; nobody at a shuffle, a blind pick or a coin.
fn book_seat(g: &Slapshot) -> Option<Seat> {
    let n = g.rules.players;
    match &g.phase {
        Phase::Pick { .. } => {
            let picked: usize = g.teams.iter().map(Vec::len).sum();
            Some((g.rules.first_seat + picked) % n)
        }
        Phase::Turn | Phase::GiveBack { .. } => Some((g.rules.first_seat + g.turns as usize) % n),
        Phase::Lineup(m) => Some(if m.lines[0].len() < 6 { m.away } else { m.home }),
        Phase::Deal | Phase::BlindPick { .. } | Phase::Coin(_) | Phase::Over => None,
    }
}

/// Every action the rule book allows now.
fn book_legal(g: &Slapshot) -> Vec<Action> {
    let n = g.rules.players;
    match &g.phase {
        // "each manager picks a team of six (6) cards, which must be one
        // Goalie, two Defensemen, and three Forwards": the top card of a deck
        // of a kind the team still lacks (an empty deck has no top card).
        Phase::Pick { seat } => Position::ALL
            .into_iter()
            .filter(|&p| held(g, *seat, p) < per_team(p) && deck_len(g, p) > 0)
            .map(Action::Pick)
            .collect(),
        // "When it is your turn, you must do one of the three activities".
        Phase::Turn => {
            let seat = g.mover;
            // "Trades and Drafts are not allowed during Playoffs."
            let season = g.series.is_none();
            let mut v = Vec::new();
            // "Managers are limited to 4 Drafts and 4 Trades per game."
            let trades_left = g.rules.limits.is_none_or(|l| g.trades[seat] < l.trades);
            let drafts_left = g.rules.limits.is_none_or(|l| g.drafts[seat] < l.drafts);
            // "1. Trade: Choose a manager. This manager, who cannot refuse to
            // trade, fans out his team cards": another manager at the table.
            if season && trades_left {
                v.extend((0..n).filter(|&w| w != seat).map(Action::Trade));
            }
            // "2. Draft: Choose any card on your team, place it on the bottom
            // of the deck that contains the same type of player and then take
            // the top card of that deck."
            if season && drafts_left {
                v.extend(g.teams[seat].iter().map(|&c| Action::Draft(c)));
            }
            // "3. Game: (a) Choose a manager to play a game. That manager
            // cannot refuse to play." Another manager, as the schedule allows.
            v.extend(
                (0..n)
                    .filter(|&w| w != seat && schedule_allows(g, seat, w))
                    .map(Action::Challenge),
            );
            // Ours: a turn with none of the three allowed (the schedule
            // played out, the limits used up) passes.
            if v.is_empty() {
                v.push(Action::Pass);
            }
            v
        }
        // "Pick any card, add it to your team, and then give back a card of
        // the **same** type ... You may **not** give back the same card".
        Phase::GiveBack { taken, .. } => {
            let p = position(g, *taken);
            g.teams[g.mover]
                .iter()
                .filter(|&&c| c != *taken && position(g, c) == p)
                .map(|&c| Action::Give(c))
                .collect()
        }
        // "(b) Arrange your team into a deck of six cards ... Your opponent
        // does the same": each card of the team once, in any order.
        Phase::Lineup(m) => {
            let side = usize::from(m.lines[0].len() >= 6);
            let seat = if side == 0 { m.away } else { m.home };
            g.teams[seat]
                .iter()
                .filter(|&&c| !m.lines[side].contains(&c))
                .map(|&c| Action::Line(c))
                .collect()
        }
        Phase::Deal | Phase::BlindPick { .. } | Phase::Coin(_) | Phase::Over => Vec::new(),
    }
}

// ---------------------------------------------------------------------------
// The comparisons.

fn debug_set(g: &Slapshot, actions: &[Action]) -> BTreeSet<String> {
    actions
        .iter()
        .map(|a| format!("{:?}", g.listed_as(a)))
        .collect()
}

/// Actions of every shape: every card of the box and two beyond it for the
/// card actions, every seat and one beyond the table (the player himself
/// among them) for trades and games, every deck, a pass, and the chance
/// outcomes (never a player's to make).
fn universe(g: &Slapshot) -> Vec<Action> {
    let n = g.rules.players;
    let cards = g.rules.cards.len() as CardId;
    let mut v = vec![
        Action::Pass,
        Action::Take(0),
        Action::Coin(0),
        Action::Shuffle(Default::default()),
    ];
    v.extend(Position::ALL.map(Action::Pick));
    for s in 0..=n {
        v.push(Action::Trade(s));
        v.push(Action::Challenge(s));
    }
    for c in (0..cards).chain([cards, CardId::MAX]) {
        v.extend([Action::Draft(c), Action::Give(c), Action::Line(c)]);
    }
    v
}

/// One decision: the seat, the list against the book, the universe against
/// the book; counts what it met.
fn check_decision(g: &Slapshot, seat: Seat, at: &str, met: &mut Met) {
    assert_eq!(
        Some(seat),
        book_seat(g),
        "{at}: the seat to decide in {:?}",
        g.phase
    );
    match &g.phase {
        // "When one manager's token reaches the space marked Playoffs, the
        // hockey season ends": no season turn in the playoffs.
        Phase::Turn => assert!(g.series.is_none(), "{at}: a season turn in the playoffs"),
        Phase::Lineup(m) => match (m.stage, &g.series) {
            // "All games you initiate are "away" or "road" games for you".
            (Stage::Season, None) => assert_eq!(
                m.away, g.mover,
                "{at}: a season game is initiated by the manager whose turn it is"
            ),
            // "This team and the one in second place now play a series":
            // the teams out of the playoffs never lay a line-up.
            (Stage::Semifinal | Stage::Final, Some(s)) => assert!(
                s.stage == m.stage
                    && m.away != m.home
                    && [m.away, m.home].contains(&s.high)
                    && [m.away, m.home].contains(&s.low),
                "{at}: a {:?} game between seats {} and {} in series {s:?}",
                m.stage,
                m.away,
                m.home
            ),
            (stage, series) => panic!("{at}: a {stage:?} game with series {series:?}"),
        },
        _ => {}
    }
    let book = book_legal(g);
    let want = debug_set(g, &book);
    assert_eq!(
        want.len(),
        book.len(),
        "{at}: the book names an action twice"
    );
    let listed = debug_set(g, &g.legal_actions());
    assert!(
        want == listed,
        "{at}: in {:?} the book allows {:?} that the game does not list, and the game lists {:?} that the book does not allow",
        g.phase,
        want.difference(&listed).collect::<Vec<_>>(),
        listed.difference(&want).collect::<Vec<_>>()
    );
    // The universe: accepted exactly when the book allows it. A refused
    // action changes nothing, so one copy serves until one is accepted.
    let mut probe = g.clone();
    for a in universe(g) {
        let allowed = book.contains(&g.listed_as(&a));
        match probe.apply(a.clone()) {
            Ok(()) => {
                assert!(
                    allowed,
                    "{at}: {a:?} is accepted in {:?} but the book forbids it",
                    g.phase
                );
                probe = g.clone();
            }
            Err(e) => assert!(
                !allowed,
                "{at}: {a:?} is refused ({e}) in {:?} but the book allows it",
                g.phase
            ),
        }
    }
    assert!(probe == *g, "{at}: a refused action changed the game");
    count(g, seat, &book, met);
}

// ---------------------------------------------------------------------------
// The rare moments.

type Met = BTreeMap<&'static str, usize>;

const FULL_POSITION: &str = "a pick with a kind of player already complete";
const SELF_TARGETS: &str = "a season turn: trading with and challenging oneself refused";
const PASS_ONLY: &str = "a turn with nothing allowed but to pass";
const TRADES_USED: &str = "the trade limit used up";
const DRAFTS_USED: &str = "the draft limit used up";
const SCHEDULE_HOLDS: &str = "the league schedule holding back a game against someone";
const SECOND_GAMES: &str = "the league schedule's second game against someone";
const FORCED_GIVE: &str = "a give-back with one card of the kind (a goalie)";
const LAST_CARD: &str = "the last card of a line-up";
const OVERTIME: &str = "an overtime line-up (sudden death)";
const SEMIFINAL: &str = "a semi-final line-up";
const FINAL: &str = "a final line-up";
const SITTING_OUT: &str = "a playoff decision with teams out of the playoffs";

/// Each rare moment and how often it must have been met.
/// (A turn with nothing but Pass is counted, not required: a manager must
/// have spent both limits with the schedule played out before a champion
/// is crowned, which random seasons do not reach.)
const REQUIRED: [(&str, usize); 12] = [
    (FULL_POSITION, 48),
    (SELF_TARGETS, 1000),
    (TRADES_USED, 20),
    (DRAFTS_USED, 20),
    (SCHEDULE_HOLDS, 20),
    (SECOND_GAMES, 10),
    (FORCED_GIVE, 10),
    (LAST_CARD, 200),
    (OVERTIME, 24),
    (SEMIFINAL, 24),
    (FINAL, 200),
    (SITTING_OUT, 100),
];

fn note(met: &mut Met, label: &'static str) {
    *met.entry(label).or_default() += 1;
}

fn count(g: &Slapshot, seat: Seat, book: &[Action], met: &mut Met) {
    let n = g.rules.players;
    match &g.phase {
        Phase::Pick { .. } if book.len() < Position::ALL.len() => note(met, FULL_POSITION),
        Phase::Turn => {
            note(met, SELF_TARGETS);
            if book.len() == 1 && book[0] == Action::Pass {
                note(met, PASS_ONLY);
            }
            if let Some(l) = g.rules.limits {
                if g.trades[seat] >= l.trades {
                    note(met, TRADES_USED);
                }
                if g.drafts[seat] >= l.drafts {
                    note(met, DRAFTS_USED);
                }
            }
            let games = book
                .iter()
                .filter(|a| matches!(a, Action::Challenge(_)))
                .count();
            if g.rules.league_schedule && games > 0 && games < n - 1 {
                note(met, SCHEDULE_HOLDS);
            }
            if g.rules.league_schedule
                && book
                    .iter()
                    .any(|a| matches!(a, Action::Challenge(w) if g.played[seat][*w] == 1))
            {
                note(met, SECOND_GAMES);
            }
        }
        Phase::GiveBack { .. } if book.len() == 1 => note(met, FORCED_GIVE),
        Phase::Lineup(m) => {
            if book.len() == 1 {
                note(met, LAST_CARD);
            }
            if m.overtime > 0 {
                note(met, OVERTIME);
            }
            match m.stage {
                Stage::Semifinal => note(met, SEMIFINAL),
                Stage::Final => note(met, FINAL),
                Stage::Season => {}
            }
            if m.stage != Stage::Season && n >= 3 {
                note(met, SITTING_OUT);
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------
// The games.

/// A game for `seed`: every player count, the options (league schedule,
/// limits) on and off in every combination, seasons of 1 to 6 wins, every
/// first seat.
fn game(seed: u64) -> Slapshot {
    let min = <Slapshot as TableGame>::MIN_PLAYERS;
    let span = <Slapshot as TableGame>::MAX_PLAYERS - min + 1;
    let players = min + seed as usize % span;
    let mut setup =
        <Slapshot as TableGame>::load_setup(&CardGame::Slapshot.default_setup(), Some(players))
            .expect("the setup loads");
    for (i, option) in <Slapshot as TableGame>::OPTIONS.iter().enumerate() {
        <Slapshot as TableGame>::set_option(&mut setup.rules, option.key, (seed >> i) & 1 == 1)
            .expect("an option of the game");
    }
    setup.rules.wins_to_playoffs = 1 + (seed / 4 % 6) as u32;
    setup.rules.first_seat = (seed / 3) as usize % players;
    <Slapshot as TableGame>::new_game(setup.rules)
}

#[test]
fn slapshot_legal_actions_are_the_rule_books_at_every_decision() {
    let mut met = Met::new();
    let mut decisions = 0;
    let mut champions = 0;
    let games = super::common::rule_games(GAMES);
    for seed in 0..games {
        let mut g = game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x51a9);
        for step in 0..MAX_STEPS {
            let at = format!("seed {seed}, step {step}");
            let action = match g.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    assert!(
                        book_legal(&g).is_empty() && g.legal_actions().is_empty(),
                        "{at}: an action for a seat at a chance event"
                    );
                    g.sample_chance(&mut rng)
                }
                Turn::Player(seat) => {
                    decisions += 1;
                    check_decision(&g, seat, &at, &mut met);
                    let legal = g.legal_actions();
                    legal[rng.random_range(0..legal.len())].clone()
                }
            };
            if let Err(e) = g.apply(action.clone()) {
                panic!("{at}: {action:?} refused: {e}");
            }
        }
        assert!(
            g.is_over(),
            "seed {seed}: no champion after {MAX_STEPS} actions"
        );
        assert!(book_legal(&g).is_empty() && g.legal_actions().is_empty());
        champions += usize::from(g.champion.is_some());
    }
    eprintln!("Slapshot against the book: {decisions} decisions, met {met:#?}");
    assert_eq!(champions, games as usize, "every year crowns a champion");
    for (label, least) in REQUIRED {
        let times = met.get(label).copied().unwrap_or(0);
        assert!(
            times >= least,
            "{label}: met {times} time(s) (at least {least} wanted) in {decisions} decisions: {met:#?}"
        );
    }
}
