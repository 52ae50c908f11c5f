//! The GTP command table and its handlers. [`Gtp`] turns one [`Command`] into one
//! [`Response`]; reading and writing happen in [`super::io`], so tests need no pipes.
//! Game logic lives in `rules`, records in `sgf`, move choice in `search::flat`.

use super::frame::{self, Command};
use super::io::{Handler, Response, Stream};
use crate::board::{Color, Point, Vertex};
use crate::rules::{
    Game, HandicapBonus, KoRule, Move, Preset, Rules, Scoring, Status, StatusMap, SuicideRule,
};
use crate::search::flat::{
    deadline_in, estimate_status, Clock, ClockKind, Decision, FlatParams, FlatSearch, Limit,
};
use crate::sgf::{self, GameRecord};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Start-up settings of the GTP engine (from the command line).
#[derive(Clone, Debug)]
pub struct Options {
    /// Rules at start and after `boardsize`.
    pub rules: Rules,
    /// Komi; `None` means the rules' own komi.
    pub komi: Option<f64>,
    /// The name the rules were chosen by (shown by `kata-get-rules`, written to SGF); `None`:
    /// the rules' own `Display`.
    pub rules_name: Option<String>,
    /// Settings of the move generator.
    pub search: FlatParams,
    /// Board size at start.
    pub size: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rules: Rules::preset(Preset::Chinese),
            komi: None,
            rules_name: None,
            search: FlatParams::default(),
            size: 19,
        }
    }
}

type Reply = Result<String, String>;
type Plain = fn(&mut Gtp, &[String]) -> Reply;
type Streaming = fn(&mut Gtp, &[String], &mut dyn Stream) -> Response;

/// How a command runs.
#[derive(Clone, Copy)]
enum Run {
    Plain(Plain),
    Stream(Streaming),
}

/// The one command table: dispatch, `list_commands` and `known_command` all read it.
const COMMANDS: &[(&str, Run)] = &[
    ("protocol_version", Run::Plain(|_, _| Ok("2".into()))),
    ("name", Run::Plain(|_, _| Ok("Tengen".into()))),
    (
        "version",
        Run::Plain(|_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ),
    ("known_command", Run::Plain(Gtp::known_command)),
    ("list_commands", Run::Plain(Gtp::list_commands)),
    ("quit", Run::Stream(|_, _, _| Response::Quit)),
    ("boardsize", Run::Plain(Gtp::boardsize)),
    ("clear_board", Run::Plain(Gtp::clear_board)),
    ("komi", Run::Plain(Gtp::komi)),
    ("play", Run::Plain(Gtp::play)),
    ("genmove", Run::Stream(Gtp::genmove)),
    ("reg_genmove", Run::Stream(Gtp::reg_genmove)),
    ("undo", Run::Plain(Gtp::undo)),
    ("showboard", Run::Plain(Gtp::showboard)),
    ("fixed_handicap", Run::Plain(Gtp::fixed_handicap)),
    ("place_free_handicap", Run::Plain(Gtp::place_free_handicap)),
    ("set_free_handicap", Run::Plain(Gtp::set_free_handicap)),
    ("is_legal", Run::Plain(Gtp::is_legal)),
    ("final_score", Run::Plain(Gtp::final_score)),
    ("final_status_list", Run::Plain(Gtp::final_status_list)),
    ("loadsgf", Run::Plain(Gtp::loadsgf)),
    ("printsgf", Run::Plain(Gtp::printsgf)),
    ("time_settings", Run::Plain(Gtp::time_settings)),
    ("time_left", Run::Plain(Gtp::time_left)),
    ("kgs-rules", Run::Plain(Gtp::kgs_rules)),
    ("kgs-time_settings", Run::Plain(Gtp::kgs_time_settings)),
    ("kgs-genmove_cleanup", Run::Stream(Gtp::genmove_cleanup)),
    ("kgs-game_over", Run::Plain(|_, _| Ok(String::new()))),
    ("kgs-chat", Run::Plain(Gtp::kgs_chat)),
    ("kata-set-rules", Run::Plain(Gtp::set_rules)),
    ("kata-get-rules", Run::Plain(Gtp::get_rules)),
    (
        "kata-analyze",
        Run::Stream(|g, a, s| g.analyze(a, s, Flavor::Kata, false)),
    ),
    (
        "kata-genmove_analyze",
        Run::Stream(|g, a, s| g.analyze(a, s, Flavor::Kata, true)),
    ),
    (
        "lz-analyze",
        Run::Stream(|g, a, s| g.analyze(a, s, Flavor::Lz, false)),
    ),
    (
        "lz-genmove_analyze",
        Run::Stream(|g, a, s| g.analyze(a, s, Flavor::Lz, true)),
    ),
    (
        "gogui-analyze_commands",
        Run::Plain(Gtp::gogui_analyze_commands),
    ),
    ("gogui-interrupt", Run::Plain(|_, _| Ok(String::new()))),
    ("tengen-ownership", Run::Stream(Gtp::ownership_board)),
    ("tengen-bestmoves", Run::Stream(Gtp::best_moves)),
];

const SYNTAX: &str = "syntax error";
const ILLEGAL: &str = "illegal move";

/// Analysis output dialects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flavor {
    Lz,
    Kata,
}

