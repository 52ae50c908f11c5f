//! Shapes around a candidate move: the stones at growing distances from it, hashed so that
//! the eight rotations and reflections of a shape share one key, and with colours taken
//! relative to the side to move (so the colour swap shares it too).
//!
//! Sizes follow Pachi's gridcular distance `d(dx, dy) = |dx| + |dy| + max(|dx|, |dy|)`:
//! size 0 holds every point with `d <= 3` (the 3x3 square), size `k` every point with
//! `d <= k + 3`; the largest, `d <= 10`, holds 72 points and contains the diamond of radius
//! 5. Points of the 3x3 square also say whether their stone is in atari.

use crate::board::zobrist::splitmix;
use crate::board::{Board, Color, Point};
use std::sync::OnceLock;

/// Number of shape sizes (gridcular distances 3 to 10).
pub const SIZES: usize = 8;
// a size masked by SIZES - 1 stays in bounds
const _: () = assert!(SIZES.is_power_of_two());
/// Largest gridcular distance of a shape point.
const MAX_D: i32 = 10;
/// Largest coordinate offset of a shape point.
const MAX_OFFSET: i32 = 5;
/// Kinds of point content: empty, own stone, opponent stone, off the board, own stone in
/// atari, opponent stone in atari.
const CONTENTS: usize = 6;

/// The geometry of the shapes and their hash keys, built once.
struct Geometry {
    /// Offsets (dx, dy), sorted by gridcular distance.
    offsets: Vec<(i32, i32)>,
    /// `ends[k]`: number of offsets in shapes of size `k`.
    ends: [usize; SIZES],
    /// `keys[i][content][s]`: the key of content `content` on offset `i` under symmetry `s`.
    keys: Vec<[[u64; 8]; CONTENTS]>,
    /// A key per size, so that shapes of different sizes never share a key.
    size_keys: [u64; SIZES],
    /// `ring_empty[k]`: the keys of the offsets that size `k` adds, all empty, together.
    ring_empty: [[u64; 8]; SIZES],
    /// `diff[i][code]`: what a grid code on offset `i` changes in the key from empty (the
    /// atari codes read as plain stones beyond the 3x3; codes past the last are never used).
    diff: Box<[[[u64; 8]; CODES]; OFFSETS]>,
    /// `steps[i]`: offset `i` as a step within a [`Grid`] window.
    steps: [u16; OFFSETS],
}

/// Number of offsets of the largest shape.
const OFFSETS: usize = 72;
/// Grid codes a table holds (a power of two above [`CONTENTS`], so that a masked code needs
/// no bounds check).
const CODES: usize = 8;
/// Margin of off-board cells around the board in a [`Grid`].
const MARGIN: usize = MAX_OFFSET as usize;
/// Row length of a [`Grid`]: the largest board and a margin on each side.
const STRIDE: usize = crate::board::MAX_SIZE + 2 * MARGIN;
/// Cells of a [`Grid`] window around a centre: every cell within the largest offset lies
/// in it, below this power of two (so that a masked step needs no bounds check).
const WINDOW: usize = 512;
/// Cells of a [`Grid`]: the padded board, and room for a whole window from its last centre.
const GRID_CELLS: usize = STRIDE * STRIDE + WINDOW;

/// Gridcular distance of an offset.
fn gridcular(dx: i32, dy: i32) -> i32 {
    dx.abs() + dy.abs() + dx.abs().max(dy.abs())
}

/// The eight symmetries of the square applied to an offset.
fn transform(s: usize, (dx, dy): (i32, i32)) -> (i32, i32) {
    let (x, y) = if s & 4 != 0 { (dy, dx) } else { (dx, dy) };
    let x = if s & 1 != 0 { -x } else { x };
    let y = if s & 2 != 0 { -y } else { y };
    (x, y)
}

fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| {
        let mut offsets = vec![];
        for dy in -MAX_OFFSET..=MAX_OFFSET {
            for dx in -MAX_OFFSET..=MAX_OFFSET {
                let d = gridcular(dx, dy);
                if d > 0 && d <= MAX_D {
                    offsets.push((dx, dy));
                }
            }
        }
        offsets.sort_by_key(|&(dx, dy)| (gridcular(dx, dy), dy, dx));
        let mut ends = [0; SIZES];
        for (k, e) in ends.iter_mut().enumerate() {
            *e = offsets
                .iter()
                .filter(|&&(dx, dy)| gridcular(dx, dy) <= k as i32 + 3)
                .count();
        }
        // the trained pattern file depends on these keys: seed and order stay fixed
        let mut state = 0x7465_6e67_656e_5f70; // "tengen_p"
        let mut next = || {
            let (s, k) = splitmix(state);
            state = s;
            k
        };
        let base: Vec<[u64; CONTENTS]> = offsets
            .iter()
            .map(|_| std::array::from_fn(|_| next()))
            .collect();
        let size_keys = std::array::from_fn(|_| next());
        let index = |o: (i32, i32)| offsets.iter().position(|&q| q == o);
        let keys = offsets
            .iter()
            .map(|&o| {
                std::array::from_fn(|content| {
                    std::array::from_fn(|s| {
                        // the offset o of a shape moves to transform(s, o) in its image
                        let j = index(transform(s, o)).unwrap_or(0);
                        base[j][content]
                    })
                })
            })
            .collect();
        let keys: Vec<[[u64; 8]; CONTENTS]> = keys;
        let mut ring_empty = [[0; 8]; SIZES];
        let mut start = 0;
        for (k, ring) in ring_empty.iter_mut().enumerate() {
            for key in &keys[start..ends[k]] {
                for s in 0..8 {
                    ring[s] ^= key[0][s];
                }
            }
            start = ends[k];
        }
        let mut diff = Box::new([[[0; 8]; CODES]; OFFSETS]);
        let mut steps = [0; OFFSETS];
        for (i, &(dx, dy)) in offsets.iter().enumerate().take(OFFSETS) {
            for code in 1..CONTENTS {
                // beyond the 3x3 a stone in atari is a plain stone
                let content = if i < ends[0] || code < 4 {
                    code
                } else {
                    code - 3
                };
                for s in 0..8 {
                    diff[i][code][s] = keys[i][content][s] ^ keys[i][0][s];
                }
            }
            let from_corner = (dy + MAX_OFFSET) as usize * STRIDE + (dx + MAX_OFFSET) as usize;
            steps[i] = from_corner as u16;
        }
        Geometry {
            offsets,
            ends,
            keys,
            size_keys,
            ring_empty,
            diff,
            steps,
        }
    })
}

/// The content code of the point at offset `(dx, dy)` from `(x, y)` for `c` to move;
/// `atari` says whether to tell stones in atari apart.
#[inline(always)]
fn content<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    x: i32,
    y: i32,
    atari: bool,
) -> usize {
    let s = b.size() as i32;
    if x < 0 || y < 0 || x >= s || y >= s {
        return 3;
    }
    let q = Point::new(x as usize, y as usize, s as usize);
    match b.color_at(q) {
        None => 0,
        Some(o) => {
            let base = if o == c { 1 } else { 2 };
            if atari && b.lib_count(q) == 1 {
                base + 3
            } else {
                base
            }
        }
    }
}

/// Calls `f(k, key)` with the key of the shape of each size `k = 0, 1, ...` around the
/// empty point `p` for `c` to move, until `f` returns false or the sizes run out.
/// Keys are canonical: equal for shapes that a rotation, a reflection or a colour swap
/// (with the side to move) turns into each other.
#[inline]
pub fn for_each_key<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
    mut f: impl FnMut(usize, u64) -> bool,
) {
    let g = geometry();
    let (x, y) = p.xy(b.size());
    let (x, y) = (x as i32, y as i32);
    let mut h = [0u64; 8];
    let mut start = 0;
    for k in 0..SIZES {
        let end = g.ends[k];
        for i in start..end {
            let (dx, dy) = g.offsets[i];
            let v = content(b, c, x + dx, y + dy, k == 0);
            let keys = &g.keys[i][v];
            for s in 0..8 {
                h[s] ^= keys[s];
            }
        }
        start = end;
        let key = h.iter().copied().min().unwrap_or(0) ^ g.size_keys[k];
        if !f(k, key) {
            return;
        }
    }
}

