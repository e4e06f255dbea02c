//! `cargo bench --bench physics`: criterion benches a tuner can trust (warm-up,
//! many samples, medians and confidence intervals, comparison with the last
//! run): a physics step of the standard town in motion, a flick run to rest, a
//! scenario load, the town editor's move-and-check, a die rolled in its tray, a Gunfighter card tossed to rest,
//! random playouts of the card games' rules, and a hint at each card table
//! (the hard bot's choice for the person's seat, mid-game).

use std::hint::black_box;

use bevy::math::Vec2;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Turn, random_playout};
use highnoon::cards::hint::{choices, hint, hint_seed};
use highnoon::cards::{CardGame, TableGame};
use highnoon::editor::{Edit, EditTown};
use highnoon::physics::Table;
use highnoon::physics::card_toss::TossRange;
use highnoon::physics::dice::DiceTray;
use highnoon::physics::table::Flick;
use highnoon::scenario::town::{PieceList, PieceRef};
use highnoon::scenario::{PhysicsProfile, Town, default_town_path};

fn town() -> (PhysicsProfile, Town) {
    let profile = PhysicsProfile::load_default().expect("profile");
    let town = Town::load(&default_town_path(), &profile).expect("town");
    (profile, town)
}

/// The movement disc flicked at full strength across the town.
fn flick(table: &Table) -> Flick {
    let (disc, _) = table.discs().next().expect("a disc");
    Flick::new(disc, Vec2::new(1.0, 0.2), 1.0)
}

fn physics(c: &mut Criterion) {
    let (profile, town) = town();
    let table = Table::new(profile.clone(), &town);
    let f = flick(&table);
    c.bench_function("physics step, a flick under way", |b| {
        let mut moving = table.clone();
        moving.begin(f).expect("flick");
        for _ in 0..5 {
            moving.step();
        }
        b.iter_batched_ref(|| moving.clone(), |t| t.step(), BatchSize::SmallInput)
    });
    c.bench_function("flick to rest", |b| {
        b.iter_batched_ref(
            || table.clone(),
            |t| black_box(t.flick_to_rest(f).expect("flick")),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("scenario load (standard town)", |b| {
        b.iter(|| black_box(Town::load(&default_town_path(), &profile).expect("town")))
    });
    // The editor while a piece is dragged: each move is an edit of the
    // file's text, the town read back from it, and every check run again.
    let edited = EditTown::open(&default_town_path()).expect("the standard town");
    c.bench_function("editor: a piece moved and the town checked", |b| {
        let mut x = 0.0f32;
        b.iter_batched_ref(
            || edited.clone(),
            |t| {
                x = (x + 1.0) % 20.0;
                t.apply(&Edit::Move {
                    piece: PieceRef {
                        list: PieceList::Props,
                        index: 0,
                    },
                    to_cm: (-22.0 + x, -14.0),
                })
                .expect("a move");
                black_box(t.problems(&profile))
            },
            BatchSize::SmallInput,
        )
    });
    let tray = DiceTray::new(&profile.dice, profile.gravity);
    c.bench_function("die rolled to rest", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter_batched_ref(
            || tray.clone(),
            |t| black_box(t.roll(Vec2::NEG_Y, &mut rng, false)),
            BatchSize::SmallInput,
        )
    });
    let range = TossRange::new(&profile.cards, profile.gravity);
    let aimed = range.aimed(0.4);
    c.bench_function("card tossed to rest", |b| {
        b.iter_batched_ref(
            || range.clone(),
            |r| black_box(r.toss(&aimed, None)),
            BatchSize::SmallInput,
        )
    });
}

fn playouts(c: &mut Criterion) {
    for game in CardGame::ALL {
        struct Bench<'a>(&'a mut Criterion);
        impl highnoon::cards::registry::GameVisitor for Bench<'_> {
            type Output = ();
            fn visit<G: TableGame>(self, game: CardGame) {
                let setup = G::load_setup(&game.default_setup(), None).expect("setup");
                let mut seed = 0u64;
                self.0
                    .bench_function(&format!("{} random playout", G::TITLE), |b| {
                        b.iter(|| {
                            seed += 1;
                            let mut g = G::new_game(setup.rules.clone());
                            let mut rng = ChaCha8Rng::seed_from_u64(seed);
                            black_box(random_playout(&mut g, &mut rng, 1_000_000))
                        })
                    });
            }
        }
        game.dispatch(Bench(c));
    }
}

/// A game of `G` at least `actions` random actions in, at a decision of
/// seat 0 (the person's seat at the window).
fn mid_game<G: TableGame>(rules: &G::Rules, actions: usize) -> G {
    for seed in 0u64.. {
        let mut g = G::new_game(rules.clone());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for n in 0.. {
            if n >= actions && !choices(&g, 0).is_empty() {
                return g;
            }
            let action = match g.turn() {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut rng),
                Turn::Player(_) => {
                    let legal = g.legal_actions();
                    legal[rng.random_range(0..legal.len())].clone()
                }
            };
            g.apply(action).expect("a legal action");
        }
    }
    unreachable!("a game with a decision of seat 0")
}

/// The card table's hint (target: a median of 100 ms or less), in a
/// mid-game state of each game.
fn hints(c: &mut Criterion) {
    for game in CardGame::ALL {
        struct Bench<'a>(&'a mut Criterion);
        impl highnoon::cards::registry::GameVisitor for Bench<'_> {
            type Output = ();
            fn visit<G: TableGame>(self, game: CardGame) {
                let setup = G::load_setup(&game.default_setup(), None).expect("setup");
                let g: G = mid_game(&setup.rules, 120);
                let mut n = 0usize;
                self.0
                    .bench_function(&format!("{} hint, mid-game", G::TITLE), |b| {
                        b.iter(|| {
                            n += 1;
                            black_box(hint(&g, 0, hint_seed(n)))
                        })
                    });
            }
        }
        game.dispatch(Bench(c));
    }
}

criterion_group!(benches, physics, playouts, hints);
criterion_main!(benches);
