//! GoGui's board graphics as text: the lines of the `gfx` analyze type (`VAR`, `INFLUENCE`,
//! `LABEL`, `MARK`, `TRIANGLE`, `CIRCLE`, `TEXT`) made from a search report or a status
//! verdict, and live graphics ([`live_block`]): the same lines written to stderr while
//! `genmove` thinks, each block opened by a line `gogui-gfx:` and closed by an empty line
//! (GoGui manual, "Live Graphics"). Formatting only: the numbers come from the engine.

use super::args::move_text;
use crate::board::{Color, Point};
use crate::rules::status::{ChainVerdict, Class};
use crate::rules::Status;
use crate::search::Report;

/// Searched moves labelled on the board by `tengen-bestmoves`.
const LABELLED: usize = 10;

/// GoGui's colour letter in `VAR`.
fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// The searched colour of `r` (`fallback` when the report names none).
fn searched(r: &Report, fallback: Color) -> Color {
    r.color.unwrap_or(fallback)
}

/// `VAR b D4 w Q16 ...`: the best move's principal variation, the searched colour first;
/// `None` when nothing was searched.
pub(super) fn pv_var(r: &Report, size: usize, color: Color) -> Option<String> {
    let best = r.moves.first()?;
    let pv: Vec<Option<Point>> = if best.pv.is_empty() {
        vec![best.mv]
    } else {
        best.pv.clone()
    };
    let mut c = searched(r, color);
    let mut out = String::from("VAR");
    for mv in pv {
        out.push_str(&format!(" {} {}", color_letter(c), move_text(mv, size)));
        c = c.opponent();
    }
    Some(out)
}

/// `INFLUENCE D4 1.00 Q16 0.42 ...`: a heat map of the searched moves, each move's visits
/// relative to the most visited one, positive (black squares) for a Black search and
/// negative (white squares) for White; `None` when no stone was searched.
pub(super) fn visit_heat(r: &Report, size: usize, color: Color) -> Option<String> {
    let most = r.moves.iter().map(|m| m.visits).max()?.max(1) as f64;
    let sign = searched(r, color).sign();
    let cells: Vec<String> = r
        .moves
        .iter()
        .filter_map(|m| m.mv.map(|p| (p, m.visits)))
        .filter(|&(_, v)| v > 0)
        .map(|(p, v)| format!("{} {:.2}", p.vertex(size), sign * v as f64 / most))
        .collect();
    (!cells.is_empty()).then(|| format!("INFLUENCE {}", cells.join(" ")))
}

/// `LABEL D4 62 Q16 55 ...`: the winrate in percent on the most searched stones.
pub(super) fn winrate_labels(r: &Report, size: usize) -> Option<String> {
    let labels: Vec<String> = r
        .moves
        .iter()
        .take(LABELLED)
        .filter_map(|m| {
            m.mv.map(|p| format!("{} {}", p.vertex(size), (m.winrate * 100.0).round() as i64))
        })
        .collect();
    (!labels.is_empty()).then(|| format!("LABEL {}", labels.join(" ")))
}

/// `TEXT best D4 winrate 62.5% after 300 playouts` (the status bar line).
pub(super) fn summary(r: &Report, size: usize) -> Option<String> {
    let b = r.moves.first()?;
    Some(format!(
        "TEXT best {} winrate {:.1}% after {} playouts",
        move_text(b.mv, size),
        b.winrate * 100.0,
        r.playouts
    ))
}

/// Joins the present lines of a gfx reply.
fn lines(parts: impl IntoIterator<Item = Option<String>>) -> String {
    parts.into_iter().flatten().collect::<Vec<_>>().join("\n")
}

/// `tengen-bestmoves`: winrate labels on the best moves, and the summary.
pub(super) fn best_moves(r: &Report, size: usize) -> String {
    lines([winrate_labels(r, size), summary(r, size)])
}

/// `tengen-pv`: the best move's principal variation, and the summary.
pub(super) fn principal_variation(r: &Report, size: usize, color: Color) -> String {
    lines([pv_var(r, size, color), summary(r, size)])
}

/// `tengen-heatmap`: the visit heat map, winrate labels on the best moves, and the summary.
pub(super) fn heat_map(r: &Report, size: usize, color: Color) -> String {
    lines([
        visit_heat(r, size, color),
        winrate_labels(r, size),
        summary(r, size),
    ])
}

