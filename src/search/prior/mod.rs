//! Priors: what the tree believes about a move before searching it, as virtual visits and
//! wins merged into the move's statistics (Pachi's and Fuego's approach). [`Priors::compute`]
//! is the one interface: hand-written knowledge today, learned patterns later.

use super::tree::{NewChild, PASS};
use crate::board::{Bitset, Board, Color, Point};
use crate::book::joseki::Joseki;
use crate::nn::features::point_index;
use crate::nn::policy::mix;
use crate::patterns::features::Context;
use crate::patterns::model::Model;
use crate::patterns::pattern3;
use crate::tactics::{self, Tactical};
use std::cell::RefCell;

/// Weights of the prior terms, in units of the even prior's visits.
#[derive(Clone, Debug, PartialEq)]
pub struct PriorParams {
    /// Even prior visits at 0.5 (per board size, see `SearchParams::prior_even_for`).
    pub even: u32,
    /// Losses for a first-line move in an empty area.
    pub line1: f64,
    /// Losses for a second-line move in an empty area.
    pub line2: f64,
    /// Wins for a third-line move in an empty area.
    pub line3: f64,
    /// Wins for distance 1, 2 and 3 to the last move (common-fate graph).
    pub near: [f64; 3],
    /// Wins for capturing a chain in atari (scaled up with its size).
    pub capture: f64,
    /// Wins for saving an own chain in atari (scaled up with its size).
    pub save: f64,
    /// Losses for a bad self-atari.
    pub self_atari: f64,
    /// Wins for an atari that captures in a ladder.
    pub ladder: f64,
    /// Wins for the centre of a 3x3 shape.
    pub pattern: f64,
    /// Wins for retaking a ko whose ban has expired.
    pub ko: f64,
    /// Losses for passing while the board still has room.
    pub pass: f64,
    /// Whether the tree has a pass child before Pachi's earliest pass (stones on the board
    /// at least size² / (7 − size/5): 16 on 9x9, 113 on 19x19); without it, a pass child
    /// there only after the opponent's pass, so that a side losing a fight cannot spend
    /// the visits of its lines on passing.
    pub early_pass: bool,
    /// Wins for a move the learned patterns find likely: `sqrt(p)` times this (Pachi's
    /// form), none below p = 0.001; 0 leaves the learned patterns out.
    pub learned: f64,
    /// The policy network's share of the probability the learned term reads, 0 to 1 (the
    /// patterns have the rest) where the network has been asked ([`Priors::compute_mixed`]).
    pub net: f64,
    /// Wins for a root move outside knowledge names (the opening book): its share times
    /// this.
    pub book: f64,
    /// Losses for a move on a point the search's playouts give to one side almost always
    /// (ownership at least 0.9 either way), applied while selecting; 0 = off.
    pub owned: f64,
    /// Wins for a move on a critical point (Coulom 2009: owning it goes with winning more
    /// than its ownership and the winrate explain), applied while selecting; 0 = off.
    pub crit: f64,
    /// Wins for a local reply the joseki dictionary gives after the last move (19x19
    /// only): its share of the strong players' answers times this; 0 = off.
    pub joseki: f64,
}

impl PriorParams {
    /// Defaults for a board of `size` with `even` prior visits.
    pub fn new(even: u32) -> PriorParams {
        PriorParams {
            even,
            line1: 1.0,
            line2: 0.5,
            line3: 1.0,
            near: [1.0, 1.0, 0.5],
            capture: 1.0,
            save: 1.0,
            self_atari: 1.0,
            ladder: 1.0,
            pattern: 1.0,
            ko: 1.0,
            pass: 1.0,
            early_pass: true,
            learned: 2.0,
            net: 0.0,
            book: 2.0,
            owned: 0.0,
            crit: 0.0,
            joseki: 0.0,
        }
    }
}

/// Prior knowledge of moves.
#[derive(Clone, Debug)]
pub struct Priors {
    /// The weights.
    pub params: PriorParams,
    /// The learned patterns (`None`: heuristics only).
    model: Option<&'static Model>,
    /// The local joseki dictionary (`None`: off).
    joseki: Option<&'static Joseki>,
}

