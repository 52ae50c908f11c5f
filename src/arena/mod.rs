//! The match runner behind `tengen match`: plays games between two GTP engines with
//! clocks, forfeits, dead-stone settlement and scoring by Tengen's rules, and writes SGF
//! records, `games.jsonl`, `summary.json` and a table.
//!
//! Engines are driven through the `gtp` crate's `Command` and `ResponseParser` with our own
//! process handling ([`process`]); every game starts fresh engine processes, so a crash in
//! one game cannot leak into the next.

pub mod clock;
pub mod game;
pub mod json;
pub mod judge;
pub mod process;
pub mod record;
pub mod stats;
pub mod words;

use std::fmt;
use std::fs::{self, File};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use clock::TimeControl;
use game::{EngineSpec, GameOutcome, GameSettings, Settlement};
use json::Json;
use process::Engine;
use stats::Estimate;

use crate::board::{Color, MAX_SIZE, MIN_SIZE};

/// Options of `tengen match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// An engine as NAME=COMMAND (give exactly two); COMMAND is split into words like a shell
    /// does, e.g. --engine "gnugo=/usr/games/gnugo --mode gtp --level 10"
    #[arg(long = "engine", value_name = "NAME=COMMAND", required = true)]
    pub engines: Vec<String>,
    /// Number of games; colours alternate game by game
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Board size (2-25)
    #[arg(long, default_value_t = 19)]
    pub size: usize,
    /// Komi
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    pub komi: f64,
    /// Rules used to judge legality and count: chinese, japanese, korean, aga, new-zealand,
    /// tromp-taylor, ing, primitive, yasunaga, traditional
    #[arg(long, default_value = "chinese")]
    pub rules: String,
    /// Fixed time per move in seconds (sent as time_settings 0 SECONDS 1)
    #[arg(long, value_name = "SECONDS", conflicts_with = "time_settings")]
    pub time_per_move: Option<f64>,
    /// Clock as GTP time_settings: main time, byoyomi period, stones per period ("600 30 5";
    /// "300 0 0" is absolute time)
    #[arg(long, value_name = "MAIN BYOYOMI STONES")]
    pub time_settings: Option<String>,
    /// Longest wait for any reply, in seconds (default: the clock for genmove, else 60)
    #[arg(long, value_name = "SECONDS")]
    pub move_timeout: Option<f64>,
    /// Stop after this many moves and count the position (default 3 x size x size)
    #[arg(long, value_name = "M")]
    pub max_moves: Option<usize>,
    /// Engine that settles dead stones when the players disagree, e.g.
    /// "/usr/games/gnugo --mode gtp --chinese-rules"
    #[arg(long, value_name = "COMMAND")]
    pub referee: Option<String>,
    /// Games played at once
    #[arg(long, default_value_t = 1, value_name = "P")]
    pub parallel: usize,
    /// Seed deciding which engine takes Black in the first game (default: the first engine)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Output directory: sgf/, logs/, games.jsonl, summary.json
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
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

/// One engine's results over the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// The `--engine` name.
    pub name: String,
    /// What the engine calls itself (`name` and `version`).
    pub identity: String,
    /// Games won.
    pub wins: u32,
    /// Games lost (forfeits included).
    pub losses: u32,
    /// Games drawn (jigo).
    pub draws: u32,
    /// Games lost by forfeit or on time.
    pub forfeits: u32,
    /// Games won with Black.
    pub wins_as_black: u32,
    /// Games played with Black (void games excluded).
    pub games_as_black: u32,
    /// Seconds spent on all its moves.
    pub seconds: f64,
    /// Moves it generated.
    pub moves: u32,
}

/// The match as a whole.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Both engines' results, in `--engine` order.
    pub engines: [Tally; 2],
    /// Games played, void ones included.
    pub games: usize,
    /// Games where neither engine could play.
    pub voids: usize,
    /// Games whose dead stones the engines did not agree on.
    pub disagreements: usize,
    /// Numbers of those games, in the order they finished.
    pub disagreement_games: Vec<usize>,
    /// The first engine's score rate (draws count half) with a 95% interval.
    pub score: Option<Estimate>,
    /// Elo difference, first engine minus second, with a 95% interval.
    pub elo: Option<Estimate>,
    /// Settings line for the table.
    pub description: String,
    /// The match settings as JSON (size, komi, rules, clock, ...), for `summary.json`.
    pub settings: Json,
}

