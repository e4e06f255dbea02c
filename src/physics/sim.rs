//! The table as a value: a town's Rapier sets, its piece index and its profile
//! in one plain `Clone + Send` struct. The referee owns one, a bot forks it
//! (a clone) for every candidate flick, the window mirrors one into the ECS
//! to draw it. No Bevy `App` anywhere: a flick is stepped to rest in a tight
//! loop on raw Rapier.

use std::sync::Arc;

use bevy::math::{Quat, Vec2, Vec3};
use bevy_rapier3d::rapier::math::Pose;
use bevy_rapier3d::rapier::prelude::{PhysicsPipeline, RigidBodySet};

use super::build;
use super::face_friction::ContactLaws;
use super::pieces::{DiscKind, PieceId, PieceKind};
use super::strikes::{Ear, Strike};
use super::table::{self, Flick, FlickError, FlickOutcome, FlickRun, TableIndex};
use super::world::{RapierSets, Stepping};
use crate::scenario::{PhysicsProfile, Town};

/// A saved table (every piece of Rapier state a step reads or writes), for
/// putting the town back exactly.
pub type Snapshot = Arc<RapierSets>;

/// A town on the table.
pub struct Table {
    state: RapierSets,
    /// Scratch space only (no state that outlives a step): a fork gets a fresh one.
    pipeline: PhysicsPipeline,
    /// Always the profile's ([`Stepping::from_profile`]).
    stepping: Stepping,
    /// The contact hook and the contact laws the table adds, as the profile says.
    laws: ContactLaws,
    profile: Arc<PhysicsProfile>,
    index: Arc<TableIndex>,
    /// The town as laid out and settled (a piece the editor moved set down
    /// where it now stands), for resets.
    initial: Snapshot,
    /// When set, every step of every flick appends every piece's pose (for replays).
    recording: Option<Vec<Vec<(Vec3, Quat)>>>,
    /// A look-ahead's cheaper simulation, when set ([`Table::quicken`]).
    quick: Option<Quick>,
    /// A copy of `state` as it is now, while nothing has changed it since
    /// (cleared by everything that does): [`Table::snapshot`] hands it out
    /// instead of copying again. Each of a look-ahead's forks starts with one.
    pristine: Option<Snapshot>,
    /// When set, every substep's contacts are heard ([`Table::listen`]).
    ear: Option<Box<Ear>>,
}

/// A cheaper simulation for a bot's look-ahead on a fork of the table: a
/// coarser fixed step (the discs' predictive contact distance,
/// `solver.disc_soft_ccd`, grows with it, so a full-strength disc still
/// meets a thin piece before it is through), fewer solver iterations, a
/// shorter wait for stillness, and no steps spent filing the table's islands
/// as asleep once it is still (a fork is scored and dropped, never flicked
/// again). What it costs in agreement with the game's simulation is measured
/// by `flick lookahead-check` (docs/flick-bot.md).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quick {
    /// The fixed step, seconds (the profile's `solver.dt` in the game); the
    /// discs' look-ahead for contacts (`solver.disc_soft_ccd`) grows with it.
    pub dt: f32,
    /// Rapier solver iterations per step (the profile's `solver.iterations` in the game).
    pub iterations: usize,
    /// A flick ends when nothing has drifted for this long, seconds (the
    /// profile's `sleep.still_time` in the game).
    pub still_time: f32,
    /// From this long into a flick what still moves is damped, seconds (the
    /// profile's `sleep.settle_after` in the game), if that is earlier than
    /// the profile's; the backstop (`sleep.freeze_after`) comes as much earlier.
    pub settle_after: f32,
    /// A piece lying still this long falls asleep, seconds (the profile's
    /// `sleep.time_until_sleep` in the game; absent: the profile's). What a
    /// flick wakes without moving it (the shooter beside his bullet) stops
    /// costing solver work that much sooner.
    #[serde(default)]
    pub time_until_sleep: Option<f32>,
}

