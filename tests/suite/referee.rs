//! The referee on the physical table: failed moves put the town back, doors,
//! shots.

use bevy::math::{Vec2, Vec3};
use highnoon::flick::referee::{Aim, Referee, Side};
use highnoon::flick::rules::{Intent, Phase, ShotReport};
use highnoon::scenario::kinds::BuildingKind;
use highnoon::scenario::{PhysicsProfile, Town, data_root};

fn referee(file: &str) -> Referee {
    let profile = PhysicsProfile::load_default().unwrap();
    let town = Town::load(&data_root().join("tests/data/towns").join(file), &profile).unwrap();
    Referee::new(profile, &town, 1).unwrap()
}

fn cowboy(r: &Referee, name: &str) -> usize {
    r.game.cowboys.iter().position(|c| c.name == name).unwrap()
}

fn first_piece(r: &Referee, name: &str) -> highnoon::physics::pieces::PieceId {
    r.table
        .index()
        .pieces
        .iter()
        .find(|p| p.name == name)
        .unwrap()
        .id
}

#[test]
fn a_failed_move_puts_every_displaced_piece_back_bit_for_bit() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    let dutch = cowboy(&r, "Dutch");
    r.apply(Intent::Play(cooper)).unwrap();
    let before = r.table.pose_hash();
    r.apply(Intent::Move).unwrap();
    // Straight at Dutch, hard: the disc hits him (and knocks him about).
    let to = r.position(dutch) - r.position(cooper);
    let report = r
        .flick_move(Aim {
            direction: to,
            strength: 0.9,
            spin: 0.0,
        })
        .unwrap();
    assert!(report.touched, "{report:?}");
    let outcome = r.last_outcome.clone().unwrap();
    assert!(!outcome.moved.is_empty(), "the flick displaced something");
    assert_eq!(
        r.table.pose_hash(),
        before,
        "the town is back exactly as it was"
    );
    assert_eq!(
        r.game.phase,
        Phase::Acting {
            cowboy: cooper,
            actions_left: 1
        },
        "the action is lost"
    );
    assert!(r.game.log.last().unwrap().contains("move fails"));
}

#[test]
fn a_clean_move_puts_the_cowboy_where_the_disc_stopped() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    r.apply(Intent::Play(cooper)).unwrap();
    let from = r.position(cooper);
    r.apply(Intent::Move).unwrap();
    // Toward the empty east end of the table.
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(1.0, 0.15),
            strength: 0.35,
            spin: 0.0,
        })
        .unwrap();
    assert!(!report.touched && !report.left_table, "{report:?}");
    let rest = r.last_outcome.as_ref().unwrap().rest_position;
    let now = r.position(cooper);
    assert!(now.distance(Vec2::new(rest.x, rest.z)) < 1e-4);
    assert!(now.distance(from) > 0.05);
    assert!(
        highnoon::physics::table::tilt_deg(r.rotation(cooper)) < 1.0,
        "standing"
    );
    // A flat cut-out stands with its front (+z) the way the disc went
    // (docs/flick-em-up.md, Move). It was turned by the angle with x and z
    // swapped: the way it went mirrored across the table's diagonal
    // (side-on going east, square going north-east).
    let front = r.rotation(cooper) * Vec3::Z;
    let went = Vec2::new(1.0, 0.15).normalize();
    assert!(
        Vec2::new(front.x, front.z).dot(went) > 0.99,
        "facing the way it went: front {front}"
    );
}

