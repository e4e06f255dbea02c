//! The gunfighter bot's reasons, one line each, in words a player reads
//! (its [`crate::cards::core::Agent::why`], the card table's hint): what it
//! weighed, from its seat's view only. The cards named are the seat's own
//! (its bandolier, pocket and covert hand) or face up on a mat.

use crate::cards::core::Seat;
use crate::cards::gunfighter::resolve::Landed;
use crate::cards::gunfighter::rules::{Action, View};
use crate::cards::gunfighter::setup::{Before, CardId, Effect, Play};

/// A card's printed name.
fn card(view: &View, c: CardId) -> &str {
    &view.rules.card(c).name
}

/// A gunfighter as the table names him: "the Outlaw (seat 2)".
fn name(view: &View, s: Seat) -> String {
    match view
        .fighters
        .get(s)
        .and_then(|f| view.rules.characters.get(f.character))
    {
        Some(c) => format!("the {} (seat {s})", c.name),
        None => format!("seat {s}"),
    }
}

/// "{name}'s mat", or "your mat".
fn mat(view: &View, s: Seat) -> String {
    if s == view.seat {
        "your mat".into()
    } else {
        format!("{}'s mat", name(view, s))
    }
}

/// Health and armour: "2 health, 1 armour".
fn standing(view: &View, s: Seat) -> String {
    let Some(f) = view.fighters.get(s) else {
        return String::new();
    };
    if f.armor > 0 {
        format!("{} health, {} armour", f.health, f.armor)
    } else {
        format!("{} health", f.health)
    }
}

pub(super) fn only_choice() -> String {
    "the only move the rules leave you now".into()
}

pub(super) fn cannot_toss() -> String {
    "the card it wanted cannot be tossed now: holster".into()
}

pub(super) fn forgot() -> String {
    "the hand reached for the wrong slot of its face-down bandolier".into()
}

pub(super) fn nothing_to_play() -> String {
    "nothing to play before the showdown: ready".into()
}

pub(super) fn no_covert_worth_it() -> String {
    "no covert card is worth playing before this showdown: keep them".into()
}

/// An enemy's card on top of the own mat, and a Dodge to cancel it.
pub(super) fn dodge(view: &View, top: &Landed, dodge: CardId) -> String {
    format!(
        "{}'s {} lies on top of your mat: your {} in your own hole cancels it",
        name(view, top.thrower),
        card(view, top.card),
        card(view, dodge)
    )
}

/// The own damage card on top of a mat, made to act twice.
pub(super) fn fan(view: &View, t: Seat, double: CardId) -> String {
    let top = view
        .mats
        .get(t)
        .and_then(|m| m.last())
        .map_or("card", |l| card(view, l.card));
    format!(
        "your {top} stands on top of {}: your {} on it makes it act twice",
        mat(view, t),
        card(view, double)
    )
}

/// Cover while the own mat is clear of it.
pub(super) fn cover(view: &View, c: CardId) -> String {
    let what = match view.rules.card(c).play {
        Play::Toss(Effect::Ricochet) => "turns the next damage card back on its thrower",
        _ => "stops the next card to land on it",
    };
    format!(
        "no cover lies on top of your mat: your {} in your own hole {what}",
        card(view, c)
    )
}

/// A damage card at an opponent's mat.
pub(super) fn shoot(view: &View, t: Seat, c: CardId, picks: bool) -> String {
    let damage = match view.rules.card(c).play {
        Play::Toss(Effect::Damage(n)) => n,
        _ => 1,
    };
    if picks {
        format!(
            "{} is the weakest still standing ({}): your {} at {} deals {damage}, your hardest hit",
            name(view, t),
            standing(view, t),
            card(view, c),
            mat(view, t)
        )
    } else {
        format!(
            "your {} at {} deals {damage}, your hardest hit",
            card(view, c),
            mat(view, t)
        )
    }
}

