//! The card table with the window's own plugins (no window, no display):
//! what it spawns and what the mouse's arrangements lay.

use bevy::prelude::*;
use highnoon::cards::core::{Game, Turn};
use highnoon::cards::seating::SeatKind;
use highnoon::cards::table_game::load_game;
use highnoon::cards::{CardGame, slapshot, tabletown};
use highnoon::tables::cards::session::CardTable;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::card_table::{app, dice};

#[test]
fn leaving_a_card_table_despawns_everything_it_spawned() {
    use highnoon::tables::cards::keep::CardRequest;
    use highnoon::window::Screen;
    use highnoon::window::card_table::{dice::DieSprite, scene::CardSprite};
    let mut app = crate::common::window::card_table_app();
    for game in CardGame::ALL {
        app.insert_resource(CardRequest {
            game,
            setup: game.default_setup(),
            actions: 30,
            saved: None,
        });
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Cards(game));
        for _ in 0..5 {
            app.update();
        }
        let cards = app
            .world_mut()
            .query::<&CardSprite>()
            .iter(app.world())
            .count();
        assert!(cards > 20, "{game}: {cards} cards on the table");
        let dice = app
            .world_mut()
            .query::<&DieSprite>()
            .iter(app.world())
            .count();
        assert_eq!(
            dice,
            usize::from(game == CardGame::Tabletown),
            "{game}: dice"
        );
        let scoped = |app: &mut App| {
            app.world_mut()
                .query::<&DespawnOnExit<Screen>>()
                .iter(app.world())
                .count()
        };
        let on_table = scoped(&mut app);
        assert!(
            on_table > 20,
            "{game}: the table's entities are scoped to it"
        );
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        app.update();
        let left = app
            .world_mut()
            .query::<&CardSprite>()
            .iter(app.world())
            .count();
        assert_eq!(left, 0, "{game}: cards left after leaving");
        let dice = app
            .world_mut()
            .query::<&DieSprite>()
            .iter(app.world())
            .count();
        assert_eq!(dice, 0);
        assert_eq!(
            scoped(&mut app),
            0,
            "{game}: everything the table spawned went"
        );
        let gone = match game {
            CardGame::Slapshot => !app
                .world()
                .contains_resource::<CardTable<slapshot::Slapshot>>(),
            CardGame::Tabletown => !app
                .world()
                .contains_resource::<CardTable<tabletown::Tabletown>>(),
            CardGame::Slap45 => !app
                .world()
                .contains_resource::<CardTable<highnoon::cards::slap45::Slap45>>(),
            CardGame::Gunfighter => !app
                .world()
                .contains_resource::<CardTable<highnoon::cards::gunfighter::Gunfighter>>(),
        };
        assert!(gone, "{game}: the game's state went with the table");
    }
}

#[test]
fn a_line_up_arranged_in_the_slots_is_laid_in_slot_order() {
    use highnoon::tables::FrameSystems;
    use highnoon::window::card_table::input::{SlotPlan, lay_planned_cards};
    // A two-manager game played at random until seat 0 must lay a line-up.
    let mut found = None;
    for seed in 0..50 {
        let mut g: slapshot::Slapshot =
            load_game(&CardGame::Slapshot.default_setup(), Some(2)).expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            if matches!(g.phase, slapshot::Phase::Lineup(_)) && g.turn() == Turn::Player(0) {
                found = Some(g);
                break;
            }
            let a = match g.turn() {
                Turn::Chance => g.sample_chance(&mut rng),
                _ => {
                    let legal = g.legal_actions();
                    legal[rng.random_range(0..legal.len())].clone()
                }
            };
            g.apply(a).expect("legal");
        }
        if found.is_some() {
            break;
        }
    }
    let g = found.expect("a line-up for seat 0");
    let side = match &g.phase {
        slapshot::Phase::Lineup(m) => usize::from(m.home == 0),
        _ => unreachable!(),
    };
    // Seat 0 arranges its six in the reverse of its team's order.
    let order: Vec<u8> = g.teams[0].iter().rev().copied().collect();
    let mut table = CardTable::new(g, vec![SeatKind::You, SeatKind::You], 1, dice());
    table.auto_chance = false;
    let mut app = app(table);
    app.init_resource::<SlotPlan<slapshot::Slapshot>>()
        .add_systems(
            Update,
            lay_planned_cards::<slapshot::Slapshot>.in_set(FrameSystems::Input),
        );
    {
        let mut plan = app
            .world_mut()
            .resource_mut::<SlotPlan<slapshot::Slapshot>>();
        plan.slots = order
            .iter()
            .map(|&c| Some((c as u32, slapshot::Action::Line(c))))
            .collect();
        assert!(plan.is_full());
        plan.lay();
    }
    for _ in 0..10 {
        app.update();
    }
    let t = app.world().resource::<CardTable<slapshot::Slapshot>>();
    assert_eq!(t.refused, None);
    let laid: Vec<u8> = t
        .history
        .iter()
        .filter_map(|(s, a)| match (s, a) {
            (Some(0), slapshot::Action::Line(c)) => Some(*c),
            _ => None,
        })
        .collect();
    assert_eq!(laid, order, "laid in slot order");
    // Either the line-up waits for the other side, or the game was played
    // with it (a regulation game turns over all six pairs).
    match &t.game.phase {
        slapshot::Phase::Lineup(m) if !m.lines[side].is_empty() => {
            assert_eq!(m.lines[side], order)
        }
        _ => {
            let r = t.game.last_game.as_ref().expect("the game was played");
            let mine: Vec<u8> = r
                .pairs
                .iter()
                .map(|p| if side == 0 { p.0 } else { p.1 })
                .collect();
            assert_eq!(r.overtime, 0);
            assert_eq!(mine, order);
        }
    }
}
