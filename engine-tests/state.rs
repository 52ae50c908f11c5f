//! Game state across commands, checked by comparing snapshots (`showboard`, the rules,
//! `printsgf`, a few `is_legal`): every error leaves the game exactly as it was; `reg_genmove` changes
//! nothing; `genmove` plays legal moves (whole self-play games, each move re-checked with
//! `is_legal` after an `undo`); `place_free_handicap` places the distinct points it names.

mod common;

use common::{is_vertex_on, Engine, FAST_ARGS};

/// Everything observable about the game that an error must not change.
fn snapshot(e: &mut Engine) -> String {
    let board = e.ok("showboard");
    let rules = e.ok("kata-get-rules");
    let record = without_date(&e.ok("printsgf"));
    let legal: Vec<String> = ["a1", "e5", "d4", "j9", "pass"]
        .iter()
        .map(|v| e.ok(&format!("is_legal b {}", v)))
        .collect();
    format!("{}\n{}\n{}\n{:?}", board, rules, record, legal)
}

/// A record without its `DT` property: the date is today's, not the game's (a snapshot
/// taken on each side of midnight differed in it alone).
fn without_date(record: &str) -> String {
    match record.find("DT[") {
        Some(a) => match record[a..].find(']') {
            Some(b) => format!("{}{}", &record[..a], &record[a + b + 1..]),
            None => record.to_string(),
        },
        None => record.to_string(),
    }
}

/// (command, expected error message); each must fail with that exact text.
const ERRORS: &[(&str, &str)] = &[
    ("no_such_command", "unknown command"),
    ("boardsize 1", "unacceptable size"),
    ("boardsize 26", "unacceptable size"),
    ("boardsize abc", "syntax error"),
    ("play b e5", "illegal move"),
    ("play w c3", "illegal move"),
    ("play x e5", "syntax error"),
    ("play b i5", "syntax error"),
    ("play b", "syntax error"),
    ("komi abc", "syntax error"),
    ("fixed_handicap 2", "board not empty"),
    ("place_free_handicap 2", "board not empty"),
    ("set_free_handicap a1 b1", "board not empty"),
    (
        "loadsgf /nonexistent/file.sgf",
        "cannot load file: No such file or directory (os error 2)",
    ),
    (
        "loadsgf /dev/zero",
        "cannot load file: a character device, not a regular file",
    ),
    (
        "loadsgf /",
        "cannot load file: a directory, not a regular file",
    ),
    (
        "printsgf /dev/null",
        "cannot save file: a character device, not a regular file",
    ),
    ("final_status_list maybe", "syntax error"),
    ("time_settings 1 2", "syntax error"),
    ("time_left b x 0", "syntax error"),
    ("kgs-time_settings byoyomi 1", "syntax error"),
    ("is_legal b", "syntax error"),
    ("genmove purple", "syntax error"),
];

#[test]
fn errors_leave_the_game_unchanged() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("kata-set-rules japanese");
    e.ok("komi 5.5");
    e.ok("play b e5");
    e.ok("play w c3");
    e.ok("play b g7");
    let before = snapshot(&mut e);
    for (cmd, msg) in ERRORS {
        let r = e.cmd(cmd);
        assert!(!r.ok, "{:?} should fail, got {:?}", cmd, r.raw);
        assert_eq!(&r.text, msg, "message of {:?}", cmd);
        let after = snapshot(&mut e);
        assert_eq!(before, after, "state changed by failing {:?}", cmd);
    }
    // Unknown rules names: any message, nothing changes.
    for cmd in ["kata-set-rules bogus", "kgs-rules bogus"] {
        assert!(!e.cmd(cmd).ok, "{} should fail", cmd);
        assert_eq!(before, snapshot(&mut e), "state changed by {:?}", cmd);
    }
    // The history is intact: exactly three moves to undo.
    for _ in 0..3 {
        e.ok("undo");
    }
    assert_eq!(e.err("undo"), "cannot undo");
    // And cannot undo leaves the (now empty) board as it is.
    let empty = snapshot(&mut e);
    assert_eq!(e.err("undo"), "cannot undo");
    assert_eq!(empty, snapshot(&mut e));
}

