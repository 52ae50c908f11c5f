//! `tengen tune`: SPSA (simultaneous perturbation stochastic approximation) over named
//! search parameters (`--param NAME=VALUE`), with games played by the match runner.
//!
//! The schedule is fishtest's. Each parameter has a start, a range `[min, max]`, `c_end`
//! (the perturbation at the last iteration) and `r_end` (the learning rate there). With `N`
//! iterations planned, `A = 0.1 N`, `alpha = 0.602` and `gamma = 0.101`, iteration `k`
//! (from 1) perturbs by `c_k = c_end N^gamma / k^gamma` and learns at
//! `R_k = a_k / c_k^2`, where `a_k = a_end (A + N)^alpha / (A + k)^alpha` and
//! `a_end = r_end c_end^2`; so `c_N = c_end` and `R_N = r_end`. An iteration draws a flip
//! of +1 or -1 per parameter, plays one pair of games (one opening, colours swapped)
//! between `theta + c_k flip` and `theta - c_k flip`, and moves
//! `theta += R_k c_k (wins of plus - wins of minus) flip`, clamped to the range.
//!
//! Integer parameters (the heavy playout percentages, `expand_visits`, ...) keep a real
//! `theta`; the values sent to the engines are rounded stochastically, with one draw for
//! both sides (as OpenBench does), so that the pair's difference is right on average.
//!
//! A batch is several iterations played at once (`--parallel` games at a time), every one
//! with its own flips around the `theta` the batch started from; their updates are applied
//! in iteration order when the batch is over. (Fishtest's workers do the same in effect: a
//! report's pairs start from the `theta` of its dispatch, while others move it.)
//!
//! Flips, roundings, openings and engine seeds are functions of `--seed` and the iteration,
//! so a run cut off and resumed from its state file plays what one uninterrupted run would.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use serde::{Deserialize, Serialize};

use super::game::{self, Ending, EngineSpec, GameOutcome, GameSettings};
use super::plan::{splitmix64, Scheduled};
use super::{record, store, MatchError};
use crate::search::params::SearchParams;

/// Fishtest's `alpha`: how fast the learning rate falls.
pub const ALPHA: f64 = 0.602;
/// Fishtest's `gamma`: how fast the perturbation falls.
pub const GAMMA: f64 = 0.101;
/// `A` as a share of the planned iterations.
pub const A_RATIO: f64 = 0.1;
/// `r_end` when `--tune` leaves it out (fishtest's default).
pub const DEFAULT_R_END: f64 = 0.002;
/// The version of the state file's layout.
pub const STATE_FORMAT: u32 = 1;

/// Options of `tengen tune`.
#[derive(clap::Args, Debug, Clone)]
pub struct TuneArgs {
    /// The engine as NAME=COMMAND: Tengen, or any engine that takes `--param NAME=VALUE`;
    /// each side gets `--param NAME=VALUE` for every tuned parameter appended, and every
    /// `{seed}` becomes the game's seed, e.g. --engine "tengen=target/release/tengen
    /// --threads 1 --playouts 500 --seed {seed}"
    #[arg(long, value_name = "NAME=COMMAND")]
    pub engine: String,
    /// A parameter to tune as NAME=START,MIN,MAX,C_END[,R_END] (repeatable): NAME one of
    /// `tengen --param`'s numeric names, the search from START within [MIN, MAX], C_END
    /// the perturbation and R_END the learning rate at the last iteration (default 0.002),
    /// as in fishtest, e.g. --tune heavy_pattern=90,0,100,10,0.002
    #[arg(
        long = "tune",
        value_name = "NAME=START,MIN,MAX,C_END[,R_END]",
        required = true
    )]
    pub tune: Vec<String>,
    /// Planned iterations N (one game pair each); the schedule ends at C_END and R_END
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub iterations: usize,
    /// Iterations per batch, played at once; the estimate is printed and the state written
    /// after each [default: --parallel]
    #[arg(long, value_name = "PAIRS")]
    pub batch: Option<usize>,
    /// The state file (JSON): written after every batch; when it exists, the run resumes
    /// from it (it must be for the same --tune parameters, --iterations and --seed)
    #[arg(long, value_name = "FILE")]
    pub state: PathBuf,
    /// Stop after this many batches in this run (resume later with the same command)
    #[arg(long, value_name = "B")]
    pub max_batches: Option<usize>,
    /// Folder for the games' SGF records and engine logs [default: the state file's name
    /// with `-games` in place of `.json`]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Seed of the flips, roundings, random openings and engine seeds
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// How the games are played.
    #[command(flatten)]
    pub game: super::GameArgs,
}

