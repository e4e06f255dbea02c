//! The dice on the card table: the felt tray and the die, whose throw (simulated
//! on Rapier by the session, step by step) is replayed here at real speed; the
//! face it rests on is what the rules are told.

use bevy::prelude::*;

use super::faces::Pixels;
use super::scene::to_image;
use crate::cards::TableGame;
use crate::cards::table_layout::{DICE_SCALE, TRAY_AT};
use crate::physics::dice::FACES;
use crate::scenario::profile::DiceSpec;
use crate::tables::cards::session::CardTable;
use crate::window::Screen;

/// The die on the table.
#[derive(Component)]
pub struct DieSprite;

/// Pips of a die face `n` in a cell of the atlas (unit square coordinates).
fn pips(n: u8) -> &'static [(f32, f32)] {
    match n {
        1 => &[(0.5, 0.5)],
        2 => &[(0.27, 0.27), (0.73, 0.73)],
        3 => &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4 => &[(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5 => &[
            (0.25, 0.25),
            (0.75, 0.25),
            (0.5, 0.5),
            (0.25, 0.75),
            (0.75, 0.75),
        ],
        _ => &[
            (0.27, 0.22),
            (0.73, 0.22),
            (0.27, 0.5),
            (0.73, 0.5),
            (0.27, 0.78),
            (0.73, 0.78),
        ],
    }
}

/// A 3 × 2 atlas of the six faces, ivory with dark pips (a red one).
pub fn pip_atlas() -> Pixels {
    let cell = 96u32;
    let mut img = Pixels::new(cell * 3, cell * 2, [238, 230, 210, 255]);
    for n in 1..=6u8 {
        let (cx, cy) = (
            ((n - 1) % 3) as i32 * cell as i32,
            ((n - 1) / 3) as i32 * cell as i32,
        );
        img.frame(
            cx,
            cy,
            cx + cell as i32,
            cy + cell as i32,
            2,
            [200, 190, 170, 255],
        );
        let colour = if n == 1 {
            [170, 20, 20, 255]
        } else {
            [25, 20, 18, 255]
        };
        let r = if n == 1 { 13.0 } else { 9.5 };
        for &(u, v) in pips(n) {
            let (px, py) = (cx as f32 + u * cell as f32, cy as f32 + v * cell as f32);
            for y in (py - r) as i32..=(py + r) as i32 {
                for x in (px - r) as i32..=(px + r) as i32 {
                    let d = ((x as f32 + 0.5 - px).powi(2) + (y as f32 + 0.5 - py).powi(2)).sqrt();
                    if d <= r {
                        img.fill_rect(x, y, x + 1, y + 1, colour);
                    }
                }
            }
        }
    }
    img
}

/// A cube of edge `size` whose face along each body axis shows its number
/// from [`FACES`] (so the rules' reading and the picture agree).
pub fn die_mesh(size: f32) -> Mesh {
    let h = size / 2.0;
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices = Vec::new();
    for (axis, n) in FACES {
        // Two tangents spanning the face, right-handed with the normal.
        let t1 = if axis.y.abs() > 0.5 { Vec3::X } else { Vec3::Y };
        let t2 = axis.cross(t1);
        let (u0, v0) = (((n - 1) % 3) as f32 / 3.0, ((n - 1) / 3) as f32 / 2.0);
        let base = positions.len() as u32;
        for (a, b) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let p = axis * h + t1 * a * h + t2 * b * h;
            positions.push(p.to_array());
            normals.push(axis.to_array());
            uvs.push([u0 + (a + 1.0) / 2.0 / 3.0, v0 + (b + 1.0) / 2.0 / 2.0]);
        }
        // Counter-clockwise seen from outside: t1 × t2 = axis.
        indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    super::mesh::build(positions, normals, uvs, indices)
}

/// The tray (felt floor, wooden walls) and the die, for a game with dice.
#[expect(clippy::type_complexity, reason = "a Bevy system's parameters")]
pub fn place_dice_tray(
    screen: Screen,
    spec: DiceSpec,
) -> impl FnMut(Commands, ResMut<Assets<Mesh>>, ResMut<Assets<StandardMaterial>>, ResMut<Assets<Image>>)
{
    move |mut commands, mut meshes, mut materials, mut images| {
        let felt = materials.add(StandardMaterial {
            base_color: Color::srgb(0.45, 0.08, 0.08),
            perceptual_roughness: 1.0,
            ..default()
        });
        let wood = materials.add(StandardMaterial {
            base_color: Color::srgb(0.30, 0.18, 0.09),
            perceptual_roughness: 0.7,
            ..default()
        });
        let (hx, hz) = (spec.tray_size.0 / 2.0, spec.tray_size.1 / 2.0);
        let (w, h) = (spec.wall_thickness, spec.wall_height);
        commands
            .spawn((
                Name::new("Dice tray"),
                Transform::from_translation(TRAY_AT).with_scale(Vec3::splat(DICE_SCALE)),
                Visibility::default(),
                DespawnOnExit(screen),
            ))
            .with_children(|p| {
                p.spawn((
                    Mesh3d(meshes.add(Cuboid::new(
                        spec.tray_size.0 + 2.0 * w,
                        0.004,
                        spec.tray_size.1 + 2.0 * w,
                    ))),
                    MeshMaterial3d(felt),
                    Transform::from_xyz(0.0, -0.0015, 0.0),
                ));
                for (centre, size) in [
                    (
                        Vec3::new(-hx - w / 2.0, h / 2.0, 0.0),
                        Vec3::new(w, h, 2.0 * (hz + w)),
                    ),
                    (
                        Vec3::new(hx + w / 2.0, h / 2.0, 0.0),
                        Vec3::new(w, h, 2.0 * (hz + w)),
                    ),
                    (
                        Vec3::new(0.0, h / 2.0, -hz - w / 2.0),
                        Vec3::new(2.0 * hx, h, w),
                    ),
                    (
                        Vec3::new(0.0, h / 2.0, hz + w / 2.0),
                        Vec3::new(2.0 * hx, h, w),
                    ),
                ] {
                    p.spawn((
                        Mesh3d(meshes.add(Cuboid::new(size.x, size.y, size.z))),
                        MeshMaterial3d(wood.clone()),
                        Transform::from_translation(centre),
                    ));
                }
            });
        let atlas = images.add(to_image(&pip_atlas()));
        commands.spawn((
            Name::new("Die"),
            DieSprite,
            Mesh3d(meshes.add(die_mesh(spec.size))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color_texture: Some(atlas),
                perceptual_roughness: 0.35,
                ..default()
            })),
            Transform::from_translation(
                TRAY_AT + Vec3::new(0.0, spec.size / 2.0, 0.0) * DICE_SCALE,
            )
            .with_scale(Vec3::splat(DICE_SCALE)),
            DespawnOnExit(screen),
        ));
    }
}

