//! A card game held as ECS state: the pure rules state is a resource
//! ([`CardTable`]); a click, a drag, a bot's decision or a die that came to rest
//! becomes an intent ([`CardIntent`], a Bevy message) applied to it in
//! [`FrameSystems::Apply`]. Bots think off the main thread, on the async compute
//! pool, and act at a pace a person can follow; dice are thrown on Rapier
//! ([`crate::physics::dice`]) and their face is the chance outcome.
//!
//! Nothing here draws: a headless `App` (MinimalPlugins) runs it whole.

use std::sync::Mutex;

use bevy::math::Vec2;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::toss::{Throw, Tossing};
use crate::cards::TableGame;
use crate::cards::core::{Agent, Game, Seat, Turn};
use crate::cards::seating::SeatKind;
use crate::physics::dice::{DiceTray, Roll};
use crate::record::{Finished, RecordFile};
use crate::tables::FrameSystems;

/// Seconds between a bot's actions, so a person can follow them.
pub const BOT_PACE: f32 = 0.7;

/// Real time: how long after a wave opens a person may still slap; after that
/// they hold.
pub const REACT_WINDOW_MS: u32 = 2500;
/// Real time: when a bot that does not slap hands in its hold (with no person
/// still to declare).
pub const BOT_HOLD_MS: u32 = 900;
/// Real time: the most the wave's clock moves in one frame (seconds).
pub const MAX_TICK: f32 = 0.05;

/// The clock of an open real-time wave (Slap .45): since when it runs and the
/// bots' declarations, made when it opened and handed in at their times.
#[derive(Clone, Debug)]
pub struct WaveClock<A> {
    pub id: u64,
    pub start_ms: u32,
    /// Seconds since the wave opened (the frame its card was first shown).
    pub secs: f32,
    /// Every bot's declaration for this wave.
    pub planned: Vec<(Seat, A)>,
    /// Which of them are handed in.
    pub handed: Vec<bool>,
    /// How many planned slaps have happened on the clock (shown on the table).
    pub shown: usize,
}

impl<A> WaveClock<A> {
    /// Milliseconds after the reveal, now.
    pub fn now_ms(&self) -> u32 {
        self.start_ms.saturating_add((self.secs * 1000.0) as u32)
    }
}

/// An intent for the game on the table: a seat's action, or a chance outcome
/// (`seat: None`: a shuffle drawn from the table's seed, a die read off the felt).
#[derive(Message, Clone, Debug)]
pub struct CardIntent<G: TableGame> {
    pub seat: Option<Seat>,
    pub action: G::Action,
}

/// What a person's hand does at the table beside the rules' actions.
#[derive(Message, Clone, Debug)]
pub enum CardHand<G: TableGame> {
    /// Points the pistol-finger at a seat (Slap .45; `None`: at nobody).
    Aim(Option<Seat>),
    /// Why a click did nothing, shown as a refused action is (`None`: clears it).
    Refused(Option<String>),
    /// A toss flicked: it goes when the hand is free ([`release_tosses`]).
    Toss { throw: Throw, action: G::Action },
}

/// A bot's thinking, done: its seat, its agent handed back, and its action.
type Decided<G> = (Seat, Box<dyn Agent<G> + Send>, <G as Game>::Action);

/// A bot: its agent (held here while idle, moved into its task while thinking).
type Bot<G> = Mutex<Option<Box<dyn Agent<G> + Send>>>;

/// A die in flight on the table: the throw's recorded path and its face.
#[derive(Clone, Debug)]
pub struct DieInFlight {
    pub roll: Roll,
    /// Seconds since the throw.
    pub t: f32,
}

