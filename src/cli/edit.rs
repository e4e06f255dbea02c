//! `edit FILE`: the town editor in the window, on a town or scenario file
//! (a new town, written in the documented layout, when the file is not
//! there yet). A bare name (`edit "Dry Gulch"`) is a town in the player's
//! towns folder.

use std::process::ExitCode;

use highnoon::window::Start;

use super::play::{DataArgs, PlayArgs, WindowArgs, open_window};

/// `edit FILE`.
#[derive(clap::Args, Debug)]
pub struct EditCli {
    /// The town or scenario file (RON), or a bare name: a town in your towns
    /// folder (made when it is not there yet).
    file: String,
    #[command(flatten)]
    window: WindowArgs,
}

impl EditCli {
    pub fn run(self, data: &DataArgs) -> ExitCode {
        let options = &PlayArgs::new(data, &self.window);
        let file = match highnoon::scenario::yours::towns_dir() {
            Some(towns) => highnoon::scenario::yours::file_for(&self.file, &towns),
            None => std::path::PathBuf::from(&self.file),
        };
        if !file.exists() {
            let name = file.file_stem().map_or("New Town".to_string(), |s| {
                s.to_string_lossy().replace('_', " ")
            });
            let mut town = highnoon::editor::EditTown::new_town(&file, &name);
            if let Err(e) = town.save() {
                eprintln!("cannot make {}: {e}", file.display());
                return ExitCode::from(2);
            }
            println!("made {} (a new town)", file.display());
        }
        open_window(options, Start::Edit { file })
    }
}
