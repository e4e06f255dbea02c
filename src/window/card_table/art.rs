//! The pictures printed on the cards ([`Art`]) and each game's frame and
//! back pattern ([`CardStyle`]), drawn as vector shapes on the face's
//! pixels. Each picture is laid out in a unit box (-1..1 each way, y down)
//! and placed at a centre and a size. Pure pixels.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

pub use crate::cards::view::{Art, CardStyle};
use crate::window::shell::paint::{Pixels, Rgba};
use crate::window::shell::vector::{P, arc, place, round_rect, stroke};

const METAL: Rgba = [62, 64, 72, 255];
const STEEL: Rgba = [120, 124, 134, 255];
const WOOD: Rgba = [128, 78, 42, 255];
const BRASS: Rgba = [204, 160, 62, 255];
const GOLD: Rgba = [222, 178, 56, 255];
const RED: Rgba = [172, 40, 30, 255];
const STONE: Rgba = [138, 138, 132, 255];
const INK: Rgba = [40, 28, 20, 255];
const CREAM: Rgba = [250, 242, 224, 255];

/// A picture in the unit box, placed and drawn.
struct Canvas<'a> {
    img: &'a mut Pixels,
    centre: P,
    size: f32,
    mirror: bool,
}

impl Canvas<'_> {
    fn at(&self, points: &[P]) -> Vec<P> {
        let flipped: Vec<P> = points
            .iter()
            .map(|&(x, y)| (if self.mirror { -x } else { x }, y))
            .collect();
        place(&flipped, self.centre, self.size)
    }
    fn poly(&mut self, points: &[P], c: Rgba) {
        let p = self.at(points);
        self.img.fill_polygon(&p, c);
    }
    fn holed(&mut self, outer: &[P], inner: &[P], c: Rgba) {
        let (o, i) = (self.at(outer), self.at(inner));
        self.img.fill_shapes(&[&o, &i], c);
    }
    fn rect(&mut self, min: P, max: P, r: f32, c: Rgba) {
        self.poly(&round_rect(min, max, r), c);
    }
    fn circle(&mut self, centre: P, r: f32, c: Rgba) {
        self.poly(&arc(centre, r, 0.0, TAU, 40), c);
    }
    fn ring(&mut self, centre: P, outer: f32, inner: f32, c: Rgba) {
        self.holed(
            &arc(centre, outer, 0.0, TAU, 40),
            &arc(centre, inner, 0.0, TAU, 40),
            c,
        );
    }
    fn line(&mut self, a: P, b: P, width: f32, c: Rgba) {
        self.poly(&stroke(a, b, width), c);
    }
    fn ellipse(&mut self, centre: P, rx: f32, ry: f32, c: Rgba) {
        let p: Vec<P> = arc((0.0, 0.0), 1.0, 0.0, TAU, 40)
            .into_iter()
            .map(|(x, y)| (centre.0 + x * rx, centre.1 + y * ry))
            .collect();
        self.poly(&p, c);
    }
}

/// Draws `art` centred at `centre`, `size` pixels across (mirrored left to
/// right if `mirror`).
pub fn draw_art(img: &mut Pixels, art: Art, centre: P, size: f32, mirror: bool) {
    let mut c = Canvas {
        img,
        centre,
        size,
        mirror,
    };
    match art {
        Art::Revolver => draw_revolver(&mut c),
        Art::Rifle => draw_rifle(&mut c),
        Art::Shotgun => draw_shotgun(&mut c),
        Art::Cannon => draw_cannon(&mut c),
        Art::Bullet => draw_bullet(&mut c),
        Art::Shell => draw_shell(&mut c),
        Art::Dynamite => draw_dynamite(&mut c),
        Art::Star => draw_star(&mut c),
        Art::Hand => draw_hand(&mut c),
        Art::Fist => draw_fist(&mut c),
        Art::Lock => draw_lock(&mut c),
        Art::HockeyStick => draw_hockey_stick(&mut c),
        Art::Puck => draw_puck(&mut c),
        Art::Tombstone => draw_tombstone(&mut c),
        Art::Horse => draw_horse(&mut c),
        Art::Gold => draw_gold(&mut c),
        Art::House => draw_house(&mut c),
        Art::Heart => draw_heart(&mut c),
        Art::Shield => draw_shield(&mut c),
        Art::Stopwatch => draw_stopwatch(&mut c),
        Art::Jam => draw_jam(&mut c),
    }
}

