//! How good a position is for a team: the scenario's victory conditions first,
//! then sound play (hit points, who can shoot whom, cover, tokens that matter).
//! Reads only what a player at the table sees: positions, hats, hit points,
//! carried and face-up tokens.

use bevy::math::{Vec2, Vec3, Vec3Swizzles};

use super::paths::{Field, straight_runs};
use crate::flick::referee::{Referee, Side};
use crate::flick::rules::{Cowboy, CowboyId, Game, Outcome, Phase};
use crate::physics::pieces::{PieceId, PieceKind};
use crate::scenario::game::{AtNoon, Condition, Place, Token, Victory};
use crate::scenario::kinds::{BuildingKind, Team};
use crate::scenario::town::PropKind;

/// A won game, in points (a hit point is worth 10).
pub const WIN: f32 = 1000.0;
const HIT_POINT: f32 = 10.0;
const ALIVE: f32 = 25.0;
/// What carrying a token one metre nearer to where it must go is worth.
const CARRY: f32 = 80.0;
/// Beyond this distance from its goal a carried token gains nothing by moving.
const CARRY_REACH: f32 = 1.2;
/// How much farther from its goal a token is while its carrier sits in
/// another building: stepping out costs a move that brings it no nearer, so
/// without this a carrier who took it there never left (watched: the hostage
/// held in the Saloon by the lawman who freed her, from 5 o'clock to noon).
const EXIT_COST: f32 = 0.3;
/// The most a carrier's way to the goal counts beyond the straight line (a
/// goal walled in by pieces is still worth walking toward).
const DETOUR: f32 = 0.3;
/// What leaving a token where it must go adds to carrying it there (the
/// carrier gives up 40 points of holding it: the gain is 60).
const DELIVERED: f32 = 100.0;
/// What each token the count still wants, and nobody of the team holds,
/// costs (times the hurry): taking one where it lies is worth a trip.
const MISSING: f32 = 40.0;
/// What a token carried is worth wherever it is (never less than lying in
/// a pile: nobody should drop it to be rid of the distance).
const CARRIED: f32 = 25.0;
/// What a token carried into its goal is worth, its pull aside.
const HELD_IN_GOAL: f32 = 40.0;
/// How many cowboys a building seats.
const SEATS: usize = 2;
/// The share of a delivered token's worth that an enemy inside the goal
/// takes away: he takes it on his turn unless he is shot first.
const THEFT: f32 = 0.6;
/// The part of [`THEFT`] an enemy at the goal's door threatens (he must
/// walk in first, and the move may fail), less the farther he stands.
const NEAR_DOOR: f32 = 0.3;
/// From how far an enemy is a threat to walk into the goal (metres: about
/// a full-strength move).
const THEFT_REACH: f32 = 0.8;
/// What each metre between a hunting cowboy and his nearest target costs.
const HUNT: f32 = 10.0;
/// How much of what a carrier's next straight slide could bring is counted
/// before it is flicked (it may fall short, or fail).
const NEXT_MOVE: f32 = 0.5;
/// Directions a next move is looked along.
const NEXT_MOVE_DIRECTIONS: usize = 24;
/// The longest slide a next move is counted for (metres; a full flick slides about 80 cm).
const NEXT_MOVE_REACH: f32 = 0.5;
/// Beyond this distance a shot is hopeless (metres).
pub const SHOT_RANGE: f32 = 0.6;
/// What a second holder seated in a building to be held at noon is worth
/// (two hits).
const SPARE_HOLDER: f32 = 20.0;

pub fn other(team: Team) -> Team {
    if team == Team::Lawmen {
        Team::Outlaws
    } else {
        Team::Lawmen
    }
}

/// Where each cowboy stands on the table (`None`: dead, or inside a building).
pub fn positions(referee: &Referee) -> Vec<Option<Vec2>> {
    referee
        .game
        .cowboys
        .iter()
        .enumerate()
        .map(|(i, c)| {
            (c.alive() && c.inside.is_none() && referee.table.in_play(referee.figures[i]))
                .then(|| referee.position(i))
        })
        .collect()
}

/// Where a shot at cowboy `t` aims, and the building it is shot into, if
/// any: where he stands, or in a duel the support block he sits on (the
/// bullet that strikes it first hits him).
pub fn aim_point(
    referee: &Referee,
    pos: &[Option<Vec2>],
    t: CowboyId,
) -> Option<(Vec2, Option<PieceId>)> {
    if let Some(p) = pos[t] {
        return Some((p, None));
    }
    let c = &referee.game.cowboys[t];
    let b = c.inside?;
    if !referee.game.setup.duel || !c.alive() {
        return None;
    }
    let side = referee.block_of(t, b)?;
    Some((referee.block_point(b, side), referee.building_piece(b)))
}

