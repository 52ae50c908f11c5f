//! The match runner's testing features with small fake engines
//! (engine-tests/fake_engines/fake_gtp.sh): tournaments and their cross table, openings
//! played twice with colours swapped, per-game seeds, the SPRT stopping a match, `--resume`
//! after the runner is killed with SIGKILL, and shards run at once then merged.
//!
//! The fake engines are POSIX shell scripts, so these tests run on Unix only.
#![cfg(unix)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value as Json;
use tengen::arena::{merge, parse_args, run, MatchError, MergeArgs, Summary};

const FAKE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/engine-tests/fake_engines/fake_gtp.sh"
);
const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");

/// A fresh directory for one test.
fn test_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match-testing")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create test dir");
    d
}

/// `fake_gtp.sh MODE EXTRA` as an --engine value.
fn fake(name: &str, mode: &str, extra: &str) -> String {
    format!("{name}={FAKE} {mode} {extra}")
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Runs a match with `args` plus `--out out`.
fn play(out: &Path, args: &[&str]) -> Result<Summary, MatchError> {
    let mut v = strings(args);
    v.push("--out".into());
    v.push(out.display().to_string());
    run(&parse_args(v).map_err(MatchError::Usage)?)
}

/// The lines of `games.jsonl` in `dir`, in file order.
fn lines(dir: &Path) -> Vec<Json> {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str::<Json>(l).expect("a whole JSON line"))
        .collect()
}

fn num(g: &Json, key: &str) -> u64 {
    g.get(key).and_then(Json::as_u64).unwrap_or(u64::MAX)
}

fn text<'a>(g: &'a Json, key: &str) -> &'a str {
    g.get(key).and_then(Json::as_str).unwrap_or("")
}

fn summary_json(dir: &Path) -> Json {
    let t = std::fs::read_to_string(dir.join("summary.json")).expect("summary.json");
    serde_json::from_str(&t).expect("summary.json reads")
}

#[test]
fn gauntlet_and_round_robin_give_cross_table_and_elo() {
    let dir = test_dir("gauntlet");
    // passers win as White by komi; the resigner loses everything
    let a = fake("a", "pass", "");
    let b = fake("b", "resign", "");
    let c = fake("c", "pass", "");
    let base = [
        "--engine", &a, "--engine", &b, "--engine", &c, "--games", "4", "--size", "9",
    ];
    let mut args = base.to_vec();
    args.extend(["--tournament", "gauntlet"]);
    let s = play(&dir.join("g"), &args).expect("gauntlet runs");
    // a meets b and c four times each; b and c never meet
    assert_eq!(s.games, 8);
    assert_eq!(s.cross[0][1], [4, 0, 0]);
    assert_eq!(s.cross[0][2], [2, 0, 2]);
    assert_eq!(s.cross[1][2], [0, 0, 0]);
    let g = lines(&dir.join("g"));
    let pairings: Vec<(&str, &str)> = g
        .iter()
        .map(|g| (text(g, "black"), text(g, "white")))
        .collect();
    assert_eq!(
        pairings,
        vec![
            ("a", "b"),
            ("b", "a"),
            ("a", "c"),
            ("c", "a"),
            ("a", "b"),
            ("b", "a"),
            ("a", "c"),
            ("c", "a")
        ]
    );
    let j = summary_json(&dir.join("g"));
    let ratings = &j["ratings"];
    assert_eq!(ratings["a"]["elo"].as_f64(), Some(0.0));
    let eb = ratings["b"]["elo"].as_f64().expect("b rated");
    let ec = ratings["c"]["elo"].as_f64().expect("c rated");
    assert!(eb < -200.0 && ec.abs() < 1.0, "b {eb}, c {ec}");
    let (low, high) = (ratings["b"]["low"].as_f64(), ratings["b"]["high"].as_f64());
    assert!(
        low.is_some_and(|l| l < eb) && high.is_some_and(|h| h > eb),
        "{low:?} {high:?}"
    );
    assert_eq!(j["cross_table"].as_array().map(Vec::len), Some(4));
    assert!(s.table().contains("cross"), "{}", s.table());
    // round robin: three pairings, b and c meet too
    let mut args = base.to_vec();
    args.extend(["--tournament", "round-robin"]);
    let s = play(&dir.join("rr"), &args).expect("round robin runs");
    assert_eq!(s.games, 12);
    assert_eq!(s.cross[2][1], [4, 0, 0]);
    let r = s.ratings();
    let (rb, rc) = (r[1].expect("b"), r[2].expect("c"));
    assert!(rb.elo < rc.elo - 200.0, "{rb:?} {rc:?}");
    // a pair match takes exactly two engines
    assert!(matches!(
        play(&dir.join("pair"), &base),
        Err(MatchError::Usage(_))
    ));
    assert!(
        std::fs::read_to_string(dir.join("g/report.html")).is_ok_and(|h| h.contains("score-plot"))
    );
}

