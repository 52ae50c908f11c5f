//! Match results: per-engine tallies, score rate and Elo with their intervals (overall and,
//! for the first engine, by colour), memory and clock use, `summary.json` and the table
//! printed at the end.

use super::elo::{self, PairResult, Rating};
use super::game;
use super::json::{round_to, PerEngine};
use super::record::{self, GameLine};
use super::report::{Cell, CurvePoint, EloRow, GameRow, ReportInput, SprtCurve};
use super::sprt::{Decision, Sprt};
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
    /// Peak resident memory (MiB) in the lowest-numbered game where it was read, with the
    /// game's number.
    pub rss_first: Option<(usize, f64)>,
    /// Peak resident memory (MiB) in the highest-numbered game where it was read, with the
    /// game's number.
    pub rss_last: Option<(usize, f64)>,
    /// The highest peak resident memory (MiB) of any game.
    pub rss_max: Option<f64>,
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

    /// Adds one game's memory and clock use: `rss` in MiB, `main_used` seconds of main
    /// time, `phases` the moves begun in main time and in overtime, `secs` its moves'
    /// seconds in order.
    fn add_usage(
        &mut self,
        number: usize,
        rss: Option<f64>,
        main_used: Option<f64>,
        phases: Option<(u32, u32)>,
        secs: &[f64],
    ) {
        if let Some(mb) = rss {
            if self.rss_first.is_none_or(|(n, _)| number < n) {
                self.rss_first = Some((number, mb));
            }
            if self.rss_last.is_none_or(|(n, _)| number > n) {
                self.rss_last = Some((number, mb));
            }
            self.rss_max = Some(self.rss_max.map_or(mb, |m| m.max(mb)));
        }
        if let Some(used) = main_used {
            self.main_time_used += used;
            self.clocked_games += 1;
        }
        if let Some((main, over)) = phases {
            // main time comes first: the first `main` moves were begun in it
            let split = (main as usize).min(secs.len());
            self.main_seconds += secs[..split].iter().sum::<f64>();
            self.overtime_seconds += secs[split..].iter().sum::<f64>();
            self.main_moves += main;
            self.overtime_moves += over;
        }
    }
}

/// The match as a whole, computed from its `games.jsonl` lines (so a resumed or merged
/// match sums up the same way as one played in one go).
#[derive(Clone, Debug)]
pub struct Summary {
    /// Every engine's results, in `--engine` order.
    pub engines: Vec<Tally>,
    /// `cross[i][j]`: engine i's wins, draws and losses against engine j.
    pub cross: Vec<Vec<[u32; 3]>>,
    /// The first engine's points (1, 0.5, 0) in each of its counted games, by game number.
    pub first_results: std::collections::BTreeMap<usize, f64>,
    /// The first engine's points by (opponent, round): the halves of its game pairs.
    pairs: std::collections::BTreeMap<(usize, usize), Vec<f64>>,
    /// The sequential probability ratio test on the first engine's results, if any.
    pub sprt: Option<Sprt>,
    /// Which shard of the match this summary covers, if only one.
    pub shard: Option<String>,
    /// Games played, void ones included.
    pub games: usize,
    /// Games where neither engine could play.
    pub voids: usize,
    /// Games whose dead stones the engines did not agree on.
    pub disagreements: usize,
    /// Numbers of those games, in the order they finished.
    pub disagreement_games: Vec<usize>,
    /// The first engine's score rate (draws count half) with a 95% interval, against all
    /// its opponents.
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

/// Where the SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    /// The test.
    pub test: Sprt,
    /// The log-likelihood ratio so far.
    pub llr: f64,
    /// The bound at or below which H0 is accepted.
    pub lower: f64,
    /// The bound at or above which H1 is accepted.
    pub upper: f64,
    /// What the test says.
    pub decision: Decision,
    /// `pentanomial` (game pairs) or `trinomial` (single games).
    pub model: &'static str,
}

