//! Tests of the heavy module.

use super::*;
use crate::board::Board9;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::tactics::testutil::stones9 as board;

fn pt(s: &str) -> Point {
    crate::tactics::testutil::pt(s, 9)
}

fn always() -> HeavyParams {
    HeavyParams {
        ko: 100,
        escape: 100,
        lgrf: 100,
        nakade: 100,
        two_lib: 100,
        n_lib: 100,
        eye_fix: 100,
        pattern: 100,
        self_atari: 100,
        fill: 0,
    }
}

fn ctx(last: &str) -> Context {
    Context {
        last: [Some(pt(last)), None],
        old_ko: None,
    }
}

#[test]
fn captures_a_stone_the_last_move_left_in_atari() {
    // White E5 just played into atari (Black D5, F5, E6): Black takes at E4
    let mut b = board(&["D5", "F5", "E6"], &["E5"]);
    let mut rng = SmallRng::seed_from_u64(1);
    let r = Replies::new(9);
    for _ in 0..20 {
        let p = choose(&mut b, Color::Black, &ctx("E5"), &r, &always(), &mut rng);
        assert_eq!(p, Some(pt("E4")));
    }
}

#[test]
fn escapes_from_an_atari_into_open_space() {
    // Black E5 in atari after White E4 (White D5, F5, E4); E6 is open: extend there
    let mut b = board(&["E5"], &["D5", "F5", "E4"]);
    let mut rng = SmallRng::seed_from_u64(2);
    let r = Replies::new(9);
    let p = choose(&mut b, Color::Black, &ctx("E4"), &r, &always(), &mut rng);
    assert_eq!(p, Some(pt("E6")));
}

#[test]
fn last_good_reply_is_learnt_and_forgotten() {
    let mut r = Replies::new(9);
    let rec = [
        (Color::Black, pt("C3")),
        (Color::White, pt("G7")),
        (Color::Black, pt("C7")),
    ];
    r.learn(&rec, Some(Color::Black));
    assert_eq!(
        r.reply(Color::Black, Some(pt("C3")), pt("G7")),
        Some(pt("C7"))
    );
    assert_eq!(r.reply(Color::Black, None, pt("G7")), Some(pt("C7")));
    // White's reply G7 to C3 is not stored (White lost)
    assert_eq!(r.reply(Color::White, None, pt("C3")), None);
    // Black loses a game with the same reply: forgotten
    r.learn(&rec, Some(Color::White));
    assert_eq!(r.reply(Color::Black, Some(pt("C3")), pt("G7")), None);
    assert_eq!(r.reply(Color::White, None, pt("C3")), Some(pt("G7")));
}

#[test]
fn random_moves_never_fill_own_eyes_and_end() {
    let mut rng = SmallRng::seed_from_u64(3);
    let r = Replies::new(9);
    let hp = HeavyParams::default();
    for _ in 0..50 {
        let mut b = Board9::new(9).unwrap();
        let mut c = Color::Black;
        let mut ctx = Context::default();
        let mut passes = 0;
        let mut turns = 0;
        while passes < 2 && turns < 400 {
            match choose(&mut b, c, &ctx, &r, &hp, &mut rng) {
                Some(p) => {
                    assert!(!b.is_eye(c, p), "{b}\n{c:?} {p:?}");
                    b.play_unchecked(c, p);
                    ctx.last = [Some(p), ctx.last[0]];
                    passes = 0;
                }
                None => {
                    b.pass();
                    ctx.last = [None, ctx.last[0]];
                    passes += 1;
                }
            }
            c = c.opponent();
            turns += 1;
        }
        assert!(turns < 400, "playout did not end\n{b}");
        b.check_consistency().unwrap();
    }
}

#[test]
fn fill_board_plays_in_empty_areas_while_there_are_any() {
    // stones on the third line and the centre: some points still have eight empty
    // neighbours, and with many tries every random move is one of them
    let hp = HeavyParams {
        fill: 100,
        ..HeavyParams::default()
    };
    let mut rng = SmallRng::seed_from_u64(5);
    let mut b = board(&["C3", "G7", "E5"], &["C7", "G3"]);
    let open: Vec<Point> = b
        .empty_list()
        .iter()
        .map(|&i| Point(i))
        .filter(|&p| pattern3::code(&b, p) == 0)
        .collect();
    assert!(!open.is_empty());
    for _ in 0..20 {
        let p = random_move(&mut b, Color::Black, &hp, &mut rng).0.unwrap();
        assert!(open.contains(&p), "{p:?} is not in an empty area");
    }
    // without fill tries, moves next to stones come too
    let plain = HeavyParams::default();
    let near = (0..200)
        .filter_map(|_| random_move(&mut b, Color::Black, &plain, &mut rng).0)
        .filter(|p| !open.contains(p))
        .count();
    assert!(near > 0);
}
