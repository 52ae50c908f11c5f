//! The one place that turns a search into a move: play the best move, pass or resign, from
//! the search's [`Report`] and the game (who passed, cleanup phase), whichever searcher ran.

use crate::board::{AnyBoard, Bitset, Color, Point};
use crate::rules::{Count, Game, GameScore, Move, Scoring};
use crate::search::{MoveInfo, Report};
use crate::with_board;

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
    /// Never resign before this move number (giving handicap: not before the middle game).
    pub resign_from_move: usize,
    /// Komi the search gave this colour beyond the game's (dynamic komi). While positive
    /// the search's view that nothing is left to gain is not trusted: no pass unless passing
    /// wins the game.
    pub komi_bonus: f64,
    /// Own turns in a row the search must want to resign, this one included, before it does
    /// (1: at once).
    pub resign_turns: usize,
    /// Own turns in a row just before this one on which the search wanted to resign.
    pub resign_streak: usize,
}

/// What the engine knows of the game as it stands, beyond the search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    /// The final score, dead stones judged, if the colour to decide passes now and that ends
    /// the game (after the opponent's pass); `None` otherwise.
    pub score_if_pass: Option<GameScore>,
    /// Under territory counting, when the search's best stone lies in settled territory: the
    /// count and the score of the board as it stands, dead stones judged.
    pub now: Option<(Count, GameScore)>,
    /// In the cleanup phase: whether the status verdict calls some opponent stone on the
    /// board dead (`None`: no verdict, the playouts decide).
    pub dead_opponent: Option<bool>,
    /// When a pass would end the game: whether the verdict calls some opponent chain dead
    /// only on the playout estimate, its local game having hit a limit (a count that the
    /// opponent or a referee may well dispute).
    pub undecided_dead: bool,
}

impl Standing {
    /// Only the score if the colour passes now.
    pub fn pass(score: GameScore) -> Standing {
        Standing {
            score_if_pass: Some(score),
            ..Standing::default()
        }
    }
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
    let sign = color.sign();
    report.playouts > 0
        && board
            .points()
            .into_iter()
            .any(|p| board.color_at(p) == Some(opp) && sign * owner(report, p) > threshold)
}

/// The move to make for the colour `report` searched (the side to move if it says none).
/// `standing`: what the engine knows of the game as it stands (see [`Standing`]).
///
/// - Nothing searched: pass.
/// - `cleanup` (KGS cleanup phase): never resign; play the best stone while the status
///   verdict calls an opponent stone dead (without a verdict: while one is captured in most
///   playouts), pass otherwise.
/// - Resign below the threshold after enough playouts, never in the opening (a quarter of the
///   board still empty), never before `policy.resign_from_move` and never when passing now
///   would win.
/// - Pass when the opponent has passed and passing now wins under the rules; under area
///   and stone scoring not while the verdict calls opponent chains dead that it could not
///   decide (a limit hit): while the search's best move is a stone, play it.
/// - Pass when nothing is left to gain: the search's best move is a pass (unless passing
///   now would lose while a stone can still be played, or the game is too young to resign), or every point's owner is settled
///   while ahead. Under stone counting, fill own territory safely before passing.
/// - Under territory counting, do not play inside territory that the count gives this colour
///   while the game as it stands is won: take an open point that does as well, or pass.
///   Without a count, the same from the search's ownership: once the game is decided, not
///   inside settled territory (own or the opponent's).
/// - Otherwise play the best (most visited) move.
/// - Then, while the search saw extra komi for this colour (`policy.komi_bonus`), a pass that
///   does not win the game becomes the best stone.
pub fn decide(
    report: &Report,
    game: &Game,
    cleanup: bool,
    policy: &Policy,
    standing: &Standing,
) -> Decision {
    let d = decide_on_search(report, game, cleanup, policy, standing);
    let color = report.color.unwrap_or(game.to_move());
    let pass_wins = standing.score_if_pass.map(|s| s.winner() == Some(color));
    if d == Decision::Pass && !cleanup && policy.komi_bonus > 0.0 && pass_wins != Some(true) {
        if let Some(p) = report.moves.iter().find_map(|m| m.mv) {
            return Decision::Play(p);
        }
    }
    d
}

