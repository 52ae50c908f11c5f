//! The match runner behind `tengen match`: plays games between two GTP engines with
//! clocks, forfeits, dead-stone settlement and scoring by Tengen's rules, and writes SGF
//! records, `games.jsonl`, `summary.json` and a table.
//!
//! Engines are driven through the `gtp` crate's `Command` and `ResponseParser` with our own
//! process handling ([`process`]); every game starts fresh engine processes, so a crash in
//! one game cannot leak into the next.

pub mod clock;
pub mod elo;
pub mod game;
pub mod json;
pub mod judge;
pub mod plan;
pub mod process;
pub mod record;
pub mod report;
pub mod sprt;
pub mod stats;
pub mod store;
pub mod summary;
pub mod tune;
pub mod words;

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use clock::TimeControl;
use game::{EngineSpec, GameOutcome, GameSettings, Settlement};
use json::PerEngine;
use process::Engine;
use record::GameLine;
pub use summary::{MatchSettings, Seed, Summary, SummaryFile, Tally};

use crate::board::{MAX_SIZE, MIN_SIZE};

/// Options of `tengen match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// An engine as NAME=COMMAND (two for a pair match, more for a tournament); COMMAND is
    /// split into words like a shell does, e.g. --engine "gnugo=/usr/games/gnugo --mode gtp
    /// --level 10" (on Windows a backslash is an ordinary character, so C:\Go\gnugo.exe
    /// works as written; quote words with spaces); every `{seed}` in it becomes the game's
    /// own seed, so that seeded engines play different games
    #[arg(long = "engine", value_name = "NAME=COMMAND", required = true)]
    pub engines: Vec<String>,
    /// How the engines meet: pair (two engines), round-robin (each against each) or gauntlet
    /// (the first against each other one)
    #[arg(long, value_enum, default_value = "pair")]
    pub tournament: plan::Tournament,
    /// Games per pairing, in pairs from the same opening with colours swapped (see
    /// --fixed-colors)
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Stop when a sequential probability ratio test on the first engine's results decides
    /// between Elo difference ELO0 (H0) and ELO1 (H1), logistic Elo, e.g. --sprt 0,10
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// The SPRT's false-positive rate (accepting H1 when H0 holds)
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The SPRT's false-negative rate (accepting H0 when H1 holds)
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Continue the match in --out: finished games are kept, games cut off are played
    /// again, and the summary is recomputed
    #[arg(long)]
    pub resume: bool,
    /// Play only shard K of N (from 0): the games whose index is K modulo N, for a match
    /// spread over machines; join the folders with `tengen match merge`
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Keep the colours of the first game in every game (with --handicap: one engine always
    /// gives the handicap); the first engine takes Black unless --seed picks otherwise
    #[arg(long)]
    pub fixed_colors: bool,
    /// How the games are played.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seed of the match: decides which engine takes Black first (default: the first
    /// engine), the random openings and the per-game engine seeds
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Output directory: sgf/, logs/, match.json, games.jsonl, summary.json, report.html
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

impl MatchArgs {
    /// The board size: `--size`, 19 by default.
    pub fn size(&self) -> usize {
        self.game.size.unwrap_or(19)
    }
}

/// The options that shape the games, one set for `tengen match` and `tengen tune`.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// Openings: a file with one move list per line (`B D4 W Q16 B Q3`; `#` starts a
    /// comment line), or a folder of SGF files (their main lines, in file-name order). Each
    /// opening is played twice, colours swapped; the list starts over when it runs out
    #[arg(long, value_name = "PATH", conflicts_with = "random_opening")]
    pub openings: Option<PathBuf>,
    /// Keep only the first N moves of each opening (for SGF game records)
    #[arg(long, value_name = "N")]
    pub opening_plies: Option<usize>,
    /// Start each pair of games from N random moves (none on the first two lines, none that
    /// captures or leaves a chain in atari), new ones each round, decided by --seed
    #[arg(long, value_name = "N")]
    pub random_opening: Option<usize>,
    /// Board size (2-25) [default: 19 for `tengen match`, 9 for `tengen tune`]
    #[arg(long)]
    pub size: Option<usize>,
    /// Komi (kept as given with --handicap: handicap games usually use 0.5)
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    pub komi: f64,
    /// Handicap: N stones for Black on GTP's fixed points (2-9 on odd sizes from 9x9, 2-4
    /// on 7x7 and even sizes from 8x8), sent as fixed_handicap N (set_free_handicap if
    /// refused); White moves first. Colours still alternate, so each engine both gives and
    /// takes the handicap; the rules' handicap bonus for White counts
    #[arg(long, value_name = "N")]
    pub handicap: Option<usize>,
    /// Rules used to judge legality and count: chinese, japanese, korean, aga, new-zealand,
    /// tromp-taylor, ing, primitive, yasunaga, traditional, or KataGo's names for them
    /// (chinese-ogs, stone-scoring, ...), as `tengen --rules` takes them
    #[arg(long, default_value = "chinese")]
    pub rules: String,
    /// Fixed time per move in seconds (sent as time_settings 0 SECONDS 1)
    #[arg(long, value_name = "SECONDS", conflicts_with = "time_settings")]
    pub time_per_move: Option<f64>,
    /// Clock, in seconds: "MAIN BYOYOMI STONES" as GTP time_settings (Canadian overtime:
    /// "600 30 5"; "300 0 0" is absolute time), or as kgsGtp's kgs-time_settings: "byoyomi
    /// MAIN PERIOD PERIODS" (Japanese byo-yomi: a move within a period keeps it, overrunning
    /// one uses it up; sent as kgs-time_settings to engines that know it, else as
    /// time_settings MAIN PERIOD 1), "canadian MAIN PERIOD STONES", "absolute MAIN", or as
    /// KataGo's kata-time_settings: "fischer MAIN INCREMENT" or "fischer-capped MAIN
    /// INCREMENT MAX_MAIN MAX_MOVE" (-1: no cap; sent as kata-time_settings to engines that
    /// list kata-list_time_settings, else as time_settings MAIN-INCREMENT INCREMENT 1, as
    /// gtp2ogs does)
    #[arg(long, value_name = "MAIN BYOYOMI STONES")]
    pub time_settings: Option<String>,
    /// Longest wait for any reply, in seconds (default: the clock for genmove, else 60)
    #[arg(long, value_name = "SECONDS")]
    pub move_timeout: Option<f64>,
    /// Seconds a move may overrun the clock before the flag falls (cutechess's timemargin;
    /// under byo-yomi, a move ending this far into the next period still keeps its period);
    /// an engine that keeps no clock of its own, such as GNU Go, needs more than the default
    #[arg(long, value_name = "SECONDS", default_value_t = clock::LAG_ALLOWANCE)]
    pub lag_allowance: f64,
    /// The lag allowance of one engine, as NAME=SECONDS (repeatable): e.g. GNU Go 10 s and
    /// the engine under test the default, so that its own overruns still lose
    #[arg(long, value_name = "NAME=SECONDS")]
    pub lag_allowance_for: Vec<String>,
    /// Stop after this many moves and count the position (default 3 x size x size)
    #[arg(long, value_name = "M")]
    pub max_moves: Option<usize>,
    /// Engine that settles dead stones when the players disagree, e.g.
    /// "/usr/games/gnugo --mode gtp --chinese-rules" (checked before the first game)
    #[arg(long, value_name = "COMMAND")]
    pub referee: Option<String>,
    /// Games played at once
    #[arg(long, default_value_t = 1, value_name = "P")]
    pub parallel: usize,
}

