//! The hard gunslinger's reasons, one line each, in words a player reads
//! (its [`crate::cards::core::Agent::why`], the card table's hint): what
//! [`super::hard_action`] weighed for the action it chose, from the seat's
//! view only (the public table and its own hand). Kinds of cards are named
//! in lower case ("your revolver"), as words, not as cards.

use super::{CANCEL_UNLESS_AHEAD_BY, STAR_COVER, fight_odds, gun_rank, weakness};
use crate::cards::core::Seat;
use crate::cards::tabletown::{Action, Call, Combat, DEADLY_WOUNDS, Kind, Phase, Step, Tabletown};

pub(super) fn only_choice() -> String {
    "the only move the rules leave you now".into()
}

/// A kind of card as a word: "revolver", "shell".
fn word(k: Kind) -> String {
    k.title().to_lowercase()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "Doc (seat 2), 3 wounds and 2 rounds loaded".
fn sized_up(g: &Tabletown, o: Seat) -> String {
    let s = &g.slingers[o];
    format!(
        "{}, {} and {} loaded",
        g.name(o),
        plural(s.wounds as usize, "wound", "wounds"),
        plural(s.loaded(), "round", "rounds")
    )
}

/// Whether `pick` ties with another of `among` on `key` (a draw among equals).
fn tied<T, K: PartialEq>(among: &[T], pick: &T, key: impl Fn(&T) -> K) -> bool {
    let k = key(pick);
    among.iter().filter(|&x| key(x) == k).count() > 1
}

/// The reason for `action`, chosen by the hard policy for `seat` in `g`
/// (the seat's view: other hands and the deck empty).
pub(super) fn hard(g: &Tabletown, seat: Seat, legal: &[Action], action: &Action) -> String {
    match (&g.phase, action) {
        (Phase::Choose { .. }, _) => {
            "the gunslingers have no powers: any one still free plays the same".into()
        }
        (Phase::Face { .. }, Action::Face(t)) => {
            let faces: Vec<Seat> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Face(o) => Some(*o),
                    _ => None,
                })
                .collect();
            if tied(&faces, t, |&o| weakness(g, o)) {
                format!(
                    "nobody you may face is weaker than {}: one of the equals, drawn at random",
                    sized_up(g, *t)
                )
            } else {
                format!("the weakest you may face: {}", sized_up(g, *t))
            }
        }
        (Phase::Turn, a) => turn(g, seat, a),
        (Phase::CallDraw { .. }, Action::CallOut(t)) => {
            if g.slingers[seat].loaded() > 0 {
                format!(
                    "your gun is loaded: call out the weakest, {}",
                    sized_up(g, *t)
                )
            } else {
                format!(
                    "your gun is empty: call out the least danger, {}",
                    sized_up(g, *t)
                )
            }
        }
        (Phase::Combat(c), a) => combat(g, seat, c, legal, a),
        _ => only_choice(),
    }
}

/// A turn: reach for the sky on the most dangerous gun, face a living man,
/// arm, load, or let go of the card least worth keeping.
fn turn(g: &Tabletown, seat: Seat, action: &Action) -> String {
    let s = &g.slingers[seat];
    match action {
        Action::Reach(_, t) => {
            let o = &g.slingers[*t];
            let gun = o.weapon().map_or("gun".to_string(), word);
            format!(
                "{}'s {gun} holds {} loaded, the most dangerous gun at the table: reach for the sky empties it",
                g.name(*t),
                plural(o.loaded(), "round", "rounds")
            )
        }
        Action::Track(t) => {
            let facing_ok = s.facing.is_some_and(|f| g.slingers[f].alive && f != seat);
            if facing_ok {
                format!(
                    "nothing in your hand is worth playing: turn to face {}",
                    g.name(*t)
                )
            } else {
                format!(
                    "the man you faced is gone: face the weakest, {}",
                    sized_up(g, *t)
                )
            }
        }
        Action::Arm(c) => {
            let k = g.kind(*c);
            match s.weapon() {
                None => format!(
                    "you have no gun in play: the {} is the best in your hand",
                    word(k)
                ),
                Some(w) if gun_rank(k) > gun_rank(w) => format!(
                    "your {} is empty, and the {} in your hand is the better gun",
                    word(w),
                    word(k)
                ),
                Some(w) => format!("the {} in place of your {}", word(k), word(w)),
            }
        }
        Action::Load(_) => match s.weapon() {
            Some(w) => format!(
                "a round for your {} ({} in it now): a loaded gun is what wins a fight",
                word(w),
                s.loaded()
            ),
            None => "a round for your gun".into(),
        },
        Action::Discard(c) => discard(g, seat, g.kind(*c)),
        _ => only_choice(),
    }
}

