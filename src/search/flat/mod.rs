//! Flat Monte-Carlo player: every legal non-eye-filling move of the side to move is tried
//! with light playouts (chosen by UCB1), the most visited move wins. [`FlatSearch`] is a
//! [`Searcher`]: it searches one position and reports; the clock lives in
//! [`crate::search::time`], the decision (play, pass, resign) and the dead-stone estimate in
//! [`crate::engine`]. It stays as the baseline player (`--player flat`). No protocol here.
//!
//! This file holds the settings and the [`Searcher`]; `root` the search of one position
//! (candidates, rounds of playouts over the threads, the report), `work` one thread's
//! playouts and their UCB1 choice of a candidate.

mod root;
mod work;

use crate::search::{Report, Request, Searcher, Think};
use root::{FlatRoot, Limit};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The flat player's own settings (the engine-wide ones, threads and seed among them, come
/// as a [`Think`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FlatParams {
    /// UCB1 exploration constant.
    pub exploration: f64,
}

impl Default for FlatParams {
    fn default() -> Self {
        FlatParams { exploration: 0.7 }
    }
}

/// The flat player as a [`Searcher`]: each search starts afresh from the position given, so
/// with a playout count and one thread a seed gives the same report every time.
#[derive(Clone, Debug)]
pub struct FlatSearch {
    think: Think,
    params: FlatParams,
}

impl FlatSearch {
    /// A flat searcher with these threads and seed (`think`; its playouts and time are read
    /// by the engine, which sets each search's limits) and settings.
    pub fn new(think: &Think, params: FlatParams) -> FlatSearch {
        FlatSearch {
            think: think.clone(),
            params,
        }
    }

    /// Its settings.
    pub fn params(&self) -> &FlatParams {
        &self.params
    }
}

