//! Learning move patterns from game records (`tengen patterns train` and `eval`): the
//! records ([`records`]), the minorization-maximization fit ([`train`]) and the prediction
//! rates on games the training never saw ([`eval`]); the learned playout policy's fit to
//! moves ([`playout`]) and its simulation balancing ([`balance`]).
//!
//! Games are taken in file-name and line order (for `../shared/data/tom-9d`: oldest
//! first). `train` reads the oldest games and never the newest `--holdout` ones; `eval`
//! reads the newest `--games`, so with `--games` at most `--holdout` it tests on unseen
//! games only.

pub mod balance;
pub mod book;
pub mod counting;
pub mod eval;
pub mod joseki;
pub mod playout;
pub mod policy;
pub mod records;
pub mod train;

use crate::patterns::features::{Group, GROUPS};
use crate::patterns::model::Model;
use crate::patterns::shape::SIZES;
use crate::search::params::SearchParams;
use records::{Moves, RawGame};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `tengen patterns ...`.
#[derive(clap::Subcommand, Debug)]
pub enum PatternsCommand {
    /// Learn pattern weights from game records.
    Train(TrainArgs),
    /// Rate a pattern file by how well it predicts the moves of games it never saw.
    Eval(EvalArgs),
    /// Fit the learned playout policy's gammas to strong players' moves.
    Playout(playout::PlayoutArgs),
    /// Tune the learned playout policy's gammas by simulation balancing against deep
    /// evaluations of positions.
    Balance(balance::BalanceArgs),
}

/// `tengen book ...`.
#[derive(clap::Subcommand, Debug)]
pub enum BookCommand {
    /// Build an opening book from game records.
    Build(book::BuildArgs),
    /// Build the local joseki dictionary (corner replies, for the priors) from game records.
    Joseki(joseki::JosekiArgs),
}

/// Options of `tengen patterns train`.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// Games to learn from, oldest first.
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// The newest games, never read (kept for `eval`).
    #[arg(long, default_value_t = 5_000)]
    pub holdout: usize,
    /// The pattern file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Fewest times a shape must have been played to be kept.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_count: u32,
    /// Minorization-maximization iterations.
    #[arg(long, default_value_t = 20)]
    pub iterations: usize,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// Options of `tengen patterns eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// The pattern file (default: the one built into Tengen).
    #[arg(long)]
    pub patterns: Option<PathBuf>,
    /// Games to test on, newest first.
    #[arg(long, default_value_t = 1_000)]
    pub games: usize,
    /// Feature groups to leave out (every gamma 1), to see what they are worth: pass,
    /// capture, atari, escape, self-atari, line, dist-last, dist-last2, shape (repeatable).
    #[arg(long = "ignore", value_name = "GROUP")]
    pub ignore: Vec<String>,
    /// The policy network mixed into the prior: `builtin` (the one the engine plays with),
    /// `none` (the patterns alone), or a weight file (or a training checkpoint).
    #[arg(long, default_value = "builtin")]
    pub policy: String,
    /// The network's share of the mixed prior (0 to 1; the patterns have the rest); default:
    /// the engine's on 19x19 (`--param prior_net`).
    #[arg(long)]
    pub policy_mix: Option<f32>,
    /// The network's probabilities averaged over this many of the board's 8 symmetries
    /// (1 to 8); default: the engine's at the root (`--param net_root_symmetries`).
    #[arg(long)]
    pub policy_symmetries: Option<usize>,
    /// Shapes above this size are left out (0: 3x3 only; 7: all).
    #[arg(long, default_value_t = SIZES - 1)]
    pub max_shape_size: usize,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

