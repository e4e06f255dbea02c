//! Tossing cards at the play mats' holes (The Gunfighter), as the window
//! shows it, for any game whose scene has mats
//! ([`crate::cards::view::CardView::mats`]): the mats drawn, a bandolier card
//! picked up and flicked (drag back from your side of the table and let go:
//! the aim line shows where it is meant to land; the throw goes to the
//! session as a [`CardHand::Toss`]), cards flown along the paths the session
//! simulated ([`crate::tables::cards::toss`]).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::now::SceneNow;
use crate::cards::TableGame;
use crate::cards::table_layout::{CARD_SCALE, TOP};
use crate::cards::view::CardKey;
use crate::tables::cards::session::{CardHand, CardTable};
use crate::tables::cards::toss::{Throw, Tossing};
use crate::window::Screen;
use crate::window::shell::camera::TableCamera;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::{EguiWantsPointer, cursor_on_table};

/// Drawn metres the card is meant to carry per metre dragged back.
pub const FLICK_GAIN: f32 = 3.0;
/// The longest flick (drawn metres of carry).
pub const MAX_REACH: f32 = 1.4;

/// The clock in words: the countdown, then the seconds left.
pub fn clock_words<G: TableGame>(now_ms: f32, game: &G) -> String {
    let Some(clock) = game.clock() else {
        return String::new();
    };
    if now_ms == f32::MAX {
        return "DRAW!".into();
    }
    if now_ms < 0.0 {
        format!("{}…", (-now_ms / 1000.0).ceil() as i32)
    } else {
        let left = (clock.length_ms as f32 - now_ms).max(0.0) / 1000.0;
        format!("DRAW! {left:.1} s")
    }
}

/// The mats' drawing: a foam frame round each hole, in the seat's colour.
#[derive(Component)]
pub struct MatFrame;

/// The aim line of a flick being dragged, and the ring where it is meant to land.
#[derive(Component)]
pub struct AimLine;
#[derive(Component)]
pub struct AimMark;

/// The person's hand while tossing: the bandolier card held and the toss
/// it stands for, where a drag began and the aim line it makes (hand, aim
/// point), and the showdown it was picked up in.
#[derive(Resource)]
pub struct TossHand<G: TableGame> {
    pub held: Option<(CardKey, G::Action)>,
    pub drag_from: Option<Vec3>,
    pub aim: Option<(Vec3, Vec3)>,
    clock: Option<u64>,
}

impl<G: TableGame> Default for TossHand<G> {
    fn default() -> Self {
        TossHand {
            held: None,
            drag_from: None,
            aim: None,
            clock: None,
        }
    }
}

/// Where a mark is and whether it shows.
type Shown = (&'static mut Transform, &'static mut Visibility);

/// Shows the aim line and ring while you drag a flick.
pub fn show_aim<G: TableGame>(
    hand: Res<TossHand<G>>,
    mut line: Query<Shown, (With<AimLine>, Without<AimMark>)>,
    mut mark: Query<Shown, (With<AimMark>, Without<AimLine>)>,
) {
    let aim = hand.aim;
    let lift = Vec3::Y * 0.008;
    for (mut t, mut v) in &mut line {
        match aim {
            Some((from, to)) => {
                let d = to - from;
                *t = Transform::from_translation((from + to) / 2.0 + lift)
                    .with_rotation(Quat::from_rotation_y((-d.z).atan2(d.x)))
                    .with_scale(Vec3::new(Vec2::new(d.x, d.z).length(), 1.0, 1.0));
                *v = Visibility::Inherited;
            }
            None => *v = Visibility::Hidden,
        }
    }
    for (mut t, mut v) in &mut mark {
        match aim {
            Some((_, to)) => {
                *t = Transform::from_translation(to + lift);
                *v = Visibility::Inherited;
            }
            None => *v = Visibility::Hidden,
        }
    }
}

