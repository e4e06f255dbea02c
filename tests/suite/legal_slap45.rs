//! Slap .45's legal declarations held to the rule book
//! (`../shared/rules/slap-45.txt`) and to our readings where it is silent
//! (`docs/slap45-rules-notes.md`), rather than to the game's own list:
//! `book_legal_for` below enumerates what a seat may do now, written from
//! their sentences (quoted at each rule) and reading only the table (the
//! card face up, the hands on the bases and where they were at the reveal,
//! the slaps made, who is alive, the stashes, the traps, the deck).
//!
//! A round is played in sealed waves, and every seat of a wave declares in
//! any order: so at every decision of random games (every player count, Gold
//! and the gang powers on and off, the recruit cap on and off) the book's
//! declarations are compared with the game's for every seat, not only the
//! one the turn order names: `legal_actions` for the seat to move, as
//! `listed_as` names them (the moments of a wave that only order the slaps
//! are one declaration), and `legal_for` for each seat. Over a universe of
//! declarations of every shape (the card, every base and one beyond the
//! table, a lift, points at nobody, at every seat, the gang itself and the
//! dead among them, and one beyond the table, with and without a power, a
//! recruit or the second hand, at the wave's start, on the grid, later, and
//! before the start) the game accepts exactly the ones the book allows, from
//! the seat to move (`apply`) and from another seat of the wave (`declare`).
//! The rare moments (the final duel dealt by the first dead, the last card of
//! the deck, the dead at the table, slaps spent, new cover reached, gang
//! powers, traps, recruits and their cap, ...) are counted and each must have
//! been met.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::slap45::rules::GRID_MS;
use highnoon::cards::slap45::setup::MEMBERS;
use highnoon::cards::slap45::{Action, CardKind, Hands, Phase, Power, Round, Slap, Slap45, Target};
use highnoon::cards::{CardGame, TableGame};

/// Random games played, and the most actions one may take.
const GAMES: u64 = 40;
const MAX_STEPS: usize = 60_000;

// ---------------------------------------------------------------------------
// The book's tables.

/// Our house rule (the notes): "A seat makes at most 4 slaps a round".
const SLAPS_PER_ROUND: u8 = 4;
/// "a player may pay 3 gold to recruit that gang member".
const RECRUIT_GOLD: usize = 3;

/// "Any player who loses all six members of their gang is out of the game".
fn alive(g: &Slap45, seat: Seat) -> bool {
    g.gangs[seat].members > 0
}

fn kind_of(g: &Slap45, r: &Round) -> CardKind {
    g.rules.cards[r.card as usize]
}

/// The gang's power, when powers work: "To use the gang powers, shuffle the
/// Gold cards into the deck" (the advanced rule), and "Gold and gang powers
/// don't work in the final duel."
fn power_now(g: &Slap45, seat: Seat) -> Option<Power> {
    if !g.rules.gold || g.duel {
        return None;
    }
    g.gangs[seat].gang.map(|i| g.rules.gangs[i].power)
}

/// The card a paid slap power works on.
fn power_card(p: Power) -> Option<CardKind> {
    match p {
        // "The Union: Pay 1 Gold card to use a Talkin' Iron card you slap as
        // a Big Gun card"
        Power::Union => Some(CardKind::TalkinIron),
        // "The Confederates: Pay 1 Gold card to kill two gang members with a
        // shot from a Big Gun card you slap."
        Power::Confederates => Some(CardKind::BigGun),
        // "The Poncho Posse: Pay 1 Gold card to use a Gold card you slap as a
        // Big Gun card."
        Power::PonchoPosse => Some(CardKind::Gold),
        // "The Comanche: Pay 1 Gold card to use a Move! card you slap as a
        // Big Gun card."
        Power::Comanche => Some(CardKind::Move),
        Power::LoneStarSheriffs | Power::BlackHatOutlaws | Power::RailroadCompany => None,
    }
}

/// A hand of `h` on base `b`.
fn holds(h: Hands, b: Seat) -> bool {
    h.first == Some(b) || h.second == Some(b)
}

/// The first hand, or (the Lone Star Sheriffs) the second.
fn hand(h: Hands, second: bool) -> Option<Seat> {
    if second { h.second } else { h.first }
}

