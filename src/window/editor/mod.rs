//! The town editor on the table: the Flick table shows the town as edited
//! (laid out as in the sandbox, its problems and all) while the editor owns
//! the table — the mouse picks and drags pieces instead of flicking them, the
//! dock holds the editor's panel. One loop, as at the tables: the mouse, the
//! keys and the panel write [`EditIntent`]s; one system applies them to the
//! [`Editing`] resource (the model, `crate::editor`) and lays the edited town
//! on the table. Files:
//!
//! ```text
//! mod      the resource, its intents, the one apply system, opening and leaving
//! mouse    picking, dragging (snapped to 1 cm; Alt frees it), keys
//! marks    the selection's and the problems' rings; the dragged model carried
//! panel    the dock's sections: file, piece, palette, game, problems
//! ```

pub mod marks;
pub mod mouse;
pub mod panel;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::flick_table::FlickTableError;
use super::{Screen, TablePanels};
use crate::editor::{Edit, EditTown, Problem, Reloaded};
use crate::scenario::town::PieceRef;
use crate::tables::FrameSystems;
use crate::tables::flick::session::{FlickAction, FlickIntent};
use crate::tables::flick::{FlickOrder, TableEdited};
use crate::tables::watch::FileWatch;

pub fn plugin(app: &mut App) {
    // The keys in force (the shell's key_bindings plugin keeps them to the settings).
    app.init_resource::<crate::keys::Bindings>();
    let editing = resource_exists::<Editing>;
    app.add_message::<EditIntent>()
        .init_resource::<FileWatch>()
        .add_systems(
            Update,
            (
                mouse::turn_with_the_wheel.before(crate::window::shell::camera::orbit_camera),
                mouse::pick_and_drag,
                mouse::edit_with_keys,
                watch_the_file,
            )
                .in_set(FrameSystems::Input)
                .run_if(editing)
                .run_if(resource_exists::<TableEdited>)
                .run_if(in_state(Screen::Flick)),
        )
        .add_systems(
            Update,
            apply_edit_intents
                .in_set(FrameSystems::Apply)
                .before(FlickOrder::Apply)
                .run_if(editing),
        )
        .add_systems(
            Update,
            marks::carry_the_dragged_piece
                .in_set(FrameSystems::Dress)
                .run_if(editing)
                .run_if(resource_exists::<TableEdited>)
                .run_if(in_state(Screen::Flick)),
        )
        .add_systems(
            Update,
            marks::draw_marks
                .in_set(FrameSystems::Draw)
                .run_if(editing)
                .run_if(resource_exists::<TableEdited>)
                .run_if(in_state(Screen::Flick)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            panel::show_editor_panel
                .in_set(TablePanels)
                .run_if(editing)
                .run_if(in_state(Screen::Flick)),
        )
        .add_systems(OnEnter(Screen::Flick), open_for_editing)
        .add_systems(OnExit(Screen::Flick), leave_the_editor);
}

/// Open this file in the editor when the Flick table opens.
#[derive(Resource, Debug, Clone)]
pub struct EditRequest(pub PathBuf);

/// The town being edited, and the editor's state around it.
#[derive(Resource, Debug, Clone)]
pub struct Editing {
    pub town: EditTown,
    pub selected: Option<PieceRef>,
    /// A piece being dragged: where it is shown going (cm, snapped).
    pub dragging: Option<(PieceRef, (f32, f32))>,
    /// The last refusal or notice, for the panel.
    pub message: Option<String>,
    pub problems: Vec<Problem>,
    /// The file as another editor saved it while there were edits here
    /// unsaved: the author chooses which to keep.
    pub on_disk: Option<String>,
    /// The last *Balance* run (two hard bots playing the town as edited).
    pub balance: Option<BalanceRun>,
}

/// Two hard bots playing the scenario on a thread of their own: how far
/// they are, and what came of it.
#[derive(Debug, Clone)]
pub struct BalanceRun {
    /// The file's text they play.
    pub text: String,
    pub games: usize,
    pub done: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    pub result: std::sync::Arc<std::sync::OnceLock<crate::ai::arena::SideTally>>,
}

/// Games a *Balance* run plays (the issue's measure: 35-65% each side).
pub const BALANCE_GAMES: usize = 40;

impl BalanceRun {
    /// Starts the games on `town` (they use every core but the window's
    /// own work goes on).
    pub fn start(
        town: crate::scenario::Town,
        text: String,
        profile: crate::scenario::PhysicsProfile,
    ) -> Self {
        let done = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let result = std::sync::Arc::new(std::sync::OnceLock::new());
        let (d, r) = (done.clone(), result.clone());
        std::thread::spawn(move || {
            let Ok(levels) = crate::ai::levels::BotLevels::load_default() else {
                return;
            };
            let tally = crate::ai::arena::balance(
                &profile,
                &levels,
                &town,
                crate::bot_level::Level::Hard,
                BALANCE_GAMES,
                1,
                |n, _| d.store(n, std::sync::atomic::Ordering::Relaxed),
            );
            let _ = r.set(tally);
        });
        BalanceRun {
            text,
            games: BALANCE_GAMES,
            done,
            result,
        }
    }
}

impl Editing {
    pub fn new(town: EditTown, profile: &crate::scenario::PhysicsProfile) -> Self {
        let problems = town.problems(profile);
        Editing {
            town,
            selected: None,
            dragging: None,
            message: None,
            problems,
            on_disk: None,
            balance: None,
        }
    }
}

/// What is asked of the editor.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum EditIntent {
    Edit(Edit),
    Undo,
    Redo,
    Save,
    /// Save as a new town of this name in the player's towns folder (or at
    /// this path, when it names a folder or ends in `.ron`); never over a
    /// file already there.
    SaveAs(String),
    Select(Option<PieceRef>),
    /// A piece dragged to here (cm, snapped), shown going there and the town
    /// checked as if it were; `None`: the drag is over.
    Drag(Option<(PieceRef, (f32, f32))>),
    /// The file changed on disk: its text now.
    Disk(String),
    /// Take the file as it is on disk now (the edits here dropped, undoably).
    TakeDisk,
    /// Keep the edits here (the next save writes over the file).
    KeepMine,
    /// Two hard bots play the scenario as edited, in the background.
    Balance,
    /// The town as edited, into the sandbox to be flicked (a playable town only).
    Flick,
    /// Back from the sandbox: the town as edited, laid out again.
    BackToEditor,
}

