//! The town editor's patches as properties. Random edits of every kind, undone
//! and redone, on generated town files with comments everywhere (after the last
//! item on its line, on lines of their own between items, block comments
//! between fields and inside tuples, odd spacing, trailing commas and none)
//! keep every comment and every byte the edit did not touch, and undo gives
//! back the very bytes. After every step on every file:
//!
//! - every comment is still in the text, but those on the lines of what the
//!   step took out (a piece, a token, a cowboy's entry, a townsman's hat);
//! - the bytes the edit did not touch are the same: all but the edited item
//!   (and the game section, which speaks of a figure by his name) for a move,
//!   a turn or a field; the old text and one run of new bytes (a comma before
//!   it where the item before had none) for a piece or a game section added;
//!   the new text and one run of old bytes for a piece deleted; all but the
//!   game section for the game's own edits;
//! - undo gives back the very text before the edit, redo the text after it;
//! - the text reads as the town the editor holds, and the edit did to the
//!   town's pieces what it says.
//!
//! A failure names the file's seed, the step, the edit and the lines where the
//! texts part; every file that breaks a property is counted by property.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::Path;

use highnoon::editor::ron_text::{self, Kind, Node};
use highnoon::editor::{Edit, EditTown, NewPiece};
use highnoon::scenario::game::Token;
use highnoon::scenario::kinds::{BuildingKind, HatSide, Team};
use highnoon::scenario::parse_ron;
use highnoon::scenario::town::{FigureSpec, PieceList, PieceRef, PropKind, Town};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Generated files, and the random steps taken on each.
const FILES: u64 = 50;
const STEPS: usize = 40;

/// The path a generated file is opened as (nothing is written there).
const PATH: &str = "generated.ron";

const NAMES: [&str; 12] = [
    "Wyatt",
    "Deputy Gus",
    "Doc Holt",
    "Marshal Ray",
    "Ranger Kit",
    "Ol' Cooper",
    "Black Jack",
    "Snake Eyes",
    "Dutch",
    "Kid Cooper",
    "Miss Lily",
    "The Preacher",
];
const PROPS: [PropKind; 4] = [
    PropKind::Barrel,
    PropKind::Cactus,
    PropKind::Fence,
    PropKind::Tumbleweed,
];
const TEAMS: [Team; 3] = [Team::Lawmen, Team::Outlaws, Team::Neutral];
const SIDES: [HatSide; 2] = [HatSide::Red, HatSide::Blue];
const TOKENS: [Token; 8] = [
    Token::Colt,
    Token::Winchester,
    Token::Dynamite,
    Token::Document,
    Token::Gold,
    Token::CleanWater,
    Token::PoisonedWater,
    Token::Hostage,
];
const AT_NOON: [&str; 4] = ["Draw", "MostHitPoints", "Winner(Lawmen)", "Winner(Outlaws)"];

/// What the comments say besides their markers (none holds a marker or ends
/// a block comment; some hold what looks like RON).
const WORDS: [&str; 8] = [
    "by the well",
    "cover for the law",
    "moved in spring",
    "TODO: closer to the door?",
    "the old corral, (x, z) = [1, 2]",
    "see docs/scenario-format.md",
    "mind the \"door\"",
    "a: b, c",
];

// The layouts the generated files are written in.
const LINE_AFTER_LAST: &str = "a line comment after the last item of a list, on its line";
const NO_COMMA_AFTER_LAST: &str = "no comma after the last item of a list";
const LINE_BETWEEN_ITEMS: &str = "a line comment on a line of its own between items";
const BLOCK_BETWEEN_ITEMS: &str = "a block comment on a line of its own between items";
const LONG_BLOCK_BETWEEN_ITEMS: &str = "a block comment over two lines between items";
const BLANK_BETWEEN_ITEMS: &str = "a blank line between items";
const BLOCK_AFTER_COMMA: &str = "a block comment after an item's comma";
const BLOCK_BEFORE_COMMA: &str = "a block comment between an item and its comma";
const BLOCK_BEFORE_ITEM: &str = "a block comment before an item on its line";
const BLOCK_MID_LINE: &str = "a block comment after a comma inside a line";
const BLOCK_IN_PLACE: &str = "a block comment inside a place's tuple";
const TRAILING_COMMA_IN_ITEM: &str = "a trailing comma inside an item";
const TRAILING_COMMA_IN_PLACE: &str = "a trailing comma inside a place";
const ODD_SPACING: &str = "odd spacing";
const ODD_INDENT: &str = "items indented by two, not four";
const TWO_ON_A_LINE: &str = "two items on one line";
const LIST_ON_ONE_LINE: &str = "a list on one line";
const EMPTY_LIST: &str = "an empty list";
const MISSING_LIST: &str = "a list left out";
const COMMENT_AFTER_OPEN: &str = "a comment after a list's opening bracket";
const COMMENT_BEFORE_CLOSE: &str = "a comment on a line of its own after the last item";
const LINE_BETWEEN_FIELDS: &str = "a line comment on a line of its own between fields";
const BLOCK_BETWEEN_FIELDS: &str = "a block comment on a line of its own between fields";
const COMMENT_AFTER_FIELD: &str = "a comment after a field's comma";
const NO_COMMA_AFTER_LAST_FIELD: &str = "no comma after the town's last field";
const GAME_ON_LINES: &str = "a game section a field a line";
const GAME_ON_ONE_LINE: &str = "a game section on one line";
const GAME_IN_SOME: &str = "a game section inside Some( … )";

const LAYOUTS: [&str; 28] = [
    LINE_AFTER_LAST,
    NO_COMMA_AFTER_LAST,
    LINE_BETWEEN_ITEMS,
    BLOCK_BETWEEN_ITEMS,
    LONG_BLOCK_BETWEEN_ITEMS,
    BLANK_BETWEEN_ITEMS,
    BLOCK_AFTER_COMMA,
    BLOCK_BEFORE_COMMA,
    BLOCK_BEFORE_ITEM,
    BLOCK_MID_LINE,
    BLOCK_IN_PLACE,
    TRAILING_COMMA_IN_ITEM,
    TRAILING_COMMA_IN_PLACE,
    ODD_SPACING,
    ODD_INDENT,
    TWO_ON_A_LINE,
    LIST_ON_ONE_LINE,
    EMPTY_LIST,
    MISSING_LIST,
    COMMENT_AFTER_OPEN,
    COMMENT_BEFORE_CLOSE,
    LINE_BETWEEN_FIELDS,
    BLOCK_BETWEEN_FIELDS,
    COMMENT_AFTER_FIELD,
    NO_COMMA_AFTER_LAST_FIELD,
    GAME_ON_LINES,
    GAME_ON_ONE_LINE,
    GAME_IN_SOME,
];

// The properties, as a failure names them.
const KEPT: &str = "every comment is kept but those on the lines taken out";
const TWICE: &str = "no comment is written twice";
const OUTSIDE: &str = "the bytes outside the edited item are the same";
const OUTSIDE_GAME: &str = "the bytes outside the game section are the same";
const ADDED: &str = "an addition is the old text with one run of new bytes";
const DELETED: &str = "a deletion is the old text with one run of bytes taken out";
const UNDO: &str = "undo gives back the very bytes before the edit";
const REDO: &str = "redo gives back the very bytes after the edit";
const TAKEN: &str = "a valid edit is taken";
const REFUSED: &str = "an edit the town cannot take is refused and changes nothing";
const MEANING: &str = "the edit does to the town's pieces what it says";
const READS: &str = "the text reads as the editor's town";

/// Every kind of step, each to be taken at least once.
const STEP_KINDS: [&str; 17] = [
    "Move",
    "Turn",
    "Delete",
    "Add a building",
    "Add the gallows",
    "Add a prop",
    "Add a figure",
    "Add a disc",
    "SetField",
    "SetGame",
    "AddToken",
    "RemoveToken",
    "PileFaceDown",
    "SetCowboy",
    "AddGame",
    "Undo",
    "Redo",
];

