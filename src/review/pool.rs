//! Independent searches of one position pooled into one report. Two searches of the same
//! 19x19 position with different seeds differ mostly by the path their trees take: the
//! root's score lead moves by 3.5-4.5 points between seeds in a middle-game position
//! whether the search has 750, 3,000 or 12,000 playouts (docs/review.md). More playouts in
//! one search barely narrow that spread; the mean of k searches narrows it by about the
//! square root of k for the same playouts. So a review searches each position several
//! times with a share of the budget each ([`crate::review::ReviewArgs::searches`]) and
//! pools them here.

use crate::search::{lcb, MoveInfo, Report};

/// One report from several searches of the same position for the same colour: the
/// playouts summed, the root's win rate and score lead averaged by playouts, each root move
/// once with its visits summed and its win rate, score lead and spread averaged by visits
/// (its line from the search that visited it most), most visited first. `None` when
/// `reports` is empty.
pub fn pool(reports: &[Report]) -> Option<Report> {
    let first = reports.first()?;
    if reports.len() == 1 {
        return Some(first.clone());
    }
    let playouts: u64 = reports.iter().map(|r| r.playouts).sum();
    let weight = |r: &Report| r.playouts.max(1) as f64;
    let total: f64 = reports.iter().map(weight).sum();
    let mean =
        |f: &dyn Fn(&Report) -> f64| reports.iter().map(|r| weight(r) * f(r)).sum::<f64>() / total;
    // each root move's entries, one a search that tried it
    let mut groups: Vec<Vec<&MoveInfo>> = Vec::new();
    for m in reports.iter().flat_map(|r| r.moves.iter()) {
        match groups.iter_mut().find(|g| g[0].mv == m.mv) {
            Some(g) => g.push(m),
            None => groups.push(vec![m]),
        }
    }
    let mut moves: Vec<MoveInfo> = groups
        .iter()
        .map(|g| {
            let n: u64 = g.iter().map(|m| m.visits).sum();
            let avg = |f: fn(&MoveInfo) -> f64| match n {
                0 => f(g[0]),
                _ => g.iter().map(|m| m.visits as f64 * f(m)).sum::<f64>() / n as f64,
            };
            // the line of the search that visited the move most (the first of equals)
            let line = g.iter().rev().max_by_key(|m| m.visits).unwrap_or(&g[0]);
            let winrate = avg(|m| m.winrate);
            MoveInfo {
                visits: n,
                winrate,
                score_lead: avg(|m| m.score_lead),
                score_stdev: avg(|m| m.score_stdev),
                lcb: lcb(winrate, n as f64),
                ..(*line).clone()
            }
        })
        .collect();
    moves.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    Some(Report {
        color: first.color,
        playouts,
        reused: reports.iter().map(|r| r.reused).sum(),
        moves,
        winrate: mean(&|r| r.winrate),
        score_lead: mean(&|r| r.score_lead),
        ownership: first.ownership.clone(),
        score_stdev: mean(&|r| r.score_stdev),
        ownership_stdev: first.ownership_stdev.clone(),
    })
}

/// How far the root move `is_move` scored below the root within the searches `reports`
/// of one position, from the searching colour's view: the root's lead less the move's in
/// each search that visited it, averaged by the move's visits, and the standard error of
/// that mean from the spread between the searches (0 from a single search). The root's
/// lead and the move's are taken from the same tree, so what they share (the path that
/// search took) cancels. `None` when no search visited the move.
pub fn below_root(reports: &[Report], is_move: impl Fn(&MoveInfo) -> bool) -> Option<(f64, f64)> {
    mean_and_error(&paired_runs(reports, is_move))
}

/// For each of `reports` that visited the root move `is_move`: its visits, and the root's
/// lead less the move's in that search (what [`below_root`] averages).
pub fn paired_runs(reports: &[Report], is_move: impl Fn(&MoveInfo) -> bool) -> Vec<(f64, f64)> {
    reports
        .iter()
        .filter_map(|r| {
            let m = r.moves.iter().find(|m| is_move(m) && m.visits > 0)?;
            Some((m.visits as f64, r.score_lead - m.score_lead))
        })
        .collect()
}

