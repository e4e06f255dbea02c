//! Meshes and materials: the town made visible. Each piece wears its render
//! mesh ([`super::shapes`], inside its collider) in a material made from the
//! project's own textures at start-up ([`PieceLook`]): the teams' wood, turned
//! discs, barrels' staves and hoops, saguaro green, the buildings' printed
//! cardboard with their names painted on the signs.

use std::collections::HashMap;

use bevy::prelude::*;

use super::shapes;
use crate::physics::pieces::{
    DiscKind, Door, Hat, PartKind, Piece, PieceCollider, PieceKind, TableTop,
};
use crate::physics::table::Profile;
use crate::scenario::kinds::{BuildingKind, HatSide, Team};
use crate::scenario::town::PropKind;
use crate::tables::FrameSystems;
use crate::tables::flick::FlickSystems;
use crate::window::Screen;
use crate::window::shell::look::{Graphics, Look, TextureSpec, textured};
use crate::window::shell::paint::{Painter, Rgba};
use crate::window::shell::textures::{self, Print};

pub fn plugin(app: &mut App) {
    // Made when the town is first shown, not at start-up: a player who
    // only plays cards never waits for the town's prints.
    app.add_systems(
        OnEnter(Screen::Flick),
        make_piece_look.run_if(not(resource_exists::<PieceLook>)),
    )
    .add_systems(
        Update,
        (dress_table, dress_pieces, paint_hats)
            .in_set(FrameSystems::Dress)
            .in_set(FlickSystems),
    );
}

/// Marks the mesh child that shows a figure's hat.
#[derive(Component)]
pub struct HatMesh;

/// The pieces' materials, made once from the procedural textures.
#[derive(Resource, Clone, Debug)]
pub struct PieceLook {
    lawmen: Handle<StandardMaterial>,
    outlaws: Handle<StandardMaterial>,
    neutral: Handle<StandardMaterial>,
    pine: Handle<StandardMaterial>,
    beech: Handle<StandardMaterial>,
    staves: Handle<StandardMaterial>,
    iron: Handle<StandardMaterial>,
    saguaro: Handle<StandardMaterial>,
    fence: Handle<StandardMaterial>,
    brush: Handle<StandardMaterial>,
    gallows: Handle<StandardMaterial>,
    rope: Handle<StandardMaterial>,
    block: Handle<StandardMaterial>,
    fronts: Vec<(BuildingKind, Handle<StandardMaterial>)>,
}

