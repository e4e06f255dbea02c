//! Writing a setup file's top-level fields back (the menu's players, seats,
//! seed and rule options) without losing its comments or layout: the value
//! after `key:` in the outermost parentheses is replaced in the text, or the
//! field is added at the top when the file does not have it.

/// Returns `text` with the top-level field `key` set to `value` (RON text).
pub fn set_field(text: &str, key: &str, value: &str) -> String {
    match find_value(text, key) {
        Some((start, end)) => format!("{}{}{}", &text[..start], value, &text[end..]),
        None => {
            // Add it right after the opening parenthesis of the outer struct.
            let open = outer_open(text).map_or(0, |o| o + 1);
            format!("{}\n    {key}: {value},{}", &text[..open], &text[open..])
        }
    }
}

/// The byte range of the value of the top-level field `key`, if present.
pub fn find_value(text: &str, key: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            b'"' => {
                i = skip_string(bytes, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            _ if depth == 1 && is_key_at(text, i, key) => {
                let mut start = i + key.len();
                while bytes[start].is_ascii_whitespace() {
                    start += 1;
                }
                // Skip the colon and the spaces after it.
                start += 1;
                while start < bytes.len() && bytes[start] == b' ' {
                    start += 1;
                }
                return Some((start, value_end(bytes, start)));
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// True when `key` followed by `:` starts at `i` as a whole word.
fn is_key_at(text: &str, i: usize, key: &str) -> bool {
    let bytes = text.as_bytes();
    if !text[i..].starts_with(key) {
        return false;
    }
    if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
        return false;
    }
    let rest = text[i + key.len()..].trim_start_matches([' ', '\t']);
    rest.starts_with(':')
}

fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

/// Where a value starting at `start` ends: the comma, closing bracket or
/// comment at its own depth, with trailing spaces left out.
fn value_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0i32;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = skip_string(bytes, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => break,
            b')' | b']' | b'}' => depth -= 1,
            b',' | b'\n' if depth == 0 => break,
            b'/' if depth == 0 && bytes.get(i + 1) == Some(&b'/') => break,
            _ => {}
        }
        i += 1;
    }
    while i > start && bytes[i - 1].is_ascii_whitespace() {
        i -= 1;
    }
    i
}

/// The outer struct's opening parenthesis (after any leading comments).
fn outer_open(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETUP: &str = "// players: 9 in a comment is not the field\n(\n    // How many.\n    players: 4, // trailing\n    limits: Some((drafts: 4, trades: 4)),\n    seats: [You, Bot(Hard)],\n    roster: [(name: \"players: 3\", value: 1.0)],\n)\n";

    #[test]
    fn replaces_top_level_values_and_keeps_comments() {
        let t = set_field(SETUP, "players", "3");
        assert!(t.contains("    players: 3, // trailing\n"), "{t}");
        assert!(t.starts_with("// players: 9 in a comment"));
        assert!(t.contains("\"players: 3\""), "strings untouched");
        let t = set_field(&t, "limits", "None");
        assert!(t.contains("    limits: None,\n"), "{t}");
        let t = set_field(&t, "seats", "[Bot(Easy), You, Bot(Normal)]");
        assert!(t.contains("seats: [Bot(Easy), You, Bot(Normal)],"), "{t}");
        // Nested keys of the same name are not top-level fields.
        assert_eq!(find_value(&t, "drafts"), None);
    }

    #[test]
    fn adds_a_missing_field_after_the_opening_parenthesis() {
        let t = set_field(SETUP, "seed", "7");
        assert!(t.contains("(\n    seed: 7,\n    // How many."), "{t}");
        assert_eq!(find_value(&t, "seed").map(|(a, b)| &t[a..b]), Some("7"));
    }
}
