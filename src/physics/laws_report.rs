//! `highnoon flick laws`: each physical law's formula beside what the table
//! does (the experiments of [`super::laws`]), and how many ordinary flicks
//! reach the end-of-flick backstops (the damping from `sleep.settle_after`,
//! the stop at `sleep.freeze_after`). docs/physics.md, "Physical laws".

use std::fmt::Write;

use bevy::math::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::Table;
use super::laws;
use super::pieces::DiscKind;
use super::table::Flick;
use crate::scenario::PhysicsProfile;
use crate::scenario::town::Town;

/// The laws' table for `profile`, as text.
pub fn laws_table(p: &PhysicsProfile) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "law                                  law says      table does    error"
    );
    for disc in [DiscKind::Movement, DiscKind::Bullet] {
        let mu = laws::disc_on_table(p, disc).0;
        for v in [0.5f32, 1.0, 2.0] {
            let slide = laws::slide(p, disc, v, 0.0);
            let law = v * v / (2.0 * mu * p.gravity);
            let _ = writeln!(
                s,
                "slide {disc:?} {v} m/s: v²/(2μg)       {:>7.2} cm    {:>7.2} cm    {:+.1}%",
                law * 100.0,
                slide.distance * 100.0,
                (slide.distance / law - 1.0) * 100.0
            );
        }
        for (v, w) in [(1.0f32, 50.0f32), (0.5, 90.0), (2.0, 30.0)] {
            let sl = laws::slide(p, disc, v, w);
            let ratio = sl.end_ratio().map_or("-".into(), |e| format!("{e:.3}"));
            let _ = writeln!(
                s,
                "slide+spin {disc:?} {v} m/s {w} rad/s: stop together, v/Rω→0.653   slide {:.3} s, spin {:.3} s, v/Rω {ratio}",
                sl.slide_stop(),
                sl.spin_stop()
            );
        }
    }
    let e = laws::disc_on_table(p, DiscKind::Movement).1;
    let mut hits = 0;
    for i in 0..30 {
        let h = 0.02 + i as f32 * 0.005;
        let b = laws::drop(p, DiscKind::Movement, h);
        if (b.speed_out / b.speed_in - e).abs() <= 0.1 * e {
            hits += 1;
        }
    }
    let _ = writeln!(
        s,
        "bounce, movement disc dropped 2–16.5 cm: leaves at e = {e} × its speed   {hits} of 30 drops within 10%"
    );
    let b = p.contact.rolling_resistance;
    let r = p.pieces.barrel.radius;
    for v in [0.08f32, 0.15] {
        let roll = laws::roll(p, v);
        let rolled = roll.distance * 100.0;
        let line = if b > 0.0 {
            let law = 3.0 * r * v * v / (4.0 * p.gravity * b) * 100.0;
            format!(
                "{law:>7.2} cm    {rolled:>7.2} cm    {:+.1}%",
                (rolled / law - 1.0) * 100.0
            )
        } else {
            format!(
                "(no rolling resistance)   {rolled:>7.2} cm in {:.2} s",
                roll.time.last().copied().unwrap_or(0.0)
            )
        };
        let _ = writeln!(s, "roll, barrel on its side {v} m/s: 3rv²/(4gb)   {line}");
    }
    // The law is for smooth discs; the profile's own friction between the
    // discs throws the struck one forward of the line of centres.
    let smooth = laws::smooth_discs(p, 0.3);
    for cut in [0.3f32, 0.5, 0.7] {
        let discs = (DiscKind::Movement, DiscKind::Bullet);
        let h = laws::hit(&smooth, discs, 1.0, (0.05, cut));
        let own = laws::hit(p, discs, 1.0, (0.05, cut));
        let law = cut.asin().to_degrees();
        let _ = writeln!(
            s,
            "hit, smooth movement disc 1 m/s into a bullet cut {cut}: leaves at asin(cut)   {law:>6.1}°      {:>6.1}°      {:+.1}°   (with the profile's friction between them: {:.1}°)",
            h.deflection_deg,
            h.deflection_deg - law,
            own.deflection_deg
        );
    }
    let critical = laws::figure_tipping_deg(p);
    let short = laws::tilt_and_let_go(p, critical - 1.0);
    let past = laws::tilt_and_let_go(p, critical + 1.0);
    let _ = writeln!(
        s,
        "tipping: falls past atan(b/h) = {critical:.2}°   at {:.2}° ends at {short:.0}°, at {:.2}° ends at {past:.0}°",
        critical - 1.0,
        critical + 1.0
    );
    s
}

/// How many of `flicks` random flicks of a random disc (strength 0.2–1,
/// spin −1…1, any direction) on each town ran into the damping (reached
/// `settle_after`) and the stop (`freeze_after`), played on from each
/// other as a game would be.
#[derive(Debug, Clone, Copy, Default)]
pub struct Backstops {
    pub flicks: usize,
    pub damped: usize,
    pub stopped: usize,
    /// The longest flick (s).
    pub longest: f32,
}

pub fn backstops(p: &PhysicsProfile, towns: &[Town], flicks: usize, seed: u64) -> Backstops {
    let each: Vec<Backstops> = towns
        .par_iter()
        .enumerate()
        .map(|(i, town)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
            let mut table = Table::new(p.clone(), town);
            let discs: Vec<_> = table.discs().map(|(id, _)| id).collect();
            let mut out = Backstops::default();
            for _ in 0..flicks {
                let in_play: Vec<_> = discs
                    .iter()
                    .copied()
                    .filter(|d| table.in_play(*d))
                    .collect();
                if in_play.is_empty() {
                    table.reset();
                    continue;
                }
                let id = in_play[rng.random_range(0..in_play.len())];
                let flick = Flick {
                    piece: id,
                    direction: Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU)),
                    strength: rng.random_range(0.2..1.0),
                    spin: rng.random_range(-1.0..1.0),
                };
                let Ok(o) = table.flick_to_rest(flick) else {
                    continue;
                };
                out.flicks += 1;
                out.damped += usize::from(o.sim_time > p.sleep.settle_after);
                out.stopped += usize::from(o.sim_time >= p.sleep.freeze_after);
                out.longest = out.longest.max(o.sim_time);
            }
            out
        })
        .collect();
    each.iter().fold(Backstops::default(), |a, b| Backstops {
        flicks: a.flicks + b.flicks,
        damped: a.damped + b.damped,
        stopped: a.stopped + b.stopped,
        longest: a.longest.max(b.longest),
    })
}
