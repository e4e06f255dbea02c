//! The materials' textures, made by the project at start-up, never
//! downloaded: wood grain, planked floors and walls, felt, brushed metal and
//! the printed cardboard of the town's buildings. Every texture comes from
//! a seed through integer hashing and tiling value noise, so the same seed
//! gives the same pixels on every run (a test holds their hash).

use bevy::math::Vec3;
use rayon::prelude::*;

use super::paint::{Painter, Pixels, Rgba};

/// A 32-bit hash of a lattice point and a seed (a few rounds of
/// multiply-xorshift: cheap, well mixed, the same everywhere).
fn hash(seed: u32, x: i32, y: i32) -> u32 {
    let mut h = seed ^ (x as u32).wrapping_mul(0x27d4_eb2d) ^ (y as u32).wrapping_mul(0x1656_67b1);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297a_2d39);
    h ^ (h >> 15)
}

/// A value in 0..1 at a lattice point.
fn lattice(seed: u32, x: i32, y: i32) -> f32 {
    (hash(seed, x, y) >> 8) as f32 / (1u32 << 24) as f32
}

/// Smooth value noise at (x, y) in lattice cells, repeating every
/// `period.0` cells across and `period.1` down (so a texture made of it
/// tiles without a seam).
fn noise(seed: u32, x: f32, y: f32, period: (i32, i32)) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (s(fx), s(fy));
    let at = |i: i32, j: i32| {
        lattice(
            seed,
            (x0 as i32 + i).rem_euclid(period.0),
            (y0 as i32 + j).rem_euclid(period.1),
        )
    };
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// Fractal noise: `octaves` layers of [`noise`], each twice as fine and half
/// as strong, in 0..1; `u`, `v` in 0..1 across a tile of `cells` cells
/// (across, down).
fn fbm(seed: u32, u: f32, v: f32, cells: (i32, i32), octaves: u32) -> f32 {
    let (mut sum, mut weight, mut total, mut period) = (0.0, 1.0, 0.0, cells);
    for o in 0..octaves {
        sum += weight
            * noise(
                seed.wrapping_add(o * 1013),
                u * period.0 as f32,
                v * period.1 as f32,
                period,
            );
        total += weight;
        weight *= 0.5;
        period = (period.0 * 2, period.1 * 2);
    }
    sum / total
}

fn mix(a: Rgba, b: Rgba, t: f32) -> Rgba {
    let t = t.clamp(0.0, 1.0);
    let c = |i: usize| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8;
    [c(0), c(1), c(2), c(3)]
}

fn shade(c: Rgba, k: f32) -> Rgba {
    let f = |v: u8| (v as f32 * k).round().clamp(0.0, 255.0) as u8;
    [f(c[0]), f(c[1]), f(c[2]), c[3]]
}

/// An image of `size` whose every pixel is `at` its centre (u, v in 0..1),
/// rows painted on every core.
fn fill(size: (u32, u32), at: impl Fn(f32, f32) -> Rgba + Sync) -> Pixels {
    let mut img = Pixels::new(size.0, size.1, [0, 0, 0, 255]);
    img.data
        .par_chunks_mut(size.0 as usize * 4)
        .enumerate()
        .for_each(|(y, row)| {
            let v = (y as f32 + 0.5) / size.1 as f32;
            for (x, px) in row.chunks_mut(4).enumerate() {
                px.copy_from_slice(&at((x as f32 + 0.5) / size.0 as f32, v));
            }
        });
    img
}

/// The grain of one board at (u, v): fine growth rings running along u,
/// gently warped, and long fibres, between `light` and `dark`.
fn grain(seed: u32, u: f32, v: f32, light: Rgba, dark: Rgba) -> Rgba {
    figured_grain(seed, u, v, light, dark, 0.5)
}

