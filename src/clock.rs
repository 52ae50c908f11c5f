//! The game clock, one model for everything that keeps time: the time controls (absolute,
//! Canadian overtime, Japanese byo-yomi, Fischer), one side's clock and how a move is charged
//! to it, and the GTP `time_left` numbers. The engine's time manager
//! ([`crate::search::time`]) keeps its own side's clock with it between the controller's
//! reports; the match runner ([`crate::arena`]) keeps both sides' as the referee. (Pachi's
//! `timeinfo`, KataGo's `TimeControls`: one clock for the engine and for the referee.)
//!
//! How a move is charged:
//! - main time first; what a move needs beyond it comes out of overtime;
//! - Canadian: a period holds `stones` moves; it renews once they are played;
//! - byo-yomi: a move finished within a period keeps it; each period overrun is used up;
//! - Fischer: the increment is added after every move, up to `max_main` when capped;
//! - the flag falls when a move takes more than [`SideClock::available`] plus the lag
//!   allowance (and, with a per-move cap, more than that cap plus the allowance).

use std::fmt;

/// What follows main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overtime {
    /// Nothing: the flag falls when main time is used up.
    Absolute,
    /// Canadian overtime: `stones` stones to play in each period of `byoyomi` seconds.
    Canadian,
    /// Japanese byo-yomi: `periods` periods of `byoyomi` seconds each.
    Byoyomi,
    /// Fischer: no overtime, but `increment` seconds are added after every move.
    Fischer,
}

impl Overtime {
    /// The name `--time-settings`, `kata-time_settings` and `summary.json` use.
    pub fn name(self) -> &'static str {
        match self {
            Overtime::Absolute => "absolute",
            Overtime::Canadian => "canadian",
            Overtime::Byoyomi => "byoyomi",
            Overtime::Fischer => "fischer",
        }
    }
}

/// A time control in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Main time (Fischer: the bank at the start).
    pub main: f64,
    /// Length of one overtime period (0: no overtime).
    pub byoyomi: f64,
    /// Canadian overtime: stones to play within one period (else 0).
    pub stones: u32,
    /// Japanese byo-yomi: the number of periods (else 0).
    pub periods: u32,
    /// Fischer: seconds added after every move (else 0).
    pub increment: f64,
    /// Fischer: the most the bank may hold after an increment (`None`: no cap).
    pub max_main: Option<f64>,
    /// The most one move may take (KataGo's `fischer-capped` last number; `None`: no cap).
    pub max_move: Option<f64>,
}

/// The forms `--time-settings` takes, for error messages.
const FORMS: &str = "\"MAIN BYOYOMI STONES\", \"absolute MAIN\", \"canadian MAIN PERIOD STONES\", \
                     \"byoyomi MAIN PERIOD PERIODS\", \"fischer MAIN INCREMENT\" or \
                     \"fischer-capped MAIN INCREMENT MAX_MAIN MAX_MOVE\"";

/// Seconds: a finite number, not negative (at most 10^9): the one reading of a time word,
/// for the command line and GTP.
pub fn seconds(word: &str) -> Option<f64> {
    word.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .map(|x| x.min(1.0e9))
}

/// A count: digits only (saturating at `u32::MAX`).
fn count(word: &str) -> Option<u32> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.parse::<u32>().unwrap_or(u32::MAX))
}

/// A cap in seconds: above 0, or a negative number (KataGo's -1) for none.
fn cap(word: &str) -> Option<Option<f64>> {
    let x = word.parse::<f64>().ok().filter(|x| x.is_finite())?;
    if x < 0.0 {
        Some(None)
    } else if x > 0.0 {
        Some(Some(x.min(1.0e9)))
    } else {
        None
    }
}

/// The named time-control words, one grammar for the command line (`--time-settings`) and
/// GTP (kgsGtp's `kgs-time_settings`, KataGo's `kata-time_settings`): `none`, `absolute
/// MAIN`, `canadian MAIN PERIOD STONES`, `byoyomi MAIN PERIOD PERIODS`, `fischer MAIN
/// INCREMENT`, `fischer-capped MAIN INCREMENT MAX_MAIN MAX_MOVE` (a cap of -1 for none).
/// The kind is case-insensitive; times are seconds, not negative; counts are whole numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeWords {
    /// No clock.
    None,
    /// Main time alone.
    Absolute {
        /// Main time.
        main: f64,
    },
    /// Canadian overtime: `count` stones in every period.
    Canadian {
        /// Main time.
        main: f64,
        /// One period's seconds.
        period: f64,
        /// Stones a period.
        count: u32,
    },
    /// Japanese byo-yomi: `count` periods.
    Byoyomi {
        /// Main time.
        main: f64,
        /// One period's seconds.
        period: f64,
        /// Periods.
        count: u32,
    },
    /// Fischer, with the bank's and a move's caps when `fischer-capped`.
    Fischer {
        /// The bank at the start.
        main: f64,
        /// Seconds added after every move.
        increment: f64,
        /// The most the bank may hold (`None`: no cap).
        max_main: Option<f64>,
        /// The most one move may take (`None`: no cap).
        max_move: Option<f64>,
    },
}

