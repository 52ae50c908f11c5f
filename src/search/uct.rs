//! The Monte-Carlo tree search player: MC-RAVE selection over one tree shared by persistent
//! worker threads, priors at expansion, playouts from the leaves, AMAF updates, virtual loss,
//! tree reuse across moves, and reports (moves, principal variations, ownership) from the tree.

use super::params::SearchParams;
use super::playout::{self, PlayoutState};
use super::prior::{PriorParams, Priors};
use super::time::{stop_reason, MoveTime, Progress, TimeLimit};
use super::tree::{NewChild, NodeId, Tree, PASS};
use super::{stdev, Extras, MoveInfo, Report, Request, Searcher};
use crate::board::{AnyBoard, Board, Color, Point};
use crate::nn::features::HISTORY;
use crate::nn::net::Net;
use crate::nn::policy::Evaluator;
use crate::rules::{Game, KoRule, Move};
use crate::with_board;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The moves before a position, the most recent first (`None`: a pass or none): as many
/// as the policy network reads; the priors read the first three.
type Recent = [Option<Point>; HISTORY];

/// The first three of `r`, as the priors read them.
fn last3(r: &Recent) -> [Option<Point>; 3] {
    [r[0], r[1], r[2]]
}

/// The moves before a position after `m` (`None`: a pass) was played from it.
fn after(r: &Recent, m: Option<Point>) -> Recent {
    std::array::from_fn(|i| if i == 0 { m } else { r[i - 1] })
}

/// Deepest path a simulation follows in the tree.
const MAX_DEPTH: usize = 400;
/// Playouts of a search that was given no limit at all.
const DEFAULT_PLAYOUTS: u64 = 1000;

