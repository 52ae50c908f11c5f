//! Tengen: a Go engine with its own small policy network, nothing downloaded.
//!
//! Two layers. **The engine**, everything `tengen` needs to play over GTP, each module using
//! only those listed before it:
//! - [`files`]: reading a file named from outside (regular files only, a size cap per use).
//! - [`board`]: the bitboard core (chains, liberties, captures, simple ko, hashing).
//! - [`tactics`]: allocation-free local reading (ataris, ladders, self-ataris, nakade, seki).
//! - [`rules`]: rule sets, game history, superko, end of game, scoring, status confirmation.
//! - [`sgf`]: SGF records.
//! - [`clock`]: time controls and the game clock, shared by the engine and the match runner.
//! - [`patterns`]: move patterns (the learned ones of the priors, the playouts' 3x3 codes).
//! - [`book`]: the 19x19 opening book and the local joseki dictionary (reading them).
//! - [`nn`]: the policy network (input planes, layers, forward pass, weight files).
//! - [`search`]: playouts and search.
//! - [`engine`]: the game, the searcher and the clock behind one API (no protocol).
//! - [`gtp`]: the GTP engine on stdin/stdout.
//!
//! **The tools** above it, which the engine never imports (a unit test checks it):
//! - [`arena`]: the match runner (`tengen match`) and the tuner (`tengen tune`).
//! - [`learn`]: training (`tengen patterns ...`) and building the book and the joseki
//!   dictionary (`tengen book ...`).
//! - [`scorecmd`]: `tengen score`, the verdict on finished game records.
//! - [`review`]: `tengen review`, a whole-game review (win rates, mistakes, Lizzie's `LZ`).
//! - [`benchcmd`]: `tengen bench`, speed measurements.

#![warn(missing_docs)]

pub mod board;
pub mod book;
pub mod clock;
pub mod engine;
pub mod files;
pub mod gtp;
pub mod nn;
pub mod patterns;
pub mod rules;
pub mod search;
pub mod sgf;
pub mod tactics;

pub mod arena;
pub mod benchcmd;
pub mod learn;
pub mod review;
pub mod scorecmd;

#[cfg(test)]
mod alloc_count;

#[cfg(test)]
mod layers {
    //! The engine's modules import nothing from the tools.

    use std::path::Path;

    /// The tools: modules above the engine.
    const TOOLS: &[&str] = &["arena", "benchcmd", "learn", "review", "scorecmd"];
    /// The engine's modules.
    const ENGINE: &[&str] = &[
        "board", "book", "clock", "engine", "files", "gtp", "nn", "patterns", "rules", "search",
        "sgf", "tactics",
    ];

    /// The `.rs` files under `dir` (or `dir.rs` itself), recursively.
    fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    sources(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
    }

    /// The non-test code of a file: up to its `#[cfg(test)]` module, without comments.
    fn code(text: &str) -> String {
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
        text.lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether `code` names the module `crate::{module}` (a path into it or the module).
    fn uses(code: &str, module: &str) -> bool {
        let path = format!("crate::{module}");
        code.match_indices(&path).any(|(i, _)| {
            let next = code[i + path.len()..].chars().next();
            !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    }

    #[test]
    fn the_engine_imports_no_tool() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut checked = 0;
        for m in ENGINE {
            let mut files = vec![];
            sources(&src.join(m), &mut files);
            let single = src.join(format!("{m}.rs"));
            if single.exists() {
                files.push(single);
            }
            assert!(!files.is_empty(), "no sources for {m}");
            for f in files {
                let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if name == "tests.rs" || name.ends_with("_tests.rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&f).expect("readable source");
                let code = code(&text);
                for t in TOOLS {
                    assert!(!uses(&code, t), "{} uses crate::{t}", f.display());
                }
                checked += 1;
            }
        }
        assert!(checked > 50, "only {checked} files checked");
    }

    #[test]
    fn the_book_and_joseki_builders_do_not_import_each_other() {
        // both stand on learn/counting.rs (issue 56: the circle between them is gone)
        let learn = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/learn");
        for (file, other) in [("book.rs", "joseki"), ("joseki.rs", "book")] {
            let text = std::fs::read_to_string(learn.join(file)).expect("readable source");
            let code = code(&text);
            assert!(
                code.contains("super::counting"),
                "{file} does not use counting"
            );
            for path in [format!("super::{other}"), format!("crate::learn::{other}")] {
                assert!(!code.contains(&path), "{file} uses {path}");
            }
        }
    }

    #[test]
    fn the_check_finds_a_tool_import() {
        let bad = "use crate::learn::records::Moves;\n#[cfg(test)]\nmod tests {}\n";
        assert!(uses(&code(bad), "learn"));
        assert!(uses("use crate::learn;", "learn"));
        assert!(!uses("use crate::learning::x;", "learn"));
        let in_tests = "fn f() {}\n#[cfg(test)]\nmod tests {\n use crate::learn::x;\n}\n";
        assert!(!uses(&code(in_tests), "learn"));
        assert!(!uses(&code("// see crate::arena::run\nfn f() {}"), "arena"));
    }
}
