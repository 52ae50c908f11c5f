//! How long to think on one move: the soft and hard limits the clock allows under each
//! kind of time control (none, main time, Canadian, byo-yomi, Fischer), from the moves
//! still to play weighted by the game's phase, with the lag margin and the caps.

use super::GameClock;
use crate::board::Color;
use crate::clock::{Overtime, SideClock, TimeControl};
use crate::search::Think;

/// The longest soft limit per move under a clock, unless `--time` asks for more (10 x
/// `--time`): day-long correspondence clocks (gtp2ogs) must not keep the engine busy for hours.
const MAX_MOVE_SECONDS: f64 = 60.0;

/// The hard limit is at most this multiple of the soft limit.
const HARD_FACTOR: f64 = 3.0;

/// The shortest think ever planned, in seconds.
const MIN_THINK: f64 = 0.05;

/// The share of one byo-yomi period planned as the soft limit: time left in a period is
/// lost, so most of it is used, the rest kept for unclear moves.
const BYOYOMI_SOFT: f64 = 0.8;

/// How long to think on one move, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveTime {
    /// The usual think: stop here unless the best move is unclear.
    pub soft: f64,
    /// Never think past this (at least `soft`).
    pub hard: f64,
    /// Time left unused is lost (overtime whose period starts afresh): a settled best move
    /// does not end the search, whose further visits grow the subtree the next move reuses.
    pub spend_all: bool,
}

/// What the game looks like to the time manager.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Situation {
    /// Board size.
    pub size: usize,
    /// Moves played so far.
    pub moves: usize,
    /// Empty points on the board.
    pub empty: usize,
}

/// The share of the bank, beyond one increment, kept back under Fischer time: the safety
/// margin is this many lag margins plus one increment (the income comes only after a move).
const FISCHER_RESERVE_LAGS: f64 = 4.0;

impl GameClock {
    /// The soft and hard limits for `c`'s move in situation `s`.
    ///
    /// - No clock: `time` soft, `HARD_FACTOR` times it hard.
    /// - Main time: the share of this move among the moves still to play, weighted by game
    ///   phase (`phase_weight`), never below the overtime per move; hard is a bounded
    ///   multiple of it, at most a quarter of the main time left plus one move's overtime.
    /// - Canadian overtime: the period left split among its stones; hard may borrow one later
    ///   stone's share.
    /// - Byo-yomi: most of one period soft, the period hard (a period is never used up on
    ///   purpose, so the last one is never risked).
    /// - Fischer: the increment is income: about the increment plus this move's share of
    ///   the bank beyond a safety margin (one increment and a few lag margins); below the
    ///   margin, less than the increment, so that the bank grows back; at a capped bank's
    ///   top, at least what the cap would waste; hard never past the bank.
    ///
    /// The lag margin comes off every limit; soft is capped at `MAX_MOVE_SECONDS` (or ten
    /// times `time` when that is more), and hard at a per-move cap when there is one.
    pub fn move_times(&self, c: Color, s: &Situation, p: &Think) -> MoveTime {
        let lag = p.lag.max(0.0);
        let unclocked = MoveTime {
            soft: p.time,
            hard: p.time * HARD_FACTOR,
            spend_all: false,
        };
        let (Some(tc), Some(l)) = (self.control(c), self.left(c)) else {
            return unclocked;
        };
        // one move's time in overtime: per move (byo-yomi), per stone (Canadian)
        let overtime = |period: f64, count: u32| -> MoveTime {
            match tc.overtime() {
                Overtime::Byoyomi => MoveTime {
                    soft: BYOYOMI_SOFT * (period - lag),
                    hard: period - lag,
                    spend_all: true,
                },
                _ => {
                    // hard borrows at most one later stone's share
                    let n = count.max(1) as f64;
                    let share = period / n;
                    MoveTime {
                        soft: share - lag,
                        hard: if n > 1.0 { 2.0 * share } else { share } - lag,
                        spend_all: n <= 1.0,
                    }
                }
            }
        };
        let t = if tc.overtime() == Overtime::Fischer {
            fischer_times(tc, &l, s, lag)
        } else if l.in_overtime {
            let count = if tc.overtime() == Overtime::Byoyomi {
                l.periods
            } else {
                l.stones
            };
            overtime(l.period, count)
        } else {
            let has_overtime = matches!(tc.overtime(), Overtime::Canadian | Overtime::Byoyomi);
            // the first move of overtime, as this move would find it after main time
            let first = if has_overtime {
                overtime(tc.byoyomi, tc.count())
            } else {
                MoveTime {
                    soft: 0.0,
                    hard: -lag,
                    spend_all: false,
                }
            };
            let r = remaining_moves(s);
            // every move still to play needs its lag margin; overtime is the reserve when
            // there is one, otherwise a little main time is
            let reserve = if has_overtime { 0.0 } else { lag * r };
            let share = (l.main - reserve).max(0.0) * phase_share(s, r);
            let soft = share.max(first.soft).max(0.0);
            let hard = (soft * HARD_FACTOR).min(0.25 * l.main + first.hard.max(0.0));
            MoveTime {
                soft,
                hard,
                spend_all: false,
            }
        };
        let cap = (10.0 * p.time).max(MAX_MOVE_SECONDS);
        let per_move = tc.max_move.map_or(f64::INFINITY, |m| m - lag);
        let soft = t.soft.min(per_move).clamp(MIN_THINK, cap);
        MoveTime {
            soft,
            hard: t.hard.min(HARD_FACTOR * cap).min(per_move).max(soft),
            spend_all: t.spend_all,
        }
    }
}

