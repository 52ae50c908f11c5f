//! Game records for learning: the Tom line format of `../shared/data/tom-9d` (`ID<TAB>;B[pd];W[pp]...`,
//! one game per line) and SGF files, read from a file or a folder (recursively, in name
//! order), then replayed position by position. A damaged game (bad syntax, an illegal move,
//! a board above 19x19) is skipped and counted, never fatal.

use crate::board::{Board19, Color, Point, Vertex};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One game as text, before parsing.
#[derive(Clone, Debug, PartialEq)]
pub struct RawGame {
    /// Where it came from: `file:line` or the SGF file.
    pub name: String,
    /// The text: a Tom line, or a whole SGF file.
    pub text: String,
    /// Whether `text` is SGF.
    pub sgf: bool,
}

/// A parsed game: board size, setup stones and moves (`None`: pass).
#[derive(Clone, Debug, PartialEq)]
pub struct Moves {
    /// Board size.
    pub size: usize,
    /// Setup stones (handicap) as (colour, point).
    pub setup: Vec<(Color, Point)>,
    /// The moves in order.
    pub moves: Vec<(Color, Option<Point>)>,
}

/// The records under `path` for a builder that rates on the newest `holdout` games: all
/// of them and the index where the held-out ones begin. An error when there are none, or
/// when every game would be held out.
pub fn read_with_holdout(path: &Path, holdout: usize) -> Result<(Vec<RawGame>, usize), String> {
    let raw = read_all(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if raw.is_empty() {
        return Err(format!("{}: no game records", path.display()));
    }
    let split = raw.len().saturating_sub(holdout);
    if split == 0 {
        return Err(format!(
            "{} games, all of them in the holdout of {holdout}",
            raw.len()
        ));
    }
    Ok((raw, split))
}

/// `n` of `d` in percent with one decimal (0 when `d` is 0), for builders' summaries.
pub fn percent(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        (1000.0 * n as f64 / d as f64).round() / 10.0
    }
}

/// Every game under `path` (a file or a folder), in file-name order and line order. Files
/// ending in `.sgf` hold one SGF game; other files hold Tom lines (blank lines skipped).
/// Files named `README*`, `index*` or starting with a dot, and files that are not text
/// (holding NUL bytes), are not records.
pub fn read_all(path: &Path) -> io::Result<Vec<RawGame>> {
    let mut files = vec![];
    collect_files(path, &mut files)?;
    let mut games = vec![];
    for f in files {
        let bytes = crate::files::read(&f, crate::files::RECORDS)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", f.display())))?;
        if bytes.contains(&0) {
            // not text (a pattern file written beside the records, an archive): no games
            log::debug!("{}: not a text file, skipped", f.display());
            continue;
        }
        let text = String::from_utf8_lossy(&bytes);
        let shown = f.display().to_string();
        if is_sgf(&f) {
            games.push(RawGame {
                name: shown,
                text: text.into_owned(),
                sgf: true,
            });
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if !line.trim().is_empty() {
                games.push(RawGame {
                    name: format!("{shown}:{}", i + 1),
                    text: line.to_string(),
                    sgf: false,
                });
            }
        }
    }
    Ok(games)
}

fn is_sgf(f: &Path) -> bool {
    f.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

fn collect_files(path: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    if path.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = fs::read_dir(path)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for e in entries {
        let name = e
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        if name.starts_with('.') || name.starts_with("readme") || name.starts_with("index") {
            continue;
        }
        if e.is_dir() {
            collect_files(&e, out)?;
        } else {
            out.push(e);
        }
    }
    Ok(())
}

impl RawGame {
    /// Parses the game; the error says why it is damaged. Moves are checked for syntax
    /// only: [`Moves::replay`] checks legality.
    pub fn parse(&self) -> Result<Moves, String> {
        if self.sgf {
            parse_sgf(&self.text)
        } else {
            parse_tom(&self.text)
        }
    }
}

/// An SGF coordinate pair (`pd`, `aa` the upper left) on a `size` board; `None` for a
/// pass (`""`, or `tt` up to 19x19).
fn sgf_point(s: &str, size: usize) -> Result<Option<Point>, String> {
    if s.is_empty() || (s == "tt" && size <= 19) {
        return Ok(None);
    }
    let b = s.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return Err(format!("bad coordinate '{s}'"));
    }
    let (x, y) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
    if x >= size || y >= size {
        return Err(format!("coordinate '{s}' off the board"));
    }
    Ok(Some(Point::new(x, size - 1 - y, size)))
}

/// A Tom line: `ID<TAB>;B[pd];W[pp]...` on 19x19.
fn parse_tom(line: &str) -> Result<Moves, String> {
    let body = line.split_once('\t').map_or(line, |(_, b)| b).trim();
    let mut moves = vec![];
    for node in body.split(';').map(str::trim).filter(|n| !n.is_empty()) {
        let color = match node.as_bytes().first() {
            Some(b'B') => Color::Black,
            Some(b'W') => Color::White,
            _ => return Err(format!("bad move '{node}'")),
        };
        let coord = node
            .get(1..)
            .and_then(|r| r.strip_prefix('['))
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(|| format!("bad move '{node}'"))?;
        moves.push((color, sgf_point(coord, 19)?));
    }
    if moves.is_empty() {
        return Err("no moves".into());
    }
    Ok(Moves {
        size: 19,
        setup: vec![],
        moves,
    })
}

