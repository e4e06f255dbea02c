//! Slap .45 on the card table: each gang's six members in a row at its seat
//! (a tombstone for each one lost), its gold as coins beside them, the home
//! bases in a ring between the seats with a hand (a token in the gang's
//! colour) on each one covered, the deck and the discards in the middle and
//! the flipped card between them.

use glam::Vec3;

use super::rules::{Action, Gang, Phase, Round, Slap, Slap45, Target};
use super::setup::{CardKind, MEMBERS};
use crate::cards::core::{Game, Seat};
use crate::cards::seating::SeatKind;
use crate::cards::table_layout::{
    DECK_AT, DISCARD_AT, TOP, row, seat_angle_for, seat_centre, seat_yaw, stacked,
};
use crate::cards::view::{
    Art, BackSpec, CardStyle, CardView, FaceSpec, Label, Placed, SEAT_COLOURS, Spot, TableScene,
    Token, seat_rgb, viewer_turn,
};

/// Keys of the cards that are not deck cards (the deck's keys are its card ids).
const BASE_KEY: u32 = 1000;
const MEMBER_KEY: u32 = 2000;
const GOLD_KEY: u32 = 3000;
const HAND_KEY: u32 = 4000;
/// The final duel's deck as its dealer sees it: fanned in overlapping rows
/// toward him (the top of each card shows), the top card first, between the
/// card flipped in the middle and his own row.
const DUEL_FAN_AT: Vec3 = Vec3::new(-0.24, TOP, 0.19);
const DUEL_FAN_ROW: usize = 17;
const DUEL_FAN_STEP: glam::Vec2 = glam::Vec2::new(0.03, 0.035);
/// Where the flipped card lies.
const FACE_UP_AT: Vec3 = Vec3::new(0.0, TOP, 0.07);
const PAPER: [u8; 4] = [244, 233, 208, 255];

fn kind_face(kind: CardKind) -> FaceSpec {
    let (lines, band): (&[&str], [u8; 4]) = match kind {
        CardKind::TalkinIron => (
            &["First slap with a point", "shoots; cover protects"],
            [70, 70, 80, 255],
        ),
        CardKind::Move => (
            &["Everyone to new cover;", "the last loses one"],
            [150, 90, 40, 255],
        ),
        CardKind::BigGun => (
            &["Goes through cover;", "only the first slap is safe"],
            [160, 30, 25, 255],
        ),
        CardKind::Gold => (
            &["First slap claims it;", "with a point, gives it"],
            [190, 150, 30, 255],
        ),
    };
    let art = match kind {
        CardKind::TalkinIron => Art::Revolver,
        CardKind::Move => Art::Horse,
        CardKind::BigGun => Art::Cannon,
        CardKind::Gold => Art::Gold,
    };
    FaceSpec {
        title: kind.title().into(),
        subtitle: kind.picture().into(),
        big: String::new(),
        icons: String::new(),
        lines: lines.iter().map(|l| l.to_string()).collect(),
        band,
        paper: PAPER,
        art: vec![art],
    }
}

/// Faces: the four card kinds, then per gang of the setup its home base and
/// its member card, then the tombstone.
fn base_face(gang: usize) -> usize {
    CardKind::ALL.len() + 2 * gang
}
fn member_face(gang: usize) -> usize {
    base_face(gang) + 1
}
fn kind_index(kind: CardKind) -> usize {
    CardKind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
}

/// The first of the viewer's legal actions that a click on `target` stands for.
fn click(legal: &[Action], target: Target) -> Option<Action> {
    legal
        .iter()
        .find(|a| matches!(a, Action::Slap(Slap { target: t, second_hand: false, power: false, recruit: false, .. }) if *t == target))
        .cloned()
}

