//! Builds a town's Rapier bodies and colliders straight into plain Rapier sets.
//!
//! Creation order is fixed (the table, then buildings, gallows, props,
//! figures, discs, each in file order; a body then its colliders), so the same
//! town always gets the same handles, and with them the same bits.

use bevy::math::{Quat, Vec3};
use bevy_rapier3d::rapier::math::Pose;
use bevy_rapier3d::rapier::prelude::{
    ColliderBuilder, ColliderHandle, ColliderSet, RigidBodyBuilder, RigidBodyHandle, RigidBodySet,
    SharedShape,
};

use super::contact_hooks;
use super::contact_pairs::{self, ContactPairs};
use super::pieces::{DiscKind, PartKind, PieceId, PieceKind};
use super::table::{IndexedPiece, TableIndex, footprint_radius};
use crate::scenario::profile::{Material, PhysicsProfile};
use crate::scenario::town::{PieceList, PieceRef, PropKind, Town};

/// Figures are flat wooden cut-outs: depth (front to back) as a fraction of width.
pub const FIGURE_DEPTH: f32 = 0.6;

fn at(offset: Vec3) -> Pose {
    Pose::from_parts(offset, Quat::IDENTITY)
}

/// The shape of a standing figure: base, body, head and hat, origin at the base's bottom.
pub fn figure_shape(p: &PhysicsProfile) -> SharedShape {
    let f = &p.pieces.figure;
    let body_y = f.base_height + f.body_height / 2.0;
    let head_y = f.base_height + f.body_height + f.head_radius * 0.8;
    let hat_y = head_y + f.head_radius * 0.7 + f.hat_height / 2.0;
    SharedShape::compound(vec![
        (
            at(Vec3::new(0.0, f.base_height / 2.0, 0.0)),
            SharedShape::cuboid(f.base_radius, f.base_height / 2.0, f.base_radius),
        ),
        (
            at(Vec3::new(0.0, body_y, 0.0)),
            SharedShape::cuboid(
                f.body_radius,
                f.body_height / 2.0,
                f.body_radius * FIGURE_DEPTH,
            ),
        ),
        (
            at(Vec3::new(0.0, head_y, 0.0)),
            SharedShape::ball(f.head_radius),
        ),
        // The hat's brim, as a flat box: a fallen figure lies still instead of rolling on base and brim.
        (
            at(Vec3::new(0.0, hat_y, 0.0)),
            SharedShape::cuboid(
                f.hat_radius,
                f.hat_height / 2.0,
                f.hat_radius * FIGURE_DEPTH,
            ),
        ),
    ])
}

/// Height of a standing figure, base to hat top.
pub fn figure_height(p: &PhysicsProfile) -> f32 {
    let f = &p.pieces.figure;
    f.base_height + f.body_height + f.head_radius * 1.5 + f.hat_height
}

/// The gallows: platform, upright and beam; origin at its foot.
pub fn gallows_shape(p: &PhysicsProfile) -> SharedShape {
    let g = &p.pieces.gallows;
    let (px, py, pz) = g.platform_size;
    let post_x = -px / 2.0 + g.post_width;
    SharedShape::compound(vec![
        (
            at(Vec3::new(0.0, py / 2.0, 0.0)),
            SharedShape::cuboid(px / 2.0, py / 2.0, pz / 2.0),
        ),
        (
            at(Vec3::new(post_x, py + g.post_height / 2.0, 0.0)),
            SharedShape::cuboid(g.post_width / 2.0, g.post_height / 2.0, g.post_width / 2.0),
        ),
        (
            at(Vec3::new(
                post_x + g.beam_length / 2.0,
                py + g.post_height - g.post_width / 2.0,
                0.0,
            )),
            SharedShape::cuboid(g.beam_length / 2.0, g.post_width / 2.0, g.post_width / 2.0),
        ),
    ])
}

