//! One thread's share of a flat search: playouts from the position after a candidate chosen
//! by UCB1 over the statistics so far, summed into its own statistics and owners.

use crate::board::{Board, Color, Point};
use crate::search::playout::light::playout;
use crate::search::MoveInfo;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Statistics of one candidate move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Stats {
    /// Playouts.
    pub(super) visits: u64,
    /// Wins (a draw is half a win).
    pub(super) wins: f64,
    /// Sum of the final scores for the searching colour.
    pub(super) score: f64,
    /// Sum of the squared scores (their spread).
    pub(super) score_sq: f64,
}

impl Stats {
    /// Adds `o`'s counts.
    pub(super) fn add(&mut self, o: &Stats) {
        self.visits += o.visits;
        self.wins += o.wins;
        self.score += o.score;
        self.score_sq += o.score_sq;
    }

    /// What the search says about `mv` after these playouts (`None` before any).
    pub(super) fn info(&self, mv: Option<Point>, prior: f64) -> Option<MoveInfo> {
        if self.visits == 0 {
            return None;
        }
        let n = self.visits as f64;
        let w = self.wins / n;
        Some(MoveInfo {
            mv,
            visits: self.visits,
            winrate: w,
            score_lead: self.score / n,
            prior,
            lcb: crate::search::lcb(w, n),
            pv: vec![mv],
            pv_visits: vec![self.visits],
            score_stdev: crate::search::stdev(n, self.score, self.score_sq),
            ownership: vec![],
        })
    }
}

/// What one worker did.
pub(super) struct Work {
    /// By candidate.
    pub(super) stats: Vec<Stats>,
    /// After a pass, when there is no candidate.
    pub(super) pass: Stats,
    /// Sums of the final owners by padded point index.
    pub(super) own: Vec<f64>,
    /// Playouts.
    pub(super) done: u64,
}

/// What the threads of one round share.
pub(super) struct Job<'a> {
    /// The colour searched for.
    pub(super) color: Color,
    /// Komi of the playouts.
    pub(super) komi: f64,
    /// The candidate moves.
    pub(super) cands: &'a [Point],
    /// Each candidate's statistics before this round.
    pub(super) base: &'a [Stats],
    /// Playouts before this round.
    pub(super) total: u64,
    /// UCB1 exploration constant.
    pub(super) c: f64,
    /// When the round ends, if it has a time.
    pub(super) deadline: Option<Instant>,
    /// Set from outside to end the search.
    pub(super) stop: &'a AtomicBool,
    /// Longest playout, in moves.
    pub(super) max_moves: usize,
}

impl Job<'_> {
    /// One thread's playouts from `root`: at most `budget` (`None`: until the deadline or
    /// the stop flag), seeded with `seed`, owners summed over `n_own` point indices.
    pub(super) fn work<const W: usize, const P: usize>(
        &self,
        root: &Board<W, P>,
        budget: Option<u64>,
        seed: u64,
        n_own: usize,
    ) -> Work {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut local = vec![Stats::default(); self.cands.len()];
        let mut own = vec![0.0; n_own];
        let mut pass = Stats::default();
        let mut done = 0u64;
        let sign = self.color.sign();
        loop {
            if budget.is_some_and(|b| done >= b) {
                break;
            }
            if done.is_multiple_of(8) {
                if self.stop.load(Ordering::Relaxed) {
                    break;
                }
                if self.deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
            }
            let mut b = *root;
            let i = self.select(&local, self.total + done);
            match i {
                Some(i) => {
                    b.play_unchecked(self.color, self.cands[i]);
                }
                None => b.pass(),
            }
            let r = playout(
                &mut b,
                self.color.opponent(),
                self.komi,
                self.max_moves,
                &mut rng,
            );
            let s = sign * r.score;
            {
                // the pass stands for the move only when there is no candidate at all
                let st = match i {
                    Some(i) => &mut local[i],
                    None => &mut pass,
                };
                st.visits += 1;
                st.score += s;
                st.score_sq += s * s;
                st.wins += if s > 0.0 {
                    1.0
                } else if s == 0.0 {
                    0.5
                } else {
                    0.0
                };
            }
            b.add_area_ownership(&mut own);
            done += 1;
        }
        Work {
            stats: local,
            pass,
            own,
            done,
        }
    }

    /// UCB1 over base + local statistics; unvisited candidates first. `None` without candidates.
    fn select(&self, local: &[Stats], total: u64) -> Option<usize> {
        let ln = ((total + 1) as f64).ln();
        let mut best = None;
        let mut best_v = f64::NEG_INFINITY;
        for (i, (a, b)) in self.base.iter().zip(local).enumerate() {
            let n = a.visits + b.visits;
            if n == 0 {
                return Some(i);
            }
            let n = n as f64;
            let v = (a.wins + b.wins) / n + self.c * (ln / n).sqrt();
            if v > best_v {
                best_v = v;
                best = Some(i);
            }
        }
        best
    }
}
