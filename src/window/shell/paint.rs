//! Pixels painted on the CPU, with text rasterised by swash from the fonts
//! egui ships (Ubuntu for text, Noto Emoji for icons): card faces, the
//! town's printed cardboard, the procedural textures. Pure pixels: tested
//! without a window or a GPU.

use swash::scale::{Render, ScaleContext, Source};
use swash::zeno::{Format, Vector};
use swash::{FontRef, GlyphId};

/// An RGBA colour, 0–255 a channel.
pub type Rgba = [u8; 4];

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
    pub fn blend(&mut self, x: i32, y: i32, colour: Rgba, alpha: u8) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 || alpha == 0 {
            return;
        }
        let i = ((y as u32 * self.width + x as u32) * 4) as usize;
        let a = alpha as u32 * colour[3] as u32 / 255;
        for (pixel, &channel) in self.data[i..i + 3].iter_mut().zip(&colour[..3]) {
            *pixel = ((channel as u32 * a + *pixel as u32 * (255 - a)) / 255) as u8;
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
    #[expect(
        clippy::too_many_arguments,
        reason = "a stroke of text: where, how big, what colour, how heavy"
    )]
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
    #[expect(
        clippy::too_many_arguments,
        reason = "a stroke of text: where, how big, what colour, how heavy"
    )]
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
}