/// True when nothing stands between `from` and `to` (pieces' footprints,
/// except the pieces in `ignore`) for a bullet of radius `r`. Round pieces
/// count by their circle ([`crate::physics::table::IndexedPiece::radius`]);
/// a building, a fence or the gallows whose circle the line passes is asked
/// with its real shape ([`crate::physics::Table::slide_touches`]): a
/// building's circle reaches well past its support blocks (a bullet passes
/// under its facade), and counted so, a cowboy standing beside one was out of every
/// shot and out of every enemy's sights (Wyatt, on his last hit point,
/// stood two hours 16 cm from the Kid, who stood by the Town Hall, and the
/// Kid's shot won the game).
pub fn clear_line(referee: &Referee, from: Vec2, to: Vec2, ignore: &[PieceId], r: f32) -> bool {
    let index = referee.table.index();
    let d = to - from;
    let len2 = d.length_squared().max(1e-9);
    // Long pieces whose circle the line passes, to be asked with their
    // shape once no round piece is found in the way (that answers at once).
    let mut long = Vec::new();
    for p in &index.pieces {
        if p.kind.is_disc() || ignore.contains(&p.id) || !referee.table.in_play(p.id) {
            continue;
        }
        let (t, _) = referee.table.pose(p.id);
        if t.y < -0.01 {
            continue;
        }
        let q = Vec2::new(t.x, t.z);
        let s = ((q - from).dot(d) / len2).clamp(0.0, 1.0);
        if (from + d * s).distance(q) > p.radius + r {
            continue;
        }
        match p.kind {
            PieceKind::Building(_) | PieceKind::Gallows | PieceKind::Prop(PropKind::Fence) => {
                long.push(p.id)
            }
            _ => return false,
        }
    }
    let height = referee.table.profile().pieces.bullet.height;
    long.iter()
        .all(|id| !referee.table.slide_touches(r, height, from, to, *id))
}

/// The chance a practised hand hits a clear target this far away.
pub fn hit_chance(distance: f32) -> f32 {
    (1.0 - distance / SHOT_RANGE).clamp(0.0, 1.0)
}

/// What one more hit on `target` is worth to `team` (positive: good for it).
pub(super) fn hit_value(game: &Game, team: Team, target: CowboyId) -> f32 {
    let c = &game.cowboys[target];
    let sign = if c.team == team { -1.0 } else { 1.0 };
    let mut v = HIT_POINT * weight(game, c);
    if c.hit_points <= 1 {
        v += ALIVE * weight(game, c);
    }
    sign * v
}

/// How much a cowboy's life matters: more when a victory condition names him.
fn life_weight(game: &Game, c: &Cowboy) -> f32 {
    let named = game
        .setup
        .victory
        .iter()
        .any(|v| matches!(&v.condition, Condition::Kill(n) if *n == c.name));
    1.0 + if named { 2.0 } else { 0.0 }
}

/// How much hitting a cowboy matters: his life, and more while he carries
/// what must be delivered. (Only for choosing targets: in the position's
/// score the carried token is counted on its own, so that handing it over
/// where it must go is never worth less than keeping it.)
fn weight(game: &Game, c: &Cowboy) -> f32 {
    let carries = c.tokens.iter().any(|t| delivery_token(game, *t));
    life_weight(game, c) + if carries { 1.0 } else { 0.0 }
}

fn delivery_token(game: &Game, token: Token) -> bool {
    game.setup
        .victory
        .iter()
        .any(|v| matches!(v.condition, Condition::Deliver { token: t, .. } if t == token))
}

/// The value of a shot the cowboy could take now from where he stands: the
/// best clear target's hit chance times what a hit is worth.
pub fn shot_value(referee: &Referee, pos: &[Option<Vec2>], shooter: CowboyId) -> f32 {
    let game = &referee.game;
    let c = &game.cowboys[shooter];
    if !c.alive() || c.pistols() == 0 {
        return 0.0;
    }
    let r = referee.table.profile().pieces.bullet.radius;
    // From inside, the bullet starts behind the building and goes out
    // through its door: only what lies in front of the door can be shot.
    let (from, door) = match (pos[shooter], c.inside) {
        (Some(p), _) => (p, None),
        (None, Some(b)) if referee.table.in_play(referee.figures[shooter]) => {
            let door = referee.building_point(b, Vec3::ZERO).xz();
            let out = referee.building_point(b, Vec3::Z).xz() - door;
            let from = referee.shot_start(shooter, Side::Right, out, r);
            (from, Some((b, door, out)))
        }
        _ => return 0.0,
    };
    let mut best = 0.0f32;
    for t in 0..game.cowboys.len() {
        let Some((at, into)) = aim_point(referee, pos, t) else {
            continue;
        };
        if game.cowboys[t].team == c.team || !game.hittable(t) {
            continue;
        }
        let mut ignore = vec![referee.figures[shooter], referee.figures[t]];
        ignore.extend(into);
        if let Some((b, door, out)) = door {
            // Out of the door, within 45° of straight ahead.
            if (at - door).normalize_or_zero().dot(out) < std::f32::consts::FRAC_1_SQRT_2 {
                continue;
            }
            ignore.extend(referee.building_piece(b));
        }
        let d = from.distance(at);
        if d > SHOT_RANGE || !clear_line(referee, from, at, &ignore, r) {
            continue;
        }
        best = best.max(hit_chance(d) * hit_value(game, c.team, t));
    }
    best * c.pistols().min(2) as f32
}

