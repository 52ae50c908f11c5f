//! Time management: the clock set by the controller (`time_settings`, `kgs-time_settings`,
//! `time_left`) and how long to think on one move, as a soft limit (the usual think) and a
//! hard limit (a bounded multiple of it that a search may use when the best move is unclear,
//! never past what the clock allows).

use crate::board::Color;
use std::time::{Duration, Instant};

/// Time settings and the clocks reported by the controller.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// The kind of time control.
    pub kind: ClockKind,
    /// Main time in seconds.
    pub main: f64,
    /// Overtime period in seconds (Canadian: for `stones` moves; byo-yomi: per period).
    pub period: f64,
    /// Canadian: stones per period; byo-yomi: number of periods.
    pub stones: u32,
    /// Last `time_left` per colour: seconds and stones (0 = still in main time).
    pub left: [Option<(f64, u32)>; 2],
}

/// Kinds of time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClockKind {
    /// No clock set: the per-move default applies.
    #[default]
    Unset,
    /// No time limit.
    Unlimited,
    /// Main time only.
    Absolute,
    /// Canadian overtime.
    Canadian,
    /// Japanese byo-yomi.
    Byoyomi,
}

/// The longest think per move under a clock, unless `--time` asks for more (10 x `--time`).
pub const MAX_MOVE_SECONDS: f64 = 60.0;

/// The hard limit is at most this multiple of the soft limit.
pub const HARD_FACTOR: f64 = 3.0;

/// Seconds kept back from the flag on every move (network and process lag).
const MARGIN: f64 = 0.25;

/// How long to think on one move, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveTime {
    /// The usual think: stop here unless the best move is unclear.
    pub soft: f64,
    /// Never think past this (at least `soft`, at most [`HARD_FACTOR`] x `soft`).
    pub hard: f64,
}

impl Clock {
    /// Seconds to think on this move: `default` when no clock is set, otherwise a share of
    /// what is left, kept clear of the flag. `moves_played` and `size` estimate what remains.
    /// This is the soft limit of [`Clock::move_times`].
    pub fn move_time(&self, c: Color, size: usize, moves_played: usize, default: f64) -> f64 {
        let remaining_moves = remaining_moves(size, moves_played);
        // `exact`: the time is what this one stone may take (overtime), so only the margin
        // is kept back; a share of main time keeps a tenth more in reserve
        let (t, exact) = match self.kind {
            ClockKind::Unlimited => return default,
            // no time_settings, but the controller reports a clock: respect it
            ClockKind::Unset => match self.left[c.index()] {
                None => return default,
                Some((t, s)) if s > 0 => ((t / s as f64).min(default), true),
                Some((t, _)) => ((t / remaining_moves).min(default), false),
            },
            ClockKind::Absolute => {
                let left = self.left[c.index()].map_or(self.main, |l| l.0);
                (left / remaining_moves, false)
            }
            ClockKind::Canadian => match self.left[c.index()] {
                Some((t, s)) if s > 0 => (t / s as f64, true),
                Some((t, _)) => (t / remaining_moves + self.overtime_share(), false),
                None => (self.main / remaining_moves + self.overtime_share(), false),
            },
            ClockKind::Byoyomi => match self.left[c.index()] {
                Some((t, s)) if s > 0 => (t.min(self.period), true),
                Some((t, _)) => (t / remaining_moves + self.period, false),
                None => (self.main / remaining_moves + self.period, false),
            },
        };
        // A flat search gains little after a minute; day-long correspondence clocks
        // (gtp2ogs) must not keep the engine busy for hours.
        let cap = (10.0 * default).max(MAX_MOVE_SECONDS);
        let usable = if exact { t - MARGIN } else { t * 0.9 - MARGIN };
        usable.clamp(0.05, cap)
    }

    /// The soft and hard limits for this move. Soft is [`Clock::move_time`]; hard is
    /// [`HARD_FACTOR`] times it, cut to what one move may take without risking the flag
    /// (a quarter of the main time left, the overtime share of one stone, one byo-yomi
    /// period), never below soft.
    pub fn move_times(&self, c: Color, size: usize, moves_played: usize, default: f64) -> MoveTime {
        let soft = self.move_time(c, size, moves_played, default);
        let hard = match self.allowed(c) {
            Some(a) => (soft * HARD_FACTOR).min(a - MARGIN),
            None => soft * HARD_FACTOR,
        };
        MoveTime {
            soft,
            hard: hard.max(soft),
        }
    }

    /// Whether a clock runs for `c` (then the time limits apply even with a playout count).
    pub fn runs(&self, c: Color) -> bool {
        match self.kind {
            ClockKind::Unset => self.left[c.index()].is_some(),
            ClockKind::Unlimited => false,
            _ => true,
        }
    }

