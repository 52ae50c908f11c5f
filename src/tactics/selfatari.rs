//! What a move leaves behind: liberties of the mover's chain (captures counted), self-atari,
//! and when a self-atari is a mistake (Pachi's `is_bad_selfatari` in spirit).

use super::nakade::is_dead_shape;
use crate::board::{Bitset, Board, Color, Point};

/// What a move of `c` on an empty point leaves: the mover's chain and what it captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LibsAfter {
    /// Liberties of the resulting chain, capped at 4 (captured stones' points count).
    pub libs: u8,
    /// Stones in the resulting chain.
    pub stones: u16,
    /// Enemy stones captured by the move.
    pub captured: u16,
}

/// The exact outcome of a move, for the queries of this layer.
#[derive(Clone, Copy)]
pub(crate) struct After<const W: usize> {
    /// Exact liberties of the resulting chain.
    pub libs: Bitset<W>,
    /// Stones in the resulting chain.
    pub stones: u16,
    /// Enemy stones captured.
    pub captured: u16,
    /// Heads of the friendly chains the move joins.
    pub friends: [Point; 4],
    /// How many entries of `friends` are used.
    pub n_friends: usize,
}

/// The exact outcome of `c` playing on the empty point `p` (ko and legality not looked at).
pub(crate) fn after_move<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> After<W> {
    let mut libs = Bitset::EMPTY;
    let mut friends = [p; 4];
    let mut nf = 0;
    let mut caps = [p; 4];
    let mut nc = 0;
    let mut stones = 1u16;
    let mut captured = 0u16;
    for n in b.neighbors(p) {
        match b.color_at(n) {
            None => {
                libs.insert(n.idx());
            }
            Some(col) => {
                let h = b.chain_head(n);
                if col == c {
                    if !friends[..nf].contains(&h) {
                        friends[nf] = h;
                        nf += 1;
                        libs = libs.or(b.chain_libs(n));
                        stones += b.chain_len(n) as u16;
                    }
                } else if b.lib_count(n) == 1 && !caps[..nc].contains(&h) {
                    caps[nc] = h;
                    nc += 1;
                    captured += b.chain_len(n) as u16;
                }
            }
        }
    }
    libs.remove(p.idx());
    // a captured stone becomes a liberty when it touches the new chain
    for &h in &caps[..nc] {
        let mut q = h;
        loop {
            let touches = b.neighbors(q).any(|m| {
                m == p || (b.color_at(m) == Some(c) && friends[..nf].contains(&b.chain_head(m)))
            });
            if touches {
                libs.insert(q.idx());
            }
            q = b.next_stone(q);
            if q == h {
                break;
            }
        }
    }
    After {
        libs,
        stones,
        captured,
        friends,
        n_friends: nf,
    }
}

/// What a move of `c` on the empty point `p` leaves: liberties of the resulting chain (capped
/// at 4, captured stones' points counted), its stones, and the stones it captures.
pub fn libs_after<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> LibsAfter {
    let a = after_move(b, c, p);
    LibsAfter {
        libs: a.libs.count().min(4) as u8,
        stones: a.stones,
        captured: a.captured,
    }
}

/// Whether `c` on the empty point `p` surely keeps two or more liberties, told from the
/// counts the board keeps: two empty neighbours, or an own neighbour chain with three
/// liberties or more (two of them stay). False says nothing: the exact test must read on.
#[inline(always)]
pub fn surely_two_libs_after<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> bool {
    b.empty_neighbor_count(p) >= 2
        || (b.neighbor_count(c, p) > 0
            && b.neighbors(p)
                .any(|n| b.color_at(n) == Some(c) && b.lib_count(n) >= 3))
}

/// Whether `c` on the empty point `p` leaves its chain with exactly one liberty (a suicide,
/// with none, is not a self-atari).
#[inline]
pub fn is_self_atari<const W: usize, const P: usize>(b: &Board<W, P>, c: Color, p: Point) -> bool {
    !surely_two_libs_after(b, c, p) && after_move(b, c, p).libs.count() == 1
}

/// When `c` on the empty point `p` is a self-atari, the one liberty the chain would have
/// (for "play the other liberty instead" in playouts).
pub fn self_atari_other_lib<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> Option<Point> {
    if surely_two_libs_after(b, c, p) {
        return None;
    }
    let libs = after_move(b, c, p).libs;
    if libs.count() == 1 {
        libs.points().next()
    } else {
        None
    }
}

