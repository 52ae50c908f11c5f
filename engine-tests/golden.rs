//! Same decisions, faster (issue 53): seeded playouts and seeded fixed-playout searches on
//! middle-game positions of both sizes, compared with `engine-tests/golden/decisions.txt`,
//! written before the speed work. A change meant only for speed must leave every line as it
//! is: the moves of every playout (by digest, per block of playouts), and each search's
//! root moves with their visits and win rates, its tree size and its best move.
//!
//! The positions are those of real games in `../shared/data/losses` (9x9 and 19x19 games
//! against Pachi) and the empty boards. A change that is meant to alter what the engine
//! plays rewrites the file (`TENGEN_GOLDEN_WRITE=1 cargo test --release --test golden`) in
//! its own commit, which says why.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use tengen::board::{Color, Point};
use tengen::rules::{Game, Move, Preset, Rules};
use tengen::search::params::SearchParams;
use tengen::search::playout::{self, PlayoutState};
use tengen::search::uct::TreeSearch;
use tengen::search::{Limits, Request, Searcher, Think};

/// Playouts a position is played out for, one state (learnt replies) carried across them.
const PLAYOUTS: usize = 200;
/// Playouts per digest in a playout line.
const BLOCK: usize = 25;

/// The records and the move numbers whose positions are tested (before that move).
const POSITIONS: &[(&str, &[usize])] = &[
    ("pachi9-2026-12-03-g1.sgf", &[20, 30, 40]),
    ("pachi9-2026-12-03-g2.sgf", &[20, 30, 40]),
    ("pachi9-2026-12-03-g5.sgf", &[25, 35]),
    ("pachi19-2026-11-27-g1.sgf", &[80, 160]),
    ("pachi19-2026-11-27-g2.sgf", &[120, 200]),
];

fn golden_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/golden/decisions.txt")
}

fn losses() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/losses")
}

/// The named positions: the empty boards, then each record before each move number.
fn positions() -> Vec<(String, Game)> {
    let chinese = || Rules::preset(Preset::Chinese);
    let mut out = Vec::new();
    for size in [9, 19] {
        let mut g = Game::new(size, chinese()).expect("size");
        g.set_komi(7.5);
        out.push((format!("empty{size}"), g));
    }
    for (file, moves) in POSITIONS {
        let path = losses().join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (../shared must sit beside the repository)",
                path.display()
            )
        });
        let rec = tengen::sgf::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for &m in *moves {
            let g = rec
                .to_game(chinese(), Some(m))
                .unwrap_or_else(|e| panic!("{file} {m}: {e}"));
            out.push((format!("{file}:{m}"), g));
        }
    }
    out
}

fn vertex(p: Option<Point>, size: usize) -> String {
    match p {
        Some(p) => p.vertex(size).to_string(),
        None => "pass".into(),
    }
}

/// FNV-1a over 64-bit words.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn add(&mut self, x: u64) {
        for byte in x.to_le_bytes() {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// The last two moves of `g`, the most recent first (`None`: a pass or none).
fn last_two(g: &Game) -> [Option<Point>; 2] {
    let m = g.moves();
    let at = |i: usize| match m.len().checked_sub(i + 1).map(|j| m[j].1) {
        Some(Move::Play(p)) => Some(p),
        _ => None,
    };
    [at(0), at(1)]
}

/// `PLAYOUTS` seeded playouts from `g` with the search's own playout settings for the size:
/// a digest of the moves and scores per block, and the first playout's first moves.
fn playout_line(name: &str, g: &Game) -> String {
    let size = g.size();
    let params = SearchParams::default().for_size(size);
    let komi = g.komi();
    let c = g.to_move();
    let last = last_two(g);
    let mut state = PlayoutState::new(size);
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(53);
    let mut record: Vec<(Color, Point)> = Vec::new();
    let mut line = format!("playouts {name}:");
    let mut first = String::new();
    let mut h = Fnv::new();
    for i in 0..PLAYOUTS {
        record.clear();
        let r = tengen::with_board!(g.board(), b => {
            let mut b = **b;
            playout::run(&mut b, c, last, komi, 3 * size * size, &mut rng, &params.playout, &mut state, &mut record)
        });
        h.add(r.moves as u64);
        h.add(r.score.to_bits());
        for (col, p) in &record {
            h.add(((col.index() as u64) << 16) | p.0 as u64);
        }
        if i == 0 {
            for (_, p) in record.iter().take(12) {
                first += &format!(" {}", vertex(Some(*p), size));
            }
        }
        if (i + 1) % BLOCK == 0 {
            let _ = write!(line, " {:016x}", h.0);
            h = Fnv::new();
        }
    }
    format!("{line} | first:{first}")
}

/// A seeded one-thread search of a fixed number of playouts from `g`: the tree's size, the
/// root's win rate, and every searched root move with its visits and win rate.
fn search_line(name: &str, g: &Game) -> String {
    let size = g.size();
    let n = if size <= 9 { 4000 } else { 1500 };
    let think = Think {
        playouts: Some(n),
        time: 1.0,
        threads: 1,
        seed: 53,
        lag: 0.0,
    };
    let mut s = TreeSearch::new(&think, SearchParams::default());
    let r = s.search(
        &Request::new(
            g,
            g.to_move(),
            Limits {
                playouts: Some(n),
                ..Limits::default()
            },
        ),
        &mut |_| {},
    );
    let mut line = format!(
        "search {name}: playouts {} nodes {} winrate {:.6} |",
        r.playouts,
        s.nodes(),
        r.winrate
    );
    for m in r.moves.iter().filter(|m| m.visits > 0) {
        let _ = write!(
            line,
            " {} {} {:.6}",
            vertex(m.mv, size),
            m.visits,
            m.winrate
        );
    }
    line
}

fn lines() -> Vec<String> {
    let mut out = Vec::new();
    for (name, g) in positions() {
        out.push(playout_line(&name, &g));
        out.push(search_line(&name, &g));
    }
    out
}

#[test]
fn seeded_playouts_and_searches_play_as_the_golden_file_says() {
    if !losses().exists() {
        panic!(
            "{} not found: ../shared must sit beside the repository",
            losses().display()
        );
    }
    let got = lines();
    let path = golden_path();
    if std::env::var_os("TENGEN_GOLDEN_WRITE").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, got.join("\n") + "\n").expect("write golden file");
        eprintln!("wrote {}", path.display());
        return;
    }
    let want = std::fs::read_to_string(&path).expect("golden file");
    let want: Vec<&str> = want.lines().collect();
    let mut bad = Vec::new();
    for (i, g) in got.iter().enumerate() {
        match want.get(i) {
            Some(w) if w == g => {}
            Some(w) => bad.push(format!("want {w}\n got {g}")),
            None => bad.push(format!("extra {g}")),
        }
    }
    if want.len() > got.len() {
        bad.push(format!("{} lines missing", want.len() - got.len()));
    }
    assert!(
        bad.is_empty(),
        "{} of {} lines differ from {}:\n{}",
        bad.len(),
        want.len(),
        path.display(),
        bad.join("\n")
    );
}
