//! The player's settings: a RON file in the user's configuration folder
//! (the platform's usual place: `~/.config/highnoon/settings.ron` on Linux,
//! `%APPDATA%\highnoon\config` on Windows, `~/Library/Application
//! Support/highnoon` on macOS; `HIGHNOON_CONFIG_DIR` puts it elsewhere).
//! A file with problems is reported (file:line:col) and the defaults are
//! used; it is never written over until the player saves.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::scenario::{DataError, Problems, parse_ron};

/// Every setting, with its default.
#[derive(bevy::prelude::Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// 0 to 1: everything heard.
    pub master_volume: f32,
    /// 0 to 1: the table's sounds (knocks, shots, cards, the bell).
    pub effects_volume: f32,
    /// 0 to 1: the music (a guitar and a whistler, on the menu and at the tables).
    pub music_volume: f32,
    /// Silence, whatever the volumes.
    pub mute: bool,
    /// `Windowed`, `Borderless` (the whole screen, as a window) or `Fullscreen`.
    pub window_mode: WindowMode,
    /// The window's size in logical pixels, when windowed.
    pub window_size: (u32, u32),
    /// `Low`, `Medium` or `High`: how much the renderer draws (from the next start).
    pub graphics: Graphics,
    /// How fast the camera turns and moves with the keys, × the usual.
    pub camera_speed: f32,
    /// How far the camera turns and pans for a mouse movement, × the usual.
    pub mouse_sensitivity: f32,
    /// How fast the cards, bots and flicks are shown, × the usual (0.25 to 4).
    pub animation_pace: f32,
    /// The Flick table's coach (hints and how each flick compared).
    pub coach: bool,
    /// After a flick the camera follows the flicked disc, then comes back.
    pub follow_flick: bool,
    /// The player's own keys, action by action, in place of the defaults:
    /// `keys: { Hint: ["G"], DeletePiece: ["Delete", "X"] }` (every action
    /// and its default keys: [`crate::keys::Action::ALL`]).
    pub keys: std::collections::BTreeMap<crate::keys::Action, Vec<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum WindowMode {
    #[default]
    Windowed,
    Borderless,
    Fullscreen,
}

impl WindowMode {
    pub const ALL: [WindowMode; 3] = [
        WindowMode::Windowed,
        WindowMode::Borderless,
        WindowMode::Fullscreen,
    ];
}

/// How much the renderer is asked to draw: `Low` turns off what software
/// rendering cannot afford (shadows, the lamp's light), `High` adds the
/// lamp's shadows and finer shadow maps (what each means: `window::shell::look`).
#[derive(
    bevy::prelude::Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default,
)]
pub enum Graphics {
    Low,
    #[default]
    Medium,
    High,
}

impl Graphics {
    pub const ALL: [Graphics; 3] = [Graphics::Low, Graphics::Medium, Graphics::High];
}

impl std::str::FromStr for Graphics {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "low" => Ok(Graphics::Low),
            "medium" => Ok(Graphics::Medium),
            "high" => Ok(Graphics::High),
            _ => Err(format!(
                "graphics quality is low, medium or high, not {s:?}"
            )),
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            master_volume: 0.8,
            effects_volume: 1.0,
            music_volume: 0.5,
            mute: false,
            window_mode: WindowMode::Windowed,
            window_size: (1280, 800),
            graphics: Graphics::Medium,
            camera_speed: 1.0,
            mouse_sensitivity: 1.0,
            animation_pace: 1.0,
            coach: true,
            follow_flick: false,
            keys: Default::default(),
        }
    }
}

/// (setting, lowest, highest) of every number.
const LIMITS: [(&str, f32, f32); 6] = [
    ("master_volume", 0.0, 1.0),
    ("effects_volume", 0.0, 1.0),
    ("music_volume", 0.0, 1.0),
    ("camera_speed", 0.2, 5.0),
    ("mouse_sensitivity", 0.2, 5.0),
    ("animation_pace", 0.25, 4.0),
];

impl Settings {
    fn numbers(&self) -> [f32; 6] {
        [
            self.master_volume,
            self.effects_volume,
            self.music_volume,
            self.camera_speed,
            self.mouse_sensitivity,
            self.animation_pace,
        ]
    }

    /// The loudness of an effect after the volumes (0 when muted).
    pub fn effects_gain(&self) -> f32 {
        if self.mute {
            0.0
        } else {
            self.master_volume * self.effects_volume
        }
    }

    /// The music's loudness after the volumes (0 when muted).
    pub fn music_gain(&self) -> f32 {
        if self.mute {
            0.0
        } else {
            self.master_volume * self.music_volume
        }
    }

