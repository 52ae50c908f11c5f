//! `tengen policy train` and `tengen policy export`: training the policy network ([`crate::nn`])
//! on game records by the softmax cross-entropy of the move played (among the legal moves and
//! the pass), with Adam, the batch split over the cores (each core its own forward and
//! backward pass, the gradients summed). Every position of the training games is visited in
//! one seeded random order under a random one of the 8 symmetries; the newest `--holdout`
//! games are never trained on, and a fixed sample of their positions gives the held-out
//! rate as training goes. The run saves a checkpoint (weights, Adam's moments, how far it
//! got) every few minutes and resumes from it, so a run can be stopped and continued any
//! time; it appends one JSON line a report to its log.

use super::records::Moves;
use crate::board::Point;
use crate::nn::features::{self, HISTORY, LEGAL, PLANES};
use crate::nn::layers::{matmul, Conv3, Geometry, Mat};
use crate::nn::net::{read, write_safetensors, Net, Tape};
use crate::nn::policy::exp_legal;
use crate::patterns::model::Model;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `tengen policy ...`.
#[derive(clap::Subcommand, Debug)]
pub enum PolicyCommand {
    /// Train the policy network on game records, resuming from the checkpoint if it exists.
    Train(TrainArgs),
    /// Write the weights of a checkpoint alone (the file the engine builds in).
    Export(ExportArgs),
}

/// Options of `tengen policy train`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// The checkpoint: resumed from when it exists, rewritten as training goes.
    #[arg(long)]
    pub checkpoint: PathBuf,
    /// The log: one JSON line a report, appended.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// The newest games, never trained on; the held-out rate samples their positions.
    #[arg(long, default_value_t = 2_000)]
    pub holdout: usize,
    /// Residual blocks (a new run only).
    #[arg(long, default_value_t = 6)]
    pub blocks: usize,
    /// Channels (a new run only).
    #[arg(long, default_value_t = 64)]
    pub filters: usize,
    /// Positions a step.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub batch: u32,
    /// Positions the learning rate's schedule plans for (cosine decay to 2% of `--lr`);
    /// training stops there.
    #[arg(long, default_value_t = 4_000_000)]
    pub positions: u64,
    /// Peak learning rate (Adam).
    #[arg(long, default_value_t = 1e-3)]
    pub lr: f32,
    /// Stop after this many hours of this run (the checkpoint saved); 0: no limit.
    #[arg(long, default_value_t = 0.0)]
    pub hours: f64,
    /// The order of positions and the first weights.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Held-out positions in the sample the rate is measured on.
    #[arg(long, default_value_t = 4_096)]
    pub eval_positions: usize,
    /// Positions trained between two held-out measurements.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub eval_every: u64,
    /// Positions trained between two log lines.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub log_every: u64,
    /// Minutes between two checkpoints.
    #[arg(long, default_value_t = 10.0)]
    pub save_minutes: f64,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// Options of `tengen policy export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The checkpoint to read.
    #[arg(long)]
    pub checkpoint: PathBuf,
    /// The weight file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// One position to learn from: a game and the index of the move.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    game: u32,
    number: u16,
}

/// Writes the planes of position `number` of `g` under symmetry `sym` into `input`; the
/// index of the move played in the network's output (points, then pass), or `None` when
/// the game breaks off before (a damaged game).
fn encode_position(g: &Moves, number: usize, sym: usize, input: &mut [f32]) -> Option<usize> {
    let mut last: Vec<Option<Point>> = Vec::with_capacity(number);
    let mut target = None;
    let _ = g.replay(|pos| {
        if pos.number == number {
            let recent: Vec<Option<Point>> = last.iter().rev().take(HISTORY).copied().collect();
            features::encode(pos.board, pos.color, &recent, Model::embedded(), sym, input);
            let n = g.size * g.size;
            target = Some(match pos.played {
                Some(p) => features::point_index(p, g.size, sym),
                None => n,
            });
        }
        last.push(pos.played);
    });
    target
}

