//! Property test: thousands of random input lines (random bytes, real commands with
//! broken arguments, huge and negative numbers, vertices like I5 and Z99, 100,000-character
//! lines) sent to ONE engine process. Every line that is not empty after GTP
//! preprocessing gets exactly one well-formed reply, nothing hangs, and the engine still
//! answers `protocol_version` at the end.

mod common;

use common::{parse_reply, temp_path, Engine, FAST_ARGS};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::cell::RefCell;
use std::time::Duration;

/// Commands that take arguments and answer at once (no streaming, no quitting, no files
/// written under random names).
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "is_legal",
    "final_score",
    "final_status_list",
    "tengen-status",
    "tengen-playout_owner",
    "loadsgf",
    "time_settings",
    "time_left",
    "kgs-rules",
    "kata-set-rules",
    "kata-get-rules",
    "kgs-time_settings",
    "kgs-genmove_cleanup",
    "kgs-game_over",
    "kgs-chat",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "no_such_command",
];

/// Arguments that are valid somewhere, broken elsewhere, or hostile.
const ARGS: &[&str] = &[
    "b",
    "w",
    "B",
    "WHITE",
    "black",
    "x",
    "",
    "pass",
    "PASS",
    "resign",
    "a1",
    "A1",
    "t19",
    "T19",
    "z25",
    "Z99",
    "I5",
    "i5",
    "J9",
    "a0",
    "a-1",
    "aa1",
    "A26",
    "5",
    "2",
    "0",
    "1",
    "25",
    "26",
    "-1",
    "-2147483648",
    "2147483648",
    "4294967296",
    "99999999999999999999999",
    "1e9",
    "NaN",
    "inf",
    "-inf",
    "6.5",
    "-0.5",
    "0.000001",
    "1e308",
    "1e400",
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "alive",
    "dead",
    "seki",
    "true",
    "false",
    "japanese",
    "chinese",
    "tromp-taylor",
    "new_zealand",
    "yasunaga",
    "bogus",
    "/",
    "/dev/null",
    ".",
    "..",
    "engine-tests/sgf/moves.sgf",
    "engine-tests/sgf/broken.sgf",
    "engine-tests/sgf/k01.sgf",
    "engine-tests/sgf/rect.sgf",
    "private",
    "game",
    "{}",
    "\"",
    "\\",
    "%s",
    "\u{e9}",
    "\u{1F600}",
];

/// GTP v2 preprocessing (section 3.1) of one line: drop control characters except HT,
/// cut at '#', tabs to spaces; returns whether anything but spaces remains.
fn needs_reply(line: &[u8]) -> bool {
    let kept: Vec<u8> = line
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || b >= 32)
        .take_while(|&b| b != b'#')
        .collect();
    kept.iter().any(|&b| b != b' ' && b != b'\t')
}

fn arg() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(ARGS).prop_map(str::to_string),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<f64>().prop_map(|f| f.to_string()),
        1 => "[A-Za-z]{1,2}[0-9]{1,3}",
        1 => "[ -~]{0,12}",
    ]
}

fn line() -> impl Strategy<Value = Vec<u8>> {
    let command = (
        prop::option::of(0u32..1000),
        prop::sample::select(COMMANDS),
        prop::collection::vec(arg(), 0..5),
    )
        .prop_map(|(id, c, args)| {
            let mut s = String::new();
            if let Some(id) = id {
                s.push_str(&format!("{} ", id));
            }
            s.push_str(c);
            for a in args {
                s.push(' ');
                s.push_str(&a);
            }
            s.into_bytes()
        });
    // Random bytes without LF (each generated item is exactly one line) and without DEL
    // (whether DEL counts as a control character is not settled by the spec).
    let bytes = prop::collection::vec(
        any::<u8>().prop_filter("no LF, no DEL", |b| *b != b'\n' && *b != 127),
        0..80,
    );
    let huge = (prop::sample::select(COMMANDS), any::<u8>()).prop_map(|(c, fill)| {
        let fill = if matches!(fill, b'\n' | b'#' | 127) {
            b'x'
        } else {
            fill
        };
        let mut v = format!("{} ", c).into_bytes();
        v.extend(std::iter::repeat_n(fill, 100_000));
        v
    });
    prop_oneof![
        12 => command,
        6 => bytes,
        1 => Just(b"   ".to_vec()),
        1 => Just(b"# just a comment".to_vec()),
        1 => Just(b"\t\r\x01".to_vec()),
        1 => huge,
    ]
}

