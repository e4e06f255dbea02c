//! The main menu: every game — Flick 'em Up's scenarios and sandbox, each card
//! game of the registry, and the games still to come — with its setup: players,
//! who sits in each seat (you or a bot of some level), the rule options and the
//! seed, read from the player's own setup of the game (else the shipped one)
//! and kept in the player's copy when they sit down with a change; the
//! player's own towns under a heading of their own, broken ones listed with
//! their problems; under each game, the record of your games at each level
//! ([`super::menu_record`]). A file with problems shows them (file:line:col)
//! here and starts nothing. Esc on a table comes back here.

use std::collections::HashMap;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::bot_level::Level;
use crate::cards::CardGame;
use crate::cards::registry::SetupForm;
use crate::cards::seating::{SeatKind, seats_for};
use crate::physics::table::Profile;
use crate::scenario::Town;
use crate::scenario::yours::{self, YourTown, towns_dir};
use crate::tables::cards::keep::CardRequest;
use crate::tables::flick::Seat;
use crate::tables::flick::session::Autoplay;
use crate::window::flick_table::panels::scenario_list;
use crate::window::flick_table::{FlickRequest, FlickTableError};
use crate::window::menu_record::{RecordView, practice_box, show_record};
use crate::window::{Screen, Start, WindowOptions};

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .init_resource::<Pictures>()
        .add_systems(Update, launch_from_command_line)
        .add_systems(OnEnter(Screen::Menu), (refresh_menu, set_the_empty_table))
        .add_systems(
            EguiPrimaryContextPass,
            show_menu.run_if(in_state(Screen::Menu)),
        );
}

/// Where the window starts, and the files the menu opens.
#[derive(Resource, Debug, Clone)]
pub struct Launch {
    /// Taken on the first frame.
    pub start: Option<Start>,
    pub town: PathBuf,
    pub profile: PathBuf,
    /// The seed of a scenario's face-down piles: a replay's own, else 1.
    pub seed: u64,
}

