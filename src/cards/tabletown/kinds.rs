//! The deck's card kinds and the to-hit tables: what each card is, the rounds
//! a gun holds and the ammunition it takes, the initiative modifiers, and the
//! lowest die that hits (guns and TNT).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    Draw,
    Shootout,
    Revolver,
    Rifle,
    Shotgun,
    Bullet,
    Shell,
    Tnt,
    Sheriff,
    Deputy,
    ReachForTheSky,
    StageCoach,
    Cavalry,
}

impl Kind {
    pub const ALL: [Kind; 13] = [
        Kind::Draw,
        Kind::Shootout,
        Kind::Revolver,
        Kind::Rifle,
        Kind::Shotgun,
        Kind::Bullet,
        Kind::Shell,
        Kind::Tnt,
        Kind::Sheriff,
        Kind::Deputy,
        Kind::ReachForTheSky,
        Kind::StageCoach,
        Kind::Cavalry,
    ];

    pub fn is_gun(self) -> bool {
        matches!(self, Kind::Revolver | Kind::Rifle | Kind::Shotgun)
    }

    pub fn is_event(self) -> bool {
        matches!(self, Kind::Draw | Kind::Shootout)
    }

    /// Rounds a gun holds.
    pub fn capacity(self) -> usize {
        match self {
            Kind::Revolver => 6,
            Kind::Rifle => 4,
            Kind::Shotgun => 2,
            _ => 0,
        }
    }

    /// The ammunition a gun takes.
    pub fn ammo(self) -> Option<Kind> {
        match self {
            Kind::Revolver | Kind::Rifle => Some(Kind::Bullet),
            Kind::Shotgun => Some(Kind::Shell),
            _ => None,
        }
    }

    /// Added to the initiative die (advanced rule: weapon modifiers).
    pub fn initiative(self) -> u8 {
        match self {
            Kind::Rifle => 2,
            Kind::Shotgun => 1,
            _ => 0,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Kind::Draw => "DRAW!",
            Kind::Shootout => "SHOOTOUT!",
            Kind::Revolver => "Revolver",
            Kind::Rifle => "Rifle",
            Kind::Shotgun => "Shotgun",
            Kind::Bullet => "Bullet",
            Kind::Shell => "Shell",
            Kind::Tnt => "TNT",
            Kind::Sheriff => "Sheriff star",
            Kind::Deputy => "Deputy star",
            Kind::ReachForTheSky => "Reach for the Sky",
            Kind::StageCoach => "Last Stage Coach Out of Town",
            Kind::Cavalry => "US Cavalry Arrives!",
        }
    }
}

/// The lowest die that hits: revolver 5, rifle 4, one shell 3, both shells 2.
pub fn to_hit(weapon: Kind, both_barrels: bool) -> u8 {
    match (weapon, both_barrels) {
        (Kind::Shotgun, true) => 2,
        (Kind::Shotgun, false) => 3,
        (Kind::Rifle, _) => 4,
        _ => 5,
    }
}

/// TNT: one stick hits on 5, two on 4, three on 3 (every player at the table).
pub fn tnt_to_hit(sticks: u8) -> u8 {
    6 - sticks.clamp(1, 3)
}
