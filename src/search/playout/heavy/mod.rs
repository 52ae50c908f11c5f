//! The heavy playout policy: an ordered list of rules, each tried with its own probability,
//! the first that yields a good move wins (the scheme of MoGo and Pachi's moggy), then a
//! random move that does not fill an own eye, refuses bad self-ataris and keeps sekis.
//!
//! The rules, in order: retake a ko whose ban has expired; capture or escape after the last
//! move's atari (counter-captures first, ladder-aware escapes; always when an own chain of
//! three or more stones is in atari); after the opponent refused a bad self-atari, ladder
//! its two-liberty chain there; the two-liberty race next to the last move (ataris on
//! chains without miai, approach moves, the defender's counter-captures and counter-ataris);
//! the defence of own three- and four-liberty chains around the last move by attacking a
//! two-liberty neighbour; eye fixing; the vital point of an eye space next to the last move
//! (nakade); the last good reply with forgetting (LGRF-2, Baier & Drake 2010) to the last
//! two moves; 3x3 shapes around the last two moves; otherwise random.
//!
//! Every move a rule or the random draw proposes must be permitted: no bad self-atari, no
//! three-liberty suicide, no move that breaks a simple seki. When no permitted move is
//! left the side passes (as Pachi's playouts do), so sekis survive to the count.

use super::draw::{below, roll};
use super::{Context, MovePolicy};
use crate::board::{Board, Color, Point};
use crate::patterns::pattern3;
use crate::tactics::{self, twolib, PointList};
use rand::Rng;

/// The probabilities (in percent) with which each rule of the heavy policy is tried.
#[derive(Clone, Debug, PartialEq)]
pub struct HeavyParams {
    /// Retake a ko whose ban has expired.
    pub ko: u32,
    /// Capture or escape after the last move's atari.
    pub escape: u32,
    /// Last good reply (with forgetting) to the last two moves, else the last move.
    pub lgrf: u32,
    /// The vital point of an eye space next to the last move.
    pub nakade: u32,
    /// The two-liberty race next to the last move, and the ladder after the opponent's
    /// refused self-atari.
    pub two_lib: u32,
    /// Own three- and four-liberty chains around the last move atari a two-liberty
    /// neighbour.
    pub n_lib: u32,
    /// Fix an eye the last move threatens to make false.
    pub eye_fix: u32,
    /// 3x3 shapes around the last two moves.
    pub pattern: u32,
    /// Random moves that are bad self-ataris are replaced (by the chain's other liberty,
    /// or another random move); otherwise one is played while any other move is left.
    pub self_atari: u32,
    /// Fill-board tries (MoGo): before a random move, this many random empty points are
    /// looked at, and the first whose eight neighbours are all empty is played.
    pub fill: u32,
}

impl Default for HeavyParams {
    fn default() -> Self {
        HeavyParams {
            ko: 20,
            escape: 90,
            lgrf: 90,
            nakade: 80,
            two_lib: 80,
            n_lib: 25,
            eye_fix: 100,
            pattern: 90,
            self_atari: 90,
            fill: 0,
        }
    }
}

/// A thread's memory across heavy playouts: the last-good-reply tables.
#[derive(Clone, Debug, Default)]
pub struct Replies {
    /// Points per side (the padded index bound).
    n: usize,
    /// Reply to one move, by colour and the previous move (0: none).
    one: Vec<u16>,
    /// Reply to two moves, by colour and the two previous moves (0: none).
    two: Vec<u16>,
}

impl Replies {
    /// Empty tables for boards of `size`.
    pub fn new(size: usize) -> Replies {
        let n = Point::index_bound(size);
        Replies {
            n,
            one: vec![0; 2 * n],
            two: vec![0; 2 * n * n],
        }
    }

    fn i1(&self, c: Color, a: Point) -> usize {
        c.index() * self.n + a.idx()
    }

    fn i2(&self, c: Color, a: Point, b: Point) -> usize {
        (c.index() * self.n + a.idx()) * self.n + b.idx()
    }

