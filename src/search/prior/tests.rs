//! Tests of the prior module.

use super::*;
use crate::board::Board9;

fn prior_of(out: &[NewChild], p: Point) -> f64 {
    let c = out.iter().find(|c| c.point == p).unwrap();
    c.prior_w2 as f64 / (2.0 * c.prior_n as f64)
}

fn pt(s: &str) -> Point {
    s.parse::<crate::board::Vertex>()
        .unwrap()
        .to_point(9)
        .unwrap()
}

/// Random positions of every board size (stones in atari, ladders, edges).
fn random_boards(f: &mut impl FnMut(&crate::board::AnyBoard)) {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(53);
    for size in [5, 9, 13, 19] {
        for fill in [1, 3, 5, 7] {
            let mut a = crate::board::AnyBoard::new(size).unwrap();
            for i in 0..size * size * fill / 8 {
                let p = Point::new(rng.random_range(0..size), rng.random_range(0..size), size);
                let _ = a.try_play(Color::BOTH[i % 2], p);
            }
            f(&a);
        }
    }
}

#[test]
fn near_stones_are_the_points_without_an_empty_square_around() {
    random_boards(&mut |a| {
        crate::with_board!(a, b => {
            let near = NearStones::of(&**b);
            let s = b.size();
            for p in b.points() {
                let (x, y) = p.xy(s);
                let i = p.idx();
                assert_eq!(near.one.contains(i), !empty_around(&**b, x, y, 1));
                assert_eq!(near.two.contains(i), !empty_around(&**b, x, y, 2));
            }
            assert!(near.two.and_not(&b.on_board()).is_empty());
        })
    });
}

#[test]
fn the_tactical_ladders_give_the_same_features() {
    let mut ataris = 0;
    random_boards(&mut |a| {
        crate::with_board!(a, b => {
            for c in Color::BOTH {
                let t = Tactical::of(&**b, c);
                let last = b.points().find(|&p| b.color_at(p) == Some(c.opponent()));
                let plain = Context::new(&**b, c, last, None, false);
                let read = Context::new(&**b, c, last, None, false).with_ladders(t.ladder);
                for &i in b.empty_list() {
                    let p = Point(i);
                    let f = plain.features(&**b, p);
                    assert_eq!(f, read.features(&**b, p), "{:?}", p.vertex(b.size()));
                    ataris += (crate::patterns::features::Group::Atari.level(f) == 1) as u32;
                }
            }
        })
    });
    assert!(ataris > 0, "some ladder read");
}

#[test]
fn capture_beats_even_and_no_child_fills_an_eye() {
    // White C3 in atari (B3, D3, C4 black; C2 empty), black eye at A1
    let b = Board9::from_stones(
        9,
        &[pt("B3"), pt("D3"), pt("C4"), pt("A2"), pt("B1")],
        &[pt("C3")],
    )
    .unwrap();
    let mut out = vec![];
    Priors::new(PriorParams::new(14)).compute(
        &b,
        Color::Black,
        &[Some(pt("C3")), None, None],
        &mut out,
    );
    assert!(prior_of(&out, pt("C2")) > 0.6, "capture");
    assert!(out.iter().all(|c| c.point != pt("A1")), "own eye");
    assert!(out.iter().any(|c| c.point == PASS));
    assert_eq!(out.len(), 81 - 6 - 1 + 1);
}

fn value(out: &[NewChild], p: Point) -> Option<f64> {
    out.iter()
        .find(|c| c.point == p)
        .map(|c| c.prior_w2 as f64 / (2.0 * c.prior_n as f64))
}

#[test]
fn no_early_pass_child_before_pachis_earliest_pass_unless_the_opponent_passed() {
    assert!(before_earliest_pass(9, 15) && !before_earliest_pass(9, 16));
    assert!(before_earliest_pass(13, 38) && !before_earliest_pass(13, 39));
    assert!(before_earliest_pass(19, 112) && !before_earliest_pass(19, 113));
    let stones =
        |n: usize| -> Vec<Point> { (0..n).map(|i| Point::new(i % 9, 2 * (i / 9), 9)).collect() };
    let mut params = PriorParams::new(14);
    params.early_pass = false;
    let pr = Priors::new(params);
    let has_pass = |b: &Board9, last: Option<Point>| {
        let mut out = vec![];
        pr.compute(b, Color::White, &[last, None, None], &mut out);
        out.iter().any(|c| c.point == PASS)
    };
    let few = Board9::from_stones(9, &stones(15), &[]).unwrap();
    assert!(
        !has_pass(&few, Some(pt("A1"))),
        "15 stones on 9x9, no pass yet"
    );
    assert!(has_pass(&few, None), "the opponent passed");
    let enough = Board9::from_stones(9, &stones(16), &[]).unwrap();
    assert!(has_pass(&enough, Some(pt("A1"))));
    let mut out = vec![];
    Priors::new(PriorParams::new(14)).compute(
        &few,
        Color::White,
        &[Some(pt("A1")), None, None],
        &mut out,
    );
    assert!(out.iter().any(|c| c.point == PASS), "early_pass keeps it");
}