/// A property broken, and what to say of it.
type Fail = (&'static str, String);

/// A number as the files write it (`12.0`, `-3.5`).
fn number(v: f32) -> String {
    format!("{v:?}")
}

/// Writes town files as an author might: comments everywhere, each with a
/// marker of its own (`~c17~`), odd spacing, trailing commas and none.
struct Writer {
    rng: ChaCha8Rng,
    /// Comments written so far (the last one's marker).
    comments: usize,
    /// The layouts written.
    layouts: BTreeSet<&'static str>,
}

impl Writer {
    fn new(seed: u64) -> Self {
        Writer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            comments: 0,
            layouts: BTreeSet::new(),
        }
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn saw(&mut self, layout: &'static str) {
        self.layouts.insert(layout);
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.rng.random_range(0..=i);
            items.swap(i, j);
        }
    }

    /// A new comment's marker.
    fn marker(&mut self) -> String {
        self.comments += 1;
        format!("~c{}~", self.comments)
    }

    fn words(&mut self) -> &'static str {
        WORDS[self.rng.random_range(0..WORDS.len())]
    }

    fn line_comment(&mut self) -> String {
        let marker = self.marker();
        let words = self.words();
        format!("// {marker} {words}")
    }

    fn block_comment(&mut self) -> String {
        let marker = self.marker();
        let words = self.words();
        format!("/* {marker} {words} */")
    }

    /// A coordinate on the table, in half centimetres up to `reach` each way.
    fn coordinate(&mut self, reach: i32) -> f32 {
        self.rng.random_range(-2 * reach..=2 * reach) as f32 / 2.0
    }

    fn spot(&mut self) -> (f32, f32) {
        (self.coordinate(65), self.coordinate(42))
    }

    /// A place, `(x, z)`: now and then with a comment inside, odd spacing or
    /// a trailing comma.
    fn place(&mut self, at: (f32, f32)) -> String {
        let (x, z) = (number(at.0), number(at.1));
        match self.rng.random_range(0..12u32) {
            0 => {
                self.saw(BLOCK_IN_PLACE);
                let c = self.block_comment();
                format!("({c} {x}, {z})")
            }
            1 => {
                self.saw(BLOCK_IN_PLACE);
                let c = self.block_comment();
                format!("({x}, {c} {z})")
            }
            2 => {
                self.saw(ODD_SPACING);
                format!("( {x},{z} )")
            }
            3 => {
                self.saw(TRAILING_COMMA_IN_PLACE);
                format!("({x}, {z},)")
            }
            _ => format!("({x}, {z})"),
        }
    }

    /// `key: value`, the colon now and then spaced oddly.
    fn field(&mut self, key: &str, value: &str) -> String {
        match self.rng.random_range(0..16u32) {
            0 => {
                self.saw(ODD_SPACING);
                format!("{key}:{value}")
            }
            1 => {
                self.saw(ODD_SPACING);
                format!("{key} :  {value}")
            }
            _ => format!("{key}: {value}"),
        }
    }

    /// What stands between two fields or items on one line.
    fn separator(&mut self) -> String {
        match self.rng.random_range(0..12u32) {
            0 => {
                self.saw(BLOCK_MID_LINE);
                let c = self.block_comment();
                format!(", {c} ")
            }
            1 => {
                self.saw(ODD_SPACING);
                ",  ".to_string()
            }
            2 => {
                self.saw(ODD_SPACING);
                " , ".to_string()
            }
            3 => {
                self.saw(ODD_SPACING);
                ",".to_string()
            }
            _ => ", ".to_string(),
        }
    }

    /// Fields in parentheses: an item of a list.
    fn tuple(&mut self, fields: &[String]) -> String {
        let spaced = self.chance(0.1);
        if spaced {
            self.saw(ODD_SPACING);
        }
        let mut out = String::from(if spaced { "( " } else { "(" });
        for (i, field) in fields.iter().enumerate() {
            if i > 0 {
                let separator = self.separator();
                out.push_str(&separator);
            }
            out.push_str(field);
        }
        if self.chance(0.1) {
            self.saw(TRAILING_COMMA_IN_ITEM);
            out.push(',');
        }
        out.push_str(if spaced { " )" } else { ")" });
        out
    }

    fn building(&mut self, kind: BuildingKind) -> String {
        let at = self.spot();
        let facing = [0.0f32, 90.0, 180.0, -90.0][self.rng.random_range(0..4usize)];
        let place = self.place(at);
        let mut fields = vec![
            self.field("kind", &format!("{kind:?}")),
            self.field("at_cm", &place),
        ];
        if self.chance(0.8) {
            fields.push(self.field("facing_deg", &number(facing)));
        }
        self.tuple(&fields)
    }

    fn gallows(&mut self) -> String {
        let at = self.spot();
        let place = self.place(at);
        let mut fields = vec![self.field("at_cm", &place)];
        if self.chance(0.8) {
            fields.push(self.field("facing_deg", "90.0"));
        }
        self.tuple(&fields)
    }

    fn prop(&mut self) -> String {
        let kind = PROPS[self.rng.random_range(0..PROPS.len())];
        let at = self.spot();
        let place = self.place(at);
        let mut fields = vec![
            self.field("kind", &format!("{kind:?}")),
            self.field("at_cm", &place),
        ];
        if self.chance(0.4) {
            let facing = self.rng.random_range(-12..=12i32) as f32 * 15.0;
            fields.push(self.field("facing_deg", &number(facing)));
        }
        self.tuple(&fields)
    }

    fn figure(&mut self, f: &FigureSpec) -> String {
        let mut fields = vec![self.field("team", &format!("{:?}", f.team))];
        if let Some(hat) = f.hat {
            fields.push(self.field("hat", &hat.to_string()));
            if f.hat_side == HatSide::Blue || self.chance(0.7) {
                fields.push(self.field("hat_side", &format!("{:?}", f.hat_side)));
            }
        }
        if let Some(name) = &f.name {
            fields.push(self.field("name", &format!("{name:?}")));
        }
        let place = self.place(f.at_cm);
        fields.push(self.field("at_cm", &place));
        if f.facing_deg != 0.0 {
            fields.push(self.field("facing_deg", &number(f.facing_deg)));
        }
        self.tuple(&fields)
    }

    /// Lawmen and outlaws (one to three of each, numbered from 1) and up to
    /// two townsfolk, most of them named.
    fn figures(&mut self) -> Vec<FigureSpec> {
        let mut names = NAMES.to_vec();
        self.shuffle(&mut names);
        let counts = [
            (Team::Lawmen, self.rng.random_range(1..=3u8)),
            (Team::Outlaws, self.rng.random_range(1..=3u8)),
            (Team::Neutral, self.rng.random_range(0..=2u8)),
        ];
        let mut figures = Vec::new();
        for (team, count) in counts {
            for hat in 1..=count {
                let cowboy = team != Team::Neutral;
                let name = if !cowboy || self.chance(0.75) {
                    names.pop().map(str::to_string)
                } else {
                    None
                };
                let at_cm = self.spot();
                let facing_deg = if self.chance(0.5) {
                    0.0
                } else {
                    self.rng.random_range(-12..=12i32) as f32 * 15.0
                };
                let hat_side = if cowboy && self.chance(0.3) {
                    HatSide::Blue
                } else {
                    HatSide::Red
                };
                figures.push(FigureSpec {
                    team,
                    hat: cowboy.then_some(hat),
                    hat_side,
                    name,
                    at_cm,
                    facing_deg,
                });
            }
        }
        figures
    }

    /// Two to five buildings, no kind twice.
    fn building_kinds(&mut self) -> Vec<BuildingKind> {
        let mut kinds = BuildingKind::ALL.to_vec();
        self.shuffle(&mut kinds);
        let n = self.rng.random_range(2..=5usize);
        kinds.truncate(n);
        kinds
    }

    /// What may stand on a line of its own before an item.
    fn between_items(&mut self, indent: &str, out: &mut String) {
        match self.rng.random_range(0..20u32) {
            0..=2 => {
                self.saw(LINE_BETWEEN_ITEMS);
                let c = self.line_comment();
                out.push_str(&format!("{indent}{c}\n"));
            }
            3 => {
                self.saw(BLOCK_BETWEEN_ITEMS);
                let c = self.block_comment();
                out.push_str(&format!("{indent}{c}\n"));
            }
            4 => {
                self.saw(LONG_BLOCK_BETWEEN_ITEMS);
                let marker = self.marker();
                let (first, second) = (self.words(), self.words());
                out.push_str(&format!(
                    "{indent}/* {marker} {first}\n{indent}   {second} */\n"
                ));
            }
            5 => {
                self.saw(BLANK_BETWEEN_ITEMS);
                out.push('\n');
            }
            _ => {}
        }
    }

    /// What follows an item on its line: a comma (or, after the last, none)
    /// and perhaps a comment.
    fn item_end(&mut self, last: bool) -> String {
        let comma = if last && self.chance(0.3) {
            self.saw(NO_COMMA_AFTER_LAST);
            ""
        } else {
            ","
        };
        match self.rng.random_range(0..12u32) {
            0..=3 => {
                if last {
                    self.saw(LINE_AFTER_LAST);
                }
                let c = self.line_comment();
                format!("{comma} {c}")
            }
            4 => {
                self.saw(BLOCK_AFTER_COMMA);
                let c = self.block_comment();
                format!("{comma} {c}")
            }
            5 => {
                self.saw(BLOCK_BEFORE_COMMA);
                let c = self.block_comment();
                format!(" {c}{comma}")
            }
            6 => {
                self.saw(ODD_SPACING);
                format!("{comma}   ")
            }
            _ => comma.to_string(),
        }
    }

    /// A list field, from its key to its closing bracket (no comma after):
    /// its items on lines of their own, with comments before, between and
    /// after them, or all on one line.
    fn list(&mut self, key: &str, items: &[String], indent: &str) -> String {
        if items.is_empty() {
            self.saw(EMPTY_LIST);
            return format!("{indent}{key}: []");
        }
        let one_line = if key == "discs" { 0.7 } else { 0.15 };
        if items.len() <= 3 && self.chance(one_line) {
            self.saw(LIST_ON_ONE_LINE);
            let mut out = format!("{indent}{key}: [");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    let separator = self.separator();
                    out.push_str(&separator);
                }
                out.push_str(item);
            }
            if self.chance(0.2) {
                out.push(',');
            }
            out.push(']');
            return out;
        }
        let mut out = format!("{indent}{key}: [");
        if self.chance(0.1) {
            self.saw(COMMENT_AFTER_OPEN);
            let c = self.line_comment();
            out.push(' ');
            out.push_str(&c);
        }
        out.push('\n');
        let inner = if self.chance(0.1) {
            self.saw(ODD_INDENT);
            format!("{indent}  ")
        } else {
            format!("{indent}    ")
        };
        let mut i = 0;
        while i < items.len() {
            self.between_items(&inner, &mut out);
            let mut line = inner.clone();
            if self.chance(0.05) {
                self.saw(BLOCK_BEFORE_ITEM);
                let c = self.block_comment();
                line.push_str(&c);
                line.push(' ');
            }
            line.push_str(&items[i]);
            if i + 1 < items.len() && self.chance(0.1) {
                self.saw(TWO_ON_A_LINE);
                line.push_str(", ");
                line.push_str(&items[i + 1]);
                i += 1;
            }
            i += 1;
            let end = self.item_end(i == items.len());
            line.push_str(&end);
            out.push_str(&line);
            out.push('\n');
        }
        if self.chance(0.1) {
            self.saw(COMMENT_BEFORE_CLOSE);
            let c = self.line_comment();
            out.push_str(&format!("{inner}{c}\n"));
        }
        out.push_str(indent);
        out.push(']');
        out
    }

    /// What may follow a field's comma on its line.
    fn tail(&mut self) -> String {
        match self.rng.random_range(0..8u32) {
            0..=1 => {
                self.saw(COMMENT_AFTER_FIELD);
                let c = self.line_comment();
                format!(" {c}")
            }
            2 => {
                self.saw(COMMENT_AFTER_FIELD);
                let c = self.block_comment();
                format!(" {c}")
            }
            _ => String::new(),
        }
    }

    /// What may stand on a line of its own between two of the town's fields.
    fn between_fields(&mut self, out: &mut String) {
        match self.rng.random_range(0..8u32) {
            0 => {
                self.saw(LINE_BETWEEN_FIELDS);
                let c = self.line_comment();
                out.push_str(&format!("    {c}\n"));
            }
            1 => {
                self.saw(BLOCK_BETWEEN_FIELDS);
                let c = self.block_comment();
                out.push_str(&format!("    {c}\n"));
            }
            2 => out.push('\n'),
            _ => {}
        }
    }

    /// Entries in the game section's `cowboys` list for the first one or two
    /// cowboys.
    fn cowboys(&mut self, names: &[String], kinds: &[BuildingKind]) -> Vec<String> {
        let n = self.rng.random_range(1..=2usize).min(names.len());
        let mut entries = Vec::new();
        for name in names.iter().take(n) {
            let own = match self.rng.random_range(0..4u32) {
                0 => "hit_points: Some(4)".to_string(),
                1 => "tokens: [Colt]".to_string(),
                2 => format!("inside: Some({:?})", kinds[0]),
                _ => "unarmed: true".to_string(),
            };
            entries.push(self.tuple(&[format!("name: {name:?}"), own]));
        }
        entries
    }

    /// Piles of tokens in the first one or two buildings.
    fn piles(&mut self, kinds: &[BuildingKind]) -> Vec<String> {
        let n = self.rng.random_range(1..=2usize).min(kinds.len());
        let mut piles = Vec::new();
        for kind in kinds.iter().take(n) {
            let count = self.rng.random_range(1..=3usize);
            let tokens: Vec<String> = (0..count)
                .map(|_| format!("{:?}", TOKENS[self.rng.random_range(0..TOKENS.len())]))
                .collect();
            let mut fields = vec![
                format!("building: {kind:?}"),
                format!("tokens: [{}]", tokens.join(", ")),
            ];
            if self.chance(0.3) {
                fields.push("face_down: true".to_string());
            }
            piles.push(self.tuple(&fields));
        }
        piles
    }

    /// The `game` section, in the shape of the shipped scenarios': a field a
    /// line (or all on one line), now and then inside `Some( … )`.
    fn game(&mut self, figures: &[FigureSpec], kinds: &[BuildingKind]) -> String {
        let cowboys: Vec<String> = figures
            .iter()
            .filter(|f| f.team != Team::Neutral)
            .map(FigureSpec::display_name)
            .collect();
        let initiative = format!("{:?}", cowboys[0]);
        let lawman = figures
            .iter()
            .find(|f| f.team == Team::Lawmen)
            .map(FigureSpec::display_name);
        let outlaws_win = match lawman {
            Some(name) if self.chance(0.5) => {
                format!("(team: Outlaws, condition: Kill({name:?}))")
            }
            _ => "(team: Outlaws, condition: Deliver(token: Gold, count: 2, to: Building(Saloon)))"
                .to_string(),
        };
        let victory = [
            "(team: Lawmen, condition: Eliminate(Outlaws))".to_string(),
            outlaws_win,
        ];
        let at_noon = AT_NOON[self.rng.random_range(0..AT_NOON.len())];
        let start_hour = self.rng.random_range(1..=11u8).to_string();
        let (open, close) = if self.chance(0.3) {
            self.saw(GAME_IN_SOME);
            ("Some((", "))")
        } else {
            ("(", ")")
        };
        if self.chance(0.25) {
            self.saw(GAME_ON_ONE_LINE);
            let victory = victory.join(", ");
            return format!(
                "    game: {open}start_hour: {start_hour}, initiative: {initiative}, \
                 victory: [{victory}], at_noon: {at_noon}{close}"
            );
        }
        self.saw(GAME_ON_LINES);
        let indent = "        ";
        let first = self.field("start_hour", &start_hour);
        let second = self.field("initiative", &initiative);
        let mut fields = vec![format!("{indent}{first}"), format!("{indent}{second}")];
        if self.chance(0.3) {
            let f = self.field("hit_points", "3");
            fields.push(format!("{indent}{f}"));
        }
        if self.chance(0.5) {
            let entries = self.cowboys(&cowboys, kinds);
            fields.push(self.list("cowboys", &entries, indent));
        }
        if self.chance(0.6) {
            let piles = self.piles(kinds);
            fields.push(self.list("piles", &piles, indent));
        }
        fields.push(self.list("victory", &victory, indent));
        let f = self.field("at_noon", at_noon);
        fields.push(format!("{indent}{f}"));
        if self.chance(0.3) {
            let f = self.field(
                "notes",
                "[\"Gold goes in with a Drop // no comment /* nor this */.\"]",
            );
            fields.push(format!("{indent}{f}"));
        }
        let mut out = format!("    game: {open}\n");
        let count = fields.len();
        for (i, field) in fields.iter().enumerate() {
            if i > 0 && self.chance(0.15) {
                self.saw(LINE_BETWEEN_FIELDS);
                let c = self.line_comment();
                out.push_str(&format!("{indent}{c}\n"));
            }
            out.push_str(field);
            if i + 1 < count || self.chance(0.7) {
                out.push(',');
            }
            let tail = self.tail();
            out.push_str(&tail);
            out.push('\n');
        }
        out.push_str(&format!("    {close}"));
        out
    }

    /// A whole town file, its fields in the order the shipped files write
    /// them; the optional lists now and then left out, the game section too.
    fn town(&mut self, seed: u64) -> String {
        let figures = self.figures();
        let kinds = self.building_kinds();
        let name = self.field("name", &format!("\"Generated town {seed}\""));
        let mut chunks = vec![format!("    {name}")];
        if self.chance(0.6) {
            let description = self.field(
                "description",
                "\"Made up, with (brackets), [a list] and // no comment\"",
            );
            chunks.push(format!("    {description}"));
        }
        let buildings: Vec<String> = kinds.iter().map(|k| self.building(*k)).collect();
        chunks.push(self.list("buildings", &buildings, "    "));
        if self.chance(0.7) {
            let n = self.rng.random_range(0..=1usize);
            let gallows: Vec<String> = (0..n).map(|_| self.gallows()).collect();
            chunks.push(self.list("gallows", &gallows, "    "));
        } else {
            self.saw(MISSING_LIST);
        }
        if self.chance(0.8) {
            let n = self.rng.random_range(0..=5usize);
            let props: Vec<String> = (0..n).map(|_| self.prop()).collect();
            chunks.push(self.list("props", &props, "    "));
        } else {
            self.saw(MISSING_LIST);
        }
        let figure_items: Vec<String> = figures.iter().map(|f| self.figure(f)).collect();
        chunks.push(self.list("figures", &figure_items, "    "));
        if self.chance(0.7) {
            let n = self.rng.random_range(0..=4usize);
            let discs: Vec<String> = (0..n)
                .map(|_| {
                    let at = self.spot();
                    self.place(at)
                })
                .collect();
            chunks.push(self.list("discs", &discs, "    "));
        } else {
            self.saw(MISSING_LIST);
        }
        if self.chance(0.6) {
            chunks.push(self.game(&figures, &kinds));
        }
        let header = self.line_comment();
        let mut out = format!("{header} (a generated town, seed {seed})\n");
        if self.chance(0.3) {
            let block = self.block_comment();
            out.push_str(&format!("{block}\n"));
        }
        out.push_str("(\n");
        let count = chunks.len();
        for (i, chunk) in chunks.iter().enumerate() {
            if i > 0 {
                self.between_fields(&mut out);
            }
            out.push_str(chunk);
            if i + 1 == count && self.chance(0.4) {
                self.saw(NO_COMMA_AFTER_LAST_FIELD);
            } else {
                out.push(',');
            }
            let tail = self.tail();
            out.push_str(&tail);
            out.push('\n');
        }
        out.push_str(")\n");
        out
    }
}

