//! Tests of the one area flood fill ([`Board::flood`], [`Board::regions`],
//! [`Board::area_owners`]) against a plainly written per-point search, and of
//! [`Board::chains`].

use super::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A 9x9-width board drawn in ASCII, top row first: `X` black, `O` white, `.` empty.
fn drawn(rows: &[&str]) -> Board9 {
    let size = rows.len();
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (r, row) in rows.iter().enumerate() {
        for (x, ch) in row.split_whitespace().enumerate() {
            let p = Point::new(x, size - 1 - r, size);
            match ch {
                "X" => black.push(p),
                "O" => white.push(p),
                _ => {}
            }
        }
    }
    Board9::from_stones(size, &black, &white).expect("a board")
}

/// The owner of every point by a naive search: a stone's colour, or for an empty point
/// the only colour its empty region touches.
fn naive_owner<const W: usize, const P: usize>(b: &Board<W, P>, p: Point) -> Option<Color> {
    if let Some(c) = b.color_at(p) {
        return Some(c);
    }
    let mut seen = vec![p];
    let mut stack = vec![p];
    let mut touches = [false; 2];
    while let Some(q) = stack.pop() {
        for m in b.neighbors(q) {
            match b.color_at(m) {
                Some(c) => touches[c.index()] = true,
                None if !seen.contains(&m) => {
                    seen.push(m);
                    stack.push(m);
                }
                None => {}
            }
        }
    }
    match touches {
        [true, false] => Some(Color::Black),
        [false, true] => Some(Color::White),
        _ => None,
    }
}

#[test]
fn regions_split_a_set_into_connected_parts() {
    let b = drawn(&[
        ". . X . .",
        ". . X . .",
        "X X X O O",
        ". . O . .",
        ". . O . .",
    ]);
    let regions: Vec<Bitset<2>> = b.regions(b.empty_points()).collect();
    let sizes: Vec<u32> = regions.iter().map(Bitset::count).collect();
    assert_eq!(sizes, [4, 4, 4, 4]);
    let firsts: Vec<Option<usize>> = regions.iter().map(Bitset::first).collect();
    let at = |x, y| Some(Point::new(x, y, 5).idx());
    assert_eq!(
        firsts,
        [at(0, 0), at(3, 0), at(0, 3), at(3, 3)],
        "lowest point first"
    );
    // a partition of the empty points, and no two regions touch
    let mut union = Bitset::EMPTY;
    for (i, r) in regions.iter().enumerate() {
        assert!(!union.intersects(r));
        union = union.or(r);
        for s in &regions[i + 1..] {
            assert!(!b.dilate(r).intersects(s));
        }
    }
    assert_eq!(union, *b.empty_points());
    // points outside the board in `within` are ignored
    let all = Bitset([u64::MAX; 2]);
    assert_eq!(b.regions(&all).count(), 1);
    assert_eq!(b.regions(&Bitset::EMPTY).count(), 0);
    // the stones' regions are the chains
    let black: Vec<Bitset<2>> = b.regions(b.stones(Color::Black)).collect();
    assert_eq!(black.len(), 1);
    assert_eq!(
        black[0],
        b.chain_stones(Point::new(2, 4, 5)),
        "one black chain"
    );
}

#[test]
fn area_owners_and_score() {
    let b = drawn(&[
        ". . X . .",
        ". . X . .",
        "X X X O O",
        ". . O . .",
        ". X O . .",
    ]);
    let [black, white] = b.area_owners();
    // the top-left corner touches Black only, the bottom-right White only; the top-right
    // and the bottom-left touch both
    let owner = |x, y| {
        let i = Point::new(x, y, 5).idx();
        (black.contains(i), white.contains(i))
    };
    assert_eq!(owner(0, 4), (true, false));
    assert_eq!(owner(4, 0), (false, true));
    assert_eq!(owner(4, 4), (false, false));
    assert_eq!(owner(0, 0), (false, false));
    assert_eq!(owner(2, 2), (true, false), "a stone");
    assert_eq!(b.area_score(), black.count() as i32 - white.count() as i32);
    assert_eq!((black.count(), white.count()), (6 + 4, 4 + 4));
    let mut own = vec![0.0; Point::index_bound(5)];
    b.add_area_ownership(&mut own);
    b.add_area_ownership(&mut own);
    assert_eq!(own[Point::new(0, 4, 5).idx()], 2.0);
    assert_eq!(own[Point::new(4, 0, 5).idx()], -2.0);
    assert_eq!(own[Point::new(4, 4, 5).idx()], 0.0);
    assert_eq!(own.iter().sum::<f64>(), 2.0 * b.area_score() as f64);
    // a short slice is filled as far as it goes
    let mut short = vec![0.0; 3];
    b.add_area_ownership(&mut short);
}

