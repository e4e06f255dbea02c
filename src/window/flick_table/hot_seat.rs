//! Play of a scenario in the window: the referee (rules + a headless table)
//! decides everything; the window shows its table, replays each flick step by
//! step, and turns clicks and drags into intents and flicks — or, for a team a
//! computer seat plays, takes the steps its bot hands in ([`BotChoice`], from
//! [`super::bot_turn`]) and plays them the same way.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::aim::{Aim, GameAim};
use super::bot_turn::BotTurn;
use super::{Seats, level_title};
use crate::cards::bots::Level;
use crate::flick::driver::{Step, play};
use crate::flick::referee::{Aim as FlickAim, Referee, Side};
use crate::flick::rules::{Intent, Outcome, Phase, colour_name};
use crate::flick::setup::hour_colour;
use crate::physics::pieces::SpawnedTown;
use crate::physics::table::Profile;
use crate::physics::{self, ActiveTown, LiveTable};
use crate::scenario::town::{HatSide, Team};
use crate::scenario::{self, Town};

pub fn plugin(app: &mut App) {
    app.init_resource::<ScenarioRequest>()
        .init_resource::<PlayerChoice>()
        .init_resource::<BotChoice>()
        .add_systems(
            Update,
            run_session
                .in_set(super::TurnSystems::Referee)
                .in_set(super::FlickSystems),
        )
        .add_systems(
            Update,
            draw_anchor
                .in_set(crate::window::FrameSystems::Draw)
                .in_set(super::FlickSystems),
        )
        .add_systems(
            EguiPrimaryContextPass,
            show_game_panels
                .after(super::hud::HudSystems)
                .in_set(super::FlickSystems),
        );
}

/// Asks to start (or restart) a scenario.
#[derive(Resource, Debug, Default)]
pub struct ScenarioRequest(pub Option<PathBuf>);

/// Steps for a seeded random player to play at once when a scenario starts
/// (`--autoplay N`: screenshots of a game in progress, or of its end).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Autoplay {
    pub steps: usize,
    pub seed: u64,
    /// Teams the computer plays (lawmen, outlaws), at these levels: the
    /// command line's `--vs` / `--watch`. The launch carries them into
    /// [`super::FlickRequest::seats`]; the table reads [`Seats`].
    pub bots: [Option<Level>; 2],
}

/// Which game, and which state of it. A bot's step is played only on the
/// state it was decided on: a restart, a reload or another step in between
/// drops it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stamp {
    /// Different for every game started.
    pub game: u64,
    /// Counts the changes the referee has been through in this game.
    pub version: u64,
}

/// Every game started gets its own number.
static GAMES_STARTED: AtomicU64 = AtomicU64::new(1);

/// A step a computer seat decided, handed to the referee with the state it
/// was decided on; the referee answers whether it played it.
#[derive(Resource, Debug, Default)]
pub struct BotChoice {
    pub step: Option<(Stamp, Step)>,
    /// The referee's answer to the last step it played: `Err` with the reason it refused.
    pub result: Option<Result<(), String>>,
}

/// What the player clicked this frame.
#[derive(Resource, Debug, Default)]
pub struct PlayerChoice {
    pub intent: Option<Intent>,
    /// Move the objects blocking this building's door aside.
    pub clear_door: Option<crate::scenario::town::BuildingKind>,
    pub side: Option<Side>,
}

/// A flick being replayed on screen, then the town blending to its final state.
struct Playback {
    frames: Vec<Vec<(Vec3, Quat)>>,
    last: Vec<(Vec3, Quat)>,
    final_poses: Vec<(Vec3, Quat)>,
    t: f32,
}

/// A scenario being played.
pub struct GameSession {
    pub file: PathBuf,
    pub referee: Referee,
    pub side: Side,
    pub message: Option<String>,
    /// Buildings whose door an object blocks now.
    pub blocked_doors: Vec<crate::scenario::town::BuildingKind>,
    playback: Option<Playback>,
    stamp: Stamp,
}

/// Not an error: the file is a plain town, opened in the sandbox.
const SANDBOX: &str = "sandbox";

