//! Vector shapes painted on [`Pixels`]: polygons (several at once, the
//! even-odd rule cutting holes), circles, rings, thick lines and rounded
//! rectangles, anti-aliased by sampling each pixel on a 4 × 4 grid. The
//! cards' frames, backs and art are drawn with these. Pure pixels.

use super::paint::{Pixels, Rgba};

/// A point in pixels (x right, y down).
pub type P = (f32, f32);

/// Samples per pixel along each axis.
const SUB: i32 = 4;

impl Pixels {
    /// Fills one polygon.
    pub fn fill_polygon(&mut self, points: &[P], colour: Rgba) {
        self.fill_shapes(&[points], colour);
    }

    /// Fills several polygons as one shape by the even-odd rule: a polygon
    /// inside another cuts a hole in it.
    pub fn fill_shapes(&mut self, polygons: &[&[P]], colour: Rgba) {
        let all = polygons.iter().flat_map(|p| p.iter());
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(x, y) in all {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        if x0 > x1 {
            return;
        }
        let (px0, px1) = (
            (x0.floor() as i32).max(0),
            (x1.ceil() as i32).min(self.width as i32),
        );
        let (py0, py1) = (
            (y0.floor() as i32).max(0),
            (y1.ceil() as i32).min(self.height as i32),
        );
        if px0 >= px1 || py0 >= py1 {
            return;
        }
        let mut cover = vec![0u8; (px1 - px0) as usize];
        let mut crossings = Vec::new();
        for py in py0..py1 {
            cover.iter_mut().for_each(|c| *c = 0);
            for sy in 0..SUB {
                let y = py as f32 + (sy as f32 + 0.5) / SUB as f32;
                crossings.clear();
                for poly in polygons {
                    for i in 0..poly.len() {
                        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                        if (a.1 <= y) != (b.1 <= y) {
                            crossings.push(a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0));
                        }
                    }
                }
                crossings.sort_by(f32::total_cmp);
                for span in crossings.chunks_exact(2) {
                    let (from, to) = (span[0], span[1]);
                    let first = ((from.floor() as i32).max(px0)) - px0;
                    let last = ((to.ceil() as i32).min(px1)) - px0;
                    for i in first.max(0)..last {
                        let px = (px0 + i) as f32;
                        for sx in 0..SUB {
                            let x = px + (sx as f32 + 0.5) / SUB as f32;
                            if x >= from && x < to {
                                cover[i as usize] += 1;
                            }
                        }
                    }
                }
            }
            for (i, &c) in cover.iter().enumerate() {
                if c > 0 {
                    let alpha = (c as u32 * 255 / (SUB * SUB) as u32) as u8;
                    self.blend(px0 + i as i32, py, colour, alpha);
                }
            }
        }
    }

    /// A filled circle.
    pub fn fill_circle(&mut self, centre: P, radius: f32, colour: Rgba) {
        self.fill_polygon(&arc(centre, radius, 0.0, std::f32::consts::TAU, 48), colour);
    }

    /// A ring between two radii.
    pub fn fill_ring(&mut self, centre: P, outer: f32, inner: f32, colour: Rgba) {
        let tau = std::f32::consts::TAU;
        self.fill_shapes(
            &[
                &arc(centre, outer, 0.0, tau, 48),
                &arc(centre, inner, 0.0, tau, 48),
            ],
            colour,
        );
    }

    /// A straight stroke `width` wide from `a` to `b`.
    pub fn line(&mut self, a: P, b: P, width: f32, colour: Rgba) {
        self.fill_polygon(&stroke(a, b, width), colour);
    }

    /// A rectangle with corners rounded to `radius`.
    pub fn fill_round_rect(&mut self, min: P, max: P, radius: f32, colour: Rgba) {
        self.fill_polygon(&round_rect(min, max, radius), colour);
    }

    /// The outline of a rounded rectangle, `width` wide (inside the edge).
    pub fn round_frame(&mut self, min: P, max: P, radius: f32, width: f32, colour: Rgba) {
        let inner = round_rect(
            (min.0 + width, min.1 + width),
            (max.0 - width, max.1 - width),
            (radius - width).max(0.0),
        );
        self.fill_shapes(&[&round_rect(min, max, radius), &inner], colour);
    }
}

