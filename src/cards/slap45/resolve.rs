//! How a wave resolves: its earliest slap against the table (cover,
//! shots, the horse, Gold, powers, recruits, traps), losses and deaths, the
//! round's end, the next reveal and the shuffles. Part of [`super::rules`].

use super::rules::*;
use super::setup::{CardId, CardKind, Power};
use crate::cards::core::Seat;

impl Slap45 {
    pub(super) fn pay(&mut self, seat: Seat, gold: usize) {
        for _ in 0..gold {
            if let Some(c) = self.gangs[seat].stash.pop() {
                self.discard.push(c);
            }
        }
    }

    /// Every declaration is in: traps first, then the earliest slap (every
    /// slap at that millisecond, in tie order, until the round ends). A round
    /// is one continuous timeline: the later declarations are not made yet —
    /// they stay sealed, and a new wave opens at the time of the slap just
    /// resolved for every hand still free to act, each reacting to the new
    /// situation (a bot keeps its plan when it still makes sense). A wave in
    /// which nobody slaps ends the round.
    pub(super) fn resolve_wave(&mut self, mut r: Box<Round>) {
        let kind = self.kind(r.card);
        let moving = kind == CardKind::Move;
        let order = r.wave.order.clone();
        let mut slaps: Vec<(Seat, Slap)> = Vec::new();
        for &s in &order {
            match &r.wave.sealed[s] {
                Some(Action::Trap(k)) => {
                    let k = *k;
                    self.pay(s, 1);
                    self.traps.push((k, s));
                    self.events.push(format!(
                        "{} pays 1 Gold: the next {} is a trap!",
                        self.name(s),
                        k.title()
                    ));
                }
                Some(Action::Slap(sl)) => slaps.push((s, *sl)),
                _ => {}
            }
        }
        let (n, dealer) = (self.n(), self.dealer);
        slaps.sort_by_key(|(s, sl)| {
            (
                sl.at_ms,
                u8::from(sl.target == Target::Card),
                rank(n, dealer, *s),
            )
        });
        // Only the earliest millisecond happens now: nobody could react to
        // a slap made at the same instant, while a later one is not made
        // before its maker has seen this one.
        let now = slaps.first().map(|(_, sl)| sl.at_ms);
        slaps.retain(|(_, sl)| Some(sl.at_ms) == now);
        let mut ended = false;
        let mut slapped: Vec<Seat> = Vec::new();
        for (s, sl) in slaps {
            if ended {
                self.events.push(format!(
                    "{}'s slap at {} ms comes at the instant the round ends: void",
                    self.name(s),
                    sl.at_ms
                ));
                continue;
            }
            r.slaps[s] = r.slaps[s].saturating_add(1);
            slapped.push(s);
            ended = self.apply_slap(&mut r, s, sl);
        }
        if !ended {
            let next: Vec<Seat> = if moving {
                let out = self.out_of_new_cover(&r);
                let able: Vec<Seat> = out
                    .iter()
                    .copied()
                    .filter(|&s| r.slaps[s] < SLAPS_PER_ROUND)
                    .collect();
                if slapped.is_empty() || able.is_empty() {
                    // Nobody else makes it: one of those still out is the last
                    // (the book has one loser): a gang that never slapped
                    // before one that tried, then the latest clockwise from
                    // the dealer's left (the dealer, who sees the card last, last).
                    let last = out
                        .iter()
                        .copied()
                        .max_by_key(|&s| (r.slaps[s] == 0, rank(n, dealer, s)));
                    if let Some(s) = last {
                        self.events.push(format!(
                            "nobody else makes it into new cover: {} is the last",
                            self.name(s)
                        ));
                        self.lose(s, None, 1);
                        self.events.push(format!(
                            "{}: {} left",
                            self.name(s),
                            self.gangs[s].members
                        ));
                    }
                    ended = true;
                    Vec::new()
                } else {
                    able
                }
            } else {
                // "Players may react until the revealed card is slapped": after a
                // slap, every living gang may react again (one that held too);
                // a wave in which nobody slaps ends the round.
                let mut next: Vec<Seat> = if slapped.is_empty() {
                    Vec::new()
                } else {
                    self.living()
                        .into_iter()
                        .filter(|&s| r.slaps[s] < SLAPS_PER_ROUND)
                        .collect()
                };
                next.sort_by_key(|&s| rank(n, dealer, s));
                if next.is_empty() {
                    self.events.push(format!(
                        "nobody slaps the {}: the round ends quietly",
                        kind.title()
                    ));
                    ended = true;
                }
                next
            };
            if !ended {
                r.waves += 1;
                r.wave = Wave {
                    start_ms: now.unwrap_or(r.wave.start_ms),
                    order: next,
                    declared: Vec::new(),
                    sealed: vec![None; n],
                };
                self.phase = Phase::React(r);
                return;
            }
        }
        self.end_round(*r);
    }

