//! Card faces and backs painted on the CPU when a table opens, from the games'
//! RON card data ([`FaceSpec`]): a frame, a title band, a big value, short lines of text and icons,
//! rasterised with swash from the fonts egui ships (Ubuntu for text, Noto
//! Emoji for icons). Pure pixels: tested without a window or a GPU.

use swash::scale::{Render, ScaleContext, Source};
use swash::zeno::{Format, Vector};
use swash::{FontRef, GlyphId};

pub use crate::cards::view::{BackSpec, FaceSpec, Rgba};

/// Pixels of a face texture: 5:7 like a poker card (63 × 88 mm).
pub const FACE_W: u32 = 250;
pub const FACE_H: u32 = 350;

/// An RGBA image, row-major, top row first.
#[derive(Clone, Debug, PartialEq)]
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Pixels {
    pub fn new(width: u32, height: u32, fill: Rgba) -> Self {
        let mut data = Vec::with_capacity((width * height * 4) as usize);
        for _ in 0..width * height {
            data.extend_from_slice(&fill);
        }
        Pixels {
            width,
            height,
            data,
        }
    }

    pub fn get(&self, x: u32, y: u32) -> Rgba {
        let i = ((y * self.width + x) * 4) as usize;
        [
            self.data[i],
            self.data[i + 1],
            self.data[i + 2],
            self.data[i + 3],
        ]
    }

    /// Blends `colour` over the pixel with coverage `alpha` (0–255).
    fn blend(&mut self, x: i32, y: i32, colour: Rgba, alpha: u8) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 || alpha == 0 {
            return;
        }
        let i = ((y as u32 * self.width + x as u32) * 4) as usize;
        let a = alpha as u32 * colour[3] as u32 / 255;
        for c in 0..3 {
            let old = self.data[i + c] as u32;
            self.data[i + c] = ((colour[c] as u32 * a + old * (255 - a)) / 255) as u8;
        }
        self.data[i + 3] = 255;
    }

    pub fn fill_rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, colour: Rgba) {
        for y in y0.max(0)..y1.min(self.height as i32) {
            for x in x0.max(0)..x1.min(self.width as i32) {
                self.blend(x, y, colour, 255);
            }
        }
    }

    /// A rectangle outline `w` pixels wide.
    pub fn frame(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, w: i32, colour: Rgba) {
        self.fill_rect(x0, y0, x1, y0 + w, colour);
        self.fill_rect(x0, y1 - w, x1, y1, colour);
        self.fill_rect(x0, y0, x0 + w, y1, colour);
        self.fill_rect(x1 - w, y0, x1, y1, colour);
    }
}

/// Text drawing with swash: a scale context and the two fonts.
pub struct Painter {
    context: ScaleContext,
    /// Tried in order for each character: text, emoji, egui's icons, Hack.
    fonts: [FontRef<'static>; 4],
}

impl Default for Painter {
    fn default() -> Self {
        Self::new()
    }
}

impl Painter {
    pub fn new() -> Self {
        let font = |data: &'static [u8]| FontRef::from_index(data, 0).expect("a font egui ships");
        Painter {
            context: ScaleContext::new(),
            fonts: [
                font(epaint_default_fonts::UBUNTU_LIGHT),
                font(epaint_default_fonts::NOTO_EMOJI_REGULAR),
                font(epaint_default_fonts::EMOJI_ICON),
                font(epaint_default_fonts::HACK_REGULAR),
            ],
        }
    }

    /// The first font that has `ch`, and its glyph (the text font's blank if none).
    pub fn glyph(&self, ch: char) -> (FontRef<'static>, GlyphId) {
        self.fonts
            .iter()
            .map(|f| (*f, f.charmap().map(ch)))
            .find(|(_, g)| *g != 0)
            .unwrap_or((self.fonts[0], 0))
    }

    /// Width in pixels of `text` at `size`.
    pub fn measure(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|ch| {
                let (font, g) = self.glyph(ch);
                font.glyph_metrics(&[]).scale(size).advance_width(g)
            })
            .sum()
    }

    /// Draws `text` with its baseline at `y`, starting at `x`; `bold` thickens
    /// the strokes. Returns the pen's end.
    pub fn draw(
        &mut self,
        img: &mut Pixels,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        colour: Rgba,
        bold: bool,
    ) -> f32 {
        let mut pen = x;
        for ch in text.chars() {
            let (font, g) = self.glyph(ch);
            let mut scaler = self.context.builder(font).size(size).hint(true).build();
            let mut render = Render::new(&[Source::Outline]);
            render
                .format(Format::Alpha)
                .offset(Vector::new(pen.fract(), 0.0));
            if bold {
                render.embolden(size / 28.0);
            }
            if let Some(glyph) = render.render(&mut scaler, g) {
                let p = glyph.placement;
                for row in 0..p.height {
                    for col in 0..p.width {
                        let a = glyph.data[(row * p.width + col) as usize];
                        img.blend(
                            pen.floor() as i32 + p.left + col as i32,
                            y as i32 - p.top + row as i32,
                            colour,
                            a,
                        );
                    }
                }
            }
            pen += font.glyph_metrics(&[]).scale(size).advance_width(g);
        }
        pen
    }

    /// Draws `text` centred on `cx`, shrunk to fit `max_width`.
    pub fn centred(
        &mut self,
        img: &mut Pixels,
        text: &str,
        cx: f32,
        y: f32,
        size: f32,
        max_width: f32,
        colour: Rgba,
        bold: bool,
    ) {
        let w = self.measure(text, size);
        let size = if w > max_width {
            size * max_width / w
        } else {
            size
        };
        let w = self.measure(text, size);
        self.draw(img, text, cx - w / 2.0, y, size, colour, bold);
    }

