//! One game between two engines: setup, the move loop with clocks and forfeits, dead-stone
//! settlement (engines, then the referee) and the result.

use std::collections::BTreeSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gtp::Command;

use super::clock::{Overtime, SideClock, TimeControl, TimeLeft};
use super::judge::Judge;
use super::plan::{self, Opening, Scheduled};
use super::process::{shorten, Engine, EngineError, Reply, Transcript};
use crate::board::{Color, Point, Vertex};
use crate::rules::{Game as RulesGame, Rules};

/// Reply deadline for commands other than `genmove` when `--move-timeout` is not given.
pub const DEFAULT_TIMEOUT: f64 = 60.0;

/// Dead-stone lists may take a while on big boards: they get at least this long.
const STATUS_TIMEOUT: f64 = 10.0;

/// An engine of the match: its name and its command split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name given with `--engine NAME=...`.
    pub name: String,
    /// Program and arguments.
    pub words: Vec<String>,
}

/// Everything that is the same for every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Board size.
    pub size: usize,
    /// Komi.
    pub komi: f64,
    /// Handicap stones for Black on GTP's fixed points (0: none); White moves first.
    pub handicap: usize,
    /// The rules that judge and count (komi apart).
    pub rules: Rules,
    /// The clock, if any.
    pub time: Option<TimeControl>,
    /// `--move-timeout` in seconds, if given.
    pub move_timeout: Option<f64>,
    /// Seconds a move may overrun the clock before the flag falls (`--lag-allowance`).
    pub lag_allowance: f64,
    /// Engines with their own lag allowance (`--lag-allowance-for`).
    pub lag_allowance_for: std::collections::BTreeMap<String, f64>,
    /// Moves after which the game is stopped and scored as it stands.
    pub max_moves: usize,
    /// The referee's command, if any.
    pub referee: Option<Vec<String>>,
    /// Where logs (`logs/`) go.
    pub out: PathBuf,
}

impl GameSettings {
    /// Black's handicap stones: GTP's fixed points for [`GameSettings::handicap`] stones,
    /// in GTP's order; empty without a handicap (or for a count GTP has no points for).
    pub fn handicap_points(&self) -> Vec<Point> {
        if self.handicap == 0 {
            return Vec::new();
        }
        RulesGame::fixed_handicap_points(self.size, self.handicap).unwrap_or_default()
    }

    /// The handicap stones as GTP vertices, in GTP's order.
    pub fn handicap_vertices(&self) -> Vec<Vertex> {
        self.handicap_points()
            .iter()
            .map(|p| p.vertex(self.size))
            .collect()
    }
}

/// What one engine used in one game: memory and, with a clock, main time and overtime.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Usage {
    /// Peak resident memory of the engine's process in kB (`VmHWM`), read just before it
    /// was told to quit; `None` where there is no `/proc` or when it had already ended.
    pub peak_rss_kb: Option<u64>,
    /// Seconds of main time spent by the runner's clock; `None` without a clock.
    pub main_time_used: Option<f64>,
    /// Moves begun in main time (the first ones of its `seconds`); `None` without a clock.
    pub moves_in_main_time: Option<u32>,
    /// Moves begun in overtime (the rest of its `seconds`); `None` without a clock.
    pub moves_in_overtime: Option<u32>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Counted after passes (or the rules' end).
    Score,
    /// Counted after the move cap.
    MoveCap,
    /// One side resigned.
    Resign,
    /// One side forfeited (crash, timeout, garbage, illegal move, rejected play).
    Forfeit,
    /// One side ran out of time.
    Time,
    /// Neither side could play (both failed to start or set up).
    Void,
}

/// How the dead stones were settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// Both engines gave the same list.
    Agreed,
    /// The referee decided.
    Referee,
    /// Only one engine gave a list; it was used.
    OneEngine(Color),
    /// No usable opinion: the rules module's default status.
    Default,
}