/// The game on the table and everything about it that is not a rule.
#[derive(Resource)]
pub struct CardTable<G: TableGame> {
    pub game: G,
    pub seats: Vec<SeatKind>,
    /// Whose view the table shows: your seat (or, with bots only, nobody's
    /// hidden cards: a spectator).
    pub viewer: Option<Seat>,
    pub log: Vec<String>,
    /// Why the last intent was refused (shown until the next is accepted).
    pub refused: Option<String>,
    /// Every applied action in order (with who chose it): the replay.
    pub history: Vec<(Option<Seat>, G::Action)>,
    /// Shuffles, coins and the dice throws come from here.
    pub chance: ChaCha8Rng,
    /// The seed of `chance` and of the bots.
    pub seed: u64,
    /// Draw chance outcomes, roll dice and make a person who lets the clock
    /// run wait, by itself (off in scripted tests).
    pub auto_chance: bool,
    pub dice: DiceTray,
    pub die: Option<DieInFlight>,
    /// The last die read, and for what.
    pub last_roll: Option<(u8, String)>,
    bots: Vec<Bot<G>>,
    thinking: Option<Task<Decided<G>>>,
    /// Seconds until a bot may act again.
    pub cooldown: f32,
    /// Something on show that the game waits for (a line-up revealed pair by pair):
    /// (steps shown, steps in all, seconds into the current step).
    pub staging: Option<(usize, usize, f32)>,
    /// Bot and staging pace multiplier (0: as fast as possible).
    pub pace: f32,
    /// A new state to draw.
    pub version: u64,
    /// Real time: the open wave's clock.
    pub wave: Option<WaveClock<G::Action>>,
    /// Real time: the seat your pistol-finger points at (keys 1–7).
    pub aim: Option<Seat>,
    /// Real time by the clock: its run and the seconds since its countdown began.
    pub clock: Option<(u64, f32)>,
    /// Tossing: the throw your flick made and the toss it stands for, the
    /// cards in flight on Rapier and where they came to rest.
    pub tossing: Tossing<G::Action>,
    /// The setup the game was dealt from, as the record of games names it
    /// (its file's name).
    pub setup_name: String,
    /// Whether the game's end has been seen for the record of games (kept
    /// there or not): it is looked at once.
    pub recorded: bool,
    /// A practice game: the record keeps it as practice (*Continue* too).
    pub practice: bool,
}

impl<G: TableGame> CardTable<G> {
    /// A table for `game` with these seats; `seed` drives chance, dice and bots.
    pub fn new(mut game: G, seats: Vec<SeatKind>, seed: u64, dice: DiceTray) -> Self {
        for (s, kind) in seats.iter().enumerate() {
            if let SeatKind::Bot(level) = kind {
                game.seat_bot(s, *level);
            }
        }
        let viewer = seats.iter().position(|s| *s == SeatKind::You);
        let bots = seats
            .iter()
            .enumerate()
            .map(|(s, kind)| {
                Mutex::new(match kind {
                    SeatKind::Bot(level) => Some(G::bot(
                        *level,
                        seed.wrapping_mul(31).wrapping_add(s as u64 + 1),
                    )),
                    SeatKind::You => None,
                })
            })
            .collect();
        CardTable {
            game,
            seats,
            viewer,
            log: Vec::new(),
            refused: None,
            history: Vec::new(),
            chance: ChaCha8Rng::seed_from_u64(seed),
            seed,
            auto_chance: true,
            dice,
            die: None,
            last_roll: None,
            bots,
            thinking: None,
            cooldown: 0.0,
            staging: None,
            pace: 1.0,
            version: 0,
            wave: None,
            aim: None,
            clock: None,
            tossing: Tossing::new(crate::physics::card_toss::TossRange::new(
                &crate::scenario::profile::CardTossSpec::default(),
                9.81,
            )),
            setup_name: String::new(),
            recorded: false,
            practice: false,
        }
    }

    /// Milliseconds on the running clock after its countdown (negative while
    /// it counts down); as late as can be when the table plays at full speed.
    pub fn clock_ms(&self) -> Option<f32> {
        let clock = self.game.clock()?;
        if self.pace == 0.0 {
            return Some(f32::MAX);
        }
        let secs = self
            .clock
            .filter(|(id, _)| *id == clock.id)
            .map_or(0.0, |c| c.1);
        Some(secs * 1000.0 - clock.countdown_ms as f32)
    }

