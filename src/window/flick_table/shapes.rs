//! The pieces' render meshes, each drawn over its calibrated collider and
//! kept inside it (a test measures every vertex against the collider): the
//! game's wooden cowboys in a gunslinger's stance with a brimmed hat, turned
//! discs with bevels, barrels with staves and hoops, saguaro cacti, rail
//! fences, tumbleweeds, the gallows with its steps, and the buildings'
//! cardboard fronts with their stepped roof line. Pure meshes, built from
//! the physics profile: no App, no GPU.
//!
//! Each mesh is in its piece's (or building part's) own frame, the frame the
//! physics gives its collider.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::math::primitives::{Capsule3d, Sphere, Torus};
use bevy::mesh::{Indices, Mesh, MeshBuilder, Meshable, PrimitiveTopology};

use crate::window::shell::meshes::triangles;
use bevy::prelude::*;

use crate::scenario::PhysicsProfile;
use crate::window::shell::textures::ROOF_STEPS;

/// Segments around a turned piece.
const AROUND: usize = 24;

/// A mesh made of parts, merged as they are added.
struct Parts(Mesh);

impl Parts {
    fn new() -> Self {
        Parts(
            Mesh::new(
                PrimitiveTopology::TriangleList,
                RenderAssetUsages::default(),
            )
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, Vec::<[f32; 3]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, Vec::<[f32; 3]>::new())
            .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, Vec::<[f32; 2]>::new())
            .with_inserted_indices(Indices::U32(Vec::new())),
        )
    }

    fn add(&mut self, mesh: Mesh, at: Transform) -> &mut Self {
        let mut mesh = mesh.transformed_by(at);
        // Only what every part has (position, normal, UV): primitives may add more.
        mesh.remove_attribute(Mesh::ATTRIBUTE_TANGENT);
        mesh.remove_attribute(Mesh::ATTRIBUTE_COLOR);
        if let Some(Indices::U16(i)) = mesh.indices() {
            let wide: Vec<u32> = i.iter().map(|k| *k as u32).collect();
            mesh.insert_indices(Indices::U32(wide));
        }
        self.0
            .merge(&mesh)
            .expect("parts of one mesh share their layout");
        self
    }

    fn done(self) -> Mesh {
        self.0
    }
}

/// A surface turned about the vertical axis from a profile of (radius, y)
/// points, bottom to top and counter-clockwise (out along the bottom, up the
/// side, in across the top); each stretch of the profile is shaded flat
/// along it and smooth around. `scale_z` squeezes it front to back (an oval
/// hat brim). With `staves`, the texture runs up the piece (a barrel's boards)
/// instead of round it.
fn lathe(profile: &[(f32, f32)], scale_z: f32, staves: bool) -> Mesh {
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let length: f32 = profile
        .windows(2)
        .map(|w| Vec2::from(w[0]).distance(Vec2::from(w[1])))
        .sum::<f32>()
        .max(1e-6);
    let mut walked = 0.0;
    for w in profile.windows(2) {
        let (a, b) = (Vec2::from(w[0]), Vec2::from(w[1]));
        let t = b - a;
        if t.length() < 1e-9 {
            continue;
        }
        let n = Vec2::new(t.y, -t.x).normalize();
        let base = positions.len() as u32;
        for (p, along) in [(a, walked), (b, walked + t.length())] {
            for s in 0..=AROUND {
                let angle = s as f32 / AROUND as f32 * TAU;
                let (sin, cos) = angle.sin_cos();
                positions.push([p.x * cos, p.y, p.x * sin * scale_z]);
                let normal = Vec3::new(n.x * cos, n.y, n.x * sin / scale_z).normalize();
                normals.push(normal.to_array());
                let (u, v) = (s as f32 / AROUND as f32, along / length);
                uvs.push(if staves { [v, u] } else { [u, v] });
            }
        }
        walked += t.length();
        let ring = AROUND as u32 + 1;
        for s in 0..AROUND as u32 {
            let (i0, i1) = (base + s, base + s + 1);
            let (j0, j1) = (i0 + ring, i1 + ring);
            indices.extend_from_slice(&[i0, j0, i1, i1, j0, j1]);
        }
    }
    triangles(positions, normals, uvs, indices)
}

