//! The other side's reply as the levels that think further weigh it
//! (`src/ai/reply.rs`): a cowboy the next player of the other side can reach
//! with a move and then shoot is threatened; one beyond any move's reach,
//! or near only cowboys whose hats do not let them play next, is not.

use highnoon::ai::eval::{positions, shot_value};
use highnoon::ai::reply::{next_to_play, reply_threat};
use highnoon::flick::referee::Referee;
use highnoon::scenario::kinds::{HatSide, Team};
use highnoon::scenario::{PhysicsProfile, Town, data_root};

fn profile() -> PhysicsProfile {
    PhysicsProfile::load_default().unwrap()
}

/// The Final Showdown's town with nothing in the street: lawmen on the
/// west side and outlaws on the east, 70 to 93 cm apart (out of any shot
/// from where they stand, a move's slide from one).
fn open_street() -> Town {
    let path = data_root().join("tests/data/towns/final_showdown.ron");
    let mut town = Town::load(&path, &profile()).unwrap();
    town.props.clear();
    town
}

fn referee(town: &Town) -> Referee {
    Referee::new(profile(), town, 1).unwrap()
}

/// No shot anyone could take without moving.
fn nobody_in_sight(referee: &Referee) -> bool {
    let pos = positions(referee);
    (0..referee.game.cowboys.len()).all(|c| shot_value(referee, &pos, c) == 0.0)
}

fn lawmen(town: &mut Town) -> impl Iterator<Item = &mut highnoon::scenario::town::FigureSpec> {
    town.figures.iter_mut().filter(|f| f.team == Team::Lawmen)
}

#[test]
fn a_cowboy_a_move_and_a_shot_away_is_threatened() {
    let town = open_street();
    let referee = referee(&town);
    assert!(nobody_in_sight(&referee));
    let threat = reply_threat(&referee, Team::Outlaws);
    assert!(
        threat > 1.0,
        "the outlaws are a move from the law's pistols: {threat}"
    );
    let threat = reply_threat(&referee, Team::Lawmen);
    assert!(threat > 1.0, "and the lawmen from the outlaws': {threat}");
}

#[test]
fn a_cowboy_beyond_a_moves_reach_is_not_threatened() {
    let mut town = open_street();
    // 130 cm apart: a half-metre move leaves 80 cm, past any shot.
    for f in town.figures.iter_mut() {
        match f.team {
            Team::Lawmen => f.at_cm.0 = -65.0,
            Team::Outlaws => f.at_cm.0 = 65.0,
            Team::Neutral => {}
        }
    }
    let referee = referee(&town);
    assert!(nobody_in_sight(&referee));
    assert_eq!(reply_threat(&referee, Team::Outlaws), 0.0);
    assert_eq!(reply_threat(&referee, Team::Lawmen), 0.0);
}

#[test]
fn only_the_cowboys_whose_hats_let_them_play_next_threaten() {
    // One lawman's hat shows the hour's red, far back (a metre from the
    // nearest outlaw); the rest stand a move from the outlaws.
    let with_hats = |near: HatSide| {
        let mut town = open_street();
        for (i, f) in lawmen(&mut town).enumerate() {
            if i == 0 {
                f.at_cm = (-65.0, -10.0);
                f.hat_side = HatSide::Red;
            } else {
                f.hat_side = near;
            }
        }
        referee(&town)
    };
    // Blue, they cannot play before the clock moves on: only Wyatt may.
    let blue = with_hats(HatSide::Blue);
    let names = |r: &Referee| {
        next_to_play(r, Team::Lawmen)
            .iter()
            .map(|&c| r.game.cowboys[c].name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&blue), ["Wyatt"]);
    assert!(nobody_in_sight(&blue));
    // Red, any of them may.
    let red = with_hats(HatSide::Red);
    assert_eq!(names(&red).len(), 5);
    let (far, near) = (
        reply_threat(&blue, Team::Outlaws),
        reply_threat(&red, Team::Outlaws),
    );
    assert!(
        near > 1.0 && far < 0.5 * near,
        "Wyatt alone, far back: {far}; any lawman: {near}"
    );
    // With no red hat left among them, the next hour's blue hats play next.
    let mut town = open_street();
    for f in lawmen(&mut town) {
        f.hat_side = HatSide::Blue;
    }
    let all_blue = referee(&town);
    assert_eq!(names(&all_blue).len(), 5);
    assert!(reply_threat(&all_blue, Team::Outlaws) > 1.0);
    // At 11 o'clock (a blue hour) with every lawman's hat red and every
    // outlaw's blue, the outlaws play and the clock strikes noon before any
    // lawman plays again.
    let mut town = open_street();
    town.game.as_mut().unwrap().start_hour = 11;
    for f in town.figures.iter_mut() {
        f.hat_side = match f.team {
            Team::Outlaws => HatSide::Blue,
            _ => HatSide::Red,
        };
    }
    let eleven = referee(&town);
    assert_eq!(eleven.game.current_team(), Some(Team::Outlaws));
    assert!(names(&eleven).is_empty());
    assert_eq!(reply_threat(&eleven, Team::Outlaws), 0.0);
}

/// Hard and expert weigh the reply in every position they score; easy and
/// normal do not (they plan as before the reply was weighed).
#[test]
fn the_levels_that_think_further_weigh_the_reply() {
    use highnoon::ai::levels::BotLevels;
    use highnoon::ai::plan::{value, value_for};
    use highnoon::bot_level::Level;
    let levels = BotLevels::load_default().unwrap();
    let referee = referee(&open_street());
    let threat = reply_threat(&referee, Team::Outlaws);
    assert!(threat > 1.0);
    let plain = value(&referee, Team::Outlaws);
    for (level, weighs) in [
        (Level::Easy, false),
        (Level::Normal, false),
        (Level::Hard, true),
        (Level::Expert, true),
    ] {
        let spec = levels.get(level).unwrap();
        assert_eq!(spec.replies, weighs, "{level:?}");
        let expected = if weighs { plain - threat } else { plain };
        assert_eq!(
            value_for(&referee, Team::Outlaws, spec),
            expected,
            "{level:?}"
        );
    }
}
