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

/// `--bots LEVEL[,LEVEL…]`: the bots' levels, one per seat (repeated when
/// shorter): random, easy, normal or hard.
pub fn seat_levels(text: &str) -> Result<Vec<Level>, String> {
    text.split(',').map(|s| s.trim().parse()).collect()
}
