//! Playouts: a game played on from a position to its end by a policy, then scored by area.
//! The policies sit behind one trait, [`MovePolicy`]: light (uniformly random moves that do
//! not fill own eyes, [`light`]), heavy (hand-ordered tactical rules, [`heavy`]) and learned
//! (moves drawn in proportion to learned weights kept per point, [`learned`]). The tree asks
//! [`run`] for a playout and gets a [`PlayoutResult`]; it never sees a policy's insides.

pub mod draw;
pub mod heavy;
pub mod learned;
pub mod light;

pub use draw::below;

use crate::board::{Board, Color, Point};
use heavy::{Heavy, HeavyParams, Replies};
use learned::{Learned, LearnedParams, LearnedState};
use light::Light;
use rand::Rng;

/// What a finished playout reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// Area score as the board ends, Black minus White minus komi.
    pub score: f64,
    /// Stones played (passes not counted).
    pub moves: u32,
}

/// Area score of `b` as it stands, Black minus White minus `komi`.
#[inline]
pub fn area_score<const W: usize, const P: usize>(b: &Board<W, P>, komi: f64) -> f64 {
    b.area_score() as f64 - komi
}

/// What a policy knows of the playout so far besides the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    /// The last two moves, the most recent first (`None`: a pass or none).
    pub last: [Option<Point>; 2],
    /// A ko the mover was barred from retaking two turns ago (its point), if any.
    pub old_ko: Option<Point>,
}

/// A playout policy: chooses each move of a playout, may keep state across moves (and
/// across playouts, through what it borrows).
pub trait MovePolicy {
    /// Called once before a playout starts from `b`.
    fn start<const W: usize, const P: usize>(&mut self, _b: &Board<W, P>) {}
    /// The move for `c` on `b` (an empty point, legal under simple ko, not suicide), or
    /// `None` to pass. May reorder `b`'s empty list, nothing else.
    fn choose<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &mut Board<W, P>,
        c: Color,
        ctx: &Context,
        rng: &mut R,
    ) -> Option<Point>;
    /// Plays the chosen `p` for `c` on `b` (a policy that keeps per-point state updates it
    /// here).
    #[inline]
    fn play<const W: usize, const P: usize>(&mut self, b: &mut Board<W, P>, c: Color, p: Point) {
        b.play_unchecked(c, p);
    }
    /// Called when the playout has ended with `record` (every stone, in order, including
    /// the tree's moves before the playout) and its area `score` (Black's view, komi off).
    fn finish(&mut self, _record: &[(Color, Point)], _score: f64) {}
}

/// Where a playout's stones are written.
pub trait Sink {
    /// Notes a stone.
    fn push(&mut self, c: Color, p: Point);
    /// The stones noted so far (empty when not kept).
    fn stones(&self) -> &[(Color, Point)];
}

impl Sink for Vec<(Color, Point)> {
    #[inline]
    fn push(&mut self, c: Color, p: Point) {
        Vec::push(self, (c, p));
    }
    fn stones(&self) -> &[(Color, Point)] {
        self
    }
}

/// A sink that keeps nothing.
pub struct NoRecord;

impl Sink for NoRecord {
    #[inline]
    fn push(&mut self, _c: Color, _p: Point) {}
    fn stones(&self) -> &[(Color, Point)] {
        &[]
    }
}