    /// Seats `bot` in `seat` (a test's scripted or failing bot, say).
    pub fn set_bot(&mut self, seat: Seat, bot: Box<dyn Agent<G> + Send>) {
        self.seats[seat] = SeatKind::Bot(crate::bot_level::Level::Random);
        *self.bots[seat].lock().unwrap_or_else(|e| e.into_inner()) = Some(bot);
        if self.viewer == Some(seat) {
            self.viewer = self.seats.iter().position(|s| *s == SeatKind::You);
        }
    }

    pub fn is_bot(&self, seat: Seat) -> bool {
        matches!(self.seats.get(seat), Some(SeatKind::Bot(_)))
    }

    /// The seat whose decision it is, if a person's (yours); in a real-time
    /// wave, yours while you are still to declare.
    pub fn awaiting_you(&self) -> Option<Seat> {
        if self.game.wave().is_some() {
            return self
                .viewer
                .filter(|v| !self.is_bot(*v) && self.game.waiting().contains(v));
        }
        match self.game.turn() {
            Turn::Player(s) if Some(s) == self.viewer && !self.is_bot(s) => Some(s),
            _ => None,
        }
    }

    /// Applies an intent if it is legal now; otherwise says why and changes nothing.
    pub fn apply(&mut self, intent: &CardIntent<G>) -> Result<(), String> {
        // In a real-time wave every seat still to declare may: out of turn order.
        let declaring = self.game.wave().is_some()
            && intent
                .seat
                .is_some_and(|s| self.game.waiting().contains(&s));
        let turn = self.game.turn();
        match (turn, intent.seat) {
            _ if declaring => {}
            (Turn::Over, _) => return Err("the game is over".into()),
            (Turn::Chance, Some(_)) => return Err("the table is dealing or rolling".into()),
            (Turn::Player(s), Some(by)) if s != by => {
                return Err(format!("it is seat {s}'s turn, not seat {by}'s"));
            }
            (Turn::Player(s), None) => return Err(format!("it is seat {s}'s turn")),
            _ => {}
        }
        let before = self.game.clone();
        let line = match (declaring, intent.seat) {
            (true, Some(seat)) => self
                .game
                .declaration_line(seat, &intent.action, self.viewer),
            _ => self.game.log_line(&intent.action, self.viewer),
        };
        crate::cards::table_game::act(&mut self.game, intent.seat, intent.action.clone())
            .map_err(|e| e.0.clone())?;
        if let Some(line) = line {
            self.log.push(line);
        }
        self.log.extend(self.game.news(&before));
        if self.game.is_over() {
            self.log.push(self.game.summary());
        }
        let steps = G::stage_steps(&self.game, &before);
        if steps > 0 {
            self.staging = Some((0, steps, 0.0));
        }
        self.history.push((intent.seat, intent.action.clone()));
        self.refused = None;
        self.version += 1;
        Ok(())
    }

    /// Where a die is thrown from: the side of the table of the seat in turn
    /// before the roll (yours when nobody's), in the tray's plane.
    pub fn throw_from(&self) -> Vec2 {
        let seat = self
            .history
            .iter()
            .rev()
            .find_map(|(s, _)| *s)
            .or(self.viewer);
        let n = self.seats.len().max(1);
        let a = crate::cards::table_layout::seat_angle(seat.unwrap_or(0), n);
        Vec2::new(a.cos(), a.sin())
    }

    /// A chance outcome drawn at once (a shuffle, a coin); dice are thrown;
    /// a tossed card is flown to rest on Rapier.
    fn chance_outcome(&mut self, record: bool) -> Option<CardIntent<G>> {
        if let Some(flight) = self.game.flight() {
            let mats = self.game.mats(self.viewer);
            let level = match self.seats.get(flight.thrower) {
                Some(SeatKind::Bot(l)) => *l,
                _ => crate::bot_level::Level::Normal,
            };
            let person = !self.is_bot(flight.thrower);
            let in_hole = self.tossing.fly(
                &mats,
                flight,
                G::toss_hand(level),
                person,
                &mut self.chance,
                record,
            );
            return G::landing(in_hole).map(|action| CardIntent { seat: None, action });
        }
        if self.game.awaits_die() {
            let from = self.throw_from();
            let roll = self.dice.roll(from, &mut self.chance, record);
            if record {
                self.die = Some(DieInFlight { roll, t: 0.0 });
                return None;
            }
            let action = G::die_action(roll.face)?;
            self.last_roll = Some((roll.face, String::new()));
            return Some(CardIntent { seat: None, action });
        }
        Some(CardIntent {
            seat: None,
            action: self.game.sample_chance(&mut self.chance),
        })
    }

