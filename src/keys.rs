//! The input map: every key the window answers to, in one table of actions
//! ([`Action::ALL`], each with its default keys), rebindable in the settings
//! file (`keys: { Hint: ["G"] }`) and read by every system that takes a key
//! and by How to play. The mouse's buttons are fixed (left flicks and picks,
//! right and middle move the camera).

use std::collections::BTreeMap;

use bevy::input::ButtonInput;
use bevy::input::keyboard::KeyCode;
use serde::{Deserialize, Serialize};

/// Something a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// The table's menu; with an aim in progress, cancels it.
    Menu,
    Screenshot,
    CameraLeft,
    CameraRight,
    CameraUp,
    CameraDown,
    ZoomIn,
    ZoomOut,
    SpinLeft,
    SpinRight,
    InstantReplay,
    ResetTown,
    Hint,
    /// Practice: take back the last flick.
    TakeBack,
    SaveFlicks,
    SkipAnimation,
    TurnLeft,
    TurnRight,
    DeletePiece,
    /// With Ctrl.
    Undo,
    /// With Ctrl.
    Redo,
    /// With Ctrl.
    Save,
}

/// Where an action is heard: a key may do one thing in each place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Every table and the menu.
    Everywhere,
    FlickTable,
    CardTable,
    /// The Flick table and the card table (a hint at either).
    Tables,
    /// The town editor (on a selected piece, or with Ctrl; it takes the
    /// camera's turn keys while a piece is selected).
    Editor,
}

impl Action {
    /// Every action with where it is heard, its default keys and what it
    /// does, in the order the settings screen lists them.
    pub const ALL: [(Action, Place, &'static [KeyCode], &'static str); 22] = {
        use Action::*;
        use KeyCode as K;
        use Place::*;
        [
            (
                Menu,
                Everywhere,
                &[K::Escape],
                "the table's menu (cancels an aim first)",
            ),
            (Screenshot, Everywhere, &[K::F12], "save a screenshot"),
            (CameraLeft, Everywhere, &[K::KeyQ], "turn the camera left"),
            (CameraRight, Everywhere, &[K::KeyE], "turn the camera right"),
            (CameraUp, Everywhere, &[K::KeyW], "tilt the camera up"),
            (CameraDown, Everywhere, &[K::KeyS], "tilt the camera down"),
            (ZoomIn, Everywhere, &[K::Equal], "zoom in"),
            (ZoomOut, Everywhere, &[K::Minus], "zoom out"),
            (
                SpinLeft,
                FlickTable,
                &[K::KeyA],
                "spin while aiming, one way",
            ),
            (
                SpinRight,
                FlickTable,
                &[K::KeyD],
                "spin while aiming, the other way",
            ),
            (
                InstantReplay,
                FlickTable,
                &[K::KeyP],
                "the last flick again, at half speed",
            ),
            (
                ResetTown,
                FlickTable,
                &[K::KeyR],
                "set the sandbox's town up again",
            ),
            (
                Hint,
                Tables,
                &[K::KeyH],
                "a hint: the coach's flick, or the hard bot's choice at a card table",
            ),
            (
                TakeBack,
                FlickTable,
                &[K::Backspace],
                "take back your last flick (a practice game)",
            ),
            (
                SaveFlicks,
                FlickTable,
                &[K::F5],
                "save the sandbox's flicks as a replay",
            ),
            (SkipAnimation, CardTable, &[K::Space], "skip an animation"),
            (
                TurnLeft,
                Editor,
                &[K::KeyQ],
                "turn the selected piece 15° one way",
            ),
            (
                TurnRight,
                Editor,
                &[K::KeyE],
                "turn the selected piece 15° the other way",
            ),
            (
                DeletePiece,
                Editor,
                &[K::Delete, K::Backspace],
                "delete the selected piece",
            ),
            (Undo, Editor, &[K::KeyZ], "undo (with Ctrl)"),
            (Redo, Editor, &[K::KeyY], "redo (with Ctrl)"),
            (Save, Editor, &[K::KeyS], "save the town (with Ctrl)"),
        ]
    };

    fn entry(self) -> &'static (Action, Place, &'static [KeyCode], &'static str) {
        Action::ALL
            .iter()
            .find(|e| e.0 == self)
            .expect("every action is in the table")
    }

    /// Where the action is heard.
    pub fn place(self) -> Place {
        self.entry().1
    }

    /// What it does, for the settings screen.
    pub fn about(self) -> &'static str {
        self.entry().3
    }
}

