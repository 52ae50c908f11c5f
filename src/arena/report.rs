//! The HTML report of a match: one self-contained page (inline CSS and SVG, a few lines of
//! plain script, no external resources) with the settings, the cross table, Elo, the first
//! engine's score rate after each game with its 95% band, the SPRT log-likelihood ratio when
//! there is one, and every game with a link to its SGF.
//!
//! The plots are drawn in SVG coordinates computed here. All text from the input (engine
//! names, results, reasons, openings, paths) is untrusted and escaped. The closing script
//! writes what the browser laid out into the body's `data-*` attributes (the score and LLR
//! lines' rendered sizes, the visible game and cross-table rows), so a headless browser's
//! `--dump-dom` shows that the page rendered, not merely that its markup is there.

use super::stats;
use crate::review::graph::escape as esc;

/// Everything the report shows; the match runner fills it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportInput {
    /// The heading, e.g. "tengen vs gnugo: 40 games, 9x9, ...".
    pub title: String,
    /// Rows of the settings table: label and value.
    pub settings: Vec<(String, String)>,
    /// Engine names; the first is the engine under test.
    pub engines: Vec<String>,
    /// `cross[i][j]`: the results of engine `i` against engine `j` (`None` on the diagonal
    /// and for engines that never met).
    pub cross: Vec<Vec<Option<Cell>>>,
    /// Per engine: Elo relative to the first engine with its 95% band (`None`: unknown).
    pub ratings: Vec<Option<EloRow>>,
    /// The first engine's running score after each of its games.
    pub curve: Vec<CurvePoint>,
    /// The sequential probability ratio test, when the match runs one.
    pub sprt: Option<SprtCurve>,
    /// Every game, in the order to list them.
    pub games: Vec<GameRow>,
}

/// One engine's results against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An Elo difference with its 95% band.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EloRow {
    /// Point estimate (may be infinite after a sweep).
    pub elo: f64,
    /// Lower end of the 95% band.
    pub low: f64,
    /// Upper end of the 95% band.
    pub high: f64,
}

/// The first engine's standing after one of its games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CurvePoint {
    /// How many games the first engine has played (the x coordinate).
    pub game: usize,
    /// Score rate so far, in [0, 1] (a draw counts half).
    pub score: f64,
    /// Lower end of the score rate's 95% interval.
    pub low: f64,
    /// Upper end of the score rate's 95% interval.
    pub high: f64,
    /// The Elo difference the score implies (`None`: unbounded, after a sweep).
    pub elo: Option<f64>,
    /// Lower end of the Elo band (`None`: unbounded).
    pub elo_low: Option<f64>,
    /// Upper end of the Elo band (`None`: unbounded).
    pub elo_high: Option<f64>,
}

/// A sequential probability ratio test and its log-likelihood ratio over the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SprtCurve {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
    /// LLR bound below which H0 is accepted.
    pub lower: f64,
    /// LLR bound above which H1 is accepted.
    pub upper: f64,
    /// The LLR after each game (or pair of games): game number and LLR.
    pub points: Vec<(usize, f64)>,
    /// What the test concluded so far, in words.
    pub decision: String,
}

/// One game of the games table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// Game number.
    pub number: usize,
    /// Engine playing Black.
    pub black: String,
    /// Engine playing White.
    pub white: String,
    /// The result as in SGF, e.g. "B+3.5", "W+R", "0".
    pub result: String,
    /// The winning engine (`None`: draw or no result).
    pub winner: Option<String>,
    /// How the game ended, in words.
    pub reason: String,
    /// Number of moves played.
    pub moves: usize,
    /// The opening, when known.
    pub opening: Option<String>,
    /// Path of the SGF record, relative to the report's folder (e.g. "sgf/game-001.sgf").
    pub sgf: String,
}

/// Width of a plot's SVG canvas, in user units.
const SVG_W: f64 = 560.0;
/// Height of a plot's SVG canvas, in user units.
const SVG_H: f64 = 300.0;
/// Left margin: the y axis's tick labels.
const LEFT: f64 = 56.0;
/// Right margin: the score plot's Elo axis, the LLR plot's bound labels.
const RIGHT: f64 = 56.0;
/// Top margin.
const TOP: f64 = 16.0;
/// Bottom margin: the x axis's tick labels and title.
const BOTTOM: f64 = 44.0;
/// Width of the plotting area.
const PLOT_W: f64 = SVG_W - LEFT - RIGHT;
/// Height of the plotting area.
const PLOT_H: f64 = SVG_H - TOP - BOTTOM;
/// Most points a plotted line keeps: two per unit of width; longer curves are sampled evenly.
pub const MAX_POINTS: usize = (2.0 * PLOT_W) as usize;
/// Elo values marked on the score plot's right axis.
const ELO_TICKS: [f64; 7] = [-400.0, -200.0, -100.0, 0.0, 100.0, 200.0, 400.0];

