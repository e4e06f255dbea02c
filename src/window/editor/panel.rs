//! The editor's sections in the dock: the file (save, undo, redo, try it
//! with flicks), the selected piece's fields, the palette, the scenario's
//! `game` section, and the problems (each selects its piece). Every change
//! is an [`EditIntent`]; nothing here edits the town itself.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::mouse::snap_deg;
use super::{EditIntent, Editing};
use crate::editor::{Edit, NewPiece, Severity};
use crate::scenario::kinds::{BuildingKind, HatSide, Team};
use crate::scenario::town::{FigureSpec, PieceList, PieceRef, PropKind, Town};
use crate::tables::flick::TableEdited;
use crate::window::shell::dock::Dock;
use crate::window::shell::pointer::{EguiWantsKeyboard, EguiWantsPointer};
use crate::window::shell::style::{GOLD, GOOD, PROBLEM};

const PROPS: [PropKind; 4] = [
    PropKind::Barrel,
    PropKind::Cactus,
    PropKind::Fence,
    PropKind::Tumbleweed,
];

/// A piece's name in the panel.
pub fn describe(town: &Town, p: PieceRef) -> String {
    match p.list {
        PieceList::Buildings => town
            .buildings
            .get(p.index)
            .map_or("?".into(), |b| format!("the {}", b.kind.title())),
        PieceList::Gallows => "the gallows".into(),
        PieceList::Props => town
            .props
            .get(p.index)
            .map_or("?".into(), |x| format!("a {:?}", x.kind)),
        PieceList::Figures => town
            .figures
            .get(p.index)
            .map_or("?".into(), |f| f.display_name()),
        PieceList::Discs if p.index == 0 => "the movement disc".into(),
        PieceList::Discs => format!("bullet {}", p.index),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn show_editor_panel(
    mut contexts: EguiContexts,
    mut dock: ResMut<Dock>,
    editing: Res<Editing>,
    edited: Option<Res<TableEdited>>,
    mut wants: ResMut<EguiWantsPointer>,
    mut typing: ResMut<EguiWantsKeyboard>,
    mut intents: MessageWriter<EditIntent>,
    profile: Res<crate::physics::table::Profile>,
    mut name_buffer: Local<Option<(PieceRef, String)>>,
    mut typed: Local<Option<Typed>>,
    mut game_buffer: Local<Option<(String, String)>>,
    mut save_as_name: Local<String>,
    keys: Res<crate::keys::Bindings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let town = editing.town.town();
    let mut send = |i: EditIntent| {
        intents.write(i);
    };
    dock.section(ctx, "Town editor", true, |ui| {
        show_file_section(
            ui,
            &editing,
            edited.is_some(),
            &mut save_as_name,
            &keys,
            &mut send,
        );
    });
    if edited.is_none() {
        record_egui_wants(ctx, &mut wants, &mut typing);
        return Ok(());
    }
    if let Some(sel) = editing.selected {
        dock.section(ctx, "Selected", true, |ui| {
            // While the piece is dragged, the place it would be let go at.
            let carried = editing
                .dragging
                .filter(|(p, _)| *p == sel)
                .map(|(_, to)| to);
            let table = profile.0.table.size;
            let half_cm = (table.0 * 50.0, table.1 * 50.0);
            selected_fields(
                ui,
                town,
                sel,
                carried,
                half_cm,
                &mut send,
                &mut name_buffer,
                &mut typed,
            );
        });
    }
    dock.section(ctx, "Add a piece", false, |ui| {
        palette(ui, town, &mut send);
    });
    dock.section(ctx, "Game", false, |ui| {
        game_fields(
            ui,
            town,
            editing.town.text(),
            editing.balance.as_ref(),
            &mut send,
            &mut game_buffer,
        );
    });
    dock.section(ctx, "Problems", true, |ui| {
        show_problems(ui, &editing.problems, &mut send);
    });
    record_egui_wants(ctx, &mut wants, &mut typing);
    Ok(())
}

/// Notes whether egui wants the pointer and the keys this frame (the table
/// and the editor's keys then leave them alone).
fn record_egui_wants(
    ctx: &egui::Context,
    wants: &mut EguiWantsPointer,
    typing: &mut EguiWantsKeyboard,
) {
    wants.0 = ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    typing.0 = ctx.egui_wants_keyboard_input();
}

/// The Town editor section: the file and whether it is saved, saving,
/// undo and redo, the way to the sandbox (or, `table_edited` false, back
/// from it), and the keys' hint.
fn show_file_section(
    ui: &mut egui::Ui,
    editing: &Editing,
    table_edited: bool,
    save_as_name: &mut String,
    keys: &crate::keys::Bindings,
    send: &mut impl FnMut(EditIntent),
) {
    ui.label(egui::RichText::new(&editing.town.town().name).strong());
    ui.label(
        egui::RichText::new(editing.town.path().display().to_string())
            .small()
            .weak(),
    );
    if editing.town.dirty() {
        ui.colored_label(GOLD, "unsaved changes");
    } else {
        ui.colored_label(GOOD, "saved");
    }
    show_save_buttons(ui, editing, keys, send);
    show_save_as(ui, save_as_name, send);
    if table_edited {
        if ui
            .button("Flick it")
            .on_hover_text("the town as edited, in the sandbox; come back unchanged")
            .clicked()
        {
            send(EditIntent::Flick);
        }
    } else if ui.button("Back to the editor").clicked() {
        send(EditIntent::BackToEditor);
    }
    if editing.on_disk.is_some() {
        show_disk_choice(ui, send);
    }
    if let Some(m) = &editing.message {
        ui.colored_label(
            if m.starts_with("saved") {
                GOOD
            } else {
                PROBLEM
            },
            m,
        );
    }
    ui.label(
        egui::RichText::new(
            keys.fill("Click a piece, drag it (Alt: free of the 1 cm grid) · {TurnLeft} / {TurnRight} or the wheel on it turn 15° (Shift: 1°) · {DeletePiece} · {Menu} menu"),
        )
        .small(),
    );
}

/// Save, Undo and Redo in a row, each with its keys.
fn show_save_buttons(
    ui: &mut egui::Ui,
    editing: &Editing,
    keys: &crate::keys::Bindings,
    send: &mut impl FnMut(EditIntent),
) {
    ui.horizontal(|ui| {
        if ui
            .button("Save")
            .on_hover_text(keys.fill("Ctrl+{Save}"))
            .clicked()
        {
            send(EditIntent::Save);
        }
        if ui
            .add_enabled(editing.town.can_undo(), egui::Button::new("Undo"))
            .on_hover_text(keys.fill("Ctrl+{Undo}"))
            .clicked()
        {
            send(EditIntent::Undo);
        }
        if ui
            .add_enabled(editing.town.can_redo(), egui::Button::new("Redo"))
            .on_hover_text(keys.fill("Ctrl+{Redo}"))
            .clicked()
        {
            send(EditIntent::Redo);
        }
    });
}

/// Save as: the button, and the new town's name typed beside it.
fn show_save_as(ui: &mut egui::Ui, save_as_name: &mut String, send: &mut impl FnMut(EditIntent)) {
    ui.horizontal(|ui| {
        if ui
            .button("Save as")
            .on_hover_text("a new town of this name in your towns folder")
            .clicked()
        {
            send(EditIntent::SaveAs(save_as_name.clone()));
        }
        ui.add(
            egui::TextEdit::singleline(&mut *save_as_name)
                .hint_text("new name")
                .desired_width(140.0),
        );
    });
}

/// The file changed on disk while edits here are unsaved: take the file's
/// text, or keep the edits.
fn show_disk_choice(ui: &mut egui::Ui, send: &mut impl FnMut(EditIntent)) {
    ui.colored_label(
        GOLD,
        "The file was changed on disk, and there are edits here not saved.",
    );
    ui.horizontal(|ui| {
        if ui.button("Take the file's").clicked() {
            send(EditIntent::TakeDisk);
        }
        if ui.button("Keep mine").clicked() {
            send(EditIntent::KeepMine);
        }
    });
}

/// The Problems section: how many errors stand before play, then every
/// problem, each selecting its piece when clicked.
fn show_problems(
    ui: &mut egui::Ui,
    problems: &[crate::editor::Problem],
    send: &mut impl FnMut(EditIntent),
) {
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    if errors == 0 {
        ui.colored_label(GOOD, "ready to play");
    } else {
        ui.colored_label(PROBLEM, format!("{errors} to fix before it can be played"));
    }
    egui::ScrollArea::vertical()
        .max_height(180.0)
        .show(ui, |ui| {
            for p in problems {
                let colour = match p.severity {
                    Severity::Error => PROBLEM,
                    Severity::Warning => GOLD,
                };
                let at = p.at.map_or(String::new(), |(l, c)| format!("{l}:{c} "));
                let text = egui::RichText::new(format!("{at}{}", p.message)).color(colour);
                if ui
                    .add(egui::Label::new(text).sense(egui::Sense::click()))
                    .clicked()
                    && p.piece.is_some()
                {
                    send(EditIntent::Select(p.piece));
                }
            }
        });
}

/// The tokens lying in building `b` (the game section's first pile there):
/// each a button that takes it out, a menu that adds one, face down or up.
fn pile_fields(
    ui: &mut egui::Ui,
    game: &crate::scenario::game::GameSetup,
    b: BuildingKind,
    send: &mut impl FnMut(EditIntent),
) {
    use crate::scenario::game::Token;
    let pile = game.piles.iter().find(|p| p.building == b);
    ui.horizontal_wrapped(|ui| {
        ui.label("tokens here");
        match pile {
            None => {
                ui.label(egui::RichText::new("none").weak());
            }
            Some(p) => {
                for (index, t) in p.tokens.iter().enumerate() {
                    if ui
                        .small_button(format!("{t:?} ×"))
                        .on_hover_text("take it out")
                        .clicked()
                    {
                        send(EditIntent::Edit(Edit::RemoveToken { building: b, index }));
                    }
                }
            }
        }
    });
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("add a token")
            .selected_text("+ token")
            .show_ui(ui, |ui| {
                for token in Token::ALL {
                    if ui.selectable_label(false, format!("{token:?}")).clicked() {
                        send(EditIntent::Edit(Edit::AddToken { building: b, token }));
                    }
                }
            });
        if let Some(p) = pile {
            let mut face_down = p.face_down;
            if ui
                .checkbox(&mut face_down, "face down")
                .on_hover_text("a face-down pile is drawn from at random")
                .changed()
            {
                send(EditIntent::Edit(Edit::PileFaceDown {
                    building: b,
                    face_down,
                }));
            }
        }
    });
}

