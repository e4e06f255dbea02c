//! Frame timing: the wall time of each frame and of the span from the first
//! input system to the last overlay system (the tables' game logic, layout
//! and animation), kept for the whole run and summarised on exit (median,
//! p90, p99). Measured on the main schedule, so engine systems the
//! multi-threaded executor runs alongside ours count too: an upper bound.

use std::time::Instant;

use bevy::prelude::*;

use crate::tables::FrameSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<FrameStats>()
        .add_systems(Update, start_frame_clock.before(FrameSystems::Input))
        .add_systems(Update, stop_frame_clock.after(FrameSystems::Draw))
        .add_systems(Last, report_frame_stats);
}

#[derive(Resource, Default)]
pub struct FrameStats {
    /// Milliseconds from one frame's start to the next.
    pub frame_ms: Vec<f64>,
    /// Milliseconds spent from the tables' input systems to their overlays.
    pub logic_ms: Vec<f64>,
    /// Milliseconds spent starting sounds, in each frame that started any
    /// (`shell::sound`; the mixing is the audio thread's).
    pub sound_ms: Vec<f64>,
    started: Option<Instant>,
    last_frame: Option<Instant>,
}

/// (median, p90, p99) of `v`, by nearest rank; zeros when empty.
pub fn summary(v: &[f64]) -> (f64, f64, f64) {
    let s = crate::stats::sorted(v);
    let at = |q: f64| crate::stats::percentile(&s, q).unwrap_or(0.0);
    (at(0.5), at(0.9), at(0.99))
}

fn start_frame_clock(mut stats: ResMut<FrameStats>) {
    let now = Instant::now();
    if let Some(last) = stats.last_frame {
        let ms = (now - last).as_secs_f64() * 1e3;
        stats.frame_ms.push(ms);
    }
    stats.last_frame = Some(now);
    stats.started = Some(now);
}

fn stop_frame_clock(mut stats: ResMut<FrameStats>) {
    if let Some(t) = stats.started.take() {
        let ms = t.elapsed().as_secs_f64() * 1e3;
        stats.logic_ms.push(ms);
    }
}

fn report_frame_stats(
    stats: Res<FrameStats>,
    mut exits: MessageReader<AppExit>,
    screen: Res<State<crate::window::Screen>>,
) {
    if exits.read().next().is_none() {
        return;
    }
    // The first frames compile shaders and paint cards: leave out the first 30.
    let skip = |v: &[f64]| v.iter().skip(30).copied().collect::<Vec<f64>>();
    let (frames, logic) = (skip(&stats.frame_ms), skip(&stats.logic_ms));
    if frames.is_empty() {
        return;
    }
    let (f50, f90, f99) = summary(&frames);
    let (l50, l90, l99) = summary(&logic);
    println!(
        "frame stats ({:?}, {} frames after the first 30): frame {f50:.1} ms median, {f90:.1} p90, {f99:.1} p99; game logic and animation {l50:.2} ms median, {l90:.2} p90, {l99:.2} p99",
        screen.get(),
        frames.len()
    );
    if !stats.sound_ms.is_empty() {
        let (s50, _, s99) = summary(&stats.sound_ms);
        let most = stats.sound_ms.iter().copied().fold(0.0, f64::max);
        println!(
            "sound: {} frames started sounds: {s50:.3} ms median, {s99:.3} p99, {most:.3} the most",
            stats.sound_ms.len()
        );
    }
}
