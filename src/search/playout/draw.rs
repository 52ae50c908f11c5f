//! Random draws shared by the playout policies: a uniform number below a bound from one
//! 32-bit draw, and a percent roll.

use rand::Rng;

/// A uniform number in `0..n` from one 32-bit draw (Lemire's multiply-shift; the bias,
/// below n / 2^32, is far under anything a playout can notice).
#[inline(always)]
pub fn below<R: Rng>(rng: &mut R, n: u32) -> u32 {
    ((rng.next_u32() as u64 * n as u64) >> 32) as u32
}

/// Whether a rule with probability `pct` percent is tried now.
#[inline]
pub fn roll<R: Rng>(rng: &mut R, pct: u32) -> bool {
    pct >= 100 || (pct > 0 && below(rng, 100) < pct)
}

/// A uniform real in `0..1` from one 32-bit draw.
#[inline(always)]
pub fn unit<R: Rng>(rng: &mut R) -> f64 {
    rng.next_u32() as f64 * (1.0 / 4_294_967_296.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn draws_stay_in_range_and_spread() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
            let u = unit(&mut rng);
            assert!((0.0..1.0).contains(&u));
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert!(roll(&mut rng, 100) && !roll(&mut rng, 0));
        let hits = (0..10_000).filter(|_| roll(&mut rng, 30)).count();
        assert!((2700..3300).contains(&hits), "{hits}");
    }
}