/// A revolver pointing right: barrel, cylinder, wooden grip and trigger guard.
fn draw_revolver(c: &mut Canvas) {
    c.rect((-0.08, -0.42), (0.95, -0.25), 0.03, METAL);
    c.rect((0.8, -0.5), (0.9, -0.4), 0.01, METAL);
    c.rect((-0.42, -0.5), (0.06, -0.1), 0.07, STEEL);
    for y in [-0.4, -0.3, -0.2] {
        c.line((-0.36, y), (0.0, y), 0.025, METAL);
    }
    c.poly(&[(-0.42, -0.5), (-0.58, -0.64), (-0.5, -0.44)], METAL);
    c.poly(
        &[(-0.44, -0.16), (-0.1, -0.16), (-0.22, 0.58), (-0.64, 0.5)],
        WOOD,
    );
    let guard_out = arc((-0.02, -0.08), 0.16, 0.0, PI, 12);
    let mut guard = guard_out.clone();
    guard.extend(arc((-0.02, -0.08), 0.1, PI, 0.0, 12));
    c.poly(&guard, METAL);
    c.line((-0.02, -0.1), (-0.06, 0.02), 0.04, METAL);
}

/// A lever-action rifle: barrel, forestock, receiver, stock and lever loop.
fn draw_rifle(c: &mut Canvas) {
    c.rect((-0.25, -0.14), (0.98, -0.05), 0.02, METAL);
    c.rect((-0.1, -0.04), (0.55, 0.04), 0.02, WOOD);
    c.rect((-0.4, -0.18), (-0.05, 0.06), 0.03, STEEL);
    c.poly(
        &[(-0.4, -0.14), (-0.98, 0.0), (-0.98, 0.26), (-0.4, 0.06)],
        WOOD,
    );
    let mut lever = arc((-0.22, 0.14), 0.14, 0.0, PI, 10);
    lever.extend(arc((-0.22, 0.14), 0.08, PI, 0.0, 10));
    c.poly(&lever, METAL);
}

/// A double-barrelled shotgun with a wooden forestock and stock.
fn draw_shotgun(c: &mut Canvas) {
    c.rect((-0.2, -0.16), (0.98, -0.08), 0.02, METAL);
    c.rect((-0.2, -0.07), (0.98, 0.01), 0.02, STEEL);
    c.rect((0.05, 0.0), (0.5, 0.1), 0.04, WOOD);
    c.rect((-0.36, -0.18), (-0.14, 0.06), 0.03, METAL);
    c.poly(
        &[(-0.36, -0.15), (-0.98, 0.02), (-0.98, 0.3), (-0.36, 0.06)],
        WOOD,
    );
}

/// A cannon: its barrel raised to the right over a spoked wooden wheel.
fn draw_cannon(c: &mut Canvas) {
    c.poly(
        &[(-0.75, 0.12), (0.7, -0.5), (0.82, -0.28), (-0.62, 0.36)],
        METAL,
    );
    c.ring((0.76, -0.39), 0.14, 0.07, STEEL);
    c.circle((-0.72, 0.24), 0.13, METAL);
    c.ring((-0.25, 0.42), 0.42, 0.32, WOOD);
    for k in 0..6 {
        let a = k as f32 * PI / 3.0;
        c.line(
            (-0.25, 0.42),
            (-0.25 + 0.34 * a.cos(), 0.42 + 0.34 * a.sin()),
            0.06,
            WOOD,
        );
    }
    c.circle((-0.25, 0.42), 0.08, METAL);
}

/// A cartridge standing up: brass case, rim and lead bullet.
fn draw_bullet(c: &mut Canvas) {
    c.rect((-0.24, -0.05), (0.24, 0.78), 0.03, BRASS);
    c.rect((-0.28, 0.72), (0.28, 0.84), 0.02, [170, 130, 45, 255]);
    c.poly(
        &[
            (-0.24, -0.03),
            (-0.22, -0.38),
            (-0.14, -0.62),
            (0.0, -0.8),
            (0.14, -0.62),
            (0.22, -0.38),
            (0.24, -0.03),
        ],
        [110, 100, 96, 255],
    );
    c.line((-0.16, 0.1), (-0.16, 0.6), 0.05, [236, 206, 120, 255]);
}

