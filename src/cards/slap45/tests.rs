//! Scripted rule tests of Slap .45 from fixed decks, random playouts with the
//! invariants checked after every action, and a save/load round trip.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::rules::*;
use super::setup::*;
use crate::cards::core::{Game, Seat, Turn};

use super::setup::CardKind::{BigGun, Gold, Move, TalkinIron};

fn shipped() -> Slap45Setup {
    let path = crate::scenario::data_root().join("assets/cards/slap45.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    crate::scenario::parse_ron(&path, &text).unwrap()
}

fn rules_with(players: usize, gold: bool, edit: impl FnOnce(&mut Slap45Setup)) -> Rules {
    let mut s = shipped();
    s.players = players;
    s.gold = gold;
    edit(&mut s);
    Rules::from_setup(&s, Path::new("t.ron"), "").unwrap()
}

/// The setup's index of the gang with `power`.
fn gang(power: Power) -> usize {
    shipped()
        .gangs
        .iter()
        .position(|g| g.power == power)
        .expect("every power is in the box")
}

/// A game ready to deal: seat s plays `gangs[s]` (default: the setup's first
/// gangs in order), the deck's top cards are `top` (the first flipped first),
/// the rest in box order. Seat 0 deals first.
fn table(players: usize, gold: bool, gangs: &[usize], top: &[CardKind]) -> Slap45 {
    let mut g = Slap45::new(rules_with(players, gold, |_| {}));
    let bases: Vec<usize> = if gangs.is_empty() {
        (0..players).collect()
    } else {
        gangs.to_vec()
    };
    ok(&mut g, Action::Bases(bases));
    assert_eq!(g.turn(), Turn::Chance);
    let mut pile = g.discard.clone();
    let mut order = Vec::new();
    for &k in top {
        let i = pile
            .iter()
            .position(|&c| g.kind(c) == k)
            .expect("a card of that kind");
        order.push(pile.remove(i));
    }
    order.extend(pile);
    ok(&mut g, Action::Shuffle(order));
    assert!(matches!(g.phase, Phase::Deal));
    assert_eq!(g.dealer, 0);
    g
}

fn ok(g: &mut Slap45, a: Action) {
    if let Err(e) = g.apply(a.clone()) {
        panic!("{a:?} refused: {e}\n{:?}", g.phase);
    }
    if let Err(e) = g.check_invariants() {
        panic!("after {a:?}: {e}");
    }
}

fn decl(g: &mut Slap45, seat: Seat, a: Action) {
    if let Err(e) = g.declare(seat, a.clone()) {
        panic!("seat {seat}: {a:?} refused: {e}\n{:?}", g.phase);
    }
    if let Err(e) = g.check_invariants() {
        panic!("after seat {seat}'s {a:?}: {e}");
    }
}

/// (rounds played, wave of the round) or None between rounds.
fn wave_id(g: &Slap45) -> Option<(u32, u32)> {
    g.round().map(|r| (g.rounds, r.waves))
}

/// A stretch of a round as the seats mean it: each seat in `moves` declares
/// its action (in this order) in every wave until it is made — a slap until
/// its time comes (the round is one timeline: a later slap waits while the
/// earlier ones happen), a hold or a trap once; every other seat of a wave
/// holds. Stops when every move is made or the round is over.
fn wave(g: &mut Slap45, moves: &[(Seat, Action)]) {
    let round = g.rounds;
    let mut pending: Vec<(Seat, Action)> = moves.to_vec();
    loop {
        let Some(id) = wave_id(g) else { return };
        if g.rounds != round {
            return;
        }
        for (s, a) in &pending {
            if g.round().is_some_and(|r| r.wave.order.contains(s)) {
                decl(g, *s, a.clone());
            }
        }
        while wave_id(g) == Some(id) {
            let Turn::Player(s) = g.turn() else { break };
            decl(g, s, Action::Hold);
        }
        let now = g.round().map(|r| r.wave.start_ms);
        pending.retain(|(_, a)| match (a, now) {
            (Action::Slap(sl), Some(t)) => sl.at_ms > t,
            _ => false,
        });
        if pending.is_empty() {
            return;
        }
    }
}

fn slap(s: Slap) -> Action {
    Action::Slap(s)
}

fn card_at(ms: u32, point: Seat) -> Action {
    slap(Slap::card(ms, Some(point)))
}

fn base_at(ms: u32, base: BaseId) -> Action {
    slap(Slap::base(ms, base))
}

fn members(g: &Slap45) -> Vec<u8> {
    g.gangs.iter().map(|x| x.members).collect()
}

/// Moves `count` Gold cards from the deck into `seat`'s stash.
fn give_gold(g: &mut Slap45, seat: Seat, count: usize) {
    for _ in 0..count {
        let i = g
            .deck
            .iter()
            .rposition(|&c| g.kind(c) == Gold)
            .expect("gold in the deck");
        let c = g.deck.remove(i);
        g.gangs[seat].stash.push(c);
    }
    g.check_invariants().unwrap();
}

#[test]
fn the_shipped_setup_is_the_box() {
    let s = shipped();
    let count = |k: CardKind| {
        s.deck
            .iter()
            .filter(|e| e.card == k)
            .map(|e| e.count)
            .sum::<usize>()
    };
    assert_eq!(
        [count(TalkinIron), count(Move), count(BigGun), count(Gold)],
        [20, 20, 10, 17]
    );
    assert_eq!(s.gangs.len(), 7);
    for p in Power::ALL {
        assert_eq!(s.gangs.iter().filter(|g| g.power == p).count(), 1, "{p:?}");
    }
    assert!(!s.gold, "the first game leaves the Gold in the box");
    let basic = rules_with(4, false, |_| {});
    assert_eq!(basic.cards.len(), 50);
    let mut advanced = rules_with(4, true, |_| {});
    assert_eq!(advanced.cards.len(), 67);
    advanced.set_gold(false);
    assert_eq!(advanced, basic);
}

#[test]
fn setup_problems_name_the_file_line_and_column() {
    let path = crate::scenario::data_root().join("assets/cards/slap45.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let Err(e) = <Slap45 as crate::cards::TableGame>::load_setup(&path, Some(9)) else {
        panic!("9 players taken");
    };
    let e = e.to_string();
    let line = text
        .lines()
        .position(|l| l.trim_start().starts_with("players:"))
        .unwrap()
        + 1;
    assert!(e.starts_with(&format!("{}:{line}:", path.display())), "{e}");
    assert!(e.contains("3 to 7"), "{e}");
    // A misspelt card kind is a parse error at its place.
    let bad = text.replacen("card: BigGun", "card: BigGunn", 1);
    let e = crate::scenario::parse_ron::<Slap45Setup>(&path, &bad).unwrap_err();
    assert!(e.position.is_some() && e.message.contains("BigGun"), "{e}");
}

#[test]
fn a_deck_with_the_wrong_number_of_cards_is_refused_at_its_place() {
    let path = crate::scenario::data_root().join("assets/cards/slap45.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    // No Big Guns.
    let bad = text.replacen("(card: BigGun, count: 10)", "(card: BigGun, count: 0)", 1);
    let s: Slap45Setup = crate::scenario::parse_ron(&path, &bad).unwrap();
    let e = Rules::from_setup(&s, &path, &bad).unwrap_err().to_string();
    let line = line_of(&bad, "card: BigGun");
    assert!(e.contains(&format!("{}:{line}:", path.display())), "{e}");
    assert!(
        e.contains("0 BigGun cards: 1 to 60 of a kind (the box has 10)"),
        "{e}"
    );
    // A count that would overflow a sum, and a kind left out.
    let bad = text
        .replacen(
            "(card: Move, count: 20)",
            "(card: Move, count: 18446744073709551615)",
            1,
        )
        .replacen("        (card: Gold, count: 17),\n", "", 1);
    let s: Slap45Setup = crate::scenario::parse_ron(&path, &bad).unwrap();
    let e = Rules::from_setup(&s, &path, &bad).unwrap_err().to_string();
    assert!(e.contains("1 to 60 of a kind"), "{e}");
    assert!(e.contains("no Gold entry"), "{e}");
    // The shipped box passes.
    let s: Slap45Setup = crate::scenario::parse_ron(&path, &text).unwrap();
    assert!(Rules::from_setup(&s, &path, &text).is_ok());
}

#[test]
fn a_slap_into_an_occupied_base_does_not_protect() {
    let mut g = table(3, false, &[], &[TalkinIron]);
    ok(&mut g, Action::Flip);
    assert_eq!(g.turn(), Turn::Player(1), "left of the dealer first");
    ok(&mut g, base_at(200, 2));
    ok(&mut g, base_at(150, 2));
    assert_eq!(g.turn(), Turn::Player(0), "the dealer reacts last");
    ok(&mut g, Action::Hold);
    // Seat 2 is in cover at 150 ms; seat 1's slap at 200 is still to come.
    assert_eq!(g.round().map(|r| r.wave.start_ms), Some(150));
    assert!(g.in_cover(2));
    wave(&mut g, &[(1, base_at(200, 2))]);
    assert_eq!(g.round().map(|r| r.wave.start_ms), Some(200));
    assert!(!g.in_cover(1), "base 2 was taken");
    ok(&mut g, Action::Hold);
    ok(&mut g, Action::Hold);
    assert_eq!(g.turn(), Turn::Player(0), "the dealer reacts last");
    let line = g.describe(&card_at(300, 1), None);
    assert!(line.contains("shoots") && line.contains("5 left"), "{line}");
    ok(&mut g, card_at(300, 1));
    assert_eq!(members(&g), vec![6, 5, 6]);
    assert_eq!(g.occupant(2), Some(2));
    assert!(!g.in_cover(1));
    assert!(matches!(g.phase, Phase::Deal));
    assert_eq!(g.dealer, 1, "the deal passes clockwise");
}

/// The book: "If a player slaps into a home base already occupied by another
/// player's hand, they are not safe until they slap into an unoccupied home
/// base." A round is one timeline: a gang that bounces off a taken base at
/// 160 ms may slap the free one from then on, and is not last because
/// another gang meant to move at 700 ms. (Until 2026-11-25 its next chance
/// came only after the last slap of the wave, at 700 ms, and it was last.)
#[test]
fn a_gang_that_bounces_off_a_taken_base_may_slap_again_at_once() {
    let mut g = table(4, false, &[], &[Move]);
    // Seat 2 starts on its own base; bases 0, 1 and 3 are free.
    g.gangs[2].hands.first = Some(2);
    ok(&mut g, Action::Flip);
    // Seat 1 slaps base 2 at 160 ms: seat 2's hand is still there.
    // Seat 2 rides to base 3 at 200 ms, seat 3 to base 0 at 250 ms; the
    // dealer (seat 0) means to slap base 1 at 700 ms.
    decl(&mut g, 1, base_at(160, 2));
    decl(&mut g, 2, base_at(200, 3));
    decl(&mut g, 3, base_at(250, 0));
    decl(&mut g, 0, base_at(700, 1));
    let r = g.round().expect("the round goes on");
    assert_eq!(r.wave.start_ms, 160, "only the 160 ms slap is made so far");
    assert!(!g.in_cover(1), "base 2 was taken: not safe");
    assert_eq!(
        r.wave.order,
        vec![1, 2, 3, 0],
        "every hand still out may act"
    );
    // Seat 1 reacts: base 1, free all along, at 300 ms.
    wave(
        &mut g,
        &[
            (1, base_at(300, 1)),
            (2, base_at(200, 3)),
            (3, base_at(250, 0)),
            (0, base_at(700, 1)),
        ],
    );
    assert_eq!(g.occupant(1), Some(1), "seat 1 made it into base 1");
    assert_eq!(
        members(&g),
        vec![5, 6, 6, 6],
        "the dealer, still out, is the last: {:?}",
        g.events
    );
    assert!(matches!(g.phase, Phase::Deal));
}

/// After every slap the hands still free act again from that moment: a
/// Talkin' Iron's shooter whose target dives into cover first may turn to
/// another gang; a gang that held (nothing before somebody slapped) may
/// still slap after.
#[test]
fn after_each_slap_every_free_hand_may_act_again_from_that_moment() {
    let mut g = table(3, false, &[], &[TalkinIron]);
    ok(&mut g, Action::Flip);
    // Seat 1 dives for cover at 200 ms; seat 0 meant to shoot it at 400 ms;
    // seat 2 holds.
    wave(&mut g, &[(1, base_at(200, 1)), (2, Action::Hold)]);
    let r = g.round().expect("the round goes on");
    assert_eq!(
        (r.wave.start_ms, r.wave.order.clone()),
        (200, vec![1, 2, 0])
    );
    // Too early: nothing can react before the slap it reacts to.
    assert!(g.declare(2, card_at(199, 0)).is_err());
    // Seat 0 sees seat 1 in cover and shoots seat 2 instead, at 380 ms.
    wave(&mut g, &[(0, card_at(380, 2))]);
    assert_eq!(members(&g), vec![6, 6, 5]);
}

/// Bots live on the same timeline: after a slap a bot whose planned slap
/// still makes sense keeps it (the hand is already on its way), and one whose
/// base was just taken reacts to the new situation from that moment, with a
/// reaction drawn from its model.
#[test]
fn a_bot_keeps_its_plan_unless_the_slap_it_reacts_to_spoils_it() {
    use crate::bot_level::Level;
    use crate::cards::core::Agent;
    use crate::cards::slap45::bots::Slap45Bot;
    let mut kept = 0;
    let mut rethought = 0;
    for seed in 0..40u64 {
        let mut g = table(4, false, &[], &[Move]);
        ok(&mut g, Action::Flip);
        let first = Slap45Bot::new(Level::Normal, seed).act(3, &g.observation(3), &g.legal_for(3));
        let Action::Slap(planned) = first else {
            continue;
        };
        let (Target::Base(b), false) = (planned.target, planned.second_hand) else {
            continue;
        };
        if planned.at_ms <= 100 {
            continue;
        }
        // Seat 1 slaps at 100 ms into the bot's base, or into another one.
        for spoil in [true, false] {
            let other = (0..4).find(|&x| x != b && x != 1).unwrap();
            let mut h = g.clone();
            let mut bot = Slap45Bot::new(Level::Normal, seed);
            let mine = bot.act(3, &h.observation(3), &h.legal_for(3));
            assert_eq!(mine, first, "same seed, same decision");
            decl(&mut h, 1, base_at(100, if spoil { b } else { other }));
            decl(&mut h, 2, Action::Hold);
            decl(&mut h, 3, mine);
            decl(&mut h, 0, Action::Hold);
            assert_eq!(h.round().map(|r| r.wave.start_ms), Some(100));
            let next = bot.act(3, &h.observation(3), &h.legal_for(3));
            assert!(h.check_declaration(3, &next).is_ok(), "{next:?}");
            if spoil {
                match next {
                    Action::Slap(s) => {
                        assert_ne!(s.target, Target::Base(b), "its base is taken");
                        assert!(s.at_ms > 100, "a reaction takes time: {s:?}");
                    }
                    other => panic!("a bot out of cover rides again: {other:?}"),
                }
                rethought += 1;
            } else {
                assert_eq!(next, first, "nothing spoils its plan: kept");
                kept += 1;
            }
        }
    }
    assert!(
        kept >= 10 && rethought >= 10,
        "{kept} kept, {rethought} rethought"
    );
}

#[test]
fn a_big_gun_goes_through_cover_and_its_first_slapper_is_safe() {
    let mut g = table(3, false, &[], &[BigGun, BigGun]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, base_at(100, 1)), (0, card_at(300, 1))]);
    assert_eq!(members(&g), vec![6, 5, 6], "cover does not stop a Big Gun");
    ok(&mut g, Action::Flip);
    // Seat 2 slaps it first; seat 0's later slap pointing at seat 2 is
    // never made (the round is over before its time), and nobody hears of it.
    let e = g.declare(2, card_at(200, 2)).unwrap_err();
    assert!(e.0.contains("own gang"), "{e}");
    wave(&mut g, &[(2, card_at(200, 0)), (0, card_at(250, 2))]);
    assert_eq!(members(&g), vec![5, 5, 6]);
    assert!(
        !g.events.iter().any(|l| l.contains("250 ms")),
        "{:?}",
        g.events
    );
}

