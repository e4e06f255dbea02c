//! The intents the rules offer, held to an enumeration written from the
//! book (`book_intents`) at every step of random games played on the rules
//! alone.

use super::*;

/// The turn-keeping the players do at the table, by the book: kept beside the
/// game from what they did, never read from the rules' own bookkeeping.
struct Book {
    /// The team that played the last turn.
    last_team: Option<Team>,
    /// A round is opening: "Each subsequent new round begins by playing the
    /// cowboy with the initiative token."
    opening: bool,
    /// The cowboy being played.
    playing: Option<CowboyId>,
    /// What he has left of his two actions.
    actions: u8,
}

/// Every intent the rule book allows now, written from the book and not from
/// [`Game::legal_intents`]. The book:
/// - "A cowboy is considered available when the color of its hat corresponds
///   to the color of the round (on the clock) in progress" (a red hour
///   even, a blue hour odd: 6:00 red, 7:00 blue); "the hats of dead cowboys
///   remain in play";
/// - "Each scenario begins by playing the cowboy with the initiative token",
///   and each new round too; then "players continue taking turns,
///   alternating between teams, until all available cowboys have played"
///   (a team whose hats have all played leaves the rest of the round to the
///   other);
/// - "he may take two actions with it ... Move, Shoot, Take/Leave/Exchange
///   (must be inside a building)"; "the same action twice"; "only one
///   action, or none at all" (ending the turn is always allowed); "A dead
///   cowboy has no actions to spend";
/// - a cowboy's pistols: his own ("one pistol (default weapon)") and every
///   Colt he carries: with none, no shot;
/// - inside a building: leave any token carried; take a face-up token lying
///   there, with two in hand only "exchanged with another token in that
///   cowboy's inventory"; "take a facedown token": pick one at random, "then
///   choose to take it or leave it".
///
/// Where the book is silent, the program's documented readings
/// (docs/flick-em-up.md): the dynamite token is thrown with an action; a
/// cowboy knocked down in his own turn loses the rest of it (`Book::actions`
/// drops to 0); water kept is drunk, so keeping it with full hands is an
/// exchange too.
fn book_intents(g: &Game, book: &Book) -> Vec<Intent> {
    let colour = if g.hour.is_multiple_of(2) {
        HatSide::Red
    } else {
        HatSide::Blue
    };
    let other = |t: Team| {
        if t == Team::Lawmen {
            Team::Outlaws
        } else {
            Team::Lawmen
        }
    };
    let available = |t: Team| -> Vec<Intent> {
        g.cowboys
            .iter()
            .enumerate()
            .filter(|(_, c)| c.team == t && c.side == colour)
            .map(|(i, _)| Intent::Play(i))
            .collect()
    };
    match &g.phase {
        Phase::Over(_)
        | Phase::AwaitMove { .. }
        | Phase::AwaitShots { .. }
        | Phase::AwaitBlast { .. } => Vec::new(),
        Phase::Choose { .. } => {
            if book.opening {
                let holder = g.initiative;
                let team = g.cowboys[holder].team;
                if g.cowboys[holder].side == colour {
                    return vec![Intent::Play(holder)];
                }
                let mine = available(team);
                return if mine.is_empty() {
                    available(other(team))
                } else {
                    mine
                };
            }
            let last = book.last_team.expect("a turn was played this round");
            let theirs = available(other(last));
            if theirs.is_empty() {
                available(last)
            } else {
                theirs
            }
        }
        Phase::Acting { cowboy, .. } => {
            let c = &g.cowboys[*cowboy];
            let mut out = vec![Intent::EndTurn];
            if c.hit_points == 0 || book.actions == 0 {
                return out;
            }
            out.push(Intent::Move);
            let pistols =
                usize::from(c.armed) + c.tokens.iter().filter(|t| **t == Token::Colt).count();
            if pistols > 0 {
                out.push(Intent::Shoot);
            }
            if c.tokens.contains(&Token::Dynamite) {
                out.push(Intent::ThrowDynamite);
            }
            if let Some(b) = c.inside {
                out.extend((0..c.tokens.len()).map(Intent::Drop));
                for pile in g.piles.iter().filter(|p| p.building == b) {
                    if pile.tokens.iter().any(|t| t.face_down) {
                        out.push(Intent::Draw);
                    }
                    for t in pile.tokens.iter().filter(|t| !t.face_down) {
                        if c.tokens.len() < 2 {
                            out.push(Intent::Take {
                                token: t.token,
                                give: None,
                            });
                        } else {
                            out.extend((0..c.tokens.len()).map(|i| Intent::Take {
                                token: t.token,
                                give: Some(i),
                            }));
                        }
                    }
                }
            }
            out
        }
        Phase::AwaitKeep { cowboy, .. } => {
            let c = &g.cowboys[*cowboy];
            let mut out = vec![Intent::Keep {
                keep: false,
                give: None,
            }];
            if c.tokens.len() < 2 {
                out.push(Intent::Keep {
                    keep: true,
                    give: None,
                });
            } else {
                out.extend((0..c.tokens.len()).map(|i| Intent::Keep {
                    keep: true,
                    give: Some(i),
                }));
            }
            out
        }
    }
}

