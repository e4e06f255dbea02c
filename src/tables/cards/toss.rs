//! Cards tossed at the play mats' holes (The Gunfighter), for any game whose
//! scene has mats ([`crate::cards::view::CardView::mats`]): [`Tossing`] holds
//! the throw a person's flick made, the cards in flight and where each came
//! to rest (plain data); [`Tossing::fly`] throws a card on Rapier
//! ([`TossRange`], in the target hole's frame, at real size) and says whether
//! it came to rest wholly inside the hole — the game's chance outcome. The
//! window draws the mats, the hand and the flights.
//!
//! The table is drawn [`CARD_SCALE`] times life size (so faces read); a
//! throw is simulated at life size and drawn scaled about the hole.

use std::collections::HashMap;

use bevy::prelude::*;
use rand::Rng;

use crate::cards::table_game::Flight;
use crate::cards::table_layout::{CARD_SCALE, TOP};
use crate::cards::view::{CardKey, MatSpot, Spot};
use crate::physics::card_toss::{CardThrow, TossRange};

/// Where the flight is drawn from: every this many simulation steps.
const PATH_STRIDE: usize = 2;

/// A person's flick: from the hand, along `heading` (radians from +x toward
/// +z, drawn table), meant to carry `reach` drawn metres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Throw {
    pub from: Vec3,
    pub heading: f32,
    pub reach: f32,
}

impl Throw {
    /// Where the card is meant to land.
    pub fn aim_point(&self) -> Vec3 {
        let d = Vec2::from_angle(self.heading) * self.reach;
        Vec3::new(self.from.x + d.x, TOP, self.from.z + d.y)
    }
}

/// A card in flight on screen: its simulated path (drawn poses), and how far
/// along it is.
#[derive(Clone, Debug)]
pub struct CardFlight {
    pub key: CardKey,
    pub path: Vec<Transform>,
    /// Seconds since the throw.
    pub t: f32,
    /// Seconds between the path's poses.
    pub dt: f32,
}

/// Tossing on the table, beside the rules: the throw your flick made and
/// the toss it stands for, the cards in flight and where each came to rest.
#[derive(Clone)]
pub struct Tossing<A> {
    pub range: TossRange,
    /// The throw your last flick made (used by the next card in the air of
    /// yours), and the toss it stands for until your hand is free.
    pub throw: Option<Throw>,
    pub pending: Option<A>,
    pub flights: Vec<CardFlight>,
    /// Where each tossed card came to rest (the scene lays it there).
    pub rests: HashMap<CardKey, Spot>,
}

impl<A> Tossing<A> {
    pub fn new(range: TossRange) -> Self {
        Tossing {
            range,
            throw: None,
            pending: None,
            flights: Vec::new(),
            rests: HashMap::new(),
        }
    }

    /// The drawn table's point for a point of `mat`'s hole frame (life size).
    pub fn to_table(mat: &MatSpot, local: Vec3) -> Vec3 {
        Vec3::new(mat.centre.x, TOP, mat.centre.z)
            + Quat::from_rotation_y(mat.yaw) * (local * CARD_SCALE)
    }

    /// The point of `mat`'s hole frame (life size) under a drawn table point.
    pub fn to_hole(mat: &MatSpot, table: Vec3) -> Vec2 {
        let local = Quat::from_rotation_y(-mat.yaw) * (table - mat.centre) / CARD_SCALE;
        Vec2::new(local.x, local.z)
    }

    /// The living mat whose hole lies nearest a drawn table point.
    pub fn nearest_mat(mats: &[MatSpot], at: Vec3) -> Option<&MatSpot> {
        mats.iter().filter(|m| m.alive).min_by(|a, b| {
            let (da, db) = (
                Vec2::new(a.centre.x - at.x, a.centre.z - at.z).length(),
                Vec2::new(b.centre.x - at.x, b.centre.z - at.z).length(),
            );
            da.total_cmp(&db)
        })
    }

    /// The throw, in `mat`'s hole frame, of a person's flick.
    pub fn flick_throw(&self, mat: &MatSpot, throw: &Throw) -> CardThrow {
        let from = Self::to_hole(mat, throw.from);
        let dir = Vec2::from_angle(throw.heading);
        let d = Quat::from_rotation_y(-mat.yaw) * Vec3::new(dir.x, 0.0, dir.y);
        // The speed that carries as far as the flick says; the card turned
        // in the hand as a practised hand turns it for this hole.
        let straight = self.range.aimed(throw.reach / CARD_SCALE);
        let practised = self.range.aimed_from(from);
        CardThrow {
            from,
            heading: d.z.atan2(d.x),
            turn: practised.turn,
            ..straight
        }
    }