/// The GTP engine state: the game, the rules and komi in force, the clock and the player.
pub struct Gtp {
    game: Game,
    /// The preset name the rules were chosen by (Japanese and Korean rules share their fields).
    rules_name: String,
    komi_explicit: bool,
    params: FlatParams,
    clock: Clock,
    /// The colours the engine has generated moves for (names in `printsgf`).
    engine_played: [bool; 2],
    /// The last search, for `kgs-chat`.
    last: Option<FlatSearch>,
    /// Player names (and event) of the record last loaded, kept for `printsgf`.
    loaded: Option<GameRecord>,
}

/// A stream that collects its lines (for [`Gtp::exec`] and tests).
struct Collect {
    started: bool,
    lines: Vec<String>,
    input: Arc<AtomicBool>,
    interrupt: Arc<AtomicBool>,
}

impl Stream for Collect {
    fn start(&mut self) {
        self.started = true;
    }
    fn emit(&mut self, line: &str) {
        self.started = true;
        self.lines.push(line.to_string());
    }
    fn input_flag(&self) -> Arc<AtomicBool> {
        self.input.clone()
    }
    fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }
}

fn parse_color(s: &str) -> Result<Color, String> {
    s.parse::<Color>().map_err(|_| SYNTAX.to_string())
}

/// A move argument: `pass` or a vertex (syntax only).
fn parse_move(s: &str) -> Result<Option<Vertex>, String> {
    if s.eq_ignore_ascii_case("pass") {
        Ok(None)
    } else {
        s.parse::<Vertex>()
            .map(Some)
            .map_err(|_| SYNTAX.to_string())
    }
}

/// An integer; digits with an optional sign (saturating on overflow), anything else a syntax error.
fn parse_int(s: &str) -> Result<i64, String> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SYNTAX.into());
    }
    let v = digits.parse::<i64>().unwrap_or(i64::MAX);
    Ok(if neg { -v } else { v })
}

/// A finite real number.
fn parse_real(s: &str) -> Result<f64, String> {
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
    {
        return Err(SYNTAX.into());
    }
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| SYNTAX.into())
}

/// A non-negative time in seconds (clamped to a day... of many years).
fn parse_seconds(s: &str) -> Result<f64, String> {
    let v = parse_real(s)?;
    if v < 0.0 {
        return Err(SYNTAX.into());
    }
    Ok(v.min(1.0e9))
}

fn parse_count(s: &str) -> Result<u32, String> {
    let v = parse_int(s)?;
    if v < 0 {
        return Err(SYNTAX.into());
    }
    Ok(v.min(u32::MAX as i64) as u32)
}

fn want(args: &[String], n: usize) -> Result<(), String> {
    if args.len() == n {
        Ok(())
    } else {
        Err(SYNTAX.into())
    }
}

/// Rules from a Tengen preset name or one of KataGo's/KGS's names for the same rules, with
/// the canonical name.
pub fn rules_by_name(name: &str) -> Option<(Rules, String)> {
    let n = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    let preset = match n.as_str() {
        "chinese" | "chinese-ogs" | "chinese-kgs" | "cn" => Preset::Chinese,
        "japanese" | "jp" | "jpn" => Preset::Japanese,
        "korean" | "kr" => Preset::Korean,
        "aga" | "bga" | "aga-button" => Preset::Aga,
        "new-zealand" | "nz" | "newzealand" => Preset::NewZealand,
        "tromp-taylor" | "tromptaylor" | "tt" => Preset::TrompTaylor,
        "ing" | "goe" | "ing-goe" => Preset::Ing,
        "primitive" | "stone-scoring" | "shimada" => Preset::Primitive,
        "yasunaga" => Preset::Yasunaga,
        "traditional" => Preset::Traditional,
        _ => {
            let r = n.parse::<Rules>().ok()?;
            let name = r.to_string();
            return Some((r, name));
        }
    };
    Some((Rules::preset(preset), preset.to_string()))
}

/// The rules as KataGo-style JSON, under `name`.
pub fn rules_json(r: &Rules, name: &str) -> String {
    let ko = match r.ko {
        KoRule::Simple => "SIMPLE",
        KoRule::Positional => "POSITIONAL",
        KoRule::Situational => "SITUATIONAL",
        // KataGo's name for "no repetition since the last pass"
        KoRule::PassReset => "SPIGHT",
    };
    let scoring = match r.scoring {
        Scoring::Area => "AREA",
        Scoring::Territory => "TERRITORY",
        Scoring::Stones => "STONES",
    };
    let bonus = match r.handicap_bonus {
        HandicapBonus::Zero => "0",
        HandicapBonus::N => "N",
        HandicapBonus::NMinusOne => "N-1",
    };
    let tax = if r.seki_eyes_count { "NONE" } else { "SEKI" };
    format!(
        "{{\"name\":\"{name}\",\"ko\":\"{ko}\",\"scoring\":\"{scoring}\",\"tax\":\"{tax}\",\"suicide\":{},\"whiteHandicapBonus\":\"{bonus}\",\"hasButton\":false,\"endPasses\":{},\"passStones\":{},\"whitePassesLast\":{},\"fixedHandicap\":{},\"removeDead\":{},\"komi\":{}}}",
        r.suicide == SuicideRule::MultiStoneAllowed,
        r.end_passes,
        r.pass_stones,
        r.white_passes_last,
        r.fixed_handicap,
        r.remove_dead,
        r.komi
    )
}