    /// What is out of range, as (setting, message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        for ((name, lo, hi), v) in LIMITS.iter().zip(self.numbers()) {
            if !(v.is_finite() && (*lo..=*hi).contains(&v)) {
                out.push((*name, format!("`{name}` is {v}: it must be {lo} to {hi}")));
            }
        }
        let (w, h) = self.window_size;
        if !(320..=16384).contains(&w) || !(200..=16384).contains(&h) {
            out.push((
                "window_size",
                format!("`window_size` is {w}x{h}: from 320x200 to 16384x16384"),
            ));
        }
        if let Err(keys) = crate::keys::Bindings::with(&self.keys) {
            out.extend(keys.into_iter().map(|m| ("keys", m)));
        }
        out
    }

    /// Every action's keys: the defaults, with the player's own in place
    /// (the defaults alone while the player's do not check).
    pub fn bindings(&self) -> crate::keys::Bindings {
        crate::keys::Bindings::with(&self.keys).unwrap_or_default()
    }

    /// Reads a settings file: every problem at its file:line:col.
    pub fn load(path: &Path) -> Result<Settings, Problems> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Problems(vec![DataError::new(
                path,
                format!("cannot read the file: {e}"),
            )])
        })?;
        Self::parse(path, &text)
    }

    /// Parses the text of a settings file (named `path` in errors).
    pub fn parse(path: &Path, text: &str) -> Result<Settings, Problems> {
        let s: Settings = parse_ron(path, text).map_err(|e| Problems(vec![e]))?;
        Problems::check(
            s.problems()
                .into_iter()
                .map(|(field, m)| DataError::at_field(path, text, field, m))
                .collect(),
        )?;
        Ok(s)
    }

    /// The settings at `path`: a missing file gives the defaults and no
    /// message; a broken one the defaults and its problems (the file is
    /// left as it is).
    pub fn load_or_default(path: &Path) -> (Settings, Option<Problems>) {
        if !path.exists() {
            return (Settings::default(), None);
        }
        match Self::load(path) {
            Ok(s) => (s, None),
            Err(p) => (Settings::default(), Some(p)),
        }
    }

    /// Writes the settings to `path` whole or not at all (a new file beside
    /// it, then renamed over it), making its folder if need be.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = format!(
            "// highnoon's settings: written by the game's Settings screen; edit\n// by hand if you like (unknown names and numbers out of range are\n// reported, and the defaults used, until fixed).\n{}\n",
            ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
                .map_err(|e| e.to_string())?
        );
        crate::files::write_whole(path, &text)
    }
}

/// The player's settings as the window starts with them: from their file,
/// or the defaults (with the file's problems when it has any).
#[derive(bevy::prelude::Resource, Debug, Clone, Default)]
pub struct UserSettings {
    pub settings: Settings,
    /// Where they are saved (none when the platform has no configuration folder).
    pub path: Option<PathBuf>,
    /// Why the file was not used (file:line:col lines).
    pub problems: Option<String>,
}

impl UserSettings {
    /// Reads the settings file from the configuration folder; its problems
    /// are logged, one line each.
    pub fn load() -> Self {
        let path = settings_path();
        let (settings, problems) = match &path {
            Some(p) => Settings::load_or_default(p),
            None => (Settings::default(), None),
        };
        let problems = problems.map(|p| {
            for line in p.to_string().lines() {
                bevy::log::warn!("{line} (the settings' defaults are used)");
                eprintln!("{line} (the settings' defaults are used; the file is left as it is)");
            }
            p.to_string()
        });
        UserSettings {
            settings,
            path,
            problems,
        }
    }
}

/// Where the settings file is.
pub fn settings_path() -> Option<PathBuf> {
    crate::files::user(crate::files::Folders::settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file() {
        let dir = std::env::temp_dir().join(format!("highnoon-settings-{}", std::process::id()));
        let path = dir.join("nested").join("settings.ron");
        let s = Settings {
            master_volume: 0.25,
            music_volume: 0.1,
            mute: true,
            window_mode: WindowMode::Borderless,
            window_size: (1600, 900),
            graphics: Graphics::High,
            camera_speed: 2.0,
            mouse_sensitivity: 0.5,
            animation_pace: 1.5,
            coach: false,
            follow_flick: true,
            ..Settings::default()
        };
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path).unwrap(), s);
        assert!(
            !path
                .with_extension(format!("ron.{}.new", std::process::id()))
                .exists()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_setting_takes_its_default() {
        let s = Settings::parse(Path::new("s.ron"), "(mute: true)").unwrap();
        assert_eq!(
            s,
            Settings {
                mute: true,
                ..Settings::default()
            }
        );
        assert_eq!(s.effects_gain(), 0.0);
        assert_eq!(s.music_gain(), 0.0);
        let loud = Settings::default();
        assert_eq!(loud.music_gain(), loud.master_volume * loud.music_volume);
    }

    #[test]
    fn a_broken_settings_file_is_reported_where_it_is_and_left_alone() {
        let dir = std::env::temp_dir().join(format!("highnoon-broken-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.ron");
        for (text, line, col, words) in [
            (
                "(\n  mute: true,\n  master_volume: 1.5,\n)",
                3,
                3,
                "master_volume",
            ),
            ("(\n  mute: tru,\n)", 2, 9, ""),
            (
                "(\n  coach: true,\n  camra_speed: 2.0,\n)",
                3,
                3,
                "camera_speed",
            ),
            ("(\n  animation_pace: NaN,\n)", 2, 3, "animation_pace"),
            // One key to two actions, and a key that does not exist.
            (
                "(\n  coach: true,\n  keys: { Hint: [\"R\"] },\n)",
                3,
                3,
                "R is bound to both ResetTown and Hint",
            ),
            (
                "(\n  keys: {\n    Hint: [\"Hyper\"],\n  },\n)",
                2,
                3,
                "no key is called \"Hyper\"",
            ),
            ("(\n  keys: { Hunt: [\"G\"] },\n)", 2, 13, "Hunt"),
        ] {
            std::fs::write(&path, text).unwrap();
            let (s, problems) = Settings::load_or_default(&path);
            assert_eq!(s, Settings::default(), "{text}");
            let p = problems
                .unwrap_or_else(|| panic!("{text}: no problem reported"))
                .to_string();
            let at = format!("{}:{line}:", path.display());
            assert!(p.starts_with(&at), "{text}\n{p}\n(expected at {at}{col})");
            assert!(p.contains(words), "{p}");
            // Never written over.
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