#[test]
fn the_last_into_new_cover_after_a_move_loses_a_member() {
    let mut g = table(3, false, &[], &[Move, Move]);
    g.gangs[0].hands.first = Some(0);
    ok(&mut g, Action::Flip);
    let e = g.declare(0, base_at(300, 0)).unwrap_err();
    assert!(e.0.contains("not new cover"), "{e}");
    // Seat 2 slaps into base 0 while seat 0's hand is still on it.
    wave(
        &mut g,
        &[
            (1, base_at(200, 2)),
            (2, base_at(250, 0)),
            (0, base_at(300, 1)),
        ],
    );
    assert_eq!(members(&g), vec![6, 6, 5]);
    assert_eq!(g.occupant(1), Some(0));
    assert_eq!(g.occupant(2), Some(1));
    // Everyone still out of new cover holds: one of them is the last, the
    // latest clockwise from the dealer's left (the dealer last). Dealer 1:
    // seat 2 makes it into new cover, seats 0 and 1 stay put: seat 1 loses.
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(2, base_at(200, 0))]);
    assert!(g.round().is_some(), "the others may still ride");
    wave(&mut g, &[]);
    assert_eq!(g.round().map(|r| r.waves), None, "the round is over");
    assert_eq!(members(&g), vec![6, 5, 5]);
}

