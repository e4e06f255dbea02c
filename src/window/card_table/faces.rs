//! Card faces and backs painted on the CPU when a table opens, from the games'
//! RON card data ([`FaceSpec`]): the game's frame ([`CardStyle`]), a title
//! band, a picture drawn as vector shapes ([`super::art`]) or a big value
//! and icons, short lines of text, rasterised with swash from the fonts egui ships (Ubuntu for text, Noto
//! Emoji for icons) by the shell's painter. Pure pixels: tested without a
//! window or a GPU.

use super::art;
pub use crate::cards::view::{Art, BackSpec, CardStyle, FaceSpec, Rgba};
pub use crate::window::shell::paint::{Painter, Pixels};

/// Pixels of a face texture: 5:7 like a poker card (63 × 88 mm).
pub const FACE_W: u32 = 250;
pub const FACE_H: u32 = 350;

impl Painter {
    /// Paints a whole card face, framed in its game's `style`.
    pub fn face(&mut self, spec: &FaceSpec, style: CardStyle) -> Pixels {
        let w = FACE_W as i32;
        let mut img = Pixels::new(FACE_W, FACE_H, spec.paper);
        let ink: Rgba = [40, 28, 20, 255];
        art::face_frame(&mut img, style, spec.band, ink);
        let band_top = if style == CardStyle::Rink { 16 } else { 14 };
        img.fill_rect(14, band_top, w - 14, 74, spec.band);
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
        match spec.art.split_first() {
            Some((&first, rest)) => self.picture(&mut img, spec, first, rest, ink),
            None => self.big_words(&mut img, spec, ink),
        }
        let mut y = 256.0;
        for line in &spec.lines {
            self.centred(&mut img, line, cx, y, 23.0, w as f32 - 34.0, ink, true);
            y += 28.0;
        }
        img
    }

    /// The middle of a face with no picture: the big text and its icons.
    fn big_words(&mut self, img: &mut Pixels, spec: &FaceSpec, ink: Rgba) {
        let cx = FACE_W as f32 / 2.0;
        let big_y = 196.0;
        if spec.icons.is_empty() {
            self.centred(
                img,
                &spec.big,
                cx,
                big_y,
                76.0,
                FACE_W as f32 - 30.0,
                ink,
                true,
            );
        } else {
            let bw = self.measure(&spec.big, 70.0);
            let iw = self.measure(&spec.icons, 48.0);
            let left = cx - (bw + 10.0 + iw) / 2.0;
            let end = self.draw(img, &spec.big, left, big_y, 70.0, ink, true);
            self.draw(
                img,
                &spec.icons,
                end + 10.0,
                big_y - 8.0,
                48.0,
                spec.band,
                false,
            );
        }
    }

    /// The middle of a face with pictures: the first large (the big text
    /// beside it, or on it for a tombstone), two of the same facing each
    /// other, the others small in a row under it.
    fn picture(&mut self, img: &mut Pixels, spec: &FaceSpec, first: Art, rest: &[Art], ink: Rgba) {
        let cx = FACE_W as f32 / 2.0;
        let pair = rest == [first];
        let extras: &[Art] = if pair { &[] } else { rest };
        let (y, size) = if extras.is_empty() {
            (178.0, 118.0)
        } else {
            (166.0, 100.0)
        };
        if pair {
            art::draw_art(img, first, (cx - 50.0, y), 92.0, false);
            art::draw_art(img, first, (cx + 50.0, y), 92.0, true);
        } else if spec.big.is_empty() || first == Art::Tombstone {
            art::draw_art(img, first, (cx, y), size, false);
        } else {
            art::draw_art(img, first, (cx + 36.0, y), size, false);
        }
        if !spec.big.is_empty() {
            if first == Art::Tombstone {
                self.centred(img, &spec.big, cx, y + 14.0, 34.0, size * 0.8, ink, true);
            } else if pair {
                self.centred(img, &spec.big, cx, y + 64.0, 40.0, 120.0, ink, true);
            } else {
                let size = if spec.big.chars().count() > 2 {
                    52.0
                } else {
                    68.0
                };
                self.centred(img, &spec.big, 58.0, y + 24.0, size, 90.0, ink, true);
            }
        }
        let step = 44.0;
        let left = cx - step * (extras.len() as f32 - 1.0) / 2.0;
        for (i, &a) in extras.iter().enumerate() {
            art::draw_art(img, a, (left + step * i as f32, y + 66.0), 38.0, false);
        }
    }