/// Draws the mats of the game on the table (when it has any).
#[expect(clippy::type_complexity, reason = "a Bevy system's parameters")]
pub fn lay_mats<G: TableGame>(
    screen: Screen,
) -> impl FnMut(
    Option<Res<CardTable<G>>>,
    Commands,
    ResMut<Assets<Mesh>>,
    ResMut<Assets<StandardMaterial>>,
) {
    move |table, mut commands, mut meshes, mut materials| {
        let Some(table) = table else { return };
        if table.game.mats(table.viewer).is_empty() {
            return;
        }
        let gold = materials.add(StandardMaterial {
            base_color: Color::srgb(1.0, 0.85, 0.3),
            emissive: LinearRgba::rgb(0.6, 0.45, 0.1),
            unlit: true,
            ..default()
        });
        commands.spawn((
            Name::new("Aim line"),
            AimLine,
            Mesh3d(meshes.add(Cuboid::new(1.0, 0.002, 0.006))),
            MeshMaterial3d(gold.clone()),
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(screen),
        ));
        commands.spawn((
            Name::new("Aim mark"),
            AimMark,
            Mesh3d(meshes.add(Torus::new(0.024, 0.03))),
            MeshMaterial3d(gold),
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(screen),
        ));
        let spec = &table.tossing.range.spec;
        let hole = Vec2::new(spec.hole_size.0, spec.hole_size.1) * CARD_SCALE;
        // The foam drawn round the hole (narrower than the simulated mat, so
        // six fit round the table).
        let border = 0.045;
        let t = 0.006;
        for mat in table.game.mats(table.viewer) {
            let [r, g, b, _] =
                crate::cards::view::SEAT_COLOURS[mat.seat % crate::cards::view::SEAT_COLOURS.len()];
            let material = materials.add(StandardMaterial {
                base_color: Color::srgb_u8(r / 2 + 40, g / 2 + 40, b / 2 + 40),
                perceptual_roughness: 0.9,
                ..default()
            });
            let (hx, hz) = (hole.x / 2.0, hole.y / 2.0);
            let (mx, mz) = (hx + border, hz + border);
            let turn = Quat::from_rotation_y(mat.yaw);
            for (centre, half) in [
                (
                    Vec3::new(-(mx + hx) / 2.0, 0.0, 0.0),
                    Vec3::new((mx - hx) / 2.0, t / 2.0, mz),
                ),
                (
                    Vec3::new((mx + hx) / 2.0, 0.0, 0.0),
                    Vec3::new((mx - hx) / 2.0, t / 2.0, mz),
                ),
                (
                    Vec3::new(0.0, 0.0, -(mz + hz) / 2.0),
                    Vec3::new(hx, t / 2.0, (mz - hz) / 2.0),
                ),
                (
                    Vec3::new(0.0, 0.0, (mz + hz) / 2.0),
                    Vec3::new(hx, t / 2.0, (mz - hz) / 2.0),
                ),
            ] {
                commands.spawn((
                    Name::new(format!("Mat {}", mat.seat)),
                    MatFrame,
                    Mesh3d(meshes.add(Cuboid::from_size(half * 2.0))),
                    MeshMaterial3d(material.clone()),
                    Transform::from_translation(
                        Vec3::new(mat.centre.x, TOP + t / 2.0, mat.centre.z) + turn * centre,
                    )
                    .with_rotation(turn),
                    DespawnOnExit(screen),
                ));
            }
        }
    }
}