/// A shotgun shell standing up: red hull on a brass head.
fn draw_shell(c: &mut Canvas) {
    c.rect((-0.26, -0.78), (0.26, 0.42), 0.05, RED);
    c.rect((-0.3, 0.4), (0.3, 0.82), 0.03, BRASS);
    c.line((-0.16, -0.6), (-0.16, 0.3), 0.05, [210, 90, 80, 255]);
    c.line((-0.3, 0.52), (0.3, 0.52), 0.03, [170, 130, 45, 255]);
}

/// Three sticks of dynamite tied together, the fuse lit.
fn draw_dynamite(c: &mut Canvas) {
    for x in [-0.45, 0.0, 0.45] {
        c.rect((x - 0.2, -0.45), (x + 0.2, 0.8), 0.12, RED);
        c.line((x - 0.1, -0.35), (x - 0.1, 0.7), 0.04, [214, 96, 80, 255]);
    }
    c.rect((-0.72, 0.08), (0.72, 0.26), 0.03, INK);
    c.line((0.0, -0.45), (0.12, -0.66), 0.04, INK);
    c.line((0.12, -0.66), (0.32, -0.74), 0.04, INK);
    star(c, (0.38, -0.78), 0.16, 0.06, 5, [250, 200, 60, 255]);
}

/// A six-pointed sheriff's star with balls on its points.
fn draw_star(c: &mut Canvas) {
    star(c, (0.0, 0.0), 0.92, 0.5, 6, GOLD);
    for k in 0..6 {
        let a = -FRAC_PI_2 + k as f32 * TAU / 6.0;
        c.circle((0.9 * a.cos(), 0.9 * a.sin()), 0.11, GOLD);
    }
    c.ring((0.0, 0.0), 0.36, 0.29, [160, 120, 30, 255]);
}

/// An open hand, fingers up and thumb out.
fn draw_hand(c: &mut Canvas) {
    c.rect((-0.44, -0.08), (0.44, 0.8), 0.26, [222, 180, 140, 255]);
    for (x, top) in [(-0.42, -0.62), (-0.16, -0.84), (0.1, -0.78), (0.34, -0.58)] {
        c.rect((x, top), (x + 0.2, 0.15), 0.1, [222, 180, 140, 255]);
    }
    c.line((-0.36, 0.32), (-0.78, -0.08), 0.22, [222, 180, 140, 255]);
    c.circle((-0.78, -0.08), 0.11, [222, 180, 140, 255]);
    for (x, top) in [(-0.32, -0.5), (-0.06, -0.7), (0.2, -0.64)] {
        c.line((x, top + 0.12), (x, -0.1), 0.025, [176, 128, 92, 255]);
    }
}

/// A clenched fist over a cuff.
fn draw_fist(c: &mut Canvas) {
    let skin = [214, 170, 130, 255];
    c.rect((-0.62, -0.4), (0.52, 0.52), 0.22, skin);
    for x in [-0.34, -0.06, 0.22] {
        c.line((x, -0.38), (x, 0.0), 0.04, [168, 120, 86, 255]);
    }
    c.line((-0.62, 0.14), (0.16, 0.14), 0.16, [196, 150, 110, 255]);
    c.rect((-0.3, 0.5), (0.3, 0.86), 0.04, [120, 80, 60, 255]);
}

/// A padlock: steel shackle, brass body and keyhole.
fn draw_lock(c: &mut Canvas) {
    let mut shackle = arc((0.0, -0.28), 0.46, PI, TAU, 16);
    shackle.extend(arc((0.0, -0.28), 0.3, TAU, PI, 16));
    c.poly(&shackle, STEEL);
    c.rect((-0.46, -0.3), (-0.3, -0.1), 0.0, STEEL);
    c.rect((0.3, -0.3), (0.46, -0.1), 0.0, STEEL);
    c.rect((-0.62, -0.16), (0.62, 0.78), 0.1, GOLD);
    c.circle((0.0, 0.18), 0.13, INK);
    c.poly(&[(-0.07, 0.22), (0.07, 0.22), (0.1, 0.5), (-0.1, 0.5)], INK);
}