/// Points along a circular arc from angle `a0` to `a1` (radians, clockwise
/// on screen from +x), `n` segments.
pub fn arc(centre: P, radius: f32, a0: f32, a1: f32, n: usize) -> Vec<P> {
    (0..=n)
        .map(|i| {
            let a = a0 + (a1 - a0) * i as f32 / n as f32;
            (centre.0 + radius * a.cos(), centre.1 + radius * a.sin())
        })
        .collect()
}

/// The quadrilateral of a stroke from `a` to `b`, `width` wide.
pub fn stroke(a: P, b: P, width: f32) -> Vec<P> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    let (nx, ny) = (-dy / len * width / 2.0, dx / len * width / 2.0);
    vec![
        (a.0 + nx, a.1 + ny),
        (b.0 + nx, b.1 + ny),
        (b.0 - nx, b.1 - ny),
        (a.0 - nx, a.1 - ny),
    ]
}

/// A rounded rectangle's outline as a polygon.
pub fn round_rect(min: P, max: P, radius: f32) -> Vec<P> {
    use std::f32::consts::{FRAC_PI_2, PI};
    let r = radius
        .min((max.0 - min.0) / 2.0)
        .min((max.1 - min.1) / 2.0)
        .max(0.0);
    let mut out = Vec::new();
    out.extend(arc((max.0 - r, min.1 + r), r, -FRAC_PI_2, 0.0, 6));
    out.extend(arc((max.0 - r, max.1 - r), r, 0.0, FRAC_PI_2, 6));
    out.extend(arc((min.0 + r, max.1 - r), r, FRAC_PI_2, PI, 6));
    out.extend(arc((min.0 + r, min.1 + r), r, PI, PI + FRAC_PI_2, 6));
    out
}

/// Points given in a unit box (-1..1 each way) placed at `centre`, `size`
/// pixels across, optionally mirrored left to right.
pub fn place(points: &[P], centre: P, size: f32) -> Vec<P> {
    points
        .iter()
        .map(|&(x, y)| (centre.0 + x * size / 2.0, centre.1 + y * size / 2.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAPER: Rgba = [255, 255, 255, 255];
    const INK: Rgba = [0, 0, 0, 255];

    fn inked(img: &Pixels) -> f32 {
        let mut sum = 0.0;
        for y in 0..img.height {
            for x in 0..img.width {
                sum += 1.0 - img.get(x, y)[0] as f32 / 255.0;
            }
        }
        sum
    }

    #[test]
    fn shapes_cover_their_area_with_soft_edges_and_holes() {
        // A circle of radius 20 covers pi r^2 pixels, within a pixel's worth
        // of its rim.
        let mut img = Pixels::new(64, 64, PAPER);
        img.fill_circle((32.0, 32.0), 20.0, INK);
        let area = std::f32::consts::PI * 400.0;
        assert!((inked(&img) - area).abs() < 0.02 * area, "{}", inked(&img));
        // Its edge is anti-aliased: some pixels part-covered.
        let grey = (0..64)
            .flat_map(|y| (0..64).map(move |x| (x, y)))
            .filter(|&(x, y)| (1..255).contains(&img.get(x, y)[0]))
            .count();
        assert!(grey > 40, "{grey} soft pixels");
        // A ring leaves its middle paper.
        let mut ring = Pixels::new(64, 64, PAPER);
        ring.fill_ring((32.0, 32.0), 20.0, 10.0, INK);
        assert_eq!(ring.get(32, 32), PAPER);
        assert_eq!(ring.get(32, 17)[0], 0);
        let area = std::f32::consts::PI * (400.0 - 100.0);
        assert!((inked(&ring) - area).abs() < 0.03 * area);
        // A square polygon covers exactly its pixels.
        let mut sq = Pixels::new(16, 16, PAPER);
        sq.fill_polygon(&[(2.0, 2.0), (10.0, 2.0), (10.0, 6.0), (2.0, 6.0)], INK);
        assert_eq!(inked(&sq), 32.0);
        // Shapes off the image are clipped, not a panic.
        sq.fill_circle((-50.0, 300.0), 30.0, INK);
        sq.line((-5.0, -5.0), (40.0, 40.0), 3.0, INK);
    }
}