impl Launch {
    pub fn from_options(o: &WindowOptions) -> Self {
        Launch {
            start: Some(o.start.clone()),
            town: o.town.clone(),
            profile: o.profile_path.clone(),
            seed: o.replay.as_ref().map_or(1, |r| r.seed),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum Choice {
    #[default]
    Sandbox,
    Scenario(usize),
    /// One of the player's own towns.
    Yours(usize),
    Cards(CardGame),
}

/// A card game's setup as the menu holds it: the form, or the file's problems.
#[derive(Clone, Debug)]
struct CardEntry {
    path: PathBuf,
    form: Result<SetupForm, String>,
}

#[derive(Resource)]
struct MenuState {
    choice: Choice,
    scenarios: Vec<(PathBuf, String, String)>,
    /// The player's towns folder, and the towns in it (broken ones too,
    /// with their problems).
    towns: Option<PathBuf>,
    yours: Vec<YourTown>,
    cards: HashMap<CardGame, CardEntry>,
    /// Who plays the lawmen and the outlaws of a Flick 'em Up scenario.
    flick_seats: [Seat; 2],
    /// The Flick game is practice: flicks may be taken back.
    practice: bool,
    /// Why the last start failed.
    message: Option<String>,
    /// The game to continue, if one was kept, and where.
    kept: Option<SavedGame>,
    continue_file: crate::saves::ContinueFile,
    /// The record of your games, read when the menu opened.
    record: RecordView,
    /// The next card game sat down to is a practice game (not counted).
    card_practice: bool,
}

impl Default for MenuState {
    fn default() -> Self {
        MenuState {
            choice: Choice::default(),
            scenarios: Vec::new(),
            towns: None,
            yours: Vec::new(),
            cards: HashMap::new(),
            flick_seats: Seat::AGAINST_THE_COMPUTER,
            practice: false,
            message: None,
            kept: None,
            continue_file: crate::saves::ContinueFile::default(),
            record: RecordView::default(),
            card_practice: false,
        }
    }
}

fn read_entry(game: CardGame, path: PathBuf) -> CardEntry {
    let form = game.read_form(&path).map_err(|e| e.to_string());
    CardEntry { path, form }
}

/// Re-reads the scenario list and every card setup (files may have changed).
fn refresh_menu(
    mut state: ResMut<MenuState>,
    launch: Res<Launch>,
    profile: Res<Profile>,
    table_error: Res<FlickTableError>,
    continue_file: Res<crate::saves::ContinueFile>,
    record_file: Option<Res<crate::record::RecordFile>>,
    mut windows: Query<&mut Window>,
) {
    // The launch town is the sandbox entry already.
    let town = launch.town.canonicalize().unwrap_or(launch.town.clone());
    state.scenarios = scenario_list()
        .into_iter()
        .filter(|(p, _, _)| p.canonicalize().map_or(true, |p| p != town))
        .collect();
    state.towns = towns_dir();
    state.yours = state
        .towns
        .as_deref()
        .map(|d| yours::list(d, &profile.0))
        .unwrap_or_default();
    for game in CardGame::ALL {
        let path = state
            .cards
            .get(&game)
            .map_or_else(|| game.menu_setup(), |e| e.path.clone());
        state.cards.insert(game, read_entry(game, path));
    }
    if let Some(e) = &table_error.0 {
        state.message = Some(e.clone());
    }
    state.record = RecordView::read(record_file.as_deref());
    state.kept = None;
    state.continue_file = continue_file.clone();
    if let Some(path) = continue_file.0.clone().filter(|p| p.exists()) {
        match SavedGame::load(&path) {
            Ok(save) => state.kept = Some(save),
            Err(problems) => state.message = Some(set_aside(&path, &problems.to_string())),
        }
    }
    for mut w in &mut windows {
        w.title = "highnoon".into();
    }
}

/// Moves a save that cannot be continued aside, and says so.
fn set_aside(path: &std::path::Path, why: &str) -> String {
    let kept = match crate::saves::keep_aside(path) {
        Ok(aside) => format!("It is kept as {}.", aside.display()),
        Err(e) => format!("It could not be moved aside either: {e}"),
    };
    let message = format!("The saved game cannot be continued: {why}\n{kept}");
    warn!("{message}");
    message
}

/// Continues the kept game: checked first (a Flick game played again to
/// the table it left), set aside if it cannot be.
fn continue_kept(
    state: &mut MenuState,
    profile: &Profile,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    let Some(save) = state.kept.take() else {
        return;
    };
    let path = state.continue_file.0.clone();
    let checked = match &save.table {
        SavedTable::Flick(f) => f.resume(&profile.0).map(|_| ()),
        SavedTable::Cards(c) => match CardGame::from_key(&c.game) {
            Some(game) => crate::tables::cards::keep::check_saved(game, c),
            None => Err(format!("no card game called {:?}", c.game)),
        },
    };
    if let Err(e) = checked {
        if let Some(path) = path {
            state.message = Some(set_aside(&path, &e));
        }
        return;
    }
    state.message = None;
    match save.table {
        SavedTable::Flick(f) => {
            commands.insert_resource(FlickRequest {
                town: f.town.clone(),
                scenario: Some(f.scenario.clone()),
                profile: f.profile.clone(),
                seats: f.seats.map(|s| s.map_or(Seat::Human, Seat::Bot)),
                seed: f.seed,
                practice: f.practice,
                resume: Some(Box::new(f)),
            });
            next.set(Screen::Flick);
        }
        SavedTable::Cards(c) => {
            let Some(game) = CardGame::from_key(&c.game) else {
                return;
            };
            // A card game continued is practice or counted as it was.
            commands.insert_resource(crate::record::Practice(c.practice));
            commands.insert_resource(CardRequest {
                game,
                setup: c.setup.clone(),
                actions: 0,
                saved: Some(c),
            });
            next.set(Screen::Cards(game));
        }
    }
}

/// Behind the menu: the empty table, seen from your chair.
fn set_the_empty_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    look: Res<crate::window::shell::look::Look>,
    mut cameras: Query<&mut crate::window::shell::camera::OrbitCamera>,
) {
    let table = crate::window::shell::room::spawn_table(
        &mut commands,
        &mut meshes,
        &look,
        (1.5, 1.05),
        0.04,
    );
    commands.entity(table).insert(DespawnOnExit(Screen::Menu));
    for mut c in &mut cameras {
        *c = crate::window::shell::camera::OrbitCamera::card_table();
    }
    // The menu's view is the whole window: nothing to fit.
    commands.insert_resource(crate::window::shell::camera::Framing::default());
}

/// The first frame: go straight to the table the command line named (with
/// the computer in the seats `--vs` or `--watch` named; people in the others).
fn launch_from_command_line(
    mut launch: ResMut<Launch>,
    autoplay: Option<Res<Autoplay>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(start) = launch.start.take() else {
        return;
    };
    match start {
        Start::Menu => {}
        Start::Flick { scenario } => {
            let practice = autoplay.as_ref().is_some_and(|a| a.practice);
            let seats = autoplay.map_or(Seat::HOT_SEAT, |a| {
                a.bots.map(|level| level.map_or(Seat::Human, Seat::Bot))
            });
            commands.insert_resource(FlickRequest {
                town: launch.town.clone(),
                scenario,
                profile: launch.profile.clone(),
                seats,
                seed: launch.seed,
                resume: None,
                practice,
            });
            next.set(Screen::Flick);
        }
        Start::Edit { file } => {
            commands.remove_resource::<FlickRequest>();
            commands.insert_resource(crate::window::editor::EditRequest(file));
            next.set(Screen::Flick);
        }
        Start::Cards {
            game,
            setup,
            actions,
        } => {
            commands.insert_resource(CardRequest {
                game,
                setup,
                actions,
                saved: None,
            });
            next.set(Screen::Cards(game));
        }
    }
}

use crate::saves::{SavedGame, SavedTable};
use crate::settings::{Settings, UserSettings};
use crate::window::how_to_play::{HowToPlay, show_how_to_play};
use crate::window::shell::pictures::{Pictures, show_picture};
use crate::window::shell::settings_screen::{SettingsScreen, show_settings};
use crate::window::shell::style::{self, GOLD as TITLE, PROBLEM};

/// The menu's pictures, one a game (`assets/menu/NAME.png`).
pub const PICTURES: [&str; 5] = ["flick", "slapshot", "tabletown", "slap45", "gunfighter"];

/// The picture of a choice, and the game's name under it.
fn picture_of(choice: Choice) -> (&'static str, &'static str) {
    match choice {
        Choice::Sandbox | Choice::Scenario(_) | Choice::Yours(_) => ("flick", "Flick 'em Up!"),
        Choice::Cards(CardGame::Slapshot) => ("slapshot", "Slapshot"),
        Choice::Cards(CardGame::Tabletown) => ("tabletown", "Tabletown"),
        Choice::Cards(CardGame::Slap45) => ("slap45", "Slap .45"),
        Choice::Cards(CardGame::Gunfighter) => ("gunfighter", "The Gunfighter"),
    }
}

#[allow(clippy::too_many_arguments)]
fn show_menu(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    launch: Res<Launch>,
    profile: Res<Profile>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut pictures: ResMut<Pictures>,
    mut images: ResMut<Assets<Image>>,
    mut screens: Screens,
) -> Result {
    let (name, game) = picture_of(state.choice);
    let picture = pictures.get(name, &mut images, &mut contexts);
    let ctx = contexts.ctx_mut()?;
    let state = &mut *state;
    let keys: &crate::keys::Bindings = &screens.bindings;
    egui::Window::new("highnoon")
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .fixed_size([860.0, 600.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new("highnoon")
                        .font(style::display(32.0))
                        .color(TITLE),
                );
                ui.label("— a Wild West table. Pick a game.");
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Quit").clicked() {
                        exit.write(AppExit::Success);
                    }
                    if ui.button("Settings").clicked() {
                        screens.settings_screen.open();
                    }
                    if ui.button("How to play").clicked() {
                        screens.how.open_at(name);
                    }
                });
            });
            ui.separator();
            if let Some(kept) = &state.kept {
                let title = kept.title.clone();
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new("Continue").font(style::display(18.0)))
                        .on_hover_text("The game you left, where you left it")
                        .clicked()
                    {
                        continue_kept(state, &profile, &mut commands, &mut next);
                    }
                    ui.label(title);
                });
                ui.separator();
            }
            ui.columns(2, |cols| {
                egui::ScrollArea::vertical()
                    .id_salt("games")
                    .show(&mut cols[0], |ui| game_list(ui, state));
                egui::ScrollArea::vertical()
                    .id_salt("setup")
                    .show(&mut cols[1], |ui| {
                        show_picture(ui, picture, ui.available_width().min(360.0), game);
                        ui.add_space(4.0);
                        setup_panel(ui, state, keys, &launch, &profile, &mut commands, &mut next)
                    });
            });
        });
    let Screens {
        settings_screen,
        how,
        settings,
        user,
        bindings,
    } = &mut screens;
    show_settings(&mut contexts, settings_screen, settings, user)?;
    show_how_to_play(&mut contexts, how, &mut pictures, &mut images, bindings)
}