/// Wood grain whose growth rings weigh `rings` (0..1) against the fibres.
fn figured_grain(seed: u32, u: f32, v: f32, light: Rgba, dark: Rgba, rings: f32) -> Rgba {
    let warp = fbm(seed, u, v, (3, 2), 3) - 0.5;
    let ring = ((v * 14.0 + warp * 2.2) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let fibre = fbm(seed ^ 0x5bd1, u, v, (4, 96), 2);
    mix(light, dark, ring * ring * rings + fibre * (1.0 - rings))
}

/// Wood: long grain along the texture's width, tiling.
pub fn wood(seed: u32, light: Rgba, dark: Rgba) -> Pixels {
    fill((256, 256), |u, v| grain(seed, u, v, light, dark))
}

/// A planed slab: the same grain, its rings faint (a playing surface
/// whose rings read as ripples across the whole table otherwise).
pub fn planed_wood(seed: u32, light: Rgba, dark: Rgba) -> Pixels {
    fill((256, 256), |u, v| {
        figured_grain(seed, u, v, light, dark, 0.18)
    })
}

/// Boards side by side (`boards` across the texture's height), each its own
/// grain and tone, with dark seams between them and staggered end joints:
/// a floor, a wall, clapboard.
pub fn planks(seed: u32, boards: u32, light: Rgba, dark: Rgba) -> Pixels {
    fill((512, 512), |u, v| plank_at(seed, boards, light, dark, u, v))
}

/// The colour of [`planks`] at (u, v) in 0..1.
fn plank_at(seed: u32, boards: u32, light: Rgba, dark: Rgba, u: f32, v: f32) -> Rgba {
    let row = (v * boards as f32).floor();
    let across = v * boards as f32 - row;
    // Each board's end joint sits at its own place along it.
    let joint = lattice(seed, row as i32, 7);
    let along = (u + joint).fract();
    let board = row as i32 * 2 + (u + joint >= 1.0) as i32;
    let tone = 0.85 + 0.3 * lattice(seed, board, 3);
    let c = shade(
        grain(
            seed.wrapping_add(board as u32 * 77),
            along,
            across * 0.2,
            light,
            dark,
        ),
        tone,
    );
    let seam = !(0.025..=0.975).contains(&across) || !(0.003..=0.997).contains(&along);
    if seam { shade(c, 0.6) } else { c }
}

/// Felt: a fine fuzz over one colour.
pub fn felt(seed: u32, colour: Rgba) -> Pixels {
    fill((256, 256), |u, v| {
        let fuzz = fbm(seed, u, v, (64, 64), 2) * 0.6
            + lattice(seed, (u * 256.0) as i32, (v * 256.0) as i32) * 0.4;
        shade(colour, 0.85 + 0.25 * fuzz)
    })
}

/// Brushed metal: streaks along the width.
pub fn metal(seed: u32, colour: Rgba) -> Pixels {
    fill((128, 128), |u, v| {
        let streak = fbm(seed, u, v, (2, 48), 3);
        shade(colour, 0.8 + 0.4 * streak)
    })
}

/// Width and height of a building's printed front, in pixels (the facade is
/// 19 × 13 cm).
pub const FRONT_SIZE: (u32, u32) = (512, 352);

/// The printed colours of a building: the boards' paint and its trim.
#[derive(Clone, Copy, Debug)]
pub struct Print {
    pub paint: Rgba,
    pub trim: Rgba,
}

/// How far, as fractions of a building front's width and height, its false
/// front steps down at the sides: (width from the edge, drop from the top).
/// The front's mesh is cut the same.
pub const ROOF_STEPS: [(f32, f32); 2] = [(0.08, 0.16), (0.2, 0.07)];

/// How far down from the top the roof line is at `x` (both 0..1 of the front).
fn roof_line(x: f32) -> f32 {
    let from_edge = x.min(1.0 - x);
    ROOF_STEPS
        .iter()
        .find(|(edge, _)| from_edge < *edge)
        .map_or(0.0, |(_, drop)| *drop)
}

/// The printed front (or back) of a building's cardboard: clapboard in the
/// building's paint, a stepped false front cut out against the sky, a sign
/// with the building's name (front only), two windows with panes and a door
/// over the doorway, trim at the corners.
pub fn building_print(
    seed: u32,
    print: Print,
    name: &str,
    front: bool,
    painter: &mut Painter,
) -> Pixels {
    let (w, h) = FRONT_SIZE;
    let (paint, shadow) = (print.paint, shade(print.paint, 0.72));
    // Clapboard: twelve boards to the height of a square, eight and a bit
    // on the front; the corners above the false front cut away.
    let mut img = fill((w, h), |u, v| {
        if v < roof_line(u) {
            return [0, 0, 0, 0];
        }
        plank_at(seed, 12, paint, shadow, u, v * 0.7)
    });
    let (wi, hi) = (w as i32, h as i32);
    let trim = print.trim;
    let dark: Rgba = [38, 28, 22, 255];
    // Corner boards and the cornice under the roof line.
    let eaves = (ROOF_STEPS[0].1 * h as f32) as i32;
    img.fill_rect(0, eaves, 10, hi, trim);
    img.fill_rect(wi - 10, eaves, wi, hi, trim);
    // The door over the doorway, at the bottom middle: planked, a frame.
    let (dw, dh) = (92, 118);
    let (dx, dy) = (wi / 2 - dw / 2, hi - dh);
    img.fill_rect(dx - 6, dy - 6, dx + dw + 6, hi, trim);
    img.fill_rect(dx, dy, dx + dw, hi, shade(print.paint, 0.45));
    for k in 1..4 {
        let x = dx + k * dw / 4;
        img.fill_rect(x - 1, dy, x + 1, hi, dark);
    }
    img.fill_rect(
        dx + dw - 16,
        dy + dh / 2,
        dx + dw - 9,
        dy + dh / 2 + 7,
        [200, 170, 80, 255],
    );
    // Two windows with their panes.
    for cx in [wi / 5 + 8, wi - wi / 5 - 8] {
        let (ww, wh) = (72, 84);
        let (x0, y0) = (cx - ww / 2, hi - 170);
        img.fill_rect(x0 - 6, y0 - 6, x0 + ww + 6, y0 + wh + 10, trim);
        img.fill_rect(x0, y0, x0 + ww, y0 + wh, [34, 44, 58, 255]);
        // A glint of sky in the upper panes.
        img.fill_rect(x0 + 4, y0 + 4, x0 + ww / 2 - 4, y0 + 18, [70, 88, 110, 255]);
        img.fill_rect(x0 + ww / 2 - 2, y0, x0 + ww / 2 + 2, y0 + wh, trim);
        img.fill_rect(x0, y0 + wh / 2 - 2, x0 + ww, y0 + wh / 2 + 2, trim);
    }
    if front {
        // The sign: a board across the false front, the name painted in.
        let (sx0, sy0, sx1, sy1) = (60, 66, wi - 60, 130);
        img.fill_rect(sx0 - 4, sy0 - 4, sx1 + 4, sy1 + 4, dark);
        img.fill_rect(sx0, sy0, sx1, sy1, [236, 222, 186, 255]);
        painter.centred(
            &mut img,
            &name.to_uppercase(),
            w as f32 / 2.0,
            sy1 as f32 - 17.0,
            44.0,
            (sx1 - sx0 - 24) as f32,
            dark,
            true,
        );
    } else {
        // The back: bare boards, a batten across.
        img.fill_rect(14, 120, wi - 14, 128, shade(print.paint, 0.6));
    }
    img
}

/// A building's print: its front above its back, one texture.
pub fn building_atlas(seed: u32, print: Print, name: &str, painter: &mut Painter) -> Pixels {
    let front = building_print(seed, print, name, true, painter);
    let back = building_print(seed ^ 0x9e37, print, name, false, painter);
    let mut data = front.data;
    data.extend_from_slice(&back.data);
    Pixels {
        width: front.width,
        height: front.height * 2,
        data,
    }
}

/// A tangent-space normal map of `p`'s relief, its brightness taken as
/// height (dark seams and grain are low): `strength` scales the slopes.
/// Tiling (the slopes wrap at the edges); +Y up, as Bevy reads it.
pub fn normal_map(p: &Pixels, strength: f32) -> Pixels {
    let (w, h) = (p.width as i32, p.height as i32);
    let height = |x: i32, y: i32| {
        let c = p.get(x.rem_euclid(w) as u32, y.rem_euclid(h) as u32);
        (0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32) / 255.0
    };
    let mut out = Pixels::new(p.width, p.height, [128, 128, 255, 255]);
    for y in 0..h {
        for x in 0..w {
            let dx = (height(x + 1, y) - height(x - 1, y)) * strength;
            let dy = (height(x, y + 1) - height(x, y - 1)) * strength;
            let n = Vec3::new(-dx, dy, 1.0).normalize();
            let i = ((y * w + x) * 4) as usize;
            for (c, v) in [n.x, n.y, n.z].into_iter().enumerate() {
                out.data[i + c] = ((v * 0.5 + 0.5) * 255.0).round() as u8;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_paints_the_same_pixels_and_another_seed_other_ones() {
        let light = [200, 150, 100, 255];
        let dark = [120, 80, 50, 255];
        assert_eq!(wood(1, light, dark), wood(1, light, dark));
        assert_ne!(wood(1, light, dark).data, wood(2, light, dark).data);
        assert_eq!(planks(5, 8, light, dark), planks(5, 8, light, dark));
        assert_ne!(felt(1, light).data, felt(2, light).data);
    }

    #[test]
    fn noise_tiles_without_a_seam() {
        for period in [4, 16] {
            for k in 0..20 {
                let y = k as f32 * 0.37;
                let a = noise(9, 0.0, y, (period, 3));
                let b = noise(9, period as f32, y, (period, 3));
                assert!((a - b).abs() < 1e-6, "{a} against {b}");
            }
        }
    }

    #[test]
    fn a_front_has_its_sign_and_its_roof_line() {
        let mut painter = Painter::new();
        let print = Print {
            paint: [170, 60, 40, 255],
            trim: [240, 230, 210, 255],
        };
        let img = building_print(3, print, "Saloon", true, &mut painter);
        // The corners above the false front's steps are cut away; the middle is not.
        assert_eq!(img.get(2, 2)[3], 0);
        assert_eq!(img.get(FRONT_SIZE.0 / 2, 2)[3], 255);
        // The sign carries ink: dark pixels inside the sign board.
        let ink = (66..130)
            .flat_map(|y| (70..FRONT_SIZE.0 - 70).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get(x, y)[0] < 100)
            .count();
        assert!(ink > 300, "{ink} dark pixels on the sign");
        let back = building_print(3, print, "Saloon", false, &mut painter);
        let ink_back = (66..130)
            .flat_map(|y| (70..FRONT_SIZE.0 - 70).map(move |x| (x, y)))
            .filter(|&(x, y)| back.get(x, y)[0] < 60)
            .count();
        assert!(ink_back < ink / 4, "the back has no sign: {ink_back}");
    }

    #[test]
    fn a_normal_map_tilts_only_where_the_relief_changes() {
        // Flat: straight up everywhere.
        let flat = normal_map(&Pixels::new(8, 8, [120, 90, 60, 255]), 4.0);
        assert!(flat.data.chunks(4).all(|c| c == [128, 128, 255, 255]));
        // A dark seam down the middle: the columns beside it lean, into it
        // from both sides; the rows do not; far from it, flat. The seam at
        // the image's edge wraps round (tiling).
        let mut seam = Pixels::new(8, 8, [200, 200, 200, 255]);
        for y in 0..8 {
            seam.fill_rect(4, y, 5, y + 1, [40, 40, 40, 255]);
        }
        let n = normal_map(&seam, 4.0);
        for y in 0..8 {
            assert!(n.get(3, y)[0] > 160, "left of the seam leans right into it");
            assert!(n.get(5, y)[0] < 96, "right of it leans left");
            assert_eq!(n.get(1, y)[0], 128);
            assert_eq!(n.get(3, y)[1], 128);
        }
        let mut edge = Pixels::new(8, 8, [200, 200, 200, 255]);
        edge.fill_rect(0, 0, 1, 8, [40, 40, 40, 255]);
        assert!(normal_map(&edge, 4.0).get(7, 3)[0] > 160);
    }
}
