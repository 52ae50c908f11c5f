//! The tactical points of a position for the side to move, found chain by chain: the
//! captures, the saving moves, the escapes a ladder catches and the ataris that capture in
//! a ladder. The search's priors and the policy network's input planes both read them.

use super::{atari_liberty, escape_moves, ladder_works, libs_after, PointList};
use crate::board::{Bitset, Board, Color, Point};

/// The tactical points of a position for the side to move, found chain by chain.
pub struct Tactical<const W: usize> {
    /// The side to move.
    pub c: Color,
    /// Liberties of enemy chains in atari.
    pub capture: Bitset<W>,
    /// Moves that save an own chain in atari (counter-captures, working escapes).
    pub save: Bitset<W>,
    /// Extensions of own chains in atari that a ladder catches.
    pub caught: Bitset<W>,
    /// Ataris on two-liberty enemy chains that capture them in a ladder.
    pub ladder: Bitset<W>,
}

impl<const W: usize> Tactical<W> {
    /// The tactical points of `b` for `c` to move.
    pub fn of<const P: usize>(b: &Board<W, P>, c: Color) -> Self {
        let mut t = Tactical {
            c,
            capture: Bitset::EMPTY,
            save: Bitset::EMPTY,
            caught: Bitset::EMPTY,
            ladder: Bitset::EMPTY,
        };
        let mut heads = Bitset::<W>::EMPTY;
        let stones = b.stones(Color::Black).or(b.stones(Color::White));
        let mut list = PointList::new();
        let mut scratch: Option<Board<W, P>> = None;
        for i in stones.iter() {
            let q = Point(i as u16);
            let h = b.chain_head(q);
            if !heads.insert(h.idx()) {
                continue;
            }
            let libs = b.lib_count(q);
            let own = b.color_at(q) == Some(c);
            match (own, libs) {
                (false, 1) => {
                    if let Some(l) = atari_liberty(b, q) {
                        t.capture.insert(l.idx());
                    }
                }
                (true, 1) => {
                    list.clear();
                    // the ladder is read on a copy, made once (each read leaves it as it was)
                    let s = scratch.get_or_insert(*b);
                    escape_moves(s, q, &mut list);
                    for &m in list.as_slice() {
                        t.save.insert(m.idx());
                    }
                    if let Some(l) = atari_liberty(b, q) {
                        if !list.contains(l) {
                            t.caught.insert(l.idx());
                        }
                    }
                }
                (false, 2) => {
                    for l in b.chain_libs(q).iter() {
                        let lp = Point(l as u16);
                        if ladder_works(b, c, q, lp) {
                            t.ladder.insert(l);
                        }
                    }
                }
                _ => {}
            }
        }
        t
    }

    /// Stones captured by playing `p` (enemy chains in atari next to it).
    pub fn capture_size<const P: usize>(&self, b: &Board<W, P>, p: Point) -> usize {
        libs_after(b, self.c, p).captured as usize
    }

    /// Own stones in atari next to `p`.
    pub fn save_size<const P: usize>(&self, b: &Board<W, P>, p: Point) -> usize {
        b.neighbors(p)
            .filter(|&q| b.color_at(q) == Some(self.c) && b.lib_count(q) == 1)
            .map(|q| b.chain_len(q))
            .max()
            .unwrap_or(0)
    }
}