/// Opens a plain town in the sandbox (no game), ending any game in progress.
fn open_sandbox(world: &mut World, file: PathBuf) -> Result<(), String> {
    let profile = world.resource::<Profile>().0.clone();
    let town = Town::load(&file, &profile).map_err(|e| e.to_string())?;
    world.remove_non_send::<GameSession>();
    world.resource_mut::<GameAim>().active = false;
    world.resource_mut::<GameAim>().anchor = None;
    physics::despawn_town(world);
    world.insert_resource(ActiveTown(town));
    physics::spawn_active_town(world);
    if let Some(mut w) = world.get_resource_mut::<crate::reload::Watched>() {
        let profile = w.profile.clone();
        *w = crate::reload::Watched::new(profile, Some(file), false);
    }
    Ok(())
}

impl GameSession {
    /// This game and its state now.
    pub fn stamp(&self) -> Stamp {
        self.stamp
    }

    /// A flick is being replayed on screen.
    pub fn replaying(&self) -> bool {
        self.playback.is_some()
    }

    /// The referee has changed: decisions made before are stale.
    fn touch(&mut self) {
        self.stamp.version += 1;
    }

    /// Which doors an object blocks now (looked at when the table changes).
    fn find_blocked_doors(&mut self) {
        let referee = &mut self.referee;
        self.blocked_doors = crate::scenario::town::BuildingKind::ALL
            .into_iter()
            .filter(|b| referee.has_building(*b) && !referee.door_blockers(*b).is_empty())
            .collect();
    }
}

/// Seconds to blend from a flick's last frame to the town the rules leave (a failed move sliding back).
const BLEND: f32 = 0.5;

fn step_seconds(world: &World) -> f32 {
    world.resource::<Profile>().0.solver.dt
}

/// Sets the pieces' entities to these poses (a flick being replayed).
fn show_poses(world: &mut World, poses: &[(Vec3, Quat)]) {
    let spawned = world.resource::<SpawnedTown>().clone();
    let mut transforms = world.query::<&mut Transform>();
    for (e, (t, r)) in spawned.pieces.iter().zip(poses) {
        if let Ok(mut tf) = transforms.get_mut(world, *e) {
            tf.translation = *t;
            tf.rotation = *r;
        }
    }
}

/// Shows the referee's table in the window: the live table becomes a copy of
/// it (the mirror moves the pieces), and hats turn as the rules have them.
fn mirror(world: &mut World, referee: &mut Referee) {
    world.resource_mut::<LiveTable>().0 = Some(referee.table.clone());
    paint_hats(world, referee);
}

/// Turns the window's hats to the sides the rules say (the scene repaints them).
fn paint_hats(world: &mut World, referee: &Referee) {
    let spawned = world.resource::<SpawnedTown>().clone();
    for (c, cowboy) in referee.game.cowboys.iter().enumerate() {
        let Some(e) = spawned.entity(referee.figures[c]) else {
            continue;
        };
        if let Some(mut hat) = world.get_mut::<crate::physics::pieces::Hat>(e)
            && hat.side != cowboy.side
        {
            hat.side = cowboy.side;
        }
    }
}

fn start_scenario(world: &mut World, file: PathBuf) -> Result<GameSession, String> {
    let profile = world.resource::<Profile>().0.clone();
    let town = Town::load(&file, &profile).map_err(|e| e.to_string())?;
    if town.game.is_none() {
        return Err(SANDBOX.to_string());
    }
    // A replay plays on its own seed (its face-down piles).
    let seed = world
        .get_resource::<super::bot_turn::ReplayScript>()
        .map_or(1, |r| r.seed);
    let mut referee = Referee::new(profile, &town, seed)?;
    physics::despawn_town(world);
    world.insert_resource(ActiveTown(town));
    physics::spawn_active_town(world);
    mirror(world, &mut referee);
    Ok(GameSession {
        file,
        referee,
        side: Side::Right,
        message: None,
        blocked_doors: Vec::new(),
        playback: None,
        stamp: Stamp {
            game: GAMES_STARTED.fetch_add(1, Ordering::Relaxed),
            version: 0,
        },
    })
}

