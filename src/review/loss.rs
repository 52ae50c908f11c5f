//! What each move of a reviewed game lost. Two measures; a move's loss is the line's,
//! raised towards the search's where that is larger, in full where the search visited the
//! move enough to measure it ([`of_move`]):
//! - **the game's own line**, read backward: a position is worth at least what the move
//!   played from it achieved, so the value of every position for its side to move is
//!   raised to the value of the position after its move (Black's win rate is the larger
//!   of the two where Black moves, the smaller where White does). A refutation that the
//!   search sees only once it is on the board then shows as the loss of the move it
//!   answered, not as the gain of the reply;
//! - **one search**: in the search of the position before the move, the move played against
//!   the engine's choice (win rate) and against the whole search's lead (points), when the
//!   move played had visits enough to be measured.
//!
//! Both in win rate and in points of score lead, each from the mover's side. The summary
//! lists each side's largest losses in points ([`listed_order`]): win rates near 0 or 1, or
//! in a close endgame, magnify or shrink the same loss, points do not. Which moves are
//! searched again before they are called mistakes is [`wanted_rechecks`]'s choice.

use super::Eval;
use crate::board::{Color, Vertex};

/// Moves listed per side in the summary, and rechecked among the largest losses.
pub const LISTED: usize = 5;

/// Visits the move played needs in the search before it for that search's own comparison
/// (a twentieth of the search, at least 50): fewer visits measure nothing.
pub fn min_visits(playouts: u64) -> u64 {
    (playouts / 20).max(50)
}

/// Black's win rate and lead of every position with the game's line as a lower bound for
/// the side to move, and where each value came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Black's win rate of each position, raised (or lowered) along the line.
    pub winrate: Vec<f64>,
    /// Black's lead of each position, raised (or lowered) along the line.
    pub lead: Vec<f64>,
    /// The position whose own search gave each position's win rate (itself or a later one).
    pub winrate_from: Vec<usize>,
    /// The position whose own search gave each position's lead.
    pub lead_from: Vec<usize>,
}

/// How close, in standard errors of their difference, a position's own lead comes to the
/// later value the game's line carried past it for that position to count among a loss's
/// sources ([`Line::sources`]). Its reading decides whether the line passes it: on
/// pachi19-2026-11-27-g1 one seed left the position after move 25 at its first pass
/// (Black +0.3, the others' deep readings 1.7 to 2.7 points lower for Black), so the line
/// carried the value of the position after move 27 past it, and F14 (move 24) read 6.6
/// points lost against 4.2 to 5.6 with other seeds.
pub const CHAIN_ERRORS: f64 = 2.0;

impl Line {
    /// The positions whose searches decide what move `i` lost along the line, each with the
    /// share of its lead's standard error that counts in the loss's: before and after the
    /// move and the later ones their values were taken from in full; the positions between
    /// whose own lead comes within [`CHAIN_ERRORS`] of the value carried past them (a surer
    /// reading may stop the line there) by the chance that it does, from the normal curve
    /// (a half where the two are equal, a sixth one standard error apart).
    pub fn sources(&self, i: usize, evals: &[Eval]) -> Vec<(usize, f64)> {
        let mut at: Vec<(usize, f64)> = vec![(i, 1.0), (i + 1, 1.0)];
        for from in [&self.winrate_from, &self.lead_from] {
            at.extend(
                [i, i + 1]
                    .iter()
                    .filter_map(|&j| Some((*from.get(j)?, 1.0))),
            );
        }
        let error = |k: usize| evals.get(k).map_or(0.0, |e| e.lead_error);
        for j in [i, i + 1] {
            let Some(&end) = self.lead_from.get(j) else {
                continue;
            };
            let carried = self.lead.get(end).copied().unwrap_or(0.0);
            at.extend((j + 1..end).filter_map(|k| {
                let spread = in_quadrature(&[error(k), error(end)]);
                let z = (evals.get(k)?.black_lead - carried).abs() / spread;
                // the normal curve's tail beyond z, to within 0.01
                (z < CHAIN_ERRORS).then(|| (k, 1.0 / (1.0 + (1.702 * z).exp())))
            }));
        }
        // each position once, at its largest share
        at.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        at.dedup_by_key(|p| p.0);
        at
    }
}

/// The game's line read backward over `evals`: `moves[i]` leads from position `i` to
/// position `i + 1`, and each position's value for its side to move is raised to the value
/// of the position after its move.
pub fn line_values(moves: &[(Color, Option<Vertex>)], evals: &[Eval]) -> Line {
    let n = evals.len();
    let mut line = Line {
        winrate: evals.iter().map(|e| e.black_winrate).collect(),
        lead: evals.iter().map(|e| e.black_lead).collect(),
        winrate_from: (0..n).collect(),
        lead_from: (0..n).collect(),
    };
    for i in (0..n.saturating_sub(1)).rev() {
        let Some(&(mover, _)) = moves.get(i) else {
            continue;
        };
        // Black keeps the larger of the two, White the smaller
        let better = |a: f64, b: f64| match mover {
            Color::Black => b > a,
            Color::White => b < a,
        };
        if better(line.winrate[i], line.winrate[i + 1]) {
            line.winrate[i] = line.winrate[i + 1];
            line.winrate_from[i] = line.winrate_from[i + 1];
        }
        if better(line.lead[i], line.lead[i + 1]) {
            line.lead[i] = line.lead[i + 1];
            line.lead_from[i] = line.lead_from[i + 1];
        }
    }
    line
}

