//! The table with no window: for tests, benches, the `bench` command and bots.
//!
//! A small Bevy `App` (no rendering, single-threaded schedules) holds the town
//! as entities and bevy_rapier's context; a flick steps the context directly in
//! a loop until everything sleeps, then bevy_rapier writes the poses back into
//! the ECS once.

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy::transform::TransformPlugin;

use super::pieces::{PieceId, PieceKind};
use super::table::{
    self, Flick, FlickError, FlickOutcome, FlickRun, Profile, Snapshot, TableIndex,
};
use super::{ActiveTown, InitialSnapshot};
use crate::scenario::{PhysicsProfile, Town};

/// A headless table.
pub struct Sim {
    app: App,
    profile: PhysicsProfile,
    index: TableIndex,
    /// When set, every step of every flick appends every piece's pose (for replays).
    recording: Option<Vec<Vec<(Vec3, Quat)>>>,
}

/// Sets the single-threaded executor on the schedules headless code runs: the
/// multi-threaded one costs about 1 ms per run on two cores.
fn single_threaded(app: &mut App) {
    let schedules = [
        Main.intern(),
        PreStartup.intern(),
        Startup.intern(),
        PostStartup.intern(),
        First.intern(),
        PreUpdate.intern(),
        RunFixedMainLoop.intern(),
        Update.intern(),
        PostUpdate.intern(),
        Last.intern(),
        FixedFirst.intern(),
        FixedPreUpdate.intern(),
        FixedUpdate.intern(),
        FixedPostUpdate.intern(),
        FixedLast.intern(),
    ];
    for label in schedules {
        app.edit_schedule(label, |s| {
            s.set_executor(SingleThreadedExecutor::new());
        });
    }
}

use bevy::ecs::schedule::ScheduleLabel;

