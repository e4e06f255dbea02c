//! The mouse on the card table: hovering names a card, a click on a card does
//! what the scene says it does (an intent), a click on a card that does
//! nothing now says why. Cards that go into slots (a line-up) are dragged into
//! them and arranged freely; the arrangement is laid as intents, slot by slot.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::tables::Hear;
use bevy::window::PrimaryWindow;

use super::now::SceneNow;
use crate::cards::TableGame;
use crate::cards::table_layout::{self as layout, card_size};
use crate::cards::view::{CardKey, Spot};
use crate::tables::cards::session::{CardHand, CardIntent, CardTable};
use crate::window::shell::camera::TableCamera;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::{EguiWantsPointer, cursor_on_table};

/// The card under the pointer, and where the pointer meets the table.
#[derive(Resource, Debug, Default)]
pub struct Hovered {
    pub key: Option<CardKey>,
    pub at: Option<Vec3>,
}

/// Cards arranged in the scene's slots before they are laid: slot → card.
#[derive(Resource)]
pub struct SlotPlan<G: TableGame> {
    pub slots: Vec<Option<(CardKey, G::Action)>>,
    /// Laid in order, one intent per turn of yours.
    pub queue: VecDeque<G::Action>,
    /// A card being dragged, and where it was picked up.
    pub dragging: Option<(CardKey, Vec3)>,
}

impl<G: TableGame> Default for SlotPlan<G> {
    fn default() -> Self {
        SlotPlan {
            slots: Vec::new(),
            queue: VecDeque::new(),
            dragging: None,
        }
    }
}

impl<G: TableGame> SlotPlan<G> {
    pub fn slot_of(&self, key: CardKey) -> Option<usize> {
        self.slots
            .iter()
            .position(|s| s.as_ref().is_some_and(|(k, _)| *k == key))
    }

    pub fn is_full(&self) -> bool {
        !self.slots.is_empty() && self.slots.iter().all(Option::is_some)
    }

    /// Lays the arrangement: its actions in slot order.
    pub fn lay(&mut self) {
        self.queue = self
            .slots
            .iter_mut()
            .filter_map(|s| s.take())
            .map(|(_, a)| a)
            .collect();
    }
}

/// Whether `p` lies on the card at `spot` (the card's rectangle, turned).
pub fn on_card(spot: &Spot, p: Vec3) -> bool {
    let d = Quat::from_rotation_y(-spot.yaw) * (p - spot.pos);
    let half = card_size() / 2.0;
    d.x.abs() <= half.x && d.z.abs() <= half.y
}

/// The topmost card of the scene under `p`.
fn card_at<G: TableGame>(now: &SceneNow<G>, plan: &SlotPlan<G>, p: Vec3) -> Option<usize> {
    now.scene
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| on_card(&planned_spot(now, plan, c.key).unwrap_or(c.spot), p))
        .max_by(|a, b| a.1.spot.pos.y.total_cmp(&b.1.spot.pos.y))
        .map(|(i, _)| i)
}

/// Where a card arranged in a slot lies (face up: it is yours).
pub fn planned_spot<G: TableGame>(
    now: &SceneNow<G>,
    plan: &SlotPlan<G>,
    key: CardKey,
) -> Option<Spot> {
    let slot = plan.slot_of(key)?;
    let s = now.scene.slots.iter().find(|s| s.index == slot)?;
    Some(Spot {
        pos: s.at + Vec3::Y * 0.003,
        yaw: s.yaw,
        face_up: true,
    })
}

/// Hover, click and drag.
#[allow(clippy::too_many_arguments)]
pub fn pick_cards<G: TableGame>(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cameras: TableCamera,
    over_ui: Res<EguiWantsPointer>,
    dock: Res<Dock>,
    now: Res<SceneNow<G>>,
    table: Option<Res<CardTable<G>>>,
    mut plan: ResMut<SlotPlan<G>>,
    mut hovered: ResMut<Hovered>,
    mut intents: MessageWriter<CardIntent<G>>,
    mut hands: MessageWriter<CardHand<G>>,
    mut hear: MessageWriter<Hear>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(table) = table else { return };
    let (Ok(window), Ok((camera, cam_t))) = (window.single(), cameras.single()) else {
        return;
    };
    let p = cursor_on_table(window, camera, cam_t, layout::TOP + 0.002);
    let under = p.and_then(|p| card_at(&now, &plan, p));
    let key = under.map(|i| now.scene.cards[i].key);
    if hovered.key != key || hovered.at != p {
        hovered.key = key;
        hovered.at = p;
    }
    if dock.has_pointer(over_ui.0, window.cursor_position()) {
        return;
    }
    let you = table.awaiting_you();
    let pressed = buttons.just_pressed(MouseButton::Left);
    if pressed
        && slap_in_real_time(
            &table,
            &now,
            // A number key pressed with the click points this slap already.
            keyed_aim(&keys, table.seats.len()).unwrap_or(table.aim),
            under,
            &mut intents,
            &mut hands,
            &mut hear,
        )
    {
        return;
    }
    if pressed
        && let Some(i) = under
        && let Some(drag) = start_drag(&now, &plan, i, p)
    {
        plan.dragging = Some(drag);
    }
    // A press and its release may come in one frame (a quick click on a slow
    // frame): the release is handled all the same.
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    // A release: the end of a drag, or a click.
    if let Some((dragged, from)) = plan.dragging.take() {
        drop_dragged(&now, &mut plan, dragged, from, p, &mut hands);
        return;
    }
    let Some(i) = under else { return };
    play_clicked(&table, &now, i, you, &mut intents, &mut hands);
}

