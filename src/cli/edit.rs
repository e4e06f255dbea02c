//! `edit FILE`: the town editor in the window, on a town or scenario file
//! (a new town, written in the documented layout, when the file is not
//! there yet).

use std::process::ExitCode;

use highnoon::window::Start;

use super::play::{PlayArgs, open_window};

/// `edit FILE`.
#[derive(clap::Args, Debug)]
pub struct EditCli {
    /// The town or scenario file (RON).
    file: std::path::PathBuf,
}

impl EditCli {
    pub fn run(self, options: &PlayArgs) -> ExitCode {
        if !self.file.exists() {
            let name = self.file.file_stem().map_or("New Town".to_string(), |s| {
                s.to_string_lossy().replace('_', " ")
            });
            let mut town = highnoon::editor::EditTown::new_town(&self.file, &name);
            if let Err(e) = town.save() {
                eprintln!("cannot make {}: {e}", self.file.display());
                return ExitCode::from(2);
            }
            println!("made {} (a new town)", self.file.display());
        }
        open_window(options, Start::Edit { file: self.file })
    }
}
