//! SGF round trips: a game is set up (plays, captures, passes, handicap, setup stones from a
//! file, komi, rules), written with `printsgf FILE`, loaded back with `loadsgf` into a fresh
//! engine, and compared: board (`showboard`), record (`printsgf`), rules, komi (scores) and
//! history (the same number of undos).

mod common;

use common::{temp_path, tests_dir, Engine, FAST_ARGS};

/// What must survive a round trip.
fn observe(e: &mut Engine) -> (String, String, String, usize) {
    let board = e.ok("showboard");
    let rules = e.ok("kata-get-rules");
    let score = e.ok("final_score");
    // Count the moves by undoing them on a copy: load the record into a scratch engine.
    let record = e.ok("printsgf");
    let path = temp_path("count", "sgf");
    std::fs::write(&path, &record).expect("write temp sgf");
    let mut scratch = Engine::spawn(FAST_ARGS);
    scratch.ok(&format!("loadsgf {}", path.display()));
    let mut moves = 0;
    while scratch.cmd("undo").ok {
        moves += 1;
        assert!(moves < 1000, "undo never fails");
    }
    let _ = std::fs::remove_file(&path);
    (board, rules, score, moves)
}

/// printsgf FILE from `e`, loadsgf FILE into a fresh engine, compare everything.
fn round_trip(e: &mut Engine, expected_moves: usize) {
    let path = temp_path("roundtrip", "sgf");
    let r = e.cmd(&format!("printsgf {}", path.display()));
    assert!(r.ok, "printsgf FILE failed: {:?}", r.raw);
    let text = std::fs::read_to_string(&path).expect("printsgf FILE must write the file");
    assert!(
        text.trim_start().starts_with("(;"),
        "not an SGF record: {:?}",
        text
    );
    let mut f = Engine::spawn(FAST_ARGS);
    f.ok(&format!("loadsgf {}", path.display()));
    let a = observe(e);
    let b = observe(&mut f);
    assert_eq!(a.0, b.0, "board differs after round trip; file:\n{}", text);
    assert_eq!(a.1, b.1, "rules differ after round trip; file:\n{}", text);
    assert_eq!(
        a.2, b.2,
        "score (komi) differs after round trip; file:\n{}",
        text
    );
    assert_eq!(
        a.3, expected_moves,
        "moves in the original record; file:\n{}",
        text
    );
    assert_eq!(
        b.3, expected_moves,
        "moves after round trip; file:\n{}",
        text
    );
    // Printing the reloaded game gives the same record again (a fixed point).
    let path2 = temp_path("roundtrip2", "sgf");
    f.ok(&format!("printsgf {}", path2.display()));
    let text2 = std::fs::read_to_string(&path2).expect("second printsgf");
    let mut g = Engine::spawn(FAST_ARGS);
    g.ok(&format!("loadsgf {}", path2.display()));
    assert_eq!(
        observe(&mut g),
        b,
        "second round trip differs; first file:\n{}\nsecond file:\n{}",
        text,
        text2
    );
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&path2);
}

#[test]
fn plain_game_with_capture_and_passes() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("kata-set-rules japanese");
    e.ok("komi 6.5");
    for m in [
        "b e5", "w a2", "b b1", "w a1", "b pass", "w b2", "b c1", "w pass", "b d4",
    ] {
        e.ok(&format!("play {}", m));
    }
    round_trip(&mut e, 9);
}

#[test]
fn game_with_fixed_handicap() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 13");
    e.ok("clear_board");
    e.ok("kata-set-rules aga");
    e.ok("komi 0.5");
    e.ok("fixed_handicap 4");
    for m in ["w g7", "b c3", "w l11"] {
        e.ok(&format!("play {}", m));
    }
    round_trip(&mut e, 3);
    let sgf = e.ok("printsgf");
    assert!(sgf.contains("HA[4]"), "{}", sgf);
}

#[test]
fn game_with_free_handicap_on_19() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 19");
    e.ok("clear_board");
    e.ok("kata-set-rules chinese");
    e.ok("komi 0");
    e.ok("set_free_handicap d4 q16 k10");
    e.ok("play w c16");
    round_trip(&mut e, 1);
}

#[test]
fn file_with_setup_stones() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("kata-set-rules tromp-taylor");
    let setup = tests_dir().join("sgf").join("setup.sgf");
    e.ok(&format!("loadsgf {}", setup.display()));
    e.ok("play w h8");
    round_trip(&mut e, 3);
    let sgf = e.ok("printsgf");
    assert!(sgf.contains("AB") && sgf.contains("AW"), "{}", sgf);
}

#[test]
fn rules_case_setups_survive() {
    for (file, moves) in [("k01.sgf", 1usize), ("p02.sgf", 0), ("s01.sgf", 0)] {
        let mut e = Engine::spawn(FAST_ARGS);
        e.ok("kata-set-rules new-zealand");
        let path = tests_dir().join("sgf").join(file);
        e.ok(&format!("loadsgf {}", path.display()));
        if moves == 1 {
            e.ok("play b f5");
        }
        round_trip(&mut e, moves);
    }
}

#[test]
fn finished_game_has_result() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 5");
    e.ok("clear_board");
    e.ok("kata-set-rules chinese");
    e.ok("komi 0.5");
    for m in ["b c3", "w pass", "b pass"] {
        e.ok(&format!("play {}", m));
    }
    let sgf = e.ok("printsgf");
    assert!(sgf.contains("RE[B+24.5]"), "{}", sgf);
    round_trip(&mut e, 3);
}

#[test]
fn printsgf_to_unwritable_path_fails_cleanly() {
    let mut e = Engine::spawn(FAST_ARGS);
    let r = e.cmd("printsgf /nonexistent-dir/x/y.sgf");
    assert!(!r.ok, "writing to a missing folder must fail: {:?}", r.raw);
    assert_eq!(e.ok("protocol_version"), "2");
}
