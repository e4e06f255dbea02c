//! highnoon: a 3D tabletop dexterity simulator of the Wild West.
//!
//! The simulation (`scenario`, `physics`) works without rendering; `render`
//! adds the window, camera, input and HUD on top.

pub mod app;
pub mod bench;
pub mod cards;
pub mod flick;
pub mod physics;
pub mod reload;
pub mod render;
pub mod scenario;