/// The discs not in play wait on the player's edge out of play, as they lie
/// in the box at a real table: the book fails a move that touches "an
/// object, figure, or building support block", and a spare bullet is none of
/// them. A cowboy walking along that edge past them moves; they stay put.
#[test]
fn the_spare_discs_on_the_players_edge_are_out_of_play() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    let spare = first_piece(&r, "Bullet 1");
    let (parked, _) = r.table.pose(spare);
    // Ol' Cooper 8 cm east of the row of spare discs (x -55 to -33 cm, 40 cm
    // toward the player), flicked west along it, straight through them.
    r.table
        .stand(r.figures[cooper], Vec3::new(-0.25, 0.0, parked.z), 0.0);
    r.apply(Intent::Play(cooper)).unwrap();
    r.apply(Intent::Move).unwrap();
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(-1.0, 0.0),
            strength: 0.5,
            spin: 0.0,
        })
        .unwrap();
    assert!(!report.touched && !report.left_table, "{report:?}");
    assert!(r.position(cooper).x < -0.35, "he walked past them");
    assert_eq!(
        r.table.pose(spare).0,
        parked,
        "the spare bullet lies where it lay"
    );
}

#[test]
fn entering_through_the_door_line_and_exiting_behind_the_building() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    // Stand Ol' Cooper 20 cm in front of the Bank's door (the Bank faces +z at (0, -30) cm).
    let figure = r.figures[cooper];
    r.table.stand(figure, Vec3::new(0.0, 0.0, -0.10), 0.0);
    // Roll the barrel standing in the way off to the side.
    let barrels: Vec<_> = r
        .table
        .index()
        .pieces
        .iter()
        .filter(|p| p.name == "Barrel")
        .map(|p| p.id)
        .collect();
    for b in barrels {
        let (t, _) = r.table.pose(b);
        if Vec2::new(t.x, t.z).distance(Vec2::new(0.02, -0.18)) < 0.01 {
            r.table.place(b, Vec2::new(0.30, -0.10), 0.0);
        }
    }
    r.apply(Intent::Play(cooper)).unwrap();
    r.apply(Intent::Move).unwrap();
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(0.0, -1.0),
            strength: 0.6,
            spin: 0.0,
        })
        .unwrap();
    assert_eq!(
        report.entered,
        Some(BuildingKind::Bank),
        "{report:?} {:?}",
        r.last_outcome
    );
    assert!(!report.touched, "{report:?}");
    assert_eq!(r.game.cowboys[cooper].inside, Some(BuildingKind::Bank));
    // Seated on a support block, above the table.
    let (t, _) = r.table.pose(figure);
    assert!(t.y > 0.03, "on a support block: {t:?}");
    // Take the gold with the second action.
    r.apply(Intent::Take {
        token: highnoon::scenario::game::Token::Gold,
        give: None,
    })
    .unwrap();
    assert_eq!(r.game.cowboys[cooper].tokens.len(), 1);
    // A weak exit fails (the whole disc must pass the line); the town is put back.
    r.apply(Intent::EndTurn).unwrap();
    let mut guard = 0;
    while r.game.current_team() != Some(highnoon::scenario::kinds::Team::Outlaws)
        || !r.game.legal_intents().contains(&Intent::Play(cooper))
    {
        // Let everyone else pass until Ol' Cooper can play again.
        let legal = r.game.legal_intents();
        let pick = legal
            .iter()
            .find(|i| matches!(i, Intent::Play(c) if *c != cooper))
            .cloned()
            .unwrap_or(Intent::EndTurn);
        r.apply(pick).unwrap();
        if matches!(r.game.phase, Phase::Acting { .. }) {
            r.apply(Intent::EndTurn).unwrap();
        }
        guard += 1;
        assert!(guard < 40);
    }
    r.apply(Intent::Play(cooper)).unwrap();
    r.apply(Intent::Move).unwrap();
    let weak = r
        .flick_move(Aim {
            direction: Vec2::new(0.0, 1.0),
            strength: 0.15,
            spin: 0.0,
        })
        .unwrap();
    assert!(!weak.exited, "{weak:?}");
    assert_eq!(r.game.cowboys[cooper].inside, Some(BuildingKind::Bank));
    r.apply(Intent::Move).unwrap();
    let out = r
        .flick_move(Aim {
            direction: Vec2::new(0.0, 1.0),
            strength: 0.6,
            spin: 0.0,
        })
        .unwrap();
    assert!(out.exited && !out.touched, "{out:?} {:?}", r.last_outcome);
    assert_eq!(r.game.cowboys[cooper].inside, None);
    let (t, _) = r.table.pose(figure);
    assert!(
        t.z > -0.28 && t.y.abs() < 0.01,
        "in the street in front of the Bank: {t:?}"
    );
}

