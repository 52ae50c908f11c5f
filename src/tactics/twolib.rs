//! Capture races of short chains (the semeai tactics of Pachi's moggy, in our own form):
//! ataris on two-liberty chains that the owner cannot shrug off, the defender's
//! counter-captures and counter-ataris, approach moves where the atari itself would be a
//! bad self-atari, the defence of three- and four-liberty chains by attacking a two-liberty
//! neighbour first, and fixing an eye that the opponent's last move threatens to make false.
//!
//! Like the rest of this layer these are pure reads of the board; the playout policy picks
//! among what they append to a [`PointList`].

use super::selfatari::is_bad_self_atari;
use super::{ladder_works, PointList};
use crate::board::{Board, Color, Point};

/// The two liberties of the chain at `g`, which must have exactly two.
#[inline]
fn two_libs<const W: usize, const P: usize>(b: &Board<W, P>, g: Point) -> Option<(Point, Point)> {
    let mut it = b.chain_libs(g).points();
    Some((it.next()?, it.next()?))
}

/// Whether `lib` lets the chain at `g` (of colour `owner`) join another own chain with two
/// or more liberties.
fn connects<const W: usize, const P: usize>(
    b: &Board<W, P>,
    g: Point,
    owner: Color,
    lib: Point,
) -> bool {
    let h = b.chain_head(g);
    b.neighbors(lib)
        .any(|n| b.color_at(n) == Some(owner) && b.chain_head(n) != h && b.lib_count(n) >= 2)
}

/// Whether the two-liberty chain at `g` has miai: it connects out on one liberty and on the
/// other it connects too or has room to run (an empty neighbour besides the first
/// liberty). An atari on such a chain only helps it.
pub fn has_miai<const W: usize, const P: usize>(b: &Board<W, P>, g: Point) -> bool {
    let Some(owner) = b.color_at(g) else {
        return false;
    };
    let Some((l0, l1)) = two_libs(b, g) else {
        return false;
    };
    let room =
        |lib: Point, other: Point| b.neighbors(lib).any(|n| n != other && b.is_empty_point(n));
    let (c0, c1) = (connects(b, g, owner, l0), connects(b, g, owner, l1));
    (c0 && (c1 || room(l1, l0))) || (c1 && room(l0, l1))
}

/// Whether the owner's extension at `lib` (the other liberty being `other`) is hopeless: it
/// touches no other own stone and gains at most one liberty, or two that touch `other`.
fn hopeless_extension<const W: usize, const P: usize>(
    b: &Board<W, P>,
    owner: Color,
    lib: Point,
    other: Point,
) -> bool {
    let own = b
        .neighbors(lib)
        .filter(|&n| b.color_at(n) == Some(owner))
        .count();
    if own != 1 {
        return false;
    }
    let empty = b.empty_neighbor_count(lib);
    empty == 1 || (empty == 2 && b.neighbors(lib).any(|n| n == other))
}

/// Whether `c`'s stone on the empty point `p` touches three or more own stones or edges
/// (a "lumpy" move, worse than the other liberty when both work).
fn lumpy<const W: usize, const P: usize>(b: &Board<W, P>, c: Color, p: Point) -> bool {
    let own = b.neighbors(p).filter(|&n| b.color_at(n) == Some(c)).count();
    own + (4 - b.neighbors(p).count()) >= 3
}

/// For `c` about to fill `lib` as a bad self-atari: an approach move first, namely the
/// other liberty of an own two-liberty chain next to `lib` (connecting a false eye), when
/// that is a sensible move, else a capture of an enemy chain in atari next to such a chain.
fn approach_move<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    lib: Point,
) -> Option<Point> {
    for n in b.neighbors(lib) {
        if b.color_at(n) != Some(c) || b.lib_count(n) != 2 {
            continue;
        }
        let Some((a, z)) = two_libs(b, n) else {
            continue;
        };
        let other = if a == lib { z } else { a };
        if b.is_legal_fast(c, other) && !b.is_eye(c, other) && !is_bad_self_atari(b, c, other) {
            return Some(other);
        }
        let around = b.dilate(&b.chain_stones(n)).and(b.stones(c.opponent()));
        for q in around.points() {
            if b.lib_count(q) == 1 {
                if let Some(l) = b.chain_libs(q).points().next() {
                    if b.is_legal_fast(c, l) {
                        return Some(l);
                    }
                }
            }
        }
    }
    None
}

