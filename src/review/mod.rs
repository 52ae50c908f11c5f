//! `tengen review FILE.sgf... [--playouts N | --seconds S] [--out FILE] [--graph FILE.svg]`:
//! a whole-game review. Every position of a record (before each move, and the last one) is
//! searched by the engine ([`crate::engine::Engine::analyze`], one thread each, seeded, so
//! that a review at a playout count gives the same numbers on every machine), `--searches`
//! times with a share of the budget each, pooled ([`pool`]); the positions are spread over
//! every core with rayon. The reviewed record is written as a new SGF: each move carries
//! its win rate and score lead in its comment and in Lizzie's `LZ` property
//! ([`annotate`]). What each move lost is read from those searches ([`loss`]): the game's
//! own line backward as a lower bound of every position's value, and the move played
//! against the engine's choice and the search's own lead within one search. The positions
//! around each side's largest losses and around every move that loses more than
//! `--mistake` of the win rate are searched again, `--recheck` times longer, before the
//! moves are judged; the mistakes are marked (`BM`) with the engine's line as a variation,
//! and a summary is printed (mistakes per side, each side's biggest losses). `--graph`
//! draws the win rate as an SVG ([`graph`]).
//!
//! It is a tool above the engine, as the match runner is: it drives [`crate::engine`] and
//! [`crate::sgf`], and the engine never imports it.

pub mod annotate;
pub mod graph;
pub mod loss;
pub mod pool;

use crate::board::{Color, Vertex};
use crate::engine::{Analysis, Engine, EngineOptions};
use crate::rules::{parse_rules_name, Preset, Rules};
use crate::sgf::{self, GameRecord};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Playouts per position when neither `--playouts` nor `--seconds` is given (docs/review.md,
/// "Time", gives what a review then takes).
pub const DEFAULT_PLAYOUTS: u64 = 3000;

/// The share of the win rate a move must lose to be marked a mistake, by default.
pub const DEFAULT_MISTAKE: f64 = 0.1;

/// Candidate moves kept per position (for Lizzie's `LZ` and the comments).
const CANDIDATES: usize = 5;

/// Options of `tengen review`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReviewArgs {
    /// Game records (SGF) to review.
    #[arg(required = true, value_name = "FILE.sgf")]
    pub files: Vec<PathBuf>,
    /// Playouts per position [default: 3000].
    #[arg(long, value_name = "N", conflicts_with = "seconds",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub playouts: Option<u64>,
    /// Seconds of one core per position instead of a playout count (the numbers then
    /// depend on the machine).
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub seconds: Option<f64>,
    /// Where to write the reviewed record [default: NAME-review.sgf beside the input]; with
    /// several inputs, a folder.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Also draw the win rate as an SVG graph in FILE.svg; with several inputs, a folder.
    #[arg(long, value_name = "FILE.svg")]
    pub graph: Option<PathBuf>,
    /// Mark a move as a mistake when it loses more than this share of the win rate (0 to 1).
    #[arg(long, value_name = "SHARE", default_value_t = DEFAULT_MISTAKE, value_parser = parse_share)]
    pub mistake: f64,
    /// Rules to search under (a preset name); default: the record's RU, else chinese.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Komi; default: the record's KM.
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = parse_komi)]
    pub komi: Option<f64>,
    /// Positions searched at once [default: the number of cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Seed of the searches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Independent searches of each position (seeds apart), the budget shared among them
    /// and their results pooled: two searches differ mostly by the path their trees take,
    /// which more playouts in one search barely narrow.
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SEARCHES,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub searches: u64,
    /// Search the positions around each candidate mistake again with this many times the
    /// budget before judging it (1: no second search).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_RECHECK,
          value_parser = clap::value_parser!(u64).range(1..=100))]
    pub recheck: u64,
}

/// Independent searches a position gets by default, each with its share of the budget.
pub const DEFAULT_SEARCHES: u64 = 4;

/// How many times longer the second search of a candidate mistake's positions is.
pub const DEFAULT_RECHECK: u64 = 6;

/// How many times the first pass's searches a light reading of a position is
/// ([`loss::Recheck::Light`]), at most `--recheck`: a sixth of a tier's at the default.
pub const LIGHT_RECHECK: u64 = 1;

/// The most light readings a position gets ([`loss::Recheck::Light`]), one a round while
/// a loss it serves stays within [`loss::LIGHT_ERRORS`] of its side's last listed one:
/// after a single one, a loss that another run lists could read more than 2 points lower
/// (on pachi19-2026-11-27-g1, O2 (move 135) read 2.0 and 1.9 with seeds 4 and 5 against 4.2
/// listed with seed 1, F5 (move 195) 2.6 with seed 3 against 4.7 with seed 5).
pub const LIGHT_READINGS: u8 = 3;

/// What second searches a position has had: full tiers, and how many light readings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Had {
    /// Tiers of `--recheck` times the first pass each.
    pub tiers: u8,
    /// Light readings ([`LIGHT_RECHECK`] each), at most [`LIGHT_READINGS`].
    pub lights: u8,
}

/// A second search of a position: its `n`th light reading, or its tier `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reading {
    /// The `n`th light reading ([`LIGHT_RECHECK`] times the first pass), from 1.
    Light(u8),
    /// Tier `n` (`--recheck` times the first pass), from 1.
    Tier(u8),
}