/// A hockey stick, taped, with a puck by its blade.
fn draw_hockey_stick(c: &mut Canvas) {
    c.line((0.55, -0.92), (-0.28, 0.6), 0.15, WOOD);
    c.line((0.52, -0.86), (0.42, -0.66), 0.17, INK);
    c.poly(
        &[(-0.34, 0.48), (-0.92, 0.6), (-0.92, 0.82), (-0.2, 0.72)],
        INK,
    );
    c.ellipse((0.5, 0.72), 0.26, 0.1, INK);
}

/// A hockey puck seen from the side, a shine on its top.
fn draw_puck(c: &mut Canvas) {
    c.rect((-0.8, -0.12), (0.8, 0.3), 0.06, INK);
    c.ellipse((0.0, 0.3), 0.8, 0.3, INK);
    c.ellipse((0.0, -0.12), 0.8, 0.3, [64, 64, 70, 255]);
    c.ellipse((-0.2, -0.18), 0.3, 0.08, [110, 110, 118, 255]);
}

/// A round-topped tombstone with a carved border, on grass.
fn draw_tombstone(c: &mut Canvas) {
    let mut stone = arc((0.0, -0.22), 0.58, PI, TAU, 20);
    stone.extend([(0.58, 0.74), (-0.58, 0.74)]);
    c.poly(&stone, STONE);
    let mut inner = arc((0.0, -0.22), 0.48, PI, TAU, 20);
    inner.extend([(0.48, 0.66), (-0.48, 0.66)]);
    let mut face = arc((0.0, -0.22), 0.44, PI, TAU, 20);
    face.extend([(0.44, 0.62), (-0.44, 0.62)]);
    c.holed(&inner, &face, [112, 112, 108, 255]);
    c.rect((-0.9, 0.72), (0.9, 0.86), 0.06, [96, 120, 60, 255]);
}

/// A horse's head and neck in profile, with its mane.
fn draw_horse(c: &mut Canvas) {
    let dark = [96, 60, 34, 255];
    c.poly(
        &[
            (0.46, 0.86),
            (0.5, 0.1),
            (0.42, -0.42),
            (0.26, -0.72),
            (0.2, -0.96),
            (0.08, -0.74),
            (-0.16, -0.62),
            (-0.56, -0.3),
            (-0.86, 0.04),
            (-0.8, 0.24),
            (-0.5, 0.26),
            (-0.24, 0.16),
            (-0.08, 0.36),
            (-0.2, 0.86),
        ],
        WOOD,
    );
    c.poly(
        &[
            (0.42, -0.42),
            (0.58, -0.3),
            (0.64, 0.2),
            (0.5, 0.5),
            (0.5, 0.1),
        ],
        dark,
    );
    c.circle((-0.12, -0.36), 0.06, INK);
    c.circle((-0.74, 0.08), 0.04, INK);
}

/// Three stacked gold bars, one glinting.
fn draw_gold(c: &mut Canvas) {
    for (k, y) in [0.5, 0.22, -0.06].into_iter().enumerate() {
        let x = [-0.1, 0.06, -0.04][k];
        c.rect(
            (x - 0.62, y - 0.1),
            (x + 0.62, y + 0.12),
            0.05,
            [176, 132, 36, 255],
        );
        c.ellipse((x, y - 0.1), 0.62, 0.2, GOLD);
    }
    c.ellipse((-0.04, -0.16), 0.4, 0.1, [240, 210, 110, 255]);
    star(c, (0.55, -0.55), 0.22, 0.06, 4, CREAM);
}

/// A wooden house with a red roof, a door and two windows.
fn draw_house(c: &mut Canvas) {
    c.poly(&[(-0.78, -0.02), (0.0, -0.8), (0.78, -0.02)], RED);
    c.rect((-0.6, -0.06), (0.6, 0.8), 0.0, WOOD);
    c.rect((-0.16, 0.3), (0.16, 0.8), 0.0, INK);
    c.rect((-0.5, 0.06), (-0.24, 0.3), 0.0, CREAM);
    c.rect((0.24, 0.06), (0.5, 0.3), 0.0, CREAM);
}

