use super::*;
use crate::board::Board19;
use crate::book::symmetry;
use crate::learn::joseki::Counter;
use crate::learn::records::{self, Moves};

/// A stone list as a `color_at` on 19x19.
fn board_of(stones: &[(Color, usize, usize)]) -> impl Fn(usize, usize) -> Option<Color> + '_ {
    move |x, y| stones.iter().find(|s| s.1 == x && s.2 == y).map(|s| s.0)
}

/// The corner (of region 10) that holds (x, y) and is nearest to it.
fn corner_of(x: usize, y: usize) -> Corner {
    Corner {
        flip_x: x > 9,
        flip_y: y > 9,
    }
}

fn swap(c: Color) -> Color {
    c.opponent()
}

#[test]
fn corner_keys_agree_under_every_symmetry_and_colour_swap() {
    // lower-left corner: Black 4-4 (D4), White approach (F3), Black pincer (J4); White to move
    let stones = [
        (Color::Black, 3, 3),
        (Color::White, 5, 2),
        (Color::Black, 8, 3),
    ];
    let reply = (2usize, 5usize); // C6
    let key = |st: &[(Color, usize, usize)], to_move: Color| {
        let (x, y) = (st[0].1, st[0].2);
        LocalKey::of(&board_of(st), corner_of(x, y), 10, to_move, 16).unwrap()
    };
    let base = key(&stones, Color::White);
    assert_eq!(base.stones, 3);
    assert_eq!(base.syms.count_ones(), 1, "an asymmetric corner");
    let index = base.reply_index(reply.0, reply.1).unwrap();
    for s in 0..symmetry::COUNT {
        for swapped in [false, true] {
            let t: Vec<_> = stones
                .iter()
                .map(|&(c, x, y)| {
                    let (x, y) = symmetry::apply(s, x, y, 19);
                    (if swapped { swap(c) } else { c }, x, y)
                })
                .collect();
            let to_move = if swapped { Color::Black } else { Color::White };
            let k = key(&t, to_move);
            assert_eq!(k.key, base.key, "symmetry {s}, swapped {swapped}");
            let (rx, ry) = symmetry::apply(s, reply.0, reply.1, 19);
            assert_eq!(k.reply_index(rx, ry), Some(index), "symmetry {s}");
            assert_eq!(k.points(index).collect::<Vec<_>>(), vec![(rx, ry)]);
        }
    }
    // the side to move counts: the same stones with Black to move are another position
    assert_ne!(key(&stones, Color::Black).key, base.key);
    // a stone more is another position; a stone outside the corner changes nothing
    let mut more = stones.to_vec();
    more.push((Color::White, 2, 5));
    assert_ne!(key(&more, Color::White).key, base.key);
    let mut far = stones.to_vec();
    far.push((Color::White, 15, 15));
    assert_eq!(key(&far, Color::White).key, base.key);
    // points outside the region have no index; too many stones, no key
    assert_eq!(base.reply_index(12, 3), None);
    assert!(base.points(100).next().is_none());
    let crowd: Vec<_> = (0..10).map(|x| (Color::Black, x, 0)).collect();
    assert!(LocalKey::of(&board_of(&crowd), corner_of(0, 0), 10, Color::White, 9).is_none());
    assert!(LocalKey::of(&board_of(&[]), corner_of(0, 0), 10, Color::White, 9).is_none());
}

#[test]
fn a_symmetric_corner_merges_mirror_replies() {
    // a lone 4-4 stone: C6 and F3 are one reply, D4's diagonal point C3 is one point
    let st = [(Color::Black, 3, 3)];
    let k = LocalKey::of(&board_of(&st), corner_of(3, 3), 10, Color::White, 16).unwrap();
    assert_eq!(k.syms, 3);
    let a = k.reply_index(2, 5).unwrap();
    assert_eq!(k.reply_index(5, 2), Some(a));
    let mut pts: Vec<_> = k.points(a).collect();
    pts.sort();
    assert_eq!(pts, vec![(2, 5), (5, 2)]);
    let c3 = k.reply_index(2, 2).unwrap();
    assert_eq!(k.points(c3).collect::<Vec<_>>(), vec![(2, 2)]);
    // the same in the upper-right corner (Q16)
    let st = [(Color::Black, 15, 15)];
    let k2 = LocalKey::of(&board_of(&st), corner_of(15, 15), 10, Color::White, 16).unwrap();
    assert_eq!(k2.key, k.key);
    let mut pts: Vec<_> = k2.points(a).collect();
    pts.sort();
    assert_eq!(pts, vec![(13, 16), (16, 13)]);
}

/// A game of Tom moves (SGF letters, `aa` the upper-left corner) as `Moves`, Black first.
fn game(moves: &[&str]) -> Moves {
    let text: String = moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!(";{}[{m}]", if i % 2 == 0 { 'B' } else { 'W' }))
        .collect();
    records::RawGame {
        name: "t".into(),
        text: format!("1\t{text}"),
        sgf: false,
    }
    .parse()
    .unwrap()
}

