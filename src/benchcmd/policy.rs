//! `tengen bench policy`: the time of one batch-1 forward pass of the policy network on this
//! thread (the engine's use), the input planes included and alone, on a middle-game position
//! of random moves; the median of several runs.

use crate::board::{Board19, Color, Point};
use crate::nn::features;
use crate::nn::net::Net;
use crate::nn::policy::Evaluator;
use crate::patterns::model::Model;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::time::Instant;

/// Options of `tengen bench policy`.
#[derive(clap::Args, Debug, Clone)]
pub struct PolicyBenchArgs {
    /// A weight file (default: a fresh network of `--blocks` x `--filters`).
    #[arg(long)]
    pub weights: Option<std::path::PathBuf>,
    /// Blocks of the fresh network.
    #[arg(long, default_value_t = 6)]
    pub blocks: usize,
    /// Channels of the fresh network.
    #[arg(long, default_value_t = 64)]
    pub filters: usize,
    /// Board size (2..=19).
    #[arg(long, default_value_t = 19)]
    pub size: usize,
    /// Random moves played before the measured position.
    #[arg(long, default_value_t = 120)]
    pub moves: usize,
    /// Runs; the median is reported.
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Seconds a run.
    #[arg(long, default_value_t = 1.0)]
    pub seconds: f64,
}

/// Runs `tengen bench policy`; prints one JSON line.
pub fn run(a: &PolicyBenchArgs) -> Result<(), String> {
    let net = match &a.weights {
        Some(p) => {
            let bytes = crate::files::read(p, crate::files::WEIGHTS)
                .map_err(|e| format!("{}: {e}", p.display()))?;
            Net::from_safetensors(&bytes).map_err(|e| format!("{}: {e}", p.display()))?
        }
        None => {
            crate::nn::net::check_shape(a.blocks, a.filters)?;
            crate::learn::policy::initial(a.blocks, a.filters, 1)
        }
    };
    let mut b = Board19::new(a.size).ok_or("--size must be 2..=19")?;
    let mut rng = SmallRng::seed_from_u64(7);
    let mut c = Color::Black;
    let mut last: Vec<Option<Point>> = vec![];
    for _ in 0..a.moves {
        let m = b.random_move(c, |n| rng.random_range(0..n.max(1)));
        if m.is_none() {
            b.pass();
        }
        last.insert(0, m);
        c = c.opponent();
    }
    let mut e = Evaluator::new(&net, a.size);
    let mut planes = vec![0.0; a.size * a.size * features::PLANES];
    let mut both = vec![];
    let mut input = vec![];
    for _ in 0..a.runs.max(1) {
        let (t, mut n) = (Instant::now(), 0u32);
        while n == 0 || t.elapsed().as_secs_f64() < a.seconds {
            std::hint::black_box(e.evaluate(&b, c, &last));
            n += 1;
        }
        both.push(t.elapsed().as_secs_f64() * 1e3 / n as f64);
        let (t, mut n) = (Instant::now(), 0u32);
        while n == 0 || t.elapsed().as_secs_f64() < a.seconds / 4.0 {
            features::encode(&b, c, &last, Model::embedded(), 0, &mut planes);
            std::hint::black_box(&planes);
            n += 1;
        }
        input.push(t.elapsed().as_secs_f64() * 1e3 / n as f64);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2] * 1000.0).round() / 1000.0
    };
    println!(
        "{}",
        serde_json::json!({
            "size": a.size,
            "blocks": net.blocks.len(),
            "filters": net.filters,
            "parameters": net.parameters(),
            "runs": a.runs.max(1),
            "ms_per_position": median(&mut both),
            "ms_input_planes": median(&mut input),
        })
    );
    Ok(())
}
