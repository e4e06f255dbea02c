//! The Gunfighter's play mat seen from above: its hole, a card at rest, and
//! the golden rule's test (a card counts only when it lies wholly inside the
//! hole). Pure geometry on the table plane (metres), no Rapier: the toss on
//! Rapier ([`super::card_toss`]) reads its card with it, and the card table's
//! tests check what they draw against it. It sits in `physics`, below the
//! card games, so that the toss needs nothing from `cards`.

use bevy::math::Vec2;

/// A rectangular hole cut in a play mat, seen from above.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hole {
    pub centre: Vec2,
    /// Half its width and depth.
    pub half: Vec2,
    /// Its turn on the table, radians.
    pub yaw: f32,
}

/// A card at rest, seen from above.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardRest {
    pub centre: Vec2,
    /// Half its width and length.
    pub half: Vec2,
    pub yaw: f32,
    /// How far its face is tilted from flat, radians (a card propped on the
    /// hole's edge is tilted: its outline on the table shrinks by the cosine,
    /// but a tilted card is never wholly inside).
    pub tilt: f32,
}

/// The most a card may tilt and still be lying in the hole, radians (a card
/// on the hole's floor lies flat; one propped on the edge does not).
pub const FLAT: f32 = 0.10;

impl CardRest {
    /// The four corners on the table plane.
    pub fn corners(&self) -> [Vec2; 4] {
        let (s, c) = self.yaw.sin_cos();
        let u = Vec2::new(c, s) * self.half.x;
        let v = Vec2::new(-s, c) * self.half.y;
        [
            self.centre + u + v,
            self.centre + u - v,
            self.centre - u - v,
            self.centre - u + v,
        ]
    }
}

impl Hole {
    /// True when every corner of the card lies inside the hole and the card
    /// lies flat: the card counts.
    pub fn holds(&self, card: &CardRest) -> bool {
        if card.tilt.abs() > FLAT {
            return false;
        }
        let (s, c) = self.yaw.sin_cos();
        card.corners().iter().all(|&p| {
            let d = p - self.centre;
            // Into the hole's frame.
            let local = Vec2::new(c * d.x + s * d.y, -s * d.x + c * d.y);
            local.x.abs() <= self.half.x && local.y.abs() <= self.half.y
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A poker-size card (63 × 88 mm) and a hole of 100 × 130 mm.
    fn hole() -> Hole {
        Hole {
            centre: Vec2::ZERO,
            half: Vec2::new(0.050, 0.065),
            yaw: 0.0,
        }
    }
    fn card(at: Vec2, yaw: f32, tilt: f32) -> CardRest {
        CardRest {
            centre: at,
            half: Vec2::new(0.0315, 0.044),
            yaw,
            tilt,
        }
    }

    #[test]
    fn a_card_wholly_inside_counts_and_half_across_the_edge_does_not() {
        assert!(hole().holds(&card(Vec2::ZERO, 0.0, 0.0)));
        // Shifted toward the edge but still inside (50 - 31.5 = 18.5 mm of room).
        assert!(hole().holds(&card(Vec2::new(0.018, 0.0), 0.0, 0.0)));
        // Half across the edge.
        assert!(!hole().holds(&card(Vec2::new(0.050, 0.0), 0.0, 0.0)));
        // One corner over by a millimetre.
        assert!(!hole().holds(&card(Vec2::new(0.0195, 0.0), 0.0, 0.0)));
        // Turned a quarter: 88 mm across a 100 mm width and 63 mm along 130: inside.
        assert!(hole().holds(&card(Vec2::ZERO, std::f32::consts::FRAC_PI_2, 0.0)));
        // Turned 45°: the corners reach 53 mm sideways: over the edge.
        assert!(!hole().holds(&card(Vec2::ZERO, std::f32::consts::FRAC_PI_4, 0.0)));
        // Propped on the edge (tilted), even with its outline inside: no.
        assert!(!hole().holds(&card(Vec2::ZERO, 0.0, 0.3)));
        // A turned hole turns the test with it.
        let turned = Hole {
            yaw: std::f32::consts::FRAC_PI_2,
            ..hole()
        };
        assert!(turned.holds(&card(Vec2::ZERO, std::f32::consts::FRAC_PI_2, 0.0)));
        assert!(!turned.holds(&card(
            Vec2::new(0.0, 0.030),
            std::f32::consts::FRAC_PI_2,
            0.0
        )));
    }
}
