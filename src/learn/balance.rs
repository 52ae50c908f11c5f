//! `tengen patterns balance`: simulation balancing (Huang, Coulom and Lin, "Monte-Carlo
//! Simulation Balancing in Practice", 2010) of the learned playout policy's gammas
//! ([`crate::search::playout::learned`]). The gammas are tuned so that the playouts' win
//! rate V(s) of a set of positions comes closer to a deeper evaluation V*(s) of them, rather
//! than so that single moves look like strong players' moves.
//!
//! This module owns the training positions (made from short-search openings, evaluated by
//! a deep tree search, cached as JSON lines), the policy gradient of a playout (the sum over
//! the moves drawn from the weights of the chosen move's features minus their expectation
//! under the policy; moves of the tactical overrides carry none), and the two-step update
//! of the paper's Algorithm 2: per position, M playouts estimate V(s), N more accumulate the
//! gradient psi weighted by the outcome, and the log-gammas move by
//! alpha (V*(s) - V(s)) psi / N.
//!
//! Features are the log-gammas of the shape classes of the starting file (the rare shapes
//! share one) and of distance classes 1 to 3. Everything runs on one thread and is
//! deterministic given `--seed`.

use crate::board::{Board, Color, Point, Vertex};
use crate::patterns::shape3::{
    distance_class, playable, shape_index, swap_colours, transform, DISTANCES, SHAPES,
};
use crate::rules::{Game, Move, Preset, Rules};
use crate::search::params::SearchParams;
use crate::search::playout::heavy::Replies;
use crate::search::playout::learned::{Gammas, Learned, LearnedParams, LearnedState};
use crate::search::playout::{area_score, below, play_out, Context, MovePolicy, PlayoutParams};
use crate::search::uct::TreeSearch;
use crate::search::{Limits, Request, Searcher, Think};
use crate::tactics;
use crate::with_board;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `tengen patterns balance`.
#[derive(clap::Args, Debug)]
pub struct BalanceArgs {
    /// The evaluated training positions (JSON lines): read if the file exists, else made,
    /// evaluated and written there.
    #[arg(long, default_value = "target/balance/positions9.jsonl")]
    pub positions: PathBuf,
    /// Positions to make when the file does not exist.
    #[arg(long, default_value_t = 300)]
    pub count: usize,
    /// Board size of made positions.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Komi of made positions (Chinese rules).
    #[arg(long, default_value_t = 7.5)]
    pub komi: f64,
    /// Fewest moves played before a made position is taken.
    #[arg(long, default_value_t = 6)]
    pub min_moves: usize,
    /// Most moves played before a made position is taken.
    #[arg(long, default_value_t = 40)]
    pub max_moves: usize,
    /// Playouts of the short search that plays each opening move (the first move is a
    /// random point off the edge lines).
    #[arg(long, default_value_t = 64)]
    pub opening_playouts: u64,
    /// Playouts of the deep search (the default engine, one thread) that evaluates each
    /// position: V* is its most visited move's win rate, from Black's view.
    #[arg(long, default_value_t = 5000)]
    pub eval_playouts: u64,
    /// Make and evaluate the positions only.
    #[arg(long)]
    pub make_only: bool,
    /// The last this many positions of the file are held out: never trained on, only
    /// measured.
    #[arg(long, default_value_t = 60)]
    pub holdout: usize,
    /// The gammas to start from (default: the embedded ones, src/search/playout/learned.bin).
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// The balanced gammas to write (rewritten after every iteration); use them with
    /// `--param policy=learned --param learned_gammas=FILE`.
    #[arg(long, default_value = "target/balance/balanced.bin")]
    pub out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Playouts per position that estimate V(s) (the paper's M).
    #[arg(long, default_value_t = 64)]
    pub m: usize,
    /// Playouts per position that accumulate the gradient (the paper's N).
    #[arg(long, default_value_t = 64)]
    pub n: usize,
    /// Step size alpha of the log-gammas.
    #[arg(long, default_value_t = 2.0)]
    pub alpha: f64,
    /// Playouts per position for the reported mean squared errors.
    #[arg(long, default_value_t = 200)]
    pub measure: usize,
    /// Weight each gradient playout by its outcome z (1 a Black win, else 0) alone, as
    /// the paper writes it, instead of z - V(s) (the same expectation, less noise).
    #[arg(long)]
    pub no_baseline: bool,
    /// Seed of every random draw.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// One training position: the moves from the empty board and the deep evaluation.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sample {
    /// Board size.
    pub size: usize,
    /// Komi (Chinese rules).
    pub komi: f64,
    /// The moves from the empty board, Black first, as GTP vertices or `pass`.
    pub moves: Vec<String>,
    /// V*(s): Black's win probability by the deep search.
    pub target: f64,
    /// Playouts of the deep search.
    pub playouts: u64,
}

impl Sample {
    /// The game these moves lead to; an illegal or unreadable move is an error.
    pub fn game(&self) -> Result<Game, String> {
        let mut rules = Rules::preset(Preset::Chinese);
        rules.komi = self.komi;
        let mut g = Game::new(self.size, rules)
            .ok_or_else(|| format!("unsupported board size {}", self.size))?;
        g.set_komi(self.komi);
        for m in &self.moves {
            let mv = if m.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                let v: Vertex = m.parse().map_err(|_| format!("bad vertex '{m}'"))?;
                Move::Play(
                    v.to_point(self.size)
                        .ok_or_else(|| format!("{m} is off the board"))?,
                )
            };
            let c = g.to_move();
            g.play(c, mv).map_err(|e| format!("{m}: {e}"))?;
        }
        Ok(g)
    }
}