#[test]
fn slapping_the_horse_loses_a_member_and_ends_the_round() {
    let mut g = table(3, false, &[], &[Move]);
    ok(&mut g, Action::Flip);
    wave(
        &mut g,
        &[
            (1, slap(Slap::card(100, None))),
            (2, base_at(50, 0)),
            (0, base_at(200, 1)),
        ],
    );
    assert_eq!(members(&g), vec![6, 5, 6]);
    assert_eq!(g.occupant(0), Some(2), "slapped before the horse");
    assert_eq!(g.occupant(1), None, "after the round's end: void");
    assert!(matches!(g.phase, Phase::Deal));
}

#[test]
fn staying_in_cover_between_rounds_protects_against_the_next_talkin_iron() {
    let mut g = table(3, false, &[], &[TalkinIron, TalkinIron]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(2, base_at(100, 2)), (0, card_at(300, 1))]);
    assert_eq!(members(&g), vec![6, 5, 6]);
    assert_eq!(g.occupant(2), Some(2), "the hand stays on the base");
    ok(&mut g, Action::Flip);
    assert_eq!(g.round().unwrap().start[2].first, Some(2));
    wave(&mut g, &[(0, card_at(150, 2))]);
    assert_eq!(members(&g), vec![6, 5, 6], "in cover from the start");
    assert!(!g.in_cover(0), "the shooter's hand left its place");
}