/// Why a card is the one least worth keeping (the hard keep values).
fn discard(g: &Tabletown, seat: Seat, k: Kind) -> String {
    let s = &g.slingers[seat];
    let fits = |w: Kind| w.ammo() == Some(k);
    let gun_for_it = s.weapon().is_some_and(fits)
        || s.hand
            .iter()
            .any(|&c| g.kind(c).is_gun() && fits(g.kind(c)));
    match k {
        Kind::Bullet | Kind::Shell if !gun_for_it => format!(
            "no gun of yours takes a {}: of your cards it is the least worth keeping",
            word(k)
        ),
        gun if gun.is_gun() && s.weapon().is_some_and(|w| gun_rank(w) >= gun_rank(gun)) => {
            format!(
                "your {} is as good a gun: the spare {} is the card least worth keeping",
                word(s.weapon().unwrap_or(gun)),
                word(gun)
            )
        }
        Kind::Tnt if g.living().len() <= 2 => {
            "with two left at the table the TNT would hurt you as likely as him: the card least worth keeping".into()
        }
        _ => format!(
            "the {} is the card least worth keeping: tin stars and the tricks that win fights stay",
            word(k)
        ),
    }
}

/// A fight: answering the call, shooting, a tin star, the Law o' the West.
fn combat(g: &Tabletown, seat: Seat, c: &Combat, legal: &[Action], action: &Action) -> String {
    let s = &g.slingers[seat];
    match c.step {
        Step::Respond => {
            let involved = match c.call {
                Call::Draw { drawer, target } => seat == drawer || seat == target,
                Call::Shootout { .. } => true,
            };
            if !involved {
                return "not your fight: let them settle it".into();
            }
            let (mine, theirs) = fight_odds(g, seat, c.call);
            let stars = s
                .hand
                .iter()
                .filter(|&&card| matches!(g.kind(card), Kind::Sheriff | Kind::Deputy))
                .count() as f64;
            let uncovered = (theirs - STAR_COVER * theirs.min(stars)).max(0.0);
            match action {
                Action::Cavalry(_) | Action::StageCoach(_) => format!(
                    "you would take about {theirs:.1} hits ({uncovered:.1} past your tin stars) and land {mine:.1}: call the fight off"
                ),
                _ if theirs <= 0.0 => "nobody in the fight can hit you now: let it ride".into(),
                _ if uncovered <= 0.0 => {
                    format!("your tin stars cover the {theirs:.1} hits you would take: let it ride")
                }
                _ if mine - uncovered >= CANCEL_UNLESS_AHEAD_BY => format!(
                    "you land about {mine:.1} hits to the {uncovered:.1} you would take: let it ride"
                ),
                _ => format!(
                    "you would take about {uncovered:.1} hits and land {mine:.1}, but nothing in your hand calls the fight off"
                ),
            }
        }
        Step::Act(_) => shot(g, seat, c, legal, action),
        Step::Cover { weapon, .. } => match action {
            Action::Star(card) if g.kind(*card) == Kind::Deputy => {
                let sheriff = s.hand.iter().any(|&x| g.kind(x) == Kind::Sheriff);
                format!(
                    "the Deputy star stops a {}'s hit{}",
                    word(weapon),
                    if sheriff {
                        ", and the Sheriff star stays in hand for a shotgun or an explosion"
                    } else {
                        ""
                    }
                )
            }
            Action::Star(_) => "the Sheriff star stops any hit".into(),
            _ => "no tin star in your hand stops it".into(),
        },
        Step::Law => match action {
            Action::TurnToFace => format!(
                "your gun is loaded: turn to face the lawbreaker, {}",
                g.name(c.law_shooter)
            ),
            _ => "your gun is empty: keep facing your man".into(),
        },
        _ => only_choice(),
    }
}

/// A fighter's initiative: one shell or both barrels in a DRAW!, every shot
/// the fight allows, TNT, or holding.
fn shot(g: &Tabletown, seat: Seat, c: &Combat, legal: &[Action], action: &Action) -> String {
    let last = DEADLY_WOUNDS - 1;
    let one = Action::Shoot {
        shots: 1,
        both_barrels: false,
    };
    let both = Action::Shoot {
        shots: 1,
        both_barrels: true,
    };
    if let Call::Draw { drawer, target } = c.call
        && legal.contains(&one)
        && legal.contains(&both)
    {
        let other = if seat == drawer { target } else { drawer };
        return if *action == both && g.slingers[other].wounds >= last {
            format!(
                "one more wound kills {}: both barrels, the surest shot",
                g.name(other)
            )
        } else if *action == both {
            "you are on your last wound: both barrels, the surest shot".into()
        } else {
            "one shell hits on 3 or more; the other stays loaded for the next fight".into()
        };
    }
    match action {
        Action::Shoot {
            both_barrels: true, ..
        } => "both barrels: the surest shot a shotgun has".into(),
        Action::Shoot { shots, .. } => format!(
            "fire every shot the fight allows: {}",
            plural(*shots as usize, "shot", "shots")
        ),
        Action::Tnt(k) => format!(
            "no shot to fire: {} of TNT hurt the others more than they risk you",
            plural(*k as usize, "stick", "sticks")
        ),
        Action::Hold => "nothing to fire: hold".into(),
        _ => only_choice(),
    }
}
