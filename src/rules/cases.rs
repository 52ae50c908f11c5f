//! The worked cases of `shared/rules/cases.md`, run through the library API for every
//! Tengen preset (case keys: chinese -> chinese-psk, new-zealand -> nz, primitive -> shimada).

use super::testutil::pt;
use super::{Game, Move, Preset, Rules};
use crate::board::{Color, IllegalMove};

/// A case's start: size, setup stones, side to move, moves, komi.
struct Case {
    size: usize,
    black: &'static [&'static str],
    white: &'static [&'static str],
    to_move: Color,
    moves: &'static [&'static str],
    komi: Option<f64>,
}

/// The case key of a Tengen preset.
fn key(p: Preset) -> &'static str {
    match p {
        Preset::Chinese => "chinese-psk",
        Preset::Japanese => "japanese",
        Preset::Korean => "korean",
        Preset::Aga => "aga",
        Preset::NewZealand => "nz",
        Preset::TrompTaylor => "tromp-taylor",
        Preset::Ing => "ing",
        Preset::Primitive => "shimada",
        Preset::Yasunaga => "yasunaga",
        Preset::Traditional => "traditional",
    }
}

/// Parses `"B F5"`, `"W pass"`.
fn parse_move(s: &str, size: usize) -> (Color, Move) {
    let (c, v) = s.split_once(' ').expect("move");
    let c: Color = c.parse().expect("colour");
    let m = if v.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        Move::Play(pt(v, size))
    };
    (c, m)
}

impl Case {
    fn game(&self, p: Preset) -> Game {
        let mut rules = Rules::preset(p);
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        let mut g = Game::new(self.size, rules).expect("size");
        let b: Vec<_> = self.black.iter().map(|v| pt(v, self.size)).collect();
        let w: Vec<_> = self.white.iter().map(|v| pt(v, self.size)).collect();
        g.setup(&b, &w, &[]).expect("setup");
        g.set_to_move(self.to_move);
        for m in self.moves {
            let (c, mv) = parse_move(m, self.size);
            assert_eq!(g.play(c, mv), Ok(()), "{p}: {m}");
        }
        g
    }

    fn is_legal(&self, g: &Game, q: &str) -> bool {
        let (c, m) = parse_move(q, self.size);
        g.is_legal(c, m)
    }
}

/// Asserts every verdict: `expected` maps case keys to legality; `None` means ALL.
fn verdicts(case: &Case, query: &str, all: Option<bool>, expected: &[(&str, bool)]) {
    for p in Preset::ALL {
        let want = match all {
            Some(v) => v,
            None => match expected.iter().find(|(k, _)| *k == key(p)) {
                Some(&(_, v)) => v,
                None => panic!("no verdict for {p}"),
            },
        };
        let g = case.game(p);
        assert_eq!(
            case.is_legal(&g, query),
            want,
            "{p}: {query}\n{}",
            g.board()
        );
    }
}

/// Asserts final scores (with the default status) per case key; presets not listed are skipped.
fn scores(case: &Case, extra_moves: &[(&str, &str)], expected: &[(&str, &str)]) {
    let mut checked = 0;
    for p in Preset::ALL {
        let Some(&(_, want)) = expected.iter().find(|(k, _)| *k == key(p)) else {
            continue;
        };
        let mut g = case.game(p);
        for &(k, m) in extra_moves {
            if k == key(p) {
                let (c, mv) = parse_move(m, case.size);
                assert_eq!(g.play(c, mv), Ok(()));
            }
        }
        assert!(g.is_over(), "{p}: game should be over");
        let s = g.score(&g.default_status());
        assert_eq!(s.to_string(), want, "{p}\n{}", g.board());
        checked += 1;
    }
    assert_eq!(checked, expected.len());
}

const KO_BLACK: &[&str] = &["A3", "B3", "B5", "C4", "C5", "D5", "D6", "E6"];
const KO_WHITE: &[&str] = &[
    "A2", "A4", "A5", "B2", "B6", "C2", "D2", "D3", "E3", "E4", "E5", "F2", "F4", "F6",
];

