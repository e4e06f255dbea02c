//! Writing files safely, and the player's folders.
//!
//! Every file the program writes goes through [`write_whole`] (or
//! [`AtomicFile`] when it is written bit by bit): the bytes go to a new file
//! beside the target, are flushed to the disk and renamed over it, so a
//! crash or a full disk mid-write leaves the old file whole and nothing
//! beside it.
//!
//! What the program writes for the player lives in the player's folders
//! ([`Folders`]): settings and the menu's setups in the configuration
//! folder; the game to continue, the record of the player's games, their
//! towns, replays and screenshots in the data folder. `HIGHNOON_CONFIG_DIR`
//! puts them all in one folder (the tests use it). The shipped data
//! ([`crate::shipped`]) is only ever read.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` whole or not at all: they go to a new file
/// beside it (`NAME.PID.new`), are flushed to the disk, and are renamed over
/// it (keeping the old file's permissions). A file marked read-only is
/// refused (renaming over it would replace it regardless). On failure the
/// old file is as it was and nothing is left beside it; the error names the
/// file and says why.
pub fn write_whole(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    write_whole_with(path, |f| f.write_all(bytes.as_ref()))
}

/// [`write_whole`] of what `fill` writes: an error from `fill` leaves the
/// old file as it was, and is reported with the file's name.
pub fn write_whole_with(
    path: &Path,
    fill: impl FnOnce(&mut AtomicFile) -> std::io::Result<()>,
) -> Result<(), String> {
    let mut file = AtomicFile::create(path)?;
    fill(&mut file).map_err(|e| format!("{}: {e}; nothing was written", path.display()))?;
    file.commit()
}

/// A file being written whole or not at all (see [`write_whole`]): write
/// into it, then [`AtomicFile::commit`]; dropped without a commit, the new
/// file is removed and the old one is left as it was.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<File>,
    permissions: Option<std::fs::Permissions>,
    /// Whether what was written is kept (as `NAME.partial`) when it is not
    /// committed.
    keep_partial: bool,
}

impl AtomicFile {
    /// Starts writing `path` (its folder made if need be).
    pub fn create(path: &Path) -> Result<AtomicFile, String> {
        // Named for this process and this write: two writing the same file
        // at once do not write into one new file.
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Self::start(path, &format!(".{}-{n}.new", std::process::id()), false)
    }

    /// Starts writing `path` through `NAME.partial`, which keeps what was
    /// written when the work is interrupted (a long sweep's rows); renamed
    /// over `path` at the commit.
    pub fn resumable(path: &Path) -> Result<AtomicFile, String> {
        Self::start(path, ".partial", true)
    }