impl SprtState {
    /// One line for the table and stdout.
    pub fn line(&self, pentanomial: [u32; 5]) -> String {
        let t = &self.test;
        let counts = if self.model == "pentanomial" {
            let c: Vec<String> = pentanomial.iter().map(u32::to_string).collect();
            format!(" {}", c.join("-"))
        } else {
            String::new()
        };
        format!(
            "SPRT elo0={} elo1={} alpha={} beta={} ({}{counts}): LLR {:.3} [{:.3}, {:.3}], {}",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            self.model,
            self.llr,
            self.lower,
            self.upper,
            self.decision.name()
        )
    }
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
    /// (byo-yomi), or main time, increment and 0 (Fischer); `null` without one.
    pub time_settings: Option<(f64, f64, u32)>,
    /// What follows main time: `absolute`, `canadian`, `byoyomi` or `fischer`; absent without a clock
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
    /// With more than two engines: each engine's results against each other one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cross_table: Option<Vec<CrossLine>>,
    /// With more than two engines: each engine's Elo relative to the first (a
    /// Bradley-Terry fit of the cross table; `null` for one that met nobody rated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<PerEngine<Option<RatingLine>>>,
    /// The first engine's complete game pairs by its points in the pair (0, 0.5, 1, 1.5,
    /// 2): the pentanomial counts; absent in matches without rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<[u32; 5]>,
    /// The SPRT (`--sprt`): its settings, log-likelihood ratio, bounds and decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtLine>,
    /// The shard (`K/N`) this folder holds, when only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

/// One engine's results against another in `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossLine {
    /// The engine.
    pub engine: String,
    /// Its opponent.
    pub opponent: String,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An engine's Elo relative to the first in `summary.json`, with its 95% interval
/// (`null` for an end that is not finite).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingLine {
    /// Elo relative to the first engine.
    pub elo: Option<f64>,
    /// Lower end of the interval.
    pub low: Option<f64>,
    /// Upper end of the interval.
    pub high: Option<f64>,
}

