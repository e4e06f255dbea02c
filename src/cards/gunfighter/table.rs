//! The Gunfighter on the card table: each gunfighter's play mat with its hole
//! in front of his seat, his bandolier of six face-down cards nearer the
//! edge, his deck and discard either side of the mat, his pocket and covert
//! cards, his health chips; the cards in each hole stacked face up (the
//! window lays each where it came to rest on Rapier), and after a showdown
//! each mat's stack turned over and read card by card.

use glam::Vec3;

use super::rules::{Action, Fighter, Gunfighter, Phase};
use super::setup::{Before, CardId, Effect, Play, Rules};
use crate::cards::core::{Game, Seat};
use crate::cards::seating::SeatKind;
use crate::cards::table_layout::{row, seat_angle_for, seat_centre, seat_right, seat_yaw, stacked};
use crate::cards::view::{
    Art, BackSpec, CardKey, CardStyle, CardView, FaceSpec, Label, MatSpot, Placed, Spot,
    TableScene, Token, seat_rgb,
};

/// How far in from the table's edge each seat's mat, bandolier and name lie.
const MAT_INSET: f32 = 0.31;
const BANDOLIER_INSET: f32 = 0.115;
const NAME_INSET: f32 = 0.02;
/// Health chips' keys.
const CHIP_KEY: u32 = 10_000;
const PAPER: [u8; 4] = [240, 232, 212, 255];

/// A character's colour by its name in the setup ("Black", "Orange", ...).
fn colour(name: &str) -> [u8; 4] {
    match name.to_ascii_lowercase().as_str() {
        "black" => [45, 45, 50, 255],
        "orange" => [214, 110, 30, 255],
        "red" => [170, 35, 30, 255],
        "yellow" => [205, 170, 40, 255],
        "blue" => [40, 80, 170, 255],
        "white" => [150, 150, 140, 255],
        "green" => [40, 120, 60, 255],
        _ => [110, 90, 70, 255],
    }
}

/// Words broken into lines of at most `width` characters, at most `most` lines.
fn wrap(text: &str, width: usize, most: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.len() + 1 + word.len() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.truncate(most);
    lines
}

/// One face per distinct card (name and deck), and each card id's face.
pub fn face_table(rules: &Rules) -> (Vec<FaceSpec>, Vec<usize>) {
    let mut faces: Vec<FaceSpec> = Vec::new();
    let mut keys: Vec<(String, Option<usize>)> = Vec::new();
    let mut of_card = Vec::with_capacity(rules.cards.len());
    for card in &rules.cards {
        let key = (card.name.clone(), card.character);
        if let Some(k) = keys.iter().position(|k| *k == key) {
            of_card.push(k);
            continue;
        }
        let (subtitle, band) = match card.character {
            Some(c) => (
                rules.characters[c].name.clone(),
                colour(&rules.characters[c].colour),
            ),
            None => ("Covert".to_string(), colour("green")),
        };
        // The number (or the arrow that says which card below or above)
        // beside the picture of what the card does.
        let (big, icons, art) = match card.play {
            Play::Toss(Effect::Damage(n)) => (format!("{n}"), "", vec![Art::Revolver]),
            Play::Toss(Effect::Heal(n)) => (format!("+{n}"), "", vec![Art::Heart]),
            Play::Toss(Effect::NegateBelow) => ("⬇".to_string(), "", vec![Art::Shield]),
            Play::Toss(Effect::NegateAbove) => ("⬆".to_string(), "", vec![Art::Shield]),
            Play::Toss(Effect::Ricochet) => ("↩".to_string(), "", vec![Art::Bullet]),
            Play::Toss(Effect::Double) => ("×2".to_string(), "", vec![Art::Bullet]),
            Play::Toss(Effect::Pickpocket) => (String::new(), "", vec![Art::Hand]),
            Play::Before(Before::Armor(n)) => (format!("{n}"), "", vec![Art::Shield]),
            Play::Before(Before::Heal(n)) => (format!("+{n}"), "", vec![Art::Heart]),
            Play::Before(Before::Quickdraw(_)) => (String::new(), "", vec![Art::Stopwatch]),
            Play::Before(Before::Jam(_)) => (String::new(), "", vec![Art::Jam]),
            Play::Before(Before::Steal) => (String::new(), "", vec![Art::Hand]),
            Play::Before(Before::Draw(n)) => (format!("+{n}"), "🂠", Vec::new()),
        };
        let icons = icons.to_string();
        keys.push(key);
        of_card.push(faces.len());
        faces.push(FaceSpec {
            title: card.name.clone(),
            subtitle,
            big,
            icons,
            lines: wrap(&card.text, 20, 4),
            band,
            paper: PAPER,
            art,
        });
    }
    (faces, of_card)
}