#[test]
fn a_shot_at_close_range_hits_and_the_victim_stays_down() {
    let mut r = referee("final_showdown.ron");
    let sheriff = cowboy(&r, "Wyatt");
    let cooper = cowboy(&r, "Ol' Cooper");
    // Ol' Cooper stands 30 cm east of the Sheriff, in the open.
    let at = r.position(sheriff);
    r.table
        .stand(r.figures[cooper], Vec3::new(at.x + 0.30, 0.0, at.y), 0.0);
    r.apply(Intent::Play(sheriff)).unwrap();
    r.apply(Intent::Shoot).unwrap();
    let target = r.position(cooper);
    let direction = r.aim_at(sheriff, Side::Right, target);
    let shot = full_shot_on_the_right(&mut r, direction);
    assert_eq!(shot.knocked_first, Some(cooper), "{:?}", r.last_outcome);
    assert_eq!(r.game.cowboys[cooper].hit_points, 2);
    assert!(r.game.cowboys[cooper].fallen);
    assert!(
        highnoon::physics::table::tilt_deg(r.rotation(cooper)) > 45.0,
        "he stays down until played"
    );
}

/// A full-strength bullet flicked from the cowboy's right, straight along
/// `direction`.
fn full_shot_on_the_right(r: &mut Referee, direction: Vec2) -> ShotReport {
    r.flick_shot(
        Side::Right,
        Aim {
            direction,
            strength: 1.0,
            spin: 0.0,
        },
    )
    .unwrap()
}

/// The book: "he places a bullet (gray disc) to the left or right of his
/// cowboy, at the distance of one bullet". A cowboy standing by a fence has
/// the bullet set down beside the fence, as near its spot as it fits, and a
/// shot along the fence counts. Set down in the fence (as it was), the
/// bullet touched the fence before anything: no shot from that side could
/// count, however well aimed.
#[test]
fn a_cowboy_standing_by_a_fence_gets_his_bullet_beside_it_not_in_it() {
    let profile = PhysicsProfile::load_default().unwrap();
    let bullet = profile.pieces.bullet.radius;
    let half = profile.pieces.fence.size.2 / 2.0;
    // A fence running east-west on the Sheriff's right (+z) as he faces
    // east, its mid-plane 4.5 cm and 3.6 cm from him, over the bullet's spot
    // (one bullet from his base: 3.85 cm). At 3.6 cm the shortest way out of
    // the fence is outward, beyond it: the bullet is slid inward instead,
    // between him and the fence, where it still fits.
    for off in [0.045, 0.036] {
        let mut r = referee("final_showdown.ron");
        let sheriff = cowboy(&r, "Wyatt");
        let cooper = cowboy(&r, "Ol' Cooper");
        let fence = first_piece(&r, "Fence");
        // Ol' Cooper 30 cm east of the Sheriff.
        let at = r.position(sheriff);
        r.table
            .stand(r.figures[cooper], Vec3::new(at.x + 0.30, 0.0, at.y), 0.0);
        r.table.place(fence, at + Vec2::new(0.0, off), 0.0);
        let (f, _) = r.table.pose(fence);
        r.apply(Intent::Play(sheriff)).unwrap();
        r.apply(Intent::Shoot).unwrap();
        let target = r.position(cooper);
        let direction = r.aim_at(sheriff, Side::Right, target);
        let start = r.shot_start(sheriff, Side::Right, direction, bullet);
        let apart = f.z - start.y;
        assert!(
            apart >= half + bullet,
            "{off}: the bullet is set down clear of the fence, on the Sheriff's side: {apart} < {}",
            half + bullet
        );
        if off < 0.04 {
            // Squeezed in beside his base, the bullet grazes it leaving: a
            // hard shot, as at a real table; the placement is what is tested.
            continue;
        }
        let shot = full_shot_on_the_right(&mut r, direction);
        let outcome = r.last_outcome.clone().unwrap();
        assert_ne!(
            outcome.first_touch().map(|t| t.piece),
            Some(fence),
            "{off}: {outcome:?}"
        );
        assert_eq!(shot.knocked_first, Some(cooper), "{off}: {outcome:?}");
        assert_eq!(r.game.cowboys[cooper].hit_points, 2);
    }
}

