//! `tengen match` against small misbehaving engines (engine-tests/fake_engines/fake_gtp.sh):
//! every match ends in seconds with the right forfeit and leaves no process behind.
//!
//! The fake engines are POSIX shell scripts, so these tests run on Unix only.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value as Json;
use tengen::arena::{parse_args, run, MatchError, Summary};

const FAKE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/engine-tests/fake_engines/fake_gtp.sh"
);

/// A fresh output directory for one test.
fn out_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create test dir");
    d
}

/// `fake_gtp.sh MODE ...` as an --engine value, with its pids recorded in `dir/pids`.
fn fake(name: &str, mode: &str, dir: &Path, extra: &str) -> String {
    format!(
        "{name}={FAKE} {mode} --pids '{}' {extra}",
        dir.join("pids").display()
    )
}

/// Whether `pid` is a live (not zombie) process, waiting up to 2 s for it to go.
fn alive(pid: u32) -> bool {
    tengen::arena::process::still_running_after(pid, Duration::from_secs(2))
}

fn assert_no_leftovers(dir: &Path) {
    let pids = std::fs::read_to_string(dir.join("pids")).expect("pid file");
    let pids: Vec<u32> = pids.lines().filter_map(|l| l.trim().parse().ok()).collect();
    assert!(!pids.is_empty());
    for pid in pids {
        assert!(!alive(pid), "process {pid} is still running");
    }
}

/// Runs a match with `args` plus `--out dir`, checking it takes less than `limit` seconds.
fn play(dir: &Path, args: &[&str], limit: f64) -> Result<Summary, MatchError> {
    let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    v.push("--out".into());
    v.push(dir.display().to_string());
    let a = parse_args(v).expect("options");
    let start = Instant::now();
    let r = run(&a);
    let took = start.elapsed().as_secs_f64();
    assert!(took < limit, "match took {took:.1} s");
    r
}

fn games(dir: &Path) -> Vec<Json> {
    let text = std::fs::read_to_string(dir.join("games.jsonl")).expect("games.jsonl");
    let mut v: Vec<Json> = text
        .lines()
        .map(|l| serde_json::from_str::<Json>(l).expect("a JSON line"))
        .collect();
    v.sort_by_key(|g| g.get("game").and_then(Json::as_f64).unwrap_or(0.0) as u64);
    v
}

fn field<'a>(g: &'a Json, key: &str) -> &'a str {
    g.get(key).and_then(Json::as_str).unwrap_or("")
}

fn tally(s: &Summary, i: usize) -> (u32, u32, u32, u32) {
    let t = &s.engines[i];
    (t.wins, t.losses, t.draws, t.forfeits)
}

/// The bad engine forfeits both games (once as Black, once as White) with `why` in the reason.
fn forfeits_both(name: &str, mode: &str, extra: &[&str], why: &str, tag: &str) {
    let dir = out_dir(name);
    let bad = fake("bad", mode, &dir, "");
    let good = fake("good", "pass", &dir, "");
    let mut args = vec![
        "--engine", &bad, "--engine", &good, "--games", "2", "--size", "9",
    ];
    args.extend_from_slice(extra);
    let s = play(&dir, &args, 20.0).expect("match runs");
    assert_eq!(tally(&s, 0), (0, 2, 0, 2), "{}", s.table());
    assert_eq!(tally(&s, 1), (2, 0, 0, 0));
    let g = games(&dir);
    assert_eq!(g.len(), 2);
    assert_eq!(field(&g[0], "black"), "bad");
    assert_eq!(field(&g[0], "result"), format!("W+{tag}"));
    assert_eq!(field(&g[1], "black"), "good");
    assert_eq!(field(&g[1], "result"), format!("B+{tag}"));
    for game in &g {
        assert_eq!(field(game, "winner"), "good");
        assert!(
            field(game, "reason").contains(why),
            "{:?}",
            field(game, "reason")
        );
        assert!(field(game, "reason").starts_with("bad "));
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary.json");
    let j = serde_json::from_str::<Json>(&summary).expect("summary is JSON");
    let bad_forfeits = j
        .get("engines")
        .and_then(|e| e.get("bad"))
        .and_then(|b| b.get("forfeits"))
        .and_then(Json::as_f64);
    assert_eq!(bad_forfeits, Some(2.0));
    assert!(dir.join("sgf/game-0001.sgf").exists());
    assert!(dir.join("sgf/game-0002.sgf").exists());
    assert_no_leftovers(&dir);
}

#[test]
fn crash_at_first_genmove_forfeits() {
    forfeits_both("crash", "crash", &[], "crashed", "F");
}

#[test]
fn engine_that_never_answers_forfeits_and_its_child_is_killed() {
    forfeits_both(
        "hang",
        "hang",
        &["--move-timeout", "1"],
        "no reply within 1.0 s",
        "F",
    );
}

#[test]
fn illegal_move_forfeits() {
    forfeits_both("a1", "a1", &[], "illegal move A1 (occupied)", "F");
}

#[test]
fn nonsense_move_forfeits() {
    forfeits_both(
        "nonsense",
        "nonsense",
        &[],
        "answered garbage to genmove: banana",
        "F",
    );
}

#[test]
fn non_gtp_output_forfeits() {
    forfeits_both("babble", "babble", &[], "answered garbage", "F");
}

#[test]
fn rejecting_a_legal_move_forfeits() {
    forfeits_both("reject", "reject", &[], "rejected the legal move", "F");
}

#[test]
fn running_out_of_time_loses() {
    forfeits_both(
        "slow",
        "slow",
        &["--time-per-move", "1"],
        "lost on time",
        "T",
    );
}

#[test]
fn a_lag_allowance_keeps_a_slow_engine_on_the_board() {
    // 3 s a move on a 1 s clock: lost on time by default (above), counted with 4 s of lag
    let dir = out_dir("lag");
    let slow = fake("slow", "slow", &dir, "");
    let pass = fake("pass", "pass", &dir, "");
    let s = play(
        &dir,
        &[
            "--engine",
            &slow,
            "--engine",
            &pass,
            "--games",
            "1",
            "--size",
            "9",
            "--time-per-move",
            "1",
            "--lag-allowance",
            "4",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "ending"), "score", "{}", s.table());
    assert_eq!(field(&g[0], "result"), "W+7.5");
    assert_eq!(tally(&s, 0), (0, 1, 0, 0));
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    assert!(summary.contains("\"lag_allowance\": 4.0"), "{summary}");
    assert_no_leftovers(&dir);
}

#[test]
fn resignation_loses() {
    let dir = out_dir("resign");
    let bad = fake("bad", "resign", &dir, "");
    let good = fake("good", "pass", &dir, "");
    let s = play(
        &dir,
        &["--engine", &bad, "--engine", &good, "--games", "2"],
        20.0,
    )
    .expect("match runs");
    assert_eq!(tally(&s, 0), (0, 2, 0, 0));
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "W+R");
    assert_eq!(field(&g[1], "result"), "B+R");
    assert_no_leftovers(&dir);
}