#[test]
fn ladders_chased_and_caught_escapes_pruned() {
    // White C3 (two liberties, C2 and D3) against Black B3, C4, D2: either atari
    // captures in a ladder
    let b = Board9::from_stones(9, &[pt("B3"), pt("C4"), pt("D2")], &[pt("C3")]).unwrap();
    let mut out = vec![];
    let pr = Priors::new(PriorParams::new(14));
    pr.compute(&b, Color::Black, &[None; 3], &mut out);
    let even = value(&out, pt("G5")).unwrap();
    assert!(value(&out, pt("C2")).unwrap() > even);
    assert!(value(&out, pt("D3")).unwrap() > even);
    // with Black on C2 too, White's run at D3 is caught: no child; with a breaker at
    // G7 it is a save
    let b = Board9::from_stones(9, &[pt("B3"), pt("C4"), pt("D2"), pt("C2")], &[pt("C3")]).unwrap();
    out.clear();
    pr.compute(&b, Color::White, &[None; 3], &mut out);
    assert_eq!(value(&out, pt("D3")), None);
    let b = Board9::from_stones(
        9,
        &[pt("B3"), pt("C4"), pt("D2"), pt("C2")],
        &[pt("C3"), pt("G7")],
    )
    .unwrap();
    out.clear();
    pr.compute(&b, Color::White, &[None; 3], &mut out);
    assert!(value(&out, pt("D3")).unwrap() > value(&out, pt("G5")).unwrap());
}

#[test]
fn retaking_a_ko_after_a_threat() {
    // White E5 took Black's stone on D5 (ko); Black then played elsewhere, White
    // answered: Black may retake at D5
    let b = Board9::from_stones(
        9,
        &[pt("E6"), pt("F5"), pt("E4")],
        &[pt("E5"), pt("D6"), pt("C5"), pt("D4")],
    )
    .unwrap();
    let mut out = vec![];
    let pr = Priors::new(PriorParams::new(14));
    pr.compute(
        &b,
        Color::Black,
        &[Some(pt("A9")), Some(pt("J1")), Some(pt("E5"))],
        &mut out,
    );
    let with = value(&out, pt("D5")).unwrap();
    out.clear();
    pr.compute(
        &b,
        Color::Black,
        &[Some(pt("A9")), Some(pt("J1")), Some(pt("H8"))],
        &mut out,
    );
    assert!(with > value(&out, pt("D5")).unwrap());
}

#[test]
fn third_line_beats_first_line_on_an_empty_board() {
    let b = Board9::new(9).unwrap();
    let mut out = vec![];
    Priors::new(PriorParams::new(14)).compute(&b, Color::Black, &[None; 3], &mut out);
    assert!(prior_of(&out, pt("C3")) > 0.5);
    assert!(prior_of(&out, pt("A5")) < 0.5);
    assert!(prior_of(&out, PASS) < 0.5);
}
#[test]
fn learned_patterns_raise_the_star_points_of_an_empty_19x19() {
    let b = crate::board::Board19::new(19).unwrap();
    let p19 = |s: &str| {
        s.parse::<crate::board::Vertex>()
            .unwrap()
            .to_point(19)
            .unwrap()
    };
    let mut with = vec![];
    Priors::new(PriorParams::new(20)).compute(&b, Color::Black, &[None; 3], &mut with);
    let mut without = vec![];
    let heuristic = PriorParams {
        learned: 0.0,
        ..PriorParams::new(20)
    };
    Priors::new(heuristic).compute(&b, Color::Black, &[None; 3], &mut without);
    assert_eq!(with.len(), without.len());
    let (q16, k10, a1) = (p19("Q16"), p19("K10"), p19("A1"));
    assert!(prior_of(&with, q16) > prior_of(&without, q16));
    assert!(prior_of(&with, q16) > prior_of(&with, k10));
    assert!(prior_of(&with, q16) > prior_of(&with, a1));
    // visits grow with the learned wins: the star point is worth more playouts
    let n = |v: &[NewChild], p| v.iter().find(|c| c.point == p).unwrap().prior_n;
    assert!(n(&with, q16) > n(&without, q16));
}

#[test]
fn joseki_replies_get_wins_on_19x19_only() {
    let p19 = |s: &str| {
        s.parse::<crate::board::Vertex>()
            .unwrap()
            .to_point(19)
            .unwrap()
    };
    let with = Priors::new(PriorParams {
        joseki: 8.0,
        ..PriorParams::new(20)
    });
    assert!(with.joseki.is_some(), "the built-in dictionary loads");
    let without = Priors::new(PriorParams {
        joseki: 0.0,
        ..PriorParams::new(20)
    });
    // Black Q16, White approaches at R14: Black to move
    let b = crate::board::Board19::from_stones(19, &[p19("Q16")], &[p19("R14")]).unwrap();
    let last = [Some(p19("R14")), Some(p19("Q16")), None];
    let (mut a, mut z) = (vec![], vec![]);
    with.compute(&b, Color::Black, &last, &mut a);
    without.compute(&b, Color::Black, &last, &mut z);
    assert_eq!(a.len(), z.len());
    let raised: Vec<Point> = a
        .iter()
        .zip(&z)
        .filter(|(x, y)| x.prior_w2 != y.prior_w2)
        .map(|(x, y)| {
            assert!(x.prior_w2 > y.prior_w2 && x.prior_n > y.prior_n);
            x.point
        })
        .collect();
    assert!(!raised.is_empty());
    for p in &raised {
        let (x, y) = p.xy(19);
        assert!(x >= 9 && y >= 9, "{:?} outside the corner", p.vertex(19));
    }
    // no joseki without a last move, nor on 9x9 (the same stones' shape)
    let (mut a, mut z) = (vec![], vec![]);
    with.compute(&b, Color::Black, &[None; 3], &mut a);
    without.compute(&b, Color::Black, &[None; 3], &mut z);
    assert_eq!(a, z);
    let b9 = Board9::from_stones(9, &[pt("F6")], &[pt("G4")]).unwrap();
    let last = [Some(pt("G4")), Some(pt("F6")), None];
    let (mut a, mut z) = (vec![], vec![]);
    with.compute(&b9, Color::Black, &last, &mut a);
    without.compute(&b9, Color::Black, &last, &mut z);
    assert_eq!(a, z);
}
