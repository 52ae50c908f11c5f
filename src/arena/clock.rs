//! Time controls and the game clock the match runner keeps for each engine (GTP
//! `time_settings` semantics: absolute main time, then Canadian byoyomi periods).

use std::fmt;

/// Default lag allowance: a move may overrun the time it had by this many seconds before the
/// flag falls (`tengen match --lag-allowance`).
pub const LAG_ALLOWANCE: f64 = 0.5;

/// A time control as GTP `time_settings MAIN BYOYOMI STONES` states it, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Main time.
    pub main: f64,
    /// Length of one byoyomi period (0: absolute time, no byoyomi).
    pub byoyomi: f64,
    /// Stones to play within one byoyomi period (at least 1 when `byoyomi` > 0).
    pub stones: u32,
}

impl TimeControl {
    /// A fixed time for every move: no main time, one stone per byoyomi period of `seconds`.
    pub fn per_move(seconds: f64) -> Result<TimeControl, String> {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(format!(
                "time per move must be a positive number of seconds, not {seconds}"
            ));
        }
        Ok(TimeControl {
            main: 0.0,
            byoyomi: seconds,
            stones: 1,
        })
    }

    /// Parses `"MAIN BYOYOMI STONES"` (seconds, seconds, count), as in GTP `time_settings`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let bad = || format!("time settings must be \"MAIN BYOYOMI STONES\", got {text:?}");
        if parts.len() != 3 {
            return Err(bad());
        }
        let main: f64 = parts[0].parse().map_err(|_| bad())?;
        let byoyomi: f64 = parts[1].parse().map_err(|_| bad())?;
        let stones: u32 = parts[2].parse().map_err(|_| bad())?;
        if !(main.is_finite() && byoyomi.is_finite()) || main < 0.0 || byoyomi < 0.0 {
            return Err(bad());
        }
        if byoyomi > 0.0 && stones == 0 {
            return Err(format!(
                "{text:?}: byoyomi without stones means no time limit in GTP; leave the clock out instead"
            ));
        }
        if byoyomi == 0.0 && main == 0.0 {
            return Err(format!("{text:?}: no time at all"));
        }
        Ok(TimeControl {
            main,
            byoyomi,
            stones: if byoyomi > 0.0 { stones } else { 0 },
        })
    }

    /// The arguments of GTP `time_settings` (whole seconds, rounded up so no engine is told
    /// less than it has).
    pub fn gtp_args(&self) -> (u32, u32, u32) {
        (secs(self.main), secs(self.byoyomi), self.stones)
    }
}

fn secs(x: f64) -> u32 {
    x.ceil().clamp(0.0, u32::MAX as f64) as u32
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.byoyomi == 0.0 {
            write!(f, "{}s absolute", self.main)
        } else if self.main == 0.0 && self.stones == 1 {
            write!(f, "{}s per move", self.byoyomi)
        } else {
            write!(
                f,
                "{}s + {} stones in {}s",
                self.main, self.stones, self.byoyomi
            )
        }
    }
}

/// One engine's clock during a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    tc: TimeControl,
    main_left: f64,
    in_byoyomi: bool,
    period_left: f64,
    stones_left: u32,
    used: f64,
    lag: f64,
}

/// The flag fell: the move took `elapsed` seconds while only `available` were left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLoss {
    /// Seconds the move took.
    pub elapsed: f64,
    /// Seconds the engine had for it.
    pub available: f64,
}

impl Clock {
    /// A full clock for `tc`.
    pub fn new(tc: TimeControl) -> Clock {
        let in_byoyomi = tc.main == 0.0;
        Clock {
            tc,
            main_left: tc.main,
            in_byoyomi,
            period_left: if in_byoyomi { tc.byoyomi } else { 0.0 },
            stones_left: if in_byoyomi { tc.stones } else { 0 },
            used: 0.0,
            lag: LAG_ALLOWANCE,
        }
    }

    /// The same clock with a lag allowance of `lag` seconds instead of [`LAG_ALLOWANCE`].
    pub fn with_lag(self, lag: f64) -> Clock {
        Clock {
            lag: lag.max(0.0),
            ..self
        }
    }

    /// Seconds a move may overrun [`Clock::available`] before the flag falls.
    pub fn lag(&self) -> f64 {
        self.lag
    }

    /// GTP `time_left` arguments: seconds left (rounded down) and stones left in the current
    /// byoyomi period (0 while in main time).
    pub fn time_left(&self) -> (u32, u32) {
        if self.in_byoyomi {
            (self.period_left.floor() as u32, self.stones_left)
        } else {
            (self.main_left.floor() as u32, 0)
        }
    }

    /// The most seconds the next move may take without losing on time (lag allowance excluded).
    pub fn available(&self) -> f64 {
        if self.in_byoyomi {
            self.period_left
        } else if self.tc.byoyomi > 0.0 {
            self.main_left + self.tc.byoyomi
        } else {
            self.main_left
        }
    }