/// Moves less likely than this get no learned prior (Pachi's cut).
const LEARNED_MIN_P: f32 = 0.001;

/// Accumulates virtual visits and wins for one move.
#[derive(Clone, Copy, Default)]
struct Acc {
    n: f64,
    w: f64,
}

impl Acc {
    fn add(&mut self, visits: f64, value: f64) {
        self.n += visits;
        self.w += visits * value;
    }
}

impl Priors {
    /// Priors with these weights.
    pub fn new(params: PriorParams) -> Priors {
        let model = if params.learned > 0.0 {
            Model::embedded()
        } else {
            None
        };
        let joseki = (params.joseki > 0.0).then(Joseki::embedded).flatten();
        Priors {
            params,
            model,
            joseki,
        }
    }

    /// The children of a position with `c` to move: every empty point where `c` may play
    /// (simple ko, no suicide) and that is not one of its eyes, and a pass, each with its prior.
    /// `last` holds the last three moves, the most recent first (`None`: a pass or none). The extension of an own chain that a working ladder
    /// catches gets no child (unless it captures). Appends to `out`.
    pub fn compute<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        c: Color,
        last: &[Option<Point>; 3],
        out: &mut Vec<NewChild>,
    ) {
        self.compute_mixed(b, c, last, None, out)
    }

    /// [`Priors::compute`] with the policy network's probabilities of the position (`net`:
    /// one a point in the order of `nn::features::point_index`, then passing) mixed into
    /// the learned term by the `net` share.
    pub fn compute_mixed<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        c: Color,
        last: &[Option<Point>; 3],
        net: Option<&[f32]>,
        out: &mut Vec<NewChild>,
    ) {
        SCRATCH.with(|s| match s.try_borrow_mut() {
            Ok(mut s) => self.compute_with(b, c, last, net, out, &mut s),
            Err(_) => self.compute_with(b, c, last, net, out, &mut Scratch::default()),
        })
    }

    /// [`Priors::compute`] with its buffers.
    fn compute_with<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        c: Color,
        last: &[Option<Point>; 3],
        net: Option<&[f32]>,
        out: &mut Vec<NewChild>,
        scratch: &mut Scratch,
    ) {
        let retake = ko_retake(b, c, last[2]);
        let (last2, last) = (last[1], last[0]);
        // the opponent's last move was a pass (`None` at the start too: no earlier move)
        let last_pass = last.is_none();
        let pr = &self.params;
        let e = pr.even as f64;
        let size = b.size();
        let empties = b.empty_list().len();
        let total = size * size;
        let t = Tactical::of(b, c);
        let near = NearStones::of(b);
        // the liberties of the last move's chain and its neighbours are at CFG distance 1
        let last_libs = last
            .filter(|&l| b.color_at(l).is_some())
            .map(|l| *b.chain_libs(l));
        let learned = self.model.map(|m| {
            let ctx = Context::new(b, c, last, last2, last.is_none()).with_ladders(t.ladder);
            (m, ctx)
        });
        let Scratch {
            accs,
            gammas,
            hints,
        } = scratch;
        accs.clear();
        gammas.clear();
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x, y, size);
                if !b.is_empty_point(p) || !b.is_legal_fast(c, p) {
                    continue;
                }
                let i = p.idx();
                let captures = t.capture.contains(i);
                if t.caught.contains(i) && !captures {
                    continue;
                }
                // filling an own eye never gets a child, as in the playouts (under stone
                // counting the engine's decision fills territory, not eyes)
                if b.is_eye(c, p) {
                    continue;
                }
                let mut a = Acc::default();
                a.add(e, 0.5);
                // empty area: no stone within distance 2 (a 5x5 square)
                if size >= 9 && !near.two.contains(i) {
                    let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
                    match line {
                        0 => a.add(e * pr.line1, 0.0),
                        1 => a.add(e * pr.line2, 0.0),
                        2 => a.add(e * pr.line3, 1.0),
                        _ => {}
                    }
                }
                if let Some(l) = last {
                    let d = cfg_distance(l, p, last_libs.as_ref(), size);
                    if (1..=3).contains(&d) {
                        a.add(e * pr.near[d - 1], 1.0);
                    }
                }
                if captures {
                    let n = t.capture_size(b, p);
                    a.add(e * pr.capture * (1.0 + (n.min(8) as f64) / 4.0), 1.0);
                } else if tactics::is_bad_self_atari(b, c, p) {
                    a.add(e * pr.self_atari, 0.0);
                }
                if t.save.contains(i) && !captures {
                    let n = t.save_size(b, p);
                    a.add(e * pr.save * (1.0 + (n.min(8) as f64) / 4.0), 1.0);
                }
                if t.ladder.contains(i) {
                    a.add(e * pr.ladder, 1.0);
                }
                if retake == Some(p) {
                    a.add(e * pr.ko, 1.0);
                }
                // every shape has stones of both colours around its centre
                if near.one.contains(i) && pattern3::matches(b, p) {
                    a.add(e * pr.pattern, 1.0);
                }
                accs.push((p, a));
            }
        }
        if let Some((m, ctx)) = &learned {
            // the next child's shape entries are fetched while this child's gamma is found
            let keys = |j: usize| {
                accs.get(j)
                    .map(|&(p, _)| m.shape_keys(ctx, p, size, SHAPE_KEYS_AHEAD))
            };
            let mut next = keys(0);
            for (j, &(p, _)) in accs.iter().enumerate() {
                let Some(mut k) = next.take() else { break };
                next = keys(j + 1);
                gammas.push(m.gamma_with(b, ctx, p, &mut k));
            }
            // probabilities over the moves that get a child and the pass
            let total_gamma: f32 = gammas.iter().sum::<f32>() + m.pass_gamma(ctx);
            let share = net.map_or(0.0, |_| pr.net.clamp(0.0, 1.0) as f32);
            for ((q, a), g) in accs.iter_mut().zip(gammas.iter()) {
                let mut p = g / total_gamma;
                if let Some(probs) = net {
                    let n = probs.get(point_index(*q, size, 0)).copied().unwrap_or(0.0);
                    p = mix(p as f64, n as f64, share as f64) as f32;
                }
                if p >= LEARNED_MIN_P {
                    a.add(e * pr.learned * (p as f64).sqrt(), 1.0);
                }
            }
        }
        self.add_joseki(b, c, last, e, accs, hints);
        out.extend(accs.iter().map(|&(p, a)| child(p, a)));
        if pr.early_pass || last_pass || !before_earliest_pass(size, total - empties) {
            let mut pass = Acc::default();
            pass.add(e, 0.5);
            if empties * 4 > total {
                pass.add(e * pr.pass, 0.0);
            }
            out.push(child(PASS, pass));
        }
    }
}