/// The softmax over the legal points and the pass of each position's logits: the summed
/// cross-entropy of the targets, how many targets had the largest logit, and how many
/// positions had a target; `dlogits` gets the gradient of the loss times `scale` (zero for a
/// position without a target).
fn softmax_loss(
    t: &Tape,
    targets: &[Option<usize>],
    scale: f32,
    dlogits: &mut [f32],
) -> (f64, usize, usize) {
    let n = t.points();
    let (mut loss, mut right, mut used) = (0.0, 0, 0);
    for (b, &target) in targets.iter().enumerate() {
        let d = &mut dlogits[b * (n + 1)..][..n + 1];
        let Some(target) = target else {
            d.fill(0.0);
            continue;
        };
        used += 1;
        let lg = t.logits(b);
        let input = &t.input[b * n * PLANES..][..n * PLANES];
        let legal = |p: usize| p == n || p == target || input[p * PLANES + LEGAL] > 0.5;
        let (max, sum) = exp_legal(lg, legal, d);
        loss += sum.ln() - (lg[target] - max) as f64;
        if (0..=n).all(|p| p == target || !legal(p) || lg[p] < lg[target]) {
            right += 1;
        }
        for (p, v) in d.iter_mut().enumerate() {
            let prob = (*v as f64 / sum) as f32;
            *v = scale * (prob - if p == target { 1.0 } else { 0.0 });
        }
    }
    (loss, right, used)
}

/// One thread's share of a step: its tape, its gradients and scratch.
struct Worker {
    tape: Tape,
    grads: Net,
    dlogits: Vec<f32>,
    d: [Vec<f32>; 3],
    targets: Vec<Option<usize>>,
    /// Positions the buffers hold.
    cap: usize,
}

impl Worker {
    fn new(net: &Net, size: usize, batch: usize) -> Worker {
        let tape = Tape::new(net, size, batch);
        let m = batch * tape.points() * net.filters;
        Worker {
            grads: Net::zeros(net.blocks.len(), net.filters),
            dlogits: vec![0.0; tape.logits.len()],
            d: [vec![0.0; m], vec![0.0; m], vec![0.0; m]],
            targets: Vec::with_capacity(batch),
            cap: batch,
            tape,
        }
    }
}

/// Adds the gradient of a convolution's weights to `g`, given its input `x` and the gradient
/// `dy` of its output; with `dx`, writes the gradient of its input there.
#[allow(clippy::too_many_arguments)]
fn conv_backward(
    c: &Conv3,
    g: &mut Conv3,
    geo: &Geometry,
    x: &[f32],
    dy: &[f32],
    batch: usize,
    col: &mut [f32],
    dx: Option<&mut [f32]>,
) {
    let m = batch * geo.points();
    let k = 9 * c.cin;
    geo.im2col(x, c.cin, batch, col);
    matmul(
        &mut g.w,
        Mat::rows(&col[..m * k], m, k).t(),
        Mat::rows(&dy[..m * c.cout], m, c.cout),
        true,
        1,
    );
    for row in dy[..m * c.cout].chunks_exact(c.cout) {
        for (o, v) in g.b.iter_mut().zip(row) {
            *o += v;
        }
    }
    if let Some(dx) = dx {
        matmul(
            col,
            Mat::rows(&dy[..m * c.cout], m, c.cout),
            Mat::rows(&c.w, k, c.cout).t(),
            false,
            1,
        );
        geo.col2im(&col[..m * k], c.cin, batch, dx);
    }
}

/// Zeroes the gradient where the ReLU's output was zero.
fn relu_mask(d: &mut [f32], out: &[f32]) {
    for (g, o) in d.iter_mut().zip(out) {
        if *o <= 0.0 {
            *g = 0.0;
        }
    }
}

