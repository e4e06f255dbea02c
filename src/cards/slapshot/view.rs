//! Slapshot on the card table: the three decks, each manager's team (yours
//! fanned toward you, the others face down at their seats), the scoreboard
//! with a token per manager, the line-ups laid in two rows in the middle and,
//! after a game, revealed pair by pair with goals and injuries.

use glam::Vec3;

use crate::cards::core::{Game, Seat, Turn};
use crate::cards::seating::SeatKind;
use crate::cards::slapshot::{Action, GameReport, Match, Phase, Position, Slapshot};
use crate::cards::table_layout::{
    self as layout, TOP, card_size, hand_fan, seat_angle_for, seat_centre, stacked,
};
use crate::cards::view::{
    Art, BackSpec, CardStyle, CardView, FaceSpec, Label, Placed, SEAT_COLOURS, Slot, Spot,
    TableScene, Token, seat_rgb, viewer_turn,
};

/// The decks: forwards, defensemen, goalies, side by side beyond the middle.
fn deck_at(p: Position) -> Vec3 {
    Vec3::new(-0.12 + 0.12 * p.index() as f32, TOP, -0.2)
}

/// The two rows of a game: away (far) and home (near), six columns.
fn row_spot(side: usize, column: usize, face_up: bool) -> Spot {
    let w = card_size().x * 1.08;
    Spot {
        pos: Vec3::new(
            (column as f32 - 2.5) * w,
            TOP + 0.001,
            if side == 0 { -0.03 } else { 0.115 },
        ),
        yaw: 0.0,
        face_up,
    }
}

/// The scoreboard's spaces, Preseason to Playoffs, along the near right.
fn board_space(space: u32, of: u32) -> Vec3 {
    let t = space as f32 / of.max(1) as f32;
    Vec3::new(0.36 + 0.3 * t, TOP, 0.36)
}

fn value_text(halves: u8) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (v, 1) => format!("{v}½"),
        (v, _) => v.to_string(),
    }
}

impl Slapshot {
    /// The side (0 away, 1 home) laying its line-up now, in a game being arranged.
    fn arranging_side(&self) -> Option<usize> {
        match &self.phase {
            Phase::Lineup(m) => Some(usize::from(m.lines[0].len() == 6)),
            _ => None,
        }
    }
}

impl CardView for Slapshot {
    const STAGE_SECONDS: f32 = 0.9;

    fn faces(&self) -> Vec<FaceSpec> {
        let r = &self.rules;
        (0..r.cards.len())
            .map(|i| {
                let c = r.cards[i];
                let (band, kind) = match c.position {
                    Position::Forward => ([150, 40, 35, 255], "Forward"),
                    Position::Defenseman => ([40, 70, 140, 255], "Defenseman"),
                    Position::Goalie => ([35, 110, 60, 255], "Goalie"),
                };
                let mut art = vec![match c.position {
                    Position::Goalie => Art::Puck,
                    _ => Art::HockeyStick,
                }];
                let mut lines = Vec::new();
                if c.position == Position::Goalie {
                    art.push(Art::Lock);
                    lines.push("Stops any skater".into());
                    lines.push("but Tiny Tim".into());
                }
                if c.bruiser {
                    art.push(Art::Fist);
                    lines.push("Bruiser: injures".into());
                    lines.push("whoever he meets".into());
                }
                if c.scores_on_goalies {
                    art.push(Art::Star);
                    lines.push("Scores on goalies".into());
                }
                FaceSpec {
                    title: r.names[i].clone(),
                    subtitle: kind.into(),
                    big: value_text(c.halves),
                    icons: String::new(),
                    lines,
                    band,
                    paper: [246, 240, 226, 255],
                    art,
                }
            })
            .collect()
    }

    fn back() -> BackSpec {
        BackSpec {
            word: "SLAPSHOT".into(),
            colour: [25, 45, 95, 255],
            ink: [225, 225, 240, 255],
            style: CardStyle::Rink,
        }
    }

    fn stage_steps(&self, before: &Self) -> usize {
        match &self.last_game {
            Some(g) if self.last_game != before.last_game => g.pairs.len() + 1,
            _ => 0,
        }
    }

