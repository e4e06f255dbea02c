//! A RON file read as text with places: every value's byte span, every
//! struct field's name and value, every list's items — so that an edit can
//! change the bytes of one value and leave every other byte of the file (its
//! comments, its spacing, its field order) as the author wrote it. Only
//! places are found here; what the values mean is serde's business
//! (`scenario::parse_ron`).

use std::ops::Range;

/// A value and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// From its first byte to just past its last (a struct's closing paren).
    pub span: Range<usize>,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A number, string, character or bare identifier (`Red`, `true`).
    Atom,
    /// `( … )`, or `Name( … )` (an enum variant, `Some`): its fields (named
    /// in a struct, unnamed in a tuple) and the span of its parentheses.
    Tuple {
        name: Option<Range<usize>>,
        fields: Vec<Field>,
        parens: Range<usize>,
    },
    /// `[ … ]` and its items, with the span of its brackets.
    List {
        items: Vec<Node>,
        brackets: Range<usize>,
    },
    /// `{ … }`: keys and values in turn.
    Map {
        items: Vec<Node>,
        braces: Range<usize>,
    },
}

/// One field of a tuple: `name: value` or a bare value.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub name: Option<(String, Range<usize>)>,
    pub value: Node,
}

impl Field {
    /// From the field's name (or value) to the end of its value.
    pub fn span(&self) -> Range<usize> {
        let start = self
            .name
            .as_ref()
            .map_or(self.value.span.start, |n| n.1.start);
        start..self.value.span.end
    }
}

impl Node {
    /// The named field's value, in a struct.
    pub fn field(&self, name: &str) -> Option<&Node> {
        self.named(name).map(|f| &f.value)
    }

    /// The named field, in a struct.
    pub fn named(&self, name: &str) -> Option<&Field> {
        match &self.kind {
            Kind::Tuple { fields, .. } => fields
                .iter()
                .find(|f| f.name.as_ref().is_some_and(|n| n.0 == name)),
            _ => None,
        }
    }

    /// A list's items (none for anything else).
    pub fn items(&self) -> &[Node] {
        match &self.kind {
            Kind::List { items, .. } => items,
            _ => &[],
        }
    }

    /// A tuple's fields (none for anything else).
    pub fn fields(&self) -> &[Field] {
        match &self.kind {
            Kind::Tuple { fields, .. } => fields,
            _ => &[],
        }
    }
}

/// Why the text could not be read (the byte where it went wrong).
#[derive(Debug, Clone, PartialEq)]
pub struct ReadError {
    pub at: usize,
    pub message: String,
}

