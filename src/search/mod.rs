//! Playouts and search: the flat Monte-Carlo player, the tree search, playout policies, and
//! the [`Searcher`] interface the engine drives them through.

pub mod flat;
pub mod params;
pub mod pattern3;
pub mod playout;
pub mod prior;
pub mod time;
pub mod tree;
pub mod uct;

use crate::board::{Color, Point};
use crate::rules::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What the search says about one root move, from the searching colour's view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveInfo {
    /// The move (`None`: pass).
    pub mv: Option<Point>,
    /// Playouts through this move.
    pub visits: u64,
    /// Share of those playouts won, 0..1.
    pub winrate: f64,
    /// Mean final score margin for the searching colour.
    pub score_lead: f64,
    /// Prior probability of the move, 0..1.
    pub prior: f64,
    /// Lower confidence bound of the winrate.
    pub lcb: f64,
    /// Principal variation starting with this move (`None`: pass).
    pub pv: Vec<Option<Point>>,
    /// Visits of the position after each move of `pv` (empty when unknown).
    pub pv_visits: Vec<u64>,
    /// Standard deviation of the final score margin over this search's playouts through
    /// this move (0 when unknown).
    pub score_stdev: f64,
    /// Expected final owner after this move by padded point index, +1 Black to -1 White;
    /// empty unless [`Extras::moves_ownership`] asked for it.
    pub ownership: Vec<f64>,
}

/// A snapshot of a search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The colour searched for.
    pub color: Option<Color>,
    /// Playouts run by this search.
    pub playouts: u64,
    /// Visits the search started from: what the tree kept from earlier searches (the
    /// previous move's, pondering) in this position.
    pub reused: u64,
    /// Root moves that were searched, most visited first.
    pub moves: Vec<MoveInfo>,
    /// Winrate of the root position for the searching colour, 0..1.
    pub winrate: f64,
    /// Mean score margin for the searching colour.
    pub score_lead: f64,
    /// Expected final owner by padded point index: +1 Black, -1 White; empty when unknown.
    pub ownership: Vec<f64>,
    /// Standard deviation of the score margin over this search's playouts (0 when unknown).
    pub score_stdev: f64,
    /// Standard deviation of the final owner (+1 Black, -1 White) over the playouts by padded
    /// point index; empty unless [`Extras::ownership_stdev`] asked for it.
    pub ownership_stdev: Vec<f64>,
}

/// What a search gathers beyond its usual report, at some cost to its speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The expected final owners after each root move ([`MoveInfo::ownership`]).
    pub moves_ownership: bool,
    /// The spread of the final owners ([`Report::ownership_stdev`]).
    pub ownership_stdev: bool,
}

/// The standard deviation of values whose count, sum and sum of squares are `n`, `sum` and
/// `sq` (0 for fewer than two).
pub fn stdev(n: f64, sum: f64, sq: f64) -> f64 {
    if n < 2.0 {
        return 0.0;
    }
    let mean = sum / n;
    (sq / n - mean * mean).max(0.0).sqrt()
}

/// How much a search may do. With nothing set a searcher does a small fixed amount of work.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Playouts in all.
    pub playouts: Option<u64>,
    /// Time, in seconds from its start as the time manager gave it.
    pub time: Option<time::TimeLimit>,
}

/// One search: the position, how much to search, which root moves are barred, the flag
/// that stops it, how often to report, and outside knowledge for the root's priors.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The game whose position is searched.
    pub game: &'a Game,
    /// The colour to move.
    pub color: Color,
    /// How much to search.
    pub limits: Limits,
    /// Root moves never chosen (GTP's allow/avoid).
    pub barred: &'a [Point],
    /// Set from outside to end the search early (`None`: nothing stops it).
    pub stop: Option<&'a AtomicBool>,
    /// How often to report while searching (`None`: only the final report).
    pub interval: Option<Duration>,
    /// Root moves with a share 0..1 from outside knowledge (the opening book), raised in
    /// the priors.
    pub hints: &'a [(Point, f64)],
    /// The side to move may not pass at the root while it has another legal move, and play
    /// goes on even after two passes (the tree search honours it; the status estimate asks
    /// it so that the opponent moves first).
    pub must_move: bool,
    /// What to gather beyond the usual report.
    pub extras: Extras,
}

impl<'a> Request<'a> {
    /// A search of `game`'s position for `color` within `limits`: nothing barred, no stop
    /// flag, no reports while searching, no hints.
    pub fn new(game: &'a Game, color: Color, limits: Limits) -> Self {
        Request {
            game,
            color,
            limits,
            barred: &[],
            stop: None,
            interval: None,
            hints: &[],
            must_move: false,
            extras: Extras::default(),
        }
    }

    /// The same request, gathering `extras` too.
    pub fn extras(self, extras: Extras) -> Self {
        Request { extras, ..self }
    }

    /// The same request with these root moves barred.
    pub fn barred(self, barred: &'a [Point]) -> Self {
        Request { barred, ..self }
    }

    /// The same request, ended early when `stop` becomes true.
    pub fn stop(self, stop: &'a AtomicBool) -> Self {
        Request {
            stop: Some(stop),
            ..self
        }
    }

    /// The same request, reporting about every `interval` (`None`: never).
    pub fn interval(self, interval: Option<Duration>) -> Self {
        Request { interval, ..self }
    }

    /// The same request with these root hints.
    pub fn hints(self, hints: &'a [(Point, f64)]) -> Self {
        Request { hints, ..self }
    }

    /// The same request, with no pass at the root while another legal move is left.
    pub fn must_move(self) -> Self {
        Request {
            must_move: true,
            ..self
        }
    }

    /// Whether the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::SeqCst))
    }
}

/// A move searcher; the engine owns one.
pub trait Searcher: Send {
    /// A short name (`flat`, `tree`).
    fn name(&self) -> &'static str;
    /// Runs the search `req` asks for, calling `on_report` about every `req.interval`.
    /// Returns the final report.
    fn search(&mut self, req: &Request, on_report: &mut dyn FnMut(&Report)) -> Report;
    /// Forgets everything kept between searches (new game, new board size).
    fn clear(&mut self);
    /// Starts searching `game`'s position for `color` in the background (the opponent's
    /// turn), for the next search to reuse; returns at once. Searchers that keep nothing
    /// between searches do nothing.
    fn ponder(&mut self, _game: &Game, _color: Color) {}
    /// Stops the background search; returns its playouts (`None`: none was running).
    fn stop_pondering(&mut self) -> Option<u64> {
        None
    }
    /// Komi given to White in the playouts on top of the game's (dynamic komi).
    fn set_komi_offset(&mut self, _white: f64) {}
}
