//! The card's meshes: a thin rounded rectangle with a face on top (its texture
//! mapped whole) and a back underneath with the paper rim around it. A card
//! lying face up has the identity rotation, its top edge toward −z.

use bevy::prelude::*;

pub use crate::cards::table_layout::{CARD_H, CARD_T, CARD_W};
const CORNER: f32 = 0.004;
const CORNER_SEGMENTS: usize = 6;

/// The rounded outline in (x, z), going round with the angle θ increasing
/// (+x toward +z): each corner is a quarter circle.
fn outline() -> Vec<Vec2> {
    let (hx, hz) = (CARD_W / 2.0 - CORNER, CARD_H / 2.0 - CORNER);
    let corners = [(hx, hz), (-hx, hz), (-hx, -hz), (hx, -hz)];
    let mut v = Vec::new();
    for (k, (cx, cz)) in corners.into_iter().enumerate() {
        for i in 0..=CORNER_SEGMENTS {
            let a = (k as f32 + i as f32 / CORNER_SEGMENTS as f32) * std::f32::consts::FRAC_PI_2;
            v.push(Vec2::new(cx + CORNER * a.cos(), cz + CORNER * a.sin()));
        }
    }
    v
}

fn uv(p: Vec2) -> [f32; 2] {
    [p.x / CARD_W + 0.5, p.y / CARD_H + 0.5]
}

/// The face: a flat fan at y = +CARD_T/2, facing up.
pub fn face_mesh() -> Mesh {
    let ring = outline();
    let y = CARD_T / 2.0;
    let mut positions = vec![[0.0, y, 0.0]];
    let mut uvs = vec![[0.5, 0.5]];
    for p in &ring {
        positions.push([p.x, y, p.y]);
        uvs.push(uv(*p));
    }
    let n = ring.len() as u32;
    let mut indices = Vec::new();
    for i in 0..n {
        let (a, b) = (1 + i, 1 + (i + 1) % n);
        // Upward-facing triangles (counter-clockwise seen from +y).
        indices.extend([0, b, a]);
    }
    let normals = vec![[0.0, 1.0, 0.0]; positions.len()];
    build(positions, normals, uvs, indices)
}

/// The back at y = −CARD_T/2 facing down, with the rim around the edge.
pub fn back_mesh() -> Mesh {
    let ring = outline();
    let y = -CARD_T / 2.0;
    let mut positions = vec![[0.0, y, 0.0]];
    let mut normals = vec![[0.0, -1.0, 0.0]];
    // Seen from below the card is mirrored: flip u so the back's word reads right.
    let mirrored = |p: Vec2| [0.5 - p.x / CARD_W, p.y / CARD_H + 0.5];
    let mut uvs = vec![[0.5, 0.5]];
    for p in &ring {
        positions.push([p.x, y, p.y]);
        normals.push([0.0, -1.0, 0.0]);
        uvs.push(mirrored(*p));
    }
    let n = ring.len() as u32;
    let mut indices = Vec::new();
    for i in 0..n {
        let (a, b) = (1 + i, 1 + (i + 1) % n);
        indices.extend([0, a, b]);
    }
    // The rim: a quad per outline segment, facing outward, coloured by the
    // back texture's border pixel.
    for i in 0..ring.len() {
        let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
        let out = Vec2::new(q.y - p.y, -(q.x - p.x)).normalize_or_zero();
        let base = positions.len() as u32;
        for (pt, h) in [
            (p, -CARD_T / 2.0),
            (q, -CARD_T / 2.0),
            (q, CARD_T / 2.0),
            (p, CARD_T / 2.0),
        ] {
            positions.push([pt.x, h, pt.y]);
            normals.push([out.x, 0.0, out.y]);
            uvs.push([0.01, 0.01]);
        }
        // Wound to face outward.
        indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
    }
    build(positions, normals, uvs, indices)
}

pub use crate::window::shell::meshes::triangles as build;

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::Indices;

    #[test]
    fn the_outline_stays_inside_the_card_and_goes_round_it() {
        let ring = outline();
        for p in &ring {
            assert!(
                p.x.abs() <= CARD_W / 2.0 + 1e-6 && p.y.abs() <= CARD_H / 2.0 + 1e-6,
                "{p}"
            );
        }
        // The shoelace area: a rectangle less the four corners' cut-offs, and
        // positive one way round (the face's triangles all face up).
        let area: f32 = (0..ring.len())
            .map(|i| {
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                a.x * b.y - b.x * a.y
            })
            .sum::<f32>()
            / 2.0;
        let full = CARD_W * CARD_H - (4.0 - std::f32::consts::PI) * CORNER * CORNER;
        assert!((area.abs() - full).abs() < full * 0.01, "{area} vs {full}");
        let mesh = face_mesh();
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(pos)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let Some(Indices::U32(idx)) = mesh.indices() else {
            panic!("indices");
        };
        for t in idx.chunks(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| Vec3::from(pos[i as usize]));
            assert!(
                (b - a).cross(c - a).y >= -1e-9,
                "a face triangle faces down"
            );
        }
    }
}
