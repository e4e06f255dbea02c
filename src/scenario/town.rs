//! A town (`scenarios/*.ron`): where every piece stands at the start.
//!
//! Positions are in **centimetres** on the table top, `(x, z)` with the origin
//! at the table's centre, +x to the right and +z toward the player's seat.
//! `facing_deg` turns a piece about the vertical axis; 0 faces +z (the player).
//! A building's door faces where the building faces.

use std::collections::BTreeSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{DataError, load_ron};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BuildingKind {
    Sheriff,
    Bank,
    Saloon,
    GeneralStore,
    TownHall,
    Undertaker,
}

impl BuildingKind {
    pub const ALL: [BuildingKind; 6] = [
        BuildingKind::Sheriff,
        BuildingKind::Bank,
        BuildingKind::Saloon,
        BuildingKind::GeneralStore,
        BuildingKind::TownHall,
        BuildingKind::Undertaker,
    ];

    pub fn title(self) -> &'static str {
        match self {
            BuildingKind::Sheriff => "Sheriff",
            BuildingKind::Bank => "Bank",
            BuildingKind::Saloon => "Saloon",
            BuildingKind::GeneralStore => "General Store",
            BuildingKind::TownHall => "Town Hall",
            BuildingKind::Undertaker => "Undertaker",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PropKind {
    Barrel,
    Cactus,
    Fence,
    Tumbleweed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Team {
    Lawmen,
    Outlaws,
    Neutral,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HatSide {
    Red,
    Blue,
}

impl HatSide {
    pub fn flipped(self) -> Self {
        match self {
            HatSide::Red => HatSide::Blue,
            HatSide::Blue => HatSide::Red,
        }
    }
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
    pub game: Option<crate::flick::setup::GameSetup>,
}

impl Town {
    /// Loads a town and checks it against a table of `table_size` metres.
    pub fn load(path: &Path, table_size: (f32, f32)) -> Result<Self, DataError> {
        let (town, text): (Self, String) = load_ron(path)?;
        town.validate(path, &text, table_size)?;
        Ok(town)
    }

    pub fn validate(
        &self,
        path: &Path,
        text: &str,
        table_size: (f32, f32),
    ) -> Result<(), DataError> {
        let half = (table_size.0 * 50.0, table_size.1 * 50.0);
        let on_table = |at: (f32, f32)| {
            at.0.is_finite() && at.1.is_finite() && at.0.abs() < half.0 && at.1.abs() < half.1
        };
        let locate = |at: (f32, f32)| {
            // Point at the first line that mentions these coordinates, if we can find it.
            let needle = format!("{}", at.0);
            DataError::at_text(path, text, &needle, "").position
        };
        let off = |what: String, at: (f32, f32)| DataError {
            file: path.to_path_buf(),
            position: locate(at),
            message: format!(
                "{what} at ({}, {}) cm is off the {}×{} cm table",
                at.0,
                at.1,
                half.0 * 2.0,
                half.1 * 2.0
            ),
        };
        let mut seen = BTreeSet::new();
        for b in &self.buildings {
            if !seen.insert(b.kind) {
                return Err(DataError::at_text(
                    path,
                    text,
                    &format!("{:?}", b.kind),
                    format!("building {:?} appears twice", b.kind),
                ));
            }
            if !on_table(b.at_cm) {
                return Err(off(format!("building {:?}", b.kind), b.at_cm));
            }
        }
        for g in &self.gallows {
            if !on_table(g.at_cm) {
                return Err(off("the gallows".into(), g.at_cm));
            }
        }
        for p in &self.props {
            if !on_table(p.at_cm) {
                return Err(off(format!("{:?}", p.kind), p.at_cm));
            }
        }
        if self.discs.len() > 5 {
            return Err(DataError::at_text(
                path,
                text,
                "discs",
                "at most 5 discs: the movement disc and four bullets",
            ));
        }
        for d in &self.discs {
            if !on_table(*d) {
                return Err(off("a disc".into(), *d));
            }
        }
        let mut hats = BTreeSet::new();
        for f in &self.figures {
            if !on_table(f.at_cm) {
                return Err(off(f.display_name(), f.at_cm));
            }
            match (f.team, f.hat) {
                (Team::Neutral, Some(h)) => {
                    return Err(DataError::at_text(
                        path,
                        text,
                        "Neutral",
                        format!("a neutral figure wears a hat without a number, got {h}"),
                    ));
                }
                (Team::Neutral, None) => {}
                (team, Some(h)) if (1..=5).contains(&h) => {
                    if !hats.insert((team, h)) {
                        return Err(DataError::at_text(
                            path,
                            text,
                            &format!("hat: {h}"),
                            format!("two {team:?} wear hat {h}"),
                        ));
                    }
                }
                (team, h) => {
                    return Err(DataError::at_text(
                        path,
                        text,
                        &format!("{team:?}"),
                        format!("each of the {team:?} needs a hat numbered 1 to 5, got {h:?}"),
                    ));
                }
            }
        }
        if let Some(game) = &self.game {
            let cowboys: Vec<crate::flick::rules::CowboySpec> = self
                .figures
                .iter()
                .filter(|f| f.team != Team::Neutral)
                .map(|f| crate::flick::rules::CowboySpec {
                    name: f.display_name(),
                    team: f.team,
                    hat: f.hat.unwrap_or(0),
                    side: f.hat_side,
                })
                .collect();
            let buildings: Vec<BuildingKind> = self.buildings.iter().map(|b| b.kind).collect();
            crate::flick::rules::Game::new(game.clone(), &cowboys, &buildings, 0)
                .map_err(|m| DataError::at_text(path, text, "game:", m))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_town_loads_with_every_piece() {
        let town =
            Town::load(&super::super::default_town_path(), (1.4, 0.9)).expect("standard town");
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
        let err = town.validate(path, text, (1.4, 0.9)).unwrap_err();
        assert!(err.message.contains("hat 1"), "{err}");
        assert_eq!(err.position.map(|p| p.0), Some(2));
    }

    #[test]
    fn off_table_piece_is_refused() {
        let text = r#"(name: "t", buildings: [], figures: [(team: Neutral, at_cm: (500, 0))])"#;
        let path = Path::new("t.ron");
        let town: Town = super::super::parse_ron(path, text).unwrap();
        assert!(
            town.validate(path, text, (1.4, 0.9))
                .unwrap_err()
                .message
                .contains("off the")
        );
    }
}
