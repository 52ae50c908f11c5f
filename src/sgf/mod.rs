//! SGF game records: a neutral [`GameRecord`] read with the `sgf-parse` crate and written by
//! hand, plus conversions to and from [`crate::rules::Game`] (in `game.rs`).
//!
//! Only the main line is kept; unknown properties are ignored; FF\[3\] passes (`tt` on boards
//! up to 19x19) are understood.

mod date;
mod game;

pub use date::today;
pub use game::mark_count;

use crate::board::{Color, IllegalMove, Vertex, MAX_SIZE};
use sgf_parse::go::{self, Prop};
use std::fmt;

/// One game as SGF stores it (main line only). Coordinates are GTP vertices; pass is `None`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameRecord {
    /// SZ (19 when absent).
    pub size: usize,
    /// KM (0 when absent).
    pub komi: f64,
    /// RU, as written.
    pub rules: Option<String>,
    /// HA (0 when absent); the stones themselves are in `setup_black`.
    pub handicap: usize,
    /// PB.
    pub black_name: Option<String>,
    /// PW.
    pub white_name: Option<String>,
    /// RE, e.g. `B+3.5`, `W+R`, `B+F`, `0`.
    pub result: Option<String>,
    /// DT.
    pub date: Option<String>,
    /// EV.
    pub event: Option<String>,
    /// GC: a comment on the whole game.
    pub comment: Option<String>,
    /// TM: main time in seconds.
    pub time_limit: Option<f64>,
    /// OT: the overtime, in words (`5x30 byo-yomi`, `25/600 Canadian`).
    pub overtime: Option<String>,
    /// AB before the first move.
    pub setup_black: Vec<Vertex>,
    /// AW before the first move.
    pub setup_white: Vec<Vertex>,
    /// AE before the first move.
    pub setup_empty: Vec<Vertex>,
    /// PL before the first move.
    pub to_play: Option<Color>,
    /// The moves of the main line; `None` is a pass.
    pub moves: Vec<(Color, Option<Vertex>)>,
    /// TB on the last node: Black's points of the count (its territory and the dead White
    /// stones in it), so that viewers show the count; written only (see [`mark_count`]).
    pub territory_black: Vec<Vertex>,
    /// TW on the last node: White's points of the count.
    pub territory_white: Vec<Vertex>,
    /// C on the last node: the verdict in words (the dead stones).
    pub end_comment: Option<String>,
}

/// Why an SGF text could not be read (or replayed).
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The text is not well-formed SGF.
    Syntax(String),
    /// The file holds no game.
    NoGame,
    /// The game is not Go (GM other than 1).
    NotGo,
    /// The board is not square or outside 2..=25.
    BadSize(String),
    /// A point lies outside the board.
    BadPoint(String),
    /// Setup stones after the first move, or setup the rules refuse.
    Setup(String),
    /// A move of the record is illegal (1-based move number and reason).
    IllegalMove {
        /// 1-based move number.
        number: usize,
        /// Why it is illegal.
        why: IllegalMove,
    },
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Syntax(s) => write!(f, "SGF syntax error: {s}"),
            SgfError::NoGame => f.write_str("no game in SGF"),
            SgfError::NotGo => f.write_str("not a game of Go"),
            SgfError::BadSize(s) => write!(f, "bad board size {s}"),
            SgfError::BadPoint(s) => write!(f, "point off the board: {s}"),
            SgfError::Setup(s) => write!(f, "bad setup: {s}"),
            SgfError::IllegalMove { number, why } => write!(f, "move {number} is illegal: {why}"),
        }
    }
}

impl std::error::Error for SgfError {}

impl GameRecord {
    /// An empty record of a `size` board with `komi`.
    pub fn new(size: usize, komi: f64) -> GameRecord {
        GameRecord {
            size,
            komi,
            ..GameRecord::default()
        }
    }
}

