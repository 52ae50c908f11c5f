//! The Monte-Carlo tree search player: MC-RAVE selection over one tree shared by persistent
//! worker threads, priors at expansion, playouts from the leaves, AMAF updates, virtual loss,
//! tree reuse across moves, and reports (moves, principal variations, ownership) from the tree.
//!
//! This file holds the player ([`TreeSearch`]) and how one search runs to its limits; its
//! parts, each in its own file:
//! - `pool`: the worker threads and the tree they share;
//! - `job`: one search's shared settings and counters, and how a search sets them up;
//! - `root`: the root's placement (tree reuse) and preparation (hints, barred moves);
//! - `walk`: one simulation: descend, expand, play out, back up, AMAF;
//! - `expand`: a node's children and their priors (the policy network's too);
//! - `select`: MC-RAVE selection under progressive widening;
//! - `sums`: what the playouts add up (ownership, criticality, scores);
//! - `report`: the reports, and the root's standing for the stop rules.

mod expand;
mod job;
mod pool;
mod report;
mod root;
mod select;
mod sums;
#[cfg(test)]
mod tests;
mod walk;

use super::params::SearchParams;
use super::time::{stop_reason, MoveTime, TimeLimit};
use super::tree::Tree;
use super::{Extras, Report, Request, Searcher, Think};
use crate::board::Color;
use crate::rules::{Game, Move};
use job::Job;
use pool::Pool;
use root::GameKey;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, RwLockReadGuard};
use std::time::{Duration, Instant};

/// Playouts of a search that was given no limit at all.
const DEFAULT_PLAYOUTS: u64 = 1000;

/// Memory a worker thread keeps beside the tree: its playout, expansion and report buffers
/// (`bench/memory.py`: about 1.1 MiB a thread on 19x19).
const THREAD_BYTES: usize = 1_200 << 10;

/// Memory a worker keeps besides when the network sets priors: its forward pass's buffers
/// and the matrix product's packing (`bench/memory.py`: about 3 MiB a thread on 19x19).
const NET_THREAD_BYTES: usize = 3 << 20;

/// The nodes a tree may hold when the search may take `bytes` in all on `threads` workers
/// with `params`: what each worker keeps beside the tree is counted first (the network's
/// buffers where it sets priors at some size), and the rest is the tree's; at least a
/// quarter of `bytes` stays the tree's.
pub fn nodes_within(bytes: usize, threads: usize, params: &SearchParams) -> usize {
    let net = [9, 19].into_iter().any(|size| {
        let p = params.for_size(size);
        p.prior.net > 0.0 && p.prior.learned > 0.0
    });
    let per_thread = THREAD_BYTES + if net { NET_THREAD_BYTES } else { 0 };
    let tree = bytes
        .saturating_sub(threads.max(1) * per_thread)
        .max(bytes / 4);
    tree / crate::search::tree::NODE_BYTES
}

/// The tree search player.
pub struct TreeSearch {
    params: SearchParams,
    /// Base seed of the workers' random generators.
    seed: u64,
    pool: Pool,
    /// The game and move list the tree's root stands for.
    at: Option<(GameKey, Vec<(Color, Move)>)>,
    /// The search running in the background during the opponent's turn.
    pondering: Option<Arc<Job>>,
    /// Komi added for White in every playout (dynamic komi), on top of the game's.
    komi_offset: f64,
    /// Tests: the playout at which a worker panics.
    #[cfg(test)]
    fail_at: Option<u64>,
}

impl TreeSearch {
    /// A tree search with `think`'s threads and seed (its playouts and time are read by the
    /// engine, which sets each search's limits) and these settings; its worker threads
    /// start now and wait for work.
    pub fn new(think: &Think, params: SearchParams) -> TreeSearch {
        TreeSearch {
            pool: Pool::new(params.max_nodes, think.threads),
            seed: think.seed,
            params,
            at: None,
            pondering: None,
            komi_offset: 0.0,
            #[cfg(test)]
            fail_at: None,
        }
    }