fn cactus_shape(p: &PhysicsProfile) -> SharedShape {
    let c = &p.pieces.cactus;
    let arm_y = c.trunk_height * 0.55;
    let arm_x = c.trunk_radius + c.arm_length / 2.0;
    SharedShape::compound(vec![
        (
            at(Vec3::new(0.0, c.trunk_height / 2.0, 0.0)),
            SharedShape::cylinder(c.trunk_height / 2.0, c.trunk_radius),
        ),
        (
            at(Vec3::new(-arm_x, arm_y, 0.0)),
            SharedShape::cuboid(c.arm_length / 2.0, c.arm_radius, c.arm_radius),
        ),
        (
            at(Vec3::new(arm_x, arm_y + c.arm_radius * 2.0, 0.0)),
            SharedShape::cuboid(c.arm_length / 2.0, c.arm_radius, c.arm_radius),
        ),
    ])
}

/// A prop's shape in its own frame: a barrel's cylinder, a fence's box and a
/// tumbleweed's ball are centred; a cactus stands on its origin.
pub fn prop_shape(p: &PhysicsProfile, kind: PropKind) -> SharedShape {
    let pieces = &p.pieces;
    match kind {
        PropKind::Barrel => SharedShape::cylinder(pieces.barrel.height / 2.0, pieces.barrel.radius),
        PropKind::Cactus => cactus_shape(p),
        PropKind::Fence => {
            let (x, y, z) = pieces.fence.size;
            SharedShape::cuboid(x / 2.0, y / 2.0, z / 2.0)
        }
        PropKind::Tumbleweed => SharedShape::ball(pieces.tumbleweed.radius),
    }
}

/// A disc's shape: a flat cylinder with its edges rounded by `edge` metres
/// (as turned wood is). A contact shallower than the rounding is found from
/// the closest points of the inner cores, with an exact normal, instead of
/// from an overlap (EPA), whose normal can point along the wrong axis when a
/// thin disc meets a thin piece at an angle. The disc's mass is that of the
/// whole cylinder ([`disc_solid`]), not of the rounded core.
pub fn disc_shape(radius: f32, height: f32, edge: f32) -> SharedShape {
    let edge = edge.clamp(0.0, height / 2.0 - 1e-4);
    if edge <= 0.0 {
        return disc_solid(radius, height);
    }
    SharedShape::round_cylinder(height / 2.0 - edge, radius - edge, edge)
}

/// The disc as a solid, for its mass and inertia.
pub fn disc_solid(radius: f32, height: f32) -> SharedShape {
    SharedShape::cylinder(height / 2.0, radius)
}

/// Where a piece stands: `at_cm` on the table, `y` up, turned `facing_deg` about the vertical.
pub fn placed(at_cm: (f32, f32), y: f32, facing_deg: f32) -> Pose {
    Pose::from_parts(
        Vec3::new(at_cm.0 / 100.0, y, at_cm.1 / 100.0),
        Quat::from_rotation_y(facing_deg.to_radians()),
    )
}

/// Where the discs a town does not place wait: on the player's edge.
pub fn parked_disc_cm(profile: &PhysicsProfile, i: usize) -> (f32, f32) {
    (-60.0 + 6.0 * i as f32, profile.table.size.1 * 50.0 - 5.0)
}

/// The pieces in creation order, each with its name and kind: shared by the
/// physics build and the window's entities, so that the two always agree.
pub fn piece_list(town: &Town) -> Vec<(PieceKind, String)> {
    let mut out = Vec::new();
    for b in &town.buildings {
        out.push((PieceKind::Building(b.kind), b.kind.title().to_string()));
    }
    for _ in &town.gallows {
        out.push((PieceKind::Gallows, "Gallows".into()));
    }
    for p in &town.props {
        let name = match p.kind {
            PropKind::Barrel => "Barrel",
            PropKind::Cactus => "Cactus",
            PropKind::Fence => "Fence",
            PropKind::Tumbleweed => "Tumbleweed",
        };
        out.push((PieceKind::Prop(p.kind), name.into()));
    }
    for f in &town.figures {
        out.push((
            PieceKind::Figure {
                team: f.team,
                hat: f.hat,
            },
            f.display_name(),
        ));
    }
    for (i, kind) in DISC_KINDS.into_iter().enumerate() {
        let name = match kind {
            DiscKind::Movement => "Movement disc".to_string(),
            DiscKind::Bullet => format!("Bullet {i}"),
        };
        out.push((PieceKind::Disc(kind), name));
    }
    out
}