impl CardView for Slap45 {
    fn faces(&self) -> Vec<FaceSpec> {
        let mut v: Vec<FaceSpec> = CardKind::ALL.into_iter().map(kind_face).collect();
        for g in &self.rules.gangs {
            v.push(FaceSpec {
                title: g.name.clone(),
                subtitle: "Home base".into(),
                big: String::new(),
                icons: String::new(),
                art: vec![Art::House],
                lines: if g.blurb.is_empty() {
                    vec!["One hand, one base".into()]
                } else {
                    vec![g.blurb.clone()]
                },
                band: [90, 60, 40, 255],
                paper: PAPER,
            });
            v.push(FaceSpec {
                title: g.name.clone(),
                subtitle: "Gang member".into(),
                big: String::new(),
                icons: String::new(),
                lines: Vec::new(),
                art: vec![Art::Star],
                band: [60, 60, 60, 255],
                paper: PAPER,
            });
        }
        v.push(FaceSpec {
            title: "Tombstone".into(),
            subtitle: "Lost".into(),
            big: "R.I.P.".into(),
            icons: String::new(),
            art: vec![Art::Tombstone],
            lines: Vec::new(),
            band: [40, 40, 40, 255],
            paper: [200, 200, 195, 255],
        });
        v
    }

    fn back() -> BackSpec {
        BackSpec {
            word: "SLAP .45".into(),
            colour: [110, 30, 25, 255],
            ink: [240, 210, 150, 255],
            style: CardStyle::Saloon,
        }
    }

    fn scene(
        &self,
        viewer: Option<Seat>,
        _seats: &[SeatKind],
        _staged: Option<usize>,
    ) -> TableScene<Action> {
        let mut scene = TableScene::default();
        // In a wave every seat still to declare may slap, whoever's turn it is.
        let legal = match (&self.phase, viewer) {
            (Phase::React(_), Some(v)) => self.legal_for(v),
            _ => viewer_turn(self, viewer).1,
        };
        let base_at = gangs(self, viewer, &legal, &mut scene);
        // The deck (face down), the discards (top face up), the flipped card.
        // What the viewer may know of the deck: the final duel's dealer looks
        // through it and plays any card (fanned before him, top card left);
        // the Railroad Company's dealer peeks at the top card.
        match viewer.filter(|&v| self.holds_the_deck(v)) {
            Some(_) => duel_fan(self, &legal, &mut scene),
            None => deck_pile(self, viewer, &legal, &mut scene),
        }
        discards(self, &mut scene);
        flipped(self, &legal, &mut scene);
        if let Phase::React(r) = &self.phase {
            wave_slaps(r, &base_at, self.players(), &mut scene);
        }
        verdict(self, &mut scene);
        scene
    }

    fn status(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut v = vec![format!(
            "Round {}{}, {} deals",
            self.rounds,
            if self.duel { " (final duel)" } else { "" },
            self.name(self.dealer)
        )];
        if let Some(c) = self.face_up() {
            let what = match self.kind(c) {
                CardKind::TalkinIron => "slap it and point to shoot; cover protects",
                CardKind::Move => {
                    "everyone into a new free home base; the last one loses a member; never slap the horse"
                }
                CardKind::BigGun => "slap it first: it shoots through cover",
                CardKind::Gold => "slap it to claim it; pointing gives it away",
            };
            v.push(format!("Face up: {}: {what}", self.kind(c).title()));
        }
        if let (Phase::React(r), Some(s)) = (&self.phase, viewer) {
            v.push(format!("Wave from {} ms", r.wave.start_ms));
            if self.in_cover(s) {
                v.push("You are in cover".into());
            }
        }
        v.push(self.standings());
        v
    }

    fn action_label(&self, action: &Action, viewer: Option<Seat>) -> String {
        match action {
            // The card is named once it is face up (the log line), not on
            // the dealer's choice: the top card is face down (the final
            // duel's dealer, who holds the deck, plays a card he chose).
            Action::Flip => "Flip the top card".into(),
            Action::Play(_) => self.describe(action, viewer),
            _ => self.declaration_text(action),
        }
    }

    fn seat_of_card(&self, key: u32) -> Option<Seat> {
        (MEMBER_KEY..GOLD_KEY)
            .contains(&key)
            .then(|| (key - MEMBER_KEY) as usize / 64)
            .filter(|&s| s < self.players() && self.alive(s))
    }
}

