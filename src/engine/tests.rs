//! Unit tests of the engine API, without any protocol.

use super::*;
use crate::board::Vertex;
use std::sync::Arc;

fn pt(e: &Engine, s: &str) -> Point {
    s.parse::<Vertex>()
        .unwrap()
        .to_point(e.game().size())
        .unwrap()
}

fn engine(size: usize, playouts: u64, player: Player) -> Engine {
    Engine::new(&EngineOptions {
        size,
        player,
        ..EngineOptions::for_tests(Some(playouts))
    })
}

fn gen(play: bool) -> Genmove {
    Genmove {
        play,
        ..Genmove::default()
    }
}

#[test]
fn players_parse_and_both_build_a_searcher() {
    assert_eq!("flat".parse::<Player>(), Ok(Player::Flat));
    assert_eq!("TREE".parse::<Player>(), Ok(Player::Tree));
    assert!("uct".parse::<Player>().is_err());
    assert_eq!(Player::default(), Player::Tree);
    assert_eq!(Player::Flat.to_string(), "flat");
    let o = EngineOptions::for_tests(None);
    let think = &o.settings.think;
    assert_eq!(
        make_searcher(Player::Flat, think, 16, &o.tree, &o.flat).name(),
        "flat"
    );
    assert!(!make_searcher(Player::Tree, think, 16, &o.tree, &o.flat)
        .name()
        .is_empty());
    assert_eq!(engine(9, 10, Player::Flat).searcher_name(), "flat");
}

#[test]
fn play_undo_and_setup() {
    let mut e = engine(9, 50, Player::Flat);
    let c3 = pt(&e, "C3");
    e.play(Color::Black, Move::Play(c3)).unwrap();
    assert!(e.play(Color::White, Move::Play(c3)).is_err());
    assert!(!e.is_legal(Color::White, Move::Play(c3)));
    assert_eq!(e.game().move_number(), 1);
    assert!(e.undo(1));
    assert!(!e.undo(1));
    assert_eq!(e.set_boardsize(1), Err(EngineError::BadSize));
    assert_eq!(e.set_boardsize(26), Err(EngineError::BadSize));
    e.set_boardsize(7).unwrap();
    assert_eq!(e.game().size(), 7);
    e.set_komi(0.5);
    e.set_rules(Rules::preset(Preset::Japanese), "japanese");
    assert_eq!(e.game().komi(), 0.5, "an explicit komi stays");
    assert_eq!(e.rules_name(), "japanese");
    let pts = [pt(&e, "C3"), pt(&e, "E5")];
    assert_eq!(e.place_handicap(Handicap::Points(&pts)), Ok(pts.to_vec()));
    assert_eq!(
        e.place_handicap(Handicap::Points(&pts)),
        Err(EngineError::Setup(SetupError::BoardNotEmpty))
    );
    e.clear();
    assert_eq!(e.game().board().stone_counts(), [0, 0]);
}

#[test]
fn genmove_plays_and_reg_genmove_does_not() {
    let mut e = engine(9, 200, Player::Flat);
    let d = e.genmove(Color::Black, &gen(false), &mut |_| {});
    assert!(matches!(d, Decision::Play(_)));
    assert_eq!(e.game().move_number(), 0);
    assert_eq!(e.last_report().map(|r| r.playouts), Some(200));
    let d2 = e.genmove(Color::Black, &gen(true), &mut |_| {});
    assert_eq!(d, d2, "same seed, same position, same move");
    assert_eq!(e.game().move_number(), 1);
    assert_eq!(e.record().black_name.as_deref(), Some("Tengen 0.1.0"));
    assert_eq!(e.record().white_name.as_deref(), Some("unknown"));
    // a new position forgets the last search
    e.play(Color::White, Move::Pass).unwrap();
    assert!(e.last_report().is_none());
}

#[test]
fn genmove_obeys_barred_moves() {
    let mut e = engine(5, 100, Player::Flat);
    let only = pt(&e, "B4");
    let barred: Vec<Point> = e
        .game()
        .board()
        .points()
        .into_iter()
        .filter(|&p| p != only)
        .collect();
    let how = Genmove {
        barred,
        play: true,
        ..Genmove::default()
    };
    assert_eq!(
        e.genmove(Color::Black, &how, &mut |_| {}),
        Decision::Play(only)
    );
}

