//! Tabletown's legal moves held to the rule book
//! (`../shared/rules/tabletown-gunslingers.txt`) rather than to the game's
//! own list: `book_legal` below enumerates the moves the book allows, written
//! from its sentences (quoted at each rule) and reading only the table (the
//! phase, hands, guns and their rounds, facings, who is alive, the fight in
//! progress). Where the book is silent it follows the designs of
//! `docs/card-games.md`, cited as ours.
//!
//! At every decision of random games (every player count, the advanced rules
//! on and off) the moves `legal_actions` lists are exactly the book's (as
//! sets; identical cards are one move, named as `listed_as` names it), and
//! over a universe of moves of every shape (each card of the hand, one card of
//! each kind from elsewhere and one beyond the deck, every seat and one beyond,
//! shots and sticks from none to one too many) the game accepts exactly the
//! ones the book allows. The rare moments (a target that is the player
//! himself, empty piles, the last card in a hand, the dead and the fallen, ...)
//! are counted and each must have been met, so the comparison cannot pass on
//! easy states alone.

use std::collections::{BTreeMap, BTreeSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use highnoon::cards::core::{Game, Seat, Turn};
use highnoon::cards::tabletown::{Action, Call, CardId, Combat, Kind, Phase, Step, Tabletown};
use highnoon::cards::{CardGame, TableGame};

/// Random games played, and the most actions one may take.
const GAMES: u64 = 40;
const MAX_STEPS: usize = 3_000;
/// The whole universe of moves is tried at one decision in this many, and at
/// every decision where something rare is met.
const UNIVERSE_EVERY: usize = 6;
/// Each rare moment must have been met at least this often.
const AT_LEAST: usize = 3;

// ---------------------------------------------------------------------------
// The book's tables.

/// The kind of a card, as the deck lists it.
fn kind_of(g: &Tabletown, card: CardId) -> Kind {
    g.rules.cards[card as usize]
}

/// "GUN CARDS": the Revolver, the Rifle and the Shotgun.
fn is_gun(k: Kind) -> bool {
    matches!(k, Kind::Revolver | Kind::Rifle | Kind::Shotgun)
}

/// "Revolver: Holds up to 6 Bullets", "Rifle: Holds up to 4 Bullets",
/// "Shotgun: Holds up to 2 Shells".
fn holds(gun: Kind) -> usize {
    match gun {
        Kind::Revolver => 6,
        Kind::Rifle => 4,
        Kind::Shotgun => 2,
        _ => 0,
    }
}

/// "Bullet: You may LOAD these into a Revolver or Rifle you have in play.
/// Shell: You may LOAD these into a Shotgun you have in play."
fn takes(gun: Kind, round: Kind) -> bool {
    matches!(
        (gun, round),
        (Kind::Revolver | Kind::Rifle, Kind::Bullet) | (Kind::Shotgun, Kind::Shell)
    )
}

/// The other gunslingers still in the game ("A 6th wound kills a gunslinger,
/// thus removing you from the game").
fn others_alive(g: &Tabletown, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
    (0..g.rules.players).filter(move |&t| t != seat && g.slingers[t].alive)
}

// ---------------------------------------------------------------------------
// The book's moves.

/// Whose decision it is, read off the table: the seat choosing or facing at
/// setup; "The Marshall of Tabletown plays first. On your turn ..." (the
/// player whose turn it is, who also plays the DRAW! he draws); in a fight the
/// seat answering the call, the fighter "On your initiative", the one hit, or
/// the one the Law asks; nobody while dice roll or cards are shuffled.
fn decider(g: &Tabletown) -> Option<Seat> {
    match &g.phase {
        Phase::Choose { seat } | Phase::Face { seat } => Some(*seat),
        Phase::Turn | Phase::CallDraw { .. } => Some(g.current),
        Phase::Combat(c) => match c.step {
            Step::Respond => Some(c.asked[c.next]),
            Step::Act(s) => Some(s),
            Step::Cover { victim, .. } => Some(victim),
            Step::Law => Some(c.law_asked[c.next]),
            Step::Initiative | Step::Fire | Step::Boom => None,
        },
        Phase::Marshall { .. } | Phase::Deal | Phase::Mix | Phase::Reshuffle | Phase::Over => None,
    }
}

/// Every move the rule book allows now, one for each card (identical cards
/// each listed: the game names one of them).
fn book_legal(g: &Tabletown) -> Vec<Action> {
    let Some(seat) = decider(g) else {
        return Vec::new();
    };
    match &g.phase {
        Phase::Choose { .. } => choosing(g),
        Phase::Face { .. } => facing(g, seat),
        Phase::Turn => turn(g, seat),
        Phase::CallDraw { .. } => calling_out(g, seat),
        Phase::Combat(c) => match c.step {
            Step::Respond => answering(g, c, seat),
            Step::Act(_) => acting(g, c, seat),
            Step::Cover { weapon, .. } => covering(g, seat, weapon),
            // LAW O' THE WEST: "all players have the IMMEDIATE option, without
            // penalty, to turn and face you."
            Step::Law => vec![Action::TurnToFace, Action::Stay],
            Step::Initiative | Step::Fire | Step::Boom => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// "Each player selects one of the fantastically rendered gunslinger cards to
/// represent them": any card of the box no one has taken.
fn choosing(g: &Tabletown) -> Vec<Action> {
    (0..g.rules.gunslingers.len())
        .filter(|&card| g.slingers.iter().all(|s| s.gunslinger != Some(card)))
        .map(Action::Choose)
        .collect()
}

/// "Players now place their gunslinger cards onto the table so that the card
/// is facing another player ... and so that no 2 players are facing the same
/// player." A placement after which that cannot be finished is not offered
/// (ours: "a choice that would leave someone facing only themselves").
fn facing(g: &Tabletown, seat: Seat) -> Vec<Action> {
    let n = g.rules.players;
    let faced = |t: Seat| g.slingers.iter().any(|s| s.facing == Some(t));
    let mut v = Vec::new();
    for t in (0..n).filter(|&t| t != seat && !faced(t)) {
        // As many are left to place as are left unfaced. Two or more can
        // always be paired off with someone other than themselves; a last one
        // cannot if the only one left unfaced is himself.
        let unplaced: Vec<Seat> = (0..n)
            .filter(|&s| s != seat && g.slingers[s].facing.is_none())
            .collect();
        let unfaced: Vec<Seat> = (0..n).filter(|&s| s != t && !faced(s)).collect();
        if unplaced.len() == 1 && unplaced == unfaced {
            continue;
        }
        v.push(Action::Face(t));
    }
    v
}

/// "On your turn you may do one of the following actions": ARM, LOAD,
/// DISCARD, TRACK; and Reach for the Sky ("May be played at any time EXCEPT
/// during a DRAW or SHOOTOUT PHASE"; ours: on your turn as the turn's card, at
/// another gunslinger). Pass (ours) only when none of these is possible.
fn turn(g: &Tabletown, seat: Seat) -> Vec<Action> {
    let me = &g.slingers[seat];
    let mut v = Vec::new();
    for &card in &me.hand {
        let k = kind_of(g, card);
        // "ARM: play a weapon card from your hand into play".
        if is_gun(k) {
            v.push(Action::Arm(card));
        }
        // "LOAD: play a bullet or shell to load a weapon (unless it is already
        // fully loaded! ...)".
        if me
            .guns
            .iter()
            .any(|gun| takes(gun.kind, k) && gun.ammo.len() < holds(gun.kind))
        {
            v.push(Action::Load(card));
        }
        // "DISCARD: if you can't, or won't play a card, discard one from your hand."
        v.push(Action::Discard(card));
        if k == Kind::ReachForTheSky {
            v.extend(others_alive(g, seat).map(|t| Action::Reach(card, t)));
        }
    }
    // "TRACK: turn your gunslinger to face another gunslinger other than the
    // one you are currently facing."
    v.extend(
        others_alive(g, seat)
            .filter(|&t| me.facing != Some(t))
            .map(Action::Track),
    );
    if v.is_empty() {
        v.push(Action::Pass);
    }
    v
}

/// "If the card you draw is a DRAW! card, play it on another gunslinger".
fn calling_out(g: &Tabletown, seat: Seat) -> Vec<Action> {
    others_alive(g, seat).map(Action::CallOut).collect()
}

/// Before any die is rolled: "US CAVALRY ARRIVES!: Can only be played when
/// someone yells "Draw!" or "Shootout!"" (by anyone); "LAST STAGE COACH OUT OF
/// TOWN: May be played before any die rolling occurs to avoid being involved
/// in a DRAW! ... or a SHOOTOUT!" (so by the two of a DRAW!, and by anyone in
/// a SHOOTOUT!, "This phase is for ALL gunslingers"); or let it ride.
fn answering(g: &Tabletown, c: &Combat, seat: Seat) -> Vec<Action> {
    let involved = match c.call {
        Call::Draw { drawer, target } => seat == drawer || seat == target,
        Call::Shootout { .. } => true,
    };
    let mut v = Vec::new();
    for &card in &g.slingers[seat].hand {
        match kind_of(g, card) {
            Kind::Cavalry => v.push(Action::Cavalry(card)),
            Kind::StageCoach if involved => v.push(Action::StageCoach(card)),
            _ => {}
        }
    }
    v.push(Action::LetItRide);
    v
}

/// Whom a fighter shoots at: in a DRAW! the two at each other ("They then
/// resolve combat ... with a single shot each"); in a SHOOTOUT! the one he
/// faces (ours). Only someone still in the game and in the fight: whoever took
/// the stage coach "means you are not a valid target".
fn book_target(g: &Tabletown, c: &Combat, seat: Seat) -> Option<Seat> {
    let t = match c.call {
        Call::Draw { drawer, target } => {
            if seat == drawer {
                target
            } else {
                drawer
            }
        }
        Call::Shootout { .. } => g.slingers[seat].facing?,
    };
    (t != seat && g.slingers[t].alive && !c.escaped.contains(&t)).then_some(t)
}

/// "On your initiative, declare how many shots you are firing (if it is a
/// DRAW PHASE, you may only shoot ONE shot)", one round each; the Shotgun "You
/// may fire both shells at once (counts as one shot)"; "TNT: May be played
/// instead of shooting a weapon", "2 or 3 sticks at once (treat them as one)";
/// "You must shoot at least one shot ... if both of the following conditions
/// apply: You have at least one bullet or shell loaded in your gun AND Your
/// target is facing you. If either condition does not apply to you, then you
/// may opt not to shoot."
fn acting(g: &Tabletown, c: &Combat, seat: Seat) -> Vec<Action> {
    let me = &g.slingers[seat];
    let loaded: usize = me.guns.iter().map(|gun| gun.ammo.len()).sum();
    let target = book_target(g, c, seat);
    let mut v = Vec::new();
    if loaded > 0 && target.is_some() {
        let most = if matches!(c.call, Call::Draw { .. }) {
            1
        } else {
            loaded
        };
        v.extend((1..=most as u8).map(|shots| Action::Shoot {
            shots,
            both_barrels: false,
        }));
        if loaded >= 2 && me.guns.iter().any(|gun| gun.kind == Kind::Shotgun) {
            v.push(Action::Shoot {
                shots: 1,
                both_barrels: true,
            });
        }
    }
    let tnt = me
        .hand
        .iter()
        .filter(|&&card| kind_of(g, card) == Kind::Tnt)
        .count();
    v.extend((1..=tnt.min(3) as u8).map(Action::Tnt));
    let must = loaded > 0 && target.is_some_and(|t| g.slingers[t].facing == Some(seat));
    if !must {
        v.push(Action::Hold);
    }
    v
}

/// A hit: "SHERIFF: Cancels the effect of any one hit by any weapon! Even if
/// you are hit by TNT!"; "DEPUTY SHERIFF: Cancels the effect of any one hit by
/// a Revolver or Rifle but not from Shotguns or TNT." (ours: held, and played
/// when hit); or take the wound.
fn covering(g: &Tabletown, seat: Seat, weapon: Kind) -> Vec<Action> {
    let mut v = Vec::new();
    for &card in &g.slingers[seat].hand {
        let stops = match kind_of(g, card) {
            Kind::Sheriff => true,
            Kind::Deputy => matches!(weapon, Kind::Revolver | Kind::Rifle),
            _ => false,
        };
        if stops {
            v.push(Action::Star(card));
        }
    }
    v.push(Action::TakeHit);
    v
}

// ---------------------------------------------------------------------------
// The comparisons.

/// The card a move plays, if any.
fn card_in(a: &Action) -> Option<CardId> {
    match a {
        Action::Arm(c)
        | Action::Load(c)
        | Action::Discard(c)
        | Action::Reach(c, _)
        | Action::Cavalry(c)
        | Action::StageCoach(c)
        | Action::Star(c) => Some(*c),
        _ => None,
    }
}

/// The same move with another card.
fn with_card(a: &Action, card: CardId) -> Action {
    match a {
        Action::Arm(_) => Action::Arm(card),
        Action::Load(_) => Action::Load(card),
        Action::Discard(_) => Action::Discard(card),
        Action::Reach(_, t) => Action::Reach(card, *t),
        Action::Cavalry(_) => Action::Cavalry(card),
        Action::StageCoach(_) => Action::StageCoach(card),
        Action::Star(_) => Action::Star(card),
        other => other.clone(),
    }
}

fn kinds(g: &Tabletown, cards: &[CardId]) -> Vec<Kind> {
    cards.iter().map(|&c| kind_of(g, c)).collect()
}

/// The game's list and the book's moves are the same set. The list names each
/// move once, in the form `listed_as` gives it; `listed_as` only trades a card
/// for one of the same kind from the same hand.
fn compare(g: &Tabletown, seat: Seat, book: &[Action], legal: &[Action], at: &str) {
    let listed: BTreeSet<String> = legal.iter().map(|a| format!("{a:?}")).collect();
    assert_eq!(
        listed.len(),
        legal.len(),
        "{at}: a move listed twice: {legal:?}"
    );
    for a in legal {
        assert_eq!(&g.listed_as(a), a, "{at}: {a:?} is listed in another form");
    }
    let hand = &g.slingers[seat].hand;
    let mut from_book = BTreeSet::new();
    for a in book {
        let l = g.listed_as(a);
        match (card_in(a), card_in(&l)) {
            (Some(c), Some(d)) => assert!(
                hand.contains(&d) && kind_of(g, c) == kind_of(g, d) && with_card(a, d) == l,
                "{at}: {a:?} is listed as {l:?}"
            ),
            _ => assert_eq!(&l, a, "{at}: {a:?} is listed as {l:?}"),
        }
        from_book.insert(format!("{l:?}"));
    }
    assert!(
        from_book == listed,
        "{at}: in {:?}, seat {seat} holding {:?}: the book allows {:?} that legal_actions lacks, and legal_actions lists {:?} that the book does not allow",
        g.phase,
        kinds(g, hand),
        from_book.difference(&listed).collect::<Vec<_>>(),
        listed.difference(&from_book).collect::<Vec<_>>(),
    );
}

/// Moves of every shape: each card of the seat's hand, one card of each kind
/// from elsewhere and one id beyond the deck; every seat and one beyond; every
/// gunslinger card and one beyond the box; shots and sticks from none to one
/// too many; and the moves that name nothing.
fn universe(g: &Tabletown, seat: Seat) -> Vec<Action> {
    let n = g.rules.players;
    let total = g.rules.cards.len();
    let hand = &g.slingers[seat].hand;
    let mut cards = hand.clone();
    for k in Kind::ALL {
        if let Some(c) = (0..total as CardId).find(|c| kind_of(g, *c) == k && !hand.contains(c)) {
            cards.push(c);
        }
    }
    let beyond = total as CardId;
    cards.push(beyond);
    let mut v = vec![
        Action::Pass,
        Action::LetItRide,
        Action::Hold,
        Action::TakeHit,
        Action::TurnToFace,
        Action::Stay,
        Action::Die(3),
        Action::Shuffle(Vec::new()),
    ];
    v.extend((0..=g.rules.gunslingers.len()).map(Action::Choose));
    for t in 0..=n {
        v.extend([Action::Face(t), Action::Track(t), Action::CallOut(t)]);
    }
    for &c in &cards {
        v.extend([
            Action::Arm(c),
            Action::Load(c),
            Action::Discard(c),
            Action::Cavalry(c),
            Action::StageCoach(c),
            Action::Star(c),
        ]);
        if hand.contains(&c) || (c != beyond && kind_of(g, c) == Kind::ReachForTheSky) {
            v.extend((0..=n).map(|t| Action::Reach(c, t)));
        }
    }
    let loaded: usize = g.slingers[seat].guns.iter().map(|gun| gun.ammo.len()).sum();
    for shots in 0..=loaded as u8 + 1 {
        for both_barrels in [false, true] {
            v.push(Action::Shoot {
                shots,
                both_barrels,
            });
        }
    }
    v.extend((0..=4).map(Action::Tnt));
    v
}

/// The game accepts exactly the book's moves of the universe, and says why it
/// refuses the others.
fn check_universe(g: &Tabletown, seat: Seat, book: &[Action], at: &str, met: &mut Met) {
    for a in universe(g, seat) {
        let verdict = g.clone().apply(a.clone());
        let allowed = book.contains(&a);
        assert!(
            verdict.is_ok() == allowed,
            "{at}: the game says {verdict:?} to {a:?}, the book {}, in {:?}, seat {seat} holding {:?}",
            if allowed { "allows it" } else { "does not" },
            g.phase,
            kinds(g, &g.slingers[seat].hand),
        );
        if let Err(e) = &verdict {
            assert!(
                !e.0.trim().is_empty(),
                "{at}: {a:?} refused without a reason"
            );
        }
        if !allowed && let Some(label) = refused_target(g, seat, &a) {
            note(met, label);
        }
    }
}

// ---------------------------------------------------------------------------
// The rare moments.

type Met = BTreeMap<&'static str, usize>;

const SELF_FACE: &str = "Face: the player himself (refused)";
const SELF_TRACK: &str = "Track: the player himself (refused)";
const SELF_DRAW: &str = "DRAW! on the player himself (refused)";
const SELF_REACH: &str = "Reach for the Sky at the player himself (refused)";
const DEAD_TARGET: &str = "Track, DRAW! or Reach at a dead gunslinger (refused)";
const FACE_CLOSED: &str = "a facing refused: it would leave one only himself";
const EMPTY_DECK: &str = "an empty deck";
const EMPTY_DISCARD: &str = "an empty discard pile after a reshuffle";
const LAST_CARD: &str = "the last card in a hand";
const EMPTY_HAND: &str = "an empty hand";
const DEAD_AT_TABLE: &str = "a dead gunslinger at the table";
const TWO_REVOLVERS: &str = "two revolvers in play";
const FULL_GUN: &str = "a round in hand for a gun fully loaded";
const PASS: &str = "a turn with nothing but Pass";
const COACH_NOT_MINE: &str = "a stage coach held by someone outside the DRAW!";
const MUST_SHOOT: &str = "a fighter who must shoot";
const BOTH_BARRELS: &str = "a shotgun with both shells";
const TNT_IN_HAND: &str = "TNT at a fighter's initiative";
const NO_ONE_TO_SHOOT: &str = "a loaded fighter whose man is dead or gone";
const DEPUTY_USELESS: &str = "a Deputy star against a Shotgun or TNT";
const LAW: &str = "the Law o' the West asks";

/// Met often in every game: not a reason to try the whole universe.
const COMMON: [&str; 3] = [DEAD_AT_TABLE, MUST_SHOOT, LAW];

/// The moments each must have been met (an empty hand and a forced Pass are
/// counted but may not come up).
const REQUIRED: [&str; 19] = [
    SELF_FACE,
    SELF_TRACK,
    SELF_DRAW,
    SELF_REACH,
    DEAD_TARGET,
    FACE_CLOSED,
    EMPTY_DECK,
    EMPTY_DISCARD,
    LAST_CARD,
    DEAD_AT_TABLE,
    TWO_REVOLVERS,
    FULL_GUN,
    COACH_NOT_MINE,
    MUST_SHOOT,
    BOTH_BARRELS,
    TNT_IN_HAND,
    NO_ONE_TO_SHOOT,
    DEPUTY_USELESS,
    LAW,
];

fn note(met: &mut Met, label: &'static str) {
    *met.entry(label).or_default() += 1;
}

/// A refused move aimed at the player himself, or at a dead gunslinger, in
/// the part of the game that takes such a target.
fn refused_target(g: &Tabletown, seat: Seat, a: &Action) -> Option<&'static str> {
    let holds_reach =
        |c: &CardId| g.slingers[seat].hand.contains(c) && kind_of(g, *c) == Kind::ReachForTheSky;
    let (t, himself) = match (&g.phase, a) {
        (Phase::Face { .. }, Action::Face(t)) => (*t, SELF_FACE),
        (Phase::Turn, Action::Track(t)) => (*t, SELF_TRACK),
        (Phase::CallDraw { .. }, Action::CallOut(t)) => (*t, SELF_DRAW),
        (Phase::Turn, Action::Reach(c, t)) if holds_reach(c) => (*t, SELF_REACH),
        _ => return None,
    };
    if t == seat {
        Some(himself)
    } else if t < g.rules.players && !g.slingers[t].alive {
        Some(DEAD_TARGET)
    } else {
        None
    }
}

/// The rare moments of this decision.
fn situations(g: &Tabletown, seat: Seat, book: &[Action], reshuffled: bool) -> Vec<&'static str> {
    let mut v = Vec::new();
    if let Phase::Face { .. } = g.phase {
        let faced = |t: Seat| g.slingers.iter().any(|s| s.facing == Some(t));
        if (0..g.rules.players).any(|t| t != seat && !faced(t) && !book.contains(&Action::Face(t)))
        {
            v.push(FACE_CLOSED);
        }
        return v;
    }
    if !matches!(
        g.phase,
        Phase::Turn | Phase::CallDraw { .. } | Phase::Combat(_)
    ) {
        return v;
    }
    if g.deck.is_empty() {
        v.push(EMPTY_DECK);
    }
    if g.discard.is_empty() && reshuffled {
        v.push(EMPTY_DISCARD);
    }
    match g.slingers[seat].hand.len() {
        0 => v.push(EMPTY_HAND),
        1 => v.push(LAST_CARD),
        _ => {}
    }
    if g.slingers.iter().any(|s| !s.alive) {
        v.push(DEAD_AT_TABLE);
    }
    match &g.phase {
        Phase::Turn => turn_situations(g, seat, book, &mut v),
        Phase::Combat(c) => fight_situations(g, c, seat, book, &mut v),
        _ => {}
    }
    v
}

fn turn_situations(g: &Tabletown, seat: Seat, book: &[Action], v: &mut Vec<&'static str>) {
    let me = &g.slingers[seat];
    if matches!(book, [Action::Pass]) {
        v.push(PASS);
    }
    if me.guns.len() == 2 {
        v.push(TWO_REVOLVERS);
    }
    let round_for_a_gun = me
        .hand
        .iter()
        .any(|&c| me.guns.iter().any(|gun| takes(gun.kind, kind_of(g, c))));
    if round_for_a_gun && !book.iter().any(|a| matches!(a, Action::Load(_))) {
        v.push(FULL_GUN);
    }
}

fn fight_situations(
    g: &Tabletown,
    c: &Combat,
    seat: Seat,
    book: &[Action],
    v: &mut Vec<&'static str>,
) {
    let me = &g.slingers[seat];
    let holds_a = |k: Kind| me.hand.iter().any(|&card| kind_of(g, card) == k);
    match c.step {
        Step::Respond => {
            if let Call::Draw { drawer, target } = c.call
                && seat != drawer
                && seat != target
                && holds_a(Kind::StageCoach)
            {
                v.push(COACH_NOT_MINE);
            }
        }
        Step::Act(_) => {
            if !book.contains(&Action::Hold) {
                v.push(MUST_SHOOT);
            }
            let both = Action::Shoot {
                shots: 1,
                both_barrels: true,
            };
            if book.contains(&both) {
                v.push(BOTH_BARRELS);
            }
            if book.iter().any(|a| matches!(a, Action::Tnt(_))) {
                v.push(TNT_IN_HAND);
            }
            let loaded = me.guns.iter().any(|gun| !gun.ammo.is_empty());
            if loaded && book_target(g, c, seat).is_none() {
                v.push(NO_ONE_TO_SHOOT);
            }
        }
        Step::Cover { weapon, .. } => {
            if holds_a(Kind::Deputy) && matches!(weapon, Kind::Shotgun | Kind::Tnt) {
                v.push(DEPUTY_USELESS);
            }
        }
        Step::Law => v.push(LAW),
        Step::Initiative | Step::Fire | Step::Boom => {}
    }
}

// ---------------------------------------------------------------------------
// The games.

/// Every player count the game takes, and the rule options on and off in
/// every combination over the seeds.
fn game(seed: u64) -> Tabletown {
    let span = Tabletown::MAX_PLAYERS - Tabletown::MIN_PLAYERS + 1;
    let players = Tabletown::MIN_PLAYERS + seed as usize % span;
    let mut setup =
        Tabletown::load_setup(&CardGame::Tabletown.default_setup(), Some(players)).expect("setup");
    for (i, option) in Tabletown::OPTIONS.iter().enumerate() {
        Tabletown::set_option(&mut setup.rules, option.key, (seed >> i) & 1 == 1)
            .expect("an option");
    }
    <Tabletown as TableGame>::new_game(setup.rules)
}

/// A random legal move. Now and then anyone prefers arming, loading and
/// shooting, so gunslingers die. In half the games seat 0 hoards the cards a
/// fight uses (the stage coach, the stars, TNT): it plays its other cards, then
/// tracks rather than draw, and spends the hoard in the fights, so its hand
/// runs down to its last card.
fn pick(
    g: &Tabletown,
    seat: Seat,
    legal: &[Action],
    hoarder: bool,
    rng: &mut ChaCha8Rng,
) -> Action {
    let fight_card = |c: &CardId| {
        matches!(
            kind_of(g, *c),
            Kind::StageCoach | Kind::Sheriff | Kind::Deputy | Kind::Tnt
        )
    };
    let mut favoured: Vec<&Action> = Vec::new();
    if hoarder && seat == 0 {
        favoured = legal
            .iter()
            .filter(|a| match a {
                Action::Arm(c) | Action::Load(c) | Action::Discard(c) => !fight_card(c),
                Action::StageCoach(_) | Action::Star(_) | Action::Tnt(_) => true,
                _ => false,
            })
            .collect();
        if favoured.is_empty() {
            favoured = legal
                .iter()
                .filter(|a| matches!(a, Action::Track(_)))
                .collect();
        }
    } else if rng.random_bool(0.3) {
        favoured = legal
            .iter()
            .filter(|a| matches!(a, Action::Arm(_) | Action::Load(_) | Action::Shoot { .. }))
            .collect();
    }
    if !favoured.is_empty() && rng.random_bool(0.9) {
        return favoured[rng.random_range(0..favoured.len())].clone();
    }
    legal[rng.random_range(0..legal.len())].clone()
}

/// One decision: the book's decider, the sets compared, the rare moments
/// counted, and now and then (always at a rare one) the whole universe tried.
fn check_decision(
    g: &Tabletown,
    seat: Seat,
    at: &str,
    reshuffled: bool,
    decisions: usize,
    met: &mut Met,
) -> Vec<Action> {
    assert_eq!(
        decider(g),
        Some(seat),
        "{at}: whose decision in {:?}",
        g.phase
    );
    // "A 6th wound kills a gunslinger, thus removing you from the game."
    assert!(g.slingers[seat].alive, "{at}: dead seat {seat} decides");
    let book = book_legal(g);
    let legal = g.legal_actions();
    compare(g, seat, &book, &legal, at);
    let seen = situations(g, seat, &book, reshuffled);
    let rare = seen.iter().any(|l| !COMMON.contains(l));
    for &label in &seen {
        note(met, label);
    }
    let setup_or_call = matches!(
        g.phase,
        Phase::Choose { .. } | Phase::Face { .. } | Phase::CallDraw { .. }
    );
    if rare || setup_or_call || decisions.is_multiple_of(UNIVERSE_EVERY) {
        check_universe(g, seat, &book, at, met);
    }
    legal
}

#[test]
fn tabletown_legal_actions_are_the_rule_books_at_every_decision() {
    let mut met = Met::new();
    let mut decisions = 0;
    let games = super::common::rule_games(GAMES);
    for seed in 0..games {
        let mut g = game(seed);
        let hoarder = (seed / 4) % 2 == 1;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7ab1e);
        let mut reshuffled = false;
        for step in 0..MAX_STEPS {
            let at = format!("seed {seed}, step {step}");
            let action = match g.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    assert!(
                        book_legal(&g).is_empty() && g.legal_actions().is_empty(),
                        "{at}: a move for a seat at a chance event"
                    );
                    reshuffled |= g.phase == Phase::Reshuffle;
                    g.sample_chance(&mut rng)
                }
                Turn::Player(seat) => {
                    decisions += 1;
                    let legal = check_decision(&g, seat, &at, reshuffled, decisions, &mut met);
                    pick(&g, seat, &legal, hoarder, &mut rng)
                }
            };
            if let Err(e) = g.apply(action.clone()) {
                panic!("{at}: {action:?} refused: {e}");
            }
        }
        if g.is_over() {
            assert!(book_legal(&g).is_empty() && g.legal_actions().is_empty());
        }
    }
    eprintln!("Tabletown against the book: {decisions} decisions, met {met:#?}");
    for label in REQUIRED {
        let times = met.get(label).copied().unwrap_or(0);
        assert!(
            times >= AT_LEAST,
            "{label}: met {times} time(s) in {decisions} decisions: {met:#?}"
        );
    }
}