/// The spread of `runs` (playouts, value) as a variance per playout, each run's value taken
/// to vary as the inverse of its playouts: the sum of playouts times squared deviation from
/// the weighted mean over k - 1, with k - 1, its degrees of freedom. `None` below two runs.
pub fn spread_per_playout(runs: &[(f64, f64)]) -> Option<(f64, f64)> {
    let (mean, _) = mean_and_error(runs)?;
    let df = runs.len().checked_sub(1).filter(|&d| d > 0)? as f64;
    let sum: f64 = runs.iter().map(|(w, d)| w * (d - mean).powi(2)).sum();
    Some((sum / df, df))
}

/// The standard error of the weighted mean of `runs` (playouts, value), its variance per
/// playout ([`spread_per_playout`]) shrunk toward `prior` as if `prior_df` more degrees of
/// freedom had measured it: four searches' spread alone is itself so unsure that one
/// difference in 40 between two runs lay beyond three such errors (docs/review.md). 0
/// without playouts; `prior` alone from one run.
pub fn shrunk_error(runs: &[(f64, f64)], prior: f64, prior_df: f64) -> f64 {
    let total: f64 = runs.iter().map(|r| r.0).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let (own, df) = spread_per_playout(runs).unwrap_or((0.0, 0.0));
    let weight = prior_df + df;
    if weight <= 0.0 {
        return 0.0;
    }
    ((prior_df * prior + df * own) / weight / total).sqrt()
}