/// How many times the first pass's searches a light reading is with `--recheck` `recheck`.
fn light_recheck(recheck: u64) -> u64 {
    LIGHT_RECHECK.min(recheck)
}

impl Had {
    /// How many first passes' worth of searches a position has had, with `--recheck`
    /// `recheck`: the first pass, its tiers and its light readings.
    fn first_passes(self, recheck: u64) -> f64 {
        let light = light_recheck(recheck) * u64::from(self.lights);
        (1 + recheck * u64::from(self.tiers) + light) as f64
    }
}

/// Rounds of second searches at most: each round rechecks the candidates the previous one
/// left (a recheck can raise another move's loss).
const RECHECK_ROUNDS: usize = 8;

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 3600.0 => Ok(t),
        _ => Err("expected seconds above 0, at most 3600".into()),
    }
}

fn parse_share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err("expected a share from 0 to 1, such as 0.1".into()),
    }
}

fn parse_komi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 1000.0 && (k * 2.0).fract() == 0.0 => Ok(k),
        _ => Err("expected a komi such as 6.5 (a multiple of 0.5)".into()),
    }
}

/// How much each position is searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// A fixed number of playouts (the same numbers on every machine).
    Playouts(u64),
    /// Seconds of one core.
    Seconds(f64),
}

impl Budget {
    /// This budget `n` times over.
    pub fn times(self, n: u64) -> Budget {
        match self {
            Budget::Playouts(p) => Budget::Playouts(p.saturating_mul(n)),
            Budget::Seconds(s) => Budget::Seconds(s * n as f64),
        }
    }

    /// One of `k` equal shares of this budget (at least one playout).
    pub fn share(self, k: u64) -> Budget {
        let k = k.max(1);
        match self {
            Budget::Playouts(p) => Budget::Playouts((p / k).max(1)),
            Budget::Seconds(s) => Budget::Seconds(s / k as f64),
        }
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n} playouts"),
            Budget::Seconds(s) => write!(f, "{s} s"),
        }
    }
}

/// One candidate move of a searched position, from the searching colour's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move (`None`: pass).
    pub mv: Option<Vertex>,
    /// Playouts through it.
    pub visits: u64,
    /// Its win rate, 0..1.
    pub winrate: f64,
    /// Its lower confidence bound, 0..1.
    pub lcb: f64,
    /// Its prior, 0..1.
    pub prior: f64,
    /// Its mean score margin.
    pub lead: f64,
    /// Its principal variation, the move first.
    pub pv: Vec<Option<Vertex>>,
}

/// What the search said about one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval {
    /// The colour searched for (the next move's, in the record).
    pub color: Color,
    /// Playouts run.
    pub playouts: u64,
    /// Black's win rate, 0..1.
    pub black_winrate: f64,
    /// Black's score lead (negative: White leads).
    pub black_lead: f64,
    /// The most visited moves, best first, from `color`'s view.
    pub candidates: Vec<Candidate>,
    /// The record's move from this position as this search saw it (`None`: not searched,
    /// or no move follows).
    pub played: Option<Candidate>,
    /// How many points the record's move scored below the root within the searches, and the
    /// standard error of that ([`pool::below_root`]; `None`: not searched, or no move follows).
    pub played_below: Option<(f64, f64)>,
    /// The standard error of `black_lead` from the spread between the position's independent
    /// searches, shrunk toward the spread of the positions around it (set with second
    /// searches only; 0 without).
    pub lead_error: f64,
    /// Whether this is the second, longer search of the position.
    pub deep: bool,
}

/// A reviewed game: the record and the evaluation of every position, `evals[i]` the
/// position after `i` moves (so `evals[0]` is before the first move).
#[derive(Clone, Debug)]
pub struct Review {
    /// The record, as read (with `--komi` applied).
    pub record: GameRecord,
    /// The rules searched under (their name).
    pub rules: String,
    /// How much each position was searched.
    pub budget: Budget,
    /// The mistake threshold (a share of the win rate).
    pub threshold: f64,
    /// One evaluation per position, moves + 1 of them.
    pub evals: Vec<Eval>,
    /// How many times longer the second searches were (1: none).
    pub recheck: u64,
}

/// One move's verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveVerdict {
    /// 1-based move number.
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The move (`None`: pass).
    pub mv: Option<Vertex>,
    /// The share of the win rate the mover lost by it, 0..1 ([`loss`]: never negative).
    pub loss: f64,
    /// The points of score lead the mover lost by it (never negative).
    pub points: f64,
    /// Whether the positions before and after it had the second, longer search.
    pub rechecked: bool,
    /// Whether it is marked a mistake: it loses more than the threshold.
    pub mistake: bool,
}

impl Review {
    /// The verdict on every move, in order.
    pub fn verdicts(&self) -> Vec<MoveVerdict> {
        self.verdicts_on(&loss::line_values(&self.record.moves, &self.evals))
    }

    /// [`Review::verdicts`] with the game's line already read.
    fn verdicts_on(&self, line: &loss::Line) -> Vec<MoveVerdict> {
        self.record
            .moves
            .iter()
            .enumerate()
            .filter_map(|(i, &(color, mv))| {
                let (loss, points) = loss::of_move(color, i, &self.evals, line)?;
                let rechecked = self.evals.get(i)?.deep && self.evals.get(i + 1)?.deep;
                Some(MoveVerdict {
                    number: i + 1,
                    color,
                    mv,
                    loss,
                    points,
                    rechecked,
                    mistake: loss > self.threshold,
                })
            })
            .collect()
    }