/// Whether `c` on the empty point `p` is a self-atari that is a mistake. Not bad:
/// - moves that are no self-atari (suicide included: legality is the caller's business);
/// - a self-atari that captures, unless it is a snapback: the chain has two or more stones
///   and more stones than it captured (a one-for-one capture is a ko, not a mistake);
/// - a self-atari whose capture would leave the capturing chain itself in atari, so that
///   `c` takes back (ko or snapback in `c`'s favour);
/// - one stone: when it puts an adjacent enemy chain in atari (a throw-in), or when it is
///   thrown into an enemy two-point eye (which then makes only one eye);
/// - two to five stones: a nakade fill, when the chain and its last liberty are enclosed
///   by enemy stones and the chain is a shape that stays one eye once captured (two or
///   three points, squared or pyramid four, bulky or crossed five).
///
/// Everything else is bad. Not read: whether the opponent's capture is itself a mistake
/// elsewhere on the board, or seki shapes larger than the local fill.
pub fn is_bad_self_atari<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> bool {
    if surely_two_libs_after(b, c, p) {
        return false;
    }
    let a = after_move(b, c, p);
    let Some(l) = single(&a.libs) else {
        return false;
    };
    if a.captured > 0 {
        return a.stones >= 2 && a.stones > a.captured;
    }
    if capture_left_in_atari(b, c, p, l, &a) {
        return false;
    }
    let opp = c.opponent();
    if a.stones == 1 {
        let throw_in_atari = b
            .neighbors(p)
            .any(|n| b.color_at(n) == Some(opp) && b.lib_count(n) == 2);
        let two_point_eye = b.neighbors(l).all(|n| n == p || b.color_at(n) == Some(opp));
        return !(throw_in_atari || two_point_eye);
    }
    !(a.stones <= 5 && is_nakade_fill(b, c, p, l, &a))
}

/// The only point of `s` when it has exactly one.
#[inline]
fn single<const W: usize>(s: &Bitset<W>) -> Option<Point> {
    if s.count() == 1 {
        s.points().next()
    } else {
        None
    }
}

/// Calls `f` on every stone of the chain `c` would form at `p` (the move's friends and `p`).
fn for_each_stone<const W: usize, const P: usize>(
    b: &Board<W, P>,
    p: Point,
    a: &After<W>,
    mut f: impl FnMut(Point),
) {
    f(p);
    for &h in &a.friends[..a.n_friends] {
        let mut q = h;
        loop {
            f(q);
            q = b.next_stone(q);
            if q == h {
                break;
            }
        }
    }
}

/// After `c` plays `p` (leaving one liberty `l`, capturing nothing), whether the opponent's
/// capture at `l` would leave the capturing chain with a single liberty.
fn capture_left_in_atari<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
    l: Point,
    a: &After<W>,
) -> bool {
    let opp = c.opponent();
    let mut libs = Bitset::<W>::EMPTY;
    let mut heads = [l; 4];
    let mut nh = 0;
    for n in b.neighbors(l) {
        match b.color_at(n) {
            None => {
                libs.insert(n.idx());
            }
            Some(col) if col == opp => {
                let h = b.chain_head(n);
                if !heads[..nh].contains(&h) {
                    heads[nh] = h;
                    nh += 1;
                    libs = libs.or(b.chain_libs(n));
                }
            }
            Some(_) => {
                // another chain of `c` captured at `l` as well: too rich to read here
                let h = b.chain_head(n);
                if b.lib_count(n) == 1 && !a.friends[..a.n_friends].contains(&h) {
                    return false;
                }
            }
        }
    }
    libs.remove(l.idx());
    libs.remove(p.idx());
    if libs.count() >= 2 {
        return false;
    }
    for_each_stone(b, p, a, |s| {
        let touches = b.neighbors(s).any(|m| {
            m == l || (b.color_at(m) == Some(opp) && heads[..nh].contains(&b.chain_head(m)))
        });
        if touches {
            libs.insert(s.idx());
        }
    });
    libs.count() == 1
}

/// Whether the chain `c` forms at `p` (two to five stones, one liberty `l`, no capture) is
/// a nakade fill: it and `l` are enclosed by enemy stones and it is a dead shape.
fn is_nakade_fill<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
    l: Point,
    a: &After<W>,
) -> bool {
    let mut pts = [p; 5];
    let mut n = 0;
    for_each_stone(b, p, a, |s| {
        if n < pts.len() {
            pts[n] = s;
            n += 1;
        }
    });
    let pts = &pts[..n];
    let opp = c.opponent();
    b.neighbors(l)
        .all(|m| pts.contains(&m) || b.color_at(m) == Some(opp))
        && is_dead_shape(b, pts)
}

