//! The one place that turns a search into a move: play the best move, pass or resign, from
//! the search's [`Report`] and the game (who passed, cleanup phase), whichever searcher ran.

use crate::board::{Color, Point};
use crate::rules::{Game, Move};
use crate::search::flat::playout_komi;
use crate::search::Report;

/// What to do with the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play a stone.
    Play(Point),
    /// Pass.
    Pass,
    /// Resign.
    Resign,
}

/// Settings of the pass and resign policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Resign when the best move wins less often than this (0 disables resigning).
    pub resign_threshold: f64,
}

/// Expected final owner of `p` from `report`'s view of Black (+1) and White (-1); 0 unknown.
fn owner(report: &Report, p: Point) -> f64 {
    report.ownership.get(p.idx()).copied().unwrap_or(0.0)
}

/// Whether some stone of `color`'s opponent ends up owned by `color` in the search, with a
/// mean ownership (from `color`'s view) above `threshold` (-1..1).
pub fn opponent_dead_stones(report: &Report, game: &Game, color: Color, threshold: f64) -> bool {
    let board = game.board();
    let opp = color.opponent();
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    report.playouts > 0
        && board
            .points()
            .into_iter()
            .any(|p| board.color_at(p) == Some(opp) && sign * owner(report, p) > threshold)
}