#[derive(clap::Parser)]
#[command(name = "tengen match")]
struct ArgsOnly {
    #[command(flatten)]
    m: MatchArgs,
}

/// Parses `tengen match` options (without the program and subcommand names); the error is
/// clap's message, usage included.
pub fn parse_args<I, T>(args: I) -> Result<MatchArgs, String>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::Parser;
    let all = std::iter::once(std::ffi::OsString::from("tengen-match"))
        .chain(args.into_iter().map(Into::into));
    ArgsOnly::try_parse_from(all)
        .map(|a| a.m)
        .map_err(|e| e.to_string())
}

/// Why a match could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    /// Bad options.
    Usage(String),
    /// The output directory or a file in it could not be written.
    Io(String),
    /// An engine failed its check before the first game.
    Engine(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Usage(m) => write!(f, "match: {m}"),
            MatchError::Io(m) => write!(f, "match: {m}"),
            MatchError::Engine(m) => write!(f, "match: {m}"),
        }
    }
}

impl std::error::Error for MatchError {}

/// Checked options.
#[derive(Debug)]
struct Plan {
    engines: Vec<EngineSpec>,
    settings: GameSettings,
    tournament: plan::Tournament,
    /// The games this run plays (its shard's), in number order.
    games: Vec<plan::Scheduled>,
    /// Games in the whole match.
    total: usize,
    parallel: usize,
    first_black: usize,
    shard: Option<plan::Shard>,
    sprt: Option<sprt::Sprt>,
    identity: store::Identity,
}

fn parse_engine(text: &str) -> Result<EngineSpec, MatchError> {
    let Some((name, command)) = text.split_once('=') else {
        return Err(MatchError::Usage(format!(
            "--engine {text:?}: expected NAME=COMMAND"
        )));
    };
    let name = name.trim();
    let ok_name = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+'))
        && !name.starts_with('.');
    if !ok_name {
        return Err(MatchError::Usage(format!(
            "--engine {text:?}: NAME must be 1-40 letters, digits, '-', '_', '.' or '+'"
        )));
    }
    let words = words::split_words(command)
        .map_err(|e| MatchError::Usage(format!("--engine {name}: {e}")))?;
    Ok(EngineSpec {
        name: name.to_string(),
        words,
    })
}

fn positive(x: f64, what: &str) -> Result<f64, MatchError> {
    if x.is_finite() && x > 0.0 {
        Ok(x)
    } else {
        Err(MatchError::Usage(format!(
            "{what} must be positive, not {x}"
        )))
    }
}

