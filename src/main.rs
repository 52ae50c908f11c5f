//! The `tengen` command: command line -> engine -> GTP loop on stdin/stdout, plus `tengen bench`,
//! `tengen match`, `tengen tune`, `tengen score` and `tengen review`.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use tengen::benchcmd::{run_playout_bench, PlayoutBenchArgs};
use tengen::engine::{DynKomiMode, DynKomiParams, Player};
use tengen::gtp::{self, Gtp, Options};
use tengen::search::flat::FlatParams;

/// Tengen: a Go engine with its own small policy network. With no subcommand it speaks GTP v2 on
/// stdin/stdout (for Sabaki, GoGui, Lizzie, kgsGtp, gtp2ogs); logs go to stderr.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Search threads [default: the number of cores, at most 64]. Matches, benchmarks and
    /// tests that need the same moves on every run set it explicitly (--threads 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: Option<u64>,
    /// Playouts per move (fixed work: with --seed and one thread every run plays the same moves).
    /// Without it the engine thinks for --time seconds, or by the clock when one is set.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,
    /// Thinking time per move in seconds when the controller sets no clock.
    #[arg(long, default_value_t = 1.0, value_parser = parse_time)]
    time: f64,
    /// Rules preset: chinese, japanese, korean, aga, new-zealand, tromp-taylor, ing, primitive,
    /// yasunaga, traditional (KataGo's names such as chinese-ogs or stone-scoring work too).
    #[arg(long, default_value = "chinese", value_parser = parse_rules)]
    rules: (tengen::rules::Rules, String),
    /// Komi; defaults to the komi of the rules preset (for example 7.5 for chinese).
    #[arg(long, allow_negative_numbers = true, value_parser = parse_komi)]
    komi: Option<f64>,
    /// Seed of the random generators.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Move searcher: tree (Monte-Carlo tree search) or flat (flat Monte-Carlo, the baseline
    /// for matches).
    #[arg(long, default_value = "tree", value_parser = parse_player)]
    player: Player,
    /// Search during the opponent's turn, in the tree the expected reply will reuse.
    #[arg(long)]
    ponder: bool,
    /// Draw GoGui's live graphics (`gogui-gfx:` blocks on stderr: the best move's variation
    /// and a heat map of the searched moves) while genmove thinks; also `tengen-live_gfx on`.
    #[arg(long)]
    live_gfx: bool,
    /// Seconds kept back from every move under a clock, for the controller and the network.
    #[arg(long, default_value_t = tengen::search::time::LAG_MARGIN, value_parser = parse_lag)]
    lag_margin: f64,
    /// Most memory the search tree may take, in MiB; a full tree stops growing and the
    /// search goes on in the nodes it has.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    max_tree_mb: u64,
    /// Dynamic komi: off, handicap (in handicap games on boards above 9x9) or on (every game).
    #[arg(long, default_value = "handicap", value_parser = parse_dynkomi)]
    dynkomi: DynKomiMode,
    /// Dynamic komi per handicap stone at the start of the game.
    #[arg(long, default_value_t = 7.0, value_parser = parse_komi)]
    dynkomi_stone: f64,
    /// Moves (on 19x19, scaled by area on other boards) by which the handicap's dynamic komi
    /// has fallen to zero.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    dynkomi_moves: u64,
    /// Resign when the best move's winrate is below this on three own turns in a row (0 never
    /// resigns).
    #[arg(long, default_value_t = 0.05, value_parser = parse_fraction)]
    resign_threshold: f64,
    /// A tree-search setting as NAME=VALUE (repeatable); the help lists every name.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// The reply to GTP's `name`, e.g. to tell apart several bots of one operator.
    #[arg(long, default_value = gtp::commands::DEFAULT_NAME, value_parser = parse_name)]
    name: String,
    /// Also write the log to FILE (appended; the same records as stderr, which is unchanged).
    #[arg(long, value_name = "FILE")]
    log_file: Option<std::path::PathBuf>,
    /// End analyses (lz-analyze, kata-analyze, analyze) that set no `maxvisits` after N
    /// playouts, with a last info line; by default they run until the next command.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    analysis_max_visits: Option<u64>,
    /// End analyses that set no `maxtime` after SECONDS, with a last info line.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time)]
    analysis_max_time: Option<f64>,
    /// List and answer `kgs-chat` (kgsGtp before 3.5.20; 3.5.20 and later break on engines
    /// that list it, so it is off by default).
    #[arg(long)]
    kgs_chat: bool,
    /// After every generated move, write the lines gtp2ogs relays to the game chat on
    /// stderr (`MALKOVICH:` visits, win rate and principal variation for the observers;
    /// `DISCUSSION:` on resigning).
    #[arg(long)]
    ogs_chat: bool,
    /// Play the 19x19 opening from the book built from strong players' games where it
    /// applies (even game, komi 5.5 to 7.5): on or off.
    #[arg(long, default_value = "on", value_parser = parse_on_off, action = clap::ArgAction::Set)]
    book: bool,
    /// Play at a KGS-style rank, 30k to 1d, instead of full strength: the rank sets the
    /// playouts (not the time), how the move is drawn from the learned move probabilities
    /// and the search, and a human pace (docs/options.md, "Playing at a rank").
    #[arg(long, value_parser = |s: &str| s.parse::<tengen::engine::Rank>())]
    rank: Option<tengen::engine::Rank>,
    /// How long a move at a rank takes at least, in seconds on 19x19 (scaled down on
    /// smaller boards): LO-HI drawn per move, one number, or off.
    #[arg(long, default_value = "1-3", value_parser = |s: &str| s.parse::<tengen::engine::Pace>())]
    rank_pace: tengen::engine::Pace,
    /// More log output on stderr (-v info, -vv debug, -vvv trace); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
    #[command(subcommand)]
    command: Option<Command>,
}

