//! Elo ratings of several engines from their pairwise results: a Bradley-Terry fit on the
//! logistic scale (the expected score of `i` against `j` is `1 / (1 + 10^((R_j - R_i) /
//! 400))`), the first engine fixed at 0, with 95% intervals.
//!
//! A draw counts half a win, as in the match table. The fit maximises the log-likelihood
//! by Newton's method with step halving; the intervals are ±1.96 standard errors from the
//! inverse of the observed Fisher information with engine 0 held fixed. Every pair of
//! engines that played gets [`PRIOR_DRAWS`] virtual drawn games on top of its results, a
//! weak prior that keeps perfect scores finite (10 wins of 10 give +529 Elo instead of
//! infinity) and that fades as games accumulate. An engine joined to engine 0 by no chain of
//! games cannot be placed on its scale and gets `None`.

use std::f64::consts::LN_10;

use super::stats::Z95;

/// Virtual drawn games added to every pair of engines that played each other.
pub const PRIOR_DRAWS: f64 = 1.0;

/// Elo points per natural unit of rating (a factor `e` in the odds): `400 / ln 10`.
pub const ELO_PER_NAT: f64 = 400.0 / LN_10;

/// Most Newton steps taken; a well-posed fit needs a handful, extreme ones a few dozen.
const MAX_STEPS: usize = 500;

/// The results of engine `a` against engine `b`, from `a`'s point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// Index of the first engine.
    pub a: usize,
    /// Index of the second engine.
    pub b: usize,
    /// Games `a` won.
    pub wins: u32,
    /// Games drawn (half a point each).
    pub draws: u32,
    /// Games `a` lost.
    pub losses: u32,
}

/// An engine's rating relative to engine 0, with its 95% interval, in Elo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Point estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Fits ratings to `n` engines (indices `0..n`) from `results`: one entry per engine,
/// engine 0 at exactly 0 (interval 0 to 0), `None` for an engine joined to engine 0 by no
/// chain of games. Records of the same pair add up, in either order; records of an engine
/// against itself, with an index not below `n`, or without games are ignored. Never panics
/// and never gives NaN; an interval the numbers cannot pin down is infinite.
pub fn fit(n: usize, results: &[PairResult]) -> Vec<Option<Rating>> {
    if n == 0 {
        return Vec::new();
    }
    // games[i][j]: games between i and j; points[i][j]: i's points against j.
    let mut games = vec![vec![0.0f64; n]; n];
    let mut points = vec![vec![0.0f64; n]; n];
    for r in results {
        let (w, d, l) = (f64::from(r.wins), f64::from(r.draws), f64::from(r.losses));
        if r.a == r.b || r.a >= n || r.b >= n || w + d + l == 0.0 {
            continue;
        }
        games[r.a][r.b] += w + d + l;
        games[r.b][r.a] += w + d + l;
        points[r.a][r.b] += w + 0.5 * d;
        points[r.b][r.a] += l + 0.5 * d;
    }
    for i in 0..n {
        for j in 0..n {
            if games[i][j] > 0.0 {
                games[i][j] += PRIOR_DRAWS;
                points[i][j] += 0.5 * PRIOR_DRAWS;
            }
        }
    }
    // Engines joined to engine 0; engine 0 itself is fixed, the others are the unknowns.
    let members = component_of_first(&games);
    let free: Vec<usize> = members.iter().copied().filter(|&i| i != 0).collect();
    let problem = Problem {
        games: &games,
        points: &points,
        members: &members,
        free: &free,
    };
    let rating = problem.solve();
    let spread = match cholesky(&problem.information(&rating)) {
        Some(l) => inverse_diagonal(&l),
        None => vec![f64::INFINITY; free.len()],
    };
    let mut out = vec![None; n];
    out[0] = Some(Rating {
        elo: 0.0,
        low: 0.0,
        high: 0.0,
    });
    for (k, &i) in free.iter().enumerate() {
        let elo = rating[i] * ELO_PER_NAT;
        let half = Z95 * spread[k].max(0.0).sqrt() * ELO_PER_NAT;
        let half = if half.is_nan() { f64::INFINITY } else { half };
        out[i] = Some(Rating {
            elo,
            low: elo - half,
            high: elo + half,
        });
    }
    out
}

