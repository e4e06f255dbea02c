//! Meshes and materials: the town made visible.

use bevy::prelude::*;

use super::sets::FlickSystems;
use crate::physics::pieces::{
    DiscKind, Door, Hat, PartKind, Piece, PieceCollider, PieceKind, TableTop,
};
use crate::physics::table::Profile;
use crate::scenario::town::{BuildingKind, HatSide, PropKind, Team};
use crate::window::FrameSystems;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (dress_table, dress_pieces, paint_hats)
            .in_set(FrameSystems::Dress)
            .in_set(FlickSystems),
    );
}

/// Marks the mesh child that shows a figure's hat.
#[derive(Component)]
pub struct HatMesh;

fn mat(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    roughness: f32,
) -> MeshMaterial3d<StandardMaterial> {
    MeshMaterial3d(materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: roughness,
        ..default()
    }))
}

fn dress_table(
    mut commands: Commands,
    profile: Res<Profile>,
    tables: Query<Entity, Added<TableTop>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let t = &profile.0.table;
    for e in &tables {
        let furniture = crate::window::shell::room::spawn_table(
            &mut commands,
            &mut meshes,
            &mut materials,
            t.size,
            t.thickness,
        );
        commands.entity(e).add_child(furniture);
    }
}

fn team_colour(team: Team) -> Color {
    match team {
        Team::Lawmen => Color::srgb(0.86, 0.70, 0.48), // natural wood
        Team::Outlaws => Color::srgb(0.09, 0.08, 0.08), // black
        Team::Neutral => Color::srgb(0.55, 0.58, 0.62),
    }
}

pub fn hat_colour(hat: &Hat) -> Color {
    match (hat.number, hat.side) {
        (None, _) => Color::srgb(0.85, 0.82, 0.75),
        (Some(_), HatSide::Red) => Color::srgb(0.80, 0.10, 0.08),
        (Some(_), HatSide::Blue) => Color::srgb(0.10, 0.25, 0.80),
    }
}

pub fn building_colour(kind: BuildingKind) -> Color {
    match kind {
        BuildingKind::Sheriff => Color::srgb(0.78, 0.62, 0.32),
        BuildingKind::Bank => Color::srgb(0.42, 0.55, 0.45),
        BuildingKind::Saloon => Color::srgb(0.66, 0.26, 0.18),
        BuildingKind::GeneralStore => Color::srgb(0.52, 0.42, 0.64),
        BuildingKind::TownHall => Color::srgb(0.85, 0.82, 0.70),
        BuildingKind::Undertaker => Color::srgb(0.28, 0.28, 0.32),
    }
}