/// The file, watched ([`FileWatch`], the program's one watcher): when its
/// bytes are not what the editor last read or saved, they are handed in
/// ([`EditIntent::Disk`]): taken when nothing here is unsaved, else the
/// author is asked.
fn watch_the_file(
    editing: Res<Editing>,
    mut files: ResMut<FileWatch>,
    mut looked: Local<Option<std::path::PathBuf>>,
    mut unwatched: Local<Option<String>>,
    mut intents: MessageWriter<EditIntent>,
) {
    let path = editing.town.path();
    // The first look at a file reads it too: a change saved between the
    // editor's opening and the watch has no event to tell of it (the text is
    // handed in, and the same bytes as opened are no change).
    let first = looked.as_deref() != Some(path);
    if first {
        *looked = Some(path.to_path_buf());
        files.forget();
    }
    if let Err(e) = files.watch(&[path.to_path_buf()]) {
        if unwatched.as_ref() != Some(&e) {
            warn!("the editor's file is not watched: {e}");
            *unwatched = Some(e);
        }
        return;
    }
    if files.changed().is_empty() && !first {
        return;
    }
    // Bytes the editor already knows are no news.
    if let Ok(text) = std::fs::read_to_string(path)
        && text != editing.town.saved()
        && editing.on_disk.as_deref() != Some(text.as_str())
    {
        intents.write(EditIntent::Disk(text));
    }
}