/// Where seat `seat`'s things lie, seen from `viewer`'s chair.
struct Place {
    angle: f32,
    mat: Vec3,
    right: Vec3,
    /// From the seat's edge toward the middle.
    inward: Vec3,
    yaw: f32,
}

impl Place {
    fn of(seat: Seat, n: usize, viewer: Option<Seat>) -> Place {
        let angle = seat_angle_for(seat, n, viewer);
        let mat = seat_centre(angle, MAT_INSET);
        let edge = seat_centre(angle, 0.0);
        Place {
            angle,
            mat,
            right: seat_right(angle),
            inward: (mat - edge).normalize_or_zero(),
            yaw: seat_yaw(angle),
        }
    }

    fn spot(&self, at: Vec3, i: usize, face_up: bool) -> Spot {
        stacked(at, self.yaw, i, face_up)
    }
}

impl Gunfighter {
    /// Whether `viewer` may see `seat`'s private cards (its own, or a spectator's view at the end).
    fn sees(&self, viewer: Option<Seat>, seat: Seat) -> bool {
        viewer == Some(seat) || (viewer.is_none() && self.phase == Phase::Over)
    }

    /// The cards read so far of the last showdown's stacks, in reading order
    /// (each mat from the top down): (owner, index in its stack).
    fn reading_order(&self) -> Vec<(Seat, usize)> {
        self.last_reading
            .iter()
            .flat_map(|m| (0..m.stack.len()).rev().map(move |i| (m.owner, i)))
            .collect()
    }

    /// What the `i`th card of `owner`'s read stack did, in a few words.
    fn reading_words(&self, owner: Seat, i: usize) -> String {
        let Some(m) = self.last_reading.iter().find(|m| m.owner == owner) else {
            return String::new();
        };
        let l = m.stack[i];
        let r = m.readings[i];
        let name = self.card_name(l.card);
        let from = self.fighters.get(l.thrower).map_or(String::new(), |f| {
            format!(" ({})", self.rules.characters[f.character].name)
        });
        let (below, above) = (i > 0, i + 1 < m.stack.len());
        let did = match (r.negated_by, r.ricochet_by, self.rules.card(l.card).play) {
            (Some(k), _, _) => format!("negated by {}", self.card_name(m.stack[k].card)),
            (None, Some(_), Play::Toss(Effect::Damage(n))) => {
                format!("ricochets: {} back at its thrower", n * r.times.max(1))
            }
            (None, _, Play::Toss(Effect::Damage(n))) => format!("{} damage", n * r.times.max(1)),
            (None, _, Play::Toss(Effect::Heal(n))) => format!("heals {}", n * r.times.max(1)),
            (None, _, Play::Toss(Effect::NegateBelow)) if below => "negates the card below".into(),
            (None, _, Play::Toss(Effect::NegateAbove)) if above => "negates the card above".into(),
            (None, _, Play::Toss(Effect::NegateBelow | Effect::NegateAbove)) => {
                "nothing there to negate".into()
            }
            (None, _, Play::Toss(Effect::Double)) if below => "the card below acts twice".into(),
            (None, _, Play::Toss(Effect::Ricochet)) if above => "turns the card above back".into(),
            (None, _, Play::Toss(Effect::Double | Effect::Ricochet)) => "nothing to act on".into(),
            (None, _, Play::Toss(Effect::Pickpocket)) => "picks a covert card".into(),
            (None, _, Play::Before(_)) => "does nothing in a hole".into(),
        };
        format!("{name}{from}: {did}")
    }
}

