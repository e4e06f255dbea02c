//! The record of games: lines in and out, a broken record set aside, the
//! counts the menu shows against a hand count, the suggestion, the date.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

/// A scratch folder of the record's tests (files.rs's, named apart).
fn scratch(name: &str) -> PathBuf {
    crate::files::tests::scratch(&format!("record-{name}"))
}

use crate::files::tests::beside as names_in;

fn game(game: &str, level: Level, result: Verdict, practice: bool) -> Finished {
    Finished {
        game: game.to_string(),
        setup: format!("{game}.ron"),
        seats: vec![
            SeatEntry {
                who: Who::Person,
                level: None,
            },
            SeatEntry {
                who: Who::Bot,
                level: Some(level),
            },
        ],
        result,
        date: "2026-11-28T17:05:00Z".to_string(),
        practice,
        level: Some(level),
    }
}

fn record_of(games: &[Finished]) -> Record {
    Record {
        games: games.to_vec(),
    }
}

use super::Verdict::{Drawn, Lost, Won};

#[test]
fn games_go_into_the_file_a_line_each_and_come_back_as_they_were() {
    // Planted: append writing the new line alone (not the old bytes) fails
    // the count; a line break inside a line fails the line count.
    let dir = scratch("round");
    let path = dir.join("record.ron");
    let mut odd = game("tabletown", Level::Hard, Drawn, true);
    odd.setup = "my \"own\" setup\nwith a break, ünïcode.ron".to_string();
    let games = vec![
        game("flick", Level::Easy, Won, false),
        odd,
        Finished {
            seats: vec![
                SeatEntry {
                    who: Who::Bot,
                    level: Some(Level::Random),
                },
                SeatEntry {
                    who: Who::Person,
                    level: None,
                },
                SeatEntry {
                    who: Who::Bot,
                    level: Some(Level::Normal),
                },
            ],
            level: Some(Level::Normal),
            ..game("slap45", Level::Normal, Lost, false)
        },
    ];
    let mut record = Record::default();
    for g in &games {
        record.append(&path, g).unwrap();
    }
    assert_eq!(record.games, games);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(HEADER), "{text}");
    assert_eq!(text.lines().count(), 1 + games.len(), "{text}");
    let (read, problem) = Record::load(&path);
    assert_eq!(problem, None);
    assert_eq!(read.games, games);
    // Only the file: nothing left beside it.
    assert_eq!(names_in(&dir), ["record.ron"]);
    // A file whose last line has no line break gets one before the next.
    std::fs::write(&path, text.trim_end()).unwrap();
    let mut more = Record::load(&path).0;
    more.append(&path, &games[0]).unwrap();
    let (read, problem) = Record::load(&path);
    assert_eq!(problem, None);
    assert_eq!(read.games.len(), games.len() + 1);
}

#[test]
fn a_broken_line_sets_the_record_aside_named_at_its_line_and_column_and_a_new_one_starts() {
    // Planted: the line numbered from 0 (`i` for `i + 1`), or the broken
    // file deleted or written over instead of renamed: this fails.
    let dir = scratch("broken");
    let path = dir.join("record.ron");
    let good = game("flick", Level::Easy, Won, false).to_line().unwrap();
    let mut text = format!("{HEADER}{good}\n\n");
    // Line 4: a stray character where the line's code begins, at column 4.
    text.push_str(&format!("   @{good}\n{good}\n"));
    std::fs::write(&path, &text).unwrap();
    let (record, problem) = Record::load(&path);
    assert_eq!(record, Record::default(), "a new, empty record");
    let problem = problem.expect("the problem said");
    let aside = dir.join("record-broken-1.ron");
    assert!(
        problem.contains(&format!("{}:4:4:", path.display())),
        "file:line:col: {problem}"
    );
    assert!(problem.contains(&aside.display().to_string()), "{problem}");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), text, "kept whole");
    assert!(!path.exists());
    // The new record takes games; the old one stays as it was.
    let mut record = record;
    let next = game("slapshot", Level::Hard, Lost, false);
    record.append(&path, &next).unwrap();
    let (read, problem) = Record::load(&path);
    assert_eq!(problem, None);
    assert_eq!(read.games, [next]);
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), text);

    // Bytes that are not text: the place of the first bad byte, and the
    // next free name.
    let mut bytes = format!("{HEADER}{good}\n(game: \"fl").into_bytes();
    bytes.push(0xff);
    bytes.extend_from_slice(b"ick\")\n");
    std::fs::write(&path, &bytes).unwrap();
    let (record, problem) = Record::load(&path);
    assert!(record.games.is_empty());
    let problem = problem.expect("the problem said");
    assert!(
        problem.contains(&format!("{}:3:11:", path.display())),
        "{problem}"
    );
    let second = dir.join("record-broken-2.ron");
    assert!(problem.contains(&second.display().to_string()), "{problem}");
    assert_eq!(std::fs::read(&second).unwrap(), bytes);
}