/// Every gang at its seat with its home base; returns where each base lies.
fn gangs(
    game: &Slap45,
    viewer: Option<Seat>,
    legal: &[Action],
    scene: &mut TableScene<Action>,
) -> Vec<Option<Vec3>> {
    let n = game.players();
    let mut base_at: Vec<Option<Vec3>> = vec![None; n];
    let tombstone = base_face(game.rules.gangs.len());
    let top_max = game
        .gangs
        .iter()
        .map(|g| g.members)
        .chain([MEMBERS])
        .chain(game.rules.max_members)
        .max()
        .unwrap_or(MEMBERS) as usize;
    for (seat, gang) in game.gangs.iter().enumerate().take(n) {
        let angle = seat_angle_for(seat, n, viewer);
        let centre = seat_centre(angle, 0.12);
        members(seat, gang, angle, centre, tombstone, top_max, scene);
        gold(seat, gang, angle, centre, scene);
        gang_label(game, seat, gang, angle, scene);
        base_at[seat] = home_base(game, seat, gang, angle, viewer, legal, scene);
    }
    base_at
}

/// The gang's members in a row: alive ones face up, the lost as tombstones.
fn members(
    seat: Seat,
    gang: &Gang,
    angle: f32,
    centre: Vec3,
    tombstone: usize,
    top_max: usize,
    scene: &mut TableScene<Action>,
) {
    let shown = (gang.members as usize).max(MEMBERS as usize).min(top_max);
    for (i, spot) in row(centre, angle, shown, 0.45, true)
        .into_iter()
        .enumerate()
    {
        let alive = i < gang.members as usize;
        scene.cards.push(Placed {
            key: MEMBER_KEY + (seat * 64 + i) as u32,
            face: Some(match (alive, gang.gang) {
                (true, Some(g)) => member_face(g),
                _ => tombstone,
            }),
            spot,
            action: None,
            highlight: false,
        });
    }
}

/// The gang's gold: a coin per card in the stash, beside its row.
fn gold(seat: Seat, gang: &Gang, angle: f32, centre: Vec3, scene: &mut TableScene<Action>) {
    let right = crate::cards::table_layout::seat_right(angle);
    for i in 0..gang.stash.len() {
        scene.tokens.push(Token {
            key: GOLD_KEY + (seat * 64 + i) as u32,
            at: centre + right * (0.2 + 0.012 * i as f32) + Vec3::Y * 0.002,
            colour: [230, 190, 40, 255],
            radius: 0.009,
        });
    }
}

/// The gang's name, members left, gold and whether it deals.
fn gang_label(game: &Slap45, seat: Seat, gang: &Gang, angle: f32, scene: &mut TableScene<Action>) {
    let name = gang
        .gang
        .and_then(|g| game.rules.gangs.get(g))
        .map_or_else(|| game.name(seat), |g| g.name.clone());
    let mut text = format!("{name}: {} left", gang.members);
    if game.rules.gold {
        text += &format!(", {} gold", gang.stash.len());
    }
    if seat == game.dealer && !matches!(game.phase, Phase::Over) {
        text += " (deals)";
    }
    scene.labels.push(Label {
        at: seat_centre(angle, 0.03) + Vec3::Y * 0.01,
        text,
        colour: seat_rgb(seat),
        big: false,
    });
}

/// A living gang's home base between its seat and the next; returns where it lies.
fn home_base(
    game: &Slap45,
    seat: Seat,
    gang: &Gang,
    angle: f32,
    viewer: Option<Seat>,
    legal: &[Action],
    scene: &mut TableScene<Action>,
) -> Option<Vec3> {
    let g = gang.gang.filter(|_| gang.alive())?;
    let n = game.players();
    let next = seat_angle_for((seat + 1) % n, n, viewer);
    let mut mid = (angle + next) / 2.0;
    if next < angle {
        mid += std::f32::consts::PI;
    }
    let at = seat_centre(mid, 0.33);
    scene.cards.push(Placed {
        key: BASE_KEY + seat as u32,
        face: Some(base_face(g)),
        spot: Spot {
            pos: at,
            yaw: seat_yaw(mid),
            face_up: true,
        },
        action: click(legal, Target::Base(seat)),
        highlight: click(legal, Target::Base(seat)).is_some(),
    });
    hands_on_base(game, seat, at, scene);
    Some(at)
}