/// Starts scenarios, applies the player's choices and flicks (or the bot's
/// steps, for a computer seat), replays flicks.
pub fn run_session(world: &mut World) {
    // A saved scenario file restarts the game from it.
    if let Some(file) = world
        .get_resource_mut::<crate::reload::ReloadStatus>()
        .and_then(|mut s| s.restart_scenario.take())
    {
        world.resource_mut::<ScenarioRequest>().0 = Some(file);
    }
    if let Some(file) = world.resource_mut::<ScenarioRequest>().0.take() {
        match start_scenario(world, file.clone()) {
            Ok(mut session) => {
                info!("playing {}", file.display());
                if let Some(mut w) = world.get_resource_mut::<crate::reload::Watched>() {
                    let profile = w.profile.clone();
                    *w = crate::reload::Watched::new(profile, Some(file.clone()), true);
                }
                if let Some(auto) = world.get_resource::<Autoplay>().copied()
                    && auto.steps > 0
                {
                    let mut player = crate::flick::driver::RandomPlayer::new(auto.seed);
                    for _ in 0..auto.steps {
                        let Some(step) = player.next_step(&mut session.referee) else {
                            break;
                        };
                        if let Err(e) = crate::flick::driver::play(&mut session.referee, &step) {
                            error!("autoplay: {e}");
                            break;
                        }
                    }
                    mirror(world, &mut session.referee);
                }
                session.find_blocked_doors();
                world.insert_non_send(session);
            }
            Err(e) if e == SANDBOX => {
                if let Err(e) = open_sandbox(world, file) {
                    error!("{e}");
                }
            }
            Err(e) => {
                error!("{e}");
                if let Some(mut s) = world.get_non_send_mut::<GameSession>() {
                    s.message = Some(e);
                }
            }
        }
    }
    let Some(mut session) = world.remove_non_send::<GameSession>() else {
        return;
    };
    world.resource_mut::<GameAim>().active = true;
    let dt = world.resource::<Time>().delta_secs();
    let step = step_seconds(world);
    // Replaying a flick: nothing else happens meanwhile.
    if let Some(mut pb) = session.playback.take() {
        pb.t += dt;
        let frame = (pb.t / step) as usize;
        if frame < pb.frames.len() {
            show_poses(world, &pb.frames[frame]);
            session.playback = Some(pb);
        } else if pb.t < pb.frames.len() as f32 * step + BLEND {
            let k = ((pb.t - pb.frames.len() as f32 * step) / BLEND).clamp(0.0, 1.0);
            let blended: Vec<_> = pb
                .last
                .iter()
                .zip(&pb.final_poses)
                .map(|(a, b)| (a.0.lerp(b.0, k), a.1.slerp(b.1, k)))
                .collect();
            show_poses(world, &blended);
            session.playback = Some(pb);
        } else {
            mirror(world, &mut session.referee);
            session.find_blocked_doors();
        }
        world.insert_non_send(session);
        world.resource_mut::<GameAim>().anchor = None;
        return;
    }
    let choice = std::mem::take(&mut *world.resource_mut::<PlayerChoice>());
    let released = world.resource_mut::<GameAim>().released.take();
    let handed = world.resource_mut::<BotChoice>().step.take();
    let seats = *world.resource::<Seats>();
    if seats.bot_to_act(&session.referee.game).is_some() {
        // A computer seat is to act: the player's clicks and drags are ignored,
        // and its bot's step is played as theirs would be (unless it was
        // decided on another state of the game than this one).
        if let Some((stamp, step)) = handed
            && stamp == session.stamp()
        {
            let result = match &step {
                Step::Intent(intent) => apply_intent(world, &mut session, intent.clone()),
                _ => play_flick(&mut session, &step),
            };
            world.resource_mut::<BotChoice>().result = Some(result);
        }
    } else {
        if let Some(side) = choice.side {
            session.side = side;
        }
        if let Some(b) = choice.clear_door {
            session.referee.clear_door(b);
            session.touch();
            mirror(world, &mut session.referee);
            session.find_blocked_doors();
        }
        if let Some(intent) = choice.intent {
            // A refusal is on show in the panel (the session's message).
            let _ = apply_intent(world, &mut session, intent);
        }
        if let Some(flick) = released {
            let aim = FlickAim {
                direction: flick.direction,
                strength: flick.strength,
                spin: flick.offset,
            };
            let side = session.side;
            let step = match session.referee.game.phase {
                Phase::AwaitMove { .. } => Some(Step::Move(aim)),
                Phase::AwaitShots { .. } => Some(Step::Shot(side, aim)),
                Phase::AwaitBlast { .. } => Some(Step::Blast(side, aim)),
                _ => None,
            };
            if let Some(step) = step {
                let _ = play_flick(&mut session, &step);
            }
        }
    }
    let anchor = session.referee.flick_anchor();
    let bot_to_act = seats.bot_to_act(&session.referee.game).is_some();
    {
        let mut game = world.resource_mut::<GameAim>();
        game.anchor = anchor;
        game.bot_to_act = bot_to_act;
    }
    world.insert_non_send(session);
}

