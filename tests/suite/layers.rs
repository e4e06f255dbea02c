//! The house's layers, read from the source: which module's code names which
//! other module (`use` lines and paths in code; comments and doc links do not
//! count). The folders of `src/` import one way, and so do the files and
//! folders inside every folder; the formats, the rules and the tables' state
//! never reach up into the window, which only the command line opens; and
//! the suite drives the games without the window except where it draws.

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

/// The names following `prefix::` in `code`: `crate::physics::x` gives
/// `physics`, `crate::{physics::x, flick}` gives `physics` and `flick`.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        let before = code[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Each item of the group, at the group's own depth.
            let mut depth = 0;
            let mut start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start && depth == 0 => {
                        let name = ident(&group[j..]);
                        if !name.is_empty() && name != "self" {
                            out.insert(name);
                        }
                        start = false;
                    }
                    _ => {}
                }
            }
            continue;
        }
        let name = ident(rest);
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
        "tables",
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
        ("ai", "tables"),
        ("editor", "tables"),
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

/// Every folder under `dir`, `dir` first.
fn folders(dir: &Path, out: &mut Vec<PathBuf>) {
    out.push(dir.to_path_buf());
    let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir())
        .collect();
    subs.sort();
    for sub in subs {
        folders(&sub, out);
    }
}

#[test]
fn no_folder_has_a_circle_inside() {
    let mut all = Vec::new();
    folders(&src(), &mut all);
    assert!(all.len() > 20, "{all:?}");
    for dir in all {
        let rel = dir.strip_prefix(src()).expect("under src");
        let path: Vec<&str> = rel.iter().map(|c| c.to_str().expect("a name")).collect();
        let prefix = match path.is_empty() {
            true => "crate::".to_string(),
            false => format!("crate::{}::", path.join("::")),
        };
        let graph = graph_of(&dir, &prefix, !path.is_empty());
        assert_eq!(
            cycle(&graph),
            None,
            "a circle inside src/{}: {graph:#?}",
            rel.display()
        );
    }
}

#[test]
fn the_flick_session_is_the_floor_of_the_flick_table() {
    let dir = src().join("tables").join("flick");
    let graph = graph_of(&dir, "crate::tables::flick::", true);
    assert!(graph.contains_key("session") && graph.contains_key("bots"));
    // The session knows only who sits where.
    let session: Vec<&String> = graph["session"].iter().collect();
    assert_eq!(session, ["seats"], "{graph:#?}");
}

#[test]
fn the_window_is_opened_by_the_command_line_only() {
    let graph = graph_of(&src(), "crate::", false);
    for (module, names) in &graph {
        assert!(
            module == "window" || !names.contains("window"),
            "{module} imports the window"
        );
    }
    // The command line, in the program beside the library, does.
    let mut cli = Vec::new();
    rust_files(&src().join("cli"), &mut cli);
    let opens = cli.iter().any(|f| {
        let text = code(&std::fs::read_to_string(f).expect("readable"));
        names_after(&text, "highnoon::").contains("window")
    });
    assert!(opens, "the command line opens the window");
    for top in ["main.rs", "lib.rs"] {
        let text = code(&std::fs::read_to_string(src().join(top)).expect("readable"));
        let named = names_after(&text, "highnoon::");
        assert!(!named.contains("window"), "{top} names the window");
    }
}

/// Whether a test file runs the window's own plugins (and may name them).
fn draws(file: &Path) -> bool {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with("_in_the_window.rs") || file.ends_with("common/window.rs") || name == "layers.rs"
}

#[test]
fn the_suite_drives_the_games_without_the_window() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("suite");
    let mut files = Vec::new();
    rust_files(&suite, &mut files);
    let (drawing, games): (Vec<PathBuf>, Vec<PathBuf>) = files.into_iter().partition(|f| draws(f));
    let names_window = |f: &PathBuf| {
        let text = code(&std::fs::read_to_string(f).expect("readable"));
        names_after(&text, "highnoon::").contains("window")
    };
    assert!(games.len() > 20 && drawing.iter().any(names_window));
    let reaching: Vec<&PathBuf> = games.iter().filter(|f| names_window(f)).collect();
    assert!(
        reaching.is_empty(),
        "game tests naming the window: {reaching:?}"
    );
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
        names_after(
            "use crate::a::{b, c::d, self, e::{f, g}};\nx = crate::a::h;",
            "crate::a::"
        ),
        ["b", "c", "e", "h"].map(String::from).into_iter().collect()
    );
    assert_eq!(
        code("use crate::a; // crate::b\n/// [crate::c]\nlet s = \"crate::d\"; /* crate::e */"),
        "use crate::a; \n\nlet s = \"\"; "
    );
}
