//! Nakade: the vital point of a small eye space enclosed by one colour, and which filled
//! shapes stay dead when captured.

use crate::board::{Board, Color, Point};

/// The largest eye space looked at.
const MAX_SPACE: usize = 6;

/// The vital point of the eye space containing the empty point `p`, when that eye space
/// (the connected region of empty points, size 3..=6, bordered only by one colour's stones
/// or the edge) is a killable shape: straight or bent three -> the middle, pyramid four,
/// bulky five, crossed five and rabbity six -> the centre. Squared four, straight and bent
/// four, other shapes and open regions: `None`.
pub fn nakade_point<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> Option<Point> {
    if !b.is_empty_point(p) || b.empty_neighbor_count(p) == 0 {
        return None;
    }
    let mut reg = [p; MAX_SPACE];
    let mut n = 1;
    let mut i = 0;
    // which colours border the region so far: bit 0 black, bit 1 white
    let mut border = 0usize;
    while i < n {
        let q = reg[i];
        i += 1;
        border |= (b.neighbor_count(Color::Black, q) > 0) as usize
            | ((b.neighbor_count(Color::White, q) > 0) as usize) << 1;
        if border == 3 {
            return None;
        }
        for m in b.empty_neighbors(q) {
            if !reg[..n].contains(&m) {
                if n == MAX_SPACE {
                    return None;
                }
                reg[n] = m;
                n += 1;
            }
        }
    }
    if n < 3 || border == 0 {
        return None;
    }
    vital_point(b, &reg[..n])
}

/// For each point of `pts`, how many of the others are its orthogonal neighbours.
fn degrees<const W: usize, const P: usize>(b: &Board<W, P>, pts: &[Point]) -> [u8; MAX_SPACE] {
    let s = b.stride();
    let mut deg = [0u8; MAX_SPACE];
    for (i, &a) in pts.iter().enumerate().take(MAX_SPACE) {
        for &c in pts {
            let d = a.idx().abs_diff(c.idx());
            deg[i] += (d == 1 || d == s) as u8;
        }
    }
    deg
}

/// The vital point of the connected shape `pts` (3..=6 points) when it is a killable eye
/// shape (see [`nakade_point`]).
pub(crate) fn vital_point<const W: usize, const P: usize>(
    b: &Board<W, P>,
    pts: &[Point],
) -> Option<Point> {
    let n = pts.len();
    if !(3..=MAX_SPACE).contains(&n) {
        return None;
    }
    let deg = degrees(b, pts);
    let deg = &deg[..n];
    let edges: usize = deg.iter().map(|&d| d as usize).sum::<usize>() / 2;
    let with = |k: u8| deg.iter().position(|&d| d == k).map(|i| pts[i]);
    match n {
        // a path of three: the middle
        3 => with(2),
        // the T-tetromino (pyramid four)
        4 => with(3),
        // the only pentomino with a cycle is the bulky five; the plus is the crossed five
        5 if edges == 5 => with(3),
        5 => with(4),
        // rabbity six: a plus with one more point closing a square
        6 if edges == 6 => with(4),
        _ => None,
    }
}

