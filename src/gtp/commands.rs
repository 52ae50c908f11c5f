//! The GTP command table and its handlers. [`Gtp`] turns one [`Command`] into one
//! [`Response`]; reading and writing happen in [`super::io`], so tests need no pipes.
//! Handlers parse arguments, call the [`Engine`] and format its answers: no game logic here.

use super::analyze::{info_line, ownership_at, parse_analyze_args, Flavor};
use super::args::{
    parse_color, parse_count, parse_int, parse_move, parse_real, parse_seconds, vertex_list, want,
    SYNTAX,
};
use super::chat;
use super::frame::{self, Command};
use super::gfx;
use super::io::{Handler, Response, Stream};
use crate::board::{Color, Point, Vertex};
use crate::clock::{TimeControl, TimeWords};
use crate::engine::{Analysis, Decision, Engine, EngineError, Genmove, Rank, SETTINGS};
use crate::rules::status::status_word;
use crate::rules::{Game, Handicap, Move, Rules, SetupError, Status};
use crate::search::params::SearchParams;
use crate::search::time::GameClock;
use crate::search::{Extras, Report};
use crate::sgf;
use std::io::Write;
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
    (
        "name",
        Run::Plain(|g, a| want(a, 0).map(|_| g.name.clone())),
    ),
    (
        "version",
        Run::Plain(|_, a| want(a, 0).map(|_| gtp_version())),
    ),
    ("known_command", Run::Plain(Gtp::known_command)),
    ("list_commands", Run::Plain(Gtp::list_commands)),
    ("quit", Run::Stream(|_, _, _| Response::Quit)),
    ("boardsize", Run::Plain(Gtp::boardsize)),
    ("clear_board", Run::Plain(Gtp::clear_board)),
    ("komi", Run::Plain(Gtp::komi)),
    ("get_komi", Run::Plain(Gtp::get_komi)),
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
    (
        "kata-list_time_settings",
        Run::Plain(|_, a| want(a, 0).map(|_| TIME_KINDS.join(" "))),
    ),
    ("kata-time_settings", Run::Plain(Gtp::kata_time_settings)),
    ("kgs-genmove_cleanup", Run::Stream(Gtp::genmove_cleanup)),
    ("kgs-game_over", Run::Plain(|_, _| Ok(String::new()))),
    ("kgs-chat", Run::Plain(Gtp::kgs_chat)),
    ("kata-set-rules", Run::Plain(Gtp::set_rules)),
    ("kata-set-rule", Run::Plain(Gtp::set_rule)),
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
        "analyze",
        Run::Stream(|g, a, s| g.analyze(a, s, Flavor::Sabaki, false)),
    ),
    (
        "genmove_analyze",
        Run::Stream(|g, a, s| g.analyze(a, s, Flavor::Sabaki, true)),
    ),
    (
        "gogui-analyze_commands",
        Run::Plain(Gtp::gogui_analyze_commands),
    ),
    ("gogui-interrupt", Run::Plain(|_, _| Ok(String::new()))),
    ("cputime", Run::Plain(Gtp::cputime)),
    ("gomill-cpu_time", Run::Plain(Gtp::cputime)),
    ("echo", Run::Plain(|_, a| Ok(a.join(" ")))),
    ("stop", Run::Plain(|_, a| want(a, 0).map(|_| String::new()))),
    ("clear_cache", Run::Plain(Gtp::clear_cache)),
    ("kata-list-params", Run::Plain(Gtp::list_params)),
    ("kata-get-param", Run::Plain(Gtp::get_param)),
    ("kata-set-param", Run::Plain(Gtp::set_param)),
    ("tengen-ownership", Run::Stream(Gtp::ownership_board)),
    ("tengen-bestmoves", Run::Stream(Gtp::best_moves)),
    ("tengen-pv", Run::Stream(Gtp::principal_variation)),
    ("tengen-heatmap", Run::Stream(Gtp::heat_map)),
    ("tengen-status", Run::Plain(Gtp::status_verdicts)),
    ("tengen-playout_owner", Run::Plain(Gtp::playout_owner)),
    ("tengen-status_gfx", Run::Plain(Gtp::status_gfx)),
    ("tengen-live_gfx", Run::Plain(Gtp::live_gfx_switch)),
    ("tengen-param", Run::Plain(Gtp::search_param)),
    ("tengen-book", Run::Plain(Gtp::book_replies)),
    ("tengen-rank", Run::Plain(Gtp::rank)),
];

