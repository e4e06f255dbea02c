//! The scenario files a command plays, shared by `flick arena` and
//! `flick balance`.

use std::path::PathBuf;

use highnoon::scenario;

/// The scenarios a command plays: `--scenario FILE`, or every file in
/// scenarios/ for `all` or none (towns without a `game` are skipped later).
pub(super) fn scenario_files(scenario: Option<PathBuf>) -> Vec<PathBuf> {
    match scenario.filter(|s| s.as_os_str() != "all") {
        Some(file) => vec![file],
        None => scenario::ron_files(&scenario::data_root().join("scenarios")).unwrap_or_default(),
    }
}
