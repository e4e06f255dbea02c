//! The card table's panels: the game's status, what you can do now (a button
//! for each legal action no card click stands for), why a click was refused,
//! the card under the pointer spelled out, the log; and the words on the
//! table (seat names, scores, verdicts) drawn where the scene puts them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::input::{Hovered, SlotPlan};
use super::now::SceneNow;
use super::scene::{CardArt, CardSprite};
use crate::cards::TableGame;
use crate::cards::core::Turn;
use crate::tables::cards::session::{CardIntent, CardTable};
use crate::window::Screen;
use crate::window::shell::camera::TableCamera;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::EguiWantsPointer;
use crate::window::shell::style::{self, GOLD, PROBLEM};

/// Where a label goes when it would lie across a card: the nearest spot, in
/// 6-pixel steps up to `reach`, that covers no card and stays on `screen`
/// (at equal distance: away from the table's middle, `away`, before sideways,
/// sideways before back toward it); where there is none, where it was.
pub fn clear_of_cards(
    rect: egui::Rect,
    cards: &[egui::Rect],
    away: egui::Vec2,
    screen: egui::Rect,
    reach: f32,
) -> egui::Rect {
    let free = |r: egui::Rect| screen.contains_rect(r) && !cards.iter().any(|c| c.intersects(r));
    if !cards.iter().any(|c| c.intersects(rect)) {
        return rect;
    }
    let out = if away.length() > 1e-3 {
        away.normalized()
    } else {
        egui::vec2(0.0, 1.0)
    };
    let side = egui::vec2(-out.y, out.x);
    let steps = (reach / 6.0) as i32;
    (1..=steps)
        .flat_map(|k| [out, side, -side, -out].map(|d| rect.translate(d * 6.0 * k as f32)))
        .find(|r| free(*r))
        .unwrap_or(rect)
}

/// The screen rectangles of the cards on the table.
fn card_rects(
    camera: &Camera,
    cam_t: &GlobalTransform,
    cards: &Query<&GlobalTransform, With<CardSprite>>,
) -> Vec<egui::Rect> {
    let (w, h) = (super::mesh::CARD_W / 2.0, super::mesh::CARD_H / 2.0);
    cards
        .iter()
        .filter_map(|t| {
            let corners = [(-w, -h), (w, -h), (w, h), (-w, h)].map(|(x, z)| {
                camera.world_to_viewport(cam_t, t.transform_point(Vec3::new(x, 0.0, z)))
            });
            let mut points = corners.into_iter().flatten().map(|p| egui::pos2(p.x, p.y));
            let first = points.next()?;
            Some(points.fold(egui::Rect::from_min_max(first, first), |r, p| {
                r.union(egui::Rect::from_min_max(p, p))
            }))
        })
        .collect()
}

/// Seat names, scores and verdicts, painted over the 3D table, clear of the
/// cards and of each other (a seat's name does not lie across its hand).
pub fn label_table<G: TableGame>(
    mut contexts: EguiContexts,
    cameras: TableCamera,
    now: Res<SceneNow<G>>,
    table: Option<Res<CardTable<G>>>,
    dock: Res<Dock>,
    cards: Query<&GlobalTransform, With<CardSprite>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, cam_t)) = cameras.single() else {
        return Ok(());
    };
    // Words stay over the 3D view, never on the dock: a long verdict wraps
    // onto more lines rather than run off an edge.
    let screen = dock.free().shrink(4.0);
    let painter = ctx
        .layer_painter(egui::LayerId::background())
        .with_clip_rect(dock.free());
    // The clock, large at the top of the view.
    if let Some(table) = &table
        && let Some(now_ms) = table.clock_ms()
    {
        let text = super::tossing::clock_words(now_ms, &table.game);
        let galley = painter.layout_no_wrap(text, style::display(34.0), GOLD);
        let top = egui::pos2(screen.center().x, 34.0);
        let rect = egui::Align2::CENTER_CENTER
            .anchor_size(top, galley.size())
            .expand(6.0);
        painter.rect_filled(rect, 6.0, egui::Color32::from_black_alpha(180));
        painter.galley(rect.min + egui::vec2(6.0, 6.0), galley, GOLD);
    }
    // Cards, then each small label once placed: none covers another.
    let mut covered = card_rects(camera, cam_t, &cards);
    let middle = camera
        .world_to_viewport(cam_t, Vec3::ZERO)
        .map(|p| egui::pos2(p.x, p.y))
        .unwrap_or(screen.center());
    // The big words (verdicts, dice) stay where the scene puts them: they are
    // placed first, and the small ones kept off them too.
    let mut labels: Vec<_> = now.scene.labels.iter().collect();
    labels.sort_by_key(|l| !l.big);
    for label in labels {
        let Ok(pos) = camera.world_to_viewport(cam_t, label.at) else {
            continue;
        };
        let [r, g, b] = label.colour;
        let ink = egui::Color32::from_rgb(r, g, b);
        // A few big words in the display face; a sentence in the plain one.
        let font = match (label.big, label.text.chars().count() <= 28) {
            (true, true) => style::display(24.0),
            (true, false) => egui::FontId::proportional(21.0),
            (false, _) => egui::FontId::proportional(14.0),
        };
        // A long seat label wraps onto two lines rather than reach across
        // the next seat's.
        let widest = if label.big { 640.0 } else { 250.0 };
        let galley = painter.layout(
            label.text.clone(),
            font,
            ink,
            (screen.width() - 8.0).clamp(80.0, widest),
        );
        let mut rect = egui::Align2::CENTER_CENTER
            .anchor_size(egui::pos2(pos.x, pos.y), galley.size())
            .expand(3.0);
        // A label by the table's edge stays on the screen.
        rect = rect.translate(egui::vec2(
            (screen.left() - rect.left()).max(0.0) + (screen.right() - rect.right()).min(0.0),
            (screen.top() - rect.top()).max(0.0) + (screen.bottom() - rect.bottom()).min(0.0),
        ));
        // Off the cards (a verdict across the table may lie over them: it
        // is read and gone).
        if !label.big {
            let away = egui::pos2(pos.x, pos.y) - middle;
            // Near first; where nothing near is free, further (a crowded
            // side of the table).
            rect = clear_of_cards(rect, &covered, away, screen, 200.0);
        }
        covered.push(rect);
        painter.rect_filled(rect, 4.0, egui::Color32::from_black_alpha(170));
        painter.galley(rect.min + egui::vec2(3.0, 3.0), galley, ink);
    }
    Ok(())
}

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