/// A red heart with a highlight.
fn draw_heart(c: &mut Canvas) {
    let heart: Vec<P> = (0..48)
        .map(|i| {
            let t = i as f32 / 48.0 * TAU;
            let x = 16.0 * t.sin().powi(3);
            let y =
                13.0 * t.cos() - 5.0 * (2.0 * t).cos() - 2.0 * (3.0 * t).cos() - (4.0 * t).cos();
            (x / 18.0, -y / 18.0 - 0.05)
        })
        .collect();
    c.poly(&heart, RED);
    c.ellipse((-0.38, -0.42), 0.12, 0.07, [226, 120, 110, 255]);
}

/// A steel-rimmed blue shield with a cream cross.
fn draw_shield(c: &mut Canvas) {
    let outline = [
        (-0.66, -0.78),
        (0.66, -0.78),
        (0.66, 0.0),
        (0.36, 0.5),
        (0.0, 0.86),
        (-0.36, 0.5),
        (-0.66, 0.0),
    ];
    c.poly(&outline, STEEL);
    let inner: Vec<P> = outline
        .iter()
        .map(|&(x, y)| (x * 0.8, y * 0.8 - 0.02))
        .collect();
    c.poly(&inner, [86, 110, 150, 255]);
    c.line((0.0, -0.6), (0.0, 0.6), 0.1, CREAM);
    c.line((-0.45, -0.2), (0.45, -0.2), 0.1, CREAM);
}

/// A stopwatch: crown, button, dial with twelve ticks and two hands.
fn draw_stopwatch(c: &mut Canvas) {
    c.rect((-0.12, -0.9), (0.12, -0.66), 0.03, METAL);
    c.line((0.42, -0.6), (0.56, -0.74), 0.1, METAL);
    c.circle((0.0, 0.1), 0.74, STEEL);
    c.circle((0.0, 0.1), 0.6, CREAM);
    for k in 0..12 {
        let a = k as f32 * TAU / 12.0;
        let (s, co) = a.sin_cos();
        c.line(
            (0.5 * co, 0.1 + 0.5 * s),
            (0.58 * co, 0.1 + 0.58 * s),
            0.04,
            INK,
        );
    }
    c.line((0.0, 0.1), (0.0, -0.34), 0.06, INK);
    c.line((0.0, 0.1), (0.3, 0.22), 0.06, RED);
}

/// A jam: a red "no" sign, a ring crossed by a bar.
fn draw_jam(c: &mut Canvas) {
    c.ring((0.0, 0.0), 0.82, 0.62, RED);
    c.line((-0.58, 0.58), (0.58, -0.58), 0.2, RED);
}

/// A star of `points` points, radii `outer` and `inner`, upright.
fn star(c: &mut Canvas, centre: P, outer: f32, inner: f32, points: usize, colour: Rgba) {
    let p: Vec<P> = (0..points * 2)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            let a = -FRAC_PI_2 + i as f32 * PI / points as f32;
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect();
    c.poly(&p, colour);
}

