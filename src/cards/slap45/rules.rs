//! The rules of Slap .45 as a state machine implementing [`Game`].
//!
//! Real time enters the rules as milliseconds measured from the reveal of the
//! current card. To fit a turn-based interface each round is played as
//! **sealed waves**:
//!
//! - `Bases` (chance): the home bases are dealt, one gang per seat.
//! - `Shuffle` (chance): the discard pile (before the first round: the whole
//!   deck, less the starting Gold) becomes the new deck.
//! - `Deal`: the dealer flips the top card (`Flip`); in the final duel the
//!   dealer is the first dead player and plays any card of the deck (`Play(i)`).
//! - `React`: a wave. Every seat of the wave declares once, clockwise from the
//!   dealer's left, `Hold` (nothing before somebody else slaps), a timed
//!   `Slap` or (Black Hat Outlaws) a `Trap`; declarations are sealed (no
//!   observation shows another seat's). When the last one arrives the
//!   earliest slap is made (every slap at that millisecond, ties: a slap into
//!   cover before a slap on the card, then clockwise from the dealer's left).
//!   The round is one continuous timeline: the later declarations are not
//!   made, and if the round goes on a new wave opens at the time of that slap
//!   for every hand still free to act, which may slap again from that moment
//!   on (the same slap, if it still makes sense, or a new reaction).
//! - `Over`.
//!
//! `apply` accepts any time at or after the wave's start; `legal_actions` lists
//! Hold and a representative grid of times and targets.

use std::sync::Arc;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::setup::{CardId, CardKind, MEMBERS, Power, Rules};
use crate::cards::core::{self, Game, Illegal, Seat, Turn, refuse, shared};

mod legality;
mod moves;

/// A home base, named by the seat whose gang it belongs to (the bases on the
/// table are those of the living gangs).
pub type BaseId = Seat;

/// House rule: slaps per seat per round at most (a round lasts a few seconds).
pub const SLAPS_PER_ROUND: u8 = 4;
/// The times after a wave's start that `legal_actions` offers, in ms.
pub const GRID_MS: [u32; 4] = [180, 260, 400, 700];
/// Gold a recruit costs.
pub const RECRUIT_COST: usize = 3;

/// What a slap lands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// The face-up card in the middle.
    Card,
    /// A home base on the table.
    Base(BaseId),
    /// Lifts the hand off its base.
    Leave,
}

/// One timed slap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slap {
    /// Milliseconds after the reveal of the card.
    pub at_ms: u32,
    pub target: Target,
    /// The gang pointed at with the pistol-finger (slaps on the card only).
    pub point: Option<Seat>,
    /// Pay 1 Gold to use the gang's power on this card (slaps on the card only).
    pub power: bool,
    /// Pay 3 Gold to recruit the member the shot hits instead of killing it.
    pub recruit: bool,
    /// The Lone Star Sheriffs' second hand (base slaps and Leave only).
    pub second_hand: bool,
}

impl Slap {
    /// A slap on the card, pointing or not.
    pub fn card(at_ms: u32, point: Option<Seat>) -> Slap {
        Slap {
            at_ms,
            target: Target::Card,
            point,
            power: false,
            recruit: false,
            second_hand: false,
        }
    }

    /// A slap into a home base.
    pub fn base(at_ms: u32, base: BaseId) -> Slap {
        Slap {
            target: Target::Base(base),
            ..Slap::card(at_ms, None)
        }
    }

    /// Lifting a hand off its base.
    pub fn leave(at_ms: u32) -> Slap {
        Slap {
            target: Target::Leave,
            ..Slap::card(at_ms, None)
        }
    }

    pub fn with_power(mut self) -> Slap {
        self.power = true;
        self
    }

    pub fn with_recruit(mut self) -> Slap {
        self.recruit = true;
        self
    }

    /// Made with the Lone Star Sheriffs' second hand.
    pub fn second(mut self) -> Slap {
        self.second_hand = true;
        self
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the gang (an index into the setup's gangs) of each seat.
    Bases(Vec<usize>),
    /// Chance: the discard pile's new order as the deck, top first.
    Shuffle(Vec<CardId>),
    /// The dealer flips the top card.
    Flip,
    /// The final duel's dealer plays the i-th card of the deck (0: the top).
    Play(usize),
    /// A declaration: no slap in this wave.
    Hold,
    /// A declaration: a timed slap.
    Slap(Slap),
    /// A declaration (Black Hat Outlaws): pay 1 Gold, the next card of this
    /// kind is a trap; no slap in this wave.
    Trap(CardKind),
}

/// Where a gang's hands are: the home bases they cover (`None`: at the hip).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hands {
    pub first: Option<BaseId>,
    /// The Lone Star Sheriffs' second hand.
    pub second: Option<BaseId>,
}

impl Hands {
    /// At least one hand on a base: in cover.
    pub fn any(self) -> bool {
        self.first.is_some() || self.second.is_some()
    }

