//! The flow around the five seconds: the draw into every living bandolier
//! (or the reshuffle first, when a deck runs short), the pocket exchange, the
//! cards played before a showdown, and each action applied, checked before
//! any change: the deal, the swaps, the tosses, the waits and the landings.

use super::{Action, Fighter, Gunfighter, Phase, TOSS_MS, Toss, WAIT_MS, reshuffle_pool};
use crate::cards::core::{Illegal, Seat, is_permutation, refuse};
use crate::cards::gunfighter::resolve::Landed;
use crate::cards::gunfighter::setup::{Before, CardId, Play};

impl Gunfighter {
    /// Draws every living bandolier, or asks for a reshuffle first.
    pub(super) fn start_showdown(&mut self) {
        let b = self.rules.bandolier;
        if self
            .living()
            .iter()
            .any(|&s| self.fighters[s].deck.len() < b)
        {
            self.phase = Phase::Reshuffle;
            return;
        }
        for s in self.living() {
            let f = &mut self.fighters[s];
            let drawn: Vec<CardId> = f.deck.drain(..b).collect();
            f.bandolier = drawn.into_iter().map(Some).collect();
            f.armor = 0;
            f.ready_ms = 0;
            f.holstered = false;
            f.covert_played = false;
        }
        self.tosses.clear();
        self.next_exchange(None);
    }

    /// The next living seat (after `from`) to arrange its bandolier and
    /// swap with its pocket, or the preparations.
    fn next_exchange(&mut self, from: Option<Seat>) {
        let next = match from {
            None => self.living().first().copied(),
            Some(s) => self.after(s),
        };
        if let Some(s) = next {
            self.phase = Phase::Exchange { seat: s };
            return;
        }
        match self.living().first() {
            Some(&s) => self.phase = Phase::Prepare { seat: s },
            None => self.finish(),
        }
    }

    fn next_prepare(&mut self, seat: Seat) {
        match self.after(seat) {
            Some(s) => self.phase = Phase::Prepare { seat: s },
            None => {
                self.phase = Phase::Showdown;
                self.events.push("The five seconds start: toss!".into());
                self.after_toss();
            }
        }
    }

    /// Ends the showdown when nobody can toss any more.
    fn after_toss(&mut self) {
        if self.in_the_air().is_none() && self.next_tosser().is_none() {
            self.read_mats();
        }
    }

    /// Whom a card played before a showdown may name, in reading order.
    pub(super) fn targets_of(&self, seat: Seat, play: Play) -> Vec<Seat> {
        self.living()
            .into_iter()
            .filter(|&target| self.may_name(seat, play, target))
            .collect()
    }

    /// Whether `seat` may play a card of `play` on `target`. A card that
    /// names "an opponent" (Jam, Steal) names a living one other than its
    /// player (the eliminated are out of the game); every other card acts on
    /// its player.
    fn may_name(&self, seat: Seat, play: Play, target: Seat) -> bool {
        match play {
            Play::Before(Before::Jam(_) | Before::Steal) => {
                target != seat && self.fighters.get(target).is_some_and(|f| f.alive)
            }
            _ => target == seat,
        }
    }

    /// Whether `a` is a step `seat` may take while laying out its bandolier:
    /// a card just drawn swapped for a pocket card (the sheet: "players are
    /// allowed to exchange any cards in their pockets with cards they just
    /// drew"), two neighbouring slots swapped (arranging "in any order" is a
    /// series of such swaps), or keeping the bandolier as it lies.
    fn may_lay_out(&self, seat: Seat, a: &Action) -> bool {
        let f = &self.fighters[seat];
        match *a {
            Action::Exchange { slot, pocket } => {
                matches!(f.bandolier.get(slot), Some(Some(_))) && pocket < f.pocket.len()
            }
            Action::Arrange { a, b } => a.checked_add(1) == Some(b) && b < f.bandolier.len(),
            Action::Keep => true,
            _ => false,
        }
    }

    /// Plays a card before the showdown (covert, or from the bandolier).
    fn play_before(&mut self, seat: Seat, card: CardId, target: Seat) {
        let Play::Before(b) = self.rules.card(card).play else {
            return;
        };
        let who = self.name_of(seat);
        let name = self.card_name(card).to_string();
        match b {
            Before::Armor(n) => self.fighters[seat].armor += n,
            Before::Heal(n) => {
                let f = &mut self.fighters[seat];
                f.health = (f.health + n).min(self.rules.health);
            }
            Before::Quickdraw(ms) => self.fighters[seat].ready_ms -= ms as i32,
            Before::Jam(ms) => self.fighters[target].ready_ms += ms as i32,
            Before::Steal => {
                if !self.fighters[target].covert.is_empty() {
                    let c = self.fighters[target].covert.remove(0);
                    self.fighters[seat].covert.push(c);
                }
            }
            Before::Draw(n) => {
                for _ in 0..n {
                    if self.covert_deck.is_empty() {
                        break;
                    }
                    let c = self.covert_deck.remove(0);
                    self.fighters[seat].covert.push(c);
                }
            }
        }
        self.events.push(if target == seat {
            format!("{who} plays {name}")
        } else {
            format!("{who} plays {name} on {}", self.name_of(target))
        });
    }

