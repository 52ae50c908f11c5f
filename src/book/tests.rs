use super::symmetry::{apply, COUNT};
use super::*;
use crate::learn::book::{read_index, sgf19, winner, Counter};
use crate::learn::records::Moves;
use crate::rules::{Move, Preset, Rules};

/// A 19x19 game from SGF coordinates, Black first.
fn game(moves: &[&str]) -> Moves {
    Moves {
        size: 19,
        setup: vec![],
        moves: moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let c = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (c, Some(sgf19(m)))
            })
            .collect(),
    }
}

/// The game turned by symmetry `s`.
fn turned(g: &Moves, s: usize) -> Moves {
    Moves {
        moves: g
            .moves
            .iter()
            .map(|&(c, p)| {
                (
                    c,
                    p.map(|p| {
                        let (x, y) = p.xy(19);
                        let (x, y) = apply(s, x, y, 19);
                        Point::new(x, y, 19)
                    }),
                )
            })
            .collect(),
        ..g.clone()
    }
}

fn new_game() -> Game {
    Game::new(19, Rules::preset(Preset::Chinese)).unwrap()
}

/// The game with `moves` (SGF coordinates, Black first) played.
fn played(moves: &[&str]) -> Game {
    let mut g = new_game();
    for (i, m) in moves.iter().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        g.play(c, Move::Play(sgf19(m))).unwrap();
    }
    g
}

/// Q16, D4, R4, then Black's wins and losses in 10 games, in every orientation.
fn small_book() -> Book {
    let base = game(&["pd", "dp", "qp", "dd", "fq"]);
    let mut c = Counter::new(19, 4);
    for s in 0..COUNT {
        c.add(&turned(&base, s), Some(Color::Black)).unwrap();
    }
    c.add(&base, Some(Color::White)).unwrap();
    c.add(&turned(&base, 3), None).unwrap();
    c.finish(1, 1)
}

#[test]
fn building_counts_games_replies_and_results() {
    let book = small_book();
    assert_eq!(book.games(), 10);
    assert_eq!(book.plies(), 4);
    // four positions (plies 0..4): the empty board, and three others met in every game
    assert_eq!(book.positions(), 4);
    let empty = book.lookup(&new_game(), Color::Black).unwrap();
    assert_eq!(empty.games, 10);
    assert_eq!(empty.replies.len(), 1);
    let r = &empty.replies[0];
    // the 4-4 point in all four corners, 10 games, 9 results known, Black won 8
    assert_eq!((r.played, r.known, r.wins), (10, 9, 8));
    assert_eq!(r.points.len(), 4);
    assert!(r.points.contains(&sgf19("pd")) && r.points.contains(&sgf19("dd")));
    // after Q16 White answered D4 in every orientation (the point on the diagonal that Q16
    // mirrors onto itself)
    let after = book.lookup(&played(&["pd"]), Color::White).unwrap();
    assert_eq!(after.games, 10);
    assert_eq!(after.replies[0].points, vec![sgf19("dp")]);
    // after Q16, D4 the third move R4 and its mirror C16 are one reply
    let third = book.lookup(&played(&["pd", "dp"]), Color::Black).unwrap();
    let mut pts = third.replies[0].points.clone();
    pts.sort();
    let mut want = vec![sgf19("qp"), sgf19("dc")];
    want.sort();
    assert_eq!(pts, want);
    // White won one of the 9 known games: the mover's (White's) wins
    assert_eq!(after.replies[0].wins, 1);
    // the fifth move is past the depth of 4 plies: the position after four moves is unknown
    assert!(book
        .lookup(&played(&["pd", "dp", "qp", "dd"]), Color::Black)
        .is_none());
    // the side to move is part of the position
    assert!(book.lookup(&played(&["pd"]), Color::Black).is_none());
}

#[test]
fn building_skips_damaged_games_and_rare_replies() {
    let mut c = Counter::new(19, 6);
    c.add(&game(&["pd", "dp", "pp"]), Some(Color::Black))
        .unwrap();
    c.add(&game(&["pd", "dp", "qq"]), Some(Color::White))
        .unwrap();
    // an occupied point within the plies: the whole game is skipped
    assert!(c.add(&game(&["pd", "pd"]), None).is_err());
    // on 9x9 or with setup stones: skipped
    let mut small = game(&["cc"]);
    small.size = 9;
    assert!(c.add(&small, None).is_err());
    let mut setup = game(&["pd"]);
    setup.setup = vec![(Color::Black, sgf19("dd"))];
    assert!(c.add(&setup, None).is_err());
    // an illegal move after the plies counted does not matter
    let mut late = game(&["pd", "dp", "pp", "dd", "qf", "nc"]);
    late.moves.push((Color::Black, Some(sgf19("pd"))));
    c.add(&late, None).unwrap();
    assert_eq!(c.games(), 3);
    // positions with fewer than 2 games or replies played once are left out
    let book = c.finish(2, 2);
    let empty = book.lookup(&new_game(), Color::Black).unwrap();
    assert_eq!(empty.games, 3);
    assert_eq!((empty.replies[0].played, empty.replies[0].known), (3, 2));
    let two = book.lookup(&played(&["pd", "dp"]), Color::Black).unwrap();
    assert_eq!(two.games, 3);
    // Q4 was played twice (kept; D16 is the same move), R3 once (dropped)
    assert_eq!(two.replies.len(), 1);
    assert!(two.replies[0].points.contains(&sgf19("pp")));
    assert!(two.replies[0].points.contains(&sgf19("dd")));
    assert_eq!((two.replies[0].known, two.replies[0].wins), (1, 1));
    assert!(book
        .lookup(&played(&["pd", "dp", "dd"]), Color::White)
        .is_none());
}