/// The town file of `seed`, and the layouts written in it.
fn written(seed: u64) -> (String, BTreeSet<&'static str>) {
    let mut writer = Writer::new(seed);
    let text = writer.town(seed);
    (text, writer.layouts)
}

/// Every comment marker in `text` (`~c17~` is 17) and where it stands.
fn markers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("~c") {
        let at = from + i;
        let digits: String = text[at + 2..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty()
            && text[at + 2 + digits.len()..].starts_with('~')
            && let Ok(id) = digits.parse()
        {
            out.push((id, at));
        }
        from = at + 2;
    }
    out
}

/// One random step.
#[derive(Debug)]
enum Step {
    Edit(Edit),
    Undo,
    Redo,
}

impl Step {
    /// The kind of step, for the tally of kinds taken.
    fn kind(&self) -> &'static str {
        match self {
            Step::Undo => "Undo",
            Step::Redo => "Redo",
            Step::Edit(edit) => match edit {
                Edit::Move { .. } => "Move",
                Edit::Turn { .. } => "Turn",
                Edit::Delete { .. } => "Delete",
                Edit::Add(NewPiece::Building { .. }) => "Add a building",
                Edit::Add(NewPiece::Gallows { .. }) => "Add the gallows",
                Edit::Add(NewPiece::Prop { .. }) => "Add a prop",
                Edit::Add(NewPiece::Figure(_)) => "Add a figure",
                Edit::Add(NewPiece::Disc { .. }) => "Add a disc",
                Edit::SetField { .. } => "SetField",
                Edit::SetGame { .. } => "SetGame",
                Edit::AddToken { .. } => "AddToken",
                Edit::RemoveToken { .. } => "RemoveToken",
                Edit::PileFaceDown { .. } => "PileFaceDown",
                Edit::SetCowboy { .. } => "SetCowboy",
                Edit::AddGame => "AddGame",
            },
        }
    }
}