#[test]
fn area_owners_match_a_naive_search_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(11);
    for size in [2, 3, 7, 9] {
        for _ in 0..50 {
            let mut b = Board9::new(size).expect("size");
            let moves = rng.random_range(0..size * size * 2);
            for i in 0..moves {
                let c = Color::BOTH[i % 2];
                let p = Point::new(rng.random_range(0..size), rng.random_range(0..size), size);
                let _ = b.try_play(c, p);
            }
            let owners = b.area_owners();
            let mut diff = 0;
            for p in b.points() {
                let want = naive_owner(&b, p);
                for c in Color::BOTH {
                    assert_eq!(owners[c.index()].contains(p.idx()), want == Some(c), "{b}");
                }
                diff += want.map_or(0, |c| c.sign() as i32);
            }
            assert_eq!(b.area_score(), diff);
        }
    }
}

#[test]
fn chains_lists_each_chain_touched_once_and_whole() {
    let b = drawn(&[". X X .", "O . X .", "O . . X", ". O . X"]);
    let size = 4;
    let at = |x, y| Point::new(x, y, size).idx();
    // one stone of the upper black chain and both stones of the right one
    let mut pick = Bitset::EMPTY;
    for i in [at(2, 2), at(3, 1), at(3, 0), at(0, 1)] {
        pick.insert(i);
    }
    pick.insert(at(1, 1)); // an empty point selects nothing
    let chains: Vec<Vec<usize>> = b.chains(&pick).map(|c| c.iter().collect()).collect();
    assert_eq!(
        chains,
        vec![
            vec![at(3, 0), at(3, 1)],
            vec![at(0, 1), at(0, 2)],
            vec![at(2, 2), at(1, 3), at(2, 3)],
        ]
    );
    assert_eq!(b.chains(&Bitset::EMPTY).count(), 0);
}

#[test]
fn flood_parts_fills_as_flood_does_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(12);
    let mut used = 0;
    for _ in 0..100 {
        let size = 9;
        let tries = rng.random_range(0..120);
        let b = super::testutil::scattered9(&mut rng, tries);
        // the points without a black stone; the known parts are the regions of those of
        // them outside a band of rows, as the local game knows the outside of its area
        let within = b.on_board().and_not(b.stones(Color::Black));
        let mut band = Bitset::EMPTY;
        for x in 0..size {
            for y in 3..6 {
                band.insert(Point::new(x, y, size).idx());
            }
        }
        let parts: Vec<Bitset<2>> = b.regions(&within.and_not(&band)).collect();
        used += parts.len();
        for p in within.iter() {
            let mut seed = Bitset::EMPTY;
            seed.insert(p);
            assert_eq!(
                b.flood_parts(&seed, &within, &parts),
                b.flood(&seed, &within),
                "{b}"
            );
        }
    }
    assert!(used > 100, "the parts were used: {used}");
}

#[test]
fn flood_parts_fills_as_flood_does_with_any_whole_regions_as_parts() {
    let mut rng = SmallRng::seed_from_u64(40);
    let mut crossed = 0;
    for _ in 0..300 {
        let tries = rng.random_range(10..120);
        let b = super::testutil::scattered9(&mut rng, tries);
        let c = Color::BOTH[rng.random_range(0..2)];
        let within = b.on_board().and_not(b.stones(c));
        // some whole regions of `within` as known parts, as the local game passes them
        let parts: Vec<Bitset<2>> = b
            .regions(&within)
            .filter(|_| rng.random_range(0..3) > 0)
            .collect();
        let known = parts.iter().fold(Bitset::EMPTY, |a, p| a.or(p));
        for p in within.iter() {
            let mut seed = Bitset::EMPTY;
            seed.insert(p);
            let got = b.flood_parts(&seed, &within, &parts);
            assert_eq!(got, b.flood(&seed, &within), "{b}");
            crossed += usize::from(got.intersects(&known));
        }
    }
    assert!(crossed > 1000, "{crossed}");
}