#[test]
fn genmove_reports_every_interval() {
    let mut e = engine(9, 3000, Player::Flat);
    let mut n = 0;
    let how = Genmove {
        interval: Some(Duration::from_millis(1)),
        ..Genmove::default()
    };
    e.genmove(Color::Black, &how, &mut |r| {
        assert_eq!(r.color, Some(Color::Black));
        n += 1;
    });
    assert!(n >= 2, "{n} reports");
}

#[test]
fn analyze_reports_until_stopped() {
    let mut e = engine(9, 100, Player::Flat);
    let stop = Arc::new(AtomicBool::new(false));
    let mut n = 0;
    let mut playouts = vec![];
    e.analyze(Color::White, &every(10), &stop.clone(), &mut |r| {
        n += 1;
        playouts.push(r.playouts);
        if n == 5 {
            stop.store(true, Ordering::SeqCst);
        }
    });
    assert_eq!(n, 5, "no report after the stop");
    assert!(playouts.windows(2).all(|w| w[0] <= w[1]), "{playouts:?}");
    assert!(e.last_report().is_some());
    // a flag set before the analysis starts ends it at once
    let flag = AtomicBool::new(true);
    let mut m = 0;
    e.analyze(Color::Black, &every(10), &flag, &mut |_| m += 1);
    assert!(m <= 1);
}

/// An analysis reporting every `ms` milliseconds, with no limit.
fn every(ms: u64) -> Analysis {
    Analysis {
        interval: Duration::from_millis(ms),
        ..Analysis::default()
    }
}

#[test]
fn analysis_ends_by_itself_at_its_visit_or_time_limit() {
    for player in [Player::Tree, Player::Flat] {
        let mut e = engine(9, 100, player);
        let never = AtomicBool::new(false);
        let mut last = None;
        let by_visits = Analysis {
            max_visits: Some(300),
            ..every(1000)
        };
        e.analyze(Color::Black, &by_visits, &never, &mut |r| {
            last = Some(r.clone())
        });
        let r = last.take().expect("a final report");
        assert_eq!(r.playouts, 300, "{player}");
        let t = Instant::now();
        let by_time = Analysis {
            max_time: Some(Duration::from_millis(300)),
            ..every(50)
        };
        let mut n = 0;
        e.analyze(Color::Black, &by_time, &never, &mut |_| n += 1);
        let took = t.elapsed();
        assert!(
            took >= Duration::from_millis(290) && took < Duration::from_secs(5),
            "{player}: {took:?}"
        );
        assert!(n >= 1, "{player}");
    }
}

#[test]
fn analysis_of_a_pass_only_position_reports_pass_and_ownership() {
    // 3x3: Black owns the board with one-point eyes; nobody has a move but pass
    let mut e = engine(3, 10, Player::Flat);
    for v in ["B1", "B2", "B3", "A2", "C2"] {
        let p = pt(&e, v);
        e.play(Color::Black, Move::Play(p)).unwrap();
    }
    let stop = Arc::new(AtomicBool::new(false));
    let mut seen = vec![];
    e.analyze(Color::White, &every(5), &stop.clone(), &mut |r| {
        seen.push(r.clone());
        if seen.len() == 3 {
            stop.store(true, Ordering::SeqCst);
        }
    });
    assert_eq!(seen.len(), 3);
    for r in &seen {
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].mv, None);
        assert!(r.ownership.contains(&1.0));
    }
    stop.store(false, Ordering::SeqCst);
    assert_eq!(
        e.genmove(Color::White, &gen(false), &mut |_| {}),
        Decision::Pass
    );
}

#[test]
fn final_status_is_judged_once_per_position() {
    let mut e = engine(5, 200, Player::Flat);
    for (c, v) in [(Color::Black, "C3"), (Color::White, "B2")] {
        let p = pt(&e, v);
        e.play(c, Move::Play(p)).unwrap();
    }
    let a = e.final_status().clone();
    let s = e.score();
    e.record();
    assert_eq!(e.status_judgements(), 1);
    assert_eq!(&a, e.final_status());
    assert_eq!(e.score(), s);
    // another position, another judgement; back to the first position is a new key too
    // (the move count differs)
    e.play(Color::Black, Move::Pass).unwrap();
    e.final_status();
    assert_eq!(e.status_judgements(), 2);
    e.set_komi(100.5);
    e.score();
    assert_eq!(e.status_judgements(), 3);
    assert!(e.undo(1));
    e.final_status();
    assert_eq!(e.status_judgements(), 4);
}

