//! The panels of a scenario at the Flick table: the clock and whose turn it
//! is, the buttons for the rules' choices, the cowboys, the log and the end
//! of the game; and the list of scenarios to start. What is clicked becomes
//! a [`FlickIntent`]; the panels decide nothing.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::sets::FlickPanels;
use crate::bot_level::Level;
use crate::flick::driver::Step;
use crate::flick::referee::{SetDown, Side};
use crate::flick::rules::{Intent, Outcome, Phase, colour_name, hour_colour};
use crate::scenario::kinds::{HatSide, Team};
use crate::scenario::{self, Town};
use crate::tables::flick::FlickSystems;
use crate::tables::flick::bots::{BotTurn, ReplayScript};
use crate::tables::flick::seats::{Seats, level_title};
use crate::tables::flick::session::{FlickAction, FlickIntent, FlickSession, ScenarioPlay};
use crate::window::shell::dock::Dock;
use crate::window::shell::style::{self, GOLD, PROBLEM};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_back_with_key
            .in_set(crate::tables::FrameSystems::Input)
            .run_if(not(resource_exists::<crate::tables::flick::TableEdited>))
            .in_set(FlickSystems),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (
            show_game_panels.in_set(FlickPanels::Game),
            show_log_and_scenarios.in_set(FlickPanels::Log),
        )
            .in_set(FlickSystems),
    );
}

/// Backspace: take back the last flick (a practice game; a counted game
/// refuses, and the panel says why).
fn take_back_with_key(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    mut intents: MessageWriter<FlickIntent>,
) {
    if bindings.just_pressed(&keys, crate::keys::Action::TakeBack) {
        intents.write(FlickIntent::person(FlickAction::TakeBack));
    }
}

fn team_name(team: Team) -> &'static str {
    match team {
        Team::Lawmen => "Lawmen",
        Team::Outlaws => "Outlaws",
        Team::Neutral => "Townsfolk",
    }
}

fn hat_colour32(side: HatSide) -> egui::Color32 {
    match side {
        HatSide::Red => egui::Color32::from_rgb(210, 50, 40),
        HatSide::Blue => egui::Color32::from_rgb(60, 100, 220),
    }
}

/// The label of an intent's button.
fn describe(play: &ScenarioPlay, intent: &Intent) -> String {
    let game = &play.referee.game;
    let c = |i: usize| game.cowboys[i].name.clone();
    match intent {
        Intent::Play(i) => format!("Play {}", c(*i)),
        Intent::Move => "Move".into(),
        Intent::Shoot => "Shoot".into(),
        Intent::ThrowDynamite => "Throw dynamite".into(),
        Intent::Take { token, give: None } => format!("Take the {token:?}"),
        Intent::Take {
            token,
            give: Some(g),
        } => {
            let cowboy = game.current_cowboy().map(|i| game.cowboys[i].tokens[*g]);
            format!(
                "Take the {token:?}, leave the {:?}",
                cowboy.unwrap_or(*token)
            )
        }
        Intent::Draw => "Draw a face-down token".into(),
        Intent::Keep { keep: false, .. } => "Leave it face up".into(),
        Intent::Keep {
            keep: true,
            give: None,
        } => "Keep it".into(),
        Intent::Keep {
            keep: true,
            give: Some(g),
        } => format!("Keep it, leave token {}", g + 1),
        Intent::Drop(i) => {
            let t = game.current_cowboy().map(|c| game.cowboys[c].tokens[*i]);
            t.map_or_else(
                || "Leave a token".to_string(),
                |t| format!("Leave the {t:?}"),
            )
        }
        Intent::EndTurn => "End the turn".into(),
    }
}

/// The scenario files, with their titles.
pub fn scenario_list() -> Vec<(PathBuf, String, String)> {
    let dir = scenario::data_root().join("scenarios");
    let files = scenario::ron_files(&dir).unwrap_or_default();
    let mut out: Vec<(PathBuf, String, String)> = files
        .into_iter()
        .filter_map(|p| {
            let (town, _): (Town, String) = scenario::load_ron(&p).ok()?;
            let title = if town.game.is_some() {
                town.name
            } else {
                format!("{} (sandbox)", town.name)
            };
            Some((p, title, town.description))
        })
        .collect();
    out.sort_by(|a, b| a.1.cmp(&b.1));
    out
}