/// Adds the gradients of the worker's batch (its `dlogits` filled) to `w.grads`.
fn backward(net: &Net, w: &mut Worker) {
    let t = &mut w.tape;
    let (batch, n, f) = (t.batch, t.points(), net.filters);
    let m = batch * n * f;
    let g = &mut w.grads;
    let [dh, dt, dmid] = &mut w.d;
    // the heads
    let last = &t.acts[2 * net.blocks.len()];
    for b in 0..batch {
        let dl = &w.dlogits[b * (n + 1)..][..n + 1];
        let hb = &last[b * n * f..][..n * f];
        let dpass = dl[n];
        g.pass_b += dpass;
        for (p, &dp) in dl[..n].iter().enumerate() {
            g.head_b += dp;
            let row = &hb[p * f..][..f];
            let drow = &mut dh[(b * n + p) * f..][..f];
            for k in 0..f {
                g.head[k] += dp * row[k];
                g.pass[k] += dpass * row[k] / n as f32;
                drow[k] = dp * net.head[k] + dpass * net.pass[k] / n as f32;
            }
        }
    }
    // the blocks, last first
    for (i, [c1, c2]) in net.blocks.iter().enumerate().rev() {
        let [g1, g2] = &mut g.blocks[i];
        let (h, mid, out) = (&t.acts[2 * i], &t.acts[2 * i + 1], &t.acts[2 * i + 2]);
        dt[..m].copy_from_slice(&dh[..m]);
        relu_mask(&mut dt[..m], out);
        conv_backward(c2, g2, &t.geo, mid, dt, batch, &mut t.col, Some(dmid));
        relu_mask(&mut dmid[..m], mid);
        conv_backward(c1, g1, &t.geo, h, dmid, batch, &mut t.col, Some(dh));
        for (a, b) in dh[..m].iter_mut().zip(&dt[..m]) {
            *a += b;
        }
    }
    relu_mask(&mut dh[..m], &t.acts[0]);
    conv_backward(
        &net.stem,
        &mut g.stem,
        &t.geo,
        &t.input,
        dh,
        batch,
        &mut t.col,
        None,
    );
}

/// Sums the workers' gradients, takes one Adam step with them at rate `lr`, and zeroes
/// every worker's gradients for the next batch.
fn apply_gradients(net: &mut Net, adam: &mut Adam, workers: &mut [Worker], lr: f32) {
    let Some((first, rest)) = workers.split_first_mut() else {
        return;
    };
    for w in rest.iter_mut() {
        for (g, o) in first.grads.tensors_mut().into_iter().zip(w.grads.tensors()) {
            g.iter_mut().zip(o.2).for_each(|(x, y)| *x += y);
        }
        w.grads.tensors_mut().into_iter().for_each(|t| t.fill(0.0));
    }
    adam.step(net, &first.grads, lr);
    first
        .grads
        .tensors_mut()
        .into_iter()
        .for_each(|t| t.fill(0.0));
}

/// Adam's moments, one pair of tensors a weight tensor.
struct Adam {
    m: Vec<Vec<f32>>,
    v: Vec<Vec<f32>>,
    steps: u64,
}

impl Adam {
    fn new(net: &Net) -> Adam {
        let shapes: Vec<usize> = net.tensors().iter().map(|t| t.2.len()).collect();
        Adam {
            m: shapes.iter().map(|&l| vec![0.0; l]).collect(),
            v: shapes.iter().map(|&l| vec![0.0; l]).collect(),
            steps: 0,
        }
    }

    fn step(&mut self, net: &mut Net, grads: &Net, lr: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.steps += 1;
        let c1 = 1.0 - b1.powi(self.steps.min(100_000) as i32);
        let c2 = 1.0 - b2.powi(self.steps.min(100_000) as i32);
        let grads = grads.tensors();
        for (((w, g), m), v) in net
            .tensors_mut()
            .into_iter()
            .zip(&grads)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            for i in 0..w.len() {
                let gi = g.2[i];
                m[i] = b1 * m[i] + (1.0 - b1) * gi;
                v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
                w[i] -= lr * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
            }
        }
    }
}

