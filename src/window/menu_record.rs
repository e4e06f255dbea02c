//! The record of your games as the menu shows it under a game's setup: the
//! wins and losses at each bot level (counted games only), the next level
//! once one is beaten three times running, a record that did not read (set
//! aside, its place named, in red), and the choice of a practice game. Read
//! when the menu opens (and so after each game), never each frame.

use bevy_egui::egui;

use crate::record::{Record, RecordFile};
use crate::window::shell::style::{GOLD, PROBLEM};

/// The record as the menu read it when it opened.
#[derive(Debug, Clone, Default)]
pub struct RecordView {
    /// `None` where the program keeps no record (a scripted run, a test).
    pub record: Option<Record>,
    /// Why the record could not be read (it was set aside).
    pub problem: Option<String>,
}

impl RecordView {
    /// Reads the record `file` names (one that does not read is set aside
    /// and a new one started: see [`Record::load`]).
    pub fn read(file: Option<&RecordFile>) -> RecordView {
        match file.and_then(|f| f.0.as_deref()) {
            Some(path) => {
                let (record, problem) = Record::load(path);
                if let Some(p) = &problem {
                    bevy::log::warn!("{p}");
                }
                RecordView {
                    record: Some(record),
                    problem,
                }
            }
            None => RecordView::default(),
        }
    }
}

/// Under a game's setup: your games of `game` (`flick`, or a card game's
/// key) at each level, and the level to try next.
pub fn show_record(ui: &mut egui::Ui, view: &RecordView, game: &str) {
    let Some(record) = &view.record else {
        return;
    };
    ui.add_space(6.0);
    if let Some(problem) = &view.problem {
        for line in problem.lines() {
            ui.colored_label(PROBLEM, egui::RichText::new(line).monospace());
        }
    }
    ui.label(record.summary(game))
        .on_hover_text("Counted games won–lost against each level of bot");
    if let Some(advice) = record.advice(game) {
        ui.label(egui::RichText::new(advice).color(GOLD));
    }
}

/// The practice choice: a practice game is kept in the record but not
/// counted (shown only where a record is kept).
pub fn practice_box(ui: &mut egui::Ui, view: &RecordView, practice: &mut bool) {
    if view.record.is_some() {
        ui.checkbox(practice, "Practice game (not counted in your record)");
    }
}