#[test]
fn passing_engines_end_by_score_with_komi() {
    let dir = out_dir("pass");
    let a = fake("a", "pass", &dir, "");
    let b = fake("b", "pass", &dir, "");
    let s = play(
        &dir,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "4",
            "--size",
            "9",
            "--parallel",
            "2",
            "--time-settings",
            "60 0 0",
        ],
        20.0,
    )
    .expect("match runs");
    assert_eq!(tally(&s, 0), (2, 2, 0, 0), "{}", s.table());
    assert_eq!(tally(&s, 1), (2, 2, 0, 0));
    let g = games(&dir);
    assert_eq!(g.len(), 4);
    for game in &g {
        assert_eq!(field(game, "result"), "W+7.5");
        assert_eq!(field(game, "ending"), "score");
        assert_eq!(field(game, "settlement"), "agreed");
        assert_eq!(game.get("moves").and_then(Json::as_f64), Some(2.0));
        assert_eq!(
            game.get("warnings")
                .and_then(Json::as_array)
                .map(|w| w.len()),
            Some(0),
            "the strict fake engine accepted every command"
        );
    }
    let transcript = std::fs::read_to_string(dir.join("logs/game-0001.gtp")).expect("transcript");
    for line in [
        "a(B) >> boardsize 9",
        "a(B) >> komi 7.5",
        "a(B) >> time_settings 60 0 0",
        "a(B) >> time_left b 60 0",
        "b(W) >> play b pass",
        "b(W) >> final_status_list dead",
    ] {
        assert!(transcript.contains(line), "{line:?} missing:\n{transcript}");
    }
    let sc = s.score.expect("a score rate");
    assert!((sc.value - 0.5).abs() < 1e-9);
    let sgf = std::fs::read_to_string(dir.join("sgf/game-0001.sgf")).expect("sgf");
    for prop in [
        "SZ[9]",
        "KM[7.5]",
        "RU[chinese]",
        "PB[a]",
        "PW[b]",
        "RE[W+7.5]",
        "DT[",
        ";B[]",
        ";W[]",
    ] {
        assert!(sgf.contains(prop), "{prop} missing in {sgf}");
    }
    assert_no_leftovers(&dir);
}

/// Black plays C3, White A1 on 5x5; Black says A1 is dead, White says nothing is.
fn disputed(name: &str, referee: Option<&str>) -> (Summary, Vec<Json>) {
    let dir = out_dir(name);
    let b = fake("b", "moves", &dir, "--moves C3 --dead A1");
    let w = fake("w", "moves", &dir, "--moves A1");
    let mut args = vec![
        "--engine", &b, "--engine", &w, "--games", "1", "--size", "5", "--komi", "0.5",
    ];
    let r;
    if let Some(dead) = referee {
        r = format!(
            "{FAKE} pass --pids '{}' --dead {dead}",
            dir.join("pids").display()
        );
        args.extend_from_slice(&["--referee", &r]);
    }
    let s = play(&dir, &args, 20.0).expect("match runs");
    assert_no_leftovers(&dir);
    (s, games(&dir))
}