/// The bytes of a regular file of at most 16 MiB (not a device, pipe or directory).
fn read_small_file(path: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let f = std::fs::File::open(path)?;
    if !f.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    f.take(16 << 20).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Today's date as `YYYY-MM-DD` (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // civil-from-days (Howard Hinnant)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Analysis request parsed from `lz-analyze`/`kata-analyze` arguments.
struct AnalyzeArgs {
    color: Option<Color>,
    interval_cs: u64,
    ownership: bool,
    /// `maxmoves N`: report at most N moves.
    max_moves: Option<usize>,
    /// `avoid COLOUR LIST DEPTH` for the analysed colour: moves not to report.
    avoid: Vec<(Color, String)>,
    /// `allow COLOUR LIST DEPTH`: the only moves to report for that colour.
    allow: Vec<(Color, String)>,
}

impl AnalyzeArgs {
    /// Whether `mv` (a vertex text or `pass`) may be reported for colour `c`.
    fn reports(&self, c: Color, mv: &str) -> bool {
        let listed = |lists: &[(Color, String)]| {
            lists
                .iter()
                .filter(|(lc, _)| *lc == c)
                .map(|(_, l)| l.split(',').any(|v| v.eq_ignore_ascii_case(mv)))
                .collect::<Vec<bool>>()
        };
        let avoided = listed(&self.avoid).into_iter().any(|x| x);
        let allowed = listed(&self.allow);
        !avoided && (allowed.is_empty() || allowed.into_iter().any(|x| x))
    }
}

fn parse_analyze_args(args: &[String]) -> Result<AnalyzeArgs, String> {
    let mut a = AnalyzeArgs {
        color: None,
        interval_cs: 10,
        ownership: false,
        max_moves: None,
        avoid: Vec::new(),
        allow: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        if let Ok(c) = w.parse::<Color>() {
            a.color = Some(c);
        } else if let Ok(n) = parse_int(w) {
            a.interval_cs = n.clamp(0, 100_000) as u64;
        } else if w == "allow" || w == "avoid" {
            // `allow|avoid COLOUR VERTEX,VERTEX,... DEPTH` (Leela Zero, KataGo, Lizzie): the
            // listed moves are left out of (or are the only ones in) the analysis lines
            let (c, list, depth) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                (Some(c), Some(l), Some(d)) => (c, l, d),
                _ => return Err(SYNTAX.into()),
            };
            let c = c.parse::<Color>().map_err(|_| SYNTAX)?;
            parse_int(depth)?;
            let vertices_ok = list.split(',').filter(|v| !v.is_empty()).all(|v| {
                v.eq_ignore_ascii_case("pass") || v.parse::<crate::board::Vertex>().is_ok()
            });
            if !vertices_ok {
                return Err(SYNTAX.into());
            }
            let lists = if w == "allow" {
                &mut a.allow
            } else {
                &mut a.avoid
            };
            lists.push((c, list.to_string()));
            i += 3;
        } else {
            let v = args.get(i + 1).ok_or(SYNTAX)?;
            match w {
                "interval" => a.interval_cs = parse_int(v)?.clamp(0, 100_000) as u64,
                "ownership" => a.ownership = v.eq_ignore_ascii_case("true"),
                "maxmoves" => a.max_moves = Some(parse_int(v)?.clamp(0, 1 << 20) as usize),
                // accepted and ignored: KataGo's other analysis options
                "minmoves" | "pvVisits" | "ownershipStdev" | "movesOwnership" | "rootInfo" => {}
                _ => return Err(SYNTAX.into()),
            }
            i += 1;
        }
        i += 1;
    }
    if a.interval_cs == 0 {
        a.interval_cs = 10;
    }
    Ok(a)
}

