//! Flat Monte-Carlo player: every legal non-eye-filling move of the side to move is tried
//! with light playouts (chosen by UCB1), the most visited move wins. It stands in for the
//! tree search behind the same interface: [`FlatSearch`] runs and reports, [`Clock`] decides
//! how long, [`FlatSearch::decide`] picks play, pass or resign. No protocol here.

use crate::board::{AnyBoard, Board, Color, Point};
use crate::rules::{Game, HandicapBonus, Move, Scoring, Status, StatusMap};
use crate::search::playout::playout;
use crate::with_board;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

/// How much work a call to [`FlatSearch::run`] may do.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limit {
    /// Further playouts allowed.
    pub playouts: Option<u64>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
}

/// Statistics of one candidate move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Stats {
    visits: u64,
    wins: f64,
    score: f64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.visits += o.visits;
        self.wins += o.wins;
        self.score += o.score;
    }
}

/// What the search says about one candidate move, from the searching side's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveInfo {
    /// The move (`None`: pass).
    pub mv: Option<Point>,
    /// Playouts through this move.
    pub visits: u64,
    /// Share of those playouts won, 0..1.
    pub winrate: f64,
    /// Mean final score margin.
    pub score_lead: f64,
    /// Prior probability (uniform over the candidates).
    pub prior: f64,
    /// Lower confidence bound of the winrate.
    pub lcb: f64,
}

/// What to do with the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play a stone.
    Play(Point),
    /// Pass.
    Pass,
    /// Resign.
    Resign,
}

/// A flat Monte-Carlo search from one position for one colour.
#[derive(Clone, Debug)]
pub struct FlatSearch {
    board: AnyBoard,
    color: Color,
    /// Komi for the playouts, including White's handicap bonus under area scoring.
    komi: f64,
    cands: Vec<Point>,
    stats: Vec<Stats>,
    /// Sum over playouts of the final owner of each point (Black +1, White -1), by padded index.
    own: Vec<f64>,
    playouts: u64,
    rounds: u64,
    params: FlatParams,
    opponent_passed: bool,
}

/// The komi that playouts (area-scored) should use for `game`: komi plus White's handicap
/// bonus where the rules give one.
pub fn playout_komi(game: &Game) -> f64 {
    let h = game.handicap() as f64;
    let r = game.rules();
    let bonus = match (r.scoring, r.handicap_bonus) {
        (Scoring::Area, HandicapBonus::N) => h,
        (Scoring::Area, HandicapBonus::NMinusOne) => (h - 1.0).max(0.0),
        _ => 0.0,
    };
    game.komi() + bonus
}

impl FlatSearch {
    /// A search for `color` in `game`'s current position; candidates are the legal moves under
    /// the game's full rules that are not suicide and do not fill one of `color`'s eyes.
    pub fn new(game: &Game, color: Color, params: &FlatParams) -> FlatSearch {
        let board = game.board().clone();
        let cands: Vec<Point> = game
            .legal_moves(color)
            .into_iter()
            .filter(|&p| {
                board.is_empty_point(p)
                    && board.suicide_stones(color, p) == 0
                    && board.is_legal_simple(color, p)
                    && !board.is_eye(color, p)
            })
            .collect();
        let cands = drop_lonely_edge_moves(&board, cands);
        let n_idx = board
            .points()
            .iter()
            .map(|p| p.idx() + 1)
            .max()
            .unwrap_or(0);
        let opponent_passed = matches!(game.moves().last(), Some(&(c, Move::Pass)) if c != color);
        FlatSearch {
            stats: vec![Stats::default(); cands.len()],
            cands,
            board,
            color,
            komi: playout_komi(game),
            own: vec![0.0; n_idx],
            playouts: 0,
            rounds: 0,
            params: params.clone(),
            opponent_passed,
        }
    }

