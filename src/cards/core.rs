//! The shared rules interface of the card games, in the shape of OpenSpiel's
//! `State`: whose decision it is (a seat, chance, or nobody: the game is over),
//! the legal actions, applying one (an illegal one is refused with a reason and
//! changes nothing), what each seat may see, the result, and serde save/load.
//!
//! Chance is explicit: shuffles and dice are actions too, drawn by the driver
//! from a seeded RNG ([`Game::sample_chance`]) or fed in from outside (a die
//! rolled on the physical table). A game therefore replays exactly from its
//! setup and action list. Nothing here knows about Bevy.

use std::fmt::Debug;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A place at the table, 0-based, clockwise.
pub type Seat = usize;

/// Who decides next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Turn {
    Player(Seat),
    Chance,
    Over,
}

/// A refused action, with the reason; the game did not change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action: {0}")]
pub struct Illegal(pub String);

/// Shorthand for refusing an action.
pub fn refuse<T>(reason: impl Into<String>) -> Result<T, Illegal> {
    Err(Illegal(reason.into()))
}

/// A game state (one type per game).
pub trait Game: Clone + Serialize + DeserializeOwned {
    /// Player decisions and chance outcomes alike.
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned;
    /// What one seat may see: never another seat's hidden cards or a deck's order.
    type Observation: Clone + Debug;

    fn players(&self) -> usize;
    fn turn(&self) -> Turn;
    /// The legal actions of the seat to move; empty at chance nodes and at the end.
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// A chance outcome (a shuffle, a die, a coin), drawn from `rng`; only at chance nodes.
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Self::Action;
    /// Applies a player's action or a chance outcome; an illegal one changes nothing.
    fn apply(&mut self, action: Self::Action) -> Result<(), Illegal>;
    fn observation(&self, seat: Seat) -> Self::Observation;
    /// The seats that won, once the game is over (empty for a draw or while playing).
    fn winners(&self) -> Vec<Seat>;
    /// One line for the log, about the state before the action is applied, as
    /// `viewer` may know it (`None`: a spectator who sees every card).
    fn describe(&self, action: &Self::Action, viewer: Option<Seat>) -> String;
    /// An action the rules accept, in the form `legal_actions` lists it:
    /// where the list names one of several actions that do the same (identical
    /// cards in a hand, the moments of a wave that only order the slaps), the
    /// one it names. Every accepted action's form is listed (tested over random
    /// games for every game).
    fn listed_as(&self, action: &Self::Action) -> Self::Action {
        action.clone()
    }

    fn is_over(&self) -> bool {
        self.turn() == Turn::Over
    }

    /// 1 for each winner, 0 otherwise, once over.
    fn returns(&self) -> Option<Vec<f64>> {
        if !self.is_over() {
            return None;
        }
        let w = self.winners();
        Some(
            (0..self.players())
                .map(|s| if w.contains(&s) { 1.0 } else { 0.0 })
                .collect(),
        )
    }
}

/// A decision maker for one seat: sees only its observation and the legal actions.
pub trait Agent<G: Game> {
    fn name(&self) -> String;
    fn act(&mut self, seat: Seat, observation: &G::Observation, legal: &[G::Action]) -> G::Action;
    /// The reason for the last action chosen, in one line, in words a player
    /// reads; drawn from the observation only (it never names a card the
    /// seat cannot see). `None`: the agent gives none (the hard bots of the
    /// card games give one for every action: [`crate::cards::hint`]).
    fn why(&self) -> Option<String> {
        None
    }
}

/// Picks uniformly among the legal actions.
pub struct RandomAgent<R> {
    pub rng: R,
}

impl<G: Game, R: Rng> Agent<G> for RandomAgent<R> {
    fn name(&self) -> String {
        "random".into()
    }
    fn act(&mut self, _: Seat, _: &G::Observation, legal: &[G::Action]) -> G::Action {
        legal[self.rng.random_range(0..legal.len())].clone()
    }
}

/// Why a driven game stopped early.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    Illegal(#[from] Illegal),
    #[error("no legal action for seat {0}")]
    Stuck(Seat),
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
}

/// Plays to the end: chance from `chance`, seats from `agents` (one per seat).
/// `on_action` sees the state before each action, who chose it (None: chance) and the action.
pub fn play<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    agents: &mut [&mut dyn Agent<G>],
    chance: &mut R,
    max_actions: usize,
    mut on_action: impl FnMut(&G, Option<Seat>, &G::Action),
) -> Result<usize, PlayError> {
    let mut n = 0;
    loop {
        let (who, action) = match game.turn() {
            Turn::Over => return Ok(n),
            Turn::Chance => (None, game.sample_chance(chance)),
            Turn::Player(seat) => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    return Err(PlayError::Stuck(seat));
                }
                let obs = game.observation(seat);
                (Some(seat), agents[seat].act(seat, &obs, &legal))
            }
        };
        if n >= max_actions {
            return Err(PlayError::TooLong(n));
        }
        on_action(game, who, &action);
        game.apply(action)?;
        n += 1;
    }
}

/// Plays to the end with uniformly random legal actions (the playout of tests and benches).
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    max_actions: usize,
) -> Result<usize, PlayError> {
    let mut n = 0;
    while n < max_actions {
        let action = match game.turn() {
            Turn::Over => return Ok(n),
            Turn::Chance => game.sample_chance(rng),
            Turn::Player(seat) => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    return Err(PlayError::Stuck(seat));
                }
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        game.apply(action)?;
        n += 1;
    }
    if game.is_over() {
        Ok(n)
    } else {
        Err(PlayError::TooLong(n))
    }
}

/// A uniformly random permutation of `items` (a shuffle as a chance outcome).
pub fn shuffled<T: Clone, R: Rng + ?Sized>(items: &[T], rng: &mut R) -> Vec<T> {
    let mut v = items.to_vec();
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
    v
}

/// True when `order` holds exactly the items of `pile` (as a multiset).
pub fn is_permutation<T: Ord + Clone>(order: &[T], pile: &[T]) -> bool {
    if order.len() != pile.len() {
        return false;
    }
    let mut a = order.to_vec();
    let mut b = pile.to_vec();
    a.sort();
    b.sort();
    a == b
}

/// serde for shared, immutable rules held in every state (`Arc<T>` saved as `T`).
pub mod shared {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(v: &Arc<T>, s: S) -> Result<S::Ok, S::Error> {
        T::serialize(v, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Arc<T>, D::Error> {
        T::deserialize(d).map(Arc::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn shuffles_are_permutations_and_reproducible() {
        let items: Vec<u8> = (0..30).collect();
        let a = shuffled(&items, &mut ChaCha8Rng::seed_from_u64(3));
        let b = shuffled(&items, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(a, b);
        assert_ne!(a, items);
        assert!(is_permutation(&a, &items));
        assert!(!is_permutation(&a[1..], &items));
        assert!(!is_permutation(&[0u8, 0], &[0, 1]));
    }
}