#[test]
fn two_pistols_put_a_bullet_on_each_side_of_the_cowboy() {
    use highnoon::scenario::game::Token;
    let mut r = referee("final_showdown.ron");
    let sheriff = cowboy(&r, "Wyatt");
    r.game.cowboys[sheriff].tokens.push(Token::Colt);
    r.apply(Intent::Play(sheriff)).unwrap();
    r.apply(Intent::Shoot).unwrap();
    assert!(matches!(
        r.game.phase,
        Phase::AwaitShots {
            bullets_left: 2,
            ..
        }
    ));
    assert_eq!(r.shot_sides(), vec![Side::Left, Side::Right]);
    // Up the table, away from everyone.
    let aim = Aim {
        direction: Vec2::new(0.0, -1.0),
        strength: 0.2,
        spin: 0.0,
    };
    r.flick_shot(Side::Right, aim).unwrap();
    assert!(matches!(
        r.game.phase,
        Phase::AwaitShots {
            bullets_left: 1,
            ..
        }
    ));
    assert_eq!(r.shot_sides(), vec![Side::Left], "the other side only");
    let (phase, poses) = (r.game.phase.clone(), r.table.pose_hash());
    let e = r.flick_shot(Side::Right, aim).unwrap_err().to_string();
    assert!(e.contains("second goes on his left"), "{e}");
    assert_eq!((r.game.phase.clone(), r.table.pose_hash()), (phase, poses));
    r.flick_shot(Side::Left, aim).unwrap();
    assert!(matches!(r.game.phase, Phase::Acting { .. }));
    // The next shot may start on either side again.
    assert_eq!(r.shot_sides(), vec![Side::Left, Side::Right]);
}

#[test]
fn an_object_blocking_a_door_may_be_moved_aside() {
    let mut r = referee("bank_robbery.ron");
    let barrel = first_piece(&r, "Barrel");
    // Roll a barrel into the Bank's doorway (the Bank stands at (0, -30) cm facing +z).
    r.table.place(barrel, Vec2::new(0.0, -0.28), 0.0);
    assert_eq!(r.door_blockers(BuildingKind::Bank), vec![barrel]);
    // The book: moved "to permit entry into the building": for a cowboy
    // being played, with an action left to walk in; not between turns.
    let before = r.table.pose_hash();
    let e = r.clear_door(BuildingKind::Bank).unwrap_err().to_string();
    assert!(e.contains("cowboy being played"), "{e}");
    assert_eq!(r.table.pose_hash(), before, "nothing moved");
    let cooper = cowboy(&r, "Ol' Cooper");
    r.apply(Intent::Play(cooper)).unwrap();
    // Nor at a building the scenario keeps closed.
    r.game.setup.closed.push(BuildingKind::Bank);
    let e = r.clear_door(BuildingKind::Bank).unwrap_err().to_string();
    assert!(e.contains("closed"), "{e}");
    r.game.setup.closed.clear();
    assert_eq!(r.clear_door(BuildingKind::Bank), Ok(vec![barrel]));
    assert!(r.door_blockers(BuildingKind::Bank).is_empty());
    let (t, _) = r.table.pose(barrel);
    assert!(t.x.abs() > 0.04, "moved to one side: {t:?}");
    assert!(r.game.log.last().unwrap().contains("moved aside"));
    // Only what blocks it: with the doorway clear there is nothing to move.
    let e = r.clear_door(BuildingKind::Bank).unwrap_err().to_string();
    assert!(e.contains("nothing blocks"), "{e}");
    // Nor for a cowboy already inside, nor one with no action left.
    r.game.cowboys[cooper].inside = Some(BuildingKind::Saloon);
    r.table.place(barrel, Vec2::new(0.0, -0.28), 0.0);
    let e = r.clear_door(BuildingKind::Bank).unwrap_err().to_string();
    assert!(e.contains("inside"), "{e}");
    r.game.cowboys[cooper].inside = None;
    r.game.phase = Phase::Acting {
        cowboy: cooper,
        actions_left: 0,
    };
    let e = r.clear_door(BuildingKind::Bank).unwrap_err().to_string();
    assert!(e.contains("no action left"), "{e}");
}