/// A network of `blocks` x `filters` with He-initialised convolutions; the second
/// convolution of each block starts at zero, so every block starts as the identity.
pub fn initial(blocks: usize, filters: usize, seed: u64) -> Net {
    let mut net = Net::zeros(blocks, filters);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut normal = move |std: f32| {
        // Box-Muller
        let u1: f32 = rng.random_range(1e-7..1.0);
        let u2: f32 = rng.random_range(0.0..1.0);
        std * (-2.0 * u1.ln()).sqrt() * (std::f32::consts::TAU * u2).cos()
    };
    let mut he = |c: &mut Conv3| {
        let std = (2.0 / (9 * c.cin) as f32).sqrt();
        c.w.iter_mut().for_each(|w| *w = normal(std));
    };
    he(&mut net.stem);
    for [c1, _] in net.blocks.iter_mut() {
        he(c1);
    }
    let std = (1.0 / filters as f32).sqrt();
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x9e37);
    for w in net.head.iter_mut().chain(net.pass.iter_mut()) {
        *w = std * rng.random_range(-1.0..1.0);
    }
    net
}

/// Where a run stands: what a checkpoint keeps beside the weights.
#[derive(Clone, Debug, Default, PartialEq)]
struct Progress {
    /// Positions trained on.
    positions: u64,
    /// CPU seconds of training over every session (see `CpuClock`).
    cpu_seconds: f64,
    /// The seed of the order.
    seed: u64,
}

fn save_checkpoint(path: &Path, net: &Net, adam: &Adam, p: &Progress) -> Result<(), String> {
    let mut tensors = net.tensors();
    let names: Vec<(String, Vec<usize>)> =
        tensors.iter().map(|t| (t.0.clone(), t.1.clone())).collect();
    for ((name, shape), (m, v)) in names.iter().zip(adam.m.iter().zip(&adam.v)) {
        tensors.push((format!("adam.m.{name}"), shape.clone(), m));
        tensors.push((format!("adam.v.{name}"), shape.clone(), v));
    }
    let mut meta = net.metadata();
    meta.insert("positions".into(), p.positions.to_string());
    meta.insert("cpu_seconds".into(), format!("{:.0}", p.cpu_seconds));
    meta.insert("seed".into(), p.seed.to_string());
    meta.insert("adam_steps".into(), adam.steps.to_string());
    let bytes = write_safetensors(&tensors, meta)?;
    super::write_whole(path, &bytes)
}

