//! Flat Monte-Carlo player: every legal non-eye-filling move of the side to move is tried
//! with light playouts (chosen by UCB1), the most visited move wins. [`FlatSearch`] is a
//! [`Searcher`]: it searches one position and reports; the clock lives in
//! [`crate::search::time`], the decision (play, pass, resign) and the dead-stone estimate in
//! [`crate::engine`]. It stays as the baseline player (`--player flat`). No protocol here.

use crate::board::{AnyBoard, Board, Color, Point};
use crate::rules::Game;
use crate::search::playout::light::playout;
use crate::search::{MoveInfo, Report, Request, Searcher};
use crate::with_board;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Tunable settings of the flat player, with their command-line defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatParams {
    /// Playouts per move; `None` means: as many as the time allows.
    pub playouts: Option<u64>,
    /// Seconds per move when no clock is set.
    pub time: f64,
    /// Worker threads.
    pub threads: usize,
    /// Base seed of the random generators.
    pub seed: u64,
    /// Resign when the best move wins less often than this (0 disables resigning).
    pub resign_threshold: f64,
    /// UCB1 exploration constant.
    pub exploration: f64,
}

impl Default for FlatParams {
    fn default() -> Self {
        FlatParams {
            playouts: None,
            time: 1.0,
            threads: 1,
            seed: 1,
            resign_threshold: 0.05,
            exploration: 0.7,
        }
    }
}

/// How much work one call to [`FlatRoot::run`] may do.
#[derive(Clone, Copy, Debug, Default)]
struct Limit {
    /// Further playouts allowed.
    playouts: Option<u64>,
    /// Stop at this time.
    deadline: Option<Instant>,
}

/// Statistics of one candidate move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Stats {
    visits: u64,
    wins: f64,
    score: f64,
    /// Sum of the squared scores (their spread).
    score_sq: f64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.visits += o.visits;
        self.wins += o.wins;
        self.score += o.score;
        self.score_sq += o.score_sq;
    }

    /// What the search says about `mv` after these playouts (`None` before any).
    fn info(&self, mv: Option<Point>, prior: f64) -> Option<MoveInfo> {
        if self.visits == 0 {
            return None;
        }
        let n = self.visits as f64;
        let w = self.wins / n;
        Some(MoveInfo {
            mv,
            visits: self.visits,
            winrate: w,
            score_lead: self.score / n,
            prior,
            lcb: super::lcb(w, n),
            pv: vec![mv],
            pv_visits: vec![self.visits],
            score_stdev: super::stdev(n, self.score, self.score_sq),
            ownership: vec![],
        })
    }
}

/// What one worker did.
struct Work {
    stats: Vec<Stats>,
    pass: Stats,
    own: Vec<f64>,
    done: u64,
}

/// The flat player as a [`Searcher`]: each search starts afresh from the position given, so
/// with a playout count and one thread a seed gives the same report every time.
#[derive(Clone, Debug)]
pub struct FlatSearch {
    params: FlatParams,
}

