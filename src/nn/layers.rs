//! The arithmetic of the network's layers, shared by the engine's forward pass and the
//! trainer's backward pass: a 3x3 convolution as one matrix product over the 3x3
//! neighbourhoods of every point (`im2col`) and back (`col2im`), on activations stored
//! point-major (`channels` values a point, points row by row, positions one after another).
//! The products run on the `gemm` crate.

/// The 3x3 neighbourhoods of a board size: for each point, the 9 points around it (itself
/// at 4) as point indices, `-1` off the board.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Board size.
    pub size: usize,
    nbr: Vec<[i32; 9]>,
}

impl Geometry {
    /// The neighbourhoods of a `size` board.
    pub fn new(size: usize) -> Geometry {
        let s = size as i32;
        let mut nbr = Vec::with_capacity(size * size);
        for y in 0..s {
            for x in 0..s {
                let mut a = [-1i32; 9];
                for (i, (dy, dx)) in (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| (dy, dx)))
                    .enumerate()
                {
                    let (xx, yy) = (x + dx, y + dy);
                    if (0..s).contains(&xx) && (0..s).contains(&yy) {
                        a[i] = yy * s + xx;
                    }
                }
                nbr.push(a);
            }
        }
        Geometry { size, nbr }
    }

    /// Points of the board.
    pub fn points(&self) -> usize {
        self.nbr.len()
    }

    /// Writes the 3x3 neighbourhood of every point of `batch` positions of `x` (`c`
    /// channels) as one row of `9 * c` values into `col` (zeros off the board).
    pub fn im2col(&self, x: &[f32], c: usize, batch: usize, col: &mut [f32]) {
        let n = self.points();
        let k = 9 * c;
        for b in 0..batch {
            let xb = &x[b * n * c..][..n * c];
            for (p, nb) in self.nbr.iter().enumerate() {
                let row = &mut col[(b * n + p) * k..][..k];
                for (d, &q) in nb.iter().enumerate() {
                    let dst = &mut row[d * c..][..c];
                    if q < 0 {
                        dst.fill(0.0);
                    } else {
                        dst.copy_from_slice(&xb[q as usize * c..][..c]);
                    }
                }
            }
        }
    }

    /// The transpose of [`Geometry::im2col`]: adds every row's values back onto the points
    /// they came from, into `dx` (overwritten).
    pub fn col2im(&self, col: &[f32], c: usize, batch: usize, dx: &mut [f32]) {
        let n = self.points();
        let k = 9 * c;
        dx[..batch * n * c].fill(0.0);
        for b in 0..batch {
            let db = &mut dx[b * n * c..][..n * c];
            for (p, nb) in self.nbr.iter().enumerate() {
                let row = &col[(b * n + p) * k..][..k];
                for (d, &q) in nb.iter().enumerate() {
                    if q >= 0 {
                        let dst = &mut db[q as usize * c..][..c];
                        for (o, v) in dst.iter_mut().zip(&row[d * c..][..c]) {
                            *o += v;
                        }
                    }
                }
            }
        }
    }
}

/// A matrix operand: the values and the strides between rows and between columns.
#[derive(Clone, Copy)]
pub struct Mat<'a> {
    /// The values.
    pub v: &'a [f32],
    /// Rows and columns.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Step from one row to the next.
    pub rs: usize,
    /// Step from one column to the next.
    pub cs: usize,
}

impl<'a> Mat<'a> {
    /// A row-major `rows x cols` matrix.
    pub fn rows(v: &'a [f32], rows: usize, cols: usize) -> Mat<'a> {
        Mat {
            v,
            rows,
            cols,
            rs: cols,
            cs: 1,
        }
    }

    /// The transpose (no copy).
    pub fn t(self) -> Mat<'a> {
        Mat {
            v: self.v,
            rows: self.cols,
            cols: self.rows,
            rs: self.cs,
            cs: self.rs,
        }
    }

    /// Whether every element lies inside `v`.
    fn fits(&self) -> bool {
        self.rows == 0
            || self.cols == 0
            || (self.rows - 1) * self.rs + (self.cols - 1) * self.cs < self.v.len()
    }
}

/// `dst (rows(a) x cols(b), row-major) = a * b`, or `dst += a * b` with `accumulate`, on
/// `threads` threads (1: this one).
///
/// # Panics
/// When the shapes do not match or an operand does not hold its elements: a bug in the
/// caller, never input.
pub fn matmul(dst: &mut [f32], a: Mat, b: Mat, accumulate: bool, threads: usize) {
    assert_eq!(a.cols, b.rows, "inner dimensions");
    assert!(a.fits() && b.fits(), "operand shapes");
    assert!(dst.len() >= a.rows * b.cols, "destination size");
    let par = if threads > 1 {
        gemm::Parallelism::Rayon(threads)
    } else {
        gemm::Parallelism::None
    };
    // SAFETY: the asserts above keep every index gemm reads or writes inside the slices
    // (dst is row-major a.rows x b.cols); the slices do not overlap (dst is &mut).
    unsafe {
        gemm::gemm(
            a.rows,
            b.cols,
            a.cols,
            dst.as_mut_ptr(),
            1,
            b.cols as isize,
            accumulate,
            a.v.as_ptr(),
            a.cs as isize,
            a.rs as isize,
            b.v.as_ptr(),
            b.cs as isize,
            b.rs as isize,
            1.0,
            1.0,
            false,
            false,
            false,
            par,
        );
    }
}