fn parse_sgf(text: &str) -> Result<Moves, String> {
    let rec = crate::sgf::parse(text).map_err(|e| e.to_string())?;
    let size = rec.size;
    if !Board19::fits(size) {
        return Err(format!("board {size}x{size} above 19x19"));
    }
    let point = |v: &Vertex| v.to_point(size).ok_or_else(|| format!("{v} off the board"));
    let mut setup = vec![];
    for v in &rec.setup_black {
        setup.push((Color::Black, point(v)?));
    }
    for v in &rec.setup_white {
        setup.push((Color::White, point(v)?));
    }
    let moves = rec
        .moves
        .iter()
        .map(|(c, v)| Ok((*c, v.as_ref().map(point).transpose()?)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Moves { size, setup, moves })
}

/// One position of a replayed game, before its move is played.
pub struct Position<'a> {
    /// The board.
    pub board: &'a Board19,
    /// The side to move.
    pub color: Color,
    /// The move played (`None`: pass).
    pub played: Option<Point>,
    /// The last move and the one before it (`None`: pass or none).
    pub last: [Option<Point>; 2],
    /// Whether the last move was a pass.
    pub last_passed: bool,
    /// Index of the move in the game, from 0.
    pub number: usize,
}

impl Moves {
    /// Replays the game, calling `f` with every position before its move is played; an
    /// illegal move (occupied, suicide, simple ko) ends it with an error.
    pub fn replay(&self, mut f: impl FnMut(&Position)) -> Result<(), String> {
        let mut b = Board19::new(self.size).ok_or("bad board size")?;
        for &(c, p) in &self.setup {
            if !b.set_point(p, Some(c)) {
                return Err("bad setup".into());
            }
        }
        let mut last = [None, None];
        let mut last_passed = false;
        for (number, &(color, played)) in self.moves.iter().enumerate() {
            f(&Position {
                board: &b,
                color,
                played,
                last,
                last_passed,
                number,
            });
            match played {
                Some(p) => {
                    b.try_play(color, p)
                        .map_err(|e| format!("move {} illegal ({e})", number + 1))?;
                }
                None => b.pass(),
            }
            last = [played, last[0]];
            last_passed = played.is_none();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str, sgf: bool) -> RawGame {
        RawGame {
            name: "t".into(),
            text: text.into(),
            sgf,
        }
    }

    #[test]
    fn tom_lines_parse_and_replay() {
        let g = raw("123\t;B[pd];W[dp];B[];W[tt];B[aa]", false)
            .parse()
            .unwrap();
        assert_eq!(g.moves.len(), 5);
        assert_eq!(g.moves[0], (Color::Black, Some(Point::new(15, 15, 19))));
        assert_eq!(g.moves[2].1, None);
        assert_eq!(g.moves[3].1, None);
        assert_eq!(g.moves[4].1, Some(Point::new(0, 18, 19)));
        let mut seen = vec![];
        g.replay(|p| seen.push((p.number, p.last, p.last_passed)))
            .unwrap();
        assert_eq!(seen.len(), 5);
        assert_eq!(seen[1].1[0], Some(Point::new(15, 15, 19)));
        assert!(seen[3].2 && seen[4].2);
        assert_eq!(seen[4].1, [None, None]);
    }

    #[test]
    fn damaged_games_are_errors() {
        for bad in [
            "1\t;B[pd];X[dd]",
            "1\t;B[zz]",
            "1\t;B[pd",
            "1\t",
            "1\t;B[p]",
        ] {
            assert!(raw(bad, false).parse().is_err(), "{bad}");
        }
        // parses, but the second move is on an occupied point
        let g = raw("1\t;B[pd];W[pd]", false).parse().unwrap();
        assert!(g.replay(|_| {}).is_err());
        assert!(raw("(;GM[1]SZ[25];B[aa])", true).parse().is_err());
        assert!(raw("(;GM[1]SZ[9];B[aa", true).parse().is_err());
    }

    #[test]
    fn sgf_with_setup_stones() {
        let g = raw("(;GM[1]SZ[9]AB[cc][gg];W[ee];B[])", true)
            .parse()
            .unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.setup.len(), 2);
        let mut colours = vec![];
        g.replay(|p| colours.push((p.color, p.board.color_at(Point::new(2, 6, 9)))))
            .unwrap();
        assert_eq!(
            colours,
            vec![(Color::White, Some(Color::Black)); 1]
                .into_iter()
                .chain([(Color::Black, Some(Color::Black))])
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn folders_are_read_in_name_order_without_readmes() {
        let dir = std::env::temp_dir().join(format!("tengen-records-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("kifu")).unwrap();
        fs::write(dir.join("README.md"), "not a game\n").unwrap();
        fs::write(dir.join("index.tsv"), "1\tx\n").unwrap();
        fs::write(dir.join("kifu/2004-01"), "3\t;B[aa]\n\n4\t;B[bb]\n").unwrap();
        fs::write(dir.join("kifu/2003-12"), "1\t;B[cc]\n").unwrap();
        fs::write(dir.join("kifu/x.sgf"), "(;GM[1];B[dd])").unwrap();
        fs::write(dir.join("kifu/y.bin"), b"TGNPAT01\x08\x00\x00\x00").unwrap();
        let games = read_all(&dir).unwrap();
        let names: Vec<_> = games
            .iter()
            .map(|g| g.text.chars().next().unwrap())
            .collect();
        assert_eq!(names, vec!['1', '3', '4', '(']);
        assert!(games[2].name.ends_with("2004-01:3"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
