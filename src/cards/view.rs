//! What a card game shows on the table: its card faces and back, and for a
//! given state and viewer, where every card lies, which way up, and what a
//! click on it does. A pure function of the rules state (plain data, no Bevy
//! types): the window's card table draws it, so the scene follows the state
//! and shows face up only what the viewer's seat may see.

use glam::Vec3;

use super::core::{Game, Seat};
use super::seating::SeatKind;

/// An RGBA colour.
pub type Rgba = [u8; 4];

/// What one card face shows.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceSpec {
    /// The card's name, at the top.
    pub title: String,
    /// Under the title: a kind, a position.
    pub subtitle: String,
    /// Large in the middle: a value, a gun.
    pub big: String,
    /// Icons beside the big text (emoji), may be empty.
    pub icons: String,
    /// Short lines at the bottom (what the card does).
    pub lines: Vec<String>,
    /// The band behind the title, and the paper.
    pub band: Rgba,
    pub paper: Rgba,
    /// The pictures printed in the middle: the first large, the others
    /// small beside it (drawn as vector shapes; none: the big text alone).
    pub art: Vec<Art>,
}

/// A picture printed on a card (the window draws each as vector shapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Art {
    Revolver,
    Rifle,
    Shotgun,
    Cannon,
    Bullet,
    Shell,
    Dynamite,
    /// A sheriff's six-pointed star.
    Star,
    /// An open hand, fingers up.
    Hand,
    Fist,
    Lock,
    HockeyStick,
    Puck,
    Tombstone,
    Horse,
    Gold,
    House,
    Heart,
    Shield,
    Stopwatch,
    /// A circle struck through: something stopped.
    Jam,
}

/// How a game's cards are printed: the frame round its faces and the
/// pattern on its back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardStyle {
    /// Slapshot: rounded like the boards of a rink, its lines on the back.
    Rink,
    /// Tabletown: a printed poster, a double rule and corner ornaments.
    Poster,
    /// Slap .45: a saloon card, scalloped corners, a star in each.
    Saloon,
    /// The Gunfighter: a ticket with notched corners and a dashed rule.
    Ticket,
}

/// A card back: a colour, a border, the game's pattern and its word.
#[derive(Clone, Debug, PartialEq)]
pub struct BackSpec {
    pub word: String,
    pub colour: Rgba,
    pub ink: Rgba,
    pub style: CardStyle,
}

/// A physical card, the same from deal to discard (so it can be animated).
pub type CardKey = u32;

/// Where a card lies: table coordinates in metres (y up, your seat toward +z),
/// turned by `yaw` about the vertical, face up or down; `lift` raises it a
/// little (a selected card, the top of a stack).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub pos: Vec3,
    pub yaw: f32,
    pub face_up: bool,
}

/// One card on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed<A> {
    pub key: CardKey,
    /// The face shown (an index into [`CardView::faces`]) when face up. A card
    /// the viewer may not see has `None` and is drawn face down.
    pub face: Option<usize>,
    pub spot: Spot,
    /// What clicking it does, when it is the viewer's decision.
    pub action: Option<A>,
    /// Drawn with a glow: a card that can be played, or one in the news.
    pub highlight: bool,
}

/// Words on the table: a seat's name and score, a verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub at: Vec3,
    pub text: String,
    pub colour: [u8; 3],
    pub big: bool,
}

/// A place cards can be dragged to (a line-up slot), with its index.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    pub at: Vec3,
    pub yaw: f32,
    pub index: usize,
}

/// A round token on the table: a manager's marker on the scoreboard, a
/// wound, a loaded round.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The same token from one scene to the next (so it can glide).
    pub key: u32,
    pub at: Vec3,
    pub colour: Rgba,
    pub radius: f32,
}

/// A play mat with a hole that cards are tossed into (The Gunfighter): the
/// hole's centre on the table and its turn, and where its owner's hand lets
/// go of a toss. The window draws it and throws at it on Rapier, its size
/// from the physics profile.
#[derive(Clone, Debug, PartialEq)]
pub struct MatSpot {
    pub seat: Seat,
    pub centre: Vec3,
    pub yaw: f32,
    pub hand: Vec3,
    pub alive: bool,
}

/// Everything on the table for one viewer.
#[derive(Clone, Debug, PartialEq)]
pub struct TableScene<A> {
    pub cards: Vec<Placed<A>>,
    pub labels: Vec<Label>,
    pub slots: Vec<Slot>,
    pub tokens: Vec<Token>,
}

impl<A> Default for TableScene<A> {
    fn default() -> Self {
        TableScene {
            cards: Vec::new(),
            labels: Vec::new(),
            slots: Vec::new(),
            tokens: Vec::new(),
        }
    }
}

/// The viewer's seat and legal actions when the decision is theirs (nothing
/// is clickable otherwise).
pub fn viewer_turn<G: Game>(g: &G, viewer: Option<Seat>) -> (Option<Seat>, Vec<G::Action>) {
    match g.turn() {
        super::core::Turn::Player(p) if Some(p) == viewer => (Some(p), g.legal_actions()),
        _ => (None, Vec::new()),
    }
}

/// A colour per seat, for tokens and labels.
pub const SEAT_COLOURS: [Rgba; 6] = [
    [200, 60, 50, 255],
    [60, 110, 210, 255],
    [70, 160, 80, 255],
    [220, 180, 50, 255],
    [150, 80, 190, 255],
    [230, 120, 40, 255],
];

/// A seat's colour as a label's RGB.
pub fn seat_rgb(seat: Seat) -> [u8; 3] {
    let c = SEAT_COLOURS[seat % SEAT_COLOURS.len()];
    [
        c[0].saturating_add(40),
        c[1].saturating_add(40),
        c[2].saturating_add(40),
    ]
}

/// The table's view of a card game.
pub trait CardView: Game {
    /// Seconds each staged step (a revealed pair) stays on show.
    const STAGE_SECONDS: f32 = 1.0;
    /// The game rolls dice (the table gets a dice tray).
    const DICE: bool = false;

    /// Every face the game's cards can show (from the RON card data).
    fn faces(&self) -> Vec<FaceSpec>;
    /// The game's card back.
    fn back() -> BackSpec;
    /// The table as `viewer` sees it (None: a spectator, who sees no hidden
    /// card). `staged`: how many steps of what is on show are shown so far.
    fn scene(
        &self,
        viewer: Option<Seat>,
        seats: &[SeatKind],
        staged: Option<usize>,
    ) -> TableScene<Self::Action>;
    /// The play mats cards are tossed into, as `viewer` sees the table (none
    /// for a game without).
    fn mats(&self, _viewer: Option<Seat>) -> Vec<MatSpot> {
        Vec::new()
    }
    /// Steps to show, one at a time, after an action took the game from
    /// `before` to `self` (a line-up revealed pair by pair); 0 for none.
    fn stage_steps(&self, _before: &Self) -> usize {
        0
    }
    /// Lines for the side panel: the phase, the scores, whose turn.
    fn status(&self, viewer: Option<Seat>) -> Vec<String>;
    /// Longer public notes, shown folded (what each manager last showed, ...).
    fn notes(&self, _viewer: Option<Seat>) -> Vec<String> {
        Vec::new()
    }
    /// The label of a button for `action` (the viewer's legal actions that no
    /// card click stands for).
    fn action_label(&self, action: &Self::Action, viewer: Option<Seat>) -> String {
        self.describe(action, viewer)
    }
    /// The seat a card on the table stands for (a gang's member cards), for
    /// pointing at it with a click in real-time play.
    fn seat_of_card(&self, _key: CardKey) -> Option<Seat> {
        None
    }
}