    /// The mistakes of Black and of White.
    pub fn mistakes(&self) -> [usize; 2] {
        let mut n = [0; 2];
        for v in self.verdicts().iter().filter(|v| v.mistake) {
            n[v.color.index()] += 1;
        }
        n
    }

    /// The `n` moves of `color` that lost the most, biggest first ([`loss::listed_order`]:
    /// points, then win rate; only moves that lost).
    pub fn biggest_losses(&self, color: Color, n: usize) -> Vec<MoveVerdict> {
        let verdicts = self.verdicts();
        loss::listed_order(&loss_table(&verdicts), color)
            .into_iter()
            .take(n)
            .filter_map(|i| verdicts.get(i).cloned())
            .collect()
    }

    /// The summary printed for this game (several lines, each ending in a newline).
    pub fn summary(&self) -> String {
        let m = self.mistakes();
        let mut s = format!(
            "  mistakes (lose more than {}): Black {}, White {}\n",
            annotate::percent(self.threshold),
            m[0],
            m[1]
        );
        for color in [Color::Black, Color::White] {
            let losses = self.biggest_losses(color, loss::LISTED);
            let name = annotate::color_name(color);
            if losses.is_empty() {
                s.push_str(&format!("  {name}: no move lost win rate\n"));
                continue;
            }
            let items: Vec<String> = losses
                .iter()
                .map(|v| {
                    format!(
                        "{} {} -{:.1} points ({})",
                        v.number,
                        annotate::vertex_text(v.mv),
                        v.points,
                        annotate::percent(v.loss)
                    )
                })
                .collect();
            s.push_str(&format!(
                "  {name}'s biggest losses: {}\n",
                items.join(", ")
            ));
        }
        let again = self.evals.iter().filter(|e| e.deep).count();
        if again > 0 {
            s.push_str(&format!(
                "  searched again: {again} position{} around the candidate mistakes, at {} a \
                 tier{}\n",
                if again == 1 { "" } else { "s" },
                self.budget.times(self.recheck),
                if self.recheck > LIGHT_RECHECK {
                    format!(" ({} a light reading)", self.budget.times(LIGHT_RECHECK))
                } else {
                    String::new()
                }
            ));
        }
        if let Some(last) = self.evals.last() {
            s.push_str(&format!(
                "  at the end: Black {}, {}\n",
                annotate::percent(last.black_winrate),
                annotate::lead_text(last.black_lead)
            ));
        }
        s
    }
}

/// Each move's mover, win-rate loss and points lost, as [`loss`] ranks them.
fn loss_table(verdicts: &[MoveVerdict]) -> Vec<(Color, f64, f64)> {
    verdicts
        .iter()
        .map(|v| (v.color, v.loss, v.points))
        .collect()
}

/// The evaluation of `report` (a search for `color`) on a `size` board, where the record
/// went on with `next`.
fn eval_of(
    report: &crate::search::Report,
    color: Color,
    size: usize,
    next: Option<Option<Vertex>>,
) -> Eval {
    let black = color == Color::Black;
    let vertex = |p: Option<crate::board::Point>| p.map(|p| p.vertex(size));
    let candidate = |m: &crate::search::MoveInfo| Candidate {
        mv: vertex(m.mv),
        visits: m.visits,
        winrate: m.winrate,
        lcb: m.lcb,
        prior: m.prior,
        lead: m.score_lead,
        pv: m.pv.iter().map(|&p| vertex(p)).collect(),
    };
    Eval {
        color,
        playouts: report.playouts,
        black_winrate: if black {
            report.winrate
        } else {
            1.0 - report.winrate
        },
        black_lead: if black {
            report.score_lead
        } else {
            -report.score_lead
        },
        candidates: report
            .moves
            .iter()
            .take(CANDIDATES)
            .map(candidate)
            .collect(),
        played: next.and_then(|n| {
            report
                .moves
                .iter()
                .find(|m| vertex(m.mv) == n)
                .map(candidate)
        }),
        played_below: None,
        lead_error: 0.0,
        deep: false,
    }
}

/// A record ready to review: read, rules chosen, every move checked legal.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The record.
    pub record: GameRecord,
    /// The rules to search under and their name.
    pub rules: (Rules, String),
}

/// Reads `path` and prepares it: parses the SGF, applies `--rules` and `--komi` (else the
/// record's RU and KM; chinese when RU is absent or unknown), and replays every move once so
/// that an illegal move is an error here, with its number.
pub fn prepare(path: &Path, args: &ReviewArgs) -> Result<Prepared, String> {
    let bytes =
        crate::files::read(path, crate::files::SGF).map_err(|e| format!("cannot open: {e}"))?;
    prepare_text(&String::from_utf8_lossy(&bytes), args)
}

/// [`prepare`] on the text of a record.
pub fn prepare_text(text: &str, args: &ReviewArgs) -> Result<Prepared, String> {
    let mut record = sgf::parse(text).map_err(|e| e.to_string())?;
    if let Some(k) = args.komi {
        record.komi = k;
    }
    let rules = match &args.rules {
        Some(name) => parse_rules_name(name)
            .ok_or_else(|| format!("unknown rules {name:?} (known: {})", Preset::names()))?,
        None => record
            .rules
            .as_deref()
            .and_then(parse_rules_name)
            .unwrap_or_else(|| (Rules::preset(Preset::Chinese), "chinese".to_string())),
    };
    record.to_game(rules.0, None).map_err(|e| e.to_string())?;
    // written fields that the reviewed record would carry over wrongly
    record.territory_black.clear();
    record.territory_white.clear();
    record.end_comment = None;
    Ok(Prepared { record, rules })
}