#[test]
fn a_hand_that_leaves_its_base_is_out_of_cover_until_the_next_round() {
    let mut g = table(3, false, &[], &[TalkinIron, TalkinIron]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(2, base_at(100, 2)), (0, card_at(300, 1))]);
    assert_eq!(g.occupant(2), Some(2));
    // Next round seat 2 starts in cover, lifts its hand, and is shot.
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(2, slap(Slap::leave(100))), (0, card_at(300, 2))]);
    assert_eq!(members(&g), vec![6, 5, 5], "off its base, seat 2 is hit");
    assert_eq!(g.occupant(2), None);
}

#[test]
fn a_talkin_iron_slapped_without_a_point_misses() {
    let mut g = table(3, false, &[], &[TalkinIron]);
    ok(&mut g, Action::Flip);
    let card = g.face_up().unwrap();
    wave(
        &mut g,
        &[(1, slap(Slap::card(150, None))), (0, card_at(200, 2))],
    );
    assert_eq!(members(&g), vec![6, 6, 6]);
    assert_eq!(g.discard.last(), Some(&card));
    assert!(matches!(g.phase, Phase::Deal));
}

#[test]
fn exact_ties_go_to_the_defender_then_clockwise_from_the_dealers_left() {
    let mut g = table(3, false, &[], &[TalkinIron, TalkinIron]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, base_at(250, 1)), (0, card_at(250, 1))]);
    assert_eq!(
        members(&g),
        vec![6, 6, 6],
        "into cover at the same ms: safe"
    );
    // Dealer 1: seat 2 is on its left, seat 0 next.
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(2, card_at(300, 0)), (0, card_at(300, 2))]);
    assert_eq!(members(&g), vec![5, 6, 6]);
}

#[test]
fn a_timed_slap_out_of_order_is_refused_and_changes_nothing() {
    let mut g = table(3, false, &[], &[TalkinIron]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, base_at(200, 2)), (2, base_at(300, 2))]);
    let r = g.round().expect("the round goes on");
    assert_eq!((r.waves, r.wave.start_ms), (3, 300));
    assert_eq!(
        r.wave.order,
        vec![1, 2, 0],
        "every living gang may react again"
    );
    assert!(!g.in_cover(2), "base 2 was taken");
    let before = g.clone();
    let e = g.apply(card_at(250, 2)).unwrap_err();
    assert!(e.0.contains("out of order"), "{e}");
    assert_eq!(g, before);
    // Any time from the wave's start on is taken, on the grid or not.
    ok(&mut g, card_at(300, 2));
    ok(&mut g, slap(Slap::base(333, 0)));
    ok(&mut g, Action::Hold);
    assert_eq!(members(&g), vec![6, 6, 5], "the shot came before the cover");
    assert!(
        !g.events.iter().any(|l| l.contains("333")),
        "a slap never made is never told: {:?}",
        g.events
    );
}

#[test]
fn a_slap_after_the_round_ended_is_refused() {
    let mut g = table(3, false, &[], &[TalkinIron, TalkinIron]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, card_at(200, 2))]);
    assert!(matches!(g.phase, Phase::Deal));
    let before = g.clone();
    for a in [card_at(400, 0), base_at(400, 0), Action::Hold] {
        let e = g.apply(a).unwrap_err();
        assert!(e.0.contains("round is over"), "{e}");
        assert!(g.declare(2, base_at(400, 2)).is_err());
        assert_eq!(g, before);
    }
}