/// A box with its texture mapped flat from the front (u across x, v down
/// y, over `span`, a rectangle of the part's front in its own frame), seen
/// the right way round from the back too: printed cardboard. With `atlas`,
/// the front's print is the texture's upper half and the back's its lower.
fn printed_box(min: Vec3, max: Vec3, span: (Vec2, Vec2), atlas: bool) -> Mesh {
    let (lo, hi) = span;
    let uv = |p: Vec3| [(p.x - lo.x) / (hi.x - lo.x), (hi.y - p.y) / (hi.y - lo.y)];
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices = Vec::new();
    let mut quad = |corners: [Vec3; 4], normal: Vec3, mirrored: bool| {
        let base = positions.len() as u32;
        for c in corners {
            positions.push(c.to_array());
            normals.push(normal.to_array());
            let [u, v] = uv(c);
            // The back is printed too: its print reads from behind.
            let v = match (atlas, mirrored) {
                (false, _) => v,
                (true, false) => v * 0.5,
                (true, true) => 0.5 + v * 0.5,
            };
            uvs.push([if mirrored { 1.0 - u } else { u }, v]);
        }
        indices.extend_from_slice(&[base, base + 1, base + 2, base + 2, base + 3, base]);
    };
    // Each face: its normal, its corners (as min/max picks per axis, counter-
    // clockwise seen from outside) and whether its print is seen from behind.
    let faces: [(Vec3, [[bool; 3]; 4], bool); 6] = [
        (
            Vec3::Z,
            [
                [false, false, true],
                [true, false, true],
                [true, true, true],
                [false, true, true],
            ],
            false,
        ),
        (
            -Vec3::Z,
            [
                [true, false, false],
                [false, false, false],
                [false, true, false],
                [true, true, false],
            ],
            true,
        ),
        (
            Vec3::X,
            [
                [true, false, true],
                [true, false, false],
                [true, true, false],
                [true, true, true],
            ],
            false,
        ),
        (
            -Vec3::X,
            [
                [false, false, false],
                [false, false, true],
                [false, true, true],
                [false, true, false],
            ],
            false,
        ),
        (
            Vec3::Y,
            [
                [false, true, true],
                [true, true, true],
                [true, true, false],
                [false, true, false],
            ],
            false,
        ),
        (
            -Vec3::Y,
            [
                [false, false, false],
                [true, false, false],
                [true, false, true],
                [false, false, true],
            ],
            false,
        ),
    ];
    let pick = |[x, y, z]: [bool; 3]| {
        Vec3::new(
            if x { max.x } else { min.x },
            if y { max.y } else { min.y },
            if z { max.z } else { min.z },
        )
    };
    for (normal, corners, mirrored) in faces {
        quad(corners.map(pick), normal, mirrored);
    }
    triangles(positions, normals, uvs, indices)
}

/// A plain box from `min` to `max`.
fn block(min: Vec3, max: Vec3) -> Mesh {
    printed_box(min, max, (min.xy(), max.xy()), false)
}

/// A rounded rod from `a` to `b`.
fn rod(a: Vec3, b: Vec3, radius: f32) -> (Mesh, Transform) {
    let along = b - a;
    let mesh = Capsule3d::new(radius, along.length())
        .mesh()
        .longitudes(12)
        .latitudes(6)
        .build();
    let at = Transform::from_translation((a + b) / 2.0)
        .with_rotation(Quat::from_rotation_arc(Vec3::Y, along.normalize()));
    (mesh, at)
}