    /// Throws the card in the air on Rapier at its target's hole: your flick
    /// when it is yours (`person`) and you flicked, else a hand of `level`
    /// aimed from the thrower's seat. Records its path to show (`record`) and
    /// where it came to rest; true when it lies wholly inside the hole.
    pub fn fly<R: Rng + ?Sized>(
        &mut self,
        mats: &[MatSpot],
        flight: Flight,
        errors: (f32, f32),
        person: bool,
        rng: &mut R,
        record: bool,
    ) -> bool {
        let (Some(target), Some(thrower)) = (
            mats.iter().find(|m| m.seat == flight.target),
            mats.iter().find(|m| m.seat == flight.thrower),
        ) else {
            return false;
        };
        let throw = match (person, self.throw.take()) {
            (true, Some(flick)) => self.flick_throw(target, &flick),
            _ => {
                let aimed = self.range.aimed_from(Self::to_hole(target, thrower.hand));
                TossRange::shaken(aimed, errors.0, errors.1, rng)
            }
        };
        let mut path = Vec::new();
        let mut range = self.range.clone();
        let result = range.toss(&throw, record.then_some(&mut path));
        let turn = Quat::from_rotation_y(target.yaw);
        let drawn = |(p, r): (Vec3, Quat)| Transform {
            translation: Self::to_table(target, p),
            rotation: turn * r,
            scale: Vec3::splat(CARD_SCALE),
        };
        // Cards already in this hole lie under the new one.
        let under = self
            .rests
            .values()
            .filter(|s| Self::to_hole(target, s.pos).length() < 0.2)
            .count();
        let (p, r) = range.card_pose();
        let across = turn * r * Vec3::X;
        let mut rest = Spot {
            pos: Self::to_table(target, p) + Vec3::Y * (0.0004 * under as f32),
            yaw: (-across.z).atan2(across.x),
            face_up: true,
        };
        rest.pos.y = rest.pos.y.max(TOP + 0.0003);
        self.rests.insert(flight.key, rest);
        if record {
            self.flights.push(CardFlight {
                key: flight.key,
                path: path.into_iter().step_by(PATH_STRIDE).map(drawn).collect(),
                t: 0.0,
                dt: self.range.spec.dt * PATH_STRIDE as f32,
            });
        }
        result.in_hole
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::card_mat::{CardRest, Hole};
    use crate::scenario::profile::CardTossSpec;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn mats() -> Vec<MatSpot> {
        let n = 4;
        (0..n)
            .map(|seat| {
                let a = crate::cards::table_layout::seat_angle(seat, n);
                MatSpot {
                    seat,
                    centre: crate::cards::table_layout::seat_centre(a, 0.31),
                    yaw: crate::cards::table_layout::seat_yaw(a),
                    hand: crate::cards::table_layout::seat_centre(a, 0.06),
                    alive: true,
                }
            })
            .collect()
    }

    /// Whether a card at rest at `spot` lies wholly inside `mat`'s hole, as
    /// drawn on the table (the hole and the card both at drawn size).
    fn drawn_inside(spec: &CardTossSpec, mat: &MatSpot, spot: &Spot) -> bool {
        let hole = Hole {
            centre: Vec2::new(mat.centre.x, mat.centre.z),
            half: Vec2::new(spec.hole_size.0, spec.hole_size.1) * CARD_SCALE / 2.0,
            // A hole turned by the mat's yaw, in the same sense as a card's.
            yaw: -mat.yaw,
        };
        hole.holds(&CardRest {
            centre: Vec2::new(spot.pos.x, spot.pos.z),
            half: Vec2::new(spec.card_size.0, spec.card_size.1) * CARD_SCALE / 2.0,
            yaw: -spot.yaw,
            tilt: 0.0,
        })
    }

    /// The table shows what the rules count: every card the physics counted
    /// inside a hole is drawn wholly inside it, and every card drawn wholly
    /// inside (and lying low, in the hole) was counted — over tosses from
    /// every seat at every mat, by a hand with errors.
    #[test]
    fn a_card_counted_in_the_hole_is_drawn_in_the_hole_and_the_reverse() {
        let spec = CardTossSpec::default();
        let mats = mats();
        let mut tossing = Tossing::<()>::new(TossRange::new(&spec, 9.81));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut inside, mut outside) = (0, 0);
        for k in 0..160u32 {
            let (thrower, target) = ((k % 4) as usize, ((k / 4) % 4) as usize);
            tossing.rests.clear();
            let flight = Flight {
                thrower,
                target,
                key: k,
            };
            let in_hole = tossing.fly(&mats, flight, (0.03, 0.04), false, &mut rng, true);
            let rest = tossing.rests[&k];
            let drawn = drawn_inside(&spec, &mats[target], &rest);
            let low = rest.pos.y < TOP + spec.mat_thickness * CARD_SCALE * 0.5;
            assert_eq!(in_hole, drawn && low, "toss {k}: {rest:?}");
            // The flight ends where the card lies.
            let last = tossing
                .flights
                .last()
                .unwrap()
                .path
                .last()
                .unwrap()
                .translation;
            assert!(last.distance(rest.pos) < 0.002, "{last} vs {rest:?}");
            if in_hole {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        println!("{inside} in, {outside} out");
        assert!(inside > 30 && outside > 10, "{inside} in, {outside} out");
    }

    /// A flick aimed at a mat (dragged back from it, as far as it is away)
    /// lands in or near that mat's hole; one dragged short falls short.
    #[test]
    fn a_flick_lands_where_it_was_aimed() {
        let spec = CardTossSpec::default();
        let mats = mats();
        let mut tossing = Tossing::<()>::new(TossRange::new(&spec, 9.81));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (me, target) = (&mats[0], &mats[2]);
        let d = target.centre - me.hand;
        let flick = |reach: f32| Throw {
            from: Vec3::new(me.hand.x, TOP, me.hand.z),
            heading: d.z.atan2(d.x),
            reach,
        };
        let full = Vec2::new(d.x, d.z).length();
        assert_eq!(
            Tossing::<()>::nearest_mat(&mats, flick(full).aim_point()).map(|m| m.seat),
            Some(2)
        );
        let flight = Flight {
            thrower: 0,
            target: 2,
            key: 1,
        };
        tossing.throw = Some(flick(full));
        assert!(tossing.fly(&mats, flight, (0.0, 0.0), true, &mut rng, false));
        tossing.throw = Some(flick(full * 0.6));
        assert!(!tossing.fly(&mats, flight, (0.0, 0.0), true, &mut rng, false));
        let short = tossing.rests[&1].pos;
        assert!(short.distance(target.centre) > 0.1, "{short}");
    }
}
