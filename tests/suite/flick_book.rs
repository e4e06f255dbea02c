//! Flick 'em Up!'s rule book on sides, facing and placement, sentence by
//! sentence, on the physical table: where the movement disc and the bullets
//! are set down, which side of the cowboy, the two pistols, how the cowboy
//! stands after a move, and going in and out of a building through its
//! support blocks (docs/flick-em-up.md, "Sides, facing and placement").

use bevy::math::{Quat, Vec2, Vec3};
use highnoon::flick::referee::{Aim, Referee, SetDown, Side, direct_hit};
use highnoon::flick::rules::{Intent, Phase};
use highnoon::physics::pieces::{PartKind, PieceId};
use highnoon::physics::table::{Flick, FlickOutcome, Touch, tilt_deg};
use highnoon::scenario::game::Token;
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

fn first_piece(r: &Referee, name: &str) -> PieceId {
    r.table
        .index()
        .pieces
        .iter()
        .find(|p| p.name == name)
        .unwrap()
        .id
}

/// A table point in building `b`'s frame: x along the door (the street's
/// right of it positive), z toward the street.
fn local(r: &Referee, b: BuildingKind, world: Vec3) -> Vec3 {
    let o = r.building_point(b, Vec3::ZERO);
    let x = r.building_point(b, Vec3::X) - o;
    let z = r.building_point(b, Vec3::Z) - o;
    let d = world - o;
    Vec3::new(d.dot(x), d.y, d.dot(z))
}

/// Which way a cowboy's flat front (+z) faces on the table.
fn front(r: &Referee, c: usize) -> Vec2 {
    let f = r.rotation(c) * Vec3::Z;
    Vec2::new(f.x, f.z).normalize()
}

/// The Bank Robbery's test town with its doorway clear: the barrel standing
/// before the Bank's door (the Bank at (0, -30) cm, facing +z) rolled away.
fn bank_clear() -> Referee {
    let mut r = referee("bank_robbery.ron");
    let barrels: Vec<PieceId> = r
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
    r
}

/// Ol' Cooper stood at `at` (the Bank's frame), played, his move begun.
fn cooper_to_move_from(r: &mut Referee, at: Vec3) -> usize {
    let cooper = cowboy(r, "Ol' Cooper");
    let p = r.building_point(BuildingKind::Bank, at);
    r.table
        .stand(r.figures[cooper], Vec3::new(p.x, 0.0, p.z), 0.0);
    r.apply(Intent::Play(cooper)).unwrap();
    r.apply(Intent::Move).unwrap();
    cooper
}

/// The book: "The moved cowboy is placed at the exact space occupied by the
/// movement disc. Once placed, the cowboy may be oriented in whichever
/// direction the player chooses." Turning him costs nothing, moves nothing
/// but him, and is offered right after the move only.
#[test]
fn a_moved_cowboy_may_be_turned_any_way_the_player_chooses() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    r.apply(Intent::Play(cooper)).unwrap();
    let e = r.set_down(SetDown::Facing(1.0)).unwrap_err().to_string();
    assert!(e.contains("right after his move"), "{e}");
    r.apply(Intent::Move).unwrap();
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(1.0, 0.15),
            strength: 0.35,
            spin: 0.0,
        })
        .unwrap();
    assert!(!report.touched && !report.left_table, "{report:?}");
    let at = r.position(cooper);
    let phase = r.game.phase.clone();
    let figure = r.figures[cooper].0 as usize;
    let others = |r: &Referee| {
        let mut poses = r.table.poses();
        poses.remove(figure);
        poses
    };
    let rest = others(&r);
    for facing in [-2.5f32, 0.0, 1.2, 3.0] {
        r.set_down(SetDown::Facing(facing)).unwrap();
        let want = Vec2::new(facing.sin(), facing.cos());
        assert!(
            front(&r, cooper).dot(want) > 0.999,
            "{facing}: front {}",
            front(&r, cooper)
        );
        assert!(
            r.position(cooper).distance(at) < 1e-6,
            "turned where he stands"
        );
        assert!(tilt_deg(r.rotation(cooper)) < 1.0, "standing");
    }
    assert_eq!(others(&r), rest, "nothing else moved");
    assert_eq!(r.game.phase, phase, "turning him costs no action");
    assert_eq!(r.disagreements(), Vec::<String>::new());
    assert!(r.set_down(SetDown::Facing(f32::NAN)).is_err());
    let e = r
        .set_down(SetDown::OnBlock(Side::Left))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not inside"), "{e}");
    // Once anything else is done, he stands as he was left.
    r.apply(Intent::EndTurn).unwrap();
    let e = r.set_down(SetDown::Facing(0.5)).unwrap_err().to_string();
    assert!(e.contains("right after his move"), "{e}");
}

