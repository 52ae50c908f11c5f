//! `tengen bench`: speed measurements above the engine. `tengen bench playouts` (here):
//! light-playout speed from the empty board; `tengen bench search` ([`search`]);
//! `tengen bench policy` ([`policy`]).

pub mod policy;
pub mod search;

use crate::board::{AnyBoard, Board, Color};
use crate::search::playout::light::playout;
use crate::with_board;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Serialize;
use std::time::{Duration, Instant};

/// Options of `tengen bench playouts`.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayoutBenchArgs {
    /// Board size (2..=25).
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Worker threads, each running playouts on its own board copy.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the first thread's random generator (thread i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Totals of a playout benchmark run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutBenchReport {
    /// Board size.
    pub size: usize,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds measured.
    pub seconds: f64,
    /// Playouts finished.
    pub playouts: u64,
    /// Stones played in all playouts.
    pub moves: u64,
    /// Playouts that Black won (komi 7.5).
    pub black_wins: u64,
}

/// The JSON line of a playout benchmark (rates derived, rounded as printed).
#[derive(Serialize)]
struct BenchLine {
    size: usize,
    threads: usize,
    seconds: f64,
    playouts: u64,
    moves: u64,
    playouts_per_s: f64,
    moves_per_s: f64,
    black_win_rate: f64,
}

/// `x` rounded to `decimals` places.
fn round_to(x: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (x * f).round() / f
}

impl PlayoutBenchReport {
    /// The last line of the benchmark output: one JSON object.
    pub fn json(&self) -> String {
        let s = self.seconds.max(1e-9);
        let line = BenchLine {
            size: self.size,
            threads: self.threads,
            seconds: round_to(self.seconds, 3),
            playouts: self.playouts,
            moves: self.moves,
            playouts_per_s: round_to(self.playouts as f64 / s, 1),
            moves_per_s: round_to(self.moves as f64 / s, 1),
            black_win_rate: round_to(self.black_wins as f64 / self.playouts.max(1) as f64, 4),
        };
        // Plain numbers only: serializing cannot fail.
        serde_json::to_string(&line).unwrap_or_default()
    }
}

/// Komi of the benchmark's playouts.
const KOMI: f64 = 7.5;

fn worker<const W: usize, const P: usize>(
    start: &Board<W, P>,
    seed: u64,
    deadline: Instant,
) -> (u64, u64, u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let max_moves = 3 * start.size() * start.size();
    let (mut n, mut moves, mut wins) = (0u64, 0u64, 0u64);
    loop {
        for _ in 0..32 {
            let mut b = *start;
            let r = playout(&mut b, Color::Black, KOMI, max_moves, &mut rng);
            n += 1;
            moves += r.moves as u64;
            wins += (r.score > 0.0) as u64;
        }
        if Instant::now() >= deadline {
            return (n, moves, wins);
        }
    }
}

/// Runs light playouts from the empty board on `threads` threads for `seconds`.
pub fn measure(args: &PlayoutBenchArgs) -> Result<PlayoutBenchReport, String> {
    let board = AnyBoard::new(args.size)
        .ok_or_else(|| format!("unsupported board size {} (2..=25)", args.size))?;
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 86_400.0) {
        return Err("--seconds must be a positive number of seconds".into());
    }
    if args.threads == 0 || args.threads > 256 {
        return Err("--threads must be between 1 and 256".into());
    }
    let t0 = Instant::now();
    let deadline = t0 + Duration::from_secs_f64(args.seconds);
    let mut report = PlayoutBenchReport {
        size: args.size,
        threads: args.threads,
        ..Default::default()
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..args.threads)
            .map(|i| {
                let board = &board;
                let seed = args.seed.wrapping_add(i as u64);
                s.spawn(move || with_board!(board, b => worker(&**b, seed, deadline)))
            })
            .collect();
        for h in handles {
            if let Ok((n, m, w)) = h.join() {
                report.playouts += n;
                report.moves += m;
                report.black_wins += w;
            }
        }
    });
    report.seconds = t0.elapsed().as_secs_f64();
    Ok(report)
}

/// Runs the benchmark and prints a readable summary, then the JSON line.
pub fn run_playout_bench(args: &PlayoutBenchArgs) -> Result<PlayoutBenchReport, String> {
    let r = measure(args)?;
    println!(
        "light playouts on {}x{}, {} thread(s), {:.2} s: {} playouts ({:.0}/s), {} moves ({:.0}/s), black wins {:.1}% at komi {KOMI}",
        r.size,
        r.size,
        r.threads,
        r.seconds,
        r.playouts,
        r.playouts as f64 / r.seconds,
        r.moves,
        r.moves as f64 / r.seconds,
        100.0 * r.black_wins as f64 / r.playouts.max(1) as f64
    );
    println!("{}", r.json());
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_run_reports_playouts() {
        let a = PlayoutBenchArgs {
            size: 5,
            seconds: 0.05,
            threads: 2,
            seed: 1,
        };
        let r = measure(&a).unwrap();
        assert!(r.playouts >= 64);
        assert!(r.moves > r.playouts);
        let j = r.json();
        assert!(j.starts_with("{\"size\":5,\"threads\":2,"), "{j}");
        assert!(j.contains("\"black_win_rate\":"));
    }

    #[test]
    fn json_line_fields_and_rounding() {
        let r = PlayoutBenchReport {
            size: 9,
            threads: 1,
            seconds: 2.0004,
            playouts: 3000,
            moves: 300_001,
            black_wins: 1000,
        };
        let v: serde_json::Value = serde_json::from_str(&r.json()).expect("JSON");
        let f = |k: &str| v[k].as_f64();
        assert_eq!(f("size"), Some(9.0));
        assert_eq!(f("threads"), Some(1.0));
        assert_eq!(f("seconds"), Some(2.0));
        assert_eq!(f("playouts"), Some(3000.0));
        assert_eq!(f("moves"), Some(300_001.0));
        assert_eq!(f("playouts_per_s"), Some(1499.7));
        assert_eq!(f("moves_per_s"), Some(149_970.5));
        assert_eq!(f("black_win_rate"), Some(0.3333));
        assert_eq!(v.as_object().map(|o| o.len()), Some(8));
    }

    #[test]
    fn bad_arguments_are_errors() {
        let bad = |size, seconds, threads| {
            measure(&PlayoutBenchArgs {
                size,
                seconds,
                threads,
                seed: 1,
            })
            .is_err()
        };
        assert!(bad(1, 1.0, 1));
        assert!(bad(26, 1.0, 1));
        assert!(bad(9, -1.0, 1));
        assert!(bad(9, f64::NAN, 1));
        assert!(bad(9, 1.0, 0));
    }
}
