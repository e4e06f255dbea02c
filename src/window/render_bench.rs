//! `bench render`: a table of the window (the full town, the town in the
//! editor with a piece moved every frame, or a card game in progress) drawn for N frames along a fixed camera path into an offscreen
//! image, with no window and no display: the same plugins as the window, the
//! winit loop left out and the update loop pumped here, each frame waited on
//! until the GPU has finished it. Prints the frame time (median, p90, p99) and
//! the CPU time per frame by phase.
//!
//! Phases, per frame: the tables' own systems (input, rules, layout and
//! animation, overlays: [`FrameSystems`]), the rest of the main world (the
//! engine's transforms, visibility, egui's layout, assets), the render world
//! (extraction, preparation, queueing and encoding the passes), and the wait
//! for the GPU to finish the frame.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::app::SubApps;
use bevy::asset::RenderAssetUsages;
use bevy::camera::RenderTarget;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::render_resource::{
    Extent3d, PollType, TextureDimension, TextureFormat, TextureUsages,
};
use bevy::render::renderer::RenderDevice;
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;

use super::shell::camera::OrbitCamera;
use super::{Start, WindowOptions};
use crate::scenario::PhysicsProfile;
use crate::tables::FrameSystems;

/// What to draw and for how long.
#[derive(Clone, Debug)]
pub struct RenderBenchOptions {
    pub start: Start,
    pub frames: usize,
    /// Frames drawn first and not counted (shaders, card art).
    pub warmup: usize,
    pub size: (u32, u32),
    pub town: PathBuf,
    pub profile_path: PathBuf,
    /// Save the last frame here (a PNG), to see what was drawn.
    pub last_frame: Option<PathBuf>,
    pub graphics: super::shell::look::Graphics,
}

/// One phase's CPU time per frame, median and p99 (ms).
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    pub name: &'static str,
    pub median_ms: f64,
    pub p99_ms: f64,
}

/// What a run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderReport {
    pub frames: usize,
    pub size: (u32, u32),
    /// The graphics adapter (name and driver).
    pub adapter: String,
    /// Frame time, ms: median, p90, p99.
    pub frame_ms: (f64, f64, f64),
    pub phases: Vec<Phase>,
    pub seconds: f64,
}

/// Instants within the frame, written by marker systems.
#[derive(Resource, Default)]
struct Marks {
    main_start: Option<Instant>,
    tables_start: Option<Instant>,
    tables_end: Option<Instant>,
    main_end: Option<Instant>,
}

/// The frame being drawn and how many there are (for the camera's path).
#[derive(Resource, Default)]
struct Path {
    frame: usize,
    frames: usize,
}

/// The offscreen image every camera draws into.
#[derive(Resource)]
struct Target(Handle<Image>);

/// The window's app with no window: every camera draws into an offscreen
/// image; the update loop is pumped by the caller, one frame at a time. Also
/// what the tests drive the window's tables with.
pub struct Offscreen {
    pub sub_apps: SubApps,
    target: Handle<Image>,
    /// The graphics adapter (name and driver).
    pub adapter: String,
}

/// How long a frame took: the update (main and render worlds), the wait for
/// the GPU, and the phases inside the main world.
#[derive(Clone, Copy, Debug)]
pub struct FrameTimes {
    pub update: Duration,
    pub gpu: Duration,
    pub main: Duration,
    pub tables: Duration,
}

