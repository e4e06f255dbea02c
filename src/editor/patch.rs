//! Changes to a town file's text, each touching only the bytes it must: a
//! value replaced in its span, a field added after the last, a list item
//! removed with its line, an item added on a line of its own indented as its
//! neighbours are. Everything else — comments, spacing, field order — stays
//! byte for byte as it was.

use super::ron_text::{Kind, Node};

/// `text` with `range` replaced by `with`.
pub fn splice(text: &str, range: std::ops::Range<usize>, with: &str) -> String {
    let mut out = String::with_capacity(text.len() + with.len());
    out.push_str(&text[..range.start]);
    out.push_str(with);
    out.push_str(&text[range.end..]);
    out
}

/// A number as the town files write them: at most two decimals, always a
/// decimal point (`12.0`, `-3.25`), never `-0.0`.
pub fn number(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    format!("{r:?}")
}

/// A place on the table as the files write it: `(x, z)`.
pub fn place(at: (f32, f32)) -> String {
    format!("({}, {})", number(at.0), number(at.1))
}

/// A place written into `value`, where the file has one: each coordinate in
/// its own span when the file writes the place as a pair, and only those
/// that change (so a comment inside `(/* x */ 12.0, -3.5)` stays), else the
/// whole value replaced.
pub fn set_place(text: &str, value: &Node, at: (f32, f32)) -> String {
    if let [x, z] = value.fields()
        && x.name.is_none()
        && z.name.is_none()
    {
        let mut out = text.to_string();
        // z first: x's span stays where it was.
        for (f, v) in [(z, at.1), (x, at.0)] {
            let old = &text[f.value.span.clone()];
            if old.trim().parse::<f32>().map(number).ok() != Some(number(v)) {
                out = splice(&out, f.value.span.clone(), &number(v));
            }
        }
        return out;
    }
    splice(text, value.span.clone(), &place(at))
}

/// Sets a struct's field: its value replaced where it is, or the field added
/// after the last one (`, key: value`) when the struct leaves it out.
pub fn set_field(text: &str, node: &Node, key: &str, value: &str) -> Option<String> {
    if let Some(f) = node.named(key) {
        return Some(splice(text, f.value.span.clone(), value));
    }
    let Kind::Tuple { fields, parens, .. } = &node.kind else {
        return None;
    };
    Some(match fields.last() {
        Some(last) => {
            let end = last.value.span.end;
            splice(text, end..end, &format!(", {key}: {value}"))
        }
        None => {
            let at = parens.start + 1;
            splice(text, at..at, &format!("{key}: {value}"))
        }
    })
}

/// Removes a struct's field (and the comma that went with it); `None` when
/// it has no such field.
pub fn remove_field(text: &str, node: &Node, key: &str) -> Option<String> {
    let fields = node.fields();
    let i = fields
        .iter()
        .position(|f| f.name.as_ref().is_some_and(|n| n.0 == key))?;
    let span = fields[i].span();
    let range = if let Some(next) = fields.get(i + 1) {
        span.start..next.span().start
    } else if i > 0 {
        // The last of several: from the end of the one before.
        fields[i - 1].value.span.end..span.end
    } else {
        span.start..after_comma(text, span.end)
    };
    Some(splice(text, range, ""))
}

/// Just past a comma that follows `at` on its line (over blanks and block
/// comments: `item /* note */,`), or `at` itself.
fn after_comma(text: &str, at: usize) -> usize {
    let mut i = at;
    loop {
        let rest = &text[i..];
        let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        i += blanks;
        match text[i..].strip_prefix("/*").and_then(|r| r.find("*/")) {
            Some(close) if !text[i..i + 2 + close].contains('\n') => i += 2 + close + 2,
            _ => break,
        }
    }
    if text[i..].starts_with(',') {
        i + 1
    } else {
        at
    }
}

/// Where the line holding `at` starts.
fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// Where the line holding `at` ends (at its `\n`, or the text's end).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i)
}

/// Whether the item starts its line (only blanks before it on the line).
fn starts_line(text: &str, at: usize) -> bool {
    text[line_start(text, at)..at].trim().is_empty()
}

/// Whether nothing but a comma and comments follows `end` on its line.
fn ends_line(text: &str, end: usize) -> bool {
    let mut rest = text[after_comma(text, end)..line_end(text, end)].trim_start();
    while let Some(after) = rest.strip_prefix("/*").and_then(|r| r.split_once("*/")) {
        rest = after.1.trim_start();
    }
    rest.is_empty() || rest.starts_with("//")
}

/// Past the blanks (not the line's end) from `at`.
fn past_blanks(text: &str, at: usize) -> usize {
    let rest = &text[at..];
    at + rest.len() - rest.trim_start_matches([' ', '\t']).len()
}