/// Whether the search has seen enough playouts for its win rates to count.
fn enough_playouts(report: &Report) -> bool {
    report.playouts >= (report.moves.len() as u64 * 4).max(64)
}

/// Whether the search wants to resign on this turn: outside cleanup, the best move wins
/// less often than the threshold after enough playouts, the board is more than a quarter
/// full, the game has reached `policy.resign_from_move` and passing now would not win.
/// [`decide`] resigns once this has held on `policy.resign_turns` own turns in a row.
pub fn wants_resign(
    report: &Report,
    game: &Game,
    cleanup: bool,
    policy: &Policy,
    standing: &Standing,
) -> bool {
    let Some(best) = report.moves.first() else {
        return false;
    };
    let color = report.color.unwrap_or(game.to_move());
    let size = game.size();
    !cleanup
        && policy.resign_threshold > 0.0
        && enough_playouts(report)
        && best.winrate < policy.resign_threshold
        && game.board().stone_counts().iter().sum::<usize>() > size * size / 4
        && game.move_number() >= policy.resign_from_move
        && standing.score_if_pass.map(|s| s.winner() == Some(color)) != Some(true)
}

/// [`decide`] as the search sees the game, before the dynamic komi check.
fn decide_on_search(
    report: &Report,
    game: &Game,
    cleanup: bool,
    policy: &Policy,
    standing: &Standing,
) -> Decision {
    let score_if_pass = standing.score_if_pass;
    let color = report.color.unwrap_or(game.to_move());
    let Some(best) = report.moves.first() else {
        return Decision::Pass;
    };
    let best_stone = report.moves.iter().find_map(|m| m.mv.map(|p| (p, m)));
    if cleanup {
        // capture what the verdict calls dead (or, without one, what the playouts capture)
        let dead = standing
            .dead_opponent
            .unwrap_or_else(|| opponent_dead_stones(report, game, color, 0.0));
        return match best_stone {
            Some((p, _)) if dead => Decision::Play(p),
            _ => Decision::Pass,
        };
    }
    let board = game.board();
    let pass_wins = score_if_pass.map(|s| s.winner() == Some(color));
    let enough = enough_playouts(report);
    if wants_resign(report, game, cleanup, policy, standing)
        && policy.resign_streak + 1 >= policy.resign_turns
    {
        return Decision::Resign;
    }
    if pass_wins == Some(true) {
        // under area and stone scoring a stone costs nothing: while the win rests on opponent
        // chains the verdict could not decide, play them out (as long as the search prefers
        // a stone) rather than leave the count to the opponent's or a referee's judgement
        let free = matches!(game.rules().scoring, Scoring::Area | Scoring::Stones);
        return match best.mv {
            Some(p) if free && standing.undecided_dead => Decision::Play(p),
            _ => Decision::Pass,
        };
    }
    let stones_scoring = game.rules().scoring == Scoring::Stones;
    let fill = || {
        if stones_scoring {
            safe_fill(report, game, color)
        } else {
            None
        }
    };
    let Some((p, stone)) = best_stone else {
        return fill().map_or(Decision::Pass, Decision::Play);
    };
    let points = board.points();
    let settled_share = points
        .iter()
        .filter(|&&q| owner(report, q).abs() > 0.9)
        .count() as f64
        / points.len().max(1) as f64;
    if best.mv.is_none() {
        // the search prefers to pass: nothing is left to gain, unless passing now loses or
        // the board is still open and a stone does about as well
        if let Some(f) = fill() {
            return Decision::Play(f);
        }
        let open = settled_share < 0.9 && stone.winrate >= best.winrate - 0.05;
        // giving handicap, a pass in the opening gives the game up as surely as a resign
        let too_early = game.move_number() < policy.resign_from_move;
        return if (pass_wins == Some(false) || open || too_early) && stone.visits > 0 {
            Decision::Play(p)
        } else {
            Decision::Pass
        };
    }
    // a settled board (every point's owner clear in the playouts) while ahead: pass
    if enough
        && best.winrate > 0.5
        && best.score_lead > 0.0
        && settled_share >= 1.0
        && !opponent_dead_stones(report, game, color, 0.5)
    {
        return fill().map_or(Decision::Pass, Decision::Play);
    }
    let territory = game.rules().scoring == Scoring::Territory;
    if let (true, Some((count, now))) = (territory, &standing.now) {
        if count.owner(p) == Some(color) && now.winner() == Some(color) {
            // a stone here only costs a point: an open point that does as well, or a pass
            let open = as_good_where(report, best, |q| count.owner(q).is_none());
            return open.map_or(Decision::Pass, Decision::Play);
        }
    }
    if territory && owner(report, p).abs() > 0.8 {
        // a stone inside settled territory costs a point (own territory filled, or a
        // prisoner given): a move on an open point that does as well, or a pass once the
        // game is decided and a pass is safe
        if let Some(q) = as_good_where(report, best, |q| owner(report, q).abs() <= 0.8) {
            return Decision::Play(q);
        }
        let pass_safe = settled_share >= 0.9
            || report
                .moves
                .iter()
                .any(|m| m.mv.is_none() && m.visits >= 20 && m.winrate >= 0.8);
        if enough && best.winrate > 0.85 && best.score_lead > 0.0 && pass_safe {
            return Decision::Pass;
        }
    }
    Decision::Play(p)
}

