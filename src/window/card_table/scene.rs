//! The card table drawn: the furniture, the card art (faces painted from the
//! game's card data when the table opens), and card entities that follow the
//! game's [`TableScene`] with eased moves and flips (Space skips them).

use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::prelude::*;

use super::sounds;
use crate::tables::Hear;

use super::faces::{FaceSpec, Painter, Pixels};
use super::input::{Hovered, SlotPlan, planned_spot};
use super::mesh;
use super::now::SceneNow;
use crate::cards::TableGame;
use crate::cards::table_layout::{self as layout, CARD_SCALE};
use crate::cards::view::{CardKey, Spot, TableScene};
use crate::tables::cards::session::CardTable;
use crate::window::Screen;
use crate::window::shell::look::Look;

/// Seconds a card takes to move to its new place.
pub const MOVE_SECONDS: f32 = 0.35;

/// The art of the game on the table: a material per face, the back, the meshes.
#[derive(Resource)]
pub struct CardArt {
    pub faces: Vec<Handle<StandardMaterial>>,
    pub specs: Vec<FaceSpec>,
    pub back: Handle<StandardMaterial>,
    pub highlight: Handle<StandardMaterial>,
    pub face_mesh: Handle<Mesh>,
    pub back_mesh: Handle<Mesh>,
    pub glow_mesh: Handle<Mesh>,
    /// A token: a disc 1 unit across and 0.3 high (scaled to its radius).
    pub token_mesh: Handle<Mesh>,
}

/// A card on the table.
#[derive(Component, Debug)]
pub struct CardSprite {
    pub key: CardKey,
    /// The face shown on the card's face side (None: the back on both sides).
    pub face: Option<usize>,
}

/// The card's face side (a child), whose material shows the face.
#[derive(Component)]
pub struct FaceSide;

/// The glow under a playable card (a child).
#[derive(Component)]
pub struct Glow;

/// An eased move from one pose to another.
#[derive(Component, Debug, Clone)]
pub struct Tween {
    pub from: Transform,
    pub to: Transform,
    pub t: f32,
}

/// A card's (or the dice's) painted pixels as an image, not tiled.
pub fn to_image(p: &Pixels) -> Image {
    crate::window::shell::look::image(p, false)
}

/// Paints every face of the game's cards and its back (when the table opens).
pub fn paint_card_art<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Some(table) = table else { return };
    let started = std::time::Instant::now();
    let mut painter = Painter::new();
    let specs = table.game.faces();
    let card_material = |image: Handle<Image>| StandardMaterial {
        base_color_texture: Some(image),
        perceptual_roughness: 0.55,
        reflectance: 0.2,
        ..default()
    };
    let style = G::back().style;
    let faces = specs
        .iter()
        .map(|s| {
            let image = images.add(to_image(&painter.face(s, style)));
            materials.add(card_material(image))
        })
        .collect();
    let back_image = images.add(to_image(&painter.back(&G::back())));
    let back = materials.add(card_material(back_image));
    let highlight = materials.add(StandardMaterial {
        base_color: Color::srgba(1.0, 0.85, 0.3, 0.55),
        emissive: LinearRgba::rgb(0.9, 0.6, 0.1),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        double_sided: true,
        cull_mode: None,
        ..default()
    });
    info!(
        "painted {} card faces in {:.0} ms",
        specs.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    commands.insert_resource(CardArt {
        faces,
        specs,
        back,
        highlight,
        face_mesh: meshes.add(mesh::face_mesh()),
        back_mesh: meshes.add(mesh::back_mesh()),
        glow_mesh: meshes.add(
            Plane3d::default()
                .mesh()
                .size(mesh::CARD_W * 1.12, mesh::CARD_H * 1.08),
        ),
        token_mesh: meshes.add(Cylinder::new(0.5, 0.3)),
    });
}