fn load_checkpoint(path: &Path) -> Result<(Net, Adam, Progress), String> {
    let bytes = crate::files::read(path, crate::files::WEIGHTS)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let err = |e: String| format!("{}: {e}", path.display());
    let net = Net::from_safetensors(&bytes).map_err(err)?;
    let st = safetensors::SafeTensors::deserialize(&bytes).map_err(|e| err(e.to_string()))?;
    let mut adam = Adam::new(&net);
    for (i, (name, _, w)) in net.tensors().iter().enumerate() {
        adam.m[i] = read(&st, &format!("adam.m.{name}"), Some(w.len())).map_err(err)?;
        adam.v[i] = read(&st, &format!("adam.v.{name}"), Some(w.len())).map_err(err)?;
    }
    let (_, meta) =
        safetensors::SafeTensors::read_metadata(&bytes).map_err(|e| err(e.to_string()))?;
    let meta: HashMap<String, String> = meta.metadata().clone().unwrap_or_default();
    let num = |k: &str| {
        meta.get(k)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    adam.steps = num("adam_steps") as u64;
    let p = Progress {
        positions: num("positions") as u64,
        cpu_seconds: num("cpu_seconds"),
        seed: num("seed") as u64,
    };
    Ok((net, adam, p))
}

/// The CPU time a run spends, counted between readings: the process's own CPU time where
/// the system tells it (a paused run counts nothing), else wall time times the threads.
struct CpuClock {
    wall: Instant,
    cpu: Option<cpu_time::ProcessTime>,
    threads: usize,
}

impl CpuClock {
    /// A clock from now.
    fn start(threads: usize) -> CpuClock {
        CpuClock {
            wall: Instant::now(),
            cpu: cpu_time::ProcessTime::try_now().ok(),
            threads,
        }
    }

    /// CPU seconds since the start or the last reading; starts again.
    fn take(&mut self) -> f64 {
        let now = CpuClock::start(self.threads);
        let secs = match (self.cpu, now.cpu) {
            (Some(a), Some(b)) => b
                .as_duration()
                .saturating_sub(a.as_duration())
                .as_secs_f64(),
            _ => self.wall.elapsed().as_secs_f64() * self.threads as f64,
        };
        *self = now;
        secs
    }
}

/// The learning rate after `done` of `plan` positions: a short warm-up, then a cosine decay
/// from `peak` to 2% of it.
fn learning_rate(peak: f32, done: u64, plan: u64) -> f32 {
    let warm = 20_000.0;
    let d = done as f64;
    let x = (d / plan.max(1) as f64).min(1.0);
    let cos = 0.02 + 0.98 * 0.5 * (1.0 + (std::f64::consts::PI * x).cos());
    (peak as f64 * cos * (d / warm).clamp(0.05, 1.0)) as f32
}

/// Every position of `games` that can be learned from (19x19 games without setup stones,
/// the ones the network is trained at, that replay without an illegal move), and how many
/// games were skipped as damaged.
fn samples(games: &[Moves]) -> (Vec<Sample>, usize) {
    let ok: Vec<bool> = games
        .par_iter()
        .map(|g| g.size == 19 && g.setup.is_empty() && g.replay(|_| {}).is_ok())
        .collect();
    let mut out = vec![];
    for (i, g) in games.iter().enumerate() {
        if !ok[i] {
            continue;
        }
        for k in 0..g.moves.len().min(u16::MAX as usize) {
            out.push(Sample {
                game: i as u32,
                number: k as u16,
            });
        }
    }
    (out, ok.iter().filter(|&&k| !k).count())
}

/// A hash of the sample's place in the order, for its symmetry.
fn mix(a: u64, b: u64) -> u64 {
    let mut x = a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b;
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// Forward and backward over the workers' shares of `batch`; returns (loss sum, right).
fn step_workers(
    net: &Net,
    workers: &mut [Worker],
    games: &[Moves],
    batch: &[(Sample, usize)],
    total: usize,
    train: bool,
) -> (f64, usize, usize) {
    let per = batch.len().div_ceil(workers.len().max(1));
    let parts: Vec<(f64, usize, usize)> = workers
        .par_iter_mut()
        .zip(batch.par_chunks(per.max(1)))
        .map(|(w, chunk)| {
            w.targets.clear();
            for (i, &(s, sym)) in chunk.iter().enumerate() {
                let g = &games[s.game as usize];
                let input = w.tape.input_mut(i);
                let t = encode_position(g, s.number as usize, sym, input);
                if t.is_none() {
                    input.fill(0.0);
                }
                w.targets.push(t);
            }
            w.tape.batch = chunk.len();
            net.forward(&mut w.tape, 1);
            let (loss, right, used) =
                softmax_loss(&w.tape, &w.targets, 1.0 / total as f32, &mut w.dlogits);
            if train {
                backward(net, w);
            }
            (loss, right, used)
        })
        .collect();
    parts
        .iter()
        .fold((0.0, 0, 0), |a, p| (a.0 + p.0, a.1 + p.1, a.2 + p.2))
}

/// The held-out rate: top-1 and mean loss over `sample`, untransformed.
fn held_out(net: &Net, workers: &mut [Worker], games: &[Moves], sample: &[Sample]) -> (f64, f64) {
    let chunk = workers.iter().map(|w| w.cap).sum::<usize>().max(1);
    let (mut loss, mut right, mut n) = (0.0, 0, 0);
    for part in sample.chunks(chunk) {
        let batch: Vec<(Sample, usize)> = part.iter().map(|&s| (s, 0)).collect();
        let (l, r, k) = step_workers(net, workers, games, &batch, 1, false);
        loss += l;
        right += r;
        n += k;
    }
    (right as f64 / n.max(1) as f64, loss / n.max(1) as f64)
}

/// Runs `tengen policy train`.
pub fn run_train(a: &TrainArgs) -> Result<(), String> {
    super::set_threads(a.threads);
    crate::nn::net::check_shape(a.blocks, a.filters)?;
    let batch_size = a.batch as usize;
    let started = Instant::now();
    let (net, adam, progress) = if a.checkpoint.exists() {
        let (net, adam, p) = load_checkpoint(&a.checkpoint)?;
        log::info!(
            "resuming {} at {} positions ({} blocks x {} filters)",
            a.checkpoint.display(),
            p.positions,
            net.blocks.len(),
            net.filters
        );
        (net, adam, p)
    } else {
        let net = initial(a.blocks, a.filters, a.seed);
        let adam = Adam::new(&net);
        let p = Progress {
            seed: a.seed,
            ..Default::default()
        };
        (net, adam, p)
    };
    let (mut net, mut adam, mut progress) = (net, adam, progress);
    let (raw, split) = super::records::read_with_holdout(&a.records, a.holdout)?;
    let (train_games, damaged) = super::parse_all(&raw[..split]);
    let (test_games, test_damaged) = super::parse_all(&raw[split..]);
    drop(raw);
    let (mut order, bad) = samples(&train_games);
    let damaged = damaged + bad;
    if order.is_empty() {
        return Err("no 19x19 positions to train on".into());
    }
    order.shuffle(&mut SmallRng::seed_from_u64(progress.seed));
    let (mut test, bad) = samples(&test_games);
    let test_damaged = test_damaged + bad;
    test.shuffle(&mut SmallRng::seed_from_u64(1));
    test.truncate(a.eval_positions);
    log::info!(
        "{} training games ({damaged} damaged skipped), {} positions; {} held-out games \
         ({test_damaged} damaged), {} positions sampled; network {} parameters",
        train_games.len(),
        order.len(),
        test_games.len(),
        test.len(),
        net.parameters()
    );
    let threads = rayon::current_num_threads().max(1);
    let per = batch_size.div_ceil(threads);
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::new(&net, 19, per)).collect();
    let mut logf = match &a.log {
        Some(p) => Some(crate::files::append(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let mut report = |line: serde_json::Value| -> Result<(), String> {
        println!("{line}");
        if let Some(f) = logf.as_mut() {
            writeln!(f, "{line}").map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let mut last_save = Instant::now();
    let mut session = CpuClock::start(threads);
    let (mut loss_sum, mut right_sum, mut seen) = (0.0, 0usize, 0usize);
    let mut window = Instant::now();
    let mut eval_due = progress.positions == 0;
    loop {
        if eval_due || progress.positions >= a.positions {
            let t = Instant::now();
            let (top1, loss) = held_out(&net, &mut workers, &test_games, &test);
            progress.cpu_seconds += session.take();
            report(serde_json::json!({
                "positions": progress.positions,
                "cpu_hours": (progress.cpu_seconds / 36.0).round() / 100.0,
                "heldout_top1": (top1 * 1e4).round() / 1e4,
                "heldout_loss": (loss * 1e4).round() / 1e4,
                "heldout_positions": test.len(),
                "eval_seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
            }))?;
            eval_due = false;
        }
        let out_of_time = a.hours > 0.0 && started.elapsed().as_secs_f64() > a.hours * 3600.0;
        if progress.positions >= a.positions || out_of_time {
            break;
        }
        let batch: Vec<(Sample, usize)> = (0..a.batch as u64)
            .map(|i| {
                let k = progress.positions + i;
                let s = order[(k % order.len() as u64) as usize];
                (s, (mix(progress.seed, k) % 8) as usize)
            })
            .collect();
        let (l, r, used) = step_workers(&net, &mut workers, &train_games, &batch, batch_size, true);
        let lr = learning_rate(a.lr, progress.positions, a.positions);
        apply_gradients(&mut net, &mut adam, &mut workers, lr);
        let before = progress.positions;
        progress.positions += a.batch as u64;
        loss_sum += l;
        right_sum += r;
        seen += used;
        if progress.positions / a.log_every != before / a.log_every {
            let secs = window.elapsed().as_secs_f64();
            report(serde_json::json!({
                "positions": progress.positions,
                "loss": ((loss_sum / seen.max(1) as f64) * 1e4).round() / 1e4,
                "top1": ((right_sum as f64 / seen.max(1) as f64) * 1e4).round() / 1e4,
                "lr": lr,
                "positions_per_second": (seen as f64 / secs).round(),
            }))?;
            (loss_sum, right_sum, seen) = (0.0, 0, 0);
            window = Instant::now();
        }
        if progress.positions / a.eval_every != before / a.eval_every {
            eval_due = true;
        }
        if last_save.elapsed().as_secs_f64() > a.save_minutes * 60.0 {
            progress.cpu_seconds += session.take();
            save_checkpoint(&a.checkpoint, &net, &adam, &progress)?;
            last_save = Instant::now();
        }
    }
    progress.cpu_seconds += session.take();
    save_checkpoint(&a.checkpoint, &net, &adam, &progress)?;
    log::info!(
        "saved {} at {} positions, {:.2} CPU hours in all",
        a.checkpoint.display(),
        progress.positions,
        progress.cpu_seconds / 3600.0
    );
    Ok(())
}

/// Runs `tengen policy export`.
pub fn run_export(a: &ExportArgs) -> Result<(), String> {
    let bytes = crate::files::read(&a.checkpoint, crate::files::WEIGHTS)
        .map_err(|e| format!("{}: {e}", a.checkpoint.display()))?;
    let net =
        Net::from_safetensors(&bytes).map_err(|e| format!("{}: {e}", a.checkpoint.display()))?;
    let out = net.to_safetensors()?;
    super::write_whole(&a.out, &out)?;
    println!(
        "{} blocks x {} filters, {} parameters, {} bytes written to {}",
        net.blocks.len(),
        net.filters,
        net.parameters(),
        out.len(),
        a.out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::records::RawGame;

    fn game(text: &str) -> Moves {
        RawGame {
            name: "t".into(),
            text: text.into(),
            sgf: false,
        }
        .parse()
        .unwrap()
    }

    /// The loss of `net` on `batch`, in f64.
    fn loss_of(net: &Net, w: &mut Worker, games: &[Moves], batch: &[(Sample, usize)]) -> f64 {
        let mut ws = [std::mem::replace(w, Worker::new(net, 19, batch.len()))];
        let (l, _, _) = step_workers(net, &mut ws, games, batch, 1, false);
        *w = std::mem::replace(&mut ws[0], Worker::new(net, 19, 1));
        l
    }

    #[test]
    fn gradients_match_finite_differences() {
        let games = vec![game("1\t;B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp]")];
        let mut net = initial(2, 4, 3);
        // the zero second convolutions would hide their inputs' gradients: wake them
        for (i, c) in net.blocks.iter_mut().enumerate() {
            for (j, w) in c[1].w.iter_mut().enumerate() {
                *w = ((i * 31 + j * 7) % 11) as f32 / 50.0 - 0.1;
            }
        }
        let batch: Vec<(Sample, usize)> = (2..6)
            .map(|k| (Sample { game: 0, number: k }, k as usize % 8))
            .collect();
        let mut w = Worker::new(&net, 19, batch.len());
        {
            let mut ws = [w];
            step_workers(&net, &mut ws, &games, &batch, 1, true);
            let [x] = ws;
            w = x;
        }
        let analytic: Vec<Vec<f32>> = w.grads.tensors().iter().map(|t| t.2.to_vec()).collect();
        let mut checked = 0;
        for (ti, grad) in analytic.iter().enumerate() {
            for idx in [0usize, 5, 17] {
                if idx >= grad.len() {
                    continue;
                }
                let eps = 3e-4f32;
                let mut plus = net.clone();
                plus.tensors_mut()[ti][idx] += eps;
                let mut minus = net.clone();
                minus.tensors_mut()[ti][idx] -= eps;
                let numeric = (loss_of(&plus, &mut w, &games, &batch)
                    - loss_of(&minus, &mut w, &games, &batch))
                    / (2.0 * eps as f64);
                let a = grad[idx] as f64;
                assert!(
                    (numeric - a).abs() <= 3e-2 * numeric.abs().max(a.abs()) + 1e-3,
                    "tensor {ti} index {idx}: numeric {numeric}, analytic {a}"
                );
                checked += 1;
            }
        }
        assert!(checked > 20);
    }

    #[test]
    fn training_learns_a_repeated_game() {
        // one short game again and again: the rate on its own positions goes up
        let games = vec![game("1\t;B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp];W[qj]")];
        let mut net = initial(2, 16, 5);
        let mut adam = Adam::new(&net);
        let batch: Vec<(Sample, usize)> =
            (0..8).map(|k| (Sample { game: 0, number: k }, 0)).collect();
        let mut ws = vec![Worker::new(&net, 19, 4), Worker::new(&net, 19, 4)];
        let (first, _, _) = step_workers(&net, &mut ws, &games, &batch, 8, false);
        for _ in 0..200 {
            step_workers(&net, &mut ws, &games, &batch, 8, true);
            let mut g = std::mem::replace(&mut ws[0].grads, Net::zeros(0, 0));
            for (x, o) in g.tensors_mut().into_iter().zip(ws[1].grads.tensors()) {
                x.iter_mut().zip(o.2).for_each(|(a, b)| *a += b);
            }
            adam.step(&mut net, &g, 5e-3);
            g.tensors_mut().into_iter().for_each(|t| t.fill(0.0));
            ws[0].grads = g;
            ws[1]
                .grads
                .tensors_mut()
                .into_iter()
                .for_each(|t| t.fill(0.0));
        }
        let (after, right, used) = step_workers(&net, &mut ws, &games, &batch, 8, false);
        assert_eq!(used, 8);
        assert!(after < first * 0.1, "loss {first} -> {after}");
        assert!(right >= 6, "{right} of 8 predicted");
    }

    #[test]
    fn checkpoints_resume_where_they_stopped() {
        let net = initial(1, 4, 9);
        let mut adam = Adam::new(&net);
        adam.m[0][3] = 0.25;
        adam.v[2][1] = 0.5;
        adam.steps = 17;
        let p = Progress {
            positions: 12_345,
            cpu_seconds: 3600.0,
            seed: 4,
        };
        let path =
            std::env::temp_dir().join(format!("tengen-ckpt-{}.safetensors", std::process::id()));
        save_checkpoint(&path, &net, &adam, &p).unwrap();
        let (n2, a2, p2) = load_checkpoint(&path).unwrap();
        assert_eq!(n2, net);
        assert_eq!(a2.m, adam.m);
        assert_eq!(a2.v, adam.v);
        assert_eq!(a2.steps, 17);
        assert_eq!(p2, p);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn the_schedule_warms_up_then_decays() {
        assert!(learning_rate(1e-3, 0, 1_000_000) < 1e-4);
        assert!((learning_rate(1e-3, 20_000, 1_000_000) - 1e-3).abs() < 2e-5);
        assert!(learning_rate(1e-3, 500_000, 1_000_000) < 6e-4);
        assert!((learning_rate(1e-3, 1_000_000, 1_000_000) - 2e-5).abs() < 1e-6);
    }

    #[test]
    fn positions_decode_to_the_move_played() {
        let g = game("1\t;B[pd];W[dp];B[]");
        let mut input = vec![0.0; 361 * PLANES];
        // move 2 of the game is black's pass: the target is the pass output
        assert_eq!(encode_position(&g, 2, 0, &mut input), Some(361));
        let t = encode_position(&g, 1, 0, &mut input).unwrap();
        assert_eq!(t, features::point_index(Point::new(3, 3, 19), 19, 0));
        let t5 = encode_position(&g, 1, 5, &mut input).unwrap();
        assert_eq!(t5, features::point_index(Point::new(3, 3, 19), 19, 5));
        assert_eq!(encode_position(&g, 3, 0, &mut input), None);
    }
}