/// The colour searched for in the position after `i` moves: the next move's in the record,
/// or after the last move the other side (the side to move when there are no moves).
fn color_at(rec: &GameRecord, i: usize, first: Color) -> Color {
    match (
        rec.moves.get(i),
        i.checked_sub(1).and_then(|j| rec.moves.get(j)),
    ) {
        (Some(&(c, _)), _) => c,
        (None, Some(&(c, _))) => c.opponent(),
        (None, None) => first,
    }
}

/// The engine options of a review's `k`-th search of a position: one thread, seeded (the
/// first search with `--seed` itself), no book.
fn engine_options(args: &ReviewArgs, k: u64) -> EngineOptions {
    let mut o = EngineOptions::default();
    o.settings.think.threads = 1;
    o.settings.think.seed = args
        .seed
        .wrapping_add(k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    o.settings.book = false;
    o
}

/// The budget `args` ask for.
pub fn budget(args: &ReviewArgs) -> Budget {
    match (args.seconds, args.playouts) {
        (Some(s), _) => Budget::Seconds(s),
        (None, p) => Budget::Playouts(p.unwrap_or(DEFAULT_PLAYOUTS)),
    }
}

/// A position's pooled searches: the colour searched for, the pooled report, the move
/// played's paired runs ([`pool::paired_runs`]) and each search's playouts and root lead,
/// kept so that a later search of the position pools with them.
struct Searched {
    color: Color,
    report: crate::search::Report,
    runs: Vec<(f64, f64)>,
    roots: Vec<(f64, f64)>,
}

impl Searched {
    /// These searches and `other`'s pooled into one.
    fn merge(self, other: Searched) -> Searched {
        let both = [self.report, other.report];
        let report = pool::pool(&both).unwrap_or_else(|| both[0].clone());
        let mut runs = self.runs;
        runs.extend(other.runs);
        let mut roots = self.roots;
        roots.extend(other.roots);
        Searched {
            color: self.color,
            report,
            runs,
            roots,
        }
    }

    /// The evaluation of the position after `i` moves of `p` from these searches.
    fn eval(&self, p: &Prepared, i: usize) -> Eval {
        let next = p.record.moves.get(i).map(|&(_, mv)| mv);
        let mut eval = eval_of(&self.report, self.color, p.record.size, next);
        if next.is_some() {
            eval.played_below = pool::mean_and_error(&self.runs);
        }
        eval
    }
}

/// How many degrees of freedom the spread of the positions around one counts for in its
/// lead's error ([`lead_errors`]): with four, the z of two runs' first-pass readings of a
/// position fell beyond 3 about one time in 300 on pachi19-2026-11-27-g1 (one in 40 to 60
/// from the position's own four searches alone; docs/review.md, "Time").
const PRIOR_DF: f64 = 4.0;

/// How many positions either side of one make the spread its own is shrunk toward: the
/// spread falls through a game (in the opening four times the endgame's).
const PRIOR_WINDOW: usize = 8;

/// Each position's lead error from `roots[i]`, its searches' (playouts, root lead): the
/// spread per playout of its own searches shrunk toward that of the positions within
/// [`PRIOR_WINDOW`] moves ([`pool::shrunk_error`], [`PRIOR_DF`]), each of those counted by
/// its degrees of freedom.
fn lead_errors(roots: &[&[(f64, f64)]]) -> Vec<f64> {
    let spreads: Vec<Option<(f64, f64)>> =
        roots.iter().map(|r| pool::spread_per_playout(r)).collect();
    (0..roots.len())
        .map(|i| {
            let near =
                &spreads[i.saturating_sub(PRIOR_WINDOW)..(i + PRIOR_WINDOW + 1).min(roots.len())];
            let (sum, df) = near
                .iter()
                .flatten()
                .fold((0.0, 0.0), |(s, n), (v, d)| (s + v * d, n + d));
            let prior = if df > 0.0 { sum / df } else { 0.0 };
            pool::shrunk_error(roots[i], prior, PRIOR_DF)
        })
        .collect()
}

/// The pooled searches ([`pool::pool`]) of the position after `i` moves of `p`, from each
/// search's colour and report in seed order.
fn searched_from(p: &Prepared, i: usize, found: Vec<Found>) -> Result<Searched, String> {
    let (colors, reports): (Vec<Color>, Vec<crate::search::Report>) = found.into_iter().unzip();
    let (Some(&color), Some(report)) = (colors.first(), pool::pool(&reports)) else {
        return Err(format!("no search of the position after {i} moves"));
    };
    let size = p.record.size;
    let runs = match p.record.moves.get(i) {
        Some(&(_, n)) => pool::paired_runs(&reports, |m| m.mv.map(|q| q.vertex(size)) == n),
        None => Vec::new(),
    };
    let roots: Vec<(f64, f64)> = reports
        .iter()
        .map(|r| (r.playouts as f64, r.score_lead))
        .collect();
    log::trace!("position {i}: each search's playouts and root lead {roots:.2?}");
    log::trace!("position {i}: the move played's visits and paired difference {runs:.2?}");
    Ok(Searched {
        color,
        report,
        runs,
        roots,
    })
}

/// One search of the position after `i` moves of `p` with `engine`: the colour searched
/// for and the search's last report.
fn search_once(
    engine: &mut Engine,
    p: &Prepared,
    i: usize,
    budget: Budget,
) -> Result<(Color, crate::search::Report), String> {
    engine
        .load(p.record.clone(), p.rules.0, &p.rules.1, Some(i + 1))
        .map_err(|e| e.to_string())?;
    let first = engine.game().to_move();
    let color = color_at(&p.record, i, first);
    let analysis = Analysis {
        interval: Duration::from_secs(3600),
        max_visits: match budget {
            Budget::Playouts(n) => Some(n),
            Budget::Seconds(_) => None,
        },
        max_time: match budget {
            Budget::Seconds(s) => Some(Duration::from_secs_f64(s)),
            Budget::Playouts(_) => None,
        },
        ..Analysis::default()
    };
    let stop = AtomicBool::new(false);
    let mut last = None;
    engine.analyze(color, &analysis, &stop, &mut |r| last = Some(r.clone()));
    let report = engine
        .last_report()
        .cloned()
        .or(last)
        .ok_or_else(|| format!("no search report for the position after {i} moves"))?;
    Ok((color, report))
}

/// What [`review_all`] tells its caller as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A position was searched, worth this many first-pass searches (a second search
    /// `--recheck` of them).
    Searched(u64),
    /// This many more positions are to be searched again.
    Queued(u64),
}

