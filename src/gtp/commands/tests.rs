//! Unit tests of the command handlers, through [`Gtp::exec`].

use super::*;
use crate::rules::Preset;
use std::time::Instant;

fn engine() -> Gtp {
    Gtp::new(&Options::for_tests(Some(200)))
}

fn ok(g: &mut Gtp, line: &str) -> String {
    let r = g.exec(line);
    assert!(r.starts_with('='), "{line} -> {r}");
    assert!(r.ends_with("\n\n"), "{line} -> {r:?}");
    let body = &r[1..r.len() - 2];
    let body = body.trim_start_matches(|c: char| c.is_ascii_digit());
    body.strip_prefix(' ').unwrap_or(body).to_string()
}

fn err(g: &mut Gtp, line: &str) -> String {
    let r = g.exec(line);
    assert!(r.starts_with('?'), "{line} -> {r}");
    assert!(r.ends_with("\n\n"));
    let body = &r[1..r.len() - 2];
    let body = body.trim_start_matches(|c: char| c.is_ascii_digit());
    body.trim_start().to_string()
}

fn board_text(g: &Gtp) -> String {
    g.game().board().to_string()
}

#[test]
fn required_commands() {
    let mut g = engine().with_kgs_chat(true);
    assert_eq!(ok(&mut g, "protocol_version"), "2");
    assert_eq!(ok(&mut g, "name"), "Tengen");
    assert_eq!(ok(&mut g, "version"), gtp_version());
    assert_eq!(g.exec("7 name"), "=7 Tengen\n\n");
    assert_eq!(ok(&mut g, "known_command play"), "true");
    assert_eq!(ok(&mut g, "known_command nonsense"), "false");
    assert_eq!(err(&mut g, "known_command"), "syntax error");
    let list = ok(&mut g, "list_commands");
    for (name, _) in COMMANDS {
        assert_eq!(ok(&mut g, &format!("known_command {name}")), "true");
        assert!(list.lines().any(|l| l == *name));
    }
    assert_eq!(list.lines().count(), COMMANDS.len());
    assert_eq!(err(&mut g, "frobnicate"), "unknown command");
    assert_eq!(g.exec("3 frobnicate"), "?3 unknown command\n\n");
    assert_eq!(g.exec("5"), "?5 unknown command\n\n");
    assert_eq!(g.exec("# just a comment"), "");
    assert_eq!(g.exec("quit"), "= \n\n");
}

#[test]
fn boardsize_and_komi() {
    let mut g = engine();
    ok(&mut g, "komi 6.5");
    ok(&mut g, "boardsize 9");
    assert_eq!(g.game().size(), 9);
    assert_eq!(g.game().komi(), 6.5);
    ok(&mut g, "clear_board");
    assert_eq!(g.game().komi(), 6.5);
    for bad in ["1", "26", "-5", "0", "99999999999999999999999"] {
        assert_eq!(
            err(&mut g, &format!("boardsize {bad}")),
            "unacceptable size"
        );
    }
    for bad in [
        "boardsize x",
        "boardsize",
        "boardsize 9 9",
        "komi",
        "komi x",
        "komi nan",
        "komi inf",
    ] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
    assert_eq!(g.game().size(), 9);
    assert_eq!(g.game().komi(), 6.5);
    ok(&mut g, "komi -3");
    assert_eq!(g.game().komi(), -3.0);
    ok(&mut g, "boardsize 25");
    ok(&mut g, "boardsize 2");
}

#[test]
fn play_and_errors_leave_state() {
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    ok(&mut g, "play b d4");
    ok(&mut g, "play WHITE E5");
    ok(&mut g, "play black pass");
    let before = board_text(&g);
    let n = g.game().move_number();
    assert_eq!(err(&mut g, "play b d4"), "illegal move");
    assert_eq!(err(&mut g, "play b J10"), "illegal move");
    assert_eq!(err(&mut g, "play b T19"), "illegal move");
    for bad in [
        "play b Z99",
        "play b I5",
        "play x d4",
        "play b",
        "play",
        "play b d4 e5",
        "play b 44",
    ] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
    assert_eq!(board_text(&g), before);
    assert_eq!(g.game().move_number(), n);
    ok(&mut g, "undo");
    ok(&mut g, "undo");
    ok(&mut g, "undo");
    assert_eq!(err(&mut g, "undo"), "cannot undo");
    assert_eq!(g.game().board().stone_counts(), [0, 0]);
}

#[test]
fn undo_takes_a_count_or_qgos_zero_for_one_move() {
    let mut g = engine();
    for m in ["play b e5", "play w c5", "play b f6", "play w g7"] {
        ok(&mut g, m);
    }
    // qGo 2.1's Undo button sends `undo 0` and takes one move off its own board.
    ok(&mut g, "undo 0");
    assert_eq!(g.game().move_number(), 3);
    assert_eq!(ok(&mut g, "is_legal w g7"), "1");
    // More than were played: refused, and nothing taken back.
    assert_eq!(err(&mut g, "undo 4"), "cannot undo");
    assert_eq!(g.game().move_number(), 3);
    ok(&mut g, "undo 2");
    assert_eq!(g.game().move_number(), 1);
    for bad in ["undo x", "undo -1", "undo 1 2"] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
    assert_eq!(g.game().move_number(), 1);
}

#[test]
fn is_legal_command() {
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    ok(&mut g, "play b a2");
    ok(&mut g, "play b b1");
    assert_eq!(ok(&mut g, "is_legal w a1"), "0"); // suicide
    assert_eq!(ok(&mut g, "is_legal b a1"), "1");
    assert_eq!(ok(&mut g, "is_legal w a2"), "0"); // occupied
    assert_eq!(ok(&mut g, "is_legal w pass"), "1");
    assert_eq!(ok(&mut g, "is_legal w t19"), "0");
    assert_eq!(err(&mut g, "is_legal w i9"), "syntax error");
}

#[test]
fn genmove_plays_legal_moves_and_is_reproducible() {
    let run = || {
        let mut g = engine();
        ok(&mut g, "boardsize 7");
        let mut moves = vec![];
        for i in 0..6 {
            let c = if i % 2 == 0 { "b" } else { "w" };
            let m = ok(&mut g, &format!("genmove {c}"));
            assert!(m == "pass" || m.parse::<Vertex>().is_ok(), "{m}");
            moves.push(m);
        }
        assert_eq!(g.game().move_number(), 6);
        moves
    };
    assert_eq!(run(), run());
    let mut g = engine();
    assert_eq!(err(&mut g, "genmove x"), "syntax error");
    assert_eq!(err(&mut g, "genmove"), "syntax error");
    ok(&mut g, "boardsize 9");
    let m = ok(&mut g, "reg_genmove b");
    assert!(m.parse::<Vertex>().is_ok());
    assert_eq!(g.game().move_number(), 0);
}

#[test]
fn showboard_has_no_empty_lines() {
    let mut g = engine();
    ok(&mut g, "boardsize 5");
    ok(&mut g, "play b c3");
    let r = g.exec("showboard");
    assert!(r.starts_with("= \n"));
    assert_eq!(r.matches("\n\n").count(), 1);
    assert!(r.contains('X'));
}