/// The hands on the base at `seat`, each a token in its gang's colour.
fn hands_on_base(game: &Slap45, seat: Seat, at: Vec3, scene: &mut TableScene<Action>) {
    // A hand that has slapped elsewhere in this wave is shown where it slapped.
    let moved = |hand_seat: Seat, second: bool| match &game.phase {
        Phase::React(r) => matches!(
            r.wave.sealed.get(hand_seat),
            Some(Some(Action::Slap(s))) if s.second_hand == second
        ),
        _ => false,
    };
    for (hand_seat, other) in game.gangs.iter().enumerate() {
        for (h, base) in [other.hands.first, other.hands.second]
            .into_iter()
            .enumerate()
        {
            if base == Some(seat) && !moved(hand_seat, h == 1) {
                scene.tokens.push(Token {
                    key: HAND_KEY + (hand_seat * 2 + h) as u32,
                    at: at + Vec3::Y * 0.004,
                    colour: SEAT_COLOURS[hand_seat % SEAT_COLOURS.len()],
                    radius: 0.02,
                });
            }
        }
    }
}

/// The final duel's deck fanned face up before its dealer, each card playable.
fn duel_fan(game: &Slap45, legal: &[Action], scene: &mut TableScene<Action>) {
    for (i, &c) in game.deck.iter().enumerate() {
        let play = legal.iter().find(|a| **a == Action::Play(i)).cloned();
        let at = DUEL_FAN_AT
            + Vec3::new(
                (i % DUEL_FAN_ROW) as f32 * DUEL_FAN_STEP.x,
                0.0,
                (i / DUEL_FAN_ROW) as f32 * DUEL_FAN_STEP.y,
            );
        scene.cards.push(Placed {
            key: c as u32,
            face: Some(kind_index(game.kind(c))),
            spot: stacked(at, 0.0, i, true),
            highlight: play.is_some(),
            action: play,
        });
    }
}

/// The deck face down, its top card flipped by a click (shown to a dealer who peeks).
fn deck_pile(
    game: &Slap45,
    viewer: Option<Seat>,
    legal: &[Action],
    scene: &mut TableScene<Action>,
) {
    let deck = game.deck.len();
    let flip = legal
        .iter()
        .find(|a| matches!(a, Action::Flip | Action::Play(0)))
        .cloned();
    let peek = viewer.and_then(|v| game.peek_for(v));
    for (i, &c) in game
        .deck
        .iter()
        .rev()
        .enumerate()
        .skip(deck.saturating_sub(12))
    {
        let top = i + 1 == deck;
        let peeked = top && peek == Some(c);
        scene.cards.push(Placed {
            key: c as u32,
            face: peeked.then(|| kind_index(game.kind(c))),
            spot: stacked(DECK_AT, 0.0, i, peeked),
            action: flip.clone().filter(|_| top),
            highlight: flip.is_some() && top,
        });
    }
}

/// The last discards, face up.
fn discards(game: &Slap45, scene: &mut TableScene<Action>) {
    let discards = game.discard.len();
    for (i, &c) in game
        .discard
        .iter()
        .enumerate()
        .skip(discards.saturating_sub(8))
    {
        scene.cards.push(Placed {
            key: c as u32,
            face: Some(kind_index(game.kind(c))),
            spot: stacked(DISCARD_AT + Vec3::new(0.16, 0.0, -0.02), 0.0, i, true),
            action: None,
            highlight: false,
        });
    }
}

