//! The pieces of Flick 'em Up! as Rapier bodies, spawned from a profile and a town.
//!
//! Units: metres, kilograms, seconds. The table top is the plane y = 0 and its
//! centre is the origin; +z points toward the player's seat.
//! Spawn order is fixed (table, buildings, gallows, props, figures, discs, in
//! file order), so the same town always gives the same Rapier handles.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use crate::scenario::profile::{Material, PhysicsProfile};
use crate::scenario::town::{BuildingKind, HatSide, PropKind, Team, Town};

/// Index of a piece in spawn order: stable for a given town file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(pub u16);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiscKind {
    Movement,
    Bullet,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    Disc(DiscKind),
    Figure { team: Team, hat: Option<u8> },
    Building(BuildingKind),
    Gallows,
    Prop(PropKind),
}

impl PieceKind {
    pub fn is_figure(self) -> bool {
        matches!(self, PieceKind::Figure { .. })
    }
    pub fn is_disc(self) -> bool {
        matches!(self, PieceKind::Disc(_))
    }
}

/// Which part of a piece a collider is: rules care whether a disc touched a
/// support block (and which face) or the facade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartKind {
    Whole,
    LeftBlock,
    RightBlock,
    Facade,
}

/// A piece on the table: on the rigid-body entity.
#[derive(Component, Debug, Clone)]
pub struct Piece {
    pub id: PieceId,
    pub kind: PieceKind,
}

/// A collider of a piece: on the entity holding the `Collider`.
#[derive(Component, Debug, Clone, Copy)]
pub struct PieceCollider {
    pub piece: PieceId,
    pub part: PartKind,
}

/// Which side of a figure's hat is up.
#[derive(Component, Debug, Clone, Copy)]
pub struct Hat {
    pub number: Option<u8>,
    pub side: HatSide,
}

/// A building's door line in the building's local frame (x from -w/2 to w/2 at z = 0, y = 0).
#[derive(Component, Debug, Clone, Copy)]
pub struct Door {
    pub half_width: f32,
}

/// The table's fixed body.
#[derive(Component, Debug, Clone, Copy)]
pub struct TableTop;

/// Everything a spawned town consists of, in spawn order.
#[derive(Resource, Debug, Clone, Default)]
pub struct SpawnedTown {
    pub pieces: Vec<Entity>,
    pub table: Option<Entity>,
}

fn material_components(m: &Material) -> (Friction, Restitution, ColliderMassProperties) {
    (
        Friction::coefficient(m.friction),
        Restitution::coefficient(m.restitution),
        ColliderMassProperties::Density(m.density),
    )
}

fn body(m: &Material, transform: Transform, ccd: bool) -> impl Bundle {
    (
        RigidBody::Dynamic,
        transform,
        Damping {
            linear_damping: m.linear_damping,
            angular_damping: m.angular_damping,
        },
        if ccd { Ccd::enabled() } else { Ccd::disabled() },
        Visibility::default(),
    )
}

fn placed(at_cm: (f32, f32), y: f32, facing_deg: f32) -> Transform {
    Transform::from_xyz(at_cm.0 / 100.0, y, at_cm.1 / 100.0)
        .with_rotation(Quat::from_rotation_y(facing_deg.to_radians()))
}

/// Figures are flat wooden cut-outs: depth (front to back) as a fraction of width.
pub const FIGURE_DEPTH: f32 = 0.6;