impl TimeWords {
    /// The words, split; `Err` names what is wrong.
    pub fn parse(words: &[&str]) -> Result<TimeWords, String> {
        let kind = words
            .first()
            .map(|w| w.to_ascii_lowercase())
            .unwrap_or_default();
        let arity = match kind.as_str() {
            "none" => 1,
            "absolute" => 2,
            "fischer" => 3,
            "canadian" | "byoyomi" => 4,
            "fischer-capped" => 5,
            _ => {
                return Err(format!(
                    "unknown time control {:?}",
                    words.first().unwrap_or(&"")
                ))
            }
        };
        if words.len() != arity {
            return Err(format!(
                "{kind} takes {} numbers, not {}",
                arity - 1,
                words.len() - 1
            ));
        }
        let bad = |w: &str| format!("{kind}: bad number {w:?}");
        let secs = |i: usize| seconds(words[i]).ok_or_else(|| bad(words[i]));
        let n = |i: usize| count(words[i]).ok_or_else(|| bad(words[i]));
        let c = |i: usize| cap(words[i]).ok_or_else(|| bad(words[i]));
        Ok(match kind.as_str() {
            "none" => TimeWords::None,
            "absolute" => TimeWords::Absolute { main: secs(1)? },
            "canadian" => TimeWords::Canadian {
                main: secs(1)?,
                period: secs(2)?,
                count: n(3)?,
            },
            "byoyomi" => TimeWords::Byoyomi {
                main: secs(1)?,
                period: secs(2)?,
                count: n(3)?,
            },
            "fischer" => TimeWords::Fischer {
                main: secs(1)?,
                increment: secs(2)?,
                max_main: None,
                max_move: None,
            },
            _ => TimeWords::Fischer {
                main: secs(1)?,
                increment: secs(2)?,
                max_main: c(3)?,
                max_move: c(4)?,
            },
        })
    }

    /// The time control the words give (`None` for no clock). A period, count or increment
    /// of 0 leaves main time alone.
    pub fn control(&self) -> Option<TimeControl> {
        Some(match *self {
            TimeWords::None => return None,
            TimeWords::Absolute { main } => TimeControl::absolute(main),
            TimeWords::Canadian {
                main,
                period,
                count,
            } => TimeControl::canadian(main, period, count),
            TimeWords::Byoyomi {
                main,
                period,
                count,
            } => TimeControl::byoyomi(main, period, count),
            TimeWords::Fischer {
                main,
                increment,
                max_main,
                max_move,
            } => TimeControl::fischer(main, increment, max_main, max_move),
        })
    }
}

impl TimeControl {
    /// Main time alone.
    pub fn absolute(main: f64) -> TimeControl {
        TimeControl {
            main,
            byoyomi: 0.0,
            stones: 0,
            periods: 0,
            increment: 0.0,
            max_main: None,
            max_move: None,
        }
    }

    /// Main time, then `stones` stones in every period of `period` seconds (absolute time
    /// when either is 0).
    pub fn canadian(main: f64, period: f64, stones: u32) -> TimeControl {
        if period <= 0.0 || stones == 0 {
            return TimeControl::absolute(main);
        }
        TimeControl {
            byoyomi: period,
            stones,
            ..TimeControl::absolute(main)
        }
    }

    /// Main time, then `periods` byo-yomi periods of `period` seconds (absolute time when
    /// either is 0).
    pub fn byoyomi(main: f64, period: f64, periods: u32) -> TimeControl {
        if period <= 0.0 || periods == 0 {
            return TimeControl::absolute(main);
        }
        TimeControl {
            byoyomi: period,
            periods,
            ..TimeControl::absolute(main)
        }
    }

