//! What the tree says: the report of a search (root moves most visited first with their
//! winrates, score leads, priors, principal variations and spreads; the root's winrate,
//! lead and ownership), and the root's standing that the stop rules read.

use super::job::Job;
use super::TreeSearch;
use crate::board::Point;
use crate::search::time::Progress;
use crate::search::tree::{NodeId, Tree};
use crate::search::{lcb, scale_score_stdev, MoveInfo, Report};
use std::sync::atomic::Ordering::Relaxed;

impl TreeSearch {
    /// A report of the tree as it stands.
    pub(super) fn report(&self, job: &Job) -> Report {
        let tree = self.tree_read();
        let root_id = tree.root();
        let root = tree.node(root_id);
        let mut kids: Vec<NodeId> = tree
            .children(root_id)
            .filter(|&k| !tree.node(k).is_pruned() && tree.node(k).n() > 0)
            .collect();
        kids.sort_by(|&a, &b| {
            let (na, nb) = (tree.node(a), tree.node(b));
            nb.n()
                .cmp(&na.n())
                .then(nb.winrate().total_cmp(&na.winrate()))
        });
        if kids.is_empty() {
            // no playout finished (a tiny time allowance on a busy machine): the stone the
            // priors like best, rather than no move at all (which would be a pass)
            let best = tree
                .children(root_id)
                .filter(|&k| !tree.node(k).is_pruned() && tree.node(k).as_move().is_some())
                .max_by(|&a, &b| {
                    let (pa, pb) = (tree.node(a).prior_value(), tree.node(b).prior_value());
                    pa.total_cmp(&pb)
                });
            kids.extend(best);
        }
        let prior_sum: f64 = tree
            .children(root_id)
            .filter(|&k| !tree.node(k).is_pruned())
            .map(|k| prior_weight(tree.node(k).prior_value()))
            .sum::<f64>()
            .max(1e-9);
        let moves = kids
            .iter()
            .map(|&k| {
                let n = tree.node(k);
                let w = n.winrate();
                let at = n.point().idx();
                let (pv, pv_visits) = principal_variation(&tree, k, 12).into_iter().unzip();
                MoveInfo {
                    mv: n.as_move(),
                    visits: n.n() as u64,
                    winrate: w,
                    score_lead: tree.score_mean(k),
                    prior: prior_weight(n.prior_value()) / prior_sum,
                    lcb: lcb(w, n.n() as f64),
                    pv,
                    pv_visits,
                    score_stdev: job.sums.move_score_stdev(at),
                    ownership: job.sums.move_ownership(at),
                }
            })
            .collect();
        let (ownership, ownership_stdev) = job.sums.ownership();
        let mut report = Report {
            color: Some(job.color),
            playouts: job.done.load(Relaxed),
            reused: job.reused,
            moves,
            winrate: 1.0 - root.winrate(),
            score_lead: -tree.score_mean(root_id),
            ownership,
            score_stdev: job.sums.score_stdev(),
            ownership_stdev,
        };
        scale_score_stdev(&mut report, &job.board);
        report
    }

    /// The root's statistics for the stop rules ([`crate::search::time::stop_reason`]): the
    /// two most visited moves, the best one's winrate, and whether the best move is clear
    /// enough to stop at the soft limit (the most visited move has at least twice the visits
    /// of the next and no other move with a tenth of its visits has a clearly better winrate).
    pub(super) fn progress(&self, job: &Job, elapsed: f64) -> Progress {
        let tree = self.tree_read();
        let mut v: Vec<(u32, f64)> = tree
            .children(tree.root())
            .map(|k| tree.node(k))
            .filter(|n| !n.is_pruned())
            .map(|n| (n.n(), n.winrate()))
            .collect();
        v.sort_by_key(|e| std::cmp::Reverse(e.0));
        let (best, second) = match v.as_slice() {
            [] => ((0, 0.5), (0, 0.5)),
            [b] => (*b, (0, 0.5)),
            [b, s, ..] => (*b, *s),
        };
        let clear = best.0 >= 2 * second.0
            && v.iter()
                .skip(1)
                .all(|&(n, w)| n * 10 < best.0 || w <= best.1 + 0.03);
        Progress {
            elapsed,
            playouts: job.done.load(Relaxed),
            best: best.0 as u64,
            second: second.0 as u64,
            winrate: best.1,
            clear,
            enough: tree.node(tree.root()).n() as u64 >= self.params.min_visits_to_stop,
        }
    }
}

/// A prior value turned into a weight for the reported prior probability.
fn prior_weight(v: f64) -> f64 {
    (v * v * v).max(1e-6)
}

/// The most visited line from `k`, at most `len` moves, while nodes have a few visits:
/// each move with the visits of its node.
fn principal_variation(tree: &Tree, k: NodeId, len: usize) -> Vec<(Option<Point>, u64)> {
    let entry = |id: NodeId| (tree.node(id).as_move(), tree.node(id).n() as u64);
    let mut pv = vec![entry(k)];
    let mut id = k;
    while pv.len() < len {
        let best = tree.children(id).max_by_key(|&c| tree.node(c).n());
        match best {
            Some(c) if tree.node(c).n() >= 2 => {
                pv.push(entry(c));
                id = c;
            }
            _ => break,
        }
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::super::tests::{params, think};
    use super::super::TreeSearch;
    use crate::board::Color;
    use crate::rules::{Game, Preset, Rules};
    use crate::search::{Limits, Request, Searcher};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_search_stopped_before_any_playout_still_names_a_stone() {
        // regression: under load a tiny time allowance could finish no playout, and the
        // empty report became a pass on an empty board
        let g = Game::new(19, Rules::preset(Preset::Chinese)).unwrap();
        let r = TreeSearch::new(&think(1), params()).search(
            &Request::new(
                &g,
                Color::Black,
                Limits {
                    playouts: Some(0),
                    ..Limits::default()
                },
            )
            .stop(&AtomicBool::new(true)),
            &mut |_| {},
        );
        assert!(r.playouts <= 1, "{}", r.playouts);
        assert!(
            r.moves.first().is_some_and(|m| m.mv.is_some()),
            "{:?}",
            r.moves
        );
    }
}