    /// Plays `n` actions at once with the bots deciding on this thread (a
    /// normal bot stands in for you) and dice thrown without being shown: a
    /// game in progress, for screenshots. Stops early at the end; what the last
    /// action put on show (a reading) stays on show.
    pub fn fast_forward(&mut self, n: usize) {
        let mut stand_in = G::bot(crate::bot_level::Level::Normal, 0x5eed);
        for _ in 0..n {
            let intent = match self.game.turn() {
                Turn::Over => return,
                Turn::Chance => match self.chance_outcome(false) {
                    Some(i) => i,
                    None => return,
                },
                Turn::Player(s) => {
                    let legal = self.game.legal_actions();
                    if legal.is_empty() {
                        return;
                    }
                    let observation = self.game.observation(s);
                    let mut slot = self.bots[s].lock().unwrap_or_else(|e| e.into_inner());
                    let action = match slot.as_mut() {
                        Some(bot) => bot.act(s, &observation, &legal),
                        None => stand_in.act(s, &observation, &legal),
                    };
                    drop(slot);
                    CardIntent {
                        seat: Some(s),
                        action,
                    }
                }
            };
            // Only the last action's show is kept (a reading in progress).
            self.staging = None;
            if let Err(e) = self.apply(&intent) {
                self.refused = Some(e);
                return;
            }
        }
        // A clock picks up where the game is: the countdown over, at the next
        // seat's free hand.
        if let Some(clock) = self.game.clock() {
            let at = clock.next.map_or(0, |n| n.1.max(0));
            self.clock = Some((clock.id, (clock.countdown_ms as f32 + at as f32) / 1000.0));
        }
    }
}

/// The card table's rules-side systems for game `G` (added once per registered game).
pub fn plugin<G: TableGame>(app: &mut App, set: impl SystemSet + Clone) {
    app.add_message::<CardIntent<G>>()
        .add_message::<CardHand<G>>()
        .add_systems(
            Update,
            (
                (
                    run_chance::<G>,
                    run_clock::<G>,
                    run_wave_clock::<G>,
                    release_tosses::<G>,
                    run_bots::<G>,
                    run_staging::<G>,
                )
                    .chain()
                    .in_set(FrameSystems::Input),
                (
                    apply_hands::<G>,
                    apply_intents::<G>,
                    record_the_end::<G>,
                    advance_flights::<G>,
                )
                    .chain()
                    .in_set(FrameSystems::Apply),
            )
                .in_set(set),
        );
}

/// Draws chance outcomes (a shuffle at once; a die thrown on the felt, then
/// read when it has rolled out on screen).
pub fn run_chance<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    time: Res<Time>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(mut table) = table else { return };
    if !table.auto_chance || table.staging.is_some() {
        return;
    }
    if let Some(mut die) = table.die.take() {
        die.t += time.delta_secs();
        let shown = (die.t / table.dice.spec.dt) as usize;
        // The die rolls out on screen, rests a moment, then counts.
        if shown < die.roll.path.len() + 60 && table.pace > 0.0 {
            table.die = Some(die);
            return;
        }
        if let Some(action) = G::die_action(die.roll.face) {
            table.last_roll = Some((die.roll.face, format!("a {} on the felt", die.roll.face)));
            intents.write(CardIntent { seat: None, action });
        }
        return;
    }
    if table.game.turn() == Turn::Chance
        && let Some(intent) = table.chance_outcome(true)
    {
        intents.write(intent);
    }
}