#[test]
fn openings_are_played_twice_with_colours_swapped() {
    let dir = test_dir("openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "# test openings\nB E5 W C3\nB D4 W F6 B C7\n").expect("write");
    let a = fake("a", "pass", "");
    let b = fake("b", "pass", "");
    let out = dir.join("m");
    let f = file.display().to_string();
    play(
        &out,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "6",
            "--size",
            "9",
            "--openings",
            &f,
        ],
    )
    .expect("match runs");
    let g = lines(&out);
    assert_eq!(g.len(), 6);
    let openings: Vec<(u64, &str, &str)> = g
        .iter()
        .map(|g| {
            (
                num(&g["opening"], "index"),
                text(&g["opening"], "moves"),
                text(g, "black"),
            )
        })
        .collect();
    assert_eq!(
        openings,
        vec![
            (0, "B E5 W C3", "a"),
            (0, "B E5 W C3", "b"),
            (1, "B D4 W F6 B C7", "a"),
            (1, "B D4 W F6 B C7", "b"),
            (0, "B E5 W C3", "a"),
            (0, "B E5 W C3", "b"),
        ]
    );
    // the opening's moves open the record, both engines were told them, the engines'
    // passes follow
    assert_eq!(num(&g[2], "moves"), 5);
    let sgf = std::fs::read_to_string(out.join("sgf/game-0003.sgf")).expect("sgf");
    assert!(sgf.contains(";B[df];W[fd];B[cc];W[];B[]"), "{sgf}");
    assert!(sgf.contains("opening 1: B D4 W F6 B C7"), "{sgf}");
    let transcript = std::fs::read_to_string(out.join("logs/game-0003.gtp")).expect("transcript");
    for line in [
        "a(B) >> play b D4",
        "b(W) >> play w F6",
        "b(W) >> play b C7",
        "b(W) >> genmove w",
    ] {
        assert!(transcript.contains(line), "{line:?} missing:\n{transcript}");
    }
    // an illegal opening is refused before any game, naming its line
    std::fs::write(&file, "B E5\nB E5 W E5\n").expect("write");
    match play(
        &dir.join("bad"),
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--size",
            "9",
            "--openings",
            &f,
        ],
    ) {
        Err(MatchError::Usage(m)) => assert!(m.contains("line 2"), "{m}"),
        other => panic!("{other:?}"),
    }
    // random openings: new each round, the same for both games of a pair
    let out = dir.join("random");
    play(
        &out,
        &[
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "4",
            "--size",
            "9",
            "--random-opening",
            "6",
        ],
    )
    .expect("match runs");
    let g = lines(&out);
    let moves: Vec<&str> = g.iter().map(|g| text(&g["opening"], "moves")).collect();
    assert_eq!(moves[0], moves[1]);
    assert_ne!(moves[0], moves[2]);
    assert_eq!(moves[0].split(' ').count(), 12);
}

