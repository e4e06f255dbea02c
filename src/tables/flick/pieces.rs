//! The town's entities follow the session: spawned afresh when a town is laid
//! out, moved to the poses on show (a flick's playback, then the table at
//! rest), hats turned to the side the rules say. No meshes here: the scene
//! dresses the entities (the window's `flick_table::scene`), so a headless app can check that
//! the table shows what the rules say.

use bevy::prelude::*;

use super::session::FlickSession;
use super::{FlickOrder, FlickSystems};
use crate::physics::pieces::{self, Hat, SpawnedTown};

pub fn plugin(app: &mut App) {
    app.init_resource::<SpawnedTown>().add_systems(
        Update,
        (lay_out_town, show_table)
            .chain()
            .in_set(FlickOrder::Follow)
            .in_set(FlickSystems),
    );
}

/// Spawns the pieces' entities of a town newly laid out (despawning the last
/// town's), or clears them when the table was cleared.
pub fn lay_out_town(world: &mut World, mut laid: Local<u64>) {
    let layout = world.resource::<FlickSession>().layout();
    if layout == *laid {
        return;
    }
    *laid = layout;
    clear_town(world);
    world.resource_scope(|world, session: Mut<FlickSession>| {
        let (Some(town), Some(table)) = (session.town(), session.table()) else {
            return;
        };
        let spawned = pieces::spawn_town(world, town, table);
        world.insert_resource(spawned);
    });
}

/// Despawns every piece (and the table) of the town on the table.
pub fn clear_town(world: &mut World) {
    let spawned = std::mem::take(&mut *world.resource_mut::<SpawnedTown>());
    for e in spawned.pieces.into_iter().chain(spawned.table) {
        if let Ok(entity) = world.get_entity_mut(e) {
            entity.despawn();
        }
    }
}

/// Moves every piece's entity to its pose on show, and turns the hats as the
/// rules have them once no flick is being shown, whenever the session changed.
pub fn show_table(
    session: Res<FlickSession>,
    spawned: Res<SpawnedTown>,
    mut transforms: Query<&mut Transform>,
    mut hats: Query<&mut Hat>,
) {
    if !session.is_changed() && !spawned.is_changed() {
        return;
    }
    for (e, (t, r)) in spawned.pieces.iter().zip(session.shown_poses()) {
        if let Ok(mut tf) = transforms.get_mut(*e)
            && (tf.translation != t || tf.rotation != r)
        {
            tf.translation = t;
            tf.rotation = r;
        }
    }
    let Some(referee) = session.referee().filter(|_| !session.replaying()) else {
        return;
    };
    for (c, cowboy) in referee.game.cowboys.iter().enumerate() {
        if let Some(e) = spawned.entity(referee.figures[c])
            && let Ok(mut hat) = hats.get_mut(e)
            && hat.side != cowboy.side
        {
            hat.side = cowboy.side;
        }
    }
}
