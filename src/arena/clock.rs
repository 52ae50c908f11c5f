//! Time controls and the game clock the match runner keeps for each engine: absolute main
//! time, then either Canadian overtime (GTP `time_settings`: so many stones in each period)
//! or Japanese byo-yomi (kgsGtp's `kgs-time_settings byoyomi`: so many periods; a move
//! finished within a period keeps it, a move that overruns one uses it up).

use std::fmt;

/// Default lag allowance: a move may overrun the time it had by this many seconds before the
/// flag falls (`tengen match --lag-allowance`).
pub const LAG_ALLOWANCE: f64 = 0.5;

/// What follows main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overtime {
    /// Nothing: the flag falls when main time is used up.
    Absolute,
    /// Canadian overtime: `stones` stones to play in each period of `byoyomi` seconds.
    Canadian,
    /// Japanese byo-yomi: `periods` periods of `byoyomi` seconds each.
    Byoyomi,
}

impl Overtime {
    /// The name `--time-settings`, `kgs-time_settings` and `summary.json` use.
    pub fn name(self) -> &'static str {
        match self {
            Overtime::Absolute => "absolute",
            Overtime::Canadian => "canadian",
            Overtime::Byoyomi => "byoyomi",
        }
    }
}

/// A time control in seconds: GTP `time_settings MAIN BYOYOMI STONES`, or Japanese
/// byo-yomi of `periods` periods (kgsGtp's `kgs-time_settings byoyomi MAIN BYOYOMI PERIODS`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Main time.
    pub main: f64,
    /// Length of one overtime period (0: absolute time, no overtime).
    pub byoyomi: f64,
    /// Canadian overtime: stones to play within one period (0 for absolute time and
    /// Japanese byo-yomi).
    pub stones: u32,
    /// Japanese byo-yomi: the number of periods (0 for absolute time and Canadian overtime).
    pub periods: u32,
}