    /// The stored reply of `c` to `prev2` then `prev1` (the older first), or to `prev1`.
    pub fn reply(&self, c: Color, prev2: Option<Point>, prev1: Point) -> Option<Point> {
        let r = match prev2 {
            Some(a) => self.two.get(self.i2(c, a, prev1)).copied().unwrap_or(0),
            None => 0,
        };
        let r = if r != 0 {
            r
        } else {
            self.one.get(self.i1(c, prev1)).copied().unwrap_or(0)
        };
        (r != 0).then_some(Point(r))
    }

    /// Brings the two-move entry [`Replies::reply`] reads first for these moves into the
    /// cache (the one-move table is small enough to stay there).
    #[inline]
    pub fn prefetch(&self, c: Color, prev2: Option<Point>, prev1: Point) {
        if let Some(x) = prev2.and_then(|a| self.two.get(self.i2(c, a, prev1))) {
            crate::board::prefetch(x);
        }
    }

    /// Learns from a finished simulation: every reply of the winner is stored, every stored
    /// reply the loser played is forgotten. `record` holds the stones in order; `winner` is
    /// `None` for a draw (nothing learnt).
    pub fn learn(&mut self, record: &[(Color, Point)], winner: Option<Color>) {
        let Some(w) = winner else { return };
        if self.n == 0 {
            return;
        }
        for t in 1..record.len() {
            let (c, m) = record[t];
            let p1 = record[t - 1].1;
            let i1 = self.i1(c, p1);
            let i2 = (t >= 2).then(|| self.i2(c, record[t - 2].1, p1));
            if c == w {
                if let Some(x) = self.one.get_mut(i1) {
                    *x = m.0;
                }
                if let Some(x) = i2.and_then(|i| self.two.get_mut(i)) {
                    *x = m.0;
                }
            } else {
                if let Some(x) = self.one.get_mut(i1) {
                    if *x == m.0 {
                        *x = 0;
                    }
                }
                if let Some(x) = i2.and_then(|i| self.two.get_mut(i)) {
                    if *x == m.0 {
                        *x = 0;
                    }
                }
            }
        }
    }
}

/// Whether `c` may play the candidate `p` in a playout: empty, legal (simple ko, no
/// suicide), not an own eye, and permitted ([`permitted`]).
#[inline]
pub(super) fn good<const W: usize, const P: usize>(b: &Board<W, P>, c: Color, p: Point) -> bool {
    b.is_empty_point(p) && b.is_legal_fast(c, p) && !b.is_eye(c, p) && permitted(b, c, p)
}

/// Whether the legal move `p` of `c` is no bad self-atari, no three-liberty suicide and
/// does not break a simple seki.
#[inline]
pub(super) fn permitted<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
) -> bool {
    // two empty neighbours: no self-atari, no three-liberty suicide, no seki broken
    b.empty_neighbor_count(p) >= 2
        || (!tactics::is_bad_self_atari(b, c, p)
            && !tactics::is_three_lib_suicide(b, c, p)
            && !tactics::breaks_seki(b, c, p))
}

/// A uniformly chosen good move among `cands`, if any.
pub(super) fn pick<const W: usize, const P: usize, R: Rng>(
    b: &Board<W, P>,
    c: Color,
    cands: &PointList,
    rng: &mut R,
) -> Option<Point> {
    let s = cands.as_slice();
    if s.is_empty() {
        return None;
    }
    let start = below(rng, s.len() as u32) as usize;
    (0..s.len())
        .map(|i| s[(start + i) % s.len()])
        .find(|&p| good(b, c, p))
}

/// The heavy policy over a thread's last-good-reply tables.
pub struct Heavy<'a> {
    params: &'a HeavyParams,
    replies: &'a mut Replies,
    /// The last random move each colour was refused as a bad self-atari, until the
    /// opponent has answered it.
    refused: [Option<Point>; 2],
}

impl<'a> Heavy<'a> {
    /// The policy with these rule probabilities, learning replies into `replies`.
    pub fn new(params: &'a HeavyParams, replies: &'a mut Replies) -> Self {
        Heavy {
            params,
            replies,
            refused: [None; 2],
        }
    }
}

