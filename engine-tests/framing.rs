//! GTP v2 framing checked on the raw bytes of stdout: the exact reply bytes, the space
//! after `=`, no reply to empty or comment-only lines, CR and control characters dropped,
//! replies strictly in order for pipelined commands, `quit`, end of input, `--help`, and
//! that stdout carries nothing but replies (also with `-v`).

mod common;

use common::{parse_reply, Engine, REPLY_TIMEOUT};
use std::time::Duration;

/// Sends raw bytes, then reads everything until the reply to a final `protocol_version`
/// with id 999, and returns the raw output (which must end with that reply).
fn exchange(engine: &mut Engine, bytes: &[u8]) -> String {
    engine.send_raw(bytes).expect("write to engine");
    engine.send_raw(b"999 protocol_version\n").expect("write");
    let mut out = String::new();
    loop {
        match engine.read_raw_reply(REPLY_TIMEOUT) {
            Ok(r) => {
                out.push_str(&r);
                if r.starts_with("=999 ") || r.starts_with("?999 ") {
                    return out;
                }
            }
            Err(e) => panic!(
                "after sending {:?}: {} (so far {:?})",
                String::from_utf8_lossy(bytes),
                e,
                out
            ),
        }
    }
}

const END: &str = "=999 2\n\n";

#[test]
fn exact_bytes_of_simple_replies() {
    let mut e = Engine::spawn(&[]);
    assert_eq!(
        exchange(&mut e, b"protocol_version\n"),
        format!("= 2\n\n{END}")
    );
    assert_eq!(
        exchange(&mut e, b"7 protocol_version\n"),
        format!("=7 2\n\n{END}")
    );
    // An empty result still has the space after '=' / '=id'.
    assert_eq!(exchange(&mut e, b"boardsize 9\n"), format!("= \n\n{END}"));
    assert_eq!(
        exchange(&mut e, b"12 clear_board\n"),
        format!("=12 \n\n{END}")
    );
    assert_eq!(
        exchange(&mut e, b"13 no_such_command\n"),
        format!("?13 unknown command\n\n{END}")
    );
    assert_eq!(
        exchange(&mut e, b"no_such_command\n"),
        format!("? unknown command\n\n{END}")
    );
}

#[test]
fn empty_and_comment_lines_get_no_reply() {
    let mut e = Engine::spawn(&[]);
    let out = exchange(
        &mut e,
        b"\n\n   \n\t\n# a comment line\n   # indented comment\n\r\n\x01\x02\n",
    );
    assert_eq!(
        out, END,
        "empty, blank and comment-only lines must get no reply"
    );
}

#[test]
fn cr_tabs_and_control_characters_are_preprocessed() {
    let mut e = Engine::spawn(&[]);
    // CRLF line ends (Windows controllers).
    assert_eq!(
        exchange(&mut e, b"1 protocol_version\r\n"),
        format!("=1 2\n\n{END}")
    );
    // A tab is a space.
    assert_eq!(
        exchange(&mut e, b"2\tprotocol_version\n"),
        format!("=2 2\n\n{END}")
    );
    // Other control characters are removed (GTP v2 3.1: all except HT and LF).
    assert_eq!(
        exchange(&mut e, b"3 protocol\x07_ver\x1bsion\r\n"),
        format!("=3 2\n\n{END}")
    );
    assert_eq!(
        exchange(&mut e, b"4 boardsize\x00 9\n"),
        format!("=4 \n\n{END}")
    );
    // A comment after the command.
    assert_eq!(
        exchange(&mut e, b"5 protocol_version # comment with = and ? signs\n"),
        format!("=5 2\n\n{END}")
    );
    // CR in the middle of a line is dropped too.
    assert_eq!(
        exchange(&mut e, b"6 proto\rcol_version\n"),
        format!("=6 2\n\n{END}")
    );
}

#[test]
fn multi_line_replies_are_well_framed() {
    let mut e = Engine::spawn(&[]);
    for cmd in [
        "list_commands",
        "showboard",
        "gogui-analyze_commands",
        "kata-get-rules",
    ] {
        let raw = e
            .try_cmd(&format!("21 {}", cmd), REPLY_TIMEOUT)
            .map(|r| r.raw)
            .unwrap_or_else(|err| panic!("{}: {}", cmd, err));
        assert!(raw.starts_with("=21 "), "{}: {:?}", cmd, raw);
        let body = &raw[..raw.len() - 2];
        assert!(
            !body.contains("\n\n"),
            "{}: empty line inside {:?}",
            cmd,
            raw
        );
        assert!(
            !body.contains('\r'),
            "{}: CR in reply {:?} (lines end with LF)",
            cmd,
            raw
        );
    }
}