impl Offscreen {
    /// The window's plugins for `options` (its start, its seats), drawn at
    /// `size` along a camera path of `path_frames` frames (0: the tables'
    /// own camera, unmoved).
    pub fn new(
        profile: PhysicsProfile,
        options: &WindowOptions,
        size: (u32, u32),
        path_frames: usize,
    ) -> Self {
        let mut app = App::new();
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: None,
                    exit_condition: ExitCondition::DontExit,
                    ..default()
                })
                .set(RenderPlugin {
                    synchronous_pipeline_compilation: true,
                    ..default()
                })
                .set(super::asset_plugin())
                .disable::<WinitPlugin>()
                // Offscreen is headless: never a sound.
                .disable::<bevy::audio::AudioPlugin>(),
        );
        super::add_tables(&mut app, profile, options);
        app.init_resource::<Marks>()
            .insert_resource(Path {
                frame: 0,
                frames: path_frames,
            })
            .add_systems(First, mark_main_start)
            .add_systems(Update, mark_tables_start.before(FrameSystems::Input))
            .add_systems(
                Update,
                (follow_path, draw_offscreen)
                    .chain()
                    .after(FrameSystems::Input)
                    .before(FrameSystems::Apply),
            )
            .add_systems(Update, mark_tables_end.after(FrameSystems::Draw))
            .add_systems(Last, mark_main_end);
        let mut image = Image::new_uninit(
            Extent3d {
                width: size.0,
                height: size.1,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        );
        image.texture_descriptor.usage |= TextureUsages::RENDER_ATTACHMENT;
        let target = app.world_mut().resource_mut::<Assets<Image>>().add(image);
        app.insert_resource(Target(target.clone()));
        app.finish();
        app.cleanup();
        let adapter = app
            .world()
            .get_resource::<bevy::render::renderer::RenderAdapterInfo>()
            .map(|a| format!("{} ({:?}, {})", a.name, a.backend, a.driver))
            .unwrap_or_else(|| "unknown adapter".into());
        Offscreen {
            sub_apps: std::mem::take(app.sub_apps_mut()),
            target,
            adapter,
        }
    }

    /// The main world (the tables' state).
    pub fn world(&self) -> &World {
        self.sub_apps.main.world()
    }

    /// The main world, to set a table's state (tests, screenshots).
    pub fn world_mut(&mut self) -> &mut World {
        self.sub_apps.main.world_mut()
    }

    /// One frame: updated, drawn, and waited on until the GPU has finished it.
    pub fn frame(&mut self) -> Result<FrameTimes, String> {
        let t0 = Instant::now();
        self.sub_apps.update();
        let t1 = Instant::now();
        self.sub_apps
            .main
            .world()
            .resource::<RenderDevice>()
            .wgpu_device()
            .poll(PollType::Wait {
                submission_index: None,
                timeout: None,
            })
            .map_err(|e| format!("the GPU did not finish a frame: {e}"))?;
        let t2 = Instant::now();
        let marks = self.world().resource::<Marks>();
        let span = |a: Option<Instant>, b: Option<Instant>| match (a, b) {
            (Some(a), Some(b)) if b >= a => b - a,
            _ => Duration::ZERO,
        };
        Ok(FrameTimes {
            update: t1 - t0,
            gpu: t2 - t1,
            main: span(marks.main_start, marks.main_end),
            tables: span(marks.tables_start, marks.tables_end),
        })
    }

    /// Saves the next frame drawn as a PNG (a few frames later, once read back).
    pub fn save_frame(&mut self, path: PathBuf) -> Result<(), String> {
        self.sub_apps
            .main
            .world_mut()
            .spawn(bevy::render::view::screenshot::Screenshot::image(
                self.target.clone(),
            ))
            .observe(crate::window::shell::screenshot::save_png(
                path,
                Default::default(),
            ));
        for _ in 0..4 {
            self.frame()?;
        }
        Ok(())
    }
}

/// Draws the frames and measures them.
pub fn run(profile: PhysicsProfile, options: &RenderBenchOptions) -> Result<RenderReport, String> {
    let window_options = WindowOptions {
        start: options.start.clone(),
        size: options.size,
        screenshot: Default::default(),
        flick_script: Default::default(),
        autoplay: Default::default(),
        town: options.town.clone(),
        profile_path: options.profile_path.clone(),
        replay: None,
        table_replay: None,
        graphics: options.graphics,
    };
    let mut app = Offscreen::new(
        profile,
        &window_options,
        options.size,
        options.frames + options.warmup,
    );
    let started = Instant::now();
    let (mut frames, mut tables, mut engine, mut render, mut gpu) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..options.warmup + options.frames {
        move_a_piece(&mut app, i);
        let t = app.frame()?;
        if i < options.warmup {
            continue;
        }
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        frames.push(ms(t.update + t.gpu));
        tables.push(ms(t.tables));
        engine.push(ms(t.main.saturating_sub(t.tables)));
        render.push(ms(t.update.saturating_sub(t.main)));
        gpu.push(ms(t.gpu));
    }
    let seconds = started.elapsed().as_secs_f64();
    if let Some(path) = &options.last_frame {
        app.save_frame(path.clone())?;
    }
    let summary = super::shell::frame_stats::summary;
    let phase = |name, v: &[f64]| {
        let (m, _, p99) = summary(v);
        Phase {
            name,
            median_ms: m,
            p99_ms: p99,
        }
    };
    Ok(RenderReport {
        frames: options.frames,
        size: options.size,
        adapter: app.adapter.clone(),
        frame_ms: summary(&frames),
        phases: vec![
            phase(
                "tables (input, rules, layout, animation, overlays)",
                &tables,
            ),
            phase(
                "engine, main world (transforms, visibility, egui, assets)",
                &engine,
            ),
            phase("render world (extract, prepare, queue, encode)", &render),
            phase("waiting for the GPU", &gpu),
        ],
        seconds,
    })
}

