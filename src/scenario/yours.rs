//! The player's own towns and scenarios: a folder of RON files in their data
//! folder (`towns/`), listed in the menu under a heading of their own beside
//! the shipped scenarios. A broken file there is listed with its
//! file:line:col problem, never hidden. A shipped town is never edited: the
//! editor gets a copy here.

use std::path::{Path, PathBuf};

use super::{PhysicsProfile, Town};

/// The player's towns folder; `None` on a system with no home folder.
pub fn towns_dir() -> Option<PathBuf> {
    crate::files::user(crate::files::Folders::towns)
}

/// One of the player's town files as the menu lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct YourTown {
    pub path: PathBuf,
    /// Its title and description, or why it does not load (file:line:col
    /// lines).
    pub read: Result<(String, String), String>,
    /// Whether it plays a game (a scenario), else a sandbox town.
    pub scenario: bool,
}

/// Every `.ron` file in `dir`, by name, read and checked against `profile`.
/// A folder that is not there lists nothing.
pub fn list(dir: &Path, profile: &PhysicsProfile) -> Vec<YourTown> {
    let files = super::ron_files(dir).unwrap_or_default();
    files
        .into_iter()
        .map(|path| match Town::load(&path, profile) {
            Ok(town) => YourTown {
                scenario: town.game.is_some(),
                read: Ok((
                    if town.game.is_some() {
                        town.name
                    } else {
                        format!("{} (sandbox)", town.name)
                    },
                    town.description,
                )),
                path,
            },
            Err(e) => YourTown {
                read: Err(e.to_string()),
                scenario: false,
                path,
            },
        })
        .collect()
}

/// The file a town name given on its own stands for (`highnoon edit NAME`,
/// the editor's *Save as*): `<towns>/NAME.ron`. A name with a folder in it,
/// or one ending in `.ron`, is a path, given back as it is.
pub fn file_for(name: &str, towns: &Path) -> PathBuf {
    let is_path = name.contains('/') || name.contains('\\') || name.ends_with(".ron");
    if is_path {
        PathBuf::from(name)
    } else {
        towns.join(format!("{}.ron", name.trim()))
    }
}

/// The file the editor opens for `town`: the town itself when it is the
/// player's (not under the shipped data root `shipped`), else the player's
/// copy of it in `towns` — made now, byte for byte, when there is none yet.
pub fn to_edit(town: &Path, shipped: &Path, towns: &Path) -> Result<PathBuf, String> {
    use crate::shipped::real_path;
    if !real_path(town).starts_with(real_path(shipped)) {
        return Ok(town.to_path_buf());
    }
    let name = town.file_name().ok_or("a town file has a name")?;
    let copy = towns.join(name);
    if !copy.exists() {
        let text = std::fs::read(town).map_err(|e| format!("{}: {e}", town.display()))?;
        crate::files::write_whole(&copy, text)?;
    }
    Ok(copy)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("highnoon-yours-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_bare_name_is_a_town_in_the_players_folder() {
        let towns = Path::new("/home/p/towns");
        assert_eq!(file_for("dry gulch", towns), towns.join("dry gulch.ron"));
        assert_eq!(file_for("x/y.ron", towns), PathBuf::from("x/y.ron"));
        assert_eq!(file_for("here.ron", towns), PathBuf::from("here.ron"));
    }

    #[test]
    fn a_shipped_town_is_edited_as_the_players_copy() {
        let root = crate::scenario::data_root();
        let shipped = root.join("scenarios/bank_robbery.ron");
        let before = std::fs::read(&shipped).unwrap();
        let towns = scratch("copy").join("towns");
        let copy = to_edit(&shipped, &root, &towns).unwrap();
        assert_eq!(copy, towns.join("bank_robbery.ron"));
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            before,
            "a copy byte for byte"
        );
        // The player's copy, changed, is opened again, not copied over.
        std::fs::write(&copy, "mine").unwrap();
        assert_eq!(to_edit(&shipped, &root, &towns).unwrap(), copy);
        assert_eq!(std::fs::read_to_string(&copy).unwrap(), "mine");
        // The player's own file is edited where it is.
        assert_eq!(to_edit(&copy, &root, &towns).unwrap(), copy);
        assert_eq!(std::fs::read(&shipped).unwrap(), before);
    }

    #[test]
    fn a_broken_town_is_listed_with_its_place() {
        let towns = scratch("list").join("towns");
        std::fs::create_dir_all(&towns).unwrap();
        let root = crate::scenario::data_root();
        let profile = PhysicsProfile::load(&crate::scenario::default_profile_path()).unwrap();
        std::fs::copy(root.join("scenarios/bank_robbery.ron"), towns.join("a.ron")).unwrap();
        std::fs::write(
            towns.join("b.ron"),
            "(\n  name: \"Broken\",\n  buildings: [(]\n)\n",
        )
        .unwrap();
        let listed = list(&towns, &profile);
        assert_eq!(listed.len(), 2);
        assert!(
            listed[0].scenario && listed[0].read.is_ok(),
            "{:?}",
            listed[0]
        );
        let e = listed[1].read.as_ref().unwrap_err();
        assert!(
            e.starts_with(&format!("{}:3:", towns.join("b.ron").display())),
            "{e}"
        );
    }
}