/// Real time: a press on card `under` slaps it, timed on the wave's clock,
/// or points at a gang; while your hand has nothing to do it says why.
/// False when there is no such press to handle.
fn slap_in_real_time<G: TableGame>(
    table: &CardTable<G>,
    now: &SceneNow<G>,
    aim: Option<crate::cards::core::Seat>,
    under: Option<usize>,
    intents: &mut MessageWriter<CardIntent<G>>,
    hands: &mut MessageWriter<CardHand<G>>,
    hear: &mut MessageWriter<Hear>,
) -> bool {
    let you = table.awaiting_you();
    // A click while your hand has nothing to do says why.
    if table.wave.is_some()
        && you.is_none()
        && under.is_some()
        && let Some(seat) = table.viewer.filter(|v| !table.is_bot(*v))
        && let Some(why) = table.game.resting(seat)
    {
        hands.write(CardHand::Refused(Some(why)));
        return true;
    }
    // A slap counts at the press, timed on the wave's clock.
    let (Some(wave), Some(seat), Some(i)) = (table.wave.as_ref(), you, under) else {
        return false;
    };
    match &now.scene.cards[i].action {
        Some(action) => {
            let action = G::timed(action, wave.now_ms(), aim);
            hear.write(Hear(super::sounds::slap()));
            intents.write(CardIntent {
                seat: Some(seat),
                action,
            });
        }
        // A click on a gang points at it.
        None => match table.game.seat_of_card(now.scene.cards[i].key) {
            Some(s) if s != seat => {
                hands.write(CardHand::Aim(Some(s)));
            }
            _ => {
                hands.write(CardHand::Refused(Some("nothing to slap there".into())));
            }
        },
    }
    true
}

/// The drag a press on card `i` starts, from where the pointer is: a card
/// that can go into a slot, or one already in a slot.
fn start_drag<G: TableGame>(
    now: &SceneNow<G>,
    plan: &SlotPlan<G>,
    i: usize,
    p: Option<Vec3>,
) -> Option<(CardKey, Vec3)> {
    let card = &now.scene.cards[i];
    if !now.scene.slots.is_empty() && (card.action.is_some() || plan.slot_of(card.key).is_some()) {
        Some((card.key, p.unwrap_or_default()))
    } else {
        None
    }
}

/// The index of the scene's slot under `p`.
fn slot_at<G: TableGame>(now: &SceneNow<G>, p: Option<Vec3>) -> Option<usize> {
    let p = p?;
    now.scene
        .slots
        .iter()
        .find(|s| {
            on_card(
                &Spot {
                    pos: s.at,
                    yaw: s.yaw,
                    face_up: true,
                },
                p,
            )
        })
        .map(|s| s.index)
}

/// The action of card `key`: on the table, or kept with it in a slot.
fn action_of<G: TableGame>(
    now: &SceneNow<G>,
    plan: &SlotPlan<G>,
    key: CardKey,
) -> Option<G::Action> {
    now.scene
        .cards
        .iter()
        .find(|c| c.key == key)
        .and_then(|c| c.action.clone())
        .or_else(|| {
            plan.slots
                .iter()
                .flatten()
                .find(|(k, _)| *k == key)
                .map(|(_, a)| a.clone())
        })
}

