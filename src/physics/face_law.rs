//! The friction of a disc's face on the table: Coulomb friction summed over
//! its whole face, each point's against that point's own velocity (centre's
//! velocity plus spin × lever), so slide and spin brake each other (Farkas,
//! Bartels, Unger & Wolf, PRL 90, 248302, 2003; Weidman & Malhotra,
//! Physica D 233, 2007). Pure mathematics of the law, tabulated once: the
//! brake that applies it is [`super::face_friction`], the contact hook that
//! hands a disc to it [`super::contact_hooks`].

use bevy::math::Vec2;

/// Rings and sectors of the face's grid (equal-area cells) the table of
/// [`face`] is summed over.
const RINGS: usize = 16;
const SECTORS: usize = 64;
/// Points of that table, over u = v / (v + Rω) from 0 (pure spin) to 1 (pure slide).
const POINTS: usize = 513;

/// The friction of a unit face (radius 1, unit normal force, μ = 1) spinning
/// at ω = 1 about +y while its centre slides at `v` along +x, summed over
/// the grid's cells (each cell's friction against its own velocity): the
/// force along x (≤ 0) and the torque about y (≤ 0). By the face's symmetry
/// about the slide's line the force has no part across the slide.
fn face_sum(v: f32) -> (f32, f32) {
    let mut force = 0.0f64;
    let mut torque = 0.0f64;
    for i in 0..RINGS {
        let r = ((i as f64 + 0.5) / RINGS as f64).sqrt();
        let stagger = if i % 2 == 0 { 0.5 } else { 0.0 };
        for j in 0..SECTORS {
            let a = (j as f64 + stagger) * std::f64::consts::TAU / SECTORS as f64;
            let (x, z) = (r * a.cos(), r * a.sin());
            // Spin about +y moves (x, z) at ω × p = (ω z, −ω x).
            let (ux, uz) = (v as f64 + z, -x);
            let len = (ux * ux + uz * uz).sqrt();
            if len <= 1e-12 {
                continue;
            }
            let (fx, fz) = (-ux / len, -uz / len);
            force += fx;
            // Torque about +y of a force (fx, fz) at (x, z): z fx − x fz.
            torque += z * fx - x * fz;
        }
    }
    let n = (RINGS * SECTORS) as f64;
    ((force / n) as f32, (torque / n) as f32)
}

/// [`face_sum`] tabulated over u = v / (v + 1): (force, torque) magnitudes.
fn table() -> &'static [(f32, f32)] {
    static TABLE: std::sync::OnceLock<Vec<(f32, f32)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..POINTS)
            .map(|k| {
                let u = k as f32 / (POINTS - 1) as f32;
                if k == POINTS - 1 {
                    return (1.0, 0.0);
                }
                let (f, t) = face_sum(u / (1.0 - u));
                (-f, -t)
            })
            .collect()
    })
}

/// The unit-pressure friction of a face of radius `radius` whose centre
/// slides at `v` (on the table, m/s) while it spins at `spin` rad/s about the
/// vertical (positive: counter-clockwise seen from above, +y): the force per
/// unit of normal force and μ (a vector of length ≤ 1, against the slide)
/// and the torque about the vertical per unit of normal force and μ
/// (metres, ≤ 2R/3, against the spin). Read from a table over the ratio of
/// slide to rim speed (it depends on nothing else), linearly between its
/// points.
pub fn face(radius: f32, v: Vec2, spin: f32) -> (Vec2, f32) {
    let rim = (spin * radius).abs();
    let speed = v.length();
    if speed + rim <= 0.0 {
        return (Vec2::ZERO, 0.0);
    }
    let u = speed / (speed + rim);
    let x = u * (POINTS - 1) as f32;
    let k = (x.floor() as usize).min(POINTS - 2);
    let w = x - k as f32;
    let t = table();
    let f = t[k].0 * (1.0 - w) + t[k + 1].0 * w;
    let tq = t[k].1 * (1.0 - w) + t[k + 1].1 * w;
    (-v.normalize_or_zero() * f, -spin.signum() * tq * radius)
}

/// Whether a disc of `radius`, sliding at `v` and spinning at `spin`, slips
/// by more than one step of its face's friction takes off: `step` is μ·g·dt
/// (the speed that friction, under the disc's own weight, takes off a pure
/// slide in a step); `mass` and `inv_inertia` (about its axis) turn its
/// torque into a change of spin.
pub fn slips_past_one_step(
    radius: f32,
    (v, spin): (Vec2, f32),
    step: f32,
    (mass, inv_inertia): (f32, f32),
) -> bool {
    let (f, t) = face(radius, v, spin);
    let dv = f.length() * step;
    let dw = t.abs() * step * mass * inv_inertia;
    v.length() > dv || spin.abs() > dw
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pure_slide_and_a_pure_spin_are_braked_as_coulomb_says() {
        let (f, t) = face(0.01, Vec2::new(2.0, 0.0), 0.0);
        assert!(
            (f - Vec2::new(-1.0, 0.0)).length() < 1e-6 && t == 0.0,
            "{f} {t}"
        );
        let (f, t) = face(0.01, Vec2::ZERO, 50.0);
        assert!(f.length() < 1e-6, "{f}");
        // A uniform face's friction torque: μN · 2R/3.
        assert!((t + 0.02 / 3.0).abs() < 1e-4, "{t}");
    }

    #[test]
    fn spin_weakens_the_force_against_the_slide_and_the_reverse() {
        // Farkas et al.: at v = Rω both are well below their pure values.
        let (f, t) = face(1.0, Vec2::new(1.0, 0.0), 1.0);
        assert!((0.3..0.9).contains(&-f.x), "{f}");
        assert!((0.1..0.6).contains(&-t), "{t}");
        // The table agrees with the sum between its points.
        let (fs, ts) = face_sum(1.0);
        assert!(
            (f.x - fs).abs() < 2e-3 && (t - ts).abs() < 2e-3,
            "{f} {t} {fs} {ts}"
        );
    }
}