/// The place and facing being typed (or dragged) in the Selected section,
/// for the piece they belong to; `active` while one of them has the keys or
/// the pointer (then the town's own values do not overwrite them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Typed {
    piece: PieceRef,
    at: (f32, f32),
    facing: f32,
    active: bool,
    /// Escape was pressed in one of them last frame.
    escaped: bool,
}

/// The edits that put a piece at the place and facing typed for it: a move
/// when the place written in the file would change, a turn when the facing
/// would (a disc has none); nothing when the file would read the same.
pub fn typed_edits(piece: PieceRef, now: ((f32, f32), f32), typed: ((f32, f32), f32)) -> Vec<Edit> {
    use crate::editor::patch::{number, place};
    let mut edits = Vec::new();
    if place(typed.0) != place(now.0) {
        edits.push(Edit::Move {
            piece,
            to_cm: typed.0,
        });
    }
    let facing = |d: f32| number(d.rem_euclid(360.0)).replace("360.0", "0.0");
    if piece.list != PieceList::Discs && facing(typed.1) != facing(now.1) {
        edits.push(Edit::Turn {
            piece,
            facing_deg: typed.1,
        });
    }
    edits
}

/// Where the piece is and which way it faces, typed: each number can be
/// dragged or typed; the edit is made when it is let go (or entered).
fn typed_place(
    ui: &mut egui::Ui,
    sel: PieceRef,
    now: ((f32, f32), f32),
    half_cm: (f32, f32),
    typed: &mut Option<Typed>,
    send: &mut impl FnMut(EditIntent),
) {
    let t = typed.get_or_insert(Typed {
        piece: sel,
        at: now.0,
        facing: now.1,
        active: false,
        escaped: false,
    });
    if t.piece != sel || !t.active {
        *t = Typed {
            piece: sel,
            at: now.0,
            facing: now.1,
            active: false,
            escaped: t.piece == sel && t.escaped,
        };
    }
    let escaped = t.active && ui.input(|i| i.key_pressed(egui::Key::Escape));
    // The numbers' ids are the piece's: what is typed for one is never
    // taken for another.
    let responses = ui
        .push_id(sel, |ui| {
            ui.horizontal(|ui| {
                // A number as the file writes it (two decimals at most); a
                // piece on the table stays on it, one already off it (dragged
                // there) is neither pulled back by being selected nor kept off
                // by the editor; typing takes effect when entered (Escape
                // leaves it as it was).
                fn number(
                    value: &mut f32,
                    range: std::ops::RangeInclusive<f32>,
                    speed: f64,
                ) -> egui::DragValue<'_> {
                    let limit = if range.contains(value) {
                        range
                    } else {
                        f32::MIN..=f32::MAX
                    };
                    egui::DragValue::new(value)
                        .range(limit)
                        .clamp_existing_to_range(false)
                        .update_while_editing(false)
                        .speed(speed)
                        .min_decimals(1)
                        .max_decimals(2)
                }
                let x = ui.add(
                    number(&mut t.at.0, -half_cm.0..=half_cm.0, 0.2)
                        .prefix("x ")
                        .suffix(" cm"),
                );
                let z = ui.add(
                    number(&mut t.at.1, -half_cm.1..=half_cm.1, 0.2)
                        .prefix("z ")
                        .suffix(" cm"),
                );
                let mut all = vec![x, z];
                if sel.list != PieceList::Discs {
                    all.push(
                        ui.add(number(&mut t.facing, -360.0..=360.0, 1.0).suffix("°"))
                            .on_hover_text("facing: 0 faces you, 90 faces right"),
                    );
                }
                all
            })
            .inner
        })
        .inner;
    t.active = responses.iter().any(|r| r.has_focus() || r.dragged());
    // Escape drops what was typed: egui takes a number in when its field
    // loses the keys without Escape, which (the key gone) it also does a
    // frame after Escape; that frame's number is dropped too.
    if std::mem::replace(&mut t.escaped, escaped) || escaped {
        (t.at, t.facing, t.active) = (now.0, now.1, false);
        return;
    }
    let let_go = responses.iter().any(|r| r.drag_stopped() || r.lost_focus())
        || (responses.iter().any(|r| r.changed()) && !t.active);
    if let_go {
        for e in typed_edits(sel, now, (t.at, t.facing)) {
            send(EditIntent::Edit(e));
        }
        t.active = false;
    }
}