#[test]
fn the_outlook_gives_the_engine_and_its_view() {
    let mut e = engine(9, 100, Player::Flat);
    // no search yet: a short one for the side to move
    let o = e.outlook();
    assert_eq!(
        (o.player, o.rules_name.as_str(), o.komi, o.color),
        (Player::Flat, "chinese", 7.5, Color::Black)
    );
    assert!((0.0..=1.0).contains(&o.winrate), "{o:?}");
    // after a move: the last search's figures, as it reported them
    e.genmove(Color::Black, &gen(true), &mut |_| {});
    let r = e.last_report().cloned().expect("a search");
    let o = e.outlook();
    assert_eq!(o.color, Color::Black);
    assert_eq!((o.winrate, o.score_lead), (r.winrate, r.score_lead));
}

#[test]
fn move_limits_follow_playouts_and_clock() {
    let mut e = engine(9, 100, Player::Flat);
    let l = e.move_limits(Color::Black);
    assert_eq!((l.playouts, l.time), (Some(100), None));
    e.time_left(Color::Black, 10.0, 1);
    let l = e.move_limits(Color::Black);
    assert_eq!(l.playouts, Some(100));
    let t = l.time.unwrap();
    assert!(t.times.soft <= t.times.hard && t.early);
    assert!(t.times.hard <= 10.0);
    assert!(t.hard_deadline() <= Instant::now() + Duration::from_secs(10));
    e.set_clock(GameClock::default());
    assert_eq!(e.move_limits(Color::Black).time, None);
}

#[test]
fn dynamic_komi_lifts_the_handicap_givers_winrate_and_only_in_play() {
    // 3 stones on 9x9 at komi 0.5: with 7 points a stone White's search sees a far better
    // game than without. Analysis sees the real komi.
    let winrate = |mode: DynKomiMode| {
        let mut opts = EngineOptions {
            size: 9,
            komi: Some(0.5),
            ..EngineOptions::for_tests(Some(3000))
        };
        opts.settings.dynkomi.mode = mode;
        let mut e = Engine::new(&opts);
        e.place_handicap(Handicap::Fixed(3)).unwrap();
        e.genmove(Color::White, &gen(false), &mut |_| {});
        let played = e.last_report().unwrap().winrate;
        let analysed = e.evaluate(&AtomicBool::new(false)).winrate;
        (played, analysed)
    };
    // `on`: on 9x9 the default `handicap` mode leaves dynamic komi off
    let (on, on_analysed) = winrate(DynKomiMode::On);
    let (off, off_analysed) = winrate(DynKomiMode::Off);
    assert!(on > off + 0.1, "with {on}, without {off}");
    // analysis after play searches afresh under the real komi
    assert!(on_analysed < on - 0.1, "analysis {on_analysed}, play {on}");
    assert!(
        (on_analysed - off_analysed).abs() < 0.05,
        "{on_analysed} {off_analysed}"
    );
}

/// Black's walls on rows 3 and 7 and column E, White passing: White has nothing to live in;
/// Black has just passed.
fn wall_in_white(e: &mut Engine) {
    let mut walls: Vec<String> = "ABCDEFGHJ"
        .chars()
        .flat_map(|c| [format!("{c}3"), format!("{c}7")])
        .collect();
    walls.extend(["E1", "E2", "E4", "E5", "E6", "E8", "E9"].map(String::from));
    for v in &walls {
        let p = pt(e, v);
        e.play(Color::Black, Move::Play(p)).unwrap();
        e.play(Color::White, Move::Pass).unwrap();
    }
    e.play(Color::Black, Move::Pass).unwrap();
}