/// Moves of `to_play` on the liberties of the two-liberty chain at `g`: ataris when
/// `to_play` attacks, extensions when it owns the chain. Left out: illegal moves, hopeless
/// extensions, and bad self-ataris, which an attacker replaces by an approach move. When
/// both liberties work and only one is not lumpy (nor an approach), only that one is kept.
/// Appends to `out`.
pub fn atari_or_extend<const W: usize, const P: usize>(
    b: &Board<W, P>,
    g: Point,
    to_play: Color,
    out: &mut PointList,
) {
    let Some(owner) = b.color_at(g) else {
        return;
    };
    let Some((l0, l1)) = two_libs(b, g) else {
        return;
    };
    let mut found: [Option<(Point, bool)>; 2] = [None; 2];
    for (i, (lib, other)) in [(l0, l1), (l1, l0)].into_iter().enumerate() {
        if !b.is_legal_fast(to_play, lib) {
            continue;
        }
        if to_play == owner && hopeless_extension(b, owner, lib, other) {
            continue;
        }
        let mut mv = lib;
        let mut preferred = true;
        if is_bad_self_atari(b, to_play, lib) {
            if to_play == owner {
                continue;
            }
            match approach_move(b, to_play, lib) {
                Some(a) => {
                    mv = a;
                    preferred = false;
                }
                None => continue,
            }
        }
        if lumpy(b, to_play, mv) {
            preferred = false;
        }
        found[i] = Some((mv, preferred));
    }
    match found {
        [Some((a, true)), Some((_, false))] => out.push_unique(a),
        [Some((_, false)), Some((z, true))] => out.push_unique(z),
        _ => {
            for (m, _) in found.into_iter().flatten() {
                out.push_unique(m);
            }
        }
    }
}

/// Calls `f` on one stone of every enemy chain touching the chain at `g`.
fn for_each_enemy_neighbour<const W: usize, const P: usize>(
    b: &Board<W, P>,
    g: Point,
    mut f: impl FnMut(Point),
) {
    let Some(owner) = b.color_at(g) else {
        return;
    };
    let mut around = b.dilate(&b.chain_stones(g)).and(b.stones(owner.opponent()));
    while let Some(i) = around.first() {
        let q = Point(i as u16);
        around = around.and_not(&b.chain_stones(q));
        f(q);
    }
}

/// The two-liberty check of one chain `g` for `to_play`: nothing when the chain has miai;
/// otherwise the ataris (or extensions) on its liberties, and when `to_play` owns it also
/// the captures of enemy chains in atari touching it and the ataris on two-liberty enemy
/// chains touching it. Appends to `out`.
pub fn two_lib_check<const W: usize, const P: usize>(
    b: &Board<W, P>,
    g: Point,
    to_play: Color,
    out: &mut PointList,
) {
    if b.lib_count(g) != 2 || has_miai(b, g) {
        return;
    }
    atari_or_extend(b, g, to_play, out);
    if b.color_at(g) != Some(to_play) {
        return;
    }
    for_each_enemy_neighbour(b, g, |q| match b.lib_count(q) {
        1 => {
            if let Some(l) = b.chain_libs(q).points().next() {
                if b.is_legal_fast(to_play, l) {
                    out.push_unique(l);
                }
            }
        }
        2 => atari_or_extend(b, q, to_play, out),
        _ => {}
    });
}

