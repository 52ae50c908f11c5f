use super::*;

fn spec(text: &str) -> ParamSpec {
    match parse_tune(text) {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

#[test]
fn tune_options_parse_and_refuse() {
    let p = spec("heavy_pattern=90,0,100,10,0.002");
    assert_eq!(
        (p.name.as_str(), p.start, p.min, p.max, p.c_end, p.r_end),
        ("heavy_pattern", 90.0, 0.0, 100.0, 10.0, 0.002)
    );
    assert!(p.integer, "the heavy percentages are whole numbers");
    let q = spec(" prior_capture = 1.5, 0, 4, 0.25 ");
    assert!(!q.integer);
    assert_eq!(q.r_end, DEFAULT_R_END, "R_END may be left out");
    for integer in [
        "expand_visits",
        "prior_even",
        "heavy_ko",
        "min_visits_to_stop",
    ] {
        assert_eq!(param_is_integer(integer), Ok(true), "{integer}");
    }
    for real in ["rave_k", "exploration", "prior_line1", "amaf_early_weight"] {
        assert_eq!(param_is_integer(real), Ok(false), "{real}");
    }
    let err = |text: &str| parse_tune(text).err().unwrap_or_default();
    assert!(err("heavy.pattern=90,0,100,10").contains("did you mean heavy_pattern?"));
    assert!(err("martian=1,0,2,1").contains("unknown parameter \"martian\""));
    assert!(err("policy=1,0,2,1").contains("not a number"));
    assert!(err("rave_k=3000,4000,2000,100").contains("MIN 4000 must be below MAX 2000"));
    assert!(err("rave_k=3000,3000,3000,100").contains("must be below"));
    assert!(err("rave_k=5000,0,4000,100").contains("START 5000 is outside [0, 4000]"));
    assert!(err("rave_k=abc,0,4000,100").contains("START \"abc\" is not a number"));
    assert!(err("rave_k=1,0,4000,nan").contains("C_END \"nan\" is not a number"));
    assert!(err("rave_k=1,0,4000,inf").contains("not a number"));
    assert!(err("rave_k=1,0,4000,0").contains("C_END 0 must be above 0"));
    assert!(err("rave_k=1,0,4000,10,-1").contains("R_END -1 must be above 0"));
    assert!(err("rave_k=1,0,4000").contains("not 3 numbers"));
    assert!(err("rave_k=1,0,4000,1,1,1").contains("not 6 numbers"));
    assert!(err("rave_k").contains("expected NAME="));
    assert!(err("heavy_pattern=50,0,101,10").contains("the engine refuses 101"));
    assert!(err("rave_k=1,-5,10,1").contains("the engine refuses -5"));
    assert!(err("heavy_pattern=50,0.5,100,10").contains("MIN and MAX must be whole"));
}

#[test]
fn schedule_ends_at_c_end_and_r_end() {
    let p = spec("heavy_pattern=90,0,100,10,0.002");
    let s = Schedule::new(200);
    let end = s.gains(&p, 200);
    assert!((end.c - 10.0).abs() < 1e-12 && (end.r - 0.002).abs() < 1e-15);
    // worked by hand: c_1 = 10 * 200^0.101; a_1 = 0.2 * (220 / 21)^0.602; R_1 = a_1 / c_1^2 = 0.0028209
    let first = s.gains(&p, 1);
    assert!((first.c - 17.0766).abs() < 1e-3, "{}", first.c);
    assert!((first.r - 0.0028209).abs() < 1e-6, "{}", first.r);
    let mut last = first;
    for k in 2..=200 {
        let g = s.gains(&p, k);
        assert!(g.c < last.c, "c falls");
        last = g;
    }
    // the step R c per unit of result falls too
    assert!(first.r * first.c > end.r * end.c);
}

#[test]
fn probes_perturb_symmetrically_round_integers_and_clamp() {
    let specs = vec![
        spec("prior_capture=1,0,2,0.1,0.002"),
        spec("heavy_pattern=50,0,100,3,0.002"),
    ];
    let s = Schedule::new(100);
    let mut seen = [[0; 2]; 2];
    let mut integer_sum = 0.0;
    for k in 1..=100 {
        let p = perturb(&specs, &s, 7, &[1.0, 50.3], k);
        assert_eq!(p.iteration, k);
        let c = s.gains(&specs[0], k).c;
        for (i, f) in p.flips.iter().enumerate() {
            assert!(*f == 1 || *f == -1);
            seen[i][usize::from(*f == 1)] += 1;
        }
        let f0 = f64::from(p.flips[0]);
        assert!((p.plus[0] - (1.0 + c * f0)).abs() < 1e-12);
        assert!((p.minus[0] - (1.0 - c * f0)).abs() < 1e-12);
        assert!(p.plus[1].fract() == 0.0 && p.minus[1].fract() == 0.0);
        let c1 = s.gains(&specs[1], k).c;
        let f1 = f64::from(p.flips[1]);
        // one draw rounds both sides: they stay about 2 c apart
        let gap = (p.plus[1] - p.minus[1]) * f1;
        assert!((gap - 2.0 * c1).abs() <= 1.0, "{gap} vs {}", 2.0 * c1);
        integer_sum += p.plus[1] - c1 * f1;
        assert_eq!(p, perturb(&specs, &s, 7, &[1.0, 50.3], k), "deterministic");
    }
    for (i, counts) in seen.iter().enumerate() {
        assert!(counts[0] > 30 && counts[1] > 30, "param {i}: {counts:?}");
    }
    // stochastic rounding is unbiased: the rounded values average to theta + c flip
    let mean = integer_sum / 100.0;
    assert!((mean - 50.3).abs() < 0.2, "{mean}");
    assert_ne!(
        perturb(&specs, &s, 7, &[1.0, 50.0], 1).flips.len(),
        0,
        "a flip per parameter"
    );
    let other_seed: Vec<Vec<i8>> = (1..=20)
        .map(|k| perturb(&specs, &s, 8, &[1.0, 50.0], k).flips)
        .collect();
    let this_seed: Vec<Vec<i8>> = (1..=20)
        .map(|k| perturb(&specs, &s, 7, &[1.0, 50.0], k).flips)
        .collect();
    assert_ne!(other_seed, this_seed, "the seed decides the flips");
    // at the edge of the range both sides are clamped into it
    let edge = perturb(&specs, &s, 7, &[2.0, 100.0], 1);
    assert!(edge
        .plus
        .iter()
        .chain(&edge.minus)
        .zip([2.0, 100.0, 2.0, 100.0])
        .all(|(v, m)| *v <= m));
    assert!(edge.plus.iter().chain(&edge.minus).all(|v| *v >= 0.0));
}

#[test]
fn update_follows_the_winner_and_stays_in_range() {
    let specs = vec![
        spec("prior_capture=1,0,2,0.1,0.002"),
        spec("rave_k=3000,1000,5000,300,0.002"),
    ];
    let s = Schedule::new(50);
    let probe = Probe {
        iteration: 50,
        flips: vec![1, -1],
        plus: vec![1.1, 2700.0],
        minus: vec![0.9, 3300.0],
    };
    let mut theta = vec![1.0, 3000.0];
    update(&specs, &s, &mut theta, &probe, 2);
    // at the end R c = r_end c_end: plus won both games, so theta moves its way
    assert!((theta[0] - (1.0 + 0.002 * 0.1 * 2.0)).abs() < 1e-12);
    assert!((theta[1] - (3000.0 - 0.002 * 300.0 * 2.0)).abs() < 1e-9);
    let before = theta.clone();
    update(&specs, &s, &mut theta, &probe, 0);
    assert_eq!(theta, before, "a drawn pair moves nothing");
    update(&specs, &s, &mut theta, &probe, -2);
    assert!((theta[0] - 1.0).abs() < 1e-12 && (theta[1] - 3000.0).abs() < 1e-9);
    let mut edge = vec![2.0, 1000.0];
    update(&specs, &s, &mut edge, &probe, 2);
    assert_eq!(edge, vec![2.0, 1000.0], "clamped to the range");
}

/// A tiny generator for the simulated games' noise.
struct Noise(u64);

impl Noise {
    fn unit(&mut self) -> f64 {
        self.0 = splitmix64(self.0);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A simulated pair: each game is won by plus with the logistic probability of the
/// strength difference; the strength peaks at `best`.
fn simulated_pair(specs: &[ParamSpec], probe: &Probe, best: &[f64], noise: &mut Noise) -> Score {
    let strength = |x: &[f64]| -> f64 {
        x.iter()
            .zip(best)
            .zip(specs)
            .map(|((v, b), p)| {
                let d = (v - b) / (p.max - p.min);
                -16.0 * d * d
            })
            .sum()
    };
    let diff = strength(&probe.plus) - strength(&probe.minus);
    let p_plus = 1.0 / (1.0 + (-diff).exp());
    let mut score = Score::default();
    for _ in 0..2 {
        if noise.unit() < p_plus {
            score.wins += 1;
        } else {
            score.losses += 1;
        }
    }
    score
}

/// Plays `state` to its end against the simulated objective, `batch` pairs at a time.
fn simulate(state: &mut TuneState, best: &[f64], batch: usize, noise: &mut Noise) {
    while state.iteration < state.schedule.iterations {
        let pairs = state
            .probes(batch)
            .into_iter()
            .map(|probe| {
                let score = simulated_pair(&state.params, &probe, best, noise);
                PairRecord { probe, score }
            })
            .collect();
        state.apply(pairs);
    }
}

#[test]
fn estimate_moves_toward_a_known_optimum_through_noise() {
    let specs = vec![
        spec("heavy_pattern=85,0,100,5,0.01"),
        spec("prior_capture=3.5,0,4,0.2,0.01"),
    ];
    let best = [30.0, 1.0];
    for seed in 1..=3 {
        let mut state = TuneState::new(specs.clone(), Schedule::new(1000), seed, String::new());
        let mut noise = Noise(seed * 1000);
        simulate(&mut state, &best, 4, &mut noise);
        assert_eq!(state.iteration, 1000);
        assert_eq!(state.history.len(), 250);
        assert_eq!(state.total.wins + state.total.losses, 2000);
        for (i, p) in specs.iter().enumerate() {
            let (start, end) = ((p.start - best[i]).abs(), (state.theta[i] - best[i]).abs());
            assert!(
                end < 0.25 * start,
                "seed {seed} {}: from {} to {} (best {})",
                p.name,
                p.start,
                state.theta[i],
                best[i]
            );
        }
    }
}

#[test]
fn state_round_trips_and_resumes_as_one_run() {
    let specs = vec![
        spec("heavy_pattern=85,0,100,5,0.01"),
        spec("prior_capture=3.5,0,4,0.2,0.01"),
    ];
    let best = [30.0, 1.0];
    let schedule = Schedule::new(40);
    let mut whole = TuneState::new(specs.clone(), schedule, 5, "x".into());
    let mut noise = Noise(9);
    simulate(&mut whole, &best, 3, &mut noise);

    let dir = std::env::temp_dir().join(format!("tengen-tune-unit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("state.json");
    let mut noise = Noise(9);
    let mut batches = 0;
    loop {
        let mut s = load_or_new(&path, specs.clone(), schedule, 5, "x".into()).expect("load");
        if s.iteration >= schedule.iterations {
            assert_eq!(s, whole, "the resumed run is the uninterrupted one");
            break;
        }
        let pairs = s
            .probes(3)
            .into_iter()
            .map(|probe| {
                let score = simulated_pair(&s.params, &probe, &best, &mut noise);
                PairRecord { probe, score }
            })
            .collect();
        s.apply(pairs);
        write_state(&path, &s).expect("write");
        batches += 1;
    }
    assert_eq!(batches, 14, "40 iterations in batches of 3");
    assert_eq!(whole.history.last().map(|b| b.iteration), Some(40));
    assert_eq!(whole.estimate, whole.param_args(&whole.theta).join(" "));

    // a state for other options is refused, saying what differs
    let refused = |params: Vec<ParamSpec>, n: usize, seed: u64| match load_or_new(
        &path,
        params,
        Schedule::new(n),
        seed,
        "x".into(),
    ) {
        Err(TuneError::Usage(m)) => m,
        other => panic!("{other:?}"),
    };
    let mut wider = specs.clone();
    wider[1] = spec("prior_capture=3.5,0,5,0.2,0.01");
    assert!(refused(wider, 40, 5).contains("its prior_capture has MAX 4 but the command line 5"));
    assert!(refused(specs[..1].to_vec(), 40, 5).contains("it tunes heavy_pattern, prior_capture"));
    assert!(refused(specs.clone(), 50, 5).contains("it plans 40 iterations"));
    assert!(refused(specs.clone(), 40, 6).contains("--seed 5"));
    // other conditions only warn
    assert!(load_or_new(&path, specs.clone(), schedule, 5, "y".into()).is_ok());

    // damaged files are refused with a clear error, not a panic
    let damaged = |text: &str| {
        std::fs::write(&path, text).expect("write");
        match read_state(&path) {
            Err(TuneError::Usage(m)) => m,
            other => panic!("{other:?}"),
        }
    };
    assert!(damaged("{").contains("is not a tuning state"));
    assert!(damaged("[]").contains("is not a tuning state"));
    let mut bad = whole.clone();
    bad.theta[0] = 101.0;
    assert!(damaged(&bad.json().expect("json")).contains("heavy_pattern = 101 is outside"));
    let mut bad = whole.clone();
    bad.theta.pop();
    assert!(damaged(&bad.json().expect("json")).contains("1 values for 2 parameters"));
    let mut bad = whole.clone();
    bad.format = 99;
    assert!(damaged(&bad.json().expect("json")).contains("state format 99"));
    assert_eq!(read_state(&dir.join("none.json")), Ok(None));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scores_count_for_the_plus_side() {
    let mut s = Score::default();
    s.add(Score {
        wins: 3,
        losses: 1,
        draws: 1,
        void: 0,
    });
    assert_eq!(s.result(), 2);
    assert_eq!(s.to_string(), "+3 -1 =1");
    s.void = 2;
    assert_eq!(s.to_string(), "+3 -1 =1 void 2");
    assert_eq!(short(0.0027998), "0.002800");
    assert_eq!(short(17.0766), "17.08");
    assert_eq!(short(3000.0), "3000");
    assert_eq!(format_value(87.6, true), "88");
    assert_eq!(format_value(0.25, false), "0.25");
}

#[test]
fn default_games_folder_sits_beside_the_state() {
    assert_eq!(
        default_out(Path::new("runs/tune.json")),
        PathBuf::from("runs/tune-games")
    );
    assert_eq!(
        default_out(Path::new("state")),
        PathBuf::from("state-games")
    );
}