/// The book: "The movement is failed and the action is lost. The moved
/// cowboy is returned to where the movement attempt was initiated, oriented
/// in whichever direction the player chooses." Put back on his very spot,
/// he may be turned; not into a fence standing against him.
#[test]
fn after_a_failed_move_the_cowboy_is_put_back_and_turned_as_the_player_chooses() {
    let mut r = referee("bank_robbery.ron");
    let cooper = cowboy(&r, "Ol' Cooper");
    let fence = first_piece(&r, "Fence");
    // A fence along x, its mid-plane 1.25 cm on Ol' Cooper's +z side: clear
    // of his square base (0.7 cm) facing 0 or a quarter turn, not turned
    // half-way (the base's corner reaches 0.99 cm).
    let at = r.position(cooper);
    r.table
        .stand(r.figures[cooper], Vec3::new(at.x, 0.0, at.y), 0.0);
    r.table.place(fence, at + Vec2::new(0.0, 0.0125), 0.0);
    r.apply(Intent::Play(cooper)).unwrap();
    r.apply(Intent::Move).unwrap();
    // Into the fence: the move fails.
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(0.0, 1.0),
            strength: 0.3,
            spin: 0.0,
        })
        .unwrap();
    assert!(report.touched, "{report:?}");
    assert!(r.position(cooper).distance(at) < 1e-5, "put back");
    assert_eq!(
        r.game.phase,
        Phase::Acting {
            cowboy: cooper,
            actions_left: 1
        }
    );
    let before = r.table.pose_hash();
    let e = r
        .set_down(SetDown::Facing(std::f32::consts::FRAC_PI_4))
        .unwrap_err()
        .to_string();
    assert!(e.contains("would stand in"), "{e}");
    assert_eq!(r.table.pose_hash(), before, "refused: nothing changed");
    let quarter = std::f32::consts::FRAC_PI_2;
    r.set_down(SetDown::Facing(quarter)).unwrap();
    assert!(
        front(&r, cooper).dot(Vec2::X) > 0.999,
        "{}",
        front(&r, cooper)
    );
    assert!(r.position(cooper).distance(at) < 1e-5, "on his spot");
    assert_eq!(r.disagreements(), Vec::<String>::new());
}

/// The book: "Upon successfully entering a building, the player places the
/// cowboy on one of the building's two support blocks": either, the one he
/// chooses, so long as nobody sits there.
#[test]
fn a_cowboy_walking_in_is_seated_on_the_support_block_the_player_chooses() {
    let walk_in = |r: &mut Referee| {
        let cooper = cooper_to_move_from(r, Vec3::new(0.0, 0.0, 0.20));
        let report = r
            .flick_move(Aim {
                direction: Vec2::new(0.0, -1.0),
                strength: 0.6,
                spin: 0.0,
            })
            .unwrap();
        assert_eq!(report.entered, Some(BuildingKind::Bank), "{report:?}");
        assert!(!report.touched, "{report:?}");
        cooper
    };
    let bank = BuildingKind::Bank;
    let mut r = bank_clear();
    let cooper = walk_in(&mut r);
    let phase = r.game.phase.clone();
    for side in [Side::Right, Side::Left, Side::Right] {
        r.set_down(SetDown::OnBlock(side)).unwrap();
        assert_eq!(r.block_of(cooper, bank), Some(side.block()), "{side:?}");
        assert_eq!(r.disagreements(), Vec::<String>::new());
    }
    assert_eq!(r.game.phase, phase, "costs no action");
    let e = r.set_down(SetDown::Facing(0.3)).unwrap_err().to_string();
    assert!(e.contains("facing the street"), "{e}");
    r.apply(Intent::EndTurn).unwrap();
    assert!(r.set_down(SetDown::OnBlock(Side::Left)).is_err());
    // With Dutch inside already, on the block left free for him, Ol'
    // Cooper keeps the other.
    let mut r = bank_clear();
    let dutch = cowboy(&r, "Dutch");
    r.game.cowboys[dutch].inside = Some(bank);
    let cooper = walk_in(&mut r);
    let mine = r.block_of(cooper, bank).expect("seated");
    let his = r.block_of(dutch, bank).expect("seated");
    assert_ne!(mine, his);
    let theirs = if his < 0.0 { Side::Left } else { Side::Right };
    let e = r
        .set_down(SetDown::OnBlock(theirs))
        .unwrap_err()
        .to_string();
    assert!(e.contains("taken"), "{e}");
    assert_eq!(r.block_of(cooper, bank), Some(mine));
}

