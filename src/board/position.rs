//! The board position: stones, chains with exact liberty sets, captures, simple ko and hash.
#![allow(clippy::needless_range_loop)] // point-indexed loops over parallel arrays read best as ranges

use super::zobrist::STONE_KEYS;
use super::{Bitset, Color, IllegalMove, Point};
use std::fmt;

/// Cell value: a black stone (equals `Color::Black as u8`).
const BLACK: u8 = 0;
/// Cell value: a white stone (equals `Color::White as u8`).
const WHITE: u8 = 1;
/// Cell value: an empty on-board point.
const EMPTY: u8 = 2;
/// Cell value: off the board (separator column or beyond the last row).
const OFF: u8 = 3;
/// "No point" marker for the ko point.
const NONE: u16 = u16::MAX;
/// One neighbour of each cell value in the packed neighbour counts (indexed by cell value):
/// 4 bits each for black, white, empty and off-board neighbours.
const NBR_ONE: [u16; 4] = [1, 1 << 4, 1 << 8, 1 << 12];
/// An off-board neighbour.
const NBR_OFF: u16 = 1 << 12;
/// The empty-neighbour field of the packed neighbour counts.
const NBR_EMPTY_MASK: u16 = 15 << 8;
/// The 3x3 code of each cell value (indexed by cell value): empty 0, black 1, white 2, off
/// board 3, as [`Board::pattern3_code`] packs them.
const PAT3: [u16; 4] = [1, 2, 0, 3];

/// Offsets (dx, dy) of the eight neighbours of a point in the order of its 3x3 code
/// ([`Board::pattern3_code`], [`Board::neighbours8`]): the row above left to right, the left
/// and right neighbours, the row below left to right (y grows upwards). The board owns the
/// code; the 3x3 shapes of `crate::patterns` read it in this order.
pub const NEIGHBOURS8: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The parts of a board a journal entry restores (see [`UndoLog`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Cell,
    Chain,
    Next,
    NLibs,
    NStones,
    Nbr,
    Pat3,
    Empties,
    EmptyPos,
    /// A word of a chain's liberty set.
    Libs,
    /// A word of the black stones' set (white follows it).
    Black,
    White,
    /// A word of the empty points' set.
    Empty,
    Ko,
    KoColor,
    Hash,
    NEmpty,
}

/// Where the writes of a move are noted: nowhere for plain play ([`NoJournal`]), an
/// [`UndoLog`] for moves that are taken back.
trait Journal {
    /// Notes that word `w` of entry `i` of field `f` held `old` before a write.
    fn note(&mut self, f: Field, i: usize, w: usize, old: u64);
}

/// Plain play: nothing is noted (the notes compile away).
struct NoJournal;

impl Journal for NoJournal {
    #[inline(always)]
    fn note(&mut self, _f: Field, _i: usize, _w: usize, _old: u64) {}
}

/// The writes of moves played with [`Board::play_logged`], newest last, so that
/// [`Board::undo_to`] restores the board exactly (every array entry, the empty list's
/// order, hash and ko). Keep one and reuse it: it allocates only when it grows.
#[derive(Clone, Debug, Default)]
pub struct UndoLog {
    entries: Vec<Entry>,
}

/// One noted write: word `w` of entry `i` of `field` held `old`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    field: Field,
    w: u8,
    i: u16,
    old: u64,
}

impl UndoLog {
    /// An empty log with room for `n` writes.
    pub fn with_capacity(n: usize) -> UndoLog {
        UndoLog {
            entries: Vec::with_capacity(n),
        }
    }

    /// The point to come back to: pass it to [`Board::undo_to`].
    #[inline]
    pub fn mark(&self) -> usize {
        self.entries.len()
    }
}

impl Journal for UndoLog {
    #[inline(always)]
    fn note(&mut self, f: Field, i: usize, w: usize, old: u64) {
        self.entries.push(Entry {
            field: f,
            w: w as u8,
            i: i as u16,
            old,
        });
    }
}

/// A Go position on a square board of run-time size whose padded points fit in `W` words.
///
/// `P` must equal `64 * W` (the number of padded point slots). The board is `Copy` and
/// holds no heap data: a playout starts from a plain copy.
#[derive(Clone, Copy)]
pub struct Board<const W: usize, const P: usize> {
    size: u8,
    stride: u16,
    cell: [u8; P],
    stones: [Bitset<W>; 2],
    empty: Bitset<W>,
    /// The points of the board (constant: set by [`Board::new`]).
    on: Bitset<W>,
    /// Chain head (a stone of the chain) for every stone.
    chain: [u16; P],
    /// Next stone of the same chain (a circular list through every chain).
    next: [u16; P],
    /// Exact liberties of the chain, valid at chain heads.
    chain_libs: [Bitset<W>; P],
    /// `chain_libs[h].count()`, kept incrementally.
    nlibs: [u16; P],
    /// Number of stones of the chain, valid at chain heads.
    nstones: [u16; P],
    /// Packed neighbour counts per point: 4 bits each for black, white, empty and
    /// off-board neighbours.
    nbr: [u16; P],
    /// The 3x3 code of every on-board point ([`Board::pattern3_code`]), kept as stones come
    /// and go.
    pat3: [u16; P],
    /// Empty points, in no particular order.
    empties: [u16; P],
    /// Position of each empty point within `empties`.
    empty_pos: [u16; P],
    n_empty: u16,
    ko: u16,
    ko_color: u8,
    hash: u64,
}

/// Board for sizes 2 to 9.
pub type Board9 = Board<2, 128>;
/// Board for sizes 10 to 14.
pub type Board14 = Board<4, 256>;
/// Board for sizes 15 to 19.
pub type Board19 = Board<7, 448>;
/// Board for sizes 20 to 25.
pub type Board25 = Board<11, 704>;

impl<const W: usize, const P: usize> Board<W, P> {
    /// Whether a board of `size` fits this width.
    pub const fn fits(size: usize) -> bool {
        size >= super::MIN_SIZE
            && size <= super::MAX_SIZE
            && (size + 1) * (size + 2) <= P
            && P == 64 * W
    }

