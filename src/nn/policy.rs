//! The network as the engine asks it: the probability of every legal move and of passing in
//! one position, one forward pass on this thread.

use super::features::{self, LEGAL, PLANES};
use super::net::{Net, Tape};
use crate::board::{Board, Color, Point};
use crate::book::symmetry;
use crate::patterns::model::Model;

/// A network with the buffers of a batch-1 forward pass on one board size, asked once a
/// position or once under each of several of the board's 8 symmetries, whose
/// probabilities are averaged.
#[derive(Clone, Debug)]
pub struct Evaluator<'n> {
    net: &'n Net,
    tape: Tape,
    symmetries: usize,
    /// One pass's unnormalised probabilities, in the order the pass saw the points.
    exps: Vec<f32>,
    probs: Vec<f32>,
}

/// The most symmetries an evaluation averages over: the board's rotations and reflections.
pub const SYMMETRIES: usize = 8;

impl<'n> Evaluator<'n> {
    /// An evaluator of `net` on `size` boards, one forward pass a position.
    pub fn new(net: &'n Net, size: usize) -> Evaluator<'n> {
        Evaluator::averaging(net, size, 1)
    }

    /// An evaluator of `net` on `size` boards that averages the probabilities of the
    /// position seen under the first `symmetries` of the board's symmetries (1 to
    /// [`SYMMETRIES`]; 1 is [`Evaluator::new`]), one pass after the other through the same
    /// buffers (a batch would need them `symmetries` times over, and is no faster here).
    pub fn averaging(net: &'n Net, size: usize, symmetries: usize) -> Evaluator<'n> {
        let tape = Tape::new(net, size, 1);
        let probs = vec![0.0; tape.points() + 1];
        Evaluator {
            net,
            tape,
            symmetries: symmetries.clamp(1, SYMMETRIES),
            exps: probs.clone(),
            probs,
        }
    }

    /// The symmetries this evaluator averages over.
    pub fn symmetries(&self) -> usize {
        self.symmetries
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.tape.geo.size
    }

    /// The probability of each move of `c` on `b` (a board of this evaluator's size): one
    /// a point in the order of [`features::point_index`] (0 where the move is illegal),
    /// then passing. `last` holds the earlier moves, the most recent first (`None`: a pass).
    pub fn evaluate<const W: usize, const P: usize>(
        &mut self,
        b: &Board<W, P>,
        c: Color,
        last: &[Option<Point>],
    ) -> &[f32] {
        self.forward_all(b, c, last, false)
    }

    /// [`Evaluator::evaluate`]; `encoded`: the input already holds the position as it is
    /// (symmetry 0).
    fn forward_all<const W: usize, const P: usize>(
        &mut self,
        b: &Board<W, P>,
        c: Color,
        last: &[Option<Point>],
        encoded: bool,
    ) -> &[f32] {
        debug_assert_eq!(b.size(), self.size());
        let k = self.symmetries;
        let size = self.size();
        let n = self.tape.points();
        self.probs.fill(0.0);
        for sym in 0..k {
            if sym > 0 || !encoded {
                features::encode(b, c, last, Model::embedded(), sym, self.tape.input_mut(0));
            }
            self.net.forward(&mut self.tape, 1);
            let input = &self.tape.input;
            let legal = |p: usize| p == n || input[p * PLANES + LEGAL] > 0.5;
            let (_, sum) = exp_legal(self.tape.logits(0), legal, &mut self.exps);
            let weight = (1.0 / (sum * k as f64)) as f32;
            // point i of the board as it is sits at j under this symmetry
            for (i, out) in self.probs.iter_mut().enumerate() {
                let j = if i == n {
                    n
                } else {
                    let (x, y) = symmetry::apply(sym, i % size, i / size, size);
                    y * size + x
                };
                *out += self.exps[j] * weight;
            }
        }
        &self.probs
    }
}

/// How many evaluations of one network [`Evaluator::evaluate_remembered`] keeps: a review
/// searches one position with up to 24 engines in turn on each of its threads, and each
/// search asks the network for the same root and for the same few nodes near it.
const REMEMBERED: usize = 64;

/// One remembered evaluation: the symmetries averaged, a hash of the input planes (looked
/// at first), the input planes of the position as it is, and the probabilities.
struct Remembered {
    symmetries: usize,
    hash: u64,
    input: Vec<f32>,
    probs: Vec<f32>,
}

/// A hash of input planes, the same in every process (a remembered evaluation is found by
/// it, then by the planes themselves).
fn input_hash(input: &[f32]) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = ahash::RandomState::with_seeds(1, 2, 3, 4).build_hasher();
    for v in input {
        h.write_u32(v.to_bits());
    }
    h.finish()
}

/// The evaluations [`Evaluator::evaluate_remembered`] keeps for one network (by address: a
/// `'static` network is never freed), the most recent first, and how many were served.
struct Memo {
    net: usize,
    entries: Vec<Remembered>,
    hits: u64,
}

/// The memos of the networks evaluated so far.
static MEMO: std::sync::Mutex<Vec<Memo>> = std::sync::Mutex::new(Vec::new());

/// The memo of the network at address `net` in `memos`, made when there is none.
fn memo_of(memos: &mut Vec<Memo>, net: usize) -> &mut Memo {
    let i = match memos.iter().position(|m| m.net == net) {
        Some(i) => i,
        None => {
            memos.push(Memo {
                net,
                entries: Vec::new(),
                hits: 0,
            });
            memos.len() - 1
        }
    };
    &mut memos[i]
}

/// How many evaluations of `net` [`Evaluator::evaluate_remembered`] served from its memo.
pub fn remembered_hits(net: &'static Net) -> u64 {
    let net = std::ptr::from_ref(net) as usize;
    MEMO.lock()
        .ok()
        .and_then(|m| m.iter().find(|m| m.net == net).map(|m| m.hits))
        .unwrap_or(0)
}

impl Evaluator<'static> {
    /// [`Evaluator::evaluate`], remembered across every evaluator of the same `'static`
    /// network in the process: a position whose input planes (and so every symmetry's)
    /// are those of one of the network's last [`REMEMBERED`] evaluations gets the same
    /// probabilities again, bit for bit, without a forward pass. The searches of one
    /// position with other seeds (a review's) all expand the same root, and ask for the
    /// same few nodes near it once they reach `net_visits`.
    pub fn evaluate_remembered<const W: usize, const P: usize>(
        &mut self,
        b: &Board<W, P>,
        c: Color,
        last: &[Option<Point>],
    ) -> &[f32] {
        let net = std::ptr::from_ref(self.net) as usize;
        let symmetries = self.symmetries;
        let input = self.tape.input_mut(0);
        features::encode(b, c, last, Model::embedded(), 0, input);
        let key = input.to_vec();
        let hash = input_hash(&key);
        // a lock poisoned by a panic elsewhere only costs the memo
        if let Ok(mut memos) = MEMO.lock() {
            let memo = memo_of(&mut memos, net);
            let found = memo.entries.iter().position(|m| {
                m.hash == hash
                    && m.symmetries == symmetries
                    && m.input == key
                    && m.probs.len() == self.probs.len()
            });
            if let Some(i) = found {
                // the most recent first
                memo.entries[..=i].rotate_right(1);
                self.probs.copy_from_slice(&memo.entries[0].probs);
                memo.hits += 1;
                return &self.probs;
            }
        }
        self.forward_all(b, c, last, true);
        if let Ok(mut memos) = MEMO.lock() {
            let memo = memo_of(&mut memos, net);
            memo.entries.insert(
                0,
                Remembered {
                    symmetries,
                    hash,
                    input: key,
                    probs: self.probs.clone(),
                },
            );
            memo.entries.truncate(REMEMBERED);
        }
        &self.probs
    }
}