#[test]
fn handicap_commands() {
    let mut g = engine();
    ok(&mut g, "boardsize 19");
    assert_eq!(ok(&mut g, "fixed_handicap 2"), "D4 Q16");
    assert_eq!(err(&mut g, "fixed_handicap 2"), "board not empty");
    ok(&mut g, "clear_board");
    assert_eq!(err(&mut g, "fixed_handicap 10"), "invalid number of stones");
    assert_eq!(err(&mut g, "fixed_handicap 1"), "invalid number of stones");
    assert_eq!(err(&mut g, "fixed_handicap x"), "syntax error");
    assert_eq!(ok(&mut g, "fixed_handicap 9").split(' ').count(), 9);
    assert_eq!(g.game().to_move(), Color::White);
    ok(&mut g, "clear_board");
    let free = ok(&mut g, "place_free_handicap 4");
    assert_eq!(free.split(' ').count(), 4);
    ok(&mut g, "clear_board");
    let free = ok(&mut g, "place_free_handicap 15");
    let vs: Vec<&str> = free.split(' ').collect();
    assert_eq!(vs.len(), 15);
    let mut d = vs.clone();
    d.sort();
    d.dedup();
    assert_eq!(d.len(), 15);
    ok(&mut g, "clear_board");
    // each refusal with its own message, the spec's words first
    for (bad, message) in [
        ("set_free_handicap a1", "invalid number of stones"),
        ("set_free_handicap", "invalid number of stones"),
        (
            "set_free_handicap a1 b2 a1",
            "bad vertex list: repeated vertex A1",
        ),
        ("set_free_handicap a1 z99", "bad vertex list"),
        ("set_free_handicap a1 pass", "bad vertex list"),
        ("fixed_handicap -3", "invalid number of stones"),
    ] {
        assert_eq!(err(&mut g, bad), message, "{bad}");
    }
    assert_eq!(g.game().board().stone_counts(), [0, 0]);
    ok(&mut g, "set_free_handicap c3 q16 k10");
    assert_eq!(g.game().board().stone_counts(), [3, 0]);
    assert_eq!(err(&mut g, "set_free_handicap d4 e5"), "board not empty");
    assert_eq!(err(&mut g, "place_free_handicap 2"), "board not empty");
    // an empty board after a pass: not empty of moves
    ok(&mut g, "clear_board");
    ok(&mut g, "play b pass");
    assert_eq!(err(&mut g, "fixed_handicap 2"), "moves have been played");
    assert_eq!(g.game().handicap(), 0);
    // small boards: free placement still works
    ok(&mut g, "boardsize 3");
    assert_eq!(ok(&mut g, "place_free_handicap 8").split(' ').count(), 8);
    ok(&mut g, "clear_board");
    assert_eq!(
        err(&mut g, "place_free_handicap 9"),
        "invalid number of stones"
    );
}

#[test]
fn scoring_commands() {
    let mut g = engine();
    ok(&mut g, "boardsize 5");
    ok(&mut g, "komi 0.5");
    assert_eq!(ok(&mut g, "final_score"), "W+0.5");
    for v in ["b1", "b2", "b3", "b4", "b5"] {
        ok(&mut g, &format!("play b {v}"));
        ok(&mut g, "play w pass");
    }
    let s = ok(&mut g, "final_score");
    assert_eq!(s, "B+24.5");
    assert_eq!(ok(&mut g, "final_status_list dead"), "");
    assert_eq!(ok(&mut g, "final_status_list alive"), "B1 B2 B3 B4 B5");
    assert_eq!(ok(&mut g, "final_status_list seki"), "");
    assert_eq!(err(&mut g, "final_status_list zombie"), "syntax error");
}

#[test]
fn rules_commands() {
    let mut g = engine();
    ok(&mut g, "kata-set-rules japanese");
    assert!(ok(&mut g, "kata-get-rules").contains("\"name\":\"japanese\""));
    assert_eq!(g.game().komi(), 6.5); // komi follows the rules until set explicitly
    ok(&mut g, "komi 3");
    ok(&mut g, "kgs-rules new_zealand");
    assert!(ok(&mut g, "kata-get-rules").contains("new-zealand"));
    assert_eq!(g.game().komi(), 3.0);
    assert_eq!(err(&mut g, "kata-set-rules nonsense"), "unknown rules");
    assert!(ok(&mut g, "kata-get-rules").contains("new-zealand"));
    ok(&mut g, "kata-set-rules yasunaga");
    assert!(ok(&mut g, "kata-get-rules").contains("\"ko\":\"SPIGHT\""));
    for p in Preset::ALL {
        ok(&mut g, &format!("kata-set-rules {p}"));
        assert!(ok(&mut g, "kata-get-rules").contains(&format!("\"name\":\"{p}\"")));
    }
    for name in ["chinese-ogs", "stone-scoring", "tromp_taylor", "AGA", "bga"] {
        ok(&mut g, &format!("kata-set-rules {name}"));
    }
    assert_eq!(err(&mut g, "kata-set-rules"), "syntax error");
}

