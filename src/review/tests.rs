//! Tests of the review: verdicts and mistakes from made-up evaluations, the comment and
//! `LZ` formats, the reviewed SGF read back, the graph, bad input, and a small real search.

use super::annotate::{lz_value, move_comment, reviewed_sgf};
use super::*;
use sgf_parse::go::Prop;

fn v(s: &str) -> Vertex {
    s.parse().unwrap()
}

fn args(files: Vec<PathBuf>) -> ReviewArgs {
    ReviewArgs {
        files,
        playouts: Some(100),
        seconds: None,
        out: None,
        graph: None,
        mistake: DEFAULT_MISTAKE,
        rules: None,
        komi: None,
        threads: Some(1),
        seed: 1,
        searches: 1,
        recheck: 1,
    }
}

fn cand(m: &str, winrate: f64) -> Candidate {
    Candidate {
        mv: Some(v(m)),
        visits: 50,
        winrate,
        lcb: winrate - 0.05,
        prior: 0.1,
        lead: 2.0,
        pv: vec![Some(v(m)), Some(v("C3"))],
    }
}

fn eval(color: Color, black_winrate: f64, best: &str) -> Eval {
    let own = if color == Color::Black {
        black_winrate
    } else {
        1.0 - black_winrate
    };
    Eval {
        color,
        playouts: 100,
        black_winrate,
        black_lead: (black_winrate - 0.5) * 20.0,
        candidates: vec![cand(best, own), cand("A1", own - 0.1)],
        played: None,
        played_below: None,
        lead_error: 0.0,
        deep: false,
    }
}

/// A 9x9 game of four moves: Black's second move throws away 40% (and is not the
/// engine's choice), White's first loses 5%, Black's first is the engine's choice.
fn made_up() -> Review {
    let mut record = GameRecord::new(9, 7.0);
    record.black_name = Some("<b> & \"c\"".into());
    record.moves = vec![
        (Color::Black, Some(v("E5"))),
        (Color::White, Some(v("C3"))),
        (Color::Black, Some(v("J9"))),
        (Color::White, None),
    ];
    Review {
        record,
        rules: "chinese".into(),
        budget: Budget::Playouts(100),
        threshold: 0.1,
        evals: vec![
            eval(Color::Black, 0.5, "E5"),
            eval(Color::White, 0.6, "D4"),
            eval(Color::Black, 0.65, "G7"),
            eval(Color::White, 0.25, "D4"),
            eval(Color::Black, 0.3, "D5"),
        ],
        recheck: 4,
    }
}

#[test]
fn losses_are_the_movers_and_mistakes_need_the_threshold() {
    let r = made_up();
    let verdicts = r.verdicts();
    assert_eq!(verdicts.len(), 4);
    let loss: Vec<f64> = verdicts.iter().map(|v| (v.loss * 100.0).round()).collect();
    // Black's first move gains 10, which is no loss; White loses 5, Black 40, White 5
    assert_eq!(loss, vec![0.0, 5.0, 40.0, 5.0]);
    let points: Vec<f64> = verdicts
        .iter()
        .map(|v| (v.points * 10.0).round() / 10.0)
        .collect();
    assert_eq!(points, vec![0.0, 1.0, 8.0, 1.0]);
    let marked: Vec<usize> = verdicts
        .iter()
        .filter(|v| v.mistake)
        .map(|v| v.number)
        .collect();
    assert_eq!(marked, vec![3]);
    assert_eq!(r.mistakes(), [1, 0]);
    let numbers = |c| -> Vec<usize> { r.biggest_losses(c, 5).iter().map(|v| v.number).collect() };
    assert_eq!(numbers(Color::Black), vec![3], "gains are never listed");
    assert_eq!(numbers(Color::White), vec![2, 4]);
    // a lower threshold marks White's 5% losses too
    let strict = Review {
        threshold: 0.04,
        ..r.clone()
    };
    assert_eq!(strict.mistakes(), [1, 2]);
    let s = r.summary();
    assert!(s.contains("Black 1, White 0"), "{s}");
    assert!(
        s.contains("Black's biggest losses: 3 J9 -8.0 points (40.0%)\n"),
        "{s}"
    );
    assert!(
        s.contains("White's biggest losses: 2 C3 -1.0 points (5.0%)"),
        "{s}"
    );
    assert!(!s.contains("searched again"), "{s}");
}

