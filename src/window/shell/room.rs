//! The room every table stands in: a saloon's back room (plank floor, board
//! walls with a wainscot, a lamp hanging over the table), a warm key light
//! whose shadows are sized to the table, and the wooden table itself (each
//! table spawns one of its own). What is lit and shadowed follows the
//! [`Graphics`] setting.

use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster};
use bevy::prelude::*;

use super::look::{Graphics, Look};

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.10, 0.07, 0.05)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.86, 0.68),
            brightness: 260.0,
            ..default()
        })
        .add_systems(Startup, (light_the_room, build_the_room));
}

/// The floor's height (the table's top is at 0).
pub const FLOOR_Y: f32 = -0.75;
/// Half the room's width and depth.
const ROOM_HALF: f32 = 2.2;
const ROOM_HEIGHT: f32 = 2.6;
/// The lamp's bulb above the table's middle.
const LAMP_Y: f32 = 0.95;

fn light_the_room(mut commands: Commands, graphics: Res<Graphics>) {
    // The key light: warm afternoon light through a window at the player's left.
    commands.spawn((
        Name::new("Key light"),
        DirectionalLight {
            color: Color::srgb(1.0, 0.88, 0.72),
            illuminance: 7_500.0,
            shadow_maps_enabled: graphics.key_shadows(),
            ..default()
        },
        // Shadows sized to the table: one cascade out to 3 m (two at high).
        CascadeShadowConfigBuilder {
            num_cascades: if *graphics == Graphics::High { 2 } else { 1 },
            minimum_distance: 0.1,
            maximum_distance: 3.0,
            first_cascade_far_bound: 1.4,
            overlap_proportion: 0.2,
        }
        .build(),
        Transform::from_xyz(-0.9, 1.7, 0.7).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    if graphics.lamp() {
        commands.spawn((
            Name::new("Lamp light"),
            PointLight {
                color: Color::srgb(1.0, 0.78, 0.50),
                intensity: 90_000.0,
                range: 5.0,
                radius: 0.03,
                shadow_maps_enabled: *graphics == Graphics::High,
                ..default()
            },
            Transform::from_xyz(0.0, LAMP_Y - 0.02, 0.0),
        ));
    }
}

/// The floor, the four walls with their wainscot and skirting, and the lamp
/// hanging from the ceiling over the table.
fn build_the_room(
    mut commands: Commands,
    look: Res<Look>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let room = commands
        .spawn((
            Name::new("Room"),
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    let floor = commands
        .spawn((
            Name::new("Floor"),
            Mesh3d(
                meshes.add(with_tangents(
                    Plane3d::default()
                        .mesh()
                        .size(2.0 * ROOM_HALF, 2.0 * ROOM_HALF)
                        .build(),
                )),
            ),
            MeshMaterial3d(look.floor.clone()),
            Transform::from_xyz(0.0, FLOOR_Y, 0.0),
        ))
        .id();
    commands.entity(room).add_child(floor);
    // The floor, walls and wainscot are normal-mapped (their boards' seams).
    let wall = meshes.add(with_tangents(
        Plane3d::new(Vec3::Z, Vec2::new(ROOM_HALF, ROOM_HEIGHT / 2.0))
            .mesh()
            .build(),
    ));
    let wainscot = meshes.add(with_tangents(
        Cuboid::new(2.0 * ROOM_HALF, 0.9, 0.02).into(),
    ));
    let rail = meshes.add(Cuboid::new(2.0 * ROOM_HALF, 0.04, 0.05));
    for k in 0..4 {
        let turn = Quat::from_rotation_y(k as f32 * std::f32::consts::FRAC_PI_2);
        let back = turn * Vec3::new(0.0, 0.0, -ROOM_HALF);
        let at = |y: f32, inset: f32| Transform {
            translation: back * (1.0 - inset / ROOM_HALF) + Vec3::Y * y,
            rotation: turn,
            ..default()
        };
        // The boards, the wainscot over them, the rail along its top.
        let parts = [
            (&wall, &look.wall, FLOOR_Y + ROOM_HEIGHT / 2.0, 0.0),
            (&wainscot, &look.wainscot, FLOOR_Y + 0.45, 0.01),
            (&rail, &look.table_top, FLOOR_Y + 0.91, 0.025),
        ]
        .map(|(mesh, material, y, inset)| {
            commands
                .spawn((
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material.clone()),
                    at(y, inset),
                ))
                .id()
        });
        commands.entity(room).add_children(&parts);
    }
    // The lamp: a cord from the ceiling, a brass shade, a glowing bulb.
    let ceiling = FLOOR_Y + ROOM_HEIGHT;
    let bulb = materials.add(StandardMaterial {
        base_color: Color::srgb(1.0, 0.9, 0.7),
        emissive: LinearRgba::rgb(8.0, 5.5, 2.8),
        ..default()
    });
    let cord = materials.add(StandardMaterial {
        base_color: Color::srgb(0.08, 0.07, 0.06),
        ..default()
    });
    let cord_len = ceiling - (LAMP_Y + 0.08);
    let lamp = [
        commands
            .spawn((
                Name::new("Lamp cord"),
                // Above the view: its shadow on the table would be a blot.
                NotShadowCaster,
                Mesh3d(meshes.add(Cylinder::new(0.004, cord_len))),
                MeshMaterial3d(cord),
                Transform::from_xyz(0.0, LAMP_Y + 0.08 + cord_len / 2.0, 0.0),
            ))
            .id(),
        commands
            .spawn((
                Name::new("Lamp shade"),
                NotShadowCaster,
                Mesh3d(meshes.add(ConicalFrustum {
                    radius_top: 0.03,
                    radius_bottom: 0.17,
                    height: 0.12,
                })),
                MeshMaterial3d(look.brass.clone()),
                Transform::from_xyz(0.0, LAMP_Y + 0.03, 0.0),
            ))
            .id(),
        commands
            .spawn((
                Name::new("Lamp bulb"),
                NotShadowCaster,
                Mesh3d(meshes.add(Sphere::new(0.035))),
                MeshMaterial3d(bulb),
                Transform::from_xyz(0.0, LAMP_Y - 0.03, 0.0),
            ))
            .id(),
    ];
    commands.entity(room).add_children(&lamp);
}

/// A wooden table top of `size` (x, z) and `thickness`, its upper face at
/// y = thickness / 2, on four legs; returns the parent entity.
pub fn spawn_table(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    look: &Look,
    size: (f32, f32),
    thickness: f32,
) -> Entity {
    let top = meshes.add(Cuboid::new(size.0, thickness, size.1));
    let legs = meshes.add(Cuboid::new(0.06, 0.72, 0.06));
    let wood = look.table_top.clone();
    let leg_wood = look.table_legs.clone();
    commands
        .spawn((
            Name::new("Table"),
            Transform::default(),
            Visibility::default(),
        ))
        .with_children(|p| {
            p.spawn((Mesh3d(top), MeshMaterial3d(wood)));
            for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                p.spawn((
                    Mesh3d(legs.clone()),
                    MeshMaterial3d(leg_wood.clone()),
                    Transform::from_xyz(
                        x * (size.0 / 2.0 - 0.06),
                        -0.36 - thickness / 2.0,
                        z * (size.1 / 2.0 - 0.06),
                    ),
                ));
            }
        })
        .id()
}

/// A mesh with tangents, for a normal-mapped material (a built-in shape
/// always has what they are made from; without, the mesh as it is).
fn with_tangents(mesh: Mesh) -> Mesh {
    let plain = mesh.clone();
    mesh.with_generated_tangents().unwrap_or(plain)
}
