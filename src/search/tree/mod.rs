//! The search tree: nodes in preallocated arenas (no allocation per node), the children of a
//! node as one contiguous range, statistics as lock-free atomics shared by every worker. A
//! node's parts live in three arenas at the same index, laid out by who touches them: what
//! selection reads ([`Node`]), the AMAF counts every simulation writes for most siblings on
//! its path ([`Amaf`]), and the children's range with the score sum (`Link`).
//!
//! A node stands for a move; its statistics are from the view of the colour that made it.
//! Wins are kept doubled (a draw is one half-win), AMAF counts in 1/16 units so that moves
//! played early in a simulation can weigh more.

mod arena;
mod node;

pub use node::{Amaf, NewChild, Node, PASS};

use crate::board::{Color, Point};
use arena::Arena;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicUsize, Ordering::Relaxed};

/// Node index in the arena. Index 0 is never a real child (it is the first root).
pub type NodeId = u32;

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

impl Link {
    /// No children, no score.
    fn reset(&self) {
        self.score2.store(0, Relaxed);
        self.first.store(0, Relaxed);
        self.count.store(0, Relaxed);
    }
}

/// Bytes one node takes in the arena (`--max-tree-mb` divides by this).
pub const NODE_BYTES: usize =
    std::mem::size_of::<Node>() + std::mem::size_of::<Amaf>() + std::mem::size_of::<Link>();

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
        if !n.begin_expand() {
            return false;
        }
        let k = children.len();
        let start = self.top.fetch_add(k, Relaxed);
        if k == 0 || start + k > self.nodes.cap {
            // full (or nothing to add): stays a leaf for good
            self.top.fetch_min(self.nodes.cap, Relaxed);
            n.stay_leaf();
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
        n.end_expand();
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
            let net = self.nodes.get(i).has_net();
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
                d.set_leaf();
            } else {
                dl.first.store(rank(kids.start as usize), Relaxed);
                dl.count.store(kids.len() as u32, Relaxed);
                d.set_expanded(net);
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
    use super::arena::CHUNK_BITS;
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