    /// Fischer: a bank of `main` seconds, `increment` added after every move, the bank
    /// capped at `max_main` and each move at `max_move` when given (absolute time when the
    /// increment is 0).
    pub fn fischer(
        main: f64,
        increment: f64,
        max_main: Option<f64>,
        max_move: Option<f64>,
    ) -> TimeControl {
        let pos = |x: Option<f64>| x.filter(|v| v.is_finite() && *v > 0.0);
        TimeControl {
            increment: increment.max(0.0),
            max_main: pos(max_main).map(|m| m.max(main)),
            max_move: pos(max_move),
            ..TimeControl::absolute(main)
        }
    }

    /// A fixed time for every move: no main time, one stone per period of `seconds`.
    pub fn per_move(seconds: f64) -> Result<TimeControl, String> {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(format!(
                "time per move must be a positive number of seconds, not {seconds}"
            ));
        }
        Ok(TimeControl::canadian(0.0, seconds, 1))
    }

    /// Parses `"MAIN BYOYOMI STONES"` (as GTP `time_settings`: Canadian overtime, or
    /// absolute time when BYOYOMI is 0), or a named form ([`TimeWords`]). A match needs a
    /// clock that keeps time: besides the words' grammar, a named overtime must have a period
    /// and its stones or periods, Fischer an increment, a bank's cap at least the main time,
    /// and every form some time.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let bad = || format!("time settings must be {FORMS}, got {text:?}");
        let numeric = parts.first().is_some_and(|w| w.parse::<f64>().is_ok());
        let tc = if numeric {
            let [main, byoyomi, stones] = parts[..] else {
                return Err(bad());
            };
            let (main, byoyomi, stones) = (
                seconds(main).ok_or_else(bad)?,
                seconds(byoyomi).ok_or_else(bad)?,
                count(stones).ok_or_else(bad)?,
            );
            if byoyomi > 0.0 && stones == 0 {
                return Err(format!(
                    "{text:?}: byoyomi without stones means no time limit in GTP; leave the clock out instead"
                ));
            }
            TimeControl::canadian(main, byoyomi, stones)
        } else {
            let words = TimeWords::parse(&parts).map_err(|_| bad())?;
            match words {
                TimeWords::None => {
                    return Err(format!("{text:?}: for no clock leave --time-settings out"))
                }
                TimeWords::Canadian { period, count, .. }
                | TimeWords::Byoyomi { period, count, .. }
                    if period == 0.0 || count == 0 =>
                {
                    let (k, what) = match words {
                        TimeWords::Canadian { .. } => ("canadian", "stones"),
                        _ => ("byoyomi", "periods"),
                    };
                    return Err(format!(
                        "{text:?}: {k} needs a period longer than 0 s and at least one of \
                         its {what} (\"absolute MAIN\" is main time alone)"
                    ));
                }
                TimeWords::Fischer { increment: 0.0, .. } => {
                    return Err(format!(
                        "{text:?}: fischer needs an increment above 0 s (\"absolute MAIN\" \
                         is main time alone)"
                    ));
                }
                TimeWords::Fischer {
                    main,
                    max_main: Some(m),
                    ..
                } if m < main => {
                    return Err(format!("{text:?}: the bank's cap is below the main time"));
                }
                _ => words.control().ok_or_else(bad)?,
            }
        };
        // the increment comes after a move: the first one needs a bank
        if tc.main == 0.0 && matches!(tc.overtime(), Overtime::Absolute | Overtime::Fischer) {
            return Err(format!("{text:?}: no time at all"));
        }
        Ok(tc)
    }

    /// What follows main time.
    pub fn overtime(&self) -> Overtime {
        if self.increment > 0.0 {
            Overtime::Fischer
        } else if self.byoyomi == 0.0 {
            Overtime::Absolute
        } else if self.periods > 0 {
            Overtime::Byoyomi
        } else {
            Overtime::Canadian
        }
    }

    /// The arguments of GTP `time_settings` (whole seconds, rounded up so no engine is told
    /// less than it has). Japanese byo-yomi becomes one stone per period; Fischer becomes
    /// main time less one increment and one stone per increment (gtp2ogs's fallback).
    pub fn gtp_args(&self) -> (u32, u32, u32) {
        match self.overtime() {
            Overtime::Byoyomi => (secs(self.main), secs(self.byoyomi), 1),
            Overtime::Fischer => (
                secs((self.main - self.increment).max(0.0)),
                self.increment.floor().max(1.0) as u32,
                1,
            ),
            _ => (secs(self.main), secs(self.byoyomi), self.stones),
        }
    }

    /// For Japanese byo-yomi, the numbers of `kgs-time_settings byoyomi MAIN PERIOD PERIODS`
    /// (whole seconds, rounded up); `None` for other time controls.
    pub fn kgs_byoyomi_args(&self) -> Option<(u32, u32, u32)> {
        (self.overtime() == Overtime::Byoyomi)
            .then(|| (secs(self.main), secs(self.byoyomi), self.periods))
    }

    /// For Fischer, the arguments of KataGo's `kata-time_settings` (`fischer MAIN INCREMENT`,
    /// or `fischer-capped MAIN INCREMENT MAX_MAIN MAX_MOVE` with -1 for no cap); `None` for
    /// other time controls.
    pub fn kata_fischer_args(&self) -> Option<Vec<String>> {
        if self.overtime() != Overtime::Fischer {
            return None;
        }
        let n = |x: f64| format!("{x}");
        let mut words = vec![n(self.main), n(self.increment)];
        if self.max_main.is_some() || self.max_move.is_some() {
            words.insert(0, "fischer-capped".into());
            words.push(self.max_main.map_or("-1".into(), n));
            words.push(self.max_move.map_or("-1".into(), n));
        } else {
            words.insert(0, "fischer".into());
        }
        Some(words)
    }

    /// Stones per Canadian period, Japanese periods, or 0: the third number of the settings.
    pub fn count(&self) -> u32 {
        match self.overtime() {
            Overtime::Byoyomi => self.periods,
            _ => self.stones,
        }
    }

    /// The period (Canadian, byo-yomi) or the increment (Fischer): the second number of the
    /// settings.
    pub fn period_or_increment(&self) -> f64 {
        if self.overtime() == Overtime::Fischer {
            self.increment
        } else {
            self.byoyomi
        }
    }

    /// SGF `OT` (overtime): `"5x30 byo-yomi"`, `"25/600 Canadian"`, `"fischer 10"`; `None`
    /// for absolute time.
    pub fn sgf_overtime(&self) -> Option<String> {
        match self.overtime() {
            Overtime::Absolute => None,
            Overtime::Canadian => Some(format!("{}/{} Canadian", self.stones, self.byoyomi)),
            Overtime::Byoyomi => Some(format!("{}x{} byo-yomi", self.periods, self.byoyomi)),
            Overtime::Fischer => Some(format!("fischer {}", self.increment)),
        }
    }
}

