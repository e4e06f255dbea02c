//! Where a town's pieces stand, entry by entry: what a move or a turn in
//! the editor changes, and how to tell a town changed only so from one
//! changed in any other way (a piece added, a field, the game).

use super::town::{PieceList, PieceRef, Town};

/// A piece's place on the table (cm) and its facing (degrees; a disc's is 0).
pub type Placement = ((f32, f32), f32);

impl Town {
    /// Where an entry of the town stands; none for an entry it lacks.
    pub fn placement(&self, piece: PieceRef) -> Option<Placement> {
        let i = piece.index;
        match piece.list {
            PieceList::Buildings => self.buildings.get(i).map(|b| (b.at_cm, b.facing_deg)),
            PieceList::Gallows => self.gallows.get(i).map(|g| (g.at_cm, g.facing_deg)),
            PieceList::Props => self.props.get(i).map(|p| (p.at_cm, p.facing_deg)),
            PieceList::Figures => self.figures.get(i).map(|f| (f.at_cm, f.facing_deg)),
            PieceList::Discs => self.discs.get(i).map(|d| (*d, 0.0)),
        }
    }

    /// Puts an entry at `placement` (a disc keeps facing 0); nothing for an
    /// entry the town lacks.
    fn set_placement(&mut self, piece: PieceRef, (at, facing): Placement) {
        let i = piece.index;
        let (at_cm, facing_deg) = match piece.list {
            PieceList::Buildings => match self.buildings.get_mut(i) {
                Some(b) => (&mut b.at_cm, &mut b.facing_deg),
                None => return,
            },
            PieceList::Gallows => match self.gallows.get_mut(i) {
                Some(g) => (&mut g.at_cm, &mut g.facing_deg),
                None => return,
            },
            PieceList::Props => match self.props.get_mut(i) {
                Some(p) => (&mut p.at_cm, &mut p.facing_deg),
                None => return,
            },
            PieceList::Figures => match self.figures.get_mut(i) {
                Some(f) => (&mut f.at_cm, &mut f.facing_deg),
                None => return,
            },
            PieceList::Discs => {
                if let Some(d) = self.discs.get_mut(i) {
                    *d = at;
                }
                return;
            }
        };
        *at_cm = at;
        *facing_deg = facing;
    }

    /// Every entry of the town, list by list.
    pub fn entries(&self) -> impl Iterator<Item = PieceRef> + '_ {
        PieceList::ALL.into_iter().flat_map(move |list| {
            (0..self.list_len(list)).map(move |index| PieceRef { list, index })
        })
    }

    /// The entries `other` puts elsewhere (moved or turned), when that is
    /// all that differs between the two towns; `None` when anything else
    /// does (an entry added or taken away, a field, the game).
    pub fn moved_in(&self, other: &Town) -> Option<Vec<PieceRef>> {
        if PieceList::ALL
            .iter()
            .any(|l| self.list_len(*l) != other.list_len(*l))
        {
            return None;
        }
        let mut aligned = other.clone();
        let mut moved = Vec::new();
        for piece in self.entries() {
            let here = self.placement(piece)?;
            if other.placement(piece)? != here {
                moved.push(piece);
                aligned.set_placement(piece, here);
            }
        }
        (aligned == *self).then_some(moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::PhysicsProfile;

    fn town() -> Town {
        let profile = PhysicsProfile::load_default().expect("the shipped profile");
        Town::load(&crate::scenario::default_town_path(), &profile).expect("the standard town")
    }

    #[test]
    fn a_town_with_pieces_moved_and_turned_says_which_and_nothing_else() {
        let before = town();
        assert_eq!(before.moved_in(&before), Some(vec![]));
        let mut after = before.clone();
        after.figures[1].at_cm.0 += 3.0;
        after.buildings[0].facing_deg += 15.0;
        let moved = before.moved_in(&after).expect("only placements differ");
        assert_eq!(
            moved,
            [
                PieceRef {
                    list: PieceList::Buildings,
                    index: 0
                },
                PieceRef {
                    list: PieceList::Figures,
                    index: 1
                }
            ]
        );
        // Anything else is not a move.
        let mut renamed = after.clone();
        renamed.figures[1].name = Some("Somebody Else".into());
        assert_eq!(before.moved_in(&renamed), None);
        let mut fewer = after.clone();
        fewer.figures.pop();
        assert_eq!(before.moved_in(&fewer), None);
    }
}