/// The entries of `gogui-analyze_commands`: GoGui's `TYPE/LABEL/COMMAND` lines.
const GOGUI_ANALYZE: &[&str] = &[
    "dboard/Ownership/tengen-ownership",
    "gfx/Best moves/tengen-bestmoves",
    "gfx/Principal variation/tengen-pv",
    "gfx/Visit heat map/tengen-heatmap",
    "gfx/Dead stones and seki/tengen-status_gfx",
    "string/Status of every chain/tengen-status",
    "param/Settings/tengen-param",
    "param/Rank/tengen-rank",
    "none/Live graphics on/tengen-live_gfx on",
    "none/Live graphics off/tengen-live_gfx off",
    "string/Rules/kata-get-rules",
];

/// The `version` reply for the crate version `crate_version` (`MAJOR.MINOR.PATCH`): the same
/// with 100 added to MINOR, so 0.1.0 answers `0.101.0` and 1.2.3 `1.102.3`. Lizzie reads the
/// middle number of `version` as Leela Zero's and refuses one below 15; the crate version is
/// MINOR less 100 (`tengen --version` and the log's first line show it as it is).
pub fn version_reply(crate_version: &str) -> String {
    let mut parts = crate_version.splitn(3, '.');
    match (
        parts.next(),
        parts.next().map(str::parse::<u64>),
        parts.next(),
    ) {
        (Some(major), Some(Ok(minor)), Some(rest)) => {
            format!("{major}.{}.{rest}", minor.saturating_add(100))
        }
        _ => crate_version.to_string(),
    }
}

/// Tengen's `version` reply ([`version_reply`] of the crate version).
pub fn gtp_version() -> String {
    version_reply(env!("CARGO_PKG_VERSION"))
}

/// The name `name` answers unless `--name` sets another.
pub const DEFAULT_NAME: &str = "Tengen";

/// Playouts of `tengen-playout_owner` when none are given.
const OWNER_PLAYOUTS: u32 = 100;
/// Most playouts one `tengen-playout_owner` runs.
const MAX_OWNER_PLAYOUTS: u32 = 1_000_000;

/// How often live graphics are drawn while `genmove` searches.
const LIVE_GFX_INTERVAL: Duration = Duration::from_millis(500);

const ILLEGAL: &str = "illegal move";

/// The GTP front end: parses commands, drives the [`Engine`] and formats its answers.
pub struct Gtp {
    engine: Engine,
    /// Whether `kgs-chat` is listed and answered (`--kgs-chat`): kgsGtp 3.5.20 and later
    /// break on engines that list it.
    kgs_chat: bool,
    /// Whether every generated move writes gtp2ogs's chat lines ([`chat::ogs_lines`]).
    ogs_chat: bool,
    /// Whether [`chat::OGS_FORM_LINE`] has been written.
    ogs_form_told: bool,
    /// Where lines meant for the controller beside the replies go: gtp2ogs's chat, GoGui's
    /// live graphics (stderr; a buffer in tests).
    side: Box<dyn std::io::Write + Send>,
    /// Whether GoGui's live graphics are drawn while `genmove` thinks (`--live-gfx`,
    /// `tengen-live_gfx`): off by default, since other controllers log every stderr line.
    live_gfx: bool,
    /// The `name` reply (`--name`).
    name: String,
}

/// The time kinds of `kgs-time_settings` and (with `kata`) `kata-time_settings`.
const TIME_KINDS: &[&str] = &[
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "fischer",
    "fischer-capped",
];

/// A clock from `kgs-time_settings KIND ...` or (with `kata`, which adds Fischer)
/// `kata-time_settings KIND ...`, read by the one grammar of time words ([`TimeWords`]): a
/// period, count or increment of 0 means main time alone, `none` no clock.
fn clock_from_words(args: &[String], kata: bool) -> Result<GameClock, String> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let w = TimeWords::parse(&words).map_err(|_| SYNTAX.to_string())?;
    if !kata && matches!(w, TimeWords::Fischer { .. }) {
        return Err(SYNTAX.into());
    }
    Ok(w.control()
        .map_or_else(GameClock::unlimited, GameClock::new))
}

/// Rules from a Tengen preset name or one of KataGo's/KGS's names for the same rules, with
/// the canonical name (the one parser: [`crate::rules::parse_rules_name`]).
pub fn rules_by_name(name: &str) -> Option<(Rules, String)> {
    crate::rules::parse_rules_name(name)
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
    "kata-time_settings",
    "kata-list_time_settings",
    "showboard",
    "get_komi",
    "echo",
    "kata-list-params",
    "kata-get-param",
];

