//! The physics profile (`assets/physics.ron`): every size, material and solver
//! setting of the table. Units: metres, kilograms, seconds, radians unless a
//! field name says otherwise (`_deg`, `_cm`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhysicsProfile {
    /// Downward acceleration, m/s².
    pub gravity: f32,
    pub solver: Solver,
    pub sleep: Sleep,
    pub table: TableSpec,
    pub flick: FlickSpec,
    /// A figure whose up axis is tilted more than this from vertical is knocked over.
    pub knocked_over_tilt_deg: f32,
    /// Named materials, referred to by the pieces.
    pub materials: BTreeMap<String, Material>,
    /// Friction and restitution for pairs of materials that measurement
    /// sets apart from the two materials' values averaged (Rapier's rule,
    /// used for every other pair). Optional: none when absent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<MaterialPair>,
    pub pieces: Pieces,
    /// What the table adds to Rapier's contacts: a disc's friction over its
    /// whole face and rolling resistance (optional: these values when absent).
    #[serde(default)]
    pub contact: ContactSpec,
    /// The card table's dice and dice tray (optional: these values when absent).
    #[serde(default)]
    pub dice: DiceSpec,
    /// The Gunfighter's cards tossed at a play mat's hole (optional: these
    /// values when absent).
    #[serde(default)]
    pub cards: CardTossSpec,
}

/// The contact laws the table supplies where Rapier's contact model has none
/// (docs/physics.md, "Physical laws"; `physics::face_friction`). All on in
/// the shipped profile (since 2026-11-29, every scenario's balance measured
/// again with them); off when the section is absent, Rapier's own contacts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ContactSpec {
    /// A disc lying flat on the table top and slipping is braked by Coulomb
    /// friction over its whole face (slide and spin coupled, both stopping
    /// at once), not by Rapier's one-point friction; at rest it is held by
    /// Rapier's.
    pub face_friction: bool,
    /// Rolling resistance, metres: whatever rests on the table top loses
    /// its tilting and rolling spin to a torque of at most this × the
    /// contact's normal force.
    pub rolling_resistance: f32,
    /// Two discs lying flat that meet are pushed apart along the line of
    /// their centres at the moment they touch, not along the line Rapier
    /// found at the start of the step (`physics::disc_hits`).
    pub line_of_centres: bool,
    /// A disc landing flat on the table top meets it at one point under
    /// its centre, so it leaves at restitution × its speed of arrival and
    /// is not set turning (`physics::landing`).
    pub flat_landing: bool,
}

impl ContactSpec {
    /// All four laws on, rolling resistance at the lever measured with
    /// them (0.2 mm: docs/physics.md).
    pub fn all_on() -> Self {
        ContactSpec {
            face_friction: true,
            rolling_resistance: 0.0002,
            line_of_centres: true,
            flat_landing: true,
        }
    }

    /// Whether the table adds nothing to Rapier's contacts.
    pub fn is_off(&self) -> bool {
        *self == ContactSpec::default()
    }
}

impl Default for ContactSpec {
    fn default() -> Self {
        ContactSpec {
            face_friction: false,
            rolling_resistance: 0.0,
            line_of_centres: false,
            flat_landing: false,
        }
    }
}

/// A playing card tossed at a play mat with a hole (The Gunfighter).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CardTossSpec {
    /// Width and length of a card, metres (poker size: 63 × 88 mm).
    pub card_size: (f32, f32),
    pub card_thickness: f32,
    /// kg/m³ (card stock: about 1,100).
    pub card_density: f32,
    pub card_friction: f32,
    pub card_restitution: f32,
    /// What little damping the card has besides the air (1/s), and its spin's.
    pub linear_damping: f32,
    pub angular_damping: f32,
    /// The air on a flat card in flight (Rapier has none; applied as a force
    /// each step, [`crate::physics::card_toss::air_force`]): density (kg/m³),
    /// the lift slope of the card's plate (per radian of angle of attack),
    /// the most its normal-force coefficient reaches (a plate falling flat)
    /// and the skin friction along its faces.
    pub air_density: f32,
    pub lift_slope: f32,
    pub plate_drag: f32,
    pub skin_friction: f32,
    /// The card leaves the hand this much nose-up from its line of flight
    /// (degrees): a little angle of attack, which gives it lift.
    pub release_pitch_deg: f32,
    /// The foam mat, its pocket (the hole, cut through to the table) and its feel.
    pub mat_size: (f32, f32),
    pub mat_thickness: f32,
    pub hole_size: (f32, f32),
    pub mat_friction: f32,
    pub mat_restitution: f32,
    pub table_friction: f32,
    /// The hand: release height above the table, lob angle above horizontal
    /// (degrees), spin about the card's face normal (rad/s).
    pub release_height: f32,
    pub release_angle_deg: f32,
    pub release_spin: f32,
    /// Step of the toss simulation, seconds.
    pub dt: f32,
    /// The card sleeps below this speed (m/s) for `time_until_sleep`.
    pub sleep_speed: f32,
    pub time_until_sleep: f32,
    /// A toss not at rest after this long counts where it is (outside), seconds.
    pub max_seconds: f32,
}

