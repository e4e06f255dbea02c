//! The game on the Flick table as one `Send` resource, and the one way to
//! change it.
//!
//! [`FlickSession`] holds what is on the table — the sandbox's table, or a
//! scenario's referee (its rules and its table) — and the playback of the
//! last flick. Everything that changes it is a [`FlickIntent`] message,
//! written alike by the mouse, the computer seats, replays, the command line
//! and tests, and applied in one system, [`apply_intents`]. A flick is run
//! to rest there, every step recorded; the window then plays the recording
//! back at the table's pace ([`advance_playback`]) and the pieces' entities
//! follow ([`super::pieces`]).
//!
//! Nothing here renders: an `App` with [`plugin`] and no window plays the
//! same game as the headless referee, flick for flick (tests/suite/flick_session.rs).

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::seats::Seats;
use super::{FlickOrder, FlickSystems};
use crate::bot_level::Level;
use crate::flick::driver::{RandomPlayer, Step, play};
use crate::flick::markers::{Marker, shot_marker};
use crate::flick::referee::{Aim, Referee, Side};
use crate::flick::replay::ReplayStep;
use crate::flick::rules::Phase;
use crate::physics::Table;
use crate::physics::pieces::PieceId;
use crate::physics::table::{Flick, FlickError, FlickOutcome, Profile, TableIndex};
use crate::saves::{FlickSave, SavedGame, SavedStep, SavedTable, rules_text};
use crate::scenario::kinds::{BuildingKind, Team};
use crate::scenario::{PhysicsProfile, Town};
use crate::sound::events::flick_sounds;
use crate::sound::{Sound, SoundEvent};
use crate::tables::Hear;

mod practice;
pub use practice::KEPT as TAKEBACKS_KEPT;

pub fn plugin(app: &mut App) {
    // The sounds of flicks (played by the shell's sound plugin where there is one).
    app.add_message::<FlickIntent>()
        .add_message::<Hear>()
        .init_resource::<FlickSession>()
        .init_resource::<Seats>()
        .add_systems(
            Update,
            (apply_intents, advance_playback)
                .chain()
                .in_set(FlickOrder::Apply)
                .in_set(FlickSystems),
        );
}

/// Which game, and which state of it. A computer's step is played only on
/// the state it was decided on: a restart, a reload or another step in
/// between drops it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stamp {
    /// Different for every town or game opened.
    pub game: u64,
    /// Counts the changes the table has been through since.
    pub version: u64,
}

/// Who asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    /// The person at the mouse (or the command line, or a test standing in).
    Person,
    /// A computer seat — a bot, or a recorded game or flick played back —
    /// on the state it decided on.
    Computer(Stamp),
}

/// What is asked of the table.
#[derive(Debug, Clone, PartialEq)]
pub enum FlickAction {
    /// Lay out a town file (the sandbox) or start a scenario file (one with a
    /// `game` section) on this seed (`None`: the session's own); also how a
    /// saved file is reloaded and a game played again.
    /// `practice`: a practice game (flicks may be taken back; the record
    /// says which a game was).
    Open {
        file: PathBuf,
        seed: Option<u64>,
        practice: bool,
    },
    /// The sandbox: put the town back as it was laid out.
    Reset,
    /// The sandbox: put a piece down here (facing 0) before it is flicked;
    /// logged with its next flick.
    Place { piece: PieceId, at: Vec2 },
    /// A flick from the mouse: in the sandbox any disc; in a scenario the
    /// flick the rules await (the piece is theirs: the movement disc or a
    /// bullet, on the side chosen with [`FlickAction::Side`]).
    Flick(Flick),
    /// A step of the rules: an intent, or a flick with its side (bots,
    /// recorded games, tests).
    Step(Step),
    /// Move the objects blocking this building's door aside.
    ClearDoor(BuildingKind),
    /// Which side of the cowboy the person's bullets start from.
    Side(Side),
    /// Continue a saved game (checked as it is played again).
    Resume(Box<FlickSave>),
    /// Practice: take back the person's last flick (refused in a counted game).
    TakeBack,
    /// Show the last flick again, at half speed (changes nothing).
    InstantReplay,
    /// Lay out a town given whole, not read from a file (the town editor's
    /// town as edited): on the table as in the sandbox, its problems and
    /// all, no rules.
    Lay(Box<Town>),
}

