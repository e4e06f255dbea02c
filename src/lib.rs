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
pub mod flick;
pub mod physics;
pub mod plot;
pub mod saves;
pub mod scenario;
pub mod settings;
pub mod sound;
pub mod stats;
pub mod tune;
pub mod window;
