//! Tabletown on the card table: a gunslinger card at each seat turned to face
//! its target, wounds on it as red tokens, its gun beside it with the loaded
//! rounds fanned on top, your hand fanned toward you (the others' face down),
//! the deck and the discards in the middle, and a DRAW! or SHOOTOUT! staged
//! there with each fighter's initiative roll. The dice are rolled in the tray.

use glam::Vec3;

use crate::cards::core::{Game, Seat, Turn};
use crate::cards::seating::SeatKind;
use crate::cards::table_layout::{
    self as layout, DECK_AT, DISCARD_AT, TOP, card_size, hand_fan, seat_angle_for, seat_centre,
    stacked,
};
use crate::cards::tabletown::{Action, Combat, Kind, Phase, Tabletown, tnt_to_hit, to_hit};
use crate::cards::view::{
    Art, BackSpec, CardStyle, CardView, FaceSpec, Label, Placed, Spot, TableScene, Token, seat_rgb,
    viewer_turn,
};

/// Gunslinger cards' keys come after the deck's card ids.
const GUNSLINGER_KEY: u32 = 1000;

fn face_of(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
}

fn kind_face(kind: Kind) -> FaceSpec {
    let (subtitle, big, icons, lines, band): (&str, String, &str, Vec<&str>, [u8; 4]) = match kind {
        Kind::Draw => (
            "Combat",
            "!".into(),
            "🔫",
            vec!["Call out one", "gunslinger"],
            [160, 30, 25, 255],
        ),
        Kind::Shootout => (
            "Combat",
            "!!".into(),
            "🔫",
            vec!["Everyone", "draws"],
            [160, 30, 25, 255],
        ),
        Kind::Revolver => (
            "Weapon",
            format!("{}+", to_hit(Kind::Revolver, false)),
            "🔫",
            vec!["Hits on 5 or 6", "one shot a bullet"],
            [70, 70, 80, 255],
        ),
        Kind::Rifle => (
            "Weapon",
            format!("{}+", to_hit(Kind::Rifle, false)),
            "🔫",
            vec!["Hits on 4 or more", "+2 initiative (advanced)"],
            [70, 70, 80, 255],
        ),
        Kind::Shotgun => (
            "Weapon",
            "3+".into(),
            "🔫",
            vec!["One shell 3+, both 2+", "+1 initiative (advanced)"],
            [70, 70, 80, 255],
        ),
        Kind::Bullet => (
            "Ammunition",
            "•".into(),
            "",
            vec!["Load a revolver", "or a rifle"],
            [150, 110, 40, 255],
        ),
        Kind::Shell => (
            "Ammunition",
            "▮".into(),
            "",
            vec!["Load a shotgun"],
            [150, 110, 40, 255],
        ),
        Kind::Tnt => (
            "Explosive",
            format!("{}+", tnt_to_hit(1)),
            "🧨",
            vec!["Goes off last,", "hits everyone"],
            [180, 90, 20, 255],
        ),
        Kind::Sheriff => (
            "Tin star",
            "★".into(),
            "",
            vec!["Cancels any hit"],
            [170, 140, 40, 255],
        ),
        Kind::Deputy => (
            "Tin star",
            "☆".into(),
            "",
            vec!["Cancels a hit,", "not shotgun or TNT"],
            [170, 140, 40, 255],
        ),
        Kind::ReachForTheSky => (
            "Action",
            "✋".into(),
            "",
            vec!["Empties a", "gunslinger's guns"],
            [60, 100, 130, 255],
        ),
        Kind::StageCoach => (
            "Response",
            "".into(),
            "🐎",
            vec!["Leave town:", "miss the shootout"],
            [60, 100, 130, 255],
        ),
        Kind::Cavalry => (
            "Response",
            "".into(),
            "🐎",
            vec!["Stops a DRAW!", "or a SHOOTOUT!"],
            [60, 100, 130, 255],
        ),
    };
    let art = match kind {
        Kind::Draw | Kind::Revolver => vec![Art::Revolver],
        Kind::Shootout => vec![Art::Revolver, Art::Revolver],
        Kind::Rifle => vec![Art::Rifle],
        Kind::Shotgun => vec![Art::Shotgun],
        Kind::Bullet => vec![Art::Bullet],
        Kind::Shell => vec![Art::Shell],
        Kind::Tnt => vec![Art::Dynamite],
        Kind::Sheriff | Kind::Deputy => vec![Art::Star],
        Kind::ReachForTheSky => vec![Art::Hand],
        Kind::StageCoach | Kind::Cavalry => vec![Art::Horse],
    };
    // The picture says what a symbol said; a number stays beside it.
    let big = match kind {
        Kind::Bullet | Kind::Shell | Kind::Sheriff | Kind::Deputy | Kind::ReachForTheSky => {
            String::new()
        }
        _ => big,
    };
    FaceSpec {
        title: kind.title().into(),
        subtitle: subtitle.into(),
        big,
        icons: if art.is_empty() {
            icons.into()
        } else {
            String::new()
        },
        art,
        lines: lines.into_iter().map(String::from).collect(),
        band,
        paper: [244, 233, 208, 255],
    }
}