/// Renders the report as one HTML5 page.
pub fn render(r: &ReportInput) -> String {
    let mut h = String::with_capacity(16_384 + 400 * r.games.len());
    h.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    h.push_str(&format!("<title>{}</title>\n", esc(&r.title)));
    h.push_str("<style>\n");
    h.push_str(CSS);
    h.push_str("</style>\n</head>\n<body>\n<main>\n");
    h.push_str(&format!("<h1>{}</h1>\n", esc(&r.title)));
    h.push_str(&format!("<p class=\"sub\">{}</p>\n", esc(&subtitle(r))));

    h.push_str("<div class=\"row\">\n");
    h.push_str("<section class=\"narrow\">\n<h2>Settings</h2>\n");
    h.push_str(&settings_table(&r.settings));
    h.push_str("</section>\n<section class=\"wide\">\n<h2>Cross table</h2>\n");
    h.push_str(&cross_table(r));
    h.push_str("<h2>Elo</h2>\n");
    h.push_str(&elo_table(r));
    h.push_str("</section>\n</div>\n");

    h.push_str("<div class=\"row\">\n<section>\n");
    let who = r.engines.first().map_or("the first engine", String::as_str);
    h.push_str(&format!("<h2>Score of {}</h2>\n", esc(who)));
    h.push_str(&score_plot(&r.curve));
    h.push_str(&format!(
        "<p class=\"caption\">{}</p>\n",
        esc(&score_caption(&r.curve))
    ));
    h.push_str("</section>\n");
    if let Some(s) = &r.sprt {
        h.push_str("<section>\n<h2>SPRT</h2>\n");
        h.push_str(&llr_plot(s));
        h.push_str(&format!(
            "<p class=\"caption\">H0: Elo {} vs H1: Elo {}, &alpha; = {}, &beta; = {}; \
             bounds {:.2} and {:.2}. <strong class=\"decision\">{}</strong></p>\n",
            esc(&s.elo0.to_string()),
            esc(&s.elo1.to_string()),
            esc(&s.alpha.to_string()),
            esc(&s.beta.to_string()),
            s.lower,
            s.upper,
            esc(&s.decision)
        ));
        h.push_str("</section>\n");
    }
    h.push_str("</div>\n");

    h.push_str(&format!("<h2>Games ({})</h2>\n", r.games.len()));
    if let Some(first) = r.engines.first().filter(|_| !r.games.is_empty()) {
        h.push_str(&format!(
            "<p class=\"legend\">Left edge: <span class=\"key won\"></span>{0} won \
             <span class=\"key lost\"></span>{0} lost <span class=\"key even\"></span>\
             no winner</p>\n",
            esc(first)
        ));
    }
    h.push_str(&games_table(r));
    h.push_str("</main>\n<script>\n");
    h.push_str(SCRIPT);
    h.push_str("</script>\n</body>\n</html>\n");
    h
}

/// The line under the title: game count and the engine under test.
fn subtitle(r: &ReportInput) -> String {
    let games = match r.games.len() {
        0 => "No games yet".to_string(),
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    match r.engines.first() {
        Some(e) => format!("{games}; engine under test: {e}"),
        None => games,
    }
}

/// A relative link target for `path`: every byte but unreserved ones and `/` is
/// percent-encoded, so no scheme (`javascript:`) or markup can get through.
fn href(path: &str) -> String {
    let mut o = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            o.push(char::from(b));
        } else {
            o.push_str(&format!("%{b:02X}"));
        }
    }
    o
}

/// A coordinate with one decimal, never `-0.0`.
fn num(x: f64) -> String {
    format!("{:.1}", x + 0.0)
}

/// A score rate as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The score rate of a tally (a draw counts half); `None` before any game.
fn cell_score(c: &Cell) -> Option<f64> {
    let n = c.wins + c.draws + c.losses;
    (n > 0).then(|| (f64::from(c.wins) + 0.5 * f64::from(c.draws)) / f64::from(n))
}

/// The settings as a two-column table.
fn settings_table(rows: &[(String, String)]) -> String {
    let mut h = String::from("<table class=\"settings\">\n<tbody>\n");
    for (k, v) in rows {
        h.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{}</td></tr>\n",
            esc(k),
            esc(v)
        ));
    }
    if rows.is_empty() {
        h.push_str("<tr><td class=\"none\">no settings given</td></tr>\n");
    }
    h.push_str("</tbody>\n</table>\n");
    h
}

/// A cell's background: green above 50%, red below, stronger further from it.
fn cell_tint(score: f64) -> String {
    let a = ((score - 0.5).abs() * 0.6).min(0.3);
    if score >= 0.5 {
        format!("background:rgba(26,127,55,{a:.2})")
    } else {
        format!("background:rgba(207,34,46,{a:.2})")
    }
}

/// One cell of the cross table: "W-D-L" and the score rate.
fn cross_cell(c: &Cell, class: &str) -> String {
    match cell_score(c) {
        Some(s) => format!(
            "<td class=\"{class}\" style=\"{}\"><span class=\"wdl\">{}-{}-{}</span> \
             <span class=\"pct\">{}</span></td>",
            cell_tint(s),
            c.wins,
            c.draws,
            c.losses,
            pct(s)
        ),
        None => format!("<td class=\"{class} none\">0-0-0</td>"),
    }
}

