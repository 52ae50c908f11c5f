//! Match results: per-engine tallies, score rate and Elo with their intervals,
//! `summary.json` and the table printed at the end.

use super::game::{self, GameOutcome};
use super::json::{round_to, PerEngine};
use super::stats::{self, Estimate};
use crate::board::Color;
use serde::{Deserialize, Serialize};

/// One engine's results over the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// The `--engine` name.
    pub name: String,
    /// What the engine calls itself (`name` and `version`).
    pub identity: String,
    /// Games won.
    pub wins: u32,
    /// Games lost (forfeits included).
    pub losses: u32,
    /// Games drawn (jigo).
    pub draws: u32,
    /// Games lost by forfeit or on time.
    pub forfeits: u32,
    /// Games won with Black.
    pub wins_as_black: u32,
    /// Games played with Black (void games excluded).
    pub games_as_black: u32,
    /// Seconds spent on all its moves.
    pub seconds: f64,
    /// Moves it generated.
    pub moves: u32,
}

/// The match as a whole.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Both engines' results, in `--engine` order.
    pub engines: [Tally; 2],
    /// Games played, void ones included.
    pub games: usize,
    /// Games where neither engine could play.
    pub voids: usize,
    /// Games whose dead stones the engines did not agree on.
    pub disagreements: usize,
    /// Numbers of those games, in the order they finished.
    pub disagreement_games: Vec<usize>,
    /// The first engine's score rate (draws count half) with a 95% interval.
    pub score: Option<Estimate>,
    /// Elo difference, first engine minus second, with a 95% interval.
    pub elo: Option<Estimate>,
    /// Settings line for the table.
    pub description: String,
    /// The match settings (size, komi, rules, clock, ...), for `summary.json`.
    pub settings: Option<MatchSettings>,
}

/// The settings of a match as `summary.json` gives them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// Board size.
    pub size: usize,
    /// Komi.
    pub komi: f64,
    /// The rules' canonical name.
    pub rules: String,
    /// The clock as main time, period and stones per period (Canadian) or periods
    /// (byo-yomi); `null` without one.
    pub time_settings: Option<(f64, f64, u32)>,
    /// What follows main time: `absolute`, `canadian` or `byoyomi`; absent without a clock
    /// and in summaries written before byo-yomi (their clocks are GTP `time_settings`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime: Option<String>,
    /// `--move-timeout` in seconds, if given.
    pub move_timeout: Option<f64>,
    /// `--lag-allowance` in seconds; left out when it is the default (0.5), as in summaries
    /// written before the option existed.
    #[serde(default = "default_lag", skip_serializing_if = "is_default_lag")]
    pub lag_allowance: f64,
    /// The move cap.
    pub max_moves: usize,
    /// The referee's command, if any.
    pub referee: Option<String>,
    /// Games played at once.
    pub parallel: usize,
    /// `--seed`, if given.
    pub seed: Option<Seed>,
    /// The engine that took Black in the first game.
    pub first_black: String,
    /// Each engine's command, in `--engine` order.
    pub commands: PerEngine<String>,
}

/// A seed in JSON: a number when exact as a double (below 2^53), else its decimal text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Seed {
    /// Below 2^53.
    Number(u64),
    /// 2^53 or above, as text.
    Text(String),
}

impl Seed {
    /// The JSON form of `seed`.
    pub fn new(seed: u64) -> Seed {
        if seed < (1u64 << 53) {
            Seed::Number(seed)
        } else {
            Seed::Text(seed.to_string())
        }
    }
}

/// `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryFile {
    /// Per engine, in `--engine` order.
    pub engines: PerEngine<EngineLine>,
    /// Games played, void ones included.
    pub games: usize,
    /// Void games.
    pub voids: usize,
    /// Games whose dead stones the engines did not agree on.
    pub disagreements: usize,
    /// Their numbers, in the order they finished.
    pub disagreement_games: Vec<usize>,
    /// The first engine's score rate; `null` before any counted game.
    pub score_rate: Option<ScoreRateLine>,
    /// Elo difference, first engine minus second; `null` before any counted game.
    pub elo: Option<EloLine>,
    /// The settings line of the table.
    pub description: String,
    /// The match settings.
    pub settings: Option<MatchSettings>,
}