/// One search's colour and report ([`search_once`]).
type Found = (Color, crate::search::Report);

/// The most engines a review's worker keeps between its searches (one per seed number,
/// the oldest dropped first): a tier's searches of one position and the next reuse them.
const KEPT_ENGINES: usize = 32;

/// Each rayon worker's engines, kept across every task it runs ([`KEPT_ENGINES`] at most a
/// worker, by seed number): the searches are split one task each so that no worker idles
/// while another works through a long piece, and a worker's engines outlive the pieces.
struct Kept {
    slots: Vec<Mutex<Vec<(u64, Engine)>>>,
}

impl Kept {
    /// An empty slot for every worker of the current pool.
    fn new() -> Kept {
        let slots = (0..rayon::current_num_threads().max(1))
            .map(|_| Mutex::new(Vec::new()))
            .collect();
        Kept { slots }
    }

    /// The current worker's slot (a parallel iterator's tasks always run on a worker).
    fn slot(&self) -> std::sync::MutexGuard<'_, Vec<(u64, Engine)>> {
        let at = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        self.slots[at].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The engine of seed number `k` from the current worker's slot, made when it has none
    /// (taken out, so that the slot is not held while the engine searches).
    fn take(&self, args: &ReviewArgs, k: u64) -> Engine {
        let mut kept = self.slot();
        match kept.iter().position(|e| e.0 == k) {
            Some(at) => kept.remove(at).1,
            None => {
                drop(kept);
                Engine::new(&engine_options(args, k))
            }
        }
    }

    /// Gives the engine of seed number `k` back to the current worker's slot.
    fn put(&self, k: u64, engine: Engine) {
        let mut kept = self.slot();
        if kept.len() >= KEPT_ENGINES {
            kept.remove(0);
        }
        kept.push((k, engine));
    }
}

/// What the searches `seeds` of one position are worth in first-pass positions of
/// `searches` searches each (the progress bar's unit).
fn worth(seeds: &std::ops::Range<u64>, searches: u64) -> u64 {
    (seeds.end - seeds.start) / searches.max(1)
}

