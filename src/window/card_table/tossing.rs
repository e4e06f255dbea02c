//! Tossing cards at the play mats' holes (The Gunfighter), for any game whose
//! scene has mats ([`crate::cards::view::CardView::mats`]):
//!
//! - [`Tossing`]: the card in your hand, the throw your flick made, the cards
//!   in flight and where each came to rest (plain data: runs headless);
//!   [`Tossing::fly`] throws a card on Rapier ([`TossRange`], in the target
//!   hole's frame, at real size) and says whether it came to rest wholly
//!   inside the hole — the game's chance outcome;
//! - systems: the mats drawn, a bandolier card picked up and flicked (drag
//!   back from your side of the table and let go: the aim line shows where
//!   it is meant to land), cards flown along their simulated paths.
//!
//! The table is drawn [`CARD_SCALE`] times life size (so faces read); a
//! throw is simulated at life size and drawn scaled about the hole.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use rand::Rng;

use super::scene::SceneNow;
use super::session::{CardIntent, CardTable};
use crate::cards::TableGame;
use crate::cards::registry::Flight;
use crate::cards::table_layout::{CARD_SCALE, TOP};
use crate::cards::view::{CardKey, MatSpot, Spot};
use crate::physics::card_toss::{CardThrow, TossRange};
use crate::window::Screen;
use crate::window::shell::camera::TableCamera;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::{EguiWantsPointer, cursor_on_table};

/// Drawn metres the card is meant to carry per metre dragged back.
pub const FLICK_GAIN: f32 = 3.0;
/// The longest flick (drawn metres of carry).
pub const MAX_REACH: f32 = 1.4;
/// Where the flight is drawn from: every this many simulation steps.
const PATH_STRIDE: usize = 2;

/// A person's flick: from the hand, along `heading` (radians from +x toward
/// +z, drawn table), meant to carry `reach` drawn metres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throw {
    pub from: Vec3,
    pub heading: f32,
    pub reach: f32,
}

impl Throw {
    /// Where the card is meant to land.
    pub fn aim_point(&self) -> Vec3 {
        let d = Vec2::from_angle(self.heading) * self.reach;
        Vec3::new(self.from.x + d.x, TOP, self.from.z + d.y)
    }
}

/// A card in flight on screen: its simulated path (drawn poses), and how far
/// along it is.
#[derive(Clone, Debug)]
pub struct CardFlight {
    pub key: CardKey,
    pub path: Vec<Transform>,
    /// Seconds since the throw.
    pub t: f32,
    /// Seconds between the path's poses.
    pub dt: f32,
}

/// Everything about tossing that is not a rule.
#[derive(Clone)]
pub struct Tossing<A> {
    pub range: TossRange,
    /// The bandolier card in your hand, and the toss it stands for.
    pub held: Option<(CardKey, A)>,
    /// The throw your last flick made (used by the next card in the air of
    /// yours), and the toss it stands for until your hand is free.
    pub throw: Option<Throw>,
    pub pending: Option<A>,
    /// Where a drag began, and the aim line it makes (hand, aim point).
    pub drag_from: Option<Vec3>,
    pub aim: Option<(Vec3, Vec3)>,
    pub flights: Vec<CardFlight>,
    /// Where each tossed card came to rest (the scene lays it there).
    pub rests: HashMap<CardKey, Spot>,
}

impl<A> Tossing<A> {
    pub fn new(range: TossRange) -> Self {
        Tossing {
            range,
            held: None,
            throw: None,
            pending: None,
            drag_from: None,
            aim: None,
            flights: Vec::new(),
            rests: HashMap::new(),
        }
    }

    /// The drawn table's point for a point of `mat`'s hole frame (life size).
    pub fn to_table(mat: &MatSpot, local: Vec3) -> Vec3 {
        Vec3::new(mat.centre.x, TOP, mat.centre.z)
            + Quat::from_rotation_y(mat.yaw) * (local * CARD_SCALE)
    }

    /// The point of `mat`'s hole frame (life size) under a drawn table point.
    pub fn to_hole(mat: &MatSpot, table: Vec3) -> Vec2 {
        let local = Quat::from_rotation_y(-mat.yaw) * (table - mat.centre) / CARD_SCALE;
        Vec2::new(local.x, local.z)
    }