/// The figure's wooden body in a gunslinger's stance: square base, legs
/// apart, a shaped torso, arms bent with the hands by the holsters, neck and
/// head; origin at the base's bottom (the collider's frame).
pub fn figure_body(p: &PhysicsProfile) -> Mesh {
    let f = &p.pieces.figure;
    let w = f.body_radius;
    let d = f.body_radius * crate::physics::build::FIGURE_DEPTH;
    let y0 = f.base_height;
    let h = f.body_height;
    let head_y = y0 + h + f.head_radius * 0.8;
    let mut parts = Parts::new();
    // The square base, a hair inside the collider's.
    let b = f.base_radius * 0.97;
    parts.add(
        block(Vec3::new(-b, 0.0, -b), Vec3::new(b, f.base_height, b)),
        Transform::IDENTITY,
    );
    // Legs apart: feet wide on the base, hips together.
    let leg_r = w * 0.32;
    for side in [-1.0, 1.0] {
        let (m, at) = rod(
            Vec3::new(side * w * 0.52, y0 + leg_r, 0.0),
            Vec3::new(side * w * 0.30, y0 + h * 0.47, 0.0),
            leg_r,
        );
        parts.add(m, at);
    }
    // The torso, turned: hips, waist, chest, shoulders, an oval front to back.
    let torso = [
        (0.0, y0 + h * 0.44),
        (w * 0.58, y0 + h * 0.44),
        (w * 0.62, y0 + h * 0.52),
        (w * 0.52, y0 + h * 0.62),
        (w * 0.66, y0 + h * 0.82),
        (w * 0.62, y0 + h * 0.93),
        (w * 0.28, y0 + h * 0.99),
        (0.0, y0 + h * 0.99),
    ];
    parts.add(lathe(&torso, d / w * 0.85, false), Transform::IDENTITY);
    // Arms bent at the elbow, hands hovering by the hips.
    let arm_r = w * 0.2;
    for side in [-1.0, 1.0] {
        let shoulder = Vec3::new(side * w * 0.62, y0 + h * 0.88, 0.0);
        let elbow = Vec3::new(side * (w - arm_r * 1.05), y0 + h * 0.68, -d * 0.15);
        let hand = Vec3::new(side * (w - arm_r * 1.3), y0 + h * 0.5, d * 0.2);
        for (a, b) in [(shoulder, elbow), (elbow, hand)] {
            let (m, at) = rod(a, b, arm_r);
            parts.add(m, at);
        }
    }
    // Neck and head.
    let (m, at) = rod(
        Vec3::new(0.0, y0 + h * 0.95, 0.0),
        Vec3::new(0.0, head_y - f.head_radius * 0.5, 0.0),
        w * 0.24,
    );
    parts.add(m, at);
    parts.add(
        Sphere::new(f.head_radius * 0.82).mesh().uv(16, 10),
        Transform::from_xyz(0.0, head_y, 0.0),
    );
    parts.done()
}

/// The cowboy hat: an oval brim curled up at the sides and a dented crown,
/// in the figure's frame (the collider's hat box).
pub fn figure_hat(p: &PhysicsProfile) -> Mesh {
    let f = &p.pieces.figure;
    let head_y = f.base_height + f.body_height + f.head_radius * 0.8;
    let hat_y = head_y + f.head_radius * 0.7 + f.hat_height / 2.0;
    let (r, hh) = (f.hat_radius, f.hat_height / 2.0);
    let crown = f.head_radius * 0.86;
    let profile = [
        (0.0, -hh * 0.9),
        (r * 0.93, -hh * 0.95),
        (r * 0.99, -hh * 0.55),
        (r * 0.95, -hh * 0.35),
        (crown * 1.05, -hh * 0.6),
        (crown, hh * 0.55),
        (crown * 0.84, hh * 0.95),
        (crown * 0.45, hh * 0.72),
        (0.0, hh * 0.8),
    ];
    let squeeze = crate::physics::build::FIGURE_DEPTH * 0.99;
    lathe(&profile, squeeze, false).transformed_by(Transform::from_xyz(0.0, hat_y, 0.0))
}

