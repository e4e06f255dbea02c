//! The house's layers, read from the source: which module's code names which
//! other module (`use` lines and paths in code; comments and doc links do not
//! count). The folders of `src/` import one way — no cycle between them, nor
//! between the window's parts, nor between the files of the Flick table —
//! and the formats and rules never reach up into the window.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments (line comments, doc comments and
/// block comments), so that a doc link is not an import.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if let Some(after) = rest.strip_prefix("'\"'") {
            // A quote as a character is not the start of a string.
            out.push_str("'\"'");
            rest = after;
        } else if rest.starts_with('"') {
            // A string's contents are not code either.
            let body = &rest[1..];
            let mut end = body.len();
            let mut escaped = false;
            for (i, c) in body.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = i + 1;
                        break;
                    }
                    _ => escaped = false,
                }
            }
            out.push_str("\"\"");
            rest = &body[end.min(body.len())..];
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The names following `prefix::` in `code`: `crate::physics::x` gives `physics`.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        let before = code[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name: String = code[i + prefix.len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// The first cycle in a graph, if any.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|p| p == next).expect("on the path");
                    let mut c = path[start..].to_vec();
                    c.push(next.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(next, graph, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0
            && let Some(c) = visit(node, graph, &mut state, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// For each module under `root` (its files and folders one level down, by
/// name, the folder's own `mod.rs` left out), the sibling modules its code
/// names through `prefix` (`crate::` at the top, `crate::window::` inside the
/// window) or, for the files of a folder, `super::`.
fn graph_of(root: &Path, prefix: &str, use_super: bool) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let siblings: BTreeSet<String> = std::fs::read_dir(root)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_str()?.to_string();
            (p.is_dir() || p.extension().is_some_and(|x| x == "rs")).then_some(name)
        })
        .filter(|n| n != "mod" && n != "lib" && n != "main")
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(root).expect("under the root");
        let first = rel.components().next().expect("a component");
        let module = Path::new(first.as_os_str())
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a name")
            .to_string();
        if !siblings.contains(&module) {
            continue;
        }
        let text = code(&std::fs::read_to_string(&file).expect("readable"));
        let mut named = names_after(&text, prefix);
        // `super::x` in a file directly in the folder names its sibling `x`.
        if use_super && rel.components().count() == 1 {
            named.extend(names_after(&text, "super::"));
        }
        let entry = graph.entry(module.clone()).or_default();
        entry.extend(
            named
                .into_iter()
                .filter(|n| *n != module && siblings.contains(n)),
        );
    }
    graph
}

#[test]
fn the_folders_of_src_import_one_way() {
    let graph = graph_of(&src(), "crate::", false);
    assert!(graph.contains_key("physics") && graph.contains_key("window"));
    assert_eq!(cycle(&graph), None, "{graph:#?}");
    // The formats are the floor, the window the roof.
    for low in [
        "scenario",
        "physics",
        "flick",
        "cards",
        "ai",
        "stats",
        "bot_level",
    ] {
        assert!(
            !graph[low].contains("window"),
            "{low} reaches up into the window"
        );
    }
    for (below, above) in [
        ("scenario", "physics"),
        ("scenario", "flick"),
        ("physics", "flick"),
        ("physics", "cards"),
        ("flick", "ai"),
        ("cards", "ai"),
    ] {
        assert!(
            !graph[below].contains(above),
            "{below} imports {above}: {:?}",
            graph[below]
        );
    }
}

#[test]
fn the_window_s_parts_import_one_way() {
    let graph = graph_of(&src().join("window"), "crate::window::", true);
    assert!(graph.contains_key("flick_table") && graph.contains_key("shell"));
    assert_eq!(cycle(&graph), None, "{graph:#?}");
    assert!(
        graph["shell"].is_empty(),
        "the shell is below the tables: {graph:#?}"
    );
}

#[test]
fn the_flick_table_s_files_import_one_way() {
    let dir = src().join("window").join("flick_table");
    let graph = graph_of(&dir, "crate::window::flick_table::", true);
    assert!(graph.contains_key("session") && graph.contains_key("aim"));
    assert_eq!(cycle(&graph), None, "{graph:#?}");
    // The session is the floor of the table: it knows only who sits where.
    let session: Vec<&String> = graph["session"].iter().filter(|n| *n != "sets").collect();
    assert_eq!(session, ["seats"], "{graph:#?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    g.entry("c".into()).or_default();
    assert_eq!(cycle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        cycle(&g),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        code("use crate::a; // crate::b\n/// [crate::c]\nlet s = \"crate::d\"; /* crate::e */"),
        "use crate::a; \n\nlet s = \"\"; "
    );
}
