//! The panels leave the table bare: drawn offscreen at 1280×800 and
//! 1920×1080 (the window's own plugins, Mesa's software Vulkan where there
//! is no GPU), with the Bank Robbery in play and Tabletown mid-game, every
//! rectangle egui shows — the dock, its sections, any window — lies clear of
//! the table's top as the table's camera shows it, and the top lies whole
//! inside the 3D view.

use bevy::prelude::*;
use bevy_egui::{EguiContext, PrimaryEguiContext, egui};
use highnoon::cards::CardGame;
use highnoon::scenario::PhysicsProfile;
use highnoon::window::render_bench::Offscreen;
use highnoon::window::shell::camera::OrbitCamera;
use highnoon::window::shell::dock::Dock;
use highnoon::window::{Start, WindowOptions};

/// What egui shows: the dock and its sections' titles, and every rectangle
/// (the dock, its sections, each window or area on top).
fn panels(app: &mut Offscreen) -> (Option<egui::Rect>, Vec<String>, Vec<egui::Rect>) {
    let world = app.world_mut();
    let dock = world.resource::<Dock>().clone();
    let mut rects: Vec<egui::Rect> = dock.rect().into_iter().collect();
    rects.extend(dock.sections().iter().map(|(_, r)| *r));
    let mut contexts = world.query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
    let ctx = contexts.single_mut(world).expect("egui").get_mut().clone();
    ctx.memory(|m| {
        for layer in m.areas().visible_layer_ids() {
            if matches!(layer.order, egui::Order::Middle | egui::Order::Foreground)
                && let Some(r) = m.area_rect(layer.id)
            {
                rects.push(r);
            }
        }
    });
    let titles = dock.sections().iter().map(|(t, _)| t.clone()).collect();
    (dock.rect(), titles, rects)
}

/// The table's camera: what it draws, where it stands, and the 3D view.
fn table_camera(app: &mut Offscreen) -> (Camera, GlobalTransform, bevy::math::Rect) {
    let world = app.world_mut();
    let mut cameras = world.query_filtered::<(&Camera, &GlobalTransform), With<OrbitCamera>>();
    let (camera, at) = cameras.single(world).expect("the table's camera");
    let view = camera.logical_viewport_rect().expect("the 3D view");
    (camera.clone(), *at, view)
}