impl Summary {
    fn record(&mut self, o: &GameOutcome) {
        if o.ending == game::Ending::Void {
            self.voids += 1;
            self.games += 1;
            return;
        }
        self.games += 1;
        if o.disagreement.is_some() {
            self.disagreements += 1;
            self.disagreement_games.push(o.number);
        }
        let forfeit_by = o.forfeited_by();
        for c in Color::BOTH {
            let Some(t) = self
                .engines
                .iter_mut()
                .find(|t| t.name == o.names[c.index()])
            else {
                continue;
            };
            match o.winner {
                Some(w) if w == c => {
                    t.wins += 1;
                    if c == Color::Black {
                        t.wins_as_black += 1;
                    }
                }
                Some(_) => t.losses += 1,
                None => t.draws += 1,
            }
            if c == Color::Black {
                t.games_as_black += 1;
            }
            if forfeit_by == Some(c) {
                t.forfeits += 1;
            }
            t.seconds += o.seconds[c.index()].iter().sum::<f64>();
            t.moves += o.seconds[c.index()].len() as u32;
        }
        let a = &self.engines[0];
        self.score = stats::score_rate(a.wins, a.draws, a.losses);
        self.elo = self.score.as_ref().map(stats::elo);
    }

    /// A one-line running score for the progress bar: the first engine's wins (+), draws (=)
    /// and losses (-) against the second, and the Elo difference so far.
    pub fn progress_line(&self) -> String {
        let [a, b] = &self.engines;
        let elo = match &self.elo {
            Some(e) => format!(
                "  Elo {} [{}, {}]",
                stats::fmt_elo(e.value),
                stats::fmt_elo(e.low),
                stats::fmt_elo(e.high)
            ),
            None => String::new(),
        };
        format!(
            "{} +{} ={} -{} {}{}",
            a.name, a.wins, a.draws, a.losses, b.name, elo
        )
    }

    /// `summary.json`.
    pub fn to_json(&self) -> Json {
        let engine = |t: &Tally| {
            Json::obj([
                ("identity", Json::str(t.identity.clone())),
                ("wins", Json::Num(t.wins.into())),
                ("losses", Json::Num(t.losses.into())),
                ("draws", Json::Num(t.draws.into())),
                ("forfeits", Json::Num(t.forfeits.into())),
                ("wins_as_black", Json::Num(t.wins_as_black.into())),
                ("games_as_black", Json::Num(t.games_as_black.into())),
                (
                    "seconds_per_move",
                    if t.moves > 0 {
                        Json::num((t.seconds / f64::from(t.moves) * 1000.0).round() / 1000.0)
                    } else {
                        Json::Null
                    },
                ),
            ])
        };
        let est = |e: &Option<Estimate>, key: &str| match e {
            None => Json::Null,
            Some(e) => Json::obj([
                ("engine", Json::str(self.engines[0].name.clone())),
                ("opponent", Json::str(self.engines[1].name.clone())),
                (key, Json::num(e.value)),
                ("low", Json::num(e.low)),
                ("high", Json::num(e.high)),
                ("confidence", Json::Num(0.95)),
            ]),
        };
        Json::obj([
            (
                "engines",
                Json::Obj(
                    self.engines
                        .iter()
                        .map(|t| (t.name.clone(), engine(t)))
                        .collect(),
                ),
            ),
            ("games", Json::Num(self.games as f64)),
            ("voids", Json::Num(self.voids as f64)),
            ("disagreements", Json::Num(self.disagreements as f64)),
            (
                "disagreement_games",
                Json::Arr(
                    self.disagreement_games
                        .iter()
                        .map(|&n| Json::Num(n as f64))
                        .collect(),
                ),
            ),
            ("score_rate", est(&self.score, "value")),
            ("elo", est(&self.elo, "difference")),
            ("description", Json::str(self.description.clone())),
            ("settings", self.settings.clone()),
        ])
    }

