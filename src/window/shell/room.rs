//! The room every table stands in: lights, the floor, the background colour,
//! and the wooden table itself (each table spawns one of its own).

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.13, 0.10, 0.08)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.95, 0.85),
            brightness: 350.0,
            ..default()
        })
        .add_systems(Startup, light_the_room);
}

fn light_the_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-0.6, 1.6, 0.9).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Name::new("Lamp"),
        PointLight {
            intensity: 60_000.0,
            range: 6.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(0.4, 1.2, -0.4),
    ));
    // The floor, far below the table.
    commands.spawn((
        Name::new("Floor"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(8.0, 8.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.22, 0.16, 0.12),
            perceptual_roughness: 0.9,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.75, 0.0),
    ));
}

/// A wooden table top of `size` (x, z) and `thickness`, its upper face at
/// y = thickness / 2, on four legs; returns the parent entity.
pub fn spawn_table(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    size: (f32, f32),
    thickness: f32,
) -> Entity {
    let top = meshes.add(Cuboid::new(size.0, thickness, size.1));
    let legs = meshes.add(Cuboid::new(0.06, 0.72, 0.06));
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.55, 0.36, 0.20),
        perceptual_roughness: 0.7,
        ..default()
    });
    let leg_wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.35, 0.22, 0.12),
        perceptual_roughness: 0.8,
        ..default()
    });
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
