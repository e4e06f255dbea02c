//! The dock: a table's panels in one column at the window's right edge, one
//! collapsible section each, and the 3D view beside it. The table's camera
//! draws only left of the dock (its viewport), so no panel ever lies over
//! the table; the panels have a camera of their own that draws over the
//! whole window. The dock folds to a narrow strip (40 px) (its button, top right)
//! and the view widens; [`super::camera::Framing`] keeps the table whole.
//!
//! A frame: [`DockSystems::Open`] draws the column and its header, each
//! table's panel systems add their sections in the order they run (declared
//! in `window/mod.rs`), [`DockSystems::Fit`] claims the pointer over it.
//! Before egui's pass, [`DockSystems::Place`] sets the camera's viewport to
//! what the dock leaves (the same width the dock is drawn with).

use bevy::camera::{CameraOutputMode, Viewport, visibility::RenderLayers};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use super::camera::OrbitCamera;
use super::pointer::EguiWantsPointer;
use super::style;

pub fn plugin(app: &mut App) {
    // The panels' camera is made here, not on the first camera there is.
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .init_resource::<Dock>()
    .add_systems(Startup, spawn_panels_camera)
    .add_systems(
        PostUpdate,
        (place_the_view, super::camera::frame_the_table)
            .chain()
            .in_set(DockSystems::Place),
    )
    .add_systems(
        EguiPrimaryContextPass,
        (
            open_dock.in_set(DockSystems::Open),
            claim_the_pointer.in_set(DockSystems::Fit),
        ),
    );
}

/// The dock's systems (their order is declared in `window/mod.rs`): `Place`
/// in PostUpdate, before egui's pass and before the cameras and transforms
/// are updated (the view beside the dock, and the table framed in it, this
/// frame); in egui's pass `Open` before any table's panels, `Fit` after
/// them all.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DockSystems {
    Place,
    Open,
    Fit,
}

/// The camera egui draws with: over the whole window, after the table's.
#[derive(Component, Debug)]
pub struct PanelsCamera;

/// The width of the folded dock (logical pixels).
const FOLDED: f32 = 40.0;
/// The gap between sections.
const GAP: f32 = 6.0;

/// The dock of the table on screen.
#[derive(Resource, Debug, Clone)]
pub struct Dock {
    /// Open (the sections on show) or folded; decided by the window's width
    /// the first time a table shows it (folded under 800 pixels).
    open: Option<bool>,
    /// The dock's rectangle this frame (logical pixels); `None` where no
    /// table shows one (the menu).
    rect: Option<egui::Rect>,
    /// The window's rectangle.
    screen: egui::Rect,
    /// Drawn this frame (the dock goes when nothing opens it).
    drawn: bool,
    /// Where the next section goes.
    cursor: f32,
    /// The sections drawn this frame: their titles and rectangles.
    sections: Vec<(String, egui::Rect)>,
}

impl Default for Dock {
    fn default() -> Self {
        Self {
            open: None,
            rect: None,
            screen: egui::Rect::ZERO,
            drawn: false,
            cursor: 0.0,
            sections: Vec::new(),
        }
    }
}

impl Dock {
    /// The open dock's width for a window `screen_width` wide.
    pub fn width_for(screen_width: f32) -> f32 {
        (screen_width * 0.25).clamp(250.0, 330.0)
    }

    /// The dock's width in a window `screen_width` wide, open or folded
    /// (what the view beside it and the panel drawn agree on).
    fn width_in(&self, screen_width: f32) -> f32 {
        if self.open.unwrap_or(screen_width >= 800.0) {
            Self::width_for(screen_width)
        } else {
            FOLDED
        }
    }

    /// Opens or folds the dock (its button does; tests too).
    pub fn set_open(&mut self, open: bool) {
        self.open = Some(open);
    }

    /// The dock's rectangle (logical pixels), where one is shown.
    pub fn rect(&self) -> Option<egui::Rect> {
        self.rect
    }

    /// What the dock leaves of the window: where the table is drawn.
    pub fn free(&self) -> egui::Rect {
        match self.rect {
            Some(r) => egui::Rect::from_min_max(
                self.screen.min,
                egui::pos2(r.left(), self.screen.bottom()),
            ),
            None => self.screen,
        }
    }

    /// Whether the sections are on show.
    pub fn is_open(&self) -> bool {
        self.open.unwrap_or(true)
    }

    /// Whether `pos` (logical pixels) is on the dock.
    pub fn covers(&self, pos: Vec2) -> bool {
        self.rect
            .is_some_and(|r| r.contains(egui::pos2(pos.x, pos.y)))
    }

    /// Whether the pointer is on the dock now (its rectangle this frame,
    /// whatever egui thought a frame ago), or on another panel of egui's.
    pub fn has_pointer(&self, over_ui: bool, cursor: Option<Vec2>) -> bool {
        match (self.rect, cursor) {
            (Some(_), Some(cursor)) => self.covers(cursor),
            _ => over_ui,
        }
    }