    /// Paints a whole card face.
    pub fn face(&mut self, spec: &FaceSpec) -> Pixels {
        let (w, h) = (FACE_W as i32, FACE_H as i32);
        let mut img = Pixels::new(FACE_W, FACE_H, spec.paper);
        let ink: Rgba = [40, 28, 20, 255];
        img.frame(6, 6, w - 6, h - 6, 4, spec.band);
        img.fill_rect(12, 14, w - 12, 74, spec.band);
        let cx = w as f32 / 2.0;
        let white: Rgba = [255, 250, 240, 255];
        self.centred(
            &mut img,
            &spec.title,
            cx,
            52.0,
            30.0,
            w as f32 - 36.0,
            white,
            true,
        );
        self.centred(
            &mut img,
            &spec.subtitle,
            cx,
            104.0,
            24.0,
            w as f32 - 30.0,
            ink,
            true,
        );
        let big_y = 196.0;
        if spec.icons.is_empty() {
            self.centred(
                &mut img,
                &spec.big,
                cx,
                big_y,
                76.0,
                w as f32 - 30.0,
                ink,
                true,
            );
        } else {
            let bw = self.measure(&spec.big, 70.0);
            let iw = self.measure(&spec.icons, 48.0);
            let left = cx - (bw + 10.0 + iw) / 2.0;
            let end = self.draw(&mut img, &spec.big, left, big_y, 70.0, ink, true);
            self.draw(
                &mut img,
                &spec.icons,
                end + 10.0,
                big_y - 8.0,
                48.0,
                spec.band,
                false,
            );
        }
        let mut y = 246.0;
        for line in &spec.lines {
            self.centred(&mut img, line, cx, y, 23.0, w as f32 - 30.0, ink, true);
            y += 30.0;
        }
        img
    }

    /// Paints a card back.
    pub fn back(&mut self, spec: &BackSpec) -> Pixels {
        let (w, h) = (FACE_W as i32, FACE_H as i32);
        let mut img = Pixels::new(FACE_W, FACE_H, spec.colour);
        img.frame(10, 10, w - 10, h - 10, 5, spec.ink);
        img.frame(22, 22, w - 22, h - 22, 2, spec.ink);
        // A diamond lattice.
        for y in 30..h - 30 {
            for x in 30..w - 30 {
                if (x + y) % 24 == 0 || (x - y).rem_euclid(24) == 0 {
                    img.blend(x, y, spec.ink, 110);
                }
            }
        }
        img.fill_rect(30, h / 2 - 34, w - 30, h / 2 + 26, spec.colour);
        self.centred(
            &mut img,
            &spec.word,
            w as f32 / 2.0,
            h as f32 / 2.0 + 12.0,
            40.0,
            w as f32 - 70.0,
            spec.ink,
            true,
        );
        img
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inked(img: &Pixels, y0: u32, y1: u32, paper: Rgba) -> usize {
        (y0..y1)
            // Inside the frame: the text area only.
            .flat_map(|y| (14..img.width - 14).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = img.get(x, y);
                (0..3).any(|c| (p[c] as i32 - paper[c] as i32).abs() > 60)
            })
            .count()
    }

    #[test]
    fn a_face_shows_its_text_where_it_belongs() {
        let paper = [245, 236, 215, 255];
        let spec = FaceSpec {
            title: "Tiny Tim".into(),
            subtitle: "Defenseman".into(),
            big: "½".into(),
            icons: "⭐".into(),
            lines: vec!["scores on goalies".into()],
            band: [120, 40, 30, 255],
            paper,
        };
        let mut painter = Painter::new();
        let img = painter.face(&spec);
        assert_eq!((img.width, img.height), (FACE_W, FACE_H));
        // Ink under the subtitle, in the value's band and on the text line.
        assert!(inked(&img, 82, 110, paper) > 200, "subtitle");
        assert!(inked(&img, 130, 200, paper) > 600, "value");
        assert!(inked(&img, 226, 252, paper) > 200, "line");
        // No text at all: the same bands stay paper.
        let blank = painter.face(&FaceSpec {
            title: String::new(),
            subtitle: String::new(),
            big: String::new(),
            icons: String::new(),
            lines: vec![],
            ..spec.clone()
        });
        assert_eq!(inked(&blank, 82, 110, paper), 0);
        assert_eq!(inked(&blank, 226, 252, paper), 0);
        // Different names, different faces.
        let other = painter.face(&FaceSpec {
            title: "Le Goon".into(),
            ..spec
        });
        assert_ne!(other, img);
    }

    #[test]
    fn every_character_on_the_cards_has_a_glyph() {
        let painter = Painter::new();
        // The icons and symbols the games put on their faces.
        for ch in "½•■★☆👊⭐🔒🔫💣🐎🏃✋🎲".chars() {
            assert_ne!(painter.glyph(ch).1, 0, "no glyph for {ch}");
        }
    }

    #[test]
    fn long_titles_are_shrunk_to_fit() {
        let mut painter = Painter::new();
        let w = painter.measure("Chairman of the Boards", 30.0);
        assert!(
            w > FACE_W as f32 - 36.0,
            "long enough to need shrinking: {w}"
        );
        let mut img = Pixels::new(FACE_W, 60, [0, 0, 0, 255]);
        painter.centred(
            &mut img,
            "Chairman of the Boards",
            125.0,
            40.0,
            30.0,
            214.0,
            [255; 4],
            false,
        );
        // The edges of the card stay clear.
        for y in 0..60 {
            assert_eq!(img.get(2, y)[0], 0);
            assert_eq!(img.get(FACE_W - 3, y)[0], 0);
        }
    }
}
