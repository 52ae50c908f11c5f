//! The 8 symmetries of the square board and the position key that is the same under all of
//! them: the smallest of the 8 Zobrist hashes of the transformed stones, the side to move
//! folded in. The symmetries that reach that smallest hash say how a move is turned into
//! the canonical orientation and back.

use crate::board::zobrist::{STONE_KEYS, WHITE_TO_MOVE};
use crate::board::{Color, Point};

/// How many symmetries the square has (identity included).
pub const COUNT: usize = 8;

/// Column and row (0-based) of `(x, y)` under symmetry `s` on a `size` board: bit 2
/// transposes, then bit 0 mirrors the columns and bit 1 the rows. Symmetry 0 is the
/// identity.
#[inline]
pub fn apply(s: usize, x: usize, y: usize, size: usize) -> (usize, usize) {
    let (mut x, mut y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    if s & 1 != 0 {
        x = size - 1 - x;
    }
    if s & 2 != 0 {
        y = size - 1 - y;
    }
    (x, y)
}

/// The inverse of [`apply`]: `invert(s, apply(s, x, y)) == (x, y)`.
#[inline]
pub fn invert(s: usize, x: usize, y: usize, size: usize) -> (usize, usize) {
    let (mut x, mut y) = (x, y);
    if s & 1 != 0 {
        x = size - 1 - x;
    }
    if s & 2 != 0 {
        y = size - 1 - y;
    }
    if s & 4 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

/// A position in its canonical orientation: the key, and the symmetries (as a bit mask,
/// bit `s` for symmetry `s`) that turn the position into it. More than one bit is set
/// when the position is symmetric (the empty board: all 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The key: the same for a position and each of its transforms.
    pub key: u64,
    /// The symmetries that map the position onto its canonical orientation.
    pub syms: u8,
    /// The board size.
    pub size: usize,
}

/// The stones of a board as (colour, column, row), scanning `color_at` over a `size` board.
pub fn stones(size: usize, color_at: impl Fn(Point) -> Option<Color>) -> Vec<(Color, u8, u8)> {
    let mut out = Vec::new();
    for y in 0..size {
        for x in 0..size {
            if let Some(c) = color_at(Point::new(x, y, size)) {
                out.push((c, x as u8, y as u8));
            }
        }
    }
    out
}

impl Canonical {
    /// The canonical form of the position made of `stones` on a `size` board (at most 25)
    /// with `to_move` to play.
    pub fn of(size: usize, stones: &[(Color, u8, u8)], to_move: Color) -> Canonical {
        let side = if to_move == Color::White {
            WHITE_TO_MOVE
        } else {
            0
        };
        let mut hashes = [side; COUNT];
        for &(c, x, y) in stones {
            let keys = &STONE_KEYS[c.index()];
            for (s, h) in hashes.iter_mut().enumerate() {
                let (tx, ty) = apply(s, x as usize, y as usize, size);
                *h ^= keys[Point::new(tx, ty, size).idx()];
            }
        }
        let key = hashes.iter().copied().min().unwrap_or(side);
        let syms = hashes
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h == key)
            .fold(0u8, |m, (s, _)| m | 1 << s);
        Canonical { key, syms, size }
    }

    /// The symmetries of [`Canonical::syms`], in order.
    fn each(&self) -> impl Iterator<Item = usize> + '_ {
        (0..COUNT).filter(move |s| self.syms & (1 << s) != 0)
    }

    /// The canonical index (`y * size + x` in the canonical orientation) of the move at
    /// `(x, y)`: the smallest over the symmetries that reach the key, so that moves that
    /// are the same in a symmetric position get the same index.
    pub fn reply_index(&self, x: usize, y: usize) -> u16 {
        self.each()
            .map(|s| {
                let (tx, ty) = apply(s, x, y, self.size);
                (ty * self.size + tx) as u16
            })
            .min()
            .unwrap_or(0)
    }

    /// The points of the position (in its own orientation) that the canonical index
    /// `index` stands for: one point, or several equivalent ones in a symmetric position;
    /// none when the index is off the board.
    pub fn points(&self, index: u16) -> Vec<Point> {
        let n = self.size;
        let index = index as usize;
        if index >= n * n {
            return vec![];
        }
        let (cx, cy) = (index % n, index / n);
        let mut out: Vec<Point> = self
            .each()
            .map(|s| {
                let (x, y) = invert(s, cx, cy, n);
                Point::new(x, y, n)
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_is_inverted() {
        for s in 0..COUNT {
            for (x, y) in [(0, 0), (3, 15), (18, 2), (9, 9), (5, 5)] {
                let (tx, ty) = apply(s, x, y, 19);
                assert_eq!(invert(s, tx, ty, 19), (x, y), "symmetry {s}");
            }
        }
        // the 8 images of a point off every axis are distinct
        let mut all: Vec<_> = (0..COUNT).map(|s| apply(s, 2, 5, 19)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), COUNT);
    }

    fn transformed(s: usize, stones: &[(Color, u8, u8)]) -> Vec<(Color, u8, u8)> {
        stones
            .iter()
            .map(|&(c, x, y)| {
                let (x, y) = apply(s, x as usize, y as usize, 19);
                (c, x as u8, y as u8)
            })
            .collect()
    }

    #[test]
    fn key_and_replies_agree_under_every_symmetry() {
        // an asymmetric opening: Q16, D4, R4 (black), then white to move
        let stones = [
            (Color::Black, 15, 15),
            (Color::White, 3, 3),
            (Color::Black, 16, 3),
        ];
        let base = Canonical::of(19, &stones, Color::White);
        assert_eq!(base.syms.count_ones(), 1);
        let reply = (2usize, 15usize); // C16
        let index = base.reply_index(reply.0, reply.1);
        for s in 0..COUNT {
            let t = Canonical::of(19, &transformed(s, &stones), Color::White);
            assert_eq!(t.key, base.key, "symmetry {s}");
            let (rx, ry) = apply(s, reply.0, reply.1, 19);
            assert_eq!(t.reply_index(rx, ry), index, "symmetry {s}");
            assert_eq!(
                t.points(index),
                vec![Point::new(rx, ry, 19)],
                "symmetry {s}"
            );
        }
        // the side to move is part of the key
        assert_ne!(Canonical::of(19, &stones, Color::Black).key, base.key);
        // another position has another key
        let other = [(Color::Black, 15, 15), (Color::White, 3, 3)];
        assert_ne!(Canonical::of(19, &other, Color::White).key, base.key);
    }

    #[test]
    fn symmetric_positions_merge_equivalent_replies() {
        let empty = Canonical::of(19, &[], Color::Black);
        assert_eq!(empty.syms, 0xff);
        // the eight 3-4 points are one reply, the four 4-4 points another
        let r34 = empty.reply_index(2, 3);
        for s in 0..COUNT {
            let (x, y) = apply(s, 2, 3, 19);
            assert_eq!(empty.reply_index(x, y), r34);
        }
        assert_eq!(empty.points(r34).len(), 8);
        let r44 = empty.reply_index(15, 15);
        assert_ne!(r44, r34);
        let mut four = empty.points(r44);
        four.sort();
        let mut want: Vec<Point> = [(3, 3), (3, 15), (15, 3), (15, 15)]
            .iter()
            .map(|&(x, y)| Point::new(x, y, 19))
            .collect();
        want.sort();
        assert_eq!(four, want);
        assert_eq!(empty.points(9 * 19 + 9), vec![Point::new(9, 9, 19)]);
        assert!(empty.points(19 * 19).is_empty());
        // one stone on the diagonal: two symmetries keep it
        let diag = Canonical::of(19, &[(Color::Black, 3, 3)], Color::White);
        assert_eq!(diag.syms.count_ones(), 2);
        let a = diag.reply_index(2, 5);
        assert_eq!(diag.reply_index(5, 2), a);
        assert_eq!(diag.points(a).len(), 2);
    }
}
