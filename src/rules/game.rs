//! [`Game`]: a board under a rule set, with setup and handicap stones, the move list,
//! the superko history, prisoners, passes, end of game, undo and scoring.

use super::benson;
use super::ruleset::{KoRule, Rules, SuicideRule};
use super::score::{self, GameScore, Status, StatusMap};
use crate::board::zobrist::{STONE_KEYS, WHITE_TO_MOVE};
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

    /// Replaces the rules, komi included; history and prisoners are recomputed under them.
    pub fn set_rules(&mut self, r: Rules) {
        self.rules = r;
        self.replay();
    }

    /// The komi (points for White).
    pub fn komi(&self) -> f64 {
        self.rules.komi
    }

    /// Sets the komi.
    pub fn set_komi(&mut self, k: f64) {
        self.rules.komi = k;
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
        if !b.is_on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if !b.is_empty_point(p) {
            return Err(IllegalMove::Occupied);
        }
        if b.ko() == Some((p, c)) {
            return Err(IllegalMove::Ko);
        }
        let lost = b.suicide_stones(c, p);
        if lost == 1 || (lost > 1 && self.rules.suicide == SuicideRule::Forbidden) {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko != KoRule::Simple {
            let h = hash_after(b, c, p);
            if self.seen.contains(&self.key(h, c.opponent())) {
                return Err(IllegalMove::Superko);
            }
        }
        Ok(())
    }

    /// Whether `c` may make move `m` now.
    pub fn is_legal(&self, c: Color, m: Move) -> bool {
        self.check(c, m).is_ok()
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
    /// one); White is to move afterwards.
    pub fn place_handicap(&mut self, pts: &[Point]) -> Result<(), SetupError> {
        if !self.moves.is_empty() {
            return Err(SetupError::AfterFirstMove);
        }
        if self.initial.stone_counts() != [0, 0] {
            return Err(SetupError::BoardNotEmpty);
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
        if (size % 2 == 0 || size == 7) && n > 4 {
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
    /// pass-alive for the other colour, which are dead (all alive when
    /// `rules.remove_dead` is false).
    pub fn default_status(&self) -> StatusMap {
        let mut st = StatusMap::new(&self.board);
        if !self.rules.remove_dead {
            return st;
        }
        for c in Color::BOTH {
            let pa = benson::pass_alive(&self.board, c);
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

/// The board hash after `c` plays on the empty point `p`: captures removed, or the
/// mover's stones removed if the move is suicide.
fn hash_after(b: &AnyBoard, c: Color, p: Point) -> u64 {
    let opp = c.opponent();
    let mut h = b.hash() ^ STONE_KEYS[c.index()][p.idx()];
    let mut heads: Vec<Point> = Vec::with_capacity(4);
    let nbrs = b.neighbors(p);
    for &n in &nbrs {
        if b.color_at(n) == Some(opp) && b.lib_count(n) == 1 {
            let head = b.chain_head(n);
            if !heads.contains(&head) {
                heads.push(head);
                for s in b.chain_points(n) {
                    h ^= STONE_KEYS[opp.index()][s.idx()];
                }
            }
        }
    }
    if heads.is_empty() && b.suicide_stones(c, p) > 0 {
        h ^= STONE_KEYS[c.index()][p.idx()];
        for &n in &nbrs {
            if b.color_at(n) == Some(c) {
                let head = b.chain_head(n);
                if !heads.contains(&head) {
                    heads.push(head);
                    for s in b.chain_points(n) {
                        h ^= STONE_KEYS[c.index()][s.idx()];
                    }
                }
            }
        }
    }
    h
}