/// Whether `c` on the empty point `p` is a three-liberty "suicide" (Pachi's test, after a
/// lost semeai): the move only fills a liberty of one own chain with three, leaving two that
/// the opponent can take one by one, since extending at the other gains nothing and
/// connects nowhere. Not suicide: a move that gains liberties or joins two chains, one next
/// to an enemy chain of three liberties or fewer (it may win a race), or one whose chain
/// keeps a one-point eye.
pub fn is_three_lib_suicide<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> bool {
    if b.empty_neighbor_count(p) >= 2 || b.neighbor_count(c, p) == 0 {
        return false;
    }
    let mut g = None;
    for n in b.neighbors(p) {
        match b.color_at(n) {
            Some(col) if col == c => match g {
                None => g = Some(n),
                Some(h) if b.chain_head(h) == b.chain_head(n) => {}
                Some(_) => return false,
            },
            Some(_) if b.lib_count(n) <= 3 => return false,
            _ => {}
        }
    }
    let Some(g) = g else {
        return false;
    };
    if b.lib_count(g) != 3 {
        return false;
    }
    let mut others = b.chain_libs(g).points().filter(|&l| l != p);
    let (Some(x), Some(y)) = (others.next(), others.next()) else {
        return false;
    };
    let adjacent = |a: Point, z: Point| b.neighbors(a).any(|n| n == z);
    let (adj_x, adj_y) = (adjacent(x, p), adjacent(y, p));
    // an empty neighbour of p that is not one of the other liberties: the move gains
    if b.empty_neighbor_count(p) > usize::from(adj_x || adj_y) {
        return false;
    }
    let eye = |e: Point| b.neighbors(e).all(|n| b.color_at(n) == Some(c));
    let xy = usize::from(adjacent(x, y));
    let h = b.chain_head(g);
    for (lib, other, adj) in [(x, y, adj_x), (y, x, adj_y)] {
        if eye(other) {
            return false;
        }
        let gains = b.empty_neighbor_count(lib) > 1 + xy + usize::from(adj);
        let joins = b
            .neighbors(lib)
            .any(|n| b.color_at(n) == Some(c) && b.chain_head(n) != h && b.lib_count(n) > 1);
        if !gains && !joins {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::testutil::{corner9, pt};

    const B: Color = Color::Black;
    const W: Color = Color::White;

    #[test]
    fn libs_after_counts_captures_and_joins() {
        let b = corner9(&[
            ". X X . .", //
            "X O O X .",
            ". X . . .",
        ]);
        // Black C1 captures B2-C2 and joins B1: A1, D1 and the captured B2, C2
        let la = libs_after(&b, B, pt("C1", 9));
        assert_eq!(
            la,
            LibsAfter {
                libs: 4,
                stones: 2,
                captured: 2
            }
        );
        // White C1 extends into a self-atari with D1 left
        let la = libs_after(&b, W, pt("C1", 9));
        assert_eq!(
            la,
            LibsAfter {
                libs: 1,
                stones: 3,
                captured: 0
            }
        );
        assert!(is_self_atari(&b, W, pt("C1", 9)));
        assert_eq!(self_atari_other_lib(&b, W, pt("C1", 9)), Some(pt("D1", 9)));
        assert!(!is_self_atari(&b, B, pt("C1", 9)));
        assert_eq!(self_atari_other_lib(&b, B, pt("C1", 9)), None);
        // an open point: four liberties, capped
        assert_eq!(libs_after(&b, W, pt("F5", 9)).libs, 4);
        // Black A1 joins A2 and B1: A3 and C1 left
        assert_eq!(
            libs_after(&b, B, pt("A1", 9)),
            LibsAfter {
                libs: 2,
                stones: 3,
                captured: 0
            }
        );
    }

    #[test]
    fn capture_into_snapback_is_bad_but_ko_is_not() {
        let snap = corner9(&[
            "O O O O O", //
            "O X X X O",
            "O X O . O",
        ]);
        let la = libs_after(&snap, B, pt("D1", 9));
        assert_eq!((la.libs, la.stones, la.captured), (1, 5, 1));
        assert!(is_bad_self_atari(&snap, B, pt("D1", 9)));
        let ko = corner9(&[
            ". . . . .", //
            ". X O . .",
            "X O . O .",
        ]);
        assert!(is_self_atari(&ko, B, pt("C1", 9)));
        assert!(!is_bad_self_atari(&ko, B, pt("C1", 9)));
    }

    #[test]
    fn single_stone_self_atari() {
        // thrown into a two-point eye: fine
        let eye = corner9(&[
            "O O O .", //
            ". . O .",
        ]);
        assert!(is_self_atari(&eye, B, pt("A1", 9)));
        assert!(!is_bad_self_atari(&eye, B, pt("A1", 9)));
        // into the open, next to healthy stones: bad
        let open = corner9(&[
            ". O . .", //
            "O . O .", ". . . .",
        ]);
        assert!(is_self_atari(&open, B, pt("B2", 9)));
        assert!(is_bad_self_atari(&open, B, pt("B2", 9)));
        // a throw-in that ataris the white chain: fine
        let throw = corner9(&[
            "X X X . .", //
            "O O O X .",
            ". . O X .",
        ]);
        assert!(is_self_atari(&throw, B, pt("B1", 9)));
        assert!(!is_bad_self_atari(&throw, B, pt("B1", 9)));
        // not a self-atari at all
        assert!(!is_bad_self_atari(&open, B, pt("E5", 9)));
    }

    #[test]
    fn multi_stone_self_atari() {
        // two stones in atari in the open: bad
        let open = corner9(&[
            ". . . . .", //
            ". O O . .",
            ". X . O .",
        ]);
        assert!(is_self_atari(&open, B, pt("C1", 9)));
        assert!(is_bad_self_atari(&open, B, pt("C1", 9)));
        // the same, but White's capture at A1 is itself left in atari (A2 black): fine
        let back = corner9(&[
            "X . . . .", //
            "X O O . .",
            ". X . O .",
        ]);
        assert!(is_self_atari(&back, B, pt("C1", 9)));
        assert!(!is_bad_self_atari(&back, B, pt("C1", 9)));
        // nakade: filling a straight-four eye space to a straight three: fine
        let nakade = corner9(&[
            ". . . . . .", //
            "O O O O O .",
            "X X . . O .",
        ]);
        assert!(is_self_atari(&nakade, B, pt("C1", 9)));
        assert!(!is_bad_self_atari(&nakade, B, pt("C1", 9)));
        // filling a five-space to a straight four: the capture leaves two eyes' room: bad
        let four = corner9(&[
            ". . . . . . .", //
            "O O O O O O .",
            "X X X . . O .",
        ]);
        assert!(is_self_atari(&four, B, pt("D1", 9)));
        assert!(is_bad_self_atari(&four, B, pt("D1", 9)));
    }

    #[test]
    fn libs_after_matches_playing_the_move() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(9);
        let (mut self_ataris, mut captures) = (0, 0);
        for _ in 0..200 {
            let mut b = crate::board::Board9::new(9).unwrap();
            let mut c = B;
            for _ in 0..rng.random_range(10..90) {
                match b.random_move(c, |k| rng.random_range(0..k)) {
                    Some(p) => {
                        b.play_unchecked(c, p);
                    }
                    None => b.pass(),
                }
                c = c.opponent();
            }
            for p in b.empty_points().points() {
                for col in [B, W] {
                    let mut s = b;
                    let out = s.play_unchecked(col, p);
                    let la = libs_after(&b, col, p);
                    if out.suicide > 0 {
                        assert_eq!(la.libs, 0);
                        continue;
                    }
                    let real = s.lib_count(p);
                    assert_eq!(la.libs as usize, real.min(4), "{p:?} {col}\n{b}");
                    assert_eq!(la.stones as usize, s.chain_len(p));
                    assert_eq!(la.captured as u32, out.captured);
                    assert_eq!(is_self_atari(&b, col, p), real == 1);
                    let other = self_atari_other_lib(&b, col, p);
                    assert_eq!(
                        other,
                        (real == 1).then(|| s.chain_libs(p).points().next().unwrap())
                    );
                    self_ataris += (real == 1) as u32;
                    captures += (out.captured > 0) as u32;
                }
            }
        }
        assert!(
            self_ataris > 500 && captures > 100,
            "{self_ataris} {captures}"
        );
    }

    #[test]
    fn three_liberty_suicide_in_a_three_point_eye_space() {
        // Black's chain around the eye space C2-D2-E2: filling an end point leaves two
        // liberties the opponent takes one by one; the middle makes two eyes
        let b = crate::tactics::testutil::corner9(&[
            "O O O O O O O", //
            "O X X X X X O",
            "O X . . . X O",
            "O X X X X X O",
        ]);
        let p = |v| crate::tactics::testutil::pt(v, 9);
        assert!(is_three_lib_suicide(&b, Color::Black, p("C2")));
        assert!(is_three_lib_suicide(&b, Color::Black, p("E2")));
        assert!(!is_three_lib_suicide(&b, Color::Black, p("D2")));
        // not Black's chain: White's moves there are no three-liberty suicide
        assert!(!is_three_lib_suicide(&b, Color::White, p("C2")));
        // with an outside liberty the chain has four: no suicide
        let b = crate::tactics::testutil::corner9(&[
            "O O O . O O O", //
            "O X X X X X O",
            "O X . . . X O",
            "O X X X X X O",
        ]);
        assert!(!is_three_lib_suicide(&b, Color::Black, p("C2")));
    }
}