#[test]
fn failed_handicap_commands_place_nothing() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 9");
    e.ok("clear_board");
    let before = snapshot(&mut e);
    for (cmd, msg) in [
        ("fixed_handicap 1", "invalid number of stones"),
        ("fixed_handicap 10", "invalid number of stones"),
        ("place_free_handicap 1", "invalid number of stones"),
        (
            "set_free_handicap a1 a1",
            "bad vertex list: repeated vertex A1",
        ),
        (
            "set_free_handicap c3 g7 c3",
            "bad vertex list: repeated vertex C3",
        ),
        ("set_free_handicap c3", "invalid number of stones"),
        ("set_free_handicap c3 z9", "bad vertex list"),
    ] {
        assert_eq!(e.err(cmd), msg, "{}", cmd);
        assert_eq!(before, snapshot(&mut e), "state changed by {:?}", cmd);
    }
}

#[test]
fn reg_genmove_changes_nothing() {
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("play b e5");
    let before = snapshot(&mut e);
    for c in ["b", "w"] {
        let m = e.ok(&format!("reg_genmove {}", c));
        assert!(
            is_vertex_on(&m, 9) || m == "pass" || m == "resign",
            "reg_genmove {} gave {:?}",
            c,
            m
        );
        assert_eq!(
            before,
            snapshot(&mut e),
            "reg_genmove {} changed the game",
            c
        );
    }
}

#[test]
fn place_free_handicap_places_distinct_points() {
    let mut e = Engine::spawn(FAST_ARGS);
    for (size, n) in [(19usize, 9usize), (13, 5), (9, 4), (9, 2)] {
        e.ok(&format!("boardsize {}", size));
        e.ok("clear_board");
        let text = e.ok(&format!("place_free_handicap {}", n));
        let pts: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(
            pts.len(),
            n,
            "{}x{} place_free_handicap {}: {:?}",
            size,
            size,
            n,
            text
        );
        let mut sorted = pts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), n, "duplicates in {:?}", text);
        for p in &pts {
            assert!(
                is_vertex_on(p, size),
                "{:?} not an upper-case vertex on {}",
                p,
                size
            );
            assert_eq!(e.ok(&format!("is_legal w {}", p)), "0", "{} not placed", p);
        }
        assert_eq!(e.err("undo"), "cannot undo", "handicap is not a move");
    }
}

/// Reads the stones from `showboard`: the rows that start with a row number, then one
/// cell per column (`X` Black, `O` White, anything else empty). Index `[y][x]`, y = row - 1.
fn read_board(e: &mut Engine, size: usize) -> Vec<Vec<char>> {
    let text = e.ok("showboard");
    let mut board = vec![vec!['.'; size]; size];
    let mut rows = 0;
    for line in text.lines() {
        let mut toks = line.split_whitespace();
        let Some(Ok(row)) = toks.next().map(str::parse::<usize>) else {
            continue;
        };
        let cells: Vec<char> = toks.take(size).filter_map(|t| t.chars().next()).collect();
        if (1..=size).contains(&row) && cells.len() == size {
            board[row - 1] = cells;
            rows += 1;
        }
    }
    assert_eq!(
        rows, size,
        "cannot read the board rows from showboard: {}",
        text
    );
    board
}

/// Whether (x, y) is a true eye of `me` ('X' or 'O'): empty, every neighbour `me`, and
/// no opponent diagonal (on the edge) or at most one (inside).
fn is_true_eye(b: &[Vec<char>], x: usize, y: usize, me: char) -> bool {
    let n = b.len() as i64;
    let at = |x: i64, y: i64| -> Option<char> {
        if x < 0 || y < 0 || x >= n || y >= n {
            None
        } else {
            Some(b[y as usize][x as usize])
        }
    };
    let (x, y) = (x as i64, y as i64);
    if matches!(at(x, y), Some('X') | Some('O')) {
        return false;
    }
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        if let Some(c) = at(x + dx, y + dy) {
            if c != me {
                return false;
            }
        }
    }
    let opp = if me == 'X' { 'O' } else { 'X' };
    let mut on_board = 0;
    let mut bad = 0;
    for (dx, dy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
        if let Some(c) = at(x + dx, y + dy) {
            on_board += 1;
            if c == opp {
                bad += 1;
            }
        }
    }
    if on_board < 4 {
        bad == 0
    } else {
        bad <= 1
    }
}

