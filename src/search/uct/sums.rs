//! What one search's playouts add up, beside the tree's own statistics: the final owner of
//! every point, who owned what in the playouts each side won (criticality), the final
//! scores by root move and over all, and on request the spread of the owners and the owners
//! after each root move. Each worker adds its playouts into its own [`LocalSums`] and
//! flushes them now and then into the job's shared [`Sums`], which the reports and the
//! selection (ownership and criticality priors) read.

use crate::board::{Board, Color, Point};
use crate::search::{stdev, Extras};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU64};

/// A final score doubled and rounded, as the sums and the tree keep scores.
pub(super) fn doubled(score: f64) -> i64 {
    (2.0 * score).round() as i64
}

/// The sums of one search's playouts, shared by its workers.
pub(super) struct Sums {
    /// Sum of final owners (+1 Black, -1 White) by padded point index.
    own: Vec<AtomicI32>,
    own_n: AtomicU64,
    /// Playouts in which the winner owned each point (by padded point index), for
    /// criticality; empty when `prior_crit` is off.
    crit: Vec<AtomicI32>,
    /// Playouts Black won (criticality).
    black_wins: AtomicU64,
    /// Per root move by the index of its point (a pass at 0): this search's playouts through
    /// it, the sum of their doubled final scores and the sum of those squared (the spread).
    move_scores: Vec<[AtomicI64; 3]>,
    /// The same over every playout of this search.
    all_scores: [AtomicI64; 3],
    /// Playouts in which each point had an owner, by padded point index (the spread of the
    /// ownership); empty unless [`Extras::ownership_stdev`] asked for it.
    own_sq: Vec<AtomicI32>,
    /// Sums of final owners after each root move, a row of points per move point (as
    /// `own`), and the playouts each row holds; empty unless [`Extras::moves_ownership`].
    moves_own: Vec<AtomicI32>,
    moves_own_n: Vec<AtomicI32>,
}

/// `n` fresh atomic counters.
fn atomics(n: usize) -> Vec<AtomicI32> {
    (0..n).map(|_| AtomicI32::new(0)).collect()
}

/// The spread of the final scores counted in `acc` ([`Sums::move_scores`]), in points.
fn score_stdev(acc: &[AtomicI64; 3]) -> f64 {
    let [n, sum, sq] = acc.each_ref().map(|a| a.load(Relaxed) as f64);
    // the sums are of doubled scores
    stdev(n, sum, sq) / 2.0
}

impl Sums {
    /// Empty sums for a board of `n_idx` padded point indices; criticality counted when
    /// `crit`, the rest `extras` asks for.
    pub(super) fn new(n_idx: usize, crit: bool, extras: Extras) -> Sums {
        Sums {
            own: atomics(n_idx),
            own_n: AtomicU64::new(0),
            crit: atomics(if crit { n_idx } else { 0 }),
            black_wins: AtomicU64::new(0),
            move_scores: (0..n_idx).map(|_| Default::default()).collect(),
            all_scores: Default::default(),
            own_sq: atomics(if extras.ownership_stdev { n_idx } else { 0 }),
            moves_own: atomics(if extras.moves_ownership {
                n_idx * n_idx
            } else {
                0
            }),
            moves_own_n: atomics(if extras.moves_ownership { n_idx } else { 0 }),
        }
    }

    /// Playouts whose owners are counted (flushed so far).
    #[inline]
    pub(super) fn playouts(&self) -> u64 {
        self.own_n.load(Relaxed)
    }

    /// Of those, the playouts Black won (counted only with criticality).
    #[inline]
    pub(super) fn black_wins(&self) -> u64 {
        self.black_wins.load(Relaxed)
    }

    /// The sum of the final owners of `p` (+1 Black, -1 White); `None` off the board.
    #[inline]
    pub(super) fn owner_sum(&self, p: Point) -> Option<i32> {
        self.own.get(p.idx()).map(|a| a.load(Relaxed))
    }

    /// Playouts in which the winner owned `p`; `None` off the board or without criticality.
    #[inline]
    pub(super) fn winner_owned(&self, p: Point) -> Option<i32> {
        self.crit.get(p.idx()).map(|a| a.load(Relaxed))
    }

