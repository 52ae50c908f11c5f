//! The match's output folder on disk: `match.json` (what match this is, for `--resume` and
//! `tengen match merge`), `games.jsonl` appended a whole line at a time with an fsync, and
//! files replaced by writing a temporary file and renaming it, so that a crash or SIGKILL
//! never leaves half a record; and reading `games.jsonl` back, dropping a cut-off last line.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::plan::Shard;
use super::record::GameLine;
use super::summary::MatchSettings;

/// Writes `path` whole or not at all: a temporary file beside it, synced, then renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let written = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    match written.and_then(|()| fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Appends one line to `games.jsonl` with a single write and syncs it to disk.
pub fn append_line(path: &Path, line: &GameLine) -> std::io::Result<()> {
    let mut text = serde_json::to_string(line).map_err(std::io::Error::from)?;
    text.push('\n');
    let mut f = OpenOptions::new().create(true).append(true).open(path)?;
    f.write_all(text.as_bytes())?;
    f.sync_data()
}

/// The games of `games.jsonl` in `dir`, in file order: every complete line that reads as a
/// game. A last line cut off by a crash (no newline, or not JSON) is dropped and the file
/// rewritten without it; so is any other line that does not read, with a warning. No file
/// is no games.
pub fn read_games(dir: &Path) -> std::io::Result<Vec<GameLine>> {
    let path = dir.join("games.jsonl");
    let text = match crate::files::read(&path, crate::files::RECORDS) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut games = Vec::new();
    let mut kept = String::new();
    let mut dropped = 0;
    let complete = text.rfind('\n').map_or("", |end| &text[..=end]);
    for line in complete.lines() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameLine>(line) {
            Ok(g) => {
                games.push(g);
                kept.push_str(line);
                kept.push('\n');
            }
            Err(e) => {
                dropped += 1;
                log::warn!(
                    "{}: dropped a line that does not read ({e})",
                    path.display()
                );
            }
        }
    }
    if complete.len() < text.len() {
        dropped += 1;
        log::warn!("{}: dropped a cut-off last line", path.display());
    }
    if dropped > 0 {
        write_atomic(&path, kept.as_bytes())?;
    }
    Ok(games)
}

/// `match.json`: what makes a match this match, so that `--resume` continues only the
/// same match and `tengen match merge` joins only shards of one match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchFile {
    /// The options that decide the games: two runs with the same identity play the same
    /// plan.
    pub identity: Identity,
    /// The shard this folder holds (`--shard K/N`); absent for a whole match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The one-line description of the table.
    pub description: String,
    /// The settings as `summary.json` gives them.
    pub settings: MatchSettings,
    /// For a merged match: the folders it was merged from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<PathBuf>,
}

/// The options of a match that decide its games, as `match.json` keeps them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Identity {
    /// Each engine as NAME and its command, in `--engine` order.
    pub engines: Vec<(String, String)>,
    /// `--tournament`.
    pub tournament: String,
    /// `--games` (per pairing).
    pub games: usize,
    /// Board size.
    pub size: usize,
    /// Komi.
    pub komi: f64,
    /// `--handicap`, 0 without.
    pub handicap: usize,
    /// The rules' name.
    pub rules: String,
    /// The clock as given, if any.
    pub time: Option<String>,
    /// The move cap.
    pub max_moves: usize,
    /// `--seed`, as text (0 when not given).
    pub seed: String,
    /// `--fixed-colors`.
    pub fixed_colors: bool,
    /// The openings: `empty`, `random N`, or `file COUNT HASH` (an FNV-1a hash of the
    /// openings' move lists).
    pub openings: String,
    /// `--referee`, if any.
    pub referee: Option<String>,
    /// `--sprt elo0,elo1` with alpha and beta, if any: `[elo0, elo1, alpha, beta]`.
    pub sprt: Option<[f64; 4]>,
}

