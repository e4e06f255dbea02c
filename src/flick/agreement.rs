//! Whether the table shows what the rules say: every dead cowboy gone, every
//! fallen one lying, every standing one standing on the table, every seated
//! one on a support block of its building that no one else sits on; and the
//! game never waiting with no legal action. The property tests check it after
//! every step of random and bot play; the window can log it.

use bevy::math::Vec2;

use super::referee::Referee;
use super::rules::Phase;
use crate::physics::table::tilt_deg;

impl Referee {
    /// Every way the table and the rules disagree now, in words; empty when they agree.
    pub fn disagreements(&self) -> Vec<String> {
        let mut out = Vec::new();
        let limit = self.table.profile().knocked_over_tilt_deg;
        let (w, d) = self.table.profile().table.size;
        for (c, cowboy) in self.game.cowboys.iter().enumerate() {
            let figure = self.figures[c];
            let name = &cowboy.name;
            let in_play = self.table.in_play(figure);
            let (t, r) = self.table.pose(figure);
            let tilt = tilt_deg(r);
            if !cowboy.alive() {
                if in_play {
                    out.push(format!("{name} is dead but his figure is on the table"));
                }
                continue;
            }
            if !in_play {
                out.push(format!("{name} is alive but his figure is off the table"));
                continue;
            }
            if let Some(b) = cowboy.inside {
                match self.block_of(c, b) {
                    None => out.push(format!(
                        "{name} is inside the {} but not seated on its support block \
                         (figure at {t:.3}, tilted {tilt:.0}°)",
                        b.title()
                    )),
                    Some(side) => {
                        let shared = self.game.cowboys.iter().enumerate().any(|(o, other)| {
                            o != c
                                && other.alive()
                                && other.inside == Some(b)
                                && self.block_of(o, b) == Some(side)
                        });
                        if shared {
                            out.push(format!(
                                "{name} shares a support block of the {}",
                                b.title()
                            ));
                        }
                    }
                }
                continue;
            }
            let on_table = Vec2::new(t.x, t.z).abs().cmple(Vec2::new(w, d) / 2.0).all();
            if !on_table {
                out.push(format!(
                    "{name}'s figure stands off the table top at {t:.3}"
                ));
            }
            if cowboy.fallen && tilt < limit {
                out.push(format!(
                    "{name} is fallen but his figure stands (tilted {tilt:.0}°)"
                ));
            }
            if !cowboy.fallen && (tilt >= limit || t.y.abs() > 0.005) {
                out.push(format!(
                    "{name} is standing but his figure lies or floats \
                     (tilted {tilt:.0}°, base at {:.3} m)",
                    t.y
                ));
            }
        }
        let waits_for_intent = matches!(
            self.game.phase,
            Phase::Choose { .. } | Phase::Acting { .. } | Phase::AwaitKeep { .. }
        );
        if waits_for_intent && self.game.legal_intents().is_empty() {
            out.push(format!(
                "the game waits ({:?}) with no legal action",
                self.game.phase
            ));
        }
        out
    }
}