/// [`GameClock::move_times`] under Fischer time, before the caps.
fn fischer_times(tc: &TimeControl, l: &SideClock, s: &Situation, lag: f64) -> MoveTime {
    let bank = l.main;
    let income = (tc.increment - lag).max(0.0);
    let reserve = tc.increment + FISCHER_RESERVE_LAGS * lag;
    let spendable = bank - reserve;
    let mut soft = if spendable >= 0.0 {
        income + spendable * phase_share(s, remaining_moves(s))
    } else {
        // below the margin: win back half the shortfall on this move
        (income + 0.5 * spendable).max(0.0)
    };
    if let Some(top) = tc.max_main {
        // what the bank cannot hold after this move's increment is lost unless spent now
        soft = soft.max(bank + tc.increment - top - lag);
    }
    let most = (bank - lag).max(0.0);
    let soft = soft.min(most);
    let hard = (soft * HARD_FACTOR)
        .min(soft + 0.25 * spendable.max(0.0))
        .min(most)
        .max(soft);
    MoveTime {
        soft,
        hard,
        spend_all: false,
    }
}

/// An estimate of the moves one side still has to play: the empty points beyond 40% of the
/// board (what territory and dame keep empty when the game ends), a tenth more for
/// recaptures, half of them each; at least a twelfth of the board (six). About 120 a side
/// on the empty 19x19 board, 27 on 9x9.
fn remaining_moves(s: &Situation) -> f64 {
    let n = (s.size * s.size) as f64;
    let open = s.empty as f64 - 0.4 * n;
    (open * 1.1 / 2.0).max((n / 12.0).max(6.0))
}

/// How much a move weighs at `moves` played on a board of `size`: half in the first moves,
/// rising to full weight by a tenth of the board's points, full through the middle game
/// (up to 45% of the points), falling to 0.4 by 75%.
fn phase_weight(size: usize, moves: f64) -> f64 {
    let f = moves / (size * size).max(1) as f64;
    if f < 0.1 {
        0.5 + 5.0 * f
    } else if f < 0.45 {
        1.0
    } else {
        (1.0 - 2.0 * (f - 0.45)).max(0.4)
    }
}