#[test]
fn k01_basic_ko() {
    let case = Case {
        size: 6,
        black: KO_BLACK,
        white: KO_WHITE,
        to_move: Color::Black,
        moves: &["B F5"],
        komi: None,
    };
    verdicts(&case, "W F6", Some(false), &[]);
    for p in Preset::ALL {
        let g = case.game(p);
        // B F5 captured F6 although the stone had no liberty before the capture
        assert_eq!(g.board().color_at(pt("F6", 6)), None);
        assert_eq!(g.prisoners(Color::Black), 1);
        assert_eq!(
            g.check(Color::White, Move::Play(pt("F6", 6))),
            Err(IllegalMove::Ko)
        );
    }
}

#[test]
fn k02_ko_after_exchange() {
    let case = Case {
        size: 6,
        black: KO_BLACK,
        white: KO_WHITE,
        to_move: Color::Black,
        moves: &["B F5", "W pass", "B C3"],
        komi: None,
    };
    verdicts(&case, "W F6", Some(true), &[]);
    for p in Preset::ALL {
        let mut g = case.game(p);
        assert_eq!(g.play(Color::White, Move::Play(pt("F6", 6))), Ok(()));
        assert!(!g.is_legal(Color::Black, Move::Play(pt("F5", 6))), "{p}");
    }
}

#[test]
fn k03_send_two_return_one() {
    let case = Case {
        size: 6,
        black: KO_BLACK,
        white: KO_WHITE,
        to_move: Color::Black,
        moves: &["B F5", "W pass", "B D4", "W C6", "B A6"],
        komi: None,
    };
    verdicts(
        &case,
        "W B6",
        None,
        &[
            ("japanese", true),
            ("korean", true),
            ("traditional", true),
            ("chinese-psk", false),
            ("tromp-taylor", false),
            ("shimada", false),
            ("ing", false),
            ("aga", true),
            ("nz", true),
            ("yasunaga", false),
        ],
    );
    let g = case.game(Preset::Chinese);
    assert_eq!(
        g.check(Color::White, Move::Play(pt("B6", 6))),
        Err(IllegalMove::Superko)
    );
    // A6 took two stones
    assert_eq!(g.prisoners(Color::Black), 3);
}

#[test]
fn s01_multi_stone_suicide() {
    let case = Case {
        size: 6,
        black: &["A4", "B4", "B5", "C5", "C6", "F6"],
        white: &["A5", "B6", "D5", "D6", "E5", "F5"],
        to_move: Color::Black,
        moves: &[],
        komi: None,
    };
    let legal = |k| matches!(k, "tromp-taylor" | "nz" | "ing" | "shimada");
    let table: Vec<(&str, bool)> = Preset::ALL
        .iter()
        .map(|&p| (key(p), legal(key(p))))
        .collect();
    verdicts(&case, "B E6", None, &table);
    for p in Preset::ALL {
        let mut g = case.game(p);
        let r = g.play(Color::Black, Move::Play(pt("E6", 6)));
        if legal(key(p)) {
            assert_eq!(r, Ok(()));
            assert_eq!(g.board().color_at(pt("E6", 6)), None);
            assert_eq!(g.board().color_at(pt("F6", 6)), None);
            assert_eq!(g.prisoners(Color::White), 2);
            assert_eq!(g.to_move(), Color::White);
        } else {
            assert_eq!(r, Err(IllegalMove::Suicide));
            assert_eq!(g.board().color_at(pt("F6", 6)), Some(Color::Black));
            assert_eq!(g.move_number(), 0);
        }
    }
}

#[test]
fn s03_single_stone_suicide() {
    let case = Case {
        size: 5,
        black: &["D4"],
        white: &["A2", "B1"],
        to_move: Color::Black,
        moves: &[],
        komi: None,
    };
    verdicts(&case, "B A1", Some(false), &[]);
    for p in Preset::ALL {
        let g = case.game(p);
        assert_eq!(
            g.check(Color::Black, Move::Play(pt("A1", 5))),
            Err(IllegalMove::Suicide)
        );
        assert!(!g.legal_moves(Color::Black).contains(&pt("A1", 5)));
    }
}

const P01_MOVES: &[&str] = &[
    "B B3", "W C2", "B B2", "W C3", "B B1", "W C1", "B B4", "W C4", "B pass", "W D2", "B pass",
    "W pass",
];

