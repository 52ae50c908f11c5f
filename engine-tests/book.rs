//! The opening book as a user meets it: `genmove` on the empty 19x19 board answers from the
//! book with a corner move and says so on stderr; `--book off` searches instead (the log
//! shows the search, no book line); `tengen book build` writes a book from a folder of
//! records and refuses a folder without any.

mod common;

use common::Engine;
use std::fs;
use std::process::Command;

const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");

/// Whether a 19x19 vertex is a corner point: both lines (1 = the edge) 3 to 5, not 5-5.
fn is_corner(v: &str) -> bool {
    const COLS: &str = "ABCDEFGHJKLMNOPQRST";
    let v = v.to_uppercase();
    let Some(x) = v.chars().next().and_then(|c| COLS.find(c)) else {
        return false;
    };
    let Ok(y) = v[1..].parse::<usize>() else {
        return false;
    };
    let (a, b) = (x.min(18 - x) + 1, (y - 1).min(19 - y) + 1);
    (3..=5).contains(&a) && (3..=5).contains(&b) && a.min(b) <= 4
}

/// `genmove b` on an empty 19x19 board with `args`: the move and the engine's stderr.
fn first_move(args: &[&str], name: &str) -> (String, String) {
    let stderr = common::temp_path(name, "stderr");
    let mut all = vec!["-v", "--threads", "1", "--playouts", "30"];
    all.extend_from_slice(args);
    let mut e = Engine::spawn_with_stderr(&all, &stderr);
    e.ok("boardsize 19");
    e.ok("clear_board");
    let mv = e.ok("genmove b");
    e.ok("quit");
    e.wait_exit(common::REPLY_TIMEOUT);
    let log = fs::read_to_string(&stderr).unwrap_or_default();
    let _ = fs::remove_file(&stderr);
    (mv, log)
}

#[test]
fn the_book_opens_in_a_corner_and_says_so() {
    for seed in ["1", "2", "3"] {
        let (mv, log) = first_move(&["--seed", seed], "book-on");
        assert!(is_corner(&mv), "seed {seed}: {mv} is not a corner move");
        let line = log
            .lines()
            .find(|l| l.contains("book: "))
            .unwrap_or_else(|| panic!("no book line in the log:\n{log}"));
        assert!(line.contains(&format!("book: {mv} from ")), "{line}");
        assert!(!log.contains("playouts"), "no search ran:\n{log}");
    }
}

#[test]
fn book_off_searches() {
    let (mv, log) = first_move(&["--seed", "1", "--book", "off"], "book-off");
    assert!(!mv.is_empty());
    assert!(!log.contains("book: "), "the book was used:\n{log}");
    assert!(log.contains("playouts"), "no search in the log:\n{log}");
    // a bad value is refused on the command line
    let out = Command::new(TENGEN)
        .args(["--book", "maybe"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn book_build_writes_a_book_from_records() {
    let dir = common::temp_path("book-records", "d");
    fs::create_dir_all(dir.join("kifu")).unwrap();
    // a damaged game (an occupied point), then twelve games opening on the 4-4 points
    let mut lines = String::from("99\t;B[pd];W[pd]\n");
    let mut index = String::new();
    for i in 0..12 {
        let body = if i % 2 == 0 {
            ";B[pd];W[dp];B[pp];W[dd]"
        } else {
            ";B[dp];W[pd];B[dd];W[pp]"
        };
        lines += &format!("{i}\t{body}\n");
        let result = if i % 3 == 0 { "W+R" } else { "B+2.5" };
        index += &format!("{i}\t2010.01.01 10:00\tw\tb\t6.5\t{result}\t4\t30/3 5m\n");
    }
    fs::write(dir.join("kifu/2010-01"), lines).unwrap();
    fs::write(dir.join("index.tsv"), index).unwrap();
    let out_file = common::temp_path("book", "book");
    let run = |records: &str| {
        Command::new(TENGEN)
            .args(["book", "build", "--records", records, "--out"])
            .arg(&out_file)
            .args(["--holdout", "2", "--min-games", "2"])
            .output()
            .unwrap()
    };
    let out = run(dir.to_str().unwrap());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    // 13 games, the newest 2 held out: 10 counted, 1 damaged
    assert_eq!(json["games"], 10, "{stdout}");
    assert_eq!(json["damaged"], 1, "{stdout}");
    assert_eq!(json["positions"], 4, "{stdout}");
    let bytes = fs::read(&out_file).unwrap();
    assert_eq!(json["bytes"], bytes.len());
    assert!(bytes.starts_with(b"TGNBOOK1"));
    // no records: an error, no panic
    let empty = common::temp_path("book-empty", "d");
    fs::create_dir_all(&empty).unwrap();
    let out = run(empty.to_str().unwrap());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game records"));
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&empty);
    let _ = fs::remove_file(&out_file);
}