/// Whether two places hear the same keys (the editor lies over the Flick
/// table but takes keys only for its own actions).
fn overlap(a: Place, b: Place) -> bool {
    use Place::*;
    a == b
        || matches!(
            (a, b),
            (Everywhere, FlickTable)
                | (FlickTable, Everywhere)
                | (Everywhere, CardTable)
                | (CardTable, Everywhere)
                | (Everywhere | FlickTable | CardTable, Tables)
                | (Tables, Everywhere | FlickTable | CardTable)
        )
}

/// The keys of every action: the defaults, with the player's own in place
/// of an action's where the settings name some.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq)]
pub struct Bindings(BTreeMap<Action, Vec<KeyCode>>);

impl Default for Bindings {
    fn default() -> Self {
        Bindings(
            Action::ALL
                .iter()
                .map(|(a, _, keys, _)| (*a, keys.to_vec()))
                .collect(),
        )
    }
}

impl Bindings {
    /// The defaults with `own` (action → key names) in place; every problem
    /// as one line (an unknown key name, an action left with no key, a key
    /// doing two things in one place).
    pub fn with(own: &BTreeMap<Action, Vec<String>>) -> Result<Bindings, Vec<String>> {
        let mut b = Bindings::default();
        let mut problems = Vec::new();
        for (action, names) in own {
            let mut keys = Vec::new();
            for name in names {
                match key_of(name) {
                    Some(k) => keys.push(k),
                    None => problems.push(format!(
                        "`keys`: {action:?}: no key is called {name:?} (keys are named like \"G\", \"7\", \"F5\", \"Space\", \"Escape\", \"Delete\", \"Minus\")"
                    )),
                }
            }
            if names.is_empty() {
                problems.push(format!("`keys`: {action:?} has no key"));
            }
            b.0.insert(*action, keys);
        }
        for (i, (a, pa, _, _)) in Action::ALL.iter().enumerate() {
            for (c, pc, _, _) in &Action::ALL[i + 1..] {
                if !overlap(*pa, *pc) {
                    continue;
                }
                for k in b.keys(*a) {
                    if b.keys(*c).contains(k) {
                        problems.push(format!(
                            "`keys`: {} is bound to both {a:?} and {c:?}",
                            name_of(*k)
                        ));
                    }
                }
            }
        }
        if problems.is_empty() {
            Ok(b)
        } else {
            Err(problems)
        }
    }

    /// The keys of `action`.
    pub fn keys(&self, action: Action) -> &[KeyCode] {
        self.0.get(&action).map_or(&[], Vec::as_slice)
    }

    /// Whether a key of `action` went down this frame.
    pub fn just_pressed(&self, input: &ButtonInput<KeyCode>, action: Action) -> bool {
        input.any_just_pressed(self.keys(action).iter().copied())
    }

    /// Whether a key of `action` is held.
    pub fn pressed(&self, input: &ButtonInput<KeyCode>, action: Action) -> bool {
        input.any_pressed(self.keys(action).iter().copied())
    }

    /// Forgets this frame's presses of `action`'s keys (one system took them).
    pub fn clear_just_pressed(&self, input: &mut ButtonInput<KeyCode>, action: Action) {
        for k in self.keys(action) {
            input.clear_just_pressed(*k);
        }
    }

    /// The keys of `action` as a player reads them: "Delete or Backspace".
    pub fn shown(&self, action: Action) -> String {
        let names: Vec<&str> = self.keys(action).iter().map(|k| name_of(*k)).collect();
        names.join(" or ")
    }

    /// `text` with every `{Action}` replaced by its keys as shown ("{Hint}"
    /// becomes "H"): How to play's words follow the bindings.
    pub fn fill(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (action, ..) in Action::ALL {
            let mark = format!("{{{action:?}}}");
            if out.contains(&mark) {
                out = out.replace(&mark, &self.shown(action));
            }
        }
        out
    }
}

