//! `play` (and no command at all): the window. `play` goes straight to a
//! table: the sandbox, a card game by name, or a town, scenario or card
//! setup file. Also the options: the data files (`DataArgs`), global to
//! every command, and the window's (`WindowArgs`), only on the commands
//! that open one.

use std::path::PathBuf;
use std::process::ExitCode;

use highnoon::bot_level::Level;
use highnoon::cards::CardGame;
use highnoon::scenario::{self, PhysicsProfile, Town};
use highnoon::tables::flick::script::ScriptedFlick;
use highnoon::window::{Start, WindowOptions};

use super::{fail, game_keys, parse};

/// The data files every command reads: `--town`, `--profile`, `--scenario`,
/// accepted before or after any command. (Plain comments on these structs:
/// clap turns a flattened struct's doc comment into its parent's `about`.)
#[derive(clap::Args, Debug, Clone, Default)]
pub struct DataArgs {
    /// Town file (RON).
    #[arg(long, global = true)]
    pub town: Option<PathBuf>,
    /// Physics profile (RON).
    #[arg(long, global = true)]
    pub profile: Option<PathBuf>,
    /// Play this scenario (a file in scenarios/ with a `game` section).
    #[arg(long, global = true)]
    pub scenario: Option<PathBuf>,
}

// The window's options: only on the commands that open one (none, `play`,
// `edit`, `replay`, `bench render`).
#[derive(clap::Args, Debug, Clone)]
pub struct WindowArgs {
    /// Render, save a PNG screenshot here and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 90)]
    pub frames: u32,
    /// Show an aim in progress: NAME,ANGLE_DEG,STRENGTH (0° = +x, 90° = toward the player).
    #[arg(long)]
    pub aim: Option<ScriptedFlick>,
    /// Flick a piece at start: NAME,ANGLE_DEG,STRENGTH.
    #[arg(long)]
    pub flick: Option<ScriptedFlick>,
    /// With --scenario: let a seeded random player play this many steps first.
    #[arg(long, default_value_t = 0)]
    pub autoplay: usize,
    /// With a scenario: the computer plays the outlaws at this level (random,
    /// easy, normal, hard); you play the lawmen.
    #[arg(long)]
    pub vs: Option<Level>,
    /// With a scenario: the computer plays both teams at this level; you watch.
    #[arg(long)]
    pub watch: Option<Level>,
    /// With a scenario: a practice game (your flicks may be taken back;
    /// the record of your games marks it practice).
    #[arg(long)]
    pub practice: bool,
    /// At the card table: bots play this many actions at once first (a game in
    /// progress, for screenshots).
    #[arg(long, default_value_t = 0)]
    pub actions: usize,
    /// Window size, WIDTHxHEIGHT (by default the settings' size, else 1280x800).
    #[arg(long, value_parser = parse::size)]
    pub size: Option<(u32, u32)>,
    /// Graphics quality: low (no shadows, no lamp, plain colours: for
    /// software rendering), medium or high (the lamp's shadows too); by
    /// default the settings' quality, else medium.
    #[arg(long)]
    pub graphics: Option<highnoon::window::shell::look::Graphics>,
    /// With --screenshot: look from YAW_DEG,PITCH_DEG,DISTANCE_M[,X_M,Z_M]
    /// (yaw 0 from the player's seat, pitch above the table, the point looked at).
    #[arg(long, value_parser = parse::camera)]
    pub camera: Option<highnoon::window::shell::camera::OrbitCamera>,
}

impl Default for WindowArgs {
    /// The options as the command line leaves them when none is given.
    fn default() -> Self {
        #[derive(clap::Parser)]
        struct None_ {
            #[command(flatten)]
            window: WindowArgs,
        }
        <None_ as clap::Parser>::parse_from(["highnoon"]).window
    }
}

/// What a window command was told: the data files and the window's options.
#[derive(Debug, Clone, Default)]
pub struct PlayArgs {
    pub data: DataArgs,
    pub window: WindowArgs,
}

impl PlayArgs {
    /// The data files and the window's options together.
    pub fn new(data: &DataArgs, window: &WindowArgs) -> PlayArgs {
        PlayArgs {
            data: data.clone(),
            window: window.clone(),
        }
    }
}

impl DataArgs {
    /// The physics profile's file: `--profile`, or the shipped one.
    pub fn profile_path(&self) -> PathBuf {
        self.profile
            .clone()
            .unwrap_or_else(scenario::default_profile_path)
    }

    /// The town's file: `--town`, or the standard town.
    pub fn town_path(&self) -> PathBuf {
        self.town
            .clone()
            .unwrap_or_else(scenario::default_town_path)
    }
}

