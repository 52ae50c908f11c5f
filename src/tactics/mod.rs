//! Local reading on the board (Pachi's `tactics/`): atari and capture, what a move leaves
//! (self-atari), ladders, nakade vital points and simple seki.
//!
//! Every query here is pure and allocation-free: it reads a `&Board<W, P>` and, where
//! reading must play moves (ladders), works on a few stack copies of it. Playout
//! policies, priors and status share these functions.
//!
//! - [`atari`]: the liberty of a chain in atari, moves that save or capture it.
//! - [`selfatari`]: liberties after a move, self-atari and when it is a mistake.
//! - [`ladder`]: ladder reading, and whether a chain in atari is caught.
//! - [`nakade`]: the vital point of a small enclosed eye space.
//! - [`seki`]: moves that throw away a simple seki.
//! - [`twolib`]: capture races of short chains: two-liberty ataris and counter-ataris,
//!   approach moves, the defence of three- and four-liberty chains, eye fixing.

pub mod atari;
pub mod ladder;
pub mod nakade;
pub mod points;
pub mod seki;
pub mod selfatari;
pub mod twolib;

#[cfg(test)]
pub(crate) mod testutil;

pub use atari::{atari_liberty, capture_moves, escape_moves};
pub use ladder::{escape_is_caught, ladder_works};
pub use nakade::nakade_point;
pub use points::Tactical;
pub use seki::breaks_seki;
pub use selfatari::{
    is_bad_self_atari, is_self_atari, is_three_lib_suicide, libs_after, self_atari_other_lib,
    LibsAfter,
};

use crate::board::Point;

/// How many points a [`PointList`] holds.
pub const POINT_LIST_CAP: usize = 16;

/// A small fixed-capacity list of points (no heap); `push` beyond capacity is ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointList {
    pts: [Point; POINT_LIST_CAP],
    len: u8,
}

impl Default for PointList {
    fn default() -> Self {
        Self::new()
    }
}

impl PointList {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        PointList {
            pts: [Point(0); POINT_LIST_CAP],
            len: 0,
        }
    }

    /// Appends `p`; does nothing when the list is full.
    #[inline]
    pub fn push(&mut self, p: Point) {
        if (self.len as usize) < POINT_LIST_CAP {
            self.pts[self.len as usize] = p;
            self.len += 1;
        }
    }

    /// Appends `p` unless it is already in the list.
    #[inline]
    pub fn push_unique(&mut self, p: Point) {
        if !self.contains(p) {
            self.push(p);
        }
    }

    /// The number of points held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `p` is in the list.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    /// The points, in the order they were pushed.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.pts[..self.len as usize]
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_list_caps_and_dedups() {
        let mut l = PointList::new();
        assert!(l.is_empty());
        for i in 0..20 {
            l.push(Point(i));
        }
        assert_eq!(l.len(), POINT_LIST_CAP);
        assert!(l.contains(Point(15)) && !l.contains(Point(16)));
        l.clear();
        l.push_unique(Point(3));
        l.push_unique(Point(3));
        assert_eq!(l.as_slice(), &[Point(3)]);
    }
}