    /// The most one move may take under the clock (seconds; a tenth is kept back from a
    /// share of main time), `None` without a clock.
    fn allowed(&self, c: Color) -> Option<f64> {
        let left = self.left[c.index()];
        let main = |t: f64| Some(0.9 * t / 4.0);
        match self.kind {
            ClockKind::Unlimited => None,
            ClockKind::Unset => match left? {
                (t, s) if s > 0 => Some(t / s as f64),
                (t, _) => main(t),
            },
            ClockKind::Absolute => main(left.map_or(self.main, |l| l.0)),
            ClockKind::Canadian => match left {
                Some((t, s)) if s > 0 => Some(t / s as f64),
                Some((t, _)) => main(t).map(|m| m + self.overtime_share()),
                None => main(self.main).map(|m| m + self.overtime_share()),
            },
            ClockKind::Byoyomi => match left {
                Some((t, s)) if s > 0 => Some(t.min(self.period)),
                Some((t, _)) => main(t).map(|m| m + self.period),
                None => main(self.main).map(|m| m + self.period),
            },
        }
    }

    fn overtime_share(&self) -> f64 {
        if self.stones > 0 {
            self.period / self.stones as f64
        } else {
            0.0
        }
    }
}

/// An estimate of the moves one side still has to play.
fn remaining_moves(size: usize, moves_played: usize) -> f64 {
    ((size * size) as f64 * 0.45 - moves_played as f64 / 2.0).max(12.0)
}

/// A deadline `seconds` from now (saturating on absurd values).
pub fn deadline_in(seconds: f64) -> Instant {
    let s = if seconds.is_finite() {
        seconds.clamp(0.0, 1.0e6)
    } else {
        1.0e6
    };
    let now = Instant::now();
    now.checked_add(Duration::from_secs_f64(s)).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correspondence_clock_is_capped() {
        // gtp2ogs correspondence: byo-yomi of a day, a week of main time
        let c = Clock {
            kind: ClockKind::Byoyomi,
            main: 604_800.0,
            period: 86_400.0,
            stones: 5,
            left: [Some((604_800.0, 0)), None],
        };
        assert_eq!(c.move_time(Color::Black, 19, 10, 1.0), MAX_MOVE_SECONDS);
        // a longer --time raises the cap to ten times itself
        assert_eq!(c.move_time(Color::Black, 19, 10, 30.0), 300.0);
        let t = c.move_times(Color::Black, 19, 10, 1.0);
        assert_eq!(t.hard, HARD_FACTOR * MAX_MOVE_SECONDS);
    }

    #[test]
    fn clock_shares() {
        let mut c = Clock::default();
        assert_eq!(c.move_time(Color::Black, 19, 0, 2.0), 2.0);
        c.kind = ClockKind::Absolute;
        c.main = 600.0;
        let t = c.move_time(Color::Black, 19, 0, 2.0);
        assert!(t > 1.0 && t < 10.0, "{t}");
        c.kind = ClockKind::Canadian;
        c.period = 30.0;
        c.stones = 10;
        c.left[1] = Some((20.0, 5));
        let t = c.move_time(Color::White, 19, 100, 2.0);
        assert!(t > 2.0 && t < 4.0, "{t}");
        c.left[1] = Some((1e300, 1));
        assert!(c.move_time(Color::White, 19, 100, 2.0) <= 1.0e6);
        // time_left without time_settings still keeps clear of the flag
        let mut u = Clock::default();
        u.left[0] = Some((3.0, 0));
        assert!(u.move_time(Color::Black, 19, 0, 5.0) < 0.5);
        assert_eq!(u.move_time(Color::White, 19, 0, 5.0), 5.0);
        assert!(c.move_time(Color::White, 19, 100, 2.0) <= 1.0e6);
        assert!(deadline_in(f64::NAN) >= Instant::now());
    }

    #[test]
    fn hard_limit_is_bounded_by_soft_and_clock() {
        // no clock: a bounded multiple of --time
        let c = Clock::default();
        let t = c.move_times(Color::Black, 19, 0, 2.0);
        assert_eq!((t.soft, t.hard), (2.0, 2.0 * HARD_FACTOR));
        assert!(!c.runs(Color::Black));
        // the matches' `time_settings 0 1 1`: one stone per second, the hard limit stays
        // inside the period
        let c = Clock {
            kind: ClockKind::Canadian,
            main: 0.0,
            period: 1.0,
            stones: 1,
            left: [Some((1.0, 1)), None],
        };
        let t = c.move_times(Color::Black, 9, 10, 1.0);
        assert!(c.runs(Color::Black));
        assert!(
            t.soft > 0.7 && t.soft <= t.hard && t.hard <= 1.0 - MARGIN,
            "{t:?}"
        );
        // byo-yomi in overtime: never past the period
        let c = Clock {
            kind: ClockKind::Byoyomi,
            main: 60.0,
            period: 5.0,
            stones: 3,
            left: [Some((5.0, 3)), Some((0.1, 1))],
        };
        for color in Color::BOTH {
            let t = c.move_times(color, 19, 50, 1.0);
            assert!(t.soft <= t.hard && t.hard <= 5.0, "{t:?}");
        }
        // absolute time: hard at most a quarter of what is left
        let c = Clock {
            kind: ClockKind::Absolute,
            main: 8.0,
            ..Clock::default()
        };
        let t = c.move_times(Color::White, 9, 0, 10.0);
        assert!(t.hard <= 2.0 && t.soft <= t.hard, "{t:?}");
    }
}