impl Searcher for FlatSearch {
    fn name(&self) -> &'static str {
        "flat"
    }

    fn search(&mut self, req: &Request, on_report: &mut dyn FnMut(&Report)) -> Report {
        let (game, color, limits, barred, interval) =
            (req.game, req.color, &req.limits, req.barred, req.interval);
        let never = AtomicBool::new(false);
        let stop = req.stop.unwrap_or(&never);
        let mut root = FlatRoot::new(game, color, &self.think, &self.params, barred);
        // the flat player has no notion of an unclear move: it stops at the soft limit
        let deadline = limits.time.map(|t| t.soft_deadline());
        let interval = match interval {
            Some(iv) if limits.playouts.is_some() || deadline.is_some() => iv,
            _ => {
                root.run(
                    Limit {
                        playouts: limits.playouts,
                        deadline,
                    },
                    stop,
                );
                return root.report();
            }
        };
        loop {
            let now = Instant::now();
            let slice = now.checked_add(interval).unwrap_or(now);
            let left = limits.playouts.map(|n| n.saturating_sub(root.playouts));
            root.run(
                Limit {
                    playouts: left,
                    deadline: Some(deadline.map_or(slice, |d| d.min(slice))),
                },
                stop,
            );
            let report = root.report();
            on_report(&report);
            let done_playouts = limits.playouts.is_some_and(|n| root.playouts >= n);
            let done_time = deadline.is_some_and(|d| Instant::now() >= d);
            if done_playouts || done_time || stop.load(Ordering::SeqCst) || report.moves.is_empty()
            {
                return report;
            }
        }
    }

    fn clear(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point, Vertex};
    use crate::rules::{Game, Preset, Rules};
    use crate::search::time::TimeLimit;
    use crate::search::Limits;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// The point of vertex `s` on a `size` board.
    pub(super) fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    /// A one-thread flat searcher with the default settings.
    pub(super) fn flat() -> FlatSearch {
        FlatSearch::new(&Think::for_tests(), FlatParams::default())
    }

    fn search(g: &Game, c: Color, mut s: FlatSearch, limits: Limits, barred: &[Point]) -> Report {
        s.search(&Request::new(g, c, limits).barred(barred), &mut |_| {})
    }

    fn playouts(n: u64) -> Limits {
        Limits {
            playouts: Some(n),
            ..Limits::default()
        }
    }

    #[test]
    fn same_seed_same_move() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let run = || {
            let r = search(&g, Color::Black, flat(), playouts(500), &[]);
            assert_eq!(r.playouts, 500);
            assert_eq!(r.color, Some(Color::Black));
            (r.moves[0].mv, r.moves[0].visits)
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn never_fills_own_eye_and_reports_pass_when_nothing_else() {
        // 3x3: Black owns everything but two eyes A1 and C3; Black has no move but its eyes
        let mut g = Game::new(3, Rules::preset(Preset::Chinese)).unwrap();
        let b: Vec<Point> = ["B1", "C1", "A2", "B2", "C2", "A3", "B3"]
            .iter()
            .map(|v| pt(v, 3))
            .collect();
        g.setup(&b, &[], &[]).unwrap();
        for c in Color::BOTH {
            let r = search(&g, c, flat(), playouts(50), &[]);
            assert_eq!(r.moves.len(), 1, "{c}: {:?}", r.moves);
            assert_eq!(r.moves[0].mv, None);
            assert_eq!(r.moves[0].visits, 50);
            assert_eq!(r.moves[0].pv, vec![None]);
            // Black owns every point in every playout
            assert!(r.ownership.iter().all(|&o| o == 0.0 || o == 1.0));
            assert_eq!(r.ownership[pt("A1", 3).idx()], 1.0);
        }
    }

    #[test]
    fn barred_moves_are_never_searched() {
        let g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        let barred: Vec<Point> = g
            .board()
            .points()
            .into_iter()
            .filter(|&p| p != pt("C3", 5) && p != pt("B2", 5))
            .collect();
        let r = search(&g, Color::Black, flat(), playouts(100), &barred);
        assert_eq!(r.moves.len(), 2);
        assert!(r.moves.iter().all(|m| !barred.contains(&m.mv.unwrap())));
        // everything barred: only pass is left
        let all = g.board().points();
        let r = search(&g, Color::Black, flat(), playouts(10), &all);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].mv, None);
    }

    #[test]
    fn captures_a_big_group_in_atari() {
        // 5x5: a white group in atari whose capture decides the game
        let mut g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        let w: Vec<Point> = ["A3", "B3", "C3", "D3"].iter().map(|v| pt(v, 5)).collect();
        let b: Vec<Point> = ["A4", "B4", "C4", "D4", "E4", "A2", "B2", "C2", "D2", "E2"]
            .iter()
            .map(|v| pt(v, 5))
            .collect();
        g.setup(&b, &w, &[]).unwrap();
        let r = search(&g, Color::Black, flat(), playouts(2000), &[]);
        assert!(r.moves[0].mv.is_some());
        // capturing leaves Black the whole board: every playout through it is won
        let e3 = r.moves.iter().find(|m| m.mv == Some(pt("E3", 5))).unwrap();
        assert!(e3.visits > 10 && e3.winrate == 1.0, "{e3:?}");
        assert!(r.ownership[pt("A1", 5).idx()] > 0.9);
    }

    #[test]
    fn reports_come_every_interval_and_the_last_is_returned() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut n = 0;
        let mut last = Report::default();
        let r = flat().search(
            &Request::new(
                &g,
                Color::White,
                Limits {
                    playouts: None,
                    time: Some(TimeLimit::at_most(0.2)),
                },
            )
            .interval(Some(Duration::from_millis(40))),
            &mut |r| {
                n += 1;
                last = r.clone();
            },
        );
        assert!(n >= 2, "{n} reports");
        assert_eq!(r, last);
    }

    #[test]
    fn two_threads_split_the_budget() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let think = Think {
            threads: 2,
            ..Think::for_tests()
        };
        let p = FlatSearch::new(&think, FlatParams::default());
        let r = search(&g, Color::White, p, playouts(301), &[]);
        assert_eq!(r.playouts, 301);
        assert!(r.ownership[pt("E5", 9).idx()].abs() <= 1.0);
    }

    #[test]
    fn stop_flag_and_deadline_end_the_run() {
        let g = Game::new(19, Rules::preset(Preset::Chinese)).unwrap();
        let r = search(
            &g,
            Color::Black,
            flat(),
            Limits {
                playouts: None,
                time: Some(TimeLimit::at_most(0.05)),
            },
            &[],
        );
        assert!(r.playouts > 0);
        let r = flat().search(
            &Request::new(&g, Color::Black, playouts(1_000_000)).stop(&AtomicBool::new(true)),
            &mut |_| {},
        );
        assert_eq!(r.playouts, 0);
        assert!(r.moves.is_empty() && r.ownership.is_empty());
    }
}