    /// The expected final owner by padded point index, +1 Black to -1 White, and its spread
    /// (empty when not gathered); both empty before any playout.
    pub(super) fn ownership(&self) -> (Vec<f64>, Vec<f64>) {
        let own_n = self.playouts();
        if own_n == 0 {
            return (vec![], vec![]);
        }
        let mut mean = vec![0.0; self.own.len()];
        for (o, a) in mean.iter_mut().zip(&self.own) {
            *o = a.load(Relaxed) as f64 / own_n as f64;
        }
        // an owner is +1 or -1: the mean square is the share of playouts with one
        let spread = self
            .own_sq
            .iter()
            .zip(&mean)
            .map(|(sq, mean)| {
                let sq = sq.load(Relaxed) as f64 / own_n as f64;
                (sq - mean * mean).max(0.0).sqrt()
            })
            .collect();
        (mean, spread)
    }

    /// The spread of the final scores over every playout, in points.
    pub(super) fn score_stdev(&self) -> f64 {
        score_stdev(&self.all_scores)
    }

    /// The spread of the final scores after the root move on point index `at`, in points.
    pub(super) fn move_score_stdev(&self, at: usize) -> f64 {
        self.move_scores.get(at).map_or(0.0, score_stdev)
    }

    /// The expected final owners after the root move on point index `at`; empty when not
    /// gathered or before any playout through it.
    pub(super) fn move_ownership(&self, at: usize) -> Vec<f64> {
        let n_idx = self.own.len();
        let n = self.moves_own_n.get(at).map_or(0, |a| a.load(Relaxed));
        if n <= 0 {
            return vec![];
        }
        self.moves_own[at * n_idx..(at + 1) * n_idx]
            .iter()
            .map(|a| a.load(Relaxed) as f64 / n as f64)
            .collect()
    }
}

#[cfg(test)]
impl Sums {
    /// Tests: sets the counts the selection reads: playouts, Black's wins, owner sums and
    /// winner-owned counts by point.
    pub(super) fn set_counts(
        &self,
        playouts: u64,
        black_wins: u64,
        own: &[(Point, i32)],
        crit: &[(Point, i32)],
    ) {
        self.own_n.store(playouts, Relaxed);
        self.black_wins.store(black_wins, Relaxed);
        for &(p, v) in own {
            self.own[p.idx()].store(v, Relaxed);
        }
        for &(p, v) in crit {
            self.crit[p.idx()].store(v, Relaxed);
        }
    }
}

/// A worker's sums not yet added to the job's ([`Sums`]), kept across jobs.
pub(super) struct LocalSums {
    own: Vec<f64>,
    own_n: u32,
    /// Criticality counts (see [`Sums::winner_owned`]).
    crit: Vec<i32>,
    black_wins: u32,
    /// Score sums by root move and over all.
    scores: Vec<[i64; 3]>,
    all_scores: [i64; 3],
    /// Owned-point counts.
    own_sq: Vec<i32>,
}

impl LocalSums {
    /// Empty sums for `n` padded point indices.
    pub(super) fn new(n: usize) -> LocalSums {
        LocalSums {
            own: vec![0.0; n],
            own_n: 0,
            crit: vec![0; n],
            black_wins: 0,
            scores: vec![[0; 3]; n],
            all_scores: [0; 3],
            own_sq: vec![0; n],
        }
    }

    /// Playouts added since the last flush.
    pub(super) fn pending(&self) -> u32 {
        self.own_n
    }

    /// Adds one playout: its final board `b` and score `score` (Black's margin, komi
    /// counted), through the root move on point index `first` (`None`: the walk stopped at
    /// the root). The owners after each root move go straight to `shared`, the rest waits
    /// for [`LocalSums::flush`].
    pub(super) fn add<const W: usize, const P: usize>(
        &mut self,
        shared: &Sums,
        b: &Board<W, P>,
        score: f64,
        first: Option<usize>,
    ) {
        // ownership of the final board, and who owned what in a won playout (criticality)
        let owners = b.add_area_ownership(&mut self.own);
        self.own_n += 1;
        if !shared.own_sq.is_empty() {
            for set in &owners {
                for p in set.iter() {
                    if let Some(c) = self.own_sq.get_mut(p) {
                        *c += 1;
                    }
                }
            }
        }
        if !shared.crit.is_empty() && score != 0.0 {
            let winner = if score > 0.0 {
                self.black_wins += 1;
                Color::Black
            } else {
                Color::White
            };
            for p in owners[winner.index()].iter() {
                if let Some(c) = self.crit.get_mut(p) {
                    *c += 1;
                }
            }
        }
        let score2 = doubled(score);
        let spread = [1, score2, score2 * score2];
        for (a, x) in self.all_scores.iter_mut().zip(spread) {
            *a += x;
        }
        if let Some(at) = first {
            if let Some(acc) = self.scores.get_mut(at) {
                for (a, x) in acc.iter_mut().zip(spread) {
                    *a += x;
                }
            }
            if !shared.moves_own.is_empty() {
                let n_idx = shared.own.len();
                if let Some(count) = shared.moves_own_n.get(at) {
                    for (c, set) in Color::BOTH.into_iter().zip(&owners) {
                        for p in set.iter() {
                            if let Some(a) = shared.moves_own.get(at * n_idx + p) {
                                a.fetch_add(c.sign() as i32, Relaxed);
                            }
                        }
                    }
                    count.fetch_add(1, Relaxed);
                }
            }
        }
    }

