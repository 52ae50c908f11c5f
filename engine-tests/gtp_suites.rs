//! Runs every GoGui-style regression suite `engine-tests/suites/*.tst` against the engine
//! binary and reports each failing case with file:line, expected and actual reply.
//!
//! Format (GoGui `gogui-regress`, GNU Go regression files):
//! - `10 play b d4`: a numbered command is a test; the number is its GTP id and must be echoed.
//! - `#? [REGEX]` right after it (other comments may come between): the expected reply.
//!   The regex must match the whole reply text; a failure reply is matched as `?` followed by
//!   its message (as in GNU Go's filtered output), e.g. `#? [\?illegal move]`.
//!   `#? [!REGEX]` expects the reply NOT to match; a trailing `*` marks an expected failure.
//! - Unnumbered command lines are setup; a setup command that fails is reported too.
//! - `# tengen-args: ARGS` anywhere in the file: command-line arguments for the engine.
//! - Other `#` lines and empty lines are ignored. Lines are sent exactly as written.
//!
//! The engine runs in `engine-tests/suites/` (as gogui-regress runs it in the folder of
//! the test file), so SGF files are named `../sgf/NAME.sgf`.
//! `TENGEN_SUITE=NAME` runs only the suites whose file name contains NAME.
//!
//! The tactics suites (`tactics_*.tst`) are also a measure: the summary counts how many of
//! their playout checks (`tengen-playout_owner`) and search checks (`reg_genmove`) pass,
//! expected failures included (`bench/tactics.sh` prints it for any binary).

mod common;

use common::{Engine, Reply, REPLY_TIMEOUT, THINK_TIMEOUT};
use regex::Regex;
use std::path::{Path, PathBuf};

/// What a `#?` line expects.
#[derive(Debug, Clone, PartialEq)]
struct Expectation {
    pattern: String,
    negated: bool,
    expected_failure: bool,
}

/// One line of a suite that is sent to the engine.
#[derive(Debug, Clone, PartialEq)]
struct Step {
    line_no: usize,
    line: String,
    id: Option<u32>,
    expect: Option<Expectation>,
    expect_line_no: usize,
}

/// A parsed suite.
#[derive(Debug, Default)]
struct Suite {
    args: Vec<String>,
    steps: Vec<Step>,
}

fn parse_expectation(text: &str) -> Result<Expectation, String> {
    let t = text.trim();
    if !t.starts_with('[') {
        return Err(format!("'#?' must be followed by [PATTERN]: {:?}", text));
    }
    let close = t
        .rfind(']')
        .ok_or_else(|| format!("no closing ']' in {:?}", text))?;
    let mut pattern = &t[1..close];
    let tail = t[close + 1..].trim();
    let expected_failure = match tail {
        "" => false,
        "*" => true,
        _ => return Err(format!("unexpected text after ']': {:?}", tail)),
    };
    let negated = pattern.starts_with('!');
    if negated {
        pattern = &pattern[1..];
    }
    Ok(Expectation {
        pattern: pattern.to_string(),
        negated,
        expected_failure,
    })
}