    /// The living mat whose hole lies nearest a drawn table point.
    pub fn nearest_mat(mats: &[MatSpot], at: Vec3) -> Option<&MatSpot> {
        mats.iter().filter(|m| m.alive).min_by(|a, b| {
            let (da, db) = (
                Vec2::new(a.centre.x - at.x, a.centre.z - at.z).length(),
                Vec2::new(b.centre.x - at.x, b.centre.z - at.z).length(),
            );
            da.total_cmp(&db)
        })
    }

    /// The throw, in `mat`'s hole frame, of a person's flick.
    pub fn flick_throw(&self, mat: &MatSpot, throw: &Throw) -> CardThrow {
        let from = Self::to_hole(mat, throw.from);
        let dir = Vec2::from_angle(throw.heading);
        let d = Quat::from_rotation_y(-mat.yaw) * Vec3::new(dir.x, 0.0, dir.y);
        // The speed that carries as far as the flick says; the card turned
        // in the hand as a practised hand turns it for this hole.
        let straight = self.range.aimed(throw.reach / CARD_SCALE);
        let practised = self.range.aimed_from(from);
        CardThrow {
            from,
            heading: d.z.atan2(d.x),
            turn: practised.turn,
            ..straight
        }
    }

    /// Throws the card in the air on Rapier at its target's hole: your flick
    /// when it is yours (`person`) and you flicked, else a hand of `level`
    /// aimed from the thrower's seat. Records its path to show (`record`) and
    /// where it came to rest; true when it lies wholly inside the hole.
    pub fn fly<R: Rng + ?Sized>(
        &mut self,
        mats: &[MatSpot],
        flight: Flight,
        errors: (f32, f32),
        person: bool,
        rng: &mut R,
        record: bool,
    ) -> bool {
        let (Some(target), Some(thrower)) = (
            mats.iter().find(|m| m.seat == flight.target),
            mats.iter().find(|m| m.seat == flight.thrower),
        ) else {
            return false;
        };
        let throw = match (person, self.throw.take()) {
            (true, Some(flick)) => self.flick_throw(target, &flick),
            _ => {
                let aimed = self.range.aimed_from(Self::to_hole(target, thrower.hand));
                TossRange::shaken(aimed, errors.0, errors.1, rng)
            }
        };
        let mut path = Vec::new();
        let mut range = self.range.clone();
        let result = range.toss(&throw, record.then_some(&mut path));
        let turn = Quat::from_rotation_y(target.yaw);
        let drawn = |(p, r): (Vec3, Quat)| Transform {
            translation: Self::to_table(target, p),
            rotation: turn * r,
            scale: Vec3::splat(CARD_SCALE),
        };
        // Cards already in this hole lie under the new one.
        let under = self
            .rests
            .values()
            .filter(|s| Self::to_hole(target, s.pos).length() < 0.2)
            .count();
        let (p, r) = range.card_pose();
        let across = turn * r * Vec3::X;
        let mut rest = Spot {
            pos: Self::to_table(target, p) + Vec3::Y * (0.0004 * under as f32),
            yaw: (-across.z).atan2(across.x),
            face_up: true,
        };
        rest.pos.y = rest.pos.y.max(TOP + 0.0003);
        self.rests.insert(flight.key, rest);
        if record {
            self.flights.push(CardFlight {
                key: flight.key,
                path: path.into_iter().step_by(PATH_STRIDE).map(drawn).collect(),
                t: 0.0,
                dt: self.range.spec.dt * PATH_STRIDE as f32,
            });
        }
        result.in_hole
    }
}

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

/// Where a mark is and whether it shows.
type Shown = (&'static mut Transform, &'static mut Visibility);