/// Searches the positions `jobs` (game, position, the searches' seed numbers) of `games`,
/// each search a `share` of the budget and a task of its own spread over the rayon pool (a
/// position's searches need not wait for one worker, and no worker idles while another
/// works through a long piece of the list: rayon splits it down to single tasks; each
/// worker keeps its engines across them, [`Kept`]), then pools each position's searches
/// in seed order; `progress` told, as a position's last search ends, what it was worth in
/// first-pass positions of `searches` searches each.
fn search_all(
    games: &[Prepared],
    jobs: &[(usize, usize, std::ops::Range<u64>)],
    args: &ReviewArgs,
    (share, searches): (Budget, u64),
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<((usize, usize), Result<Searched, String>)> {
    let tasks: Vec<(usize, u64)> = jobs
        .iter()
        .enumerate()
        .flat_map(|(j, (_, _, seeds))| seeds.clone().map(move |k| (j, k)))
        .collect();
    let kept = Kept::new();
    let found: Vec<(usize, Result<Found, String>)> = tasks
        .par_iter()
        .with_max_len(1)
        .map(|&(j, k)| {
            let (g, i, seeds) = &jobs[j];
            let mut engine = kept.take(args, k);
            let r = search_once(&mut engine, &games[*g], *i, share);
            kept.put(k, engine);
            if k + 1 == seeds.end {
                progress(Progress::Searched(worth(seeds, searches)));
            }
            (j, r)
        })
        .collect();
    let mut per_job: Vec<Result<Vec<Found>, String>> =
        (0..jobs.len()).map(|_| Ok(Vec::new())).collect();
    for (j, r) in found {
        match (&mut per_job[j], r) {
            (Ok(reports), Ok(one)) => reports.push(one),
            (slot @ Ok(_), Err(e)) => *slot = Err(e),
            (Err(_), _) => {}
        }
    }
    jobs.iter()
        .zip(per_job)
        .map(|((g, i, _), r)| ((*g, *i), r.and_then(|f| searched_from(&games[*g], *i, f))))
        .collect()
}

/// What one move's loss rests on, for [`recheck_positions`]: the positions it depends on
/// ([`loss::Line::sources`]), the second-search tiers each has had and their leads'
/// standard errors (each times the share the sources give it), and the error of the
/// measure within the search before the move where that may decide the loss
/// ([`loss::search_error`]).
struct LossParts {
    sources: Vec<usize>,
    tiers: Vec<u8>,
    errors: Vec<f64>,
    /// Whether each source is only one the line passed over (a share below 1): searched
    /// for a listed loss only.
    passed: Vec<bool>,
    searched: Option<f64>,
}

impl LossParts {
    /// The standard error of the move's points: its positions' in quadrature, or the
    /// search's own where that is larger.
    fn error(&self) -> f64 {
        let line = loss::in_quadrature(&self.errors);
        self.searched.map_or(line, |s| s.max(line))
    }
}

/// The positions of `review` to search again, with the second search each gets (its next
/// tier, or its next light reading, [`Reading`]): every position the loss of a
/// candidate depends on ([`loss::Line::sources`]: before and after the move, the later
/// positions the game's line took their values from, and those it passed over that a
/// surer reading may make it stop at) that has had fewer second searches
/// than the candidate wants ([`loss::wanted_rechecks`], then [`loss::tiers_wanted`] from how
/// sure the positions' leads are, for an unsure listed loss [`loss::deepen`]'s choice of
/// the positions that narrow it most, and the position before the move from how sure the
/// measure within its search is where that may decide the loss, [`loss::search_error`]);
/// `done(i)` tells what position `i` has had. A light reading goes to the positions of a
/// [`loss::Recheck::Light`] candidate that have had no tier and the fewest light readings
/// among them, while that is below [`LIGHT_READINGS`].
fn recheck_positions(review: &Review, done: impl Fn(usize) -> Had) -> Vec<(usize, Reading)> {
    let line = loss::line_values(&review.record.moves, &review.evals);
    let verdicts = review.verdicts_on(&line);
    let parts: Vec<LossParts> = verdicts
        .iter()
        .map(|v| {
            let (sources, shares): (Vec<usize>, Vec<f64>) = line
                .sources(v.number - 1, &review.evals)
                .into_iter()
                .filter(|&(j, _)| j < review.evals.len())
                .unzip();
            let (tiers, errors) = sources
                .iter()
                .zip(&shares)
                .map(|(&j, share)| (done(j).tiers, share * review.evals[j].lead_error))
                .unzip();
            let passed = shares.iter().map(|&share| share < 1.0).collect();
            let searched = loss::search_error(v.color, v.number - 1, &review.evals, &line);
            LossParts {
                sources,
                tiers,
                errors,
                passed,
                searched,
            }
        })
        .collect();
    let move_errors: Vec<f64> = parts.iter().map(LossParts::error).collect();
    for (v, e) in verdicts
        .iter()
        .zip(&move_errors)
        .filter(|(v, _)| v.points > 0.0)
    {
        log::trace!(
            "move {}: {:.2} points lost, error {e:.2}",
            v.number,
            v.points
        );
    }
    let wanted = loss::wanted_rechecks(&loss_table(&verdicts), &move_errors, review.threshold);
    let tiers_of = |j: usize| done(j).tiers;
    let mut at: Vec<(usize, Reading)> = verdicts
        .iter()
        .zip(wanted)
        .zip(parts)
        .filter(|&((_, how), _)| how != loss::Recheck::No)
        .flat_map(|((v, how), p)| {
            let LossParts {
                sources,
                tiers,
                errors,
                passed,
                searched,
            } = p;
            // the positions the line passed over are searched for a listed loss only, the
            // one that must repeat (a review of a 250-move game took 15% longer with them
            // for all)
            let core = |k: &usize| !passed.get(*k).copied().unwrap_or(false);
            if how == loss::Recheck::Light {
                log::debug!("move {}: {how:?}, tiers {tiers:?}", v.number);
                let fresh: Vec<usize> = sources
                    .into_iter()
                    .enumerate()
                    .filter(|(k, j)| core(k) && done(*j).tiers == 0)
                    .map(|(_, j)| j)
                    .collect();
                let Some(least) = fresh.iter().map(|&j| done(j).lights).min() else {
                    return vec![];
                };
                if least >= LIGHT_READINGS {
                    return vec![];
                }
                return fresh
                    .into_iter()
                    .filter(|&j| done(j).lights == least)
                    .map(|j| (j, Reading::Light(least + 1)))
                    .collect();
            }
            // an unsure listed loss whose positions have all had a tier: the ones that
            // narrow it most, each once, the ones the line passed over among them by their
            // share of the error; any other: those short of the tiers it wants, not the
            // ones passed over
            let (core_tiers, core_errors): (Vec<u8>, Vec<f64>) = tiers
                .iter()
                .zip(&errors)
                .enumerate()
                .filter(|(k, _)| core(k))
                .map(|(_, (&t, &e))| (t, e))
                .unzip();
            let least = core_tiers.iter().copied().min().unwrap_or(0);
            let deeper: Vec<bool> = if how == loss::Recheck::UntilSure && least >= 1 {
                let read: Vec<f64> = sources
                    .iter()
                    .map(|&j| done(j).first_passes(review.recheck))
                    .collect();
                loss::deepen(
                    &errors,
                    &read,
                    &tiers,
                    review.recheck as f64,
                    loss::MAX_TIERS,
                )
            } else {
                let want = loss::tiers_wanted(how, &core_tiers, &core_errors, loss::MAX_TIERS);
                (0..tiers.len())
                    .map(|k| core(&k) && tiers[k] < want)
                    .collect()
            };
            // the measure within the search before the move rests on that position alone
            let i = v.number - 1;
            let in_search = searched.map_or(0, |se| {
                loss::tiers_wanted(how, &[tiers_of(i)], &[se], loss::MAX_SEARCH_TIERS)
            });
            log::debug!(
                "move {}: {how:?}, tiers {tiers:?}, lead errors {errors:.2?}, in search \
                 {searched:.2?}: deeper {deeper:?}, {in_search} before it",
                v.number
            );
            sources
                .into_iter()
                .zip(deeper)
                .filter(|&(j, deeper)| deeper || (j == i && tiers_of(i) < in_search))
                .map(|(j, _)| (j, Reading::Tier(tiers_of(j) + 1)))
                .collect()
        })
        .collect();
    at.sort_unstable();
    at.dedup();
    // a position a tier goes to needs no light reading in the same round
    let tiered: Vec<usize> = at
        .iter()
        .filter(|p| matches!(p.1, Reading::Tier(_)))
        .map(|p| p.0)
        .collect();
    at.retain(|&(j, how)| matches!(how, Reading::Tier(_)) || !tiered.contains(&j));
    at
}

/// Reviews prepared records: every position of every record searched, spread over the
/// rayon pool (one engine per worker), then the positions around the candidate mistakes
/// searched again `--recheck` times longer, in rounds until none is left (at most
/// [`RECHECK_ROUNDS`]); `progress` is told of every search and of every round's positions.
pub fn review_all(
    games: &[Prepared],
    args: &ReviewArgs,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Result<Review, String>> {
    let budget = budget(args);
    let jobs: Vec<(usize, usize)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, p)| (0..=p.record.moves.len()).map(move |i| (g, i)))
        .collect();
    let mut per_game: Vec<Vec<Eval>> = vec![Vec::new(); games.len()];
    let mut errors: Vec<Option<String>> = vec![None; games.len()];
    let searches = args.searches.max(1);
    let first: Vec<(usize, usize, std::ops::Range<u64>)> =
        jobs.iter().map(|&(g, i)| (g, i, 0..searches)).collect();
    let share = budget.share(searches);
    // each position's pooled searches, the first pass's and every second search's after
    // them, and what second searches it has had (none kept when none will follow)
    let mut kept: HashMap<(usize, usize), (Searched, Had)> = HashMap::new();
    for ((g, i), r) in search_all(games, &first, args, (share, searches), progress) {
        match r {
            Ok(e) => {
                per_game[g].push(e.eval(&games[g], i));
                if args.recheck > 1 {
                    kept.insert((g, i), (e, Had::default()));
                }
            }
            Err(e) => {
                errors[g].get_or_insert(e);
            }
        }
    }
    let mut reviews: Vec<Result<Review, String>> = games
        .iter()
        .zip(per_game)
        .zip(errors)
        .map(|((p, evals), err)| match err {
            Some(e) => Err(e),
            None => Ok(Review {
                record: p.record.clone(),
                rules: p.rules.1.clone(),
                budget,
                threshold: args.mistake,
                evals,
                recheck: args.recheck,
            }),
        })
        .collect();
    if args.recheck <= 1 {
        return reviews;
    }
    let light = light_recheck(args.recheck);
    // the seeds of a tier, or of a light reading after every tier's
    let seeds_of = |how: Reading| {
        let (first, n) = match how {
            Reading::Light(k) => (
                u64::from(loss::MAX_SEARCH_TIERS) * args.recheck
                    + (u64::from(k).max(1) - 1) * light,
                light,
            ),
            Reading::Tier(t) => ((u64::from(t).max(1) - 1) * args.recheck, args.recheck),
        };
        searches * (1 + first)..searches * (1 + first + n)
    };
    for _ in 0..RECHECK_ROUNDS {
        set_lead_errors(&mut reviews, &kept);
        let mut jobs: Vec<(usize, usize, Reading)> = reviews
            .iter()
            .enumerate()
            .filter_map(|(g, r)| {
                let r = r.as_ref().ok()?;
                Some((
                    g,
                    recheck_positions(r, |i| kept.get(&(g, i)).map_or(Had::default(), |k| k.1)),
                ))
            })
            .flat_map(|(g, at)| at.into_iter().map(move |(i, how)| (g, i, how)))
            .collect();
        if jobs.is_empty() {
            break;
        }
        // every tier's and light reading's searches at once, each with seeds of its own;
        // one reading's positions together, so that a worker's engines serve the next one
        jobs.sort_by_key(|j| j.2);
        let at: Vec<(usize, usize, std::ops::Range<u64>)> = jobs
            .iter()
            .map(|&(g, i, how)| (g, i, seeds_of(how)))
            .collect();
        let queued = at.iter().map(|(_, _, k)| worth(k, searches)).sum();
        progress(Progress::Queued(queued));
        let found = search_all(games, &at, args, (share, searches), progress);
        for (((g, i), r), &(_, _, how)) in found.into_iter().zip(&jobs) {
            let Some(Ok(review)) = reviews.get_mut(g) else {
                continue;
            };
            match r {
                Ok(found) => {
                    let (pooled, mut had) = match kept.remove(&(g, i)) {
                        Some((old, had)) => (old.merge(found), had),
                        None => (found, Had::default()),
                    };
                    match how {
                        Reading::Light(k) => had.lights = k,
                        Reading::Tier(t) => had.tiers = t,
                    }
                    let mut e = pooled.eval(&games[g], i);
                    e.deep = true;
                    if let Some(slot) = review.evals.get_mut(i) {
                        *slot = e;
                    }
                    kept.insert((g, i), (pooled, had));
                }
                Err(e) => reviews[g] = Err(e),
            }
        }
    }
    set_lead_errors(&mut reviews, &kept);
    reviews
}

