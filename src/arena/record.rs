//! Per-game records: the SGF file and the `games.jsonl` line.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use super::game::{Ending, GameOutcome, GameSettings, Settlement};
use super::json::Json;
use crate::board::Color;
use crate::sgf::{self, GameRecord};

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Path of game `number`'s SGF, relative to the output directory.
pub fn sgf_name(number: usize) -> String {
    format!("sgf/game-{number:04}.sgf")
}

/// The SGF record of a finished game (PB, PW, SZ, KM, RU, RE, DT, EV, GC with the reason,
/// and the moves).
pub fn sgf_record(o: &GameOutcome, s: &GameSettings, date: &str) -> GameRecord {
    let mut rec = GameRecord::new(s.size, s.komi);
    rec.rules = Some(s.rules.to_string());
    rec.black_name = Some(o.names[0].clone());
    rec.white_name = Some(o.names[1].clone());
    rec.result = Some(o.result.clone());
    rec.date = Some(date.to_string());
    rec.event = Some(format!("tengen match, game {}", o.number));
    rec.comment = Some(o.reason.clone());
    rec.moves = o.moves.clone();
    rec
}

/// The SGF text of a finished game.
pub fn sgf_text(o: &GameOutcome, s: &GameSettings, date: &str) -> String {
    sgf::write(&sgf_record(o, s, date))
}

/// Writes the SGF of game `o` under `out`.
pub fn write_sgf(out: &Path, o: &GameOutcome, s: &GameSettings, date: &str) -> std::io::Result<()> {
    std::fs::write(out.join(sgf_name(o.number)), sgf_text(o, s, date))
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

/// The `games.jsonl` object of one game.
pub fn game_json(o: &GameOutcome) -> Json {
    let name = |c: Color| o.names[c.index()].clone();
    let per_engine = |f: &dyn Fn(Color) -> Json| {
        Json::Obj(
            Color::BOTH
                .iter()
                .map(|&c| (name(c), f(c)))
                .collect::<Vec<_>>(),
        )
    };
    let settlement = match &o.settlement {
        None => Json::Null,
        Some(Settlement::Agreed) => Json::str("agreed"),
        Some(Settlement::Referee) => Json::str("referee"),
        Some(Settlement::OneEngine(c)) => Json::str(format!("{} only", name(*c))),
        Some(Settlement::Default) => Json::str("default"),
    };
    let vlist = |v: &[crate::board::Vertex]| {
        Json::Arr(v.iter().map(|x| Json::str(x.to_string())).collect())
    };
    let disagreement = match &o.disagreement {
        None => Json::Null,
        Some(lists) => per_engine(&|c| vlist(&lists[c.index()])),
    };
    Json::obj([
        ("game", Json::Num(o.number as f64)),
        ("black", Json::str(name(Color::Black))),
        ("white", Json::str(name(Color::White))),
        ("result", Json::str(o.result.clone())),
        (
            "winner",
            o.winner.map_or(Json::Null, |c| Json::str(name(c))),
        ),
        ("ending", Json::str(ending_name(o.ending))),
        ("reason", Json::str(o.reason.clone())),
        ("moves", Json::Num(o.moves.len() as f64)),
        (
            "seconds_per_move",
            per_engine(&|c| {
                Json::Arr(
                    o.seconds[c.index()]
                        .iter()
                        .map(|&x| Json::num((x * 1000.0).round() / 1000.0))
                        .collect(),
                )
            }),
        ),
        ("dead", vlist(&o.dead)),
        ("settlement", settlement),
        ("disagreement", disagreement),
        ("margin", o.margin.map_or(Json::Null, Json::num)),
        ("sgf", Json::str(sgf_name(o.number))),
        (
            "warnings",
            Json::Arr(o.warnings.iter().map(|w| Json::str(w.clone())).collect()),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::arena::game::{Ending, GameSettings};
    use crate::board::Vertex;
    use crate::rules::{Preset, Rules};

    #[test]
    fn sgf_reads_back_with_result_and_moves() {
        let settings = GameSettings {
            size: 9,
            komi: 7.5,
            rules: Rules::preset(Preset::Japanese),
            time: None,
            move_timeout: None,
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
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: vec![],
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
        let json = game_json(&o).to_string();
        assert!(json.contains(r#""result":"W+F""#), "{json}");
        assert!(
            json.contains(r#""seconds_per_move":{"tengen":[0.1],"gnu]go":[0.2]}"#),
            "{json}"
        );
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_415), (2025, 11, 23));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}