/// A cowboy's own settings in the game section's `cowboys` list: hit
/// points, the tokens he starts with, the building he starts inside, no
/// pistol. Each at the section's default leaves him out of the list.
fn cowboy_fields(
    ui: &mut egui::Ui,
    town: &Town,
    game: &crate::scenario::game::GameSetup,
    name: &str,
    send: &mut impl FnMut(EditIntent),
) {
    use crate::scenario::game::{MAX_TOKENS, Token};
    let own = game.cowboys.iter().find(|c| c.name == name);
    let set = |field: &str, value: Option<String>| {
        EditIntent::Edit(Edit::SetCowboy {
            name: name.to_string(),
            field: field.into(),
            value,
        })
    };
    ui.label(egui::RichText::new("in this game").color(GOLD));
    let hp = own.and_then(|c| c.hit_points).unwrap_or(game.hit_points);
    let hit_points = |h: u8| (h != game.hit_points).then(|| format!("Some({h})"));
    ui.horizontal(|ui| {
        ui.label(format!("hit points {hp}"));
        if ui.small_button("-").clicked() && hp > 1 {
            send(set("hit_points", hit_points(hp - 1)));
        }
        if ui.small_button("+").clicked() && hp < 9 {
            send(set("hit_points", hit_points(hp + 1)));
        }
    });
    let tokens: Vec<Token> = own.map(|c| c.tokens.clone()).unwrap_or_default();
    let list = |ts: &[Token]| {
        (!ts.is_empty()).then(|| {
            let names: Vec<String> = ts.iter().map(|t| format!("{t:?}")).collect();
            format!("[{}]", names.join(", "))
        })
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("starts with");
        if tokens.is_empty() {
            ui.label(egui::RichText::new("nothing").weak());
        }
        for (i, t) in tokens.iter().enumerate() {
            if ui
                .small_button(format!("{t:?} ×"))
                .on_hover_text("take it away")
                .clicked()
            {
                let mut rest = tokens.clone();
                rest.remove(i);
                send(set("tokens", list(&rest)));
            }
        }
        if tokens.len() < MAX_TOKENS {
            egui::ComboBox::from_id_salt("give a token")
                .selected_text("+ token")
                .show_ui(ui, |ui| {
                    for token in Token::ALL {
                        if ui.selectable_label(false, format!("{token:?}")).clicked() {
                            let mut more = tokens.clone();
                            more.push(token);
                            send(set("tokens", list(&more)));
                        }
                    }
                });
        }
    });
    let inside = own.and_then(|c| c.inside);
    egui::ComboBox::from_label("starts inside")
        .selected_text(inside.map_or("(on the street)", |b| b.title()))
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(inside.is_none(), "(on the street)")
                .clicked()
                && inside.is_some()
            {
                send(set("inside", None));
            }
            for b in &town.buildings {
                if ui
                    .selectable_label(inside == Some(b.kind), b.kind.title())
                    .clicked()
                    && inside != Some(b.kind)
                {
                    send(set("inside", Some(format!("Some({:?})", b.kind))));
                }
            }
        });
    let mut unarmed = own.is_some_and(|c| c.unarmed);
    if ui
        .checkbox(&mut unarmed, "unarmed")
        .on_hover_text("no pistol: a prisoner, a preacher")
        .changed()
    {
        send(set("unarmed", unarmed.then(|| "true".to_string())));
    }
}