#[test]
fn list_commands_has_no_duplicates_and_every_entry_is_known() {
    let mut e = Engine::spawn(&[]);
    let list = e.ok("list_commands");
    let names: Vec<&str> = list.lines().map(str::trim).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "duplicates in {:?}", names);
    for name in names {
        assert!(!name.is_empty() && !name.contains(' '), "entry {:?}", name);
        assert_eq!(
            e.ok(&format!("known_command {}", name)),
            "true",
            "listed command {} is not known",
            name
        );
        // Dispatch knows it too: calling it never says "unknown command".
        if !matches!(
            name,
            "quit" | "analyze" | "lz-analyze" | "kata-analyze" | "genmove" | "reg_genmove"
        ) && !name.contains("genmove")
        {
            let r = e.cmd(name);
            assert!(
                r.ok || r.text != "unknown command",
                "listed command {} is unknown to dispatch",
                name
            );
        }
    }
}

#[test]
fn pipelined_commands_are_answered_in_order() {
    let mut e = Engine::spawn(&[]);
    let mut batch = String::new();
    batch.push_str("1 boardsize 9\n2 clear_board\n");
    let moves = ["e5", "c3", "g7", "c7", "g3"];
    let mut id = 3;
    for (i, m) in moves.iter().enumerate() {
        let c = if i % 2 == 0 { "b" } else { "w" };
        batch.push_str(&format!("{} play {} {}\n", id, c, m));
        id += 1;
        batch.push_str(&format!("{} is_legal b {}\n", id, m));
        id += 1;
        batch.push_str("\n# interleaved comment\n");
        batch.push_str(&format!("{} showboard\n", id));
        id += 1;
    }
    batch.push_str(&format!("{} protocol_version\n", id));
    // Everything at once, as Sabaki does.
    e.send_raw(batch.as_bytes()).expect("write");
    for expect_id in 1..=id {
        let r = e
            .reply(REPLY_TIMEOUT)
            .unwrap_or_else(|err| panic!("reply {}: {}", expect_id, err));
        assert_eq!(r.id, Some(expect_id), "out of order: {:?}", r.raw);
        assert!(r.ok, "{:?}", r.raw);
    }
    // And no extra output.
    assert_eq!(e.drain_for(Duration::from_millis(300)), "");
}

#[test]
fn quit_replies_and_exits_cleanly() {
    let mut e = Engine::spawn(&[]);
    e.send("5 quit");
    let raw = e.read_raw_reply(REPLY_TIMEOUT).expect("reply to quit");
    assert_eq!(raw, "=5 \n\n");
    let status = e
        .wait_exit(Duration::from_secs(10))
        .expect("engine must exit after quit");
    assert!(status.success(), "exit status {:?}", status);
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut e = Engine::spawn(&[]);
    e.ok("protocol_version");
    e.close_stdin();
    let status = e
        .wait_exit(Duration::from_secs(10))
        .expect("engine must exit when stdin closes");
    assert!(status.success(), "exit status {:?}", status);
}

#[test]
fn stdout_carries_only_replies_even_when_verbose() {
    let mut e = Engine::spawn(&["-vvv", "--playouts", "50", "--threads", "1"]);
    only_replies_on_stdout(&mut e);
}

#[test]
fn stdout_carries_only_replies_with_rust_log() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut e = Engine::spawn_with_env(
        dir,
        &["--playouts", "50", "--threads", "1"],
        &[("RUST_LOG", "trace")],
    );
    only_replies_on_stdout(&mut e);
}

/// Plays a few commands, genmove among them, and checks stdout holds exactly their replies.
fn only_replies_on_stdout(e: &mut Engine) {
    let out = exchange(
        e,
        b"1 boardsize 9\n2 clear_board\n3 genmove b\n4 play w pass\n5 showboard\n",
    );
    // Split into replies and check each is well formed with the right id.
    let mut rest = out.as_str();
    let mut ids = Vec::new();
    while let Some(pos) = rest.find("\n\n") {
        let raw = &rest[..pos + 2];
        let r = parse_reply(raw).unwrap_or_else(|err| panic!("{}", err));
        ids.push(r.id);
        rest = &rest[pos + 2..];
    }
    assert_eq!(rest, "", "trailing output {:?}", rest);
    assert_eq!(
        ids,
        vec![Some(1), Some(2), Some(3), Some(4), Some(5), Some(999)]
    );
}