/// The book: "touching the inside section of a support block with the
/// movement disc is allowed" when entering. A disc sent slanting through the
/// doorway strikes the inner face of the Bank's right block and goes in: the
/// move succeeds.
#[test]
fn entering_the_disc_may_touch_the_inside_of_a_support_block() {
    let mut r = bank_clear();
    let bank = BuildingKind::Bank;
    // From 15 cm out, 4.5 cm left of the door's axis, toward the right
    // block's inner face (its centre would cross 2.4 cm right of the axis,
    // 0.6 cm behind the door line: the disc, 1.6 cm wide, meets the face).
    let cooper = cooper_to_move_from(&mut r, Vec3::new(-0.045, 0.0, 0.15));
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(0.075, -0.17),
            strength: 0.55,
            spin: 0.0,
        })
        .unwrap();
    let outcome = r.last_outcome.clone().unwrap();
    let piece = r.building_piece(bank).unwrap();
    assert!(
        outcome
            .touched
            .iter()
            .any(|t| t.piece == piece && t.part == PartKind::RightBlock),
        "the disc met the right block: {outcome:?}"
    );
    assert_eq!(report.entered, Some(bank), "{report:?} {outcome:?}");
    assert!(!report.touched, "{report:?} {outcome:?}");
    assert_eq!(r.game.cowboys[cooper].inside, Some(bank));
}

/// A movement flick's outcome as the table would report it: the movement
/// disc came to rest at `rest` having touched `touched`.
fn outcome(r: &Referee, rest: Vec3, touched: Vec<Touch>) -> FlickOutcome {
    let (disc, _) = r.discs();
    FlickOutcome {
        flick: Flick::new(disc, Vec2::X, 0.5),
        piece: disc,
        name: "Movement disc".into(),
        touched,
        left_table: false,
        rest_position: rest,
        rest_rotation: Quat::IDENTITY,
        travelled: 0.2,
        knocked_over: vec![],
        moved: vec![],
        steps: 100,
        sim_time: 1.0,
        at_rest: true,
        still_moving: vec![],
    }
}

/// A touch of building `b`'s `part` by a disc whose centre was at `centre`
/// (the building's frame).
fn block_touch(r: &Referee, b: BuildingKind, part: PartKind, centre: Vec3) -> Touch {
    Touch {
        piece: r.building_piece(b).unwrap(),
        name: b.title().into(),
        part,
        time: 0.1,
        at: r.building_point(b, centre),
    }
}