    /// The colour searched for.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Playouts run so far.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Runs playouts until the limit is reached or `stop` becomes true. With no limit at all
    /// it runs one playout per candidate (at least one).
    pub fn run(&mut self, limit: Limit, stop: &AtomicBool) {
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
        let results: Vec<(Vec<Stats>, Vec<f64>, u64)> = if threads == 1 {
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
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        for (stats, own, n) in results {
            for (a, b) in self.stats.iter_mut().zip(&stats) {
                a.add(b);
            }
            for (a, b) in self.own.iter_mut().zip(&own) {
                *a += b;
            }
            self.playouts += n;
        }
    }

    /// The candidates that have been tried, most visited first.
    pub fn infos(&self) -> Vec<MoveInfo> {
        let prior = 1.0 / self.cands.len().max(1) as f64;
        let mut v: Vec<MoveInfo> = self
            .cands
            .iter()
            .zip(&self.stats)
            .filter(|(_, s)| s.visits > 0)
            .map(|(&p, s)| {
                let n = s.visits as f64;
                let w = s.wins / n;
                MoveInfo {
                    mv: Some(p),
                    visits: s.visits,
                    winrate: w,
                    score_lead: s.score / n,
                    prior,
                    lcb: (w - 1.96 * (w * (1.0 - w) / n).sqrt() - 0.5 / n).max(0.0),
                }
            })
            .collect();
        v.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate.total_cmp(&a.winrate))
        });
        v
    }

    /// Expected final owner of `p` from 1 (Black) to -1 (White); 0 before any playout.
    pub fn ownership(&self, p: Point) -> f64 {
        if self.playouts == 0 {
            return 0.0;
        }
        self.own
            .get(p.idx())
            .map_or(0.0, |s| s / self.playouts as f64)
    }

    /// Mean winrate over all playouts for the searching side (0.5 before any).
    pub fn winrate(&self) -> f64 {
        let (w, n) = self
            .stats
            .iter()
            .fold((0.0, 0u64), |(w, n), s| (w + s.wins, n + s.visits));
        if n == 0 {
            0.5
        } else {
            w / n as f64
        }
    }

    /// Whether some opponent stone ends up owned by the searching side in the playouts, with
    /// a mean ownership (from the searching side's view) above `threshold` (-1..1).
    pub fn opponent_dead_stones(&self, threshold: f64) -> bool {
        let opp = self.color.opponent();
        let sign = if self.color == Color::Black {
            1.0
        } else {
            -1.0
        };
        self.playouts > 0
            && self.board.points().into_iter().any(|p| {
                self.board.color_at(p) == Some(opp) && sign * self.ownership(p) > threshold
            })
    }

    /// The move to make. `cleanup`: never pass while opponent dead stones remain and never
    /// resign (KGS cleanup phase).
    pub fn decide(&self, cleanup: bool) -> Decision {
        let infos = self.infos();
        let Some(best) = infos.first() else {
            return Decision::Pass;
        };
        let Some(p) = best.mv else {
            return Decision::Pass;
        };
        let size = self.board.size();
        let enough = self.playouts >= (self.cands.len() as u64 * 4).max(64);
        if !cleanup
            && self.params.resign_threshold > 0.0
            && enough
            && best.winrate < self.params.resign_threshold
            && self.board.stone_counts().iter().sum::<usize>() > size * size / 4
        {
            return Decision::Resign;
        }
        if cleanup {
            return Decision::Play(p);
        }
        // a settled board (every point's owner clear in the playouts) while ahead: pass
        let points = self.board.points();
        if enough
            && best.winrate > 0.5
            && best.score_lead > 0.0
            && points.iter().all(|&q| self.ownership(q).abs() > 0.9)
            && !self.opponent_dead_stones(0.5)
        {
            return Decision::Pass;
        }
        // after the opponent's pass, end the game when we are ahead as things stand
        if self.opponent_passed && enough && best.score_lead > 0.0 && best.winrate > 0.5 {
            let sign = if self.color == Color::Black {
                1.0
            } else {
                -1.0
            };
            let settled = points
                .iter()
                .map(|&q| self.ownership(q).round() * sign)
                .sum::<f64>()
                - self.komi * sign;
            if settled > 0.0 {
                return Decision::Pass;
            }
        }
        Decision::Play(p)
    }
}

