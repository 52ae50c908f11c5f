//! The bitboard core: points and vertices, bitsets, chains with exact liberty sets,
//! captures, the simple-ko point, Zobrist hashing, eye tests and light playout moves.
//!
//! The board knows nothing of rule sets, turn order or scoring: that is `rules`.
//! [`Board`] is generic over its bitset width so that 9x9 copies stay small;
//! [`AnyBoard`] picks the right width for a size chosen at run time.

mod any;
mod bitset;
mod position;
pub mod zobrist;

#[cfg(test)]
mod flood_tests;
#[cfg(test)]
mod stress;
#[cfg(test)]
pub(crate) mod testutil;

pub use any::AnyBoard;
pub use bitset::{BitIter, Bitset};
pub use position::{Board, Board14, Board19, Board25, Board9, PlayOutcome, UndoLog, NEIGHBOURS8};

use std::fmt;
use std::str::FromStr;

/// Smallest supported board size.
pub const MIN_SIZE: usize = 2;
/// Largest supported board size (GTP's limit).
pub const MAX_SIZE: usize = 25;
/// Upper bound on padded point indices over every supported size.
pub const MAX_POINTS: usize = 704;

/// Asks the CPU to bring the cache line holding `x` close (a hint with no effect on any
/// result): for tables whose entry is known some time before it is read, such as the
/// playouts' reply table and the priors' shape table.
#[inline(always)]
pub fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and never writes; `x` is a valid reference anyway
        unsafe { _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A player's colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The first player.
    Black = 0,
    /// The second player.
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline(always)]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// +1 for Black, -1 for White: turns Black-minus-White numbers (scores, ownership)
    /// into this colour's view and back.
    #[inline(always)]
    pub fn sign(self) -> f64 {
        match self {
            Color::Black => 1.0,
            Color::White => -1.0,
        }
    }

    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

/// Error for a colour that is not `b`, `w`, `black` or `white`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseColorError;

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A padded point index: `(y + 1) * (size + 1) + x + 1`. Column 0 of every row is an
/// off-board separator and row 0 an off-board margin, so every orthogonal and diagonal
/// neighbour of an on-board point has an index inside the board arrays.
/// Only meaningful together with a board size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The point at column `x` and row `y` (0-based, row 0 at the bottom) on a `size` board.
    #[inline]
    pub fn new(x: usize, y: usize, size: usize) -> Point {
        Point(((y + 1) * (size + 1) + x + 1) as u16)
    }

    /// One past the largest point index on a `size` board: the length that per-point
    /// vectors need.
    #[inline]
    pub fn index_bound(size: usize) -> usize {
        (size + 1) * (size + 2)
    }

    /// The index into board arrays.
    #[inline(always)]
    pub fn idx(self) -> usize {
        self.0 as usize
    }

    /// Column and row (0-based, row 0 at the bottom) on a `size` board.
    #[inline]
    pub fn xy(self, size: usize) -> (usize, usize) {
        let s = size + 1;
        (
            (self.idx() % s).wrapping_sub(1),
            (self.idx() / s).wrapping_sub(1),
        )
    }

    /// The GTP vertex of this point on a `size` board.
    pub fn vertex(self, size: usize) -> Vertex {
        let (x, y) = self.xy(size);
        Vertex {
            x: x as u8,
            y: y as u8,
        }
    }
}

/// A board coordinate as GTP writes it (`D4`): column letter A-Z without I, row number from 1.
/// Parsing checks the syntax only; whether it fits the board is [`Vertex::to_point`]'s question.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Vertex {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the bottom.
    pub y: u8,
}

/// Error for text that is not a vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVertexError;

const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Vertex {
    /// The point of this vertex on a `size` board, or `None` when it lies outside.
    pub fn to_point(self, size: usize) -> Option<Point> {
        let (x, y) = (self.x as usize, self.y as usize);
        (x < size && y < size).then(|| Point::new(x, y, size))
    }
}

impl FromStr for Vertex {
    type Err = ParseVertexError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 {
            return Err(ParseVertexError);
        }
        let col = b[0].to_ascii_uppercase();
        let x = COLUMNS
            .iter()
            .position(|&c| c == col)
            .ok_or(ParseVertexError)?;
        let digits = &s[1..];
        if !digits.bytes().all(|d| d.is_ascii_digit()) || digits.starts_with('0') {
            return Err(ParseVertexError);
        }
        let row: usize = digits.parse().map_err(|_| ParseVertexError)?;
        if row == 0 || row > MAX_SIZE {
            return Err(ParseVertexError);
        }
        Ok(Vertex {
            x: x as u8,
            y: (row - 1) as u8,
        })
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", COLUMNS[self.x as usize] as char, self.y + 1)
    }
}

/// Why the board refuses a move (rule-set independent reasons only).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The point is not on this board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The move retakes a ko immediately.
    Ko,
    /// The move would leave its own chain without liberties.
    Suicide,
    /// The move repeats an earlier position (raised by `rules`, never by the board).
    Superko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "off board",
            IllegalMove::Occupied => "occupied",
            IllegalMove::Ko => "ko",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Superko => "superko",
        })
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_neighbours_follow_their_offsets() {
        for size in [9, 13, 19] {
            let b = AnyBoard::new(size).unwrap();
            crate::with_board!(&b, bb => {
                for y in 0..size {
                    for x in 0..size {
                        let n8 = bb.neighbours8(Point::new(x, y, size));
                        for (q, (dx, dy)) in n8.into_iter().zip(NEIGHBOURS8) {
                            let (qx, qy) = (x as i32 + dx, y as i32 + dy);
                            let side = 0..size as i32;
                            if side.contains(&qx) && side.contains(&qy) {
                                assert_eq!(q, Point::new(qx as usize, qy as usize, size));
                            } else {
                                assert!(!bb.is_empty_point(q) && bb.color_at(q).is_none());
                            }
                        }
                    }
                }
            });
        }
    }

    #[test]
    fn vertex_parse_and_print() {
        let v: Vertex = "d4".parse().unwrap();
        assert_eq!(v, Vertex { x: 3, y: 3 });
        assert_eq!(v.to_string(), "D4");
        assert_eq!("J1".parse::<Vertex>().unwrap().x, 8);
        assert_eq!("Z25".parse::<Vertex>().unwrap().to_string(), "Z25");
        for bad in ["I5", "Z99", "A0", "A", "", "A01", "4D", "A-1", "AA1", "A26"] {
            assert!(bad.parse::<Vertex>().is_err(), "{bad}");
        }
        assert_eq!(
            "T19".parse::<Vertex>().unwrap().to_point(19),
            Some(Point::new(18, 18, 19))
        );
        assert_eq!("T19".parse::<Vertex>().unwrap().to_point(9), None);
    }

    #[test]
    fn colors() {
        assert_eq!("B".parse::<Color>(), Ok(Color::Black));
        assert_eq!("White".parse::<Color>(), Ok(Color::White));
        assert!("x".parse::<Color>().is_err());
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!((Color::Black.sign(), Color::White.sign()), (1.0, -1.0));
        for c in Color::BOTH {
            assert_eq!(c.sign(), -c.opponent().sign());
        }
    }
}
