//! Analysis commands over raw pipes: `lz-analyze` and `kata-analyze` reply `=` and stream
//! `info move ... pv ...` lines every interval until the next input line, which ends the
//! reply with its empty line and is then answered; `lz-genmove_analyze` and
//! `kata-genmove_analyze` finish with `play VERTEX` and play it; `# interrupt` and
//! `gogui-interrupt` stop a running genmove early.

mod common;

use common::{is_vertex_on, parse_reply, Engine, ReadError, GFX_KEYWORDS, REPLY_TIMEOUT};
use std::time::{Duration, Instant};

/// Which analysis dialect a line is checked against.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Dialect {
    /// Leela Zero: integer winrate/prior/lcb in 0..=10000.
    Lz,
    /// KataGo: float winrate/prior in 0..=1, plus scoreLead.
    Kata,
}

/// One parsed `info` entry.
#[derive(Debug, Default)]
struct Info {
    mv: String,
    visits: u64,
    winrate: f64,
    pv: Vec<String>,
    /// `pvVisits`: one count per move of `pv` (KataGo, when asked).
    pv_visits: Vec<u64>,
    /// `movesOwnership`: one value per point (KataGo, when asked).
    moves_ownership: Vec<f64>,
}

/// One checked line: its entries and its ownership values.
type Line = (Vec<Info>, Vec<f64>);

/// The words that open a part of a KataGo analysis line.
const SECTIONS: &[&str] = &[
    "info",
    "ownership",
    "ownershipStdev",
    "rootInfo",
    "pvVisits",
    "movesOwnership",
];

/// The numbers from `toks[*i]` up to the next section word; advances `i` past them.
fn numbers(toks: &[&str], i: &mut usize, line: &str) -> Result<Vec<f64>, String> {
    let mut v = Vec::new();
    while *i < toks.len() && !SECTIONS.contains(&toks[*i]) {
        v.push(
            toks[*i]
                .parse::<f64>()
                .map_err(|_| format!("number {:?} in {:?}", toks[*i], line))?,
        );
        *i += 1;
    }
    Ok(v)
}

