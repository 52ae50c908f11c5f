//! Match results: per-engine tallies, score rate and Elo with their intervals (overall and,
//! for the first engine, by colour), memory and clock use, `summary.json` and the table
//! printed at the end.

use super::game::{self, GameOutcome};
use super::json::{round_to, PerEngine};
use super::record;
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
    /// Games drawn with Black.
    pub draws_as_black: u32,
    /// Seconds spent on all its moves.
    pub seconds: f64,
    /// Moves it generated.
    pub moves: u32,
    /// Peak resident memory (kB) in the lowest-numbered game where it was read, with the
    /// game's number.
    pub rss_first: Option<(usize, u64)>,
    /// Peak resident memory (kB) in the highest-numbered game where it was read, with the
    /// game's number.
    pub rss_last: Option<(usize, u64)>,
    /// The highest peak resident memory (kB) of any game.
    pub rss_max: Option<u64>,
    /// Seconds spent on moves begun in main time.
    pub main_seconds: f64,
    /// Moves begun in main time.
    pub main_moves: u32,
    /// Seconds spent on moves begun in overtime.
    pub overtime_seconds: f64,
    /// Moves begun in overtime.
    pub overtime_moves: u32,
    /// Seconds of main time spent, over all games with a clock.
    pub main_time_used: f64,
    /// Games with a clock (where main time used is known).
    pub clocked_games: u32,
}

impl Tally {
    /// Wins, draws and losses with colour `c` (void games excluded).
    pub fn as_colour(&self, c: Color) -> (u32, u32, u32) {
        let losses_as_black = self
            .games_as_black
            .saturating_sub(self.wins_as_black + self.draws_as_black);
        match c {
            Color::Black => (self.wins_as_black, self.draws_as_black, losses_as_black),
            Color::White => (
                self.wins.saturating_sub(self.wins_as_black),
                self.draws.saturating_sub(self.draws_as_black),
                self.losses.saturating_sub(losses_as_black),
            ),
        }
    }

    /// Games with colour `c` (void games excluded).
    pub fn games_as(&self, c: Color) -> u32 {
        let (w, d, l) = self.as_colour(c);
        w + d + l
    }

    /// Adds one game's memory and clock use (`secs`: its moves' seconds, in order).
    fn add_usage(&mut self, number: usize, u: &game::Usage, secs: &[f64]) {
        if let Some(kb) = u.peak_rss_kb {
            if self.rss_first.is_none_or(|(n, _)| number < n) {
                self.rss_first = Some((number, kb));
            }
            if self.rss_last.is_none_or(|(n, _)| number > n) {
                self.rss_last = Some((number, kb));
            }
            self.rss_max = Some(self.rss_max.map_or(kb, |m| m.max(kb)));
        }
        if let Some(used) = u.main_time_used {
            self.main_time_used += used;
            self.clocked_games += 1;
        }
        if let (Some(main), Some(over)) = (u.moves_in_main_time, u.moves_in_overtime) {
            // main time comes first: the first `main` moves were begun in it
            let split = (main as usize).min(secs.len());
            self.main_seconds += secs[..split].iter().sum::<f64>();
            self.overtime_seconds += secs[split..].iter().sum::<f64>();
            self.main_moves += main;
            self.overtime_moves += over;
        }
    }
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
    /// The first engine's score rate with Black (taking handicap in a handicap match).
    pub score_as_black: Option<Estimate>,
    /// The first engine's score rate with White (giving handicap in a handicap match).
    pub score_as_white: Option<Estimate>,
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
    /// Black's handicap stones (on GTP's fixed points, White moving first); absent without.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<usize>,
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
    /// `--lag-allowance-for`: engines with their own lag allowance (left out when none).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub lag_allowance_for: std::collections::BTreeMap<String, f64>,
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
    /// The first engine's score rate with Black (taking handicap in a handicap match), to 4
    /// decimals; absent before it played Black, and in summaries written before it was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_rate_as_black: Option<ScoreRateLine>,
    /// The first engine's score rate with White (giving handicap in a handicap match), to 4
    /// decimals; absent before it played White, and in summaries written before it was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_rate_as_white: Option<ScoreRateLine>,
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
    /// Games drawn with Black; absent in summaries written before it was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws_as_black: Option<u32>,
    /// Mean seconds per move, to the millisecond; `null` without moves.
    pub seconds_per_move: Option<f64>,
    /// Peak resident memory in MiB: of the first and the last game and the most of any
    /// game; absent where it could not be read (not Linux).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_rss_mb: Option<RssLine>,
    /// With a clock: mean seconds per move begun in main time, to the millisecond; absent
    /// without such moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_per_move_main_time: Option<f64>,
    /// With a clock: moves begun in main time, over all games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_in_main_time: Option<u32>,
    /// With a clock: mean seconds per move begun in overtime, to the millisecond; absent
    /// without such moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_per_move_overtime: Option<f64>,
    /// With a clock: moves begun in overtime, over all games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_in_overtime: Option<u32>,
    /// With a clock: mean seconds of main time spent per game, to the millisecond.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_time_used_per_game: Option<f64>,
}