/// Plays a whole game of genmoves on a small board and checks each move: upper-case
/// vertex or lower-case pass/resign, legal (undo, `is_legal`, replay), and never a
/// move into the mover's own true eye (read from `showboard`).
fn self_play(size: usize, rules: &str, max_moves: usize) {
    // No resigning: the games run to the end, where the eyes are.
    let mut args = FAST_ARGS.to_vec();
    args.extend(["--resign-threshold", "0"]);
    let mut e = Engine::spawn(&args);
    let mut played = 0;
    e.ok(&format!("boardsize {}", size));
    e.ok("clear_board");
    e.ok(&format!("kata-set-rules {}", rules));
    let mut passes = 0;
    let colors = ["b", "w"];
    for i in 0..max_moves {
        let c = colors[i % 2];
        let before = read_board(&mut e, size);
        let m = e.ok(&format!("genmove {}", c));
        if m == "resign" {
            break;
        }
        if m == "pass" {
            passes += 1;
            if passes >= 2 {
                break;
            }
            continue;
        }
        passes = 0;
        assert!(
            is_vertex_on(&m, size),
            "move {}: {:?} is not a vertex",
            i,
            m
        );
        let x = common::COLUMNS.find(&m[..1]).unwrap_or(0);
        let y = m[1..].parse::<usize>().unwrap_or(1) - 1;
        let me = if c == "b" { 'X' } else { 'O' };
        assert!(
            !is_true_eye(&before, x, y, me),
            "genmove {} filled its own eye at {} (move {}, {}):\n{:?}",
            c,
            m,
            i,
            rules,
            before
        );
        // The move was played: the point is now occupied...
        assert_eq!(
            e.ok(&format!("is_legal {} {}", c, m)),
            "0",
            "{} not played",
            m
        );
        // ...and it was legal in the position before it.
        e.ok("undo");
        assert_eq!(
            e.ok(&format!("is_legal {} {}", c, m)),
            "1",
            "genmove {} chose illegal {} at move {} ({})",
            c,
            m,
            i,
            rules
        );
        e.ok(&format!("play {} {}", c, m));
        played += 1;
    }
    assert!(
        played >= size * size / 2,
        "only {} stones played on {}x{}: the game ended too early to test much",
        played,
        size,
        size
    );
}

#[test]
fn true_eye_checker_works() {
    let rows = ["X.X..", "XXX..", ".....", "OO...", ".O..."];
    // rows are given top (row 5) first
    let b: Vec<Vec<char>> = rows.iter().rev().map(|r| r.chars().collect()).collect();
    assert!(is_true_eye(&b, 1, 4, 'X'), "B5 is Black's eye");
    assert!(!is_true_eye(&b, 1, 4, 'O'));
    assert!(is_true_eye(&b, 0, 0, 'O'), "A1 is White's eye");
    assert!(!is_true_eye(&b, 3, 3, 'X'), "D4 is open");
    assert!(!is_true_eye(&b, 0, 4, 'X'), "A5 is occupied");
}

#[test]
fn genmove_self_play_is_legal_chinese_7x7() {
    self_play(7, "chinese", 120);
}

#[test]
fn genmove_self_play_is_legal_tromp_taylor_5x5() {
    self_play(5, "tromp-taylor", 80);
}

#[test]
fn genmove_self_play_is_legal_japanese_9x9() {
    self_play(9, "japanese", 60);
}

#[test]
fn place_free_handicap_picks_points_away_from_the_edge() {
    // "The engine picks good points": never on the first two lines of a 19x19 board.
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 19");
    for n in 2..=9 {
        e.ok("clear_board");
        let text = e.ok(&format!("place_free_handicap {}", n));
        for p in text.split_whitespace() {
            let col = common::COLUMNS.find(&p[..1]).unwrap_or(99);
            let row: usize = p[1..].parse().unwrap_or(99);
            assert!(
                (2..=16).contains(&col) && (3..=17).contains(&row),
                "place_free_handicap {} chose {} (on the first two lines): {}",
                n,
                p,
                text
            );
        }
    }
}

#[test]
fn resign_threshold_zero_never_resigns() {
    let args = [
        "--playouts",
        "300",
        "--threads",
        "1",
        "--resign-threshold",
        "0",
    ];
    let mut e = Engine::spawn(&args);
    // eyes.sgf: Black owns the 5x5 board; every White move is suicide.
    let eyes = common::tests_dir().join("sgf").join("eyes.sgf");
    e.ok(&format!("loadsgf {}", eyes.display()));
    assert_eq!(
        e.ok("genmove w"),
        "pass",
        "lost, but --resign-threshold 0 never resigns"
    );
    // 9x9 with 20 Black stones set as handicap, komi 0: bad for White, no resigning.
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 0");
    e.ok("set_free_handicap c3 d3 e3 f3 g3 c7 d7 e7 f7 g7 c4 c5 c6 g4 g5 g6 e5 b5 h5 e2");
    let m = e.ok("genmove w");
    assert!(is_vertex_on(&m, 9) || m == "pass", "{}", m);
}