/// Parses and checks one streamed line: one or more `info` entries, each with `pv` as its
/// last field, optionally followed (kata) by `ownership` and size*size values.
/// Returns the entries and the ownership values.
fn check_line(line: &str, d: Dialect, size: usize) -> Result<(Vec<Info>, Vec<f64>), String> {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let mut i = 0;
    let mut infos = Vec::new();
    let mut ownership = Vec::new();
    if toks.first() != Some(&"info") {
        return Err(format!("line does not start with 'info': {:?}", line));
    }
    while i < toks.len() {
        match toks[i] {
            "info" => {
                i += 1;
                let mut info = Info::default();
                let mut keys = Vec::new();
                while i < toks.len() && toks[i] != "pv" {
                    let key = toks[i];
                    let val = toks
                        .get(i + 1)
                        .ok_or_else(|| format!("key {} without value in {:?}", key, line))?;
                    keys.push(key);
                    match key {
                        "move" => info.mv = val.to_string(),
                        "visits" => {
                            info.visits = val
                                .parse()
                                .map_err(|_| format!("visits {:?} in {:?}", val, line))?
                        }
                        "winrate" | "prior" => {
                            let v: f64 = match d {
                                Dialect::Lz => val
                                    .parse::<i64>()
                                    .map_err(|_| format!("{} {:?} not an integer", key, val))?
                                    as f64,
                                Dialect::Kata => val
                                    .parse::<f64>()
                                    .map_err(|_| format!("{} {:?} not a number", key, val))?,
                            };
                            let max = if d == Dialect::Lz { 10000.0 } else { 1.0 };
                            if !(0.0..=max).contains(&v) {
                                return Err(format!("{} {} out of 0..={}", key, v, max));
                            }
                            if key == "winrate" {
                                info.winrate = v / max;
                            }
                        }
                        "lcb" | "scoreLead" | "scoreMean" | "scoreStdev" | "utility" => {
                            // Leela Zero's lcb is in 1/10000; a score is points in every
                            // dialect (Lizzie reads scoreMean as a real)
                            let ok = match d {
                                Dialect::Lz if key == "lcb" => val.parse::<i64>().is_ok(),
                                _ => val.parse::<f64>().is_ok_and(f64::is_finite),
                            };
                            if !ok {
                                return Err(format!("{} {:?} malformed in {:?}", key, val, line));
                            }
                        }
                        "order" => {
                            val.parse::<u32>()
                                .map_err(|_| format!("order {:?} in {:?}", val, line))?;
                        }
                        _ => {}
                    }
                    i += 2;
                }
                for k in ["move", "visits", "winrate", "prior", "lcb", "order"] {
                    if !keys.contains(&k) {
                        return Err(format!("info entry without {}: {:?}", k, line));
                    }
                }
                if d == Dialect::Kata && !keys.contains(&"scoreLead") {
                    return Err(format!("kata info entry without scoreLead: {:?}", line));
                }
                // Lizzie shows a candidate's score from scoreMean, 0.0 without it
                if d == Dialect::Lz && !keys.contains(&"scoreMean") {
                    return Err(format!("lz info entry without scoreMean: {:?}", line));
                }
                if i >= toks.len() {
                    return Err(format!("info entry without pv: {:?}", line));
                }
                i += 1; // "pv"
                while i < toks.len() && !SECTIONS.contains(&toks[i]) {
                    info.pv.push(toks[i].to_string());
                    i += 1;
                }
                while i < toks.len() && (toks[i] == "pvVisits" || toks[i] == "movesOwnership") {
                    let key = toks[i];
                    i += 1;
                    let v = numbers(&toks, &mut i, line)?;
                    if key == "pvVisits" {
                        if v.len() != info.pv.len() || v.iter().any(|x| x.fract() != 0.0) {
                            return Err(format!("pvVisits {:?} for pv {:?}", v, info.pv));
                        }
                        info.pv_visits = v.iter().map(|x| *x as u64).collect();
                    } else {
                        if v.len() != size * size || v.iter().any(|x| !(-1.0..=1.0).contains(x)) {
                            return Err(format!("movesOwnership of {} values", v.len()));
                        }
                        info.moves_ownership = v;
                    }
                }
                if info.pv.is_empty() {
                    return Err(format!("empty pv in {:?}", line));
                }
                for v in info.pv.iter().chain(std::iter::once(&info.mv)) {
                    if !(is_vertex_on(v, size) || v == "pass") {
                        return Err(format!("{:?} is not a vertex on {}: {:?}", v, size, line));
                    }
                }
                if info.pv[0] != info.mv {
                    return Err(format!("pv does not start with the move: {:?}", line));
                }
                infos.push(info);
            }
            "ownership" => {
                i += 1;
                for v in numbers(&toks, &mut i, line)? {
                    if !(-1.0..=1.0).contains(&v) {
                        return Err(format!("ownership {} outside -1..=1", v));
                    }
                    ownership.push(v);
                }
            }
            "ownershipStdev" => {
                i += 1;
                let v = numbers(&toks, &mut i, line)?;
                if v.len() != size * size || v.iter().any(|x| !(0.0..=1.0).contains(x)) {
                    return Err(format!("ownershipStdev of {} values: {:?}", v.len(), line));
                }
            }
            "rootInfo" => {
                i += 1;
                let mut keys = Vec::new();
                while i < toks.len() && !SECTIONS.contains(&toks[i]) {
                    let val = toks.get(i + 1).ok_or("rootInfo key without value")?;
                    val.parse::<f64>()
                        .map_err(|_| format!("rootInfo {} {:?}", toks[i], val))?;
                    keys.push(toks[i]);
                    i += 2;
                }
                for k in ["visits", "winrate", "scoreLead", "scoreStdev", "utility"] {
                    if !keys.contains(&k) {
                        return Err(format!("rootInfo without {k}: {line:?}"));
                    }
                }
            }
            other => return Err(format!("unexpected token {:?} in {:?}", other, line)),
        }
    }
    Ok((infos, ownership))
}