/// The book: entering, only "the inside section of a support block" may be
/// touched; every other touch of "an object, figure, or building support
/// block" fails the move. Judged on the outcomes the table reports: a disc
/// that struck the right block's front or its outer side from the street
/// touched a support block, even if it then went in; one that met it from
/// the doorway did not.
#[test]
fn entering_a_support_block_struck_from_the_street_fails_the_move() {
    let mut r = referee("bank_robbery.ron");
    let bank = BuildingKind::Bank;
    let cooper = cowboy(&r, "Ol' Cooper");
    r.apply(Intent::Play(cooper)).unwrap();
    let start = r.building_point(bank, Vec3::new(0.0, 0.0, 0.20));
    let rest = r.building_point(bank, Vec3::new(0.0, 0.0, -0.05));
    let judge = |r: &Referee, touch: Touch| {
        let report = r.move_report(cooper, start, &outcome(r, rest, vec![touch]));
        assert_eq!(report.entered, Some(bank), "{report:?}");
        report.touched
    };
    let right = PartKind::RightBlock;
    // In the doorway, against the block's inner face.
    assert!(!judge(
        &r,
        block_touch(&r, bank, right, Vec3::new(0.022, 0.004, 0.0))
    ));
    // At the door's front corner, the disc's centre still in the doorway.
    assert!(!judge(
        &r,
        block_touch(&r, bank, right, Vec3::new(0.035, 0.004, 0.028))
    ));
    // In front of the block's front face.
    assert!(judge(
        &r,
        block_touch(&r, bank, right, Vec3::new(0.05, 0.004, 0.031))
    ));
    // Beside its outer side.
    assert!(judge(
        &r,
        block_touch(&r, bank, right, Vec3::new(0.086, 0.004, 0.0))
    ));
    // Another building's block, and a figure, are never allowed.
    let saloon = BuildingKind::Saloon;
    assert!(judge(
        &r,
        block_touch(
            &r,
            saloon,
            PartKind::LeftBlock,
            Vec3::new(-0.022, 0.004, 0.0)
        )
    ));
    let dutch = r.figures[cowboy(&r, "Dutch")];
    assert!(judge(
        &r,
        Touch {
            piece: dutch,
            name: "Dutch".into(),
            part: PartKind::Whole,
            time: 0.1,
            at: r.building_point(bank, Vec3::new(0.0, 0.004, 0.1)),
        }
    ));
    let report = r.move_report(
        cooper,
        start,
        &outcome(
            &r,
            rest,
            vec![block_touch(&r, bank, right, Vec3::new(0.05, 0.004, 0.031))],
        ),
    );
    assert!(r.game.move_fails(cooper, &report).is_some(), "{report:?}");
}

/// The book: "The cowboy succeeds in entering the building when any portion
/// of the movement disc has passed the line which designates that
/// building's door", and "succeeds in exiting the building when the
/// entirety of the movement disc has passed the line": the disc's rim, or
/// its whole, a millimetre either side; and going out, "touching a support
/// block with the movement disc is also allowed, however all other movement
/// rules apply (e.g., touching objects or figures)".
#[test]
fn in_is_any_part_of_the_disc_past_the_door_line_out_is_all_of_it() {
    let mut r = referee("bank_robbery.ron");
    let bank = BuildingKind::Bank;
    let radius = r.table.profile().pieces.movement_disc.radius;
    let cooper = cowboy(&r, "Ol' Cooper");
    // On the door's axis, `z` out from the door line.
    let [start, rim, whole_disc, out, by] = [0.20, radius - 0.001, radius + 0.001, 0.10, 0.05]
        .map(|z| r.building_point(bank, Vec3::new(0.0, 0.0, z)));
    let went_to = |r: &Referee, start: Vec3, rest: Vec3, touched: Vec<Touch>| {
        r.move_report(cooper, start, &outcome(r, rest, touched))
    };
    let rim_past = went_to(&r, start, rim, vec![]);
    assert_eq!(rim_past.entered, Some(bank), "{rim_past:?}");
    let short = went_to(&r, start, whole_disc, vec![]);
    assert_eq!(short.entered, None, "{short:?}");
    assert!(!short.touched, "a plain move up to the door");
    // Going out: from behind the building.
    r.game.cowboys[cooper].inside = Some(bank);
    let behind = r.exit_start(bank);
    let whole = went_to(&r, behind, whole_disc, vec![]);
    assert!(whole.exited && !whole.touched, "{whole:?}");
    let rim_only = went_to(&r, behind, rim, vec![]);
    assert!(!rim_only.exited, "{rim_only:?}");
    assert!(r.game.move_fails(cooper, &rim_only).is_some());
    // Any part of its own blocks may be touched going out, its outer side too.
    let outer = block_touch(&r, bank, PartKind::RightBlock, Vec3::new(0.086, 0.004, 0.0));
    let grazed = went_to(&r, behind, out, vec![outer]);
    assert!(grazed.exited && !grazed.touched, "{grazed:?}");
    // But not a figure.
    let dutch = r.figures[cowboy(&r, "Dutch")];
    let figure = Touch {
        piece: dutch,
        name: "Dutch".into(),
        part: PartKind::Whole,
        time: 0.1,
        at: by,
    };
    let bumped = went_to(&r, behind, out, vec![figure]);
    assert!(bumped.touched, "{bumped:?}");
}