fn parse_suite(text: &str) -> Result<Suite, String> {
    let mut suite = Suite::default();
    // Index of the numbered step that may still take a `#?` line.
    let mut open: Option<usize> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("#?") {
            let e = parse_expectation(rest).map_err(|e| format!("line {}: {}", line_no, e))?;
            let idx = open
                .take()
                .ok_or_else(|| format!("line {}: '#?' without a numbered command", line_no))?;
            Regex::new(&format!("^(?:{})$", e.pattern))
                .map_err(|err| format!("line {}: bad regex: {}", line_no, err))?;
            suite.steps[idx].expect = Some(e);
            suite.steps[idx].expect_line_no = line_no;
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("# tengen-args:") {
            suite
                .args
                .extend(rest.split_whitespace().map(str::to_string));
            continue;
        }
        if trimmed.starts_with('#') {
            continue;
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        let id = if !first.is_empty() && first.chars().all(|c| c.is_ascii_digit()) {
            Some(
                first
                    .parse::<u32>()
                    .map_err(|e| format!("line {}: bad id: {}", line_no, e))?,
            )
        } else {
            None
        };
        suite.steps.push(Step {
            line_no,
            line: raw.to_string(),
            id,
            expect: None,
            expect_line_no: 0,
        });
        open = if id.is_some() {
            Some(suite.steps.len() - 1)
        } else {
            None
        };
    }
    Ok(suite)
}

/// Outcome of one suite.
#[derive(Debug, Default)]
struct Outcome {
    tests: usize,
    passed: usize,
    expected_failures: usize,
    unexpected_passes: Vec<String>,
    failures: Vec<String>,
    /// Every checked test: its command name and whether it passed.
    checks: Vec<(String, bool)>,
}

fn timeout_for(line: &str) -> std::time::Duration {
    let l = line.to_ascii_lowercase();
    if l.contains("genmove") || l.contains("cleanup") || l.contains("place_free_handicap") {
        THINK_TIMEOUT
    } else {
        REPLY_TIMEOUT
    }
}

fn show(r: &Reply) -> String {
    format!("{:?}", r.raw)
}

fn run_suite(path: &Path) -> Outcome {
    let name = format!(
        "suites/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    );
    let mut out = Outcome::default();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            out.failures.push(format!("{}: cannot read: {}", name, e));
            return out;
        }
    };
    let suite = match parse_suite(&text) {
        Ok(s) => s,
        Err(e) => {
            out.failures.push(format!("{}: {}", name, e));
            return out;
        }
    };
    let args: Vec<&str> = suite.args.iter().map(String::as_str).collect();
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut engine = Engine::spawn_in(dir, &args);
    for (k, step) in suite.steps.iter().enumerate() {
        if step.id.is_some() {
            out.tests += 1;
        }
        let at = format!("{}:{}", name, step.line_no);
        let reply = match engine.try_cmd(&step.line, timeout_for(&step.line)) {
            Ok(r) => r,
            Err(e) => {
                out.failures
                    .push(format!("{}: {}\n    no valid reply: {}", at, step.line, e));
                let left = suite.steps[k + 1..]
                    .iter()
                    .filter(|s| s.id.is_some())
                    .count();
                out.tests += left;
                if left > 0 {
                    out.failures.push(format!(
                        "{}: suite aborted, {} later tests not run",
                        name, left
                    ));
                }
                return out;
            }
        };
        let Some(id) = step.id else {
            if !reply.ok {
                out.failures.push(format!(
                    "{}: setup command {:?} failed: {}",
                    at,
                    step.line,
                    show(&reply)
                ));
            }
            continue;
        };
        if reply.id != Some(id) {
            out.failures.push(format!(
                "{}: {}\n    id {} not echoed: {}",
                at,
                step.line,
                id,
                show(&reply)
            ));
            continue;
        }
        let Some(e) = &step.expect else {
            out.passed += 1;
            continue;
        };
        // Checked when parsing.
        let re = Regex::new(&format!("^(?:{})$", e.pattern)).expect("regex checked");
        let matched = re.is_match(&reply.match_text());
        let pass = matched != e.negated;
        let expected = format!("{}[{}]", if e.negated { "!" } else { "" }, e.pattern);
        let command = step.line.split_whitespace().nth(1).unwrap_or("");
        out.checks.push((command.to_string(), pass));
        match (pass, e.expected_failure) {
            (true, false) => out.passed += 1,
            (false, true) => out.expected_failures += 1,
            (true, true) => {
                out.passed += 1;
                out.unexpected_passes
                    .push(format!("{}: {} (marked *, but passes)", at, step.line));
            }
            (false, false) => out.failures.push(format!(
                "{}: {}\n    expected: {}\n    actual:   {}",
                at,
                step.line,
                expected,
                show(&reply)
            )),
        }
    }
    out
}

fn suite_files() -> Vec<PathBuf> {
    let dir = common::tests_dir().join("suites");
    let filter = std::env::var("TENGEN_SUITE").unwrap_or_default();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {}", dir.display(), e))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(&filter))
        })
        .collect();
    files.sort();
    files
}

/// The tactics suites' counts: per suite and in all, the playout checks and the search
/// checks that pass (expected failures included) out of those run. Empty without them.
fn tactics_summary(results: &[(PathBuf, Outcome)]) -> String {
    let count = |o: &Outcome, command: &str| {
        let of: Vec<bool> = o
            .checks
            .iter()
            .filter(|(c, _)| c == command)
            .map(|&(_, p)| p)
            .collect();
        (of.iter().filter(|&&p| p).count(), of.len())
    };
    let mut lines = String::new();
    let mut all = [(0, 0); 2];
    for (path, o) in results {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !name.starts_with("tactics_") {
            continue;
        }
        let (p, s) = (count(o, "tengen-playout_owner"), count(o, "reg_genmove"));
        lines.push_str(&format!(
            "tactics {name}: playouts right {}/{}, search right {}/{}\n",
            p.0, p.1, s.0, s.1
        ));
        for (a, b) in all.iter_mut().zip([p, s]) {
            a.0 += b.0;
            a.1 += b.1;
        }
    }
    if !lines.is_empty() {
        lines.push_str(&format!(
            "tactics total: playouts right {}/{}, search right {}/{}\n",
            all[0].0, all[0].1, all[1].0, all[1].1
        ));
    }
    lines
}

