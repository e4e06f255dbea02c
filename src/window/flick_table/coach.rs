//! The coach at the Flick table. Asked (the *Hint* button, or H) while the
//! referee awaits a flick of the person's, it finds the flick the hard bot
//! would choose — on the async compute pool, as the bots think — and draws
//! its drag as the mouse's is drawn, with what it expects ("hits Snake Eyes 7
//! times in 10"), until the position changes. Asked while a cowboy or an
//! action is to be chosen, it gives the whole turn
//! ([`crate::ai::turn_coach`]): the hard bot's three best choices with
//! their worth and odds, the best one's cowboy ringed and its flick drawn. After each of the person's
//! flicks it says how theirs compared ("the best flick here was worth +2.1;
//! yours +0.4"), searching the position before the flick in the background
//! when no hint was asked there. It never plays: it writes no
//! [`crate::tables::flick::session::FlickIntent`]. The [`Coach`] setting turns it off.

use std::panic::{AssertUnwindSafe, catch_unwind};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::aim::draw_drag;
use super::sets::FlickPanels;
use crate::ai::coach::{self, Hint};
use crate::ai::levels::BotLevels;
use crate::ai::turn_coach::{self, TurnHint};
use crate::flick::referee::Referee;
use crate::tables::FrameSystems;
use crate::tables::flick::aim::Aim;
use crate::tables::flick::bots::{BotTurn, flick_aim};
use crate::tables::flick::seats::Seats;
use crate::tables::flick::session::{FlickSession, Stamp};
use crate::tables::flick::{FlickOrder, FlickSystems};
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::EguiWantsPointer;
use crate::window::shell::style::GOOD;

pub fn plugin(app: &mut App) {
    app.init_resource::<Coach>()
        .init_resource::<CoachHint>()
        .add_message::<AskHint>()
        .add_systems(
            Update,
            (
                ask_with_key,
                forget_stale,
                start_hints,
                collect_answers,
                watch_flicks,
            )
                .chain()
                .in_set(FlickOrder::Decide)
                .in_set(FlickSystems),
        )
        .add_systems(
            Update,
            draw_hint.in_set(FrameSystems::Draw).in_set(FlickSystems),
        )
        .add_systems(Update, follow_the_coach_setting)
        .add_systems(
            EguiPrimaryContextPass,
            show_coach.in_set(FlickPanels::Coach).in_set(FlickSystems),
        );
}

/// The coach's searches are seeded from this and the position's [`Stamp`]:
/// asked twice on one position, it gives the same hint.
pub const COACH_SEED: u64 = 0x434f_4143_485f_5345;
/// Lines the coach keeps.
const MAX_LINES: usize = 40;
/// The ring round the cowboy the coach would play.
const GOOD_RING: Color = Color::srgb(0.45, 0.95, 0.45);

/// The setting: the coach on (hints, comparisons) or off (neither).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coach {
    pub on: bool,
}

impl Default for Coach {
    fn default() -> Self {
        Self { on: true }
    }
}

/// Asks the coach for a hint (the H key, the *Hint* button, tests).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AskHint;

/// What the coach advises: the awaited flick, or the turn's choice.
#[derive(Clone)]
pub enum Advice {
    Flick(Box<Hint>),
    Turn(TurnHint),
}

impl Advice {
    pub fn said(&self) -> String {
        match self {
            Advice::Flick(h) => h.said(),
            Advice::Turn(t) => t.said(),
        }
    }

    /// The flick drawn on the table, where it is awaited.
    fn drawn(&self, referee: &Referee) -> Option<Aim> {
        match self {
            Advice::Flick(h) => flick_aim(referee, &h.step, Some(h.planned)),
            Advice::Turn(t) => {
                let best = t.best();
                let (hint, at) = (best.flick.as_ref()?, best.flick_at.as_deref()?);
                flick_aim(at, &hint.step, Some(hint.planned))
            }
        }
    }
}

