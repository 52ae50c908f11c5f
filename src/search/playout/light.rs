//! The light playout policy: uniformly random legal moves that do not fill the mover's own
//! eyes (simple ko respected, no suicide).

use super::{draw::below, play_out, Context, MovePolicy, NoRecord, PlayoutResult};
use crate::board::{Board, Color, Point};
use rand::Rng;

/// The light policy; it keeps nothing between moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct Light;

impl MovePolicy for Light {
    #[inline]
    fn choose<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &mut Board<W, P>,
        c: Color,
        _ctx: &Context,
        rng: &mut R,
    ) -> Option<Point> {
        b.random_move(c, |n| below(rng, n))
    }
}

/// Plays light random moves from `b` with `to_move` first until two passes in a row or
/// `max_moves` moves (passes included), then scores the board by area.
#[inline]
pub fn playout<const W: usize, const P: usize, R: Rng>(
    b: &mut Board<W, P>,
    to_move: Color,
    komi: f64,
    max_moves: usize,
    rng: &mut R,
) -> PlayoutResult {
    let moves = play_out(
        b,
        to_move,
        [None, None],
        max_moves,
        rng,
        &mut Light,
        &mut NoRecord,
    );
    PlayoutResult {
        score: super::area_score(b, komi),
        moves,
    }
}