impl TuneArgs {
    /// The board size: `--size`, 9 by default.
    pub fn size(&self) -> usize {
        self.game.size.unwrap_or(9)
    }
}

/// Why a tuning run could not go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TuneError {
    /// Bad options or a state file that does not fit them.
    Usage(String),
    /// A file could not be read or written.
    Io(String),
    /// The engine failed its check, or a whole batch was void.
    Engine(String),
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Usage(m) | TuneError::Io(m) | TuneError::Engine(m) => {
                write!(f, "tune: {m}")
            }
        }
    }
}

impl std::error::Error for TuneError {}

impl From<MatchError> for TuneError {
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Usage(m) => TuneError::Usage(m),
            MatchError::Io(m) => TuneError::Io(m),
            MatchError::Engine(m) => TuneError::Engine(m),
        }
    }
}

/// One tuned parameter as `--tune` gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParamSpec {
    /// Its `--param` name.
    pub name: String,
    /// Where the search starts.
    pub start: f64,
    /// The smallest value tried.
    pub min: f64,
    /// The largest value tried.
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
    /// The learning rate at the last iteration.
    pub r_end: f64,
    /// Whether the engine takes whole numbers only (values are rounded for it).
    pub integer: bool,
}

/// Whether the search parameter `name` takes whole numbers only; an error for a name
/// `--param` does not know or one that is not a number.
pub fn param_is_integer(name: &str) -> Result<bool, String> {
    if !SearchParams::NAMES.contains(&name) {
        let near = name.replace(['.', '-'], "_");
        let hint = if near != name && SearchParams::NAMES.contains(&near.as_str()) {
            format!(" (did you mean {near}?)")
        } else {
            format!(" (the names are {})", SearchParams::NAMES.join(", "))
        };
        return Err(format!("unknown parameter {name:?}{hint}"));
    }
    let mut p = SearchParams::default();
    match p.set(&format!("{name}=2.5")) {
        Ok(()) => Ok(p.get(name).as_deref() != Some("2.5")),
        Err(_) => Err(format!("{name} is not a number and cannot be tuned")),
    }
}

/// `value` as the engine is sent it: a whole number for an integer parameter.
pub fn format_value(value: f64, integer: bool) -> String {
    if integer {
        format!("{}", value.round() as i64)
    } else {
        format!("{value}")
    }
}

/// Parses `--tune NAME=START,MIN,MAX,C_END[,R_END]` and checks it: a known numeric
/// parameter, numbers, MIN < MAX, START within them, C_END and R_END above 0, whole MIN and
/// MAX for an integer parameter, and a range the engine accepts.
pub fn parse_tune(text: &str) -> Result<ParamSpec, String> {
    let fail = |m: String| format!("--tune {text}: {m}");
    let (name, rest) = text
        .split_once('=')
        .ok_or_else(|| fail("expected NAME=START,MIN,MAX,C_END[,R_END]".into()))?;
    let name = name.trim();
    let integer = param_is_integer(name).map_err(fail)?;
    let fields: Vec<&str> = rest.split(',').map(str::trim).collect();
    if !(4..=5).contains(&fields.len()) {
        return Err(fail(format!(
            "expected START,MIN,MAX,C_END[,R_END] after {name}=, not {} numbers",
            fields.len()
        )));
    }
    let what = ["START", "MIN", "MAX", "C_END", "R_END"];
    let mut v = [0.0, 0.0, 0.0, 0.0, DEFAULT_R_END];
    for (i, f) in fields.iter().enumerate() {
        v[i] = f
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| fail(format!("{} {f:?} is not a number", what[i])))?;
    }
    let [start, min, max, c_end, r_end] = v;
    if min >= max {
        return Err(fail(format!("MIN {min} must be below MAX {max}")));
    }
    if !(min..=max).contains(&start) {
        return Err(fail(format!("START {start} is outside [{min}, {max}]")));
    }
    if c_end <= 0.0 {
        return Err(fail(format!("C_END {c_end} must be above 0")));
    }
    if r_end <= 0.0 {
        return Err(fail(format!("R_END {r_end} must be above 0")));
    }
    if integer && (min.fract() != 0.0 || max.fract() != 0.0) {
        return Err(fail(format!(
            "{name} takes whole numbers: MIN and MAX must be whole"
        )));
    }
    for x in [min, max] {
        let mut p = SearchParams::default();
        p.set(&format!("{name}={}", format_value(x, integer)))
            .map_err(|e| fail(format!("the engine refuses {x}: {e}")))?;
    }
    Ok(ParamSpec {
        name: name.to_string(),
        start,
        min,
        max,
        c_end,
        r_end,
        integer,
    })
}