/// The same intents, whatever their order or repeats.
fn same_set(a: &[Intent], b: &[Intent]) -> bool {
    a.iter().all(|x| b.contains(x)) && b.iter().all(|x| a.contains(x))
}

/// A game for random play: six cowboys, hats of both colours, a cowboy with
/// no pistol of his own but a Colt, one with two pistols, dynamite and a
/// Winchester, two cowboys starting inside, a face-up pile and a face-down one.
fn book_game(seed: u64) -> Game {
    let c = |name: &str, team, hat, side| CowboySpec {
        name: name.into(),
        team,
        hat,
        side,
    };
    let specs = vec![
        c("L1", Team::Lawmen, 1, HatSide::Red),
        c("L2", Team::Lawmen, 2, HatSide::Red),
        c("L3", Team::Lawmen, 3, HatSide::Blue),
        c("O1", Team::Outlaws, 1, HatSide::Red),
        c("O2", Team::Outlaws, 2, HatSide::Blue),
        c("O3", Team::Outlaws, 3, HatSide::Red),
    ];
    let own = |name: &str, tokens: Vec<Token>, inside, unarmed| CowboySetup {
        name: name.into(),
        hit_points: None,
        tokens,
        inside,
        unarmed,
    };
    // A red holder or a blue one, a red hour or a blue one.
    let holder = if seed.is_multiple_of(3) { "O3" } else { "L3" };
    let s = GameSetup {
        start_hour: 5 + (seed % 2) as u8,
        initiative: holder.into(),
        hit_points: 2,
        cowboys: vec![
            own("L1", vec![Token::Colt], None, false),
            own("L2", vec![], Some(BuildingKind::Bank), false),
            own("O1", vec![Token::Colt], None, true),
            own(
                "O2",
                vec![Token::Dynamite, Token::Winchester],
                Some(BuildingKind::Saloon),
                false,
            ),
            own("O3", vec![], None, true),
        ],
        piles: vec![
            Pile {
                building: BuildingKind::Bank,
                tokens: vec![Token::Gold, Token::Colt, Token::Dynamite, Token::Document],
                face_down: false,
            },
            Pile {
                building: BuildingKind::Undertaker,
                tokens: vec![
                    Token::CleanWater,
                    Token::PoisonedWater,
                    Token::Winchester,
                    Token::Hostage,
                ],
                face_down: true,
            },
        ],
        ..setup()
    };
    let buildings = [
        BuildingKind::Bank,
        BuildingKind::Undertaker,
        BuildingKind::Saloon,
    ];
    Game::new(s, &specs, &buildings, seed).unwrap()
}