/// An intent: the one way the Flick table changes.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct FlickIntent {
    pub by: By,
    pub action: FlickAction,
}

impl FlickIntent {
    pub fn person(action: FlickAction) -> Self {
        Self {
            by: By::Person,
            action,
        }
    }

    pub fn open(file: impl Into<PathBuf>) -> Self {
        Self::person(FlickAction::Open {
            file: file.into(),
            seed: None,
            practice: false,
        })
    }

    /// The game on `session`'s table opened again from its file (*Play
    /// again*, a reload): practice stays practice.
    pub fn reopen(session: &FlickSession, file: impl Into<PathBuf>) -> Self {
        Self::person(FlickAction::Open {
            file: file.into(),
            seed: None,
            practice: session.practice,
        })
    }
}

/// Steps for a seeded random player to play at once when a scenario starts
/// (`--autoplay N`: screenshots of a game in progress, or of its end).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Autoplay {
    pub steps: usize,
    pub seed: u64,
    /// Teams the computer plays (lawmen, outlaws), at these levels: the
    /// command line's `--vs` / `--watch`. The launch carries them into the
    /// table's request; the table reads [`Seats`].
    pub bots: [Option<Level>; 2],
    /// The game is practice (`--practice`): flicks may be taken back.
    pub practice: bool,
}

/// The flicks played in the sandbox since its town was laid out or reset,
/// each with where its piece was put down first and the pose hash after it:
/// what a table replay of the session holds ([`crate::physics::replay`]).
#[derive(Debug, Default, Clone)]
pub struct TableLog {
    pub flicks: Vec<LoggedFlick>,
    /// A piece put down ([`FlickAction::Place`]), for the flick of it that comes next.
    pending_place: Option<(PieceId, Vec2)>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoggedFlick {
    pub place: Option<Vec2>,
    pub flick: Flick,
    pub hash: u64,
}

/// Seconds to blend from a flick's last frame to the town the rules leave
/// (a failed move sliding back).
const BLEND: f32 = 0.5;

/// A flick's recording being shown: every step's poses at the table's pace,
/// then a blend to where the rules left the town when that differs.
#[derive(Debug, Clone)]
pub struct Playback {
    frames: Vec<Vec<(Vec3, Quat)>>,
    /// Where the recording ends (the table before the flick if it has no step).
    last: Vec<(Vec3, Quat)>,
    /// The poses the table is left in.
    end: Vec<(Vec3, Quat)>,
    /// Seconds a recorded frame stands for (the profile's step).
    step: f32,
    t: f32,
    /// What the flick sounds like, in time order on the flick's clock.
    sounds: Vec<SoundEvent>,
    /// How many of `sounds` have been heard.
    heard: usize,
    /// The piece flicked, if the flick ran.
    pub piece: Option<PieceId>,
    /// Recorded seconds shown per second (1, or 0.5 for an instant replay).
    speed: f32,
    /// An instant replay of the last flick (not the flick itself).
    pub instant: bool,
}

impl Playback {
    fn new(
        before: Vec<(Vec3, Quat)>,
        frames: Vec<Vec<(Vec3, Quat)>>,
        end: Vec<(Vec3, Quat)>,
        step: f32,
        mut sounds: Vec<SoundEvent>,
    ) -> Self {
        let last = frames.last().cloned().unwrap_or(before);
        sounds.sort_by(|a, b| a.at.total_cmp(&b.at));
        Self {
            frames,
            last,
            end,
            step,
            t: 0.0,
            sounds,
            heard: 0,
            piece: None,
            speed: 1.0,
            instant: false,
        }
    }

    fn of_piece(mut self, piece: Option<PieceId>) -> Self {
        self.piece = piece;
        self
    }

    /// The same flick again from its start at `speed`: every recorded
    /// frame, then the same blend to the table the rules left.
    fn instant_replay(&self, speed: f32) -> Self {
        let mut again = self.clone();
        again.t = 0.0;
        again.heard = 0;
        again.speed = speed;
        again.instant = true;
        again
    }

    /// Where the flicked piece is on show now.
    pub fn piece_at(&self) -> Option<Vec3> {
        let p = self.piece?.0 as usize;
        self.poses().get(p).map(|x| x.0)
    }