fn set_threads(n: usize) {
    if n > 0 {
        // fails only when the pool already exists: then it is used as it is
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
}

/// Parses games, counting the damaged ones.
fn parse_all(raw: &[RawGame]) -> (Vec<Moves>, usize) {
    let mut games = vec![];
    let mut damaged = 0;
    for r in raw {
        match r.parse() {
            Ok(g) => games.push(g),
            Err(e) => {
                log::debug!("{}: skipped: {e}", r.name);
                damaged += 1;
            }
        }
    }
    (games, damaged)
}

/// How many of `total` games (oldest first) a training run takes: `wanted`, at most all
/// but the newest `holdout`; an error when the holdout leaves none.
fn training_games(total: usize, wanted: usize, holdout: usize) -> Result<usize, String> {
    let take = wanted.min(total.saturating_sub(holdout));
    if take == 0 {
        return Err(format!(
            "{total} games, all of them in the holdout of {holdout}"
        ));
    }
    Ok(take)
}

/// Writes `bytes` to `path` through a temporary file and a rename, so a reader never sees
/// half a file.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn read(path: &Path) -> Result<Vec<RawGame>, String> {
    let raw = records::read_all(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if raw.is_empty() {
        return Err(format!("{}: no game records", path.display()));
    }
    Ok(raw)
}

/// Runs `tengen patterns train`; prints a summary (its last line one JSON object).
pub fn run_train(a: &TrainArgs) -> Result<(), String> {
    set_threads(a.threads);
    let t = Instant::now();
    let raw = read(&a.records)?;
    let take = training_games(raw.len(), a.games, a.holdout)?;
    let (games, damaged) = parse_all(&raw[..take]);
    drop(raw);
    let (model, stats) = train::train(
        &games,
        damaged,
        &train::TrainSettings {
            min_count: a.min_count,
            iterations: a.iterations,
        },
    );
    let bytes = model.to_bytes();
    write_whole(&a.out, &bytes)?;
    println!("{}", gamma_table(&model));
    println!(
        "shapes kept per size (3x3 first): {:?}, {} bytes written to {}",
        stats.shapes,
        bytes.len(),
        a.out.display()
    );
    let ll = &stats.log_likelihood;
    println!(
        "{}",
        serde_json::json!({
            "games": stats.games,
            "damaged": stats.damaged,
            "positions": stats.positions,
            "candidates": stats.candidates,
            "shapes": stats.shapes.iter().sum::<usize>(),
            "iterations": a.iterations,
            "log_likelihood_start": ll.first().copied().unwrap_or(0.0),
            "log_likelihood_end": ll.last().copied().unwrap_or(0.0),
            "seconds_harvest": (stats.seconds[0] * 10.0).round() / 10.0,
            "seconds_features": (stats.seconds[1] * 10.0).round() / 10.0,
            "seconds_fit": (stats.seconds[2] * 10.0).round() / 10.0,
            "seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

/// The learned gammas of every non-shape feature level, as a table.
pub fn gamma_table(m: &Model) -> String {
    let mut t = String::from("feature      level                            gamma\n");
    for g in GROUPS {
        for l in 1..=g.levels() {
            t += &format!(
                "{:<12} {:<30} {:>8.3}\n",
                g.name(),
                g.level_name(l),
                m.level_gamma(g, l)
            );
        }
    }
    t.trim_end().to_string()
}

/// Runs `tengen patterns eval`; prints a table, then one JSON object as the last line.
pub fn run_eval(a: &EvalArgs) -> Result<(), String> {
    set_threads(a.threads);
    let mut model = match &a.patterns {
        Some(p) => {
            let bytes = crate::files::read(p, crate::files::WEIGHTS)
                .map_err(|e| format!("{}: {e}", p.display()))?;
            Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", p.display()))?
        }
        None => Model::embedded()
            .cloned()
            .ok_or("the built-in pattern file is unusable")?,
    };
    for name in &a.ignore {
        if name == "shape" {
            model.forget_shapes();
            continue;
        }
        let g = Group::named(name).ok_or_else(|| format!("unknown feature group '{name}'"))?;
        model.forget_group(g);
    }
    model.forget_shapes_above(a.max_shape_size);
    let raw = read(&a.records)?;
    let from = raw.len().saturating_sub(a.games);
    let (games, damaged) = parse_all(&raw[from..]);
    drop(raw);
    let file;
    let net = match a.policy.as_str() {
        "none" => None,
        "builtin" => {
            Some(crate::nn::net::Net::embedded().ok_or("the built-in policy network is unusable")?)
        }
        p => {
            let bytes =
                crate::files::read(p, crate::files::WEIGHTS).map_err(|e| format!("{p}: {e}"))?;
            file =
                crate::nn::net::Net::from_safetensors(&bytes).map_err(|e| format!("{p}: {e}"))?;
            Some(&file)
        }
    };
    let engine = SearchParams::default().for_size(19);
    let mix = a.policy_mix.unwrap_or(engine.prior.net as f32);
    if !(0.0..=1.0).contains(&mix) {
        return Err("--policy-mix must be between 0 and 1".into());
    }
    let symmetries = a.policy_symmetries.unwrap_or(engine.net_root_symmetries);
    if !(1..=crate::nn::policy::SYMMETRIES).contains(&symmetries) {
        return Err("--policy-symmetries must be between 1 and 8".into());
    }
    // at share 0 the network changes nothing: it is not run
    let network = net.filter(|_| mix > 0.0).map(|net| eval::Network {
        net,
        mix,
        symmetries,
    });
    let t = Instant::now();
    let stats = eval::evaluate(&games, damaged, &model, network);
    print!("{}", stats.table());
    println!(
        "{} games ({} damaged skipped), {:.1} s",
        stats.games,
        stats.damaged,
        t.elapsed().as_secs_f64()
    );
    println!("{}", stats.json());
    Ok(())
}
