//! The opening book: positions of strong players' games keyed by a hash that is the same
//! under the 8 symmetries of the board ([`symmetry`]), with the games through each
//! position and, per reply, how often it was played and how often its mover won. Built by
//! `tengen book build` ([`crate::learn::book`]) from `../shared/data/tom-9d`, stored in a small binary
//! file (`src/book/tom19.book`, built into the binary) and read once.
//!
//! The file: a 40-byte header (the magic `TGNBOOK1`, the format version, board size,
//! depth in plies, games read, position and reply counts, zero flags, an FNV-1a checksum
//! of the header before it and of the body), then the positions sorted by key (key u64,
//! games u32, reply count u16) and their replies in the same order (canonical index u16,
//! played u32, results known u32, mover's wins u32), all little-endian. A damaged or
//! foreign file is an error, never a panic.

pub mod joseki;
pub mod symmetry;

use crate::board::{Color, Point};
use crate::rules::Game;
use std::fmt;
use std::sync::OnceLock;
pub use symmetry::Canonical;

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"TGNBOOK1";
/// The format version this code reads and writes.
pub const VERSION: u32 = 1;
/// Bytes of the header.
const HEADER: usize = 40;
/// Bytes of one position in the file.
const POSITION_BYTES: usize = 14;
/// Bytes of one reply in the file.
const REPLY_BYTES: usize = 14;

/// The book built into the binary (`tengen book build` writes it; see docs/training.md).
static EMBEDDED: &[u8] = include_bytes!("tom19.book");

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad opening book: {}", self.0)
    }
}

impl std::error::Error for BookError {}

/// A table built into the binary, read on first use: `None` when its bytes are unusable,
/// which is logged once after `what`.
fn load_once<T>(
    cell: &'static OnceLock<Option<T>>,
    what: &str,
    load: impl FnOnce() -> Result<T, BookError>,
) -> Option<&'static T> {
    cell.get_or_init(|| match load() {
        Ok(t) => Some(t),
        Err(e) => {
            log::warn!("{what} {e}");
            None
        }
    })
    .as_ref()
}

/// One reply of a position as stored: canonical index and counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredReply {
    /// The move in the canonical orientation (`y * size + x`).
    pub index: u16,
    /// Games in which it was played here.
    pub played: u32,
    /// Of those, the games whose result is known.
    pub known: u32,
    /// Of those, the games its mover won.
    pub wins: u32,
}

/// One position as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    games: u32,
    first: u32,
    count: u16,
}

/// A reply of a position the book knows, mapped back to the position's orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct BookReply {
    /// The points it stands for: one, or several equivalent ones in a symmetric position.
    pub points: Vec<Point>,
    /// Games in which it was played here.
    pub played: u32,
    /// Of those, the games whose result is known.
    pub known: u32,
    /// Of those, the games its mover won.
    pub wins: u32,
}

impl BookReply {
    /// The mover's win rate with one win and one loss added (0.5 with no results).
    pub fn win_rate(&self) -> f64 {
        (self.wins as f64 + 1.0) / (self.known as f64 + 2.0)
    }
}

/// What the book knows of a position: the games through it and its replies, most played
/// first.
#[derive(Clone, Debug, PartialEq)]
pub struct BookPosition {
    /// Games through the position.
    pub games: u32,
    /// The replies kept in the book (the rarely played ones are left out), most played first.
    pub replies: Vec<BookReply>,
}

/// When a position is well enough covered to play from it, and which replies qualify.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayPolicy {
    /// Fewest games through the position.
    pub min_games: u32,
    /// Fewest games in which a reply was played.
    pub min_played: u32,
    /// Smallest share of the position's games a reply must have been played in.
    pub min_share: f64,
    /// Lowest win rate of the mover ([`BookReply::win_rate`]).
    pub min_win_rate: f64,
}

impl Default for PlayPolicy {
    fn default() -> Self {
        PlayPolicy {
            min_games: 40,
            min_played: 12,
            min_share: 0.05,
            min_win_rate: 0.42,
        }
    }
}

impl BookPosition {
    /// The replies a strong player may choose here under `policy` (none when the position
    /// has too few games), most played first.
    pub fn good_replies(&self, policy: &PlayPolicy) -> Vec<&BookReply> {
        if self.games < policy.min_games {
            return vec![];
        }
        self.replies
            .iter()
            .filter(|r| {
                r.played >= policy.min_played
                    && r.played as f64 >= policy.min_share * self.games as f64
                    && r.win_rate() >= policy.min_win_rate
            })
            .collect()
    }

    /// A reply among `candidates` chosen at random in proportion to how often each was
    /// played, `random` being a uniform 64-bit number; `None` when there is none.
    pub fn pick<'a>(candidates: &[&'a BookReply], random: u64) -> Option<&'a BookReply> {
        let total: u64 = candidates.iter().map(|r| r.played as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = random % total;
        for c in candidates {
            if r < c.played as u64 {
                return Some(c);
            }
            r -= c.played as u64;
        }
        None
    }
}

/// An opening book (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    size: usize,
    plies: u32,
    games: u32,
    entries: Vec<Entry>,
    replies: Vec<StoredReply>,
}

