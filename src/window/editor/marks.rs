//! What the editor draws on the table: a gold ring round the selected piece
//! (and, while it is dragged, where it will go), a red ring round each piece
//! a problem concerns.

use bevy::prelude::*;

use super::Editing;
use super::mouse::{pieces, place_of};
use crate::editor::Severity;
use crate::scenario::town::PieceList;

const GOLD: Color = Color::srgb(0.95, 0.78, 0.45);
const PROBLEM: Color = Color::srgb(1.0, 0.35, 0.3);
const WARNING: Color = Color::srgb(1.0, 0.75, 0.3);

/// A ring's radius (m) round a piece of this list.
fn ring(list: PieceList) -> f32 {
    match list {
        PieceList::Buildings => 0.11,
        PieceList::Gallows => 0.07,
        PieceList::Props => 0.03,
        PieceList::Figures | PieceList::Discs => 0.018,
    }
}

fn at(cm: (f32, f32)) -> Vec3 {
    Vec3::new(cm.0 / 100.0, 0.002, cm.1 / 100.0)
}

pub fn draw_marks(editing: Res<Editing>, mut gizmos: Gizmos) {
    let town = editing.town.town();
    let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    for p in &editing.problems {
        let colour = match p.severity {
            Severity::Error => PROBLEM,
            Severity::Warning => WARNING,
        };
        for piece in [p.piece, p.other].into_iter().flatten() {
            if let Some(c) = place_of(town, piece) {
                gizmos.circle(
                    Isometry3d::new(at(c), flat),
                    ring(piece.list) * 1.15,
                    colour,
                );
            }
        }
    }
    if let Some(sel) = editing.selected
        && let Some((_, c, facing)) = pieces(town).into_iter().find(|(p, _, _)| *p == sel)
    {
        let r = ring(sel.list);
        gizmos.circle(Isometry3d::new(at(c), flat), r, GOLD);
        // Which way it faces.
        let f = facing.to_radians();
        let ahead = at(c) + Vec3::new(f.sin(), 0.0, f.cos()) * r * 1.4;
        gizmos.line(at(c), ahead, GOLD);
    }
    if let Some((piece, to)) = editing.dragging {
        let r = ring(piece.list);
        gizmos.circle(Isometry3d::new(at(to), flat), r, GOLD.with_alpha(0.6));
        if let Some(from) = place_of(town, piece) {
            gizmos.line(at(from), at(to), GOLD.with_alpha(0.6));
        }
    }
}