/// The keys of every size around `p` for `c` to move (see [`for_each_key`]).
pub fn keys<const W: usize, const P: usize>(b: &Board<W, P>, c: Color, p: Point) -> [u64; SIZES] {
    let mut out = [0; SIZES];
    for_each_key(b, c, p, |k, key| {
        out[k] = key;
        true
    });
    out
}

/// The largest shape around `p` (for `c` to move) that `lookup` knows, with its size:
/// sizes are tried from the 3x3 upwards and the search stops at the first unknown one (a
/// dictionary built from counts holds every smaller shape of a shape it holds).
#[inline]
pub fn largest_known<const W: usize, const P: usize, T: Copy>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
    lookup: impl Fn(u64) -> Option<T>,
) -> Option<(usize, T)> {
    let mut best = None;
    for_each_key(b, c, p, |k, key| match lookup(key) {
        Some(v) => {
            best = Some((k, v));
            true
        }
        None => false,
    });
    best
}

/// The contents of a board for one side to move, one code a cell (see [`content`]), on a
/// grid with a margin of off-board cells wide enough for every shape point, so that the
/// points of a shape lie at fixed steps from its centre: built once per position, it turns
/// the keys of every candidate into table look-ups.
#[derive(Clone)]
pub struct Grid {
    cells: [u8; GRID_CELLS],
}

impl Grid {
    /// The grid of `b` with `c` to move.
    pub fn new<const W: usize, const P: usize>(b: &Board<W, P>, c: Color) -> Grid {
        let mut cells = [3u8; GRID_CELLS];
        let size = b.size().min(crate::board::MAX_SIZE);
        for y in 0..size {
            let row = (y + MARGIN) * STRIDE + MARGIN;
            cells[row..row + size].fill(0);
        }
        for (colour, base) in [(c, 1), (c.opponent(), 2)] {
            for i in b.stones(colour).iter() {
                let q = Point(i as u16);
                let (x, y) = q.xy(b.size());
                if x < size && y < size {
                    let atari = if b.lib_count(q) == 1 { 3 } else { 0 };
                    cells[(y + MARGIN) * STRIDE + x + MARGIN] = base + atari;
                }
            }
        }
        Grid { cells }
    }

    /// The window whose corner is the largest offset down and left of (x, y).
    #[inline(always)]
    fn window(&self, x: usize, y: usize) -> &[u8; WINDOW] {
        let corner = y * STRIDE + x;
        let w = self
            .cells
            .get(corner..corner + WINDOW)
            .unwrap_or(&[3; WINDOW]);
        w.try_into().unwrap_or(&[3; WINDOW])
    }
}

/// The keys of the shapes around one point of a [`Grid`], smallest first, each computed
/// from the one before when first asked for: a caller may compute the first few early (to
/// fetch their table entries ahead) and the look-ups use them later.
pub struct ShapeKeys<'g> {
    /// The grid window around the point.
    w: &'g [u8; WINDOW],
    /// The running key under each symmetry.
    h: [u64; 8],
    /// The keys computed so far, `keys[..n]`.
    keys: [u64; SIZES],
    n: usize,
}

impl<'g> ShapeKeys<'g> {
    /// The keys around `p` on `grid` of a board of `size`, none computed yet.
    #[inline]
    pub fn new(grid: &'g Grid, p: Point, size: usize) -> Self {
        let (x, y) = p.xy(size);
        ShapeKeys {
            w: grid.window(x, y),
            h: [0; 8],
            keys: [0; SIZES],
            n: 0,
        }
    }

    /// The key of the shape of size `k` (below [`SIZES`]).
    #[inline]
    pub fn key(&mut self, k: usize) -> u64 {
        if k >= self.n {
            self.compute_to(k);
        }
        self.keys[k & (SIZES - 1)]
    }