/// One engine's results in `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineLine {
    /// What the engine calls itself.
    pub identity: String,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost by forfeit or on time.
    pub forfeits: u32,
    /// Games won with Black.
    pub wins_as_black: u32,
    /// Games played with Black.
    pub games_as_black: u32,
    /// Mean seconds per move, to the millisecond; `null` without moves.
    pub seconds_per_move: Option<f64>,
}

/// The score rate in `summary.json`; `null` for an end that is not finite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreRateLine {
    /// The first engine.
    pub engine: String,
    /// The second engine.
    pub opponent: String,
    /// The score rate (draws count half).
    pub value: Option<f64>,
    /// Lower end of the interval.
    pub low: Option<f64>,
    /// Upper end of the interval.
    pub high: Option<f64>,
    /// The interval's confidence (0.95).
    pub confidence: f64,
}

/// The Elo difference in `summary.json`; `null` for an end that is not finite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloLine {
    /// The first engine.
    pub engine: String,
    /// The second engine.
    pub opponent: String,
    /// Elo difference, first engine minus second.
    pub difference: Option<f64>,
    /// Lower end of the interval.
    pub low: Option<f64>,
    /// Upper end of the interval.
    pub high: Option<f64>,
    /// The interval's confidence (0.95).
    pub confidence: f64,
}

fn default_lag() -> f64 {
    crate::arena::clock::LAG_ALLOWANCE
}

fn is_default_lag(lag: &f64) -> bool {
    *lag == default_lag()
}

/// `x` when finite, else `None` (written as `null`).
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

impl Summary {
    /// A summary of no games yet, with its one-line description and the match settings.
    pub fn new(description: String, settings: Option<MatchSettings>) -> Summary {
        Summary {
            engines: [Tally::default(), Tally::default()],
            games: 0,
            voids: 0,
            disagreements: 0,
            disagreement_games: Vec::new(),
            score: None,
            elo: None,
            description,
            settings,
        }
    }

    /// Adds one finished game.
    pub fn record(&mut self, o: &GameOutcome) {
        if o.ending == game::Ending::Void {
            self.voids += 1;
            self.games += 1;
            return;
        }
        self.games += 1;
        if o.disagreement.is_some() {
            self.disagreements += 1;
            self.disagreement_games.push(o.number);
        }
        let forfeit_by = o.forfeited_by();
        for c in Color::BOTH {
            let Some(t) = self
                .engines
                .iter_mut()
                .find(|t| t.name == o.names[c.index()])
            else {
                continue;
            };
            match o.winner {
                Some(w) if w == c => {
                    t.wins += 1;
                    if c == Color::Black {
                        t.wins_as_black += 1;
                    }
                }
                Some(_) => t.losses += 1,
                None => t.draws += 1,
            }
            if c == Color::Black {
                t.games_as_black += 1;
            }
            if forfeit_by == Some(c) {
                t.forfeits += 1;
            }
            t.seconds += o.seconds[c.index()].iter().sum::<f64>();
            t.moves += o.seconds[c.index()].len() as u32;
        }
        let a = &self.engines[0];
        self.score = stats::score_rate(a.wins, a.draws, a.losses);
        self.elo = self.score.as_ref().map(stats::elo);
    }

    /// A one-line running score for the progress bar: the first engine's wins (+), draws (=)
    /// and losses (-) against the second, and the Elo difference so far.
    pub fn progress_line(&self) -> String {
        let [a, b] = &self.engines;
        let elo = match &self.elo {
            Some(e) => format!(
                "  Elo {} [{}, {}]",
                stats::fmt_elo(e.value),
                stats::fmt_elo(e.low),
                stats::fmt_elo(e.high)
            ),
            None => String::new(),
        };
        format!(
            "{} +{} ={} -{} {}{}",
            a.name, a.wins, a.draws, a.losses, b.name, elo
        )
    }