/// The mean of `runs` (weight, value) by their weights, and its standard error from their
/// spread (0 from one run). `None` without weight.
pub fn mean_and_error(runs: &[(f64, f64)]) -> Option<(f64, f64)> {
    let total: f64 = runs.iter().map(|r| r.0).sum();
    if runs.is_empty() || total <= 0.0 {
        return None;
    }
    let mean = runs.iter().map(|(w, d)| w * d).sum::<f64>() / total;
    let k = runs.len() as f64;
    let se = if runs.len() < 2 {
        0.0
    } else {
        let spread: f64 = runs.iter().map(|(w, d)| (w * (d - mean)).powi(2)).sum();
        (spread * k / (k - 1.0)).sqrt() / total
    };
    Some((mean, se))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    /// A root move at column `x` of row 3 on 19x19.
    fn mi(x: usize, visits: u64, winrate: f64, lead: f64, pv_len: usize) -> MoveInfo {
        let mv = Some(Point::new(x, 3, 19));
        MoveInfo {
            mv,
            visits,
            winrate,
            score_lead: lead,
            prior: 0.1,
            lcb: 0.0,
            pv: vec![mv; pv_len],
            pv_visits: vec![],
            score_stdev: 10.0,
            ownership: vec![],
        }
    }

    fn report(playouts: u64, winrate: f64, lead: f64, moves: Vec<MoveInfo>) -> Report {
        Report {
            playouts,
            winrate,
            score_lead: lead,
            moves,
            ..Report::default()
        }
    }

    #[test]
    fn one_report_is_itself_and_none_is_nothing() {
        let r = report(100, 0.6, 2.0, vec![mi(3, 90, 0.6, 2.0, 3)]);
        assert_eq!(pool(std::slice::from_ref(&r)), Some(r));
        assert_eq!(pool(&[]), None);
    }

    #[test]
    fn moves_are_summed_and_averaged_by_their_visits() {
        // the first search likes column 3, the second column 4
        let a = report(
            1000,
            0.6,
            4.0,
            vec![mi(3, 700, 0.62, 5.0, 4), mi(4, 200, 0.55, 1.0, 2)],
        );
        let b = report(
            3000,
            0.5,
            0.0,
            vec![
                mi(4, 2000, 0.52, 0.5, 6),
                mi(3, 600, 0.48, -2.0, 1),
                mi(5, 100, 0.3, -9.0, 1),
            ],
        );
        let p = pool(&[a, b]).unwrap();
        assert_eq!(p.playouts, 4000);
        assert!((p.winrate - 0.525).abs() < 1e-12, "{}", p.winrate);
        assert!((p.score_lead - 1.0).abs() < 1e-12, "{}", p.score_lead);
        let got: Vec<(usize, u64)> = p
            .moves
            .iter()
            .map(|m| (m.mv.map_or(99, |q| q.xy(19).0), m.visits))
            .collect();
        assert_eq!(got, vec![(4, 2200), (3, 1300), (5, 100)]);
        let m30 = &p.moves[1];
        assert!((m30.winrate - (700.0 * 0.62 + 600.0 * 0.48) / 1300.0).abs() < 1e-12);
        assert!((m30.score_lead - (700.0 * 5.0 - 600.0 * 2.0) / 1300.0).abs() < 1e-12);
        // each move's line comes from the search that visited it most
        assert_eq!(m30.pv.len(), 4);
        assert_eq!(p.moves[0].pv.len(), 6);
        // the bound is the pooled win rate's over the pooled visits
        assert!((m30.lcb - lcb(m30.winrate, 1300.0)).abs() < 1e-12);
    }

    #[test]
    fn the_move_below_the_root_is_paired_within_each_search() {
        // two searches whose whole tree sits 4 points apart: the move is 3 below the root in
        // both, so the pair gives 3 exactly, with no spread
        let a = report(
            1000,
            0.6,
            6.0,
            vec![mi(3, 800, 0.6, 7.0, 1), mi(4, 100, 0.5, 3.0, 1)],
        );
        let b = report(
            1000,
            0.5,
            2.0,
            vec![mi(3, 700, 0.5, 3.0, 1), mi(4, 300, 0.4, -1.0, 1)],
        );
        let at = |x: usize| move |m: &MoveInfo| m.mv.map(|q| q.xy(19).0) == Some(x);
        let (d, se) = below_root(&[a.clone(), b.clone()], at(4)).unwrap();
        assert!((d - 3.0).abs() < 1e-12 && se.abs() < 1e-12, "{d} {se}");
        // pooled first, the same move would have looked 4 points worse than its pair says
        let p = pool(&[a.clone(), b.clone()]).unwrap();
        let m = p.moves.iter().find(|m| at(4)(m)).unwrap();
        assert!((p.score_lead - m.score_lead - 4.0).abs() < 1e-9);
        // searches that disagree give a standard error; a move never visited gives nothing
        let c = report(1000, 0.5, 2.0, vec![mi(4, 100, 0.4, -8.0, 1)]);
        let (d2, se2) = below_root(&[a.clone(), c], at(4)).unwrap();
        assert!(
            (d2 - 6.5).abs() < 1e-12 && (se2 - 3.5).abs() < 1e-9,
            "{d2} {se2}"
        );
        assert_eq!(below_root(&[a], at(9)), None);
        let (d1, se1) = below_root(&[b], at(4)).unwrap();
        assert!((d1 - 3.0).abs() < 1e-12 && se1 == 0.0);
    }

    #[test]
    fn a_spread_from_few_searches_is_shrunk_toward_its_neighbours() {
        // two searches of 750 playouts, 1 and 3 points: the usual error of their mean
        let two = [(750.0, 1.0), (750.0, 3.0)];
        assert_eq!(spread_per_playout(&two), Some((1500.0, 1.0)));
        assert!((shrunk_error(&two, 0.0, 0.0) - 1.0).abs() < 1e-12);
        // a neighbourhood four times as spread, counted as one more degree of freedom
        let se = shrunk_error(&two, 6000.0, 1.0);
        assert!((se - 2.5f64.sqrt()).abs() < 1e-12, "{se}");
        // searches that happen to agree are not sure beyond what their neighbours say
        let agree = [(750.0, 2.0), (750.0, 2.0), (750.0, 2.0), (750.0, 2.0)];
        assert!((shrunk_error(&agree, 3000.0, 4.0) - (4.0f64 / 7.0).sqrt()).abs() < 1e-12);
        // a longer search counts by its playouts: a tier's 4,500 against the first 750
        let mixed = [(750.0, 0.0), (4500.0, 7.0)];
        let (v, df) = spread_per_playout(&mixed).unwrap();
        assert!(
            (v - (750.0 * 36.0 + 4500.0 * 1.0)).abs() < 1e-9 && df == 1.0,
            "{v}"
        );
        // one search: the neighbourhood's alone; none: nothing
        assert!((shrunk_error(&[(750.0, 5.0)], 750.0, 4.0) - 1.0).abs() < 1e-12);
        assert_eq!(spread_per_playout(&[(750.0, 5.0)]), None);
        assert_eq!(shrunk_error(&[], 750.0, 4.0), 0.0);
    }
}
