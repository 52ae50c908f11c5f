//! Match statistics: score rate with a Wilson 95% interval and the Elo difference it implies.

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A point estimate with a 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Point estimate.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Wilson score interval for a proportion `p` observed over `n` trials, with quantile `z`.
/// Unlike the normal approximation it stays inside [0, 1] and is not empty at 0% or 100%.
pub fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The score rate (a draw counts half) of a player with these results, with a Wilson 95%
/// interval over the number of games; `None` before any game.
pub fn score_rate(wins: u32, draws: u32, losses: u32) -> Option<Estimate> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let p = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let (low, high) = wilson(p, n, Z95);
    Some(Estimate {
        value: p,
        low,
        high,
    })
}

/// The Elo difference that gives an expected score `s`: `-400 log10(1/s - 1)`;
/// infinite at 0 and 1.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The Elo difference and its 95% interval, mapped from a score-rate estimate (the map is
/// monotonic, so interval ends map to interval ends).
pub fn elo(score: &Estimate) -> Estimate {
    Estimate {
        value: elo_from_score(score.value),
        low: elo_from_score(score.low),
        high: elo_from_score(score.high),
    }
}

/// Formats an Elo number for people: `+191`, `-7`, `+inf`, `-inf`.
pub fn fmt_elo(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        format!("{:+.0}", x.round() + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), example 8/10: 0.4902 to 0.9433.
        let (lo, hi) = wilson(0.8, 10.0, Z95);
        assert!(close(lo, 0.490162) && close(hi, 0.943318), "{lo} {hi}");
        let (lo, hi) = wilson(0.5, 100.0, Z95);
        assert!(close(lo, 0.403832) && close(hi, 0.596168), "{lo} {hi}");
        // 2 wins of 2 still leaves room below.
        let (lo, hi) = wilson(1.0, 2.0, Z95);
        assert!(close(lo, 0.342380) && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0.3, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn score_rate_counts_draws_half() {
        assert_eq!(score_rate(0, 0, 0), None);
        let s = score_rate(7, 2, 1).unwrap_or(Estimate {
            value: -1.0,
            low: -1.0,
            high: -1.0,
        });
        assert!(close(s.value, 0.8));
        assert!(close(s.low, 0.490162) && close(s.high, 0.943318));
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.5), 0.0));
        assert!(close(elo_from_score(0.75), 190.848502));
        assert!(close(elo_from_score(0.25), -190.848502));
        assert!(close(elo_from_score(0.9), 381.697004));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        let e = elo(&Estimate {
            value: 0.8,
            low: 0.490162,
            high: 0.943318,
        });
        assert!(close(e.value, 240.823997), "{}", e.value);
        assert!((e.low - -6.8367).abs() < 0.01 && (e.high - 488.4847).abs() < 0.01);
        assert_eq!(fmt_elo(e.value), "+241");
        assert_eq!(fmt_elo(-6.6), "-7");
        assert_eq!(fmt_elo(-0.0), "+0");
        assert_eq!(fmt_elo(-0.4), "+0");
        assert_eq!(fmt_elo(f64::INFINITY), "+inf");
    }
}