/// An engine's peak resident memory over the match (`summary.json`), in MiB to 0.1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RssLine {
    /// In the lowest-numbered game where it was read.
    pub first: f64,
    /// That game's number.
    pub first_game: usize,
    /// In the highest-numbered game where it was read.
    pub last: f64,
    /// That game's number.
    pub last_game: usize,
    /// The most in any game.
    pub max: f64,
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
    /// The games it is over; absent in summaries written before it was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u32>,
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
            score_as_black: None,
            score_as_white: None,
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
                None => {
                    t.draws += 1;
                    if c == Color::Black {
                        t.draws_as_black += 1;
                    }
                }
            }
            if c == Color::Black {
                t.games_as_black += 1;
            }
            if forfeit_by == Some(c) {
                t.forfeits += 1;
            }
            t.seconds += o.seconds[c.index()].iter().sum::<f64>();
            t.moves += o.seconds[c.index()].len() as u32;
            t.add_usage(o.number, &o.usage[c.index()], &o.seconds[c.index()]);
        }
        let a = &self.engines[0];
        self.score = stats::score_rate(a.wins, a.draws, a.losses);
        self.elo = self.score.as_ref().map(stats::elo);
        let by_colour = |c| {
            let (w, d, l) = a.as_colour(c);
            stats::score_rate(w, d, l)
        };
        self.score_as_black = by_colour(Color::Black);
        self.score_as_white = by_colour(Color::White);
    }

    /// Black's handicap stones in this match (0 without).
    fn handicap(&self) -> usize {
        self.settings.as_ref().and_then(|s| s.handicap).unwrap_or(0)
    }

    /// How the table names the first engine's games with colour `c`: `as Black`, or
    /// `as Black (taking handicap)` in a handicap match.
    pub fn colour_label(&self, c: Color) -> String {
        let colour = match c {
            Color::Black => "Black",
            Color::White => "White",
        };
        match (self.handicap(), c) {
            (0, _) => format!("as {colour}"),
            (_, Color::Black) => format!("as {colour} (taking handicap)"),
            (_, Color::White) => format!("as {colour} (giving handicap)"),
        }
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
            draws_as_black: Some(t.draws_as_black),
            seconds_per_move: mean(t.seconds, t.moves),
            peak_rss_mb: match (t.rss_first, t.rss_last, t.rss_max) {
                (Some((first_game, first)), Some((last_game, last)), Some(max)) => Some(RssLine {
                    first: record::kb_to_mb(first),
                    first_game,
                    last: record::kb_to_mb(last),
                    last_game,
                    max: record::kb_to_mb(max),
                }),
                _ => None,
            },
            seconds_per_move_main_time: mean(t.main_seconds, t.main_moves),
            moves_in_main_time: (t.clocked_games > 0).then_some(t.main_moves),
            seconds_per_move_overtime: mean(t.overtime_seconds, t.overtime_moves),
            moves_in_overtime: (t.clocked_games > 0).then_some(t.overtime_moves),
            main_time_used_per_game: mean(t.main_time_used, t.clocked_games),
        };
        let rate = |e: &Estimate, games: u32| ScoreRateLine {
            engine: self.engines[0].name.clone(),
            opponent: self.engines[1].name.clone(),
            value: finite(e.value),
            games: Some(games),
            low: finite(e.low),
            high: finite(e.high),
            confidence: 0.95,
        };
        // by colour to 4 decimals (0.01%), which reads back exactly
        let colour_rate = |e: &Estimate, games: u32| {
            let r = |x: f64| round_to(x, 4);
            rate(
                &Estimate {
                    value: r(e.value),
                    low: r(e.low),
                    high: r(e.high),
                },
                games,
            )
        };
        let first = &self.engines[0];
        let counted = first.wins + first.draws + first.losses;
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
            score_rate: self.score.as_ref().map(|e| rate(e, counted)),
            score_rate_as_black: self
                .score_as_black
                .as_ref()
                .map(|e| colour_rate(e, first.games_as(Color::Black))),
            score_rate_as_white: self
                .score_as_white
                .as_ref()
                .map(|e| colour_rate(e, first.games_as(Color::White))),
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
                for (c, est) in [
                    (Color::Black, &self.score_as_black),
                    (Color::White, &self.score_as_white),
                ] {
                    let label = self.colour_label(c);
                    let games = self.engines[0].games_as(c);
                    s.push_str(&match est {
                        Some(x) => format!(
                            "  {label}: {:.1}% [{:.1}%, {:.1}%] (95%) in {games} game{}\n",
                            x.value * 100.0,
                            x.low * 100.0,
                            x.high * 100.0,
                            if games == 1 { "" } else { "s" }
                        ),
                        None => format!("  {label}: no counted games\n"),
                    });
                }
                s.push_str(&format!(
                    "Elo {a} - {b}: {} [{}, {}] (95%)\n",
                    stats::fmt_elo(e.value),
                    stats::fmt_elo(e.low),
                    stats::fmt_elo(e.high)
                ));
            }
            _ => s.push_str("no counted games\n"),
        }
        s.push_str(&self.usage_lines(w));
        s
    }

    /// The table's lines on memory and clock use: per engine, peak resident memory in the
    /// first and last game and at most, and the mean time of moves begun in main time and
    /// in overtime; nothing when neither is known.
    fn usage_lines(&self, w: usize) -> String {
        let mut s = String::new();
        for t in &self.engines {
            if let (Some((g1, first)), Some((g2, last)), Some(max)) =
                (t.rss_first, t.rss_last, t.rss_max)
            {
                s.push_str(&format!(
                    "{:w$}  peak RSS {:.1} MB (game {g1}) -> {:.1} MB (game {g2}), max {:.1} MB\n",
                    t.name,
                    record::kb_to_mb(first),
                    record::kb_to_mb(last),
                    record::kb_to_mb(max),
                ));
            }
            if t.clocked_games > 0 {
                let spm = |secs: f64, n: u32| match mean(secs, n) {
                    Some(x) => format!("{x:.2} s/move"),
                    None => "-".to_string(),
                };
                s.push_str(&format!(
                    "{:w$}  main time: {} ({} moves), {:.1} s used a game; overtime: {} ({} moves)\n",
                    t.name,
                    spm(t.main_seconds, t.main_moves),
                    t.main_moves,
                    t.main_time_used / f64::from(t.clocked_games),
                    spm(t.overtime_seconds, t.overtime_moves),
                    t.overtime_moves,
                ));
            }
        }
        s
    }
}