impl Default for CardTossSpec {
    fn default() -> Self {
        CardTossSpec {
            card_size: (0.063, 0.088),
            card_thickness: 0.0003,
            card_density: 1100.0,
            card_friction: 0.35,
            card_restitution: 0.05,
            linear_damping: 0.05,
            angular_damping: 2.0,
            air_density: 1.2,
            lift_slope: 1.1,
            plate_drag: 1.2,
            skin_friction: 0.02,
            release_pitch_deg: 4.0,
            mat_size: (0.30, 0.40),
            mat_thickness: 0.008,
            hole_size: (0.11, 0.14),
            mat_friction: 0.7,
            mat_restitution: 0.05,
            table_friction: 0.45,
            release_height: 0.25,
            release_angle_deg: 30.0,
            release_spin: 12.0,
            dt: 1.0 / 240.0,
            sleep_speed: 0.01,
            time_until_sleep: 0.15,
            max_seconds: 4.0,
        }
    }
}

/// A six-sided die and the felt tray it is thrown into (card games' real dice).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiceSpec {
    /// Edge length of the die, metres.
    pub size: f32,
    /// Radius of the die's rounded edges, metres (less than half the size).
    pub edge_radius: f32,
    /// kg/m³ (acrylic: about 1,180).
    pub density: f32,
    pub friction: f32,
    pub restitution: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
    /// Inside of the tray, x and z, metres.
    pub tray_size: (f32, f32),
    pub wall_height: f32,
    pub wall_thickness: f32,
    /// The felt's friction and restitution.
    pub tray_friction: f32,
    pub tray_restitution: f32,
    /// Step of the dice simulation, seconds.
    pub dt: f32,
    /// The die sleeps below this speed (length units per second) for `time_until_sleep`.
    pub sleep_speed: f32,
    pub time_until_sleep: f32,
    /// A throw not at rest after this long is thrown again, seconds.
    pub max_seconds: f32,
    /// A die resting more than this far from flat is cocked and thrown again, degrees.
    pub cocked_tolerance_deg: f32,
    /// Throws after which the nearest face counts (a roll always ends).
    pub max_rerolls: u32,
    /// Release speed range, m/s; release height range above the felt, metres;
    /// tumble, rad/s (each axis up to this, either way).
    pub throw_speed: (f32, f32),
    pub throw_height: (f32, f32),
    pub throw_spin: f32,
}