/// How far in front of its door line a cowboy stands to walk in: where the
/// pulls toward a building lead.
const DOOR_FRONT: f32 = 0.08;

/// The spot in front of building `b`'s door from which a cowboy enters it.
/// Pulls lead here, not to the building itself: a cowboy drawn to the
/// building's door line stood in the doorway, or beside a support block,
/// and could never walk in (a move enters only from the street side).
fn door_front(referee: &Referee, b: BuildingKind) -> Option<Vec2> {
    referee.has_building(b).then(|| {
        referee
            .building_point(b, Vec3::new(0.0, 0.0, DOOR_FRONT))
            .xz()
    })
}

/// How near the way in (from the door front to the door line) a cowboy
/// blocks it: a movement disc's width plus a figure's base.
const DOORWAY_CLEAR: f32 = 0.035;

/// True when a cowboy standing at `p` is in the way of walking into `b`,
/// whose door front (see [`door_front`]) is `front`.
fn in_doorway(referee: &Referee, b: BuildingKind, front: Vec2, p: Vec2) -> bool {
    let door = referee.building_point(b, Vec3::ZERO).xz();
    near_segment(door, front, p)
}

/// The way out of building `b`: from where the disc of one inside is set
/// down, behind the support blocks, through the door to its front (a deputy
/// standing behind the Saloon's front touched every move out of it the
/// Marshal could make).
pub(super) fn way_out(referee: &Referee, b: BuildingKind) -> Option<(Vec2, Vec2)> {
    door_front(referee, b).map(|front| (referee.exit_start(b).xz(), front))
}

/// True when `p` is within [`DOORWAY_CLEAR`] of the segment from `a` to `b`.
fn near_segment(a: Vec2, b: Vec2, p: Vec2) -> bool {
    let along = b - a;
    let t = ((p - a).dot(along) / along.length_squared()).clamp(0.0, 1.0);
    p.distance(a + along * t) < DOORWAY_CLEAR
}

fn building_at(referee: &Referee, b: BuildingKind) -> Option<Vec2> {
    referee
        .table
        .index()
        .pieces
        .iter()
        .find(|p| p.kind == crate::physics::pieces::PieceKind::Building(b))
        .map(|p| {
            let t = referee.table.pose(p.id).0;
            Vec2::new(t.x, t.z)
        })
}

/// True when the clock striking twelve now would not lose `team` the game
/// (it wins, or holds what it must hold).
pub(super) fn noon_favours(game: &Game, team: Team) -> bool {
    let holding = |t: Team| {
        game.setup.victory.iter().any(|v| {
            v.team == t
                && matches!(v.condition, Condition::HoldAtNoon(b) if game.cowboys.iter().any(|c| c.team == t && c.alive() && c.inside == Some(b)))
        })
    };
    if holding(other(team)) {
        return false;
    }
    let holds = holding(team);
    let hit_points = |t: Team| -> u32 {
        game.cowboys
            .iter()
            .filter(|c| c.team == t && c.alive())
            .map(|c| c.hit_points as u32)
            .sum()
    };
    holds
        || match game.setup.at_noon {
            AtNoon::Winner(t) => t == team,
            AtNoon::Draw => false,
            AtNoon::MostHitPoints => hit_points(team) > hit_points(other(team)),
        }
}

/// Every hour counts more as noon nears: what a delivery's pulls are multiplied by.
fn hurry(game: &Game) -> f32 {
    let hours_left = 12u8.saturating_sub(game.hour) as f32;
    1.0 + 0.5 * (6.0 - hours_left).max(0.0)
}

/// Walking distances to `at` (a goal's door front) for `team`'s carriers of
/// `token`: round everything but the carriers themselves.
fn carriers_field(referee: &Referee, team: Team, token: Token, at: Vec2) -> Field {
    let carriers: Vec<PieceId> = referee
        .game
        .cowboys
        .iter()
        .enumerate()
        .filter(|(_, c)| c.team == team && c.tokens.contains(&token))
        .map(|(k, _)| referee.figures[k])
        .collect();
    let disc = referee.table.profile().pieces.movement_disc.radius;
    Field::to(referee, at, &carriers, disc)
}

