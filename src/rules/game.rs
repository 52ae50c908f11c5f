//! [`Game`]: a board under a rule set, with setup and handicap stones, the move list,
//! the superko history, prisoners, passes, end of game, undo and scoring.

use super::benson;
use super::ruleset::{KoRule, Rules, SuicideRule};
use super::score::{self, GameScore, Status, StatusMap};
use crate::board::zobrist::WHITE_TO_MOVE;
use crate::board::{AnyBoard, Color, IllegalMove, Point, MAX_SIZE, MIN_SIZE};
use ahash::AHashSet;
use std::fmt;

/// A move: a pass or a stone on a point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// No stone this turn.
    Pass,
    /// A stone on this point.
    Play(Point),
}

/// Why setup or handicap stones were refused. The game is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Moves have been played already.
    AfterFirstMove,
    /// Handicap needs an empty board.
    BoardNotEmpty,
    /// A point is not on this board.
    OffBoard(Point),
    /// A point is given twice.
    Duplicate(Point),
    /// Handicap must be at least 2 stones and leave an empty point.
    HandicapCount(usize),
    /// The stones would leave a chain without liberties.
    NoLiberties(Point),
    /// A diagram is not a square board of a supported size.
    BadDiagram,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::AfterFirstMove => f.write_str("moves have been played"),
            SetupError::BoardNotEmpty => f.write_str("board not empty"),
            SetupError::OffBoard(_) => f.write_str("point off board"),
            SetupError::Duplicate(_) => f.write_str("repeated point"),
            SetupError::HandicapCount(n) => write!(f, "invalid number of handicap stones: {n}"),
            SetupError::NoLiberties(_) => f.write_str("a chain would have no liberties"),
            SetupError::BadDiagram => f.write_str("not a board diagram"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Where handicap stones go (GTP's `fixed_handicap`, `place_free_handicap`,
/// `set_free_handicap`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Handicap<'a> {
    /// `n` stones on GTP's fixed points ([`Game::fixed_handicap_points`]).
    Fixed(usize),
    /// `n` stones placed by the engine ([`Game::free_handicap_points`]).
    Free(usize),
    /// Stones on these points, chosen by the controller.
    Points(&'a [Point]),
}

/// A game: the current board, how it came about, and the rules that judge it.
///
/// Any colour may move at any time (GTP allows two moves of one colour); [`Game::to_move`]
/// is only the side expected to move next. History for superko holds the initial position
/// (after setup and handicap) and the position after every move.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// The position before the first move (setup and handicap stones).
    initial: AnyBoard,
    initial_to_move: Color,
    handicap: usize,
    board: AnyBoard,
    to_move: Color,
    moves: Vec<(Color, Move)>,
    /// Stones captured by Black, then by White (plus pass stones).
    prisoners: [u32; 2],
    /// Board hash and side to move of the initial position and after every move.
    positions: Vec<(u64, Color)>,
    /// Superko keys of the positions that a move may not repeat.
    seen: AHashSet<u64>,
}

impl Game {
    /// An empty board of `size` under `rules`, Black to move; `None` outside 2..=25.
    pub fn new(size: usize, rules: Rules) -> Option<Game> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let board = AnyBoard::new(size)?;
        let mut g = Game {
            rules,
            initial: board.clone(),
            initial_to_move: Color::Black,
            handicap: 0,
            board,
            to_move: Color::Black,
            moves: Vec::new(),
            prisoners: [0, 0],
            positions: Vec::new(),
            seen: AHashSet::new(),
        };
        g.replay();
        Some(g)
    }

    /// Points per side.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Replaces the rules, komi included; history and prisoners are recomputed under them
    /// (moves already played stay, even if the new rules would forbid them).
    pub fn set_rules(&mut self, r: Rules) {
        let to_move = self.to_move;
        self.rules = r;
        self.replay();
        self.to_move = to_move;
    }

    /// The komi (points for White).
    pub fn komi(&self) -> f64 {
        self.rules.komi
    }

    /// Sets the komi.
    pub fn set_komi(&mut self, k: f64) {
        self.rules.komi = k;
    }

    /// The komi of an area count of the board (what playouts, which always count area,
    /// give White): the komi plus White's handicap bonus where the rules give one.
    pub fn area_komi(&self) -> f64 {
        self.komi() + self.rules.handicap_points(self.handicap) as f64
    }

    /// The current board.
    pub fn board(&self) -> &AnyBoard {
        &self.board
    }

    /// The side expected to move next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Changes the side expected to move next. Before the first move this also sets the
    /// side to move of the initial position (which situational superko remembers).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
        if self.moves.is_empty() {
            self.initial_to_move = c;
            self.replay();
        }
    }

    /// The superko key of a position with `next` to move.
    fn key(&self, hash: u64, next: Color) -> u64 {
        if self.rules.ko == KoRule::Situational && next == Color::White {
            hash ^ WHITE_TO_MOVE
        } else {
            hash
        }
    }

    /// Refills `seen` from `positions`: all of them, or under `PassReset` those from the
    /// last pass on.
    fn rebuild_seen(&mut self) {
        let start = if self.rules.ko == KoRule::PassReset {
            self.moves
                .iter()
                .rposition(|&(_, m)| m == Move::Pass)
                .map_or(0, |i| i + 1)
        } else {
            0
        };
        let keys: Vec<u64> = self.positions[start..]
            .iter()
            .map(|&(h, c)| self.key(h, c))
            .collect();
        self.seen.clear();
        self.seen.extend(keys);
    }

    /// Whether `c` may make move `m` now under the full rules (ko, superko, suicide).
    pub fn check(&self, c: Color, m: Move) -> Result<(), IllegalMove> {
        let p = match m {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        let b = &self.board;
        b.check_place(c, p)?;
        let lost = b.suicide_stones(c, p);
        if lost == 1 || (lost > 1 && self.rules.suicide == SuicideRule::Forbidden) {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko != KoRule::Simple {
            let h = b.hash_after(c, p);
            if self.seen_before(h, c.opponent()) {
                return Err(IllegalMove::Superko);
            }
        }
        Ok(())
    }

    /// Whether `c` may make move `m` now.
    pub fn is_legal(&self, c: Color, m: Move) -> bool {
        self.check(c, m).is_ok()
    }

    /// Whether a position with board hash `hash` and `next` to move is one the ko rule
    /// forbids repeating now (in the game's history, or since the last pass under
    /// `PassReset`); always false under simple ko. Lets a search extend the game's
    /// superko history into its tree.
    pub fn seen_before(&self, hash: u64, next: Color) -> bool {
        self.rules.ko != KoRule::Simple && self.seen.contains(&self.key(hash, next))
    }

    /// Plays move `m` for `c` after [`Game::check`]ing it; on error nothing changes.
    /// Afterwards the opponent of `c` is to move.
    pub fn play(&mut self, c: Color, m: Move) -> Result<(), IllegalMove> {
        self.check(c, m)?;
        self.apply(c, m)
    }

    /// Carries out a move already checked (or replayed from a checked history).
    fn apply(&mut self, c: Color, m: Move) -> Result<(), IllegalMove> {
        match m {
            Move::Pass => {
                self.board.pass();
                if self.rules.pass_stones {
                    self.prisoners[c.opponent().index()] += 1;
                }
            }
            Move::Play(p) => {
                let out = self.board.play_allow_suicide(c, p)?;
                self.prisoners[c.index()] += out.captured;
                self.prisoners[c.opponent().index()] += out.suicide;
            }
        }
        self.moves.push((c, m));
        self.to_move = c.opponent();
        let h = self.board.hash();
        self.positions.push((h, self.to_move));
        if m == Move::Pass && self.rules.ko == KoRule::PassReset {
            self.seen.clear();
        }
        let k = self.key(h, self.to_move);
        self.seen.insert(k);
        Ok(())
    }

    /// Rebuilds board, prisoners and history from the initial position and the move list.
    fn replay(&mut self) {
        let moves = std::mem::take(&mut self.moves);
        self.board = self.initial.clone();
        self.prisoners = [0, 0];
        self.to_move = self.initial_to_move;
        self.positions.clear();
        self.positions
            .push((self.initial.hash(), self.initial_to_move));
        self.rebuild_seen();
        for (c, m) in moves {
            // every move in the list was legal when played from this same start
            if self.apply(c, m).is_err() {
                log::error!("replay: stored move could not be replayed");
                break;
            }
        }
    }

    /// Every empty point where `c` may play now (passes are always legal and not listed).
    pub fn legal_moves(&self, c: Color) -> Vec<Point> {
        self.board
            .points()
            .into_iter()
            .filter(|&p| self.is_legal(c, Move::Play(p)))
            .collect()
    }

    /// Takes back the last move; false (and no change) when no move has been played.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.replay();
        true
    }

    /// The moves since setup and handicap, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The number of moves (passes included) played since setup and handicap.
    pub fn move_number(&self) -> usize {
        self.moves.len()
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves.last().copied()
    }

    /// Checks that every point is on the board and given once.
    fn check_points(&self, lists: &[&[Point]]) -> Result<(), SetupError> {
        let mut seen = AHashSet::new();
        for &p in lists.iter().copied().flatten() {
            if !self.board.is_on_board(p) {
                return Err(SetupError::OffBoard(p));
            }
            if !seen.insert(p) {
                return Err(SetupError::Duplicate(p));
            }
        }
        Ok(())
    }

    /// Makes `b` the initial position if every chain on it has a liberty.
    fn set_initial(&mut self, b: AnyBoard) -> Result<(), SetupError> {
        for p in b.points() {
            if b.color_at(p).is_some() && b.lib_count(p) == 0 {
                return Err(SetupError::NoLiberties(p));
            }
        }
        self.initial = b;
        self.replay();
        Ok(())
    }

    /// Adds setup stones (SGF AB/AW/AE) to the initial position, without captures; only
    /// before the first move. The result counts as the first position for superko.
    pub fn setup(
        &mut self,
        black: &[Point],
        white: &[Point],
        empty: &[Point],
    ) -> Result<(), SetupError> {
        if !self.moves.is_empty() {
            return Err(SetupError::AfterFirstMove);
        }
        self.check_points(&[black, white, empty])?;
        let mut b = self.initial.clone();
        for (pts, c) in [
            (empty, None),
            (black, Some(Color::Black)),
            (white, Some(Color::White)),
        ] {
            for &p in pts {
                b.set_point(p, c);
            }
        }
        self.set_initial(b)
    }

    /// Places Black's handicap stones on an empty board (at least 2, at most all points but
    /// one); White is to move afterwards. Refused, in this order: stones on the board, then
    /// moves (passes) played, then the count, then a point off the board or given twice.
    pub fn place_handicap(&mut self, pts: &[Point]) -> Result<(), SetupError> {
        if self.board.stone_counts() != [0, 0] {
            return Err(SetupError::BoardNotEmpty);
        }
        if !self.moves.is_empty() {
            return Err(SetupError::AfterFirstMove);
        }
        let n = pts.len();
        if n < 2 || n >= self.size() * self.size() {
            return Err(SetupError::HandicapCount(n));
        }
        self.check_points(&[pts])?;
        let mut b = self.initial.clone();
        for &p in pts {
            b.set_point(p, Some(Color::Black));
        }
        let old = (self.handicap, self.initial_to_move);
        self.handicap = n;
        self.initial_to_move = Color::White;
        let r = self.set_initial(b);
        if r.is_err() {
            (self.handicap, self.initial_to_move) = old;
        }
        r
    }

    /// Places Black's handicap stones as `h` says and returns their points in order. A count
    /// with no placement (see [`Game::fixed_handicap_points`], [`Game::free_handicap_points`])
    /// is refused before the board is looked at; otherwise as [`Game::place_handicap`].
    pub fn place_handicap_stones(&mut self, h: Handicap<'_>) -> Result<Vec<Point>, SetupError> {
        let size = self.size();
        let pts = match h {
            Handicap::Fixed(n) => {
                Self::fixed_handicap_points(size, n).ok_or(SetupError::HandicapCount(n))?
            }
            Handicap::Free(n) => {
                Self::free_handicap_points(size, n).ok_or(SetupError::HandicapCount(n))?
            }
            Handicap::Points(pts) => pts.to_vec(),
        };
        self.place_handicap(&pts)?;
        Ok(pts)
    }

    /// The number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// The fixed handicap points of GTP (section 4.1.1) for `n` stones on a `size` board:
    /// 2..=9 stones on odd sizes from 9, 2..=4 on 7x7 and even sizes from 8, none below 7
    /// or above 25. Corner stones on the 3rd line below 13x13, the 4th line from 13x13.
    pub fn fixed_handicap_points(size: usize, n: usize) -> Option<Vec<Point>> {
        if !(7..=MAX_SIZE).contains(&size) || !(2..=9).contains(&n) {
            return None;
        }
        if (size.is_multiple_of(2) || size == 7) && n > 4 {
            return None;
        }
        let lo = if size >= 13 { 3 } else { 2 };
        let hi = size - 1 - lo;
        let mid = size / 2;
        let p = |x, y| Point::new(x, y, size);
        // GTP order: D4 Q16 D16 Q4 D10 Q10 K4 K16, then K10 for odd counts from 5
        let order = [
            p(lo, lo),
            p(hi, hi),
            p(lo, hi),
            p(hi, lo),
            p(lo, mid),
            p(hi, mid),
            p(mid, lo),
            p(mid, hi),
        ];
        let corners_and_sides = if n % 2 == 1 && n >= 5 { n - 1 } else { n };
        let mut v = order[..corners_and_sides].to_vec();
        if corners_and_sides != n {
            v.push(p(mid, mid));
        }
        Some(v)
    }

    /// `n` handicap points for a free placement on a `size` board (2 up to all points but
    /// one, else `None`): the fixed points first (as many as fit), then points spread out over
    /// the board (farthest from the stones already chosen, off the edge lines, nearer the
    /// centre on ties).
    pub fn free_handicap_points(size: usize, n: usize) -> Option<Vec<Point>> {
        if n < 2 || n >= size * size {
            return None;
        }
        let mut pts: Vec<Point> = (2..=n.min(9))
            .rev()
            .find_map(|k| Self::fixed_handicap_points(size, k))
            .unwrap_or_default();
        pts.truncate(n);
        let edge = if size >= 13 {
            3
        } else if size >= 7 {
            2
        } else {
            0
        };
        let c = (size as f64 - 1.0) / 2.0;
        // every point with its squared distance to the nearest chosen stone
        let mut cells: Vec<(usize, usize, f64)> = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y, f64::INFINITY)))
            .collect();
        let update = |cells: &mut Vec<(usize, usize, f64)>, p: Point| {
            let (px, py) = p.xy(size);
            for cell in cells.iter_mut() {
                let (dx, dy) = (cell.0 as f64 - px as f64, cell.1 as f64 - py as f64);
                cell.2 = cell.2.min(dx * dx + dy * dy);
            }
        };
        for &p in &pts {
            update(&mut cells, p);
        }
        let score = |&(x, y, d): &(usize, usize, f64)| {
            let centre = (x as f64 - c).powi(2) + (y as f64 - c).powi(2);
            d.min(1.0e6) * 1000.0 - centre
        };
        let inner = |&(x, y, _): &(usize, usize, f64)| {
            x >= edge && y >= edge && x + edge < size && y + edge < size
        };
        while pts.len() < n {
            // a free point off the edge lines if there is one, else any free point
            let free = cells.iter().filter(|c| c.2 > 0.0);
            let best = free
                .clone()
                .filter(|c| inner(c))
                .max_by(|a, b| score(a).total_cmp(&score(b)))
                .or_else(|| free.max_by(|a, b| score(a).total_cmp(&score(b))));
            let Some(&(x, y, _)) = best else { break };
            let p = Point::new(x, y, size);
            pts.push(p);
            update(&mut cells, p);
        }
        Some(pts)
    }

    /// The black and white stones of the initial position (setup and handicap).
    pub fn setup_stones(&self) -> (Vec<Point>, Vec<Point>) {
        let b = &self.initial;
        let of = |c| {
            b.points()
                .into_iter()
                .filter(|&p| b.color_at(p) == Some(c))
                .collect()
        };
        (of(Color::Black), of(Color::White))
    }

    /// Stones captured by `c`, plus pass stones received under AGA rules.
    pub fn prisoners(&self, c: Color) -> u32 {
        self.prisoners[c.index()]
    }

    /// The number of passes at the end of the move list.
    pub fn consecutive_passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|&&(_, m)| m == Move::Pass)
            .count()
    }

    /// Whether the passes at the end of the move list end the game: `end_passes` of them,
    /// and under `white_passes_last` the last one White's.
    pub fn is_over(&self) -> bool {
        let n = self.consecutive_passes();
        if n < self.rules.end_passes.max(1) as usize {
            return false;
        }
        !self.rules.white_passes_last || self.moves.last().map(|m| m.0) == Some(Color::White)
    }

    /// An empty board of the same size, rules and komi, Black to move, no handicap.
    pub fn clear(&mut self) {
        let size = self.size();
        if let Some(g) = Game::new(size, self.rules) {
            *self = g;
        }
    }

    /// The score of the current position: stones marked dead are removed and become
    /// prisoners of the other side (unless `rules.remove_dead` is false), then the position
    /// is counted under `rules.scoring` with komi and handicap bonus for White.
    pub fn score(&self, status: &StatusMap) -> GameScore {
        score::score_board(
            &self.board,
            &self.rules,
            status,
            self.prisoners,
            self.handicap,
        )
    }

    /// The full count of the current position (tallies and owner of every point).
    pub fn count(&self, status: &StatusMap) -> score::Count {
        score::count(&self.board, &self.rules, status, self.prisoners)
    }

    /// Every stone alive, except stones inside territory that Benson's algorithm proves
    /// pass-alive for the other colour (under this suicide rule), which are dead (all
    /// alive when `rules.remove_dead` is false).
    pub fn default_status(&self) -> StatusMap {
        let mut st = StatusMap::new(&self.board);
        if !self.rules.remove_dead {
            return st;
        }
        for c in Color::BOTH {
            let pa = benson::pass_alive(&self.board, c, self.rules.suicide);
            for p in pa.territory_points() {
                if self.board.color_at(p) == Some(c.opponent()) {
                    st.set(p, Status::Dead);
                }
            }
        }
        st
    }

    /// A game whose initial position is drawn in `text` (see [`parse_diagram`]), Black to
    /// move.
    pub fn from_diagram(text: &str, rules: Rules) -> Result<Game, SetupError> {
        let (size, black, white) = parse_diagram(text).ok_or(SetupError::BadDiagram)?;
        let mut g = Game::new(size, rules).ok_or(SetupError::BadDiagram)?;
        g.setup(&black, &white, &[])?;
        Ok(g)
    }
}