/// The hints after replaying `moves`.
fn hints_after(j: &Joseki, moves: &[&str]) -> Vec<(Point, f64)> {
    let g = game(moves);
    let mut b = Board19::new(19).unwrap();
    let mut last = None;
    let mut color = Color::Black;
    for &(c, p) in &g.moves {
        b.try_play(c, p.unwrap()).unwrap();
        last = p;
        color = c.opponent();
    }
    let mut out = vec![];
    j.replies(
        19,
        |x, y| b.color_at(Point::new(x, y, 19)),
        color,
        last.unwrap(),
        &mut out,
    );
    out
}

fn sgf(s: &str) -> Point {
    crate::learn::book::sgf19(s)
}

#[test]
fn a_sequence_learned_from_records_is_found_in_any_corner_and_colour() {
    // upper right: Black Q16 (pd), White approach R14 (qf), Black N17 (nc) in three of
    // four games, O17 (oc) once; the other corners hold distant moves
    let mut c = Counter::new(10, 16, 100);
    for reply in ["nc", "nc", "oc", "nc"] {
        c.add(&game(&["pd", "qf", reply, "rd"])).unwrap();
    }
    // the same sequence mirrored to the lower left and with colours swapped (White
    // first, after a Black move in another corner)
    c.add(&game(&["pp", "dp", "cn", "fq", "aa"])).unwrap();
    assert_eq!(c.games(), 5);
    let j = c.finish(2, 2, 0.05);
    assert_eq!(j.games(), 5);
    // after Q16 and R14 in the upper right: N17 (4 of 5 times) tops, O17 (once) is cut
    let h = hints_after(&j, &["pd", "qf"]);
    assert_eq!(h.len(), 1, "{h:?}");
    assert_eq!(h[0].0, sgf("nc"));
    assert!((h[0].1 - 0.8).abs() < 0.01, "{}", h[0].1);
    // the lower right with White to move first: D4-like shape mirrored, C6 (cn) mirrored
    let h = hints_after(&j, &["aa", "pp", "qn"]);
    assert_eq!(h.iter().map(|x| x.0).collect::<Vec<_>>(), vec![sgf("nq")]);
    // the next step: after N17 White answered R16 (rd) three times of four (once elsewhere)
    let h = hints_after(&j, &["pd", "qf", "nc"]);
    assert_eq!(h.len(), 1, "{h:?}");
    assert_eq!(h[0].0, sgf("rd"));
    assert!((h[0].1 - 0.75).abs() < 0.01, "{}", h[0].1);
    // nothing after a move the records never answered
    assert!(hints_after(&j, &["pd", "qe"]).is_empty());
    // the file reads back as written; damage is refused
    let bytes = j.to_bytes();
    assert_eq!(Joseki::from_bytes(&bytes).unwrap(), j);
    let mut bad = bytes.clone();
    let n = bad.len();
    bad[n - 1] ^= 1;
    assert!(Joseki::from_bytes(&bad).is_err());
    assert!(Joseki::from_bytes(&bytes[..n - 1]).is_err());
    assert!(Joseki::from_bytes(b"TGNBOOK1").is_err());
}

#[test]
fn lookups_never_panic_and_stay_local() {
    let j = Joseki::embedded().expect("the built-in dictionary reads");
    assert!(j.positions() > 1000, "{} positions", j.positions());
    // random boards, random last points (on and off the board), both colours, every size
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut found = 0;
    for round in 0..400 {
        let n = (next() % 30) as usize;
        let stones: Vec<(Color, usize, usize)> = (0..n)
            .map(|_| {
                let c = if next() % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (c, (next() % 19) as usize, (next() % 19) as usize)
            })
            .collect();
        let at = board_of(&stones);
        let last = match round % 4 {
            0 => Point(0),
            1 => Point((next() % 500) as u16),
            _ => stones
                .first()
                .map_or(Point(0), |s| Point::new(s.1, s.2, 19)),
        };
        let mut out = vec![];
        for size in [9, 13, 19] {
            j.replies(size, &at, Color::White, last, &mut out);
            j.replies(size, &at, Color::Black, last, &mut out);
        }
        for &(p, share) in &out {
            let (x, y) = p.xy(19);
            assert!(x < 19 && y < 19 && at(x, y).is_none());
            assert!(share > 0.0 && share <= 1.0);
        }
        found += out.len();
    }
    // early corner positions are in the dictionary: Q16 then an approach at R14
    let h = hints_after(j, &["pd", "qf"]);
    assert!(!h.is_empty(), "Q16-R14 is common");
    for (p, _) in &h {
        let (x, y) = p.xy(19);
        assert!(
            x >= 9 && y >= 9,
            "{:?} outside the upper-right corner",
            p.vertex(19)
        );
    }
    let _ = found;
}

#[test]
fn damaged_files_are_refused_without_panic() {
    let bytes = Joseki::embedded().unwrap().to_bytes();
    // every truncation of the header and a sample of the body, and flipped bytes
    for n in (0..64).chain((64..bytes.len()).step_by(997)) {
        assert!(Joseki::from_bytes(&bytes[..n]).is_err(), "truncated at {n}");
    }
    for i in (0..bytes.len()).step_by(613) {
        let mut b = bytes.clone();
        b[i] ^= 0x5a;
        assert!(Joseki::from_bytes(&b).is_err(), "byte {i} flipped");
    }
}