    /// Adds everything gathered since the last flush to `shared`, and starts afresh.
    pub(super) fn flush(&mut self, shared: &Sums) {
        if self.own_n == 0 {
            return;
        }
        for (a, o) in shared.own.iter().zip(self.own.iter_mut()) {
            if *o != 0.0 {
                a.fetch_add(*o as i32, Relaxed);
                *o = 0.0;
            }
        }
        shared.own_n.fetch_add(self.own_n as u64, Relaxed);
        self.own_n = 0;
        for (a, c) in shared.crit.iter().zip(self.crit.iter_mut()) {
            if *c != 0 {
                a.fetch_add(*c, Relaxed);
                *c = 0;
            }
        }
        shared.black_wins.fetch_add(self.black_wins as u64, Relaxed);
        self.black_wins = 0;
        for (a, s) in shared.move_scores.iter().zip(self.scores.iter_mut()) {
            if s[0] != 0 {
                for (a, s) in a.iter().zip(s.iter_mut()) {
                    a.fetch_add(*s, Relaxed);
                    *s = 0;
                }
            }
        }
        for (a, s) in shared.all_scores.iter().zip(self.all_scores.iter_mut()) {
            a.fetch_add(*s, Relaxed);
            *s = 0;
        }
        for (a, c) in shared.own_sq.iter().zip(self.own_sq.iter_mut()) {
            if *c != 0 {
                a.fetch_add(*c, Relaxed);
                *c = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{params, think};
    use super::super::TreeSearch;
    use crate::board::{Color, Point};
    use crate::rules::{Game, Preset, Rules};
    use crate::search::{Extras, Limits, Request, Searcher};

    #[test]
    fn score_spread_pv_visits_and_extras() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let limits = Limits {
            playouts: Some(2000),
            ..Limits::default()
        };
        let mut s = TreeSearch::new(&think(1), params());
        let plain = s.search(&Request::new(&g, Color::Black, limits), &mut |_| {});
        // the uncertainty of the lead comes with every report, the extras only on request: on
        // an empty 9x9 board at most the 81 points' independent spread, 9
        assert!(
            plain.score_stdev > 1.0 && plain.score_stdev <= 9.0 + 1e-9,
            "{plain:?}"
        );
        assert!(plain.ownership_stdev.is_empty());
        let best = &plain.moves[0];
        assert!(best.score_stdev > 0.0 && best.ownership.is_empty());
        assert_eq!(best.pv_visits.len(), best.pv.len());
        assert_eq!(best.pv_visits[0], best.visits);
        assert!(best.pv_visits.windows(2).all(|w| w[0] >= w[1]));
        let extras = Extras {
            moves_ownership: true,
            ownership_stdev: true,
        };
        let mut s = TreeSearch::new(&think(1), params());
        let r = s.search(
            &Request::new(&g, Color::Black, limits).extras(extras),
            &mut |_| {},
        );
        let n = Point::index_bound(9);
        assert_eq!(r.ownership_stdev.len(), n);
        let on_board = |p: usize| g.board().points().iter().any(|q| q.idx() == p);
        for (p, sd) in r.ownership_stdev.iter().enumerate() {
            assert!((0.0..=1.0).contains(sd), "{p}: {sd}");
            if !on_board(p) {
                assert_eq!(*sd, 0.0);
            }
        }
        assert!(r.ownership_stdev.iter().any(|sd| *sd > 0.5));
        // a move's own point ends Black's far more often after Black plays there
        let best = &r.moves[0];
        let at = best.mv.unwrap().idx();
        assert_eq!(best.ownership.len(), n);
        assert!(best.ownership[at] > r.ownership[at], "{best:?}");
        assert!(best.ownership[at] > 0.5);
    }
}
