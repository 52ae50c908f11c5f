//! The local joseki dictionary of 19x19: corner positions from strong players' games and
//! the local replies they chose right after a move in that corner, for the tree's priors
//! at every node (Pachi feeds a hand-written joseki dictionary into its priors; this one is
//! learned from `../shared/data/tom-9d`). Built by `tengen book joseki` ([`run_build`]),
//! stored in `src/book/joseki19.bin` and built into the binary.
//!
//! A corner is the `region` x `region` square at a corner of the board (10: the quadrant up
//! to the centre lines, which two corners share). Its key is a Zobrist hash of its stones
//! in corner coordinates (the corner point at (0, 0)), each stone as the side to move's or
//! the opponent's, the smaller of the hashes of the corner and of its mirror image about
//! the corner's diagonal: so the 8 symmetries of the board and the swap of colours give
//! one key. Only young corners count (at most `max_stones` stones), and only positions
//! whose last move was played in the corner: the dictionary answers "the opponent just
//! played here; what do strong players answer locally?". Per key it keeps how often the
//! position was reached and, per local reply, the share of those times it was played (the
//! rest are moves elsewhere).
//!
//! The file: a 36-byte header (the magic `TGNJOSK1`, the format version, region, most
//! stones, two zero bytes, games read, entry and reply counts, an FNV-1a checksum of the
//! header before it and of the body), then the entries sorted by key (key u64, times
//! reached u32, reply count u8) and their replies in the same order (canonical index u8 =
//! `y * region + x`, share of the times reached in 255ths u8), all little-endian. A damaged
//! or foreign file is an error, never a panic.
//!
//! Recompute the built-in file (about 30 s; docs/training.md, "Local joseki"):
//! ```sh
//! target/release/tengen book joseki --records ../shared/data/tom-9d --out src/book/joseki19.bin
//! ```

use super::{check_sealed, framed, load_once, unframe, BookError};
use crate::board::zobrist::STONE_KEYS;
use crate::board::{Color, Point};
use std::sync::OnceLock;

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"TGNJOSK1";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;
/// Bytes of the header.
const HEADER: usize = 36;
/// Bytes of one entry in the file.
const ENTRY_BYTES: usize = 13;
/// Bytes of one reply in the file.
const REPLY_BYTES: usize = 2;
/// The board size the dictionary is for.
pub const SIZE: usize = 19;
/// The largest corner region: the quadrant of 19x19 up to its centre lines.
pub const MAX_REGION: usize = 10;

/// The dictionary built into the binary (`tengen book joseki` writes it).
static EMBEDDED: &[u8] = include_bytes!("joseki19.bin");

/// One of the four corners, as the mirrors that take it to the corner at (0, 0) (each its
/// own inverse).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corner {
    flip_x: bool,
    flip_y: bool,
}

/// The four corners.
pub(crate) const CORNERS: [Corner; 4] = [
    Corner {
        flip_x: false,
        flip_y: false,
    },
    Corner {
        flip_x: true,
        flip_y: false,
    },
    Corner {
        flip_x: false,
        flip_y: true,
    },
    Corner {
        flip_x: true,
        flip_y: true,
    },
];

impl Corner {
    /// Corner coordinates of the board point (x, y), and back.
    fn map(self, x: usize, y: usize) -> (usize, usize) {
        let x = if self.flip_x { SIZE - 1 - x } else { x };
        let y = if self.flip_y { SIZE - 1 - y } else { y };
        (x, y)
    }
}

/// A corner position in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalKey {
    /// The key: the same under the 8 symmetries and the swap of colours.
    pub key: u64,
    /// Which orientations reach the key: bit 0 the corner as it stands, bit 1 its mirror
    /// image about the diagonal (both: the corner is symmetric).
    pub syms: u8,
    /// Stones in the corner.
    pub stones: u32,
    corner: Corner,
    region: usize,
}

impl LocalKey {
    /// The key of `corner`'s region on a 19x19 board whose points `color_at(x, y)` gives,
    /// with `to_move` to play; `None` for an empty corner or one of more than `max_stones`
    /// stones.
    pub(crate) fn of(
        color_at: &impl Fn(usize, usize) -> Option<Color>,
        corner: Corner,
        region: usize,
        to_move: Color,
        max_stones: u32,
    ) -> Option<LocalKey> {
        let mut h = [0u64; 2];
        let mut stones = 0;
        for cy in 0..region {
            for cx in 0..region {
                let (x, y) = corner.map(cx, cy);
                let Some(c) = color_at(x, y) else {
                    continue;
                };
                stones += 1;
                if stones > max_stones {
                    return None;
                }
                let keys = &STONE_KEYS[usize::from(c != to_move)];
                h[0] ^= keys[Point::new(cx, cy, SIZE).idx()];
                h[1] ^= keys[Point::new(cy, cx, SIZE).idx()];
            }
        }
        if stones == 0 {
            return None;
        }
        let key = h[0].min(h[1]);
        let syms = u8::from(h[0] == key) | u8::from(h[1] == key) << 1;
        Some(LocalKey {
            key,
            syms,
            stones,
            corner,
            region,
        })
    }