/// The outcome of one game.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// Game number, from 1.
    pub number: usize,
    /// Engine names by colour index (black, white).
    pub names: [String; 2],
    /// Winner, `None` for a draw or a void game.
    pub winner: Option<Color>,
    /// Result text as SGF writes it: `B+3.5`, `W+R`, `B+F`, `W+T`, `0`, `Void`.
    pub result: String,
    /// How the game ended.
    pub ending: Ending,
    /// Why, in words.
    pub reason: String,
    /// The moves played (`None` = pass).
    pub moves: Vec<(Color, Option<Vertex>)>,
    /// Seconds taken by each `genmove`, by colour index.
    pub seconds: [Vec<f64>; 2],
    /// What was left on each clock at the end, by colour index (`None` without a clock).
    pub time_left: [Option<TimeLeft>; 2],
    /// Memory and clock use of each engine, by colour index.
    pub usage: [Usage; 2],
    /// Dead stones removed before counting.
    pub dead: Vec<Vertex>,
    /// How they were settled (`None` when the game was not counted).
    pub settlement: Option<Settlement>,
    /// The engines' dead-stone lists when they differed (by colour index).
    pub disagreement: Option<[Vec<Vertex>; 2]>,
    /// Black minus white when counted.
    pub margin: Option<f64>,
    /// Things worth knowing that did not decide the game (unsupported commands, ...).
    pub warnings: Vec<String>,
    /// The round of the plan (the games of a pairing in one round form a pair).
    pub round: usize,
    /// The engine seed (`{seed}` in the engine commands).
    pub seed: u64,
    /// The opening played before the engines' own moves (its moves open `moves`).
    pub opening: Option<Opening>,
}

fn letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

fn gtp_color(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// A GTP command with plain-word arguments (`cmd("play", &["b", "D4"])` is `play b D4`).
pub fn cmd(name: &str, args: &[&str]) -> Command {
    Command::new_with_args(name, |e| {
        for a in args {
            e.s(a);
        }
        if args.len() > 1 {
            e.list();
        }
        e
    })
}

/// What a `genmove` reply said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMove {
    /// A move on a vertex (maybe off this board).
    Play(Vertex),
    /// A pass.
    Pass,
    /// Resignation.
    Resign,
}

/// Reads a `genmove` reply: a vertex, `pass` or `resign`, any case.
pub fn parse_genmove(text: &str) -> Option<GenMove> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        Some(GenMove::Pass)
    } else if t.eq_ignore_ascii_case("resign") {
        Some(GenMove::Resign)
    } else {
        t.parse().ok().map(GenMove::Play)
    }
}

/// Reads a vertex list (`final_status_list`): vertices separated by any blanks or newlines.
pub fn parse_vertex_list(text: &str) -> Option<Vec<Vertex>> {
    text.split_whitespace().map(|w| w.parse().ok()).collect()
}

/// Why a game stopped early, before scoring.
struct Stop {
    loser: Color,
    ending: Ending,
    reason: String,
}

fn engine_failure(loser: Color, name: &str, doing: &str, e: &EngineError) -> Stop {
    Stop {
        loser,
        ending: Ending::Forfeit,
        reason: format!("{name} {e} ({doing})"),
    }
}

struct Game<'a> {
    number: usize,
    s: &'a GameSettings,
    names: [String; 2],
    engines: [Option<Engine>; 2],
    clocks: [Option<SideClock>; 2],
    /// Engines told byo-yomi or Fischer time in GTP's `time_settings` form (they know no
    /// `kgs-time_settings` or `kata-time_settings`): their `time_left` follows that form.
    one_stone: [bool; 2],
    judge: Judge,
    moves: Vec<(Color, Option<Vertex>)>,
    seconds: [Vec<f64>; 2],
    /// Moves begun in main time and in overtime, by colour index (with a clock).
    phases: [[u32; 2]; 2],
    warnings: Vec<String>,
    transcript: Option<Transcript>,
}

fn cmd_timeout(s: &GameSettings) -> Duration {
    Duration::from_secs_f64(s.move_timeout.unwrap_or(DEFAULT_TIMEOUT))
}

/// Path of the log file for `who` in game `number`.
pub fn log_path(out: &Path, number: usize, who: &str) -> PathBuf {
    out.join("logs").join(format!("game-{number:04}-{who}.log"))
}

impl EngineSpec {
    /// The command for a game with engine seed `seed`: every `{seed}` in it replaced.
    pub fn with_seed(&self, seed: u64) -> EngineSpec {
        let seed = seed.to_string();
        EngineSpec {
            name: self.name.clone(),
            words: self
                .words
                .iter()
                .map(|w| w.replace("{seed}", &seed))
                .collect(),
        }
    }
}

/// Plays game `plan.number` with `black` and `white` from the plan's opening, with its
/// engine seed substituted; never panics on engine behaviour and always ends the engines'
/// processes before returning.
pub fn play_game(
    plan: &Scheduled,
    black: &EngineSpec,
    white: &EngineSpec,
    s: &GameSettings,
) -> GameOutcome {
    let mut outcome = play(
        plan,
        &black.with_seed(plan.seed),
        &white.with_seed(plan.seed),
        s,
    );
    outcome.round = plan.round;
    outcome.seed = plan.seed;
    outcome.opening = plan.opening.clone();
    outcome
}

