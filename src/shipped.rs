//! The shipped data — `assets/` (the physics profile, card setups, bots'
//! settings, fonts, menu pictures) and `scenarios/` (the towns) — found at
//! run time, never at a path compiled in. In order:
//!
//! 1. `HIGHNOON_DATA_DIR`, when set (and then nowhere else);
//! 2. the current folder, when it holds the data (a checkout, or an
//!    unpacked tarball run from its folder);
//! 3. beside the program (the tarball: `highnoon` next to `assets/` and
//!    `scenarios/`), then `<prefix>/share/highnoon` for a program in
//!    `<prefix>/bin` (the .deb: `/usr/bin/highnoon`, `/usr/share/highnoon`);
//! 4. the copy inside the program (so `cargo install` alone works),
//!    unpacked once into the player's cache folder as read-only files, in a
//!    folder named for its contents.
//!
//! Where none is found the program says where it looked, in one message,
//! and exits with 2. The program never writes into the data it found.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use include_dir::{Dir, DirEntry, include_dir};

/// The shipped data inside the program.
static ASSETS: Dir = include_dir!("$CARGO_MANIFEST_DIR/assets");
static SCENARIOS: Dir = include_dir!("$CARGO_MANIFEST_DIR/scenarios");

/// The files a data folder must hold to be taken for one.
const MARKS: [&str; 2] = ["assets/physics.ron", "scenarios/standard_town.ron"];

/// The data root: the folder holding `assets/` and `scenarios/`. Found once;
/// where none is found the program says where it looked and exits with 2.
pub fn root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| match locate() {
        Ok(root) => root,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2)
        }
    })
}

/// Whether `path` is in the shipped data (compared as real paths: a
/// relative or linked name of a shipped file is shipped too). Such files are
/// only ever read.
pub fn is_shipped(path: &Path) -> bool {
    real_path(path).starts_with(real_root())
}

/// The data root as a real path (links resolved), found once.
pub fn real_root() -> &'static Path {
    static REAL: OnceLock<PathBuf> = OnceLock::new();
    REAL.get_or_init(|| real_path(root()))
}

/// `path` with its links resolved, or as it is when it cannot be.
pub fn real_path(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Whether `dir` holds the shipped data.
pub fn holds_data(dir: &Path) -> bool {
    MARKS.iter().all(|m| dir.join(m).is_file())
}

/// Finds the data root (see the module's doc): the folder, or one message
/// saying everywhere it looked and why each was not taken.
pub fn locate() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("HIGHNOON_DATA_DIR") {
        let dir = std::path::absolute(PathBuf::from(&dir)).unwrap_or_else(|_| PathBuf::from(dir));
        return if holds_data(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "error: HIGHNOON_DATA_DIR is {}, which does not hold highnoon's data \
                 (it needs {}); unset it to use the data inside the program",
                dir.display(),
                MARKS.join(" and ")
            ))
        };
    }
    let mut looked = Vec::new();
    let mut candidates = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        candidates.push((cwd, "the current folder"));
    }
    if let Some(bin) = std::env::current_exe()
        .ok()
        .and_then(|e| e.canonicalize().ok())
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        candidates.push((bin.clone(), "beside the program"));
        if let Some(prefix) = bin.parent() {
            candidates.push((
                prefix.join("share").join("highnoon"),
                "the install's share folder",
            ));
        }
    }
    for (dir, what) in candidates {
        if holds_data(&dir) {
            return Ok(dir);
        }
        looked.push(format!("{} ({what})", dir.display()));
    }
    match crate::files::Folders::of_user() {
        Some(folders) => match unpack(&folders.cache) {
            Ok(dir) => Ok(dir),
            Err(e) => {
                looked.push(format!("the copy inside the program: {e}"));
                Err(not_found(&looked))
            }
        },
        None => {
            looked.push(
                "the copy inside the program: no cache folder to unpack it into (no home folder)"
                    .into(),
            );
            Err(not_found(&looked))
        }
    }
}

fn not_found(looked: &[String]) -> String {
    format!(
        "error: highnoon's data (assets/ and scenarios/) was not found. Looked in: {}. \
         Set HIGHNOON_DATA_DIR to the folder that holds them.",
        looked.join("; ")
    )
}