#[test]
fn nothing_is_added_to_a_file_that_does_not_read_nor_to_the_games_own_data() {
    // Planted: append without reading the old bytes first fails the first half.
    let dir = scratch("refused");
    let path = dir.join("record.ron");
    let broken = format!("{HEADER}(game: oops)\n");
    std::fs::write(&path, &broken).unwrap();
    let e = Record::default()
        .append(&path, &game("flick", Level::Easy, Won, false))
        .unwrap_err();
    assert!(e.contains(&format!("{}:2:", path.display())), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
    let shipped = crate::scenario::data_root()
        .join("assets")
        .join("record-never-written.ron");
    let e = Record::default()
        .append(&shipped, &game("flick", Level::Easy, Won, false))
        .unwrap_err();
    assert!(e.contains("only read"), "{e}");
    assert!(!shipped.exists());
}

#[test]
fn the_counts_the_menu_shows_are_the_records_lines() {
    // Planted: a practice win counted as a win, or a draw as a loss: the
    // hand count differs.
    let dir = scratch("tally");
    let path = dir.join("record.ron");
    let games_named = ["flick", "slapshot", "tabletown", "slap45", "gunfighter"];
    let levels = [
        None,
        Some(Level::Random),
        Some(Level::Easy),
        Some(Level::Normal),
        Some(Level::Hard),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(54);
    let mut text = HEADER.to_string();
    // By hand: (game, level) -> [won, lost, drawn, practice].
    let mut hand: HashMap<(String, Option<Level>), [u32; 4]> = HashMap::new();
    let n = 400;
    for _ in 0..n {
        let name = games_named[rng.random_range(0..games_named.len())];
        let level = levels[rng.random_range(0..levels.len())];
        let result = [Won, Lost, Drawn][rng.random_range(0..3)];
        let practice = rng.random_bool(0.2);
        let mut g = game(name, level.unwrap_or(Level::Easy), result, practice);
        g.level = level;
        text.push_str(&g.to_line().unwrap());
        text.push('\n');
        let count = hand.entry((name.to_string(), level)).or_default();
        let i = match (practice, result) {
            (true, _) => 3,
            (false, Won) => 0,
            (false, Lost) => 1,
            (false, Drawn) => 2,
        };
        count[i] += 1;
    }
    std::fs::write(&path, &text).unwrap();
    let (record, problem) = Record::load(&path);
    assert_eq!(problem, None);
    assert_eq!(record.games.len(), n);
    let tally = record.tally();
    let got: HashMap<(String, Option<Level>), [u32; 4]> = tally
        .iter()
        .map(|(k, t)| (k.clone(), [t.won, t.lost, t.drawn, t.practice]))
        .collect();
    assert_eq!(got, hand);
    // The menu's words say the same numbers.
    for name in games_named {
        let summary = record.summary(name);
        let body = summary.strip_prefix("Your games: ").expect("the heading");
        let (counts, practice) = body.split_once("; ").unwrap_or((body, ""));
        let mut shown = 0;
        for part in counts.split(", ") {
            // "Easy 3–1", "Easy —", "Easy 3–1 (2 drawn)", "no bots 1–0"
            let (head, drawn) = match part.split_once(" (") {
                Some((head, tail)) => (
                    head,
                    tail.trim_end_matches(" drawn)").parse::<u32>().unwrap(),
                ),
                None => (part, 0),
            };
            let (label, numbers) = head.rsplit_once(' ').unwrap();
            let level = match label {
                "no bots" => None,
                l => Some(l.to_lowercase().parse::<Level>().unwrap()),
            };
            let (won, lost) = match numbers {
                "—" => (0, 0),
                n => {
                    let (w, l) = n.split_once('–').unwrap();
                    (w.parse::<u32>().unwrap(), l.parse::<u32>().unwrap())
                }
            };
            let by_hand = hand
                .get(&(name.to_string(), level))
                .copied()
                .unwrap_or_default();
            assert_eq!([won, lost, drawn], by_hand[..3], "{name}: {summary}");
            shown += won + lost + drawn;
        }
        let of_game = || hand.iter().filter(|((g, _), _)| g == name);
        let counted: u32 = of_game().map(|(_, c)| c[0] + c[1] + c[2]).sum();
        assert_eq!(shown, counted, "every counted game shown: {summary}");
        let practised: u32 = of_game().map(|(_, c)| c[3]).sum();
        let said: u32 = practice
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert_eq!(said, practised, "{summary}");
    }
}

#[test]
fn the_summary_reads_as_the_menu_shows_it() {
    let record = record_of(&[
        game("flick", Level::Easy, Won, false),
        game("flick", Level::Easy, Won, false),
        game("flick", Level::Easy, Lost, false),
        game("flick", Level::Easy, Won, false),
        game("flick", Level::Normal, Lost, false),
        game("flick", Level::Normal, Drawn, false),
        game("flick", Level::Hard, Won, true),
        game("tabletown", Level::Hard, Won, false),
    ]);
    assert_eq!(
        record.summary("flick"),
        "Your games: Easy 3–1, Normal 0–1 (1 drawn), Hard —; 1 practice game, not counted"
    );
    assert_eq!(
        record.summary("slapshot"),
        "Your games: Easy —, Normal —, Hard —"
    );
}

#[test]
fn three_wins_running_suggest_the_next_level_and_a_loss_between_does_not() {
    // Planted: the run taken over two games, or over every level at once:
    // this fails.
    let at = |results: &[(Level, Verdict, bool)]| {
        record_of(
            &results
                .iter()
                .map(|&(l, r, p)| game("gunfighter", l, r, p))
                .collect::<Vec<_>>(),
        )
    };
    use crate::bot_level::Level::{Easy, Expert, Hard, Normal};
    let won = |l| (l, Won, false);
    let lost = |l| (l, Lost, false);
    let record = at(&[lost(Easy), won(Easy), won(Easy), won(Easy)]);
    assert_eq!(record.suggestion("gunfighter"), Some((Easy, Normal)));
    assert_eq!(
        record.advice("gunfighter").as_deref(),
        Some("You have beaten Easy three times running: try Normal.")
    );
    assert_eq!(record.suggestion("flick"), None, "another game's wins");
    assert_eq!(
        at(&[won(Easy), won(Easy), lost(Easy), won(Easy)]).suggestion("gunfighter"),
        None
    );
    assert_eq!(
        at(&[won(Easy), won(Easy), won(Easy), lost(Easy)]).suggestion("gunfighter"),
        None
    );
    assert_eq!(at(&[won(Easy), won(Easy)]).suggestion("gunfighter"), None);
    assert_eq!(
        at(&[won(Easy), won(Easy), (Easy, Drawn, false), won(Easy)]).suggestion("gunfighter"),
        None,
        "a draw breaks the run"
    );
    // Games at another level between do not break a level's run; the
    // highest level beaten is the one to move on from.
    let record = at(&[
        won(Easy),
        won(Normal),
        won(Easy),
        won(Normal),
        won(Easy),
        won(Normal),
    ]);
    assert_eq!(record.suggestion("gunfighter"), Some((Normal, Hard)));
    // Already playing the next level: nothing to suggest.
    let record = at(&[won(Easy), won(Easy), won(Easy), lost(Normal)]);
    assert_eq!(record.suggestion("gunfighter"), None);
    // Hard beaten: the expert is next.
    let record = at(&[won(Hard), won(Hard), won(Hard)]);
    assert_eq!(record.suggestion("gunfighter"), Some((Hard, Expert)));
    // The hardest beaten: nothing harder, said as such.
    let record = at(&[won(Expert), won(Expert), won(Expert)]);
    assert_eq!(record.suggestion("gunfighter"), None);
    assert_eq!(
        record.advice("gunfighter").as_deref(),
        Some("You have beaten Expert three times running: there is no harder bot.")
    );
    assert_eq!(at(&[won(Easy)]).advice("gunfighter"), None);
    assert_eq!(next_level(Level::Random), Some(Easy));
    assert_eq!(next_level(Hard), Some(Expert));
    assert_eq!(next_level(Expert), None);
}

#[test]
fn practice_games_count_neither_in_the_tally_nor_in_a_run() {
    // Planted: `counted` keeping practice games: both halves fail.
    use crate::bot_level::Level::{Easy, Normal};
    let practice_loss = game("slapshot", Easy, Lost, true);
    let practice_win = game("slapshot", Easy, Won, true);
    let won = game("slapshot", Easy, Won, false);
    let record = record_of(&[won.clone(), won.clone(), practice_loss, won.clone()]);
    assert_eq!(record.suggestion("slapshot"), Some((Easy, Normal)));
    let record = record_of(&[won.clone(), won, practice_win]);
    assert_eq!(record.suggestion("slapshot"), None);
    let tally = record.tally();
    assert_eq!(
        tally[&("slapshot".to_string(), Some(Easy))],
        Tally {
            won: 2,
            lost: 0,
            drawn: 0,
            practice: 1
        }
    );
    assert_eq!(tally.len(), 1);
}

#[test]
fn a_game_is_recorded_only_with_one_person_at_the_table() {
    // Planted: the person's result taken from seat 0 whoever sits there.
    let f = Finished::new(
        "tabletown",
        "tabletown.ron",
        &[Some(Level::Easy), None, Some(Level::Hard)],
        &[1],
        false,
    )
    .expect("one person");
    assert_eq!(f.result, Won);
    assert_eq!(f.level, Some(Level::Hard), "the hardest bot");
    assert_eq!(
        f.seats,
        [
            SeatEntry {
                who: Who::Bot,
                level: Some(Level::Easy)
            },
            SeatEntry {
                who: Who::Person,
                level: None
            },
            SeatEntry {
                who: Who::Bot,
                level: Some(Level::Hard)
            },
        ]
    );
    let seats = [Some(Level::Normal), None];
    assert_eq!(
        Finished::new("g", "s", &seats, &[0], false).unwrap().result,
        Lost
    );
    assert_eq!(
        Finished::new("g", "s", &seats, &[], false).unwrap().result,
        Drawn
    );
    assert_eq!(
        Finished::new("g", "s", &seats, &[0, 1], false)
            .unwrap()
            .result,
        Won
    );
    assert_eq!(Finished::new("g", "s", &[None, None], &[0], false), None);
    assert_eq!(
        Finished::new(
            "g",
            "s",
            &[Some(Level::Easy), Some(Level::Hard)],
            &[0],
            false
        ),
        None
    );
    assert_eq!(f.date.len(), "2026-11-28T17:05:00Z".len(), "{}", f.date);
}

#[test]
fn a_finished_flick_game_goes_into_the_record_the_window_names_and_nowhere_else() {
    use crate::flick::rules::Outcome;
    use crate::scenario::kinds::Team;
    let dir = scratch("flick");
    let path = dir.join("record.ron");
    let file = RecordFile(Some(path.clone()));
    let scenario = Path::new("scenarios/bank_robbery.ron");
    let seats = [None, Some(Level::Hard)];
    assert_eq!(
        flick_finished(
            &file,
            scenario,
            seats,
            &Outcome::Winner(Team::Lawmen),
            false
        ),
        None
    );
    assert_eq!(
        flick_finished(&file, scenario, seats, &Outcome::Draw, true),
        None
    );
    // Nobody's record: two people, or bots alone; and nowhere in a scripted run.
    flick_finished(&file, scenario, [None, None], &Outcome::Draw, false);
    flick_finished(
        &file,
        scenario,
        [Some(Level::Easy), Some(Level::Hard)],
        &Outcome::Draw,
        false,
    );
    flick_finished(
        &RecordFile(None),
        scenario,
        seats,
        &Outcome::Winner(Team::Outlaws),
        false,
    );
    let (record, problem) = Record::load(&path);
    assert_eq!(problem, None);
    let kept: Vec<(&str, &str, Verdict, bool, Option<Level>)> = record
        .games
        .iter()
        .map(|g| {
            (
                g.game.as_str(),
                g.setup.as_str(),
                g.result,
                g.practice,
                g.level,
            )
        })
        .collect();
    assert_eq!(
        kept,
        [
            ("flick", "bank_robbery.ron", Won, false, Some(Level::Hard)),
            ("flick", "bank_robbery.ron", Drawn, true, Some(Level::Hard)),
        ]
    );
    // A broken record: set aside, said, and the game kept in a new one.
    std::fs::write(&path, "not a record\n").unwrap();
    let problem = flick_finished(
        &file,
        scenario,
        seats,
        &Outcome::Winner(Team::Outlaws),
        false,
    )
    .expect("the broken record said");
    assert!(problem.contains("record-broken-1.ron"), "{problem}");
    let (record, problem) = Record::load(&path);
    assert_eq!(problem, None);
    assert_eq!(record.games.len(), 1);
    assert_eq!(record.games[0].result, Lost);
    assert_eq!(RecordFile::of_run(true), RecordFile(None));
}

#[test]
fn dates_are_utc_iso_8601() {
    // Checked against `date -u -d @SECONDS`. Planted: the century rule
    // dropped from civil_from_days (2100 taken for a leap year): this fails.
    for (secs, date) in [
        (0, "1970-01-01T00:00:00Z"),
        (86_399, "1970-01-01T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (951_868_800, "2000-03-01T00:00:00Z"),
        (1_795_865_999, "2026-11-28T11:39:59Z"),
        (4_107_542_399, "2100-02-28T23:59:59Z"),
    ] {
        assert_eq!(utc_date(secs), date, "{secs}");
    }
}

#[test]
fn every_day_follows_the_one_before_by_the_gregorian_calendar() {
    // The calendar's own rule, independent of civil_from_days: a leap year
    // is divisible by 4, except centuries, except every 400th year.
    let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in = |y: i64, m: u32| -> u32 {
        match m {
            2 if leap(y) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    };
    let mut expected = (1970i64, 1u32, 1u32);
    for day in 0..200_000i64 {
        assert_eq!(civil_from_days(day), expected, "day {day}");
        let (y, m, d) = expected;
        expected = if d < days_in(y, m) {
            (y, m, d + 1)
        } else if m < 12 {
            (y, m + 1, 1)
        } else {
            (y + 1, 1, 1)
        };
    }
}