/// Starts a bot thinking when it is its turn, and hands in its decision when
/// it is ready and the pace allows.
pub fn run_bots<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    time: Res<Time>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    table.cooldown -= time.delta_secs();
    // In a real-time wave the bots' declarations go by the wave's clock.
    if table.game.wave().is_some() && table.thinking.is_none() {
        return;
    }
    // Against the clock a bot acts when its hand is free; otherwise at a
    // pace a person can follow.
    let clocked = table.game.clock().is_some();
    let due = match (table.game.clock().and_then(|c| c.next), table.clock_ms()) {
        (Some((_, at)), Some(now)) => now >= at as f32,
        _ => !clocked && (table.cooldown <= 0.0 || table.pace == 0.0),
    };
    if let Some(task) = table.thinking.as_mut() {
        if !due {
            return;
        }
        let Some((seat, bot, action)) = check_ready(task) else {
            return;
        };
        table.thinking = None;
        *table.bots[seat].lock().unwrap_or_else(|e| e.into_inner()) = Some(bot);
        table.cooldown = if clocked { 0.0 } else { BOT_PACE * table.pace };
        intents.write(CardIntent {
            seat: Some(seat),
            action,
        });
        return;
    }
    if table.staging.is_some() || table.die.is_some() {
        return;
    }
    let Turn::Player(seat) = table.game.turn() else {
        return;
    };
    let Some(mut bot) = table.bots[seat]
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
    else {
        return;
    };
    let observation = table.game.observation(seat);
    let legal = table.game.legal_actions();
    if legal.is_empty() {
        table.refused = Some(format!("seat {seat} has no legal action"));
        *table.bots[seat].lock().unwrap_or_else(|e| e.into_inner()) = Some(bot);
        return;
    }
    table.thinking = Some(AsyncComputeTaskPool::get().spawn(async move {
        // A bot that fails plays its first legal action: it never takes the table down.
        let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            bot.act(seat, &observation, &legal)
        }));
        let action = match chosen {
            Ok(a) if legal.contains(&a) => a,
            _ => legal[0].clone(),
        };
        (seat, bot, action)
    }));
}

/// Runs the game's clock (The Gunfighter's countdown and five seconds): a
/// new run starts at its countdown; the clock stops while something is on
/// show; a person whose hand has been free for the clock's patience without
/// tossing waits (the game's idle action).
pub fn run_clock<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    time: Res<Time>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    let Some(clock) = table.game.clock() else {
        table.clock = None;
        // The showdown is over: its cards go where the rules put them.
        table.tossing.rests.clear();
        return;
    };
    if table.clock.is_none_or(|(id, _)| id != clock.id) {
        table.clock = Some((clock.id, 0.0));
        return;
    }
    if table.staging.is_some() {
        return;
    }
    let pace = table.pace.max(1e-3);
    if let Some((_, secs)) = table.clock.as_mut() {
        *secs += time.delta_secs().min(MAX_TICK) / pace;
    }
    let Some(now) = table.clock_ms() else { return };
    if let (Some((seat, at)), Some(you), true) = (clock.next, table.viewer, table.auto_chance)
        && seat == you
        && !table.is_bot(you)
        && table.game.turn() == Turn::Player(you)
        && table.tossing.pending.is_none()
        && now >= (at + clock.patience_ms as i32) as f32
        && let Some(wait) = G::idle()
    {
        intents.write(CardIntent {
            seat: Some(you),
            action: wait,
        });
    }
}