    /// The flicked piece's place at the start and the end of the recording.
    pub fn path_ends(&self) -> Option<(Vec3, Vec3)> {
        let p = self.piece?.0 as usize;
        let first = self.frames.first()?.get(p)?.0;
        let last = self.frames.last()?.get(p)?.0;
        Some((first, last))
    }

    /// The sounds whose time has come (each once).
    fn due_sounds(&mut self, out: &mut Vec<SoundEvent>) {
        while let Some(e) = self.sounds.get(self.heard) {
            if e.at > self.t {
                break;
            }
            out.push(*e);
            self.heard += 1;
        }
    }

    fn frames_time(&self) -> f32 {
        self.frames.len() as f32 * self.step
    }

    fn blend_time(&self) -> f32 {
        if self.last == self.end { 0.0 } else { BLEND }
    }

    /// Moves on by `dt` seconds; false once it is over.
    fn advance(&mut self, dt: f32) -> bool {
        self.t += dt * self.speed;
        self.t < self.frames_time() + self.blend_time()
    }

    /// The poses on show now.
    pub fn poses(&self) -> Vec<(Vec3, Quat)> {
        let frame = (self.t / self.step) as usize;
        if let Some(poses) = self.frames.get(frame) {
            return poses.clone();
        }
        let blend = self.blend_time();
        let k = if blend > 0.0 {
            ((self.t - self.frames_time()) / blend).clamp(0.0, 1.0)
        } else {
            1.0
        };
        self.last
            .iter()
            .zip(&self.end)
            .map(|(a, b)| (a.0.lerp(b.0, k), a.1.slerp(b.1, k)))
            .collect()
    }
}

impl ScenarioPlay {
    fn new(referee: Referee) -> Self {
        let mut s = ScenarioPlay {
            referee,
            side: Side::Right,
            blocked_doors: Vec::new(),
        };
        s.find_blocked_doors();
        s.follow_shot_sides();
        s
    }

    /// A second bullet goes on the side the first did not: the person's
    /// choice of side follows the rules (after every step, and for a game
    /// resumed or autoplayed between two bullets).
    fn follow_shot_sides(&mut self) {
        let sides = self.referee.shot_sides();
        if !sides.contains(&self.side) {
            self.side = sides[0];
        }
    }
}

/// A scenario being played: the referee decides everything.
#[derive(Clone)]
pub struct ScenarioPlay {
    pub referee: Referee,
    /// The side of the cowboy the person's bullets start from.
    pub side: Side,
    /// Buildings whose door an object blocks now.
    pub blocked_doors: Vec<BuildingKind>,
}

impl ScenarioPlay {
    fn find_blocked_doors(&mut self) {
        let referee = &self.referee;
        self.blocked_doors = BuildingKind::ALL
            .into_iter()
            .filter(|b| referee.may_clear_door(*b).is_ok())
            .collect();
    }
}

/// What is on the table.
#[derive(Clone)]
pub enum Play {
    /// Free flicks on a town.
    Sandbox(Box<Table>),
    /// A scenario under its rules.
    Scenario(Box<ScenarioPlay>),
}

/// The Flick table's game: the one resource every part of the table reads,
/// changed only by [`FlickIntent`]s.
#[derive(Resource, Clone)]
pub struct FlickSession {
    file: Option<PathBuf>,
    town: Option<Town>,
    play: Option<Play>,
    /// The seed of the scenario's face-down piles (a replay plays on its own).
    seed: u64,
    playback: Option<Playback>,
    /// Sounds reached and not yet heard ([`FlickSession::take_due_sounds`]).
    due: Vec<SoundEvent>,
    /// The last refusal or failure, for the panels.
    pub message: Option<String>,
    /// The sandbox's last flick.
    last: Option<Result<FlickOutcome, FlickError>>,
    log: TableLog,
    stamp: Stamp,
    /// Counts the towns laid out: the pieces' entities are spawned afresh when it changes.
    layout: u64,
    /// The answer to the last computer step tried: `Err` with the reason it was refused.
    answer: Option<Result<(), String>>,
    /// Every step of the game tried so far, for *Continue*.
    steps: Vec<SavedStep>,
    /// The last flick's recording once shown to its end, for an instant replay.
    last_recording: Option<Playback>,
    /// Where the last shot hit or why it missed, and which flick that was.
    pub markers: Vec<Marker>,
    pub markers_of: u64,
    /// A practice game: the person's flicks may be taken back.
    practice: bool,
    /// The positions before the person's last flicks (practice only).
    kept: Vec<practice::Kept>,
    /// Take-backs made in this game.
    taken_back: u64,
}

impl Default for FlickSession {
    fn default() -> Self {
        Self {
            file: None,
            town: None,
            play: None,
            seed: 1,
            playback: None,
            due: Vec::new(),
            message: None,
            last: None,
            log: TableLog::default(),
            stamp: Stamp::default(),
            layout: 0,
            answer: None,
            steps: Vec::new(),
            last_recording: None,
            markers: Vec::new(),
            markers_of: 0,
            practice: false,
            kept: Vec::new(),
            taken_back: 0,
        }
    }
}

impl FlickSession {
    /// The town or scenario file on the table.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The town on the table, as its file laid it out.
    pub fn town(&self) -> Option<&Town> {
        self.town.as_ref()
    }

