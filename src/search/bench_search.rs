//! `tengen bench search`: the full tree search from the empty board, timed.

use super::params::SearchParams;
use super::uct::TreeSearch;
use super::{Limits, Request, Searcher};
use crate::rules::{Game, Preset, Rules};
use std::time::{Duration, Instant};

/// Options of `tengen bench search`.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchBenchArgs {
    /// Board size (2..=25).
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// How long to search, in seconds.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Worker threads sharing the tree.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Search parameters as name=value (repeatable), e.g. `--param policy=light`.
    #[arg(long = "param")]
    pub params: Vec<String>,
}

/// Totals of a search benchmark run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchBenchReport {
    /// Board size.
    pub size: usize,
    /// Worker threads.
    pub threads: usize,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
    /// Playouts run.
    pub playouts: u64,
    /// Tree nodes at the end.
    pub nodes: usize,
}

impl SearchBenchReport {
    /// The last line of the output: one JSON object.
    pub fn json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Line {
            size: usize,
            threads: usize,
            seconds: f64,
            playouts: u64,
            playouts_per_s: f64,
            nodes: usize,
        }
        let rate = self.playouts as f64 / self.seconds.max(1e-9);
        serde_json::to_string(&Line {
            size: self.size,
            threads: self.threads,
            seconds: (self.seconds * 1000.0).round() / 1000.0,
            playouts: self.playouts,
            playouts_per_s: (rate * 10.0).round() / 10.0,
            nodes: self.nodes,
        })
        .unwrap_or_default()
    }
}

/// Runs one search from the empty board for the given time.
pub fn measure(args: &SearchBenchArgs) -> Result<SearchBenchReport, String> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 86_400.0) {
        return Err("--seconds must be a positive number of seconds".into());
    }
    if args.threads == 0 || args.threads > 64 {
        return Err("--threads must be between 1 and 64".into());
    }
    let game = Game::new(args.size, Rules::preset(Preset::Chinese))
        .ok_or_else(|| format!("unsupported board size {} (2..=25)", args.size))?;
    let mut params = SearchParams {
        threads: args.threads,
        seed: args.seed,
        ..SearchParams::default()
    };
    for p in &args.params {
        params.set(p)?;
    }
    let mut s = TreeSearch::new(params);
    let t0 = Instant::now();
    let end = t0 + Duration::from_secs_f64(args.seconds);
    let r = s.search(
        &Request::new(
            &game,
            game.to_move(),
            Limits {
                playouts: None,
                soft: Some(end),
                hard: Some(end),
                spend_all: true,
            },
        ),
        &mut |_| {},
    );
    Ok(SearchBenchReport {
        size: args.size,
        threads: args.threads,
        seconds: t0.elapsed().as_secs_f64(),
        playouts: r.playouts,
        nodes: s.nodes(),
    })
}

/// Runs the benchmark and prints a readable summary, then the JSON line.
pub fn run_search_bench(args: &SearchBenchArgs) -> Result<SearchBenchReport, String> {
    let r = measure(args)?;
    println!(
        "tree search on {}x{}, {} thread(s), {:.2} s: {} playouts ({:.0}/s), {} nodes",
        r.size,
        r.size,
        r.threads,
        r.seconds,
        r.playouts,
        r.playouts as f64 / r.seconds.max(1e-9),
        r.nodes
    );
    println!("{}", r.json());
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_search_reports() {
        let a = SearchBenchArgs {
            size: 9,
            seconds: 0.2,
            threads: 2,
            seed: 1,
            params: vec!["policy=light".into()],
        };
        let r = measure(&a).unwrap();
        assert!(r.playouts > 50);
        assert!(r.nodes > 1);
        let j = r.json();
        assert!(j.starts_with("{\"size\":9,\"threads\":2,"), "{j}");
        assert!(j.contains("\"nodes\":"));
        let bad = SearchBenchArgs {
            params: vec!["nope=1".into()],
            ..a
        };
        assert!(measure(&bad).is_err());
    }
}
