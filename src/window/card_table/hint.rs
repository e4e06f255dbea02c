//! A hint at the card table: what the hard bot would choose in your seat,
//! and why ([`crate::cards::hint`]: from your seat's view only). The Hint
//! button in the panel or the Hint key (H) asks for it; it is worked out on
//! the press and shown in the panel until the next action. In Slap .45 it
//! is offered between waves (a slap is a matter of reflexes), and after each
//! wave you were in, a quiet line in the log says what the hard bot would
//! have slapped at the wave's start.

use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};

use bevy::prelude::*;
use bevy_egui::egui;

use crate::cards::TableGame;
use crate::cards::hint;
use crate::tables::FrameSystems;
use crate::tables::cards::session::{self, CardTable};
use crate::window::Screen;
use crate::window::shell::style::GOLD;

/// The hint on show at the table of game `G`, and the open wave's review.
#[derive(Resource)]
pub struct HintNow<G: TableGame> {
    /// The line on show, and how many actions had been played when it was
    /// asked for (it goes with the next action).
    pub shown: Option<(usize, String)>,
    /// The open wave's review (the wave's id and the line), written to the
    /// log when the wave is over.
    pub review: Option<(u64, String)>,
    /// The last wave looked at.
    reviewed: Option<u64>,
    _game: PhantomData<fn() -> G>,
}

impl<G: TableGame> Default for HintNow<G> {
    fn default() -> Self {
        HintNow {
            shown: None,
            review: None,
            reviewed: None,
            _game: PhantomData,
        }
    }
}

/// The hint's systems for game `G`: the key, the hint dropped after the
/// next action, the waves reviewed (after the frame's intents are applied).
pub fn plugin<G: TableGame>(app: &mut App, set: impl SystemSet + Clone, screen: Screen) {
    app.init_resource::<HintNow<G>>()
        .add_systems(
            Update,
            (
                ask_with_key::<G>.in_set(FrameSystems::Input),
                (drop_old_hint::<G>, review_waves::<G>)
                    .chain()
                    .after(session::apply_intents::<G>)
                    .in_set(FrameSystems::Apply),
            )
                .in_set(set),
        )
        .add_systems(OnExit(screen), forget_hints::<G>);
}

/// Whether the panel offers a hint now: your decision, and (in real time)
/// not in the middle of a wave.
pub fn offered<G: TableGame>(table: &CardTable<G>) -> bool {
    table.awaiting_you().is_some() && table.game.wave().is_none()
}

/// The line for a hint asked now: the hint, or why there is none.
fn hint_words<G: TableGame>(table: &CardTable<G>) -> String {
    let Some(you) = table.awaiting_you() else {
        return "No hint now: the decision is not yours.".into();
    };
    if table.game.wave().is_some() {
        return "No hint in the middle of a wave: the log reviews each slap after it.".into();
    }
    let seed = hint::hint_seed(table.history.len());
    let game = &table.game;
    match catch_unwind(AssertUnwindSafe(|| hint::hint(game, you, seed))) {
        Ok(Some(h)) => hint::hint_line(&h),
        Ok(None) => "No hint now: the decision is not yours.".into(),
        Err(_) => "The hint failed this time.".into(),
    }
}

/// Works the hint out now and puts it on show.
pub fn ask<G: TableGame>(hints: &mut HintNow<G>, table: &CardTable<G>) {
    hints.shown = Some((table.history.len(), hint_words(table)));
}

/// The Hint key asks for a hint.
pub fn ask_with_key<G: TableGame>(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    table: Option<Res<CardTable<G>>>,
    mut hints: ResMut<HintNow<G>>,
) {
    let Some(table) = table else { return };
    if bindings.just_pressed(&keys, crate::keys::Action::Hint) {
        ask(&mut hints, &table);
    }
}

/// The hint goes once an action has been played.
pub fn drop_old_hint<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    mut hints: ResMut<HintNow<G>>,
) {
    let Some(table) = table else { return };
    if hints
        .shown
        .as_ref()
        .is_some_and(|(at, _)| *at != table.history.len())
    {
        hints.shown = None;
    }
}

/// When a real-time wave opens with you still to declare, what the hard bot
/// would declare in your seat is worked out from the wave's start; when the
/// wave is over it goes into the log, after the wave's own lines.
pub fn review_waves<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    mut hints: ResMut<HintNow<G>>,
) {
    let Some(mut table) = table else { return };
    let open = table.game.wave().map(|(id, _)| id);
    let over = hints
        .review
        .as_ref()
        .is_some_and(|(id, _)| open != Some(*id));
    if over && let Some((_, line)) = hints.review.take() {
        table.log.push(line);
    }
    let Some(id) = open else { return };
    if hints.reviewed == Some(id) {
        return;
    }
    hints.reviewed = Some(id);
    let Some(you) = table.viewer.filter(|v| !table.is_bot(*v)) else {
        return;
    };
    if !table.game.waiting().contains(&you) {
        return;
    }
    let seed = hint::hint_seed(table.history.len());
    let game = &table.game;
    let line = catch_unwind(AssertUnwindSafe(|| hint::wave_review(game, you, seed)))
        .ok()
        .flatten();
    hints.review = line.map(|l| (id, l));
}

/// A table left: its hints go with it.
pub fn forget_hints<G: TableGame>(mut hints: ResMut<HintNow<G>>) {
    *hints = HintNow::default();
}

/// In the panel: the Hint button where a hint is offered, and the hint on
/// show (until the next action).
pub fn show_hint<G: TableGame>(
    ui: &mut egui::Ui,
    table: &CardTable<G>,
    hints: &mut HintNow<G>,
    keys: &crate::keys::Bindings,
) {
    if offered(table)
        && ui
            .button(keys.fill("Hint ({Hint})"))
            .on_hover_text("What the hard bot would choose in your seat, and why")
            .clicked()
    {
        ask(hints, table);
    }
    if let Some((at, line)) = &hints.shown
        && *at == table.history.len()
    {
        ui.label(egui::RichText::new(line).color(GOLD));
    }
}

/// Whether a log line is a wave's review (kept out of the panel's headline).
pub fn is_review(line: &str) -> bool {
    line.starts_with(hint::REVIEW_PREFIX)
}