impl Gtp {
    /// A fresh engine with an empty board.
    pub fn new(opts: &Options) -> Gtp {
        Gtp {
            engine: Engine::new(opts),
            kgs_chat: false,
            ogs_chat: false,
            ogs_form_told: false,
            side: Box::new(std::io::stderr()),
            live_gfx: false,
            name: DEFAULT_NAME.into(),
        }
    }

    /// Answers `name` with `name` (`--name`).
    pub fn with_name(mut self, name: &str) -> Gtp {
        self.name = name.to_string();
        self
    }

    /// Lists and answers `kgs-chat` (`--kgs-chat`).
    pub fn with_kgs_chat(mut self, on: bool) -> Gtp {
        self.kgs_chat = on;
        self
    }

    /// Writes gtp2ogs's chat lines after every generated move (`--ogs-chat`).
    pub fn with_ogs_chat(mut self, on: bool) -> Gtp {
        self.ogs_chat = on;
        self
    }

    /// Sends the lines meant for the controller beside the replies to `w` instead of
    /// stderr.
    pub fn with_side_channel(mut self, w: Box<dyn std::io::Write + Send>) -> Gtp {
        self.side = w;
        self
    }

    /// Draws GoGui's live graphics while `genmove` thinks (`--live-gfx`).
    pub fn with_live_gfx(mut self, on: bool) -> Gtp {
        self.live_gfx = on;
        self
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

    /// The command `name` as this front end offers it (`kgs-chat` only with `--kgs-chat`).
    fn find(&self, name: &str) -> Option<Run> {
        COMMANDS
            .iter()
            .find(|(n, _)| *n == name && self.offers(n))
            .map(|(_, r)| *r)
    }

    fn offers(&self, name: &str) -> bool {
        name != "kgs-chat" || self.kgs_chat
    }

    fn known_command(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        Ok(self.find(&args[0]).is_some().to_string())
    }

    fn list_commands(&mut self, _: &[String]) -> Reply {
        Ok(COMMANDS
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| self.offers(n))
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

    fn get_komi(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok(self.game().komi().to_string())
    }

    /// `clear_cache`: forgets what earlier searches found; the game stays.
    fn clear_cache(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        self.engine.clear_cache();
        Ok(String::new())
    }

    /// `kata-list-params`: the names `kata-get-param` and `kata-set-param` take.
    fn list_params(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok(Engine::setting_names().collect::<Vec<_>>().join(" "))
    }

    /// `kata-get-param NAME`: a setting's value in force.
    fn get_param(&mut self, args: &[String]) -> Reply {
        want(args, 1)?;
        self.engine
            .setting(&args[0])
            .ok_or_else(|| format!("unknown parameter '{}'", args[0]))
    }

    /// `kata-set-param NAME VALUE`: sets a setting for the next searches.
    fn set_param(&mut self, args: &[String]) -> Reply {
        want(args, 2)?;
        self.engine.set_setting(&args[0], &args[1])?;
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
        let how = Genmove {
            cleanup,
            play,
            interval: self.live_gfx.then_some(LIVE_GFX_INTERVAL),
            stop: stream.interrupt_flag(),
            ..Genmove::default()
        };
        let size = self.game().size();
        let (live, side) = (self.live_gfx, &mut self.side);
        let d = self.engine.genmove(c, &how, &mut |r| {
            if let Some(block) = live.then(|| gfx::live_block(r, size, c)).flatten() {
                write_side(side, &block);
            }
        });
        if live {
            write_side(side, gfx::LIVE_CLEAR);
        }
        if self.ogs_chat && play {
            let lines = self
                .engine
                .last_report()
                .map_or(vec![], |r| chat::ogs_lines(r, size, d == Decision::Resign));
            if !lines.is_empty() && !self.ogs_form_told {
                write_side(&mut self.side, &format!("{}\n", chat::OGS_FORM_LINE));
                self.ogs_form_told = true;
            }
            for l in lines {
                write_side(&mut self.side, &format!("{l}\n"));
            }
        }
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
    /// analysed colour, and filter the lines shown. An analysis ends at the next input line,
    /// or by itself at its `maxvisits`/`maxtime` (by default `--analysis-max-visits`,
    /// `--analysis-max-time`) after a last line; a `genmove_analyze` form ends with its move,
    /// sooner when `maxvisits`/`maxtime` ask for it.
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
        let extras = Extras {
            moves_ownership: flavor == Flavor::Kata && a.moves_ownership,
            ownership_stdev: flavor == Flavor::Kata && a.ownership_stdev,
        };
        let max_time = |t: Option<f64>| t.map(Duration::from_secs_f64);
        stream.start();
        let size = self.game().size();
        let line = |r: &Report| info_line(r, size, color, flavor, &a);
        if genmove {
            // the move keeps its thinking time: only an interrupt or a limit cuts it short
            let how = Genmove {
                barred,
                interval: Some(interval),
                play: true,
                stop: stream.interrupt_flag(),
                max_visits: a.max_visits,
                max_time: max_time(a.max_time),
                extras,
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
            // analysis: stream until any further input arrives, or up to a limit
            let input = stream.input_flag();
            let request = Analysis {
                barred,
                interval,
                // with no limit of its own, the engine's settings apply
                max_visits: a.max_visits.or(self.engine.settings().analysis_max_visits),
                max_time: max_time(a.max_time.or(self.engine.settings().analysis_max_time)),
                extras,
            };
            self.engine.analyze(color, &request, &input, &mut |r| {
                let l = line(r);
                if !l.is_empty() && !input.load(Ordering::SeqCst) {
                    stream.emit(&l);
                }
            });
            Response::Streamed(vec![])
        }
    }

    /// `undo` takes one move back. The spec gives it no argument; qGo 2.1 sends `undo 0`
    /// for one move (GNU Go ignores the number), and `undo N` takes N back, as GNU Go's
    /// `gg-undo N` does: all of them or, with fewer moves played, none.
    fn undo(&mut self, args: &[String]) -> Reply {
        let n = match args {
            [] => 1,
            [count] => parse_count(count)?.max(1) as usize,
            _ => return Err(SYNTAX.into()),
        };
        if self.engine.undo(n) {
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

    /// `tengen-playout_owner VERTEX [COLOR] [PLAYOUTS [SEED]]`: runs PLAYOUTS (default
    /// [`OWNER_PLAYOUTS`], at most [`MAX_OWNER_PLAYOUTS`]) playouts of the policy in force
    /// from the position, COLOR first (default: the side to move), seeded by SEED (default:
    /// `--seed`), and counts who owns VERTEX at their end: `black 73 white 25 neither 2`.
    fn playout_owner(&mut self, args: &[String]) -> Reply {
        let (first, rest) = args.split_first().ok_or(SYNTAX)?;
        let size = self.game().size();
        let point = match parse_move(first)? {
            Some(v) => v.to_point(size).ok_or(SYNTAX)?,
            None => return Err(SYNTAX.into()),
        };
        let (color, rest) = match rest.split_first() {
            Some((c, more)) if c.parse::<Color>().is_ok() => (Some(parse_color(c)?), more),
            _ => (None, rest),
        };
        let (playouts, seed) = match rest {
            [] => (i64::from(OWNER_PLAYOUTS), None),
            [n] => (parse_int(n)?, None),
            [n, s] => (parse_int(n)?, Some(parse_int(s)?)),
            _ => return Err(SYNTAX.into()),
        };
        let playouts = u32::try_from(playouts)
            .ok()
            .filter(|n| (1..=MAX_OWNER_PLAYOUTS).contains(n))
            .ok_or(SYNTAX)?;
        let seed = seed
            .map(|s| u64::try_from(s).map_err(|_| SYNTAX))
            .transpose()?;
        let o = self.engine.playout_owners(color, point, playouts, seed);
        Ok(format!(
            "black {} white {} neither {}",
            o.black, o.white, o.neither
        ))
    }

    /// `tengen-status_gfx`: the verdicts of `tengen-status` drawn on the board.
    fn status_gfx(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        let size = self.game().size();
        Ok(gfx::status(&self.engine.confirmation().verdicts, size))
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
        // the reason the file cannot be read is the reply's (a FIFO, a device, too large)
        let bytes = crate::files::read(&args[0], crate::files::SGF).map_err(|e| {
            log::info!("loadsgf {}: {e}", args[0]);
            format!("{CANNOT}: {e}")
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

    fn printsgf(&mut self, args: &[String]) -> Reply {
        if args.len() > 1 {
            return Err(SYNTAX.into());
        }
        let mut rec = self.engine.record();
        if self.game().is_over() {
            // the verdict of the finished game as TB/TW and a comment (viewers show the count)
            let status = self.engine.final_status().clone();
            sgf::mark_count(&mut rec, self.game(), &status);
        }
        let text = sgf::write(&rec);
        match args.first() {
            None => Ok(text),
            Some(path) => crate::files::write(path, text.as_bytes())
                .map(|_| String::new())
                .map_err(|e| {
                    log::info!("printsgf {path}: {e}");
                    format!("cannot save file: {e}")
                }),
        }
    }

    fn time_settings(&mut self, args: &[String]) -> Reply {
        want(args, 3)?;
        let main = parse_seconds(&args[0])?;
        let byo = parse_seconds(&args[1])?;
        let stones = parse_count(&args[2])?;
        // GTP: byo-yomi time with no stones means no time limit
        let clock = if byo > 0.0 && stones == 0 {
            GameClock::unlimited()
        } else {
            GameClock::new(TimeControl::canadian(main, byo, stones))
        };
        self.engine.set_clock(clock);
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
        let clock = clock_from_words(args, false)?;
        self.engine.set_clock(clock);
        Ok(String::new())
    }

    /// KataGo's `kata-time_settings`: kgsGtp's kinds plus `fischer MAIN INCREMENT` and
    /// `fischer-capped MAIN INCREMENT MAX_MAIN MAX_MOVE` (-1: no cap).
    fn kata_time_settings(&mut self, args: &[String]) -> Reply {
        let clock = clock_from_words(args, true)?;
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
        self.apply_rules(choice)
    }

    /// Puts rules chosen by `kata-set-rules` or `kata-set-rule` in force, with the komi
    /// they gave (as `komi K` sets it).
    fn apply_rules(&mut self, choice: crate::rules::RulesChoice) -> Reply {
        self.engine.set_rules(choice.rules, &choice.name);
        if let Some(k) = choice.komi {
            self.engine.set_komi(k);
        }
        Ok(String::new())
    }

    /// `kata-set-rule KEY VALUE` (KataGo's): one field of the rules in force changed, as in
    /// `kata-set-rules`' JSON.
    fn set_rule(&mut self, args: &[String]) -> Reply {
        let [key, value] = args else {
            return Err(SYNTAX.into());
        };
        let choice = crate::rules::parse_kata_rule(
            key,
            value,
            self.game().rules(),
            self.engine.rules_name(),
        )?;
        self.apply_rules(choice)
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
        Ok(chat::kgs_line(&self.engine.outlook()))
    }

    fn gogui_analyze_commands(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        Ok(GOGUI_ANALYZE.join("\n"))
    }

    /// `cputime`: the CPU time this process has used, in seconds (GoGui's gogui-twogtp).
    fn cputime(&mut self, args: &[String]) -> Reply {
        want(args, 0)?;
        let t = cpu_time::ProcessTime::try_now().map_err(|e| {
            log::info!("cputime: {e}");
            "cannot read the cpu time".to_string()
        })?;
        Ok(format!("{:.3}", t.as_duration().as_secs_f64()))
    }

    /// `tengen-live_gfx [on|off]`: switches GoGui's live graphics, or tells whether they are on.
    fn live_gfx_switch(&mut self, args: &[String]) -> Reply {
        match args {
            [] => {}
            [w] if w.eq_ignore_ascii_case("on") || w == "1" => self.live_gfx = true,
            [w] if w.eq_ignore_ascii_case("off") || w == "0" => self.live_gfx = false,
            _ => return Err(SYNTAX.into()),
        }
        Ok(if self.live_gfx { "on" } else { "off" }.into())
    }

    /// `tengen-book`: the opening book's replies for the side to move, one line each, most
    /// played first (`Q16 D4 28913 games, mover won 48%`), after a line with the games
    /// through the position; `tengen-book on|off` switches playing from the book.
    fn book_replies(&mut self, args: &[String]) -> Reply {
        match args {
            [] => {}
            [w] if w.eq_ignore_ascii_case("on") => {
                self.engine.set_book(true);
                return Ok(String::new());
            }
            [w] if w.eq_ignore_ascii_case("off") => {
                self.engine.set_book(false);
                return Ok(String::new());
            }
            _ => return Err(SYNTAX.into()),
        }
        let color = self.engine.game().to_move();
        let size = self.engine.game().size();
        let pos = self.engine.book_position(color)?;
        let mut out = format!(
            "{} games, book {}",
            pos.games,
            if self.engine.book_enabled() {
                "on"
            } else {
                "off"
            }
        );
        for r in &pos.replies {
            let pts: Vec<String> = r
                .points
                .iter()
                .map(|p| p.vertex(size).to_string())
                .collect();
            out += &format!(
                "\n{} {} games, mover won {:.0}%",
                pts.join(" "),
                r.played,
                100.0 * r.win_rate()
            );
        }
        Ok(out)
    }

    /// `tengen-rank`: the rank played at in GoGui's parameter format (`[list/off/30k/../1d]
    /// rank 5k`, `off` at full strength); `tengen-rank R` or `tengen-rank rank R` sets it
    /// (`off`: full strength).
    fn rank(&mut self, args: &[String]) -> Reply {
        let value = match args {
            [] => {
                let all: Vec<String> = Rank::all().map(|r| r.to_string()).collect();
                let now = self
                    .engine
                    .rank()
                    .map_or_else(|| "off".to_string(), |r| r.to_string());
                return Ok(format!("[list/off/{}] rank {now}", all.join("/")));
            }
            [v] => v,
            [k, v] if k == "rank" => v,
            _ => return Err(SYNTAX.into()),
        };
        let rank = Rank::or_off(value.trim_matches('"'))?;
        self.engine.set_rank(rank);
        Ok(String::new())
    }

    /// `tengen-param`: every setting, the engine-wide ones (under the names
    /// `kata-list-params` gives) and then the tree search's as they apply on the current
    /// board, in GoGui's parameter format (`[list/a/b] name value`, `[string] name value`);
    /// `tengen-param NAME VALUE` sets one (GoGui quotes a value with spaces, so quotes
    /// around it are taken off).
    fn search_param(&mut self, args: &[String]) -> Reply {
        match args {
            [] => {
                let p = self.engine.search_params_in_force();
                let engine = SETTINGS.iter().map(|s| {
                    let kind = match s.choices {
                        [] => "[string]".to_string(),
                        c => format!("[list/{}]", c.join("/")),
                    };
                    let v = self.engine.setting(s.gtp_name()).unwrap_or_default();
                    format!("{kind} {} {v}", s.gtp_name())
                });
                let tree = SearchParams::NAMES.iter().map(|&n| {
                    let v = p.get(n).unwrap_or_default();
                    let kind = if n == "policy" {
                        "[list/heavy/learned/light]"
                    } else {
                        "[string]"
                    };
                    format!("{kind} {n} {v}")
                });
                Ok(engine.chain(tree).collect::<Vec<_>>().join("\n"))
            }
            [name, value] => {
                let value = value.trim_matches('"');
                if value.is_empty() || name.contains('=') {
                    return Err(SYNTAX.into());
                }
                self.engine.set_setting(name, value)?;
                Ok(String::new())
            }
            _ => Err(SYNTAX.into()),
        }
    }

    /// A short search for the side to move, for the GoGui displays; an interrupt ends it.
    fn quick_search(&mut self, stream: &mut dyn Stream) -> Report {
        self.engine.evaluate(&stream.interrupt_flag())
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

    /// A gfx display of a short search: `draw` formats its report for this board.
    fn search_gfx(
        &mut self,
        args: &[String],
        stream: &mut dyn Stream,
        draw: fn(&Report, usize, Color) -> String,
    ) -> Response {
        if let Err(e) = want(args, 0) {
            return Response::Reply(Err(e));
        }
        let r = self.quick_search(stream);
        let (size, color) = (self.game().size(), self.game().to_move());
        Response::Reply(Ok(draw(&r, size, color)))
    }

    fn best_moves(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        self.search_gfx(args, stream, |r, size, _| gfx::best_moves(r, size))
    }

    fn principal_variation(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        self.search_gfx(args, stream, gfx::principal_variation)
    }

    fn heat_map(&mut self, args: &[String], stream: &mut dyn Stream) -> Response {
        self.search_gfx(args, stream, gfx::heat_map)
    }
}

/// Writes `text` to the side channel and flushes it; a failed write is logged and otherwise
/// ignored (the side channel is a courtesy, the replies are what counts).
fn write_side(side: &mut dyn Write, text: &str) {
    if let Err(e) = side.write_all(text.as_bytes()).and_then(|_| side.flush()) {
        log::warn!("side channel: {e}");
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
        match self.find(&cmd.name) {
            None => Response::Reply(Err("unknown command".into())),
            Some(Run::Plain(f)) => Response::Reply(f(self, &cmd.args)),
            Some(Run::Stream(f)) => f(self, &cmd.args, stream),
        }
    }
}

#[cfg(test)]
mod tests;