/// Reads a square ASCII board, top row first: `X` black, `O` white, `.` or `+` empty,
/// spaces ignored; a leading row number and a line of column letters are skipped.
/// Returns the size and the black and white points, or `None` when the rows are not square.
pub fn parse_diagram(text: &str) -> Option<(usize, Vec<Point>, Vec<Point>)> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| {
            l.trim_start()
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<char>>()
        })
        .filter(|r| !r.is_empty() && r.iter().all(|c| matches!(c, 'X' | 'O' | '.' | '+')))
        .collect();
    let size = rows.len();
    if size == 0 || rows.iter().any(|r| r.len() != size) {
        return None;
    }
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (i, row) in rows.iter().enumerate() {
        let y = size - 1 - i;
        for (x, &c) in row.iter().enumerate() {
            match c {
                'X' => black.push(Point::new(x, y, size)),
                'O' => white.push(Point::new(x, y, size)),
                _ => {}
            }
        }
    }
    Some((size, black, white))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testutil::{game, pt};
    use crate::rules::{Preset, Status};

    fn rules(p: Preset, komi: f64) -> Rules {
        let mut r = Rules::preset(p);
        r.komi = komi;
        r
    }

    fn play(g: &mut Game, c: Color, v: &str) {
        let m = if v == "pass" {
            Move::Pass
        } else {
            Move::Play(pt(v, g.size()))
        };
        assert_eq!(g.play(c, m), Ok(()), "{c} {v}\n{}", g.board());
    }

    /// A padding point (index below the bound but not on a `size` board).
    fn off_board(size: usize) -> Point {
        let b = AnyBoard::new(size).unwrap();
        (0..Point::index_bound(size))
            .map(|i| Point(i as u16))
            .find(|&p| !b.is_on_board(p))
            .unwrap()
    }

    const KO: &str = "
        . O . X X O
        O X X X O .
        O . X . O O
        X X . O O .
        O O O O . O
        . . . . . .";

    #[test]
    fn new_sizes() {
        assert!(Game::new(1, Rules::default()).is_none());
        assert!(Game::new(26, Rules::default()).is_none());
        for s in 2..=25 {
            let g = Game::new(s, Rules::default()).unwrap();
            assert_eq!(g.size(), s);
            assert_eq!(g.legal_moves(Color::Black).len(), s * s);
            assert_eq!(g.to_move(), Color::Black);
            assert!(!g.is_over());
        }
    }

    #[test]
    fn check_reasons() {
        let mut g = Game::new(5, Rules::default()).unwrap();
        assert_eq!(
            g.check(Color::Black, Move::Play(Point(9999))),
            Err(IllegalMove::OffBoard)
        );
        // padding points inside the index range are off board too
        let pad = off_board(5);
        assert_eq!(
            g.check(Color::Black, Move::Play(pad)),
            Err(IllegalMove::OffBoard)
        );
        play(&mut g, Color::Black, "C3");
        assert_eq!(
            g.check(Color::White, Move::Play(pt("C3", 5))),
            Err(IllegalMove::Occupied)
        );
        assert_eq!(
            g.play(Color::White, Move::Play(pt("C3", 5))),
            Err(IllegalMove::Occupied)
        );
        assert_eq!(g.move_number(), 1);
        assert!(g.is_legal(Color::White, Move::Pass));
    }

    #[test]
    fn any_colour_may_move() {
        let mut g = Game::new(9, Rules::default()).unwrap();
        play(&mut g, Color::Black, "C3");
        play(&mut g, Color::Black, "D4");
        assert_eq!(g.to_move(), Color::White);
        play(&mut g, Color::White, "E5");
        play(&mut g, Color::White, "pass");
        assert_eq!(g.to_move(), Color::Black);
        g.set_to_move(Color::White);
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(
            g.moves(),
            &[
                (Color::Black, Move::Play(pt("C3", 9))),
                (Color::Black, Move::Play(pt("D4", 9))),
                (Color::White, Move::Play(pt("E5", 9))),
                (Color::White, Move::Pass),
            ]
        );
        assert_eq!(g.last_move(), Some((Color::White, Move::Pass)));
    }

    #[test]
    fn setup_position_is_first_in_history() {
        // B F5 takes the ko, both pass, W retakes at F6: the board equals the setup.
        for (p, legal) in [
            (Preset::Japanese, true),
            (Preset::Chinese, false),
            (Preset::Aga, false),
            (Preset::NewZealand, false),
            (Preset::Yasunaga, true),
        ] {
            let mut g = game(KO, Rules::preset(p));
            play(&mut g, Color::Black, "F5");
            play(&mut g, Color::White, "pass");
            play(&mut g, Color::Black, "pass");
            let r = g.check(Color::White, Move::Play(pt("F6", 6)));
            assert_eq!(r.is_ok(), legal, "{p}");
            if !legal {
                assert_eq!(r, Err(IllegalMove::Superko));
            }
        }
    }

    #[test]
    fn pass_reset_forgets_history_at_a_pass() {
        // K03 followed by two passes: the return of one is legal again under Yasunaga's
        // rule, still illegal under positional superko, legal under situational.
        for (p, legal) in [
            (Preset::Yasunaga, true),
            (Preset::Chinese, false),
            (Preset::TrompTaylor, false),
            (Preset::Aga, true),
            (Preset::Japanese, true),
        ] {
            let mut g = game(KO, Rules::preset(p));
            for (c, v) in [
                (Color::Black, "F5"),
                (Color::White, "pass"),
                (Color::Black, "D4"),
                (Color::White, "C6"),
                (Color::Black, "A6"),
            ] {
                play(&mut g, c, v);
            }
            let b6 = Move::Play(pt("B6", 6));
            play(&mut g, Color::White, "pass");
            play(&mut g, Color::Black, "pass");
            assert_eq!(g.is_legal(Color::White, b6), legal, "{p}");
            // undoing the two passes restores the earlier verdicts
            assert!(g.undo() && g.undo());
            let before = matches!(p, Preset::Aga | Preset::Japanese);
            assert_eq!(g.is_legal(Color::White, b6), before, "{p} after undo");
        }
    }

    #[test]
    fn changing_the_ko_rule_rebuilds_the_history() {
        // K03 under AGA (situational): the return of one is legal; switching the ko rule
        // of the same game changes the verdict at once.
        let mut g = game(KO, Rules::preset(Preset::Aga));
        for (c, v) in [
            (Color::Black, "F5"),
            (Color::White, "pass"),
            (Color::Black, "D4"),
            (Color::White, "C6"),
            (Color::Black, "A6"),
        ] {
            play(&mut g, c, v);
        }
        let b6 = Move::Play(pt("B6", 6));
        assert!(g.is_legal(Color::White, b6));
        let mut r = *g.rules();
        r.ko = KoRule::Positional;
        g.set_rules(r);
        assert_eq!(g.check(Color::White, b6), Err(IllegalMove::Superko));
        r.ko = KoRule::PassReset;
        g.set_rules(r);
        assert_eq!(g.check(Color::White, b6), Err(IllegalMove::Superko));
        r.ko = KoRule::Simple;
        g.set_rules(r);
        assert!(g.is_legal(Color::White, b6));
        r.ko = KoRule::Situational;
        g.set_rules(r);
        assert!(g.is_legal(Color::White, b6));
        play(&mut g, Color::White, "B6");
        // B6 has two liberties (A6, C6): Black A6 is suicide, not ko
        assert_eq!(
            g.check(Color::Black, Move::Play(pt("A6", 6))),
            Err(IllegalMove::Suicide)
        );
    }

    #[test]
    fn situational_superko_keys_side_to_move() {
        // As in setup_position_is_first_in_history, but the setup position had White to
        // move: W F6 recreates its board with Black to move, a new situation.
        for (p, legal) in [
            (Preset::Aga, true),
            (Preset::NewZealand, true),
            (Preset::Chinese, false),
            (Preset::TrompTaylor, false),
        ] {
            let mut g = game(KO, Rules::preset(p));
            g.set_to_move(Color::White);
            play(&mut g, Color::Black, "F5");
            play(&mut g, Color::White, "pass");
            play(&mut g, Color::Black, "pass");
            assert_eq!(
                g.is_legal(Color::White, Move::Play(pt("F6", 6))),
                legal,
                "{p}"
            );
        }
    }

    #[test]
    fn pass_stones_and_aga_end() {
        let mut g = Game::new(9, Rules::preset(Preset::Aga)).unwrap();
        play(&mut g, Color::White, "pass");
        assert_eq!(g.prisoners(Color::Black), 1);
        play(&mut g, Color::Black, "pass");
        assert_eq!(g.prisoners(Color::White), 1);
        assert_eq!(g.consecutive_passes(), 2);
        assert!(!g.is_over(), "Black passed last");
        play(&mut g, Color::White, "pass");
        assert!(g.is_over());
        assert_eq!(g.prisoners(Color::Black), 2);
        assert!(g.undo());
        assert_eq!(g.prisoners(Color::Black), 1);
        assert!(!g.is_over());
        // Black then White: over at once
        let mut g = Game::new(9, Rules::preset(Preset::Aga)).unwrap();
        play(&mut g, Color::Black, "pass");
        play(&mut g, Color::White, "pass");
        assert!(g.is_over());
        // no pass stones elsewhere
        let mut g = Game::new(9, Rules::preset(Preset::Japanese)).unwrap();
        play(&mut g, Color::White, "pass");
        play(&mut g, Color::Black, "pass");
        assert_eq!(g.prisoners(Color::Black) + g.prisoners(Color::White), 0);
        assert!(g.is_over());
    }

    #[test]
    fn pass_stones_count_under_territory() {
        // AGA with territory counting: pass stones make it equal to area counting
        let b = "
            . X O .
            . X O .
            . X O .
            . X O .";
        let mut r = rules(Preset::Aga, 0.5);
        r.scoring = crate::rules::Scoring::Territory;
        let mut g = game(b, r);
        play(&mut g, Color::Black, "pass");
        play(&mut g, Color::White, "pass");
        assert!(g.is_over());
        // territory 4 each, one pass stone each
        assert_eq!(g.score(&g.default_status()).to_string(), "W+0.5");
        g.undo();
        g.undo();
        play(&mut g, Color::White, "pass");
        play(&mut g, Color::Black, "pass");
        assert!(!g.is_over());
        play(&mut g, Color::White, "pass");
        assert!(g.is_over());
        // 4 + 2 pass stones against 4 + 1 + 0.5
        assert_eq!(g.prisoners(Color::Black), 2);
        assert_eq!(g.score(&g.default_status()).to_string(), "B+0.5");
    }

    #[test]
    fn end_of_game_counts_trailing_passes() {
        let mut g = Game::new(9, Rules::preset(Preset::Yasunaga)).unwrap();
        play(&mut g, Color::Black, "pass");
        play(&mut g, Color::White, "pass");
        assert!(!g.is_over());
        play(&mut g, Color::Black, "E5");
        assert_eq!(g.consecutive_passes(), 0);
        for c in [Color::White, Color::Black] {
            play(&mut g, c, "pass");
        }
        assert!(!g.is_over());
        play(&mut g, Color::White, "pass");
        assert!(g.is_over());
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        play(&mut g, Color::White, "pass");
        assert!(!g.is_over());
        play(&mut g, Color::Black, "pass");
        assert!(g.is_over());
    }

    #[test]
    fn undo_restores_everything() {
        let mut g = game(KO, Rules::preset(Preset::Chinese));
        assert!(!g.undo(), "nothing to undo after setup");
        assert_eq!(g.board().stone_counts(), [8, 14]);
        let start = g.board().clone();
        play(&mut g, Color::Black, "F5");
        assert_eq!(g.prisoners(Color::Black), 1);
        assert!(!g.is_legal(Color::White, Move::Play(pt("F6", 6))));
        assert!(g.undo());
        assert_eq!(g.board(), &start);
        assert_eq!(g.prisoners(Color::Black), 0);
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.move_number(), 0);
        assert!(g.is_legal(Color::Black, Move::Play(pt("F5", 6))));
        assert!(!g.undo());
    }

    /// A small deterministic generator for the random tests.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Slow, plain reference of the full legality rules over a list of past positions.
    fn reference_check(g: &Game, past: &[(u64, Color, bool)], c: Color, p: Point) -> bool {
        let b = g.board();
        if !b.is_on_board(p) || !b.is_empty_point(p) || b.ko() == Some((p, c)) {
            return false;
        }
        let mut after = b.clone();
        let Ok(out) = after.play_allow_suicide(c, p) else {
            return false;
        };
        if out.suicide == 1 || (out.suicide > 1 && g.rules().suicide == SuicideRule::Forbidden) {
            return false;
        }
        let h = after.hash();
        let next = c.opponent();
        match g.rules().ko {
            KoRule::Simple => true,
            KoRule::Positional => !past.iter().any(|&(q, _, _)| q == h),
            KoRule::Situational => !past.iter().any(|&(q, n, _)| q == h && n == next),
            KoRule::PassReset => {
                let start = past.iter().rposition(|&(_, _, pass)| pass).unwrap_or(0);
                !past[start..].iter().any(|&(q, _, _)| q == h)
            }
        }
    }

    /// Plays `n` random moves (some out of turn, some passes) under preset `p`, comparing
    /// every verdict on `sample` random points (all points when `None`) with the reference,
    /// then undoes moves and compares with snapshots. Returns the superko verdicts seen.
    fn random_game(p: Rules, size: usize, n: usize, sample: Option<usize>, seed: u64) -> usize {
        let mut rng = Rng(seed);
        let mut superko = 0;
        let mut g = Game::new(size, p).unwrap();
        let mut past = vec![(g.board().hash(), Color::Black, false)];
        let mut snaps = vec![(g.board().clone(), [0u32; 2], g.to_move())];
        let pts = g.board().points();
        for _ in 0..n {
            let c = if rng.below(8) == 0 {
                g.to_move().opponent()
            } else {
                g.to_move()
            };
            let probe: Vec<Point> = match sample {
                None => pts.clone(),
                Some(k) => (0..k).map(|_| pts[rng.below(pts.len())]).collect(),
            };
            for q in probe {
                let verdict = g.check(c, Move::Play(q));
                superko += (verdict == Err(IllegalMove::Superko)) as usize;
                assert_eq!(
                    verdict.is_ok(),
                    reference_check(&g, &past, c, q),
                    "{p} {size} {c} {}\n{}",
                    q.vertex(size),
                    g.board()
                );
            }
            let legal = g.legal_moves(c);
            let m = if legal.is_empty() || rng.below(10) == 0 {
                Move::Pass
            } else {
                Move::Play(legal[rng.below(legal.len())])
            };
            assert_eq!(g.play(c, m), Ok(()));
            g.board().check_consistency().unwrap();
            past.push((g.board().hash(), c.opponent(), m == Move::Pass));
            assert!(
                g.seen_before(g.board().hash(), c.opponent()) || g.rules().ko == KoRule::Simple
            );
            snaps.push((
                g.board().clone(),
                [g.prisoners(Color::Black), g.prisoners(Color::White)],
                g.to_move(),
            ));
        }
        // undo moves, checking the state each time, stopping at random
        while g.move_number() > 0 {
            assert!(g.undo());
            let (b, pr, tm) = &snaps[g.move_number()];
            assert_eq!(g.board(), b);
            assert_eq!([g.prisoners(Color::Black), g.prisoners(Color::White)], *pr);
            assert_eq!(g.to_move(), *tm);
            if rng.below(20) == 0 {
                break;
            }
        }
        superko
    }

    #[test]
    fn random_games_match_reference_and_undo() {
        let mut superko = 0;
        for (i, p) in Preset::ALL.into_iter().enumerate() {
            for size in [2, 3, 4, 5, 7] {
                let seed = 0x9e37_79b9 + (i * 31 + size) as u64;
                superko += random_game(Rules::preset(p), size, 300, None, seed);
            }
        }
        assert!(superko > 100, "only {superko} superko verdicts");
    }

    #[test]
    fn random_games_with_custom_rules() {
        let mut superko = 0;
        for (i, (ko, suicide)) in [
            (KoRule::Simple, SuicideRule::MultiStoneAllowed),
            (KoRule::Situational, SuicideRule::Forbidden),
            (KoRule::PassReset, SuicideRule::MultiStoneAllowed),
            (KoRule::Positional, SuicideRule::Forbidden),
        ]
        .into_iter()
        .enumerate()
        {
            let mut r = Rules::preset(Preset::Japanese);
            r.ko = ko;
            r.suicide = suicide;
            assert_eq!(r.to_string(), "custom");
            for size in [3, 4, 5] {
                superko += random_game(r, size, 300, None, 0xc0ffee + (i * 7 + size) as u64);
            }
        }
        assert!(superko > 10, "only {superko} superko verdicts");
    }

    #[test]
    fn random_games_on_large_boards() {
        for (i, p) in [
            Preset::Chinese,
            Preset::Aga,
            Preset::Yasunaga,
            Preset::TrompTaylor,
        ]
        .into_iter()
        .enumerate()
        {
            for size in [9, 13, 19, 25] {
                let seed = 0x5eed + (i * 97 + size) as u64;
                random_game(Rules::preset(p), size, 150, Some(12), seed);
            }
        }
    }

    #[test]
    fn fixed_handicap_all_sizes() {
        for size in 2..=25 {
            for n in 0..=12 {
                let pts = Game::fixed_handicap_points(size, n);
                let defined = (7..=25).contains(&size)
                    && (2..=9).contains(&n)
                    && (n <= 4 || (size % 2 == 1 && size != 7));
                assert_eq!(pts.is_some(), defined, "{size} {n}");
                let Some(pts) = pts else { continue };
                assert_eq!(pts.len(), n);
                let lo = if size >= 13 { 3 } else { 2 };
                let mut seen = AHashSet::new();
                for p in &pts {
                    assert!(seen.insert(*p));
                    let (x, y) = p.xy(size);
                    for v in [x, y] {
                        assert!(v == lo || v == size - 1 - lo || v == size / 2, "{size} {n}");
                    }
                }
                // handicap n+1 (same parity class) extends n by its first points' pattern
                let mut g = Game::new(size, Rules::preset(Preset::Japanese)).unwrap();
                assert_eq!(g.place_handicap(&pts), Ok(()));
                assert_eq!(g.handicap(), n);
                assert_eq!(g.to_move(), Color::White);
                assert_eq!(g.setup_stones().0.len(), n);
            }
        }
        let names = |size, n| -> Vec<String> {
            Game::fixed_handicap_points(size, n)
                .unwrap()
                .iter()
                .map(|p| p.vertex(size).to_string())
                .collect()
        };
        assert_eq!(names(19, 2), ["D4", "Q16"]);
        assert_eq!(names(19, 3), ["D4", "Q16", "D16"]);
        assert_eq!(names(19, 5), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(names(19, 6), ["D4", "Q16", "D16", "Q4", "D10", "Q10"]);
        assert_eq!(
            names(19, 8),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"]
        );
        assert_eq!(
            names(9, 9),
            ["C3", "G7", "C7", "G3", "C5", "G5", "E3", "E7", "E5"]
        );
        assert_eq!(names(7, 4), ["C3", "E5", "C5", "E3"]);
        assert_eq!(names(8, 4), ["C3", "F6", "C6", "F3"]);
        assert_eq!(names(13, 5), ["D4", "K10", "D10", "K4", "G7"]);
        assert_eq!(
            names(25, 9),
            ["D4", "W22", "D22", "W4", "D13", "W13", "N4", "N22", "N13"]
        );
        assert_eq!(names(12, 4), ["C3", "K10", "C10", "K3"]);
        assert_eq!(names(14, 2), ["D4", "L11"]);
    }

    #[test]
    fn handicap_errors_and_bonus() {
        let mut g = Game::new(9, rules(Preset::Chinese, 0.5)).unwrap();
        let pts = Game::fixed_handicap_points(9, 3).unwrap();
        assert_eq!(
            g.place_handicap(&pts[..1]),
            Err(SetupError::HandicapCount(1))
        );
        assert_eq!(
            g.place_handicap(&[pts[0], pts[0]]),
            Err(SetupError::Duplicate(pts[0]))
        );
        assert_eq!(
            g.place_handicap(&[pts[0], off_board(9)]),
            Err(SetupError::OffBoard(off_board(9)))
        );
        assert_eq!(g.board().stone_counts(), [0, 0]);
        assert_eq!(g.place_handicap(&pts), Ok(()));
        assert_eq!(g.place_handicap(&pts), Err(SetupError::BoardNotEmpty));
        // area bonus: N for chinese, N-1 for aga, none for japanese
        play(&mut g, Color::White, "pass");
        play(&mut g, Color::Black, "pass");
        assert!(g.is_over());
        // 81 black points against 3 + 0.5
        assert_eq!(g.score(&g.default_status()).to_string(), "B+77.5");
        assert_eq!(g.area_komi(), 3.5);
        let mut r = rules(Preset::Aga, 0.5);
        g.set_rules(r);
        assert_eq!(g.score(&g.default_status()).to_string(), "B+78.5");
        assert_eq!(g.area_komi(), 2.5);
        r.scoring = crate::rules::Scoring::Territory;
        g.set_rules(r);
        // 78 territory + 1 pass stone from White against 1 pass stone + 0.5
        assert_eq!(g.score(&g.default_status()).to_string(), "B+77.5");
        assert_eq!(g.area_komi(), 0.5);
        g.clear();
        assert_eq!(g.handicap(), 0);
        assert_eq!(g.board().stone_counts(), [0, 0]);
        assert_eq!(g.komi(), 0.5);
        assert_eq!(g.to_move(), Color::Black);
        play(&mut g, Color::Black, "E5");
        assert_eq!(g.place_handicap(&pts), Err(SetupError::BoardNotEmpty));
        // stones come first, then moves: an empty board after a pass is refused for the pass
        g.clear();
        play(&mut g, Color::Black, "pass");
        assert_eq!(g.place_handicap(&pts), Err(SetupError::AfterFirstMove));
        assert_eq!(
            g.place_handicap_stones(Handicap::Fixed(2)),
            Err(SetupError::AfterFirstMove)
        );
    }

    #[test]
    fn handicap_stones_fixed_free_and_given() {
        let mut g = Game::new(19, rules(Preset::Japanese, 0.5)).unwrap();
        // a count with no placement is refused first, whatever the board holds
        for h in [Handicap::Fixed(1), Handicap::Fixed(10), Handicap::Free(361)] {
            let n = match h {
                Handicap::Fixed(n) | Handicap::Free(n) => n,
                Handicap::Points(_) => unreachable!(),
            };
            assert_eq!(
                g.place_handicap_stones(h),
                Err(SetupError::HandicapCount(n))
            );
        }
        let fixed = g.place_handicap_stones(Handicap::Fixed(3)).unwrap();
        assert_eq!(Some(fixed.clone()), Game::fixed_handicap_points(19, 3));
        assert_eq!(g.setup_stones().0.len(), 3);
        assert_eq!(
            g.place_handicap_stones(Handicap::Free(2)),
            Err(SetupError::BoardNotEmpty)
        );
        assert_eq!(
            g.place_handicap_stones(Handicap::Fixed(12)),
            Err(SetupError::HandicapCount(12))
        );
        g.clear();
        let free = g.place_handicap_stones(Handicap::Free(12)).unwrap();
        assert_eq!(Some(free), Game::free_handicap_points(19, 12));
        assert_eq!(g.handicap(), 12);
        g.clear();
        assert_eq!(
            g.place_handicap_stones(Handicap::Points(&[fixed[0], fixed[0]])),
            Err(SetupError::Duplicate(fixed[0]))
        );
        assert_eq!(
            g.place_handicap_stones(Handicap::Points(&fixed[..2])),
            Ok(fixed[..2].to_vec())
        );
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn free_handicap_points_are_spread() {
        for size in [2, 3, 5, 9, 13, 19] {
            for n in 0..12.min(size * size + 1) {
                let Some(pts) = Game::free_handicap_points(size, n) else {
                    assert!(n < 2 || n >= size * size, "{size} {n}");
                    continue;
                };
                assert!(n >= 2 && n < size * size, "{size} {n}");
                assert_eq!(pts.len(), n);
                let mut d = pts.clone();
                d.sort();
                d.dedup();
                assert_eq!(d.len(), n, "distinct");
                // the fixed points first, as many as there are
                let k = (2..=n.min(9))
                    .rev()
                    .find_map(|k| Game::fixed_handicap_points(size, k));
                if let Some(k) = k {
                    assert_eq!(pts[..k.len()], k[..], "{size} {n}");
                }
            }
        }
        // on 19x19 the tenth stone is off the edge lines
        let pts = Game::free_handicap_points(19, 10).unwrap();
        let (x, y) = pts[9].xy(19);
        assert!((3..16).contains(&x) && (3..16).contains(&y), "{x} {y}");
        assert_eq!(Game::free_handicap_points(3, 8).map(|p| p.len()), Some(8));
    }

    #[test]
    fn setup_rules() {
        let mut g = Game::new(5, Rules::default()).unwrap();
        let (a1, b1, a2) = (pt("A1", 5), pt("B1", 5), pt("A2", 5));
        assert_eq!(g.setup(&[a1], &[a1], &[]), Err(SetupError::Duplicate(a1)));
        assert_eq!(
            g.setup(&[a1], &[b1, a2], &[]),
            Err(SetupError::NoLiberties(a1))
        );
        assert_eq!(g.board().stone_counts(), [0, 0]);
        assert_eq!(g.setup(&[a1], &[b1], &[]), Ok(()));
        assert_eq!(g.setup(&[], &[], &[a1]), Ok(()));
        assert_eq!(g.setup_stones(), (vec![], vec![b1]));
        play(&mut g, Color::Black, "C3");
        assert_eq!(g.setup(&[a2], &[], &[]), Err(SetupError::AfterFirstMove));
        assert_eq!(g.move_number(), 1);
        assert_eq!(g.setup_stones(), (vec![], vec![b1]));
    }

    #[test]
    fn diagrams() {
        let d = "
             3 X O .
             2 . + X
             1 O . .
               A B C";
        let (size, b, w) = parse_diagram(d).unwrap();
        assert_eq!(size, 3);
        assert_eq!(b, vec![pt("A3", 3), pt("C2", 3)]);
        assert_eq!(w, vec![pt("B3", 3), pt("A1", 3)]);
        assert!(parse_diagram("X O\n.").is_none());
        assert!(parse_diagram("").is_none());
        assert_eq!(
            Game::from_diagram("X", Rules::default()).err(),
            Some(SetupError::BadDiagram)
        );
        assert_eq!(
            Game::from_diagram("X O\nO .", Rules::default()).err(),
            Some(SetupError::NoLiberties(pt("A2", 2)))
        );
        // the board's own display parses back
        let g = game(KO, Rules::default());
        let again = game(&g.board().to_string(), Rules::default());
        assert_eq!(again.board(), g.board());
    }

    #[test]
    fn default_status_removes_stones_in_pass_alive_areas() {
        let d = "
            O . X . X
            X X X X X
            . . . . .
            . . . . .
            . . . . .";
        let g = game(d, rules(Preset::Japanese, 6.5));
        let st = g.default_status();
        assert_eq!(st.dead_points(), vec![pt("A5", 5)]);
        assert_eq!(g.score(&st).to_string(), "B+12.5");
        let g = game(d, rules(Preset::Chinese, 7.5));
        assert_eq!(g.score(&g.default_status()).to_string(), "B+17.5");
        // tromp-taylor counts the board as it stands
        let g = game(d, rules(Preset::TrompTaylor, 7.5));
        assert!(g.default_status().dead_points().is_empty());
        assert_eq!(g.score(&g.default_status()).to_string(), "B+14.5");
    }

    #[test]
    fn seki_scoring() {
        // Black's eye A4/A5 and White's eye E5 share the liberties of column C: seki.
        let d = "
            . X . O .
            . X . O O
            X X . O O
            X X . O O
            X X . O O";
        let g = game(d, rules(Preset::Japanese, 6.5));
        let mut st = g.default_status();
        assert!(st.dead_points().is_empty());
        // without seki marks the eyes count as territory: 2 against 1
        assert_eq!(g.score(&st).to_string(), "W+5.5");
        st.set_chain(g.board(), pt("B5", 5), Status::Seki);
        st.set_chain(g.board(), pt("D5", 5), Status::Seki);
        assert_eq!(g.score(&st).to_string(), "W+6.5");
        let c = g.count(&st);
        assert_eq!(c.owner(pt("A5", 5)), None);
        assert_eq!(c.owner(pt("C3", 5)), None);
        // area: seki eyes count, 8 + 2 against 9 + 1 + 7.5
        let g = game(d, rules(Preset::Chinese, 7.5));
        assert_eq!(g.score(&st).to_string(), "W+7.5");
    }
}