/// The piece made for a town's entry (its list and its place there), in the
/// creation order of [`piece_list`]; none for an entry the town lacks.
pub fn piece_id(town: &Town, piece: PieceRef) -> Option<PieceId> {
    let mut first = 0;
    for list in PieceList::ALL {
        // The table always has all five discs, listed in the file or not.
        let len = match list {
            PieceList::Discs => DISC_KINDS.len(),
            _ => town.list_len(list),
        };
        if list == piece.list {
            return (piece.index < len).then(|| PieceId((first + piece.index) as u16));
        }
        first += len;
    }
    None
}

/// How high above the table a prop's origin stands as it is laid out.
fn prop_height(profile: &PhysicsProfile, kind: PropKind) -> f32 {
    let pieces = &profile.pieces;
    match kind {
        PropKind::Barrel => pieces.barrel.height / 2.0,
        PropKind::Cactus => 0.0,
        PropKind::Fence => pieces.fence.size.1 / 2.0,
        PropKind::Tumbleweed => pieces.tumbleweed.radius,
    }
}

/// The pose a town's entry is laid out at (before the town settles), as
/// [`build`] lays it: a piece the editor moved or turned is set down here.
pub fn laid_pose(profile: &PhysicsProfile, town: &Town, piece: PieceRef) -> Option<Pose> {
    let (at_cm, facing) = town.placement(piece)?;
    let y = match piece.list {
        PieceList::Buildings | PieceList::Gallows | PieceList::Figures => 0.0,
        PieceList::Props => prop_height(profile, town.props[piece.index].kind),
        PieceList::Discs => match DISC_KINDS[piece.index] {
            DiscKind::Movement => profile.pieces.movement_disc.height / 2.0,
            DiscKind::Bullet => profile.pieces.bullet.height / 2.0,
        },
    };
    Some(placed(at_cm, y, facing))
}

/// One movement disc and four bullets, always, in this order.
pub const DISC_KINDS: [DiscKind; 5] = [
    DiscKind::Movement,
    DiscKind::Bullet,
    DiscKind::Bullet,
    DiscKind::Bullet,
    DiscKind::Bullet,
];

/// The Rapier sets of a freshly built town, with its index. Bodies are awake
/// and not yet settled.
pub struct Built {
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub index: TableIndex,
}

struct Builder<'a> {
    profile: &'a PhysicsProfile,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    pieces: Vec<IndexedPiece>,
    owners: Vec<(ColliderHandle, u32)>,
}

