use super::*;
use crate::board::Board9;
use crate::patterns::shape3::canonical;
use crate::search::playout::heavy::HeavyParams;

fn sample(size: usize, moves: &str, target: f64) -> Sample {
    Sample {
        size,
        komi: 7.5,
        moves: moves.split_whitespace().map(String::from).collect(),
        target,
        playouts: 0,
    }
}

/// A 7x7 position after random moves where the mover has a bad self-atari, moves next to
/// the last one and far from it.
fn position() -> (Board9, Context, Color) {
    let mut rng = SmallRng::seed_from_u64(17);
    let f = Features::new(&[], 1.0, [1.0; DISTANCES]);
    let g = f.gammas();
    loop {
        let mut b = Board9::new(7).unwrap();
        let mut ctx = Context::default();
        let mut c = Color::Black;
        for n in 0..30 {
            let mv = crate::search::playout::light::Light.choose(&mut b, c, &ctx, &mut rng);
            match mv {
                Some(p) => {
                    b.play_unchecked(c, p);
                }
                None => b.pass(),
            }
            ctx.last = [mv, ctx.last[0]];
            c = c.opponent();
            if n < 12 || ctx.last.contains(&None) {
                continue;
            }
            let (mut all, mut filtered) = (vec![], vec![]);
            candidates(&b, c, &ctx, false, &f, &g, 1.0, &mut all);
            candidates(&b, c, &ctx, true, &f, &g, 1.0, &mut filtered);
            let has = |d: usize| filtered.iter().any(|x| x.distance == d);
            if filtered.len() < all.len() && has(0) && has(1) && has(2) {
                return (b, ctx, c);
            }
        }
    }
}

/// Features whose shape classes are half of the classes on `b` (the rest rare), with
/// gammas that differ from class to class.
fn features(b: &Board9, c: Color) -> Features {
    let mut classes = vec![];
    for (i, &e) in b.empty_list().iter().enumerate() {
        let k = shape_index(b, Point(e));
        let k = if c == Color::Black {
            k
        } else {
            swap_colours(k)
        };
        if playable(k) && i % 2 == 0 {
            classes.push((canonical(k), 0.3 + (i % 7) as f32 * 0.4));
        }
    }
    classes.sort_by_key(|x| x.0);
    classes.dedup_by_key(|x| x.0);
    Features::new(&classes, 0.7, [1.0, 3.0, 2.0, 1.5])
}

fn log_pi(f: &Features, b: &Board9, c: Color, ctx: &Context, filter: bool, p: Point) -> f64 {
    let g = f.gammas();
    let mut cands = vec![];
    candidates(b, c, ctx, filter, f, &g, 1.0, &mut cands);
    let total: f64 = cands.iter().map(|x| x.weight).sum();
    let w = cands.iter().find(|x| x.point == p).unwrap().weight;
    (w / total).ln()
}

#[test]
fn the_gradient_of_log_pi_matches_finite_differences() {
    let (b, ctx, c) = position();
    for filter in [false, true] {
        let f = features(&b, c);
        let g = f.gammas();
        let mut cands = vec![];
        candidates(&b, c, &ctx, filter, &f, &g, 1.0, &mut cands);
        // a move next to the last one, and a far one
        let near = cands.iter().find(|x| x.distance == 1).unwrap().point;
        let far = cands.iter().find(|x| x.distance == 0).unwrap().point;
        for chosen in [near, far] {
            let mut psi = vec![0.0; f.theta.len()];
            assert!(add_grad_log_pi(&cands, chosen, &f, 1.0, &mut psi));
            let mut nonzero = 0;
            for (j, &analytic) in psi.iter().enumerate() {
                let eps = 1e-3;
                let mut up = f.clone();
                up.theta[j] += eps;
                let mut down = f.clone();
                down.theta[j] -= eps;
                let fd = (log_pi(&up, &b, c, &ctx, filter, chosen)
                    - log_pi(&down, &b, c, &ctx, filter, chosen))
                    / (2.0 * eps);
                assert!(
                    (fd - analytic).abs() < 2e-3,
                    "feature {j}: analytic {analytic} numeric {fd}"
                );
                nonzero += (analytic.abs() > 1e-3) as usize;
            }
            // the gradient touches several shape classes and the distances
            assert!(nonzero >= 5, "{nonzero}");
        }
    }
    // the bad self-atari is a candidate without the filter only
    let f = features(&b, c);
    let g = f.gammas();
    let mut all = vec![];
    let mut filtered = vec![];
    candidates(&b, c, &ctx, false, &f, &g, 1.0, &mut all);
    candidates(&b, c, &ctx, true, &f, &g, 1.0, &mut filtered);
    assert!(filtered.len() < all.len());
}

