//! The program's one file watcher: the files the tables and the editor have
//! open are watched through the operating system's file events
//! ([`notify`]), each through its folder (so that editors that save by
//! renaming a new file over the old one are seen), and a file counts as
//! changed only when its contents did.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

use bevy::prelude::*;
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// The file watcher and what it has seen. Its events arrive on another
/// thread; the frame drains them. (Watchers are `Send + Sync` on every
/// platform: Bevy's own asset watcher is kept in a shared resource too.)
#[derive(Resource, Default)]
pub struct FileWatch {
    watcher: Option<RecommendedWatcher>,
    events: Option<Mutex<Receiver<notify::Result<notify::Event>>>>,
    /// The folders watched (each file is watched through its folder, so that
    /// editors that save by renaming a new file over the old one are seen).
    folders: Vec<PathBuf>,
    /// Each watched file (its folder resolved) and a hash of its contents as
    /// last loaded: a save that changes nothing reloads nothing.
    files: HashMap<PathBuf, Option<u64>>,
    /// The paths last asked for, as given: asked again (every frame), they
    /// are not resolved again.
    asked: Vec<PathBuf>,
}

/// A file's path with its folder resolved, as the watcher reports it.
fn resolved(path: &Path) -> PathBuf {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = folder
        .canonicalize()
        .unwrap_or_else(|_| folder.to_path_buf());
    match path.file_name() {
        Some(name) => folder.join(name),
        None => folder,
    }
}

/// `None` for a file that cannot be read or is empty (being rewritten: its
/// contents come with a later event).
fn contents_hash(path: &Path) -> Option<u64> {
    let bytes = std::fs::read(path).ok().filter(|b| !b.is_empty())?;
    let mut h = DefaultHasher::new();
    bytes.hash(&mut h);
    Some(h.finish())
}

impl FileWatch {
    /// Watches exactly these files (and their folders), keeping what is
    /// already watched.
    pub fn watch(&mut self, wanted: &[PathBuf]) -> Result<(), String> {
        if self.watcher.is_some() && self.asked == wanted {
            return Ok(());
        }
        let asked = wanted.to_vec();
        let wanted: Vec<PathBuf> = wanted.iter().map(|p| resolved(p)).collect();
        let mut keys: Vec<&PathBuf> = self.files.keys().collect();
        keys.sort();
        let mut sorted: Vec<&PathBuf> = wanted.iter().collect();
        sorted.sort();
        sorted.dedup();
        if keys == sorted && self.watcher.is_some() {
            self.asked = asked;
            return Ok(());
        }
        if self.watcher.is_none() {
            let (tx, rx) = channel();
            let watcher = notify::recommended_watcher(tx).map_err(|e| e.to_string())?;
            self.watcher = Some(watcher);
            self.events = Some(Mutex::new(rx));
        }
        let watcher = self.watcher.as_mut().expect("made above");
        let mut folders: Vec<PathBuf> = wanted
            .iter()
            .filter_map(|p| p.parent().map(Path::to_path_buf))
            .collect();
        folders.sort();
        folders.dedup();
        for old in self.folders.iter().filter(|f| !folders.contains(f)) {
            let _ = watcher.unwatch(old);
        }
        for folder in folders.iter().filter(|f| !self.folders.contains(f)) {
            watcher
                .watch(folder, RecursiveMode::NonRecursive)
                .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
        }
        self.folders = folders;
        self.files = wanted
            .into_iter()
            .map(|p| {
                let h = contents_hash(&p);
                (p, h)
            })
            .collect();
        self.asked = asked;
        Ok(())
    }

    /// Drops the events so far and forgets the files' contents: they are
    /// taken afresh by the next [`FileWatch::watch`].
    pub fn forget(&mut self) {
        if let Some(events) = &self.events {
            events
                .lock()
                .expect("the watcher's channel")
                .try_iter()
                .for_each(drop);
        }
        self.files.clear();
        self.asked.clear();
    }

    /// The watched files whose contents changed since they were last looked at.
    pub fn changed(&mut self) -> Vec<PathBuf> {
        let Some(events) = &self.events else {
            return Vec::new();
        };
        let events = events.lock().expect("the watcher's channel");
        let mut touched: Vec<PathBuf> = Vec::new();
        for event in events.try_iter().flatten() {
            if matches!(event.kind, EventKind::Access(_)) {
                continue;
            }
            for path in event.paths {
                if self.files.contains_key(&path) && !touched.contains(&path) {
                    touched.push(path);
                }
            }
        }
        drop(events);
        touched.retain(|path| {
            // A file being rewritten may read empty for a moment: its
            // contents come with a later event; what was loaded stays the mark.
            let Some(now) = contents_hash(path) else {
                return false;
            };
            let before = self.files.insert(path.clone(), Some(now));
            before != Some(Some(now))
        });
        touched.sort();
        touched
    }
}