/// The game's sections: the clock, whose turn and its choices; the cowboys;
/// and the verdict at high noon.
#[allow(clippy::too_many_arguments)]
fn show_game_panels(
    mut contexts: EguiContexts,
    session: Res<FlickSession>,
    mut intents: MessageWriter<FlickIntent>,
    mut wants: ResMut<crate::window::shell::pointer::EguiWantsPointer>,
    seats: Res<Seats>,
    bots: Res<BotTurn>,
    replay: Option<Res<ReplayScript>>,
    mut dock: ResMut<Dock>,
    keys: Res<crate::keys::Bindings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(play) = session.scenario() else {
        return Ok(());
    };
    let game = &play.referee.game;
    let replaying = session.replaying();
    let replay = replay.is_some();
    dock.section(ctx, "Flick 'em Up!", true, |ui| {
        for action in show_turn(ui, &session, play, &seats, &bots, replay, &keys) {
            intents.write(FlickIntent::person(action));
        }
    });
    // What wins, in the file's words and its rules': the menu showed the
    // description once, the table keeps it in view.
    dock.section(ctx, "To win", true, |ui| show_how_to_win(ui, play));
    dock.section(ctx, "Cowboys", true, |ui| show_cowboys(ui, play));
    if let Some(outcome) = game.outcome()
        && !replaying
        && let Some(again) = show_high_noon(ctx, &dock, &session, play, outcome)
    {
        intents.write(again);
    }
    wants.0 |= ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    Ok(())
}

/// The game's first section: clock, turn, last flick, problems; returns the choices clicked.
fn show_turn(
    ui: &mut egui::Ui,
    session: &FlickSession,
    play: &ScenarioPlay,
    seats: &Seats,
    bots: &BotTurn,
    replay: bool,
    keys: &crate::keys::Bindings,
) -> Vec<FlickAction> {
    let game = &play.referee.game;
    let replaying = session.replaying();
    let mut actions = Vec::new();
    show_clock(ui, play);
    let bot = seats.bot_to_act(game);
    let bots_turn = bot.is_some();
    show_whose_turn(ui, play, bot, replay);
    if !bots_turn
        && matches!(
            game.phase,
            Phase::AwaitShots { .. } | Phase::AwaitBlast { .. }
        )
    {
        actions.extend(choose_bullet_side(ui, play));
    }
    show_last_flick(ui, play);
    if session.practice() {
        actions.extend(offer_take_back(ui, session, keys));
    }
    if let Some(m) = &session.message {
        ui.colored_label(PROBLEM, m);
    }
    if let Some(m) = &bots.problem {
        ui.colored_label(PROBLEM, m);
    }
    ui.separator();
    if let Some((team, level)) = bot
        && !replaying
    {
        ui.colored_label(
            egui::Color32::from_rgb(255, 200, 90),
            bot_line(play, bots, team, seat_title(level, replay)),
        );
    } else if !replaying {
        actions.extend(choose_intents(ui, play));
    } else {
        ui.label("…");
    }
    actions
}

/// The hour, large, and its colour (or high noon).
fn show_clock(ui: &mut egui::Ui, play: &ScenarioPlay) {
    let game = &play.referee.game;
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(format!("{} o'clock", game.hour.min(12)))
                .font(style::display(20.0))
                .color(GOLD),
        );
        if game.hour >= 12 {
            ui.label("high noon");
        } else {
            let colour = hour_colour(game.hour);
            ui.colored_label(
                hat_colour32(colour),
                format!("{} hour", colour_name(colour)),
            );
        }
    });
}

/// The team to play (its computer seat, if one) and what the cowboy to act is doing.
fn show_whose_turn(
    ui: &mut egui::Ui,
    play: &ScenarioPlay,
    bot: Option<(Team, Level)>,
    replay: bool,
) {
    let game = &play.referee.game;
    if let Some(team) = game.current_team() {
        match bot {
            Some((_, level)) => ui.label(format!(
                "{} ({}) to play",
                team_name(team),
                seat_title(level, replay)
            )),
            None => ui.label(format!("{} to play", team_name(team))),
        };
    }
    if let Some(c) = game.current_cowboy() {
        let cowboy = &game.cowboys[c];
        let phase = describe_phase(&game.phase, bot.is_some());
        ui.label(egui::RichText::new(format!("{} — {phase}", cowboy.name)).strong());
    }
}

/// What the cowboy to act is doing in `phase`: a computer seat's step or the person's task.
fn describe_phase(phase: &Phase, bots_turn: bool) -> String {
    match phase {
        Phase::Acting { actions_left, .. } => format!("{actions_left} action(s) left"),
        Phase::AwaitMove { .. } if bots_turn => "moving".into(),
        Phase::AwaitShots { .. } if bots_turn => "shooting".into(),
        Phase::AwaitBlast { .. } if bots_turn => "throwing the dynamite".into(),
        Phase::AwaitMove { .. } => "drag back from him to move (the movement disc)".into(),
        Phase::AwaitShots { bullets_left, .. } => {
            format!("drag back from him to shoot ({bullets_left} bullet(s))")
        }
        Phase::AwaitBlast { .. } => "drag back from him to throw the dynamite".into(),
        Phase::AwaitKeep { token, .. } => format!("revealed: {token:?}"),
        _ => String::new(),
    }
}