/// A carrier's way from `p` to `at`: round what stands in it, never much
/// more than the straight line.
fn way(field: &Field, p: Vec2, at: Vec2) -> f32 {
    field.distance(p).min(p.distance(at) + DETOUR)
}

/// Each goal `cowboy` carries something for (but `except`, the building he
/// sits in): its walking distances, its door front, and how many he carries
/// there.
fn carried_goals(
    referee: &Referee,
    cowboy: CowboyId,
    except: Option<BuildingKind>,
) -> Vec<(Field, Vec2, f32)> {
    let game = &referee.game;
    let c = &game.cowboys[cowboy];
    game.setup
        .victory
        .iter()
        .filter(|v| v.team == c.team)
        .filter_map(|v| match &v.condition {
            Condition::Deliver {
                token,
                to: Place::Building(b),
                ..
            } if Some(*b) != except => {
                let carried = c.tokens.iter().filter(|t| *t == token).count() as f32;
                let at = door_front(referee, *b).filter(|_| carried > 0.0)?;
                Some((carriers_field(referee, v.team, *token, at), at, carried))
            }
            _ => None,
        })
        .collect()
}

/// What the carrier's next move may bring nearer, in the points of his pull,
/// taken on trust by [`NEXT_MOVE`]: the best spot one straight slide reaches
/// (see [`straight_runs`]). A carrier pressed against a fence whose way
/// to the goal starts with a step aside gains little from the step itself;
/// with the action after it, the step is the way (Kid Cooper stood three
/// hours with a stick of dynamite against a fallen fence, every move west
/// touching it, and the law won at noon). A carrier sitting in a building
/// other than his goal: the move out of it ([`step_out`]).
pub fn next_move(referee: &Referee, cowboy: CowboyId) -> f32 {
    let game = &referee.game;
    let c = &game.cowboys[cowboy];
    if !c.alive() {
        return 0.0;
    }
    if let Some(home) = c.inside {
        return step_out(referee, cowboy, home);
    }
    if !referee.table.in_play(referee.figures[cowboy]) {
        return 0.0;
    }
    let goals = carried_goals(referee, cowboy, None);
    if goals.is_empty() {
        return 0.0;
    }
    let p = referee.position(cowboy);
    let disc = referee.table.profile().pieces.movement_disc.radius;
    let runs = straight_runs(
        referee,
        referee.move_start(cowboy).xz(),
        &[referee.figures[cowboy]],
        disc,
        NEXT_MOVE_DIRECTIONS,
        NEXT_MOVE_REACH,
    );
    // What the score's pulls gain from `p` to `q`, all goals together (the
    // pull stops at CARRY_REACH, as in the score).
    let gain = |q: Vec2| -> f32 {
        goals
            .iter()
            .map(|(field, at, carried)| {
                let far = |x: Vec2| way(field, x, *at).min(CARRY_REACH);
                carried * (far(p) - far(q))
            })
            .sum()
    };
    let best = runs.into_iter().map(gain).fold(0.0f32, f32::max);
    NEXT_MOVE * CARRY * hurry(game) * best
}

/// What a carrier sitting in a building other than his goal may gain by his
/// next move, out of it: the [`EXIT_COST`] his pull counts while he sits
/// there (as far as the pull reaches), taken on trust by [`NEXT_MOVE`].
/// Without it, taking a second token there scored nothing for the move out
/// it leaves room for, and a shot first did: at 9 o'clock Ol' Cooper, in
/// the Town Hall beside the second Document, shot, took it, and stepped out
/// only at 10.
fn step_out(referee: &Referee, cowboy: CowboyId, home: BuildingKind) -> f32 {
    let Some(p) = building_at(referee, home) else {
        return 0.0;
    };
    let gain: f32 = carried_goals(referee, cowboy, Some(home))
        .iter()
        .map(|(field, at, carried)| {
            carried * (CARRY_REACH - way(field, p, *at)).clamp(0.0, EXIT_COST)
        })
        .sum();
    NEXT_MOVE * CARRY * hurry(&referee.game) * gain
}

/// How good the position is for `team`, in points.
pub fn score(referee: &Referee, team: Team) -> f32 {
    let game = &referee.game;
    if let Phase::Over(o) = &game.phase {
        return match o {
            Outcome::Winner(t) if *t == team => WIN,
            Outcome::Winner(_) => -WIN,
            Outcome::Draw => 0.0,
        };
    }
    let pos = positions(referee);
    let mut s = 0.0;
    cowboy_terms(game, team, &mut s);
    let place = places(referee, &pos);
    victory_terms(referee, team, &place, &mut s);
    shot_terms(referee, team, &pos, &mut s);
    squash(s)
}

