//! The root of a search: tree reuse (the root follows the moves played since the last
//! search down the tree, or the tree starts afresh for another game) and the root's
//! preparation (its children with the book's hints in their priors, the network's priors
//! on a reused root, the moves barred or illegal now pruned).

use super::expand::{order_by_prior, set_net_priors};
use super::job::{last3, Job};
use super::TreeSearch;
use crate::board::{Color, Point};
use crate::nn::policy::Evaluator;
use crate::rules::{Game, Move};
use crate::search::tree::PASS;
use crate::with_board;

/// What identifies the game a tree belongs to: size, rules-relevant komi, setup stones,
/// whether dynamic komi was on.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct GameKey {
    size: usize,
    komi_bits: u64,
    setup: (Vec<Point>, Vec<Point>),
    /// Whether the playouts saw extra komi: a tree grown under dynamic komi is kept while
    /// that komi changes from move to move, but not for a search under the real komi.
    dynamic_komi: bool,
}

impl TreeSearch {
    /// Moves the root to `game`'s position for `color` to move: follows the moves played
    /// since the last search down the tree, or starts a fresh tree.
    pub(super) fn place_root(&mut self, game: &Game, color: Color) {
        let key = GameKey {
            size: game.size(),
            komi_bits: game.area_komi().to_bits(),
            dynamic_komi: self.komi_offset != 0.0,
            setup: game.setup_stones(),
        };
        let moves = game.moves();
        let mut tree = self.pool.tree_write();
        let mut found = None;
        if let Some((k, old)) = &self.at {
            if *k == key && moves.len() >= old.len() && moves[..old.len()] == old[..] {
                let mut id = tree.root();
                let mut ok = true;
                for &(c, m) in &moves[old.len()..] {
                    let p = match m {
                        Move::Pass => PASS,
                        Move::Play(p) => p,
                    };
                    match tree.find_child(id, c, p) {
                        Some(k) => id = k,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok && tree.node(id).color() == color.opponent() {
                    found = Some(id);
                }
            }
        }
        match found {
            Some(id) => {
                let kept = tree.node(id).n();
                tree.set_root(id);
                log::debug!("tree reused: {kept} visits kept");
            }
            None => tree.reset(color.opponent()),
        }
        self.at = Some((key, moves.to_vec()));
    }

    /// Expands the root if needed and marks the moves that may not be played now: barred
    /// ones, those the game's rules forbid (superko, suicide), and the pass when
    /// `must_move` and another move is left.
    /// Hinted moves (`hints`: point and share 0..1) get `prior_book` times their share in
    /// virtual wins when the root is expanded here.
    pub(super) fn prepare_root(
        &self,
        game: &Game,
        job: &Job,
        barred: &[Point],
        hints: &[(Point, f64)],
        must_move: bool,
    ) {
        let tree = self.tree_read();
        let root = tree.root();
        // the network's buffers only where it is asked: a reused root may have its priors
        let new_eval = || {
            let k = job.params.net_root_symmetries;
            job.net
                .map(|n| Evaluator::averaging(n, job.board.size(), k))
        };
        if tree.node(root).is_expanded() {
            if job.net.is_some() && tree.node(root).claim_net() {
                if let Some(e) = &mut new_eval() {
                    let mut kids = Vec::new();
                    with_board!(&job.board, b => set_net_priors(&tree, root, &**b, job.color, &job.last, job, e, &mut kids));
                }
            }
        } else {
            let mut eval = new_eval();
            let mut kids = Vec::new();
            with_board!(&job.board, b => {
                let net = eval.as_mut().map(|e| e.evaluate_remembered(&**b, job.color, &job.last));
                job.priors.compute_mixed(&**b, job.color, &last3(&job.last), net, &mut kids)
            });
            let unit = job.priors.params.book * job.priors.params.even as f64;
            for k in kids.iter_mut() {
                if let Some(&(_, share)) = hints.iter().find(|h| h.0 == k.point) {
                    let v = (unit * share.clamp(0.0, 1.0)).round() as u32;
                    k.prior_n = k.prior_n.saturating_add(v);
                    k.prior_w2 = k.prior_w2.saturating_add(2 * v);
                }
            }
            if job.params.pw_base > 0 {
                order_by_prior(&mut kids);
            }
            if tree.expand(root, job.color, &kids) && job.net.is_some() {
                tree.node(root).claim_net();
            }
        }
        let mut pass = None;
        let mut playable = false;
        for k in tree.children(root) {
            let n = tree.node(k);
            let pruned = match n.as_move() {
                None => {
                    pass = Some(n);
                    false
                }
                Some(p) => barred.contains(&p) || !game.is_legal(job.color, Move::Play(p)),
            };
            playable |= !pruned && n.as_move().is_some();
            n.set_pruned(pruned);
        }
        if let Some(n) = pass {
            n.set_pruned(must_move && playable);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{params, pt, run, think};
    use super::super::TreeSearch;
    use super::*;
    use crate::rules::{Preset, Rules};
    use crate::search::{Limits, Request, Searcher};
    use std::sync::atomic::Ordering::Relaxed;
    use std::time::{Duration, Instant};

    #[test]
    fn two_threads_and_reuse() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(&think(2), params());
        let r = run(&mut s, &g, Color::Black, 4000);
        assert!(r.playouts >= 4000 && r.playouts < 4010);
        let best = r.moves[0].mv.unwrap();
        g.play(Color::Black, Move::Play(best)).unwrap();
        let reply = {
            let tree = s.tree_read();
            let root = tree.root();
            let k = tree.find_child(root, Color::Black, best).unwrap();
            tree.children(k)
                .max_by_key(|&c| tree.node(c).n())
                .map(|c| tree.node(c).point())
        };
        let reply = reply.unwrap();
        g.play(Color::White, Move::Play(reply)).unwrap();
        s.place_root(&g, Color::Black);
        let kept = s.tree_read().node(s.tree_read().root()).n();
        assert!(kept > 0, "the subtree under the played moves is kept");
    }

    #[test]
    fn pondering_grows_the_tree_the_next_search_starts_from() {
        let mut g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(&think(1), params());
        let r = run(&mut s, &g, Color::Black, 500);
        g.play(Color::Black, Move::Play(r.moves[0].mv.unwrap()))
            .unwrap();
        s.ponder(&g, Color::White);
        assert!(s.is_pondering());
        // the workers search while this thread is free
        let t = Instant::now();
        while s.pondering.as_ref().unwrap().done.load(Relaxed) < 3000 {
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "pondering does not run"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // the opponent replies where pondering looked most: that subtree is reused
        let reply = {
            let tree = s.tree_read();
            let root = tree.root();
            tree.children(root)
                .max_by_key(|&c| tree.node(c).n())
                .map(|c| tree.node(c).point())
                .unwrap()
        };
        let played = s.stop_pondering().unwrap();
        assert!(played >= 3000 && !s.is_pondering());
        assert_eq!(s.stop_pondering(), None);
        g.play(Color::White, Move::Play(reply)).unwrap();
        s.place_root(&g, Color::Black);
        let kept = s.tree_read().node(s.tree_read().root()).n();
        assert!(kept > 100, "{kept} visits kept of {played} pondered");
        // a search stops pondering itself
        s.ponder(&g, Color::Black);
        let r = run(&mut s, &g, Color::Black, 200);
        assert!(!s.is_pondering() && r.playouts == 200);
    }

    #[test]
    fn hints_raise_the_root_prior_of_their_moves() {
        let g = Game::new(19, Rules::preset(Preset::Chinese)).unwrap();
        let limits = Limits {
            playouts: Some(50),
            ..Limits::default()
        };
        let k10 = Point::new(9, 9, 19);
        // K10's prior visits and doubled wins at the root
        let prior = |hints: &[(Point, f64)]| {
            let mut s = TreeSearch::new(&think(1), params());
            s.search(
                &Request::new(&g, Color::Black, limits).hints(hints),
                &mut |_| {},
            );
            let t = s.tree_read();
            let k = t.find_child(t.root(), Color::Black, k10).unwrap();
            let n = t.node(k);
            (n.prior_n.load(Relaxed), n.prior_w2.load(Relaxed))
        };
        let (n0, w0) = prior(&[]);
        // prior_book (2) times the even prior (20 on 19x19) times the share, all won
        let (n1, w1) = prior(&[(k10, 0.5)]);
        assert_eq!((n1, w1), (n0 + 20, w0 + 40));
        let (n2, w2) = prior(&[(k10, 1.0), (Point::new(3, 3, 19), 1.0)]);
        assert_eq!((n2, w2), (n0 + 40, w0 + 80));
    }

    #[test]
    fn barred_and_superko_moves_are_never_chosen() {
        let g = Game::new(9, Rules::preset(Preset::Chinese)).unwrap();
        let mut s = TreeSearch::new(&think(1), params());
        let barred = [pt("E5", 9), pt("D5", 9), pt("E4", 9)];
        let r = s.search(
            &Request::new(
                &g,
                Color::Black,
                Limits {
                    playouts: Some(1500),
                    ..Limits::default()
                },
            )
            .barred(&barred),
            &mut |_| {},
        );
        assert!(r
            .moves
            .iter()
            .all(|m| m.mv.is_none_or(|p| !barred.contains(&p))));
    }

    #[test]
    fn only_pass_left_reports_pass() {
        // 3x3 board: one black chain with two eyes; every White move is suicide
        let g = Game::from_diagram(
            "
            X . X
            X X X
            X X .",
            Rules::preset(Preset::Chinese),
        )
        .unwrap();
        let mut s = TreeSearch::new(&think(1), params());
        let r = run(&mut s, &g, Color::White, 200);
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.moves[0].mv, None);
        assert_eq!(r.moves[0].visits, 200);
    }
}
