//! What the editor shows on the table: a gold ring round the selected piece
//! (and, while it is dragged, where it came from), a red ring round each
//! piece a problem concerns, and the dragged piece's model carried under the
//! pointer.

use bevy::prelude::*;

use super::Editing;
use super::mouse::{pieces, place_of};
use crate::editor::Severity;
use crate::physics::build::piece_id;
use crate::physics::pieces::{PieceId, SpawnedTown};
use crate::scenario::town::PieceList;
use crate::window::flick_table::session::FlickSession;

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
            // The dragged piece's problems ring it where it is carried.
            let carried = editing
                .dragging
                .filter(|(d, _)| *d == piece)
                .map(|(_, to)| to);
            if let Some(c) = carried.or_else(|| place_of(town, piece)) {
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

/// The dragged piece's model follows the pointer, snapped as it will land;
/// let go, it takes the table's pose again (the town laid out anew when the
/// piece moved, where it was when it did not).
pub fn carry_the_dragged_piece(
    editing: Res<Editing>,
    session: Res<FlickSession>,
    spawned: Res<SpawnedTown>,
    mut transforms: Query<&mut Transform>,
    mut carried: Local<Option<PieceId>>,
) {
    let town = editing.town.town();
    let now = editing
        .dragging
        .and_then(|(piece, to)| Some((piece_id(town, piece)?, place_of(town, piece)?, to)));
    if carried.is_none() && now.is_none() {
        return;
    }
    let poses = session.shown_poses();
    let mut put = |id: PieceId, shift: Vec3| {
        if let (Some(e), Some(&(t, r))) = (spawned.entity(id), poses.get(id.0 as usize))
            && let Ok(mut tf) = transforms.get_mut(e)
        {
            tf.translation = t + shift;
            tf.rotation = r;
        }
    };
    if let Some(before) = *carried
        && now.is_none_or(|(id, _, _)| id != before)
    {
        put(before, Vec3::ZERO);
    }
    *carried = now.map(|(id, _, _)| id);
    if let Some((id, from, to)) = now {
        put(id, Vec3::new(to.0 - from.0, 0.0, to.1 - from.1) / 100.0);
    }
}