/// The SPRT in `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtLine {
    /// Elo difference under H0 (logistic Elo).
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
    /// `pentanomial` (game pairs) or `trinomial` (single games).
    pub model: String,
    /// The log-likelihood ratio, to 4 decimals.
    pub llr: f64,
    /// The bound at or below which H0 is accepted.
    pub lower: f64,
    /// The bound at or above which H1 is accepted.
    pub upper: f64,
    /// `continue`, `H0 accepted` or `H1 accepted`.
    pub decision: String,
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
    /// A summary of no games yet between engines `names`, with its one-line description and
    /// the match settings.
    pub fn new(names: &[String], description: String, settings: Option<MatchSettings>) -> Summary {
        let n = names.len();
        Summary {
            engines: names
                .iter()
                .map(|name| Tally {
                    name: name.clone(),
                    ..Tally::default()
                })
                .collect(),
            cross: vec![vec![[0; 3]; n]; n],
            first_results: Default::default(),
            pairs: Default::default(),
            sprt: None,
            shard: None,
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

    /// Adds one finished game, as `games.jsonl` has it; games of engines not in the match
    /// are left out.
    pub fn record(&mut self, g: &GameLine) {
        self.games += 1;
        if g.ending == record::ending_name(game::Ending::Void) {
            self.voids += 1;
            return;
        }
        if g.disagreement.is_some() {
            self.disagreements += 1;
            self.disagreement_games.push(g.game);
        }
        let index = |name: &str| self.engines.iter().position(|t| t.name == name);
        let (Some(bi), Some(wi)) = (index(&g.black), index(&g.white)) else {
            return;
        };
        let forfeit = g.ending == record::ending_name(game::Ending::Forfeit)
            || g.ending == record::ending_name(game::Ending::Time);
        for (c, me, other) in [(Color::Black, bi, wi), (Color::White, wi, bi)] {
            let name = self.engines[me].name.clone();
            let outcome = match &g.winner {
                Some(w) if *w == name => 0,
                Some(_) => 2,
                None => 1,
            };
            self.cross[me][other][outcome] += 1;
            let t = &mut self.engines[me];
            match outcome {
                0 => {
                    t.wins += 1;
                    if c == Color::Black {
                        t.wins_as_black += 1;
                    }
                }
                2 => {
                    t.losses += 1;
                    if forfeit {
                        t.forfeits += 1;
                    }
                }
                _ => {
                    t.draws += 1;
                    if c == Color::Black {
                        t.draws_as_black += 1;
                    }
                }
            }
            if c == Color::Black {
                t.games_as_black += 1;
            }
            let secs = g.seconds_per_move.get(&name).cloned().unwrap_or_default();
            t.seconds += secs.iter().sum::<f64>();
            t.moves += secs.len() as u32;
            let phases = match (
                per_engine(&g.moves_in_main_time, &name),
                per_engine(&g.moves_in_overtime, &name),
            ) {
                (Some(m), Some(o)) => Some((m, o)),
                _ => None,
            };
            t.add_usage(
                g.game,
                per_engine(&g.peak_rss_mb, &name),
                per_engine(&g.main_time_used, &name),
                phases,
                &secs,
            );
            if me == 0 {
                let points = [1.0, 0.5, 0.0][outcome];
                self.first_results.insert(g.game, points);
                if let Some(round) = g.round {
                    self.pairs.entry((other, round)).or_default().push(points);
                }
            }
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

    /// The first engine's game pairs (both games of a pairing's round counted) by its
    /// points in the pair: `[0, 0.5, 1, 1.5, 2]` points, the pentanomial counts.
    pub fn pentanomial(&self) -> [u32; 5] {
        let mut counts = [0; 5];
        for v in self.pairs.values() {
            if let [a, b] = v[..] {
                counts[pair_class(a, b)] += 1;
            }
        }
        counts
    }

    /// The first engine's opponent: the second engine's name, or `field` (all the others)
    /// in a tournament.
    pub fn opponent(&self) -> String {
        match &self.engines[..] {
            [_, b] => b.name.clone(),
            _ => "field".to_string(),
        }
    }

    /// Whether the first engine's games come in pairs (records with rounds): then the SPRT
    /// is pentanomial, else trinomial.
    fn paired(&self) -> bool {
        !self.pairs.is_empty()
    }

    /// The SPRT's state after the games so far: its log-likelihood ratio, bounds and
    /// decision, on complete game pairs (pentanomial) or, for records without rounds, on
    /// single games (trinomial).
    pub fn sprt_state(&self) -> Option<SprtState> {
        let t = self.sprt?;
        let a = &self.engines[0];
        let (llr, model) = if self.paired() {
            (t.llr_pentanomial(self.pentanomial()), "pentanomial")
        } else {
            (t.llr_trinomial(a.wins, a.draws, a.losses), "trinomial")
        };
        let (lower, upper) = t.bounds();
        Some(SprtState {
            test: t,
            llr,
            lower,
            upper,
            decision: t.status(llr),
            model,
        })
    }

    /// Elo of every engine relative to the first, by a Bradley-Terry fit of all the
    /// results (the pairwise cross table).
    pub fn ratings(&self) -> Vec<Option<Rating>> {
        let mut results = Vec::new();
        for (i, row) in self.cross.iter().enumerate() {
            for (j, &[wins, draws, losses]) in row.iter().enumerate() {
                if i < j && wins + draws + losses > 0 {
                    results.push(PairResult {
                        a: i,
                        b: j,
                        wins,
                        draws,
                        losses,
                    });
                }
            }
        }
        elo::fit(self.engines.len(), &results)
    }

    /// The points the first engine scored in game `g` (1, 0.5 or 0) and its opponent's
    /// index; `None` when it did not play it or the game was void.
    fn first_points(&self, g: &GameLine) -> Option<(f64, usize)> {
        let first = &self.engines[0].name;
        let other = if g.black == *first {
            &g.white
        } else if g.white == *first {
            &g.black
        } else {
            return None;
        };
        if g.ending == record::ending_name(game::Ending::Void) {
            return None;
        }
        let opponent = self.engines.iter().position(|t| t.name == *other)?;
        let points = match &g.winner {
            Some(w) if w == first => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        Some((points, opponent))
    }

    /// The report of the match (`report.html`) from the summary and its games.
    pub fn report(&self, games: &[GameLine]) -> ReportInput {
        let mut sorted: Vec<&GameLine> = games.iter().collect();
        sorted.sort_by_key(|g| g.game);
        let mut curve = Vec::new();
        let mut llr_points = Vec::new();
        let (mut w, mut d, mut l) = (0, 0, 0);
        let mut pairs: std::collections::BTreeMap<(usize, usize), Vec<f64>> = Default::default();
        let mut penta = [0u32; 5];
        let paired = self.paired();
        for g in &sorted {
            let Some((points, opponent)) = self.first_points(g) else {
                continue;
            };
            match points {
                p if p > 0.75 => w += 1,
                p if p < 0.25 => l += 1,
                _ => d += 1,
            }
            if let Some(round) = g.round {
                let pair = pairs.entry((opponent, round)).or_default();
                pair.push(points);
                if let [a, b] = pair[..] {
                    penta[pair_class(a, b)] += 1;
                }
            }
            let n = w + d + l;
            if let Some(e) = stats::score_rate(w, d, l) {
                let elo = stats::elo(&e);
                curve.push(CurvePoint {
                    game: n as usize,
                    score: e.value,
                    low: e.low,
                    high: e.high,
                    elo: finite(elo.value),
                    elo_low: finite(elo.low),
                    elo_high: finite(elo.high),
                });
            }
            if let Some(t) = self.sprt {
                let llr = if paired {
                    t.llr_pentanomial(penta)
                } else {
                    t.llr_trinomial(w, d, l)
                };
                llr_points.push((n as usize, llr));
            }
        }
        let mut settings = Vec::new();
        if let Some(m) = &self.settings {
            let mut row = |k: &str, v: String| settings.push((k.to_string(), v));
            row("board", format!("{0}x{0}", m.size));
            row("komi", m.komi.to_string());
            if let Some(h) = m.handicap {
                row("handicap", format!("{h} stones (White first)"));
            }
            row("rules", m.rules.clone());
            row(
                "clock",
                match (m.time_settings, &m.overtime) {
                    (Some((main, inc, _)), Some(o)) if o == "fischer" => {
                        format!("{main} s + fischer {inc} s a move")
                    }
                    (Some((main, period, n)), Some(o)) => {
                        format!("{main} s + {o} {period} s / {n}")
                    }
                    (Some((main, period, n)), None) => format!("{main} {period} {n}"),
                    _ => "none".to_string(),
                },
            );
            row("move cap", m.max_moves.to_string());
            if let Some(r) = &m.referee {
                row("referee", r.clone());
            }
            if let Some(seed) = &m.seed {
                row(
                    "seed",
                    match seed {
                        Seed::Number(n) => n.to_string(),
                        Seed::Text(t) => t.clone(),
                    },
                );
            }
            for (name, command) in &m.commands.0 {
                row(&format!("engine {name}"), command.clone());
            }
        }
        if let Some(shard) = &self.shard {
            settings.push(("shard".to_string(), shard.clone()));
        }
        let n = self.engines.len();
        ReportInput {
            title: self.description.clone(),
            settings,
            engines: self.engines.iter().map(|t| t.name.clone()).collect(),
            cross: (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| {
                            let [wins, draws, losses] = self.cross[i][j];
                            (i != j && wins + draws + losses > 0).then_some(Cell {
                                wins,
                                draws,
                                losses,
                            })
                        })
                        .collect()
                })
                .collect(),
            ratings: if n == 2 {
                let elo = self.elo.as_ref().map(|e| EloRow {
                    elo: -e.value,
                    low: -e.high,
                    high: -e.low,
                });
                vec![
                    Some(EloRow {
                        elo: 0.0,
                        low: 0.0,
                        high: 0.0,
                    }),
                    elo,
                ]
            } else {
                self.ratings()
                    .into_iter()
                    .map(|r| {
                        r.map(|r| EloRow {
                            elo: r.elo,
                            low: r.low,
                            high: r.high,
                        })
                    })
                    .collect()
            },
            curve,
            sprt: self.sprt_state().map(|st| SprtCurve {
                elo0: st.test.elo0,
                elo1: st.test.elo1,
                alpha: st.test.alpha,
                beta: st.test.beta,
                lower: st.lower,
                upper: st.upper,
                points: llr_points,
                decision: format!("{} ({}, LLR {:.3})", st.decision.name(), st.model, st.llr),
            }),
            games: sorted
                .iter()
                .map(|g| GameRow {
                    number: g.game,
                    black: g.black.clone(),
                    white: g.white.clone(),
                    result: g.result.clone(),
                    winner: g.winner.clone(),
                    reason: g.reason.clone(),
                    moves: g.moves,
                    opening: g
                        .opening
                        .as_ref()
                        .map(|o| format!("{}: {}", o.index, o.moves)),
                    sgf: g.sgf.clone(),
                })
                .collect(),
        }
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
        let a = &self.engines[0];
        let b = self.opponent();
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
            a.name, a.wins, a.draws, a.losses, b, elo
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
                    first,
                    first_game,
                    last,
                    last_game,
                    max,
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
            opponent: self.opponent(),
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
        let (a, b) = (&self.engines[0].name, &self.opponent());
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
            cross_table: (self.engines.len() > 2).then(|| {
                let mut v = Vec::new();
                for (i, row) in self.cross.iter().enumerate() {
                    for (j, &[wins, draws, losses]) in row.iter().enumerate() {
                        if i != j && wins + draws + losses > 0 {
                            v.push(CrossLine {
                                engine: self.engines[i].name.clone(),
                                opponent: self.engines[j].name.clone(),
                                wins,
                                draws,
                                losses,
                            });
                        }
                    }
                }
                v
            }),
            ratings: (self.engines.len() > 2).then(|| {
                PerEngine(
                    self.engines
                        .iter()
                        .zip(self.ratings())
                        .map(|(t, r)| {
                            let line = r.map(|r| RatingLine {
                                elo: finite(round_to(r.elo, 1)),
                                low: finite(round_to(r.low, 1)),
                                high: finite(round_to(r.high, 1)),
                            });
                            (t.name.clone(), line)
                        })
                        .collect(),
                )
            }),
            pentanomial: self.paired().then(|| self.pentanomial()),
            sprt: self.sprt_state().map(|st| SprtLine {
                elo0: st.test.elo0,
                elo1: st.test.elo1,
                alpha: st.test.alpha,
                beta: st.test.beta,
                model: st.model.to_string(),
                llr: round_to(st.llr, 4),
                lower: round_to(st.lower, 4),
                upper: round_to(st.upper, 4),
                decision: st.decision.name().to_string(),
            }),
            shard: self.shard.clone(),
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
        let (a, b) = (&self.engines[0].name, &self.opponent());
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
        if self.engines.len() > 2 {
            s.push_str(&self.cross_lines(w));
        }
        if let Some(st) = self.sprt_state() {
            s.push_str(&st.line(self.pentanomial()));
            s.push('\n');
        }
        if let Some(shard) = &self.shard {
            s.push_str(&format!(
                "shard {shard}: the SPRT stops nothing in a shard; merge the shards for the \
                 whole match\n"
            ));
        }
        s.push_str(&self.usage_lines(w));
        s
    }

    /// The cross table (each engine's score against each other one) and the Bradley-Terry
    /// Elo of every engine relative to the first.
    fn cross_lines(&self, w: usize) -> String {
        let mut s = format!("{:w$} ", "cross");
        for t in &self.engines {
            s.push_str(&format!(" {:>9}", shorten_name(&t.name, 9)));
        }
        s.push_str(&format!(" {:>22}\n", "Elo (95%)"));
        let ratings = self.ratings();
        for (i, t) in self.engines.iter().enumerate() {
            s.push_str(&format!("{:w$} ", t.name));
            for (j, &[wins, draws, losses]) in self.cross[i].iter().enumerate() {
                let cell = if i == j || wins + draws + losses == 0 {
                    "-".to_string()
                } else {
                    format!("{}", f64::from(wins) + 0.5 * f64::from(draws))
                        + "/"
                        + &(wins + draws + losses).to_string()
                };
                s.push_str(&format!(" {cell:>9}"));
            }
            let elo = match ratings.get(i).copied().flatten() {
                Some(r) if i == 0 => format!("{:+.0}", r.elo),
                Some(r) => format!(
                    "{} [{}, {}]",
                    stats::fmt_elo(r.elo),
                    stats::fmt_elo(r.low),
                    stats::fmt_elo(r.high)
                ),
                None => "-".to_string(),
            };
            s.push_str(&format!(" {elo:>22}\n"));
        }
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
                    t.name, first, last, max,
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

/// The pentanomial class of a game pair from the points of its two games (1, 0.5 or 0
/// each): 0 to 4, the points of the pair in halves.
fn pair_class(a: f64, b: f64) -> usize {
    (((a + b) * 2.0).round() as usize).min(4)
}

/// `name` cut to `max` characters for a table column.
fn shorten_name(name: &str, max: usize) -> String {
    name.chars().take(max).collect()
}

/// Engine `name`'s value in a per-engine record, if there is one.
fn per_engine<T: Copy>(p: &Option<PerEngine<T>>, name: &str) -> Option<T> {
    p.as_ref().and_then(|p| p.get(name)).copied()
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
    use crate::arena::game::GameOutcome;
    use crate::arena::record::game_line;

    fn ab() -> Vec<String> {
        vec!["a".to_string(), "b".to_string()]
    }

    #[test]
    fn summary_counts_and_formats() {
        let mut s = Summary::new(&ab(), "test".into(), None);
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
            round: 0,
            seed: 0,
            opening: None,
        };
        use game::Ending::*;
        s.record(&game_line(&mk("a", "b", Some(Color::Black), Score)));
        s.record(&game_line(&mk("b", "a", Some(Color::Black), Forfeit)));
        s.record(&game_line(&mk("a", "b", None, Score)));
        s.record(&game_line(&mk("b", "a", None, Void)));
        let [a, b] = &s.engines[..] else {
            panic!("two engines")
        };
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
            round: 0,
            seed: 0,
            opening: None,
        }
    }

    #[test]
    fn handicap_labels_memory_and_clock_use() {
        let mut s = Summary::new(&ab(), "h".into(), Some(settings(Some(2))));
        // finished out of order, as with --parallel; a's memory only in games 2 to 4
        s.record(&game_line(&used(3, true, [Some(30 * 1024), Some(1024)])));
        s.record(&game_line(&used(2, false, [Some(2048), Some(20 * 1024)])));
        s.record(&game_line(&used(4, false, [Some(1024), Some(25 * 1024)])));
        s.record(&game_line(&used(1, true, [None, Some(1024)])));
        let a = &s.engines[0];
        assert_eq!(a.rss_first, Some((2, 20.0)));
        assert_eq!(a.rss_last, Some((4, 25.0)));
        assert_eq!(a.rss_max, Some(30.0));
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
        let plain = Summary::new(&ab(), "p".into(), Some(settings(None)));
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