/// The defence of `to_play`'s chain `g` with three or four liberties in a capture race:
/// ataris on the two-liberty enemy chains touching it (approach-liberty races must start
/// early). Appends to `out`.
pub fn n_lib_defence<const W: usize, const P: usize>(
    b: &Board<W, P>,
    g: Point,
    to_play: Color,
    out: &mut PointList,
) {
    for_each_enemy_neighbour(b, g, |q| {
        if b.lib_count(q) == 2 {
            atari_or_extend(b, q, to_play, out);
        }
    });
}

/// After the opponent's refusal of a bad self-atari at `p` (an empty point): `to_play`'s
/// ataris that capture, in a ladder, a two-liberty enemy chain next to `p`. Appends to `out`.
pub fn ladder_captures_near<const W: usize, const P: usize>(
    b: &Board<W, P>,
    p: Point,
    to_play: Color,
    out: &mut PointList,
) {
    let opp = to_play.opponent();
    for n in b.neighbors(p) {
        if b.color_at(n) != Some(opp) || b.lib_count(n) != 2 {
            continue;
        }
        for lib in b.chain_libs(n).points() {
            if ladder_works(b, to_play, n, lib) {
                out.push_unique(lib);
                break;
            }
        }
    }
}

/// Eye fixing: the opponent's last move `m` filled an approach point from which the next
/// move could make one of `to_play`'s eyes false. The move is read as Pachi's eye-fix
/// rule does: `m` touches a lone opponent stone set between two of `to_play`'s diagonal
/// stones (or edges); an empty neighbour of that stone (not `m`) is diagonal to an eye-like
/// point of `to_play` that one more enemy diagonal would make false. Then `to_play` takes
/// that falsifying point first, or captures a falsifying stone in atari. Appends to `out`.
pub fn eye_fix_moves<const W: usize, const P: usize>(
    b: &Board<W, P>,
    m: Point,
    to_play: Color,
    out: &mut PointList,
) {
    let opp = to_play.opponent();
    if b.color_at(m) != Some(opp) {
        return;
    }
    let s = b.stride() as i32;
    let at = |p: Point, dx: i32, dy: i32| Point((p.0 as i32 + dx + dy * s) as u16);
    let friendly = |q: Point| b.color_at(q) == Some(to_play) || !b.is_on_board(q);
    // the four sides of m: an orthogonal neighbour c1 with its two diagonal flankers
    for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        let c1 = at(m, dx, dy);
        if b.color_at(c1) != Some(opp) || b.empty_neighbor_count(c1) == 0 {
            continue;
        }
        let (c0, c2) = (at(m, dx - dy, dy + dx), at(m, dx + dy, dy - dx));
        if !(friendly(c0) && friendly(c2)) {
            continue;
        }
        for f in b.neighbors(c1) {
            if f == m || !b.is_empty_point(f) {
                continue;
            }
            for (ex, ey) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                let e = at(f, ex, ey);
                if !b.is_empty_point(e) || !eye_like(b, to_play, e) {
                    continue;
                }
                let (mut enemy, mut edge) = (0, 0);
                for (gx, gy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                    let d = at(e, gx, gy);
                    if !b.is_on_board(d) {
                        edge += 1;
                    } else if b.color_at(d) == Some(opp) {
                        if b.lib_count(d) == 1 {
                            if let Some(l) = b.chain_libs(d).points().next() {
                                out.push_unique(l);
                            }
                        } else {
                            enemy += 1;
                        }
                    }
                }
                if enemy == 1 || (enemy == 0 && edge == 2) {
                    out.push_unique(f);
                }
            }
        }
    }
}

