//! The network's input: one plane of 0/1 values a feature, from the side to move's point of
//! view, read from the board's chains and liberties and from `tactics` (captures, ladders,
//! self-ataris), and the learned patterns' probability of each move (`patterns`), so the
//! network learns what the patterns miss. Written point-major (`PLANES` values a point, points row by row from the
//! lower left), optionally under one of the board's 8 symmetries.

use crate::board::{Board, Color, Point};
use crate::book::symmetry;
use crate::patterns::features::Context;
use crate::patterns::model::Model;
use crate::tactics::{self, Tactical};

/// How many earlier moves the input shows, one plane each (the most recent first).
pub const HISTORY: usize = 5;

/// What each input plane holds, in order.
pub const PLANE_NAMES: [&str; PLANES] = [
    "own stone",
    "opponent stone",
    "empty",
    "own chain, 1 liberty",
    "own chain, 2 liberties",
    "own chain, 3 liberties",
    "own chain, 4+ liberties",
    "opponent chain, 1 liberty",
    "opponent chain, 2 liberties",
    "opponent chain, 3 liberties",
    "opponent chain, 4+ liberties",
    "last move",
    "move before last",
    "third last move",
    "fourth last move",
    "fifth last move",
    "ko ban",
    "legal move",
    "captures",
    "atari that captures in a ladder",
    "saves a chain in atari",
    "escape a ladder catches",
    "self-atari",
    "black to move",
    "on the board",
    "pattern probability",
    "pattern log-probability",
];

/// Input planes.
pub const PLANES: usize = 27;

const OWN: usize = 0;
const LIBS_OWN: usize = 3;
const LIBS_OPP: usize = 7;
const LAST: usize = 11;
const KO: usize = 16;
/// The plane of the legal moves.
pub const LEGAL: usize = 17;
const CAPTURE: usize = 18;
const LADDER: usize = 19;
const SAVE: usize = 20;
const CAUGHT: usize = 21;
const SELF_ATARI: usize = 22;
const BLACK: usize = 23;
const ONES: usize = 24;
const PATTERN: usize = 25;
const PATTERN_LOG: usize = 26;

/// Writes the planes of `b` with `c` to move into `out` (`size * size * PLANES` values,
/// overwritten), every point moved by symmetry `sym` (0: as it is). `last` holds the
/// earlier moves, the most recent first (`None`: a pass); at most [`HISTORY`] are read.
/// The pattern planes come from `model` (zero without one).
pub fn encode<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    last: &[Option<Point>],
    model: Option<&Model>,
    sym: usize,
    out: &mut [f32],
) {
    let size = b.size();
    let out = &mut out[..size * size * PLANES];
    out.fill(0.0);
    let at = |p: Point| {
        let (x, y) = p.xy(size);
        let (x, y) = symmetry::apply(sym, x, y, size);
        (y * size + x) * PLANES
    };
    let t = Tactical::of(b, c);
    let ko = b.ko().filter(|&(_, k)| k == c).map(|(p, _)| p);
    let black = if c == Color::Black { 1.0 } else { 0.0 };
    for p in b.points() {
        let o = &mut out[at(p)..][..PLANES];
        o[ONES] = 1.0;
        o[BLACK] = black;
        match b.color_at(p) {
            Some(s) => {
                let (side, libs) = if s == c {
                    (OWN, LIBS_OWN)
                } else {
                    (OWN + 1, LIBS_OPP)
                };
                o[side] = 1.0;
                o[libs + b.lib_count(p).clamp(1, 4) - 1] = 1.0;
            }
            None => {
                o[OWN + 2] = 1.0;
                if Some(p) == ko {
                    o[KO] = 1.0;
                } else if b.is_legal_fast(c, p) {
                    o[LEGAL] = 1.0;
                    let i = p.idx();
                    o[CAPTURE] = f32::from(u8::from(t.capture.contains(i)));
                    o[LADDER] = f32::from(u8::from(t.ladder.contains(i)));
                    o[SAVE] = f32::from(u8::from(t.save.contains(i)));
                    o[CAUGHT] = f32::from(u8::from(t.caught.contains(i)));
                    o[SELF_ATARI] = f32::from(u8::from(tactics::is_self_atari(b, c, p)));
                }
            }
        }
    }
    if let Some(m) = model {
        let (l1, l2) = (
            last.first().copied().flatten(),
            last.get(1).copied().flatten(),
        );
        let ctx = Context::new(b, c, l1, l2, last.first().is_some_and(|l| l.is_none()))
            .with_ladders(t.ladder);
        let mut total = m.pass_gamma(&ctx) as f64;
        for p in b.points() {
            let i = at(p);
            if out[i + LEGAL] > 0.5 {
                let g = m.gamma(b, &ctx, p);
                out[i + PATTERN] = g;
                total += g as f64;
            }
        }
        for p in b.points() {
            let i = at(p);
            if out[i + LEGAL] > 0.5 {
                let prob = out[i + PATTERN] as f64 / total.max(1e-30);
                out[i + PATTERN] = prob as f32;
                out[i + PATTERN_LOG] = (1.0 + prob.max(1e-12).ln() / 12.0).max(0.0) as f32;
            }
        }
    }
    for (k, m) in last.iter().take(HISTORY).enumerate() {
        if let Some(p) = *m {
            if b.is_on_board(p) {
                out[at(p) + LAST + k] = 1.0;
            }
        }
    }
}