#[test]
fn random_lines_each_get_one_well_formed_reply() {
    // Run in a scratch folder: a random line must not write files into the source tree.
    let dir = temp_path("fuzz-cwd", "d");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    // The SGF file names in ARGS are relative to the crate root: link them in.
    #[cfg(unix)]
    let _ = std::os::unix::fs::symlink(common::tests_dir(), dir.join("engine-tests"));
    let engine = RefCell::new(Engine::spawn_in(&dir, FAST_ARGS));
    let lines_sent = RefCell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 500,
        failure_persistence: None,
        // One engine serves every case, so shrinking (re-running on an engine already
        // in trouble) would only repeat timeouts: report the first failing input.
        max_shrink_iters: 0,
        ..Config::default()
    });
    let sentinel = std::cell::Cell::new(100_000u32);
    let result = runner.run(&prop::collection::vec(line(), 1..16), |lines| {
        let mut e = engine.borrow_mut();
        let id = sentinel.get() + 1;
        sentinel.set(id);
        let expected = lines.iter().filter(|l| needs_reply(l)).count();
        let mut batch = Vec::new();
        for l in &lines {
            batch.extend_from_slice(l);
            batch.push(b'\n');
        }
        batch.extend_from_slice(format!("{} protocol_version\n", id).as_bytes());
        *lines_sent.borrow_mut() += lines.len();
        e.send_raw(&batch)
            .map_err(|err| TestCaseError::fail(format!("engine gone: {}", err)))?;
        let mut got = 0;
        loop {
            let raw = e
                .read_raw_reply(Duration::from_secs(30))
                .map_err(|err| TestCaseError::fail(format!("after {} replies: {}", got, err)))?;
            let r = parse_reply(&raw).map_err(TestCaseError::fail)?;
            if r.id == Some(id) && r.ok && r.text == "2" {
                break;
            }
            got += 1;
        }
        prop_assert_eq!(got, expected, "replies for {} lines", lines.len());
        Ok(())
    });
    let mut e = engine.into_inner();
    if let Err(err) = result {
        panic!("{}", shorten(&err.to_string()));
    }
    assert!(
        *lines_sent.borrow() >= 1000,
        "only {} lines sent",
        lines_sent.borrow()
    );
    println!("{} random lines sent to one engine", lines_sent.borrow());
    assert_eq!(e.ok("protocol_version"), "2");
    assert!(e.is_running());
    let _ = std::fs::remove_file(dir.join("engine-tests"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A failure message cut to a readable length (inputs may hold 100,000-byte lines).
fn shorten(msg: &str) -> String {
    const MAX: usize = 6000;
    if msg.len() <= MAX {
        return msg.to_string();
    }
    let mut end = MAX;
    while !msg.is_char_boundary(end) {
        end -= 1;
    }
    format!("{} ... ({} more bytes)", &msg[..end], msg.len() - end)
}

#[test]
fn preprocessing_model_follows_the_spec() {
    assert!(!needs_reply(b""));
    assert!(!needs_reply(b"  \t "));
    assert!(!needs_reply(b"# comment"));
    assert!(!needs_reply(b"\x01\x02\r"));
    assert!(needs_reply(b"x # comment"));
    assert!(needs_reply(b"\x80"));
    assert!(needs_reply(b"\x01a"));
}

/// Hostile pieces of SGF spliced into real records.
const SGF_SNIPPETS: &[&str] = &[
    "SZ[0]",
    "SZ[1]",
    "SZ[26]",
    "SZ[52]",
    "SZ[-3]",
    "SZ[99999999999]",
    "SZ[19:19]",
    "SZ[5:7]",
    "SZ[]",
    "AB[zz]",
    "AB[aa:ss]",
    "AB[ss:aa]",
    "AW[]",
    "AE[aa:ii]",
    "B[aaa]",
    "W[a]",
    "B[tt]",
    "B[]",
    "W[zz]",
    "KM[nan]",
    "KM[1e999]",
    "KM[]",
    "KM[-7.5]",
    "HA[999]",
    "HA[-1]",
    "HA[x]",
    "PL[X]",
    "PL[]",
    "RU[]",
    "RU[bogus]",
    "MN[5]",
    ";",
    "(",
    ")",
    "(;",
    "[",
    "]",
    "\\",
    ";B[ee];B[ee]",
    ";W[ee];W[ee]",
    "FF[999]",
    "GM[2]",
    "CA[latin1]",
    "C[\u{ff}\u{fe}]",
    "(;B[aa])(;W[bb])",
    "((((((((((",
    "))))))))))",
    "AB[ee]AW[ee]",
    "TB[aa:ss]",
    "LB[aa:x]",
];

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Insert(usize, &'static str),
    Flip(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => any::<usize>().prop_map(Mutation::Truncate),
        4 => (any::<usize>(), prop::sample::select(SGF_SNIPPETS))
            .prop_map(|(at, s)| Mutation::Insert(at, s)),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Flip(at, b)),
    ]
}

fn apply(mut text: Vec<u8>, muts: &[Mutation]) -> Vec<u8> {
    for m in muts {
        let n = text.len().max(1);
        match m {
            Mutation::Truncate(at) => text.truncate(at % n),
            Mutation::Insert(at, s) => {
                let at = at % n;
                let at = at.min(text.len());
                text.splice(at..at, s.bytes());
            }
            Mutation::Flip(at, b) => {
                if !text.is_empty() {
                    let at = at % text.len();
                    text[at] = *b;
                }
            }
        }
    }
    text
}

#[test]
fn mutated_sgf_files_never_break_the_engine() {
    let sgf_dir = common::tests_dir().join("sgf");
    let mut originals: Vec<Vec<u8>> = std::fs::read_dir(&sgf_dir)
        .expect("engine-tests/sgf")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "sgf"))
        .filter_map(|e| std::fs::read(e.path()).ok())
        .collect();
    originals.sort();
    assert!(originals.len() > 10);
    let engine = RefCell::new(Engine::spawn(FAST_ARGS));
    let path = temp_path("mutated", "sgf");
    let loaded = std::cell::Cell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 300,
        failure_persistence: None,
        // One engine serves every case, so shrinking (re-running on an engine already
        // in trouble) would only repeat timeouts: report the first failing input.
        max_shrink_iters: 0,
        ..Config::default()
    });
    let strategy = (
        0..originals.len(),
        prop::collection::vec(mutation(), 0..4),
        prop::option::of(prop_oneof![1u64..300, Just(2_147_483_647)]),
    );
    let result = runner.run(&strategy, |(i, muts, move_number)| {
        let mut e = engine.borrow_mut();
        let text = apply(originals[i].clone(), &muts);
        std::fs::write(&path, &text).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let cmd = match move_number {
            Some(n) => format!("loadsgf {} {}", path.display(), n),
            None => format!("loadsgf {}", path.display()),
        };
        let r = e
            .try_cmd(&cmd, Duration::from_secs(30))
            .map_err(|err| TestCaseError::fail(format!("{} on {:?}", err, text)))?;
        if r.ok {
            loaded.set(loaded.get() + 1);
            for c in [
                "showboard",
                "printsgf",
                "final_score",
                "is_legal b a1",
                "undo",
            ] {
                e.try_cmd(c, Duration::from_secs(30))
                    .map_err(|err| TestCaseError::fail(format!("{}: {} on {:?}", c, err, text)))?;
            }
        } else {
            prop_assert_eq!(
                &r.text,
                "cannot load file",
                "for {:?}",
                String::from_utf8_lossy(&text)
            );
        }
        let p = e
            .try_cmd("protocol_version", Duration::from_secs(30))
            .map_err(|err| TestCaseError::fail(format!("{} after {:?}", err, text)))?;
        prop_assert_eq!(p.text, "2");
        Ok(())
    });
    let _ = std::fs::remove_file(&path);
    if let Err(err) = result {
        panic!("{}", shorten(&err.to_string()));
    }
    println!("{} of the mutated files loaded", loaded.get());
    assert!(loaded.get() > 0, "no mutated file loaded at all");
}