// parsed once at start-up: the size of the match options costs nothing
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
    /// Bot-vs-bot matches and tournaments between any GTP engines (see bench/README.md).
    Match(MatchCommand),
    /// SPSA tuning of search parameters by games between perturbed copies of an engine
    /// (see bench/README.md).
    Tune(tengen::arena::tune::TuneArgs),
    /// The verdict on finished game records: dead stones, seki and the count.
    Score(tengen::scorecmd::ScoreArgs),
    /// Review whole games: every move searched, win rate and score lead written into a new
    /// SGF (comments and Lizzie's LZ), mistakes marked with the engine's line (docs/review.md).
    Review(tengen::review::ReviewArgs),
    /// Learned move patterns: train them on game records, or rate them on unseen games.
    Patterns {
        #[command(subcommand)]
        what: tengen::learn::PatternsCommand,
    },
    /// The policy network: train it on game records, export its weights.
    Policy {
        #[command(subcommand)]
        what: tengen::learn::policy::PolicyCommand,
    },
    /// The opening book: build it from game records.
    Book {
        #[command(subcommand)]
        what: tengen::learn::BookCommand,
    },
}

/// `tengen match`: play a match, or `tengen match merge` its shards.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
struct MatchCommand {
    #[command(subcommand)]
    sub: Option<MatchSub>,
    #[command(flatten)]
    args: tengen::arena::MatchArgs,
}

#[derive(Subcommand, Debug)]
enum MatchSub {
    /// Join the folders of a match's shards (--shard K/N) into one summary and report.
    Merge(tengen::arena::MergeArgs),
}

#[derive(Subcommand, Debug)]
enum BenchCommand {
    /// Light playouts from the empty board.
    Playouts(PlayoutBenchArgs),
    /// The full tree search from the empty board.
    Search(tengen::benchcmd::search::SearchBenchArgs),
    /// One forward pass of the policy network on one core.
    Policy(tengen::benchcmd::policy::PolicyBenchArgs),
}

