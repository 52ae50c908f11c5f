//! A node's children and their priors: a leaf with enough visits gets its children (the
//! priors, the policy network's mixed in where it applies, moves that repeat a position
//! left out under superko), a busy node gets the network's priors once, and progressive
//! widening's order of the children follows their prior winrate.

use super::job::{last3, Job, Recent};
use crate::board::{Board, Color, Point};
use crate::nn::policy::Evaluator;
use crate::search::tree::{NewChild, NodeId, Tree, PASS};
use std::sync::atomic::Ordering::Relaxed;

/// A worker's buffers for expansion, kept across jobs on one board size.
pub(super) struct Expander {
    size: usize,
    kids: Vec<NewChild>,
    /// The policy network's buffers, once the network is first asked.
    evaluator: Option<Evaluator<'static>>,
}

impl Expander {
    /// Buffers for a board of `size`.
    pub(super) fn new(size: usize) -> Expander {
        Expander {
            size,
            kids: Vec::with_capacity(size * size + 1),
            evaluator: None,
        }
    }

    /// Readies node `id` (position `b`, `color` to move after the moves `last`) for a walk
    /// to pass through it: a leaf with `expand_visits` visits gets its children, an expanded
    /// node with `net_visits` its network priors. `false`: the walk ends at `id` (a leaf not
    /// ripe yet, a full tree, or no children).
    pub(super) fn ready<const W: usize, const P: usize>(
        &mut self,
        tree: &Tree,
        id: NodeId,
        b: &Board<W, P>,
        color: Color,
        last: &Recent,
        job: &Job,
    ) -> bool {
        let node = tree.node(id);
        if !node.is_expanded() {
            if node.n() < job.params.expand_visits || tree.is_full() {
                return false;
            }
            self.kids.clear();
            let size = self.size;
            let net = match (job.net, node.n() >= job.params.net_visits) {
                (Some(n), true) => Some(
                    self.evaluator
                        .get_or_insert_with(|| Evaluator::new(n, size))
                        .evaluate_remembered(b, color, last),
                ),
                _ => None,
            };
            let asked = net.is_some();
            job.priors
                .compute_mixed(b, color, &last3(last), net, &mut self.kids);
            if let Some(g) = &job.history {
                // positional and situational superko against the game's history
                self.kids.retain(|k| {
                    k.point == PASS
                        || !g.seen_before(b.hash_after(color, k.point), color.opponent())
                });
            }
            if job.params.pw_base > 0 {
                order_by_prior(&mut self.kids);
            }
            if tree.expand(id, color, &self.kids) && asked {
                node.claim_net();
            }
            if !node.is_expanded() {
                return false;
            }
        } else if let Some(n) = job.net {
            if node.n() >= job.params.net_visits && !node.has_net() && node.claim_net() {
                let e = self
                    .evaluator
                    .get_or_insert_with(|| Evaluator::new(n, self.size));
                set_net_priors(tree, id, b, color, last, job, e, &mut self.kids);
            }
        }
        true
    }
}

/// Replaces the priors of the children of `id` (expanded, `b` its position with `c` to
/// move after the moves `last`) by the ones with the policy network's probabilities mixed in,
/// and re-ranks them for progressive widening. `kids` is a buffer.
#[allow(clippy::too_many_arguments)]
pub(super) fn set_net_priors<const W: usize, const P: usize>(
    tree: &Tree,
    id: NodeId,
    b: &Board<W, P>,
    c: Color,
    last: &Recent,
    job: &Job,
    eval: &mut Evaluator<'static>,
    kids: &mut Vec<NewChild>,
) {
    kids.clear();
    let probs = eval.evaluate_remembered(b, c, last);
    job.priors
        .compute_mixed(b, c, &last3(last), Some(probs), kids);
    let children = tree.children(id);
    for k in children.clone() {
        let n = tree.node(k);
        let p = n.point();
        if let Some(new) = kids.iter().find(|x| x.point == p) {
            n.prior_n.store(new.prior_n, Relaxed);
            n.prior_w2.store(new.prior_w2, Relaxed);
        }
    }
    if job.params.pw_base > 0 {
        // progressive widening's order by the new priors, as `order_by_prior` ranks them
        let mut order: Vec<(f64, NodeId)> = children
            .map(|k| {
                let n = tree.node(k);
                let (pn, pw2) = (n.prior_n.load(Relaxed), n.prior_w2.load(Relaxed));
                (widening_key(n.point(), pn, pw2), k)
            })
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (r, &(_, k)) in order.iter().enumerate() {
            tree.node(k).set_rank(r as u32);
        }
    }
}