impl Quick {
    /// What is out of range, as (field, message); empty when all is sound.
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        [
            ("dt", self.dt as f64, 0.001, 0.05),
            ("iterations", self.iterations as f64, 1.0, 16.0),
            ("still_time", self.still_time as f64, 0.01, 10.0),
            ("settle_after", self.settle_after as f64, 0.0, 60.0),
            (
                "time_until_sleep",
                self.time_until_sleep.map_or(1.0, |t| t as f64),
                0.01,
                10.0,
            ),
        ]
        .into_iter()
        .filter(|&(_, v, lo, hi)| !(v.is_finite() && v >= lo && v <= hi))
        .map(|(field, v, lo, hi)| {
            (
                field,
                format!("lookahead's {field} is {v}, it must be between {lo} and {hi}"),
            )
        })
        .collect()
    }
}

impl Clone for Table {
    fn clone(&self) -> Self {
        Self {
            state: self.state.clone(),
            pipeline: PhysicsPipeline::new(),
            stepping: self.stepping,
            laws: self.laws.clone(),
            profile: self.profile.clone(),
            index: self.index.clone(),
            initial: self.initial.clone(),
            recording: self.recording.clone(),
            quick: self.quick,
            pristine: self.pristine.clone(),
            // A fork (a bot's look-ahead) is never heard.
            ear: None,
        }
    }
}

impl Table {
    /// Builds the table, lays `town` out on it and lets it settle.
    pub fn new(profile: PhysicsProfile, town: &Town) -> Self {
        let built = build::build(&profile, town);
        let mut state = RapierSets::new(built.bodies, built.colliders);
        for p in &built.index.pieces {
            let rb = &mut state.bodies[p.body];
            let activation = rb.activation_mut();
            activation.normalized_linear_threshold = profile.sleep.normalized_linear_threshold;
            activation.angular_threshold = profile.sleep.angular_threshold;
            activation.time_until_sleep = profile.sleep.time_until_sleep;
        }
        let stepping = Stepping::from_profile(&profile);
        let laws = ContactLaws::new(&profile, &built.index);
        let mut table = Self {
            initial: Arc::new(state.clone()),
            state,
            pipeline: PhysicsPipeline::new(),
            stepping,
            laws,
            profile: Arc::new(profile),
            index: Arc::new(built.index),
            recording: None,
            quick: None,
            pristine: None,
            ear: None,
        };
        table.settle_town();
        table.initial = Arc::new(table.state.clone());
        table
    }

    /// Loads the given profile and town files.
    pub fn from_files(
        profile: &std::path::Path,
        town: &std::path::Path,
    ) -> Result<Self, crate::scenario::Problems> {
        let profile = PhysicsProfile::load(profile)?;
        let town = Town::load(town, &profile)?;
        Ok(Self::new(profile, &town))
    }

    /// Lets a freshly laid-out town settle: every body is woken and the table
    /// stepped until all sleep again (so contacts with the table exist and
    /// every piece rests at its true equilibrium). Returns the steps taken.
    fn settle_town(&mut self) -> u32 {
        for (_, rb) in self.state.bodies.iter_mut() {
            if rb.is_dynamic() {
                rb.wake_up(true);
            }
        }
        let max = self.max_steps();
        let mut steps = 0;
        while steps < max {
            self.step();
            steps += 1;
            if table::all_asleep(&self.state.islands) {
                break;
            }
        }
        steps
    }

    fn max_steps(&self) -> u32 {
        (self.profile.solver.max_flick_seconds / self.profile.solver.dt).ceil() as u32
    }

    pub fn profile(&self) -> &PhysicsProfile {
        &self.profile
    }

    pub fn index(&self) -> &TableIndex {
        &self.index
    }

    /// The Rapier state, read only (tests and measurements).
    pub fn state(&self) -> &RapierSets {
        &self.state
    }

    /// The Rapier state, for measurements that need to step it themselves.
    pub fn state_mut(&mut self) -> &mut RapierSets {
        self.pristine = None;
        &mut self.state
    }

    pub fn bodies(&self) -> &RigidBodySet {
        &self.state.bodies
    }

    /// The piece with this name (e.g. "Lawman 1", "Movement disc").
    pub fn piece(&self, name: &str) -> Option<PieceId> {
        self.index.by_name(name).map(|p| p.id)
    }

    pub fn kind(&self, id: PieceId) -> Option<PieceKind> {
        self.index.get(id).map(|p| p.kind)
    }