    /// Computes the keys up to size `k`.
    #[inline]
    fn compute_to(&mut self, k: usize) {
        let g = geometry();
        // the running key stays in registers while the rings are added
        let mut h = self.h;
        let mut start = if self.n == 0 { 0 } else { g.ends[self.n - 1] };
        for s in self.n..=k.min(SIZES - 1) {
            let end = g.ends[s];
            xor8(&mut h, &g.ring_empty[s]);
            for (diff, &step) in g.diff[start..end].iter().zip(&g.steps[start..end]) {
                let code = self.w[step as usize & (WINDOW - 1)] as usize;
                if code != 0 {
                    xor8(&mut h, &diff[code & (CODES - 1)]);
                }
            }
            start = end;
            self.keys[s] = min8(&h) ^ g.size_keys[s];
        }
        self.h = h;
        self.n = k.min(SIZES - 1) + 1;
    }

    /// The largest size whose key `lookup` knows, with what it gives, looking from the
    /// smallest up and stopping at the first unknown size: [`largest_known`] with the
    /// contents read from the grid (of the same board and side to move), the same answer.
    #[inline]
    pub fn largest_known<T: Copy>(
        &mut self,
        lookup: impl Fn(u64) -> Option<T>,
    ) -> Option<(usize, T)> {
        let mut best = None;
        for k in 0..SIZES {
            match lookup(self.key(k)) {
                Some(v) => best = Some((k, v)),
                None => break,
            }
        }
        best
    }
}

/// `h ^= d`, word by word.
#[inline(always)]
fn xor8(h: &mut [u64; 8], d: &[u64; 8]) {
    for s in 0..8 {
        h[s] ^= d[s];
    }
}