#[allow(clippy::too_many_arguments)]
fn selected_fields(
    ui: &mut egui::Ui,
    town: &Town,
    sel: PieceRef,
    carried: Option<(f32, f32)>,
    half_cm: (f32, f32),
    send: &mut impl FnMut(EditIntent),
    name_buffer: &mut Option<(PieceRef, String)>,
    typed: &mut Option<Typed>,
) {
    let Some((at, facing)) = town.placement(sel) else {
        return;
    };
    ui.label(egui::RichText::new(describe(town, sel)).strong());
    // Where it is, typed; while it is dragged on the table, where it would
    // be let go.
    if let Some(to) = carried {
        ui.label(format!(
            "carried to ({}, {}) cm (from ({}, {}))",
            to.0, to.1, at.0, at.1
        ));
    }
    typed_place(ui, sel, (at, facing), half_cm, typed, send);
    show_nudge_buttons(ui, sel, at, facing, send);
    match sel.list {
        PieceList::Buildings => show_building_fields(ui, town, sel, send),
        PieceList::Props => show_prop_fields(ui, town, sel, send),
        PieceList::Figures => show_figure_fields(ui, town, sel, name_buffer, send),
        PieceList::Gallows | PieceList::Discs => {}
    }
}

/// The intent that sets one field of piece `sel` to the RON value `value`.
fn set_field_intent(sel: PieceRef, field: &str, value: String) -> EditIntent {
    EditIntent::Edit(Edit::SetField {
        piece: sel,
        field: field.into(),
        value,
    })
}