/// After a Move!: "If a player is already in cover, they have to slap into
/// new cover" — a base none of the gang's hands held at the reveal; the Lone
/// Star Sheriffs "must move both hands, but only one of them needs to make it
/// into a new home base" (the notes: a hand may also just lift).
fn in_new_cover(g: &Slap45, r: &Round, seat: Seat) -> bool {
    let h = g.gangs[seat].hands;
    let on: Vec<Seat> = h.first.into_iter().chain(h.second).collect();
    !on.is_empty() && on.iter().all(|&b| !holds(r.start[seat], b))
}

/// Who reacts in the open wave: "all players react simultaneously to the
/// card" — the living ("The dead player's home base and gang cards are
/// removed from the table"); on a Move! only those not yet in new cover (the
/// notes: "On a Move! every living gang not yet in new cover goes on"); none
/// that made its 4 slaps this round.
fn reacts(g: &Slap45, r: &Round, seat: Seat) -> bool {
    let moving = kind_of(g, r) == CardKind::Move;
    alive(g, seat) && r.slaps[seat] < SLAPS_PER_ROUND && !(moving && in_new_cover(g, r, seat))
}

/// Seats in the order of a wave: "clockwise from the dealer's left".
fn clockwise_rank(g: &Slap45, seat: Seat) -> usize {
    let n = g.rules.players;
    (seat + n - g.dealer - 1) % n
}

// ---------------------------------------------------------------------------
// The book's declarations.

/// Everything `seat` may do now, each declaration once, in the form the game
/// names it: a slap at the wave's first moment on the grid (any later moment
/// only orders the slaps).
fn book_legal_for(g: &Slap45, seat: Seat) -> Vec<Action> {
    match &g.phase {
        Phase::Deal => {
            // "everyone takes turns as the dealer. The dealer takes the deck
            // and begins each round by flipping over the top card."
            if seat != g.dealer {
                return Vec::new();
            }
            if g.duel {
                // "The dealer plays one card at a time ... they can look at
                // cards before flipping them, choose which cards to play".
                (0..g.deck.len()).map(Action::Play).collect()
            } else if g.deck.is_empty() {
                Vec::new()
            } else {
                vec![Action::Flip]
            }
        }
        Phase::React(r) => declarations(g, r, seat),
        Phase::Bases | Phase::Shuffle | Phase::Over => Vec::new(),
    }
}

