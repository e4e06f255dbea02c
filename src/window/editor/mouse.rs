//! The editor's mouse and keys: press on a piece to select it and drag it
//! over the table (snapped to 1 cm, Alt held: free), release to move it
//! there; Q / E, or the wheel over it, turn the selection by 15° (Shift: by
//! 1°), Delete takes it off, Esc lets it go; Ctrl+Z / Ctrl+Y undo and redo,
//! Ctrl+S saves.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::{EditIntent, Editing};
use crate::editor::Edit;
use crate::scenario::town::{PieceList, PieceRef, Town};
use crate::window::shell::camera::{CameraYields, TableCamera};
use crate::window::shell::pointer::{EguiWantsKeyboard, EguiWantsPointer, cursor_on_table};

/// A place on the table snapped to whole centimetres (unless `free`).
pub fn snap_cm(at: (f32, f32), free: bool) -> (f32, f32) {
    if free {
        ((at.0 * 10.0).round() / 10.0, (at.1 * 10.0).round() / 10.0)
    } else {
        (at.0.round(), at.1.round())
    }
}

/// A facing snapped to 15° (unless `free`, then to the degree).
pub fn snap_deg(deg: f32, free: bool) -> f32 {
    let step = if free { 1.0 } else { 15.0 };
    ((deg / step).round() * step).rem_euclid(360.0)
}

/// How near (cm) the pointer must be to a piece's middle to pick it.
fn reach(list: PieceList) -> f32 {
    match list {
        PieceList::Buildings => 9.0,
        PieceList::Gallows => 5.0,
        PieceList::Props => 3.0,
        PieceList::Figures | PieceList::Discs => 2.0,
    }
}

/// Every piece of the town with its place (cm) and facing.
pub fn pieces(town: &Town) -> Vec<(PieceRef, (f32, f32), f32)> {
    town.entries()
        .filter_map(|p| town.placement(p).map(|(at, facing)| (p, at, facing)))
        .collect()
}

/// The piece under a point of the table (cm): the nearest for its size.
pub fn piece_at(town: &Town, at: (f32, f32)) -> Option<PieceRef> {
    nearest(town, at).map(|(p, _)| p)
}