/// Reads positions written by [`write_samples`]; a bad line is an error naming it.
pub fn read_samples(path: &Path) -> Result<Vec<Sample>, String> {
    let text = crate::files::read_text(path, crate::files::RECORDS)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let s: Sample = serde_json::from_str(l)
                .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))?;
            if !(0.0..=1.0).contains(&s.target) {
                return Err(format!(
                    "{} line {}: target outside 0..1",
                    path.display(),
                    i + 1
                ));
            }
            Ok(s)
        })
        .collect()
}

/// Writes positions as JSON lines (through a temporary file).
pub fn write_samples(path: &Path, samples: &[Sample]) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut text = String::new();
    for s in samples {
        text += &serde_json::to_string(s).map_err(|e| e.to_string())?;
        text.push('\n');
    }
    super::write_whole(path, text.as_bytes())
}

/// A seed for item `i` of stream `stream` under `seed`.
fn mix(seed: u64, stream: u64, i: u64) -> u64 {
    let mut x = seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(stream.wrapping_mul(0xbf58_476d_1ce4_e5b9))
        .wrapping_add(i.wrapping_mul(0x94d0_49bb_1331_11eb));
    x ^= x >> 31;
    x.wrapping_mul(0xd6e8_feb8_6659_fd93)
}

fn vertex_text(mv: Option<Point>, size: usize) -> String {
    mv.map_or("pass".to_string(), |p| p.vertex(size).to_string())
}

/// Makes position `i`: a random first move off the edge lines, then moves of a short
/// search, `min..=max` moves in all (fewer if the search passes); then the deep evaluation.
fn make_sample(a: &BalanceArgs, i: usize) -> Result<Sample, String> {
    let mut rng = SmallRng::seed_from_u64(mix(a.seed, 1, i as u64));
    let span = a.max_moves.saturating_sub(a.min_moves) as u32 + 1;
    let k = a.min_moves + below(&mut rng, span) as usize;
    let mut rules = Rules::preset(Preset::Chinese);
    rules.komi = a.komi;
    let mut g = Game::new(a.size, rules).ok_or_else(|| format!("unsupported size {}", a.size))?;
    g.set_komi(a.komi);
    let mut moves = vec![];
    let search = |g: &Game, playouts: u64, seed: u64| {
        let think = Think {
            playouts: Some(playouts),
            time: 1.0,
            threads: 1,
            seed,
            lag: 0.0,
        };
        let mut s = TreeSearch::new(
            &think,
            SearchParams {
                max_nodes: 1 << 20,
                ..SearchParams::default()
            },
        );
        let req = Request::new(
            g,
            g.to_move(),
            Limits {
                playouts: Some(playouts),
                ..Limits::default()
            },
        );
        s.search(&req, &mut |_| {})
    };
    for j in 0..k {
        let c = g.to_move();
        let mv = if j == 0 {
            let lo = (a.size > 4) as usize * 2;
            let n = (a.size - 2 * lo) as u32;
            let (x, y) = (
                lo + below(&mut rng, n) as usize,
                lo + below(&mut rng, n) as usize,
            );
            Some(Point::new(x, y, a.size))
        } else {
            let r = search(
                &g,
                a.opening_playouts,
                mix(a.seed, 2, (i * 1000 + j) as u64),
            );
            r.moves.first().and_then(|m| m.mv)
        };
        let Some(p) = mv else { break };
        g.play(c, Move::Play(p))
            .map_err(|e| format!("opening move: {e}"))?;
        moves.push(vertex_text(Some(p), a.size));
    }
    let r = search(&g, a.eval_playouts, mix(a.seed, 3, i as u64));
    let best = r.moves.first().map_or(r.winrate, |m| m.winrate);
    let target = match r.color.unwrap_or(g.to_move()) {
        Color::Black => best,
        Color::White => 1.0 - best,
    };
    Ok(Sample {
        size: a.size,
        komi: a.komi,
        moves,
        target: (target * 1e4).round() / 1e4,
        playouts: a.eval_playouts,
    })
}