/// The gains schedule: fishtest's constants and the planned iterations.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    /// Planned iterations `N`.
    pub iterations: usize,
    /// `alpha`.
    pub alpha: f64,
    /// `gamma`.
    pub gamma: f64,
    /// `A / N`.
    pub a_ratio: f64,
}

/// The perturbation `c` and learning rate `r` of one parameter at one iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// `c_k`.
    pub c: f64,
    /// `R_k = a_k / c_k^2`.
    pub r: f64,
}

impl Schedule {
    /// Fishtest's schedule over `iterations`.
    pub fn new(iterations: usize) -> Schedule {
        Schedule {
            iterations,
            alpha: ALPHA,
            gamma: GAMMA,
            a_ratio: A_RATIO,
        }
    }

    /// The gains of `p` at iteration `k` (from 1).
    pub fn gains(&self, p: &ParamSpec, k: usize) -> Gains {
        let n = self.iterations.max(1) as f64;
        let k = k.max(1) as f64;
        let big_a = self.a_ratio * n;
        let c = p.c_end * n.powf(self.gamma) / k.powf(self.gamma);
        let a_end = p.r_end * p.c_end * p.c_end;
        let a = a_end * (big_a + n).powf(self.alpha) / (big_a + k).powf(self.alpha);
        Gains { c, r: a / (c * c) }
    }
}

/// A hash of the seed, the iteration and the parameter, one stream per `salt`.
fn draw(seed: u64, k: usize, i: usize, salt: u64) -> u64 {
    splitmix64(splitmix64(splitmix64(seed ^ salt) ^ k as u64) ^ i as u64)
}

/// The flip (+1 or -1) of parameter `i` at iteration `k`.
pub fn flip(seed: u64, k: usize, i: usize) -> i8 {
    if draw(seed, k, i, 0x666c_6970) & 1 == 1 {
        1
    } else {
        -1
    }
}

/// A number in [0, 1) for the stochastic rounding of parameter `i` at iteration `k`.
fn uniform(seed: u64, k: usize, i: usize) -> f64 {
    (draw(seed, k, i, 0x726f_756e) >> 11) as f64 / (1u64 << 53) as f64
}

/// One iteration's perturbation: the flips and the values each side plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Probe {
    /// The iteration, from 1.
    pub iteration: usize,
    /// +1 or -1 per parameter.
    pub flips: Vec<i8>,
    /// The values of the plus side (theta + c flip, rounded and clamped).
    pub plus: Vec<f64>,
    /// The values of the minus side (theta - c flip, rounded and clamped).
    pub minus: Vec<f64>,
}