#[test]
fn an_unsure_measure_within_a_search_gets_its_position_searched_again() {
    // White's C3 (move 2) is listed; the line says it lost 1 point, the search before it 6
    let mut r = made_up();
    r.evals[1].played = Some(cand("C3", 0.3));
    r.evals[1].played_below = Some((6.0, 1.8));
    // every position has had one tier and every lead is exact: only the search's error
    // asks for more, and only of the position it was measured in
    let once = |_: usize| Had {
        tiers: 1,
        lights: 0,
    };
    assert_eq!(recheck_positions(&r, once), vec![(1, Reading::Tier(2))]);
    // sure enough, it asks for nothing more
    r.evals[1].played_below = Some((6.0, 0.3));
    assert_eq!(recheck_positions(&r, once), vec![]);
    // and when the line's measure is the larger, the line's errors decide
    r.evals[1].played_below = Some((0.5, 1.8));
    assert_eq!(recheck_positions(&r, once), vec![]);
}

/// A 9x9 game of 14 moves in which each side loses 9, 8, 7, 6, 5, 2.4 and 0.5 points by
/// turns: Black's lead is 0 before each Black move, minus its loss after it, and White's
/// reply gives the same back; every lead exact.
fn seven_losses_a_side() -> Review {
    let mut r = made_up();
    let points = [
        "A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2", "B2", "C2", "D2", "E2", "F2", "G2",
    ];
    r.record.moves = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            (
                if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
                Some(v(p)),
            )
        })
        .collect();
    let lost = [9.0, 8.0, 7.0, 6.0, 5.0, 2.4, 0.5];
    r.evals = (0..=points.len())
        .map(|i| {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mut e = eval(color, 0.5, "J9");
            e.black_lead = if i % 2 == 1 { -lost[i / 2] } else { 0.0 };
            e
        })
        .collect();
    r
}

#[test]
fn a_loss_below_the_list_is_searched_again_while_its_error_reaches_the_edge() {
    let mut r = seven_losses_a_side();
    let first = |_: usize| Had::default();
    let tier_one: Vec<(usize, Reading)> = (0..=10).map(|j| (j, Reading::Tier(1))).collect();
    // the sixth losses (moves 11 and 12, 2.6 points below the fifth) are not near the list
    // when every lead is exact: positions 0 to 10 only, a tier each, for the five listed
    assert_eq!(recheck_positions(&r, first), tier_one);
    // the position between them read with 1.2 points of error: 2.6 points is further than
    // twice that
    r.evals[11].lead_error = 1.2;
    assert_eq!(recheck_positions(&r, first), tier_one);
    // with 2 points it is within two errors of the difference: a light reading of the
    // positions the listed moves' tiers do not reach
    r.evals[11].lead_error = 2.0;
    let mut light = tier_one.clone();
    light.extend([(11, Reading::Light(1)), (12, Reading::Light(1))]);
    assert_eq!(recheck_positions(&r, first), light);
    // while they stay that near, another light reading a round for each loss's least read
    // positions, up to LIGHT_READINGS (move 11 rests on position 11 alone, since position
    // 10 had a tier)
    let had = |lights: [u8; 2]| {
        move |j: usize| Had {
            tiers: u8::from(j <= 10),
            lights: j
                .checked_sub(11)
                .and_then(|k| lights.get(k))
                .copied()
                .unwrap_or(0),
        }
    };
    assert_eq!(
        recheck_positions(&r, had([1, 1])),
        vec![(11, Reading::Light(2)), (12, Reading::Light(2))]
    );
    assert_eq!(
        recheck_positions(&r, had([LIGHT_READINGS, 1])),
        vec![(12, Reading::Light(2))]
    );
    let read = had([LIGHT_READINGS, LIGHT_READINGS]);
    assert_eq!(recheck_positions(&r, read), vec![]);
    // with 3 points it is within one error of the difference: a tier for both sixth losses'
    // positions, whatever they had
    r.evals[11].lead_error = 3.0;
    let all: Vec<(usize, Reading)> = (0..=12).map(|j| (j, Reading::Tier(1))).collect();
    assert_eq!(recheck_positions(&r, first), all);
    assert_eq!(
        recheck_positions(&r, read),
        vec![(11, Reading::Tier(1)), (12, Reading::Tier(1))]
    );
}

