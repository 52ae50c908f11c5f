//! Atari: the liberty of a chain in atari, the moves that save it and the moves that capture.

use super::ladder::extension_caught;
use super::PointList;
use crate::board::{Board, Color, Point};

/// The only liberty of the chain through the stone `p`, when it has exactly one.
#[inline]
pub fn atari_liberty<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> Option<Point> {
    if b.color_at(p).is_some() && b.lib_count(p) == 1 {
        b.chain_libs(p).points().next()
    } else {
        None
    }
}

/// Capture candidates gathered before sorting: chain size and its liberty.
struct Captures {
    items: [(u16, Point); 16],
    heads: [Point; 16],
    n: usize,
}

impl Captures {
    fn new() -> Self {
        Captures {
            items: [(0, Point(0)); 16],
            heads: [Point(0); 16],
            n: 0,
        }
    }

    /// Adds the chain through the stone `q` of the colour `c` captures, if it is in atari,
    /// not seen yet and its capture is legal for `c`.
    fn consider<const W: usize, const P: usize>(&mut self, b: &Board<W, P>, c: Color, q: Point) {
        if b.lib_count(q) != 1 || self.n == self.items.len() {
            return;
        }
        let h = b.chain_head(q);
        if self.heads[..self.n].contains(&h) {
            return;
        }
        let Some(lib) = b.chain_libs(q).points().next() else {
            return;
        };
        if b.is_legal_fast(c, lib) {
            self.heads[self.n] = h;
            self.items[self.n] = (b.chain_len(q) as u16, lib);
            self.n += 1;
        }
    }

    /// Appends the liberties to `out`, largest chain first, each point once.
    fn emit(&mut self, out: &mut PointList) {
        let items = &mut self.items[..self.n];
        items.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for &(_, lib) in items.iter() {
            out.push_unique(lib);
        }
    }
}

/// Moves by the owner of the chain at `p` (which must be in atari) that save it, best
/// first: captures of adjacent enemy chains in atari (largest first), then the extension
/// at its liberty when afterwards the chain has three or more liberties, or two and no
/// working ladder. Appends to `out`; nothing when `p` is no chain in atari. The ladder is read
/// on `b` itself, which is left as it was.
pub fn escape_moves<const W: usize, const P: usize>(
    b: &mut Board<W, P>,
    p: Point,
    out: &mut PointList,
) {
    let Some(d) = b.color_at(p) else {
        return;
    };
    let Some(l) = atari_liberty(b, p) else {
        return;
    };
    let att = d.opponent();
    let mut caps = Captures::new();
    let around = b.dilate(&b.chain_stones(p)).and(b.stones(att));
    for q in around.points() {
        caps.consider(b, d, q);
    }
    caps.emit(out);
    if !out.contains(l) && b.is_legal_fast(d, l) && !extension_caught(b, p, l) {
        out.push(l);
    }
}

/// Moves by `c` that capture an enemy chain in atari: the chain at `p` itself when it is
/// an enemy chain in atari, and enemy chains in atari next to the point `p`. Largest chain
/// first, ko-barred captures left out. Appends to `out`.
pub fn capture_moves<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
    out: &mut PointList,
) {
    let opp = c.opponent();
    let mut caps = Captures::new();
    if b.color_at(p) == Some(opp) {
        caps.consider(b, c, p);
    }
    for n in b.neighbors(p) {
        if b.color_at(n) == Some(opp) {
            caps.consider(b, c, n);
        }
    }
    caps.emit(out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::testutil::{corner9, pt};

    const B: Color = Color::Black;
    const W: Color = Color::White;

    /// White C2 in atari at C1 next to Black B2 (in atari at B1) and Black C3-D3-D2 (in
    /// atari at D1).
    fn two_counter_captures() -> crate::board::Board9 {
        corner9(&[
            ". . O O .", //
            ". O X X O",
            "O X O X O",
            ". . . . .",
        ])
    }

    #[test]
    fn atari_liberty_of_chains() {
        let b = two_counter_captures();
        assert_eq!(atari_liberty(&b, pt("C2", 9)), Some(pt("C1", 9)));
        assert_eq!(atari_liberty(&b, pt("D3", 9)), Some(pt("D1", 9)));
        assert_eq!(atari_liberty(&b, pt("B3", 9)), None);
        assert_eq!(atari_liberty(&b, pt("E5", 9)), None);
    }

    #[test]
    fn escape_moves_capture_largest_first_then_extend() {
        let mut b = two_counter_captures();
        let mut out = PointList::new();
        escape_moves(&mut b, pt("C2", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("D1", 9), pt("B1", 9), pt("C1", 9)]);
        // Black's B2 is in atari at B1: capture C2 at C1 first, then run to B1, where
        // either White atari would be self-atari
        let mut out = PointList::new();
        escape_moves(&mut b, pt("B2", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("C1", 9), pt("B1", 9)]);
        // a chain not in atari has no escape moves
        let mut out = PointList::new();
        escape_moves(&mut b, pt("B3", 9), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn escape_into_a_ladder_is_not_offered() {
        let mut b = corner9(&[
            ". . . . . .", //
            ". . X . . .",
            ". X O . . .",
            ". . X X . .",
            ". . . . . .",
        ]);
        assert_eq!(b.lib_count(pt("C3", 9)), 1);
        let mut out = PointList::new();
        escape_moves(&mut b, pt("C3", 9), &mut out);
        assert!(out.is_empty(), "{:?}", out);
        // with a white breaker the extension is offered
        let mut b2 = b;
        b2.set_point(pt("G7", 9), Some(W));
        escape_moves(&mut b2, pt("C3", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("D3", 9)]);
    }

    #[test]
    fn capture_moves_largest_first() {
        let b = two_counter_captures();
        let mut out = PointList::new();
        capture_moves(&b, W, pt("C2", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("D1", 9), pt("B1", 9)]);
        let mut out = PointList::new();
        capture_moves(&b, B, pt("C2", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("C1", 9)]);
        // around an empty point: D1 touches the three-stone chain only
        let mut out = PointList::new();
        capture_moves(&b, W, pt("D1", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("D1", 9)]);
        let mut out = PointList::new();
        capture_moves(&b, W, pt("A5", 9), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn ko_barred_capture_is_left_out() {
        let mut b = corner9(&[
            ". . . . .", //
            ". X O . .",
            "X O . O .",
        ]);
        // Black takes the ko at C1; White may not retake at B1 at once
        b.play_unchecked(B, pt("C1", 9));
        assert_eq!(b.ko(), Some((pt("B1", 9), W)));
        let mut out = PointList::new();
        capture_moves(&b, W, pt("C1", 9), &mut out);
        assert!(out.is_empty());
        b.pass();
        capture_moves(&b, W, pt("C1", 9), &mut out);
        assert_eq!(out.as_slice(), &[pt("B1", 9)]);
    }
}