/// The screens the menu opens over itself.
#[derive(bevy::ecs::system::SystemParam)]
struct Screens<'w> {
    settings_screen: ResMut<'w, SettingsScreen>,
    how: ResMut<'w, HowToPlay>,
    settings: ResMut<'w, Settings>,
    user: ResMut<'w, UserSettings>,
    bindings: Res<'w, crate::keys::Bindings>,
}

fn game_list(ui: &mut egui::Ui, state: &mut MenuState) {
    ui.label(
        egui::RichText::new("Flick 'em Up!")
            .font(style::display(18.0))
            .color(TITLE),
    );
    ui.selectable_value(
        &mut state.choice,
        Choice::Sandbox,
        "Sandbox: the standard town",
    );
    for i in 0..state.scenarios.len() {
        let title = state.scenarios[i].1.clone();
        ui.selectable_value(&mut state.choice, Choice::Scenario(i), title);
    }
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new("Your towns")
            .font(style::display(18.0))
            .color(TITLE),
    );
    if state.yours.is_empty() {
        ui.weak("None yet: \"Edit this town\" on a scenario makes your copy here.");
    }
    let titles: Vec<Option<&String>> = state
        .yours
        .iter()
        .map(|t| t.read.as_ref().ok().map(|(title, _)| title))
        .collect();
    // Two towns of one title (a copy saved under another name) are told
    // apart by their files.
    let labels: Vec<(String, bool)> = (0..state.yours.len())
        .map(|i| match titles[i] {
            Some(title) if titles.iter().filter(|t| **t == Some(title)).count() > 1 => (
                format!("{title} ({})", file_name(&state.yours[i].path)),
                false,
            ),
            Some(title) => (title.clone(), false),
            None => (file_name(&state.yours[i].path), true),
        })
        .collect();
    for (i, (title, broken)) in labels.into_iter().enumerate() {
        let text = if broken {
            egui::RichText::new(format!("{title} (has problems)")).color(PROBLEM)
        } else {
            egui::RichText::new(title)
        };
        ui.selectable_value(&mut state.choice, Choice::Yours(i), text);
    }
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new("Card games")
            .font(style::display(18.0))
            .color(TITLE),
    );
    for game in CardGame::ALL {
        ui.selectable_value(&mut state.choice, Choice::Cards(game), game.title());
    }
}