/// The table, a green baize and the dice tray, for the game `game`'s screen.
pub fn furnish_card_table(screen: Screen) -> impl FnMut(Commands, ResMut<Assets<Mesh>>, Res<Look>) {
    move |mut commands, mut meshes, look| {
        let table = crate::window::shell::room::spawn_table(
            &mut commands,
            &mut meshes,
            &look,
            layout::TABLE_SIZE,
            layout::TABLE_THICKNESS,
        );
        commands.entity(table).insert(DespawnOnExit(screen));
        let baize = look.felt.clone();
        commands.spawn((
            Name::new("Baize"),
            Mesh3d(
                meshes.add(
                    Plane3d::default()
                        .mesh()
                        .size(layout::TABLE_SIZE.0 - 0.12, layout::TABLE_SIZE.1 - 0.12),
                ),
            ),
            MeshMaterial3d(baize),
            Transform::from_xyz(0.0, layout::TOP + 0.0002, 0.0),
            DespawnOnExit(screen),
        ));
    }
}

/// The pose of a card at `spot`.
pub fn spot_transform(spot: &Spot) -> Transform {
    let flip = if spot.face_up {
        Quat::IDENTITY
    } else {
        Quat::from_rotation_z(PI)
    };
    Transform {
        translation: spot.pos + Vec3::Y * (mesh::CARD_T * CARD_SCALE / 2.0),
        rotation: Quat::from_rotation_y(spot.yaw) * flip,
        scale: Vec3::splat(CARD_SCALE),
    }
}

/// Lays the game out anew when its state (or what is on show) changed: new
/// cards come from the deck, moved ones glide, gone ones are despawned.
#[allow(clippy::too_many_arguments)]
pub fn lay_out_cards<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    art: Option<Res<CardArt>>,
    state: Res<State<Screen>>,
    mut now: ResMut<SceneNow<G>>,
    mut commands: Commands,
    mut cards: Query<(&mut CardSprite, &Transform, Option<&mut Tween>)>,
    children: Query<&Children>,
    mut face_sides: Query<&mut MeshMaterial3d<StandardMaterial>, With<FaceSide>>,
    mut glows: Query<&mut Visibility, With<Glow>>,
    plan: Res<SlotPlan<G>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    tokens: Query<&Transform, Without<CardSprite>>,
) {
    let (Some(table), Some(art)) = (table, art) else {
        return;
    };
    let staged = table.staging.map(|(shown, _, _)| shown);
    if now.version == table.version && now.staged == staged && !plan.is_changed() {
        return;
    }
    let scene = arrange_scene(&table, &mut now, &plan, staged);
    let screen = *state.get();
    let mut seen = HashMap::new();
    for placed in &scene.cards {
        let target = spot_transform(&placed.spot);
        let face_material = placed
            .face
            .and_then(|f| art.faces.get(f).cloned())
            .unwrap_or_else(|| art.back.clone());
        let entity = match now.entities.get(&placed.key).copied() {
            Some(e) if cards.contains(e) => {
                retarget_card(&mut commands, &mut cards, e, target, placed.face);
                e
            }
            _ => deal_card(&mut commands, &art, placed, target, &face_material, screen),
        };
        // Faces and glows follow the scene.
        dress_card(
            &children,
            &mut face_sides,
            &mut glows,
            entity,
            &face_material,
            placed.highlight,
        );
        seen.insert(placed.key, entity);
        if plan.dragging.is_some_and(|(k, _)| k == placed.key) {
            commands.entity(entity).insert(Dragged);
        }
    }
    despawn_gone(&mut commands, &mut now.entities, seen);
    // Tokens (a manager's marker, a wound) glide like cards.
    lay_out_tokens(
        &mut commands,
        &mut now,
        &scene,
        &art,
        &mut materials,
        &tokens,
        screen,
    );
    now.scene = scene;
    now.version = table.version;
    now.staged = staged;
}

/// The game's scene as the viewer sees it, cards moved to their slots or where tossed ones lie.
fn arrange_scene<G: TableGame>(
    table: &CardTable<G>,
    now: &mut SceneNow<G>,
    plan: &SlotPlan<G>,
    staged: Option<usize>,
) -> TableScene<G::Action> {
    let mut scene = table.game.scene(table.viewer, &table.seats, staged);
    // Cards arranged in slots lie there (the scene's slots are the same).
    now.scene.slots.clone_from(&scene.slots);
    for placed in &mut scene.cards {
        if let Some(spot) = planned_spot(now, plan, placed.key) {
            placed.spot = spot;
        }
        // A tossed card lies where it came to rest on Rapier.
        if let Some(spot) = table.tossing.rests.get(&placed.key) {
            placed.spot = *spot;
        }
    }
    scene
}

