//! The other side's likely reply, as the levels that think further weigh it
//! (`replies: true` in `assets/flick_bots.ron`): after this turn the other
//! side plays one of the cowboys whose hats let it play next, and the one
//! who threatens most may first move and then shoot. The position's own
//! score counts only the shots a cowboy can take from where he stands
//! ([`eval::shot_value`]), so a carrier left on his last hit point where a
//! lawman can step out of a building and shoot looked safe.
//!
//! Reads only what a player at the table sees: positions, hats, hit points,
//! pistols.

use bevy::math::{Vec2, Vec3Swizzles};

use super::eval::{self, SHOT_RANGE, aim_point, clear_line, hit_chance, other, positions};
use super::paths::straight_runs;
use crate::flick::referee::Referee;
use crate::flick::rules::{CowboyId, Game, Phase, hour_colour};
use crate::scenario::kinds::Team;

/// How far the reply's move is looked along (metres): a full flick slides
/// about 80 cm, one aimed to stop where it should about half that.
const REACH: f32 = 0.5;
/// Directions the reply's move is looked along.
const DIRECTIONS: usize = 16;
/// The share of a move-and-shoot's worth that is feared: the move may fail
/// or stop short, and the other side may have better to do.
const TRUST: f32 = 0.6;

/// The cowboys of `side` who may play its next turn: those whose hat shows
/// the hour's colour, or, when none is left this hour, the next hour's
/// (none when the next hour is noon: the game ends first). Dead cowboys and
/// cowboys off the table are left out.
pub fn next_to_play(referee: &Referee, side: Team) -> Vec<CowboyId> {
    let game = &referee.game;
    let now = game.available(side);
    let colour = if now.iter().any(|&c| game.cowboys[c].alive()) {
        game.colour()
    } else if game.hour + 1 < 12 {
        hour_colour(game.hour + 1)
    } else {
        return Vec::new();
    };
    (0..game.cowboys.len())
        .filter(|&i| {
            let c = &game.cowboys[i];
            c.team == side
                && c.side == colour
                && c.alive()
                && referee.table.in_play(referee.figures[i])
        })
        .collect()
}

/// The best shot `shooter` could take after one move, in points for his
/// team (a hit's chance from where the move ends times what the hit is
/// worth, as [`eval::shot_value`] counts a shot from where he stands). A
/// cowboy inside a building moves out of its door. `pos`: where each
/// cowboy stands ([`positions`]). Only a shot worth more than `beat` is
/// looked for (the best another cowboy could take): short of it, `beat`.
pub fn move_and_shoot(
    referee: &Referee,
    pos: &[Option<Vec2>],
    shooter: CowboyId,
    beat: f32,
) -> f32 {
    let game = &referee.game;
    let c = &game.cowboys[shooter];
    if !c.alive() || c.pistols() == 0 || c.fallen {
        return beat;
    }
    let shots = c.pistols().min(2) as f32;
    let figure = referee.figures[shooter];
    let disc = referee.table.profile().pieces.movement_disc.radius;
    // Where the move may end: along straight runs from where the disc is
    // set down, or, from inside, from the door's front once out of it.
    let (from, reach, mut spots) = match c.inside {
        Some(b) => {
            let Some((start, front)) = eval::way_out(referee, b) else {
                return beat;
            };
            (front, REACH - start.distance(front), vec![front])
        }
        None => (referee.move_start(shooter).xz(), REACH, Vec::new()),
    };
    if reach <= 0.0 {
        return beat;
    }
    // The targets a move and a shot could reach at all, the most worth first.
    let mut targets: Vec<(f32, CowboyId, Vec2, Option<_>)> = (0..game.cowboys.len())
        .filter(|&t| game.cowboys[t].team == other(c.team) && game.hittable(t))
        .filter_map(|t| aim_point(referee, pos, t).map(|(at, into)| (t, at, into)))
        .filter(|(_, at, _)| at.distance(from) <= reach + SHOT_RANGE)
        .map(|(t, at, into)| (eval::hit_value(game, c.team, t), t, at, into))
        .filter(|(worth, ..)| worth * shots > beat)
        .collect();
    if targets.is_empty() {
        return beat;
    }
    targets.sort_by(|a, b| b.0.total_cmp(&a.0));
    spots.extend(straight_runs(
        referee,
        from,
        &[figure],
        disc,
        DIRECTIONS,
        reach,
    ));
    let r = referee.table.profile().pieces.bullet.radius;
    // The best single shot found, in a hit's worth (before the pistols).
    let mut best = beat / shots;
    for (worth, t, at, into) in targets {
        if worth <= best {
            break;
        }
        let mut near: Vec<(f32, Vec2)> = spots
            .iter()
            .map(|q| (q.distance(at), *q))
            .filter(|(d, _)| *d <= SHOT_RANGE)
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut ignore = vec![figure, referee.figures[t]];
        ignore.extend(into);
        for (d, q) in near {
            let v = hit_chance(d) * worth;
            if v <= best {
                break;
            }
            if clear_line(referee, q, at, &ignore, r) {
                best = v;
                break;
            }
        }
    }
    best * shots
}

/// What the other side's best reply threatens `team` with beyond the shots
/// its cowboys can take from where they stand (those the score counts
/// already): the most any cowboy who may play the other side's next turn
/// could do by moving first and then shooting, less the most any of them
/// could do without moving, in points (never negative). Nothing once the
/// game is over.
pub fn reply_threat(referee: &Referee, team: Team) -> f32 {
    let game: &Game = &referee.game;
    if matches!(game.phase, Phase::Over(_)) {
        return 0.0;
    }
    let enemy = other(team);
    let pos = positions(referee);
    let (mut moving, mut standing) = (0.0f32, 0.0f32);
    for e in next_to_play(referee, enemy) {
        moving = move_and_shoot(referee, &pos, e, moving);
        standing = standing.max(eval::shot_value(referee, &pos, e));
    }
    // A side that noon does not favour must take risks to win: its fear
    // counts for less (as in the score's sight lines).
    let fear = if eval::noon_favours(game, team) {
        0.7
    } else {
        0.5
    };
    fear * TRUST * (moving - standing).max(0.0)
}
