//! Ladders: whether an atari chases a two-liberty chain to its capture, and whether a chain
//! in atari is caught.
//!
//! The reader plays the chase on the board itself and takes it back ([`Board::play_logged`],
//! [`Board::undo_to`]): no board is copied. Before each attacker move it settles both
//! ataris exactly without playing them (can the defender capture an attacker chain, how
//! many liberties does the extension give), so only a real fork, where both ataris leave
//! the defender two liberties, reads a second line; forks beyond a small budget follow the
//! first atari only. The defender's only tries are the extension and
//! counter-captures; any possible counter-capture of an attacker chain next to it counts
//! as an escape (as in Pachi). A chase longer than the node budget counts as no ladder.

use super::selfatari::after_move;
use crate::board::{Bitset, Board, Color, Point, UndoLog};
use std::cell::RefCell;

/// Limits of one reading.
struct Budget {
    /// Attacker moves left.
    nodes: u32,
    /// Forks whose second line may still be read.
    forks: u32,
}

impl Budget {
    /// The limits on a board of `size` held in `W` bitset words: `4 * size` attacker moves;
    /// 16 forks on boards up to 9x9, 5 up to 14x14 and 2 above (what 64 KB of board copies
    /// bought the first reader, which copied the board at each fork).
    fn new<const W: usize>(size: usize) -> Self {
        Budget {
            nodes: 4 * size as u32,
            forks: match W {
                0..=2 => 16,
                3..=4 => 5,
                _ => 2,
            },
        }
    }
}

thread_local! {
    /// Each thread's log of the moves a reading takes back (kept, so that reading allocates
    /// nothing once it has grown).
    static LOG: RefCell<UndoLog> = RefCell::new(UndoLog::with_capacity(4096));
}

/// Runs `f` with this thread's undo log (a fresh one should it be in use).
fn with_log<T>(f: impl FnOnce(&mut UndoLog) -> T) -> T {
    LOG.with(|l| match l.try_borrow_mut() {
        Ok(mut log) => f(&mut log),
        Err(_) => f(&mut UndoLog::default()),
    })
}

/// What an attacker atari leads to, settled without playing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    /// The defender escapes: counter-capture, three or more liberties, or the atari is
    /// illegal or itself capturable.
    Fail,
    /// The defender's extension leaves at most one liberty: captured.
    Win,
    /// The defender extends to exactly two liberties: the chase goes on.
    Continue,
}

/// Attacker chains in atari next to the defender: at most this many are tracked.
const MAX_IN_ATARI: usize = 8;

/// The attacker chains in atari next to the defender chain: their heads and liberties.
struct InAtari {
    heads: [Point; MAX_IN_ATARI],
    libs: [Point; MAX_IN_ATARI],
    n: usize,
    /// More chains than fit: treated as an escape.
    overflow: bool,
}

impl InAtari {
    /// The attacker chains in atari next to the chain through `t`.
    fn find<const W: usize, const P: usize>(s: &Board<W, P>, att: Color, t: Point) -> Self {
        let mut r = InAtari {
            heads: [t; MAX_IN_ATARI],
            libs: [t; MAX_IN_ATARI],
            n: 0,
            overflow: false,
        };
        let around = s.dilate(&s.chain_stones(t)).and(s.stones(att));
        for q in around.points() {
            if s.lib_count(q) != 1 {
                continue;
            }
            let h = s.chain_head(q);
            if r.heads[..r.n].contains(&h) {
                continue;
            }
            match s.chain_libs(q).points().next() {
                Some(l) if r.n < MAX_IN_ATARI => {
                    r.heads[r.n] = h;
                    r.libs[r.n] = l;
                    r.n += 1;
                }
                _ => r.overflow = true,
            }
        }
        r
    }
}

/// Whether the attacker's move at `a` captures a defender chain touching the attacker
/// chain whose head is `zh` (which then is out of atari).
fn capture_relieves<const W: usize, const P: usize>(
    s: &Board<W, P>,
    att: Color,
    a: Point,
    zh: Point,
) -> bool {
    let def = att.opponent();
    s.neighbors(a).any(|n| {
        if s.color_at(n) != Some(def) || s.lib_count(n) != 1 {
            return false;
        }
        let mut q = n;
        loop {
            if s.neighbors(q)
                .any(|m| s.color_at(m) == Some(att) && s.chain_head(m) == zh)
            {
                return true;
            }
            q = s.next_stone(q);
            if q == n {
                return false;
            }
        }
    })
}

