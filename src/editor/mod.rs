//! The town editor's model, without a window: a town or scenario file open
//! for editing. The file's text is what is edited — each [`Edit`] changes
//! only the bytes it must ([`patch`]) and the town is read back from the new
//! text — so saving keeps the author's comments, field order and spacing,
//! an unedited file saves to the same bytes, and undo gives back the very
//! text (and so the very town) it had. The window's editor sends [`Edit`]s
//! here and draws [`EditTown::town`] and [`EditTown::problems`].

pub mod checks;
pub mod patch;
pub mod ron_text;

use std::path::{Path, PathBuf};

use crate::scenario::kinds::{BuildingKind, HatSide, Team};
use crate::scenario::town::{FigureSpec, PieceList, PieceRef, PropKind, Town};
use crate::scenario::{DataError, line_col, parse_ron};

pub use checks::{Problem, Severity};

/// One change an author makes.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// A piece moved on the table (cm).
    Move { piece: PieceRef, to_cm: (f32, f32) },
    /// A piece turned to face `facing_deg` (0 faces the player).
    Turn { piece: PieceRef, facing_deg: f32 },
    /// A piece taken off the town.
    Delete { piece: PieceRef },
    /// A new piece, at the end of its list.
    Add(NewPiece),
    /// One field of a piece set to a RON value (`team`, `hat`, `hat_side`,
    /// `name`, `kind`), checked by reading the town back.
    SetField {
        piece: PieceRef,
        field: String,
        value: String,
    },
    /// One field of the `game` section set to a RON value (`start_hour`,
    /// `initiative`, `piles`, `victory`, `at_noon`, …).
    SetGame { field: String, value: String },
    /// A token put in a building's pile (the `game` section's `piles`): at
    /// the end of the building's first pile, or in a new pile there.
    AddToken {
        building: BuildingKind,
        token: crate::scenario::game::Token,
    },
    /// The `index`th token of a building's first pile taken out (the pile
    /// with it when it was the last).
    RemoveToken {
        building: BuildingKind,
        index: usize,
    },
    /// A building's first pile laid face down (drawn at random) or face up.
    PileFaceDown {
        building: BuildingKind,
        face_down: bool,
    },
    /// A field of one cowboy's own settings in the game section's `cowboys`
    /// list (`hit_points`, `tokens`, `inside`, `unarmed`) set to a RON value,
    /// or with `None` taken back to the section's default. His entry is made
    /// (and the list) when there is none, and goes (the list with it when it
    /// was the last) when nothing but his name is left in it.
    SetCowboy {
        name: String,
        field: String,
        value: Option<String>,
    },
    /// Makes a plain town a scenario: a `game` section with the documented
    /// defaults (six o'clock, the first cowboy opens, each side must
    /// eliminate the other, a draw at noon).
    AddGame,
}

/// The `game` section's own fields (inside `Some( … )` where the file
/// writes it so).
fn game_section<'a>(text: &str, root: &'a ron_text::Node) -> Result<&'a ron_text::Node, String> {
    let game = root
        .field("game")
        .ok_or("the town has no game section: make it a scenario first")?;
    Ok(match &game.kind {
        ron_text::Kind::Tuple {
            name: Some(n),
            fields,
            ..
        } if &text[n.clone()] == "Some" && fields.len() == 1 => &fields[0].value,
        _ => game,
    })
}

/// The game section's `piles` list, and the first pile in `building`.
fn pile_of<'a>(
    text: &str,
    game: &'a ron_text::Node,
    building: BuildingKind,
) -> (Option<&'a ron_text::Node>, Option<&'a ron_text::Node>) {
    let name = format!("{building:?}");
    let piles = game.field("piles");
    let pile = piles.and_then(|l| {
        l.items().iter().find(|p| {
            p.field("building")
                .is_some_and(|b| text[b.span.clone()] == name)
        })
    });
    (piles, pile)
}