/// What the move from `before` lost within that one search, win rate and points, from the
/// mover's side (`None` when the search was not the mover's or the move played had too few
/// visits to say). Win rate: the engine's choice against the move played. Points: the
/// search's own lead against the move played's, paired within each of the independent
/// searches and counted at one standard error below their mean ([`Eval::played_below`]),
/// so that a measure the searches disagree on yields to the line's. The lead of the
/// engine's choice is no steady measure: the search picks among moves of nearly equal win
/// rate whose leads differ by several points, and two seeds pick differently.
pub fn in_search(mover: Color, before: &Eval) -> Option<(f64, f64)> {
    let best = before.candidates.first()?;
    let played = before.played.as_ref()?;
    if before.color != mover || played.visits < min_visits(before.playouts) {
        return None;
    }
    if played.mv == best.mv {
        return Some((0.0, 0.0));
    }
    // points: paired within each search and counted at one standard error below their
    // mean, so that a measure the independent searches disagree on yields to the line's
    let points = match before.played_below {
        Some((mean, se)) => mean - se,
        None => mover.sign() * before.black_lead - played.lead,
    };
    Some(((best.winrate - played.winrate).max(0.0), points.max(0.0)))
}

/// The standard error of the points move `i` lost within the search before it
/// ([`in_search`]'s paired measure, [`Eval::played_below`]), times the weight it counts
/// with ([`search_weight`]), when that measure may raise the loss: the search measured the
/// move, did not choose it, and its mean reaches the line's measure. `None` otherwise. Its
/// error is the spread of the move's own lead from one search to the next (1.5 to 2 points
/// a tier of 24 searches where the move had a twentieth of the visits), far above the
/// error of the positions' leads that the line's measure depends on, so [`tiers_wanted`]
/// must count it where it decides.
pub fn search_error(mover: Color, i: usize, evals: &[Eval], line: &Line) -> Option<f64> {
    let before = evals.get(i)?;
    let (best, played) = (before.candidates.first()?, before.played.as_ref()?);
    let (mean, se) = before.played_below?;
    if played.mv == best.mv || in_search(mover, before).is_none() {
        return None;
    }
    let along = mover.sign() * (line.lead.get(i)? - line.lead.get(i + 1)?);
    (mean >= along.max(0.0)).then_some(se * search_weight(before))
}

/// The share of a search's playouts from which the move played's own numbers in that search
/// count in full ([`search_weight`]). A move the search visits little is measured by the
/// few replies it tried: on pachi19-2026-11-27-g1 the paired difference of P5 (move 99, 435
/// searches of 750 playouts) falls from 13 points where the move had 25 to 49 visits to
/// 6.6 where it had 75 or more, and the search of the position after it, 76 searches deep,
/// finds no loss at all.
pub const FULL_SHARE: f64 = 0.2;

/// How much the measure within the search before a move counts against the line's: the
/// move played's share of that search's playouts over [`FULL_SHARE`], at most 1 (0 when
/// the move is not among the search's numbers). The step from nothing to a full measure is
/// then no cliff where the share crosses [`min_visits`]'s twentieth: a twentieth counts a
/// quarter.
pub fn search_weight(before: &Eval) -> f64 {
    match &before.played {
        Some(p) => (p.visits as f64 / (before.playouts.max(1) as f64 * FULL_SHARE)).min(1.0),
        None => 0.0,
    }
}

/// One move's loss, win rate and points, from the mover's side (never negative): the
/// line's measure, raised towards the search's where that is larger, by the search's
/// weight ([`search_weight`]: in full where the move played had a fifth of its playouts).
pub fn of_move(mover: Color, i: usize, evals: &[Eval], line: &Line) -> Option<(f64, f64)> {
    let (w, l) = (&line.winrate, &line.lead);
    let (dw, dl) = (w.get(i)? - w.get(i + 1)?, l.get(i)? - l.get(i + 1)?);
    let sign = mover.sign();
    let (mut loss, mut points) = ((sign * dw).max(0.0), (sign * dl).max(0.0));
    let before = evals.get(i)?;
    if let Some((sw, sp)) = in_search(mover, before) {
        let weight = search_weight(before);
        loss += weight * (sw - loss).max(0.0);
        points += weight * (sp - points).max(0.0);
    }
    Some((loss, points))
}

