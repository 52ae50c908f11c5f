//! 3x3 shape patterns around a candidate move (the hane, cut and edge shapes of MoGo's
//! playouts, Gelly et al. 2006): a table over every 8-neighbour configuration, built once,
//! so that a match is one table look-up. Shared by the heavy playouts and the priors. The
//! board keeps every point's code ([`Board::pattern3_code`]); this module gives it meaning.

use crate::board::{Board, Point, NEIGHBOURS8};
use std::sync::OnceLock;

/// Cell code: empty.
const EMPTY: u16 = 0;
/// Cell code: a black stone.
const BLACK: u16 = 1;
/// Cell code: a white stone.
const WHITE: u16 = 2;
/// Cell code: off the board.
const OFF: u16 = 3;

/// The shapes, each a 3x3 picture (top row first) around the empty centre, matched in all
/// eight orientations and with the colours swapped. `X` and `O` are stones of the two
/// colours, `.` empty, `#` off the board, `?` anything, `x` anything but `X`, `o` anything
/// but `O`.
const SHAPES: &[(&str, &str)] = &[
    ("hane: enclosing", "XOX ... ???"),
    ("hane: not cutting", "XO. ... ?.?"),
    ("hane: magari", "XO? X.. x.?"),
    ("hane: thin", "XOO ... ?.?"),
    ("diagonal attachment", ".O. X.. ..."),
    ("cut: unprotected", "XO? O.o ?o?"),
    ("cut: peeped", "XO? O.X ???"),
    ("cut: de", "?X? O.O ooo"),
    ("cut: keima", "OX? o.O ???"),
    ("edge: chase", "X.? O.? ###"),
    ("edge: block the cut", "OX? X.O ###"),
    ("edge: block the connection", "?X? x.O ###"),
];

/// The 8-neighbour code of the point `p` of `b`: two bits per neighbour in [`NEIGHBOURS8`]
/// order (empty 0, black 1, white 2, off board 3); the board keeps it
/// ([`Board::pattern3_code`]).
#[inline(always)]
pub fn code<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> u16 {
    b.pattern3_code(p)
}

/// Whether a configuration code is one of the shapes (for either colour to move).
#[inline]
pub fn is_match(code: u16) -> bool {
    let t = table();
    t[(code >> 6) as usize] >> (code & 63) & 1 != 0
}

/// Whether the empty point `p` of `b` is the centre of one of the shapes.
#[inline]
pub fn matches<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> bool {
    is_match(code(b, p))
}

/// The match table: one bit per configuration code.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// What a pattern cell accepts, as a bit mask over cell codes.
fn accepts(ch: char, swap: bool) -> u8 {
    let (x, o) = if swap { (WHITE, BLACK) } else { (BLACK, WHITE) };
    let all = 0b1111u8;
    match ch {
        'X' => 1 << x,
        'O' => 1 << o,
        '.' => 1 << EMPTY,
        '#' => 1 << OFF,
        'x' => all & !(1 << x),
        'o' => all & !(1 << o),
        _ => all,
    }
}

/// The cell masks of a 3x3 picture without its centre, in [`NEIGHBOURS8`] order, after the
/// symmetry `sym` (bit 0: mirror x, bit 1: mirror y, bit 2: swap axes).
fn masks(picture: &str, sym: u32, swap: bool) -> [u8; 8] {
    let cells: Vec<char> = picture.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = [0u8; 8];
    for (i, &(dx, dy)) in NEIGHBOURS8.iter().enumerate() {
        // the picture cell that lands on (dx, dy) under the symmetry
        let (mut sx, mut sy) = if sym & 4 != 0 { (dy, dx) } else { (dx, dy) };
        if sym & 1 != 0 {
            sx = -sx;
        }
        if sym & 2 != 0 {
            sy = -sy;
        }
        let row = (1 - sy) as usize;
        let col = (sx + 1) as usize;
        out[i] = accepts(cells.get(row * 3 + col).copied().unwrap_or('?'), swap);
    }
    out
}

/// Marks every code that a set of cell masks accepts, one cell at a time.
fn mark(table: &mut [u64; 1024], m: &[u8; 8], i: usize, code: u16) {
    if i == 8 {
        table[(code >> 6) as usize] |= 1 << (code & 63);
        return;
    }
    for v in 0..4u16 {
        if m[i] >> v & 1 != 0 {
            mark(table, m, i + 1, code | v << (2 * i));
        }
    }
}