/// Your toss: a click on a glowing bandolier card picks it up; a drag back
/// from your side of the table and a release tosses it the other way, as far
/// as you dragged (times [`FLICK_GAIN`]), at the mat nearest where it is meant
/// to land. You may pick up and aim at any time in the showdown; the toss
/// goes the moment your hand is free on the clock (the countdown over, your
/// last toss out of your hand).
#[allow(clippy::too_many_arguments)]
pub fn flick_cards<G: TableGame>(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cameras: TableCamera,
    over_ui: Res<EguiWantsPointer>,
    dock: Res<Dock>,
    now: Res<SceneNow<G>>,
    table: Option<Res<CardTable<G>>>,
    mut hand: ResMut<TossHand<G>>,
    mut hands: MessageWriter<CardHand<G>>,
) {
    let Some(table) = table else { return };
    hand.aim = None;
    // A new showdown (or none) empties the hand.
    let clock = table.clock.map(|(id, _)| id);
    if hand.clock != clock {
        hand.clock = clock;
        hand.held = None;
    }
    let you = table.viewer.filter(|v| !table.is_bot(*v));
    let (Some(_), Some(you)) = (table.clock_ms(), you) else {
        hand.drag_from = None;
        return;
    };
    let (Ok(window), Ok((camera, cam_t))) = (window.single(), cameras.single()) else {
        return;
    };
    let p = cursor_on_table(window, camera, cam_t, TOP + 0.002);
    let on_panel = dock.has_pointer(over_ui.0, window.cursor_position());
    let mats = table.game.mats(table.viewer);
    let Some(from_hand) = mats.iter().find(|m| m.seat == you).map(|m| m.hand) else {
        return;
    };
    // Picking up: a click on a card whose action is a toss.
    if buttons.just_pressed(MouseButton::Left)
        && !on_panel
        && let Some(p) = p
        && let Some(card) = now.scene.cards.iter().rev().find(|c| {
            c.action
                .as_ref()
                .is_some_and(|a| G::toss_at(a, you).is_some())
                && super::input::on_card(&c.spot, p)
        })
    {
        hand.held = card.action.clone().map(|a| (card.key, a));
        hand.drag_from = None;
        hands.write(CardHand::Refused(None));
        return;
    }
    let Some((_, action)) = hand.held.clone() else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !on_panel {
        hand.drag_from = p;
    }
    let Some(from) = hand.drag_from else {
        return;
    };
    let pull = p.map(|p| from - p).unwrap_or(Vec3::ZERO);
    let throw = Throw {
        from: Vec3::new(from_hand.x, TOP, from_hand.z),
        heading: pull.z.atan2(pull.x),
        reach: (Vec2::new(pull.x, pull.z).length() * FLICK_GAIN).min(MAX_REACH),
    };
    let target = Tossing::<G::Action>::nearest_mat(&mats, throw.aim_point()).map(|m| m.seat);
    // The aim line while dragging.
    if throw.reach > 0.02 {
        hand.aim = Some((throw.from, throw.aim_point()));
    }
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    hand.drag_from = None;
    if throw.reach < 0.05 {
        hands.write(CardHand::Refused(Some("drag back further to toss".into())));
        return;
    }
    let Some(toss) = target.and_then(|t| G::toss_at(&action, t)) else {
        return;
    };
    hand.held = None;
    hands.write(CardHand::Toss {
        throw,
        action: toss,
    });
}

/// Flies each tossed card along its simulated path; the card then lies where
/// the scene lays it (where it came to rest).
pub fn fly_cards<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    now: Res<SceneNow<G>>,
    mut commands: Commands,
    mut cards: Query<&mut Transform>,
) {
    let Some(table) = table else { return };
    for f in &table.tossing.flights {
        let i = (f.t / f.dt) as usize;
        if let Some(e) = now.entities.get(&f.key).copied()
            && let Ok(mut transform) = cards.get_mut(e)
            && let Some(pose) = f.path.get(i.min(f.path.len().saturating_sub(1)))
        {
            *transform = *pose;
            commands.entity(e).remove::<super::scene::Tween>();
        }
    }
}

/// The card in your hand, held up over your side of the table.
pub fn hold_card<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    hand: Res<TossHand<G>>,
    now: Res<SceneNow<G>>,
    mut commands: Commands,
    mut cards: Query<&mut Transform>,
) {
    let Some(table) = table else { return };
    let Some((key, _)) = &hand.held else {
        return;
    };
    let Some(you) = table.viewer else { return };
    let Some(hand) = table
        .game
        .mats(table.viewer)
        .into_iter()
        .find(|m| m.seat == you)
    else {
        return;
    };
    if let Some(e) = now.entities.get(key).copied()
        && let Ok(mut t) = cards.get_mut(e)
    {
        t.translation = Vec3::new(hand.hand.x, TOP + 0.06, hand.hand.z);
        commands.entity(e).remove::<super::scene::Tween>();
    }
}