    /// The table: the sandbox's, or the referee's.
    pub fn table(&self) -> Option<&Table> {
        match self.play.as_ref()? {
            Play::Sandbox(table) => Some(table),
            Play::Scenario(s) => Some(&s.referee.table),
        }
    }

    /// The pieces on the table (none when no town is laid out).
    pub fn index(&self) -> &TableIndex {
        static NO_PIECES: std::sync::LazyLock<TableIndex> =
            std::sync::LazyLock::new(TableIndex::default);
        self.table().map_or(&NO_PIECES, |t| t.index())
    }

    pub fn scenario(&self) -> Option<&ScenarioPlay> {
        match self.play.as_ref()? {
            Play::Scenario(s) => Some(s),
            Play::Sandbox(_) => None,
        }
    }

    pub fn referee(&self) -> Option<&Referee> {
        self.scenario().map(|s| &s.referee)
    }

    /// This game and its state now.
    pub fn stamp(&self) -> Stamp {
        self.stamp
    }

    /// Changes whenever a new town is laid out (or the table is cleared).
    pub fn layout(&self) -> u64 {
        self.layout
    }

    /// A flick is being played back on screen.
    pub fn replaying(&self) -> bool {
        self.playback.is_some()
    }

    /// The sandbox's last flick.
    pub fn last_flick(&self) -> Option<&Result<FlickOutcome, FlickError>> {
        self.last.as_ref()
    }

    /// Every step of the game tried so far, in order.
    pub fn steps(&self) -> &[SavedStep] {
        &self.steps
    }

    /// The sandbox's flicks since its town was laid out or reset.
    pub fn log(&self) -> &TableLog {
        &self.log
    }

    /// Takes the answer to the last computer step tried.
    pub fn take_answer(&mut self) -> Option<Result<(), String>> {
        self.answer.take()
    }

    /// The team and bot level of the computer seat the game awaits.
    pub fn computer_to_act(&self, seats: &Seats) -> Option<(Team, Level)> {
        seats.bot_to_act(&self.referee()?.game)
    }

    /// Where the person drags back from, and the disc flicked, while the
    /// referee awaits a flick of theirs (nothing while a flick is shown).
    pub fn anchor(&self) -> Option<(Vec3, PieceId)> {
        if self.replaying() {
            return None;
        }
        self.referee()?.flick_anchor()
    }

    /// The poses to show: the playback's frame, else the table's.
    pub fn shown_poses(&self) -> Vec<(Vec3, Quat)> {
        match (&self.playback, self.table()) {
            (Some(p), _) => p.poses(),
            (None, Some(table)) => table.poses(),
            (None, None) => Vec::new(),
        }
    }

    /// Moves the playback on by `dt` seconds; it ends when its time is up.
    /// The sounds it reaches wait in [`FlickSession::take_due_sounds`].
    pub fn advance_playback(&mut self, dt: f32) {
        if let Some(p) = &mut self.playback {
            let going = p.advance(dt);
            p.due_sounds(&mut self.due);
            if !going {
                // A flick shown to its end is kept (not copied) for an instant replay.
                let done = self.playback.take().expect("on show");
                if done.piece.is_some() && !done.instant {
                    self.last_recording = Some(done);
                }
            }
        }
    }