impl Builder<'_> {
    fn body(&mut self, m: &Material, pose: Pose, disc: bool) -> RigidBodyHandle {
        let mut b = RigidBodyBuilder::dynamic()
            .pose(pose)
            .linear_damping(m.linear_damping)
            .angular_damping(m.angular_damping)
            .ccd_enabled(disc);
        if disc {
            b = b.soft_ccd_prediction(self.profile.solver.disc_soft_ccd);
        }
        self.bodies.insert(b)
    }

    fn collider(
        &mut self,
        body: RigidBodyHandle,
        shape: SharedShape,
        m: &Material,
        local: Pose,
        owner: u32,
        flags: u128,
    ) {
        self.collider_of(body, shape, None, m, local, owner, flags);
    }

    /// A collider whose mass is that of `solid` (the piece as made) when its
    /// colliding shape differs from it.
    #[expect(
        clippy::too_many_arguments,
        reason = "a collider's parts as Rapier takes them"
    )]
    fn collider_of(
        &mut self,
        body: RigidBodyHandle,
        shape: SharedShape,
        solid: Option<SharedShape>,
        m: &Material,
        local: Pose,
        owner: u32,
        flags: u128,
    ) {
        // Every `Material` here is the profile's own (`profile.material`):
        // its name is the key it is stored under.
        let name = self
            .profile
            .materials
            .iter()
            .find(|(_, v)| std::ptr::eq(*v, m))
            .map(|(k, _)| k.as_str());
        let in_pair = name.is_some_and(|n| ContactPairs::in_a_pair(self.profile, n));
        let material = name.map_or(0, |n| contact_pairs::material_bits(self.profile, n));
        let mut c = ColliderBuilder::new(shape)
            .friction(m.friction)
            .restitution(m.restitution)
            .position(local)
            .user_data(flags | material);
        if flags & contact_hooks::DISC != 0 || in_pair {
            c = c.active_hooks(contact_hooks::disc_hooks());
        }
        let c = match solid {
            Some(solid) => c.mass_properties(solid.mass_properties(m.density)),
            None => c.density(m.density),
        };
        let h = self.colliders.insert_with_parent(c, body, &mut self.bodies);
        self.owners.push((h, owner));
    }

    fn piece(&mut self, kind: PieceKind, name: String, body: RigidBodyHandle) -> u32 {
        let id = PieceId(self.pieces.len() as u16);
        self.pieces.push(IndexedPiece {
            id,
            kind,
            name,
            body,
            radius: footprint_radius(self.profile, kind),
        });
        id.0 as u32
    }

    fn whole(
        &mut self,
        kind: PieceKind,
        name: String,
        m: &Material,
        pose: Pose,
        shape: SharedShape,
    ) {
        self.whole_of(kind, name, m, pose, shape, None);
    }

    /// A one-collider piece that collides as `shape` and weighs as `solid`.
    fn whole_of(
        &mut self,
        kind: PieceKind,
        name: String,
        m: &Material,
        pose: Pose,
        shape: SharedShape,
        solid: Option<SharedShape>,
    ) {
        let disc = kind.is_disc();
        let body = self.body(m, pose, disc);
        let k = self.piece(kind, name, body);
        let flags = if disc {
            contact_hooks::DISC
        } else if matches!(
            kind,
            PieceKind::Figure { .. } | PieceKind::Prop(PropKind::Fence)
        ) {
            contact_hooks::THIN
        } else {
            0
        };
        self.collider_of(
            body,
            shape,
            solid,
            m,
            Pose::IDENTITY,
            TableIndex::owner(k, PartKind::Whole),
            flags,
        );
    }
}

