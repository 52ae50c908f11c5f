//! The search tree: nodes in preallocated arenas (no allocation per node), the children of a
//! node as one contiguous range, statistics as lock-free atomics shared by every worker. A
//! node's parts live in three arenas at the same index, laid out by who touches them: what
//! selection reads ([`Node`]), the AMAF counts every simulation writes for most siblings on
//! its path ([`Amaf`]), and the children's range with the score sum (`Link`).
//!
//! A node stands for a move; its statistics are from the view of the colour that made it.
//! Wins are kept doubled (a draw is one half-win), AMAF counts in 1/16 units so that moves
//! played early in a simulation can weigh more.

use crate::board::{Color, Point};
use std::sync::atomic::Ordering::{Acquire, Release};
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicUsize, Ordering::Relaxed};
use std::sync::OnceLock;

/// Node index in the arena. Index 0 is never a real child (it is the first root).
pub type NodeId = u32;

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

/// The rest of a node, read once per visit rather than once per sibling: where its children
/// are and the sum of its results' score margins.
#[derive(Default, Debug)]
struct Link {
    /// Sum of final score margins for the mover, doubled.
    score2: AtomicI64,
    /// First child.
    first: AtomicU32,
    /// Number of children.
    count: AtomicU32,
}

impl Amaf {
    /// No counts.
    fn reset(&self) {
        self.n.store(0, Relaxed);
        self.w.store(0, Relaxed);
    }

    /// The counts of `o`.
    fn copy_from(&self, o: &Amaf) {
        self.n.store(o.n.load(Relaxed), Relaxed);
        self.w.store(o.w.load(Relaxed), Relaxed);
    }
}