    /// The `summary.json` record.
    pub fn file(&self) -> SummaryFile {
        let engine = |t: &Tally| EngineLine {
            identity: t.identity.clone(),
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            forfeits: t.forfeits,
            wins_as_black: t.wins_as_black,
            games_as_black: t.games_as_black,
            seconds_per_move: (t.moves > 0)
                .then(|| round_to(t.seconds / f64::from(t.moves), 3))
                .and_then(finite),
        };
        let (a, b) = (&self.engines[0].name, &self.engines[1].name);
        SummaryFile {
            engines: PerEngine(
                self.engines
                    .iter()
                    .map(|t| (t.name.clone(), engine(t)))
                    .collect(),
            ),
            games: self.games,
            voids: self.voids,
            disagreements: self.disagreements,
            disagreement_games: self.disagreement_games.clone(),
            score_rate: self.score.as_ref().map(|e| ScoreRateLine {
                engine: a.clone(),
                opponent: b.clone(),
                value: finite(e.value),
                low: finite(e.low),
                high: finite(e.high),
                confidence: 0.95,
            }),
            elo: self.elo.as_ref().map(|e| EloLine {
                engine: a.clone(),
                opponent: b.clone(),
                difference: finite(e.value),
                low: finite(e.low),
                high: finite(e.high),
                confidence: 0.95,
            }),
            description: self.description.clone(),
            settings: self.settings.clone(),
        }
    }