#[test]
fn a_position_the_line_passed_over_is_searched_again_while_it_may_stop_it() {
    let mut r = seven_losses_a_side();
    // Black's first move: White's position after it reads -9, but Black's after White's
    // reply -12 and after Black's next move -10, so the line carries -10 back past the
    // position of -12 and Black's first move lost 10
    r.evals[2].black_lead = -12.0;
    r.evals[3].black_lead = -10.0;
    assert!((r.verdicts()[0].points - 10.0).abs() < 1e-9);
    let once = |_: usize| Had {
        tiers: 1,
        lights: 0,
    };
    // every other lead exact: the -12 two points below is sure, nothing more to search
    r.evals[2].lead_error = 0.3;
    assert_eq!(recheck_positions(&r, once), vec![]);
    // read with 6 points of error, a surer reading may stop the line there: its tier
    // once the listed loss's own positions have had theirs, not before (a tier cannot
    // bring the loss down to its aim, so its own positions come along, the largest drop
    // first)
    r.evals[2].lead_error = 6.0;
    assert_eq!(
        recheck_positions(&r, once),
        vec![
            (0, Reading::Tier(2)),
            (1, Reading::Tier(2)),
            (2, Reading::Tier(2)),
            (3, Reading::Tier(2))
        ]
    );
    let first = |_: usize| Had::default();
    assert!(!recheck_positions(&r, first).iter().any(|p| p.0 == 2));
}

#[test]
fn a_lead_error_leans_on_the_positions_around_it() {
    // position 0's four searches agree by chance, position 1's differ, position 2 was
    // searched once, and position 20 is beyond the window of the others
    let agree = [(750.0, 1.0); 4];
    let differ = [(750.0, -2.0), (750.0, 2.0), (750.0, -2.0), (750.0, 2.0)];
    let once = [(750.0, 0.0)];
    let far = [(750.0, 0.0), (750.0, 30.0)];
    let mut roots: Vec<&[(f64, f64)]> = vec![&agree, &differ, &once];
    roots.extend(std::iter::repeat_n(&[][..], 17));
    roots.push(&far);
    let errors = lead_errors(&roots);
    assert_eq!(errors.len(), 21);
    // the neighbourhood of the first three: 750 x 16 / 3 per playout, from 6 degrees of
    // freedom; on its own, position 0 would read 0 and position 1 would read 1.15
    let prior = 750.0 * 16.0 / 6.0;
    let expect =
        |own: f64, df: f64, n: f64| ((PRIOR_DF * prior + df * own) / (PRIOR_DF + df) / n).sqrt();
    assert!(
        (errors[0] - expect(0.0, 3.0, 3000.0)).abs() < 1e-9,
        "{errors:?}"
    );
    assert!((errors[1] - expect(750.0 * 16.0 / 3.0, 3.0, 3000.0)).abs() < 1e-9);
    assert!((errors[2] - expect(0.0, 0.0, 750.0)).abs() < 1e-9);
    assert!(errors[0] > 0.5 && errors[1] < 1.15);
    // no searches, no error; the far position's own spread dominates its window
    assert_eq!(errors[3], 0.0);
    assert!(errors[20] > 10.0, "{}", errors[20]);
}

#[test]
fn the_line_blames_a_move_the_search_liked_and_the_search_one_the_line_did_not() {
    let mut r = made_up();
    // move 3 (J9) was the engine's choice: the line still shows what it lost
    r.evals[2].candidates[0].mv = Some(v("J9"));
    r.evals[2].played = Some(r.evals[2].candidates[0].clone());
    assert_eq!(r.mistakes(), [1, 0]);
    // move 1 (E5) keeps Black's win rate from one position to the next, but its own search
    // had D4 at 50% and E5 at 35% over enough visits
    r.evals[0].candidates[0].mv = Some(v("D4"));
    let mut e5 = cand("E5", 0.35);
    e5.visits = 60;
    r.evals[0].played = Some(e5);
    let v1 = &r.verdicts()[0];
    assert!((v1.loss - 0.15).abs() < 1e-9, "{v1:?}");
    assert_eq!(r.mistakes(), [2, 0]);
}