    /// Applies `action` if it is possible now; checks come before any change.
    pub(super) fn apply_checked(&mut self, action: Action) -> Result<(), Illegal> {
        match (&self.phase, action) {
            (
                Phase::Deal,
                Action::Deal {
                    characters,
                    decks,
                    covert,
                },
            ) => self.apply_deal(characters, decks, covert),
            (Phase::Reshuffle, Action::Reshuffle { decks }) => self.apply_reshuffle(decks),
            (
                &Phase::Exchange { seat },
                a @ (Action::Exchange { .. } | Action::Arrange { .. } | Action::Keep),
            ) => self.apply_exchange(seat, a),
            (
                &Phase::Prepare { seat },
                a @ (Action::Covert { .. } | Action::Early { .. } | Action::Ready),
            ) => self.apply_prepare(seat, a),
            (Phase::Showdown, Action::Land { in_hole }) => self.apply_land(in_hole),
            (Phase::Showdown, a @ (Action::Toss { .. } | Action::Wait | Action::Holster)) => {
                self.apply_showdown_turn(a)
            }
            (_, a) => refuse(format!("{a:?} is not possible now ({:?})", self.phase)),
        }
    }

    /// The deal: checks the characters, the decks and the covert deck, then deals.
    fn apply_deal(
        &mut self,
        characters: Vec<usize>,
        decks: Vec<Vec<CardId>>,
        covert: Vec<CardId>,
    ) -> Result<(), Illegal> {
        let n = self.rules.players;
        let mut distinct = characters.clone();
        distinct.sort();
        distinct.dedup();
        if characters.len() != n
            || distinct.len() != n
            || characters.iter().any(|&c| c >= self.rules.characters.len())
        {
            return refuse("one character per seat, each once");
        }
        if !self.rules.random_characters && characters != (0..n).collect::<Vec<_>>() {
            return refuse("characters are chosen by seat in this setup");
        }
        if decks.len() != n
            || decks
                .iter()
                .zip(&characters)
                .any(|(d, &c)| !is_permutation(d, &self.rules.characters[c].deck))
        {
            return refuse("each deck must be its character's 30 cards, shuffled");
        }
        if !is_permutation(&covert, &self.rules.covert) {
            return refuse("the covert deck must be the covert cards, shuffled");
        }
        self.deal_fighters(characters, decks, covert);
        Ok(())
    }

    /// Seats the checked characters with their decks, deals the covert hands
    /// and starts the first showdown.
    fn deal_fighters(
        &mut self,
        characters: Vec<usize>,
        decks: Vec<Vec<CardId>>,
        covert: Vec<CardId>,
    ) {
        let n = self.rules.players;
        self.covert_deck = covert;
        self.fighters = characters
            .iter()
            .zip(decks)
            .map(|(&character, deck)| Fighter {
                character,
                health: self.rules.health,
                alive: true,
                deck,
                bandolier: Vec::new(),
                pocket: Vec::new(),
                discard: Vec::new(),
                covert: Vec::new(),
                before: Vec::new(),
                armor: 0,
                ready_ms: 0,
                holstered: false,
                covert_played: false,
            })
            .collect();
        for s in 0..n {
            let k = self.rules.covert_hand.min(self.covert_deck.len());
            let hand: Vec<CardId> = self.covert_deck.drain(..k).collect();
            self.fighters[s].covert = hand;
        }
        for s in 0..n {
            self.events
                .push(format!("Seat {s} plays {}", self.name_of(s)));
        }
        self.start_showdown();
    }

    /// The reshuffle: checks each new deck, then puts it in place.
    fn apply_reshuffle(&mut self, decks: Vec<Vec<CardId>>) -> Result<(), Illegal> {
        if decks.len() != self.rules.players
            || self.fighters.iter().zip(&decks).any(|(f, d)| {
                if f.alive {
                    !is_permutation(d, &reshuffle_pool(f))
                } else {
                    !d.is_empty()
                }
            })
        {
            return refuse("each living deck must be its deck, pocket and discard, shuffled");
        }
        for (f, d) in self.fighters.iter_mut().zip(decks) {
            if f.alive {
                f.deck = d;
                f.pocket.clear();
                f.discard.clear();
            }
        }
        self.events
            .push("The decks run short: discards and pockets are shuffled back".into());
        self.start_showdown();
        Ok(())
    }