fn plan(args: &MatchArgs) -> Result<Plan, MatchError> {
    let g = &args.game;
    let size = args.size();
    let usage = |m: String| MatchError::Usage(m);
    // the engine count must suit the tournament
    args.tournament
        .pairings(args.engines.len())
        .map_err(usage)?;
    let engines = args
        .engines
        .iter()
        .map(|e| parse_engine(e))
        .collect::<Result<Vec<_>, _>>()?;
    for (i, e) in engines.iter().enumerate() {
        if engines[..i].iter().any(|o| o.name == e.name) {
            return Err(usage(format!("two engines are called {:?}", e.name)));
        }
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(usage(format!(
            "--size {} is outside {MIN_SIZE}..={MAX_SIZE}",
            size
        )));
    }
    if !g.komi.is_finite() || g.komi.abs() > 1000.0 {
        return Err(usage(format!("--komi {} is not a usable komi", g.komi)));
    }
    let handicap = match g.handicap {
        Some(n) => check_handicap(size, n)?,
        None => 0,
    };
    let rules = judge::parse_rules(&g.rules).map_err(usage)?;
    let time = match (&g.time_per_move, &g.time_settings) {
        (Some(t), None) => Some(TimeControl::per_move(*t).map_err(usage)?),
        (None, Some(t)) => Some(TimeControl::parse(t).map_err(usage)?),
        (None, None) => None,
        (Some(_), Some(_)) => {
            return Err(usage(
                "give --time-per-move or --time-settings, not both".into(),
            ))
        }
    };
    let move_timeout = match g.move_timeout {
        Some(t) => Some(positive(t, "--move-timeout")?),
        None => None,
    };
    if !(g.lag_allowance.is_finite() && g.lag_allowance >= 0.0) {
        return Err(usage(format!(
            "--lag-allowance {} is not a number of seconds",
            g.lag_allowance
        )));
    }
    let mut lag_allowance_for = std::collections::BTreeMap::new();
    for arg in &g.lag_allowance_for {
        let bad = || usage(format!("--lag-allowance-for {arg}: expected NAME=SECONDS"));
        let (name, secs) = arg.split_once('=').ok_or_else(bad)?;
        let secs: f64 = secs.trim().parse().map_err(|_| bad())?;
        if !(secs.is_finite() && secs >= 0.0) {
            return Err(bad());
        }
        if engines.iter().all(|e| e.name != name) {
            return Err(usage(format!(
                "--lag-allowance-for {arg}: no engine is named {name}"
            )));
        }
        lag_allowance_for.insert(name.to_string(), secs);
    }
    if args.games == 0 {
        return Err(usage("--games must be at least 1".into()));
    }
    if g.parallel == 0 {
        return Err(usage("--parallel must be at least 1".into()));
    }
    let max_moves = g.max_moves.unwrap_or(3 * size * size);
    if max_moves == 0 {
        return Err(usage("--max-moves must be at least 1".into()));
    }
    let referee = match &g.referee {
        Some(r) => Some(words::split_words(r).map_err(|e| usage(format!("--referee: {e}")))?),
        None => None,
    };
    let first_black = match args.seed {
        Some(seed) => (plan::splitmix64(seed) & 1) as usize,
        None => 0,
    };
    let start = plan::Start {
        size,
        rules,
        komi: g.komi,
        handicap: if handicap > 0 {
            crate::rules::Game::fixed_handicap_points(size, handicap).unwrap_or_default()
        } else {
            Vec::new()
        },
    };
    let (openings, openings_id) = match (&g.openings, g.random_opening) {
        (Some(path), _) => {
            let list = plan::read_openings(path, g.opening_plies, &start)
                .map_err(|e| usage(format!("--openings {e}")))?;
            let text: Vec<String> = list.iter().map(|m| plan::moves_text(m)).collect();
            let id = format!(
                "file {} {:016x}",
                list.len(),
                store::fnv1a(&text.join("\n"))
            );
            (plan::Openings::List(list), id)
        }
        (None, Some(n)) => (plan::Openings::Random(n), format!("random {n}")),
        (None, None) => (plan::Openings::Empty, "empty".to_string()),
    };
    let shard = match &args.shard {
        Some(text) => Some(plan::Shard::parse(text).map_err(usage)?),
        None => None,
    };
    let spec = plan::PlanSpec {
        engines: engines.len(),
        tournament: args.tournament,
        games: args.games,
        first_black,
        alternate: !args.fixed_colors,
        openings,
        seed: args.seed.unwrap_or(0),
    };
    let sprt = match &args.sprt {
        Some(text) => {
            let bad = || usage(format!("--sprt {text}: expected ELO0,ELO1 such as 0,10"));
            let (e0, e1) = text.split_once(',').ok_or_else(bad)?;
            let e0: f64 = e0.trim().parse().map_err(|_| bad())?;
            let e1: f64 = e1.trim().parse().map_err(|_| bad())?;
            let t = sprt::Sprt::new(e0, e1, args.alpha, args.beta)
                .map_err(|e| usage(format!("--sprt {text}: {e}")))?;
            Some(t)
        }
        None => None,
    };
    let all = plan::schedule(&spec, &start).map_err(usage)?;
    let total = all.len();
    let games: Vec<plan::Scheduled> = all
        .into_iter()
        .filter(|g| shard.is_none_or(|s| s.has(g.number)))
        .collect();
    let identity = store::Identity {
        engines: engines
            .iter()
            .map(|e| (e.name.clone(), e.words.join(" ")))
            .collect(),
        tournament: args.tournament.name().to_string(),
        games: args.games,
        size,
        komi: g.komi,
        handicap,
        rules: rules.to_string(),
        time: time.map(|t| t.to_string()),
        max_moves,
        seed: args.seed.unwrap_or(0).to_string(),
        fixed_colors: args.fixed_colors,
        openings: openings_id,
        referee: g.referee.clone(),
        sprt: sprt.map(|t| [t.elo0, t.elo1, t.alpha, t.beta]),
    };
    Ok(Plan {
        engines,
        tournament: args.tournament,
        total,
        shard,
        sprt,
        identity,
        settings: GameSettings {
            size,
            komi: g.komi,
            handicap,
            rules,
            time,
            move_timeout,
            lag_allowance: g.lag_allowance,
            lag_allowance_for,
            max_moves,
            referee,
            out: args.out.clone(),
        },
        parallel: g.parallel.min(games.len()).max(1),
        games,
        first_black,
    })
}