#[test]
fn resign_threshold_near_one_resigns() {
    // "Resign when the best move's winrate falls below this": White behind 21 Black stones
    // on 9x9 (a quarter of the board is filled, so resigning is not premature) wins far
    // less than 99%, so 0.99 resigns (on its third turn in a row below the threshold).
    let args = [
        "--playouts",
        "300",
        "--threads",
        "1",
        "--resign-threshold",
        "0.99",
    ];
    let stones = "c3 d3 e3 f3 g3 c7 d7 e7 f7 g7 c4 c5 c6 g4 g5 g6 e5 b5 h5 e2 e8";
    let mut e = Engine::spawn(&args);
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 0");
    for (i, v) in stones.split(' ').enumerate() {
        if i > 0 {
            e.ok("play w pass");
        }
        e.ok(&format!("play b {v}"));
    }
    // resigning takes three own turns in a row that want to (KataGo's resignConsecTurns):
    // the first two play on, Black answering with a stone, and the third resigns
    for turn in 1..=3 {
        let m = e.ok("genmove w");
        if turn == 3 {
            assert_eq!(m, "resign");
            break;
        }
        assert_ne!(m, "resign", "turn {turn}");
        let reply = ["a1", "j1", "a9", "j9", "b1", "h1"]
            .into_iter()
            .find(|v| e.cmd(&format!("play b {v}")).ok);
        assert!(reply.is_some(), "Black found no stone to play");
    }
    // the same stones as handicap: giving handicap, White never resigns before the middle
    // game (dynamic komi on or off)
    for dynkomi in ["handicap", "off"] {
        let mut e = Engine::spawn(&[&args[..], &["--dynkomi", dynkomi]].concat());
        e.ok("boardsize 9");
        e.ok("clear_board");
        e.ok("komi 0");
        e.ok(&format!("set_free_handicap {stones}"));
        let m = e.ok("genmove w");
        assert!(is_vertex_on(&m, 9), "{dynkomi}: {m}");
    }
}

/// Issue 56: a FIFO with no writer (a plain open waits for one forever) and `/dev/zero` (a
/// plain read never ends) named on a line are refused at once with the reason, and the
/// engine goes on answering; so is a gammas file named on the command line.
#[test]
fn files_that_are_not_regular_are_refused_at_once() {
    let dir = common::temp_path("fifo", "d");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fifo = dir.join("f");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success(), "mkfifo failed");
    let fifo = fifo.display().to_string();
    let mut e = Engine::spawn(FAST_ARGS);
    e.ok("boardsize 9");
    e.ok("play b e5");
    let before = snapshot(&mut e);
    for (cmd, msg) in [
        (
            format!("loadsgf {fifo}"),
            "cannot load file: a FIFO, not a regular file",
        ),
        (
            "loadsgf /dev/zero".into(),
            "cannot load file: a character device, not a regular file",
        ),
        (
            format!("printsgf {fifo}"),
            "cannot save file: a FIFO, not a regular file",
        ),
    ] {
        assert_eq!(e.err(&cmd), msg, "{cmd}");
        assert_eq!(e.ok("name"), "Tengen", "after {cmd}");
    }
    for path in [fifo.as_str(), "/dev/zero"] {
        let cmd = format!("kata-set-param learned_gammas {path}");
        assert_eq!(
            e.err(&cmd),
            format!("bad value '{path}' for learned_gammas")
        );
        assert_eq!(e.ok("name"), "Tengen", "after {cmd}");
    }
    assert_eq!(snapshot(&mut e), before);
    // on the command line: an error and exit 2 at once, not a hang or memory run out
    for path in [fifo.as_str(), "/dev/zero"] {
        let arg = format!("learned_gammas={path}");
        let (status, _, err) =
            common::run_once(&["--param", &arg], std::time::Duration::from_secs(20));
        assert!(!status.success(), "--param {arg}");
        assert!(err.contains("not a regular file"), "--param {arg}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
