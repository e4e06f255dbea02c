//! The physical table: pieces as Rapier bodies, flicks, running to rest.
//!
//! [`Table`] is the table as a plain `Clone + Send` value (headless code, the
//! referee, bots' forks). [`plugin`] puts one in a window: the fixed tick
//! advances a running flick one step at a time on the [`LiveTable`], and
//! [`mirror_table`] copies its poses onto the pieces' entities to draw them.

pub mod build;
pub mod card_toss;
pub mod contact_hooks;
pub mod dice;
pub mod dice_bench;
pub mod pass_through;
pub mod pieces;
pub mod raw;
pub mod replay;
pub mod sim;
pub mod table;
pub mod world;

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::scenario::Town;
use pieces::SpawnedTown;
pub use sim::{Snapshot, Table};
use table::{Flick, FlickError, FlickOutcome, FlickRun, Profile, TableIndex};

/// The town on the table (the data it was spawned from).
#[derive(Resource, Debug, Clone)]
pub struct ActiveTown(pub Town);

/// The table the window shows: the sandbox's own, or a copy of the referee's.
/// Changing it moves the pieces' entities ([`mirror_table`]).
#[derive(Resource, Default)]
pub struct LiveTable(pub Option<Table>);

/// Flicks asked for by the player (or a bot), applied on the fixed tick.
#[derive(Resource, Debug, Default)]
pub struct FlickQueue(pub VecDeque<Flick>);

/// The flick being simulated, one fixed step per tick.
#[derive(Resource, Default)]
pub struct RunningFlick(pub Option<FlickRun>);

/// What the last flick did.
#[derive(Resource, Debug, Default, Clone)]
pub struct LastOutcome(pub Option<Result<FlickOutcome, FlickError>>);

/// The flicks played on the live table since its town was laid out or reset,
/// each with where its piece was put down first and the pose hash after it:
/// what a table replay of the session holds ([`replay`]).
#[derive(Resource, Debug, Default, Clone)]
pub struct TableLog {
    pub flicks: Vec<LoggedFlick>,
    /// A piece put down by [`put_down`], for the flick of it that comes next.
    pending_place: Option<(pieces::PieceId, Vec2)>,
    /// Where the running flick's piece was put down.
    running_place: Option<Vec2>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoggedFlick {
    pub place: Option<Vec2>,
    pub flick: Flick,
    pub hash: u64,
}

/// Puts a piece down on the live table (facing 0) before it is flicked, and
/// logs it with that flick.
pub fn put_down(live: &mut LiveTable, log: &mut TableLog, piece: pieces::PieceId, at: Vec2) {
    if let Some(table) = &mut live.0 {
        table.place(piece, at, 0.0);
        log.pending_place = Some((piece, at));
    }
}

/// Set to put the town back as it was spawned.
#[derive(Resource, Debug, Default)]
pub struct ResetRequested(pub bool);

/// Ordering of the table's own systems.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum TableSystems {
    /// Fixed tick: flicks advance.
    Advance,
    /// Each frame, before transforms propagate: entities follow the table.
    Mirror,
}

/// Puts a new profile in force for the next town built.
pub fn apply_profile(world: &mut World, profile: &crate::scenario::PhysicsProfile) {
    world.insert_resource(Profile(profile.clone()));
    world.insert_resource(Time::<Fixed>::from_seconds(profile.solver.dt as f64));
}

/// Needs the [`Profile`] resource to be inserted first.
pub fn plugin(app: &mut App) {
    let profile = app.world().resource::<Profile>().0.clone();
    app.insert_resource(Time::<Fixed>::from_seconds(profile.solver.dt as f64))
        .init_resource::<LiveTable>()
        .init_resource::<FlickQueue>()
        .init_resource::<RunningFlick>()
        .init_resource::<LastOutcome>()
        .init_resource::<ResetRequested>()
        .init_resource::<TableLog>()
        .init_resource::<TableIndex>()
        .init_resource::<SpawnedTown>()
        .add_systems(FixedUpdate, advance_flicks.in_set(TableSystems::Advance))
        .add_systems(
            PostUpdate,
            mirror_table
                .in_set(TableSystems::Mirror)
                .before(bevy::transform::TransformSystems::Propagate),
        );
}

