//! `tengen score FILE.sgf... [--rules NAME] [--komi K] [--json]`: the verdict on finished
//! game records. Each record is replayed, every chain judged by status confirmation
//! ([`crate::engine::Engine::confirmation`], fixed work, one thread of playouts for the
//! fallback, so the verdict does not depend on the machine's load), and counted under the
//! record's rules or the ones given. Folders are scored in parallel, one record per core;
//! a record that cannot be read gets its error and the others go on.

use crate::board::{Color, IllegalMove, Point};
use crate::engine::{Engine, EngineError, EngineOptions};
use crate::rules::status::{status_word, Confirmation};
use crate::rules::{parse_rules_name, KoRule, Preset, Rules, Status};
use crate::sgf::{self, GameRecord, SgfError};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `tengen score`.
#[derive(clap::Args, Debug, Clone)]
pub struct ScoreArgs {
    /// Game records (SGF), or folders of them (their `.sgf` files, in name order).
    #[arg(required = true, value_name = "FILE.sgf")]
    pub files: Vec<PathBuf>,
    /// Rules to count by (a preset name such as japanese, chinese, aga, new-zealand,
    /// tromp-taylor); default: the record's RU, else chinese.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Komi; default: the record's KM.
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = parse_komi)]
    pub komi: Option<f64>,
    /// One JSON object per record, as its last line of output.
    #[arg(long)]
    pub json: bool,
    /// Playouts of the estimate that decides what the local games cannot.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(50..=1_000_000))]
    pub playouts: u64,
}

fn parse_komi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 1000.0 && (k * 2.0).fract() == 0.0 => Ok(k),
        _ => Err("expected a komi such as 6.5 (a multiple of 0.5)".into()),
    }
}

/// The verdict on one record.
#[derive(Clone, Debug)]
pub struct Scored {
    /// The record's path, as given.
    pub file: String,
    /// The rules it was counted under (their name).
    pub rules: String,
    /// Komi.
    pub komi: f64,
    /// `B+3.5`, `W+0.5` or `0`.
    pub result: String,
    /// Black's and White's points (komi included in White's).
    pub black: f64,
    /// White's points.
    pub white: f64,
    /// Dead stones (GTP vertices, row 1 first).
    pub dead: Vec<String>,
    /// Stones in seki.
    pub seki: Vec<String>,
    /// The record's own RE, if any.
    pub recorded: Option<String>,
    /// Whether the record ends with two passes.
    pub finished: bool,
    /// One line per chain: colour, stones, class, status, reason (as `tengen-status`).
    pub chains: Vec<String>,
    /// Chains left to the playout estimate.
    pub estimated: usize,
    /// What the replay had to allow (a record that repeats a position: simple ko).
    pub notes: Vec<String>,
    /// The stones of those chains (GTP vertices, row 1 first): what a viewer should check.
    pub unsure: Vec<String>,
    /// Who owns each point after the count, one string a row from the top row down (as
    /// `showboard` draws it): `X` a Black stone that stays, `x` Black's territory (an empty
    /// point or a dead White stone), `O` and `o` White's likewise, `.` nobody's.
    pub owner: Vec<String>,
    /// Milliseconds spent.
    pub ms: f64,
}

impl Scored {
    /// The JSON object of `--json`.
    pub fn json(&self) -> String {
        serde_json::json!({
            "file": self.file,
            "rules": self.rules,
            "komi": self.komi,
            "result": self.result,
            "black": self.black,
            "white": self.white,
            "dead": self.dead,
            "seki": self.seki,
            "recorded": self.recorded,
            "finished": self.finished,
            "estimated": self.estimated,
            "unsure": self.unsure,
            "notes": self.notes,
            "owner": self.owner,
            "ms": (self.ms * 10.0).round() / 10.0,
        })
        .to_string()
    }

