use super::*;
use crate::rules::testutil::pt;
use crate::rules::Preset;

fn japanese() -> Rules {
    let mut r = Rules::preset(Preset::Japanese);
    r.komi = 0.5;
    r
}

/// The verdict on the chain through `v`.
fn at<'a>(c: &'a Confirmation, v: &str, size: usize) -> &'a ChainVerdict {
    let p = pt(v, size);
    c.verdicts
        .iter()
        .find(|x| x.stones.contains(&p))
        .unwrap_or_else(|| panic!("no verdict at {v}: {c:?}"))
}

fn score(diagram: &str, rules: Rules) -> String {
    let g = Game::from_diagram(diagram, rules).expect("diagram");
    let c = confirm(&g, &ConfirmLimits::for_size(g.size()), || {
        g.default_status()
    });
    g.score(&c.status).to_string()
}

const ONE_EYE: &str = "
    7 . . . . . . .
    6 . O O O O O .
    5 . O X X X O .
    4 . O X . X O .
    3 . O X X X O .
    2 . O O O O O .
    1 . . . . . . .";

#[test]
fn a_one_eyed_group_in_a_living_ring_is_dead() {
    let c = confirm_diagram(ONE_EYE, japanese());
    let w = at(&c, "B2", 7);
    assert_eq!((w.class, w.status), (Class::First, Status::Alive));
    let b = at(&c, "C3", 7);
    assert_eq!((b.class, b.status), (Class::None, Status::Dead), "{b:?}");
    assert!(b.reason.contains("surrounded by first-class White"));
    assert_eq!(c.estimated, 0);
    // 24 outside + 9 inside, 8 prisoners
    assert_eq!(score(ONE_EYE, japanese()), "W+41.5");
    let mut chinese = Rules::preset(Preset::Chinese);
    chinese.komi = 0.5;
    assert_eq!(score(ONE_EYE, chinese), "W+49.5");
}

#[test]
fn a_second_eye_makes_it_live() {
    let two = "
        7 . . . . . . .
        6 O O O O O O O
        5 O X X X X X O
        4 O X . X . X O
        3 O X X X X X O
        2 O O O O O O O
        1 . . . . . . .";
    let c = confirm_diagram(two, japanese());
    let b = at(&c, "D5", 7);
    assert_eq!((b.class, b.status), (Class::First, Status::Alive), "{b:?}");
    assert!(b.reason.starts_with("F1"), "{b:?}");
    // a three-point eye space: White plays the middle first and kills
    let three = "
        7 . . . . . . .
        6 . O O O O O .
        5 . O X X X O .
        4 . O . . . O .
        3 . O X X X O .
        2 . O O O O O .
        1 . . . . . . .";
    let c = confirm_diagram(three, japanese());
    assert_eq!(at(&c, "C3", 7).class, Class::None, "{c:?}");
    assert_eq!(at(&c, "C5", 7).status, Status::Dead);
}

#[test]
fn straight_four_lives_and_square_four_dies() {
    let straight = "
        7 . . . . . . .
        6 O O O O O O O
        5 X X X X X X O
        4 . . . . X X O
        3 X X X X X X O
        2 O O O O O O O
        1 . . . . . . .";
    let c = confirm_diagram(straight, japanese());
    let b = at(&c, "A5", 7);
    assert_eq!((b.class, b.status), (Class::First, Status::Alive), "{b:?}");
    assert!(b.reason.starts_with("F2"), "{b:?}");
    let square = "
        7 . . . . . . .
        6 O O O O O O .
        5 O X X X X O .
        4 O X . . X O .
        3 O X . . X O .
        2 O X X X X O .
        1 O O O O O O .";
    let c = confirm_diagram(square, japanese());
    assert_eq!(at(&c, "B2", 7).status, Status::Dead, "{c:?}");
}

/// One eye each (B4, F4) and the D column shared: seki.
pub(crate) const ONE_EYE_EACH: &str = "
        7 X X X . O O O
        6 X X X . O O O
        5 X X X . O O O
        4 X . X . O . O
        3 X X X . O O O
        2 X X X . O O O
        1 X X X . O O O";