fn play(plan: &Scheduled, black: &EngineSpec, white: &EngineSpec, s: &GameSettings) -> GameOutcome {
    let number = plan.number;
    let transcript = File::create(s.out.join("logs").join(format!("game-{number:04}.gtp")))
        .ok()
        .map(|f| Arc::new(Mutex::new(f)));
    let names = [black.name.clone(), white.name.clone()];
    let Some(mut judge) = Judge::new(s.size, s.rules, s.komi) else {
        // The size was checked before the match started; this is only a safety net.
        return void(
            number,
            names,
            format!("board size {} not supported", s.size),
        );
    };
    if s.handicap > 0 {
        // Checked before the match started too.
        let placed = judge.place_handicap(&s.handicap_points());
        if let Err(e) = placed {
            return void(number, names, format!("handicap {}: {e}", s.handicap));
        }
    }
    let opening = plan.opening.as_ref().map_or(&[][..], |o| &o.moves[..]);
    for &(c, v) in opening {
        let p = v.and_then(|v| v.to_point(s.size));
        if judge.play(c, p).is_err() || (v.is_some() && p.is_none()) {
            // openings were checked before the match started; this is only a safety net
            return void(
                number,
                names,
                format!("opening {} is illegal", plan::moves_text(opening)),
            );
        }
    }
    let mut game = Game {
        number,
        s,
        names,
        engines: [None, None],
        clocks: [None, None],
        one_stone: [false, false],
        judge,
        moves: opening.to_vec(),
        seconds: [Vec::new(), Vec::new()],
        phases: [[0; 2]; 2],
        warnings: Vec::new(),
        transcript,
    };
    let mut failures: Vec<Stop> = Vec::new();
    for (c, spec) in [(Color::Black, black), (Color::White, white)] {
        if let Err(stop) = game.start(c, spec) {
            failures.push(stop);
        }
    }
    let mut outcome = match failures.len() {
        0 => game.run(),
        1 => {
            let stop = failures.remove(0);
            game.finish_stopped(stop)
        }
        _ => {
            let reason = failures
                .iter()
                .map(|f| f.reason.clone())
                .collect::<Vec<_>>()
                .join("; ");
            let mut v = void(number, game.names.clone(), reason);
            v.warnings = std::mem::take(&mut game.warnings);
            v
        }
    };
    for (i, slot) in game.engines.iter_mut().enumerate() {
        if let Some(e) = slot {
            // memory is read while the engine still runs, just before `quit`
            outcome.usage[i].peak_rss_kb = e.peak_rss_kb();
            e.finish(true);
        }
    }
    outcome
}

fn void(number: usize, names: [String; 2], reason: String) -> GameOutcome {
    GameOutcome {
        number,
        names,
        winner: None,
        result: "Void".into(),
        ending: Ending::Void,
        reason,
        moves: Vec::new(),
        seconds: [Vec::new(), Vec::new()],
        time_left: [None, None],
        usage: [Usage::default(); 2],
        dead: Vec::new(),
        settlement: None,
        disagreement: None,
        margin: None,
        warnings: Vec::new(),
        round: 0,
        seed: 0,
        opening: None,
    }
}