/// Sends an analysis command, collects the streamed lines for `dur`, then sends
/// `protocol_version` and checks that the stream ended with an empty line and that the
/// new command was answered. Returns the parsed lines.
fn analyze(
    e: &mut Engine,
    cmd: &str,
    d: Dialect,
    size: usize,
    dur: Duration,
) -> Vec<(Vec<Info>, Vec<f64>)> {
    e.send(cmd);
    let header = e
        .read_line(REPLY_TIMEOUT)
        .unwrap_or_else(|err| panic!("{}: no header line: {}", cmd, err));
    let expected_id = cmd
        .split_whitespace()
        .next()
        .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or("");
    assert_eq!(
        header,
        format!("={} ", expected_id),
        "{}: the reply must open with '={} ' on its own line",
        cmd,
        expected_id
    );
    let start = Instant::now();
    let mut lines = Vec::new();
    let mut raw = format!("{}\n", header);
    loop {
        // read for `dur`, and on until the first line if a loaded machine delays it
        let until = if lines.is_empty() {
            dur.max(REPLY_TIMEOUT)
        } else {
            dur
        };
        let Some(left) = until.checked_sub(start.elapsed()) else {
            break;
        };
        match e.read_line(left) {
            Ok(l) => {
                assert!(
                    !l.is_empty(),
                    "{}: reply ended before any input: {:?}",
                    cmd,
                    raw
                );
                raw.push_str(&l);
                raw.push('\n');
                lines.push(l);
            }
            Err(ReadError::Timeout(_)) => break,
            Err(ReadError::Eof(p)) => panic!("{}: engine died: {:?}", cmd, p),
        }
    }
    e.send("protocol_version");
    // The rest of the stream, then the empty line that ends it.
    loop {
        let l = e
            .read_line(REPLY_TIMEOUT)
            .unwrap_or_else(|err| panic!("{}: stream did not end: {}", cmd, err));
        raw.push_str(&l);
        raw.push('\n');
        if l.is_empty() {
            break;
        }
        lines.push(l);
    }
    // The whole streamed reply is one well-formed GTP reply.
    let r = parse_reply(&raw).unwrap_or_else(|err| panic!("{}: {}", cmd, err));
    assert!(r.ok);
    let next = e.reply(REPLY_TIMEOUT).expect("reply to protocol_version");
    assert_eq!(next.raw, "= 2\n\n", "{}: command after the stream", cmd);
    lines
        .iter()
        .map(|l| check_line(l, d, size).unwrap_or_else(|err| panic!("{}: {}", cmd, err)))
        .collect()
}

/// The winrate of the most visited move in the last streamed line.
fn best_winrate(lines: &[(Vec<Info>, Vec<f64>)]) -> f64 {
    let (infos, _) = lines.last().expect("some lines");
    infos
        .iter()
        .max_by_key(|i| i.visits)
        .map(|i| i.winrate)
        .expect("some info")
}