/// The probe of iteration `k` around `theta`.
pub fn perturb(
    specs: &[ParamSpec],
    schedule: &Schedule,
    seed: u64,
    theta: &[f64],
    k: usize,
) -> Probe {
    let mut probe = Probe {
        iteration: k,
        flips: Vec::with_capacity(specs.len()),
        plus: Vec::with_capacity(specs.len()),
        minus: Vec::with_capacity(specs.len()),
    };
    for (i, (p, &t)) in specs.iter().zip(theta).enumerate() {
        let c = schedule.gains(p, k).c;
        let f = flip(seed, k, i);
        let (mut hi, mut lo) = (t + c * f64::from(f), t - c * f64::from(f));
        if p.integer {
            let u = uniform(seed, k, i);
            hi = (hi + u).floor();
            lo = (lo + u).floor();
        }
        probe.flips.push(f);
        probe.plus.push(hi.clamp(p.min, p.max));
        probe.minus.push(lo.clamp(p.min, p.max));
    }
    probe
}

/// Applies iteration `probe.iteration`'s `result` (wins of plus minus wins of minus) to
/// `theta`: `theta_i += R_k c_k result flip_i`, clamped to the range.
pub fn update(
    specs: &[ParamSpec],
    schedule: &Schedule,
    theta: &mut [f64],
    probe: &Probe,
    result: i32,
) {
    for ((p, t), &f) in specs.iter().zip(theta.iter_mut()).zip(&probe.flips) {
        let g = schedule.gains(p, probe.iteration);
        let step = g.r * g.c * f64::from(result) * f64::from(f);
        *t = (*t + step).clamp(p.min, p.max);
    }
}

/// Games of the plus side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Won by plus.
    pub wins: u32,
    /// Won by minus.
    pub losses: u32,
    /// Drawn (jigo).
    pub draws: u32,
    /// Void: neither side could play.
    pub void: u32,
}

impl Score {
    /// Wins of plus minus wins of minus.
    pub fn result(&self) -> i32 {
        self.wins as i32 - self.losses as i32
    }

    /// Adds `other`.
    pub fn add(&mut self, other: Score) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
        self.void += other.void;
    }

    /// Counts one game in which the plus side was called `plus`.
    pub fn count(&mut self, o: &GameOutcome, plus: &str) {
        if o.ending == Ending::Void {
            self.void += 1;
            return;
        }
        match o.winner {
            Some(c) if o.names[c.index()] == plus => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} -{} ={}", self.wins, self.losses, self.draws)?;
        if self.void > 0 {
            write!(f, " void {}", self.void)?;
        }
        Ok(())
    }
}

/// One iteration as played: its probe and the pair's score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairRecord {
    /// The perturbation.
    #[serde(flatten)]
    pub probe: Probe,
    /// The pair's games, for the plus side.
    pub score: Score,
}

/// One batch as played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchRecord {
    /// The last iteration of the batch.
    pub iteration: usize,
    /// The batch's games, for the plus sides.
    pub score: Score,
    /// `theta` after the batch.
    pub theta: Vec<f64>,
    /// Its iterations.
    pub pairs: Vec<PairRecord>,
}

/// Everything a tuning run needs to go on: written after every batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneState {
    /// [`STATE_FORMAT`].
    pub format: u32,
    /// The tuned parameters.
    pub params: Vec<ParamSpec>,
    /// The gains schedule.
    pub schedule: Schedule,
    /// `--seed`.
    pub seed: u64,
    /// The engine and match options it was started with (a resume with others warns).
    pub conditions: String,
    /// Iterations done.
    pub iteration: usize,
    /// The current estimate, one value per parameter.
    pub theta: Vec<f64>,
    /// The estimate as the engine's options.
    pub estimate: String,
    /// All games so far, for the plus sides.
    pub total: Score,
    /// Every batch.
    pub history: Vec<BatchRecord>,
}

impl TuneState {
    /// A fresh state at the start values.
    pub fn new(params: Vec<ParamSpec>, schedule: Schedule, seed: u64, conditions: String) -> Self {
        let theta: Vec<f64> = params.iter().map(|p| p.start).collect();
        let mut s = TuneState {
            format: STATE_FORMAT,
            params,
            schedule,
            seed,
            conditions,
            iteration: 0,
            theta,
            estimate: String::new(),
            total: Score::default(),
            history: Vec::new(),
        };
        s.estimate = s.param_args(&s.theta).join(" ");
        s
    }

