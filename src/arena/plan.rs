//! The game plan of a match: which engines meet in each game, in which colours, from which
//! opening and with which engine seed. The plan is a pure function of the match options
//! (engines, tournament, games, openings, seed), so a resumed run and every shard of a match
//! spread over machines agree on it game by game.
//!
//! Games come in rounds: in each round every pairing plays one pair of games from the same
//! opening with colours swapped (unless `--fixed-colors`), so colour and opening cancel out
//! and the pair is the unit of the pentanomial SPRT.

use std::path::Path;

use super::judge::Judge;
use crate::board::{Color, Point, Vertex};
use crate::rules::Rules;

/// How the engines meet.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Tournament {
    /// Exactly two engines.
    Pair,
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each other one.
    Gauntlet,
}

impl Tournament {
    /// The name used on the command line and in the files.
    pub fn name(self) -> &'static str {
        match self {
            Tournament::Pair => "pair",
            Tournament::RoundRobin => "round-robin",
            Tournament::Gauntlet => "gauntlet",
        }
    }

    /// The pairings of `n` engines (by index, first engine of a pairing first), or why
    /// this tournament cannot take `n` engines.
    pub fn pairings(self, n: usize) -> Result<Vec<(usize, usize)>, String> {
        match self {
            Tournament::Pair if n != 2 => Err(format!(
                "a pair match takes exactly two --engine, not {n} (for more use --tournament \
                 round-robin or gauntlet)"
            )),
            _ if n < 2 => Err(format!("a tournament needs at least two --engine, not {n}")),
            Tournament::Pair => Ok(vec![(0, 1)]),
            Tournament::Gauntlet => Ok((1..n).map(|j| (0, j)).collect()),
            Tournament::RoundRobin => Ok((0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect()),
        }
    }
}

/// A move of an opening: a colour and a vertex (`None` is a pass).
pub type OpeningMove = (Color, Option<Vertex>);

/// The opening a game starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its index: the line (or SGF file, in name order) of `--openings` from 0, or the
    /// round of a `--random-opening`.
    pub index: usize,
    /// Its moves, played on both engines' boards before the clocks start.
    pub moves: Vec<OpeningMove>,
}

impl Opening {
    /// The moves as a move list, `B D4 W Q16 B pass`.
    pub fn text(&self) -> String {
        moves_text(&self.moves)
    }
}

