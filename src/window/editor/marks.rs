//! What the editor shows on the table: a gold outline round the selected
//! piece's model (and, while it is dragged, a ring where it will land and a
//! line from where it came), a red ring round each piece a problem concerns,
//! and the dragged piece's model carried under the pointer.

use bevy::camera::primitives::Aabb;
use bevy::prelude::*;

use super::Editing;
use super::mouse::place_of;
use crate::editor::Severity;
use crate::physics::build::piece_id;
use crate::physics::pieces::{PieceId, SpawnedTown};
use crate::scenario::town::PieceList;
use crate::tables::flick::session::FlickSession;

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

/// The box round a piece's model in the piece's own frame (a transform
/// scaling the unit cube to it, a few millimetres clear of the model):
/// every mesh of the piece and of its parts, each its bounds where it is
/// drawn. `None` when nothing of it has bounds yet.
pub fn outline_box(
    piece: &GlobalTransform,
    meshes: &[(GlobalTransform, Aabb)],
) -> Option<Transform> {
    let into_piece = piece.affine().inverse();
    let mut corners = meshes.iter().flat_map(|(at, bounds)| {
        let (c, h) = (Vec3::from(bounds.center), Vec3::from(bounds.half_extents));
        (0..8).map(move |i| {
            let sign = Vec3::new(
                if i & 1 == 0 { -1.0 } else { 1.0 },
                if i & 2 == 0 { -1.0 } else { 1.0 },
                if i & 4 == 0 { -1.0 } else { 1.0 },
            );
            into_piece.transform_point3(at.transform_point(c + sign * h))
        })
    });
    let first = corners.next()?;
    let (min, max) = corners.fold((first, first), |(lo, hi), p| (lo.min(p), hi.max(p)));
    const CLEAR: f32 = 0.003;
    Some(Transform {
        translation: (min + max) / 2.0,
        scale: max - min + Vec3::splat(2.0 * CLEAR),
        ..default()
    })
}

/// Every mesh with bounds in a piece's entity and below it (its parts and
/// their meshes).
fn meshes_of(
    root: Entity,
    tree: &Query<(&GlobalTransform, Option<&Aabb>, Option<&Children>)>,
) -> Vec<(GlobalTransform, Aabb)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        let Ok((at, bounds, children)) = tree.get(e) else {
            continue;
        };
        if let Some(b) = bounds {
            out.push((*at, *b));
        }
        stack.extend(children.into_iter().flat_map(|c| c.iter()));
    }
    out
}

pub fn draw_marks(
    editing: Res<Editing>,
    spawned: Option<Res<SpawnedTown>>,
    tree: Query<(&GlobalTransform, Option<&Aabb>, Option<&Children>)>,
    mut gizmos: Gizmos,
) {
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
        && let Some((c, facing)) = town.placement(sel)
    {
        let r = ring(sel.list);
        // The outline of its model where it is drawn (carried, while it
        // is dragged); a ring until the model has its bounds.
        let model = spawned
            .as_ref()
            .and_then(|s| s.entity(piece_id(town, sel)?))
            .and_then(|e| {
                let (piece, _, _) = tree.get(e).ok()?;
                Some(piece.mul_transform(outline_box(piece, &meshes_of(e, &tree))?))
            });
        match model {
            Some(outline) => gizmos.cube(outline, GOLD),
            None => {
                gizmos.circle(Isometry3d::new(at(c), flat), r, GOLD);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outline_holds_every_part_of_the_model_in_the_pieces_own_frame() {
        // A piece turned a quarter about the vertical, 1 m east: a wall
        // 20 cm wide (its own x) and a block beside it.
        let piece = GlobalTransform::from(
            Transform::from_xyz(1.0, 0.0, 0.0)
                .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)),
        );
        let wall = Aabb::from_min_max(Vec3::new(-0.1, 0.0, -0.01), Vec3::new(0.1, 0.15, 0.01));
        let block = Aabb::from_min_max(Vec3::splat(-0.01), Vec3::splat(0.01));
        // The block drawn 5 cm behind the wall, in the piece's frame.
        let block_at = piece.mul_transform(Transform::from_xyz(0.0, 0.01, -0.05));
        let b = outline_box(&piece, &[(piece, wall), (block_at, block)]).unwrap();
        let near = |a: Vec3, b: Vec3| (a - b).length() < 1e-5;
        // In the piece's frame: the wall's 20 cm along its own x, from the
        // block's back (-6 cm) to the wall's front (+1 cm), 3 mm clear.
        assert!(
            near(b.scale, Vec3::new(0.206, 0.156, 0.076)),
            "{:?}",
            b.scale
        );
        assert!(
            near(b.translation, Vec3::new(0.0, 0.075, -0.025)),
            "{:?}",
            b.translation
        );
        // Drawn round the piece where it stands: its corners hold the wall's.
        let drawn = piece.mul_transform(b);
        let far_end = drawn.transform_point(Vec3::new(0.5, 0.5, 0.5));
        let wall_end = piece.transform_point(Vec3::new(0.1, 0.15, 0.01));
        assert!(near(
            far_end,
            wall_end + piece.rotation() * Vec3::splat(0.003)
        ));
        assert!(outline_box(&piece, &[]).is_none());
    }
}