fn team_wood(team: Team) -> (Rgba, Rgba) {
    match team {
        // Natural maple for the lawmen, black-stained wood for the outlaws.
        Team::Lawmen => ([226, 186, 128, 255], [176, 128, 74, 255]),
        Team::Outlaws => ([58, 50, 46, 255], [22, 19, 18, 255]),
        Team::Neutral => ([150, 150, 156, 255], [102, 102, 110, 255]),
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

fn rgba(c: Color) -> Rgba {
    c.to_srgba().to_u8_array()
}

const BUILDINGS: [BuildingKind; 6] = BuildingKind::ALL;

/// The pieces' textures, in [`PieceLook`]'s order, then a building's print
/// for each kind in [`BUILDINGS`]' order.
pub fn piece_textures() -> Vec<TextureSpec> {
    let wood = |seed, (light, dark): (Rgba, Rgba)| textures::wood(seed, light, dark);
    let mut out = vec![
        TextureSpec::new(
            "lawmen",
            move || wood(21, team_wood(Team::Lawmen)),
            Vec2::new(0.3, 1.0),
            0.6,
        ),
        TextureSpec::new(
            "outlaws",
            move || wood(22, team_wood(Team::Outlaws)),
            Vec2::new(0.3, 1.0),
            0.45,
        ),
        TextureSpec::new(
            "townsfolk",
            move || wood(23, team_wood(Team::Neutral)),
            Vec2::new(0.3, 1.0),
            0.6,
        ),
        TextureSpec::new(
            "pine",
            move || wood(24, ([236, 206, 150, 255], [196, 150, 92, 255])),
            Vec2::ONE,
            0.55,
        ),
        TextureSpec::new(
            "beech",
            move || wood(25, ([150, 146, 140, 255], [104, 100, 96, 255])),
            Vec2::ONE,
            0.55,
        ),
        TextureSpec::new(
            "staves",
            move || textures::planks(26, 14, [156, 104, 60, 255], [104, 64, 34, 255]),
            Vec2::ONE,
            0.7,
        ),
        TextureSpec::new(
            "iron",
            move || textures::metal(27, [70, 70, 74, 255]),
            Vec2::ONE,
            0.4,
        ),
        TextureSpec::new(
            "saguaro",
            move || textures::planks(28, 12, [86, 140, 70, 255], [50, 96, 44, 255]),
            Vec2::ONE,
            0.8,
        ),
        TextureSpec::new(
            "fence",
            move || wood(29, ([178, 146, 104, 255], [122, 96, 66, 255])),
            Vec2::new(1.0, 0.3),
            0.85,
        ),
        TextureSpec::new(
            "brush",
            move || textures::felt(30, [186, 154, 98, 255]),
            Vec2::ONE,
            1.0,
        ),
        TextureSpec::new(
            "gallows",
            move || wood(31, ([104, 74, 48, 255], [62, 42, 26, 255])),
            Vec2::ONE,
            0.8,
        ),
        TextureSpec::new(
            "rope",
            move || textures::felt(32, [192, 172, 118, 255]),
            Vec2::ONE,
            0.95,
        ),
        TextureSpec::new(
            "block",
            move || wood(33, ([206, 166, 112, 255], [156, 114, 70, 255])),
            Vec2::ONE,
            0.7,
        ),
    ];
    for (i, kind) in BUILDINGS.iter().enumerate() {
        let print = Print {
            paint: rgba(building_colour(*kind)),
            trim: [236, 226, 204, 255],
        };
        let kind = *kind;
        out.push(TextureSpec::new(
            format!("{} print", kind.title()),
            move || {
                textures::building_atlas(40 + i as u32, print, kind.title(), &mut Painter::new())
            },
            Vec2::ONE,
            0.85,
        ));
    }
    out
}

fn make_piece_look(
    mut commands: Commands,
    graphics: Res<Graphics>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let g = *graphics;
    let started = std::time::Instant::now();
    let mut made = piece_textures()
        .into_iter()
        .map(|t| textured(g, &mut images, &mut materials, &t));
    let mut next = || made.next().expect("a texture for every material");
    let look = PieceLook {
        lawmen: next(),
        outlaws: next(),
        neutral: next(),
        pine: next(),
        beech: next(),
        staves: next(),
        iron: next(),
        saguaro: next(),
        fence: next(),
        brush: next(),
        gallows: next(),
        rope: next(),
        block: next(),
        fronts: BUILDINGS.iter().map(|k| (*k, next())).collect(),
    };
    commands.insert_resource(look);
    info!(
        "the pieces' textures made in {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
}

fn dress_table(
    mut commands: Commands,
    profile: Res<Profile>,
    look: Res<Look>,
    tables: Query<Entity, Added<TableTop>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let t = &profile.0.table;
    for e in &tables {
        let furniture = crate::window::shell::room::spawn_table(
            &mut commands,
            &mut meshes,
            &look,
            t.size,
            t.thickness,
        );
        commands.entity(e).add_child(furniture);
    }
}

/// A piece just laid, with its hat and door if it has them.
type NewPiece = (
    Entity,
    &'static Piece,
    Option<&'static Hat>,
    Option<&'static Door>,
);

#[expect(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the world it reads"
)]
fn dress_pieces(
    mut commands: Commands,
    profile: Res<Profile>,
    look: Res<PieceLook>,
    pieces: Query<NewPiece, Added<Piece>>,
    building_parts: Query<(Entity, &PieceCollider, &ChildOf), Added<PieceCollider>>,
    all_pieces: Query<&Piece>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let profile = &profile.0;
    let p = &profile.pieces;
    let m = MeshMaterial3d::<StandardMaterial>;
    // Each shape built once for all the pieces laid out together (twelve
    // figures share one body and one hat).
    let mut made: HashMap<&'static str, Handle<Mesh>> = HashMap::new();
    let mut shape = |key: &'static str, build: &dyn Fn() -> Mesh| {
        made.entry(key)
            .or_insert_with(|| meshes.add(build()))
            .clone()
    };
    for (e, piece, hat, _door) in &pieces {
        match piece.kind {
            PieceKind::Disc(kind) => {
                let (key, d, wood) = match kind {
                    DiscKind::Movement => ("movement disc", &p.movement_disc, &look.pine),
                    DiscKind::Bullet => ("bullet", &p.bullet, &look.beech),
                };
                commands.entity(e).insert((
                    Mesh3d(shape(key, &|| {
                        shapes::turned_disc(d.radius, d.height, d.edge_radius)
                    })),
                    m(wood.clone()),
                ));
            }
            PieceKind::Figure { team, .. } => {
                let wood = match team {
                    Team::Lawmen => &look.lawmen,
                    Team::Outlaws => &look.outlaws,
                    Team::Neutral => &look.neutral,
                };
                // Each hat its own paint: the rules turn hats one by one.
                let hat_paint = materials.add(StandardMaterial {
                    base_color: hat.map(hat_colour).unwrap_or(Color::WHITE),
                    perceptual_roughness: 0.5,
                    ..default()
                });
                let body = shape("figure", &|| shapes::figure_body(profile));
                let brim = shape("hat", &|| shapes::figure_hat(profile));
                commands.entity(e).with_children(|c| {
                    c.spawn((Mesh3d(body), m(wood.clone())));
                    c.spawn((HatMesh, Mesh3d(brim), m(hat_paint)));
                });
            }
            PieceKind::Building(_) => {} // dressed through its parts below
            PieceKind::Gallows => {
                let wood = shape("gallows", &|| shapes::gallows(profile));
                let rope = shape("rope", &|| shapes::gallows_rope(profile));
                commands.entity(e).with_children(|c| {
                    c.spawn((Mesh3d(wood), m(look.gallows.clone())));
                    c.spawn((Mesh3d(rope), m(look.rope.clone())));
                });
            }
            PieceKind::Prop(kind) => match kind {
                PropKind::Barrel => {
                    let d = &p.barrel;
                    let staves = shape("staves", &|| shapes::barrel_staves(d.radius, d.height));
                    let hoops = shape("hoops", &|| shapes::barrel_hoops(d.radius, d.height));
                    commands.entity(e).with_children(|c| {
                        c.spawn((Mesh3d(staves), m(look.staves.clone())));
                        c.spawn((Mesh3d(hoops), m(look.iron.clone())));
                    });
                }
                PropKind::Cactus => {
                    commands.entity(e).insert((
                        Mesh3d(shape("cactus", &|| shapes::cactus(profile))),
                        m(look.saguaro.clone()),
                    ));
                }
                PropKind::Fence => {
                    commands.entity(e).insert((
                        Mesh3d(shape("fence", &|| shapes::fence(p.fence.size))),
                        m(look.fence.clone()),
                    ));
                }
                PropKind::Tumbleweed => {
                    commands.entity(e).insert((
                        Mesh3d(shape("tumbleweed", &|| {
                            shapes::tumbleweed(p.tumbleweed.radius)
                        })),
                        m(look.brush.clone()),
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
                commands.entity(e).insert((
                    Mesh3d(shape("block", &|| shapes::support_block(b.block_size))),
                    m(look.block.clone()),
                ));
            }
            PartKind::Facade => {
                let print = look
                    .fronts
                    .iter()
                    .find(|(k, _)| *k == kind)
                    .map(|(_, h)| h.clone())
                    .unwrap_or_default();
                commands.entity(e).insert((
                    Mesh3d(shape("facade", &|| shapes::facade(b.facade_size))),
                    m(print),
                ));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::window::shell::look::room_textures;

    fn fnv(h: u64, data: &[u8]) -> u64 {
        data.iter().fold(h, |h, b| {
            (h ^ *b as u64).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }

    fn hash_all() -> u64 {
        room_textures()
            .into_iter()
            .chain(piece_textures())
            .fold(0xcbf2_9ce4_8422_2325, |h, t| fnv(h, &t.pixels().data))
    }

    /// Every texture made at start-up, hashed: the same pixels on every run
    /// (and a change to any generator shows here: update the hash with the
    /// screenshots that show the change).
    #[test]
    fn textures_are_the_same_every_run() {
        let h = hash_all();
        assert_eq!(h, hash_all());
        assert_eq!(h, TEXTURES_HASH, "the textures changed: {h:#018x}");
    }

    const TEXTURES_HASH: u64 = 0xddd4_3fef_d60b_5fc6;

    /// The low setting's colours are the textures' means, to the unit.
    #[test]
    fn the_low_colours_are_the_textures_means() {
        use crate::window::shell::look::{LOW_COLOURS, mean_colour};
        let specs: Vec<_> = room_textures()
            .into_iter()
            .chain(piece_textures())
            .collect();
        let means: Vec<(String, [u8; 3])> = specs
            .iter()
            .map(|t| {
                let c = mean_colour(&t.pixels()).to_srgba();
                let u = |v: f32| (v * 255.0).round() as u8;
                (t.name.clone(), [u(c.red), u(c.green), u(c.blue)])
            })
            .collect();
        let table: String = means
            .iter()
            .map(|(n, [r, g, b])| format!("    (\"{n}\", [{r}, {g}, {b}]),\n"))
            .collect();
        // Every name is its own (the table is looked up by name).
        for (i, (n, _)) in means.iter().enumerate() {
            assert!(!means[..i].iter().any(|(m, _)| m == n), "{n} twice");
        }
        let committed: Vec<(String, [u8; 3])> = LOW_COLOURS
            .iter()
            .map(|(n, c)| (n.to_string(), *c))
            .collect();
        assert_eq!(committed, means, "LOW_COLOURS should read:\n{table}");
    }
}