/// What a search returns: the advice, or why there is none.
type Answer = Result<Advice, String>;

/// A hint found for the position `stamp`, and its drag as the mouse's aim shows it.
struct Ready {
    stamp: Stamp,
    advice: Advice,
    aim: Option<Aim>,
    /// The cowboy the turn's advice plays, ringed on the table, and where he stands.
    ringed: Option<Vec3>,
}

/// The position awaiting the person's flick, kept to weigh their flick
/// against the best; the best's worth once a hint is known there.
struct Before {
    stamp: Stamp,
    referee: Referee,
    worth: Option<f32>,
    /// The session's take-backs when it was kept.
    taken_back: u64,
}

/// A search for the best flick from a position the person has flicked from
/// (no hint was asked there): their flick's gain waits for its worth.
struct Weighing {
    task: Task<Answer>,
    yours: f32,
    name: String,
}

/// The player's settings turn the coach on or off (the Coach section's
/// checkbox does so for this sitting only).
fn follow_the_coach_setting(
    settings: Option<Res<crate::settings::Settings>>,
    mut coach: ResMut<Coach>,
) {
    if let Some(s) = settings.filter(|s| s.is_changed())
        && coach.on != s.coach
    {
        coach.on = s.coach;
    }
}

/// What the coach knows and is doing.
#[derive(Resource, Default)]
pub struct CoachHint {
    /// The game the coach is watching (a new game starts it afresh).
    game: Option<u64>,
    ready: Option<Ready>,
    /// A hint being searched for, on the position `Stamp`.
    asked: Option<(Task<Answer>, Stamp)>,
    before: Option<Before>,
    /// Comparisons being searched for, oldest first.
    weighing: Vec<Weighing>,
    lines: Vec<String>,
    /// Frames the hint's drag has been drawn.
    drawn: u32,
}

impl CoachHint {
    /// The hint found (for the position [`CoachHint::hint_stamp`]).
    pub fn hint(&self) -> Option<&Hint> {
        match &self.ready.as_ref()?.advice {
            Advice::Flick(h) => Some(h),
            Advice::Turn(_) => None,
        }
    }

    /// The turn's advice found (a cowboy or an action to choose).
    pub fn turn_hint(&self) -> Option<&TurnHint> {
        match &self.ready.as_ref()?.advice {
            Advice::Turn(t) => Some(t),
            Advice::Flick(_) => None,
        }
    }

    /// Where the ring round the turn's advised cowboy is drawn.
    pub fn ringed(&self) -> Option<Vec3> {
        self.ready.as_ref()?.ringed
    }

    /// The position the hint is for.
    pub fn hint_stamp(&self) -> Option<Stamp> {
        self.ready.as_ref().map(|r| r.stamp)
    }

    /// The hint's drag, as the mouse's aim draws it.
    pub fn shown_aim(&self) -> Option<&Aim> {
        self.ready.as_ref().and_then(|r| r.aim.as_ref())
    }

    /// Frames the hint's drag has been drawn.
    pub fn drawn(&self) -> u32 {
        self.drawn
    }

    /// A hint is being searched for.
    pub fn thinking(&self) -> bool {
        self.asked.is_some()
    }

    /// What the coach said, oldest first (hints, refusals, comparisons).
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    pub(super) fn say(&mut self, line: impl Into<String>) {
        let line = line.into();
        info!("coach: {line}");
        self.lines.push(line);
        if self.lines.len() > MAX_LINES {
            self.lines.remove(0);
        }
    }
}

/// The seed of the coach's search on a position: the game's and the
/// position's own (the pieces' poses, the rules' phase and hour), so that a
/// position taken back to is advised as it was the first time.
pub(super) fn seed_of(stamp: Stamp, referee: &Referee) -> u64 {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut h = DefaultHasher::new();
    format!("{:?}{}", referee.game.phase, referee.game.hour).hash(&mut h);
    COACH_SEED
        ^ stamp.game.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ referee.table.pose_hash().rotate_left(17)
        ^ h.finish().rotate_left(41)
}