/// The engines reachable from engine 0 through pairs that played, in increasing order.
fn component_of_first(games: &[Vec<f64>]) -> Vec<usize> {
    let n = games.len();
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if games[i][j] > 0.0 && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    (0..n).filter(|&i| seen[i]).collect()
}

/// The likelihood of one connected group of engines, with the prior already in the counts.
struct Problem<'a> {
    /// Games between each pair.
    games: &'a [Vec<f64>],
    /// Points of the row engine against the column engine.
    points: &'a [Vec<f64>],
    /// Engines joined to engine 0, engine 0 included.
    members: &'a [usize],
    /// The members other than engine 0, in the order of the unknowns.
    free: &'a [usize],
}

impl Problem<'_> {
    /// Ratings in natural units (engine 0 at 0, others outside the group at 0) that maximise
    /// the likelihood.
    fn solve(&self) -> Vec<f64> {
        let mut r = vec![0.0; self.games.len()];
        let mut current = self.log_likelihood(&r);
        for _ in 0..MAX_STEPS {
            let gradient = self.gradient(&r);
            let step = match cholesky(&self.information(&r)) {
                Some(l) => solve_cholesky(&l, &gradient),
                // Only if the weights underflow: a scaled gradient step instead.
                None => {
                    let info = self.information(&r);
                    gradient
                        .iter()
                        .enumerate()
                        .map(|(k, g)| g / info[k][k].max(1.0))
                        .collect()
                }
            };
            if step.iter().any(|s| !s.is_finite()) {
                break;
            }
            let mut t = 1.0;
            let mut moved = false;
            for _ in 0..60 {
                let mut next = r.clone();
                for (k, &i) in self.free.iter().enumerate() {
                    next[i] += t * step[k];
                }
                let value = self.log_likelihood(&next);
                if value >= current {
                    r = next;
                    current = value;
                    moved = true;
                    break;
                }
                t *= 0.5;
            }
            let size = step.iter().fold(0.0f64, |m, s| m.max(s.abs())) * t;
            if !moved || size < 1e-10 {
                break;
            }
        }
        r
    }

    /// The log-likelihood of ratings `r`: the sum over pairs of each side's points times the
    /// log of its expected score.
    fn log_likelihood(&self, r: &[f64]) -> f64 {
        let mut sum = 0.0;
        for (x, &i) in self.members.iter().enumerate() {
            for &j in &self.members[x + 1..] {
                if self.games[i][j] > 0.0 {
                    let d = r[i] - r[j];
                    sum -= self.points[i][j] * softplus(-d) + self.points[j][i] * softplus(d);
                }
            }
        }
        sum
    }

    /// The gradient over the free ratings: points scored minus points expected.
    fn gradient(&self, r: &[f64]) -> Vec<f64> {
        self.free
            .iter()
            .map(|&i| {
                self.members
                    .iter()
                    .filter(|&&j| self.games[i][j] > 0.0)
                    .map(|&j| self.points[i][j] - self.games[i][j] * logistic(r[i] - r[j]))
                    .sum()
            })
            .collect()
    }

    /// The observed Fisher information (minus the Hessian of the log-likelihood) over the
    /// free ratings: a weighted graph Laplacian with engine 0's row and column removed.
    fn information(&self, r: &[f64]) -> Vec<Vec<f64>> {
        let m = self.free.len();
        let mut info = vec![vec![0.0; m]; m];
        let mut index = vec![None; self.games.len()];
        for (k, &i) in self.free.iter().enumerate() {
            index[i] = Some(k);
        }
        for (x, &i) in self.members.iter().enumerate() {
            for &j in &self.members[x + 1..] {
                if self.games[i][j] == 0.0 {
                    continue;
                }
                let w = self.games[i][j] * logistic_slope(r[i] - r[j]);
                if let Some(a) = index[i] {
                    info[a][a] += w;
                }
                if let Some(b) = index[j] {
                    info[b][b] += w;
                }
                if let (Some(a), Some(b)) = (index[i], index[j]) {
                    info[a][b] -= w;
                    info[b][a] -= w;
                }
            }
        }
        info
    }
}