    pub fn get(self, second: bool) -> Option<BaseId> {
        if second { self.second } else { self.first }
    }

    pub(super) fn set(&mut self, second: bool, base: Option<BaseId>) {
        if second {
            self.second = base;
        } else {
            self.first = base;
        }
    }

    /// A hand on `base`.
    pub fn holds(self, base: BaseId) -> bool {
        self.first == Some(base) || self.second == Some(base)
    }

    /// The bases held.
    pub fn bases(self) -> impl Iterator<Item = BaseId> {
        self.first.into_iter().chain(self.second)
    }
}

/// One player's gang.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gang {
    /// Index into the setup's gangs, once the home bases are dealt.
    pub gang: Option<usize>,
    /// Living members; 0: the gang is out.
    pub members: u8,
    /// Gold cards in the stash.
    pub stash: Vec<CardId>,
    pub hands: Hands,
}

impl Gang {
    pub fn alive(&self) -> bool {
        self.members > 0
    }
}

/// A wave of sealed declarations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wave {
    /// No slap of this wave may come earlier (ms after the reveal).
    pub start_ms: u32,
    /// The seats that declare, clockwise from the dealer's left.
    pub order: Vec<Seat>,
    /// The seats that have declared, in the order they did.
    pub declared: Vec<Seat>,
    /// The declarations by seat: hidden from every other seat.
    pub sealed: Vec<Option<Action>>,
}

/// A card face up and the reactions to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub card: CardId,
    /// A Black Hat trap sprung by this reveal: the seat that laid it.
    pub trap: Option<Seat>,
    /// The card went into a stash (Gold claimed or shot to a gang).
    pub claimed: bool,
    /// Every gang's hands at the reveal (new cover after a Move! is a base
    /// none of them held).
    pub start: Vec<Hands>,
    /// Out of the home bases until the next round (a hand left a base).
    pub left: Vec<bool>,
    /// Slaps made this round, by seat.
    pub slaps: Vec<u8>,
    /// Waves so far, this one included.
    pub waves: u32,
    pub wave: Wave,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the home bases are dealt.
    Bases,
    /// Chance: the discard pile is shuffled into the deck.
    Shuffle,
    /// The dealer flips (plays, in the duel) the next card.
    Deal,
    React(Box<Round>),
    Over,
}

/// A game of Slap .45.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slap45 {
    #[serde(with = "shared")]
    pub rules: Arc<Rules>,
    /// By seat.
    pub gangs: Vec<Gang>,
    /// The draw pile, top first.
    pub deck: Vec<CardId>,
    /// Face up, newest last (before the first shuffle: the whole deck).
    pub discard: Vec<CardId>,
    /// Traps declared aloud and not yet sprung: (kind, the seat that laid it).
    pub traps: Vec<(CardKind, Seat)>,
    pub dealer: Seat,
    /// The final duel: two gangs left, no gold or powers.
    pub duel: bool,
    /// The dead gangs, first to die first.
    pub dead: Vec<Seat>,
    /// Rounds played.
    pub rounds: u32,
    pub phase: Phase,
    pub winners: Vec<Seat>,
    /// What the last action brought about, for the log.
    pub events: Vec<String>,
}

/// What one seat may see: everything but the deck's order and other seats'
/// sealed declarations; the Railroad dealer's peek; the duel dealer's deck.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub seat: Seat,
    pub deck_size: usize,
    /// The Railroad Company dealing: the top card before it is flipped.
    pub peek: Option<CardId>,
    /// The final duel's dealer: the whole deck, top first.
    pub duel_deck: Option<Vec<CardId>>,
    /// The state with the deck emptied and other seats' declarations removed.
    pub public: Slap45,
}

impl View {
    /// The seat's own sealed declaration in the current wave, if any.
    pub fn mine(&self) -> Option<&Action> {
        match &self.public.phase {
            Phase::React(r) => r.wave.sealed.get(self.seat).and_then(Option::as_ref),
            _ => None,
        }
    }
}

/// How a seat's slaps are ordered at equal times: clockwise from the dealer's left.
pub(super) fn rank(n: usize, dealer: Seat, seat: Seat) -> usize {
    (seat + n - dealer % n - 1) % n
}

impl Slap45 {
    /// A new game: every card in the discard pile until the first shuffle.
    pub fn new(rules: Rules) -> Slap45 {
        let n = rules.players;
        let discard: Vec<CardId> = (0..rules.cards.len()).map(|c| c as CardId).collect();
        Slap45 {
            gangs: vec![
                Gang {
                    gang: None,
                    members: MEMBERS,
                    stash: Vec::new(),
                    hands: Hands::default(),
                };
                n
            ],
            deck: Vec::new(),
            discard,
            traps: Vec::new(),
            dealer: rules.first_dealer.min(n.saturating_sub(1)),
            duel: false,
            dead: Vec::new(),
            rounds: 0,
            phase: Phase::Bases,
            winners: Vec::new(),
            events: Vec::new(),
            rules: Arc::new(rules),
        }
    }