/// The game section's `cowboys` list, and the entry (and its index) of the
/// cowboy called `name`.
fn cowboy_of<'a>(
    text: &str,
    game: &'a ron_text::Node,
    name: &str,
) -> (
    Option<&'a ron_text::Node>,
    Option<(usize, &'a ron_text::Node)>,
) {
    let list = game.field("cowboys");
    let entry = list.and_then(|l| {
        l.items().iter().enumerate().find(|(_, c)| {
            c.field("name").is_some_and(|n| {
                ron::from_str::<String>(&text[n.span.clone()]).is_ok_and(|n| n == name)
            })
        })
    });
    (list, entry)
}

/// `text` without the game section's `cowboys` entry of `name` (the list
/// with it when it was the last); as it was when there is none.
fn without_cowboy_entry(text: String, name: &str) -> Result<String, String> {
    let root = ron_text::read(&text).map_err(|e| e.message)?;
    let Ok(game) = game_section(&text, &root) else {
        return Ok(text);
    };
    let (Some(list), Some((index, _))) = cowboy_of(&text, game, name) else {
        return Ok(text);
    };
    let out = if list.items().len() == 1 {
        patch::remove_field(&text, game, "cowboys")
    } else {
        patch::remove_item(&text, list, index)
    };
    out.ok_or_else(|| "the file's text has no place for that".to_string())
}

/// Whether no figure of `team` in `town` (but the figure `except`) wears
/// hat number `hat`.
pub fn free_hat(town: &Town, team: Team, hat: u8, except: Option<usize>) -> bool {
    !town
        .figures
        .iter()
        .enumerate()
        .any(|(i, f)| Some(i) != except && f.team == team && f.hat == Some(hat))
}

/// The first hat number no figure of `team` (but `except`) wears (5 when
/// all are worn: the check then says two share it).
pub fn first_free_hat(town: &Town, team: Team, except: Option<usize>) -> u8 {
    (1..=5)
        .find(|h| free_hat(town, team, *h, except))
        .unwrap_or(5)
}

/// A piece from the palette.
#[derive(Debug, Clone, PartialEq)]
pub enum NewPiece {
    Building {
        kind: BuildingKind,
        at_cm: (f32, f32),
        facing_deg: f32,
    },
    Gallows {
        at_cm: (f32, f32),
        facing_deg: f32,
    },
    Prop {
        kind: PropKind,
        at_cm: (f32, f32),
        facing_deg: f32,
    },
    Figure(FigureSpec),
    Disc {
        at_cm: (f32, f32),
    },
}

impl NewPiece {
    /// Its list in the file.
    pub fn list(&self) -> PieceList {
        match self {
            NewPiece::Building { .. } => PieceList::Buildings,
            NewPiece::Gallows { .. } => PieceList::Gallows,
            NewPiece::Prop { .. } => PieceList::Props,
            NewPiece::Figure(_) => PieceList::Figures,
            NewPiece::Disc { .. } => PieceList::Discs,
        }
    }

    /// Its line in the file, in the documented layout (fields in the order
    /// the shipped towns write them; a facing of 0 left out of props).
    pub fn text(&self) -> String {
        use patch::{number, place};
        match self {
            NewPiece::Building {
                kind,
                at_cm,
                facing_deg,
            } => format!(
                "(kind: {kind:?}, at_cm: {}, facing_deg: {})",
                place(*at_cm),
                number(*facing_deg)
            ),
            NewPiece::Gallows { at_cm, facing_deg } => format!(
                "(at_cm: {}, facing_deg: {})",
                place(*at_cm),
                number(*facing_deg)
            ),
            NewPiece::Prop {
                kind,
                at_cm,
                facing_deg,
            } => {
                if *facing_deg == 0.0 {
                    format!("(kind: {kind:?}, at_cm: {})", place(*at_cm))
                } else {
                    format!(
                        "(kind: {kind:?}, at_cm: {}, facing_deg: {})",
                        place(*at_cm),
                        number(*facing_deg)
                    )
                }
            }
            NewPiece::Figure(f) => {
                let mut parts = vec![format!("team: {:?}", f.team)];
                if let Some(h) = f.hat {
                    parts.push(format!("hat: {h}"));
                    parts.push(format!("hat_side: {:?}", f.hat_side));
                }
                if let Some(n) = &f.name {
                    parts.push(format!("name: {n:?}"));
                }
                parts.push(format!("at_cm: {}", place(f.at_cm)));
                if f.facing_deg != 0.0 {
                    parts.push(format!("facing_deg: {}", number(f.facing_deg)));
                }
                format!("({})", parts.join(", "))
            }
            NewPiece::Disc { at_cm } => place(*at_cm),
        }
    }
}

/// What happened to a file changed on disk while it was open.
#[derive(Debug, Clone, PartialEq)]
pub enum Reloaded {
    /// Nothing new (the editor's own save, or the same bytes).
    Same,
    /// Taken into the editor (there were no unsaved edits).
    Taken,
    /// Not taken: there are unsaved edits, the author must choose.
    Ask,
    /// The new text does not read as a town: kept out, with why.
    Broken(DataError),
}

/// A town file open for editing.
#[derive(Debug, Clone)]
pub struct EditTown {
    path: PathBuf,
    text: String,
    /// The text as it is on disk (last opened or saved).
    saved: String,
    town: Town,
    undo: Vec<String>,
    redo: Vec<String>,
}

/// The `game` section a town gains with [`Edit::AddGame`].
const NEW_GAME: &str = "(\n        start_hour: 6,\n        initiative: INITIATIVE,\n        victory: [\n            (team: Lawmen, condition: Eliminate(Outlaws)),\n            (team: Outlaws, condition: Eliminate(Lawmen)),\n        ],\n        at_noon: Draw,\n    )";

impl EditTown {
    /// Opens a file. One that cannot be read or does not read as a town is
    /// an error at its file:line:col, and there is no town to edit (so
    /// nothing can overwrite it).
    pub fn open(path: &Path) -> Result<Self, DataError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| DataError::new(path, format!("cannot read the file: {e}")))?;
        Self::from_text(path, text)
    }

    /// A file's text, as if opened from `path`.
    pub fn from_text(path: &Path, text: String) -> Result<Self, DataError> {
        let town = read_town(path, &text)?;
        Ok(EditTown {
            path: path.to_path_buf(),
            saved: text.clone(),
            text,
            town,
            undo: Vec::new(),
            redo: Vec::new(),
        })
    }

    /// A new town, not yet on disk: the documented layout with a header
    /// comment, the six buildings in their usual places and no one in town.
    pub fn new_town(path: &Path, name: &str) -> Self {
        let text = new_town_text(name);
        let town = read_town(path, &text).expect("the new town's text reads");
        EditTown {
            path: path.to_path_buf(),
            text,
            saved: String::new(),
            town,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's text as edited.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The town as edited.
    pub fn town(&self) -> &Town {
        &self.town
    }

    /// The text as it is on disk, as far as the editor knows: last opened,
    /// saved or taken from disk.
    pub fn saved(&self) -> &str {
        &self.saved
    }

    /// Whether there are edits not yet saved.
    pub fn dirty(&self) -> bool {
        self.text != self.saved
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Every problem with the town as edited, each on what it concerns.
    pub fn problems(&self, profile: &crate::scenario::PhysicsProfile) -> Vec<Problem> {
        checks::problems(&self.town, &self.path, &self.text, profile)
    }

    /// Every problem the town would have after `edit`, the town itself
    /// untouched (a piece being dragged: its problems shown where it would
    /// land). An edit that cannot be made says why.
    pub fn problems_after(
        &self,
        edit: &Edit,
        profile: &crate::scenario::PhysicsProfile,
    ) -> Result<Vec<Problem>, String> {
        let text = self.edited(edit)?;
        let town = read_town(&self.path, &text).map_err(|e| e.message)?;
        Ok(checks::problems(&town, &self.path, &text, profile))
    }

    /// Where a piece is written in the text (its item's span).
    pub fn span_of(&self, piece: PieceRef) -> Option<std::ops::Range<usize>> {
        let root = ron_text::read(&self.text).ok()?;
        Some(
            root.field(piece.list.key())?
                .items()
                .get(piece.index)?
                .span
                .clone(),
        )
    }

    /// Makes one change. One that cannot be made (a piece that is not
    /// there, a value the format refuses) changes nothing and says why.
    pub fn apply(&mut self, edit: &Edit) -> Result<(), String> {
        let text = self.edited(edit)?;
        let town = read_town(&self.path, &text).map_err(|e| {
            format!(
                "{}{}",
                e.message,
                e.position
                    .map(|(l, c)| format!(" (at {l}:{c} of the edited text)"))
                    .unwrap_or_default()
            )
        })?;
        if text == self.text {
            return Ok(());
        }
        self.undo.push(std::mem::replace(&mut self.text, text));
        self.redo.clear();
        self.town = town;
        Ok(())
    }

    /// The text after `edit`.
    fn edited(&self, edit: &Edit) -> Result<String, String> {
        let text = self.text.as_str();
        let root = ron_text::read(text).map_err(|e| {
            let (l, c) = line_col(text, e.at);
            format!("{l}:{c}: {}", e.message)
        })?;
        match edit {
            Edit::Move { piece, to_cm } => Self::move_piece(text, &root, *piece, *to_cm),
            Edit::Turn { piece, facing_deg } => Self::turn_piece(text, &root, *piece, *facing_deg),
            Edit::Delete { piece } => self.delete_piece(text, &root, *piece),
            Edit::Add(new) => Self::add_piece(text, &root, new),
            Edit::SetField {
                piece,
                field,
                value,
            } => self.set_piece_field(text, &root, *piece, field, value),
            Edit::SetGame { field, value } => {
                let inner = game_section(text, &root)?;
                patch::set_field(text, inner, field, value).ok_or_else(Self::no_place)
            }
            Edit::AddToken { building, token } => Self::add_token(text, &root, *building, *token),
            Edit::RemoveToken { building, index } => {
                Self::remove_token(text, &root, *building, *index)
            }
            Edit::PileFaceDown {
                building,
                face_down,
            } => Self::set_pile_face_down(text, &root, *building, *face_down),
            Edit::SetCowboy { name, field, value } => {
                Self::set_cowboy_field(text, &root, name, field, value.as_deref())
            }
            Edit::AddGame => self.add_game(text, &root),
        }
    }

    /// Why an edit finds nowhere in the file's text to go.
    fn no_place() -> String {
        "the file's text has no place for that".to_string()
    }

    /// The item of `piece` in the file, or why there is none.
    fn find_piece(root: &ron_text::Node, piece: PieceRef) -> Result<&ron_text::Node, String> {
        root.field(piece.list.key())
            .and_then(|l| l.items().get(piece.index))
            .ok_or_else(|| format!("there is no {} {}", piece.list.key(), piece.index))
    }

    /// The text with `piece` moved to `to_cm` (a disc is only its place).
    fn move_piece(
        text: &str,
        root: &ron_text::Node,
        piece: PieceRef,
        to_cm: (f32, f32),
    ) -> Result<String, String> {
        let node = Self::find_piece(root, piece)?;
        if piece.list == PieceList::Discs {
            Ok(patch::set_place(text, node, to_cm))
        } else if let Some(at) = node.named("at_cm") {
            Ok(patch::set_place(text, &at.value, to_cm))
        } else {
            patch::set_field(text, node, "at_cm", &patch::place(to_cm)).ok_or_else(Self::no_place)
        }
    }

    /// The text with `piece` turned to face `facing_deg` (written in 0..360).
    fn turn_piece(
        text: &str,
        root: &ron_text::Node,
        piece: PieceRef,
        facing_deg: f32,
    ) -> Result<String, String> {
        if piece.list == PieceList::Discs {
            return Err("a disc has no facing".into());
        }
        let node = Self::find_piece(root, piece)?;
        let facing = patch::number(facing_deg.rem_euclid(360.0));
        let facing = if facing == "360.0" {
            "0.0".into()
        } else {
            facing
        };
        patch::set_field(text, node, "facing_deg", &facing).ok_or_else(Self::no_place)
    }

    /// The text without `piece`; a cowboy takes his own settings with him.
    fn delete_piece(
        &self,
        text: &str,
        root: &ron_text::Node,
        piece: PieceRef,
    ) -> Result<String, String> {
        Self::find_piece(root, piece)?;
        let list = root.field(piece.list.key()).ok_or_else(Self::no_place)?;
        let gone = patch::remove_item(text, list, piece.index).ok_or_else(Self::no_place)?;
        if piece.list != PieceList::Figures {
            return Ok(gone);
        }
        // A cowboy taken off takes his own settings with him (the
        // game section's `cowboys` entry of that name), unless
        // another figure answers to it.
        match self.only_one_called(piece.index) {
            Some(name) => without_cowboy_entry(gone, &name),
            None => Ok(gone),
        }
    }

    /// The text with `new` at the end of its list (the list added when the
    /// file leaves it out).
    fn add_piece(text: &str, root: &ron_text::Node, new: &NewPiece) -> Result<String, String> {
        let key = new.list().key();
        if let Some(list) = root.field(key) {
            return patch::append_item(text, list, &new.text()).ok_or_else(Self::no_place);
        }
        // A list the file leaves out: added after the list
        // before it in the documented order.
        let at = PieceList::ALL
            .iter()
            .position(|l| *l == new.list())
            .unwrap_or(0);
        let before = PieceList::ALL[..at]
            .iter()
            .rev()
            .map(|l| l.key())
            .find(|k| root.field(k).is_some())
            .or(Some("name"));
        let value = if new.list() == PieceList::Discs {
            format!("[{}]", new.text())
        } else {
            format!("[\n        {},\n    ]", new.text())
        };
        patch::insert_field_line(text, root, before, key, &value).ok_or_else(Self::no_place)
    }

    /// The text with one field of `piece` set to `value`; a figure changing
    /// sides takes his hat along, and one renamed what the game says of him.
    fn set_piece_field(
        &self,
        text: &str,
        root: &ron_text::Node,
        piece: PieceRef,
        field: &str,
        value: &str,
    ) -> Result<String, String> {
        let node = Self::find_piece(root, piece)?;
        let set = patch::set_field(text, node, field, value).ok_or_else(Self::no_place)?;
        if piece.list != PieceList::Figures {
            return Ok(set);
        }
        let set = if field == "team" {
            self.with_hat_for_team(set, piece.index, value)?
        } else {
            set
        };
        // A name, a hat or a side may change the name he answers
        // to (an unnamed cowboy is "Lawman 3").
        self.renamed_in_game(set, piece.index)
    }

    /// The text with `token` at the end of the first pile in `building` (a
    /// new pile, and the `piles` list, where there is none).
    fn add_token(
        text: &str,
        root: &ron_text::Node,
        building: BuildingKind,
        token: crate::scenario::game::Token,
    ) -> Result<String, String> {
        let inner = game_section(text, root)?;
        let (piles, pile) = pile_of(text, inner, building);
        let token = format!("{token:?}");
        match (piles, pile) {
            (Some(_), Some(pile)) => {
                let tokens = pile.field("tokens").ok_or_else(Self::no_place)?;
                patch::append_item(text, tokens, &token).ok_or_else(Self::no_place)
            }
            (Some(piles), None) => patch::append_item(
                text,
                piles,
                &format!("(building: {building:?}, tokens: [{token}])"),
            )
            .ok_or_else(Self::no_place),
            (None, _) => {
                let piles = format!("[(building: {building:?}, tokens: [{token}])]");
                if text[inner.span.clone()].contains('\n') {
                    // Written a field a line: on a line after the initiative.
                    patch::insert_field_line(text, inner, Some("initiative"), "piles", &piles)
                } else {
                    // Written on one line: added after its last field.
                    patch::set_field(text, inner, "piles", &piles)
                }
                .ok_or_else(Self::no_place)
            }
        }
    }

    /// The text without the `index`th token of the first pile in `building`
    /// (the pile with it when it was the last).
    fn remove_token(
        text: &str,
        root: &ron_text::Node,
        building: BuildingKind,
        index: usize,
    ) -> Result<String, String> {
        let inner = game_section(text, root)?;
        let (Some(piles), Some(pile)) = pile_of(text, inner, building) else {
            return Err(format!("no tokens lie in the {}", building.title()));
        };
        let tokens = pile.field("tokens").ok_or_else(Self::no_place)?;
        let n = tokens.items().len();
        if index >= n {
            return Err(format!("the {} holds {n} tokens", building.title()));
        }
        if n == 1 {
            let at = piles
                .items()
                .iter()
                .position(|p| p.span == pile.span)
                .ok_or_else(Self::no_place)?;
            patch::remove_item(text, piles, at).ok_or_else(Self::no_place)
        } else {
            patch::remove_item(text, tokens, index).ok_or_else(Self::no_place)
        }
    }

    /// The text with the first pile in `building` laid face down or face up.
    fn set_pile_face_down(
        text: &str,
        root: &ron_text::Node,
        building: BuildingKind,
        face_down: bool,
    ) -> Result<String, String> {
        let inner = game_section(text, root)?;
        let (_, Some(pile)) = pile_of(text, inner, building) else {
            return Err(format!("no tokens lie in the {}", building.title()));
        };
        patch::set_field(text, pile, "face_down", &face_down.to_string()).ok_or_else(Self::no_place)
    }

    /// The text with a field of cowboy `name`'s own settings set to `value`,
    /// or with `None` taken back to the game section's default.
    fn set_cowboy_field(
        text: &str,
        root: &ron_text::Node,
        name: &str,
        field: &str,
        value: Option<&str>,
    ) -> Result<String, String> {
        if field == "name" {
            return Err("a cowboy's entry is named by his figure: rename the figure".into());
        }
        let inner = game_section(text, root)?;
        let (list, entry) = cowboy_of(text, inner, name);
        match (value, list, entry) {
            (Some(v), _, Some((_, entry))) => {
                patch::set_field(text, entry, field, v).ok_or_else(Self::no_place)
            }
            (Some(v), Some(list), None) => {
                patch::append_item(text, list, &format!("(name: {name:?}, {field}: {v})"))
                    .ok_or_else(Self::no_place)
            }
            (Some(v), None, None) => {
                let item = format!("(name: {name:?}, {field}: {v})");
                Self::add_cowboys_list(text, inner, &item)
            }
            (None, _, None) => Ok(text.to_string()),
            (None, list, Some((index, entry))) => {
                Self::unset_cowboy_field(text, inner, list, index, entry, field)
            }
        }
    }

    /// The text with a `cowboys` list holding `item` in the game section
    /// `inner`, which has none.
    fn add_cowboys_list(text: &str, inner: &ron_text::Node, item: &str) -> Result<String, String> {
        if !text[inner.span.clone()].contains('\n') {
            // Written on one line: added after its last field.
            return patch::set_field(text, inner, "cowboys", &format!("[{item}]"))
                .ok_or_else(Self::no_place);
        }
        // Written a field a line: an empty list on a line
        // after the hit points (or the initiative), then
        // opened onto lines of its own with the entry.
        let after = ["hit_points", "initiative"]
            .into_iter()
            .find(|k| inner.field(k).is_some());
        let opened = patch::insert_field_line(text, inner, after, "cowboys", "[]")
            .ok_or_else(Self::no_place)?;
        let root = ron_text::read(&opened).map_err(|e| e.message)?;
        let list = game_section(&opened, &root)?
            .field("cowboys")
            .ok_or_else(Self::no_place)?;
        patch::append_item(&opened, list, item).ok_or_else(Self::no_place)
    }

    /// The text without `field` in the `index`th `cowboys` entry, `entry`:
    /// the entry goes when only his name is left (the list with it when it
    /// was the last).
    fn unset_cowboy_field(
        text: &str,
        inner: &ron_text::Node,
        list: Option<&ron_text::Node>,
        index: usize,
        entry: &ron_text::Node,
        field: &str,
    ) -> Result<String, String> {
        if entry.field(field).is_none() {
            return Ok(text.to_string());
        }
        let rest = entry
            .fields()
            .iter()
            .filter_map(|f| f.name.as_ref())
            .filter(|n| n.0 != "name" && n.0 != field)
            .count();
        let list = list.ok_or_else(Self::no_place)?;
        match (rest, list.items().len()) {
            (0, 1) => patch::remove_field(text, inner, "cowboys"),
            (0, _) => patch::remove_item(text, list, index),
            _ => patch::remove_field(text, entry, field),
        }
        .ok_or_else(Self::no_place)
    }

    /// The text with a `game` section of the documented defaults, the first
    /// cowboy opening the game.
    fn add_game(&self, text: &str, root: &ron_text::Node) -> Result<String, String> {
        if root.field("game").is_some() {
            return Err("the town is a scenario already".into());
        }
        let first = self
            .town
            .figures
            .iter()
            .find(|f| f.team != Team::Neutral)
            .map(|f| f.display_name())
            .ok_or("a scenario needs a cowboy to open the game: add one first")?;
        let value = NEW_GAME.replace("INITIATIVE", &format!("{first:?}"));
        patch::insert_field_line(text, root, None, "game", &value).ok_or_else(Self::no_place)
    }

    /// The name figure `index` answers to, when no other figure of the
    /// town (as it is before the edit) answers to it too.
    fn only_one_called(&self, index: usize) -> Option<String> {
        let name = self.town.figures.get(index)?.display_name();
        let shared = self
            .town
            .figures
            .iter()
            .enumerate()
            .any(|(i, f)| i != index && f.display_name() == name);
        (!shared).then_some(name)
    }

    /// A figure changing sides (in `set`, his side set to the RON value
    /// `value`) takes his hat with him in the same edit: a neutral wears
    /// none, and a cowboy joining a side keeps his number where it is free
    /// there, else takes its first free one.
    fn with_hat_for_team(&self, set: String, index: usize, value: &str) -> Result<String, String> {
        let missing = || "the file's text has no place for that".to_string();
        let team: Team = parse_ron(Path::new("team"), value).map_err(|e| e.message)?;
        let root = ron_text::read(&set).map_err(|e| e.message)?;
        let node = root
            .field(PieceList::Figures.key())
            .and_then(|l| l.items().get(index))
            .ok_or_else(missing)?;
        let me = Some(index);
        let hat = self.town.figures.get(index).and_then(|f| f.hat);
        match (team, hat) {
            (Team::Neutral, None) => Ok(set),
            (Team::Neutral, Some(_)) => patch::remove_field(&set, node, "hat").ok_or_else(missing),
            (team, Some(h)) if free_hat(&self.town, team, h, me) => Ok(set),
            (team, _) => {
                let h = first_free_hat(&self.town, team, me);
                patch::set_field(&set, node, "hat", &h.to_string()).ok_or_else(missing)
            }
        }
    }

    /// A figure whose name changed in `text` (his own name, or the hat or
    /// side an unnamed cowboy is called by) keeps what the game section
    /// says of him: the initiative, his own settings in `cowboys` and a
    /// `Kill` victory condition follow him to his new name, in the same
    /// edit. A name another figure also answers to, before or after, and
    /// an empty one are left alone (the check says what is wrong).
    fn renamed_in_game(&self, mut text: String, index: usize) -> Result<String, String> {
        let Some(old) = self.only_one_called(index) else {
            return Ok(text);
        };
        let after: Town = parse_ron(&self.path, &text).map_err(|e| e.message)?;
        let Some(new) = after.figures.get(index).map(|f| f.display_name()) else {
            return Ok(text);
        };
        let taken = after
            .figures
            .iter()
            .enumerate()
            .any(|(i, f)| i != index && f.display_name() == new)
            || after
                .game
                .as_ref()
                .is_some_and(|g| g.cowboys.iter().any(|c| c.name == new));
        // A townsman is no cowboy: nothing of the game is his.
        let neutral = after
            .figures
            .get(index)
            .is_some_and(|f| f.team == Team::Neutral);
        if new == old || new.trim().is_empty() || taken || neutral {
            return Ok(text);
        }
        let says_old = |t: &str, n: &ron_text::Node| {
            ron::from_str::<String>(&t[n.span.clone()]).is_ok_and(|n| n == old)
        };
        // One mention at a time, the text read again after each (every
        // mention renamed is no longer the old name: this ends).
        loop {
            let root = ron_text::read(&text).map_err(|e| e.message)?;
            let Ok(game) = game_section(&text, &root) else {
                return Ok(text);
            };
            let initiative = game.field("initiative").filter(|n| says_old(&text, n));
            let entry = cowboy_of(&text, game, &old)
                .1
                .and_then(|(_, e)| e.field("name"));
            let kill = game.field("victory").and_then(|v| {
                v.items()
                    .iter()
                    .filter_map(|item| item.field("condition"))
                    .filter_map(|c| match &c.kind {
                        ron_text::Kind::Tuple {
                            name: Some(n),
                            fields,
                            ..
                        } if &text[n.clone()] == "Kill" && fields.len() == 1 => {
                            Some(&fields[0].value)
                        }
                        _ => None,
                    })
                    .find(|n| says_old(&text, n))
            });
            let Some(at) = initiative.or(entry).or(kill) else {
                return Ok(text);
            };
            text = patch::splice(&text, at.span.clone(), &format!("{new:?}"));
        }
    }

    /// Takes back the last change; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.step(true)
    }

    /// Makes again the change last taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.step(false)
    }

    fn step(&mut self, back: bool) -> bool {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(text) = from.pop() else {
            return false;
        };
        to.push(std::mem::replace(&mut self.text, text));
        self.town = read_town(&self.path, &self.text).expect("a text the editor had read");
        true
    }

    /// Writes the text to the file, whole or not at all (a new file beside
    /// it, then renamed over it). On failure the edits stay here and the
    /// error says why.
    pub fn save(&mut self) -> Result<(), String> {
        crate::files::write_whole(&self.path, &self.text)?;
        self.saved = self.text.clone();
        Ok(())
    }

    /// Writes the town to another file, which it then is.
    pub fn save_as(&mut self, path: &Path) -> Result<(), String> {
        crate::files::write_whole(path, &self.text)?;
        self.path = path.to_path_buf();
        self.saved = self.text.clone();
        Ok(())
    }

    /// The file changed on disk (another editor saved it): taken in when
    /// nothing here is unsaved, else left for the author to choose.
    pub fn reloaded(&mut self, disk: String) -> Reloaded {
        if disk == self.saved || disk == self.text {
            self.saved = disk;
            return Reloaded::Same;
        }
        if self.dirty() {
            return Reloaded::Ask;
        }
        self.take_disk(disk)
    }

    /// The file's text from disk, taken in (unsaved edits dropped; the
    /// change can be undone).
    pub fn take_disk(&mut self, disk: String) -> Reloaded {
        match read_town(&self.path, &disk) {
            Ok(town) => {
                self.undo
                    .push(std::mem::replace(&mut self.text, disk.clone()));
                self.redo.clear();
                self.saved = disk;
                self.town = town;
                Reloaded::Taken
            }
            Err(e) => Reloaded::Broken(e),
        }
    }
}