/// This move's weight over the weights of the `r` moves one side still plays (every other
/// move number from now on).
fn phase_share(s: &Situation, r: f64) -> f64 {
    let n = r.ceil().max(1.0) as usize;
    let total: f64 = (0..n)
        .map(|i| phase_weight(s.size, (s.moves + 2 * i) as f64))
        .sum();
    phase_weight(s.size, s.moves as f64) / total
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: Color = Color::Black;
    const W: Color = Color::White;

    fn at(size: usize, moves: usize) -> Situation {
        // a plausible board: two stones a move, a tenth of them captured
        let stones = (moves as f64 * 0.9) as usize;
        Situation {
            size,
            moves,
            empty: (size * size).saturating_sub(stones),
        }
    }

    /// The lag margin of these tests.
    const LAG_MARGIN: f64 = 0.3;

    fn params(time: f64) -> Think {
        Think {
            time,
            lag: LAG_MARGIN,
            ..Think::for_tests()
        }
    }

    /// Plays a whole game on `clock` with a fake clock: every move takes its soft limit
    /// (`hard` on every `unclear`-th move); returns the thinking times and the clock after.
    fn play_out(clock: &mut GameClock, size: usize, moves: usize, unclear: usize) -> Vec<f64> {
        let p = params(1.0);
        (0..moves)
            .map(|i| {
                let t = clock.move_times(B, &at(size, 2 * i), &p);
                let took = if unclear > 0 && i % unclear == 0 {
                    t.hard
                } else {
                    t.soft
                };
                // what the controller sees: the think plus some network lag
                clock.charge(B, took + 0.1);
                took
            })
            .collect()
    }

    #[test]
    fn no_clock_uses_the_default() {
        let c = GameClock::default();
        let t = c.move_times(B, &at(19, 0), &params(2.0));
        assert_eq!((t.soft, t.hard), (2.0, 2.0 * HARD_FACTOR));
        assert!(!c.runs(B));
        let u = GameClock::unlimited();
        assert!(!u.runs(B));
        assert_eq!(u.move_times(B, &at(9, 0), &params(3.0)).soft, 3.0);
    }

    #[test]
    fn correspondence_clock_is_capped() {
        // gtp2ogs correspondence: byo-yomi of a day, a week of main time
        let mut c = GameClock::new(TimeControl::byoyomi(604_800.0, 86_400.0, 5));
        c.report(B, 604_800.0, 0);
        let t = c.move_times(B, &at(19, 10), &params(1.0));
        assert_eq!(t.soft, MAX_MOVE_SECONDS);
        assert_eq!(t.hard, HARD_FACTOR * MAX_MOVE_SECONDS);
        // a longer --time raises the cap to ten times itself
        assert_eq!(c.move_times(B, &at(19, 10), &params(30.0)).soft, 300.0);
    }

    #[test]
    fn absolute_time_lasts_the_game_and_favours_the_middle() {
        for (size, main) in [(9, 60.0), (19, 600.0), (19, 120.0)] {
            let mut c = GameClock::new(TimeControl::absolute(main));
            // a long game (as many moves as points), every fourth move unclear
            let n = size * size / 2;
            let times = play_out(&mut c, size, n, 4);
            let used: f64 = times.iter().sum::<f64>() + 0.1 * n as f64;
            assert!(used <= main, "{size}: used {used} of {main}");
            assert!(used >= 0.75 * main, "{size}: used only {used} of {main}");
            let l = c.left(B).unwrap();
            assert!(l.main > 0.0, "{size}: flag fell");
            // the middle game gets more than the opening
            let open = times[1];
            let middle = times[size * size / 8];
            assert!(middle > open, "{size}: opening {open}, middle {middle}");
        }
    }

    #[test]
    fn main_time_is_never_faster_than_byoyomi() {
        // 20 s main and 1 s byo-yomi on 9x9: the main time share is below the period, so
        // every move in main time gets at least byo-yomi's think
        let c = GameClock::new(TimeControl::byoyomi(20.0, 1.0, 3));
        let t = c.move_times(B, &at(9, 0), &params(1.0));
        let period_soft = BYOYOMI_SOFT * (1.0 - LAG_MARGIN);
        assert!(t.soft >= period_soft - 1e-9, "{t:?}");
        // 10 minutes on 19x19 with 30 s periods: main time is shared out, more than a period
        // in the middle game
        let c = GameClock::new(TimeControl::byoyomi(600.0, 5.0, 5));
        let t = c.move_times(B, &at(19, 100), &params(1.0));
        assert!(t.soft > 5.0 && t.soft < 20.0, "{t:?}");
        assert!(t.hard > t.soft && t.hard <= 0.25 * 600.0 + 5.0, "{t:?}");
    }

    #[test]
    fn byoyomi_keeps_every_period() {
        // 20 s + 3 x 1 s on 9x9, the soak's kind of clock: the game outlasts main time and
        // no period is ever lost, whatever the moves take up to their hard limit
        let mut c = GameClock::new(TimeControl::byoyomi(20.0, 1.0, 3));
        let times = play_out(&mut c, 9, 60, 3);
        let l = c.left(B).unwrap();
        assert_eq!((l.main, l.periods), (0.0, 3), "{l:?}");
        assert!(times.iter().all(|&t| t <= 20.0), "{times:?}");
        // in overtime, hard stays inside the period with the lag margin
        let t = c.move_times(B, &at(9, 100), &params(1.0));
        assert!(
            t.soft < t.hard && t.hard <= 1.0 - LAG_MARGIN + 1e-9,
            "{t:?}"
        );
        assert!(t.spend_all, "a period starts afresh: time saved is lost");
        // main time keeps what a move leaves
        let fresh = GameClock::new(TimeControl::byoyomi(20.0, 1.0, 3));
        assert!(!fresh.move_times(B, &at(9, 10), &params(1.0)).spend_all);
        // the last period as reported by kgsGtp
        c.report(W, 0.8, 1);
        let t = c.move_times(W, &at(9, 100), &params(1.0));
        assert!(t.hard <= 0.8 - LAG_MARGIN + 1e-9, "{t:?}");
    }

    #[test]
    fn canadian_periods_renew_after_their_stones() {
        let mut c = GameClock::new(TimeControl::canadian(1.0, 30.0, 3));
        c.charge(B, 3.0);
        // main time ran out in this move: 2 s of the period, one stone played
        let l = c.left(B).unwrap();
        assert_eq!((l.main, l.period, l.stones), (0.0, 28.0, 2));
        c.charge(B, 8.0);
        c.charge(B, 8.0);
        let l = c.left(B).unwrap();
        assert_eq!((l.main, l.period, l.stones), (0.0, 30.0, 3));
        // with 20 s for 5 stones: about 4 s each, hard borrowing from the later stones
        c.report(B, 20.0, 5);
        let t = c.move_times(B, &at(19, 150), &params(1.0));
        assert!((t.soft - (4.0 - LAG_MARGIN)).abs() < 1e-9, "{t:?}");
        assert!((t.hard - (8.0 - LAG_MARGIN)).abs() < 1e-9, "{t:?}");
        assert!(
            !t.spend_all,
            "time saved now serves the period's later stones"
        );
        // one stone left: the whole period, minus the margin, and nothing more; what is not
        // used is lost, so all of it is used
        c.report(B, 2.0, 1);
        let t = c.move_times(B, &at(19, 150), &params(1.0));
        assert_eq!((t.soft, t.hard), (2.0 - LAG_MARGIN, 2.0 - LAG_MARGIN));
        assert!(t.spend_all);
        // a whole game of 25 stones in 5 minutes never overruns a period
        let mut c = GameClock::new(TimeControl::canadian(0.0, 300.0, 25));
        let times = play_out(&mut c, 19, 150, 5);
        assert!(times.iter().all(|&t| t > 5.0), "{times:?}");
    }

    #[test]
    fn time_left_alone_is_respected() {
        // time_left without time_settings still keeps clear of the flag
        let mut u = GameClock::default();
        u.report(B, 3.0, 0);
        assert!(u.runs(B) && !u.runs(W));
        let t = u.move_times(B, &at(19, 0), &params(5.0));
        assert!(t.hard < 1.0, "{t:?}");
        assert_eq!(u.move_times(W, &at(19, 0), &params(5.0)).soft, 5.0);
        u.report(W, 1e300, 1);
        assert!(u.move_times(W, &at(19, 0), &params(2.0)).hard <= 3.0 * MAX_MOVE_SECONDS);
        u.report(W, f64::NAN, 0);
        assert_eq!(u.move_times(W, &at(19, 0), &params(2.0)).soft, MIN_THINK);
    }

    #[test]
    fn fischer_spends_the_increment_and_uses_the_bank() {
        // 9x9, 30 s bank and 1 s a move: a long game with every third move unclear
        for (size, bank, inc, moves) in [
            (9, 30.0, 1.0, 45),
            (9, 60.0, 2.0, 30),
            (19, 300.0, 5.0, 150),
        ] {
            let tc = TimeControl::fischer(bank, inc, None, None);
            let mut c = GameClock::new(tc);
            let times = play_out(&mut c, size, moves, 3);
            let left = c.left(B).unwrap().main;
            let reserve = inc + FISCHER_RESERVE_LAGS * LAG_MARGIN;
            // the bank never ran dry and ends near the safety margin: used, not hoarded
            assert!(left > 0.0, "{size}: flag fell ({times:?})");
            assert!(
                left < reserve + 0.35 * bank,
                "{size}: hoarded {left} of {bank}"
            );
            // every move gets at least most of its increment
            assert!(times.iter().all(|&t| t >= 0.5 * inc), "{size}: {times:?}");
            let used: f64 = times.iter().sum();
            assert!(
                used > moves as f64 * (inc - LAG_MARGIN),
                "{size}: used {used}"
            );
        }
        // the first move of a fresh 9x9 game: the increment plus a share of the bank
        let c = GameClock::new(TimeControl::fischer(30.0, 1.0, None, None));
        let t = c.move_times(B, &at(9, 0), &params(1.0));
        assert!(t.soft > 1.0 - LAG_MARGIN && t.soft < 3.0, "{t:?}");
        assert!(t.hard > t.soft && t.hard < 10.0, "{t:?}");
        assert!(!t.spend_all);
    }

    #[test]
    fn fischer_below_its_margin_earns_the_bank_back() {
        let mut c = GameClock::new(TimeControl::fischer(30.0, 2.0, None, None));
        c.report(B, 1.0, 0);
        let t = c.move_times(B, &at(9, 20), &params(1.0));
        // less than the increment, so the bank grows; never more than the bank
        assert!(t.soft < 2.0 - LAG_MARGIN, "{t:?}");
        assert!(t.hard <= 1.0 - LAG_MARGIN + 1e-9, "{t:?}");
        // an empty bank still plays the shortest think
        c.report(B, 0.0, 0);
        assert_eq!(c.move_times(B, &at(9, 20), &params(1.0)).soft, MIN_THINK);
    }

    #[test]
    fn fischer_at_a_capped_bank_spends_what_the_cap_would_waste() {
        let tc = TimeControl::fischer(60.0, 10.0, Some(60.0), None);
        let c = GameClock::new(tc);
        let t = c.move_times(B, &at(19, 0), &params(1.0));
        // 60 + 10 would become 60: at least the 10 s are spent
        assert!(t.soft >= 10.0 - LAG_MARGIN - 1e-9, "{t:?}");
        // a per-move cap bounds both limits
        let capped = GameClock::new(TimeControl::fischer(600.0, 10.0, None, Some(5.0)));
        let t = capped.move_times(B, &at(19, 100), &params(1.0));
        assert!(
            t.hard <= 5.0 - LAG_MARGIN + 1e-9 && t.soft <= t.hard,
            "{t:?}"
        );
        // charging: the increment lands after the move, the cap holds
        let mut c = GameClock::new(tc);
        c.charge(B, 4.0);
        assert_eq!(c.left(B).unwrap().main, 60.0);
        c.charge(B, 30.0);
        assert_eq!(c.left(B).unwrap().main, 40.0);
        // an apparent overrun leaves the increment, as the next move would find it
        c.charge(B, 100.0);
        assert_eq!(c.left(B).unwrap().main, 10.0);
    }

    #[test]
    fn one_stone_per_second() {
        // the matches' `time_settings 0 1 1`
        let c = GameClock::new(TimeControl::canadian(0.0, 1.0, 1));
        let t = c.move_times(B, &at(9, 10), &params(1.0));
        assert!(c.runs(B));
        assert!((t.soft - 0.7).abs() < 1e-9 && t.hard == t.soft, "{t:?}");
    }

    #[test]
    fn remaining_moves_shrink_with_the_board() {
        let start = remaining_moves(&at(19, 0));
        assert!(start > 100.0 && start < 140.0, "{start}");
        let nine = remaining_moves(&at(9, 0));
        assert!(nine > 20.0 && nine < 30.0, "{nine}");
        assert_eq!(remaining_moves(&at(9, 200)), 6.75);
        assert!(phase_weight(19, 0.0) < phase_weight(19, 100.0));
        assert!(phase_weight(19, 300.0) < phase_weight(19, 100.0));
    }
}