fn setup_panel(
    ui: &mut egui::Ui,
    state: &mut MenuState,
    keys: &crate::keys::Bindings,
    launch: &Launch,
    profile: &Profile,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    if let Some(m) = &state.message {
        ui.colored_label(PROBLEM, m);
        ui.separator();
    }
    match state.choice {
        Choice::Yours(i) if i < state.yours.len() && state.yours[i].read.is_err() => {
            let town = state.yours[i].clone();
            ui.heading(file_name(&town.path));
            ui.colored_label(
                PROBLEM,
                "This town has problems; fix it in the editor or by hand:",
            );
            for line in town.read.as_ref().err().into_iter().flat_map(|e| e.lines()) {
                ui.colored_label(PROBLEM, egui::RichText::new(line).monospace());
            }
            ui.weak(shown_path(&town.path, state.towns.as_deref()))
                .on_hover_text(town.path.display().to_string());
            ui.add_space(10.0);
            edit_town_button(ui, state, &town.path, commands, next);
        }
        Choice::Sandbox | Choice::Scenario(_) | Choice::Yours(_) => {
            let (town, scenario, title, about) = match state.choice {
                Choice::Scenario(i) if i < state.scenarios.len() => {
                    let (path, title, about) = state.scenarios[i].clone();
                    let is_game = !title.ends_with("(sandbox)");
                    (path.clone(), is_game.then_some(path), title, about)
                }
                Choice::Yours(i) if i < state.yours.len() => {
                    let town = state.yours[i].clone();
                    let (title, about) = town.read.clone().unwrap_or_default();
                    (town.path.clone(), town.scenario.then_some(town.path), title, about)
                }
                _ => (
                    launch.town.clone(),
                    None,
                    "Sandbox".to_string(),
                    keys.fill("Flick any disc, knock the town over, press {ResetTown} to set it up again."),
                ),
            };
            ui.heading(&title);
            ui.label(&about);
            ui.add_space(6.0);
            if scenario.is_some() {
                flick_seats(ui, &mut state.flick_seats);
                show_record(ui, &state.record, crate::record::FLICK);
                ui.checkbox(&mut state.practice, "Practice: take flicks back")
                    .on_hover_text(
                        "Take back your last flick and try it again; the record of your games counts it as practice",
                    );
            } else {
                ui.label("No rules: free flicks on the town.");
            }
            ui.weak(shown_path(&town, state.towns.as_deref()))
                .on_hover_text(town.display().to_string());
            ui.add_space(10.0);
            if ui
                .button(egui::RichText::new("Sit down at the table").size(18.0))
                .clicked()
            {
                match Town::load(&town, &profile.0) {
                    Ok(_) => {
                        state.message = None;
                        commands.insert_resource(FlickRequest {
                            town: town.clone(),
                            scenario,
                            profile: launch.profile.clone(),
                            seats: state.flick_seats,
                            seed: 1,
                            resume: None,
                            practice: state.practice,
                        });
                        next.set(Screen::Flick);
                    }
                    Err(e) => state.message = Some(e.to_string()),
                }
            }
            ui.add_space(4.0);
            edit_town_button(ui, state, &town, commands, next);
        }
        Choice::Cards(game) => card_setup(ui, state, game, commands, next),
    }
}