/// Commands that stream (analysis) or end the session: given only arguments none of them
/// accepts, so that each still answers once.
const STREAMING: &[&str] = &[
    "kata-analyze",
    "lz-analyze",
    "analyze",
    "kata-genmove_analyze",
    "lz-genmove_analyze",
    "genmove_analyze",
];

/// Arguments no command expects: non-ASCII digits and letters, emoji, empty, huge and
/// negative numbers, a 100,000-character word.
fn hostile_arguments() -> Vec<String> {
    let mut v: Vec<String> = [
        "\u{663}",
        "\u{663}\u{664}",
        "1\u{663}",
        "\u{663}k",
        "3\u{e9}",
        "\u{1F600}",
        "b \u{663}",
        "w \u{1F600}",
        "\u{663} b",
        "D\u{663}",
        "b D\u{663}",
        "\u{e9}\u{e9}\u{e9} \u{e9}",
        "-1",
        "-99999999999999999999",
        "99999999999999999999",
        "b -1",
        "w 99999999999999999999",
        "1 -1 -1",
        "-1 -1 -1",
        "\"\"",
        "''",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("9".repeat(100_000));
    v.push("\u{663}".repeat(30_000));
    v
}

#[test]
fn every_listed_command_survives_hostile_arguments() {
    let dir = temp_path("hostile-cwd", "d");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let mut e = Engine::spawn_in(&dir, FAST_ARGS);
    let listed = e.ok("list_commands");
    let commands: Vec<&str> = listed.lines().filter(|&c| c != "quit").collect();
    assert!(commands.len() > 40, "{listed}");
    let numeric = |a: &str| {
        a.split(' ')
            .any(|w| w.starts_with('-') || w.starts_with('9'))
    };
    let mut sent = 0;
    for c in &commands {
        for a in hostile_arguments() {
            // a streaming command given a plain number may take it as an interval: skip
            if STREAMING.contains(c) && numeric(&a) {
                continue;
            }
            for line in [format!("{c} {a}"), format!("{c} {a} {a}")] {
                let r = e.try_cmd(&line, Duration::from_secs(60));
                let shown: String = line.chars().take(60).collect();
                assert!(r.is_ok(), "{shown:?}: {r:?}");
                assert!(e.is_running(), "the engine died on {shown:?}");
                sent += 1;
            }
        }
        // the engine still answers, and its board is one it can show
        e.ok("clear_board");
    }
    assert_eq!(e.ok("protocol_version"), "2");
    println!("{sent} hostile lines answered");
    let _ = std::fs::remove_dir_all(&dir);
}