/// The cross table: rows and columns are engines, plus each row's total.
fn cross_table(r: &ReportInput) -> String {
    let mut h =
        String::from("<div class=\"scroll\">\n<table id=\"cross-table\">\n<thead>\n<tr><th></th>");
    for e in &r.engines {
        h.push_str(&format!("<th scope=\"col\">{}</th>", esc(e)));
    }
    h.push_str("<th scope=\"col\" class=\"total\">Total</th></tr>\n</thead>\n<tbody>\n");
    for (i, e) in r.engines.iter().enumerate() {
        let marker = if i == 0 {
            " <span class=\"badge\">under test</span>"
        } else {
            ""
        };
        h.push_str(&format!("<tr><th scope=\"row\">{}{marker}</th>", esc(e)));
        let row = r.cross.get(i);
        let mut total = Cell::default();
        for j in 0..r.engines.len() {
            match row.and_then(|row| row.get(j)).copied().flatten() {
                Some(c) => {
                    total.wins += c.wins;
                    total.draws += c.draws;
                    total.losses += c.losses;
                    h.push_str(&cross_cell(&c, "num"));
                }
                None if i == j => h.push_str("<td class=\"self\"></td>"),
                None => h.push_str("<td class=\"none\">&ndash;</td>"),
            }
        }
        h.push_str(&cross_cell(&total, "num total"));
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n</div>\n");
    h
}

/// The Elo table: each engine's Elo relative to the first one, with its 95% band.
fn elo_table(r: &ReportInput) -> String {
    let mut h = String::from(
        "<table id=\"elo-table\">\n<thead>\n<tr><th scope=\"col\">Engine</th>\
         <th scope=\"col\" class=\"num\">Elo</th><th scope=\"col\" class=\"num\">95% band</th>\
         </tr>\n</thead>\n<tbody>\n",
    );
    for (i, e) in r.engines.iter().enumerate() {
        let (elo, band) = match r.ratings.get(i).copied().flatten() {
            Some(x) if i == 0 && x.elo == 0.0 && x.low == 0.0 && x.high == 0.0 => {
                ("0".to_string(), "reference".to_string())
            }
            Some(x) => (
                stats::fmt_elo(x.elo),
                format!("{} to {}", stats::fmt_elo(x.low), stats::fmt_elo(x.high)),
            ),
            None => ("?".to_string(), "unknown".to_string()),
        };
        h.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
            esc(e),
            esc(&elo),
            esc(&band)
        ));
    }
    h.push_str("</tbody>\n</table>\n");
    h
}

/// The games table, one `tr.game` per game; the row's class also says how the first engine
/// fared (`won`, `lost`, `even`).
fn games_table(r: &ReportInput) -> String {
    let mut h = String::from(
        "<div class=\"scroll\">\n<table id=\"games-table\">\n<thead>\n<tr>\
         <th scope=\"col\" class=\"num\">#</th><th scope=\"col\">Black</th>\
         <th scope=\"col\">White</th><th scope=\"col\">Result</th><th scope=\"col\">Winner</th>\
         <th scope=\"col\">Reason</th><th scope=\"col\" class=\"num\">Moves</th>\
         <th scope=\"col\">Opening</th><th scope=\"col\">SGF</th></tr>\n</thead>\n<tbody>\n",
    );
    let first = r.engines.first();
    for g in &r.games {
        let fared = match (first, &g.winner) {
            (Some(f), Some(w)) if w == f => " won",
            (Some(f), Some(_)) if g.black == *f || g.white == *f => " lost",
            (Some(f), None) if g.black == *f || g.white == *f => " even",
            _ => "",
        };
        let name = g.sgf.rsplit('/').next().unwrap_or(&g.sgf);
        h.push_str(&format!(
            "<tr class=\"game{fared}\"><td class=\"num\">{}</td><td>{}</td><td>{}</td>\
             <td class=\"result\">{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td>\
             <td>{}</td><td><a href=\"{}\">{}</a></td></tr>\n",
            g.number,
            esc(&g.black),
            esc(&g.white),
            esc(&g.result),
            g.winner.as_deref().map_or("&ndash;".to_string(), esc),
            esc(&g.reason),
            g.moves,
            g.opening.as_deref().map_or("&ndash;".to_string(), esc),
            esc(&href(&g.sgf)),
            esc(name)
        ));
    }
    if r.games.is_empty() {
        h.push_str("<tr class=\"empty\"><td colspan=\"9\">no games yet</td></tr>\n");
    }
    h.push_str("</tbody>\n</table>\n</div>\n");
    h
}

/// The indices of at most `max` (at least 2) of `n` items, evenly spread, first and last
/// included.
fn sample(n: usize, max: usize) -> Vec<usize> {
    let max = max.max(2);
    if n <= max {
        return (0..n).collect();
    }
    (0..max)
        .map(|k| (k * (n - 1) + (max - 1) / 2) / (max - 1))
        .collect()
}

/// A step of 1, 2 or 5 times a power of ten, near `span / count`.
fn nice_step(span: f64, count: f64) -> f64 {
    let raw = (span / count).max(f64::MIN_POSITIVE);
    let p = 10f64.powf(raw.log10().floor());
    let f = raw / p;
    let m = if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    };
    m * p
}

/// Data ranges mapped onto the plotting area.
struct Frame {
    /// Largest x (games); x starts at 0.
    x_max: f64,
    /// Smallest y, at the bottom.
    y_lo: f64,
    /// Largest y, at the top.
    y_hi: f64,
}

impl Frame {
    /// The SVG x of a game number.
    fn x(&self, game: f64) -> f64 {
        LEFT + game / self.x_max * PLOT_W
    }

