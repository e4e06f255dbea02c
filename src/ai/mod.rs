//! Computer opponents that need the simulator: the Flick 'em Up! bot plans
//! its flicks by simulating them on forks of the table; the coach shows a
//! person the flick it would choose.

pub mod arena;
pub mod coach;
pub mod eval;
pub mod levels;
pub mod lookahead_check;
pub mod paths;
pub mod plan;
pub mod play;
pub mod player;
pub mod range;
pub mod reply;
pub mod turn_coach;