/// The forms `--time-settings` takes, for error messages.
const FORMS: &str = "\"MAIN BYOYOMI STONES\", \"absolute MAIN\", \"canadian MAIN PERIOD STONES\" \
                     or \"byoyomi MAIN PERIOD PERIODS\"";

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
            periods: 0,
        })
    }

    /// Parses `"MAIN BYOYOMI STONES"` (seconds, seconds, count, as in GTP `time_settings`:
    /// Canadian overtime, or absolute time when BYOYOMI is 0), or one of kgsGtp's
    /// `kgs-time_settings` forms `"absolute MAIN"`, `"canadian MAIN PERIOD STONES"` and
    /// `"byoyomi MAIN PERIOD PERIODS"` (Japanese byo-yomi).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let bad = || format!("time settings must be {FORMS}, got {text:?}");
        let seconds = |word: &str| -> Result<f64, String> {
            match word.parse::<f64>() {
                Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
                _ => Err(bad()),
            }
        };
        let count = |word: &str| word.parse::<u32>().map_err(|_| bad());
        let kind = parts.first().map(|w| w.to_ascii_lowercase());
        match (kind.as_deref(), parts.len()) {
            (Some("absolute"), 2) => {
                let main = seconds(parts[1])?;
                if main == 0.0 {
                    return Err(format!("{text:?}: no time at all"));
                }
                Ok(TimeControl {
                    main,
                    byoyomi: 0.0,
                    stones: 0,
                    periods: 0,
                })
            }
            (Some(k @ ("canadian" | "byoyomi")), 4) => {
                let main = seconds(parts[1])?;
                let period = seconds(parts[2])?;
                let n = count(parts[3])?;
                let what = if k == "canadian" { "stones" } else { "periods" };
                if period == 0.0 || n == 0 {
                    return Err(format!(
                        "{text:?}: {k} needs a period longer than 0 s and at least one of \
                         its {what} (\"absolute MAIN\" is main time alone)"
                    ));
                }
                let canadian = k == "canadian";
                Ok(TimeControl {
                    main,
                    byoyomi: period,
                    stones: if canadian { n } else { 0 },
                    periods: if canadian { 0 } else { n },
                })
            }
            (Some("none"), _) => Err(format!("{text:?}: for no clock leave --time-settings out")),
            (Some("absolute" | "canadian" | "byoyomi"), _) => Err(bad()),
            (_, 3) => {
                let main = seconds(parts[0])?;
                let byoyomi = seconds(parts[1])?;
                let stones = count(parts[2])?;
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
                    periods: 0,
                })
            }
            _ => Err(bad()),
        }
    }

    /// What follows main time.
    pub fn overtime(&self) -> Overtime {
        if self.byoyomi == 0.0 {
            Overtime::Absolute
        } else if self.periods > 0 {
            Overtime::Byoyomi
        } else {
            Overtime::Canadian
        }
    }

    /// The arguments of GTP `time_settings` (whole seconds, rounded up so no engine is told
    /// less than it has). Japanese byo-yomi becomes one stone per period, the nearest that
    /// GTP can say (the engine is not told that there are several periods).
    pub fn gtp_args(&self) -> (u32, u32, u32) {
        let stones = match self.overtime() {
            Overtime::Byoyomi => 1,
            _ => self.stones,
        };
        (secs(self.main), secs(self.byoyomi), stones)
    }

    /// For Japanese byo-yomi, the numbers of `kgs-time_settings byoyomi MAIN PERIOD PERIODS`
    /// (whole seconds, rounded up); `None` for other time controls.
    pub fn kgs_byoyomi_args(&self) -> Option<(u32, u32, u32)> {
        (self.overtime() == Overtime::Byoyomi)
            .then(|| (secs(self.main), secs(self.byoyomi), self.periods))
    }

    /// Stones per Canadian period or Japanese periods: the third number of the time settings.
    pub fn count(&self) -> u32 {
        match self.overtime() {
            Overtime::Byoyomi => self.periods,
            _ => self.stones,
        }
    }

    /// SGF `OT` (overtime): `"5x30 byo-yomi"`, `"25/600 Canadian"`; `None` for absolute time.
    pub fn sgf_overtime(&self) -> Option<String> {
        match self.overtime() {
            Overtime::Absolute => None,
            Overtime::Canadian => Some(format!("{}/{} Canadian", self.stones, self.byoyomi)),
            Overtime::Byoyomi => Some(format!("{}x{} byo-yomi", self.periods, self.byoyomi)),
        }
    }
}

fn secs(x: f64) -> u32 {
    x.ceil().clamp(0.0, u32::MAX as f64) as u32
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.overtime() {
            Overtime::Absolute => write!(f, "{}s absolute", self.main),
            Overtime::Canadian if self.main == 0.0 && self.stones == 1 => {
                write!(f, "{}s per move", self.byoyomi)
            }
            Overtime::Canadian => write!(
                f,
                "{}s + {} stones in {}s",
                self.main, self.stones, self.byoyomi
            ),
            Overtime::Byoyomi if self.main == 0.0 => {
                write!(f, "{}x{}s byo-yomi", self.periods, self.byoyomi)
            }
            Overtime::Byoyomi => write!(
                f,
                "{}s + {}x{}s byo-yomi",
                self.main, self.periods, self.byoyomi
            ),
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
    periods_left: u32,
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
    /// Under Japanese byo-yomi, the periods that were left (all of them overrun).
    pub periods: Option<u32>,
}

impl TimeLoss {
    /// Under Japanese byo-yomi, which periods were overrun (`"; the last byo-yomi period
    /// overrun"`); else empty.
    pub fn periods_note(&self) -> String {
        match self.periods {
            Some(1) => "; the last byo-yomi period overrun".to_string(),
            Some(n) => format!("; all {n} byo-yomi periods overrun"),
            None => String::new(),
        }
    }
}

impl fmt::Display for TimeLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.2} s used, {:.2} s left{}",
            self.elapsed,
            self.available,
            self.periods_note()
        )
    }
}