/// A seat's declarations in the open wave.
fn declarations(g: &Slap45, r: &Round, seat: Seat) -> Vec<Action> {
    if !reacts(g, r, seat) || r.wave.declared.contains(&seat) {
        return Vec::new();
    }
    let n = g.rules.players;
    let kind = kind_of(g, r);
    let moving = kind == CardKind::Move;
    let power = power_now(g, seat);
    let gold_works = g.rules.gold && !g.duel;
    let gang = &g.gangs[seat];
    let gold = gang.stash.len();
    let at_ms = r.wave.start_ms.saturating_add(GRID_MS[0]);
    // The notes: Hold, "nothing before somebody else slaps".
    let mut v = vec![Action::Hold];

    // The card. "they can slap one hand on the Talkin' Iron card and
    // simultaneously make a pistol-finger with their other hand, pointing at
    // whoever they want to shoot at"; the notes: "You cannot point at yourself
    // or at a dead gang", and "A slap on the card without a point misses".
    let mut points = vec![None];
    points.extend((0..n).filter(|&t| t != seat && alive(g, t)).map(Some));
    for &point in &points {
        for use_power in [false, true] {
            for recruit in [false, true] {
                // "Horses don't like being slapped. If a player slaps the Move!
                // card, they lose a gang member": a point changes nothing
                // (one declaration), but with the Comanche's power.
                if moving && !use_power && point.is_some() {
                    continue;
                }
                // A power is paid only when its shot counts (the notes), so
                // one called with nobody pointed at is the plain slap — but
                // the Comanche's on a horse, which saves it from the horse.
                if use_power && point.is_none() && !(moving && power == Some(Power::Comanche)) {
                    continue;
                }
                // "Pay 1 Gold card to use a ... card you slap as": the gang's
                // own power, on its card.
                if use_power && power.and_then(power_card) != Some(kind) {
                    continue;
                }
                if recruit {
                    // "After successfully shooting an opponent's gang member,
                    // a player may pay 3 gold to recruit that gang member":
                    // a shot at someone, from a Talkin' Iron or a Big Gun or
                    // a card a power turns into one; with the advanced rule,
                    // not in the duel; the house cap when it is set.
                    let shoots =
                        matches!(kind, CardKind::TalkinIron | CardKind::BigGun) || use_power;
                    if !gold_works || point.is_none() || !shoots {
                        continue;
                    }
                    if g.rules.max_members.is_some_and(|m| gang.members >= m) {
                        continue;
                    }
                }
                // "When you pay Gold, discard it": what the stash holds.
                let cost = usize::from(use_power) + if recruit { RECRUIT_GOLD } else { 0 };
                if gold < cost {
                    continue;
                }
                v.push(Action::Slap(Slap {
                    at_ms,
                    target: Target::Card,
                    point,
                    power: use_power,
                    recruit,
                    second_hand: false,
                }));
            }
        }
    }

    // The bases: "players can slap into cover by slapping any of the home base
    // cards on the table" (those of the living gangs, one's own among them;
    // one taken by another hand does not protect, but may be slapped).
    // "The Lone Star Sheriffs: At any point where you can slap into a home
    // base, you can use your second hand to slap into a second home base."
    let lone_star = power == Some(Power::LoneStarSheriffs);
    let hands = gang.hands;
    let start = r.start[seat];
    for b in (0..n).filter(|&b| alive(g, b)) {
        for second in [false, true] {
            if second && !lone_star {
                continue;
            }
            // "Only one player can occupy a home base at a time": not the base
            // the gang's other hand holds.
            if hand(hands, !second) == Some(b) {
                continue;
            }
            let this = hand(hands, second);
            let allowed = if moving {
                // "Move! cards (horses) require all players to slap into
                // cover. If a player is already in cover, they have to slap
                // into new cover": a hand not yet on a new base, onto a base
                // the gang did not hold at the reveal.
                this.is_none_or(|h| holds(start, h)) && !holds(start, b)
            } else {
                // "If your hand ever leaves a home base (aside from reacting
                // to a move card) you are out of the home base until the next
                // round": a free hand, the gang not out of the bases.
                !r.left[seat] && this.is_none()
            };
            if allowed {
                v.push(Action::Slap(Slap {
                    at_ms,
                    target: Target::Base(b),
                    point: None,
                    power: false,
                    recruit: false,
                    second_hand: second,
                }));
            }
        }
    }
    // Lifting a hand off its base: "If your hand ever leaves a home base ...";
    // on a Move! (the notes) a hand may just lift.
    for second in [false, true] {
        if (!second || lone_star) && hand(hands, second).is_some() {
            v.push(Action::Slap(Slap {
                at_ms,
                target: Target::Leave,
                point: None,
                power: false,
                recruit: false,
                second_hand: second,
            }));
        }
    }

    // "The Black Hat Outlaws: Pay 1 Gold card to declare the next card type
    // of your choice a trap." The notes: "One trap per kind at a time", and a
    // kind the deck in play holds.
    if power == Some(Power::BlackHatOutlaws) && gold >= 1 {
        for k in CardKind::ALL {
            if !g.traps.iter().any(|&(t, _)| t == k) && g.rules.cards.contains(&k) {
                v.push(Action::Trap(k));
            }
        }
    }
    v
}

/// `a` in the form the game names it for `seat`: a slap at the wave's first
/// moment on the grid; on a horse without a power, no point; a power with
/// nobody pointed at (but the Comanche's on a horse), no power.
fn canon(g: &Slap45, seat: Seat, a: &Action) -> Action {
    let (Phase::React(r), Action::Slap(s)) = (&g.phase, a) else {
        return a.clone();
    };
    let mut s = Slap {
        at_ms: r.wave.start_ms.saturating_add(GRID_MS[0]),
        ..*s
    };
    if s.target == Target::Card {
        let moving = kind_of(g, r) == CardKind::Move;
        if moving && !s.power {
            s.point = None;
        }
        let comanche = power_now(g, seat) == Some(Power::Comanche);
        if s.power && s.point.is_none() && !(moving && comanche) {
            s.power = false;
        }
    }
    Action::Slap(s)
}

