//! How to play: a page a game — the aim, a turn, the controls and the rules
//! that matter, in our own words ([`pages`]) — with the game's picture,
//! opened from the menu (for the game chosen) and from a table's Esc menu
//! (for the game on it).

pub mod pages;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::keys::Bindings;
use crate::window::shell::pictures::{Pictures, show_picture};
use crate::window::shell::style::{self, GOLD};

pub use pages::PAGES;

/// One game's page.
pub struct Page {
    /// The game's key, and its picture's name (`assets/menu/KEY.png`).
    pub key: &'static str,
    pub title: &'static str,
    pub sections: &'static [Section],
}

/// A part of a page: a heading and its paragraphs.
pub struct Section {
    pub title: &'static str,
    pub lines: &'static [&'static str],
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HowToPlay>();
}

/// Whether the pages are open, and on which.
#[derive(Resource, Default)]
pub struct HowToPlay {
    pub open: bool,
    pub page: usize,
}

impl HowToPlay {
    /// Opens the page of the game `key` (the first page if none has it).
    pub fn open_at(&mut self, key: &str) {
        self.open = true;
        self.page = PAGES.iter().position(|p| p.key == key).unwrap_or(0);
    }
}

/// A section's lines as shown: each `{Action}` as the keys bound to it.
pub fn page_lines(section: &Section, bindings: &Bindings) -> Vec<String> {
    section.lines.iter().map(|l| bindings.fill(l)).collect()
}

/// Draws the open page (from the menu's and the tables' pass).
pub fn show_how_to_play(
    contexts: &mut EguiContexts,
    how: &mut HowToPlay,
    pictures: &mut Pictures,
    images: &mut Assets<Image>,
    bindings: &Bindings,
) -> Result {
    if !how.open {
        return Ok(());
    }
    let page = &PAGES[how.page.min(PAGES.len() - 1)];
    let picture = pictures.get(page.key, images, contexts);
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(
        egui::RichText::new("How to play")
            .font(style::display(20.0))
            .color(GOLD),
    )
    .id(egui::Id::new("how to play"))
    // Above the menu's own window, whichever was clicked last.
    .order(egui::Order::Foreground)
    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
    .collapsible(false)
    .resizable(false)
    .fixed_size([760.0, 520.0])
    .open(&mut open)
    .show(ctx, |ui| {
        ui.horizontal(|ui| {
            for (i, p) in PAGES.iter().enumerate() {
                ui.selectable_value(&mut how.page, i, p.title);
            }
        });
        ui.separator();
        ui.columns(2, |cols| {
            show_picture(&mut cols[0], picture, 340.0, page.title);
            cols[0].add_space(6.0);
            egui::ScrollArea::vertical()
                .id_salt("how to play text")
                .show(&mut cols[1], |ui| {
                    ui.label(
                        egui::RichText::new(page.title)
                            .font(style::display(22.0))
                            .color(GOLD),
                    );
                    for section in page.sections {
                        ui.add_space(6.0);
                        ui.label(egui::RichText::new(section.title).strong().size(16.0));
                        for line in page_lines(section, bindings) {
                            ui.label(line);
                        }
                    }
                });
        });
    });
    if !open {
        how.open = false;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key rebound in the settings file is the key How to play names.
    #[test]
    fn how_to_play_names_the_keys_in_force() {
        let flick = PAGES.iter().find(|p| p.key == "flick").unwrap();
        let controls = flick
            .sections
            .iter()
            .find(|s| s.title == "Controls")
            .unwrap();
        let shown = |b: &Bindings| page_lines(controls, b).join("\n");
        let default = shown(&Bindings::default());
        assert!(default.contains("• H (or Hint"), "{default}");
        assert!(!default.contains('{'), "every mark filled: {default}");
        let settings = crate::settings::Settings::parse(
            std::path::Path::new("settings.ron"),
            "(keys: { Hint: [\"G\"], SpinLeft: [\"Z\"] })",
        )
        .unwrap();
        let rebound = shown(&settings.bindings());
        assert!(rebound.contains("• G (or Hint"), "{rebound}");
        assert!(rebound.contains("Hold Z or D"), "{rebound}");
        assert!(!rebound.contains("• H (or Hint"), "{rebound}");
        for page in PAGES {
            for section in page.sections {
                for line in page_lines(section, &Bindings::default()) {
                    assert!(!line.contains('{'), "{}: {line}", page.title);
                }
            }
        }
    }

    #[test]
    fn every_game_has_a_page_with_the_four_parts_and_a_picture() {
        use crate::window::shell::pictures::{picture_path, read_picture};
        let keys = ["flick", "slapshot", "tabletown", "slap45", "gunfighter"];
        assert_eq!(PAGES.len(), keys.len());
        for (page, key) in PAGES.iter().zip(keys) {
            assert_eq!(page.key, key);
            read_picture(&picture_path(key)).unwrap_or_else(|e| panic!("{e}"));
            let titles: Vec<&str> = page.sections.iter().map(|s| s.title).collect();
            assert_eq!(
                titles,
                ["The aim", "A turn", "Controls", "Rules that matter"],
                "{}",
                page.title
            );
            for s in page.sections {
                assert!(!s.lines.is_empty(), "{}: {}", page.title, s.title);
                for line in s.lines {
                    assert!(
                        line.len() > 10 && line.len() < 300,
                        "{}: {line}",
                        page.title
                    );
                }
            }
        }
    }
}
