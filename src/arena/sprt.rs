//! The sequential probability ratio test of engine testing: the generalized SPRT of
//! fishtest, fastchess and OpenBench, on the logistic Elo scale, for trinomial (win, draw,
//! loss) and pentanomial (game-pair) counts.
//!
//! Hypotheses are Elo differences: H0 says the tested engine is `elo0` stronger, H1 says
//! `elo1`; `--sprt elo0,elo1` in cutechess and fastchess (with their logistic model) means the
//! same. Fishtest's own default is *normalized* Elo (the score difference divided by its
//! standard deviation), whose numbers are smaller; we use logistic Elo, the scale of the
//! match table's Elo column, where a score rate `s` is `400 log10(s / (1 - s))` Elo.
//!
//! The log-likelihood ratio follows fishtest's `LLRcalc.LLR_logistic`: the observed
//! distribution over the possible scores (0, 1/2, 1 for single games; 0, 1/4, ..., 1 per
//! game for pairs) is compared with the most likely distribution whose expected score is the
//! one each hypothesis implies (M. Van den Bergh, "Comments on normalized Elo", Proposition
//! 1.1: the maximum-likelihood distribution is `p_i / (1 + theta (a_i - s))`, with `theta`
//! the root of a secular equation). As in fishtest, a category nobody scored is counted as
//! 0.001 so that one-sided results (all wins, say) give a finite ratio.

use std::fmt;

/// Count given to an empty category before the fit, as fishtest's `regularize` does.
const EMPTY_COUNT: f64 = 1e-3;

/// An SPRT on the logistic Elo scale with error rates `alpha` (accepting H1 when H0 holds)
/// and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1 (above `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The ratio lies between the bounds: play on.
    Continue,
    /// The ratio reached the lower bound: the results favour H0 (`elo0`) over H1.
    AcceptH0,
    /// The ratio reached the upper bound: the results favour H1 (`elo1`) over H0.
    AcceptH1,
}

impl Decision {
    /// Short words for reports: `continue`, `H0 accepted`, `H1 accepted`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Continue => "continue",
            Decision::AcceptH0 => "H0 accepted",
            Decision::AcceptH1 => "H1 accepted",
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Sprt {
    /// A test of `elo0` against `elo1` (logistic Elo) with error rates `alpha` and `beta`;
    /// fails unless the numbers are finite, `elo0 < elo1`, both hypotheses give a score rate
    /// strictly between 0 and 1, `0 < alpha, beta < 1` and `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && alpha.is_finite() && beta.is_finite()) {
            return Err("SPRT: Elo bounds and error rates must be finite numbers".to_string());
        }
        if elo0 >= elo1 {
            return Err(format!(
                "SPRT: elo0 ({elo0}) must be less than elo1 ({elo1})"
            ));
        }
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        if !(s0 > 0.0 && s1 < 1.0) {
            return Err(format!(
                "SPRT: Elo bounds {elo0},{elo1} are beyond what a score rate can express"
            ));
        }
        if !(alpha > 0.0 && alpha < 1.0) {
            return Err(format!(
                "SPRT: alpha ({alpha}) must lie strictly between 0 and 1"
            ));
        }
        if !(beta > 0.0 && beta < 1.0) {
            return Err(format!(
                "SPRT: beta ({beta}) must lie strictly between 0 and 1"
            ));
        }
        if alpha + beta >= 1.0 {
            return Err(format!(
                "SPRT: alpha + beta ({}) must be less than 1",
                alpha + beta
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The stopping bounds on the log-likelihood ratio, `(ln(beta / (1 - alpha)),
    /// ln((1 - beta) / alpha))`: about (-2.944, 2.944) for alpha = beta = 0.05.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for single games won, drawn and lost by the
    /// tested engine; 0 before any game.
    pub fn llr_trinomial(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        self.llr(&[f64::from(losses), f64::from(draws), f64::from(wins)])
    }

    /// The log-likelihood ratio of H1 against H0 for game pairs (the same opening with
    /// colours swapped): `counts[k]` pairs in which the tested engine scored `k / 2` points
    /// of 2 (loss-loss, loss-draw, one win and one loss or two draws, win-draw, win-win); 0
    /// before any pair.
    pub fn llr_pentanomial(&self, counts: [u32; 5]) -> f64 {
        self.llr(&counts.map(f64::from))
    }

    /// What the test says at ratio `llr`: H1 at or above the upper bound, H0 at or below the
    /// lower one, otherwise play on (also for a NaN, which the ratios here never are).
    pub fn status(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::AcceptH1
        } else if llr <= lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }

    /// The generalized log-likelihood ratio for `counts[i]` results scoring `i / (len - 1)`
    /// per game (fishtest's `LLR_logistic`). 0 when there are no results or, for a test built
    /// by hand rather than by [`Sprt::new`], when a hypothesis leaves the open score range.
    fn llr(&self, counts: &[f64]) -> f64 {
        if counts.iter().all(|&c| c == 0.0) {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        let inside = |s: f64| s > 0.0 && s < 1.0;
        if !(inside(s0) && inside(s1)) {
            return 0.0;
        }
        let counts: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0.0 { EMPTY_COUNT } else { c })
            .collect();
        let total: f64 = counts.iter().sum();
        let last = (counts.len() - 1) as f64;
        let points: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 / last, c / total))
            .collect();
        let theta0 = tilt(&points, s0);
        let theta1 = tilt(&points, s1);
        // ln(p1_i / p0_i) with p_s,i = p_i / (1 + theta_s (a_i - s)).
        let mean_jump: f64 = points
            .iter()
            .map(|&(a, p)| p * ((theta0 * (a - s0)).ln_1p() - (theta1 * (a - s1)).ln_1p()))
            .sum();
        let llr = total * mean_jump;
        if llr.is_finite() {
            llr
        } else {
            0.0
        }
    }
}