/// Settles the attacker's atari at `a` on the chain through `t`, whose liberties are exactly
/// `a` and `e`; `in_atari` are the attacker chains next to it in atari.
fn step<const W: usize, const P: usize>(
    s: &Board<W, P>,
    att: Color,
    a: Point,
    e: Point,
    in_atari: &InAtari,
) -> Step {
    if !s.is_legal_fast(att, a) || in_atari.overflow {
        return Step::Fail;
    }
    // an attacker chain in atari that `a` neither joins nor relieves by a capture is taken
    for i in 0..in_atari.n {
        if in_atari.libs[i] != a && !capture_relieves(s, att, a, in_atari.heads[i]) {
            return Step::Fail;
        }
    }
    let def = att.opponent();
    // the atari stone's own chain must not be capturable
    if s.empty_neighbor_count(a) < 2 && after_move(s, att, a).libs.count() < 2 {
        return Step::Fail;
    }
    // the defender extends at `e`, with the attacker stone on `a`
    let mut el = Bitset::<W>::EMPTY;
    for n in s.neighbors(e) {
        match s.color_at(n) {
            None => {
                el.insert(n.idx());
            }
            Some(c) if c == def => el = el.or(s.chain_libs(n)),
            Some(_) => {
                // the extension captures, unless `a`'s own capture gave that chain air
                if s.lib_count(n) == 1 && !capture_relieves(s, att, a, s.chain_head(n)) {
                    return Step::Fail;
                }
            }
        }
    }
    el.remove(a.idx());
    el.remove(e.idx());
    match el.count() {
        0 | 1 => Step::Win,
        2 => Step::Continue,
        _ => Step::Fail,
    }
}

/// How far `p` is from the nearest edge (0 on the first line).
#[inline]
fn edge_distance<const W: usize, const P: usize>(s: &Board<W, P>, p: Point) -> usize {
    let n = s.size();
    let (x, y) = p.xy(n);
    x.min(y).min(n - 1 - x).min(n - 1 - y)
}

/// The two liberties of a two-liberty chain's liberty set.
#[inline]
fn two<const W: usize>(libs: &Bitset<W>) -> Option<(Point, Point)> {
    let mut it = libs.points();
    Some((it.next()?, it.next()?))
}

/// Reads the chase on `s` with the attacker to move against the chain through `t`; every
/// move is noted in `log` (the caller takes them back).
fn chase<const W: usize, const P: usize>(
    s: &mut Board<W, P>,
    att: Color,
    t: Point,
    budget: &mut Budget,
    log: &mut UndoLog,
) -> bool {
    let def = att.opponent();
    loop {
        match s.lib_count(t) {
            0 | 1 => return true,
            2 => {}
            _ => return false,
        }
        if budget.nodes == 0 {
            return false;
        }
        budget.nodes -= 1;
        let Some((l1, l2)) = two(s.chain_libs(t)) else {
            return false;
        };
        let in_atari = InAtari::find(s, att, t);
        let s1 = step(s, att, l1, l2, &in_atari);
        let s2 = step(s, att, l2, l1, &in_atari);
        let (a, e) = match (s1, s2) {
            (Step::Win, _) | (_, Step::Win) => return true,
            (Step::Continue, Step::Continue) => {
                // drive the defender towards the edge first
                let (first, second) = if edge_distance(s, l2) < edge_distance(s, l1) {
                    ((l1, l2), (l2, l1))
                } else {
                    ((l2, l1), (l1, l2))
                };
                if budget.forks == 0 {
                    first
                } else {
                    budget.forks -= 1;
                    if fork(s, att, t, first.0, first.1, budget, log) {
                        return true;
                    }
                    second
                }
            }
            (Step::Continue, Step::Fail) => (l1, l2),
            (Step::Fail, Step::Continue) => (l2, l1),
            (Step::Fail, Step::Fail) => return false,
        };
        s.play_logged(att, a, log);
        s.play_logged(def, e, log);
    }
}