/// A 3x3 convolution with a bias: weights `9 * cin x cout` (row `d * cin + i`: neighbour
/// `d` of the 3x3, input channel `i`), bias `cout`.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv3 {
    /// Input channels.
    pub cin: usize,
    /// Output channels.
    pub cout: usize,
    /// Weights, `9 * cin` rows of `cout`.
    pub w: Vec<f32>,
    /// Bias, one an output channel.
    pub b: Vec<f32>,
}

impl Conv3 {
    /// A convolution with every weight and bias zero.
    pub fn zeros(cin: usize, cout: usize) -> Conv3 {
        Conv3 {
            cin,
            cout,
            w: vec![0.0; 9 * cin * cout],
            b: vec![0.0; cout],
        }
    }

    /// `y = conv(x) + bias` for `batch` positions; `col` holds the neighbourhoods afterwards
    /// (at least `batch * points * 9 * cin` values).
    pub fn forward(
        &self,
        g: &Geometry,
        x: &[f32],
        batch: usize,
        col: &mut [f32],
        y: &mut [f32],
        threads: usize,
    ) {
        let m = batch * g.points();
        let k = 9 * self.cin;
        g.im2col(x, self.cin, batch, col);
        for row in y[..m * self.cout].chunks_exact_mut(self.cout) {
            row.copy_from_slice(&self.b);
        }
        matmul(
            y,
            Mat::rows(&col[..m * k], m, k),
            Mat::rows(&self.w, k, self.cout),
            true,
            threads,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The convolution the slow way: every output from its 9 neighbours.
    fn naive(c: &Conv3, size: usize, x: &[f32]) -> Vec<f32> {
        let mut y = vec![0.0; size * size * c.cout];
        for py in 0..size as i32 {
            for px in 0..size as i32 {
                let p = (py as usize * size + px as usize) * c.cout;
                for o in 0..c.cout {
                    let mut s = c.b[o];
                    for (d, (dy, dx)) in (-1..=1)
                        .flat_map(|dy| (-1..=1).map(move |dx| (dy, dx)))
                        .enumerate()
                    {
                        let (qx, qy) = (px + dx, py + dy);
                        if qx < 0 || qy < 0 || qx >= size as i32 || qy >= size as i32 {
                            continue;
                        }
                        let q = (qy as usize * size + qx as usize) * c.cin;
                        for i in 0..c.cin {
                            s += x[q + i] * c.w[(d * c.cin + i) * c.cout + o];
                        }
                    }
                    y[p + o] = s;
                }
            }
        }
        y
    }

    fn filled(n: usize, seed: u32) -> Vec<f32> {
        (0..n)
            .map(|i| {
                ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 1000) as f32 / 500.0 - 1.0
            })
            .collect()
    }

    #[test]
    fn the_convolution_matches_the_definition() {
        for (size, cin, cout) in [(3, 2, 3), (5, 4, 1), (9, 3, 8)] {
            let g = Geometry::new(size);
            let mut c = Conv3::zeros(cin, cout);
            c.w = filled(c.w.len(), 7);
            c.b = filled(cout, 3);
            let x = filled(size * size * cin, 11);
            let mut col = vec![0.0; size * size * 9 * cin];
            let mut y = vec![0.0; size * size * cout];
            c.forward(&g, &x, 1, &mut col, &mut y, 1);
            let want = naive(&c, size, &x);
            for (a, b) in y.iter().zip(&want) {
                assert!((a - b).abs() < 1e-4, "{a} {b}");
            }
        }
    }

    #[test]
    fn col2im_is_the_transpose_of_im2col() {
        // <im2col(x), r> == <x, col2im(r)> for any x and r
        let (size, c, batch) = (4, 3, 2);
        let g = Geometry::new(size);
        let x = filled(batch * size * size * c, 5);
        let r = filled(batch * size * size * 9 * c, 9);
        let mut col = vec![0.0; r.len()];
        g.im2col(&x, c, batch, &mut col);
        let mut back = vec![1.0; x.len()];
        g.col2im(&r, c, batch, &mut back);
        let lhs: f64 = col.iter().zip(&r).map(|(a, b)| (a * b) as f64).sum();
        let rhs: f64 = x.iter().zip(&back).map(|(a, b)| (a * b) as f64).sum();
        assert!((lhs - rhs).abs() < 1e-3, "{lhs} {rhs}");
    }

    #[test]
    fn transposed_operands_multiply_right() {
        // a (2x3) and b^T where b is 2x3: a * b^T is 2x2
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let b = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0];
        let mut d = [0.0; 4];
        matmul(
            &mut d,
            Mat::rows(&a, 2, 3),
            Mat::rows(&b, 2, 3).t(),
            false,
            1,
        );
        assert_eq!(d, [4.0, 2.0, 10.0, 5.0]);
        matmul(
            &mut d,
            Mat::rows(&a, 2, 3),
            Mat::rows(&b, 2, 3).t(),
            true,
            2,
        );
        assert_eq!(d, [8.0, 4.0, 20.0, 10.0]);
    }
}