/// The face's frame in the game's style (`band`: the face's colour).
pub fn face_frame(img: &mut Pixels, style: CardStyle, band: Rgba, ink: Rgba) {
    let (w, h) = (img.width as f32, img.height as f32);
    match style {
        CardStyle::Rink => {
            img.round_frame((5.0, 5.0), (w - 5.0, h - 5.0), 24.0, 6.0, band);
            img.round_frame(
                (15.0, 80.0),
                (w - 15.0, h - 15.0),
                14.0,
                2.0,
                [60, 90, 170, 255],
            );
        }
        CardStyle::Poster => {
            img.frame(6, 6, w as i32 - 6, h as i32 - 6, 5, band);
            img.frame(14, 80, w as i32 - 14, h as i32 - 14, 2, ink);
            for (x, y) in [
                (14.0, 80.0),
                (w - 14.0, 80.0),
                (14.0, h - 14.0),
                (w - 14.0, h - 14.0),
            ] {
                img.fill_polygon(
                    &[(x, y - 7.0), (x + 7.0, y), (x, y + 7.0), (x - 7.0, y)],
                    ink,
                );
            }
        }
        CardStyle::Saloon => {
            img.frame(6, 6, w as i32 - 6, h as i32 - 6, 5, band);
            for (x, y, a) in [
                (6.0, 6.0, 0.0),
                (w - 6.0, 6.0, FRAC_PI_2),
                (w - 6.0, h - 6.0, PI),
                (6.0, h - 6.0, PI + FRAC_PI_2),
            ] {
                let mut fan = vec![(x, y)];
                fan.extend(arc((x, y), 26.0, a, a + FRAC_PI_2, 10));
                img.fill_polygon(&fan, band);
                let (dx, dy) = (
                    (a + FRAC_PI_2 / 2.0).cos() * 12.0,
                    (a + FRAC_PI_2 / 2.0).sin() * 12.0,
                );
                let mut s = Canvas {
                    img: &mut *img,
                    centre: (x + dx, y + dy),
                    size: 16.0,
                    mirror: false,
                };
                star(&mut s, (0.0, 0.0), 0.95, 0.42, 5, CREAM);
            }
            img.frame(16, 80, w as i32 - 16, h as i32 - 16, 1, band);
        }
        CardStyle::Ticket => {
            img.frame(6, 6, w as i32 - 6, h as i32 - 6, 4, band);
            for (x, y) in [
                (6.0, 6.0),
                (w - 6.0, 6.0),
                (6.0, h - 6.0),
                (w - 6.0, h - 6.0),
            ] {
                img.fill_ring((x, y), 20.0, 14.0, band);
            }
            dashed_rule(img, 16.0, 80.0, w - 16.0, h - 16.0, band);
        }
    }
}

/// A dashed rectangle, 2 pixels wide.
fn dashed_rule(img: &mut Pixels, x0: f32, y0: f32, x1: f32, y1: f32, colour: Rgba) {
    let dash = |img: &mut Pixels, a: P, b: P| {
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let n = (len / 12.0).floor() as i32;
        for k in 0..n {
            let t0 = k as f32 * 12.0 / len;
            let t1 = (k as f32 * 12.0 + 7.0) / len;
            let p = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            img.line(p(t0), p(t1), 2.0, colour);
        }
    };
    dash(img, (x0, y0), (x1, y0));
    dash(img, (x1, y0), (x1, y1));
    dash(img, (x1, y1), (x0, y1));
    dash(img, (x0, y1), (x0, y0));
}