impl CardView for Gunfighter {
    const STAGE_SECONDS: f32 = 1.1;

    fn faces(&self) -> Vec<FaceSpec> {
        face_table(&self.rules).0
    }

    fn back() -> BackSpec {
        BackSpec {
            word: "GUNFIGHTER".into(),
            colour: [92, 40, 30, 255],
            ink: [225, 190, 120, 255],
            style: CardStyle::Ticket,
        }
    }

    fn mats(&self, viewer: Option<Seat>) -> Vec<MatSpot> {
        let n = self.rules.players;
        (0..n)
            .map(|seat| {
                let p = Place::of(seat, n, viewer);
                MatSpot {
                    seat,
                    centre: p.mat,
                    yaw: p.yaw,
                    hand: seat_centre(p.angle, 0.06) + Vec3::Y * 0.25,
                    alive: self.fighters.get(seat).is_none_or(|f| f.alive),
                }
            })
            .collect()
    }

    fn scene(
        &self,
        viewer: Option<Seat>,
        seats: &[SeatKind],
        staged: Option<usize>,
    ) -> TableScene<Action> {
        let mut scene = TableScene::default();
        let v = Viewing {
            game: self,
            viewer,
            face_of: face_table(&self.rules).1,
            // Your decisions as clicks on cards: tosses in the showdown, cards
            // played before it.
            legal: crate::cards::view::viewer_turn(self, viewer).1,
        };
        // While a reading is on show, the read stacks lie back on their mats.
        let order = self.reading_order();
        let reading = staged.filter(|_| !order.is_empty());
        let on_show: Vec<CardKey> = match reading {
            Some(_) => self
                .last_reading
                .iter()
                .flat_map(|m| m.stack.iter().map(|l| CardKey::from(l.card)))
                .collect(),
            None => Vec::new(),
        };
        for (seat, f) in self.fighters.iter().enumerate() {
            v.fighter_area(seat, f, seats, &on_show, &mut scene);
        }
        v.tosses(&mut scene);
        if let Some(shown) = reading {
            v.read_stacks(&order, shown, &mut scene);
        }
        scene
    }

    fn stage_steps(&self, before: &Self) -> usize {
        if self.showdowns > before.showdowns {
            self.reading_order().len() + usize::from(!self.last_reading.is_empty())
        } else {
            0
        }
    }

    fn status(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut lines = vec![format!(
            "Showdown {} of at most {}",
            self.showdowns + 1,
            self.rules.showdown_limit
        )];
        lines.push(match (&self.phase, self.turn()) {
            (Phase::Deal, _) => "The characters and decks are dealt".into(),
            (Phase::Reshuffle, _) => "The decks are reshuffled".into(),
            (Phase::Exchange { seat }, _) if Some(*seat) == viewer => {
                "Arrange your bandolier (a click moves a card one place right) and swap drawn cards with your pocket, then keep it: remember the order, it is face down in the showdown".into()
            }
            (Phase::Exchange { seat }, _) => {
                format!("{} arranges the bandolier", self.name_of(*seat))
            }
            (Phase::Prepare { seat }, _) if Some(*seat) == viewer => {
                "Play one covert card and any \"before a showdown\" cards, then get ready".into()
            }
            (Phase::Prepare { seat }, _) => format!("{} prepares", self.name_of(*seat)),
            (Phase::Showdown, crate::cards::core::Turn::Chance) => "A card is in the air".into(),
            (Phase::Showdown, _) => {
                "Click a face-down bandolier card to pick it up, then drag back from your side and let go to toss it at a mat".into()
            }
            (Phase::Over, _) => self.summary_line(),
        });
        if let Some(v) = viewer.and_then(|v| self.fighters.get(v)) {
            let slots: Vec<String> = v
                .bandolier
                .iter()
                .enumerate()
                .map(|(k, c)| match c {
                    Some(_) if self.phase == Phase::Showdown => format!("{}: ?", k + 1),
                    Some(c) => format!("{}: {}", k + 1, self.card_name(*c)),
                    None => format!("{}: -", k + 1),
                })
                .collect();
            lines.push(format!(
                "Your bandolier, left to right: {}",
                slots.join(", ")
            ));
        }
        lines
    }

