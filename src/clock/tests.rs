use super::*;

/// The time control `text` stands for; panics (failing the test) on a parse error.
pub(crate) fn tc(text: &str) -> TimeControl {
    match TimeControl::parse(text) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn fischer_adds_the_increment_after_every_move() {
    let f = tc("fischer 30 5");
    assert_eq!(f.overtime(), Overtime::Fischer);
    assert_eq!((f.main, f.increment, f.max_main), (30.0, 5.0, None));
    let mut s = SideClock::new(f);
    assert_eq!(s.available(), 30.0);
    assert_eq!(charge(&mut s, 2.0, 0.0), Ok(()));
    assert_eq!(s.main, 33.0);
    assert_eq!(s.time_left(), (33, 0));
    // a long think spends the bank; the increment comes after it
    assert_eq!(charge(&mut s, 33.0, 0.0), Ok(()));
    assert_eq!(s.main, 5.0);
    assert!(!s.in_overtime, "Fischer has no overtime");
    // more than the bank (and the allowance) is a loss, increment or not
    let loss = charge(&mut s, 5.6, 0.5).err();
    assert_eq!(loss.map(|l| l.available), Some(5.0));
    assert_eq!(s.main, 0.0);
}

#[test]
fn fischer_capped_keeps_the_bank_under_its_cap() {
    let f = tc("fischer-capped 60 10 65 -1");
    assert_eq!((f.max_main, f.max_move), (Some(65.0), None));
    let mut s = SideClock::new(f);
    assert_eq!(charge(&mut s, 1.0, 0.0), Ok(()));
    assert_eq!(s.main, 65.0, "59 + 10 capped at 65");
    // a per-move cap is a flag of its own
    let g = tc("fischer-capped 60 10 -1 15");
    let mut s = SideClock::new(g);
    assert_eq!(charge(&mut s, 15.4, 0.5), Ok(()));
    assert!(charge(&mut s, 16.0, 0.5).is_err(), "over the per-move cap");
    assert_eq!(
        g.kata_fischer_args(),
        Some(vec![
            "fischer-capped".to_string(),
            "60".into(),
            "10".into(),
            "-1".into(),
            "15".into()
        ])
    );
    assert_eq!(
        tc("fischer 300 2.5").kata_fischer_args(),
        Some(vec!["fischer".to_string(), "300".into(), "2.5".into()])
    );
    assert_eq!(tc("byoyomi 60 30 5").kata_fischer_args(), None);
}

#[test]
fn fischer_forms_and_their_names() {
    let f = tc("Fischer 300 5");
    assert_eq!(f.to_string(), "300s + 5s a move (Fischer)");
    assert_eq!(f.sgf_overtime().as_deref(), Some("fischer 5"));
    assert_eq!(f.count(), 0);
    assert_eq!(f.period_or_increment(), 5.0);
    assert_eq!(f.gtp_args(), (295, 5, 1), "gtp2ogs's fallback");
    assert_eq!(Overtime::Fischer.name(), "fischer");
    for bad in [
        "fischer 300",
        "fischer 300 0",
        "fischer 300 5 1",
        "fischer-capped 300 5 100 -1",
        "fischer-capped 300 5 600",
        "fischer-capped 300 5 x -1",
        "fischer-capped 300 5 0 -1",
        "fischer 0 -5",
        "fischer 0 5",
    ] {
        assert!(TimeControl::parse(bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn reported_clocks_read_time_left_by_the_system() {
    let byo = tc("byoyomi 600 30 5");
    let s = SideClock::reported(byo, 28.0, 4);
    assert!(s.in_overtime);
    assert_eq!((s.period, s.periods), (28.0, 4));
    assert_eq!(s.time_left(), (28, 4));
    let can = tc("600 300 25");
    let s = SideClock::reported(can, 280.0, 20);
    assert_eq!((s.period, s.stones, s.time_left()), (280.0, 20, (280, 20)));
    assert_eq!(SideClock::reported(can, 500.0, 0).main, 500.0);
    // Fischer and absolute time are main time whatever the count says
    let f = tc("fischer 60 5");
    let s = SideClock::reported(f, 42.0, 3);
    assert_eq!((s.main, s.in_overtime), (42.0, false));
    assert_eq!(SideClock::reported(f, f64::NAN, 0).main, 0.0);
    assert_eq!(SideClock::reported(f, 1e300, 0).main, 1.0e9);
}

#[test]
fn the_same_move_costs_the_same_under_every_system() {
    // main time spilling into overtime: Canadian takes a stone, byo-yomi keeps the period
    let can = tc("10 20 3");
    let mut s = SideClock::new(can);
    assert_eq!(charge(&mut s, 12.0, 0.0), Ok(()));
    assert_eq!(s.time_left(), (18, 2));
    let byo = tc("byoyomi 10 20 3");
    let mut s = SideClock::new(byo);
    assert_eq!(charge(&mut s, 12.0, 0.0), Ok(()));
    assert_eq!(s.time_left(), (20, 3));
    let abs = tc("absolute 10");
    let mut s = SideClock::new(abs);
    assert!(charge(&mut s, 12.0, 0.0).is_err());
    assert!(charge(&mut s, f64::INFINITY, 0.0).is_err());
}

/// Charges `elapsed` to `s` with a lag allowance of `lag` (the clock keeps its own).
fn charge(s: &mut SideClock, elapsed: f64, lag: f64) -> Result<(), TimeLoss> {
    let keep = s.lag();
    let mut t = s.with_lag(lag);
    let r = t.charge(elapsed);
    *s = t.with_lag(keep);
    r
}