    /// The SVG y of a value, clamped into the plotting area.
    fn y(&self, v: f64) -> f64 {
        let t = ((v - self.y_lo) / (self.y_hi - self.y_lo)).clamp(0.0, 1.0);
        TOP + (1.0 - t) * PLOT_H
    }

    /// The x axis: ticks at whole numbers of games, labelled, and its title.
    fn x_axis(&self) -> String {
        let step = nice_step(self.x_max, 8.0).max(1.0);
        let mut h = String::from("<g class=\"axis x-axis\">");
        let y0 = TOP + PLOT_H;
        let mut g = 0.0;
        while g <= self.x_max + 1e-9 {
            let x = num(self.x(g));
            h.push_str(&format!(
                "<line class=\"tick\" x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>\
                 <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{g}</text>",
                num(y0),
                num(y0 + 5.0),
                num(y0 + 18.0)
            ));
            g += step;
        }
        h.push_str(&format!(
            "<text class=\"title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">games</text></g>",
            num(LEFT + PLOT_W / 2.0),
            num(SVG_H - 6.0)
        ));
        h
    }

    /// A horizontal grid line at `v` with its label on the left.
    fn y_tick(&self, v: f64, label: &str, class: &str) -> String {
        let y = num(self.y(v));
        format!(
            "<line class=\"{class}\" x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>\
             <text x=\"{}\" y=\"{y}\" dy=\"0.32em\" text-anchor=\"end\">{}</text>",
            num(LEFT),
            num(LEFT + PLOT_W),
            num(LEFT - 6.0),
            esc(label)
        )
    }

    /// The y axis's title, turned to run upwards beside the tick labels.
    fn y_title(&self, title: &str, right: bool) -> String {
        let x = if right { SVG_W - 10.0 } else { 12.0 };
        let y = TOP + PLOT_H / 2.0;
        format!(
            "<text class=\"title\" x=\"{0}\" y=\"{1}\" text-anchor=\"middle\" \
             transform=\"rotate(-90 {0} {1})\">{2}</text>",
            num(x),
            num(y),
            esc(title)
        )
    }

    /// The plotting area's border.
    fn border(&self) -> String {
        format!(
            "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(LEFT),
            num(TOP),
            num(PLOT_W),
            num(PLOT_H)
        )
    }

    /// A note in the middle of the plotting area.
    fn note(&self, text: &str) -> String {
        format!(
            "<text class=\"note\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            num(LEFT + PLOT_W / 2.0),
            num(TOP + PLOT_H / 2.0 - 12.0),
            esc(text)
        )
    }
}

/// The opening tag of a plot's SVG, with its accessible title.
fn svg_open(id: &str, title: &str) -> String {
    format!(
        "<svg id=\"{id}\" class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {SVG_W} {SVG_H}\" width=\"{SVG_W}\" height=\"{SVG_H}\" role=\"img\">\
         <title>{}</title>\n",
        esc(title)
    )
}

/// The score plot: the first engine's score rate after each game (polyline), its 95% band
/// (polygon), the 50% line, games and score axes, and Elo on the right axis.
fn score_plot(curve: &[CurvePoint]) -> String {
    let pts: Vec<&CurvePoint> = sample(curve.len(), MAX_POINTS)
        .into_iter()
        .filter_map(|i| curve.get(i))
        .filter(|p| p.score.is_finite() && p.low.is_finite() && p.high.is_finite())
        .collect();
    let last_game = pts.iter().map(|p| p.game).max().unwrap_or(0);
    let f = Frame {
        x_max: if pts.is_empty() {
            10.0
        } else {
            last_game.max(1) as f64
        },
        y_lo: 0.0,
        y_hi: 1.0,
    };
    let mut h = svg_open(
        "score-plot",
        "Score rate of the first engine after each game, with its 95% interval",
    );
    h.push_str("<g class=\"axis y-axis\">");
    for s in [0.0, 0.25, 0.75, 1.0] {
        h.push_str(&f.y_tick(s, &format!("{:.0}%", s * 100.0), "grid"));
    }
    h.push_str(&f.y_tick(0.5, "50%", "ref"));
    h.push_str(&f.y_title("score", false));
    h.push_str("</g>\n<g class=\"axis elo-axis\">");
    for e in ELO_TICKS {
        let y = num(f.y(1.0 / (1.0 + 10f64.powf(-e / 400.0))));
        let x = LEFT + PLOT_W;
        h.push_str(&format!(
            "<line class=\"tick\" x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>\
             <text x=\"{}\" y=\"{y}\" dy=\"0.32em\">{}</text>",
            num(x),
            num(x + 5.0),
            num(x + 8.0),
            if e == 0.0 {
                "0".to_string()
            } else {
                stats::fmt_elo(e)
            }
        ));
    }
    h.push_str(&f.y_title("Elo", true));
    h.push_str("</g>\n");
    h.push_str(&f.x_axis());
    h.push('\n');
    if pts.is_empty() {
        h.push_str(&f.note("no games yet"));
    } else {
        let upper = pts.iter().map(|p| (p.game, p.high));
        let lower = pts.iter().rev().map(|p| (p.game, p.low));
        h.push_str(&format!(
            "<polygon class=\"score-band\" points=\"{}\"/>\n",
            points(&f, upper.chain(lower))
        ));
        h.push_str(&format!(
            "<polyline class=\"score-line\" points=\"{}\"/>\n",
            points(&f, pts.iter().map(|p| (p.game, p.score)))
        ));
        if let Some(p) = pts.last() {
            h.push_str(&format!(
                "<circle class=\"score-end\" cx=\"{}\" cy=\"{}\" r=\"3.5\"/>\n",
                num(f.x(p.game as f64)),
                num(f.y(p.score))
            ));
        }
    }
    h.push_str(&f.border());
    h.push_str("\n</svg>\n");
    h
}