/// `tengen-status_gfx`: dead chains marked with a cross, chains in seki with a triangle,
/// chains the reading left undecided (judged by playouts) with a circle, and a count.
pub(super) fn status(verdicts: &[ChainVerdict], size: usize) -> String {
    let stones = |keep: &dyn Fn(Status, Class) -> bool| -> (usize, Vec<String>) {
        let chains: Vec<_> = verdicts
            .iter()
            .filter(|v| keep(v.status, v.class))
            .collect();
        let points = chains
            .iter()
            .flat_map(|v| v.stones.iter().map(|p| p.vertex(size).to_string()))
            .collect();
        (chains.len(), points)
    };
    let (dead, dead_points) = stones(&|s, _| s == Status::Dead);
    let (seki, seki_points) = stones(&|s, _| s == Status::Seki);
    let (open, open_points) = stones(&|_, class| class == Class::Unknown);
    let shape =
        |name: &str, ps: Vec<String>| (!ps.is_empty()).then(|| format!("{name} {}", ps.join(" ")));
    lines([
        shape("MARK", dead_points),
        shape("TRIANGLE", seki_points),
        shape("CIRCLE", open_points),
        Some(format!(
            "TEXT {} chains: {dead} dead (x), {seki} in seki (triangle), {open} judged by playouts (circle)",
            verdicts.len()
        )),
    ])
}

/// One live-graphics block for a search report of `color` on a board of `size`: a line
/// `gogui-gfx:`, the principal variation, the visit heat map and the summary, an empty line
/// (GoGui manual, "Live Graphics"); `None` when nothing was searched yet.
pub(super) fn live_block(r: &Report, size: usize, color: Color) -> Option<String> {
    let body = lines([
        pv_var(r, size, color),
        visit_heat(r, size, color),
        summary(r, size),
    ]);
    (!body.is_empty()).then(|| format!("gogui-gfx:\n{body}\n\n"))
}

/// Clears GoGui's live markup (sent when the move is decided, so that a late block cannot
/// linger on the board).
pub(super) const LIVE_CLEAR: &str = "gogui-gfx: CLEAR\n";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MoveInfo;

    const SIZE: usize = 9;

    fn at(x: usize, y: usize) -> Option<Point> {
        Some(Point::new(x, y, SIZE))
    }

    fn report(color: Color) -> Report {
        let info = |mv, visits, winrate, pv| MoveInfo {
            mv,
            visits,
            winrate,
            score_lead: 0.0,
            prior: 0.0,
            lcb: 0.0,
            pv,
            ..MoveInfo::default()
        };
        Report {
            color: Some(color),
            playouts: 400,
            moves: vec![
                info(at(2, 2), 300, 0.625, vec![at(2, 2), at(6, 6), None]),
                info(at(4, 4), 75, 0.5, vec![]),
                info(None, 25, 0.25, vec![]),
            ],
            ..Report::default()
        }
    }

    #[test]
    fn variation_heat_map_and_labels() {
        let r = report(Color::White);
        assert_eq!(
            pv_var(&r, SIZE, Color::Black).as_deref(),
            Some("VAR w C3 b G7 w pass")
        );
        // relative to the most visited move, negative (white squares) for White; no pass
        assert_eq!(
            visit_heat(&r, SIZE, Color::Black).as_deref(),
            Some("INFLUENCE C3 -1.00 E5 -0.25")
        );
        assert_eq!(
            heat_map(&report(Color::Black), SIZE, Color::Black),
            "INFLUENCE C3 1.00 E5 0.25\nLABEL C3 63 E5 50\n\
             TEXT best C3 winrate 62.5% after 400 playouts"
        );
        // a move without a variation is its own variation
        let mut one = report(Color::Black);
        one.moves.truncate(1);
        one.moves[0].pv.clear();
        assert_eq!(
            principal_variation(&one, SIZE, Color::White).lines().next(),
            Some("VAR b C3")
        );
        // nothing searched: nothing drawn
        let empty = Report::default();
        assert_eq!(principal_variation(&empty, SIZE, Color::Black), "");
        assert_eq!(best_moves(&empty, SIZE), "");
    }

    #[test]
    fn status_marks_dead_seki_and_undecided_chains() {
        let chain = |ps: Vec<Point>, status, class| ChainVerdict {
            stones: ps,
            color: Color::Black,
            class,
            status,
            reason: String::new(),
            estimated: false,
        };
        let p = |x, y| Point::new(x, y, SIZE);
        let verdicts = vec![
            chain(vec![p(0, 0), p(1, 0)], Status::Dead, Class::None),
            chain(vec![p(4, 4)], Status::Alive, Class::First),
            chain(vec![p(8, 8)], Status::Seki, Class::Second),
            chain(vec![p(6, 0)], Status::Dead, Class::Unknown),
        ];
        assert_eq!(
            status(&verdicts, SIZE),
            "MARK A1 B1 G1\nTRIANGLE J9\nCIRCLE G1\n\
             TEXT 4 chains: 2 dead (x), 1 in seki (triangle), 1 judged by playouts (circle)"
        );
    }

    #[test]
    fn live_blocks() {
        assert_eq!(live_block(&Report::default(), SIZE, Color::Black), None);
        assert_eq!(
            live_block(&report(Color::Black), SIZE, Color::Black).as_deref(),
            Some(
                "gogui-gfx:\nVAR b C3 w G7 b pass\nINFLUENCE C3 1.00 E5 0.25\n\
                 TEXT best C3 winrate 62.5% after 400 playouts\n\n"
            )
        );
        assert_eq!(LIVE_CLEAR, "gogui-gfx: CLEAR\n");
    }
}