    /// The readable table.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{}: {} (rules {}, komi {}{})\n",
            self.file,
            self.result,
            self.rules,
            self.komi,
            match &self.recorded {
                Some(r) => format!(", recorded {r}"),
                None => String::new(),
            }
        );
        if !self.finished {
            s.push_str("  note: the record does not end with two passes\n");
        }
        for n in &self.notes {
            s.push_str(&format!("  note: {n}\n"));
        }
        for line in &self.chains {
            s.push_str("  ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str(&format!(
            "  black {} white {}; {} dead, {} in seki; {:.0} ms\n",
            self.black,
            self.white,
            self.dead.len(),
            self.seki.len(),
            self.ms
        ));
        s
    }
}

/// Runs `tengen score`: prints every record's verdict (or its error, on stderr), in the
/// order given; fails when some record could not be scored.
pub fn run(args: &ScoreArgs) -> Result<(), String> {
    let forced = match &args.rules {
        Some(name) => Some(
            parse_rules_name(name)
                .ok_or_else(|| format!("unknown rules {name:?} (known: {})", Preset::names()))?,
        ),
        None => None,
    };
    let files = expand(&args.files)?;
    let results: Vec<(String, Result<Scored, String>)> = files
        .par_iter()
        .map(|f| {
            let name = f.display().to_string();
            (name.clone(), score_file(f, &name, forced.as_ref(), args))
        })
        .collect();
    let mut failed = 0;
    for (name, r) in results {
        match r {
            Ok(s) if args.json => println!("{}", s.json()),
            Ok(s) => print!("{}", s.table()),
            Err(e) => {
                failed += 1;
                eprintln!("tengen score: {name}: {e}");
                if args.json {
                    println!("{}", serde_json::json!({ "file": name, "error": e }));
                }
            }
        }
    }
    if failed > 0 {
        return Err(format!("{failed} of {} records not scored", files.len()));
    }
    Ok(())
}

/// The files to score: files as given, folders by their `.sgf` files in name order; a
/// folder without one is an error (nothing would be printed).
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries =
                std::fs::read_dir(p).map_err(|e| format!("{}: cannot read: {e}", p.display()))?;
            let mut sgfs: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.is_file() && f.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
                })
                .collect();
            if sgfs.is_empty() {
                return Err(format!("{}: no .sgf file in this folder", p.display()));
            }
            sgfs.sort();
            out.extend(sgfs);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// The text of the record at `path` (invalid UTF-8 replaced).