/// The side of the cowboy the bullet starts from; returns the sides clicked.
fn choose_bullet_side(ui: &mut egui::Ui, play: &ScenarioPlay) -> Vec<FlickAction> {
    // The second bullet of two goes on the side the first did not.
    let sides = play.referee.shot_sides();
    let mut actions = Vec::new();
    ui.horizontal(|ui| {
        ui.label("bullet on his");
        for side in [Side::Left, Side::Right] {
            let label = egui::Button::selectable(play.side == side, side.name());
            if ui.add_enabled(sides.contains(&side), label).clicked() {
                actions.push(FlickAction::Side(side));
            }
        }
    });
    actions
}

/// A practice game's line: the *Take back* button while a flick of the
/// person's may be taken back.
fn offer_take_back(
    ui: &mut egui::Ui,
    session: &FlickSession,
    keys: &crate::keys::Bindings,
) -> Option<FlickAction> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.label("Practice game");
        let n = session.takebacks();
        if ui
            .add_enabled(
                n > 0,
                egui::Button::new(keys.fill("Take back ({TakeBack})")),
            )
            .on_hover_text(format!(
                "Put the table back as it was before your last flick ({n} may be taken back)"
            ))
            .clicked()
        {
            asked = Some(FlickAction::TakeBack);
        }
    });
    asked
}

/// How far the last flick went and what it touched.
fn show_last_flick(ui: &mut egui::Ui, play: &ScenarioPlay) {
    if let Some(o) = &play.referee.last_outcome {
        let touched: Vec<&str> = o.touched.iter().map(|t| t.name.as_str()).collect();
        ui.label(format!(
            "last flick: {:.0} cm, touched {}",
            o.travelled * 100.0,
            if touched.is_empty() {
                "nothing".to_string()
            } else {
                touched.join(", ")
            }
        ));
    }
}

/// A button per rule choice, and per blocked door while acting; returns the choices clicked.
fn choose_intents(ui: &mut egui::Ui, play: &ScenarioPlay) -> Vec<FlickAction> {
    let game = &play.referee.game;
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for intent in game.legal_intents() {
            if ui.button(describe(play, &intent)).clicked() {
                actions.push(FlickAction::Step(Step::Intent(intent)));
            }
        }
    });
    set_down_choices(ui, play, &mut actions);
    if matches!(game.phase, Phase::Acting { .. }) {
        for b in &play.blocked_doors {
            if ui
                .button(format!("Move the objects from the {}'s door", b.title()))
                .clicked()
            {
                actions.push(FlickAction::ClearDoor(*b));
            }
        }
    }
    actions
}

/// Right after a move, the book lets the player set the cowboy down as he
/// likes: turned any way where he stands, or, if he just walked in, on the
/// support block of his choice. A button per choice the referee takes now.
fn set_down_choices(ui: &mut egui::Ui, play: &ScenarioPlay, actions: &mut Vec<FlickAction>) {
    let referee = &play.referee;
    let Some((_, facing)) = referee.just_moved() else {
        return;
    };
    let turns = [
        ("Turn him left 45°", std::f32::consts::FRAC_PI_4),
        ("Turn him right 45°", -std::f32::consts::FRAC_PI_4),
        ("Turn him about", std::f32::consts::PI),
    ];
    let mut choices: Vec<(String, SetDown)> = turns
        .iter()
        .map(|(label, turn)| (label.to_string(), SetDown::Facing(facing + turn)))
        .collect();
    choices.extend([Side::Left, Side::Right].map(|side| {
        (
            format!("Sit him on the {} block", side.name()),
            SetDown::OnBlock(side),
        )
    }));
    ui.horizontal_wrapped(|ui| {
        for (label, how) in choices {
            if referee.may_set_down(how).is_ok() && ui.button(label).clicked() {
                actions.push(FlickAction::Step(Step::SetDown(how)));
            }
        }
    });
}

/// What wins the scenario, line by line.
fn show_how_to_win(ui: &mut egui::Ui, play: &ScenarioPlay) {
    for line in play.referee.game.setup.how_to_win() {
        ui.label(egui::RichText::new(line).small());
    }
}