/// Shape sizes whose table entries are fetched one child ahead: the first two, which
/// nearly every move looks up (two was faster than one or three on 9x9, the same on 19x19).
const SHAPE_KEYS_AHEAD: usize = 2;

/// The buffers of [`Priors::compute`], kept per thread so that an expansion allocates
/// nothing once they have grown.
#[derive(Default)]
struct Scratch {
    /// The children and their priors so far.
    accs: Vec<(Point, Acc)>,
    /// The learned gamma of each child.
    gammas: Vec<f32>,
    /// The joseki replies.
    hints: Vec<(Point, f64)>,
}

thread_local! {
    /// This thread's buffers of [`Priors::compute`].
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The points near stones, found for the whole board at once.
struct NearStones<const W: usize> {
    /// The on-board points within Chebyshev distance 1 of a stone (the 3x3 square).
    one: Bitset<W>,
    /// The on-board points within Chebyshev distance 2 of a stone (the 5x5 square).
    two: Bitset<W>,
}

impl<const W: usize> NearStones<W> {
    fn of<const P: usize>(b: &Board<W, P>) -> Self {
        let on = b.on_board();
        let st = b.stride() as u32;
        let stones = b.stones(Color::Black).or(b.stones(Color::White));
        // a step sideways, then up and down, each kept on the board (so that no step
        // wraps across a row end)
        let across = |s: &Bitset<W>| s.or(&s.shl(1)).or(&s.shr(1)).and(&on);
        let along = |s: &Bitset<W>| s.or(&s.shl(st)).or(&s.shr(st)).and(&on);
        let one = along(&across(&stones));
        let two = along(&along(&across(&across(&stones))));
        NearStones { one, two }
    }
}

/// Whether `stones` on a board of `size` are fewer than at Pachi's earliest pass,
/// size² / (7 − size/5) stones (16 on 9x9, 39 on 13x13, 113 on 19x19).
fn before_earliest_pass(size: usize, stones: usize) -> bool {
    // stones < n² / (7 − n/5)  <=>  stones · (35 − n) < 5 n²
    size < 35 && stones * (35 - size) < 5 * size * size
}

impl Priors {
    /// Joseki wins for the children the dictionary names after the last move: `joseki`
    /// times each local reply's share (19x19 only; [`Joseki::replies`]).
    fn add_joseki<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        c: Color,
        last: Option<Point>,
        e: f64,
        accs: &mut [(Point, Acc)],
        hints: &mut Vec<(Point, f64)>,
    ) {
        let (Some(j), Some(l)) = (self.joseki, last) else {
            return;
        };
        let size = b.size();
        hints.clear();
        j.replies(size, |x, y| b.color_at(Point::new(x, y, size)), c, l, hints);
        for &(p, share) in hints.iter() {
            if let Some((_, a)) = accs.iter_mut().find(|(q, _)| *q == p) {
                a.add(e * self.params.joseki * share, 1.0);
            }
        }
    }
}