/// Runs the clock of a real-time wave: when a wave opens, every bot still to
/// declare decides at once from what its seat sees (its declaration is sealed:
/// nobody sees it until its time comes); each is handed in when the clock
/// reaches its time (a hold a little after the wave opens), and a person who
/// has not slapped within [`REACT_WINDOW_MS`] holds.
pub fn run_wave_clock<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    time: Res<Time>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    let Some((id, start_ms)) = table.game.wave() else {
        table.wave = None;
        return;
    };
    if table.staging.is_some() {
        return;
    }
    if table.wave.as_ref().is_none_or(|w| w.id != id) {
        let mut planned = Vec::new();
        for seat in table.game.waiting() {
            let legal = table.game.legal_for(seat);
            let mut slot = table.bots[seat].lock().unwrap_or_else(|e| e.into_inner());
            let (Some(bot), false) = (slot.as_mut(), legal.is_empty()) else {
                continue;
            };
            let observation = table.game.observation(seat);
            let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                bot.act(seat, &observation, &legal)
            }));
            let action = match chosen {
                Ok(a) => a,
                Err(_) => G::idle().unwrap_or_else(|| legal[0].clone()),
            };
            planned.push((seat, action));
        }
        // In the order they happen on the clock (holds last).
        planned.sort_by_key(|(_, a)| G::at_ms(a).unwrap_or(u32::MAX));
        table.wave = Some(WaveClock {
            id,
            start_ms,
            handed: vec![false; planned.len()],
            secs: 0.0,
            planned,
            shown: 0,
        });
        table.version += 1;
        return;
    }
    let pace = table.pace;
    let viewer = table.viewer.filter(|v| !table.is_bot(*v));
    let waiting = table.game.waiting();
    let Some(wave) = table.wave.as_mut() else {
        return;
    };
    // A stalled frame does not eat anyone's reaction time: the clock moves at
    // most MAX_TICK a frame (and the card is first drawn the frame it opens).
    wave.secs += time.delta_secs().min(MAX_TICK) / pace.max(1e-3);
    let now = if pace == 0.0 { u32::MAX } else { wave.now_ms() };
    // A round is one continuous timeline: the wave resolves at its first
    // slap. When the first planned slap's time comes (or you have slapped
    // first), every declaration of the wave is handed in together: the due
    // slap happens, the later ones are not made yet (their bots keep them as
    // plans for the next wave), and you, if you have not slapped, hold until
    // then — the next wave opens at that moment and you may click again.
    // A hold shows nothing on the table, and nobody at a real table learns
    // that a hand will stay still: while you are still to declare, the bots'
    // holds wait for you (or the end of your reaction window); with nobody
    // to wait for, they go in shortly.
    let you_waiting = viewer.is_some_and(|v| waiting.contains(&v));
    let you_slapped = viewer.is_some_and(|v| table.game.declared(v));
    let first_due = wave
        .planned
        .iter()
        .zip(&wave.handed)
        .filter(|(_, handed)| !**handed)
        .filter_map(|((_, a), _)| G::at_ms(a))
        .min();
    let hold_due = if you_waiting {
        u32::MAX
    } else {
        start_ms.saturating_add(BOT_HOLD_MS)
    };
    let all_holds_due = first_due.is_none() && hold_due <= now;
    if you_slapped || first_due.is_some_and(|t| t <= now) || all_holds_due {
        for (i, (seat, action)) in wave.planned.iter().enumerate() {
            if !wave.handed[i] {
                intents.write(CardIntent {
                    seat: Some(*seat),
                    action: action.clone(),
                });
                wave.handed[i] = true;
            }
        }
        if let Some(you) = viewer.filter(|_| you_waiting && first_due.is_some())
            && let Some(hold) = G::idle()
        {
            intents.write(CardIntent {
                seat: Some(you),
                action: hold,
            });
        }
    }
    let shown = wave
        .planned
        .iter()
        .filter(|(_, a)| G::at_ms(a).is_some_and(|t| t <= now))
        .count();
    let redraw = shown != wave.shown;
    wave.shown = shown;
    if let Some(you) = viewer.filter(|v| waiting.contains(v))
        && now > start_ms.saturating_add(REACT_WINDOW_MS)
        && let Some(hold) = G::idle()
    {
        intents.write(CardIntent {
            seat: Some(you),
            action: hold,
        });
    }
    if redraw {
        table.version += 1;
    }
}

/// Advances whatever is on show (a line-up revealed pair by pair).
pub fn run_staging<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    time: Res<Time>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    bindings: Option<Res<crate::keys::Bindings>>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    let Some((mut shown, all, mut t)) = table.staging else {
        return;
    };
    // Space skips what is on show.
    let skip = keys
        .zip(bindings)
        .is_some_and(|(k, b)| b.just_pressed(&k, crate::keys::Action::SkipAnimation));
    if skip {
        table.staging = None;
        table.version += 1;
        return;
    }
    t += time.delta_secs();
    if table.pace == 0.0 || t >= G::STAGE_SECONDS * table.pace {
        t = 0.0;
        shown += 1;
        table.version += 1;
    }
    table.staging = (shown <= all).then_some((shown, all, t));
}