    /// The sounds the playback has reached since the last call.
    pub fn take_due_sounds(&mut self) -> Vec<SoundEvent> {
        std::mem::take(&mut self.due)
    }

    /// Takes the table off: nothing on it.
    pub fn close(&mut self) {
        *self = Self {
            seed: self.seed,
            stamp: Stamp {
                game: self.stamp.game + 1,
                version: 0,
            },
            layout: self.layout + 1,
            ..Self::default()
        };
    }

    /// The referee has changed: decisions made before are stale.
    fn touch(&mut self) {
        self.stamp.version += 1;
    }

    /// Applies an intent; a refusal comes back (and a rules refusal is on
    /// show in [`FlickSession::message`]).
    pub fn apply(
        &mut self,
        intent: &FlickIntent,
        profile: &PhysicsProfile,
        seats: &Seats,
        autoplay: Option<&Autoplay>,
    ) -> Result<(), String> {
        match &intent.action {
            FlickAction::Open {
                file,
                seed,
                practice,
            } => {
                let seed = seed.unwrap_or(self.seed);
                return self
                    .open(file, seed, profile, autoplay)
                    .map(|()| self.practice = *practice)
                    .inspect_err(|e| self.message = Some(e.clone()));
            }
            FlickAction::TakeBack if intent.by == By::Person => {
                return self
                    .take_back()
                    .inspect_err(|e| self.message = Some(e.clone()));
            }
            FlickAction::TakeBack => return Err("only the person takes flicks back".into()),
            FlickAction::Reset => return self.reset(),
            FlickAction::Resume(save) => {
                return self
                    .resume(save, profile)
                    .inspect_err(|e| self.message = Some(e.clone()));
            }
            FlickAction::InstantReplay => return self.instant_replay(),
            FlickAction::Lay(town) => {
                self.lay(town, profile);
                return Ok(());
            }
            _ => {}
        }
        if let By::Computer(stamp) = intent.by
            && stamp != self.stamp
        {
            return Err("decided on another state of the game".into());
        }
        let computer = self.computer_to_act(seats).is_some();
        let result = match intent.by {
            By::Person if computer => Err("a computer seat plays this turn".to_string()),
            By::Computer(_) if self.scenario().is_some() && !computer => {
                Err("no computer seat is to act".to_string())
            }
            // The side of the next bullet may be chosen while a flick is shown.
            _ if self.replaying() && !matches!(intent.action, FlickAction::Side(_)) => {
                Err("a flick is still being shown".to_string())
            }
            _ => {
                let flick = intent.by == By::Person && self.is_flick(&intent.action);
                let before = self.table().map(Table::pose_hash);
                if flick {
                    self.keep_for_takeback();
                }
                let result = self.apply_play(&intent.action, profile.solver.dt);
                // A refused flick that moved nothing is nothing to take back.
                if flick && result.is_err() && self.table().map(Table::pose_hash) == before {
                    self.forget_last_kept();
                }
                result
            }
        };
        if matches!(intent.by, By::Computer(_)) && self.scenario().is_some() {
            self.answer = Some(result.clone());
        }
        result
    }

    /// Whether `action` flicks a piece of a game (not an intent, not the sandbox).
    fn is_flick(&self, action: &FlickAction) -> bool {
        self.scenario().is_some()
            && match action {
                FlickAction::Flick(_) => true,
                FlickAction::Step(step) => {
                    matches!(step, Step::Move(_) | Step::Shot(..) | Step::Blast(..))
                }
                _ => false,
            }
    }