impl MovePolicy for Heavy<'_> {
    #[inline]
    fn choose<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &mut Board<W, P>,
        c: Color,
        ctx: &Context,
        rng: &mut R,
    ) -> Option<Point> {
        let refused = self.refused[c.opponent().index()].take();
        if let Some(l1) = ctx.last[0] {
            // the reply rule comes after the tactics: its table entry arrives meanwhile
            self.replies.prefetch(c, ctx.last[1], l1);
        }
        if let Some(p) = local_move(b, c, ctx, self.replies, self.params, refused, rng) {
            return Some(p);
        }
        let (p, refused) = random_move(b, c, self.params, rng);
        self.refused[c.index()] = refused;
        p
    }

    fn finish(&mut self, record: &[(Color, Point)], score: f64) {
        self.replies.learn(record, winner(score));
    }
}

/// The winner of a playout by its score (`None`: a draw).
pub fn winner(score: f64) -> Option<Color> {
    if score > 0.0 {
        Some(Color::Black)
    } else if score < 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

/// The heavy policy's move for `c`, or `None` to pass (no permitted move is left).
pub fn choose<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    c: Color,
    ctx: &Context,
    replies: &Replies,
    hp: &HeavyParams,
    rng: &mut R,
) -> Option<Point> {
    if let Some(p) = local_move(b, c, ctx, replies, hp, None, rng) {
        return Some(p);
    }
    random_move(b, c, hp, rng).0
}

/// The first rule that yields a good move, if any. `refused` is the opponent's last random
/// move refused as a bad self-atari, if it was the opponent's last turn.
pub(super) fn local_move<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    c: Color,
    ctx: &Context,
    replies: &Replies,
    hp: &HeavyParams,
    refused: Option<Point>,
    rng: &mut R,
) -> Option<Point> {
    let opp = c.opponent();
    let mut cands = PointList::new();
    if let Some(k) = ctx.old_ko {
        if roll(rng, hp.ko) && b.is_empty_point(k) && b.is_legal_fast(c, k) {
            // a retake captures a single stone next to the ko point
            if b.neighbors(k)
                .any(|q| b.color_at(q) == Some(opp) && b.lib_count(q) == 1 && b.chain_len(q) == 1)
            {
                return Some(k);
            }
        }
    }
    let l1 = ctx.last[0]?;
    let l1_stone = b.color_at(l1) == Some(opp);
    // an own chain of three or more stones in atari is always defended
    let big_in_atari = b
        .neighbors(l1)
        .any(|q| b.color_at(q) == Some(c) && b.lib_count(q) == 1 && b.chain_len(q) >= 3);
    if big_in_atari || roll(rng, hp.escape) {
        // the last move's own chain in atari: take it
        if l1_stone {
            if let Some(lib) = tactics::atari_liberty(b, l1) {
                cands.push(lib);
            }
        }
        // own chains next to the last move in atari: save them
        let mut in_atari = PointList::new();
        for q in b.neighbors(l1) {
            if b.color_at(q) == Some(c) && b.lib_count(q) == 1 {
                in_atari.push(q);
            }
        }
        for &q in in_atari.as_slice() {
            tactics::escape_moves(b, q, &mut cands);
        }
        if let Some(p) = pick(b, c, &cands, rng) {
            return Some(p);
        }
    }
    if let Some(r) = refused {
        if roll(rng, hp.two_lib) {
            cands.clear();
            twolib::ladder_captures_near(b, r, c, &mut cands);
            if let Some(p) = pick(b, c, &cands, rng) {
                return Some(p);
            }
        }
    }
    if roll(rng, hp.two_lib) {
        cands.clear();
        two_lib_moves(b, c, l1, &mut cands);
        if let Some(p) = pick(b, c, &cands, rng) {
            return Some(p);
        }
    }
    if roll(rng, hp.n_lib) {
        cands.clear();
        n_lib_moves(b, c, l1, &mut cands);
        if let Some(p) = pick(b, c, &cands, rng) {
            return Some(p);
        }
    }
    if l1_stone && roll(rng, hp.eye_fix) {
        cands.clear();
        twolib::eye_fix_moves(b, l1, c, &mut cands);
        if let Some(p) = pick(b, c, &cands, rng) {
            return Some(p);
        }
    }
    if roll(rng, hp.nakade) {
        cands.clear();
        for q in b.empty_neighbors(l1) {
            if let Some(v) = tactics::nakade_point(b, q) {
                if !cands.contains(v) {
                    cands.push(v);
                }
            }
        }
        if let Some(p) = pick(b, c, &cands, rng) {
            return Some(p);
        }
    }
    if roll(rng, hp.lgrf) {
        if let Some(r) = replies.reply(c, ctx.last[1], l1) {
            if good(b, c, r) {
                return Some(r);
            }
        }
    }
    if roll(rng, hp.pattern) {
        cands.clear();
        for l in ctx.last.iter().flatten() {
            let n8 = b.neighbours8(*l);
            // bottom row first, then the middle, then the top
            for q in [5, 6, 7, 3, 4, 0, 1, 2].map(|i| n8[i]) {
                if b.is_empty_point(q) && pattern3::matches(b, q) && !cands.contains(q) {
                    cands.push(q);
                }
            }
        }
        if let Some(p) = pick(b, c, &cands, rng) {
            return Some(p);
        }
    }
    None
}