#[test]
fn one_eye_each_and_shared_liberties_is_seki() {
    let seki = ONE_EYE_EACH;
    let c = confirm_diagram(seki, japanese());
    for v in ["A1", "G7"] {
        let x = at(&c, v, 7);
        assert_eq!((x.class, x.status), (Class::Second, Status::Seki), "{x:?}");
        assert!(x.reason.starts_with("S1"), "{x:?}");
    }
    // no territory in seki under japanese rules; the eyes count under chinese
    assert_eq!(score(seki, japanese()), "W+0.5");
    let mut chinese = Rules::preset(Preset::Chinese);
    chinese.komi = 0.5;
    assert_eq!(score(seki, chinese), "W+0.5");
}

#[test]
fn two_chains_sharing_two_liberties_without_eyes_are_seki() {
    // the inner black and white chains share C3 and E3 (D3 is their wall)
    let seki = "
        7 . . . . . . .
        6 . . . . . . .
        5 O O O O O O O
        4 X X X X X X O
        3 X O . O . O X
        2 X O O O O O X
        1 X X X X X X X";
    let c = confirm_diagram(seki, japanese());
    let w = at(&c, "B3", 7);
    assert_eq!(w.status, Status::Seki, "{c:?}");
}

#[test]
fn dead_stones_in_a_large_area_come_off_on_the_estimate() {
    let diagram = "
        7 . . . X O . .
        6 . . . X O . .
        5 . . . X O . .
        4 . O . X O . .
        3 . . . X O . .
        2 . . . X O . .
        1 . . . X O . .";
    let g = Game::from_diagram(diagram, japanese()).expect("diagram");
    let mut calls = 0;
    let c = confirm(&g, &ConfirmLimits::for_size(g.size()), || {
        calls += 1;
        let mut m = StatusMap::new(g.board());
        m.set(pt("B4", 7), Status::Dead);
        m
    });
    assert_eq!(calls, 1);
    let w = at(&c, "B4", 7);
    assert_eq!((w.class, w.status), (Class::None, Status::Dead));
    assert!(w.reason.contains("playout estimate"));
    assert_eq!(at(&c, "D4", 7).status, Status::Alive);
    assert_eq!(at(&c, "E4", 7).status, Status::Alive);
    assert_eq!(g.score(&c.status).to_string(), "B+7.5");
}

#[test]
fn settled_positions_never_ask_the_estimate() {
    let c = {
        let g = Game::from_diagram(ONE_EYE, japanese()).expect("diagram");
        confirm(&g, &ConfirmLimits::for_size(g.size()), || -> StatusMap {
            panic!("no estimate needed")
        })
    };
    assert_eq!(c.verdicts.len(), 2);
    let empty = Game::new(9, japanese()).expect("game");
    let c = confirm(&empty, &ConfirmLimits::for_size(9), || -> StatusMap {
        panic!("no stones")
    });
    assert!(c.verdicts.is_empty());
}

/// Two one-eyed Black chains and a White pair share the pair's two liberties (C1 with the
/// left chain, E1 with the right one): whoever fills one is captured, so it is a seki. The
/// local game used to run out of its limit on these four empty points and the estimate
/// called both Black chains dead (27 points); it ran out because every line that met the
/// depth limit was searched again at each transposition (nothing under a cut was stored).
#[test]
fn a_small_seki_of_two_one_eyed_chains_is_read_out() {
    let g = Game::from_diagram(super::SMALL_SEKI, japanese()).expect("diagram");
    // the budget of a 19x19 board, not the larger one of small boards
    let c = confirm(&g, &ConfirmLimits::for_size(19), || -> StatusMap {
        panic!("no estimate needed")
    });
    assert_eq!(c.estimated, 0);
    for v in ["A1", "D1", "F1"] {
        let x = at(&c, v, 9);
        assert_eq!((x.class, x.status), (Class::Second, Status::Seki), "{x:?}");
    }
    assert!(c.nodes < 200_000, "{} nodes", c.nodes);
    assert_eq!(g.score(&c.status).to_string(), "W+45.5");
}