/// Buttons that move the piece 1 cm, turn it 15° (a disc has no facing)
/// or delete it.
fn show_nudge_buttons(
    ui: &mut egui::Ui,
    sel: PieceRef,
    at: (f32, f32),
    facing: f32,
    send: &mut impl FnMut(EditIntent),
) {
    ui.horizontal(|ui| {
        for (label, d) in [
            ("x-1", (-1.0, 0.0)),
            ("x+1", (1.0, 0.0)),
            ("z-1", (0.0, -1.0)),
            ("z+1", (0.0, 1.0)),
        ] {
            if ui
                .button(label)
                .on_hover_text("1 cm (+z toward you)")
                .clicked()
            {
                send(EditIntent::Edit(Edit::Move {
                    piece: sel,
                    to_cm: (at.0 + d.0, at.1 + d.1),
                }));
            }
        }
        if sel.list != PieceList::Discs {
            for (label, d) in [("⟲", -15.0), ("⟳", 15.0)] {
                if ui.button(label).on_hover_text("15°").clicked() {
                    send(EditIntent::Edit(Edit::Turn {
                        piece: sel,
                        facing_deg: snap_deg(facing + d, false),
                    }));
                }
            }
        }
        if ui.button("Delete").clicked() {
            send(EditIntent::Edit(Edit::Delete { piece: sel }));
        }
    });
}

/// A building's kind, and in a scenario the tokens lying in it.
fn show_building_fields(
    ui: &mut egui::Ui,
    town: &Town,
    sel: PieceRef,
    send: &mut impl FnMut(EditIntent),
) {
    let now = town.buildings[sel.index].kind;
    egui::ComboBox::from_label("kind")
        .selected_text(now.title())
        .show_ui(ui, |ui| {
            for k in BuildingKind::ALL {
                if ui.selectable_label(k == now, k.title()).clicked() && k != now {
                    send(set_field_intent(sel, "kind", format!("{k:?}")));
                }
            }
        });
    if let Some(game) = &town.game {
        pile_fields(ui, game, now, send);
    }
}

/// A prop's kind.
fn show_prop_fields(
    ui: &mut egui::Ui,
    town: &Town,
    sel: PieceRef,
    send: &mut impl FnMut(EditIntent),
) {
    let now = town.props[sel.index].kind;
    egui::ComboBox::from_label("kind")
        .selected_text(format!("{now:?}"))
        .show_ui(ui, |ui| {
            for k in PROPS {
                if ui.selectable_label(k == now, format!("{k:?}")).clicked() && k != now {
                    send(set_field_intent(sel, "kind", format!("{k:?}")));
                }
            }
        });
}

/// A figure's side, a cowboy's hat, the figure's name and, in a scenario, a
/// cowboy's own settings in the game.
fn show_figure_fields(
    ui: &mut egui::Ui,
    town: &Town,
    sel: PieceRef,
    name_buffer: &mut Option<(PieceRef, String)>,
    send: &mut impl FnMut(EditIntent),
) {
    let f = &town.figures[sel.index];
    show_team_choice(ui, f, sel, send);
    if f.team != Team::Neutral {
        show_hat_choices(ui, f, sel, send);
    }
    show_name_field(ui, f, sel, name_buffer, send);
    if let Some(game) = &town.game
        && f.team != Team::Neutral
    {
        cowboy_fields(ui, town, game, &f.display_name(), send);
    }
}

/// The figure's side: lawmen, outlaws or townsfolk.
fn show_team_choice(
    ui: &mut egui::Ui,
    f: &FigureSpec,
    sel: PieceRef,
    send: &mut impl FnMut(EditIntent),
) {
    egui::ComboBox::from_label("team")
        .selected_text(format!("{:?}", f.team))
        .show_ui(ui, |ui| {
            for t in [Team::Lawmen, Team::Outlaws, Team::Neutral] {
                if ui.selectable_label(t == f.team, format!("{t:?}")).clicked() && t != f.team {
                    send(set_field_intent(sel, "team", format!("{t:?}")));
                }
            }
        });
}