/// The intents offered are the book's, compared as sets at every step of
/// 200 random games played on the rules alone (moves, shots and
/// blasts answered with random reports: entries, exits, failures, hits on
/// anyone, the shooter himself included), and every one of them is accepted.
#[test]
fn the_intents_offered_are_the_books_at_every_step_of_random_games() {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    let buildings = [
        BuildingKind::Bank,
        BuildingKind::Undertaker,
        BuildingKind::Saloon,
    ];
    let mut checked = 0usize;
    // How often the cases the book speaks of came up.
    let (mut exchanges, mut draws, mut dead_played, mut downed, mut openings) = (0, 0, 0, 0, 0);
    for seed in 0..200u64 {
        let mut g = book_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut book = Book {
            last_team: None,
            opening: true,
            playing: None,
            actions: 0,
        };
        for step in 0..500 {
            if g.is_over() {
                break;
            }
            // The story so far is not the rules: only its end is kept, so
            // the forks below stay cheap.
            if g.log.len() > 40 {
                let cut = g.log.len() - 20;
                g.log.drain(..cut);
            }
            let want = book_intents(&g, &book);
            let got = g.legal_intents();
            assert!(
                same_set(&want, &got),
                "seed {seed}, step {step}, {:?}:\n the book: {want:?}\n offered:  {got:?}\n{:?}",
                g.phase,
                g.log.iter().rev().take(6).collect::<Vec<_>>()
            );
            for i in &want {
                let mut fork = g.clone();
                assert!(
                    fork.apply(i.clone()).is_ok(),
                    "seed {seed}, step {step}: {i:?} is refused: {:?}",
                    fork.apply(i.clone())
                );
            }
            checked += 1;
            let n = g.cowboys.len();
            match g.phase.clone() {
                Phase::AwaitMove { cowboy, .. } => {
                    let inside = g.cowboys[cowboy].inside;
                    let roll = rng.random_range(0..8);
                    let entered = if inside.is_none() && roll >= 5 {
                        Some(buildings[rng.random_range(0..buildings.len())])
                    } else {
                        None
                    };
                    g.resolve_move(MoveReport {
                        touched: roll == 0,
                        left_table: roll == 1,
                        entered,
                        exited: inside.is_some() && roll >= 4,
                    })
                    .unwrap();
                }
                Phase::AwaitShots { cowboy, .. } => {
                    let knocked_first = if rng.random_bool(0.5) {
                        Some(rng.random_range(0..n))
                    } else {
                        None
                    };
                    g.resolve_shot(ShotReport { knocked_first }).unwrap();
                    if knocked_out_of_his_turn(&g, cowboy) {
                        book.actions = 0;
                        downed += 1;
                    }
                }
                Phase::AwaitBlast { cowboy, .. } => {
                    let knocked_over = (0..n).filter(|_| rng.random_bool(0.3)).collect();
                    g.resolve_blast(BlastReport { knocked_over }).unwrap();
                    if knocked_out_of_his_turn(&g, cowboy) {
                        book.actions = 0;
                        downed += 1;
                    }
                }
                _ => {
                    let acting: Vec<&Intent> =
                        want.iter().filter(|i| **i != Intent::EndTurn).collect();
                    let pick = if !acting.is_empty()
                        && (acting.len() == want.len() || rng.random_bool(0.8))
                    {
                        acting[rng.random_range(0..acting.len())].clone()
                    } else {
                        Intent::EndTurn
                    };
                    let hour = g.hour;
                    g.apply(pick.clone()).unwrap();
                    match pick {
                        Intent::Play(c) => {
                            if book.opening {
                                openings += 1;
                            }
                            book.opening = false;
                            book.playing = Some(c);
                            book.actions = if g.cowboys[c].hit_points > 0 { 2 } else { 0 };
                            if g.cowboys[c].hit_points == 0 {
                                dead_played += 1;
                            }
                        }
                        Intent::EndTurn => {
                            let c = book.playing.take().expect("a cowboy was played");
                            book.last_team = Some(g.cowboys[c].team);
                            book.opening = g.hour != hour;
                        }
                        Intent::Keep { .. } => {}
                        spent => {
                            if matches!(spent, Intent::Take { give: Some(_), .. }) {
                                exchanges += 1;
                            }
                            if spent == Intent::Draw {
                                draws += 1;
                            }
                            book.actions = book.actions.saturating_sub(1);
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} steps checked");
    for (what, n) in [
        ("exchanges", exchanges),
        ("face-down draws", draws),
        ("dead cowboys' hats played", dead_played),
        ("shooters knocked down in their own turn", downed),
        ("rounds opened", openings),
    ] {
        assert!(n > 10, "only {n} {what} in the random games");
    }
}

/// Whether the shot or blast just resolved left the cowboy playing lying in
/// his own turn, his turn back with him (a second bullet still to come waits).
fn knocked_out_of_his_turn(g: &Game, cowboy: CowboyId) -> bool {
    let c = &g.cowboys[cowboy];
    matches!(g.phase, Phase::Acting { .. }) && c.hit_points > 0 && c.fallen
}