/// Applies an intent (the player's click or a bot's choice); a refusal is
/// shown and comes back.
fn apply_intent(
    world: &mut World,
    session: &mut GameSession,
    intent: Intent,
) -> Result<(), String> {
    match session.referee.apply(intent) {
        Ok(_) => {
            session.message = None;
            session.touch();
            mirror(world, &mut session.referee);
            session.find_blocked_doors();
            Ok(())
        }
        Err(e) => {
            session.message = Some(e.to_string());
            Err(e.to_string())
        }
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
fn describe(session: &GameSession, intent: &Intent) -> String {
    let c = |i: usize| session.referee.game.cowboys[i].name.clone();
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
            let cowboy = session
                .referee
                .game
                .current_cowboy()
                .map(|i| session.referee.game.cowboys[i].tokens[*g]);
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
            let t = session
                .referee
                .game
                .current_cowboy()
                .map(|c| session.referee.game.cowboys[c].tokens[*i]);
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
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
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

#[allow(clippy::too_many_arguments)]
fn show_game_panels(
    mut contexts: EguiContexts,
    session: Option<NonSend<GameSession>>,
    mut choice: ResMut<PlayerChoice>,
    mut request: ResMut<ScenarioRequest>,
    mut list: Local<Option<Vec<(PathBuf, String, String)>>>,
    mut wants: ResMut<crate::window::shell::pointer::EguiWantsPointer>,
    seats: Res<Seats>,
    bots: Res<BotTurn>,
    replay: Option<Res<super::bot_turn::ReplayScript>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let scenarios = list.get_or_insert_with(scenario_list);
    egui::Window::new("Scenarios")
        .anchor(egui::Align2::LEFT_TOP, [10.0, 10.0])
        .default_open(session.is_none())
        .resizable(false)
        .show(ctx, |ui| {
            for (path, title, summary) in scenarios.iter() {
                if ui.button(title).on_hover_text(summary).clicked() {
                    request.0 = Some(path.clone());
                }
            }
        });
    let Some(session) = session else {
        return Ok(());
    };
    let game = &session.referee.game;
    let replaying = session.playback.is_some();
    egui::Window::new("Flick 'em Up!")
        .anchor(egui::Align2::LEFT_TOP, [10.0, 60.0])
        .resizable(false)
        .default_width(300.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new(format!("{} o'clock", game.hour.min(12)))
                        .strong()
                        .size(18.0),
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
            let bot = seats.bot_to_act(game);
            let bots_turn = bot.is_some();
            if let Some(team) = game.current_team() {
                match bot {
                    Some((_, level)) => ui.label(format!(
                        "{} ({}) to play",
                        team_name(team),
                        seat_title(level, replay.is_some())
                    )),
                    None => ui.label(format!("{} to play", team_name(team))),
                };
            }
            if let Some(c) = game.current_cowboy() {
                let cowboy = &game.cowboys[c];
                let phase = match &game.phase {
                    Phase::Acting { actions_left, .. } => format!("{actions_left} action(s) left"),
                    Phase::AwaitMove { .. } if bots_turn => "moving".into(),
                    Phase::AwaitShots { .. } if bots_turn => "shooting".into(),
                    Phase::AwaitBlast { .. } if bots_turn => "throwing the dynamite".into(),
                    Phase::AwaitMove { .. } => {
                        "drag back from him to move (the movement disc)".into()
                    }
                    Phase::AwaitShots { bullets_left, .. } => {
                        format!("drag back from him to shoot ({bullets_left} bullet(s))")
                    }
                    Phase::AwaitBlast { .. } => "drag back from him to throw the dynamite".into(),
                    Phase::AwaitKeep { token, .. } => format!("revealed: {token:?}"),
                    _ => String::new(),
                };
                ui.label(egui::RichText::new(format!("{} — {phase}", cowboy.name)).strong());
            }
            if !bots_turn
                && matches!(
                    game.phase,
                    Phase::AwaitShots { .. } | Phase::AwaitBlast { .. }
                )
            {
                ui.horizontal(|ui| {
                    ui.label("bullet on his");
                    if ui
                        .selectable_label(session.side == Side::Left, "left")
                        .clicked()
                    {
                        choice.side = Some(Side::Left);
                    }
                    if ui
                        .selectable_label(session.side == Side::Right, "right")
                        .clicked()
                    {
                        choice.side = Some(Side::Right);
                    }
                });
            }
            if let Some(o) = &session.referee.last_outcome {
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
            if let Some(m) = &session.message {
                ui.colored_label(egui::Color32::LIGHT_RED, m);
            }
            if let Some(m) = &bots.problem {
                ui.colored_label(egui::Color32::LIGHT_RED, m);
            }
            ui.separator();
            if let Some((team, level)) = bot
                && !replaying
            {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 200, 90),
                    bot_line(&session, &bots, team, seat_title(level, replay.is_some())),
                );
            } else if !replaying {
                ui.horizontal_wrapped(|ui| {
                    for intent in game.legal_intents() {
                        if ui.button(describe(&session, &intent)).clicked() {
                            choice.intent = Some(intent);
                        }
                    }
                });
                if matches!(game.phase, Phase::Acting { .. }) {
                    for b in &session.blocked_doors {
                        if ui
                            .button(format!("Move the objects from the {}'s door", b.title()))
                            .clicked()
                        {
                            choice.clear_door = Some(*b);
                        }
                    }
                }
            } else {
                ui.label("…");
            }
        });
    egui::Window::new("Cowboys")
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 240.0])
        .resizable(false)
        .default_width(300.0)
        .show(ctx, |ui| {
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
            let piles: Vec<String> = game
                .piles
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
                .collect();
            if !piles.is_empty() {
                ui.separator();
                for p in piles {
                    ui.label(p);
                }
            }
        });
    egui::Window::new("Log")
        .anchor(egui::Align2::LEFT_BOTTOM, [10.0, -10.0])
        .resizable(false)
        .default_width(360.0)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(160.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in &game.log {
                        ui.label(line);
                    }
                });
        });
    if let Some(outcome) = game.outcome()
        && !replaying
    {
        egui::Window::new("High noon")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                let text = match outcome {
                    Outcome::Winner(t) => format!("The {} win!", team_name(*t)),
                    Outcome::Draw => "A draw: nobody wins.".into(),
                };
                ui.label(egui::RichText::new(text).size(28.0).strong());
                ui.label(game.log.last().cloned().unwrap_or_default());
                if ui.button("Play again").clicked() {
                    request.0 = Some(session.file.clone());
                }
            });
    }
    wants.0 |= ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    Ok(())
}