/// Shows the aim line and ring while you drag a flick.
pub fn show_aim<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    mut line: Query<Shown, (With<AimLine>, Without<AimMark>)>,
    mut mark: Query<Shown, (With<AimMark>, Without<AimLine>)>,
) {
    let aim = table.and_then(|t| t.tossing.aim);
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
    table: Option<ResMut<CardTable<G>>>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    table.tossing.aim = None;
    let you = table.viewer.filter(|v| !table.is_bot(*v));
    let (Some(_), Some(you)) = (table.clock_ms(), you) else {
        table.tossing.drag_from = None;
        table.tossing.pending = None;
        return;
    };
    // A toss made: it goes when your hand is free.
    if let Some(toss) = table.tossing.pending.clone()
        && table.awaiting_you() == Some(you)
    {
        table.tossing.pending = None;
        if table.game.legal_actions().contains(&toss) {
            intents.write(CardIntent {
                seat: Some(you),
                action: toss,
            });
        } else {
            table.tossing.throw = None;
            table.refused = Some("that card cannot be tossed now".into());
        }
        return;
    }
    let (Ok(window), Ok((camera, cam_t))) = (window.single(), cameras.single()) else {
        return;
    };
    let p = cursor_on_table(window, camera, cam_t, TOP + 0.002);
    // The dock's rectangle now, whatever egui thought a frame ago.
    let on_panel = match (dock.rect(), window.cursor_position()) {
        (Some(_), Some(cursor)) => dock.covers(cursor),
        _ => over_ui.0,
    };
    let mats = table.game.mats(table.viewer);
    let Some(hand) = mats.iter().find(|m| m.seat == you).map(|m| m.hand) else {
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
        table.tossing.held = card.action.clone().map(|a| (card.key, a));
        table.tossing.drag_from = None;
        table.refused = None;
        return;
    }
    let Some((_, action)) = table.tossing.held.clone() else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !on_panel {
        table.tossing.drag_from = p;
    }
    let Some(from) = table.tossing.drag_from else {
        return;
    };
    let pull = p.map(|p| from - p).unwrap_or(Vec3::ZERO);
    let throw = Throw {
        from: Vec3::new(hand.x, TOP, hand.z),
        heading: pull.z.atan2(pull.x),
        reach: (Vec2::new(pull.x, pull.z).length() * FLICK_GAIN).min(MAX_REACH),
    };
    let target = Tossing::<G::Action>::nearest_mat(&mats, throw.aim_point()).map(|m| m.seat);
    // The aim line while dragging.
    if throw.reach > 0.02 {
        table.tossing.aim = Some((throw.from, throw.aim_point()));
    }
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    table.tossing.drag_from = None;
    if throw.reach < 0.05 {
        table.refused = Some("drag back further to toss".into());
        return;
    }
    let Some(toss) = target.and_then(|t| G::toss_at(&action, t)) else {
        return;
    };
    table.tossing.throw = Some(throw);
    table.tossing.held = None;
    table.tossing.pending = Some(toss);
}

/// Flies each tossed card along its simulated path; the card then lies where
/// the scene lays it (where it came to rest).
pub fn fly_cards<G: TableGame>(
    time: Res<Time>,
    table: Option<ResMut<CardTable<G>>>,
    now: Res<SceneNow<G>>,
    mut commands: Commands,
    mut cards: Query<&mut Transform>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    // A stalled frame does not skip the flight (as the clock).
    let dt = time.delta_secs().min(super::session::MAX_TICK) / table.pace.max(1e-3);
    table.tossing.flights.retain_mut(|f| {
        f.t += dt;
        let i = (f.t / f.dt) as usize;
        let Some(e) = now.entities.get(&f.key).copied() else {
            return i < f.path.len();
        };
        if let Ok(mut transform) = cards.get_mut(e)
            && let Some(pose) = f.path.get(i.min(f.path.len().saturating_sub(1)))
        {
            *transform = *pose;
            commands.entity(e).remove::<super::scene::Tween>();
        }
        i < f.path.len() && table.pace > 0.0
    });
}