/// Reads one branch of a fork: the atari at `a`, the extension at `e`, the chase on; then
/// takes every move back, so `s` is as it was.
#[inline(never)]
fn fork<const W: usize, const P: usize>(
    s: &mut Board<W, P>,
    att: Color,
    t: Point,
    a: Point,
    e: Point,
    budget: &mut Budget,
    log: &mut UndoLog,
) -> bool {
    let mark = log.mark();
    s.play_logged(att, a, log);
    s.play_logged(att.opponent(), e, log);
    let caught = chase(s, att, t, budget, log);
    s.undo_to(log, mark);
    caught
}

/// Whether `attacker` playing `atari_move` (a liberty of the two-liberty enemy chain at
/// `target`) captures that chain in a ladder, read to the capture within `4 * size`
/// attacker moves. False when `target` is no such chain or `atari_move` not its liberty.
pub fn ladder_works<const W: usize, const P: usize>(
    b: &Board<W, P>,
    attacker: Color,
    target: Point,
    atari_move: Point,
) -> bool {
    if b.color_at(target) != Some(attacker.opponent()) || b.lib_count(target) != 2 {
        return false;
    }
    let Some((l1, l2)) = two(b.chain_libs(target)) else {
        return false;
    };
    let e = if atari_move == l1 {
        l2
    } else if atari_move == l2 {
        l1
    } else {
        return false;
    };
    let in_atari = InAtari::find(b, attacker, target);
    match step(b, attacker, atari_move, e, &in_atari) {
        Step::Win => true,
        Step::Fail => false,
        Step::Continue => {
            let mut budget = Budget::new::<W>(b.size());
            let mut s = *b;
            with_log(|log| fork(&mut s, attacker, target, atari_move, e, &mut budget, log))
        }
    }
}

/// Whether the chain at `p` (in atari) is caught: no counter-capture of an adjacent enemy
/// chain, and extending at its liberty leaves at most one liberty, or two that the
/// opponent can ladder. False when `p` is no chain in atari.
pub fn escape_is_caught<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> bool {
    let Some(d) = b.color_at(p) else {
        return false;
    };
    if b.lib_count(p) != 1 {
        return false;
    }
    let counter = InAtari::find(b, d.opponent(), p);
    if counter.overflow
        || counter.libs[..counter.n]
            .iter()
            .any(|&q| b.is_legal_fast(d, q))
    {
        return false;
    }
    let Some(l) = b.chain_libs(p).points().next() else {
        return false;
    };
    let mut s = *b;
    extension_caught(&mut s, p, l)
}