/// The collider of a standing figure: base, body, head and hat, origin at the base's bottom.
pub fn figure_collider(p: &PhysicsProfile) -> Collider {
    let f = &p.pieces.figure;
    let body_y = f.base_height + f.body_height / 2.0;
    let head_y = f.base_height + f.body_height + f.head_radius * 0.8;
    let hat_y = head_y + f.head_radius * 0.7 + f.hat_height / 2.0;
    Collider::compound(vec![
        (
            Vec3::new(0.0, f.base_height / 2.0, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(f.base_radius, f.base_height / 2.0, f.base_radius),
        ),
        (
            Vec3::new(0.0, body_y, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(
                f.body_radius,
                f.body_height / 2.0,
                f.body_radius * FIGURE_DEPTH,
            ),
        ),
        (
            Vec3::new(0.0, head_y, 0.0),
            Quat::IDENTITY,
            Collider::ball(f.head_radius),
        ),
        // The hat's brim, as a flat box: a fallen figure lies still instead of rolling on base and brim.
        (
            Vec3::new(0.0, hat_y, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(
                f.hat_radius,
                f.hat_height / 2.0,
                f.hat_radius * FIGURE_DEPTH,
            ),
        ),
    ])
}

pub fn figure_height(p: &PhysicsProfile) -> f32 {
    let f = &p.pieces.figure;
    f.base_height + f.body_height + f.head_radius * 1.5 + f.hat_height
}

pub fn gallows_collider(p: &PhysicsProfile) -> Collider {
    let g = &p.pieces.gallows;
    let (px, py, pz) = g.platform_size;
    let post_x = -px / 2.0 + g.post_width;
    Collider::compound(vec![
        (
            Vec3::new(0.0, py / 2.0, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(px / 2.0, py / 2.0, pz / 2.0),
        ),
        (
            Vec3::new(post_x, py + g.post_height / 2.0, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(g.post_width / 2.0, g.post_height / 2.0, g.post_width / 2.0),
        ),
        (
            Vec3::new(
                post_x + g.beam_length / 2.0,
                py + g.post_height - g.post_width / 2.0,
                0.0,
            ),
            Quat::IDENTITY,
            Collider::cuboid(g.beam_length / 2.0, g.post_width / 2.0, g.post_width / 2.0),
        ),
    ])
}

pub fn cactus_collider(p: &PhysicsProfile) -> Collider {
    let c = &p.pieces.cactus;
    let arm_y = c.trunk_height * 0.55;
    let arm_x = c.trunk_radius + c.arm_length / 2.0;
    Collider::compound(vec![
        (
            Vec3::new(0.0, c.trunk_height / 2.0, 0.0),
            Quat::IDENTITY,
            Collider::cylinder(c.trunk_height / 2.0, c.trunk_radius),
        ),
        (
            Vec3::new(-arm_x, arm_y, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(c.arm_length / 2.0, c.arm_radius, c.arm_radius),
        ),
        (
            Vec3::new(arm_x, arm_y + c.arm_radius * 2.0, 0.0),
            Quat::IDENTITY,
            Collider::cuboid(c.arm_length / 2.0, c.arm_radius, c.arm_radius),
        ),
    ])
}

/// The components of a piece made of one collider.
fn whole_piece(
    id: PieceId,
    kind: PieceKind,
    name: String,
    m: &Material,
    transform: Transform,
    ccd: bool,
    collider: Collider,
) -> impl Bundle {
    (
        Name::new(name),
        Piece { id, kind },
        PieceCollider {
            piece: id,
            part: PartKind::Whole,
        },
        body(m, transform, ccd),
        collider,
        material_components(m),
    )
}

/// Spawns the table and every piece of `town`, in the fixed order, calling
/// `after_each` once each piece's entities exist (the caller creates the Rapier
/// body there, so that Rapier's handles follow this order whatever the ECS does
/// later). Discs that the town does not place are parked on the player's edge.
pub fn spawn_town(
    world: &mut World,
    profile: &PhysicsProfile,
    town: &Town,
    mut after_each: impl FnMut(&mut World),
) -> SpawnedTown {
    let mut spawned = SpawnedTown::default();
    let pieces = &profile.pieces;
    let mut ids = (0u16..).map(PieceId);

    // The table: a fixed slab whose top is y = 0.
    let t = &profile.table;
    let table = world
        .spawn((
            Name::new("Table"),
            TableTop,
            RigidBody::Fixed,
            Transform::from_xyz(0.0, -t.thickness / 2.0, 0.0),
            Visibility::default(),
            Collider::cuboid(t.size.0 / 2.0, t.thickness / 2.0, t.size.1 / 2.0),
            material_components(profile.material(&t.material)),
        ))
        .id();
    spawned.table = Some(table);
    after_each(world);
    let mut add = |world: &mut World, e: Entity, spawned: &mut SpawnedTown| {
        after_each(world);
        spawned.pieces.push(e);
    };

    let b = &pieces.building;
    let block_m = profile.material(&b.block_material);
    let facade_m = profile.material(&b.facade_material);
    let (bx, by, bz) = b.block_size;
    let (fx, fy, fz) = b.facade_size;
    let block_offset = b.door_width / 2.0 + bx / 2.0;
    for spec in &town.buildings {
        let id = ids.next().expect("ids");
        let title = spec.kind.title();
        let e = world
            .spawn((
                Name::new(title),
                Piece {
                    id,
                    kind: PieceKind::Building(spec.kind),
                },
                Door {
                    half_width: b.door_width / 2.0,
                },
                body(block_m, placed(spec.at_cm, 0.0, spec.facing_deg), false),
            ))
            .with_children(|parent| {
                let parts = [
                    (
                        PartKind::LeftBlock,
                        Vec3::new(-block_offset, by / 2.0, 0.0),
                        Vec3::new(bx, by, bz),
                        block_m,
                        "support block",
                    ),
                    (
                        PartKind::RightBlock,
                        Vec3::new(block_offset, by / 2.0, 0.0),
                        Vec3::new(bx, by, bz),
                        block_m,
                        "support block",
                    ),
                    (
                        PartKind::Facade,
                        Vec3::new(0.0, by + fy / 2.0, 0.0),
                        Vec3::new(fx, fy, fz),
                        facade_m,
                        "facade",
                    ),
                ];
                for (part, at, size, m, what) in parts {
                    parent.spawn((
                        Name::new(format!("{title} {what}")),
                        PieceCollider { piece: id, part },
                        Transform::from_translation(at),
                        Visibility::default(),
                        Collider::cuboid(size.x / 2.0, size.y / 2.0, size.z / 2.0),
                        material_components(m),
                    ));
                }
            })
            .id();
        add(world, e, &mut spawned);
    }

    for spec in &town.gallows {
        let id = ids.next().expect("ids");
        let m = profile.material(&pieces.gallows.material);
        let transform = placed(spec.at_cm, 0.0, spec.facing_deg);
        let e = world
            .spawn(whole_piece(
                id,
                PieceKind::Gallows,
                "Gallows".into(),
                m,
                transform,
                false,
                gallows_collider(profile),
            ))
            .id();
        add(world, e, &mut spawned);
    }

    for spec in &town.props {
        let id = ids.next().expect("ids");
        let (collider, y, material, name) = match spec.kind {
            PropKind::Barrel => {
                let d = &pieces.barrel;
                (
                    Collider::cylinder(d.height / 2.0, d.radius),
                    d.height / 2.0,
                    &d.material,
                    "Barrel",
                )
            }
            PropKind::Cactus => (
                cactus_collider(profile),
                0.0,
                &pieces.cactus.material,
                "Cactus",
            ),
            PropKind::Fence => {
                let (x, y, z) = pieces.fence.size;
                (
                    Collider::cuboid(x / 2.0, y / 2.0, z / 2.0),
                    y / 2.0,
                    &pieces.fence.material,
                    "Fence",
                )
            }
            PropKind::Tumbleweed => {
                let r = pieces.tumbleweed.radius;
                (
                    Collider::ball(r),
                    r,
                    &pieces.tumbleweed.material,
                    "Tumbleweed",
                )
            }
        };
        let m = profile.material(material);
        let transform = placed(spec.at_cm, y, spec.facing_deg);
        let e = world
            .spawn(whole_piece(
                id,
                PieceKind::Prop(spec.kind),
                name.into(),
                m,
                transform,
                false,
                collider,
            ))
            .id();
        add(world, e, &mut spawned);
    }

    let fm = profile.material(&pieces.figure.material);
    for spec in &town.figures {
        let id = ids.next().expect("ids");
        let kind = PieceKind::Figure {
            team: spec.team,
            hat: spec.hat,
        };
        let transform = placed(spec.at_cm, 0.0, spec.facing_deg);
        let e = world
            .spawn((
                whole_piece(
                    id,
                    kind,
                    spec.display_name(),
                    fm,
                    transform,
                    false,
                    figure_collider(profile),
                ),
                Hat {
                    number: spec.hat,
                    side: spec.hat_side,
                },
            ))
            .id();
        add(world, e, &mut spawned);
    }

    // One movement disc and four bullets, always, in this order.
    let parked_z = t.size.1 * 50.0 - 5.0;
    let kinds = [
        DiscKind::Movement,
        DiscKind::Bullet,
        DiscKind::Bullet,
        DiscKind::Bullet,
        DiscKind::Bullet,
    ];
    for (i, kind) in kinds.into_iter().enumerate() {
        let id = ids.next().expect("ids");
        let (d, name) = match kind {
            DiscKind::Movement => (&pieces.movement_disc, "Movement disc".to_string()),
            DiscKind::Bullet => (&pieces.bullet, format!("Bullet {i}")),
        };
        let at = town
            .discs
            .get(i)
            .copied()
            .unwrap_or((-60.0 + 6.0 * i as f32, parked_z));
        let m = profile.material(&d.material);
        let transform = placed(at, d.height / 2.0, 0.0);
        let e = world
            .spawn((
                whole_piece(
                    id,
                    PieceKind::Disc(kind),
                    name,
                    m,
                    transform,
                    true,
                    Collider::cylinder(d.height / 2.0, d.radius),
                ),
                SoftCcd {
                    prediction: profile.solver.disc_soft_ccd,
                },
            ))
            .id();
        add(world, e, &mut spawned);
    }
    spawned
}