    fn scene(
        &self,
        viewer: Option<Seat>,
        seats: &[SeatKind],
        staged: Option<usize>,
    ) -> TableScene<Action> {
        let n = self.rules.players;
        let mut s = TableScene::default();
        let (you, legal) = viewer_turn(self, viewer);
        let mut placed_keys = std::collections::HashSet::new();
        let mut place = |s: &mut TableScene<Action>,
                         key: u8,
                         face: bool,
                         spot: Spot,
                         action: Option<Action>| {
            if placed_keys.insert(key) {
                let highlight = action.is_some();
                s.cards.push(Placed {
                    key: key as u32,
                    face: face.then_some(key as usize),
                    spot,
                    action,
                    highlight,
                });
            }
        };
        // A game on show: its two rows in the middle, pair by pair.
        if let (Some(shown), Some(g)) = (staged, &self.last_game) {
            self.stage_game(&mut s, g, shown, viewer, &mut place);
        }
        if let Phase::Lineup(m) = &self.phase {
            self.lay_lineup(&mut s, m, you, viewer, &mut place);
        }
        for seat in 0..n {
            self.team_cards(&mut s, seat, viewer, &legal, &mut place);
            self.manager_label(&mut s, seat, viewer, seats);
            self.board_token(&mut s, seat);
        }
        self.board_labels(&mut s);
        self.deck_piles(&mut s, &legal, &mut place);
        s
    }

    fn status(&self, _viewer: Option<Seat>) -> Vec<String> {
        let mut v = vec![format!("Scoreboard: {}", self.standings())];
        if let Some(series) = &self.series {
            v.push(format!(
                "{:?}: seat {} (home ice) {} – {} seat {}",
                series.stage, series.high, series.wins[0], series.wins[1], series.low
            ));
        }
        match &self.phase {
            Phase::Pick { seat } => v.push(format!("Picking teams: seat {seat} takes a top card")),
            Phase::Turn => v.push(format!(
                "Seat {}'s turn: trade, draft or challenge",
                self.mover
            )),
            Phase::GiveBack { with, .. } => {
                v.push(format!("Seat {} gives seat {with} a card back", self.mover))
            }
            Phase::Lineup(m) => v.push(format!(
                "Game: seat {} (away) at seat {} (home){}",
                m.away,
                m.home,
                if m.overtime > 0 {
                    format!(", overtime {}", m.overtime)
                } else {
                    String::new()
                }
            )),
            Phase::Over => {}
            _ => {}
        }
        v
    }

    fn notes(&self, viewer: Option<Seat>) -> Vec<String> {
        let mut v = Vec::new();
        for (seat, seen) in self.seen.iter().enumerate() {
            if let Some(line) = seen
                && Some(seat) != viewer
            {
                let names: Vec<String> = line.iter().map(|&c| self.rules.label(c)).collect();
                v.push(format!("seat {seat} last showed: {}", names.join(", ")));
            }
        }
        v
    }
}

fn placed_keys_contains(s: &TableScene<Action>, c: u8) -> bool {
    s.cards.iter().any(|p| p.key == c as u32)
}

/// Whether `a` drafts, gives back or lines up card `c`.
fn plays_card(a: &Action, c: u8) -> bool {
    matches!(a, Action::Draft(x) | Action::Give(x) | Action::Line(x) if *x == c)
}