    fn start(path: &Path, suffix: &str, keep_partial: bool) -> Result<AtomicFile, String> {
        let err = |e: std::io::Error| format!("{}: {e}", path.display());
        if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
            return Err(format!(
                "{}: the file is read-only; nothing was written",
                path.display()
            ));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(err)?;
        }
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(suffix);
        let tmp = path.with_file_name(name);
        let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
        let file = File::create(&tmp).map_err(err)?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            file: Some(file),
            permissions,
            keep_partial,
        })
    }

    /// The file it will become.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes the new file to the disk and puts it in place of the old one.
    pub fn commit(mut self) -> Result<(), String> {
        let file = self.file.take().expect("committed once");
        let done = file
            .sync_all()
            .and_then(|()| match self.permissions.take() {
                // The file keeps who may read and write it.
                Some(p) => file.set_permissions(p),
                None => Ok(()),
            })
            .and_then(|()| {
                drop(file);
                std::fs::rename(&self.tmp, &self.path)
            });
        done.map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.as_mut().expect("not committed").write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().expect("not committed").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed, or the rename failed: the new file goes (a
        // resumable one stays, with what it holds).
        if !self.keep_partial {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// The first `STEM-N.EXT` (N = 1, 2, ...) not yet in `dir`: a new name that
/// overwrites nothing.
pub fn next_free(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    next_free_but(dir, stem, ext, |_| false)
}

/// [`next_free`], passing over the names `held` says are taken though not
/// yet on the disk (files still being written).
pub fn next_free_but(dir: &Path, stem: &str, ext: &str, held: impl Fn(&Path) -> bool) -> PathBuf {
    (1u64..)
        .map(|n| dir.join(format!("{stem}-{n}.{ext}")))
        .find(|p| !p.exists() && !held(p))
        .expect("a free name")
}

/// Moves `path` aside to the first free `STEM-N.EXT` beside it (a file that
/// no longer reads is kept, never deleted or overwritten) and says where it
/// went; a failed move names the file and why.
pub fn set_aside(path: &Path, stem: &str, ext: &str) -> Result<PathBuf, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let aside = next_free(dir, stem, ext);
    std::fs::rename(path, &aside).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(aside)
}

/// The player's folders: where everything the program writes for them goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folders {
    /// Settings and the menu's setups.
    pub config: PathBuf,
    /// The game to continue, the record of games, the player's towns,
    /// replays and screenshots.
    pub data: PathBuf,
    /// The copy of the shipped data unpacked from the program.
    pub cache: PathBuf,
}

impl Folders {
    /// The platform's folders for highnoon (`~/.config/highnoon`,
    /// `~/.local/share/highnoon`, `~/.cache/highnoon` on Linux, as the XDG
    /// variables say), or `HIGHNOON_CONFIG_DIR` for all three; `None` on a
    /// system with no home folder.
    pub fn of_user() -> Option<Folders> {
        if let Some(d) = std::env::var_os("HIGHNOON_CONFIG_DIR").filter(|d| !d.is_empty()) {
            // A relative folder is taken from where the program started.
            let d = std::path::absolute(PathBuf::from(d)).ok()?;
            return Some(Folders {
                config: d.clone(),
                data: d.clone(),
                cache: d.join("cache"),
            });
        }
        let dirs = directories::ProjectDirs::from("", "", "highnoon")?;
        Some(Folders {
            config: dirs.config_dir().to_path_buf(),
            data: dirs.data_dir().to_path_buf(),
            cache: dirs.cache_dir().to_path_buf(),
        })
    }

    /// The settings file.
    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    /// The menu's card-game setups, one file a game (`<key>.ron`).
    pub fn setups(&self) -> PathBuf {
        self.config.join("setups")
    }

    /// The game to continue.
    pub fn continue_file(&self) -> PathBuf {
        self.data.join("continue.ron")
    }

    /// The player's own towns and scenarios.
    pub fn towns(&self) -> PathBuf {
        self.data.join("towns")
    }

    /// The sandbox's F5 replays.
    pub fn replays(&self) -> PathBuf {
        self.data.join("replays")
    }

    /// F12's screenshots.
    pub fn screenshots(&self) -> PathBuf {
        self.data.join("screenshots")
    }

    /// The record of the player's games, one finished game a line.
    pub fn record(&self) -> PathBuf {
        self.data.join("record.ron")
    }

    /// Each folder with what it holds, for the settings screen and the docs.
    pub fn listed(&self) -> Vec<(&'static str, PathBuf)> {
        vec![
            ("Settings", self.settings()),
            ("Card-game setups", self.setups()),
            ("The game to continue", self.continue_file()),
            ("Your towns", self.towns()),
            ("Replays (F5)", self.replays()),
            ("Screenshots (F12)", self.screenshots()),
            ("The record of your games", self.record()),
        ]
    }
}

/// One of the player's folders, or `None` on a system with no home folder.
pub fn user(which: fn(&Folders) -> PathBuf) -> Option<PathBuf> {
    Folders::of_user().map(|f| which(&f))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An empty folder of its own under the system's temporary folder.
    pub(crate) fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("highnoon-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The names in `dir`, sorted.
    pub(crate) fn beside(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = scratch("whole");
        let path = dir.join("a.ron");
        write_whole(&path, "old").unwrap();
        write_whole(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(beside(&dir), ["a.ron"]);
    }

    #[test]
    fn a_write_that_fails_midway_keeps_the_old_file_whole() {
        let dir = scratch("midway");
        let path = dir.join("a.ron");
        write_whole(&path, "the old text, whole").unwrap();
        // Half written, then the disk fails (an injected error).
        let e = write_whole_with(&path, |f| {
            f.write_all(b"the new te")?;
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(e.contains("a.ron") && e.contains("disk full"), "{e}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "the old text, whole"
        );
        assert_eq!(beside(&dir), ["a.ron"], "no new file left behind");
    }

    #[test]
    fn a_failed_rename_reports_the_file_and_leaves_nothing_beside_it() {
        let dir = scratch("rename");
        // A folder where the file should be: the rename over it fails.
        let path = dir.join("taken");
        std::fs::create_dir_all(path.join("inside")).unwrap();
        let e = write_whole(&path, "text").unwrap_err();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        assert_eq!(beside(&dir), ["taken"]);
        assert_eq!(beside(&path), ["inside"]);
    }

    #[test]
    fn an_unwritable_folder_is_named_and_nothing_is_written() {
        let dir = scratch("unwritable");
        // A plain file where the folder should be: nothing can be made in it
        // (a read-only folder is no obstacle to root, who runs CI).
        std::fs::write(dir.join("not-a-folder"), "x").unwrap();
        let path = dir.join("not-a-folder").join("a.ron");
        let e = write_whole(&path, "text").unwrap_err();
        assert!(e.contains("not-a-folder"), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("not-a-folder")).unwrap(),
            "x"
        );
    }

    #[test]
    fn a_read_only_file_is_refused_and_kept() {
        let dir = scratch("read-only");
        let path = dir.join("a.ron");
        std::fs::write(&path, "kept").unwrap();
        let mut p = std::fs::metadata(&path).unwrap().permissions();
        p.set_readonly(true);
        std::fs::set_permissions(&path, p).unwrap();
        let e = write_whole(&path, "lost").unwrap_err();
        assert!(e.contains("read-only"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept");
        assert_eq!(beside(&dir), ["a.ron"]);
    }

    #[test]
    fn an_interrupted_resumable_write_keeps_its_rows_beside_the_file() {
        let dir = scratch("partial");
        let path = dir.join("sweep.csv");
        write_whole(&path, "old sweep").unwrap();
        {
            let mut f = AtomicFile::resumable(&path).unwrap();
            f.write_all(b"row 1\n").unwrap();
            // Interrupted: never committed.
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old sweep");
        assert_eq!(
            std::fs::read_to_string(dir.join("sweep.csv.partial")).unwrap(),
            "row 1\n"
        );
        let mut f = AtomicFile::resumable(&path).unwrap();
        f.write_all(b"row 1\nrow 2\n").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "row 1\nrow 2\n");
        assert_eq!(beside(&dir), ["sweep.csv"]);
    }

    #[test]
    fn a_file_set_aside_keeps_its_bytes_under_the_next_free_name() {
        let dir = scratch("aside");
        let path = dir.join("record.ron");
        std::fs::write(dir.join("record-broken-1.ron"), "an older one").unwrap();
        std::fs::write(&path, b"broken \xff bytes").unwrap();
        let aside = set_aside(&path, "record-broken", "ron").unwrap();
        assert_eq!(aside, dir.join("record-broken-2.ron"));
        assert_eq!(std::fs::read(&aside).unwrap(), b"broken \xff bytes");
        assert_eq!(
            std::fs::read_to_string(dir.join("record-broken-1.ron")).unwrap(),
            "an older one"
        );
        assert_eq!(beside(&dir), ["record-broken-1.ron", "record-broken-2.ron"]);
        let e = set_aside(&path, "record-broken", "ron").unwrap_err();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
    }

    #[test]
    fn the_next_free_name_overwrites_nothing() {
        let dir = scratch("free");
        assert_eq!(
            next_free(&dir, "highnoon", "png"),
            dir.join("highnoon-1.png")
        );
        std::fs::write(dir.join("highnoon-1.png"), "1").unwrap();
        std::fs::write(dir.join("highnoon-3.png"), "3").unwrap();
        assert_eq!(
            next_free(&dir, "highnoon", "png"),
            dir.join("highnoon-2.png")
        );
    }
}
