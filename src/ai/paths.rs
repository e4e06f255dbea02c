//! Walking distances on the table, for the bot's pulls: how far a cowboy's
//! movement disc must slide to reach a spot, going round what stands in the
//! way. A straight-line pull led a robber carrying both sacks to press
//! against a barrel for three hours: every flick toward the Saloon failed on
//! it, and every step aside led no nearer in a straight line.
//!
//! The table is cut into square cells; a cell is closed when a disc centred
//! there would touch a piece (its footprint circle grown by the disc's
//! radius); distances spread from the goal over the open cells (Dijkstra,
//! eight neighbours). A building closes only its two support blocks: a disc
//! slides under the facade between them (that is how cowboys walk in).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use bevy::math::Vec2;

use crate::flick::referee::Referee;
use crate::physics::pieces::{PieceId, PieceKind};

/// The side of a cell, metres: about a movement disc's width.
const CELL: f32 = 0.03;

/// Distances to one spot from everywhere on the table.
#[derive(Debug, Clone)]
pub struct Field {
    origin: Vec2,
    w: usize,
    h: usize,
    /// Shared with the copies the thread remembers (see [`REMEMBERED`]).
    dist: std::sync::Arc<[f32]>,
}

/// The circles (centre, radius) a disc of radius `r` may not overlap:
/// every piece standing on the table but discs and `ignore`.
fn obstacles(referee: &Referee, ignore: &[PieceId], r: f32) -> Vec<(Vec2, f32)> {
    let bs = &referee.table.profile().pieces.building;
    let block = bs.block_size.0 / 2.0;
    let mut out = Vec::new();
    for p in &referee.table.index().pieces {
        if p.kind.is_disc() || ignore.contains(&p.id) || !referee.table.in_play(p.id) {
            continue;
        }
        let (t, _) = referee.table.pose(p.id);
        if t.y < -0.01 {
            continue;
        }
        match p.kind {
            PieceKind::Building(b) => {
                for side in [-1.0, 1.0] {
                    out.push((referee.block_point(b, side), block + r));
                }
            }
            _ => out.push((Vec2::new(t.x, t.z), p.radius + r)),
        }
    }
    out
}

#[derive(PartialEq)]
struct Open(f32, usize);

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The fields built last on this thread, with what they were built from
/// (the goal, the disc's radius, the table's size and every obstacle, bit
/// for bit): a position is scored by the score and again by the next-move
/// look-ahead, and every failed move of a search puts the town back where it
/// was, so the same field is asked for again and again.
const REMEMBERED: usize = 8;

thread_local! {
    static FIELDS: std::cell::RefCell<std::collections::VecDeque<(Vec<u32>, Field)>> =
        const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
}