#[test]
fn a_dead_gang_loses_its_base_and_cannot_be_pointed_at() {
    let mut g = table(4, false, &[], &[TalkinIron, TalkinIron, TalkinIron]);
    g.gangs[3].members = 1;
    g.gangs[0].hands.first = Some(3);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, card_at(100, 3))]);
    assert_eq!(members(&g), vec![6, 6, 6, 0]);
    assert_eq!(g.dead, vec![3]);
    assert!(!g.in_cover(0), "the hand on the removed base leaves cover");
    assert_eq!(g.dealer, 1);
    ok(&mut g, Action::Flip);
    assert_eq!(g.round().unwrap().wave.order, vec![2, 0, 1]);
    let e = g.declare(2, card_at(200, 3)).unwrap_err();
    assert!(e.0.contains("dead"), "{e}");
    let e = g.declare(2, base_at(200, 3)).unwrap_err();
    assert!(e.0.contains("no home base"), "{e}");
    assert!(g.declare(3, Action::Hold).is_err(), "the dead do not react");
    wave(&mut g, &[]);
    assert_eq!(g.dealer, 2);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[]);
    assert_eq!(g.dealer, 0, "the deal skips the dead");
}

#[test]
fn gold_is_claimed_by_the_first_slap() {
    let mut g = table(3, true, &[], &[Gold]);
    assert_eq!(
        (g.gold(0), g.gold(1), g.gold(2)),
        (1, 1, 1),
        "one Gold each"
    );
    ok(&mut g, Action::Flip);
    let card = g.face_up().unwrap();
    wave(
        &mut g,
        &[
            (1, slap(Slap::card(200, None))),
            (2, slap(Slap::card(150, None))),
        ],
    );
    assert_eq!((g.gold(0), g.gold(1), g.gold(2)), (1, 1, 2));
    assert!(g.gangs[2].stash.contains(&card));
    assert!(!g.discard.contains(&card), "out of the deck's cycle");
}

#[test]
fn gold_shot_at_another_gang_goes_to_it() {
    let mut g = table(3, true, &[], &[Gold]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, card_at(100, 0))]);
    assert_eq!((g.gold(0), g.gold(1), g.gold(2)), (2, 1, 1));
    assert_eq!(members(&g), vec![6, 6, 6]);
}

#[test]
fn the_union_turns_a_talkin_iron_into_a_big_gun() {
    let union = gang(Power::Union);
    let mut g = table(
        3,
        true,
        &[union, gang(Power::Comanche), gang(Power::RailroadCompany)],
        &[TalkinIron],
    );
    g.gangs[1].hands.first = Some(1);
    ok(&mut g, Action::Flip);
    ok(&mut g, Action::Hold);
    ok(&mut g, Action::Hold);
    let power = slap(Slap::card(180, Some(1)).with_power());
    assert!(
        g.legal_actions().contains(&power),
        "{:?}",
        g.legal_actions()
    );
    let e = g.declare(1, Action::Hold);
    assert!(e.is_err(), "seat 1 has declared");
    ok(&mut g, slap(Slap::card(300, Some(1)).with_power()));
    assert_eq!(members(&g), vec![6, 5, 6], "through cover");
    assert_eq!(g.gold(0), 0, "paid");
    assert_eq!(g.discard.iter().filter(|&&c| g.kind(c) == Gold).count(), 1);
}

#[test]
fn the_confederates_big_gun_kills_two() {
    let mut g = table(
        3,
        true,
        &[
            gang(Power::Union),
            gang(Power::Confederates),
            gang(Power::PonchoPosse),
        ],
        &[BigGun],
    );
    ok(&mut g, Action::Flip);
    // The Union's power does not work on a Big Gun.
    let e = g
        .declare(0, slap(Slap::card(200, Some(2)).with_power()))
        .unwrap_err();
    assert!(e.0.contains("does not work"), "{e}");
    wave(&mut g, &[(1, slap(Slap::card(200, Some(2)).with_power()))]);
    assert_eq!(members(&g), vec![6, 6, 4]);
    assert_eq!(g.gold(1), 0);
}

#[test]
fn the_poncho_posse_turns_gold_into_a_big_gun() {
    let mut g = table(
        3,
        true,
        &[
            gang(Power::Union),
            gang(Power::Confederates),
            gang(Power::PonchoPosse),
        ],
        &[Gold],
    );
    g.gangs[0].hands.first = Some(0);
    ok(&mut g, Action::Flip);
    let card = g.face_up().unwrap();
    wave(&mut g, &[(2, slap(Slap::card(200, Some(0)).with_power()))]);
    assert_eq!(members(&g), vec![5, 6, 6]);
    assert_eq!((g.gold(0), g.gold(2)), (1, 0));
    assert!(
        g.discard.contains(&card),
        "the Gold used as a gun is discarded"
    );
}

#[test]
fn the_comanche_turns_a_move_into_a_big_gun() {
    let mut g = table(
        3,
        true,
        &[
            gang(Power::Comanche),
            gang(Power::Union),
            gang(Power::Confederates),
        ],
        &[Move],
    );
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(0, slap(Slap::card(200, Some(1)).with_power()))]);
    assert_eq!(members(&g), vec![6, 5, 6], "no trampling: a shot");
    assert_eq!(g.gold(0), 0);
}