/// The most visited searched stone on a point that `open` accepts, nearly as good as `best`
/// (winrate within 0.03, a tenth of its visits).
fn as_good_where(report: &Report, best: &MoveInfo, open: impl Fn(Point) -> bool) -> Option<Point> {
    report.moves.iter().find_map(|m| {
        let q = m.mv?;
        (open(q) && m.winrate >= best.winrate - 0.03 && m.visits * 10 >= best.visits).then_some(q)
    })
}

/// Under stone counting: a point of `color`'s own territory that can be filled without risk
/// (legal, not an eye, the stone's chain keeps two liberties and two eyes, or one eye
/// space of seven points or more), the most surely owned first; `None` when there is none.
pub fn safe_fill(report: &Report, game: &Game, color: Color) -> Option<Point> {
    let board = game.board();
    let sign = color.sign();
    let mut cands: Vec<(f64, Point)> = board
        .points()
        .into_iter()
        .filter(|&p| {
            board.is_empty_point(p)
                && sign * owner(report, p) >= 0.8
                && !board.is_eye(color, p)
                && game.is_legal(color, Move::Play(p))
        })
        .map(|p| (sign * owner(report, p), p))
        .collect();
    cands.sort_by(|a, b| b.0.total_cmp(&a.0));
    cands.into_iter().map(|(_, p)| p).find(|&p| {
        let mut after = board.clone();
        after.try_play(color, p).is_ok() && after.lib_count(p) >= 2 && two_eyes(&after, color, p)
    })
}

