//! The computer gang's reasons, one line each, in words a player reads (its
//! [`crate::cards::core::Agent::why`], the card table's hint and the review
//! after a wave): what the bot weighed for the declaration it chose, from the
//! seat's view only. The only card named by its title is one the seat sees:
//! the card face up, or the Railroad Company's peek; the others' kinds are
//! words in lower case ("a big gun").

use crate::cards::core::Seat;
use crate::cards::slap45::rules::{Action, Round, Slap, Slap45, Target, View};
use crate::cards::slap45::setup::CardKind;

/// Where a declaration came from, beside the policy for the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// The only thing to do (or nothing weighed).
    Only,
    /// The dealer's flip, or the duel's card.
    Deal,
    /// The gang is out, or its slaps this round are spent.
    Spent,
    /// The slap already on its way, still making sense in the new wave.
    Kept,
    /// A guess into cover before the card could be seen.
    Guess,
    /// A slip of the hand (the horse, a Gold slapped while pointing).
    Slip,
    /// The slap it wanted is not allowed now: a hold.
    Refused,
    /// The policy for the card; `fast`: the hand's reaction came quick
    /// (hard shoots a Talkin' Iron then).
    Policy { fast: bool },
}

fn only() -> String {
    "the only move the rules leave you now".into()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The reason for `action`, declared (or dealt) by `me` from `view`.
pub(super) fn reason(view: &View, me: Seat, action: &Action, source: Source) -> String {
    let g = &view.public;
    let Some(r) = g.round() else {
        return match source {
            Source::Deal => deal(view, action),
            _ => only(),
        };
    };
    match source {
        Source::Only | Source::Deal => only(),
        Source::Spent if !g.alive(me) => "your gang is out: hold".into(),
        Source::Spent => "your slaps this round are spent: hold".into(),
        Source::Refused => "the slap it wanted is not allowed now: hold".into(),
        Source::Guess => {
            "a guess: into cover before the card can be seen (even a practised hand guesses now and then)"
                .into()
        }
        Source::Slip => match g.kind(r.card) {
            CardKind::Move => "a slip of the hand: it goes to the horse, which tramples it".into(),
            kind => format!(
                "a slip of the hand: slapping the {} while pointing gives it away",
                kind.title()
            ),
        },
        Source::Kept => format!(
            "the slap already on its way still does its job: {}",
            policy(g, r, me, action, None)
        ),
        Source::Policy { fast } => policy(g, r, me, action, Some(fast)),
    }
}

/// The dealer's card: a flip, or in the final duel a card of the deck.
fn deal(view: &View, action: &Action) -> String {
    match action {
        Action::Flip => match view.peek {
            Some(c) => format!(
                "you deal: flip it; your peek says a {} is coming, so your hand can be ready",
                view.public.kind(c).title()
            ),
            None => "you deal: flip the top card and be ready to react".into(),
        },
        Action::Play(_) => {
            "the final duel's dealer plays a card drawn at random from the deck: it favours neither duelist"
                .into()
        }
        _ => only(),
    }
}

/// What the policy for the face-up card weighed (`fast`: the hand's speed,
/// when it was drawn for this declaration).
fn policy(g: &Slap45, r: &Round, me: Seat, action: &Action, fast: Option<bool>) -> String {
    let kind = g.kind(r.card);
    match action {
        Action::Hold => hold(g, r, me, kind),
        Action::Trap(k) => format!(
            "holding anyway, you pay a gold to lay a trap on the next {}: the first hand to slap it loses a member",
            k.title()
        ),
        Action::Slap(s) => match s.target {
            Target::Card => card_slap(g, r, me, kind, s, fast),
            Target::Base(b) => base_slap(g, r, me, kind, s, b, fast),
            Target::Leave if s.second_hand => {
                "lift your second hand off the base it held when the card came up: that is no new cover"
                    .into()
            }
            Target::Leave => {
                "lift your hand off the base it held when the card came up: that is no new cover"
                    .into()
            }
        },
        _ => only(),
    }
}

/// Why nothing is slapped.
fn hold(g: &Slap45, r: &Round, me: Seat, kind: CardKind) -> String {
    let title = kind.title();
    let trapped = format!("this {title} is a trap: the first hand to slap it loses a member");
    match kind {
        CardKind::TalkinIron if g.in_cover(me) => {
            format!("you are in cover: a {title} cannot hit a gang in cover")
        }
        CardKind::TalkinIron if r.left[me] && r.trap.is_some() => trapped,
        CardKind::TalkinIron if r.left[me] => {
            "out of the bases for this round, and nobody out of cover to shoot: hold".into()
        }
        CardKind::TalkinIron if r.trap.is_some() => format!("{trapped}, and no base is free"),
        CardKind::TalkinIron => "no free base, and nobody out of cover to shoot: hold".into(),
        CardKind::BigGun if r.trap.is_some() => trapped,
        CardKind::BigGun => "nobody left to shoot: hold".into(),
        CardKind::Gold if g.duel => "gold is worth nothing in the final duel: hold".into(),
        CardKind::Gold if r.trap.is_some() => trapped,
        CardKind::Gold => only(),
        CardKind::Move if g.in_new_cover(r, me) => "your hand is already in new cover: hold".into(),
        CardKind::Move => "no base is left to ride to: hold".into(),
    }
}

/// A slap on the card: a shot at a gang, a claim, or a late pistol-finger.
fn card_slap(
    g: &Slap45,
    r: &Round,
    me: Seat,
    kind: CardKind,
    s: &Slap,
    fast: Option<bool>,
) -> String {
    let title = kind.title();
    let Some(t) = s.point else {
        return match kind {
            CardKind::Gold => {
                "the first slap claims the gold: slap it without pointing".into()
            }
            _ => "the pistol-finger came late: a slap without a point misses (even a practised hand hesitates now and then)".into(),
        };
    };
    let others = g.living().into_iter().filter(|&o| o != me).count();
    let why_shoot = match kind {
        _ if s.power && kind != CardKind::BigGun => {
            format!("the gang's power, for a gold, fires the {title} as a big gun, through cover")
        }
        CardKind::TalkinIron if r.left[me] => {
            "out of the bases for this round, a shot is all that is left".into()
        }
        CardKind::TalkinIron if fast == Some(true) => format!(
            "your hand came fast with {} left: shoot before they reach cover",
            plural(others, "opponent", "opponents")
        ),
        CardKind::TalkinIron => "no free base to dive into: shoot".into(),
        CardKind::BigGun if s.power => format!(
            "a {title} goes through cover and only the first slap is safe; the gang's power, for a gold, makes it kill two"
        ),
        _ => format!("a {title} goes through cover and only the first slap is safe"),
    };
    let hits = if s.power && kind == CardKind::BigGun {
        2
    } else {
        1
    };
    let members = g.members(t);
    let whom = if members <= hits {
        format!(
            "{} has {} left: the shot finishes the gang{}",
            g.name(t),
            plural(members as usize, "member", "members"),
            if g.rules.gold {
                " and takes its gold"
            } else {
                ""
            }
        )
    } else if g.rules.gold {
        format!(
            "{}, with {} and {} gold, is the strongest gang in reach",
            g.name(t),
            plural(members as usize, "member", "members"),
            g.gold(t)
        )
    } else {
        format!(
            "{}, with {}, is the strongest gang in reach",
            g.name(t),
            plural(members as usize, "member", "members")
        )
    };
    let recruit = if s.recruit {
        "; 3 gold recruit the member it hits"
    } else {
        ""
    };
    format!("{why_shoot}; {whom}{recruit}")
}

/// A slap into a home base: cover, a ride to new cover, a second hand.
fn base_slap(
    g: &Slap45,
    r: &Round,
    me: Seat,
    kind: CardKind,
    s: &Slap,
    b: Seat,
    fast: Option<bool>,
) -> String {
    let base = g.base_name(b);
    if s.second_hand {
        return format!("your gang's second hand takes a spare free base, {base}");
    }
    match kind {
        CardKind::Move => {
            let lift = if r.start[me].any() {
                " (a hand lifting off a base is a little slower)"
            } else {
                ""
            };
            format!(
                "ride to new cover, {base}: the last gang out of new cover loses a member{lift}"
            )
        }
        CardKind::TalkinIron => {
            let title = kind.title();
            let quick = if fast == Some(false) {
                "your hand was not quick enough to shoot first: "
            } else {
                ""
            };
            format!("{quick}dive into cover, {base}: a {title} cannot hit a gang in cover")
        }
        _ => format!("into cover, {base}"),
    }
}
