//! The reviewed record: what each move's node says, in words (`C`) and for Lizzie (`LZ`).
//!
//! The comment of move `n` has one fixed form, a line each, always from Black's and
//! White's side by name:
//! ```text
//! Move 37: W D4
//! Win rate: Black 62.4%, White 37.6%
//! Score lead: B+5.5
//! Loss: White 12.3%, 4.5 points
//! Tengen: Q16 (White 49.9%)
//! Mistake: White loses 12.3% (more than 10.0%); Tengen's line is a variation
//! Searched: 3000 playouts, again at 36000 playouts
//! ```
//! (the `Tengen` line when the position before had candidates, the `Mistake` line on
//! mistakes only, `again` when the positions around the move were searched a second
//! time, with the playouts of all the second searches of the position before it). The loss is [`super::loss`]'s: never negative, so a move shows no gain.
//!
//! Lizzie 0.7.4 keeps its analysis in an `LZ` property per node, which its `SGFParser`
//! reads back when the file is opened and from which its win-rate graph is drawn: a first
//! line `VERSION WINRATE PLAYOUTS`, where WINRATE is the win rate in percent of the player
//! who made the node's move (Lizzie stores 100 minus it as the win rate of the side to move,
//! and draws a node only when PLAYOUTS is above 0), then a second line of candidates in
//! Leela Zero's `lz-analyze` form, `move D4 visits N winrate W prior P lcb L scoreMean S
//! pv D4 Q16 ... info ` once per candidate, W, P and L in hundredths of a percent for the
//! side to move. VERSION is Lizzie's own version, which Lizzie writes and does not check.

use super::{Eval, Review};
use crate::board::{Color, Vertex};
use crate::sgf::{self, Notes, Variation};

/// The version written in `LZ` (Lizzie writes its own there).
pub const LZ_VERSION: &str = "0.7.4";

/// Moves of the engine's line kept in a mistake's variation.
const VARIATION_MOVES: usize = 12;

/// A share as a percentage with one decimal: `0.1234` -> `12.3%`.
pub fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// `B` or `W`.
pub fn color_letter(c: Color) -> &'static str {
    if c == Color::Black {
        "B"
    } else {
        "W"
    }
}

/// `Black` or `White`.
pub fn color_name(c: Color) -> &'static str {
    if c == Color::Black {
        "Black"
    } else {
        "White"
    }
}

/// A move as GTP writes it: `D4` or `pass`.
pub fn vertex_text(v: Option<Vertex>) -> String {
    v.map_or_else(|| "pass".to_string(), |v| v.to_string())
}

/// Black's score lead in words: `B+5.5`, `W+2.0` or `even`.
pub fn lead_text(black_lead: f64) -> String {
    if black_lead.abs() < 0.05 {
        "even".into()
    } else if black_lead > 0.0 {
        format!("B+{black_lead:.1}")
    } else {
        format!("W+{:.1}", -black_lead)
    }
}

/// `share` of `c` as Black's share.
fn for_black(c: Color, share: f64) -> f64 {
    if c == Color::Black {
        share
    } else {
        1.0 - share
    }
}

/// The `LZ` value of the node of a move by `mover` whose resulting position is `after`.
pub fn lz_value(mover: Color, after: &Eval) -> String {
    let mover_winrate = for_black(mover, after.black_winrate);
    let hundredths = |x: f64| (x.clamp(0.0, 1.0) * 10_000.0).round() as i64;
    let mut info = String::new();
    for c in after.candidates.iter().filter(|c| c.visits > 0) {
        let pv: Vec<String> = c.pv.iter().map(|&v| vertex_text(v)).collect();
        info.push_str(&format!(
            "move {} visits {} winrate {} prior {} lcb {} scoreMean {:.2} pv {} info ",
            vertex_text(c.mv),
            c.visits,
            hundredths(c.winrate),
            hundredths(c.prior),
            hundredths(c.lcb),
            c.lead,
            if pv.is_empty() {
                vertex_text(c.mv)
            } else {
                pv.join(" ")
            }
        ));
    }
    format!(
        "{LZ_VERSION} {:.1} {}\n{}",
        (mover_winrate * 100.0).clamp(0.0, 100.0),
        after.playouts.max(1),
        info.trim_end()
    )
}

