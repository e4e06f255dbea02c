//! A town (`scenarios/*.ron`): where every piece stands at the start.
//!
//! Positions are in **centimetres** on the table top, `(x, z)` with the origin
//! at the table's centre, +x to the right and +z toward the player's seat.
//! `facing_deg` turns a piece about the vertical axis; 0 faces +z (the player).
//! A building's door faces where the building faces.

use std::collections::BTreeSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::game::GameSetup;
use super::kinds::{BuildingKind, CowboySpec, HatSide, Team};
use super::{DataError, PhysicsProfile, Problems, load_ron};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PropKind {
    Barrel,
    Cactus,
    Fence,
    Tumbleweed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildingSpec {
    pub kind: BuildingKind,
    pub at_cm: (f32, f32),
    #[serde(default)]
    pub facing_deg: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedSpec {
    pub at_cm: (f32, f32),
    #[serde(default)]
    pub facing_deg: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PropSpec {
    pub kind: PropKind,
    pub at_cm: (f32, f32),
    #[serde(default)]
    pub facing_deg: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureSpec {
    pub team: Team,
    /// Hat number 1–5 for lawmen and outlaws; none for neutrals.
    #[serde(default)]
    pub hat: Option<u8>,
    /// Which side of the hat is up at the start.
    #[serde(default = "default_side")]
    pub hat_side: HatSide,
    /// A name for the log ("Sheriff", "Ol' Cooper"); defaults to team and hat.
    #[serde(default)]
    pub name: Option<String>,
    pub at_cm: (f32, f32),
    #[serde(default)]
    pub facing_deg: f32,
}

fn default_side() -> HatSide {
    HatSide::Red
}

impl FigureSpec {
    pub fn display_name(&self) -> String {
        if let Some(n) = &self.name {
            return n.clone();
        }
        match (self.team, self.hat) {
            (Team::Lawmen, Some(h)) => format!("Lawman {h}"),
            (Team::Outlaws, Some(h)) => format!("Outlaw {h}"),
            _ => "Townsfolk".to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Town {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub buildings: Vec<BuildingSpec>,
    #[serde(default)]
    pub gallows: Vec<PlacedSpec>,
    #[serde(default)]
    pub props: Vec<PropSpec>,
    pub figures: Vec<FigureSpec>,
    /// Where the movement disc and the four bullets lie, in that order (cm);
    /// discs not listed are parked along the player's edge of the table.
    #[serde(default)]
    pub discs: Vec<(f32, f32)>,
    /// The rules of play: present in scenarios, absent in plain towns.
    #[serde(default)]
    pub game: Option<GameSetup>,
}

/// Which of the town's lists a piece is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceList {
    Buildings,
    Gallows,
    Props,
    Figures,
    Discs,
}

impl PieceList {
    pub const ALL: [PieceList; 5] = [
        PieceList::Buildings,
        PieceList::Gallows,
        PieceList::Props,
        PieceList::Figures,
        PieceList::Discs,
    ];

    /// The list's field in the file.
    pub fn key(self) -> &'static str {
        match self {
            PieceList::Buildings => "buildings",
            PieceList::Gallows => "gallows",
            PieceList::Props => "props",
            PieceList::Figures => "figures",
            PieceList::Discs => "discs",
        }
    }
}

/// A piece as the file has it: its list and its place in that list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceRef {
    pub list: PieceList,
    pub index: usize,
}

/// A problem with a town, and what it concerns: a piece (and the piece it
/// meets, for an overlap or a blocked door), a field of the `game` section,
/// or the town as a whole.
#[derive(Debug, Clone, PartialEq)]
pub struct TownProblem {
    pub piece: Option<PieceRef>,
    pub other: Option<PieceRef>,
    pub game_field: Option<&'static str>,
    pub error: DataError,
}

/// A piece's footprint on the table at the start: an oriented rectangle, metres.
#[derive(Debug, Clone, Copy)]
struct Footprint {
    centre: (f32, f32),
    half: (f32, f32),
    angle: f32,
}

impl Footprint {
    fn axes(&self) -> [(f32, f32); 2] {
        let (s, c) = self.angle.sin_cos();
        [(c, -s), (s, c)]
    }

    fn radius_along(&self, axis: (f32, f32)) -> f32 {
        let [u, v] = self.axes();
        self.half.0 * (u.0 * axis.0 + u.1 * axis.1).abs()
            + self.half.1 * (v.0 * axis.0 + v.1 * axis.1).abs()
    }

    /// Separating-axis test, with a millimetre's tolerance for pieces set edge to edge.
    fn overlaps(&self, other: &Footprint) -> bool {
        let d = (
            other.centre.0 - self.centre.0,
            other.centre.1 - self.centre.1,
        );
        self.axes().into_iter().chain(other.axes()).all(|axis| {
            let dist = (d.0 * axis.0 + d.1 * axis.1).abs();
            dist + 0.001 < self.radius_along(axis) + other.radius_along(axis)
        })
    }
}

impl Town {
    /// How many entries the file writes in one of its lists.
    pub fn list_len(&self, list: PieceList) -> usize {
        match list {
            PieceList::Buildings => self.buildings.len(),
            PieceList::Gallows => self.gallows.len(),
            PieceList::Props => self.props.len(),
            PieceList::Figures => self.figures.len(),
            PieceList::Discs => self.discs.len(),
        }
    }

    /// Loads a town and checks it against the profile's table and pieces;
    /// every problem in the file is reported.
    pub fn load(path: &Path, profile: &PhysicsProfile) -> Result<Self, Problems> {
        let (town, text): (Self, String) = load_ron(path)?;
        let problems = town.problems(path, &text, profile);
        if problems.is_empty() {
            Ok(town)
        } else {
            Err(Problems(problems))
        }
    }

    /// Where in the text a piece is: its name if it has one, else its coordinates.
    fn locate(text: &str, name: Option<&str>, at: (f32, f32)) -> Option<(usize, usize)> {
        let by_name = name.and_then(|n| {
            DataError::at_text(Path::new(""), text, &format!("\"{n}\""), "").position
        });
        by_name.or_else(|| {
            [
                format!("({:?}, {:?})", at.0, at.1),
                format!("({}, {})", at.0, at.1),
                format!("({:?},{:?})", at.0, at.1),
            ]
            .iter()
            .find_map(|needle| DataError::at_text(Path::new(""), text, needle, "").position)
        })
    }

    /// The lawmen and outlaws, in file order, as the rules know them.
    pub fn cowboy_specs(&self) -> Vec<CowboySpec> {
        self.figures
            .iter()
            .filter(|f| f.team != Team::Neutral)
            .map(|f| CowboySpec {
                name: f.display_name(),
                team: f.team,
                hat: f.hat.unwrap_or(0),
                side: f.hat_side,
            })
            .collect()
    }

    /// Every problem with this town (empty when it is fine).
    pub fn problems(&self, path: &Path, text: &str, profile: &PhysicsProfile) -> Vec<DataError> {
        self.problems_by_piece(path, text, profile)
            .into_iter()
            .map(|p| p.error)
            .collect()
    }

    /// Every problem with this town, each with the piece (or game field) it
    /// concerns.
    pub fn problems_by_piece(
        &self,
        path: &Path,
        text: &str,
        profile: &PhysicsProfile,
    ) -> Vec<TownProblem> {
        let mut out = self.duplicate_building_problems(path, text);
        out.extend(self.disc_count_problem(path, text));
        let pieces = self.placed_pieces(profile);
        out.extend(facing_problems(path, text, &pieces));
        out.extend(off_table_problems(path, text, profile, &pieces));
        let feet: Vec<Footprint> = pieces.iter().map(Placed::footprint).collect();
        out.extend(overlap_problems(path, text, &pieces, &feet));
        out.extend(door_problems(path, text, profile, &pieces, &feet));
        out.extend(self.hat_problems(path, text));
        out.extend(self.game_problems(path, text));
        out
    }

    /// A building written a second time, at that entry.
    fn duplicate_building_problems(&self, path: &Path, text: &str) -> Vec<TownProblem> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for (bi, b) in self.buildings.iter().enumerate() {
            if !seen.insert(b.kind) {
                let nth = self
                    .buildings
                    .iter()
                    .take_while(|x| !std::ptr::eq(*x, b))
                    .filter(|x| x.kind == b.kind)
                    .count();
                out.push(about(
                    piece_at(PieceList::Buildings, bi),
                    DataError::at_nth(
                        path,
                        text,
                        &format!("{:?}", b.kind),
                        nth,
                        format!("building {:?} appears twice", b.kind),
                    ),
                ));
            }
        }
        out
    }

    /// More discs than the movement disc and four bullets.
    fn disc_count_problem(&self, path: &Path, text: &str) -> Option<TownProblem> {
        (self.discs.len() > 5).then(|| {
            about(
                piece_at(PieceList::Discs, 5),
                DataError::at_text(
                    path,
                    text,
                    "discs",
                    "at most 5 discs: the movement disc and four bullets",
                ),
            )
        })
    }

    /// Every piece the town places, list by list in the file's order.
    fn placed_pieces(&self, profile: &PhysicsProfile) -> Vec<Placed> {
        let mut pieces = self.placed_buildings(profile);
        pieces.extend(self.placed_gallows(profile));
        pieces.extend(self.placed_props(profile));
        pieces.extend(self.placed_figures(profile));
        pieces.extend(self.placed_discs(profile));
        pieces
    }

    /// The buildings, each as wide as its facade or its blocks and door.
    fn placed_buildings(&self, profile: &PhysicsProfile) -> Vec<Placed> {
        let p = &profile.pieces;
        let half_w = p
            .building
            .facade_size
            .0
            .max(p.building.door_width + 2.0 * p.building.block_size.0)
            / 2.0;
        self.buildings
            .iter()
            .enumerate()
            .map(|(bi, b)| Placed {
                what: format!("the {}", b.kind.title()),
                name: None,
                centre: b.at_cm,
                facing: b.facing_deg,
                half: (half_w, p.building.block_size.2 / 2.0),
                piece: PieceRef {
                    list: PieceList::Buildings,
                    index: bi,
                },
            })
            .collect()
    }

    /// The gallows, as large as its platform.
    fn placed_gallows(&self, profile: &PhysicsProfile) -> Vec<Placed> {
        let p = &profile.pieces;
        self.gallows
            .iter()
            .enumerate()
            .map(|(gi, g)| Placed {
                what: "the gallows".into(),
                name: None,
                centre: g.at_cm,
                facing: g.facing_deg,
                half: (
                    p.gallows.platform_size.0 / 2.0,
                    p.gallows.platform_size.2 / 2.0,
                ),
                piece: PieceRef {
                    list: PieceList::Gallows,
                    index: gi,
                },
            })
            .collect()
    }

    /// The props, each as large as its kind.
    fn placed_props(&self, profile: &PhysicsProfile) -> Vec<Placed> {
        let p = &profile.pieces;
        self.props
            .iter()
            .enumerate()
            .map(|(pi, pr)| {
                let half = match pr.kind {
                    PropKind::Barrel => (p.barrel.radius, p.barrel.radius),
                    PropKind::Cactus => (
                        p.cactus.trunk_radius + p.cactus.arm_length,
                        p.cactus.trunk_radius,
                    ),
                    PropKind::Fence => (p.fence.size.0 / 2.0, p.fence.size.2 / 2.0),
                    PropKind::Tumbleweed => (p.tumbleweed.radius, p.tumbleweed.radius),
                };
                Placed {
                    what: format!("a {:?}", pr.kind),
                    name: None,
                    centre: pr.at_cm,
                    facing: pr.facing_deg,
                    half,
                    piece: PieceRef {
                        list: PieceList::Props,
                        index: pi,
                    },
                }
            })
            .collect()
    }

    /// Every figure, those of cowboys who start inside a building too.
    fn placed_figures(&self, profile: &PhysicsProfile) -> Vec<Placed> {
        // The game seats a cowboy inside a building on its blocks, but the
        // sandbox (and the editor's *Flick it*) stands him where the file
        // puts him.
        let p = &profile.pieces;
        let r = p.figure.base_radius.max(p.figure.hat_radius);
        self.figures
            .iter()
            .enumerate()
            .map(|(fi, f)| {
                let name = f.display_name();
                Placed {
                    what: name.clone(),
                    name: Some(name),
                    centre: f.at_cm,
                    facing: f.facing_deg,
                    half: (r, r),
                    piece: PieceRef {
                        list: PieceList::Figures,
                        index: fi,
                    },
                }
            })
            .collect()
    }

    /// The movement disc and the bullets the file lays out.
    fn placed_discs(&self, profile: &PhysicsProfile) -> Vec<Placed> {
        let p = &profile.pieces;
        self.discs
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let r = if i == 0 {
                    p.movement_disc.radius
                } else {
                    p.bullet.radius
                };
                let what = if i == 0 {
                    "the movement disc".to_string()
                } else {
                    format!("bullet {i}")
                };
                Placed {
                    what,
                    name: None,
                    centre: *d,
                    facing: 0.0,
                    half: (r, r),
                    piece: PieceRef {
                        list: PieceList::Discs,
                        index: i,
                    },
                }
            })
            .collect()
    }

    /// Hat numbers: none on a neutral, 1 to 5 once each in a team, without a gap.
    fn hat_problems(&self, path: &Path, text: &str) -> Vec<TownProblem> {
        let mut out = Vec::new();
        let mut hats: BTreeSet<(Team, u8)> = BTreeSet::new();
        for (fi, f) in self.figures.iter().enumerate() {
            let place = Self::locate(text, f.name.as_deref(), f.at_cm);
            let figure = piece_at(PieceList::Figures, fi);
            match (f.team, f.hat) {
                (Team::Neutral, Some(h)) => out.push(about(
                    figure,
                    error_at(
                        path,
                        place,
                        format!(
                            "{}: a neutral figure wears a hat without a number, got {h}",
                            f.display_name()
                        ),
                    ),
                )),
                (Team::Neutral, None) => {}
                (team, Some(h)) if (1..=5).contains(&h) => {
                    if !hats.insert((team, h)) {
                        out.push(about(
                            figure,
                            error_at(
                                path,
                                place,
                                format!("{}: two {team:?} wear hat {h}", f.display_name()),
                            ),
                        ));
                    }
                }
                (team, h) => out.push(about(
                    figure,
                    error_at(
                        path,
                        place,
                        format!(
                            "{}: each of the {team:?} needs a hat numbered 1 to 5, got {h:?}",
                            f.display_name()
                        ),
                    ),
                )),
            }
        }
        for team in [Team::Lawmen, Team::Outlaws] {
            let numbers: Vec<u8> = hats
                .iter()
                .filter(|(t, _)| *t == team)
                .map(|(_, h)| *h)
                .collect();
            let n = numbers.len() as u8;
            let missing: Vec<u8> = (1..=n).filter(|h| !numbers.contains(h)).collect();
            if !missing.is_empty() {
                out.push(about(
                    None,
                    DataError::at_text(
                        path,
                        text,
                        "figures",
                        format!("the {team:?} wear hats {numbers:?}: with {n} cowboys they must be numbered 1 to {n} (missing {missing:?})"),
                    ),
                ));
            }
        }
        out
    }

    /// The `game` section's problems against this town's cowboys and buildings.
    fn game_problems(&self, path: &Path, text: &str) -> Vec<TownProblem> {
        let mut out = Vec::new();
        if let Some(game) = &self.game {
            let buildings: Vec<BuildingKind> = self.buildings.iter().map(|b| b.kind).collect();
            for e in game.problems(&self.cowboy_specs(), &buildings) {
                // At the field the problem is about (at `game` if the file leaves it out).
                let key = e.field.key();
                let needle = if text.contains(key) { key } else { "game" };
                out.push(TownProblem {
                    game_field: Some(key),
                    ..about(None, DataError::at_text(path, text, needle, e.message))
                });
            }
        }
        out
    }
}

/// A piece as the checks see it, with where it stands and how large it is.
struct Placed {
    /// What a message calls it ("the Bank", "bullet 2").
    what: String,
    /// Its name as the text writes it, where it has one (a figure's).
    name: Option<String>,
    /// Centre, cm.
    centre: (f32, f32),
    /// Facing, degrees.
    facing: f32,
    /// Half extents of its footprint, metres.
    half: (f32, f32),
    /// Its entry in the file.
    piece: PieceRef,
}

impl Placed {
    /// Where the piece stands on the table, metres.
    fn footprint(&self) -> Footprint {
        Footprint {
            centre: (self.centre.0 / 100.0, self.centre.1 / 100.0),
            half: self.half,
            angle: -self.facing.to_radians(),
        }
    }
}

/// A problem about `piece` (or the town as a whole) that meets no other piece.
fn about(piece: Option<PieceRef>, error: DataError) -> TownProblem {
    TownProblem {
        piece,
        other: None,
        game_field: None,
        error,
    }
}

/// An error in the file `path` at `position`.
fn error_at(path: &Path, position: Option<(usize, usize)>, message: String) -> DataError {
    DataError {
        file: path.to_path_buf(),
        position,
        message,
    }
}

/// Entry `index` of `list`.
fn piece_at(list: PieceList, index: usize) -> Option<PieceRef> {
    Some(PieceRef { list, index })
}

/// A piece turned by something that is not a number.
fn facing_problems(path: &Path, text: &str, pieces: &[Placed]) -> Vec<TownProblem> {
    pieces
        .iter()
        .filter(|placed| !placed.facing.is_finite())
        .map(|placed| {
            about(
                Some(placed.piece),
                error_at(
                    path,
                    Town::locate(text, placed.name.as_deref(), placed.centre),
                    format!(
                        "{}: `facing_deg` must be a number, got {}",
                        placed.what, placed.facing
                    ),
                ),
            )
        })
        .collect()
}

/// A piece whose centre is off the table.
fn off_table_problems(
    path: &Path,
    text: &str,
    profile: &PhysicsProfile,
    pieces: &[Placed],
) -> Vec<TownProblem> {
    let table = profile.table.size;
    let half = (table.0 * 50.0, table.1 * 50.0);
    let on_table = |at: (f32, f32)| {
        at.0.is_finite() && at.1.is_finite() && at.0.abs() < half.0 && at.1.abs() < half.1
    };
    pieces
        .iter()
        .filter(|placed| !on_table(placed.centre))
        .map(|placed| {
            about(
                Some(placed.piece),
                error_at(
                    path,
                    Town::locate(text, placed.name.as_deref(), placed.centre),
                    format!(
                        "{} at ({}, {}) cm is off the {}×{} cm table",
                        placed.what,
                        placed.centre.0,
                        placed.centre.1,
                        half.0 * 2.0,
                        half.1 * 2.0
                    ),
                ),
            )
        })
        .collect()
}

/// Two pieces that overlap, at the later one in the file.
fn overlap_problems(
    path: &Path,
    text: &str,
    pieces: &[Placed],
    feet: &[Footprint],
) -> Vec<TownProblem> {
    let mut out = Vec::new();
    for i in 0..pieces.len() {
        for j in i + 1..pieces.len() {
            if feet[i].overlaps(&feet[j]) {
                let (a, b) = (&pieces[i], &pieces[j]);
                out.push(TownProblem {
                    other: Some(a.piece),
                    ..about(
                        Some(b.piece),
                        error_at(
                            path,
                            Town::locate(text, b.name.as_deref(), b.centre),
                            format!(
                                "{} at ({}, {}) cm overlaps {} at ({}, {}) cm",
                                b.what, b.centre.0, b.centre.1, a.what, a.centre.0, a.centre.1
                            ),
                        ),
                    )
                });
            }
        }
    }
    out
}

/// A building with something that does not move in front of its door.
fn door_problems(
    path: &Path,
    text: &str,
    profile: &PhysicsProfile,
    pieces: &[Placed],
    feet: &[Footprint],
) -> Vec<TownProblem> {
    // Before each building's door, room for a cowboy to walk in: the
    // door's width, a figure's base and a centimetre deep, clear of
    // anything that does not move (buildings, the gallows, props).
    let p = &profile.pieces;
    let room = 2.0 * p.figure.base_radius + 0.01;
    let door_half_depth = p.building.block_size.2 / 2.0;
    let mut out = Vec::new();
    for (i, b) in pieces.iter().enumerate() {
        if b.piece.list != PieceList::Buildings {
            continue;
        }
        let f = b.facing.to_radians();
        let ahead = door_half_depth + room / 2.0;
        let door = Footprint {
            centre: (
                b.centre.0 / 100.0 + f.sin() * ahead,
                b.centre.1 / 100.0 + f.cos() * ahead,
            ),
            half: (p.building.door_width / 2.0, room / 2.0),
            angle: -f,
        };
        for (j, o) in pieces.iter().enumerate() {
            let fixed = matches!(
                o.piece.list,
                PieceList::Buildings | PieceList::Gallows | PieceList::Props
            );
            if i != j && fixed && door.overlaps(&feet[j]) {
                out.push(TownProblem {
                    other: Some(o.piece),
                    ..about(
                        Some(b.piece),
                        error_at(
                            path,
                            Town::locate(text, None, b.centre),
                            format!(
                                "{}: no room before its door, {} at ({}, {}) cm is in the way",
                                b.what, o.what, o.centre.0, o.centre.1
                            ),
                        ),
                    )
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_town_loads_with_every_piece() {
        let town = Town::load(
            &super::super::default_town_path(),
            &PhysicsProfile::load_default().unwrap(),
        )
        .expect("standard town");
        assert_eq!(town.buildings.len(), 6);
        assert_eq!(town.gallows.len(), 1);
        let count = |t| town.figures.iter().filter(|f| f.team == t).count();
        assert_eq!(
            (
                count(Team::Lawmen),
                count(Team::Outlaws),
                count(Team::Neutral)
            ),
            (5, 5, 2)
        );
        for k in [
            PropKind::Barrel,
            PropKind::Cactus,
            PropKind::Fence,
            PropKind::Tumbleweed,
        ] {
            assert!(town.props.iter().any(|p| p.kind == k), "{k:?}");
        }
    }

    #[test]
    fn duplicate_hat_is_refused_with_a_position() {
        let text = r#"(name: "t", buildings: [], figures: [
            (team: Lawmen, hat: 1, at_cm: (0, 0)),
            (team: Lawmen, hat: 1, at_cm: (10, 0)),
        ])"#;
        let path = Path::new("t.ron");
        let town: Town = super::super::parse_ron(path, text).unwrap();
        let errs = town.problems(path, text, &PhysicsProfile::load_default().unwrap());
        let err = errs
            .iter()
            .find(|e| e.message.contains("hat 1"))
            .expect("a duplicate-hat problem");
        assert_eq!(err.position.map(|p| p.0), Some(3), "{err}");
    }

    #[test]
    fn a_game_problem_is_reported_at_its_field() {
        // The message names "the clockmaker": the problem is still the
        // cowboys', not the clock's.
        let text = r#"(name: "t", buildings: [], figures: [
            (team: Lawmen, hat: 1, at_cm: (0, 0)),
        ], game: (
            start_hour: 6,
            initiative: "Lawman 1",
            cowboys: [(name: "the clockmaker")],
            victory: [],
            at_noon: Draw,
        ))"#;
        let path = Path::new("t.ron");
        let town: Town = super::super::parse_ron(path, text).unwrap();
        let errs = town.problems(path, text, &PhysicsProfile::load_default().unwrap());
        let err = errs
            .iter()
            .find(|e| e.message.contains("the clockmaker"))
            .expect("a problem with the cowboys");
        assert_eq!(err.position, Some((6, 13)), "{err}");
    }

    #[test]
    fn off_table_piece_is_refused() {
        let text = r#"(name: "t", buildings: [], figures: [(team: Neutral, at_cm: (500, 0))])"#;
        let path = Path::new("t.ron");
        let town: Town = super::super::parse_ron(path, text).unwrap();
        assert!(
            town.problems(path, text, &PhysicsProfile::load_default().unwrap())[0]
                .message
                .contains("off the")
        );
    }
}