    pub(super) fn n(&self) -> usize {
        self.rules.players
    }

    pub fn kind(&self, card: CardId) -> CardKind {
        self.rules.cards[card as usize]
    }

    pub fn alive(&self, seat: Seat) -> bool {
        self.gangs.get(seat).is_some_and(Gang::alive)
    }

    pub fn living(&self) -> Vec<Seat> {
        (0..self.n()).filter(|&s| self.alive(s)).collect()
    }

    /// Living seats clockwise from `from`'s left, `from` last (if alive).
    pub fn clockwise_after(&self, from: Seat) -> Vec<Seat> {
        let n = self.n();
        (1..=n)
            .map(|k| (from + k) % n)
            .filter(|&s| self.alive(s))
            .collect()
    }

    pub fn members(&self, seat: Seat) -> u8 {
        self.gangs[seat].members
    }

    /// Gold in the seat's stash.
    pub fn gold(&self, seat: Seat) -> usize {
        self.gangs[seat].stash.len()
    }

    /// The gang's name and seat, for the log.
    pub fn name(&self, seat: Seat) -> String {
        match self
            .gangs
            .get(seat)
            .and_then(|g| g.gang)
            .and_then(|g| self.rules.gangs.get(g))
        {
            Some(spec) => format!("{} (seat {seat})", spec.name),
            None => format!("seat {seat}"),
        }
    }

    /// The gang's power as printed on its base, whether or not it works now.
    pub fn printed_power(&self, seat: Seat) -> Option<Power> {
        let g = self.gangs.get(seat)?.gang?;
        self.rules.gangs.get(g).map(|spec| spec.power)
    }

    /// Gold and gang powers work: the advanced rule, and not in the final duel.
    pub fn powers_active(&self) -> bool {
        self.rules.gold && !self.duel
    }

    /// The gang's power, when powers work now.
    pub fn power(&self, seat: Seat) -> Option<Power> {
        if self.powers_active() {
            self.printed_power(seat)
        } else {
            None
        }
    }

    /// The seat whose hand is on `base`, if any.
    pub fn occupant(&self, base: BaseId) -> Option<Seat> {
        self.gangs.iter().position(|g| g.hands.holds(base))
    }

    /// A hand in a home base.
    pub fn in_cover(&self, seat: Seat) -> bool {
        self.gangs.get(seat).is_some_and(|g| g.hands.any())
    }

    pub fn round(&self) -> Option<&Round> {
        match &self.phase {
            Phase::React(r) => Some(&**r),
            _ => None,
        }
    }

    /// The card face up in the middle, during a round.
    /// The card `seat` may look at before it is flipped: the Railroad
    /// Company's dealer peeks at the top card while dealing.
    pub fn peek_for(&self, seat: Seat) -> Option<CardId> {
        let dealing = matches!(self.phase, Phase::Deal) && self.dealer == seat;
        (dealing && self.power(seat) == Some(Power::RailroadCompany))
            .then(|| self.deck.first().copied())
            .flatten()
    }

    /// The final duel's dealer holds the deck: he may look through it and
    /// play any card.
    pub fn holds_the_deck(&self, seat: Seat) -> bool {
        self.duel && self.dealer == seat
    }

    pub fn face_up(&self) -> Option<CardId> {
        self.round().map(|r| r.card)
    }

    /// In new cover after a Move!: a hand on a base, and no hand on a base it
    /// held at the reveal (a Lone Star moves both hands; one new base suffices).
    pub fn in_new_cover(&self, round: &Round, seat: Seat) -> bool {
        let h = self.gangs[seat].hands;
        let start = round.start[seat];
        h.any() && h.bases().all(|b| !start.holds(b))
    }

    pub(super) fn out_of_new_cover(&self, round: &Round) -> Vec<Seat> {
        let mut out: Vec<Seat> = self
            .living()
            .into_iter()
            .filter(|&s| !self.in_new_cover(round, s))
            .collect();
        let (n, dealer) = (self.n(), self.dealer);
        out.sort_by_key(|&s| rank(n, dealer, s));
        out
    }

    pub(super) fn base_name(&self, base: BaseId) -> String {
        format!("the home base of {}", self.name(base))
    }