    /// `values` as `--param NAME=VALUE` words.
    pub fn param_args(&self, values: &[f64]) -> Vec<String> {
        self.params
            .iter()
            .zip(values)
            .flat_map(|(p, &v)| {
                [
                    "--param".to_string(),
                    format!("{}={}", p.name, format_value(v, p.integer)),
                ]
            })
            .collect()
    }

    /// The estimate in one line: `name=value` with integers rounded (and the real value).
    pub fn theta_line(&self) -> String {
        self.params
            .iter()
            .zip(&self.theta)
            .map(|(p, &t)| {
                if p.integer {
                    format!("{}={} ({t:.2})", p.name, t.round() as i64)
                } else {
                    format!("{}={}", p.name, short(t))
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    }

    /// The probes of the next `n` iterations, all around the current `theta`.
    pub fn probes(&self, n: usize) -> Vec<Probe> {
        let last = (self.iteration + n).min(self.schedule.iterations);
        (self.iteration + 1..=last)
            .map(|k| perturb(&self.params, &self.schedule, self.seed, &self.theta, k))
            .collect()
    }

    /// Applies a played batch: each pair's update in iteration order, then the history.
    pub fn apply(&mut self, pairs: Vec<PairRecord>) {
        let mut score = Score::default();
        for pair in &pairs {
            update(
                &self.params,
                &self.schedule,
                &mut self.theta,
                &pair.probe,
                pair.score.result(),
            );
            score.add(pair.score);
            self.iteration = self.iteration.max(pair.probe.iteration);
        }
        self.total.add(score);
        self.estimate = self.param_args(&self.theta).join(" ");
        self.history.push(BatchRecord {
            iteration: self.iteration,
            score,
            theta: self.theta.clone(),
            pairs,
        });
    }

    /// Whether a resumed run with `params`, `schedule` and `seed` may go on from this
    /// state; the error says what differs.
    pub fn check_fits(
        &self,
        params: &[ParamSpec],
        schedule: &Schedule,
        seed: u64,
    ) -> Result<(), String> {
        let names = |v: &[ParamSpec]| v.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
        if names(&self.params) != names(params) {
            return Err(format!(
                "it tunes {} but the command line {}",
                names(&self.params).join(", "),
                names(params).join(", ")
            ));
        }
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0);
        for (a, b) in self.params.iter().zip(params) {
            let fields = [
                ("START", a.start, b.start),
                ("MIN", a.min, b.min),
                ("MAX", a.max, b.max),
                ("C_END", a.c_end, b.c_end),
                ("R_END", a.r_end, b.r_end),
            ];
            for (what, x, y) in fields {
                if !close(x, y) {
                    return Err(format!(
                        "its {} has {what} {x} but the command line {y}",
                        a.name
                    ));
                }
            }
        }
        if self.schedule.iterations != schedule.iterations {
            return Err(format!(
                "it plans {} iterations but the command line {}",
                self.schedule.iterations, schedule.iterations
            ));
        }
        if !(close(self.schedule.alpha, schedule.alpha)
            && close(self.schedule.gamma, schedule.gamma)
            && close(self.schedule.a_ratio, schedule.a_ratio))
        {
            return Err("its schedule constants differ from this version's".into());
        }
        if self.seed != seed {
            return Err(format!(
                "it was made with --seed {} but the command line has {seed}",
                self.seed
            ));
        }
        Ok(())
    }

    /// Checks a state read from a file: its layout version, one value per parameter
    /// within its range, and no more iterations than planned.
    pub fn check_sound(&self) -> Result<(), String> {
        if self.format != STATE_FORMAT {
            return Err(format!(
                "state format {} (this version reads {STATE_FORMAT})",
                self.format
            ));
        }
        if self.theta.len() != self.params.len() {
            return Err(format!(
                "{} values for {} parameters",
                self.theta.len(),
                self.params.len()
            ));
        }
        for (p, t) in self.params.iter().zip(&self.theta) {
            if !(t.is_finite() && (p.min..=p.max).contains(t)) {
                return Err(format!(
                    "{} = {t} is outside [{}, {}]",
                    p.name, p.min, p.max
                ));
            }
        }
        if self.iteration > self.schedule.iterations {
            return Err(format!(
                "{} iterations done of {} planned",
                self.iteration, self.schedule.iterations
            ));
        }
        Ok(())
    }

    /// The state as pretty JSON.
    pub fn json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self).map(|mut s| {
            s.push('\n');
            s
        })
    }
}

