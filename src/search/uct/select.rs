//! Selection: the child a walk descends to, by MC-RAVE value (Silver's schedule between
//! the AMAF and the node's own winrate, the priors counted as virtual visits), among the
//! children progressive widening admits, with the search's ownership and criticality read
//! into extra virtual visits when those priors are on.

use super::job::Job;
use crate::board::Point;
use crate::search::tree::{NodeId, Tree, PASS};
use std::sync::atomic::Ordering::Relaxed;

/// The MC-RAVE value of a move: beta * AMAF + (1 - beta) * Q with Silver's minimum-MSE
/// schedule beta = r / (r + n + n r / k), plus the exploration term
/// `c * sqrt(ln(parent) / n)`. `n`, `q` include the prior's virtual visits.
#[inline]
pub(super) fn rave_value(q: f64, n: f64, amaf: f64, r: f64, k: f64, c: f64, parent: f64) -> f64 {
    let beta = if r > 0.0 {
        r / (r + n + n * r / k)
    } else {
        0.0
    };
    let v = beta * amaf + (1.0 - beta) * q;
    if c > 0.0 {
        v + c * ((parent + 1.0).ln() / (n + 1.0)).sqrt()
    } else {
        v
    }
}

/// Fewest playouts of the search before its ownership and criticality shape selection.
const OWNER_MIN_PLAYOUTS: u64 = 256;

/// What the search's playouts say about the points: ownership and criticality, read into
/// extra prior visits and wins for a move on each point.
struct PointKnowledge<'a> {
    job: &'a Job,
    /// 1 / playouts counted, 0 when too few.
    inv_n: f64,
    black_rate: f64,
    owned: f64,
    crit: f64,
}