/// A match's options checked and planned, for a caller that plays the games itself
/// (`tengen tune`): the engines, the game settings, every game of the plan in number order
/// (pairs from one opening, colours swapped, with their engine seeds) and the games to play
/// at once.
#[derive(Debug)]
pub struct Prepared {
    /// The engines, in the order of `--engine`.
    pub engines: Vec<EngineSpec>,
    /// How each game is played.
    pub settings: GameSettings,
    /// The plan's games.
    pub games: Vec<plan::Scheduled>,
    /// Games played at once.
    pub parallel: usize,
}

/// Checks and plans the match `args` describes, as `tengen match` does, without playing it.
pub fn prepare(args: &MatchArgs) -> Result<Prepared, MatchError> {
    let p = plan(args)?;
    Ok(Prepared {
        engines: p.engines,
        settings: p.settings,
        games: p.games,
        parallel: p.parallel,
    })
}

/// Checks `--handicap n` on a `size` board: GTP's fixed handicap must have points for it.
fn check_handicap(size: usize, n: usize) -> Result<usize, MatchError> {
    if n < 2 {
        return Err(MatchError::Usage(format!(
            "--handicap {n}: a handicap is 2 to 9 stones (for none leave --handicap out; a \
             one-stone game is Black first with low komi, e.g. --komi 0.5)"
        )));
    }
    if crate::rules::Game::fixed_handicap_points(size, n).is_none() {
        let most = match size {
            s if s == 7 || (s >= 8 && s.is_multiple_of(2)) => "2 to 4 stones",
            s if s >= 9 => "2 to 9 stones",
            _ => "no handicap stones",
        };
        return Err(MatchError::Usage(format!(
            "--handicap {n}: GTP's fixed handicap has {most} on {size}x{size}"
        )));
    }
    Ok(n)
}

/// Starts `spec`, asks `name` and `version`, and ends it: a broken command fails here, before
/// any game, with a clear message. Returns the answers, as the engine's identity.
pub fn check_engine(spec: &EngineSpec, s: &GameSettings) -> Result<String, MatchError> {
    check_program(spec, s, &[])
}

/// Checks `--referee` as [`check_engine`] checks an engine, and that it knows
/// `final_status_list`: a referee that cannot judge stops the match before any game rather
/// than leaving every disputed game to the rules' default.
pub fn check_referee(s: &GameSettings) -> Result<(), MatchError> {
    let Some(words) = &s.referee else {
        return Ok(());
    };
    let spec = EngineSpec {
        name: "referee".into(),
        words: words.clone(),
    };
    check_program(&spec, s, &["final_status_list"]).map(|_| ())
}

/// [`check_engine`], also failing when the program does not know a command of `needs`.
fn check_program(
    spec: &EngineSpec,
    s: &GameSettings,
    needs: &[&str],
) -> Result<String, MatchError> {
    let log = s.out.join("logs").join(format!("check-{}.log", spec.name));
    let fail = |e: String| {
        MatchError::Engine(format!(
            "engine {} ({}) {e}; see {}",
            spec.name,
            spec.words.join(" "),
            log.display()
        ))
    };
    let mut e =
        Engine::spawn(&spec.name, &spec.words, &log, None).map_err(|e| fail(e.to_string()))?;
    let timeout = Duration::from_secs_f64(s.move_timeout.unwrap_or(game::DEFAULT_TIMEOUT));
    let mut identity = Vec::new();
    for cmd in ["name", "version"] {
        match e.send(&gtp::Command::new(cmd), timeout) {
            Ok(r) if r.ok => identity.push(process::shorten(r.text.trim(), 40)),
            Ok(_) => {}
            Err(err) => {
                e.finish(false);
                return Err(fail(format!("failed `{cmd}`: {err}")));
            }
        }
    }
    for need in needs {
        let why = match e.knows(need, timeout) {
            Ok(true) => continue,
            Ok(false) => format!("does not know `{need}`"),
            Err(err) => format!("failed `known_command {need}`: {err}"),
        };
        e.finish(false);
        return Err(fail(why));
    }
    e.finish(true);
    Ok(identity.join(" "))
}

/// The one-line description of a match for its table.
fn describe(plan: &Plan) -> String {
    let s = &plan.settings;
    let names: Vec<&str> = plan.engines.iter().map(|e| e.name.as_str()).collect();
    let who = match plan.tournament {
        plan::Tournament::Pair => names.join(" vs "),
        t => format!("{} {}", t.name(), names.join(", ")),
    };
    format!(
        "{who}: {} games, {}x{}, {}komi {}, {} rules, {}{}",
        plan.total,
        s.size,
        s.size,
        if s.handicap > 0 {
            format!("handicap {} (White first), ", s.handicap)
        } else {
            String::new()
        },
        s.komi,
        s.rules,
        s.time.map_or("no clock".to_string(), |t| t.to_string()),
        match &plan.identity.openings[..] {
            "empty" => String::new(),
            o => format!(", openings: {o}"),
        }
    )
}

/// The settings of `summary.json`.
fn match_settings(plan: &Plan, seed: Option<u64>) -> MatchSettings {
    let s = &plan.settings;
    MatchSettings {
        size: s.size,
        komi: s.komi,
        handicap: (s.handicap > 0).then_some(s.handicap),
        rules: s.rules.to_string(),
        time_settings: s.time.map(|t| (t.main, t.period_or_increment(), t.count())),
        overtime: s.time.map(|t| t.overtime().name().to_string()),
        move_timeout: s.move_timeout,
        lag_allowance: s.lag_allowance,
        lag_allowance_for: s.lag_allowance_for.clone(),
        max_moves: s.max_moves,
        referee: s.referee.as_ref().map(|r| r.join(" ")),
        parallel: plan.parallel,
        seed: seed.map(Seed::new),
        first_black: plan.engines[plan.first_black].name.clone(),
        commands: PerEngine(
            plan.engines
                .iter()
                .map(|e| (e.name.clone(), e.words.join(" ")))
                .collect(),
        ),
    }
}