/// Applies the frame's intents; a changed town is laid on the table.
fn apply_edit_intents(
    mut intents: MessageReader<EditIntent>,
    mut editing: ResMut<Editing>,
    profile: Res<crate::physics::table::Profile>,
    mut table: MessageWriter<FlickIntent>,
    mut commands: Commands,
) {
    // Nothing asked: nothing to do (and the file's text not read again).
    if intents.is_empty() {
        return;
    }
    let before = editing.town.text().to_string();
    let lists_before = list_lengths(editing.town.town());
    // The selected piece as the file writes it, to know it again.
    let selected_before = editing
        .selected
        .and_then(|p| Some(before[editing.town.span_of(p)?].to_string()));
    let mut reloaded = false;
    for intent in intents.read() {
        // Only a file's text actually taken in counts as reloaded: bytes
        // the editor already held change nothing under a drag.
        let from_disk = matches!(intent, EditIntent::Disk(_) | EditIntent::TakeDisk)
            .then(|| editing.town.text().to_string());
        let accepted = apply(&mut editing, intent, &profile.0);
        reloaded |= from_disk.is_some_and(|t| t != editing.town.text());
        match intent {
            EditIntent::Flick if accepted => commands.remove_resource::<TableEdited>(),
            EditIntent::BackToEditor => {
                // The flicks leave no trace: the town as edited, as it was laid out.
                commands.insert_resource(TableEdited);
                table.write(FlickIntent::person(FlickAction::Reset));
            }
            _ => {}
        }
    }
    if editing.town.text() != before {
        editing.problems = editing.town.problems(&profile.0);
        // A drag goes on over an edit that leaves every piece at its place
        // in its list (a turn, a field), checked again as it would land; an
        // edit that adds or takes away pieces, or a file taken from disk,
        // ends it (its index may now be another piece's).
        if let Some((piece, to)) = editing.dragging {
            let moved = Edit::Move { piece, to_cm: to };
            match editing.town.problems_after(&moved, &profile.0) {
                Ok(problems) if !reloaded && list_lengths(editing.town.town()) == lists_before => {
                    editing.problems = problems;
                }
                _ => editing.dragging = None,
            }
        }
        let now_written = editing
            .selected
            .and_then(|p| Some(editing.town.text()[editing.town.span_of(p)?].to_string()));
        editing.selected = still_selected(
            editing.selected,
            &lists_before,
            editing.town.town(),
            selected_before.as_deref(),
            now_written.as_deref(),
        );
        table.write(FlickIntent::person(FlickAction::Lay(Box::new(
            editing.town.town().clone(),
        ))));
    }
}

/// The selection after an edit: a piece deleted (or undone away) is no
/// longer selected. An edit that leaves its list as long as it was keeps it
/// (a move, a turn, a field); one that makes the list longer or shorter (a
/// piece added, deleted, or put back by an undo) keeps it only where the
/// piece at its index is written as before (`was` and `now`: the item's
/// text before and after), else its index may now be another piece's.
fn still_selected(
    selected: Option<PieceRef>,
    lists_before: &[usize; 5],
    town: &crate::scenario::Town,
    was: Option<&str>,
    now: Option<&str>,
) -> Option<PieceRef> {
    let p = selected?;
    let list = crate::scenario::town::PieceList::ALL
        .iter()
        .position(|l| *l == p.list)?;
    now?;
    let same_length = list_lengths(town)[list] == lists_before[list];
    (same_length || was == now).then_some(p)
}

/// How many pieces each list of the town holds.
fn list_lengths(town: &crate::scenario::Town) -> [usize; 5] {
    crate::scenario::town::PieceList::ALL.map(|list| town.list_len(list))
}

/// A drag goes on (the town checked as if the piece were where it is
/// shown, its problems on show) or ends (back to the town's own problems).
fn drag(
    editing: &mut Editing,
    to: Option<(PieceRef, (f32, f32))>,
    profile: &crate::scenario::PhysicsProfile,
) {
    if editing.dragging == to {
        return;
    }
    editing.dragging = to;
    editing.problems = match to {
        Some((piece, to_cm)) => {
            let moved = Edit::Move { piece, to_cm };
            match editing.town.problems_after(&moved, profile) {
                Ok(problems) => problems,
                Err(_) => return,
            }
        }
        None => editing.town.problems(profile),
    };
}