/// The refusals the named form cannot show, because it drops what is
/// refused: a point on a horse at oneself, at the dead or at nobody at the
/// table ("You cannot point at yourself or at a dead gang"), and a power
/// called with nobody pointed at by a gang that has none for this card or no
/// Gold to pay it.
fn refused_beyond_form(g: &Slap45, r: &Round, seat: Seat, s: &Slap) -> bool {
    if s.target != Target::Card {
        return false;
    }
    let n = g.rules.players;
    let kind = kind_of(g, r);
    let moving = kind == CardKind::Move;
    let power = power_now(g, seat);
    match s.point {
        Some(t) if moving && !s.power => t >= n || t == seat || !alive(g, t),
        None if s.power && !(moving && power == Some(Power::Comanche)) => {
            power.and_then(power_card) != Some(kind) || g.gangs[seat].stash.is_empty()
        }
        _ => false,
    }
}

/// Whether the book lets `seat` make `a` now (`book`: its declarations).
fn allowed(g: &Slap45, seat: Seat, book: &[Action], a: &Action) -> bool {
    if let (Phase::React(r), Action::Slap(s)) = (&g.phase, a) {
        // The notes: "A slap earlier than the wave's start (the time of the
        // slap just made) is refused "out of order". Any time from the start
        // on is accepted".
        if s.at_ms < r.wave.start_ms || refused_beyond_form(g, r, seat, s) {
            return false;
        }
    }
    book.contains(&canon(g, seat, a))
}

// ---------------------------------------------------------------------------
// The comparisons.

/// A declaration as a sortable key, one to one over what a seat may be
/// offered (a slap's moment, target, point and flags; a trap's kind; a card
/// of the duel's deck).
type Key = (u8, u32, usize, usize, u8);

fn key(a: &Action) -> Key {
    match a {
        Action::Slap(s) => {
            let target = match s.target {
                Target::Card => 0,
                Target::Base(b) => 1 + b,
                Target::Leave => usize::MAX,
            };
            let point = s.point.map_or(0, |p| p + 1);
            let flags = u8::from(s.power) | u8::from(s.recruit) << 1 | u8::from(s.second_hand) << 2;
            (0, s.at_ms, target, point, flags)
        }
        Action::Hold => (1, 0, 0, 0, 0),
        Action::Trap(k) => (2, 0, *k as usize, 0, 0),
        Action::Flip => (3, 0, 0, 0, 0),
        Action::Play(i) => (4, 0, *i, 0, 0),
        Action::Bases(_) | Action::Shuffle(_) => {
            panic!("a chance outcome offered to a seat: {a:?}")
        }
    }
}

/// The same declarations, as sets (the Debug text of the differences); the
/// book's names each once.
fn same_set(book: &[Action], listed: &[Action]) -> Result<(), String> {
    let b: BTreeMap<Key, &Action> = book.iter().map(|a| (key(a), a)).collect();
    let l: BTreeMap<Key, &Action> = listed.iter().map(|a| (key(a), a)).collect();
    if b.len() != book.len() {
        return Err(format!("the book names a declaration twice in {book:?}"));
    }
    if b.keys().eq(l.keys()) {
        return Ok(());
    }
    let missing: Vec<&Action> = b
        .iter()
        .filter(|(k, _)| !l.contains_key(*k))
        .map(|(_, a)| *a)
        .collect();
    let extra: Vec<&Action> = l
        .iter()
        .filter(|(k, _)| !b.contains_key(*k))
        .map(|(_, a)| *a)
        .collect();
    Err(format!(
        "the book allows {missing:?} that the game does not list, and the game lists {extra:?} that the book does not allow"
    ))
}