/// The positions: read from the cache, or made, evaluated and written there.
fn load_or_make(a: &BalanceArgs) -> Result<Vec<Sample>, String> {
    if a.positions.exists() {
        let s = read_samples(&a.positions)?;
        println!("{} positions read from {}", s.len(), a.positions.display());
        return Ok(s);
    }
    if a.min_moves > a.max_moves || a.count == 0 {
        return Err("need --count > 0 and --min-moves <= --max-moves".into());
    }
    let t = Instant::now();
    let mut out = Vec::with_capacity(a.count);
    for i in 0..a.count {
        out.push(make_sample(a, i)?);
        if (i + 1) % 10 == 0 || i + 1 == a.count {
            let mean = out.iter().map(|s| s.target).sum::<f64>() / out.len() as f64;
            println!(
                "made {}/{} positions, mean V* {mean:.3}, {:.0} s",
                i + 1,
                a.count,
                t.elapsed().as_secs_f64()
            );
        }
    }
    write_samples(&a.positions, &out)?;
    println!(
        "{} positions written to {}",
        out.len(),
        a.positions.display()
    );
    Ok(out)
}

/// Marks a shape index no feature covers (unplayable).
const NONE: u32 = u32::MAX;

/// The features and their log-gammas: index 0 the rare shapes, 1..=n the file's shape
/// classes, then distance classes 1 to 3.
#[derive(Clone, Debug)]
pub struct Features {
    /// Each shape index's feature (Black to move), [`NONE`] when unplayable.
    class_of: Vec<u32>,
    /// The canonical index of feature `i + 1`.
    keys: Vec<u32>,
    /// Log-gammas by feature.
    pub theta: Vec<f64>,
}

/// Log-gammas are kept within this bound.
const THETA_MAX: f64 = 20.0;

impl Features {
    /// The features of a gammas file's parts (see [`Gammas::parts_from_bytes`]).
    pub fn new(classes: &[(u32, f32)], rare: f32, distance: [f32; DISTANCES]) -> Features {
        let mut class_of: Vec<u32> = (0..SHAPES as u32)
            .map(|i| if playable(i) { 0 } else { NONE })
            .collect();
        for (j, &(k, _)) in classes.iter().enumerate() {
            for s in 0..8 {
                let t = transform(k, s) as usize;
                if let Some(x) = class_of.get_mut(t).filter(|x| **x != NONE) {
                    *x = j as u32 + 1;
                }
            }
        }
        let ln = |g: f32| (g.max(1e-8) as f64).ln().clamp(-THETA_MAX, THETA_MAX);
        let mut theta: Vec<f64> = std::iter::once(ln(rare))
            .chain(classes.iter().map(|&(_, g)| ln(g)))
            .collect();
        theta.extend(distance[1..].iter().map(|&d| ln(d)));
        Features {
            class_of,
            keys: classes.iter().map(|&(k, _)| k).collect(),
            theta,
        }
    }

    /// Shape features (rare included).
    fn shapes(&self) -> usize {
        self.keys.len() + 1
    }

