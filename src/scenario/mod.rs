//! The RON data formats: the physics profile, towns, and the `game` section
//! that makes a town a scenario. The bottom layer: nothing here imports the
//! rules, the physics or the games that read these formats.
//!
//! Data flows one way: RON text -> raw serde types -> validated runtime data.
//! Every error names the file, and parse errors carry the line and column.

pub mod game;
pub mod kinds;
pub mod params;
pub mod placement;
pub mod profile;
mod profile_check;
pub mod town;
pub mod yours;

use std::fmt;
use std::path::{Path, PathBuf};

pub use profile::PhysicsProfile;
pub use town::Town;

/// An error loading a data file: always names the file; parse errors carry a position.
#[derive(Debug, Clone, PartialEq)]
pub struct DataError {
    pub file: PathBuf,
    /// 1-based line and column, where the error has a position in the text.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(
                f,
                "{}:{}:{}: {}",
                self.file.display(),
                line,
                col,
                self.message
            ),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for DataError {}

impl DataError {
    pub fn new(file: &Path, message: impl Into<String>) -> Self {
        Self {
            file: file.to_path_buf(),
            position: None,
            message: message.into(),
        }
    }

    /// A semantic error about `needle` (a name found in the text): points at its first occurrence.
    pub fn at_text(file: &Path, text: &str, needle: &str, message: impl Into<String>) -> Self {
        // The first place outside a `//` comment (a comment may name a
        // setting before the setting itself), else the first at all.
        let position = first_outside_comments(text, needle, 0)
            .or_else(|| text.find(needle))
            .map(|offset| line_col(text, offset));
        Self {
            file: file.to_path_buf(),
            position,
            message: message.into(),
        }
    }
}

impl Problems {
    /// The problems of another file that `path` names at `key:` (a town, a
    /// profile): first one placed at the key in `path`, then the other file's own.
    pub fn in_named_file(self, path: &Path, text: &str, key: &str, name: &str) -> Problems {
        let mut all = vec![DataError::at_text(
            path,
            text,
            &format!("{key}:"),
            format!("{key} \"{name}\" does not load (below)"),
        )];
        all.extend(self.0);
        Problems(all)
    }
}

impl DataError {
    /// At `key` inside the `nth` (from 0) entry that starts with `anchor` (a
    /// flick's `strength:` after its `piece:`); at the entry when the key is
    /// not written there.
    pub fn at_key_in_nth(
        file: &Path,
        text: &str,
        anchor: &str,
        nth: usize,
        key: &str,
        message: impl Into<String>,
    ) -> Self {
        let entries: Vec<usize> = text
            .match_indices(anchor)
            .map(|(o, _)| o)
            .filter(|&o| !in_comment(text, o))
            .collect();
        let position = entries.get(nth).map(|&start| {
            let end = entries.get(nth + 1).copied().unwrap_or(text.len());
            first_outside_comments(text, key, start)
                .filter(|&o| o < end)
                .unwrap_or(start)
        });
        Self {
            file: file.to_path_buf(),
            position: position.map(|o| line_col(text, o)),
            message: message.into(),
        }
    }

    /// At a dotted field (`section.key`): the key's first place after its
    /// section's (`tumbleweed.radius` at the tumbleweed's radius, not the
    /// first radius in the file); a plain name as [`DataError::at_text`].
    pub fn at_field(file: &Path, text: &str, field: &str, message: impl Into<String>) -> Self {
        let Some((section, key)) = field.rsplit_once('.') else {
            return Self::at_text(file, text, field, message);
        };
        let at = first_outside_comments(text, &format!("{section}:"), 0)
            .and_then(|s| first_outside_comments(text, &format!("{key}:"), s))
            .or_else(|| first_outside_comments(text, key, 0))
            .or_else(|| text.find(key));
        Self {
            file: file.to_path_buf(),
            position: at.map(|o| line_col(text, o)),
            message: message.into(),
        }
    }

    /// Like [`DataError::at_text`], at the `nth` (0-based) occurrence of `needle`.
    pub fn at_nth(
        file: &Path,
        text: &str,
        needle: &str,
        nth: usize,
        message: impl Into<String>,
    ) -> Self {
        // Counted outside `//` comments (a comment may name it first).
        let position = text
            .match_indices(needle)
            .map(|(offset, _)| offset)
            .filter(|&o| !in_comment(text, o))
            .nth(nth)
            .map(|offset| line_col(text, offset));
        Self {
            file: file.to_path_buf(),
            position,
            message: message.into(),
        }
    }
}

/// The first offset of `needle` at or after `from` that is not inside a `//` comment.
fn first_outside_comments(text: &str, needle: &str, from: usize) -> Option<usize> {
    text[from..]
        .match_indices(needle)
        .map(|(o, _)| from + o)
        .find(|&o| !in_comment(text, o))
}

/// Whether `offset` lies after a `//` on its line.
fn in_comment(text: &str, offset: usize) -> bool {
    let line = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[line..offset].contains("//")
}

pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Every problem found in one or more files, each with its file (and position).
#[derive(Debug, Clone, PartialEq)]
pub struct Problems(pub Vec<DataError>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

impl Problems {
    /// `Ok` when nothing was found.
    pub fn check(found: Vec<DataError>) -> Result<(), Problems> {
        if found.is_empty() {
            Ok(())
        } else {
            Err(Problems(found))
        }
    }
}

impl From<DataError> for Problems {
    fn from(e: DataError) -> Self {
        Problems(vec![e])
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut prev = row[0];
        row[0] = i;
        for j in 1..=b.len() {
            let cur = row[j];
            row[j] = (row[j] + 1)
                .min(row[j - 1] + 1)
                .min(prev + usize::from(a[i - 1] != b[j - 1]));
            prev = cur;
        }
    }
    row[b.len()]
}

/// The known name nearest to `found`, if it is near enough to be a typo.
pub fn nearest<'a>(found: &str, known: &[&'a str]) -> Option<&'a str> {
    let lower = found.to_lowercase();
    known
        .iter()
        .map(|k| {
            // A name that is the start of a known one (`facing` for `facing_deg`) is near too.
            let prefix = k.to_lowercase().starts_with(&lower) && lower.len() >= 3;
            (if prefix { 1 } else { edit_distance(found, k) }, *k)
        })
        .filter(|(d, k)| *d <= (k.len() / 2).clamp(1, 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Parses RON text into `T`; errors name `file` with the line and column of the
/// fault, and suggest the nearest known name for a misspelt one.
pub fn parse_ron<T: serde::de::DeserializeOwned>(file: &Path, text: &str) -> Result<T, DataError> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    options
        .from_str(text)
        .map_err(|e: ron::error::SpannedError| {
            let mut message = e.code.to_string();
            if let ron::Error::NoSuchEnumVariant {
                expected, found, ..
            }
            | ron::Error::NoSuchStructField {
                expected, found, ..
            } = &e.code
                && let Some(k) = nearest(found, expected)
            {
                message.push_str(&format!("; did you mean `{k}`?"));
            }
            DataError {
                file: file.to_path_buf(),
                position: Some(past_blanks(text, e.span.start.line, e.span.start.col)),
                message,
            }
        })
}

/// RON's reader places some errors where the last token ended, before the
/// blanks and comments that follow it; the author's mistake is the next
/// thing written: `line`:`col` (1-based, in characters) moved past them.
fn past_blanks(text: &str, line: usize, col: usize) -> (usize, usize) {
    let Some(line_start) = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .try_fold(0usize, |a, n| Some(a + n))
    else {
        return (line, col);
    };
    let Some(start) = text[line_start.min(text.len())..]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map(|(i, _)| line_start + i)
    else {
        return (line, col);
    };
    let b = text.as_bytes();
    let mut i = start;
    loop {
        match (b.get(i), b.get(i + 1)) {
            (Some(b' ' | b'\t' | b'\r' | b'\n'), _) => i += 1,
            (Some(b'/'), Some(b'/')) => {
                while b.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
            }
            (Some(b'/'), Some(b'*')) => {
                let mut depth = 0usize;
                loop {
                    match (b.get(i), b.get(i + 1)) {
                        (Some(b'/'), Some(b'*')) => (depth, i) = (depth + 1, i + 2),
                        (Some(b'*'), Some(b'/')) => (depth, i) = (depth - 1, i + 2),
                        (Some(_), _) => i += 1,
                        (None, _) => return (line, col),
                    }
                    if depth == 0 {
                        break;
                    }
                }
            }
            (None, _) if i > start => return (line, col),
            _ => break,
        }
    }
    let before = &text[..i];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |n| n + 1)..]
        .chars()
        .count()
        + 1;
    (line, col)
}

/// Reads and parses a RON file.
pub fn load_ron<T: serde::de::DeserializeOwned>(file: &Path) -> Result<(T, String), DataError> {
    let text = read_text(file)?;
    let value = parse_ron(file, &text)?;
    Ok((value, text))
}

/// A data file's text, or the problem that it cannot be read.
pub fn read_text(file: &Path) -> Result<String, DataError> {
    std::fs::read_to_string(file)
        .map_err(|e| DataError::new(file, format!("cannot read the file: {e}")))
}

/// A path as a data file names another (a replay its town, a sweep its
/// profile): relative to the data root, or absolute.
pub fn data_path(path: &str) -> PathBuf {
    let p = PathBuf::from(path);
    if p.is_absolute() {
        p
    } else {
        data_root().join(p)
    }
}

/// `path` as a data file names it: under the data root where it is, with `/`.
pub fn data_name(path: &Path) -> String {
    let root = data_root();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The folder holding the shipped `assets/` and `scenarios/`, found at run
/// time ([`crate::shipped`]): only ever read.
pub fn data_root() -> PathBuf {
    crate::shipped::root().to_path_buf()
}

pub fn default_profile_path() -> PathBuf {
    data_root().join("assets").join("physics.ron")
}

pub fn default_town_path() -> PathBuf {
    data_root().join("scenarios").join("standard_town.ron")
}

/// The `.ron` files directly in `dir` (not in its subfolders), sorted by
/// path. An entry that cannot be read is left out; only a folder that cannot
/// be listed at all is an error.
pub fn ron_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_error_names_file_line_and_column() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct S {
            a: f32,
        }
        let err = parse_ron::<S>(Path::new("x.ron"), "(\n  a: oops,\n)").unwrap_err();
        assert_eq!(err.file, PathBuf::from("x.ron"));
        assert_eq!(err.position.map(|p| p.0), Some(2));
        assert!(err.to_string().starts_with("x.ron:2:"), "{err}");
    }

    #[test]
    fn a_misspelt_name_gets_a_suggestion() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        enum K {
            Saloon,
            Sheriff,
        }
        let err = parse_ron::<K>(Path::new("k.ron"), "Salon").unwrap_err();
        assert!(err.message.contains("did you mean `Saloon`?"), "{err}");
        assert_eq!(
            nearest("Casino", &["Saloon", "Sheriff"]),
            None,
            "too far from anything"
        );
    }

    #[test]
    fn line_col_is_one_based() {
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
        assert_eq!(line_col("ab", 0), (1, 1));
    }
}