/// The advice for `referee`, searched on the async compute pool (the levels
/// file read there too): the turn's when a choice is awaited, else the flick's.
pub(super) fn search(referee: Referee, seed: u64) -> Task<Answer> {
    AsyncComputeTaskPool::get().spawn(async move {
        // A search that panics answers with why rather than never.
        catch_unwind(AssertUnwindSafe(|| -> Answer {
            let levels = BotLevels::load_default()
                .map_err(|e| format!("the bot levels file has problems: {e}"))?;
            if turn_coach::awaits_choice(&referee) {
                turn_coach::turn_hint(&referee, &levels, seed)
                    .map(Advice::Turn)
                    .map_err(|e| e.to_string())
            } else {
                coach::hint(&referee, &levels, seed)
                    .map(|h| Advice::Flick(Box::new(h)))
                    .map_err(|e| e.to_string())
            }
        }))
        .unwrap_or_else(|p| {
            Err(p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "the search panicked".to_string()))
        })
    })
}

/// H asks for a hint.
fn ask_with_key(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<crate::keys::Bindings>,
    mut asks: MessageWriter<AskHint>,
) {
    if bindings.just_pressed(&keys, crate::keys::Action::Hint) {
        asks.write(AskHint);
    }
}

/// A new game starts the coach afresh; a hint (or a search) for a position
/// that has changed is dropped; the coach off drops everything it does.
fn forget_stale(session: Res<FlickSession>, setting: Res<Coach>, mut state: ResMut<CoachHint>) {
    let stamp = session.stamp();
    let game = session.referee().map(|_| stamp.game);
    if game != state.game {
        // Searches under way are dropped (cancelled) with the old state.
        *state = CoachHint { game, ..default() };
        return;
    }
    let state = &mut *state;
    if !setting.on {
        state.ready = None;
        state.asked = None;
        state.before = None;
        state.weighing.clear();
        state.drawn = 0;
        return;
    }
    if state.ready.as_ref().is_some_and(|r| r.stamp != stamp) {
        state.ready = None;
        state.drawn = 0;
    }
    if state.asked.as_ref().is_some_and(|(_, s)| *s != stamp) {
        state.asked = None;
        state.say("The position changed before the hint was ready.");
    }
}

/// Whether a hint may be searched for now, and on which referee; or why not.
fn may_hint<'a>(
    session: &'a FlickSession,
    seats: &Seats,
    bots: &BotTurn,
    setting: &Coach,
    state: &CoachHint,
) -> Result<&'a Referee, String> {
    if !setting.on {
        return Err("the coach is off (tick “Coach” to turn it on)".into());
    }
    let Some(referee) = session.referee() else {
        return Err("the coach hints the flicks of a game, not the sandbox's".into());
    };
    if referee.game.is_over() {
        return Err(coach::Refusal::GameOver.to_string());
    }
    if bots.thinking() {
        return Err("the bot is thinking; the coach hints your own flicks".into());
    }
    if session.computer_to_act(seats).is_some() {
        return Err("a computer seat plays this turn; the coach hints your own flicks".into());
    }
    if session.replaying() {
        return Err("the last flick is still being shown".into());
    }
    if state.asked.is_some() {
        return Err("the coach is already thinking".into());
    }
    if !turn_coach::awaits_choice(referee) {
        coach::awaited(referee).map_err(|e| e.to_string())?;
    }
    Ok(referee)
}