/// A White stone inside a three-point space of a Black chain without eyes: not a seki,
/// White A1 kills (Black must take two stones and is left with one eye), so the Black chain
/// is dead and the lone White stone lives by F3.
#[test]
fn a_lone_stone_in_a_three_point_space_kills() {
    let d = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 O O O O O . .
        3 X X X X O . .
        2 X X X X O . .
        1 . O . X O . .";
    let c = confirm_diagram(d, japanese());
    assert_eq!(at(&c, "A2", 7).status, Status::Dead);
    let w = at(&c, "B1", 7);
    assert_eq!((w.class, w.status), (Class::First, Status::Alive), "{w:?}");
}

/// Work limits: the same verdict and node count every run, whatever the load.
#[test]
fn confirmation_is_deterministic_in_work() {
    let g = Game::from_diagram(ONE_EYE, japanese()).expect("diagram");
    let limits = ConfirmLimits::for_size(7);
    assert_eq!(limits.time, Duration::MAX);
    let a = confirm(&g, &limits, || g.default_status());
    let b = confirm(&g, &limits, || g.default_status());
    assert_eq!(a, b);
}

/// Black's eye space is a square four in the corner with two lone White stones in it; the
/// space is White's however Black plays: a White throw-in at A2 is taken at B1, and White
/// kills the bent three left by playing A2 again. Both lone stones are first-class (they
/// come back for good), Black is dead. A1 used to come out second-class: once it had been
/// taken, White was let play only next to A1, and could not shape the space it had won
/// back into two eyes.
#[test]
fn lone_stones_in_a_dead_square_four_are_alive() {
    let d = "
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 O O O O . . .
        3 X X X O . . .
        2 . O X O . . .
        1 O . X O . . .";
    let c = confirm_diagram(d, japanese());
    for v in ["A1", "B2"] {
        let w = at(&c, v, 7);
        assert_eq!((w.class, w.status), (Class::First, Status::Alive), "{w:?}");
    }
    let b = at(&c, "C1", 7);
    assert_eq!((b.class, b.status), (Class::None, Status::Dead), "{b:?}");
    assert_eq!(c.estimated, 0);
    // 35 empty points and 5 dead stones of territory, 5 prisoners
    assert_eq!(score(d, japanese()), "W+45.5");
}

/// KataGo's rules test "GroupTaxSekiScoring2" (9x9, komi 0.5): White's top-right chains
/// (E8 with the eye F9, H6 with the eye J6) and Black's H8 and J9 share H9 and J8, a seki
/// on four empty points. The local game used to run out on it (the estimate then called
/// both White chains dead, 26 points wrong): the seki shared its area with Black's
/// unsettled top-left, and every line of one part was read again for every line of the
/// other.
const TAX_SEKI: &str = "
    9 . X . X O . O . X
    8 . . . X O O O X .
    7 . X X X X X X O O
    6 X O O O O O X O .
    5 X O . O . O X O O
    4 X O O O O O X X X
    3 X X X O X X X O O
    2 . X X X O O O O .
    1 . X . X O . O . O";

