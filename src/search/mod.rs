//! Playouts and search: the flat Monte-Carlo player, the tree search, playout policies, and
//! the [`Searcher`] interface the engine drives them through.

pub mod flat;
pub mod params;
pub mod playout;
pub mod prior;
pub mod time;
pub mod tree;
pub mod uct;

use crate::board::{Color, Point};
use crate::rules::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long and how wide a searcher thinks: the engine-wide settings every player, the
/// dead-stone judge and the clock read (their values and defaults are declared once, in the
/// engine's settings table, `crate::engine::settings`).
#[derive(Clone, Debug, PartialEq)]
pub struct Think {
    /// Playouts per move; `None`: as many as the time allows.
    pub playouts: Option<u64>,
    /// Seconds per move when no clock runs.
    pub time: f64,
    /// Worker threads.
    pub threads: usize,
    /// Base seed of the random generators.
    pub seed: u64,
    /// Seconds kept back from every move under a clock, for the controller and the network.
    pub lag: f64,
}

impl Think {
    /// One thread, 1 s a move, seed 1, 0.3 s of lag: what the search's own tests use.
    #[cfg(test)]
    pub(crate) fn for_tests() -> Think {
        Think {
            playouts: None,
            time: 1.0,
            threads: 1,
            seed: 1,
            lag: 0.3,
        }
    }
}

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

/// A lower confidence bound of a winrate `w` over `n` visits (0 without visits).
pub(crate) fn lcb(w: f64, n: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    (w - 1.96 * (w * (1.0 - w) / n).sqrt() - 0.5 / n).max(0.0)
}

/// The uncertainty of the final margin, in points, that the playouts' ownership of the
/// points implies (`ownership` by padded point index, +1 Black to -1 White): every empty
/// point's owner an independent draw of +1 or -1 with the mean its ownership gives (a
/// variance of 1 - o^2), every chain of stones one draw for all its stones (they live or die
/// together: its size squared times that variance). Near 0 once every owner is settled,
/// about 19 on an empty 19x19 board, larger while big chains are at stake. This is what
/// Tengen reports as `scoreStdev`: the spread of raw playout scores measures the playouts'
/// randomness more than the game's uncertainty (75-90 points on 19x19 openings).
pub fn lead_stdev(board: &crate::board::AnyBoard, ownership: &[f64]) -> f64 {
    let owner = |p: Point| {
        ownership
            .get(p.idx())
            .copied()
            .unwrap_or(0.0)
            .clamp(-1.0, 1.0)
    };
    // per chain (by its head's index): stones and the sum of their ownership
    let mut chains: ahash::AHashMap<usize, (f64, f64)> = ahash::AHashMap::new();
    let mut var = 0.0;
    for p in board.points() {
        if board.color_at(p).is_some() {
            let e = chains
                .entry(board.chain_head(p).idx())
                .or_insert((0.0, 0.0));
            e.0 += 1.0;
            e.1 += owner(p);
        } else {
            var += 1.0 - owner(p).powi(2);
        }
    }
    for (n, sum) in chains.into_values() {
        let mean = sum / n;
        var += n * n * (1.0 - mean * mean).max(0.0);
    }
    var.max(0.0).sqrt()
}

/// Turns a report's raw spreads of playout scores into the uncertainty of the lead: the
/// root's becomes [`lead_stdev`] of its ownership, each move's its raw spread scaled by the
/// same factor (so moves keep their order). Left as it is without ownership.
pub fn scale_score_stdev(report: &mut Report, board: &crate::board::AnyBoard) {
    if report.ownership.is_empty() {
        return;
    }
    let raw = report.score_stdev;
    let honest = lead_stdev(board, &report.ownership);
    let factor = if raw > 0.0 { honest / raw } else { 0.0 };
    report.score_stdev = honest;
    for m in &mut report.moves {
        m.score_stdev *= factor;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::AnyBoard;

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<crate::board::Vertex>()
            .ok()
            .and_then(|v| v.to_point(size))
            .unwrap()
    }

    #[test]
    fn the_lead_is_as_uncertain_as_the_owners_that_are_not_settled() {
        let mut b = AnyBoard::new(5).unwrap();
        let n = Point::index_bound(5);
        // an empty board whose every owner is a coin toss: 25 independent points
        assert!((lead_stdev(&b, &vec![0.0; n]) - 5.0).abs() < 1e-9);
        // every owner settled: no uncertainty
        assert_eq!(lead_stdev(&b, &vec![1.0; n]), 0.0);
        // a chain of four stones at stake counts 4^2, not 4 x 1; the rest settled
        for v in ["B2", "B3", "B4", "C3"] {
            b.try_play(Color::Black, pt(v, 5)).unwrap();
        }
        let mut own = vec![1.0; n];
        for v in ["B2", "B3", "B4", "C3"] {
            own[pt(v, 5).idx()] = 0.0;
        }
        assert!((lead_stdev(&b, &own) - 4.0).abs() < 1e-9);
        // and a report's moves keep their share of the raw spread
        let mut r = Report {
            ownership: own,
            score_stdev: 40.0,
            moves: vec![MoveInfo {
                mv: None,
                visits: 10,
                winrate: 0.5,
                score_lead: 0.0,
                prior: 0.1,
                lcb: 0.4,
                pv: vec![],
                pv_visits: vec![],
                score_stdev: 20.0,
                ownership: vec![],
            }],
            ..Report::default()
        };
        scale_score_stdev(&mut r, &b);
        assert!((r.score_stdev - 4.0).abs() < 1e-9 && (r.moves[0].score_stdev - 2.0).abs() < 1e-9);
    }
}