/// Each team's cowboys (hat, health, where, tokens), then the tokens left in the buildings.
fn show_cowboys(ui: &mut egui::Ui, play: &ScenarioPlay) {
    let game = &play.referee.game;
    for team in [Team::Lawmen, Team::Outlaws] {
        ui.label(egui::RichText::new(team_name(team)).strong());
        for c in game.cowboys.iter().filter(|c| c.team == team) {
            ui.horizontal(|ui| {
                ui.colored_label(hat_colour32(c.side), format!("hat {}", c.hat));
                let mut line = format!("{:<12}", c.name);
                if c.alive() {
                    line += &format!(" {}", "♥".repeat(c.hit_points as usize));
                } else {
                    line += " ✝ dead";
                }
                if c.fallen {
                    line += " (down)";
                }
                if let Some(b) = c.inside {
                    line += &format!(" in the {}", b.title());
                }
                if !c.tokens.is_empty() {
                    line += &format!(" {:?}", c.tokens);
                }
                ui.label(line);
            });
        }
    }
    let piles = describe_piles(play);
    if !piles.is_empty() {
        ui.separator();
        for p in piles {
            ui.label(p);
        }
    }
}

/// A line per building with tokens: those face up and how many lie face down.
fn describe_piles(play: &ScenarioPlay) -> Vec<String> {
    let game = &play.referee.game;
    game.piles
        .iter()
        .filter(|p| !p.tokens.is_empty())
        .map(|p| {
            let up: Vec<_> = p.face_up().collect();
            let down = p.face_down_count();
            match (up.is_empty(), down) {
                (_, 0) => format!("{}: {up:?}", p.building.title()),
                (true, n) => format!("{}: {n} face down", p.building.title()),
                (false, n) => format!("{}: {up:?} and {n} face down", p.building.title()),
            }
        })
        .collect()
}

/// The verdict at high noon with a button to play again; returns the intent to reopen the file.
fn show_high_noon(
    ctx: &egui::Context,
    dock: &Dock,
    session: &FlickSession,
    play: &ScenarioPlay,
    outcome: &Outcome,
) -> Option<FlickIntent> {
    let game = &play.referee.game;
    let mut again = None;
    egui::Window::new("High noon")
        .anchor(egui::Align2::CENTER_CENTER, [dock.centre_offset(), 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let text = match outcome {
                Outcome::Winner(t) => format!("The {} win!", team_name(*t)),
                Outcome::Draw => "A draw: nobody wins.".into(),
            };
            ui.label(
                egui::RichText::new(text)
                    .font(style::display(30.0))
                    .color(GOLD),
            );
            ui.label(game.log.last().cloned().unwrap_or_default());
            if ui.button("Play again").clicked()
                && let Some(file) = session.file()
            {
                again = Some(FlickIntent::reopen(session, file));
            }
        });
    again
}

/// The log (in a game) in the room the dock has left, and the scenarios to
/// start: open in the sandbox, folded under the game in a scenario.
fn show_log_and_scenarios(
    mut contexts: EguiContexts,
    session: Res<FlickSession>,
    mut intents: MessageWriter<FlickIntent>,
    mut list: Local<Option<Vec<(PathBuf, String, String)>>>,
    mut wants: ResMut<crate::window::shell::pointer::EguiWantsPointer>,
    mut dock: ResMut<Dock>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(play) = session.scenario() {
        // Room for the scenarios' folded header below.
        let rest = (dock.rest() - 90.0).max(60.0);
        dock.section(ctx, "Log", true, |ui| {
            egui::ScrollArea::vertical()
                .max_height(rest)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in &play.referee.game.log {
                        ui.label(line);
                    }
                });
        });
    }
    let scenarios = list.get_or_insert_with(scenario_list);
    let (title, open) = match session.referee() {
        None => ("Scenarios", true),
        Some(_) => ("Another scenario", false),
    };
    let rest = dock.rest();
    dock.section(ctx, title, open, |ui| {
        egui::ScrollArea::vertical()
            .max_height(rest)
            .show(ui, |ui| {
                for (path, title, summary) in scenarios.iter() {
                    if ui.button(title).on_hover_text(summary).clicked() {
                        intents.write(FlickIntent::open(path.clone()));
                    }
                }
            });
    });
    wants.0 |= ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    Ok(())
}

/// A computer seat's title: its bot's level, or the replay it plays back.
fn seat_title(level: Level, replay: bool) -> String {
    if replay {
        "replay".into()
    } else {
        format!("{} bot", level_title(level))
    }
}

/// What the computer seat to act is doing, for the panel.
fn bot_line(play: &ScenarioPlay, bots: &BotTurn, team: Team, seat: String) -> String {
    let who = format!("{} ({seat})", team_name(team));
    match bots.shown_step() {
        None => format!("{who} is thinking…"),
        Some(Step::Intent(intent)) => format!("{who}: {}", describe(play, intent)),
        Some(Step::Move(_)) => format!("{who} flicks the movement disc"),
        Some(Step::Shot(side, _)) => format!("{who} shoots, the bullet on his {}", side.name()),
        Some(Step::Blast(..)) => format!("{who} throws the dynamite"),
        Some(Step::SetDown(_)) => format!("{who} sets the cowboy down"),
    }
}