#[test]
fn every_game_gets_its_own_seed() {
    let dir = test_dir("seeds");
    let seeds = dir.join("seeds");
    let extra = format!("--seed {{seed}} --seeds '{}'", seeds.display());
    let a = fake("a", "pass", &extra);
    let b = fake("b", "pass", "");
    play(
        &dir.join("m"),
        &[
            "--engine", &a, "--engine", &b, "--games", "4", "--size", "9",
        ],
    )
    .expect("match runs");
    let got: Vec<String> = std::fs::read_to_string(&seeds)
        .expect("seeds")
        .lines()
        .map(String::from)
        .collect();
    // one check before the match, then one start per game
    assert_eq!(got.len(), 5, "{got:?}");
    let per_game: BTreeSet<&String> = got[1..].iter().collect();
    assert_eq!(per_game.len(), 4, "{got:?}");
    let g = lines(&dir.join("m"));
    let recorded: BTreeSet<String> = g.iter().map(|g| num(g, "seed").to_string()).collect();
    assert_eq!(recorded, per_game.into_iter().cloned().collect());
}

#[test]
fn sprt_stops_a_one_sided_match_early() {
    let dir = test_dir("sprt");
    let a = fake("a", "resign", "");
    let b = fake("b", "pass", "");
    let s = play(
        &dir.join("m"),
        &[
            "--engine", &a, "--engine", &b, "--games", "200", "--size", "9", "--sprt", "0,30",
        ],
    )
    .expect("match runs");
    // the generalised SPRT is cautious with one-sided results (fishtest's regularisation):
    // all pairs lost decides after about 33 pairs
    assert!(s.games < 100, "stopped after {} games", s.games);
    let st = s.sprt_state().expect("an SPRT");
    assert!(st.llr <= st.lower, "{st:?}");
    let j = summary_json(&dir.join("m"));
    assert_eq!(text(&j["sprt"], "decision"), "H0 accepted");
    assert_eq!(text(&j["sprt"], "model"), "pentanomial");
    assert!(j["sprt"]["llr"].as_f64().is_some_and(|x| x <= -2.94));
    assert_eq!(
        j["pentanomial"][0].as_u64(),
        Some(s.pentanomial()[0].into())
    );
    assert!(s.table().contains("H0 accepted"), "{}", s.table());
    let html = std::fs::read_to_string(dir.join("m/report.html")).expect("report");
    assert!(html.contains("llr-plot"));
    for bad in ["10,0", "x", "0,10,20"] {
        let r = play(
            &dir.join("bad"),
            &["--engine", &a, "--engine", &b, "--sprt", bad],
        );
        assert!(
            matches!(r, Err(MatchError::Usage(_))),
            "--sprt {bad}: {r:?}"
        );
    }
}

/// `tengen match ARGS --out out` as a child process.
fn runner(out: &Path, args: &[&str], extra: &[&str]) -> std::process::Child {
    Command::new(TENGEN)
        .arg("match")
        .args(args)
        .args(extra)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tengen match starts")
}