#[test]
fn katago_group_tax_seki_is_read_out_under_every_rule_set() {
    let with_komi = |p: Preset| {
        let mut r = Rules::preset(p);
        r.komi = 0.5;
        r
    };
    let g = Game::from_diagram(TAX_SEKI, with_komi(Preset::Japanese)).expect("diagram");
    // the budget of a 19x19 board, not the larger one of small boards
    let c = confirm(&g, &ConfirmLimits::for_size(19), || -> StatusMap {
        panic!("no estimate needed")
    });
    assert_eq!(c.estimated, 0);
    for v in ["E8", "H6", "H8", "J9"] {
        let x = at(&c, v, 9);
        assert_eq!(x.status, Status::Seki, "{v}: {x:?}");
    }
    for v in ["D7", "B9", "A4", "B6", "E2"] {
        assert_eq!(at(&c, v, 9).status, Status::Alive, "{v}: {c:?}");
    }
    // solved exactly: the rounds split the seki's four points from the top left once Black's
    // group there is found first-class (about 230,000 nodes in all, most of them spent
    // before that split)
    assert!(c.nodes < 300_000, "{} nodes", c.nodes);
    for (p, want) in [
        (Preset::Chinese, "W+1.5"),
        (Preset::Aga, "W+1.5"),
        (Preset::NewZealand, "W+1.5"),
        (Preset::TrompTaylor, "W+1.5"),
        (Preset::Ing, "W+1.5"),
        (Preset::Japanese, "B+3.5"),
        (Preset::Korean, "B+3.5"),
        (Preset::Traditional, "B+3.5"),
        (Preset::Primitive, "B+2.5"),
    ] {
        assert_eq!(score(TAX_SEKI, with_komi(p)), want, "{p:?}");
    }
    // territory without the seki rule: the seki's eyes F9 and J6 count for White
    let mut r = with_komi(Preset::Japanese);
    r.seki_eyes_count = true;
    assert_eq!(score(TAX_SEKI, r), "B+1.5");
}

/// A corner ko that White wins back (found by `engine-tests/status_exhaustive.rs`): Black A3
/// takes A2 in a ko, White ko-passes, and when Black passes White retakes at A2 and then
/// connects at A3. The retake brings back the starting board with Black to move, but not the
/// starting game (Black may no longer retake at once); the local game's superko used to cut
/// it there and called A2 seki.
#[test]
fn a_ko_retaken_after_a_ko_pass_is_not_a_repetition() {
    let d = "
    9 . O O O O O O O O
    8 O O . O O O O O O
    7 O O O O O O O O O
    6 O O O O O O O O O
    5 O O O O O O O O O
    4 O O O O O O O O O
    3 . O . . X X X X X
    2 O X O O X X . X X
    1 X . X X X X X X .";
    let c = confirm_diagram(d, japanese());
    let a2 = at(&c, "A2", 9);
    assert_eq!(
        (a2.class, a2.status),
        (Class::First, Status::Alive),
        "{a2:?}"
    );
}

#[test]
fn a_stone_taken_in_a_bent_corner_is_put_back_joined_to_its_wall() {
    // White's A2 takes A1, but the white stones are then one chain in atari at C1 inside
    // Black's wall: Black captures four, and A1 comes back joined to the wall through A2 or
    // B1. Filling A1 alone amid the captured points left it unjoined and called all three
    // lone stones seki.
    let d = "
    9 . X X X X X X X X
    8 X X . X X X X X X
    7 X X X X X X X X X
    6 X X X X X X X X X
    5 X X X X X X X X X
    4 X X X X X X X X X
    3 O X X O O O O O O
    2 . . X X O O . O O
    1 X O . X O O O O .";
    let c = confirm_diagram(d, japanese());
    let a1 = at(&c, "A1", 9);
    assert_eq!(
        (a1.class, a1.status),
        (Class::First, Status::Alive),
        "{a1:?}"
    );
    for v in ["B1", "A3"] {
        let w = at(&c, v, 9);
        assert_eq!(
            (w.class, w.status),
            (Class::None, Status::Dead),
            "{v}: {w:?}"
        );
    }
}

/// bench/score.py's g09-032 (GNU Go self-play, 9x9): White's H1 lives once Black's corner
/// chains are read out, and Black's G1 G2, J2 and H3 H4 G5 H5 are dead (GNU Go's play-out
/// captures them: W+21.5 under area rules).
const LIVING_STONE_TAKEN: &str = "
    9 . X X O O . . . .
    8 . X O O O O O . .
    7 . X X O X X O . .
    6 . . X O X O O O .
    5 . . X O X O X X O
    4 . . . X X O O X O
    3 . . X X X O . X .
    2 X . X O O O X . X
    1 . X O O . . X O .";