/// A bullet sent at the support block a seated cowboy sits on, from 20 cm in
/// front of the building, with the duel rules on or off.
fn shoot_at_a_seated_cowboy(duel: bool) -> (Referee, usize, usize) {
    let mut r = referee("defend_the_town_hall.ron");
    r.game.setup.duel = duel;
    let wyatt = cowboy(&r, "Wyatt");
    let jack = cowboy(&r, "Black Jack");
    assert_eq!(r.game.cowboys[wyatt].inside, Some(BuildingKind::TownHall));
    let side = r.block_of(wyatt, BuildingKind::TownHall).expect("seated");
    let block = r.block_point(BuildingKind::TownHall, side);
    let x = side * r.table.profile().pieces.building.block_offset();
    let stand = r.building_point(BuildingKind::TownHall, Vec3::new(x, 0.0, 0.20));
    r.table.stand(r.figures[jack], stand, 0.0);
    r.apply(Intent::Play(jack)).unwrap();
    r.apply(Intent::Shoot).unwrap();
    let direction = r.aim_at(jack, Side::Right, block);
    r.flick_shot(
        Side::Right,
        Aim {
            direction,
            strength: 0.8,
            spin: 0.0,
        },
    )
    .unwrap();
    (r, wyatt, jack)
}

#[test]
fn in_a_duel_a_bullet_striking_a_support_block_hits_the_cowboy_seated_on_it() {
    let (r, wyatt, _) = shoot_at_a_seated_cowboy(true);
    let outcome = r.last_outcome.clone().unwrap();
    assert!(
        r.game.log.iter().any(|l| l == "Black Jack hits Wyatt!"),
        "{:?}\n{outcome:?}",
        r.game.log
    );
    assert_eq!(r.game.cowboys[wyatt].hit_points, 2);
    assert!(r.game.cowboys[wyatt].fallen);
    // He lies on his block, still inside: the table shows what the rules say.
    assert_eq!(r.game.cowboys[wyatt].inside, Some(BuildingKind::TownHall));
    assert!(
        highnoon::physics::table::tilt_deg(r.rotation(wyatt)) > 45.0,
        "he lies where he sat"
    );
    assert!(r.block_of(wyatt, BuildingKind::TownHall).is_some());
    assert_eq!(r.disagreements(), Vec::<String>::new());
}

#[test]
fn without_the_duel_rules_a_seated_cowboy_is_safe_from_the_same_bullet() {
    let (r, wyatt, _) = shoot_at_a_seated_cowboy(false);
    assert!(
        r.game.log.iter().any(|l| l == "Black Jack misses."),
        "{:?}",
        r.game.log
    );
    assert_eq!(r.game.cowboys[wyatt].hit_points, 3);
    assert!(!r.game.cowboys[wyatt].fallen);
    assert_eq!(r.disagreements(), Vec::<String>::new());
}

