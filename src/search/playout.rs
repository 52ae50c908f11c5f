//! Playouts: light (uniformly random legal moves that do not fill the mover's own eyes) and
//! heavy (the rules of [`super::heavy`] first), scored by area.

use super::heavy::{self, Context, HeavyParams, Replies};
use crate::board::{Board, Color, Point};
use rand::Rng;

/// What a finished playout reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// Area score as the board ends, Black minus White minus komi.
    pub score: f64,
    /// Stones played (passes not counted).
    pub moves: u32,
}

/// A uniform number in `0..n` from one 32-bit draw (Lemire's multiply-shift; the bias,
/// below n / 2^32, is far under anything a playout can notice).
#[inline(always)]
pub fn below<R: Rng>(rng: &mut R, n: u32) -> u32 {
    ((rng.next_u32() as u64 * n as u64) >> 32) as u32
}

/// Plays light random moves from `b` with `to_move` first until two passes in a row or
/// `max_moves` moves (passes included), then scores the board by area.
/// Suicide is never played and simple ko is respected.
#[inline]
pub fn playout<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    to_move: Color,
    komi: f64,
    max_moves: usize,
    rng: &mut R,
) -> PlayoutResult {
    let mut c = to_move;
    let mut passes = 0;
    let mut played = 0u32;
    let mut turns = 0;
    while passes < 2 && turns < max_moves {
        match b.random_move(c, |n| below(rng, n)) {
            Some(p) => {
                b.play_unchecked(c, p);
                passes = 0;
                played += 1;
            }
            None => {
                b.pass();
                passes += 1;
            }
        }
        turns += 1;
        c = c.opponent();
    }
    PlayoutResult {
        score: area_score(b, komi),
        moves: played,
    }
}

/// Area score of `b` as it stands, Black minus White minus `komi`.
#[inline]
pub fn area_score<const W: usize, const P: usize>(b: &Board<W, P>, komi: f64) -> f64 {
    b.area_score() as f64 - komi
}

/// Which playout policy runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Policy {
    /// Uniformly random moves that do not fill own eyes.
    Light,
    /// Tactics, last good replies and 3x3 shapes first (see [`super::heavy`]).
    #[default]
    Heavy,
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "light" => Ok(Policy::Light),
            "heavy" => Ok(Policy::Heavy),
            _ => Err(format!("unknown playout policy '{s}' (light, heavy)")),
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Policy::Light => "light",
            Policy::Heavy => "heavy",
        })
    }
}

/// Per-thread playout state, kept across playouts.
#[derive(Clone, Debug, Default)]
pub struct PlayoutState {
    /// The last-good-reply tables of the heavy policy.
    pub replies: Replies,
}

impl PlayoutState {
    /// State for boards of `size`.
    pub fn new(size: usize) -> Self {
        PlayoutState {
            replies: Replies::new(size),
        }
    }
}

/// Plays from `b` with `to_move` first until two passes or `max_moves` turns, appending every
/// stone to `record` (which may already hold the moves that led to `b`); scores by area
/// with `komi`. `last` holds the last two moves before `b`, the most recent first. The heavy
/// policy learns its last good replies from the whole `record`.
#[allow(clippy::too_many_arguments)]
pub fn run<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    to_move: Color,
    last: [Option<Point>; 2],
    komi: f64,
    max_moves: usize,
    rng: &mut R,
    policy: Policy,
    hp: &HeavyParams,
    state: &mut PlayoutState,
    record: &mut Vec<(Color, Point)>,
) -> PlayoutResult {
    let mut c = to_move;
    let mut passes = 0;
    let mut played = 0u32;
    let mut turns = 0;
    let mut ctx = Context { last, old_ko: None };
    // the ko point each colour was barred from, with the turn
    let mut barred: [Option<(Point, usize)>; 2] = [None; 2];
    while passes < 2 && turns < max_moves {
        let mv = match policy {
            Policy::Light => b.random_move(c, |n| below(rng, n)),
            Policy::Heavy => {
                ctx.old_ko = match barred[c.index()] {
                    Some((k, t)) if t + 2 == turns => Some(k),
                    _ => None,
                };
                if let Some((k, kc)) = b.ko() {
                    if kc == c {
                        barred[c.index()] = Some((k, turns));
                    }
                }
                heavy::choose(b, c, &ctx, &state.replies, hp, rng)
            }
        };
        match mv {
            Some(p) => {
                b.play_unchecked(c, p);
                record.push((c, p));
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
    let score = area_score(b, komi);
    if policy == Policy::Heavy {
        let winner = if score > 0.0 {
            Some(Color::Black)
        } else if score < 0.0 {
            Some(Color::White)
        } else {
            None
        };
        state.replies.learn(record, winner);
    }
    PlayoutResult {
        score,
        moves: played,
    }
}

#[cfg(test)]
mod tests {
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
}