impl Game<'_> {
    fn name(&self, c: Color) -> &str {
        &self.names[c.index()]
    }

    /// `c`'s engine, while it runs.
    fn engine(&mut self, c: Color) -> Result<&mut Engine, EngineError> {
        self.engines[c.index()]
            .as_mut()
            .ok_or_else(|| EngineError::Crash("not running".into()))
    }

    /// Sends `cmd` to `c`'s engine.
    fn raw(&mut self, c: Color, cmd: &Command, timeout: Duration) -> Result<Reply, EngineError> {
        self.engine(c)?.send(cmd, timeout)
    }

    /// Sends `cmd` to `c`'s engine; engine failures become a forfeit of `c`.
    fn ask(&mut self, c: Color, cmd: &Command, timeout: Duration) -> Result<Reply, Stop> {
        self.raw(c, cmd, timeout)
            .map_err(|err| engine_failure(c, self.name(c), cmd.to_string().trim(), &err))
    }

    /// Sends a setup command that must succeed.
    fn must(&mut self, c: Color, cmd: Command) -> Result<(), Stop> {
        let reply = self.ask(c, &cmd, cmd_timeout(self.s))?;
        if reply.ok {
            Ok(())
        } else {
            Err(Stop {
                loser: c,
                ending: Ending::Forfeit,
                reason: format!(
                    "{} rejected `{}`: {}",
                    self.name(c),
                    cmd.to_string().trim(),
                    shorten(&reply.text, 80)
                ),
            })
        }
    }

    /// Sends a command whose refusal only deserves a warning.
    fn may(&mut self, c: Color, cmd: Command) -> Result<(), Stop> {
        let reply = self.ask(c, &cmd, cmd_timeout(self.s))?;
        if !reply.ok {
            let w = format!(
                "{} refused `{}`: {}",
                self.name(c),
                cmd.to_string().trim(),
                shorten(&reply.text, 80)
            );
            self.warnings.push(w);
        }
        Ok(())
    }

    fn start(&mut self, c: Color, spec: &EngineSpec) -> Result<(), Stop> {
        let log = log_path(&self.s.out, self.number, &spec.name);
        let label = format!("{}({})", spec.name, letter(c));
        let engine = Engine::spawn(&label, &spec.words, &log, self.transcript.clone())
            .map_err(|e| engine_failure(c, &spec.name, "start", &e))?;
        self.engines[c.index()] = Some(engine);
        self.must(c, cmd("boardsize", &[&self.s.size.to_string()]))?;
        self.must(c, cmd("clear_board", &[]))?;
        let komi = format!("{}", self.s.komi);
        self.may(c, cmd("komi", &[&komi]))?;
        if self.s.handicap > 0 {
            self.handicap(c)?;
        }
        for (mc, v) in self.moves.clone() {
            let vertex = v.map_or("pass".to_string(), |v| v.to_string());
            self.must(c, cmd("play", &[gtp_color(mc), &vertex]))?;
        }
        if let Some(tc) = self.s.time {
            self.time_settings(c, tc)?;
            let lag = self.s.lag_allowance_for.get(&spec.name).copied();
            let lag = lag.unwrap_or(self.s.lag_allowance);
            self.clocks[c.index()] = Some(SideClock::new(tc).with_lag(lag));
        }
        Ok(())
    }

    /// Puts Black's handicap stones on `c`'s board with `fixed_handicap N`. When the engine
    /// refuses it, or answers other points than GTP's fixed ones (then after a
    /// `clear_board`), `set_free_handicap` with the fixed points follows, with a warning; it
    /// must succeed. An empty answer is taken as placing the fixed points.
    fn handicap(&mut self, c: Color) -> Result<(), Stop> {
        let stones = self.s.handicap_vertices();
        let n = stones.len().to_string();
        let fixed = cmd("fixed_handicap", &[&n]);
        let reply = self.ask(c, &fixed, cmd_timeout(self.s))?;
        let why = if reply.ok {
            match parse_vertex_list(&reply.text) {
                Some(placed) if placed.is_empty() || same_vertices(&placed, &stones) => {
                    return Ok(())
                }
                _ => {
                    self.must(c, cmd("clear_board", &[]))?;
                    format!(
                        "placed {} for `fixed_handicap {n}`, not GTP's fixed points",
                        shorten(&reply.text, 80)
                    )
                }
            }
        } else {
            format!("refused `fixed_handicap {n}`: {}", shorten(&reply.text, 80))
        };
        let words: Vec<String> = stones.iter().map(Vertex::to_string).collect();
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        self.must(c, cmd("set_free_handicap", &args))?;
        self.warnings.push(format!(
            "{} {why}; sent `set_free_handicap {}`",
            self.name(c),
            words.join(" ")
        ));
        Ok(())
    }

    /// Tells `c`'s engine the clock: GTP `time_settings`; for Japanese byo-yomi
    /// `kgs-time_settings byoyomi MAIN PERIOD PERIODS` when the engine knows it (and takes
    /// it), for Fischer time KataGo's `kata-time_settings fischer ...` when the engine lists
    /// `kata-list_time_settings` (as gtp2ogs decides); else the nearest GTP form (one stone a
    /// period; Fischer as main time less one increment and one stone per increment, as
    /// gtp2ogs sends it) with a warning.
    fn time_settings(&mut self, c: Color, tc: TimeControl) -> Result<(), Stop> {
        let special = if let Some((m, p, n)) = tc.kgs_byoyomi_args() {
            let args = [
                "byoyomi".to_string(),
                m.to_string(),
                p.to_string(),
                n.to_string(),
            ];
            Some(("kgs-time_settings", "kgs-time_settings", args.to_vec()))
        } else {
            tc.kata_fischer_args()
                .map(|args| ("kata-list_time_settings", "kata-time_settings", args))
        };
        if let Some((probe, name, args)) = special {
            let (m, b, st) = tc.gtp_args();
            let what = match tc.overtime() {
                Overtime::Fischer => "Fischer time",
                _ => "byo-yomi",
            };
            let fallback = format!("{what} sent as `time_settings {m} {b} {st}`");
            let why = if self.knows(c, probe)? {
                let words: Vec<&str> = args.iter().map(String::as_str).collect();
                let line = cmd(name, &words);
                let reply = self.ask(c, &line, cmd_timeout(self.s))?;
                if reply.ok {
                    return Ok(());
                }
                format!(
                    "refused `{}`: {}",
                    line.to_string().trim(),
                    shorten(&reply.text, 80)
                )
            } else {
                format!("does not know {probe}")
            };
            self.one_stone[c.index()] = true;
            self.warnings
                .push(format!("{} {why}; {fallback}", self.name(c)));
        }
        let (m, b, st) = tc.gtp_args();
        let args = [m.to_string(), b.to_string(), st.to_string()];
        self.may(c, cmd("time_settings", &[&args[0], &args[1], &args[2]]))
    }

    /// Whether `c`'s engine knows command `name`: `known_command`, or the lines of
    /// `list_commands` when it does not know `known_command` either.
    fn knows(&mut self, c: Color, name: &str) -> Result<bool, Stop> {
        let timeout = cmd_timeout(self.s);
        let known = self.engine(c).and_then(|e| e.knows(name, timeout));
        known.map_err(|err| engine_failure(c, self.name(c), &format!("known_command {name}"), &err))
    }

    fn run(&mut self) -> GameOutcome {
        // after handicap stones White moves first; after an opening, the other side
        let mut c = match self.moves.last() {
            Some(&(last, _)) => last.opponent(),
            None if self.s.handicap > 0 => Color::White,
            None => Color::Black,
        };
        loop {
            if self.moves.len() >= self.s.max_moves {
                let reason = format!("move cap {} reached", self.s.max_moves);
                return self.count(Ending::MoveCap, reason);
            }
            match self.turn(c) {
                Ok(Some(Turn::Resigned)) => {
                    let stop = Stop {
                        loser: c,
                        ending: Ending::Resign,
                        reason: format!("{} resigned", self.name(c)),
                    };
                    return self.finish_stopped(stop);
                }
                Ok(Some(Turn::Played)) | Ok(None) => {}
                Err(stop) => return self.finish_stopped(stop),
            }
            if self.judge.is_over() {
                return self.count(Ending::Score, "both passed".into());
            }
            c = c.opponent();
        }
    }

    fn turn(&mut self, c: Color) -> Result<Option<Turn>, Stop> {
        let name = self.name(c).to_string();
        let mut timeout = self.s.move_timeout.unwrap_or(f64::INFINITY);
        let mut clock_limit = false;
        if let Some(clock) = &self.clocks[c.index()] {
            let (secs, stones) = if self.one_stone[c.index()] {
                clock.time_left_one_stone()
            } else {
                clock.time_left()
            };
            let avail = clock.available_this_move() + clock.lag() + 0.05;
            if avail <= timeout {
                timeout = avail;
                clock_limit = true;
            }
            let time_left = cmd(
                "time_left",
                &[gtp_color(c), &secs.to_string(), &stones.to_string()],
            );
            let reply = self.ask(c, &time_left, cmd_timeout(self.s))?;
            if !reply.ok && self.moves.len() < 2 {
                self.warnings.push(format!(
                    "{name} refused time_left: {}",
                    shorten(&reply.text, 80)
                ));
            }
        }
        if !timeout.is_finite() {
            timeout = DEFAULT_TIMEOUT;
        }
        let in_main = self.clocks[c.index()]
            .as_ref()
            .is_some_and(SideClock::in_main_time);
        let genmove = cmd("genmove", &[gtp_color(c)]);
        let started = Instant::now();
        let reply = match self.raw(c, &genmove, Duration::from_secs_f64(timeout)) {
            Ok(r) => r,
            Err(EngineError::Timeout(_)) if clock_limit => {
                // past the flag: charging empties the clock for the records
                let note = self.clocks[c.index()]
                    .as_mut()
                    .and_then(|clock| clock.charge(timeout).err())
                    .map_or(String::new(), |loss| loss.periods_note());
                return Err(Stop {
                    loser: c,
                    ending: Ending::Time,
                    reason: format!("{name} lost on time (no move within {timeout:.1} s{note})"),
                });
            }
            Err(err) => return Err(engine_failure(c, &name, "genmove", &err)),
        };
        let elapsed = started.elapsed().as_secs_f64();
        self.seconds[c.index()].push(elapsed);
        self.phases[c.index()][usize::from(!in_main)] += 1;
        if let Some(clock) = self.clocks[c.index()].as_mut() {
            if let Err(loss) = clock.charge(elapsed) {
                return Err(Stop {
                    loser: c,
                    ending: Ending::Time,
                    reason: format!("{name} lost on time ({loss})"),
                });
            }
        }
        if !reply.ok {
            return Err(Stop {
                loser: c,
                ending: Ending::Forfeit,
                reason: format!("{name} failed genmove: {}", shorten(&reply.text, 80)),
            });
        }
        let m = match parse_genmove(&reply.text) {
            Some(GenMove::Resign) => return Ok(Some(Turn::Resigned)),
            Some(GenMove::Pass) => None,
            Some(GenMove::Play(v)) => Some(v),
            None => {
                return Err(Stop {
                    loser: c,
                    ending: Ending::Forfeit,
                    reason: format!(
                        "{name} answered garbage to genmove: {}",
                        shorten(&reply.text, 80)
                    ),
                })
            }
        };
        let shown = m.map_or("pass".to_string(), |v| v.to_string());
        let point = match m {
            None => None,
            Some(v) => match v.to_point(self.s.size) {
                Some(p) => Some(p),
                None => {
                    return Err(Stop {
                        loser: c,
                        ending: Ending::Forfeit,
                        reason: format!("{name} played the illegal move {shown} (off board)"),
                    })
                }
            },
        };
        if let Err(why) = self.judge.play(c, point) {
            return Err(Stop {
                loser: c,
                ending: Ending::Forfeit,
                reason: format!("{name} played the illegal move {shown} ({why})"),
            });
        }
        self.moves.push((c, m));
        let opp = c.opponent();
        let play = cmd("play", &[gtp_color(c), &shown]);
        let reply = self.ask(opp, &play, cmd_timeout(self.s))?;
        if !reply.ok {
            return Err(Stop {
                loser: opp,
                ending: Ending::Forfeit,
                reason: format!(
                    "{} rejected the legal move {} {shown}: {}",
                    self.name(opp),
                    gtp_color(c),
                    shorten(&reply.text, 80)
                ),
            });
        }
        Ok(Some(Turn::Played))
    }

    fn outcome(
        &mut self,
        winner: Option<Color>,
        result: String,
        ending: Ending,
        reason: String,
    ) -> GameOutcome {
        GameOutcome {
            number: self.number,
            names: self.names.clone(),
            winner,
            result,
            ending,
            reason,
            moves: std::mem::take(&mut self.moves),
            seconds: std::mem::take(&mut self.seconds),
            time_left: [0, 1].map(|i| self.clocks[i].as_ref().map(SideClock::left)),
            usage: [0, 1].map(|i| match &self.clocks[i] {
                Some(clock) => Usage {
                    peak_rss_kb: None,
                    main_time_used: Some(clock.main_used()),
                    moves_in_main_time: Some(self.phases[i][0]),
                    moves_in_overtime: Some(self.phases[i][1]),
                },
                None => Usage::default(),
            }),
            dead: Vec::new(),
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: std::mem::take(&mut self.warnings),
            round: 0,
            seed: 0,
            opening: None,
        }
    }

    fn finish_stopped(&mut self, stop: Stop) -> GameOutcome {
        let winner = stop.loser.opponent();
        let tag = match stop.ending {
            Ending::Resign => "R",
            Ending::Time => "T",
            _ => "F",
        };
        let result = format!("{}+{tag}", letter(winner));
        self.outcome(Some(winner), result, stop.ending, stop.reason)
    }

    /// The dead stones `c`'s engine names, expanded to whole chains; `None` when it cannot say.
    fn dead_opinion(&mut self, c: Color) -> Option<BTreeSet<Point>> {
        let timeout = cmd_timeout(self.s).max(Duration::from_secs_f64(STATUS_TIMEOUT));
        let list = cmd("final_status_list", &["dead"]);
        let name = self.name(c).to_string();
        match self.ask(c, &list, timeout) {
            Ok(r) if r.ok => match parse_vertex_list(&r.text) {
                Some(list) => Some(self.chains(&list)),
                None => {
                    self.warnings.push(format!(
                        "{name} gave an unreadable dead list: {}",
                        shorten(&r.text, 80)
                    ));
                    None
                }
            },
            Ok(r) => {
                self.warnings.push(format!(
                    "{name} cannot list dead stones: {}",
                    shorten(&r.text, 80)
                ));
                None
            }
            Err(stop) => {
                self.warnings.push(stop.reason);
                None
            }
        }
    }

    /// The stones of `list` on this board, with their whole chains.
    fn chains(&self, list: &[Vertex]) -> BTreeSet<Point> {
        let b = self.judge.board();
        let mut set = BTreeSet::new();
        for v in list {
            if let Some(p) = v.to_point(self.s.size) {
                if b.color_at(p).is_some() && !set.contains(&p) {
                    set.extend(b.chain_points(p));
                }
            }
        }
        set
    }

    fn vertices(&self, set: &BTreeSet<Point>) -> Vec<Vertex> {
        set.iter().map(|p| p.vertex(self.s.size)).collect()
    }

    /// Asks the referee for the dead stones of the final position.
    fn referee_opinion(&mut self) -> Option<BTreeSet<Point>> {
        let words = self.s.referee.clone()?;
        let log = log_path(&self.s.out, self.number, "referee");
        let timeout = cmd_timeout(self.s).max(Duration::from_secs_f64(STATUS_TIMEOUT));
        let mut e = match Engine::spawn("referee", &words, &log, self.transcript.clone()) {
            Ok(e) => e,
            Err(err) => {
                self.warnings.push(format!("referee {err}"));
                return None;
            }
        };
        let komi = format!("{}", self.s.komi);
        let setup = [
            cmd("boardsize", &[&self.s.size.to_string()]),
            cmd("clear_board", &[]),
            cmd("komi", &[&komi]),
        ];
        let moves: Vec<Command> = self
            .moves
            .iter()
            .map(|(c, m)| {
                let shown = m.map_or("pass".to_string(), |v| v.to_string());
                cmd("play", &[gtp_color(*c), &shown])
            })
            .collect();
        let mut result = None;
        let mut failed = referee_send(&mut e, &setup, timeout);
        if failed.is_none() && self.s.handicap > 0 {
            failed = referee_handicap(&mut e, &self.s.handicap_vertices(), timeout);
        }
        if failed.is_none() {
            failed = referee_send(&mut e, &moves, timeout);
        }
        if failed.is_none() {
            match e.send(&cmd("final_status_list", &["dead"]), timeout) {
                Ok(r) if r.ok => match parse_vertex_list(&r.text) {
                    Some(list) => result = Some(self.chains(&list)),
                    None => {
                        failed = Some(format!(
                            "referee gave an unreadable dead list: {}",
                            shorten(&r.text, 80)
                        ))
                    }
                },
                Ok(r) => failed = Some(format!("referee cannot list dead stones: {}", r.text)),
                Err(err) => failed = Some(format!("referee {err}")),
            }
        }
        e.finish(true);
        if let Some(f) = failed {
            self.warnings.push(f);
        }
        result
    }

    fn count(&mut self, ending: Ending, reason: String) -> GameOutcome {
        let opinions = [
            self.dead_opinion(Color::Black),
            self.dead_opinion(Color::White),
        ];
        let mut disagreement = None;
        let (dead, settlement) = match &opinions {
            [Some(a), Some(b)] if a == b => (a.clone(), Settlement::Agreed),
            _ => {
                if let [Some(a), Some(b)] = &opinions {
                    disagreement = Some([self.vertices(a), self.vertices(b)]);
                }
                match self.referee_opinion() {
                    Some(r) => (r, Settlement::Referee),
                    None => match &opinions {
                        [Some(a), None] => (a.clone(), Settlement::OneEngine(Color::Black)),
                        [None, Some(b)] => (b.clone(), Settlement::OneEngine(Color::White)),
                        _ => (self.judge.default_dead(), Settlement::Default),
                    },
                }
            }
        };
        let (margin, result) = self.judge.score(&dead);
        let winner = if margin > 0.0 {
            Some(Color::Black)
        } else if margin < 0.0 {
            Some(Color::White)
        } else {
            None
        };
        let dead_vertices = self.vertices(&dead);
        let mut out = self.outcome(winner, result, ending, reason);
        out.dead = dead_vertices;
        out.settlement = Some(settlement);
        out.disagreement = disagreement;
        out.margin = Some(margin);
        out
    }
}

