use super::*;
use crate::board::{Board19, Board9};
use crate::patterns::shape3::{canonical, distance_class};
use crate::search::playout::light::Light;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Gammas that differ from shape to shape (a hash of the index), so that a stale weight
/// shows; unplayable shapes stay 0.
fn hashed() -> &'static Gammas {
    static G: OnceLock<Gammas> = OnceLock::new();
    G.get_or_init(|| {
        let mut g = Gammas::uniform();
        for (i, x) in g.shape.iter_mut().enumerate() {
            if *x > 0.0 {
                let h = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40;
                *x = 0.1 + (h % 1000) as f32 / 100.0;
            }
        }
        g.distance = [1.0, 8.0, 3.0, 2.0];
        g
    })
}

/// A board after `n` light random moves from empty.
fn random_board<const W: usize, const P: usize>(
    size: usize,
    n: usize,
    rng: &mut SmallRng,
) -> (Board<W, P>, Color) {
    let mut b = Board::<W, P>::new(size).unwrap();
    let mut c = Color::Black;
    for _ in 0..n {
        match Light.choose(&mut b, c, &Context::default(), rng) {
            Some(p) => {
                b.play_unchecked(c, p);
            }
            None => b.pass(),
        }
        c = c.opponent();
    }
    (b, c)
}

fn random_board9(n: usize, rng: &mut SmallRng) -> (Board9, Color) {
    random_board(9, n, rng)
}

#[test]
fn the_shape_decides_legality_and_own_eyes() {
    let mut rng = SmallRng::seed_from_u64(11);
    let mut checked = [0usize; 2];
    for n in [0, 10, 40, 80, 120, 200] {
        let (b, _) = random_board9(n, &mut rng);
        for &e in b.empty_list() {
            let p = Point(e);
            for c in Color::BOTH {
                if b.ko() == Some((p, c)) {
                    continue;
                }
                let k = shape_index(&b, p);
                let k = if c == Color::Black {
                    k
                } else {
                    swap_colours(k)
                };
                let want = b.is_legal_fast(c, p) && !b.is_eye(c, p);
                assert_eq!(playable(k), want, "{b}\n{c:?} {p:?}");
                checked[want as usize] += 1;
            }
        }
    }
    assert!(checked[0] > 20 && checked[1] > 300, "{checked:?}");
}

#[test]
fn mirrors_and_transposes_map_shapes_as_the_board_maps() {
    let mut rng = SmallRng::seed_from_u64(12);
    let s = 9;
    for n in [20, 60, 100] {
        let (b, _) = random_board9(n, &mut rng);
        for (sym, f) in [
            (
                1u32,
                &(|x: usize, y: usize| (s - 1 - x, y)) as &dyn Fn(usize, usize) -> (usize, usize),
            ),
            (2, &|x, y| (x, s - 1 - y)),
            (4, &|x, y| (y, x)),
        ] {
            let mut black = vec![];
            let mut white = vec![];
            for y in 0..s {
                for x in 0..s {
                    let (u, v) = f(x, y);
                    match b.color_at(Point::new(x, y, s)) {
                        Some(Color::Black) => black.push(Point::new(u, v, s)),
                        Some(Color::White) => white.push(Point::new(u, v, s)),
                        None => {}
                    }
                }
            }
            let m = Board9::from_stones(s, &black, &white).unwrap();
            for y in 0..s {
                for x in 0..s {
                    let p = Point::new(x, y, s);
                    if b.is_empty_point(p) {
                        let (u, v) = f(x, y);
                        let k = shape_index(&b, p);
                        assert_eq!(shape_index(&m, Point::new(u, v, s)), transform(k, sym));
                        assert_eq!(canonical(transform(k, sym)), canonical(k));
                    }
                }
            }
        }
    }
}

#[test]
fn incremental_weights_match_a_rebuild_after_every_move() {
    let g = hashed();
    let mut rng = SmallRng::seed_from_u64(13);
    let params = LearnedParams::default();
    let heavy = HeavyParams::default();
    let mut replies = Replies::new(9);
    let mut state = LearnedState::new(9);
    let mut fresh = LearnedState::new(9);
    let mut captures = 0;
    for game in 0..30 {
        let mut b = Board9::new(9).unwrap();
        let mut pol = Learned::with_gammas(g, &params, &heavy, &mut replies, &mut state);
        pol.start(&b);
        let mut c = if game % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut ctx = Context::default();
        let mut passes = 0;
        let mut turns = 0;
        while passes < 2 && turns < 300 {
            let mv = pol.choose(&mut b, c, &ctx, &mut rng);
            match mv {
                Some(p) => {
                    assert!(
                        b.is_empty_point(p) && b.is_legal_fast(c, p),
                        "{b}\n{c:?} {p:?}"
                    );
                    assert!(!b.is_eye(c, p), "{b}\n{c:?} fills its eye at {p:?}");
                    let before = b.stones(Color::Black).count() + b.stones(Color::White).count();
                    pol.play(&mut b, c, p);
                    let after = b.stones(Color::Black).count() + b.stones(Color::White).count();
                    captures += (after < before + 1) as usize;
                    passes = 0;
                }
                None => {
                    b.pass();
                    passes += 1;
                }
            }
            fresh.rebuild(g, &b);
            for e in 0..Point::index_bound(9) {
                let p = Point(e as u16);
                for col in Color::BOTH {
                    assert_eq!(
                        pol.state.weight(col, p),
                        fresh.weight(col, p),
                        "{b}\n{col:?} at {p:?} after {turns} turns"
                    );
                }
            }
            for col in 0..2 {
                assert!((pol.state.total[col] - fresh.total[col]).abs() < 1e-3);
            }
            ctx.last = [mv, ctx.last[0]];
            c = c.opponent();
            turns += 1;
        }
        assert!(turns < 300, "the playout did not end\n{b}");
        b.check_consistency().unwrap();
    }
    assert!(
        captures > 30,
        "only {captures} captures: the test misses the capture updates"
    );
}