/// Every position's lead error from all its searches so far, `kept` by game and position,
/// and its neighbours' ([`lead_errors`]).
fn set_lead_errors(
    reviews: &mut [Result<Review, String>],
    kept: &HashMap<(usize, usize), (Searched, Had)>,
) {
    for (g, r) in reviews.iter_mut().enumerate() {
        let Ok(review) = r else {
            continue;
        };
        let roots: Vec<&[(f64, f64)]> = (0..review.evals.len())
            .map(|i| kept.get(&(g, i)).map_or(&[][..], |k| &k.0.roots[..]))
            .collect();
        for (e, se) in review.evals.iter_mut().zip(lead_errors(&roots)) {
            e.lead_error = se;
        }
    }
}

/// Where the output of `input` goes: `given` itself for one input, `given/NAME-review.EXT`
/// when `given` is a folder (required with several inputs), else beside the input.
fn target(given: Option<&Path>, input: &Path, ext: &str, several: bool) -> Result<PathBuf, String> {
    let stem = input
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let name = format!("{stem}-review.{ext}");
    match given {
        Some(g) if g.is_dir() => Ok(g.join(name)),
        Some(g) if several => Err(format!(
            "{} is not a folder: with several records, --out and --graph name folders",
            g.display()
        )),
        Some(g) => Ok(g.to_path_buf()),
        None => Ok(input.with_file_name(name)),
    }
}