/// Black answers with a stone in a corner (or beside one), so the game goes on.
fn black_answers(e: &mut Engine) {
    let reply = ["A1", "J1", "A9", "J9", "B1", "H1"]
        .map(|v| pt(e, v))
        .into_iter()
        .find(|&p| e.is_legal(Color::Black, Move::Play(p)))
        .unwrap();
    e.play(Color::Black, Move::Play(reply)).unwrap();
}

#[test]
fn resigns_only_after_three_lost_turns_in_a_row() {
    let mut e = engine(9, 400, Player::Flat);
    // Black's walls on rows 3 and 7 and column E leave White nothing to live in
    wall_in_white(&mut e);
    let mut turns = Vec::new();
    for _ in 0..RESIGN_TURNS {
        let d = e.genmove(Color::White, &gen(true), &mut |_| {});
        turns.push(d);
        if d == Decision::Resign {
            break;
        }
        // the search wanted to resign: White was lost
        let best = e.last_report().and_then(|r| r.moves.first()).unwrap();
        assert!(best.winrate < e.settings().resign_threshold, "{best:?}");
        // Black answers with a stone, so the game goes on
        black_answers(&mut e);
    }
    assert_eq!(turns.len(), RESIGN_TURNS, "{turns:?}");
    assert!(turns[..RESIGN_TURNS - 1]
        .iter()
        .all(|&d| d != Decision::Resign));
    assert_eq!(turns.last(), Some(&Decision::Resign));
    // a position reached otherwise than by the previous own turn starts a new streak
    assert!(e.undo(1) && e.undo(1));
    let d = e.genmove(Color::White, &gen(false), &mut |_| {});
    assert_ne!(d, Decision::Resign);
}

/// Clears the board and plays `e`'s moves `moves` again, as gtp2ogs does for every move.
fn replay(e: &mut Engine, moves: &[(Color, Move)], size: usize) {
    e.set_boardsize(size).unwrap();
    e.clear();
    for &(c, m) in moves {
        e.play(c, m).unwrap();
    }
}

#[test]
fn a_replayed_game_is_the_same_game() {
    let mut e = engine(9, 300, Player::Tree);
    let d = e.genmove(Color::Black, &gen(true), &mut |_| {});
    assert!(matches!(d, Decision::Play(_)));
    assert_eq!(e.last_report().map(|r| r.reused), Some(0));
    // White answers where the search expected (the second move of its principal variation)
    let answer = e
        .last_report()
        .and_then(|r| r.moves.first())
        .and_then(|m| m.pv.get(1).copied().flatten())
        .unwrap();
    e.play(Color::White, Move::Play(answer)).unwrap();
    let moves = e.game().moves().to_vec();
    replay(&mut e, &moves, 9);
    assert!(e.replay_pending());
    e.genmove(Color::Black, &gen(true), &mut |_| {});
    assert!(!e.replay_pending());
    // the tree was re-rooted at White's reply: the search started from its visits
    let reused = e.last_report().map_or(0, |r| r.reused);
    assert!(reused > 0, "nothing reused");
    assert!(e.engine_played[Color::Black.index()]);
    // the same game replayed once more, with nothing new: still the same game, whose
    // dead-stone verdict is served from the cache
    e.confirmation();
    let judged = e.status_judgements();
    let moves = e.game().moves().to_vec();
    replay(&mut e, &moves, 9);
    e.confirmation();
    assert_eq!(
        e.status_judgements(),
        judged,
        "the verdict was judged again"
    );
    assert!(e.engine_played[Color::Black.index()]);
    // another game: judged afresh
    replay(&mut e, &moves[..1], 9);
    e.confirmation();
    assert_eq!(e.status_judgements(), judged + 1);
}

