//! 3x3 shapes with atari bits: what the learned playout policy reads and its training fits.
//!
//! Read by `crate::search::playout::learned`, fitted by `crate::learn`: the 20-bit shape
//! index of an empty point (its 3x3 code, [`Board::pattern3_code`], and the atari status of
//! the four orthogonal neighbours), its symmetries and colour swap, whether its centre is
//! playable, and the distance class to the last two moves.

use crate::board::{Board, Point, NEIGHBOURS8};

/// Shape indices: the 16-bit 3x3 code of [`super::pattern3::code`] (Black's view) and 4 atari
/// bits above it.
pub const SHAPES: usize = 1 << 20;
/// Distance classes: 0 far, 1 next to the last move, 2 diagonal to it, 3 around the move
/// before it.
pub const DISTANCES: usize = 4;
/// Cells of the orthogonal neighbours in [`NEIGHBOURS8`] order; bit `i` of the atari nibble
/// belongs to cell `ORTH[i]`.
pub const ORTH: [usize; 4] = [1, 3, 4, 6];
/// Cell offsets in code order.
const CELLS: [(i32, i32); 8] = NEIGHBOURS8;
const EMPTY: u32 = 0;
const BLACK: u32 = 1;
const WHITE: u32 = 2;
const OFF: u32 = 3;

/// The shape index of the empty point `p` for Black to move (see [`Board::shape_code`]).
#[inline(always)]
pub fn shape_index<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> u32 {
    b.shape_code(p)
}

/// The same shape seen by the other colour (stones' colours swapped).
#[inline(always)]
pub fn swap_colours(idx: u32) -> u32 {
    let k = idx & 0xffff;
    let s = ((k & 0x5555) << 1) | ((k >> 1) & 0x5555);
    (idx & !0xffff) | s
}

fn cell(idx: u32, i: usize) -> u32 {
    idx >> (2 * i) & 3
}

fn atari_at(idx: u32, orth: usize) -> bool {
    idx >> (16 + orth) & 1 != 0
}

/// Whether Black may play the centre of the shape `idx` in a playout: legal (an empty
/// neighbour, a capture, or an own neighbour chain with another liberty; ko apart) and not
/// Black's own eye (the board's playout eye rule).
pub fn playable(idx: u32) -> bool {
    let mut legal = false;
    let mut own_or_off = 0;
    for (o, &c) in ORTH.iter().enumerate() {
        let v = cell(idx, c);
        let atari = atari_at(idx, o);
        legal |= v == EMPTY || (v == WHITE && atari) || (v == BLACK && !atari);
        own_or_off += (v == BLACK || v == OFF) as u32;
    }
    if !legal {
        return false;
    }
    if own_or_off < 4 {
        return true;
    }
    let mut bad = 0;
    let mut edge = 0;
    for c in [0, 2, 5, 7] {
        let v = cell(idx, c);
        bad += (v == WHITE) as u32;
        edge |= (v == OFF) as u32;
    }
    bad + edge >= 2
}

/// The shape `idx` under the symmetry `sym` of the square (bit 0: mirror x, bit 1: mirror
/// y, bit 2: swap axes).
pub fn transform(idx: u32, sym: u32) -> u32 {
    let at = |(dx, dy): (i32, i32)| {
        let (mut x, mut y) = if sym & 4 != 0 { (dy, dx) } else { (dx, dy) };
        if sym & 1 != 0 {
            x = -x;
        }
        if sym & 2 != 0 {
            y = -y;
        }
        CELLS.iter().position(|&c| c == (x, y)).unwrap_or(0)
    };
    let mut out = 0u32;
    for (i, &d) in CELLS.iter().enumerate() {
        out |= cell(idx, i) << (2 * at(d));
    }
    for (o, &c) in ORTH.iter().enumerate() {
        if atari_at(idx, o) {
            let to = at(CELLS[c]);
            let bit = ORTH.iter().position(|&x| x == to).unwrap_or(0);
            out |= 1 << (16 + bit);
        }
    }
    out
}

/// The least index among the shape's eight symmetric forms: one key per shape class.
pub fn canonical(idx: u32) -> u32 {
    (0..8).map(|s| transform(idx, s)).min().unwrap_or(idx)
}

/// The distance class of `p` to the last two moves (`last[0]` the most recent).
#[inline]
pub fn distance_class(stride: usize, p: Point, last: &[Option<Point>; 2]) -> usize {
    let near = |l: Option<Point>| -> Option<(i32, i32)> {
        let l = l?;
        let (s, a, b) = (stride as i32, p.0 as i32, l.0 as i32);
        let d = a - b;
        // the padded index keeps rows apart: one row up is +stride
        let dy = (d + s + 1).div_euclid(s) - 1;
        let dx = d - dy * s;
        (dx.abs() <= 1 && dy.abs() <= 1 && d != 0).then_some((dx, dy))
    };
    if let Some((dx, dy)) = near(last[0]) {
        return if dx == 0 || dy == 0 { 1 } else { 2 };
    }
    if near(last[1]).is_some() {
        return 3;
    }
    0
}