/// Applies the frame's intents in order; a refused one changes nothing and says why.
pub fn apply_intents<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    mut intents: MessageReader<CardIntent<G>>,
) {
    let Some(mut table) = table else {
        intents.clear();
        return;
    };
    for intent in intents.read() {
        if let Err(why) = table.apply(intent) {
            table.refused = Some(why);
        }
    }
}

/// Puts the game in the player's record of games when it ends, once: with
/// one person at the table (the seat that is yours; bots alone are nobody's
/// record), and only where the program keeps a record ([`RecordFile`]:
/// never in a scripted run, a test or an offscreen app). A practice game
/// ([`CardTable::practice`], from the menu's [`crate::record::Practice`]
/// when it was dealt) is kept as one. A record that fails to read or write
/// is logged; the table plays on.
pub fn record_the_end<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    file: Option<Res<RecordFile>>,
) {
    let Some(mut table) = table else { return };
    if table.recorded || !table.game.is_over() {
        return;
    }
    table.recorded = true;
    let Some(file) = file else { return };
    let seats: Vec<Option<crate::bot_level::Level>> = table
        .seats
        .iter()
        .map(|s| match s {
            SeatKind::You => None,
            SeatKind::Bot(level) => Some(*level),
        })
        .collect();
    let practice = table.practice;
    if let Some(finished) = Finished::new(
        G::KEY,
        &table.setup_name,
        &seats,
        &table.game.winners(),
        practice,
    ) {
        crate::record::record_finished(&file, &finished);
    }
}

/// Applies what the person's hand did this frame, in order.
pub fn apply_hands<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    mut hands: MessageReader<CardHand<G>>,
) {
    let Some(mut table) = table else {
        hands.clear();
        return;
    };
    for hand in hands.read() {
        match hand {
            CardHand::Aim(seat) => {
                if table.aim != *seat {
                    table.aim = *seat;
                    table.version += 1;
                }
            }
            CardHand::Refused(why) => table.refused = why.clone(),
            CardHand::Toss { throw, action } => {
                table.tossing.throw = Some(*throw);
                table.tossing.pending = Some(action.clone());
            }
        }
    }
}

/// A toss flicked goes when the person's hand is free (the game awaits
/// them); one the rules no longer allow is dropped, saying why. Without a
/// clock running, or a person at the table, there is none.
pub fn release_tosses<G: TableGame>(
    table: Option<ResMut<CardTable<G>>>,
    mut intents: MessageWriter<CardIntent<G>>,
) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    let you = table.viewer.filter(|v| !table.is_bot(*v));
    let (Some(_), Some(you)) = (table.clock_ms(), you) else {
        table.tossing.pending = None;
        return;
    };
    if table.tossing.pending.is_none() || table.awaiting_you() != Some(you) {
        return;
    }
    let toss = table.tossing.pending.take().expect("a toss pending");
    if table.game.legal_actions().contains(&toss) {
        intents.write(CardIntent {
            seat: Some(you),
            action: toss,
        });
    } else {
        table.tossing.throw = None;
        table.refused = Some("that card cannot be tossed now".into());
    }
}

/// Moves the tossed cards' flights on by the frame's time (a stalled frame
/// does not skip a flight, as the clock); a flight ends once its last pose has
/// been shown, or after its first when the table runs as fast as it can.
pub fn advance_flights<G: TableGame>(table: Option<ResMut<CardTable<G>>>, time: Res<Time>) {
    let Some(mut table) = table else { return };
    let table = &mut *table;
    let pace = table.pace;
    let dt = time.delta_secs().min(MAX_TICK) / pace.max(1e-3);
    table.tossing.flights.retain_mut(|f| {
        let shown_last = (f.t / f.dt) as usize >= f.path.len().saturating_sub(1);
        let first = f.t == 0.0;
        f.t += dt;
        first || (pace > 0.0 && !shown_last)
    });
}
