//! The `tengen` command: command line -> engine -> GTP loop on stdin/stdout, plus `tengen bench`,
//! `tengen match`, `tengen tune`, `tengen score` and `tengen review`.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use tengen::benchcmd::{run_playout_bench, PlayoutBenchArgs};
use tengen::engine::{Player, Setting, Settings, SETTINGS};
use tengen::gtp::{self, Gtp, Options};

/// Tengen: a Go engine with its own small policy network. With no subcommand it speaks GTP v2 on
/// stdin/stdout (for Sabaki, GoGui, Lizzie, kgsGtp, gtp2ogs); logs go to stderr.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// Rules preset: chinese, japanese, korean, aga, new-zealand, tromp-taylor, ing, primitive,
    /// yasunaga, traditional (KataGo's names such as chinese-ogs or stone-scoring work too).
    #[arg(long, default_value = "chinese", value_parser = parse_rules)]
    rules: (tengen::rules::Rules, String),
    /// Komi; defaults to the komi of the rules preset (for example 7.5 for chinese).
    #[arg(long, allow_negative_numbers = true, value_parser = parse_komi)]
    komi: Option<f64>,
    /// Move searcher: tree (Monte-Carlo tree search) or flat (flat Monte-Carlo, the baseline
    /// for matches).
    #[arg(long, default_value = "tree", value_parser = parse_player)]
    player: Player,
    /// Draw GoGui's live graphics (`gogui-gfx:` blocks on stderr: the best move's variation
    /// and a heat map of the searched moves) while genmove thinks; also `tengen-live_gfx on`.
    #[arg(long)]
    live_gfx: bool,
    /// A tree-search setting as NAME=VALUE (repeatable); the help lists every name.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// The reply to GTP's `name`, e.g. to tell apart several bots of one operator.
    #[arg(long, default_value = gtp::commands::DEFAULT_NAME, value_parser = parse_name)]
    name: String,
    /// Also write the log to FILE (appended; the same records as stderr, which is unchanged).
    #[arg(long, value_name = "FILE")]
    log_file: Option<std::path::PathBuf>,
    /// List and answer `kgs-chat` (kgsGtp before 3.5.20; 3.5.20 and later break on engines
    /// that list it, so it is off by default).
    #[arg(long)]
    kgs_chat: bool,
    /// After every generated move, write the lines gtp2ogs relays to the game chat on
    /// stderr (`MALKOVICH:` visits, win rate and principal variation for the observers;
    /// `DISCUSSION:` on resigning).
    #[arg(long)]
    ogs_chat: bool,
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

fn parse_komi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 1000.0 => Ok(k),
        _ => Err("expected a number such as 7.5".into()),
    }
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