/// The comment of move `number` (1-based) of `review`.
pub fn move_comment(review: &Review, number: usize) -> String {
    let Some(&(mover, mv)) = review.record.moves.get(number - 1) else {
        return String::new();
    };
    let (Some(before), Some(after)) = (review.evals.get(number - 1), review.evals.get(number))
    else {
        return String::new();
    };
    let verdict = review.verdicts().into_iter().find(|v| v.number == number);
    let mut lines = vec![
        format!("Move {number}: {} {}", color_letter(mover), vertex_text(mv)),
        format!(
            "Win rate: Black {}, White {}",
            percent(after.black_winrate),
            percent(1.0 - after.black_winrate)
        ),
        format!("Score lead: {}", lead_text(after.black_lead)),
    ];
    if let Some(v) = &verdict {
        lines.push(format!(
            "Loss: {} {}, {:.1} points",
            color_name(mover),
            percent(v.loss),
            v.points
        ));
    }
    if let Some(best) = before.candidates.first() {
        lines.push(format!(
            "Tengen: {} ({} {})",
            vertex_text(best.mv),
            color_name(before.color),
            percent(best.winrate)
        ));
    }
    if let Some(v) = verdict.as_ref().filter(|v| v.mistake) {
        lines.push(format!(
            "Mistake: {} loses {} (more than {}); Tengen's line is a variation",
            color_name(mover),
            percent(v.loss),
            percent(review.threshold)
        ));
    }
    lines.push(match &verdict {
        Some(v) if v.rechecked => format!(
            "Searched: {}, again at {} playouts",
            review.budget, before.playouts
        ),
        _ => format!("Searched: {}", review.budget),
    });
    lines.join("\n")
}

/// The engine's line at the position before move `number`, as a variation with its
/// comment (`None` when the search had no candidate).
fn variation(review: &Review, number: usize) -> Option<Variation> {
    let before = review.evals.get(number - 1)?;
    let best = before.candidates.first()?;
    let mut color = before.color;
    let line: Vec<Option<Vertex>> = if best.pv.is_empty() {
        vec![best.mv]
    } else {
        best.pv.clone()
    };
    let moves = line
        .into_iter()
        .take(VARIATION_MOVES)
        .map(|v| {
            let m = (color, v);
            color = color.opponent();
            m
        })
        .collect();
    Some(Variation {
        moves,
        props: vec![(
            "C".into(),
            format!(
                "Tengen's line instead of move {number}: {} {}, {} {}, score lead {}",
                color_letter(before.color),
                vertex_text(best.mv),
                color_name(before.color),
                percent(best.winrate),
                lead_text(if before.color == Color::Black {
                    best.lead
                } else {
                    -best.lead
                })
            ),
        )],
    })
}

/// The root's comment: how the review was made and its summary.
fn root_comment(review: &Review) -> String {
    format!(
        "Reviewed by Tengen {}: {} a position, rules {}, komi {}\n{}",
        env!("CARGO_PKG_VERSION"),
        review.budget,
        review.rules,
        review.record.komi,
        review.summary().replace("  ", "")
    )
    .trim_end()
    .to_string()
}

/// The reviewed record as SGF text: the record's main line with every move's comment and
/// `LZ`, `BM` on mistakes (`BM[2]` when they lose more than twice the threshold) with the
/// engine's line as a variation, and the summary in the root's comment.
pub fn reviewed_sgf(review: &Review) -> String {
    let verdicts = review.verdicts();
    let mut notes = vec![Notes {
        props: vec![("C".into(), root_comment(review))],
        variations: vec![],
    }];
    for (i, &(mover, _)) in review.record.moves.iter().enumerate() {
        let number = i + 1;
        let mut n = Notes::default();
        n.props.push(("C".into(), move_comment(review, number)));
        if let Some(after) = review.evals.get(number) {
            n.props.push(("LZ".into(), lz_value(mover, after)));
        }
        if let Some(v) = verdicts.iter().find(|v| v.number == number && v.mistake) {
            let strength = if v.loss > 2.0 * review.threshold {
                "2"
            } else {
                "1"
            };
            n.props.push(("BM".into(), strength.into()));
            n.variations.extend(variation(review, number));
        }
        notes.push(n);
    }
    sgf::write_annotated(&review.record, &notes)
}