fn pick<T: Clone>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[rng.random_range(0..items.len())].clone())
    }
}

/// A place on the table, in half centimetres.
fn random_place(rng: &mut ChaCha8Rng) -> (f32, f32) {
    (
        rng.random_range(-130..=130i32) as f32 / 2.0,
        rng.random_range(-84..=84i32) as f32 / 2.0,
    )
}

/// A facing in whole steps of 15°, either way round.
fn random_facing(rng: &mut ChaCha8Rng) -> f32 {
    rng.random_range(-24..=24i32) as f32 * 15.0
}

/// A piece from the palette, of any kind.
fn random_piece(rng: &mut ChaCha8Rng) -> NewPiece {
    let at_cm = random_place(rng);
    let facing_deg = random_facing(rng);
    match rng.random_range(0..5u32) {
        0 => NewPiece::Building {
            kind: BuildingKind::ALL[rng.random_range(0..BuildingKind::ALL.len())],
            at_cm,
            facing_deg,
        },
        1 => NewPiece::Gallows { at_cm, facing_deg },
        2 => NewPiece::Prop {
            kind: PROPS[rng.random_range(0..PROPS.len())],
            at_cm,
            facing_deg: if rng.random_bool(0.5) {
                0.0
            } else {
                facing_deg
            },
        },
        3 => {
            let team = TEAMS[rng.random_range(0..TEAMS.len())];
            let hat = rng.random_range(1..=5u8);
            let hat_side = SIDES[rng.random_range(0..SIDES.len())];
            let name = NAMES[rng.random_range(0..NAMES.len())];
            NewPiece::Figure(FigureSpec {
                team,
                hat: (team != Team::Neutral).then_some(hat),
                hat_side,
                name: rng.random_bool(0.7).then(|| name.to_string()),
                at_cm,
                facing_deg,
            })
        }
        _ => NewPiece::Disc { at_cm },
    }
}

/// One of the fields the editor's panel sets on a building, a prop or a
/// figure, to a value the format takes.
fn random_field(rng: &mut ChaCha8Rng, pieces: &[PieceRef]) -> Option<Edit> {
    let settable: Vec<PieceRef> = pieces
        .iter()
        .copied()
        .filter(|p| {
            matches!(
                p.list,
                PieceList::Buildings | PieceList::Props | PieceList::Figures
            )
        })
        .collect();
    let piece = pick(rng, &settable)?;
    let (field, value) = match piece.list {
        PieceList::Buildings => (
            "kind",
            format!(
                "{:?}",
                BuildingKind::ALL[rng.random_range(0..BuildingKind::ALL.len())]
            ),
        ),
        PieceList::Props => (
            "kind",
            format!("{:?}", PROPS[rng.random_range(0..PROPS.len())]),
        ),
        _ => match rng.random_range(0..4u32) {
            0 => (
                "team",
                format!("{:?}", TEAMS[rng.random_range(0..TEAMS.len())]),
            ),
            1 => ("hat", rng.random_range(1..=5u8).to_string()),
            2 => (
                "hat_side",
                format!("{:?}", SIDES[rng.random_range(0..SIDES.len())]),
            ),
            _ => (
                "name",
                format!("{:?}", NAMES[rng.random_range(0..NAMES.len())]),
            ),
        },
    };
    Some(Edit::SetField {
        piece,
        field: field.to_string(),
        value,
    })
}