#[test]
fn the_lone_star_sheriffs_hold_two_bases_and_move_both_hands() {
    let lone = gang(Power::LoneStarSheriffs);
    let mut g = table(
        3,
        true,
        &[lone, gang(Power::Union), gang(Power::Confederates)],
        &[TalkinIron, Move, TalkinIron],
    );
    // Only the Lone Star Sheriffs have a second hand.
    ok(&mut g, Action::Flip);
    let e = g.declare(1, slap(Slap::base(100, 1).second())).unwrap_err();
    assert!(e.0.contains("Lone Star"), "{e}");
    // Wave 1: the first hand into base 0; seat 2 is too late for it.
    wave(&mut g, &[(0, base_at(100, 0)), (2, base_at(120, 0))]);
    assert_eq!(g.round().unwrap().wave.order, vec![1, 2, 0]);
    // Wave 2: the second hand takes base 1 before seat 2 gets there.
    wave(
        &mut g,
        &[(0, slap(Slap::base(150, 1).second())), (2, base_at(200, 1))],
    );
    assert_eq!((g.occupant(0), g.occupant(1)), (Some(0), Some(0)));
    assert!(!g.in_cover(2));
    wave(&mut g, &[]);
    assert!(matches!(g.phase, Phase::Deal), "everyone held: a quiet end");
    // Move! (dealer 1): both hands must leave their bases; one new base suffices.
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(0, base_at(100, 2)), (1, base_at(200, 0))]);
    let r = g.round().expect("seat 0's second hand is still on base 1");
    assert_eq!(r.wave.order, vec![2, 0]);
    wave(&mut g, &[(0, slap(Slap::leave(250).second()))]);
    assert_eq!(
        members(&g),
        vec![6, 6, 5],
        "seat 2 is the last into new cover"
    );
    assert_eq!(
        g.gangs[0].hands,
        Hands {
            first: Some(2),
            second: None
        }
    );
    // Shooting takes both hands off the bases.
    g.gangs[0].hands = Hands {
        first: Some(2),
        second: Some(1),
    };
    g.gangs[1].hands = Hands::default();
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(0, card_at(300, 1))]);
    assert_eq!(g.gangs[0].hands, Hands::default());
    assert_eq!(members(&g), vec![6, 5, 5]);
}

#[test]
fn the_black_hat_outlaws_lay_a_trap_on_the_next_card_of_a_kind() {
    let mut g = table(
        3,
        true,
        &[
            gang(Power::BlackHatOutlaws),
            gang(Power::Union),
            gang(Power::Confederates),
        ],
        &[TalkinIron, TalkinIron],
    );
    ok(&mut g, Action::Flip);
    assert!(
        g.declare(1, Action::Trap(TalkinIron)).is_err(),
        "not a Black Hat"
    );
    wave(&mut g, &[(0, Action::Trap(TalkinIron))]);
    assert!(
        matches!(g.phase, Phase::Deal),
        "the trap is for the next one"
    );
    assert_eq!(g.traps, vec![(TalkinIron, 0)]);
    assert_eq!(g.gold(0), 0);
    // One trap on a kind at a time (and none without Gold to pay).
    let mut again = g.clone();
    again.gangs[0].stash = g.gangs[1].stash.clone();
    assert!(again.check_trap(0, TalkinIron).is_err(), "one trap a kind");
    assert_eq!(
        g.observation(2).public.traps,
        vec![(TalkinIron, 0)],
        "declared aloud"
    );
    ok(&mut g, Action::Flip);
    assert_eq!(g.round().unwrap().trap, Some(0));
    assert!(g.traps.is_empty());
    wave(&mut g, &[(2, card_at(200, 1))]);
    assert_eq!(members(&g), vec![6, 6, 5], "the first to slap it loses");
}

#[test]
fn the_railroad_company_peeks_when_it_deals() {
    let mut g = table(
        3,
        true,
        &[
            gang(Power::RailroadCompany),
            gang(Power::Union),
            gang(Power::Confederates),
        ],
        &[TalkinIron],
    );
    assert_eq!(g.observation(0).peek, Some(g.deck[0]));
    assert_eq!(g.observation(1).peek, None);
    assert!(
        g.observation(1).public.deck.is_empty(),
        "never the deck order"
    );
    ok(&mut g, Action::Flip);
    assert_eq!(g.observation(0).peek, None);
    // Without the advanced rule, no powers.
    let g = table(
        3,
        false,
        &[gang(Power::RailroadCompany), 0, 1],
        &[TalkinIron],
    );
    assert_eq!(g.observation(0).peek, None);
}

#[test]
fn recruiting_costs_three_gold_and_moves_the_member() {
    let mut g = table(3, true, &[], &[TalkinIron, TalkinIron]);
    give_gold(&mut g, 0, 3);
    ok(&mut g, Action::Flip);
    let recruit = slap(Slap::card(300, Some(1)).with_recruit());
    ok(&mut g, Action::Hold);
    ok(&mut g, Action::Hold);
    ok(&mut g, Action::Hold);
    g.gangs[0].members = 5;
    g.gangs[2].members = 5;
    ok(&mut g, Action::Flip);
    let e = g
        .declare(2, slap(Slap::card(300, Some(1)).with_recruit()))
        .unwrap_err();
    assert!(e.0.contains("costs 3 Gold"), "{e}");
    wave(&mut g, &[(0, recruit)]);
    assert_eq!(members(&g), vec![6, 5, 5]);
    assert_eq!(g.gold(0), 1, "4 less 3");
}

/// The book sets no cap on recruits: "After successfully shooting an
/// opponent's gang member, a player may pay 3 gold to recruit that gang
/// member" — a full gang of six recruits a seventh. A cap is a named house
/// rule (`max_members`), off unless the setup sets it.
#[test]
fn a_full_gang_may_recruit_unless_the_house_rule_caps_it() {
    let mut g = table(3, true, &[], &[TalkinIron]);
    assert_eq!(g.rules.max_members, None, "the shipped setup has no cap");
    give_gold(&mut g, 0, 3);
    ok(&mut g, Action::Flip);
    wave(
        &mut g,
        &[(0, slap(Slap::card(300, Some(1)).with_recruit()))],
    );
    assert_eq!(members(&g), vec![7, 5, 6], "{:?}", g.events);
    assert_eq!(g.gold(0), 1, "4 less 3");
    // The house rule: at most six.
    let rules = rules_with(3, true, |s| s.max_members = Some(6));
    let mut h = Slap45::new(rules);
    ok(&mut h, Action::Bases(vec![0, 1, 2]));
    let mut order = h.discard.clone();
    let i = order.iter().position(|&c| h.kind(c) == TalkinIron).unwrap();
    order.swap(0, i);
    ok(&mut h, Action::Shuffle(order));
    give_gold(&mut h, 0, 3);
    ok(&mut h, Action::Flip);
    let e = h
        .declare(1, slap(Slap::card(300, Some(2)).with_recruit()))
        .unwrap_err();
    assert!(
        e.0.contains("no room") && e.0.contains("max_members"),
        "{e}"
    );
}