/// `total / n` to the millisecond; `None` for no items (or a total that is not finite).
fn mean(total: f64, n: u32) -> Option<f64> {
    (n > 0)
        .then(|| round_to(total / f64::from(n), 3))
        .and_then(finite)
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
            usage: Default::default(),
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
        // by colour: a won and drew with Black, lost with White
        assert_eq!(a.as_colour(Color::Black), (1, 1, 0));
        assert_eq!(a.as_colour(Color::White), (0, 0, 1));
        assert_eq!(b.as_colour(Color::Black), (1, 0, 0));
        assert_eq!(b.as_colour(Color::White), (0, 1, 1));
        let black = s.score_as_black.expect("a played Black");
        assert!((black.value - 0.75).abs() < 1e-12);
        let white = s.score_as_white.expect("a played White");
        assert_eq!(white.value, 0.0);
        assert_eq!(
            Some(white),
            stats::score_rate(0, 0, 1),
            "the stats module's estimate"
        );
        assert_eq!(j["score_rate_as_black"]["games"].as_f64(), Some(2.0));
        assert_eq!(j["score_rate_as_black"]["value"].as_f64(), Some(0.75));
        assert_eq!(j["score_rate_as_white"]["games"].as_f64(), Some(1.0));
        assert_eq!(j["score_rate"]["games"].as_f64(), Some(3.0));
        assert_eq!(j["engines"]["a"]["draws_as_black"].as_f64(), Some(1.0));
        let table = s.table();
        assert!(
            table.contains("  as Black: 75.0% [") && table.contains("(95%) in 2 games\n"),
            "{table}"
        );
        assert!(table.contains("  as White: 0.0% [0.0%, "), "{table}");
        assert!(!table.contains("handicap"), "{table}");
        // no memory or clock readings: nothing about them
        assert!(
            !table.contains("RSS") && !table.contains("main time"),
            "{table}"
        );
        for absent in ["peak_rss_mb", "main_time", "overtime"] {
            assert!(!text.contains(absent), "{absent} in {text}");
        }
    }

    fn settings(handicap: Option<usize>) -> MatchSettings {
        MatchSettings {
            size: 9,
            komi: 0.5,
            handicap,
            rules: "chinese".into(),
            time_settings: Some((10.0, 1.0, 3)),
            overtime: Some("byoyomi".into()),
            move_timeout: None,
            lag_allowance: 0.5,
            lag_allowance_for: Default::default(),
            max_moves: 243,
            referee: None,
            parallel: 1,
            seed: None,
            first_black: "a".into(),
            commands: PerEngine(vec![("a".into(), "x".into()), ("b".into(), "y".into())]),
        }
    }

    /// A game of `a` (Black when `a_black`) against `b` that Black wins, with memory and
    /// clock readings.
    fn used(number: usize, a_black: bool, rss: [Option<u64>; 2]) -> GameOutcome {
        let names = if a_black { ["a", "b"] } else { ["b", "a"] };
        let usage = |rss: Option<u64>| game::Usage {
            peak_rss_kb: rss,
            main_time_used: Some(10.0),
            moves_in_main_time: Some(2),
            moves_in_overtime: Some(1),
        };
        GameOutcome {
            number,
            names: names.map(String::from),
            winner: Some(Color::Black),
            result: "B+R".into(),
            ending: game::Ending::Resign,
            reason: String::new(),
            moves: vec![],
            seconds: [vec![4.0, 6.0, 0.5], vec![3.0, 7.0, 1.0]],
            time_left: [None, None],
            usage: [usage(rss[0]), usage(rss[1])],
            dead: vec![],
            settlement: None,
            disagreement: None,
            margin: None,
            warnings: vec![],
        }
    }

    #[test]
    fn handicap_labels_memory_and_clock_use() {
        let mut s = Summary::new("h".into(), Some(settings(Some(2))));
        s.engines[0].name = "a".into();
        s.engines[1].name = "b".into();
        // finished out of order, as with --parallel; a's memory only in games 2 to 4
        s.record(&used(3, true, [Some(30 * 1024), Some(1024)]));
        s.record(&used(2, false, [Some(2048), Some(20 * 1024)]));
        s.record(&used(4, false, [Some(1024), Some(25 * 1024)]));
        s.record(&used(1, true, [None, Some(1024)]));
        let a = &s.engines[0];
        assert_eq!(a.rss_first, Some((2, 20 * 1024)));
        assert_eq!(a.rss_last, Some((4, 25 * 1024)));
        assert_eq!(a.rss_max, Some(30 * 1024));
        assert_eq!((a.main_moves, a.overtime_moves, a.clocked_games), (8, 4, 4));
        let j: serde_json::Value = serde_json::from_str(&s.json().expect("json")).expect("reads");
        let e = &j["engines"]["a"];
        assert_eq!(
            e["peak_rss_mb"],
            serde_json::json!({"first": 20.0, "first_game": 2, "last": 25.0, "last_game": 4, "max": 30.0})
        );
        // Black's moves took 4 and 6 s in main time, 0.5 in overtime; White's 3, 7 and 1
        assert_eq!(e["seconds_per_move_main_time"].as_f64(), Some(5.0));
        assert_eq!(e["seconds_per_move_overtime"].as_f64(), Some(0.75));
        assert_eq!(e["moves_in_main_time"].as_f64(), Some(8.0));
        assert_eq!(e["moves_in_overtime"].as_f64(), Some(4.0));
        assert_eq!(e["main_time_used_per_game"].as_f64(), Some(10.0));
        assert_eq!(j["settings"]["handicap"].as_f64(), Some(2.0));
        let table = s.table();
        for line in [
            "  as Black (taking handicap): 100.0% [",
            "  as White (giving handicap): 0.0% [",
            "a       peak RSS 20.0 MB (game 2) -> 25.0 MB (game 4), max 30.0 MB\n",
            "b       peak RSS 1.0 MB (game 1) -> 1.0 MB (game 4), max 2.0 MB\n",
            "a       main time: 5.00 s/move (8 moves), 10.0 s used a game; overtime: 0.75 s/move (4 moves)\n",
        ] {
            assert!(table.contains(line), "{line:?} missing in\n{table}");
        }
        assert_eq!(s.colour_label(Color::White), "as White (giving handicap)");
        let plain = Summary::new("p".into(), Some(settings(None)));
        assert_eq!(plain.colour_label(Color::Black), "as Black");
        let text = plain.json().expect("json");
        assert!(!text.contains("handicap"), "{text}");
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
