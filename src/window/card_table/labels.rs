//! The words on the card table — seat names, scores, verdicts, the clock —
//! painted over the 3D view where the scene puts them, but never over a
//! card: a card the player may need to click is never hidden. Each label is
//! moved off the cards (the nearest free spot, away from the table's middle
//! first: a verdict across the middle goes beside the table); while a
//! real-time wave runs the big words are folded to the small size, and a
//! label with no free spot is not painted that frame (a verdict is also in the
//! panel; a seat's name or score comes back once there is room).
//! The rectangles painted are kept in [`TableLabels`] for the tests.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::now::SceneNow;
use super::scene::CardSprite;
use crate::cards::TableGame;
use crate::tables::cards::session::CardTable;
use crate::window::shell::camera::TableCamera;
use crate::window::shell::dock::Dock;
use crate::window::shell::style::{self, GOLD};

/// What was painted over the table in the last frame, in screen points.
#[derive(Resource, Debug, Clone, Default)]
pub struct TableLabels {
    /// The cards' rectangles.
    pub cards: Vec<egui::Rect>,
    /// Each label painted: its text, whether it was drawn big, its rectangle.
    pub labels: Vec<(String, bool, egui::Rect)>,
    /// Labels not painted: nowhere on the view clear of the cards.
    pub unplaced: Vec<String>,
}

