//! The physical table: pieces as Rapier bodies, flicks, running to rest.
//!
//! `plugin` works with or without a window: the window's fixed tick advances a
//! running flick one step at a time ([`advance_flicks`]); headless code
//! ([`headless::Sim`]) drives the same [`table`] functions in a tight loop.

pub mod dice;
pub mod dice_bench;
pub mod headless;
pub mod pieces;
pub mod raw;
pub mod table;

use std::collections::VecDeque;

use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy_rapier3d::prelude::*;
use bevy_rapier3d::rapier::prelude::IntegrationParameters;

use crate::scenario::Town;
use pieces::SpawnedTown;
use table::{Flick, FlickError, FlickOutcome, FlickRun, Profile, Snapshot, TableIndex};

/// The town on the table (the data it was spawned from).
#[derive(Resource, Debug, Clone)]
pub struct ActiveTown(pub Town);

/// Flicks asked for by the player (or a bot), applied on the fixed tick.
#[derive(Resource, Debug, Default)]
pub struct FlickQueue(pub VecDeque<Flick>);

/// The flick being simulated, one fixed step per tick.
#[derive(Resource, Default)]
pub struct RunningFlick(pub Option<FlickRun>);

/// What the last flick did.
#[derive(Resource, Debug, Default, Clone)]
pub struct LastOutcome(pub Option<Result<FlickOutcome, FlickError>>);

/// The town as first spawned, for resetting.
#[derive(Resource, Clone, Default)]
pub struct InitialSnapshot(pub Option<Snapshot>);

/// Set to put the town back as it was spawned.
#[derive(Resource, Debug, Default)]
pub struct ResetRequested(pub bool);

/// Ordering of the table's own systems inside the fixed step.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum TableSystems {
    Index,
    Advance,
}

/// Rapier's settings from the profile: gravity is set explicitly (not through
/// `with_length_unit`, which would scale it).
fn rapier_initialization(profile: &crate::scenario::PhysicsProfile) -> RapierContextInitialization {
    let integration_parameters = IntegrationParameters {
        dt: profile.solver.dt / profile.solver.substeps as f32,
        length_unit: profile.solver.length_unit,
        num_solver_iterations: profile.solver.iterations,
        normalized_prediction_distance: profile.solver.prediction_distance
            / profile.solver.length_unit,
        max_ccd_substeps: profile.solver.ccd_substeps,
        contact_recycling: profile.solver.contact_recycling,
        ..IntegrationParameters::default()
    };
    RapierContextInitialization::InitializeDefaultRapierContext {
        integration_parameters,
        rapier_configuration: RapierConfiguration {
            gravity: Vec3::new(0.0, -profile.gravity, 0.0),
            physics_pipeline_active: true,
            scaled_shape_subdivision: 10,
            force_update_from_transform_changes: false,
        },
    }
}

/// Puts a new profile in force: the resource, and Rapier's settings in the
/// context. Pieces keep their sizes and materials until the town is respawned.
pub fn apply_profile(world: &mut World, profile: &crate::scenario::PhysicsProfile) {
    world.insert_resource(Profile(profile.clone()));
    world.insert_resource(Time::<Fixed>::from_seconds(profile.solver.dt as f64));
    if let RapierContextInitialization::InitializeDefaultRapierContext {
        integration_parameters,
        ..
    } = rapier_initialization(profile)
        && let Some(mut parts) = table::context(world)
    {
        parts.sim.integration_parameters = integration_parameters;
    }
}

/// Needs the [`Profile`] resource to be inserted first.
pub fn plugin(app: &mut App) {
    let profile = app.world().resource::<Profile>().0.clone();
    // bevy_rapier creates bodies (SyncBackend) and writes poses back (Writeback);
    // we step ourselves, in between, so that flicks can be tracked step by step.
    app.add_plugins(
        RapierPhysicsPlugin::<NoUserData>::default()
            .in_fixed_schedule()
            .with_custom_initialization(rapier_initialization(&profile))
            .with_physics_sets_systems(HashSet::from_iter([
                PhysicsSet::SyncBackend,
                PhysicsSet::Writeback,
            ])),
    )
    .insert_resource(TimestepMode::Fixed {
        dt: profile.solver.dt,
        substeps: profile.solver.substeps,
    })
    .insert_resource(Time::<Fixed>::from_seconds(profile.solver.dt as f64))
    .init_resource::<FlickQueue>()
    .init_resource::<RunningFlick>()
    .init_resource::<LastOutcome>()
    .init_resource::<InitialSnapshot>()
    .init_resource::<ResetRequested>()
    .init_resource::<TableIndex>()
    .init_resource::<SpawnedTown>()
    .configure_sets(
        FixedUpdate,
        (TableSystems::Index, TableSystems::Advance)
            .chain()
            .in_set(PhysicsSet::StepSimulation),
    )
    .add_systems(FixedUpdate, index_pieces.in_set(TableSystems::Index))
    .add_systems(FixedUpdate, advance_flicks.in_set(TableSystems::Advance));
    // StepSimulation sits between SyncBackend and Writeback even though we
    // replaced its system.
    app.configure_sets(
        FixedUpdate,
        (
            PhysicsSet::SyncBackend,
            PhysicsSet::StepSimulation,
            PhysicsSet::Writeback,
        )
            .chain(),
    );
}

