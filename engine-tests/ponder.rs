//! Pondering and idleness, by the CPU time the engine process uses: without `--ponder` an
//! idle engine uses none; with it, the engine searches during the opponent's turn, still
//! answers every command, and stops as soon as the game changes.
//!
//! CPU time is read from `/proc`, so these tests run on Linux only.
#![cfg(target_os = "linux")]

mod common;

use common::{is_vertex_on, Engine};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// CPU seconds `e` uses during `d` of wall time.
fn cpu_during(e: &Engine, d: Duration) -> f64 {
    let before = e.cpu_seconds();
    sleep(d);
    e.cpu_seconds() - before
}

fn start(args: &[&str]) -> (Engine, String) {
    let mut e = Engine::spawn(args);
    e.ok("boardsize 9");
    e.ok("clear_board");
    let m = e.ok("genmove b");
    assert!(is_vertex_on(&m, 9), "{m}");
    (e, m)
}

#[test]
fn an_idle_engine_uses_no_cpu() {
    let (mut e, _) = start(&["--time", "0.3", "--threads", "2"]);
    // two search threads waiting, the input thread waiting: nothing runs
    let used = cpu_during(&e, Duration::from_millis(1500));
    assert!(used < 0.05, "idle engine used {used} s of CPU");
    // a pass is legal whatever the engine played first (a stone could have taken C3)
    e.ok("play w pass");
    let used = cpu_during(&e, Duration::from_millis(1000));
    assert!(used < 0.05, "idle engine used {used} s of CPU after play");
}

#[test]
fn pondering_searches_answers_and_stops() {
    let (mut e, m) = start(&["--time", "0.3", "--threads", "1", "--ponder"]);
    // the opponent's turn: one search thread busy
    let used = cpu_during(&e, Duration::from_millis(1500));
    assert!(used > 0.25, "pondering used only {used} s of CPU in 1.5 s");
    // commands are answered while it goes on; `name` does not stop it
    for _ in 0..5 {
        let t = Instant::now();
        assert_eq!(e.ok("name"), "Tengen");
        assert!(
            t.elapsed() < Duration::from_millis(500),
            "{:?}",
            t.elapsed()
        );
    }
    e.ok("time_left b 100 0");
    let used = cpu_during(&e, Duration::from_millis(500));
    assert!(used > 0.1, "pondering stopped by name/time_left: {used} s");
    // the opponent's move ends it
    let reply = if m == "E5" { "C3" } else { "E5" };
    e.ok(&format!("play w {reply}"));
    let used = cpu_during(&e, Duration::from_millis(1000));
    assert!(used < 0.05, "still searching after play: {used} s");
    // and genmove searches from there, then ponders again
    let m2 = e.ok("genmove b");
    assert!(is_vertex_on(&m2, 9), "{m2}");
    let used = cpu_during(&e, Duration::from_millis(1000));
    assert!(
        used > 0.15,
        "no pondering after the second genmove: {used} s"
    );
    // undo stops it too, and quit ends the engine while it ponders
    e.ok("undo");
    let used = cpu_during(&e, Duration::from_millis(800));
    assert!(used < 0.05, "still searching after undo: {used} s");
    e.ok("genmove b");
    e.ok("quit");
    assert!(e.wait_exit(Duration::from_secs(5)).is_some());
}
