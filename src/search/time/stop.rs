//! When a running search stops: its time in the time manager's unit ([`TimeLimit`]), and
//! the stop rules that may end it before the hard limit ([`stop_reason`]).

use super::MoveTime;
use std::time::{Duration, Instant};

/// A search stops early on a won game (best winrate at least this) once it has used this
/// share of the soft limit. A lost-looking game is not cut short: its verdict is the one
/// that counts toward resigning, and it is where a resource may still be found.
const DECIDED_WINRATE: f64 = 0.97;
const DECIDED_SHARE: f64 = 0.25;

/// Playouts of this search before its rate is trusted.
const RATE_PLAYOUTS: u64 = 200;

/// What a running search knows when it asks whether it may stop.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Seconds since the search started.
    pub elapsed: f64,
    /// Playouts done by this search.
    pub playouts: u64,
    /// Visits of the most visited root move and of the next.
    pub best: u64,
    /// Visits of the second most visited root move.
    pub second: u64,
    /// Winrate of the most visited move for the side to move.
    pub winrate: f64,
    /// Whether the most visited move is clearly the best (then the soft limit ends the
    /// search; otherwise it may go on to the hard one).
    pub clear: bool,
    /// Whether enough playouts were done to trust the statistics.
    pub enough: bool,
}

/// Why a search stops (or `None`: go on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The hard limit is reached.
    Hard,
    /// The soft limit is reached and the best move is clear.
    Soft,
    /// The best move keeps its place whatever the remaining playouts do.
    Settled,
    /// The game is won (a lost one is searched to its limits).
    Decided,
}

/// Whether a search under `t` may stop now.
pub fn stop_reason(t: &MoveTime, p: &Progress) -> Option<StopReason> {
    if p.elapsed >= t.hard {
        return Some(StopReason::Hard);
    }
    if !p.enough {
        return None;
    }
    if p.elapsed >= t.soft && p.clear {
        return Some(StopReason::Soft);
    }
    if p.elapsed >= DECIDED_SHARE * t.soft && p.winrate >= DECIDED_WINRATE {
        return Some(StopReason::Decided);
    }
    // the playouts left until the search would stop, at the rate so far (once it is known:
    // a reused tree brings visits but no rate)
    if !t.spend_all && p.elapsed > 0.0 && p.playouts >= RATE_PLAYOUTS {
        let until = if p.clear { t.soft } else { t.hard };
        let rate = p.playouts as f64 / p.elapsed;
        let left = rate * (until - p.elapsed).max(0.0);
        if (p.best.saturating_sub(p.second)) as f64 > left {
            return Some(StopReason::Settled);
        }
    }
    None
}

/// A deadline `seconds` after `start` (saturating on absurd values).
fn deadline_after(start: Instant, seconds: f64) -> Instant {
    let s = if seconds.is_finite() {
        seconds.clamp(0.0, 1.0e6)
    } else {
        1.0e6
    };
    start
        .checked_add(Duration::from_secs_f64(s))
        .unwrap_or(start)
}

/// A search's time, in the time manager's unit: seconds since `start`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLimit {
    /// When the time began to run (the move's clock, or the request).
    pub start: Instant,
    /// The soft and hard limits, in seconds from `start`.
    pub times: MoveTime,
    /// Whether the search may stop before the soft limit by the stop rules
    /// ([`stop_reason`]): only a move's think; any other search runs to its limit.
    pub early: bool,
}

impl TimeLimit {
    /// A move's think from now: `times` as the time manager gave them, stop rules on.
    pub fn for_move(times: MoveTime) -> TimeLimit {
        TimeLimit {
            start: Instant::now(),
            times,
            early: true,
        }
    }

    /// At most `seconds` from now, no early stop.
    pub fn at_most(seconds: f64) -> TimeLimit {
        TimeLimit {
            start: Instant::now(),
            times: MoveTime {
                soft: seconds,
                hard: seconds,
                spend_all: false,
            },
            early: false,
        }
    }

    /// Seconds since the start.
    pub fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// The hard limit as an instant, for waits and for work done on the search's behalf
    /// (the status judgement of a move).
    pub fn hard_deadline(&self) -> Instant {
        deadline_after(self.start, self.times.hard)
    }

    /// The soft limit as an instant (at most the hard one).
    pub fn soft_deadline(&self) -> Instant {
        deadline_after(self.start, self.times.soft.min(self.times.hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_rules() {
        let t = MoveTime {
            soft: 2.0,
            hard: 6.0,
            spend_all: false,
        };
        let p = Progress {
            elapsed: 1.0,
            playouts: 1000,
            best: 400,
            second: 300,
            winrate: 0.55,
            clear: false,
            enough: true,
        };
        assert_eq!(stop_reason(&t, &p), None);
        // past soft: only when the best move is clear
        let late = Progress { elapsed: 2.5, ..p };
        assert_eq!(stop_reason(&t, &late), None);
        let clear = Progress {
            clear: true,
            ..late
        };
        assert_eq!(stop_reason(&t, &clear), Some(StopReason::Soft));
        assert_eq!(
            stop_reason(&t, &Progress { elapsed: 6.0, ..p }),
            Some(StopReason::Hard)
        );
        // the best move cannot be caught: 1000 playouts a second, half a second to soft
        let settled = Progress {
            best: 900,
            second: 50,
            clear: true,
            elapsed: 1.5,
            ..p
        };
        assert_eq!(stop_reason(&t, &settled), Some(StopReason::Settled));
        // unless the time saved would be lost anyway
        let all = MoveTime {
            spend_all: true,
            ..t
        };
        assert_eq!(stop_reason(&all, &settled), None);
        assert_eq!(stop_reason(&all, &clear), Some(StopReason::Soft));
        // nor before this search's own rate is known (the visits came from a reused tree)
        let fresh = Progress {
            playouts: 10,
            elapsed: 0.001,
            ..settled
        };
        assert_eq!(stop_reason(&t, &fresh), None);
        // but it can while the hard limit is still open
        assert_eq!(
            stop_reason(
                &t,
                &Progress {
                    clear: false,
                    ..settled
                }
            ),
            None
        );
        // a won game stops after a quarter of soft; a lost one goes on (its verdict counts
        // toward resigning)
        let won = Progress {
            winrate: 0.99,
            elapsed: 0.6,
            ..p
        };
        assert_eq!(stop_reason(&t, &won), Some(StopReason::Decided));
        let lost = Progress {
            winrate: 0.01,
            ..won
        };
        assert_eq!(stop_reason(&t, &lost), None);
        assert_eq!(
            stop_reason(
                &t,
                &Progress {
                    elapsed: 2.5,
                    clear: true,
                    ..lost
                }
            ),
            Some(StopReason::Soft)
        );
        assert_eq!(
            stop_reason(
                &t,
                &Progress {
                    elapsed: 0.3,
                    ..won
                }
            ),
            None
        );
        // too few playouts to trust: only the hard limit
        let few = Progress {
            enough: false,
            ..clear
        };
        assert_eq!(stop_reason(&t, &few), None);
    }

    #[test]
    fn deadlines_saturate() {
        let now = Instant::now();
        assert!(deadline_after(now, f64::NAN) >= now);
        assert_eq!(deadline_after(now, -1.0), now);
    }
}