    fn apply_play(&mut self, action: &FlickAction, dt: f32) -> Result<(), String> {
        let Some(play) = &mut self.play else {
            return Err("no town on the table".into());
        };
        match (play, action) {
            (Play::Sandbox(table), FlickAction::Place { piece, at }) => {
                table.place(*piece, *at, 0.0);
                self.log.pending_place = Some((*piece, *at));
                self.stamp.version += 1;
                Ok(())
            }
            (Play::Sandbox(table), FlickAction::Flick(flick)) => {
                let flick = *flick;
                let place = self
                    .log
                    .pending_place
                    .take()
                    .filter(|(p, _)| *p == flick.piece)
                    .map(|(_, at)| at);
                let before = table.poses();
                table.start_recording();
                table.listen();
                let result = table.flick_to_rest(flick);
                let frames = table.take_recording();
                let strikes = table.take_strikes();
                let sounds = match &result {
                    Ok(o) => flick_sounds(
                        table.index(),
                        o.flick.strength,
                        before[o.piece.0 as usize].0,
                        &strikes,
                    ),
                    Err(_) => Vec::new(),
                };
                if let Ok(outcome) = &result {
                    self.log.flicks.push(LoggedFlick {
                        place,
                        flick: outcome.flick,
                        hash: table.pose_hash(),
                    });
                }
                let piece = result.as_ref().ok().map(|o| o.piece);
                let playback =
                    Playback::new(before, frames, table.poses(), dt, sounds).of_piece(piece);
                self.playback = Some(playback);
                let answer = result.as_ref().map(|_| ()).map_err(|e| e.to_string());
                self.last = Some(result);
                self.stamp.version += 1;
                answer
            }
            (Play::Sandbox(_), _) => Err("the sandbox has no rules: only flicks".into()),
            (Play::Scenario(s), FlickAction::Flick(flick)) => {
                let aim = Aim {
                    direction: flick.direction,
                    strength: flick.strength,
                    spin: flick.spin,
                };
                let step = match s.referee.game.phase {
                    Phase::AwaitMove { .. } => Step::Move(aim),
                    Phase::AwaitShots { .. } => Step::Shot(s.side, aim),
                    Phase::AwaitBlast { .. } => Step::Blast(s.side, aim),
                    _ => return Err("no flick is awaited".into()),
                };
                self.play_step(&step, dt)
            }
            (Play::Scenario(_), FlickAction::Step(step)) => self.play_step(step, dt),
            (Play::Scenario(s), FlickAction::ClearDoor(b)) => {
                if let Err(e) = s.referee.clear_door(*b) {
                    self.message = Some(e.to_string());
                    return Err(e.to_string());
                }
                self.steps.push(SavedStep::ClearDoor(*b));
                s.find_blocked_doors();
                self.stamp.version += 1;
                Ok(())
            }
            (Play::Scenario(s), FlickAction::Side(side)) => {
                if !s.referee.shot_sides().contains(side) {
                    return Err(format!(
                        "the first bullet went on the {}: the second goes on the {}",
                        side.name(),
                        side.other().name()
                    ));
                }
                s.side = *side;
                Ok(())
            }
            (Play::Scenario(_), FlickAction::Place { .. }) => {
                Err("pieces are put down by hand only in the sandbox".into())
            }
            (
                _,
                FlickAction::Open { .. }
                | FlickAction::Reset
                | FlickAction::Resume(_)
                | FlickAction::TakeBack
                | FlickAction::InstantReplay
                | FlickAction::Lay(_),
            ) => {
                unreachable!("applied above")
            }
        }
    }

    /// Plays a step of the rules on the referee: an intent at once, a flick
    /// run to rest and recorded for the playback. A refusal is on show and
    /// comes back.
    fn play_step(&mut self, step: &Step, dt: f32) -> Result<(), String> {
        let Some(Play::Scenario(s)) = &mut self.play else {
            return Err("no game on the table".into());
        };
        let referee = &mut s.referee;
        referee.last_shot = None;
        self.steps.push(SavedStep::Step(ReplayStep::from(step)));
        if let Step::Intent(intent) = step {
            let hour = referee.game.hour;
            return match referee.apply(intent.clone()) {
                Ok(_) => {
                    self.due.extend(clock_bell(hour, referee.game.hour, 0.0));
                    s.find_blocked_doors();
                    self.message = None;
                    self.touch();
                    Ok(())
                }
                Err(e) => {
                    self.message = Some(e.to_string());
                    Err(e.to_string())
                }
            };
        }
        let before = referee.table.poses();
        let hour = referee.game.hour;
        referee.last_outcome = None;
        referee.table.start_recording();
        referee.table.listen();
        let result = play(referee, step).map_err(|e| e.to_string());
        let frames = referee.table.take_recording();
        let end = referee.table.poses();
        let strikes = referee.table.take_strikes();
        let mut sounds = match &referee.last_outcome {
            Some(o) => flick_sounds(
                referee.table.index(),
                o.flick.strength,
                before[o.piece.0 as usize].0,
                &strikes,
            ),
            None => Vec::new(),
        };
        let flick_time = frames.len() as f32 * dt;
        sounds.extend(clock_bell(hour, referee.game.hour, flick_time));
        let piece = referee.last_outcome.as_ref().map(|o| o.piece);
        let marker = match (&referee.last_outcome, &referee.last_shot) {
            (Some(outcome), Some(verdict)) => {
                let table = &referee.table;
                Some(shot_marker(outcome, verdict, table.index(), |p| {
                    table.pose(p).0
                }))
            }
            _ => None,
        };
        s.find_blocked_doors();
        s.follow_shot_sides();
        if let Err(e) = &result {
            self.message = Some(e.clone());
        }
        if let Some(m) = marker {
            self.markers = vec![m];
            self.markers_of += 1;
        }
        self.playback = Some(Playback::new(before, frames, end, dt, sounds).of_piece(piece));
        // Even a refused flick may have moved a piece before it was refused.
        self.touch();
        result
    }