    /// The sections drawn this frame, in order: their titles and rectangles.
    pub fn sections(&self) -> &[(String, egui::Rect)] {
        &self.sections
    }

    /// The height left below the sections drawn so far.
    pub fn rest(&self) -> f32 {
        self.rect
            .map_or(0.0, |r| (r.bottom() - self.cursor - 40.0).max(60.0))
    }

    /// A floating notice's offset from the window's centre that centres it
    /// over the 3D view instead (add it to an anchor's x).
    pub fn centre_offset(&self) -> f32 {
        self.free().center().x - self.screen.center().x
    }

    /// Adds a section under the ones already drawn this frame: a titled,
    /// collapsible block (open at first if `open`), clipped to the dock. It
    /// returns what `add` returned, or `None` when the dock is folded, not
    /// shown, or the section collapsed.
    pub fn section<R>(
        &mut self,
        ctx: &egui::Context,
        title: &str,
        open: bool,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> Option<R> {
        let dock = self.rect.filter(|_| self.is_open())?;
        let inner = dock.shrink2(egui::vec2(8.0, 0.0));
        let top = self.cursor.min(dock.bottom());
        let room = egui::Rect::from_min_max(egui::pos2(inner.left(), top), inner.right_bottom());
        let mut ui = egui::Ui::new(
            ctx.clone(),
            egui::Id::new(("dock section", title)),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(room),
        );
        ui.set_clip_rect(dock);
        let shown = style::section_frame().show(&mut ui, |ui| {
            ui.set_width(room.width() - 16.0);
            egui::CollapsingHeader::new(
                egui::RichText::new(title)
                    .font(style::display(16.0))
                    .color(style::GOLD),
            )
            .id_salt(("dock", title))
            .default_open(open)
            .show(ui, add)
            .body_returned
        });
        let rect = shown.response.rect;
        self.cursor = rect.bottom() + GAP;
        self.sections.push((title.to_string(), rect));
        shown.inner
    }
}

fn spawn_panels_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Panels camera"),
        PanelsCamera,
        PrimaryEguiContext,
        Camera2d,
        // It draws egui only, over what the table's camera drew.
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// The column and its header (the fold button).
fn open_dock(mut contexts: EguiContexts, mut dock: ResMut<Dock>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let width = dock.width_in(screen.width());
    let open = *dock.open.get_or_insert(screen.width() >= 800.0);
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new("dock root"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    let mut toggle = false;
    let panel = egui::Panel::right("dock")
        .resizable(false)
        .exact_size(width)
        .frame(if open {
            style::dock_frame()
        } else {
            style::dock_frame().inner_margin(4)
        })
        .show(&mut root, |ui| {
            // The header's bottom (the panel's own content fills its height).
            if open {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new("highnoon")
                            .font(style::display(20.0))
                            .color(style::GOLD),
                    );
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        toggle = ui
                            .small_button("»")
                            .on_hover_text("Fold the panels: the table takes the window")
                            .clicked();
                    });
                })
                .response
                .rect
                .bottom()
            } else {
                let button = ui.small_button("«").on_hover_text("Unfold the panels");
                toggle = button.clicked();
                button.rect.bottom()
            }
        });
    if toggle {
        dock.open = Some(!open);
    }
    dock.screen = screen;
    dock.rect = Some(panel.response.rect);
    dock.cursor = panel.inner + GAP;
    dock.sections.clear();
    dock.drawn = true;
    Ok(())
}

/// The table's camera draws what the dock leaves free: the same width the
/// dock is drawn with this frame (the dock was shown last frame: a table is
/// on screen), set before the cameras are updated so the frame is drawn
/// with the view and its projection agreeing.
fn place_the_view(mut dock: ResMut<Dock>, mut cameras: Query<&mut Camera, With<OrbitCamera>>) {
    let shown = dock.drawn;
    dock.drawn = false;
    if !shown {
        dock.rect = None;
        dock.sections.clear();
    }
    for mut camera in &mut cameras {
        let (Some(target), Some(scale)) = (
            camera.physical_target_size(),
            camera.target_scaling_factor(),
        ) else {
            continue;
        };
        let viewport = shown.then(|| {
            let width = dock.width_in(target.x as f32 / scale);
            let beside = (width * scale).round() as u32;
            Viewport {
                physical_position: UVec2::ZERO,
                physical_size: UVec2::new(target.x.saturating_sub(beside).max(1), target.y.max(1)),
                ..default()
            }
        });
        let key = |v: &Option<Viewport>| v.as_ref().map(|v| (v.physical_position, v.physical_size));
        if key(&camera.viewport) != key(&viewport) {
            camera.viewport = viewport;
        }
    }
}

/// The pointer over the dock is the panels' (its sections are drawn on
/// egui's background layer, which egui does not count as its own).
fn claim_the_pointer(
    mut contexts: EguiContexts,
    dock: Res<Dock>,
    mut wants: ResMut<EguiWantsPointer>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let (Some(rect), Some(pointer)) = (dock.rect, ctx.pointer_hover_pos()) {
        wants.0 |= rect.contains(pointer);
    }
    Ok(())
}
