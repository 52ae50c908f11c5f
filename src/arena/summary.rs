//! Match results: per-engine tallies, score rate and Elo with their intervals,
//! `summary.json` and the table printed at the end.

use super::game::{self, GameOutcome};
use super::json::Json;
use super::stats::{self, Estimate};
use crate::board::Color;

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
    /// The match settings as JSON (size, komi, rules, clock, ...), for `summary.json`.
    pub settings: Json,
}

impl Summary {
    /// A summary of no games yet, with its one-line description and the match settings.
    pub fn new(description: String, settings: Json) -> Summary {
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

    /// `summary.json`.
    pub fn to_json(&self) -> Json {
        let engine = |t: &Tally| {
            Json::obj([
                ("identity", Json::str(t.identity.clone())),
                ("wins", Json::Num(t.wins.into())),
                ("losses", Json::Num(t.losses.into())),
                ("draws", Json::Num(t.draws.into())),
                ("forfeits", Json::Num(t.forfeits.into())),
                ("wins_as_black", Json::Num(t.wins_as_black.into())),
                ("games_as_black", Json::Num(t.games_as_black.into())),
                (
                    "seconds_per_move",
                    if t.moves > 0 {
                        Json::num((t.seconds / f64::from(t.moves) * 1000.0).round() / 1000.0)
                    } else {
                        Json::Null
                    },
                ),
            ])
        };
        let est = |e: &Option<Estimate>, key: &str| match e {
            None => Json::Null,
            Some(e) => Json::obj([
                ("engine", Json::str(self.engines[0].name.clone())),
                ("opponent", Json::str(self.engines[1].name.clone())),
                (key, Json::num(e.value)),
                ("low", Json::num(e.low)),
                ("high", Json::num(e.high)),
                ("confidence", Json::Num(0.95)),
            ]),
        };
        Json::obj([
            (
                "engines",
                Json::Obj(
                    self.engines
                        .iter()
                        .map(|t| (t.name.clone(), engine(t)))
                        .collect(),
                ),
            ),
            ("games", Json::Num(self.games as f64)),
            ("voids", Json::Num(self.voids as f64)),
            ("disagreements", Json::Num(self.disagreements as f64)),
            (
                "disagreement_games",
                Json::Arr(
                    self.disagreement_games
                        .iter()
                        .map(|&n| Json::Num(n as f64))
                        .collect(),
                ),
            ),
            ("score_rate", est(&self.score, "value")),
            ("elo", est(&self.elo, "difference")),
            ("description", Json::str(self.description.clone())),
            ("settings", self.settings.clone()),
        ])
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
        let mut s = Summary::new("test".into(), Json::Null);
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
        let j = Json::parse(&s.to_json().to_string()).expect("json");
        let wins = j
            .get("engines")
            .and_then(|e| e.get("a"))
            .and_then(|a| a.get("wins"))
            .and_then(Json::as_f64);
        assert_eq!(wins, Some(1.0));
        assert!(s.table().contains("Elo a - b: +0 ["));
        assert!(s.progress_line().starts_with("a +1 =1 -1 b  Elo +0 ["));
    }
}
