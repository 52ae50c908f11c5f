//! The referee's clock for each engine: [`crate::clock::SideClock`], the one clock of a
//! side, with the match's default lag allowance. What the engines are told (GTP
//! `time_settings`, kgsGtp's `kgs-time_settings`, KataGo's `kata-time_settings`) is decided
//! in [`super::game`].

pub use crate::clock::{Overtime, SideClock, TimeControl, TimeLeft, TimeLoss};

/// Default lag allowance: a move may overrun the time it had by this many seconds before the
/// flag falls (`tengen match --lag-allowance`).
pub const LAG_ALLOWANCE: f64 = 0.5;

/// A full referee's clock for `tc` with the default lag allowance ([`LAG_ALLOWANCE`]).
pub fn referee_clock(tc: TimeControl) -> SideClock {
    SideClock::new(tc).with_lag(LAG_ALLOWANCE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::tests::tc;

    #[test]
    fn parse_accepts_gtp_forms_and_rejects_nonsense() {
        assert_eq!(tc("600 30 5"), TimeControl::canadian(600.0, 30.0, 5));
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
        let mut c = referee_clock(tc("10 0 0"));
        assert_eq!(c.time_left(), (10, 0));
        assert_eq!(c.charge(4.0), Ok(()));
        assert_eq!(c.time_left(), (6, 0));
        assert_eq!(c.available_this_move(), 6.0);
        // Within the lag allowance: accepted, clock at zero.
        assert_eq!(c.charge(6.3), Ok(()));
        assert_eq!(c.time_left(), (0, 0));
        assert!(c.charge(0.6).is_err());
        assert!((c.used() - 10.3).abs() < 1e-9);
    }

    #[test]
    fn a_wider_lag_allowance_keeps_the_flag_up() {
        let mut c = referee_clock(tc("0 2 1")).with_lag(5.0);
        assert_eq!(c.lag(), 5.0);
        assert_eq!(c.charge(6.9), Ok(()));
        assert_eq!(c.time_left(), (2, 1), "the next period is whole again");
        assert!(c.charge(7.1).is_err());
        assert_eq!(referee_clock(tc("0 2 1")).with_lag(-1.0).lag(), 0.0);
    }

    #[test]
    fn per_move_time_resets_every_move() {
        let mut c = referee_clock(TimeControl::per_move(2.0).unwrap_or(tc("0 2 1")));
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
        let mut c = referee_clock(tc("10 20 3"));
        assert_eq!(c.available_this_move(), 30.0);
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
        assert_eq!(byo, TimeControl::byoyomi(600.0, 30.0, 5));
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
            "fischer 600 0",
            "fischer 600",
            "fischer-capped 600 10 300 -1",
            "fischer-capped 600 10 900",
            "japanese 600 30 5",
            "600 30 5 byoyomi",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad:?} accepted");
        }
        let msg = TimeControl::parse("fischer 1 2 3")
            .err()
            .unwrap_or_default();
        assert!(msg.contains("byoyomi MAIN PERIOD PERIODS"), "{msg}");
    }

    #[test]
    fn a_move_within_a_byoyomi_period_keeps_it() {
        let mut c = referee_clock(tc("byoyomi 0 10 3")).with_lag(0.0);
        assert_eq!(c.time_left(), (10, 3));
        assert_eq!(c.available_this_move(), 30.0);
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
        let mut c = referee_clock(tc("byoyomi 0 10 5")).with_lag(0.0);
        // Less than a period too long: the first period is gone, the move ends in the second.
        assert_eq!(c.charge(14.0), Ok(()));
        assert_eq!(c.time_left(), (10, 4));
        assert_eq!(c.available_this_move(), 40.0);
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
        let mut c = referee_clock(tc("byoyomi 0 10 3")).with_lag(0.0);
        let loss = c.charge(31.0).err();
        assert_eq!(loss.map(|l| l.periods), Some(Some(3)));
        assert_eq!(
            loss.map(|l| l.to_string()).as_deref(),
            Some("31.00 s used, 30.00 s left; all 3 byo-yomi periods overrun")
        );
        let mut c = referee_clock(tc("byoyomi 0 10 3")).with_lag(0.0);
        assert_eq!(c.charge(30.0), Ok(()), "ends as the last period ends");
        assert_eq!(c.time_left(), (10, 1));
    }

    #[test]
    fn main_time_spills_into_byoyomi_periods() {
        let mut c = referee_clock(tc("byoyomi 20 10 3")).with_lag(0.0);
        assert_eq!(c.time_left(), (20, 0), "main time: no periods in time_left");
        assert_eq!(c.available_this_move(), 50.0);
        assert_eq!(c.charge(12.5), Ok(()));
        assert_eq!(c.time_left(), (7, 0));
        assert_eq!(c.left().period, None);
        // 7.5 s of main time, then 9 s into the first period: it is kept.
        assert_eq!(c.charge(16.5), Ok(()));
        assert_eq!(c.time_left(), (10, 3));
        let mut c = referee_clock(tc("byoyomi 20 10 3")).with_lag(0.0);
        // 20 s of main time, then 15 s: the first period is used up.
        assert_eq!(c.charge(35.0), Ok(()));
        assert_eq!(c.time_left(), (10, 2));
        let mut c = referee_clock(tc("byoyomi 20 10 3")).with_lag(0.0);
        // 20 s of main time and 29 s: two periods used up, the move ends in the last.
        assert_eq!(c.charge(49.0), Ok(()));
        assert_eq!(c.time_left(), (10, 1));
        let mut c = referee_clock(tc("byoyomi 20 10 3")).with_lag(0.0);
        assert_eq!(
            c.charge(50.5).err().map(|l| (l.available, l.periods)),
            Some((50.0, Some(3)))
        );
    }

    #[test]
    fn the_lag_allowance_applies_to_each_byoyomi_period() {
        let mut c = referee_clock(tc("byoyomi 0 1 3")).with_lag(0.5);
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
        let wide = referee_clock(tc("byoyomi 0 1 3")).with_lag(5.0);
        let mut w = wide;
        assert_eq!(w.charge(5.9), Ok(()));
        assert_eq!(w.time_left(), (1, 3));
        let mut w = wide;
        assert_eq!(w.charge(7.9), Ok(()), "3 periods and the allowance");
        assert_eq!(w.time_left(), (1, 1));
    }

    #[test]
    fn main_time_used_and_the_phase_of_the_next_move() {
        let mut c = referee_clock(tc("byoyomi 20 10 3")).with_lag(0.0);
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
        let mut abs = referee_clock(tc("absolute 10"));
        assert_eq!(abs.charge(10.2), Ok(()));
        assert!(abs.in_main_time(), "absolute time has no overtime");
        assert_eq!(abs.main_used(), 10.0);
        let per_move = referee_clock(TimeControl::per_move(1.0).unwrap_or(tc("0 1 1")));
        assert!(!per_move.in_main_time());
        assert_eq!(per_move.main_used(), 0.0);
        let mut lost = referee_clock(tc("10 5 1")).with_lag(0.0);
        assert!(lost.charge(20.0).is_err());
        assert_eq!(lost.main_used(), 10.0);
    }

    #[test]
    fn time_left_for_engines_told_one_stone_periods() {
        let mut c = referee_clock(tc("byoyomi 5 10 3")).with_lag(0.0);
        assert_eq!(c.time_left_one_stone(), (5, 0));
        assert_eq!(c.charge(16.0), Ok(()));
        assert_eq!(c.time_left(), (10, 2));
        assert_eq!(c.time_left_one_stone(), (10, 1));
        // Canadian and absolute clocks are not changed.
        let mut c = referee_clock(tc("0 10 3"));
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
        assert_eq!(
            referee_clock(tc("absolute 60")).time_left_one_stone(),
            (60, 0)
        );
    }
}