    /// Applies one slap; true when it ended the round.
    pub(super) fn apply_slap(&mut self, r: &mut Round, s: Seat, sl: Slap) -> bool {
        let moving = self.kind(r.card) == CardKind::Move;
        let at = sl.at_ms;
        let hand = if sl.second_hand {
            "second hand"
        } else {
            "hand"
        };
        match sl.target {
            Target::Base(b) => {
                if moving {
                    // The hand leaves its base (freeing it) as it slaps elsewhere.
                    self.gangs[s].hands.set(sl.second_hand, None);
                }
                match self.occupant(b) {
                    Some(o) => self.events.push(format!(
                        "{} slaps a {hand} into {} at {at} ms, but {} is there: not in cover",
                        self.name(s),
                        self.base_name(b),
                        self.name(o)
                    )),
                    None => {
                        self.gangs[s].hands.set(sl.second_hand, Some(b));
                        self.events.push(format!(
                            "{} slaps a {hand} into {} at {at} ms: in cover",
                            self.name(s),
                            self.base_name(b)
                        ));
                    }
                }
                moving && self.last_to_move(r)
            }
            Target::Leave => {
                if moving {
                    self.gangs[s].hands.set(sl.second_hand, None);
                    self.events.push(format!(
                        "{} lifts a {hand} off its base at {at} ms",
                        self.name(s)
                    ));
                    self.last_to_move(r)
                } else {
                    self.gangs[s].hands = Hands::default();
                    r.left[s] = true;
                    self.events.push(format!(
                        "{} leaves cover at {at} ms: out of the bases for the round",
                        self.name(s)
                    ));
                    false
                }
            }
            Target::Card => {
                self.slap_card(r, s, sl);
                true
            }
        }
    }

    /// After a Move!: when one living gang alone is not in new cover, it loses a member.
    pub(super) fn last_to_move(&mut self, r: &Round) -> bool {
        let out = self.out_of_new_cover(r);
        if out.len() != 1 {
            return false;
        }
        let s = out[0];
        self.lose(s, None, 1);
        self.events.push(format!(
            "{} is the last into new cover: {} left",
            self.name(s),
            self.gangs[s].members
        ));
        true
    }

