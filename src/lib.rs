//! highnoon: a 3D tabletop dexterity simulator of the Wild West.
//!
//! The simulation (`scenario`, `physics`, `flick`) and the card games
//! (`cards`) work without rendering; `window` adds the menu and the tables on
//! top (a shell, the Flick 'em Up table, the card table).

pub mod ai;
pub mod bench;
pub mod bot_level;
pub mod cards;
pub mod editor;
pub mod files;
pub mod fit;
pub mod flick;
pub mod keys;
pub mod physics;
pub mod plot;
pub mod record;
pub mod saves;
pub mod scenario;
pub mod settings;
pub mod shipped;
pub mod sound;
pub mod stats;
pub mod tables;
pub mod tune;
pub mod window;

/// `highnoon --version`: the version and the commit it was built from.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("HIGHNOON_COMMIT"),
    ")"
);