impl Slapshot {
    /// The last game's rows: `shown` pairs turned over, goals and injuries
    /// named; the cards never revealed stay face down.
    fn stage_game(
        &self,
        s: &mut TableScene<Action>,
        g: &GameReport,
        shown: usize,
        viewer: Option<Seat>,
        place: &mut impl FnMut(&mut TableScene<Action>, u8, bool, Spot, Option<Action>),
    ) {
        for (col, &(away, home)) in g.pairs.iter().enumerate() {
            let up = col < shown;
            place(
                s,
                away,
                up || Some(g.away) == viewer,
                row_spot(0, col, up),
                None,
            );
            place(
                s,
                home,
                up || Some(g.home) == viewer,
                row_spot(1, col, up),
                None,
            );
            if up {
                let (text, at) = match g.goals.get(col).copied().flatten() {
                    Some(0) => (
                        "GOAL!",
                        row_spot(0, col, true).pos + Vec3::new(0.0, 0.0, 0.05),
                    ),
                    Some(_) => (
                        "GOAL!",
                        row_spot(1, col, true).pos + Vec3::new(0.0, 0.0, 0.05),
                    ),
                    None => (
                        "save",
                        (row_spot(0, col, true).pos + row_spot(1, col, true).pos) / 2.0,
                    ),
                };
                s.labels.push(Label {
                    at: at + Vec3::new(0.0, 0.01, 0.0),
                    text: text.into(),
                    colour: if text == "save" {
                        [200, 200, 210]
                    } else {
                        [255, 210, 90]
                    },
                    big: false,
                });
                for &(_, c) in g.injured.iter().filter(|(_, c)| *c == away || *c == home) {
                    let side = usize::from(c == home);
                    s.labels.push(Label {
                        at: row_spot(side, col, true).pos + Vec3::new(0.0, 0.01, -0.05),
                        text: "injured".into(),
                        colour: [255, 120, 100],
                        big: false,
                    });
                }
            }
        }
        // The rest of each line-up (an overtime that ended early) stays face down.
        for (side, seat) in [(0, g.away), (1, g.home)] {
            let revealed: Vec<u8> = g
                .pairs
                .iter()
                .map(|p| if side == 0 { p.0 } else { p.1 })
                .collect();
            let mut col = g.pairs.len();
            for &c in &self.teams[seat] {
                if !revealed.contains(&c) && col < 6 {
                    place(
                        s,
                        c,
                        Some(seat) == viewer,
                        row_spot(side, col, Some(seat) == viewer),
                        None,
                    );
                    col += 1;
                }
            }
        }
        if shown > g.pairs.len() {
            let verdict = match g.winner {
                Some(w) => format!(
                    "seat {w} wins {}–{}{}",
                    g.score[0].max(g.score[1]),
                    g.score[0].min(g.score[1]),
                    if g.overtime > 0 { " in overtime" } else { "" }
                ),
                None => format!("tied {}–{}: overtime", g.score[0], g.score[1]),
            };
            s.labels.push(Label {
                at: Vec3::new(0.0, TOP + 0.02, -0.02),
                text: verdict,
                colour: [255, 230, 140],
                big: true,
            });
        }
    }
    /// A game being arranged: what each side has laid, your slots, who is away and home.
    fn lay_lineup(
        &self,
        s: &mut TableScene<Action>,
        m: &Match,
        you: Option<Seat>,
        viewer: Option<Seat>,
        place: &mut impl FnMut(&mut TableScene<Action>, u8, bool, Spot, Option<Action>),
    ) {
        for side in 0..2 {
            let seat = [m.away, m.home][side];
            for (col, &c) in m.lines[side].iter().enumerate() {
                place(
                    s,
                    c,
                    Some(seat) == viewer,
                    row_spot(side, col, Some(seat) == viewer),
                    None,
                );
            }
            if you == Some(seat) && self.arranging_side() == Some(side) {
                let laid = m.lines[side].len();
                for (i, col) in (laid..6).enumerate() {
                    let spot = row_spot(side, col, true);
                    s.slots.push(Slot {
                        at: spot.pos,
                        yaw: 0.0,
                        index: i,
                    });
                }
            }
        }
        s.labels.push(Label {
            at: Vec3::new(-0.4, TOP, -0.03),
            text: format!("away: seat {}", m.away),
            colour: seat_rgb(m.away),
            big: false,
        });
        s.labels.push(Label {
            at: Vec3::new(-0.4, TOP, 0.115),
            text: format!("home: seat {}", m.home),
            colour: seat_rgb(m.home),
            big: false,
        });
    }