    /// The feature of distance class `d` (1..=3).
    fn distance_feature(&self, d: usize) -> usize {
        self.shapes() + d - 1
    }

    /// The feature of a shape index seen by the mover (Black's view), if playable.
    #[inline]
    fn shape_feature(&self, idx: u32) -> Option<usize> {
        match self.class_of.get(idx as usize) {
            Some(&c) if c != NONE => Some(c as usize),
            _ => None,
        }
    }

    fn distance_gammas(&self) -> [f32; DISTANCES] {
        let mut d = [1.0f32; DISTANCES];
        for (k, x) in d.iter_mut().enumerate().skip(1) {
            *x = self.theta[self.distance_feature(k)].exp() as f32;
        }
        d
    }

    /// Writes the current log-gammas into `g`'s tables.
    pub fn apply(&self, g: &mut Gammas) {
        let shape: Vec<f32> = self.theta[..self.shapes()]
            .iter()
            .map(|t| t.exp() as f32)
            .collect();
        g.assign(
            |i| self.shape_feature(i).map_or(0.0, |c| shape[c]),
            self.distance_gammas(),
        );
    }

    /// The gammas of the current log-gammas.
    pub fn gammas(&self) -> Gammas {
        let mut g = Gammas::uniform();
        self.apply(&mut g);
        g
    }

    /// The file form ([`Gammas::to_bytes`]) of the current log-gammas.
    pub fn to_bytes(&self) -> Vec<u8> {
        let classes: Vec<(u32, f32)> = self
            .keys
            .iter()
            .enumerate()
            .map(|(j, &k)| (k, self.theta[j + 1].exp() as f32))
            .collect();
        Gammas::to_bytes(&classes, self.theta[0].exp() as f32, self.distance_gammas())
    }

    /// Moves the log-gammas by `step` times `grad` (dense, one entry per feature).
    fn step(&mut self, grad: &[f64], step: f64) {
        for (t, g) in self.theta.iter_mut().zip(grad) {
            *t = (*t + step * g).clamp(-THETA_MAX, THETA_MAX);
        }
    }
}

/// One candidate of a draw: its shape feature, distance class and weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The point.
    pub point: Point,
    /// Its shape feature.
    pub shape: usize,
    /// Its distance class (0: far).
    pub distance: usize,
    /// Its weight in the draw.
    pub weight: f64,
}

/// The distribution the learned policy draws from for `c` on `b` (the weighted draw of
/// [`Learned::weighted`]): every empty point with positive weight, the ko point out, and
/// with `filter` the bad self-ataris out (the policy draws those again).
#[allow(clippy::too_many_arguments)]
pub fn candidates<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    ctx: &Context,
    filter: bool,
    f: &Features,
    g: &Gammas,
    near: f64,
    out: &mut Vec<Candidate>,
) {
    out.clear();
    let ko = b.ko().filter(|&(_, kc)| kc == c).map(|(k, _)| k);
    let mult: [f64; DISTANCES] =
        std::array::from_fn(|i| g.distance(i).powf(near as f32).min(1e6) as f64);
    for &e in b.empty_list() {
        let p = Point(e);
        if Some(p) == ko {
            continue;
        }
        let k = shape_index(b, p);
        let k = if c == Color::Black {
            k
        } else {
            swap_colours(k)
        };
        let Some(shape) = f.shape_feature(k) else {
            continue;
        };
        let w = g.shape(k) as f64;
        if w <= 0.0 {
            continue;
        }
        if filter && tactics::is_bad_self_atari(b, c, p) {
            continue;
        }
        let distance = distance_class(b.stride(), p, &ctx.last);
        out.push(Candidate {
            point: p,
            shape,
            distance,
            weight: w * mult[distance],
        });
    }
}

/// Adds to `psi` the gradient of log pi(`chosen`) over the candidates (dense: one entry per
/// feature, `near` the distance exponent): the chosen move's features minus their
/// expectation. Returns false (adding nothing) when `chosen` is not among them.
pub fn add_grad_log_pi(
    cands: &[Candidate],
    chosen: Point,
    f: &Features,
    near: f64,
    psi: &mut [f64],
) -> bool {
    let Some(pick) = cands.iter().find(|c| c.point == chosen) else {
        return false;
    };
    let total: f64 = cands.iter().map(|c| c.weight).sum();
    if total <= 0.0 {
        return false;
    }
    psi[pick.shape] += 1.0;
    if pick.distance > 0 {
        psi[f.distance_feature(pick.distance)] += near;
    }
    for c in cands {
        let pr = c.weight / total;
        psi[c.shape] -= pr;
        if c.distance > 0 {
            psi[f.distance_feature(c.distance)] -= pr * near;
        }
    }
    true
}