/// Writes into `out` the exponential of each logit less the largest logit `legal` allows
/// (0 where `legal` refuses the point: `logits` and `out` index the same points) and
/// returns that largest logit and the sum written: `out / sum` is the softmax over the
/// allowed points.
pub fn exp_legal(logits: &[f32], legal: impl Fn(usize) -> bool, out: &mut [f32]) -> (f32, f64) {
    let max = (0..logits.len())
        .filter(|&p| legal(p))
        .map(|p| logits[p])
        .fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0f64;
    for (p, o) in out.iter_mut().enumerate().take(logits.len()) {
        *o = if legal(p) {
            ((logits[p] - max) as f64).exp() as f32
        } else {
            0.0
        };
        sum += *o as f64;
    }
    (max, sum)
}

/// One move's probability in the mix of the learned patterns' (`own`) and the network's
/// (`net`): `share` of the network's, the rest the patterns'.
pub fn mix(own: f64, net: f64, share: f64) -> f64 {
    (1.0 - share) * own + share * net
}

/// Mixes the network's probabilities `net` (as [`Evaluator::evaluate`] gives them on a `size`
/// board) into `moves` (points with probabilities, such as the learned patterns' over the
/// moves a player may choose from): each becomes `(1 - share)` of its own plus `share` of
/// the network's, and the list is scaled to sum to one again.
pub fn mix_into(moves: &mut [(Point, f64)], net: &[f32], size: usize, share: f64) {
    let share = share.clamp(0.0, 1.0);
    for (p, v) in moves.iter_mut() {
        let n = net
            .get(features::point_index(*p, size, 0))
            .copied()
            .unwrap_or(0.0);
        *v = mix(*v, n as f64, share);
    }
    let total: f64 = moves.iter().map(|m| m.1).sum();
    if total > 0.0 {
        moves.iter_mut().for_each(|m| m.1 /= total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board19;

    #[test]
    fn a_remembered_evaluation_is_the_evaluation_and_is_kept_per_network() {
        let net: &'static Net = Box::leak(Box::new(crate::nn::net::sample(2, 8)));
        let mut o = crate::nn::net::sample(2, 8);
        o.pass_b = 1.5;
        let other: &'static Net = Box::leak(Box::new(o));
        let size = 9;
        let p = |x, y| Point::new(x, y, size);
        let b = Board19::from_stones(size, &[p(2, 2), p(4, 4)], &[p(3, 3)]).unwrap();
        let last = [Some(p(3, 3)), Some(p(4, 4))];
        let plain_of = |n: &'static Net, k, c| {
            Evaluator::averaging(n, size, k)
                .evaluate(&b, c, &last)
                .to_vec()
        };
        let remembered_of = |n: &'static Net, k, c| {
            Evaluator::averaging(n, size, k)
                .evaluate_remembered(&b, c, &last)
                .to_vec()
        };
        let plain = plain_of(net, 4, Color::Black);
        let first = remembered_of(net, 4, Color::Black);
        assert_eq!(remembered_hits(net), 0);
        // another evaluator of the same network: served, bit for bit
        let again = remembered_of(net, 4, Color::Black);
        assert_eq!(remembered_hits(net), 1);
        assert_eq!(first, plain);
        assert_eq!(again, plain);
        // the other colour, fewer symmetries, or a network with other weights: not served
        let white = remembered_of(net, 4, Color::White);
        let fewer = remembered_of(net, 1, Color::Black);
        assert_eq!(remembered_hits(net), 1);
        assert_eq!(white, plain_of(net, 4, Color::White));
        assert_eq!(fewer, plain_of(net, 1, Color::Black));
        assert_ne!(white, plain);
        // one symmetry (the search's nodes in the tree): served as well
        assert_eq!(remembered_of(net, 1, Color::Black), fewer);
        assert_eq!(remembered_hits(net), 2);
        let theirs = remembered_of(other, 4, Color::Black);
        assert_eq!(remembered_hits(other), 0);
        assert_ne!(theirs, plain);
        assert_eq!(theirs, plain_of(other, 4, Color::Black));
    }

    #[test]
    fn the_average_over_the_eight_symmetries_turns_with_the_board() {
        let net = crate::nn::net::sample(2, 8);
        let size = 9;
        let p = |x, y| Point::new(x, y, size);
        let (black, white) = ([(2, 2), (4, 4), (6, 3)], [(3, 3), (2, 6)]);
        let turned = |s: usize, (x, y): (usize, usize)| {
            let (x, y) = symmetry::apply(s, x, y, size);
            p(x, y)
        };
        let board = |s: usize| {
            let b: Vec<Point> = black.iter().map(|&v| turned(s, v)).collect();
            let w: Vec<Point> = white.iter().map(|&v| turned(s, v)).collect();
            Board19::from_stones(size, &b, &w).unwrap()
        };
        let (plain, turn) = (board(0), board(5));
        let mut avg = Evaluator::averaging(&net, size, SYMMETRIES);
        assert_eq!(avg.symmetries(), 8);
        let a = avg
            .evaluate(&plain, Color::White, &[Some(p(6, 3))])
            .to_vec();
        let b = avg
            .evaluate(&turn, Color::White, &[Some(turned(5, (6, 3)))])
            .to_vec();
        let mut one = Evaluator::new(&net, size);
        let single = one
            .evaluate(&plain, Color::White, &[Some(p(6, 3))])
            .to_vec();
        let sum: f32 = a.iter().sum();
        assert!((sum - 1.0).abs() < 1e-4, "{sum}");
        assert_eq!(a[features::point_index(p(2, 2), size, 0)], 0.0);
        assert!((a[81] - b[81]).abs() < 1e-5);
        let mut differs = false;
        for y in 0..size {
            for x in 0..size {
                let i = features::point_index(p(x, y), size, 0);
                let j = features::point_index(turned(5, (x, y)), size, 0);
                assert!((a[i] - b[j]).abs() < 1e-5, "{x},{y}: {} {}", a[i], b[j]);
                differs |= (a[i] - single[i]).abs() > 1e-4;
            }
        }
        assert!(differs, "one symmetry alone gives other probabilities");
    }

    #[test]
    fn probabilities_cover_the_legal_moves_only() {
        let net = crate::nn::net::sample(1, 8);
        let size = 9;
        let p = |x, y| Point::new(x, y, size);
        let b = Board19::from_stones(size, &[p(2, 2), p(4, 4)], &[p(3, 3)]).unwrap();
        let mut e = Evaluator::new(&net, size);
        let probs = e.evaluate(&b, Color::White, &[Some(p(4, 4))]).to_vec();
        assert_eq!(probs.len(), 82);
        let sum: f32 = probs.iter().sum();
        assert!((sum - 1.0).abs() < 1e-4, "{sum}");
        assert_eq!(probs[features::point_index(p(2, 2), size, 0)], 0.0);
        assert!(probs[features::point_index(p(6, 6), size, 0)] > 0.0);
        assert!(probs[81] > 0.0, "passing is always allowed");
        // mixed into a list that knows two moves: the network's share moves them towards
        // its own probabilities, and the list still sums to one
        let (a, b) = (p(6, 6), p(0, 0));
        let (na, nb) = (
            probs[features::point_index(a, size, 0)] as f64,
            probs[features::point_index(b, size, 0)] as f64,
        );
        let mut moves = vec![(a, 0.9), (b, 0.1)];
        mix_into(&mut moves, &probs, size, 1.0);
        assert!((moves[0].1 - na / (na + nb)).abs() < 1e-6, "{moves:?}");
        let mut half = vec![(a, 0.9), (b, 0.1)];
        mix_into(&mut half, &probs, size, 0.5);
        let want = (0.45 + 0.5 * na) / (0.5 + 0.5 * (na + nb));
        assert!((half[0].1 - want).abs() < 1e-6, "{half:?}");
        let mut none = vec![(a, 0.9), (b, 0.1)];
        mix_into(&mut none, &probs, size, 0.0);
        assert_eq!(none, vec![(a, 0.9), (b, 0.1)]);
    }
}