fn secs(x: f64) -> u32 {
    x.ceil().clamp(0.0, u32::MAX as f64) as u32
}

/// Seconds as GTP's `time_left` carries them: whole, rounded down, so that no engine is told
/// more than it has.
pub fn whole_seconds(x: f64) -> u32 {
    x.floor().clamp(0.0, u32::MAX as f64) as u32
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
            Overtime::Fischer => {
                write!(f, "{}s + {}s a move (Fischer)", self.main, self.increment)?;
                if let Some(m) = self.max_main {
                    write!(f, ", bank at most {m}s")?;
                }
                if let Some(m) = self.max_move {
                    write!(f, ", at most {m}s a move")?;
                }
                Ok(())
            }
        }
    }
}

/// The flag fell: the move took `elapsed` seconds while only `available` were left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLoss {
    /// Seconds the move took.
    pub elapsed: f64,
    /// Seconds the side had for it.
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
    /// Seconds of main time left (Fischer: the bank).
    pub main: f64,
    /// In overtime: seconds left in the current period (a whole period under byo-yomi).
    pub period: Option<f64>,
    /// Canadian overtime: stones still to play in the current period.
    pub stones: Option<u32>,
    /// Japanese byo-yomi: periods left.
    pub periods: Option<u32>,
}

/// One side's clock: its [`TimeControl`], what is left on it, the lag allowance a move may
/// overrun by and the seconds charged so far. The one clock model: the engine keeps one per
/// side as the controller reports and charges it ([`crate::search::time::GameClock`]), the
/// match runner's referee one per engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideClock {
    /// The time control this clock runs under.
    tc: TimeControl,
    /// Main time left (Fischer: the bank).
    pub main: f64,
    /// Whether main time is over and overtime runs.
    pub in_overtime: bool,
    /// Seconds left in the current overtime period.
    pub period: f64,
    /// Canadian: stones still to play in the current period.
    pub stones: u32,
    /// Byo-yomi: periods left, the current one included.
    pub periods: u32,
    /// Seconds a move may overrun [`SideClock::available`] before the flag falls.
    lag: f64,
    /// Total seconds charged so far.
    used: f64,
}