/// Replays the throw in flight, step by step at the simulation's own rate.
pub fn roll_die_on_screen<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    mut die: Query<&mut Transform, With<DieSprite>>,
) {
    let (Some(table), Ok(mut transform)) = (table, die.single_mut()) else {
        return;
    };
    let Some(flight) = &table.die else { return };
    let path = &flight.roll.path;
    if path.is_empty() {
        return;
    }
    let i = ((flight.t / table.dice.spec.dt) as usize).min(path.len() - 1);
    let (p, r) = path[i];
    transform.translation = TRAY_AT + p * DICE_SCALE;
    transform.rotation = r;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_die_picture_shows_the_number_the_rules_read() {
        // The face whose normal points up in the mesh carries the atlas cell of
        // its number, and that cell holds that many pips.
        let mesh = die_mesh(0.016);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(normals)) =
            mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            panic!()
        };
        let Some(bevy::mesh::VertexAttributeValues::Float32x2(uvs)) =
            mesh.attribute(Mesh::ATTRIBUTE_UV_0)
        else {
            panic!()
        };
        let atlas = pip_atlas();
        for (axis, n) in FACES {
            let i = normals.iter().position(|v| Vec3::from(*v) == axis).unwrap();
            let uv = uvs[i..i + 4]
                .iter()
                .fold(Vec2::ZERO, |s, u| s + Vec2::from(*u))
                / 4.0;
            let cell = ((uv.x * 3.0) as u8, (uv.y * 2.0) as u8);
            assert_eq!(cell.1 * 3 + cell.0 + 1, n, "face {n}");
            // Count pips in that cell: dark or red blobs along the cell.
            let (cx, cy) = (cell.0 as u32 * 96, cell.1 as u32 * 96);
            let mut blobs = 0;
            let mut seen = vec![false; 96 * 96];
            for y in 0..96 {
                for x in 0..96 {
                    let p = atlas.get(cx + x, cy + y);
                    let ink = p[1] < 100;
                    if ink && !seen[(y * 96 + x) as usize] {
                        blobs += 1;
                        let mut stack = vec![(x, y)];
                        while let Some((a, b)) = stack.pop() {
                            if a >= 96
                                || b >= 96
                                || seen[(b * 96 + a) as usize]
                                || atlas.get(cx + a, cy + b)[1] >= 100
                            {
                                continue;
                            }
                            seen[(b * 96 + a) as usize] = true;
                            stack.extend([
                                (a + 1, b),
                                (a.wrapping_sub(1), b),
                                (a, b + 1),
                                (a, b.wrapping_sub(1)),
                            ]);
                        }
                    }
                }
            }
            assert_eq!(blobs, n as usize, "pips on face {n}");
        }
    }
}