/// The book: "attempt to flick the movement disc between the two support
/// blocks of the building he wishes to enter". A disc sliding past the
/// Bank's right block, under the overhang of its facade, crosses the line of
/// its door but not between the blocks: a plain move, no entry.
#[test]
fn a_disc_passing_beside_the_support_blocks_does_not_enter() {
    let mut r = bank_clear();
    let bank = BuildingKind::Bank;
    let cooper = cooper_to_move_from(&mut r, Vec3::new(0.11, 0.0, 0.12));
    let report = r
        .flick_move(Aim {
            direction: Vec2::new(0.0, -1.0),
            strength: 0.45,
            spin: 0.0,
        })
        .unwrap();
    assert!(
        !report.touched && !report.left_table,
        "{report:?} {:?}",
        r.last_outcome
    );
    assert_eq!(report.entered, None, "{report:?}");
    assert_eq!(r.game.cowboys[cooper].inside, None);
    let there = r.position(cooper);
    let l = local(&r, bank, Vec3::new(there.x, 0.0, there.y));
    assert!(
        l.z < 0.0,
        "he walked past the door line, beside the blocks: {l}"
    );
}

/// The book: "To exit a building, the player chooses a move action, places
/// the movement disc behind the building and attempts to flick it through
/// the support blocks": a seated cowboy's disc is set down behind his
/// building's blocks, clear of them, on the door's axis.
#[test]
fn the_disc_of_a_cowboy_inside_is_set_down_behind_his_building() {
    let r = referee("defend_the_town_hall.ron");
    let hall = BuildingKind::TownHall;
    let wyatt = cowboy(&r, "Wyatt");
    assert_eq!(r.game.cowboys[wyatt].inside, Some(hall));
    let profile = r.table.profile();
    let behind =
        -(profile.pieces.building.block_size.2 / 2.0 + profile.pieces.movement_disc.radius);
    let start = local(&r, hall, r.move_start(wyatt));
    assert!(start.x.abs() < 1e-4, "on the door's axis: {start}");
    assert!(
        start.z < behind,
        "behind the blocks, clear of them: {start}"
    );
}

/// The book: "he places a bullet (gray disc) to the left or right of his
/// cowboy, at the distance of one bullet (gray disc)": in the open, one
/// bullet's width between his base and the bullet, square to the line of
/// the shot, on the side the player picks (our reading of "left or right":
/// as the cowboy faces his shot).
#[test]
fn a_bullet_is_set_down_one_bullet_from_the_cowboy_on_the_side_picked() {
    let r = referee("final_showdown.ron");
    let wyatt = cowboy(&r, "Wyatt");
    let profile = r.table.profile();
    let bullet = profile.pieces.bullet.radius;
    let base = profile.pieces.figure.base_radius;
    let at = r.position(wyatt);
    for direction in [Vec2::X, Vec2::new(-0.6, 0.8)] {
        let d = direction.normalize();
        let right = Vec2::new(-d.y, d.x);
        for (side, sign) in [(Side::Right, 1.0), (Side::Left, -1.0)] {
            let start = r.shot_start(wyatt, side, direction, bullet);
            let off = start - at;
            let gap = off.length() - base - bullet;
            assert!(
                (gap - 2.0 * bullet).abs() < 1e-4,
                "{side:?} of {direction}: {gap} between base and bullet"
            );
            assert!(off.dot(d).abs() < 1e-4, "{side:?}: square to the shot");
            assert!(off.dot(right) * sign > 0.0, "{side:?}: on that side");
        }
    }
}