#[test]
fn disagreement_goes_to_the_referee() {
    let (s, g) = disputed("referee", Some("A1"));
    assert_eq!(field(&g[0], "result"), "B+24.5");
    assert_eq!(field(&g[0], "settlement"), "referee");
    let d = g[0].get("disagreement").expect("disagreement reported");
    assert_eq!(
        d.get("b").and_then(Json::as_array).map(|a| a.len()),
        Some(1)
    );
    assert_eq!(s.disagreements, 1);
    assert!(s.table().contains("dead-stone disagreements: 1 (games 1)"));
}

#[test]
fn disagreement_without_referee_counts_the_board_as_the_rules_see_it() {
    let (_, g) = disputed("no-referee", None);
    assert_eq!(field(&g[0], "result"), "W+0.5");
    assert_eq!(field(&g[0], "settlement"), "default");
}

#[test]
fn move_cap_stops_and_counts() {
    let dir = out_dir("cap");
    let b = fake("b", "moves", &dir, "--moves C3,D4,E5");
    let w = fake("w", "moves", &dir, "--moves A1,B1 --dead refuse");
    let s = play(
        &dir,
        &[
            "--engine",
            &b,
            "--engine",
            &w,
            "--games",
            "1",
            "--size",
            "5",
            "--komi",
            "0.5",
            "--max-moves",
            "3",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "ending"), "move cap");
    assert_eq!(g[0].get("moves").and_then(Json::as_f64), Some(3.0));
    // White cannot list dead stones, so Black's (empty) list decides: 3 stones and their
    // area against White's A1.
    assert_eq!(field(&g[0], "settlement"), "b only");
    assert_eq!(s.engines[0].wins, 1);
    assert_no_leftovers(&dir);
}

#[test]
fn broken_engine_command_stops_the_match_before_any_game() {
    let dir = out_dir("broken");
    let good = fake("good", "pass", &dir, "");
    let r = play(
        &dir,
        &[
            "--engine",
            "bad=/nonexistent/engine --gtp",
            "--engine",
            &good,
        ],
        10.0,
    );
    match r {
        Err(MatchError::Engine(m)) => assert!(m.contains("bad"), "{m}"),
        other => panic!("expected an engine error, got {other:?}"),
    }
}

/// The match with two passing engines and the referee `referee(dir)`, which must stop before
/// any game with an error naming the referee and saying `why`.
fn refused_referee(name: &str, referee: impl Fn(&Path) -> String, why: &str) {
    let dir = out_dir(name);
    let b = fake("b", "pass", &dir, "");
    let w = fake("w", "pass", &dir, "");
    let r = referee(&dir);
    let result = play(
        &dir,
        &["--engine", &b, "--engine", &w, "--referee", &r],
        10.0,
    );
    match result {
        Err(MatchError::Engine(m)) => {
            assert!(m.contains("referee") && m.contains(why), "{m}")
        }
        other => panic!("expected a referee error, got {other:?}"),
    }
    let played = std::fs::read_to_string(dir.join("games.jsonl")).unwrap_or_default();
    assert!(played.trim().is_empty(), "no game is played: {played}");
    assert_no_leftovers(&dir);
}

#[test]
fn a_referee_that_cannot_start_stops_the_match_before_any_game() {
    // a fresh machine without GNU Go played every game whose dead stones the engines agreed
    // on, and would have left a disputed one to the rules' default
    refused_referee(
        "referee-missing",
        |_| "/nonexistent/gnugo --mode gtp".into(),
        "could not start",
    );
}

#[test]
fn a_referee_without_final_status_list_stops_the_match_before_any_game() {
    refused_referee(
        "referee-unknown",
        |dir| {
            format!(
                "{FAKE} pass --pids '{}' --dead unknown",
                dir.join("pids").display()
            )
        },
        "does not know `final_status_list`",
    );
}

#[test]
fn retaking_a_ko_at_once_forfeits() {
    let dir = out_dir("ko");
    // White C3 is captured by Black D3; White retakes at C3 at once.
    let b = fake("b", "moves", &dir, "--moves C4,B3,C2,A1,D3");
    let w = fake("w", "moves", &dir, "--moves D4,E3,D2,C3,C3");
    let s = play(
        &dir,
        &[
            "--engine", &b, "--engine", &w, "--games", "1", "--size", "5",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "B+F");
    assert_eq!(field(&g[0], "reason"), "w played the illegal move C3 (ko)");
    assert_eq!(g[0].get("moves").and_then(Json::as_f64), Some(9.0));
    assert_eq!(s.engines[1].forfeits, 1);
    assert_no_leftovers(&dir);
}

#[test]
fn refused_board_size_forfeits_and_two_refusals_void_the_game() {
    let dir = out_dir("size");
    let small = fake("small", "pass", &dir, "--max-size 5");
    let tiny = fake("tiny", "pass", &dir, "--max-size 4");
    let good = fake("good", "pass", &dir, "");
    let s = play(
        &dir,
        &[
            "--engine", &small, "--engine", &good, "--games", "1", "--size", "9",
        ],
        20.0,
    )
    .expect("match runs");
    assert_eq!(tally(&s, 0), (0, 1, 0, 1));
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "W+F");
    assert_eq!(
        field(&g[0], "reason"),
        "small rejected `boardsize 9`: unacceptable size"
    );
    // a second match needs its own folder: the first one's holds a match
    let s = play(
        &dir.join("second"),
        &[
            "--engine", &small, "--engine", &tiny, "--games", "2", "--size", "9",
        ],
        20.0,
    )
    .expect("match runs");
    assert_eq!((s.games, s.voids), (2, 2));
    assert_eq!(tally(&s, 0), (0, 0, 0, 0));
    assert!(s.score.is_none());
    assert!(s.table().contains("no counted games"));
    let g = games(&dir.join("second"));
    assert_eq!(field(&g[0], "result"), "Void");
    assert_no_leftovers(&dir);
}