/// Removes a list's `index`th item: its whole line (with the comment at its
/// end) when it has a line of its own, else the item and one comma.
pub fn remove_item(text: &str, list: &Node, index: usize) -> Option<String> {
    let items = list.items();
    let item = items.get(index)?;
    let span = item.span.clone();
    if starts_line(text, span.start) && ends_line(text, span.end) {
        let from = line_start(text, span.start);
        let to = (line_end(text, span.end) + 1).min(text.len());
        return Some(splice(text, from..to, ""));
    }
    let range = if let Some(next) = items.get(index + 1) {
        // The item, its comma and the blanks after it on its line: what
        // stands on the lines before the next item (a comment) is the next
        // item's.
        let comma = after_comma(text, span.end);
        let end = if comma == span.end {
            next.span.start
        } else {
            past_blanks(text, comma).min(next.span.start)
        };
        span.start..end
    } else if index > 0 {
        items[index - 1].span.end..span.end
    } else {
        span.start..after_comma(text, span.end)
    };
    Some(splice(text, range, ""))
}

/// The blanks that start the line holding `at`.
fn indent_of(text: &str, at: usize) -> &str {
    let start = line_start(text, at);
    let line = &text[start..line_end(text, start)];
    &line[..line.len() - line.trim_start().len()]
}

/// Adds `item` at the end of a list: on a line of its own after the last
/// item when the items have lines of their own, else after the last item on
/// its line; an empty list is opened onto lines of its own.
pub fn append_item(text: &str, list: &Node, item: &str) -> Option<String> {
    let Kind::List { items, brackets } = &list.kind else {
        return None;
    };
    match items.last() {
        Some(last) if starts_line(text, last.span.start) => {
            let indent = indent_of(text, last.span.start).to_string();
            let comma = after_comma(text, last.span.end);
            let mut out = text.to_string();
            let mut end = line_end(text, last.span.end);
            if comma == last.span.end {
                out = splice(&out, comma..comma, ",");
                end += 1;
            }
            Some(splice(&out, end..end, &format!("\n{indent}{item},")))
        }
        Some(last) => {
            let end = last.span.end;
            Some(splice(text, end..end, &format!(", {item}")))
        }
        None => {
            // Whatever the empty brackets hold (a comment) stays.
            let indent = indent_of(text, brackets.start).to_string();
            let close = brackets.end - 1;
            let lines = text[brackets.start..close].contains('\n');
            Some(if lines && starts_line(text, close) {
                let at = line_start(text, close);
                splice(text, at..at, &format!("{indent}    {item},\n"))
            } else {
                let at = brackets.start + 1;
                splice(text, at..at, &format!("\n{indent}    {item},\n{indent}"))
            })
        }
    }
}