/// A turned disc (the movement disc or a bullet) with bevelled edges and a
/// ring cut in its top, centred (the collider's frame).
pub fn turned_disc(radius: f32, height: f32, edge: f32) -> Mesh {
    // A hair inside the collider (a shared surface would draw one over the other).
    let (r, h, e) = (radius * 0.995, height / 2.0 * 0.99, edge.min(height / 2.0));
    let profile = [
        (0.0, -h),
        (r - e, -h),
        (r - e * 0.3, -h + e * 0.3),
        (r, -h + e),
        (r, h - e),
        (r - e * 0.3, h - e * 0.3),
        (r - e, h),
        (r * 0.72, h),
        (r * 0.69, h - e * 0.4),
        (r * 0.66, h),
        (0.0, h),
    ];
    lathe(&profile, 1.0, false)
}

/// A barrel's staves: bellied in the middle, the chime proud of the heads;
/// centred (the collider's frame). The texture runs up the staves.
pub fn barrel_staves(radius: f32, height: f32) -> Mesh {
    let (r, h) = (radius, height / 2.0);
    let mut profile = vec![(0.0, -h * 0.94), (r * 0.82, -h * 0.94), (r * 0.86, -h)];
    for k in 0..=8 {
        let y = -h + 2.0 * h * k as f32 / 8.0;
        let t = y / h;
        profile.push((r * (0.86 + 0.14 * (1.0 - t * t)), y));
    }
    profile.extend_from_slice(&[(r * 0.82, h * 0.94), (0.0, h * 0.94)]);
    lathe(&profile, 1.0, true)
}

/// The barrel's iron hoops, a little proud of the staves.
pub fn barrel_hoops(radius: f32, height: f32) -> Mesh {
    let h = height / 2.0;
    let mut parts = Parts::new();
    for y in [-0.8, -0.55, 0.55, 0.8] {
        let at = y * h;
        let t = y;
        let belly = radius * (0.86 + 0.14 * (1.0 - t * t)) + 0.0003;
        let band = [
            (belly - 0.0004, at - 0.0012),
            (belly, at - 0.0011),
            (belly, at + 0.0011),
            (belly - 0.0004, at + 0.0012),
        ];
        parts.add(lathe(&band, 1.0, false), Transform::IDENTITY);
    }
    parts.done()
}

/// A saguaro: a ribbed trunk with a domed top and two arms reaching out
/// (the collider's arms are level bars); origin at the foot.
pub fn cactus(p: &PhysicsProfile) -> Mesh {
    let c = &p.pieces.cactus;
    let (r, h) = (c.trunk_radius, c.trunk_height);
    let trunk = [
        (0.0, 0.0),
        (r * 0.95, 0.0),
        (r * 0.98, h * 0.85),
        (r * 0.85, h * 0.95),
        (r * 0.5, h * 0.995),
        (0.0, h),
    ];
    let mut parts = Parts::new();
    parts.add(lathe(&trunk, 1.0, false), Transform::IDENTITY);
    let arm_y = c.trunk_height * 0.55;
    let reach = r + c.arm_length;
    let ar = c.arm_radius * 0.95;
    for (side, y) in [(-1.0, arm_y), (1.0, arm_y + c.arm_radius * 2.0)] {
        let (m, at) = rod(
            Vec3::new(side * r * 0.5, y - ar * 0.15, 0.0),
            Vec3::new(side * (reach - ar), y + ar * 0.05, 0.0),
            ar,
        );
        parts.add(m, at);
    }
    parts.done()
}

/// A rail fence: three posts and two rails, centred (the collider's box).
pub fn fence(size: (f32, f32, f32)) -> Mesh {
    let (x, y, z) = (size.0 / 2.0, size.1 / 2.0, size.2 / 2.0);
    let mut parts = Parts::new();
    let post = z * 0.9;
    for px in [-x + post, 0.0, x - post] {
        parts.add(
            block(
                Vec3::new(px - post, -y, -post),
                Vec3::new(px + post, y * 0.86, post),
            ),
            Transform::IDENTITY,
        );
        // A pointed cap.
        let cap = [(0.0, y * 0.86), (post * 1.2, y * 0.86), (0.0, y)];
        parts.add(
            lathe(&cap, 1.0, false),
            Transform::from_xyz(px, 0.0, 0.0).with_scale(Vec3::new(0.8, 1.0, 0.8)),
        );
    }
    for ry in [-y * 0.35, y * 0.45] {
        parts.add(
            block(
                Vec3::new(-x, ry - y * 0.17, z * 0.1),
                Vec3::new(x, ry + y * 0.17, z),
            ),
            Transform::IDENTITY,
        );
    }
    parts.done()
}