/// "You may decide to use your power after you have slapped": the Gold is
/// paid only when the power counts. A Union slapping a Talkin' Iron without
/// pointing misses and keeps its Gold; a Poncho Posse slapping a Gold card
/// without pointing claims it instead of wasting it as a gun; the Comanche
/// pays to escape the horse even without a point.
#[test]
fn a_power_is_paid_only_when_it_counts() {
    let mut g = table(
        3,
        true,
        &[
            gang(Power::Union),
            gang(Power::PonchoPosse),
            gang(Power::Comanche),
        ],
        &[TalkinIron, Gold, Move],
    );
    // The Union slaps a Talkin' Iron without pointing: a miss, no Gold paid.
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(0, slap(Slap::card(200, None).with_power()))]);
    assert_eq!(members(&g), vec![6, 6, 6]);
    assert_eq!(
        g.gold(0),
        1,
        "a shot that misses costs no Gold: {:?}",
        g.events
    );
    // The Poncho Posse slaps a Gold without pointing: claimed, no Gold paid.
    ok(&mut g, Action::Flip);
    let card = g.face_up().unwrap();
    wave(&mut g, &[(1, slap(Slap::card(200, None).with_power()))]);
    assert_eq!(g.gold(1), 2, "its own and the card: {:?}", g.events);
    assert!(g.gangs[1].stash.contains(&card));
    // The Comanche slaps the horse without pointing: pays, and is not trampled.
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(2, slap(Slap::card(200, None).with_power()))]);
    assert_eq!(members(&g), vec![6, 6, 6], "{:?}", g.events);
    assert_eq!(g.gold(2), 0, "the power saved a member: paid");
}

#[test]
fn killing_the_last_member_takes_the_gold_and_a_self_kill_discards_it() {
    let mut g = table(4, true, &[], &[TalkinIron, Move]);
    g.gangs[1].members = 1;
    g.gangs[3].members = 1;
    give_gold(&mut g, 1, 1);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(0, card_at(300, 1))]);
    assert_eq!(members(&g), vec![6, 0, 6, 1]);
    assert_eq!((g.gold(0), g.gold(1)), (3, 0), "the killer takes the stash");
    assert_eq!(g.dealer, 2, "the dead do not deal");
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(3, slap(Slap::card(100, None)))]);
    assert_eq!(members(&g), vec![6, 0, 6, 0], "trampled by the horse");
    assert_eq!(g.gold(3), 0);
    assert_eq!(
        g.discard.iter().filter(|&&c| g.kind(c) == Gold).count(),
        1,
        "its gold is discarded"
    );
    assert!(g.duel, "two gangs left");
}

#[test]
fn the_final_duel_is_dealt_by_the_first_to_die_without_gold_or_powers() {
    let mut g = table(
        4,
        true,
        &[],
        &[TalkinIron, TalkinIron, TalkinIron, Gold, BigGun],
    );
    g.gangs[2].members = 1;
    g.gangs[3].members = 1;
    g.gangs[0].hands.first = Some(0);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(0, card_at(100, 3))]);
    assert_eq!(g.dead, vec![3]);
    ok(&mut g, Action::Flip);
    wave(&mut g, &[(1, card_at(100, 2))]);
    assert_eq!(g.dead, vec![3, 2]);
    assert!(g.duel);
    assert_eq!(g.dealer, 3, "the first dead deals");
    assert_eq!(g.turn(), Turn::Player(3));
    assert!(
        g.gangs.iter().all(|x| !x.hands.any()),
        "hands at the holsters"
    );
    assert!(g.apply(Action::Flip).is_err(), "the duel's dealer chooses");
    assert_eq!(g.observation(3).duel_deck, Some(g.deck.clone()));
    assert_eq!(g.observation(0).duel_deck, None);
    let legal = g.legal_actions();
    assert!(
        legal.iter().all(|a| matches!(a, Action::Play(_))),
        "{legal:?}"
    );
    assert_eq!(legal.len(), g.deck.len(), "any card of the deck");
    let ti = g
        .deck
        .iter()
        .position(|&c| g.kind(c) == TalkinIron)
        .unwrap();
    ok(&mut g, Action::Play(ti));
    assert_eq!(g.round().unwrap().wave.order, vec![0, 1]);
    let e = g
        .declare(0, slap(Slap::card(100, Some(1)).with_power()))
        .unwrap_err();
    assert!(e.0.contains("no gang power"), "{e}");
    let e = g
        .declare(0, slap(Slap::card(100, Some(1)).with_recruit()))
        .unwrap_err();
    assert!(e.0.contains("recruit"), "{e}");
    let e = g.declare(1, base_at(100, 2)).unwrap_err();
    assert!(e.0.contains("no home base"), "only the duelers' bases: {e}");
    wave(&mut g, &[(1, base_at(100, 1)), (0, card_at(200, 1))]);
    assert_eq!(members(&g), vec![6, 6, 0, 0], "in cover: a miss");
    assert_eq!(g.dealer, 3, "the same dealer throughout");
    // A Big Gun ends it.
    g.gangs[0].members = 1;
    let big = g.deck.iter().position(|&c| g.kind(c) == BigGun).unwrap();
    ok(&mut g, Action::Play(big));
    wave(&mut g, &[(1, card_at(150, 0))]);
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.winners(), vec![1]);
    assert_eq!(g.returns(), Some(vec![0.0, 1.0, 0.0, 0.0]));
}

