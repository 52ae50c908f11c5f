//! The GTP command table and its handlers. [`Gtp`] turns one [`Command`] into one
//! [`Response`]; reading and writing happen in [`super::io`], so tests need no pipes.
//! Handlers parse arguments, call the [`Engine`] and format its answers: no game logic here.

use super::frame::{self, Command};
use super::io::{Handler, Response, Stream};
use crate::board::{Color, Point, Vertex};
use crate::engine::{Decision, Engine, EngineError, Genmove};
use crate::rules::status::status_word;
use crate::rules::{Game, Handicap, Move, Rules, SetupError, Status};
use crate::search::time::{Clock, ClockKind};
use crate::search::Report;
use crate::sgf::{self, GameRecord};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Start-up settings of the GTP engine (from the command line): the engine's options.
pub use crate::engine::EngineOptions as Options;

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
    ("tengen-status", Run::Plain(Gtp::status_verdicts)),
];

const SYNTAX: &str = "syntax error";
const ILLEGAL: &str = "illegal move";

/// Vertices separated by spaces, in the order given.
fn vertex_list(ps: &[Point], size: usize) -> String {
    ps.iter()
        .map(|q| q.vertex(size).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Analysis output dialects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flavor {
    Lz,
    Kata,
}

/// The GTP front end: parses commands, drives the [`Engine`] and formats its answers.
pub struct Gtp {
    engine: Engine,
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
/// the canonical name (the one parser: [`crate::rules::parse_rules_name`]).
pub fn rules_by_name(name: &str) -> Option<(Rules, String)> {
    crate::rules::parse_rules_name(name)
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

/// Commands answered while pondering goes on: they neither change nor search the game.
const KEEP_PONDERING: &[&str] = &[
    "name",
    "version",
    "protocol_version",
    "list_commands",
    "known_command",
    "time_left",
    "time_settings",
    "kgs-time_settings",
    "showboard",
];

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

    /// The points `c` may not play at the root of the search: those it may not report.
    fn barred(&self, c: Color, game: &Game) -> Vec<Point> {
        if !self.avoid.iter().chain(&self.allow).any(|(lc, _)| *lc == c) {
            return vec![];
        }
        let size = game.size();
        game.board()
            .points()
            .into_iter()
            .filter(|p| !self.reports(c, &p.vertex(size).to_string()))
            .collect()
    }
}

/// Expected final owner of `p` in `r`, +1 Black to -1 White (0 when unknown).
fn ownership_at(r: &Report, p: Point) -> f64 {
    r.ownership.get(p.idx()).copied().unwrap_or(0.0)
}

/// A move as GTP writes it.
fn move_text(mv: Option<Point>, size: usize) -> String {
    mv.map_or("pass".into(), |p| p.vertex(size).to_string())
}

/// One analysis line for a board of `size`: the searched moves, best first (as `maxmoves`,
/// `allow` and `avoid` ask), then ownership when asked. `color` is the analysed colour when
/// the report names none.
fn info_line(r: &Report, size: usize, color: Color, flavor: Flavor, a: &AnalyzeArgs) -> String {
    let color = r.color.unwrap_or(color);
    let mut out = String::new();
    let shown = r
        .moves
        .iter()
        .map(|m| (m, move_text(m.mv, size)))
        .filter(|(_, mv)| a.reports(color, mv))
        .take(a.max_moves.unwrap_or(usize::MAX));
    for (order, (m, mv)) in shown.enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        let pv = if m.pv.is_empty() {
            mv.clone()
        } else {
            m.pv.iter()
                .map(|&q| move_text(q, size))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match flavor {
            Flavor::Lz => out.push_str(&format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                m.visits,
                (m.winrate * 10000.0).round() as i64,
                (m.prior * 10000.0).round() as i64,
                (m.lcb * 10000.0).round() as i64,
            )),
            Flavor::Kata => out.push_str(&format!(
                "info move {mv} visits {} winrate {:.6} scoreMean {:.3} scoreLead {:.3} prior {:.6} lcb {:.6} order {order} pv {pv}",
                m.visits, m.winrate, m.score_lead, m.score_lead, m.prior, m.lcb,
            )),
        }
    }
    if a.ownership && flavor == Flavor::Kata && !out.is_empty() {
        let sign = color.sign();
        out.push_str(" ownership");
        for y in (0..size).rev() {
            for x in 0..size {
                let o = sign * ownership_at(r, Point::new(x, y, size));
                out.push_str(&format!(" {o:.4}"));
            }
        }
    }
    out
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
        Gtp {
            engine: Engine::new(opts),
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        self.engine.game()
    }

    /// The engine behind the protocol.
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Runs one raw input line and returns exactly what would be written (empty for lines
    /// that get no reply), framed by the GTP loop's own [`super::io::answer`]. A streamed
    /// reply ends at once: the stream sees input as already arrived.
    pub fn exec(&mut self, line: &str) -> String {
        let Some(cmd) = frame::parse_line(line) else {
            return String::new();
        };
        let mut out = Vec::new();
        let input = Arc::new(AtomicBool::new(true));
        let interrupt = Arc::new(AtomicBool::new(false));
        // writing to memory cannot fail
        let _ = super::io::answer(self, &cmd, &mut out, input, interrupt);
        String::from_utf8_lossy(&out).into_owned()
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
        self.engine
            .set_boardsize(n as usize)
            .map_err(|_| "unacceptable size")?;
        Ok(String::new())
    }

    fn clear_board(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        self.engine.clear();
        Ok(String::new())
    }

    fn komi(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        let k = parse_real(&args[0])?;
        self.engine.set_komi(k);
        Ok(String::new())
    }

    /// A move on this board: pass, or a vertex that must lie on it.
    fn to_move(&self, v: Option<Vertex>) -> Option<Move> {
        match v {
            None => Some(Move::Pass),
            Some(v) => v.to_point(self.game().size()).map(Move::Play),
        }
    }

    fn play(&mut self, args: &[String]) -> Reply {
        want(args, 2)?;
        let c = parse_color(&args[0])?;
        let v = parse_move(&args[1])?;
        let m = self.to_move(v).ok_or(ILLEGAL)?;
        self.engine.play(c, m).map_err(|e| {
            log::info!("illegal move {} {}: {e}", c, args[1]);
            ILLEGAL.to_string()
        })?;
        Ok(String::new())
    }

    fn vertex_text(&self, p: Point) -> String {
        p.vertex(self.game().size()).to_string()
    }

    fn decision_text(&self, d: Decision) -> String {
        match d {
            Decision::Play(p) => self.vertex_text(p),
            Decision::Pass => "pass".into(),
            Decision::Resign => "resign".into(),
        }
    }

    /// `genmove`, `kgs-genmove_cleanup` (`cleanup`) and `reg_genmove` (`!play`): an interrupt
    /// ends the search early.
    fn do_genmove(
        &mut self,
        args: &[String],
        stream: &mut dyn Stream,
        cleanup: bool,
        play: bool,
    ) -> Reply {
        want(args, 1)?;
        let c = parse_color(&args[0])?;
        self.engine.set_stop_flag(stream.interrupt_flag());
        let how = Genmove {
            cleanup,
            play,
            ..Genmove::default()
        };
        let d = self.engine.genmove(c, &how, &mut |_| {});
        Ok(self.decision_text(d))
    }

    fn genmove(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        Response::Reply(self.do_genmove(args, stream, false, true))
    }

    fn genmove_cleanup(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        Response::Reply(self.do_genmove(args, stream, true, true))
    }

    fn reg_genmove(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        Response::Reply(self.do_genmove(args, stream, false, false))
    }

    /// The `lz-`/`kata-` analysis commands. `allow`/`avoid` bar moves from the search for the
    /// analysed colour, and filter the lines shown.
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
        let color = a.color.unwrap_or(self.game().to_move());
        let barred = a.barred(color, self.game());
        let interval = Duration::from_millis(a.interval_cs * 10);
        stream.start();
        let size = self.game().size();
        let line = |r: &Report| info_line(r, size, color, flavor, &a);
        if genmove {
            // the move keeps its thinking time: only an interrupt cuts it short
            self.engine.set_stop_flag(stream.interrupt_flag());
            let how = Genmove {
                barred,
                interval: Some(interval),
                play: true,
                ..Genmove::default()
            };
            let d = self.engine.genmove(color, &how, &mut |r| {
                let l = line(r);
                if !l.is_empty() {
                    stream.emit(&l);
                }
            });
            Response::Streamed(vec![format!("play {}", self.decision_text(d))])
        } else {
            // analysis: stream until any further input arrives
            let input = stream.input_flag();
            self.engine.set_stop_flag(input.clone());
            self.engine.analyze(color, &barred, interval, &mut |r| {
                let l = line(r);
                if !l.is_empty() && !input.load(Ordering::SeqCst) {
                    stream.emit(&l);
                }
            });
            Response::Streamed(vec![])
        }
    }

    fn undo(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        if self.engine.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".into())
        }
    }

    fn showboard(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        let g = self.game();
        Ok(format!(
            "\n{}\nBlack (X) captured {}, White (O) captured {}; {} to move; rules {}, komi {}",
            g.board(),
            g.prisoners(Color::Black),
            g.prisoners(Color::White),
            g.to_move(),
            self.engine.rules_name(),
            g.komi()
        ))
    }

    /// Places handicap stones as `h` says (the rules decide where and whether) and returns
    /// their points, or the GTP message for the refusal.
    fn place(&mut self, h: Handicap<'_>) -> Result<Vec<Point>, String> {
        let size = self.game().size();
        self.engine.place_handicap(h).map_err(|e| {
            log::info!("handicap refused: {e}");
            handicap_message(&e, size)
        })
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Reply {
        let pts = self.place(Handicap::Fixed(stone_count(args)?))?;
        Ok(vertex_list(&pts, self.game().size()))
    }

    fn place_free_handicap(&mut self, args: &[String]) -> Reply {
        let pts = self.place(Handicap::Free(stone_count(args)?))?;
        Ok(vertex_list(&pts, self.game().size()))
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Reply {
        let size = self.game().size();
        let pts = args
            .iter()
            .map(|a| {
                a.parse::<Vertex>()
                    .ok()
                    .and_then(|v| v.to_point(size))
                    .ok_or(BAD_VERTEX_LIST)
            })
            .collect::<Result<Vec<Point>, _>>()?;
        self.place(Handicap::Points(&pts))?;
        Ok(String::new())
    }

    fn is_legal(&mut self, args: &[String]) -> Reply {
        want(args, 2)?;
        let c = parse_color(&args[0])?;
        let v = parse_move(&args[1])?;
        let ok = self.to_move(v).is_some_and(|m| self.engine.is_legal(c, m));
        Ok(if ok { "1" } else { "0" }.into())
    }

    fn final_score(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok(self.engine.score().to_string())
    }

    fn final_status_list(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        let want_status = match args[0].to_ascii_lowercase().as_str() {
            "alive" => Status::Alive,
            "dead" => Status::Dead,
            "seki" => Status::Seki,
            _ => return Err(SYNTAX.into()),
        };
        let status = self.engine.final_status().clone();
        let board = self.game().board();
        let size = self.game().size();
        // chains by their lowest point, stones in point order (row 1 first, then columns)
        let mut lines = vec![];
        for p in board.points() {
            if board.color_at(p).is_none() || board.chain_head(p) != p {
                continue;
            }
            if status.get(p) == want_status {
                let mut ps = board.chain_points(p);
                ps.sort();
                lines.push(ps);
            }
        }
        lines.sort();
        Ok(lines
            .iter()
            .map(|ps| vertex_list(ps, size))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    /// `tengen-status`: every chain with its class of life, final status and the reason,
    /// one line each: `black C3 D3 | first-class | alive | F2: ...`.
    fn status_verdicts(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        let size = self.game().size();
        let c = self.engine.confirmation();
        let lines: Vec<String> = c
            .verdicts
            .iter()
            .map(|v| {
                format!(
                    "{} {} | {} | {} | {}",
                    v.color,
                    vertex_list(&v.stones, size),
                    v.class,
                    status_word(v.status),
                    v.reason
                )
            })
            .collect();
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
            .unwrap_or_else(|| (*self.game().rules(), self.engine.rules_name().to_string()));
        self.engine
            .load(rec, rules, &rules_name, upto)
            .map_err(|e| {
                log::info!("loadsgf {}: {e}", args[0]);
                CANNOT
            })?;
        Ok(String::new())
    }

    /// The current game as an SGF record (names, date and result filled in).
    pub fn record(&mut self) -> GameRecord {
        self.engine.record()
    }

    fn printsgf(&mut self, args: &[String]) -> Reply {
        if args.len() > 1 {
            return Err(SYNTAX.into());
        }
        let text = sgf::write(&self.engine.record());
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
        self.engine.set_clock(Clock::new(kind, main, byo, stones));
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[String]) -> Reply {
        want(args, 3)?;
        let c = parse_color(&args[0])?;
        let t = parse_real(&args[1])?.clamp(0.0, 1.0e9);
        let s = parse_count(&args[2])?;
        self.engine.time_left(c, t, s);
        Ok(String::new())
    }

    fn kgs_time_settings(&mut self, args: &[String]) -> Reply {
        let kind = args.first().ok_or(SYNTAX)?.to_ascii_lowercase();
        let clock = match kind.as_str() {
            "none" => {
                want(args, 1)?;
                Clock::new(ClockKind::Unlimited, 0.0, 0.0, 0)
            }
            "absolute" => {
                want(args, 2)?;
                Clock::new(ClockKind::Absolute, parse_seconds(&args[1])?, 0.0, 0)
            }
            "byoyomi" | "canadian" => {
                want(args, 4)?;
                let kind = if kind == "byoyomi" {
                    ClockKind::Byoyomi
                } else {
                    ClockKind::Canadian
                };
                let main = parse_seconds(&args[1])?;
                let period = parse_seconds(&args[2])?;
                let count = parse_count(&args[3])?;
                if period == 0.0 || count == 0 {
                    Clock::new(ClockKind::Absolute, main, 0.0, 0)
                } else {
                    Clock::new(kind, main, period, count)
                }
            }
            _ => return Err(SYNTAX.into()),
        };
        self.engine.set_clock(clock);
        Ok(String::new())
    }

    /// `kata-set-rules NAME` or `kata-set-rules {JSON}` (KataGo's JSON form, split on
    /// spaces by GTP and joined again here). A komi in the JSON is set like `komi K`.
    fn set_rules(&mut self, args: &[String]) -> Reply {
        if args.is_empty() {
            return Err(SYNTAX.into());
        }
        let choice = crate::rules::parse_kata_rules(&args.join(" "), self.game().rules())?;
        self.engine.set_rules(choice.rules, &choice.name);
        if let Some(k) = choice.komi {
            self.engine.set_komi(k);
        }
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
        Ok(self.game().rules().kata_json(self.engine.rules_name()))
    }

    fn kgs_chat(&mut self, _args: &[String]) -> Reply {
        Ok(self.engine.chat())
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

    /// A short search for the side to move, for the GoGui displays; an interrupt ends it.
    fn quick_search(&mut self, stream: &mut dyn Stream) -> Report {
        self.engine.set_stop_flag(stream.interrupt_flag());
        self.engine.evaluate()
    }

    fn ownership_board(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        if let Err(e) = want(args, 0) {
            return Response::Reply(Err(e));
        }
        let r = self.quick_search(stream);
        let size = self.game().size();
        let rows: Vec<String> = (0..size)
            .rev()
            .map(|y| {
                (0..size)
                    .map(|x| format!("{:.2}", ownership_at(&r, Point::new(x, y, size))))
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
        let r = self.quick_search(stream);
        let mut labels = vec![];
        for m in r.moves.iter().take(10) {
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
        if let Some(b) = r.moves.first() {
            out.push_str(&format!(
                "\nTEXT best {} winrate {:.1}% after {} playouts",
                b.mv.map_or("pass".into(), |p| self.vertex_text(p)),
                b.winrate * 100.0,
                r.playouts
            ));
        }
        Response::Reply(Ok(out))
    }
}

const BAD_VERTEX_LIST: &str = "bad vertex list";

/// The stone count of `fixed_handicap N` / `place_free_handicap N`: a negative count is no
/// count (0), which the rules refuse like any other count without a placement.
fn stone_count(args: &[String]) -> Result<usize, String> {
    want(args, 1)?;
    Ok(usize::try_from(parse_int(&args[0])?).unwrap_or(0))
}

/// The GTP message for refused handicap stones: the spec's words (`board not empty`,
/// `invalid number of stones`, `bad vertex list`), with the reason after `bad vertex list`,
/// which the spec uses for every fault of a list.
fn handicap_message(e: &EngineError, size: usize) -> String {
    match e {
        EngineError::Setup(e) => match e {
            SetupError::BoardNotEmpty => "board not empty".into(),
            SetupError::AfterFirstMove => "moves have been played".into(),
            SetupError::HandicapCount(_) => "invalid number of stones".into(),
            SetupError::Duplicate(p) => {
                format!("{BAD_VERTEX_LIST}: repeated vertex {}", p.vertex(size))
            }
            SetupError::OffBoard(_) | SetupError::NoLiberties(_) | SetupError::BadDiagram => {
                format!("{BAD_VERTEX_LIST}: {e}")
            }
        },
        EngineError::BadSize | EngineError::Record(_) => e.to_string(),
    }
}

impl Handler for Gtp {
    fn handle(&mut self, cmd: &Command, stream: &mut dyn Stream) -> Response {
        if !KEEP_PONDERING.contains(&cmd.name.as_str()) {
            self.engine.stop_pondering();
        }
        match Self::find(&cmd.name) {
            None => Response::Reply(Err("unknown command".into())),
            Some(Run::Plain(f)) => Response::Reply(f(self, &cmd.args)),
            Some(Run::Stream(f)) => f(self, &cmd.args, stream),
        }
    }
}

#[cfg(test)]
mod tests;
