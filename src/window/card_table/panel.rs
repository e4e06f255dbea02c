//! The card table's panels: the game's status, what you can do now (a button
//! for each legal action no card click stands for), why a click was refused,
//! the card under the pointer spelled out, the log. The words on the table
//! are [`super::labels`]'.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::input::{Hovered, SlotPlan};
use super::now::SceneNow;
use super::scene::CardArt;
use crate::cards::TableGame;
use crate::cards::core::Turn;
use crate::tables::cards::session::{CardIntent, CardTable};
use crate::window::Screen;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::EguiWantsPointer;
use crate::window::shell::style::{GOLD, PROBLEM};

/// The side panel.
#[allow(clippy::too_many_arguments)]
pub fn show_card_panel<G: TableGame>(
    mut contexts: EguiContexts,
    table: Option<ResMut<CardTable<G>>>,
    now: Res<SceneNow<G>>,
    hovered: Res<Hovered>,
    art: Option<Res<CardArt>>,
    mut plan: ResMut<SlotPlan<G>>,
    mut wants: ResMut<EguiWantsPointer>,
    mut dock: ResMut<Dock>,
    mut intents: MessageWriter<CardIntent<G>>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<crate::keys::Bindings>,
    mut hints: ResMut<super::hint::HintNow<G>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(mut table) = table else {
        return Ok(());
    };
    let rest = dock.rest();
    dock.section(ctx, G::TITLE, true, |ui| {
        egui::ScrollArea::vertical()
            .max_height(rest)
            .show(ui, |ui| {
                if ui.button("Leave to the menu").clicked() {
                    next.set(Screen::Menu);
                }
                show_status(ui, &table);
                ui.separator();
                let you = table.awaiting_you();
                for action in show_turn(ui, &table, &now, you, &keys) {
                    intents.write(CardIntent { seat: you, action });
                }
                super::hint::show_hint(ui, &table, &mut hints, &keys);
                if !now.scene.slots.is_empty() && you.is_some() && show_line_up(ui, &now, &plan) {
                    plan.lay();
                }
                show_refusal_and_roll(ui, &table);
                show_hovered_card(ui, &table, &now, &hovered, art.as_deref());
                ui.separator();
                show_pace_and_log(ui, &mut table);
            });
    });
    wants.0 = ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    Ok(())
}

/// The game's status lines and, folded, what the other seats showed.
fn show_status<G: TableGame>(ui: &mut egui::Ui, table: &CardTable<G>) {
    for line in table.game.status(table.viewer) {
        ui.label(line);
    }
    let notes = table.game.notes(table.viewer);
    if !notes.is_empty() {
        egui::CollapsingHeader::new("What the others showed").show(ui, |ui| {
            for line in &notes {
                ui.label(egui::RichText::new(line).size(12.0));
            }
        });
    }
}

/// Whose turn it is and, on yours, what you can do; returns the actions clicked.
fn show_turn<G: TableGame>(
    ui: &mut egui::Ui,
    table: &CardTable<G>,
    now: &SceneNow<G>,
    you: Option<crate::cards::core::Seat>,
    keys: &crate::keys::Bindings,
) -> Vec<G::Action> {
    match (table.game.turn(), you) {
        (Turn::Over, _) => {
            ui.label(
                egui::RichText::new(table.game.summary())
                    .color(GOLD)
                    .strong(),
            );
        }
        (_, Some(_)) if table.wave.is_some() => show_slap_wave(ui, table),
        (_, Some(_)) if table.staging.is_none() => return choose_actions(ui, table, now),
        (_, Some(_)) => {
            ui.label(keys.fill("The game is turned over pair by pair… ({SkipAnimation} skips)"));
        }
        (Turn::Player(_), _) if table.clock.is_some() => {
            ui.label(if table.tossing.pending.is_some() {
                "Your toss goes when your hand is free…"
            } else {
                "The others are tossing…"
            });
        }
        (Turn::Player(s), _) => {
            ui.label(format!("Seat {s} ({}) is deciding…", table.seats[s]));
        }
        (Turn::Chance, _) => {
            ui.label(if table.die.is_some() {
                "The die is rolling…"
            } else {
                "Dealing…"
            });
        }
    }
    Vec::new()
}