/// Where a town file is, said short: the shipped data's own name for it
/// (`scenarios/x.ron`), `your towns/x.ron` for the player's, else the path.
fn shown_path(path: &std::path::Path, towns: Option<&std::path::Path>) -> String {
    let real = crate::shipped::real_path(path);
    if let Ok(name) = real.strip_prefix(crate::shipped::real_root()) {
        return format!("shipped: {}", name.display());
    }
    match towns.and_then(|d| path.strip_prefix(d).ok().map(|p| p.display().to_string())) {
        Some(name) => format!("your towns/{name}"),
        None => path.display().to_string(),
    }
}

/// A file's name, for a town that does not read.
fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// *Edit this town*: the editor on the player's own town, or on their copy
/// of a shipped one (made on the first edit; the shipped file is never
/// written). The editor opens the file whatever its problems (it shows
/// them on the pieces); one that does not read stays in the menu.
fn edit_town_button(
    ui: &mut egui::Ui,
    state: &mut MenuState,
    town: &std::path::Path,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    if !ui
        .button("Edit this town")
        .on_hover_text("the town editor: on your own town, or on your copy of a shipped one")
        .clicked()
    {
        return;
    }
    let file = state
        .towns
        .clone()
        .ok_or_else(|| "no folder for your towns (no home folder)".to_string())
        .and_then(|towns| yours::to_edit(town, &crate::scenario::data_root(), &towns));
    match file.and_then(|f| {
        crate::editor::EditTown::open(&f)
            .map(|_| f)
            .map_err(|e| e.to_string())
    }) {
        Ok(file) => {
            state.message = None;
            commands.remove_resource::<FlickRequest>();
            commands.insert_resource(crate::window::editor::EditRequest(file));
            next.set(Screen::Flick);
        }
        Err(e) => state.message = Some(e),
    }
}

/// Who plays each team of a scenario: a person or a bot of some level.
fn flick_seats(ui: &mut egui::Ui, seats: &mut [Seat; 2]) {
    egui::Grid::new("flick seats")
        .num_columns(2)
        .show(ui, |ui| {
            for (i, team) in ["Lawmen", "Outlaws"].into_iter().enumerate() {
                ui.label(team);
                egui::ComboBox::from_id_salt(("flick seat", i))
                    .selected_text(seat_label(seats[i]))
                    .show_ui(ui, |ui| {
                        for seat in Seat::ALL {
                            ui.selectable_value(&mut seats[i], seat, seat_label(seat));
                        }
                    });
                ui.end_row();
            }
        });
    ui.label(match seats.map(Seat::bot) {
        [None, None] => {
            "Hot seat: two players at one computer, the program referees every rule.".to_string()
        }
        [Some(_), Some(_)] => "The computer plays both teams: sit back and watch.".to_string(),
        [None, Some(_)] | [Some(_), None] => {
            "You against the computer; the program referees every rule.".to_string()
        }
    });
}

fn seat_label(seat: Seat) -> String {
    match seat {
        Seat::Human => "a person (the mouse)".to_string(),
        bot => bot.to_string(),
    }
}