/// A tumbleweed: thin loops of brush in every direction, inside its ball.
pub fn tumbleweed(radius: f32) -> Mesh {
    let mut parts = Parts::new();
    let golden = 2.399_963_3_f32;
    for k in 0..14 {
        let big = k % 3 != 2;
        let major = radius * if big { 0.74 } else { 0.48 };
        let minor = radius * 0.055;
        let ring = Torus::new(major - minor, major + minor)
            .mesh()
            .minor_resolution(5)
            .major_resolution(20)
            .build();
        // Axes spread over the sphere (a golden spiral), shifted off centre
        // for the small loops.
        let z = 1.0 - 2.0 * (k as f32 + 0.5) / 14.0;
        let around = golden * k as f32;
        let axis = Vec3::new(
            (1.0 - z * z).sqrt() * around.cos(),
            z,
            (1.0 - z * z).sqrt() * around.sin(),
        );
        let shift = if big {
            Vec3::ZERO
        } else {
            axis.any_orthonormal_vector() * radius * 0.35
        };
        parts.add(
            ring,
            Transform::from_translation(shift)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, axis)),
        );
    }
    parts.done()
}

/// The gallows' woodwork: a planked platform on corner posts with three
/// steps up its side, the upright and the beam; origin at the foot.
pub fn gallows(p: &PhysicsProfile) -> Mesh {
    let g = &p.pieces.gallows;
    let (px, py, pz) = (
        g.platform_size.0 / 2.0,
        g.platform_size.1,
        g.platform_size.2 / 2.0,
    );
    let mut parts = Parts::new();
    let deck_end = px * 0.4;
    // The deck and its skirt.
    parts.add(
        block(Vec3::new(-px, py * 0.86, -pz), Vec3::new(deck_end, py, pz)),
        Transform::IDENTITY,
    );
    let leg = g.post_width * 0.5;
    for (x, z) in [
        (-px + leg, -pz + leg),
        (-px + leg, pz - leg),
        (deck_end - leg, -pz + leg),
        (deck_end - leg, pz - leg),
    ] {
        parts.add(
            block(
                Vec3::new(x - leg, 0.0, z - leg),
                Vec3::new(x + leg, py * 0.86, z + leg),
            ),
            Transform::IDENTITY,
        );
    }
    parts.add(
        block(
            Vec3::new(-px, py * 0.3, -pz),
            Vec3::new(deck_end, py * 0.5, -pz + leg * 0.6),
        ),
        Transform::IDENTITY,
    );
    // Three steps up the open side.
    let steps = 3;
    let run = (px - deck_end) / steps as f32;
    for k in 0..steps {
        let x1 = px - run * k as f32;
        let top = py * (k + 1) as f32 / (steps + 1) as f32;
        parts.add(
            block(
                Vec3::new(x1 - run, top - py * 0.1, -pz * 0.6),
                Vec3::new(x1, top, pz * 0.6),
            ),
            Transform::IDENTITY,
        );
        parts.add(
            block(
                Vec3::new(x1 - run * 0.3, 0.0, -pz * 0.6),
                Vec3::new(x1 - run * 0.1, top, -pz * 0.45),
            ),
            Transform::IDENTITY,
        );
    }
    // The upright and the beam.
    let post_x = -px + g.post_width;
    let hw = g.post_width / 2.0;
    parts.add(
        block(
            Vec3::new(post_x - hw, py, -hw),
            Vec3::new(post_x + hw, py + g.post_height, hw),
        ),
        Transform::IDENTITY,
    );
    let top = py + g.post_height;
    parts.add(
        block(
            Vec3::new(post_x - hw, top - g.post_width, -hw),
            Vec3::new(post_x + g.beam_length, top, hw),
        ),
        Transform::IDENTITY,
    );
    parts.done()
}

