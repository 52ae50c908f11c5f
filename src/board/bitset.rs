//! Fixed-size bitsets over board points: the `W`-word building block of every bitboard.
#![allow(clippy::needless_range_loop)] // point-indexed loops over parallel arrays read best as ranges

use super::Point;

/// A set of points as `W` machine words; bit `p` stands for the padded point index `p`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bitset<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bitset<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bitset<W> {
    /// The empty set.
    pub const EMPTY: Self = Bitset([0; W]);
    /// How many points a set of this width can hold.
    pub const CAPACITY: usize = 64 * W;

    /// Whether point `p` is in the set.
    #[inline(always)]
    pub fn contains(&self, p: usize) -> bool {
        (self.0[p >> 6] >> (p & 63)) & 1 != 0
    }

    /// Adds point `p`; returns whether it was absent before.
    #[inline(always)]
    pub fn insert(&mut self, p: usize) -> bool {
        let w = &mut self.0[p >> 6];
        let bit = 1u64 << (p & 63);
        let was = *w & bit;
        *w |= bit;
        was == 0
    }

    /// Removes point `p`; returns whether it was present before.
    #[inline(always)]
    pub fn remove(&mut self, p: usize) -> bool {
        let w = &mut self.0[p >> 6];
        let bit = 1u64 << (p & 63);
        let was = *w & bit;
        *w &= !bit;
        was != 0
    }

    /// Flips point `p`.
    #[inline(always)]
    pub fn toggle(&mut self, p: usize) {
        self.0[p >> 6] ^= 1u64 << (p & 63);
    }

    /// Number of points in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest point in the set, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Union.
    #[inline]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        r.0.iter_mut().zip(o.0.iter()).for_each(|(a, b)| *a |= b);
        r
    }

    /// Intersection.
    #[inline]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        r.0.iter_mut().zip(o.0.iter()).for_each(|(a, b)| *a &= b);
        r
    }

    /// Difference: the points of `self` not in `o`.
    #[inline]
    pub fn and_not(&self, o: &Self) -> Self {
        let mut r = *self;
        r.0.iter_mut().zip(o.0.iter()).for_each(|(a, b)| *a &= !b);
        r
    }

    /// Whether the two sets share a point.
    #[inline]
    pub fn intersects(&self, o: &Self) -> bool {
        self.0.iter().zip(o.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The set shifted towards higher indices by `n` (< 64) bits.
    #[inline]
    pub fn shl(&self, n: u32) -> Self {
        let mut r = [0u64; W];
        for i in 0..W {
            r[i] = self.0[i] << n;
            if i > 0 && n > 0 {
                r[i] |= self.0[i - 1] >> (64 - n);
            }
        }
        Bitset(r)
    }

    /// The set shifted towards lower indices by `n` (< 64) bits.
    #[inline]
    pub fn shr(&self, n: u32) -> Self {
        let mut r = [0u64; W];
        for i in 0..W {
            r[i] = self.0[i] >> n;
            if i + 1 < W && n > 0 {
                r[i] |= self.0[i + 1] << (64 - n);
            }
        }
        Bitset(r)
    }

    /// The points of the set in increasing order.
    #[inline]
    pub fn iter(&self) -> BitIter<W> {
        BitIter {
            set: *self,
            word: 0,
        }
    }

    /// The points of the set as [`Point`]s, in increasing order (no allocation).
    #[inline]
    pub fn points(&self) -> impl Iterator<Item = Point> {
        self.iter().map(|i| Point(i as u16))
    }
}

/// Iterator over the points of a [`Bitset`].
pub struct BitIter<const W: usize> {
    set: Bitset<W>,
    word: usize,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.set.0[self.word];
            if w != 0 {
                self.set.0[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_count() {
        let mut b = Bitset::<3>::EMPTY;
        assert!(b.insert(5));
        assert!(!b.insert(5));
        assert!(b.insert(130));
        assert_eq!(b.count(), 2);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![5, 130]);
        assert!(b.remove(5));
        assert!(!b.remove(5));
        assert_eq!(b.first(), Some(130));
        assert_eq!(b.points().collect::<Vec<_>>(), vec![Point(130)]);
        assert_eq!(Bitset::<3>::EMPTY.points().count(), 0);
    }

    #[test]
    fn shifts_cross_words() {
        let mut b = Bitset::<2>::EMPTY;
        b.insert(63);
        assert_eq!(b.shl(1).iter().collect::<Vec<_>>(), vec![64]);
        assert_eq!(b.shl(10).shr(10), b);
        assert_eq!(b.shr(63).iter().collect::<Vec<_>>(), vec![0]);
    }
}