#[test]
fn draws_follow_the_weights() {
    let g = hashed();
    let mut rng = SmallRng::seed_from_u64(14);
    let (b, c): (Board19, Color) = random_board(19, 60, &mut rng);
    let mut st = LearnedState::new(19);
    st.rebuild(g, &b);
    let w = weights(g, &b, c);
    let total: f64 = w.iter().map(|&(_, x)| x as f64).sum();
    assert!((total - st.total[c.index()]).abs() < 1e-3);
    let (top, tw) = w
        .iter()
        .copied()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    let n = 40_000;
    let mut hits = 0;
    let mut zero = 0;
    for _ in 0..n {
        let p = st.draw(c, &mut rng).unwrap();
        hits += (p == top) as usize;
        zero += (st.weight(c, p) == 0.0) as usize;
    }
    assert_eq!(zero, 0, "a point of weight 0 was drawn");
    let want = n as f64 * tw as f64 / total;
    assert!(
        (hits as f64 - want).abs() < 5.0 * want.sqrt() + 5.0,
        "{hits} draws of the heaviest point, {want:.0} expected"
    );
    assert!(any_playable(g, &b, c, &mut rng).is_some());
}

#[test]
fn the_file_form_round_trips_and_damage_is_refused() {
    let classes = vec![(canonical(0x1234), 2.5f32), (canonical(0x5_0040), 0.25)];
    let bytes = Gammas::to_bytes(&classes, 0.5, [1.0, 4.0, 2.0, 1.5]);
    let g = Gammas::from_bytes(&bytes).unwrap();
    assert_eq!(g, Gammas::from_classes(&classes, 0.5, [1.0, 4.0, 2.0, 1.5]));
    // a shape not among the classes takes the rare gamma
    assert_eq!(g.shape(0x0100), 0.5);
    assert_eq!(g.distance(1), 4.0);
    for s in 0..8 {
        let k = transform(classes[0].0, s);
        assert_eq!(g.shape(k), if playable(k) { 2.5 } else { 0.0 });
    }
    assert!(Gammas::from_bytes(&bytes[..bytes.len() - 2]).is_err());
    assert!(Gammas::from_bytes(b"nonsense").is_err());
    let mut bad = bytes.clone();
    let n = bad.len();
    bad[n - 1] = 0xff; // a NaN gamma
    assert!(Gammas::from_bytes(&bad).is_err());
    assert!(Gammas::embedded().shape(0) > 0.0);
}

#[test]
fn distance_classes_see_the_last_two_moves() {
    let s = 9;
    let at = |x, y| Point::new(x, y, s);
    let last = [Some(at(4, 4)), Some(at(1, 1))];
    assert_eq!(distance_class(s + 1, at(4, 5), &last), 1);
    assert_eq!(distance_class(s + 1, at(3, 4), &last), 1);
    assert_eq!(distance_class(s + 1, at(5, 5), &last), 2);
    assert_eq!(distance_class(s + 1, at(3, 3), &last), 2);
    assert_eq!(distance_class(s + 1, at(0, 0), &last), 3);
    assert_eq!(distance_class(s + 1, at(6, 4), &last), 0);
    assert_eq!(distance_class(s + 1, at(8, 8), &[None, None]), 0);
}

#[test]
fn a_gammas_file_must_be_regular_and_within_the_largest_the_format_holds() {
    let e = GammasFile::load("/dev/zero").err().unwrap();
    assert_eq!(e, "/dev/zero: a character device, not a regular file");
    // the largest file the format holds: every shape a class
    let classes: Vec<(u32, f32)> = (0..SHAPES as u32).map(|k| (k, 1.0)).collect();
    let most = Gammas::to_bytes(&classes, 1.0, [1.0; DISTANCES]);
    assert_eq!(most.len() as u64, MAX_FILE_BYTES);
    let dir = std::env::temp_dir().join(format!("tengen-gammas-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.bin");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(MAX_FILE_BYTES + 1)
        .unwrap();
    let e = GammasFile::load(big.to_str().unwrap()).err().unwrap();
    let want = format!("larger than the {MAX_FILE_BYTES} bytes allowed");
    assert!(e.ends_with(&want), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