    /// The first slap on the card: it ends the round.
    pub(super) fn slap_card(&mut self, r: &mut Round, s: Seat, sl: Slap) {
        let kind = self.kind(r.card);
        let at = sl.at_ms;
        let who = self.name(s);
        // Shooting takes both hands (one slaps, one points): they leave the bases.
        self.gangs[s].hands = Hands::default();
        r.left[s] = true;
        if let Some(setter) = r.trap {
            let killer = (setter != s && self.alive(setter)).then_some(setter);
            self.lose(s, killer, 1);
            self.events.push(format!(
                "{who} slaps the {} at {at} ms: it's a trap! {} left",
                kind.title(),
                self.gangs[s].members
            ));
            return;
        }
        let mut effective = kind;
        let mut double = false;
        // "You may decide to use your power after you have slapped": it is
        // paid only when it counts — the shot hits a living gang (a Big Gun
        // goes through cover), or the Comanche is saved from the horse. A
        // shot without a point keeps the card what it is (a Poncho Posse's
        // Gold is claimed, not wasted).
        let counts = sl.point.is_some_and(|t| t != s && self.alive(t))
            || (kind == CardKind::Move && self.power(s) == Some(Power::Comanche));
        if sl.power
            && counts
            && let Some(p) = self.power(s)
            && p.works_on() == Some(kind)
            && !self.gangs[s].stash.is_empty()
        {
            self.pay(s, 1);
            if p == Power::Confederates {
                double = true;
            } else {
                effective = CardKind::BigGun;
            }
            self.events
                .push(format!("{who} pays 1 Gold: {}", p.about()));
        }
        let title = if effective == kind {
            kind.title().to_string()
        } else {
            format!("{} (as a Big Gun)", kind.title())
        };
        match effective {
            CardKind::Move => {
                self.lose(s, None, 1);
                self.events.push(format!(
                    "{who} slaps the horse at {at} ms and is trampled: {} left",
                    self.gangs[s].members
                ));
            }
            CardKind::Gold => {
                if self.duel {
                    self.events.push(format!(
                        "{who} slaps the Gold at {at} ms: gold is worth nothing in the duel"
                    ));
                } else {
                    let to = sl.point.unwrap_or(s);
                    self.gangs[to].stash.push(r.card);
                    r.claimed = true;
                    if to == s {
                        self.events.push(format!(
                            "{who} claims the Gold at {at} ms: {} in the stash",
                            self.gangs[s].stash.len()
                        ));
                    } else {
                        self.events.push(format!(
                            "{who} slaps the Gold at {at} ms pointing at {}, and shoots the gold to them: {} in their stash",
                            self.name(to),
                            self.gangs[to].stash.len()
                        ));
                    }
                }
            }
            CardKind::TalkinIron | CardKind::BigGun => {
                let big = effective == CardKind::BigGun;
                let Some(t) = sl.point else {
                    self.events.push(format!(
                        "{who} slaps the {title} at {at} ms without pointing: the shot misses"
                    ));
                    return;
                };
                if !big && self.in_cover(t) {
                    self.events.push(format!(
                        "{who} slaps the {title} at {at} ms and shoots at {}, safe in cover: a miss",
                        self.name(t)
                    ));
                    return;
                }
                let mut hits: u8 = if double { 2 } else { 1 };
                if sl.recruit
                    && self.powers_active()
                    && self.gangs[s].stash.len() >= RECRUIT_COST
                    && self
                        .rules
                        .max_members
                        .is_none_or(|m| self.gangs[s].members < m)
                    && self.gangs[t].members > 0
                {
                    self.pay(s, RECRUIT_COST);
                    self.gangs[t].members -= 1;
                    self.gangs[s].members += 1;
                    hits -= 1;
                    self.events.push(format!(
                        "{who} slaps the {title} at {at} ms, shoots {} and pays 3 Gold to recruit the member: {} left, {who} has {}",
                        self.name(t),
                        self.gangs[t].members,
                        self.gangs[s].members
                    ));
                    if self.gangs[t].members == 0 {
                        self.wipe_out(t, Some(s));
                    }
                }
                if hits > 0 && self.alive(t) {
                    self.lose(t, Some(s), hits);
                    let what = if hits == 2 { "two members of " } else { "" };
                    self.events.push(format!(
                        "{who} slaps the {title} at {at} ms and shoots {what}{}: {} left",
                        self.name(t),
                        self.gangs[t].members
                    ));
                }
            }
        }
    }

    /// `victim` loses `count` members; the last one lost puts the gang out.
    pub(super) fn lose(&mut self, victim: Seat, killer: Option<Seat>, count: u8) {
        let g = &mut self.gangs[victim];
        if g.members == 0 {
            return;
        }
        g.members = g.members.saturating_sub(count);
        if g.members == 0 {
            self.wipe_out(victim, killer);
        }
    }

    /// A gang is out: its gold goes to its killer (or the discard pile), its
    /// base leaves the table and every hand on it leaves cover.
    pub(super) fn wipe_out(&mut self, victim: Seat, killer: Option<Seat>) {
        if !self.dead.contains(&victim) {
            self.dead.push(victim);
        }
        let name = self.name(victim);
        let gold = std::mem::take(&mut self.gangs[victim].stash);
        match killer {
            Some(k) if k != victim && self.alive(k) => {
                if !gold.is_empty() {
                    self.events.push(format!(
                        "{} takes {name}'s {} Gold",
                        self.name(k),
                        gold.len()
                    ));
                }
                self.gangs[k].stash.extend(gold);
            }
            _ => {
                if !gold.is_empty() {
                    self.events
                        .push(format!("{name}'s {} Gold is discarded", gold.len()));
                }
                self.discard.extend(gold);
            }
        }
        self.gangs[victim].hands = Hands::default();
        for g in &mut self.gangs {
            if g.hands.first == Some(victim) {
                g.hands.first = None;
            }
            if g.hands.second == Some(victim) {
                g.hands.second = None;
            }
        }
        self.events.push(format!(
            "{name} is wiped out: its home base leaves the table"
        ));
    }