/// The name of one of the town's figures, of the cowboys only or of all.
fn random_name(rng: &mut ChaCha8Rng, town: &Town, cowboys_only: bool) -> String {
    let names: Vec<String> = town
        .figures
        .iter()
        .filter(|f| !cowboys_only || f.team != Team::Neutral)
        .map(FigureSpec::display_name)
        .collect();
    pick(rng, &names).unwrap_or_else(|| "Nobody".to_string())
}

fn random_game_field(rng: &mut ChaCha8Rng, town: &Town) -> Edit {
    let (field, value) = match rng.random_range(0..5u32) {
        0 => ("start_hour", rng.random_range(1..=11u8).to_string()),
        1 => ("hit_points", rng.random_range(1..=5u8).to_string()),
        2 => (
            "at_noon",
            AT_NOON[rng.random_range(0..AT_NOON.len())].to_string(),
        ),
        3 => ("duel", rng.random_bool(0.5).to_string()),
        _ => ("initiative", format!("{:?}", random_name(rng, town, true))),
    };
    Edit::SetGame {
        field: field.to_string(),
        value,
    }
}

/// A building with tokens (the game's piles), else any building.
fn random_pile(rng: &mut ChaCha8Rng, town: &Town) -> BuildingKind {
    let piles = town
        .game
        .as_ref()
        .map(|g| g.piles.as_slice())
        .unwrap_or_default();
    match pick(rng, piles) {
        Some(pile) => pile.building,
        None => BuildingKind::ALL[rng.random_range(0..BuildingKind::ALL.len())],
    }
}

fn random_token_out(rng: &mut ChaCha8Rng, town: &Town) -> Edit {
    let building = random_pile(rng, town);
    let held = town
        .game
        .as_ref()
        .and_then(|g| g.piles.iter().find(|p| p.building == building))
        .map_or(1, |p| p.tokens.len().max(1));
    Edit::RemoveToken {
        building,
        index: rng.random_range(0..held),
    }
}

fn random_cowboy_setting(rng: &mut ChaCha8Rng, town: &Town) -> Edit {
    let name = random_name(rng, town, false);
    let (field, values): (&str, &[&str]) = match rng.random_range(0..4u32) {
        0 => ("hit_points", &["Some(4)", "2"][..]),
        1 => ("tokens", &["[Colt]", "[Winchester, Dynamite]", "[]"][..]),
        2 => ("inside", &["Some(Bank)", "Some(Saloon)"][..]),
        _ => ("unarmed", &["true", "false"][..]),
    };
    let value = values[rng.random_range(0..values.len())];
    Edit::SetCowboy {
        name,
        field: field.to_string(),
        value: rng.random_bool(0.75).then(|| value.to_string()),
    }
}

/// A random step on `town`: an edit of any kind on what the town holds (a
/// piece that is there, a building's pile), an undo or a redo. An edit of
/// the game section comes whether or not the town has one.
fn random_step(rng: &mut ChaCha8Rng, town: &Town) -> Step {
    let pieces: Vec<PieceRef> = PieceList::ALL
        .iter()
        .flat_map(|&list| (0..town.list_len(list)).map(move |index| PieceRef { list, index }))
        .collect();
    let edit = match rng.random_range(0..100u32) {
        0..=11 => pick(rng, &pieces).map(|piece| Edit::Move {
            piece,
            to_cm: random_place(rng),
        }),
        12..=18 => {
            let turnable: Vec<PieceRef> = pieces
                .iter()
                .copied()
                .filter(|p| p.list != PieceList::Discs)
                .collect();
            pick(rng, &turnable).map(|piece| Edit::Turn {
                piece,
                facing_deg: random_facing(rng),
            })
        }
        19..=26 => pick(rng, &pieces).map(|piece| Edit::Delete { piece }),
        27..=40 => Some(Edit::Add(random_piece(rng))),
        41..=49 => random_field(rng, &pieces),
        50..=54 => Some(random_game_field(rng, town)),
        55..=59 => Some(Edit::AddToken {
            building: BuildingKind::ALL[rng.random_range(0..BuildingKind::ALL.len())],
            token: TOKENS[rng.random_range(0..TOKENS.len())],
        }),
        60..=63 => Some(random_token_out(rng, town)),
        64..=66 => Some(Edit::PileFaceDown {
            building: random_pile(rng, town),
            face_down: rng.random_bool(0.5),
        }),
        67..=72 => Some(random_cowboy_setting(rng, town)),
        73..=75 => Some(Edit::AddGame),
        76..=88 => return Step::Undo,
        _ => return Step::Redo,
    };
    Step::Edit(edit.unwrap_or_else(|| Edit::Add(random_piece(rng))))
}

/// Whether the editor should take `edit` on `town`: every edit the steps
/// make of what the town holds, and of the game section where it has one.
fn takes(edit: &Edit, town: &Town) -> bool {
    let game = town.game.as_ref();
    let first_pile =
        |building: BuildingKind| game.and_then(|g| g.piles.iter().find(|p| p.building == building));
    match edit {
        Edit::Turn { piece, .. } => {
            piece.list != PieceList::Discs && piece.index < town.list_len(piece.list)
        }
        Edit::Move { piece, .. } | Edit::Delete { piece } | Edit::SetField { piece, .. } => {
            piece.index < town.list_len(piece.list)
        }
        Edit::Add(_) => true,
        Edit::SetGame { .. } | Edit::AddToken { .. } => game.is_some(),
        Edit::SetCowboy { field, .. } => game.is_some() && field != "name",
        Edit::RemoveToken { building, index } => {
            first_pile(*building).is_some_and(|p| *index < p.tokens.len())
        }
        Edit::PileFaceDown { building, .. } => first_pile(*building).is_some(),
        Edit::AddGame => game.is_none() && town.figures.iter().any(|f| f.team != Team::Neutral),
    }
}

fn piece_of(edit: &Edit) -> Option<PieceRef> {
    match edit {
        Edit::Move { piece, .. }
        | Edit::Turn { piece, .. }
        | Edit::Delete { piece }
        | Edit::SetField { piece, .. } => Some(*piece),
        _ => None,
    }
}

/// The lines holding `range`: from the start of its first line to the end of
/// its last.
fn lines(text: &str, range: &Range<usize>) -> Range<usize> {
    let start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |i| range.end + i);
    start..end
}

/// The game section's own fields (inside `Some( … )` where it is written so).
fn game_inner<'a>(text: &str, root: &'a Node) -> Option<&'a Node> {
    let game = root.field("game")?;
    Some(match &game.kind {
        Kind::Tuple {
            name: Some(n),
            fields,
            ..
        } if &text[n.clone()] == "Some" && fields.len() == 1 => &fields[0].value,
        _ => game,
    })
}

/// Where the game section's value is written.
fn game_span(text: &str) -> Option<Range<usize>> {
    ron_text::read(text)
        .ok()?
        .field("game")
        .map(|g| g.span.clone())
}

/// The first pile in `building`, as the file writes it.
fn first_pile_node<'a>(text: &str, piles: &'a Node, building: BuildingKind) -> Option<&'a Node> {
    let name = format!("{building:?}");
    piles.items().iter().find(|p| {
        p.field("building")
            .is_some_and(|b| text[b.span.clone()] == name)
    })
}

/// The lines the `cowboys` entry of `name` may take with it: its own, or the
/// whole list's when it is the only entry.
fn cowboy_lines(text: &str, root: &Node, name: &str) -> Option<Range<usize>> {
    let list = game_inner(text, root)?.named("cowboys")?;
    let entries = list.value.items();
    let entry = entries.iter().find(|e| {
        e.field("name").is_some_and(|n| {
            parse_ron::<String>(Path::new(PATH), &text[n.span.clone()]).is_ok_and(|s| s == name)
        })
    })?;
    Some(if entries.len() == 1 {
        lines(text, &list.span())
    } else {
        lines(text, &entry.span)
    })
}