/// Declarations and deals of every shape.
fn universe(g: &Slap45) -> Vec<Action> {
    let n = g.rules.players;
    let mut v = vec![
        Action::Hold,
        Action::Flip,
        Action::Bases((0..n).collect()),
        Action::Shuffle(g.discard.clone()),
    ];
    v.extend(CardKind::ALL.map(Action::Trap));
    if matches!(g.phase, Phase::Deal) {
        v.extend((0..g.deck.len() + 2).map(Action::Play));
    } else {
        v.push(Action::Play(0));
    }
    let start = match &g.phase {
        Phase::React(r) => r.wave.start_ms,
        _ => 0,
    };
    let mut times = vec![
        start.saturating_add(GRID_MS[0]),
        start,
        start.saturating_add(1234),
    ];
    if start > 0 {
        times.push(start - 1);
    }
    let mut points = vec![None];
    points.extend((0..=n).map(Some));
    for (i, &at_ms) in times.iter().enumerate() {
        // Every combination at the grid's moment; the plain ones at the others.
        let flags: &[bool] = if i == 0 {
            &[false, true][..]
        } else {
            &[false][..]
        };
        for &point in &points {
            for &power in flags {
                for &recruit in flags {
                    for &second_hand in flags {
                        v.push(Action::Slap(Slap {
                            at_ms,
                            target: Target::Card,
                            point,
                            power,
                            recruit,
                            second_hand,
                        }));
                    }
                }
            }
        }
        for b in 0..=n {
            for &second_hand in flags {
                v.push(Action::Slap(Slap {
                    second_hand,
                    ..Slap::base(at_ms, b)
                }));
            }
        }
        for &second_hand in flags {
            v.push(Action::Slap(Slap {
                second_hand,
                ..Slap::leave(at_ms)
            }));
        }
        if i == 0 {
            // What goes only with a slap on the card, with a base or a lift.
            for target in [Target::Base(0), Target::Leave] {
                let plain = Slap {
                    target,
                    ..Slap::card(at_ms, None)
                };
                v.push(Action::Slap(Slap {
                    point: Some(1),
                    ..plain
                }));
                v.push(Action::Slap(Slap {
                    power: true,
                    ..plain
                }));
                v.push(Action::Slap(Slap {
                    recruit: true,
                    ..plain
                }));
            }
        }
    }
    v
}

/// The universe from `seat`: by `apply` when it is the seat to move, else by
/// `declare`; accepted exactly when the book allows it. A refused declaration
/// changes nothing, so one copy serves until one is accepted.
fn check_universe(g: &Slap45, seat: Seat, to_move: bool, at: &str) {
    let book = book_legal_for(g, seat);
    let mut probe = g.clone();
    for a in universe(g) {
        let book_allows = allowed(g, seat, &book, &a);
        let done = if to_move {
            probe.apply(a.clone())
        } else {
            probe.declare(seat, a.clone())
        };
        match done {
            Ok(()) => {
                assert!(
                    book_allows,
                    "{at}: seat {seat}'s {a:?} is accepted in {:?} but the book forbids it",
                    g.phase
                );
                if to_move {
                    assert_eq!(
                        g.listed_as(&a),
                        canon(g, seat, &a),
                        "{at}: seat {seat}'s {a:?} is listed in another form"
                    );
                }
                probe = g.clone();
            }
            Err(e) => assert!(
                !book_allows,
                "{at}: seat {seat}'s {a:?} is refused ({e}) in {:?} but the book allows it",
                g.phase
            ),
        }
    }
    assert!(probe == *g, "{at}: a refused declaration changed the game");
}