    /// The movement disc and the bullets, in creation order.
    pub fn discs(&self) -> impl Iterator<Item = (PieceId, PieceKind)> + '_ {
        self.index
            .pieces
            .iter()
            .filter(|p| p.kind.is_disc())
            .map(|p| (p.id, p.kind))
    }

    /// One fixed step of the table (`substeps` Rapier steps), heard after
    /// each Rapier step when listening.
    pub fn step(&mut self) {
        self.pristine = None;
        let (stepping, index, ear) = (&self.stepping, &self.index, &mut self.ear);
        self.laws
            .step(&mut self.state, &mut self.pipeline, stepping, |s| {
                if let Some(ear) = ear.as_mut() {
                    ear.listen(
                        stepping.params.dt,
                        stepping.gravity.length(),
                        index,
                        &s.narrow_phase,
                        &s.colliders,
                        &s.bodies,
                    );
                }
            });
    }

    /// From now on every contact that strikes is heard (for sound); the
    /// clock of [`Strike::time`] starts now.
    pub fn listen(&mut self) {
        self.ear = Some(Box::default());
    }

    /// The strikes heard since the last call (empty when not listening).
    pub fn take_strikes(&mut self) -> Vec<Strike> {
        self.ear.as_mut().map(|e| e.take()).unwrap_or_default()
    }

    /// Seconds since [`Table::listen`] (0 when not listening).
    pub fn heard_for(&self) -> f32 {
        self.ear
            .as_ref()
            .map_or(0.0, |e| e.elapsed(self.stepping.params.dt))
    }

    /// True when every body sleeps.
    pub fn at_rest(&self) -> bool {
        table::all_asleep(&self.state.islands)
    }

    /// Applies a flick's impulse; the flick then runs through [`Table::advance`].
    pub fn begin(&mut self, flick: Flick) -> Result<FlickRun, FlickError> {
        self.pristine = None;
        FlickRun::begin(&self.index, &mut self.state.bodies, &self.profile, flick)
    }

    /// From now on this table (a look-ahead's fork) simulates the cheaper
    /// way: its profile's step, solver iterations and stillness are the
    /// look-ahead's (and so every count of steps that derives from them).
    pub fn quicken(&mut self, quick: Quick) {
        let mut p = (*self.profile).clone();
        // Rapier's own step was dt / substeps; the look-ahead's is one step of `quick.dt`.
        let scale = quick.dt / (p.solver.dt / p.solver.substeps.max(1) as f32);
        p.solver.dt = quick.dt;
        p.solver.substeps = 1;
        p.solver.iterations = quick.iterations.max(1);
        p.solver.disc_soft_ccd *= scale.max(1.0);
        p.sleep.still_time = quick.still_time;
        let earlier = (p.sleep.settle_after - quick.settle_after).max(0.0);
        p.sleep.settle_after -= earlier;
        p.sleep.freeze_after -= earlier;
        p.sleep.time_until_sleep = quick.time_until_sleep.unwrap_or(p.sleep.time_until_sleep);
        self.stepping = Stepping::from_profile(&p);
        self.profile = Arc::new(p);
        self.quick = Some(quick);
        let _ = self.fit_bodies_to_step();
        self.pristine = Some(Arc::new(self.state.clone()));
    }

    /// The discs' predictive contact distance and every piece's wait before
    /// sleep, as the profile says (a look-ahead's differ from the game's; a
    /// state put back from a copy of the game's table has the game's).
    /// Returns whether any body changed.
    fn fit_bodies_to_step(&mut self) -> bool {
        let d = self.profile.solver.disc_soft_ccd;
        let sleep = self.profile.sleep.time_until_sleep;
        let mut changed = false;
        for q in self.index.pieces.iter() {
            let rb = &mut self.state.bodies[q.body];
            if matches!(q.kind, PieceKind::Disc(_)) && rb.soft_ccd_prediction() != d {
                rb.set_soft_ccd_prediction(d);
                changed = true;
            }
            if rb.activation().time_until_sleep != sleep {
                rb.activation_mut().time_until_sleep = sleep;
                changed = true;
            }
        }
        changed
    }

    /// One step of a running flick; its outcome once the table is at rest (or the time cap).
    pub fn advance(&mut self, run: &mut FlickRun) -> Option<FlickOutcome> {
        self.step();
        let s = &mut self.state;
        run.observe(
            &self.index,
            &s.narrow_phase,
            &s.islands,
            &mut s.bodies,
            &self.profile,
        );
        self.record_frame();
        if run.stilled() && self.quick.is_none() {
            // What was still awake has been put to sleep (flagged, at rest):
            // a few more steps, until Rapier files every island asleep, so
            // the next flick wakes them whole.
            let cap = table::filing_steps(&self.profile);
            let frozen = run.frozen();
            // What was put to sleep, and is asleep when the islands are
            // filed, is where it was put: a body flagged asleep in an island
            // Rapier has not filed yet is still moved by gravity, but its
            // contacts are not solved, so it sinks through what it stands on
            // (a standing figure fell 5 cm into the table top while a
            // neighbour's island was being filed). Put back once filing ends
            // (put back at each step, Rapier may not file the island).
            let put_to_sleep: Vec<_> = self
                .state
                .bodies
                .iter()
                .filter(|(_, b)| b.is_dynamic() && b.is_enabled() && b.is_sleeping())
                .map(|(h, b)| (h, *b.position()))
                .collect();
            let mut k = 0;
            while k < cap && !table::all_asleep(&self.state.islands) {
                if frozen {
                    // Stopped by the backstop: what a contact wakes again
                    // meanwhile goes straight back to sleep.
                    table::sleep_awake(&self.state.islands, &mut self.state.bodies);
                }
                self.step();
                self.record_frame();
                k += 1;
            }
            for (h, at) in &put_to_sleep {
                let b = &mut self.state.bodies[*h];
                if b.is_sleeping() && b.position() != at {
                    b.set_position(*at, false);
                    b.set_linvel(Vec3::ZERO, false);
                    b.set_angvel(Vec3::ZERO, false);
                }
            }
        }
        let s = &self.state;
        run.finished(&s.islands)
            .then(|| run.finish(&self.index, &s.bodies, &s.islands, &self.profile))
    }

    /// Appends every piece's pose to the recording, if one is running.
    fn record_frame(&mut self) {
        if let Some(frames) = self.recording.as_mut() {
            let s = &self.state;
            frames.push(
                self.index
                    .pieces
                    .iter()
                    .map(|p| (s.bodies[p.body].translation(), *s.bodies[p.body].rotation()))
                    .collect(),
            );
        }
    }

    /// Flicks a piece and runs the table until it is at rest (or the time cap).
    pub fn flick_to_rest(&mut self, flick: Flick) -> Result<FlickOutcome, FlickError> {
        self.run_flick(flick, false)
    }

    /// Flicks a piece as [`Table::flick_to_rest`] does, but ends the flick at
    /// the first step at which the piece has touched anything but a
    /// building's support block, or has left the table: a look-ahead's
    /// movement flick, which from there can only fail (and the rules put the
    /// town back), needs no more steps.
    pub fn flick_until_spoiled(&mut self, flick: Flick) -> Result<FlickOutcome, FlickError> {
        self.run_flick(flick, true)
    }

    fn run_flick(&mut self, flick: Flick, until_spoiled: bool) -> Result<FlickOutcome, FlickError> {
        let mut run = self.begin(flick)?;
        loop {
            if let Some(outcome) = self.advance(&mut run) {
                return Ok(outcome);
            }
            if until_spoiled && run.spoiled() {
                let s = &self.state;
                return Ok(run.finish(&self.index, &s.bodies, &s.islands, &self.profile));
            }
        }
    }

    /// Whether this table simulates a look-ahead's cheaper way ([`Table::quicken`]).
    pub fn is_quick(&self) -> bool {
        self.quick.is_some()
    }

    /// Starts recording every step of the flicks to come.
    pub fn start_recording(&mut self) {
        self.recording = Some(Vec::new());
    }

    /// The recorded steps (each: every piece's pose, in piece order); stops recording.
    pub fn take_recording(&mut self) -> Vec<Vec<(Vec3, Quat)>> {
        self.recording.take().unwrap_or_default()
    }

    /// Runs fixed steps with no flick (e.g. to let a hand-placed piece settle).
    pub fn settle(&mut self, max_steps: u32) -> u32 {
        let mut n = 0;
        while n < max_steps && !self.at_rest() {
            self.step();
            n += 1;
        }
        n
    }

    /// A copy of the table as it is now (shared with the last one while
    /// nothing has changed since).
    pub fn snapshot(&self) -> Snapshot {
        match &self.pristine {
            Some(s) => s.clone(),
            None => Arc::new(self.state.clone()),
        }
    }

    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.state = (**snapshot).clone();
        let refitted = self.fit_bodies_to_step();
        self.pristine = (!refitted).then(|| snapshot.clone());
    }

    /// Puts the town back as it was laid out.
    pub fn reset(&mut self) {
        self.state = (*self.initial).clone();
        let refitted = self.fit_bodies_to_step();
        self.pristine = (!refitted).then(|| self.initial.clone());
    }

    /// Hash of every piece's pose and velocity bits.
    pub fn pose_hash(&self) -> u64 {
        table::pose_hash(&self.index, &self.state.bodies)
    }

    /// Position and rotation of a piece.
    pub fn pose(&self, id: PieceId) -> (Vec3, Quat) {
        let rb = &self.state.bodies[self.index.get(id).expect("piece").body];
        (rb.translation(), *rb.rotation())
    }

    /// Every piece's pose, in piece order.
    pub fn poses(&self) -> Vec<(Vec3, Quat)> {
        self.index
            .pieces
            .iter()
            .map(|p| {
                let rb = &self.state.bodies[p.body];
                (rb.translation(), *rb.rotation())
            })
            .collect()
    }

    /// Whether a piece is in the simulation (not parked, not fallen off the
    /// table, not set aside like the spare discs: [`Table::set_aside`]).
    pub fn in_play(&self, id: PieceId) -> bool {
        let rb = &self.state.bodies[self.index.get(id).expect("piece").body];
        rb.is_enabled()
    }

    /// Stands a piece upright with its origin at `at` (metres), turned to
    /// `facing` radians, at rest (a figure stood back up, or seated on a block).
    pub fn stand(&mut self, id: PieceId, at: Vec3, facing: f32) {
        let h = self.index.get(id).expect("piece").body;
        self.put(h, Pose::from_parts(at, Quat::from_rotation_y(facing)));
    }

    /// A body on the table at `pose`, at rest.
    fn put(&mut self, h: bevy_rapier3d::rapier::prelude::RigidBodyHandle, pose: Pose) {
        self.pristine = None;
        let rb = self.state.bodies.get_mut(h).expect("body");
        rb.set_enabled(true);
        rb.set_position(pose, false);
        rb.set_linvel(Vec3::ZERO, false);
        rb.set_angvel(Vec3::ZERO, false);
        rb.sleep();
    }

    /// Sets a piece down at `pose`, at rest (not settled), as the town now
    /// lays it out (a piece moved or turned in the editor): the rest of the
    /// table stays as it lies, flicked or not, and the laid-out town a reset
    /// comes back to has the piece there too (and no flick).
    pub fn set_down(&mut self, id: PieceId, pose: Pose) {
        let h = self.index.get(id).expect("piece").body;
        self.put(h, pose);
        let laid = Arc::make_mut(&mut self.initial)
            .bodies
            .get_mut(h)
            .expect("body");
        laid.set_enabled(true);
        laid.set_position(pose, false);
        laid.set_linvel(Vec3::ZERO, false);
        laid.set_angvel(Vec3::ZERO, false);
        laid.sleep();
    }

    /// Lays a piece on its back at `at` (metres, on the table), its head
    /// toward `facing` radians, resting on the table top: a fallen cowboy put
    /// back on the table after falling off it.
    pub fn lay(&mut self, id: PieceId, at: Vec2, facing: f32) {
        self.lay_on(id, at, 0.0, facing);
    }

    /// Lays a piece on its back as [`Table::lay`] does, resting on a surface
    /// `floor` metres above the table top (a fallen cowboy on the support
    /// block he sits on).
    pub fn lay_on(&mut self, id: PieceId, at: Vec2, floor: f32, facing: f32) {
        self.pristine = None;
        let h = self.index.get(id).expect("piece").body;
        let rot =
            Quat::from_rotation_y(facing) * Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
        let pose = Pose::from_parts(Vec3::new(at.x, 0.0, at.y), rot);
        let rb = &self.state.bodies[h];
        let mut lowest = 0.0f32;
        for c in rb.colliders() {
            let collider = &self.state.colliders[*c];
            let local = collider.position_wrt_parent().copied().unwrap_or_default();
            lowest = lowest.min(collider.shape().compute_aabb(&(pose * local)).mins.y);
        }
        self.put(
            h,
            Pose::from_parts(Vec3::new(at.x, floor - lowest, at.y), rot),
        );
    }

    /// Takes a piece off the table (out of the simulation), e.g. a dead cowboy.
    pub fn park(&mut self, id: PieceId) {
        self.pristine = None;
        let h = self.index.get(id).expect("piece").body;
        let rb = self.state.bodies.get_mut(h).expect("body");
        rb.set_position(
            Pose::from_parts(Vec3::new(0.0, -1.0, 0.0), Quat::IDENTITY),
            false,
        );
        rb.set_linvel(Vec3::ZERO, false);
        rb.set_angvel(Vec3::ZERO, false);
        rb.set_enabled(false);
    }

    /// Leaves a piece where it lies but out of the simulation: nothing
    /// touches it until it is placed again ([`Table::place`]). The discs not
    /// in play wait so beside the play area (in the box, at a real table).
    pub fn set_aside(&mut self, id: PieceId) {
        self.pristine = None;
        let h = self.index.get(id).expect("piece").body;
        self.state
            .bodies
            .get_mut(h)
            .expect("body")
            .set_enabled(false);
    }

    /// Moves a piece to `at` (metres, on the table) and turns it to `facing`
    /// radians, at rest. The move is a teleport: the rules use it to place discs.
    pub fn place(&mut self, id: PieceId, at: Vec2, facing: f32) {
        let p = self.index.get(id).expect("piece");
        let y = if p.kind.is_disc() {
            self.disc_half_height(p.kind)
        } else {
            self.state.bodies[p.body].translation().y.max(0.0)
        };
        self.stand(id, Vec3::new(at.x, y, at.y), facing);
    }

    /// Where disc `disc`, set down flat at `at`, touches nothing: `at` itself
    /// when it is clear, else the nearest clear spot found by pushing the
    /// disc straight out of what it overlaps (a person sets the disc down
    /// beside a barrel, not on it); `None` when no spot within `reach`
    /// metres is clear. Pieces in `ignore`, discs and pieces out of play do
    /// not count; nor does the table top.
    pub fn clear_spot(
        &self,
        disc: PieceId,
        at: Vec2,
        ignore: &[PieceId],
        reach: f32,
    ) -> Option<Vec2> {
        use bevy_rapier3d::rapier::parry::query;
        // How far apart the disc is set from what it was pushed out of:
        // beyond the distance at which the simulation already counts a
        // contact (set down 0.5 mm from a fence, every flick "touched" it
        // on its first step), and half a millimetre more.
        let gap = self.profile.solver.prediction_distance + 0.0005;
        /// Farther than this, no part of a piece reaches the disc (the
        /// largest, a building's facade or the gallows, is under 20 cm
        /// from its centre to its edge).
        const FAR: f32 = 0.3;
        let d = self.index.get(disc)?;
        let rb = &self.state.bodies[d.body];
        let shape = self.state.colliders[*rb.colliders().first()?].shape();
        let y = self.disc_half_height(d.kind);
        let mut p = at;
        for _ in 0..8 {
            let pose = Pose::from_parts(Vec3::new(p.x, y, p.y), Quat::IDENTITY);
            // The deepest overlap (or contact nearer than the gap).
            let mut worst: Option<(f32, Vec2)> = None;
            for (_, c) in self.state.colliders.iter() {
                let Some(parent) = c.parent() else { continue };
                let Some(owner) = self.index.piece_of_body(parent) else {
                    continue;
                };
                let body = &self.state.bodies[parent];
                // From the body (a piece teleported since the last step has
                // its colliders' own positions not yet brought along).
                let at_world =
                    *body.position() * c.position_wrt_parent().copied().unwrap_or_default();
                let centre = at_world.translation;
                // Discs (this one among them) do not count.
                if Vec2::new(centre.x, centre.z).distance(p) > FAR
                    || !body.is_enabled()
                    || ignore.contains(&owner)
                    || self.index.get(owner).is_some_and(|x| x.kind.is_disc())
                {
                    continue;
                }
                let Ok(Some(contact)) = query::contact(&pose, shape, &at_world, c.shape(), gap)
                else {
                    continue;
                };
                let push = Vec2::new(-contact.normal1.x, -contact.normal1.z);
                let depth = gap - contact.dist;
                if depth > 0.0 && worst.is_none_or(|(w, _)| depth > w) {
                    // Straight out in the table's plane (a contact from
                    // above or below still pushes the disc away sideways).
                    let dir = if push.length() > 1e-4 {
                        push.normalize()
                    } else {
                        (p - Vec2::new(centre.x, centre.z)).normalize_or(Vec2::X)
                    };
                    worst = Some((depth, dir));
                }
            }
            match worst {
                None => return (p.distance(at) <= reach).then_some(p),
                Some((depth, dir)) => p += dir * (depth + 0.5 * gap),
            }
        }
        None
    }

    /// How deep piece `id`, turned to `rotation` where it stands, reaches
    /// into any other piece in play (metres; 0 when it touches nothing or
    /// only rests against it). The table top and the discs do not count. A
    /// figure turned on its spot by the player, after his move, must not be
    /// turned into a fence or a neighbour.
    pub fn overlap_turned(&self, id: PieceId, rotation: Quat) -> f32 {
        use bevy_rapier3d::rapier::parry::query;
        /// Farther than this, no part of a piece reaches the figure.
        const FAR: f32 = 0.3;
        let Some(p) = self.index.get(id) else {
            return 0.0;
        };
        let rb = &self.state.bodies[p.body];
        let pose = Pose::from_parts(rb.translation(), rotation);
        let here = Vec2::new(rb.translation().x, rb.translation().z);
        let mut deepest = 0.0f32;
        for h in rb.colliders() {
            let mine = &self.state.colliders[*h];
            let my_pose = pose * mine.position_wrt_parent().copied().unwrap_or_default();
            for (_, c) in self.state.colliders.iter() {
                let Some(parent) = c.parent() else { continue };
                if parent == p.body {
                    continue;
                }
                let Some(owner) = self.index.piece_of_body(parent) else {
                    continue;
                };
                let body = &self.state.bodies[parent];
                let at_world =
                    *body.position() * c.position_wrt_parent().copied().unwrap_or_default();
                let centre = at_world.translation;
                if Vec2::new(centre.x, centre.z).distance(here) > FAR
                    || !body.is_enabled()
                    || self.index.get(owner).is_some_and(|x| x.kind.is_disc())
                {
                    continue;
                }
                if let Ok(Some(contact)) =
                    query::contact(&my_pose, mine.shape(), &at_world, c.shape(), 0.0)
                {
                    deepest = deepest.max(-contact.dist);
                }
            }
        }
        deepest
    }

    /// Whether a disc `radius` wide and `height` thick, lying flat on the
    /// table and slid straight from `from` to `to` (metres), would touch
    /// `piece` on the way: the piece's real shape, not the circle round it
    /// ([`super::table::IndexedPiece::radius`]; a building's circle reaches
    /// well past its walls). A disc that starts touching the piece and slides
    /// away from it does not touch it; a piece out of play touches nothing.
    pub fn slide_touches(
        &self,
        radius: f32,
        height: f32,
        from: Vec2,
        to: Vec2,
        piece: PieceId,
    ) -> bool {
        use bevy_rapier3d::rapier::parry::query::{ShapeCastOptions, cast_shapes};
        use bevy_rapier3d::rapier::parry::shape::Cylinder;
        let Some(p) = self.index.get(piece) else {
            return false;
        };
        let body = &self.state.bodies[p.body];
        if !body.is_enabled() {
            return false;
        }
        let disc = Cylinder::new(height / 2.0, radius);
        let start = Pose::from_parts(Vec3::new(from.x, height / 2.0, from.y), Quat::IDENTITY);
        let travel = Vec3::new(to.x - from.x, 0.0, to.y - from.y);
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: false,
            compute_impact_geometry_on_penetration: false,
        };
        body.colliders().iter().any(|h| {
            let c = &self.state.colliders[*h];
            let at = *body.position() * c.position_wrt_parent().copied().unwrap_or_default();
            // An upright box (a wall, a block, a standing fence): on the
            // table's plane, the segment against the box grown by the
            // disc's radius (a little more at its corners). Anything else
            // (a fallen fence, a compound): the disc's shape cast along.
            let up = at.rotation * Vec3::Y;
            if let Some(b) = c.shape().as_cuboid()
                && up.y > 0.9999
            {
                let h = b.half_extents;
                let y = at.translation.y;
                if y + h.y < 0.0 || y - h.y > height {
                    return false;
                }
                let centre = Vec2::new(at.translation.x, at.translation.z);
                let ux = at.rotation * Vec3::X;
                let uz = at.rotation * Vec3::Z;
                let axes = [Vec2::new(ux.x, ux.z), Vec2::new(uz.x, uz.z)];
                return segment_meets_box(from - centre, to - centre, axes, [h.x, h.z], radius);
            }
            !matches!(
                cast_shapes(&start, travel, &disc, &at, Vec3::ZERO, c.shape(), options),
                Ok(None)
            )
        })
    }

    /// Half a disc's thickness: where its centre sits, lying on the table.
    fn disc_half_height(&self, kind: PieceKind) -> f32 {
        match kind {
            PieceKind::Disc(DiscKind::Bullet) => self.profile.pieces.bullet.height / 2.0,
            _ => self.profile.pieces.movement_disc.height / 2.0,
        }
    }
}