/// Plays from `b` with `to_move` first, moves chosen by `pol`, until two passes in a row or
/// `max_moves` turns; every stone goes to `record`. `last` holds the last two moves before
/// `b`, the most recent first. Returns the stones played.
#[inline]
pub fn play_out<const W: usize, const P: usize, R: Rng, Pol: MovePolicy>(
    b: &mut Board<W, P>,
    to_move: Color,
    last: [Option<Point>; 2],
    max_moves: usize,
    rng: &mut R,
    pol: &mut Pol,
    record: &mut impl Sink,
) -> u32 {
    let mut c = to_move;
    let mut passes = 0;
    let mut played = 0u32;
    let mut turns = 0;
    let mut ctx = Context { last, old_ko: None };
    // the ko point each colour was barred from, with the turn
    let mut barred: [Option<(Point, usize)>; 2] = [None; 2];
    pol.start(b);
    while passes < 2 && turns < max_moves {
        ctx.old_ko = match barred[c.index()] {
            Some((k, t)) if t + 2 == turns => Some(k),
            _ => None,
        };
        if let Some((k, kc)) = b.ko() {
            if kc == c {
                barred[c.index()] = Some((k, turns));
            }
        }
        let mv = pol.choose(b, c, &ctx, rng);
        match mv {
            Some(p) => {
                pol.play(b, c, p);
                record.push(c, p);
                passes = 0;
                played += 1;
            }
            None => {
                b.pass();
                passes += 1;
            }
        }
        ctx.last = [mv, ctx.last[0]];
        turns += 1;
        c = c.opponent();
    }
    played
}

/// Which playout policy runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Policy {
    /// Uniformly random moves that do not fill own eyes.
    Light,
    /// Tactics, last good replies and 3x3 shapes first (see [`heavy`]).
    #[default]
    Heavy,
    /// The heavy policy's tactics, then moves drawn by learned weights (see [`learned`]).
    Learned,
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "light" => Ok(Policy::Light),
            "heavy" => Ok(Policy::Heavy),
            "learned" => Ok(Policy::Learned),
            _ => Err(format!(
                "unknown playout policy '{s}' (light, heavy, learned)"
            )),
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Policy::Light => "light",
            Policy::Heavy => "heavy",
            Policy::Learned => "learned",
        })
    }
}

/// The playout settings: which policy, and the numbers of each.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayoutParams {
    /// The policy that runs.
    pub policy: Policy,
    /// Probabilities of the heavy policy's rules (the learned policy uses its tactics too).
    pub heavy: HeavyParams,
    /// Settings of the learned policy.
    pub learned: LearnedParams,
}

/// Per-thread playout state, kept across playouts: the last-good-reply tables and the
/// learned policy's per-point weights.
#[derive(Clone, Debug, Default)]
pub struct PlayoutState {
    replies: Replies,
    learned: LearnedState,
}

impl PlayoutState {
    /// State for boards of `size`.
    pub fn new(size: usize) -> Self {
        PlayoutState {
            replies: Replies::new(size),
            learned: LearnedState::new(size),
        }
    }
}