/// `kata-set-rules` with KataGo's JSON: what `kata-get-rules` prints comes back unchanged,
/// komi moves only when the JSON has one, and a refused JSON changes nothing.
#[test]
fn rules_json_commands() {
    for p in Preset::ALL {
        // a fresh engine each time: the JSON's komi stays like `komi K`
        let mut g = engine();
        ok(&mut g, &format!("kata-set-rules {p}"));
        let printed = ok(&mut g, "kata-get-rules");
        ok(&mut g, "kata-set-rules japanese");
        ok(&mut g, &format!("kata-set-rules {printed}"));
        assert_eq!(ok(&mut g, "kata-get-rules"), printed);
        assert_eq!(*g.game().rules(), Rules::preset(p));
    }
    // no komi in the JSON: komi stays (KataGo leaves komi to `komi`)
    let mut g = engine();
    ok(&mut g, "kata-set-rules japanese");
    ok(
        &mut g,
        r#"kata-set-rules {"ko":"POSITIONAL", "scoring":"AREA", "suicide":false, "whiteHandicapBonus":"N", "friendlyPassOk":true}"#,
    );
    assert!(ok(&mut g, "kata-get-rules").starts_with(r#"{"name":"chinese","#));
    assert_eq!(g.game().komi(), 6.5);
    // a komi in the JSON is set, and then stays as after `komi`
    ok(&mut g, r#"kata-set-rules {"komi":5.5}"#);
    assert_eq!(g.game().komi(), 5.5);
    assert!(ok(&mut g, "kata-get-rules").starts_with(r#"{"name":"tromp-taylor","#));
    ok(&mut g, "kata-set-rules japanese");
    assert_eq!(g.game().komi(), 5.5);
    ok(
        &mut g,
        r#"kata-set-rules {"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"komi":0.5}"#,
    );
    assert_eq!(g.game().komi(), 0.5);
    let before = ok(&mut g, "kata-get-rules");
    for (line, msg) in [
        (
            r#"kata-set-rules {"tax":"ALL","scoring":"TERRITORY"}"#,
            "unsupported rules: tax ALL under territory scoring",
        ),
        (
            r#"kata-set-rules {"hasButton":true,"komi":7}"#,
            "unsupported rules: hasButton true",
        ),
        (
            r#"kata-set-rules {"ko":"SIMPLE"} {"#,
            "syntax error: invalid rules JSON",
        ),
        (
            r#"kata-set-rules {"ko":"SIMPLE","#,
            "syntax error: invalid rules JSON",
        ),
        (
            r#"kata-set-rules {"ko":"TRIPLE"}"#,
            r#"bad value for rules field 'ko': "TRIPLE""#,
        ),
        (
            r#"kata-set-rules {"komi":7,"foo":1}"#,
            "unknown rules field 'foo'",
        ),
        (
            "kata-set-rules ancient-territory",
            "unsupported rules: ancient-territory (group tax, tax ALL)",
        ),
        ("kata-set-rules chinese japanese", "unknown rules"),
    ] {
        assert_eq!(err(&mut g, line), msg, "{line}");
        assert_eq!(ok(&mut g, "kata-get-rules"), before, "{line}");
        assert_eq!(g.game().komi(), 0.5);
    }
    // KataGo's names with a space arrive as two arguments
    ok(&mut g, "kata-set-rules new zealand");
    assert!(ok(&mut g, "kata-get-rules").contains(r#""name":"new-zealand""#));
    ok(&mut g, r#"kata-set-rules {"ko":"SIMPLE"}"#);
    assert!(ok(&mut g, "kata-get-rules").contains(r#""name":"custom""#));
}

#[test]
fn time_commands() {
    let mut g = engine();
    ok(&mut g, "time_settings 300 30 5");
    ok(&mut g, "time_left b 120 0");
    ok(&mut g, "time_left white 20 3");
    for bad in [
        "time_settings 1 2",
        "time_settings -1 0 0",
        "time_settings x 0 0",
        "time_left b 1",
        "time_left x 1 1",
        "time_left b 10 -1",
    ] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
    ok(
        &mut g,
        "time_settings 1e300 99999999999999999999 99999999999999999999",
    );
    for good in [
        "kgs-time_settings none",
        "kgs-time_settings absolute 600",
        "kgs-time_settings byoyomi 600 30 5",
        "kgs-time_settings canadian 600 300 25",
    ] {
        ok(&mut g, good);
    }
    for bad in [
        "kgs-time_settings",
        "kgs-time_settings absolute",
        "kgs-time_settings byoyomi 1 2",
        "kgs-time_settings fischer 1 2",
    ] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
}

#[test]
fn kata_time_settings_sets_every_kind() {
    use crate::clock::Overtime;
    let mut g = engine();
    assert_eq!(
        ok(&mut g, "kata-list_time_settings"),
        "none absolute byoyomi canadian fischer fischer-capped"
    );
    // gtp2ogs's Fischer: the cap on the bank, no cap per move
    ok(&mut g, "kata-time_settings fischer-capped 300 10 600 -1");
    let tc = g.engine().clock().control(Color::Black).copied();
    assert_eq!(
        tc.map(|t| (t.overtime(), t.main, t.increment, t.max_main, t.max_move)),
        Some((Overtime::Fischer, 300.0, 10.0, Some(600.0), None))
    );
    ok(&mut g, "time_left black 250 0");
    let left = g.engine().clock().left(Color::Black).map(|l| l.main);
    assert_eq!(left, Some(250.0));
    ok(&mut g, "kata-time_settings fischer 60 2");
    assert_eq!(
        g.engine()
            .clock()
            .control(Color::White)
            .map(|t| t.increment),
        Some(2.0)
    );
    ok(&mut g, "kata-time_settings byoyomi 600 30 5");
    assert_eq!(
        g.engine().clock().control(Color::White).map(|t| t.periods),
        Some(5)
    );
    ok(&mut g, "kata-time_settings none");
    assert!(!g.engine().clock().runs(Color::Black));
    for bad in [
        "kata-time_settings",
        "kata-time_settings fischer 60",
        "kata-time_settings fischer 60 2 1",
        "kata-time_settings fischer-capped 60 2 100",
        "kata-time_settings fischer -60 2",
        "kata-time_settings fischer x 2",
        "kata-time_settings hourglass 60",
        "kata-list_time_settings extra",
    ] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
    // a refused command leaves the clock as it was
    assert!(!g.engine().clock().runs(Color::Black));
}

#[test]
fn kgs_chat_only_when_asked_for() {
    let mut g = engine();
    assert_eq!(err(&mut g, "kgs-chat private bob hello"), "unknown command");
    assert_eq!(ok(&mut g, "known_command kgs-chat"), "false");
    assert!(!ok(&mut g, "list_commands").lines().any(|l| l == "kgs-chat"));
    let mut g = engine().with_kgs_chat(true);
    assert_eq!(ok(&mut g, "known_command kgs-chat"), "true");
    assert!(ok(&mut g, "list_commands").lines().any(|l| l == "kgs-chat"));
}

/// A side channel the test can read back.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        self.0
            .lock()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }
}

/// A variation as gtp2ogs 9.0.1 reads it from an engine's stderr.
struct Gtp2ogsVariation {
    visits: u64,
    win_rate: f64,
    /// The moves in OGS's two-letter form (`..` a pass).
    moves: String,
}

/// The rules of gtp2ogs 9.0.1's `src/PvOutputParser.ts` for KataGo, ported: the engine is
/// KataGo once a stderr line names it (`detectEngine`), and then a line matching its
/// chat-line pattern is a variation (`processLine`, case "katago"), its moves turned into
/// OGS's letters (`formatMove`, 9x9).
fn gtp2ogs_variation(stderr: &[&str]) -> Option<Gtp2ogsVariation> {
    let katago = regex::Regex::new(
        r"(CHAT|MALKOVICH):Visits (\d*) Winrate (\d+\.\d\d)% ScoreLead (-?\d+\.\d) ScoreStdev (-?\d+\.\d) (\(PDA (-?\d+.\d\d)\) )?PV (.*)",
    )
    .ok()?;
    let mut detected = false;
    for line in stderr.iter().map(|l| l.trim()) {
        detected |= line.contains("KataGo");
        if !detected {
            continue;
        }
        if let Some(m) = katago.captures(line) {
            let letters = "abcdefghjklmnopqrst";
            let moves = m[8]
                .trim()
                .split(' ')
                .map(|s| {
                    if s == "pass" {
                        return Some("..".to_string());
                    }
                    let col = letters.find(s.get(..1)?.to_ascii_lowercase().as_str())?;
                    let row: usize = s.get(1..)?.parse().ok()?;
                    let y = 9usize.checked_sub(row)?;
                    let abc = |i: usize| char::from(b'a' + i as u8);
                    Some(format!("{}{}", abc(col), abc(y)))
                })
                .collect::<Option<String>>()?;
            return Some(Gtp2ogsVariation {
                visits: m[2].parse().ok()?,
                win_rate: m[3].parse().ok()?,
                moves,
            });
        }
    }
    None
}

#[test]
fn ogs_chat_writes_one_line_a_move_in_gtp2ogs_form() {
    let side = Shared::default();
    let mut g = engine()
        .with_ogs_chat(true)
        .with_side_channel(Box::new(side.clone()));
    ok(&mut g, "boardsize 9");
    ok(&mut g, "genmove b");
    ok(&mut g, "play w e5");
    // not for moves that are not played, nor for other commands
    ok(&mut g, "reg_genmove b");
    ok(&mut g, "showboard");
    let text = side.text();
    let lines: Vec<&str> = text.lines().collect();
    // the form line once, then one chat line a played move
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], chat::OGS_FORM_LINE);
    let v = gtp2ogs_variation(&lines).expect("gtp2ogs finds a variation");
    assert!(
        v.visits > 0 && (0.0..=100.0).contains(&v.win_rate),
        "{text}"
    );
    assert!(
        !v.moves.is_empty() && v.moves.len().is_multiple_of(2),
        "{text}"
    );
    // the next move writes its chat line without the form line again
    ok(&mut g, "genmove b");
    let text = side.text();
    assert_eq!(
        text.lines().filter(|l| *l == chat::OGS_FORM_LINE).count(),
        1
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("MALKOVICH:")).count(),
        2
    );
    // off by default
    let side = Shared::default();
    let mut g = engine().with_side_channel(Box::new(side.clone()));
    ok(&mut g, "boardsize 9");
    ok(&mut g, "genmove b");
    assert_eq!(side.text(), "");
}

#[test]
fn ogs_chat_says_goodbye_on_resigning() {
    let r = Report {
        color: Some(Color::White),
        playouts: 100,
        winrate: 0.03,
        moves: vec![crate::search::MoveInfo {
            mv: Some(crate::board::Point::new(2, 2, 9)),
            visits: 100,
            winrate: 0.03,
            score_lead: -30.0,
            prior: 0.1,
            lcb: 0.01,
            pv: vec![Some(crate::board::Point::new(2, 2, 9)), None],
            ..Default::default()
        }],
        ..Report::default()
    };
    let lines = chat::ogs_lines(&r, 9, true);
    assert_eq!(
        lines,
        [
            "MALKOVICH:Visits 100 Winrate 3.00% ScoreLead -30.0 ScoreStdev 0.0 PV C3 pass",
            "DISCUSSION:white resigns: white wins only 3% of my playouts. Thank you for the game."
        ]
    );
    assert!(chat::ogs_lines(&Report::default(), 9, false).is_empty());
    // without the form line gtp2ogs takes it for no engine it knows: no variation
    assert!(gtp2ogs_variation(&[lines[0].as_str()]).is_none());
    let v = gtp2ogs_variation(&[chat::OGS_FORM_LINE, lines[0].as_str()]).expect("a variation");
    assert_eq!((v.visits, v.win_rate, v.moves.as_str()), (100, 3.0, "cg.."));
}

#[test]
fn kgs_commands() {
    let mut g = engine().with_kgs_chat(true);
    ok(&mut g, "boardsize 9");
    let chat = ok(&mut g, "kgs-chat private bob hello");
    assert!(
        chat.contains("Tengen")
            && (chat.contains("leads by") || chat.contains("about even"))
            && chat.contains("chinese")
    );
    assert!(!chat.contains('\n'));
    ok(&mut g, "kgs-game_over");
    let m = ok(&mut g, "kgs-genmove_cleanup b");
    assert!(m == "pass" || m.parse::<Vertex>().is_ok());
}

#[test]
fn cleanup_captures_dead_stones_before_passing() {
    // 5x5: Black owns the board; a lone white stone sits dead inside
    let mut g = engine();
    ok(&mut g, "boardsize 5");
    for v in [
        "b1", "b2", "b3", "b4", "b5", "d1", "d2", "d4", "d5", "e2", "e4",
    ] {
        ok(&mut g, &format!("play b {v}"));
    }
    ok(&mut g, "play w d3");
    ok(&mut g, "play w pass");
    let m = ok(&mut g, "kgs-genmove_cleanup b");
    assert_ne!(m, "pass");
    assert_ne!(m, "resign");
}

#[test]
fn sgf_round_trip_through_gtp() {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.sgf");
    let path = path.to_str().unwrap();
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    ok(&mut g, "komi 5.5");
    ok(&mut g, "fixed_handicap 2");
    ok(&mut g, "play w e5");
    ok(&mut g, "play b d3");
    ok(&mut g, "play w pass");
    let text = ok(&mut g, "printsgf");
    assert!(text.starts_with("(;GM[1]FF[4]"), "{text}");
    assert!(text.contains("HA[2]") && text.contains("KM[5.5]") && text.contains("SZ[9]"));
    ok(&mut g, &format!("printsgf {path}"));
    let before = board_text(&g);
    let mut h = engine();
    ok(&mut h, &format!("loadsgf {path}"));
    assert_eq!(board_text(&h), before);
    assert_eq!(h.game().komi(), 5.5);
    assert_eq!(h.game().handicap(), 2);
    assert_eq!(h.game().moves(), g.game().moves());
    assert_eq!(h.game().to_move(), Color::Black);
    ok(&mut h, &format!("loadsgf {path} 2"));
    assert_eq!(h.game().moves().len(), 1);
    // errors leave the game alone
    let before = board_text(&h);
    assert_eq!(
        err(&mut h, "loadsgf /nonexistent/file.sgf"),
        "cannot load file: No such file or directory (os error 2)"
    );
    assert_eq!(
        err(&mut h, "loadsgf /dev/zero"),
        "cannot load file: a character device, not a regular file"
    );
    assert_eq!(
        err(&mut h, &format!("loadsgf {}", dir.display())),
        "cannot load file: a directory, not a regular file"
    );
    std::fs::write(dir.join("bad.sgf"), "(;SZ[9];B[ee]").unwrap();
    assert_eq!(
        err(
            &mut h,
            &format!("loadsgf {}", dir.join("bad.sgf").display())
        ),
        "cannot load file"
    );
    std::fs::write(dir.join("illegal.sgf"), "(;SZ[9];B[ee];W[ee])").unwrap();
    assert_eq!(
        err(
            &mut h,
            &format!("loadsgf {}", dir.join("illegal.sgf").display())
        ),
        "cannot load file"
    );
    // a record over the cap (a sparse file: nothing is written) is refused unread
    let big = dir.join("big.sgf");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(crate::files::SGF + 1)
        .unwrap();
    assert_eq!(
        err(&mut h, &format!("loadsgf {}", big.display())),
        "cannot load file: larger than the 16 MiB allowed"
    );
    assert_eq!(err(&mut h, "loadsgf"), "syntax error");
    assert_eq!(err(&mut h, &format!("loadsgf {path} x")), "syntax error");
    assert_eq!(board_text(&h), before);
    // player names and event survive loadsgf -> printsgf
    std::fs::write(
        dir.join("names.sgf"),
        "(;SZ[9]PB[本因坊秀策]PW[Gen\\]an]EV[Cup];B[ee])",
    )
    .unwrap();
    ok(
        &mut h,
        &format!("loadsgf {}", dir.join("names.sgf").display()),
    );
    let text = ok(&mut h, "printsgf");
    assert!(
        text.contains("PB[本因坊秀策]")
            && text.contains("PW[Gen\\]an]")
            && text.contains("EV[Cup]"),
        "{text}"
    );
    ok(&mut h, "genmove w");
    assert!(ok(&mut h, "printsgf").contains("PW[Tengen 0.1.0]"));
    ok(&mut h, "clear_board");
    assert!(ok(&mut h, "printsgf").contains("PB[unknown]"));
    // setup stones and a rules name
    std::fs::write(
        dir.join("setup.sgf"),
        "(;FF[3]SZ[9]RU[Japanese]KM[6.5]AB[aa][bb]AW[cc]PL[W];W[dd])",
    )
    .unwrap();
    ok(
        &mut h,
        &format!("loadsgf {}", dir.join("setup.sgf").display()),
    );
    assert!(ok(&mut h, "kata-get-rules").contains("japanese"));
    assert_eq!(h.game().board().stone_counts(), [2, 2]);
    assert_eq!(h.game().to_move(), Color::Black);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analysis_streams_and_genmove_analyze_plays() {
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    // the collecting stream reports input at once: one slice, then the reply ends
    let r = g.exec("lz-analyze b 10");
    assert!(r.starts_with("= \n"), "{r}");
    assert!(r.ends_with("\n\n"));
    let r = g.exec("5 kata-genmove_analyze b 5 ownership true");
    assert!(r.starts_with("=5 \n"), "{r}");
    let lines: Vec<&str> = r.trim_end().lines().collect();
    let last = lines.last().unwrap();
    assert!(last.starts_with("play "), "{r}");
    assert_eq!(g.game().move_number(), 1);
    let info = lines.iter().find(|l| l.starts_with("info")).unwrap();
    assert!(
        info.contains(" winrate 0.") && info.contains("scoreLead") && info.contains(" ownership ")
    );
    let own: Vec<&str> = info
        .split(" ownership ")
        .nth(1)
        .unwrap()
        .split(' ')
        .collect();
    assert_eq!(own.len(), 81);
    for entry in info
        .split(" ownership ")
        .next()
        .unwrap()
        .split("info ")
        .filter(|e| !e.is_empty())
    {
        let words: Vec<&str> = entry.split_whitespace().collect();
        let pv = words.iter().position(|w| *w == "pv").unwrap();
        assert!(pv + 1 < words.len());
        assert!(words[pv + 1..]
            .iter()
            .all(|w| w.parse::<Vertex>().is_ok() || *w == "pass"));
    }
    let r = g.exec("lz-genmove_analyze w 5");
    let lines: Vec<&str> = r.trim_end().lines().collect();
    let info = lines.iter().find(|l| l.starts_with("info")).unwrap();
    let wr: i64 = info
        .split_whitespace()
        .skip_while(|w| *w != "winrate")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!((0..=10000).contains(&wr));
    assert_eq!(g.game().move_number(), 2);
    // a known key with a malformed value is a syntax error, so is a key without a value; an
    // unknown key with its value is ignored
    for bad in [
        "kata-analyze b 10 maxvisits x",
        "kata-analyze b 10 maxvisits 0",
        "kata-analyze b 10 maxtime -1",
        "kata-analyze b 10 ownership maybe",
        "kata-analyze b 10 pvVisits",
        "lz-analyze b 10 interval x",
        "lz-analyze abc",
        "kata-analyze 10 foo",
        "kata-analyze b 10 bogus",
    ] {
        assert_eq!(err(&mut g, bad), "syntax error", "{bad}");
    }
    for unknown in [
        "kata-analyze b 10 movesOwnershipStdev true pvEdgeVisits true",
        "lz-analyze b 10 bogus 1 maxmoves 2",
    ] {
        let r = g.exec(unknown);
        assert!(
            r.starts_with("= \n") && r.ends_with("\n\n"),
            "{unknown}: {r}"
        );
    }
    // Sabaki's own names: a winrate with a decimal point, which Sabaki reads as 0..1
    let r = g.exec("genmove_analyze b 1");
    assert!(r.starts_with("= \n"), "{r}");
    assert!(
        r.trim_end().lines().last().unwrap().starts_with("play "),
        "{r}"
    );
    for l in r.lines().filter(|l| l.starts_with("info")) {
        let w = l
            .split(" winrate ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        assert!(w.contains('.') && w.parse::<f64>().unwrap() <= 1.0, "{l}");
        assert!(l.contains(" scoreLead "), "{l}");
    }
    assert_eq!(g.game().move_number(), 3);
    assert_eq!(err(&mut g, "analyze b 10 ownership maybe"), "syntax error");
    assert_eq!(
        err(&mut g, "genmove_analyze b 10 maxtime x"),
        "syntax error"
    );
    assert_eq!(g.game().move_number(), 3);
}

#[test]
fn gogui_commands() {
    let mut g = engine();
    ok(&mut g, "boardsize 5");
    let list = ok(&mut g, "gogui-analyze_commands");
    for line in list.lines() {
        let cmd = line.split('/').nth(2).unwrap();
        let name = cmd.split(' ').next().unwrap();
        assert_eq!(ok(&mut g, &format!("known_command {name}")), "true");
        // every entry runs as GoGui sends it
        ok(&mut g, cmd);
    }
    assert_eq!(ok(&mut g, "tengen-live_gfx"), "off");
    let own = ok(&mut g, "tengen-ownership");
    assert_eq!(own.trim_start_matches('\n').lines().count(), 5);
    assert!(ok(&mut g, "tengen-bestmoves").starts_with("LABEL "));
    assert_eq!(ok(&mut g, "gogui-interrupt"), "");
    let pv = ok(&mut g, "tengen-pv");
    assert!(pv.starts_with("VAR b "), "{pv}");
    assert!(pv.lines().nth(1).unwrap().starts_with("TEXT best "), "{pv}");
    let heat = ok(&mut g, "tengen-heatmap");
    assert!(heat.starts_with("INFLUENCE "), "{heat}");
    // the most visited move is a full black square
    assert!(heat.lines().next().unwrap().contains(" 1.00"), "{heat}");
    for cmd in [
        "tengen-pv x",
        "tengen-heatmap 1",
        "tengen-status_gfx b",
        "cputime 1",
    ] {
        assert_eq!(err(&mut g, cmd), "syntax error");
    }
}

#[test]
fn cputime_grows_with_work() {
    let mut g = engine();
    let t0: f64 = ok(&mut g, "cputime").parse().unwrap();
    assert!(t0 >= 0.0);
    ok(&mut g, "boardsize 9");
    ok(&mut g, "genmove b");
    let t1: f64 = ok(&mut g, "cputime").parse().unwrap();
    assert!(t1 > t0, "{t0} -> {t1}");
}

#[test]
fn status_gfx_marks_the_dead_stones() {
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    // a lone white stone inside Black's solid corner
    for mv in [
        "b A3", "b B3", "b C3", "b C2", "b C1", "w B2", "b E5", "w G7", "b pass",
    ] {
        ok(&mut g, &format!("play {mv}"));
    }
    let text = ok(&mut g, "tengen-status");
    let gfx = ok(&mut g, "tengen-status_gfx");
    let dead: Vec<&str> = text.lines().filter(|l| l.contains("| dead |")).collect();
    assert!(!dead.is_empty(), "{text}");
    assert!(
        gfx.lines()
            .any(|l| l.starts_with("MARK ") && l.contains("B2")),
        "{gfx}"
    );
    assert!(gfx.lines().last().unwrap().starts_with("TEXT "), "{gfx}");
}

#[test]
fn live_gfx_during_genmove() {
    let mut opts = Options::for_tests(None);
    opts.settings.think.time = 1.2;
    let out = Shared::default();
    let mut g = Gtp::new(&opts).with_side_channel(Box::new(out.clone()));
    ok(&mut g, "boardsize 9");
    ok(&mut g, "genmove b");
    assert_eq!(out.text(), "", "off by default");
    assert_eq!(ok(&mut g, "tengen-live_gfx on"), "on");
    assert_eq!(ok(&mut g, "tengen-live_gfx"), "on");
    for bad in ["tengen-live_gfx maybe", "tengen-live_gfx on off"] {
        assert_eq!(err(&mut g, bad), "syntax error");
    }
    assert_eq!(ok(&mut g, "tengen-live_gfx"), "on");
    let mv = ok(&mut g, "genmove w");
    let text = out.text();
    // blocks: "gogui-gfx:", the drawing, an empty line; CLEAR when the move is chosen
    let blocks: Vec<&str> = text.split("gogui-gfx:\n").skip(1).collect();
    assert!(!blocks.is_empty(), "{text}");
    for b in &blocks[..blocks.len() - 1] {
        assert!(b.ends_with("\n\n"), "{b:?}");
        assert!(b.starts_with("VAR w "), "{b:?}");
        assert!(
            b.contains("\nINFLUENCE ") && b.contains("\nTEXT best "),
            "{b:?}"
        );
    }
    assert!(text.ends_with("\n\ngogui-gfx: CLEAR\n"), "{text:?}");
    assert!(!mv.is_empty());
    ok(&mut g, "tengen-live_gfx off");
    let before = out.text().len();
    ok(&mut g, "genmove b");
    assert_eq!(out.text().len(), before);
}

#[test]
fn param_lists_and_sets_search_settings() {
    let mut g = engine();
    let list = ok(&mut g, "tengen-param");
    // the engine-wide settings first, then the tree search's
    assert_eq!(
        list.lines().count(),
        crate::engine::SETTINGS.len() + SearchParams::NAMES.len()
    );
    assert!(list.starts_with("[string] numSearchThreads 1\n[string] maxPlayouts 200\n"));
    let has = |list: &str, want: &[&str]| want.iter().all(|w| list.lines().any(|l| l == *w));
    assert!(
        has(
            &list,
            &[
                "[list/heavy/learned/light] policy heavy",
                "[string] expand_visits 8"
            ]
        ),
        "{list}"
    );
    for l in list.lines() {
        let w: Vec<&str> = l.split(' ').collect();
        assert_eq!(w.len(), 3, "{l}");
        assert!(w[0].starts_with('[') && w[0].ends_with(']'), "{l}");
    }
    ok(&mut g, "tengen-param expand_visits 3");
    ok(&mut g, "tengen-param policy \"light\"");
    assert_eq!(g.engine().search_params().expand_visits, 3);
    let list = ok(&mut g, "tengen-param");
    assert!(
        has(
            &list,
            &[
                "[list/heavy/learned/light] policy light",
                "[string] expand_visits 3"
            ]
        ),
        "{list}"
    );
    // refused: the settings stay as they were
    let before = g.engine().search_params().clone();
    for (bad, message) in [
        ("tengen-param nonsense 1", "unknown parameter 'nonsense'"),
        ("tengen-param rave_k -1", "bad value '-1' for rave_k"),
        (
            "tengen-param policy medium",
            "bad value 'medium' for policy",
        ),
        ("tengen-param rave_k", SYNTAX),
        ("tengen-param rave_k 1 2", SYNTAX),
        ("tengen-param rave_k \"\"", SYNTAX),
        ("tengen-param rave_k=1 2", SYNTAX),
    ] {
        assert_eq!(err(&mut g, bad), message, "{bad}");
    }
    assert_eq!(g.engine().search_params(), &before);
    // the searcher plays with the new setting
    ok(&mut g, "boardsize 9");
    assert!(!ok(&mut g, "genmove b").is_empty());
}

#[test]
fn malformed_input_never_panics() {
    let mut g = engine();
    ok(&mut g, "boardsize 5");
    let long = "x".repeat(100_000);
    let inputs = [
        "\u{0}\u{1}\u{2}",
        "play b \u{fffd}\u{fffd}",
        long.as_str(),
        "play b -1",
        "komi 1e309",
        "boardsize 18446744073709551617",
        "fixed_handicap -3",
        "place_free_handicap 99999999999999999999",
        "loadsgf",
        "time_left b nan 1",
        "kata-analyze x y z",
        "lz-analyze 99999999999999999999",
        "final_status_list",
        "is_legal",
        "printsgf a b",
        "known_command a b",
    ];
    for line in inputs {
        let r = g.exec(line);
        let blank = frame::parse_line(line).is_none();
        assert!(
            (blank && r.is_empty())
                || (r.ends_with("\n\n") && (r.starts_with('=') || r.starts_with('?'))),
            "{line:.40} -> {r}"
        );
    }
    assert_eq!(ok(&mut g, "protocol_version"), "2");
}

/// Input that arrives over time: each chunk is released after its delay.
struct SlowInput {
    rx: std::sync::mpsc::Receiver<Vec<u8>>,
    buf: Vec<u8>,
}

impl std::io::Read for SlowInput {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.buf.is_empty() {
            match self.rx.recv() {
                Ok(b) => self.buf = b,
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len());
        out[..n].copy_from_slice(&self.buf[..n]);
        self.buf.drain(..n);
        Ok(n)
    }
}

fn slow_input(chunks: Vec<(u64, &'static str)>) -> SlowInput {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for (ms, text) in chunks {
            std::thread::sleep(std::time::Duration::from_millis(ms));
            if tx.send(text.as_bytes().to_vec()).is_err() {
                return;
            }
        }
    });
    SlowInput { rx, buf: vec![] }
}

fn run_timed(opts: &Options, chunks: Vec<(u64, &'static str)>) -> (String, std::time::Duration) {
    let mut g = Gtp::new(opts);
    let mut out = Vec::new();
    let t = Instant::now();
    super::super::io::run(&mut g, slow_input(chunks), &mut out).unwrap();
    (String::from_utf8(out).unwrap(), t.elapsed())
}

#[test]
fn interrupt_stops_a_long_genmove() {
    let mut opts = Options::for_tests(None);
    opts.settings.think.time = 30.0;
    for stop in ["# interrupt\n", "gogui-interrupt\n"] {
        let (out, took) = run_timed(
            &opts,
            vec![
                (0, "boardsize 9\n1 genmove b\n"),
                (300, stop),
                (0, "2 name\n"),
            ],
        );
        assert!(took.as_secs_f64() < 10.0, "{took:?}");
        let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
        assert!(replies[1].starts_with("=1 "), "{out}");
        assert!(replies[1][3..].parse::<Vertex>().is_ok(), "{out}");
        assert_eq!(*replies.last().unwrap(), "=2 Tengen");
    }
}

#[test]
fn analysis_streams_until_the_next_line() {
    let (out, took) = run_timed(
        &Options::default(),
        vec![
            (0, "boardsize 9\n7 lz-analyze b 5\n"),
            (400, "8 kata-analyze w interval 5 ownership true\n"),
            (300, "9 name\n"),
        ],
    );
    assert!(took.as_secs_f64() < 10.0);
    let replies: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(replies.len(), 5, "{out}");
    assert!(replies[1].starts_with("=7 \ninfo move "), "{out:.300}");
    assert!(replies[1].lines().count() >= 3, "{out:.300}");
    assert!(replies[1]
        .lines()
        .skip(1)
        .all(|l| l.starts_with("info move ")));
    assert!(replies[2].starts_with("=8 \ninfo move "));
    assert!(replies[2]
        .lines()
        .skip(1)
        .all(|l| l.contains(" scoreLead ") && l.contains(" ownership ")));
    assert_eq!(replies[3], "=9 Tengen");
}

#[test]
fn printsgf_to_a_bad_path_fails() {
    let mut g = engine();
    assert_eq!(
        err(&mut g, "printsgf /nonexistent-dir/x/y.sgf"),
        "cannot save file: No such file or directory (os error 2)"
    );
    assert_eq!(
        err(&mut g, "printsgf /dev/null"),
        "cannot save file: a character device, not a regular file"
    );
}

#[test]
fn allow_and_avoid_bar_moves_from_the_search() {
    let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let g9 = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
    let a = parse_analyze_args(&words("b 10 allow b C3,D4 1 avoid w E5 1")).unwrap();
    let barred = a.barred(Color::Black, &g9);
    assert_eq!(barred.len(), 81 - 2);
    assert_eq!(a.barred(Color::White, &g9).len(), 1);
    let none = parse_analyze_args(&words("b 10")).unwrap();
    assert!(none.barred(Color::Black, &g9).is_empty());
    // genmove_analyze plays an allowed move because the search sees no other
    for (cmd, want) in [
        ("lz-genmove_analyze b 10 allow b C3 1", "play C3"),
        ("kata-genmove_analyze w 10 allow w D4,pass 1", "play D4"),
    ] {
        let mut g = engine();
        ok(&mut g, "boardsize 9");
        let out = g.exec(cmd);
        assert!(out.starts_with("= \n"), "{out}");
        let last = out.trim_end().lines().last().unwrap();
        assert_eq!(last, want, "{out}");
        for l in out.lines().filter(|l| l.starts_with("info")) {
            assert!(!l.contains("move E5"), "{l}");
        }
    }
}

#[test]
fn playout_owner_counts_and_checks_its_arguments() {
    let mut g = engine();
    ok(&mut g, "boardsize 5");
    // Black fills the board but for the eyes A1, C1, E1 and E3
    for y in 1..=5 {
        for x in ["a", "b", "c", "d", "e"] {
            if !matches!((x, y), ("a" | "c" | "e", 1) | ("e", 3)) {
                ok(&mut g, &format!("play b {x}{y}"));
                ok(&mut g, "play w pass");
            }
        }
    }
    // the eyes are Black's at the end of every playout
    assert_eq!(
        ok(&mut g, "tengen-playout_owner c1 w 40 3"),
        "black 40 white 0 neither 0"
    );
    let a = ok(&mut g, "tengen-playout_owner e3 30 9");
    assert_eq!(a, "black 30 white 0 neither 0");
    assert_eq!(
        a,
        ok(&mut g, "tengen-playout_owner E3 b 30 9"),
        "Black to move"
    );
    let n: u32 = a
        .split_whitespace()
        .filter_map(|w| w.parse::<u32>().ok())
        .sum();
    assert_eq!(n, 30, "{a}");
    assert_eq!(
        ok(&mut g, "tengen-playout_owner e5")
            .split_whitespace()
            .filter_map(|w| w.parse::<u32>().ok())
            .sum::<u32>(),
        OWNER_PLAYOUTS
    );
    for bad in [
        "",
        "pass",
        "f6",
        "z1",
        "a1 x",
        "a1 0",
        "a1 -3",
        "a1 2000000",
        "a1 10 -1",
        "a1 10 x",
        "a1 b 10 1 2",
        "a1 10 b",
    ] {
        assert_eq!(
            err(&mut g, &format!("tengen-playout_owner {bad}")),
            "syntax error",
            "{bad}"
        );
    }
}

/// A stream that collects the lines and never sees input: a streamed command ends only by
/// itself.
struct Quiet {
    lines: Vec<String>,
    input: Arc<AtomicBool>,
    interrupt: Arc<AtomicBool>,
}

impl Quiet {
    fn new() -> Quiet {
        Quiet {
            lines: vec![],
            input: Arc::new(AtomicBool::new(false)),
            interrupt: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl Stream for Quiet {
    fn start(&mut self) {}
    fn emit(&mut self, line: &str) {
        self.lines.push(line.to_string());
    }
    fn input_flag(&self) -> Arc<AtomicBool> {
        self.input.clone()
    }
    fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }
}

/// Runs `line` with no further input: the lines it streamed and its response.
fn quiet(g: &mut Gtp, line: &str) -> (Vec<String>, Response) {
    let cmd = frame::parse_line(line).unwrap();
    let mut s = Quiet::new();
    let r = g.handle(&cmd, &mut s);
    (s.lines, r)
}

/// The values of `key` in a streamed line, one per `info` entry.
fn values(line: &str, key: &str) -> Vec<f64> {
    let w: Vec<&str> = line.split(' ').collect();
    w.windows(2)
        .filter(|p| p[0] == key)
        .map(|p| p[1].parse::<f64>().unwrap())
        .collect()
}

#[test]
fn version_passes_lizzies_check_and_maps_to_the_crate_version() {
    assert_eq!(version_reply("0.1.0"), "0.101.0");
    assert_eq!(version_reply("1.22.3"), "1.122.3");
    assert_eq!(version_reply("0.2.0-rc.1"), "0.102.0-rc.1");
    let mut g = engine();
    let name = ok(&mut g, "name");
    let version = ok(&mut g, "version");
    // Lizzie 0.7.4: unless the name starts with KataGo, the reply line split on spaces,
    // its second word split on dots, and the second number at least 15
    assert!(!name.starts_with("KataGo"));
    let line = format!("= {version}");
    let params: Vec<&str> = line.trim().split(' ').collect();
    let ver: Vec<&str> = params[1].split('.').collect();
    let minor: i32 = ver[1].parse().unwrap();
    assert!(minor >= 15, "{version}");
    // and back: the crate version is the middle number less 100
    assert_eq!(
        format!("{}.{}.{}", ver[0], minor - 100, ver[2]),
        env!("CARGO_PKG_VERSION")
    );
    let mut named = engine().with_name("Tengen-9x9 bot");
    assert_eq!(ok(&mut named, "name"), "Tengen-9x9 bot");
    assert_eq!(err(&mut named, "name x"), SYNTAX);
    assert_eq!(err(&mut named, "version x"), SYNTAX);
}

#[test]
fn small_commands() {
    let mut g = engine();
    assert_eq!(ok(&mut g, "get_komi"), "7.5");
    ok(&mut g, "komi -3");
    assert_eq!(ok(&mut g, "get_komi"), "-3");
    assert_eq!(err(&mut g, "get_komi 1"), SYNTAX);
    assert_eq!(ok(&mut g, "echo hello  there"), "hello there");
    assert_eq!(ok(&mut g, "echo"), "");
    assert_eq!(ok(&mut g, "stop"), "");
    assert_eq!(err(&mut g, "stop now"), SYNTAX);
    assert!(ok(&mut g, "gomill-cpu_time").parse::<f64>().unwrap() >= 0.0);
    // clear_cache forgets the searches, not the game
    ok(&mut g, "boardsize 9");
    ok(&mut g, "play b e5");
    ok(&mut g, "genmove w");
    assert!(g.engine().last_report().is_some());
    let board = board_text(&g);
    ok(&mut g, "clear_cache");
    assert!(g.engine().last_report().is_none());
    assert_eq!(board_text(&g), board);
    assert_eq!(g.game().move_number(), 2);
    assert_eq!(err(&mut g, "clear_cache x"), SYNTAX);
}

#[test]
fn kata_params_list_get_and_set() {
    let mut g = engine();
    let names = ok(&mut g, "kata-list-params");
    let names: Vec<&str> = names.split(' ').collect();
    for n in [
        "numSearchThreads",
        "maxTime",
        "resignThreshold",
        "ponderingEnabled",
    ] {
        assert!(names.contains(&n), "{n}");
    }
    for n in SearchParams::NAMES {
        assert!(names.contains(n), "{n}");
    }
    for n in &names {
        assert!(
            !ok(&mut g, &format!("kata-get-param {n}")).is_empty(),
            "{n}"
        );
    }
    ok(&mut g, "kata-set-param numSearchThreads 2");
    assert_eq!(ok(&mut g, "kata-get-param numSearchThreads"), "2");
    ok(&mut g, "kata-set-param dynamicKomi off");
    assert_eq!(ok(&mut g, "kata-get-param dynamicKomi"), "off");
    ok(&mut g, "kata-set-param rave_k 2500");
    assert_eq!(ok(&mut g, "kata-get-param rave_k"), "2500");
    assert_eq!(
        ok(&mut g, "tengen-param")
            .lines()
            .filter(|l| l.ends_with(" rave_k 2500"))
            .count(),
        1
    );
    for (bad, message) in [
        ("kata-get-param nonsense", "unknown parameter 'nonsense'"),
        ("kata-set-param nonsense 1", "unknown parameter 'nonsense'"),
        (
            "kata-set-param numSearchThreads 0",
            "bad value '0' for numSearchThreads (1 to 64, or auto (the number of cores))",
        ),
        (
            "kata-set-param maxTime x",
            "bad value 'x' for maxTime (0.001 to 10^6 seconds)",
        ),
        ("kata-set-param rave_k -1", "bad value '-1' for rave_k"),
        ("kata-get-param", SYNTAX),
        ("kata-set-param maxTime", SYNTAX),
        ("kata-list-params x", SYNTAX),
    ] {
        assert_eq!(err(&mut g, bad), message, "{bad}");
    }
    assert_eq!(ok(&mut g, "kata-get-param numSearchThreads"), "2");
    // the searcher plays with the new settings
    ok(&mut g, "boardsize 9");
    assert!(!ok(&mut g, "genmove b").is_empty());
}

#[test]
fn param_shows_the_settings_in_force_on_the_board() {
    let mut g = engine();
    let shown = |g: &mut Gtp, name: &str| {
        ok(g, "tengen-param")
            .lines()
            .find_map(|l| {
                l.strip_prefix(&format!("[string] {name} "))
                    .map(String::from)
            })
            .unwrap()
    };
    // 19x19: the large-board and pattern defaults apply, not the table's
    assert_eq!(shown(&mut g, "pw_base"), "5");
    assert_eq!(shown(&mut g, "prior_learned"), "15");
    assert_eq!(shown(&mut g, "expand_visits"), "8");
    ok(&mut g, "boardsize 9");
    assert_eq!(shown(&mut g, "pw_base"), "0");
    assert_eq!(shown(&mut g, "expand_visits"), "3");
    ok(&mut g, "tengen-param expand_visits 5");
    assert_eq!(shown(&mut g, "expand_visits"), "5");
}

#[test]
fn analysis_ends_by_itself_at_maxvisits_or_maxtime() {
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    ok(&mut g, "play b e5");
    let (lines, r) = quiet(&mut g, "kata-analyze w 1000 maxvisits 300");
    assert_eq!(r, Response::Streamed(vec![]));
    // the interval is 10 s: the one line is the last one, at the limit
    assert_eq!(lines.len(), 1, "{lines:?}");
    let visits: f64 = values(&lines[0], "visits").iter().sum();
    assert!((290.0..=300.0).contains(&visits), "{visits}");
    let t = Instant::now();
    let (lines, _) = quiet(&mut g, "lz-analyze w interval 5 maxtime 0.4");
    let took = t.elapsed().as_secs_f64();
    assert!((0.39..5.0).contains(&took), "{took}");
    assert!(!lines.is_empty());
    // with no limit of its own, the command line's applies
    let mut d = engine();
    ok(&mut d, "kata-set-param analysis-max-visits 200");
    ok(&mut d, "boardsize 9");
    let (lines, _) = quiet(&mut d, "lz-analyze b 1000");
    let before: f64 = values(&lines[0], "visits").iter().sum();
    assert!((190.0..=200.0).contains(&before), "{before}");
    // maxvisits counts this request's playouts: the tree keeps the 200 before them
    let (lines, _) = quiet(&mut d, "lz-analyze b 1000 maxvisits 100");
    let visits: f64 = values(&lines[0], "visits").iter().sum();
    assert!((90.0..=100.0).contains(&(visits - before)), "{visits}");
    // genmove_analyze: the move comes at the limit
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    let (lines, r) = quiet(&mut e, "kata-genmove_analyze b 1000 maxvisits 50");
    let Response::Streamed(last) = r else {
        panic!("{r:?}")
    };
    assert!(last[0].starts_with("play "), "{last:?}");
    let visits: f64 = values(lines.last().unwrap(), "visits").iter().sum();
    assert!(visits <= 50.0, "{visits}");
}

#[test]
fn kata_analyze_writes_katagos_fields() {
    let mut g = engine();
    ok(&mut g, "boardsize 9");
    ok(&mut g, "play b e5");
    let plain = quiet(&mut g, "kata-analyze w 1000 maxvisits 400").0;
    let l = &plain[0];
    for key in ["utility", "scoreStdev", "utilityLcb", "scoreSelfplay"] {
        assert_eq!(
            values(l, key).len(),
            values(l, "visits").len(),
            "{key}: {l}"
        );
    }
    for key in ["pvVisits", "movesOwnership", "rootInfo", "ownershipStdev"] {
        assert!(!l.contains(key), "{key} unasked: {l}");
    }
    // the spread of a 9x9 game's score is some points, not none and not the board
    let spread = values(l, "scoreStdev")[0];
    assert!(spread > 1.0 && spread < 81.0, "{l}");
    for (w, u) in values(l, "winrate").iter().zip(values(l, "utility")) {
        assert!((2.0 * w - 1.0 - u).abs() < 1e-5, "{l}");
    }
    let (lines, _) = quiet(
        &mut g,
        "kata-analyze w 1000 maxvisits 400 pvVisits true movesOwnership true ownershipStdev true \
         rootInfo true ownership true",
    );
    let l = &lines[0];
    // each entry: pv, then as many pvVisits as pv moves, then 81 movesOwnership values
    let entries: Vec<&str> = l
        .split(" rootInfo ")
        .next()
        .unwrap()
        .split("info ")
        .skip(1)
        .collect();
    assert!(!entries.is_empty());
    for e in &entries {
        let w: Vec<&str> = e.split_whitespace().collect();
        let at = |k: &str| w.iter().position(|x| *x == k).unwrap();
        let (pv, pvv, own) = (at("pv"), at("pvVisits"), at("movesOwnership"));
        assert_eq!(pvv - pv - 1, own - pvv - 1, "{e}");
        let visits: Vec<u64> = w[pvv + 1..own].iter().map(|v| v.parse().unwrap()).collect();
        assert!(visits.windows(2).all(|p| p[0] >= p[1]), "{e}");
        assert_eq!(visits[0].to_string(), w[at("visits") + 1], "{e}");
        assert_eq!(w.len() - own - 1, 81, "{e}");
        assert!(w[own + 1..]
            .iter()
            .all(|v| (-1.0..=1.0).contains(&v.parse::<f64>().unwrap())));
    }
    let root = l.split(" rootInfo ").nth(1).unwrap();
    let root_words: Vec<&str> = root
        .split(" ownership ")
        .next()
        .unwrap()
        .split(' ')
        .collect();
    assert_eq!(
        root_words.iter().step_by(2).copied().collect::<Vec<_>>(),
        [
            "visits",
            "utility",
            "winrate",
            "scoreMean",
            "scoreStdev",
            "scoreLead",
            "scoreSelfplay"
        ]
    );
    assert!(root_words[1].parse::<u64>().unwrap() >= 400);
    let own = l
        .split(" ownership ")
        .nth(1)
        .unwrap()
        .split(" ownershipStdev ")
        .next()
        .unwrap();
    assert_eq!(own.split(' ').count(), 81);
    let sd: Vec<f64> = l
        .split(" ownershipStdev ")
        .nth(1)
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(sd.len(), 81);
    assert!(sd.iter().all(|v| (0.0..=1.0).contains(v)));
    assert!(sd.iter().any(|v| *v > 0.1), "{sd:?}");
    // Leela Zero's dialect has none of KataGo's extras
    let lz = quiet(
        &mut g,
        "lz-analyze w 1000 maxvisits 100 pvVisits true rootInfo true",
    )
    .0;
    assert!(!lz[0].contains("pvVisits") && !lz[0].contains("rootInfo"));
}