#[test]
fn p01_area_vs_territory() {
    let case = Case {
        size: 4,
        black: &[],
        white: &[],
        to_move: Color::Black,
        moves: P01_MOVES,
        komi: Some(0.5),
    };
    scores(
        &case,
        &[("yasunaga", "B pass")],
        &[
            ("chinese-psk", "W+0.5"),
            ("aga", "W+0.5"),
            ("nz", "W+0.5"),
            ("tromp-taylor", "W+0.5"),
            ("ing", "W+0.5"),
            ("japanese", "B+0.5"),
            ("korean", "B+0.5"),
            ("traditional", "B+0.5"),
            ("yasunaga", "B+0.5"),
            // not in the case: area less two points a group (the stones each side has with
            // its territory filled but for two eyes), B 8 - 2 against W 8 - 2 + 0.5
            ("shimada", "W+0.5"),
        ],
    );
    let g = case.game(Preset::Yasunaga);
    assert!(!g.is_over(), "yasunaga needs a third pass");
}

#[test]
fn p02_stone_scoring_and_groups() {
    let case = Case {
        size: 7,
        black: &[
            "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "F1", "F2",
            "F3", "F4", "F5", "F6", "F7", "G2", "G3", "G4", "G5", "G6",
        ],
        white: &[
            "C1", "C2", "C3", "C4", "C5", "C6", "C7", "D2", "D3", "D4", "D5", "D6", "E1", "E2",
            "E3", "E4", "E5", "E6", "E7",
        ],
        to_move: Color::Black,
        moves: &["B pass", "W pass"],
        komi: Some(6.5),
    };
    scores(
        &case,
        &[("yasunaga", "B pass")],
        &[
            ("chinese-psk", "B+0.5"),
            ("aga", "B+0.5"),
            ("nz", "B+0.5"),
            ("tromp-taylor", "B+0.5"),
            ("ing", "B+0.5"),
            ("japanese", "W+4.5"),
            ("korean", "W+4.5"),
            ("traditional", "W+4.5"),
            ("shimada", "W+1.5"),
            // not in the case: territory, 4 against 2 + 6.5
            ("yasunaga", "W+4.5"),
        ],
    );
    // every group is pass-alive: nothing dead
    let g = case.game(Preset::Japanese);
    assert!(g.default_status().dead_points().is_empty());
}

#[test]
fn e01_end_of_game() {
    let case = Case {
        size: 4,
        black: &[],
        white: &[],
        to_move: Color::Black,
        moves: &[
            "B B3", "W C2", "B B2", "W C3", "B B1", "W C1", "B B4", "W C4", "B pass", "W pass",
        ],
        komi: Some(0.5),
    };
    for p in Preset::ALL {
        let mut g = case.game(p);
        if p == Preset::Yasunaga {
            assert!(!g.is_over());
            assert_eq!(g.play(Color::Black, Move::Pass), Ok(()));
        }
        assert!(g.is_over(), "{p}");
        assert_eq!(g.consecutive_passes(), g.rules().end_passes as usize);
        if p != Preset::Primitive {
            assert_eq!(g.score(&g.default_status()).to_string(), "W+0.5", "{p}");
        }
    }
}

#[test]
fn h02_fixed_handicap() {
    let set = |size, n| {
        let mut v: Vec<String> = Game::fixed_handicap_points(size, n)
            .expect("defined")
            .into_iter()
            .map(|p| p.vertex(size).to_string())
            .collect();
        v.sort();
        v
    };
    let sorted = |v: &[&str]| {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(
        set(19, 7),
        sorted(&["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"])
    );
    assert_eq!(set(13, 3), sorted(&["D4", "K10", "D10"]));
    assert_eq!(
        set(19, 9),
        sorted(&["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"])
    );
    // 2x2 free handicap on every point is refused and changes nothing
    let mut g = Game::new(2, Rules::preset(Preset::Chinese)).expect("size");
    let all: Vec<_> = ["A1", "B1", "A2", "B2"].iter().map(|v| pt(v, 2)).collect();
    assert!(g.place_handicap(&all).is_err());
    assert_eq!(g.board().stone_counts(), [0, 0]);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.handicap(), 0);
    assert_eq!(g.place_handicap(&all[..3]), Ok(()));
    assert_eq!(g.board().stone_counts(), [3, 0]);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.handicap(), 3);
}
