//! The pieces of Flick 'em Up!: their kinds, and their entities in a window.
//!
//! Units: metres, kilograms, seconds. The table top is the plane y = 0 and its
//! centre is the origin; +z points toward the player's seat.
//! Spawn order is fixed (table, buildings, gallows, props, figures, discs, in
//! file order), so the same town always gives the same Rapier handles.

use bevy::prelude::*;

use crate::scenario::kinds::{BuildingKind, HatSide, Team};
use crate::scenario::town::{PropKind, Town};

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

/// A part of a piece (a building's support blocks and facade), on its own child entity.
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

/// The table top.
#[derive(Component, Debug, Clone, Copy)]
pub struct TableTop;

/// Everything a spawned town consists of, in spawn order.
#[derive(Resource, Debug, Clone, Default)]
pub struct SpawnedTown {
    pub pieces: Vec<Entity>,
    pub table: Option<Entity>,
}

impl SpawnedTown {
    /// The entity of a piece.
    pub fn entity(&self, id: PieceId) -> Option<Entity> {
        self.pieces.get(id.0 as usize).copied()
    }
}

/// Spawns the table and an entity for every piece of `town` (in piece order),
/// each placed at its pose on `table`: what a window draws. The entities carry
/// no physics; the window moves them to the poses it shows
/// (`tables::flick::pieces`).
pub fn spawn_town(world: &mut World, town: &Town, table: &super::Table) -> SpawnedTown {
    let profile = table.profile();
    let mut spawned = SpawnedTown::default();
    let t = &profile.table;
    spawned.table = Some(
        world
            .spawn((
                Name::new("Table"),
                TableTop,
                Transform::from_xyz(0.0, -t.thickness / 2.0, 0.0),
                Visibility::default(),
            ))
            .id(),
    );
    let b = &profile.pieces.building;
    let (_, by, _) = b.block_size;
    let (_, fy, _) = b.facade_size;
    let block_offset = b.block_offset();
    let hats = town.figures.iter().map(|f| Hat {
        number: f.hat,
        side: f.hat_side,
    });
    let mut hats = hats;
    let poses = table.poses();
    for (p, (at, rot)) in table.index().pieces.iter().zip(poses) {
        let mut e = world.spawn((
            Name::new(p.name.clone()),
            Piece {
                id: p.id,
                kind: p.kind,
            },
            Transform::from_translation(at).with_rotation(rot),
            Visibility::default(),
        ));
        match p.kind {
            PieceKind::Building(kind) => {
                let title = kind.title();
                e.insert(Door {
                    half_width: b.door_width / 2.0,
                });
                e.with_children(|parent| {
                    let parts = [
                        (
                            PartKind::LeftBlock,
                            Vec3::new(-block_offset, by / 2.0, 0.0),
                            "support block",
                        ),
                        (
                            PartKind::RightBlock,
                            Vec3::new(block_offset, by / 2.0, 0.0),
                            "support block",
                        ),
                        (
                            PartKind::Facade,
                            Vec3::new(0.0, by + fy / 2.0, 0.0),
                            "facade",
                        ),
                    ];
                    for (part, at, what) in parts {
                        parent.spawn((
                            Name::new(format!("{title} {what}")),
                            PieceCollider { piece: p.id, part },
                            Transform::from_translation(at),
                            Visibility::default(),
                        ));
                    }
                });
            }
            PieceKind::Figure { .. } => {
                if let Some(hat) = hats.next() {
                    e.insert(hat);
                }
            }
            _ => {}
        }
        spawned.pieces.push(e.id());
    }
    spawned
}