impl FlatSearch {
    /// A flat searcher with these settings (`playouts` and `time` are read by the engine,
    /// the rest here).
    pub fn new(params: FlatParams) -> FlatSearch {
        FlatSearch { params }
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
        let mut root = FlatRoot::new(game, color, &self.params, barred);
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

/// A flat Monte-Carlo search from one position for one colour.
#[derive(Clone, Debug)]
struct FlatRoot {
    board: AnyBoard,
    color: Color,
    /// Komi for the playouts, including White's handicap bonus under area scoring.
    komi: f64,
    cands: Vec<Point>,
    stats: Vec<Stats>,
    /// Playouts after a pass, when there is no candidate at all.
    pass: Stats,
    /// Sum over playouts of the final owner of each point (Black +1, White -1), by padded index.
    own: Vec<f64>,
    playouts: u64,
    rounds: u64,
    params: FlatParams,
}

impl FlatRoot {
    /// A search for `color` in `game`'s current position; candidates are the legal moves under
    /// the game's full rules that are not suicide, do not fill one of `color`'s eyes and are
    /// not in `barred`.
    fn new(game: &Game, color: Color, params: &FlatParams, barred: &[Point]) -> FlatRoot {
        let board = game.board().clone();
        let cands: Vec<Point> = game
            .legal_moves(color)
            .into_iter()
            .filter(|&p| {
                board.is_empty_point(p)
                    && board.suicide_stones(color, p) == 0
                    && board.is_legal_simple(color, p)
                    && !board.is_eye(color, p)
                    && !barred.contains(&p)
            })
            .collect();
        let cands = drop_lonely_edge_moves(&board, cands);
        let n_idx = board
            .points()
            .iter()
            .map(|p| p.idx() + 1)
            .max()
            .unwrap_or(0);
        FlatRoot {
            stats: vec![Stats::default(); cands.len()],
            pass: Stats::default(),
            cands,
            board,
            color,
            komi: game.area_komi(),
            own: vec![0.0; n_idx],
            playouts: 0,
            rounds: 0,
            params: params.clone(),
        }
    }

    /// Runs playouts until the limit is reached or `stop` becomes true. With no limit at all
    /// it runs one playout per candidate (at least one).
    fn run(&mut self, limit: Limit, stop: &AtomicBool) {
        let budget = match (limit.playouts, limit.deadline) {
            (None, None) => Some(self.cands.len().max(1) as u64),
            (p, _) => p,
        };
        let threads = self.params.threads.clamp(1, 64);
        let seed = self
            .params
            .seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(self.board.hash())
            .wrapping_add(self.rounds.wrapping_mul(0x2545_f491_4f6c_dd1d))
            .wrapping_add(self.color.index() as u64);
        self.rounds += 1;
        let base = self.stats.clone();
        let size = self.board.size();
        let job = Job {
            color: self.color,
            komi: self.komi,
            cands: &self.cands,
            base: &base,
            total: self.playouts,
            c: self.params.exploration,
            deadline: limit.deadline,
            stop,
            max_moves: 3 * size * size,
        };
        let results: Vec<Work> = if threads == 1 {
            vec![with_board!(&self.board, b => job.work(b, budget, seed, self.own.len()))]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let share = budget.map(|b| b / threads as u64 + u64::from((t as u64) < b % threads as u64));
                        let job = &job;
                        let board = &self.board;
                        let n = self.own.len();
                        s.spawn(move || {
                            with_board!(board, b => job.work(b, share, seed.wrapping_add(t as u64 * 0x51_7cc1_b727_220a), n))
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .filter_map(|h| {
                        let w = h.join().ok();
                        if w.is_none() {
                            log::error!("a playout thread panicked: its playouts are left out");
                        }
                        w
                    })
                    .collect()
            })
        };
        for w in results {
            for (a, b) in self.stats.iter_mut().zip(&w.stats) {
                a.add(b);
            }
            self.pass.add(&w.pass);
            for (a, b) in self.own.iter_mut().zip(&w.own) {
                *a += b;
            }
            self.playouts += w.done;
        }
    }

    /// The candidates that have been tried, most visited first; a lone `pass` line when
    /// there is no candidate but pass.
    fn infos(&self) -> Vec<MoveInfo> {
        if self.cands.is_empty() {
            return self.pass.info(None, 1.0).into_iter().collect();
        }
        let prior = 1.0 / self.cands.len() as f64;
        let mut v: Vec<MoveInfo> = self
            .cands
            .iter()
            .zip(&self.stats)
            .filter_map(|(&p, s)| s.info(Some(p), prior))
            .collect();
        v.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate.total_cmp(&a.winrate))
        });
        v
    }

    /// The search so far as a [`Report`]: the root's winrate is the mean over all playouts,
    /// its score lead the visit-weighted mean of the moves'.
    fn report(&self) -> Report {
        let moves = self.infos();
        let (w, n, s) = self
            .stats
            .iter()
            .chain(std::iter::once(&self.pass))
            .fold((0.0, 0u64, 0.0), |(w, n, s), st| {
                (w + st.wins, n + st.visits, s + st.score)
            });
        let all = self.stats.iter().fold(self.pass, |mut a, st| {
            a.add(st);
            a
        });
        let (winrate, score_lead) = if n == 0 {
            (0.5, 0.0)
        } else {
            (w / n as f64, s / n as f64)
        };
        let ownership = if self.playouts == 0 {
            vec![]
        } else {
            let n = self.playouts as f64;
            self.own.iter().map(|o| o / n).collect()
        };
        let mut report = Report {
            color: Some(self.color),
            playouts: self.playouts,
            reused: 0,
            moves,
            winrate,
            score_lead,
            ownership,
            score_stdev: super::stdev(all.visits as f64, all.score, all.score_sq),
            ownership_stdev: vec![],
        };
        super::scale_score_stdev(&mut report, &self.board);
        report
    }
}

/// Light playouts overrate moves on the edge of an empty area; on boards of 7x7 and up,
/// first-line moves with no stone within two lines are dropped (unless nothing else is left).
fn drop_lonely_edge_moves(board: &AnyBoard, cands: Vec<Point>) -> Vec<Point> {
    let size = board.size();
    if size < 7 {
        return cands;
    }
    let lonely_edge = |p: Point| {
        let (x, y) = p.xy(size);
        let edge = x == 0 || y == 0 || x + 1 == size || y + 1 == size;
        edge && (x.saturating_sub(2)..=(x + 2).min(size - 1)).all(|qx| {
            (y.saturating_sub(2)..=(y + 2).min(size - 1))
                .all(|qy| board.color_at(Point::new(qx, qy, size)).is_none())
        })
    };
    let kept: Vec<Point> = cands.iter().copied().filter(|&p| !lonely_edge(p)).collect();
    if kept.is_empty() {
        cands
    } else {
        kept
    }
}