/// Whether the chain at `p` (in atari at `l`) is still caught after extending at `l`:
/// the extension is illegal, leaves at most one liberty, or two that the opponent ladders.
/// The board is read by playing on it and is left as it was.
pub(crate) fn extension_caught<const W: usize, const P: usize>(
    b: &mut Board<W, P>,
    p: Point,
    l: Point,
) -> bool {
    let Some(d) = b.color_at(p) else {
        return false;
    };
    if !b.is_legal_fast(d, l) {
        return true;
    }
    match after_move(b, d, l).libs.count() {
        0 | 1 => return true,
        2 => {}
        _ => return false,
    }
    let mut budget = Budget::new::<W>(b.size());
    with_log(|log| {
        let mark = log.mark();
        b.play_logged(d, l, log);
        let caught = chase(b, d.opponent(), p, &mut budget, log);
        b.undo_to(log, mark);
        caught
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board19, Board9};
    use crate::tactics::testutil::{corner9, pt};

    const B: Color = Color::Black;

    /// White C3 with two liberties against Black B3, C4, D2 (plus `extra` stones), on a
    /// `size` board.
    fn start<const W: usize, const P: usize>(
        size: usize,
        black: &[&str],
        white: &[&str],
    ) -> Board<W, P> {
        let mut bl: Vec<Point> = ["B3", "C4", "D2"].iter().map(|v| pt(v, size)).collect();
        bl.extend(black.iter().map(|v| pt(v, size)));
        let mut wh = vec![pt("C3", size)];
        wh.extend(white.iter().map(|v| pt(v, size)));
        let b = Board::from_stones(size, &bl, &wh).unwrap();
        b.check_consistency().unwrap();
        b
    }

    #[test]
    fn ladder_to_the_edge_works() {
        let b: Board9 = start(9, &[], &[]);
        assert_eq!(b.lib_count(pt("C3", 9)), 2);
        assert!(ladder_works(&b, B, pt("C3", 9), pt("C2", 9)));
        assert!(ladder_works(&b, B, pt("C3", 9), pt("D3", 9)));
        let b: Board19 = start(19, &[], &[]);
        assert!(ladder_works(&b, B, pt("C3", 19), pt("C2", 19)));
    }

    #[test]
    fn ladder_breaker_stops_it() {
        // a white stone on the diagonal the ladder runs along
        let b: Board9 = start(9, &[], &["G7"]);
        assert!(!ladder_works(&b, B, pt("C3", 9), pt("C2", 9)));
        // the other direction runs into the corner and still works
        assert!(ladder_works(&b, B, pt("C3", 9), pt("D3", 9)));
        let b: Board19 = start(19, &[], &["L11"]);
        assert!(!ladder_works(&b, B, pt("C3", 19), pt("C2", 19)));
        // a black stone there helps the attacker instead
        let b: Board19 = start(19, &["L11"], &[]);
        assert!(ladder_works(&b, B, pt("C3", 19), pt("C2", 19)));
    }

    #[test]
    fn counter_capture_breaks_the_ladder() {
        // Black C4 is in atari (White B4, C5): White takes it instead of running
        let b: Board9 = start(9, &[], &["B4", "C5"]);
        assert_eq!(b.lib_count(pt("C4", 9)), 1);
        assert!(!ladder_works(&b, B, pt("C3", 9), pt("C2", 9)));
        // unless the atari itself saves the stone: D4 is not C3's liberty, so no
        assert!(!ladder_works(&b, B, pt("C3", 9), pt("D3", 9)));
    }

    #[test]
    fn atari_stone_that_can_be_captured_fails() {
        // Black's atari at C2 (joining D2) would have D3 only: White captures it
        let b: Board9 = start(9, &[], &["B2", "C1", "D1", "E2"]);
        assert!(!b.is_empty_point(pt("B2", 9)));
        assert!(!ladder_works(&b, B, pt("C3", 9), pt("C2", 9)));
    }

    #[test]
    fn ladder_on_the_edge() {
        let b = corner9(&[
            ". X . .", //
            "X O . .", ". . . .",
        ]);
        assert!(ladder_works(&b, B, pt("B2", 9), pt("C2", 9)));
        assert!(!ladder_works(&b, B, pt("B2", 9), pt("B1", 9)));
        // bad arguments
        assert!(!ladder_works(&b, B, pt("B2", 9), pt("D4", 9)));
        assert!(!ladder_works(&b, B, pt("A2", 9), pt("A1", 9)));
        assert!(!ladder_works(&b, B, pt("D4", 9), pt("D5", 9)));
    }

    #[test]
    fn escape_caught_or_not() {
        // C3 in atari at D3: running leads into the working ladder
        let b: Board9 = start(9, &["C2"], &[]);
        assert_eq!(b.lib_count(pt("C3", 9)), 1);
        assert!(escape_is_caught(&b, pt("C3", 9)));
        // a breaker on the diagonal: the run works
        let b: Board9 = start(9, &["C2"], &["G7"]);
        assert!(!escape_is_caught(&b, pt("C3", 9)));
        // no room at all: extending leaves one liberty
        let b: Board9 = start(9, &["C2", "E3", "D4"], &[]);
        assert!(escape_is_caught(&b, pt("C3", 9)));
        // a counter-capture of C4 (in atari from B4, C5) saves it
        let b: Board9 = start(9, &["C2"], &["B4", "C5"]);
        assert!(!escape_is_caught(&b, pt("C3", 9)));
        // not in atari, or empty
        let b: Board9 = start(9, &[], &[]);
        assert!(!escape_is_caught(&b, pt("C3", 9)));
        assert!(!escape_is_caught(&b, pt("E5", 9)));
    }

    #[test]
    fn long_ladders_stay_within_budget() {
        // every start on an empty 19x19: reading terminates and never claims an illegal win
        let b: Board19 = start(19, &["C2"], &[]);
        assert!(escape_is_caught(&b, pt("C3", 19)));
        let mut s = b;
        s.play_unchecked(Color::White, pt("D3", 19));
        s.play_unchecked(B, pt("E3", 19));
        assert_eq!(s.lib_count(pt("C3", 19)), 1);
        assert!(escape_is_caught(&s, pt("C3", 19)));
    }

    /// A plain reader with the same rules, copying the board at every move.
    fn plain_attack<const W: usize, const P: usize>(
        b: &Board<W, P>,
        att: Color,
        t: Point,
        depth: u32,
    ) -> bool {
        match b.lib_count(t) {
            1 => return true,
            2 => {}
            _ => return false,
        }
        if depth == 0 {
            return false;
        }
        b.chain_libs(t).points().any(|a| {
            if !b.is_legal_fast(att, a) {
                return false;
            }
            let mut c = *b;
            c.play_unchecked(att, a);
            plain_defend(&c, att, t, depth - 1)
        })
    }

    /// The defender to move with the chain through `t` in atari.
    fn plain_defend<const W: usize, const P: usize>(
        b: &Board<W, P>,
        att: Color,
        t: Point,
        depth: u32,
    ) -> bool {
        let around = b.dilate(&b.chain_stones(t)).and(b.stones(att));
        if around.points().any(|q| b.lib_count(q) == 1) {
            return false;
        }
        let e = b.chain_libs(t).points().next().unwrap();
        let def = att.opponent();
        if !b.is_legal_fast(def, e) {
            return true;
        }
        let mut c = *b;
        if c.play_unchecked(def, e).captured > 0 {
            return false;
        }
        plain_attack(&c, att, t, depth)
    }

    /// Compares the reader with the plain one on `games` random positions of `size`;
    /// returns (queries, ladders that work, chains caught, disagreements).
    fn compare_on_random<const W: usize, const P: usize>(
        size: usize,
        games: usize,
        seed: u64,
    ) -> (u32, u32, u32, u32) {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut asked, mut works, mut caught, mut differ) = (0, 0, 0, 0);
        for _ in 0..games {
            let mut b = Board::<W, P>::new(size).unwrap();
            let mut c = B;
            for _ in 0..rng.random_range(size * size / 8..size * size) {
                match b.random_move(c, |k| rng.random_range(0..k)) {
                    Some(p) => {
                        b.play_unchecked(c, p);
                    }
                    None => b.pass(),
                }
                c = c.opponent();
            }
            for t in b.stones(B).or(b.stones(Color::White)).points() {
                let att = b.color_at(t).unwrap().opponent();
                if b.lib_count(t) == 2 {
                    for a in b.chain_libs(t).points() {
                        let plain = b.is_legal_fast(att, a) && {
                            let mut s = b;
                            s.play_unchecked(att, a);
                            plain_defend(&s, att, t, 4 * size as u32)
                        };
                        if ladder_works(&b, att, t, a) != plain {
                            differ += 1;
                            eprintln!("ladder {t:?} {a:?} plain {plain}\n{b}");
                        }
                        asked += 1;
                        works += plain as u32;
                    }
                }
                if b.lib_count(t) == 1 {
                    let mut s = b;
                    s.pass();
                    let counter = {
                        let around = b.dilate(&b.chain_stones(t)).and(b.stones(att));
                        around.points().any(|q| {
                            b.lib_count(q) == 1
                                && b.is_legal_fast(
                                    att.opponent(),
                                    b.chain_libs(q).points().next().unwrap(),
                                )
                        })
                    };
                    let plain = !counter && {
                        let e = b.chain_libs(t).points().next().unwrap();
                        let def = att.opponent();
                        if !b.is_legal_fast(def, e) {
                            true
                        } else {
                            let mut c = b;
                            c.play_unchecked(def, e);
                            plain_attack(&c, att, t, 4 * size as u32)
                        }
                    };
                    if escape_is_caught(&b, t) != plain {
                        differ += 1;
                        eprintln!("escape {t:?} plain {plain}\n{b}");
                    }
                    caught += plain as u32;
                }
            }
        }
        (asked, works, caught, differ)
    }

    #[test]
    fn ladder_matches_a_plain_reader_on_random_positions() {
        let (asked, works, caught, differ) = compare_on_random::<2, 128>(9, 2000, 5);
        assert!(
            asked > 10_000 && works > 1000 && caught > 500,
            "{asked} {works} {caught}"
        );
        assert_eq!(differ, 0);
        // 19x19 has a copy budget of two forks: the reader follows one atari beyond it
        let (asked, works, caught, differ) = compare_on_random::<7, 448>(19, 100, 6);
        assert!(
            asked > 1000 && works > 100 && caught > 50,
            "{asked} {works} {caught}"
        );
        assert!(differ * 200 <= asked, "{differ} of {asked}");
        eprintln!("19x19: {asked} {works} {caught} {differ}");
    }
}
