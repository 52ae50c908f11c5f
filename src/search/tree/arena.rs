//! Storage of one part of the tree's nodes: chunks allocated on first use, indexed by the
//! nodes' global indices, read as runs for a node's children, released after compaction.

use std::sync::OnceLock;

/// Nodes per arena chunk; chunks are allocated when first used, so a small search costs
/// little memory.
pub(super) const CHUNK_BITS: u32 = 15;

/// Storage of one part of the nodes in chunks allocated on first use; indices are global.
pub(super) struct Arena<T> {
    chunks: Vec<OnceLock<Box<[T]>>>,
    /// Room in nodes.
    pub(super) cap: usize,
}

impl<T: Default> Arena<T> {
    /// Room for `cap` nodes, no chunk allocated yet.
    pub(super) fn new(cap: usize) -> Arena<T> {
        let n = cap.div_ceil(1 << CHUNK_BITS);
        Arena {
            chunks: (0..n).map(|_| OnceLock::new()).collect(),
            cap,
        }
    }

    /// Chunk `c`, allocated on first use.
    #[inline(always)]
    fn chunk(&self, c: usize) -> &[T] {
        self.chunks[c].get_or_init(|| {
            let mut v = Vec::with_capacity(1 << CHUNK_BITS);
            v.resize_with(1 << CHUNK_BITS, T::default);
            v.into_boxed_slice()
        })
    }

    /// The node at index `id`.
    #[inline(always)]
    pub(super) fn get(&self, id: usize) -> &T {
        &self.chunk(id >> CHUNK_BITS)[id & ((1 << CHUNK_BITS) - 1)]
    }

    /// The nodes `start..start + len` as at most two slices (a range no longer than a
    /// chunk straddles at most one chunk boundary).
    #[inline]
    pub(super) fn run(&self, start: usize, len: usize) -> [&[T]; 2] {
        let mask = (1 << CHUNK_BITS) - 1;
        let (c, off) = (start >> CHUNK_BITS, start & mask);
        let first = &self.chunk(c)[off..];
        if len <= first.len() {
            [&first[..len], &[]]
        } else {
            let rest = len - first.len();
            [first, &self.chunk(c + 1)[..rest]]
        }
    }

    /// Frees the chunks that hold no index below `used`.
    pub(super) fn release_from(&mut self, used: usize) {
        let keep = used.div_ceil(1 << CHUNK_BITS).max(1);
        for c in self.chunks.iter_mut().skip(keep) {
            c.take();
        }
    }
}