/// Sends a card already on the table gliding to `target` when that is new, and sets its face.
fn retarget_card(
    commands: &mut Commands,
    cards: &mut Query<(&mut CardSprite, &Transform, Option<&mut Tween>)>,
    e: Entity,
    target: Transform,
    face: Option<usize>,
) {
    if let Ok((mut sprite, current, tween)) = cards.get_mut(e) {
        let goal_changed = tween.as_ref().map_or(*current, |t| t.to) != target;
        if goal_changed {
            let from = *current;
            match tween {
                Some(mut t) => {
                    *t = Tween {
                        from,
                        to: target,
                        t: 0.0,
                    }
                }
                None => {
                    commands.entity(e).insert(Tween {
                        from,
                        to: target,
                        t: 0.0,
                    });
                }
            }
        }
        sprite.face = face;
    }
}

/// Spawns a card new on the table, dealt from the deck to `target`, with face, back and glow.
fn deal_card<A>(
    commands: &mut Commands,
    art: &CardArt,
    placed: &crate::cards::view::Placed<A>,
    target: Transform,
    face_material: &Handle<StandardMaterial>,
    screen: Screen,
) -> Entity {
    let from = spot_transform(&layout::stacked(layout::DECK_AT, 0.0, 40, false));
    commands
        .spawn((
            Name::new(format!("Card {}", placed.key)),
            CardSprite {
                key: placed.key,
                face: placed.face,
            },
            from,
            Visibility::default(),
            Tween {
                from,
                to: target,
                t: 0.0,
            },
            DespawnOnExit(screen),
        ))
        .with_children(|p| {
            p.spawn((
                FaceSide,
                Mesh3d(art.face_mesh.clone()),
                MeshMaterial3d(face_material.clone()),
            ));
            p.spawn((
                Mesh3d(art.back_mesh.clone()),
                MeshMaterial3d(art.back.clone()),
            ));
            p.spawn((
                Glow,
                Mesh3d(art.glow_mesh.clone()),
                MeshMaterial3d(art.highlight.clone()),
                Transform::from_xyz(0.0, -mesh::CARD_T, 0.0),
                if placed.highlight {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                },
            ));
        })
        .id()
}

/// Shows `face_material` on the card's face side and its glow if `highlight`, where changed.
fn dress_card(
    children: &Query<&Children>,
    face_sides: &mut Query<&mut MeshMaterial3d<StandardMaterial>, With<FaceSide>>,
    glows: &mut Query<&mut Visibility, With<Glow>>,
    card: Entity,
    face_material: &Handle<StandardMaterial>,
    highlight: bool,
) {
    for child in children.iter_descendants(card) {
        if let Ok(mut m) = face_sides.get_mut(child)
            && m.0 != *face_material
        {
            m.0 = face_material.clone();
        }
        if let Ok(mut v) = glows.get_mut(child) {
            let want = if highlight {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            };
            if *v != want {
                *v = want;
            }
        }
    }
}

/// Lays out the scene's tokens: new ones spawned, moved ones gliding, gone ones despawned.
fn lay_out_tokens<G: TableGame>(
    commands: &mut Commands,
    now: &mut SceneNow<G>,
    scene: &TableScene<G::Action>,
    art: &CardArt,
    materials: &mut ResMut<Assets<StandardMaterial>>,
    tokens: &Query<&Transform, Without<CardSprite>>,
    screen: Screen,
) {
    let mut kept = HashMap::new();
    for token in &scene.tokens {
        let to = Transform::from_translation(token.at + Vec3::Y * token.radius * 0.3)
            .with_scale(Vec3::splat(token.radius * 2.0));
        let material = ensure_token_material(&mut now.token_materials, materials, token.colour);
        let entity = match now.tokens.get(&token.key).copied() {
            Some(e) if tokens.contains(e) => {
                if let Ok(from) = tokens.get(e)
                    && *from != to
                {
                    commands.entity(e).insert((
                        Tween {
                            from: *from,
                            to,
                            t: 0.0,
                        },
                        MeshMaterial3d(material),
                    ));
                }
                e
            }
            _ => commands
                .spawn((
                    Name::new(format!("Token {}", token.key)),
                    Mesh3d(art.token_mesh.clone()),
                    MeshMaterial3d(material),
                    to,
                    DespawnOnExit(screen),
                ))
                .id(),
        };
        kept.insert(token.key, entity);
    }
    despawn_gone(commands, &mut now.tokens, kept);
}