impl SideClock {
    /// A full clock for `tc`, without lag allowance.
    pub fn new(tc: TimeControl) -> SideClock {
        let in_overtime = tc.main == 0.0 && tc.byoyomi > 0.0;
        SideClock {
            tc,
            main: tc.main,
            in_overtime,
            period: if in_overtime { tc.byoyomi } else { 0.0 },
            stones: if in_overtime { tc.stones } else { 0 },
            periods: tc.periods,
            lag: 0.0,
            used: 0.0,
        }
    }

    /// The same clock with a lag allowance of `lag` seconds (negative: none).
    pub fn with_lag(self, lag: f64) -> SideClock {
        SideClock {
            lag: lag.max(0.0),
            ..self
        }
    }

    /// The clock a controller reports with GTP `time_left SECONDS COUNT`: `count` 0 means main
    /// time (Fischer and absolute time: always); otherwise the stones left in the Canadian
    /// period, or the periods left under byo-yomi (kgsGtp's convention), `seconds` being
    /// the current period's.
    pub fn reported(tc: TimeControl, seconds: f64, count: u32) -> SideClock {
        let seconds = if seconds.is_finite() {
            seconds.clamp(0.0, 1.0e9)
        } else {
            0.0
        };
        let full = SideClock::new(tc);
        let main_only = matches!(tc.overtime(), Overtime::Absolute | Overtime::Fischer);
        if count == 0 || main_only {
            return SideClock {
                main: seconds,
                in_overtime: false,
                period: 0.0,
                stones: 0,
                periods: tc.periods,
                ..full
            };
        }
        let byoyomi = tc.overtime() == Overtime::Byoyomi;
        SideClock {
            main: 0.0,
            in_overtime: true,
            period: seconds,
            stones: if byoyomi { 0 } else { count },
            periods: if byoyomi { count } else { 0 },
            ..full
        }
    }

    /// The time control this clock runs under.
    pub fn control(&self) -> &TimeControl {
        &self.tc
    }

    /// Seconds a move may overrun [`SideClock::available`] before the flag falls.
    pub fn lag(&self) -> f64 {
        self.lag
    }

    /// Total seconds charged so far.
    pub fn used(&self) -> f64 {
        self.used
    }

    /// Whether main time is still running (not yet in overtime); always true for absolute
    /// and Fischer time, false from the start without main time (`--time-per-move`).
    pub fn in_main_time(&self) -> bool {
        !self.in_overtime
    }

    /// Seconds of main time spent so far (all of it after a loss on time). Under Fischer,
    /// the bank spent net of the increments.
    pub fn main_used(&self) -> f64 {
        (self.tc.main - self.main).max(0.0)
    }

    /// The most seconds the next move may take without losing on time (lag allowance and
    /// the per-move cap left out).
    pub fn available(&self) -> f64 {
        let tc = &self.tc;
        let overtime = match tc.overtime() {
            Overtime::Absolute | Overtime::Fischer => 0.0,
            Overtime::Byoyomi => f64::from(self.periods) * tc.byoyomi,
            Overtime::Canadian if self.in_overtime => self.period,
            Overtime::Canadian => tc.byoyomi,
        };
        if self.in_overtime {
            overtime
        } else {
            self.main + overtime
        }
    }

    /// As [`SideClock::available`], within the per-move cap if there is one.
    pub fn available_this_move(&self) -> f64 {
        let a = self.available();
        self.tc.max_move.map_or(a, |m| a.min(m))
    }

    /// GTP `time_left` arguments: seconds left (rounded down) and stones left in the current
    /// period (0 while in main time, and always under absolute and Fischer time). Under
    /// byo-yomi, kgsGtp's convention: the seconds of the current period and the periods left.
    pub fn time_left(&self) -> (u32, u32) {
        if !self.in_overtime {
            (whole_seconds(self.main), 0)
        } else if self.tc.overtime() == Overtime::Byoyomi {
            (whole_seconds(self.period), self.periods)
        } else {
            (whole_seconds(self.period), self.stones)
        }
    }

    /// GTP `time_left` arguments for an engine that was told Japanese byo-yomi as
    /// `time_settings MAIN PERIOD 1` (one stone in each period), or Fischer as
    /// `time_settings MAIN-INCREMENT INCREMENT 1` (gtp2ogs's fallback: the bank less one
    /// increment as main time, else the bank as the one stone's period); else as
    /// [`SideClock::time_left`].
    pub fn time_left_one_stone(&self) -> (u32, u32) {
        match self.tc.overtime() {
            Overtime::Byoyomi => match self.time_left() {
                (t, s) if self.in_overtime && s > 0 => (t, 1),
                left => left,
            },
            Overtime::Fischer => {
                let bank = self.main;
                if bank > self.tc.increment {
                    (whole_seconds(bank - self.tc.increment), 0)
                } else {
                    (whole_seconds(bank), 1)
                }
            }
            _ => self.time_left(),
        }
    }