/// FNV-1a, 64 bits, continued from `h`.
fn fnv1a(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The checksum of a file: FNV-1a over the header before the checksum, then the body.
fn checksum(head: &[u8], body: &[u8]) -> u64 {
    let h = fnv1a(0xcbf2_9ce4_8422_2325, head);
    fnv1a(h, body)
}

/// A file of the book's formats: `magic`, the format `version`, the header's other
/// `fields`, an FNV-1a checksum of all of them and of the body, then the body.
fn framed(magic: &[u8; 8], version: u32, fields: &[u8], body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(20 + fields.len() + body.len());
    out.extend_from_slice(magic);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(fields);
    let sum = checksum(&out, body);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(body);
    out
}

/// A reader over the header fields of a file written by [`framed`], once its magic and
/// version are checked; `what` names the kind of file in the error.
fn unframe<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    version: u32,
    what: &str,
) -> Result<Reader<'a>, BookError> {
    if bytes.len() < 8 || &bytes[..8] != magic {
        return Err(BookError(format!("not a Tengen {what} (wrong magic)")));
    }
    let mut r = Reader { bytes, at: 8 };
    let v = r.u32()?;
    if v != version {
        return Err(BookError(format!(
            "format version {v}, this Tengen reads version {version}"
        )));
    }
    Ok(r)
}

/// Reads the checksum that ends the header at `r` and checks it, and the file's length
/// against a body of `body` bytes (`None`: a size that overflowed).
fn check_sealed(r: &mut Reader, body: Option<usize>) -> Result<(), BookError> {
    let sum = r.u64()?;
    if body.and_then(|b| b.checked_add(r.at)) != Some(r.bytes.len()) {
        return Err(BookError(
            "length does not match the header (truncated or padded)".into(),
        ));
    }
    if checksum(&r.bytes[..r.at - 8], &r.bytes[r.at..]) != sum {
        return Err(BookError("checksum mismatch (damaged)".into()));
    }
    Ok(())
}

/// A little-endian reader over a byte slice that never reads past its end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let end = self.at + N;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| BookError("truncated".into()))?;
        self.at = end;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }
    fn u16(&mut self) -> Result<u16, BookError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Result<u32, BookError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, BookError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
}

impl Book {
    /// A book of `size` and depth `plies` from positions `(key, games, replies)`, read
    /// from `games` games. Positions are sorted by key; a key given twice keeps the first.
    pub fn new(
        size: usize,
        plies: u32,
        games: u32,
        mut positions: Vec<(u64, u32, Vec<StoredReply>)>,
    ) -> Book {
        positions.sort_by_key(|p| p.0);
        positions.dedup_by_key(|p| p.0);
        let mut entries = Vec::with_capacity(positions.len());
        let mut replies = Vec::new();
        for (key, g, mut rs) in positions {
            rs.sort_by(|a, b| b.played.cmp(&a.played).then(a.index.cmp(&b.index)));
            rs.truncate(u16::MAX as usize);
            entries.push(Entry {
                key,
                games: g,
                first: replies.len() as u32,
                count: rs.len() as u16,
            });
            replies.extend(rs);
        }
        Book {
            size,
            plies,
            games,
            entries,
            replies,
        }
    }