/// Children in the order progressive widening adds them: the best prior winrate first
/// (the learned patterns, tactics and book all feed it), a pass last.
pub(super) fn order_by_prior(kids: &mut [NewChild]) {
    let key = |k: &NewChild| widening_key(k.point, k.prior_n, k.prior_w2);
    kids.sort_by(|a, b| key(b).total_cmp(&key(a)));
}

/// A child's place in progressive widening's order, the highest first: its prior winrate
/// (-1 for a pass or no prior).
fn widening_key(point: Point, prior_n: u32, prior_w2: u32) -> f64 {
    if point == PASS || prior_n == 0 {
        -1.0
    } else {
        prior_w2 as f64 / prior_n as f64
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{params, pt, run, think};
    use super::super::TreeSearch;
    use super::*;
    use crate::rules::{Game, Move, Preset, Rules};
    use crate::search::tree::Node;

    #[test]
    fn the_network_sets_the_priors_of_the_root_and_of_busy_nodes_and_reranks_them() {
        let size = 19;
        let mut g = Game::new(size, Rules::preset(Preset::Chinese)).unwrap();
        for (c, v) in [
            (Color::Black, "Q16"),
            (Color::White, "D4"),
            (Color::Black, "Q3"),
        ] {
            g.play(c, Move::Play(pt(v, size))).unwrap();
        }
        // named settings, which the per-size defaults leave as they are
        let net_params = |share: f64| {
            let mut p = params();
            for a in ["pw_base=3", "net_visits=40", &format!("prior_net={share}")] {
                p.set(a).unwrap();
            }
            p
        };
        let priors = |s: &TreeSearch| -> Vec<(Point, u32, u32)> {
            let tree = s.tree_read();
            tree.children(tree.root())
                .map(|k| tree.node(k))
                .map(|n| (n.point(), n.prior_n.load(Relaxed), n.prior_w2.load(Relaxed)))
                .collect()
        };
        let mut off = TreeSearch::new(&think(1), net_params(0.0));
        run(&mut off, &g, Color::White, 600);
        let mut on = TreeSearch::new(&think(1), net_params(1.0));
        run(&mut on, &g, Color::White, 600);
        assert_ne!(
            priors(&off),
            priors(&on),
            "the network changed no root prior"
        );
        let tree = on.tree_read();
        assert!(tree.node(tree.root()).has_net());
        let mut busy = 0;
        for id in 0..tree.used() as NodeId {
            let n = tree.node(id);
            if !n.is_expanded() {
                assert!(!n.has_net());
                continue;
            }
            // every node that reached the threshold has the network's priors
            if n.n() > 40 {
                busy += 1;
                assert!(n.has_net(), "node {id} with {} visits", n.n());
            }
            if n.has_net() {
                // ranked by the priors now in place: rank 0 holds the best
                let kids: Vec<_> = tree.children(id).map(|k| tree.node(k)).collect();
                let key = |n: &&Node| {
                    widening_key(n.point(), n.prior_n.load(Relaxed), n.prior_w2.load(Relaxed))
                };
                let best = kids.iter().map(key).fold(f64::MIN, f64::max);
                let first = kids.iter().find(|k| k.rank() == 0).unwrap();
                assert_eq!(key(first), best);
                let mut ranks: Vec<u32> = kids.iter().map(|k| k.rank()).collect();
                ranks.sort_unstable();
                assert!(ranks.iter().enumerate().all(|(i, &r)| r == i as u32));
            }
        }
        assert!(busy > 1, "no node below the root reached the threshold");
        drop(tree);
        // the network off: no node has its priors, even the root
        let tree = off.tree_read();
        assert!((0..tree.used() as NodeId).all(|id| !tree.node(id).has_net()));
    }
}