impl<'a> PointKnowledge<'a> {
    fn of(job: &'a Job) -> PointKnowledge<'a> {
        let pr = &job.priors.params;
        let e = pr.even as f64;
        // both off (the default): no shared counter is read on the way down the tree
        let n = if pr.owned > 0.0 || pr.crit > 0.0 {
            job.sums.playouts()
        } else {
            0
        };
        let inv_n = if n >= OWNER_MIN_PLAYOUTS {
            1.0 / n as f64
        } else {
            0.0
        };
        PointKnowledge {
            job,
            inv_n,
            black_rate: if pr.crit > 0.0 {
                job.sums.black_wins() as f64 * inv_n
            } else {
                0.0
            },
            owned: e * pr.owned,
            crit: e * pr.crit,
        }
    }

    /// Extra virtual (visits, wins) for a move on `p`.
    #[inline]
    fn extra(&self, p: Point) -> (f64, f64) {
        if self.inv_n == 0.0 || p == PASS {
            return (0.0, 0.0);
        }
        let Some(o) = self.job.sums.owner_sum(p) else {
            return (0.0, 0.0);
        };
        // ownership -1 (White) .. 1 (Black)
        let own = o as f64 * self.inv_n;
        let mut n = 0.0;
        let mut w = 0.0;
        if self.owned > 0.0 && own.abs() >= 0.9 {
            n += self.owned;
        }
        if self.crit > 0.0 {
            if let Some(c) = self.job.sums.winner_owned(p) {
                let by_winner = c as f64 * self.inv_n;
                let black = (1.0 + own) / 2.0;
                let expected = black * self.black_rate + (1.0 - black) * (1.0 - self.black_rate);
                let crit = by_winner - expected;
                if crit > 0.0 {
                    let v = self.crit * (crit * 5.0).min(1.0);
                    n += v;
                    w += v;
                }
            }
        }
        (n, w)
    }
}

/// The child of `id` with the highest MC-RAVE value (barred moves skipped at the root),
/// among the first children progressive widening allows.
pub(super) fn select(tree: &Tree, id: NodeId, job: &Job, at_root: bool) -> Option<NodeId> {
    let parent = tree.node(id).n() as f64;
    let k = job.rave_k;
    let c = job.params.exploration;
    let width = job.params.widening(parent);
    let know = PointKnowledge::of(job);
    let mut best = None;
    let mut best_v = f64::NEG_INFINITY;
    let (first, children) = tree.child_stats(id);
    for (i, (ch, am)) in children.enumerate() {
        let kid = first + i as NodeId;
        if at_root && ch.is_pruned() {
            continue;
        }
        let (p, rank) = ch.point_and_rank();
        if rank as usize >= width && p != PASS {
            continue;
        }
        let (xn, xw) = know.extra(p);
        let n = ch.n() as f64 + ch.prior_n.load(Relaxed) as f64 + xn;
        let w2 = ch.wins2.load(Relaxed) as f64 + ch.prior_w2.load(Relaxed) as f64 + 2.0 * xw;
        let q = if n > 0.0 { w2 / (2.0 * n) } else { 0.5 };
        let an = am.n.load(Relaxed) as f64;
        let (amaf, r) = if an > 0.0 {
            (am.w.load(Relaxed) as f64 / an, an / 32.0)
        } else {
            (0.0, 0.0)
        };
        let v = rave_value(q, n, amaf, r, k, c, parent);
        if v > best_v {
            best_v = v;
            best = Some(kid);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::tests::{params, pt, run, think};
    use super::super::TreeSearch;
    use super::*;
    use crate::board::Color;
    use crate::rules::{Game, Preset, Rules};
    use crate::search::params::SearchParams;
    use crate::search::tree::Node;
    use crate::search::Extras;

    #[test]
    fn rave_schedule() {
        // no AMAF: plain Q
        assert_eq!(rave_value(0.6, 10.0, 0.9, 0.0, 3000.0, 0.0, 100.0), 0.6);
        // many AMAF samples, few visits: mostly AMAF
        let v = rave_value(0.2, 1.0, 0.8, 1000.0, 3000.0, 0.0, 100.0);
        assert!(v > 0.75, "{v}");
        // many visits: mostly Q
        let v = rave_value(0.2, 100_000.0, 0.8, 100_000.0, 3000.0, 0.0, 1e6);
        assert!(v < 0.25, "{v}");
        // exploration raises the value of rarely visited moves
        assert!(rave_value(0.5, 1.0, 0.0, 0.0, 3000.0, 1.0, 100.0) > 0.5);
    }

    #[test]
    fn ownership_and_criticality_shape_the_selection_values() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut p = params();
        p.prior.owned = 1.0;
        p.prior.crit = 1.0;
        let s = TreeSearch::new(&think(1), p);
        let job = s.new_job(&g, Color::Black, 0, false, Extras::default());
        let e = job.priors.params.even as f64;
        let (a, b, c) = (pt("A1", 9), pt("E5", 9), pt("C3", 9));
        // too few playouts: nothing yet
        job.sums.set_counts(100, 0, &[], &[]);
        assert_eq!(PointKnowledge::of(&job).extra(a), (0.0, 0.0));
        // 1000 playouts, Black wins half; A1 always Black's (settled), E5 Black's in half
        // the playouts but always the winner's (critical), C3 Black's half, no link to winning
        job.sums
            .set_counts(1000, 500, &[(a, 1000)], &[(a, 500), (b, 1000), (c, 500)]);
        let k = PointKnowledge::of(&job);
        assert_eq!(k.extra(a), (e, 0.0), "a settled point: losses");
        let (n, w) = k.extra(b);
        assert!(
            (n - e).abs() < 1e-9 && (w - e).abs() < 1e-9,
            "{n} {w}: critical: wins"
        );
        assert_eq!(k.extra(c), (0.0, 0.0));
        assert_eq!(k.extra(PASS), (0.0, 0.0));
    }

    #[test]
    fn progressive_widening_searches_only_the_best_priors_first() {
        // pw_base 3 and a first widening far away: the root's searched stones are among its
        // three best priors (children ordered by prior), whatever the playouts say
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(
            &think(1),
            SearchParams {
                pw_base: 3,
                pw_visits: 1e9,
                ..params()
            },
        );
        let r = run(&mut s, &g, Color::Black, 400);
        let tree = s.tree_read();
        let kids: Vec<_> = tree.children(tree.root()).map(|k| tree.node(k)).collect();
        let key = |n: &&Node| n.prior_w2.load(Relaxed) as f64 / n.prior_n.load(Relaxed) as f64;
        for w in kids.windows(2).filter(|w| w[1].as_move().is_some()) {
            assert!(key(&w[0]) >= key(&w[1]), "children not ordered by prior");
        }
        let searched = r.moves.iter().filter(|m| m.mv.is_some()).count();
        assert!((1..=3).contains(&searched), "{searched} stones searched");
        assert!(kids[3..]
            .iter()
            .all(|n| n.n() == 0 || n.as_move().is_none()));
        // the widening schedule itself
        let p = SearchParams {
            pw_base: 3,
            ..SearchParams::default()
        };
        assert_eq!(p.widening(0.0), 3);
        assert_eq!(p.widening(39.0), 3);
        assert_eq!(p.widening(40.0), 4);
        assert_eq!(p.widening(56.1), 5);
        assert_eq!(SearchParams::default().widening(1e6), usize::MAX);
    }
}