    /// Total seconds charged so far.
    pub fn used(&self) -> f64 {
        self.used
    }

    /// Charges a move that took `elapsed` seconds. Fails when it took more than
    /// [`Clock::available`] plus the lag allowance; an overrun within the allowance costs the
    /// rest of the time that was there.
    pub fn charge(&mut self, elapsed: f64) -> Result<(), TimeLoss> {
        let elapsed = elapsed.max(0.0);
        let available = self.available();
        if elapsed > available + self.lag {
            return Err(TimeLoss { elapsed, available });
        }
        self.used += elapsed;
        let mut rest = elapsed;
        if !self.in_byoyomi {
            if rest <= self.main_left || self.tc.byoyomi == 0.0 {
                self.main_left = (self.main_left - rest).max(0.0);
                return Ok(());
            }
            rest -= self.main_left;
            self.main_left = 0.0;
            self.in_byoyomi = true;
            self.period_left = self.tc.byoyomi;
            self.stones_left = self.tc.stones;
        }
        self.period_left = (self.period_left - rest).max(0.0);
        self.stones_left = self.stones_left.saturating_sub(1);
        if self.stones_left == 0 {
            self.period_left = self.tc.byoyomi;
            self.stones_left = self.tc.stones;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        match TimeControl::parse(text) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn parse_accepts_gtp_forms_and_rejects_nonsense() {
        assert_eq!(
            tc("600 30 5"),
            TimeControl {
                main: 600.0,
                byoyomi: 30.0,
                stones: 5
            }
        );
        assert_eq!(tc("60 0 0").stones, 0);
        assert_eq!(
            tc("60 0 7").stones,
            0,
            "stones mean nothing without byoyomi"
        );
        assert!(TimeControl::parse("60 30").is_err());
        assert!(TimeControl::parse("60 30 0").is_err());
        assert!(TimeControl::parse("-1 30 5").is_err());
        assert!(TimeControl::parse("0 0 0").is_err());
        assert!(TimeControl::parse("a b c").is_err());
        assert!(TimeControl::parse("inf 1 1").is_err());
        assert!(TimeControl::per_move(0.0).is_err());
        assert_eq!(tc("1.5 2 1").gtp_args(), (2, 2, 1));
    }

    #[test]
    fn absolute_time_runs_down_and_flag_falls() {
        let mut c = Clock::new(tc("10 0 0"));
        assert_eq!(c.time_left(), (10, 0));
        assert_eq!(c.charge(4.0), Ok(()));
        assert_eq!(c.time_left(), (6, 0));
        assert_eq!(c.available(), 6.0);
        // Within the lag allowance: accepted, clock at zero.
        assert_eq!(c.charge(6.3), Ok(()));
        assert_eq!(c.time_left(), (0, 0));
        assert!(c.charge(0.6).is_err());
        assert!((c.used() - 10.3).abs() < 1e-9);
    }

    #[test]
    fn a_wider_lag_allowance_keeps_the_flag_up() {
        let mut c = Clock::new(tc("0 2 1")).with_lag(5.0);
        assert_eq!(c.lag(), 5.0);
        assert_eq!(c.charge(6.9), Ok(()));
        assert_eq!(c.time_left(), (2, 1), "the next period is whole again");
        assert!(c.charge(7.1).is_err());
        assert_eq!(Clock::new(tc("0 2 1")).with_lag(-1.0).lag(), 0.0);
    }

    #[test]
    fn per_move_time_resets_every_move() {
        let mut c = Clock::new(TimeControl::per_move(2.0).unwrap_or(tc("0 2 1")));
        for _ in 0..5 {
            assert_eq!(c.time_left(), (2, 1));
            assert_eq!(c.charge(1.9), Ok(()));
        }
        assert_eq!(
            c.charge(2.6),
            Err(TimeLoss {
                elapsed: 2.6,
                available: 2.0
            })
        );
    }

    #[test]
    fn canadian_byoyomi_counts_stones_and_overflow_from_main_time() {
        let mut c = Clock::new(tc("10 20 3"));
        assert_eq!(c.available(), 30.0);
        // 12 s: 10 from main time, 2 from the first period, which counts as a stone.
        assert_eq!(c.charge(12.0), Ok(()));
        assert_eq!(c.time_left(), (18, 2));
        assert_eq!(c.charge(8.0), Ok(()));
        assert_eq!(c.time_left(), (10, 1));
        // The third stone completes the period: a fresh period follows.
        assert_eq!(c.charge(9.0), Ok(()));
        assert_eq!(c.time_left(), (20, 3));
        assert_eq!(c.charge(15.0), Ok(()));
        assert_eq!(c.time_left(), (5, 2));
        assert!(c.charge(6.0).is_err());
    }
}