/// One decision: who decides, and what every seat may declare, against the
/// book.
fn check_decision(g: &Slap45, turn: Seat, at: &str, step: usize, met: &mut Met) {
    let n = g.rules.players;
    match &g.phase {
        Phase::Deal => {
            assert_eq!(turn, g.dealer, "{at}: the dealer deals");
            if g.duel {
                // "When only two players are left, the game is resolved in a
                // final duel to the death. The first player who died acts as
                // the dealer."
                assert_eq!(g.dead.first(), Some(&g.dealer), "{at}: the duel's dealer");
                assert_eq!(
                    (0..n).filter(|&s| alive(g, s)).count(),
                    2,
                    "{at}: a duel of two"
                );
            } else {
                assert!(alive(g, g.dealer), "{at}: a dead gang deals");
            }
        }
        Phase::React(r) => {
            let mut reacting: Vec<Seat> = (0..n).filter(|&s| reacts(g, r, s)).collect();
            reacting.sort_by_key(|&s| clockwise_rank(g, s));
            assert_eq!(r.wave.order, reacting, "{at}: who reacts in the wave");
            assert!(
                r.wave.declared.iter().all(|s| r.wave.order.contains(s)),
                "{at}: a declaration from outside the wave"
            );
        }
        other => panic!("{at}: a seat decides in {other:?}"),
    }
    // The seat to move: the book against `legal_actions`, as `listed_as`
    // names them.
    let book = book_legal_for(g, turn);
    for a in &book {
        assert_eq!(
            &g.listed_as(a),
            a,
            "{at}: the book's {a:?} is not in the form the game names"
        );
    }
    let listed: Vec<Action> = g.legal_actions().iter().map(|a| g.listed_as(a)).collect();
    if let Err(e) = same_set(&book, &listed) {
        panic!("{at}: seat {turn} to move in {:?}: {e}", g.phase);
    }
    // Every seat, in any order within the wave: the book against `legal_for`.
    for seat in 0..n {
        let book = book_legal_for(g, seat);
        let listed: Vec<Action> = g
            .legal_for(seat)
            .iter()
            .map(|a| canon(g, seat, a))
            .collect();
        if let Err(e) = same_set(&book, &listed) {
            panic!("{at}: seat {seat} in {:?}: {e}", g.phase);
        }
    }
    // Now and then, every listed declaration (every moment of the grid) is
    // accepted as listed.
    if step.is_multiple_of(16) {
        for a in g.legal_actions() {
            if let Err(e) = g.clone().apply(a.clone()) {
                panic!("{at}: the listed {a:?} is refused: {e}");
            }
        }
    }
    count(g, turn, &book, met);
}

// ---------------------------------------------------------------------------
// The rare moments.

type Met = BTreeMap<&'static str, usize>;

const DUEL_DEAL: &str = "the final duel dealt by the first dead, any card of the deck";
const LAST_CARD: &str = "a deal from the deck's last card";
const RESHUFFLE: &str = "the deck empty: the discards shuffled into a new deck";
const SELF_POINT: &str = "a wave: pointing at one's own gang refused";
const DEAD_AT_TABLE: &str = "a wave with a dead gang at the table (no base, no point)";
const SLAPS_SPENT: &str = "a living gang out of a wave, its slaps spent";
const SAFE: &str = "a Move! wave with a gang out of it, safe in new cover";
const OUT_OF_BASES: &str = "a gang whose hand left a base: no base for the round";
const TAKEN_BASE: &str = "a slap offered into a base another gang holds";
const OWN_BASE: &str = "a slap offered into the gang's own base";
const LATER_WAVE: &str = "a later wave of a round";
const MOVE_FROM_COVER: &str = "a Move! for a gang that began the round in cover";
const SECOND_HAND: &str = "the Lone Star Sheriffs' second hand";
const TRAP: &str = "a Black Hat trap offered";
const TRAP_TAKEN: &str = "a Black Hat with Gold and a trap already laid";
const POWER: &str = "a paid gang power offered";
const COMANCHE_SAVE: &str = "the Comanche's power on a horse, nobody pointed at";
const RECRUIT: &str = "a recruit offered";
const RECRUIT_CAPPED: &str = "a recruit refused by the house cap";
const BROKE: &str = "a gang's power card with no Gold to pay";
const DUEL_NO_POWERS: &str = "a wave of the duel in a game with Gold: no power";

/// Each rare moment and how often it must have been met.
const REQUIRED: [(&str, usize); 21] = [
    (DUEL_DEAL, 20),
    (LAST_CARD, 3),
    (RESHUFFLE, 3),
    (SELF_POINT, 1000),
    (DEAD_AT_TABLE, 100),
    (SLAPS_SPENT, 2),
    (SAFE, 20),
    (OUT_OF_BASES, 3),
    (TAKEN_BASE, 20),
    (OWN_BASE, 20),
    (LATER_WAVE, 50),
    (MOVE_FROM_COVER, 5),
    (SECOND_HAND, 5),
    (TRAP, 5),
    (TRAP_TAKEN, 1),
    (POWER, 10),
    (COMANCHE_SAVE, 3),
    (RECRUIT, 5),
    (RECRUIT_CAPPED, 3),
    (BROKE, 3),
    (DUEL_NO_POWERS, 10),
];

