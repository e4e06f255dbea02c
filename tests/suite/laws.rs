//! The table against physical laws (docs/physics.md, "Physical laws";
//! ../shared/physics-references.md). Each law is checked against its formula
//! with the tolerance stated beside it.

use crate::common::*;
use bevy::math::Vec2;
use highnoon::physics::Table;
use highnoon::physics::laws;
use highnoon::physics::pieces::DiscKind;
use highnoon::physics::table::Flick;
use highnoon::scenario::town::Town;
use highnoon::scenario::{PhysicsProfile, data_root};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The friction of a disc on the table: Rapier averages the two materials'.
fn disc_friction(p: &PhysicsProfile, disc: DiscKind) -> f32 {
    laws::disc_on_table(p, disc).0
}

fn disc_restitution(p: &PhysicsProfile, disc: DiscKind) -> f32 {
    laws::disc_on_table(p, disc).1
}

/// Coulomb friction: a disc sliding without spin stops after v²/(2μg).
/// Tolerance: 2% of the distance, plus half a step of travel (v·dt/2: the
/// fixed step moves the disc before each step's friction brakes it).
/// `law` gives μ, `table` is the table the discs slide on.
fn slides_as_coulomb_says(law: &PhysicsProfile, table: &PhysicsProfile) -> Vec<String> {
    let p = law;
    let mut wrong = Vec::new();
    for disc in [DiscKind::Movement, DiscKind::Bullet] {
        let mu = disc_friction(p, disc);
        for v in [0.5f32, 1.0, 1.5, 2.2] {
            let s = laws::slide(table, disc, v, 0.0);
            let law = v * v / (2.0 * mu * p.gravity);
            let tolerance = 0.02 * law + v * p.solver.dt / 2.0;
            if (s.distance - law).abs() > tolerance || !s.at_rest {
                wrong.push(format!(
                    "{disc:?} at {v} m/s slid {:.1} cm, the law says {:.1} ± {:.1}",
                    s.distance * 100.0,
                    law * 100.0,
                    tolerance * 100.0
                ));
            }
        }
    }
    wrong
}

#[test]
fn a_disc_sliding_without_spin_stops_after_v_squared_over_2_mu_g() {
    let wrong = slides_as_coulomb_says(&profile(), &profile());
    assert!(wrong.is_empty(), "Rapier's friction: {wrong:#?}");
    let laws = with_contact_laws();
    let wrong = slides_as_coulomb_says(&laws, &laws);
    assert!(wrong.is_empty(), "the face's friction: {wrong:#?}");
}

#[test]
fn the_slide_law_fails_with_the_friction_doubled() {
    let mut p = profile();
    let m = p.pieces.movement_disc.material.clone();
    p.materials.get_mut(&m).unwrap().friction *= 2.0;
    let wrong = slides_as_coulomb_says(&profile(), &p);
    assert!(
        wrong.iter().any(|w| w.starts_with("Movement")),
        "the disc's friction doubled went unnoticed"
    );
}

/// The shipped profile with the movement disc's and the bullet's materials
/// each paired with the table top's at a friction of their own, far from
/// the two materials averaged (0.3 as shipped).
fn with_pairs() -> PhysicsProfile {
    let mut p = profile();
    let table = p.table.material.clone();
    for (disc, friction) in [
        (p.pieces.movement_disc.material.clone(), 0.5),
        (p.pieces.bullet.material.clone(), 0.2),
    ] {
        p.pairs.push(highnoon::scenario::profile::MaterialPair {
            between: (disc, table.clone()),
            friction,
            restitution: 0.25,
        });
    }
    p
}

#[test]
fn a_pair_of_materials_slides_by_its_own_friction() {
    let p = with_pairs();
    assert_eq!(disc_friction(&p, DiscKind::Movement), 0.5);
    assert_eq!(disc_friction(&p, DiscKind::Bullet), 0.2);
    let wrong = slides_as_coulomb_says(&p, &p);
    assert!(wrong.is_empty(), "Rapier's friction: {wrong:#?}");
    let mut laws = with_pairs();
    laws.contact.face_friction = true;
    laws.contact.rolling_resistance = 0.0002;
    let wrong = slides_as_coulomb_says(&laws, &laws);
    assert!(wrong.is_empty(), "the face's friction: {wrong:#?}");
    // The table without the pairs is told apart (the averaged friction).
    let wrong = slides_as_coulomb_says(&p, &profile());
    assert_eq!(wrong.len(), 8, "{wrong:#?}");
}