/// The open slap wave: its clock and where your pistol-finger points.
fn show_slap_wave<G: TableGame>(ui: &mut egui::Ui, table: &CardTable<G>) {
    let wave = table.wave.as_ref().expect("a wave");
    ui.label(
        egui::RichText::new(format!("SLAP! {} ms", wave.now_ms()))
            .color(GOLD)
            .strong(),
    );
    let aim = table
        .aim
        .map_or("nobody (a slap on the card misses)".to_string(), |s| {
            format!("seat {s} ({})", table.seats[s])
        });
    ui.label(format!(
        "Pointing at {aim}: keys 1–7 or a click on a gang's cards point, 0 lowers."
    ));
    ui.weak("Click the card to slap it, a free home base to take cover; do nothing to hold.");
}

/// Your move: a button per legal action no card click or toss stands for; returns those clicked.
fn choose_actions<G: TableGame>(
    ui: &mut egui::Ui,
    table: &CardTable<G>,
    now: &SceneNow<G>,
) -> Vec<G::Action> {
    ui.label(egui::RichText::new("Your move").color(GOLD).strong());
    let clickable: Vec<&G::Action> = now
        .scene
        .cards
        .iter()
        .filter_map(|c| c.action.as_ref())
        .collect();
    let legal = table.game.legal_actions();
    if !clickable.is_empty() {
        ui.weak("Click a glowing card, or:");
    }
    // Tosses are flicks on the table, not buttons.
    let toss = |a: &G::Action| G::toss_at(a, 0).is_some();
    let mut chosen = Vec::new();
    for action in legal.iter().filter(|a| !clickable.contains(a) && !toss(a)) {
        let label = table.game.action_label(action, table.viewer);
        if ui.button(label).clicked() {
            chosen.push(action.clone());
        }
    }
    chosen
}

/// How full the line-up's slots are, and the button that lays it (true when clicked).
fn show_line_up<G: TableGame>(ui: &mut egui::Ui, now: &SceneNow<G>, plan: &SlotPlan<G>) -> bool {
    let filled = plan.slots.iter().flatten().count();
    ui.label(format!(
        "Line-up: {filled} of {} slots filled (drag cards into the slots, or click them in order)",
        now.scene.slots.len()
    ));
    ui.add_enabled(plan.is_full(), egui::Button::new("Lay the line-up"))
        .clicked()
}

/// Why the last intent was refused, and the last die read and what for.
fn show_refusal_and_roll<G: TableGame>(ui: &mut egui::Ui, table: &CardTable<G>) {
    if let Some(why) = &table.refused {
        ui.colored_label(PROBLEM, why);
    }
    if let Some((face, what)) = &table.last_roll
        && !what.is_empty()
    {
        ui.label(format!("Last roll: {face} ({what})"));
    }
}

/// The card under the pointer, spelled out: what a click does, and its face's words.
fn show_hovered_card<G: TableGame>(
    ui: &mut egui::Ui,
    table: &CardTable<G>,
    now: &SceneNow<G>,
    hovered: &Hovered,
    art: Option<&CardArt>,
) {
    let (Some(key), Some(art)) = (hovered.key, art) else {
        return;
    };
    let Some(card) = now.scene.cards.iter().find(|c| c.key == key) else {
        return;
    };
    ui.separator();
    if let Some(action) = &card.action {
        let label = table.game.action_label(action, table.viewer);
        ui.label(egui::RichText::new(format!("Click: {label}")).color(GOLD));
    }
    match card.face.and_then(|f| art.specs.get(f)) {
        Some(spec) => {
            ui.label(egui::RichText::new(&spec.title).strong());
            ui.label(format!("{} · {} {}", spec.subtitle, spec.big, spec.icons));
            for l in &spec.lines {
                ui.weak(l);
            }
        }
        None => {
            ui.weak("A card face down.");
        }
    }
}

/// The pace slider, the log's last line (not a wave's quiet review) and,
/// folded, the log's last 80 lines.
fn show_pace_and_log<G: TableGame>(ui: &mut egui::Ui, table: &mut CardTable<G>) {
    ui.horizontal(|ui| {
        ui.label("Pace");
        ui.add(egui::Slider::new(&mut table.pace, 0.0..=2.0).show_value(false));
    });
    if let Some(last) = table.log.iter().rev().find(|l| !super::hint::is_review(l)) {
        ui.label(egui::RichText::new(last).size(12.0));
    }
    egui::CollapsingHeader::new("Log").show(ui, |ui| {
        egui::ScrollArea::vertical()
            .max_height(260.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                let start = table.log.len().saturating_sub(80);
                for line in &table.log[start..] {
                    ui.label(egui::RichText::new(line).size(12.0));
                }
            });
    });
}