    /// Lays out a town file, or starts a scenario file; on failure the table
    /// keeps what it had.
    fn open(
        &mut self,
        file: &Path,
        seed: u64,
        profile: &PhysicsProfile,
        autoplay: Option<&Autoplay>,
    ) -> Result<(), String> {
        let town = Town::load(file, profile).map_err(|e| e.to_string())?;
        let mut steps = Vec::new();
        let play = if town.game.is_some() {
            let mut referee = Referee::new(profile.clone(), &town, seed)?;
            if let Some(auto) = autoplay.filter(|a| a.steps > 0) {
                let mut player = RandomPlayer::new(auto.seed);
                for _ in 0..auto.steps {
                    let Some(step) = player.next_step(&referee) else {
                        break;
                    };
                    steps.push(SavedStep::Step(ReplayStep::from(&step)));
                    if let Err(e) = play(&mut referee, &step) {
                        error!("autoplay: {e}");
                        break;
                    }
                }
            }
            info!("playing {}", file.display());
            Play::Scenario(Box::new(ScenarioPlay::new(referee)))
        } else {
            let table = Table::new(profile.clone(), &town);
            info!(
                "town laid out: {} pieces, pose hash {:016x}",
                table.index().len(),
                table.pose_hash()
            );
            Play::Sandbox(Box::new(table))
        };
        *self = Self {
            file: Some(file.to_path_buf()),
            town: Some(town),
            play: Some(play),
            seed,
            stamp: Stamp {
                game: self.stamp.game + 1,
                version: 0,
            },
            layout: self.layout + 1,
            steps,
            ..Self::default()
        };
        Ok(())
    }

    /// The sandbox on a town given whole (no file behind it to watch). A
    /// town that differs from the one in the sandbox only in where pieces
    /// stand (the editor's move or turn) changes those pieces' bodies, set
    /// down where it lays them; anything else lays the town out afresh.
    fn lay(&mut self, town: &Town, profile: &PhysicsProfile) {
        if let (Some(Play::Sandbox(table)), Some(old)) = (&mut self.play, &self.town)
            && table.profile() == profile
            && let Some(moved) = old.moved_in(town)
        {
            for piece in moved {
                if let (Some(id), Some(pose)) = (
                    crate::physics::build::piece_id(town, piece),
                    crate::physics::build::laid_pose(profile, town, piece),
                ) {
                    table.set_down(id, pose);
                }
            }
            self.town = Some(town.clone());
            self.touch();
            return;
        }
        self.close();
        self.town = Some(town.clone());
        self.play = Some(Play::Sandbox(Box::new(Table::new(profile.clone(), town))));
    }

    /// Shows the last flick again at half speed; the table is not changed.
    fn instant_replay(&mut self) -> Result<(), String> {
        if self.replaying() {
            return Err("a flick is still being shown".into());
        }
        let Some(last) = &self.last_recording else {
            return Err("no flick to show again yet".into());
        };
        self.playback = Some(last.instant_replay(INSTANT_REPLAY_SPEED));
        Ok(())
    }

    /// The playback on show, if any.
    pub fn playback(&self) -> Option<&Playback> {
        self.playback.as_ref()
    }

