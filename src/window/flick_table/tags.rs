//! Where the name tags go over the town: each stands above its piece, moved
//! (up, or up and aside) just enough to clear the tags already placed and the figures it would
//! otherwise cover (a tag never hides a cowboy behind its own). Pure
//! geometry on egui rectangles, unit-tested; [`super::hud`] draws them.

use bevy_egui::egui::{Rect, vec2};

/// A tag to place: where it would stand (centred above its piece), and the
/// index of its own piece among the obstacles, if it is one.
#[derive(Clone, Copy, Debug)]
pub struct Tag {
    pub rect: Rect,
    pub own: Option<usize>,
}

/// Places `tags` in order (the caller puts the nearest first: they keep
/// their spots), each moved the least it must — up, or up and aside, never
/// down over its own piece; at most `reach` pixels each way — until it
/// overlaps no tag placed before it and no piece of `pieces` but its own;
/// where nothing in reach is free it stays where it was.
pub fn place_tags(tags: &[Tag], pieces: &[Rect], reach: f32) -> Vec<Rect> {
    // The moves to try, nearest first (upward before sideways at a tie).
    let steps = (reach / 2.0) as i32;
    let mut moves: Vec<(f32, f32)> = (0..=steps)
        .flat_map(|up| (-steps..=steps).map(move |side| (side as f32 * 2.0, -(up as f32) * 2.0)))
        .collect();
    moves.sort_by(|a, b| {
        let cost = |m: &(f32, f32)| m.0.abs() * 1.5 + m.1.abs();
        cost(a).total_cmp(&cost(b))
    });
    let mut placed: Vec<Rect> = Vec::with_capacity(tags.len());
    for tag in tags {
        let blocked = |r: Rect| {
            placed.iter().any(|p| p.intersects(r))
                || pieces
                    .iter()
                    .enumerate()
                    .any(|(i, p)| Some(i) != tag.own && p.intersects(r))
        };
        let free = moves
            .iter()
            .map(|&(x, y)| tag.rect.translate(vec2(x, y)))
            .find(|r| !blocked(*r));
        placed.push(free.unwrap_or(tag.rect));
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui::pos2;

    fn r(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect::from_min_max(pos2(x0, y0), pos2(x1, y1))
    }

    #[test]
    fn tags_lift_clear_of_each_other_and_of_other_figures() {
        // Two cowboys side by side, their tags overlapping; a third
        // cowboy stands behind the first, where its tag would lie.
        let pieces = [
            r(98.0, 300.0, 108.0, 340.0),
            r(130.0, 305.0, 140.0, 345.0),
            r(95.0, 270.0, 105.0, 292.0),
        ];
        let tags = [
            Tag {
                rect: r(110.0, 290.0, 170.0, 304.0),
                own: Some(1),
            },
            Tag {
                rect: r(75.0, 285.0, 135.0, 299.0),
                own: Some(0),
            },
        ];
        let placed = place_tags(&tags, &pieces, 60.0);
        // The first (nearest) keeps its spot; the second clears it and the
        // cowboy behind, lifted no more than it must.
        assert_eq!(placed[0], tags[0].rect);
        assert!(!placed[1].intersects(placed[0]), "{placed:?}");
        assert!(!placed[1].intersects(pieces[2]), "{placed:?}");
        assert!(placed[1].bottom() <= tags[1].rect.bottom());
        assert!(
            placed[1].bottom() >= pieces[2].top() - 2.0 - 14.0,
            "{placed:?}"
        );
        // A tag already clear does not move; nothing in reach: it stays.
        let alone = place_tags(&tags[..1], &pieces, 60.0);
        assert_eq!(alone[0], tags[0].rect);
        let wall = [r(0.0, 0.0, 500.0, 500.0)];
        assert_eq!(place_tags(&tags[..1], &wall, 60.0)[0], tags[0].rect);
    }
}
