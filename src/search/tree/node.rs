//! A node of the tree: its move (point, colour, widening rank), the statistics selection
//! reads, its expansion state and flags ([`Node`]), its AMAF counts ([`Amaf`]), and a child
//! to add ([`NewChild`]).

use crate::board::{Color, Point};
use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};

/// The move of the pass node (index 0 is an off-board margin point on every size).
pub const PASS: Point = Point(0);

/// Expansion state: no children yet.
const LEAF: u32 = 0;
/// Expansion state: a worker is adding the children.
const EXPANDING: u32 = 1;
/// Expansion state: children are in place.
const EXPANDED: u32 = 2;
/// Flag bit: the move may not be chosen at the root of this search.
const PRUNED: u32 = 4;
/// Flag bit: the policy network has set the children's priors.
const NET: u32 = 8;
/// Where a child's widening rank sits in its move word (above the point and the colour).
const RANK_SHIFT: u32 = 17;

/// One move of the tree with the statistics that selection reads: six words, so a pass over
/// a node's children touches few cache lines. The AMAF counts, which every simulation writes
/// for most siblings on its path, sit apart in [`Amaf`] (eight to a line: two workers
/// writing them dirty a quarter of the lines they would inside the node), and the children's
/// range and score sum, read once per visit, in `Link`.
#[derive(Default, Debug)]
pub struct Node {
    /// Point (low 16 bits, 0 for pass), colour (bit 16) and widening rank (from bit 17:
    /// the order in which progressive widening admits the child) of the move.
    mv: AtomicU32,
    /// Visits, including the virtual losses of simulations still running.
    pub visits: AtomicU32,
    /// Wins for the mover, doubled.
    pub wins2: AtomicU32,
    /// Prior: virtual visits.
    pub prior_n: AtomicU32,
    /// Prior: virtual wins, doubled.
    pub prior_w2: AtomicU32,
    /// Expansion state and flags.
    state: AtomicU32,
}

/// A node's all-moves-as-first statistics.
#[derive(Default, Debug)]
pub struct Amaf {
    /// AMAF visits in 1/16 units (x2 for the half-win scale).
    pub n: AtomicU32,
    /// AMAF wins in the same units.
    pub w: AtomicU32,
}

impl Amaf {
    /// No counts.
    pub(super) fn reset(&self) {
        self.n.store(0, Relaxed);
        self.w.store(0, Relaxed);
    }

    /// The counts of `o`.
    pub(super) fn copy_from(&self, o: &Amaf) {
        self.n.store(o.n.load(Relaxed), Relaxed);
        self.w.store(o.w.load(Relaxed), Relaxed);
    }
}

impl Node {
    /// The point played (`PASS` for a pass).
    #[inline]
    pub fn point(&self) -> Point {
        Point((self.mv.load(Relaxed) & 0xffff) as u16)
    }