fn read(path: &Path) -> Result<String, String> {
    let bytes =
        crate::files::read(path, crate::files::SGF).map_err(|e| format!("cannot open: {e}"))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Repairs of a record's illegal moves `tengen score` makes before it gives up on it.
const MOST_REPAIRS: usize = 8;

fn score_file(
    path: &Path,
    name: &str,
    forced: Option<&(Rules, String)>,
    args: &ScoreArgs,
) -> Result<Scored, String> {
    let start = Instant::now();
    let mut rec: GameRecord = sgf::parse(&read(path)?).map_err(|e| e.to_string())?;
    if let Some(k) = args.komi {
        rec.komi = k;
    }
    let (rules, rules_name) = match forced {
        Some((r, n)) => (*r, n.clone()),
        None => rec
            .rules
            .as_deref()
            .and_then(parse_rules_name)
            .unwrap_or_else(|| (Rules::preset(Preset::Chinese), "chinese".to_string())),
    };
    let finished = rec.moves.len() >= 2 && rec.moves.iter().rev().take(2).all(|m| m.1.is_none());
    let recorded = rec.result.clone();
    let mut opts = EngineOptions {
        rules,
        komi: Some(rec.komi),
        rules_name: Some(rules_name.clone()),
        size: rec.size,
        ..EngineOptions::default()
    };
    let think = &mut opts.settings.think;
    (think.playouts, think.threads, think.seed) = (Some(args.playouts), 1, 1);
    let mut engine = Engine::new(&opts);
    // records as servers keep them: a record that repeats a position was played without
    // superko, and is replayed under simple ko, which is what its players were held to; a
    // move that retakes a ko at once follows a ko threat and its answer the record left
    // out (5 of the Tom 9d counted games), and is replayed after a pass by each side
    let mut notes = Vec::new();
    let mut replay = (rec, rules);
    loop {
        let (rec, rules) = &mut replay;
        match engine.load(rec.clone(), *rules, &rules_name, None) {
            Err(EngineError::Record(e @ SgfError::IllegalMove { why, .. }))
                if why == IllegalMove::Superko && rules.ko != KoRule::Simple =>
            {
                notes.push(format!("{e}: replayed under simple ko"));
                rules.ko = KoRule::Simple;
            }
            Err(EngineError::Record(e @ SgfError::IllegalMove { number, why }))
                if why == IllegalMove::Ko && notes.len() < MOST_REPAIRS =>
            {
                notes.push(format!(
                    "{e}: replayed after a pass by each side (the record left out a ko threat and its answer)"
                ));
                let i = number.saturating_sub(1).min(rec.moves.len());
                let Some(&(c, _)) = rec.moves.get(i) else {
                    return Err(e.to_string());
                };
                rec.moves.splice(i..i, [(c, None), (c.opponent(), None)]);
            }
            loaded => {
                loaded.map_err(|e| e.to_string())?;
                break;
            }
        }
    }
    let size = engine.game().size();
    let conf: Confirmation = engine.confirmation().clone();
    let score = engine.score();
    let count = engine.game().count(&conf.status);
    let board = engine.game().board();
    let owner = (0..size)
        .rev()
        .map(|y| {
            (0..size)
                .map(|x| {
                    let p = Point::new(x, y, size);
                    let stone = board.color_at(p);
                    match count.owner(p) {
                        Some(Color::Black) if stone == Some(Color::Black) => 'X',
                        Some(Color::Black) => 'x',
                        Some(Color::White) if stone == Some(Color::White) => 'O',
                        Some(Color::White) => 'o',
                        None => '.',
                    }
                })
                .collect()
        })
        .collect();
    let mut unsure: Vec<Point> = conf
        .verdicts
        .iter()
        .filter(|v| v.estimated)
        .flat_map(|v| v.stones.iter().copied())
        .collect();
    unsure.sort_by_key(|p| {
        let v = p.vertex(size);
        (v.y, v.x)
    });
    let vertices = |s: Status| -> Vec<String> {
        let board = engine.game().board();
        let mut ps: Vec<Point> = conf.status.points_with(s);
        ps.retain(|&p| board.color_at(p).is_some());
        ps.sort_by_key(|p| {
            let v = p.vertex(size);
            (v.y, v.x)
        });
        ps.iter().map(|p| p.vertex(size).to_string()).collect()
    };
    let chains = conf
        .verdicts
        .iter()
        .map(|v| {
            let stones: Vec<String> = v
                .stones
                .iter()
                .map(|p| p.vertex(size).to_string())
                .collect();
            format!(
                "{} {} | {} | {} | {}",
                if v.color == Color::Black {
                    "black"
                } else {
                    "white"
                },
                stones.join(" "),
                v.class,
                status_word(v.status),
                v.reason
            )
        })
        .collect();
    Ok(Scored {
        file: name.to_string(),
        rules: rules_name,
        komi: engine.game().komi(),
        result: score.to_string(),
        black: score.black,
        white: score.white,
        dead: vertices(Status::Dead),
        seki: vertices(Status::Seki),
        recorded,
        finished,
        chains,
        estimated: conf.estimated,
        notes,
        unsure: unsure.iter().map(|p| p.vertex(size).to_string()).collect(),
        owner,
        ms: start.elapsed().as_secs_f64() * 1000.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(files: Vec<PathBuf>) -> ScoreArgs {
        ScoreArgs {
            files,
            rules: None,
            komi: None,
            json: true,
            playouts: 200,
        }
    }

    fn temp(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tengen-score-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn a_finished_record_is_counted_under_its_rules() {
        // 5x5: Black's wall on column B, White's on C, a dead White stone at A1
        let p = temp(
            "fin.sgf",
            "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]RE[B+1]\
             ;B[ba];W[ca];B[bb];W[cb];B[bc];W[cc];B[bd];W[cd];B[be];W[ce];B[ea];W[aa];B[];W[])",
        );
        let a = args(vec![p.clone()]);
        let s = score_file(&p, "fin.sgf", None, &a).unwrap();
        assert!(s.finished);
        assert_eq!(s.rules, "japanese");
        assert!(s.dead.contains(&"A5".to_string()), "{s:?}");
        assert!(s.dead.contains(&"E5".to_string()), "{s:?}");
        // the count drawn from the top row: the dead stones are their captor's territory
        assert_eq!(s.owner.len(), 5);
        assert_eq!(s.owner[0], "xXOoo", "{s:?}");
        assert!(s.owner.iter().all(|row| row.len() == 5));
        let j: serde_json::Value = serde_json::from_str(&s.json()).unwrap();
        assert_eq!(j["result"], s.result.as_str());
        assert_eq!(j["rules"], "japanese");
        // rules and komi given on the command line win over the record's
        let forced = parse_rules_name("chinese").unwrap();
        let mut a2 = a.clone();
        a2.komi = Some(7.5);
        let c = score_file(&p, "fin.sgf", Some(&forced), &a2).unwrap();
        assert_eq!((c.rules.as_str(), c.komi), ("chinese", 7.5));
    }

    #[test]
    fn records_servers_keep_are_replayed_under_simple_ko_and_with_left_out_ko_threats() {
        // Black takes a ko, both pass, White retakes: the board before Black's capture
        // again, which positional superko forbids and simple ko allows after the passes
        let text = "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]\
             ;B[ba];W[bb];B[ab];W[ca];B[bc];W[db];B[ee];W[cc];B[cb];W[];B[];W[bb])";
        let p = temp("superko.sgf", text);
        let s = score_file(&p, "superko.sgf", None, &args(vec![])).unwrap();
        assert_eq!(s.notes.len(), 1, "{s:?}");
        assert!(s.notes[0].contains("superko"), "{s:?}");
        assert!(s.table().contains("replayed under simple ko"));
        // under simple ko the same record replays as it is, with nothing to note
        let simple = parse_rules_name("japanese").unwrap();
        let j = score_file(&p, "superko.sgf", Some(&simple), &args(vec![])).unwrap();
        assert!(j.notes.is_empty(), "{j:?}");
        // a record retaking the ko at once left out a ko threat and its answer: replayed
        // with a pass by each side before the retake, it is the record above
        let bad = temp("ko.sgf", &text.replace(";W[];B[]", ""));
        let k = score_file(&bad, "ko.sgf", None, &args(vec![])).unwrap();
        assert_eq!(k.result, s.result);
        assert_eq!(k.notes.len(), 2, "{k:?}");
        assert!(k.notes[0].contains("move 10 is illegal: ko: replayed after a pass by each side"));
        // a stone on an occupied point is still refused
        let bad = temp("occupied.sgf", &text.replace("W[bb])", "W[cb])"));
        let e = score_file(&bad, "occupied.sgf", None, &args(vec![])).unwrap_err();
        assert!(e.contains("illegal: occupied"), "{e}");
    }

    #[test]
    fn a_damaged_record_gets_an_error_and_the_others_go_on() {
        let bad = temp("bad.sgf", "(;GM[1]SZ[5];B[zz");
        let good = temp("good.sgf", "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])");
        let missing = bad.with_file_name("missing.sgf");
        assert!(score_file(&bad, "bad", None, &args(vec![])).is_err());
        assert!(score_file(&missing, "missing", None, &args(vec![])).is_err());
        let ok = score_file(&good, "good", None, &args(vec![])).unwrap();
        assert_eq!(ok.result, "B+24.5");
        // a folder: every .sgf in it, the bad one reported
        let dir = good.parent().unwrap().to_path_buf();
        let files = expand(&[dir]).unwrap();
        assert!(files.contains(&good) && files.contains(&bad));
        assert!(run(&args(vec![bad, good])).is_err());
    }

    #[test]
    fn a_folder_without_records_is_an_error() {
        let dir = std::env::temp_dir().join(format!("tengen-score-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("notes.txt"), "no records here").unwrap();
        let e = expand(std::slice::from_ref(&dir)).unwrap_err();
        assert!(e.contains("no .sgf file"), "{e}");
        assert!(run(&args(vec![dir.clone()])).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