/// The MC-RAVE value of a move: beta * AMAF + (1 - beta) * Q with Silver's minimum-MSE
/// schedule beta = r / (r + n + n r / k), plus the exploration term
/// `c * sqrt(ln(parent) / n)`. `n`, `q` include the prior's virtual visits.
#[inline]
pub fn rave_value(q: f64, n: f64, amaf: f64, r: f64, k: f64, c: f64, parent: f64) -> f64 {
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

/// A lower confidence bound of a winrate `w` over `n` visits.
pub fn lcb(w: f64, n: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    (w - 1.96 * (w * (1.0 - w) / n).sqrt() - 0.5 / n).max(0.0)
}

/// One search's shared settings and counters.
struct Job {
    board: AnyBoard,
    /// The game (its superko history), when its ko rule forbids repeating earlier
    /// positions: tree moves that repeat one get no child.
    history: Option<Game>,
    color: Color,
    komi: f64,
    /// The last moves before the root (most recent first; `None`: pass or none).
    last: Recent,
    /// Consecutive passes that end the game's move list.
    root_passes: u32,
    max_playouts: u64,
    /// Visits the root had when the search started (kept from earlier searches).
    reused: u64,
    /// Playouts claimed and finished, each on its own cache line, apart from the read-mostly
    /// fields (a written line shared with `stop` would make every read of it a miss).
    started: Padded<AtomicU64>,
    done: Padded<AtomicU64>,
    stop: Padded<AtomicBool>,
    seed: u64,
    params: SearchParams,
    priors: Priors,
    /// The policy network, when it sets priors (`prior_net` above 0 with the learned prior
    /// on).
    net: Option<&'static Net>,
    rave_k: f64,
    max_moves: usize,
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
    /// Tests: the playout at which a worker panics.
    #[cfg(test)]
    fail_at: Option<u64>,
}

/// A value alone on its cache line (128 bytes: two lines on CPUs that prefetch pairs).
#[repr(align(128))]
struct Padded<T>(T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// What the workers and the controller share.
struct Shared {
    tree: RwLock<Tree>,
    state: Mutex<PoolState>,
    wake: Condvar,
    idle: Condvar,
}

#[derive(Default)]
struct PoolState {
    job: Option<Arc<Job>>,
    generation: u64,
    running: usize,
    quit: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What identifies the game a tree belongs to: size, rules-relevant komi, setup stones,
/// whether dynamic komi was on.
#[derive(Clone, Debug, PartialEq)]
struct GameKey {
    size: usize,
    komi_bits: u64,
    setup: (Vec<Point>, Vec<Point>),
    /// Whether the playouts saw extra komi: a tree grown under dynamic komi is kept while
    /// that komi changes from move to move, but not for a search under the real komi.
    dynamic_komi: bool,
}

/// The tree search player.
pub struct TreeSearch {
    params: SearchParams,
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
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
    /// A tree search with these settings; its worker threads start now and wait for work.
    pub fn new(params: SearchParams) -> TreeSearch {
        let shared = Arc::new(Shared {
            tree: RwLock::new(Tree::new(params.max_nodes, Color::White)),
            state: Mutex::new(PoolState::default()),
            wake: Condvar::new(),
            idle: Condvar::new(),
        });
        let threads = params.threads.clamp(1, 64);
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
        TreeSearch {
            params,
            shared,
            workers,
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

    fn tree_read(&self) -> std::sync::RwLockReadGuard<'_, Tree> {
        self.shared.tree.read().unwrap_or_else(|e| e.into_inner())
    }

    fn tree_write(&self) -> std::sync::RwLockWriteGuard<'_, Tree> {
        self.shared.tree.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Moves the root to `game`'s position for `color` to move: follows the moves played
    /// since the last search down the tree, or starts a fresh tree.
    fn place_root(&mut self, game: &Game, color: Color) {
        let key = GameKey {
            size: game.size(),
            komi_bits: game.area_komi().to_bits(),
            dynamic_komi: self.komi_offset != 0.0,
            setup: game.setup_stones(),
        };
        let moves = game.moves();
        let shared = self.shared.clone();
        let mut tree = shared.tree.write().unwrap_or_else(|e| e.into_inner());
        let mut found = None;
        if let Some((k, old)) = &self.at {
            if *k == key && moves.len() >= old.len() && moves[..old.len()] == old[..] {
                let mut id = tree.root();
                let mut ok = true;
                for &(c, m) in &moves[old.len()..] {
                    let p = match m {
                        Move::Pass => PASS,
                        Move::Play(p) => p,
                    };
                    match tree.find_child(id, c, p) {
                        Some(k) => id = k,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok && tree.node(id).color() == color.opponent() {
                    found = Some(id);
                }
            }
        }
        match found {
            Some(id) => {
                let kept = tree.node(id).n();
                tree.set_root(id);
                log::debug!("tree reused: {kept} visits kept");
            }
            None => tree.reset(color.opponent()),
        }
        self.at = Some((key, moves.to_vec()));
    }

    /// Expands the root if needed and marks the moves that may not be played now: barred
    /// ones, those the game's rules forbid (superko, suicide), and the pass when
    /// `must_move` and another move is left.
    /// Hinted moves (`hints`: point and share 0..1) get `prior_book` times their share in
    /// virtual wins when the root is expanded here.
    fn prepare_root(
        &self,
        game: &Game,
        job: &Job,
        barred: &[Point],
        hints: &[(Point, f64)],
        must_move: bool,
    ) {
        let tree = self.tree_read();
        let root = tree.root();
        // the network's buffers only where it is asked: a reused root may have its priors
        let new_eval = || job.net.map(|n| Evaluator::new(n, job.board.size()));
        if tree.node(root).is_expanded() {
            if job.net.is_some() && tree.node(root).claim_net() {
                if let Some(e) = &mut new_eval() {
                    let mut kids = Vec::new();
                    with_board!(&job.board, b => set_net_priors(&tree, root, &**b, job.color, &job.last, job, e, &mut kids));
                }
            }
        } else {
            let mut eval = new_eval();
            let mut kids = Vec::new();
            with_board!(&job.board, b => {
                let net = eval.as_mut().map(|e| e.evaluate(&**b, job.color, &job.last));
                job.priors.compute_mixed(&**b, job.color, &last3(&job.last), net, &mut kids)
            });
            let unit = job.priors.params.book * job.priors.params.even as f64;
            for k in kids.iter_mut() {
                if let Some(&(_, share)) = hints.iter().find(|h| h.0 == k.point) {
                    let v = (unit * share.clamp(0.0, 1.0)).round() as u32;
                    k.prior_n = k.prior_n.saturating_add(v);
                    k.prior_w2 = k.prior_w2.saturating_add(2 * v);
                }
            }
            if job.params.pw_base > 0 {
                order_by_prior(&mut kids);
            }
            if tree.expand(root, job.color, &kids) && job.net.is_some() {
                tree.node(root).claim_net();
            }
        }
        let mut pass = None;
        let mut playable = false;
        for k in tree.children(root) {
            let n = tree.node(k);
            let pruned = match n.as_move() {
                None => {
                    pass = Some(n);
                    false
                }
                Some(p) => barred.contains(&p) || !game.is_legal(job.color, Move::Play(p)),
            };
            playable |= !pruned && n.as_move().is_some();
            n.set_pruned(pruned);
        }
        if let Some(n) = pass {
            n.set_pruned(must_move && playable);
        }
    }

    /// The job of a search from `game`'s position for `color`.
    fn new_job(
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
            .params
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
            crit: atomics(if params.prior.crit > 0.0 { n_idx } else { 0 }),
            net: (params.prior.net > 0.0 && params.prior.learned > 0.0)
                .then(Net::embedded)
                .flatten(),
            params,
            max_moves: 3 * size * size,
            own: atomics(n_idx),
            own_n: AtomicU64::new(0),
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
            history: (game.rules().ko != KoRule::Simple).then(|| game.clone()),
            board,
            #[cfg(test)]
            fail_at: self.fail_at,
        })
    }

    /// Ends pondering, if it runs.
    fn end_pondering(&mut self) -> Option<u64> {
        let job = self.pondering.take()?;
        self.finish(&job);
        let n = job.done.load(Relaxed);
        log::info!("pondering for {} stopped after {n} playouts", job.color);
        Some(n)
    }

    /// Sends the job to the workers.
    fn start(&self, job: Arc<Job>) {
        let mut st = self.shared.lock();
        st.job = Some(job);
        st.generation += 1;
        st.running = self.workers.len();
        self.shared.wake.notify_all();
    }

    /// Whether every worker has finished the current job.
    fn all_idle(&self) -> bool {
        self.shared.lock().running == 0
    }

    /// Tells the workers to stop and waits until they have.
    fn finish(&self, job: &Job) {
        job.stop.store(true, Ordering::SeqCst);
        let mut st = self.shared.lock();
        while st.running > 0 {
            st = self.shared.idle.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        st.job = None;
    }

    /// A report of the tree as it stands.
    fn report(&self, job: &Job) -> Report {
        let tree = self.tree_read();
        let root_id = tree.root();
        let root = tree.node(root_id);
        let size = job.board.size();
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
                    score_stdev: job.move_scores.get(at).map_or(0.0, score_stdev),
                    ownership: moves_ownership(job, at),
                }
            })
            .collect();
        let own_n = job.own_n.load(Relaxed);
        let ownership = if own_n == 0 {
            vec![]
        } else {
            let mut v = vec![0.0; job.own.len()];
            for (o, a) in v.iter_mut().zip(&job.own) {
                *o = a.load(Relaxed) as f64 / own_n as f64;
            }
            v
        };
        let ownership_stdev = if own_n == 0 || job.own_sq.is_empty() {
            vec![]
        } else {
            // an owner is +1 or -1: the mean square is the share of playouts with one
            job.own_sq
                .iter()
                .zip(&ownership)
                .map(|(sq, mean)| {
                    let sq = sq.load(Relaxed) as f64 / own_n as f64;
                    (sq - mean * mean).max(0.0).sqrt()
                })
                .collect()
        };
        let _ = size;
        let mut report = Report {
            color: Some(job.color),
            playouts: job.done.load(Relaxed),
            reused: job.reused,
            moves,
            winrate: 1.0 - root.winrate(),
            score_lead: -tree.score_mean(root_id),
            ownership,
            score_stdev: score_stdev(&job.all_scores),
            ownership_stdev,
        };
        super::scale_score_stdev(&mut report, &job.board);
        report
    }

    /// The root's statistics for the stop rules ([`stop_reason`]): the two most visited
    /// moves, the best one's winrate, and whether the best move is clear enough to stop at
    /// the soft limit (the most visited move has at least twice the visits of the next and no
    /// other move with a tenth of its visits has a clearly better winrate).
    fn progress(&self, job: &Job, elapsed: f64) -> Progress {
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

/// `n` fresh atomic counters.
fn atomics(n: usize) -> Vec<AtomicI32> {
    (0..n).map(|_| AtomicI32::new(0)).collect()
}

/// The spread of the final scores counted in `acc` ([`Job::move_scores`]), in points.
fn score_stdev(acc: &[AtomicI64; 3]) -> f64 {
    let [n, sum, sq] = acc.each_ref().map(|a| a.load(Relaxed) as f64);
    // the sums are of doubled scores
    stdev(n, sum, sq) / 2.0
}

/// The expected final owners after the root move on point index `at` ([`Job::moves_own`]);
/// empty when not gathered or before any playout through it.
fn moves_ownership(job: &Job, at: usize) -> Vec<f64> {
    let n_idx = job.own.len();
    let n = job.moves_own_n.get(at).map_or(0, |a| a.load(Relaxed));
    if n <= 0 {
        return vec![];
    }
    job.moves_own[at * n_idx..(at + 1) * n_idx]
        .iter()
        .map(|a| a.load(Relaxed) as f64 / n as f64)
        .collect()
}

impl Drop for TreeSearch {
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
        self.start(job.clone());
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
            if req.stopped() || self.all_idle() {
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
            let st = self.shared.lock();
            if st.running > 0 {
                let d = wake.saturating_duration_since(Instant::now());
                let _ = self.shared.idle.wait_timeout(st, d);
            }
        }
        self.finish(&job);
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
        self.tree_write().reset(Color::White);
    }

    fn ponder(&mut self, game: &Game, color: Color) {
        self.end_pondering();
        self.place_root(game, color);
        let job = self.new_job(game, color, u64::MAX, false, Extras::default());
        self.prepare_root(game, &job, &[], &[], false);
        self.start(job.clone());
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

impl TreeSearch {
    /// Whether a pondering search runs.
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// Nodes in use in the tree.
    pub fn nodes(&self) -> usize {
        self.tree_read().used()
    }
}

/// A worker thread: waits for a job, searches until it stops, reports idle, repeats.
fn worker(shared: Arc<Shared>, thread: usize) {
    let mut seen = 0u64;
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

/// A worker's own buffers, kept across jobs.
struct Local {
    size: usize,
    rng: SmallRng,
    playout: PlayoutState,
    path: Vec<NodeId>,
    /// Stones in `record` when each path node was reached.
    rec_at: Vec<usize>,
    record: Vec<(Color, Point)>,
    /// Earliest index in `record` (from the current path node on) of a stone on each point.
    first: Vec<u32>,
    kids: Vec<NewChild>,
    own: Vec<f64>,
    own_n: u32,
    /// Criticality counts not yet added to the job's (see [`Job::crit`]).
    crit: Vec<i32>,
    black_wins: u32,
    /// Score sums not yet added to the job's ([`Job::move_scores`], [`Job::all_scores`]).
    scores: Vec<[i64; 3]>,
    all_scores: [i64; 3],
    /// Owned-point counts not yet added to the job's ([`Job::own_sq`]).
    own_sq: Vec<i32>,
    /// The policy network's buffers, once the network is first asked.
    evaluator: Option<Evaluator<'static>>,
}

impl Local {
    fn new(size: usize) -> Local {
        let n = Point::index_bound(size);
        Local {
            size,
            rng: SmallRng::seed_from_u64(0),
            playout: PlayoutState::new(size),
            path: Vec::with_capacity(MAX_DEPTH + 1),
            rec_at: Vec::with_capacity(MAX_DEPTH + 1),
            record: Vec::with_capacity(4 * size * size),
            first: vec![u32::MAX; n],
            kids: Vec::with_capacity(size * size + 1),
            own: vec![0.0; n],
            own_n: 0,
            crit: vec![0; n],
            black_wins: 0,
            scores: vec![[0; 3]; n],
            all_scores: [0; 3],
            own_sq: vec![0; n],
            evaluator: None,
        }
    }

    fn flush_ownership(&mut self, job: &Job) {
        if self.own_n == 0 {
            return;
        }
        for (a, o) in job.own.iter().zip(self.own.iter_mut()) {
            if *o != 0.0 {
                a.fetch_add(*o as i32, Relaxed);
                *o = 0.0;
            }
        }
        job.own_n.fetch_add(self.own_n as u64, Relaxed);
        self.own_n = 0;
        for (a, c) in job.crit.iter().zip(self.crit.iter_mut()) {
            if *c != 0 {
                a.fetch_add(*c, Relaxed);
                *c = 0;
            }
        }
        job.black_wins.fetch_add(self.black_wins as u64, Relaxed);
        self.black_wins = 0;
        for (a, s) in job.move_scores.iter().zip(self.scores.iter_mut()) {
            if s[0] != 0 {
                for (a, s) in a.iter().zip(s.iter_mut()) {
                    a.fetch_add(*s, Relaxed);
                    *s = 0;
                }
            }
        }
        for (a, s) in job.all_scores.iter().zip(self.all_scores.iter_mut()) {
            a.fetch_add(*s, Relaxed);
            *s = 0;
        }
        for (a, c) in job.own_sq.iter().zip(self.own_sq.iter_mut()) {
            if *c != 0 {
                a.fetch_add(*c, Relaxed);
                *c = 0;
            }
        }
    }
}

fn search_loop<const W: usize, const P: usize>(
    tree: &Tree,
    root: &Board<W, P>,
    job: &Job,
    l: &mut Local,
) {
    loop {
        if job.stop.load(Relaxed) {
            break;
        }
        let n = job.started.fetch_add(1, Relaxed);
        if n >= job.max_playouts {
            break;
        }
        #[cfg(test)]
        if job.fail_at == Some(n) {
            panic!("test: a worker fails at playout {n}");
        }
        simulate(tree, root, job, l);
        job.done.fetch_add(1, Relaxed);
        if l.own_n >= 32 {
            l.flush_ownership(job);
        }
    }
    l.flush_ownership(job);
}

/// One simulation: descend by MC-RAVE (virtual loss on the way), expand, play out, update.
fn simulate<const W: usize, const P: usize>(
    tree: &Tree,
    root: &Board<W, P>,
    job: &Job,
    l: &mut Local,
) {
    let mut b = *root;
    l.path.clear();
    l.rec_at.clear();
    l.record.clear();
    let mut id = tree.root();
    let mut color = job.color;
    let mut last = job.last;
    let mut passes = job.root_passes;
    tree.node(id).visits.fetch_add(1, Relaxed);
    l.path.push(id);
    l.rec_at.push(0);
    while l.path.len() < MAX_DEPTH && passes < 2 {
        let node = tree.node(id);
        if !node.is_expanded() {
            if node.n() < job.params.expand_visits || tree.is_full() {
                break;
            }
            l.kids.clear();
            let size = l.size;
            let net = match (job.net, node.n() >= job.params.net_visits) {
                (Some(n), true) => Some(
                    l.evaluator
                        .get_or_insert_with(|| Evaluator::new(n, size))
                        .evaluate(&b, color, &last),
                ),
                _ => None,
            };
            let asked = net.is_some();
            job.priors
                .compute_mixed(&b, color, &last3(&last), net, &mut l.kids);
            if let Some(g) = &job.history {
                // positional and situational superko against the game's history
                l.kids.retain(|k| {
                    k.point == PASS
                        || !g.seen_before(b.hash_after(color, k.point), color.opponent())
                });
            }
            if job.params.pw_base > 0 {
                order_by_prior(&mut l.kids);
            }
            if tree.expand(id, color, &l.kids) && asked {
                node.claim_net();
            }
            if !node.is_expanded() {
                break;
            }
        } else if let Some(n) = job.net {
            if node.n() >= job.params.net_visits && !node.has_net() && node.claim_net() {
                let e = l.evaluator.get_or_insert_with(|| Evaluator::new(n, l.size));
                set_net_priors(tree, id, &b, color, &last, job, e, &mut l.kids);
            }
        }
        let Some(child) = select(tree, id, job, l.path.len() == 1) else {
            break;
        };
        let ch = tree.node(child);
        ch.visits.fetch_add(1, Relaxed);
        let p = ch.point();
        if p == PASS {
            b.pass();
            passes += 1;
            last = after(&last, None);
        } else {
            b.play_unchecked(color, p);
            l.record.push((color, p));
            passes = 0;
            last = after(&last, Some(p));
        }
        id = child;
        color = color.opponent();
        l.path.push(id);
        l.rec_at.push(l.record.len());
    }
    let r = playout::run(
        &mut b,
        color,
        [last[0], last[1]],
        job.komi,
        job.max_moves,
        &mut l.rng,
        &job.params.playout,
        &mut l.playout,
        &mut l.record,
    );
    // ownership of the final board, and who owned what in a won playout (criticality)
    let owners = b.add_area_ownership(&mut l.own);
    l.own_n += 1;
    if !job.own_sq.is_empty() {
        for set in &owners {
            for p in set.iter() {
                if let Some(c) = l.own_sq.get_mut(p) {
                    *c += 1;
                }
            }
        }
    }
    if !job.crit.is_empty() && r.score != 0.0 {
        let winner = if r.score > 0.0 {
            l.black_wins += 1;
            Color::Black
        } else {
            Color::White
        };
        for p in owners[winner.index()].iter() {
            if let Some(c) = l.crit.get_mut(p) {
                *c += 1;
            }
        }
    }
    let black2: u32 = if r.score > 0.0 {
        2
    } else if r.score < 0.0 {
        0
    } else {
        1
    };
    let score2 = (2.0 * r.score).round() as i64;
    let spread = [1, score2, score2 * score2];
    for (a, x) in l.all_scores.iter_mut().zip(spread) {
        *a += x;
    }
    if let Some(&first) = l.path.get(1) {
        let at = tree.node(first).point().idx();
        if let Some(acc) = l.scores.get_mut(at) {
            for (a, x) in acc.iter_mut().zip(spread) {
                *a += x;
            }
        }
        if !job.moves_own.is_empty() {
            let n_idx = job.own.len();
            if let Some(count) = job.moves_own_n.get(at) {
                for (c, set) in Color::BOTH.into_iter().zip(&owners) {
                    for p in set.iter() {
                        if let Some(a) = job.moves_own.get(at * n_idx + p) {
                            a.fetch_add(c.sign() as i32, Relaxed);
                        }
                    }
                }
                count.fetch_add(1, Relaxed);
            }
        }
    }
    for &k in &l.path {
        let n = tree.node(k);
        let black = n.color() == Color::Black;
        // visits stay exact (they carry the virtual loss); results may lose a rare race
        add_racy(&n.wins2, if black { black2 } else { 2 - black2 });
        tree.add_score(k, if black { score2 } else { -score2 });
    }
    update_amaf(tree, job, l, black2);
}

/// AMAF: for every path node, each child whose point was first played (from that node on)
/// by the child's colour shares the result, weighted up for early moves.
fn update_amaf(tree: &Tree, job: &Job, l: &mut Local, black2: u32) {
    let len = l.record.len();
    for f in l.first.iter_mut() {
        *f = u32::MAX;
    }
    let aew = job.params.amaf_early_weight;
    let mut t = len;
    for i in (0..l.path.len()).rev() {
        let s = l.rec_at[i];
        while t > s {
            t -= 1;
            let (_, p) = l.record[t];
            if let Some(f) = l.first.get_mut(p.idx()) {
                *f = t as u32;
            }
        }
        for (ch, am) in tree.child_stats(l.path[i]).1 {
            let p = ch.point();
            if p == PASS {
                continue;
            }
            let Some(&ft) = l.first.get(p.idx()) else {
                continue;
            };
            if ft == u32::MAX {
                continue;
            }
            let (c, _) = l.record[ft as usize];
            if c != ch.color() {
                continue;
            }
            let w = if aew > 0.0 {
                1.0 + aew * (len - ft as usize) as f64 / (len - s + 1) as f64
            } else {
                1.0
            };
            let w16 = (w * 16.0).round() as u32;
            let win2 = if c == Color::Black {
                black2
            } else {
                2 - black2
            };
            // plain load and store, not a locked read-modify-write: a rare update lost to
            // a race costs nothing, while every sibling's counter written with a lock by
            // two threads costs most of the second thread's speed (Pachi does the same)
            add_racy(&am.n, 2 * w16);
            add_racy(&am.w, win2 * w16);
        }
    }
}

/// Adds `x` to a statistic without a locked instruction (see [`update_amaf`]).
#[inline(always)]
fn add_racy(a: &std::sync::atomic::AtomicU32, x: u32) {
    a.store(a.load(Relaxed).wrapping_add(x), Relaxed);
}

/// Replaces the priors of the children of `id` (expanded, `b` its position with `c` to
/// move after the moves `last`) by the ones with the policy network's probabilities mixed in,
/// and re-ranks them for progressive widening. `kids` is a buffer.
#[allow(clippy::too_many_arguments)]
fn set_net_priors<const W: usize, const P: usize>(
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
    let probs = eval.evaluate(b, c, last);
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
fn order_by_prior(kids: &mut [NewChild]) {
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
            job.own_n.load(Relaxed)
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
                job.black_wins.load(Relaxed) as f64 * inv_n
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
        let Some(o) = self.job.own.get(p.idx()) else {
            return (0.0, 0.0);
        };
        // ownership -1 (White) .. 1 (Black)
        let own = o.load(Relaxed) as f64 * self.inv_n;
        let mut n = 0.0;
        let mut w = 0.0;
        if self.owned > 0.0 && own.abs() >= 0.9 {
            n += self.owned;
        }
        if self.crit > 0.0 {
            if let Some(c) = self.job.crit.get(p.idx()) {
                let by_winner = c.load(Relaxed) as f64 * self.inv_n;
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
fn select(tree: &Tree, id: NodeId, job: &Job, at_root: bool) -> Option<NodeId> {
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
    use super::*;
    use crate::board::Vertex;
    use crate::rules::{Preset, Rules};
    use crate::search::Limits;

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    fn params(threads: usize) -> SearchParams {
        SearchParams {
            threads,
            ..SearchParams::default()
        }
    }

    fn run(s: &mut TreeSearch, g: &Game, c: Color, n: u64) -> Report {
        s.search(
            &Request::new(
                g,
                c,
                Limits {
                    playouts: Some(n),
                    ..Limits::default()
                },
            ),
            &mut |_| {},
        )
    }

    #[test]
    fn progressive_widening_searches_only_the_best_priors_first() {
        // pw_base 3 and a first widening far away: the root's searched stones are among its
        // three best priors (children ordered by prior), whatever the playouts say
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(SearchParams {
            pw_base: 3,
            pw_visits: 1e9,
            ..params(1)
        });
        let r = run(&mut s, &g, Color::Black, 400);
        let tree = s.tree_read();
        let kids: Vec<_> = tree.children(tree.root()).map(|k| tree.node(k)).collect();
        let key = |n: &&super::super::tree::Node| {
            n.prior_w2.load(Relaxed) as f64 / n.prior_n.load(Relaxed) as f64
        };
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
            let mut p = params(1);
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
        let mut off = TreeSearch::new(net_params(0.0));
        run(&mut off, &g, Color::White, 600);
        let mut on = TreeSearch::new(net_params(1.0));
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
                let key = |n: &&super::super::tree::Node| {
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

    #[test]
    fn ownership_and_criticality_shape_the_selection_values() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut p = params(1);
        p.prior.owned = 1.0;
        p.prior.crit = 1.0;
        let s = TreeSearch::new(p);
        let job = s.new_job(&g, Color::Black, 0, false, Extras::default());
        let e = job.priors.params.even as f64;
        let (a, b, c) = (pt("A1", 9), pt("E5", 9), pt("C3", 9));
        // too few playouts: nothing yet
        job.own_n.store(100, Relaxed);
        assert_eq!(PointKnowledge::of(&job).extra(a), (0.0, 0.0));
        // 1000 playouts, Black wins half; A1 always Black's (settled), E5 Black's in half
        // the playouts but always the winner's (critical), C3 Black's half, no link to winning
        job.own_n.store(1000, Relaxed);
        job.black_wins.store(500, Relaxed);
        job.own[a.idx()].store(1000, Relaxed);
        job.crit[a.idx()].store(500, Relaxed);
        job.crit[b.idx()].store(1000, Relaxed);
        job.crit[c.idx()].store(500, Relaxed);
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
    fn a_search_stopped_before_any_playout_still_names_a_stone() {
        // regression: under load a tiny time allowance could finish no playout, and the
        // empty report became a pass on an empty board
        let g = Game::new(19, Rules::preset(Preset::Chinese)).unwrap();
        let r = TreeSearch::new(params(1)).search(
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

    #[test]
    fn a_failing_worker_ends_the_search_with_what_it_has() {
        // regression: a panicking worker never lowered the running count, so the search
        // (and every later one) waited for ever
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(params(2));
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

    #[test]
    fn hints_raise_the_root_prior_of_their_moves() {
        let g = Game::new(19, Rules::preset(Preset::Chinese)).unwrap();
        let limits = Limits {
            playouts: Some(50),
            ..Limits::default()
        };
        let k10 = Point::new(9, 9, 19);
        // K10's prior visits and doubled wins at the root
        let prior = |hints: &[(Point, f64)]| {
            let mut s = TreeSearch::new(params(1));
            s.search(
                &Request::new(&g, Color::Black, limits).hints(hints),
                &mut |_| {},
            );
            let t = s.tree_read();
            let k = t.find_child(t.root(), Color::Black, k10).unwrap();
            let n = t.node(k);
            (n.prior_n.load(Relaxed), n.prior_w2.load(Relaxed))
        };
        let (n0, w0) = prior(&[]);
        // prior_book (2) times the even prior (20 on 19x19) times the share, all won
        let (n1, w1) = prior(&[(k10, 0.5)]);
        assert_eq!((n1, w1), (n0 + 20, w0 + 40));
        let (n2, w2) = prior(&[(k10, 1.0), (Point::new(3, 3, 19), 1.0)]);
        assert_eq!((n2, w2), (n0 + 40, w0 + 80));
    }

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
    fn same_seed_same_search() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let a = run(&mut TreeSearch::new(params(1)), &g, Color::Black, 2000);
        let b = run(&mut TreeSearch::new(params(1)), &g, Color::Black, 2000);
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.playouts, 2000);
    }

    #[test]
    fn captures_the_cutting_stones_in_atari() {
        // Black's wall on the E line has a gap at E5, the only liberty of White's three
        // cutting stones: Black captures there and wins by 1.5 (45 points to 36 + 7.5);
        // anywhere else White connects at E5, cuts the wall and wins
        let g = Game::from_diagram(
            "
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . X X X O . . .
            . X O O . O . . .
            . . X O X O . . .
            . . . X X O . . .
            . . . . X O . . .
            . . . . X O . . .",
            Rules::preset(Preset::Chinese),
        )
        .unwrap();
        let mut s = TreeSearch::new(params(1));
        let r = run(&mut s, &g, Color::Black, 3000);
        assert_eq!(r.moves[0].mv, Some(pt("E5", 9)), "{:?}", &r.moves[..3]);
        assert!(r.winrate > 0.7, "{}", r.winrate);
        assert!(r.moves[0].pv.len() > 1);
        // White to move connects instead
        let r = run(&mut s, &g, Color::White, 3000);
        assert_eq!(r.moves[0].mv, Some(pt("E5", 9)), "{:?}", &r.moves[..3]);
    }

    #[test]
    fn two_threads_and_reuse() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(params(2));
        let r = run(&mut s, &g, Color::Black, 4000);
        assert!(r.playouts >= 4000 && r.playouts < 4010);
        let best = r.moves[0].mv.unwrap();
        g.play(Color::Black, Move::Play(best)).unwrap();
        let reply = {
            let tree = s.tree_read();
            let root = tree.root();
            let k = tree.find_child(root, Color::Black, best).unwrap();
            tree.children(k)
                .max_by_key(|&c| tree.node(c).n())
                .map(|c| tree.node(c).point())
        };
        let reply = reply.unwrap();
        g.play(Color::White, Move::Play(reply)).unwrap();
        s.place_root(&g, Color::Black);
        let kept = s.tree_read().node(s.tree_read().root()).n();
        assert!(kept > 0, "the subtree under the played moves is kept");
    }

    #[test]
    fn pondering_grows_the_tree_the_next_search_starts_from() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(params(1));
        let r = run(&mut s, &g, Color::Black, 500);
        g.play(Color::Black, Move::Play(r.moves[0].mv.unwrap()))
            .unwrap();
        s.ponder(&g, Color::White);
        assert!(s.is_pondering());
        // the workers search while this thread is free
        let t = Instant::now();
        while s.pondering.as_ref().unwrap().done.load(Relaxed) < 3000 {
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "pondering does not run"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // the opponent replies where pondering looked most: that subtree is reused
        let reply = {
            let tree = s.tree_read();
            let root = tree.root();
            tree.children(root)
                .max_by_key(|&c| tree.node(c).n())
                .map(|c| tree.node(c).point())
                .unwrap()
        };
        let played = s.stop_pondering().unwrap();
        assert!(played >= 3000 && !s.is_pondering());
        assert_eq!(s.stop_pondering(), None);
        g.play(Color::White, Move::Play(reply)).unwrap();
        s.place_root(&g, Color::Black);
        let kept = s.tree_read().node(s.tree_read().root()).n();
        assert!(kept > 100, "{kept} visits kept of {played} pondered");
        // a search stops pondering itself
        s.ponder(&g, Color::Black);
        let r = run(&mut s, &g, Color::Black, 200);
        assert!(!s.is_pondering() && r.playouts == 200);
    }

    #[test]
    fn barred_and_superko_moves_are_never_chosen() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(params(1));
        let barred = [pt("E5", 9), pt("D5", 9), pt("E4", 9)];
        let r = s.search(
            &Request::new(
                &g,
                Color::Black,
                Limits {
                    playouts: Some(1500),
                    ..Limits::default()
                },
            )
            .barred(&barred),
            &mut |_| {},
        );
        assert!(r
            .moves
            .iter()
            .all(|m| m.mv.is_none_or(|p| !barred.contains(&p))));
    }

    #[test]
    fn only_pass_left_reports_pass() {
        // 3x3 board: one black chain with two eyes; every White move is suicide
        let g = Game::from_diagram(
            "
            X . X
            X X X
            X X .",
            Rules::preset(Preset::Chinese),
        )
        .unwrap();
        let mut s = TreeSearch::new(params(1));
        let r = run(&mut s, &g, Color::White, 200);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].mv, None);
        assert_eq!(r.moves[0].visits, 200);
    }

    #[test]
    fn reports_come_while_searching() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(params(1));
        let mut n = 0;
        let now = Instant::now();
        let r = s.search(
            &Request::new(
                &g,
                Color::Black,
                Limits {
                    playouts: None,
                    time: Some(TimeLimit {
                        start: now,
                        early: true,
                        ..TimeLimit::at_most(0.3)
                    }),
                },
            )
            .interval(Some(Duration::from_millis(50))),
            &mut |rep| {
                assert!(!rep.moves.is_empty() || rep.playouts == 0);
                n += 1;
            },
        );
        assert!(n >= 3, "{n} reports");
        assert!(r.playouts > 100);
        assert_eq!(r.ownership.len(), Point::index_bound(9));
    }

    #[test]
    fn score_spread_pv_visits_and_extras() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let limits = Limits {
            playouts: Some(2000),
            ..Limits::default()
        };
        let mut s = TreeSearch::new(params(1));
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
        let mut s = TreeSearch::new(params(1));
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