/// The nearest piece to a point (cm) within its reach, and how near (as a
/// share of its reach).
fn nearest(town: &Town, at: (f32, f32)) -> Option<(PieceRef, f32)> {
    pieces(town)
        .into_iter()
        .filter_map(|(p, c, _)| {
            let d = ((c.0 - at.0).powi(2) + (c.1 - at.1).powi(2)).sqrt() / reach(p.list);
            (d <= 1.0).then_some((p, d))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// The piece under the pointer: its ray is tried where it meets the table
/// and 3 cm above it (a figure's body, a barrel's side), the nearer wins.
fn piece_under(
    town: &Town,
    table: Option<(f32, f32)>,
    raised: Option<(f32, f32)>,
) -> Option<PieceRef> {
    [table, raised]
        .into_iter()
        .flatten()
        .filter_map(|at| nearest(town, at))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}

/// Where a piece is now (cm).
pub fn place_of(town: &Town, piece: PieceRef) -> Option<(f32, f32)> {
    town.placement(piece).map(|(at, _)| at)
}

/// The drag under way: the piece and where on it it was grabbed (cm).
#[derive(Default)]
pub struct Grab(Option<(PieceRef, (f32, f32))>);

#[expect(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the world it reads"
)]
pub fn pick_and_drag(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cameras: TableCamera,
    over_ui: Option<Res<EguiWantsPointer>>,
    editing: Res<Editing>,
    mut grab: Local<Grab>,
    mut intents: MessageWriter<EditIntent>,
) {
    let (Ok(window), Ok((camera, cam_t))) = (window.single(), cameras.single()) else {
        return;
    };
    let cm = |p: Vec3| (p.x * 100.0, p.z * 100.0);
    let cursor = cursor_on_table(window, camera, cam_t, 0.0).map(cm);
    let free = keys.pressed(KeyCode::AltLeft) || keys.pressed(KeyCode::AltRight);
    if buttons.just_pressed(MouseButton::Left) && !over_ui.is_some_and(|w| w.0) {
        let Some(at) = cursor else { return };
        let raised = cursor_on_table(window, camera, cam_t, 0.03).map(cm);
        let picked = piece_under(editing.town.town(), Some(at), raised);
        intents.write(EditIntent::Select(picked));
        grab.0 = picked.and_then(|p| {
            let c = place_of(editing.town.town(), p)?;
            Some((p, (c.0 - at.0, c.1 - at.1)))
        });
    }
    // A drag the editor ended (an edit took pieces away under it, or the
    // editor was left and opened again) is over until the next press.
    if grab.0.is_some() && editing.dragging.is_none() && !buttons.just_pressed(MouseButton::Left) {
        grab.0 = None;
    }
    let Some((piece, offset)) = grab.0 else {
        return;
    };
    let mut dragging = editing.dragging;
    if let Some(at) = cursor {
        let to = snap_cm((at.0 + offset.0, at.1 + offset.1), free);
        if dragging != Some((piece, to)) {
            dragging = Some((piece, to));
            intents.write(EditIntent::Drag(dragging));
        }
    }
    if buttons.just_released(MouseButton::Left) {
        intents.write(EditIntent::Drag(None));
        if let Some((_, to)) = dragging
            && place_of(editing.town.town(), piece) != Some(to)
        {
            intents.write(EditIntent::Edit(Edit::Move { piece, to_cm: to }));
        }
        grab.0 = None;
    }
}

/// Keys: delete, undo, redo, save, turn; none while a text field has them.
pub fn edit_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    typing: Res<EguiWantsKeyboard>,
    editing: Res<Editing>,
    mut intents: MessageWriter<EditIntent>,
) {
    // Keys typed into a panel's text field (a name, the victory text) are
    // the field's: Backspace there is not a Delete, q not a turn.
    if typing.0 {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl {
        if bindings.just_pressed(&keys, crate::keys::Action::Undo) {
            intents.write(EditIntent::Undo);
        }
        if bindings.just_pressed(&keys, crate::keys::Action::Redo) {
            intents.write(EditIntent::Redo);
        }
        if bindings.just_pressed(&keys, crate::keys::Action::Save) {
            intents.write(EditIntent::Save);
        }
        return;
    }
    let Some(piece) = editing.selected else {
        return;
    };
    let turn = if bindings.just_pressed(&keys, crate::keys::Action::TurnLeft) {
        -1.0
    } else if bindings.just_pressed(&keys, crate::keys::Action::TurnRight) {
        1.0
    } else {
        0.0
    };
    if let Some(edit) = turned(editing.town.town(), piece, turn, shift) {
        intents.write(EditIntent::Edit(edit));
    }
    if bindings.just_pressed(&keys, crate::keys::Action::DeletePiece) {
        intents.write(EditIntent::Edit(Edit::Delete { piece }));
    }
}

/// `piece` turned by `notches` steps of 15° (1° when `fine`), snapped: none
/// for no turn or a disc (discs have no facing).
pub fn turned(town: &Town, piece: PieceRef, notches: f32, fine: bool) -> Option<Edit> {
    if notches == 0.0 || piece.list == PieceList::Discs {
        return None;
    }
    let (_, now) = town.placement(piece)?;
    let step = if fine { 1.0 } else { 15.0 };
    Some(Edit::Turn {
        piece,
        facing_deg: snap_deg(now + notches * step, fine),
    })
}

/// Whole wheel notches in `lines` added to what was left over (a touchpad
/// scrolls in fractions): the notches, and what is left for next time.
pub fn wheel_notches(left: f32, lines: f32) -> (f32, f32) {
    let total = left + lines;
    let notches = total.trunc();
    (notches, total - notches)
}

/// The wheel over the selected piece turns it (up: as E, down: as Q; Shift:
/// 1°), and the camera does not zoom; with a piece selected, Q/E are the
/// piece's, not the camera's. Runs before the camera.
#[allow(clippy::too_many_arguments)]
pub fn turn_with_the_wheel(
    scroll: Res<AccumulatedMouseScroll>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cameras: TableCamera,
    over_ui: Option<Res<EguiWantsPointer>>,
    editing: Res<Editing>,
    mut yields: ResMut<CameraYields>,
    mut left: Local<f32>,
    mut intents: MessageWriter<EditIntent>,
) {
    let Some(piece) = editing.selected.filter(|p| p.list != PieceList::Discs) else {
        *left = 0.0;
        return;
    };
    yields.turn_keys = true;
    let (Ok(window), Ok((camera, cam_t))) = (window.single(), cameras.single()) else {
        return;
    };
    if over_ui.is_some_and(|w| w.0) {
        return;
    }
    let cm = |p: Vec3| (p.x * 100.0, p.z * 100.0);
    let table = cursor_on_table(window, camera, cam_t, 0.0).map(cm);
    let raised = cursor_on_table(window, camera, cam_t, 0.03).map(cm);
    if piece_under(editing.town.town(), table, raised) != Some(piece) {
        *left = 0.0;
        return;
    }
    yields.wheel = true;
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    let (notches, rest) = wheel_notches(*left, lines);
    *left = rest;
    let fine = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if let Some(edit) = turned(editing.town.town(), piece, notches, fine) {
        intents.write(EditIntent::Edit(edit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_snap_to_the_centimetre_and_facings_to_fifteen_degrees() {
        assert_eq!(snap_cm((1.4, -2.6), false), (1.0, -3.0));
        assert_eq!(snap_cm((1.44, -2.66), true), (1.4, -2.7));
        assert_eq!(snap_deg(22.0, false), 15.0);
        assert_eq!(snap_deg(23.0, false), 30.0);
        assert_eq!(snap_deg(-15.0, false), 345.0);
        assert_eq!(snap_deg(22.4, true), 22.0);
    }

    #[test]
    fn the_pointer_picks_the_piece_under_it() {
        let text = std::fs::read_to_string(crate::scenario::default_town_path()).unwrap();
        let town: Town = crate::scenario::parse_ron(std::path::Path::new("t"), &text).unwrap();
        let wyatt = town
            .figures
            .iter()
            .position(|f| f.name.as_deref() == Some("Wyatt"));
        let at = town.figures[wyatt.unwrap()].at_cm;
        assert_eq!(
            piece_at(&town, (at.0 + 0.5, at.1 - 0.5)),
            Some(PieceRef {
                list: PieceList::Figures,
                index: wyatt.unwrap()
            })
        );
        // The Bank's facade is wide: picked from 7 cm off its middle.
        let bank = town.buildings[1].at_cm;
        assert_eq!(
            piece_at(&town, (bank.0 + 7.0, bank.1)),
            Some(PieceRef {
                list: PieceList::Buildings,
                index: 1
            })
        );
        // Bare table.
        assert_eq!(piece_at(&town, (0.0, 40.0)).map(|p| p.list), None);
    }

    #[test]
    fn a_turn_steps_fifteen_degrees_or_one_and_never_turns_a_disc() {
        let text = std::fs::read_to_string(crate::scenario::default_town_path()).unwrap();
        let town: Town = crate::scenario::parse_ron(std::path::Path::new("t"), &text).unwrap();
        let fence = town
            .props
            .iter()
            .position(|p| p.kind == crate::scenario::town::PropKind::Fence)
            .unwrap();
        let piece = PieceRef {
            list: PieceList::Props,
            index: fence,
        };
        let now = town.props[fence].facing_deg;
        let facing = |notches, fine| match turned(&town, piece, notches, fine) {
            Some(Edit::Turn { facing_deg, .. }) => Some(facing_deg),
            _ => None,
        };
        assert_eq!(facing(1.0, false), Some(snap_deg(now + 15.0, false)));
        assert_eq!(facing(-2.0, false), Some(snap_deg(now - 30.0, false)));
        assert_eq!(facing(3.0, true), Some(snap_deg(now + 3.0, true)));
        assert_eq!(facing(0.0, false), None);
        let disc = PieceRef {
            list: PieceList::Discs,
            index: 0,
        };
        assert_eq!(turned(&town, disc, 1.0, false), None);
    }

    /// What `edit_with_keys` asks when Backspace and Q are down on a
    /// selected fence, with a text field having the keys or not.
    fn keys_ask(typing: bool) -> Vec<EditIntent> {
        use bevy::ecs::system::RunSystemOnce;
        let path = crate::scenario::default_town_path();
        let town = crate::editor::EditTown::open(&path).unwrap();
        let profile = crate::scenario::PhysicsProfile::load_default().unwrap();
        let mut editing = Editing::new(town, &profile);
        let fence = editing
            .town
            .town()
            .props
            .iter()
            .position(|p| p.kind == crate::scenario::town::PropKind::Fence)
            .unwrap();
        editing.selected = Some(PieceRef {
            list: PieceList::Props,
            index: fence,
        });
        let mut world = World::new();
        world.init_resource::<Messages<EditIntent>>();
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::Backspace);
        keys.press(KeyCode::KeyQ);
        world.insert_resource(keys);
        world.insert_resource(EguiWantsKeyboard(typing));
        world.init_resource::<crate::keys::Bindings>();
        world.insert_resource(editing);
        world.run_system_once(edit_with_keys).unwrap();
        let mut messages = world.resource_mut::<Messages<EditIntent>>();
        messages.drain().collect()
    }

    #[test]
    fn keys_typed_into_a_text_field_are_the_fields_not_the_towns() {
        let asked = keys_ask(false);
        assert!(
            asked
                .iter()
                .any(|i| matches!(i, EditIntent::Edit(Edit::Delete { .. }))),
            "Backspace deletes the selected piece: {asked:?}"
        );
        assert!(
            asked
                .iter()
                .any(|i| matches!(i, EditIntent::Edit(Edit::Turn { .. }))),
            "Q turns it: {asked:?}"
        );
        assert_eq!(
            keys_ask(true),
            vec![],
            "typing a name deletes and turns nothing"
        );
    }

    #[test]
    fn the_wheel_turns_by_whole_notches_and_keeps_the_fraction() {
        assert_eq!(wheel_notches(0.0, 1.0), (1.0, 0.0));
        assert_eq!(wheel_notches(0.0, -2.0), (-2.0, 0.0));
        // A touchpad: 0.4 + 0.4 is no notch yet, a third 0.4 makes one.
        let (n, left) = wheel_notches(0.0, 0.4);
        assert_eq!(n, 0.0);
        let (n, left) = wheel_notches(left, 0.4);
        assert_eq!(n, 0.0);
        let (n, left) = wheel_notches(left, 0.4);
        assert_eq!(n, 1.0);
        assert!((left - 0.2).abs() < 1e-5);
    }
}