#[test]
fn a_referee_that_cannot_decide_leaves_the_rules_default_with_a_warning() {
    let (_, g) = disputed("referee-refuses", Some("refuse"));
    assert_eq!(field(&g[0], "result"), "W+0.5");
    assert_eq!(field(&g[0], "settlement"), "default");
    let warnings = g[0]
        .get("warnings")
        .and_then(Json::as_array)
        .map(|w| {
            w.iter()
                .filter_map(Json::as_str)
                .collect::<Vec<_>>()
                .join("; ")
        })
        .unwrap_or_default();
    assert!(
        warnings.contains("referee cannot list dead stones"),
        "{warnings}"
    );
}

/// The lines of game `n`'s GTP transcript that were sent to `who` (`b(B)`), without the label.
fn sent_to(dir: &Path, n: usize, who: &str) -> Vec<String> {
    let path = dir.join(format!("logs/game-{n:04}.gtp"));
    let text = std::fs::read_to_string(&path).expect("transcript");
    let prefix = format!("{who} >> ");
    text.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(str::to_string)
        .collect()
}

/// The commands of `lines` that start with `name ` (the `time_left` lines, say).
fn starting(lines: &[String], name: &str) -> Vec<String> {
    let prefix = format!("{name} ");
    lines
        .iter()
        .filter(|l| l.starts_with(&prefix))
        .cloned()
        .collect()
}

/// `games.jsonl`'s `time_left.ENGINE.KEY` of game `g`.
fn left(g: &Json, engine: &str, key: &str) -> Option<f64> {
    g.get("time_left")?.get(engine)?.get(key)?.as_f64()
}