#[test]
fn an_empty_deck_is_reshuffled_from_the_discards() {
    let mut g = table(3, false, &[], &[TalkinIron]);
    let rest = g.deck.split_off(1);
    g.discard.extend(rest);
    g.check_invariants().unwrap();
    ok(&mut g, Action::Flip);
    wave(&mut g, &[]);
    assert!(matches!(g.phase, Phase::Shuffle));
    assert_eq!(g.turn(), Turn::Chance);
    let before = g.clone();
    let e = g.apply(Action::Shuffle(vec![0, 1])).unwrap_err();
    assert!(e.0.contains("chance"), "{e}");
    assert_eq!(g, before);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let shuffle = g.sample_chance(&mut rng);
    assert!(g.describe(&shuffle, None).contains("discard pile"));
    ok(&mut g, shuffle);
    assert!(matches!(g.phase, Phase::Deal));
    assert_eq!((g.deck.len(), g.discard.len()), (50, 0));
}

#[test]
fn observations_hide_sealed_declarations_and_the_deck() {
    let mut g = table(3, false, &[], &[TalkinIron]);
    ok(&mut g, Action::Flip);
    ok(&mut g, card_at(250, 2));
    let mine = g.observation(1);
    assert_eq!(mine.mine(), Some(&card_at(250, 2)));
    let theirs = g.observation(2);
    assert_eq!(theirs.mine(), None);
    assert!(
        theirs
            .public
            .round()
            .unwrap()
            .wave
            .sealed
            .iter()
            .all(Option::is_none)
    );
    assert!(theirs.public.deck.is_empty());
    assert_eq!(theirs.deck_size, g.deck.len());
    assert!(g.describe(&Action::Hold, Some(1)).contains("sealed"));
    // A sampled world agrees with what the seat knows.
    let d = Slap45::determinize(&theirs, &mut ChaCha8Rng::seed_from_u64(1));
    d.check_invariants().unwrap();
    assert_eq!(d.turn(), g.turn());
    assert_eq!(d.deck.len(), g.deck.len());
}

/// Plays `g` to the end with random legal actions, sometimes at random
/// off-grid times (taken) and out of order (refused, nothing changed),
/// checking the invariants after every action.
fn random_game(g: &mut Slap45, rng: &mut ChaCha8Rng, max_actions: usize) -> usize {
    let mut n = 0;
    while !g.is_over() {
        assert!(n < max_actions, "no end after {n} actions: {:?}", g.phase);
        let action = match g.turn() {
            Turn::Chance => g.sample_chance(rng),
            Turn::Player(_) => {
                let legal = g.legal_actions();
                assert!(!legal.is_empty());
                let mut a = legal[rng.random_range(0..legal.len())].clone();
                let start = g.round().map(|r| r.wave.start_ms);
                if let (Action::Slap(s), Some(start)) = (&mut a, start) {
                    if start > 0 && rng.random_bool(0.1) {
                        let mut early = *s;
                        early.at_ms = rng.random_range(0..start);
                        let before = g.clone();
                        assert!(g.apply(Action::Slap(early)).is_err());
                        assert_eq!(*g, before);
                    }
                    if rng.random_bool(0.3) {
                        s.at_ms = start + rng.random_range(0..1500);
                    }
                }
                a
            }
            Turn::Over => break,
        };
        if rng.random_bool(0.05) {
            let before = g.clone();
            let legal = before.legal_actions();
            for w in g.clone().wrong_actions(rng) {
                if g.apply(w.clone()).is_err() {
                    assert_eq!(*g, before, "{w:?} refused but changed the state");
                } else {
                    let listed = before.listed_as(&w);
                    assert!(
                        legal.contains(&listed),
                        "{w:?} (listed as {listed:?}) accepted but not listed"
                    );
                    *g = before.clone();
                }
            }
        }
        if let Err(e) = g.apply(action.clone()) {
            panic!("legal {action:?} refused: {e}");
        }
        if let Err(e) = g.check_invariants() {
            panic!("after {action:?}: {e}");
        }
        n += 1;
    }
    n
}

#[test]
fn random_playouts_keep_the_invariants_and_end_within_the_limit() {
    for players in 3..=7 {
        for gold in [false, true] {
            for seed in 0..4u64 {
                let rules = rules_with(players, gold, |s| s.round_limit = 300);
                let mut g = Slap45::new(rules);
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 31 + players as u64);
                random_game(&mut g, &mut rng, 200_000);
                assert!(g.rounds <= 300);
                let w = g.winners();
                assert!(
                    w.iter().all(|&s| g.alive(s)),
                    "{players} players, gold {gold}, seed {seed}: {w:?}"
                );
                if g.rounds < 300 {
                    assert!(
                        g.living().len() <= 1,
                        "ended before the limit only by a last gang"
                    );
                }
            }
        }
    }
}

#[test]
fn a_game_saved_mid_play_continues_identically() {
    let mut g = Slap45::new(rules_with(5, true, |_| {}));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    // Into the middle of a wave.
    for _ in 0..300 {
        if g.is_over() {
            break;
        }
        let a = match g.turn() {
            Turn::Chance => g.sample_chance(&mut rng),
            _ => {
                let legal = g.legal_actions();
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        g.apply(a).unwrap();
    }
    let text = ron::to_string(&g).unwrap();
    let mut back: Slap45 = ron::from_str(&text).unwrap();
    assert_eq!(back, g);
    back.check_invariants().unwrap();
    let mut rng2 = rng.clone();
    random_game(&mut g, &mut rng, 200_000);
    random_game(&mut back, &mut rng2, 200_000);
    assert_eq!(back, g);
}

// The chance events and the deal refused where the rules forbid them.
mod chance_and_deal;