const SEAT_KINDS: [SeatKind; 6] = [
    SeatKind::You,
    SeatKind::Bot(Level::Random),
    SeatKind::Bot(Level::Easy),
    SeatKind::Bot(Level::Normal),
    SeatKind::Bot(Level::Hard),
    SeatKind::Bot(Level::Expert),
];

fn card_setup(
    ui: &mut egui::Ui,
    state: &mut MenuState,
    game: CardGame,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    ui.heading(game.title());
    ui.label(game.blurb());
    let Some(entry) = state.cards.get_mut(&game) else {
        return;
    };
    ui.horizontal(|ui| {
        let shipped = game.default_setup();
        if entry.path == shipped {
            ui.weak("the shipped setup");
        } else {
            ui.weak("your setup")
                .on_hover_text(entry.path.display().to_string());
            if ui
                .small_button("shipped setup")
                .on_hover_text(
                    "Start again from the game's own setup (yours is replaced when you sit down)",
                )
                .clicked()
            {
                *entry = read_entry(game, shipped);
            }
        }
    });
    ui.add_space(6.0);
    let form = match &mut entry.form {
        Ok(form) => form,
        Err(problems) => {
            ui.colored_label(
                PROBLEM,
                "The setup file has problems; fix it and read it again:",
            );
            for line in problems.lines() {
                ui.colored_label(PROBLEM, egui::RichText::new(line).monospace());
            }
            if ui.button("Read the file again").clicked() {
                *entry = read_entry(game, entry.path.clone());
            }
            return;
        }
    };
    let mut players = form.players;
    ui.add(egui::Slider::new(&mut players, game.players()).text("players"));
    if players != form.players {
        form.players = players;
        form.seats = seats_for(&form.seats, players);
    }
    egui::Grid::new("seats").num_columns(2).show(ui, |ui| {
        for seat in 0..form.seats.len() {
            ui.label(format!("seat {seat}"));
            let mut kind = form.seats[seat];
            egui::ComboBox::from_id_salt(("seat", seat))
                .selected_text(kind.to_string())
                .show_ui(ui, |ui| {
                    for k in SEAT_KINDS {
                        ui.selectable_value(&mut kind, k, k.to_string());
                    }
                });
            if kind != form.seats[seat] {
                if kind == SeatKind::You {
                    // One person at the table: the seat they left gets a bot.
                    for s in form.seats.iter_mut().filter(|s| **s == SeatKind::You) {
                        *s = SeatKind::Bot(Level::Normal);
                    }
                }
                form.seats[seat] = kind;
            }
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    ui.label("Rules (all off: the rule book's basic game)");
    for (option, on) in game.options().iter().zip(form.options.iter_mut()) {
        ui.checkbox(on, option.label).on_hover_text(option.about);
    }
    ui.horizontal(|ui| {
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut form.seed));
        if ui.small_button("new").clicked() {
            form.seed = form
                .seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407)
                % 1_000_000;
        }
    });
    show_record(ui, &state.record, game.key());
    practice_box(ui, &state.record, &mut state.card_practice);
    ui.add_space(10.0);
    if ui
        .button(egui::RichText::new("Sit down at the table").size(18.0))
        .on_hover_text("Keeps your setup (in your own folder, when you changed it), then deals")
        .clicked()
    {
        // The player's own file; with no home folder, one for this run.
        let to = game
            .user_setup()
            .unwrap_or_else(|| std::env::temp_dir().join(format!("highnoon-{}.ron", game.key())));
        match form.save(&to) {
            Ok(saved) => {
                entry.path = saved.path.clone();
                *form = saved;
                state.message = None;
                commands.insert_resource(crate::record::Practice(state.card_practice));
                commands.insert_resource(CardRequest {
                    game,
                    setup: entry.path.clone(),
                    actions: 0,
                    saved: None,
                });
                next.set(Screen::Cards(game));
            }
            Err(e) => entry.form = Err(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::window::shell::pictures::{picture_path, read_picture};

    #[test]
    fn every_game_in_the_menu_has_a_picture() {
        let mut choices = vec![Choice::Sandbox, Choice::Scenario(0)];
        choices.extend(CardGame::ALL.map(Choice::Cards));
        for choice in choices {
            let (name, game) = picture_of(choice);
            assert!(PICTURES.contains(&name), "{game}");
            let image = read_picture(&picture_path(name)).unwrap_or_else(|e| panic!("{e}"));
            assert!(image.width() >= 200 && image.height() >= 120, "{game}");
        }
    }
}