/// A cowboy's hat: its number, and the side it shows.
fn show_hat_choices(
    ui: &mut egui::Ui,
    f: &FigureSpec,
    sel: PieceRef,
    send: &mut impl FnMut(EditIntent),
) {
    ui.horizontal(|ui| {
        ui.label("hat");
        for h in 1..=5u8 {
            if ui
                .selectable_label(f.hat == Some(h), h.to_string())
                .clicked()
                && f.hat != Some(h)
            {
                send(set_field_intent(sel, "hat", h.to_string()));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("hat side up");
        for side in crate::editor::HAT_SIDES {
            if ui
                .selectable_label(f.hat_side == side, format!("{side:?}"))
                .clicked()
                && f.hat_side != side
            {
                send(set_field_intent(sel, "hat_side", format!("{side:?}")));
            }
        }
    });
}

/// The figure's name, typed: the name as the file has it (after an undo
/// too), but while it is being typed; set when the field lets go of the keys.
fn show_name_field(
    ui: &mut egui::Ui,
    f: &FigureSpec,
    sel: PieceRef,
    name_buffer: &mut Option<(PieceRef, String)>,
    send: &mut impl FnMut(EditIntent),
) {
    let field = egui::Id::new(("the selected figure's name", sel));
    if name_buffer.as_ref().is_none_or(|(p, _)| *p != sel)
        || !ui.memory(|m| m.has_focus(field) || m.had_focus_last_frame(field))
    {
        *name_buffer = Some((sel, f.name.clone().unwrap_or_default()));
    }
    if let Some((_, name)) = name_buffer.as_mut() {
        ui.horizontal(|ui| {
            ui.label("name");
            let r = ui.add(egui::TextEdit::singleline(name).id(field));
            if r.lost_focus() && f.name.as_deref() != Some(name.as_str()) {
                send(set_field_intent(sel, "name", format!("{name:?}")));
            }
        });
    }
}

fn palette(ui: &mut egui::Ui, town: &Town, send: &mut impl FnMut(EditIntent)) {
    ui.label(
        egui::RichText::new("New pieces are put in the middle of the table: drag them into place.")
            .small(),
    );
    let add = |p: NewPiece| EditIntent::Edit(Edit::Add(p));
    ui.horizontal_wrapped(|ui| {
        for k in BuildingKind::ALL {
            if !town.buildings.iter().any(|b| b.kind == k) && ui.button(k.title()).clicked() {
                send(add(NewPiece::Building {
                    kind: k,
                    at_cm: (0.0, 0.0),
                    facing_deg: 0.0,
                }));
            }
        }
        if ui.button("Gallows").clicked() {
            send(add(NewPiece::Gallows {
                at_cm: (0.0, 0.0),
                facing_deg: 0.0,
            }));
        }
        for k in PROPS {
            if ui.button(format!("{k:?}")).clicked() {
                send(add(NewPiece::Prop {
                    kind: k,
                    at_cm: (0.0, 0.0),
                    facing_deg: 0.0,
                }));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        for (team, label) in [
            (Team::Lawmen, "Lawman"),
            (Team::Outlaws, "Outlaw"),
            (Team::Neutral, "Townsfolk"),
        ] {
            if ui.button(label).clicked() {
                let hat = (team != Team::Neutral)
                    .then(|| crate::editor::first_free_hat(town, team, None));
                send(add(NewPiece::Figure(FigureSpec {
                    team,
                    hat,
                    hat_side: HatSide::Red,
                    name: None,
                    at_cm: (0.0, 0.0),
                    facing_deg: 0.0,
                })));
            }
        }
        if town.discs.len() < 5 && ui.button("Disc").clicked() {
            send(add(NewPiece::Disc { at_cm: (0.0, 0.0) }));
        }
    });
}

fn game_fields(
    ui: &mut egui::Ui,
    town: &Town,
    text: &str,
    balance: Option<&super::BalanceRun>,
    send: &mut impl FnMut(EditIntent),
    buffer: &mut Option<(String, String)>,
) {
    let Some(game) = &town.game else {
        ui.label("A plain town (the sandbox's kind).");
        if ui.button("Make it a scenario").clicked() {
            send(EditIntent::Edit(Edit::AddGame));
        }
        return;
    };
    let set = |field: &str, value: String| {
        EditIntent::Edit(Edit::SetGame {
            field: field.into(),
            value,
        })
    };
    ui.horizontal(|ui| {
        ui.label(format!("start_hour: {}", game.start_hour));
        if ui.button("-").clicked() && game.start_hour > 1 {
            send(set("start_hour", (game.start_hour - 1).to_string()));
        }
        if ui.button("+").clicked() && game.start_hour < 11 {
            send(set("start_hour", (game.start_hour + 1).to_string()));
        }
    });
    egui::ComboBox::from_label("initiative")
        .selected_text(&game.initiative)
        .show_ui(ui, |ui| {
            for c in town.cowboy_specs() {
                if ui
                    .selectable_label(c.name == game.initiative, &c.name)
                    .clicked()
                    && c.name != game.initiative
                {
                    send(set("initiative", format!("{:?}", c.name)));
                }
            }
        });
    ui.separator();
    ui.label(egui::RichText::new("Balance").color(GOLD));
    match balance {
        Some(run) => {
            let done = run.done.load(std::sync::atomic::Ordering::Relaxed);
            match run.result.get() {
                None => {
                    ui.add(
                        egui::ProgressBar::new(done as f32 / run.games as f32)
                            .text(format!("two hard bots: game {done} of {}", run.games)),
                    );
                }
                Some(t) => {
                    let (share, _, _) = t.lawmen_share();
                    ui.label(t.shares_line());
                    let fair = (0.35..=0.65).contains(&share);
                    ui.colored_label(
                        if fair { GOOD } else { PROBLEM },
                        if fair {
                            "fair: each side wins 35-65%"
                        } else if share.is_nan() {
                            "no side won: fairness cannot be told"
                        } else {
                            "one side wins too often (fair is 35-65%)"
                        },
                    );
                    if run.text != text {
                        ui.label(egui::RichText::new("(played on an earlier version)").small());
                    }
                    if ui.button("Balance again").clicked() {
                        send(EditIntent::Balance);
                    }
                }
            }
        }
        None => {
            if ui
                .button("Balance")
                .on_hover_text("two hard bots play it 40 times, sides alternating (minutes)")
                .clicked()
            {
                send(EditIntent::Balance);
            }
        }
    }
    ui.separator();
    // The lists are edited as their RON text (the format's names, checked
    // when set).
    for (field, now) in [
        ("victory", ron_of(&game.victory)),
        ("piles", ron_of(&game.piles)),
        ("at_noon", ron_of(&game.at_noon)),
    ] {
        ui.label(egui::RichText::new(field).color(GOLD));
        if buffer.as_ref().is_none_or(|(f, _)| f != field) {
            ui.label(egui::RichText::new(&now).monospace().small());
            if ui.small_button("edit").clicked() {
                *buffer = Some((field.to_string(), now));
            }
        } else if let Some((_, text)) = buffer.as_mut() {
            ui.add(
                egui::TextEdit::multiline(text)
                    .code_editor()
                    .desired_rows(3),
            );
            let (set_it, cancel) = ui
                .horizontal(|ui| (ui.button("Set").clicked(), ui.button("Cancel").clicked()))
                .inner;
            if set_it {
                send(set(field, text.clone()));
            }
            if set_it || cancel {
                *buffer = None;
            }
        }
    }
}

/// A value as RON on one line.
fn ron_of<T: serde::Serialize>(value: &T) -> String {
    ron::ser::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wyatt's place and facing in the dock of a bare egui context, frame by
    /// frame with each frame's events: the edits sent, per frame, and where
    /// the three numbers (x, z, facing) are drawn.
    fn typed_frames(
        now: ((f32, f32), f32),
        frames: Vec<Vec<egui::Event>>,
    ) -> (Vec<Vec<Edit>>, Vec<egui::Pos2>) {
        let ctx = egui::Context::default();
        let wyatt = PieceRef {
            list: PieceList::Figures,
            index: 0,
        };
        let mut typed = None;
        let mut sent = Vec::new();
        for (i, events) in frames.into_iter().enumerate() {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(400.0, 300.0),
                )),
                time: Some(i as f64 * 0.05),
                events,
                ..Default::default()
            };
            let mut edits = Vec::new();
            let _ = ctx.run_ui(input, |ui| {
                typed_place(ui, wyatt, now, (70.0, 45.0), &mut typed, &mut |i| {
                    if let EditIntent::Edit(e) = i {
                        edits.push(e);
                    }
                });
            });
            sent.push(edits);
        }
        let numbers = ctx.viewport(|v| {
            v.prev_pass
                .widgets
                .layers()
                .flat_map(|(_, w)| w.iter())
                .filter(|w| w.sense.senses_drag())
                .map(|w| w.rect.center())
                .collect()
        });
        (sent, numbers)
    }

    fn button(pos: egui::Pos2, pressed: bool) -> egui::Event {
        egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    fn key(key: egui::Key, modifiers: egui::Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    #[test]
    fn a_number_typed_is_one_edit_when_entered_and_a_number_dragged_one_when_let_go() {
        const WYATT: ((f32, f32), f32) = ((-50.0, 0.0), 90.0);
        let (_, numbers) = typed_frames(WYATT, vec![vec![]]);
        assert_eq!(numbers.len(), 3, "x, z and facing");
        let (x, facing) = (numbers[0], numbers[2]);
        // x clicked, typed over and entered: one move, when entered.
        // x clicked and -40 typed over what it showed (frames 0 to 5).
        let typed_over_x = || {
            vec![
                vec![],
                vec![egui::Event::PointerMoved(x), button(x, true)],
                vec![button(x, false)],
                vec![],
                vec![key(egui::Key::A, egui::Modifiers::COMMAND)],
                vec![egui::Event::Text("-40".into())],
            ]
        };
        let mut frames = typed_over_x();
        frames.extend([
            vec![],
            vec![key(egui::Key::Enter, egui::Modifiers::NONE)],
            vec![],
        ]);
        let (sent, _) = typed_frames(WYATT, frames);
        let when: Vec<usize> = (0..sent.len()).filter(|&i| !sent[i].is_empty()).collect();
        assert_eq!(when, vec![7], "sent on Enter only: {sent:?}");
        assert_eq!(
            sent[7],
            vec![Edit::Move {
                piece: PieceRef {
                    list: PieceList::Figures,
                    index: 0
                },
                to_cm: (-40.0, 0.0)
            }]
        );
        // The facing dragged 40 points right over eight frames: nothing
        // while it is dragged, one turn when let go.
        let mut frames = vec![
            vec![],
            vec![egui::Event::PointerMoved(facing), button(facing, true)],
        ];
        let mut at = facing;
        for _ in 0..8 {
            at.x += 5.0;
            frames.push(vec![egui::Event::PointerMoved(at)]);
        }
        frames.push(vec![button(at, false)]);
        frames.push(vec![]);
        let (sent, _) = typed_frames(WYATT, frames);
        let when: Vec<usize> = (0..sent.len()).filter(|&i| !sent[i].is_empty()).collect();
        assert_eq!(when, vec![10], "sent when let go only: {sent:?}");
        match sent[10].as_slice() {
            [Edit::Turn { facing_deg, .. }] => {
                assert!(*facing_deg > 100.0 && *facing_deg <= 130.0, "{facing_deg}")
            }
            other => panic!("{other:?}"),
        }
        let nothing_sent = |sent: &[Vec<Edit>]| sent.iter().all(Vec::is_empty);
        // Typed over and left with Escape: nothing.
        let mut frames = typed_over_x();
        frames.extend([vec![key(egui::Key::Escape, egui::Modifiers::NONE)], vec![]]);
        let (sent, _) = typed_frames(WYATT, frames);
        assert!(nothing_sent(&sent), "{sent:?}");
        // A piece off the table (dragged there) is shown where it is, not
        // pulled back onto the table by being selected; a place with two
        // decimals is not rounded by clicking into it and out.
        let off = ((-80.25, 12.25), 37.5);
        let (sent, _) = typed_frames(
            off,
            vec![
                vec![],
                vec![],
                vec![egui::Event::PointerMoved(x), button(x, true)],
                vec![button(x, false)],
                vec![],
                vec![key(egui::Key::Enter, egui::Modifiers::NONE)],
                vec![],
            ],
        );
        assert!(nothing_sent(&sent), "{sent:?}");
    }

    #[test]
    fn a_typed_place_or_facing_is_one_edit_each_and_only_when_the_file_would_change() {
        let barrel = PieceRef {
            list: PieceList::Props,
            index: 2,
        };
        let now = ((-20.0, -8.0), 0.0);
        assert!(typed_edits(barrel, now, now).is_empty());
        // Less than the file writes (two decimals), or a whole turn: no change.
        assert!(typed_edits(barrel, now, ((-20.001, -8.0), 360.0)).is_empty());
        assert_eq!(
            typed_edits(barrel, now, ((-12.5, -8.0), 0.0)),
            vec![Edit::Move {
                piece: barrel,
                to_cm: (-12.5, -8.0)
            }]
        );
        assert_eq!(
            typed_edits(barrel, now, ((-20.0, 3.0), 37.0)),
            vec![
                Edit::Move {
                    piece: barrel,
                    to_cm: (-20.0, 3.0)
                },
                Edit::Turn {
                    piece: barrel,
                    facing_deg: 37.0
                }
            ]
        );
        // A disc has no facing to type.
        let disc = PieceRef {
            list: PieceList::Discs,
            index: 0,
        };
        assert!(typed_edits(disc, now, ((-20.0, -8.0), 90.0)).is_empty());
    }
}
