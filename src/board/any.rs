//! [`AnyBoard`]: a board of any supported size, dispatching to the narrowest bitset width.

use super::position::PlayOutcome;
use super::{Board14, Board19, Board25, Board9, Color, IllegalMove, Point};
use std::fmt;

/// A board of run-time size 2..=25, stored (boxed) in the narrowest [`super::Board`] that fits.
/// Code that needs speed matches on it once (see [`crate::with_board`]) and works on the
/// concrete, `Copy` board inside.
#[derive(Clone)]
pub enum AnyBoard {
    /// Sizes 2 to 9.
    S9(Box<Board9>),
    /// Sizes 10 to 14.
    S14(Box<Board14>),
    /// Sizes 15 to 19.
    S19(Box<Board19>),
    /// Sizes 20 to 25.
    S25(Box<Board25>),
}

/// Runs `$body` with `$b` bound to the concrete board inside an [`AnyBoard`] expression
/// (`&AnyBoard` gives `&Box<Board<..>>`, `&mut AnyBoard` gives `&mut Box<Board<..>>`).
#[macro_export]
macro_rules! with_board {
    ($any:expr, $b:ident => $body:expr) => {
        match $any {
            $crate::board::AnyBoard::S9($b) => $body,
            $crate::board::AnyBoard::S14($b) => $body,
            $crate::board::AnyBoard::S19($b) => $body,
            $crate::board::AnyBoard::S25($b) => $body,
        }
    };
}

impl AnyBoard {
    /// An empty board of `size`, or `None` outside 2..=25.
    pub fn new(size: usize) -> Option<AnyBoard> {
        if Board9::fits(size) {
            Board9::new(size).map(|b| AnyBoard::S9(Box::new(b)))
        } else if Board14::fits(size) {
            Board14::new(size).map(|b| AnyBoard::S14(Box::new(b)))
        } else if Board19::fits(size) {
            Board19::new(size).map(|b| AnyBoard::S19(Box::new(b)))
        } else {
            Board25::new(size).map(|b| AnyBoard::S25(Box::new(b)))
        }
    }

    /// Points per side.
    pub fn size(&self) -> usize {
        with_board!(self, b => b.size())
    }

    /// Whether `p` is a point of this board.
    pub fn is_on_board(&self, p: Point) -> bool {
        with_board!(self, b => b.is_on_board(p))
    }

    /// The stone on `p`, if any.
    pub fn color_at(&self, p: Point) -> Option<Color> {
        with_board!(self, b => b.color_at(p))
    }

    /// Whether `p` is an empty point of this board.
    pub fn is_empty_point(&self, p: Point) -> bool {
        with_board!(self, b => b.is_empty_point(p))
    }

    /// Every point of the board, bottom row first.
    pub fn points(&self) -> Vec<Point> {
        with_board!(self, b => b.points().collect())
    }

    /// The on-board orthogonal neighbours of `p`.
    pub fn neighbors(&self, p: Point) -> Vec<Point> {
        with_board!(self, b => b.neighbors(p).collect())
    }

    /// The head of the chain through the stone on `p`.
    pub fn chain_head(&self, p: Point) -> Point {
        with_board!(self, b => b.chain_head(p))
    }

    /// The stones of the chain through the stone on `p`.
    pub fn chain_points(&self, p: Point) -> Vec<Point> {
        with_board!(self, b => b.chain_stones(p).iter().map(|i| Point(i as u16)).collect())
    }

    /// The liberties of the chain through the stone on `p`.
    pub fn chain_liberties(&self, p: Point) -> Vec<Point> {
        with_board!(self, b => b.chain_libs(p).iter().map(|i| Point(i as u16)).collect())
    }

    /// The number of liberties of the chain through the stone on `p`.
    pub fn lib_count(&self, p: Point) -> usize {
        with_board!(self, b => b.lib_count(p))
    }

    /// The simple-ko point and the colour barred from it.
    pub fn ko(&self) -> Option<(Point, Color)> {
        with_board!(self, b => b.ko())
    }

    /// The Zobrist hash of the stones.
    pub fn hash(&self) -> u64 {
        with_board!(self, b => b.hash())
    }

    /// The number of stones of each colour, Black first.
    pub fn stone_counts(&self) -> [usize; 2] {
        with_board!(self, b => [b.stones(Color::Black).count() as usize, b.stones(Color::White).count() as usize])
    }

    /// See [`super::Board::hash_after`]; `p` must be an empty point of this board.
    pub fn hash_after(&self, c: Color, p: Point) -> u64 {
        with_board!(self, b => b.hash_after(c, p))
    }

    /// See [`super::Board::legal_points`], as a list in increasing point order.
    pub fn legal_points(&self, c: Color) -> Vec<Point> {
        with_board!(self, b => b.legal_points(c).points().collect())
    }

    /// See [`super::Board::check_place`].
    pub fn check_place(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        with_board!(self, b => b.check_place(c, p))
    }

    /// See [`super::Board::is_legal_fast`]; also false for occupied or off-board points.
    pub fn is_legal_simple(&self, c: Color, p: Point) -> bool {
        with_board!(self, b => b.is_empty_point(p) && b.is_legal_fast(c, p))
    }

    /// See [`super::Board::is_eye`].
    pub fn is_eye(&self, c: Color, p: Point) -> bool {
        with_board!(self, b => b.is_empty_point(p) && b.is_eye(c, p))
    }

    /// See [`super::Board::suicide_stones`]; 0 for occupied or off-board points.
    pub fn suicide_stones(&self, c: Color, p: Point) -> usize {
        with_board!(self, b => if b.is_empty_point(p) { b.suicide_stones(c, p) } else { 0 })
    }

    /// See [`super::Board::try_play`].
    pub fn try_play(&mut self, c: Color, p: Point) -> Result<u32, IllegalMove> {
        with_board!(self, b => b.try_play(c, p))
    }

    /// Plays `c` on `p` allowing suicide of any size; refuses only off-board, occupied and ko.
    pub fn play_allow_suicide(&mut self, c: Color, p: Point) -> Result<PlayOutcome, IllegalMove> {
        with_board!(self, b => {
            b.check_place(c, p)?;
            let outcome = b.play_unchecked(c, p);
            debug_assert_eq!(b.check_consistency(), Ok(()));
            Ok(outcome)
        })
    }

    /// A pass: clears the ko point.
    pub fn pass(&mut self) {
        with_board!(self, b => b.pass())
    }

    /// Sets or clears a point directly (setup), without captures. False when `p` is off board.
    pub fn set_point(&mut self, p: Point, c: Option<Color>) -> bool {
        with_board!(self, b => b.set_point(p, c))
    }

    /// See [`super::Board::check_consistency`].
    pub fn check_consistency(&self) -> Result<(), String> {
        with_board!(self, b => b.check_consistency())
    }

    /// See [`super::Board::hash_from_scratch`].
    pub fn hash_from_scratch(&self) -> u64 {
        with_board!(self, b => b.hash_from_scratch())
    }
}

impl fmt::Display for AnyBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_board!(self, b => fmt::Display::fmt(&**b, f))
    }
}

impl fmt::Debug for AnyBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_board!(self, b => fmt::Debug::fmt(&**b, f))
    }
}

impl PartialEq for AnyBoard {
    fn eq(&self, o: &Self) -> bool {
        self.size() == o.size()
            && self.hash() == o.hash()
            && self
                .points()
                .iter()
                .all(|&p| self.color_at(p) == o.color_at(p))
    }
}