    /// `seat`'s swap with its pocket, swap of two bandolier slots, or keep.
    fn apply_exchange(&mut self, seat: Seat, a: Action) -> Result<(), Illegal> {
        if !self.may_lay_out(seat, &a) {
            return refuse(format!(
                "{a:?} is not a swap {} can make",
                self.name_of(seat)
            ));
        }
        match a {
            Action::Exchange { slot, pocket } => {
                let f = &mut self.fighters[seat];
                let drawn = f.bandolier[slot].expect("a legal slot holds a card");
                f.bandolier[slot] = Some(f.pocket[pocket]);
                f.pocket[pocket] = drawn;
                self.events.push(format!(
                    "{} swaps a card with the pocket",
                    self.name_of(seat)
                ));
            }
            Action::Arrange { a, b } => {
                self.fighters[seat].bandolier.swap(a, b);
            }
            _ => self.next_exchange(Some(seat)),
        }
        Ok(())
    }

    /// `seat`'s covert card, card played early from the bandolier, or ready.
    fn apply_prepare(&mut self, seat: Seat, a: Action) -> Result<(), Illegal> {
        match a {
            Action::Covert { card, target } => self.play_covert(seat, card, target),
            Action::Early { slot, target } => self.play_early(seat, slot, target),
            _ => {
                self.next_prepare(seat);
                Ok(())
            }
        }
    }

    /// `seat` plays covert card `card` from its hand on `target`.
    fn play_covert(&mut self, seat: Seat, card: CardId, target: Seat) -> Result<(), Illegal> {
        let f = &self.fighters[seat];
        if f.covert_played {
            return refuse("one covert card before a showdown");
        }
        let Some(k) = f.covert.iter().position(|&c| c == card) else {
            return refuse("that covert card is not in your hand");
        };
        if !self.may_name(seat, self.rules.card(card).play, target) {
            return refuse("that card cannot be played on that seat");
        }
        self.fighters[seat].covert.remove(k);
        self.fighters[seat].covert_played = true;
        self.covert_discard.push(card);
        self.play_before(seat, card, target);
        Ok(())
    }

    /// `seat` plays the "before a showdown" card in bandolier slot `slot` on `target`.
    fn play_early(&mut self, seat: Seat, slot: usize, target: Seat) -> Result<(), Illegal> {
        let Some(Some(card)) = self.fighters[seat].bandolier.get(slot).copied() else {
            return refuse("no card in that slot");
        };
        let play = self.rules.card(card).play;
        if !matches!(play, Play::Before(_)) {
            return refuse("that card is tossed in the showdown, not played before it");
        }
        if !self.may_name(seat, play, target) {
            return refuse("that card cannot be played on that seat");
        }
        self.fighters[seat].bandolier[slot] = None;
        self.fighters[seat].before.push(card);
        self.play_before(seat, card, target);
        Ok(())
    }

    /// The card in the air comes to rest, inside the hole (onto the mat's stack) or not.
    fn apply_land(&mut self, in_hole: bool) -> Result<(), Illegal> {
        let Some(t) = self.in_the_air().copied() else {
            return refuse("no card is in the air");
        };
        self.tosses.last_mut().expect("in the air").in_hole = Some(in_hole);
        if in_hole {
            self.mats[t.target].push(Landed {
                card: t.card,
                thrower: t.thrower,
                at_ms: t.at_ms,
            });
            self.events.push(format!(
                "{} lands in {}'s hole",
                self.card_name(t.card),
                self.name_of(t.target)
            ));
        } else {
            self.events.push(format!(
                "{} misses {}'s hole",
                self.card_name(t.card),
                self.name_of(t.target)
            ));
        }
        self.after_toss();
        Ok(())
    }

    /// The next tosser's toss, wait or holster, once no card is in the air.
    fn apply_showdown_turn(&mut self, a: Action) -> Result<(), Illegal> {
        if self.in_the_air().is_some() {
            return refuse("a card is still in the air");
        }
        let Some(seat) = self.next_tosser() else {
            return refuse("the five seconds are over");
        };
        match a {
            Action::Toss { slot, target } => self.toss_card(seat, slot, target),
            Action::Wait => {
                self.fighters[seat].ready_ms += WAIT_MS;
                self.after_toss();
                Ok(())
            }
            _ => {
                self.fighters[seat].holstered = true;
                self.events.push(format!("{} holsters", self.name_of(seat)));
                self.after_toss();
                Ok(())
            }
        }
    }

    /// `seat` tosses the card in bandolier slot `slot` at `target`'s mat.
    fn toss_card(&mut self, seat: Seat, slot: usize, target: Seat) -> Result<(), Illegal> {
        let Some(Some(card)) = self.fighters[seat].bandolier.get(slot).copied() else {
            return refuse("no card in that bandolier slot");
        };
        if target >= self.rules.players || !self.fighters[target].alive {
            return refuse("no living gunfighter's mat there");
        }
        let at_ms = self.fighters[seat].ready_ms;
        self.fighters[seat].bandolier[slot] = None;
        self.fighters[seat].ready_ms += TOSS_MS;
        self.tosses.push(Toss {
            thrower: seat,
            card,
            target,
            at_ms,
            in_hole: None,
        });
        self.events.push(format!(
            "{} tosses {} at {}'s mat ({at_ms} ms)",
            self.name_of(seat),
            self.card_name(card),
            self.name_of(target)
        ));
        Ok(())
    }
}
