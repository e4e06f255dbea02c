//! The keys in force: [`Bindings`] from the player's settings, made again
//! whenever the settings change (the settings screen's Save).

use bevy::prelude::*;

use crate::keys::Bindings;
use crate::settings::Settings;

pub fn plugin(app: &mut App) {
    app.init_resource::<Bindings>()
        .add_systems(PreUpdate, follow_the_settings);
}

/// The bindings follow the settings.
fn follow_the_settings(settings: Option<Res<Settings>>, mut bindings: ResMut<Bindings>) {
    if let Some(s) = settings.filter(|s| s.is_changed()) {
        let now = s.bindings();
        if *bindings != now {
            *bindings = now;
        }
    }
}