    /// The readable table printed at the end.
    pub fn table(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("{}\n", self.description));
        let w = self
            .engines
            .iter()
            .map(|t| t.name.len())
            .max()
            .unwrap_or(6)
            .max(6);
        s.push_str(&format!(
            "{:w$}  {:>5} {:>6} {:>5} {:>8} {:>11} {:>9}  {}\n",
            "engine", "wins", "losses", "draws", "forfeits", "B wins/gms", "s/move", "identity"
        ));
        for t in &self.engines {
            let spm = if t.moves > 0 {
                format!("{:.2}", t.seconds / f64::from(t.moves))
            } else {
                "-".into()
            };
            s.push_str(&format!(
                "{:w$}  {:>5} {:>6} {:>5} {:>8} {:>11} {:>9}  {}\n",
                t.name,
                t.wins,
                t.losses,
                t.draws,
                t.forfeits,
                format!("{}/{}", t.wins_as_black, t.games_as_black),
                spm,
                t.identity
            ));
        }
        s.push_str(&format!(
            "games: {}  void: {}  dead-stone disagreements: {}{}\n",
            self.games,
            self.voids,
            self.disagreements,
            if self.disagreement_games.is_empty() {
                String::new()
            } else {
                let mut g = self.disagreement_games.clone();
                g.sort_unstable();
                let list: Vec<String> = g.iter().map(|n| n.to_string()).collect();
                format!(" (games {})", list.join(", "))
            }
        ));
        let (a, b) = (&self.engines[0].name, &self.engines[1].name);
        match (&self.score, &self.elo) {
            (Some(sc), Some(e)) => {
                s.push_str(&format!(
                    "score rate {a}: {:.1}% [{:.1}%, {:.1}%] (95%)\n",
                    sc.value * 100.0,
                    sc.low * 100.0,
                    sc.high * 100.0
                ));
                s.push_str(&format!(
                    "Elo {a} - {b}: {} [{}, {}] (95%)\n",
                    stats::fmt_elo(e.value),
                    stats::fmt_elo(e.low),
                    stats::fmt_elo(e.high)
                ));
            }
            _ => s.push_str("no counted games\n"),
        }
        s
    }
}

/// Checked options.
#[derive(Debug)]
struct Plan {
    engines: [EngineSpec; 2],
    settings: GameSettings,
    games: usize,
    parallel: usize,
    first_black: usize,
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
    let usage = |m: String| MatchError::Usage(m);
    if args.engines.len() != 2 {
        return Err(usage(format!(
            "give exactly two --engine NAME=COMMAND, not {}",
            args.engines.len()
        )));
    }
    let a = parse_engine(&args.engines[0])?;
    let b = parse_engine(&args.engines[1])?;
    if a.name == b.name {
        return Err(usage(format!("both engines are called {:?}", a.name)));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&args.size) {
        return Err(usage(format!(
            "--size {} is outside {MIN_SIZE}..={MAX_SIZE}",
            args.size
        )));
    }
    if !args.komi.is_finite() || args.komi.abs() > 1000.0 {
        return Err(usage(format!("--komi {} is not a usable komi", args.komi)));
    }
    let rules = judge::parse_rules(&args.rules).map_err(usage)?;
    let time = match (&args.time_per_move, &args.time_settings) {
        (Some(t), None) => Some(TimeControl::per_move(*t).map_err(usage)?),
        (None, Some(t)) => Some(TimeControl::parse(t).map_err(usage)?),
        (None, None) => None,
        (Some(_), Some(_)) => {
            return Err(usage(
                "give --time-per-move or --time-settings, not both".into(),
            ))
        }
    };
    let move_timeout = match args.move_timeout {
        Some(t) => Some(positive(t, "--move-timeout")?),
        None => None,
    };
    if args.games == 0 {
        return Err(usage("--games must be at least 1".into()));
    }
    if args.parallel == 0 {
        return Err(usage("--parallel must be at least 1".into()));
    }
    let max_moves = args.max_moves.unwrap_or(3 * args.size * args.size);
    if max_moves == 0 {
        return Err(usage("--max-moves must be at least 1".into()));
    }
    let referee = match &args.referee {
        Some(r) => Some(words::split_words(r).map_err(|e| usage(format!("--referee: {e}")))?),
        None => None,
    };
    let first_black = match args.seed {
        Some(seed) => (splitmix64(seed) & 1) as usize,
        None => 0,
    };
    Ok(Plan {
        engines: [a, b],
        settings: GameSettings {
            size: args.size,
            komi: args.komi,
            rules,
            time,
            move_timeout,
            max_moves,
            referee,
            out: args.out.clone(),
        },
        games: args.games,
        parallel: args.parallel.min(args.games),
        first_black,
    })
}

