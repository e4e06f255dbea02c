//! The referee: plays the rules' actions on the physical table and turns
//! `FlickOutcome`s into the rules' reports. Drives a [`Table`] (tests,
//! benches, bots, the scripted driver).

use bevy::math::{EulerRot, Quat, Vec2, Vec3};

use super::rules::{
    BlastReport, CowboyId, Effect, Game, Intent, MoveReport, Phase, Refusal, ShotReport,
};
use crate::physics::Table;
use crate::physics::pieces::{DiscKind, PartKind, PieceId, PieceKind};
use crate::physics::table::{Flick, FlickOutcome, tilt_deg};
use crate::scenario::kinds::BuildingKind;
use crate::scenario::{PhysicsProfile, Town};

/// Which side of the cowboy the bullet is placed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// The other side of the cowboy.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The support block on this side of a building's door, as seen from
    /// the street in front of it: −1 (the building's −x block, its left) or +1.
    pub fn block(self) -> f32 {
        match self {
            Side::Left => -1.0,
            Side::Right => 1.0,
        }
    }
}

/// How the player sets down the cowboy he has just moved. The book: "Once
/// placed, the cowboy may be oriented in whichever direction the player
/// chooses" (after a failed move too: "returned to where the movement attempt
/// was initiated, oriented in whichever direction the player chooses"), and
/// "upon successfully entering a building, the player places the cowboy on
/// one of the building's two support blocks". Played right after the move
/// ([`Referee::set_down`]); without it the cowboy faces the way he went (or
/// as he stood, after a failed move) and sits on a free block.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum SetDown {
    /// Standing in the street: turned to face this way, radians about the
    /// vertical (his flat front, +z, toward (sin, cos) on the table).
    Facing(f32),
    /// Just walked in: seated on this support block of the building.
    OnBlock(Side),
}

/// The cowboy whose move was the last step, while he may still be set down.
#[derive(Debug, Clone, Copy, PartialEq)]
struct JustMoved {
    cowboy: CowboyId,
    /// The move took him into a building.
    entered: bool,
}

/// A flick as the player gives it: a direction on the table, a strength and a spin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aim {
    pub direction: Vec2,
    /// 0 to 1 (the strongest flick the profile allows); clamped.
    pub strength: f32,
    /// Where the finger meets the rim, as a fraction of the radius right (+)
    /// or left (−) of centre; clamped to ±1.
    pub spin: f32,
}

impl Aim {
    /// Refuses an aim no hand could give (no direction, or not a number)
    /// before anything on the table is touched.
    pub fn check(&self) -> Result<(), Refusal> {
        let finite =
            self.direction.is_finite() && self.strength.is_finite() && self.spin.is_finite();
        if !finite || self.direction.length_squared() < 1e-12 {
            return Err(Refusal(format!(
                "a flick needs a direction and finite numbers, not {self:?}"
            )));
        }
        Ok(())
    }

    /// The flick of `disc` this aim describes, clamped as a mouse flick is.
    pub fn flick(&self, disc: PieceId) -> Flick {
        Flick {
            piece: disc,
            direction: self.direction,
            strength: self.strength.clamp(0.0, 1.0),
            spin: self.spin.clamp(-1.0, 1.0),
        }
    }
}