/// The noose: a rope hanging from the beam's end and its loop. Soft, as in
/// the box: the one part of a piece drawn outside its collider (a bullet
/// passes through a rope on the table too).
pub fn gallows_rope(p: &PhysicsProfile) -> Mesh {
    let g = &p.pieces.gallows;
    let px = g.platform_size.0 / 2.0;
    let post_x = -px + g.post_width;
    let x = post_x + g.beam_length - 0.005;
    let top = g.platform_size.1 + g.post_height - g.post_width;
    let mut parts = Parts::new();
    let (m, at) = rod(
        Vec3::new(x, top, 0.0),
        Vec3::new(x, top - 0.03, 0.0),
        0.0012,
    );
    parts.add(m, at);
    parts.add(
        Torus::new(0.0035, 0.006)
            .mesh()
            .minor_resolution(6)
            .major_resolution(16)
            .build(),
        Transform::from_xyz(x, top - 0.036, 0.0).with_rotation(Quat::from_rotation_x(TAU / 4.0)),
    );
    parts.done()
}

/// A support block, centred (the collider's box), a hair inside it.
pub fn support_block(size: (f32, f32, f32)) -> Mesh {
    let h = Vec3::new(size.0, size.1, size.2) / 2.0 * 0.99;
    block(-h, h)
}

