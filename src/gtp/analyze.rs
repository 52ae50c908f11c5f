//! The analysis commands' arguments and output lines: [`AnalyzeArgs`] from the words of
//! `lz-analyze`, `kata-analyze`, Sabaki's `analyze` and their `genmove_analyze` forms, and
//! [`info_line`], one streamed line of a search report in each client's dialect.

use super::args::{move_text, parse_int, parse_seconds, SYNTAX};
use crate::board::{Color, Point};
use crate::rules::Game;
use crate::search::Report;

/// Analysis output dialects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Flavor {
    /// Leela Zero (`lz-analyze`): winrate, prior and lcb as integers in 1/10000, and
    /// KataGo's `scoreMean` in points (Lizzie shows it).
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
    /// `ownershipStdev true`: append the spread of the ownership (KataGo's dialect only).
    pub(super) ownership_stdev: bool,
    /// `movesOwnership true`: each move's ownership map after its `pv` (KataGo's only).
    pub(super) moves_ownership: bool,
    /// `pvVisits true`: each move's `pvVisits` after its `pv` (KataGo's dialect only).
    pub(super) pv_visits: bool,
    /// `rootInfo true`: a `rootInfo` entry after the moves (KataGo's dialect only).
    pub(super) root_info: bool,
    /// `maxmoves N`: report at most N moves.
    pub(super) max_moves: Option<usize>,
    /// `maxvisits N`: end after N playouts.
    pub(super) max_visits: Option<u64>,
    /// `maxtime SECONDS`: end after this long.
    pub(super) max_time: Option<f64>,
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
            // Leela Zero's fields, and KataGo's scoreMean (points for the side to move),
            // which Lizzie reads from these lines too and shows on each candidate
            Flavor::Lz => out.push_str(&format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} scoreMean {:.3} order {order} pv {pv}",
                m.visits,
                (m.winrate * 10000.0).round() as i64,
                (m.prior * 10000.0).round() as i64,
                (m.lcb * 10000.0).round() as i64,
                m.score_lead,
            )),
            Flavor::Kata => {
                // KataGo's fields in KataGo's order; Tengen's utility is the win-loss value
                out.push_str(&format!(
                    "info move {mv} visits {} utility {:.6} winrate {:.6} scoreMean {:.3} scoreStdev {:.3} scoreLead {:.3} scoreSelfplay {:.3} prior {:.6} lcb {:.6} utilityLcb {:.6} order {order} pv {pv}",
                    m.visits,
                    utility(m.winrate),
                    m.winrate,
                    m.score_lead,
                    m.score_stdev,
                    m.score_lead,
                    m.score_lead,
                    m.prior,
                    m.lcb,
                    utility(m.lcb),
                ));
                if a.pv_visits {
                    let visits: Vec<String> = m.pv_visits.iter().map(u64::to_string).collect();
                    out.push_str(&format!(" pvVisits {}", visits.join(" ")));
                }
                if a.moves_ownership {
                    out.push_str(" movesOwnership");
                    push_board(&mut out, size, |p| {
                        color.sign() * m.ownership.get(p.idx()).copied().unwrap_or(0.0)
                    });
                }
            }
            Flavor::Sabaki => out.push_str(&format!(
                "info move {mv} visits {} winrate {:.6} scoreLead {:.3} prior {:.6} lcb {:.6} order {order} pv {pv}",
                m.visits, m.winrate, m.score_lead, m.prior, m.lcb,
            )),
        }
    }
    if flavor != Flavor::Kata || out.is_empty() {
        return out;
    }
    if a.root_info {
        out.push_str(&format!(
            " rootInfo visits {} utility {:.6} winrate {:.6} scoreMean {:.3} scoreStdev {:.3} scoreLead {:.3} scoreSelfplay {:.3}",
            r.reused + r.playouts,
            utility(r.winrate),
            r.winrate,
            r.score_lead,
            r.score_stdev,
            r.score_lead,
            r.score_lead,
        ));
    }
    if a.ownership {
        let sign = color.sign();
        out.push_str(" ownership");
        push_board(&mut out, size, |p| sign * ownership_at(r, p));
    }
    if a.ownership_stdev {
        out.push_str(" ownershipStdev");
        push_board(&mut out, size, |p| {
            r.ownership_stdev.get(p.idx()).copied().unwrap_or(0.0)
        });
    }
    out
}

/// KataGo's utility of a winrate when it has no score term: the win-loss value, -1..1.
fn utility(winrate: f64) -> f64 {
    2.0 * winrate - 1.0
}

/// Appends one value per point, row-major from the top left (A19 on 19x19) as KataGo writes
/// its boards.
fn push_board(out: &mut String, size: usize, value: impl Fn(Point) -> f64) {
    for y in (0..size).rev() {
        for x in 0..size {
            out.push_str(&format!(" {:.4}", value(Point::new(x, y, size))));
        }
    }
}