/// Whether the chain of `color` at `p` touches two empty regions that only `color` borders
/// (eyes), or one of at least 7 points: the regions are the board's own flood fill.
fn two_eyes(board: &AnyBoard, color: Color, p: Point) -> bool {
    with_board!(board, b => {
        let enemy = b.stones(color.opponent());
        let mut rest = *b.chain_libs(p);
        let (mut eyes, mut big) = (0, false);
        while let Some(l) = rest.first() {
            let mut seed = Bitset::EMPTY;
            seed.insert(l);
            let region = b.flood(&seed, b.empty_points());
            rest = rest.and_not(&region);
            if !b.dilate(&region).intersects(enemy) {
                eyes += 1;
                big |= region.count() >= 7;
            }
        }
        eyes >= 2 || big
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Vertex;
    use crate::rules::{Preset, Rules};
    use crate::search::flat::{FlatParams, FlatSearch};
    use crate::search::{Limits, MoveInfo, Searcher};
    use crate::search::{Request, Think};

    const POLICY: Policy = Policy {
        resign_threshold: 0.05,
        resign_from_move: 0,
        komi_bonus: 0.0,
        resign_turns: 1,
        resign_streak: 0,
    };

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    fn flat(game: &Game, c: Color, n: u64) -> Report {
        let limits = Limits {
            playouts: Some(n),
            ..Limits::default()
        };
        FlatSearch::new(&Think::for_tests(), FlatParams::default())
            .search(&Request::new(game, c, limits), &mut |_| {})
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
            ..MoveInfo::default()
        }
    }

    /// A report for `color` with one move `mv` of 1000 playouts, ownership `own` everywhere.
    fn report(color: Color, mv: Option<Point>, winrate: f64, lead: f64, own: f64) -> Report {
        Report {
            color: Some(color),
            playouts: 1000,
            reused: 0,
            moves: vec![info(mv, 1000, winrate, lead)],
            winrate,
            score_lead: lead,
            ownership: vec![own; 1024],
            ..Report::default()
        }
    }

    #[test]
    fn nothing_searched_or_pass_best_means_pass() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            decide(&Report::default(), &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        let r = report(Color::Black, None, 0.9, 10.0, 0.0);
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        assert_eq!(
            decide(&r, &g, true, &POLICY, &Standing::default()),
            Decision::Pass
        );
    }

    #[test]
    fn extra_komi_for_the_engine_never_passes_unless_that_wins() {
        // a settled board (full ownership) where the search likes a pass: under dynamic
        // komi for the engine that view is not trusted, the best stone is played
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let c3 = pt("C3", 9);
        let mut r = report(Color::White, None, 0.9, 10.0, -1.0);
        r.moves.push(info(Some(c3), 100, 0.88, 8.0));
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        let bonus = Policy {
            komi_bonus: 14.0,
            ..POLICY
        };
        assert_eq!(
            decide(&r, &g, false, &bonus, &Standing::default()),
            Decision::Play(c3)
        );
        // not in cleanup, and a pass that ends a won game stays a pass
        assert_eq!(
            decide(&r, &g, true, &bonus, &Standing::default()),
            Decision::Pass
        );
        let mut after = g.clone();
        after.play(Color::Black, Move::Pass).unwrap();
        let mut end = after.clone();
        end.play(Color::White, Move::Pass).unwrap();
        let won = Standing::pass(end.score(&end.default_status()));
        assert_eq!(decide(&r, &after, false, &bonus, &won), Decision::Pass);
    }

    #[test]
    fn resigns_only_when_lost_with_enough_playouts_and_stones() {
        let mut g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        let e5 = pt("E5", 5);
        let lost = report(Color::Black, Some(e5), 0.01, -20.0, 0.0);
        // an empty board is the opening: never resign
        assert_eq!(
            decide(&lost, &g, false, &POLICY, &Standing::default()),
            Decision::Play(e5)
        );
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
        assert_eq!(
            decide(&lost, &g, false, &POLICY, &Standing::default()),
            Decision::Resign
        );
        // not in cleanup, not with resigning off, not on few playouts
        assert_ne!(
            decide(&lost, &g, true, &POLICY, &Standing::default()),
            Decision::Resign
        );
        let never = Policy {
            resign_threshold: 0.0,
            ..POLICY
        };
        assert_eq!(
            decide(&lost, &g, false, &never, &Standing::default()),
            Decision::Play(e5)
        );
        // not before the move the policy names (giving handicap: the middle game)
        let later = Policy {
            resign_from_move: g.move_number() + 1,
            ..POLICY
        };
        assert_eq!(
            decide(&lost, &g, false, &later, &Standing::default()),
            Decision::Play(e5)
        );
        let few = Report {
            playouts: 10,
            ..lost.clone()
        };
        assert_eq!(
            decide(&few, &g, false, &POLICY, &Standing::default()),
            Decision::Play(e5)
        );
        assert!(!wants_resign(
            &few,
            &g,
            false,
            &POLICY,
            &Standing::default()
        ));
        // three turns in a row: the first two play the best move, the third resigns
        let none = Standing::default();
        for streak in 0..3 {
            let three = Policy {
                resign_turns: 3,
                resign_streak: streak,
                ..POLICY
            };
            assert!(wants_resign(&lost, &g, false, &three, &none));
            let want = if streak == 2 {
                Decision::Resign
            } else {
                Decision::Play(e5)
            };
            assert_eq!(decide(&lost, &g, false, &three, &none), want, "{streak}");
        }
    }

    #[test]
    fn cleanup_plays_only_while_opponent_stones_are_dead() {
        let g = crate::rules::status::estimate::tests::two_stones();
        let a1 = pt("A1", 5);
        // Black owns everything: White's D3 is dead, Black keeps playing
        let r = report(Color::Black, Some(a1), 0.9, 10.0, 1.0);
        assert_eq!(
            decide(&r, &g, true, &POLICY, &Standing::default()),
            Decision::Play(a1)
        );
        // nothing of White's is lost: pass
        let r = report(Color::Black, Some(a1), 0.9, 10.0, -0.2);
        assert_eq!(
            decide(&r, &g, true, &POLICY, &Standing::default()),
            Decision::Pass
        );
        // the status verdict overrides the playouts both ways (seki stones that playouts
        // capture, dead stones that they leave)
        let verdict = |dead| Standing {
            dead_opponent: Some(dead),
            ..Standing::default()
        };
        let r = report(Color::Black, Some(a1), 0.9, 10.0, 1.0);
        assert_eq!(
            decide(&r, &g, true, &POLICY, &verdict(false)),
            Decision::Pass
        );
        let r = report(Color::Black, Some(a1), 0.9, 10.0, -0.2);
        assert_eq!(
            decide(&r, &g, true, &POLICY, &verdict(true)),
            Decision::Play(a1)
        );
    }

    #[test]
    fn passes_after_the_opponents_pass_only_when_that_wins() {
        // White to move after Black's pass, under the rules of `preset`
        let after_pass = |preset| {
            let mut g = Game::new(5, Rules::preset(preset)).unwrap();
            g.play(Color::Black, Move::Play(pt("C3", 5))).unwrap();
            g.play(Color::White, Move::Play(pt("D4", 5))).unwrap();
            g.play(Color::Black, Move::Pass).unwrap();
            g
        };
        let g = after_pass(Preset::Chinese);
        let b2 = pt("B2", 5);
        let r = report(Color::White, Some(b2), 0.8, 3.0, -0.6);
        let white_wins = GameScore {
            black: 10.0,
            white: 15.0,
        };
        let black_wins = GameScore {
            black: 15.0,
            white: 10.0,
        };
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Play(b2)
        );
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::pass(white_wins)),
            Decision::Pass
        );
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::pass(black_wins)),
            Decision::Play(b2)
        );
        // the search prefers a pass, but passing now loses: play on
        let mut r = r.clone();
        r.moves.insert(0, info(None, 2000, 0.9, 2.0));
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::pass(black_wins)),
            Decision::Play(b2)
        );
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        // area scoring: with opponent chains called dead only on the estimate, the search's
        // stone before the pass that wins; the pass once the search prefers it, and under
        // territory scoring
        let dead = Standing {
            undecided_dead: true,
            ..Standing::pass(white_wins)
        };
        assert_eq!(decide(&r, &g, false, &POLICY, &dead), Decision::Pass);
        let stone_first = report(Color::White, Some(b2), 0.8, 3.0, -0.6);
        assert_eq!(
            decide(&stone_first, &g, false, &POLICY, &dead),
            Decision::Play(b2)
        );
        // dead stones the verdict decided do not stop the pass
        let decided = Standing {
            dead_opponent: Some(true),
            ..Standing::pass(white_wins)
        };
        assert_eq!(
            decide(&stone_first, &g, false, &POLICY, &decided),
            Decision::Pass
        );
        let japanese = after_pass(Preset::Japanese);
        assert_eq!(
            decide(&stone_first, &japanese, false, &POLICY, &dead),
            Decision::Pass
        );
        // a lost game is not resigned when passing now wins
        let lost = report(Color::White, Some(b2), 0.01, -3.0, -0.6);
        assert_eq!(
            decide(&lost, &g, false, &POLICY, &Standing::pass(white_wins)),
            Decision::Pass
        );
    }

    #[test]
    fn stone_counting_fills_own_territory_before_passing() {
        // Black's wall on column C with a big area behind it; White owns the rest
        let diagram = "
            7 . . X O . . .
            6 . . X O . . .
            5 . . X O . . .
            4 . . X O . . .
            3 . . X O . . .
            2 . . X O . . .
            1 . . X O . . .";
        let rules = Rules::preset(Preset::Primitive);
        let g = Game::from_diagram(diagram, rules).unwrap();
        let size = 7;
        let mut own = vec![0.0; 1024];
        for y in 0..size {
            for x in 0..size {
                own[Point::new(x, y, size).idx()] = if x <= 2 { 1.0 } else { -1.0 };
            }
        }
        let r = Report {
            color: Some(Color::Black),
            playouts: 1000,
            reused: 0,
            moves: vec![info(None, 1000, 0.6, 1.0)],
            winrate: 0.6,
            score_lead: 1.0,
            ownership: own,
            ..Report::default()
        };
        let d = decide(&r, &g, false, &POLICY, &Standing::default());
        let Decision::Play(p) = d else {
            panic!("passed with territory to fill: {d:?}")
        };
        let (x, _) = p.xy(size);
        assert!(x <= 1, "fills inside its own area, not {p:?}");
        // under area counting the same report passes
        let g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        // safe_fill never removes the last two eyes: a chain with exactly two one-point eyes
        let eyes = "
            5 . X . X O
            4 X X X X O
            3 O O O O O
            2 . . . . .
            1 . . . . .";
        let g = Game::from_diagram(eyes, rules).unwrap();
        let mut own = vec![0.0; 1024];
        own[pt("A5", 5).idx()] = 1.0;
        own[pt("C5", 5).idx()] = 1.0;
        let r = Report {
            ownership: own,
            ..r
        };
        assert_eq!(safe_fill(&r, &g, Color::Black), None);
    }

    #[test]
    fn territory_counting_keeps_out_of_own_territory_once_decided() {
        let g = Game::new(9, Rules::preset(Preset::Japanese)).unwrap();
        let inside = pt("A1", 9);
        let outside = pt("E5", 9);
        // everything is Black's but the point E5, still open
        let mut own = vec![1.0; 1024];
        own[outside.idx()] = 0.5;
        let mut r = report(Color::Black, Some(inside), 0.97, 20.0, 0.0);
        r.ownership = own.clone();
        // decided, nothing else searched: pass
        let unsettled = Report {
            ownership: vec![0.5; 1024],
            ..r.clone()
        };
        assert_eq!(
            decide(&unsettled, &g, false, &POLICY, &Standing::default()),
            Decision::Play(inside),
            "an open board is not decided"
        );
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        // a move outside that does as well is played instead
        r.moves.push(info(Some(outside), 500, 0.96, 19.0));
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Play(outside)
        );
        // under area counting the best move stands
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(
            decide(&r, &g, false, &POLICY, &Standing::default()),
            Decision::Play(inside)
        );
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
        assert_eq!(
            decide(&black, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
        let white = flat(&g, Color::White, 1000);
        assert!(!white.moves.is_empty());
        assert_ne!(
            decide(&white, &g, false, &POLICY, &Standing::default()),
            Decision::Pass
        );
    }
}