/// Builds the active town's table and spawns its pieces; returns what was spawned.
pub fn spawn_active_town(world: &mut World) -> SpawnedTown {
    let profile = world.resource::<Profile>().0.clone();
    let town = world.resource::<ActiveTown>().0.clone();
    let table = Table::new(profile, &town);
    info!(
        "town laid out: {} pieces, pose hash {:016x}",
        table.index().len(),
        table.pose_hash()
    );
    let spawned = pieces::spawn_town(world, &town, &table);
    world.insert_resource(spawned.clone());
    world.insert_resource(table.index().clone());
    world.insert_resource(LiveTable(Some(table)));
    world.insert_resource(RunningFlick(None));
    world.insert_resource(TableLog::default());
    spawned
}

/// Despawns every piece (and the table) of the town on the table.
pub fn despawn_town(world: &mut World) {
    let spawned = std::mem::take(&mut *world.resource_mut::<SpawnedTown>());
    for e in spawned.pieces.into_iter().chain(spawned.table) {
        if let Ok(entity) = world.get_entity_mut(e) {
            entity.despawn();
        }
    }
    world.insert_resource(TableIndex::default());
    world.insert_resource(LiveTable(None));
    world.insert_resource(RunningFlick(None));
}

/// Moves every piece's entity to its pose on the live table, when the table changed.
pub fn mirror_table(
    live: Res<LiveTable>,
    spawned: Res<SpawnedTown>,
    mut transforms: Query<&mut Transform>,
) {
    if !live.is_changed() {
        return;
    }
    let Some(table) = &live.0 else { return };
    show_poses(&spawned, &table.poses(), &mut transforms);
}

/// Sets the pieces' entities to these poses (in piece order).
pub fn show_poses(
    spawned: &SpawnedTown,
    poses: &[(Vec3, Quat)],
    transforms: &mut Query<&mut Transform>,
) {
    for (e, (t, r)) in spawned.pieces.iter().zip(poses) {
        if let Ok(mut tf) = transforms.get_mut(*e) {
            tf.translation = *t;
            tf.rotation = *r;
        }
    }
}

/// Resets on request, starts queued flicks and advances the running one by one step.
pub fn advance_flicks(
    mut live: ResMut<LiveTable>,
    mut reset: ResMut<ResetRequested>,
    mut queue: ResMut<FlickQueue>,
    mut running: ResMut<RunningFlick>,
    mut last: ResMut<LastOutcome>,
    mut log: ResMut<TableLog>,
) {
    if std::mem::take(&mut reset.0) {
        if let Some(table) = &mut live.0 {
            table.reset();
        }
        running.0 = None;
        queue.0.clear();
        *log = TableLog::default();
    }
    // Idle ticks (nothing running, nothing queued) cost nothing, and leave the
    // table unchanged for the mirror.
    if running.0.is_none() && queue.0.is_empty() {
        return;
    }
    let Some(table) = &mut live.0 else { return };
    if running.0.is_none()
        && let Some(flick) = queue.0.pop_front()
    {
        let place = log.pending_place.take();
        match table.begin(flick) {
            Ok(run) => {
                running.0 = Some(run);
                log.running_place = place.filter(|(p, _)| *p == flick.piece).map(|(_, at)| at);
            }
            Err(e) => last.0 = Some(Err(e)),
        }
    }
    let Some(run) = &mut running.0 else { return };
    if let Some(outcome) = table.advance(run) {
        let place = log.running_place.take();
        log.flicks.push(LoggedFlick {
            place,
            flick: outcome.flick,
            hash: table.pose_hash(),
        });
        last.0 = Some(Ok(outcome));
        running.0 = None;
    }
}