    /// The text of `summary.json`: indented two spaces a level, ending with a newline.
    pub fn json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(&self.file()).map(|t| t + "\n")
    }

    /// The readable table printed at the end.
    pub fn table(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("{}\n", self.description));
        let w = self
            .engines
            .iter()
            .map(|t| t.name.len())
            .max()
            .unwrap_or(6)
            .max(6);
        s.push_str(&format!(
            "{:w$}  {:>5} {:>6} {:>5} {:>8} {:>11} {:>9}  {}\n",
            "engine", "wins", "losses", "draws", "forfeits", "B wins/gms", "s/move", "identity"
        ));
        for t in &self.engines {
            let spm = if t.moves > 0 {
                format!("{:.2}", t.seconds / f64::from(t.moves))
            } else {
                "-".into()
            };
            s.push_str(&format!(
                "{:w$}  {:>5} {:>6} {:>5} {:>8} {:>11} {:>9}  {}\n",
                t.name,
                t.wins,
                t.losses,
                t.draws,
                t.forfeits,
                format!("{}/{}", t.wins_as_black, t.games_as_black),
                spm,
                t.identity
            ));
        }
        s.push_str(&format!(
            "games: {}  void: {}  dead-stone disagreements: {}{}\n",
            self.games,
            self.voids,
            self.disagreements,
            if self.disagreement_games.is_empty() {
                String::new()
            } else {
                let mut g = self.disagreement_games.clone();
                g.sort_unstable();
                let list: Vec<String> = g.iter().map(|n| n.to_string()).collect();
                format!(" (games {})", list.join(", "))
            }
        ));
        let (a, b) = (&self.engines[0].name, &self.engines[1].name);
        match (&self.score, &self.elo) {
            (Some(sc), Some(e)) => {
                s.push_str(&format!(
                    "score rate {a}: {:.1}% [{:.1}%, {:.1}%] (95%)\n",
                    sc.value * 100.0,
                    sc.low * 100.0,
                    sc.high * 100.0
                ));
                s.push_str(&format!(
                    "Elo {a} - {b}: {} [{}, {}] (95%)\n",
                    stats::fmt_elo(e.value),
                    stats::fmt_elo(e.low),
                    stats::fmt_elo(e.high)
                ));
            }
            _ => s.push_str("no counted games\n"),
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_counts_and_formats() {
        let mut s = Summary::new("test".into(), None);
        s.engines[0].name = "a".into();
        s.engines[1].name = "b".into();
        let mk = |black: &str, white: &str, winner: Option<Color>, ending| GameOutcome {
            number: 1,
            names: [black.to_string(), white.to_string()],
            winner,
            result: String::new(),
            ending,
            reason: String::new(),
            moves: vec![],
            seconds: [vec![1.0, 2.0], vec![3.0]],
            time_left: [None, None],
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: vec![],
        };
        use game::Ending::*;
        s.record(&mk("a", "b", Some(Color::Black), Score));
        s.record(&mk("b", "a", Some(Color::Black), Forfeit));
        s.record(&mk("a", "b", None, Score));
        s.record(&mk("b", "a", None, Void));
        let [a, b] = &s.engines;
        assert_eq!((a.wins, a.losses, a.draws, a.forfeits), (1, 1, 1, 1));
        assert_eq!((b.wins, b.losses, b.draws, b.forfeits), (1, 1, 1, 0));
        assert_eq!((a.wins_as_black, a.games_as_black), (1, 2));
        assert_eq!((s.games, s.voids), (4, 1));
        let sc = s.score.expect("score");
        assert!((sc.value - 0.5).abs() < 1e-12);
        let text = s.json().expect("json");
        let j: serde_json::Value = serde_json::from_str(&text).expect("json");
        assert_eq!(j["engines"]["a"]["wins"].as_f64(), Some(1.0));
        assert_eq!(j["elo"]["confidence"].as_f64(), Some(0.95));
        let back: SummaryFile = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back, s.file());
        assert!(text.starts_with("{\n  \"engines\": {\n    \"a\": {\n      \"identity\""));
        assert!(s.table().contains("Elo a - b: +0 ["));
        assert!(s.progress_line().starts_with("a +1 =1 -1 b  Elo +0 ["));
    }

    /// `summary.json` as the hand-written writer (before serde) put it: whole numbers
    /// without a decimal point, `null` for infinite Elo ends and a seed given as text.
    #[test]
    fn summaries_written_before_serde_read_back() {
        let old = r#"{
  "engines": {
    "tengen": {
      "identity": "Tengen 0.1.0",
      "wins": 2,
      "losses": 0,
      "draws": 0,
      "forfeits": 0,
      "wins_as_black": 1,
      "games_as_black": 1,
      "seconds_per_move": 0.5
    },
    "gnugo": {
      "identity": "GNU Go 3.8",
      "wins": 0,
      "losses": 2,
      "draws": 0,
      "forfeits": 0,
      "wins_as_black": 0,
      "games_as_black": 1,
      "seconds_per_move": null
    }
  },
  "games": 2,
  "voids": 0,
  "disagreements": 0,
  "disagreement_games": [],
  "score_rate": {
    "engine": "tengen",
    "opponent": "gnugo",
    "value": 1,
    "low": 0.342,
    "high": 1,
    "confidence": 0.95
  },
  "elo": {
    "engine": "tengen",
    "opponent": "gnugo",
    "difference": null,
    "low": -114.5,
    "high": null,
    "confidence": 0.95
  },
  "description": "tengen vs gnugo: 2 games",
  "settings": {
    "size": 9,
    "komi": 7.5,
    "rules": "chinese",
    "time_settings": [
      0,
      1,
      1
    ],
    "move_timeout": null,
    "max_moves": 243,
    "referee": null,
    "parallel": 1,
    "seed": "18446744073709551615",
    "first_black": "gnugo",
    "commands": {
      "tengen": "target/release/tengen",
      "gnugo": "/usr/games/gnugo --mode gtp"
    }
  }
}
"#;
        let f: SummaryFile = serde_json::from_str(old).expect("old summary reads");
        assert_eq!(f.engines.get("gnugo").map(|e| e.losses), Some(2));
        assert_eq!(f.engines.0[0].0, "tengen");
        assert_eq!(f.score_rate.as_ref().and_then(|s| s.value), Some(1.0));
        assert_eq!(
            f.elo.as_ref().map(|e| (e.difference, e.low)),
            Some((None, Some(-114.5)))
        );
        let set = f.settings.as_ref().expect("settings");
        assert_eq!(set.time_settings, Some((0.0, 1.0, 1)));
        assert_eq!(set.lag_allowance, 0.5);
        assert_eq!(set.overtime, None, "before byo-yomi: GTP time_settings");
        assert_eq!(set.seed, Some(Seed::Text(u64::MAX.to_string())));
        assert_eq!(Seed::new(7), Seed::Number(7));
        assert_eq!(Seed::new(u64::MAX), Seed::Text(u64::MAX.to_string()));
        // written again it reads as the same JSON values
        let again = serde_json::to_string_pretty(&f).expect("writes");
        let a: serde_json::Value = serde_json::from_str(&again).expect("reads");
        let b: serde_json::Value = serde_json::from_str(old).expect("reads");
        assert!(crate::arena::json::same_values(&a, &b));
    }
}
