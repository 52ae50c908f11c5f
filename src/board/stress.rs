//! Stress tests: the fast board against a slow, plainly correct reference board.

use super::zobrist::STONE_KEYS;
use super::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A deliberately naive board: a grid of cells, chains and liberties found by flood fill.
#[derive(Clone)]
struct RefBoard {
    n: usize,
    cells: Vec<Option<Color>>,
    ko: Option<(usize, Color)>,
}

impl RefBoard {
    fn new(n: usize) -> Self {
        RefBoard {
            n,
            cells: vec![None; n * n],
            ko: None,
        }
    }
    fn nbrs(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.n, i / self.n);
        let mut v = vec![];
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.n {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - self.n);
        }
        if y + 1 < self.n {
            v.push(i + self.n);
        }
        v
    }
    /// The chain through `i` and its liberties.
    fn chain(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let c = self.cells[i];
        let mut seen = vec![false; self.n * self.n];
        let mut stack = vec![i];
        let mut stones = vec![];
        let mut libs = vec![];
        seen[i] = true;
        while let Some(q) = stack.pop() {
            stones.push(q);
            for m in self.nbrs(q) {
                if seen[m] {
                    continue;
                }
                if self.cells[m].is_none() {
                    seen[m] = true;
                    libs.push(m);
                } else if self.cells[m] == c {
                    seen[m] = true;
                    stack.push(m);
                }
            }
        }
        (stones, libs)
    }
    /// Plays with suicide allowed when `allow_suicide`; returns (captured, suicided).
    fn play(&mut self, c: Color, i: usize, allow_suicide: bool) -> Result<(u32, u32), IllegalMove> {
        if self.cells[i].is_some() {
            return Err(IllegalMove::Occupied);
        }
        if self.ko == Some((i, c)) {
            return Err(IllegalMove::Ko);
        }
        let mut next = self.clone();
        next.cells[i] = Some(c);
        let mut captured = vec![];
        for m in next.nbrs(i) {
            if next.cells[m] == Some(c.opponent()) {
                let (stones, libs) = next.chain(m);
                if libs.is_empty() {
                    for s in stones {
                        next.cells[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, libs) = next.chain(i);
        let mut suicided = 0;
        if libs.is_empty() {
            if !allow_suicide {
                return Err(IllegalMove::Suicide);
            }
            for s in &own {
                next.cells[*s] = None;
            }
            suicided = own.len() as u32;
        }
        next.ko = None;
        if captured.len() == 1 && own.len() == 1 && libs.len() == 1 {
            next.ko = Some((captured[0], c.opponent()));
        }
        *self = next;
        Ok((captured.len() as u32, suicided))
    }
    fn hash(&self) -> u64 {
        let mut h = 0;
        for (i, c) in self.cells.iter().enumerate() {
            if let Some(c) = c {
                h ^= STONE_KEYS[c.index()][self.point(i).idx()];
            }
        }
        h
    }
    fn point(&self, i: usize) -> Point {
        Point::new(i % self.n, i / self.n, self.n)
    }
}

fn compare(fast: &AnyBoard, slow: &RefBoard) {
    fast.check_consistency().unwrap();
    assert_eq!(fast.hash(), slow.hash());
    assert_eq!(fast.hash(), fast.hash_from_scratch());
    for i in 0..slow.n * slow.n {
        let p = slow.point(i);
        assert_eq!(fast.color_at(p), slow.cells[i], "point {i}");
        if slow.cells[i].is_some() {
            let (stones, libs) = slow.chain(i);
            assert_eq!(fast.lib_count(p), libs.len());
            let mut fs: Vec<_> = fast.chain_points(p);
            let mut ss: Vec<_> = stones.iter().map(|&s| slow.point(s)).collect();
            fs.sort();
            ss.sort();
            assert_eq!(fs, ss);
        }
    }
    assert_eq!(fast.ko(), slow.ko.map(|(i, c)| (slow.point(i), c)));
}

#[test]
fn random_moves_match_reference_board() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let (mut total, mut invalid, mut captures, mut suicides, mut kos) = (0, 0, 0, 0, 0);
    let mut sizes: Vec<usize> = vec![2, 3, 5, 9, 10, 13, 14, 15, 19, 20, 25];
    sizes.extend((0..12).map(|_| rng.random_range(2..=25)));
    for &n in &sizes {
        for game in 0..3 {
            let mut fast = AnyBoard::new(n).unwrap();
            let mut slow = RefBoard::new(n);
            let mut c = Color::Black;
            let allow_suicide = game == 1;
            let moves = if n <= 5 { 200 } else { 400 };
            for _ in 0..moves {
                let empties: Vec<usize> = (0..n * n).filter(|&i| slow.cells[i].is_none()).collect();
                let legal: Vec<usize> = empties
                    .iter()
                    .copied()
                    .filter(|&i| slow.clone().play(c, i, false).is_ok())
                    .collect();
                let want_invalid = rng.random_bool(0.5);
                let point = if want_invalid || legal.is_empty() {
                    invalid += 1;
                    // occupied, ko, suicide or off-board, whichever exists
                    let occupied: Vec<usize> =
                        (0..n * n).filter(|&i| slow.cells[i].is_some()).collect();
                    let bad: Vec<usize> = empties
                        .iter()
                        .copied()
                        .filter(|i| !legal.contains(i))
                        .collect();
                    match rng.random_range(0..3) {
                        0 if !bad.is_empty() => Some(bad[rng.random_range(0..bad.len())]),
                        1 if !occupied.is_empty() => {
                            Some(occupied[rng.random_range(0..occupied.len())])
                        }
                        _ => None,
                    }
                } else {
                    Some(legal[rng.random_range(0..legal.len())])
                };
                total += 1;
                match point {
                    None => {
                        // off the board: the separator column or past the last row
                        let off = if rng.random_bool(0.5) {
                            Point::new(n, rng.random_range(0..n), n)
                        } else {
                            Point::new(0, n, n)
                        };
                        let before = fast.clone();
                        assert_eq!(fast.try_play(c, off), Err(IllegalMove::OffBoard));
                        assert_eq!(fast.play_allow_suicide(c, off), Err(IllegalMove::OffBoard));
                        assert!(fast == before);
                    }
                    Some(i) => {
                        let p = slow.point(i);
                        let expect = slow.play(c, i, allow_suicide);
                        let got = if allow_suicide {
                            fast.play_allow_suicide(c, p)
                                .map(|o| (o.captured, o.suicide))
                        } else {
                            fast.try_play(c, p).map(|k| (k, 0))
                        };
                        assert_eq!(got, expect, "size {n} move {c:?} {}\n{fast}", p.vertex(n));
                        if let Ok((k, s)) = got {
                            captures += (k > 0) as u32;
                            suicides += (s > 0) as u32;
                            kos += fast.ko().is_some() as u32;
                        }
                    }
                }
                compare(&fast, &slow);
                c = c.opponent();
                if rng.random_bool(0.02) {
                    fast.pass();
                    slow.ko = None;
                }
            }
        }
    }
    assert!(total >= 20_000, "{total} moves");
    assert!(invalid * 10 >= total * 4, "{invalid} invalid of {total}");
    assert!(
        captures > 100 && suicides > 10 && kos > 10,
        "captures {captures} suicides {suicides} kos {kos}"
    );
}

#[test]
fn incremental_hash_equals_scratch_hash_in_playouts() {
    let mut rng = SmallRng::seed_from_u64(11);
    for n in [2, 4, 7, 9, 13, 19, 25] {
        let mut b = AnyBoard::new(n).unwrap();
        let mut c = Color::Black;
        for _ in 0..3 * n * n {
            let m = crate::with_board!(&mut b, bb => bb.random_move(c, |k| rng.random_range(0..k)));
            match m {
                Some(p) => {
                    assert!(!b.is_eye(c, p));
                    b.try_play(c, p).unwrap();
                }
                None => b.pass(),
            }
            assert_eq!(b.hash(), b.hash_from_scratch());
            c = c.opponent();
        }
        b.check_consistency().unwrap();
    }
}

/// Builds a board from rows drawn top row first: `X` black, `O` white, `.` empty.
fn board(rows: &[&str]) -> AnyBoard {
    let n = rows.len();
    let mut b = AnyBoard::new(n).unwrap();
    for (r, row) in rows.iter().enumerate() {
        for (x, ch) in row.split_whitespace().enumerate() {
            let p = Point::new(x, n - 1 - r, n);
            match ch {
                "X" => assert!(b.set_point(p, Some(Color::Black))),
                "O" => assert!(b.set_point(p, Some(Color::White))),
                _ => {}
            }
        }
    }
    b
}

fn pt(s: &str, n: usize) -> Point {
    s.parse::<Vertex>().unwrap().to_point(n).unwrap()
}

#[test]
fn eye_rule_centre_and_edge() {
    let b = board(&[
        ". X . X O",
        "X . X O .",
        ". X . X .",
        "X . X . .",
        ". X O . .",
    ]);
    // B4: black eye in the centre, one enemy diagonal (none here) -> eye
    assert!(b.is_eye(Color::Black, pt("B4", 5)));
    // A5 corner eye, C5 edge eye with an enemy diagonal (D4 white) -> not an eye
    assert!(b.is_eye(Color::Black, pt("A5", 5)));
    assert!(!b.is_eye(Color::Black, pt("C5", 5)));
    // B2: centre point, one enemy diagonal (C1) -> still an eye
    assert!(b.is_eye(Color::Black, pt("B2", 5)));
    // A1 corner with B1 black, A2 black, diagonal B2 empty -> eye; white never sees it as one
    assert!(b.is_eye(Color::Black, pt("A1", 5)));
    assert!(!b.is_eye(Color::White, pt("A1", 5)));
    // C3: centre point whose diagonals are D4 white, B4/B2/D2 empty -> an eye
    assert!(b.is_eye(Color::Black, pt("C3", 5)));
}

#[test]
fn ko_capture_sets_and_clears_ko_point() {
    let mut b = board(&[
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ]);
    let n = 5;
    assert_eq!(b.try_play(Color::Black, pt("C3", n)), Ok(1));
    assert_eq!(b.ko(), Some((pt("B3", n), Color::White)));
    assert_eq!(b.try_play(Color::White, pt("B3", n)), Err(IllegalMove::Ko));
    // Black may fill the ko itself
    assert!(b.clone().try_play(Color::Black, pt("B3", n)).is_ok());
    b.pass();
    assert_eq!(b.try_play(Color::White, pt("B3", n)), Ok(1));
}

#[test]
fn suicide_and_capture_priority() {
    let b = board(&[". O . .", "O . . .", ". . . .", ". . . ."]);
    let n = 4;
    assert_eq!(b.suicide_stones(Color::Black, pt("A4", n)), 1);
    assert_eq!(
        b.clone().try_play(Color::Black, pt("A4", n)),
        Err(IllegalMove::Suicide)
    );
}

#[test]
fn hash_after_and_legal_points_match_playing_the_move() {
    let mut rng = SmallRng::seed_from_u64(77);
    let (mut checked, mut with_capture, mut suicides) = (0, 0, 0);
    for n in [3, 5, 9, 13, 19] {
        for _game in 0..4 {
            let mut b = AnyBoard::new(n).unwrap();
            let mut c = Color::Black;
            for _ in 0..3 * n * n {
                // every empty point: legal_points agrees with the checked rules of play,
                // hash_after with the hash the move leaves (suicide included)
                crate::with_board!(&b, bb => {
                    let legal = bb.legal_points(c);
                    for p in bb.empty_points().points() {
                        let ok = bb.check_place(c, p).is_ok() && bb.suicide_stones(c, p) == 0;
                        assert_eq!(legal.contains(p.idx()), ok, "{p:?} {bb}");
                        let mut raw = **bb;
                        let out = raw.play_unchecked(c, p);
                        assert_eq!(bb.hash_after(c, p), raw.hash(), "{p:?} {bb}");
                        checked += 1;
                        with_capture += (out.captured > 0) as u32;
                        suicides += (out.suicide > 0) as u32;
                    }
                    assert!(!legal.intersects(&bb.stones(Color::Black).or(bb.stones(Color::White))));
                });
                let m =
                    crate::with_board!(&mut b, bb => bb.random_move(c, |k| rng.random_range(0..k)));
                match m {
                    Some(p) => {
                        b.try_play(c, p).unwrap();
                    }
                    None => b.pass(),
                }
                c = c.opponent();
            }
        }
    }
    assert!(
        checked > 10_000 && with_capture > 100 && suicides > 100,
        "{checked} {with_capture} {suicides}"
    );
}

/// Moves played with `play_logged` (captures, suicides and kos among them) and passes with
/// `pass_logged`, taken back with `undo_to`, leave every field as it was; the logged play
/// also ends as plain play does.
#[test]
fn undo_restores_every_field() {
    let mut rng = SmallRng::seed_from_u64(53);
    let mut log = UndoLog::default();
    let (mut captures, mut suicides, mut nested, mut kos_passed) = (0, 0, 0, 0);
    for round in 0..400 {
        let size = if round % 4 == 0 { 19 } else { 9 };
        let mut b = Board19::new(size).unwrap();
        let mut c = Color::Black;
        for _ in 0..rng.random_range(0..3 * size * size / 2) {
            match b.random_move(c, |k| rng.random_range(0..k)) {
                Some(p) => {
                    b.play_unchecked(c, p);
                }
                None => b.pass(),
            }
            c = c.opponent();
        }
        let before = b;
        let mark = log.mark();
        let mut plain = b;
        for step in 0..rng.random_range(1..12) {
            let empties = b.empty_list();
            if empties.is_empty() {
                break;
            }
            let p = Point(empties[rng.random_range(0..empties.len())]);
            if b.ko().is_some_and(|(k, kc)| k == p && kc == c) {
                continue;
            }
            if step % 4 == 3 {
                // a pass, taken back with the moves (it clears the ko point)
                kos_passed += b.ko().is_some() as u32;
                b.pass_logged(&mut log);
                plain.pass();
                assert!(b.identical(&plain));
                c = c.opponent();
                continue;
            }
            let out = b.play_logged(c, p, &mut log);
            let out2 = plain.play_unchecked(c, p);
            assert_eq!(out, out2);
            assert!(b.identical(&plain));
            b.check_consistency().unwrap();
            captures += (out.captured > 0) as u32;
            suicides += (out.suicide > 0) as u32;
            if step % 3 == 2 {
                // a branch taken back on its own, as a ladder reader's fork does
                let keep = b;
                let q = b.empty_list().first().map(|&q| Point(q));
                if let Some(q) = q {
                    if !b.ko().is_some_and(|(k, kc)| k == q && kc == c.opponent()) {
                        let m = log.mark();
                        b.play_logged(c.opponent(), q, &mut log);
                        b.undo_to(&mut log, m);
                        assert!(b.identical(&keep));
                        nested += 1;
                    }
                }
            }
            c = c.opponent();
        }
        b.undo_to(&mut log, mark);
        assert!(b.identical(&before), "round {round}");
        b.check_consistency().unwrap();
    }
    assert!(
        captures > 100 && suicides > 10 && nested > 100 && kos_passed > 0,
        "{captures} {suicides} {nested} {kos_passed}"
    );
}