/// A hint asked for: refused with the reason, or searched for off the main
/// thread (a hint already found for this position is said again).
fn start_hints(
    mut asks: MessageReader<AskHint>,
    session: Res<FlickSession>,
    seats: Res<Seats>,
    bots: Res<BotTurn>,
    setting: Res<Coach>,
    mut state: ResMut<CoachHint>,
) {
    if asks.read().count() == 0 {
        return;
    }
    let stamp = session.stamp();
    if setting.on
        && let Some(said) = state
            .ready
            .as_ref()
            .filter(|r| r.stamp == stamp)
            .map(|r| r.advice.said())
    {
        state.say(said);
        return;
    }
    match may_hint(&session, &seats, &bots, &setting, &state) {
        Err(why) => state.say(format!("No hint: {why}.")),
        Ok(referee) => {
            let task = search(referee.clone(), seed_of(stamp, referee));
            state.asked = Some((task, stamp));
        }
    }
}

/// Takes a hint when its search is done (shown if the position is still the
/// one it was asked on), and the comparisons whose searches are done.
fn collect_answers(session: Res<FlickSession>, mut state: ResMut<CoachHint>) {
    let state = &mut *state;
    let answered = state
        .asked
        .as_mut()
        .and_then(|(task, stamp)| check_ready(task).map(|answer| (answer, *stamp)));
    if let Some((answer, stamp)) = answered {
        state.asked = None;
        match answer {
            Ok(advice) => {
                if let Some(referee) = session.referee().filter(|_| session.stamp() == stamp) {
                    let aim = advice.drawn(referee);
                    state.say(advice.said());
                    let ringed = match &advice {
                        Advice::Flick(hint) => {
                            if let Some(before) = state.before.as_mut().filter(|b| b.stamp == stamp)
                            {
                                before.worth = Some(hint.worth);
                            }
                            None
                        }
                        Advice::Turn(t) => t.best().cowboy.map(|c| {
                            let p = referee.position(c);
                            let y = aim.as_ref().map_or(0.0, |a| a.anchor.y);
                            Vec3::new(p.x, y, p.y)
                        }),
                    };
                    state.ready = Some(Ready {
                        stamp,
                        advice,
                        aim,
                        ringed,
                    });
                    state.drawn = 0;
                }
            }
            Err(e) => state.say(format!("No hint: {e}.")),
        }
    }
    // In the order the flicks were played.
    while let Some(first) = state.weighing.first_mut() {
        let Some(answer) = check_ready(&mut first.task) else {
            break;
        };
        let Weighing { yours, name, .. } = state.weighing.remove(0);
        match answer {
            Ok(Advice::Flick(best)) => state.say(format!(
                "{name}: {}",
                coach::compare_line(best.worth, yours)
            )),
            Ok(Advice::Turn(_)) => {}
            Err(e) => state.say(format!("The coach could not weigh {name}'s flick: {e}.")),
        }
    }
}

/// Keeps the position while the person is to flick; once their flick has
/// been played and shown, weighs it against the best flick from there.
fn watch_flicks(
    session: Res<FlickSession>,
    seats: Res<Seats>,
    setting: Res<Coach>,
    mut state: ResMut<CoachHint>,
) {
    if !setting.on || session.replaying() {
        return;
    }
    let Some(referee) = session.referee() else {
        return;
    };
    let stamp = session.stamp();
    let state = &mut *state;
    if state.before.as_ref().is_some_and(|b| b.stamp != stamp) {
        let before = state.before.take().expect("a position before");
        // A flick was played from there (not a refusal that changed nothing,
        // nor a take-back to another position).
        if before.taken_back == session.taken_back()
            && referee.last_outcome.is_some()
            && referee.last_outcome != before.referee.last_outcome
        {
            weigh(state, before, referee);
        }
    }
    if state.before.is_none()
        && session.computer_to_act(&seats).is_none()
        && coach::awaited(referee).is_ok()
    {
        let worth = state
            .ready
            .as_ref()
            .filter(|r| r.stamp == stamp)
            .and_then(|r| match &r.advice {
                Advice::Flick(h) => Some(h.worth),
                Advice::Turn(_) => None,
            });
        state.before = Some(Before {
            stamp,
            referee: referee.clone(),
            worth,
            taken_back: session.taken_back(),
        });
    }
}

