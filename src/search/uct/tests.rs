//! Tests of the tree search as a whole, and the helpers the tests of its parts share.

use super::*;
use crate::board::{Point, Vertex};
use crate::rules::{Preset, Rules};
use crate::search::Limits;

/// The point of vertex `s` on a `size` board.
pub(super) fn pt(s: &str, size: usize) -> Point {
    s.parse::<Vertex>().unwrap().to_point(size).unwrap()
}

/// The default settings.
pub(super) fn params() -> SearchParams {
    SearchParams::default()
}

/// The tests' thinking with `threads` workers.
pub(super) fn think(threads: usize) -> Think {
    Think {
        threads,
        ..Think::for_tests()
    }
}

/// A search of `n` playouts for `c` in `g`.
pub(super) fn run(s: &mut TreeSearch, g: &Game, c: Color, n: u64) -> Report {
    s.search(
        &Request::new(
            g,
            c,
            Limits {
                playouts: Some(n),
                ..Limits::default()
            },
        ),
        &mut |_| {},
    )
}

#[test]
fn same_seed_same_search() {
    let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
    let a = run(
        &mut TreeSearch::new(&think(1), params()),
        &g,
        Color::Black,
        2000,
    );
    let b = run(
        &mut TreeSearch::new(&think(1), params()),
        &g,
        Color::Black,
        2000,
    );
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.playouts, 2000);
}

#[test]
fn a_cleared_searcher_searches_as_a_new_one() {
    // the playouts' last-good-reply tables learned in one game must not steer the next:
    // a review searches each position with an engine that searched others before, and its
    // two runs with other positions in between must still agree with a new engine
    // (with the tables on: the 9x9 defaults turn them off)
    let lgr = params().same_at_every_size();
    assert!(lgr.for_size(9).playout.heavy.lgrf > 0);
    let empty = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
    let mut other = empty.clone();
    for (c, v) in [
        (Color::Black, "E5"),
        (Color::White, "C3"),
        (Color::Black, "G7"),
    ] {
        other.play(c, crate::rules::Move::Play(pt(v, 9))).unwrap();
    }
    let new = run(
        &mut TreeSearch::new(&think(1), lgr.clone()),
        &empty,
        Color::Black,
        1500,
    );
    let mut s = TreeSearch::new(&think(1), lgr.clone());
    run(&mut s, &other, Color::White, 3000);
    s.clear();
    let again = run(&mut s, &empty, Color::Black, 1500);
    let visits = |r: &Report| -> Vec<(Option<Point>, u64)> {
        r.moves.iter().map(|m| (m.mv, m.visits)).collect()
    };
    assert_eq!(visits(&again), visits(&new));
    assert_eq!(again.score_lead, new.score_lead);
}

#[test]
fn captures_the_cutting_stones_in_atari() {
    // Black's wall on the E line has a gap at E5, the only liberty of White's three
    // cutting stones: Black captures there and wins by 1.5 (45 points to 36 + 7.5);
    // anywhere else White connects at E5, cuts the wall and wins
    let g = Game::from_diagram(
        "
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . X X X O . . .
        . X O O . O . . .
        . . X O X O . . .
        . . . X X O . . .
        . . . . X O . . .
        . . . . X O . . .",
        Rules::preset(Preset::Chinese),
    )
    .unwrap();
    let mut s = TreeSearch::new(&think(1), params());
    let r = run(&mut s, &g, Color::Black, 3000);
    assert_eq!(r.moves[0].mv, Some(pt("E5", 9)), "{:?}", &r.moves[..3]);
    assert!(r.winrate > 0.7, "{}", r.winrate);
    assert!(r.moves[0].pv.len() > 1);
    // White to move connects instead
    let r = run(&mut s, &g, Color::White, 3000);
    assert_eq!(r.moves[0].mv, Some(pt("E5", 9)), "{:?}", &r.moves[..3]);
}

#[test]
fn reports_come_while_searching() {
    let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
    let mut s = TreeSearch::new(&think(1), params());
    let mut n = 0;
    let now = Instant::now();
    let r = s.search(
        &Request::new(
            &g,
            Color::Black,
            Limits {
                playouts: None,
                time: Some(TimeLimit {
                    start: now,
                    early: true,
                    ..TimeLimit::at_most(0.3)
                }),
            },
        )
        .interval(Some(Duration::from_millis(50))),
        &mut |rep| {
            assert!(!rep.moves.is_empty() || rep.playouts == 0);
            n += 1;
        },
    );
    assert!(n >= 3, "{n} reports");
    assert!(r.playouts > 100);
    assert_eq!(r.ownership.len(), Point::index_bound(9));
}

#[test]
fn the_workers_buffers_come_out_of_the_trees_memory() {
    let mb = |n: usize| n << 20;
    let p = params();
    let node = crate::search::tree::NODE_BYTES;
    // every thread's buffers are paid for by the tree
    let (one, four) = (nodes_within(mb(64), 1, &p), nodes_within(mb(64), 4, &p));
    assert!(one > four && one * node < mb(64) && four * node < mb(64));
    // the network's buffers count only where it sets priors
    let mut off = params();
    off.set("prior_net=0").unwrap();
    assert!(nodes_within(mb(64), 4, &off) > four);
    // a small cap keeps a quarter for the tree
    assert_eq!(nodes_within(mb(4), 64, &p), mb(1) / node);
}
