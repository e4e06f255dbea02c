//! What the rest of the program asks of a Slap .45 state besides playing it:
//! a full state consistent with what a seat sees (for bots that sample), wrong
//! actions for the fuzz tests, and the invariants checked after every action.

use rand::{Rng, RngCore};

use super::rules::*;
use super::setup::{CardId, CardKind, MEMBERS, Power};
use crate::cards::core::{self, Seat};

impl Slap45 {
    /// A full state consistent with `view`: the unseen cards shuffled into the
    /// deck (the peeked card on top), other seats' sealed declarations taken as
    /// Hold (for bots that sample what they cannot see).
    pub fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Slap45 {
        let mut g = view.public.clone();
        let total = g.rules.cards.len();
        let mut placed = vec![false; total];
        for &c in g
            .discard
            .iter()
            .chain(g.gangs.iter().flat_map(|x| x.stash.iter()))
        {
            if (c as usize) < total {
                placed[c as usize] = true;
            }
        }
        if let Phase::React(r) = &g.phase
            && !r.claimed
            && (r.card as usize) < total
        {
            placed[r.card as usize] = true;
        }
        let unseen: Vec<CardId> = (0..total)
            .filter(|&c| !placed[c])
            .map(|c| c as CardId)
            .collect();
        g.deck = match &view.duel_deck {
            Some(d) => d.clone(),
            None => {
                let mut rest = core::shuffled(&unseen, rng);
                if let Some(p) = view.peek
                    && let Some(i) = rest.iter().position(|&c| c == p)
                {
                    let top = rest.remove(i);
                    rest.insert(0, top);
                }
                rest
            }
        };
        if let Phase::React(r) = &mut g.phase {
            let declared = r.wave.declared.clone();
            for s in declared {
                if let Some(slot) = r.wave.sealed.get_mut(s)
                    && slot.is_none()
                {
                    *slot = Some(Action::Hold);
                }
            }
        }
        g
    }

    /// Random actions, mostly illegal now (for "a refused action changes nothing").
    pub fn wrong_actions(&self, rng: &mut dyn RngCore) -> Vec<Action> {
        let n = self.rules.players;
        let t = rng.random_range(0..2000u32);
        let s = rng.random_range(0..n + 1);
        let k = CardKind::ALL[rng.random_range(0..CardKind::ALL.len())];
        vec![
            Action::Flip,
            Action::Play(rng.random_range(0..80)),
            Action::Slap(Slap::card(t, Some(s))),
            Action::Slap(Slap::card(t, Some(s)).with_power().with_recruit()),
            Action::Slap(Slap::base(t, s)),
            Action::Slap(Slap::base(t, s).second()),
            Action::Slap(Slap::leave(t)),
            Action::Trap(k),
            Action::Bases(vec![s; n]),
            Action::Shuffle(Vec::new()),
        ]
    }

    // ---- invariants -----------------------------------------------------