/// Calls `f` once for each distinct chain with a stone on one of `points` that `keep`
/// accepts (by one of its stones).
fn each_chain<const W: usize, const P: usize>(
    b: &Board<W, P>,
    points: impl IntoIterator<Item = Point>,
    keep: impl Fn(Point) -> bool,
    mut f: impl FnMut(Point),
) {
    let mut seen = PointList::new();
    for q in points {
        if b.color_at(q).is_none() || !keep(q) {
            continue;
        }
        let h = b.chain_head(q);
        if !seen.contains(h) {
            seen.push(h);
            f(q);
        }
    }
}

/// The two-liberty race around the last move `l1`: [`twolib::two_lib_check`] for the last
/// move's own chain and every chain next to it with two liberties.
fn two_lib_moves<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    l1: Point,
    out: &mut PointList,
) {
    let around = std::iter::once(l1).chain(b.neighbors(l1));
    each_chain(
        b,
        around,
        |q| b.lib_count(q) == 2,
        |q| twolib::two_lib_check(b, q, c, out),
    );
}

/// Own chains of three or four liberties among the eight points around the last move `l1`:
/// [`twolib::n_lib_defence`] for each.
fn n_lib_moves<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    l1: Point,
    out: &mut PointList,
) {
    let own = |q: Point| b.color_at(q) == Some(c) && (3..=4).contains(&b.lib_count(q));
    each_chain(b, b.neighbours8(l1), own, |q| {
        twolib::n_lib_defence(b, q, c, out)
    });
}

/// A random legal move that does not fill an own eye and is permitted ([`permitted`]),
/// with the last random pick refused as a bad self-atari, if any; `None` (a pass) when no
/// permitted move is left. A refused pick is replaced by the chain's other liberty or
/// another random move; with probability `100 - hp.self_atari` it is played anyway while
/// any permitted move is left.
fn random_move<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    c: Color,
    hp: &HeavyParams,
    rng: &mut R,
) -> (Option<Point>, Option<Point>) {
    for _ in 0..hp.fill {
        let e = b.empty_list();
        if e.is_empty() {
            break;
        }
        let p = Point(e[below(rng, e.len() as u32) as usize]);
        if pattern3::code(b, p) == 0 {
            return (Some(p), None);
        }
    }
    let filter = roll(rng, hp.self_atari);
    let mut refused = None;
    for _ in 0..4 {
        let Some(p) = b.random_move(c, |n| below(rng, n)) else {
            return (None, None);
        };
        if permitted(b, c, p) {
            return (Some(p), refused);
        }
        refused = Some(p);
        if !filter {
            break;
        }
        if let Some(q) = tactics::self_atari_other_lib(b, c, p) {
            if good(b, c, q) {
                return (Some(q), refused);
            }
        }
    }
    let scan = b.random_move_where(c, |n| below(rng, n), |b, p| permitted(b, c, p));
    match scan {
        Some(q) if filter => (Some(q), refused),
        Some(_) => (refused, None),
        None => (None, refused),
    }
}

#[cfg(test)]
mod tests;
