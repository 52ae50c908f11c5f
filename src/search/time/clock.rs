//! The game's clock as the engine keeps it: the time control the controller set (or the
//! one a side's `time_left` implies), and each side's time left between the controller's
//! reports, charged move by move as the controller's clock would.

use crate::board::Color;
use crate::clock::{SideClock, TimeControl};

/// The time control the controller set and both sides' clocks, kept between its
/// `time_left` reports by charging each move as the controller's clock would
/// ([`SideClock::charge`], the same code the match runner's referee uses).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameClock {
    /// The time control; `None`: none set (or no limit).
    tc: Option<TimeControl>,
    /// No time limit was set explicitly (`time_settings 0 1 0`, `kgs-time_settings none`).
    unlimited: bool,
    /// Without settings, the control a side's own `time_left` implies (main time, or one
    /// Canadian period).
    implied: [Option<TimeControl>; 2],
    /// Each side's clock as last reported or kept; `None`: as set (or unknown when unset).
    left: [Option<SideClock>; 2],
}

impl GameClock {
    /// A clock under `tc`, both sides at the full time.
    pub fn new(tc: TimeControl) -> GameClock {
        GameClock {
            tc: Some(tc),
            ..GameClock::default()
        }
    }

    /// No time limit (the per-move default applies, and `time_left` reports are ignored).
    pub fn unlimited() -> GameClock {
        GameClock {
            unlimited: true,
            ..GameClock::default()
        }
    }

    /// The time control in force for `c` (set, or implied by its `time_left`).
    pub fn control(&self, c: Color) -> Option<&TimeControl> {
        if self.unlimited {
            return None;
        }
        self.tc.as_ref().or(self.implied[c.index()].as_ref())
    }

    /// Where `c`'s clock stands: as reported or kept, else as set; `None` without a clock.
    pub fn left(&self, c: Color) -> Option<SideClock> {
        let tc = self.control(c)?;
        Some(self.left[c.index()].unwrap_or_else(|| SideClock::new(*tc)))
    }

    /// The controller's report (`time_left c seconds count`), read by the time system
    /// ([`SideClock::reported`]); without settings, `count` 0 implies main time alone and
    /// otherwise one Canadian period of `count` stones.
    pub fn report(&mut self, c: Color, seconds: f64, count: u32) {
        if self.unlimited {
            return;
        }
        let tc = match self.tc {
            Some(tc) => tc,
            None => {
                let s = if seconds.is_finite() {
                    seconds.clamp(0.0, 1.0e9)
                } else {
                    0.0
                };
                let implied = if count == 0 {
                    TimeControl::absolute(s)
                } else {
                    TimeControl::canadian(0.0, s, count)
                };
                self.implied[c.index()] = Some(implied);
                implied
            }
        };
        self.left[c.index()] = Some(SideClock::reported(tc, seconds, count));
    }

    /// Charges `seconds` of thinking to `c`'s own clock, as the controller's clock would
    /// ([`SideClock::charge`]). The controller decides when the flag falls: a move that
    /// seems to overrun leaves the last chance the system gives (one byo-yomi period, one
    /// Canadian stone with nothing in its period, an empty bank plus the increment).
    pub fn charge(&mut self, c: Color, seconds: f64) {
        if !seconds.is_finite() || seconds < 0.0 {
            return;
        }
        let Some(mut l) = self.left(c) else {
            return;
        };
        if l.charge(seconds).is_err() {
            l = l.last_chance();
        }
        self.left[c.index()] = Some(l);
    }

    /// Whether a clock runs for `c` (then the time limits apply even with a playout count).
    pub fn runs(&self, c: Color) -> bool {
        self.control(c).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Color = Color::Black;
    const W: Color = Color::White;

    #[test]
    fn byoyomi_overruns_use_periods() {
        let mut c = GameClock::new(TimeControl::byoyomi(10.0, 5.0, 3));
        c.charge(B, 4.0);
        assert_eq!(c.left(B).unwrap().main, 6.0);
        // 6 s main, then 7 s into overtime: the first period is lost
        c.charge(B, 13.0);
        let l = c.left(B).unwrap();
        assert_eq!((l.main, l.period, l.periods), (0.0, 5.0, 2));
        c.charge(B, 4.9);
        assert_eq!(c.left(B).unwrap().periods, 2);
        // an overrun of every period: the controller decides; the last period is assumed
        c.charge(B, 100.0);
        assert_eq!(c.left(B).unwrap().periods, 1);
        // the other side's clock is untouched
        assert_eq!(c.left(W).unwrap().main, 10.0);
    }
}