/// Where in `text` (before `edit`) comments may go with what the edit takes
/// out: the lines of a deleted piece (and of its cowboy's entry), of a
/// townsman's hat, of a token or pile taken out, of a cowboy's entry or list.
fn may_go(edit: &Edit, text: &str, town: &Town) -> Vec<Range<usize>> {
    let Ok(root) = ron_text::read(text) else {
        return Vec::new();
    };
    let item = |piece: PieceRef| {
        root.field(piece.list.key())
            .and_then(|list| list.items().get(piece.index))
    };
    let mut zones = Vec::new();
    match edit {
        Edit::Delete { piece } => {
            if let Some(node) = item(*piece) {
                zones.push(lines(text, &node.span));
            }
            if piece.list == PieceList::Figures
                && let Some(figure) = town.figures.get(piece.index)
            {
                zones.extend(cowboy_lines(text, &root, &figure.display_name()));
            }
        }
        Edit::SetField {
            piece,
            field,
            value,
        } if piece.list == PieceList::Figures && field == "team" && value == "Neutral" => {
            if let Some(hat) = item(*piece).and_then(|node| node.named("hat")) {
                zones.push(lines(text, &hat.span()));
            }
        }
        Edit::RemoveToken { building, index } => {
            let pile = game_inner(text, &root)
                .and_then(|g| g.field("piles"))
                .and_then(|piles| first_pile_node(text, piles, *building));
            if let Some(pile) = pile {
                let tokens = pile.field("tokens").map(|t| t.items()).unwrap_or_default();
                if tokens.len() == 1 {
                    zones.push(lines(text, &pile.span));
                } else if let Some(token) = tokens.get(*index) {
                    zones.push(lines(text, &token.span));
                }
            }
        }
        Edit::SetCowboy {
            name, value: None, ..
        } => zones.extend(cowboy_lines(text, &root, name)),
        _ => {}
    }
    zones
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

fn common_suffix(a: &str, b: &str) -> usize {
    a.bytes()
        .rev()
        .zip(b.bytes().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// The lines around byte `at` of `text`, numbered, the line holding it marked.
fn around(text: &str, at: usize) -> String {
    let line = text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    text.lines()
        .enumerate()
        .skip(line.saturating_sub(3))
        .take(7)
        .map(|(i, l)| {
            let mark = if i == line { '>' } else { ' ' };
            format!("{mark}{:>5} | {l}", i + 1)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines of `old` around byte `at_old` and of `new` around `at_new`.
fn two_sides(old: &str, at_old: usize, new: &str, at_new: usize) -> String {
    format!(
        "before:\n{}\nafter:\n{}",
        around(old, at_old),
        around(new, at_new)
    )
}

/// The lines where `old` and `new` part.
fn parting(old: &str, new: &str) -> String {
    let at = common_prefix(old, new);
    two_sides(old, at, new, at)
}

/// Whether `new` is `old` with one run of bytes put in.
fn one_run_added(old: &str, new: &str) -> bool {
    if new.len() <= old.len() {
        return false;
    }
    let prefix = common_prefix(old, new);
    let suffix = common_suffix(old, new).min(old.len() - prefix);
    prefix + suffix == old.len()
}

/// Whether `new` is `old` with one run of bytes put in, after (perhaps) a
/// comma put in where the run's first difference is: the comma an item or
/// field gains before a new one when it had none.
fn added(old: &str, new: &str) -> Result<(), String> {
    if one_run_added(old, new) {
        return Ok(());
    }
    let at = common_prefix(old, new);
    if new.as_bytes().get(at) == Some(&b',') && old.is_char_boundary(at) {
        let mut with_comma = old.to_string();
        with_comma.insert(at, ',');
        if one_run_added(&with_comma, new) {
            return Ok(());
        }
    }
    Err(parting(old, new))
}

/// `text` without `range`.
fn cut(text: &str, range: &Range<usize>) -> String {
    format!("{}{}", &text[..range.start], &text[range.end..])
}

/// Whether `new` is `old` changed only inside `regions` (each a region's
/// bytes in `old` and in `new`): the bytes before, between and after them
/// the same.
fn same_outside(
    old: &str,
    new: &str,
    mut regions: Vec<(Range<usize>, Range<usize>)>,
) -> Result<(), String> {
    regions.sort_by_key(|(o, _)| o.start);
    regions.push((old.len()..old.len(), new.len()..new.len()));
    let (mut old_at, mut new_at) = (0, 0);
    for (o, n) in regions {
        let (Some(a), Some(b)) = (old.get(old_at..o.start), new.get(new_at..n.start)) else {
            return Err(format!(
                "the regions overlap: {o:?} after {old_at}, {n:?} after {new_at}"
            ));
        };
        if a != b {
            let at = common_prefix(a, b);
            return Err(two_sides(old, old_at + at, new, new_at + at));
        }
        old_at = o.end;
        new_at = n.end;
    }
    Ok(())
}

/// Every comment of `before` is in `after`, but those in `zones` (byte ranges
/// of `before`); none is new.
fn check_comments(before: &str, after: &str, zones: &[Range<usize>]) -> Result<(), Fail> {
    let now: BTreeSet<usize> = markers(after).into_iter().map(|(id, _)| id).collect();
    let was = markers(before);
    for &(id, at) in &was {
        if !now.contains(&id) && !zones.iter().any(|z| z.contains(&at)) {
            return Err((
                KEPT,
                format!(
                    "~c{id}~ is gone (it could go only from bytes {zones:?}); it stood here:\n{}\n\
                     where the texts part:\n{}",
                    around(before, at),
                    parting(before, after)
                ),
            ));
        }
    }
    let was: BTreeSet<usize> = was.into_iter().map(|(id, _)| id).collect();
    if let Some(id) = now.difference(&was).next() {
        return Err((KEPT, format!("~c{id}~ is new\n{}", parting(before, after))));
    }
    Ok(())
}

/// The bytes `edit` did not touch are the same in `after` as in `before`;
/// `spans` are the edited piece's item before and after, where it has one.
fn check_bytes(
    edit: &Edit,
    before: &str,
    after: &str,
    spans: (Option<Range<usize>>, Option<Range<usize>>),
) -> Result<(), Fail> {
    let games = (game_span(before), game_span(after));
    match edit {
        Edit::Move { piece, .. } | Edit::Turn { piece, .. } | Edit::SetField { piece, .. } => {
            let (Some(old), Some(new)) = spans else {
                return Err((OUTSIDE, "the edited item is not in the text".to_string()));
            };
            let mut regions = vec![(old, new)];
            if piece.list == PieceList::Figures
                && let (Some(game_old), Some(game_new)) = games
            {
                regions.push((game_old, game_new));
            }
            same_outside(before, after, regions).map_err(|d| (OUTSIDE, d))
        }
        Edit::Delete { piece } => match games {
            (Some(old), Some(new)) if piece.list == PieceList::Figures => {
                let (outside_old, outside_new) = (cut(before, &old), cut(after, &new));
                if !one_run_added(&outside_new, &outside_old) {
                    return Err((DELETED, parting(&outside_old, &outside_new)));
                }
                let (inside_old, inside_new) = (&before[old], &after[new]);
                if inside_old != inside_new && !one_run_added(inside_new, inside_old) {
                    return Err((DELETED, parting(inside_old, inside_new)));
                }
                Ok(())
            }
            _ if one_run_added(after, before) => Ok(()),
            _ => Err((DELETED, parting(before, after))),
        },
        Edit::Add(piece) => {
            added(before, after).map_err(|d| (ADDED, d))?;
            let item = piece.text();
            let (was, now) = (
                before.matches(item.as_str()).count(),
                after.matches(item.as_str()).count(),
            );
            if now == was + 1 {
                Ok(())
            } else {
                Err((
                    ADDED,
                    format!("`{item}` written {was} times before, {now} after"),
                ))
            }
        }
        Edit::AddGame => added(before, after).map_err(|d| (ADDED, d)),
        Edit::SetGame { .. }
        | Edit::AddToken { .. }
        | Edit::RemoveToken { .. }
        | Edit::PileFaceDown { .. }
        | Edit::SetCowboy { .. } => {
            let (Some(old), Some(new)) = games else {
                return Err((OUTSIDE_GAME, "the game section is gone".to_string()));
            };
            same_outside(before, after, vec![(old, new)]).map_err(|d| (OUTSIDE_GAME, d))
        }
    }
}

/// The town's pieces, list by list (in `PieceList::ALL`'s order), each as it
/// reads.
fn lists_of(town: &Town) -> Vec<Vec<String>> {
    vec![
        town.buildings.iter().map(|b| format!("{b:?}")).collect(),
        town.gallows.iter().map(|g| format!("{g:?}")).collect(),
        town.props.iter().map(|p| format!("{p:?}")).collect(),
        town.figures.iter().map(|f| format!("{f:?}")).collect(),
        town.discs.iter().map(|d| format!("{d:?}")).collect(),
    ]
}

fn list_index(list: PieceList) -> usize {
    PieceList::ALL
        .iter()
        .position(|l| *l == list)
        .unwrap_or_default()
}

/// Whether every piece but `piece` is as it was.
fn same_but(old: &[Vec<String>], new: &[Vec<String>], piece: PieceRef) -> bool {
    let at = list_index(piece.list);
    old.iter().zip(new).enumerate().all(|(i, (o, n))| {
        if i != at {
            return o == n;
        }
        o.len() == n.len()
            && o.iter()
                .zip(n)
                .enumerate()
                .all(|(j, (a, b))| j == piece.index || a == b)
    })
}

fn place_of(town: &Town, piece: PieceRef) -> Option<(f32, f32)> {
    let i = piece.index;
    match piece.list {
        PieceList::Buildings => town.buildings.get(i).map(|b| b.at_cm),
        PieceList::Gallows => town.gallows.get(i).map(|g| g.at_cm),
        PieceList::Props => town.props.get(i).map(|p| p.at_cm),
        PieceList::Figures => town.figures.get(i).map(|f| f.at_cm),
        PieceList::Discs => town.discs.get(i).copied(),
    }
}

fn facing_of(town: &Town, piece: PieceRef) -> Option<f32> {
    let i = piece.index;
    match piece.list {
        PieceList::Buildings => town.buildings.get(i).map(|b| b.facing_deg),
        PieceList::Gallows => town.gallows.get(i).map(|g| g.facing_deg),
        PieceList::Props => town.props.get(i).map(|p| p.facing_deg),
        PieceList::Figures => town.figures.get(i).map(|f| f.facing_deg),
        PieceList::Discs => None,
    }
}

fn new_place(piece: &NewPiece) -> (f32, f32) {
    match piece {
        NewPiece::Building { at_cm, .. }
        | NewPiece::Gallows { at_cm, .. }
        | NewPiece::Prop { at_cm, .. }
        | NewPiece::Disc { at_cm } => *at_cm,
        NewPiece::Figure(f) => f.at_cm,
    }
}

/// The edit did to the town's pieces what it says, and nothing else: a piece
/// moved stands where it was sent, one turned faces the way it was turned
/// (in 0..360), one deleted is gone from its list and one added ends it, at
/// its place; the game's edits leave the pieces be.
fn check_meaning(edit: &Edit, was: &Town, now: &Town) -> Result<(), Fail> {
    let (old, new) = (lists_of(was), lists_of(now));
    let ok = match edit {
        Edit::Move { piece, to_cm } => {
            same_but(&old, &new, *piece) && place_of(now, *piece) == Some(*to_cm)
        }
        Edit::Turn { piece, facing_deg } => {
            let facing = facing_deg.rem_euclid(360.0);
            let facing = if facing == 360.0 { 0.0 } else { facing };
            same_but(&old, &new, *piece) && facing_of(now, *piece) == Some(facing)
        }
        Edit::SetField { piece, .. } => same_but(&old, &new, *piece),
        Edit::Delete { piece } => {
            let mut want = old.clone();
            want[list_index(piece.list)].remove(piece.index);
            want == new
        }
        Edit::Add(piece) => {
            let at = list_index(piece.list());
            let mut want = old.clone();
            match new[at].last() {
                Some(last) => {
                    want[at].push(last.clone());
                    let index = new[at].len() - 1;
                    let list = piece.list();
                    want == new && place_of(now, PieceRef { list, index }) == Some(new_place(piece))
                }
                None => false,
            }
        }
        _ => old == new,
    };
    if ok {
        return Ok(());
    }
    let changed: Vec<String> = PieceList::ALL
        .iter()
        .zip(old.iter().zip(&new))
        .filter(|(_, (o, n))| o != n)
        .map(|(list, (o, n))| format!("{}:\n  was {o:?}\n  now {n:?}", list.key()))
        .collect();
    Err((MEANING, changed.join("\n")))
}

/// The text reads (as the editor reads it, and as the game does) as the town
/// the editor holds, and no comment is in it twice.
fn check_reads(editor: &EditTown) -> Result<(), Fail> {
    let text = editor.text();
    if let Err(e) = ron_text::read(text) {
        return Err((
            READS,
            format!("{} at byte {}\n{}", e.message, e.at, around(text, e.at)),
        ));
    }
    match parse_ron::<Town>(Path::new(PATH), text) {
        Ok(town) if town == *editor.town() => {}
        Ok(_) => return Err((READS, "the text reads as another town".to_string())),
        Err(e) => return Err((READS, e.to_string())),
    }
    let mut seen = BTreeSet::new();
    for (id, at) in markers(text) {
        if !seen.insert(id) {
            return Err((TWICE, format!("~c{id}~\n{}", around(text, at))));
        }
    }
    Ok(())
}

/// A generated file open in the editor, with the texts its undo and redo
/// should give back.
struct Session {
    editor: EditTown,
    undo: Vec<String>,
    redo: Vec<String>,
}

impl Session {
    /// Takes one step and checks it; whether it was taken (an edit that
    /// changed the text, an undo or redo that had something to give back).
    fn step(&mut self, step: &Step) -> Result<bool, Fail> {
        let before = self.editor.text().to_string();
        let taken = match step {
            Step::Undo => self.back(true, &before)?,
            Step::Redo => self.back(false, &before)?,
            Step::Edit(edit) => self.edit(edit, &before)?,
        };
        check_reads(&self.editor)?;
        Ok(taken)
    }

    /// An undo (`back`) or a redo: the very text it should give back, or no
    /// change where there is nothing to give back.
    fn back(&mut self, back: bool, before: &str) -> Result<bool, Fail> {
        let (property, from, to) = if back {
            (UNDO, &mut self.undo, &mut self.redo)
        } else {
            (REDO, &mut self.redo, &mut self.undo)
        };
        let moved = if back {
            self.editor.undo()
        } else {
            self.editor.redo()
        };
        let now = self.editor.text();
        match from.pop() {
            Some(want) => {
                if !moved {
                    return Err((
                        property,
                        "it said there was nothing to give back".to_string(),
                    ));
                }
                if now != want {
                    return Err((property, parting(&want, now)));
                }
                to.push(before.to_string());
                Ok(true)
            }
            None if moved || now != before => Err((
                property,
                format!(
                    "with nothing to give back it changed the text\n{}",
                    parting(before, now)
                ),
            )),
            None => Ok(false),
        }
    }

    /// An edit: taken when it should be, refused without a change when not,
    /// and when taken, it keeps the comments and the bytes it did not touch.
    fn edit(&mut self, edit: &Edit, before: &str) -> Result<bool, Fail> {
        let town = self.editor.town().clone();
        let piece = piece_of(edit);
        let span_before = piece.and_then(|p| self.editor.span_of(p));
        let zones = may_go(edit, before, &town);
        let should = takes(edit, &town);
        if let Err(why) = self.editor.apply(edit) {
            if self.editor.text() != before {
                return Err((REFUSED, parting(before, self.editor.text())));
            }
            if should {
                return Err((TAKEN, format!("refused: {why}")));
            }
            return Ok(false);
        }
        if !should {
            return Err((REFUSED, parting(before, self.editor.text())));
        }
        let after = self.editor.text().to_string();
        if after == before {
            return Ok(false);
        }
        self.undo.push(before.to_string());
        self.redo.clear();
        check_comments(before, &after, &zones)?;
        let span_after = piece.and_then(|p| self.editor.span_of(p));
        check_bytes(edit, before, &after, (span_before, span_after))?;
        check_meaning(edit, &town, self.editor.town())?;
        Ok(true)
    }
}

/// A property broken on a generated file.
struct Broken {
    seed: u64,
    step: usize,
    /// The step, as written.
    what: String,
    property: &'static str,
    detail: String,
    /// The whole text before the step.
    text: String,
}

/// `STEPS` random steps on the file of `seed`, each checked; the kinds of
/// step taken go into `taken`.
fn edit_at_random(seed: u64, taken: &mut BTreeSet<&'static str>) -> Result<(), Broken> {
    let (text, _) = written(seed);
    let broken = |step: usize, what: String, (property, detail): Fail, text: String| Broken {
        seed,
        step,
        what,
        property,
        detail,
        text,
    };
    let editor = EditTown::from_text(Path::new(PATH), text.clone()).map_err(|e| {
        broken(
            0,
            "opening it".to_string(),
            (READS, e.to_string()),
            text.clone(),
        )
    })?;
    let mut session = Session {
        editor,
        undo: Vec::new(),
        redo: Vec::new(),
    };
    check_reads(&session.editor)
        .map_err(|fail| broken(0, "opening it".to_string(), fail, text.clone()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_ed17);
    for step in 1..=STEPS {
        let choice = random_step(&mut rng, session.editor.town());
        let before = session.editor.text().to_string();
        match session.step(&choice) {
            Ok(true) => {
                taken.insert(choice.kind());
            }
            Ok(false) => {}
            Err(fail) => return Err(broken(step, format!("{choice:?}"), fail, before)),
        }
    }
    Ok(())
}

/// What broke, counted by property, with the first failure of each in full
/// (the first with the whole text before its step).
fn report(broken: &[Broken]) -> String {
    let mut by_property: BTreeMap<&str, Vec<&Broken>> = BTreeMap::new();
    for b in broken {
        by_property.entry(b.property).or_default().push(b);
    }
    let mut out = format!(
        "{} of {FILES} generated files broke a property:\n",
        broken.len()
    );
    for (property, all) in &by_property {
        let seeds: Vec<u64> = all.iter().map(|b| b.seed).collect();
        out.push_str(&format!("  {property}: {} (seeds {seeds:?})\n", all.len()));
    }
    for (i, b) in by_property.values().map(|all| all[0]).enumerate() {
        out.push_str(&format!(
            "\nseed {}, step {}: {}\nedit: {}\n{}\n",
            b.seed, b.step, b.property, b.what, b.detail
        ));
        if i == 0 {
            out.push_str(&format!("the whole text before the step:\n{}\n", b.text));
        }
    }
    out
}

/// Random edits of every kind, with undo and redo, on generated town files
/// with comments everywhere: after every step every comment is still in the
/// text but those on the lines of what the step took out, the bytes the edit
/// did not touch are the same, undo and redo give back the very bytes, and
/// the text reads as the town the editor holds.
#[test]
fn random_edits_keep_every_comment_and_every_byte_they_do_not_touch() {
    let mut broken = Vec::new();
    let mut taken = BTreeSet::new();
    for seed in 0..FILES {
        if let Err(b) = edit_at_random(seed, &mut taken) {
            broken.push(b);
        }
    }
    assert!(broken.is_empty(), "{}", report(&broken));
    let missing: Vec<&str> = STEP_KINDS
        .iter()
        .copied()
        .filter(|k| !taken.contains(k))
        .collect();
    assert!(missing.is_empty(), "never taken: {missing:?}");
}

/// The generated files hold every layout the properties are about; each
/// opens in the editor as a town with lawmen and outlaws, reads as that town
/// and gives each comment a marker of its own.
#[test]
fn the_generated_files_hold_every_layout() {
    let mut seen = BTreeSet::new();
    for seed in 0..FILES {
        let (text, layouts) = written(seed);
        seen.extend(layouts);
        let editor = EditTown::from_text(Path::new(PATH), text.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        if let Err((property, detail)) = check_reads(&editor) {
            panic!("seed {seed}: {property}: {detail}\n{text}");
        }
        let teams: BTreeSet<Team> = editor.town().figures.iter().map(|f| f.team).collect();
        assert!(
            teams.contains(&Team::Lawmen) && teams.contains(&Team::Outlaws),
            "seed {seed}: {teams:?}\n{text}"
        );
        assert!(
            markers(&text).len() >= 2,
            "seed {seed}: no comments\n{text}"
        );
    }
    let missing: Vec<&str> = LAYOUTS
        .iter()
        .copied()
        .filter(|l| !seen.contains(l))
        .collect();
    assert!(missing.is_empty(), "no generated file has: {missing:?}");
}

/// The known case: a list whose last item's line ends in a comment gains a
/// piece. The comment stays on that item's line (the item gaining the comma
/// it lacked) and the new piece goes on a line of its own after it; undo
/// and redo give back the very bytes.
#[test]
fn a_piece_added_after_a_commented_last_item_keeps_the_comment_on_its_line() {
    let fence = NewPiece::Prop {
        kind: PropKind::Fence,
        at_cm: (3.0, 4.0),
        facing_deg: 0.0,
    };
    let kept = "        (kind: Barrel, at_cm: (1.0, 2.0)), // by the well\n";
    for last in [
        kept,
        "        (kind: Barrel, at_cm: (1.0, 2.0)) // by the well\n",
    ] {
        let text = [
            "(\n",
            "    name: \"Well\",\n",
            "    buildings: [],\n",
            "    props: [\n",
            "        (kind: Cactus, at_cm: (-10.0, 5.0)),\n",
            last,
            "    ],\n",
            "    figures: [],\n",
            ")\n",
        ]
        .concat();
        let mut town = EditTown::from_text(Path::new("well.ron"), text.clone()).unwrap();
        town.apply(&Edit::Add(fence.clone())).unwrap();
        let want = text.replace(
            last,
            &format!("{kept}        (kind: Fence, at_cm: (3.0, 4.0)),\n"),
        );
        assert_eq!(town.text(), want);
        assert_eq!(town.town().props.len(), 3);
        assert_eq!(town.town().props[2].kind, PropKind::Fence);
        assert!(town.undo());
        assert_eq!(town.text(), text);
        assert!(town.redo());
        assert_eq!(town.text(), want);
    }
}

/// The byte offsets where a line's first code begins: outside every string
/// and comment (line comments, nested block comments), so a stray character
/// put there is read as code.
fn code_line_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let (mut i, mut depth, mut in_string, mut line_start) = (0, 0usize, false, true);
    let mut starts = Vec::new();
    while i < b.len() {
        let next = b.get(i + 1).copied();
        match b[i] {
            b'\n' => line_start = true,
            _ if in_string => match b[i] {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            },
            b'/' if next == Some(b'*') => {
                depth += 1;
                i += 1;
            }
            b'*' if depth > 0 && next == Some(b'/') => {
                depth -= 1;
                i += 1;
            }
            _ if depth > 0 => {}
            b'/' if next == Some(b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b' ' | b'\t' | b'\r' => {}
            c => {
                if line_start {
                    starts.push(i);
                }
                line_start = false;
                in_string = c == b'"';
            }
        }
        if b[i] != b' ' && b[i] != b'\t' && b[i] != b'\r' && b[i] != b'\n' && depth > 0 {
            line_start = false;
        }
        i += 1;
    }
    starts
}

/// Bad input: each generated file, broken by a stray character where a
/// line's code begins and taken in from disk, is refused with the line and
/// column of that character, and the editor keeps its last good text and
/// town.
#[test]
fn broken_generated_files_are_refused_at_their_place_and_the_editor_keeps_its_text() {
    let mut refused = 0;
    for seed in 0..FILES {
        let (text, _) = written(seed);
        let mut editor = EditTown::from_text(Path::new(PATH), text.clone()).expect("opens");
        let town = editor.town().clone();
        let starts = code_line_starts(&text);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xbad);
        for _ in 0..4 {
            let at = starts[rng.random_range(1..starts.len())];
            let mut broken = text.clone();
            broken.insert(at, '@');
            let line = text[..at].matches('\n').count() + 1;
            let col = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
            match editor.reloaded(broken) {
                highnoon::editor::Reloaded::Broken(e) => {
                    assert_eq!(
                        e.position,
                        Some((line, col)),
                        "seed {seed}: the stray '@' at {line}:{col} refused as {e}"
                    );
                    assert!(e.to_string().contains(PATH), "{e}");
                    refused += 1;
                }
                other => panic!("seed {seed}: a stray '@' at {line}:{col} was {other:?}"),
            }
            assert_eq!(editor.text(), text, "seed {seed}: the last good text kept");
            assert_eq!(editor.town(), &town, "seed {seed}: the last good town kept");
        }
    }
    assert_eq!(refused, 4 * FILES as usize);
}