/// The material of a token's colour, made the first time the colour is seen.
fn ensure_token_material(
    made: &mut HashMap<[u8; 4], Handle<StandardMaterial>>,
    materials: &mut ResMut<Assets<StandardMaterial>>,
    colour: [u8; 4],
) -> Handle<StandardMaterial> {
    made.entry(colour)
        .or_insert_with(|| {
            let [r, g, b, _] = colour;
            materials.add(StandardMaterial {
                base_color: Color::srgb_u8(r, g, b),
                perceptual_roughness: 0.4,
                ..default()
            })
        })
        .clone()
}

/// Despawns the entities whose keys are not in `kept`, then keeps `kept`.
fn despawn_gone<K: Eq + std::hash::Hash>(
    commands: &mut Commands,
    entities: &mut HashMap<K, Entity>,
    kept: HashMap<K, Entity>,
) {
    for (key, e) in entities.drain() {
        if !kept.contains_key(&key)
            && let Ok(mut ec) = commands.get_entity(e)
        {
            ec.despawn();
        }
    }
    *entities = kept;
}

/// Moves cards along their tweens (eased, lifted in an arc; a flip turns over
/// the long edge on the way). Space finishes every move at once.
pub fn glide_cards(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    settings: Option<Res<crate::settings::Settings>>,
    mut commands: Commands,
    mut cards: Query<(Entity, &mut Transform, &mut Tween, Has<CardSprite>)>,
    mut hear: MessageWriter<Hear>,
) {
    let skip = bindings.just_pressed(&keys, crate::keys::Action::SkipAnimation);
    let pace = settings.map_or(1.0, |s| s.animation_pace);
    for (e, mut transform, mut tween, is_card) in &mut cards {
        if is_card && tween.t == 0.0 {
            for s in sounds::move_sounds(&tween.from, &tween.to) {
                hear.write(Hear(s));
            }
        }
        tween.t = if skip {
            1.0
        } else {
            (tween.t + time.delta_secs() * pace / MOVE_SECONDS).min(1.0)
        };
        let s = tween.t;
        let eased = if s < 0.5 {
            4.0 * s * s * s
        } else {
            1.0 - (-2.0 * s + 2.0).powi(3) / 2.0
        };
        let lift = (PI * s).sin()
            * 0.04
            * (tween.from.translation.distance(tween.to.translation) * 4.0).min(1.0);
        *transform = Transform {
            translation: tween.from.translation.lerp(tween.to.translation, eased) + Vec3::Y * lift,
            rotation: tween.from.rotation.slerp(tween.to.rotation, eased),
            scale: tween.to.scale,
        };
        if s >= 1.0 {
            if is_card && let Some(s) = sounds::landing_sound(&tween.from, &tween.to) {
                hear.write(Hear(s));
            }
            *transform = tween.to;
            commands.entity(e).remove::<Tween>();
        }
    }
}

/// A card following the pointer.
#[derive(Component)]
pub struct Dragged;

/// The dragged card follows the pointer, lifted; let go, it glides to its place.
pub fn follow_pointer<G: TableGame>(
    plan: Res<SlotPlan<G>>,
    hovered: Res<Hovered>,
    mut commands: Commands,
    mut dragged: Query<(Entity, &CardSprite, &mut Transform), With<Dragged>>,
) {
    for (e, sprite, mut transform) in &mut dragged {
        match (plan.dragging, hovered.at) {
            (Some((key, _)), Some(at)) if key == sprite.key => {
                transform.translation = at + Vec3::Y * 0.03;
                commands.entity(e).remove::<Tween>();
            }
            _ => {
                // Let go: the next lay-out glides it to its place.
                commands.entity(e).remove::<Dragged>();
            }
        }
    }
}