/// The book, shooting from inside a building: "the player places the bullet
/// behind the building and aims it at the door (between the 2 support
/// blocks)". Flicked back into the town behind the Town Hall, the bullet
/// knocks Black Jack over and hits nobody; flicked out of the door, it hits
/// him.
#[test]
fn from_inside_the_bullet_starts_behind_and_hits_only_out_through_the_door() {
    let hall = BuildingKind::TownHall;
    let shot_from_inside = |z: f32| {
        let mut r = referee("defend_the_town_hall.ron");
        let wyatt = cowboy(&r, "Wyatt");
        let jack = cowboy(&r, "Black Jack");
        let p = r.building_point(hall, Vec3::new(0.0, 0.0, z));
        r.table
            .stand(r.figures[jack], Vec3::new(p.x, 0.0, p.z), 0.0);
        r.game.phase = Phase::Acting {
            cowboy: wyatt,
            actions_left: 2,
        };
        r.apply(Intent::Shoot).unwrap();
        let radius = r.table.profile().pieces.bullet.radius;
        let target = r.position(jack);
        let start = r.shot_start(wyatt, Side::Right, target - r.position(wyatt), radius);
        let l = local(&r, hall, Vec3::new(start.x, 0.0, start.y));
        let bz = r.table.profile().pieces.building.block_size.2;
        assert!(l.z < -bz / 2.0 - radius && l.x.abs() < 1e-4, "behind: {l}");
        let direction = target - start;
        let report = r
            .flick_shot(
                Side::Right,
                Aim {
                    direction,
                    strength: 0.8,
                    spin: 0.0,
                },
            )
            .unwrap();
        let outcome = r.last_outcome.clone().unwrap();
        assert_eq!(
            direct_hit(&outcome, outcome.piece),
            Some(r.figures[jack]),
            "the bullet knocked him over first: {outcome:?}"
        );
        (r, jack, report.knocked_first)
    };
    // Behind the hall, 8 cm back from the door line: not out of the door.
    let (r, jack, hit) = shot_from_inside(-0.08);
    assert_eq!(hit, None);
    assert_eq!(r.game.cowboys[jack].hit_points, 3);
    assert!(
        r.game
            .log
            .iter()
            .any(|l| l.contains("not aimed out through")),
        "{:?}",
        r.game.log
    );
    assert_eq!(r.disagreements(), Vec::<String>::new());
    // In the street, 15 cm before the door.
    let (r, jack, hit) = shot_from_inside(0.15);
    assert_eq!(hit, Some(jack));
    assert_eq!(r.game.cowboys[jack].hit_points, 2);
}

/// The book: "If a cowboy has 2 or more pistols, he may shoot 2 bullets with
/// one action": the second bullet, set down on his other side, may be left
/// unshot, by a flick of no strength: nothing on the table moves, and the
/// shot is still one action.
#[test]
fn the_second_pistols_bullet_may_be_left_unshot() {
    let mut r = referee("final_showdown.ron");
    let wyatt = cowboy(&r, "Wyatt");
    r.game.cowboys[wyatt].tokens.push(Token::Colt);
    r.apply(Intent::Play(wyatt)).unwrap();
    r.apply(Intent::Shoot).unwrap();
    r.flick_shot(
        Side::Right,
        Aim {
            direction: Vec2::new(0.0, -1.0),
            strength: 0.2,
            spin: 0.0,
        },
    )
    .unwrap();
    let figures = |r: &Referee| {
        r.figures
            .iter()
            .map(|f| r.table.pose(*f))
            .collect::<Vec<_>>()
    };
    let before = figures(&r);
    let report = r
        .flick_shot(
            Side::Left,
            Aim {
                direction: Vec2::new(0.0, -1.0),
                strength: 0.0,
                spin: 0.0,
            },
        )
        .unwrap();
    assert_eq!(report.knocked_first, None);
    let outcome = r.last_outcome.clone().unwrap();
    assert!(
        outcome.touched.is_empty() && outcome.moved.is_empty(),
        "{outcome:?}"
    );
    assert_eq!(figures(&r), before, "no figure moved");
    assert_eq!(
        r.game.phase,
        Phase::Acting {
            cowboy: wyatt,
            actions_left: 1
        }
    );
}