impl Identity {
    /// The fields (as `match.json` names them) in which `other` differs from this one.
    pub fn differences(&self, other: &Identity) -> Vec<String> {
        let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
            (serde_json::to_value(self), serde_json::to_value(other))
        else {
            return Vec::new();
        };
        a.iter()
            .filter(|(k, v)| b.get(k.as_str()) != Some(v))
            .map(|(k, _)| k.clone())
            .collect()
    }
}

/// FNV-1a, 64 bits: a hash of text that never changes between builds.
pub fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads `match.json` in `dir`; `None` when there is none.
pub fn read_match(dir: &Path) -> Result<Option<MatchFile>, String> {
    let path = dir.join("match.json");
    match crate::files::read_text(&path, crate::files::TEXT) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Writes `match.json` in `dir`.
pub fn write_match(dir: &Path, m: &MatchFile) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(m).map_err(std::io::Error::from)? + "\n";
    write_atomic(&dir.join("match.json"), text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::json::PerEngine;

    fn line(n: usize) -> GameLine {
        GameLine {
            game: n,
            black: "a".into(),
            white: "b".into(),
            result: "B+R".into(),
            winner: Some("a".into()),
            ending: "resignation".into(),
            reason: "b resigned".into(),
            moves: 10,
            seconds_per_move: PerEngine(vec![("a".into(), vec![0.1]), ("b".into(), vec![])]),
            time_left: None,
            peak_rss_mb: None,
            main_time_used: None,
            moves_in_main_time: None,
            moves_in_overtime: None,
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            sgf: format!("sgf/game-{n:04}.sgf"),
            warnings: vec![],
            round: Some(0),
            seed: Some(5),
            opening: None,
        }
    }

    #[test]
    fn lines_append_and_a_cut_off_line_is_dropped() {
        let dir = std::env::temp_dir().join(format!("tengen-store-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("dir");
        assert_eq!(read_games(&dir).expect("no file").len(), 0);
        let path = dir.join("games.jsonl");
        append_line(&path, &line(1)).expect("append");
        append_line(&path, &line(2)).expect("append");
        // a crash in the middle of the third line
        let mut f = OpenOptions::new().append(true).open(&path).expect("open");
        f.write_all(br#"{"game":3,"black":"a","whi"#)
            .expect("write");
        drop(f);
        let games = read_games(&dir).expect("reads");
        assert_eq!(games.iter().map(|g| g.game).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(games[0], line(1));
        let text = fs::read_to_string(&path).expect("read");
        assert_eq!(text.lines().count(), 2);
        assert!(text.ends_with('\n'));
        append_line(&path, &line(3)).expect("append");
        assert_eq!(read_games(&dir).expect("reads").len(), 3);
        // a damaged line in the middle is dropped too
        let damaged = text.replace("\"game\":2", "\"game\":\"two\"");
        fs::write(&path, damaged).expect("write");
        assert_eq!(read_games(&dir).expect("reads").len(), 1);
        write_atomic(&dir.join("x.txt"), b"whole").expect("atomic");
        assert_eq!(
            fs::read_to_string(dir.join("x.txt")).expect("read"),
            "whole"
        );
        let left: Vec<_> = fs::read_dir(&dir)
            .expect("dir")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(left.is_empty(), "no temporary files left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn identities_name_the_fields_they_differ_in() {
        let a = Identity {
            engines: vec![("a".into(), "x --rank 9k".into())],
            tournament: "pair".into(),
            games: 40,
            size: 19,
            komi: 7.5,
            handicap: 0,
            rules: "chinese".into(),
            time: None,
            max_moves: 1083,
            seed: "7".into(),
            fixed_colors: false,
            openings: "empty".into(),
            referee: None,
            sprt: None,
        };
        assert!(a.differences(&a.clone()).is_empty());
        let mut b = a.clone();
        b.engines[0].1 = "y --rank 9k".into();
        b.games = 20;
        assert_eq!(a.differences(&b), vec!["engines", "games"]);
    }

    #[test]
    fn fnv_is_stable() {
        assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
