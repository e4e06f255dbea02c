//! The panels' style: the game's colours (dark leather and wood, cream
//! ink, brass gold) for the menu and every panel, and the display font for
//! titles — Rye (SIL Open Font License, `assets/fonts/Rye-OFL.txt`). A
//! missing or unreadable font file is said once in the log, with its path,
//! and titles fall back to egui's own font: the game opens whatever happens.
//! [`style_new_contexts`] is ordered before egui's pass by `window/mod.rs`.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};

/// Titles and what matters most.
pub const GOLD: egui::Color32 = egui::Color32::from_rgb(240, 200, 120);
/// The text.
pub const INK: egui::Color32 = egui::Color32::from_rgb(236, 224, 202);
/// A problem, a refusal.
pub const PROBLEM: egui::Color32 = egui::Color32::from_rgb(255, 130, 110);
/// Something that went well (a reload, a good flick).
pub const GOOD: egui::Color32 = egui::Color32::from_rgb(170, 230, 140);

const LEATHER: egui::Color32 = egui::Color32::from_rgb(34, 24, 18);
const SADDLE: egui::Color32 = egui::Color32::from_rgb(48, 34, 25);
const BRASS: egui::Color32 = egui::Color32::from_rgb(150, 112, 62);

/// The family of the display font.
fn display_family() -> egui::FontFamily {
    egui::FontFamily::Name("display".into())
}

/// The display font at `size` points (titles, headings, big words). Every
/// egui context has the family from its first pass ([`style_new_contexts`]).
pub fn display(size: f32) -> egui::FontId {
    egui::FontId::new(size, display_family())
}

/// The file of the display font.
pub fn display_font_path() -> PathBuf {
    crate::scenario::data_root()
        .join("assets")
        .join("fonts")
        .join("Rye-Regular.ttf")
}

/// The dock's column.
pub fn dock_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(LEATHER)
        .inner_margin(egui::Margin::symmetric(8, 8))
        .stroke(egui::Stroke::new(2.0, BRASS.gamma_multiply(0.6)))
}

/// One section in the dock.
pub fn section_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(SADDLE)
        .inner_margin(egui::Margin::symmetric(8, 6))
        .corner_radius(4)
        .stroke(egui::Stroke::new(1.0, BRASS.gamma_multiply(0.5)))
}

/// The fonts: egui's own, and the display family with the display font
/// first where its file reads (egui's fonts after it, for the glyphs it
/// lacks). The error names the file.
pub fn fonts(display_font: &Path) -> (egui::FontDefinitions, Option<String>) {
    let mut fonts = egui::FontDefinitions::default();
    let mut family: Vec<String> = fonts
        .families
        .get(&egui::FontFamily::Proportional)
        .cloned()
        .unwrap_or_default();
    let problem = match std::fs::read(display_font) {
        Ok(bytes)
            if bytes.len() > 12 && matches!(&bytes[..4], [0, 1, 0, 0] | b"OTTO" | b"true") =>
        {
            fonts.font_data.insert(
                "display".into(),
                std::sync::Arc::new(egui::FontData::from_owned(bytes)),
            );
            family.insert(0, "display".into());
            None
        }
        Ok(_) => Some(format!(
            "{}: not a TrueType or OpenType font; titles use the plain font",
            display_font.display()
        )),
        Err(e) => Some(format!(
            "{}: {e}; titles use the plain font",
            display_font.display()
        )),
    };
    fonts.families.insert(display_family(), family);
    (fonts, problem)
}

/// The game's look for egui's widgets.
pub fn visuals() -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    v.override_text_color = Some(INK);
    v.panel_fill = LEATHER;
    v.window_fill = SADDLE;
    v.extreme_bg_color = egui::Color32::from_rgb(24, 17, 13);
    v.faint_bg_color = egui::Color32::from_rgb(56, 40, 30);
    v.window_stroke = egui::Stroke::new(1.0, BRASS);
    v.window_corner_radius = egui::CornerRadius::same(6);
    v.hyperlink_color = GOLD;
    v.warn_fg_color = GOLD;
    v.error_fg_color = PROBLEM;
    v.selection.bg_fill = egui::Color32::from_rgb(130, 84, 40);
    v.selection.stroke = egui::Stroke::new(1.0, GOLD);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = SADDLE;
    w.noninteractive.bg_stroke = egui::Stroke::new(1.0, BRASS.gamma_multiply(0.5));
    w.inactive.bg_fill = egui::Color32::from_rgb(76, 54, 38);
    w.inactive.weak_bg_fill = egui::Color32::from_rgb(76, 54, 38);
    w.hovered.bg_fill = egui::Color32::from_rgb(104, 74, 48);
    w.hovered.weak_bg_fill = egui::Color32::from_rgb(104, 74, 48);
    w.hovered.bg_stroke = egui::Stroke::new(1.0, GOLD);
    w.active.bg_fill = egui::Color32::from_rgb(132, 92, 54);
    w.active.weak_bg_fill = egui::Color32::from_rgb(132, 92, 54);
    w.open.bg_fill = egui::Color32::from_rgb(90, 64, 44);
    w.open.weak_bg_fill = egui::Color32::from_rgb(90, 64, 44);
    v
}

/// Styles each new egui context before its first pass begins (fonts set
/// in a pass are there from the next one; egui panics on a family it lacks,
/// so the display family is bound before anything asks for it).
pub fn style_new_contexts(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut context in &mut contexts {
        let ctx = context.get_mut();
        let (fonts, problem) = fonts(&display_font_path());
        if let Some(problem) = problem {
            warn!("{problem}");
        }
        ctx.set_fonts(fonts);
        // A point stays a logical pixel: the dock, the view beside it and
        // the pointer agree (and + and - zoom the camera, not the panels).
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
        ctx.set_visuals_of(egui::Theme::Dark, visuals());
        ctx.set_visuals_of(egui::Theme::Light, visuals());
        ctx.all_styles_mut(|s| {
            s.spacing.item_spacing = egui::vec2(6.0, 4.0);
            s.spacing.button_padding = egui::vec2(7.0, 3.0);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_display_font_loads_and_a_missing_one_falls_back_by_name() {
        let (defs, problem) = fonts(&display_font_path());
        assert_eq!(problem, None);
        assert_eq!(defs.families[&display_family()][0], "display");
        // A font missing, or a file that is no font: the family still
        // exists (egui would panic on a title otherwise), the file is named.
        let missing = Path::new("/nowhere/Rye-Regular.ttf");
        let (defs, problem) = fonts(missing);
        let problem = problem.expect("a problem");
        assert!(problem.contains("/nowhere/Rye-Regular.ttf"), "{problem}");
        assert!(!defs.families[&display_family()].is_empty());
        assert!(!defs.font_data.contains_key("display"));
        let not_a_font = std::env::temp_dir().join("highnoon-not-a-font.ttf");
        std::fs::write(&not_a_font, "hello, this is not a font").unwrap();
        let (defs, problem) = fonts(&not_a_font);
        assert!(problem.expect("a problem").contains("not a TrueType"));
        assert!(!defs.font_data.contains_key("display"));
        // Every family egui is asked for draws text.
        let ctx = egui::Context::default();
        ctx.set_fonts(defs);
        let family = egui::FontId::new(20.0, display_family());
        for _ in 0..2 {
            let _ = ctx.run_ui(Default::default(), |ui| {
                ui.label(egui::RichText::new("Saloon ♥ ✝").font(family.clone()));
            });
        }
    }
}