    /// Every card in exactly one place, members within bounds, dead gangs
    /// without base, hands or gold, at most one hand per base, a sound phase.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_table_size()?;
        self.check_card_places()?;
        self.check_gangs()?;
        self.check_home_bases()?;
        self.check_traps()?;
        self.check_dealer()?;
        self.check_phase()?;
        if !matches!(self.phase, Phase::Over) && !self.winners.is_empty() {
            return Err("winners before the end".into());
        }
        Ok(())
    }

    /// As many gangs as players (a number the box allows), card ids that fit, a seated dealer.
    fn check_table_size(&self) -> Result<(), String> {
        let n = self.rules.players;
        let total = self.rules.cards.len();
        if !super::setup::PLAYERS.contains(&n) || self.gangs.len() != n {
            return Err(format!("{n} players, {} gangs", self.gangs.len()));
        }
        if total > CardId::MAX as usize {
            return Err(format!("{total} cards"));
        }
        if self.dealer >= n {
            return Err(format!("dealer {} of {n} seats", self.dealer));
        }
        Ok(())
    }

    /// Every card in exactly one place: the deck, the discards, a stash or face up.
    fn check_card_places(&self) -> Result<(), String> {
        let r = &self.rules;
        let total = r.cards.len();
        let mut seen = vec![0u32; total];
        let mut places: Vec<CardId> = self.deck.iter().chain(&self.discard).copied().collect();
        for g in &self.gangs {
            places.extend(&g.stash);
        }
        if let Phase::React(rd) = &self.phase
            && !rd.claimed
        {
            places.push(rd.card);
        }
        for c in places {
            match seen.get_mut(c as usize) {
                Some(k) => *k += 1,
                None => return Err(format!("card {c} is not in the deck of {total}")),
            }
        }
        if let Some(i) = seen.iter().position(|&k| k != 1) {
            return Err(format!(
                "card {i} ({:?}) is in {} places",
                r.cards[i], seen[i]
            ));
        }
        Ok(())
    }

    /// Every gang sound, the dead all seated, the members within the box's,
    /// at most one hand on each base.
    fn check_gangs(&self) -> Result<(), String> {
        let n = self.rules.players;
        let mut sum = 0usize;
        let mut on_base = vec![0u32; n];
        for (s, g) in self.gangs.iter().enumerate() {
            self.check_gang(s, g, &mut on_base)?;
            sum += g.members as usize;
        }
        if self.dead.iter().any(|&d| d >= n) {
            return Err("a dead seat beyond the table".into());
        }
        if sum > MEMBERS as usize * n {
            return Err(format!("{sum} members in all, more than the box's"));
        }
        if let Some(b) = on_base.iter().position(|&k| k > 1) {
            return Err(format!("{} hands on base {b}", on_base[b]));
        }
        Ok(())
    }

    /// Seat `s`'s gang `g`: its members, stash, gang and hands (counted into
    /// `on_base`), and whether it is listed dead.
    fn check_gang(&self, s: Seat, g: &Gang, on_base: &mut [u32]) -> Result<(), String> {
        let r = &self.rules;
        let n = r.players;
        if r.max_members.is_some_and(|m| g.members > m) {
            return Err(format!("seat {s} has {} members", g.members));
        }
        if g.stash
            .iter()
            .any(|&c| r.cards[c as usize] != CardKind::Gold)
        {
            return Err(format!("seat {s}'s stash holds a card that is not Gold"));
        }
        if g.gang.is_some_and(|x| x >= r.gangs.len()) {
            return Err(format!("seat {s} plays a gang not in the box"));
        }
        for b in g.hands.bases() {
            if b >= n {
                return Err(format!("seat {s}'s hand on base {b} of {n}"));
            }
            if !self.alive(b) {
                return Err(format!(
                    "seat {s}'s hand on the removed base of dead seat {b}"
                ));
            }
            on_base[b] += 1;
        }
        if g.hands.first.is_some() && g.hands.first == g.hands.second {
            return Err(format!("seat {s} has both hands on one base"));
        }
        if g.hands.second.is_some() && self.power(s) != Some(Power::LoneStarSheriffs) {
            return Err(format!("seat {s} has a second hand on a base"));
        }
        let listed = self.dead.iter().filter(|&&d| d == s).count();
        if g.alive() {
            if listed != 0 {
                return Err(format!("living seat {s} is listed dead"));
            }
        } else {
            if listed != 1 {
                return Err(format!("dead seat {s} is listed {listed} times"));
            }
            if g.hands.any() || !g.stash.is_empty() {
                return Err(format!("dead seat {s} still has hands in cover or gold"));
            }
        }
        Ok(())
    }

    /// Once the home bases are dealt: one gang per seat, each once.
    fn check_home_bases(&self) -> Result<(), String> {
        let n = self.rules.players;
        if !matches!(self.phase, Phase::Bases) {
            let gangs: Vec<usize> = self.gangs.iter().filter_map(|g| g.gang).collect();
            if gangs.len() != n
                || gangs
                    .iter()
                    .enumerate()
                    .any(|(i, x)| gangs[..i].contains(x))
            {
                return Err("the home bases are not dealt one per seat".into());
            }
        }
        Ok(())
    }

    /// Every trap laid by a seat at the table, one per kind.
    fn check_traps(&self) -> Result<(), String> {
        let n = self.rules.players;
        for (i, (k, s)) in self.traps.iter().enumerate() {
            if *s >= n || self.traps[..i].iter().any(|(j, _)| j == k) {
                return Err(format!("trap {i} ({k:?} by seat {s}) is not sound"));
            }
        }
        Ok(())
    }

    /// The duel's dealer the first gang to die (no traps, two gangs at most);
    /// otherwise a living dealer until the end.
    fn check_dealer(&self) -> Result<(), String> {
        if self.duel {
            if self.dead.first() != Some(&self.dealer) {
                return Err("the duel's dealer is not the first gang to die".into());
            }
            if !self.traps.is_empty() {
                return Err("traps in the duel".into());
            }
            if self.living().len() > 2 {
                return Err("a duel of more than two gangs".into());
            }
        } else if !matches!(self.phase, Phase::Over) && !self.alive(self.dealer) {
            return Err(format!("the dealer (seat {}) is dead", self.dealer));
        }
        Ok(())
    }

    /// A deck to deal from, or a sound round.
    fn check_phase(&self) -> Result<(), String> {
        match &self.phase {
            Phase::Bases | Phase::Shuffle => Ok(()),
            Phase::Deal => {
                if self.deck.is_empty() {
                    return Err("dealing from an empty deck".into());
                }
                Ok(())
            }
            Phase::React(rd) => self.check_round(rd),
            Phase::Over => Ok(()),
        }
    }

    /// The round `rd`: a card of the deck face up, its tables one per seat,
    /// a sound wave, slaps within the round's limit.
    fn check_round(&self, rd: &Round) -> Result<(), String> {
        let n = self.rules.players;
        let total = self.rules.cards.len();
        if (rd.card as usize) >= total {
            return Err(format!("face-up card {} of {total}", rd.card));
        }
        if rd.start.len() != n
            || rd.left.len() != n
            || rd.slaps.len() != n
            || rd.wave.sealed.len() != n
        {
            return Err("a round's tables are not one per seat".into());
        }
        self.check_wave(&rd.wave)?;
        if rd.slaps.iter().any(|&k| k > SLAPS_PER_ROUND) {
            return Err("more slaps than a round allows".into());
        }
        Ok(())
    }

    /// The wave `w`: living seats, each once; declarations by seats of the
    /// wave, each once, not all yet; sealed ones only theirs, and reactions.
    fn check_wave(&self, w: &Wave) -> Result<(), String> {
        if w.order.is_empty() || w.order.iter().any(|&s| !self.alive(s)) {
            return Err(format!("wave of {:?}", w.order));
        }
        if w.order
            .iter()
            .enumerate()
            .any(|(i, s)| w.order[..i].contains(s))
        {
            return Err("a seat twice in a wave".into());
        }
        if w.declared.len() >= w.order.len()
            || w.declared.iter().any(|s| !w.order.contains(s))
            || w.declared
                .iter()
                .enumerate()
                .any(|(i, s)| w.declared[..i].contains(s))
        {
            return Err("a wave's declarations are not sound".into());
        }
        for (s, d) in w.sealed.iter().enumerate() {
            if d.is_some() && !w.declared.contains(&s) {
                return Err(format!(
                    "a sealed declaration of seat {s}, who has not declared"
                ));
            }
            if matches!(
                d,
                Some(Action::Bases(_) | Action::Shuffle(_) | Action::Flip | Action::Play(_))
            ) {
                return Err(format!("seat {s} declared {d:?}"));
            }
        }
        Ok(())
    }

    // ---- text -----------------------------------------------------------
}