/// The index of point `p` among a `size` board's points under symmetry `sym`, as the
/// network's policy output orders them (row by row from the lower left).
pub fn point_index(p: Point, size: usize, sym: usize) -> usize {
    let (x, y) = p.xy(size);
    let (x, y) = symmetry::apply(sym, x, y, size);
    y * size + x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board19;

    fn plane(out: &[f32], size: usize, x: usize, y: usize, k: usize) -> f32 {
        out[(y * size + x) * PLANES + k]
    }

    #[test]
    fn stones_liberties_and_history_from_the_side_to_move() {
        let size = 9;
        let mut b = Board19::new(size).unwrap();
        let p = |x, y| Point::new(x, y, size);
        b.try_play(Color::Black, p(2, 2)).unwrap();
        b.try_play(Color::White, p(2, 3)).unwrap();
        b.try_play(Color::Black, p(0, 0)).unwrap();
        let mut out = vec![9.0; size * size * PLANES];
        encode(
            &b,
            Color::White,
            &[Some(p(0, 0)), None, Some(p(2, 2))],
            None,
            0,
            &mut out,
        );
        // white to move: its stone is "own"
        assert_eq!(plane(&out, size, 2, 3, OWN), 1.0);
        assert_eq!(plane(&out, size, 2, 2, OWN + 1), 1.0);
        assert_eq!(
            plane(&out, size, 2, 3, LIBS_OWN + 2),
            1.0,
            "white has 3 libs"
        );
        assert_eq!(
            plane(&out, size, 0, 0, LIBS_OPP + 1),
            1.0,
            "corner stone 2 libs"
        );
        assert_eq!(plane(&out, size, 5, 5, OWN + 2), 1.0);
        assert_eq!(plane(&out, size, 5, 5, LEGAL), 1.0);
        assert_eq!(plane(&out, size, 0, 0, LAST), 1.0);
        assert_eq!(plane(&out, size, 2, 2, LAST + 2), 1.0);
        assert_eq!(
            plane(&out, size, 2, 2, LAST + 1),
            0.0,
            "a pass marks nothing"
        );
        assert_eq!(plane(&out, size, 4, 4, BLACK), 0.0);
        assert_eq!(plane(&out, size, 8, 8, ONES), 1.0);
        assert!(
            out.iter().all(|&v| v == 0.0 || v == 1.0),
            "every old value cleared"
        );
        // the patterns' probabilities: on the legal points only, summing to at most 1
        encode(
            &b,
            Color::White,
            &[Some(p(0, 0))],
            Model::embedded(),
            0,
            &mut out,
        );
        let probs: f32 = (0..size * size).map(|q| out[q * PLANES + PATTERN]).sum();
        assert!(probs > 0.5 && probs <= 1.0 + 1e-4, "{probs}");
        assert_eq!(plane(&out, size, 2, 2, PATTERN), 0.0);
        assert!(plane(&out, size, 4, 4, PATTERN_LOG) > 0.0);
        // each point is exactly one of own, opponent, empty
        for q in 0..size * size {
            let s: f32 = out[q * PLANES..][..3].iter().sum();
            assert_eq!(s, 1.0);
        }
    }

    #[test]
    fn captures_ladders_self_ataris_and_ko() {
        let size = 9;
        let p = |x, y| Point::new(x, y, size);
        // white stone at (4,4) in atari: black captures at (4,5)
        let b = Board19::from_stones(size, &[p(3, 4), p(5, 4), p(4, 3)], &[p(4, 4)]).unwrap();
        let mut out = vec![0.0; size * size * PLANES];
        encode(&b, Color::Black, &[], None, 0, &mut out);
        assert_eq!(plane(&out, size, 4, 5, CAPTURE), 1.0);
        encode(&b, Color::White, &[], None, 0, &mut out);
        assert_eq!(plane(&out, size, 4, 5, CAPTURE), 0.0);
        assert_eq!(
            plane(&out, size, 4, 5, SAVE),
            1.0,
            "extending gives 3 liberties"
        );
        assert_eq!(plane(&out, size, 4, 5, CAUGHT), 0.0);
        // with two more black stones the extension leaves one liberty: caught
        let b = Board19::from_stones(
            size,
            &[p(3, 4), p(5, 4), p(4, 3), p(3, 5), p(5, 5)],
            &[p(4, 4)],
        )
        .unwrap();
        encode(&b, Color::White, &[], None, 0, &mut out);
        assert_eq!(plane(&out, size, 4, 5, SAVE), 0.0);
        assert_eq!(plane(&out, size, 4, 5, CAUGHT), 1.0);
        // a ko: black takes, white may not retake at once
        let mut b = Board19::from_stones(
            size,
            &[p(1, 1), p(0, 2), p(1, 3)],
            &[p(2, 1), p(3, 2), p(2, 3), p(1, 2)],
        )
        .unwrap();
        b.try_play(Color::Black, p(2, 2)).unwrap();
        encode(&b, Color::White, &[Some(p(2, 2))], None, 0, &mut out);
        assert_eq!(plane(&out, size, 1, 2, KO), 1.0);
        assert_eq!(plane(&out, size, 1, 2, LEGAL), 0.0);
        // white in the corner beside a black stone: one liberty left, a self-atari
        let b = Board19::from_stones(size, &[p(1, 0)], &[]).unwrap();
        encode(&b, Color::White, &[], None, 0, &mut out);
        assert_eq!(plane(&out, size, 0, 0, SELF_ATARI), 1.0);
        assert_eq!(plane(&out, size, 1, 1, SELF_ATARI), 0.0);
    }

    #[test]
    fn a_symmetry_moves_every_plane_with_the_points() {
        let size = 7;
        let p = |x, y| Point::new(x, y, size);
        let b = Board19::from_stones(size, &[p(1, 2), p(3, 3)], &[p(1, 3), p(5, 0)]).unwrap();
        let last = [Some(p(5, 0)), Some(p(3, 3))];
        let mut plain = vec![0.0; size * size * PLANES];
        encode(&b, Color::Black, &last, Model::embedded(), 0, &mut plain);
        for s in 0..8 {
            let mut turned = vec![0.0; size * size * PLANES];
            encode(&b, Color::Black, &last, Model::embedded(), s, &mut turned);
            for q in b.points() {
                let a = &plain[point_index(q, size, 0) * PLANES..][..PLANES];
                let t = &turned[point_index(q, size, s) * PLANES..][..PLANES];
                assert_eq!(a, t, "symmetry {s}");
            }
        }
    }
}
