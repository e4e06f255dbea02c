//! Card faces and backs painted on the CPU when a table opens, from the games'
//! RON card data ([`FaceSpec`]): a frame, a title band, a big value, short lines of text and icons,
//! rasterised with swash from the fonts egui ships (Ubuntu for text, Noto
//! Emoji for icons) by the shell's painter. Pure pixels: tested without a
//! window or a GPU.

pub use crate::cards::view::{BackSpec, FaceSpec, Rgba};
pub use crate::window::shell::paint::{Painter, Pixels};

/// Pixels of a face texture: 5:7 like a poker card (63 × 88 mm).
pub const FACE_W: u32 = 250;
pub const FACE_H: u32 = 350;

impl Painter {
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