enum Turn {
    Played,
    Resigned,
}

/// Whether two vertex lists hold the same vertices, in any order.
fn same_vertices(a: &[Vertex], b: &[Vertex]) -> bool {
    let set = |v: &[Vertex]| v.iter().map(|x| (x.x, x.y)).collect::<BTreeSet<_>>();
    a.len() == b.len() && set(a) == set(b)
}

/// Sends the referee `cmds` in order; the first failure in words (a refused `komi` is
/// no failure).
fn referee_send(e: &mut Engine, cmds: &[Command], timeout: Duration) -> Option<String> {
    for command in cmds {
        match e.send(command, timeout) {
            Ok(r) if r.ok || command.to_string().starts_with("komi") => {}
            Ok(r) => {
                return Some(format!(
                    "referee rejected `{}`: {}",
                    command.to_string().trim(),
                    r.text
                ))
            }
            Err(err) => return Some(format!("referee {err}")),
        }
    }
    None
}

/// Gives the referee the handicap `stones` as the players got them: `fixed_handicap`, else
/// (refused, or other points placed, then after `clear_board`) `set_free_handicap`.
fn referee_handicap(e: &mut Engine, stones: &[Vertex], timeout: Duration) -> Option<String> {
    let fixed = cmd("fixed_handicap", &[&stones.len().to_string()]);
    let again = match e.send(&fixed, timeout) {
        Ok(r) if r.ok => match parse_vertex_list(&r.text) {
            Some(placed) if placed.is_empty() || same_vertices(&placed, stones) => return None,
            _ => vec![cmd("clear_board", &[])],
        },
        Ok(_) => Vec::new(),
        Err(err) => return Some(format!("referee {err}")),
    };
    let words: Vec<String> = stones.iter().map(Vertex::to_string).collect();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut cmds = again;
    cmds.push(cmd("set_free_handicap", &args));
    referee_send(e, &cmds, timeout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_carry_all_their_arguments() {
        assert_eq!(cmd("play", &["b", "D4"]).to_string(), "play b D4\n");
        assert_eq!(
            cmd("time_left", &["w", "30", "5"]).to_string(),
            "time_left w 30 5\n"
        );
        assert_eq!(cmd("genmove", &["b"]).to_string(), "genmove b\n");
        assert_eq!(cmd("clear_board", &[]).to_string(), "clear_board\n");
        assert_eq!(
            cmd("set_free_handicap", &["C3", "G7", "E5"]).to_string(),
            "set_free_handicap C3 G7 E5\n"
        );
        assert_eq!(
            cmd("fixed_handicap", &["9"]).to_string(),
            "fixed_handicap 9\n"
        );
    }

    fn settings(size: usize, handicap: usize) -> GameSettings {
        GameSettings {
            size,
            komi: 0.5,
            handicap,
            rules: Rules::default(),
            time: None,
            move_timeout: None,
            lag_allowance: 0.5,
            lag_allowance_for: Default::default(),
            max_moves: 10,
            referee: None,
            out: PathBuf::from("."),
        }
    }

    #[test]
    fn handicap_stones_are_gtp_fixed_points() {
        let shown = |size, n| {
            settings(size, n)
                .handicap_vertices()
                .iter()
                .map(Vertex::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(shown(9, 0), "");
        assert_eq!(shown(9, 2), "C3 G7");
        assert_eq!(shown(9, 5), "C3 G7 C7 G3 E5");
        assert_eq!(shown(19, 4), "D4 Q16 D16 Q4");
        assert_eq!(shown(19, 9), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
        assert_eq!(shown(8, 5), "", "no fixed points: the plan refuses it");
        let v = |t: &str| parse_vertex_list(t).unwrap_or_default();
        assert!(same_vertices(&v("G7 C3"), &v("C3 G7")));
        assert!(!same_vertices(&v("C3 C3"), &v("C3 G7")));
        assert!(!same_vertices(&v("C3"), &v("C3 G7")));
    }

    #[test]
    fn genmove_replies() {
        assert_eq!(parse_genmove(" PASS "), Some(GenMove::Pass));
        assert_eq!(parse_genmove("resign"), Some(GenMove::Resign));
        assert_eq!(
            parse_genmove("d4"),
            Some(GenMove::Play(Vertex { x: 3, y: 3 }))
        );
        assert_eq!(parse_genmove("I5"), None);
        assert_eq!(parse_genmove("D4 E5"), None);
        assert_eq!(parse_genmove(""), None);
        assert_eq!(parse_genmove("hello"), None);
    }

    #[test]
    fn vertex_lists() {
        assert_eq!(parse_vertex_list(""), Some(vec![]));
        assert_eq!(
            parse_vertex_list("A1 b2\nC3"),
            Some(vec![
                Vertex { x: 0, y: 0 },
                Vertex { x: 1, y: 1 },
                Vertex { x: 2, y: 2 }
            ])
        );
        assert_eq!(parse_vertex_list("A1 ZZ"), None);
    }
}