    /// An empty board of `size`, or `None` when the size does not fit this width.
    pub fn new(size: usize) -> Option<Self> {
        if !Self::fits(size) {
            return None;
        }
        let mut b = Board {
            size: size as u8,
            stride: (size + 1) as u16,
            cell: [OFF; P],
            stones: [Bitset::EMPTY; 2],
            empty: Bitset::EMPTY,
            on: Bitset::EMPTY,
            chain: [0; P],
            next: [0; P],
            chain_libs: [Bitset::EMPTY; P],
            nlibs: [0; P],
            nstones: [0; P],
            nbr: [0; P],
            pat3: [0; P],
            empties: [0; P],
            empty_pos: [0; P],
            n_empty: 0,
            ko: NONE,
            ko_color: 0,
            hash: 0,
        };
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x, y, size).idx();
                b.cell[p] = EMPTY;
                b.empty.insert(p);
                b.empty_pos[p] = b.n_empty;
                b.empties[b.n_empty as usize] = p as u16;
                b.n_empty += 1;
            }
        }
        b.on = b.empty;
        for p in 0..P {
            if b.cell[p] != OFF {
                let mut k = 0;
                for n in b.nbrs(p) {
                    k += if b.cell_at(n) == OFF {
                        NBR_OFF
                    } else {
                        NBR_ONE[EMPTY as usize]
                    };
                }
                b.nbr[p] = k;
                b.pat3[p] = b.pattern3_from_scratch(p);
            }
        }
        Some(b)
    }

    /// The board size (points per side).
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Distance between vertically adjacent points (size + 1).
    #[inline(always)]
    pub fn stride(&self) -> usize {
        self.stride as usize
    }

    /// Whether `p` is a point of this board.
    #[inline]
    pub fn is_on_board(&self, p: Point) -> bool {
        self.cell.get(p.idx()).is_some_and(|&c| c != OFF)
    }

    /// The stone on `p`, if any (`None` for empty or off-board points).
    #[inline(always)]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cell.get(p.idx()) {
            Some(&BLACK) => Some(Color::Black),
            Some(&WHITE) => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is an empty point of this board.
    #[inline(always)]
    pub fn is_empty_point(&self, p: Point) -> bool {
        self.cell.get(p.idx()) == Some(&EMPTY)
    }

    /// The stones of colour `c`.
    #[inline]
    pub fn stones(&self, c: Color) -> &Bitset<W> {
        &self.stones[c.index()]
    }

    /// The empty points.
    #[inline]
    pub fn empty_points(&self) -> &Bitset<W> {
        &self.empty
    }

    /// Every point of the board.
    pub fn on_board(&self) -> Bitset<W> {
        self.on
    }

    /// The points of the board in increasing index order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let s = self.size();
        (0..s).flat_map(move |y| (0..s).map(move |x| Point::new(x, y, s)))
    }

    /// The empty points, in no particular order.
    #[inline]
    pub fn empty_list(&self) -> &[u16] {
        &self.empties[..self.n_empty as usize]
    }

    /// The on-board orthogonal neighbours of `p`.
    #[inline]
    pub fn neighbors(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.nbrs(p.idx())
            .into_iter()
            .filter(move |&n| self.cell_at(n) != OFF)
            .map(|n| Point(n as u16))
    }

    /// The head of the chain holding the stone on `p` (meaningless for empty points).
    #[inline(always)]
    pub fn chain_head(&self, p: Point) -> Point {
        Point(self.chain[p.idx()])
    }

    /// The stones of the chain through `p`, which must hold a stone.
    #[inline]
    pub fn chain_stones(&self, p: Point) -> Bitset<W> {
        let mut s = Bitset::EMPTY;
        let start = p.idx();
        let mut q = start;
        loop {
            s.insert(q);
            q = self.next[q] as usize;
            if q == start {
                return s;
            }
        }
    }

    /// The exact liberties of the chain through `p`, which must hold a stone.
    #[inline]
    pub fn chain_libs(&self, p: Point) -> &Bitset<W> {
        &self.chain_libs[self.chain[p.idx()] as usize]
    }

    /// The number of liberties of the chain through `p`, which must hold a stone.
    #[inline(always)]
    pub fn lib_count(&self, p: Point) -> usize {
        self.nlibs[self.chain[p.idx()] as usize] as usize
    }

    /// The number of stones of the chain through `p`, which must hold a stone.
    #[inline(always)]
    pub fn chain_len(&self, p: Point) -> usize {
        self.nstones[self.chain[p.idx()] as usize] as usize
    }

    /// The simple-ko point and the colour that may not play there now.
    #[inline]
    pub fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != NONE).then(|| {
            let c = if self.ko_color == BLACK {
                Color::Black
            } else {
                Color::White
            };
            (Point(self.ko), c)
        })
    }

    /// The Zobrist hash of the stones on the board.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[inline(always)]
    fn cell_at(&self, i: usize) -> u8 {
        self.cell[i]
    }

    /// Orthogonal neighbour indices (all inside the arrays for an on-board `p`; off-board
    /// ones hold `OFF`).
    #[inline(always)]
    fn nbrs(&self, p: usize) -> [usize; 4] {
        let s = self.stride as usize;
        [p.wrapping_sub(s), p.wrapping_sub(1), p + 1, p + s]
    }

    /// The eight neighbour indices in 3x3 code order ([`NEIGHBOURS8`]).
    #[inline(always)]
    fn nbrs8(&self, p: usize) -> [usize; 8] {
        let s = self.stride as usize;
        [
            p + s - 1,
            p + s,
            p + s + 1,
            p.wrapping_sub(1),
            p + 1,
            p.wrapping_sub(s + 1),
            p.wrapping_sub(s),
            p.wrapping_sub(s - 1),
        ]
    }

    /// The 3x3 code of `p` computed from the cells.
    fn pattern3_from_scratch(&self, p: usize) -> u16 {
        let mut k = 0;
        for (i, q) in self.nbrs8(p).into_iter().enumerate() {
            k |= PAT3[(self.cell[q] & 3) as usize] << (2 * i);
        }
        k
    }

    /// Records in the 3x3 codes around `q` that its cell changed from `old` to `new`: `q` is
    /// neighbour `i` of the point `q - offset(i)`.
    #[inline(always)]
    fn shift_pat3<J: Journal>(&mut self, q: usize, old: u8, new: u8, j: &mut J) {
        let x = PAT3[old as usize] ^ PAT3[new as usize];
        let s = self.stride as usize;
        let owners = [
            q.wrapping_sub(s - 1),
            q.wrapping_sub(s),
            q.wrapping_sub(s + 1),
            q + 1,
            q.wrapping_sub(1),
            q + s + 1,
            q + s,
            q + s - 1,
        ];
        for (i, n) in owners.into_iter().enumerate() {
            j.note(Field::Pat3, n, 0, self.pat3[n] as u64);
            self.pat3[n] ^= x << (2 * i);
        }
    }

    /// The 3x3 code of the on-board point `p`: two bits per neighbour (empty 0, black 1,
    /// white 2, off board 3) in the order of the row above left to right, the left and right
    /// neighbours, then the row below left to right (rows grow upwards). Kept incrementally:
    /// one read.
    #[inline(always)]
    pub fn pattern3_code(&self, p: Point) -> u16 {
        self.pat3[p.idx()]
    }

    /// The eight points around the on-board point `p` in [`NEIGHBOURS8`] order, the order of
    /// its 3x3 code; off-board ones are margin or separator points, still valid indices of
    /// the board's arrays.
    #[inline(always)]
    pub fn neighbours8(&self, p: Point) -> [Point; 8] {
        self.nbrs8(p.idx()).map(|q| Point(q as u16))
    }

    /// Diagonal neighbour indices (as for [`Self::nbrs`]).
    #[inline(always)]
    fn diags(&self, p: usize) -> [usize; 4] {
        let s = self.stride as usize;
        [
            p.wrapping_sub(s + 1),
            p.wrapping_sub(s - 1),
            p + s - 1,
            p + s + 1,
        ]
    }

    /// The single place where the hash changes: a stone of colour index `c` appears on or
    /// vanishes from `p` in the stone bitsets and the hash.
    #[inline(always)]
    fn toggle_stone<J: Journal>(&mut self, p: usize, c: u8, j: &mut J) {
        let f = if c == BLACK {
            Field::Black
        } else {
            Field::White
        };
        j.note(f, 0, p >> 6, self.stones[c as usize].0[p >> 6]);
        self.stones[c as usize].toggle(p);
        self.hash ^= STONE_KEYS[c as usize][p];
    }

    /// Adds `delta` to the packed neighbour counts of the neighbours of `p`.
    #[inline(always)]
    fn shift_nbr_counts<J: Journal>(&mut self, p: usize, delta: u16, j: &mut J) {
        for n in self.nbrs(p) {
            j.note(Field::Nbr, n, 0, self.nbr[n] as u64);
            self.nbr[n] = self.nbr[n].wrapping_add(delta);
        }
    }

    /// Puts a stone of colour index `v` on the empty point `p`.
    #[inline(always)]
    fn place_stone<J: Journal>(&mut self, p: usize, v: u8, j: &mut J) {
        debug_assert!(self.cell[p] == EMPTY && v <= WHITE);
        let i = self.empty_pos[p] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty as usize];
        j.note(Field::Empties, i, 0, self.empties[i] as u64);
        self.empties[i] = last;
        j.note(
            Field::EmptyPos,
            last as usize,
            0,
            self.empty_pos[last as usize] as u64,
        );
        self.empty_pos[last as usize] = i as u16;
        j.note(Field::Empty, 0, p >> 6, self.empty.0[p >> 6]);
        self.empty.remove(p);
        self.toggle_stone(p, v, j);
        j.note(Field::Cell, p, 0, self.cell[p] as u64);
        self.cell[p] = v;
        let delta = NBR_ONE[v as usize].wrapping_sub(NBR_ONE[EMPTY as usize]);
        self.shift_nbr_counts(p, delta, j);
        self.shift_pat3(p, EMPTY, v, j);
    }

    /// Takes the stone of colour index `old` off `p`.
    #[inline(always)]
    fn clear_stone<J: Journal>(&mut self, p: usize, old: u8, j: &mut J) {
        debug_assert!(self.cell[p] == old && old <= WHITE);
        self.toggle_stone(p, old, j);
        j.note(Field::EmptyPos, p, 0, self.empty_pos[p] as u64);
        self.empty_pos[p] = self.n_empty;
        let e = self.n_empty as usize;
        j.note(Field::Empties, e, 0, self.empties[e] as u64);
        self.empties[e] = p as u16;
        self.n_empty += 1;
        j.note(Field::Empty, 0, p >> 6, self.empty.0[p >> 6]);
        self.empty.insert(p);
        j.note(Field::Cell, p, 0, self.cell[p] as u64);
        self.cell[p] = EMPTY;
        let delta = NBR_ONE[EMPTY as usize].wrapping_sub(NBR_ONE[old as usize]);
        self.shift_nbr_counts(p, delta, j);
        self.shift_pat3(p, old, EMPTY, j);
    }

    /// Sets the on-board point `p` to cell value `v` (a colour index or `EMPTY`).
    fn set_cell(&mut self, p: usize, v: u8) {
        let old = self.cell[p];
        debug_assert!(old != OFF && v != OFF);
        if old != EMPTY {
            self.clear_stone(p, old, &mut NoJournal);
        }
        if v != EMPTY {
            self.place_stone(p, v, &mut NoJournal);
        }
    }

    /// Whether `c` may play on the empty point `p` under simple ko without suicide.
    /// Contract: `p` is an empty point of this board.
    #[inline(always)]
    pub fn is_legal_fast(&self, c: Color, p: Point) -> bool {
        let p = p.idx();
        if p as u16 == self.ko && c as u8 == self.ko_color {
            return false;
        }
        // Legal with an empty neighbour, or by joining a chain with another liberty, or by
        // capturing. `chain` of a non-stone cell is stale but in range; the test masks it.
        if self.nbr[p] & NBR_EMPTY_MASK != 0 {
            return true;
        }
        let me = c as u8;
        let opp = me ^ 1;
        let mut ok = false;
        for n in self.nbrs(p) {
            let v = self.cell[n];
            let l = self.nlibs[self.chain[n] as usize];
            ok |= (v == me) & (l > 1) | (v == opp) & (l == 1);
        }
        ok
    }

    /// The empty points where `c` may play under simple ko without suicide.
    pub fn legal_points(&self, c: Color) -> Bitset<W> {
        let mut r = Bitset::EMPTY;
        for &e in self.empty_list() {
            let p = Point(e);
            if self.is_legal_fast(c, p) {
                r.insert(e as usize);
            }
        }
        r
    }

    /// The number of empty orthogonal neighbours of `p`.
    #[inline(always)]
    pub fn empty_neighbor_count(&self, p: Point) -> usize {
        ((self.nbr[p.idx()] >> 8) & 15) as usize
    }

    /// The numbers of orthogonal neighbours of `p` that are stones of `c`.
    #[inline(always)]
    pub fn neighbor_count(&self, c: Color, p: Point) -> usize {
        ((self.nbr[p.idx()] >> (4 * c as u32)) & 15) as usize
    }

    /// The orthogonal neighbours of `p` that are empty points, in [`Self::neighbors`] order.
    #[inline(always)]
    pub fn empty_neighbors(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.nbrs(p.idx())
            .into_iter()
            .filter(move |&n| self.cell_at(n) == EMPTY)
            .map(|n| Point(n as u16))
    }

    /// The next stone of the chain through the stone `p` (the chain is a circular list:
    /// following `next_stone` from `p` visits every stone once and comes back to `p`).
    #[inline(always)]
    pub fn next_stone(&self, p: Point) -> Point {
        Point(self.next[p.idx()])
    }

    /// The Zobrist hash after `c` plays on the empty point `p`, captures included (and the
    /// mover's own stones removed if the move is suicide), without copying the board.
    /// Ignores ko: for a legal move it is the hash [`Self::play_unchecked`] would leave.
    pub fn hash_after(&self, c: Color, p: Point) -> u64 {
        let me = c as u8;
        let opp = me ^ 1;
        let pi = p.idx();
        let mut h = self.hash ^ STONE_KEYS[me as usize][pi];
        let mut seen = [NONE; 4];
        let mut captured = false;
        let mut suicide = self.nbr[pi] & NBR_EMPTY_MASK == 0;
        for (i, n) in self.nbrs(pi).into_iter().enumerate() {
            let v = self.cell[n];
            if v > WHITE {
                continue;
            }
            let head = self.chain[n];
            let libs = self.nlibs[head as usize];
            if v == me {
                suicide &= libs == 1;
                continue;
            }
            if libs != 1 || seen[..i].contains(&head) {
                continue;
            }
            seen[i] = head;
            captured = true;
            h ^= self.chain_key(n, opp);
        }
        if suicide && !captured {
            // the mover's new stone and every friendly neighbour chain vanish
            h ^= STONE_KEYS[me as usize][pi];
            let mut seen = [NONE; 4];
            for (i, n) in self.nbrs(pi).into_iter().enumerate() {
                if self.cell[n] == me && !seen[..i].contains(&self.chain[n]) {
                    seen[i] = self.chain[n];
                    h ^= self.chain_key(n, me);
                }
            }
        }
        h
    }

    /// XOR of the stone keys of colour index `col` over the chain through `p`.
    #[inline]
    fn chain_key(&self, p: usize, col: u8) -> u64 {
        let mut k = 0;
        let mut q = p;
        loop {
            k ^= STONE_KEYS[col as usize][q];
            q = self.next[q] as usize;
            if q == p {
                return k;
            }
        }
    }

    /// The shape index of the point `p` for pattern tables: two bits per neighbour in the
    /// order top row left to right, the middle row's left and right, bottom row left to
    /// right (rows grow upwards; empty 0, black 1, white 2, off board 3), and above them
    /// four bits telling which orthogonal neighbours (top, left, right, bottom) are stones
    /// in atari.
    #[inline]
    pub fn shape_code(&self, p: Point) -> u32 {
        let p = p.idx();
        let s = self.stride as usize;
        let mut k = self.pat3[p] as u32;
        for (bit, q) in [p + s, p - 1, p + 1, p - s].into_iter().enumerate() {
            let stone = self.cell[q] < 2;
            let atari = self.nlibs[self.chain[q] as usize] == 1;
            k |= ((stone && atari) as u32) << (16 + bit);
        }
        k
    }

    /// Whether the empty point `p` is an eye of colour `c` for playout purposes: every
    /// orthogonal neighbour is `c` (or off board), and at most one diagonal is an enemy
    /// stone in the centre, none on the edge.
    #[inline(always)]
    pub fn is_eye(&self, c: Color, p: Point) -> bool {
        let p = p.idx();
        let me = c as u8;
        let k = self.nbr[p];
        if ((k >> (4 * me)) & 15) + (k >> 12) != 4 {
            return false;
        }
        let opp = me ^ 1;
        let mut bad = 0;
        let mut edge = 0;
        for d in self.diags(p) {
            let v = self.cell_at(d);
            bad += (v == opp) as u32;
            edge |= (v == OFF) as u32;
        }
        bad + edge < 2
    }

    /// The number of own stones that a move of `c` on the empty point `p` would remove by
    /// suicide (0 when the move is not suicide). Ignores ko.
    pub fn suicide_stones(&self, c: Color, p: Point) -> usize {
        let p = p.idx();
        let me = c as u8;
        let mut heads = [NONE; 4];
        let mut total = 1;
        for (i, n) in self.nbrs(p).into_iter().enumerate() {
            let v = self.cell_at(n);
            if v == EMPTY {
                return 0;
            }
            if v > WHITE {
                continue;
            }
            let h = self.chain[n];
            let l = self.nlibs[h as usize];
            if v == me {
                if l > 1 {
                    return 0;
                }
                if !heads[..i].contains(&h) {
                    total += self.nstones[h as usize] as usize;
                }
            } else if l == 1 {
                return 0;
            }
            heads[i] = h;
        }
        total
    }

    /// The rule-independent part of legality: `p` is an empty point of this board and not
    /// the ko point barred to `c`. Suicide is not looked at.
    #[inline]
    pub fn check_place(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        if !self.is_on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if !self.is_empty_point(p) {
            return Err(IllegalMove::Occupied);
        }
        if p.0 == self.ko && c as u8 == self.ko_color {
            return Err(IllegalMove::Ko);
        }
        Ok(())
    }

    /// Checked play: plays `c` on `p` unless it is off board, occupied, a ko retake or
    /// suicide (of any size). Returns the number of stones captured. On error the board
    /// is unchanged.
    pub fn try_play(&mut self, c: Color, p: Point) -> Result<u32, IllegalMove> {
        self.check_place(c, p)?;
        if self.suicide_stones(c, p) > 0 {
            return Err(IllegalMove::Suicide);
        }
        let captured = self.play_unchecked(c, p).captured;
        debug_assert_eq!(self.check_consistency(), Ok(()));
        Ok(captured)
    }

    /// Fast play. Contract: `p` is an empty point of this board and not the ko point for
    /// `c`. Suicide is carried out (the mover's chain is removed) and reported.
    #[inline]
    pub fn play_unchecked(&mut self, c: Color, p: Point) -> PlayOutcome {
        self.play_j(c, p, &mut NoJournal)
    }

    /// [`Self::play_unchecked`] (same contract) with every write noted in `log`, so that
    /// [`Self::undo_to`] can take the move back.
    #[inline]
    pub fn play_logged(&mut self, c: Color, p: Point, log: &mut UndoLog) -> PlayOutcome {
        self.play_j(c, p, log)
    }

    /// Takes back the moves noted in `log` since `mark` (from [`UndoLog::mark`]), newest
    /// first: the board is then exactly as it was at the mark.
    pub fn undo_to(&mut self, log: &mut UndoLog, mark: usize) {
        while log.entries.len() > mark {
            let Some(Entry { field, w, i, old }) = log.entries.pop() else {
                return;
            };
            let (i, w) = (i as usize, w as usize);
            let set16 = |a: &mut [u16; P]| {
                if let Some(x) = a.get_mut(i) {
                    *x = old as u16;
                }
            };
            let word = |x: Option<&mut u64>| {
                if let Some(x) = x {
                    *x = old;
                }
            };
            match field {
                Field::Cell => {
                    if let Some(x) = self.cell.get_mut(i) {
                        *x = old as u8;
                    }
                }
                Field::Chain => set16(&mut self.chain),
                Field::Next => set16(&mut self.next),
                Field::NLibs => set16(&mut self.nlibs),
                Field::NStones => set16(&mut self.nstones),
                Field::Nbr => set16(&mut self.nbr),
                Field::Pat3 => set16(&mut self.pat3),
                Field::Empties => set16(&mut self.empties),
                Field::EmptyPos => set16(&mut self.empty_pos),
                Field::Libs => word(self.chain_libs.get_mut(i).and_then(|l| l.0.get_mut(w))),
                Field::Black => word(self.stones[0].0.get_mut(w)),
                Field::White => word(self.stones[1].0.get_mut(w)),
                Field::Empty => word(self.empty.0.get_mut(w)),
                Field::Ko => self.ko = old as u16,
                Field::KoColor => self.ko_color = old as u8,
                Field::Hash => self.hash = old,
                Field::NEmpty => self.n_empty = old as u16,
            }
        }
    }

    /// Notes every word of the liberty set of chain `h` before it is rewritten.
    #[inline(always)]
    fn note_libs<J: Journal>(&self, h: usize, j: &mut J) {
        for (w, &x) in self.chain_libs[h].0.iter().enumerate() {
            j.note(Field::Libs, h, w, x);
        }
    }

    /// Whether every field of `self` equals `o`'s, stale entries included (tests of undo).
    #[cfg(test)]
    pub(crate) fn identical(&self, o: &Self) -> bool {
        self.size == o.size
            && self.stride == o.stride
            && self.cell == o.cell
            && self.stones == o.stones
            && self.empty == o.empty
            && self.on == o.on
            && self.chain == o.chain
            && self.next == o.next
            && self.chain_libs == o.chain_libs
            && self.nlibs == o.nlibs
            && self.nstones == o.nstones
            && self.nbr == o.nbr
            && self.pat3 == o.pat3
            && self.empties == o.empties
            && self.empty_pos == o.empty_pos
            && self.n_empty == o.n_empty
            && self.ko == o.ko
            && self.ko_color == o.ko_color
            && self.hash == o.hash
    }

    /// The one body of [`Self::play_unchecked`] and [`Self::play_logged`].
    #[inline(always)]
    fn play_j<J: Journal>(&mut self, c: Color, p: Point, j: &mut J) -> PlayOutcome {
        let p = p.idx();
        debug_assert!(self.cell[p] == EMPTY);
        let me = c as u8;
        let opp = me ^ 1;
        j.note(Field::Ko, 0, 0, self.ko as u64);
        j.note(Field::KoColor, 0, 0, self.ko_color as u64);
        j.note(Field::Hash, 0, 0, self.hash);
        j.note(Field::NEmpty, 0, 0, self.n_empty as u64);
        self.ko = NONE;
        let counts = self.nbr[p];
        self.place_stone(p, me, j);
        let nb = self.nbrs(p);
        let cells = nb.map(|n| self.cell_at(n));
        let mut friends = 0u32;
        let mut enemies = 0u32;
        for i in 0..4 {
            friends |= ((cells[i] == me) as u32) << i;
            enemies |= ((cells[i] == opp) as u32) << i;
        }

        // Join the largest friendly neighbour chain, or start a chain of one (branch-free:
        // non-friends weigh 0; with no friend at all the new stone starts its own chain).
        let mut best = 0u32;
        for i in 0..4 {
            // key: chain size (0 for non-friends) above the chain head
            let h = self.chain[nb[i]] as u32;
            let w = self.nstones[h as usize] as u32 & 0u32.wrapping_sub((cells[i] == me) as u32);
            best = best.max(w << 16 | h);
        }
        let head = if best >> 16 == 0 {
            p
        } else {
            (best & 0xffff) as usize
        };
        j.note(Field::Chain, p, 0, self.chain[p] as u64);
        j.note(Field::Next, p, 0, self.next[p] as u64);
        if head == p {
            j.note(Field::NStones, p, 0, self.nstones[p] as u64);
            j.note(Field::NLibs, p, 0, self.nlibs[p] as u64);
            self.note_libs(p, j);
            self.chain[p] = p as u16;
            self.next[p] = p as u16;
            self.nstones[p] = 1;
            let mut libs = Bitset::EMPTY;
            for i in 0..4 {
                // branch-free: a non-empty neighbour adds a zero bit at p's word
                let e = cells[i] == EMPTY;
                let q = if e { nb[i] } else { p };
                libs.0[q >> 6] |= (e as u64) << (q & 63);
            }
            self.nlibs[p] = (counts >> 8) & 15;
            self.chain_libs[p] = libs;
        } else {
            j.note(Field::Next, head, 0, self.next[head] as u64);
            j.note(Field::NStones, head, 0, self.nstones[head] as u64);
            j.note(Field::NLibs, head, 0, self.nlibs[head] as u64);
            self.note_libs(head, j);
            self.chain[p] = head as u16;
            self.next[p] = self.next[head];
            self.next[head] = p as u16;
            self.nstones[head] += 1;
            let libs = &mut self.chain_libs[head];
            let mut nl = self.nlibs[head] as u32 - libs.remove(p) as u32;
            for i in 0..4 {
                let e = cells[i] == EMPTY;
                let q = if e { nb[i] } else { p };
                let bit = (e as u64) << (q & 63);
                let w = &mut libs.0[q >> 6];
                nl += (*w & bit == 0) as u32 & e as u32;
                *w |= bit;
            }
            self.nlibs[head] = nl as u16;
            // merge the other friendly chains
            let mut f = if friends & (friends - 1) != 0 {
                friends
            } else {
                0
            };
            while f != 0 {
                let h = self.chain[nb[f.trailing_zeros() as usize]] as usize;
                f &= f - 1;
                if h != head {
                    j.note(Field::Libs, h, p >> 6, self.chain_libs[h].0[p >> 6]);
                    self.chain_libs[h].remove(p);
                    self.merge(head, h, j);
                }
            }
        }
        let mut captured = 0u32;
        let mut cap_point = NONE;
        let mut e = enemies;
        while e != 0 {
            let n = nb[e.trailing_zeros() as usize];
            e &= e - 1;
            let h = self.chain[n] as usize;
            j.note(Field::Libs, h, p >> 6, self.chain_libs[h].0[p >> 6]);
            if self.chain_libs[h].remove(p) {
                j.note(Field::NLibs, h, 0, self.nlibs[h] as u64);
                self.nlibs[h] -= 1;
                if self.nlibs[h] == 0 {
                    captured += self.remove_chain(h, opp, j);
                    cap_point = n as u16;
                }
            }
        }
        if self.nlibs[head] == 0 {
            let lost = self.remove_chain(head, me, j);
            return PlayOutcome {
                captured,
                suicide: lost,
            };
        }
        if captured == 1 && self.nstones[head] == 1 && self.nlibs[head] == 1 {
            self.ko = cap_point;
            self.ko_color = opp;
        }
        PlayOutcome {
            captured,
            suicide: 0,
        }
    }

    /// A pass: clears the ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.pass_j(&mut NoJournal);
    }

    /// [`Self::pass`] with its write noted in `log`, so that [`Self::undo_to`] can take it
    /// back.
    #[inline]
    pub fn pass_logged(&mut self, log: &mut UndoLog) {
        self.pass_j(log);
    }

    /// The one body of [`Self::pass`] and [`Self::pass_logged`].
    #[inline(always)]
    fn pass_j<J: Journal>(&mut self, j: &mut J) {
        j.note(Field::Ko, 0, 0, self.ko as u64);
        self.ko = NONE;
    }

    /// Merges chain `gone` into chain `keep` (`keep` is at least as large).
    #[inline]
    fn merge<J: Journal>(&mut self, keep: usize, gone: usize, j: &mut J) {
        let mut q = gone;
        loop {
            j.note(Field::Chain, q, 0, self.chain[q] as u64);
            self.chain[q] = keep as u16;
            q = self.next[q] as usize;
            if q == gone {
                break;
            }
        }
        j.note(Field::Next, keep, 0, self.next[keep] as u64);
        j.note(Field::Next, gone, 0, self.next[gone] as u64);
        j.note(Field::NLibs, keep, 0, self.nlibs[keep] as u64);
        j.note(Field::NStones, keep, 0, self.nstones[keep] as u64);
        self.note_libs(keep, j);
        self.next.swap(keep, gone);
        let libs = self.chain_libs[keep].or(&self.chain_libs[gone]);
        self.chain_libs[keep] = libs;
        self.nlibs[keep] = libs.count() as u16;
        self.nstones[keep] += self.nstones[gone];
    }

    /// Removes chain `h` of colour `col`; its points become liberties of adjacent enemy chains.
    fn remove_chain<J: Journal>(&mut self, h: usize, col: u8, j: &mut J) -> u32 {
        let other = col ^ 1;
        let mut n = 0;
        let mut q = h;
        loop {
            let after = self.next[q] as usize;
            self.clear_stone(q, col, j);
            n += 1;
            for m in self.nbrs(q) {
                // branch-free: a cell that is not an `other` stone ORs a zero bit into the
                // (stale but in-range) chain its `chain` entry names
                let is_other = self.cell[m] == other;
                let g = self.chain[m] as usize;
                j.note(Field::Libs, g, q >> 6, self.chain_libs[g].0[q >> 6]);
                j.note(Field::NLibs, g, 0, self.nlibs[g] as u64);
                let bit = (is_other as u64) << (q & 63);
                let w = &mut self.chain_libs[g].0[q >> 6];
                self.nlibs[g] += (*w & bit == 0) as u16 & is_other as u16;
                *w |= bit;
            }
            q = after;
            if q == h {
                return n;
            }
        }
    }

    /// Builds a board of `size` with the given stones placed directly (no captures).
    /// Returns `None` for an unsupported size or a point off the board.
    pub fn from_stones(size: usize, black: &[Point], white: &[Point]) -> Option<Self> {
        let mut b = Self::new(size)?;
        for (pts, v) in [(black, BLACK), (white, WHITE)] {
            for &p in pts {
                if !b.is_on_board(p) {
                    return None;
                }
                if b.cell[p.idx()] != v {
                    if b.cell[p.idx()] != EMPTY {
                        b.set_cell(p.idx(), EMPTY);
                    }
                    b.set_cell(p.idx(), v);
                }
            }
        }
        b.rebuild_chains();
        Some(b)
    }

    /// Puts a stone of `c` on `p` (or clears `p` with `None`) without captures, as SGF setup
    /// does, then rebuilds the chains and clears the ko point. Returns false for off-board `p`.
    pub fn set_point(&mut self, p: Point, c: Option<Color>) -> bool {
        if !self.is_on_board(p) {
            return false;
        }
        let v = c.map_or(EMPTY, |c| c as u8);
        if self.cell[p.idx()] != v {
            if self.cell[p.idx()] != EMPTY {
                self.set_cell(p.idx(), EMPTY);
            }
            if v != EMPTY {
                self.set_cell(p.idx(), v);
            }
        }
        self.ko = NONE;
        self.rebuild_chains();
        true
    }

    /// Recomputes chains and liberties from the stones by flood fill.
    fn rebuild_chains(&mut self) {
        let (chain, stones, libs) = self.compute_chains();
        for p in 0..P {
            if self.cell[p] <= WHITE {
                let h = chain[p] as usize;
                self.chain[p] = h as u16;
                let members: Vec<usize> = stones[h].iter().collect();
                let i = members.iter().position(|&q| q == p).unwrap_or(0);
                self.next[p] = members[(i + 1) % members.len()] as u16;
                if h == p {
                    self.chain_libs[h] = libs[h];
                    self.nstones[h] = stones[h].count() as u16;
                    self.nlibs[h] = libs[h].count() as u16;
                }
            }
        }
    }

    /// Flood-fill chains: for every stone its head (lowest index) and, at heads, stones and liberties.
    #[allow(clippy::type_complexity)]
    fn compute_chains(&self) -> (Vec<u16>, Vec<Bitset<W>>, Vec<Bitset<W>>) {
        let mut chain = vec![NONE; P];
        let mut stones = vec![Bitset::EMPTY; P];
        let mut libs = vec![Bitset::EMPTY; P];
        for p in 0..P {
            let v = self.cell[p];
            if v > WHITE || chain[p] != NONE {
                continue;
            }
            let mut stack = vec![p];
            chain[p] = p as u16;
            while let Some(q) = stack.pop() {
                stones[p].insert(q);
                for n in self.nbrs(q) {
                    let w = self.cell_at(n);
                    if w == EMPTY {
                        libs[p].insert(n);
                    } else if w == v && chain[n] == NONE {
                        chain[n] = p as u16;
                        stack.push(n);
                    }
                }
            }
        }
        (chain, stones, libs)
    }

    /// The hash recomputed from the stones.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for p in self.stones[c].iter() {
                h ^= STONE_KEYS[c][p];
            }
        }
        h
    }

    /// Rebuilds chains, liberties, empty list and hash from the stones and compares them with
    /// the incremental state. Returns a description of the first mismatch.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut on = Bitset::<W>::EMPTY;
        for p in self.points() {
            on.insert(p.idx());
        }
        let all = self.empty.or(&self.stones[0]).or(&self.stones[1]);
        if all != on
            || self.on != on
            || self.stones[0].intersects(&self.stones[1])
            || self.empty.intersects(&self.stones[0].or(&self.stones[1]))
        {
            return Err("bitboards do not partition the board".into());
        }
        for p in 0..P {
            let v = self.cell[p];
            let expect = if self.empty.contains(p) {
                EMPTY
            } else if self.stones[0].contains(p) {
                BLACK
            } else if self.stones[1].contains(p) {
                WHITE
            } else {
                OFF
            };
            if v != expect {
                return Err(format!("cell {p} is {v}, bitboards say {expect}"));
            }
        }
        if self.n_empty as u32 != self.empty.count() {
            return Err("empty list length".into());
        }
        for (i, &e) in self.empty_list().iter().enumerate() {
            if !self.empty.contains(e as usize) || self.empty_pos[e as usize] as usize != i {
                return Err(format!("empty list entry {i}"));
            }
        }
        for p in 0..P {
            if self.cell[p] != OFF {
                let mut k = 0u16;
                for n in self.nbrs(p) {
                    let v = self.cell_at(n);
                    k += if v == OFF {
                        NBR_OFF
                    } else {
                        NBR_ONE[v as usize]
                    };
                }
                if k != self.nbr[p] {
                    return Err(format!("neighbour counts at {p}"));
                }
                if self.pat3[p] != self.pattern3_from_scratch(p) {
                    return Err(format!("3x3 code at {p}"));
                }
            }
        }
        if self.hash != self.hash_from_scratch() {
            return Err("hash differs from scratch".into());
        }
        let (chain, stones, libs) = self.compute_chains();
        for p in 0..P {
            if self.cell[p] > WHITE {
                continue;
            }
            let h = self.chain[p] as usize;
            let rh = chain[p] as usize;
            if self.chain_stones(Point(p as u16)) != stones[rh] {
                return Err(format!("chain stones at {p}"));
            }
            if self.chain_libs[h] != libs[rh] {
                return Err(format!("chain liberties at {p}"));
            }
            if self.nlibs[h] as u32 != libs[rh].count()
                || self.nstones[h] as u32 != stones[rh].count()
            {
                return Err(format!("chain counts at {p}"));
            }
            if !stones[rh].contains(h) {
                return Err(format!("chain head of {p} not in its chain"));
            }
        }
        Ok(())
    }

    /// The points adjacent (orthogonally) to some point of `s`, restricted to the board.
    #[inline]
    pub fn dilate(&self, s: &Bitset<W>) -> Bitset<W> {
        let st = self.stride as u32;
        let on = self.on;
        s.shl(1)
            .or(&s.shr(1))
            .or(&s.shl(st))
            .or(&s.shr(st))
            .and(&on)
    }

    /// The points of `within` connected to `seed` through `within` (seed points outside
    /// `within` only start the fill). The one area flood fill: [`Board::regions`],
    /// [`Board::area_owners`], scoring and Benson's algorithm all fill through it.
    #[inline]
    pub fn flood(&self, seed: &Bitset<W>, within: &Bitset<W>) -> Bitset<W> {
        self.flood_parts(seed, within, &[])
    }

    /// [`Board::flood`] that takes each of `parts` whole, in one step, once the fill
    /// touches it. Each part must be a connected set of points of `within` and a whole
    /// connected part of `within` where it lies (the fill would take it all anyway); up
    /// to 64 are used. A fill that crosses large known parts saves its steps across them.
    #[inline]
    pub fn flood_parts(
        &self,
        seed: &Bitset<W>,
        within: &Bitset<W>,
        parts: &[Bitset<W>],
    ) -> Bitset<W> {
        let mut cur = seed.and(within);
        // the points of the parts not yet taken: most steps meet none of them, and only a
        // step that meets one looks for which
        let mut left = parts
            .iter()
            .take(64)
            .fold(Bitset::<W>::EMPTY, |acc, part| acc.or(part));
        loop {
            let mut next = self.dilate(&cur).and(within).or(&cur);
            if next.intersects(&left) {
                for part in parts.iter().take(64) {
                    if left.intersects(part) && next.intersects(part) {
                        next = next.or(part);
                        left = left.and_not(part);
                    }
                }
            }
            // `next` holds `cur`: nothing new is all there is to compare
            if next.and_not(&cur).is_empty() {
                return cur;
            }
            cur = next;
        }
    }

    /// The regions of `within`: its maximal orthogonally connected parts (on the board),
    /// lowest point first. The points next to a region but outside it are
    /// `self.dilate(&r).and_not(&r)`.
    pub fn regions(&self, within: &Bitset<W>) -> impl Iterator<Item = Bitset<W>> + '_ {
        let mut rest = within.and(&self.on_board());
        std::iter::from_fn(move || {
            let mut seed = Bitset::EMPTY;
            seed.insert(rest.first()?);
            let region = self.flood(&seed, &rest);
            rest = rest.and_not(&region);
            Some(region)
        })
    }

    /// The chains with a stone in `stones` (each whole, also its stones outside `stones`),
    /// lowest point first.
    pub fn chains(&self, stones: &Bitset<W>) -> impl Iterator<Item = Bitset<W>> + '_ {
        let mut rest = stones.and(&self.stones[0].or(&self.stones[1]));
        std::iter::from_fn(move || {
            let chain = self.chain_stones(Point(rest.first()? as u16));
            rest = rest.and_not(&chain);
            Some(chain)
        })
    }

    /// Who owns each point when the board is counted by area as it stands (no dead
    /// stones): Black's set, then White's. A side owns its stones and the empty points
    /// whose region reaches its stones only.
    #[inline]
    pub fn area_owners(&self) -> [Bitset<W>; 2] {
        let [b, w] = self.stones;
        let reach_b = self.flood(&self.dilate(&b), &self.empty);
        let reach_w = self.flood(&self.dilate(&w), &self.empty);
        [
            b.or(&reach_b.and_not(&reach_w)),
            w.or(&reach_w.and_not(&reach_b)),
        ]
    }

    /// Area score, Black minus White: stones plus empty regions that reach only one colour.
    #[inline]
    pub fn area_score(&self) -> i32 {
        let [b, w] = self.area_owners();
        b.count() as i32 - w.count() as i32
    }

    /// Adds each point's area owner to `own`, by padded point index: +1 for Black, -1
    /// for White, nothing for a point nobody owns ([`Board::area_owners`]). Playouts sum
    /// this into their ownership estimate; indices beyond `own` are skipped.
    pub fn add_area_ownership(&self, own: &mut [f64]) -> [Bitset<W>; 2] {
        let owners = self.area_owners();
        for (c, set) in Color::BOTH.into_iter().zip(&owners) {
            for p in set.iter() {
                if let Some(o) = own.get_mut(p) {
                    *o += c.sign();
                }
            }
        }
        owners
    }

    /// A uniformly random move for `c` among the empty points that are legal (simple ko, no
    /// suicide) and do not fill one of `c`'s eyes; `None` when there is none (pass).
    /// `rand_below(n)` must return a uniform number in `0..n`.
    #[inline]
    pub fn random_move(&mut self, c: Color, rand_below: impl FnMut(u32) -> u32) -> Option<Point> {
        self.random_move_where(c, rand_below, |_, _| true)
    }

    /// Like [`Self::random_move`], among the points that `accept` also takes (it reads the
    /// board as it stands); `None` when there is none.
    #[inline]
    pub fn random_move_where(
        &mut self,
        c: Color,
        mut rand_below: impl FnMut(u32) -> u32,
        accept: impl Fn(&Self, Point) -> bool,
    ) -> Option<Point> {
        let mut k = self.n_empty as usize;
        while k > 0 {
            let i = rand_below(k as u32) as usize;
            let p = Point(self.empties[i]);
            if !self.is_eye(c, p) && self.is_legal_fast(c, p) && accept(self, p) {
                return Some(p);
            }
            // move the rejected point behind the candidates
            k -= 1;
            let q = self.empties[k];
            self.empties[i] = q;
            self.empties[k] = p.0;
            self.empty_pos[q as usize] = i as u16;
            self.empty_pos[p.idx()] = k as u16;
        }
        None
    }
}

/// What a move did besides placing its stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlayOutcome {
    /// Enemy stones captured.
    pub captured: u32,
    /// Own stones removed by suicide (0 for a normal move).
    pub suicide: u32,
}

impl<const W: usize, const P: usize> fmt::Display for Board<W, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.size();
        for y in (0..s).rev() {
            write!(f, "{:2}", y + 1)?;
            for x in 0..s {
                let c = match self.color_at(Point::new(x, y, s)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  ")?;
        for x in 0..s {
            write!(
                f,
                " {}",
                super::Vertex { x: x as u8, y: 0 }
                    .to_string()
                    .chars()
                    .next()
                    .unwrap_or('?')
            )?;
        }
        Ok(())
    }
}

impl<const W: usize, const P: usize> fmt::Debug for Board<W, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{} hash {:016x}",
            self.size, self.size, self.hash
        )?;
        fmt::Display::fmt(self, f)
    }
}