/// The card in your hand, held up over your side of the table.
pub fn hold_card<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    now: Res<SceneNow<G>>,
    mut commands: Commands,
    mut cards: Query<&mut Transform>,
) {
    let Some(table) = table else { return };
    let Some((key, _)) = &table.tossing.held else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::card_mat::{CardRest, Hole};
    use crate::scenario::profile::CardTossSpec;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn mats() -> Vec<MatSpot> {
        let n = 4;
        (0..n)
            .map(|seat| {
                let a = crate::cards::table_layout::seat_angle(seat, n);
                MatSpot {
                    seat,
                    centre: crate::cards::table_layout::seat_centre(a, 0.31),
                    yaw: crate::cards::table_layout::seat_yaw(a),
                    hand: crate::cards::table_layout::seat_centre(a, 0.06),
                    alive: true,
                }
            })
            .collect()
    }

    /// Whether a card at rest at `spot` lies wholly inside `mat`'s hole, as
    /// drawn on the table (the hole and the card both at drawn size).
    fn drawn_inside(spec: &CardTossSpec, mat: &MatSpot, spot: &Spot) -> bool {
        let hole = Hole {
            centre: Vec2::new(mat.centre.x, mat.centre.z),
            half: Vec2::new(spec.hole_size.0, spec.hole_size.1) * CARD_SCALE / 2.0,
            // A hole turned by the mat's yaw, in the same sense as a card's.
            yaw: -mat.yaw,
        };
        hole.holds(&CardRest {
            centre: Vec2::new(spot.pos.x, spot.pos.z),
            half: Vec2::new(spec.card_size.0, spec.card_size.1) * CARD_SCALE / 2.0,
            yaw: -spot.yaw,
            tilt: 0.0,
        })
    }

    /// The table shows what the rules count: every card the physics counted
    /// inside a hole is drawn wholly inside it, and every card drawn wholly
    /// inside (and lying low, in the hole) was counted — over tosses from
    /// every seat at every mat, by a hand with errors.
    #[test]
    fn a_card_counted_in_the_hole_is_drawn_in_the_hole_and_the_reverse() {
        let spec = CardTossSpec::default();
        let mats = mats();
        let mut tossing = Tossing::<()>::new(TossRange::new(&spec, 9.81));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut inside, mut outside) = (0, 0);
        for k in 0..160u32 {
            let (thrower, target) = ((k % 4) as usize, ((k / 4) % 4) as usize);
            tossing.rests.clear();
            let flight = Flight {
                thrower,
                target,
                key: k,
            };
            let in_hole = tossing.fly(&mats, flight, (0.03, 0.04), false, &mut rng, true);
            let rest = tossing.rests[&k];
            let drawn = drawn_inside(&spec, &mats[target], &rest);
            let low = rest.pos.y < TOP + spec.mat_thickness * CARD_SCALE * 0.5;
            assert_eq!(in_hole, drawn && low, "toss {k}: {rest:?}");
            // The flight ends where the card lies.
            let last = tossing
                .flights
                .last()
                .unwrap()
                .path
                .last()
                .unwrap()
                .translation;
            assert!(last.distance(rest.pos) < 0.002, "{last} vs {rest:?}");
            if in_hole {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        println!("{inside} in, {outside} out");
        assert!(inside > 30 && outside > 10, "{inside} in, {outside} out");
    }

    /// A flick aimed at a mat (dragged back from it, as far as it is away)
    /// lands in or near that mat's hole; one dragged short falls short.
    #[test]
    fn a_flick_lands_where_it_was_aimed() {
        let spec = CardTossSpec::default();
        let mats = mats();
        let mut tossing = Tossing::<()>::new(TossRange::new(&spec, 9.81));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (me, target) = (&mats[0], &mats[2]);
        let d = target.centre - me.hand;
        let flick = |reach: f32| Throw {
            from: Vec3::new(me.hand.x, TOP, me.hand.z),
            heading: d.z.atan2(d.x),
            reach,
        };
        let full = Vec2::new(d.x, d.z).length();
        assert_eq!(
            Tossing::<()>::nearest_mat(&mats, flick(full).aim_point()).map(|m| m.seat),
            Some(2)
        );
        let flight = Flight {
            thrower: 0,
            target: 2,
            key: 1,
        };
        tossing.throw = Some(flick(full));
        assert!(tossing.fly(&mats, flight, (0.0, 0.0), true, &mut rng, false));
        tossing.throw = Some(flick(full * 0.6));
        assert!(!tossing.fly(&mats, flight, (0.0, 0.0), true, &mut rng, false));
        let short = tossing.rests[&1].pos;
        assert!(short.distance(target.centre) > 0.1, "{short}");
    }
}
