//! Time control: with a long default thinking time (`--time 30`), a clock set by
//! `time_settings`, `kgs-time_settings` or `time_left` makes `genmove` answer within that
//! clock; `--playouts` with `--seed` and one thread gives the same moves every run.

mod common;

use common::{is_vertex_on, Engine};
use std::time::{Duration, Instant};

/// Runs `setup`, then times one `genmove b` on an empty 9x9 board.
fn timed_genmove(setup: &[&str]) -> Duration {
    let mut e = Engine::spawn(&["--time", "30", "--threads", "1"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    for cmd in setup {
        e.ok(cmd);
    }
    let t = Instant::now();
    let r = e
        .try_cmd("genmove b", Duration::from_secs(40))
        .unwrap_or_else(|err| panic!("genmove after {:?}: {}", setup, err));
    let took = t.elapsed();
    assert!(r.ok && is_vertex_on(&r.text, 9), "{:?}", r.raw);
    took
}

#[test]
fn byo_yomi_of_one_second_is_respected() {
    let took = timed_genmove(&["time_settings 0 1 1"]);
    assert!(took < Duration::from_millis(2500), "took {:?}", took);
}

#[test]
fn little_main_time_left_is_respected() {
    let took = timed_genmove(&["time_settings 60 0 0", "time_left b 2 0"]);
    assert!(took < Duration::from_millis(2500), "took {:?}", took);
}

#[test]
fn kgs_byo_yomi_is_respected() {
    let took = timed_genmove(&["kgs-time_settings byoyomi 0 1 5"]);
    assert!(took < Duration::from_millis(2500), "took {:?}", took);
}

#[test]
fn canadian_time_left_is_respected() {
    let took = timed_genmove(&["kgs-time_settings canadian 0 20 10", "time_left b 2 5"]);
    assert!(took < Duration::from_millis(2500), "took {:?}", took);
}

#[test]
fn default_time_per_move_is_used_without_clock() {
    let mut e = Engine::spawn(&["--time", "1", "--threads", "1"]);
    e.ok("boardsize 9");
    e.ok("clear_board");
    let t = Instant::now();
    let m = e.ok("genmove b");
    let took = t.elapsed();
    assert!(is_vertex_on(&m, 9), "{}", m);
    assert!(took < Duration::from_secs(4), "--time 1 took {:?}", took);
}

fn game(args: &[&str]) -> Vec<String> {
    let mut e = Engine::spawn(args);
    e.ok("boardsize 9");
    e.ok("clear_board");
    (0..8)
        .map(|i| e.ok(&format!("genmove {}", if i % 2 == 0 { "b" } else { "w" })))
        .collect()
}

#[test]
fn fixed_playouts_and_seed_are_reproducible() {
    let args = ["--playouts", "300", "--threads", "1", "--seed", "42"];
    let a = game(&args);
    let b = game(&args);
    assert_eq!(a, b, "same seed, same playouts, one thread: same moves");
}

#[test]
fn two_threads_play_legal_moves() {
    let moves = game(&["--playouts", "300", "--threads", "2"]);
    for m in moves {
        assert!(is_vertex_on(&m, 9) || m == "pass", "{}", m);
    }
}