    /// The settings.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Whether a pondering search runs.
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// Nodes in use in the tree.
    pub fn nodes(&self) -> usize {
        self.tree_read().used()
    }

    /// The tree, to read.
    fn tree_read(&self) -> RwLockReadGuard<'_, Tree> {
        self.pool.tree_read()
    }

    /// Ends pondering, if it runs.
    fn end_pondering(&mut self) -> Option<u64> {
        let job = self.pondering.take()?;
        self.pool.finish(&job);
        let n = job.done.load(Relaxed);
        log::info!("pondering for {} stopped after {n} playouts", job.color);
        Some(n)
    }
}

impl Searcher for TreeSearch {
    fn name(&self) -> &'static str {
        "tree"
    }

    fn search(&mut self, req: &Request, on_report: &mut dyn FnMut(&Report)) -> Report {
        let (game, color, limits, interval) = (req.game, req.color, &req.limits, req.interval);
        self.stop_pondering();
        self.place_root(game, color);
        let kept = {
            let tree = self.tree_read();
            tree.node(tree.root()).n()
        };
        let max_playouts = match (limits.playouts, limits.time) {
            (Some(n), _) => n,
            (None, None) => DEFAULT_PLAYOUTS,
            (None, Some(_)) => u64::MAX,
        };
        let job = self.new_job(game, color, max_playouts, req.must_move, req.extras);
        self.prepare_root(game, &job, req.barred, req.hints, req.must_move);
        self.pool.start(job.clone());
        let started = Instant::now();
        // the limits in the time manager's seconds from the move's start; only a move's
        // think may end early by the stop rules
        let time = limits.time.map(|t| TimeLimit {
            times: MoveTime {
                soft: t.times.soft.min(t.times.hard),
                ..t.times
            },
            ..t
        });
        let deadlines = time.map(|t| [t.soft_deadline(), t.hard_deadline()]);
        let mut next_report = interval.map(|i| started + i);
        loop {
            let now = Instant::now();
            let mut wake = now + Duration::from_millis(5);
            if let Some(t) = next_report {
                if now >= t {
                    on_report(&self.report(&job));
                    next_report = interval.map(|i| now + i);
                }
            }
            if req.stopped() || self.pool.all_idle() {
                break;
            }
            if let Some(t) = &time {
                let elapsed = t.elapsed();
                if elapsed >= t.times.hard {
                    break;
                }
                if t.early {
                    if let Some(why) = stop_reason(&t.times, &self.progress(&job, elapsed)) {
                        log::debug!("search stops at {elapsed:.2} s: {why:?}");
                        break;
                    }
                }
            }
            for t in [next_report]
                .into_iter()
                .flatten()
                .chain(deadlines.into_iter().flatten())
            {
                if t > now {
                    wake = wake.min(t);
                }
            }
            self.pool.wait(wake);
        }
        self.pool.finish(&job);
        let r = self.report(&job);
        if interval.is_some() {
            // analysis clients expect the final state before the move
            on_report(&r);
        }
        log::info!(
            "tree search for {color}: {} playouts in {:.2} s ({kept} visits reused), {} nodes, best {:?}",
            r.playouts,
            started.elapsed().as_secs_f64(),
            self.tree_read().used(),
            r.moves.first().map(|m| (m.visits, m.winrate))
        );
        r
    }

    fn clear(&mut self) {
        self.end_pondering();
        self.at = None;
        self.pool.tree_write().reset(Color::White);
        self.pool.forget();
    }

    fn ponder(&mut self, game: &Game, color: Color) {
        self.end_pondering();
        self.place_root(game, color);
        let job = self.new_job(game, color, u64::MAX, false, Extras::default());
        self.prepare_root(game, &job, &[], &[], false);
        self.pool.start(job.clone());
        log::info!("pondering for {color}");
        self.pondering = Some(job);
    }

    fn stop_pondering(&mut self) -> Option<u64> {
        self.end_pondering()
    }

    fn set_komi_offset(&mut self, white: f64) {
        self.komi_offset = if white.is_finite() { white } else { 0.0 };
    }
}