/// +1 for a term of `side`'s when scoring for `team`, -1 for the other side's.
fn sign(side: Team, team: Team) -> f32 {
    if side == team { 1.0 } else { -1.0 }
}

/// Adds each side's lives, hit points and weapon tokens to `s`.
fn cowboy_terms(game: &Game, team: Team, s: &mut f32) {
    for c in &game.cowboys {
        if c.team == Team::Neutral {
            continue;
        }
        let w = life_weight(game, c);
        let own = sign(c.team, team);
        if c.alive() {
            *s += own * w * (ALIVE + HIT_POINT * c.hit_points as f32);
        }
        for t in &c.tokens {
            let v = match t {
                Token::Colt | Token::Winchester => 4.0,
                Token::Dynamite => 3.0,
                _ => 0.0,
            };
            *s += own * v;
        }
    }
}

/// Where each living cowboy is, inside a building counting as where it
/// stands (so that hiding in one does not escape the pulls of the score).
fn places(referee: &Referee, pos: &[Option<Vec2>]) -> Vec<Option<Vec2>> {
    referee
        .game
        .cowboys
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if !c.alive() {
                return None;
            }
            pos[i].or_else(|| c.inside.and_then(|k| building_at(referee, k)))
        })
        .collect()
}

/// Adds the pulls of the scenario's victory conditions to `s`, in their order.
fn victory_terms(referee: &Referee, team: Team, place: &[Option<Vec2>], s: &mut f32) {
    for v in &referee.game.setup.victory {
        let own = sign(v.team, team);
        match &v.condition {
            Condition::Deliver {
                token,
                count,
                to: Place::Building(b),
            } => Delivery::new(referee, place, v.team, own, *token, *count, *b).terms(s),
            Condition::HoldAtNoon(b) => hold_terms(referee, place, v, own, *b, s),
            Condition::Eliminate(_) | Condition::Kill(_) => {
                hunt_terms(referee, team, place, v, own, s)
            }
        }
    }
}

/// One delivery condition as the score reads it: who must bring how many of
/// which token where, and the figures its terms share.
struct Delivery<'a> {
    referee: &'a Referee,
    /// Where each living cowboy is (see [`places`]).
    place: &'a [Option<Vec2>],
    /// The team that must deliver.
    team: Team,
    /// +1 when the score is that team's, -1 when it is the other's.
    own: f32,
    token: Token,
    count: usize,
    /// The building the tokens must be brought to.
    goal: BuildingKind,
    /// How many tokens lie in the goal already (at most `count`).
    there: usize,
    hurry: f32,
    /// What being in the goal is worth to a token, left or held.
    in_goal: f32,
    /// The goal's door front.
    target: Option<Vec2>,
}

impl<'a> Delivery<'a> {
    /// The delivery of `count` of `token` to `goal` that `team` must make.
    fn new(
        referee: &'a Referee,
        place: &'a [Option<Vec2>],
        team: Team,
        own: f32,
        token: Token,
        count: u8,
        goal: BuildingKind,
    ) -> Self {
        let game = &referee.game;
        let there = game
            .piles
            .iter()
            .filter(|p| p.building == goal)
            .map(|p| p.delivered(token, team))
            .sum::<usize>()
            .min(count as usize);
        let hurry = hurry(game);
        Delivery {
            referee,
            place,
            team,
            own,
            token,
            count: count as usize,
            goal,
            there,
            hurry,
            in_goal: CARRY * hurry * CARRY_REACH,
            target: door_front(referee, goal),
        }
    }

    /// Adds the delivery's terms to `s`: tokens delivered, tokens still
    /// wanted, tokens left where an enemy may take them, and the team's
    /// carriers and partners.
    fn terms(&self, s: &mut f32) {
        let game = &self.referee.game;
        let (own, hurry, there, count) = (self.own, self.hurry, self.there, self.count);
        let token = &self.token;
        let b = &self.goal;
        // A token delivered is worth clearly more than one carried
        // into the building (DELIVERED over what the carrier holds).
        *s += own * (DELIVERED + self.in_goal) * there as f32;
        let carried: usize = game
            .cowboys
            .iter()
            .filter(|c| c.team == self.team && c.alive())
            .map(|c| c.tokens.iter().filter(|t| *t == token).count())
            .sum();
        // Each token the count still wants that nobody of the team
        // holds costs a whole trip more: taken where it lies, it is
        // worth that much before its carrier takes a step (at 9
        // o'clock Ol' Cooper stood in the Town Hall beside the second
        // Document and stepped out with one; the Kid fetched the other
        // at 11, too late, and the law won at noon).
        let missing = count.saturating_sub(there + carried);
        *s -= own * MISSING * hurry * missing as f32;
        if there + carried < count {
            self.fetch_terms(s);
        }
        // What the team's carriers hold inside the goal.
        let held_there: usize = game
            .cowboys
            .iter()
            .filter(|c| c.team == self.team && c.alive() && c.inside == Some(*b))
            .map(|c| c.tokens.iter().filter(|t| *t == token).count())
            .sum();
        self.left_terms(held_there, s);
        self.team_terms(held_there, s);
    }