impl PlayArgs {
    /// The window's size: the command line's, else the player's settings'.
    pub fn window_size(&self, settings: &highnoon::settings::Settings) -> (u32, u32) {
        self.window.size.unwrap_or(settings.window_size)
    }

    /// The graphics quality: the command line's, else the player's settings'.
    pub fn graphics(
        &self,
        settings: &highnoon::settings::Settings,
    ) -> highnoon::settings::Graphics {
        self.window.graphics.unwrap_or(settings.graphics)
    }

    /// `--screenshot FILE --frames N`: what the window saves, and when.
    pub fn screenshot_script(&self) -> highnoon::window::shell::screenshot::ScreenshotScript {
        highnoon::window::shell::screenshot::ScreenshotScript {
            path: self.window.screenshot.clone(),
            frames: self.window.frames,
            camera: self.window.camera,
        }
    }

    /// Whether options of the Flick table were given: without a command they
    /// open it rather than the menu.
    pub fn flick_options(&self) -> bool {
        self.data.scenario.is_some()
            || self.data.town.is_some()
            || self.window.aim.is_some()
            || self.window.flick.is_some()
    }
}

/// `play [TARGET]`: the table to open.
#[derive(clap::Args, Debug, Default)]
pub struct PlayCli {
    /// A card game's name, or a town, scenario or card setup file (RON).
    pub target: Option<String>,
    #[command(flatten)]
    pub window: WindowArgs,
}

impl PlayCli {
    /// Opens the table named (the sandbox, or `--scenario`, if none). A plain
    /// town file becomes the sandbox's town.
    pub fn run(self, data: &DataArgs) -> ExitCode {
        let mut play = PlayArgs::new(data, &self.window);
        let start = match self.target {
            None => Start::Flick {
                scenario: play.data.scenario.clone(),
            },
            Some(t) => match CardGame::from_key(&t.to_lowercase()) {
                Some(game) => Start::Cards {
                    game,
                    // The player's own setup (the menu's last), but the
                    // shipped one for a scripted run.
                    setup: if play.window.actions == 0 && play.window.screenshot.is_none() {
                        game.menu_setup()
                    } else {
                        game.default_setup()
                    },
                    actions: play.window.actions,
                },
                None => {
                    let file = PathBuf::from(&t);
                    let text = match std::fs::read_to_string(&file) {
                        Ok(text) => text,
                        Err(e) => {
                            eprintln!(
                                "error: `{t}` is neither a game ({}) nor a file I can read: {e}",
                                game_keys()
                            );
                            return ExitCode::from(2);
                        }
                    };
                    if let Some(game) = CardGame::of_setup(&text) {
                        Start::Cards {
                            game,
                            setup: file,
                            actions: play.window.actions,
                        }
                    } else if text.contains("game:") || text.contains("game :") {
                        // A scenario plays a game; a plain town opens the sandbox on it.
                        Start::Flick {
                            scenario: Some(file),
                        }
                    } else {
                        play.data.town = Some(file);
                        Start::Flick { scenario: None }
                    }
                }
            },
        };
        open_window(&play, start)
    }
}

/// Checks what the window will open, then opens it.
pub fn open_window(play: &PlayArgs, start: Start) -> ExitCode {
    let profile_path = play.data.profile_path();
    let town = play.data.town_path();
    let profile = match PhysicsProfile::load(&profile_path) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    // Bad files are reported here, before a window opens.
    match &start {
        Start::Flick { scenario } => {
            let file = scenario.clone().unwrap_or(town.clone());
            if let Err(e) = Town::load(&file, &profile) {
                return fail(&e);
            }
        }
        Start::Cards { game, setup, .. } => {
            if let Err(e) = game.validate(setup) {
                return fail(&e);
            }
        }
        // The editor opens any file it can read; one it cannot read is said here.
        Start::Edit { file } => {
            if let Err(e) = highnoon::editor::EditTown::open(file) {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
        Start::Menu => {}
    }
    let settings = highnoon::settings::UserSettings::load();
    highnoon::window::run_window(
        profile,
        WindowOptions {
            start,
            size: play.window_size(&settings.settings),
            graphics: play.graphics(&settings.settings),
            screenshot: play.screenshot_script(),
            flick_script: highnoon::tables::flick::script::FlickScript {
                aim: play.window.aim.clone(),
                flick: play.window.flick.clone(),
            },
            autoplay: highnoon::tables::flick::session::Autoplay {
                steps: play.window.autoplay,
                seed: 1,
                bots: match (play.window.watch, play.window.vs) {
                    (Some(l), _) => [Some(l), Some(l)],
                    (None, vs) => [None, vs],
                },
                practice: play.window.practice,
            },
            town,
            profile_path,
            replay: None,
            table_replay: None,
        },
        settings,
    )
}
