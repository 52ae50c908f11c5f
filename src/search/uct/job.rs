//! One search's job: what the workers share while it runs (the position, its settings and
//! priors, the playout counters and the stop flag, the playouts' sums), and how a search
//! of a game's position sets it up.

use super::sums::Sums;
use super::TreeSearch;
use crate::board::{AnyBoard, Color, Point};
use crate::nn::features::HISTORY;
use crate::nn::net::Net;
use crate::rules::{Game, KoRule, Move};
use crate::search::params::SearchParams;
use crate::search::prior::{PriorParams, Priors};
use crate::search::Extras;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;

/// The moves before a position, the most recent first (`None`: a pass or none): as many
/// as the policy network reads; the priors read the first three.
pub(super) type Recent = [Option<Point>; HISTORY];

/// The first three of `r`, as the priors read them.
pub(super) fn last3(r: &Recent) -> [Option<Point>; 3] {
    [r[0], r[1], r[2]]
}

/// The moves before a position after `m` (`None`: a pass) was played from it.
pub(super) fn after(r: &Recent, m: Option<Point>) -> Recent {
    std::array::from_fn(|i| if i == 0 { m } else { r[i - 1] })
}

/// One search's shared settings and counters.
pub(super) struct Job {
    /// The root position.
    pub(super) board: AnyBoard,
    /// The game (its superko history), when its ko rule forbids repeating earlier
    /// positions: tree moves that repeat one get no child.
    pub(super) history: Option<Game>,
    /// The colour to move at the root.
    pub(super) color: Color,
    /// White's komi in the playouts (area komi plus dynamic komi).
    pub(super) komi: f64,
    /// The last moves before the root (most recent first; `None`: pass or none).
    pub(super) last: Recent,
    /// Consecutive passes that end the game's move list.
    pub(super) root_passes: u32,
    /// Playouts after which the search ends.
    pub(super) max_playouts: u64,
    /// Visits the root had when the search started (kept from earlier searches).
    pub(super) reused: u64,
    /// Playouts claimed and finished, each on its own cache line, apart from the read-mostly
    /// fields (a written line shared with `stop` would make every read of it a miss).
    pub(super) started: Padded<AtomicU64>,
    /// Playouts finished.
    pub(super) done: Padded<AtomicU64>,
    /// Set to end the search.
    pub(super) stop: Padded<AtomicBool>,
    /// Base seed of the workers' random generators.
    pub(super) seed: u64,
    /// The settings in force on this board size.
    pub(super) params: SearchParams,
    /// The priors of new children.
    pub(super) priors: Priors,
    /// The policy network, when it sets priors (`prior_net` above 0 with the learned prior
    /// on).
    pub(super) net: Option<&'static Net>,
    /// RAVE's K on this board size.
    pub(super) rave_k: f64,
    /// Longest playout, in moves.
    pub(super) max_moves: usize,
    /// What the playouts add up: ownership, criticality, scores.
    pub(super) sums: Sums,
    /// Tests: the playout at which a worker panics.
    #[cfg(test)]
    pub(super) fail_at: Option<u64>,
}

/// A value alone on its cache line (128 bytes: two lines on CPUs that prefetch pairs).
#[repr(align(128))]
pub(super) struct Padded<T>(T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl TreeSearch {
    /// The job of a search from `game`'s position for `color`.
    pub(super) fn new_job(
        &self,
        game: &Game,
        color: Color,
        max_playouts: u64,
        must_move: bool,
        extras: Extras,
    ) -> Arc<Job> {
        let reused = {
            let tree = self.tree_read();
            tree.node(tree.root()).n() as u64
        };
        let board = game.board().clone();
        let size = board.size();
        let moves = game.moves();
        let last_of = |i: usize| match moves.len().checked_sub(i + 1).map(|j| moves[j].1) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        };
        // a side that must move plays on even after two passes (the status estimate)
        let root_passes = if must_move {
            0
        } else {
            moves
                .iter()
                .rev()
                .take_while(|(_, m)| *m == Move::Pass)
                .count() as u32
        };
        let seed = self
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(board.hash())
            .wrapping_add((moves.len() as u64).wrapping_mul(0x2545_f491_4f6c_dd1d))
            .wrapping_add(color.index() as u64);
        let n_idx = Point::index_bound(size);
        let params = self.params.for_size(size);
        Arc::new(Job {
            color,
            komi: game.area_komi() + self.komi_offset,
            last: std::array::from_fn(last_of),
            root_passes,
            max_playouts,
            reused,
            started: Padded(AtomicU64::new(0)),
            done: Padded(AtomicU64::new(0)),
            stop: Padded(AtomicBool::new(false)),
            seed,
            priors: Priors::new(PriorParams {
                even: params.prior_even_for(size),
                ..params.prior.clone()
            }),
            rave_k: params.rave_k_for(size),
            net: (params.prior.net > 0.0 && params.prior.learned > 0.0)
                .then(Net::embedded)
                .flatten(),
            sums: Sums::new(n_idx, params.prior.crit > 0.0, extras),
            params,
            max_moves: 3 * size * size,
            history: (game.rules().ko != KoRule::Simple).then(|| game.clone()),
            board,
            #[cfg(test)]
            fail_at: self.fail_at,
        })
    }
}