/// Where a label goes when it would lie across a card: the nearest spot, in
/// 6-pixel steps up to `reach`, that covers no card and stays on `screen`
/// (at equal distance: away from the table's middle, `away`, before sideways,
/// sideways before back toward it); `None` where there is none.
pub fn clear_of_cards(
    rect: egui::Rect,
    cards: &[egui::Rect],
    away: egui::Vec2,
    screen: egui::Rect,
    reach: f32,
) -> Option<egui::Rect> {
    let free = |r: egui::Rect| screen.contains_rect(r) && !cards.iter().any(|c| c.intersects(r));
    if free(rect) {
        return Some(rect);
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

/// The face and the widest line of a label: a few big words in the display
/// face, a big sentence in the plain one, a small label (or a big one
/// folded while a wave runs) small.
fn font_of(text: &str, big: bool) -> (egui::FontId, f32) {
    match (big, text.chars().count() <= 28) {
        (true, true) => (style::display(24.0), 640.0),
        (true, false) => (egui::FontId::proportional(21.0), 640.0),
        // A long seat label wraps onto two lines rather than reach across
        // the next seat's.
        (false, _) => (egui::FontId::proportional(14.0), 250.0),
    }
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
    mut painted: ResMut<TableLabels>,
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
    let mut covered = card_rects(camera, cam_t, &cards);
    let mut out = TableLabels {
        cards: covered.clone(),
        ..default()
    };
    // The clock, large at the top of the view, clear of the cards too.
    if let Some(table) = &table
        && let Some(now_ms) = table.clock_ms()
    {
        let text = super::tossing::clock_words(now_ms, &table.game);
        let galley = painter.layout_no_wrap(text.clone(), style::display(34.0), GOLD);
        let top = egui::pos2(screen.center().x, 34.0);
        let rect = egui::Align2::CENTER_CENTER
            .anchor_size(top, galley.size())
            .expand(6.0);
        if let Some(rect) = clear_of_cards(rect, &covered, egui::vec2(0.0, -1.0), screen, 120.0) {
            painter.rect_filled(rect, 6.0, egui::Color32::from_black_alpha(180));
            painter.galley(rect.min + egui::vec2(6.0, 6.0), galley, GOLD);
            covered.push(rect);
            out.labels.push((text, true, rect));
        } else {
            out.unplaced.push(text);
        }
    }
    let middle = camera
        .world_to_viewport(cam_t, Vec3::ZERO)
        .map(|p| egui::pos2(p.x, p.y))
        .unwrap_or(screen.center());
    // While a wave runs every card may be wanted at once: big words fold small.
    let wave = table.as_ref().is_some_and(|t| t.wave.is_some());
    // The big words (verdicts, dice) are placed first, and the small ones
    // kept off them too.
    let mut labels: Vec<_> = now.scene.labels.iter().collect();
    labels.sort_by_key(|l| !l.big);
    for label in labels {
        let Ok(pos) = camera.world_to_viewport(cam_t, label.at) else {
            continue;
        };
        let [r, g, b] = label.colour;
        let ink = egui::Color32::from_rgb(r, g, b);
        let big = label.big && !wave;
        let (font, widest) = font_of(&label.text, big);
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
        // Off the cards: near first; where nothing near is free, further (a
        // verdict across the middle goes out beside the table).
        let away = egui::pos2(pos.x, pos.y) - middle;
        let reach = if label.big {
            screen.height().max(screen.width())
        } else {
            200.0
        };
        let Some(rect) = clear_of_cards(rect, &covered, away, screen, reach) else {
            out.unplaced.push(label.text.clone());
            continue;
        };
        covered.push(rect);
        painter.rect_filled(rect, 4.0, egui::Color32::from_black_alpha(170));
        painter.galley(rect.min + egui::vec2(3.0, 3.0), galley, ink);
        out.labels.push((label.text.clone(), big, rect));
    }
    *painted = out;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: f32, y: f32, w: f32, h: f32) -> egui::Rect {
        egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(w, h))
    }

    #[test]
    fn a_banner_across_the_middle_cards_goes_beside_them() {
        let screen = r(0.0, 0.0, 1000.0, 700.0);
        // Three cards in the middle, a banner laid across them.
        let cards = [
            r(400.0, 300.0, 60.0, 90.0),
            r(470.0, 300.0, 60.0, 90.0),
            r(540.0, 300.0, 60.0, 90.0),
        ];
        let banner = r(300.0, 330.0, 400.0, 30.0);
        let placed = clear_of_cards(banner, &cards, egui::vec2(0.0, 0.0), screen, 700.0)
            .expect("a free place");
        assert!(cards.iter().all(|c| !c.intersects(placed)), "{placed:?}");
        assert!(screen.contains_rect(placed));
        // The nearest: just below the cards (down first where there is no
        // way away from the middle), not across the screen.
        assert!(placed.top() >= 390.0 && placed.top() <= 396.0, "{placed:?}");
    }

    #[test]
    fn a_label_with_no_free_place_is_not_placed() {
        let screen = r(0.0, 0.0, 200.0, 100.0);
        let cards = [r(0.0, 0.0, 200.0, 100.0)];
        assert_eq!(
            clear_of_cards(
                r(50.0, 40.0, 60.0, 20.0),
                &cards,
                egui::vec2(1.0, 0.0),
                screen,
                400.0
            ),
            None
        );
        // Clear already: where it is.
        let free = r(10.0, 10.0, 20.0, 10.0);
        assert_eq!(
            clear_of_cards(
                free,
                &[r(100.0, 50.0, 10.0, 10.0)],
                egui::vec2(1.0, 0.0),
                screen,
                50.0
            ),
            Some(free)
        );
    }

    fn rr(x0: f32, y0: f32, x1: f32, y1: f32) -> egui::Rect {
        egui::Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1))
    }

    #[test]
    fn a_label_across_a_card_moves_off_it_away_from_the_middle() {
        let screen = rr(0.0, 0.0, 1280.0, 800.0);
        // A tall card, a label across its middle: left or right are as near.
        let card = rr(100.0, 300.0, 160.0, 560.0);
        let label = rr(110.0, 430.0, 150.0, 450.0);
        // The label's seat is left of the middle: it moves further left.
        let moved =
            clear_of_cards(label, &[card], egui::vec2(-500.0, 0.0), screen, 90.0).expect("free");
        assert!(!moved.intersects(card), "{moved:?}");
        assert!(screen.contains_rect(moved));
        assert!(moved.center().x < label.center().x, "{moved:?}");
        assert!((moved.center() - label.center()).length() <= 90.0);
        // Seated right of the middle: right.
        let moved =
            clear_of_cards(label, &[card], egui::vec2(500.0, 0.0), screen, 90.0).expect("free");
        assert!(
            !moved.intersects(card) && moved.center().x > label.center().x,
            "{moved:?}"
        );
        // A wide label goes the shortest way off (up, here).
        let wide = rr(90.0, 430.0, 190.0, 450.0);
        let short = rr(100.0, 400.0, 160.0, 480.0);
        let moved =
            clear_of_cards(wide, &[short], egui::vec2(-500.0, 0.0), screen, 90.0).expect("free");
        assert!(
            !moved.intersects(short) && moved.center().x == wide.center().x,
            "{moved:?}"
        );
        // A label already clear stays where it is.
        let clear = rr(300.0, 100.0, 400.0, 120.0);
        assert_eq!(
            clear_of_cards(clear, &[card], egui::vec2(1.0, 0.0), screen, 90.0),
            Some(clear)
        );
        // Against the screen's edge it goes round the other ways.
        let edge = rr(0.0, 430.0, 100.0, 450.0);
        let at_edge = rr(0.0, 420.0, 120.0, 470.0);
        let moved =
            clear_of_cards(edge, &[at_edge], egui::vec2(-1.0, 0.0), screen, 90.0).expect("free");
        assert!(
            !moved.intersects(at_edge) && screen.contains_rect(moved),
            "{moved:?}"
        );
        // Nowhere free within reach: nowhere.
        let wall = rr(0.0, 0.0, 1280.0, 800.0);
        assert_eq!(
            clear_of_cards(label, &[wall], egui::vec2(-1.0, 0.0), screen, 90.0),
            None
        );
    }
}