/// Spawns the active town's pieces; returns what was spawned.
pub fn spawn_active_town(world: &mut World) -> SpawnedTown {
    let profile = world.resource::<Profile>().0.clone();
    let town = world.resource::<ActiveTown>().0.clone();
    world.insert_resource(SpawnedTown::default());
    world.insert_resource(TableIndex::default());
    world.insert_resource(InitialSnapshot(None));
    world.insert_resource(RunningFlick(None));
    // bevy_rapier creates bodies in ECS query order, which depends on archetypes
    // (visuals, children); running its sync after each piece makes Rapier's
    // handles, and with them the solver's order and the bits, follow the town file.
    let spawned = pieces::spawn_town(world, &profile, &town, |w| w.run_schedule(FixedUpdate));
    world.insert_resource(spawned.clone());
    // Indexes the pieces and settles the town.
    world.run_schedule(FixedUpdate);
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
    world.insert_resource(InitialSnapshot(None));
    world.insert_resource(RunningFlick(None));
}

/// Builds the piece index (once bevy_rapier has created the bodies) and keeps
/// the town's first snapshot for resets.
pub fn index_pieces(world: &mut World) {
    let spawned = world.resource::<SpawnedTown>().pieces.len();
    if spawned == 0 || world.resource::<TableIndex>().len() == spawned {
        return;
    }
    let Some(index) = table::build_index(world) else {
        return;
    };
    if index.len() != spawned {
        return;
    }
    world.insert_resource(index);
    let profile = world.resource::<Profile>().0.clone();
    let index = world.resource::<TableIndex>().clone();
    let snapshot = table::context(world).map(|mut parts| {
        let steps = parts.settle(&profile);
        info!(
            "town laid out: {} pieces settled in {steps} steps, pose hash {:016x}",
            index.len(),
            table::pose_hash(&index, parts.bodies())
        );
        Snapshot::take(&parts)
    });
    world.insert_resource(InitialSnapshot(snapshot));
}

/// Resets on request, starts queued flicks and advances the running one by one step.
pub fn advance_flicks(world: &mut World) {
    if std::mem::take(&mut world.resource_mut::<ResetRequested>().0) {
        if let Some(snapshot) = world.resource::<InitialSnapshot>().0.clone()
            && let Some(mut parts) = table::context(world)
        {
            snapshot.restore(&mut parts);
        }
        world.resource_mut::<RunningFlick>().0 = None;
        world.resource_mut::<FlickQueue>().0.clear();
    }
    // Idle ticks (nothing running, nothing queued) cost nothing.
    if world.resource::<RunningFlick>().0.is_none() && world.resource::<FlickQueue>().0.is_empty() {
        return;
    }
    let index = world.resource::<TableIndex>().clone();
    if index.is_empty() {
        return;
    }
    let profile = world.resource::<Profile>().0.clone();
    let mut running = world.resource_mut::<RunningFlick>().0.take();
    if running.is_none()
        && let Some(flick) = world.resource_mut::<FlickQueue>().0.pop_front()
    {
        let begun = match table::context(world) {
            Some(mut parts) => FlickRun::begin(&index, &mut parts.bodies.bodies, &profile, flick),
            None => return,
        };
        match begun {
            Ok(run) => running = Some(run),
            Err(e) => world.resource_mut::<LastOutcome>().0 = Some(Err(e)),
        }
    }
    let Some(mut run) = running else { return };
    let outcome = {
        let Some(mut parts) = table::context(world) else {
            return;
        };
        parts.step(&profile);
        let Parts { sim, bodies, .. } = &mut parts;
        run.observe(
            &index,
            &sim.narrow_phase,
            &sim.islands,
            &mut bodies.bodies,
            &profile,
        );
        run.finished(&sim.islands)
            .then(|| run.finish(&index, &bodies.bodies, &sim.islands, &profile))
    };
    match outcome {
        Some(outcome) => world.resource_mut::<LastOutcome>().0 = Some(Ok(outcome)),
        None => world.resource_mut::<RunningFlick>().0 = Some(run),
    }
}

use table::Parts;