/// Runs `tengen review`: reviews every record, writes the reviewed records (and graphs),
/// prints a summary per record; fails when some record could not be reviewed or written.
pub fn run(args: &ReviewArgs) -> Result<(), String> {
    let start = Instant::now();
    let several = args.files.len() > 1;
    let mut ready = Vec::new();
    let mut failed = 0;
    for f in &args.files {
        let prepared = prepare(f, args).and_then(|p| {
            let out = target(args.out.as_deref(), f, "sgf", several)?;
            let graph = match &args.graph {
                Some(g) => Some(target(Some(g), f, "svg", several)?),
                None => None,
            };
            Ok((p, out, graph))
        });
        match prepared {
            Ok(x) => ready.push((f.clone(), x)),
            Err(e) => {
                failed += 1;
                eprintln!("tengen review: {}: {e}", f.display());
            }
        }
    }
    let games: Vec<Prepared> = ready.iter().map(|(_, (p, _, _))| p.clone()).collect();
    let positions: usize = games.iter().map(|p| p.record.moves.len() + 1).sum();
    let bar = if positions >= 20 {
        indicatif::ProgressBar::new(positions as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} positions {elapsed} ETA {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |t| t as usize))
        .build()
        .map_err(|e| format!("cannot start the review's threads: {e}"))?;
    let reviews = pool.install(|| {
        review_all(&games, args, &|p| match p {
            Progress::Searched(n) => bar.inc(n),
            Progress::Queued(n) => bar.inc_length(n),
        })
    });
    bar.finish_and_clear();
    for ((input, (_, out, graph)), review) in ready.iter().zip(reviews) {
        let written = review.and_then(|r| {
            let text = annotate::reviewed_sgf(&r);
            std::fs::write(out, text)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            if let Some(g) = graph {
                std::fs::write(g, graph::svg(&r))
                    .map_err(|e| format!("cannot write {}: {e}", g.display()))?;
            }
            Ok(r)
        });
        match written {
            Ok(r) => {
                let n = r.record.moves.len();
                print!(
                    "{}: {n} move{}, {} a position{}, rules {}, komi {} -> {}{}\n{}",
                    input.display(),
                    if n == 1 { "" } else { "s" },
                    r.budget,
                    match args.searches {
                        1 => String::new(),
                        k => format!(" in {k} searches"),
                    },
                    r.rules,
                    r.record.komi,
                    out.display(),
                    graph
                        .as_ref()
                        .map(|g| format!(", {}", g.display()))
                        .unwrap_or_default(),
                    r.summary()
                );
            }
            Err(e) => {
                failed += 1;
                eprintln!("tengen review: {}: {e}", input.display());
            }
        }
    }
    println!(
        "{positions} positions in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    if failed > 0 {
        return Err(format!(
            "{failed} of {} records not reviewed",
            args.files.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