/// The learned policy with a trace: the drawn moves' gradients go to `psi` when it is on.
struct Traced<'a, 'b> {
    inner: Learned<'a>,
    f: &'b Features,
    g: &'b Gammas,
    near: f64,
    psi: Option<&'b mut Vec<f64>>,
    cands: Vec<Candidate>,
}

impl MovePolicy for Traced<'_, '_> {
    fn start<const W: usize, const P: usize>(&mut self, b: &Board<W, P>) {
        self.inner.start(b);
    }

    fn choose<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &mut Board<W, P>,
        c: Color,
        ctx: &Context,
        rng: &mut R,
    ) -> Option<Point> {
        let (p, drawn) = self.inner.choose_traced(b, c, ctx, rng);
        let (Some(p), Some(filter)) = (p, drawn) else {
            // a tactical rule's move is no draw from pi: no gradient
            return p;
        };
        if let Some(psi) = self.psi.as_deref_mut() {
            candidates(
                b,
                c,
                ctx,
                filter,
                self.f,
                self.g,
                self.near,
                &mut self.cands,
            );
            // a move not among them is the fallback after four bad self-ataris: not a
            // draw from pi, no gradient
            add_grad_log_pi(&self.cands, p, self.f, self.near, psi);
        }
        Some(p)
    }

    fn play<const W: usize, const P: usize>(&mut self, b: &mut Board<W, P>, c: Color, p: Point) {
        self.inner.play(b, c, p);
    }

    fn finish(&mut self, record: &[(Color, Point)], score: f64) {
        self.inner.finish(record, score);
    }
}

/// A position ready for playouts.
struct Prepared {
    game: Game,
    to_move: Color,
    last: [Option<Point>; 2],
    target: f64,
}

fn prepare(s: &Sample) -> Result<Prepared, String> {
    let game = s.game()?;
    let last_of = |i: usize| match game.moves().iter().rev().nth(i) {
        Some((_, Move::Play(p))) => Some(*p),
        _ => None,
    };
    Ok(Prepared {
        to_move: game.to_move(),
        last: [last_of(0), last_of(1)],
        target: s.target,
        game,
    })
}

/// Per-thread playout buffers.
struct Buffers {
    replies: Replies,
    state: LearnedState,
    record: Vec<(Color, Point)>,
    size: usize,
}

impl Buffers {
    fn fit(&mut self, size: usize) {
        if self.size != size {
            *self = Buffers::new(size);
        }
    }

    fn new(size: usize) -> Buffers {
        Buffers {
            replies: Replies::new(size),
            state: LearnedState::new(size),
            record: vec![],
            size,
        }
    }
}

/// What a run of playouts from one position gives: Black's wins, and the gradient
/// (when asked) summed over playouts as psi times (z - baseline).
struct Rollouts<'a> {
    f: &'a Features,
    g: &'a Gammas,
    params: &'a PlayoutParams,
}