impl Link {
    /// No children, no score.
    fn reset(&self) {
        self.score2.store(0, Relaxed);
        self.first.store(0, Relaxed);
        self.count.store(0, Relaxed);
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
    fn reset(&self, c: Color, p: Point, rank: u32, prior_n: u32, prior_w2: u32) {
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
    fn copy_from(&self, o: &Node) {
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
}

/// Bytes one node takes in the arena (`--max-tree-mb` divides by this).
pub const NODE_BYTES: usize =
    std::mem::size_of::<Node>() + std::mem::size_of::<Amaf>() + std::mem::size_of::<Link>();

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

/// Nodes per arena chunk; chunks are allocated when first used, so a small search costs
/// little memory.
const CHUNK_BITS: u32 = 15;

/// Storage of one part of the nodes in chunks allocated on first use; indices are global.
struct Arena<T> {
    chunks: Vec<OnceLock<Box<[T]>>>,
    cap: usize,
}

impl<T: Default> Arena<T> {
    fn new(cap: usize) -> Arena<T> {
        let n = cap.div_ceil(1 << CHUNK_BITS);
        Arena {
            chunks: (0..n).map(|_| OnceLock::new()).collect(),
            cap,
        }
    }

    #[inline(always)]
    fn chunk(&self, c: usize) -> &[T] {
        self.chunks[c].get_or_init(|| {
            let mut v = Vec::with_capacity(1 << CHUNK_BITS);
            v.resize_with(1 << CHUNK_BITS, T::default);
            v.into_boxed_slice()
        })
    }

    #[inline(always)]
    fn get(&self, id: usize) -> &T {
        &self.chunk(id >> CHUNK_BITS)[id & ((1 << CHUNK_BITS) - 1)]
    }

    /// The nodes `start..start + len` as at most two slices (a range no longer than a
    /// chunk straddles at most one chunk boundary).
    #[inline]
    fn run(&self, start: usize, len: usize) -> [&[T]; 2] {
        let mask = (1 << CHUNK_BITS) - 1;
        let (c, off) = (start >> CHUNK_BITS, start & mask);
        let first = &self.chunk(c)[off..];
        if len <= first.len() {
            [&first[..len], &[]]
        } else {
            let rest = len - first.len();
            [first, &self.chunk(c + 1)[..rest]]
        }
    }

    /// Frees the chunks that hold no index below `used`.
    fn release_from(&mut self, used: usize) {
        let keep = used.div_ceil(1 << CHUNK_BITS).max(1);
        for c in self.chunks.iter_mut().skip(keep) {
            c.take();
        }
    }
}

/// The arena of nodes.
pub struct Tree {
    nodes: Arena<Node>,
    /// Each node's AMAF counts, at the node's index.
    amaf: Arena<Amaf>,
    /// Each node's children and score, at the node's index.
    links: Arena<Link>,
    /// Next free slot.
    top: AtomicUsize,
    /// The root of the current search.
    root: NodeId,
}

impl Tree {
    /// An empty tree with room for `cap` nodes, its root a pass by `last` (the colour that
    /// moved last, so the root's children are moves by the other colour).
    pub fn new(cap: usize, last: Color) -> Tree {
        let cap = cap.clamp(16, u32::MAX as usize / 2);
        let t = Tree {
            nodes: Arena::new(cap),
            amaf: Arena::new(cap),
            links: Arena::new(cap),
            top: AtomicUsize::new(1),
            root: 0,
        };
        t.nodes.get(0).reset(last, PASS, 0, 0, 0);
        t.amaf.get(0).reset();
        t.links.get(0).reset();
        t
    }

    /// Room in nodes.
    pub fn capacity(&self) -> usize {
        self.nodes.cap
    }

    /// Nodes in use (garbage left behind by tree reuse included).
    pub fn used(&self) -> usize {
        self.top.load(Relaxed).min(self.nodes.cap)
    }

    /// The root of the search.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The node with this index.
    #[inline(always)]
    pub fn node(&self, id: NodeId) -> &Node {
        self.nodes.get(id as usize)
    }

    /// The children's index range of `id` (empty before expansion).
    #[inline]
    pub fn children(&self, id: NodeId) -> std::ops::Range<NodeId> {
        if !self.node(id).is_expanded() {
            return 0..0;
        }
        let l = self.links.get(id as usize);
        let f = l.first.load(Relaxed);
        f..f + l.count.load(Relaxed)
    }

    /// Mean score margin for the mover of `id` over its real visits.
    pub fn score_mean(&self, id: NodeId) -> f64 {
        let n = self.node(id).n();
        if n == 0 {
            0.0
        } else {
            self.links.get(id as usize).score2.load(Relaxed) as f64 / (2.0 * n as f64)
        }
    }

    /// Adds a result's doubled score margin (for the mover of `id`) to its sum; like the
    /// other results, a rare addition may be lost to a race between workers.
    #[inline]
    pub fn add_score(&self, id: NodeId, d2: i64) {
        let s = &self.links.get(id as usize).score2;
        s.store(s.load(Relaxed).wrapping_add(d2), Relaxed);
    }

    /// The children of `id` in order with their AMAF counts, and the index of the first
    /// child: a loop over every child reads them as at most two runs of the arenas, without
    /// a lookup each.
    #[inline]
    pub fn child_stats(&self, id: NodeId) -> (NodeId, impl Iterator<Item = (&Node, &Amaf)>) {
        let r = self.children(id);
        let (start, len) = (r.start as usize, r.len());
        let runs = if len == 0 {
            [(&[][..], &[][..]), (&[][..], &[][..])]
        } else {
            let [n0, n1] = self.nodes.run(start, len);
            let [a0, a1] = self.amaf.run(start, len);
            [(n0, a0), (n1, a1)]
        };
        (r.start, runs.into_iter().flat_map(|(n, a)| n.iter().zip(a)))
    }

    /// Starts over with a single root whose move was made by `last`.
    pub fn reset(&mut self, last: Color) {
        self.top.store(1, Relaxed);
        self.root = 0;
        self.nodes.get(0).reset(last, PASS, 0, 0, 0);
        self.amaf.get(0).reset();
        self.links.get(0).reset();
    }

    /// Adds the children of `id` unless another worker does it already or the arena is full.
    /// Returns whether this call added them. `c` is the colour of the children's moves.
    pub fn expand(&self, id: NodeId, c: Color, children: &[NewChild]) -> bool {
        let n = self.nodes.get(id as usize);
        if n.state
            .compare_exchange(
                n.state.load(Relaxed) & PRUNED,
                n.state.load(Relaxed) & PRUNED | EXPANDING,
                Acquire,
                Relaxed,
            )
            .is_err()
        {
            return false;
        }
        let k = children.len();
        let start = self.top.fetch_add(k, Relaxed);
        if k == 0 || start + k > self.nodes.cap {
            // full (or nothing to add): stays a leaf for good
            self.top.fetch_min(self.nodes.cap, Relaxed);
            n.state.fetch_and(PRUNED, Relaxed);
            n.state.fetch_or(EXPANDING, Relaxed);
            return false;
        }
        for (i, ch) in children.iter().enumerate() {
            self.nodes
                .get(start + i)
                .reset(c, ch.point, i as u32, ch.prior_n, ch.prior_w2);
            self.amaf.get(start + i).reset();
            self.links.get(start + i).reset();
        }
        let l = self.links.get(id as usize);
        l.first.store(start as u32, Relaxed);
        l.count.store(k as u32, Relaxed);
        let flags = n.state.load(Relaxed) & PRUNED;
        n.state.store(flags | EXPANDED, Release);
        true
    }

    /// Whether no further node fits.
    pub fn is_full(&self) -> bool {
        self.top.load(Relaxed) >= self.nodes.cap
    }

    /// The child of `id` for move `p` by `c`, if it exists.
    pub fn find_child(&self, id: NodeId, c: Color, p: Point) -> Option<NodeId> {
        self.children(id)
            .find(|&k| self.node(k).point() == p && self.node(k).color() == c)
    }

    /// Makes `id` the root. When more than half the arena is in use, the nodes outside the
    /// subtree under it (left behind by the moves played) are freed by compaction. Needs no
    /// worker running.
    pub fn set_root(&mut self, id: NodeId) {
        self.root = id;
        if self.used() * 2 > self.nodes.cap {
            self.compact();
        }
    }

    /// Slides the subtree under the root down to the front of the arena, in place (no second
    /// arena: memory never exceeds the cap), keeping the nodes' order so that every node's
    /// children stay contiguous; the chunks left empty above are released.
    ///
    /// Children are always allocated after their parent, so one pass in index order marks
    /// the subtree, and every live node moves to a lower or equal index.
    fn compact(&mut self) {
        let top = self.used();
        let words = top.div_ceil(64);
        let mut live = vec![0u64; words];
        let mark = |live: &mut [u64], i: usize| live[i / 64] |= 1 << (i % 64);
        let is_live = |live: &[u64], i: usize| live[i / 64] >> (i % 64) & 1 == 1;
        mark(&mut live, self.root as usize);
        for i in self.root as usize..top {
            if is_live(&live, i) {
                for k in self.children(i as NodeId) {
                    mark(&mut live, k as usize);
                }
            }
        }
        // rank: the new index of a live node is the number of live nodes before it
        let mut base = Vec::with_capacity(words);
        let mut sum = 0u32;
        for w in &live {
            base.push(sum);
            sum += w.count_ones();
        }
        let rank = |i: usize| base[i / 64] + (live[i / 64] & ((1u64 << (i % 64)) - 1)).count_ones();
        for i in self.root as usize..top {
            if !is_live(&live, i) {
                continue;
            }
            let kids = self.children(i as NodeId);
            let net = self.nodes.get(i).state.load(Relaxed) & NET;
            let dst = rank(i) as usize;
            let (d, dl) = (self.nodes.get(dst), self.links.get(dst));
            if dst != i {
                d.copy_from(self.nodes.get(i));
                self.amaf.get(dst).copy_from(self.amaf.get(i));
                let src = self.links.get(i);
                dl.score2.store(src.score2.load(Relaxed), Relaxed);
            }
            if kids.is_empty() {
                // a leaf (also one that a full arena left unexpanded: there is room now)
                dl.first.store(0, Relaxed);
                dl.count.store(0, Relaxed);
                d.state.store(LEAF, Relaxed);
            } else {
                dl.first.store(rank(kids.start as usize), Relaxed);
                dl.count.store(kids.len() as u32, Relaxed);
                d.state.store(EXPANDED | net, Relaxed);
            }
        }
        let kept = sum as usize;
        log::debug!("tree compacted: {kept} of {top} nodes kept");
        self.nodes.release_from(kept);
        self.amaf.release_from(kept);
        self.links.release_from(kept);
        self.top.store(kept.max(1), Relaxed);
        self.root = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kids(pts: &[u16]) -> Vec<NewChild> {
        pts.iter()
            .map(|&p| NewChild {
                point: Point(p),
                prior_n: 10,
                prior_w2: 10,
            })
            .collect()
    }

    #[test]
    fn ranks_and_the_network_flag_survive_compaction() {
        let mut t = Tree::new(1000, Color::White);
        assert!(t.expand(0, Color::Black, &kids(&[5, 6, 7])));
        assert_eq!(
            t.children(0).map(|k| t.node(k).rank()).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        let second = t.children(0).nth(1).unwrap();
        assert!(t.expand(second, Color::White, &kids(&[8, 9])));
        let n = t.node(second);
        assert!(!n.has_net());
        assert!(n.claim_net());
        assert!(!n.claim_net(), "claimed twice");
        let grandchild = t.children(second).next().unwrap();
        t.node(grandchild).set_rank(7);
        assert_eq!(t.node(grandchild).point_and_rank(), (Point(8), 7));
        assert_eq!(t.node(grandchild).color(), Color::White);
        // the root moves down and the subtree slides to the front of the arena
        t.set_root(second);
        t.compact();
        let root = t.node(t.root());
        assert!(root.has_net() && root.is_expanded());
        let first = t.children(t.root()).next().unwrap();
        assert_eq!(t.node(first).point_and_rank(), (Point(8), 7));
    }

    #[test]
    fn child_stats_cross_a_chunk_boundary() {
        let chunk = 1usize << CHUNK_BITS;
        let t = Tree::new(2 * chunk + 64, Color::White);
        // the root's children fill the first chunk but two slots; a child's five then
        // straddle the boundary
        let many: Vec<u16> = (0..chunk as u16 - 3).map(|i| i % 300 + 1).collect();
        assert!(t.expand(0, Color::Black, &kids(&many)));
        assert!(t.expand(1, Color::White, &kids(&[11, 12, 13, 14, 15])));
        assert_eq!(t.children(1).start as usize, chunk - 2);
        for id in [0, 1, 2] {
            let (first, stats) = t.child_stats(id);
            let stats: Vec<(&Node, &Amaf)> = stats.collect();
            let ids: Vec<NodeId> = t.children(id).collect();
            assert_eq!(stats.len(), ids.len(), "node {id}");
            if let Some(&k) = ids.first() {
                assert_eq!(first, k);
            }
            // each child's node and counts are the ones at its index, on both sides of the
            // boundary
            for (&k, &(n, a)) in ids.iter().zip(&stats) {
                assert!(std::ptr::eq(n, t.node(k)), "node {id}, child {k}");
                assert!(
                    std::ptr::eq(a, t.amaf.get(k as usize)),
                    "node {id}, child {k}"
                );
            }
        }
    }

    #[test]
    fn expand_once_and_find_children() {
        let t = Tree::new(100, Color::White);
        assert!(t.expand(0, Color::Black, &kids(&[5, 6, 7])));
        assert!(!t.expand(0, Color::Black, &kids(&[8])));
        assert_eq!(t.children(0), 1..4);
        let c = t.find_child(0, Color::Black, Point(6)).unwrap();
        assert_eq!(t.node(c).point(), Point(6));
        assert_eq!(t.node(c).color(), Color::Black);
        assert_eq!(t.node(c).prior_value(), 0.5);
        assert!(t.find_child(0, Color::White, Point(6)).is_none());
    }

    #[test]
    fn a_full_arena_leaves_leaves() {
        let t = Tree::new(16, Color::White);
        assert!(t.expand(0, Color::Black, &kids(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])));
        assert!(!t.expand(1, Color::White, &kids(&[11, 12, 13, 14, 15, 16])));
        assert!(t.children(1).is_empty());
        assert!(t.is_full());
        // and it stays a leaf without further attempts succeeding
        assert!(!t.expand(1, Color::White, &kids(&[11])));
    }

    #[test]
    fn compaction_keeps_the_subtree() {
        let mut t = Tree::new(40, Color::White);
        t.expand(0, Color::Black, &kids(&[1, 2, 3]));
        let a = t.find_child(0, Color::Black, Point(2)).unwrap();
        t.node(a).visits.store(17, Relaxed);
        t.expand(a, Color::White, &kids(&[4, 5, 6, 7]));
        let b = t.find_child(a, Color::White, Point(5)).unwrap();
        t.expand(b, Color::Black, &kids(&[8, 9]));
        // garbage: children of a sibling
        let s = t.find_child(0, Color::Black, Point(3)).unwrap();
        t.expand(
            s,
            Color::White,
            &kids(&[10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]),
        );
        assert!(t.used() * 2 > t.capacity());
        t.set_root(a);
        assert_eq!(t.root(), 0);
        assert_eq!(t.used(), 1 + 4 + 2);
        let r = t.node(t.root());
        assert_eq!(r.point(), Point(2));
        assert_eq!(r.n(), 17);
        let b2 = t.find_child(0, Color::White, Point(5)).unwrap();
        assert_eq!(
            t.children(b2)
                .map(|k| t.node(k).point().0)
                .collect::<Vec<_>>(),
            vec![8, 9]
        );
    }

    /// The subtree under `id` as nested (point, colour, visits, children).
    fn shape(t: &Tree, id: NodeId) -> String {
        let n = t.node(id);
        let kids: Vec<String> = t.children(id).map(|k| shape(t, k)).collect();
        format!(
            "({} {:?} {} [{}])",
            n.point().0,
            n.color(),
            n.n(),
            kids.join(" ")
        )
    }

    #[test]
    fn compaction_in_place_keeps_random_subtrees() {
        let mut seed = 12345u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for round in 0..20 {
            let mut t = Tree::new(3000, Color::White);
            // grow by expanding random leaves, as searches do, until the arena is full
            let mut leaves = vec![0u32];
            while !t.is_full() && !leaves.is_empty() {
                let i = rnd(leaves.len() as u64) as usize;
                let id = leaves.swap_remove(i);
                let c = t.node(id).color().opponent();
                let n = 1 + rnd(12) as u16;
                let pts: Vec<u16> = (1..=n).collect();
                if t.expand(id, c, &kids(&pts)) {
                    for k in t.children(id) {
                        t.node(k).visits.store(rnd(1000) as u32, Relaxed);
                        leaves.push(k);
                    }
                }
            }
            // a leaf left unexpanded by the full arena
            let stuck = leaves.first().copied();
            if let Some(s) = stuck {
                assert!(!t.expand(s, Color::Black, &kids(&[1])));
            }
            // the new root: two moves down from the old one
            let mut id = 0;
            for _ in 0..2 {
                let r = t.children(id);
                if r.is_empty() {
                    break;
                }
                id = r.start + rnd(r.len() as u64) as u32;
            }
            let before = shape(&t, id);
            let used = t.used();
            t.set_root(id);
            assert_eq!(shape(&t, t.root()), before, "round {round}");
            if used * 2 > t.capacity() {
                assert_eq!(t.root(), 0);
                assert!(t.used() < used);
                assert!(!t.is_full());
                // the freed room takes new children, also under formerly stuck leaves
                let leaf = (0..t.used() as u32)
                    .find(|&k| t.children(k).is_empty())
                    .unwrap();
                assert!(
                    t.expand(leaf, Color::Black, &kids(&[1, 2])),
                    "round {round}"
                );
            }
        }
    }
}