/// Rings the place to drag back from while the referee awaits a flick (the aim
/// itself is drawn by `flick_input`).
pub fn draw_anchor(game: Res<GameAim>, aim: Res<Aim>, mut gizmos: Gizmos) {
    if aim.piece.is_some() {
        return;
    }
    if let Some((at, _)) = game.anchor {
        gizmos.circle(
            Isometry3d::new(
                at + Vec3::Y * 0.003,
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            ),
            0.025,
            Color::srgb(1.0, 0.85, 0.2),
        );
    }
}

/// Plays a flick step (the player's drag or a bot's) on the referee's table,
/// recording it for the replay; a refusal is shown and comes back.
fn play_flick(session: &mut GameSession, step: &Step) -> Result<(), String> {
    let referee = &mut session.referee;
    let before = referee.table.poses();
    referee.table.start_recording();
    let result = play(referee, step).map_err(|e| e.to_string());
    let frames = referee.table.take_recording();
    if let Err(e) = &result {
        session.message = Some(e.clone());
    }
    let final_poses = referee.table.poses();
    let last = frames.last().cloned().unwrap_or(before);
    session.playback = Some(Playback {
        frames,
        last,
        final_poses,
        t: 0.0,
    });
    // Even a refused flick may have moved a piece before it was refused.
    session.touch();
    result
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
fn bot_line(session: &GameSession, bots: &BotTurn, team: Team, seat: String) -> String {
    let who = format!("{} ({seat})", team_name(team));
    match bots.shown_step() {
        None => format!("{who} is thinking…"),
        Some(Step::Intent(intent)) => format!("{who}: {}", describe(session, intent)),
        Some(Step::Move(_)) => format!("{who} flicks the movement disc"),
        Some(Step::Shot(side, _)) => format!(
            "{who} shoots, the bullet on his {}",
            match side {
                Side::Left => "left",
                Side::Right => "right",
            }
        ),
        Some(Step::Blast(..)) => format!("{who} throws the dynamite"),
    }
}