#[test]
fn help_explains_every_option() {
    let (status, text, _) = common::run_once(&["--help"], Duration::from_secs(10));
    assert!(status.success(), "tengen --help failed: {:?}", status);
    for opt in [
        "--threads",
        "--playouts",
        "--time",
        "--rules",
        "--komi",
        "--seed",
        "--resign-threshold",
        "--player",
        "-v",
    ] {
        assert!(text.contains(opt), "--help does not mention {}", opt);
    }
}

#[test]
fn threads_default_to_the_number_of_cores() {
    let (status, text, _) = common::run_once(&["--help"], Duration::from_secs(10));
    assert!(status.success());
    assert!(text.contains("the number of cores"), "{text}");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(64));
    for (args, want) in [
        (&["-v"][..], format!(", {cores} threads")),
        (&["-v", "--threads", "3"][..], ", 3 threads".to_string()),
    ] {
        // no input: the engine logs its start and ends
        let (status, _, err) = common::run_once(args, Duration::from_secs(10));
        assert!(status.success(), "{args:?}: {status:?}");
        assert!(err.contains(&want), "{args:?}: {err:?} lacks {want:?}");
    }
}

#[test]
fn bench_subcommand_stays() {
    let (status, text, _) = common::run_once(&["bench", "--help"], Duration::from_secs(10));
    assert!(status.success(), "tengen bench --help failed: {:?}", status);
    assert!(!text.is_empty());
}

#[test]
fn bad_command_line_is_an_error_not_a_panic() {
    for args in [
        &["--threads", "abc"][..],
        &["--rules", "no-such-rules"][..],
        &["--komi", "x"][..],
        &["--player", "uct"][..],
        &["--no-such-option"][..],
    ] {
        let (status, out, err) = common::run_once(args, Duration::from_secs(10));
        assert!(!status.success(), "{:?} should fail", args);
        assert!(!err.contains("panicked"), "{:?} panicked: {}", args, err);
        assert!(!out.starts_with('='), "{:?} answered GTP: {:?}", args, out);
    }
}

#[test]
fn command_line_komi_and_rules_apply() {
    let mut e = Engine::spawn(&["--komi", "2.5", "--rules", "tromp-taylor"]);
    assert_eq!(e.ok("final_score"), "W+2.5");
    let rules = e.ok("kata-get-rules").to_lowercase();
    assert!(rules.contains("positional"), "{}", rules);
    // An explicit komi command overrides it.
    e.ok("komi 0.5");
    assert_eq!(e.ok("final_score"), "W+0.5");
}

#[test]
fn both_players_generate_moves() {
    for player in ["flat", "tree", "FLAT"] {
        let mut e = Engine::spawn(&[
            "--player",
            player,
            "--playouts",
            "50",
            "--seed",
            "3",
            "--kgs-chat",
            "--threads",
            "1",
        ]);
        e.ok("boardsize 9");
        let mv = e.ok("genmove b");
        assert!(
            common::is_vertex_on(&mv, 9),
            "--player {player}: genmove gave {mv:?}"
        );
        assert!(e.ok("kgs-chat").contains("Monte-Carlo"));
    }
}

#[test]
fn pipelined_genmoves_are_answered_in_order_and_not_cut_short() {
    // Sabaki writes several commands at once, genmove among them: they are answered in
    // order, and a following ordinary command does not end the thinking early.
    let mut e = Engine::spawn(&["--time", "1", "--threads", "1"]);
    let start = std::time::Instant::now();
    e.send_raw(b"1 boardsize 9\n2 genmove b\n3 protocol_version\n4 genmove w\n5 name\n")
        .expect("write");
    for id in 1..=5 {
        let r = e
            .reply(Duration::from_secs(30))
            .unwrap_or_else(|err| panic!("reply {}: {}", id, err));
        assert_eq!(r.id, Some(id), "{:?}", r.raw);
        assert!(r.ok, "{:?}", r.raw);
        if id == 2 || id == 4 {
            assert!(common::is_vertex_on(&r.text, 9), "{:?}", r.raw);
        }
    }
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(1500),
        "two genmoves with --time 1 took only {:?}: input cut the thinking short",
        took
    );
}

#[test]
fn closed_stdout_ends_the_engine_quietly() {
    // The controller went away: writes fail; the engine must stop, not panic or spin.
    use std::io::{Read, Write};
    let mut child = std::process::Command::new(common::engine_path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start engine");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    for _ in 0..50 {
        if stdin
            .write_all(b"name\n")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let start = std::time::Instant::now();
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if start.elapsed() > Duration::from_secs(10) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("engine still running 10 s after its stdout was closed");
    }
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    assert!(!err.contains("panicked"), "engine panicked: {}", err);
}