/// A real number in a few significant digits.
fn short(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let digits = (4 - x.abs().log10().floor() as i32 - 1).clamp(0, 12) as usize;
    format!("{x:.digits$}")
}

/// Reads the state at `path`: `None` when there is no file.
pub fn read_state(path: &Path) -> Result<Option<TuneState>, TuneError> {
    let text = match crate::files::read_text(path, crate::files::TEXT) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(TuneError::Io(format!("{}: {e}", path.display()))),
    };
    let state: TuneState = serde_json::from_str(&text).map_err(|e| {
        TuneError::Usage(format!(
            "--state {} is not a tuning state: {e}",
            path.display()
        ))
    })?;
    state
        .check_sound()
        .map_err(|e| TuneError::Usage(format!("--state {}: {e}", path.display())))?;
    Ok(Some(state))
}

/// Writes `state` to `path` whole or not at all.
pub fn write_state(path: &Path, state: &TuneState) -> Result<(), TuneError> {
    let io = |e: std::io::Error| TuneError::Io(format!("{}: {e}", path.display()));
    let text = state.json().map_err(|e| io(e.into()))?;
    store::write_atomic(path, text.as_bytes()).map_err(io)
}

/// The state to go on from: the file's when `path` exists (it must fit the command line),
/// else a fresh one.
pub fn load_or_new(
    path: &Path,
    params: Vec<ParamSpec>,
    schedule: Schedule,
    seed: u64,
    conditions: String,
) -> Result<TuneState, TuneError> {
    match read_state(path)? {
        None => Ok(TuneState::new(params, schedule, seed, conditions)),
        Some(old) => {
            old.check_fits(&params, &schedule, seed).map_err(|e| {
                TuneError::Usage(format!(
                    "--state {} holds another tuning run: {e}; give the same options or \
                     another --state",
                    path.display()
                ))
            })?;
            if old.conditions != conditions {
                log::warn!(
                    "resuming {} under other conditions: it was started with `{}`, now `{}`",
                    path.display(),
                    old.conditions,
                    conditions
                );
            }
            Ok(old)
        }
    }
}

/// The engine spec of one side: the base command and its parameter values.
fn side(base: &EngineSpec, name: &str, state: &TuneState, values: &[f64]) -> EngineSpec {
    let mut words = base.words.clone();
    words.extend(state.param_args(values));
    EngineSpec {
        name: name.to_string(),
        words,
    }
}

/// Plays `jobs` (a game and its Black and White engines) `parallel` at a time, writing
/// each game's SGF under `settings.out`; the outcomes in job order.
fn play_all(
    jobs: &[(Scheduled, EngineSpec, EngineSpec)],
    settings: &GameSettings,
    parallel: usize,
) -> Vec<GameOutcome> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, GameOutcome)>();
    let date = record::today();
    let mut out: Vec<Option<GameOutcome>> = vec![None; jobs.len()];
    std::thread::scope(|scope| {
        for _ in 0..parallel.clamp(1, jobs.len().max(1)) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((g, b, w)) = jobs.get(i) else {
                    return;
                };
                let outcome = game::play_game(g, b, w, settings);
                if tx.send((i, outcome)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for (i, o) in rx {
            let mut rec = record::sgf_record(&o, settings, &date);
            rec.event = Some(format!(
                "tengen tune, iteration {}, game {}",
                o.number.div_ceil(2),
                o.number
            ));
            if let Some((_, b, w)) = jobs.get(i) {
                let params = |e: &EngineSpec| {
                    let start = e.words.iter().position(|w| w == "--param");
                    let tail = start.map_or(&[][..], |s| &e.words[s..]);
                    format!("{}: {}", e.name, tail.join(" "))
                };
                let note = format!("\n{}\n{}", params(b), params(w));
                rec.comment = Some(rec.comment.unwrap_or_default() + &note);
            }
            let path = settings.out.join(record::sgf_name(o.number));
            if let Err(e) = store::write_atomic(&path, crate::sgf::write(&rec).as_bytes()) {
                log::warn!("game {}: cannot write its SGF: {e}", o.number);
            }
            if o.ending == Ending::Void {
                log::warn!("game {}: void ({})", o.number, o.reason);
            }
            out[i] = Some(o);
        }
    });
    out.into_iter().flatten().collect()
}