/// Whether the empty point `p` has only `c`'s stones (or edges) as orthogonal neighbours.
fn eye_like<const W: usize, const P: usize>(b: &Board<W, P>, c: Color, p: Point) -> bool {
    b.empty_neighbor_count(p) == 0 && b.neighbors(p).all(|n| b.color_at(n) == Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::testutil::{corner9, pt};

    const B: Color = Color::Black;
    const W: Color = Color::White;

    /// The points `f` appends, as sorted GTP vertices.
    fn list(f: impl FnOnce(&mut PointList)) -> Vec<String> {
        let mut l = PointList::new();
        f(&mut l);
        let mut v: Vec<String> = l
            .as_slice()
            .iter()
            .map(|p| p.vertex(9).to_string())
            .collect();
        v.sort();
        v
    }

    /// White C2 (liberties B2 and C3) against Black C1 and D2, with or without the white
    /// chain A2-A3 that B2 would connect to.
    fn lone_white(with_friends: bool) -> crate::board::Board9 {
        let rows = if with_friends {
            ["O . . . .", "O . O X .", ". . X . ."]
        } else {
            [". . . . .", ". . O X .", ". . X . ."]
        };
        corner9(&[". . . . .", rows[0], rows[1], rows[2]])
    }

    #[test]
    fn miai_when_connecting_on_one_side_and_running_on_the_other() {
        let b = lone_white(true);
        assert_eq!(b.lib_count(pt("C2", 9)), 2);
        assert!(has_miai(&b, pt("C2", 9)));
        // nothing to connect to: no miai, and both sides may play the liberties
        let b = lone_white(false);
        assert!(!has_miai(&b, pt("C2", 9)));
        assert_eq!(list(|l| two_lib_check(&b, pt("C2", 9), B, l)), ["B2", "C3"]);
        // miai: the attacker leaves the chain alone
        let b = lone_white(true);
        assert!(list(|l| two_lib_check(&b, pt("C2", 9), B, l)).is_empty());
    }

    #[test]
    fn defender_extends_and_counter_ataris() {
        // White to play: extend at B2 or C3, or atari Black C1 (liberties B1 and D1)
        let b = lone_white(false);
        let moves = list(|l| two_lib_check(&b, pt("C2", 9), W, l));
        assert!(moves.contains(&"B1".to_string()), "{moves:?}");
        assert!(moves.contains(&"B2".to_string()) && moves.contains(&"C3".to_string()));
        // Black D2 and C1 in atari next to White C2: counter-capture both
        let b = corner9(&[". . . . .", ". . O X O", ". . X O ."]);
        assert_eq!(b.lib_count(pt("C2", 9)), 2);
        let moves = list(|l| two_lib_check(&b, pt("C2", 9), W, l));
        for m in ["B1", "D3"] {
            assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
        }
    }

    #[test]
    fn hopeless_extensions_are_left_out() {
        // White B1 (liberties A1 and C1) under Black B2: A1 gains nothing, C1 gains two
        let b = corner9(&[". . . .", ". X . .", ". O . ."]);
        assert_eq!(b.lib_count(pt("B1", 9)), 2);
        assert_eq!(list(|l| atari_or_extend(&b, pt("B1", 9), W, l)), ["C1"]);
    }

    #[test]
    fn nlib_defence_ataris_a_two_liberty_neighbour() {
        // Black C2-D2 next to White B2, whose liberties are A2 and B3
        let b = corner9(&[". . . . .", ". . . . .", ". O X X .", ". X . . ."]);
        assert_eq!(b.lib_count(pt("B2", 9)), 2);
        assert_eq!(list(|l| n_lib_defence(&b, pt("C2", 9), B, l)), ["A2", "B3"]);
    }

    #[test]
    fn eye_fix_takes_the_falsifying_point() {
        // Black's eye at B2; White E1 (the last move) makes C1 a threat to falsify it
        let b = corner9(&[
            ". . . . . .", //
            "X X O O . .",
            "X . X X O .",
            "X X . O O O",
        ]);
        assert_eq!(list(|l| eye_fix_moves(&b, pt("E1", 9), B, l)), ["C1"]);
        // a black stone's last move sets nothing off
        assert!(list(|l| eye_fix_moves(&b, pt("D2", 9), B, l)).is_empty());
    }
}