/// The move to make for the colour `report` searched (the side to move if it says none).
///
/// - No move searched, or pass is the best: pass.
/// - `cleanup` (KGS cleanup phase): never resign; play the best move while an opponent stone
///   is captured in most playouts, pass otherwise.
/// - Resign below the threshold after enough playouts, once a quarter of the board is full.
/// - Pass on a settled board (every point's owner clear) while ahead and no opponent stone
///   is dead, or after the opponent's pass when the board as it stands wins.
/// - Otherwise play the best (most visited) move.
pub fn decide(report: &Report, game: &Game, cleanup: bool, policy: &Policy) -> Decision {
    let color = report.color.unwrap_or(game.to_move());
    let Some(best) = report.moves.first() else {
        return Decision::Pass;
    };
    let Some(p) = best.mv else {
        return Decision::Pass;
    };
    if cleanup {
        return if opponent_dead_stones(report, game, color, 0.0) {
            Decision::Play(p)
        } else {
            Decision::Pass
        };
    }
    let board = game.board();
    let size = game.size();
    let enough = report.playouts >= (report.moves.len() as u64 * 4).max(64);
    if policy.resign_threshold > 0.0
        && enough
        && best.winrate < policy.resign_threshold
        && board.stone_counts().iter().sum::<usize>() > size * size / 4
    {
        return Decision::Resign;
    }
    // a settled board (every point's owner clear in the playouts) while ahead: pass
    let points = board.points();
    if enough
        && best.winrate > 0.5
        && best.score_lead > 0.0
        && points.iter().all(|&q| owner(report, q).abs() > 0.9)
        && !opponent_dead_stones(report, game, color, 0.5)
    {
        return Decision::Pass;
    }
    // after the opponent's pass, end the game when we are ahead as things stand
    let opponent_passed = matches!(game.moves().last(), Some(&(c, Move::Pass)) if c != color);
    if opponent_passed && enough && best.score_lead > 0.0 && best.winrate > 0.5 {
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let komi = playout_komi(game);
        let settled = points
            .iter()
            .map(|&q| owner(report, q).round() * sign)
            .sum::<f64>()
            - komi * sign;
        if settled > 0.0 {
            return Decision::Pass;
        }
    }
    Decision::Play(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Vertex;
    use crate::rules::{Preset, Rules};
    use crate::search::flat::{FlatParams, FlatSearch};
    use crate::search::{Limits, MoveInfo, Searcher};
    use std::sync::atomic::AtomicBool;

    const POLICY: Policy = Policy {
        resign_threshold: 0.05,
    };

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    fn flat(game: &Game, c: Color, n: u64) -> Report {
        let limits = Limits {
            playouts: Some(n),
            ..Limits::default()
        };
        FlatSearch::new(FlatParams::default()).search(
            game,
            c,
            &limits,
            &[],
            &AtomicBool::new(false),
            None,
            &mut |_| {},
        )
    }

    fn info(mv: Option<Point>, visits: u64, winrate: f64, score_lead: f64) -> MoveInfo {
        MoveInfo {
            mv,
            visits,
            winrate,
            score_lead,
            prior: 0.1,
            lcb: winrate,
            pv: vec![mv],
        }
    }

    /// A report for `color` with one move `mv` of 1000 playouts, ownership `own` everywhere.
    fn report(color: Color, mv: Option<Point>, winrate: f64, lead: f64, own: f64) -> Report {
        Report {
            color: Some(color),
            playouts: 1000,
            moves: vec![info(mv, 1000, winrate, lead)],
            winrate,
            score_lead: lead,
            ownership: vec![own; 1024],
        }
    }

    #[test]
    fn nothing_searched_or_pass_best_means_pass() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            decide(&Report::default(), &g, false, &POLICY),
            Decision::Pass
        );
        let r = report(Color::Black, None, 0.9, 10.0, 0.0);
        assert_eq!(decide(&r, &g, false, &POLICY), Decision::Pass);
        assert_eq!(decide(&r, &g, true, &POLICY), Decision::Pass);
    }

    #[test]
    fn resigns_only_when_lost_with_enough_playouts_and_stones() {
        let mut g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        let e5 = pt("E5", 5);
        let lost = report(Color::Black, Some(e5), 0.01, -20.0, 0.0);
        // an empty board is the opening: never resign
        assert_eq!(decide(&lost, &g, false, &POLICY), Decision::Play(e5));
        for (c, v) in [
            (Color::Black, "A1"),
            (Color::White, "B1"),
            (Color::Black, "C1"),
            (Color::White, "D1"),
            (Color::Black, "A2"),
            (Color::White, "B2"),
            (Color::Black, "C2"),
        ] {
            g.play(c, Move::Play(pt(v, 5))).unwrap();
        }
        assert_eq!(decide(&lost, &g, false, &POLICY), Decision::Resign);
        // not in cleanup, not with resigning off, not on few playouts
        assert_ne!(decide(&lost, &g, true, &POLICY), Decision::Resign);
        let never = Policy {
            resign_threshold: 0.0,
        };
        assert_eq!(decide(&lost, &g, false, &never), Decision::Play(e5));
        let few = Report {
            playouts: 10,
            ..lost.clone()
        };
        assert_eq!(decide(&few, &g, false, &POLICY), Decision::Play(e5));
    }

    #[test]
    fn cleanup_plays_only_while_opponent_stones_are_dead() {
        let diagram = "
            5 . . . . .
            4 . X . . .
            3 . . . O .
            2 . . . . .
            1 . . . . .";
        let g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        let a1 = pt("A1", 5);
        // Black owns everything: White's D3 is dead, Black keeps playing
        let r = report(Color::Black, Some(a1), 0.9, 10.0, 1.0);
        assert_eq!(decide(&r, &g, true, &POLICY), Decision::Play(a1));
        // nothing of White's is lost: pass
        let r = report(Color::Black, Some(a1), 0.9, 10.0, -0.2);
        assert_eq!(decide(&r, &g, true, &POLICY), Decision::Pass);
    }

    #[test]
    fn passes_after_the_opponents_pass_when_the_board_wins() {
        let mut g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        g.play(Color::Black, Move::Play(pt("C3", 5))).unwrap();
        let b2 = pt("B2", 5);
        // White's report: unsettled (ownership 0.5 for Black) but ahead for White
        let r = report(Color::White, Some(b2), 0.8, 3.0, -0.6);
        assert_eq!(decide(&r, &g, false, &POLICY), Decision::Play(b2));
        g.play(Color::White, Move::Play(pt("D4", 5))).unwrap();
        g.play(Color::Black, Move::Pass).unwrap();
        // every point rounds to White's: 25 - 7.5 > 0
        assert_eq!(decide(&r, &g, false, &POLICY), Decision::Pass);
        // behind on the board as it stands: play on
        let r = report(Color::White, Some(b2), 0.8, 3.0, 0.6);
        assert_eq!(decide(&r, &g, false, &POLICY), Decision::Play(b2));
    }

    #[test]
    fn passes_on_a_settled_board_only_when_ahead() {
        // everything is decided; Black could still play inside its own A3-A5 area and White
        // could throw stones in there, but only the side ahead passes
        let diagram = "
            7 . X . X O . O
            6 X X X X O O O
            5 . X . X O . O
            4 . X X X O O O
            3 . X . X O . O
            2 X X X X O O O
            1 . X . X O . O";
        let mut g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(0.5);
        let black = flat(&g, Color::Black, 1000);
        assert_eq!(decide(&black, &g, false, &POLICY), Decision::Pass);
        let white = flat(&g, Color::White, 1000);
        assert!(!white.moves.is_empty());
        assert_ne!(decide(&white, &g, false, &POLICY), Decision::Pass);
    }
}