fn parse_time(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 1.0e6 => Ok(t),
        _ => Err("expected a number of seconds above 0".into()),
    }
}

fn parse_lag(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && (0.0..=60.0).contains(&t) => Ok(t),
        _ => Err("expected a number of seconds from 0 to 60".into()),
    }
}

fn parse_komi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 1000.0 => Ok(k),
        _ => Err("expected a number such as 7.5".into()),
    }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err("expected a number from 0 to 1".into()),
    }
}

fn parse_on_off(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err("expected on or off".into()),
    }
}

fn parse_dynkomi(s: &str) -> Result<DynKomiMode, String> {
    s.parse()
}

fn parse_player(s: &str) -> Result<Player, String> {
    s.parse()
}

/// A `--name`: one line of printable text, at most 100 characters.
fn parse_name(s: &str) -> Result<String, String> {
    let s = s.trim();
    if s.is_empty() || s.chars().count() > 100 || s.chars().any(char::is_control) {
        return Err("expected a name of 1 to 100 printable characters".into());
    }
    Ok(s.to_string())
}

/// The help of `--param`: every name `SearchParams` takes, so that none is missing.
fn param_help() -> String {
    format!(
        "A tree-search setting as NAME=VALUE (repeatable), e.g. `--param policy=light` or \
         `--param expand_visits=4` (`--help` explains each); the names: {}",
        tengen::search::params::SearchParams::NAMES.join(", ")
    )
}

/// `--param`'s long help (`--help`): every setting of the one table with its values and
/// its defaults, the per-size ones included.
fn param_long_help() -> String {
    let mut s = String::from(
        "A tree-search setting as NAME=VALUE (repeatable), e.g. `--param policy=light`. \
         Defaults differ by board size where shown (9x9 stands for below 15x15, 19x19 for \
         15x15 and up); a setting given by name applies at every size.\n",
    );
    for p in tengen::search::params::SearchParams::table() {
        let sizes = if p.small == p.default && p.large == p.default {
            format!("default {}", p.default)
        } else {
            format!("default {}, 9x9 {}, 19x19 {}", p.default, p.small, p.large)
        };
        s.push_str(&format!("\n{}: {} ({}; {sizes})", p.name, p.doc, p.range));
    }
    s
}

/// The command line, with the help of `--param` listing every name.
fn parse_cli() -> Cli {
    let cmd = Cli::command().mut_arg("params", |a| {
        a.help(param_help()).long_help(param_long_help())
    });
    let matches = cmd.get_matches();
    match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    }
}

fn parse_rules(s: &str) -> Result<(tengen::rules::Rules, String), String> {
    tengen::rules::parse_rules_name(s)
        .ok_or_else(|| format!("unknown rules '{s}' ({})", tengen::rules::Preset::names()))
}

/// The search threads when `--threads` is not given: the number of cores the process may
/// use (as Pachi, KataGo, Leela Zero and Fuego do), 1 when unknown, at most 64.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(64))
}

/// Log lines for stderr and a log file at once (`--log-file`).
struct Tee {
    file: std::fs::File,
}

impl std::io::Write for Tee {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // the file is a copy: a full disk must not cost the stderr log
        let _ = self.file.write_all(buf);
        std::io::stderr().write_all(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = self.file.flush();
        std::io::stderr().flush()
    }
}

/// Logs at the level of `-v` (or `RUST_LOG`) to stderr, and with `log_file` also to that
/// file (opened for appending).
fn init_logging(verbose: u8, log_file: Option<&std::path::Path>) -> Result<(), String> {
    let level = match verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    let mut b = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(level));
    match log_file {
        None => b.target(env_logger::Target::Stderr),
        Some(path) => {
            let file = tengen::files::append(path)
                .map_err(|e| format!("--log-file {}: {e}", path.display()))?;
            b.target(env_logger::Target::Pipe(Box::new(Tee { file })))
        }
    };
    b.init();
    Ok(())
}