/// The lock file of a match folder: held (an OS file lock) while a match runs there.
const LOCK_FILE: &str = ".lock";

/// Takes the match folder `out` (which must exist) for this run: the returned file holds an
/// OS lock on `out/.lock` until it is dropped. A folder another live run holds is refused;
/// the lock of a run that died went with its process, so nothing stale blocks `--resume`.
pub fn lock_out(out: &Path) -> Result<fs::File, MatchError> {
    let path = out.join(LOCK_FILE);
    let mut f = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| MatchError::Io(format!("{}: {e}", path.display())))?;
    match f.try_lock() {
        Ok(()) => {
            use std::io::Write;
            let _ = f.set_len(0);
            let _ = writeln!(f, "{}", std::process::id());
            Ok(f)
        }
        Err(fs::TryLockError::WouldBlock) => Err(MatchError::Usage(format!(
            "{} is in use: another match is running there (it holds {}); wait for it to end, or give another --out",
            out.display(),
            path.display()
        ))),
        Err(fs::TryLockError::Error(e)) => {
            Err(MatchError::Io(format!("{}: {e}", path.display())))
        }
    }
}

/// Opens the output folder: a new match there, or with `resume` the same match continued
/// (its finished games returned), with the folder's lock ([`lock_out`]) held for the run.
/// Refuses a folder another live run holds, a folder that holds another match, or any
/// match without `resume`.
fn open_out(
    plan: &Plan,
    file: &store::MatchFile,
    resume: bool,
) -> Result<(Vec<GameLine>, fs::File), MatchError> {
    let out = &plan.settings.out;
    let io = |what: &str, e: std::io::Error| MatchError::Io(format!("{what}: {e}"));
    fs::create_dir_all(out).map_err(|e| io(&out.display().to_string(), e))?;
    let lock = lock_out(out)?;
    for sub in ["sgf", "logs"] {
        let d = out.join(sub);
        fs::create_dir_all(&d).map_err(|e| io(&d.display().to_string(), e))?;
    }
    let old = store::read_match(out).map_err(MatchError::Io)?;
    let has_games = fs::metadata(out.join("games.jsonl")).is_ok_and(|m| m.len() > 0);
    let games = match (old, resume) {
        (Some(old), true) => {
            if old.identity != file.identity || old.shard != file.shard {
                let mut fields = old.identity.differences(&file.identity);
                if old.shard != file.shard {
                    fields.push("shard".into());
                }
                return Err(MatchError::Usage(format!(
                    "--resume: {} holds another match (its match.json differs from these options in: {}); give the same options or another --out",
                    out.display(),
                    fields.join(", ")
                )));
            }
            let games = store::read_games(out).map_err(|e| io("games.jsonl", e))?;
            let mut seen = std::collections::BTreeSet::new();
            let mut kept = Vec::new();
            for g in games {
                if plan.games.iter().any(|p| p.number == g.game) && seen.insert(g.game) {
                    kept.push(g);
                }
            }
            kept
        }
        (None, true) if has_games => {
            return Err(MatchError::Usage(format!(
                "--resume: {} has games but no match.json to check them against",
                out.display()
            )))
        }
        (_, false) if has_games => {
            return Err(MatchError::Usage(format!(
                "{} already holds a match: add --resume to continue it, or give another --out",
                out.display()
            )))
        }
        _ => {
            // a fresh start: a match.json without games is replaced
            let _ = fs::remove_file(out.join("games.jsonl"));
            Vec::new()
        }
    };
    store::write_match(out, file).map_err(|e| io("match.json", e))?;
    Ok((games, lock))
}

