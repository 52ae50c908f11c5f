//! The flat search of one position for one colour: the candidate moves (legal, no own
//! eye filled, no lonely first-line move), rounds of playouts shared among the threads, and
//! the report of what they found.

use super::work::{Job, Stats, Work};
use super::FlatParams;
use crate::board::{AnyBoard, Color, Point};
use crate::rules::Game;
use crate::search::Think;
use crate::search::{MoveInfo, Report};
use crate::with_board;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How much work one call to [`FlatRoot::run`] may do.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Limit {
    /// Further playouts allowed.
    pub(super) playouts: Option<u64>,
    /// Stop at this time.
    pub(super) deadline: Option<Instant>,
}

/// A flat Monte-Carlo search from one position for one colour.
#[derive(Clone, Debug)]
pub(super) struct FlatRoot {
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
    /// Playouts run so far.
    pub(super) playouts: u64,
    rounds: u64,
    think: Think,
    params: FlatParams,
}

impl FlatRoot {
    /// A search for `color` in `game`'s current position; candidates are the legal moves under
    /// the game's full rules that are not suicide, do not fill one of `color`'s eyes and are
    /// not in `barred`.
    pub(super) fn new(
        game: &Game,
        color: Color,
        think: &Think,
        params: &FlatParams,
        barred: &[Point],
    ) -> FlatRoot {
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
            think: think.clone(),
            params: params.clone(),
        }
    }

    /// Runs playouts until the limit is reached or `stop` becomes true. With no limit at all
    /// it runs one playout per candidate (at least one).
    pub(super) fn run(&mut self, limit: Limit, stop: &AtomicBool) {
        let budget = match (limit.playouts, limit.deadline) {
            (None, None) => Some(self.cands.len().max(1) as u64),
            (p, _) => p,
        };
        let threads = self.think.threads.clamp(1, 64);
        let seed = self
            .think
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
    pub(super) fn report(&self) -> Report {
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
            score_stdev: crate::search::stdev(all.visits as f64, all.score, all.score_sq),
            ownership_stdev: vec![],
        };
        crate::search::scale_score_stdev(&mut report, &self.board);
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

#[cfg(test)]
mod tests {
    use super::super::tests::pt;
    use super::*;
    use crate::rules::{Move, Preset, Rules};

    #[test]
    fn no_lonely_first_line_moves() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        g.play(Color::Black, Move::Play(pt("C3", 9))).unwrap();
        let s = FlatRoot::new(
            &g,
            Color::White,
            &Think::for_tests(),
            &FlatParams::default(),
            &[],
        );
        assert!(!s.cands.contains(&pt("A9", 9)));
        assert!(!s.cands.contains(&pt("F1", 9)));
        assert!(s.cands.contains(&pt("A1", 9)) && s.cands.contains(&pt("B2", 9)));
        assert!(s.cands.contains(&pt("E2", 9)));
        // tiny boards keep every move
        let g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            FlatRoot::new(
                &g,
                Color::Black,
                &Think::for_tests(),
                &FlatParams::default(),
                &[]
            )
            .cands
            .len(),
            25
        );
    }
}