fn run_gtp(cli: &Cli) -> ExitCode {
    let mut tree = tengen::search::params::SearchParams {
        max_nodes: ((cli.max_tree_mb as usize) << 20) / tengen::search::tree::NODE_BYTES,
        ..Default::default()
    };
    for a in &cli.params {
        if let Err(e) = tree.set(a) {
            eprintln!("tengen: --param: {e}");
            return ExitCode::from(2);
        }
    }
    let opts = Options {
        tree,
        rules: cli.rules.0,
        rules_name: Some(cli.rules.1.clone()),
        komi: cli.komi,
        player: cli.player,
        lag_margin: cli.lag_margin,
        ponder: cli.ponder,
        dynkomi: DynKomiParams {
            mode: cli.dynkomi,
            stone_value: cli.dynkomi_stone,
            moves_19: cli.dynkomi_moves as usize,
        },
        book: cli.book,
        rank: cli.rank,
        pace: cli.rank_pace,
        search: FlatParams {
            playouts: cli.playouts,
            time: cli.time,
            threads: cli.threads.map_or_else(default_threads, |t| t as usize),
            seed: cli.seed,
            resign_threshold: cli.resign_threshold,
            ..FlatParams::default()
        },
        ..Options::default()
    };
    log::info!(
        "Tengen {} (GTP version {}) ready as {}, rules {}, player {}, {} threads",
        env!("CARGO_PKG_VERSION"),
        gtp::commands::gtp_version(),
        cli.name,
        cli.rules.1,
        cli.player,
        opts.search.threads
    );
    let (kgs_chat, ogs_chat) = (cli.kgs_chat, cli.ogs_chat);
    let live_gfx = cli.live_gfx;
    let name = cli.name.clone();
    let limits = gtp::commands::AnalysisLimits {
        max_visits: cli.analysis_max_visits,
        max_time: cli.analysis_max_time,
    };
    // a large stack: deep SGF trees are parsed and dropped recursively
    let worker = std::thread::Builder::new()
        .name("gtp".into())
        .stack_size(256 << 20)
        .spawn(move || {
            let mut engine = Gtp::new(&opts)
                .with_kgs_chat(kgs_chat)
                .with_ogs_chat(ogs_chat)
                .with_live_gfx(live_gfx)
                .with_name(&name)
                .with_analysis_limits(limits);
            let stdout = std::io::stdout();
            gtp::io::run(&mut engine, std::io::stdin(), stdout.lock())
        });
    match worker.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => ExitCode::SUCCESS,
        Ok(Ok(Err(e))) => {
            log::warn!("output closed: {e}");
            ExitCode::SUCCESS
        }
        Ok(Err(_)) => {
            eprintln!("tengen: the engine stopped on an internal error");
            ExitCode::from(101)
        }
        Err(e) => {
            eprintln!("tengen: cannot start: {e}");
            ExitCode::from(1)
        }
    }
}