    /// The colour that made the move.
    #[inline]
    pub fn color(&self) -> Color {
        if self.mv.load(Relaxed) >> 16 & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The child's place in progressive widening's order (0: admitted first).
    #[inline]
    pub fn rank(&self) -> u32 {
        self.mv.load(Relaxed) >> RANK_SHIFT
    }

    /// The point played and [`Node::rank`], from one read.
    #[inline]
    pub fn point_and_rank(&self) -> (Point, u32) {
        let mv = self.mv.load(Relaxed);
        (Point((mv & 0xffff) as u16), mv >> RANK_SHIFT)
    }

    /// Moves the child to place `r` of progressive widening's order.
    pub fn set_rank(&self, r: u32) {
        let mv = self.mv.load(Relaxed);
        self.mv
            .store(mv & ((1 << RANK_SHIFT) - 1) | r << RANK_SHIFT, Relaxed);
    }

    /// Whether the policy network has set the children's priors.
    pub fn has_net(&self) -> bool {
        self.state.load(Relaxed) & NET != 0
    }

    /// Marks the children's priors as the network's; `false` when they already were (or
    /// another worker is setting them), so one caller only sets them.
    pub fn claim_net(&self) -> bool {
        self.state.fetch_or(NET, Relaxed) & NET == 0
    }

    /// The move as an option (`None`: pass).
    pub fn as_move(&self) -> Option<Point> {
        let p = self.point();
        (p != PASS).then_some(p)
    }

    /// Sets everything from scratch for a new move.
    pub(super) fn reset(&self, c: Color, p: Point, rank: u32, prior_n: u32, prior_w2: u32) {
        self.mv.store(
            p.0 as u32 | (c.index() as u32) << 16 | rank << RANK_SHIFT,
            Relaxed,
        );
        for a in [&self.visits, &self.wins2] {
            a.store(0, Relaxed);
        }
        self.prior_n.store(prior_n, Relaxed);
        self.prior_w2.store(prior_w2, Relaxed);
        self.state.store(LEAF, Relaxed);
    }

    /// Copies the move and the statistics (not the state) from `o`.
    pub(super) fn copy_from(&self, o: &Node) {
        self.mv.store(o.mv.load(Relaxed), Relaxed);
        for (a, b) in [
            (&self.visits, &o.visits),
            (&self.wins2, &o.wins2),
            (&self.prior_n, &o.prior_n),
            (&self.prior_w2, &o.prior_w2),
        ] {
            a.store(b.load(Relaxed), Relaxed);
        }
    }

    /// Real visits (virtual losses included while simulations run).
    #[inline]
    pub fn n(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// Mean result for the mover over real visits, 0..1 (0.5 before any).
    pub fn winrate(&self) -> f64 {
        let n = self.n();
        if n == 0 {
            0.5
        } else {
            self.wins2.load(Relaxed) as f64 / (2.0 * n as f64)
        }
    }

    /// The prior as a value, 0..1 (0.5 without one).
    pub fn prior_value(&self) -> f64 {
        let n = self.prior_n.load(Relaxed);
        if n == 0 {
            0.5
        } else {
            self.prior_w2.load(Relaxed) as f64 / (2.0 * n as f64)
        }
    }

    /// Whether the move is barred at the root of the current search.
    #[inline]
    pub fn is_pruned(&self) -> bool {
        self.state.load(Relaxed) & PRUNED != 0
    }

    /// Bars or frees the move at the root.
    pub fn set_pruned(&self, on: bool) {
        if on {
            self.state.fetch_or(PRUNED, Relaxed);
        } else {
            self.state.fetch_and(!PRUNED, Relaxed);
        }
    }

    /// Whether the children are in place.
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.state.load(Acquire) & 3 == EXPANDED
    }

    /// Claims the expansion of this leaf for the caller; `false` when another worker has
    /// it (or it is expanded, or stays a leaf for good).
    pub(super) fn begin_expand(&self) -> bool {
        self.state
            .compare_exchange(
                self.state.load(Relaxed) & PRUNED,
                self.state.load(Relaxed) & PRUNED | EXPANDING,
                Acquire,
                Relaxed,
            )
            .is_ok()
    }

    /// Ends a claimed expansion with no children: the node stays a leaf for good.
    pub(super) fn stay_leaf(&self) {
        self.state.fetch_and(PRUNED, Relaxed);
        self.state.fetch_or(EXPANDING, Relaxed);
    }

    /// Ends a claimed expansion: the children are in place.
    pub(super) fn end_expand(&self) {
        let flags = self.state.load(Relaxed) & PRUNED;
        self.state.store(flags | EXPANDED, Release);
    }

    /// Makes the node a leaf again, free to expand, with no flags (tree compaction).
    pub(super) fn set_leaf(&self) {
        self.state.store(LEAF, Relaxed);
    }

    /// Makes the node expanded, with the network's flag when `net` and no other (tree
    /// compaction).
    pub(super) fn set_expanded(&self, net: bool) {
        self.state
            .store(EXPANDED | if net { NET } else { 0 }, Relaxed);
    }
}

/// A child to add: move, prior visits and doubled prior wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewChild {
    /// The point (`PASS` for pass).
    pub point: Point,
    /// Virtual visits of the prior.
    pub prior_n: u32,
    /// Virtual wins of the prior, doubled.
    pub prior_w2: u32,
}