impl Gtp {
    /// A fresh engine with an empty board.
    pub fn new(opts: &Options) -> Gtp {
        let mut rules = opts.rules;
        if let Some(k) = opts.komi {
            rules.komi = k;
        }
        let size = opts.size.clamp(2, 25);
        let game = match Game::new(size, rules) {
            Some(g) => g,
            None => Game::new(19, rules).unwrap_or_else(|| unreachable!("19x19 is valid")),
        };
        Gtp {
            rules_name: opts
                .rules_name
                .clone()
                .unwrap_or_else(|| game.rules().to_string()),
            game,
            komi_explicit: opts.komi.is_some(),
            params: opts.search.clone(),
            clock: Clock::default(),
            engine_played: [false; 2],
            last: None,
            loaded: None,
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Runs one raw input line and returns exactly what would be written (empty for lines
    /// that get no reply). Streamed replies are collected whole; the stream ends at once.
    pub fn exec(&mut self, line: &str) -> String {
        let Some(cmd) = frame::parse_line(line) else {
            return String::new();
        };
        let mut s = Collect {
            started: false,
            lines: vec![],
            input: Arc::new(AtomicBool::new(true)),
            interrupt: Arc::new(AtomicBool::new(false)),
        };
        let id = cmd.id.clone();
        match self.handle(&cmd, &mut s) {
            Response::Reply(Ok(t)) => frame::success(id.as_deref(), &t),
            Response::Reply(Err(m)) => frame::failure(id.as_deref(), &m),
            Response::Quit => frame::success(id.as_deref(), ""),
            Response::Streamed(tail) => {
                let mut out = frame::stream_start(id.as_deref());
                for l in s.lines.iter().chain(&tail) {
                    out.push_str(l);
                    out.push('\n');
                }
                out.push('\n');
                out
            }
        }
    }

    fn find(name: &str) -> Option<Run> {
        COMMANDS.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
    }

    fn known_command(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        Ok(Self::find(&args[0]).is_some().to_string())
    }

    fn list_commands(&mut self, _: &[String]) -> Reply {
        Ok(COMMANDS
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join("\n"))
    }

    fn boardsize(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        let n = parse_int(&args[0])?;
        if !(2..=25).contains(&n) {
            return Err("unacceptable size".into());
        }
        let g = Game::new(n as usize, *self.game.rules()).ok_or("unacceptable size")?;
        self.game = g;
        self.last = None;
        self.loaded = None;
        self.engine_played = [false; 2];
        Ok(String::new())
    }

    fn clear_board(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        self.game.clear();
        self.engine_played = [false; 2];
        self.last = None;
        self.loaded = None;
        Ok(String::new())
    }

    fn komi(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        let k = parse_real(&args[0])?;
        self.game.set_komi(k);
        self.komi_explicit = true;
        Ok(String::new())
    }

    /// A move on this board: pass, or a vertex that must lie on it.
    fn to_move(&self, v: Option<Vertex>) -> Option<Move> {
        match v {
            None => Some(Move::Pass),
            Some(v) => v.to_point(self.game.size()).map(Move::Play),
        }
    }

    fn play(&mut self, args: &[String]) -> Reply {
        want(args, 2)?;
        let c = parse_color(&args[0])?;
        let v = parse_move(&args[1])?;
        let m = self.to_move(v).ok_or(ILLEGAL)?;
        self.game.play(c, m).map_err(|e| {
            log::info!("illegal move {} {}: {e}", c, args[1]);
            ILLEGAL.to_string()
        })?;
        self.last = None;
        Ok(String::new())
    }

    fn vertex_text(&self, p: Point) -> String {
        p.vertex(self.game.size()).to_string()
    }

    fn decision_text(&self, d: Decision) -> String {
        match d {
            Decision::Play(p) => self.vertex_text(p),
            Decision::Pass => "pass".into(),
            Decision::Resign => "resign".into(),
        }
    }

    /// The work limit for one move of `color`.
    fn move_limit(&self, color: Color) -> Limit {
        let t = self.clock.move_time(
            color,
            self.game.size(),
            self.game.move_number(),
            self.params.time,
        );
        let clock_runs = match self.clock.kind {
            ClockKind::Unset => self.clock.left[color.index()].is_some(),
            ClockKind::Unlimited => false,
            _ => true,
        };
        match (self.params.playouts, clock_runs) {
            (Some(n), false) => Limit {
                playouts: Some(n),
                deadline: None,
            },
            (p, _) => Limit {
                playouts: p,
                deadline: Some(deadline_in(t)),
            },
        }
    }

    /// Searches for `color` and decides; streams analysis lines when `report` is given.
    fn think(
        &mut self,
        color: Color,
        stream: &mut dyn Stream,
        cleanup: bool,
        report: Option<(Flavor, &AnalyzeArgs)>,
    ) -> Decision {
        let mut s = FlatSearch::new(&self.game, color, &self.params);
        let limit = self.move_limit(color);
        let stop = stream.interrupt_flag();
        match report {
            None => s.run(limit, &stop),
            Some((flavor, a)) => {
                stream.start();
                loop {
                    let slice = deadline_in(a.interval_cs as f64 / 100.0);
                    let deadline = limit.deadline.map_or(slice, |d| d.min(slice));
                    let left = limit.playouts.map(|n| n.saturating_sub(s.playouts()));
                    s.run(
                        Limit {
                            playouts: left,
                            deadline: Some(deadline),
                        },
                        &stop,
                    );
                    let line = self.info_line(&s, flavor, a);
                    if !line.is_empty() {
                        stream.emit(&line);
                    }
                    let done_playouts = limit.playouts.is_some_and(|n| s.playouts() >= n);
                    let done_time = limit.deadline.is_some_and(|d| Instant::now() >= d);
                    let stopped = stop.load(std::sync::atomic::Ordering::SeqCst);
                    if done_playouts || done_time || stopped || s.infos().is_empty() {
                        break;
                    }
                }
            }
        }
        let mut d = s.decide(cleanup);
        // `allow`/`avoid` of *-genmove_analyze bind the move played as well as the report
        if let (Some((_, a)), Decision::Play(p)) = (report, d) {
            if !a.reports(color, &self.vertex_text(p)) {
                d = s
                    .infos()
                    .iter()
                    .filter_map(|m| m.mv)
                    .find(|&q| a.reports(color, &self.vertex_text(q)))
                    .map_or(Decision::Pass, Decision::Play);
            }
        }
        log::info!(
            "{} playouts for {color}, best {:?}",
            s.playouts(),
            s.infos().first().map(|m| (m.visits, m.winrate))
        );
        // cleanup: any opponent stone captured in most playouts counts as dead
        if cleanup && !s.opponent_dead_stones(0.0) {
            d = Decision::Pass;
        }
        self.last = Some(s);
        d
    }

    fn do_genmove(&mut self, args: &[String], stream: &mut dyn Stream, cleanup: bool) -> Reply {
        want(args, 1)?;
        let c = parse_color(&args[0])?;
        let d = self.think(c, stream, cleanup, None);
        Ok(self.commit(c, d))
    }

    /// Plays the decision on the board and returns its GTP text.
    fn commit(&mut self, c: Color, d: Decision) -> String {
        self.engine_played[c.index()] = true;
        let d = match d {
            Decision::Play(p) => match self.game.play(c, Move::Play(p)) {
                Ok(()) => d,
                Err(e) => {
                    log::error!("generated move {} refused: {e}", self.vertex_text(p));
                    let _ = self.game.play(c, Move::Pass);
                    Decision::Pass
                }
            },
            Decision::Pass => {
                if let Err(e) = self.game.play(c, Move::Pass) {
                    log::error!("pass refused: {e}");
                }
                d
            }
            Decision::Resign => d,
        };
        self.decision_text(d)
    }

    fn genmove(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        Response::Reply(self.do_genmove(args, stream, false))
    }

    fn genmove_cleanup(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        Response::Reply(self.do_genmove(args, stream, true))
    }

    fn reg_genmove(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        let r = (|| {
            want(args, 1)?;
            let c = parse_color(&args[0])?;
            let d = self.think(c, stream, false, None);
            Ok(self.decision_text(d))
        })();
        Response::Reply(r)
    }

    /// One analysis line: the tried moves, best first (as `maxmoves`, `allow` and `avoid`
    /// ask), then ownership when asked.
    fn info_line(&self, s: &FlatSearch, flavor: Flavor, a: &AnalyzeArgs) -> String {
        let size = self.game.size();
        let ownership = a.ownership;
        let mut out = String::new();
        let infos = s.infos();
        let shown = infos
            .iter()
            .map(|m| (m, m.mv.map_or("pass".to_string(), |p| self.vertex_text(p))))
            .filter(|(_, mv)| a.reports(s.color(), mv))
            .take(a.max_moves.unwrap_or(usize::MAX));
        for (order, (m, mv)) in shown.enumerate() {
            if !out.is_empty() {
                out.push(' ');
            }
            match flavor {
                Flavor::Lz => out.push_str(&format!(
                    "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {mv}",
                    m.visits,
                    (m.winrate * 10000.0).round() as i64,
                    (m.prior * 10000.0).round() as i64,
                    (m.lcb * 10000.0).round() as i64,
                )),
                Flavor::Kata => out.push_str(&format!(
                    "info move {mv} visits {} winrate {:.6} scoreMean {:.3} scoreLead {:.3} prior {:.6} lcb {:.6} order {order} pv {mv}",
                    m.visits, m.winrate, m.score_lead, m.score_lead, m.prior, m.lcb,
                )),
            }
        }
        if ownership && flavor == Flavor::Kata && !out.is_empty() {
            let sign = if s.color() == Color::Black { 1.0 } else { -1.0 };
            out.push_str(" ownership");
            for y in (0..size).rev() {
                for x in 0..size {
                    let o = sign * s.ownership(Point::new(x, y, size));
                    out.push_str(&format!(" {o:.4}"));
                }
            }
        }
        out
    }

    fn analyze(
        &mut self,
        args: &[String],
        stream: &mut dyn Stream,
        flavor: Flavor,
        genmove: bool,
    ) -> Response {
        let a = match parse_analyze_args(args) {
            Ok(a) => a,
            Err(e) => return Response::Reply(Err(e)),
        };
        let color = a.color.unwrap_or(self.game.to_move());
        if genmove {
            let d = self.think(color, stream, false, Some((flavor, &a)));
            let text = self.commit(color, d);
            return Response::Streamed(vec![format!("play {text}")]);
        }
        // analysis: stream until any further input arrives
        stream.start();
        let input = stream.input_flag();
        let mut s = FlatSearch::new(&self.game, color, &self.params);
        let cap = 50_000_000u64;
        while !input.load(std::sync::atomic::Ordering::SeqCst) {
            let slice = deadline_in(a.interval_cs as f64 / 100.0);
            if s.playouts() < cap && !s.infos().is_empty() || s.playouts() == 0 {
                s.run(
                    Limit {
                        playouts: Some(cap - s.playouts().min(cap)),
                        deadline: Some(slice),
                    },
                    &input,
                );
            } else {
                while Instant::now() < slice && !input.load(std::sync::atomic::Ordering::SeqCst) {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            }
            let line = self.info_line(&s, flavor, &a);
            if !line.is_empty() && !input.load(std::sync::atomic::Ordering::SeqCst) {
                stream.emit(&line);
            }
        }
        self.last = Some(s);
        Response::Streamed(vec![])
    }

    fn undo(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        if self.game.undo() {
            self.last = None;
            Ok(String::new())
        } else {
            Err("cannot undo".into())
        }
    }

    fn showboard(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        let g = &self.game;
        Ok(format!(
            "\n{}\nBlack (X) captured {}, White (O) captured {}; {} to move; rules {}, komi {}",
            g.board(),
            g.prisoners(Color::Black),
            g.prisoners(Color::White),
            g.to_move(),
            self.rules_name,
            g.komi()
        ))
    }

    fn board_is_empty(&self) -> bool {
        self.game.board().stone_counts() == [0, 0] && self.game.moves().is_empty()
    }

    fn handicap_count(&self, args: &[String]) -> Result<usize, String> {
        want(args, 1)?;
        let n = parse_int(&args[0])?;
        let size = self.game.size() as i64;
        if n < 2 || n >= size * size {
            return Err("invalid number of stones".into());
        }
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        Ok(n as usize)
    }

    fn place(&mut self, pts: &[Point]) -> Reply {
        self.game.place_handicap(pts).map_err(|e| {
            log::info!("handicap refused: {e}");
            "board not empty".to_string()
        })?;
        self.last = None;
        Ok(pts
            .iter()
            .map(|&p| self.vertex_text(p))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Reply {
        let n = self.handicap_count(args)?;
        let pts =
            Game::fixed_handicap_points(self.game.size(), n).ok_or("invalid number of stones")?;
        self.place(&pts)
    }

    fn place_free_handicap(&mut self, args: &[String]) -> Reply {
        let n = self.handicap_count(args)?;
        let pts = free_handicap_points(self.game.size(), n);
        self.place(&pts)
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Reply {
        const BAD: &str = "bad vertex list";
        let size = self.game.size();
        if args.len() < 2 || args.len() >= size * size {
            return Err(BAD.into());
        }
        let mut pts: Vec<Point> = Vec::with_capacity(args.len());
        for a in args {
            let v = a.parse::<Vertex>().map_err(|_| BAD)?;
            let p = v.to_point(size).ok_or(BAD)?;
            if pts.contains(&p) {
                return Err(BAD.into());
            }
            pts.push(p);
        }
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        self.place(&pts).map(|_| String::new())
    }

    fn is_legal(&mut self, args: &[String]) -> Reply {
        want(args, 2)?;
        let c = parse_color(&args[0])?;
        let v = parse_move(&args[1])?;
        let ok = self.to_move(v).is_some_and(|m| self.game.is_legal(c, m));
        Ok(if ok { "1" } else { "0" }.into())
    }

    /// Life and death for scoring (see [`estimate_status`]).
    fn status_map(&self) -> StatusMap {
        estimate_status(&self.game, &self.params)
    }

    fn score_text(&self) -> String {
        self.game.score(&self.status_map()).to_string()
    }

    fn final_score(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok(self.score_text())
    }

    fn final_status_list(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        let want_status = match args[0].to_ascii_lowercase().as_str() {
            "alive" => Status::Alive,
            "dead" => Status::Dead,
            "seki" => Status::Seki,
            _ => return Err(SYNTAX.into()),
        };
        let status = self.status_map();
        let board = self.game.board();
        let mut lines = vec![];
        for p in board.points() {
            if board.color_at(p).is_none() || board.chain_head(p) != p {
                continue;
            }
            if status.get(p) == want_status {
                let mut vs: Vec<Vertex> = board
                    .chain_points(p)
                    .into_iter()
                    .map(|q| q.vertex(self.game.size()))
                    .collect();
                vs.sort_by_key(|v| (v.y, v.x));
                lines.push(
                    vs.iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
        }
        Ok(lines.join("\n"))
    }

    fn loadsgf(&mut self, args: &[String]) -> Reply {
        const CANNOT: &str = "cannot load file";
        if args.is_empty() || args.len() > 2 {
            return Err(SYNTAX.into());
        }
        let upto = match args.get(1) {
            Some(a) => {
                let n = parse_int(a)?;
                if n < 1 {
                    return Err(SYNTAX.into());
                }
                Some(n.min(1 << 30) as usize)
            }
            None => None,
        };
        let bytes = read_small_file(&args[0]).map_err(|e| {
            log::info!("loadsgf {}: {e}", args[0]);
            CANNOT
        })?;
        let text = String::from_utf8_lossy(&bytes);
        let rec = sgf::parse(&text).map_err(|e| {
            log::info!("loadsgf {}: {e}", args[0]);
            CANNOT
        })?;
        let (rules, rules_name) = rec
            .rules
            .as_deref()
            .and_then(rules_by_name)
            .unwrap_or_else(|| (*self.game.rules(), self.rules_name.clone()));
        let game = rec.to_game(rules, upto).map_err(|e| {
            log::info!("loadsgf {}: {e}", args[0]);
            CANNOT
        })?;
        self.game = game;
        self.rules_name = rules_name;
        self.komi_explicit = true;
        self.engine_played = [false; 2];
        self.last = None;
        self.loaded = Some(rec);
        Ok(String::new())
    }

    /// The current game as an SGF record (names, date and result filled in).
    pub fn record(&self) -> GameRecord {
        let mut rec = GameRecord::from_game(&self.game);
        rec.rules = Some(self.rules_name.clone());
        let loaded = self.loaded.as_ref();
        let name = |c: Color, was: Option<&String>| match was {
            _ if self.engine_played[c.index()] => format!("Tengen {}", env!("CARGO_PKG_VERSION")),
            Some(n) => n.clone(),
            None => "unknown".to_string(),
        };
        rec.black_name = Some(name(
            Color::Black,
            loaded.and_then(|r| r.black_name.as_ref()),
        ));
        rec.white_name = Some(name(
            Color::White,
            loaded.and_then(|r| r.white_name.as_ref()),
        ));
        rec.event = loaded.and_then(|r| r.event.clone());
        rec.date = Some(loaded.and_then(|r| r.date.clone()).unwrap_or_else(today));
        if self.game.is_over() {
            rec.result = Some(self.score_text());
        }
        rec
    }

    fn printsgf(&mut self, args: &[String]) -> Reply {
        if args.len() > 1 {
            return Err(SYNTAX.into());
        }
        let text = sgf::write(&self.record());
        match args.first() {
            None => Ok(text),
            Some(path) => std::fs::write(path, text)
                .map(|_| String::new())
                .map_err(|e| {
                    log::info!("printsgf {path}: {e}");
                    "cannot save file".to_string()
                }),
        }
    }

    fn time_settings(&mut self, args: &[String]) -> Reply {
        want(args, 3)?;
        let main = parse_seconds(&args[0])?;
        let byo = parse_seconds(&args[1])?;
        let stones = parse_count(&args[2])?;
        let kind = if byo > 0.0 && stones == 0 {
            ClockKind::Unlimited
        } else if byo == 0.0 || stones == 0 {
            ClockKind::Absolute
        } else {
            ClockKind::Canadian
        };
        self.clock = Clock {
            kind,
            main,
            period: byo,
            stones,
            left: [None, None],
        };
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[String]) -> Reply {
        want(args, 3)?;
        let c = parse_color(&args[0])?;
        let t = parse_real(&args[1])?.clamp(0.0, 1.0e9);
        let s = parse_count(&args[2])?;
        self.clock.left[c.index()] = Some((t, s));
        Ok(String::new())
    }

    fn kgs_time_settings(&mut self, args: &[String]) -> Reply {
        let kind = args.first().ok_or(SYNTAX)?.to_ascii_lowercase();
        let clock = match kind.as_str() {
            "none" => {
                want(args, 1)?;
                Clock {
                    kind: ClockKind::Unlimited,
                    ..Clock::default()
                }
            }
            "absolute" => {
                want(args, 2)?;
                Clock {
                    kind: ClockKind::Absolute,
                    main: parse_seconds(&args[1])?,
                    ..Clock::default()
                }
            }
            "byoyomi" | "canadian" => {
                want(args, 4)?;
                Clock {
                    kind: if kind == "byoyomi" {
                        ClockKind::Byoyomi
                    } else {
                        ClockKind::Canadian
                    },
                    main: parse_seconds(&args[1])?,
                    period: parse_seconds(&args[2])?,
                    stones: parse_count(&args[3])?,
                    left: [None, None],
                }
            }
            _ => return Err(SYNTAX.into()),
        };
        self.clock = clock;
        Ok(String::new())
    }

    fn set_rules(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        let (mut r, name) = rules_by_name(&args[0]).ok_or("unknown rules")?;
        if self.komi_explicit {
            r.komi = self.game.komi();
        }
        self.game.set_rules(r);
        self.rules_name = name;
        self.last = None;
        Ok(String::new())
    }

    /// `kgs-rules NAME [...]`: kgsGtp may extend the command with more words, which are
    /// ignored.
    fn kgs_rules(&mut self, args: &[String]) -> Reply {
        match args.first() {
            Some(name) => self.set_rules(std::slice::from_ref(name)),
            None => Err(SYNTAX.into()),
        }
    }

    fn get_rules(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok(rules_json(self.game.rules(), &self.rules_name))
    }

    fn kgs_chat(&mut self, _args: &[String]) -> Reply {
        let mut s = format!(
            "Tengen {} (flat Monte-Carlo); rules {}, komi {}",
            env!("CARGO_PKG_VERSION"),
            self.rules_name,
            self.game.komi()
        );
        let fresh;
        let l = match &self.last {
            Some(l) => l,
            None => {
                let mut q = FlatSearch::new(&self.game, self.game.to_move(), &self.params);
                q.run(
                    Limit {
                        playouts: Some(self.params.playouts.unwrap_or(2000).min(2000)),
                        deadline: Some(deadline_in(self.params.time.min(0.5))),
                    },
                    &AtomicBool::new(false),
                );
                fresh = q;
                &fresh
            }
        };
        // the mean over all playouts, like the winrate beside it (the best move's own mean
        // rests on a few playouts and is the luckiest of them)
        let infos = l.infos();
        let visits: u64 = infos.iter().map(|m| m.visits).sum();
        let lead = if visits == 0 {
            0.0
        } else {
            infos
                .iter()
                .map(|m| m.score_lead * m.visits as f64)
                .sum::<f64>()
                / visits as f64
        };
        let (leader, margin) = if lead >= 0.0 {
            (l.color(), lead)
        } else {
            (l.color().opponent(), -lead)
        };
        s.push_str(&format!(
            "; my evaluation: {} wins {:.0}% of my playouts, {leader} leads by about {margin:.1}",
            l.color(),
            l.winrate() * 100.0
        ));
        Ok(s)
    }

    fn gogui_analyze_commands(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok([
            "dboard/Ownership/tengen-ownership",
            "gfx/Best moves/tengen-bestmoves",
            "string/Rules/kata-get-rules",
        ]
        .join("\n"))
    }

    /// A short search for the side to move, for the GoGui displays.
    fn quick_search(&self, stream: &mut dyn Stream) -> FlatSearch {
        let mut s = FlatSearch::new(&self.game, self.game.to_move(), &self.params);
        let limit = match self.params.playouts {
            Some(n) => Limit {
                playouts: Some(n),
                deadline: None,
            },
            None => Limit {
                playouts: None,
                deadline: Some(deadline_in(self.params.time.min(3.0))),
            },
        };
        s.run(limit, &stream.interrupt_flag());
        s
    }

    fn ownership_board(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        if let Err(e) = want(args, 0) {
            return Response::Reply(Err(e));
        }
        let s = self.quick_search(stream);
        let size = self.game.size();
        let rows: Vec<String> = (0..size)
            .rev()
            .map(|y| {
                (0..size)
                    .map(|x| format!("{:.2}", s.ownership(Point::new(x, y, size))))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Response::Reply(Ok(format!("\n{}", rows.join("\n"))))
    }

    fn best_moves(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        if let Err(e) = want(args, 0) {
            return Response::Reply(Err(e));
        }
        let s = self.quick_search(stream);
        let infos = s.infos();
        let mut labels = vec![];
        for m in infos.iter().take(10) {
            if let Some(p) = m.mv {
                labels.push(format!(
                    "{} {}",
                    self.vertex_text(p),
                    (m.winrate * 100.0).round() as i64
                ));
            }
        }
        let mut out = String::new();
        if !labels.is_empty() {
            out.push_str(&format!("LABEL {}", labels.join(" ")));
        }
        if let Some(b) = infos.first() {
            out.push_str(&format!(
                "\nTEXT best {} winrate {:.1}% after {} playouts",
                b.mv.map_or("pass".into(), |p| self.vertex_text(p)),
                b.winrate * 100.0,
                s.playouts()
            ));
        }
        Response::Reply(Ok(out))
    }
}

/// `n` handicap points for a free placement: the standard star points first, then points
/// spread out over the board (farthest from the stones already chosen, off the edge lines,
/// nearer the centre on ties).
pub fn free_handicap_points(size: usize, n: usize) -> Vec<Point> {
    let mut pts: Vec<Point> = (2..=n.min(9))
        .rev()
        .find_map(|k| Game::fixed_handicap_points(size, k))
        .unwrap_or_default();
    pts.truncate(n);
    let edge = if size >= 13 {
        3
    } else if size >= 7 {
        2
    } else {
        0
    };
    let c = (size as f64 - 1.0) / 2.0;
    // every point with its squared distance to the nearest chosen stone
    let mut cells: Vec<(usize, usize, f64)> = (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y, f64::INFINITY)))
        .collect();
    let update = |cells: &mut Vec<(usize, usize, f64)>, p: Point| {
        let (px, py) = p.xy(size);
        for cell in cells.iter_mut() {
            let (dx, dy) = (cell.0 as f64 - px as f64, cell.1 as f64 - py as f64);
            cell.2 = cell.2.min(dx * dx + dy * dy);
        }
    };
    for &p in &pts {
        update(&mut cells, p);
    }
    while pts.len() < n {
        let inner = |&&(x, y, d): &&(usize, usize, f64)| {
            d > 0.0 && x >= edge && y >= edge && x + edge < size && y + edge < size
        };
        let score = |&(x, y, d): &(usize, usize, f64)| {
            let centre = (x as f64 - c).powi(2) + (y as f64 - c).powi(2);
            d.min(1.0e6) * 1000.0 - centre
        };
        let best = match cells
            .iter()
            .filter(inner)
            .max_by(|a, b| score(a).total_cmp(&score(b)))
        {
            Some(b) => Some(*b),
            None => cells
                .iter()
                .filter(|c| c.2 > 0.0)
                .max_by(|a, b| score(a).total_cmp(&score(b)))
                .copied(),
        };
        let Some((x, y, _)) = best else { break };
        let p = Point::new(x, y, size);
        pts.push(p);
        update(&mut cells, p);
    }
    pts
}

impl Handler for Gtp {
    fn handle(&mut self, cmd: &Command, stream: &mut dyn Stream) -> Response {
        match Self::find(&cmd.name) {
            None => Response::Reply(Err("unknown command".into())),
            Some(Run::Plain(f)) => Response::Reply(f(self, &cmd.args)),
            Some(Run::Stream(f)) => f(self, &cmd.args, stream),
        }
    }
}

#[cfg(test)]
mod tests;