/// The match options of a tuning run, as `tengen match` takes them, with the engine twice:
/// `NAME+` and `NAME-`.
fn match_args(args: &TuneArgs, out: &Path) -> Result<super::MatchArgs, TuneError> {
    let (name, command) = args.engine.split_once('=').ok_or_else(|| {
        TuneError::Usage(format!("--engine {:?}: expected NAME=COMMAND", args.engine))
    })?;
    let name = name.trim();
    let mut m = super::parse_args([
        "--engine".to_string(),
        format!("{name}+={command}"),
        "--engine".to_string(),
        format!("{name}-={command}"),
        "--out".to_string(),
        out.display().to_string(),
    ])
    .map_err(TuneError::Usage)?;
    m.games = 2 * args.iterations;
    m.game = args.game.clone();
    m.game.size = Some(args.size());
    m.seed = Some(args.seed);
    Ok(m)
}

/// The engine and the options that shape the games, in one line.
fn conditions(args: &TuneArgs) -> String {
    let mut s = format!(
        "{} | {}x{} komi {} {} rules",
        args.engine,
        args.size(),
        args.size(),
        args.game.komi,
        args.game.rules
    );
    if let Some(h) = args.game.handicap {
        s.push_str(&format!(", handicap {h}"));
    }
    if let Some(t) = args.game.time_per_move {
        s.push_str(&format!(", {t} s per move"));
    }
    if let Some(t) = &args.game.time_settings {
        s.push_str(&format!(", clock {t}"));
    }
    if let Some(o) = &args.game.openings {
        s.push_str(&format!(", openings {}", o.display()));
    }
    if let Some(n) = args.game.opening_plies {
        s.push_str(&format!(" ({n} plies)"));
    }
    if let Some(n) = args.game.random_opening {
        s.push_str(&format!(", {n} random opening moves"));
    }
    if let Some(m) = args.game.max_moves {
        s.push_str(&format!(", at most {m} moves"));
    }
    s
}

/// Where the games go by default: `tune.json` -> `tune-games`.
fn default_out(state: &Path) -> PathBuf {
    let stem = state
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "tune".into());
    state.with_file_name(format!("{stem}-games"))
}

