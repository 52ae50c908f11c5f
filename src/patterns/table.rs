//! The known shapes of a model in one flat open-addressing table keyed by the 64-bit shape
//! key (linear probing, at most three quarters full): a lookup is a multiply, a shift and a
//! short scan of adjacent slots, usually within one cache line, where a general hash map
//! would hash the key again and follow its control bytes.

use super::model::ShapeGamma;

/// Fewest slots of a table that holds anything.
const MIN_SLOTS: usize = 16;

/// One slot: a key and its shape, when `used`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    gamma: f32,
    size: u8,
    used: bool,
}

impl Slot {
    const EMPTY: Slot = Slot {
        key: 0,
        gamma: 0.0,
        size: 0,
        used: false,
    };

    /// The shape held.
    fn shape(&self) -> ShapeGamma {
        ShapeGamma {
            gamma: self.gamma,
            size: self.size,
        }
    }
}

/// Shapes by key (a map from `u64` to [`ShapeGamma`] with the operations the model needs).
#[derive(Clone, Debug, Default)]
pub struct ShapeTable {
    /// A power of two of slots (or none while empty).
    slots: Vec<Slot>,
    /// Shapes held.
    len: usize,
}

impl ShapeTable {
    /// The number of shapes held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table holds no shape.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first slot to look at for `key`: the top bits of a multiplicative hash.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// The shape of `key`, if held.
    #[inline]
    pub fn get(&self, key: u64) -> Option<ShapeGamma> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i & mask];
            if !s.used {
                return None;
            }
            if s.key == key {
                return Some(s.shape());
            }
            i = (i & mask) + 1;
        }
    }

    /// Brings the first slot [`ShapeTable::get`] reads for `key` into the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let mask = self.slots.len().wrapping_sub(1);
        if let Some(s) = self.slots.get(self.home(key) & mask) {
            crate::board::prefetch(s);
        }
    }

    /// Adds or replaces the shape of `key`.
    pub fn insert(&mut self, key: u64, s: ShapeGamma) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow((self.len + 1) * 2);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key) & mask;
        loop {
            let slot = &mut self.slots[i];
            if !slot.used {
                self.len += 1;
            } else if slot.key != key {
                i = (i + 1) & mask;
                continue;
            }
            *slot = Slot {
                key,
                gamma: s.gamma,
                size: s.size,
                used: true,
            };
            return;
        }
    }

    /// Makes room for at least `n` shapes without growing again.
    pub fn reserve(&mut self, n: usize) {
        if (self.len + n) * 4 > self.slots.len() * 3 {
            self.grow(self.len + n);
        }
    }

    /// Rebuilds the table with slots for at least `n` shapes at three quarters full.
    fn grow(&mut self, n: usize) {
        let want = (n * 4).div_ceil(3).next_power_of_two().max(MIN_SLOTS);
        if want <= self.slots.len() {
            return;
        }
        let old = std::mem::replace(&mut self.slots, vec![Slot::EMPTY; want]);
        self.len = 0;
        for s in old.into_iter().filter(|s| s.used) {
            self.insert(s.key, s.shape());
        }
    }

    /// Forgets every shape.
    pub fn clear(&mut self) {
        self.slots = Vec::new();
        self.len = 0;
    }

    /// Keeps only the shapes for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(u64, &ShapeGamma) -> bool) {
        let kept: Vec<(u64, ShapeGamma)> = self.iter().filter(|(k, s)| keep(*k, s)).collect();
        self.clear();
        self.reserve(kept.len());
        for (k, s) in kept {
            self.insert(k, s);
        }
    }

    /// Every held shape with its key, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, ShapeGamma)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.used)
            .map(|s| (s.key, s.shape()))
    }
}

impl PartialEq for ShapeTable {
    fn eq(&self, other: &ShapeTable) -> bool {
        self.len() == other.len() && self.iter().all(|(k, s)| other.get(k) == Some(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::zobrist::splitmix;
    use std::collections::HashMap;

    fn shape(i: u64) -> ShapeGamma {
        ShapeGamma {
            gamma: 0.5 + (i % 97) as f32,
            size: (i % 8) as u8,
        }
    }

    #[test]
    fn answers_as_a_hash_map_for_every_key() {
        let mut t = ShapeTable::default();
        let mut m: HashMap<u64, ShapeGamma> = HashMap::new();
        assert_eq!(t.get(0), None);
        let mut state = 53;
        let mut keys = vec![0, 1, u64::MAX];
        for _ in 0..20_000 {
            let (s, k) = splitmix(state);
            state = s;
            // small keys too: they crowd the same home slots
            keys.push(if k % 3 == 0 { k % 5000 } else { k });
        }
        for (i, &k) in keys.iter().enumerate() {
            t.insert(k, shape(i as u64));
            m.insert(k, shape(i as u64));
        }
        // a size no file holds still round-trips
        let odd = ShapeGamma {
            gamma: 2.0,
            size: u8::MAX,
        };
        t.insert(7, odd);
        m.insert(7, odd);
        assert_eq!(t.len(), m.len());
        for &k in &keys {
            assert_eq!(t.get(k), m.get(&k).copied(), "{k}");
        }
        for i in 0..20_000u64 {
            let k = splitmix(i ^ 0xdead).1;
            assert_eq!(t.get(k), m.get(&k).copied());
            assert_eq!(t.get(i), m.get(&i).copied());
        }
        let mut all: Vec<_> = t
            .iter()
            .map(|(k, s)| (k, s.gamma.to_bits(), s.size))
            .collect();
        let mut want: Vec<_> = m
            .iter()
            .map(|(k, s)| (*k, s.gamma.to_bits(), s.size))
            .collect();
        all.sort_unstable();
        want.sort_unstable();
        assert_eq!(all, want);
        // retain and clear
        t.retain(|k, s| k % 2 == 0 && s.size != u8::MAX);
        m.retain(|k, s| k % 2 == 0 && s.size != u8::MAX);
        assert_eq!(t.len(), m.len());
        for &k in &keys {
            assert_eq!(t.get(k), m.get(&k).copied());
        }
        let before = t.clone();
        assert_eq!(t, before);
        t.insert(1, shape(3));
        assert_ne!(t, before);
        t.clear();
        assert!(t.is_empty() && t.get(keys[5]).is_none());
    }
}