fn dress_pieces(
    mut commands: Commands,
    profile: Res<Profile>,
    pieces: Query<(Entity, &Piece, Option<&Hat>, Option<&Door>), Added<Piece>>,
    building_parts: Query<(Entity, &PieceCollider, &ChildOf), Added<PieceCollider>>,
    all_pieces: Query<&Piece>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let p = &profile.0.pieces;
    for (e, piece, hat, _door) in &pieces {
        match piece.kind {
            PieceKind::Disc(kind) => {
                let (d, colour) = match kind {
                    DiscKind::Movement => (&p.movement_disc, Color::srgb(0.93, 0.80, 0.58)),
                    DiscKind::Bullet => (&p.bullet, Color::srgb(0.45, 0.46, 0.48)),
                };
                let m = mat(&mut materials, colour, 0.6);
                commands
                    .entity(e)
                    .insert((Mesh3d(meshes.add(Cylinder::new(d.radius, d.height))), m));
            }
            PieceKind::Figure { team, .. } => {
                let f = &p.figure;
                let body = mat(&mut materials, team_colour(team), 0.6);
                let skin = mat(&mut materials, Color::srgb(0.90, 0.72, 0.55), 0.7);
                let hat_m = mat(
                    &mut materials,
                    hat.map(hat_colour).unwrap_or(Color::WHITE),
                    0.5,
                );
                let head_y = f.base_height + f.body_height + f.head_radius * 0.8;
                let hat_y = head_y + f.head_radius * 0.7 + f.hat_height / 2.0;
                let base = meshes.add(Cylinder::new(f.base_radius, f.base_height));
                let torso = meshes.add(Cuboid::new(
                    f.body_radius * 2.0,
                    f.body_height,
                    f.body_radius * 2.0 * crate::physics::build::FIGURE_DEPTH,
                ));
                let head = meshes.add(Sphere::new(f.head_radius));
                let brim = meshes.add(Cylinder::new(f.hat_radius, f.hat_height * 0.4));
                let crown = meshes.add(Cylinder::new(f.hat_radius * 0.6, f.hat_height));
                commands.entity(e).with_children(|c| {
                    c.spawn((
                        Mesh3d(base),
                        body.clone(),
                        Transform::from_xyz(0.0, f.base_height / 2.0, 0.0),
                    ));
                    c.spawn((
                        Mesh3d(torso),
                        body,
                        Transform::from_xyz(0.0, f.base_height + f.body_height / 2.0, 0.0),
                    ));
                    c.spawn((Mesh3d(head), skin, Transform::from_xyz(0.0, head_y, 0.0)));
                    c.spawn((
                        HatMesh,
                        Mesh3d(brim),
                        hat_m.clone(),
                        Transform::from_xyz(0.0, hat_y - f.hat_height * 0.3, 0.0),
                    ));
                    c.spawn((
                        HatMesh,
                        Mesh3d(crown),
                        hat_m,
                        Transform::from_xyz(0.0, hat_y + f.hat_height * 0.2, 0.0),
                    ));
                });
            }
            PieceKind::Building(_) => {} // dressed through its parts below
            PieceKind::Gallows => {
                let g = &p.gallows;
                let wood = mat(&mut materials, Color::srgb(0.30, 0.20, 0.12), 0.8);
                let (px, py, pz) = g.platform_size;
                let post_x = -px / 2.0 + g.post_width;
                let rope = mat(&mut materials, Color::srgb(0.75, 0.68, 0.45), 0.9);
                commands.entity(e).with_children(|c| {
                    c.spawn((
                        Mesh3d(meshes.add(Cuboid::new(px, py, pz))),
                        wood.clone(),
                        Transform::from_xyz(0.0, py / 2.0, 0.0),
                    ));
                    c.spawn((
                        Mesh3d(meshes.add(Cuboid::new(g.post_width, g.post_height, g.post_width))),
                        wood.clone(),
                        Transform::from_xyz(post_x, py + g.post_height / 2.0, 0.0),
                    ));
                    c.spawn((
                        Mesh3d(meshes.add(Cuboid::new(g.beam_length, g.post_width, g.post_width))),
                        wood,
                        Transform::from_xyz(
                            post_x + g.beam_length / 2.0,
                            py + g.post_height - g.post_width / 2.0,
                            0.0,
                        ),
                    ));
                    c.spawn((
                        Mesh3d(meshes.add(Cylinder::new(0.0015, 0.04))),
                        rope,
                        Transform::from_xyz(
                            post_x + g.beam_length - 0.005,
                            py + g.post_height - g.post_width - 0.02,
                            0.0,
                        ),
                    ));
                });
            }
            PieceKind::Prop(kind) => match kind {
                PropKind::Barrel => {
                    let d = &p.barrel;
                    let m = mat(&mut materials, Color::srgb(0.48, 0.30, 0.16), 0.7);
                    let hoop = mat(&mut materials, Color::srgb(0.25, 0.25, 0.27), 0.4);
                    commands
                        .entity(e)
                        .insert((Mesh3d(meshes.add(Cylinder::new(d.radius, d.height))), m));
                    commands.entity(e).with_children(|c| {
                        for y in [-0.3, 0.3] {
                            c.spawn((
                                Mesh3d(meshes.add(Cylinder::new(d.radius * 1.04, d.height * 0.08))),
                                hoop.clone(),
                                Transform::from_xyz(0.0, y * d.height, 0.0),
                            ));
                        }
                    });
                }
                PropKind::Cactus => {
                    let c = &p.cactus;
                    let green = mat(&mut materials, Color::srgb(0.25, 0.50, 0.22), 0.8);
                    let arm_y = c.trunk_height * 0.55;
                    let arm_x = c.trunk_radius + c.arm_length / 2.0;
                    commands.entity(e).with_children(|k| {
                        k.spawn((
                            Mesh3d(meshes.add(Cylinder::new(c.trunk_radius, c.trunk_height))),
                            green.clone(),
                            Transform::from_xyz(0.0, c.trunk_height / 2.0, 0.0),
                        ));
                        for (x, y) in [(-arm_x, arm_y), (arm_x, arm_y + c.arm_radius * 2.0)] {
                            k.spawn((
                                Mesh3d(meshes.add(Cuboid::new(
                                    c.arm_length,
                                    c.arm_radius * 2.0,
                                    c.arm_radius * 2.0,
                                ))),
                                green.clone(),
                                Transform::from_xyz(x, y, 0.0),
                            ));
                            k.spawn((
                                Mesh3d(meshes.add(Cuboid::new(
                                    c.arm_radius * 2.0,
                                    c.arm_length * 0.9,
                                    c.arm_radius * 2.0,
                                ))),
                                green.clone(),
                                Transform::from_xyz(
                                    x + x.signum() * c.arm_length * 0.4,
                                    y + c.arm_length * 0.45,
                                    0.0,
                                ),
                            ));
                        }
                    });
                }
                PropKind::Fence => {
                    let (x, y, z) = p.fence.size;
                    let m = mat(&mut materials, Color::srgb(0.70, 0.55, 0.35), 0.8);
                    commands
                        .entity(e)
                        .insert((Mesh3d(meshes.add(Cuboid::new(x, y, z))), m));
                }
                PropKind::Tumbleweed => {
                    let m = mat(&mut materials, Color::srgb(0.72, 0.60, 0.38), 1.0);
                    commands.entity(e).insert((
                        Mesh3d(meshes.add(Sphere::new(p.tumbleweed.radius).mesh().ico(2).unwrap())),
                        m,
                    ));
                }
            },
        }
    }
    let b = &p.building;
    for (e, part, child_of) in &building_parts {
        let Ok(piece) = all_pieces.get(child_of.parent()) else {
            continue;
        };
        let PieceKind::Building(kind) = piece.kind else {
            continue;
        };
        let _ = part.piece;
        match part.part {
            PartKind::LeftBlock | PartKind::RightBlock => {
                let (x, y, z) = b.block_size;
                let m = mat(&mut materials, Color::srgb(0.76, 0.60, 0.40), 0.7);
                commands
                    .entity(e)
                    .insert((Mesh3d(meshes.add(Cuboid::new(x, y, z))), m));
            }
            PartKind::Facade => {
                let (x, y, z) = b.facade_size;
                let m = mat(&mut materials, building_colour(kind), 0.85);
                let trim = mat(&mut materials, Color::srgb(0.95, 0.92, 0.85), 0.6);
                commands
                    .entity(e)
                    .insert((Mesh3d(meshes.add(Cuboid::new(x, y, z))), m));
                // A sign board and two windows on the street side, for readability.
                commands.entity(e).with_children(|c| {
                    c.spawn((
                        Mesh3d(meshes.add(Cuboid::new(x * 0.7, y * 0.16, 0.002))),
                        trim.clone(),
                        Transform::from_xyz(0.0, y * 0.3, z / 2.0 + 0.001),
                    ));
                    let glass = mat(&mut materials, Color::srgb(0.15, 0.17, 0.22), 0.2);
                    for wx in [-0.3, 0.3] {
                        c.spawn((
                            Mesh3d(meshes.add(Cuboid::new(x * 0.18, y * 0.22, 0.002))),
                            glass.clone(),
                            Transform::from_xyz(wx * x, -y * 0.05, z / 2.0 + 0.001),
                        ));
                    }
                });
            }
            PartKind::Whole => {}
        }
    }
}

/// Repaints a hat when its side changes (the rules flip hats).
fn paint_hats(
    hats: Query<(&Hat, &Children), Changed<Hat>>,
    hat_meshes: Query<&MeshMaterial3d<StandardMaterial>, With<HatMesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (hat, children) in &hats {
        for child in children.iter() {
            if let Ok(m) = hat_meshes.get(child)
                && let Some(mut material) = materials.get_mut(&m.0)
            {
                material.base_color = hat_colour(hat);
            }
        }
    }
}
