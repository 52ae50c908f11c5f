//! Per-game records: the SGF file and the `games.jsonl` line.

use super::clock::TimeLeft;
use super::game::{Ending, GameOutcome, GameSettings, Settlement};
use super::json::{round_to, PerEngine};
use crate::board::Color;
use crate::sgf::{self, GameRecord};
use serde::{Deserialize, Serialize};

pub use crate::sgf::today;

/// Path of game `number`'s SGF, relative to the output directory.
pub fn sgf_name(number: usize) -> String {
    format!("sgf/game-{number:04}.sgf")
}

/// The SGF record of a finished game (PB, PW, SZ, KM, RU, RE, DT, EV, GC with the reason,
/// TM and OT with a clock, HA and AB with a handicap, and the moves).
pub fn sgf_record(o: &GameOutcome, s: &GameSettings, date: &str) -> GameRecord {
    let mut rec = GameRecord::new(s.size, s.komi);
    rec.rules = Some(s.rules.to_string());
    rec.black_name = Some(o.names[0].clone());
    rec.white_name = Some(o.names[1].clone());
    rec.result = Some(o.result.clone());
    rec.date = Some(date.to_string());
    rec.event = Some(format!("tengen match, game {}", o.number));
    rec.comment = Some(match &o.opening {
        Some(op) => format!("{}\nopening {}: {}", o.reason, op.index, op.text()),
        None => o.reason.clone(),
    });
    rec.time_limit = s.time.map(|t| t.main);
    rec.overtime = s.time.and_then(|t| t.sgf_overtime());
    let mut stones = s.handicap_vertices();
    if !stones.is_empty() {
        stones.sort_by_key(|v| (v.y, v.x));
        rec.handicap = stones.len();
        rec.setup_black = stones;
    }
    rec.moves = o.moves.clone();
    mark_counted(&mut rec, o, s);
    rec
}

/// A game counted after two passes gets its count marked (TB/TW and a comment with the dead
/// stones: [`sgf::mark_count`]), replayed under the match's rules with the agreed dead
/// stones; a resigned, forfeited or unreplayable game gets none.
fn mark_counted(rec: &mut GameRecord, o: &GameOutcome, s: &GameSettings) {
    if o.margin.is_none() {
        return;
    }
    let Ok(game) = rec.to_game(s.rules, None) else {
        return;
    };
    let mut status = crate::rules::StatusMap::new(game.board());
    for v in &o.dead {
        if let Some(p) = v.to_point(s.size) {
            status.set(p, crate::rules::Status::Dead);
        }
    }
    sgf::mark_count(rec, &game, &status);
}

/// The SGF text of a finished game.
pub fn sgf_text(o: &GameOutcome, s: &GameSettings, date: &str) -> String {
    sgf::write(&sgf_record(o, s, date))
}

/// A word for how the game ended.
pub fn ending_name(e: Ending) -> &'static str {
    match e {
        Ending::Score => "score",
        Ending::MoveCap => "move cap",
        Ending::Resign => "resignation",
        Ending::Forfeit => "forfeit",
        Ending::Time => "time",
        Ending::Void => "void",
    }
}

