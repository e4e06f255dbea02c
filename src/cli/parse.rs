//! The value parsers the commands share, so that their arguments arrive
//! typed: sizes (`WIDTHxHEIGHT`) and bot levels one per seat. A shard
//! (`I/N`, `highnoon::tune::Shard`) and a single bot level
//! (`highnoon::bot_level::Level`) parse through their own `FromStr`.

use highnoon::bot_level::Level;

/// `WIDTHxHEIGHT`: two whole numbers.
fn dimensions(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// `--size WIDTHxHEIGHT`: the window's size.
pub fn size(text: &str) -> Result<(u32, u32), String> {
    dimensions(text).ok_or_else(|| "--size wants WIDTHxHEIGHT, e.g. 1280x800".to_string())
}

/// `--resolution WIDTHxHEIGHT`: an offscreen image, 16 to 8192 pixels each way.
pub fn resolution(text: &str) -> Result<(u32, u32), String> {
    dimensions(text)
        .filter(|(w, h)| (16..=8192).contains(w) && (16..=8192).contains(h))
        .ok_or_else(|| {
            "--resolution wants WIDTHxHEIGHT (16 to 8192 each), e.g. 1920x1080".to_string()
        })
}

/// `--camera YAW_DEG,PITCH_DEG,DISTANCE_M[,X_M,Z_M]`: where a screenshot is
/// taken from (pitch 5–89°, distance 0.15–4 m, the point looked at on the table).
pub fn camera(text: &str) -> Result<highnoon::window::shell::camera::OrbitCamera, String> {
    let usage = || {
        format!(
            "--camera wants YAW_DEG,PITCH_DEG,DISTANCE_M[,X_M,Z_M] (pitch 5 to 89, distance 0.15 to 4), e.g. 20,35,0.5,0.3,-0.2; got {text:?}"
        )
    };
    let v: Vec<f32> = text
        .split(',')
        .map(|s| s.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|_| usage())?;
    if !(v.len() == 3 || v.len() == 5) || v.iter().any(|x| !x.is_finite()) {
        return Err(usage());
    }
    if !(5.0..=89.0).contains(&v[1]) || !(0.15..=4.0).contains(&v[2]) {
        return Err(usage());
    }
    let (x, z) = if v.len() == 5 {
        (v[3], v[4])
    } else {
        (0.0, 0.03)
    };
    Ok(highnoon::window::shell::camera::OrbitCamera {
        focus: bevy::math::Vec3::new(x.clamp(-1.0, 1.0), 0.0, z.clamp(-0.8, 0.8)),
        yaw: v[0].to_radians(),
        pitch: v[1].to_radians(),
        distance: v[2],
    })
}

/// `--bots LEVEL[,LEVEL…]`: the bots' levels, one per seat (repeated when
/// shorter): random, easy, normal, hard or expert.
pub fn seat_levels(text: &str) -> Result<Vec<Level>, String> {
    text.split(',').map(|s| s.trim().parse()).collect()
}