    fn notes(&self, _viewer: Option<Seat>) -> Vec<String> {
        self.last_reading
            .iter()
            .flat_map(|m| {
                (0..m.stack.len())
                    .rev()
                    .map(move |i| (m.owner, i))
                    .collect::<Vec<_>>()
            })
            .map(|(o, i)| format!("{}'s mat: {}", self.name_of(o), self.reading_words(o, i)))
            .collect()
    }

    fn action_label(&self, action: &Action, viewer: Option<Seat>) -> String {
        match action {
            Action::Keep => "Keep the bandolier".into(),
            Action::Ready => "Ready for the showdown".into(),
            Action::Wait => "Wait a moment".into(),
            Action::Holster => "Holster (toss no more)".into(),
            Action::Toss { slot, .. } => {
                format!("Pick up bandolier card {} to toss it", slot + 1)
            }
            a => self.describe(a, viewer),
        }
    }
}

fn armor(a: u8) -> String {
    if a > 0 {
        format!(" 🛡{a}")
    } else {
        String::new()
    }
}

/// What every part of one viewer's scene reads.
struct Viewing<'a> {
    game: &'a Gunfighter,
    viewer: Option<Seat>,
    /// Each card id's face.
    face_of: Vec<usize>,
    /// The viewer's legal actions (none when the decision is not his).
    legal: Vec<Action>,
}