/// How the positions a move's loss depends on are searched again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recheck {
    /// Not at all.
    No,
    /// A light reading (a fraction of a tier's searches, the review's choice): a loss
    /// further below the last listed one ([`LIGHT_ERRORS`]), whose first reading may be
    /// off by more than the gap. One that comes near after it gets its tier in a later
    /// round.
    Light,
    /// Once: a mistake by win rate that the summary does not list, or a loss near the
    /// last listed one ([`NEAR_EDGE`], [`EDGE_ERRORS`]).
    Once,
    /// Until the loss is sure enough ([`tiers_wanted`]): one of each side's [`LISTED`]
    /// largest losses, which must repeat on another seed.
    UntilSure,
}

/// How close, in points, a loss below a side's last listed one always counts as near it
/// ([`wanted_rechecks`]), however sure the two readings are.
pub const NEAR_EDGE: f64 = 1.0;

/// How close, in standard errors of the difference between a loss and a side's last
/// listed one, the loss counts as near it ([`wanted_rechecks`]). A loss's first reading
/// (four searches a position) has a standard error of 1 to 4 points, its positions' in
/// quadrature, so a move that another run lists fifth can read 2 to 3 points lower here:
/// on pachi19-2026-11-27-g1, O2 (move 135) read 2.0 against a fifth of 4.6 with one seed,
/// 3.4 to 4.5 in every deep reading.
pub const EDGE_ERRORS: f64 = 1.0;

/// The most moves a side gets searched again for coming near its last listed loss, the
/// nearest (in standard errors) first. The next ones get a light reading
/// ([`LIGHT_MOVES`]), and their tier in a later round if they come among the nearest: on
/// pachi19-2026-11-27-g1 ten a side took about a third of the review's searches.
pub const NEAR_EDGE_MOVES: usize = 6;

/// How close, in standard errors of the difference, a loss below a side's last listed one
/// gets a light reading ([`Recheck::Light`]) when it is not among the [`NEAR_EDGE_MOVES`]
/// nearest. On pachi19-2026-11-27-g1 one seed's first reading put O2 (move 135) 1.07
/// errors below the fifth in the first round, 1.27 in the second, both times behind ten
/// nearer losses; its deep readings list it.
pub const LIGHT_ERRORS: f64 = 2.0;

/// The most moves a side gets a light reading for ([`LIGHT_ERRORS`]), the nearest first
/// after the [`NEAR_EDGE_MOVES`]: the two together reach the twenty nearest a side.
pub const LIGHT_MOVES: usize = 14;