impl Default for DiceSpec {
    fn default() -> Self {
        DiceSpec {
            size: 0.016,
            edge_radius: 0.0015,
            density: 1180.0,
            friction: 0.35,
            restitution: 0.45,
            linear_damping: 0.1,
            angular_damping: 0.3,
            tray_size: (0.24, 0.18),
            wall_height: 0.03,
            wall_thickness: 0.01,
            tray_friction: 0.5,
            tray_restitution: 0.3,
            dt: 1.0 / 240.0,
            sleep_speed: 0.1,
            time_until_sleep: 0.2,
            max_seconds: 6.0,
            cocked_tolerance_deg: 8.0,
            max_rerolls: 20,
            throw_speed: (0.6, 1.2),
            throw_height: (0.04, 0.08),
            throw_spin: 25.0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Solver {
    /// Fixed timestep, seconds.
    pub dt: f32,
    pub substeps: usize,
    pub iterations: usize,
    /// Typical size of a piece, metres: Rapier's length scale for margins and sleep thresholds.
    pub length_unit: f32,
    /// A flick that has not come to rest after this long is cut off, seconds.
    pub max_flick_seconds: f32,
    /// Contacts are generated for shapes closer than this, metres.
    pub prediction_distance: f32,
    /// Continuous collision detection substeps (0 turns CCD off).
    pub ccd_substeps: usize,
    /// Discs also get predictive ("soft") CCD contacts this far ahead, metres:
    /// about one step of travel at full strength.
    pub disc_soft_ccd: f32,
    /// Let Rapier reuse a pair's contacts while it barely moves (faster; can keep
    /// stale contacts on a disc pressed against a thin piece).
    pub contact_recycling: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sleep {
    /// Linear speed below which a body may sleep, in length units per second.
    pub normalized_linear_threshold: f32,
    /// Angular speed below which a body may sleep, rad/s.
    pub angular_threshold: f32,
    /// How long a body must stay slow before it sleeps, seconds.
    pub time_until_sleep: f32,
    /// A flick also ends when no piece has moved more than `still_drift`
    /// metres (a point at the piece's far edge included) for `still_time`
    /// seconds (longer than `solver.max_flick_seconds`: never); what is still
    /// awake is then put to sleep. A backstop for
    /// pieces Rapier keeps waking: two bodies that touch and part every step,
    /// each woken by the other as it falls asleep, rock in place to the time
    /// cap (docs/physics.md, "Every flick comes to rest").
    #[serde(default = "Sleep::default_still_drift")]
    pub still_drift: f32,
    #[serde(default = "Sleep::default_still_time")]
    pub still_time: f32,
    /// From `settle_after` seconds into a flick, every piece still awake
    /// loses its speed at `settle_rate` per second (speed × e^(−rate·t);
    /// 6/s is 5% a step at 120 Hz): the rolling and rocking
    /// resistance of wood on a tabletop, which Rapier does not have. Without
    /// it a piece propped on a disc's rim can rock to the time cap, pumped by
    /// its contacts re-made each swing. By then a flick has done what it will do.
    #[serde(default = "Sleep::default_settle_after")]
    pub settle_after: f32,
    #[serde(default = "Sleep::default_settle_rate")]
    pub settle_rate: f32,
    /// The backstop: a flick still running `freeze_after` seconds in is
    /// ended, what is awake put to sleep where it is (at or past
    /// `solver.max_flick_seconds`: never, the time cap cuts it off instead).
    /// By then `settle_rate` has damped every free motion for a while: what
    /// still moves is kept moving by its contacts (a bullet pressed against
    /// a figure, pushed apart and back every step), so every flick comes to
    /// rest in bounded time (docs/physics.md, "Every flick comes to rest").
    #[serde(default = "Sleep::default_freeze_after")]
    pub freeze_after: f32,
}

impl Sleep {
    fn default_still_drift() -> f32 {
        0.003
    }
    fn default_still_time() -> f32 {
        0.5
    }
    fn default_settle_after() -> f32 {
        2.0
    }
    fn default_settle_rate() -> f32 {
        6.0
    }
    fn default_freeze_after() -> f32 {
        5.0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// Width (x) and depth (z) of the table top, metres.
    pub size: (f32, f32),
    pub thickness: f32,
    pub material: String,
    /// A piece whose centre drops this far below the table top has left the table, metres.
    pub fall_depth: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlickSpec {
    /// Launch speed of the movement disc at strength 1.0, m/s.
    pub movement_disc_speed: f32,
    /// Launch speed of a bullet at strength 1.0, m/s.
    pub bullet_speed: f32,
    /// Launch speed of any other piece at strength 1.0, m/s.
    pub other_speed: f32,
    /// No flick ever gives more than this impulse, N·s (the strength cap).
    pub max_impulse: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Material {
    /// kg/m³
    pub density: f32,
    /// Coulomb friction coefficient (Rapier has one; we use the kinetic value).
    pub friction: f32,
    pub restitution: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disc {
    pub radius: f32,
    pub height: f32,
    pub material: String,
    /// How far the edges are rounded, metres (0: sharp; less than half the height).
    #[serde(default)]
    pub edge_radius: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub base_radius: f32,
    pub base_height: f32,
    pub body_radius: f32,
    pub body_height: f32,
    pub head_radius: f32,
    pub hat_radius: f32,
    pub hat_height: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Building {
    /// Support block size (x along the facade, y up, z depth), metres.
    pub block_size: (f32, f32, f32),
    /// Clear gap between the two blocks: the door, metres.
    pub door_width: f32,
    /// Facade (x width, y height, z thickness), standing on the blocks.
    pub facade_size: (f32, f32, f32),
    pub block_material: String,
    pub facade_material: String,
}

impl Building {
    /// How far each support block's centre lies from the door's centre,
    /// along the facade (the blocks stand either side of the door).
    pub fn block_offset(&self) -> f32 {
        self.door_width / 2.0 + self.block_size.0 / 2.0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gallows {
    /// Platform (x, y, z), metres.
    pub platform_size: (f32, f32, f32),
    pub post_height: f32,
    pub post_width: f32,
    pub beam_length: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxPiece {
    /// (x, y, z) metres.
    pub size: (f32, f32, f32),
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cactus {
    pub trunk_radius: f32,
    pub trunk_height: f32,
    pub arm_radius: f32,
    pub arm_length: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ball {
    pub radius: f32,
    pub material: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub movement_disc: Disc,
    pub bullet: Disc,
    pub figure: Figure,
    pub building: Building,
    pub gallows: Gallows,
    pub barrel: Disc,
    pub cactus: Cactus,
    pub fence: BoxPiece,
    pub tumbleweed: Ball,
}

/// Two materials' own friction and restitution where they touch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialPair {
    /// The two materials, in either order.
    pub between: (String, String),
    pub friction: f32,
    pub restitution: f32,
}

impl MaterialPair {
    /// Whether this is the pair of `a` and `b`, in either order.
    pub fn is(&self, a: &str, b: &str) -> bool {
        let (x, y) = (&self.between.0, &self.between.1);
        (x == a && y == b) || (x == b && y == a)
    }
}

impl PhysicsProfile {
    pub fn material(&self, name: &str) -> &Material {
        // `validate` guarantees every referenced material exists.
        &self.materials[name]
    }

    /// Friction and restitution where materials `a` and `b` touch: the
    /// pair's own when the profile sets it, else the two averaged.
    pub fn contact_between(&self, a: &str, b: &str) -> (f32, f32) {
        if let Some(p) = self.pairs.iter().find(|p| p.is(a, b)) {
            return (p.friction, p.restitution);
        }
        let (m, n) = (self.material(a), self.material(b));
        (
            (m.friction + n.friction) / 2.0,
            (m.restitution + n.restitution) / 2.0,
        )
    }
}