struct Job<'a> {
    color: Color,
    komi: f64,
    cands: &'a [Point],
    base: &'a [Stats],
    total: u64,
    c: f64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    max_moves: usize,
}

impl Job<'_> {
    fn work<const W: usize, const P: usize>(
        &self,
        root: &Board<W, P>,
        budget: Option<u64>,
        seed: u64,
        n_own: usize,
    ) -> Work {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut local = vec![Stats::default(); self.cands.len()];
        let mut own = vec![0.0; n_own];
        let mut pass = Stats::default();
        let mut done = 0u64;
        let sign = self.color.sign();
        loop {
            if budget.is_some_and(|b| done >= b) {
                break;
            }
            if done.is_multiple_of(8) {
                if self.stop.load(Ordering::Relaxed) {
                    break;
                }
                if self.deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
            }
            let mut b = *root;
            let i = self.select(&local, self.total + done);
            match i {
                Some(i) => {
                    b.play_unchecked(self.color, self.cands[i]);
                }
                None => b.pass(),
            }
            let r = playout(
                &mut b,
                self.color.opponent(),
                self.komi,
                self.max_moves,
                &mut rng,
            );
            let s = sign * r.score;
            {
                // the pass stands for the move only when there is no candidate at all
                let st = match i {
                    Some(i) => &mut local[i],
                    None => &mut pass,
                };
                st.visits += 1;
                st.score += s;
                st.score_sq += s * s;
                st.wins += if s > 0.0 {
                    1.0
                } else if s == 0.0 {
                    0.5
                } else {
                    0.0
                };
            }
            b.add_area_ownership(&mut own);
            done += 1;
        }
        Work {
            stats: local,
            pass,
            own,
            done,
        }
    }

    /// UCB1 over base + local statistics; unvisited candidates first. `None` without candidates.
    fn select(&self, local: &[Stats], total: u64) -> Option<usize> {
        let ln = ((total + 1) as f64).ln();
        let mut best = None;
        let mut best_v = f64::NEG_INFINITY;
        for (i, (a, b)) in self.base.iter().zip(local).enumerate() {
            let n = a.visits + b.visits;
            if n == 0 {
                return Some(i);
            }
            let n = n as f64;
            let v = (a.wins + b.wins) / n + self.c * (ln / n).sqrt();
            if v > best_v {
                best_v = v;
                best = Some(i);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Vertex;
    use crate::rules::{Move, Preset, Rules};
    use crate::search::time::TimeLimit;
    use crate::search::Limits;
    use std::time::Duration;

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    fn fixed(playouts: u64) -> FlatParams {
        FlatParams {
            playouts: Some(playouts),
            ..FlatParams::default()
        }
    }

    fn search(g: &Game, c: Color, params: FlatParams, limits: Limits, barred: &[Point]) -> Report {
        FlatSearch::new(params).search(&Request::new(g, c, limits).barred(barred), &mut |_| {})
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
            let r = search(&g, Color::Black, fixed(500), playouts(500), &[]);
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
            let r = search(&g, c, fixed(50), playouts(50), &[]);
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
        let r = search(&g, Color::Black, fixed(100), playouts(100), &barred);
        assert_eq!(r.moves.len(), 2);
        assert!(r.moves.iter().all(|m| !barred.contains(&m.mv.unwrap())));
        // everything barred: only pass is left
        let all = g.board().points();
        let r = search(&g, Color::Black, fixed(10), playouts(10), &all);
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
        let r = search(&g, Color::Black, fixed(2000), playouts(2000), &[]);
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
        let r = FlatSearch::new(fixed(300)).search(
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
    fn no_lonely_first_line_moves() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        g.play(Color::Black, Move::Play(pt("C3", 9))).unwrap();
        let s = FlatRoot::new(&g, Color::White, &fixed(10), &[]);
        assert!(!s.cands.contains(&pt("A9", 9)));
        assert!(!s.cands.contains(&pt("F1", 9)));
        assert!(s.cands.contains(&pt("A1", 9)) && s.cands.contains(&pt("B2", 9)));
        assert!(s.cands.contains(&pt("E2", 9)));
        // tiny boards keep every move
        let g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            FlatRoot::new(&g, Color::Black, &fixed(10), &[]).cands.len(),
            25
        );
    }

    #[test]
    fn two_threads_split_the_budget() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let p = FlatParams {
            threads: 2,
            ..fixed(300)
        };
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
            FlatParams::default(),
            Limits {
                playouts: None,
                time: Some(TimeLimit::at_most(0.05)),
            },
            &[],
        );
        assert!(r.playouts > 0);
        let r = FlatSearch::new(FlatParams::default()).search(
            &Request::new(&g, Color::Black, playouts(1_000_000)).stop(&AtomicBool::new(true)),
            &mut |_| {},
        );
        assert_eq!(r.playouts, 0);
        assert!(r.moves.is_empty() && r.ownership.is_empty());
    }
}