/// The rules and the table together: a plain value, so a bot can fork it.
#[derive(Clone)]
pub struct Referee {
    pub table: Table,
    pub game: Game,
    /// The figure of each cowboy.
    pub figures: Vec<PieceId>,
    buildings: Vec<(BuildingKind, PieceId)>,
    movement_disc: PieceId,
    bullets: Vec<PieceId>,
    /// Where each disc rests when not in play.
    parking: Vec<(PieceId, Vec2)>,
    /// The last flick's outcome, for the HUD and the log.
    pub last_outcome: Option<FlickOutcome>,
    /// The rules' verdict on the last shot (for the window's hit markers).
    pub last_shot: Option<super::markers::ShotVerdict>,
    /// While the second bullet of a two-pistol shot is awaited: the side the
    /// first was flicked from ([`Referee::shot_sides`]).
    first_bullet: Option<Side>,
    /// The cowboy just moved, until the next step ([`Referee::set_down`]).
    just_moved: Option<JustMoved>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RefereeError {
    #[error("{0}")]
    Refused(#[from] Refusal),
    #[error("{0}")]
    Physics(String),
}

fn xz(v: Vec3) -> Vec2 {
    Vec2::new(v.x, v.z)
}

impl Referee {
    /// Sets up the town and the game; the town file must have a `game` section.
    pub fn new(profile: PhysicsProfile, town: &Town, seed: u64) -> Result<Self, String> {
        let setup = town.game.clone().ok_or_else(|| {
            format!(
                "\"{}\" has no `game` section: it is a town, not a scenario",
                town.name
            )
        })?;
        let table = Table::new(profile, town);
        let specs = town.cowboy_specs();
        // By name among the figures only: a cowboy may share a building's name.
        let figures = specs
            .iter()
            .map(|s| {
                table
                    .index()
                    .pieces
                    .iter()
                    .find(|p| p.kind.is_figure() && p.name == s.name)
                    .map(|p| p.id)
                    .expect("every cowboy has a figure")
            })
            .collect::<Vec<_>>();
        let buildings: Vec<(BuildingKind, PieceId)> = table
            .index()
            .pieces
            .iter()
            .filter_map(|p| {
                if let PieceKind::Building(b) = p.kind {
                    Some((b, p.id))
                } else {
                    None
                }
            })
            .collect();
        let kinds: Vec<BuildingKind> = buildings.iter().map(|b| b.0).collect();
        let game = Game::new(setup, &specs, &kinds, seed).map_err(|e| e.to_string())?;
        let movement_disc = table
            .discs()
            .find(|(_, k)| *k == PieceKind::Disc(DiscKind::Movement))
            .map(|d| d.0)
            .expect("a movement disc");
        let bullets: Vec<PieceId> = table
            .discs()
            .filter(|(_, k)| *k == PieceKind::Disc(DiscKind::Bullet))
            .map(|d| d.0)
            .collect();
        let mut referee = Self {
            table,
            game,
            figures,
            buildings,
            movement_disc,
            bullets,
            parking: Vec::new(),
            last_outcome: None,
            last_shot: None,
            first_bullet: None,
            just_moved: None,
        };
        let discs: Vec<PieceId> = referee.table.discs().map(|d| d.0).collect();
        // The discs wait on the player's edge out of play: a move or a
        // bullet passing their spot does not touch them (at a real table
        // they lie in the box; in the book only "objects, figures and
        // support blocks" fail a move).
        for d in discs {
            let at = xz(referee.table.pose(d).0);
            referee.parking.push((d, at));
            referee.table.set_aside(d);
        }
        // Cowboys who start inside sit on their building's support blocks.
        for id in 0..referee.game.cowboys.len() {
            if let Some(b) = referee.game.cowboys[id].inside {
                referee.seat_inside(id, b);
            }
        }
        referee.table.settle(2000);
        Ok(referee)
    }

    /// The table and the game as a player sitting at it sees them: the same
    /// table, the rules with face-down tokens hidden and the draw order unknown
    /// ([`Game::public_view`]). Bots plan on this.
    pub fn public_view(&self) -> Referee {
        let mut view = self.clone();
        view.game = self.game.public_view();
        view
    }

    /// The cowboy whose figure is this piece.
    pub fn cowboy_of(&self, piece: PieceId) -> Option<CowboyId> {
        self.figures.iter().position(|p| *p == piece)
    }

    /// The buildings on the table, with their pieces.
    pub fn buildings(&self) -> &[(BuildingKind, PieceId)] {
        &self.buildings
    }

    /// The movement disc and the bullets.
    pub fn discs(&self) -> (PieceId, &[PieceId]) {
        (self.movement_disc, &self.bullets)
    }

    pub fn has_building(&self, b: BuildingKind) -> bool {
        self.building_piece(b).is_some()
    }

    /// The piece of building `b`, if the town has it.
    pub fn building_piece(&self, b: BuildingKind) -> Option<PieceId> {
        self.buildings.iter().find(|x| x.0 == b).map(|x| x.1)
    }

    /// A point in a building's frame (x along the door, z toward the street) in table coordinates.
    pub fn building_point(&self, b: BuildingKind, local: Vec3) -> Vec3 {
        let piece = self.building_piece(b).expect("building on the table");
        let (t, r) = self.table.pose(piece);
        t + r * local
    }

    fn to_building(&self, b: BuildingKind, world: Vec3) -> Vec3 {
        let piece = self.building_piece(b).expect("building on the table");
        let (t, r) = self.table.pose(piece);
        r.inverse() * (world - t)
    }

    /// Where support block `side` (−1 or +1) of building `b` stands on the
    /// table: its centre, at the table top.
    pub fn block_point(&self, b: BuildingKind, side: f32) -> Vec2 {
        let x = side * self.table.profile().pieces.building.block_offset();
        xz(self.building_point(b, Vec3::new(x, 0.0, 0.0)))
    }

    /// Where a support block's top is, in the building's frame (`side` −1 or +1).
    fn block_top(&self, side: f32) -> Vec3 {
        let bs = &self.table.profile().pieces.building;
        // On the street side of the facade, which stands on the blocks' middle.
        let front = bs.facade_size.2 / 2.0 + self.table.profile().pieces.figure.base_radius + 5e-4;
        Vec3::new(bs.block_offset() * side, bs.block_size.1, front)
    }

    /// The support block (−1 or +1) this cowboy's figure stands on in building `b`, if any.
    pub fn block_of(&self, cowboy: CowboyId, b: BuildingKind) -> Option<f32> {
        let figure = self.figures[cowboy];
        if !self.table.in_play(figure) || self.building_piece(b).is_none() {
            return None;
        }
        let bs = self.table.profile().pieces.building.clone();
        let (t, r) = self.table.pose(figure);
        // A seated cowboy the rules count fallen lies on his block (shot
        // there in a duel); every other seated cowboy stands on it.
        let fallen = self.game.cowboys[cowboy].fallen;
        let lying = tilt_deg(r) >= self.table.profile().knocked_over_tilt_deg;
        if lying != fallen {
            return None;
        }
        let local = self.to_building(b, t);
        // Standing, the figure's base is on the block's top; lying, it rests
        // on its side a little above it.
        let (below, above) = if lying { (0.002, 0.03) } else { (0.01, 0.01) };
        [-1.0, 1.0].into_iter().find(|&side| {
            let top = self.block_top(side);
            (local.x - top.x).abs() < bs.block_size.0 / 2.0
                && (local.z - top.z).abs() < bs.block_size.2 / 2.0
                && local.y - top.y > -below
                && local.y - top.y < above
        })
    }

    /// A support block of building `b` that no other living cowboy sits on.
    fn free_block(&self, cowboy: CowboyId, b: BuildingKind) -> Option<f32> {
        let taken: Vec<f32> = (0..self.game.cowboys.len())
            .filter(|&i| {
                i != cowboy
                    && self.game.cowboys[i].alive()
                    && self.game.cowboys[i].inside == Some(b)
            })
            .filter_map(|i| self.block_of(i, b))
            .collect();
        [-1.0, 1.0].into_iter().find(|s| !taken.contains(s))
    }

    /// Puts a cowboy's figure on one of its building's support blocks: the one
    /// it sits on already, or a free one (the rules let no more than two in).
    fn seat_inside(&mut self, cowboy: CowboyId, b: BuildingKind) {
        let side = self
            .block_of(cowboy, b)
            .or_else(|| self.free_block(cowboy, b))
            .unwrap_or(-1.0);
        self.seat_on(cowboy, b, side);
    }

    /// Puts a cowboy's figure on support block `side` (−1 or +1) of building `b`.
    fn seat_on(&mut self, cowboy: CowboyId, b: BuildingKind, side: f32) {
        let top = self.building_point(b, self.block_top(side));
        let (_, rot) = self.table.pose(self.building_piece(b).expect("building"));
        if self.game.cowboys[cowboy].fallen {
            // Lying along the facade, head out past the block's outer edge.
            let out = rot * Vec3::new(side, 0.0, 0.0);
            self.table
                .lay_on(self.figures[cowboy], xz(top), top.y, out.x.atan2(out.z));
        } else {
            let facing = rot.to_euler(bevy::math::EulerRot::YXZ).0;
            self.table
                .stand(self.figures[cowboy], Vec3::new(top.x, top.y, top.z), facing);
        }
    }

    /// In a duel, the cowboy a bullet hits by striking first the support block
    /// he sits on: a figure on a block stands above a bullet's reach, so the
    /// block is where he is shot (docs/flick-em-up.md). Not the shooter's own
    /// building (a bullet shot from inside may graze its doorway going out).
    fn seated_hit(&self, outcome: &FlickOutcome, shooter: CowboyId) -> Option<CowboyId> {
        if !self.game.setup.duel {
            return None;
        }
        let first = outcome.touched.first()?;
        let side = match first.part {
            PartKind::LeftBlock => -1.0,
            PartKind::RightBlock => 1.0,
            _ => return None,
        };
        let &(b, _) = self.buildings.iter().find(|(_, p)| *p == first.piece)?;
        if self.game.cowboys[shooter].inside == Some(b) {
            return None;
        }
        (0..self.game.cowboys.len()).find(|&c| {
            let cowboy = &self.game.cowboys[c];
            cowboy.inside == Some(b)
                && cowboy.alive()
                && !cowboy.fallen
                && self.block_of(c, b) == Some(side)
        })
    }

    /// The nearest point on the table to `at`, `margin` in from its edge.
    fn on_table(&self, at: Vec2, margin: f32) -> Vec2 {
        let (w, d) = self.table.profile().table.size;
        Vec2::new(
            at.x.clamp(-w / 2.0 + margin, w / 2.0 - margin),
            at.y.clamp(-d / 2.0 + margin, d / 2.0 - margin),
        )
    }

    /// After a flick, the table shows what the rules say of every living
    /// cowboy: the seated back on their support blocks (their building may have
    /// been pushed), a cowboy knocked off the table put back at its edge where
    /// he fell (standing, or lying if the rules count him fallen), a fallen one
    /// lying. The rule book is silent on figures falling off the table; this is
    /// our reading of it (docs/flick-em-up.md).
    fn tidy(&mut self) {
        let limit = self.table.profile().knocked_over_tilt_deg;
        let margin = self.table.profile().pieces.figure.base_radius + 0.01;
        for c in 0..self.game.cowboys.len() {
            let cowboy = &self.game.cowboys[c];
            if !cowboy.alive() {
                continue;
            }
            let (fallen, inside) = (cowboy.fallen, cowboy.inside);
            let figure = self.figures[c];
            if let Some(b) = inside {
                self.seat_inside(c, b);
                continue;
            }
            let (t, r) = self.table.pose(figure);
            let at = self.on_table(xz(t), margin);
            let lying = tilt_deg(r) >= limit;
            if !self.table.in_play(figure) || (fallen && !lying) {
                if fallen {
                    let inward = -at.normalize_or(Vec2::X);
                    self.table.lay(figure, at, inward.x.atan2(inward.y));
                } else {
                    self.table.stand(figure, Vec3::new(at.x, 0.0, at.y), 0.0);
                }
            } else if !fallen && lying {
                self.table.stand(figure, Vec3::new(t.x, 0.0, t.z), 0.0);
            }
        }
    }

    fn park_disc(&mut self, disc: PieceId) {
        if let Some(&(_, at)) = self.parking.iter().find(|p| p.0 == disc) {
            self.table.place(disc, at, 0.0);
            self.table.set_aside(disc);
        }
    }

    /// Applies an intent and plays its immediate physical effects (standing up, removing the dead).
    pub fn apply(&mut self, intent: Intent) -> Result<Vec<Effect>, RefereeError> {
        let effects = self.game.apply(intent)?;
        self.just_moved = None;
        self.play_effects(&effects);
        Ok(effects)
    }

    fn play_effects(&mut self, effects: &[Effect]) {
        for e in effects {
            match *e {
                Effect::StandUp { cowboy } => {
                    let piece = self.figures[cowboy];
                    let (t, _) = self.table.pose(piece);
                    if let Some(b) = self.game.cowboys[cowboy].inside {
                        self.seat_inside(cowboy, b);
                    } else {
                        self.table.stand(piece, Vec3::new(t.x, 0.0, t.z), 0.0);
                    }
                }
                Effect::Remove { cowboy } => self.table.park(self.figures[cowboy]),
                _ => {}
            }
        }
    }

    /// Where the movement disc of a cowboy inside building `b` is set down
    /// to step out: behind its support blocks, on the door's axis.
    pub fn exit_start(&self, b: BuildingKind) -> Vec3 {
        let r = self.table.profile().pieces.movement_disc.radius;
        let bz = self.table.profile().pieces.building.block_size.2;
        self.building_point(b, Vec3::new(0.0, 0.0, -(bz / 2.0 + r + 0.01)))
    }

    /// Where the movement disc starts for this cowboy: where it stands, or
    /// behind its building on the door's axis.
    pub fn move_start(&self, cowboy: CowboyId) -> Vec3 {
        match self.game.cowboys[cowboy].inside {
            Some(b) => self.exit_start(b),
            // The disc replaces the cowboy: where his figure stood, or as
            // near as it fits beside what he stands against (the disc is
            // wider than a figure's base, so set down on the very spot it
            // would overlap a barrel or a wall, and every move would fail).
            None => {
                let at = self.table.pose(self.figures[cowboy]).0;
                let r = self.table.profile().pieces.movement_disc.radius;
                self.table
                    .clear_spot(self.movement_disc, xz(at), &[self.figures[cowboy]], r)
                    .map_or(at, |p| Vec3::new(p.x, at.y, p.y))
            }
        }
    }

    /// Where the player's finger goes for the flick awaited now, and which disc it flicks.
    pub fn flick_anchor(&self) -> Option<(Vec3, PieceId)> {
        match self.game.phase.clone() {
            Phase::AwaitMove { cowboy, .. } => Some((self.move_start(cowboy), self.movement_disc)),
            Phase::AwaitShots { cowboy, .. } | Phase::AwaitBlast { cowboy, .. } => {
                let at = match self.game.cowboys[cowboy].inside {
                    Some(_) => self.move_start(cowboy),
                    None => self.table.pose(self.figures[cowboy]).0,
                };
                Some((at, self.bullets[0]))
            }
            _ => None,
        }
    }

    /// Objects standing in this building's doorway (or just in front of it).
    pub fn door_blockers(&self, b: BuildingKind) -> Vec<PieceId> {
        let bs = self.table.profile().pieces.building.clone();
        let pieces: Vec<(PieceId, f32)> = self
            .table
            .index()
            .pieces
            .iter()
            .filter(|p| matches!(p.kind, PieceKind::Prop(_) | PieceKind::Gallows))
            .map(|p| (p.id, p.radius))
            .collect();
        let mut out = Vec::new();
        for (id, r) in pieces {
            let (t, _) = self.table.pose(id);
            if t.y < -0.02 {
                continue;
            }
            let local = self.to_building(b, t);
            if local.x.abs() < bs.door_width / 2.0 + r
                && local.z > -bs.block_size.2 / 2.0 - r
                && local.z < bs.block_size.2 / 2.0 + r + 0.05
            {
                out.push(id);
            }
        }
        out
    }

    /// Whether this building's doorway may be cleared now. The book: "If a
    /// building's entrance becomes blocked by an object, that object may be
    /// moved to one side or the other to permit entry into the building": so
    /// while a cowboy outside is being played with an action left to walk in,
    /// at an open building, and only what stands in its doorway.
    pub fn may_clear_door(&self, b: BuildingKind) -> Result<(), Refusal> {
        let refuse = |why: String| Err(Refusal(why));
        let Phase::Acting {
            cowboy,
            actions_left,
        } = self.game.phase
        else {
            return refuse(
                "a doorway is cleared for the cowboy being played, before he walks in".into(),
            );
        };
        let c = &self.game.cowboys[cowboy];
        if !c.alive() || actions_left == 0 {
            return refuse(format!("{} has no action left to walk in", c.name));
        }
        if c.inside.is_some() {
            return refuse(format!("{} is inside a building already", c.name));
        }
        if !self.has_building(b) {
            return refuse(format!("this town has no {}", b.title()));
        }
        if self.game.setup.closed.contains(&b) {
            return refuse(format!("the {} is closed in this scenario", b.title()));
        }
        if self.door_blockers(b).is_empty() {
            return refuse(format!("nothing blocks the {}'s door", b.title()));
        }
        Ok(())
    }

    /// The rule book's courtesy: an object blocking a door may be moved to one
    /// side to let a cowboy in ([`Referee::may_clear_door`]). Moves every
    /// blocker in front of a support block; returns what was moved. Costs no
    /// action.
    pub fn clear_door(&mut self, b: BuildingKind) -> Result<Vec<PieceId>, Refusal> {
        self.may_clear_door(b)?;
        self.just_moved = None;
        let bs = self.table.profile().pieces.building.clone();
        let blockers = self.door_blockers(b);
        for (i, &id) in blockers.iter().enumerate() {
            let r = self.table.index().get(id).map_or(0.02, |p| p.radius);
            let (t, rot) = self.table.pose(id);
            let local = self.to_building(b, t);
            let side = if local.x < 0.0 { -1.0 } else { 1.0 };
            let x = side * bs.block_offset();
            let z = bs.block_size.2 / 2.0 + r + 0.01 + i as f32 * 2.0 * r;
            let to = self.building_point(b, Vec3::new(x, 0.0, z));
            let facing = rot.to_euler(bevy::math::EulerRot::YXZ).0;
            self.table.place(id, xz(to), facing);
            let name = self
                .table
                .index()
                .get(id)
                .map(|p| p.name.clone())
                .unwrap_or_default();
            self.game.log.push(format!(
                "The {name} is moved aside from the {}'s door.",
                b.title()
            ));
        }
        Ok(blockers)
    }

    /// The movement flick for the cowboy being moved.
    pub fn flick_move(&mut self, aim: Aim) -> Result<MoveReport, RefereeError> {
        let Phase::AwaitMove { cowboy, .. } = self.game.phase.clone() else {
            return Err(Refusal("no move is being flicked".into()).into());
        };
        aim.check()?;
        let figure = self.figures[cowboy];
        let snapshot = self.table.snapshot();
        let disc = self.movement_disc;
        let inside = self.game.cowboys[cowboy].inside;
        let start = self.move_start(cowboy);
        self.table.park(figure);
        self.table.place(disc, xz(start), 0.0);
        // A look-ahead's move ends as soon as it has failed: whatever
        // happens after that, the town is put back.
        let outcome = if self.table.is_quick() {
            self.table.flick_until_spoiled(aim.flick(disc))
        } else {
            self.table.flick_to_rest(aim.flick(disc))
        }
        .map_err(|e| RefereeError::Physics(e.to_string()))?;
        let rest = outcome.rest_position;
        let report = self.move_report(cowboy, start, &outcome);
        self.last_outcome = Some(outcome);
        let success = self.game.move_fails(cowboy, &report).is_none();
        let effects = self.game.resolve_move(report)?;
        if success {
            // Turned to face the way it went: a figure turned by `facing`
            // about the vertical has its flat front (+z) toward (sin, cos).
            // The player may turn him another way next ([`Referee::set_down`]).
            let facing = aim.direction.x.atan2(aim.direction.y);
            self.park_disc(disc);
            match self.game.cowboys[cowboy].inside {
                Some(b) => self.seat_inside(cowboy, b),
                None => self
                    .table
                    .stand(figure, Vec3::new(rest.x, 0.0, rest.z), facing),
            }
        } else {
            // A failed move puts the whole town back, the cowboy too.
            self.table.restore(&snapshot);
        }
        self.play_effects(&effects);
        self.tidy();
        // Set down as the player chooses, next: turned where he stands, or
        // on the support block of his choice if he just walked in.
        self.just_moved = Some(JustMoved {
            cowboy,
            entered: inside.is_none() && self.game.cowboys[cowboy].inside.is_some(),
        });
        Ok(report)
    }

    /// What a movement flick did, as the rules judge it (`start`: where the
    /// disc was set down; `outcome`: the flick's). The book:
    /// - entering: "flick the movement disc between the two support blocks";
    ///   "the cowboy succeeds in entering the building when any portion of
    ///   the movement disc has passed the line which designates that
    ///   building's door"; "touching the inside section of a support block
    ///   with the movement disc is allowed": a touch of that building's
    ///   block by a disc whose centre was then between the blocks' inner
    ///   faces, in the doorway (a disc that struck a block's front or outer
    ///   side from the street touched a support block, and the move fails);
    /// - exiting: "the cowboy succeeds in exiting the building when the
    ///   entirety of the movement disc has passed the line"; "touching a
    ///   support block with the movement disc is also allowed": any part of
    ///   its own building's blocks;
    /// - every other touch of an object, figure or support block fails it.
    pub fn move_report(&self, cowboy: CowboyId, start: Vec3, outcome: &FlickOutcome) -> MoveReport {
        let r = self.table.profile().pieces.movement_disc.radius;
        let door_half = self.table.profile().pieces.building.door_width / 2.0;
        let inside = self.game.cowboys[cowboy].inside;
        let rest = outcome.rest_position;
        let mut report = MoveReport {
            left_table: outcome.left_table,
            ..Default::default()
        };
        // Which door did the disc pass, and how far?
        let mut door_building = None;
        for &(b, _) in &self.buildings {
            let s = self.to_building(b, start);
            let e = self.to_building(b, rest);
            match inside {
                None => {
                    // Entering: from the street side, any part of the disc past the line, between the blocks.
                    if s.z > r && e.z < r && crossing_x(s, e, r).abs() <= door_half {
                        report.entered = Some(b);
                        door_building = Some(b);
                    }
                }
                Some(home) if home == b => {
                    // Exiting: the whole disc past the line, through the door.
                    if e.z > r && crossing_x(s, e, 0.0).abs() <= door_half {
                        report.exited = true;
                    }
                    door_building = Some(b);
                }
                Some(_) => {}
            }
        }
        let allowed = door_building.and_then(|b| self.building_piece(b).map(|p| (b, p)));
        report.touched = outcome.touched.iter().any(|t| {
            let block = matches!(t.part, PartKind::LeftBlock | PartKind::RightBlock);
            match allowed {
                Some((b, piece)) if block && t.piece == piece => {
                    // Out of its own building, any part of its blocks; in,
                    // only their inside section, from the doorway.
                    inside != Some(b) && self.to_building(b, t.at).x.abs() >= door_half
                }
                _ => true,
            }
        });
        report
    }

    /// Sets down the cowboy just moved as the player chooses ([`SetDown`]):
    /// turned to face any way where he stands (after a move that failed
    /// too), or, if the move took him in, seated on the support block of his
    /// choice. Allowed right after the move, before any other step; costs no
    /// action; may be done again to change one's mind. Refused with the
    /// reason otherwise, and nothing changes.
    pub fn set_down(&mut self, how: SetDown) -> Result<(), Refusal> {
        let cowboy = self.may_set_down(how)?;
        let name = self.game.cowboys[cowboy].name.clone();
        match how {
            SetDown::Facing(facing) => {
                let figure = self.figures[cowboy];
                let (at, _) = self.table.pose(figure);
                self.table.stand(figure, at, facing);
                self.game.log.push(format!(
                    "{name} is turned to face {:.0}°.",
                    facing.to_degrees()
                ));
            }
            SetDown::OnBlock(side) => {
                let b = self.game.cowboys[cowboy].inside.expect("checked: inside");
                self.seat_on(cowboy, b, side.block());
                self.game.log.push(format!(
                    "{name} sits on the {}'s {} support block.",
                    b.title(),
                    side.name()
                ));
            }
        }
        Ok(())
    }

    /// The cowboy just moved, while he may still be set down, and the way
    /// his figure faces now (radians about the vertical, as [`SetDown::Facing`]).
    pub fn just_moved(&self) -> Option<(CowboyId, f32)> {
        let JustMoved { cowboy, .. } = self.just_moved?;
        let (_, rot) = self.table.pose(self.figures[cowboy]);
        let (facing, _, _) = rot.to_euler(EulerRot::YXZ);
        Some((cowboy, facing))
    }

    /// Whether the cowboy just moved may be set down so now; the cowboy.
    pub fn may_set_down(&self, how: SetDown) -> Result<CowboyId, Refusal> {
        let refuse = |why: String| Err(Refusal(why));
        let Some(JustMoved { cowboy, entered }) = self.just_moved else {
            return refuse(
                "a cowboy is set down right after his move, before anything else".into(),
            );
        };
        if !matches!(self.game.phase, Phase::Acting { cowboy: c, .. } if c == cowboy) {
            return refuse(
                "a cowboy is set down right after his move, before anything else".into(),
            );
        }
        let c = &self.game.cowboys[cowboy];
        if !c.alive() || c.fallen {
            return refuse(format!("{} is not standing to be set down", c.name));
        }
        match (how, c.inside) {
            (SetDown::Facing(facing), None) => {
                if !facing.is_finite() {
                    return refuse(format!("a facing is an angle, not {facing}"));
                }
                // Turned on his spot, not into what stands against him.
                let figure = self.figures[cowboy];
                let (_, now) = self.table.pose(figure);
                let before = self.table.overlap_turned(figure, now);
                let after = self
                    .table
                    .overlap_turned(figure, Quat::from_rotation_y(facing));
                if after > before.max(0.0) + 5e-4 {
                    return refuse(format!(
                        "turned so, {} would stand in what stands against him",
                        c.name
                    ));
                }
                Ok(cowboy)
            }
            (SetDown::Facing(_), Some(b)) => refuse(format!(
                "{} sits on a support block of the {}, facing the street",
                c.name,
                b.title()
            )),
            (SetDown::OnBlock(_), None) => refuse(format!(
                "{} is not inside a building: only one who walks in is seated on a support block",
                c.name
            )),
            (SetDown::OnBlock(side), Some(b)) => {
                if !entered {
                    return refuse(format!(
                        "{} did not walk into the {} with this move: he keeps his block",
                        c.name,
                        b.title()
                    ));
                }
                let taken = (0..self.game.cowboys.len()).any(|o| {
                    o != cowboy
                        && self.game.cowboys[o].alive()
                        && self.game.cowboys[o].inside == Some(b)
                        && self.block_of(o, b) == Some(side.block())
                });
                if taken {
                    return refuse(format!(
                        "the {}'s {} support block is taken",
                        b.title(),
                        side.name()
                    ));
                }
                Ok(cowboy)
            }
        }
    }

    /// The direction that sends a bullet from its starting place (beside the
    /// cowboy, on `side`) straight at `target`.
    pub fn aim_at(&self, cowboy: CowboyId, side: Side, target: Vec2) -> Vec2 {
        let r = self.table.profile().pieces.bullet.radius;
        let mut direction = target - self.position(cowboy);
        for _ in 0..3 {
            let start = self.shot_start(cowboy, side, direction, r);
            direction = target - start;
        }
        direction
    }

    /// Where a shot starts: beside the cowboy (one bullet-width away), or behind its building.
    ///
    /// The book: "he places a bullet to the left or right of his cowboy, at
    /// the distance of one bullet". A cowboy may stand nearer a wall, a
    /// fence, a barrel or another figure than that: the bullet is then slid
    /// along that line, first toward the cowboy (between him and what stands
    /// there), then outward (at most two bullet radii), to the nearest spot
    /// where it touches nothing, as a person would set it down; where none
    /// is clear it stays on its spot. Set down in a wall, it touched the wall
    /// before anything and no shot from that side could count.
    pub fn shot_start(&self, cowboy: CowboyId, side: Side, direction: Vec2, radius: f32) -> Vec2 {
        if let Some(b) = self.game.cowboys[cowboy].inside {
            let bz = self.table.profile().pieces.building.block_size.2;
            return xz(self.building_point(b, Vec3::new(0.0, 0.0, -(bz / 2.0 + radius + 0.01))));
        }
        let (at, _) = self.table.pose(self.figures[cowboy]);
        let d = direction.normalize_or(Vec2::X);
        let right = Vec2::new(-d.y, d.x);
        let base = self.table.profile().pieces.figure.base_radius;
        let offset = base + 3.0 * radius;
        let out = right * if side == Side::Right { 1.0 } else { -1.0 };
        let spot = xz(at) + out * offset;
        let Some(&bullet) = self.bullets.first() else {
            return spot;
        };
        let clear = |d: f32| {
            let p = xz(at) + out * d;
            self.table.clear_spot(bullet, p, &[], 0.0).map(|_| p)
        };
        // Millimetre by millimetre: inward until it would touch his base,
        // then outward.
        const STEP: f32 = 0.001;
        let inward = ((offset - base - radius) / STEP).floor().max(0.0) as usize;
        let outward = (2.0 * radius / STEP).ceil() as usize;
        (0..=inward)
            .map(|k| offset - k as f32 * STEP)
            .chain((1..=outward).map(|k| offset + k as f32 * STEP))
            .find_map(clear)
            .unwrap_or(spot)
    }

    /// Whether a bullet set down at `start` ([`Referee::shot_start`]) and
    /// flicked along `direction` by this cowboy is aimed out through his
    /// building's door. The book, shooting from inside a building: "the
    /// player places the bullet behind the building and aims it at the door
    /// (between the 2 support blocks)": the line of the flick crosses the
    /// door line between the blocks' inner faces. A bullet flicked any other
    /// way (back into the town behind the building, say) hits nobody. Always
    /// true for a cowboy outside.
    pub fn through_the_door(&self, cowboy: CowboyId, start: Vec2, direction: Vec2) -> bool {
        let Some(b) = self.game.cowboys[cowboy].inside else {
            return true;
        };
        let Some(piece) = self.building_piece(b) else {
            return true;
        };
        let (_, rot) = self.table.pose(piece);
        let d = rot.inverse() * Vec3::new(direction.x, 0.0, direction.y);
        let s = self.to_building(b, Vec3::new(start.x, 0.0, start.y));
        if d.z <= 1e-6 {
            return false;
        }
        let door_half = self.table.profile().pieces.building.door_width / 2.0;
        (s.x - s.z * d.x / d.z).abs() < door_half
    }

    /// The sides the next bullet may start from. The book, shooting with two
    /// pistols: "the player places a bullet on each side of the cowboy and
    /// flicks them one after the other", so the second bullet goes on the
    /// side the first did not (from inside a building both start behind it).
    pub fn shot_sides(&self) -> Vec<Side> {
        match (&self.game.phase, self.first_bullet) {
            (Phase::AwaitShots { cowboy, .. }, Some(first))
                if self.game.cowboys[*cowboy].inside.is_none() =>
            {
                vec![first.other()]
            }
            _ => vec![Side::Left, Side::Right],
        }
    }

    /// One bullet of the shot being played.
    pub fn flick_shot(&mut self, side: Side, aim: Aim) -> Result<ShotReport, RefereeError> {
        let Phase::AwaitShots {
            cowboy,
            bullets_left,
            ..
        } = self.game.phase.clone()
        else {
            return Err(Refusal("no shot is being flicked".into()).into());
        };
        aim.check()?;
        if !self.shot_sides().contains(&side) {
            return Err(Refusal(format!(
                "the first bullet went on {}'s {}: the second goes on his {}",
                self.game.cowboys[cowboy].name,
                side.name(),
                side.other().name()
            ))
            .into());
        }
        let bullet = self.bullets[(bullets_left as usize + 1) % self.bullets.len()];
        let r = self.table.profile().pieces.bullet.radius;
        let start = self.shot_start(cowboy, side, aim.direction, r);
        // From inside, the bullet must be aimed out through the door.
        let out_the_door = self.through_the_door(cowboy, start, aim.direction);
        self.table.place(bullet, start, 0.0);
        let outcome = self
            .table
            .flick_to_rest(aim.flick(bullet))
            .map_err(|e| RefereeError::Physics(e.to_string()))?;
        let knocked_first = direct_hit(&outcome, bullet)
            .and_then(|p| self.cowboy_of(p))
            .or_else(|| self.seated_hit(&outcome, cowboy))
            .filter(|_| out_the_door);
        if !out_the_door {
            let c = &self.game.cowboys[cowboy];
            let line = format!(
                "{}'s bullet was not aimed out through the {}'s door: it hits nobody.",
                c.name,
                c.inside.map_or("building", |b| b.title())
            );
            self.game.log.push(line);
        }
        let report = ShotReport { knocked_first };
        self.last_shot = Some(super::markers::ShotVerdict {
            knocked_first: knocked_first
                .and_then(|c| self.game.cowboys.get(c))
                .map(|c| c.name.clone()),
            counted: knocked_first
                .is_some_and(|c| c < self.game.cowboys.len() && self.game.hittable(c)),
        });
        // Everyone else knocked over stands back up where they fell ([`Referee::tidy`]).
        self.last_outcome = Some(outcome);
        self.park_disc(bullet);
        let effects = self.game.resolve_shot(report)?;
        self.first_bullet = matches!(self.game.phase, Phase::AwaitShots { .. }).then_some(side);
        self.play_effects(&effects);
        self.tidy();
        Ok(report)
    }

    /// The dynamite (played with a bullet disc): every standing cowboy it knocks over is hit.
    pub fn flick_dynamite(&mut self, side: Side, aim: Aim) -> Result<BlastReport, RefereeError> {
        let Phase::AwaitBlast { cowboy, .. } = self.game.phase.clone() else {
            return Err(Refusal("no dynamite is being thrown".into()).into());
        };
        aim.check()?;
        let charge = *self.bullets.last().expect("bullets");
        let r = self.table.profile().pieces.bullet.radius;
        let start = self.shot_start(cowboy, side, aim.direction, r);
        self.table.place(charge, start, 0.0);
        let outcome = self
            .table
            .flick_to_rest(aim.flick(charge))
            .map_err(|e| RefereeError::Physics(e.to_string()))?;
        let knocked: Vec<CowboyId> = outcome
            .knocked_over
            .iter()
            .filter_map(|k| self.cowboy_of(k.figure))
            .collect();
        let report = BlastReport {
            knocked_over: knocked
                .iter()
                .copied()
                .filter(|&c| self.game.hittable(c))
                .collect(),
        };
        // The cowboys it hits stay down (the rules count them fallen); the rest
        // stand up ([`Referee::tidy`]).
        self.last_outcome = Some(outcome);
        self.park_disc(charge);
        let effects = self.game.resolve_blast(report.clone())?;
        self.play_effects(&effects);
        self.tidy();
        Ok(report)
    }

    /// A cowboy's position on the table.
    pub fn position(&self, cowboy: CowboyId) -> Vec2 {
        xz(self.table.pose(self.figures[cowboy]).0)
    }

    pub fn rotation(&self, cowboy: CowboyId) -> Quat {
        self.table.pose(self.figures[cowboy]).1
    }
}

/// The figure a bullet knocked over directly: its first contact, knocked over by
/// the bullet itself. A figure felled after a ricochet, or only grazed, is no hit.
pub fn direct_hit(outcome: &FlickOutcome, bullet: PieceId) -> Option<PieceId> {
    let first = outcome.touched.first()?.piece;
    outcome
        .knocked_over
        .iter()
        .any(|k| k.figure == first && k.by == Some(bullet))
        .then_some(first)
}

/// Where the straight path from `s` to `e` (building frame) crosses z = `z`.
fn crossing_x(s: Vec3, e: Vec3, z: f32) -> f32 {
    let dz = e.z - s.z;
    if dz.abs() < 1e-6 {
        return s.x;
    }
    let t = ((z - s.z) / dz).clamp(0.0, 1.0);
    s.x + (e.x - s.x) * t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::table::{Knockdown, Touch};

    fn outcome(touched: &[u16], knocked: &[(u16, u16)]) -> FlickOutcome {
        FlickOutcome {
            flick: Flick::new(PieceId(9), Vec2::X, 1.0),
            piece: PieceId(9),
            name: "Bullet".into(),
            touched: touched
                .iter()
                .map(|&p| Touch {
                    piece: PieceId(p),
                    name: String::new(),
                    part: PartKind::Whole,
                    time: 0.1,
                    at: Vec3::ZERO,
                })
                .collect(),
            left_table: false,
            rest_position: Vec3::ZERO,
            rest_rotation: Quat::IDENTITY,
            travelled: 0.3,
            knocked_over: knocked
                .iter()
                .map(|&(f, by)| Knockdown {
                    figure: PieceId(f),
                    name: String::new(),
                    by: Some(PieceId(by)),
                    by_name: None,
                })
                .collect(),
            moved: vec![],
            steps: 10,
            sim_time: 0.1,
            at_rest: true,
            still_moving: vec![],
        }
    }

    #[test]
    fn a_hit_is_the_first_contact_knocked_over_by_the_bullet() {
        assert_eq!(
            direct_hit(&outcome(&[1, 2], &[(1, 9), (2, 9)]), PieceId(9)),
            Some(PieceId(1)),
            "only the first counts"
        );
    }

    #[test]
    fn a_ricochet_is_no_hit() {
        // The bullet meets a fence (3) first, then fells cowboy 1.
        assert_eq!(direct_hit(&outcome(&[3, 1], &[(1, 9)]), PieceId(9)), None);
    }

    #[test]
    fn a_graze_is_no_hit() {
        assert_eq!(direct_hit(&outcome(&[1], &[]), PieceId(9)), None);
        // Knocked over, but by another figure the bullet pushed: not by the bullet.
        assert_eq!(direct_hit(&outcome(&[1], &[(1, 4)]), PieceId(9)), None);
    }
}