/// One line of `games.jsonl`: one finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// The game's number, from 1.
    pub game: usize,
    /// Black's engine name.
    pub black: String,
    /// White's engine name.
    pub white: String,
    /// The SGF result (`B+3.5`, `W+R`, `0`, `Void`, ...).
    pub result: String,
    /// The winner's engine name; `null` for a draw or a void game.
    pub winner: Option<String>,
    /// How the game ended ([`ending_name`]).
    pub ending: String,
    /// Why, in words.
    pub reason: String,
    /// Moves played, passes included.
    pub moves: usize,
    /// Per engine (Black first): seconds for each of its moves, to the millisecond.
    pub seconds_per_move: PerEngine<Vec<f64>>,
    /// Per engine (Black first): what was left on its clock at the end; absent without a
    /// clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left: Option<PerEngine<ClockLine>>,
    /// Per engine (Black first): peak resident memory of its process in MiB (`VmHWM`, read
    /// just before `quit`), to 0.1; absent where it could not be read (not Linux, or the
    /// engine had already ended).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_rss_mb: Option<PerEngine<f64>>,
    /// Per engine (Black first): seconds of main time spent, by the runner's clock, to the
    /// millisecond; absent without a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_time_used: Option<PerEngine<f64>>,
    /// Per engine (Black first): moves begun in main time, the first ones of its
    /// `seconds_per_move`; absent without a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_in_main_time: Option<PerEngine<u32>>,
    /// Per engine (Black first): moves begun in overtime, the rest of its
    /// `seconds_per_move`; absent without a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_in_overtime: Option<PerEngine<u32>>,
    /// The stones removed as dead before counting.
    pub dead: Vec<String>,
    /// How the dead stones were settled (`agreed`, `referee`, `NAME only`, `default`).
    pub settlement: Option<String>,
    /// When the engines disagreed: each engine's dead-stone list (Black first).
    pub disagreement: Option<PerEngine<Vec<String>>>,
    /// Black's lead on the board when counted.
    pub margin: Option<f64>,
    /// The SGF file, relative to the output directory.
    pub sgf: String,
    /// Protocol warnings (rejected optional commands and the like).
    pub warnings: Vec<String>,
    /// The round of the match plan: the games of a pairing in one round form a pair (same
    /// opening, colours swapped); absent in records written before rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<usize>,
    /// The engine seed substituted for `{seed}` in the engine commands; absent in records
    /// written before per-game seeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The opening the game started from (its moves are the first of the game); absent
    /// without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningLine>,
}

/// The opening of a game in `games.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpeningLine {
    /// Its index: the line (or SGF file) of `--openings` from 0, or the round of a
    /// `--random-opening`.
    pub index: usize,
    /// Its moves as a move list, `B D4 W Q16`.
    pub moves: String,
}

/// What was left on an engine's clock at the end of a game (`games.jsonl`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockLine {
    /// Seconds of main time left, to the millisecond.
    pub main: f64,
    /// In overtime: seconds left in the current period (a whole period under byo-yomi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<f64>,
    /// Canadian overtime: stones still to play in the current period.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stones: Option<u32>,
    /// Japanese byo-yomi: periods left (0 after a loss on time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub periods: Option<u32>,
}

impl ClockLine {
    /// The line of a clock's [`TimeLeft`].
    pub fn new(t: &TimeLeft) -> ClockLine {
        ClockLine {
            main: round_to(t.main, 3),
            period: t.period.map(|p| round_to(p, 3)),
            stones: t.stones,
            periods: t.periods,
        }
    }
}

/// Kilobytes as MiB to 0.1.
pub fn kb_to_mb(kb: u64) -> f64 {
    round_to(kb as f64 / 1024.0, 1)
}

/// The engines (Black first) for which `f` has a value, with it; `None` when neither has.
fn per_engine_some<T>(o: &GameOutcome, f: impl Fn(Color) -> Option<T>) -> Option<PerEngine<T>> {
    let v: Vec<(String, T)> = Color::BOTH
        .iter()
        .filter_map(|&c| Some((o.names[c.index()].clone(), f(c)?)))
        .collect();
    (!v.is_empty()).then_some(PerEngine(v))
}