/// Plays the match `args` describes, writing everything under `--out`, and prints the table
/// on stdout. A progress bar goes to stderr when it is a terminal.
pub fn run(args: &MatchArgs) -> Result<Summary, MatchError> {
    let plan = plan(args)?;
    let s = &plan.settings;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if s.time.is_some() && plan.parallel * 2 > cores {
        log::warn!(
            "{} timed games at once on {cores} cores: engines may lose time to each other",
            plan.parallel
        );
    }
    let io = |what: &str, e: std::io::Error| MatchError::Io(format!("{what}: {e}"));
    let description = describe(&plan);
    let settings = match_settings(&plan, args.seed);
    let file = store::MatchFile {
        identity: plan.identity.clone(),
        shard: plan.shard,
        description: description.clone(),
        settings: settings.clone(),
        merged_from: Vec::new(),
    };
    // the folder stays locked until the run returns
    let (done, _lock) = open_out(&plan, &file, args.resume)?;
    let names: Vec<String> = plan.engines.iter().map(|e| e.name.clone()).collect();
    let mut summary = Summary::new(&names, description, Some(settings));
    summary.sprt = plan.sprt;
    summary.shard = plan.shard.map(|s| s.to_string());
    // in a shard the test sees only part of the match: it stops nothing
    let decided = |summary: &Summary| {
        plan.shard.is_none()
            && summary
                .sprt_state()
                .is_some_and(|st| st.decision != sprt::Decision::Continue)
    };
    for (i, spec) in plan.engines.iter().enumerate() {
        let seed = plan.games.first().map_or(0, |g| g.seed);
        summary.engines[i].identity = check_engine(&spec.with_seed(seed), s)?;
    }
    check_referee(s)?;
    let mut finished = std::collections::BTreeSet::new();
    for g in &done {
        summary.record(g);
        finished.insert(g.game);
    }
    if !done.is_empty() {
        log::info!(
            "resuming: {} of {} games already played",
            done.len(),
            plan.games.len()
        );
    }
    let mut lines = done;
    let todo: Vec<&plan::Scheduled> = if decided(&summary) {
        Vec::new()
    } else {
        plan.games
            .iter()
            .filter(|g| !finished.contains(&g.number))
            .collect()
    };
    let jsonl_path = s.out.join("games.jsonl");
    let date = record::today();

    let bar = indicatif::ProgressBar::new(plan.games.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_position(lines.len() as u64);
    bar.set_message(summary.progress_line());

    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameOutcome>();
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..plan.parallel.min(todo.len()) {
            let tx = tx.clone();
            let (next, stop, todo, plan) = (&next, &stop, &todo, &plan);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(g) = todo.get(i) else {
                    return;
                };
                let (b, w) = (&plan.engines[g.black], &plan.engines[g.white]);
                let outcome = game::play_game(g, b, w, &plan.settings);
                if tx.send(outcome).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for outcome in rx {
            let sgf = record::sgf_text(&outcome, s, &date);
            let sgf_path = s.out.join(record::sgf_name(outcome.number));
            if let Err(e) = store::write_atomic(&sgf_path, sgf.as_bytes()) {
                write_error.get_or_insert(io("sgf", e));
            }
            let line = record::game_line(&outcome);
            if let Err(e) = store::append_line(&jsonl_path, &line) {
                write_error.get_or_insert(io("games.jsonl", e));
            }
            summary.record(&line);
            lines.push(line);
            bar.inc(1);
            bar.set_message(summary.progress_line());
            if decided(&summary) && !stop.swap(true, Ordering::SeqCst) {
                if let Some(st) = summary.sprt_state() {
                    log::info!(
                        "{}; finishing the games under way",
                        st.line(summary.pentanomial())
                    );
                }
            }
            if outcome.ending == game::Ending::Void
                || matches!(outcome.settlement, Some(Settlement::Default))
            {
                log::warn!(
                    "game {}: {} ({})",
                    outcome.number,
                    outcome.result,
                    outcome.reason
                );
            }
            if write_error.is_some() {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    finish(&s.out, &summary, &lines)?;
    Ok(summary)
}

/// Writes `summary.json` and `report.html` and prints the table: the end of a match, a
/// resumed one or a merge.
fn finish(out: &Path, summary: &Summary, games: &[GameLine]) -> Result<(), MatchError> {
    let io = |what: &str, e: std::io::Error| MatchError::Io(format!("{what}: {e}"));
    let text = summary
        .json()
        .map_err(|e| io("summary.json", std::io::Error::from(e)))?;
    store::write_atomic(&out.join("summary.json"), text.as_bytes())
        .map_err(|e| io("summary.json", e))?;
    let html = report::render(&summary.report(games));
    store::write_atomic(&out.join("report.html"), html.as_bytes())
        .map_err(|e| io("report.html", e))?;
    print!("{}", summary.table());
    Ok(())
}

/// Options of `tengen match merge`.
#[derive(clap::Args, Debug, Clone)]
pub struct MergeArgs {
    /// The shards' output folders
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Output directory for the whole match: sgf/, match.json, games.jsonl, summary.json,
    /// report.html
    #[arg(long = "out", id = "merge_out", value_name = "DIR")]
    pub out: PathBuf,
}

/// Joins the shards of one match (`--shard K/N` folders) into one folder with all games,
/// their SGF files, one summary and report; refuses shards of different matches, a shard
/// given twice, and games outside their shard.
pub fn merge(args: &MergeArgs) -> Result<Summary, MatchError> {
    let usage = |m: String| MatchError::Usage(format!("merge: {m}"));
    let io = |what: &str, e: std::io::Error| MatchError::Io(format!("{what}: {e}"));
    let mut first: Option<store::MatchFile> = None;
    let mut shards = std::collections::BTreeSet::new();
    let mut games: std::collections::BTreeMap<usize, (GameLine, PathBuf)> = Default::default();
    let mut identities: Vec<String> = Vec::new();
    for dir in &args.dirs {
        let m = store::read_match(dir)
            .map_err(MatchError::Io)?
            .ok_or_else(|| usage(format!("{} has no match.json", dir.display())))?;
        let shard = m
            .shard
            .ok_or_else(|| usage(format!("{} is not a shard (no --shard)", dir.display())))?;
        if let Some(f) = &first {
            if f.identity != m.identity {
                return Err(usage(format!(
                    "{} holds another match than {} (their match.json differ in: {})",
                    dir.display(),
                    args.dirs[0].display(),
                    f.identity.differences(&m.identity).join(", ")
                )));
            }
            if f.shard.map(|s| s.count) != Some(shard.count) {
                return Err(usage(format!(
                    "{} is shard {shard} but {} is shard {}",
                    dir.display(),
                    args.dirs[0].display(),
                    f.shard.map_or(String::new(), |s| s.to_string())
                )));
            }
        }
        if !shards.insert(shard.index) {
            return Err(usage(format!("shard {shard} is given twice")));
        }
        for g in store::read_games(dir).map_err(|e| io("games.jsonl", e))? {
            if !shard.has(g.game) {
                return Err(usage(format!(
                    "{}: game {} does not belong to shard {shard}",
                    dir.display(),
                    g.game
                )));
            }
            games.entry(g.game).or_insert((g, dir.clone()));
        }
        if identities.is_empty() {
            if let Ok(text) = crate::files::read_text(dir.join("summary.json"), crate::files::TEXT)
            {
                if let Ok(f) = serde_json::from_str::<SummaryFile>(&text) {
                    identities = f
                        .engines
                        .0
                        .iter()
                        .map(|(_, e)| e.identity.clone())
                        .collect();
                }
            }
        }
        first.get_or_insert(m);
    }
    let Some(mut file) = first else {
        return Err(usage("no folders given".into()));
    };
    let count = file.shard.map_or(1, |s| s.count);
    if shards.len() < count {
        let missing: Vec<String> = (0..count)
            .filter(|k| !shards.contains(k))
            .map(|k| format!("{k}/{count}"))
            .collect();
        log::warn!("merge: shards {} are missing", missing.join(", "));
    }
    let out = &args.out;
    for sub in ["", "sgf"] {
        let d = out.join(sub);
        fs::create_dir_all(&d).map_err(|e| io(&d.display().to_string(), e))?;
    }
    let _lock = lock_out(out)?;
    file.shard = None;
    file.merged_from = args.dirs.clone();
    store::write_match(out, &file).map_err(|e| io("match.json", e))?;
    let names: Vec<String> = file
        .identity
        .engines
        .iter()
        .map(|(n, _)| n.clone())
        .collect();
    let mut summary = Summary::new(
        &names,
        file.description.clone(),
        Some(file.settings.clone()),
    );
    summary.sprt = file
        .identity
        .sprt
        .and_then(|[e0, e1, a, b]| sprt::Sprt::new(e0, e1, a, b).ok());
    for (t, id) in summary.engines.iter_mut().zip(&identities) {
        t.identity = id.clone();
    }
    let mut lines = String::new();
    for (g, dir) in games.values() {
        let from = dir.join(&g.sgf);
        if from.exists() {
            fs::copy(&from, out.join(&g.sgf)).map_err(|e| io(&from.display().to_string(), e))?;
        }
        lines.push_str(&serde_json::to_string(g).map_err(|e| io("games.jsonl", e.into()))?);
        lines.push('\n');
        summary.record(g);
    }
    store::write_atomic(&out.join("games.jsonl"), lines.as_bytes())
        .map_err(|e| io("games.jsonl", e))?;
    let all: Vec<GameLine> = games.into_values().map(|(g, _)| g).collect();
    finish(out, &summary, &all)?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Preset, Rules};

    fn args(extra: &[&str]) -> Result<MatchArgs, String> {
        let mut v = vec!["--engine", "a=x", "--engine", "b=y", "--out", "/tmp/o"];
        v.extend_from_slice(extra);
        parse_args(v)
    }

    #[test]
    fn a_match_folder_is_locked_while_held_and_free_after() {
        let dir = std::env::temp_dir().join(format!("tengen-lock-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let first = lock_out(&dir).expect("free");
        let pid = fs::read_to_string(dir.join(LOCK_FILE)).unwrap();
        assert_eq!(pid.trim(), std::process::id().to_string());
        let second = lock_out(&dir).expect_err("held");
        assert!(second.to_string().contains("in use"), "{second}");
        drop(first);
        let again = lock_out(&dir).expect("free again");
        drop(again);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn options_parse_and_check() {
        let a = args(&["--games", "4", "--size", "9", "--komi", "-0.5"]).expect("parse");
        assert_eq!((a.games, a.size(), a.game.komi), (4, 9, -0.5));
        let p = plan(&a).expect("plan");
        assert_eq!(p.engines[0].words, ["x"]);
        assert_eq!(p.settings.max_moves, 243);
        assert!(args(&["--time-per-move", "1", "--time-settings", "1 1 1"]).is_err());
        let bad = |extra: &[&str]| plan(&args(extra).expect("parse")).is_err();
        assert!(bad(&["--size", "1"]));
        assert!(bad(&["--size", "26"]));
        assert!(bad(&["--rules", "martian"]));
        assert!(bad(&["--games", "0"]));
        assert!(bad(&["--parallel", "0"]));
        assert!(bad(&["--move-timeout", "0"]));
        assert!(bad(&["--lag-allowance=-1"]));
        assert!(bad(&["--lag-allowance", "inf"]));
        assert_eq!(p.settings.lag_allowance, 0.5);
        assert!(bad(&["--time-settings", "1 2"]));
        assert!(bad(&["--time-settings", "byoyomi 60 30"]));
        assert!(bad(&["--time-settings", "byoyomi 60 0 5"]));
        assert!(bad(&["--time-settings", "fischer 60 0"]));
        let fischer = plan(&args(&["--time-settings", "fischer 60 5"]).expect("parse"));
        let tc = fischer.expect("plan").settings.time.expect("a clock");
        assert_eq!(
            (tc.main, tc.increment, tc.overtime().name()),
            (60.0, 5.0, "fischer")
        );
        let byo = plan(&args(&["--time-settings", "byoyomi 60 30 5"]).expect("parse"));
        let tc = byo.expect("plan").settings.time.expect("a clock");
        assert_eq!(
            (tc.main, tc.byoyomi, tc.periods, tc.stones),
            (60.0, 30.0, 5, 0)
        );
        let canadian = plan(&args(&["--time-settings", "canadian 60 30 5"]).expect("parse"));
        let gtp = plan(&args(&["--time-settings", "60 30 5"]).expect("parse"));
        assert_eq!(
            canadian.expect("plan").settings.time,
            gtp.expect("plan").settings.time
        );
        assert!(bad(&["--referee", "'open"]));
        assert!(!bad(&["--rules", "Tromp_Taylor"]));
        let ogs = plan(&args(&["--rules", "chinese-ogs"]).expect("parse")).expect("plan");
        assert_eq!(ogs.settings.rules, Rules::preset(Preset::Chinese));
        assert_eq!(ogs.settings.rules.to_string(), "chinese");
        let same = parse_args(["--engine", "a=x", "--engine", "a=y", "--out", "o"]).expect("parse");
        assert!(plan(&same).is_err());
        let three = parse_args([
            "--engine", "a=x", "--engine", "b=y", "--engine", "c=z", "--out", "o",
        ])
        .expect("parse");
        assert!(plan(&three).is_err(), "three engines need a tournament");
    }

    /// `tengen match --rules` takes every name `tengen --rules` and GTP take, with the same
    /// rules.
    #[test]
    fn every_rules_name_as_elsewhere() {
        for (name, preset) in Preset::all_names() {
            for variant in [
                name.to_string(),
                name.to_uppercase(),
                name.replace('-', "_"),
            ] {
                let p = plan(&args(&["--rules", &variant]).expect("parse")).expect("plan");
                assert_eq!(p.settings.rules, Rules::preset(preset), "{variant}");
                let gtp = crate::gtp::commands::rules_by_name(&variant).map(|(r, _)| r);
                assert_eq!(Some(p.settings.rules), gtp, "{variant}");
            }
        }
    }

    #[test]
    fn handicap_needs_gtp_fixed_points() {
        let p = |extra: &[&str]| plan(&args(extra).expect("parse"));
        let h = |size: &str, n: &str| p(&["--size", size, "--handicap", n]).map(|p| p.settings);
        assert_eq!(p(&[]).map(|p| p.settings.handicap).ok(), Some(0));
        let s = h("9", "2").expect("9x9 handicap 2");
        assert_eq!((s.handicap, s.komi), (2, 7.5), "komi stays as given");
        assert_eq!(s.handicap_points().len(), 2);
        assert_eq!(h("19", "9").map(|s| s.handicap).ok(), Some(9));
        assert_eq!(h("13", "5").map(|s| s.handicap).ok(), Some(5));
        assert_eq!(h("8", "4").map(|s| s.handicap).ok(), Some(4));
        assert_eq!(h("7", "4").map(|s| s.handicap).ok(), Some(4));
        let usage = |size: &str, n: &str| match h(size, n) {
            Err(MatchError::Usage(m)) => m,
            other => panic!("--size {size} --handicap {n}: {other:?}"),
        };
        assert!(usage("9", "1").contains("2 to 9 stones"));
        assert!(usage("9", "0").contains("leave --handicap out"));
        assert_eq!(
            usage("19", "10"),
            "--handicap 10: GTP's fixed handicap has 2 to 9 stones on 19x19"
        );
        assert_eq!(
            usage("8", "5"),
            "--handicap 5: GTP's fixed handicap has 2 to 4 stones on 8x8"
        );
        assert!(usage("7", "5").contains("2 to 4 stones on 7x7"));
        assert!(usage("6", "2").contains("no handicap stones on 6x6"));
        assert!(usage("5", "2").contains("no handicap stones on 5x5"));
        assert!(parse_args(["--engine", "a=x", "--handicap", "-1", "--out", "o"]).is_err());
        assert!(parse_args(["--engine", "a=x", "--handicap", "two", "--out", "o"]).is_err());
    }

    #[test]
    fn engine_specs() {
        let e = parse_engine("gnugo=/usr/games/gnugo --mode gtp --level '1'").ok();
        assert_eq!(
            e.map(|e| (e.name, e.words)),
            Some((
                "gnugo".to_string(),
                vec!["/usr/games/gnugo", "--mode", "gtp", "--level", "1"]
                    .into_iter()
                    .map(String::from)
                    .collect()
            ))
        );
        assert!(parse_engine("noequals").is_err());
        assert!(parse_engine("=cmd").is_err());
        assert!(parse_engine("a/b=cmd").is_err());
        assert!(parse_engine("a=").is_err());
        assert!(parse_engine("a=\"x").is_err());
    }

    #[test]
    fn seed_picks_first_black_deterministically() {
        let p = |seed: &str| {
            plan(&args(&["--seed", seed]).expect("parse"))
                .ok()
                .map(|p| p.first_black)
        };
        assert_eq!(p("1"), p("1"));
        let firsts: std::collections::BTreeSet<_> = (0..20).map(|s| p(&s.to_string())).collect();
        assert_eq!(firsts.len(), 2, "both colours occur over seeds");
        let fixed = plan(&args(&["--fixed-colors"]).expect("parse")).expect("plan");
        assert!(fixed.first_black == 0 && fixed.games.iter().all(|g| g.black == 0));
        // per-engine lag allowance: a known engine and a number of seconds
        let lag = |v: &str| plan(&args(&["--lag-allowance-for", v]).expect("parse"));
        let p = lag("a=10").expect("plan");
        assert_eq!(p.settings.lag_allowance_for.get("a"), Some(&10.0));
        assert!(lag("c=10").is_err() && lag("a=x").is_err() && lag("a=-1").is_err());
        assert!(lag("a10").is_err());
        let p = plan(&args(&[]).expect("parse")).expect("plan");
        assert_eq!(p.games.iter().filter(|g| g.black == 0).count(), 5);
    }
}