fn build() -> Box<[u64; 1024]> {
    let mut t = Box::new([0u64; 1024]);
    for (_, picture) in SHAPES {
        for sym in 0..8 {
            for swap in [false, true] {
                mark(&mut t, &masks(picture, sym, swap), 0, 0);
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board9;

    use crate::board::Color;
    use crate::tactics::testutil::stones9 as board;

    /// The code as the first version computed it from the stones around `p`.
    fn code_reference(b: &Board9, p: Point) -> u16 {
        let mut k = 0u16;
        for (i, q) in b.neighbours8(p).into_iter().enumerate() {
            let v = match b.color_at(q) {
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
                None if b.is_empty_point(q) => EMPTY,
                None => OFF,
            };
            k |= v << (2 * i);
        }
        k
    }

    #[test]
    fn the_kept_code_is_the_one_read_from_the_stones() {
        for b in crate::tactics::testutil::playout_positions9(5, 500) {
            b.check_consistency().unwrap();
            for p in b.points() {
                assert_eq!(code(&b, p), code_reference(&b, p), "{p:?}\n{b}");
            }
        }
    }

    fn pt(s: &str) -> Point {
        crate::tactics::testutil::pt(s, 9)
    }

    #[test]
    fn no_shape_matches_without_a_stone_around() {
        // the priors skip points with no stone in their 3x3 square
        for code in 0..=u16::MAX {
            let stone_free = (0..8).all(|i| matches!((code >> (2 * i)) & 3, EMPTY | OFF));
            if stone_free {
                assert!(!is_match(code), "{code:016b}");
            }
        }
    }

    #[test]
    fn codes_read_the_neighbours() {
        let b = board(&["D6"], &["F4"]);
        // E5: top-left D6 black, bottom-right F4 white, the rest empty
        assert_eq!(code(&b, pt("E5")), BLACK | WHITE << 14);
        // A1: left and bottom off board
        let a1 = code(&b, pt("A1"));
        for i in [0, 3, 5, 6, 7] {
            assert_eq!(a1 >> (2 * i) & 3, OFF, "cell {i}");
        }
    }

    #[test]
    fn hane_and_cut_shapes_match_in_every_orientation_and_colour() {
        // enclosing hane: X O X above the centre E5
        let b = board(&["D6", "F6"], &["E6"]);
        assert!(matches(&b, pt("E5")));
        // turned a quarter and colours swapped: O X O beside the centre
        let b = board(&["F5"], &["F4", "F6"]);
        assert!(matches(&b, pt("E5")));
        // cut: D6 X, E6 O, D5 O, centre E5, F5/E4/F4 not O (empty)
        let b = board(&["D6"], &["E6", "D5"]);
        assert!(matches(&b, pt("E5")));
        // the same cut with White also on E4 and F5 is no shape at all
        let b = board(&["D6"], &["E6", "D5", "E4", "F5"]);
        assert!(!matches(&b, pt("E5")));
    }

    #[test]
    fn empty_and_lone_stones_do_not_match() {
        let b = Board9::new(9).unwrap();
        assert!(!matches(&b, pt("E5")));
        assert!(!matches(&b, pt("A1")));
        let b = board(&["E6"], &[]);
        assert!(!matches(&b, pt("E5")));
    }

    #[test]
    fn edge_shapes_need_the_edge() {
        // edge chase "X.? O.? ###": centre B1 on the first line, O left (A1), X above-left (A2)
        let b = board(&["A2"], &["A1"]);
        assert!(matches(&b, pt("B1")));
        // without the O stone it is no shape
        let b = board(&["A2"], &[]);
        assert!(!matches(&b, pt("B1")));
    }

    #[test]
    fn the_table_is_colour_symmetric() {
        for c in 0..=u16::MAX {
            let mut s = 0u16;
            for i in 0..8 {
                let v = c >> (2 * i) & 3;
                let w = match v {
                    BLACK => WHITE,
                    WHITE => BLACK,
                    x => x,
                };
                s |= w << (2 * i);
            }
            assert_eq!(is_match(c), is_match(s), "{c:016b}");
        }
        let n = (0..=u16::MAX).filter(|&c| is_match(c)).count();
        assert!(n > 100 && n < 20_000, "{n} codes match");
    }
}