/// Whether a disc of radius `r` slid from `a` to `b` (relative to a box's
/// centre) meets the box with these (unit) axes and half extents: the
/// segment against the box grown by `r` (square at its corners, so a little
/// more than the disc reaches there). A disc that starts already within
/// `r` of the box meets it unless it heads away from the box's nearest point.
fn segment_meets_box(a: Vec2, b: Vec2, axes: [Vec2; 2], half: [f32; 2], r: f32) -> bool {
    let local = |v: Vec2| Vec2::new(v.dot(axes[0]), v.dot(axes[1]));
    let (la, lb) = (local(a), local(b));
    let grown = Vec2::new(half[0] + r, half[1] + r);
    if la.x.abs() <= grown.x && la.y.abs() <= grown.y {
        let nearest = la.clamp(Vec2::new(-half[0], -half[1]), Vec2::new(half[0], half[1]));
        let out = la - nearest;
        // Inside the box itself, or heading into it.
        return out.length_squared() < 1e-12 || (lb - la).dot(out) < 0.0;
    }
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for k in 0..2 {
        let p = la[k];
        let d = lb[k] - la[k];
        if d.abs() < 1e-9 {
            if p.abs() > grown[k] {
                return false;
            }
            continue;
        }
        let (mut e, mut x) = ((-grown[k] - p) / d, (grown[k] - p) / d);
        if e > x {
            std::mem::swap(&mut e, &mut x);
        }
        t0 = t0.max(e);
        t1 = t1.min(x);
        if t0 > t1 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send<T: Send + Clone>() {}

    #[test]
    fn a_table_is_a_plain_value() {
        assert_send::<Table>();
    }

    /// A fence-like box 12 cm long and 1 cm deep, a 1 cm disc.
    fn fence(a: Vec2, b: Vec2) -> bool {
        segment_meets_box(a, b, [Vec2::X, Vec2::Y], [0.06, 0.005], 0.01)
    }

    #[test]
    fn a_slide_meets_a_box_it_crosses_and_not_one_it_passes() {
        // Across the middle, across an end, beside it, short of it.
        assert!(fence(Vec2::new(0.0, 0.1), Vec2::new(0.0, -0.1)));
        assert!(fence(Vec2::new(0.065, 0.1), Vec2::new(0.065, -0.1)));
        assert!(!fence(Vec2::new(0.0, 0.1), Vec2::new(0.2, 0.1)));
        assert!(!fence(Vec2::new(0.0, 0.1), Vec2::new(0.0, 0.02)));
        // Not moving: a touch only from inside the box itself (within the
        // disc's reach it heads nowhere, so not into it).
        assert!(fence(Vec2::new(0.0, 0.004), Vec2::new(0.0, 0.004)));
        assert!(!fence(Vec2::new(0.0, 0.014), Vec2::new(0.0, 0.014)));
        assert!(!fence(Vec2::new(0.0, 0.016), Vec2::new(0.0, 0.016)));
    }

    #[test]
    fn a_slide_from_against_a_box_meets_it_only_heading_into_it() {
        // Against the fence's long side, 1.2 cm off its middle line.
        let a = Vec2::new(0.03, 0.012);
        assert!(!fence(a, a + Vec2::new(0.0, 0.1)), "straight away");
        assert!(!fence(a, a + Vec2::new(0.1, 0.0)), "along it");
        // Away from the box's centre but across the fence (the first
        // version judged "away" from the centre, and let this through).
        assert!(fence(a, a + Vec2::new(0.1, -0.1)), "diagonally across");
        assert!(fence(a, a + Vec2::new(0.0, -0.1)), "straight across");
    }
}