impl Field {
    /// Distances to `goal` for a disc of radius `r`, round every piece but those in `ignore`.
    pub fn to(referee: &Referee, goal: Vec2, ignore: &[PieceId], r: f32) -> Field {
        let size = referee.table.profile().table.size;
        let obstacles = obstacles(referee, ignore, r);
        let key: Vec<u32> = [goal.x, goal.y, size.0, size.1]
            .into_iter()
            .chain(obstacles.iter().flat_map(|(c, rad)| [c.x, c.y, *rad]))
            .map(f32::to_bits)
            .collect();
        if let Some(field) = FIELDS.with_borrow(|fields| {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, f)| f.clone())
        }) {
            return field;
        }
        let field = Field::build(size, goal, &obstacles);
        FIELDS.with_borrow_mut(|fields| {
            if fields.len() == REMEMBERED {
                fields.pop_front();
            }
            fields.push_back((key, field.clone()));
        });
        field
    }

    /// Dijkstra over the open cells of a table of `size`, from `goal`.
    fn build(size: (f32, f32), goal: Vec2, obstacles: &[(Vec2, f32)]) -> Field {
        let (tw, td) = size;
        let origin = Vec2::new(-tw / 2.0, -td / 2.0);
        let (w, h) = ((tw / CELL).ceil() as usize, (td / CELL).ceil() as usize);
        let mut closed = vec![false; w * h];
        for &(c, rad) in obstacles {
            let lo = ((c - Vec2::splat(rad) - origin) / CELL).floor();
            let hi = ((c + Vec2::splat(rad) - origin) / CELL).floor();
            for y in (lo.y.max(0.0) as usize)..=(hi.y.max(0.0) as usize).min(h - 1) {
                for x in (lo.x.max(0.0) as usize)..=(hi.x.max(0.0) as usize).min(w - 1) {
                    let centre = origin + (Vec2::new(x as f32, y as f32) + 0.5) * CELL;
                    if centre.distance(c) < rad {
                        closed[y * w + x] = true;
                    }
                }
            }
        }
        // The grid, its distances filled in below.
        let grid = Field {
            origin,
            w,
            h,
            dist: std::sync::Arc::from([]),
        };
        let mut dist = vec![f32::INFINITY; w * h];
        let mut heap = BinaryHeap::new();
        // The goal's own cell and its neighbours start from their true distance.
        if let Some((gx, gy)) = grid.cell_of(goal) {
            for (x, y) in grid.around(gx, gy) {
                let i = y * w + x;
                let d = grid.centre(x, y).distance(goal);
                if d < dist[i] {
                    dist[i] = d;
                    heap.push(Open(d, i));
                }
            }
        }
        while let Some(Open(d, i)) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            let (x, y) = (i % w, i / w);
            for (nx, ny) in grid.around(x, y) {
                let j = ny * w + nx;
                if closed[j] {
                    continue;
                }
                let step = if nx != x && ny != y {
                    CELL * std::f32::consts::SQRT_2
                } else {
                    CELL
                };
                if d + step < dist[j] {
                    dist[j] = d + step;
                    heap.push(Open(d + step, j));
                }
            }
        }
        Field {
            dist: dist.into(),
            ..grid
        }
    }

    fn cell_of(&self, p: Vec2) -> Option<(usize, usize)> {
        let c = ((p - self.origin) / CELL).floor();
        (c.x >= 0.0 && c.y >= 0.0 && (c.x as usize) < self.w && (c.y as usize) < self.h)
            .then_some((c.x as usize, c.y as usize))
    }

    fn centre(&self, x: usize, y: usize) -> Vec2 {
        self.origin + (Vec2::new(x as f32, y as f32) + 0.5) * CELL
    }

    /// The cell and its eight neighbours that lie on the table.
    fn around(&self, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> {
        neighbours(self.w, self.h, x, y)
    }

    /// How far a disc at `p` must go to reach the goal; infinite when it
    /// cannot (walled in, or off the table). A disc pressed against a piece
    /// sits in a closed cell: it starts from the nearest open one beside it.
    pub fn distance(&self, p: Vec2) -> f32 {
        let Some((x, y)) = self.cell_of(p) else {
            return f32::INFINITY;
        };
        self.around(x, y)
            .map(|(nx, ny)| self.dist[ny * self.w + nx] + self.centre(nx, ny).distance(p))
            .fold(f32::INFINITY, f32::min)
    }
}