/// One intent on the editor (the apply system's work, and the tests'):
/// whether it was done (a refusal is left in the message).
pub fn apply(
    editing: &mut Editing,
    intent: &EditIntent,
    profile: &crate::scenario::PhysicsProfile,
) -> bool {
    let result = match intent {
        EditIntent::Edit(e) => editing.town.apply(e),
        EditIntent::Undo => {
            if editing.town.undo() {
                Ok(())
            } else {
                Err("nothing to undo".into())
            }
        }
        EditIntent::Redo => {
            if editing.town.redo() {
                Ok(())
            } else {
                Err("nothing to redo".into())
            }
        }
        EditIntent::Save => editing
            .town
            .save()
            .map(|()| {
                editing.message = Some(format!("saved {}", editing.town.path().display()));
            })
            .map_err(|e| format!("not saved ({e}): the edits are kept here")),
        EditIntent::SaveAs(name) => save_as(editing, name),
        EditIntent::Select(p) => {
            editing.selected = *p;
            Ok(())
        }
        EditIntent::Drag(to) => {
            drag(editing, *to, profile);
            return true;
        }
        EditIntent::Disk(text) => match editing.town.reloaded(text.clone()) {
            Reloaded::Same => Ok(()),
            Reloaded::Taken => {
                editing.message = Some("the file changed on disk: taken in".into());
                return true;
            }
            Reloaded::Ask => {
                editing.on_disk = Some(text.clone());
                Ok(())
            }
            Reloaded::Broken(e) => Err(format!("the file on disk does not read: {e}")),
        },
        EditIntent::TakeDisk => match editing.on_disk.take() {
            Some(text) => match editing.town.take_disk(text) {
                Reloaded::Broken(e) => Err(format!("the file on disk does not read: {e}")),
                _ => Ok(()),
            },
            None => Ok(()),
        },
        EditIntent::KeepMine => {
            editing.on_disk = None;
            Ok(())
        }
        EditIntent::Balance => {
            if editing.town.town().game.is_none() {
                Err("a plain town has no sides to balance: make it a scenario".into())
            } else if !crate::editor::checks::playable(&editing.problems) {
                Err("fix the problems first: the bots play only a playable town".into())
            } else {
                let profile = profile.clone();
                editing.balance = Some(BalanceRun::start(
                    editing.town.town().clone(),
                    editing.town.text().to_string(),
                    profile,
                ));
                Ok(())
            }
        }
        EditIntent::Flick => {
            // The town as it is now (an edit in the same frame included).
            if crate::editor::checks::playable(&editing.town.problems(profile)) {
                Ok(())
            } else {
                Err("fix the problems first: only a playable town is flicked".into())
            }
        }
        EditIntent::BackToEditor => Ok(()),
    };
    match result {
        Ok(()) => {
            if !matches!(intent, EditIntent::Save | EditIntent::SaveAs(_)) {
                editing.message = None;
            }
            true
        }
        Err(e) => {
            editing.message = Some(e);
            false
        }
    }
}

/// *Save as*: the town written to a new file, which the editor then edits.
fn save_as(editing: &mut Editing, name: &str) -> Result<(), String> {
    let name = name.trim();
    let name = name.strip_suffix(".ron").unwrap_or(name).trim();
    if name.is_empty() {
        return Err("type a name to save the town as".into());
    }
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return Err("a name, not a path: the town is saved in your towns folder".into());
    }
    let towns =
        crate::scenario::yours::towns_dir().ok_or("no folder for your towns (no home folder)")?;
    let path = towns.join(format!("{name}.ron"));
    if path.exists() {
        return Err(format!(
            "{} is there already: pick another name",
            path.display()
        ));
    }
    editing
        .town
        .save_as(&path)
        .map_err(|e| format!("not saved ({e}): the edits are kept here"))?;
    editing.message = Some(format!("saved as {}", path.display()));
    Ok(())
}