fn note(met: &mut Met, label: &'static str) {
    *met.entry(label).or_default() += 1;
}

/// The rare moments of a decision of `seat` (`book`: its declarations).
fn count(g: &Slap45, seat: Seat, book: &[Action], met: &mut Met) {
    let n = g.rules.players;
    let r = match &g.phase {
        Phase::Deal => {
            if g.duel {
                note(met, DUEL_DEAL);
            }
            if g.deck.len() == 1 {
                note(met, LAST_CARD);
            }
            return;
        }
        Phase::React(r) => r,
        _ => return,
    };
    let kind = kind_of(g, r);
    let moving = kind == CardKind::Move;
    let gang = &g.gangs[seat];
    let gold = gang.stash.len();
    let power = power_now(g, seat);
    let slaps: Vec<Slap> = book
        .iter()
        .filter_map(|a| match a {
            Action::Slap(s) => Some(*s),
            _ => None,
        })
        .collect();
    note(met, SELF_POINT);
    if (0..n).any(|s| !alive(g, s)) {
        note(met, DEAD_AT_TABLE);
    }
    if (0..n).any(|s| alive(g, s) && r.slaps[s] >= SLAPS_PER_ROUND) {
        note(met, SLAPS_SPENT);
    }
    if moving && (0..n).any(|s| alive(g, s) && in_new_cover(g, r, s)) {
        note(met, SAFE);
    }
    if r.left[seat] {
        note(met, OUT_OF_BASES);
    }
    if r.waves > 1 {
        note(met, LATER_WAVE);
    }
    if moving && r.start[seat].first.is_some() {
        note(met, MOVE_FROM_COVER);
    }
    let taken = |b: Seat| (0..n).any(|o| o != seat && holds(g.gangs[o].hands, b));
    if slaps
        .iter()
        .any(|s| matches!(s.target, Target::Base(b) if taken(b)))
    {
        note(met, TAKEN_BASE);
    }
    if slaps.iter().any(|s| s.target == Target::Base(seat)) {
        note(met, OWN_BASE);
    }
    if slaps.iter().any(|s| s.second_hand) {
        note(met, SECOND_HAND);
    }
    if book.iter().any(|a| matches!(a, Action::Trap(_))) {
        note(met, TRAP);
    }
    if power == Some(Power::BlackHatOutlaws) && gold >= 1 && !g.traps.is_empty() {
        note(met, TRAP_TAKEN);
    }
    if slaps.iter().any(|s| s.power) {
        note(met, POWER);
    }
    if slaps.iter().any(|s| s.power && s.point.is_none()) {
        note(met, COMANCHE_SAVE);
    }
    if slaps.iter().any(|s| s.recruit) {
        note(met, RECRUIT);
    }
    if g.rules.gold
        && !g.duel
        && matches!(kind, CardKind::TalkinIron | CardKind::BigGun)
        && gold >= RECRUIT_GOLD
        && g.rules.max_members.is_some_and(|m| gang.members >= m)
    {
        note(met, RECRUIT_CAPPED);
    }
    if power.and_then(power_card) == Some(kind) && gold == 0 {
        note(met, BROKE);
    }
    if g.rules.gold && g.duel {
        note(met, DUEL_NO_POWERS);
    }
}

// ---------------------------------------------------------------------------
// The games.