// `tengen match merge ...` is parsed on its own: clap checks the options of `tengen match`
// even when its `merge` subcommand is given.
/// Join the folders of a match's shards (`tengen match --shard K/N --out DIR`) into one
/// folder with every game, the summary and the report, as if the match had run in one piece
/// (docs/match.md).
#[derive(Parser, Debug)]
#[command(name = "tengen match merge")]
struct MergeOnly {
    #[command(flatten)]
    args: tengen::arena::MergeArgs,
}

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv.len() >= 3 && argv[1] == "match" && argv[2] == "merge" {
        let name = std::ffi::OsString::from("tengen match merge");
        let m = MergeOnly::parse_from(std::iter::once(&name).chain(&argv[3..]));
        if let Err(e) = init_logging(0, None) {
            eprintln!("tengen: {e}");
            return ExitCode::from(2);
        }
        return finish(tengen::arena::merge(&m.args));
    }
    let cli = parse_cli();
    // training reports its progress at the info level
    let patterns = matches!(
        cli.command,
        Some(Command::Patterns { .. } | Command::Book { .. } | Command::Policy { .. })
    );
    let level = if patterns {
        cli.verbose.max(1)
    } else {
        cli.verbose
    };
    if let Err(e) = init_logging(level, cli.log_file.as_deref()) {
        eprintln!("tengen: {e}");
        return ExitCode::from(2);
    }
    match &cli.command {
        Some(Command::Bench {
            what: BenchCommand::Playouts(a),
        }) => finish(run_playout_bench(a)),
        Some(Command::Bench {
            what: BenchCommand::Search(a),
        }) if a.sgf.is_empty() => finish(tengen::benchcmd::search::run_search_bench(a)),
        Some(Command::Bench {
            what: BenchCommand::Search(a),
        }) => finish(
            bench_positions(a).and_then(|p| tengen::benchcmd::search::run_search_bench_on(a, &p)),
        ),
        Some(Command::Bench {
            what: BenchCommand::Policy(a),
        }) => finish(tengen::benchcmd::policy::run(a)),
        Some(Command::Match(m)) => finish(match &m.sub {
            Some(MatchSub::Merge(a)) => tengen::arena::merge(a),
            None => tengen::arena::run(&m.args),
        }),
        Some(Command::Tune(a)) => finish(tengen::arena::tune::run(a)),
        Some(Command::Score(a)) => finish(tengen::scorecmd::run(a)),
        Some(Command::Review(a)) => finish(tengen::review::run(a)),
        Some(Command::Patterns { what }) => finish(match what {
            tengen::learn::PatternsCommand::Train(a) => tengen::learn::run_train(a),
            tengen::learn::PatternsCommand::Eval(a) => tengen::learn::run_eval(a),
            tengen::learn::PatternsCommand::Playout(a) => tengen::learn::playout::run(a),
            tengen::learn::PatternsCommand::Balance(a) => tengen::learn::balance::run(a),
        }),
        Some(Command::Policy { what }) => finish(match what {
            tengen::learn::policy::PolicyCommand::Train(a) => tengen::learn::policy::run_train(a),
            tengen::learn::policy::PolicyCommand::Export(a) => tengen::learn::policy::run_export(a),
        }),
        Some(Command::Book {
            what: tengen::learn::BookCommand::Build(a),
        }) => finish(tengen::learn::book::run_build(a)),
        Some(Command::Book {
            what: tengen::learn::BookCommand::Joseki(a),
        }) => finish(tengen::learn::joseki::run_build(a)),
        None => run_gtp(&cli),
    }
}

/// The exit code of a subcommand: 0, or 2 with the error on stderr.
/// The positions of `tengen bench search --sgf ... --move ...`: each record before each
/// move number it reaches, under chinese rules with the record's komi.
fn bench_positions(
    a: &tengen::benchcmd::search::SearchBenchArgs,
) -> Result<Vec<(String, tengen::rules::Game)>, String> {
    if a.moves.is_empty() {
        return Err("--sgf needs at least one --move".into());
    }
    let mut out = Vec::new();
    for path in &a.sgf {
        let text = tengen::files::read_text(path, tengen::files::SGF)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let rec = tengen::sgf::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for &m in &a.moves {
            if m == 0 || m > rec.moves.len() + 1 {
                continue;
            }
            let rules = tengen::rules::Rules::preset(tengen::rules::Preset::Chinese);
            let game = rec
                .to_game(rules, Some(m))
                .map_err(|e| format!("{} at move {m}: {e}", path.display()))?;
            out.push((format!("{} move {m}", path.display()), game));
        }
    }
    Ok(out)
}

fn finish<T, E: std::fmt::Display>(r: Result<T, E>) -> ExitCode {
    match r {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::from(2)
        }
    }
}
