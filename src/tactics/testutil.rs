//! Test helpers: boards of any width from ASCII diagrams, vertices from text.

use crate::board::{Board, Point, Vertex};
use crate::rules::parse_diagram;

/// A board drawn in ASCII (see [`parse_diagram`]); panics on a bad diagram (tests only).
pub fn board<const W: usize, const P: usize>(diagram: &str) -> Board<W, P> {
    let (size, black, white) = parse_diagram(diagram).expect("diagram");
    let b = Board::from_stones(size, &black, &white).expect("board");
    b.check_consistency().expect("consistent");
    b
}

/// The point of GTP vertex `v` on a `size` board (panics on bad input: tests only).
pub fn pt(v: &str, size: usize) -> Point {
    v.parse::<Vertex>()
        .ok()
        .and_then(|v| v.to_point(size))
        .unwrap_or_else(|| panic!("bad vertex {v}"))
}

/// A 9x9 board whose lower-left corner is drawn in `rows` (top row first, as in a
/// diagram); the rest of the board is empty.
pub fn corner9(rows: &[&str]) -> crate::board::Board9 {
    let mut text = String::new();
    let h = rows.len();
    for r in 0..9 {
        let mut cells: Vec<String> = vec![];
        if r >= 9 - h {
            cells.extend(rows[r - (9 - h)].split_whitespace().map(str::to_string));
        }
        while cells.len() < 9 {
            cells.push(".".into());
        }
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    board(&text)
}

/// A 9x9 board with Black and White stones on the given GTP vertices (tests only).
pub fn stones9(black: &[&str], white: &[&str]) -> crate::board::Board9 {
    let b: Vec<Point> = black.iter().map(|v| pt(v, 9)).collect();
    let w: Vec<Point> = white.iter().map(|v| pt(v, 9)).collect();
    crate::board::Board9::from_stones(9, &b, &w).expect("board")
}

/// Positions met in playouts: light random playouts on 9x9 from the empty board, each
/// stopped after a random number of moves (5 to 120), `n` of them from `seed`. A speed
/// change to a tactical query is checked against its plain reference on these.
pub fn playout_positions9(seed: u64, n: usize) -> Vec<crate::board::Board9> {
    playout_positions(9, seed, n)
}

/// As [`playout_positions9`] on a board of `size`: each playout stops after 5 to
/// `120 * size² / 81` moves.
pub fn playout_positions<const W: usize, const P: usize>(
    size: usize,
    seed: u64,
    n: usize,
) -> Vec<crate::board::Board<W, P>> {
    use crate::board::{Board, Color};
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut b = Board::<W, P>::new(size).expect("size");
        let stop = rng.random_range(5..(120 * size * size / 81).max(6));
        let mut c = Color::Black;
        for _ in 0..stop {
            match b.random_move(c, |k| rng.random_range(0..k)) {
                Some(p) => {
                    b.play_unchecked(c, p);
                }
                None => b.pass(),
            }
            c = c.opponent();
        }
        out.push(b);
    }
    out
}