/// No damage card left: a pickpocket at a covert hand.
pub(super) fn pickpocket(view: &View, t: Seat, c: CardId) -> String {
    let held = view.fighters.get(t).map_or(0, |f| f.covert);
    format!(
        "no damage card is left in your bandolier, and {} holds {held} covert card(s): your {} takes one",
        name(view, t),
        card(view, c)
    )
}

/// A heal into the own mat.
pub(super) fn heal(view: &View, c: CardId) -> String {
    let (health, full) = (
        view.fighters.get(view.seat).map_or(0, |f| f.health),
        view.rules.health,
    );
    format!(
        "you are hurt ({health} of {full} health) and have nothing to shoot with: your {} in your own hole heals you",
        card(view, c)
    )
}

/// Waiting with a Dodge while the others may still shoot.
pub(super) fn wait(view: &View, dodge: CardId) -> String {
    format!(
        "nothing better to toss, and the others still hold cards: wait with your {} for their next hit",
        card(view, dodge)
    )
}

/// Done for this showdown.
pub(super) fn holster(view: &View) -> String {
    if view.bandolier.iter().all(Option::is_none) {
        "your bandolier is empty: holster".into()
    } else {
        "nothing left in your bandolier is worth tossing now: holster".into()
    }
}

/// A card of the bandolier meant for before a showdown: played or wasted.
pub(super) fn early(view: &View, a: &Action, play: Option<Play>) -> String {
    let Action::Early { slot, target } = a else {
        return only_choice();
    };
    let this = view
        .bandolier
        .get(*slot)
        .copied()
        .flatten()
        .map_or("card", |c| card(view, c));
    let on = match play {
        Some(Play::Before(Before::Jam(ms))) => format!(
            ": it holds back {}, the healthiest ({}), {ms} ms",
            name(view, *target),
            standing(view, *target)
        ),
        Some(Play::Before(Before::Steal)) => format!(
            ": it takes a covert card from {}, who holds the most ({})",
            name(view, *target),
            view.fighters.get(*target).map_or(0, |f| f.covert)
        ),
        _ if *target == view.seat => " on yourself".into(),
        _ => format!(" on {}", name(view, *target)),
    };
    format!("your {this} is played before the showdown or it is wasted{on}")
}

/// The covert card worth most now.
pub(super) fn covert(view: &View, seat: Seat, a: &Action) -> String {
    let Action::Covert { card: c, target } = a else {
        return only_choice();
    };
    let this = card(view, *c);
    let health = view.fighters.get(seat).map_or(0, |f| f.health);
    let what = match view.rules.card(*c).play {
        Play::Before(Before::Heal(n)) => format!(
            "you are hurt ({health} of {} health): it heals {n}",
            view.rules.health
        ),
        Play::Before(Before::Armor(n)) => {
            format!("it stops the first {n} damage on your mat this showdown")
        }
        Play::Before(Before::Quickdraw(ms)) => format!("your hand is free {ms} ms early"),
        Play::Before(Before::Jam(ms)) => format!(
            "it holds back {}, the healthiest ({}), {ms} ms",
            name(view, *target),
            standing(view, *target)
        ),
        Play::Before(Before::Steal) => format!(
            "it takes a covert card from {}, who holds {}",
            name(view, *target),
            view.fighters.get(*target).map_or(0, |f| f.covert)
        ),
        Play::Before(Before::Draw(n)) => format!("it draws {n} covert card(s)"),
        Play::Toss(_) => "it is the one worth most".into(),
    };
    format!("of your covert cards the {this} is worth most now: {what}")
}

/// A swap with the pocket, or none.
pub(super) fn exchange(view: &View, a: &Action) -> String {
    match a {
        Action::Exchange { slot, pocket } => {
            let drawn = view
                .bandolier
                .get(*slot)
                .copied()
                .flatten()
                .map_or("card", |c| card(view, c));
            let kept = view.pocket.get(*pocket).map_or("card", |&c| card(view, c));
            format!(
                "the {kept} in your pocket is worth more in a showdown than the {drawn} just drawn"
            )
        }
        _ => "no card in your pocket is worth more in a showdown than the ones just drawn".into(),
    }
}