/// Opens the requested file for editing: the town on the table, the table
/// the editor's. A file that does not read goes back to the menu, which
/// shows where it breaks; nothing is written to it.
fn open_for_editing(world: &mut World) {
    let Some(EditRequest(file)) = world.remove_resource::<EditRequest>() else {
        return;
    };
    let profile = world.resource::<crate::physics::table::Profile>().0.clone();
    let town = match EditTown::open(&file) {
        Ok(t) => t,
        Err(e) => {
            world.resource_mut::<FlickTableError>().0 = Some(e.to_string());
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
            return;
        }
    };
    world.resource_mut::<FlickTableError>().0 = None;
    world.write_message(FlickIntent::person(FlickAction::Lay(Box::new(
        town.town().clone(),
    ))));
    world.insert_resource(Editing::new(town, &profile));
    world.insert_resource(TableEdited);
    world.insert_resource(crate::window::shell::camera::Framing::table(
        profile.table.size,
        0.0,
    ));
    let mut windows = world.query::<&mut Window>();
    for mut w in windows.iter_mut(world) {
        w.title = format!("highnoon — editing {}", file.display());
    }
}

/// Leaving the table leaves the editor; unsaved edits are not lost: they
/// are written beside the file as `NAME.edited.ron` (in the player's towns
/// folder for a file of the shipped data, which is never written), and the
/// log says so.
fn leave_the_editor(world: &mut World) {
    world.remove_resource::<TableEdited>();
    // No text field of the editor's is left to type into.
    world.insert_resource(crate::window::shell::pointer::EguiWantsKeyboard(false));
    let Some(editing) = world.remove_resource::<Editing>() else {
        return;
    };
    if editing.town.dirty() {
        let beside = editing.town.path().with_extension("edited.ron");
        let path = match (crate::scenario::yours::towns_dir(), beside.file_name()) {
            (Some(towns), Some(name)) if crate::shipped::is_shipped(editing.town.path()) => {
                towns.join(name)
            }
            _ => beside,
        };
        match crate::files::write_whole(&path, editing.town.text()) {
            Ok(()) => warn!("unsaved edits kept in {}", path.display()),
            Err(e) => error!("unsaved edits lost: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::town::PieceList;

    #[test]
    fn a_piece_deleted_before_the_selection_leaves_nothing_selected() {
        let path = crate::scenario::data_root().join("scenarios/bank_robbery.ron");
        let mut town = EditTown::open(&path).unwrap();
        let piece = |list, index| PieceRef { list, index };
        let written = |t: &EditTown, p: PieceRef| t.span_of(p).map(|r| t.text()[r].to_string());
        // After `edit`, is `p` still selected?
        let after = |town: &mut EditTown, edit: &dyn Fn(&mut EditTown), p: PieceRef| {
            let before = list_lengths(town.town());
            let was = written(town, p);
            edit(town);
            let now = written(town, p);
            still_selected(
                Some(p),
                &before,
                town.town(),
                was.as_deref(),
                now.as_deref(),
            )
        };
        let (first, second) = (piece(PieceList::Props, 0), piece(PieceList::Props, 1));
        let building = piece(PieceList::Buildings, 0);
        let delete_first = |t: &mut EditTown| t.apply(&Edit::Delete { piece: first }).unwrap();
        // The first barrel goes: the second's index is now the third's, so
        // it is let go; a building selected stays selected.
        assert_eq!(after(&mut town, &delete_first, second), None);
        assert!(town.undo());
        assert_eq!(after(&mut town, &delete_first, building), Some(building));
        // Put back by an undo: the piece at the index is another again.
        assert_eq!(after(&mut town, &|t| assert!(t.undo()), first), None);
        // A piece added at the end, or the selected one moved: still it.
        let add = |t: &mut EditTown| {
            t.apply(&Edit::Add(crate::editor::NewPiece::Prop {
                kind: crate::scenario::town::PropKind::Barrel,
                at_cm: (0.0, 0.0),
                facing_deg: 0.0,
            }))
            .unwrap()
        };
        assert_eq!(after(&mut town, &add, second), Some(second));
        let moved = |t: &mut EditTown| {
            t.apply(&Edit::Move {
                piece: second,
                to_cm: (1.0, 1.0),
            })
            .unwrap()
        };
        assert_eq!(after(&mut town, &moved, second), Some(second));
        // Deleted itself, the last: gone.
        let last = piece(PieceList::Props, town.town().props.len() - 1);
        let gone = |t: &mut EditTown| t.apply(&Edit::Delete { piece: last }).unwrap();
        assert_eq!(after(&mut town, &gone, last), None);
    }
}