    /// The book built into the binary (`None` when its file is unusable, which is logged).
    pub fn embedded() -> Option<&'static Book> {
        static B: OnceLock<Option<Book>> = OnceLock::new();
        load_once(&B, "built-in", || Book::from_bytes(EMBEDDED))
    }

    /// The board size the book is for.
    pub fn size(&self) -> usize {
        self.size
    }

    /// How deep the book goes, in plies from the empty board.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Games the book was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Positions in the book.
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// Replies in the book, over all positions.
    pub fn reply_count(&self) -> usize {
        self.replies.len()
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(
            self.entries.len() * POSITION_BYTES + self.replies.len() * REPLY_BYTES,
        );
        for e in &self.entries {
            body.extend_from_slice(&e.key.to_le_bytes());
            body.extend_from_slice(&e.games.to_le_bytes());
            body.extend_from_slice(&e.count.to_le_bytes());
        }
        for r in &self.replies {
            body.extend_from_slice(&r.index.to_le_bytes());
            body.extend_from_slice(&r.played.to_le_bytes());
            body.extend_from_slice(&r.known.to_le_bytes());
            body.extend_from_slice(&r.wins.to_le_bytes());
        }
        let mut fields = Vec::with_capacity(HEADER - 20);
        fields.extend_from_slice(&(self.size as u16).to_le_bytes());
        fields.extend_from_slice(&(self.plies as u16).to_le_bytes());
        fields.extend_from_slice(&self.games.to_le_bytes());
        fields.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        fields.extend_from_slice(&(self.replies.len() as u32).to_le_bytes());
        fields.extend_from_slice(&0u32.to_le_bytes());
        framed(MAGIC, VERSION, &fields, &body)
    }

    /// Reads a book file; every field is checked (magic, version, sizes, checksum, key
    /// order, counts), so a damaged or foreign file is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let err = |s: &str| Err(BookError(s.to_string()));
        let mut r = unframe(bytes, MAGIC, VERSION, "opening book")?;
        let size = r.u16()? as usize;
        let plies = r.u16()? as u32;
        let games = r.u32()?;
        let n_pos = r.u32()? as usize;
        let n_rep = r.u32()? as usize;
        let reserved = r.u32()?;
        if reserved != 0 {
            return err("unknown header flags");
        }
        if !(2..=crate::board::MAX_SIZE).contains(&size) {
            return Err(BookError(format!("board size {size}")));
        }
        let body = n_pos.checked_mul(POSITION_BYTES).and_then(|a| {
            n_rep
                .checked_mul(REPLY_BYTES)
                .and_then(|b| a.checked_add(b))
        });
        check_sealed(&mut r, body)?;
        let mut entries = Vec::with_capacity(n_pos);
        let mut first = 0u64;
        for _ in 0..n_pos {
            let key = r.u64()?;
            let games = r.u32()?;
            let count = r.u16()?;
            if entries.last().is_some_and(|e: &Entry| e.key >= key) {
                return err("positions out of order");
            }
            entries.push(Entry {
                key,
                games,
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
            let rep = StoredReply {
                index: r.u16()?,
                played: r.u32()?,
                known: r.u32()?,
                wins: r.u32()?,
            };
            if rep.index as usize >= size * size || rep.known > rep.played || rep.wins > rep.known {
                return err("a reply off the board or with impossible counts");
            }
            replies.push(rep);
        }
        for e in &entries {
            let rs = &replies[e.first as usize..(e.first + e.count as u32) as usize];
            if rs.iter().map(|r| r.played as u64).sum::<u64>() > e.games as u64 {
                return err("replies played more often than the position was reached");
            }
        }
        Ok(Book {
            size,
            plies,
            games,
            entries,
            replies,
        })
    }

    /// The stored entry of a canonical position.
    fn entry(&self, c: &Canonical) -> Option<&Entry> {
        self.entries
            .binary_search_by_key(&c.key, |e| e.key)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// What the book knows of the position made of `stones` (colour, column, row) with
    /// `to_move` to play on a board of the book's size; `None` when it is not in the book.
    pub fn lookup_stones(
        &self,
        stones: &[(Color, u8, u8)],
        to_move: Color,
    ) -> Option<BookPosition> {
        let c = Canonical::of(self.size, stones, to_move);
        let e = self.entry(&c)?;
        let rs = &self.replies[e.first as usize..(e.first + e.count as u32) as usize];
        Some(BookPosition {
            games: e.games,
            replies: rs
                .iter()
                .map(|r| BookReply {
                    points: c.points(r.index),
                    played: r.played,
                    known: r.known,
                    wins: r.wins,
                })
                .filter(|r| !r.points.is_empty())
                .collect(),
        })
    }

    /// What the book knows of the game's position with `to_move` to play: `None` on another
    /// board size or when the position is not in the book.
    pub fn lookup(&self, game: &Game, to_move: Color) -> Option<BookPosition> {
        if game.size() != self.size {
            return None;
        }
        let b = game.board();
        let stones = symmetry::stones(self.size, |p| b.color_at(p));
        self.lookup_stones(&stones, to_move)
    }

    /// The book's replies in the game's position for `color` as priors: each legal point
    /// with the share of the position's stored replies played there (a reply that stands
    /// for several equivalent points in a symmetric position shares it equally among
    /// them); the shares add up to 1. Empty when the book does not know the position, even
    /// if it knows too little to play from it; positions that the book would not play in
    /// (handicap, setup stones, odd komi: [`Book::fits`]) get none.
    pub fn hints(&self, game: &Game, color: Color) -> Vec<(Point, f64)> {
        if self.fits(game).is_err() {
            return vec![];
        }
        let Some(pos) = self.lookup(game, color) else {
            return vec![];
        };
        let mut out = vec![];
        for r in &pos.replies {
            let legal: Vec<Point> = r
                .points
                .iter()
                .copied()
                .filter(|&p| game.is_legal(color, crate::rules::Move::Play(p)))
                .collect();
            for &p in &legal {
                out.push((p, r.played as f64 / legal.len() as f64));
            }
        }
        let total: f64 = out.iter().map(|h| h.1).sum();
        if total > 0.0 {
            for h in &mut out {
                h.1 /= total;
            }
        }
        out
    }

    /// Whether the book applies to the game: its board size, an even game (no handicap or
    /// setup stones) and a komi from 5.5 to 7.5, as in the games it was built from. The
    /// error says why not.
    pub fn fits(&self, game: &Game) -> Result<(), String> {
        if game.size() != self.size {
            return Err(format!("the book is for {0}x{0} only", self.size));
        }
        if game.handicap() > 0 {
            return Err("handicap game".into());
        }
        let (b, w) = game.setup_stones();
        if !b.is_empty() || !w.is_empty() {
            return Err("setup stones".into());
        }
        let k = game.komi();
        if !(5.5..=7.5).contains(&k) {
            return Err(format!("komi {k} outside 5.5..7.5"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