/// Cell (x, y) and its eight neighbours on a grid `w` by `h`, row by row.
fn neighbours(w: usize, h: usize, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> {
    let xs = x.saturating_sub(1)..=(x + 1).min(w - 1);
    (y.saturating_sub(1)..=(y + 1).min(h - 1))
        .flat_map(move |ny| xs.clone().map(move |nx| (nx, ny)))
}

/// The spots a disc of radius `r` at `from` reaches in one straight slide,
/// in each of `directions` directions, every cell's width up to `reach`, the
/// table's edge, or the first piece (but those in `ignore`) it would touch,
/// short of the distance at which the simulation counts a contact: where a
/// next move may take it. A disc already pressed against a piece is stopped
/// by it only in the directions leading into it. Pieces are the circles the
/// walking distances go round (a fence's is as wide as the fence is long), so
/// a slide along a fence's side counts as blocked though it may pass.
pub fn straight_runs(
    referee: &Referee,
    from: Vec2,
    ignore: &[PieceId],
    r: f32,
    directions: usize,
    reach: f32,
) -> Vec<Vec2> {
    let obstacles = obstacles(referee, ignore, r);
    let gap = referee.table.profile().solver.prediction_distance + 0.0005;
    let (tw, td) = referee.table.profile().table.size;
    let half = Vec2::new(tw / 2.0 - r, td / 2.0 - r);
    let mut out = Vec::new();
    for k in 0..directions {
        let d = Vec2::from_angle(k as f32 * std::f32::consts::TAU / directions as f32);
        let mut run = reach;
        // The table's edge.
        for (p, v, h) in [(from.x, d.x, half.x), (from.y, d.y, half.y)] {
            if v.abs() > 1e-6 {
                run = run.min(((h * v.signum() - p) / v).max(0.0));
            }
        }
        for &(c, rad) in &obstacles {
            let w = c - from;
            let along = w.dot(d);
            if along <= 0.0 {
                continue;
            }
            let perp2 = w.length_squared() - along * along;
            if w.length_squared() < rad * rad {
                run = 0.0;
            } else if perp2 < rad * rad {
                run = run.min(along - (rad * rad - perp2).sqrt());
            }
        }
        let run = run - gap;
        let steps = (run / CELL).floor().max(0.0) as usize;
        out.extend((1..=steps).map(|j| from + d * (j as f32 * CELL)));
        if run > 0.0 {
            out.push(from + d * run);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flick::referee::Referee;
    use crate::scenario::{PhysicsProfile, Town, data_root};
    use bevy::math::Vec3;

    fn referee() -> Referee {
        let profile = PhysicsProfile::load_default().unwrap();
        let town = Town::load(
            &data_root().join("tests/data/towns/bank_robbery.ron"),
            &profile,
        )
        .unwrap();
        Referee::new(profile, &town, 1).unwrap()
    }

    fn a_barrel(r: &Referee) -> PieceId {
        r.table
            .index()
            .pieces
            .iter()
            .find(|x| x.name.to_lowercase().contains("barrel"))
            .expect("a barrel")
            .id
    }

    #[test]
    fn on_an_open_stretch_the_walk_is_the_straight_line() {
        let r = referee();
        // The table's far corner strip is empty in the standard town.
        let goal = Vec2::new(-0.55, 0.42);
        let f = Field::to(&r, goal, &[], 0.015);
        let p = Vec2::new(-0.35, 0.42);
        let d = f.distance(p);
        assert!((d - 0.20).abs() < 0.02, "{d}");
    }

    /// Also guards the fields each thread remembers: the second field is
    /// asked for with the same goal on a town that differs by one barrel.
    #[test]
    fn a_piece_on_the_straight_line_makes_the_walk_longer() {
        let mut r = referee();
        let goal = Vec2::new(-0.55, 0.42);
        let p = Vec2::new(-0.35, 0.42);
        let open = Field::to(&r, goal, &[], 0.015).distance(p);
        // A barrel set down half way.
        let barrel = a_barrel(&r);
        r.table.place(barrel, Vec2::new(-0.45, 0.42), 0.0);
        let round = Field::to(&r, goal, &[], 0.015).distance(p);
        assert!(round > open + 0.01, "open {open}, round the barrel {round}");
        assert!(round < open + 0.10, "open {open}, round the barrel {round}");
    }

    #[test]
    fn a_building_is_walked_into_between_its_blocks_not_round_it() {
        let r = referee();
        let (b, _) = r.buildings()[0];
        let inside = r.building_point(b, Vec3::new(0.0, 0.0, -0.02));
        let front = r.building_point(b, Vec3::new(0.0, 0.0, 0.10));
        let f = Field::to(&r, Vec2::new(inside.x, inside.z), &[], 0.015);
        let d = f.distance(Vec2::new(front.x, front.z));
        assert!(d < 0.14, "straight through the door: {d}");
    }

    #[test]
    fn a_straight_run_stops_short_of_a_piece_and_goes_on_away_from_it() {
        let mut r = referee();
        let barrel = a_barrel(&r);
        // The far corner strip, empty but for the barrel set down in it.
        let from = Vec2::new(-0.35, 0.42);
        r.table.place(barrel, Vec2::new(-0.45, 0.42), 0.0);
        let disc = 0.016;
        let runs = straight_runs(&r, from, &[], disc, 4, 0.3);
        let west: Vec<Vec2> = runs
            .iter()
            .copied()
            .filter(|p| p.x < from.x - 1e-4)
            .collect();
        let east: Vec<Vec2> = runs
            .iter()
            .copied()
            .filter(|p| p.x > from.x + 1e-4)
            .collect();
        // West, the barrel (radius 1.4 cm) stops the disc 10 - 1.4 - 1.6 = 7 cm on.
        let reach = west.iter().map(|p| from.distance(*p)).fold(0.0, f32::max);
        assert!(reach > 0.05 && reach < 0.07, "west {reach}: {west:?}");
        assert!(east.iter().any(|p| p.x > from.x + 0.25), "east {east:?}");
        // Pressed against the barrel, the disc still goes away from it, not into it.
        let pressed = Vec2::new(-0.45 + 0.014 + disc - 0.002, 0.42);
        let runs = straight_runs(&r, pressed, &[], disc, 4, 0.3);
        assert!(runs.iter().any(|p| p.x > pressed.x + 0.25), "{runs:?}");
        assert!(!runs.iter().any(|p| p.x < pressed.x - 1e-4), "{runs:?}");
        // Near the table's edge the slides stop at it, a disc's radius in.
        let (tw, td) = r.table.profile().table.size;
        let runs = straight_runs(&r, from, &[], disc, 16, 0.5);
        assert!(
            runs.iter()
                .all(|p| p.x.abs() <= tw / 2.0 - disc && p.y.abs() <= td / 2.0 - disc),
            "{runs:?}"
        );
        assert!(runs.iter().any(|p| p.y > from.y), "{runs:?}");
    }
}