    /// The canonical index of the board point (x, y) of the corner (`None`: outside it):
    /// the smaller over the orientations that reach the key, so that the two halves of a
    /// symmetric corner give one index.
    pub(crate) fn reply_index(&self, x: usize, y: usize) -> Option<u8> {
        let (cx, cy) = self.corner.map(x, y);
        let r = self.region;
        if cx >= r || cy >= r {
            return None;
        }
        let a = (self.syms & 1 != 0).then_some(cy * r + cx);
        let b = (self.syms & 2 != 0).then_some(cx * r + cy);
        a.into_iter().chain(b).min().map(|i| i as u8)
    }

    /// The board points (x, y) that the canonical index stands for: one, or two in a
    /// symmetric corner; none when the index is outside the region.
    fn points(&self, index: u8) -> impl Iterator<Item = (usize, usize)> {
        let r = self.region;
        let i = index as usize;
        let (ix, iy) = (i % r, i / r);
        let ok = i < r * r;
        let a = (ok && self.syms & 1 != 0).then(|| self.corner.map(ix, iy));
        // on the diagonal the mirror image is the same point
        let twice = self.syms & 1 != 0 && ix == iy;
        let b = (ok && self.syms & 2 != 0 && !twice).then(|| self.corner.map(iy, ix));
        a.into_iter().chain(b)
    }
}

/// Whether the board point (x, y) lies in `corner`'s region.
pub(crate) fn in_corner(corner: Corner, region: usize, x: usize, y: usize) -> bool {
    let (cx, cy) = corner.map(x, y);
    cx < region && cy < region
}

/// One position as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    reached: u32,
    first: u32,
    count: u8,
}

/// One local reply as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reply {
    index: u8,
    share: u8,
}

/// A corner position as counted: key, times reached, and (canonical index, times played)
/// per reply.
pub type Counted = (u64, u32, Vec<(u8, u32)>);

/// A local joseki dictionary (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct Joseki {
    region: usize,
    max_stones: u32,
    games: u32,
    entries: Vec<Entry>,
    replies: Vec<Reply>,
}

impl Joseki {
    /// A dictionary of corners of `region` and at most `max_stones` stones, read from
    /// `games` games, from positions `(key, times reached, [(canonical index, times
    /// played)])`. Replies are stored most played first with their share in 255ths (at
    /// least 1); a key given twice keeps the first; at most 255 replies a position.
    pub fn new(region: usize, max_stones: u32, games: u32, mut positions: Vec<Counted>) -> Joseki {
        positions.sort_by_key(|p| p.0);
        positions.dedup_by_key(|p| p.0);
        let mut entries = Vec::with_capacity(positions.len());
        let mut replies = Vec::new();
        for (key, reached, mut rs) in positions {
            rs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            rs.truncate(u8::MAX as usize);
            entries.push(Entry {
                key,
                reached,
                first: replies.len() as u32,
                count: rs.len() as u8,
            });
            replies.extend(rs.into_iter().map(|(index, played)| {
                Reply {
                    index,
                    share: (255.0 * played as f64 / reached.max(1) as f64)
                        .round()
                        .clamp(1.0, 255.0) as u8,
                }
            }));
        }
        Joseki {
            region,
            max_stones,
            games,
            entries,
            replies,
        }
    }

