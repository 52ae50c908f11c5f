//! Real client behaviour that `.tst` files cannot express: bursts of commands written at
//! once, streamed analysis read and stopped the way each client does it, the replies parsed
//! with a port of each client's own parsing code, CRLF input, `# interrupt`, and stderr
//! merged into stdout (Lizzie). The synchronous command sequences of the same clients are
//! in `engine-tests/suites/client_*.tst`; the sources are listed in /work/notes/qa-clients.md.

mod common;

use common::{is_vertex_on, Engine, GFX_KEYWORDS, REPLY_TIMEOUT, THINK_TIMEOUT};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Fast, reproducible settings for the engine moves in these tests.
const ARGS: &[&str] = &["--playouts", "150", "--threads", "1", "--seed", "21"];

/// Reads the lines of an open streamed reply until at least `want` lines starting with
/// `info` arrived (or `timeout` passed); panics if the reply ends by itself.
fn stream_lines(e: &mut Engine, want: usize, timeout: Duration, what: &str) -> Vec<String> {
    let start = Instant::now();
    let mut lines = Vec::new();
    while lines
        .iter()
        .filter(|l: &&String| l.starts_with("info"))
        .count()
        < want
    {
        let left = timeout.saturating_sub(start.elapsed());
        match e.read_line(left) {
            Ok(l) => {
                assert!(!l.is_empty(), "{what}: the stream ended without new input");
                lines.push(l);
            }
            Err(err) => panic!("{what}: only {} lines: {err}", lines.len()),
        }
    }
    lines
}