/// Adds a field to a struct written a field a line (the file's top level):
/// after the field `after` (or after the last), on its own line.
pub fn insert_field_line(
    text: &str,
    node: &Node,
    after: Option<&str>,
    key: &str,
    value: &str,
) -> Option<String> {
    let fields = node.fields();
    let anchor = after
        .and_then(|a| node.named(a))
        .or_else(|| fields.last())?;
    let indent = indent_of(text, anchor.span().start).to_string();
    let mut out = text.to_string();
    let comma = after_comma(text, anchor.value.span.end);
    let mut end = line_end(text, anchor.value.span.end);
    if comma == anchor.value.span.end {
        out = splice(&out, comma..comma, ",");
        end += 1;
    }
    Some(splice(
        &out,
        end..end,
        &format!("\n{indent}{key}: {value},"),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::ron_text::read;
    use super::*;

    const TOWN: &str = "(\n    props: [\n        (kind: Barrel, at_cm: (1.0, 2.0)), // by the bank\n        (kind: Fence, at_cm: (3.0, 4.0), facing_deg: 90.0),\n    ],\n    discs: [(1.0, 1.0), (2.0, 2.0)],\n    figures: [],\n)\n";

    fn list<'a>(root: &'a Node, key: &str) -> &'a Node {
        root.field(key).unwrap()
    }

    #[test]
    fn numbers_are_written_as_the_files_write_them() {
        assert_eq!(number(12.0), "12.0");
        assert_eq!(number(-3.254), "-3.25");
        assert_eq!(number(-0.001), "0.0");
        assert_eq!(place((0.1, -45.0)), "(0.1, -45.0)");
    }

    #[test]
    fn a_field_is_set_in_place_or_added_after_the_last() {
        let root = read(TOWN).unwrap();
        let barrel = &list(&root, "props").items()[0];
        let moved = set_field(TOWN, barrel, "at_cm", "(5.0, 6.0)").unwrap();
        assert_eq!(
            moved,
            TOWN.replace(
                "(kind: Barrel, at_cm: (1.0, 2.0))",
                "(kind: Barrel, at_cm: (5.0, 6.0))"
            )
        );
        let turned = set_field(TOWN, barrel, "facing_deg", "15.0").unwrap();
        assert!(
            turned.contains("(kind: Barrel, at_cm: (1.0, 2.0), facing_deg: 15.0), // by the bank")
        );
        let fence = &list(&root, "props").items()[1];
        let plain = remove_field(TOWN, fence, "facing_deg").unwrap();
        assert!(
            plain.contains("(kind: Fence, at_cm: (3.0, 4.0)),\n"),
            "{plain}"
        );
    }

    /// Found by mutation testing (docs/testing.md): a struct with no field
    /// yet gets one inside its brackets; the only field of a struct goes
    /// with its comma; a block comment that runs over lines is not on the
    /// item's line, so the comma after it is not the item's.
    #[test]
    fn empty_structs_only_fields_and_comments_over_lines() {
        let text = "(\n    a: (),\n    b: ( ),\n    c: (x: 1.0),\n)\n";
        let root = read(text).unwrap();
        let a = set_field(text, root.field("a").unwrap(), "x", "2.0").unwrap();
        assert_eq!(a, text.replace("a: ()", "a: (x: 2.0)"));
        let b = set_field(text, root.field("b").unwrap(), "x", "2.0").unwrap();
        assert_eq!(b, text.replace("b: ( )", "b: (x: 2.0 )"));
        let c = remove_field(text, root.field("c").unwrap(), "x").unwrap();
        assert_eq!(c, text.replace("c: (x: 1.0)", "c: ()"));
        let inline = "a /* n */, b";
        assert_eq!(after_comma(inline, 1), inline.find(',').unwrap() + 1);
        for over_lines in ["a /* n\n*/, b", "a /* n\n m */, b"] {
            assert_eq!(after_comma(over_lines, 1), 1, "{over_lines:?}");
        }
        // An emptied list written over lines: the item after what it holds,
        // before the closing bracket's line.
        let emptied = "(\n    figures: [\n        // none yet\n    ],\n)\n";
        let root = read(emptied).unwrap();
        let added = append_item(emptied, list(&root, "figures"), "X").unwrap();
        assert_eq!(
            added,
            "(\n    figures: [\n        // none yet\n        X,\n    ],\n)\n"
        );
        // An inline item goes with its comma and every blank after it.
        let spaced = "(\n    discs: [(1.0, 1.0),    (2.0, 2.0), (3.0, 3.0), (4.0, 4.0)],\n)\n";
        let root = read(spaced).unwrap();
        let gone = remove_item(spaced, list(&root, "discs"), 0).unwrap();
        assert!(
            gone.contains("discs: [(2.0, 2.0), (3.0, 3.0), (4.0, 4.0)],"),
            "{gone}"
        );
    }

    #[test]
    fn items_leave_and_join_with_their_lines() {
        let root = read(TOWN).unwrap();
        // The barrel's line goes, with its comment.
        let gone = remove_item(TOWN, list(&root, "props"), 0).unwrap();
        assert_eq!(
            gone,
            TOWN.replace(
                "        (kind: Barrel, at_cm: (1.0, 2.0)), // by the bank\n",
                ""
            )
        );
        // The last item goes without taking the comment of the one before.
        let last = remove_item(TOWN, list(&root, "props"), 1).unwrap();
        assert_eq!(
            last,
            TOWN.replace(
                "        (kind: Fence, at_cm: (3.0, 4.0), facing_deg: 90.0),\n",
                ""
            )
        );
        // An inline list loses one item and one comma.
        let one = remove_item(TOWN, list(&root, "discs"), 0).unwrap();
        assert!(one.contains("discs: [(2.0, 2.0)],"), "{one}");
        let other = remove_item(TOWN, list(&root, "discs"), 1).unwrap();
        assert!(other.contains("discs: [(1.0, 1.0)],"), "{other}");
        // Added: under the last, indented as it is; inline after the last;
        // an empty list opened.
        let added = append_item(
            TOWN,
            list(&root, "props"),
            "(kind: Cactus, at_cm: (0.0, 0.0))",
        )
        .unwrap();
        assert!(
            added
                .contains("facing_deg: 90.0),\n        (kind: Cactus, at_cm: (0.0, 0.0)),\n    ],"),
            "{added}"
        );
        let disc = append_item(TOWN, list(&root, "discs"), "(3.0, 3.0)").unwrap();
        assert!(
            disc.contains("discs: [(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)],"),
            "{disc}"
        );
        let first = append_item(
            TOWN,
            list(&root, "figures"),
            "(team: Neutral, at_cm: (0.0, 0.0))",
        )
        .unwrap();
        assert!(
            first.contains("    figures: [\n        (team: Neutral, at_cm: (0.0, 0.0)),\n    ],\n"),
            "{first}"
        );
        // A new top-level field on its own line.
        let gallows = insert_field_line(TOWN, &root, Some("props"), "gallows", "[]").unwrap();
        assert!(
            gallows.contains("    ],\n    gallows: [],\n    discs:"),
            "{gallows}"
        );
        for t in [gone, last, one, other, added, disc, first, gallows] {
            read(&t).unwrap_or_else(|e| panic!("{e:?}\n{t}"));
        }
    }
}