/// Farkas et al. (PRL 2003): sliding and spinning stop at the same instant,
/// and v/(Rω) tends to 0.653 for a uniform disc, from any start. The stop
/// times must agree within one step; the ratio, read at the last step at
/// which both still move, within 10% of 0.653 (the fixed step reads it a
/// step or two before the end). The spin stays under Rapier's cap of a
/// quarter turn a step (94 rad/s at 120 Hz).
fn slides_and_spins_as_farkas_says(p: &PhysicsProfile) -> Vec<String> {
    let mut wrong = Vec::new();
    for disc in [DiscKind::Movement, DiscKind::Bullet] {
        for (v, w) in [
            (0.5f32, 90.0f32),
            (1.0, 50.0),
            (1.0, 80.0),
            (2.0, 30.0),
            (1.5, 60.0),
        ] {
            let s = laws::slide(p, disc, v, w);
            let (slide, spin) = (s.slide_stop(), s.spin_stop());
            if (slide - spin).abs() > p.solver.dt * 1.01 {
                wrong.push(format!(
                    "{disc:?} at {v} m/s, {w} rad/s: the slide stopped at {slide:.3} s, the spin at {spin:.3} s"
                ));
            }
            match s.end_ratio() {
                Some(e) if (e - 0.653).abs() <= 0.0653 => {}
                e => wrong.push(format!(
                    "{disc:?} at {v} m/s, {w} rad/s: v/(Rω) at the end {e:?}, the law says 0.653"
                )),
            }
        }
    }
    wrong
}

/// The shipped profile with the table's contact laws on.
fn with_contact_laws() -> PhysicsProfile {
    let mut p = profile();
    p.contact.face_friction = true;
    p.contact.rolling_resistance = 0.0002;
    p
}

