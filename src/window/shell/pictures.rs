//! Pictures for the panels (the menu's picture of each game): PNG files in
//! `assets/menu/`, read when first shown and handed to egui. A missing or
//! unreadable file is said once in the log, with its path; the panel shows
//! a plain block instead. The game opens whatever happens.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

/// The file of the picture `name`.
pub fn picture_path(name: &str) -> PathBuf {
    crate::scenario::data_root()
        .join("assets")
        .join("menu")
        .join(format!("{name}.png"))
}

/// Reads a PNG file into an image; the error names the file.
pub fn read_picture(path: &Path) -> Result<Image, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        RenderAssetUsages::RENDER_WORLD,
    )
    .map_err(|e| format!("{}: {e}", path.display()))
}

/// The pictures read so far: egui's texture and the picture's size, or
/// `None` for a file that did not read (said once).
#[derive(Resource, Default)]
pub struct Pictures {
    read: HashMap<String, Option<(egui::TextureId, egui::Vec2)>>,
}

impl Pictures {
    /// The picture `name`, read the first time it is asked for.
    pub fn get(
        &mut self,
        name: &str,
        images: &mut Assets<Image>,
        contexts: &mut EguiContexts,
    ) -> Option<(egui::TextureId, egui::Vec2)> {
        *self.read.entry(name.to_string()).or_insert_with(|| {
            match read_picture(&picture_path(name)) {
                Ok(image) => {
                    let size = egui::vec2(image.width() as f32, image.height() as f32);
                    let handle = images.add(image);
                    Some((contexts.add_image(EguiTextureHandle::Strong(handle)), size))
                }
                Err(e) => {
                    warn!("a picture for the menu did not read, a plain block shows instead: {e}");
                    None
                }
            }
        })
    }
}

/// Shows a picture `width` wide, or a plain block of the same shape with
/// `name` on it where the picture did not read.
pub fn show_picture(
    ui: &mut egui::Ui,
    picture: Option<(egui::TextureId, egui::Vec2)>,
    width: f32,
    name: &str,
) {
    match picture {
        Some((texture, size)) => {
            let height = width * size.y / size.x.max(1.0);
            ui.add(egui::Image::new(egui::load::SizedTexture::new(
                texture,
                egui::vec2(width, height),
            )));
        }
        None => {
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2(width, width * 0.625), egui::Sense::hover());
            ui.painter()
                .rect_filled(rect, 4.0, egui::Color32::from_rgb(60, 92, 62));
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                name,
                super::style::display(22.0),
                super::style::GOLD,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_broken_picture_is_named() {
        let missing = read_picture(Path::new("/nowhere/flick.png")).unwrap_err();
        assert!(missing.contains("/nowhere/flick.png"), "{missing}");
        let junk = std::env::temp_dir().join("highnoon-not-a-picture.png");
        std::fs::write(&junk, "not a picture").unwrap();
        let broken = read_picture(&junk).unwrap_err();
        assert!(broken.contains("highnoon-not-a-picture.png"), "{broken}");
    }
}