#[test]
fn resume_after_sigkill_keeps_finished_games_and_counts_none_twice() {
    let dir = test_dir("resume");
    let out = dir.join("m");
    let a = fake("a", "pass", "--delay 0.15");
    let b = fake("b", "pass", "--delay 0.15");
    let args = [
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "8",
        "--size",
        "9",
        "--parallel",
        "2",
    ];
    let mut child = runner(&out, &args, &[]);
    let start = Instant::now();
    while lines(&out).len() < 3 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let before = lines(&out);
    assert!(
        before.len() >= 3 && before.len() < 8,
        "{} games",
        before.len()
    );
    // the same folder again without --resume is refused
    let refused = runner(&out, &args, &[]).wait().expect("runs");
    assert!(!refused.success());
    // a different match is refused too
    let mut other = args.to_vec();
    other[5] = "10";
    let refused = runner(&out, &other, &["--resume"]).wait().expect("runs");
    assert!(!refused.success());
    let status = runner(&out, &args, &["--resume"]).wait().expect("runs");
    assert!(status.success());
    let after = lines(&out);
    let numbers: Vec<u64> = after.iter().map(|g| num(g, "game")).collect();
    let unique: BTreeSet<u64> = numbers.iter().copied().collect();
    assert_eq!(unique, (1..=8).collect(), "{numbers:?}");
    assert_eq!(numbers.len(), 8, "no game twice: {numbers:?}");
    assert_eq!(
        after[..before.len()],
        before[..],
        "finished games kept as they were"
    );
    let j = summary_json(&out);
    assert_eq!(j["games"].as_u64(), Some(8));
    let wins: u64 = ["a", "b"]
        .iter()
        .map(|n| j["engines"][n]["wins"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(wins, 8);
    for n in 1..=8 {
        assert!(out.join(format!("sgf/game-{n:04}.sgf")).exists());
    }
    // resuming a finished match plays nothing more
    let status = runner(&out, &args, &["--resume"]).wait().expect("runs");
    assert!(status.success());
    assert_eq!(lines(&out).len(), 8);
}

#[test]
fn shards_played_at_once_merge_into_the_whole_match() {
    let dir = test_dir("shards");
    let a = fake("a", "pass", "");
    let b = fake("b", "resign", "");
    let c = fake("c", "pass", "");
    let args = [
        "--engine",
        &a,
        "--engine",
        &b,
        "--engine",
        &c,
        "--tournament",
        "round-robin",
        "--games",
        "4",
        "--size",
        "9",
        "--random-opening",
        "4",
        "--seed",
        "3",
    ];
    let mut children: Vec<_> = (0..2)
        .map(|k| {
            let shard = format!("{k}/2");
            runner(&dir.join(format!("s{k}")), &args, &["--shard", &shard])
        })
        .collect();
    for c in &mut children {
        assert!(c.wait().expect("shard runs").success());
    }
    let s0 = lines(&dir.join("s0"));
    let s1 = lines(&dir.join("s1"));
    assert_eq!((s0.len(), s1.len()), (6, 6));
    assert!(s0.iter().all(|g| num(g, "game") % 2 == 1));
    let merged = merge(&MergeArgs {
        dirs: vec![dir.join("s0"), dir.join("s1")],
        out: dir.join("all"),
    })
    .expect("merges");
    // the same match in one go gives the same games and summary
    let whole = play(&dir.join("whole"), &args).expect("whole match runs");
    assert_eq!(merged.games, 12);
    assert_eq!(merged.cross, whole.cross);
    let strip = |v: Vec<Json>| -> Vec<Json> {
        v.into_iter()
            .map(|mut g| {
                if let Some(o) = g.as_object_mut() {
                    o.remove("seconds_per_move");
                    o.remove("peak_rss_mb");
                }
                g
            })
            .collect()
    };
    assert_eq!(
        strip(lines(&dir.join("all"))),
        strip(lines(&dir.join("whole")))
    );
    assert!(dir.join("all/sgf/game-0012.sgf").exists());
    // the same from the command line
    let status = Command::new(TENGEN)
        .args(["match", "merge"])
        .arg(dir.join("s0"))
        .arg(dir.join("s1"))
        .arg("--out")
        .arg(dir.join("all-cli"))
        .stdout(Stdio::null())
        .status()
        .expect("tengen match merge runs");
    assert!(status.success());
    assert_eq!(lines(&dir.join("all-cli")), lines(&dir.join("all")));
    assert!(dir.join("all/report.html").exists());
    // refused: the same shard twice, a shard of another match, a folder that is no shard
    let twice = merge(&MergeArgs {
        dirs: vec![dir.join("s0"), dir.join("s0")],
        out: dir.join("x"),
    });
    assert!(matches!(twice, Err(MatchError::Usage(m)) if m.contains("twice")));
    let mut other = args.to_vec();
    other[9] = "6";
    let status = runner(&dir.join("o1"), &other, &["--shard", "1/2"])
        .wait()
        .expect("runs");
    assert!(status.success());
    let mixed = merge(&MergeArgs {
        dirs: vec![dir.join("s0"), dir.join("o1")],
        out: dir.join("x"),
    });
    // the refusal names what differs: the number of games
    assert!(
        matches!(&mixed, Err(MatchError::Usage(m)) if m.contains("another match") && m.contains("differ in: games")),
        "{mixed:?}"
    );
    let not_shard = merge(&MergeArgs {
        dirs: vec![dir.join("whole")],
        out: dir.join("x"),
    });
    assert!(matches!(not_shard, Err(MatchError::Usage(_))));
}