/// Draws `options` at `size` until the dock shows every one of `sections`, then checks a
/// grid of points over the table's top (`top`: its size and height); with
/// `fold`, folds the dock and checks the wider view again.
fn the_table_is_bare(
    options: &WindowOptions,
    size: (u32, u32),
    sections: &[&str],
    top: (Vec2, f32),
    fold: bool,
) {
    let profile = PhysicsProfile::load_default().expect("profile");
    let mut app = Offscreen::new(profile, options, size, 0);
    let mut settled = None;
    for frame in 0..40 {
        app.frame().expect("a frame");
        let (_, titles, _) = panels(&mut app);
        let shown = |titles: &[String]| sections.iter().all(|s| titles.iter().any(|t| t == s));
        if shown(&titles) {
            // The view is fitted beside the dock a frame or two later.
            let at = *settled.get_or_insert(frame);
            if frame >= at + 3 {
                break;
            }
        }
    }
    if let Ok(dir) = std::env::var("HIGHNOON_SHOTS") {
        let file = std::path::Path::new(&dir).join(format!(
            "bare-{}-{}x{}.png",
            sections[0].replace(' ', "-"),
            size.0,
            size.1
        ));
        app.save_frame(file).expect("saved");
    }
    let (dock, titles, rects) = panels(&mut app);
    let dock = dock.expect("the dock is shown");
    assert!(
        sections.iter().all(|s| titles.iter().any(|t| t == s)),
        "{size:?}: the sections {titles:?}, not all of {sections:?}"
    );
    let (camera, at, view) = table_camera(&mut app);
    // The view ends where the dock begins, to the pixel.
    assert!(
        (view.max.x - dock.left()).abs() <= 1.0,
        "{size:?}: the 3D view {view:?} and the dock {dock:?} do not meet"
    );
    let (n, m) = (12, 8);
    let mut seen = 0;
    for i in 0..=n {
        for j in 0..=m {
            let p = Vec3::new(
                (i as f32 / n as f32 - 0.5) * top.0.x,
                top.1,
                (j as f32 / m as f32 - 0.5) * top.0.y,
            );
            let on_screen = camera
                .world_to_viewport(&at, p)
                .unwrap_or_else(|e| panic!("{size:?}: {p} is not in view: {e:?}"))
                + view.min;
            assert!(
                view.contains(on_screen),
                "{size:?}: the table's top at {p} is drawn at {on_screen}, outside the view {view:?}"
            );
            let on_screen = egui::pos2(on_screen.x, on_screen.y);
            if let Some(r) = rects.iter().find(|r| r.contains(on_screen)) {
                panic!("{size:?}: the panel {r:?} covers the table's top at {p} ({on_screen:?})");
            }
            seen += 1;
        }
    }
    assert_eq!(seen, (n + 1) * (m + 1));
    // The sections are in the dock, one under another, the first ones whole
    // (a cursor that started at the dock's bottom once drew them all out of
    // the window).
    let sections = app.world().resource::<Dock>().sections().to_vec();
    for (i, (title, r)) in sections.iter().enumerate() {
        assert!(
            dock.contains(r.left_top()) && r.right() <= dock.right(),
            "{size:?}: the section {title} at {r:?} is not in the dock {dock:?}"
        );
        if i > 0 {
            assert!(
                r.top() >= sections[i - 1].1.bottom(),
                "{size:?}: {title} overlaps"
            );
        }
    }
    let (title, first) = &sections[0];
    assert!(
        dock.contains_rect(*first),
        "{size:?}: {title} at {first:?} is cut off"
    );
    if fold {
        app.world_mut().resource_mut::<Dock>().set_open(false);
        for _ in 0..3 {
            app.frame().expect("a frame");
        }
        let folded = app
            .world()
            .resource::<Dock>()
            .rect()
            .expect("the folded dock");
        assert!(
            folded.width() <= 41.0 && folded.right() <= size.0 as f32 + 0.5,
            "{size:?}: folded to {folded:?}"
        );
        assert!(app.world().resource::<Dock>().sections().is_empty());
        let (camera, at, wide) = table_camera(&mut app);
        assert!(
            (wide.max.x - folded.left()).abs() <= 1.0,
            "{wide:?} {folded:?}"
        );
        // The table is still whole in the wider view.
        for (x, z) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] {
            let p = Vec3::new(x * top.0.x, top.1, z * top.0.y);
            let on = camera.world_to_viewport(&at, p).expect("in view") + wide.min;
            assert!(
                wide.contains(on),
                "{size:?} folded: {p} at {on}, outside {wide:?}"
            );
        }
    }
    println!(
        "{size:?}: the 3D view {view:?}, the dock {dock:?} with {titles:?}; {} rectangles clear of the table",
        rects.len()
    );
}

#[test]
fn the_panels_leave_the_flick_table_and_the_card_table_bare() {
    let profile = PhysicsProfile::load_default().expect("profile");
    let table = Vec2::new(profile.table.size.0, profile.table.size.1);
    let flick = crate::common::window::bank_robbery_window([None, None]);
    let cards = WindowOptions {
        start: Start::Cards {
            game: CardGame::Tabletown,
            setup: CardGame::Tabletown.default_setup(),
            actions: 60,
        },
        ..crate::common::window::bank_robbery_window([None, None])
    };
    let felt = highnoon::cards::table_layout::TABLE_SIZE;
    for size in [(1280, 800), (1920, 1080)] {
        // What wins, above the cowboys, in view too.
        the_table_is_bare(
            &flick,
            size,
            &["To win", "Cowboys"],
            (table, 0.0),
            size.0 == 1280,
        );
    }
    the_table_is_bare(
        &cards,
        (1280, 800),
        &[CardGame::Tabletown.title()],
        (
            Vec2::new(felt.0, felt.1),
            highnoon::cards::table_layout::TOP,
        ),
        false,
    );
}