/// The person's flick from `before` to `after` against the best from
/// `before`: said at once when a hint was found there, else once a search
/// in the background has found it.
fn weigh(state: &mut CoachHint, before: Before, after: &Referee) {
    let Ok((_, cowboy)) = coach::awaited(&before.referee) else {
        return;
    };
    let who = &before.referee.game.cowboys[cowboy];
    let (team, name) = (who.team, who.name.clone());
    let yours = coach::gain(&before.referee, after, team);
    match before.worth {
        Some(best) => state.say(format!("{name}: {}", coach::compare_line(best, yours))),
        None => {
            // The search a hint on that position would have run: the same seed, the same best.
            let seed = seed_of(before.stamp, &before.referee);
            let task = search(before.referee, seed);
            state.weighing.push(Weighing { task, yours, name });
        }
    }
}

/// The hint's drag, drawn as the mouse's is, while its position is on the table.
fn draw_hint(
    session: Res<FlickSession>,
    setting: Res<Coach>,
    mut state: ResMut<CoachHint>,
    mut gizmos: Gizmos,
) {
    if !setting.on || session.replaying() {
        return;
    }
    let stamp = session.stamp();
    let Some(ready) = state.ready.as_ref().filter(|r| r.stamp == stamp) else {
        return;
    };
    if let Some(at) = ready.ringed {
        // The cowboy the turn's advice plays.
        gizmos.circle(
            Isometry3d::new(
                at + Vec3::Y * 0.004,
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
            ),
            0.035,
            GOOD_RING,
        );
    }
    let Some(aim) = ready.aim.as_ref() else {
        return;
    };
    draw_drag(aim, session.index(), &mut gizmos);
    state.drawn += 1;
}

/// The coach's panel: the setting, the *Hint* button, the hint on show and
/// what the coach said.
#[expect(clippy::too_many_arguments)]
fn show_coach(
    mut contexts: EguiContexts,
    session: Res<FlickSession>,
    mut setting: ResMut<Coach>,
    state: Res<CoachHint>,
    mut asks: MessageWriter<AskHint>,
    mut wants: ResMut<EguiWantsPointer>,
    mut dock: ResMut<Dock>,
    keys: Res<crate::keys::Bindings>,
) -> Result {
    if session.referee().is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut on = setting.on;
    let stamp = session.stamp();
    dock.section(ctx, "Coach", true, |ui| {
        ui.horizontal(|ui| {
            ui.checkbox(&mut on, "Coach")
                .on_hover_text("Hints when asked, and how each of your flicks compared");
            if ui
                .add_enabled(on, egui::Button::new(keys.fill("Hint ({Hint})")))
                .on_hover_text(
                    "What the hard bot would do: the cowboy, the action and the flick — drawn, not played",
                )
                .clicked()
            {
                asks.write(AskHint);
            }
        });
        if state.thinking() {
            ui.label("The coach is thinking…");
        }
        if let Some(ready) = state.ready.as_ref().filter(|r| r.stamp == stamp) {
            match &ready.advice {
                Advice::Flick(hint) => {
                    ui.colored_label(GOOD, hint.said());
                }
                Advice::Turn(t) => show_turn_hint(ui, t),
            }
        }
        if !state.lines().is_empty() {
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(120.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in state.lines() {
                        ui.label(line);
                    }
                });
        }
    });
    if on != setting.on {
        setting.on = on;
    }
    wants.0 |= ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    Ok(())
}

/// The turn's advice: the best choice, then the runners-up.
fn show_turn_hint(ui: &mut egui::Ui, hint: &TurnHint) {
    for (i, line) in hint.lines.iter().enumerate() {
        let odds = line
            .flick
            .as_ref()
            .map_or(String::new(), |h| format!(" — {}", h.expects));
        let text = format!("{}. {}{odds}. Worth {:+.1}", i + 1, line.words, line.worth);
        if i == 0 {
            ui.colored_label(GOOD, text);
        } else {
            ui.label(text);
        }
    }
}