fn nine_by_nine() -> Engine {
    let mut e = Engine::spawn(&["--threads", "1", "--seed", "2"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 7");
    e.ok("play b e5");
    e
}

#[test]
fn lz_analyze_streams_info_lines_until_next_input() {
    let mut e = nine_by_nine();
    let lines = analyze(
        &mut e,
        "lz-analyze w 10",
        Dialect::Lz,
        9,
        Duration::from_millis(1500),
    );
    assert!(
        lines.len() >= 3,
        "interval 10 cs over 1.5 s should give several lines, got {}",
        lines.len()
    );
    // Moves analysed are legal for White (E5 is occupied).
    for (infos, _) in &lines {
        assert!(!infos.is_empty());
        for i in infos {
            assert_ne!(i.mv, "E5", "analysed an occupied point");
        }
    }
    // Interval only, colour defaults to the side to move; with an id.
    let lines = analyze(
        &mut e,
        "5 lz-analyze 20",
        Dialect::Lz,
        9,
        Duration::from_millis(900),
    );
    assert!(!lines.is_empty(), "no info lines");
    // The position is unchanged by analysis.
    assert_eq!(e.ok("is_legal b e5"), "0");
    e.ok("undo");
    assert_eq!(e.err("undo"), "cannot undo");
}

#[test]
fn kata_analyze_streams_with_score_and_ownership() {
    let mut e = nine_by_nine();
    let lines = analyze(
        &mut e,
        "kata-analyze w 10",
        Dialect::Kata,
        9,
        Duration::from_millis(1200),
    );
    assert!(lines.len() >= 3, "got {} lines", lines.len());
    let lines = analyze(
        &mut e,
        "kata-analyze b 10 ownership true",
        Dialect::Kata,
        9,
        Duration::from_millis(1200),
    );
    assert!(!lines.is_empty());
    for (_, own) in &lines {
        assert_eq!(own.len(), 81, "ownership must have one value per point");
    }
}

#[test]
fn winrates_are_from_the_analysed_side() {
    // cleanup.sgf: Black is far ahead (Black 28 points to White 21 with komi 0.5).
    let mut e = Engine::spawn(&["--threads", "1", "--seed", "4"]);
    e.ok("kata-set-rules chinese");
    e.ok("loadsgf engine-tests/sgf/cleanup.sgf");
    e.ok("komi 0.5");
    let b = analyze(
        &mut e,
        "lz-analyze b 10",
        Dialect::Lz,
        7,
        Duration::from_millis(1200),
    );
    let w = analyze(
        &mut e,
        "lz-analyze w 10",
        Dialect::Lz,
        7,
        Duration::from_millis(1200),
    );
    assert!(
        best_winrate(&b) > 0.5,
        "Black is winning: {}",
        best_winrate(&b)
    );
    assert!(
        best_winrate(&w) < 0.5,
        "White is losing: {}",
        best_winrate(&w)
    );
}

/// Runs a genmove_analyze command and returns the move; checks the streamed lines and the
/// final `play VERTEX` line, and that the move was played.
fn genmove_analyze(e: &mut Engine, cmd: &str, d: Dialect, color: &str) -> String {
    e.send(cmd);
    let header = e.read_line(REPLY_TIMEOUT).expect("header");
    assert_eq!(header, "= ", "{}: header", cmd);
    let mut last = String::new();
    let mut infos = 0;
    loop {
        let l = e
            .read_line(Duration::from_secs(60))
            .unwrap_or_else(|err| panic!("{}: {}", cmd, err));
        if l.is_empty() {
            break;
        }
        if l.starts_with("info") {
            check_line(&l, d, 9).unwrap_or_else(|err| panic!("{}: {}", cmd, err));
            infos += 1;
        } else {
            assert!(
                last.is_empty(),
                "{}: more than one final line: {:?}",
                cmd,
                l
            );
            last = l;
        }
    }
    let mv = last
        .strip_prefix("play ")
        .unwrap_or_else(|| panic!("{}: last line must be 'play VERTEX', got {:?}", cmd, last))
        .to_string();
    assert!(
        is_vertex_on(&mv, 9) || mv == "pass" || mv == "resign",
        "{}: {:?}",
        cmd,
        mv
    );
    assert!(infos >= 1, "{}: no info line before the move", cmd);
    if is_vertex_on(&mv, 9) {
        assert_eq!(
            e.ok(&format!("is_legal {} {}", color, mv)),
            "0",
            "move not played"
        );
    }
    mv
}

#[test]
fn genmove_analyze_ends_with_play_and_plays() {
    let mut e = Engine::spawn(&["--threads", "1", "--seed", "9", "--time", "1"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    genmove_analyze(&mut e, "lz-genmove_analyze b 10", Dialect::Lz, "b");
    genmove_analyze(&mut e, "kata-genmove_analyze w 10", Dialect::Kata, "w");
    // Both moves are in the history.
    e.ok("undo");
    e.ok("undo");
    assert_eq!(e.err("undo"), "cannot undo");
}

/// Starts a long genmove, sends `interrupt` after half a second and checks the move comes
/// back quickly; returns the engine for further checks.
fn interrupted_genmove(interrupt: &str) -> (Engine, Duration) {
    let mut e = Engine::spawn(&["--threads", "1", "--time", "60"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.send("7 genmove b");
    std::thread::sleep(Duration::from_millis(500));
    let t = Instant::now();
    e.send(interrupt);
    let r = e
        .reply(Duration::from_secs(10))
        .unwrap_or_else(|err| panic!("genmove not interrupted by {:?}: {}", interrupt, err));
    assert_eq!(r.id, Some(7));
    assert!(r.ok && is_vertex_on(&r.text, 9), "{:?}", r.raw);
    (e, t.elapsed())
}

#[test]
fn interrupt_comment_stops_genmove() {
    let (mut e, took) = interrupted_genmove("# interrupt");
    assert!(took < Duration::from_secs(5), "took {:?}", took);
    // The comment itself gets no reply: the next reply is the next command's.
    assert_eq!(e.cmd("8 protocol_version").raw, "=8 2\n\n");
}

#[test]
fn gogui_interrupt_command_stops_genmove() {
    let (mut e, took) = interrupted_genmove("gogui-interrupt");
    assert!(took < Duration::from_secs(5), "took {:?}", took);
    // gogui-interrupt itself is answered after the genmove.
    let r = e.reply(REPLY_TIMEOUT).expect("reply to gogui-interrupt");
    assert!(r.ok, "{:?}", r.raw);
    assert_eq!(e.cmd("8 protocol_version").raw, "=8 2\n\n");
}

#[test]
fn line_checker_rejects_malformed_lines() {
    let ok =
        "info move D4 visits 5 winrate 5000 prior 100 lcb 4000 scoreMean -1.5 order 0 pv D4 E5";
    assert!(check_line(ok, Dialect::Lz, 9).is_ok());
    let two = format!("{} {}", ok, ok.replace("D4", "C3"));
    assert_eq!(check_line(&two, Dialect::Lz, 9).map(|l| l.0.len()), Ok(2));
    for bad in [
        "info move D4 visits 5 winrate 5000 prior 100 lcb 4000 scoreMean 1 order 0",
        "info move D4 visits 5 winrate 0.5 prior 100 lcb 4000 scoreMean 1 order 0 pv D4",
        // Lizzie's candidates read 0.0 without a score
        "info move D4 visits 5 winrate 5000 prior 100 lcb 4000 order 0 pv D4",
        "info move D4 visits 5 winrate 5000 prior 100 lcb 4000 scoreMean x order 0 pv D4",
        "info move D4 visits 5 winrate 12000 prior 100 lcb 4000 order 0 pv D4",
        "info move Z4 visits 5 winrate 5000 prior 100 lcb 4000 order 0 pv Z4",
        "info move D4 visits 5 winrate 5000 prior 100 lcb 4000 order 0 pv E5",
        "move D4 visits 5",
    ] {
        assert!(check_line(bad, Dialect::Lz, 9).is_err(), "{}", bad);
    }
    let k = "info move D4 visits 5 winrate 0.52 prior 0.1 lcb 0.4 scoreLead 1.5 order 0 pv D4";
    assert!(check_line(k, Dialect::Kata, 9).is_ok());
    assert!(check_line(&k.replace(" scoreLead 1.5", ""), Dialect::Kata, 9).is_err());
    let own = format!("{} ownership {}", k, vec!["0.5"; 81].join(" "));
    assert_eq!(
        check_line(&own, Dialect::Kata, 9).map(|l| l.1.len()),
        Ok(81)
    );
}

#[test]
fn every_gogui_analyze_command_answers_in_its_declared_format() {
    let mut e = Engine::spawn(&["--playouts", "300", "--threads", "1"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("play b e5");
    let list = e.ok("gogui-analyze_commands");
    let mut types = Vec::new();
    for entry in list.lines() {
        let parts: Vec<&str> = entry.splitn(3, '/').collect();
        assert_eq!(
            parts.len(),
            3,
            "entry {:?} is not TYPE/LABEL/COMMAND",
            entry
        );
        let (kind, cmd) = (parts[0], parts[2].trim());
        types.push(kind.to_string());
        let name = cmd.split_whitespace().next().unwrap_or("");
        assert_eq!(
            e.ok(&format!("known_command {}", name)),
            "true",
            "{}",
            entry
        );
        // GoGui substitutes %p (side to move) and %c (colour) and friends.
        let cmd = cmd
            .replace("%p", "b")
            .replace("%c", "b")
            .replace("%m", "b e5");
        let text = e.ok(&cmd);
        match kind {
            "dboard" | "cboard" | "sboard" => {
                let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
                assert_eq!(rows.len(), 9, "{}: {} rows: {:?}", entry, rows.len(), text);
                for r in rows {
                    let vals: Vec<&str> = r.split_whitespace().collect();
                    assert_eq!(vals.len(), 9, "{}: row {:?}", entry, r);
                    if kind == "dboard" {
                        for v in vals {
                            assert!(v.parse::<f64>().is_ok(), "{}: value {:?}", entry, v);
                        }
                    }
                }
            }
            "gfx" => {
                for l in text.lines().filter(|l| !l.trim().is_empty()) {
                    let kw = l.split_whitespace().next().unwrap_or("");
                    assert!(GFX_KEYWORDS.contains(&kw), "{}: gfx line {:?}", entry, l);
                }
            }
            "string" => assert!(!text.is_empty(), "{}: empty string reply", entry),
            _ => {}
        }
    }
    for needed in ["dboard", "gfx", "string"] {
        assert!(
            types.iter().any(|t| t == needed),
            "no {} entry: {}",
            needed,
            list
        );
    }
}

#[test]
fn analysis_starts_reliably() {
    // Start and stop analysis ten times in one engine: each time at least one info line
    // must arrive before the next input (an analysis that ends at once without output
    // breaks Lizzie and Sabaki). Catches a race between the reply stream and the input
    // reader that hits a good fraction of starts.
    let mut e = Engine::spawn(&["--threads", "1"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    let mut empty = 0;
    for i in 0..10 {
        e.send(&format!("{} lz-analyze b 5", i));
        let header = e.read_line(REPLY_TIMEOUT).expect("header");
        assert_eq!(header, format!("={} ", i));
        let deadline = Instant::now() + Duration::from_millis(400);
        let mut got = 0;
        let mut ended = false;
        while Instant::now() < deadline {
            match e.read_line(deadline.saturating_duration_since(Instant::now())) {
                Ok(l) if l.is_empty() => {
                    ended = true;
                    break;
                }
                Ok(_) => got += 1,
                Err(_) => break,
            }
        }
        e.send("protocol_version");
        if !ended {
            loop {
                let l = e.read_line(REPLY_TIMEOUT).expect("end of stream");
                if l.is_empty() {
                    break;
                }
            }
        }
        assert_eq!(e.reply(REPLY_TIMEOUT).expect("reply").text, "2");
        if got == 0 || ended {
            empty += 1;
        }
    }
    assert_eq!(
        empty, 0,
        "{} of 10 analyses ended before any input came",
        empty
    );
}

#[test]
fn analysis_defaults_to_the_side_to_move() {
    // cleanup.sgf: Black far ahead. With PL[B] the default colour is Black (winning),
    // with PL[W] White (losing); after a 9-stone handicap on 9x9 (komi 0) White moves.
    let mut e = Engine::spawn(&["--threads", "1", "--seed", "4"]);
    e.ok("kata-set-rules chinese");
    e.ok("loadsgf engine-tests/sgf/cleanup.sgf");
    e.ok("komi 0.5");
    let b = analyze(
        &mut e,
        "lz-analyze 10",
        Dialect::Lz,
        7,
        Duration::from_millis(800),
    );
    assert!(
        best_winrate(&b) > 0.5,
        "PL[B]: Black to move and winning: {}",
        best_winrate(&b)
    );
    e.ok("loadsgf engine-tests/sgf/cleanup_w.sgf");
    e.ok("komi 0.5");
    let w = analyze(
        &mut e,
        "lz-analyze 10",
        Dialect::Lz,
        7,
        Duration::from_millis(800),
    );
    assert!(
        best_winrate(&w) < 0.5,
        "PL[W]: White to move and losing: {}",
        best_winrate(&w)
    );
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 0");
    e.ok("fixed_handicap 9");
    let h = analyze(
        &mut e,
        "lz-analyze 10",
        Dialect::Lz,
        9,
        Duration::from_millis(800),
    );
    assert!(
        best_winrate(&h) < 0.5,
        "after handicap White moves (and is behind): {}",
        best_winrate(&h)
    );
}

#[test]
fn an_interrupt_while_idle_does_not_cut_the_next_genmove() {
    let mut e = Engine::spawn(&["--threads", "1", "--time", "1"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.send("# interrupt");
    e.ok("protocol_version");
    e.ok("gogui-interrupt");
    let t = Instant::now();
    let m = e.ok("genmove b");
    assert!(is_vertex_on(&m, 9), "{}", m);
    assert!(
        t.elapsed() >= Duration::from_millis(700),
        "genmove with --time 1 returned after {:?}: a stale interrupt cut it short",
        t.elapsed()
    );
}

/// Sends an analysis command and reads its whole reply without sending anything more: the
/// stream must end by itself (a limit) within `within`. Returns the checked lines and how
/// long the reply took.
fn analyze_until_it_ends(
    e: &mut Engine,
    cmd: &str,
    d: Dialect,
    size: usize,
    within: Duration,
) -> (Vec<Line>, Duration) {
    let t = Instant::now();
    e.send(cmd);
    let header = e.read_line(REPLY_TIMEOUT).expect("header");
    assert_eq!(header, "= ", "{cmd}");
    let mut lines = Vec::new();
    loop {
        let left = within.saturating_sub(t.elapsed());
        let l = e
            .read_line(left)
            .unwrap_or_else(|err| panic!("{cmd}: the stream did not end by itself: {err}"));
        if l.is_empty() {
            break;
        }
        lines.push(check_line(&l, d, size).unwrap_or_else(|err| panic!("{cmd}: {err}")));
    }
    (lines, t.elapsed())
}

/// Whether the engine stays idle for a second (Linux: from its CPU time).
fn stays_idle(e: &Engine) -> bool {
    #[cfg(target_os = "linux")]
    {
        let before = e.cpu_seconds();
        std::thread::sleep(Duration::from_secs(1));
        e.cpu_seconds() - before < 0.2
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = e;
        true
    }
}

#[test]
fn analysis_stops_by_visits_with_a_last_line_and_waits() {
    let mut e = nine_by_nine();
    let (lines, _) = analyze_until_it_ends(
        &mut e,
        "kata-analyze w 10 maxvisits 400",
        Dialect::Kata,
        9,
        Duration::from_secs(60),
    );
    let (last, _) = lines.last().expect("a last info line");
    let visits: u64 = last.iter().map(|i| i.visits).sum();
    assert!((380..=400).contains(&visits), "{visits} visits");
    assert!(stays_idle(&e), "busy after the analysis ended");
    assert_eq!(e.ok("protocol_version"), "2");
    // the position is unchanged
    assert_eq!(e.ok("is_legal b e5"), "0");
}

#[test]
fn analysis_stops_by_time() {
    let mut e = nine_by_nine();
    let (lines, took) = analyze_until_it_ends(
        &mut e,
        "lz-analyze w 20 maxtime 1.5",
        Dialect::Lz,
        9,
        Duration::from_secs(30),
    );
    assert!(took >= Duration::from_millis(1400), "ended after {took:?}");
    assert!(lines.len() >= 2, "{} lines", lines.len());
    assert!(stays_idle(&e));
    assert_eq!(e.ok("name"), "Tengen");
}

#[test]
fn command_line_limits_apply_to_analyses_that_set_none() {
    let mut e = Engine::spawn(&["--threads", "1", "--analysis-max-visits", "300"]);
    e.ok("boardsize 9");
    let (lines, _) = analyze_until_it_ends(
        &mut e,
        "lz-analyze b 10",
        Dialect::Lz,
        9,
        Duration::from_secs(60),
    );
    let visits: u64 = lines
        .last()
        .expect("lines")
        .0
        .iter()
        .map(|i| i.visits)
        .sum();
    assert!((280..=300).contains(&visits), "{visits}");
    // a request's own limit comes first (it counts its own playouts: the tree keeps the
    // visits before them)
    let (lines, _) = analyze_until_it_ends(
        &mut e,
        "kata-analyze b 10 maxvisits 100",
        Dialect::Kata,
        9,
        Duration::from_secs(60),
    );
    let more: u64 = lines
        .last()
        .expect("lines")
        .0
        .iter()
        .map(|i| i.visits)
        .sum();
    assert!(
        (visits + 90..=visits + 100).contains(&more),
        "{visits} then {more}"
    );
    let mut t = Engine::spawn(&["--threads", "1", "--analysis-max-time", "1"]);
    t.ok("boardsize 9");
    let (_, took) = analyze_until_it_ends(
        &mut t,
        "analyze b 10",
        Dialect::Kata,
        9,
        Duration::from_secs(30),
    );
    assert!(took >= Duration::from_millis(900), "{took:?}");
}

#[test]
fn unknown_analysis_keys_are_ignored_with_a_warning() {
    let log = common::temp_path("unknown-keys", "log");
    let mut e = Engine::spawn_with_stderr(&["--threads", "1"], &log);
    e.ok("boardsize 9");
    let (lines, _) = analyze_until_it_ends(
        &mut e,
        "kata-analyze b 10 movesOwnershipStdev true pvEdgeVisits true maxvisits 200",
        Dialect::Kata,
        9,
        Duration::from_secs(60),
    );
    assert!(!lines.is_empty());
    // a malformed value of a known key is still refused, and nothing is streamed
    for bad in [
        "kata-analyze b 10 maxvisits many",
        "kata-analyze b 10 maxtime -2",
        "lz-analyze b 10 ownership perhaps",
    ] {
        assert_eq!(e.err(bad), "syntax error", "{bad}");
    }
    assert_eq!(e.ok("protocol_version"), "2");
    e.ok("quit");
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        text.contains("movesOwnershipStdev") && text.contains("pvEdgeVisits"),
        "{text}"
    );
    let _ = std::fs::remove_file(&log);
}

#[test]
fn kata_analyze_writes_the_fields_asked_for() {
    let mut e = nine_by_nine();
    let (lines, _) = analyze_until_it_ends(
        &mut e,
        "kata-analyze w 10 maxvisits 500 pvVisits true movesOwnership true ownershipStdev true \
         rootInfo true ownership true",
        Dialect::Kata,
        9,
        Duration::from_secs(60),
    );
    let (infos, own) = lines.last().expect("lines");
    assert_eq!(own.len(), 81);
    for i in infos {
        assert_eq!(i.pv_visits.len(), i.pv.len(), "{i:?}");
        assert_eq!(i.pv_visits[0], i.visits, "{i:?}");
        assert_eq!(i.moves_ownership.len(), 81, "{i:?}");
    }
}

#[test]
fn stop_ends_a_genmove_and_an_analysis() {
    let (mut e, took) = interrupted_genmove("stop");
    assert!(took < Duration::from_secs(5), "took {:?}", took);
    // stop itself is answered after the genmove
    let r = e.reply(REPLY_TIMEOUT).expect("reply to stop");
    assert_eq!(r.raw, "= \n\n");
    e.send("lz-analyze w 10");
    assert_eq!(e.read_line(REPLY_TIMEOUT).expect("header"), "= ");
    std::thread::sleep(Duration::from_millis(500));
    e.send("stop");
    loop {
        if e.read_line(REPLY_TIMEOUT)
            .expect("end of the stream")
            .is_empty()
        {
            break;
        }
    }
    assert_eq!(e.reply(REPLY_TIMEOUT).expect("reply to stop").raw, "= \n\n");
    assert!(stays_idle(&e));
    // a stop while idle does not cut the next move short
    let t = Instant::now();
    e.ok("time_settings 0 1 1");
    e.ok("genmove w");
    assert!(
        t.elapsed() >= Duration::from_millis(300),
        "{:?}",
        t.elapsed()
    );
}