/// The least of eight words.
#[inline(always)]
fn min8(h: &[u64; 8]) -> u64 {
    let a = h[0].min(h[1]).min(h[2].min(h[3]));
    let b = h[4].min(h[5]).min(h[6].min(h[7]));
    a.min(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board19;
    use crate::tactics::testutil::pt;

    fn b19(black: &[&str], white: &[&str]) -> Board19 {
        let p = |v: &[&str]| v.iter().map(|s| pt(s, 19)).collect::<Vec<_>>();
        Board19::from_stones(19, &p(black), &p(white)).unwrap()
    }

    fn points_in_size(k: usize) -> usize {
        geometry().ends[k]
    }

    #[test]
    fn sizes_grow_to_the_radius_5_diamond() {
        assert_eq!(points_in_size(0), 8);
        assert_eq!(points_in_size(1), 12);
        assert_eq!(points_in_size(SIZES - 1), 72);
        let g = geometry();
        // every point of the Manhattan diamond of radius 5 is in the largest shape
        for dy in -5i32..=5 {
            for dx in -5i32..=5 {
                if dx.abs() + dy.abs() <= 5 && (dx, dy) != (0, 0) {
                    assert!(g.offsets.contains(&(dx, dy)), "{dx},{dy}");
                }
            }
        }
    }

    #[test]
    fn symmetric_shapes_share_keys_and_others_do_not() {
        // a hane shape near the D4 corner, and its mirror images on the other corners
        let a = b19(&["C4", "D3"], &["D4"]);
        let ka = keys(&a, Color::Black, pt("C3", 19));
        let mirrored = b19(&["R4", "Q3"], &["Q4"]);
        assert_eq!(ka, keys(&mirrored, Color::Black, pt("R3", 19)));
        let flipped = b19(&["C16", "D17"], &["D16"]);
        assert_eq!(ka, keys(&flipped, Color::Black, pt("C17", 19)));
        let transposed = b19(&["D3", "C4"], &["D4"]);
        assert_eq!(ka, keys(&transposed, Color::Black, pt("C3", 19)));
        // colours swapped with the side to move: same key
        let swapped = b19(&["D4"], &["C4", "D3"]);
        assert_eq!(ka, keys(&swapped, Color::White, pt("C3", 19)));
        // the same stones for the other side to move: a different shape
        assert_ne!(ka[0], keys(&a, Color::White, pt("C3", 19))[0]);
        // a stone moved: the 3x3 differs
        let other = b19(&["C4", "E3"], &["D4"]);
        assert_ne!(ka[0], keys(&other, Color::Black, pt("C3", 19))[0]);
    }

    #[test]
    fn far_stones_change_only_the_larger_sizes_and_atari_only_the_3x3_level() {
        let base = b19(&["K10"], &[]);
        let far = b19(&["K10", "K14"], &[]);
        let kb = keys(&base, Color::White, pt("K11", 19));
        let kf = keys(&far, Color::White, pt("K11", 19));
        // K14 is 3 above K11: gridcular distance 6, first in size 3
        assert_eq!(kb[..3], kf[..3]);
        assert!(kb[3..].iter().zip(&kf[3..]).all(|(a, b)| a != b));
        // every size has its own key, even over an empty area
        let empty = keys(&Board19::new(19).unwrap(), Color::Black, pt("K10", 19));
        for i in 0..SIZES {
            for j in 0..i {
                assert_ne!(empty[i], empty[j]);
            }
        }
        // a stone in atari reads differently in the 3x3 only
        let free = b19(&["K10"], &["K9", "J10"]);
        let atari = b19(&["K10"], &["K9", "J10", "L10"]);
        let kfree = keys(&free, Color::White, pt("K11", 19));
        let katari = keys(&atari, Color::White, pt("K11", 19));
        assert_ne!(kfree[0], katari[0]);
    }

    /// Every key of every empty point of `b` for both sides to move, read from the grid,
    /// equals [`keys`]; and the grid's search stops where [`largest_known`]'s does.
    fn grid_keys_agree<const W: usize, const P: usize>(b: &Board<W, P>) {
        for c in Color::BOTH {
            let grid = Grid::new(b, c);
            for &i in b.empty_list() {
                let p = Point(i);
                let want = keys(b, c, p);
                let got = std::cell::RefCell::new(vec![]);
                let r = ShapeKeys::new(&grid, p, b.size()).largest_known(|k| {
                    got.borrow_mut().push(k);
                    Some(k)
                });
                assert_eq!(got.into_inner(), want, "{:?}", p.vertex(b.size()));
                assert_eq!(r, Some((SIZES - 1, want[SIZES - 1])));
                // known only up to a size that depends on the key
                let known = |k: u64| (!k.is_multiple_of(5)).then_some(k);
                assert_eq!(
                    ShapeKeys::new(&grid, p, b.size()).largest_known(known),
                    largest_known(b, c, p, known)
                );
            }
        }
    }

    #[test]
    fn the_grid_gives_the_same_keys_on_every_board_size() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(53);
        for tries in [0, 10, 40, 70, 120] {
            grid_keys_agree(&crate::board::testutil::scattered9(&mut rng, tries));
        }
        // stones in atari, edges and corners on the other sizes too
        for size in [2, 5, 13, 19, 25] {
            let mut a = crate::board::AnyBoard::new(size).unwrap();
            for i in 0..size * size {
                let p = Point::new(rng.random_range(0..size), rng.random_range(0..size), size);
                let _ = a.try_play(Color::BOTH[i % 2], p);
                if i % (size * 2 + 1) == 0 {
                    crate::with_board!(&a, b => grid_keys_agree(&**b));
                }
            }
        }
        grid_keys_agree(&b19(&["K10", "C3", "D4"], &["K11", "C4", "Q16"]));
    }

    #[test]
    fn edges_read_as_off_board() {
        let b = Board19::new(19).unwrap();
        let corner = keys(&b, Color::Black, pt("A1", 19));
        let corner2 = keys(&b, Color::Black, pt("T19", 19));
        let side = keys(&b, Color::Black, pt("A10", 19));
        assert_eq!(corner, corner2);
        assert_ne!(corner[0], side[0]);
        let mut calls = 0;
        for_each_key(&b, Color::Black, pt("K10", 19), |k, _| {
            calls += 1;
            k < 2
        });
        assert_eq!(calls, 3);
    }
}