/// SplitMix64: a well-mixed 64-bit hash of the seed.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Starts `spec`, asks `name` and `version`, and ends it: a broken command fails here, before
/// any game, with a clear message.
fn check_engine(spec: &EngineSpec, s: &GameSettings) -> Result<String, MatchError> {
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
    e.finish(true);
    Ok(identity.join(" "))
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
    for sub in ["", "sgf", "logs"] {
        let d = s.out.join(sub);
        fs::create_dir_all(&d).map_err(|e| io(&d.display().to_string(), e))?;
    }
    let mut summary = Summary {
        engines: [Tally::default(), Tally::default()],
        games: 0,
        voids: 0,
        disagreements: 0,
        disagreement_games: Vec::new(),
        score: None,
        elo: None,
        description: format!(
            "{} vs {}: {} games, {}x{}, komi {}, {} rules, {}",
            plan.engines[0].name,
            plan.engines[1].name,
            plan.games,
            s.size,
            s.size,
            s.komi,
            s.rules,
            s.time.map_or("no clock".to_string(), |t| t.to_string())
        ),
        settings: Json::obj([
            ("size", Json::Num(s.size as f64)),
            ("komi", Json::num(s.komi)),
            ("rules", Json::str(s.rules.to_string())),
            (
                "time_settings",
                s.time.map_or(Json::Null, |t| {
                    Json::Arr(vec![
                        Json::num(t.main),
                        Json::num(t.byoyomi),
                        Json::Num(t.stones.into()),
                    ])
                }),
            ),
            ("move_timeout", s.move_timeout.map_or(Json::Null, Json::num)),
            ("max_moves", Json::Num(s.max_moves as f64)),
            (
                "referee",
                s.referee
                    .as_ref()
                    .map_or(Json::Null, |r| Json::str(r.join(" "))),
            ),
            ("parallel", Json::Num(plan.parallel as f64)),
            (
                "seed",
                args.seed.map_or(Json::Null, |x| {
                    // Exact as a number up to 2^53, else as text.
                    if x < (1u64 << 53) {
                        Json::Num(x as f64)
                    } else {
                        Json::str(x.to_string())
                    }
                }),
            ),
            (
                "first_black",
                Json::str(plan.engines[plan.first_black].name.clone()),
            ),
            (
                "commands",
                Json::Obj(
                    plan.engines
                        .iter()
                        .map(|e| (e.name.clone(), Json::str(e.words.join(" "))))
                        .collect(),
                ),
            ),
        ]),
    };
    for (i, spec) in plan.engines.iter().enumerate() {
        summary.engines[i].name = spec.name.clone();
        summary.engines[i].identity = check_engine(spec, s)?;
    }
    let jsonl_path = s.out.join("games.jsonl");
    let mut jsonl = File::create(&jsonl_path).map_err(|e| io("games.jsonl", e))?;
    let date = record::today();

    let bar = indicatif::ProgressBar::new(plan.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_message(summary.progress_line());

    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<GameOutcome>();
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..plan.parallel {
            let tx = tx.clone();
            let next = &next;
            let plan = &plan;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= plan.games {
                    return;
                }
                let black = (plan.first_black + i) % 2;
                let (b, w) = (&plan.engines[black], &plan.engines[1 - black]);
                let outcome = game::play_game(i + 1, b, w, &plan.settings);
                if tx.send(outcome).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for outcome in rx {
            if let Err(e) = record::write_sgf(&s.out, &outcome, s, &date) {
                write_error.get_or_insert(io("sgf", e));
            }
            if let Err(e) = writeln!(jsonl, "{}", record::game_json(&outcome)) {
                write_error.get_or_insert(io("games.jsonl", e));
            }
            summary.record(&outcome);
            bar.inc(1);
            bar.set_message(summary.progress_line());
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
        }
    });
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    let text = format!("{}\n", summary.to_json().pretty());
    fs::write(s.out.join("summary.json"), text).map_err(|e| io("summary.json", e))?;
    print!("{}", summary.table());
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(extra: &[&str]) -> Result<MatchArgs, String> {
        let mut v = vec!["--engine", "a=x", "--engine", "b=y", "--out", "/tmp/o"];
        v.extend_from_slice(extra);
        parse_args(v)
    }

    #[test]
    fn options_parse_and_check() {
        let a = args(&["--games", "4", "--size", "9", "--komi", "-0.5"]).expect("parse");
        assert_eq!((a.games, a.size, a.komi), (4, 9, -0.5));
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
        assert!(bad(&["--time-settings", "1 2"]));
        assert!(bad(&["--referee", "'open"]));
        assert!(!bad(&["--rules", "Tromp_Taylor"]));
        let same = parse_args(["--engine", "a=x", "--engine", "a=y", "--out", "o"]).expect("parse");
        assert!(plan(&same).is_err());
        let three = parse_args([
            "--engine", "a=x", "--engine", "b=y", "--engine", "c=z", "--out", "o",
        ])
        .expect("parse");
        assert!(plan(&three).is_err());
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
    }

    #[test]
    fn summary_counts_and_formats() {
        let mut s = Summary {
            engines: [
                Tally {
                    name: "a".into(),
                    ..Tally::default()
                },
                Tally {
                    name: "b".into(),
                    ..Tally::default()
                },
            ],
            games: 0,
            voids: 0,
            disagreements: 0,
            disagreement_games: Vec::new(),
            score: None,
            elo: None,
            description: "test".into(),
            settings: Json::Null,
        };
        let mk = |black: &str, white: &str, winner: Option<Color>, ending| GameOutcome {
            number: 1,
            names: [black.to_string(), white.to_string()],
            winner,
            result: String::new(),
            ending,
            reason: String::new(),
            moves: vec![],
            seconds: [vec![1.0, 2.0], vec![3.0]],
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: vec![],
        };
        use game::Ending::*;
        s.record(&mk("a", "b", Some(Color::Black), Score));
        s.record(&mk("b", "a", Some(Color::Black), Forfeit));
        s.record(&mk("a", "b", None, Score));
        s.record(&mk("b", "a", None, Void));
        let [a, b] = &s.engines;
        assert_eq!((a.wins, a.losses, a.draws, a.forfeits), (1, 1, 1, 1));
        assert_eq!((b.wins, b.losses, b.draws, b.forfeits), (1, 1, 1, 0));
        assert_eq!((a.wins_as_black, a.games_as_black), (1, 2));
        assert_eq!((s.games, s.voids), (4, 1));
        let sc = s.score.expect("score");
        assert!((sc.value - 0.5).abs() < 1e-12);
        let j = Json::parse(&s.to_json().to_string()).expect("json");
        let wins = j
            .get("engines")
            .and_then(|e| e.get("a"))
            .and_then(|a| a.get("wins"))
            .and_then(Json::as_f64);
        assert_eq!(wins, Some(1.0));
        assert!(s.table().contains("Elo a - b: +0 ["));
        assert!(s.progress_line().starts_with("a +1 =1 -1 b  Elo +0 ["));
    }
}