/// The command-line flag of an engine-wide setting, checked by the setting's own parser
/// (the one GTP's `kata-set-param` uses); a switch (`--ponder`) alone means `on`.
fn setting_arg(s: &'static Setting) -> clap::Arg {
    let arg = clap::Arg::new(s.name)
        .long(s.name)
        .value_name("VALUE")
        .allow_negative_numbers(true)
        .help(format!(
            "{}: {} [default: {}]",
            capitalised(s.doc),
            s.values,
            s.shown_default()
        ))
        .value_parser(move |v: &str| {
            if s.accepts(v) {
                Ok(v.to_string())
            } else {
                Err(format!("expected {}", s.values))
            }
        });
    if s.switch {
        arg.num_args(0..=1).default_missing_value("on")
    } else {
        arg
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// The command line's parser: the front end's flags, a flag for every engine-wide setting
/// of the one table, and the help of `--param` listing every tree-search setting.
fn command() -> clap::Command {
    Cli::command()
        .mut_arg("params", |a| {
            a.help(param_help()).long_help(param_long_help())
        })
        .args(SETTINGS.iter().map(setting_arg))
}

/// The engine-wide settings the command line gives, over their defaults.
fn settings_given(matches: &clap::ArgMatches) -> Result<Settings, String> {
    let mut settings = Settings::default();
    for s in SETTINGS {
        if let Some(v) = matches.get_one::<String>(s.name) {
            s.set(&mut settings, v)
                .map_err(|e| format!("--{}: {e}", s.name))?;
        }
    }
    Ok(settings)
}

/// The command line, parsed (on an error clap's message and exit code 2).
fn parse_cli() -> (Cli, Settings) {
    let matches = command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match settings_given(&matches) {
        Ok(settings) => (cli, settings),
        Err(e) => {
            eprintln!("tengen: {e}");
            std::process::exit(2);
        }
    }
}

fn parse_rules(s: &str) -> Result<(tengen::rules::Rules, String), String> {
    tengen::rules::parse_rules_name(s)
        .ok_or_else(|| format!("unknown rules '{s}' ({})", tengen::rules::Preset::names()))
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

fn run_gtp(cli: &Cli, settings: Settings) -> ExitCode {
    let mut tree = tengen::search::params::SearchParams::default();
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
        settings,
        ..Options::default()
    };
    log::info!(
        "Tengen {} (GTP version {}) ready as {}, rules {}, player {}, {} threads",
        env!("CARGO_PKG_VERSION"),
        gtp::commands::gtp_version(),
        cli.name,
        cli.rules.1,
        cli.player,
        opts.settings.think.threads
    );
    let (kgs_chat, ogs_chat) = (cli.kgs_chat, cli.ogs_chat);
    let live_gfx = cli.live_gfx;
    let name = cli.name.clone();
    // a large stack: deep SGF trees are parsed and dropped recursively
    let worker = std::thread::Builder::new()
        .name("gtp".into())
        .stack_size(256 << 20)
        .spawn(move || {
            let mut engine = Gtp::new(&opts)
                .with_kgs_chat(kgs_chat)
                .with_ogs_chat(ogs_chat)
                .with_live_gfx(live_gfx)
                .with_name(&name);
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
    let (cli, settings) = parse_cli();
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
        None => run_gtp(&cli, settings),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Values to try on every setting: good for some, bad for others.
    const VALUES: &[&str] = &[
        "0",
        "1",
        "2",
        "3",
        "64",
        "65",
        "-1",
        "-3",
        "0.0005",
        "0.001",
        "0.5",
        "1.5",
        "2.5",
        "7",
        "200",
        "1024",
        "1e3",
        "nan",
        "inf",
        "auto",
        "AUTO",
        "on",
        "off",
        "true",
        "false",
        "yes",
        "maybe",
        "handicap",
        "sometimes",
        "5k",
        "30k",
        "31k",
        "1d",
        "2d",
        "1-3",
        "3-1",
        "2-4",
        "61",
        "1048576",
        "1048577",
        "18446744073709551615",
        "18446744073709551616",
    ];

    /// The engine-wide settings after `--NAME VALUE` on the command line (`None`: refused).
    fn by_command_line(name: &str, value: &str) -> Option<Settings> {
        let flag = format!("--{name}");
        let m = command()
            .try_get_matches_from(["tengen", flag.as_str(), value])
            .ok()?;
        settings_given(&m).ok()
    }

    /// The engine-wide settings after `kata-set-param NAME VALUE` (`None`: refused).
    fn by_gtp(name: &str, value: &str) -> Option<Settings> {
        let mut g = Gtp::new(&Options::default());
        let reply = g.exec(&format!("kata-set-param {name} {value}"));
        reply
            .starts_with('=')
            .then(|| g.engine().settings().clone())
    }

    #[test]
    fn every_setting_takes_and_refuses_the_same_values_on_the_command_line_and_over_gtp() {
        for s in SETTINGS {
            let mut taken = 0;
            for v in VALUES.iter().copied().chain([s.default]) {
                let cli = by_command_line(s.name, v);
                for gtp_name in [s.name, s.gtp_name()] {
                    assert_eq!(
                        by_gtp(gtp_name, v),
                        cli,
                        "--{} {v} against kata-set-param {gtp_name} {v}",
                        s.name
                    );
                }
                taken += usize::from(cli.is_some());
            }
            assert!(taken >= 2, "--{} takes {taken} of the values", s.name);
            assert!(taken < VALUES.len(), "--{} takes every value", s.name);
        }
        // the disagreement the one table removed: a time below a millisecond
        assert!(by_command_line("time", "0.0005").is_none());
        assert!(by_gtp("maxTime", "0.0005").is_none());
    }

    #[test]
    fn a_switch_alone_means_on_and_the_defaults_are_the_tables() {
        let m = command()
            .try_get_matches_from(["tengen", "--ponder", "--threads", "1"])
            .unwrap();
        let s = settings_given(&m).unwrap();
        assert!(s.ponder);
        assert_eq!(s.think.threads, 1);
        let m = command().try_get_matches_from(["tengen"]).unwrap();
        assert_eq!(settings_given(&m).unwrap(), Settings::default());
        // the front end's own flags are parsed as before
        let m = command()
            .try_get_matches_from(["tengen", "--komi", "-3.5", "--dynkomi-stone", "-2"])
            .unwrap();
        let cli = Cli::from_arg_matches(&m).unwrap();
        assert_eq!(cli.komi, Some(-3.5));
        assert_eq!(settings_given(&m).unwrap().dynkomi.stone_value, -2.0);
    }
}