/// Whether the connected shape `pts` is an eye space that gives only one eye when its owner's
/// opponent moves first in it: one or two points, squared four, or a killable shape.
pub(crate) fn is_dead_shape<const W: usize, const P: usize>(
    b: &Board<W, P>,
    pts: &[Point],
) -> bool {
    match pts.len() {
        0 => false,
        1 | 2 => true,
        4 if degrees(b, pts)[..4].iter().all(|&d| d == 2) => true,
        _ => vital_point(b, pts).is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board19, Board9, Color};

    /// The flood of the first version, kept as the reference of the faster one.
    fn nakade_reference<const W: usize, const P: usize>(
        b: &Board<W, P>,
        p: Point,
    ) -> Option<Point> {
        if !b.is_empty_point(p) {
            return None;
        }
        let mut reg = vec![p];
        let mut i = 0;
        let mut border = 0u8;
        while i < reg.len() {
            let q = reg[i];
            i += 1;
            for m in b.neighbors(q) {
                match b.color_at(m) {
                    Some(c) => border |= 1 << c.index(),
                    None if !reg.contains(&m) => reg.push(m),
                    None => {}
                }
            }
            if reg.len() > MAX_SPACE {
                return None;
            }
        }
        if reg.len() < 3 || !(border == 1 || border == 2) {
            return None;
        }
        vital_point(b, &reg)
    }

    #[test]
    fn the_nakade_point_is_the_reference_s_on_playout_positions() {
        let mut found = 0;
        for b in crate::tactics::testutil::playout_positions9(11, 3000) {
            for p in b.points() {
                let want = nakade_reference(&b, p);
                assert_eq!(nakade_point(&b, p), want, "{p:?}\n{b}");
                found += want.is_some() as usize;
            }
        }
        assert!(found > 100, "{found}");
    }

    /// A 9x9 board of white stones with the shape (column, row offsets) left empty at
    /// `(ox, oy)`, and black stones on `black`.
    fn carved(shape: &[(i32, i32)], ox: i32, oy: i32, black: &[(i32, i32)]) -> Board9 {
        let n = 9;
        let hole: Vec<(i32, i32)> = shape.iter().map(|&(x, y)| (x + ox, y + oy)).collect();
        let mut white = vec![];
        let mut blk = vec![];
        for y in 0..n {
            for x in 0..n {
                if black.contains(&(x, y)) {
                    blk.push(Point::new(x as usize, y as usize, 9));
                } else if !hole.contains(&(x, y)) {
                    white.push(Point::new(x as usize, y as usize, 9));
                }
            }
        }
        Board9::from_stones(n as usize, &blk, &white).unwrap()
    }

    /// The eight symmetries of a shape, each shifted to non-negative offsets.
    fn symmetries(shape: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
        let mut out = vec![];
        for k in 0..8 {
            let v: Vec<(i32, i32)> = shape
                .iter()
                .map(|&(x, y)| {
                    let (x, y) = if k & 4 != 0 { (-x, y) } else { (x, y) };
                    match k & 3 {
                        0 => (x, y),
                        1 => (-y, x),
                        2 => (-x, -y),
                        _ => (y, -x),
                    }
                })
                .collect();
            let mx = v.iter().map(|p| p.0).min().unwrap();
            let my = v.iter().map(|p| p.1).min().unwrap();
            out.push(v.iter().map(|&(x, y)| (x - mx, y - my)).collect());
        }
        out
    }

    /// Checks the vital point (`Some(index into shape)`) for every symmetry, in the centre
    /// and in the corner, asked from every point of the space.
    fn check(shape: &[(i32, i32)], vital: Option<usize>) {
        for (k, sym) in symmetries(shape).into_iter().enumerate() {
            for (ox, oy) in [(3, 3), (0, 0)] {
                let b = carved(&sym, ox, oy, &[]);
                let want = vital.map(|i| {
                    let (x, y) = sym[i];
                    Point::new((x + ox) as usize, (y + oy) as usize, 9)
                });
                for &(x, y) in &sym {
                    let p = Point::new((x + ox) as usize, (y + oy) as usize, 9);
                    assert_eq!(nakade_point(&b, p), want, "symmetry {k} at {ox},{oy}\n{b}");
                }
            }
        }
    }

    #[test]
    fn killable_shapes_and_their_vital_points() {
        check(&[(0, 0), (1, 0), (2, 0)], Some(1)); // straight three
        check(&[(0, 0), (1, 0), (1, 1)], Some(1)); // bent three
        check(&[(0, 0), (1, 0), (2, 0), (1, 1)], Some(1)); // pyramid four
        check(&[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)], Some(1)); // bulky five
        check(&[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], Some(2)); // crossed five
        check(&[(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (1, 2)], Some(3)); // rabbity six
    }

    #[test]
    fn living_shapes_have_no_vital_point() {
        check(&[(0, 0), (1, 0), (0, 1), (1, 1)], None); // squared four
        check(&[(0, 0), (1, 0), (2, 0), (3, 0)], None); // straight four
        check(&[(0, 0), (1, 0), (2, 0), (2, 1)], None); // bent four
        check(&[(0, 0), (1, 0), (1, 1), (2, 1)], None); // zigzag four
        check(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], None); // straight five
        check(&[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)], None); // T five
        check(&[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)], None); // rectangular six
        check(&[(0, 0), (1, 0)], None); // two points
        check(&[(0, 0)], None); // one point
    }

    #[test]
    fn open_or_mixed_regions_are_not_eye_spaces() {
        // a bent three whose border holds a black stone
        let b = carved(&[(0, 0), (1, 0), (1, 1)], 3, 3, &[(2, 3)]);
        assert_eq!(nakade_point(&b, Point::new(4, 3, 9)), None);
        // seven empty points
        let b = carved(
            &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)],
            1,
            4,
            &[],
        );
        assert_eq!(nakade_point(&b, Point::new(3, 4, 9)), None);
        // the empty board, and an occupied point
        let e = Board19::new(19).unwrap();
        assert_eq!(nakade_point(&e, Point::new(3, 3, 19)), None);
        assert_eq!(nakade_point(&b, Point::new(0, 0, 9)), None);
        // black-bordered spaces work the same as white ones
        let pts: Vec<Point> = [(4, 4), (5, 4), (6, 4)]
            .iter()
            .map(|&(x, y)| Point::new(x, y, 9))
            .collect();
        let mut black = vec![];
        for x in 3..8 {
            for y in 3..6 {
                let p = Point::new(x, y, 9);
                if !pts.contains(&p) {
                    black.push(p);
                }
            }
        }
        let b = Board9::from_stones(9, &black, &[]).unwrap();
        assert_eq!(b.color_at(Point::new(3, 4, 9)), Some(Color::Black));
        assert_eq!(nakade_point(&b, pts[0]), Some(pts[1]));
    }

    #[test]
    fn dead_shapes_when_filled() {
        let b = Board9::new(9).unwrap();
        let p = |x, y| Point::new(x, y, 9);
        assert!(is_dead_shape(&b, &[p(0, 0), p(1, 0)]));
        assert!(is_dead_shape(&b, &[p(0, 0), p(1, 0), p(0, 1), p(1, 1)]));
        assert!(is_dead_shape(&b, &[p(2, 2), p(3, 2), p(4, 2)]));
        assert!(!is_dead_shape(&b, &[p(2, 2), p(3, 2), p(4, 2), p(5, 2)]));
    }
}
