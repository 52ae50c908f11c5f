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
use crate::board::{Board19, Color, Point};
use crate::learn::records::{self, Moves};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

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
struct Corner {
    flip_x: bool,
    flip_y: bool,
}

/// The four corners.
const CORNERS: [Corner; 4] = [
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
    fn of(
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
    fn reply_index(&self, x: usize, y: usize) -> Option<u8> {
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
fn in_corner(corner: Corner, region: usize, x: usize, y: usize) -> bool {
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

/// The counts of games while the dictionary is built.
pub struct Counter {
    region: usize,
    max_stones: u32,
    plies: usize,
    games: u32,
    reached: HashMap<u64, u32, ahash::RandomState>,
    played: HashMap<(u64, u8), u32, ahash::RandomState>,
}

impl Counter {
    /// An empty count of corners of `region` (2 to 10) with at most `max_stones` stones,
    /// over the first `plies` moves of each game.
    pub fn new(region: usize, max_stones: u32, plies: usize) -> Counter {
        Counter {
            region: region.clamp(2, MAX_REGION),
            max_stones: max_stones.clamp(1, 255),
            plies,
            games: 0,
            reached: HashMap::default(),
            played: HashMap::default(),
        }
    }

    /// Counts one game: every position whose last move lies in a young corner, and the
    /// reply when it was played in that corner too. A game not on 19x19 or with an
    /// illegal move among its first plies is not counted and the error says why.
    pub fn add(&mut self, game: &Moves) -> Result<(), String> {
        if game.size != SIZE {
            return Err(format!("{0}x{0} board", game.size));
        }
        let g = Moves {
            size: SIZE,
            setup: game.setup.clone(),
            moves: game.moves.iter().take(self.plies).copied().collect(),
        };
        let (region, max_stones) = (self.region, self.max_stones);
        let mut seen = vec![];
        g.replay(|pos| {
            let Some(last) = pos.last[0] else {
                return;
            };
            let (lx, ly) = last.xy(SIZE);
            let color_at = |x, y| pos.board.color_at(Point::new(x, y, SIZE));
            for corner in CORNERS {
                if !in_corner(corner, region, lx, ly) {
                    continue;
                }
                let Some(k) = LocalKey::of(&color_at, corner, region, pos.color, max_stones) else {
                    continue;
                };
                let reply = pos.played.and_then(|p| {
                    let (x, y) = p.xy(SIZE);
                    k.reply_index(x, y)
                });
                seen.push((k.key, reply));
            }
        })?;
        // counted only once the game has replayed without an error
        for (key, reply) in seen {
            *self.reached.entry(key).or_default() += 1;
            if let Some(r) = reply {
                *self.played.entry((key, r)).or_default() += 1;
            }
        }
        self.games += 1;
        Ok(())
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The dictionary: positions reached at least `min_reached` times, with the replies
    /// played at least `min_played` times and in at least `min_share` of them (a position
    /// left without replies is left out).
    pub fn finish(self, min_reached: u32, min_played: u32, min_share: f64) -> Joseki {
        let reached = &self.reached;
        let kept = self.played.into_iter().filter_map(|((key, index), n)| {
            let r = reached.get(&key).copied().unwrap_or(0);
            (r >= min_reached && n >= min_played && n as f64 >= min_share * r as f64)
                .then_some((key, (index, n)))
        });
        let positions = super::by_position(kept, reached);
        Joseki::new(self.region, self.max_stones, self.games, positions)
    }
}

/// How the dictionary does on games it never read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rating {
    /// Positions looked at (moves after a stone, within the plies).
    pub positions: u64,
    /// Positions the dictionary has replies for.
    pub known: u64,
    /// Of those, the ones whose game move was a local reply (in a corner of the last move).
    pub local: u64,
    /// Of the known ones, how often the game's move was the dictionary's top reply.
    pub top: u64,
    /// Of the known ones, how often the game's move was one of its replies.
    pub among: u64,
    /// Of the known ones, how often the learned patterns' most likely move was the game's
    /// move (the baseline the dictionary adds to).
    pub model_top: u64,
    /// Of the known and local ones, how often the game's move was the top reply.
    pub local_top: u64,
    /// Of the known and local ones, how often it was the learned patterns' top move.
    pub local_model_top: u64,
    /// Of the known ones, how often the top reply was right and the patterns' top move wrong.
    pub only_joseki: u64,
    /// Of the known ones, how often the patterns' top move was right and the top reply wrong.
    pub only_model: u64,
}

/// The point of the largest value (the first of equal ones); `None` when there is none.
fn best(values: impl Iterator<Item = (Point, f64)>) -> Option<Point> {
    values
        .fold(None::<(Point, f64)>, |m, h| match m {
            Some(m) if m.1 >= h.1 => Some(m),
            _ => Some(h),
        })
        .map(|m| m.0)
}

/// Rates `joseki` on the first `plies` moves of `games`: how often it has replies and
/// whether the strong player's move was its top reply or among them; beside it, how often
/// the learned patterns' top move was the game's move on the same positions.
pub fn rate(joseki: &Joseki, games: &[Moves], plies: usize) -> Rating {
    let mut r = Rating::default();
    let model = crate::patterns::model::Model::embedded();
    let mut hints = vec![];
    for m in games {
        if m.size != SIZE {
            continue;
        }
        let g = Moves {
            size: SIZE,
            setup: m.setup.clone(),
            moves: m.moves.iter().take(plies).copied().collect(),
        };
        let _ = g.replay(|pos| {
            let (Some(last), Some(played)) = (pos.last[0], pos.played) else {
                return;
            };
            r.positions += 1;
            hints.clear();
            let b: &Board19 = pos.board;
            joseki.replies(
                SIZE,
                |x, y| b.color_at(Point::new(x, y, SIZE)),
                pos.color,
                last,
                &mut hints,
            );
            if hints.is_empty() {
                return;
            }
            r.known += 1;
            let (lx, ly) = last.xy(SIZE);
            let (px, py) = played.xy(SIZE);
            let local = CORNERS.iter().any(|&c| {
                in_corner(c, joseki.region, lx, ly) && in_corner(c, joseki.region, px, py)
            });
            r.local += u64::from(local);
            let hit = best(hints.iter().copied()) == Some(played);
            r.top += u64::from(hit);
            r.local_top += u64::from(hit && local);
            r.among += u64::from(hints.iter().any(|h| h.0 == played));
            if let Some(m) = model {
                let probs = m.move_probabilities(b, pos.color, pos.last[0], pos.last[1]);
                let model_hit = best(probs.into_iter()) == Some(played);
                r.model_top += u64::from(model_hit);
                r.local_model_top += u64::from(model_hit && local);
                r.only_joseki += u64::from(hit && !model_hit);
                r.only_model += u64::from(model_hit && !hit);
            }
        });
    }
    r
}

/// Options of `tengen book joseki`.
#[derive(clap::Args, Debug)]
pub struct JosekiArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// The dictionary file to write.
    #[arg(long, default_value = "src/book/joseki19.bin")]
    pub out: PathBuf,
    /// Side of the square corner region, in points (10: the quadrant up to the centre lines).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=MAX_REGION as i64))]
    pub region: u32,
    /// Most stones in a corner for its position to count (a young corner).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=255))]
    pub max_stones: u32,
    /// Moves read per game, from the first.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub plies: u32,
    /// Fewest times a corner position must be reached to be kept.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_reached: u32,
    /// Fewest times a reply must have been played to be kept.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_played: u32,
    /// Smallest share of the times its position was reached a reply must have.
    #[arg(long, default_value_t = 0.05)]
    pub min_share: f64,
    /// The newest games, not read for the dictionary; it is rated on them.
    #[arg(long, default_value_t = 1000)]
    pub holdout: usize,
}

/// Runs `tengen book joseki`: reads the records, counts, writes the dictionary and prints a
/// summary with its rating on the held-out games (its last line one JSON object).
pub fn run_build(a: &JosekiArgs) -> Result<(), String> {
    let t = Instant::now();
    if !(0.0..=1.0).contains(&a.min_share) {
        return Err(format!("--min-share {} outside 0..1", a.min_share));
    }
    let raw = records::read_all(&a.records).map_err(|e| format!("{}: {e}", a.records.display()))?;
    if raw.is_empty() {
        return Err(format!("{}: no game records", a.records.display()));
    }
    let split = raw.len().saturating_sub(a.holdout);
    if split == 0 {
        return Err(format!(
            "{} games, all of them in the holdout of {}",
            raw.len(),
            a.holdout
        ));
    }
    let plies = a.plies as usize;
    let mut counter = Counter::new(a.region as usize, a.max_stones, plies);
    let mut damaged = 0usize;
    for g in &raw[..split] {
        if let Err(e) = g.parse().and_then(|m| counter.add(&m)) {
            log::debug!("{}: skipped: {e}", g.name);
            damaged += 1;
        }
    }
    let counted = counter.games();
    let joseki = counter.finish(a.min_reached, a.min_played, a.min_share);
    let bytes = joseki.to_bytes();
    // the file must read back as it was written
    Joseki::from_bytes(&bytes).map_err(|e| e.to_string())?;
    std::fs::write(&a.out, &bytes).map_err(|e| format!("{}: {e}", a.out.display()))?;
    let held: Vec<Moves> = raw[split..].iter().filter_map(|g| g.parse().ok()).collect();
    let r = rate(&joseki, &held, plies);
    let pct = |n: u64, d: u64| {
        if d == 0 {
            0.0
        } else {
            (1000.0 * n as f64 / d as f64).round() / 10.0
        }
    };
    println!(
        "{counted} games counted ({damaged} damaged skipped), {plies} moves each, corners \
         of {0}x{0} with at most {1} stones",
        a.region, a.max_stones
    );
    println!(
        "{} positions, {} replies, {} bytes written to {}",
        joseki.positions(),
        joseki.reply_count(),
        bytes.len(),
        a.out.display()
    );
    println!(
        "on the {} newest games (unseen): {} positions, the dictionary has replies in {}%; \
         there the game's move is its top reply in {}% (learned patterns' top move: {}%; \
         only the dictionary right {}%, only the patterns {}%), among its replies in {}%, \
         local in {}%; of the local moves the top reply is {}% (the patterns' top {}%)",
        held.len(),
        r.positions,
        pct(r.known, r.positions),
        pct(r.top, r.known),
        pct(r.model_top, r.known),
        pct(r.only_joseki, r.known),
        pct(r.only_model, r.known),
        pct(r.among, r.known),
        pct(r.local, r.known),
        pct(r.local_top, r.local),
        pct(r.local_model_top, r.local),
    );
    println!(
        "{}",
        serde_json::json!({
            "games": counted,
            "damaged": damaged,
            "plies": plies,
            "region": a.region,
            "max_stones": a.max_stones,
            "positions": joseki.positions(),
            "replies": joseki.reply_count(),
            "bytes": bytes.len(),
            "holdout_games": held.len(),
            "holdout_positions": r.positions,
            "holdout_known": pct(r.known, r.positions),
            "holdout_top": pct(r.top, r.known),
            "holdout_model_top": pct(r.model_top, r.known),
            "holdout_among": pct(r.among, r.known),
            "holdout_local": pct(r.local, r.known),
            "holdout_local_top": pct(r.local_top, r.local),
            "holdout_local_model_top": pct(r.local_model_top, r.local),
            "holdout_only_joseki": pct(r.only_joseki, r.known),
            "holdout_only_model": pct(r.only_model, r.known),
            "seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

#[cfg(test)]
mod tests;