    /// Paints a card back in its game's style.
    pub fn back(&mut self, spec: &BackSpec) -> Pixels {
        let (w, h) = (FACE_W as i32, FACE_H as i32);
        let mut img = Pixels::new(FACE_W, FACE_H, spec.colour);
        img.frame(10, 10, w - 10, h - 10, 5, spec.ink);
        img.frame(22, 22, w - 22, h - 22, 2, spec.ink);
        art::back_pattern(&mut img, spec.style, spec.colour, spec.ink);
        img.fill_rect(30, h / 2 - 30, w - 30, h / 2 + 24, spec.colour);
        img.fill_rect(30, h / 2 - 32, w - 30, h / 2 - 30, spec.ink);
        img.fill_rect(30, h / 2 + 24, w - 30, h / 2 + 26, spec.ink);
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
            .flat_map(|y| (20..img.width - 20).map(move |x| (x, y)))
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
            art: Vec::new(),
        };
        let mut painter = Painter::new();
        let img = painter.face(&spec, CardStyle::Poster);
        assert_eq!((img.width, img.height), (FACE_W, FACE_H));
        // Ink under the subtitle, in the value's band and on the text line.
        assert!(inked(&img, 82, 110, paper) > 200, "subtitle");
        assert!(inked(&img, 130, 200, paper) > 600, "value");
        assert!(inked(&img, 238, 262, paper) > 200, "line");
        // No text at all: the same bands stay paper.
        let blank = painter.face(
            &FaceSpec {
                title: String::new(),
                subtitle: String::new(),
                big: String::new(),
                icons: String::new(),
                lines: vec![],
                ..spec.clone()
            },
            CardStyle::Poster,
        );
        assert_eq!(inked(&blank, 82, 110, paper), 0);
        assert_eq!(inked(&blank, 238, 262, paper), 0);
        // Different names, different faces.
        let other = painter.face(
            &FaceSpec {
                title: "Le Goon".into(),
                ..spec.clone()
            },
            CardStyle::Poster,
        );
        assert_ne!(other, img);
    }

    #[test]
    fn a_picture_fills_the_middle_of_its_face_in_every_style() {
        let paper = [245, 236, 215, 255];
        let spec = FaceSpec {
            title: "Revolver".into(),
            subtitle: "Weapon".into(),
            big: "5+".into(),
            icons: String::new(),
            lines: vec!["Hits on 5 or 6".into()],
            band: [70, 70, 80, 255],
            paper,
            art: vec![Art::Revolver],
        };
        let mut painter = Painter::new();
        let styles = [
            CardStyle::Rink,
            CardStyle::Poster,
            CardStyle::Saloon,
            CardStyle::Ticket,
        ];
        let faces: Vec<Pixels> = styles.iter().map(|&s| painter.face(&spec, s)).collect();
        for (style, img) in styles.iter().zip(&faces) {
            // The gun and its number between the subtitle and the lines.
            assert!(inked(img, 120, 232, paper) > 2500, "{style:?}");
            // The line of text still below it.
            assert!(inked(img, 238, 262, paper) > 200, "{style:?}");
        }
        assert_ne!(faces[0], faces[1]);
        assert_ne!(faces[2], faces[3]);
        // No picture: only the number in the middle.
        let plain = painter.face(
            &FaceSpec {
                art: Vec::new(),
                ..spec.clone()
            },
            CardStyle::Poster,
        );
        assert!(inked(&plain, 120, 232, paper) < inked(&faces[1], 120, 232, paper));
        // Every game's back differs from every other's.
        let backs: Vec<Pixels> = styles
            .iter()
            .map(|&style| {
                painter.back(&BackSpec {
                    word: "HIGHNOON".into(),
                    colour: [110, 40, 30, 255],
                    ink: [240, 215, 160, 255],
                    style,
                })
            })
            .collect();
        for i in 0..4 {
            for j in i + 1..4 {
                assert_ne!(backs[i], backs[j]);
            }
        }
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