/// A building's cardboard front: a board of the facade's size with the
/// stepped false front cut out of its top corners; its print mapped across
/// it, the front from the texture's upper half, the back from its lower. Centred (the collider's box).
pub fn facade(size: (f32, f32, f32)) -> Mesh {
    let (w, h, d) = (size.0 / 2.0, size.1 / 2.0, size.2 / 2.0);
    let span = (Vec2::new(-w, -h), Vec2::new(w, h));
    // Columns of the front, each as tall as the roof line there.
    let (outer, inner) = (ROOF_STEPS[0], ROOF_STEPS[1]);
    let columns = [
        (0.0, outer.0, outer.1),
        (outer.0, inner.0, inner.1),
        (inner.0, 1.0 - inner.0, 0.0),
        (1.0 - inner.0, 1.0 - outer.0, inner.1),
        (1.0 - outer.0, 1.0, outer.1),
    ];
    let mut parts = Parts::new();
    for (a, b, drop) in columns {
        let x0 = -w + 2.0 * w * a;
        let x1 = -w + 2.0 * w * b;
        let top = h - 2.0 * h * drop;
        parts.add(
            printed_box(Vec3::new(x0, -h, -d), Vec3::new(x1, top, d), span, true),
            Transform::IDENTITY,
        );
    }
    parts.done()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::build;
    use bevy::mesh::VertexAttributeValues;
    use bevy_rapier3d::rapier::prelude::SharedShape;

    fn positions(mesh: &Mesh) -> Vec<Vec3> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|p| Vec3::from(*p)).collect(),
            _ => panic!("a mesh with positions"),
        }
    }

    /// The farthest a vertex of `mesh` lies outside `shape` (metres).
    fn farthest_outside(mesh: &Mesh, shape: &SharedShape) -> f32 {
        positions(mesh)
            .into_iter()
            .map(|p| shape.distance_to_local_point(p, true))
            .fold(0.0, f32::max)
    }

    /// Every triangle faces the way its vertices' normals say (outward).
    fn faces_out(mesh: &Mesh) -> bool {
        let p = positions(mesh);
        let Some(VertexAttributeValues::Float32x3(n)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            return false;
        };
        let Some(Indices::U32(idx)) = mesh.indices() else {
            return false;
        };
        idx.chunks(3).all(|t| {
            let (a, b, c) = (p[t[0] as usize], p[t[1] as usize], p[t[2] as usize]);
            let face = (b - a).cross(c - a);
            let normal = Vec3::from(n[t[0] as usize])
                + Vec3::from(n[t[1] as usize])
                + Vec3::from(n[t[2] as usize]);
            face.length() < 1e-12 || face.dot(normal) > 0.0
        })
    }

    const TOLERANCE: f32 = 0.001;

    #[test]
    fn every_render_mesh_stays_within_a_millimetre_of_its_collider() {
        let p = PhysicsProfile::load_default().unwrap();
        let pc = &p.pieces;
        let cuboid = |s: (f32, f32, f32)| SharedShape::cuboid(s.0 / 2.0, s.1 / 2.0, s.2 / 2.0);
        let cases: Vec<(&str, Mesh, SharedShape)> = vec![
            ("figure", figure_body(&p), build::figure_shape(&p)),
            ("hat", figure_hat(&p), build::figure_shape(&p)),
            (
                "movement disc",
                turned_disc(
                    pc.movement_disc.radius,
                    pc.movement_disc.height,
                    pc.movement_disc.edge_radius,
                ),
                build::disc_shape(
                    pc.movement_disc.radius,
                    pc.movement_disc.height,
                    pc.movement_disc.edge_radius,
                ),
            ),
            (
                "bullet",
                turned_disc(pc.bullet.radius, pc.bullet.height, pc.bullet.edge_radius),
                build::disc_shape(pc.bullet.radius, pc.bullet.height, pc.bullet.edge_radius),
            ),
            (
                "barrel",
                barrel_staves(pc.barrel.radius, pc.barrel.height),
                build::prop_shape(&p, crate::scenario::town::PropKind::Barrel),
            ),
            (
                "hoops",
                barrel_hoops(pc.barrel.radius, pc.barrel.height),
                build::prop_shape(&p, crate::scenario::town::PropKind::Barrel),
            ),
            (
                "cactus",
                cactus(&p),
                build::prop_shape(&p, crate::scenario::town::PropKind::Cactus),
            ),
            (
                "fence",
                fence(pc.fence.size),
                build::prop_shape(&p, crate::scenario::town::PropKind::Fence),
            ),
            (
                "tumbleweed",
                tumbleweed(pc.tumbleweed.radius),
                build::prop_shape(&p, crate::scenario::town::PropKind::Tumbleweed),
            ),
            ("gallows", gallows(&p), build::gallows_shape(&p)),
            (
                "support block",
                support_block(pc.building.block_size),
                cuboid(pc.building.block_size),
            ),
            (
                "facade",
                facade(pc.building.facade_size),
                cuboid(pc.building.facade_size),
            ),
        ];
        for (name, mesh, shape) in &cases {
            let out = farthest_outside(mesh, shape);
            assert!(
                out <= TOLERANCE,
                "{name}: a vertex {:.2} mm outside its collider",
                out * 1000.0
            );
            assert!(faces_out(mesh), "{name}: a triangle faces inward");
            assert!(positions(mesh).len() > 8, "{name}: an empty mesh");
        }
        // The rope is the one soft part drawn outside: it hangs below the beam.
        let rope = farthest_outside(&gallows_rope(&p), &build::gallows_shape(&p));
        assert!(rope > TOLERANCE && rope < 0.05, "{rope}");
    }

    #[test]
    fn the_measure_finds_a_mesh_that_pokes_out() {
        // The old cactus arms rose 2 cm above the collider's level bars.
        let p = PhysicsProfile::load_default().unwrap();
        let c = &p.pieces.cactus;
        let shape = build::prop_shape(&p, crate::scenario::town::PropKind::Cactus);
        let (m, at) = rod(
            Vec3::new(c.trunk_radius + c.arm_length, c.trunk_height * 0.55, 0.0),
            Vec3::new(
                c.trunk_radius + c.arm_length,
                c.trunk_height * 0.55 + 0.02,
                0.0,
            ),
            c.arm_radius,
        );
        let mut parts = Parts::new();
        parts.add(m, at);
        assert!(farthest_outside(&parts.done(), &shape) > 0.01);
    }
}