impl Sim {
    /// Builds the table and spawns `town` on it.
    pub fn new(profile: PhysicsProfile, town: &Town) -> Self {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin));
        app.insert_resource(Profile(profile.clone()));
        app.insert_resource(ActiveTown(town.clone()));
        app.add_plugins(super::plugin);
        single_threaded(&mut app);
        app.finish();
        app.cleanup();
        app.update();
        super::spawn_active_town(app.world_mut());
        let index = app.world().resource::<TableIndex>().clone();
        assert_eq!(
            index.len(),
            app.world()
                .resource::<super::pieces::SpawnedTown>()
                .pieces
                .len(),
            "every piece indexed"
        );
        Self {
            app,
            profile,
            index,
            recording: None,
        }
    }

    /// Loads the shipped profile and the given town file.
    pub fn from_files(
        profile: &std::path::Path,
        town: &std::path::Path,
    ) -> Result<Self, crate::scenario::Problems> {
        let profile = PhysicsProfile::load(profile)?;
        let town = Town::load(town, &profile)?;
        Ok(Self::new(profile, &town))
    }

    pub fn profile(&self) -> &PhysicsProfile {
        &self.profile
    }

    pub fn index(&self) -> &TableIndex {
        &self.index
    }

    pub fn world(&self) -> &World {
        self.app.world()
    }

    pub fn world_mut(&mut self) -> &mut World {
        self.app.world_mut()
    }

    /// The piece with this name (`Name` component, e.g. "Lawman 1", "Movement disc").
    pub fn piece(&self, name: &str) -> Option<PieceId> {
        self.index.by_name(name).map(|p| p.id)
    }

    pub fn kind(&self, id: PieceId) -> Option<PieceKind> {
        self.index.get(id).map(|p| p.kind)
    }

    /// The movement disc and the bullets, in spawn order.
    pub fn discs(&self) -> impl Iterator<Item = (PieceId, PieceKind)> + '_ {
        self.index
            .pieces
            .iter()
            .filter(|p| p.kind.is_disc())
            .map(|p| (p.id, p.kind))
    }

    fn parts(&mut self) -> table::Parts<'_> {
        table::context(self.app.world_mut())
            .expect("the Rapier context exists once the Sim is built")
    }

    /// Flicks a piece and runs the table until it is at rest (or the time cap).
    pub fn flick(&mut self, flick: Flick) -> Result<FlickOutcome, FlickError> {
        let outcome = self.flick_without_writeback(flick)?;
        self.write_back();
        Ok(outcome)
    }

    /// The flick alone, leaving the ECS transforms stale until [`Sim::write_back`].
    pub fn flick_without_writeback(&mut self, flick: Flick) -> Result<FlickOutcome, FlickError> {
        let profile = &self.profile;
        let index = &self.index;
        let recording = &mut self.recording;
        let mut parts = table::context(self.app.world_mut()).expect("context");
        let mut run = FlickRun::begin(index, &mut parts.bodies.bodies, profile, flick)?;
        loop {
            parts.step(profile);
            let table::Parts { sim, bodies, .. } = &mut parts;
            run.observe(
                index,
                &sim.narrow_phase,
                &sim.islands,
                &mut bodies.bodies,
                profile,
            );
            if let Some(frames) = recording.as_mut() {
                frames.push(
                    index
                        .pieces
                        .iter()
                        .map(|p| {
                            (
                                bodies.bodies[p.body].translation(),
                                *bodies.bodies[p.body].rotation(),
                            )
                        })
                        .collect(),
                );
            }
            if run.finished(&sim.islands) {
                return Ok(run.finish(index, &bodies.bodies, &sim.islands, profile));
            }
        }
    }

    /// Starts recording every step of the flicks to come.
    pub fn start_recording(&mut self) {
        self.recording = Some(Vec::new());
    }

    /// The recorded steps (each: every piece's pose, in piece order); stops recording.
    pub fn take_recording(&mut self) -> Vec<Vec<(Vec3, Quat)>> {
        self.recording.take().unwrap_or_default()
    }

    /// The same flick the way the window plays it: queued as an intent and
    /// advanced one step per run of the fixed schedule, with bevy_rapier syncing
    /// the ECS in between. Returns `None` if it never finished within `max_ticks`.
    pub fn flick_through_schedule(
        &mut self,
        flick: Flick,
        max_ticks: u32,
    ) -> Option<Result<FlickOutcome, FlickError>> {
        let world = self.app.world_mut();
        world.resource_mut::<super::LastOutcome>().0 = None;
        world.resource_mut::<super::FlickQueue>().0.push_back(flick);
        for _ in 0..max_ticks {
            self.app.world_mut().run_schedule(FixedUpdate);
            if let Some(outcome) = self
                .app
                .world_mut()
                .resource_mut::<super::LastOutcome>()
                .0
                .take()
            {
                return Some(outcome);
            }
        }
        None
    }

    /// Runs one whole frame of the app (all schedules), as a window would.
    pub fn app_update(&mut self) {
        self.app.update();
    }

    /// Lets bevy_rapier sync the ECS with the Rapier state (transforms, sleep flags).
    pub fn write_back(&mut self) {
        self.app.world_mut().run_schedule(FixedUpdate);
    }

    /// Runs fixed steps with no flick (e.g. to let a hand-placed piece settle).
    pub fn settle(&mut self, max_steps: u32) -> u32 {
        let profile = self.profile.clone();
        let mut parts = self.parts();
        let mut n = 0;
        while n < max_steps && !table::all_asleep(&parts.sim.islands) {
            parts.step(&profile);
            n += 1;
        }
        drop(parts);
        self.write_back();
        n
    }

    pub fn snapshot(&mut self) -> Snapshot {
        Snapshot::take(&self.parts())
    }

    pub fn restore(&mut self, snapshot: &Snapshot) {
        snapshot.restore(&mut self.parts());
        self.write_back();
    }

    /// Puts the town back as it was spawned.
    pub fn reset(&mut self) {
        let snapshot = self
            .app
            .world()
            .resource::<InitialSnapshot>()
            .0
            .clone()
            .expect("initial snapshot");
        self.restore(&snapshot);
    }

    /// Hash of every piece's pose and velocity bits.
    pub fn pose_hash(&mut self) -> u64 {
        let index = self.index.clone();
        table::pose_hash(&index, self.parts().bodies())
    }

    /// Position and rotation of a piece, from Rapier.
    pub fn pose(&mut self, id: PieceId) -> (Vec3, Quat) {
        let h = self.index.get(id).expect("piece").body;
        let parts = self.parts();
        let rb = &parts.bodies()[h];
        (rb.translation(), *rb.rotation())
    }

    /// Every piece's pose, in piece order.
    pub fn poses(&mut self) -> Vec<(Vec3, Quat)> {
        let handles: Vec<_> = self.index.pieces.iter().map(|p| p.body).collect();
        let parts = self.parts();
        handles
            .iter()
            .map(|h| {
                (
                    parts.bodies()[*h].translation(),
                    *parts.bodies()[*h].rotation(),
                )
            })
            .collect()
    }

    /// Stands a piece upright with its origin at `at` (metres), turned to
    /// `facing` radians, at rest (a figure stood back up, or seated on a block).
    pub fn stand(&mut self, id: PieceId, at: Vec3, facing: f32) {
        let p = self.index.get(id).expect("piece").clone();
        let mut parts = self.parts();
        let rb = parts.bodies.bodies.get_mut(p.body).expect("body");
        rb.set_enabled(true);
        rb.set_position(
            bevy_rapier3d::rapier::math::Pose::from_parts(at, Quat::from_rotation_y(facing)),
            false,
        );
        rb.set_linvel(Vec3::ZERO, false);
        rb.set_angvel(Vec3::ZERO, false);
        rb.sleep();
        drop(parts);
        self.write_back();
    }

    /// Takes a piece off the table (out of the simulation), e.g. a dead cowboy.
    pub fn park(&mut self, id: PieceId) {
        let p = self.index.get(id).expect("piece").clone();
        let mut parts = self.parts();
        let rb = parts.bodies.bodies.get_mut(p.body).expect("body");
        rb.set_position(
            bevy_rapier3d::rapier::math::Pose::from_parts(
                Vec3::new(0.0, -1.0, 0.0),
                Quat::IDENTITY,
            ),
            false,
        );
        rb.set_linvel(Vec3::ZERO, false);
        rb.set_angvel(Vec3::ZERO, false);
        rb.set_enabled(false);
        drop(parts);
        self.write_back();
    }

    /// Moves a piece to `at` (metres, on the table) and turns it to `facing`
    /// radians, at rest. The move is a teleport: the rules use it to place discs.
    pub fn place(&mut self, id: PieceId, at: Vec2, facing: f32) {
        let p = self.index.get(id).expect("piece").clone();
        let y = match p.kind {
            PieceKind::Disc(super::pieces::DiscKind::Movement) => {
                self.profile.pieces.movement_disc.height / 2.0
            }
            PieceKind::Disc(super::pieces::DiscKind::Bullet) => {
                self.profile.pieces.bullet.height / 2.0
            }
            _ => self.parts().bodies()[p.body].translation().y.max(0.0),
        };
        self.stand(id, Vec3::new(at.x, y, at.y), facing);
    }
}
