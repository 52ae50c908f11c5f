//! `tengen bench search`: the full tree search from the empty board or from given
//! positions (the middle game of real games), timed.

use crate::rules::{Game, Preset, Rules};
use crate::search::params::SearchParams;
use crate::search::time::{MoveTime, TimeLimit};
use crate::search::uct::TreeSearch;
use crate::search::{Limits, Request, Searcher, Think};
use std::time::Instant;

/// Options of `tengen bench search`.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchBenchArgs {
    /// Board size (2..=25).
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// How long to search, in seconds.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Stop after this many playouts (within --seconds): a fixed amount of work, for
    /// instruction counts.
    #[arg(long)]
    pub playouts: Option<u64>,
    /// Worker threads sharing the tree.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Search parameters as name=value (repeatable), e.g. `--param policy=light`.
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Search positions of these SGF records instead of the empty board (repeatable; the
    /// board size comes from the record).
    #[arg(long = "sgf")]
    pub sgf: Vec<std::path::PathBuf>,
    /// With --sgf: the positions before these move numbers (1-based, as GTP `loadsgf`
    /// counts; repeatable); a record shorter than a number is skipped there.
    #[arg(long = "move")]
    pub moves: Vec<usize>,
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
    let game = Game::new(args.size, Rules::preset(Preset::Chinese))
        .ok_or_else(|| format!("unsupported board size {} (2..=25)", args.size))?;
    measure_from(&game, args)
}

/// Runs one search from `game`'s position, its side to move, for the given time.
pub fn measure_from(game: &Game, args: &SearchBenchArgs) -> Result<SearchBenchReport, String> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 86_400.0) {
        return Err("--seconds must be a positive number of seconds".into());
    }
    if args.threads == 0 || args.threads > 64 {
        return Err("--threads must be between 1 and 64".into());
    }
    let game = game.clone();
    let mut params = SearchParams::default();
    for p in &args.params {
        params.set(p)?;
    }
    let think = Think {
        playouts: args.playouts,
        time: args.seconds,
        threads: args.threads,
        seed: args.seed,
        lag: 0.0,
    };
    let mut s = TreeSearch::new(&think, params);
    let t0 = Instant::now();
    let r = s.search(
        &Request::new(
            &game,
            game.to_move(),
            Limits {
                playouts: args.playouts,
                time: Some(TimeLimit {
                    start: t0,
                    times: MoveTime {
                        soft: args.seconds,
                        hard: args.seconds,
                        spend_all: true,
                    },
                    early: true,
                }),
            },
        ),
        &mut |_| {},
    );
    Ok(SearchBenchReport {
        size: game.size(),
        threads: args.threads,
        seconds: t0.elapsed().as_secs_f64(),
        playouts: r.playouts,
        nodes: s.nodes(),
    })
}

/// Runs the benchmark from the empty board and prints a readable summary, then the JSON
/// line.
pub fn run_search_bench(args: &SearchBenchArgs) -> Result<SearchBenchReport, String> {
    let r = measure(args)?;
    print_summary(&r);
    println!("{}", r.json());
    Ok(r)
}

/// Runs the benchmark from each named position in turn: a summary line per position, then
/// one JSON line with the median playouts per second over them.
pub fn run_search_bench_on(
    args: &SearchBenchArgs,
    positions: &[(String, Game)],
) -> Result<Vec<SearchBenchReport>, String> {
    if positions.is_empty() {
        return Err("no position to search (check --sgf and --move)".into());
    }
    let mut out = Vec::new();
    for (name, game) in positions {
        let r = measure_from(game, args)?;
        print!("{name}: ");
        print_summary(&r);
        out.push(r);
    }
    let mut rates: Vec<f64> = out
        .iter()
        .map(|r| r.playouts as f64 / r.seconds.max(1e-9))
        .collect();
    rates.sort_by(f64::total_cmp);
    let median = rates[rates.len() / 2];
    println!(
        "{{\"positions\":{},\"threads\":{},\"seconds\":{},\"median_playouts_per_s\":{:.1},\"min\":{:.1},\"max\":{:.1}}}",
        out.len(),
        args.threads,
        args.seconds,
        median,
        rates[0],
        rates[rates.len() - 1]
    );
    Ok(out)
}

fn print_summary(r: &SearchBenchReport) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Light playouts, seed 1, no records.
    fn args(size: usize, seconds: f64, threads: usize) -> SearchBenchArgs {
        SearchBenchArgs {
            size,
            seconds,
            playouts: None,
            threads,
            seed: 1,
            params: vec!["policy=light".into()],
            sgf: Vec::new(),
            moves: Vec::new(),
        }
    }

    #[test]
    fn short_search_reports() {
        let a = args(9, 0.2, 2);
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

    #[test]
    fn positions_are_searched_from_their_side_to_move() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        for v in ["E5", "C3"] {
            let p = crate::rules::testutil::pt(v, 9);
            g.play(g.to_move(), crate::rules::Move::Play(p)).unwrap();
        }
        // a fixed amount of work, not a time: a loaded machine must not fail the test
        let a = SearchBenchArgs {
            playouts: Some(50),
            ..args(19, 60.0, 1)
        };
        let r = run_search_bench_on(&a, &[("two moves".into(), g)]).unwrap();
        // the size is the position's, not --size
        assert_eq!(r[0].size, 9);
        assert_eq!(r[0].playouts, 50, "{:?}", r[0]);
        assert!(run_search_bench_on(&a, &[]).is_err());
    }
}