/// Builds the table and every piece of `town`, in the fixed order. Discs that
/// the town does not place are parked on the player's edge.
pub fn build(profile: &PhysicsProfile, town: &Town) -> Built {
    let mut b = Builder {
        profile,
        bodies: RigidBodySet::new(),
        colliders: ColliderSet::new(),
        pieces: Vec::new(),
        owners: Vec::new(),
    };
    let names = piece_list(town);
    let mut names = names.into_iter().map(|(_, n)| n);
    let pieces = &profile.pieces;

    // The table: a fixed slab whose top is y = 0.
    let t = &profile.table;
    let table = b.bodies.insert(RigidBodyBuilder::fixed().pose(at(Vec3::new(
        0.0,
        -t.thickness / 2.0,
        0.0,
    ))));
    b.collider(
        table,
        SharedShape::cuboid(t.size.0 / 2.0, t.thickness / 2.0, t.size.1 / 2.0),
        profile.material(&t.material),
        Pose::IDENTITY,
        TableIndex::TABLE,
        contact_hooks::TABLE_TOP,
    );

    let bs = &pieces.building;
    let block_m = profile.material(&bs.block_material);
    let facade_m = profile.material(&bs.facade_material);
    let (bx, by, bz) = bs.block_size;
    let (fx, fy, fz) = bs.facade_size;
    let block_offset = bs.block_offset();
    for spec in &town.buildings {
        let body = b.body(block_m, placed(spec.at_cm, 0.0, spec.facing_deg), false);
        let name = names.next().expect("a name per piece");
        let k = b.piece(PieceKind::Building(spec.kind), name, body);
        let parts = [
            (
                PartKind::LeftBlock,
                Vec3::new(-block_offset, by / 2.0, 0.0),
                Vec3::new(bx, by, bz),
                block_m,
            ),
            (
                PartKind::RightBlock,
                Vec3::new(block_offset, by / 2.0, 0.0),
                Vec3::new(bx, by, bz),
                block_m,
            ),
            (
                PartKind::Facade,
                Vec3::new(0.0, by + fy / 2.0, 0.0),
                Vec3::new(fx, fy, fz),
                facade_m,
            ),
        ];
        for (part, offset, size, m) in parts {
            let shape = SharedShape::cuboid(size.x / 2.0, size.y / 2.0, size.z / 2.0);
            // The support blocks stand like fences; the facade rests on them.
            let flags = if part == PartKind::Facade {
                0
            } else {
                contact_hooks::THIN
            };
            b.collider(
                body,
                shape,
                m,
                at(offset),
                TableIndex::owner(k, part),
                flags,
            );
        }
    }

    for spec in &town.gallows {
        let m = profile.material(&pieces.gallows.material);
        let name = names.next().expect("a name per piece");
        let pose = placed(spec.at_cm, 0.0, spec.facing_deg);
        b.whole(PieceKind::Gallows, name, m, pose, gallows_shape(profile));
    }

    for spec in &town.props {
        let y = prop_height(profile, spec.kind);
        let material = match spec.kind {
            PropKind::Barrel => &pieces.barrel.material,
            PropKind::Cactus => &pieces.cactus.material,
            PropKind::Fence => &pieces.fence.material,
            PropKind::Tumbleweed => &pieces.tumbleweed.material,
        };
        let shape = prop_shape(profile, spec.kind);
        let m = profile.material(material);
        let name = names.next().expect("a name per piece");
        b.whole(
            PieceKind::Prop(spec.kind),
            name,
            m,
            placed(spec.at_cm, y, spec.facing_deg),
            shape,
        );
    }

    let fm = profile.material(&pieces.figure.material);
    for spec in &town.figures {
        let kind = PieceKind::Figure {
            team: spec.team,
            hat: spec.hat,
        };
        let name = names.next().expect("a name per piece");
        b.whole(
            kind,
            name,
            fm,
            placed(spec.at_cm, 0.0, spec.facing_deg),
            figure_shape(profile),
        );
    }

    for (i, kind) in DISC_KINDS.into_iter().enumerate() {
        let d = match kind {
            DiscKind::Movement => &pieces.movement_disc,
            DiscKind::Bullet => &pieces.bullet,
        };
        let at_cm = town
            .discs
            .get(i)
            .copied()
            .unwrap_or_else(|| parked_disc_cm(profile, i));
        let m = profile.material(&d.material);
        let name = names.next().expect("a name per piece");
        let pose = placed(at_cm, d.height / 2.0, 0.0);
        b.whole_of(
            PieceKind::Disc(kind),
            name,
            m,
            pose,
            disc_shape(d.radius, d.height, d.edge_radius),
            Some(disc_solid(d.radius, d.height)),
        );
    }

    let index = TableIndex::new(b.pieces, &b.owners);
    Built {
        bodies: b.bodies,
        colliders: b.colliders,
        index,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::data_root;

    #[test]
    fn every_entry_of_a_town_finds_its_own_piece() {
        let profile = PhysicsProfile::load_default().unwrap();
        let path = data_root().join("scenarios/hostage_escort.ron");
        let town = Town::load(&path, &profile).unwrap();
        let made = piece_list(&town);
        let entries = [
            (PieceList::Buildings, town.buildings.len()),
            (PieceList::Gallows, town.gallows.len()),
            (PieceList::Props, town.props.len()),
            (PieceList::Figures, town.figures.len()),
            (PieceList::Discs, DISC_KINDS.len()),
        ];
        let mut seen = Vec::new();
        for (list, len) in entries {
            // `index` picks the piece in whichever list this is.
            #[expect(clippy::needless_range_loop)]
            for index in 0..len {
                let id = piece_id(&town, PieceRef { list, index }).unwrap();
                let (kind, name) = &made[id.0 as usize];
                let expected = match list {
                    PieceList::Buildings => PieceKind::Building(town.buildings[index].kind),
                    PieceList::Gallows => PieceKind::Gallows,
                    PieceList::Props => PieceKind::Prop(town.props[index].kind),
                    PieceList::Figures => PieceKind::Figure {
                        team: town.figures[index].team,
                        hat: town.figures[index].hat,
                    },
                    PieceList::Discs => PieceKind::Disc(DISC_KINDS[index]),
                };
                assert_eq!(*kind, expected, "{list:?} {index}: {name}");
                if list == PieceList::Figures {
                    assert_eq!(*name, town.figures[index].display_name());
                }
                seen.push(id);
            }
            assert!(piece_id(&town, PieceRef { list, index: len }).is_none());
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), made.len(), "one piece each, none left over");
    }
}