/// The book: "he replaces the cowboy with the movement disc", then flicks
/// it; the move fails only if the disc touches something *during* the
/// movement. A figure's base is narrower than the disc, so a cowboy may
/// stand closer to a barrel or a fence than the disc's radius: the disc is
/// set down beside it (as a person would), and a flick away from it
/// succeeds. Set down on the figure's very spot it overlapped the barrel,
/// and every move failed for ever (a carrier stood four hours by a barrel
/// 20 cm from the Bank, his dynamite in hand); set down half a millimetre
/// from a fence, nearer than the simulation's contact distance, every move
/// "touched" the fence on its first step.
#[test]
fn a_cowboy_standing_against_a_barrel_or_a_fence_can_still_move_away_from_it() {
    let profile = PhysicsProfile::load_default().unwrap();
    let disc = profile.pieces.movement_disc.radius;
    // West of Ol' Cooper, nearer than the disc's radius but clear of his
    // base (0.7 cm): a barrel's centre 2.2 cm away (radius 1.4 cm), a
    // fence's mid-plane 1.2 cm away (0.4 cm thick, its length north-south).
    for (name, offset, facing, clear) in [
        ("Barrel", 0.022, 0.0, profile.pieces.barrel.radius + disc),
        (
            "Fence",
            0.012,
            std::f32::consts::FRAC_PI_2,
            profile.pieces.fence.size.2 / 2.0 + disc,
        ),
    ] {
        let setup = || {
            let mut r = referee("bank_robbery.ron");
            let cooper = cowboy(&r, "Ol' Cooper");
            let piece = first_piece(&r, name);
            let at = r.position(cooper) - Vec2::new(offset, 0.0);
            r.table.place(piece, at, facing);
            r.apply(Intent::Play(cooper)).unwrap();
            r.apply(Intent::Move).unwrap();
            (r, cooper, piece)
        };
        let (mut r, cooper, piece) = setup();
        let from = r.position(cooper);
        let start = r.move_start(cooper);
        let (t, _) = r.table.pose(piece);
        // West of the cowboy, so the gap is along x.
        let apart = (start.x - t.x).abs();
        assert!(
            apart >= clear,
            "{name}: the disc is set down clear of it: {apart} < {clear}"
        );
        let moved_by = Vec2::new(start.x, start.z).distance(from);
        assert!(
            moved_by <= disc,
            "{name}: and as near the cowboy's spot as it fits: {moved_by} away"
        );
        // Away from it, toward the empty east end of the table.
        let report = r
            .flick_move(Aim {
                direction: Vec2::new(1.0, 0.15),
                strength: 0.35,
                spin: 0.0,
            })
            .unwrap();
        assert!(!report.touched && !report.left_table, "{name}: {report:?}");
        assert!(r.position(cooper).distance(from) > 0.05, "{name}: he moved");
        // Into it, the move still fails: the disc touches it while moving.
        let (mut r, cooper, _) = setup();
        let report = r
            .flick_move(Aim {
                direction: Vec2::new(-1.0, 0.0),
                strength: 0.35,
                spin: 0.0,
            })
            .unwrap();
        assert!(report.touched, "{name}: {report:?}");
        assert!(
            r.position(cooper).distance(from) < 1e-4,
            "{name}: he is put back"
        );
    }
}

/// The spot from an arena game (Dynamite, hard against random, seed 8): Black
/// Jack, his stick in hand, stood 1.8 cm from a fence turned 88.35°, and with
/// the disc set down half a millimetre from it (nearer than the distance at
/// which the simulation counts a contact) every flick touched the fence on
/// its first step, in every direction, from 10 o'clock to noon.
#[test]
fn the_disc_is_set_down_beyond_the_simulations_contact_distance() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    let fence = first_piece(&r, "Fence");
    // Where Ol' Cooper stands (the open ground of the east end), the fence
    // as it stood from Black Jack.
    let at = r.position(cooper) + Vec2::new(-0.017851, -0.025328);
    r.table.place(fence, at, 88.35f32.to_radians());
    r.apply(Intent::Play(cooper)).unwrap();
    r.apply(Intent::Move).unwrap();
    let from = r.position(cooper);
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(1.0, 0.0),
            strength: 0.2,
            spin: 0.0,
        })
        .unwrap();
    assert!(!report.touched && !report.left_table, "{report:?}");
    assert!(r.position(cooper).distance(from) > 0.02, "he moved");
}