/// `1 / (1 + e^-x)`.
fn logistic(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// The slope of the logistic function, `logistic(x) * logistic(-x)`, without cancellation.
fn logistic_slope(x: f64) -> f64 {
    let e = (-x.abs()).exp();
    e / ((1.0 + e) * (1.0 + e))
}

/// `ln(1 + e^x)`, so that `ln logistic(x) = -softplus(-x)`.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// The lower-triangular `L` with `L L^T = a`, or `None` unless `a` is symmetric positive
/// definite to working precision.
fn cholesky(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut l = vec![vec![0.0; m]; m];
    for i in 0..m {
        for j in 0..=i {
            let s: f64 = a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            if i == j {
                if !(s > 0.0 && s.is_finite()) {
                    return None;
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    Some(l)
}

/// Solves `L L^T x = b` for the factor `l` of [`cholesky`].
fn solve_cholesky(l: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let m = l.len();
    let mut y = vec![0.0; m];
    for i in 0..m {
        y[i] = (b[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = vec![0.0; m];
    for i in (0..m).rev() {
        x[i] = (y[i] - (i + 1..m).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    x
}

/// The diagonal of `(L L^T)^-1`: the variances of the free ratings.
fn inverse_diagonal(l: &[Vec<f64>]) -> Vec<f64> {
    let m = l.len();
    (0..m)
        .map(|k| {
            let mut unit = vec![0.0; m];
            unit[k] = 1.0;
            solve_cholesky(l, &unit)[k]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, wins: u32, draws: u32, losses: u32) -> PairResult {
        PairResult {
            a,
            b,
            wins,
            draws,
            losses,
        }
    }

    fn rated(r: &[Option<Rating>]) -> Vec<Rating> {
        r.iter()
            .map(|x| {
                x.unwrap_or(Rating {
                    elo: f64::NAN,
                    low: f64::NAN,
                    high: f64::NAN,
                })
            })
            .collect()
    }

    fn near(got: f64, want: f64, tol: f64) {
        assert!((got - want).abs() <= tol, "got {got}, want {want} +- {tol}");
    }

    fn finite(r: &[Option<Rating>]) {
        for x in r.iter().flatten() {
            assert!(
                x.elo.is_finite() && !x.low.is_nan() && !x.high.is_nan() && x.low <= x.high,
                "{x:?}"
            );
        }
    }

    /// Two engines: the maximum-likelihood difference is the logit of the score rate,
    /// `400 log10(s / (1 - s))`, and its standard error `1 / sqrt(n s (1 - s))` natural units,
    /// here with the prior's drawn game counted in `n` and `s`.
    #[test]
    fn two_engines_match_the_closed_form() {
        for (w, d, l) in [
            (30, 10, 20),
            (5, 0, 5),
            (1, 0, 0),
            (0, 0, 10),
            (700, 2000, 300),
        ] {
            let r = rated(&fit(2, &[pair(0, 1, w, d, l)]));
            let n = f64::from(w + d + l) + PRIOR_DRAWS;
            let s = (f64::from(w) + 0.5 * f64::from(d) + 0.5 * PRIOR_DRAWS) / n;
            let elo1 = -400.0 * (s / (1.0 - s)).log10();
            let half = Z95 * ELO_PER_NAT / (n * s * (1.0 - s)).sqrt();
            assert_eq!((r[0].elo, r[0].low, r[0].high), (0.0, 0.0, 0.0));
            near(r[1].elo, elo1, 1e-9);
            near(r[1].high - r[1].elo, half, 1e-9);
            near(r[1].elo - r[1].low, half, 1e-9);
        }
        // 30-20 with 10 draws: s = 35.5 / 61, -57.475 Elo for engine 1; without the prior
        // (s = 35 / 60) it would be -58.451.
        let r = rated(&fit(2, &[pair(0, 1, 30, 10, 20)]));
        near(r[1].elo, -57.475, 1e-3);
        // a perfect 10-0 stays finite: s = 10.5 / 11
        let r = rated(&fit(2, &[pair(1, 0, 10, 0, 0)]));
        near(r[1].elo, 400.0 * 21f64.log10(), 1e-9);
    }

    #[test]
    fn known_ratings_are_recovered() {
        // Results drawn from the model itself at ratings 0, -100, -250, +60 over a million
        // games a pair; the fit should give the ratings back.
        let truth = [0.0, -100.0, -250.0, 60.0];
        let games = 1_000_000u32;
        let mut results = Vec::new();
        for i in 0..truth.len() {
            for j in i + 1..truth.len() {
                let p = 1.0 / (1.0 + 10f64.powf((truth[j] - truth[i]) / 400.0));
                let wins = (p * f64::from(games)).round() as u32;
                results.push(pair(i, j, wins, 0, games - wins));
            }
        }
        let r = rated(&fit(truth.len(), &results));
        for (got, want) in r.iter().zip(truth) {
            near(got.elo, want, 0.01);
            assert!(got.high - got.low < 2.0, "{got:?}");
        }
    }

    #[test]
    fn transitive_results_give_the_order() {
        // 0 beats 1, 1 beats 2, 0 beats 2 clearly; 2 has also played 3, which won.
        let r = rated(&fit(
            4,
            &[
                pair(0, 1, 60, 10, 30),
                pair(1, 2, 55, 20, 25),
                pair(2, 0, 10, 5, 85),
                pair(3, 2, 40, 0, 20),
            ],
        ));
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        assert!(r[3].elo > r[2].elo);
        assert!(r.iter().all(|x| x.low <= x.elo && x.elo <= x.high));
    }

    #[test]
    fn intervals_shrink_with_more_games() {
        let at = |k: u32| {
            rated(&fit(
                3,
                &[
                    pair(0, 1, 12 * k, 6 * k, 8 * k),
                    pair(1, 2, 9 * k, 3 * k, 10 * k),
                ],
            ))
        };
        let (small, big) = (at(1), at(100));
        for i in 1..3 {
            let (ws, wb) = (small[i].high - small[i].low, big[i].high - big[i].low);
            assert!(wb < ws / 5.0, "engine {i}: {ws} -> {wb}");
        }
        // an engine only reached through another is less certain than its neighbour
        assert!(big[2].high - big[2].low > big[1].high - big[1].low);
    }

    #[test]
    fn symmetric_data_gives_symmetric_ratings() {
        // 1 and 2 both play 0 with mirrored scores, and draw their own match.
        let r = rated(&fit(
            3,
            &[
                pair(0, 1, 20, 10, 30),
                pair(0, 2, 30, 10, 20),
                pair(1, 2, 0, 16, 0),
            ],
        ));
        near(r[1].elo, -r[2].elo, 1e-9);
        assert!(r[1].elo > 0.0);
        near(r[1].high - r[1].low, r[2].high - r[2].low, 1e-9);
        // the same results written from the other side
        let flipped = rated(&fit(
            3,
            &[
                pair(1, 0, 30, 10, 20),
                pair(2, 0, 20, 10, 30),
                pair(2, 1, 0, 16, 0),
            ],
        ));
        for (a, b) in r.iter().zip(&flipped) {
            near(a.elo, b.elo, 1e-9);
            near(a.high, b.high, 1e-9);
        }
        // one record split in two is the same record
        let split = rated(&fit(
            3,
            &[
                pair(0, 1, 20, 10, 30),
                pair(0, 2, 10, 5, 5),
                pair(2, 0, 15, 5, 20),
                pair(1, 2, 0, 16, 0),
            ],
        ));
        for (a, b) in r.iter().zip(&split) {
            near(a.elo, b.elo, 1e-9);
        }
    }

    #[test]
    fn degenerate_inputs_stay_finite() {
        assert!(fit(0, &[]).is_empty());
        assert!(fit(0, &[pair(0, 1, 1, 0, 0)]).is_empty());
        let zero = Some(Rating {
            elo: 0.0,
            low: 0.0,
            high: 0.0,
        });
        assert_eq!(fit(1, &[]), vec![zero]);
        assert_eq!(fit(1, &[pair(0, 0, 5, 0, 0)]), vec![zero]);
        assert_eq!(fit(3, &[]), vec![zero, None, None]);
        // self-pairs, indices out of range and empty records are ignored
        let r = fit(
            3,
            &[
                pair(1, 1, 9, 9, 9),
                pair(0, 7, 3, 0, 0),
                pair(0, 2, 0, 0, 0),
                pair(0, 1, 4, 2, 4),
            ],
        );
        assert!(r[1].is_some() && r[2].is_none(), "{r:?}");
        near(rated(&r)[1].elo, 0.0, 1e-9);
        // two separate groups: the one without engine 0 is not on its scale
        let r = fit(4, &[pair(0, 1, 5, 0, 5), pair(2, 3, 9, 0, 1)]);
        assert!(r[1].is_some() && r[2].is_none() && r[3].is_none());
        // perfect scores along a chain
        let r = fit(3, &[pair(0, 1, 20, 0, 0), pair(1, 2, 20, 0, 0)]);
        finite(&r);
        let r = rated(&r);
        assert!(r[1].elo < 0.0 && r[2].elo < r[1].elo);
        // huge counts
        let m = u32::MAX;
        for results in [
            vec![pair(0, 1, m, m, m)],
            vec![pair(0, 1, m, 0, 0)],
            vec![
                pair(0, 1, 0, 0, m),
                pair(1, 2, 0, 0, m),
                pair(2, 0, m, m, 0),
            ],
            vec![
                pair(0, 1, m, 0, 0),
                pair(1, 2, m, 0, 0),
                pair(2, 3, m, 0, 0),
            ],
        ] {
            let r = fit(4, &results);
            finite(&r);
        }
        let r = rated(&fit(
            4,
            &[
                pair(0, 1, m, 0, 0),
                pair(1, 2, m, 0, 0),
                pair(2, 3, m, 0, 0),
            ],
        ));
        assert!(
            r[1].elo > r[2].elo + 1000.0 && r[2].elo > r[3].elo + 1000.0,
            "{r:?}"
        );
    }

    #[test]
    fn helpers() {
        near(logistic(0.0), 0.5, 1e-15);
        near(logistic(-800.0), 0.0, 1e-300);
        near(logistic(800.0), 1.0, 1e-15);
        near(logistic_slope(0.0), 0.25, 1e-15);
        assert!(logistic_slope(800.0) >= 0.0);
        near(softplus(0.0), 2f64.ln(), 1e-15);
        near(softplus(1000.0), 1000.0, 1e-12);
        near(softplus(-1000.0), 0.0, 1e-300);
        let a = vec![vec![4.0, 2.0], vec![2.0, 3.0]];
        let l = cholesky(&a).unwrap_or_default();
        let x = solve_cholesky(&l, &[2.0, 1.0]);
        near(x[0], 0.5, 1e-12);
        near(x[1], 0.0, 1e-12);
        let d = inverse_diagonal(&l);
        near(d[0], 3.0 / 8.0, 1e-12);
        near(d[1], 4.0 / 8.0, 1e-12);
        assert!(cholesky(&[vec![0.0]]).is_none());
    }
}
