//! The analysis commands' arguments and output lines: [`AnalyzeArgs`] from the words of
//! `lz-analyze`, `kata-analyze`, Sabaki's `analyze` and their `genmove_analyze` forms, and
//! [`info_line`], one streamed line of a search report in each client's dialect.

use super::args::{move_text, parse_int, SYNTAX};
use crate::board::{Color, Point};
use crate::rules::Game;
use crate::search::Report;

/// Analysis output dialects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Flavor {
    /// Leela Zero (`lz-analyze`): winrate, prior and lcb as integers in 1/10000.
    Lz,
    /// KataGo (`kata-analyze`): reals in 0..1, score fields, ownership on request.
    Kata,
    /// Sabaki's generic `analyze`/`genmove_analyze` (its "Engine Analysis Integration"
    /// guide): a winrate with a decimal point is read as 0..1; `scoreLead` is optional.
    Sabaki,
}

/// Analysis request parsed from the arguments of the analysis commands.
pub(super) struct AnalyzeArgs {
    /// The analysed colour (`None`: the side to move).
    pub(super) color: Option<Color>,
    /// Centiseconds between lines.
    pub(super) interval_cs: u64,
    /// `ownership true`: append the ownership map (KataGo's dialect only).
    pub(super) ownership: bool,
    /// `maxmoves N`: report at most N moves.
    pub(super) max_moves: Option<usize>,
    /// `avoid COLOUR LIST DEPTH` for the analysed colour: moves not to report.
    avoid: Vec<(Color, String)>,
    /// `allow COLOUR LIST DEPTH`: the only moves to report for that colour.
    allow: Vec<(Color, String)>,
}

impl AnalyzeArgs {
    /// Whether `mv` (a vertex text or `pass`) may be reported for colour `c`.
    pub(super) fn reports(&self, c: Color, mv: &str) -> bool {
        let listed = |lists: &[(Color, String)]| {
            lists
                .iter()
                .filter(|(lc, _)| *lc == c)
                .map(|(_, l)| l.split(',').any(|v| v.eq_ignore_ascii_case(mv)))
                .collect::<Vec<bool>>()
        };
        let avoided = listed(&self.avoid).into_iter().any(|x| x);
        let allowed = listed(&self.allow);
        !avoided && (allowed.is_empty() || allowed.into_iter().any(|x| x))
    }

    /// The points `c` may not play at the root of the search: those it may not report.
    pub(super) fn barred(&self, c: Color, game: &Game) -> Vec<Point> {
        if !self.avoid.iter().chain(&self.allow).any(|(lc, _)| *lc == c) {
            return vec![];
        }
        let size = game.size();
        game.board()
            .points()
            .into_iter()
            .filter(|p| !self.reports(c, &p.vertex(size).to_string()))
            .collect()
    }
}

/// Expected final owner of `p` in `r`, +1 Black to -1 White (0 when unknown).
pub(super) fn ownership_at(r: &Report, p: Point) -> f64 {
    r.ownership.get(p.idx()).copied().unwrap_or(0.0)
}

/// One analysis line for a board of `size`: the searched moves, best first (as `maxmoves`,
/// `allow` and `avoid` ask), then ownership when asked. `color` is the analysed colour when
/// the report names none.
pub(super) fn info_line(
    r: &Report,
    size: usize,
    color: Color,
    flavor: Flavor,
    a: &AnalyzeArgs,
) -> String {
    let color = r.color.unwrap_or(color);
    let mut out = String::new();
    let shown = r
        .moves
        .iter()
        .map(|m| (m, move_text(m.mv, size)))
        .filter(|(_, mv)| a.reports(color, mv))
        .take(a.max_moves.unwrap_or(usize::MAX));
    for (order, (m, mv)) in shown.enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        let pv = if m.pv.is_empty() {
            mv.clone()
        } else {
            m.pv.iter()
                .map(|&q| move_text(q, size))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match flavor {
            Flavor::Lz => out.push_str(&format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                m.visits,
                (m.winrate * 10000.0).round() as i64,
                (m.prior * 10000.0).round() as i64,
                (m.lcb * 10000.0).round() as i64,
            )),
            Flavor::Kata => out.push_str(&format!(
                "info move {mv} visits {} winrate {:.6} scoreMean {:.3} scoreLead {:.3} prior {:.6} lcb {:.6} order {order} pv {pv}",
                m.visits, m.winrate, m.score_lead, m.score_lead, m.prior, m.lcb,
            )),
            Flavor::Sabaki => out.push_str(&format!(
                "info move {mv} visits {} winrate {:.6} scoreLead {:.3} prior {:.6} lcb {:.6} order {order} pv {pv}",
                m.visits, m.winrate, m.score_lead, m.prior, m.lcb,
            )),
        }
    }
    if a.ownership && flavor == Flavor::Kata && !out.is_empty() {
        let sign = color.sign();
        out.push_str(" ownership");
        for y in (0..size).rev() {
            for x in 0..size {
                let o = sign * ownership_at(r, Point::new(x, y, size));
                out.push_str(&format!(" {o:.4}"));
            }
        }
    }
    out
}