/// The expected score per game of a player `elo` logistic Elo stronger:
/// `1 / (1 + 10^(-elo / 400))`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The `theta` of the most likely distribution with expected score `s` given the observed
/// distribution `points` (pairs of score and probability, every probability positive, scores
/// spanning `s`): the root of `sum p_i (a_i - s) / (1 + theta (a_i - s)) = 0`, which is
/// strictly decreasing in `theta` between the poles `-1 / max(a_i - s)` and
/// `-1 / min(a_i - s)`. Found by bisection down to adjacent floating-point numbers.
fn tilt(points: &[(f64, f64)], s: f64) -> f64 {
    let f = |theta: f64| -> f64 {
        points
            .iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    let (min, max) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(a, _)| {
            (lo.min(a - s), hi.max(a - s))
        });
    if !(min < 0.0 && max > 0.0) {
        return 0.0;
    }
    let (mut lo, mut hi) = (-1.0 / max, -1.0 / min);
    for _ in 0..2000 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let v = f(mid);
        if v == 0.0 {
            return mid;
        }
        if v > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).expect("valid SPRT")
    }

    fn near(got: f64, want: f64, tol: f64) {
        assert!((got - want).abs() <= tol, "got {got}, want {want} +- {tol}");
    }

    #[test]
    fn bounds_for_five_percent() {
        let (lo, hi) = sprt(0.0, 5.0).bounds();
        // ln(0.05 / 0.95) = -ln 19
        near(lo, -2.944_438_979_166_440_5, 1e-12);
        near(hi, 2.944_438_979_166_440_5, 1e-12);
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1).expect("valid").bounds();
        near(lo, (0.1f64 / 0.95).ln(), 1e-12);
        near(hi, (0.9f64 / 0.05).ln(), 1e-12);
        near(lo, -2.251_291_798_606_495, 1e-12);
        near(hi, 2.890_371_757_896_165, 1e-12);
    }

    #[test]
    fn new_checks_its_arguments() {
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.05).is_ok());
        assert!(Sprt::new(-3.0, 1.0, 0.01, 0.2).is_ok());
        assert!(Sprt::new(5.0, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 1.0).is_err());
        assert!(Sprt::new(0.0, 5.0, -0.1, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.4).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.5, 0.49).is_ok());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, f64::INFINITY, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, f64::NAN, 0.05).is_err());
        assert!(Sprt::new(0.0, 1e6, 0.05, 0.05).is_err(), "score rate 1");
        assert!(Sprt::new(-1e6, 0.0, 0.05, 0.05).is_err(), "score rate 0");
    }

    /// fastchess, `app/tests/sprt_test.cpp` ("logistic trinomial 1/2", "logistic
    /// pentanomial 1/2"): LLRs published to two decimals for alpha = beta = 0.05.
    /// fastchess's `Stats(wins, losses, draws)` and `Stats(ll, ld, wl, dd, wd, ww)`; its
    /// pentanomial middle class is WL + DD.
    #[test]
    fn fastchess_published_values() {
        let t = sprt(0.5, 2.5).llr_trinomial(21404, 40708, 21184);
        near(t, -1.57, 0.005);
        let t = sprt(0.0, 2.0).llr_trinomial(57433, 106593, 57030);
        near(t, -2.59, 0.005);
        let p = sprt(0.5, 2.5).llr_pentanomial([223, 9863, 20279 + 1000, 10037, 246]);
        near(p, -3.07, 0.005);
        let p = sprt(0.0, 2.0).llr_pentanomial([871, 26175, 55003 + 980, 26678, 821]);
        near(p, -4.98, 0.005);
    }

    /// fishtest's own function: `LLR_logistic(elo0, elo1, results)` from
    /// `server/fishtest/stats/LLRcalc.py` (official-stockfish/fishtest, commit 0753fcc6),
    /// evaluated in Python with scipy's `brentq` replaced by bisection to machine precision.
    /// `results` is [L, D, W] or [LL, LD, LW+DD, DW, WW]. The first four are the fastchess
    /// cases above, to more digits.
    #[test]
    fn fishtest_llr_logistic_values() {
        let tri = |elo0, elo1, [l, d, w]: [u32; 3]| sprt(elo0, elo1).llr_trinomial(w, d, l);
        let penta = |elo0, elo1, c: [u32; 5]| sprt(elo0, elo1).llr_pentanomial(c);
        near(
            tri(0.5, 2.5, [21184, 40708, 21404]),
            -1.571_888_792_699_034,
            1e-6,
        );
        near(
            tri(0.0, 2.0, [57030, 106593, 57433]),
            -2.593_024_163_528_566,
            1e-6,
        );
        near(
            penta(0.5, 2.5, [223, 9863, 21279, 10037, 246]),
            -3.074_126_439_586_767,
            1e-6,
        );
        near(
            penta(0.0, 2.0, [871, 26175, 55983, 26678, 821]),
            -4.978_672_863_451_179,
            1e-6,
        );
        near(
            penta(0.0, 5.0, [10, 20, 40, 20, 10]),
            -0.034_506_850_951_686,
            1e-9,
        );
        near(
            penta(0.0, 20.0, [2, 8, 20, 30, 40]),
            5.075_977_753_709_375,
            1e-9,
        );
        near(
            penta(-5.0, 15.0, [0, 0, 3, 5, 12]),
            1.134_691_718_982_101,
            1e-9,
        );
        near(
            penta(0.0, 10.0, [30, 20, 10, 4, 1]),
            -1.798_198_649_064_85,
            1e-9,
        );
        near(
            penta(0.0, 10.0, [0, 0, 10, 40, 120]),
            4.822_576_907_453_231,
            1e-9,
        );
        near(tri(0.0, 5.0, [20, 50, 30]), 0.267_471_931_428_500, 1e-9);
        near(tri(-5.0, 5.0, [300, 400, 340]), 1.870_669_556_868_759, 1e-9);
        // one-sided results: empty classes count 0.001
        near(tri(0.0, 5.0, [0, 0, 100]), 1.428_760_563_402_965, 1e-9);
        near(tri(0.0, 5.0, [100, 0, 0]), -1.449_470_802_263_875, 1e-9);
        near(tri(0.0, 5.0, [0, 100, 0]), -1.441_906_164_816_641, 1e-9);
        near(tri(0.0, 5.0, [0, 0, 1]), 0.014_287_371_438_330, 1e-9);
        near(
            penta(0.0, 5.0, [0, 0, 0, 0, 50]),
            0.714_408_750_983_107,
            1e-9,
        );
    }

    #[test]
    fn no_games_is_zero() {
        let s = sprt(0.0, 5.0);
        assert_eq!(s.llr_trinomial(0, 0, 0), 0.0);
        assert_eq!(s.llr_pentanomial([0; 5]), 0.0);
        assert_eq!(s.status(0.0), Decision::Continue);
    }

    #[test]
    fn mirrored_results_mirror_the_ratio() {
        // Swapping wins and losses and mirroring the hypotheses (elo -> -elo) negates the
        // ratio, since the score scale maps s to 1 - s.
        let s = sprt(-1.0, 4.0);
        let m = sprt(-4.0, 1.0);
        for (w, d, l) in [(10, 5, 3), (0, 0, 7), (120, 340, 95), (1, 0, 0)] {
            near(s.llr_trinomial(w, d, l), -m.llr_trinomial(l, d, w), 1e-9);
        }
        let c = [3, 40, 77, 52, 9];
        let r = [9, 52, 77, 40, 3];
        near(s.llr_pentanomial(c), -m.llr_pentanomial(r), 1e-9);
        // Symmetric hypotheses and even results: no evidence either way.
        let even = sprt(-5.0, 5.0);
        near(even.llr_trinomial(40, 20, 40), 0.0, 1e-9);
        near(even.llr_pentanomial([5, 10, 30, 10, 5]), 0.0, 1e-9);
    }

    #[test]
    fn more_wins_raise_the_ratio() {
        let s = sprt(0.0, 5.0);
        let mut last = f64::NEG_INFINITY;
        for wins in 0..300 {
            let llr = s.llr_trinomial(wins, 200, 100);
            assert!(llr > last, "wins {wins}: {llr} after {last}");
            last = llr;
        }
        // a loss turned into a win
        for w in 0..100 {
            assert!(s.llr_trinomial(w + 1, 50, 99 - w) > s.llr_trinomial(w, 50, 100 - w));
        }
        // a pair moved one class up
        let base = [20, 60, 100, 60, 20];
        let at = s.llr_pentanomial(base);
        for k in 0..4 {
            let mut c = base;
            c[k] -= 1;
            c[k + 1] += 1;
            assert!(s.llr_pentanomial(c) > at, "class {k}");
        }
    }

    #[test]
    fn extreme_counts_stay_finite() {
        let s = sprt(0.0, 5.0);
        let m = u32::MAX;
        for (w, d, l) in [
            (m, 0, 0),
            (0, 0, m),
            (0, m, 0),
            (m, m, m),
            (m, 0, 1),
            (1, 0, 0),
        ] {
            let llr = s.llr_trinomial(w, d, l);
            assert!(llr.is_finite(), "{w} {d} {l}: {llr}");
        }
        assert!(s.llr_trinomial(m, 0, 0) > 1e6);
        assert!(s.llr_trinomial(0, 0, m) < -1e6);
        for c in [
            [m, 0, 0, 0, 0],
            [0, 0, 0, 0, m],
            [m; 5],
            [0, 0, m, 0, 0],
            [1, 0, 0, 0, m],
        ] {
            assert!(s.llr_pentanomial(c).is_finite(), "{c:?}");
        }
        // wide hypotheses near the ends of the score scale
        let wide = sprt(-3000.0, 3000.0);
        assert!(wide.llr_trinomial(5, 0, 0).is_finite());
        assert!(wide.llr_pentanomial([0, 0, 0, 1, m]).is_finite());
        // a hand-built test beyond the score scale gives 0, not NaN
        let bad = Sprt {
            elo0: 0.0,
            elo1: f64::INFINITY,
            alpha: 0.05,
            beta: 0.05,
        };
        assert_eq!(bad.llr_trinomial(10, 0, 0), 0.0);
    }

    #[test]
    fn decisions_at_the_bounds() {
        let s = sprt(0.0, 5.0);
        let (lo, hi) = s.bounds();
        assert_eq!(s.status(hi), Decision::AcceptH1);
        assert_eq!(s.status(hi + 1.0), Decision::AcceptH1);
        assert_eq!(s.status(lo), Decision::AcceptH0);
        assert_eq!(s.status(lo - 1.0), Decision::AcceptH0);
        assert_eq!(s.status(hi - 1e-9), Decision::Continue);
        assert_eq!(s.status(lo + 1e-9), Decision::Continue);
        assert_eq!(s.status(f64::NAN), Decision::Continue);
        assert_eq!(Decision::Continue.name(), "continue");
        assert_eq!(Decision::AcceptH0.to_string(), "H0 accepted");
        assert_eq!(Decision::AcceptH1.name(), "H1 accepted");
        // fastchess's logistic cases end in H0 for pentanomial 2 (-4.98 < -2.94)
        let p = sprt(0.0, 2.0).llr_pentanomial([871, 26175, 55983, 26678, 821]);
        assert_eq!(s.status(p), Decision::AcceptH0);
        // a clear winner passes
        assert_eq!(s.status(s.llr_trinomial(600, 300, 400)), Decision::AcceptH1);
    }

    #[test]
    fn score_scale() {
        near(score_of_elo(0.0), 0.5, 1e-15);
        near(score_of_elo(400.0), 10.0 / 11.0, 1e-15);
        near(score_of_elo(-400.0), 1.0 / 11.0, 1e-15);
    }
}