    /// Adds to `s` the pull toward tokens not enough in hand: go and get
    /// one, from a building whose pile may hold one (a face-up one, or
    /// tokens face down), or from an enemy who carries one.
    fn fetch_terms(&self, s: &mut f32) {
        let game = &self.referee.game;
        let referee = self.referee;
        let place = self.place;
        let team = self.team;
        let token = &self.token;
        let b = &self.goal;
        let sources: Vec<BuildingKind> = game
            .piles
            .iter()
            .filter(|p| p.building != *b)
            .filter(|p| p.face_up().any(|t| t == *token) || p.face_down_count() > 0)
            .map(|p| p.building)
            .collect();
        // A token in an enemy's hands is fetched from him (shot
        // off him, it goes to the Undertaker's pile).
        let enemy_carriers: Vec<Vec2> = game
            .cowboys
            .iter()
            .enumerate()
            .filter(|(_, c)| c.team == other(team) && c.alive() && c.tokens.contains(token))
            .filter_map(|(i, _)| place[i])
            .collect();
        let inside = sources.iter().any(|src| {
            game.cowboys
                .iter()
                .any(|c| c.team == team && c.alive() && c.inside == Some(*src))
        });
        if inside {
            *s += self.own * 12.0;
        } else {
            let nearest = sources
                .iter()
                .filter_map(|src| door_front(referee, *src))
                .chain(enemy_carriers.iter().copied())
                .flat_map(|at| {
                    game.cowboys
                        .iter()
                        .enumerate()
                        .filter_map(move |(i, c)| (c.team == team).then_some((i, at)))
                })
                .filter_map(|(i, at)| place[i].map(|p| p.distance(at)))
                .fold(f32::INFINITY, f32::min);
            if nearest.is_finite() {
                *s -= self.own * 20.0 * self.hurry * nearest;
            }
        }
    }

    /// Subtracts from `s` what tokens left in the goal short of the count
    /// risk; `held_there` of them are in the team's hands there.
    ///
    /// Tokens left short of the count lie face up for anyone inside to take:
    /// an enemy in the goal takes them on his turn, one near its door walks
    /// in first. In a carrier's hands in the goal they are safe, and left
    /// there in a moment once the rest is in the goal too (Dutch left his
    /// stick in the Bank at 5 and stepped out; a deputy walked in at 6 and
    /// took it, and the robbers lost at noon). So until the count is in the
    /// goal, a token left there is worth a little less than one held there,
    /// and less again for each enemy who may walk in and take it.
    fn left_terms(&self, held_there: usize, s: &mut f32) {
        let (there, in_goal) = (self.there, self.in_goal);
        // In the last round nothing held counts at noon: every
        // token goes down (at 11 the Kid sat in the Undertaker with
        // the second Document in his hands, Dutch left the first
        // beside him, and the law won at noon).
        let last_round = self.referee.game.hour >= 11;
        if there > 0 && there + held_there < self.count && !last_round {
            let threat = self.theft_threat();
            let held = HELD_IN_GOAL + in_goal;
            let left = DELIVERED + in_goal;
            *s -= self.own * (left - held + 1.0 + THEFT * threat * held) * there as f32;
        }
    }

    /// The greatest threat an enemy makes to walk into the goal and take
    /// what lies there: 1 inside it, less standing near its door.
    fn theft_threat(&self) -> f32 {
        let place = self.place;
        let target = self.target;
        let b = &self.goal;
        self.referee
            .game
            .cowboys
            .iter()
            .enumerate()
            .filter(|(_, c)| c.team == other(self.team) && c.alive())
            .map(|(i, c)| {
                if c.inside == Some(*b) {
                    1.0
                } else if c.inside.is_some() {
                    0.0
                } else {
                    target.zip(place[i]).map_or(0.0, |(front, p)| {
                        NEAR_DOOR * (1.0 - p.distance(front) / THEFT_REACH).max(0.0)
                    })
                }
            })
            .fold(0.0f32, f32::max)
    }