/// The yaw that turns a card lying at `from` to point its top at `to`.
fn yaw_toward(from: Vec3, to: Vec3) -> f32 {
    let d = to - from;
    (-d.x).atan2(-d.z)
}

impl CardView for Tabletown {
    const DICE: bool = true;

    fn faces(&self) -> Vec<FaceSpec> {
        let mut v: Vec<FaceSpec> = Kind::ALL.into_iter().map(kind_face).collect();
        for g in &self.rules.gunslingers {
            let words: Vec<&str> = g.blurb.split_whitespace().collect();
            let half = words.len().div_ceil(2);
            v.push(FaceSpec {
                title: g.nickname.clone(),
                subtitle: g.name.clone(),
                big: String::new(),
                icons: String::new(),
                lines: vec![words[..half].join(" "), words[half..].join(" ")],
                band: [110, 60, 30, 255],
                paper: [238, 222, 190, 255],
                art: vec![Art::Revolver],
            });
        }
        v
    }

    fn back() -> BackSpec {
        BackSpec {
            word: "TABLETOWN".into(),
            colour: [110, 40, 30, 255],
            ink: [240, 215, 160, 255],
            style: CardStyle::Poster,
        }
    }

    fn scene(
        &self,
        viewer: Option<Seat>,
        seats: &[SeatKind],
        _staged: Option<usize>,
    ) -> TableScene<Action> {
        let mut s = TableScene::default();
        let (_, legal) = viewer_turn(self, viewer);
        if let Phase::Choose { .. } = self.phase {
            free_gunslingers(self, &legal, &mut s);
        }
        for seat in 0..self.rules.players {
            seat_area(self, seat, viewer, seats, &legal, &mut s);
        }
        piles(self, &mut s);
        if let Phase::Combat(c) = &self.phase {
            fight(self, c, viewer, &mut s);
        }
        s
    }