#[test]
fn a_disc_sliding_and_spinning_stops_both_at_once_with_the_papers_end_ratio() {
    let wrong = slides_and_spins_as_farkas_says(&with_contact_laws());
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn spin_lengthens_the_slide() {
    let p = with_contact_laws();
    let plain = laws::slide(&p, DiscKind::Movement, 1.0, 0.0);
    let spun = laws::slide(&p, DiscKind::Movement, 1.0, 80.0);
    assert!(
        spun.distance > plain.distance * 1.2,
        "spun {:.1} cm, plain {:.1} cm",
        spun.distance * 100.0,
        plain.distance * 100.0
    );
}

#[test]
fn without_the_face_friction_slide_and_spin_stop_apart() {
    let mut p = with_contact_laws();
    p.contact.face_friction = false;
    let wrong = slides_and_spins_as_farkas_says(&p);
    assert!(
        wrong.iter().any(|w| w.contains("stopped at")),
        "Rapier's own friction met Farkas' law: {wrong:#?}"
    );
}

/// A barrel rolled on its side with rolling resistance of lever b stops
/// after d = 3·r·v²/(4·g·b) (it decelerates at 2gb/(3r), a solid cylinder),
/// within 15%, for levers of 0.2 and 0.5 mm and speeds whose roll ends
/// before the backstop's damping at `sleep.settle_after`. Rapier's contact
/// on a rolling cylinder loses a little of its own (about 0.01 m/s², what a
/// lever of 0.02 mm would), so the rolls come out up to 11% short at 0.2 mm
/// and the tolerance is 15%. Returns the rolls that did not.
fn rolls_as_rolling_resistance_says(table: &PhysicsProfile) -> Vec<String> {
    let mut wrong = Vec::new();
    for (b, speeds) in [
        (0.0002f32, [0.08f32, 0.12, 0.15]),
        (0.0005, [0.15, 0.25, 0.35]),
    ] {
        let mut p = table.clone();
        p.contact.rolling_resistance = b;
        let r = p.pieces.barrel.radius;
        for v in speeds {
            let law = 3.0 * r * v * v / (4.0 * p.gravity * b);
            let roll = laws::roll(&p, v);
            let error = roll.distance / law - 1.0;
            if error.abs() > 0.15 || !roll.at_rest {
                wrong.push(format!(
                    "b {:.1} mm, {v} m/s: rolled {:.2} cm, law {:.2} cm ({:+.1}%), at rest {}, {:.2} s",
                    b * 1000.0,
                    roll.distance * 100.0,
                    law * 100.0,
                    error * 100.0,
                    roll.at_rest,
                    roll.time.last().copied().unwrap_or(0.0)
                ));
            }
        }
    }
    wrong
}

#[test]
fn a_rolling_barrel_stops_where_rolling_resistance_says() {
    let mut p = profile();
    // The law has no damping: the barrel's wood keeps none of its own.
    let wood = p.pieces.barrel.material.clone();
    p.materials
        .get_mut(&wood)
        .expect("the barrel's wood")
        .angular_damping = 0.0;
    let wrong = rolls_as_rolling_resistance_says(&p);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A disc slid into a disc at rest: the struck disc leaves along the line of
/// their centres as they meet, asin(cut) from the line of the shot (smooth
/// discs: no friction between them to throw it forward), within 2°; and it
/// slides d = v'²/(2μg) with v' = (1+e)·m₁/(m₁+m₂)·v·cos θ, v the striker's
/// speed as it arrives (v₀² − 2μg·gap), within 20% + 5 mm (Rapier's
/// restitution between two discs, like a disc's bounce on the table, depends
/// on where within a step they meet: glancing hits at 1.6 m/s come out 13–18%
/// short, full ones up to 8% long). Returns the hits that did not.
fn hits_as_the_line_of_centres_says(p: &PhysicsProfile) -> Vec<String> {
    use highnoon::physics::laws::hit;
    let mut wrong = Vec::new();
    let piece = |d: DiscKind| match d {
        DiscKind::Movement => &p.pieces.movement_disc,
        DiscKind::Bullet => &p.pieces.bullet,
    };
    let mass = |d: DiscKind| {
        let piece = piece(d);
        let density = p.materials[&piece.material].density;
        density * std::f32::consts::PI * piece.radius * piece.radius * piece.height
    };
    for (a, b) in [
        (DiscKind::Movement, DiscKind::Bullet),
        (DiscKind::Bullet, DiscKind::Bullet),
    ] {
        let e = p.contact_between(&piece(a).material, &piece(b).material).1;
        let (mu_a, mu_b) = (disc_friction(p, a), disc_friction(p, b));
        for (v0, gap) in [(1.0f32, 0.05f32), (1.6, 0.10)] {
            for cut in [0.0f32, 0.3, 0.5, 0.7] {
                let h = hit(p, (a, b), v0, (gap, cut));
                let theta = cut.asin();
                let v = (v0 * v0 - 2.0 * mu_a * p.gravity * gap).sqrt();
                let vt = (1.0 + e) * mass(a) / (mass(a) + mass(b)) * v * theta.cos();
                let d = vt * vt / (2.0 * mu_b * p.gravity);
                if !h.met
                    || (h.deflection_deg - theta.to_degrees()).abs() > 2.0
                    || (h.distance - d).abs() > 0.2 * d + 0.005
                {
                    wrong.push(format!(
                        "{a:?} into {b:?}, {v0} m/s, gap {gap} m, cut {cut}: left at {:.1}° (law {:.1}°), slid {:.2} cm (law {:.2})",
                        h.deflection_deg,
                        theta.to_degrees(),
                        h.distance * 100.0,
                        d * 100.0
                    ));
                }
            }
        }
    }
    wrong
}

#[test]
fn a_struck_disc_leaves_along_the_line_of_centres() {
    let mut p = laws::smooth_discs(&profile(), 0.3);
    p.contact.line_of_centres = true;
    let wrong = hits_as_the_line_of_centres_says(&p);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn with_rapiers_normal_a_disc_cut_off_centre_leaves_too_near_the_line_of_the_shot() {
    let mut p = laws::smooth_discs(&profile(), 0.3);
    p.contact.line_of_centres = false;
    let wrong = hits_as_the_line_of_centres_says(&p);
    assert!(
        wrong.iter().any(|w| w.contains("cut 0.5")),
        "Rapier's normal met the line of centres: {wrong:#?}"
    );
}

/// A disc dropped flat from h leaves the table at e times its speed of
/// arrival (within 10%), for every drop from 2 to 16.5 cm in steps of 5 mm.
/// Returns the heights at which it did not.
fn bounces_as_restitution_says(law: &PhysicsProfile, table: &PhysicsProfile) -> Vec<String> {
    let mut wrong = Vec::new();
    for disc in [DiscKind::Movement, DiscKind::Bullet] {
        let e = disc_restitution(law, disc);
        for i in 0..30 {
            let h = 0.02 + i as f32 * 0.005;
            let b = laws::drop(table, disc, h);
            let ratio = b.speed_out / b.speed_in;
            if (ratio - e).abs() > 0.1 * e {
                wrong.push(format!(
                    "{disc:?} from {h:.3} m: left at {ratio:.3} of its speed, e = {e}"
                ));
            }
        }
    }
    wrong
}

/// With the flat landing (the profile as shipped), every drop leaves at e
/// times its speed of arrival (within 10%; measured within 0.2%) and rises
/// to e² times its drop (within 10% and half a millimetre: the fixed step's
/// fall and rise lose about a step's travel; measured 5–10% short, 0.2–0.5
/// mm, from 3, 8 and 15 cm).
#[test]
fn a_disc_dropped_flat_bounces_at_e_times_its_speed() {
    let p = profile();
    assert!(
        p.contact.flat_landing,
        "the shipped profile lands discs flat"
    );
    let wrong = bounces_as_restitution_says(&p, &p);
    assert!(wrong.is_empty(), "{} of 60 drops: {wrong:#?}", wrong.len());
    for disc in [DiscKind::Movement, DiscKind::Bullet] {
        let e = disc_restitution(&p, disc);
        for h in [0.03f32, 0.08, 0.15] {
            let b = laws::drop(&p, disc, h);
            let law = e * e * h;
            assert!(
                (b.rise - law).abs() <= 0.1 * law + 0.0005,
                "{disc:?} from {h} m rose {:.4} m, e²h = {law:.4} m: {b:?}",
                b.rise
            );
        }
    }
}

/// Rapier's own bounce (the flat landing off) catches a falling flat disc
/// on one point of its rim: it tips, sinks and leaves at 0.15 to 1.5 × e
/// (52 of the 60 drops miss e, 2026-11-29). And the movement disc's
/// restitution doubled is seen by the law (its 30 drops).
#[test]
fn without_the_flat_landing_or_with_the_restitution_doubled_the_bounce_misses_e() {
    let mut rapiers = profile();
    rapiers.contact.flat_landing = false;
    let wrong = bounces_as_restitution_says(&rapiers, &rapiers);
    assert!(wrong.len() >= 30, "{} of 60 drops miss e", wrong.len());
    let mut doubled = profile();
    let m = doubled.pieces.movement_disc.material.clone();
    doubled.materials.get_mut(&m).unwrap().restitution *= 2.0;
    let wrong = bounces_as_restitution_says(&profile(), &doubled);
    assert!(wrong.len() >= 30, "{} of 60 drops miss e", wrong.len());
}

/// Statics: a figure tilted past atan(b/h) (its centre of mass over the
/// edge of its base) falls; tilted 1° short of it, it stands back up.
#[test]
fn a_figure_tilted_past_its_base_edge_falls_and_short_of_it_stands_back_up() {
    let p = profile();
    let critical = laws::figure_tipping_deg(&p);
    assert!(
        (10.0..20.0).contains(&critical),
        "critical tilt {critical}°"
    );
    for short in [1.0f32, 3.0, 8.0] {
        let tilt = laws::tilt_and_let_go(&p, critical - short);
        assert!(
            tilt < 2.0,
            "tilted {short}° short of {critical:.1}°: ended at {tilt:.1}°"
        );
    }
    for past in [1.0f32, 3.0, 8.0] {
        let tilt = laws::tilt_and_let_go(&p, critical + past);
        assert!(
            tilt > 80.0,
            "tilted {past}° past {critical:.1}°: ended at {tilt:.1}°"
        );
    }
}

/// The towns of scenarios/, by name.
fn scenario_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(data_root().join("scenarios"))
        .expect("scenarios/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".ron"))
        .collect();
    files.sort();
    files
}

fn town(file: &str) -> Town {
    Town::load(&data_root().join("scenarios").join(file), &profile()).unwrap()
}

/// How the table's mechanical energy went in one flick, as shares of what
/// the flick put in (its kinetic energy after the impulse).
struct EnergyRise {
    /// The greatest rise from one step to the next.
    step: f64,
    /// The most the energy ever stood above where it started.
    above_start: f64,
}

/// Each of `flicks` random flicks in a town (any disc, strength 0.2–1, any
/// spin and direction; each played on from the last): how its energy rose.
fn energy_rises(table: &mut Table, flicks: usize, seed: u64) -> Vec<EnergyRise> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let discs: Vec<_> = table.discs().map(|(id, _)| id).collect();
    let mut out = Vec::new();
    for _ in 0..flicks {
        let id = discs[rng.random_range(0..discs.len())];
        if !table.in_play(id) {
            continue;
        }
        let a = rng.random_range(0.0..std::f32::consts::TAU);
        let flick = Flick {
            piece: id,
            direction: Vec2::from_angle(a),
            strength: rng.random_range(0.2..1.0),
            spin: rng.random_range(-1.0..1.0),
        };
        let before = laws::energy(table);
        let e = laws::energy_of_flick(table, flick);
        // What the flick put in: its kinetic energy.
        let moving = (e[0] - before).max(1e-9);
        let step = e.windows(2).map(|w| w[1] - w[0]).fold(0.0, f64::max);
        let top = e.iter().copied().fold(f64::MIN, f64::max);
        out.push(EnergyRise {
            step: step / moving,
            above_start: (top - e[0]) / moving,
        });
    }
    out
}

/// Energy never rises in a flick: at no step does the table hold more than
/// 1% above what it had just after the flick's impulse. From one step to the
/// next Rapier's soft contacts may push a little back out: a figure landing
/// on its side is pushed out of the table top faster than it sank in, so
/// one step can rise by a few percent of the flick's energy (long after the
/// flick lost far more). Measured (2026-11-29; the eleven towns of
/// scenarios/, seeds 0 to 5, 12 flicks each played on from the last, as
/// here): with the contact laws on, 491 flicks, never above the start, a
/// step over 2% in 9 (the most 13.0%, a cowboy landing on his side in A
/// Family Duel, seed 0, the eighth flick; the next 4.0%); with Rapier's own
/// contacts, 534 flicks, never above the start, 12 over 2% (the most
/// 7.1%). The test holds a step to 25% and the share of flicks with a step
/// over 2% to 1 in 12.
#[test]
fn energy_never_rises_in_a_flick() {
    for (name, p) in [
        ("the shipped profile", profile()),
        ("the profile before the contact laws", before_contact_laws()),
    ] {
        let mut rises = Vec::new();
        for file in scenario_files() {
            for seed in 0..6 {
                let mut table = Table::new(p.clone(), &town(&file));
                rises.extend(energy_rises(&mut table, 12, seed));
            }
        }
        let worst_step = rises.iter().map(|r| r.step).fold(0.0, f64::max);
        let worst_above = rises.iter().map(|r| r.above_start).fold(0.0, f64::max);
        let over = rises.iter().filter(|r| r.step > 0.02).count();
        assert!(
            worst_above <= 0.01,
            "{name}: the energy stood {:.1}% above what the flick put in",
            worst_above * 100.0
        );
        assert!(
            worst_step <= 0.25,
            "{name}: energy rose by {:.1}% in one step",
            worst_step * 100.0
        );
        assert!(
            over * 12 <= rises.len(),
            "{name}: {over} of {} flicks had a step rise by more than 2%",
            rises.len()
        );
    }
}