fn simple(t: &sgf_parse::SimpleText) -> String {
    t.text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

fn color_of(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// The GTP vertex of an SGF point (`aa` is the top-left corner) on a `size` board.
fn vertex_of(p: &go::Point, size: usize) -> Result<Vertex, SgfError> {
    let (x, y) = (p.x as usize, p.y as usize);
    if x >= size || y >= size {
        return Err(SgfError::BadPoint(format!(
            "{}{}",
            (b'a' + p.x.min(25)) as char,
            (b'a' + p.y.min(25)) as char
        )));
    }
    Ok(Vertex {
        x: x as u8,
        y: (size - 1 - y) as u8,
    })
}

fn sorted_vertices(
    set: &std::collections::HashSet<go::Point>,
    size: usize,
) -> Result<Vec<Vertex>, SgfError> {
    let mut v = set
        .iter()
        .map(|p| vertex_of(p, size))
        .collect::<Result<Vec<_>, _>>()?;
    v.sort_by_key(|v| (v.y, v.x));
    Ok(v)
}

fn number(values: &[String]) -> Option<f64> {
    let s = values.first()?.trim().replace(',', ".");
    s.parse::<f64>().ok().filter(|k| k.is_finite())
}

/// Most nodes and nesting accepted: the parsing crate builds and drops trees recursively.
const MAX_NODES: usize = 200_000;
const MAX_DEPTH: usize = 10_000;

/// The first complete game tree of `text`: from the first `(` that opens a node to its
/// matching `)`, so that a byte-order mark, a header before it or junk after it do not matter.
/// `None` when there is none, or it is absurdly large or deep.
fn first_tree(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let start = (0..b.len()).find(|&i| {
        b[i] == b'(' && b[i + 1..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b';')
    })?;
    let (mut depth, mut nodes, mut in_value, mut escaped) = (0usize, 0usize, false, false);
    for (i, &c) in b.iter().enumerate().skip(start) {
        if in_value {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'[' => in_value = true,
            b';' => {
                nodes += 1;
                if nodes > MAX_NODES {
                    return None;
                }
            }
            b'(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return None;
                }
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return text.get(start..=i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Reads the first game of an SGF text: root properties, setup before the first move and the
/// moves of the main line.
pub fn parse(text: &str) -> Result<GameRecord, SgfError> {
    let tree = first_tree(text).ok_or_else(|| SgfError::Syntax("no complete game tree".into()))?;
    let trees = sgf_parse::parse(tree).map_err(|e| SgfError::Syntax(format!("{e:?}")))?;
    let tree = trees.into_iter().next().ok_or(SgfError::NoGame)?;
    let root = tree.into_go_node().map_err(|_| SgfError::NotGo)?;
    let mut rec = GameRecord::new(19, 0.0);
    // board size first: points depend on it
    match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) => {
            if w != h || (*w as usize) < 2 || (*w as usize) > MAX_SIZE {
                return Err(SgfError::BadSize(format!("{w}x{h}")));
            }
            rec.size = *w as usize;
        }
        Some(Prop::Invalid(_, v)) => return Err(SgfError::BadSize(v.join(":"))),
        _ => {}
    }
    let size = rec.size;
    let mut moved = false;
    for node in root.main_variation() {
        for prop in node.properties() {
            match prop {
                Prop::GM(g) if *g != 1 => return Err(SgfError::NotGo),
                Prop::KM(k) if k.is_finite() => rec.komi = *k,
                Prop::Invalid(id, v) if id == "KM" => {
                    rec.komi = number(v).unwrap_or(0.0);
                }
                Prop::HA(h) => rec.handicap = (*h).clamp(0, 1000) as usize,
                Prop::RU(t) => rec.rules = Some(simple(t)),
                Prop::PB(t) => rec.black_name = Some(simple(t)),
                Prop::PW(t) => rec.white_name = Some(simple(t)),
                Prop::RE(t) => rec.result = Some(simple(t)),
                Prop::DT(t) => rec.date = Some(simple(t)),
                Prop::EV(t) => rec.event = Some(simple(t)),
                Prop::GC(t) => rec.comment = Some(t.text.clone()),
                Prop::TM(t) if t.is_finite() => rec.time_limit = Some(*t),
                Prop::OT(t) => rec.overtime = Some(simple(t)),
                Prop::AB(s) | Prop::AW(s) | Prop::AE(s) if moved => {
                    let _ = s;
                    return Err(SgfError::Setup(
                        "setup stones after the first move are not supported".into(),
                    ));
                }
                Prop::AB(s) => rec.setup_black.extend(sorted_vertices(s, size)?),
                Prop::AW(s) => rec.setup_white.extend(sorted_vertices(s, size)?),
                Prop::AE(s) => rec.setup_empty.extend(sorted_vertices(s, size)?),
                Prop::PL(c) if !moved => rec.to_play = Some(color_of(c)),
                Prop::B(m) | Prop::W(m) => {
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let v = match m {
                        go::Move::Pass => None,
                        go::Move::Move(p) if size <= 19 && p.x == 19 && p.y == 19 => None,
                        go::Move::Move(p) => Some(vertex_of(p, size)?),
                    };
                    rec.moves.push((color, v));
                    moved = true;
                }
                Prop::Invalid(id, v) if id == "B" || id == "W" => {
                    return Err(SgfError::BadPoint(format!("{id}[{}]", v.join("]["))));
                }
                _ => {}
            }
        }
    }
    Ok(rec)
}

/// Escapes a text value for SGF (`\` and `]`).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The SGF coordinate of a vertex on a `size` board.
fn sgf_point(v: Vertex, size: usize) -> String {
    let x = v.x as usize;
    let y = size.saturating_sub(1 + v.y as usize);
    let letter = |i: usize| -> char {
        if i < 26 {
            (b'a' + i as u8) as char
        } else {
            (b'A' + (i - 26).min(25) as u8) as char
        }
    };
    format!("{}{}", letter(x), letter(y))
}

fn komi_text(k: f64) -> String {
    format!("{k}")
}

/// Properties and variations added to one node of a record by [`write_annotated`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notes {
    /// Properties of the node as (identifier, text); the text is escaped on writing.
    pub props: Vec<(String, String)>,
    /// Lines played instead of this node's move: siblings of the move's node.
    pub variations: Vec<Variation>,
}

/// A line of moves written as a variation, with properties on its first node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Variation {
    /// The moves; `None` is a pass.
    pub moves: Vec<(Color, Option<Vertex>)>,
    /// Properties of the first node as (identifier, text).
    pub props: Vec<(String, String)>,
}

/// The properties `props` as SGF text, values escaped.
fn props_text(props: &[(String, String)]) -> String {
    props
        .iter()
        .map(|(id, v)| format!("{id}[{}]", escape(v)))
        .collect()
}

/// Writes a record as an FF\[4\] SGF text (one game, moves one per node).
pub fn write(rec: &GameRecord) -> String {
    write_annotated(rec, &[])
}

/// Writes a record as [`write`] does, with `notes[0]` added to the root node and `notes[i]`
/// to the node of move `i` (missing entries add nothing; the variations of the root are
/// ignored). A move with variations opens a branch: the main line goes on in the first one,
/// then comes each variation, as siblings of the move. The caller must not give a property
/// the writer writes itself on that node (the root's, and `C` on the last node when the
/// record has an end comment).
pub fn write_annotated(rec: &GameRecord, notes: &[Notes]) -> String {
    let mut s = String::from("(;GM[1]FF[4]CA[UTF-8]");
    s.push_str(&format!(
        "AP[Tengen:{}]SZ[{}]KM[{}]",
        env!("CARGO_PKG_VERSION"),
        rec.size,
        komi_text(rec.komi)
    ));
    let text_props = [
        ("RU", &rec.rules),
        ("PB", &rec.black_name),
        ("PW", &rec.white_name),
        ("DT", &rec.date),
        ("EV", &rec.event),
        ("RE", &rec.result),
        ("GC", &rec.comment),
    ];
    for (id, v) in text_props {
        if let Some(v) = v {
            s.push_str(&format!("{id}[{}]", escape(v)));
        }
    }
    if let Some(t) = rec.time_limit.filter(|t| t.is_finite()) {
        s.push_str(&format!("TM[{t}]"));
    }
    if let Some(ot) = &rec.overtime {
        s.push_str(&format!("OT[{}]", escape(ot)));
    }
    if rec.handicap > 0 {
        s.push_str(&format!("HA[{}]", rec.handicap));
    }
    for (id, list) in [
        ("AB", &rec.setup_black),
        ("AW", &rec.setup_white),
        ("AE", &rec.setup_empty),
    ] {
        if !list.is_empty() {
            s.push('\n');
            s.push_str(id);
            for v in list {
                s.push_str(&format!("[{}]", sgf_point(*v, rec.size)));
            }
        }
    }
    if let Some(c) = rec.to_play {
        s.push_str(if c == Color::Black { "PL[B]" } else { "PL[W]" });
    }
    if let Some(n) = notes.first() {
        s.push_str(&props_text(&n.props));
    }
    let node = |c: Color, v: Option<Vertex>| {
        let id = if c == Color::Black { 'B' } else { 'W' };
        let at = v.map(|v| sgf_point(v, rec.size)).unwrap_or_default();
        format!(";{id}[{at}]")
    };
    // the text that closes each open branch, innermost last
    let mut closers: Vec<String> = Vec::new();
    for (i, &(c, v)) in rec.moves.iter().enumerate() {
        let n = notes.get(i + 1);
        let lines: Vec<&Variation> = n
            .map(|n| {
                n.variations
                    .iter()
                    .filter(|v| !v.moves.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let annotated = !lines.is_empty() || n.is_some_and(|n| !n.props.is_empty());
        if i % 10 == 0 || annotated {
            s.push('\n');
        }
        if !lines.is_empty() {
            s.push('(');
            let mut close = String::from(")");
            for var in lines {
                close.push_str("\n(");
                for (j, &(vc, vv)) in var.moves.iter().enumerate() {
                    close.push_str(&node(vc, vv));
                    if j == 0 {
                        close.push_str(&props_text(&var.props));
                    }
                }
                close.push(')');
            }
            closers.push(close);
        }
        s.push_str(&node(c, v));
        if let Some(n) = n {
            s.push_str(&props_text(&n.props));
        }
    }
    // the count on the last node (the root when there are no moves)
    for (id, list) in [("TB", &rec.territory_black), ("TW", &rec.territory_white)] {
        if !list.is_empty() {
            s.push('\n');
            s.push_str(id);
            for v in list {
                s.push_str(&format!("[{}]", sgf_point(*v, rec.size)));
            }
        }
    }
    if let Some(c) = &rec.end_comment {
        s.push_str(&format!("C[{}]", escape(c)));
    }
    while let Some(close) = closers.pop() {
        s.push_str(&close);
    }
    s.push_str(")\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vertex {
        s.parse().unwrap()
    }

    #[test]
    fn reads_root_setup_and_moves() {
        let r = parse(
            "(;FF[4]GM[1]SZ[9]KM[6.5]RU[Japanese]HA[2]PB[Black \\] one]PW[w]RE[W+R]DT[2026-11-23]\
             AB[cc][gg]PL[W];W[ee];B[];W[ab](;B[aa])(;B[ii]))",
        )
        .unwrap();
        assert_eq!(r.size, 9);
        assert_eq!(r.komi, 6.5);
        assert_eq!(r.rules.as_deref(), Some("Japanese"));
        assert_eq!(r.handicap, 2);
        assert_eq!(r.black_name.as_deref(), Some("Black ] one"));
        assert_eq!(r.result.as_deref(), Some("W+R"));
        assert_eq!(r.setup_black, vec![v("G3"), v("C7")]);
        assert_eq!(r.to_play, Some(Color::White));
        assert_eq!(
            r.moves,
            vec![
                (Color::White, Some(v("E5"))),
                (Color::Black, None),
                (Color::White, Some(v("A8"))),
                (Color::Black, Some(v("A9"))),
            ]
        );
    }

    #[test]
    fn ff3_and_leniency() {
        let r = parse("(;FF[3]SZ[19]Komi[x]XX[unknown]KM[6,5]HA[0];B[tt];W[pd])").unwrap();
        assert_eq!(r.size, 19);
        assert_eq!(r.komi, 6.5);
        assert_eq!(r.moves[0], (Color::Black, None));
        assert_eq!(r.moves[1], (Color::White, Some(v("Q16"))));
        // no SZ: 19x19
        assert_eq!(parse("(;B[dd])").unwrap().size, 19);
    }

    #[test]
    fn real_world_wrappers() {
        for text in [
            "\u{feff}(;SZ[9];B[aa])",
            "header text (not SGF)\n(;SZ[9];B[aa])",
            "(;SZ[9]\r\n;B[aa]\r\n)\r\n",
            "  (;GM[1]FF[4]SZ[9]KM[0.50]TM[]OT[];B[aa]) junk after",
            "(;SZ[9]C[a \\] (b) [c];B[aa])(;SZ[19];B[bb])",
        ] {
            let r = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(r.size, 9, "{text:?}");
            assert_eq!(r.moves, vec![(Color::Black, Some(v("A9")))], "{text:?}");
        }
        let r = parse("(;SZ[9]AB[aa:cc];W[dd])").unwrap();
        assert_eq!(r.setup_black.len(), 9);
    }

    #[test]
    fn broken_files_are_errors() {
        for bad in [
            "",
            "garbage",
            "(;B[aa]",
            "(;GM[2];B[aa])",
            "(;SZ[9];B[zz])",
            "(;SZ[30])",
            "(;SZ[9:13])",
            "(;SZ[1])",
            "(;SZ[9];B[aa];AB[bb])",
            "(;SZ[9];B[a])",
            "(;SZ[9]C[unclosed];B[aa]",
            "(;SZ[9]C[never closed",
            "\u{0}\u{1}",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let deep = format!("{}(;B[aa]{}", "(;".repeat(20_000), ")".repeat(20_001));
        let long = format!("(;SZ[9]{})", ";B[]".repeat(300_000));
        for bad in [deep.as_str(), long.as_str()] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn write_then_parse_round_trip() {
        let mut r = GameRecord::new(13, 7.5);
        r.rules = Some("chinese".into());
        r.handicap = 2;
        r.black_name = Some("a]b\\c".into());
        r.white_name = Some("Tengen".into());
        r.result = Some("B+3.5".into());
        r.date = Some("2026-11-23".into());
        r.time_limit = Some(1.5);
        r.overtime = Some("5x30 byo-yomi".into());
        r.setup_black = vec![v("D4"), v("K10")];
        r.setup_white = vec![v("A1")];
        r.to_play = Some(Color::White);
        r.moves = (0..25)
            .map(|i| {
                let c = if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let m = (i != 7).then(|| Vertex {
                    x: (i % 13) as u8,
                    y: (i / 13 + 5) as u8,
                });
                (c, m)
            })
            .collect();
        let text = write(&r);
        assert!(!text.contains("\n\n"));
        assert!(text.starts_with("(;GM[1]FF[4]"));
        assert!(text.contains("TM[1.5]OT[5x30 byo-yomi]"), "{text}");
        assert_eq!(parse(&text).unwrap(), r);
    }

    #[test]
    fn annotations_and_variations_are_written_and_read_back() {
        let mut r = GameRecord::new(9, 7.0);
        r.moves = ["E5", "C3", "G7", "D4"]
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let c = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (c, Some(v(m)))
            })
            .collect();
        let prop = |id: &str, t: &str| (id.to_string(), t.to_string());
        let var = |m: &str, c: &str| Variation {
            moves: vec![(Color::White, Some(v(m))), (Color::Black, None)],
            props: vec![prop("C", c)],
        };
        let notes = vec![
            Notes {
                props: vec![prop("C", "root [x]")],
                ..Notes::default()
            },
            Notes::default(),
            Notes {
                props: vec![prop("C", "two"), prop("BM", "1")],
                variations: vec![var("G3", "instead"), Variation::default()],
            },
            Notes::default(),
            Notes {
                props: vec![prop("C", "four")],
                variations: vec![var("A1", "also")],
            },
        ];
        let text = write_annotated(&r, &notes);
        assert!(text.contains("C[root [x\\]]"), "{text}");
        assert!(!text.contains("()"), "{text}");
        // the main line reads back unchanged; the variations are siblings of their move
        assert_eq!(parse(&text).unwrap(), r);
        let trees = sgf_parse::parse(&text).unwrap();
        let root = trees[0].as_go_node().unwrap();
        let n1 = &root.children[0];
        assert_eq!(n1.children.len(), 2, "{text}");
        let comment = |n: &sgf_parse::SgfNode<Prop>| match n.get_property("C") {
            Some(Prop::C(t)) => t.text.clone(),
            _ => String::new(),
        };
        assert_eq!(comment(&n1.children[0]), "two");
        assert_eq!(comment(&n1.children[1]), "instead");
        let n3 = &n1.children[0].children[0];
        assert_eq!(n3.children.len(), 2);
        assert_eq!(comment(&n3.children[0]), "four");
        assert_eq!(comment(&n3.children[1]), "also");
        // no notes: the plain writer
        assert_eq!(write_annotated(&r, &[]), write(&r));
    }

    #[test]
    fn big_board_points() {
        let mut r = GameRecord::new(25, 0.0);
        r.moves = vec![
            (Color::Black, Some(v("Z25"))),
            (Color::White, Some(v("A1"))),
        ];
        let text = write(&r);
        assert!(text.contains(";B[ya]"), "{text}");
        assert_eq!(parse(&text).unwrap(), r);
    }
}
