//! The words on the card table never lie over a card (issue 54, item 5),
//! drawn offscreen at 800×500: Slap .45 played on by its bots until a wave
//! runs under a long verdict; every label painted (the verdict folded small
//! while the wave runs) lies clear of every card's screen rectangle, as the
//! dock's panels do of the table (bare_table_in_the_window.rs); and between
//! waves the big verdict, laid by the scene across the middle cards, is
//! moved beside them.

use std::time::{Duration, Instant};

use bevy_egui::egui;
use highnoon::cards::CardGame;
use highnoon::cards::slap45::Slap45;
use highnoon::scenario::PhysicsProfile;
use highnoon::tables::cards::session::CardTable;
use highnoon::window::Start;
use highnoon::window::card_table::labels::TableLabels;
use highnoon::window::card_table::now::SceneNow;
use highnoon::window::render_bench::Offscreen;

/// The long verdict the scene lays across the table, if any (a sentence).
fn long_verdict(app: &Offscreen) -> Option<String> {
    app.world()
        .resource::<SceneNow<Slap45>>()
        .scene
        .labels
        .iter()
        .find(|l| l.big && l.text.chars().count() > 28)
        .map(|l| l.text.clone())
}

fn wave_runs(app: &Offscreen) -> bool {
    app.world()
        .get_resource::<CardTable<Slap45>>()
        .is_some_and(|t| t.wave.is_some())
}

/// Every label painted lies clear of every card; returns how many were checked.
fn check_clear(app: &Offscreen, what: &str) -> usize {
    let painted = app.world().resource::<TableLabels>();
    assert!(!painted.cards.is_empty(), "{what}: cards on the table");
    for (text, _, rect) in &painted.labels {
        if let Some(card) = painted.cards.iter().find(|c| c.intersects(*rect)) {
            panic!("{what}: the label {text:?} at {rect:?} lies over the card at {card:?}");
        }
    }
    painted.labels.len()
}

fn painted(app: &Offscreen, text: &str) -> Option<(bool, egui::Rect)> {
    app.world()
        .resource::<TableLabels>()
        .labels
        .iter()
        .find(|(t, ..)| t == text)
        .map(|(_, big, r)| (*big, *r))
}

#[test]
fn no_word_on_the_slap45_table_covers_a_card_mid_wave_or_between() {
    let profile = PhysicsProfile::load_default().expect("profile");
    let options = highnoon::window::WindowOptions {
        start: Start::Cards {
            game: CardGame::Slap45,
            setup: CardGame::Slap45.default_setup(),
            actions: 40,
        },
        ..crate::common::window::bank_robbery_window([None, None])
    };
    let mut app = Offscreen::new(profile, &options, (800, 500), 0);
    let started = Instant::now();
    let (mut mid_wave, mut between) = (0, 0);
    while (mid_wave < 2 || between < 2) && started.elapsed() < Duration::from_secs(240) {
        app.frame().expect("a frame");
        let Some(verdict) = long_verdict(&app) else {
            continue;
        };
        let Some((big, rect)) = painted(&app, &verdict) else {
            continue;
        };
        let checked = check_clear(&app, &format!("under {verdict:?}"));
        assert!(checked > 0);
        if wave_runs(&app) {
            assert!(
                !big,
                "the verdict {verdict:?} is folded small while a wave runs"
            );
            if mid_wave == 0
                && let Ok(dir) = std::env::var("HIGHNOON_SHOTS")
            {
                app.save_frame(std::path::Path::new(&dir).join("slap45-mid-wave.png"))
                    .expect("saved");
            }
            mid_wave += 1;
        } else {
            assert!(big, "the verdict {verdict:?} is big between waves");
            between += 1;
        }
        let _ = rect;
    }
    assert!(
        mid_wave >= 2 && between >= 2,
        "frames checked with a long verdict: {mid_wave} mid-wave, {between} between waves"
    );
}