#[test]
fn gtp_regression_suites() {
    let files = suite_files();
    assert!(!files.is_empty(), "no suites found");
    // Two workers: the machine has two cores and most of the time is spent waiting.
    let queue = std::sync::Mutex::new(files.clone());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let next = queue.lock().map(|mut q| q.pop()).unwrap_or(None);
                let Some(path) = next else { break };
                let outcome = run_suite(&path);
                if let Ok(mut r) = results.lock() {
                    r.push((path, outcome));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let mut report = String::new();
    let mut failed = 0;
    let mut total = 0;
    for (path, o) in &results {
        total += o.tests;
        failed += o.failures.len();
        report.push_str(&format!(
            "{}: {} tests, {} passed, {} failures, {} expected failures, {} unexpected passes\n",
            path.file_name().unwrap_or_default().to_string_lossy(),
            o.tests,
            o.passed,
            o.failures.len(),
            o.expected_failures,
            o.unexpected_passes.len()
        ));
    }
    report.push_str(&tactics_summary(&results));
    // The per-suite summary (shown with `cargo test -- --nocapture`).
    print!("{}", report);
    for (_, o) in &results {
        for f in &o.failures {
            report.push_str(&format!("FAIL {}\n", f));
        }
        for u in &o.unexpected_passes {
            report.push_str(&format!("UNEXPECTED PASS {}\n", u));
        }
    }
    assert!(
        failed == 0,
        "{} failures in {} suite tests:\n{}",
        failed,
        total,
        report
    );
}

#[test]
fn tst_format_is_parsed_like_gogui() {
    let text = "# tengen-args: --komi 5\nboardsize 9\n10 play b d4\n# note\n#? [] *\n\
                20 genmove w\n#? [!pass]\n30 name\n";
    let s = parse_suite(text).expect("valid suite");
    assert_eq!(s.args, vec!["--komi", "5"]);
    assert_eq!(s.steps.len(), 4);
    assert_eq!(s.steps[0].id, None);
    assert_eq!(s.steps[1].id, Some(10));
    let e = s.steps[1].expect.clone().expect("expectation");
    assert!(e.expected_failure && !e.negated && e.pattern.is_empty());
    let e = s.steps[2].expect.clone().expect("expectation");
    assert!(e.negated && !e.expected_failure && e.pattern == "pass");
    assert_eq!(s.steps[3].expect, None);
    assert!(
        parse_suite("name\n#? [x]\n").is_err(),
        "#? after setup line"
    );
    assert!(parse_suite("1 name\n#? [(]\n").is_err(), "bad regex");
    assert!(parse_suite("1 name\n#? x\n").is_err(), "no brackets");
}

#[test]
fn tactics_summary_counts_both_checks() {
    let checks = |v: &[(&str, bool)]| {
        v.iter()
            .map(|&(c, p)| (c.to_string(), p))
            .collect::<Vec<_>>()
    };
    let a = Outcome {
        checks: checks(&[
            ("tengen-playout_owner", true),
            ("reg_genmove", false),
            ("tengen-playout_owner", false),
            ("reg_genmove", true),
            ("loadsgf", true),
        ]),
        ..Outcome::default()
    };
    let b = Outcome {
        checks: checks(&[("tengen-playout_owner", true), ("reg_genmove", true)]),
        ..Outcome::default()
    };
    let other = Outcome {
        checks: checks(&[("reg_genmove", true)]),
        ..Outcome::default()
    };
    let text = tactics_summary(&[
        (PathBuf::from("suites/tactics_a.tst"), a),
        (PathBuf::from("suites/tactics_b.tst"), b),
        (PathBuf::from("suites/search.tst"), other),
    ]);
    assert_eq!(
        text,
        "tactics tactics_a.tst: playouts right 1/2, search right 1/2\n\
         tactics tactics_b.tst: playouts right 1/1, search right 1/1\n\
         tactics total: playouts right 2/3, search right 2/3\n"
    );
    assert_eq!(tactics_summary(&[]), "");
}

#[test]
fn every_suite_parses() {
    for f in suite_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        if let Err(e) = parse_suite(&text) {
            panic!("{}: {}", f.display(), e);
        }
    }
}