    /// What is left, for the records.
    pub fn left(&self) -> TimeLeft {
        let japanese = self.tc.overtime() == Overtime::Byoyomi;
        TimeLeft {
            main: self.main,
            period: self.in_overtime.then_some(self.period),
            stones: (self.in_overtime && !japanese).then_some(self.stones),
            periods: japanese.then_some(self.periods),
        }
    }

    /// This clock with nothing left on it: the state after the flag fell.
    fn emptied(&self) -> SideClock {
        SideClock {
            main: 0.0,
            in_overtime: self.tc.byoyomi > 0.0,
            period: 0.0,
            stones: 0,
            periods: 0,
            ..*self
        }
    }

    /// The clock after a move that overran, as the controller keeps it when it lets the
    /// side play on: the last chance the system gives (one byo-yomi period, one Canadian
    /// stone with nothing in its period, an empty bank plus the increment, nothing left).
    pub fn last_chance(&self) -> SideClock {
        let tc = self.tc;
        let mut l = self.emptied();
        match tc.overtime() {
            Overtime::Byoyomi => (l.period, l.periods) = (tc.byoyomi, 1),
            Overtime::Canadian => l.stones = 1,
            Overtime::Fischer => l.main = tc.increment,
            Overtime::Absolute => {}
        }
        l
    }

    /// Charges a move that took `elapsed` seconds, with this clock's lag allowance. Fails
    /// when it took more than [`SideClock::available`] (or the per-move cap) plus the
    /// allowance, and then leaves nothing on the clock. Canadian: an overrun within the
    /// allowance costs the rest of the period. Byo-yomi: a move finished within a period
    /// (plus the allowance) keeps it; each period overrun beyond that is used up, time
    /// spilling over from main time alike. Fischer: the increment comes after the move, up
    /// to the cap.
    pub fn charge(&mut self, elapsed: f64) -> Result<(), TimeLoss> {
        self.run_down(elapsed)?;
        self.used += elapsed.max(0.0);
        Ok(())
    }

    /// [`SideClock::charge`] but for the seconds used.
    fn run_down(&mut self, elapsed: f64) -> Result<(), TimeLoss> {
        let tc = self.tc;
        let lag = self.lag;
        let elapsed = if elapsed.is_finite() {
            elapsed.max(0.0)
        } else {
            f64::MAX
        };
        let available = self.available();
        let per_move = tc.max_move.unwrap_or(f64::INFINITY);
        if elapsed > available + lag || elapsed > per_move + lag {
            let periods = (tc.overtime() == Overtime::Byoyomi).then_some(self.periods);
            *self = self.emptied();
            return Err(TimeLoss {
                elapsed,
                available: available.min(per_move),
                periods,
            });
        }
        let mut rest = elapsed;
        if !self.in_overtime {
            if rest <= self.main || tc.byoyomi == 0.0 {
                self.main = (self.main - rest).max(0.0);
                if tc.overtime() == Overtime::Fischer {
                    self.main += tc.increment;
                    if let Some(cap) = tc.max_main {
                        self.main = self.main.min(cap);
                    }
                }
                return Ok(());
            }
            rest -= self.main;
            self.main = 0.0;
            self.in_overtime = true;
            self.period = tc.byoyomi;
            self.stones = tc.stones;
        }
        if tc.overtime() == Overtime::Byoyomi {
            // The move ended in the k-th period from its start in overtime (the allowance
            // taken off): the k - 1 before it are used up. Never all of them: that is the
            // flag, checked above.
            let over = rest - lag;
            let spent = if over > 0.0 {
                ((over / tc.byoyomi).ceil() - 1.0).clamp(0.0, u32::MAX as f64) as u32
            } else {
                0
            };
            self.periods -= spent.min(self.periods.saturating_sub(1));
            self.period = tc.byoyomi;
            return Ok(());
        }
        self.period = (self.period - rest).max(0.0);
        self.stones = self.stones.saturating_sub(1);
        if self.stones == 0 {
            self.period = tc.byoyomi;
            self.stones = tc.stones;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests;