/// At the editor's table, the town's first piece moved 2 cm and back, one
/// move a frame: each frame then holds an edit, its checks and its showing.
fn move_a_piece(app: &mut Offscreen, frame: usize) {
    let Some(editing) = app.world().get_resource::<super::editor::Editing>() else {
        return;
    };
    let town = editing.town.town();
    let Some(piece) = town.entries().next() else {
        return;
    };
    let Some(((x, z), _)) = town.placement(piece) else {
        return;
    };
    let dx = if frame.is_multiple_of(2) { 2.0 } else { -2.0 };
    app.world_mut()
        .write_message(super::editor::EditIntent::Edit(crate::editor::Edit::Move {
            piece,
            to_cm: (x + dx, z),
        }));
}

fn mark_main_start(mut marks: ResMut<Marks>, mut path: ResMut<Path>) {
    *marks = Marks {
        main_start: Some(Instant::now()),
        ..default()
    };
    path.frame += 1;
}

fn mark_tables_start(mut marks: ResMut<Marks>) {
    marks.tables_start = Some(Instant::now());
}

fn mark_tables_end(mut marks: ResMut<Marks>) {
    marks.tables_end = Some(Instant::now());
}

fn mark_main_end(mut marks: ResMut<Marks>) {
    marks.main_end = Some(Instant::now());
}

/// The fixed camera path: one turn round the table over the run, rising and
/// falling a little, from the table's own starting view.
fn follow_path(path: Res<Path>, mut cameras: Query<(&mut OrbitCamera, &mut Transform)>) {
    if path.frames == 0 {
        return;
    }
    let t = path.frame as f32 / path.frames.max(1) as f32;
    for (mut orbit, mut transform) in &mut cameras {
        orbit.yaw = std::f32::consts::TAU * t;
        orbit.pitch = 0.95 + 0.2 * (std::f32::consts::TAU * 2.0 * t).sin();
        *transform = orbit.transform();
    }
}

/// The table's camera and the panels'.
type EveryCamera = Or<(With<Camera3d>, With<super::shell::dock::PanelsCamera>)>;

/// Every camera draws into the offscreen image: the table's, and the
/// panels' over it.
fn draw_offscreen(
    target: Res<Target>,
    mut commands: Commands,
    cameras: Query<(Entity, Option<&RenderTarget>), EveryCamera>,
) {
    for (e, current) in &cameras {
        let drawn_there = matches!(current, Some(RenderTarget::Image(i)) if i.handle == target.0);
        if !drawn_there {
            commands
                .entity(e)
                .insert(RenderTarget::Image(target.0.clone().into()));
        }
    }
}

impl std::fmt::Display for RenderReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (m, p90, p99) = self.frame_ms;
        writeln!(
            f,
            "{} frames at {}x{} offscreen on {}, in {:.1} s:",
            self.frames, self.size.0, self.size.1, self.adapter, self.seconds
        )?;
        writeln!(
            f,
            "  frame time: median {m:.2} ms ({:.0} fps), p90 {p90:.2} ms, p99 {p99:.2} ms",
            1000.0 / m.max(1e-9)
        )?;
        writeln!(f, "  CPU time per frame by phase (median, p99):")?;
        for p in &self.phases {
            writeln!(
                f,
                "    {:<60} {:>8.2} ms {:>8.2} ms",
                p.name, p.median_ms, p.p99_ms
            )?;
        }
        Ok(())
    }
}