/// The flipped card in the middle, slapped by a click.
fn flipped(game: &Slap45, legal: &[Action], scene: &mut TableScene<Action>) {
    if let Some(c) = game.face_up() {
        scene.cards.push(Placed {
            key: c as u32,
            face: Some(kind_index(game.kind(c))),
            spot: stacked(FACE_UP_AT, 0.0, 0, true),
            action: click(legal, Target::Card),
            highlight: true,
        });
    }
}

/// The slaps of this wave handed in so far: a hand where each landed.
fn wave_slaps(r: &Round, base_at: &[Option<Vec3>], n: usize, scene: &mut TableScene<Action>) {
    // In the window each lands at its time on the clock.
    for (seat, sealed) in r.wave.sealed.iter().enumerate() {
        let Some(Action::Slap(slap)) = sealed else {
            continue;
        };
        let at = match slap.target {
            Target::Card => Some(FACE_UP_AT + Vec3::new(0.012 * seat as f32 - 0.03, 0.0, 0.0)),
            // Several hands on one base lie side by side.
            Target::Base(b) => base_at.get(b).copied().flatten().map(|at| {
                let a = std::f32::consts::TAU * seat as f32 / n as f32;
                at + Vec3::new(a.cos(), 0.0, a.sin()) * 0.018
            }),
            Target::Leave => None,
        };
        if let Some(at) = at {
            scene.tokens.push(Token {
                key: HAND_KEY + 100 + (seat * 2 + usize::from(slap.second_hand)) as u32,
                at: at + Vec3::Y * 0.008,
                colour: SEAT_COLOURS[seat % SEAT_COLOURS.len()],
                radius: 0.016,
            });
        }
    }
}

/// The verdict: the last thing that happened that was not a void slap.
fn verdict(game: &Slap45, scene: &mut TableScene<Action>) {
    if let Some(line) = game.events.iter().rev().find(|e| !e.ends_with("void")) {
        scene.labels.push(Label {
            at: Vec3::new(0.0, TOP + 0.02, -0.17),
            text: line.clone(),
            colour: [250, 235, 200],
            big: true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::core::random_playout;
    use crate::cards::table_game::TableGame;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize) -> Slap45 {
        let path = crate::scenario::data_root()
            .join("assets")
            .join("cards")
            .join(format!("{}.ron", Slap45::KEY));
        let setup = Slap45::load_setup(&path, Some(players)).expect("the shipped setup");
        Slap45::new_game(setup.rules)
    }

    #[test]
    fn the_scene_shows_every_gang_its_members_and_tombstones_and_no_hidden_card() {
        for players in 3..=7 {
            let mut g = game(players);
            let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
            // Into the game a while.
            let _ = random_playout(&mut g, &mut rng, 60);
            let scene = g.scene(Some(0), &[], None);
            let faces = g.faces().len();
            let tomb = base_face(g.rules.gangs.len());
            for seat in 0..players {
                let lost = (MEMBERS - g.gangs[seat].members.min(MEMBERS)) as usize;
                let tombs = scene
                    .cards
                    .iter()
                    .filter(|c| {
                        (MEMBER_KEY..GOLD_KEY).contains(&c.key)
                            && (c.key - MEMBER_KEY) as usize / 64 == seat
                            && c.face == Some(tomb)
                    })
                    .count();
                assert_eq!(tombs, lost, "seat {seat}: a tombstone per member lost");
            }
            for c in &scene.cards {
                assert!(c.face.is_none_or(|f| f < faces));
                // A game card shown face up is the flipped one or a discard,
                // with its own face; the deck's are never shown.
                if c.key < BASE_KEY
                    && let Some(f) = c.face
                {
                    let id = c.key as u8;
                    assert!(
                        g.face_up() == Some(id) || g.discard.contains(&id),
                        "card {id} face up but not public"
                    );
                    assert_eq!(f, kind_index(g.kind(id)));
                }
            }
            // One base per living gang.
            let bases = scene
                .cards
                .iter()
                .filter(|c| (BASE_KEY..MEMBER_KEY).contains(&c.key))
                .count();
            assert_eq!(bases, g.living().len());
        }
    }
}