/// Ends the drag of card `dragged`, picked up at `from`, with the release at
/// `p`: into a slot (swapping with the card there), off the slots, or, for a
/// click, into the first free slot or back out of its own.
fn drop_dragged<G: TableGame>(
    now: &SceneNow<G>,
    plan: &mut SlotPlan<G>,
    dragged: CardKey,
    from: Vec3,
    p: Option<Vec3>,
    hands: &mut MessageWriter<CardHand<G>>,
) {
    let moved = p.is_some_and(|p| p.distance(from) > 0.02);
    let slot = slot_at(now, p);
    let action = action_of(now, plan, dragged);
    if plan.slots.len() != now.scene.slots.len() {
        plan.slots = vec![None; now.scene.slots.len()];
    }
    let old = plan.slot_of(dragged);
    match (slot, moved) {
        (Some(s), _) => {
            let Some(action) = action else { return };
            // Into the slot; a card already there swaps places.
            let there = plan.slots[s].take();
            if let Some(o) = old {
                plan.slots[o] = there;
            }
            plan.slots[s] = Some((dragged, action));
        }
        (None, true) => {
            // Dragged off the slots: back to the hand.
            if let Some(o) = old {
                plan.slots[o] = None;
            }
        }
        (None, false) => {
            // A click: into the first free slot, or back out of one.
            match old {
                Some(o) => plan.slots[o] = None,
                None => match (plan.slots.iter().position(Option::is_none), action) {
                    (Some(free), Some(action)) => plan.slots[free] = Some((dragged, action)),
                    _ => {
                        hands.write(CardHand::Refused(Some(
                            "every slot is taken: drag a card out first".into(),
                        )));
                    }
                },
            }
        }
    }
}

/// A click on card `i`: its action played when it is yours to play, else why
/// not (a card to toss is picked up and flicked instead).
fn play_clicked<G: TableGame>(
    table: &CardTable<G>,
    now: &SceneNow<G>,
    i: usize,
    you: Option<crate::cards::core::Seat>,
    intents: &mut MessageWriter<CardIntent<G>>,
    hands: &mut MessageWriter<CardHand<G>>,
) {
    let card = &now.scene.cards[i];
    // A card to toss is picked up and flicked ([`super::tossing`]).
    if card
        .action
        .as_ref()
        .is_some_and(|a| G::toss_at(a, 0).is_some())
    {
        return;
    }
    match (&card.action, you) {
        (Some(action), Some(seat)) => {
            intents.write(CardIntent {
                seat: Some(seat),
                action: action.clone(),
            });
        }
        (Some(_), None) | (None, None) => {
            hands.write(CardHand::Refused(Some(why_wait(table))));
        }
        (None, Some(_)) => {
            hands.write(CardHand::Refused(Some(
                "that card cannot be played now: the panel lists what you can do".into(),
            )));
        }
    }
}

/// Why nothing can be played now: whose turn it is, or that the game is over.
fn why_wait<G: TableGame>(table: &CardTable<G>) -> String {
    match table.game.turn() {
        crate::cards::core::Turn::Player(s) => format!("wait: it is seat {s}'s turn"),
        crate::cards::core::Turn::Chance => "wait: the table is dealing or rolling".into(),
        crate::cards::core::Turn::Over => "the game is over".into(),
    }
}

/// Lays an arrangement's cards, one intent per turn of yours, each when legal.
pub fn lay_planned_cards<G: TableGame>(
    table: Option<Res<CardTable<G>>>,
    mut plan: ResMut<SlotPlan<G>>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(table) = table else { return };
    let Some(seat) = table.awaiting_you() else {
        return;
    };
    let Some(next) = plan.queue.front() else {
        return;
    };
    if table.game.legal_actions().contains(next) {
        let action = plan.queue.pop_front().expect("front");
        intents.write(CardIntent {
            seat: Some(seat),
            action,
        });
    } else {
        plan.queue.clear();
    }
}

/// Real time: the number keys point your pistol-finger at a seat (1 = seat 0);
/// 0 lowers it (a slap on the card without a point misses).
pub fn aim_with_keys<G: TableGame>(
    keys: Res<ButtonInput<KeyCode>>,
    table: Option<Res<CardTable<G>>>,
    mut hands: MessageWriter<CardHand<G>>,
) {
    let Some(table) = table else { return };
    if let Some(aim) = keyed_aim(&keys, table.seats.len())
        && table.aim != aim
    {
        hands.write(CardHand::Aim(aim));
    }
}

/// The seat the number keys pressed this frame point at (of several, the
/// highest digit; `Some(None)`: 0, lowered), if any was pressed.
fn keyed_aim(
    keys: &ButtonInput<KeyCode>,
    seats: usize,
) -> Option<Option<crate::cards::core::Seat>> {
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    DIGITS
        .iter()
        .enumerate()
        .filter(|(_, key)| keys.just_pressed(**key))
        .map(|(n, _)| n.checked_sub(1).filter(|s| *s < seats))
        .next_back()
}