/// Reads a whole document: one value, with comments and blanks around it.
pub fn read(text: &str) -> Result<Node, ReadError> {
    let mut r = Reader { text, at: 0 };
    r.blank()?;
    let node = r.value()?;
    r.blank()?;
    if r.at != text.len() {
        return Err(r.error("more after the end of the value"));
    }
    Ok(node)
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, message: &str) -> ReadError {
        ReadError {
            at: self.at,
            message: message.to_string(),
        }
    }

    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Skips white space and comments (`//` to the line's end, `/* */` nested).
    fn blank(&mut self) -> Result<(), ReadError> {
        loop {
            let rest = self.rest();
            if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
                self.at += c.len_utf8();
            } else if rest.starts_with("//") {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with("/*") {
                let mut depth = 0;
                let mut i = 0;
                let bytes = rest.as_bytes();
                loop {
                    if i + 1 >= bytes.len() {
                        return Err(self.error("a comment that is never closed"));
                    }
                    if &bytes[i..i + 2] == b"/*" {
                        depth += 1;
                        i += 2;
                    } else if &bytes[i..i + 2] == b"*/" {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                self.at += i;
            } else {
                return Ok(());
            }
        }
    }

    fn value(&mut self) -> Result<Node, ReadError> {
        let start = self.at;
        match self.peek() {
            None => Err(self.error("a value was expected")),
            Some('(') => {
                let (fields, parens) = self.tuple()?;
                Ok(Node {
                    span: start..self.at,
                    kind: Kind::Tuple {
                        name: None,
                        fields,
                        parens,
                    },
                })
            }
            Some('[') => {
                let (items, brackets) = self.sequence('[', ']')?;
                Ok(Node {
                    span: start..self.at,
                    kind: Kind::List { items, brackets },
                })
            }
            Some('{') => {
                let (items, braces) = self.sequence('{', '}')?;
                Ok(Node {
                    span: start..self.at,
                    kind: Kind::Map { items, braces },
                })
            }
            Some('"') => {
                self.string()?;
                Ok(self.atom(start))
            }
            Some('r') if self.rest().starts_with("r\"") || self.rest().starts_with("r#") => {
                self.raw_string()?;
                Ok(self.atom(start))
            }
            Some('\'') => {
                self.character()?;
                Ok(self.atom(start))
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => {
                self.number();
                Ok(self.atom(start))
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let name = self.identifier();
                let after_name = self.at;
                if self.peek() == Some('(') {
                    let (fields, parens) = self.tuple()?;
                    Ok(Node {
                        span: start..self.at,
                        kind: Kind::Tuple {
                            name: Some(name),
                            fields,
                            parens,
                        },
                    })
                } else {
                    self.at = after_name;
                    Ok(self.atom(start))
                }
            }
            Some(_) => Err(self.error("a value was expected")),
        }
    }

    fn atom(&self, start: usize) -> Node {
        Node {
            span: start..self.at,
            kind: Kind::Atom,
        }
    }

    fn identifier(&mut self) -> Range<usize> {
        let start = self.at;
        let len = self
            .rest()
            .char_indices()
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(self.rest().len(), |(i, _)| i);
        self.at += len;
        start..self.at
    }

    fn number(&mut self) {
        let len = self
            .rest()
            .char_indices()
            .skip(1)
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-')))
            .map_or(self.rest().len(), |(i, _)| i);
        // A sign inside is only an exponent's (1e-3): cut a number at a sign
        // that does not follow an `e`.
        let body = &self.rest()[..len];
        let mut end = len;
        let bytes = body.as_bytes();
        for i in 1..bytes.len() {
            if matches!(bytes[i], b'+' | b'-') && !matches!(bytes[i - 1], b'e' | b'E') {
                end = i;
                break;
            }
        }
        self.at += end;
    }

    fn string(&mut self) -> Result<(), ReadError> {
        self.quoted('"', "a string that is never closed")
    }

    /// Past a quoted string or character that starts here (escapes skipped).
    fn quoted(&mut self, close: char, unclosed: &str) -> Result<(), ReadError> {
        let mut escaped = false;
        for (i, c) in self.rest().char_indices().skip(1) {
            match c {
                '\\' if !escaped => escaped = true,
                c if c == close && !escaped => {
                    self.at += i + 1;
                    return Ok(());
                }
                _ => escaped = false,
            }
        }
        Err(self.error(unclosed))
    }

    fn raw_string(&mut self) -> Result<(), ReadError> {
        let rest = &self.rest()[1..];
        let hashes = rest.chars().take_while(|&c| c == '#').count();
        let close = format!("\"{}", "#".repeat(hashes));
        let body_start = 1 + hashes + 1;
        match self.rest()[body_start..].find(&close) {
            Some(i) => {
                self.at += body_start + i + close.len();
                Ok(())
            }
            None => Err(self.error("a raw string that is never closed")),
        }
    }

    fn character(&mut self) -> Result<(), ReadError> {
        self.quoted('\'', "a character that is never closed")
    }

    fn expect(&mut self, c: char) -> Result<(), ReadError> {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            Ok(())
        } else {
            Err(self.error(&format!("`{c}` was expected")))
        }
    }

    /// `( fields )`: each `name: value` or a bare value, commas between
    /// (and one allowed after the last).
    fn tuple(&mut self) -> Result<(Vec<Field>, Range<usize>), ReadError> {
        let open = self.at;
        self.expect('(')?;
        let mut fields = Vec::new();
        loop {
            self.blank()?;
            if self.peek() == Some(')') {
                self.at += 1;
                return Ok((fields, open..self.at));
            }
            let before = self.at;
            let name = if self.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
                let name = self.identifier();
                self.blank()?;
                if self.peek() == Some(':') {
                    self.at += 1;
                    self.blank()?;
                    Some((self.text[name.clone()].to_string(), name))
                } else {
                    self.at = before;
                    None
                }
            } else {
                None
            };
            let value = self.value()?;
            fields.push(Field { name, value });
            self.blank()?;
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {}
                _ => return Err(self.error("`,` or `)` was expected")),
            }
        }
    }

    /// `[ items ]` or `{ key: value, … }` (a map's keys and values in turn).
    fn sequence(
        &mut self,
        open: char,
        close: char,
    ) -> Result<(Vec<Node>, Range<usize>), ReadError> {
        let start = self.at;
        self.expect(open)?;
        let mut items = Vec::new();
        loop {
            self.blank()?;
            if self.peek() == Some(close) {
                self.at += 1;
                return Ok((items, start..self.at));
            }
            items.push(self.value()?);
            self.blank()?;
            if open == '{' {
                self.expect(':')?;
                self.blank()?;
                items.push(self.value()?);
                self.blank()?;
            }
            match self.peek() {
                Some(',') => self.at += 1,
                Some(c) if c == close => {}
                _ => return Err(self.error(&format!("`,` or `{close}` was expected"))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_is_read_with_the_place_of_every_value() {
        let text = "// a town\n(\n    name: \"A \\\"town\\\"\", /* old: \"B\" */\n    props: [\n        (kind: Barrel, at_cm: (-22.0, 1e-3)),\n        (kind: Fence, at_cm: (3, -4.5), facing_deg: 90.0), // a fence\n    ],\n    discs: [(1.0, 2.0)],\n    game: Some((start_hour: 6, victory: [(team: Outlaws, condition: Deliver(token: Gold, count: 2))])),\n)\n";
        let root = read(text).unwrap();
        assert_eq!(&text[root.span.clone()], &text[10..text.len() - 1]);
        assert_eq!(
            &text[root.field("name").unwrap().span.clone()],
            "\"A \\\"town\\\"\""
        );
        let props = root.field("props").unwrap().items();
        assert_eq!(props.len(), 2);
        assert_eq!(
            &text[props[1].span.clone()],
            "(kind: Fence, at_cm: (3, -4.5), facing_deg: 90.0)"
        );
        let at = props[0].field("at_cm").unwrap();
        assert_eq!(&text[at.span.clone()], "(-22.0, 1e-3)");
        assert_eq!(at.fields().len(), 2);
        assert_eq!(&text[at.fields()[1].value.span.clone()], "1e-3");
        let fence = &props[1];
        let facing = fence.named("facing_deg").unwrap();
        assert_eq!(&text[facing.span()], "facing_deg: 90.0");
        let game = root.field("game").unwrap();
        let Kind::Tuple { name, fields, .. } = &game.kind else {
            panic!("Some(..) is a tuple");
        };
        assert_eq!(&text[name.clone().unwrap()], "Some");
        let inner = &fields[0].value;
        assert_eq!(&text[inner.field("start_hour").unwrap().span.clone()], "6");
        let victory = inner.field("victory").unwrap().items();
        let deliver = victory[0].field("condition").unwrap();
        assert_eq!(
            &text[deliver.span.clone()],
            "Deliver(token: Gold, count: 2)"
        );
        assert_eq!(
            deliver.field("count").map(|c| &text[c.span.clone()]),
            Some("2")
        );
    }

    #[test]
    fn every_shipped_town_is_read_to_its_end() {
        let dir = crate::scenario::data_root().join("scenarios");
        let mut read_any = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "ron") {
                let text = std::fs::read_to_string(&path).unwrap();
                let root = read(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
                assert!(root.field("figures").is_some_and(|f| !f.items().is_empty()));
                read_any += 1;
            }
        }
        assert!(read_any >= 11);
    }

    #[test]
    fn broken_text_is_refused_where_it_breaks() {
        for (text, at) in [
            ("(a: 1,, b: 2)", 6),
            ("(a: \"open)", 4),
            ("[1, 2", 5),
            ("(a: 1) x", 7),
            ("/* (a: 1)", 0),
        ] {
            let e = read(text).expect_err(text);
            assert_eq!(e.at, at, "{text}: {e:?}");
        }
    }
}