/// Reads a town from a file's text (serde's reading, at file:line:col).
fn read_town(path: &Path, text: &str) -> Result<Town, DataError> {
    parse_ron(path, text)
}

/// A new town's text: the header says what the file is and where its
/// format is written down.
fn new_town_text(name: &str) -> String {
    // The standard town's streets: three buildings along each side.
    let places = [
        ((-45.0, -30.0), 0.0),
        ((0.0, -30.0), 0.0),
        ((45.0, -30.0), 0.0),
        ((-35.0, 30.0), 180.0),
        ((5.0, 30.0), 180.0),
        ((45.0, 30.0), 180.0),
    ];
    let lines: Vec<String> = BuildingKind::ALL
        .iter()
        .zip(places)
        .map(|(kind, (at, facing))| {
            format!(
                "        {},\n",
                NewPiece::Building {
                    kind: *kind,
                    at_cm: at,
                    facing_deg: facing
                }
                .text()
            )
        })
        .collect();
    format!(
        "// {name} — a highnoon town, made in the town editor.\n\
         // Positions in cm from the table's centre (+x right, +z toward the\n\
         // player), facings in degrees (0 faces the player). Every field:\n\
         // docs/scenario-format.md.\n\
         (\n    name: {name:?},\n    description: \"\",\n    buildings: [\n{}    ],\n    figures: [],\n)\n",
        lines.concat()
    )
}

/// The hat colours a figure can wear, for the palette.
pub const HAT_SIDES: [HatSide; 2] = [HatSide::Red, HatSide::Blue];

#[cfg(test)]
mod tests;