    /// Adds to `s` the terms of each living cowboy of the team, in order: a
    /// carrier's by where his tokens are, a partner's by whether he stands
    /// in a carrier's way; `held_there` tokens are in hands in the goal.
    fn team_terms(&self, held_there: usize, s: &mut f32) {
        let game = &self.referee.game;
        let token = &self.token;
        let b = &self.goal;
        // Carriers still on their way to the goal.
        let on_the_way = game.cowboys.iter().any(|c| {
            c.team == self.team && c.alive() && c.inside != Some(*b) && c.tokens.contains(token)
        });
        let full = game
            .cowboys
            .iter()
            .filter(|c| c.alive() && c.inside == Some(*b))
            .count()
            >= SEATS;
        // The ways out of the buildings other than the goal a
        // carrier sits in.
        let exits: Vec<(Vec2, Vec2)> = game
            .cowboys
            .iter()
            .filter(|c| c.team == self.team && c.alive() && c.tokens.contains(token))
            .filter_map(|c| c.inside.filter(|k| k != b))
            .filter_map(|e| way_out(self.referee, e))
            .collect();
        // Only while the goal still wants what a carrier on his way
        // brings: with the count in the goal, left or held there, nobody
        // else need come.
        let wanted = on_the_way && self.there + held_there < self.count;
        let mut walk: Option<Field> = None;
        for (i, c) in game.cowboys.iter().enumerate() {
            if c.team != self.team || !c.alive() {
                continue;
            }
            let carried = c.tokens.iter().filter(|t| *t == token).count() as f32;
            if carried == 0.0 {
                if wanted {
                    self.partner_terms(c, self.place[i], full, &exits, s);
                }
                continue;
            }
            self.carrier_terms(c, self.place[i], carried, &mut walk, s);
        }
    }

    /// Subtracts from `s` what a partner carrying nothing, standing at
    /// `place`, costs while a carrier on his way is wanted in the goal: a seat
    /// taken in a `full` goal, or a place in the way in or in one of the
    /// `exits` of the buildings carriers sit in.
    fn partner_terms(
        &self,
        c: &Cowboy,
        place: Option<Vec2>,
        full: bool,
        exits: &[(Vec2, Vec2)],
        s: &mut f32,
    ) {
        let (own, hurry) = (self.own, self.hurry);
        let b = &self.goal;
        // A building holds two: a partner sitting in a full
        // goal takes the seat a carrier on his way needs.
        if c.inside == Some(*b) && full {
            *s -= own * 10.0 * hurry;
        }
        // A partner standing in the way in, on the street:
        // a carrier's move that touches him fails (three
        // outlaws stood two hours with the gold before the
        // Saloon, Dutch on the spot they walk in from). One
        // inside is where the building stands, at its door:
        // not in the way (two robbers sat in the goal with
        // the count from 10 o'clock to noon, each drop
        // scored as the dropper standing in the doorway).
        if c.inside.is_none()
            && self
                .target
                .zip(place)
                .is_some_and(|(front, p)| in_doorway(self.referee, *b, front, p))
        {
            *s -= own * 10.0 * hurry;
        }
        // And in the way out of a building a carrier sits
        // in, behind its front or before it: his move out
        // touches him (the Marshal sat in the Saloon with
        // the hostage from 6 o'clock to 11, every move out
        // failing on a deputy standing behind its front).
        if c.inside.is_none()
            && place.is_some_and(|p| exits.iter().any(|&(from, to)| near_segment(from, to, p)))
        {
            *s -= own * 10.0 * hurry;
        }
    }

    /// Adds to `s` what the `carried` tokens of carrier `c`, standing at
    /// `place`, are worth: more the nearer they are to the goal. `walk` keeps
    /// the carriers' walking distances to the goal, found on first need.
    fn carrier_terms(
        &self,
        c: &Cowboy,
        place: Option<Vec2>,
        carried: f32,
        walk: &mut Option<Field>,
        s: &mut f32,
    ) {
        let own = self.own;
        let b = &self.goal;
        // A token carried is worth more the nearer it is to where
        // it must go (never less than lying in a pile: nobody
        // should drop it to be rid of the distance).
        *s += own * CARRIED * carried;
        if c.inside == Some(*b) {
            *s += own * (HELD_IN_GOAL - CARRIED + self.in_goal) * carried;
        } else if let Some(at) = self.target {
            // Inside another building he is where it stands,
            // and a move away from stepping out of it.
            if let Some(p) = place {
                let exit = if c.inside.is_some() { EXIT_COST } else { 0.0 };
                // The way there, round what stands in it.
                let field = walk
                    .get_or_insert_with(|| carriers_field(self.referee, self.team, self.token, at));
                let way = way(field, p, at);
                let closer = (CARRY_REACH - way - exit).max(0.0);
                *s += own * CARRY * self.hurry * carried * closer;
            }
        }
    }
}