/// Chains (by head) in a simple seki: every liberty is either a one-point eye of the chain's
/// colour or shared with an enemy chain, at most one eye, at least two liberties, and every
/// enemy chain across a shared liberty is of the same kind with as many eyes. Then filling a
/// shared liberty only helps the opponent, so nobody does. Bigger eye spaces are left to the
/// playouts.
pub fn seki_chains(board: &AnyBoard) -> Vec<Point> {
    struct Info {
        eyes: usize,
        libs: usize,
        other: usize,
        enemies: Vec<Point>,
    }
    let mut infos: Vec<(Point, Info)> = vec![];
    for p in board.points() {
        let Some(c) = board.color_at(p) else { continue };
        if board.chain_head(p) != p {
            continue;
        }
        let libs = board.chain_liberties(p);
        let mut info = Info {
            eyes: 0,
            libs: libs.len(),
            other: 0,
            enemies: vec![],
        };
        for l in libs {
            let ns = board.neighbors(l);
            if ns.iter().all(|&q| board.color_at(q) == Some(c)) {
                info.eyes += 1;
            } else if ns.iter().any(|&q| board.color_at(q) == Some(c.opponent())) {
                for q in ns {
                    if board.color_at(q) == Some(c.opponent()) {
                        let h = board.chain_head(q);
                        if !info.enemies.contains(&h) {
                            info.enemies.push(h);
                        }
                    }
                }
            } else {
                info.other += 1;
            }
        }
        infos.push((p, info));
    }
    let mut cand: Vec<bool> = infos
        .iter()
        .map(|(_, i)| i.libs >= 2 && i.other == 0 && i.eyes <= 1 && !i.enemies.is_empty())
        .collect();
    loop {
        let mut changed = false;
        for k in 0..infos.len() {
            if !cand[k] {
                continue;
            }
            let ok = infos[k].1.enemies.iter().all(|e| {
                infos
                    .iter()
                    .position(|(h, _)| h == e)
                    .is_some_and(|j| cand[j] && infos[j].1.eyes == infos[k].1.eyes)
            });
            if !ok {
                cand[k] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    infos
        .into_iter()
        .zip(cand)
        .filter_map(|((h, _), c)| c.then_some(h))
        .collect()
}

/// Life and death for scoring: the rules' default (Benson), chains in a simple seki (see
/// [`seki_chains`]), and, unless the rules count the board as it stands, chains that the
/// playouts say are lost (mean ownership below -0.3 from their owner's view).
pub fn estimate_status(game: &Game, params: &FlatParams) -> StatusMap {
    let mut status = game.default_status();
    let board = game.board();
    let seki = seki_chains(board);
    for &h in &seki {
        status.set_chain(board, h, Status::Seki);
    }
    if !game.rules().remove_dead || board.stone_counts() == [0, 0] {
        return status;
    }
    let params = FlatParams {
        threads: 1,
        ..params.clone()
    };
    let mut s = FlatSearch::new(game, game.to_move(), &params);
    let n = params.playouts.unwrap_or(1000).clamp(200, 2000);
    s.run(
        Limit {
            playouts: Some(n),
            deadline: Some(deadline_in(params.time.clamp(0.2, 3.0))),
        },
        &AtomicBool::new(false),
    );
    for p in board.points() {
        let Some(c) = board.color_at(p) else { continue };
        if board.chain_head(p) != p || seki.contains(&p) || status.get(p) != Status::Alive {
            continue;
        }
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let stones = board.chain_points(p);
        let mean = stones.iter().map(|&q| s.ownership(q)).sum::<f64>() * sign / stones.len() as f64;
        if mean < -0.3 {
            status.set_chain(board, p, Status::Dead);
        }
    }
    status
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
    ) -> (Vec<Stats>, Vec<f64>, u64) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut local = vec![Stats::default(); self.cands.len()];
        let mut own = vec![0.0; n_own];
        let mut done = 0u64;
        let sign = if self.color == Color::Black {
            1.0
        } else {
            -1.0
        };
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
            if let Some(i) = i {
                let st = &mut local[i];
                st.visits += 1;
                st.score += s;
                st.wins += if s > 0.0 {
                    1.0
                } else if s == 0.0 {
                    0.5
                } else {
                    0.0
                };
            }
            for p in b.points() {
                let owner = b.color_at(p).or_else(|| {
                    let mut n = b.neighbors(p).filter_map(|q| b.color_at(q));
                    let first = n.next()?;
                    n.all(|c| c == first).then_some(first)
                });
                if let (Some(c), Some(o)) = (owner, own.get_mut(p.idx())) {
                    *o += if c == Color::Black { 1.0 } else { -1.0 };
                }
            }
            done += 1;
        }
        (local, own, done)
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

impl Clock {
    /// Seconds to think on this move: `default` when no clock is set, otherwise a share of
    /// what is left, kept clear of the flag. `moves_played` and `size` estimate what remains.
    pub fn move_time(&self, c: Color, size: usize, moves_played: usize, default: f64) -> f64 {
        let margin = 0.25;
        let remaining_moves = ((size * size) as f64 * 0.45 - moves_played as f64 / 2.0).max(12.0);
        let t = match self.kind {
            ClockKind::Unlimited => return default,
            // no time_settings, but the controller reports a clock: respect it
            ClockKind::Unset => match self.left[c.index()] {
                None => return default,
                Some((t, s)) if s > 0 => (t / s as f64).min(default),
                Some((t, _)) => (t / remaining_moves).min(default),
            },
            ClockKind::Absolute => {
                let left = self.left[c.index()].map_or(self.main, |l| l.0);
                left / remaining_moves
            }
            ClockKind::Canadian => match self.left[c.index()] {
                Some((t, s)) if s > 0 => t / s as f64,
                Some((t, _)) => t / remaining_moves + self.overtime_share(),
                None => self.main / remaining_moves + self.overtime_share(),
            },
            ClockKind::Byoyomi => match self.left[c.index()] {
                Some((t, s)) if s > 0 => t.min(self.period),
                Some((t, _)) => t / remaining_moves + self.period,
                None => self.main / remaining_moves + self.period,
            },
        };
        // A flat search gains little after a minute; day-long correspondence clocks
        // (gtp2ogs) must not keep the engine busy for hours.
        let cap = (10.0 * default).max(MAX_MOVE_SECONDS);
        (t * 0.9 - margin).clamp(0.05, cap)
    }

    fn overtime_share(&self) -> f64 {
        if self.stones > 0 {
            self.period / self.stones as f64
        } else {
            0.0
        }
    }
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
    use crate::board::Vertex;
    use crate::rules::{Preset, Rules};

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    fn fixed(playouts: u64) -> FlatParams {
        FlatParams {
            playouts: Some(playouts),
            ..FlatParams::default()
        }
    }

    #[test]
    fn same_seed_same_move() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let run = || {
            let mut s = FlatSearch::new(&g, Color::Black, &fixed(500));
            s.run(
                Limit {
                    playouts: Some(500),
                    deadline: None,
                },
                &AtomicBool::new(false),
            );
            assert_eq!(s.playouts(), 500);
            (s.decide(false), s.infos()[0].visits)
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn never_fills_own_eye_and_passes_when_nothing_else() {
        // 3x3: Black owns everything but two eyes A1 and C3; Black has no move but its eyes
        let mut g = Game::new(3, Rules::preset(Preset::Chinese)).unwrap();
        let b: Vec<Point> = ["B1", "C1", "A2", "B2", "C2", "A3", "B3"]
            .iter()
            .map(|v| pt(v, 3))
            .collect();
        g.setup(&b, &[], &[]).unwrap();
        let mut s = FlatSearch::new(&g, Color::Black, &fixed(50));
        s.run(
            Limit {
                playouts: Some(50),
                deadline: None,
            },
            &AtomicBool::new(false),
        );
        assert_eq!(s.decide(false), Decision::Pass);
        assert!(s.infos().is_empty());
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
        let mut s = FlatSearch::new(&g, Color::Black, &fixed(2000));
        s.run(
            Limit {
                playouts: Some(2000),
                deadline: None,
            },
            &AtomicBool::new(false),
        );
        assert!(matches!(s.decide(false), Decision::Play(_)));
        // capturing leaves Black the whole board: every playout through it is won
        let infos = s.infos();
        let e3 = infos.iter().find(|m| m.mv == Some(pt("E3", 5))).unwrap();
        assert!(e3.visits > 10 && e3.winrate == 1.0, "{e3:?}");
        assert!(s.ownership(pt("A1", 5)) > 0.9);
    }

    #[test]
    fn passes_on_a_settled_board_only_when_ahead() {
        // everything is decided; Black could still play inside its own A3-A5 area and White
        // could throw stones in there, but only the side ahead passes
        let diagram = "
            7 . X . X O . O
            6 X X X X O O O
            5 . X . X O . O
            4 . X X X O O O
            3 . X . X O . O
            2 X X X X O O O
            1 . X . X O . O";
        let mut g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(0.5);
        let search = |c: Color| {
            let mut s = FlatSearch::new(&g, c, &fixed(1000));
            assert!(!s.infos().is_empty() || s.cands.len() > 1, "{c} has moves");
            s.run(
                Limit {
                    playouts: Some(1000),
                    deadline: None,
                },
                &AtomicBool::new(false),
            );
            s.decide(false)
        };
        assert_eq!(search(Color::Black), Decision::Pass);
        assert_ne!(search(Color::White), Decision::Pass);
    }

    #[test]
    fn no_lonely_first_line_moves() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        g.play(Color::Black, Move::Play(pt("C3", 9))).unwrap();
        let s = FlatSearch::new(&g, Color::White, &fixed(10));
        assert!(!s.cands.contains(&pt("A9", 9)));
        assert!(!s.cands.contains(&pt("F1", 9)));
        assert!(s.cands.contains(&pt("A1", 9)) && s.cands.contains(&pt("B2", 9)));
        assert!(s.cands.contains(&pt("E2", 9)));
        // tiny boards keep every move
        let g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            FlatSearch::new(&g, Color::Black, &fixed(10)).cands.len(),
            25
        );
    }

    #[test]
    fn seki_is_found_and_not_dead() {
        // one eye each (B4, F4) and the D column shared: seki
        let seki = "
            7 X X X . O O O
            6 X X X . O O O
            5 X X X . O O O
            4 X . X . O . O
            3 X X X . O O O
            2 X X X . O O O
            1 X X X . O O O";
        let mut g = Game::from_diagram(seki, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(0.5);
        assert_eq!(seki_chains(g.board()).len(), 2);
        let st = estimate_status(&g, &fixed(500));
        assert_eq!(st.get(pt("A1", 7)), Status::Seki);
        assert_eq!(st.get(pt("G7", 7)), Status::Seki);
        assert_eq!(g.score(&st).to_string(), "W+0.5");
        // give Black a second eye: no seki, White's one-eyed group is dead
        let alive = "
            7 X X X . O O O
            6 X . X . O O O
            5 X X X . O O O
            4 X . X . O . O
            3 X X X . O O O
            2 X X X . O O O
            1 X X X . O O O";
        let g = Game::from_diagram(alive, Rules::preset(Preset::Chinese)).unwrap();
        assert!(seki_chains(g.board()).is_empty());
        // a lone stone inside enemy territory is no seki
        let lone = "
            5 . X . . .
            4 X X . . .
            3 . . . O .
            2 . . . . .
            1 . . . . .";
        let g = Game::from_diagram(lone, Rules::preset(Preset::Chinese)).unwrap();
        assert!(seki_chains(g.board()).is_empty());
    }

    #[test]
    fn two_threads_split_the_budget() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let p = FlatParams {
            threads: 2,
            ..fixed(300)
        };
        let mut s = FlatSearch::new(&g, Color::White, &p);
        s.run(
            Limit {
                playouts: Some(301),
                deadline: None,
            },
            &AtomicBool::new(false),
        );
        assert_eq!(s.playouts(), 301);
        assert!((s.ownership(pt("E5", 9))).abs() <= 1.0);
    }

    #[test]
    fn stop_flag_and_deadline_end_the_run() {
        let g = Game::new(19, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = FlatSearch::new(&g, Color::Black, &FlatParams::default());
        s.run(
            Limit {
                playouts: None,
                deadline: Some(deadline_in(0.05)),
            },
            &AtomicBool::new(false),
        );
        assert!(s.playouts() > 0);
        let n = s.playouts();
        s.run(
            Limit {
                playouts: Some(1_000_000),
                deadline: None,
            },
            &AtomicBool::new(true),
        );
        assert_eq!(s.playouts(), n);
    }

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
}