/// Moves as a move list, `B D4 W Q16 B pass`.
pub fn moves_text(moves: &[OpeningMove]) -> String {
    moves
        .iter()
        .map(|(c, v)| {
            let colour = match c {
                Color::Black => "B",
                Color::White => "W",
            };
            match v {
                Some(v) => format!("{colour} {v}"),
                None => format!("{colour} pass"),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where games start.
#[derive(Clone, Debug, PartialEq)]
pub enum Openings {
    /// From the empty board (after any handicap stones).
    Empty,
    /// From the openings of a file or folder, one per round, in order, starting over when
    /// they run out.
    List(Vec<Vec<OpeningMove>>),
    /// From this many random balanced-looking moves, new ones each round.
    Random(usize),
}

/// The position games start from: size, rules, komi and handicap points.
#[derive(Clone, Debug)]
pub struct Start {
    /// Board size.
    pub size: usize,
    /// The rules that judge legality.
    pub rules: Rules,
    /// Komi.
    pub komi: f64,
    /// Black's handicap stones.
    pub handicap: Vec<Point>,
}

impl Start {
    /// A judge at the start position, handicap stones placed.
    fn judge(&self) -> Result<Judge, String> {
        let mut j = Judge::new(self.size, self.rules, self.komi)
            .ok_or_else(|| format!("board size {} is not supported", self.size))?;
        if !self.handicap.is_empty() {
            j.place_handicap(&self.handicap)
                .map_err(|e| format!("handicap stones: {e}"))?;
        }
        Ok(j)
    }

    /// The colour to move first: White after handicap stones.
    pub fn first_to_move(&self) -> Color {
        if self.handicap.is_empty() {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// Reads a move list such as `B D4 W Q16 B pass` (colour and vertex pairs, case-insensitive;
/// commas and semicolons count as blanks); `plies` keeps only the first moves.
pub fn parse_moves(text: &str) -> Result<Vec<OpeningMove>, String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    if !words.len().is_multiple_of(2) {
        return Err("expected colour and vertex pairs such as `B D4 W Q16`".into());
    }
    words
        .chunks(2)
        .map(|pair| {
            let colour = match pair[0].to_ascii_lowercase().as_str() {
                "b" | "black" => Color::Black,
                "w" | "white" => Color::White,
                other => return Err(format!("{other:?} is not a colour (B or W)")),
            };
            let vertex = if pair[1].eq_ignore_ascii_case("pass") {
                None
            } else {
                Some(
                    pair[1]
                        .parse::<Vertex>()
                        .map_err(|_| format!("{:?} is not a vertex", pair[1]))?,
                )
            };
            Ok((colour, vertex))
        })
        .collect()
}

/// Checks that `moves` can be played from `start` under its rules (colours in turn, every
/// move legal) and does not end the game.
pub fn check_opening(start: &Start, moves: &[OpeningMove]) -> Result<(), String> {
    let mut j = start.judge()?;
    let mut to_move = start.first_to_move();
    for (i, &(c, v)) in moves.iter().enumerate() {
        if c != to_move {
            return Err(format!(
                "move {} is {c:?}'s, but {to_move:?} is to play",
                i + 1
            ));
        }
        let p = match v {
            None => None,
            Some(v) => Some(v.to_point(start.size).ok_or_else(|| {
                format!("move {} ({v}) is off the {1}x{1} board", i + 1, start.size)
            })?),
        };
        j.play(c, p).map_err(|e| {
            format!(
                "move {} ({}) is illegal: {e:?}",
                i + 1,
                moves_text(&[(c, v)])
            )
        })?;
        if j.is_over() {
            return Err(format!("the game is over after move {}", i + 1));
        }
        to_move = c.opponent();
    }
    Ok(())
}

/// Reads `--openings PATH`: a file with one move list per line (blank lines and lines
/// starting with `#` skipped), or a folder whose `.sgf` files (in name order) each give the
/// main line of one game. `plies` keeps only the first moves of each. Every opening is
/// checked against `start`; the error names the line or file.
pub fn read_openings(
    path: &Path,
    plies: Option<usize>,
    start: &Start,
) -> Result<Vec<Vec<OpeningMove>>, String> {
    let cut = |mut m: Vec<OpeningMove>| {
        if let Some(n) = plies {
            m.truncate(n);
        }
        m
    };
    let mut out = Vec::new();
    if path.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
            .collect();
        files.sort();
        for f in files {
            let bad = |e: String| format!("{}: {e}", f.display());
            let bytes =
                crate::files::read(&f, crate::files::SGF).map_err(|e| bad(e.to_string()))?;
            let text = String::from_utf8_lossy(&bytes);
            let rec = crate::sgf::parse(&text).map_err(|e| bad(e.to_string()))?;
            if rec.size != start.size {
                return Err(bad(format!(
                    "a {0}x{0} game, the match is on {1}x{1}",
                    rec.size, start.size
                )));
            }
            if !rec.setup_black.is_empty() || !rec.setup_white.is_empty() {
                return Err(bad(
                    "setup stones (AB/AW) are not taken as an opening; use --handicap for \
                     handicap stones"
                        .into(),
                ));
            }
            let moves = cut(rec.moves);
            check_opening(start, &moves).map_err(bad)?;
            out.push(moves);
        }
    } else {
        let text = crate::files::read_text(path, crate::files::TEXT)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |e: String| format!("{} line {}: {e}", path.display(), n + 1);
            let moves = cut(parse_moves(line).map_err(bad)?);
            check_opening(start, &moves).map_err(bad)?;
            out.push(moves);
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no openings in it", path.display()));
    }
    Ok(out)
}

/// SplitMix64: a well-mixed 64-bit hash; the plan's only source of randomness, so that it
/// never changes with a dependency's version.
pub fn splitmix64(x: u64) -> u64 {
    crate::board::zobrist::splitmix(x).1
}

/// The engine seed of game `number` of a match with seed `base`: below 2^31, so that every
/// engine's `--seed` takes it.
pub fn game_seed(base: u64, number: usize) -> u64 {
    splitmix64(base ^ splitmix64(number as u64)) % (1 << 31)
}

/// Whether playing leaves every chain on the board with two liberties or more and captured
/// nothing: the test of a balanced-looking random opening move.
fn quiet_move(j: &Judge, c: Color, p: Point) -> bool {
    let mut after = j.clone();
    if after.play(c, Some(p)).is_err() {
        return false;
    }
    let b = after.board();
    let before = j.board().stone_counts();
    let now = b.stone_counts();
    if now[c.opponent().index()] < before[c.opponent().index()] {
        return false;
    }
    b.points()
        .into_iter()
        .all(|q| b.color_at(q).is_none() || b.lib_count(q) >= 2)
}

/// How far `v` is from the nearest edge of a `size` board: 0 on the first line.
fn edge_distance(v: Vertex, size: usize) -> usize {
    let (x, y) = (v.x as usize, v.y as usize);
    [x, y, size.saturating_sub(1 + x), size.saturating_sub(1 + y)]
        .into_iter()
        .min()
        .unwrap_or(0)
}

/// `n` random moves from `start` (colours in turn), none on the first two lines, none that
/// captures or leaves a chain in atari; fewer when no such move is left. Deterministic in
/// `seed`.
pub fn random_opening(start: &Start, n: usize, seed: u64) -> Result<Vec<OpeningMove>, String> {
    let mut j = start.judge()?;
    let size = start.size;
    let mut c = start.first_to_move();
    let mut state = seed;
    let mut moves = Vec::with_capacity(n);
    for _ in 0..n {
        let candidates: Vec<Point> = j
            .board()
            .points()
            .into_iter()
            .filter(|&p| {
                edge_distance(p.vertex(size), size) >= 2
                    && j.board().is_empty_point(p)
                    && quiet_move(&j, c, p)
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        state = splitmix64(state);
        let p = candidates[(state % candidates.len() as u64) as usize];
        if j.play(c, Some(p)).is_err() {
            break;
        }
        moves.push((c, Some(p.vertex(size))));
        c = c.opponent();
    }
    Ok(moves)
}

/// One game of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Scheduled {
    /// The game's number, from 1.
    pub number: usize,
    /// The round: games of one pairing in the same round form a pair (same opening, colours
    /// swapped).
    pub round: usize,
    /// Black's engine (index into the engines).
    pub black: usize,
    /// White's engine.
    pub white: usize,
    /// The engine seed (`{seed}` in engine commands).
    pub seed: u64,
    /// The opening, if any.
    pub opening: Option<Opening>,
}

/// Everything the plan depends on.
#[derive(Clone, Debug)]
pub struct PlanSpec {
    /// Number of engines.
    pub engines: usize,
    /// How they meet.
    pub tournament: Tournament,
    /// Games per pairing.
    pub games: usize,
    /// The engine that takes Black first in each pairing: 0 the pairing's first, 1 its
    /// second.
    pub first_black: usize,
    /// Whether colours alternate (in pairs) or stay as in the first game.
    pub alternate: bool,
    /// Where games start.
    pub openings: Openings,
    /// The match seed (`--seed`, 0 without).
    pub seed: u64,
}

/// The whole plan, game by game in number order: round by round, in each round every
/// pairing's pair of games.
pub fn schedule(spec: &PlanSpec, start: &Start) -> Result<Vec<Scheduled>, String> {
    let pairings = spec.tournament.pairings(spec.engines)?;
    let rounds = spec.games.div_ceil(2);
    let mut out = Vec::new();
    for round in 0..rounds {
        let opening = match &spec.openings {
            Openings::Empty => None,
            Openings::List(list) if list.is_empty() => None,
            Openings::List(list) => Some(Opening {
                index: round % list.len(),
                moves: list[round % list.len()].clone(),
            }),
            Openings::Random(n) => Some(Opening {
                index: round,
                moves: random_opening(
                    start,
                    *n,
                    splitmix64(spec.seed ^ 0x6f70_656e) ^ round as u64,
                )?,
            }),
        };
        for &(a, b) in &pairings {
            let (first, second) = if spec.first_black == 0 {
                (a, b)
            } else {
                (b, a)
            };
            for g in 0..2 {
                if 2 * round + g >= spec.games {
                    break;
                }
                let (black, white) = if g == 1 && spec.alternate {
                    (second, first)
                } else {
                    (first, second)
                };
                let number = out.len() + 1;
                out.push(Scheduled {
                    number,
                    round,
                    black,
                    white,
                    seed: game_seed(spec.seed, number),
                    opening: opening.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// Which games a shard plays: `--shard K/N`, the games whose index (number - 1) is K
/// modulo N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// Shards in all.
    pub count: usize,
}

impl Shard {
    /// Reads `K/N` (0 <= K < N).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text}: expected K/N with 0 <= K < N, e.g. 0/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether game `number` (from 1; a 0 read from a damaged file belongs to no shard)
    /// belongs to this shard.
    pub fn has(&self, number: usize) -> bool {
        number
            .checked_sub(1)
            .is_some_and(|i| i % self.count == self.index)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn start(size: usize) -> Start {
        Start {
            size,
            rules: Rules::preset(Preset::Chinese),
            komi: 7.5,
            handicap: Vec::new(),
        }
    }

    fn spec(engines: usize, tournament: Tournament, games: usize) -> PlanSpec {
        PlanSpec {
            engines,
            tournament,
            games,
            first_black: 0,
            alternate: true,
            openings: Openings::Empty,
            seed: 0,
        }
    }

    #[test]
    fn pairings_of_each_tournament() {
        assert_eq!(Tournament::Pair.pairings(2), Ok(vec![(0, 1)]));
        assert!(Tournament::Pair.pairings(3).is_err());
        assert!(Tournament::Gauntlet.pairings(1).is_err());
        assert_eq!(Tournament::Gauntlet.pairings(3), Ok(vec![(0, 1), (0, 2)]));
        assert_eq!(
            Tournament::RoundRobin.pairings(4),
            Ok(vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)])
        );
    }

    #[test]
    fn pair_match_alternates_colours_in_pairs() {
        let plan = schedule(&spec(2, Tournament::Pair, 5), &start(9)).expect("plan");
        let colours: Vec<(usize, usize, usize)> =
            plan.iter().map(|g| (g.round, g.black, g.white)).collect();
        assert_eq!(
            colours,
            vec![(0, 0, 1), (0, 1, 0), (1, 0, 1), (1, 1, 0), (2, 0, 1)]
        );
        assert_eq!(
            plan.iter().map(|g| g.number).collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5]
        );
        let mut fixed = spec(2, Tournament::Pair, 4);
        fixed.alternate = false;
        fixed.first_black = 1;
        let plan = schedule(&fixed, &start(9)).expect("plan");
        assert!(plan.iter().all(|g| g.black == 1 && g.white == 0));
    }

    #[test]
    fn gauntlet_interleaves_pairings_round_by_round() {
        let plan = schedule(&spec(3, Tournament::Gauntlet, 4), &start(9)).expect("plan");
        let games: Vec<(usize, usize)> = plan.iter().map(|g| (g.black, g.white)).collect();
        assert_eq!(
            games,
            vec![
                (0, 1),
                (1, 0),
                (0, 2),
                (2, 0),
                (0, 1),
                (1, 0),
                (0, 2),
                (2, 0)
            ]
        );
    }

    #[test]
    fn seeds_are_distinct_and_a_pure_function_of_the_options() {
        let a = schedule(&spec(2, Tournament::Pair, 50), &start(9)).expect("plan");
        let b = schedule(&spec(2, Tournament::Pair, 50), &start(9)).expect("plan");
        assert_eq!(a, b);
        let seeds: std::collections::BTreeSet<u64> = a.iter().map(|g| g.seed).collect();
        assert_eq!(seeds.len(), 50);
        assert!(seeds.iter().all(|&s| s < 1 << 31));
        let mut other = spec(2, Tournament::Pair, 50);
        other.seed = 7;
        let c = schedule(&other, &start(9)).expect("plan");
        assert_ne!(a[0].seed, c[0].seed);
    }

    #[test]
    fn move_lists_parse_and_check() {
        let m = parse_moves("B D4 w q16, b pass").expect("parses");
        assert_eq!(m.len(), 3);
        assert_eq!(moves_text(&m), "B D4 W Q16 B pass");
        assert!(parse_moves("B D4 W").is_err());
        assert!(parse_moves("X D4").is_err());
        assert!(parse_moves("B Z99").is_err());
        let s = start(19);
        assert_eq!(check_opening(&s, &m), Ok(()));
        let twice = parse_moves("B D4 W D4").expect("parses");
        assert!(check_opening(&s, &twice).is_err());
        let out_of_turn = parse_moves("B D4 B Q16").expect("parses");
        assert!(check_opening(&s, &out_of_turn).is_err());
        let off = parse_moves("B T19").expect("parses");
        assert!(check_opening(&start(9), &off).is_err());
        let both_pass = parse_moves("B pass W pass").expect("parses");
        assert!(check_opening(&s, &both_pass).is_err());
    }

    #[test]
    fn random_openings_are_quiet_and_off_the_edge() {
        for size in [9, 13, 19] {
            let s = start(size);
            for seed in 0..20 {
                let moves = random_opening(&s, 8, seed).expect("opening");
                assert_eq!(moves.len(), 8);
                assert_eq!(check_opening(&s, &moves), Ok(()));
                let mut j = s.judge().expect("judge");
                for (i, &(c, v)) in moves.iter().enumerate() {
                    assert_eq!(
                        c,
                        if i % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        }
                    );
                    let v = v.expect("no pass");
                    let line = edge_distance(v, size);
                    assert!(line >= 2, "{v} on the line {}", line + 1);
                    let p = v.to_point(size).expect("on board");
                    assert!(quiet_move(&j, c, p));
                    j.play(c, Some(p)).expect("legal");
                }
            }
            let a = random_opening(&s, 6, 1).expect("opening");
            assert_eq!(a, random_opening(&s, 6, 1).expect("opening"));
            assert_ne!(a, random_opening(&s, 6, 2).expect("opening"));
        }
        // nothing off the first two lines on 4x4: no moves, no panic
        assert_eq!(random_opening(&start(4), 5, 3), Ok(vec![]));
    }

    #[test]
    fn random_openings_after_handicap_start_with_white() {
        let mut s = start(9);
        s.handicap = crate::rules::Game::fixed_handicap_points(9, 2).unwrap_or_default();
        let moves = random_opening(&s, 4, 9).expect("opening");
        assert_eq!(moves.first().map(|m| m.0), Some(Color::White));
        assert_eq!(check_opening(&s, &moves), Ok(()));
    }

    #[test]
    fn openings_repeat_per_round_with_colours_swapped() {
        let mut sp = spec(2, Tournament::Pair, 6);
        let list = vec![
            parse_moves("B E5").expect("parses"),
            parse_moves("B C3 W G7").expect("parses"),
        ];
        sp.openings = Openings::List(list.clone());
        let plan = schedule(&sp, &start(9)).expect("plan");
        let idx: Vec<usize> = plan
            .iter()
            .map(|g| g.opening.as_ref().map_or(99, |o| o.index))
            .collect();
        assert_eq!(idx, vec![0, 0, 1, 1, 0, 0]);
        assert_eq!(
            plan[2].opening.as_ref().map(|o| o.moves.clone()),
            Some(list[1].clone())
        );
        sp.openings = Openings::Random(4);
        let plan = schedule(&sp, &start(9)).expect("plan");
        assert_eq!(plan[0].opening, plan[1].opening);
        assert_ne!(plan[0].opening, plan[2].opening);
    }

    #[test]
    fn shards_split_the_games() {
        assert_eq!(Shard::parse("1/3"), Ok(Shard { index: 1, count: 3 }));
        for bad in ["3/3", "1", "a/2", "0/0", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let shards: Vec<Shard> = (0..3).map(|k| Shard { index: k, count: 3 }).collect();
        for n in 1..=20 {
            assert_eq!(shards.iter().filter(|s| s.has(n)).count(), 1);
        }
        assert!(shards[0].has(1) && shards[1].has(2) && shards[0].has(4));
        assert!(shards.iter().all(|s| !s.has(0)));
    }

    #[test]
    fn opening_files_and_sgf_folders() {
        let dir = std::env::temp_dir().join(format!("tengen-openings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sgf")).expect("dir");
        let file = dir.join("openings.txt");
        std::fs::write(&file, "# two openings\nB E5 W C3\n\nB D4 W F6 B C7\n").expect("write");
        let s = start(9);
        let list = read_openings(&file, None, &s).expect("reads");
        assert_eq!(list.len(), 2);
        assert_eq!(
            read_openings(&file, Some(1), &s).expect("reads")[1].len(),
            1
        );
        std::fs::write(&file, "B E5 W E5\n").expect("write");
        let e = read_openings(&file, None, &s).err().unwrap_or_default();
        assert!(e.contains("line 1"), "{e}");
        std::fs::write(dir.join("sgf/a.sgf"), "(;GM[1]SZ[9];B[ee];W[cc];B[gg])").expect("write");
        std::fs::write(dir.join("sgf/b.sgf"), "(;GM[1]SZ[9];B[cg])").expect("write");
        let list = read_openings(&dir.join("sgf"), Some(2), &s).expect("reads");
        assert_eq!(list.len(), 2);
        assert_eq!(moves_text(&list[0]), "B E5 W C7");
        std::fs::write(dir.join("sgf/c.sgf"), "(;GM[1]SZ[19];B[dd])").expect("write");
        let e = read_openings(&dir.join("sgf"), None, &s)
            .err()
            .unwrap_or_default();
        assert!(e.contains("c.sgf"), "{e}");
        assert!(read_openings(&dir.join("missing"), None, &s).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