/// Reads the rest of a streamed reply up to and including its empty line; returns the lines
/// before it.
fn finish_stream(e: &mut Engine, what: &str) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        match e.read_line(REPLY_TIMEOUT) {
            Ok(l) if l.is_empty() => return lines,
            Ok(l) => lines.push(l),
            Err(err) => panic!("{what}: the stream did not end: {err}"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Sabaki: port of parseAnalysis() in SabakiHQ/Sabaki src/modules/enginesyncer.js.

/// One variation as Sabaki keeps it.
#[derive(Debug)]
struct SabakiVariation {
    vertex: String,
    visits: f64,
    /// Percent, as Sabaki computes it: `winrate.includes('.') ? +winrate*100 : +winrate/100`.
    winrate: f64,
    score_lead: Option<f64>,
    moves: Vec<String>,
}

fn is_sabaki_vertex_token(t: &str) -> bool {
    t == "pass"
        || (t.len() >= 2
            && t.as_bytes()[0].is_ascii_alphabetic()
            && t[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// Sabaki's parse of one analysis line, `sign` -1 for White (ownership values are multiplied
/// by it, so the result is from Black's side). Returns an error where Sabaki's JavaScript
/// would throw (a missing `winrate`, a NaN number) or drop everything.
fn sabaki_parse_analysis(
    line: &str,
    size: usize,
    sign: f64,
) -> Result<(Vec<SabakiVariation>, Option<Vec<f64>>), String> {
    let mut line = line.to_string();
    let mut ownership = None;
    if let Some(i) = line.find("ownership") {
        let raw: Vec<f64> = line[i + "ownership".len()..]
            .split_whitespace()
            .map(|x| x.parse::<f64>().map(|v| sign * v))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("ownership value: {e}"))?;
        if raw.len() == size * size {
            ownership = Some(raw);
        }
        line.truncate(i);
    }
    let mut variations = Vec::new();
    // line.split(/\s*info\s+/).slice(1)
    let chunks: Vec<&str> = line.split("info ").skip(1).collect();
    for chunk in chunks {
        let tokens: Vec<&str> = chunk.split_whitespace().collect();
        // the trailing run of vertices is the PV (matchPV); the token before it is dropped
        let pv_len = tokens
            .iter()
            .rev()
            .take_while(|t| is_sabaki_vertex_token(t))
            .count();
        if pv_len == 0 {
            continue;
        }
        let head = &tokens[..tokens.len() - pv_len];
        let head = &head[..head.len().saturating_sub(1)];
        let pv: Vec<String> = tokens[tokens.len() - pv_len..]
            .iter()
            .take_while(|t| **t != "pass")
            .map(|t| t.to_string())
            .collect();
        let get = |k: &str| {
            head.chunks(2)
                .find(|kv| kv[0] == k)
                .and_then(|kv| kv.get(1))
                .copied()
        };
        let Some(mv) = get("move") else {
            return Err(format!("no move in {chunk:?}"));
        };
        if !is_sabaki_vertex_token(mv) || mv == "pass" {
            continue;
        }
        let wr = get("winrate").ok_or_else(|| format!("no winrate in {chunk:?}"))?;
        let winrate = if wr.contains('.') {
            wr.parse::<f64>().map(|v| v * 100.0)
        } else {
            wr.parse::<f64>().map(|v| v / 100.0)
        }
        .map_err(|_| format!("winrate {wr:?} is NaN for Sabaki"))?;
        let visits = get("visits")
            .ok_or("no visits")?
            .parse::<f64>()
            .map_err(|_| "visits NaN")?;
        let score_lead = match get("scoreLead") {
            Some(s) => Some(s.parse::<f64>().map_err(|_| "scoreLead NaN")?),
            None => None,
        };
        variations.push(SabakiVariation {
            vertex: mv.to_string(),
            visits,
            winrate,
            score_lead,
            moves: pv,
        });
    }
    Ok((variations, ownership))
}

/// Sabaki writes name, version, protocol_version and list_commands at once on start-up and
/// replays a whole history in one burst (Promise.all over clear_board and the plays).
#[test]
fn sabaki_startup_burst_and_history_replay() {
    let mut e = Engine::spawn(ARGS);
    e.send_raw(b"name\nversion\nprotocol_version\nlist_commands\n")
        .expect("write");
    let name = e.reply(REPLY_TIMEOUT).expect("name");
    let version = e.reply(REPLY_TIMEOUT).expect("version");
    let proto = e.reply(REPLY_TIMEOUT).expect("protocol_version");
    let list = e.reply(REPLY_TIMEOUT).expect("list_commands");
    assert!(name.ok && !name.text.is_empty(), "{:?}", name.raw);
    assert!(version.ok && !version.text.is_empty(), "{:?}", version.raw);
    assert_eq!(proto.text, "2");
    // this.commands = response.content.split('\n'): one command per line, no padding
    let commands: Vec<&str> = list.text.split('\n').collect();
    for c in &commands {
        assert_eq!(c.trim(), *c, "padded entry {c:?} in list_commands");
    }
    for needed in [
        "kata-analyze",
        "kata-genmove_analyze",
        "set_free_handicap",
        "undo",
    ] {
        assert!(
            commands.contains(&needed),
            "{needed} not listed: {commands:?}"
        );
    }

    // _sync(): komi, boardsize, then clear_board and every history command at once.
    let burst = "komi 6.5\nboardsize 9\nclear_board\nset_free_handicap C3 G7\nplay W E5\n\
                 play B C7\nplay W G3\nplay W E3\nplay B E7\n";
    e.send_raw(burst.as_bytes()).expect("write");
    for l in burst.lines() {
        let r = e.reply(REPLY_TIMEOUT).expect(l);
        assert!(r.ok, "{l}: {:?}", r.raw);
    }
    // Incremental sync: two undos and the new branch, again at once.
    e.send_raw(b"undo\nundo\nplay B D5\n").expect("write");
    for l in ["undo", "undo", "play B D5"] {
        let r = e.reply(REPLY_TIMEOUT).expect(l);
        assert!(r.ok, "{l}: {:?}", r.raw);
    }
    // E3 and E7 were undone, D5 is on the board.
    assert_eq!(e.ok("is_legal B E3"), "1");
    assert_eq!(e.ok("is_legal W E7"), "1");
    assert_eq!(e.ok("is_legal W D5"), "0");
    let rules = e.ok("kata-get-rules");
    assert!(rules.contains("\"komi\":6.5"), "komi lost: {rules}");
    assert_eq!(e.drain_for(Duration::from_millis(200)), "", "stray output");

    // Opening a long game record: boardsize 19, clear_board and 152 plays in one write
    // (Black fills rows 1-4, White rows 16-19: no captures).
    let mut burst = String::from("boardsize 19\nclear_board\n");
    for i in 0..76 {
        let (x, y) = (i % 19, i / 19);
        burst.push_str(&format!("play B {}\n", common::vertex(x, y)));
        burst.push_str(&format!("play W {}\n", common::vertex(x, 18 - y)));
    }
    let t = Instant::now();
    e.send_raw(burst.as_bytes()).expect("write");
    for l in burst.lines() {
        let r = e.reply(REPLY_TIMEOUT).expect(l);
        assert!(r.ok, "{l}: {:?}", r.raw);
    }
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "replaying 152 moves took {:?}",
        t.elapsed()
    );
    assert_eq!(e.ok("is_legal B T4"), "0");
    assert_eq!(e.ok("is_legal B T15"), "1");
}

fn sabaki_position(e: &mut Engine) {
    for l in [
        "komi 6.5",
        "boardsize 9",
        "clear_board",
        "play B E5",
        "play W C3",
        "play B G7",
    ] {
        e.ok(l);
    }
}

/// kata-analyze as Sabaki sends it (`kata-analyze W 50`), its lines parsed by Sabaki's code,
/// then stopped the way Sabaki does: protocol_version (EngineSyncer.sendAbort) written
/// together with the next sync and the next analysis command.
#[test]
fn sabaki_analysis_is_parsed_and_aborted_like_sabaki() {
    let mut e = Engine::spawn(ARGS);
    sabaki_position(&mut e);
    e.send("kata-analyze W 50");
    // StreamController: the first line must start with '=' or '?', else it is skipped
    let first = e.read_line(REPLY_TIMEOUT).expect("first line");
    assert!(first.starts_with('='), "first line {first:?}");
    let lines = stream_lines(&mut e, 3, Duration::from_secs(10), "kata-analyze W 50");
    for l in lines.iter().filter(|l| l.starts_with("info ")) {
        let (vars, _) = sabaki_parse_analysis(l, 9, -1.0).unwrap_or_else(|err| panic!("{err}"));
        assert!(!vars.is_empty(), "Sabaki finds no variation in {l:?}");
        for v in &vars {
            assert!(is_vertex_on(&v.vertex, 9), "{v:?}");
            assert!((0.0..=100.0).contains(&v.winrate), "winrate {v:?}");
            assert!(v.visits >= 0.0);
            assert!(v.score_lead.is_some(), "kata line without scoreLead: {l:?}");
            assert!(!v.moves.is_empty(), "empty pv: {v:?}");
            assert_eq!(v.moves[0], v.vertex, "pv starts elsewhere: {v:?}");
            for m in &v.moves {
                assert!(is_vertex_on(m, 9), "pv move {m:?} in {l:?}");
            }
        }
    }
    // Navigating to the next node: abort, sync, analyse again, written at once.
    e.send_raw(b"protocol_version\nplay W C7\nkata-analyze B 50\n")
        .expect("write");
    finish_stream(&mut e, "first analysis");
    let r = e.reply(REPLY_TIMEOUT).expect("protocol_version");
    assert_eq!(r.raw, "= 2\n\n");
    let r = e.reply(REPLY_TIMEOUT).expect("play");
    assert_eq!(r.raw, "= \n\n");
    let first = e.read_line(REPLY_TIMEOUT).expect("second analysis");
    assert_eq!(first, "= ");
    let lines = stream_lines(&mut e, 1, Duration::from_secs(10), "kata-analyze B 50");
    let (vars, _) = sabaki_parse_analysis(&lines[lines.len() - 1], 9, 1.0).expect("parse");
    assert!(vars.iter().all(|v| v.vertex != "C7"), "C7 is occupied");
    // Stop analysis: @sabaki/gtp StreamController.sendAbort() writes a bare newline.
    e.send_raw(b"\n").expect("write");
    finish_stream(&mut e, "second analysis");
    // The newline itself gets no reply: the next reply is for the next command.
    assert!(!e.ok("name").is_empty());
    assert_eq!(e.drain_for(Duration::from_millis(200)), "", "stray output");
}

/// Stepping through a game with the arrow keys while analysing: every step writes the
/// abort, the sync and a new kata-analyze at once. Analyses that already have input
/// waiting must end at once, not after an interval each, or the display lags behind.
#[test]
fn sabaki_fast_navigation_does_not_lag() {
    let mut e = Engine::spawn(ARGS);
    sabaki_position(&mut e);
    let steps = ["D4", "F6", "D6", "F4", "E3", "E7", "C5", "G5", "B2", "H8"];
    let mut burst = String::from("kata-analyze W 50\n");
    for (i, v) in steps.iter().enumerate() {
        let c = if i % 2 == 0 { "W" } else { "B" };
        let next = if i % 2 == 0 { "B" } else { "W" };
        burst.push_str(&format!(
            "protocol_version\nplay {c} {v}\nkata-analyze {next} 50\n"
        ));
    }
    let t = Instant::now();
    e.send_raw(burst.as_bytes()).expect("write");
    for i in 0..steps.len() {
        let head = e.read_line(REPLY_TIMEOUT).expect("analysis header");
        assert_eq!(head, "= ", "step {i}");
        finish_stream(&mut e, "superseded analysis");
        assert_eq!(e.reply(REPLY_TIMEOUT).expect("abort").text, "2", "step {i}");
        let r = e.reply(REPLY_TIMEOUT).expect("play");
        assert!(r.ok, "step {i}: {:?}", r.raw);
    }
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "10 superseded analyses took {:?}",
        t.elapsed()
    );
    // The last analysis is the live one.
    assert_eq!(e.read_line(REPLY_TIMEOUT).expect("last header"), "= ");
    let lines = stream_lines(&mut e, 1, Duration::from_secs(10), "last analysis");
    let (vars, _) = sabaki_parse_analysis(&lines[lines.len() - 1], 9, -1.0).expect("parse");
    assert!(vars.iter().all(|v| !steps.contains(&v.vertex.as_str())));
    e.send_raw(b"\n").expect("write");
    finish_stream(&mut e, "last analysis");
}

/// Sabaki multiplies ownership by the sign of the analysed colour (-1 for W) to draw it from
/// Black's side, so the engine must report it from the analysed colour's side (as KataGo).
#[test]
fn sabaki_ownership_is_from_the_analysed_side() {
    let mut e = Engine::spawn(ARGS);
    // Black walls off columns A-C of a 5x5 board; White has nothing.
    for l in [
        "boardsize 5",
        "komi 0.5",
        "play B C1",
        "play B C2",
        "play B C3",
        "play B C4",
        "play B C5",
        "play B B3",
    ] {
        e.ok(l);
    }
    for (color, sign) in [("W", -1.0), ("B", 1.0)] {
        let cmd = format!("kata-analyze {color} 20 ownership true");
        e.send(&cmd);
        assert_eq!(e.read_line(REPLY_TIMEOUT).expect("header"), "= ");
        let lines = stream_lines(&mut e, 3, Duration::from_secs(10), &cmd);
        e.send("protocol_version");
        finish_stream(&mut e, &cmd);
        assert_eq!(e.reply(REPLY_TIMEOUT).expect("reply").text, "2");
        let last = lines.last().expect("a line");
        let (vars, own) = sabaki_parse_analysis(last, 5, sign).expect("parse");
        let own = own.unwrap_or_else(|| panic!("{cmd}: no ownership Sabaki can use: {last:?}"));
        // Row-major from the top-left: columns A and B (x = 0, 1) are Black's.
        let black_side: f64 = (0..5).map(|y| own[y * 5] + own[y * 5 + 1]).sum::<f64>() / 10.0;
        assert!(
            black_side > 0.5,
            "{cmd}: Sabaki would show Black's area as {black_side:.2} (not Black's)"
        );
        let best = vars.iter().map(|v| v.winrate).fold(0.0, f64::max);
        if color == "W" {
            assert!(
                best < 50.0,
                "{cmd}: White's winrate {best}% on a lost board"
            );
        } else {
            assert!(best > 50.0, "{cmd}: Black's winrate {best}% on a won board");
        }
    }
}

/// kata-genmove_analyze as Sabaki's generateMove() sends it: the "play" line comes, then the
/// reply ends by itself (Sabaki sends nothing until it does).
#[test]
fn sabaki_genmove_analyze_ends_by_itself() {
    let mut e = Engine::spawn(ARGS);
    sabaki_position(&mut e);
    e.send("kata-genmove_analyze W 50");
    assert_eq!(e.read_line(REPLY_TIMEOUT).expect("header"), "= ");
    let mut played = None;
    loop {
        let l = e
            .read_line(THINK_TIMEOUT)
            .unwrap_or_else(|err| panic!("no end of kata-genmove_analyze: {err}"));
        if l.is_empty() {
            break;
        }
        if let Some(v) = l.strip_prefix("play ") {
            assert!(played.is_none(), "two play lines");
            played = Some(v.to_string());
        } else {
            assert!(played.is_none(), "line after play: {l:?}");
            sabaki_parse_analysis(&l, 9, -1.0).unwrap_or_else(|err| panic!("{err}"));
        }
    }
    let v = played.expect("a play line");
    assert!(is_vertex_on(&v, 9) || v == "pass", "{v:?}");
    if v != "pass" {
        assert_eq!(e.ok(&format!("is_legal B {v}")), "0", "{v} was not played");
    }
}

/// Sends a streamed analysis command, reads `lines` info lines, stops it with
/// protocol_version and returns the info lines.
fn analysis_lines(e: &mut Engine, cmd: &str, lines: usize) -> Vec<String> {
    e.send(cmd);
    let first = e.read_line(REPLY_TIMEOUT).expect("first line");
    assert_eq!(first, "= ", "{cmd}: refused?");
    let got = stream_lines(e, lines, Duration::from_secs(10), cmd);
    e.send("protocol_version");
    finish_stream(e, cmd);
    assert_eq!(e.reply(REPLY_TIMEOUT).expect("protocol_version").text, "2");
    got.into_iter().filter(|l| l.starts_with("info ")).collect()
}

/// A Sabaki-based GUI (engine service of a Sabaki derivative, buildAnalyzeArgs) adds
/// `ownership true`, `maxmoves N` (its "candidates" setting) and, for an analysis area,
/// `allow b LIST 999 allow w LIST 999`; KataGo's semantics: at most N moves, only the
/// allowed ones.
#[test]
fn sabaki_analysis_area_and_maxmoves() {
    let mut e = Engine::spawn(ARGS);
    sabaki_position(&mut e);
    for l in analysis_lines(&mut e, "kata-analyze B 50 ownership true maxmoves 3", 2) {
        let (vars, own) = sabaki_parse_analysis(&l, 9, 1.0).expect("parse");
        assert!(own.is_some(), "no ownership: {l:.200}");
        assert!(
            (1..=3).contains(&vars.len()),
            "maxmoves 3 but {} moves",
            vars.len()
        );
    }
    let area = ["C7", "D5", "F4"];
    let cmd = "kata-analyze B 50 ownership true allow b C7,D5,F4 999 allow w C7,D5,F4 999";
    for l in analysis_lines(&mut e, cmd, 2) {
        let (vars, _) = sabaki_parse_analysis(&l, 9, 1.0).expect("parse");
        assert!(!vars.is_empty());
        for v in &vars {
            assert!(
                area.contains(&v.vertex.as_str()),
                "{} outside the area",
                v.vertex
            );
        }
    }
}

/// Reviewing a finished game: at the last position Black has no move left but to pass.
/// KataGo still reports (`info move pass ...` and the ownership); Sabaki keeps the
/// ownership and Lizzie the winrate of that node. An analysis that prints nothing leaves
/// both without data for the final position.
#[test]
fn analysis_of_a_finished_position_still_reports() {
    let mut e = Engine::spawn(ARGS);
    // 3x3: Black owns the board with four one-point eyes; White cannot play anywhere.
    for l in [
        "boardsize 3",
        "play B B1",
        "play B B2",
        "play B B3",
        "play B A2",
        "play B C2",
    ] {
        e.ok(l);
    }
    for (cmd, sign) in [
        ("kata-analyze B 20 ownership true", 1.0),
        ("kata-analyze W 20 ownership true", -1.0),
    ] {
        let lines = analysis_lines(&mut e, cmd, 1);
        let (_, own) = sabaki_parse_analysis(&lines[0], 3, sign).expect("parse");
        let own = own.unwrap_or_else(|| panic!("{cmd}: no ownership in {:?}", lines[0]));
        assert!(own.iter().all(|&o| o > 0.5), "{cmd}: {own:?}");
    }
}

/// During an engine game Sabaki's queueCommand() calls sendAbort() (protocol_version) while
/// kata-genmove_analyze runs. KataGo: genmove_analyze "will NOT terminate prematurely due a
/// newline or additional GTP command": the move keeps its thinking time and the queued
/// command is answered after the play line.
#[test]
fn sabaki_abort_does_not_cut_genmove_analyze() {
    let mut e = Engine::spawn(&["--time", "1.5", "--threads", "1", "--seed", "4"]);
    sabaki_position(&mut e);
    let t = Instant::now();
    e.send("kata-genmove_analyze W 50");
    assert_eq!(e.read_line(REPLY_TIMEOUT).expect("header"), "= ");
    e.send_raw(b"protocol_version\n\n").expect("write");
    let lines = finish_stream(&mut e, "kata-genmove_analyze");
    assert!(
        t.elapsed() >= Duration::from_millis(700),
        "the move took {:?} of 1.5 s: cut short by the queued command",
        t.elapsed()
    );
    let play = lines.last().expect("lines");
    assert!(play.starts_with("play "), "last line {play:?}");
    assert_eq!(e.reply(REPLY_TIMEOUT).expect("protocol_version").text, "2");
}

// ---------------------------------------------------------------------------------------
// Lizzie: ports of Leelaz.parseLine() and MoveData.fromInfo() (featurecat/lizzie).

/// A running engine whose stderr is merged into stdout, as Lizzie starts it
/// (`processBuilder.redirectErrorStream(true)`); lines are read by a thread.
struct Merged {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    rx: Receiver<String>,
}

impl Merged {
    fn spawn(args: &[&str]) -> Merged {
        let bin = common::engine_path();
        // one pipe for both streams (std's, so no shell is needed on any platform); the
        // command, which holds the writing ends, is dropped at once so the pipe ends with
        // the engine
        let (stdout, writer) = std::io::pipe().expect("pipe");
        let mut child = {
            let mut cmd = Command::new(&bin);
            cmd.args(args)
                .env_remove("RUST_LOG")
                .stdin(Stdio::piped())
                .stdout(writer.try_clone().expect("pipe"))
                .stderr(writer);
            cmd.spawn()
                .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()))
        };
        let stdin = child.stdin.take().expect("stdin");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Merged { child, stdin, rx }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    fn line(&self, timeout: Duration) -> Option<String> {
        self.rx.recv_timeout(timeout).ok()
    }
}

impl Drop for Merged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What Lizzie's parseLine() makes of one line.
#[derive(Debug, PartialEq)]
enum LizzieLine {
    /// `=N ...` / `?N ...`: the command number and the words after it.
    Reply(i64, bool, Vec<String>),
    /// `info ...`: the moves (coordinate, playouts, winrate percent, variation).
    Info(Vec<(String, i32, f64, Vec<String>)>),
    /// `play VERTEX` (lz-genmove_analyze).
    Play(String),
    /// Ignored by Lizzie.
    Other,
}

/// Java's String.split(" "): empty strings between consecutive spaces kept, trailing ones
/// removed.
fn java_split_space(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.split(' ').collect();
    while v.last() == Some(&"") {
        v.pop();
    }
    v
}

/// MoveData.fromInfo(): Integer.parseInt on visits and winrate; an exception there is not
/// caught and ends Lizzie's reader thread.
fn lizzie_from_info(var: &str) -> Result<(String, i32, f64, Vec<String>), String> {
    let data = java_split_space(var.trim());
    let (mut mv, mut playouts, mut winrate, mut pv) = (String::new(), 0, 0.0, Vec::new());
    let mut i = 0;
    while i < data.len() {
        let key = data[i];
        if key == "pv" {
            pv = data[i + 1..].iter().map(|s| s.to_string()).collect();
            break;
        }
        i += 1;
        let value = *data
            .get(i)
            .ok_or_else(|| format!("ArrayIndexOutOfBounds after {key:?} in {var:?}"))?;
        match key {
            "move" => mv = value.to_string(),
            "visits" => {
                playouts = value
                    .parse::<i32>()
                    .map_err(|_| format!("NumberFormatException: visits {value:?}"))?
            }
            "winrate" => {
                winrate = value
                    .parse::<i32>()
                    .map_err(|_| format!("NumberFormatException: winrate {value:?}"))?
                    as f64
                    / 100.0
            }
            _ => {}
        }
        i += 1;
    }
    Ok((mv, playouts, winrate, pv))
}

/// Leelaz.parseLine() for one line (without its newline).
fn lizzie_parse_line(line: &str) -> Result<LizzieLine, String> {
    if line.starts_with("info") {
        // parseInfo(line.substring(5)): split(" info ")
        let rest = line.get(5..).unwrap_or("");
        let moves = rest
            .split(" info ")
            .filter(|v| !v.trim().is_empty())
            .map(lizzie_from_info)
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(LizzieLine::Info(moves));
    }
    if line.contains(" -> ") {
        // MoveData.fromSummary() throws IllegalArgumentException unless it is a Leela summary
        return Err(format!(
            "Lizzie would parse {line:?} as a Leela Zero summary"
        ));
    }
    if line.starts_with("play") {
        return Ok(LizzieLine::Play(
            line.get(5..).unwrap_or("").trim().to_string(),
        ));
    }
    if line.starts_with('=') || line.starts_with('?') {
        let params: Vec<String> = java_split_space(line.trim())
            .iter()
            .map(|s| s.to_string())
            .collect();
        let id = params[0][1..]
            .trim()
            .parse::<i64>()
            .map_err(|_| format!("NumberFormatException: reply without id {line:?}"))?;
        return Ok(LizzieLine::Reply(
            id,
            line.starts_with('='),
            params[1..].to_vec(),
        ));
    }
    Ok(LizzieLine::Other)
}

/// Reads merged lines until the reply with `id` (or `timeout`); every line must survive
/// Lizzie's parser. Returns the reply's words and the info lines seen before it.
fn lizzie_until_reply(
    m: &Merged,
    id: i64,
    timeout: Duration,
) -> (bool, Vec<String>, Vec<LizzieLine>) {
    let start = Instant::now();
    let mut seen = Vec::new();
    loop {
        let left = timeout.saturating_sub(start.elapsed());
        let line = m
            .line(left)
            .unwrap_or_else(|| panic!("no reply {id} within {timeout:?}"));
        match lizzie_parse_line(&line).unwrap_or_else(|err| panic!("{err}")) {
            LizzieLine::Reply(n, ok, words) if n == id => return (ok, words, seen),
            LizzieLine::Reply(n, _, _) => panic!("reply {n} while waiting for {id}"),
            other => seen.push(other),
        }
    }
}

/// Lizzie's start-up and pondering with stderr merged into stdout and debug logging on:
/// numbered commands, lz-analyze INTERVAL (no colour), stopped by "name", analysis with
/// avoid lists (Lizzie's analyzeAvoid), lz-genmove_analyze.
#[test]
fn lizzie_session_with_ids_and_merged_stderr() {
    let mut m = Merged::spawn(&["--playouts", "150", "--threads", "1", "--seed", "3", "-vv"]);
    m.send("1 name");
    let (ok, words, _) = lizzie_until_reply(&m, 1, REPLY_TIMEOUT);
    assert!(ok && !words.is_empty());
    let name = words.join(" ");
    m.send("2 version");
    let (ok, words, _) = lizzie_until_reply(&m, 2, REPLY_TIMEOUT);
    assert!(ok);
    // Lizzie 0.7.4: unless the name starts with "KataGo", ver = params[1].split("\\.");
    // minor = Integer.parseInt(ver[1]), and a minor below 15 shows the modal dialog
    // "Lizzie requires version 0.15 or later of Leela Zero" (often freezing Lizzie)
    if !name.starts_with("KataGo") {
        let ver: Vec<&str> = words[0].split('.').collect();
        let minor = ver.get(1).and_then(|m| m.parse::<i32>().ok());
        assert!(
            minor.is_some_and(|m| m >= 15),
            "Lizzie would refuse version {:?}",
            words[0]
        );
    }
    for (id, cmd) in [
        (3, "boardsize 19"),
        (4, "komi 7.5"),
        (5, "play B Q16"),
        (6, "play W D4"),
    ] {
        m.send(&format!("{id} {cmd}"));
        let (ok, _, _) = lizzie_until_reply(&m, id, REPLY_TIMEOUT);
        assert!(ok, "{cmd}");
    }
    // ponder(): "lz-analyze 10"; the "=7" must come first (isResponseUpToDate) and then
    // lines Lizzie can parse.
    m.send("7 lz-analyze 10");
    let (ok, _, _) = lizzie_until_reply(&m, 7, REPLY_TIMEOUT);
    assert!(ok);
    let mut infos = 0;
    let start = Instant::now();
    while infos < 3 && start.elapsed() < Duration::from_secs(10) {
        let Some(l) = m.line(Duration::from_secs(10)) else {
            break;
        };
        match lizzie_parse_line(&l).unwrap_or_else(|err| panic!("{err}")) {
            LizzieLine::Info(moves) => {
                assert!(!moves.is_empty());
                for (mv, playouts, winrate, pv) in &moves {
                    assert!(is_vertex_on(mv, 19), "{mv:?}");
                    assert!(*playouts >= 0 && (0.0..=100.0).contains(winrate));
                    assert_eq!(pv.first(), Some(mv), "{l:?}");
                }
                infos += 1;
            }
            LizzieLine::Reply(n, _, _) => panic!("reply {n} during analysis"),
            _ => {}
        }
    }
    assert!(infos >= 3, "only {infos} info lines");
    // playMove() while pondering: the play ends the analysis and is answered, then ponder()
    // sends lz-analyze again once "=8" is read.
    m.send("8 play W Q4");
    let (ok, _, _) = lizzie_until_reply(&m, 8, REPLY_TIMEOUT);
    assert!(ok);
    m.send("80 lz-analyze 10");
    let (ok, _, _) = lizzie_until_reply(&m, 80, REPLY_TIMEOUT);
    assert!(ok);
    let l = m.line(Duration::from_secs(10)).expect("analysis line");
    match lizzie_parse_line(&l).unwrap_or_else(|err| panic!("{err}")) {
        LizzieLine::Info(moves) => assert!(moves.iter().all(|(mv, ..)| mv != "Q4")),
        other => panic!("expected info, got {other:?}"),
    }
    // togglePonder(): "name" ends pondering
    m.send("81 name");
    let (ok, _, _) = lizzie_until_reply(&m, 81, REPLY_TIMEOUT);
    assert!(ok);
    // analyzeAvoid(): "lz-analyze INTERVAL avoid b COORDS N avoid w COORDS N"
    m.send("9 lz-analyze 10 avoid b C3,D16,R3 1 avoid w C3,D16,R3 1");
    let (ok, words, _) = lizzie_until_reply(&m, 9, REPLY_TIMEOUT);
    assert!(ok, "avoid analysis refused: {words:?}");
    let mut checked = 0;
    while checked < 3 {
        let l = m
            .line(Duration::from_secs(10))
            .expect("avoid analysis lines");
        if let LizzieLine::Info(moves) = lizzie_parse_line(&l).unwrap_or_else(|err| panic!("{err}"))
        {
            for (mv, ..) in &moves {
                assert!(!["C3", "D16", "R3"].contains(&mv.as_str()), "avoided {mv}");
            }
            checked += 1;
        }
    }
    m.send("10 name");
    lizzie_until_reply(&m, 10, REPLY_TIMEOUT);
    // genmove_analyze(color): "lz-genmove_analyze B 10", the move comes on a "play" line
    m.send("11 lz-genmove_analyze B 10");
    let (ok, _, seen) = lizzie_until_reply(&m, 11, REPLY_TIMEOUT);
    assert!(ok);
    // log lines (stderr) may come first; analysis output may not
    assert!(
        seen.iter().all(|l| *l == LizzieLine::Other),
        "lines before =11: {seen:?}"
    );
    let mut play = None;
    let start = Instant::now();
    while play.is_none() && start.elapsed() < THINK_TIMEOUT {
        let l = m.line(THINK_TIMEOUT).expect("genmove_analyze lines");
        if let LizzieLine::Play(v) = lizzie_parse_line(&l).unwrap_or_else(|err| panic!("{err}")) {
            play = Some(v);
        }
    }
    let v = play.expect("a play line");
    assert!(is_vertex_on(&v, 19) || v == "pass", "{v:?}");
    m.send("12 quit");
    lizzie_until_reply(&m, 12, REPLY_TIMEOUT);
}

/// Lizzie in KataGo mode (and Lizzie forks that pick kata-analyze from list_commands):
/// "kata-analyze INTERVAL ownership true" without a colour. parseInfoKatago splits on
/// " info ", fromInfoKatago on single spaces (Integer visits, Double winrate, scoreMean);
/// the ownership is `line.trim().split("ownership")[1].trim().split(" ")`, each value
/// through Double.parseDouble, one per point.
#[test]
fn lizzie_katago_mode_lines_parse() {
    let mut e = Engine::spawn(ARGS);
    e.ok("1 boardsize 19");
    e.ok("2 komi 7.5");
    e.ok("3 play B Q16");
    let lines = analysis_lines(&mut e, "kata-analyze 10 ownership true", 2);
    for l in &lines {
        let parts: Vec<&str> = l.trim().split("ownership").collect();
        assert_eq!(parts.len(), 2, "one ownership block: {l:.100}");
        let own: Vec<f64> = java_split_space(parts[1].trim())
            .iter()
            .map(|v| {
                v.parse::<f64>()
                    .unwrap_or_else(|_| panic!("Double.parseDouble({v:?})"))
            })
            .collect();
        assert_eq!(own.len(), 361);
        for var in parts[0]["info ".len()..].split(" info ") {
            let data = java_split_space(var.trim());
            let pv = data.iter().position(|t| *t == "pv").expect("pv");
            for kv in data[..pv].chunks(2) {
                let v = kv.get(1).unwrap_or_else(|| panic!("key {} alone", kv[0]));
                match kv[0] {
                    "visits" | "order" => {
                        v.parse::<i32>()
                            .unwrap_or_else(|_| panic!("Integer.parseInt({v:?})"));
                    }
                    "move" => assert!(is_vertex_on(v, 19), "{v}"),
                    _ => {
                        v.parse::<f64>()
                            .unwrap_or_else(|_| panic!("Double.parseDouble({v:?}) for {}", kv[0]));
                    }
                }
            }
            assert!(pv + 1 < data.len(), "empty pv in {var:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// GoGui: GtpClientBase.queryInterruptSupport(), sendInterrupt(), AnalyzeDefinition.

/// GoGui sends gogui-interrupt once when idle; during a genmove it writes the comment line
/// "# interrupt" and waits for the (early) reply.
#[test]
fn gogui_interrupt_stops_a_long_genmove() {
    let mut e = Engine::spawn(&["--time", "60", "--threads", "1"]);
    let list = e.ok("list_commands");
    // querySupportedCommands(): splitArguments, so any whitespace separates names
    assert!(list.split_whitespace().any(|c| c == "gogui-interrupt"));
    e.ok("gogui-interrupt");
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 6.5");
    e.send("genmove b");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send_raw(b"# interrupt\n").expect("write");
    let r = e
        .reply(Duration::from_secs(15))
        .expect("genmove after interrupt");
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "interrupt took {:?}",
        t.elapsed()
    );
    assert!(r.ok && is_vertex_on(&r.text, 9), "{:?}", r.raw);
    // The comment got no reply of its own and the game goes on.
    e.ok("undo");
    assert_eq!(e.ok("protocol_version"), "2");
}

/// An interrupt that arrives after the reply (the user clicked too late) must not cut the
/// next genmove short.
#[test]
fn gogui_late_interrupt_does_not_cut_the_next_genmove() {
    let mut e = Engine::spawn(&["--time", "1.5", "--threads", "1"]);
    e.ok("boardsize 9");
    e.send_raw(b"# interrupt\n").expect("write");
    let t = Instant::now();
    let r = e.cmd("genmove b");
    assert!(r.ok, "{:?}", r.raw);
    assert!(
        t.elapsed() >= Duration::from_millis(700),
        "genmove answered after {:?} of a 1.5 s budget: a stale interrupt cut it",
        t.elapsed()
    );
}

const GOGUI_TYPES: &[&str] = &[
    "bwboard", "cboard", "dboard", "eplist", "gfx", "hstring", "hpstring", "none", "param",
    "plist", "pspairs", "pstring", "string", "sboard", "var", "varb", "varc", "varp", "varpo",
    "varw",
];

/// gogui-analyze_commands read as AnalyzeDefinition.readConfig() reads it, then every command
/// run with GoGui's placeholders filled and its reply parsed for its type (parseDoubleBoard
/// for dboard, the gfx keywords for gfx).
#[test]
fn gogui_analyze_commands_as_gogui_reads_them() {
    let mut e = Engine::spawn(ARGS);
    e.ok("boardsize 9");
    e.ok("play b E5");
    e.ok("play w C3");
    let supported: Vec<String> = e
        .ok("list_commands")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let text = e.ok("gogui-analyze_commands");
    let mut labels = Vec::new();
    let mut defs = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('/').collect();
        assert!((3..=5).contains(&f.len()), "GoGui rejects {line:?}");
        assert!(GOGUI_TYPES.contains(&f[0]), "unknown type in {line:?}");
        assert!(
            !labels.contains(&f[1]),
            "duplicate label {:?} is dropped",
            f[1]
        );
        labels.push(f[1]);
        let cmd = f[2].trim();
        let name = cmd.split_whitespace().next().unwrap_or("");
        assert!(
            supported.iter().any(|s| s == name),
            "{name} not in list_commands"
        );
        defs.push((f[0].to_string(), cmd.to_string()));
    }
    assert!(defs.iter().any(|(t, _)| t == "dboard"), "no dboard");
    assert!(defs.iter().any(|(t, _)| t == "gfx"), "no gfx");
    for (ty, cmd) in defs {
        let cmd = cmd
            .replace("%c", "b")
            .replace("%p", "E5")
            .replace("%m", "b E5");
        let r = e.cmd(&cmd);
        assert!(r.ok, "{cmd}: {:?}", r.raw);
        match ty.as_str() {
            "dboard" => {
                // GtpUtil.parseStringBoard: blank lines skipped, 9 rows of >= 9 numbers
                let rows: Vec<&str> = r.text.lines().filter(|l| !l.trim().is_empty()).collect();
                assert!(rows.len() >= 9, "{cmd}: {} rows", rows.len());
                for row in &rows[..9] {
                    let vals: Vec<&str> = row.split_whitespace().collect();
                    assert!(vals.len() >= 9, "{cmd}: short row {row:?}");
                    for v in &vals[..9] {
                        v.parse::<f64>()
                            .unwrap_or_else(|_| panic!("{cmd}: not a number {v:?}"));
                    }
                }
            }
            "gfx" => {
                for l in r.text.lines().filter(|l| !l.trim().is_empty()) {
                    let mut w = l.split_whitespace();
                    let key = w.next().unwrap_or("");
                    assert!(
                        GFX_KEYWORDS.contains(&key),
                        "{cmd}: GoGui does not know {l:?}"
                    );
                    if key == "LABEL" {
                        let args: Vec<&str> = w.collect();
                        assert!(args.len().is_multiple_of(2), "{cmd}: LABEL pairs {l:?}");
                        for p in args.chunks(2) {
                            assert!(is_vertex_on(p[0], 9), "{cmd}: {l:?}");
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------------------
// gtp2ogs: Bot.ts writes `${cmd}\r\n`, queues commands without waiting (void command()) and
// splits stdout on /(\r?\n){2}/; a chunk must start with '=' or '?'.

/// Reads stdout the way gtp2ogs does until `n` replies are complete: accumulate until the
/// buffer ends with an empty line, then split on it.
fn gtp2ogs_replies(e: &mut Engine, n: usize) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    while out.len() < n {
        let raw = e
            .read_raw_reply(THINK_TIMEOUT)
            .unwrap_or_else(|err| panic!("after {} replies: {err}", out.len()));
        let first = raw.trim_start();
        let ok = match first.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => panic!("gtp2ogs: Unexpected output: {raw:?}"),
        };
        // cb(line.substring(1).trim())
        out.push((ok, first[1..].trim().to_string()));
    }
    out
}

/// A whole gtp2ogs move cycle in one burst with CRLF line ends: list_commands, loadState()
/// (boardsize, clear_board, komi, set_free_handicap, plays), loadClock() and genmove; then
/// the opponent's move, the next genmove, final_score and quit. The bridge kills the engine
/// 5 s after quit.
#[test]
fn gtp2ogs_crlf_burst_session() {
    let mut e = Engine::spawn(ARGS);
    e.send_raw(b"list_commands\r\n").expect("write");
    let (ok, list) = gtp2ogs_replies(&mut e, 1).remove(0);
    assert!(ok);
    // commands.split(/[\r\n]/).filter(x => x).map(x => x.replace(/^=/, '').trim())
    let available: Vec<String> = list
        .split(['\r', '\n'])
        .filter(|x| !x.is_empty())
        .map(|x| x.trim_start_matches('=').trim().to_string())
        .collect();
    for c in [
        "kgs-time_settings",
        "place_free_handicap",
        "set_free_handicap",
    ] {
        assert!(
            available.iter().any(|a| a == c),
            "{c} missing: {available:?}"
        );
    }
    let burst = [
        "boardsize 13",
        "clear_board",
        "komi 0.5",
        "set_free_handicap d4 k10 k4",
        "play white c11",
        "play black d10",
        "kgs-time_settings byoyomi 600 30 5",
        "time_left black 590 0",
        "time_left white 580 0",
        "genmove white",
    ];
    let bytes: String = burst.iter().map(|l| format!("{l}\r\n")).collect();
    e.send_raw(bytes.as_bytes()).expect("write");
    let replies = gtp2ogs_replies(&mut e, burst.len());
    for (cmd, (ok, text)) in burst.iter().zip(&replies) {
        assert!(ok, "{cmd}: {text:?}");
    }
    // getMoves(): line.toLowerCase().split(/ +/)
    let mv = replies[burst.len() - 1].1.to_lowercase();
    let words: Vec<&str> = mv.split(' ').filter(|w| !w.is_empty()).collect();
    assert_eq!(words.len(), 1, "genmove reply {mv:?}");
    assert!(
        words[0] == "pass" || words[0] == "resign" || is_vertex_on(&words[0].to_uppercase(), 13),
        "{mv:?}"
    );
    // The opponent's reply, the next clock and genmove, then the end of the game.
    let burst2 = [
        "play black g7",
        "kgs-time_settings byoyomi 600 30 5",
        "time_left black 560 0",
        "time_left white 570 0",
        "genmove white",
        "final_score",
    ];
    let bytes: String = burst2.iter().map(|l| format!("{l}\r\n")).collect();
    e.send_raw(bytes.as_bytes()).expect("write");
    let replies = gtp2ogs_replies(&mut e, burst2.len());
    for (cmd, (ok, text)) in burst2.iter().zip(&replies) {
        assert!(ok, "{cmd}: {text:?}");
    }
    let score = &replies[burst2.len() - 1].1;
    assert!(
        score == "0" || score.starts_with("B+") || score.starts_with("W+"),
        "final_score {score:?}"
    );
    e.send_raw(b"quit\r\n").expect("write");
    let (ok, _) = gtp2ogs_replies(&mut e, 1).remove(0);
    assert!(ok);
    assert!(
        e.wait_exit(Duration::from_secs(5)).is_some(),
        "still running 5 s after quit: gtp2ogs kills it"
    );
}

/// gtp2ogs as Black with free handicap: place_free_handicap N must give N distinct board
/// points (it resigns on a wrong count or a pass), and a pooled engine that played game 1
/// is loaded with game 2 from scratch.
#[test]
fn gtp2ogs_handicap_placement_and_pooled_reuse() {
    let mut e = Engine::spawn(ARGS);
    for (size, n) in [(19usize, 9usize), (13, 5), (9, 4)] {
        let bytes =
            format!("boardsize {size}\r\nclear_board\r\nkomi 0.5\r\nplace_free_handicap {n}\r\n");
        e.send_raw(bytes.as_bytes()).expect("write");
        let replies = gtp2ogs_replies(&mut e, 4);
        assert!(replies.iter().all(|(ok, _)| *ok), "{replies:?}");
        let stones: Vec<String> = replies[3]
            .1
            .to_lowercase()
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        assert_eq!(stones.len(), n, "{size}x{size}: {stones:?}");
        for s in &stones {
            assert!(is_vertex_on(&s.to_uppercase(), size), "{s:?}");
        }
        let mut uniq = stones.clone();
        uniq.sort();
        uniq.dedup();
        assert_eq!(uniq.len(), n, "duplicates in {stones:?}");
        // White answers, the bot (Black) moves.
        let bytes = "play white pass\r\ngenmove black\r\n";
        e.send_raw(bytes.as_bytes()).expect("write");
        let replies = gtp2ogs_replies(&mut e, 2);
        assert!(replies.iter().all(|(ok, _)| *ok), "{replies:?}");
    }
    // Not one stray byte between the games.
    assert_eq!(e.drain_for(Duration::from_millis(200)), "");
}

/// `--name` sets the `name` reply (operators with several bots), and the `version` reply
/// stays one Lizzie takes.
#[test]
fn name_from_the_command_line() {
    let mut e = Engine::spawn(&["--threads", "1", "--name", "Tengen 9x9 bot"]);
    assert_eq!(e.ok("name"), "Tengen 9x9 bot");
    let version = e.ok("version");
    let minor: i32 = version
        .split('.')
        .nth(1)
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    assert!(minor >= 15, "{version}");
    for bad in ["", "two\nlines"] {
        let (status, _, err) = common::run_once(&["--name", bad], Duration::from_secs(20));
        assert!(!status.success(), "--name {bad:?} accepted");
        assert!(err.contains("--name"), "{err}");
    }
}

/// `--log-file FILE` writes the log to FILE as well as to stderr; stdout keeps the replies
/// alone.
#[test]
fn log_file_gets_the_log_too() {
    let log = common::temp_path("log-file", "log");
    let err = common::temp_path("log-file-stderr", "log");
    let mut e = Engine::spawn_with_stderr(
        &["--threads", "1", "-v", "--log-file", log.to_str().unwrap()],
        &err,
    );
    assert_eq!(e.ok("name"), "Tengen");
    e.ok("boardsize 9");
    assert_eq!(e.err("play b z99"), "syntax error");
    e.ok("quit");
    std::thread::sleep(Duration::from_millis(200));
    let file = std::fs::read_to_string(&log).expect("the log file");
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(file.contains("ready"), "{file}");
    assert!(stderr.contains("ready"), "stderr lost the log: {stderr}");
    // a log file that cannot be opened stops the start with a message
    let (status, _, msg) = common::run_once(
        &["--log-file", "/nonexistent-dir/x/tengen.log"],
        Duration::from_secs(20),
    );
    assert!(!status.success() && msg.contains("--log-file"), "{msg}");
    let _ = std::fs::remove_file(&log);
    let _ = std::fs::remove_file(&err);
}
