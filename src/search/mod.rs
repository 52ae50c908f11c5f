//! Playouts and search: the flat Monte-Carlo player, the tree search, playout policies, and
//! the [`Searcher`] interface the engine drives them through.

pub mod bench;
pub mod bench_search;
pub mod flat;
pub mod heavy;
pub mod params;
pub mod pattern3;
pub mod playout;
pub mod prior;
pub mod time;
pub mod tree;
pub mod uct;

use crate::board::{Color, Point};
use crate::rules::Game;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What the search says about one root move, from the searching colour's view.
#[derive(Clone, Debug, PartialEq)]
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
}

/// How much a search may do. With nothing set a searcher does a small fixed amount of work.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Playouts in all.
    pub playouts: Option<u64>,
    /// Stop here unless the best move is unclear.
    pub soft: Option<Instant>,
    /// Never search past this.
    pub hard: Option<Instant>,
    /// Time left unused on this move is lost (overtime whose period starts afresh): the
    /// search goes on to the soft limit even once the best move is settled, which grows
    /// the subtree the next move reuses.
    pub spend_all: bool,
}

/// A move searcher; the engine owns one.
pub trait Searcher: Send {
    /// A short name (`flat`, `tree`).
    fn name(&self) -> &'static str;
    /// Searches `game`'s position for `color`, never choosing a move in `barred` at the root,
    /// until the limits are reached or `stop` becomes true; calls `on_report` about every
    /// `interval` when one is given. Returns the final report.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        barred: &[Point],
        stop: &AtomicBool,
        interval: Option<Duration>,
        on_report: &mut dyn FnMut(&Report),
    ) -> Report;
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
