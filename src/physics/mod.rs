//! The physical table: pieces as Rapier bodies, flicks, running to rest.
//!
//! [`Table`] is the table as a plain `Clone + Send` value: headless code, the
//! referee, bots' forks, and the window's Flick table
//! (`tables::flick::session`) all play flicks on one.

pub mod build;
pub mod card_mat;
pub mod card_toss;
pub mod contact_hooks;
pub mod contact_pairs;
pub mod dice;
pub mod dice_bench;
pub mod disc_hits;
pub mod face_friction;
pub mod face_law;
pub mod landing;
pub mod laws;
pub mod laws_report;
pub mod pass_through;
pub mod pieces;
pub mod raw;
pub mod replay;
pub mod sim;
pub mod strikes;
pub mod table;
pub mod world;

pub use sim::{Quick, Snapshot, Table};