/// What is left on a clock, for the records.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLeft {
    /// Seconds of main time left.
    pub main: f64,
    /// In overtime: seconds left in the current period (a whole period under byo-yomi).
    pub period: Option<f64>,
    /// Canadian overtime: stones still to play in the current period.
    pub stones: Option<u32>,
    /// Japanese byo-yomi: periods left.
    pub periods: Option<u32>,
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
            periods_left: tc.periods,
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

    fn japanese(&self) -> bool {
        self.tc.overtime() == Overtime::Byoyomi
    }

    /// GTP `time_left` arguments: seconds left (rounded down) and stones left in the current
    /// byoyomi period (0 while in main time). Under Japanese byo-yomi, kgsGtp's convention:
    /// the seconds of the current period and the number of periods left.
    pub fn time_left(&self) -> (u32, u32) {
        if !self.in_byoyomi {
            (self.main_left.floor() as u32, 0)
        } else if self.japanese() {
            (self.period_left.floor() as u32, self.periods_left)
        } else {
            (self.period_left.floor() as u32, self.stones_left)
        }
    }

    /// GTP `time_left` arguments for an engine that was told Japanese byo-yomi as
    /// `time_settings MAIN PERIOD 1`: one stone in each period; else as [`Clock::time_left`].
    pub fn time_left_one_stone(&self) -> (u32, u32) {
        match self.time_left() {
            (t, s) if self.japanese() && self.in_byoyomi && s > 0 => (t, 1),
            left => left,
        }
    }

    /// What is left, for the records.
    pub fn left(&self) -> TimeLeft {
        let japanese = self.japanese();
        TimeLeft {
            main: self.main_left,
            period: self.in_byoyomi.then_some(self.period_left),
            stones: (self.in_byoyomi && !japanese).then_some(self.stones_left),
            periods: japanese.then_some(self.periods_left),
        }
    }

    /// The most seconds the next move may take without losing on time (lag allowance excluded).
    pub fn available(&self) -> f64 {
        let overtime = if self.japanese() {
            f64::from(self.periods_left) * self.tc.byoyomi
        } else if self.in_byoyomi {
            self.period_left
        } else {
            self.tc.byoyomi
        };
        if self.in_byoyomi {
            overtime
        } else {
            self.main_left + overtime
        }
    }

    /// Total seconds charged so far.
    pub fn used(&self) -> f64 {
        self.used
    }

    /// Whether main time is still running (not yet in overtime); always true for absolute
    /// time, false from the start without main time (`--time-per-move`).
    pub fn in_main_time(&self) -> bool {
        !self.in_byoyomi
    }

    /// Seconds of main time spent so far (all of it after a loss on time).
    pub fn main_used(&self) -> f64 {
        (self.tc.main - self.main_left).max(0.0)
    }

    /// Charges a move that took `elapsed` seconds. Fails when it took more than
    /// [`Clock::available`] plus the lag allowance, and then leaves nothing on the clock.
    /// Canadian: an overrun within the allowance costs the rest of the time that was there.
    /// Japanese: a move finished within a period (plus the allowance) keeps it; each period
    /// overrun beyond that is used up; time spilling over from main time counts against the
    /// periods the same way.
    pub fn charge(&mut self, elapsed: f64) -> Result<(), TimeLoss> {
        let elapsed = elapsed.max(0.0);
        let available = self.available();
        if elapsed > available + self.lag {
            let periods = self.japanese().then_some(self.periods_left);
            self.main_left = 0.0;
            self.in_byoyomi = self.tc.byoyomi > 0.0;
            self.period_left = 0.0;
            self.stones_left = 0;
            self.periods_left = 0;
            return Err(TimeLoss {
                elapsed,
                available,
                periods,
            });
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
        if self.japanese() {
            // The move ended in the k-th period from its start in overtime (the allowance
            // taken off): the k - 1 before it are used up. Never all of them: that is the
            // flag, checked above.
            let over = rest - self.lag;
            let spent = if over > 0.0 {
                ((over / self.tc.byoyomi).ceil() - 1.0).clamp(0.0, u32::MAX as f64) as u32
            } else {
                0
            };
            self.periods_left -= spent.min(self.periods_left.saturating_sub(1));
            self.period_left = self.tc.byoyomi;
            return Ok(());
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
                stones: 5,
                periods: 0
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
                available: 2.0,
                periods: None
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

    #[test]
    fn parse_accepts_kgs_forms() {
        let byo = tc("byoyomi 600 30 5");
        assert_eq!(
            byo,
            TimeControl {
                main: 600.0,
                byoyomi: 30.0,
                stones: 0,
                periods: 5
            }
        );
        assert_eq!(byo.overtime(), Overtime::Byoyomi);
        assert_eq!(byo.count(), 5);
        assert_eq!(
            tc("  BYOYOMI  0 1.5 3 ").kgs_byoyomi_args(),
            Some((0, 2, 3))
        );
        assert_eq!(
            tc("byoyomi 0 1.5 3").gtp_args(),
            (0, 2, 1),
            "one stone a period"
        );
        assert_eq!(byo.sgf_overtime().as_deref(), Some("5x30 byo-yomi"));
        assert_eq!(byo.to_string(), "600s + 5x30s byo-yomi");
        assert_eq!(tc("byoyomi 0 10 3").to_string(), "3x10s byo-yomi");
        // The kgs forms of Canadian and absolute time are the GTP form's.
        assert_eq!(tc("canadian 600 300 25"), tc("600 300 25"));
        assert_eq!(tc("Canadian 600 300 25").overtime(), Overtime::Canadian);
        assert_eq!(tc("canadian 0 300 25").kgs_byoyomi_args(), None);
        assert_eq!(
            tc("canadian 600 300 25").sgf_overtime().as_deref(),
            Some("25/300 Canadian")
        );
        assert_eq!(tc("absolute 300"), tc("300 0 0"));
        assert_eq!(tc("absolute 300").overtime(), Overtime::Absolute);
        assert_eq!(tc("absolute 300").sgf_overtime(), None);
        assert_eq!(tc("0 5 1").overtime(), Overtime::Canadian);
        assert_eq!(Overtime::Byoyomi.name(), "byoyomi");
    }

    #[test]
    fn parse_rejects_bad_kgs_forms() {
        for bad in [
            "",
            "byoyomi",
            "byoyomi 600 30",
            "byoyomi 600 30 5 1",
            "byoyomi 600 0 5",
            "byoyomi 600 30 0",
            "byoyomi -1 30 5",
            "byoyomi 600 -30 5",
            "byoyomi 600 30 -5",
            "byoyomi 600 30 2.5",
            "byoyomi 600 inf 5",
            "byoyomi 600 NaN 5",
            "byoyomi x 30 5",
            "canadian 600 30",
            "canadian 600 0 0",
            "canadian 600 30 0",
            "absolute",
            "absolute 0",
            "absolute 60 0 0",
            "absolute -60",
            "none",
            "fischer 600 30",
            "japanese 600 30 5",
            "600 30 5 byoyomi",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad:?} accepted");
        }
        let msg = TimeControl::parse("fischer 1 2").err().unwrap_or_default();
        assert!(msg.contains("byoyomi MAIN PERIOD PERIODS"), "{msg}");
    }

    #[test]
    fn a_move_within_a_byoyomi_period_keeps_it() {
        let mut c = Clock::new(tc("byoyomi 0 10 3")).with_lag(0.0);
        assert_eq!(c.time_left(), (10, 3));
        assert_eq!(c.available(), 30.0);
        for _ in 0..10 {
            assert_eq!(c.charge(9.9), Ok(()));
            assert_eq!(c.time_left(), (10, 3));
        }
        assert_eq!(c.charge(10.0), Ok(()), "exactly a period still keeps it");
        assert_eq!(c.time_left(), (10, 3));
        assert!((c.used() - 109.0).abs() < 1e-9);
        assert_eq!(
            c.left(),
            TimeLeft {
                main: 0.0,
                period: Some(10.0),
                stones: None,
                periods: Some(3)
            }
        );
    }

    #[test]
    fn overrunning_byoyomi_periods_uses_them_up() {
        let mut c = Clock::new(tc("byoyomi 0 10 5")).with_lag(0.0);
        // Less than a period too long: the first period is gone, the move ends in the second.
        assert_eq!(c.charge(14.0), Ok(()));
        assert_eq!(c.time_left(), (10, 4));
        assert_eq!(c.available(), 40.0);
        // Ends in the third period from its start: two more used up.
        assert_eq!(c.charge(25.0), Ok(()));
        assert_eq!(c.time_left(), (10, 2));
        // Ends exactly at the end of the second: one used up.
        assert_eq!(c.charge(20.0), Ok(()));
        assert_eq!(c.time_left(), (10, 1));
        // The last period keeps going as long as moves fit in it.
        assert_eq!(c.charge(3.0), Ok(()));
        assert_eq!(c.time_left(), (10, 1));
        // Overrunning the last period: the flag falls and nothing is left.
        assert_eq!(
            c.charge(10.1),
            Err(TimeLoss {
                elapsed: 10.1,
                available: 10.0,
                periods: Some(1)
            })
        );
        assert_eq!(c.time_left(), (0, 0));
        assert_eq!(c.left().periods, Some(0));
        assert_eq!(c.charge(0.1).err().map(|l| l.periods), Some(Some(0)));
    }

    #[test]
    fn overrunning_every_byoyomi_period_at_once_is_a_loss() {
        let mut c = Clock::new(tc("byoyomi 0 10 3")).with_lag(0.0);
        let loss = c.charge(31.0).err();
        assert_eq!(loss.map(|l| l.periods), Some(Some(3)));
        assert_eq!(
            loss.map(|l| l.to_string()).as_deref(),
            Some("31.00 s used, 30.00 s left; all 3 byo-yomi periods overrun")
        );
        let mut c = Clock::new(tc("byoyomi 0 10 3")).with_lag(0.0);
        assert_eq!(c.charge(30.0), Ok(()), "ends as the last period ends");
        assert_eq!(c.time_left(), (10, 1));
    }

    #[test]
    fn main_time_spills_into_byoyomi_periods() {
        let mut c = Clock::new(tc("byoyomi 20 10 3")).with_lag(0.0);
        assert_eq!(c.time_left(), (20, 0), "main time: no periods in time_left");
        assert_eq!(c.available(), 50.0);
        assert_eq!(c.charge(12.5), Ok(()));
        assert_eq!(c.time_left(), (7, 0));
        assert_eq!(c.left().period, None);
        // 7.5 s of main time, then 9 s into the first period: it is kept.
        assert_eq!(c.charge(16.5), Ok(()));
        assert_eq!(c.time_left(), (10, 3));
        let mut c = Clock::new(tc("byoyomi 20 10 3")).with_lag(0.0);
        // 20 s of main time, then 15 s: the first period is used up.
        assert_eq!(c.charge(35.0), Ok(()));
        assert_eq!(c.time_left(), (10, 2));
        let mut c = Clock::new(tc("byoyomi 20 10 3")).with_lag(0.0);
        // 20 s of main time and 29 s: two periods used up, the move ends in the last.
        assert_eq!(c.charge(49.0), Ok(()));
        assert_eq!(c.time_left(), (10, 1));
        let mut c = Clock::new(tc("byoyomi 20 10 3")).with_lag(0.0);
        assert_eq!(
            c.charge(50.5).err().map(|l| (l.available, l.periods)),
            Some((50.0, Some(3)))
        );
    }

    #[test]
    fn the_lag_allowance_applies_to_each_byoyomi_period() {
        let mut c = Clock::new(tc("byoyomi 0 1 3")).with_lag(0.5);
        // Within the allowance of the first period: kept.
        assert_eq!(c.charge(1.4), Ok(()));
        assert_eq!(c.time_left(), (1, 3));
        // Past it: used up; within the allowance of the second: only one.
        assert_eq!(c.charge(2.5), Ok(()));
        assert_eq!(c.time_left(), (1, 2));
        assert_eq!(c.charge(1.6), Ok(()));
        assert_eq!(c.time_left(), (1, 1));
        // The last period: the allowance keeps the flag up, and the period.
        assert_eq!(c.charge(1.5), Ok(()));
        assert_eq!(c.time_left(), (1, 1));
        assert_eq!(
            c.charge(1.6).err().map(|l| l.to_string()).as_deref(),
            Some("1.60 s used, 1.00 s left; the last byo-yomi period overrun")
        );
        let wide = Clock::new(tc("byoyomi 0 1 3")).with_lag(5.0);
        let mut w = wide.clone();
        assert_eq!(w.charge(5.9), Ok(()));
        assert_eq!(w.time_left(), (1, 3));
        let mut w = wide;
        assert_eq!(w.charge(7.9), Ok(()), "3 periods and the allowance");
        assert_eq!(w.time_left(), (1, 1));
    }

    #[test]
    fn main_time_used_and_the_phase_of_the_next_move() {
        let mut c = Clock::new(tc("byoyomi 20 10 3")).with_lag(0.0);
        assert!(c.in_main_time());
        assert_eq!(c.main_used(), 0.0);
        assert_eq!(c.charge(12.5), Ok(()));
        assert!(c.in_main_time());
        assert_eq!(c.main_used(), 12.5);
        // 7.5 s of main time, then 2 s into the first period
        assert_eq!(c.charge(9.5), Ok(()));
        assert!(!c.in_main_time());
        assert_eq!(c.main_used(), 20.0);
        assert_eq!(c.charge(3.0), Ok(()));
        assert_eq!(c.main_used(), 20.0, "overtime is not main time");
        let mut abs = Clock::new(tc("absolute 10"));
        assert_eq!(abs.charge(10.2), Ok(()));
        assert!(abs.in_main_time(), "absolute time has no overtime");
        assert_eq!(abs.main_used(), 10.0);
        let per_move = Clock::new(TimeControl::per_move(1.0).unwrap_or(tc("0 1 1")));
        assert!(!per_move.in_main_time());
        assert_eq!(per_move.main_used(), 0.0);
        let mut lost = Clock::new(tc("10 5 1")).with_lag(0.0);
        assert!(lost.charge(20.0).is_err());
        assert_eq!(lost.main_used(), 10.0);
    }

    #[test]
    fn time_left_for_engines_told_one_stone_periods() {
        let mut c = Clock::new(tc("byoyomi 5 10 3")).with_lag(0.0);
        assert_eq!(c.time_left_one_stone(), (5, 0));
        assert_eq!(c.charge(16.0), Ok(()));
        assert_eq!(c.time_left(), (10, 2));
        assert_eq!(c.time_left_one_stone(), (10, 1));
        // Canadian and absolute clocks are not changed.
        let mut c = Clock::new(tc("0 10 3"));
        assert_eq!(c.charge(1.0), Ok(()));
        assert_eq!(c.time_left_one_stone(), (9, 2));
        assert_eq!(
            c.left(),
            TimeLeft {
                main: 0.0,
                period: Some(9.0),
                stones: Some(2),
                periods: None
            }
        );
        assert_eq!(Clock::new(tc("absolute 60")).time_left_one_stone(), (60, 0));
    }
}