    pub(super) fn finish_by_members(&mut self) {
        let living = self.living();
        let most = living
            .iter()
            .map(|&s| self.gangs[s].members)
            .max()
            .unwrap_or(0);
        self.winners = living
            .into_iter()
            .filter(|&s| self.gangs[s].members == most)
            .collect();
        self.phase = Phase::Over;
    }

    pub(super) fn end_round(&mut self, r: Round) {
        if !r.claimed {
            self.discard.push(r.card);
        }
        self.rounds += 1;
        let living = self.living();
        if living.len() <= 1 {
            match living.first() {
                Some(&w) => self
                    .events
                    .push(format!("{} is the last gang standing", self.name(w))),
                None => self.events.push("nobody is left standing".into()),
            }
            self.winners = living;
            self.phase = Phase::Over;
            return;
        }
        if self.rounds >= self.rules.round_limit {
            self.finish_by_members();
            self.events.push(format!(
                "sundown after {} rounds: the biggest gang(s) win",
                self.rounds
            ));
            return;
        }
        if !self.duel && living.len() == 2 && !self.dead.is_empty() {
            self.duel = true;
            self.dealer = self.dead[0];
            self.traps.clear();
            for g in &mut self.gangs {
                g.hands = Hands::default();
            }
            self.events.push(format!(
                "the final duel: {} against {}, dealt by {}",
                self.name(living[0]),
                self.name(living[1]),
                self.name(self.dealer)
            ));
        } else if !self.duel {
            let n = self.n();
            let d = self.dealer;
            self.dealer = (1..=n)
                .map(|k| (d + k) % n)
                .find(|&s| self.alive(s))
                .unwrap_or(d);
        }
        self.phase = if self.deck.is_empty() {
            Phase::Shuffle
        } else {
            Phase::Deal
        };
    }

    /// The dealer turns the deck's `index`-th card face up: a new round.
    pub(super) fn reveal(&mut self, index: usize) {
        let card = self.deck.remove(index);
        let kind = self.kind(card);
        let trap = if self.powers_active() {
            self.traps
                .iter()
                .position(|(k, _)| *k == kind)
                .map(|i| self.traps.remove(i).1)
        } else {
            None
        };
        let n = self.n();
        let verb = if self.duel { "plays" } else { "flips" };
        self.events.push(format!(
            "{} {verb} a {}",
            self.name(self.dealer),
            kind.title()
        ));
        if let Some(t) = trap {
            self.events.push(format!(
                "{}'s trap: the first to slap it loses a member",
                self.name(t)
            ));
        }
        let order = self.clockwise_after(self.dealer);
        self.phase = Phase::React(Box::new(Round {
            card,
            trap,
            claimed: false,
            start: self.gangs.iter().map(|g| g.hands).collect(),
            left: vec![false; n],
            slaps: vec![0; n],
            waves: 1,
            wave: Wave {
                start_ms: 0,
                order,
                declared: Vec::new(),
                sealed: vec![None; n],
            },
        }));
    }

    pub(super) fn perform_chance(&mut self, action: Action) {
        match action {
            Action::Bases(v) => {
                for (s, &g) in v.iter().enumerate() {
                    self.gangs[s].gang = Some(g);
                }
                if self.rules.gold {
                    let golds: Vec<CardId> = self
                        .discard
                        .iter()
                        .copied()
                        .filter(|&c| self.kind(c) == CardKind::Gold)
                        .collect();
                    let mut golds = golds.into_iter();
                    for s in 0..self.n() {
                        for _ in 0..self.rules.starting_gold {
                            if let Some(c) = golds.next() {
                                self.discard.retain(|&d| d != c);
                                self.gangs[s].stash.push(c);
                            }
                        }
                    }
                }
                self.events.push(format!(
                    "home bases: {}",
                    (0..self.n())
                        .map(|s| self.name(s))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                self.phase = Phase::Shuffle;
            }
            Action::Shuffle(order) => {
                self.discard.clear();
                self.deck = order;
                if self.deck.is_empty() {
                    // No card left to play (cannot happen with a checked setup).
                    self.finish_by_members();
                } else {
                    self.phase = Phase::Deal;
                }
            }
            _ => {}
        }
    }
}
