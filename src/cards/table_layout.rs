//! Places on the card table, shared by every game: the seats round an oval
//! (yours nearest the camera, the others clockwise), each seat's area, your
//! hand fanned toward you, the deck and discard in the middle, rows of play
//! slots. Table coordinates in metres, y up, you at +z.

use glam::{Vec2, Vec3};

use super::view::Spot;

/// A poker-size card: 63 × 88 mm, and thick enough that stacks read as stacks.
pub const CARD_W: f32 = 0.063;
pub const CARD_H: f32 = 0.088;
pub const CARD_T: f32 = 0.0003;

/// Cards are drawn larger than life so their faces read at the default
/// camera distance.
pub const CARD_SCALE: f32 = 1.45;
/// The card table's top, x by z.
pub const TABLE_SIZE: (f32, f32) = (1.5, 1.05);
pub const TABLE_THICKNESS: f32 = 0.04;
/// The table top's upper face.
pub const TOP: f32 = TABLE_THICKNESS / 2.0;
/// Where the dice tray sits.
pub const TRAY_AT: Vec3 = Vec3::new(-0.47, TOP, 0.31);
/// The tray and its die are drawn this much larger than simulated, to be seen.
pub const DICE_SCALE: f32 = 1.2;

/// A card's width and height on the table.
pub fn card_size() -> Vec2 {
    Vec2::new(CARD_W, CARD_H) * CARD_SCALE
}

/// The angle of seat `seat` of `n` round the table (radians, from +x toward
/// +z): seat 0 at +z (you, when you sit in seat 0), then clockwise seen from above.
pub fn seat_angle(seat: usize, n: usize) -> f32 {
    std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * seat as f32 / n.max(1) as f32
}

/// Seat `seat` of `n` as the table is turned for `viewer` (the viewer's seat is
/// always nearest the camera).
pub fn seat_angle_for(seat: usize, n: usize, viewer: Option<usize>) -> f32 {
    let v = viewer.unwrap_or(0);
    seat_angle((seat + n - v % n.max(1)) % n.max(1), n)
}

/// The centre of a seat's area, `inset` from the table's edge toward the middle.
pub fn seat_centre(angle: f32, inset: f32) -> Vec3 {
    let (rx, rz) = (TABLE_SIZE.0 / 2.0 - inset, TABLE_SIZE.1 / 2.0 - inset);
    Vec3::new(rx * angle.cos(), TOP, rz * angle.sin())
}

/// The yaw that turns a card to be read from the seat at `angle` (its foot
/// toward that seat).
pub fn seat_yaw(angle: f32) -> f32 {
    angle.cos().atan2(angle.sin())
}

/// Along the seat's edge (to its player's right), a unit vector in x-z.
pub fn seat_right(angle: f32) -> Vec3 {
    Vec3::new(angle.sin(), 0.0, -angle.cos())
}

/// `count` cards in a row centred on `centre`, along `right`, `gap` apart
/// (in card widths), in the seat's reading direction.
pub fn row(centre: Vec3, angle: f32, count: usize, gap: f32, face_up: bool) -> Vec<Spot> {
    let w = card_size().x * gap;
    let right = seat_right(angle);
    (0..count)
        .map(|i| {
            let off = (i as f32 - (count as f32 - 1.0) / 2.0) * w;
            Spot {
                pos: centre + right * off + Vec3::Y * 0.0005 * i as f32,
                yaw: seat_yaw(angle),
                face_up,
            }
        })
        .collect()
}

/// Your hand: a fan toward you along the near edge, each card a little higher
/// than the one to its left so they overlap cleanly.
pub fn hand_fan(count: usize) -> Vec<Spot> {
    let w = card_size().x * if count > 7 { 0.62 } else { 0.82 };
    (0..count)
        .map(|i| {
            let t = i as f32 - (count as f32 - 1.0) / 2.0;
            Spot {
                pos: Vec3::new(
                    t * w,
                    TOP + 0.002 + 0.0012 * i as f32,
                    TABLE_SIZE.1 / 2.0 - 0.1 + 0.006 * t * t,
                ),
                yaw: -0.05 * t,
                face_up: true,
            }
        })
        .collect()
}

/// A stack at `at`: the `i`th card from the bottom.
pub fn stacked(at: Vec3, yaw: f32, i: usize, face_up: bool) -> Spot {
    Spot {
        pos: at + Vec3::Y * (0.0004 * i as f32 + 0.0003),
        yaw,
        face_up,
    }
}

/// The deck's place (centre left) and the discard's (centre right).
pub const DECK_AT: Vec3 = Vec3::new(-0.14, TOP, -0.04);
pub const DISCARD_AT: Vec3 = Vec3::new(0.0, TOP, -0.04);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_round_the_table_with_the_viewer_nearest() {
        for n in 2..=6 {
            for viewer in 0..n {
                let a = seat_angle_for(viewer, n, Some(viewer));
                let c = seat_centre(a, 0.2);
                assert!(
                    c.z > 0.3 && c.x.abs() < 1e-4,
                    "viewer at the near edge: {c}"
                );
            }
            // Every seat inside the table, no two in one place.
            let centres: Vec<Vec3> = (0..n).map(|s| seat_centre(seat_angle(s, n), 0.2)).collect();
            for (i, c) in centres.iter().enumerate() {
                assert!(c.x.abs() < TABLE_SIZE.0 / 2.0 && c.z.abs() < TABLE_SIZE.1 / 2.0);
                for d in &centres[..i] {
                    assert!(c.distance(*d) > 0.3);
                }
            }
        }
        // A card turned to a seat has its foot toward the seat.
        for s in 0..4 {
            let a = seat_angle(s, 4);
            let yaw = seat_yaw(a);
            let foot = glam::Quat::from_rotation_y(yaw) * Vec3::Z;
            assert!(foot.dot(Vec3::new(a.cos(), 0.0, a.sin())) > 0.99);
        }
    }
}