/// Adds to `s` the pulls of holding building `b` at noon (condition `v`):
/// a seat there for the holders, none for the others.
fn hold_terms(
    referee: &Referee,
    place: &[Option<Vec2>],
    v: &Victory,
    own: f32,
    b: BuildingKind,
    s: &mut f32,
) {
    let game = &referee.game;
    let hours_left = 12u8.saturating_sub(game.hour) as f32;
    // Matters more as noon nears.
    let urgency = 1.0 + (6.0 - hours_left).max(0.0);
    let seated = |t: Team| {
        game.cowboys
            .iter()
            .filter(|c| c.team == t && c.alive() && c.inside == Some(b))
            .count()
    };
    let inside = |t: Team| seated(t) > 0;
    // One cowboy of the other side inside breaks the hold: both
    // sides want a seat there, the holders to keep one, the
    // others to take one (a building seats two).
    if inside(v.team) {
        *s += own * 8.0 * urgency;
    }
    // A second holder is the hold's spare: should the first be shot dead
    // on his block, the hold goes on. Two hits' worth at every hour: the
    // longer the wait for noon, the likelier the first falls.
    if seated(v.team) >= 2 {
        *s += own * SPARE_HOLDER;
    }
    if inside(other(v.team)) {
        *s -= own * 16.0 * urgency;
    }
    if let Some(at) = door_front(referee, b) {
        for t in [v.team, other(v.team)] {
            if inside(t) {
                continue;
            }
            let nearest = game
                .cowboys
                .iter()
                .enumerate()
                .filter(|(_, c)| c.team == t)
                .filter_map(|(i, _)| place[i].map(|p| p.distance(at)))
                .fold(f32::INFINITY, f32::min);
            if nearest.is_finite() {
                let toward = if t == v.team { own } else { -own };
                *s -= toward * 4.0 * urgency * nearest;
            }
        }
    }
}

/// Adds to `s` the pull of a side that must kill to win (condition `v`,
/// noon not giving it the game) toward its targets; the nearer noon, the
/// more. Only the side being scored, `team`, feels this pull: counted for
/// both, a step toward the enemy would bring him as near to his targets
/// and be worth nothing.
fn hunt_terms(
    referee: &Referee,
    team: Team,
    place: &[Option<Vec2>],
    v: &Victory,
    own: f32,
    s: &mut f32,
) {
    let game = &referee.game;
    if v.team != team || noon_favours(game, v.team) {
        return;
    }
    let hurry = hurry(game);
    let targets: Vec<Vec2> = game
        .cowboys
        .iter()
        .enumerate()
        .filter(|(_, c)| match &v.condition {
            Condition::Kill(n) => c.name == *n,
            _ => c.team == other(v.team),
        })
        .filter_map(|(i, c)| {
            (c.alive() && c.team != Team::Neutral)
                .then(|| place[i])
                .flatten()
        })
        .collect();
    for (i, c) in game.cowboys.iter().enumerate() {
        let Some(p) = place[i] else { continue };
        if c.team != v.team {
            continue;
        }
        let d = targets
            .iter()
            .map(|t| t.distance(p))
            .fold(f32::INFINITY, f32::min);
        if d.is_finite() {
            *s -= own * HUNT * hurry * (d - SHOT_RANGE * 0.75).max(0.0);
        }
    }
}

/// Adds to `s` who can shoot whom next: being in an enemy's sights is bad,
/// having one in yours is good (a little less: the enemy moves first). A
/// side that noon does not favour must take risks to win: its fear counts
/// for less.
fn shot_terms(referee: &Referee, team: Team, pos: &[Option<Vec2>], s: &mut f32) {
    let game = &referee.game;
    let fear = if noon_favours(game, team) { 0.7 } else { 0.5 };
    for (i, c) in game.cowboys.iter().enumerate() {
        if c.team == Team::Neutral || !c.alive() {
            continue;
        }
        let v = shot_value(referee, pos, i);
        *s += if c.team == team {
            0.4 * v
        } else {
            -fear * v.abs()
        };
    }
}

/// The most a position short of the end can be worth, either way.
const POSITION_LIMIT: f32 = 0.8 * WIN;

/// Keeps every position's score below a win's, keeping their order: late in a
/// delivery the hurry makes tokens carried and delivered add up past 1000,
/// and a bot that scored holding the last sack above dropping it (the win)
/// sat in the goal with it until noon. Near zero this changes nothing (300
/// points become 289).
fn squash(s: f32) -> f32 {
    POSITION_LIMIT * (s / POSITION_LIMIT).tanh()
}

/// What `gain` raw points (counted before the squash) add to a position
/// scored `score`: as much near zero, less as the score nears its limit,
/// as the same gain would add inside the score.
pub fn lift(score: f32, gain: f32) -> f32 {
    let x = (score / POSITION_LIMIT).clamp(-0.999_999, 0.999_999);
    squash(POSITION_LIMIT * x.atanh() + gain) - score
}