    /// The dictionary built into the binary (`None` when its file is unusable, which is
    /// logged).
    pub fn embedded() -> Option<&'static Joseki> {
        static J: OnceLock<Option<Joseki>> = OnceLock::new();
        load_once(&J, "built-in joseki:", || Joseki::from_bytes(EMBEDDED))
    }

    /// Side of its corner regions, in points.
    pub fn region(&self) -> usize {
        self.region
    }

    /// Corner positions in the dictionary.
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// Replies in the dictionary, over all positions.
    pub fn reply_count(&self) -> usize {
        self.replies.len()
    }

    /// Games the dictionary was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body =
            Vec::with_capacity(self.entries.len() * ENTRY_BYTES + self.replies.len() * REPLY_BYTES);
        for e in &self.entries {
            body.extend_from_slice(&e.key.to_le_bytes());
            body.extend_from_slice(&e.reached.to_le_bytes());
            body.push(e.count);
        }
        for r in &self.replies {
            body.push(r.index);
            body.push(r.share);
        }
        let mut fields = Vec::with_capacity(HEADER - 20);
        fields.push(self.region as u8);
        fields.push(self.max_stones.min(255) as u8);
        fields.extend_from_slice(&[0, 0]);
        fields.extend_from_slice(&self.games.to_le_bytes());
        fields.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        fields.extend_from_slice(&(self.replies.len() as u32).to_le_bytes());
        framed(MAGIC, VERSION, &fields, &body)
    }

    /// Reads a dictionary file; every field is checked (magic, version, region, sizes,
    /// checksum, key order, reply indexes and shares), so a damaged or foreign file is an
    /// error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Joseki, BookError> {
        let err = |s: &str| Err(BookError(s.to_string()));
        let mut r = unframe(bytes, MAGIC, VERSION, "joseki dictionary")?;
        let [region, max_stones] = r.take::<2>()?;
        let reserved = r.u16()?;
        let games = r.u32()?;
        let n_ent = r.u32()? as usize;
        let n_rep = r.u32()? as usize;
        let (region, max_stones) = (region as usize, max_stones as u32);
        if reserved != 0 {
            return err("unknown header flags");
        }
        if !(2..=MAX_REGION).contains(&region) || max_stones == 0 {
            return Err(BookError(format!(
                "corner region {region} or most stones {max_stones}"
            )));
        }
        let body = n_ent.checked_mul(ENTRY_BYTES).and_then(|a| {
            n_rep
                .checked_mul(REPLY_BYTES)
                .and_then(|b| a.checked_add(b))
        });
        check_sealed(&mut r, body)?;
        let mut entries: Vec<Entry> = Vec::with_capacity(n_ent);
        let mut first = 0u64;
        for _ in 0..n_ent {
            let key = r.u64()?;
            let reached = r.u32()?;
            let [count] = r.take::<1>()?;
            if entries.last().is_some_and(|e| e.key >= key) {
                return err("positions out of order");
            }
            entries.push(Entry {
                key,
                reached,
                first: first as u32,
                count,
            });
            first += count as u64;
        }
        if first != n_rep as u64 {
            return err("reply counts do not add up");
        }
        let mut replies = Vec::with_capacity(n_rep);
        for _ in 0..n_rep {
            let [index, share] = r.take::<2>()?;
            if index as usize >= region * region || share == 0 {
                return err("a reply outside the corner or with no share");
            }
            replies.push(Reply { index, share });
        }
        for e in &entries {
            let rs = &replies[e.first as usize..e.first as usize + e.count as usize];
            // shares are rounded, at least 1 each
            if rs.iter().map(|r| r.share as u32).sum::<u32>() > 255 + e.count as u32 {
                return err("shares add up to more than the whole");
            }
        }
        Ok(Joseki {
            region,
            max_stones,
            games,
            entries,
            replies,
        })
    }

    /// The stored replies of a corner key.
    fn lookup(&self, key: u64) -> Option<&[Reply]> {
        let i = self.entries.binary_search_by_key(&key, |e| e.key).ok()?;
        let e = &self.entries[i];
        self.replies
            .get(e.first as usize..e.first as usize + e.count as usize)
    }

    /// The dictionary's local replies after the move `last` for `to_move` on a board of
    /// `size` whose points `color_at(x, y)` gives: for each corner that holds `last` and
    /// whose position the dictionary knows, its replies on empty points with their shares
    /// (0..1; a reply that stands for both halves of a symmetric corner shares it between
    /// them; a point that two corners name keeps the larger share). Appended to `out`.
    /// Nothing on a board other than 19x19 or when `last` is not a stone on the board.
    pub fn replies(
        &self,
        size: usize,
        color_at: impl Fn(usize, usize) -> Option<Color>,
        to_move: Color,
        last: Point,
        out: &mut Vec<(Point, f64)>,
    ) {
        if size != SIZE {
            return;
        }
        let (lx, ly) = last.xy(size);
        if lx >= size || ly >= size || color_at(lx, ly).is_none() {
            return;
        }
        for corner in CORNERS {
            if !in_corner(corner, self.region, lx, ly) {
                continue;
            }
            let Some(k) = LocalKey::of(&color_at, corner, self.region, to_move, self.max_stones)
            else {
                continue;
            };
            let Some(rs) = self.lookup(k.key) else {
                continue;
            };
            for r in rs {
                let n = k.points(r.index).count().max(1);
                let share = r.share as f64 / 255.0 / n as f64;
                for (x, y) in k.points(r.index) {
                    if color_at(x, y).is_some() {
                        continue;
                    }
                    let p = Point::new(x, y, size);
                    match out.iter_mut().find(|h| h.0 == p) {
                        Some(h) => h.1 = h.1.max(share),
                        None => out.push((p, share)),
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