#[test]
fn a_replay_that_does_not_continue_the_game_is_a_new_game() {
    let mut e = engine(9, 300, Player::Tree);
    e.genmove(Color::Black, &gen(true), &mut |_| {});
    e.play(Color::White, Move::Play(pt(&e, "E5"))).unwrap();
    let moves = e.game().moves().to_vec();
    // another first move, a shorter game (an undo past the common part), another komi,
    // another size: each a new game with a fresh tree
    let other = [(Color::Black, Move::Play(pt(&e, "C3")))];
    let short = [moves[0]];
    type Case<'a> = (&'a [(Color, Move)], f64, usize);
    let cases: [Case; 4] = [
        (&other, 7.5, 9),
        (&short, 7.5, 9),
        (&moves, 6.5, 9),
        (&[], 7.5, 7),
    ];
    for (i, (ms, komi, size)) in cases.into_iter().enumerate() {
        e.set_komi(7.5);
        let before = e.game().moves().to_vec();
        e.genmove(e.game().to_move(), &gen(true), &mut |_| {});
        assert_eq!(e.game().moves().len(), before.len() + 1);
        e.set_boardsize(size).unwrap();
        e.clear();
        e.set_komi(komi);
        for &(c, m) in ms {
            e.play(c, m).unwrap();
        }
        e.genmove(e.game().to_move(), &gen(true), &mut |_| {});
        assert_eq!(
            e.last_report().map(|r| r.reused),
            Some(0),
            "case {i}: the old tree was kept"
        );
        assert_eq!(e.game().moves().len(), ms.len() + 1, "case {i}");
    }
}

#[test]
fn a_hopeless_replayed_game_resigns_on_the_third_turn_as_in_one_session() {
    let mut e = engine(9, 400, Player::Flat);
    wall_in_white(&mut e);
    let mut turns = Vec::new();
    for _ in 0..RESIGN_TURNS {
        // gtp2ogs: the whole game again before every move
        let moves = e.game().moves().to_vec();
        replay(&mut e, &moves, 9);
        let d = e.genmove(Color::White, &gen(true), &mut |_| {});
        turns.push(d);
        if d == Decision::Resign {
            break;
        }
        black_answers(&mut e);
    }
    assert_eq!(turns.len(), RESIGN_TURNS, "{turns:?}");
    assert_eq!(turns.last(), Some(&Decision::Resign));
}

#[test]
fn a_search_param_set_at_runtime_reaches_the_searcher() {
    // the same search as an engine started with the setting, another than the default's
    let mut set = engine(9, 400, Player::Tree);
    set.set_search_param("policy=light").unwrap();
    let mut started = Engine::new(&EngineOptions {
        size: 9,
        tree: crate::search::params::SearchParams {
            playout: crate::search::playout::PlayoutParams {
                policy: crate::search::playout::Policy::Light,
                ..Default::default()
            },
            ..Default::default()
        },
        ..EngineOptions::for_tests(Some(400))
    });
    let mut default = engine(9, 400, Player::Tree);
    let (a, b, c) = {
        let no = AtomicBool::new(false);
        (
            set.evaluate(&no),
            started.evaluate(&no),
            default.evaluate(&no),
        )
    };
    assert_eq!(a, b);
    assert_ne!(a, c);
    // refused settings change nothing
    let before = set.search_params().clone();
    assert!(set.set_search_param("policy=medium").is_err());
    assert!(set.set_search_param("bogus=1").is_err());
    assert!(set.set_search_param("rave_k").is_err());
    assert_eq!(set.search_params(), &before);
}

#[test]
fn book_hints_lead_the_search_where_the_book_knows_the_position() {
    let mut e = engine(19, 50, Player::Tree);
    let h = e.book_hints(Color::Black);
    // the empty board: nearly all corner points, shares adding up to 1
    assert!(h.len() >= 4, "{h:?}");
    assert!((h.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-9);
    assert!(h.iter().all(|&(_, s)| s > 0.0));
    let corners: f64 = h
        .iter()
        .filter(|&&(p, _)| {
            let (x, y) = p.xy(19);
            x.min(18 - x) <= 5 && y.min(18 - y) <= 5
        })
        .map(|x| x.1)
        .sum();
    assert!(corners > 0.95, "{corners} {h:?}");
    e.set_book(false);
    assert!(e.book_hints(Color::Black).is_empty());
    e.set_book(true);
    // a position no 9-dan game reached: no hints
    for (c, v) in [
        (Color::Black, "K10"),
        (Color::White, "A1"),
        (Color::Black, "T19"),
    ] {
        let p = v
            .parse::<crate::board::Vertex>()
            .unwrap()
            .to_point(19)
            .unwrap();
        e.play(c, Move::Play(p)).unwrap();
    }
    assert!(e.book_hints(Color::White).is_empty());
}