    /// The team of `seat` not yet on the table: yours fanned, the others face down.
    fn team_cards(
        &self,
        s: &mut TableScene<Action>,
        seat: Seat,
        viewer: Option<Seat>,
        legal: &[Action],
        place: &mut impl FnMut(&mut TableScene<Action>, u8, bool, Spot, Option<Action>),
    ) {
        let angle = seat_angle_for(seat, self.rules.players, viewer);
        let team: Vec<u8> = self.teams[seat]
            .iter()
            .copied()
            .filter(|c| !placed_keys_contains(s, *c))
            .collect();
        if Some(seat) == viewer {
            for (c, spot) in team.iter().zip(hand_fan(team.len())) {
                let action = legal.iter().find(|a| plays_card(a, *c)).cloned();
                place(s, *c, true, spot, action);
            }
        } else {
            let centre = seat_centre(angle, 0.2);
            for (c, spot) in team
                .iter()
                .zip(layout::row(centre, angle, team.len(), 0.24, false))
            {
                place(s, *c, false, spot, None);
            }
        }
    }

    /// The manager's seat, who plays it and its wins, marked on its turn.
    fn manager_label(
        &self,
        s: &mut TableScene<Action>,
        seat: Seat,
        viewer: Option<Seat>,
        seats: &[SeatKind],
    ) {
        let angle = seat_angle_for(seat, self.rules.players, viewer);
        let name = match seats.get(seat) {
            Some(SeatKind::You) => "you".to_string(),
            Some(k) => k.to_string(),
            None => String::new(),
        };
        let turn_mark = if self.turn() == Turn::Player(seat) {
            "▶ "
        } else {
            ""
        };
        s.labels.push(Label {
            at: if Some(seat) == viewer {
                Vec3::new(-0.45, TOP, 0.44)
            } else {
                seat_centre(angle, 0.06)
            },
            text: format!("{turn_mark}seat {seat} ({name}): {} wins", self.wins[seat]),
            colour: seat_rgb(seat),
            big: false,
        });
    }

    /// The manager's token on the scoreboard.
    fn board_token(&self, s: &mut TableScene<Action>, seat: Seat) {
        let space = self.wins[seat].min(self.rules.wins_to_playoffs);
        s.tokens.push(Token {
            key: seat as u32,
            at: board_space(space, self.rules.wins_to_playoffs)
                + Vec3::new(0.0, 0.004 * seat as f32, -0.03 + 0.012 * seat as f32),
            colour: SEAT_COLOURS[seat % SEAT_COLOURS.len()],
            radius: 0.011,
        });
    }

    /// The scoreboard's spaces named, Preseason to Playoffs.
    fn board_labels(&self, s: &mut TableScene<Action>) {
        for space in 0..=self.rules.wins_to_playoffs {
            let text = match space {
                0 => "Preseason".to_string(),
                x if x == self.rules.wins_to_playoffs => "Playoffs".to_string(),
                x => x.to_string(),
            };
            s.labels.push(Label {
                at: board_space(space, self.rules.wins_to_playoffs) + Vec3::new(0.0, 0.0, 0.035),
                text,
                colour: [230, 220, 200],
                big: false,
            });
        }
    }

    /// The decks, face down and counted; the top card is picked when picking teams.
    fn deck_piles(
        &self,
        s: &mut TableScene<Action>,
        legal: &[Action],
        place: &mut impl FnMut(&mut TableScene<Action>, u8, bool, Spot, Option<Action>),
    ) {
        for p in Position::ALL {
            let deck = &self.decks[p.index()];
            let pick = legal.iter().find(|a| **a == Action::Pick(p)).cloned();
            let count = deck.len();
            for (i, &c) in deck.iter().enumerate() {
                let from_top = i;
                let action = if from_top == 0 { pick.clone() } else { None };
                place(
                    s,
                    c,
                    false,
                    stacked(deck_at(p), 0.0, count - 1 - from_top, false),
                    action,
                );
            }
            s.labels.push(Label {
                at: deck_at(p) + Vec3::new(0.0, 0.0, 0.08),
                text: format!("{}: {count}", p.letter()),
                colour: [230, 220, 200],
                big: false,
            });
        }
    }
}
