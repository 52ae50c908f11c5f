//! `tengen tune` against a fake engine whose strength is one parameter
//! (engine-tests/fake_engines/fake_tuned.sh): the update goes the right way, the state file
//! records it, a second run resumes from it, and bad options exit with 2 and a message.
//!
//! The fake engine is a POSIX shell script, so these tests run on Unix only.
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

const FAKE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/engine-tests/fake_engines/fake_tuned.sh"
);

/// A fresh folder for one test.
fn test_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("tune")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create test dir");
    d
}

/// Runs `tengen tune ARGS`: exit code, stdout, stderr.
fn tune(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(common::engine_path())
        .arg("tune")
        .args(args)
        .output()
        .expect("run tengen tune");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn read_json(path: &Path) -> Json {
    let text = std::fs::read_to_string(path).expect("state file");
    serde_json::from_str(&text).expect("state is JSON")
}

fn num(j: &Json, path: &[&str]) -> f64 {
    let mut v = j;
    for key in path {
        v = match key.parse::<usize>() {
            Ok(i) => &v[i],
            Err(_) => &v[*key],
        };
    }
    v.as_f64()
        .unwrap_or_else(|| panic!("{path:?} is not a number in {j}"))
}

/// The options of a two-iteration run in `dir`: prior_capture decides the games (the fake
/// engine resigns below 1), heavy_pattern goes along as an integer.
fn options(dir: &Path) -> Vec<String> {
    let engine = format!(
        "fake={FAKE} --watch prior_capture --threshold 1 --log '{}' --seed {{seed}}",
        dir.join("params.log").display()
    );
    [
        "--engine",
        &engine,
        "--tune",
        "prior_capture=1,0,2,0.2,0.05",
        "--tune",
        "heavy_pattern=50,0,100,5",
        "--iterations",
        "2",
        "--batch",
        "1",
        "--parallel",
        "2",
        "--size",
        "9",
        "--state",
        &dir.join("tune.json").display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

#[test]
fn tuning_moves_toward_the_stronger_side_and_resumes_from_its_state() {
    let dir = test_dir("resume");
    let base = options(&dir);
    let mut first: Vec<&str> = base.iter().map(String::as_str).collect();
    first.extend(["--max-batches", "1"]);
    let (code, out, err) = tune(&first);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("iteration 1/2"), "{out}");
    assert!(out.contains("stopped after 1 batch(es)"), "{out}");
    let state = dir.join("tune.json");
    let s1 = read_json(&state);
    assert_eq!(num(&s1, &["iteration"]), 1.0);
    assert_eq!(s1["history"].as_array().map(Vec::len), Some(1));
    // the stronger side won both games, whichever way the flip went: prior_capture rose
    let pair = &s1["history"][0]["pairs"][0];
    let (wins, losses) = (
        num(pair, &["score", "wins"]),
        num(pair, &["score", "losses"]),
    );
    let flip = num(pair, &["flips", "0"]);
    assert_eq!((wins - losses) * flip, 2.0, "{pair}");
    let theta1 = num(&s1, &["theta", "0"]);
    assert!(theta1 > 1.0, "prior_capture went from 1 to {theta1}");
    assert_eq!(
        num(&s1, &["total", "wins"]) + num(&s1, &["total", "losses"]),
        2.0
    );
    assert_eq!(s1["params"][1]["integer"], Json::Bool(true));
    let estimate = s1["estimate"].as_str().unwrap_or_default();
    assert!(estimate.starts_with("--param prior_capture="), "{estimate}");
    // both games were played and recorded
    for n in [1, 2] {
        assert!(dir.join(format!("tune-games/sgf/game-000{n}.sgf")).exists());
    }

    // the same command goes on from the state file and finishes the run
    let (code, out, err) = tune(&base.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("resuming"), "{out}");
    assert!(out.contains("iteration 2/2"), "{out}");
    assert!(out.contains("finished: 2 iterations"), "{out}");
    let s2 = read_json(&state);
    assert_eq!(num(&s2, &["iteration"]), 2.0);
    assert_eq!(
        s2["history"][0], s1["history"][0],
        "the first batch is kept"
    );
    assert!(
        num(&s2, &["theta", "0"]) > theta1,
        "and prior_capture rose again"
    );
    assert_eq!(
        num(&s2, &["total", "wins"]) + num(&s2, &["total", "losses"]),
        4.0
    );
    assert!(dir.join("tune-games/sgf/game-0004.sgf").exists());

    // every engine got both parameters, heavy_pattern as a whole number
    let log = std::fs::read_to_string(dir.join("params.log")).expect("params log");
    let runs: Vec<&str> = log.lines().collect();
    assert_eq!(
        runs.len(),
        2 + 4 + 4,
        "a check and 4 engines per pair:\n{log}"
    );
    for run in &runs {
        let words: Vec<&str> = run.split_whitespace().collect();
        assert_eq!(words.len(), 2, "{run}");
        assert!(words[0].starts_with("prior_capture="), "{run}");
        let hp = words[1].strip_prefix("heavy_pattern=").unwrap_or("x");
        assert!(hp.parse::<u32>().is_ok(), "{run}");
    }

    // a finished run says so and plays nothing
    let (code, out, _) = tune(&base.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0);
    assert!(out.contains("finished: 2 iterations"), "{out}");
    let after = std::fs::read_to_string(dir.join("params.log")).expect("params log");
    assert_eq!(after.lines().count(), runs.len());

    // a state made for other parameters is refused
    let mut other = base.clone();
    if let Some(i) = other
        .iter()
        .position(|a| a == "prior_capture=1,0,2,0.2,0.05")
    {
        other[i] = "prior_capture=1,0,3,0.2,0.05".into();
    }
    let (code, _, err) = tune(&other.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds another tuning run"), "{err}");
    assert!(err.contains("MAX 2 but the command line 3"), "{err}");
    let mut longer = base.clone();
    if let Some(i) = longer.iter().position(|a| a == "2") {
        longer[i] = "3".into();
    }
    let (code, _, err) = tune(&longer.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it plans 2 iterations"), "{err}");
}

#[test]
fn bad_options_exit_2_with_a_message() {
    let dir = test_dir("bad");
    let base = options(&dir);
    let with = |from: &str, to: &str| -> (i32, String) {
        let args: Vec<&str> = base
            .iter()
            .map(|a| if a == from { to } else { a.as_str() })
            .collect();
        let (code, _, err) = tune(&args);
        (code, err)
    };
    let cases = [
        (
            "prior_capture=1,0,2,0.2,0.05",
            "prior.capture=1,0,2,0.2",
            "did you mean prior_capture?",
        ),
        (
            "prior_capture=1,0,2,0.2,0.05",
            "nonsense=1,0,2,0.2",
            "unknown parameter",
        ),
        (
            "prior_capture=1,0,2,0.2,0.05",
            "prior_capture=1,2,0,0.2",
            "MIN 2 must be below MAX 0",
        ),
        (
            "prior_capture=1,0,2,0.2,0.05",
            "prior_capture=3,0,2,0.2",
            "START 3 is outside",
        ),
        (
            "prior_capture=1,0,2,0.2,0.05",
            "prior_capture=one,0,2,0.2",
            "is not a number",
        ),
        (
            "prior_capture=1,0,2,0.2,0.05",
            "policy=1,0,2,0.2",
            "not a number",
        ),
        (
            "heavy_pattern=50,0,100,5",
            "prior_capture=1,0,2,0.2",
            "given twice",
        ),
        (
            "heavy_pattern=50,0,100,5",
            "heavy_pattern=50,0,200,5",
            "the engine refuses 200",
        ),
        ("2", "0", "--iterations must be at least 1"),
        ("2", "two", "invalid value"),
    ];
    for (from, to, message) in cases {
        let (code, err) = with(from, to);
        assert_eq!(code, 2, "{to}: {err}");
        assert!(err.contains(message), "{to}: {err}");
        assert!(!err.contains("panicked"), "{to}: {err}");
    }
    let (code, err) = with("9", "1");
    assert_eq!(code, 2, "--size 1: {err}");
    assert!(err.contains("--size 1 is outside"), "{err}");
    // a damaged state file is refused, not overwritten
    let state = dir.join("tune.json");
    std::fs::write(&state, "{ not json").expect("write");
    let (code, _, err) = tune(&base.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a tuning state"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&state).ok().as_deref(),
        Some("{ not json")
    );
    // an engine that cannot start fails before any game
    std::fs::remove_file(&state).expect("remove the damaged state");
    let (code, err) = with(&base[1], "fake=/nonexistent/engine");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("engine fake+"), "{err}");
    assert!(
        !state.exists(),
        "no state is written before a game is played"
    );
}