#[test]
fn a_first_class_chain_taken_on_the_way_can_be_played_again_in_its_neighbours_games() {
    // Once White's H1 is found first-class the area splits at it, and Black's corner
    // chains are read in the smaller part: when their games left H1's point off the area,
    // Black's J1-H2 capture of H1 left a hole White could never fill, and G1 and H3 came
    // out seki (20 points off).
    let mut r = Rules::preset(Preset::Chinese);
    r.komi = 6.5;
    let g = Game::from_diagram(LIVING_STONE_TAKEN, r).expect("diagram");
    // (the estimate is asked for the lone stones in the large top-right area, and takes
    // none off: every stone as it stands)
    let c = confirm(&g, &ConfirmLimits::for_size(9), || g.default_status());
    assert_eq!(c.estimated, 0, "{c:?}");
    assert_eq!(at(&c, "H1", 9).status, Status::Alive, "{c:?}");
    for v in ["G1", "J2", "H3"] {
        assert_eq!(at(&c, v, 9).status, Status::Dead, "{v}: {c:?}");
    }
    assert_eq!(g.score(&c.status).to_string(), "W+21.5");
}

/// bench/score.py's g09-051, an unfinished 9x9 record: the whole board is one area of 24
/// empty points, and every chain's local game runs out but D9's, which White captures at
/// E9 in its game ("none"). D9 touches the undecided White chain C4-C9, which the estimate
/// calls dead: "none" was read against stones that are not there, so D9 takes the
/// estimate's verdict (it was seki for touching the living E8, and the count 21 points
/// off).
pub(crate) const G09_051: &str = "
    9 . O O X . X X . .
    8 O X O O X . X . X
    7 . X X O O X . X O
    6 X X O . O X X X O
    5 X O O O O X O O O
    4 . X O X X X O O O
    3 X X . . X O X . .
    2 . . X . X O O O .
    1 . . . X X O . . .";

#[test]
fn a_chain_without_life_next_to_undecided_stones_the_estimate_calls_dead_takes_the_estimate() {
    let g = Game::from_diagram(G09_051, japanese()).expect("diagram");
    let judge = |white_dead: bool| {
        confirm(&g, &ConfirmLimits::for_size(9), || {
            let mut m = g.default_status();
            if white_dead {
                m.set_chain(g.board(), pt("C4", 9), Status::Dead);
            }
            m
        })
    };
    let c = judge(true);
    assert_eq!(at(&c, "C4", 9).class, Class::Unknown, "{c:?}");
    let d9 = at(&c, "D9", 9);
    assert_eq!(
        (d9.class, d9.status),
        (Class::None, Status::Alive),
        "{d9:?}"
    );
    assert!(d9.reason.contains("the estimate calls dead"), "{d9:?}");
    // with the White chain alive on the estimate, D9 stays a seki beside its living E8
    let c = judge(false);
    let d9 = at(&c, "D9", 9);
    assert_eq!((d9.class, d9.status), (Class::None, Status::Seki), "{d9:?}");
}

/// `ConfirmLimits::work` bounds all local games together: on g09-051, where every chain's
/// games run out, the two levels spent nine eighths of it before each area's games were
/// held to their chains' shares.
#[test]
fn the_local_games_together_never_pass_the_work_limit() {
    let g = Game::from_diagram(G09_051, japanese()).expect("diagram");
    let limits = ConfirmLimits {
        nodes: 200_000,
        work: 40_000,
        max_area: 24,
        full_area: 24,
        time: Duration::MAX,
    };
    let c = confirm(&g, &limits, || g.default_status());
    assert!(c.nodes <= limits.work, "{} nodes: {c:?}", c.nodes);
    assert!(c.nodes > limits.work / 2, "{} nodes: {c:?}", c.nodes);
}