    fn status(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut v = Vec::new();
        v.push(format!(
            "Turn {} · deck {} · discards {}",
            self.turns,
            self.deck.len(),
            self.discard.len()
        ));
        match &self.phase {
            Phase::Choose { seat } => v.push(format!("Seat {seat} picks a gunslinger")),
            Phase::Marshall { contenders, rolls } => v.push(format!(
                "Rolling for Marshall: {}",
                contenders
                    .iter()
                    .zip(rolls.iter().map(Some).chain(std::iter::repeat(None)))
                    .map(|(s, r)| match r {
                        Some(r) => format!("seat {s}: {r}"),
                        None => format!("seat {s}: …"),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Phase::Face { seat } => v.push(format!("{} chooses whom to face", self.name(*seat))),
            Phase::Turn => v.push(format!("{}'s turn", self.name(self.current))),
            Phase::CallDraw { .. } => v.push(format!(
                "{} drew a DRAW!: whom to call out?",
                self.name(self.current)
            )),
            Phase::Combat(c) => {
                let fighters: Vec<String> = c
                    .fighters
                    .iter()
                    .enumerate()
                    .map(|(i, &f)| match c.rolls.get(i) {
                        Some(r) => format!("{} 🎲{r}", self.name(f)),
                        None => self.name(f),
                    })
                    .collect();
                v.push(format!("Combat: {}", fighters.join(", ")));
            }
            Phase::Over => {}
            _ => {}
        }
        if let Some(you) = viewer {
            let sl = &self.slingers[you];
            v.push(match sl.weapon() {
                Some(k) => format!(
                    "You: {}, {} loaded, {} wound(s)",
                    k.title(),
                    sl.loaded(),
                    sl.wounds
                ),
                None => format!("You: unarmed, {} wound(s)", sl.wounds),
            });
        }
        v
    }
}

/// Puts one card on the table, glowing when clicking it does something.
fn card(
    s: &mut TableScene<Action>,
    key: u32,
    face: Option<usize>,
    spot: Spot,
    action: Option<Action>,
) {
    s.cards.push(Placed {
        key,
        face,
        highlight: action.is_some(),
        spot,
        action,
    });
}

/// Where a seat's gunslinger card lies.
fn slinger_at(seat: Seat, n: usize, viewer: Option<Seat>) -> Vec3 {
    seat_centre(seat_angle_for(seat, n, viewer), 0.24)
}

/// Whether `a` faces, tracks or calls out the gunslinger at `seat`.
fn aims_at(a: &Action, seat: Seat) -> bool {
    matches!(a, Action::Face(t) | Action::Track(t) | Action::CallOut(t) if *t == seat)
}

/// The gunslingers not yet chosen, face up in rows in the middle.
fn free_gunslingers(t: &Tabletown, legal: &[Action], s: &mut TableScene<Action>) {
    let free: Vec<usize> = (0..t.rules.gunslingers.len())
        .filter(|g| !t.slingers.iter().any(|o| o.gunslinger == Some(*g)))
        .collect();
    let w = card_size().x * 1.05;
    for (i, &g) in free.iter().enumerate() {
        let (col, rowi) = (i % 9, i / 9);
        let spot = Spot {
            pos: Vec3::new(
                (col as f32 - 4.0) * w,
                TOP + 0.001,
                -0.06 + rowi as f32 * card_size().y * 1.05,
            ),
            yaw: 0.0,
            face_up: true,
        };
        let action = legal.iter().find(|a| **a == Action::Choose(g)).cloned();
        card(
            s,
            GUNSLINGER_KEY + g as u32,
            Some(Kind::ALL.len() + g),
            spot,
            action,
        );
    }
}

/// One seat's part of the table: its gunslinger, guns, hand and name.
fn seat_area(
    t: &Tabletown,
    seat: Seat,
    viewer: Option<Seat>,
    seats: &[SeatKind],
    legal: &[Action],
    s: &mut TableScene<Action>,
) {
    let n = t.rules.players;
    let sl = &t.slingers[seat];
    let angle = seat_angle_for(seat, n, viewer);
    let mine = Some(seat) == viewer;
    let at = slinger_at(seat, n, viewer);
    let target = sl.facing.map(|f| slinger_at(f, n, viewer));
    let yaw = target.map_or(layout::seat_yaw(angle), |to| yaw_toward(at, to));
    if let Some(g) = sl.gunslinger {
        gunslinger(t, seat, g, at, yaw, legal, s);
    }
    guns(t, seat, at, angle, s);
    hand(t, seat, mine, angle, legal, s);
    seat_label(t, seat, seats, mine, at, angle, s);
}

/// The seat's gunslinger turned toward its target, its wounds on it as red tokens.
fn gunslinger(
    t: &Tabletown,
    seat: Seat,
    g: usize,
    at: Vec3,
    yaw: f32,
    legal: &[Action],
    s: &mut TableScene<Action>,
) {
    let sl = &t.slingers[seat];
    // Face down once dead (a tombstone).
    card(
        s,
        GUNSLINGER_KEY + g as u32,
        sl.alive.then_some(Kind::ALL.len() + g),
        Spot {
            pos: at,
            yaw,
            face_up: sl.alive,
        },
        legal
            .iter()
            .find(|a| aims_at(a, seat))
            .cloned()
            .filter(|_| legal.iter().filter(|a| aims_at(a, seat)).count() == 1),
    );
    for w in 0..sl.wounds {
        s.tokens.push(Token {
            key: seat as u32 * 16 + w as u32,
            at: at
                + Vec3::new(
                    -0.025 + 0.017 * (w % 4) as f32,
                    0.003,
                    0.02 + 0.017 * (w / 4) as f32,
                ),
            colour: [190, 20, 20, 255],
            radius: 0.008,
        });
    }
}

/// The seat's guns beside its gunslinger, loaded rounds fanned on top.
fn guns(t: &Tabletown, seat: Seat, at: Vec3, angle: f32, s: &mut TableScene<Action>) {
    let right = layout::seat_right(angle);
    for (gi, gun) in t.slingers[seat].guns.iter().enumerate() {
        let gpos =
            at + right * (card_size().x * (1.15 + 1.2 * gi as f32)) + Vec3::Y * 0.0005 * gi as f32;
        let gyaw = layout::seat_yaw(angle);
        card(
            s,
            gun.card as u32,
            Some(face_of(gun.kind)),
            Spot {
                pos: gpos,
                yaw: gyaw,
                face_up: true,
            },
            None,
        );
        // The rounds fanned across the gun's right half: its name and
        // hit number stay in sight.
        for (ai, &round) in gun.ammo.iter().enumerate() {
            card(
                s,
                round as u32,
                Some(face_of(t.kind(round))),
                stacked(
                    gpos + right * (0.045 + 0.02 * ai as f32),
                    gyaw,
                    ai + 1,
                    true,
                ),
                None,
            );
        }
    }
}

/// The seat's hand: yours face up toward you, the others face down at their seat.
fn hand(
    t: &Tabletown,
    seat: Seat,
    mine: bool,
    angle: f32,
    legal: &[Action],
    s: &mut TableScene<Action>,
) {
    let sl = &t.slingers[seat];
    if mine {
        for (&c, spot) in sl.hand.iter().zip(hand_fan(sl.hand.len())) {
            let plays = legal.iter().find(|a| match a {
                Action::Arm(x)
                | Action::Load(x)
                | Action::Star(x)
                | Action::Cavalry(x)
                | Action::StageCoach(x) => *x == c,
                _ => false,
            });
            card(s, c as u32, Some(face_of(t.kind(c))), spot, plays.cloned());
        }
    } else {
        let hand_at = seat_centre(angle, 0.08);
        for (&c, spot) in
            sl.hand
                .iter()
                .zip(layout::row(hand_at, angle, sl.hand.len(), 0.25, false))
        {
            card(s, c as u32, None, spot, None);
        }
    }
}

/// The seat's name, with the Marshall's star, its wounds and whose turn it is.
fn seat_label(
    t: &Tabletown,
    seat: Seat,
    seats: &[SeatKind],
    mine: bool,
    at: Vec3,
    angle: f32,
    s: &mut TableScene<Action>,
) {
    let sl = &t.slingers[seat];
    let name = match (sl.gunslinger, seats.get(seat)) {
        (Some(g), Some(k)) => format!("{} ({k})", t.rules.gunslingers[g].nickname),
        (None, Some(k)) => format!("seat {seat} ({k})"),
        _ => format!("seat {seat}"),
    };
    let mut text = name;
    if t.marshall == Some(seat) {
        text.push_str(" ★ Marshall");
    }
    if !sl.alive {
        text.push_str(" — dead");
    } else if sl.wounds > 0 {
        text.push_str(&format!(
            " — {} wound{}",
            sl.wounds,
            if sl.wounds == 1 { "" } else { "s" }
        ));
    }
    if t.turn() == Turn::Player(seat) {
        text = format!("▶ {text}");
    }
    s.labels.push(Label {
        at: if mine {
            at + Vec3::new(-0.2, 0.0, 0.0)
        } else if sl.gunslinger.is_some() {
            at - Vec3::new(angle.cos(), 0.0, angle.sin()) * 0.12
        } else {
            at
        },
        text,
        colour: seat_rgb(seat),
        big: false,
    });
}

/// The deck face down and the discards face up in the middle, the deck counted.
fn piles(t: &Tabletown, s: &mut TableScene<Action>) {
    for (i, &c) in t.deck.iter().enumerate() {
        card(s, c as u32, None, stacked(DECK_AT, 0.0, i, false), None);
    }
    for (i, &c) in t.discard.iter().enumerate() {
        card(
            s,
            c as u32,
            Some(face_of(t.kind(c))),
            stacked(DISCARD_AT, 0.08 * ((i % 5) as f32 - 2.0), i, true),
            None,
        );
    }
    if !t.deck.is_empty() {
        s.labels.push(Label {
            at: DECK_AT + Vec3::new(0.0, 0.0, 0.085),
            text: format!("deck ({})", t.deck.len()),
            colour: [230, 220, 200],
            big: false,
        });
    }
}

/// A fight in the middle: its card, the fighters' initiative, the shot fired.
fn fight(t: &Tabletown, c: &Combat, viewer: Option<Seat>, s: &mut TableScene<Action>) {
    let n = t.rules.players;
    let centre_of = |seat: Seat| slinger_at(seat, n, viewer);
    let mid = Vec3::new(0.13, TOP + 0.001, -0.08);
    if !s.cards.iter().any(|p| p.key == c.card as u32) {
        card(
            s,
            c.card as u32,
            Some(face_of(t.kind(c.card))),
            Spot {
                pos: mid,
                yaw: 0.0,
                face_up: true,
            },
            None,
        );
    }
    for (i, &f) in c.fighters.iter().enumerate() {
        if let Some(roll) = c.rolls.get(i) {
            let a = seat_angle_for(f, n, viewer);
            s.labels.push(Label {
                at: centre_of(f) - layout::seat_right(a) * 0.075 + Vec3::Y * 0.02,
                text: format!("🎲 {roll}"),
                colour: [255, 230, 140],
                big: true,
            });
        }
    }
    if let Some(fire) = &c.firing {
        s.labels.push(Label {
            at: (centre_of(fire.shooter) + centre_of(fire.target)) / 2.0 + Vec3::Y * 0.02,
            text: format!(
                "{} shoots: {}+ hits",
                fire.weapon.title(),
                to_hit(fire.weapon, fire.both_barrels)
            ),
            colour: [255, 200, 120],
            big: false,
        });
    }
}