#[test]
fn files_round_trip() {
    let book = small_book();
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    let empty = Book::new(19, 10, 0, vec![]);
    assert_eq!(Book::from_bytes(&empty.to_bytes()).unwrap(), empty);
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let bytes = small_book().to_bytes();
    for n in 0..bytes.len() {
        assert!(Book::from_bytes(&bytes[..n]).is_err(), "truncated to {n}");
    }
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x10;
        assert!(Book::from_bytes(&b).is_err(), "byte {i} changed");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Book::from_bytes(&longer).is_err());
    let e = Book::from_bytes(b"TGNPAT01\x08\x00\x00\x00").unwrap_err();
    assert!(e.to_string().contains("magic"), "{e}");
    let mut v2 = bytes.clone();
    v2[8] = 2;
    let e = Book::from_bytes(&v2).unwrap_err();
    assert!(e.to_string().contains("version 2"), "{e}");
    // a header that claims more than memory could hold is refused before reading
    let mut huge = bytes[..40].to_vec();
    huge[20..24].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(Book::from_bytes(&huge).is_err());
}

#[test]
fn results_are_read_from_the_index() {
    assert_eq!(winner("B+R"), Some(Color::Black));
    assert_eq!(winner("W+0.5"), Some(Color::White));
    assert_eq!(winner("0"), None);
    assert_eq!(winner(""), None);
    let idx = read_index(
        "1\td\tw\tb\t6.5\tB+R\t200\tx\n2\td\tw\tb\t6.5\tVoid\n3\tshort\n4\td\tw\tb\t7.5\tW+T\n",
    );
    assert_eq!(idx.len(), 2);
    assert_eq!(idx.get("1"), Some(&Color::Black));
    assert_eq!(idx.get("4"), Some(&Color::White));
}

fn reply(played: u32, known: u32, wins: u32) -> BookReply {
    BookReply {
        points: vec![Point::new(3, 3, 19)],
        played,
        known,
        wins,
    }
}

#[test]
fn only_common_replies_that_did_not_lose_qualify() {
    let pos = BookPosition {
        games: 1000,
        replies: vec![
            reply(600, 600, 300),
            reply(300, 300, 100), // a third of the games won: poor
            reply(60, 60, 30),
            reply(40, 40, 20), // 4% of the games: rare
        ],
    };
    let p = PlayPolicy::default();
    let good = pos.good_replies(&p);
    assert_eq!(good.len(), 2);
    assert_eq!((good[0].played, good[1].played), (600, 60));
    // proportional choice: 600 of 660 numbers give the first
    let firsts = (0..660u64)
        .filter(|&r| BookPosition::pick(&good, r).unwrap().played == 600)
        .count();
    assert_eq!(firsts, 600);
    assert!(BookPosition::pick(&[], 5).is_none());
    // too few games: nothing to play from
    let thin = BookPosition {
        games: 30,
        replies: vec![reply(30, 30, 15)],
    };
    assert!(thin.good_replies(&p).is_empty());
}

#[test]
fn hints_share_the_replies_among_legal_points() {
    let book = small_book();
    let g = new_game();
    let h = book.hints(&g, Color::Black);
    assert_eq!(h.len(), 4);
    assert!(h.iter().all(|&(_, s)| (s - 0.25).abs() < 1e-9));
    // one 4-4 point taken: Black's reply in this position is unknown to this small book,
    // and White's reply knows the three other corners
    let after = played(&["pd"]);
    assert!(book.hints(&after, Color::Black).is_empty());
    let w = book.hints(&after, Color::White);
    let total: f64 = w.iter().map(|h| h.1).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(w.iter().all(|&(p, _)| p != sgf19("pd")));
    // no hints in a handicap game or with another komi
    let mut odd = new_game();
    odd.set_komi(0.5);
    assert!(book.hints(&odd, Color::Black).is_empty());
    assert!(book.fits(&odd).is_err());
    let mut small = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
    assert!(book.hints(&small, Color::Black).is_empty());
    small.set_komi(7.0);
    assert!(book.fits(&small).unwrap_err().contains("19x19"));
}

#[test]
fn the_built_in_book_opens_in_the_corners() {
    let book = Book::embedded().expect("the built-in book loads");
    assert_eq!(book.size(), 19);
    assert!(book.games() > 40_000, "{} games", book.games());
    let pos = book.lookup(&new_game(), Color::Black).unwrap();
    let good = pos.good_replies(&PlayPolicy::default());
    assert!(!good.is_empty());
    for r in good {
        for p in &r.points {
            let (x, y) = p.xy(19);
            let line = |v: usize| v.min(18 - v) + 1;
            let (a, b) = (line(x), line(y));
            assert!(
                (3..=5).contains(&a) && (3..=5).contains(&b) && a.min(b) <= 4,
                "{} is not a corner point",
                p.vertex(19)
            );
        }
    }
}