/// The pattern on a game's back, behind its word (`colour`: the back's,
/// `ink`: its lines).
pub fn back_pattern(img: &mut Pixels, style: CardStyle, colour: Rgba, ink: Rgba) {
    let (w, h) = (img.width as f32, img.height as f32);
    let (cx, cy) = (w / 2.0, h / 2.0);
    let faint = [ink[0], ink[1], ink[2], 120];
    match style {
        CardStyle::Rink => {
            img.line((30.0, cy), (w - 30.0, cy), 6.0, [200, 60, 50, 255]);
            for y in [cy - 70.0, cy + 70.0] {
                img.line((30.0, y), (w - 30.0, y), 6.0, [90, 130, 220, 255]);
            }
            img.fill_ring((cx, cy), 62.0, 57.0, faint);
            for (x, y) in [
                (cx - 55.0, cy - 115.0),
                (cx + 55.0, cy - 115.0),
                (cx - 55.0, cy + 115.0),
                (cx + 55.0, cy + 115.0),
            ] {
                img.fill_ring((x, y), 24.0, 20.0, [200, 60, 50, 200]);
                img.fill_circle((x, y), 5.0, [200, 60, 50, 255]);
            }
        }
        CardStyle::Poster | CardStyle::Saloon => {
            for y in 30..h as i32 - 30 {
                for x in 30..w as i32 - 30 {
                    if (x + y) % 24 == 0 || (x - y).rem_euclid(24) == 0 {
                        img.blend(x, y, ink, 90);
                    }
                }
            }
            // A star above the word and one below: six points for the
            // sheriff's poster, five for the saloon.
            let (points, inner) = if style == CardStyle::Poster {
                (6, 0.5)
            } else {
                (5, 0.4)
            };
            for y in [cy - 92.0, cy + 92.0] {
                let mut c = Canvas {
                    img: &mut *img,
                    centre: (cx, y),
                    size: 70.0,
                    mirror: false,
                };
                c.circle((0.0, 0.0), 0.98, colour);
                star(&mut c, (0.0, 0.0), 0.9, inner, points, ink);
            }
        }
        CardStyle::Ticket => {
            for (k, r) in [100.0_f32, 80.0, 60.0, 40.0, 20.0].into_iter().enumerate() {
                let c = if k % 2 == 0 { faint } else { colour };
                img.fill_circle((cx, cy), r, c);
            }
            img.line((cx - 108.0, cy), (cx + 108.0, cy), 2.0, ink);
            img.line((cx, cy - 108.0), (cx, cy + 108.0), 2.0, ink);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Art; 21] = [
        Art::Revolver,
        Art::Rifle,
        Art::Shotgun,
        Art::Cannon,
        Art::Bullet,
        Art::Shell,
        Art::Dynamite,
        Art::Star,
        Art::Hand,
        Art::Fist,
        Art::Lock,
        Art::HockeyStick,
        Art::Puck,
        Art::Tombstone,
        Art::Horse,
        Art::Gold,
        Art::House,
        Art::Heart,
        Art::Shield,
        Art::Stopwatch,
        Art::Jam,
    ];

    /// The picture alone on white, 100 pixels square.
    fn alone(art: Art, mirror: bool) -> Pixels {
        let mut img = Pixels::new(100, 100, [255; 4]);
        draw_art(&mut img, art, (50.0, 50.0), 96.0, mirror);
        img
    }

    fn inked(img: &Pixels) -> usize {
        (0..img.height)
            .flat_map(|y| (0..img.width).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get(x, y) != [255; 4])
            .count()
    }

    #[test]
    fn every_picture_is_drawn_inside_its_box_and_each_is_its_own() {
        let drawn: Vec<Pixels> = ALL.iter().map(|&a| alone(a, false)).collect();
        for (art, img) in ALL.iter().zip(&drawn) {
            // A real picture: a good part of its box, not all of it.
            let n = inked(img);
            assert!((800..8000).contains(&n), "{art:?}: {n} pixels inked");
            // Inside its box (2 pixels of margin each side).
            for i in 0..100 {
                for edge in [(i, 0), (i, 99), (0, i), (99, i)] {
                    assert_eq!(img.get(edge.0, edge.1), [255; 4], "{art:?} at {edge:?}");
                }
            }
        }
        for i in 0..ALL.len() {
            for j in i + 1..ALL.len() {
                assert_ne!(drawn[i], drawn[j], "{:?} and {:?}", ALL[i], ALL[j]);
            }
        }
        // Mirrored: the same ink, the other way round.
        let (r, l) = (alone(Art::Revolver, false), alone(Art::Revolver, true));
        assert_ne!(r, l);
        assert!(inked(&r).abs_diff(inked(&l)) < 40);
    }

    #[test]
    fn each_style_frames_its_faces_and_patterns_its_backs_differently() {
        let styles = [
            CardStyle::Rink,
            CardStyle::Poster,
            CardStyle::Saloon,
            CardStyle::Ticket,
        ];
        let faces: Vec<Pixels> = styles
            .iter()
            .map(|&s| {
                let mut img = Pixels::new(250, 350, [240, 230, 210, 255]);
                face_frame(&mut img, s, [120, 40, 30, 255], [40, 28, 20, 255]);
                img
            })
            .collect();
        let backs: Vec<Pixels> = styles
            .iter()
            .map(|&s| {
                let mut img = Pixels::new(250, 350, [110, 40, 30, 255]);
                back_pattern(&mut img, s, [110, 40, 30, 255], [240, 215, 160, 255]);
                img
            })
            .collect();
        for i in 0..4 {
            // The middle of a face stays clear for its words and picture.
            assert_eq!(
                faces[i].get(125, 200),
                [240, 230, 210, 255],
                "{:?}",
                styles[i]
            );
            for j in i + 1..4 {
                assert_ne!(faces[i], faces[j]);
                assert_ne!(backs[i], backs[j]);
            }
        }
    }
}