    /// One line about the table: members, gold, cover.
    pub fn standings(&self) -> String {
        (0..self.n())
            .map(|s| {
                let g = &self.gangs[s];
                if !g.alive() {
                    return format!("{}: out", self.name(s));
                }
                let mut t = format!("{}: {} members", self.name(s), g.members);
                if self.rules.gold {
                    t.push_str(&format!(", {} Gold", g.stash.len()));
                }
                if g.hands.any() {
                    t.push_str(", in cover");
                }
                t
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl Game for Slap45 {
    type Action = Action;
    type Observation = View;

    fn players(&self) -> usize {
        self.rules.players
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Bases | Phase::Shuffle => Turn::Chance,
            Phase::Deal => Turn::Player(self.dealer),
            Phase::React(r) => r
                .wave
                .order
                .iter()
                .copied()
                .find(|s| !r.wave.declared.contains(s))
                .map_or(Turn::Over, Turn::Player),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.turn() {
            Turn::Player(seat) => self.legal_for(seat),
            _ => Vec::new(),
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        match &self.phase {
            Phase::Bases => {
                let all: Vec<usize> = (0..self.rules.gangs.len()).collect();
                let mut v = core::shuffled(&all, rng);
                v.truncate(self.n());
                Action::Bases(v)
            }
            _ => Action::Shuffle(core::shuffled(&self.discard, rng)),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        match self.turn() {
            Turn::Over => refuse("the game is over"),
            Turn::Chance => {
                self.check_chance(&action)?;
                self.events.clear();
                self.perform_chance(action);
                Ok(())
            }
            Turn::Player(seat) => {
                if matches!(self.phase, Phase::React(_)) {
                    return self.declare(seat, action);
                }
                self.check_deal(&action)?;
                self.events.clear();
                match action {
                    Action::Flip => self.reveal(0),
                    Action::Play(i) => self.reveal(i),
                    _ => {}
                }
                Ok(())
            }
        }
    }

    fn observation(&self, seat: Seat) -> View {
        let mut public = self.clone();
        public.deck.clear();
        if let Phase::React(r) = &mut public.phase {
            for (s, d) in r.wave.sealed.iter_mut().enumerate() {
                if s != seat {
                    *d = None;
                }
            }
        }
        View {
            seat,
            deck_size: self.deck.len(),
            peek: self.peek_for(seat),
            duel_deck: self.holds_the_deck(seat).then(|| self.deck.clone()),
            public,
        }
    }

    fn winners(&self) -> Vec<Seat> {
        if matches!(self.phase, Phase::Over) {
            self.winners.clone()
        } else {
            Vec::new()
        }
    }

    /// A wave's slaps are listed at a grid of moments: any moment at or after
    /// the wave's start only orders the slaps, so a slap is listed at the
    /// grid's first. A slap on the card is listed without what does nothing:
    /// a point at someone when the horse is slapped without a power (it
    /// tramples the slapper all the same), a power with nobody pointed at
    /// (it is paid only when its shot counts; the Comanche's on a horse aside).
    fn listed_as(&self, action: &Action) -> Action {
        let (Phase::React(r), Action::Slap(s), Turn::Player(seat)) =
            (&self.phase, action, self.turn())
        else {
            return action.clone();
        };
        let mut s = Slap {
            at_ms: r.wave.start_ms.saturating_add(GRID_MS[0]),
            ..*s
        };
        if s.target == Target::Card {
            let moving = self.kind(r.card) == CardKind::Move;
            if moving && !s.power {
                s.point = None;
            }
            let comanche = self.power(seat) == Some(Power::Comanche);
            if s.power && s.point.is_none() && !(moving && comanche) {
                s.power = false;
            }
        }
        Action::Slap(s)
    }

    fn describe(&self, action: &Action, viewer: Option<Seat>) -> String {
        match action {
            Action::Bases(v) => format!(
                "home bases dealt: {}",
                v.iter()
                    .enumerate()
                    .map(|(s, &g)| format!(
                        "seat {s} {}",
                        self.rules.gangs.get(g).map_or("?", |x| x.name.as_str())
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::Shuffle(o) => {
                if self.rounds == 0 {
                    format!("the deck is shuffled ({} cards)", o.len())
                } else {
                    format!(
                        "the discard pile is shuffled into a new deck ({} cards)",
                        o.len()
                    )
                }
            }
            Action::Flip | Action::Play(_) => {
                let i = if let Action::Play(i) = action { *i } else { 0 };
                let card = self
                    .deck
                    .get(i)
                    .map_or("nothing", |&c| self.kind(c).title());
                if self.duel {
                    format!(
                        "{} plays a {card} between the duelers",
                        self.name(self.dealer)
                    )
                } else {
                    format!("{} flips a {card}", self.name(self.dealer))
                }
            }
            Action::Hold | Action::Slap(_) | Action::Trap(_) => match self.turn() {
                Turn::Player(seat) => self.describe_declaration(seat, action, viewer),
                _ => format!("{action:?}"),
            },
        }
    }
}