/// Every shipped file inside the program: its path under the data root and
/// its bytes, sorted by path.
pub fn embedded() -> Vec<(String, &'static [u8])> {
    fn walk(dir: &'static Dir<'static>, top: &str, out: &mut Vec<(String, &'static [u8])>) {
        for entry in dir.entries() {
            match entry {
                DirEntry::Dir(d) => walk(d, top, out),
                DirEntry::File(f) => out.push((
                    format!("{top}/{}", f.path().to_string_lossy().replace('\\', "/")),
                    f.contents(),
                )),
            }
        }
    }
    let mut out = Vec::new();
    walk(&ASSETS, "assets", &mut out);
    walk(&SCENARIOS, "scenarios", &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The name of the unpacked copy: the version and a hash of every path and
/// byte (FNV-1a, 64 bits), so another build's data gets a folder of its own.
fn copy_name(files: &[(String, &[u8])]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, bytes) in files {
        for b in path
            .bytes()
            .chain([0])
            .chain(bytes.iter().copied())
            .chain([0])
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("data-{}-{h:016x}", env!("CARGO_PKG_VERSION"))
}

/// Unpacks the copy inside the program into `cache` (once: a copy already
/// there whose every file matches is used as it is; one that does not is
/// unpacked again). Files are made read-only. Unpacked into a new folder
/// and renamed into place, so a half-unpacked copy is never used.
pub fn unpack(cache: &Path) -> Result<PathBuf, String> {
    let files = embedded();
    let dir = cache.join(copy_name(&files));
    if matches(&dir, &files) {
        return Ok(dir);
    }
    let tmp = cache.join(format!(".{}.{}.new", copy_name(&files), std::process::id()));
    let write = || -> std::io::Result<()> {
        let _ = std::fs::remove_dir_all(&tmp);
        for (path, bytes) in &files {
            let to = tmp.join(path);
            std::fs::create_dir_all(to.parent().expect("a file in a folder"))?;
            std::fs::write(&to, bytes)?;
            let mut p = std::fs::metadata(&to)?.permissions();
            p.set_readonly(true);
            std::fs::set_permissions(&to, p)?;
        }
        if matches(&dir, &files) {
            // Another start unpacked it meanwhile: theirs is used.
            return Ok(());
        }
        if dir.exists() {
            // A copy that no longer matches (a file changed or lost): replaced.
            make_writable(&dir);
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::rename(&tmp, &dir)
    };
    let done = write();
    if tmp.exists() {
        make_writable(&tmp);
        let _ = std::fs::remove_dir_all(&tmp);
    }
    match done {
        Ok(()) => Ok(dir),
        // Another start unpacked it at the same time.
        Err(_) if matches(&dir, &files) => Ok(dir),
        Err(e) => Err(format!("cannot unpack it into {}: {e}", dir.display())),
    }
}

/// Whether `dir` holds exactly these files' bytes.
fn matches(dir: &Path, files: &[(String, &[u8])]) -> bool {
    files
        .iter()
        .all(|(path, bytes)| std::fs::read(dir.join(path)).is_ok_and(|b| b == *bytes))
}

fn make_writable(dir: &Path) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            make_writable(&path);
        } else if let Ok(m) = std::fs::metadata(&path) {
            let mut p = m.permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            p.set_readonly(false);
            let _ = std::fs::set_permissions(&path, p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("highnoon-shipped-{name}-{}", std::process::id()));
        if dir.exists() {
            make_writable(&dir);
            let _ = std::fs::remove_dir_all(&dir);
        }
        dir
    }

    #[test]
    fn the_copy_inside_the_program_is_the_shipped_tree() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let files = embedded();
        assert!(files.iter().any(|(p, _)| p == "scenarios/bank_robbery.ron"));
        assert!(files.iter().any(|(p, _)| p == "assets/cards/tabletown.ron"));
        for (path, bytes) in &files {
            assert_eq!(std::fs::read(root.join(path)).unwrap(), *bytes, "{path}");
        }
        let on_disk = std::fs::read_dir(root.join("scenarios")).unwrap().count();
        let inside = files
            .iter()
            .filter(|(p, _)| p.starts_with("scenarios/"))
            .count();
        assert_eq!(inside, on_disk, "every scenario is inside");
    }

    #[test]
    fn the_copy_unpacks_read_only_and_is_mended_when_changed() {
        let cache = scratch("unpack");
        let dir = unpack(&cache).unwrap();
        assert!(holds_data(&dir));
        let town = dir.join("scenarios/standard_town.ron");
        assert!(std::fs::metadata(&town).unwrap().permissions().readonly());
        // Nothing but the copy is left in the cache.
        let names: Vec<_> = std::fs::read_dir(&cache).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
        // A file changed by hand is put back at the next start.
        make_writable(&dir);
        std::fs::write(&town, "changed").unwrap();
        assert_eq!(unpack(&cache).unwrap(), dir);
        let shipped = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/standard_town.ron"),
        );
        assert_eq!(std::fs::read(&town).unwrap(), shipped.unwrap());
        make_writable(&cache);
        let _ = std::fs::remove_dir_all(&cache);
    }
}