#[test]
fn the_comment_has_its_fixed_lines() {
    let r = made_up();
    let c = move_comment(&r, 3);
    let lines: Vec<&str> = c.lines().collect();
    assert_eq!(
        lines,
        vec![
            "Move 3: B J9",
            "Win rate: Black 25.0%, White 75.0%",
            "Score lead: W+5.0",
            "Loss: Black 40.0%, 8.0 points",
            "Tengen: G7 (Black 65.0%)",
            "Mistake: Black loses 40.0% (more than 10.0%); Tengen's line is a variation",
            "Searched: 100 playouts",
        ]
    );
    let pass = move_comment(&r, 4);
    assert!(pass.starts_with("Move 4: W pass\n"), "{pass}");
    assert!(!pass.contains("Mistake"), "{pass}");
}

#[test]
fn lz_holds_the_movers_win_rate_as_lizzie_reads_it() {
    let r = made_up();
    // after move 3 (Black), Black's win rate is 25%: Lizzie reads the mover's
    let lz = lz_value(Color::Black, &r.evals[3]);
    let mut lines = lz.split('\n');
    let first: Vec<&str> = lines.next().unwrap().split(' ').collect();
    assert_eq!(first, vec!["0.7.4", "25.0", "100"]);
    // after move 4 (White), White's win rate is 70%
    let lz4 = lz_value(Color::White, &r.evals[4]);
    assert!(lz4.starts_with("0.7.4 70.0 100\n"), "{lz4}");
    // the candidates in lz-analyze form, the side to move's numbers in hundredths
    let info = lines.next().unwrap();
    let vars: Vec<&str> = info.split(" info ").collect();
    assert_eq!(vars.len(), 2, "{info}");
    assert_eq!(
        vars[0],
        "move D4 visits 50 winrate 7500 prior 1000 lcb 7000 scoreMean 2.00 pv D4 C3"
    );
    for var in vars {
        let words: Vec<&str> = var.split(' ').collect();
        let pv = words.iter().position(|w| *w == "pv").unwrap();
        assert_eq!(pv % 2, 0, "key-value pairs before pv: {var}");
        for pair in words[..pv].chunks(2) {
            if ["visits", "winrate", "prior", "lcb"].contains(&pair[0]) {
                assert!(pair[1].parse::<i64>().is_ok(), "{var}");
            }
        }
    }
}

fn comment(n: &sgf_parse::SgfNode<Prop>) -> Option<String> {
    match n.get_property("C") {
        Some(Prop::C(t)) => Some(t.text.clone()),
        _ => None,
    }
}

fn unknown(n: &sgf_parse::SgfNode<Prop>, id: &str) -> Option<String> {
    n.properties().find_map(|p| match p {
        Prop::Unknown(i, v) if i == id => v.first().cloned(),
        _ => None,
    })
}

#[test]
fn the_reviewed_sgf_reads_back_with_every_move_annotated() {
    let r = made_up();
    let text = reviewed_sgf(&r);
    // the main line is the record's
    assert_eq!(sgf::parse(&text).unwrap().moves, r.record.moves);
    let trees = sgf_parse::parse(&text).unwrap();
    let root = trees[0].as_go_node().unwrap();
    assert!(comment(root).unwrap().contains("Reviewed by Tengen"));
    let mut node = root;
    let mut n = 0;
    while let Some(next) = node.children.first() {
        n += 1;
        let c = comment(next).unwrap();
        assert!(c.starts_with(&format!("Move {n}: ")), "{c}");
        let lz = unknown(next, "LZ").unwrap();
        assert!(lz.starts_with("0.7.4 "), "{lz}");
        let bm = next.get_property("BM").is_some();
        assert_eq!(bm, n == 3, "BM on move {n}");
        if n == 3 {
            // the engine's line is the sibling of the mistake
            assert_eq!(node.children.len(), 2);
            let var = &node.children[1];
            assert!(comment(var).unwrap().contains("instead of move 3"));
            assert_eq!(var.get_property("B"), Some(&Prop::B(go_move("gc"))));
        } else {
            assert_eq!(node.children.len(), 1, "move {n}");
        }
        node = next;
    }
    assert_eq!(n, 4);
}

fn go_move(s: &str) -> sgf_parse::go::Move {
    let b = s.as_bytes();
    sgf_parse::go::Move::Move(sgf_parse::go::Point {
        x: b[0] - b'a',
        y: b[1] - b'a',
    })
}

