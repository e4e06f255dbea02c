//! The computer manager's reasons, one line each, in words a player reads
//! (its [`crate::cards::core::Agent::why`], the card table's hint). Made from
//! what the manager weighed and the seat's view only: the cards named are
//! its own team's.

use crate::cards::slapshot::{Action, View};

/// A share as a whole percentage.
fn percent(p: f64) -> String {
    format!("{:.0}%", (p * 100.0).clamp(0.0, 100.0))
}

/// Goals a face-off, signed.
fn goals(g: f64) -> String {
    format!("{g:+.2}")
}

pub(super) fn only_choice() -> String {
    "the only move the rules leave you now".into()
}

pub(super) fn nothing_weighed() -> String {
    "nothing to weigh: any move is as good as another".into()
}

/// Picking the team: the top cards are face down.
pub(super) fn pick() -> String {
    "every deck's top card is face down: any position your team still needs is as good as another"
        .into()
}

/// Giving back a card after a trade.
pub(super) fn give_back(view: &View, give: &Action) -> String {
    match give {
        Action::Give(c) => format!(
            "{} is the weakest card you may give back: you keep the stronger ones",
            view.rules.label(*c)
        ),
        _ => only_choice(),
    }
}

/// A card of the line-up: the order that did best against sampled
/// line-ups of the opponent (`share`: its points, a tie half).
pub(super) fn line_up(view: &View, samples: usize, share: f64) -> String {
    let opponent = view
        .game
        .map(|(away, home, ..)| if away == view.seat { home } else { away });
    let against = match opponent {
        Some(o) => format!("{samples} guesses at seat {o}'s line-up"),
        None => format!("{samples} guessed line-ups"),
    };
    let overtime = view.game.is_some_and(|g| g.3 > 0);
    format!(
        "card {} of the order of your six that took the most points against {against} (about {}{})",
        view.my_line.len() + 1,
        percent(share),
        if overtime { ", sudden death" } else { "" }
    )
}

/// A game played because the standings press.
pub(super) fn pressed_game(game: &Action, p: f64) -> String {
    match game {
        Action::Challenge(o) => format!(
            "two teams are ahead of yours and a leader nears the Playoffs: play now, at seat {o}'s, where your chances as the away team are about {}",
            percent(p)
        ),
        _ => only_choice(),
    }
}

/// A draft or a trade worth more than a turn (`threshold`: what a turn
/// costs; `None`: no game can be played).
pub(super) fn improvement(view: &View, a: &Action, gain: f64, threshold: Option<f64>) -> String {
    let versus = match threshold {
        Some(t) => format!(
            ", more than the {} a turn spent costs (others raid teams that wait)",
            goals(t)
        ),
        None => ": no game can be played now".into(),
    };
    match a {
        Action::Draft(c) => {
            let position = view.rules.card(*c).position;
            format!(
                "the {} nobody has shown are worth {} goals a face-off more than {} on average{versus}",
                position.plural(),
                goals(gain),
                view.rules.label(*c)
            )
        }
        Action::Trade(o) => {
            let both = if view.rules.players == 2 {
                " (their loss counted too: you two meet in the final)"
            } else {
                ""
            };
            format!(
                "a blind pick from seat {o}'s team, giving back your weakest card of its kind, should gain {} goals a face-off{both}{versus}",
                goals(gain)
            )
        }
        _ => only_choice(),
    }
}

/// A game played: the best chances at the table, no improvement worth a
/// turn (`best_gain`: the best draft or trade's, if any).
pub(super) fn game(game: &Action, p: f64, best_gain: Option<f64>, threshold: f64) -> String {
    let Action::Challenge(o) = game else {
        return only_choice();
    };
    let rest = match best_gain {
        Some(g) => format!(
            "the best draft or trade gains {} goals a face-off, not more than the {} a turn costs",
            goals(g),
            goals(threshold)
        ),
        None => "there is nothing to draft or trade".into(),
    };
    format!(
        "your best chances as the away team are at seat {o}'s, about {}; {rest}",
        percent(p)
    )
}