impl Rollouts<'_> {
    /// Plays `n` playouts from `pos`; with `grad`, adds (z - baseline) psi of each to it.
    /// Returns Black's wins.
    fn run(
        &self,
        pos: &Prepared,
        n: usize,
        rng: &mut SmallRng,
        buf: &mut Buffers,
        mut grad: Option<(&mut [f64], f64)>,
    ) -> usize {
        let size = pos.game.size();
        buf.fit(size);
        let mut psi = vec![
            0.0;
            if grad.is_some() {
                self.f.theta.len()
            } else {
                0
            }
        ];
        let mut wins = 0;
        for _ in 0..n {
            psi.iter_mut().for_each(|x| *x = 0.0);
            let traced = grad.is_some();
            let black_won = with_board!(pos.game.board(), b => {
                let mut b = **b;
                self.one(&mut b, pos, rng, buf, traced.then_some(&mut psi))
            });
            wins += black_won as usize;
            if let Some((g, baseline)) = grad.as_mut() {
                let w = black_won as u8 as f64 - *baseline;
                for (x, p) in g.iter_mut().zip(&psi) {
                    *x += w * p;
                }
            }
        }
        wins
    }

    /// One playout on `b`; true when Black wins it.
    fn one<const W: usize, const P: usize>(
        &self,
        b: &mut Board<W, P>,
        pos: &Prepared,
        rng: &mut SmallRng,
        buf: &mut Buffers,
        psi: Option<&mut Vec<f64>>,
    ) -> bool {
        let lp: &LearnedParams = &self.params.learned;
        let inner = Learned::with_gammas(
            self.g,
            lp,
            &self.params.heavy,
            &mut buf.replies,
            &mut buf.state,
        );
        let mut pol = Traced {
            inner,
            f: self.f,
            g: self.g,
            near: lp.near,
            psi,
            cands: Vec::with_capacity(b.empty_list().len()),
        };
        buf.record.clear();
        let max = 3 * b.size() * b.size();
        play_out(
            b,
            pos.to_move,
            pos.last,
            max,
            rng,
            &mut pol,
            &mut buf.record,
        );
        let score = area_score(b, pos.game.komi());
        pol.finish(&buf.record, score);
        score > 0.0
    }
}

/// The playout settings balancing uses: the tree search's defaults on the positions' board
/// size, with the learned policy.
fn playout_params(size: usize) -> PlayoutParams {
    SearchParams::default().for_size(size).playout
}

/// Mean squared error of V (from `n` playouts each) against V*, and the mean V - V*.
fn measure(
    f: &Features,
    g: &Gammas,
    set: &[Prepared],
    n: usize,
    seed: u64,
    buf: &mut Buffers,
) -> (f64, f64) {
    if set.is_empty() || n == 0 {
        return (0.0, 0.0);
    }
    let (mut se, mut bias) = (0.0, 0.0);
    for (i, pos) in set.iter().enumerate() {
        let params = playout_params(pos.game.size());
        let r = Rollouts {
            f,
            g,
            params: &params,
        };
        let mut rng = SmallRng::seed_from_u64(mix(seed, 4, i as u64));
        let v = r.run(pos, n, &mut rng, buf, None) as f64 / n as f64;
        se += (v - pos.target).powi(2);
        bias += v - pos.target;
    }
    (se / set.len() as f64, bias / set.len() as f64)
}

/// Settings of one balancing run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the training set.
    pub iterations: usize,
    /// Playouts that estimate V(s).
    pub m: usize,
    /// Playouts that accumulate the gradient.
    pub n: usize,
    /// Step size.
    pub alpha: f64,
    /// Weight the gradient playouts by z - V(s) instead of z.
    pub baseline: bool,
    /// Playouts per position for the reported errors (0: none).
    pub measure: usize,
    /// Seed.
    pub seed: u64,
}

/// One pass's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pass {
    /// Mean squared error on the training positions, from the M playouts of the pass.
    pub train_mse: f64,
    /// Mean squared error on the held-out positions (`measure` playouts each).
    pub holdout_mse: f64,
    /// Mean V - V* on the held-out positions.
    pub holdout_bias: f64,
}

/// Balances `f` on `train`, measuring on `holdout` after every pass; `report` sees each
/// pass's figures (and the features after it).
fn balance(
    f: &mut Features,
    train: &[Prepared],
    holdout: &[Prepared],
    s: &Settings,
    report: &mut dyn FnMut(usize, &Pass, &Features),
) {
    let mut g = f.gammas();
    let mut buf = Buffers::new(train.first().map_or(9, |p| p.game.size()));
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut grad = vec![0.0; f.theta.len()];
    for it in 0..s.iterations {
        let mut rng = SmallRng::seed_from_u64(mix(s.seed, 5, it as u64));
        // a fresh order each pass (Fisher-Yates)
        for i in (1..order.len()).rev() {
            let j = below(&mut rng, i as u32 + 1) as usize;
            order.swap(i, j);
        }
        let mut se = 0.0;
        for &i in &order {
            let pos = &train[i];
            let params = playout_params(pos.game.size());
            let r = Rollouts {
                f,
                g: &g,
                params: &params,
            };
            let v = r.run(pos, s.m, &mut rng, &mut buf, None) as f64 / s.m.max(1) as f64;
            se += (v - pos.target).powi(2);
            grad.iter_mut().for_each(|x| *x = 0.0);
            let baseline = if s.baseline { v } else { 0.0 };
            r.run(pos, s.n, &mut rng, &mut buf, Some((&mut grad, baseline)));
            let step = s.alpha * (pos.target - v) / s.n.max(1) as f64;
            f.step(&grad, step);
            f.apply(&mut g);
        }
        let (holdout_mse, holdout_bias) = measure(f, &g, holdout, s.measure, s.seed, &mut buf);
        let pass = Pass {
            train_mse: se / train.len().max(1) as f64,
            holdout_mse,
            holdout_bias,
        };
        report(it + 1, &pass, f);
    }
}