#[test]
fn the_graph_has_one_point_per_move_and_escapes_names() {
    let r = made_up();
    let svg = graph::svg(&r);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    let points = svg
        .split("points=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap();
    assert_eq!(points.split(' ').count(), 4, "{points}");
    assert_eq!(svg.matches("class=\"mistake\"").count(), 1);
    assert!(svg.contains("&lt;b&gt; &amp; &quot;c&quot;"), "{svg}");
    assert!(!svg.contains("<b>"));
    // no moves: a valid, empty graph
    let mut empty = r.clone();
    empty.record.moves.clear();
    empty.evals.truncate(1);
    assert!(graph::svg(&empty).contains("no moves"));
}

#[test]
fn bad_records_are_errors_with_reasons() {
    let a = args(vec![]);
    for (text, why) in [
        ("(;SZ[9];B[ee]", "syntax"),
        ("not sgf", "syntax"),
        ("(;SZ[9];B[ee];W[ee])", "move 2 is illegal"),
        ("(;SZ[30];B[aa])", "size"),
        ("(;GM[3];B[aa])", "not a game of Go"),
    ] {
        let e = prepare_text(text, &a).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    let missing = std::env::temp_dir().join("tengen-review-no-such-file.sgf");
    assert!(prepare(&missing, &a).unwrap_err().contains("cannot open"));
    let mut bad_rules = args(vec![]);
    bad_rules.rules = Some("nonsense".into());
    assert!(prepare_text("(;SZ[9])", &bad_rules)
        .unwrap_err()
        .contains("unknown rules"));
}

#[test]
fn rules_komi_and_setup_come_from_the_record() {
    let a = args(vec![]);
    let p = prepare_text("(;SZ[9]KM[0.5]RU[Japanese]HA[2]AB[cc][gg];W[ee];B[dd])", &a).unwrap();
    assert_eq!(p.rules.1, "japanese");
    assert_eq!(p.record.komi, 0.5);
    // White moves first after the handicap
    assert_eq!(color_at(&p.record, 0, Color::Black), Color::White);
    assert_eq!(color_at(&p.record, 2, Color::Black), Color::White);
    let mut forced = args(vec![]);
    forced.komi = Some(6.5);
    forced.rules = Some("aga".into());
    let q = prepare_text("(;SZ[9]KM[0.5]RU[Japanese];B[ee])", &forced).unwrap();
    assert_eq!((q.rules.1.as_str(), q.record.komi), ("aga", 6.5));
    // the smallest and largest boards
    assert!(prepare_text("(;SZ[2];B[aa])", &a).is_ok());
    assert!(prepare_text("(;SZ[25];B[yy])", &a).is_ok());
}

#[test]
fn a_real_review_searches_every_position_the_same_way_twice() {
    let a = args(vec![]);
    let p = prepare_text("(;SZ[5]KM[0.5]HA[2]AB[bb][dd];W[cc];B[bc];W[];B[])", &a).unwrap();
    let count = std::sync::atomic::AtomicUsize::new(0);
    let tick = |p| {
        assert_eq!(
            p,
            Progress::Searched(1),
            "no second searches with --recheck 1"
        );
        count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let r1 = review_all(std::slice::from_ref(&p), &a, &tick);
    let r2 = review_all(std::slice::from_ref(&p), &a, &tick);
    assert_eq!(count.into_inner(), 10);
    let (r1, r2) = (r1[0].as_ref().unwrap(), r2[0].as_ref().unwrap());
    assert_eq!(r1.evals.len(), 5);
    assert_eq!(r1.evals, r2.evals, "a seeded review repeats itself");
    assert_eq!(r1.evals[0].color, Color::White);
    assert_eq!(r1.evals[4].color, Color::White);
    for e in &r1.evals {
        assert!((0.0..=1.0).contains(&e.black_winrate), "{e:?}");
        assert!(e.playouts > 0 && !e.deep, "{e:?}");
    }
    // the record's next move is found in the search before it
    assert_eq!(
        r1.evals[0].played.as_ref().map(|c| c.mv),
        Some(Some(v("C3")))
    );
    assert!(
        r1.evals[4].played.is_none(),
        "no move follows the last position"
    );
    // two handicap stones on 5x5 with komi 0.5: Black is far ahead at the start
    assert!(r1.evals[0].black_winrate > 0.6, "{:?}", r1.evals[0]);
}

#[test]
fn several_searches_share_the_budget_and_repeat_themselves() {
    let mut a = args(vec![]);
    a.searches = 3;
    let p = prepare_text("(;SZ[5]KM[0.5]HA[2]AB[bb][dd];W[cc];B[bc];W[];B[])", &a).unwrap();
    let r1 = review_all(std::slice::from_ref(&p), &a, &|_| {});
    let r2 = review_all(std::slice::from_ref(&p), &a, &|_| {});
    let (r1, r2) = (r1[0].as_ref().unwrap(), r2[0].as_ref().unwrap());
    assert_eq!(r1.evals, r2.evals, "pooled searches repeat themselves");
    for e in &r1.evals {
        // three searches of 33 playouts each, pooled
        assert!(e.playouts > 33 && e.playouts <= 99, "{e:?}");
        let visits: u64 = e.candidates.iter().map(|c| c.visits).sum();
        assert!(visits <= e.playouts, "{e:?}");
        for w in e.candidates.windows(2) {
            assert!(w[0].visits >= w[1].visits, "most visited first: {e:?}");
        }
    }
    // the record's next move is found in the pooled search before it
    assert_eq!(
        r1.evals[0].played.as_ref().map(|c| c.mv),
        Some(Some(v("C3")))
    );
}

#[test]
fn candidate_mistakes_are_searched_again_longer() {
    let mut a = args(vec![]);
    a.recheck = 3;
    let p = prepare_text("(;SZ[5]KM[0.5]HA[2]AB[bb][dd];W[cc];B[bc];W[];B[])", &a).unwrap();
    let (searched, queued) = (
        std::sync::atomic::AtomicU64::new(0),
        std::sync::atomic::AtomicU64::new(0),
    );
    let tick = |p| match p {
        Progress::Searched(n) => {
            searched.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        }
        Progress::Queued(n) => {
            queued.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let r = review_all(std::slice::from_ref(&p), &a, &tick);
    let r = r[0].as_ref().unwrap();
    let deep: Vec<&Eval> = r.evals.iter().filter(|e| e.deep).collect();
    // each side's losses are listed, so their positions were searched again, 3 times
    // longer, pooled with the first pass's 100 playouts
    assert!(!deep.is_empty());
    for e in &deep {
        assert!(e.playouts >= 400 - 2, "{e:?}");
    }
    let (searched, queued) = (searched.into_inner(), queued.into_inner());
    // a listed loss's positions twice (pooled: 700 playouts), a mistake's once (400)
    let tiers: u64 = deep.iter().map(|e| (e.playouts - 100 + 150) / 300).sum();
    assert!(deep.iter().any(|e| e.playouts >= 700 - 3), "{deep:?}");
    assert_eq!(queued, 3 * tiers);
    assert_eq!(searched, 5 + queued, "the progress bar ends full");
    for v in r.verdicts().iter().filter(|v| v.loss > 0.0) {
        assert!(v.rechecked, "{v:?}");
    }
    assert!(r.summary().contains("searched again: "), "{}", r.summary());
    // and the same again
    let again = review_all(std::slice::from_ref(&p), &a, &|_| {});
    assert_eq!(again[0].as_ref().unwrap().evals, r.evals);
}

#[test]
fn a_review_is_the_same_on_one_worker_or_two() {
    // every search is a task of its own, spread over the workers: the records they write
    // must not depend on how many there are
    let mut a = args(vec![]);
    a.searches = 2;
    a.recheck = 3;
    let p = prepare_text(
        "(;SZ[7]KM[0.5];B[dd];W[cc];B[cd];W[dc];B[ec];W[ed];B[ee];W[fd];B[fe];W[be];B[ce])",
        &a,
    )
    .unwrap();
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let r = pool.install(|| review_all(std::slice::from_ref(&p), &a, &|_| {}));
        r[0].as_ref().unwrap().evals.clone()
    };
    let one = on(1);
    assert!(one.iter().any(|e| e.deep), "some positions searched again");
    assert_eq!(on(2), one);
}

#[test]
fn outputs_go_beside_the_input_or_into_a_folder() {
    let input = Path::new("/x/games/g1.sgf");
    assert_eq!(
        target(None, input, "sgf", false).unwrap(),
        PathBuf::from("/x/games/g1-review.sgf")
    );
    let file = Path::new("/x/out.sgf");
    assert_eq!(target(Some(file), input, "sgf", false).unwrap(), file);
    assert!(target(Some(file), input, "sgf", true).is_err());
    let dir = std::env::temp_dir();
    assert_eq!(
        target(Some(&dir), input, "svg", true).unwrap(),
        dir.join("g1-review.svg")
    );
}