/// Whether `w` can be a key: an ASCII letter, then ASCII letters, digits and underscores (as
/// every key of Leela Zero and KataGo is). Any other word is no key but a malformed request.
fn is_key_word(w: &str) -> bool {
    let mut b = w.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic())
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// A boolean value of an analysis key: `true` or `false` (any case), `1` or `0`.
fn parse_bool(v: &str) -> Result<bool, String> {
    crate::engine::settings::boolean(v).ok_or_else(|| SYNTAX.into())
}

/// Most seconds a `maxtime` may ask for.
const MAX_TIME: f64 = 1.0e6;

/// Parses `[COLOUR] [INTERVAL] [KEY VALUE]... [allow|avoid COLOUR LIST DEPTH]...` (Leela
/// Zero, KataGo, Lizzie, Sabaki). A malformed value of a known key is a syntax error; an
/// unknown key is skipped with its value (clients send KataGo's newer keys to every
/// engine), with a warning in the log; a word that cannot be a key ([`is_key_word`]) and a
/// key without a value are syntax errors.
pub(super) fn parse_analyze_args(args: &[String]) -> Result<AnalyzeArgs, String> {
    let mut a = AnalyzeArgs {
        color: None,
        interval_cs: 10,
        ownership: false,
        ownership_stdev: false,
        moves_ownership: false,
        pv_visits: false,
        root_info: false,
        max_moves: None,
        max_visits: None,
        max_time: None,
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
            if !is_key_word(w) {
                return Err(SYNTAX.into());
            }
            // a key without a value, known or not, is malformed (KataGo refuses it too)
            let Some(v) = args.get(i + 1) else {
                return Err(SYNTAX.into());
            };
            match w.to_ascii_lowercase().as_str() {
                "interval" => a.interval_cs = parse_int(v)?.clamp(0, 100_000) as u64,
                "ownership" => a.ownership = parse_bool(v)?,
                "ownershipstdev" => a.ownership_stdev = parse_bool(v)?,
                "movesownership" => a.moves_ownership = parse_bool(v)?,
                "pvvisits" => a.pv_visits = parse_bool(v)?,
                "rootinfo" => a.root_info = parse_bool(v)?,
                "maxmoves" => a.max_moves = Some(parse_int(v)?.clamp(0, 1 << 20) as usize),
                // every legal move has a line once searched; fewer are never padded
                "minmoves" => {
                    parse_int(v)?;
                }
                "maxvisits" => {
                    let n = parse_int(v)?;
                    if n < 1 {
                        return Err(SYNTAX.into());
                    }
                    a.max_visits = Some(n as u64);
                }
                "maxtime" => {
                    let t = parse_seconds(v)?;
                    if t <= 0.0 {
                        return Err(SYNTAX.into());
                    }
                    a.max_time = Some(t.min(MAX_TIME));
                }
                _ => log::warn!("analysis: unknown key '{w}' ignored with its value '{v}'"),
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

    #[test]
    fn limits_extras_and_unknown_keys() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let a = parse_analyze_args(&words(
            "w 20 maxvisits 500 maxtime 2.5 pvVisits true movesOwnership TRUE ownershipStdev 1 \
             rootInfo false MaxVisits 400 movesOwnershipStdev true pvEdgeVisits true",
        ))
        .unwrap();
        assert_eq!(a.color, Some(Color::White));
        assert_eq!((a.max_visits, a.max_time), (Some(400), Some(2.5)));
        assert!(a.pv_visits && a.moves_ownership && a.ownership_stdev && !a.root_info);
        // an unknown key with its value is skipped
        let a = parse_analyze_args(&words("b 10 futureKey 3")).unwrap();
        assert_eq!((a.max_visits, a.max_time), (None, None));
        assert_eq!(a.interval_cs, 10);
        for bad in [
            // a key without a value, known or not (issue 55: an analysis that never ended)
            "b 10 futureKey",
            "abc",
            "10 foo",
            "maxvisits",
            "maxvisits 0",
            "maxvisits -5",
            "maxvisits 1.5",
            "maxtime 0",
            "maxtime -1",
            "maxtime soon",
            "ownership yes",
            "pvVisits",
            "rootInfo maybe",
            "minmoves x",
            "\u{663}",
            "b \u{663}",
            "\u{e9}\u{e9}\u{e9} \u{e9}",
            "\"\" 1",
            "future-key 1",
        ] {
            assert!(parse_analyze_args(&words(bad)).is_err(), "{bad}");
        }
        let long = parse_analyze_args(&words("maxtime 1e300")).unwrap();
        assert_eq!(long.max_time, Some(MAX_TIME));
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
            "info move C3 visits 200 winrate 6250 prior 1250 lcb 5750 scoreMean 2.500 order 0 pv C3 E5 \
             info move pass visits 100 winrate 5000 prior 1250 lcb 4500 scoreMean 2.500 order 1 pv pass E5"
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
        assert!(
            kata.starts_with(
                "info move C3 visits 200 utility 0.250000 winrate 0.625000 scoreMean 2.500 \
                 scoreStdev 0.000 scoreLead 2.500 scoreSelfplay 2.500 prior 0.125000 \
                 lcb 0.575000 utilityLcb 0.150000 order 0 pv C3 E5 info move pass "
            ),
            "{kata}"
        );
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
