//! The win-rate graph of a review (`--graph FILE.svg`): one self-contained SVG, Black's win
//! rate after every move as one polyline (one point per move), the 50% line, the move
//! numbers along the bottom, and a red dot with its own `<title>` on every mistake. Text
//! from the record (the players' names) is escaped.

use super::annotate::{color_letter, percent, vertex_text};
use super::Review;

/// Width of the canvas, in user units.
const W: f64 = 800.0;
/// Height of the canvas.
const H: f64 = 320.0;
/// Margins: left, right, top, bottom.
const LEFT: f64 = 48.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 36.0;
const BOTTOM: f64 = 32.0;

/// Escapes text for XML and HTML content and quoted attribute values (this graph and the
/// match report, arena/report.rs), and blanks the control characters XML 1.0 forbids.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // characters XML 1.0 does not allow
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate with one decimal.
fn num(x: f64) -> String {
    format!("{x:.1}")
}

/// The SVG of `review`'s win rate.
pub fn svg(review: &Review) -> String {
    let n = review.record.moves.len();
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x = |k: usize| LEFT + pw * k as f64 / n.max(1) as f64;
    let y = |wr: f64| TOP + ph * (1.0 - wr.clamp(0.0, 1.0));
    let names = format!(
        "{} (Black) vs {} (White)",
        review.record.black_name.as_deref().unwrap_or("Black"),
        review.record.white_name.as_deref().unwrap_or("White")
    );
    let title = format!("{names}: Black's win rate by move, Tengen review");
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" \
         height=\"{H}\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>{}</title>\n\
         <rect x=\"0\" y=\"0\" width=\"{W}\" height=\"{H}\" fill=\"white\"/>\n\
         <text x=\"{LEFT}\" y=\"20\" font-size=\"14\">{}</text>\n",
        escape(&title),
        escape(&names)
    );
    // frame, grid and labels
    s.push_str(&format!(
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#f4f4f4\" stroke=\"#888\"/>\n",
        num(pw),
        num(ph)
    ));
    for (wr, label) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        s.push_str(&format!(
            "<line x1=\"{LEFT}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n\
             <text x=\"{2}\" y=\"{3}\" text-anchor=\"end\">{label}</text>\n",
            num(y(wr)),
            num(LEFT + pw),
            num(LEFT - 6.0),
            num(y(wr) + 4.0)
        ));
    }
    let step = match n {
        0..=60 => 10,
        61..=200 => 25,
        _ => 50,
    };
    for k in (step..=n).step_by(step) {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{k}</text>\n",
            num(x(k)),
            num(H - BOTTOM + 16.0)
        ));
    }
    // the line: one point per move
    let points: Vec<String> = (1..=n)
        .filter_map(|k| review.evals.get(k))
        .enumerate()
        .map(|(i, e)| format!("{},{}", num(x(i + 1)), num(y(e.black_winrate))))
        .collect();
    s.push_str(&format!(
        "<polyline class=\"winrate\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.5\" points=\"{}\"/>\n",
        points.join(" ")
    ));
    for v in review.verdicts().iter().filter(|v| v.mistake) {
        let Some(e) = review.evals.get(v.number) else {
            continue;
        };
        s.push_str(&format!(
            "<circle class=\"mistake\" cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"#d22\"><title>move {} {} {}: loses {}</title></circle>\n",
            num(x(v.number)),
            num(y(e.black_winrate)),
            v.number,
            color_letter(v.color),
            vertex_text(v.mv),
            percent(v.loss)
        ));
    }
    if n == 0 {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">no moves</text>\n",
            num(LEFT + pw / 2.0),
            num(TOP + ph / 2.0)
        ));
    }
    s.push_str("</svg>\n");
    s
}