/// Parses `[COLOUR] [INTERVAL] [KEY VALUE]... [allow|avoid COLOUR LIST DEPTH]...` (Leela
/// Zero, KataGo, Lizzie, Sabaki); unknown keys are a syntax error.
pub(super) fn parse_analyze_args(args: &[String]) -> Result<AnalyzeArgs, String> {
    let mut a = AnalyzeArgs {
        color: None,
        interval_cs: 10,
        ownership: false,
        max_moves: None,
        avoid: Vec::new(),
        allow: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let w = args[i].as_str();
        if let Ok(c) = w.parse::<Color>() {
            a.color = Some(c);
        } else if let Ok(n) = parse_int(w) {
            a.interval_cs = n.clamp(0, 100_000) as u64;
        } else if w == "allow" || w == "avoid" {
            // `allow|avoid COLOUR VERTEX,VERTEX,... DEPTH` (Leela Zero, KataGo, Lizzie): the
            // listed moves are left out of (or are the only ones in) the analysis lines
            let (c, list, depth) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                (Some(c), Some(l), Some(d)) => (c, l, d),
                _ => return Err(SYNTAX.into()),
            };
            let c = c.parse::<Color>().map_err(|_| SYNTAX)?;
            parse_int(depth)?;
            let vertices_ok = list.split(',').filter(|v| !v.is_empty()).all(|v| {
                v.eq_ignore_ascii_case("pass") || v.parse::<crate::board::Vertex>().is_ok()
            });
            if !vertices_ok {
                return Err(SYNTAX.into());
            }
            let lists = if w == "allow" {
                &mut a.allow
            } else {
                &mut a.avoid
            };
            lists.push((c, list.to_string()));
            i += 3;
        } else {
            let v = args.get(i + 1).ok_or(SYNTAX)?;
            match w {
                "interval" => a.interval_cs = parse_int(v)?.clamp(0, 100_000) as u64,
                "ownership" => a.ownership = v.eq_ignore_ascii_case("true"),
                "maxmoves" => a.max_moves = Some(parse_int(v)?.clamp(0, 1 << 20) as usize),
                // accepted and ignored: KataGo's other analysis options
                "minmoves" | "pvVisits" | "ownershipStdev" | "movesOwnership" | "rootInfo" => {}
                _ => return Err(SYNTAX.into()),
            }
            i += 1;
        }
        i += 1;
    }
    if a.interval_cs == 0 {
        a.interval_cs = 10;
    }
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyze_args_allow_avoid_and_maxmoves() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let a = parse_analyze_args(&words("b 10 maxmoves 3 avoid b Q4,D16 1 allow w C3,pass 2"))
            .unwrap();
        assert_eq!(a.color, Some(Color::Black));
        assert_eq!(a.max_moves, Some(3));
        assert!(!a.reports(Color::Black, "Q4"));
        assert!(!a.reports(Color::Black, "d16"));
        assert!(a.reports(Color::Black, "C3"));
        assert!(a.reports(Color::White, "C3"));
        assert!(a.reports(Color::White, "pass"));
        assert!(
            !a.reports(Color::White, "Q4"),
            "allow lists the only moves for White"
        );
        // Lizzie's avoid form, and broken ones
        assert!(parse_analyze_args(&words("10 avoid b Q4,D16,R3 1 avoid w Q4,D16,R3 1")).is_ok());
        for bad in [
            "avoid b Q4",
            "avoid x Q4 1",
            "avoid b I5 1",
            "allow b Q4 x",
            "maxmoves x",
        ] {
            assert!(parse_analyze_args(&words(bad)).is_err(), "{bad}");
        }
    }

    fn report() -> Report {
        let size = 9;
        let mv = |x, y| Some(Point::new(x, y, size));
        let info = |m: Option<Point>, visits, winrate| crate::search::MoveInfo {
            mv: m,
            visits,
            winrate,
            score_lead: 2.5,
            prior: 0.125,
            lcb: winrate - 0.05,
            pv: vec![m, mv(4, 4)],
            ..Default::default()
        };
        Report {
            color: Some(Color::White),
            playouts: 300,
            moves: vec![info(mv(2, 2), 200, 0.625), info(None, 100, 0.5)],
            ..Report::default()
        }
    }

    #[test]
    fn each_dialect_writes_its_winrate() {
        let a = parse_analyze_args(&[]).unwrap();
        let r = report();
        let lz = info_line(&r, 9, Color::Black, Flavor::Lz, &a);
        assert_eq!(
            lz,
            "info move C3 visits 200 winrate 6250 prior 1250 lcb 5750 order 0 pv C3 E5 \
             info move pass visits 100 winrate 5000 prior 1250 lcb 4500 order 1 pv pass E5"
        );
        // Sabaki reads a winrate with a decimal point as 0..1, without one as 1/10000
        let sabaki = info_line(&r, 9, Color::Black, Flavor::Sabaki, &a);
        assert!(
            sabaki.starts_with(
                "info move C3 visits 200 winrate 0.625000 scoreLead 2.500 prior 0.125000 \
                 lcb 0.575000 order 0 pv C3 E5 info move pass "
            ),
            "{sabaki}"
        );
        let kata = info_line(&r, 9, Color::Black, Flavor::Kata, &a);
        assert!(kata.contains("winrate 0.625000 scoreMean 2.500 scoreLead 2.500"));
        // ownership only in KataGo's dialect, from the analysed colour's view
        let own = parse_analyze_args(&["ownership".into(), "true".into()]).unwrap();
        let k = info_line(&r, 9, Color::Black, Flavor::Kata, &own);
        assert_eq!(
            k.split(" ownership ").nth(1).map(|o| o.split(' ').count()),
            Some(81)
        );
        assert!(!info_line(&r, 9, Color::Black, Flavor::Sabaki, &own).contains("ownership"));
    }
}