/// The lower left of a counted Tom 9d game (8594832, recorded W+4.5): Black's A3 and D4
/// chains are dead inside White's area, and so is the lone A5 beside them.
const TOM_8594832: &str = "
    19 . O O X X X X X X . . . . . . . . . .
    18 O O X X . O X O X . . . . . . . X X X
    17 O O O O O O O O X . . . . . X X . . X
    16 O X O X X O . O X . . . . . . X X . X
    15 X X X X X X O O X . . . . . . X . . X
    14 X O . X X . X X . . . . . . . X X . .
    13 X . O X . . X X X . . . . . . X . . X
    12 X O O X X . . . . X X . X X X . . . .
    11 O . O O O X . X . X . . X O X . X X .
    10 X X O X X X X X . X X X O O O X X . X
     9 O O . O O O X . X O X O . O O O X X X
     8 . X O O O X X X X O O O X O . O O O X
     7 O O O O X O X . X O . O O . O . O O O
     6 O O O X X O O X X O X X O . . O . O .
     5 X O X X . O X X X X O O . . O . . . O
     4 . X . X O O O O O X O O . O . O . O X
     3 X X X O O X X O X X O O . O O . . O X
     2 . O O . O O X X X O O X O . O O . O .
     1 . . . . O X X . O O . . . . O O O O O";

/// A chain without life next to an own undecided chain that the estimate calls dead is
/// dead like it when the enemy stones around are first-class: the own chain gives it no
/// life (A5 was called seki "next to living Black stones", and the area around it nobody's).
#[test]
fn a_chain_without_life_beside_own_stones_the_estimate_calls_dead_is_dead() {
    let g = Game::from_diagram(TOM_8594832, Rules::preset(Preset::Chinese)).expect("diagram");
    // the work for A5's local game to end: the rule is at stake here, not the budget
    let limits = ConfirmLimits {
        work: 200_000,
        ..ConfirmLimits::for_size(19)
    };
    let judge = |black_dead: bool| {
        confirm(&g, &limits, || {
            let mut m = g.default_status();
            if black_dead {
                for v in ["A3", "D4"] {
                    m.set_chain(g.board(), pt(v, 19), Status::Dead);
                }
            }
            m
        })
    };
    let c = judge(true);
    for v in ["A3", "D4"] {
        let x = at(&c, v, 19);
        assert_eq!(
            (x.class, x.status),
            (Class::Unknown, Status::Dead),
            "{v}: {x:?}"
        );
    }
    let a5 = at(&c, "A5", 19);
    assert_eq!((a5.class, a5.status), (Class::None, Status::Dead), "{a5:?}");
    assert!(
        a5.reason.contains("surrounded by first-class White"),
        "{a5:?}"
    );
    // with its neighbours alive on the estimate, A5 stays a seki beside them
    let c = judge(false);
    let a5 = at(&c, "A5", 19);
    assert_eq!((a5.class, a5.status), (Class::None, Status::Seki), "{a5:?}");
}

/// A stone pushed into the enemy's wall and blocked, its one liberty an eye of its own
/// (F5 here): the enemy can take it only by playing into that eye, and players leave out
/// the connecting move. It counts alive and the eye as territory, as the Tom 9d records
/// under Japanese rules and GNU Go count it (it was seki, and E5 nobody's).
#[test]
fn a_stone_whose_only_liberty_is_its_own_eye_is_counted_alive() {
    let pushed = "
        9 . O . O O X . X .
        8 O O O O O X X X X
        7 . O . O O X . X .
        6 O O O O O X X X X
        5 . O . O . O X . X
        4 O O O O O X X X X
        3 . O . O O X . X .
        2 O O O O O X X X X
        1 . O . O O X . X .";
    let c = confirm_diagram(pushed, japanese());
    let f5 = at(&c, "F5", 9);
    assert_eq!(
        (f5.class, f5.status),
        (Class::None, Status::Alive),
        "{f5:?}"
    );
    assert!(f5.reason.contains("eye of its own"), "{f5:?}");
    // White: 10 eyes and E5; Black: 9 eyes
    assert_eq!(score(pushed, japanese()), "W+2.5");
    // when the eye also touches a Black stone, it is no eye of White's: seki as before
    let shared = pushed.replace("4 O O O O O X", "4 O O O O X X");
    let c = confirm_diagram(&shared, japanese());
    let f5 = at(&c, "F5", 9);
    assert_ne!(f5.status, Status::Alive, "{f5:?}");
}