#[test]
fn the_policy_draws_from_the_modelled_distribution() {
    let (b, ctx, c) = position();
    let f = features(&b, c);
    let g = f.gammas();
    let mut cands = vec![];
    candidates(&b, c, &ctx, false, &f, &g, 1.0, &mut cands);
    let total: f64 = cands.iter().map(|x| x.weight).sum();
    let params = LearnedParams::default();
    let mut replies = Replies::new(7);
    let mut state = LearnedState::new(7);
    let mut pol = Learned::with_gammas(
        &g,
        &params,
        &HeavyParams::default(),
        &mut replies,
        &mut state,
    );
    pol.start(&b);
    let mut rng = SmallRng::seed_from_u64(3);
    let draws = 40_000;
    let mut seen = std::collections::HashMap::new();
    for _ in 0..draws {
        let p = pol.weighted(&b, c, &ctx, false, &mut rng).unwrap();
        *seen.entry(p).or_insert(0u32) += 1;
    }
    for x in &cands {
        let want = x.weight / total;
        let got = *seen.get(&x.point).unwrap_or(&0) as f64 / draws as f64;
        assert!(
            (want - got).abs() < 0.01 + 0.1 * want,
            "{:?}: {want} vs {got}",
            x.point
        );
    }
    assert!(seen.keys().all(|p| cands.iter().any(|x| x.point == *p)));
}

#[test]
fn balancing_moves_v_toward_the_target() {
    // one 7x7 position (V about 0.45 with the embedded gammas) whose target says Black
    // wins, then one where it says White wins: V goes the target's way
    let (classes, rare, distance) = Gammas::parts_from_bytes(Gammas::embedded_bytes()).unwrap();
    let mut buf = Buffers::new(7);
    for target in [1.0, 0.0] {
        let train = vec![prepare(&sample(7, "D4 C3 E3 C5", target)).unwrap()];
        let mut f = Features::new(&classes, rare, distance);
        let v = |f: &Features, buf: &mut Buffers| {
            measure(f, &f.gammas(), &train, 1000, 9, buf).1 + target
        };
        let before = v(&f, &mut buf);
        let settings = Settings {
            iterations: 10,
            m: 64,
            n: 256,
            alpha: 10.0,
            baseline: true,
            measure: 0,
            seed: 5,
        };
        let mut passes = 0;
        balance(&mut f, &train, &[], &settings, &mut |_, _, _| passes += 1);
        assert_eq!(passes, 10);
        let after = v(&f, &mut buf);
        assert!(
            (after - before) * (target - before) > 0.0 && (after - before).abs() > 0.05,
            "target {target}: V {before} -> {after}"
        );
    }
}

#[test]
fn balancing_is_deterministic_given_the_seed() {
    let train: Vec<_> = [sample(7, "D4 C3", 0.8), sample(7, "D4 C3 E3", 0.3)]
        .iter()
        .map(|s| prepare(s).unwrap())
        .collect();
    let run = |seed| {
        let mut f = Features::new(&[], 1.0, [1.0, 2.0, 1.5, 1.2]);
        let s = Settings {
            iterations: 2,
            m: 8,
            n: 8,
            alpha: 2.0,
            baseline: true,
            measure: 8,
            seed,
        };
        let mut mse = vec![];
        balance(&mut f, &train, &train[..1], &s, &mut |_, p, _| {
            mse.push(p.holdout_mse)
        });
        (f.theta, mse)
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1).0, run(2).0);
}

#[test]
fn gammas_and_positions_survive_their_files() {
    let (b, _, c) = position();
    let mut f = features(&b, c);
    for (j, t) in f.theta.iter_mut().enumerate() {
        *t += (j % 5) as f64 * 0.3 - 0.6;
    }
    let bytes = f.to_bytes();
    let g = Gammas::from_bytes(&bytes).unwrap();
    assert_eq!(g, f.gammas());
    let (classes, rare, distance) = Gammas::parts_from_bytes(&bytes).unwrap();
    let back = Features::new(&classes, rare, distance);
    assert_eq!(back.theta.len(), f.theta.len());
    for (x, y) in back.theta.iter().zip(&f.theta) {
        assert!((x - y).abs() < 1e-5, "{x} {y}");
    }
    assert!(Gammas::from_bytes(&bytes[..bytes.len() - 3]).is_err());

    let dir = std::env::temp_dir().join(format!("tengen-balance-{}", std::process::id()));
    let path = dir.join("positions.jsonl");
    let samples = vec![sample(9, "E5 pass C3", 0.25), sample(7, "D4", 0.5)];
    write_samples(&path, &samples).unwrap();
    assert_eq!(read_samples(&path).unwrap(), samples);
    assert_eq!(
        prepare(&samples[0]).unwrap().last,
        [Some(Point::new(2, 2, 9)), None]
    );
    std::fs::write(&path, "{\"size\":9}\n").unwrap();
    assert!(read_samples(&path).unwrap_err().contains("line 1"));
    assert!(sample(9, "E5 E5", 0.5).game().is_err());
    assert!(sample(9, "Z99", 0.5).game().is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