/// A game for `seed`: every player count, Gold and the powers on and off,
/// the house cap on recruits on and off (with three Gold each to start where
/// the deck has them, so that recruits and the cap are met early), the box's
/// deck and a short one, every first dealer.
fn game(seed: u64) -> Slap45 {
    let min = <Slap45 as TableGame>::MIN_PLAYERS;
    let span = <Slap45 as TableGame>::MAX_PLAYERS - min + 1;
    let players = min + seed as usize % span;
    let mut setup =
        <Slap45 as TableGame>::load_setup(&CardGame::Slap45.default_setup(), Some(players))
            .expect("the setup loads");
    for (i, option) in <Slap45 as TableGame>::OPTIONS.iter().enumerate() {
        <Slap45 as TableGame>::set_option(&mut setup.rules, option.key, ((seed / 5) >> i) & 1 == 1)
            .expect("an option of the game");
    }
    let rules = &mut setup.rules;
    rules.first_dealer = (seed / 2) as usize % players;
    // Half the box's cards of each kind in half the games, so that the deck
    // runs out and the discards are shuffled into a new one (Gold enough for
    // one each at seven players).
    if (seed / 20) % 2 == 1 {
        for entry in &mut rules.deck {
            entry.count = entry.count.div_ceil(2);
        }
        let gold = rules.gold;
        rules.set_gold(gold);
    }
    if (seed / 10) % 2 == 1 {
        rules.max_members = Some(MEMBERS);
        if rules.gold && players * 3 <= rules.count(CardKind::Gold) {
            rules.starting_gold = 3;
        }
    }
    <Slap45 as TableGame>::new_game(setup.rules)
}

#[test]
fn slap45_legal_declarations_are_the_rule_books_for_every_seat() {
    let mut met = Met::new();
    let mut decisions = 0;
    let mut standing = 0;
    let games = super::common::rule_games(GAMES);
    for seed in 0..games {
        let mut g = game(seed);
        let n = g.rules.players;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5145);
        for step in 0..MAX_STEPS {
            let at = format!("seed {seed}, step {step}");
            match g.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    for s in 0..n {
                        assert!(
                            book_legal_for(&g, s).is_empty() && g.legal_for(s).is_empty(),
                            "{at}: a declaration of seat {s} at a chance event"
                        );
                    }
                    assert!(g.legal_actions().is_empty(), "{at}: an action at chance");
                    if matches!(g.phase, Phase::Shuffle) && g.rounds > 0 {
                        note(&mut met, RESHUFFLE);
                    }
                    let a = g.sample_chance(&mut rng);
                    if let Err(e) = g.apply(a.clone()) {
                        panic!("{at}: the chance outcome {a:?} refused: {e}");
                    }
                }
                Turn::Player(turn) => {
                    decisions += 1;
                    check_decision(&g, turn, &at, step, &mut met);
                    check_universe(&g, turn, true, &at);
                    // Another seat of the wave, declaring out of turn order.
                    let waiting = g.waiting();
                    if waiting.len() > 1 && step % 3 == 0 {
                        let other = waiting[1 + (step / 3) % (waiting.len() - 1)];
                        check_universe(&g, other, false, &at);
                    }
                    // A random seat of the wave declares a random legal
                    // declaration, now and then at a moment off the grid.
                    let actor = if waiting.len() > 1 && rng.random_bool(0.5) {
                        waiting[rng.random_range(0..waiting.len())]
                    } else {
                        turn
                    };
                    let legal = g.legal_for(actor);
                    assert!(
                        !legal.is_empty(),
                        "{at}: seat {actor} has nothing to declare"
                    );
                    let mut a = legal[rng.random_range(0..legal.len())].clone();
                    if let (Action::Slap(s), Phase::React(r)) = (&mut a, &g.phase)
                        && rng.random_bool(0.25)
                    {
                        s.at_ms = r.wave.start_ms.saturating_add(rng.random_range(0..1000));
                    }
                    let done = if actor == turn {
                        g.apply(a.clone())
                    } else {
                        g.declare(actor, a.clone())
                    };
                    if let Err(e) = done {
                        panic!("{at}: seat {actor}'s {a:?} refused: {e}");
                    }
                }
            }
        }
        assert!(g.is_over(), "seed {seed}: no end after {MAX_STEPS} actions");
        for s in 0..n {
            assert!(book_legal_for(&g, s).is_empty() && g.legal_for(s).is_empty());
        }
        standing += usize::from(g.winners().len() == 1);
    }
    eprintln!("Slap .45 against the book: {decisions} decisions, met {met:#?}");
    assert!(
        standing >= games as usize / 2,
        "a last gang standing in {standing} of {games} games"
    );
    for (label, least) in REQUIRED {
        let times = met.get(label).copied().unwrap_or(0);
        assert!(
            times >= least,
            "{label}: met {times} time(s) (at least {least} wanted) in {decisions} decisions: {met:#?}"
        );
    }
}