/// Every key that can be bound, by its name in the settings file; a key
/// with two names is shown by the first (`Esc`, `-`, `=`), and either is read.
const NAMES: [(&str, KeyCode); 65] = {
    use KeyCode as K;
    [
        ("A", K::KeyA),
        ("B", K::KeyB),
        ("C", K::KeyC),
        ("D", K::KeyD),
        ("E", K::KeyE),
        ("F", K::KeyF),
        ("G", K::KeyG),
        ("H", K::KeyH),
        ("I", K::KeyI),
        ("J", K::KeyJ),
        ("K", K::KeyK),
        ("L", K::KeyL),
        ("M", K::KeyM),
        ("N", K::KeyN),
        ("O", K::KeyO),
        ("P", K::KeyP),
        ("Q", K::KeyQ),
        ("R", K::KeyR),
        ("S", K::KeyS),
        ("T", K::KeyT),
        ("U", K::KeyU),
        ("V", K::KeyV),
        ("W", K::KeyW),
        ("X", K::KeyX),
        ("Y", K::KeyY),
        ("Z", K::KeyZ),
        ("0", K::Digit0),
        ("1", K::Digit1),
        ("2", K::Digit2),
        ("3", K::Digit3),
        ("4", K::Digit4),
        ("5", K::Digit5),
        ("6", K::Digit6),
        ("7", K::Digit7),
        ("8", K::Digit8),
        ("9", K::Digit9),
        ("F1", K::F1),
        ("F2", K::F2),
        ("F3", K::F3),
        ("F4", K::F4),
        ("F5", K::F5),
        ("F6", K::F6),
        ("F7", K::F7),
        ("F8", K::F8),
        ("F9", K::F9),
        ("F10", K::F10),
        ("F11", K::F11),
        ("F12", K::F12),
        ("Space", K::Space),
        ("Esc", K::Escape),
        ("Escape", K::Escape),
        ("Enter", K::Enter),
        ("Tab", K::Tab),
        ("Backspace", K::Backspace),
        ("Delete", K::Delete),
        ("-", K::Minus),
        ("Minus", K::Minus),
        ("=", K::Equal),
        ("Equals", K::Equal),
        ("Left", K::ArrowLeft),
        ("Right", K::ArrowRight),
        ("Up", K::ArrowUp),
        ("Down", K::ArrowDown),
        ("Home", K::Home),
        ("End", K::End),
    ]
};

/// The key a name stands for (case does not matter).
pub fn key_of(name: &str) -> Option<KeyCode> {
    NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|(_, k)| *k)
}

/// A key's name as the settings file and the screens write it.
pub fn name_of(key: KeyCode) -> &'static str {
    NAMES
        .iter()
        .find(|(_, k)| *k == key)
        .map_or("?", |(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(pairs: &[(Action, &[&str])]) -> BTreeMap<Action, Vec<String>> {
        pairs
            .iter()
            .map(|(a, names)| (*a, names.iter().map(|n| n.to_string()).collect()))
            .collect()
    }

    #[test]
    fn the_defaults_bind_every_action_and_clash_nowhere() {
        let b = Bindings::with(&BTreeMap::new()).expect("the defaults agree");
        for (a, _, keys, _) in Action::ALL {
            assert!(!keys.is_empty(), "{a:?}");
            assert_eq!(b.keys(a), keys);
            for k in keys {
                assert_eq!(key_of(name_of(*k)), Some(*k), "{a:?}: {k:?} named");
            }
        }
    }

    #[test]
    fn a_rebound_key_drives_its_action_and_the_old_one_nothing() {
        let b = Bindings::with(&own(&[(Action::Hint, &["g"])])).unwrap();
        let mut input = ButtonInput::<KeyCode>::default();
        input.press(KeyCode::KeyG);
        assert!(b.just_pressed(&input, Action::Hint));
        let mut input = ButtonInput::<KeyCode>::default();
        input.press(KeyCode::KeyH);
        assert!(!b.just_pressed(&input, Action::Hint));
        assert_eq!(b.fill("{Hint} shows the hint"), "G shows the hint");
        assert_eq!(
            Bindings::default().fill("{DeletePiece}"),
            "Delete or Backspace"
        );
    }

    #[test]
    fn a_key_doing_two_things_in_one_place_or_a_key_that_is_not_there_is_refused() {
        let e = Bindings::with(&own(&[(Action::Hint, &["R"])])).unwrap_err();
        assert_eq!(e, ["`keys`: R is bound to both ResetTown and Hint"]);
        // The camera's Q, everywhere, against the Flick table's spin.
        let e = Bindings::with(&own(&[(Action::SpinLeft, &["Q"])])).unwrap_err();
        assert!(e[0].contains("both CameraLeft and SpinLeft"), "{e:?}");
        // The card table and the Flick table are different places.
        assert!(Bindings::with(&own(&[(Action::SkipAnimation, &["P"])])).is_ok());
        // The hint is heard at both tables.
        let e = Bindings::with(&own(&[(Action::SkipAnimation, &["H"])])).unwrap_err();
        assert_eq!(e, ["`keys`: H is bound to both Hint and SkipAnimation"]);
        let e = Bindings::with(&own(&[(Action::Hint, &["Hyper"])])).unwrap_err();
        assert!(e[0].contains("no key is called \"Hyper\""), "{e:?}");
        let e = Bindings::with(&own(&[(Action::Hint, &[])])).unwrap_err();
        assert!(e[0].contains("Hint has no key"), "{e:?}");
    }
}