    /// Continues a saved game: its steps played again and checked against
    /// the table and rules it left; on failure the table keeps what it had.
    fn resume(&mut self, save: &FlickSave, profile: &PhysicsProfile) -> Result<(), String> {
        let referee = save.resume(profile)?;
        let town = Town::load(&save.scenario, profile).map_err(|e| e.to_string())?;
        info!(
            "continuing {} after {} steps, pose hash {:016x}",
            save.scenario.display(),
            save.steps.len(),
            referee.table.pose_hash()
        );
        *self = Self {
            file: Some(save.scenario.clone()),
            town: Some(town),
            play: Some(Play::Scenario(Box::new(ScenarioPlay::new(referee)))),
            seed: save.seed,
            stamp: Stamp {
                game: self.stamp.game + 1,
                version: 0,
            },
            layout: self.layout + 1,
            steps: save.steps.clone(),
            practice: save.practice,
            ..Self::default()
        };
        Ok(())
    }

    /// The game on the table as *Continue* keeps it: a scenario not yet
    /// over (the sandbox and a finished game are not kept).
    pub fn saved(
        &self,
        seats: [Option<Level>; 2],
        town: &Path,
        profile: &Path,
    ) -> Option<SavedGame> {
        let s = self.scenario()?;
        let referee = &s.referee;
        if referee.game.is_over() {
            return None;
        }
        let name = self
            .town
            .as_ref()
            .map_or("Flick 'em Up!", |t| t.name.as_str());
        Some(SavedGame {
            version: crate::saves::VERSION,
            title: format!("{name}, {} o'clock", referee.game.hour),
            table: SavedTable::Flick(FlickSave {
                scenario: self.file.clone()?,
                town: town.to_path_buf(),
                profile: profile.to_path_buf(),
                seed: self.seed,
                seats,
                steps: self.steps.clone(),
                pose_hash: referee.table.pose_hash(),
                rules: rules_text(referee),
                practice: self.practice,
            }),
        })
    }

    /// Puts the sandbox's town back as it was laid out.
    fn reset(&mut self) -> Result<(), String> {
        let Some(Play::Sandbox(table)) = &mut self.play else {
            return Err("only the sandbox is reset: a game is played again".into());
        };
        table.reset();
        self.log = TableLog::default();
        self.playback = None;
        self.touch();
        Ok(())
    }
}

/// An instant replay shows the recording at this fraction of its pace.
pub const INSTANT_REPLAY_SPEED: f32 = 0.5;

/// Seconds between the strokes of the bell at noon.
const STROKES_APART: f32 = 0.5;

/// The clock's bell when the hour moved from `before` to `after`: a stroke
/// for a new hour, twelve for noon, from `at` s on.
fn clock_bell(before: u8, after: u8, at: f32) -> Vec<SoundEvent> {
    let strokes = match after {
        h if h == before => 0,
        h if h >= 12 => 12,
        _ => 1,
    };
    (0..strokes)
        .map(|k| SoundEvent {
            at: at + k as f32 * STROKES_APART,
            sound: Sound::Bell,
            loudness: 0.5,
            place: None,
        })
        .collect()
}

/// Applies the frame's intents, in the order they were written.
pub fn apply_intents(
    mut intents: MessageReader<FlickIntent>,
    mut session: ResMut<FlickSession>,
    profile: Res<Profile>,
    seats: Res<Seats>,
    autoplay: Option<Res<Autoplay>>,
) {
    for intent in intents.read() {
        if let Err(e) = session.apply(intent, &profile.0, &seats, autoplay.as_deref()) {
            debug!("not applied: {intent:?}: {e}");
        }
    }
}

/// Moves the last flick's playback on by the frame's time.
/// Moves the last flick's playback on by the frame's time; the sounds it
/// reaches (and the bell of an hour struck by a rule) are heard.
pub fn advance_playback(
    time: Res<Time>,
    settings: Option<Res<crate::settings::Settings>>,
    mut session: ResMut<FlickSession>,
    mut hear: MessageWriter<Hear>,
) {
    if session.replaying() {
        let pace = settings.map_or(1.0, |s| s.animation_pace);
        session.advance_playback(time.delta_secs() * pace);
    }
    for e in session.take_due_sounds() {
        hear.write(Hear(e));
    }
}