/// The pace slider, the log's last line and, folded, the log's last 80 lines.
fn show_pace_and_log<G: TableGame>(ui: &mut egui::Ui, table: &mut CardTable<G>) {
    ui.horizontal(|ui| {
        ui.label("Pace");
        ui.add(egui::Slider::new(&mut table.pace, 0.0..=2.0).show_value(false));
    });
    if let Some(last) = table.log.last() {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x0: f32, y0: f32, x1: f32, y1: f32) -> egui::Rect {
        egui::Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1))
    }

    #[test]
    fn a_label_across_a_card_moves_off_it_away_from_the_middle() {
        let screen = r(0.0, 0.0, 1280.0, 800.0);
        // A tall card, a label across its middle: left or right are as near.
        let card = r(100.0, 300.0, 160.0, 560.0);
        let label = r(110.0, 430.0, 150.0, 450.0);
        // The label's seat is left of the middle: it moves further left.
        let moved = clear_of_cards(label, &[card], egui::vec2(-500.0, 0.0), screen, 90.0);
        assert!(!moved.intersects(card), "{moved:?}");
        assert!(screen.contains_rect(moved));
        assert!(moved.center().x < label.center().x, "{moved:?}");
        assert!((moved.center() - label.center()).length() <= 90.0);
        // Seated right of the middle: right.
        let moved = clear_of_cards(label, &[card], egui::vec2(500.0, 0.0), screen, 90.0);
        assert!(
            !moved.intersects(card) && moved.center().x > label.center().x,
            "{moved:?}"
        );
        // A wide label goes the shortest way off (up, here).
        let wide = r(90.0, 430.0, 190.0, 450.0);
        let short = r(100.0, 400.0, 160.0, 480.0);
        let moved = clear_of_cards(wide, &[short], egui::vec2(-500.0, 0.0), screen, 90.0);
        assert!(
            !moved.intersects(short) && moved.center().x == wide.center().x,
            "{moved:?}"
        );
        // A label already clear stays where it is.
        let clear = r(300.0, 100.0, 400.0, 120.0);
        assert_eq!(
            clear_of_cards(clear, &[card], egui::vec2(1.0, 0.0), screen, 90.0),
            clear
        );
        // Against the screen's edge it goes round the other ways.
        let edge = r(0.0, 430.0, 100.0, 450.0);
        let at_edge = r(0.0, 420.0, 120.0, 470.0);
        let moved = clear_of_cards(edge, &[at_edge], egui::vec2(-1.0, 0.0), screen, 90.0);
        assert!(
            !moved.intersects(at_edge) && screen.contains_rect(moved),
            "{moved:?}"
        );
        // Nowhere free within reach: where it was.
        let wall = r(0.0, 0.0, 1280.0, 800.0);
        assert_eq!(
            clear_of_cards(label, &[wall], egui::vec2(-1.0, 0.0), screen, 90.0),
            label
        );
    }
}