fn child(p: Point, a: Acc) -> NewChild {
    NewChild {
        point: p,
        prior_n: a.n.round().max(0.0) as u32,
        prior_w2: (2.0 * a.w).round().max(0.0) as u32,
    }
}

/// The ko that `c` may retake now: the opponent's move three plies ago (`capturer`) took a
/// ko and still stands alone in atari, so `c` retakes on its liberty. `None` otherwise.
fn ko_retake<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    capturer: Option<Point>,
) -> Option<Point> {
    let s = capturer?;
    if b.color_at(s) != Some(c.opponent()) || b.chain_len(s) != 1 {
        return None;
    }
    let k = tactics::atari_liberty(b, s)?;
    // a ko shape: the opponent holds every neighbour of the ko point
    let ko_shape = b.neighbors(k).all(|q| b.color_at(q) == Some(c.opponent()));
    (ko_shape && b.is_legal_fast(c, k)).then_some(k)
}

/// Whether no stone lies within `r` (Chebyshev distance) of (x, y).
#[cfg(test)]
fn empty_around<const W: usize, const P: usize>(
    b: &Board<W, P>,
    x: usize,
    y: usize,
    r: usize,
) -> bool {
    let s = b.size();
    (y.saturating_sub(r)..=(y + r).min(s - 1)).all(|qy| {
        (x.saturating_sub(r)..=(x + r).min(s - 1)).all(|qx| b.is_empty_point(Point::new(qx, qy, s)))
    })
}

/// A cheap common-fate-graph distance from the last move `l` to `p`: 1 for a liberty of the
/// last move's chain or a neighbour of `l`, otherwise the Manhattan distance from `l`
/// (0 when too far to matter).
fn cfg_distance<const W: usize>(
    l: Point,
    p: Point,
    last_libs: Option<&crate::board::Bitset<W>>,
    size: usize,
) -> usize {
    if last_libs.is_some_and(|s| s.contains(p.idx())) {
        return 1;
    }
    let (lx, ly) = l.xy(size);
    let (px, py) = p.xy(size);
    let d = lx.abs_diff(px) + ly.abs_diff(py);
    if d <= 3 {
        d
    } else {
        0
    }
}

#[cfg(test)]
mod tests;
