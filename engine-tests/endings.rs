//! Real endings through GTP: counted 9-dan games of `../shared/data/tom-9d`, replayed
//! move by move as a client sends them, get from `final_score` and `final_status_list dead`
//! exactly the verdict `tengen score` gives their record (bench/endings.py measures the
//! whole collection).

mod common;

use common::Engine;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

fn tom() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/tom-9d")
}

/// (id, komi, recorded result, moves) of every game the index says ended by counting.
fn counted_games() -> Vec<(String, String, String, String)> {
    let index = fs::read_to_string(tom().join("index.tsv")).expect("tom-9d index");
    let mut counted = std::collections::HashMap::new();
    for line in index.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let counted_result = f.len() >= 6
            && (f[5].starts_with("B+") || f[5].starts_with("W+"))
            && f[5][2..].parse::<f64>().is_ok();
        if counted_result {
            counted.insert(f[0].to_string(), (f[4].to_string(), f[5].to_string()));
        }
    }
    let mut files: Vec<PathBuf> = fs::read_dir(tom().join("kifu"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = vec![];
    for f in files {
        let text = fs::read(&f).unwrap();
        for line in String::from_utf8_lossy(&text).lines() {
            if let Some((id, moves)) = line.split_once('\t') {
                if let Some((komi, result)) = counted.get(id) {
                    out.push((id.into(), komi.clone(), result.clone(), moves.into()));
                }
            }
        }
    }
    out
}

/// The server's rules by the komi (see bench/endings.py): 7.5 area, 6.5 territory.
fn rules_for(komi: &str) -> &'static str {
    if komi == "6.5" {
        "japanese"
    } else {
        "chinese"
    }
}

/// `play` commands of a Tom move list (`;B[pd];W[dp]...`).
fn plays(moves: &str) -> Vec<String> {
    moves
        .split(';')
        .filter(|m| m.len() >= 3)
        .map(|m| {
            let colour = &m[..1];
            let coords = m[2..].trim_end_matches(']');
            let b = coords.as_bytes();
            if b.len() != 2 || coords == "tt" {
                return format!("play {colour} pass");
            }
            let x = (b[0] - b'a') as usize;
            let y = 19 - (b[1] - b'a') as usize;
            format!("play {colour} {}{y}", &COLUMNS[x..x + 1])
        })
        .collect()
}

fn vertices(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(|v| v.to_uppercase()).collect()
}

#[test]
fn final_score_after_replaying_a_real_game_is_tengen_score_s_verdict() {
    let games = counted_games();
    assert!(games.len() > 12_000, "{} counted games", games.len());
    let dir = std::env::temp_dir().join(format!("tengen-endings-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    // a sample across the years, both komi (both rules) among them
    let sample: Vec<_> = games.iter().step_by(games.len() / 8).take(8).collect();
    let mut komis = BTreeSet::new();
    for (id, komi, recorded, moves) in sample {
        let rules = rules_for(komi);
        komis.insert(komi.clone());
        let sgf = dir.join(format!("{id}.sgf"));
        fs::write(
            &sgf,
            format!("(;GM[1]FF[4]SZ[19]KM[{komi}]RE[{recorded}]{moves})"),
        )
        .unwrap();
        let out = Command::new(TENGEN)
            .args(["score", "--json", "--rules", rules])
            .arg(&sgf)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let json: serde_json::Value =
            serde_json::from_str(stdout.lines().last().unwrap_or("")).unwrap();
        assert!(out.status.success(), "{id}: {stdout}");
        let want_result = json["result"].as_str().unwrap().to_string();
        let want_dead: BTreeSet<String> = json["dead"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();

        let mut e = Engine::spawn(&[]);
        e.ok("boardsize 19");
        e.ok("clear_board");
        e.ok(&format!("kata-set-rules {rules}"));
        e.ok(&format!("komi {komi}"));
        for p in plays(moves) {
            e.ok(&p);
        }
        let result = e.ok("final_score");
        let dead = vertices(&e.ok("final_status_list dead"));
        assert_eq!(
            (result.as_str(), &dead),
            (want_result.as_str(), &want_dead),
            "game {id} ({rules}, komi {komi}, recorded {recorded}): GTP against tengen score"
        );
        e.ok("quit");
    }
    assert_eq!(komis.len(), 2, "the sample holds both komi: {komis:?}");
    let _ = fs::remove_dir_all(&dir);
}
