//! Dead stones and seki for scoring: one judgement per position, by status confirmation
//! ([`crate::rules::status`]) with the playout estimate of this module as its fallback,
//! cached so that `final_status_list`, `final_score`, `tengen-status` and `printsgf` agree
//! and only the first of them works.

use crate::board::{AnyBoard, Color, Point};
use crate::rules::status::Confirmation;
use crate::rules::{Game, Rules, Status, StatusMap};
use crate::search::Report;

/// Chains (by head) in a simple seki: every liberty is either a one-point eye of the chain's
/// colour or shared with an enemy chain, at most one eye, at least two liberties, and every
/// enemy chain across a shared liberty is of the same kind with as many eyes. Then filling a
/// shared liberty only helps the opponent, so nobody does. Bigger eye spaces are left to the
/// playouts.
pub fn seki_chains(board: &AnyBoard) -> Vec<Point> {
    struct Info {
        eyes: usize,
        libs: usize,
        other: usize,
        enemies: Vec<Point>,
    }
    let mut infos: Vec<(Point, Info)> = vec![];
    for p in board.points() {
        let Some(c) = board.color_at(p) else { continue };
        if board.chain_head(p) != p {
            continue;
        }
        let libs = board.chain_liberties(p);
        let mut info = Info {
            eyes: 0,
            libs: libs.len(),
            other: 0,
            enemies: vec![],
        };
        for l in libs {
            let ns = board.neighbors(l);
            if ns.iter().all(|&q| board.color_at(q) == Some(c)) {
                info.eyes += 1;
            } else if ns.iter().any(|&q| board.color_at(q) == Some(c.opponent())) {
                for q in ns {
                    if board.color_at(q) == Some(c.opponent()) {
                        let h = board.chain_head(q);
                        if !info.enemies.contains(&h) {
                            info.enemies.push(h);
                        }
                    }
                }
            } else {
                info.other += 1;
            }
        }
        infos.push((p, info));
    }
    let mut cand: Vec<bool> = infos
        .iter()
        .map(|(_, i)| i.libs >= 2 && i.other == 0 && i.eyes <= 1 && !i.enemies.is_empty())
        .collect();
    loop {
        let mut changed = false;
        for k in 0..infos.len() {
            if !cand[k] {
                continue;
            }
            let ok = infos[k].1.enemies.iter().all(|e| {
                infos
                    .iter()
                    .position(|(h, _)| h == e)
                    .is_some_and(|j| cand[j] && infos[j].1.eyes == infos[k].1.eyes)
            });
            if !ok {
                cand[k] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    infos
        .into_iter()
        .zip(cand)
        .filter_map(|((h, _), c)| c.then_some(h))
        .collect()
}
/// Life and death for scoring: the rules' default (Benson), chains in a simple seki (see
/// [`seki_chains`]), and, unless the rules count the board as it stands, chains that the
/// playouts say are lost (mean ownership below -0.3 from their owner's view).
///
/// Stones are dead when the opponent can take them: each colour's stones are judged from a
/// search in which the opponent moves first, so the verdict does not depend on who passed
/// last. `search(c)` runs that search with `c` to move; it is called (Black first, then
/// White) only when the rules remove dead stones and the board holds stones.
pub fn estimate_status(game: &Game, mut search: impl FnMut(Color) -> Report) -> StatusMap {
    let mut status = game.default_status();
    let board = game.board();
    let seki = seki_chains(board);
    for &h in &seki {
        status.set_chain(board, h, Status::Seki);
    }
    if !game.rules().remove_dead || board.stone_counts() == [0, 0] {
        return status;
    }
    let reports = Color::BOTH.map(&mut search);
    for p in board.points() {
        let Some(c) = board.color_at(p) else { continue };
        if board.chain_head(p) != p || seki.contains(&p) || status.get(p) != Status::Alive {
            continue;
        }
        let own = &reports[c.opponent().index()].ownership;
        let sign = c.sign();
        let stones = board.chain_points(p);
        let mean = stones
            .iter()
            .map(|q| own.get(q.idx()).copied().unwrap_or(0.0))
            .sum::<f64>()
            * sign
            / stones.len() as f64;
        if mean < -0.3 {
            status.set_chain(board, p, Status::Dead);
        }
    }
    status
}

/// What a status judgement depends on: the position, how it was reached and the rules
/// (komi included).
#[derive(Clone, Debug, PartialEq)]
struct Key {
    hash: u64,
    moves: usize,
    rules: Rules,
}

impl Key {
    fn of(game: &Game) -> Key {
        Key {
            hash: game.board().hash(),
            moves: game.move_number(),
            rules: *game.rules(),
        }
    }
}

/// The last status judgement, keyed by position hash, move count and rules.
#[derive(Clone, Debug, Default)]
pub struct StatusCache {
    /// The position, its judgement, and whether that was rushed (computed on a move's clock).
    entry: Option<(Key, Confirmation, bool)>,
    /// Judgements computed (not served from the cache), for tests and logs.
    computed: u64,
}

impl StatusCache {
    /// The judgement of `game`'s position: the cached one when the key matches (and it was
    /// not rushed, unless this request is rushed too), otherwise `compute()`'s, which is then
    /// kept. `rushed`: the judgement is made on a move's clock, with a smaller budget.
    pub fn get(
        &mut self,
        game: &Game,
        rushed: bool,
        compute: impl FnOnce() -> Confirmation,
    ) -> &Confirmation {
        let key = Key::of(game);
        if self
            .entry
            .as_ref()
            .is_some_and(|(k, _, was_rushed)| *k != key || (*was_rushed && !rushed))
        {
            self.entry = None;
        }
        let computed = &mut self.computed;
        let (_, map, _) = self.entry.get_or_insert_with(|| {
            *computed += 1;
            (key, compute(), rushed)
        });
        map
    }

    /// How many judgements were computed rather than served from the cache.
    pub fn computed(&self) -> u64 {
        self.computed
    }

    /// Forgets the cached judgement.
    pub fn clear(&mut self) {
        self.entry = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Vertex;
    use crate::rules::Preset;
    use crate::search::flat::{FlatParams, FlatSearch};
    use crate::search::Request;
    use crate::search::{Limits, Searcher};

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    fn flat(game: &Game, c: Color) -> Report {
        let limits = Limits {
            playouts: Some(250),
            ..Limits::default()
        };
        FlatSearch::new(FlatParams::default()).search(&Request::new(game, c, limits), &mut |_| {})
    }

    #[test]
    fn seki_is_found_and_not_dead() {
        // one eye each (B4, F4) and the D column shared: seki
        let seki = "
            7 X X X . O O O
            6 X X X . O O O
            5 X X X . O O O
            4 X . X . O . O
            3 X X X . O O O
            2 X X X . O O O
            1 X X X . O O O";
        let mut g = Game::from_diagram(seki, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(0.5);
        assert_eq!(seki_chains(g.board()).len(), 2);
        let st = estimate_status(&g, |c| flat(&g, c));
        assert_eq!(st.get(pt("A1", 7)), Status::Seki);
        assert_eq!(st.get(pt("G7", 7)), Status::Seki);
        assert_eq!(g.score(&st).to_string(), "W+0.5");
        // give Black a second eye: no seki, White's one-eyed group is dead
        let alive = "
            7 X X X . O O O
            6 X . X . O O O
            5 X X X . O O O
            4 X . X . O . O
            3 X X X . O O O
            2 X X X . O O O
            1 X X X . O O O";
        let g = Game::from_diagram(alive, Rules::preset(Preset::Chinese)).unwrap();
        assert!(seki_chains(g.board()).is_empty());
        // a lone stone inside enemy territory is no seki
        let lone = "
            5 . X . . .
            4 X X . . .
            3 . . . O .
            2 . . . . .
            1 . . . . .";
        let g = Game::from_diagram(lone, Rules::preset(Preset::Chinese)).unwrap();
        assert!(seki_chains(g.board()).is_empty());
    }

    #[test]
    fn chains_the_ownership_gives_away_are_dead() {
        let diagram = "
            5 . . . . .
            4 . X . . .
            3 . . . O .
            2 . . . . .
            1 . . . . .";
        let g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        // a searcher that says White owns the board whoever moves first
        let white_owns = Report {
            ownership: vec![-1.0; 1024],
            ..Report::default()
        };
        let mut calls = vec![];
        let st = estimate_status(&g, |c| {
            calls.push(c);
            white_owns.clone()
        });
        assert_eq!(calls, vec![Color::Black, Color::White]);
        assert_eq!(st.get(pt("B4", 5)), Status::Dead);
        assert_eq!(st.get(pt("D3", 5)), Status::Alive);
        // without ownership nothing is judged dead
        let st = estimate_status(&g, |_| Report::default());
        assert_eq!(st.get(pt("B4", 5)), Status::Alive);
        // rules that count the board as it stands never search
        let mut tt = g.clone();
        tt.set_rules(Rules::preset(Preset::TrompTaylor));
        let st = estimate_status(&tt, |_| panic!("no search under tromp-taylor"));
        assert_eq!(st.get(pt("B4", 5)), Status::Alive);
    }

    #[test]
    fn the_cache_computes_once_per_position() {
        let mut g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        let mut cache = StatusCache::default();
        let judge = |g: &Game| {
            crate::rules::status::confirm(g, &Default::default(), || {
                estimate_status(g, |c| flat(g, c))
            })
        };
        let a = cache.get(&g, false, || judge(&g)).clone();
        let b = cache.get(&g, false, || panic!("cached")).clone();
        assert_eq!(a, b);
        // a rushed request takes the full judgement too
        cache.get(&g, true, || panic!("cached"));
        assert_eq!(cache.computed(), 1);
        g.play(Color::Black, crate::rules::Move::Play(pt("C3", 5)))
            .unwrap();
        cache.get(&g, false, || judge(&g));
        assert_eq!(cache.computed(), 2);
        g.set_komi(0.5);
        cache.get(&g, false, || judge(&g));
        assert_eq!(cache.computed(), 3);
        cache.clear();
        cache.get(&g, false, || judge(&g));
        assert_eq!(cache.computed(), 4);
        // a rushed judgement serves rushed requests only
        cache.clear();
        cache.get(&g, true, || judge(&g));
        cache.get(&g, true, || panic!("cached"));
        assert_eq!(cache.computed(), 5);
        cache.get(&g, false, || judge(&g));
        assert_eq!(cache.computed(), 6);
    }
}
