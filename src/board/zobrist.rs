//! Zobrist keys: one 64-bit key per (colour, point) and one for the side to move,
//! drawn at compile time from a SplitMix64 generator with a fixed seed.

use super::MAX_POINTS;

/// The seed of the key generator; changing it changes every hash.
pub const SEED: u64 = 0x7465_6e67_656e_2d31; // "tengen-1"

/// SplitMix64: advances `state` and returns (the new state, its well-mixed output). The
/// project's one fixed random stream (hash keys, pattern keys, match seeds), the same on
/// every build and platform.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_POINTS]; 2] {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state = SEED;
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < MAX_POINTS {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][p] = k;
            p += 1;
        }
        c += 1;
    }
    keys
}

/// Key of a stone of colour index `c` (0 black, 1 white) on padded point `p`.
pub static STONE_KEYS: [[u64; MAX_POINTS]; 2] = make_keys();

/// Key xored in when White is to move (situational superko).
pub const WHITE_TO_MOVE: u64 = splitmix(!SEED).1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = STONE_KEYS.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        assert!(all.iter().all(|&k| k != 0));
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
