//! The chance events and the deal: what the rules refuse, refused with
//! nothing changed.

use super::*;

/// Found by mutation testing (docs/testing.md): the bases' deal names gangs
/// of the box only, each once, one for every seat; anything else is refused
/// and changes nothing.
#[test]
fn the_bases_dealt_are_the_boxs_gangs_each_once() {
    let mut g = Slap45::new(rules_with(3, true, |_| {}));
    let box_gangs = g.rules.gangs.len();
    let before = g.clone();
    for wrong in [
        vec![0, 1, box_gangs],
        vec![0, 1, 1],
        vec![0, 1],
        vec![0, 1, 2, 3],
    ] {
        assert!(g.apply(Action::Bases(wrong.clone())).is_err(), "{wrong:?}");
        assert_eq!(g, before, "{wrong:?}");
    }
    ok(&mut g, Action::Bases(vec![0, 1, box_gangs - 1]));
}

/// Found by mutation testing: a dealer with no card left to flip is refused
/// (the table reshuffles before a deal, so only a state built by hand gets
/// here), and nothing changes.
#[test]
fn no_flip_from_an_empty_deck() {
    let mut g = table(3, false, &[], &[]);
    g.deck.clear();
    let before = g.clone();
    assert!(g.apply(Action::Flip).is_err());
    assert_eq!(g, before);
}