impl Viewing<'_> {
    /// Card `c`'s face.
    fn face(&self, c: CardId) -> Option<usize> {
        self.face_of.get(c as usize).copied()
    }

    /// Where seat `seat`'s things lie, seen from the viewer's chair.
    fn place(&self, seat: Seat) -> Place {
        Place::of(seat, self.game.rules.players, self.viewer)
    }

    /// One gunfighter's things at his seat, from his bandolier to his name.
    fn fighter_area(
        &self,
        seat: Seat,
        f: &Fighter,
        seats: &[SeatKind],
        on_show: &[CardKey],
        scene: &mut TableScene<Action>,
    ) {
        let p = self.place(seat);
        let sees = self.game.sees(self.viewer, seat);
        self.bandolier(seat, f, &p, sees, scene);
        self.deck_and_discard(f, &p, on_show, scene);
        self.pocket(f, &p, sees, scene);
        self.covert(f, &p, sees, scene);
        self.played_before(f, &p, scene);
        health_chips(seat, f, &p, scene);
        self.name_label(seat, f, &p, seats, scene);
    }

    /// The bandolier: face down in the showdown (memorised), face up while arranged.
    fn bandolier(
        &self,
        seat: Seat,
        f: &Fighter,
        p: &Place,
        sees: bool,
        scene: &mut TableScene<Action>,
    ) {
        let showdown = self.game.phase == Phase::Showdown;
        let slots = row(
            seat_centre(p.angle, BANDOLIER_INSET),
            p.angle,
            f.bandolier.len(),
            0.82,
            false,
        );
        for (slot, (card, spot)) in f.bandolier.iter().zip(slots).enumerate() {
            let Some(card) = *card else { continue };
            let up = sees && !showdown;
            let action = self.bandolier_click(seat, f, slot, card);
            scene.cards.push(Placed {
                key: CardKey::from(card),
                face: up.then(|| self.face(card)).flatten(),
                spot: Spot {
                    face_up: up,
                    ..spot
                },
                highlight: action.is_some(),
                action,
            });
        }
    }

    /// What a click on bandolier card `slot` does: a toss, an arranging step or an early play.
    fn bandolier_click(
        &self,
        seat: Seat,
        f: &Fighter,
        slot: usize,
        card: CardId,
    ) -> Option<Action> {
        let game = self.game;
        let showdown = game.phase == Phase::Showdown;
        // In the showdown your cards may be picked up at any time:
        // the toss goes when your hand is free.
        let can_toss = f.alive
            && !f.holstered
            && f.ready_ms < game.rules.showdown_ms as i32
            && game.in_the_air().is_none_or(|t| t.card != card);
        let arrange = |a: usize| Action::Arrange { a, b: a + 1 };
        if showdown && self.viewer == Some(seat) {
            can_toss.then_some(Action::Toss { slot, target: seat })
        } else if matches!(game.phase, Phase::Exchange { .. }) {
            // A click moves the card one place right (the last one
            // back one place): any order in a few clicks.
            let a = slot.min(f.bandolier.len().saturating_sub(2));
            self.legal.iter().find(|x| **x == arrange(a)).cloned()
        } else {
            self.legal
                .iter()
                .find(|a| matches!(a, Action::Early { slot: s, .. } if *s == slot))
                .cloned()
        }
    }

    /// The deck face down left of the mat, the discard (less any on show) face up right.
    fn deck_and_discard(
        &self,
        f: &Fighter,
        p: &Place,
        on_show: &[CardKey],
        scene: &mut TableScene<Action>,
    ) {
        let deck_at = p.mat - p.right * 0.21 - p.inward * 0.07;
        for (i, &c) in f.deck.iter().rev().enumerate() {
            scene.cards.push(Placed {
                key: CardKey::from(c),
                face: None,
                spot: p.spot(deck_at, i, false),
                action: None,
                highlight: false,
            });
        }
        let discard_at = p.mat + p.right * 0.21 - p.inward * 0.07;
        for (i, &c) in f
            .discard
            .iter()
            .filter(|&&c| !on_show.contains(&CardKey::from(c)))
            .enumerate()
        {
            scene.cards.push(Placed {
                key: CardKey::from(c),
                face: self.face(c),
                spot: p.spot(discard_at, i, true),
                action: None,
                highlight: false,
            });
        }
    }

    /// The pocket beyond the discard: fanned face up to its owner, face down to others.
    fn pocket(&self, f: &Fighter, p: &Place, sees: bool, scene: &mut TableScene<Action>) {
        let pocket_at = p.mat + p.right * 0.21 + p.inward * 0.09;
        for (i, &c) in f.pocket.iter().enumerate() {
            let spot = if sees {
                let mut s = p.spot(pocket_at, i, true);
                s.pos += p.inward * (0.018 * i as f32);
                s
            } else {
                p.spot(pocket_at, i, false)
            };
            scene.cards.push(Placed {
                key: CardKey::from(c),
                face: sees.then(|| self.face(c)).flatten(),
                spot,
                action: None,
                highlight: false,
            });
        }
    }

    /// Covert cards: a little fan beside the deck (face up to their owner).
    fn covert(&self, f: &Fighter, p: &Place, sees: bool, scene: &mut TableScene<Action>) {
        let covert_at = p.mat - p.right * 0.21 + p.inward * 0.09;
        for (i, &c) in f.covert.iter().enumerate() {
            let mut s = p.spot(covert_at, i, sees);
            s.pos += p.inward * (0.014 * i as f32);
            let action = self
                .legal
                .iter()
                .find(|a| matches!(a, Action::Covert { card, .. } if *card == c))
                .cloned();
            scene.cards.push(Placed {
                key: CardKey::from(c),
                face: sees.then(|| self.face(c)).flatten(),
                spot: s,
                highlight: action.is_some(),
                action,
            });
        }
    }

    /// Cards played before this showdown: face up at the mat's far side.
    fn played_before(&self, f: &Fighter, p: &Place, scene: &mut TableScene<Action>) {
        for (i, &c) in f.before.iter().enumerate() {
            let at = p.mat + p.inward * 0.17 + p.right * (0.05 * i as f32 - 0.05);
            scene.cards.push(Placed {
                key: CardKey::from(c),
                face: self.face(c),
                spot: p.spot(at, i, true),
                action: None,
                highlight: false,
            });
        }
    }

    /// The gunfighter's character, who plays him, and his health or death.
    fn name_label(
        &self,
        seat: Seat,
        f: &Fighter,
        p: &Place,
        seats: &[SeatKind],
        scene: &mut TableScene<Action>,
    ) {
        let who = match seats.get(seat) {
            Some(SeatKind::You) => "you".to_string(),
            Some(k) => k.to_string(),
            None => String::new(),
        };
        let character = &self.game.rules.characters[f.character].name;
        scene.labels.push(Label {
            at: seat_centre(p.angle, NAME_INSET),
            text: if f.alive {
                format!("{character} ({who}) ♥{}{}", f.health, armor(f.armor))
            } else {
                format!("{character} ({who}) dead")
            },
            colour: seat_rgb(seat),
            big: false,
        });
    }

    /// Every toss of this showdown: stacked in its hole, or beside the mat it missed.
    fn tosses(&self, scene: &mut TableScene<Action>) {
        // The window lays each where it came to rest.
        for t in &self.game.tosses {
            let p = self.place(t.target);
            let (at, i) = match t.in_hole {
                Some(true) => {
                    let i = self.game.mats[t.target]
                        .iter()
                        .position(|l| l.card == t.card)
                        .unwrap_or(0);
                    (p.mat, i)
                }
                _ => (p.mat + p.inward * 0.16 + p.right * 0.08, 0),
            };
            scene.cards.push(Placed {
                key: CardKey::from(t.card),
                face: self.face(t.card),
                spot: p.spot(at, i, true),
                action: None,
                highlight: false,
            });
        }
    }

    /// The last showdown's stacks read one card at a time, the latest put in words.
    fn read_stacks(&self, order: &[(Seat, usize)], shown: usize, scene: &mut TableScene<Action>) {
        for m in &self.game.last_reading {
            let p = self.place(m.owner);
            for (i, l) in m.stack.iter().enumerate() {
                let k = order.iter().position(|&(o, j)| o == m.owner && j == i);
                let read = k.is_some_and(|k| k < shown);
                // Fanned across the hole, the bottom card left, so every
                // card of the stack shows.
                let spread = (i as f32 - (m.stack.len() as f32 - 1.0) / 2.0) * 0.035;
                scene.cards.push(Placed {
                    key: CardKey::from(l.card),
                    face: self.face(l.card),
                    spot: p.spot(p.mat + p.right * spread + Vec3::Y * 0.007, i, true),
                    action: None,
                    highlight: k == Some(shown.saturating_sub(1)) && read,
                });
            }
        }
        if let Some(&(owner, i)) = order.get(shown.saturating_sub(1)) {
            let p = self.place(owner);
            scene.labels.push(Label {
                at: p.mat + p.inward * 0.14 + Vec3::Y * 0.01,
                text: self.game.reading_words(owner, i),
                colour: [250, 230, 160],
                big: true,
            });
        }
    }
}

/// Health chips along the seat's edge.
fn health_chips(seat: Seat, f: &Fighter, p: &Place, scene: &mut TableScene<Action>) {
    for k in 0..f.health {
        scene.tokens.push(Token {
            key: CHIP_KEY + (seat * 16 + k as usize) as u32,
            at: seat_centre(p.angle, 0.05) - p.right * (0.30 + 0.03 * k as f32) + Vec3::Y * 0.002,
            colour: [196, 150, 90, 255],
            radius: 0.012,
        });
    }
}

impl Gunfighter {
    fn summary_line(&self) -> String {
        <Self as crate::cards::TableGame>::summary(self)
    }
}
