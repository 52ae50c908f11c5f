//! The walk: a worker's loop over playouts, and one simulation (descend by selection with
//! a virtual loss on the way, expand, play out from the leaf, add up the playout, back the
//! result up the path, update the AMAF counts of the path's children).

use super::expand::Expander;
use super::job::{after, Job};
use super::select::select;
use super::sums::{doubled, LocalSums};
use crate::board::{Board, Color, Point};
use crate::search::playout::{self, PlayoutState};
use crate::search::tree::{NodeId, Tree, PASS};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::Relaxed;

/// Deepest path a simulation follows in the tree.
const MAX_DEPTH: usize = 400;

/// Playouts a worker adds up before it flushes its sums into the job's.
const FLUSH_PLAYOUTS: u32 = 32;

/// A worker's own buffers, kept across jobs on one board size.
pub(super) struct Local {
    /// The board size the buffers are for.
    pub(super) size: usize,
    /// The worker's random generator, seeded for each job.
    pub(super) rng: SmallRng,
    playout: PlayoutState,
    path: Vec<NodeId>,
    /// Stones in `record` when each path node was reached.
    rec_at: Vec<usize>,
    record: Vec<(Color, Point)>,
    /// Earliest index in `record` (from the current path node on) of a stone on each point.
    first: Vec<u32>,
    expander: Expander,
    /// The playouts' sums not yet added to the job's.
    sums: LocalSums,
}

impl Local {
    /// Buffers for a board of `size`.
    pub(super) fn new(size: usize) -> Local {
        let n = Point::index_bound(size);
        Local {
            size,
            rng: SmallRng::seed_from_u64(0),
            playout: PlayoutState::new(size),
            path: Vec::with_capacity(MAX_DEPTH + 1),
            rec_at: Vec::with_capacity(MAX_DEPTH + 1),
            record: Vec::with_capacity(4 * size * size),
            first: vec![u32::MAX; n],
            expander: Expander::new(size),
            sums: LocalSums::new(n),
        }
    }
}

/// Runs simulations of `job` from `root` until it stops or has all its playouts claimed.
pub(super) fn search_loop<const W: usize, const P: usize>(
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
        if l.sums.pending() >= FLUSH_PLAYOUTS {
            l.sums.flush(&job.sums);
        }
    }
    l.sums.flush(&job.sums);
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
        if !l.expander.ready(tree, id, &b, color, &last, job) {
            break;
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
    let first = l.path.get(1).map(|&k| tree.node(k).point().idx());
    l.sums.add(&job.sums, &b, r.score, first);
    let black2: u32 = if r.score > 0.0 {
        2
    } else if r.score < 0.0 {
        0
    } else {
        1
    };
    let score2 = doubled(r.score);
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
fn add_racy(a: &AtomicU32, x: u32) {
    a.store(a.load(Relaxed).wrapping_add(x), Relaxed);
}