/// Runs `tengen patterns balance`; prints progress, its last line one JSON object.
pub fn run(a: &BalanceArgs) -> Result<(), String> {
    let t = Instant::now();
    let samples = load_or_make(a)?;
    if a.make_only {
        return Ok(());
    }
    if samples.len() <= a.holdout {
        return Err(format!(
            "{} positions, all of them in the holdout of {}",
            samples.len(),
            a.holdout
        ));
    }
    let prepared = samples
        .iter()
        .enumerate()
        .map(|(i, s)| prepare(s).map_err(|e| format!("position {}: {e}", i + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let (train, holdout) = prepared.split_at(prepared.len() - a.holdout);
    let bytes = match &a.start {
        Some(p) => crate::files::read(p, crate::search::playout::learned::MAX_FILE_BYTES)
            .map_err(|e| format!("{}: {e}", p.display()))?,
        None => Gammas::embedded_bytes().to_vec(),
    };
    let (classes, rare, distance) = Gammas::parts_from_bytes(&bytes)?;
    let mut f = Features::new(&classes, rare, distance);
    if let Some(dir) = a.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let g0 = f.gammas();
    let mut buf = Buffers::new(a.size);
    let (train0, _) = measure(&f, &g0, train, a.measure, a.seed ^ 1, &mut buf);
    let (hold0, bias0) = measure(&f, &g0, holdout, a.measure, a.seed, &mut buf);
    println!(
        "{} training and {} held-out positions, {} features; before: training MSE {train0:.4}, held-out MSE {hold0:.4} (mean V - V* {bias0:+.3}), {:.0} s",
        train.len(),
        holdout.len(),
        f.theta.len(),
        t.elapsed().as_secs_f64()
    );
    let settings = Settings {
        iterations: a.iterations,
        m: a.m,
        n: a.n,
        alpha: a.alpha,
        baseline: !a.no_baseline,
        measure: a.measure,
        seed: a.seed,
    };
    let mut err = None;
    let mut last = Pass {
        train_mse: train0,
        holdout_mse: hold0,
        holdout_bias: bias0,
    };
    balance(&mut f, train, holdout, &settings, &mut |it, p, f| {
        println!(
            "iteration {it}: training MSE {:.4} (M playouts), held-out MSE {:.4} (mean V - V* {:+.3}), distance gammas {:?}, {:.0} s",
            p.train_mse,
            p.holdout_mse,
            p.holdout_bias,
            f.distance_gammas(),
            t.elapsed().as_secs_f64()
        );
        last = *p;
        if let Err(e) = super::write_whole(&a.out, &f.to_bytes()) {
            err.get_or_insert(e);
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    let (train1, _) = measure(&f, &f.gammas(), train, a.measure, a.seed ^ 1, &mut buf);
    println!(
        "after: training MSE {train1:.4}, held-out MSE {:.4}; gammas written to {}",
        last.holdout_mse,
        a.out.display()
    );
    println!(
        "{}",
        serde_json::json!({
            "positions": train.len(),
            "holdout": holdout.len(),
            "features": f.theta.len(),
            "iterations": a.iterations,
            "m": a.m,
            "n": a.n,
            "alpha": a.alpha,
            "seed": a.seed,
            "train_mse_before": train0,
            "train_mse_after": train1,
            "holdout_mse_before": hold0,
            "holdout_mse_after": last.holdout_mse,
            "seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

#[cfg(test)]
mod tests;