/// Checks a 7x7 `diagram` of two groups in seki across the D file (Black's walls through
/// A1, White's through G7) with a Black chain at F4 inside White's eye: under `chinese`
/// F4 is of class none and dead for `why` (in its reason), and the count W+0.5; under
/// `traditional` (the procedure as set out, territory counting) F4 stays in seki.
fn f4_dead_under_area_counting_only(diagram: &str, why: &str) {
    let mut chinese = Rules::preset(Preset::Chinese);
    chinese.komi = 0.5;
    let c = confirm_diagram(diagram, chinese);
    for v in ["A1", "G7"] {
        let x = at(&c, v, 7);
        assert_eq!(x.status, Status::Seki, "{x:?}");
    }
    let f4 = at(&c, "F4", 7);
    assert_eq!((f4.class, f4.status), (Class::None, Status::Dead), "{f4:?}");
    assert!(f4.reason.contains(why), "{f4:?}");
    assert_eq!(score(diagram, chinese), "W+0.5");
    let mut traditional = Rules::preset(Preset::Traditional);
    traditional.komi = 0.5;
    let c = confirm_diagram(diagram, traditional);
    assert_eq!(at(&c, "F4", 7).status, Status::Seki);
}

/// Tom 9d 42206951 (Chinese rules): a Black stone thrown into the eye of a White group
/// living in seki stood in atari, its liberty walled by White alone. Sekiguchi's procedure
/// calls it seki (none, next to White stones without first-class life), and the count gave
/// it its point and the eye to nobody; White takes it inside its own eye at no cost to its
/// liberties, and the record and GNU Go count it dead (3 points, the winner).
#[test]
fn a_stone_in_the_eye_of_a_group_in_seki_is_dead_under_area_counting() {
    // Black 20 stones and B4; White 19 stones, F4 and G4; the D file nobody's
    let thrown_in = "
        7 X X X . O O O
        6 X X X . O O O
        5 X X X . O O O
        4 X . X . O X .
        3 X X X . O O O
        2 X X X . O O O
        1 X X X . O O O";
    f4_dead_under_area_counting_only(thrown_in, "at no cost");
}

#[test]
fn a_lifeless_stone_beside_a_group_in_seki_is_dead_under_area_counting() {
    // White's one eye (F5, G4) holds an eyeless Black stone with two liberties: White
    // takes it when moving first (none), but the White group itself lives only in seki
    // with Black's one-eyed group across the D file. Black 20 stones and B4; White 18
    // stones, F5, F4 and G4; the D file nobody's
    let beside = "
        7 X X X . O O O
        6 X X X . O O O
        5 X X X . O . O
        4 X . X . O X .
        3 X X X . O O O
        2 X X X . O O O
        1 X X X . O O O";
    f4_dead_under_area_counting_only(beside, "costs them nothing");
}

#[test]
fn two_lifeless_chains_next_to_each_other_stay_in_seki_under_area_counting() {
    // a White pair inside Black's wall and a Black pair inside White's, touching, two
    // liberties each: whichever side moves first takes the other
    let race = "
        8 X X X X O O O O
        7 X X X X O O O O
        6 X . X X O O . O
        5 X X . X O . O O
        4 X . O O X X . O
        3 X X X X O O O O
        2 X . X X O O . O
        1 X X X X O O O O";
    let mut chinese = Rules::preset(Preset::Chinese);
    chinese.komi = 0.5;
    let c = confirm_diagram(race, chinese);
    for v in ["C4", "E4"] {
        let x = at(&c, v, 8);
        assert_eq!((x.class, x.status), (Class::None, Status::Seki), "{x:?}");
        assert!(x.reason.contains("whichever side moves first"), "{x:?}");
    }
    for v in ["A1", "H8"] {
        assert_eq!(at(&c, v, 8).status, Status::Alive);
    }
}