/// SVG `points` for (game, value) pairs.
fn points(f: &Frame, pts: impl Iterator<Item = (usize, f64)>) -> String {
    pts.map(|(g, v)| format!("{},{}", num(f.x(g as f64)), num(f.y(v))))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words under the score plot: where the curve ended.
fn score_caption(curve: &[CurvePoint]) -> String {
    let Some(p) = curve.last() else {
        return "The line is the score rate after each game, the band its 95% interval."
            .to_string();
    };
    let bound = |x: Option<f64>, inf: &str| x.map_or(inf.to_string(), stats::fmt_elo);
    let games = if p.game == 1 { "game" } else { "games" };
    format!(
        "After {} {games}: score {} (95%: {} to {}), Elo {} ({} to {}). \
         The band is the 95% interval.",
        p.game,
        pct(p.score),
        pct(p.low),
        pct(p.high),
        bound(p.elo, "unbounded"),
        bound(p.elo_low, "-inf"),
        bound(p.elo_high, "+inf"),
    )
}

/// Decimals enough to tell ticks `step` apart.
fn decimals(step: f64) -> usize {
    let d = -step.log10().floor();
    if d > 0.0 {
        d as usize
    } else {
        0
    }
}

/// The LLR plot: the log-likelihood ratio after each game, with the bounds drawn and
/// labelled.
fn llr_plot(s: &SprtCurve) -> String {
    let finite: Vec<(usize, f64)> = s
        .points
        .iter()
        .copied()
        .filter(|(_, v)| v.is_finite())
        .collect();
    let pts: Vec<(usize, f64)> = sample(finite.len(), MAX_POINTS)
        .into_iter()
        .filter_map(|i| finite.get(i).copied())
        .collect();
    let bounds = [s.lower, s.upper, 0.0]
        .into_iter()
        .filter(|v| v.is_finite());
    let vals = pts.iter().map(|p| p.1).chain(bounds);
    let lo = vals.clone().fold(f64::INFINITY, f64::min);
    let hi = vals.fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo < hi {
        (lo, hi)
    } else {
        (lo - 1.0, lo + 1.0)
    };
    let pad = 0.08 * (hi - lo);
    let last_game = pts.iter().map(|p| p.0).max().unwrap_or(0);
    let f = Frame {
        x_max: if pts.is_empty() {
            10.0
        } else {
            last_game.max(1) as f64
        },
        y_lo: lo - pad,
        y_hi: hi + pad,
    };
    let mut h = svg_open(
        "llr-plot",
        &format!("SPRT log-likelihood ratio after each game: {}", s.decision),
    );
    h.push_str("<g class=\"axis y-axis\">");
    let step = nice_step(f.y_hi - f.y_lo, 6.0);
    let d = decimals(step);
    let mut v = (f.y_lo / step).ceil() * step;
    while v <= f.y_hi + 1e-9 {
        let class = if v.abs() < step / 2.0 { "ref" } else { "grid" };
        h.push_str(&f.y_tick(v, &format!("{:.*}", d, v + 0.0), class));
        v += step;
    }
    h.push_str(&f.y_title("LLR", false));
    h.push_str("</g>\n");
    h.push_str(&f.x_axis());
    h.push('\n');
    for (v, class, label) in [
        (s.upper, "bound upper", "accept H1"),
        (s.lower, "bound lower", "accept H0"),
    ] {
        if !v.is_finite() {
            continue;
        }
        let y = f.y(v);
        let dy = if class.ends_with("upper") {
            "-0.4em"
        } else {
            "1.1em"
        };
        h.push_str(&format!(
            "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\
             <text class=\"{class}\" x=\"{}\" y=\"{}\" dy=\"{dy}\" text-anchor=\"end\">{}</text>\
             <text class=\"{class}\" x=\"{}\" y=\"{}\" dy=\"0.32em\">{:.2}</text>\n",
            num(LEFT),
            num(y),
            num(LEFT + PLOT_W),
            num(y),
            num(LEFT + PLOT_W - 4.0),
            num(y),
            label,
            num(LEFT + PLOT_W + 6.0),
            num(y),
            v
        ));
    }
    if pts.is_empty() {
        h.push_str(&f.note("no games yet"));
    } else {
        h.push_str(&format!(
            "<polyline class=\"llr-line\" points=\"{}\"/>\n",
            points(&f, pts.iter().copied())
        ));
        if let Some(&(g, v)) = pts.last() {
            h.push_str(&format!(
                "<circle class=\"llr-end\" cx=\"{}\" cy=\"{}\" r=\"3.5\"/>\n",
                num(f.x(g as f64)),
                num(f.y(v))
            ));
        }
    }
    h.push_str(&f.border());
    h.push_str("\n</svg>\n");
    h
}

/// The page's style sheet.
const CSS: &str = r#":root { --fg: #1f2328; --muted: #59636e; --line: #d8dee4; --head: #f6f8fa;
  --blue: #0969da; --green: #1a7f37; --red: #cf222e; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: #fff;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", "DejaVu Sans", sans-serif; }
main { max-width: 1180px; margin: 0 auto; padding: 20px 24px 40px; }
h1 { font-size: 1.45rem; margin: 0 0 2px; }
h2 { font-size: 1.05rem; margin: 22px 0 8px; padding-bottom: 3px; border-bottom: 1px solid var(--line); }
.sub, .caption { color: var(--muted); margin: 4px 0; }
.caption { font-size: 0.9rem; max-width: 560px; }
.decision { color: var(--fg); }
.row { display: flex; flex-wrap: wrap; gap: 0 36px; align-items: flex-start; }
.row > section { flex: 1 1 480px; min-width: 0; }
.row > section.narrow { flex: 1 1 360px; }
.row > section.wide { flex: 2 1 560px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: middle; }
thead th { background: var(--head); font-weight: 600; border-bottom: 2px solid var(--line); white-space: nowrap; }
tbody th { font-weight: 600; white-space: nowrap; }
.num { text-align: right; white-space: nowrap; }
.none { color: var(--muted); text-align: center; }
td.self { background: repeating-linear-gradient(45deg, #f6f8fa, #f6f8fa 4px, #fff 4px, #fff 8px); }
.total { border-left: 2px solid var(--line); }
.pct { color: var(--muted); font-size: 0.85em; margin-left: 4px; }
.badge { font-size: 0.72em; font-weight: 500; color: var(--blue); border: 1px solid var(--blue);
  border-radius: 8px; padding: 0 5px; margin-left: 4px; vertical-align: 1px; }
table.settings th { color: var(--muted); font-weight: 500; padding-right: 18px; }
table.settings td { word-break: break-word; }
.scroll { overflow-x: auto; }
#games-table { width: 100%; }
#games-table tbody tr:nth-child(even) { background: #fafbfc; }
#games-table tr.game td:first-child { border-left: 3px solid transparent; }
#games-table tr.won td:first-child { border-left-color: var(--green); }
#games-table tr.lost td:first-child { border-left-color: var(--red); }
#games-table tr.even td:first-child { border-left-color: var(--muted); }
#games-table td.result { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 0.92em; }
.legend { color: var(--muted); font-size: 0.85rem; margin: 0 0 6px; }
.key { display: inline-block; width: 3px; height: 0.9em; margin: 0 5px 0 12px; vertical-align: -1px; }
.key.won { background: var(--green); } .key.lost { background: var(--red); } .key.even { background: var(--muted); }
a { color: var(--blue); text-decoration: none; }
a:hover { text-decoration: underline; }
svg.plot { display: block; width: 100%; max-width: 560px; height: auto; }
svg.plot text { font-size: 11px; fill: var(--muted); font-family: inherit; }
svg.plot text.title { font-size: 12px; fill: var(--fg); }
svg.plot text.note { font-size: 15px; fill: var(--muted); }
svg.plot .frame { fill: none; stroke: #8c959f; stroke-width: 1; }
svg.plot .grid { stroke: #eaeef2; stroke-width: 1; }
svg.plot .ref { stroke: #8c959f; stroke-width: 1; stroke-dasharray: 5 4; }
svg.plot .tick { stroke: #8c959f; stroke-width: 1; }
.score-band { fill: rgba(9, 105, 218, 0.16); stroke: none; }
.score-line { fill: none; stroke: var(--blue); stroke-width: 2; stroke-linejoin: round; }
.score-end { fill: var(--blue); }
.llr-line { fill: none; stroke: #8250df; stroke-width: 2; stroke-linejoin: round; }
.llr-end { fill: #8250df; }
line.bound { stroke-width: 1.5; stroke-dasharray: 6 3; }
line.upper { stroke: var(--green); }
line.lower { stroke: var(--red); }
svg.plot text.upper { fill: var(--green); }
svg.plot text.lower { fill: var(--red); }
"#;

/// The closing script: records what the browser laid out in the body's `data-*` attributes
/// (rendered sizes in CSS pixels, "none" when the element is missing; visible row counts).
const SCRIPT: &str = r##"window.addEventListener("load", function () {
  var d = document.body.dataset;
  function size(sel) {
    var e = document.querySelector(sel);
    if (!e) return "none";
    var b = e.getBoundingClientRect();
    return Math.round(b.width) + "x" + Math.round(b.height);
  }
  function shown(sel) {
    return Array.prototype.filter.call(document.querySelectorAll(sel),
      function (e) { return e.offsetHeight > 0; }).length;
  }
  d.scorePlot = size("#score-plot .score-line");
  d.llrPlot = size("#llr-plot .llr-line");
  d.gameRows = shown("#games-table tr.game");
  d.crossRows = shown("#cross-table tbody tr");
});
"##;

#[cfg(test)]
mod tests {
    use super::*;

    fn point(game: usize, score: f64) -> CurvePoint {
        CurvePoint {
            game,
            score,
            low: (score - 0.2).max(0.0),
            high: (score + 0.2).min(1.0),
            elo: Some(stats::elo_from_score(score)).filter(|e| e.is_finite()),
            elo_low: None,
            elo_high: None,
        }
    }

    fn game(number: usize, black: &str, white: &str, winner: Option<&str>) -> GameRow {
        GameRow {
            number,
            black: black.to_string(),
            white: white.to_string(),
            result: if winner == Some(black) {
                "B+R"
            } else {
                "W+2.5"
            }
            .to_string(),
            winner: winner.map(String::from),
            reason: "resignation".to_string(),
            moves: 100 + number,
            opening: None,
            sgf: format!("sgf/game-{number:03}.sgf"),
        }
    }

    /// The `points` attribute of the first element with `class`.
    fn points_of(html: &str, class: &str) -> Vec<(f64, f64)> {
        let Some(at) = html.find(&format!("class=\"{class}\" points=\"")) else {
            return Vec::new();
        };
        let rest = &html[at..];
        let start = rest.find("points=\"").map_or(0, |i| i + 8);
        let end = rest[start..].find('"').map_or(rest.len(), |i| start + i);
        rest[start..end]
            .split(' ')
            .filter_map(|p| p.split_once(','))
            .filter_map(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
            .collect()
    }

    /// Every element opened is closed in order (void and self-closed elements aside).
    fn balanced(html: &str) -> bool {
        let (head, rest) = html.split_once("<script>").unwrap_or((html, ""));
        let tail = rest.split_once("</script>").map_or("", |(_, t)| t);
        let body = format!("{head}{tail}");
        let mut stack = Vec::new();
        for tag in body.split('<').skip(1) {
            let end = tag.find('>').unwrap_or(tag.len());
            let inner = &tag[..end];
            if inner.starts_with('!') || inner.ends_with('/') {
                continue;
            }
            let name: String = inner
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if ["meta", "br", "link"].contains(&name.as_str()) {
                continue;
            }
            if inner.starts_with('/') {
                if stack.pop() != Some(name) {
                    return false;
                }
            } else {
                stack.push(name);
            }
        }
        stack.is_empty()
    }

    fn sample_input() -> ReportInput {
        let names = ["tengen", "gnugo"];
        let games: Vec<GameRow> = (1..=4)
            .map(|n| {
                let (b, w) = if n % 2 == 1 { (0, 1) } else { (1, 0) };
                let winner = if n == 2 { names[1] } else { names[0] };
                game(n, names[b], names[w], Some(winner))
            })
            .collect();
        ReportInput {
            title: "tengen vs gnugo: 4 games".to_string(),
            settings: vec![("Board".to_string(), "9x9".to_string())],
            engines: names.iter().map(|s| s.to_string()).collect(),
            cross: vec![
                vec![
                    None,
                    Some(Cell {
                        wins: 3,
                        draws: 0,
                        losses: 1,
                    }),
                ],
                vec![
                    Some(Cell {
                        wins: 1,
                        draws: 0,
                        losses: 3,
                    }),
                    None,
                ],
            ],
            ratings: vec![
                Some(EloRow::default()),
                Some(EloRow {
                    elo: -191.0,
                    low: -600.0,
                    high: 120.0,
                }),
            ],
            curve: vec![point(1, 1.0), point(2, 0.5), point(3, 0.75), point(4, 0.5)],
            sprt: Some(SprtCurve {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05,
                lower: -2.94,
                upper: 2.94,
                points: vec![(1, 0.3), (2, -0.1), (3, 0.2), (4, 0.1)],
                decision: "continue".to_string(),
            }),
            games,
        }
    }

    #[test]
    fn untrusted_text_is_escaped() {
        let evil = "<b>&\"x'";
        let mut r = sample_input();
        r.title = evil.to_string();
        r.engines[1] = evil.to_string();
        r.settings.push((evil.to_string(), evil.to_string()));
        r.games[0].white = evil.to_string();
        r.games[0].winner = Some(evil.to_string());
        r.games[0].reason = evil.to_string();
        r.games[0].result = evil.to_string();
        r.games[0].opening = Some(evil.to_string());
        r.games[0].sgf = format!("sgf/{evil}.sgf");
        if let Some(s) = r.sprt.as_mut() {
            s.decision = evil.to_string();
        }
        let html = render(&r);
        assert!(!html.contains(evil));
        assert!(!html.contains("<b>"));
        assert!(html.contains("&lt;b&gt;&amp;&quot;x&#39;"));
        assert!(html.contains("href=\"sgf/%3Cb%3E%26%22x%27.sgf\""));
        assert_eq!(esc("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
        assert_eq!(href("javascript:alert(1)"), "javascript%3Aalert%281%29");
        assert!(balanced(&html));
    }

    #[test]
    fn page_has_its_sections() {
        let html = render(&sample_input());
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(html.contains("<meta charset=\"utf-8\">"));
        for id in [
            "id=\"score-plot\"",
            "class=\"score-line\"",
            "class=\"score-band\"",
            "id=\"llr-plot\"",
            "class=\"llr-line\"",
            "id=\"cross-table\"",
            "id=\"elo-table\"",
            "id=\"games-table\"",
            "class=\"bound upper\"",
            "class=\"bound lower\"",
        ] {
            assert!(html.contains(id), "{id}");
        }
        assert_eq!(html.matches("<tr class=\"game").count(), 4);
        assert_eq!(html.matches("<tr class=\"game won\"").count(), 3);
        assert_eq!(html.matches("<tr class=\"game lost\"").count(), 1);
        assert!(html.contains("3-0-1"));
        assert!(html.contains("75.0%"));
        assert!(html.contains(">accept H1</text>") && html.contains(">2.94</text>"));
        assert!(html.contains(">-191<") && html.contains("-600 to +120"));
        assert!(
            !html.contains("src=") && !html.contains("<link"),
            "no external resources"
        );
        assert!(!html.contains("http://") || html.matches("http://").count() == 2);
        assert!(balanced(&html));
    }

    #[test]
    fn links_to_every_sgf() {
        let html = render(&sample_input());
        for n in 1..=4 {
            let link = format!("<a href=\"sgf/game-{n:03}.sgf\">game-{n:03}.sgf</a>");
            assert!(html.contains(&link), "{link}");
        }
    }

    #[test]
    fn score_curve_coordinates() {
        let html = render(&sample_input());
        // x: 56 + game / 4 * 448; y: 16 + (1 - score) * 240.
        assert_eq!(
            points_of(&html, "score-line"),
            vec![(168.0, 16.0), (280.0, 136.0), (392.0, 76.0), (504.0, 136.0)]
        );
        let band = points_of(&html, "score-band");
        assert_eq!(band.len(), 8, "upper edge out, lower edge back");
        assert_eq!(band[0], (168.0, 16.0), "upper end of 100% is 100%");
        assert_eq!(band[4], (504.0, 184.0), "lower end of the last point");
        assert_eq!(band[7], (168.0, 64.0));
        assert_eq!(points_of(&html, "llr-line").len(), 4);
        // The 50% line, and Elo 0 on the right axis at the same height.
        assert!(html.contains("y1=\"136.0\" x2=\"504.0\" y2=\"136.0\""));
        assert!(html.contains(" y=\"136.0\" dy=\"0.32em\">0</text>"));
    }

    #[test]
    fn empty_report_renders() {
        let html = render(&ReportInput::default());
        assert!(html.contains("no games yet"));
        assert!(html.contains("id=\"score-plot\""));
        assert!(!html.contains("class=\"score-line\""));
        assert!(!html.contains("id=\"llr-plot\""));
        assert!(!html.contains("<tr class=\"game"));
        assert!(balanced(&html));
        let r = ReportInput {
            sprt: Some(SprtCurve {
                lower: -2.94,
                upper: 2.94,
                ..SprtCurve::default()
            }),
            ..ReportInput::default()
        };
        let html = render(&r);
        assert_eq!(
            html.matches("no games yet").count(),
            3,
            "two plots, one table"
        );
        assert!(balanced(&html));
    }

    #[test]
    fn one_game_renders() {
        let mut r = sample_input();
        r.curve.truncate(1);
        r.games.truncate(1);
        if let Some(s) = r.sprt.as_mut() {
            s.points.truncate(1);
        }
        let html = render(&r);
        // One game spans the whole width.
        assert_eq!(points_of(&html, "score-line"), vec![(504.0, 16.0)]);
        assert!(html.contains("After 1 game: score 100.0%"));
        assert!(balanced(&html));
    }

    #[test]
    fn many_games_are_downsampled() {
        let mut r = sample_input();
        let n = 5000;
        r.curve = (1..=n)
            .map(|g| point(g, 0.5 + 0.3 * ((g as f64) / 300.0).sin()))
            .collect();
        if let Some(s) = r.sprt.as_mut() {
            s.points = (1..=n).map(|g| (g, g as f64 / 2000.0)).collect();
        }
        let html = render(&r);
        let line = points_of(&html, "score-line");
        assert_eq!(line.len(), MAX_POINTS);
        assert!(MAX_POINTS as f64 <= 2.0 * PLOT_W);
        assert_eq!(line.first().map(|p| p.0), Some(56.1), "game 1 of 5000");
        assert_eq!(line.last().map(|p| p.0), Some(LEFT + PLOT_W));
        assert!(line.windows(2).all(|w| w[0].0 <= w[1].0));
        assert_eq!(points_of(&html, "score-band").len(), 2 * MAX_POINTS);
        assert_eq!(points_of(&html, "llr-line").len(), MAX_POINTS);
        assert!(html.len() < 200_000, "{} bytes", html.len());
    }

    #[test]
    fn sampling_keeps_ends_and_spreads_evenly() {
        assert_eq!(sample(3, 10), vec![0, 1, 2]);
        assert_eq!(sample(0, 10), Vec::<usize>::new());
        assert_eq!(sample(11, 3), vec![0, 5, 10]);
        let s = sample(10_000, 100);
        assert_eq!((s.len(), s[0], s[99]), (100, 0, 9_999));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(30.0, 8.0), 5.0);
        assert_eq!(nice_step(4.0, 8.0), 0.5);
        assert_eq!(nice_step(1000.0, 8.0), 200.0);
        assert_eq!(nice_step(7.0, 6.0), 2.0);
        assert_eq!(decimals(0.5), 1);
        assert_eq!(decimals(2.0), 0);
    }
}