#[test]
fn byoyomi_periods_are_used_up_and_the_last_one_overrun_loses_on_time() {
    // 1 s periods, 3 of them; Black takes 1.8 s a move (more than a period and the 0.5 s
    // allowance, less than two): each move uses up one period, the third overruns the last.
    let dir = out_dir("byoyomi-kgs");
    let b = fake("b", "moves", &dir, "--moves C3,D4,E5 --delay 1.8 --kgs");
    let w = fake("w", "moves", &dir, "--moves A1,B1,E1 --kgs");
    let s = play(
        &dir,
        &[
            "--engine",
            &b,
            "--engine",
            &w,
            "--games",
            "1",
            "--size",
            "5",
            "--time-settings",
            "byoyomi 0 1 3",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "W+T", "{}", s.table());
    assert_eq!(field(&g[0], "ending"), "time");
    let reason = field(&g[0], "reason");
    assert!(reason.starts_with("b lost on time"), "{reason}");
    assert!(
        reason.ends_with("the last byo-yomi period overrun)"),
        "{reason}"
    );
    assert_eq!(g[0].get("moves").and_then(Json::as_f64), Some(4.0));
    assert_eq!(tally(&s, 0), (0, 1, 0, 1), "a time loss is a forfeit");
    let to_b = sent_to(&dir, 1, "b(B)");
    assert!(to_b.contains(&"known_command kgs-time_settings".to_string()));
    assert!(
        to_b.contains(&"kgs-time_settings byoyomi 0 1 3".to_string()),
        "{to_b:?}"
    );
    assert!(starting(&to_b, "time_settings").is_empty(), "{to_b:?}");
    // kgsGtp's convention: the period's seconds and the periods left.
    assert_eq!(
        starting(&to_b, "time_left"),
        ["time_left b 1 3", "time_left b 1 2", "time_left b 1 1"]
    );
    let to_w = sent_to(&dir, 1, "w(W)");
    assert_eq!(
        starting(&to_w, "time_left"),
        ["time_left w 1 3", "time_left w 1 3"],
        "moves within a period keep it"
    );
    assert_eq!(left(&g[0], "b", "periods"), Some(0.0));
    assert_eq!(left(&g[0], "w", "periods"), Some(3.0));
    assert_eq!(left(&g[0], "w", "period"), Some(1.0));
    assert_eq!(left(&g[0], "w", "stones"), None);
    let sgf = std::fs::read_to_string(dir.join("sgf/game-0001.sgf")).expect("sgf");
    for prop in ["TM[0]", "OT[3x1 byo-yomi]", "RE[W+T]"] {
        assert!(sgf.contains(prop), "{prop} missing in {sgf}");
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    let j = serde_json::from_str::<Json>(&summary).expect("summary is JSON");
    let set = j.get("settings").expect("settings");
    assert_eq!(set.get("overtime").and_then(Json::as_str), Some("byoyomi"));
    assert_eq!(
        set.get("time_settings"),
        Some(&serde_json::json!([0.0, 1.0, 3]))
    );
    assert!(s.table().contains("3x1s byo-yomi"), "{}", s.table());
    assert_no_leftovers(&dir);
}

#[test]
fn byoyomi_falls_back_to_time_settings_for_engines_without_kgs_time_settings() {
    // 1 s of main time and 3 periods of 1 s. Black (no kgs-time_settings, like GNU Go 3.8)
    // takes 1.8 s a move: the first spills 0.8 s over main time into a period and keeps it,
    // the second uses one up. White finds kgs-time_settings in list_commands.
    let dir = out_dir("byoyomi-fallback");
    let b = fake("b", "moves", &dir, "--moves C3 --delay 1.8");
    let w = fake("w", "pass", &dir, "--kgs --no-known-command");
    let s = play(
        &dir,
        &[
            "--engine",
            &b,
            "--engine",
            &w,
            "--games",
            "1",
            "--size",
            "5",
            "--komi",
            "0.5",
            "--time-settings",
            "byoyomi 1 1 3",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "ending"), "score", "{}", s.table());
    assert_eq!(field(&g[0], "result"), "B+24.5");
    let to_b = sent_to(&dir, 1, "b(B)");
    assert!(to_b.contains(&"known_command kgs-time_settings".to_string()));
    assert!(starting(&to_b, "kgs-time_settings").is_empty(), "{to_b:?}");
    assert_eq!(starting(&to_b, "time_settings"), ["time_settings 1 1 1"]);
    // Main time first, then one stone a period, as `time_settings 1 1 1` told it.
    assert_eq!(
        starting(&to_b, "time_left"),
        ["time_left b 1 0", "time_left b 1 1"]
    );
    let to_w = sent_to(&dir, 1, "w(W)");
    assert!(to_w.contains(&"list_commands".to_string()), "{to_w:?}");
    assert_eq!(
        starting(&to_w, "kgs-time_settings"),
        ["kgs-time_settings byoyomi 1 1 3"]
    );
    assert!(starting(&to_w, "time_settings").is_empty());
    assert_eq!(left(&g[0], "b", "periods"), Some(2.0));
    assert_eq!(left(&g[0], "b", "main"), Some(0.0));
    assert_eq!(left(&g[0], "w", "periods"), Some(3.0));
    assert!(left(&g[0], "w", "main").is_some_and(|m| m > 0.0));
    let warnings = g[0]
        .get("warnings")
        .and_then(Json::as_array)
        .map(|w| w.iter().filter_map(Json::as_str).collect::<Vec<_>>())
        .unwrap_or_default();
    assert_eq!(
        warnings,
        ["b does not know kgs-time_settings; byo-yomi sent as `time_settings 1 1 1`"]
    );
    assert_no_leftovers(&dir);
}

#[test]
fn byoyomi_falls_back_to_time_settings_when_kgs_time_settings_is_refused() {
    let dir = out_dir("byoyomi-refused");
    let a = fake("a", "pass", &dir, "--kgs-refuses");
    let b = fake("b", "pass", &dir, "--kgs");
    let s = play(
        &dir,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "1",
            "--size",
            "5",
            "--time-settings",
            "byoyomi 30 5 2",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "W+7.5", "{}", s.table());
    let to_a = sent_to(&dir, 1, "a(B)");
    assert_eq!(
        starting(&to_a, "kgs-time_settings"),
        ["kgs-time_settings byoyomi 30 5 2"]
    );
    assert_eq!(starting(&to_a, "time_settings"), ["time_settings 30 5 1"]);
    assert_eq!(starting(&to_a, "time_left"), ["time_left b 30 0"]);
    let to_b = sent_to(&dir, 1, "b(W)");
    assert!(starting(&to_b, "time_settings").is_empty(), "{to_b:?}");
    let warnings = g[0]
        .get("warnings")
        .and_then(Json::as_array)
        .map(|w| w.iter().filter_map(Json::as_str).collect::<Vec<_>>())
        .unwrap_or_default();
    assert_eq!(
        warnings,
        ["a refused `kgs-time_settings byoyomi 30 5 2`: not supported; byo-yomi sent as `time_settings 30 5 1`"]
    );
    assert_no_leftovers(&dir);
}

#[test]
fn fischer_goes_to_kata_time_settings_or_falls_back_to_one_stone_periods() {
    let dir = out_dir("fischer");
    let b = fake("b", "moves", &dir, "--moves C3,D4,E5 --delay 1.2 --kata");
    let w = fake("w", "moves", &dir, "--moves A1,B1,E1");
    let s = play(
        &dir,
        &[
            "--engine",
            &b,
            "--engine",
            &w,
            "--games",
            "1",
            "--size",
            "5",
            "--time-settings",
            "fischer 30 2",
        ],
        40.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert!(!field(&g[0], "reason").contains("time"), "{}", s.table());
    let to_b = sent_to(&dir, 1, "b(B)");
    assert_eq!(
        starting(&to_b, "kata-time_settings"),
        ["kata-time_settings fischer 30 2"]
    );
    assert!(starting(&to_b, "time_settings").is_empty(), "{to_b:?}");
    // the bank: 30, then 30 - 1.2 (and the runner's overhead) + 2, in whole seconds
    let lefts = starting(&to_b, "time_left");
    assert_eq!(lefts.first().map(String::as_str), Some("time_left b 30 0"));
    let second: Option<u32> = lefts
        .get(1)
        .and_then(|l| l.strip_prefix("time_left b "))
        .and_then(|l| l.strip_suffix(" 0"))
        .and_then(|t| t.parse().ok());
    assert!(second.is_some_and(|t| (28..=30).contains(&t)), "{lefts:?}");
    assert!(
        left(&g[0], "b", "main").is_some_and(|m| m > 30.0),
        "the bank grew"
    );
    let to_w = sent_to(&dir, 1, "w(W)");
    assert!(starting(&to_w, "kata-time_settings").is_empty());
    assert_eq!(starting(&to_w, "time_settings"), ["time_settings 28 2 1"]);
    assert_eq!(
        starting(&to_w, "time_left").first().map(String::as_str),
        Some("time_left w 28 0")
    );
    assert_eq!(
        warnings(&g[0]),
        ["w does not know kata-list_time_settings; Fischer time sent as `time_settings 28 2 1`"]
    );
    assert_no_leftovers(&dir);
}

/// The `warnings` of a `games.jsonl` line.
fn warnings(g: &Json) -> Vec<String> {
    g.get("warnings")
        .and_then(Json::as_array)
        .map(|w| {
            w.iter()
                .filter_map(Json::as_str)
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// `games.jsonl`'s `KEY.ENGINE` of game `g` (the per-engine fields).
fn per_engine(g: &Json, key: &str, engine: &str) -> Option<f64> {
    g.get(key)?.get(engine)?.as_f64()
}

#[test]
fn handicap_games_put_black_stones_on_fixed_points_and_white_moves_first() {
    let dir = out_dir("handicap");
    let a = fake("a", "pass", &dir, "");
    let b = fake("b", "pass", &dir, "");
    let s = play(
        &dir,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "2",
            "--size",
            "9",
            "--komi",
            "0.5",
            "--handicap",
            "2",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(g.len(), 2);
    // both pass at once: Black's two stones own the board (81 points); White has komi and
    // chinese rules' point a handicap stone (without the stones: W+0.5)
    for game in &g {
        assert_eq!(field(game, "result"), "B+78.5", "{}", s.table());
        assert_eq!(field(game, "ending"), "score");
        assert_eq!(game.get("margin").and_then(Json::as_f64), Some(78.5));
        assert!(warnings(game).is_empty(), "{:?}", warnings(game));
    }
    assert_eq!(field(&g[0], "black"), "a");
    assert_eq!(field(&g[1], "black"), "b", "colours alternate");
    for (n, black, white) in [(1, "a(B)", "b(W)"), (2, "b(B)", "a(W)")] {
        for who in [black, white] {
            let setup: Vec<String> = sent_to(&dir, n, who)
                .into_iter()
                .filter(|l| !l.starts_with("name") && !l.starts_with("version"))
                .take(4)
                .collect();
            assert_eq!(
                setup,
                ["boardsize 9", "clear_board", "komi 0.5", "fixed_handicap 2"],
                "game {n}, {who}"
            );
        }
        // White moves first: its genmove comes before any of Black's
        let to_white = sent_to(&dir, n, white);
        assert_eq!(
            starting(&to_white, "genmove").first().map(String::as_str),
            Some("genmove w")
        );
        let to_black = sent_to(&dir, n, black);
        assert_eq!(
            to_black
                .iter()
                .find(|l| l.starts_with("play") || l.starts_with("genmove")),
            Some(&"play w pass".to_string()),
            "game {n}: Black hears White's move before it moves"
        );
    }
    let transcript = std::fs::read_to_string(dir.join("logs/game-0001.gtp")).expect("log");
    assert!(transcript.contains("a(B) << = C3 G7"), "{transcript}");
    let sgf = std::fs::read_to_string(dir.join("sgf/game-0001.sgf")).expect("sgf");
    for prop in ["HA[2]", "AB[cg][gc]", "KM[0.5]", "RE[B+78.5]", ";W[];B[]"] {
        assert!(sgf.contains(prop), "{prop} missing in {sgf}");
    }
    let rec = tengen::sgf::parse(&sgf).expect("SGF parses");
    assert_eq!((rec.handicap, rec.setup_black.len()), (2, 2));
    // per colour: a won with Black (taking handicap), lost with White (giving it)
    let black = s.score_as_black.expect("a played Black");
    let white = s.score_as_white.expect("a played White");
    assert_eq!((black.value, white.value), (1.0, 0.0));
    let table = s.table();
    for line in [
        "9x9, handicap 2 (White first), komi 0.5",
        "  as Black (taking handicap): 100.0% [",
        "  as White (giving handicap): 0.0% [",
        "(95%) in 1 game\n",
        "peak RSS",
    ] {
        assert!(table.contains(line), "{line:?} missing in\n{table}");
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    let j = serde_json::from_str::<Json>(&summary).expect("summary is JSON");
    assert_eq!(j["settings"]["handicap"].as_f64(), Some(2.0));
    assert_eq!(j["settings"]["komi"].as_f64(), Some(0.5));
    assert!(j["description"]
        .as_str()
        .is_some_and(|d| d.contains("handicap 2")));
    assert_eq!(j["score_rate_as_black"]["value"].as_f64(), Some(1.0));
    assert_eq!(j["score_rate_as_black"]["games"].as_f64(), Some(1.0));
    assert_eq!(j["score_rate_as_white"]["value"].as_f64(), Some(0.0));
    // memory, read from /proc on Linux; no clock, so no clock use
    if cfg!(target_os = "linux") && Path::new("/proc/self/status").exists() {
        for game in &g {
            for who in ["a", "b"] {
                let mb = per_engine(game, "peak_rss_mb", who);
                assert!(mb.is_some_and(|mb| mb > 0.0), "{who}: {game}");
            }
        }
        let rss = &j["engines"]["a"]["peak_rss_mb"];
        assert_eq!(rss["first_game"].as_f64(), Some(1.0), "{summary}");
        assert_eq!(rss["last_game"].as_f64(), Some(2.0), "{summary}");
        assert!(rss["max"].as_f64() >= rss["first"].as_f64());
    }
    for key in ["main_time_used", "moves_in_main_time", "moves_in_overtime"] {
        assert!(g[0].get(key).is_none(), "{key} without a clock");
    }
    assert_no_leftovers(&dir);
}

#[test]
fn handicap_falls_back_to_set_free_handicap() {
    // a does not know fixed_handicap; b places other stones than GTP's fixed points
    let dir = out_dir("handicap-free");
    let a = fake("a", "pass", &dir, "--handicap free");
    let b = fake("b", "pass", &dir, "--fixed-points D4,E5");
    let s = play(
        &dir,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "1",
            "--size",
            "9",
            "--komi",
            "0.5",
            "--handicap",
            "2",
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "B+78.5", "{}", s.table());
    let to_a = sent_to(&dir, 1, "a(B)");
    assert_eq!(
        [
            starting(&to_a, "fixed_handicap"),
            starting(&to_a, "set_free_handicap")
        ],
        [["fixed_handicap 2"], ["set_free_handicap C3 G7"]]
    );
    let to_b = sent_to(&dir, 1, "b(W)");
    let i = to_b.iter().position(|l| l == "fixed_handicap 2");
    assert_eq!(
        i.map(|i| to_b[i..i + 3].to_vec()),
        Some(vec![
            "fixed_handicap 2".to_string(),
            "clear_board".to_string(),
            "set_free_handicap C3 G7".to_string()
        ]),
        "{to_b:?}"
    );
    assert_eq!(
        warnings(&g[0]),
        [
            "a refused `fixed_handicap 2`: unknown command; sent `set_free_handicap C3 G7`",
            "b placed D4 E5 for `fixed_handicap 2`, not GTP's fixed points; sent `set_free_handicap C3 G7`"
        ]
    );
    assert_no_leftovers(&dir);
}

#[test]
fn an_engine_that_takes_no_handicap_forfeits_and_two_void_the_game() {
    let dir = out_dir("handicap-none");
    let bad = fake("bad", "pass", &dir, "--handicap none");
    let worse = fake("worse", "pass", &dir, "--handicap none");
    let good = fake("good", "pass", &dir, "");
    let args = |x: &str, y: &str| {
        [
            "--engine",
            x,
            "--engine",
            y,
            "--games",
            "2",
            "--size",
            "9",
            "--handicap",
            "3",
        ]
        .map(String::from)
    };
    let a = args(&bad, &good);
    let s = play(&dir, &a.each_ref().map(String::as_str), 20.0).expect("match runs");
    assert_eq!(tally(&s, 0), (0, 2, 0, 2), "{}", s.table());
    let g = games(&dir);
    assert_eq!(field(&g[0], "result"), "W+F");
    assert_eq!(field(&g[1], "result"), "B+F");
    assert_eq!(
        field(&g[0], "reason"),
        "bad rejected `set_free_handicap C3 G7 C7`: unknown command"
    );
    let a = args(&bad, &worse);
    let second = dir.join("second");
    let s = play(&second, &a.each_ref().map(String::as_str), 20.0).expect("match runs");
    assert_eq!((s.games, s.voids), (2, 2));
    assert!(s.score_as_black.is_none() && s.score_as_white.is_none());
    assert_no_leftovers(&dir);
}

#[test]
fn games_record_memory_and_main_time_against_overtime() {
    // 2 s of main time, then 3 byo-yomi periods of 2 s; Black takes 1.2 s a move: its first
    // two moves begin in main time (the second spills into a period and keeps it), the rest
    // in overtime. White passes at once, all in main time.
    let dir = out_dir("usage");
    let b = fake("b", "moves", &dir, "--moves C3,D4,E5 --delay 1.2 --kgs");
    let w = fake("w", "pass", &dir, "--kgs");
    let s = play(
        &dir,
        &[
            "--engine",
            &b,
            "--engine",
            &w,
            "--games",
            "1",
            "--size",
            "5",
            "--komi",
            "0.5",
            "--time-settings",
            "byoyomi 2 2 3",
        ],
        30.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "ending"), "score", "{}", s.table());
    // B C3, W pass, B D4, W pass, B E5, W pass, B pass
    assert_eq!(g[0].get("moves").and_then(Json::as_f64), Some(7.0));
    assert_eq!(per_engine(&g[0], "moves_in_main_time", "b"), Some(2.0));
    assert_eq!(per_engine(&g[0], "moves_in_overtime", "b"), Some(2.0));
    assert_eq!(per_engine(&g[0], "main_time_used", "b"), Some(2.0));
    assert_eq!(per_engine(&g[0], "moves_in_main_time", "w"), Some(3.0));
    assert_eq!(per_engine(&g[0], "moves_in_overtime", "w"), Some(0.0));
    assert!(per_engine(&g[0], "main_time_used", "w").is_some_and(|t| t < 2.0));
    if cfg!(target_os = "linux") && Path::new("/proc/self/status").exists() {
        for who in ["b", "w"] {
            let mb = per_engine(&g[0], "peak_rss_mb", who);
            assert!(mb.is_some_and(|mb| mb > 0.0), "{who}: {}", g[0]);
        }
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    let j = serde_json::from_str::<Json>(&summary).expect("summary is JSON");
    let e = &j["engines"]["b"];
    let main = e["seconds_per_move_main_time"].as_f64().unwrap_or(0.0);
    let over = e["seconds_per_move_overtime"].as_f64().unwrap_or(0.0);
    assert!((1.2..2.0).contains(&main), "{summary}");
    assert!((1.2..2.0).contains(&over), "{summary}");
    assert_eq!(e["moves_in_main_time"].as_f64(), Some(2.0));
    assert_eq!(e["main_time_used_per_game"].as_f64(), Some(2.0));
    assert_eq!(j["engines"]["w"]["seconds_per_move_overtime"], Json::Null);
    let table = s.table();
    assert!(table.contains("main time: "), "{table}");
    assert!(
        table.contains("(2 moves), 2.0 s used a game; overtime: "),
        "{table}"
    );
    assert_no_leftovers(&dir);
}

#[test]
fn the_referee_replays_a_handicap_game_with_its_stones() {
    // White plays A1 after the handicap; Black says it is dead, White says nothing is.
    let dir = out_dir("handicap-referee");
    let b = fake("b", "pass", &dir, "--dead A1");
    let w = fake("w", "moves", &dir, "--moves A1");
    let referee = format!(
        "{FAKE} pass --pids '{}' --dead A1 --handicap free",
        dir.join("pids").display()
    );
    let s = play(
        &dir,
        &[
            "--engine",
            &b,
            "--engine",
            &w,
            "--games",
            "1",
            "--size",
            "9",
            "--komi",
            "0.5",
            "--handicap",
            "2",
            "--referee",
            &referee,
        ],
        20.0,
    )
    .expect("match runs");
    let g = games(&dir);
    assert_eq!(field(&g[0], "settlement"), "referee", "{}", s.table());
    // A1 dead: Black's area is the whole board (with A1 alive it would be W+1.5)
    assert_eq!(field(&g[0], "result"), "B+78.5");
    assert_eq!(
        sent_to(&dir, 1, "referee"),
        [
            "boardsize 9",
            "clear_board",
            "komi 0.5",
            "fixed_handicap 2",
            "set_free_handicap C3 G7",
            "play w A1",
            "play b pass",
            "play w pass",
            "final_status_list dead",
            "quit"
        ]
    );
    assert_no_leftovers(&dir);
}

#[test]
fn a_folder_in_use_by_a_live_match_is_refused_and_a_dead_run_leaves_no_lock() {
    let dir = out_dir("locked");
    let a = fake("a", "pass", &dir, "");
    let b = fake("b", "pass", &dir, "");
    let opts = [
        "--engine", &a, "--engine", &b, "--games", "2", "--size", "9",
    ];
    // a live run on the folder (its lock held, as run() holds it while games are played)
    let held = tengen::arena::lock_out(&dir).expect("the first run takes the folder");
    let err = play(&dir, &opts, 20.0).expect_err("a second run is refused");
    let text = err.to_string();
    assert!(text.contains("in use") && text.contains("--out"), "{text}");
    assert!(
        !dir.join("games.jsonl").exists(),
        "the refused run wrote no game"
    );
    // the holder ends (or dies: the OS drops its lock with the process): the folder is free
    drop(held);
    let s = play(&dir, &opts, 20.0).expect("the folder is free again");
    assert_eq!(games(&dir).len(), 2, "{}", s.table());
    // the lock file stays on disk, but no process holds it: --resume goes on
    assert!(dir.join(".lock").exists());
    let mut resume = opts.to_vec();
    resume.push("--resume");
    let s = play(&dir, &resume, 20.0).expect("--resume after a finished run");
    assert_eq!(games(&dir).len(), 2, "{}", s.table());
}
