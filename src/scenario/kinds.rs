//! The kinds a town and its `game` section both name (buildings, teams, the
//! sides of a hat) and a cowboy as the rules know him. Below both: a town
//! holds its `game` section, and that section names these.

use serde::{Deserialize, Serialize};

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

/// A cowboy of the town (a lawman or an outlaw), as the rules know him.
#[derive(Debug, Clone, PartialEq)]
pub struct CowboySpec {
    pub name: String,
    pub team: Team,
    pub hat: u8,
    pub side: HatSide,
}