/// The `games.jsonl` record of one game.
pub fn game_line(o: &GameOutcome) -> GameLine {
    let name = |c: Color| o.names[c.index()].clone();
    let per_engine = |f: &dyn Fn(Color) -> Vec<_>| {
        PerEngine(Color::BOTH.iter().map(|&c| (name(c), f(c))).collect())
    };
    let usage = |c: Color| &o.usage[c.index()];
    let vlist = |v: &[crate::board::Vertex]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let settlement = o.settlement.as_ref().map(|s| match s {
        Settlement::Agreed => "agreed".to_string(),
        Settlement::Referee => "referee".to_string(),
        Settlement::OneEngine(c) => format!("{} only", name(*c)),
        Settlement::Default => "default".to_string(),
    });
    GameLine {
        game: o.number,
        black: name(Color::Black),
        white: name(Color::White),
        result: o.result.clone(),
        winner: o.winner.map(name),
        ending: ending_name(o.ending).to_string(),
        reason: o.reason.clone(),
        moves: o.moves.len(),
        seconds_per_move: per_engine(&|c| {
            o.seconds[c.index()]
                .iter()
                .map(|&x| round_to(x, 3))
                .collect()
        }),
        time_left: o.time_left.iter().any(Option::is_some).then(|| {
            PerEngine(
                Color::BOTH
                    .iter()
                    .filter_map(|&c| {
                        let t = o.time_left[c.index()].as_ref()?;
                        Some((name(c), ClockLine::new(t)))
                    })
                    .collect(),
            )
        }),
        peak_rss_mb: per_engine_some(o, |c| usage(c).peak_rss_kb.map(kb_to_mb)),
        main_time_used: per_engine_some(o, |c| usage(c).main_time_used.map(|t| round_to(t, 3))),
        moves_in_main_time: per_engine_some(o, |c| usage(c).moves_in_main_time),
        moves_in_overtime: per_engine_some(o, |c| usage(c).moves_in_overtime),
        dead: vlist(&o.dead),
        settlement,
        disagreement: o.disagreement.as_ref().map(|lists| {
            PerEngine(
                Color::BOTH
                    .iter()
                    .map(|&c| (name(c), vlist(&lists[c.index()])))
                    .collect(),
            )
        }),
        margin: o.margin,
        sgf: sgf_name(o.number),
        warnings: o.warnings.clone(),
        round: Some(o.round),
        seed: Some(o.seed),
        opening: o.opening.as_ref().map(|op| OpeningLine {
            index: op.index,
            moves: op.text(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::arena::game::{Ending, GameSettings, Usage};
    use crate::board::Vertex;
    use crate::rules::{Preset, Rules};

    #[test]
    fn sgf_reads_back_with_result_and_moves() {
        let settings = GameSettings {
            size: 9,
            komi: 7.5,
            handicap: 0,
            rules: Rules::preset(Preset::Japanese),
            time: None,
            move_timeout: None,
            lag_allowance: 0.5,
            lag_allowance_for: Default::default(),
            max_moves: 10,
            referee: None,
            out: std::path::PathBuf::from("."),
        };
        let o = GameOutcome {
            number: 3,
            names: ["tengen".into(), "gnu]go".into()],
            winner: Some(Color::White),
            result: "W+F".into(),
            ending: Ending::Forfeit,
            reason: "tengen played the illegal move D4 (occupied)".into(),
            moves: vec![
                (Color::Black, Some(Vertex { x: 3, y: 3 })),
                (Color::White, None),
            ],
            seconds: [vec![0.1], vec![0.2]],
            time_left: [None, None],
            usage: Default::default(),
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: vec![],
            round: 0,
            seed: 0,
            opening: None,
        };
        let text = sgf_text(&o, &settings, "2026-11-23");
        let rec = sgf::parse(&text).expect("our SGF parses");
        assert_eq!(rec.size, 9);
        assert_eq!(rec.komi, 7.5);
        assert_eq!(rec.rules.as_deref(), Some("japanese"));
        assert_eq!(rec.white_name.as_deref(), Some("gnu]go"));
        assert_eq!(rec.result.as_deref(), Some("W+F"));
        assert_eq!(rec.date.as_deref(), Some("2026-11-23"));
        assert_eq!(rec.moves, o.moves);
        let line = game_line(&o);
        let json = serde_json::to_string(&line).expect("serializes");
        assert!(json.contains(r#""result":"W+F""#), "{json}");
        assert!(
            json.contains(r#""seconds_per_move":{"tengen":[0.1],"gnu]go":[0.2]}"#),
            "{json}"
        );
        assert!(json.contains(r#""winner":"gnu]go""#), "{json}");
        assert!(json.contains(r#""settlement":null"#), "{json}");
        for absent in ["peak_rss_mb", "main_time_used", "moves_in", "time_left"] {
            assert!(!json.contains(absent), "{absent} in {json}");
        }
        assert!(!text.contains("HA[") && !text.contains("AB["), "{text}");
        assert_eq!(serde_json::from_str::<GameLine>(&json).ok(), Some(line));
    }

    #[test]
    fn handicap_games_record_ha_and_ab() {
        let settings = GameSettings {
            size: 9,
            komi: 0.5,
            handicap: 3,
            rules: Rules::preset(Preset::Chinese),
            time: None,
            move_timeout: None,
            lag_allowance: 0.5,
            lag_allowance_for: Default::default(),
            max_moves: 10,
            referee: None,
            out: std::path::PathBuf::from("."),
        };
        let o = GameOutcome {
            number: 1,
            names: ["a".into(), "b".into()],
            winner: Some(Color::Black),
            result: "B+70.5".into(),
            ending: Ending::Score,
            reason: "both passed".into(),
            moves: vec![
                (Color::White, Some(Vertex { x: 4, y: 4 })),
                (Color::Black, None),
            ],
            seconds: [vec![0.1], vec![0.2]],
            time_left: [None, None],
            usage: Default::default(),
            dead: vec![],
            settlement: Some(Settlement::Agreed),
            disagreement: None,
            margin: Some(70.5),
            warnings: vec![],
            round: 0,
            seed: 0,
            opening: None,
        };
        let text = sgf_text(&o, &settings, "2026-11-23");
        assert!(text.contains("HA[3]"), "{text}");
        assert!(text.contains("AB[cg][cc][gc]"), "{text}");
        assert!(
            !text.contains("PL["),
            "White moves first, as a handicap game does: {text}"
        );
        let rec = sgf::parse(&text).expect("parses");
        assert_eq!(rec.handicap, 3);
        assert_eq!(rec.setup_black.len(), 3);
        assert_eq!(rec.moves, o.moves);
        // it replays with the stones, White first
        let game = rec.to_game(settings.rules, None).expect("replays");
        assert_eq!(game.handicap(), 3);
        assert_eq!(game.moves().len(), 2);
        // counted: the count is marked (with E5 alive no point is anybody's), and with E5
        // dead the whole board is Black's, E5 included
        assert!(!text.contains("TB["), "{text}");
        assert!(text.contains("C[Count: B+70.5\nDead: none]"), "{text}");
        let dead = GameOutcome {
            dead: vec![Vertex { x: 4, y: 4 }],
            ..o.clone()
        };
        let text = sgf_text(&dead, &settings, "2026-11-23");
        assert!(text.contains("Dead: E5"), "{text}");
        assert!(
            text.contains("[ee]") && text.matches("[ee]").count() == 2,
            "{text}"
        );
        // a resigned game has no count
        let resigned = GameOutcome {
            margin: None,
            result: "B+R".into(),
            ..o
        };
        assert!(!sgf_text(&resigned, &settings, "2026-11-23").contains("TB["));
    }

    /// A line as the hand-written writer (before serde) put it in `games.jsonl`: whole
    /// numbers without a decimal point, keys in the same order.
    #[test]
    fn lines_written_before_serde_read_back() {
        let old = r#"{"game":2,"black":"a","white":"b","result":"B+3.5","winner":"a","ending":"score","reason":"counted after two passes","moves":57,"seconds_per_move":{"a":[0.5,1,0.003],"b":[2]},"dead":["C3","D4"],"settlement":"referee","disagreement":{"a":["C3"],"b":[]},"margin":3.5,"sgf":"sgf/game-0002.sgf","warnings":["b: no final_status_list"]}"#;
        let g: GameLine = serde_json::from_str(old).expect("old line reads");
        assert_eq!((g.game, g.moves, g.margin), (2, 57, Some(3.5)));
        assert_eq!(g.seconds_per_move.get("a"), Some(&vec![0.5, 1.0, 0.003]));
        assert_eq!(
            g.disagreement.as_ref().and_then(|d| d.get("b")),
            Some(&vec![])
        );
        assert_eq!(g.dead, ["C3", "D4"]);
        // written again: the same keys in the same order, the same values
        let again: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&g).expect("writes")).expect("reads");
        let before: serde_json::Value = serde_json::from_str(old).expect("reads");
        assert!(crate::arena::json::same_values(&again, &before));
        let keys = |t: &str| {
            serde_json::from_str::<PerEngine<serde_json::Value>>(t)
                .map(|o| o.0.into_iter().map(|(k, _)| k).collect::<Vec<_>>())
                .expect("an object")
        };
        assert_eq!(keys(&serde_json::to_string(&g).expect("writes")), keys(old));
        let void = r#"{"game":1,"black":"a","white":"b","result":"Void","winner":null,"ending":"void","reason":"x","moves":0,"seconds_per_move":{"a":[],"b":[]},"dead":[],"settlement":null,"disagreement":null,"margin":null,"sgf":"sgf/game-0001.sgf","warnings":[]}"#;
        let v: GameLine = serde_json::from_str(void).expect("void line reads");
        assert!(v.winner.is_none() && v.margin.is_none() && v.disagreement.is_none());
        assert_eq!(serde_json::to_string(&v).expect("writes"), void);
    }

    #[test]
    fn byoyomi_records_carry_the_clock() {
        use crate::arena::clock::{referee_clock, TimeControl};
        let tc = TimeControl::parse("byoyomi 60 30 5").expect("settings");
        let settings = GameSettings {
            size: 9,
            komi: 7.5,
            handicap: 0,
            rules: Rules::preset(Preset::Chinese),
            time: Some(tc),
            move_timeout: None,
            lag_allowance: 0.5,
            lag_allowance_for: Default::default(),
            max_moves: 10,
            referee: None,
            out: std::path::PathBuf::from("."),
        };
        let mut black = referee_clock(tc);
        assert_eq!(black.charge(100.0), Ok(()));
        let mut white = referee_clock(tc);
        assert!(white.charge(1000.0).is_err());
        let o = GameOutcome {
            number: 1,
            names: ["a".into(), "b".into()],
            winner: Some(Color::Black),
            result: "B+T".into(),
            ending: Ending::Time,
            reason: "b lost on time".into(),
            moves: vec![(Color::Black, None)],
            seconds: [vec![100.0], vec![1000.0]],
            time_left: [Some(black.left()), Some(white.left())],
            usage: [
                Usage {
                    peak_rss_kb: Some(10_291),
                    main_time_used: Some(60.0),
                    moves_in_main_time: Some(0),
                    moves_in_overtime: Some(1),
                },
                Usage {
                    peak_rss_kb: None,
                    main_time_used: Some(60.0),
                    moves_in_main_time: Some(0),
                    moves_in_overtime: Some(0),
                },
            ],
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: vec![],
            round: 0,
            seed: 0,
            opening: None,
        };
        let sgf = sgf_text(&o, &settings, "2026-11-23");
        assert!(sgf.contains("TM[60]OT[5x30 byo-yomi]"), "{sgf}");
        let rec = sgf::parse(&sgf).expect("parses");
        assert_eq!(rec.time_limit, Some(60.0));
        assert_eq!(rec.overtime.as_deref(), Some("5x30 byo-yomi"));
        let line = game_line(&o);
        let json = serde_json::to_string(&line).expect("serializes");
        assert!(
            json.contains(
                r#""time_left":{"a":{"main":0.0,"period":30.0,"periods":4},"b":{"main":0.0,"period":0.0,"periods":0}}"#
            ),
            "{json}"
        );
        assert!(json.contains(r#""peak_rss_mb":{"a":10.0}"#), "{json}");
        assert!(
            json.contains(r#""main_time_used":{"a":60.0,"b":60.0}"#),
            "{json}"
        );
        assert!(
            json.contains(
                r#""moves_in_main_time":{"a":0,"b":0},"moves_in_overtime":{"a":1,"b":0}"#
            ),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<GameLine>(&json).ok(), Some(line));
        let mut canadian = settings.clone();
        canadian.time = TimeControl::parse("600 30 5").ok();
        assert!(sgf_text(&o, &canadian, "x").contains("TM[600]OT[5/30 Canadian]"));
        canadian.time = None;
        let plain = sgf_text(&o, &canadian, "x");
        assert!(!plain.contains("TM[") && !plain.contains("OT["), "{plain}");
    }
}
