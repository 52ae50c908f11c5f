//! The documentation holds: every link in README.md and docs/*.md resolves (files, and
//! headings for `#anchors`), and every `--flag` they name is one of Tengen's (in the help of
//! the binary or one of its subcommands) or is listed here as another program's.

mod common;

use common::{engine_path, run_once};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Flags the documentation names that belong to other programs.
const FOREIGN: &[(&str, &str)] = &[
    ("--release", "cargo"),
    ("--profile", "cargo"),
    ("--all-targets", "cargo clippy"),
    ("--autolevel", "GNU Go"),
    ("--sshloginfile", "GNU parallel"),
    ("--return", "GNU parallel"),
    ("--cleanup", "GNU parallel"),
    ("--array", "Slurm's sbatch"),
    ("--config", "gtp2ogs"),
    ("--path", "cargo install"),
    ("--locked", "cargo install"),
    ("--root", "cargo install"),
    ("--ignore-missing", "sha256sum"),
];

/// Tengen's subcommands whose `--help` lists flags.
const SUBCOMMANDS: &[&str] = &[
    "match",
    "match merge",
    "tune",
    "score",
    "review",
    "bench playouts",
    "bench search",
    "bench policy",
    "patterns train",
    "patterns playout",
    "patterns balance",
    "patterns eval",
    "policy train",
    "policy export",
    "book build",
    "book joseki",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every Markdown file in docs/.
fn documents() -> Vec<PathBuf> {
    let mut v = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    v.extend(docs);
    v
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' | '-' => Some('-'),
            '_' => Some('_'),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fence = false;
    let mut out = BTreeSet::new();
    for l in text.lines() {
        if l.starts_with("```") {
            fence = !fence;
        } else if !fence && l.starts_with('#') {
            out.insert(slug(l.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of the inline links `[text](target)` in `text`.
fn links(text: &str) -> Vec<String> {
    let mut out = vec![];
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        match after.find(')') {
            Some(j) => {
                out.push(after[..j].to_string());
                rest = &after[j..];
            }
            None => break,
        }
    }
    out
}

#[test]
fn anchors_follow_github() {
    assert_eq!(
        slug(" Clock, pondering, memory and handicap games"),
        "clock-pondering-memory-and-handicap-games"
    );
    assert_eq!(
        slug("`kata-set-rules`: KataGo's names and JSON"),
        "kata-set-rules-katagos-names-and-json"
    );
    assert_eq!(
        links("a [b](c.md#d) e [f](http://g)"),
        ["c.md#d", "http://g"]
    );
}

#[test]
fn every_link_in_the_documentation_resolves() {
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("readable");
        let dir = doc.parent().unwrap_or(Path::new("."));
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                doc.clone()
            } else {
                dir.join(file)
            };
            assert!(
                path.exists(),
                "{}: link to {target}: no {}",
                doc.display(),
                path.display()
            );
            if let Some(a) = anchor {
                let there = std::fs::read_to_string(&path).expect("linked file readable");
                assert!(
                    anchors(&there).contains(a),
                    "{}: link to {target}: no heading #{a} in {}",
                    doc.display(),
                    path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} links checked");
}

#[test]
fn every_flag_named_in_the_documentation_exists() {
    let mut help = String::new();
    let mut lists: Vec<Vec<&str>> = vec![vec!["--help"]];
    for s in SUBCOMMANDS {
        let mut v: Vec<&str> = s.split(' ').collect();
        v.push("--help");
        lists.push(v);
    }
    for args in lists {
        let (status, out, err) = run_once(&args, Duration::from_secs(30));
        assert!(
            status.success(),
            "{} {args:?}: {err}",
            engine_path().display()
        );
        help.push_str(&out);
    }
    let known = |f: &str| {
        help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .any(|w| w == f)
            || FOREIGN.iter().any(|(x, _)| *x == f)
    };
    let mut missing = BTreeSet::new();
    let mut named = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("readable");
        for w in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            let flag = w.trim_end_matches('-');
            let ok_shape =
                flag.starts_with("--") && flag[2..].starts_with(|c: char| c.is_ascii_lowercase());
            if !ok_shape {
                continue;
            }
            named += 1;
            if !known(flag) {
                missing.insert(format!("{flag} ({})", doc.display()));
            }
        }
    }
    assert!(named >= 50, "only {named} flags named");
    assert!(
        missing.is_empty(),
        "flags the docs name but no help lists: {missing:?}"
    );
}

/// `tengen --help` names every tree-search setting `--param` takes (the list comes from
/// the one table of settings, so none is left out).
#[test]
fn help_lists_every_param_name() {
    let (status, out, _) = run_once(&["--help"], Duration::from_secs(30));
    assert!(status.success());
    for name in tengen::search::params::SearchParams::NAMES {
        assert!(
            out.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|w| w == *name),
            "--help does not name {name}"
        );
    }
    for flag in [
        "--name",
        "--log-file",
        "--analysis-max-visits",
        "--analysis-max-time",
    ] {
        assert!(out.contains(flag), "--help lacks {flag}");
    }
}

/// `tengen match merge --help` says what the command does, not how it is parsed.
#[test]
fn match_merge_help_describes_the_command() {
    let (status, out, _) = run_once(&["match", "merge", "--help"], Duration::from_secs(30));
    assert!(status.success());
    assert!(
        out.contains("Join the folders of a match's shards"),
        "{out}"
    );
    assert!(!out.contains("clap"), "{out}");
    assert!(out.contains("--out"), "{out}");
    assert!(out.contains("Usage: tengen match merge"), "{out}");
}