/// Plays from `b` with `to_move` first until two passes or `max_moves` turns by the policy
/// `params` name, appending every stone to `record` (which may already hold the moves that
/// led to `b`); scores by area with `komi`. `last` holds the last two moves before `b`, the
/// most recent first. Policies that learn across playouts learn from the whole `record`.
#[allow(clippy::too_many_arguments)]
pub fn run<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    to_move: Color,
    last: [Option<Point>; 2],
    komi: f64,
    max_moves: usize,
    rng: &mut R,
    params: &PlayoutParams,
    state: &mut PlayoutState,
    record: &mut Vec<(Color, Point)>,
) -> PlayoutResult {
    fn go<const W: usize, const P: usize, R: Rng, Pol: MovePolicy>(
        b: &mut Board<W, P>,
        to_move: Color,
        last: [Option<Point>; 2],
        komi: f64,
        max_moves: usize,
        rng: &mut R,
        pol: &mut Pol,
        record: &mut Vec<(Color, Point)>,
    ) -> PlayoutResult {
        let moves = play_out(b, to_move, last, max_moves, rng, pol, record);
        let score = area_score(b, komi);
        pol.finish(record, score);
        PlayoutResult { score, moves }
    }
    let PlayoutState { replies, learned } = state;
    match params.policy {
        Policy::Light => go(b, to_move, last, komi, max_moves, rng, &mut Light, record),
        Policy::Heavy => {
            let mut pol = Heavy::new(&params.heavy, replies);
            go(b, to_move, last, komi, max_moves, rng, &mut pol, record)
        }
        Policy::Learned => {
            let mut pol = Learned::new(&params.learned, &params.heavy, replies, learned);
            go(b, to_move, last, komi, max_moves, rng, &mut pol, record)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::light::playout;
    use super::*;
    use crate::board::{Board19, Board9, Point};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_and_keep_the_board_consistent() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..200 {
            let mut b = Board9::new(9).unwrap();
            let r = playout(&mut b, Color::Black, 7.5, 3 * 81, &mut rng);
            b.check_consistency().unwrap();
            assert!(r.moves > 40, "{r:?}");
            // the game ended by two passes: no legal non-eye move remains for either side
            for c in Color::BOTH {
                for &e in b.empty_list() {
                    let p = Point(e);
                    assert!(b.is_eye(c, p) || !b.is_legal_fast(c, p), "{b}");
                }
            }
            // every empty point is then territory of one side: |score + komi| = stones + eyes
            assert_eq!(r.score.fract().abs(), 0.5);
            assert!(r.score.abs() <= 81.0 + 7.5);
        }
    }

    #[test]
    fn same_seed_same_playout() {
        let run = |seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut b = Board19::new(19).unwrap();
            let r = playout(&mut b, Color::Black, 7.5, 3 * 361, &mut rng);
            (r.moves, b.hash())
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }

    #[test]
    fn area_score_counts_regions_reaching_one_colour() {
        // . X . O .   on 5x5 row 1, everything else empty: all empty points reach both colours
        let s = 5;
        let b = Board9::from_stones(s, &[Point::new(1, 0, s)], &[Point::new(3, 0, s)]).unwrap();
        assert_eq!(b.area_score(), 0);
        // a black wall on column B cuts off column A
        let wall: Vec<_> = (0..s).map(|y| Point::new(1, y, s)).collect();
        let b = Board9::from_stones(s, &wall, &[Point::new(3, 0, s)]).unwrap();
        // black: 5 stones + 5 (column A); white: 1 stone; columns C-E (14 empty) reach both
        assert_eq!(b.area_score(), 10 - 1);
    }

    /// Plays out from every start and computes its priors, three rounds after one to warm
    /// up (the thread's buffers grow then); the rounds must allocate nothing.
    fn allocation_free<const W: usize, const P: usize>(starts: &[Board<W, P>], size: usize) {
        use crate::alloc_count::allocations;
        use crate::search::prior::{PriorParams, Priors};
        let mut pp = PriorParams::new(14);
        pp.joseki = 1.0;
        let priors = Priors::new(pp);
        for policy in [Policy::Light, Policy::Heavy, Policy::Learned] {
            let params = PlayoutParams {
                policy,
                ..PlayoutParams::default()
            };
            let mut state = PlayoutState::new(size);
            let mut record = Vec::with_capacity(4 * size * size);
            let mut kids = Vec::with_capacity(size * size + 1);
            let mut rng = SmallRng::seed_from_u64(9);
            let mut round = |rng: &mut SmallRng| {
                let mut moves = 0;
                for (i, start) in starts.iter().enumerate() {
                    let c = if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mut b = *start;
                    record.clear();
                    let last = [None; 2];
                    let r = run(
                        &mut b,
                        c,
                        last,
                        7.5,
                        3 * size * size,
                        rng,
                        &params,
                        &mut state,
                        &mut record,
                    );
                    moves += r.moves;
                    kids.clear();
                    priors.compute(start, c, &[None; 3], &mut kids);
                    assert!(!kids.is_empty());
                }
                moves
            };
            round(&mut rng);
            let before = allocations();
            let moves: u32 = (0..3).map(|_| round(&mut rng)).sum();
            assert!(moves > 100 * starts.len() as u32, "{policy}: {moves}");
            assert_eq!(allocations() - before, 0, "{policy} on {size}x{size}");
        }
    }

    #[test]
    fn playouts_and_priors_allocate_nothing_once_warm() {
        use crate::tactics::testutil::{playout_positions, playout_positions9};
        allocation_free(&playout_positions9(1, 12), 9);
        allocation_free(&playout_positions::<7, 448>(19, 2, 6), 19);
    }
}