/// How each move's positions are searched again (by index into the moves): until sure for
/// each side's [`LISTED`] largest losses in points; once for every other move whose
/// win-rate loss passes `threshold`, and for the [`NEAR_EDGE_MOVES`] losses below the
/// listed ones that come nearest the last listed, within [`NEAR_EDGE`] points or
/// [`EDGE_ERRORS`] standard errors of their difference (a deeper reading may list them,
/// and another run may have); a light reading for the next [`LIGHT_MOVES`] within
/// [`LIGHT_ERRORS`]; not at all for the rest. `losses` holds each move's mover, win-rate
/// loss and points lost, `errors` the standard error of each move's points.
pub fn wanted_rechecks(
    losses: &[(Color, f64, f64)],
    errors: &[f64],
    threshold: f64,
) -> Vec<Recheck> {
    let mut want = vec![Recheck::No; losses.len()];
    let error = |i: usize| errors.get(i).copied().unwrap_or(0.0);
    for side in [Color::Black, Color::White] {
        let order = listed_order(losses, side);
        let Some(&last) = order.get(LISTED - 1) else {
            order.iter().for_each(|&i| want[i] = Recheck::UntilSure);
            continue;
        };
        // how far below the last listed, in standard errors of the difference, of those
        // within a light reading's reach
        let mut near: Vec<(f64, f64, usize)> = order[LISTED..]
            .iter()
            .filter_map(|&i| {
                let gap = losses[last].2 - losses[i].2;
                let spread = in_quadrature(&[error(i), error(last)]);
                (gap < NEAR_EDGE.max(LIGHT_ERRORS * spread)).then_some((
                    gap / spread.max(f64::MIN_POSITIVE),
                    gap,
                    i,
                ))
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
        // the nearest within a point or EDGE_ERRORS get a tier, the next a light reading
        let (mut once, mut light) = (Vec::new(), Vec::new());
        for &(z, gap, i) in &near {
            if (gap < NEAR_EDGE || z < EDGE_ERRORS) && once.len() < NEAR_EDGE_MOVES {
                once.push(i);
            } else if light.len() < LIGHT_MOVES {
                light.push(i);
            }
        }
        for (rank, &i) in order.iter().enumerate() {
            want[i] = if rank < LISTED {
                Recheck::UntilSure
            } else if losses[i].1 > threshold || once.contains(&i) {
                Recheck::Once
            } else if light.contains(&i) {
                Recheck::Light
            } else {
                Recheck::No
            };
        }
    }
    want
}

/// The most tiers of second searches a listed loss's positions get ([`tiers_wanted`]).
pub const MAX_TIERS: u8 = 3;

/// The most tiers of second searches the position before a listed loss gets when the
/// measure within its search decides the loss ([`search_error`]): that measure rests on
/// one position alone, so its tiers cost a third of the line's, and it needs more of them
/// (after three tiers its standard error is still about 1 point on pachi19-2026-11-27-g1).
pub const MAX_SEARCH_TIERS: u8 = 6;

/// The standard error, in points, that a listed loss's positions are searched down to
/// (within [`MAX_TIERS`] or [`MAX_SEARCH_TIERS`]): two runs with other seeds then differ
/// by more than 2 points (2.4 standard errors of their difference) in about one listed
/// loss in 50.
pub const LOSS_ERROR: f64 = 0.6;

/// How many tiers of second searches the positions a loss depends on want, `how` from
/// [`wanted_rechecks`] and `done` the tiers each has had: none for a light reading (the
/// review gives it apart), one for any other recheck, and for one until sure whose positions have all had it, one tier more than the fewest they have had
/// while the loss's standard error (from its positions' lead `errors`, added in
/// quadrature) is above [`LOSS_ERROR`], up to `cap` tiers ([`MAX_TIERS`] or
/// [`MAX_SEARCH_TIERS`]).
pub fn tiers_wanted(how: Recheck, done: &[u8], errors: &[f64], cap: u8) -> u8 {
    let least = done.iter().copied().min().unwrap_or(0);
    let error = in_quadrature(errors);
    match how {
        Recheck::No | Recheck::Light => 0,
        Recheck::UntilSure if least >= 1 && error > LOSS_ERROR => (least + 1).min(cap),
        Recheck::UntilSure if least >= 1 => least,
        _ => 1,
    }
}

/// Which positions of a listed loss that is still unsure get one more tier, for
/// [`Recheck::UntilSure`] once every position has had its first: the fewest that bring the
/// loss's standard error, as predicted, down to [`LOSS_ERROR`], the largest predicted drop
/// first. A position's lead error `errors[j]` after `searched[j]` first passes' worth of
/// reading is predicted to shrink by the square root of `searched / (searched + tier)` with
/// a tier (`tier` first passes) more; positions at `cap` tiers (`tiers`) are left as they
/// are. A sure position beside an unsure one is not searched again for it.
pub fn deepen(errors: &[f64], searched: &[f64], tiers: &[u8], tier: f64, cap: u8) -> Vec<bool> {
    // each position's predicted drop of the loss's variance with a tier more, the largest
    // (then the earliest) first, of those not at the cap
    let drop = |j: usize| {
        let n = searched.get(j).copied().unwrap_or(1.0);
        errors[j] * errors[j] * tier / (n.max(f64::MIN_POSITIVE) + tier)
    };
    let mut order: Vec<(f64, usize)> = (0..errors.len())
        .filter(|&j| tiers.get(j).is_some_and(|&t| t < cap))
        .map(|j| (drop(j), j))
        .collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut chosen = vec![false; errors.len()];
    let mut variance: f64 = errors.iter().map(|e| e * e).sum();
    for (d, j) in order {
        if variance.sqrt() <= LOSS_ERROR {
            break;
        }
        chosen[j] = true;
        variance -= d;
    }
    chosen
}

/// Independent standard errors added in quadrature: the error of a sum or difference.
pub fn in_quadrature(errors: &[f64]) -> f64 {
    errors.iter().map(|e| e * e).sum::<f64>().sqrt()
}

/// The moves of `side` that lost something, in the order the summary lists them: the most
/// points lost first, then the most win rate, then the earliest.
pub fn listed_order(losses: &[(Color, f64, f64)], side: Color) -> Vec<usize> {
    let mut mine: Vec<usize> = (0..losses.len())
        .filter(|&i| losses[i].0 == side && (losses[i].1 > 0.0 || losses[i].2 > 0.0))
        .collect();
    mine.sort_by(|&a, &b| {
        losses[b]
            .2
            .total_cmp(&losses[a].2)
            .then(losses[b].1.total_cmp(&losses[a].1))
            .then(a.cmp(&b))
    });
    mine
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::Candidate;

    fn mv(s: &str) -> Option<Vertex> {
        s.parse().ok()
    }

    fn cand(m: &str, visits: u64, winrate: f64, lead: f64) -> Candidate {
        Candidate {
            mv: mv(m),
            visits,
            winrate,
            lcb: winrate,
            prior: 0.1,
            lead,
            pv: vec![mv(m)],
        }
    }

    fn eval(color: Color, black_winrate: f64) -> Eval {
        Eval {
            color,
            playouts: 1000,
            black_winrate,
            black_lead: (black_winrate - 0.5) * 20.0,
            candidates: vec![],
            played: None,
            played_below: None,
            lead_error: 0.0,
            deep: false,
        }
    }

    #[test]
    fn a_refutation_seen_late_is_the_loss_of_the_move_it_answered() {
        // Black plays C3 thinking 55%; White's search after it still says 55% for Black, but
        // after White's reply the search sees Black at 38%
        let moves = [(Color::Black, mv("C3")), (Color::White, mv("D4"))];
        let evals = [
            eval(Color::Black, 0.55),
            eval(Color::White, 0.55),
            eval(Color::Black, 0.38),
        ];
        let line = line_values(&moves, &evals);
        let (b, _) = of_move(Color::Black, 0, &evals, &line).unwrap();
        let (w, _) = of_move(Color::White, 1, &evals, &line).unwrap();
        assert!((b - 0.17).abs() < 1e-9, "Black's move lost {b}");
        assert_eq!(w, 0.0, "White's reply only took what was there");
        // without the line, the position-to-position change would have been White's gain
        assert!((evals[1].black_winrate - evals[2].black_winrate - 0.17).abs() < 1e-9);
    }

    #[test]
    fn a_real_loss_by_the_opponent_is_not_spread_backward() {
        // White blunders at move 2: Black's earlier move keeps no loss, White's is the drop
        let moves = [(Color::Black, mv("C3")), (Color::White, mv("D4"))];
        let evals = [
            eval(Color::Black, 0.5),
            eval(Color::White, 0.5),
            eval(Color::Black, 0.9),
        ];
        let line = line_values(&moves, &evals);
        assert_eq!(of_move(Color::Black, 0, &evals, &line).unwrap().0, 0.0);
        let (w, p) = of_move(Color::White, 1, &evals, &line).unwrap();
        assert!((w - 0.4).abs() < 1e-9 && (p - 8.0).abs() < 1e-9, "{w} {p}");
    }

    #[test]
    fn one_search_measures_the_move_against_the_engines_choice_and_the_searchs_lead() {
        let moves = [(Color::White, mv("D4"))];
        let mut before = eval(Color::White, 0.4);
        before.candidates = vec![cand("Q16", 600, 0.6, 3.0), cand("D4", 200, 0.45, -1.0)];
        before.played = Some(cand("D4", 200, 0.45, -1.0));
        let evals = [before.clone(), eval(Color::Black, 0.4)];
        let line = line_values(&moves, &evals);
        // win rate against the engine's choice (0.60 - 0.45); points against the whole
        // search's lead for White (2.0, below its choice's 3.0) minus the move's (-1.0)
        let (w, p) = of_move(Color::White, 0, &evals, &line).unwrap();
        assert!((w - 0.15).abs() < 1e-9 && (p - 3.0).abs() < 1e-9, "{w} {p}");
        // a move whose lead is above the search's loses no points
        let mut above = before.clone();
        above.played = Some(cand("D4", 200, 0.45, 2.5));
        let (aw, ap) = in_search(Color::White, &above).unwrap();
        assert!((aw - 0.15).abs() < 1e-9 && ap == 0.0, "{aw} {ap}");
        // too few visits say nothing
        let mut thin = before.clone();
        thin.played = Some(cand("D4", 10, 0.1, -30.0));
        assert_eq!(in_search(Color::White, &thin), None);
        // the engine's own choice loses nothing within its search
        let mut own = before;
        own.played = Some(cand("Q16", 600, 0.6, 3.0));
        assert_eq!(in_search(Color::White, &own), Some((0.0, 0.0)));
        // a search for the other colour (two moves in a row) is no measure
        assert_eq!(in_search(Color::Black, &own), None);
        // paired within the searches, the points count one standard error below their mean
        let mut paired = above;
        paired.played_below = Some((5.0, 1.5));
        assert_eq!(in_search(Color::White, &paired).map(|x| x.1), Some(3.5));
        paired.played_below = Some((1.0, 1.5));
        assert_eq!(in_search(Color::White, &paired).map(|x| x.1), Some(0.0));
    }

    /// White's search of 1000 playouts choosing Q16, where White played D4 with `visits`
    /// and the paired runs gave `below` (mean, standard error).
    fn white_plays_d4(visits: u64, below: (f64, f64)) -> Eval {
        let mut before = eval(Color::White, 0.4);
        before.candidates = vec![
            cand("Q16", 1000 - visits, 0.6, 3.0),
            cand("D4", visits, 0.45, -1.0),
        ];
        before.played = Some(cand("D4", visits, 0.45, -1.0));
        before.played_below = Some(below);
        before
    }

    #[test]
    fn the_searchs_own_error_counts_only_where_its_measure_may_decide() {
        let moves = [(Color::White, mv("D4"))];
        let before = white_plays_d4(200, (5.0, 1.8));
        let after = eval(Color::Black, 0.4);
        let evals = [before.clone(), after.clone()];
        let line = line_values(&moves, &evals);
        // the line says White lost nothing: the search's 5 points decide, with their error
        assert_eq!(search_error(Color::White, 0, &evals, &line), Some(1.8));
        // the line says 8 (Black's lead from -2 to 6): the search's 5 cannot decide
        let mut worse = after;
        worse.black_lead = 6.0;
        let evals2 = [before.clone(), worse];
        let line2 = line_values(&moves, &evals2);
        assert_eq!(search_error(Color::White, 0, &evals2, &line2), None);
        // the engine's own choice, too few visits, or no paired runs: nothing to count
        for change in [
            |e: &mut Eval| e.played = Some(cand("Q16", 600, 0.6, 3.0)),
            |e: &mut Eval| e.played = Some(cand("D4", 10, 0.1, -30.0)),
            |e: &mut Eval| e.played_below = None,
        ] {
            let mut e = [before.clone(), evals[1].clone()];
            change(&mut e[0]);
            assert_eq!(search_error(Color::White, 0, &e, &line), None);
        }
        // another colour's move is not this search's
        assert_eq!(search_error(Color::Black, 0, &evals, &line), None);
    }

    #[test]
    fn a_move_the_search_visited_little_counts_its_measure_in_part() {
        let moves = [(Color::White, mv("D4"))];
        // a tenth of the search's 1000 playouts: half the weight
        let before = white_plays_d4(100, (5.0, 1.0));
        let evals = [before.clone(), eval(Color::Black, 0.4)];
        let line = line_values(&moves, &evals);
        assert_eq!(search_weight(&before), 0.5);
        // the line finds no loss; the search 0.15 of win rate and 4 points (5 less 1)
        let (sw, sp) = in_search(Color::White, &before).unwrap();
        assert!(
            (sw - 0.15).abs() < 1e-9 && (sp - 4.0).abs() < 1e-9,
            "{sw} {sp}"
        );
        let (w, p) = of_move(Color::White, 0, &evals, &line).unwrap();
        assert!(
            (w - 0.075).abs() < 1e-9 && (p - 2.0).abs() < 1e-9,
            "{w} {p}"
        );
        assert_eq!(search_error(Color::White, 0, &evals, &line), Some(0.5));
        // from a fifth of the playouts on, in full
        let mut full = before.clone();
        full.played = Some(cand("D4", 200, 0.45, -1.0));
        let evals = [full.clone(), evals[1].clone()];
        assert_eq!(search_weight(&full), 1.0);
        let (w, p) = of_move(Color::White, 0, &evals, &line).unwrap();
        assert!((w - 0.15).abs() < 1e-9 && (p - 4.0).abs() < 1e-9, "{w} {p}");
        // where the line's loss is the larger, the search cannot lower it
        let mut worse = evals[1].clone();
        worse.black_lead = 6.0;
        let evals = [before, worse];
        let line = line_values(&moves, &evals);
        let (_, p) = of_move(Color::White, 0, &evals, &line).unwrap();
        assert!((p - 8.0).abs() < 1e-9, "{p}");
        // no move played in the search's numbers: no weight
        assert_eq!(search_weight(&eval(Color::White, 0.4)), 0.0);
    }

    #[test]
    fn the_line_knows_which_later_search_each_value_came_from() {
        // Black plays, White answers, Black plays: after White's answer the search sees Black
        // 6 behind, and after Black's next move 3 behind; so White's position was worth -3
        // (the position after Black's next move), and Black's first move lost 5 points
        let moves = [
            (Color::Black, mv("C3")),
            (Color::White, mv("D4")),
            (Color::Black, mv("E5")),
        ];
        let mut evals = [
            eval(Color::Black, 0.5),
            eval(Color::White, 0.5),
            eval(Color::Black, 0.5),
            eval(Color::White, 0.5),
        ];
        for (e, l) in evals.iter_mut().zip([2.0, 1.0, -6.0, -3.0]) {
            e.black_lead = l;
        }
        let line = line_values(&moves, &evals);
        assert_eq!(line.lead, vec![2.0, -3.0, -3.0, -3.0]);
        assert_eq!(line.lead_from, vec![0, 3, 3, 3]);
        // so Black's first move depends on the search of the last position too
        let at = |s: Vec<(usize, f64)>| s.into_iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(line.sources(0, &evals), vec![(0, 1.0), (1, 1.0), (3, 1.0)]);
        let (_, p) = of_move(Color::Black, 0, &evals, &line).unwrap();
        assert!((p - 5.0).abs() < 1e-9, "{p}");
        // neither later move lost anything
        assert_eq!(of_move(Color::White, 1, &evals, &line).unwrap().1, 0.0);
        assert_eq!(of_move(Color::Black, 2, &evals, &line).unwrap().1, 0.0);
        assert_eq!(at(line.sources(2, &evals)), vec![2, 3]);
        // a position the line passed over counts when its own reading is unsure enough
        // that a surer one may stop the line there (the search after White's answer may
        // underrate Black by a first reading's error): position 2 reads -6 against the -3
        // carried past it, within two errors of 1.6 but not of 1.4, and its error counts
        // by the chance that the line stops there
        evals[2].lead_error = 1.4;
        assert_eq!(at(line.sources(0, &evals)), vec![0, 1, 3]);
        evals[2].lead_error = 1.6;
        let share = |e: &[Eval]| line.sources(0, e).iter().find(|p| p.0 == 2).map(|p| p.1);
        assert!(share(&evals).is_some_and(|w| (0.03..0.05).contains(&w)));
        // one error apart: about a sixth
        evals[2].lead_error = 3.0;
        assert!(share(&evals).is_some_and(|w| (0.14..0.17).contains(&w)));
        // where the position is a source in full too, it counts in full
        assert_eq!(line.sources(1, &evals)[1], (2, 1.0));
    }

    #[test]
    fn the_listed_are_searched_again_until_sure_and_the_other_mistakes_once() {
        let b = Color::Black;
        let w = Color::White;
        // Black: seven losses (points ranked 12 > 10 > 4 > 3 > 2 > 1.5 > 1), two of them above
        // the win-rate threshold; White: one
        let losses = [
            (b, 0.01, 1.0),
            (w, 0.3, 20.0),
            (b, 0.02, 1.5),
            (w, 0.0, 0.0),
            (b, 0.15, 2.0),
            (w, 0.0, 0.0),
            (b, 0.03, 10.0),
            (w, 0.0, 0.0),
            (b, 0.04, 4.0),
            (w, 0.0, 0.0),
            (b, 0.12, 3.0),
            (w, 0.0, 0.0),
            (b, 0.05, 12.0),
        ];
        assert_eq!(listed_order(&losses, b), vec![12, 6, 8, 10, 4, 2, 0]);
        let want = wanted_rechecks(&losses, &[], 0.1);
        // the five listed until sure; the sixth once, within a point of the fifth (1.5
        // against 2); the seventh not (a point below, under the win-rate threshold);
        // White's one loss until sure
        let (n, s, o) = (Recheck::No, Recheck::UntilSure, Recheck::Once);
        assert_eq!(want, vec![n, s, o, n, s, n, s, n, s, n, s, n, s]);
        // a lower threshold makes every Black loss above it a candidate, once
        assert_eq!(wanted_rechecks(&losses, &[], 0.015)[2], Recheck::Once);
        // a mistake by win rate is rechecked even when it is not among the listed
        let mut late = losses;
        late[0] = (b, 0.2, 0.5);
        assert_eq!(wanted_rechecks(&late, &[], 0.1)[0], Recheck::Once);
    }

    /// Black's losses of these points, each of 1% win rate.
    fn black_losses(points: &[f64]) -> Vec<(Color, f64, f64)> {
        points.iter().map(|&p| (Color::Black, 0.01, p)).collect()
    }

    #[test]
    fn only_the_nearest_losses_below_the_listed_are_searched_again() {
        let b = Color::Black;
        // five listed losses down to 5 points, then 14 within a point of the fifth
        let mut losses = black_losses(&[9.0, 8.0, 7.0, 6.0, 5.0]);
        losses.extend((0..14).map(|k| (b, 0.01, 4.95 - 0.05 * k as f64)));
        let want = wanted_rechecks(&losses, &[], 0.1);
        assert!(want[..LISTED].iter().all(|&w| w == Recheck::UntilSure));
        let once = want.iter().filter(|&&w| w == Recheck::Once).count();
        assert_eq!(once, NEAR_EDGE_MOVES);
        // the nearest NEAR_EDGE_MOVES (from 4.95 down) a tier, the rest a light reading
        assert!(want[LISTED..LISTED + NEAR_EDGE_MOVES]
            .iter()
            .all(|&w| w == Recheck::Once));
        assert!(want[LISTED + NEAR_EDGE_MOVES..]
            .iter()
            .all(|&w| w == Recheck::Light));
        // with more than LIGHT_MOVES beyond them, the furthest get nothing
        losses.extend((0..LIGHT_MOVES).map(|k| (b, 0.01, 4.25 - 0.01 * k as f64)));
        let want = wanted_rechecks(&losses, &[], 0.1);
        let light = want.iter().filter(|&&w| w == Recheck::Light).count();
        assert_eq!(light, LIGHT_MOVES);
        assert_eq!(want.last(), Some(&Recheck::No));
        // fewer than five losses: no edge, nothing below it
        let few = [(b, 0.01, 3.0), (b, 0.01, 2.9)];
        assert_eq!(wanted_rechecks(&few, &[], 0.1), vec![Recheck::UntilSure; 2]);
    }

    #[test]
    fn an_unsure_loss_further_below_the_listed_is_searched_again() {
        let b = Color::Black;
        // five listed down to 4.6 points, then O2's first reading of 2.0 and a sure 3.0
        let mut losses = black_losses(&[7.6, 7.4, 5.3, 4.7, 4.6]);
        losses.extend([(b, 0.01, 2.0), (b, 0.01, 3.0)]);
        // sure readings: both more than a point below the fifth, neither searched again
        let sure = vec![0.3; losses.len()];
        let want = wanted_rechecks(&losses, &sure, 0.1);
        assert_eq!(want[5..], [Recheck::No, Recheck::No]);
        // a first reading of the 2.0 (2.6 points of error, 0.5 for the fifth): 2.6 points
        // below is within one error of the difference (2.65), so it is read again; the
        // sure 3.0 (1.6 below, 0.58 of error) is not
        let mut first = sure.clone();
        first[5] = 2.6;
        first[4] = 0.5;
        let want = wanted_rechecks(&losses, &first, 0.1);
        assert_eq!(want[5..], [Recheck::Once, Recheck::No]);
        // a little surer (2.0 of error: 2.06 in all) and it gets a light reading only,
        // within two errors; surer still (1.1: 1.2 in all), nothing
        first[5] = 2.0;
        assert_eq!(wanted_rechecks(&losses, &first, 0.1)[5], Recheck::Light);
        first[5] = 1.1;
        assert_eq!(wanted_rechecks(&losses, &first, 0.1)[5], Recheck::No);
        // the listed are searched until sure whatever their errors
        assert!(want[..LISTED].iter().all(|&w| w == Recheck::UntilSure));
    }

    #[test]
    fn the_nearest_in_errors_come_first_when_too_many_are_near() {
        let b = Color::Black;
        let mut losses = black_losses(&[9.0, 8.0, 7.0, 6.0, 5.0]);
        // eleven sure losses just under a point below the fifth, and one unsure loss three
        // points below it: in errors the unsure one is the nearest of all
        losses.extend((0..11).map(|k| (b, 0.01, 4.1 - 0.01 * k as f64)));
        losses.push((b, 0.01, 2.0));
        let mut errors = vec![0.1; losses.len()];
        errors[16] = 4.0;
        let want = wanted_rechecks(&losses, &errors, 0.1);
        assert_eq!(want[16], Recheck::Once);
        assert_eq!(
            want.iter().filter(|&&w| w == Recheck::Once).count(),
            NEAR_EDGE_MOVES
        );
        // the sure loss furthest below is the one left out
        assert_eq!(want[15], Recheck::No);
    }

    #[test]
    fn an_unsure_loss_deepens_the_positions_that_narrow_it_most() {
        // after one tier each (seven first passes' worth): the unsure position alone
        // narrows 0.7, 0.15, 0.15 (0.73 in quadrature) to about 0.56
        assert_eq!(
            deepen(&[0.7, 0.15, 0.15], &[7.0; 3], &[1; 3], 6.0, MAX_TIERS),
            [true, false, false]
        );
        // three alike: all three, and still short of the aim
        assert_eq!(
            deepen(&[0.56, 0.5, 0.49], &[7.0; 3], &[1; 3], 6.0, MAX_TIERS),
            [true, true, true]
        );
        // the position read longest narrows least by a tier more
        assert_eq!(
            deepen(&[0.45, 0.45], &[13.0, 7.0], &[2, 1], 6.0, MAX_TIERS),
            [false, true]
        );
        // sure enough: none; at the cap: left out
        assert_eq!(
            deepen(&[0.4, 0.3], &[7.0; 2], &[1; 2], 6.0, MAX_TIERS),
            [false; 2]
        );
        assert_eq!(
            deepen(&[2.0, 0.5], &[19.0, 7.0], &[MAX_TIERS, 1], 6.0, MAX_TIERS),
            [false, true]
        );
    }

    #[test]
    fn a_listed_loss_is_searched_again_while_it_is_unsure() {
        let sure = Recheck::UntilSure;
        // not all its positions searched again yet: one tier first
        assert_eq!(tiers_wanted(sure, &[1, 0], &[0.9, 0.9], MAX_TIERS), 1);
        // all have, and the loss is unsure (0.9 and 0.9 in quadrature: 1.27 points): one more
        assert_eq!(tiers_wanted(sure, &[1, 1], &[0.9, 0.9], MAX_TIERS), 2);
        assert_eq!(
            tiers_wanted(sure, &[2, 2, 3], &[0.5, 0.4, 0.3], MAX_TIERS),
            3
        );
        // sure enough (0.4 and 0.3: 0.5 points): no more
        assert_eq!(tiers_wanted(sure, &[1, 1], &[0.4, 0.3], MAX_TIERS), 1);
        // never beyond the cap
        assert_eq!(
            tiers_wanted(sure, &[3, 3], &[3.0, 3.0], MAX_TIERS),
            MAX_TIERS
        );
        // the position before a loss measured within its search may go further
        assert_eq!(tiers_wanted(sure, &[3], &[1.1], MAX_SEARCH_TIERS), 4);
        assert_eq!(tiers_wanted(sure, &[6], &[0.8], MAX_SEARCH_TIERS), 6);
        // a mistake that is not listed gets its one tier only, the rest none
        assert_eq!(
            tiers_wanted(Recheck::Once, &[1, 1], &[3.0, 3.0], MAX_TIERS),
            1
        );
        assert_eq!(
            tiers_wanted(Recheck::No, &[0, 0], &[3.0, 3.0], MAX_TIERS),
            0
        );
    }
}