/// Runs (or resumes) the tuning session `args` describes, printing the estimate after every
/// batch and writing the state file; returns the state at the end.
pub fn run(args: &TuneArgs) -> Result<TuneState, TuneError> {
    let usage = |m: String| TuneError::Usage(m);
    let mut params = Vec::new();
    for t in &args.tune {
        let p = parse_tune(t).map_err(usage)?;
        if params.iter().any(|q: &ParamSpec| q.name == p.name) {
            return Err(usage(format!("--tune {}: given twice", p.name)));
        }
        params.push(p);
    }
    if args.iterations == 0 {
        return Err(usage("--iterations must be at least 1".into()));
    }
    if args.batch == Some(0) {
        return Err(usage("--batch must be at least 1".into()));
    }
    if args.max_batches == Some(0) {
        return Err(usage("--max-batches must be at least 1".into()));
    }
    if args.game.parallel == 0 {
        return Err(usage("--parallel must be at least 1".into()));
    }
    let out = args.out.clone().unwrap_or_else(|| default_out(&args.state));
    let prepared = super::prepare(&match_args(args, &out)?)?;
    let schedule = Schedule::new(args.iterations);
    let mut state = load_or_new(&args.state, params, schedule, args.seed, conditions(args))?;
    let stdout = std::io::stdout();
    let say = |line: String| {
        let mut o = stdout.lock();
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    };
    if state.iteration >= schedule.iterations {
        say(format!(
            "finished: {} iterations; {}",
            state.iteration,
            state.theta_line()
        ));
        say(format!("estimate: {}", state.estimate));
        return Ok(state);
    }
    for sub in ["", "sgf", "logs"] {
        let d = out.join(sub);
        std::fs::create_dir_all(&d).map_err(|e| TuneError::Io(format!("{}: {e}", d.display())))?;
    }
    let [plus_base, minus_base] = [&prepared.engines[0], &prepared.engines[1]];
    let check = side(plus_base, &plus_base.name, &state, &state.theta);
    let first_seed = prepared.games.first().map_or(0, |g| g.seed);
    super::check_engine(&check.with_seed(first_seed), &prepared.settings)?;
    super::check_referee(&prepared.settings)?;
    let batch = args.batch.unwrap_or(prepared.parallel).max(1);
    if state.iteration > 0 {
        say(format!(
            "resuming {} at iteration {} of {}: {}",
            args.state.display(),
            state.iteration,
            schedule.iterations,
            state.theta_line()
        ));
    } else {
        say(format!(
            "tuning {} parameter(s) over {} iterations ({} games), {batch} pair(s) a batch; \
             state {}, games in {}",
            state.params.len(),
            schedule.iterations,
            2 * schedule.iterations,
            args.state.display(),
            out.display()
        ));
        for p in &state.params {
            let (g1, gn) = (schedule.gains(p, 1), schedule.gains(p, schedule.iterations));
            say(format!(
                "  {}{}: start {} in [{}, {}], c {} -> {}, R {} -> {}",
                p.name,
                if p.integer { " (integer)" } else { "" },
                p.start,
                p.min,
                p.max,
                short(g1.c),
                short(gn.c),
                short(g1.r),
                short(gn.r)
            ));
        }
    }
    let mut batches = 0;
    while state.iteration < schedule.iterations {
        if args.max_batches.is_some_and(|m| batches >= m) {
            say(format!(
                "stopped after {batches} batch(es) at iteration {} of {}; the same command \
                 goes on",
                state.iteration, schedule.iterations
            ));
            break;
        }
        let probes = state.probes(batch);
        let mut jobs = Vec::with_capacity(2 * probes.len());
        for probe in &probes {
            let plus = side(plus_base, &plus_base.name, &state, &probe.plus);
            let minus = side(minus_base, &minus_base.name, &state, &probe.minus);
            for g in 0..2 {
                let Some(game) = prepared.games.get(2 * (probe.iteration - 1) + g) else {
                    continue;
                };
                let (b, w) = if game.black == 0 {
                    (plus.clone(), minus.clone())
                } else {
                    (minus.clone(), plus.clone())
                };
                jobs.push((game.clone(), b, w));
            }
        }
        let outcomes = play_all(&jobs, &prepared.settings, prepared.parallel);
        let mut pairs = Vec::with_capacity(probes.len());
        for probe in probes {
            let mut score = Score::default();
            let numbers = [2 * probe.iteration - 1, 2 * probe.iteration];
            for o in outcomes.iter().filter(|o| numbers.contains(&o.number)) {
                score.count(o, &plus_base.name);
            }
            pairs.push(PairRecord { probe, score });
        }
        let played: u32 = pairs
            .iter()
            .map(|p| p.score.wins + p.score.losses + p.score.draws)
            .sum();
        if played == 0 {
            return Err(TuneError::Engine(format!(
                "every game of the batch was void; see the logs in {}",
                out.join("logs").display()
            )));
        }
        state.apply(pairs);
        batches += 1;
        write_state(&args.state, &state)?;
        let last = state.history.last().map(|b| b.score).unwrap_or_default();
        say(format!(
            "iteration {}/{}  batch {last} (score {:+})  {}",
            state.iteration,
            schedule.iterations,
            last.result(),
            state.theta_line()
        ));
    }
    if state.iteration >= schedule.iterations {
        say(format!(
            "finished: {} iterations, {} games: plus {}",
            state.iteration,
            2 * state.iteration,
            state.total
        ));
        say(format!("estimate: {}", state.estimate));
    }
    Ok(state)
}

#[cfg(test)]
mod tests;
