//! The pool of worker threads: started with the player and kept for its life, they share
//! the tree, wait for a job, search it until it stops, report idle and wait again. A
//! worker that panics ends its part of the search; the others and the next jobs go on.

use super::job::Job;
use super::walk::{search_loop, Local};
use crate::board::Color;
use crate::search::tree::Tree;
use crate::with_board;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread::JoinHandle;
use std::time::Instant;

/// What the workers and the controller share.
struct Shared {
    tree: RwLock<Tree>,
    state: Mutex<PoolState>,
    wake: Condvar,
    idle: Condvar,
}

/// The job on offer and how many workers still run it.
#[derive(Default)]
struct PoolState {
    job: Option<Arc<Job>>,
    generation: u64,
    /// How many times the workers were told to rebuild their per-thread state
    /// ([`Pool::forget`]).
    forgotten: u64,
    running: usize,
    quit: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The worker threads and the tree they search.
pub(super) struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// A tree of `max_nodes` and `threads` workers (1 to 64), started now and waiting for
    /// work.
    pub(super) fn new(max_nodes: usize, threads: usize) -> Pool {
        let shared = Arc::new(Shared {
            tree: RwLock::new(Tree::new(max_nodes, Color::White)),
            state: Mutex::new(PoolState::default()),
            wake: Condvar::new(),
            idle: Condvar::new(),
        });
        let threads = threads.clamp(1, 64);
        let mut workers = Vec::with_capacity(threads);
        for t in 0..threads {
            let sh = shared.clone();
            match std::thread::Builder::new()
                .name(format!("search-{t}"))
                .spawn(move || worker(sh, t))
            {
                Ok(h) => workers.push(h),
                Err(e) => log::error!("cannot start search thread {t}: {e}"),
            }
        }
        Pool { shared, workers }
    }

    /// The tree, to read (the workers read it while they search).
    pub(super) fn tree_read(&self) -> RwLockReadGuard<'_, Tree> {
        self.shared.tree.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The tree, to change between searches.
    pub(super) fn tree_write(&self) -> RwLockWriteGuard<'_, Tree> {
        self.shared.tree.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Sends the job to the workers.
    pub(super) fn start(&self, job: Arc<Job>) {
        let mut st = self.shared.lock();
        st.job = Some(job);
        st.generation += 1;
        st.running = self.workers.len();
        self.shared.wake.notify_all();
    }

    /// Makes every worker start its next job with its per-thread state built anew, as a
    /// new searcher's is: what its playouts learned (the last-good-reply tables among it)
    /// and its buffers. After this a search depends on its position and seed alone, not on
    /// what the workers searched before; the cost is each worker's buffers allocated again,
    /// once per call.
    pub(super) fn forget(&self) {
        self.shared.lock().forgotten += 1;
    }

    /// Whether every worker has finished the current job.
    pub(super) fn all_idle(&self) -> bool {
        self.shared.lock().running == 0
    }

    /// Waits until every worker has finished the current job, or until `until`.
    pub(super) fn wait(&self, until: Instant) {
        let st = self.shared.lock();
        if st.running > 0 {
            let d = until.saturating_duration_since(Instant::now());
            let _ = self.shared.idle.wait_timeout(st, d);
        }
    }

    /// Tells the workers to stop and waits until they have.
    pub(super) fn finish(&self, job: &Job) {
        job.stop.store(true, Ordering::SeqCst);
        let mut st = self.shared.lock();
        while st.running > 0 {
            st = self.shared.idle.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        st.job = None;
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        {
            let mut st = self.shared.lock();
            st.quit = true;
            if let Some(j) = &st.job {
                j.stop.store(true, Ordering::SeqCst);
            }
            self.shared.wake.notify_all();
        }
        for h in self.workers.drain(..) {
            let _ = h.join();
        }
    }
}

/// A worker thread: waits for a job, searches until it stops, reports idle, repeats.
fn worker(shared: Arc<Shared>, thread: usize) {
    let mut seen = 0u64;
    let mut forgotten = 0u64;
    let mut local: Option<Local> = None;
    loop {
        let job = {
            let mut st = shared.lock();
            while st.generation == seen && !st.quit {
                st = shared.wake.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            if st.quit {
                return;
            }
            seen = st.generation;
            if st.forgotten != forgotten {
                forgotten = st.forgotten;
                local = None;
            }
            st.job.clone()
        };
        if let Some(job) = job {
            let size = job.board.size();
            let l = match &mut local {
                Some(l) if l.size == size => l,
                _ => local.insert(Local::new(size)),
            };
            l.rng = SmallRng::seed_from_u64(
                job.seed
                    .wrapping_add((thread as u64).wrapping_mul(0x51_7cc1_b727_220a)),
            );
            let tree = shared.tree.read().unwrap_or_else(|e| e.into_inner());
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(
                || with_board!(&job.board, b => search_loop(&tree, &**b, &job, l)),
            ));
            if let Err(e) = run {
                // the search ends with what it has; this thread's buffers are rebuilt
                let what = e
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                log::error!(
                    "search thread {thread} failed ({what}); the search stops with what it has"
                );
                job.stop.store(true, Ordering::SeqCst);
                local = None;
            }
        }
        let mut st = shared.lock();
        st.running = st.running.saturating_sub(1);
        shared.idle.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{params, think};
    use super::super::TreeSearch;
    use crate::board::Color;
    use crate::rules::{Game, Preset, Rules};
    use crate::search::time::TimeLimit;
    use crate::search::{Limits, Request, Searcher};
    use std::time::{Duration, Instant};

    #[test]
    fn a_failing_worker_ends_the_search_with_what_it_has() {
        // regression: a panicking worker never lowered the running count, so the search
        // (and every later one) waited for ever
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(&think(2), params());
        s.fail_at = Some(300);
        let limits = Limits {
            playouts: None,
            time: Some(TimeLimit {
                early: true,
                ..TimeLimit::at_most(60.0)
            }),
        };
        let t = Instant::now();
        let r = s.search(&Request::new(&g, Color::Black, limits), &mut |_| {});
        assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
        assert!(r.playouts >= 250, "{}", r.playouts);
        assert!(r.moves.first().is_some_and(|m| m.mv.is_some()));
        // the pool still works: the next search runs to its limit
        s.fail_at = None;
        let r = s.search(
            &Request::new(
                &g,
                Color::White,
                Limits {
                    playouts: Some(500),
                    ..Limits::default()
                },
            ),
            &mut |_| {},
        );
        assert_eq!(r.playouts, 500);
    }
}
