//! The playout estimate of dead stones and seki, the confirmation's fallback and the whole
//! judgement under area rules: simple seki read from the board ([`seki_chains`]), the rest
//! from the ownership of playouts with each side moving first ([`estimate_status`], which
//! asks its caller for the ownership: the engine runs the searches), and the cache of the
//! last judgement ([`StatusCache`]), so that `final_status_list`, `final_score`,
//! `tengen-status` and `printsgf` agree and only the first of them works.

use super::{Confirmation, Estimated};
use crate::board::{AnyBoard, Color, Point};
use crate::rules::{Game, Rules, Status, StatusMap};

/// Chains (by head) in a simple seki: every liberty is either a one-point eye of the chain's
/// colour or shared with an enemy chain, at most one eye, at least two liberties, and every
/// enemy chain across a shared liberty is of the same kind with as many eyes. Then filling a
/// shared liberty only helps the opponent, so nobody does. An eye walled by several own
/// chains is only as good as the others: each of them must be of the same kind too (an eye
/// beside a dead chain is no eye, and a one-eyed chain next to one was called seki in an
/// unfinished 9x9 record). A shared liberty must be closed: its empty neighbours are
/// liberties of the chain too (a corner group whose two liberties, shared with a lone enemy
/// stone, opened onto the board was called seki in a Tom 9d ending that the record and GNU
/// Go count dead). A chain touching an enemy chain in atari is none of them: taking it
/// gives liberties of its own (a White group whose two liberties were shared with a lone
/// Black stone also walled a Black chain in atari, and was called seki in a Tom 9d ending
/// that the record and GNU Go count alive). Bigger eye spaces are left to the playouts.
pub fn seki_chains(board: &AnyBoard) -> Vec<Point> {
    struct Info {
        eyes: usize,
        libs: usize,
        other: usize,
        enemies: Vec<Point>,
        /// The other own chains walling its eyes.
        mates: Vec<Point>,
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
            mates: vec![],
        };
        for &l in &libs {
            let ns = board.neighbors(l);
            if ns.iter().all(|&q| board.color_at(q) == Some(c)) {
                info.eyes += 1;
                for &q in &ns {
                    let h = board.chain_head(q);
                    if h != p && !info.mates.contains(&h) {
                        info.mates.push(h);
                    }
                }
            } else if ns.iter().any(|&q| board.color_at(q) == Some(c.opponent()))
                && ns
                    .iter()
                    .all(|&q| !board.is_empty_point(q) || libs.contains(&q))
            {
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
    // whether the chain of `p` touches an enemy chain in atari, which it may take
    let can_capture = |p: Point| {
        let enemy = board.color_at(p).map(Color::opponent);
        board.chain_points(p).into_iter().any(|q| {
            board
                .neighbors(q)
                .into_iter()
                .any(|n| board.color_at(n) == enemy && board.lib_count(n) == 1)
        })
    };
    let mut cand: Vec<bool> = infos
        .iter()
        .map(|(p, i)| {
            i.libs >= 2 && i.other == 0 && i.eyes <= 1 && !i.enemies.is_empty() && !can_capture(*p)
        })
        .collect();
    loop {
        let mut changed = false;
        for k in 0..infos.len() {
            if !cand[k] {
                continue;
            }
            let index = |h: &Point| infos.iter().position(|(g, _)| g == h);
            let ok =
                infos[k].1.enemies.iter().all(|e| {
                    index(e).is_some_and(|j| cand[j] && infos[j].1.eyes == infos[k].1.eyes)
                }) && infos[k]
                    .1
                    .mates
                    .iter()
                    .all(|m| index(m).is_some_and(|j| cand[j]));
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
/// The mean ownership from its owner's view below which the estimate calls a chain dead:
/// 0, where it is lost in more playouts than kept, the two searches (each side moving
/// first) weighing alike. The line stood at -0.3 before, which kept chains lost in up to
/// 65% of the playouts; on bench/score.py's 102 records every estimated chain between -0.3
/// and 0 (ten chains of three unfinished records) was dead in GNU Go's play-out, and no
/// chain between 0 and 0.07 was seen.
const DEAD_BELOW: f64 = 0.0;

/// How sure the estimate must be of every chain's verdict before it stops adding
/// playouts (see [`estimate_status`]).
const SURE_ENOUGH: f64 = 0.95;

/// Life and death for scoring: the rules' default (Benson), chains in a simple seki (see
/// [`seki_chains`]), and, unless the rules count the board as it stands, chains that the
/// playouts say are lost (mean ownership below [`DEAD_BELOW`], 0, from their owner's view).
///
/// A chain is judged from two searches, one with each side moving first, weighed alike:
/// its mean ownership over both, so the verdict does not depend on who passed last.
/// Judging each colour only from the search in which the opponent moves first called dead
/// every group of an open fight the opponent could start, and the players had left
/// standing: on 166 misses of the Tom 9d counted endings (bench/endings.py) the mean of
/// both sides gave the recorded result in 24 more games and lost one of 200 exact ones.
/// Stones invading a large enemy area are judged apart ([`Estimated::invader`]): from the
/// search in which the area's owner moves first alone, since an invader lives only if it
/// lives after the owner answers (on a sparse unfinished 13x13 record of bench/score.py,
/// two lone stones the mean of both sides called alive by 0.05 were dead in GNU Go's
/// play-out).
/// `ownership(c, n)` runs a search with `c` to move and `n` playouts and gives the mean
/// final owner of every point by padded index (+1 Black, -1 White; empty when unknown); it
/// is called (Black first, then White) only when the rules remove dead stones and the
/// board holds stones, first with `first` playouts.
///
/// How sure the estimate is of a chain: in each playout a chain is as good as all taken or
/// all kept, so its mean ownership `m` over `n` playouts a side, both sides pooled, has a
/// standard error of about `sqrt((2 - m₁² - m₂²) / 4n)` (`m₁`, `m₂` the two sides' means),
/// and the verdict is as sure as the normal curve makes `m` lie on
/// its side of the threshold. While some chain's verdict is less sure than
/// [`SURE_ENOUGH`], both searches run again with three times the playouts so far and the
/// ownerships are pooled, up to `most` playouts a side (an unfinished 13x13 record lost a
/// 70-point group on 500 playouts a side, and was counted right on 2000).
pub fn estimate_status(
    game: &Game,
    first: u64,
    most: u64,
    mut ownership: impl FnMut(Color, u64) -> Vec<f64>,
) -> Estimated {
    let mut status = game.default_status();
    let board = game.board();
    let seki = seki_chains(board);
    for &h in &seki {
        status.set_chain(board, h, Status::Seki);
    }
    if !game.rules().remove_dead || board.stone_counts() == [0, 0] {
        return status.into();
    }
    let mut invader = status.clone();
    // the chains to judge, by head, with their colour
    let heads: Vec<(Point, Color)> = board
        .points()
        .into_iter()
        .filter_map(|p| Some((p, board.color_at(p)?)))
        .filter(|&(p, _)| {
            board.chain_head(p) == p && !seki.contains(&p) && status.get(p) == Status::Alive
        })
        .collect();
    // per colour to move, the ownership summed over all playouts so far
    let mut pooled: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut total = 0;
    let mut n = first.max(1);
    // per chain head: mean ownership from the owner's view, how sure the verdict is, and
    // the mean with the opponent moving first alone
    let mut judged: Vec<(Point, f64, f64, f64)> = Vec::new();
    loop {
        for c in Color::BOTH {
            let own = ownership(c, n);
            let sum = &mut pooled[c.index()];
            if sum.len() < own.len() {
                sum.resize(own.len(), 0.0);
            }
            for (s, o) in sum.iter_mut().zip(&own) {
                *s += o * n as f64;
            }
        }
        total += n;
        judged.clear();
        for &(h, c) in &heads {
            let stones = board.chain_points(h);
            // the chain's mean ownership from its owner's view with `to_move` first
            let mean = |to_move: Color| {
                let own = &pooled[to_move.index()];
                stones
                    .iter()
                    .map(|q| own.get(q.idx()).copied().unwrap_or(0.0))
                    .sum::<f64>()
                    * c.sign()
                    / (stones.len() as f64 * total as f64)
            };
            let (them_first, owner_first) = (mean(c.opponent()), mean(c));
            let m = (them_first + owner_first) / 2.0;
            let var = (2.0 - them_first * them_first - owner_first * owner_first).max(0.02);
            let se = (var / (4.0 * total as f64)).sqrt();
            let z = (m - DEAD_BELOW).abs() / se;
            // the normal curve's tail, to within 0.01
            let sure = 1.0 / (1.0 + (-1.702 * z).exp());
            judged.push((h, m, sure, them_first));
        }
        let unsure = judged.iter().filter(|j| j.2 < SURE_ENOUGH).count();
        if unsure == 0 || total >= most || pooled.iter().all(|o| o.is_empty()) {
            break;
        }
        log::debug!("status estimate: {unsure} chains unsure after {total} playouts a side");
        n = (3 * total).min(most - total);
    }
    let mut sure = vec![None; Point::index_bound(board.size())];
    for &(h, m, s, them_first) in &judged {
        log::debug!(
            "status estimate: chain at {}: mean ownership {m:.3} from its owner's view, sure {s:.3}",
            h.vertex(board.size())
        );
        if m < DEAD_BELOW {
            status.set_chain(board, h, Status::Dead);
        }
        if them_first < DEAD_BELOW {
            invader.set_chain(board, h, Status::Dead);
        }
        for q in board.chain_points(h) {
            sure[q.idx()] = Some(s);
        }
    }
    // a lone stone in atari whose liberty is an eye of living own stones keeps its life
    for &(h, _) in &heads {
        if status.get(h) == Status::Dead && ko_stone_beside_own_eye(board, h, &status) {
            status.set_chain(board, h, Status::Alive);
            invader.set_chain(board, h, Status::Alive);
        }
    }
    Estimated {
        status,
        sure,
        playouts: total,
        invader,
    }
}

/// Whether `p` is a lone stone whose one liberty is an eye of its own colour walled by
/// stones `status` keeps alive: the enemy takes it only by a ko capture inside that eye,
/// and connecting there costs its owner nothing under area scoring (a teire under
/// territory scoring, which players leave out). The playouts never fill their own eye, not
/// even to save such a stone, and so give it away: on the Tom 9d counted endings such
/// stones (a corner stone beside its eye, a ko left unconnected) were called dead where
/// the records and GNU Go keep them.
fn ko_stone_beside_own_eye(board: &AnyBoard, p: Point, status: &StatusMap) -> bool {
    let libs = board.chain_liberties(p);
    let (Some(c), [eye]) = (board.color_at(p), libs.as_slice()) else {
        return false;
    };
    let eye = *eye;
    board.chain_points(p).len() == 1
        && board
            .neighbors(eye)
            .into_iter()
            .all(|q| q == p || (board.color_at(q) == Some(c) && status.get(q) == Status::Alive))
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
pub(crate) mod tests {
    use super::*;
    use crate::board::Vertex;
    use crate::rules::Preset;

    /// A 5x5 board, Chinese rules, with a Black stone on B4 and a White one on D3.
    pub(crate) fn two_stones() -> Game {
        let diagram = "
            5 . . . . .
            4 . X . . .
            3 . . . O .
            2 . . . . .
            1 . . . . .";
        Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap()
    }

    fn pt(s: &str, size: usize) -> Point {
        s.parse::<Vertex>().unwrap().to_point(size).unwrap()
    }

    /// Playouts that give every point to the side moving first.
    fn first_owns(c: Color) -> Vec<f64> {
        vec![c.sign(); 1024]
    }

    #[test]
    fn seki_is_found_and_not_dead() {
        let seki = crate::rules::status::tests::ONE_EYE_EACH;
        let mut g = Game::from_diagram(seki, Rules::preset(Preset::Chinese)).unwrap();
        g.set_komi(0.5);
        assert_eq!(seki_chains(g.board()).len(), 2);
        // whatever the playouts say, the seki stands
        let st = estimate_status(&g, 250, 250, |c, _| first_owns(c)).status;
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

    /// bench/score.py's g09-051 (unfinished): Black's A5-B8 and White's A8 share A7, and
    /// each has one more liberty walled by its own stones alone (A4, A9), but those eyes are
    /// walled by other chains too (A3-B4, and White's large C4-C9, which is dead): no seki.
    #[test]
    fn an_eye_walled_by_a_chain_not_in_the_seki_makes_no_seki() {
        let diagram = crate::rules::status::tests::G09_051;
        let g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        let seki = seki_chains(g.board());
        let b = g.board();
        for v in ["A5", "A8"] {
            let h = b.chain_head(pt(v, 9));
            assert!(!seki.contains(&h), "{v} in {seki:?}");
        }
    }

    #[test]
    fn chains_the_ownership_gives_away_are_dead() {
        let g = two_stones();
        // a searcher that says White owns the board whoever moves first
        let white_owns = vec![-1.0; 1024];
        let mut calls = vec![];
        let st = estimate_status(&g, 500, 500, |c, _| {
            calls.push(c);
            white_owns.clone()
        })
        .status;
        assert_eq!(calls, vec![Color::Black, Color::White]);
        assert_eq!(st.get(pt("B4", 5)), Status::Dead);
        assert_eq!(st.get(pt("D3", 5)), Status::Alive);
        // without ownership nothing is judged dead
        let st = estimate_status(&g, 500, 4000, |_, _| Vec::new()).status;
        assert_eq!(st.get(pt("B4", 5)), Status::Alive);
        // rules that count the board as it stands never search
        let mut tt = g.clone();
        tt.set_rules(Rules::preset(Preset::TrompTaylor));
        let st =
            estimate_status(&tt, 500, 500, |_, _| panic!("no search under tromp-taylor")).status;
        assert_eq!(st.get(pt("B4", 5)), Status::Alive);
    }

    #[test]
    fn a_shared_liberty_open_to_the_board_makes_no_seki() {
        // White's corner A1-C5 and Black's A4 share their two liberties A3 and A5, but A5
        // opens onto A6: White can reach out there, so this is no seki (a Tom 9d ending
        // was counted with it as seki, 9 points off the record and GNU Go)
        let open = "
            7 . O O . . . .
            6 . X X O . . .
            5 . O O X . . .
            4 X O O X . . .
            3 . O X . . . .
            2 O O X . . . .
            1 O X X . . . .";
        let g = Game::from_diagram(open, Rules::preset(Preset::Chinese)).unwrap();
        let seki = seki_chains(g.board());
        for v in ["A1", "A4"] {
            let h = g.board().chain_head(pt(v, 7));
            assert!(!seki.contains(&h), "{v} in {seki:?}");
        }
        // with A5 on the edge, the two liberties are shared alone: seki
        let closed = "
            5 . O O X .
            4 X O O X .
            3 . O X . .
            2 O O X . .
            1 O X X . .";
        let g = Game::from_diagram(closed, Rules::preset(Preset::Chinese)).unwrap();
        let seki = seki_chains(g.board());
        for v in ["A1", "A4"] {
            let h = g.board().chain_head(pt(v, 5));
            assert!(seki.contains(&h), "{v} not in {seki:?}");
        }
    }

    #[test]
    fn a_chain_that_can_capture_a_neighbour_is_in_no_seki() {
        // the closed seki above, but Black's B1-C3 is in atari (D1): White takes it and
        // has liberties of its own, so White's group and A4 are no seki (a Tom 9d ending,
        // 107898670, was counted with such a seki, 4 points off the record and GNU Go)
        let beside = "
            5 . O O X .
            4 X O O X .
            3 . O X O .
            2 O O X O .
            1 O X X . .";
        let g = Game::from_diagram(beside, Rules::preset(Preset::Chinese)).unwrap();
        assert_eq!(g.board().chain_liberties(pt("C3", 5)).len(), 1);
        assert!(seki_chains(g.board()).is_empty());
    }

    #[test]
    fn a_lone_stone_whose_liberty_is_an_eye_of_living_stones_is_kept() {
        // White's A1 has one liberty, A2, an eye walled by White's A3-B2 alone: Black takes
        // A1 only by a ko capture in that eye, and White connects there for free
        let diagram = "
            5 . . . . .
            4 O O . . .
            3 O O X . .
            2 . O X . .
            1 O X . . .";
        let g = Game::from_diagram(diagram, Rules::preset(Preset::Chinese)).unwrap();
        // the playouts give A1 to Black (they never fill their own eye to save it) and
        // the A and B files to White, or everything to Black
        let owned = |walls_alive: bool| {
            let mut o = vec![1.0; 1024];
            if walls_alive {
                for v in ["A2", "A3", "A4", "A5", "B2", "B3", "B4", "B5"] {
                    o[pt(v, 5).idx()] = -1.0;
                }
            }
            estimate_status(&g, 500, 500, |_, _| o.clone())
        };
        let e = owned(true);
        assert_eq!(e.status.get(pt("A3", 5)), Status::Alive);
        assert_eq!(e.status.get(pt("A1", 5)), Status::Alive);
        assert_eq!(e.invader.get(pt("A1", 5)), Status::Alive);
        // with the stones around its eye dead, it is dead too
        let e = owned(false);
        assert_eq!(e.status.get(pt("A3", 5)), Status::Dead);
        assert_eq!(e.status.get(pt("A1", 5)), Status::Dead);
    }

    #[test]
    fn a_chain_lost_in_most_playouts_is_dead() {
        let g = two_stones();
        // Black's B4 kept in 40% of the playouts with White moving first (mean ownership
        // -0.2): dead (the line at -0.3 before called it alive)
        let e = estimate_status(&g, 500, 8000, |_, _| vec![-0.2; 1024]);
        assert_eq!(e.status.get(pt("B4", 5)), Status::Dead);
        // kept in 60%: alive
        let e = estimate_status(&g, 500, 8000, |_, _| vec![0.2; 1024]);
        assert_eq!(e.status.get(pt("B4", 5)), Status::Alive);
    }

    #[test]
    fn a_chain_is_judged_from_both_sides_moving_first() {
        let g = two_stones();
        // each side moving first wins most of the board: Black's B4 is kept in 35% of the
        // playouts with White first (-0.3) and 80% with Black first (+0.6), White's D3 in
        // 65% with White first and 20% with Black first
        let e = estimate_status(&g, 500, 500, |c, _| {
            vec![if c == Color::Black { 0.6 } else { -0.3 }; 1024]
        });
        // over both sides B4's mean is +0.15: alive (from White moving first alone, dead);
        // D3's is -0.15 from White's view: dead (from Black moving first alone, too)
        assert_eq!(e.status.get(pt("B4", 5)), Status::Alive);
        assert_eq!(e.status.get(pt("D3", 5)), Status::Dead);
        // as invaders of an area, each judged with the opponent moving first: both dead
        assert_eq!(e.invader.get(pt("B4", 5)), Status::Dead);
        assert_eq!(e.invader.get(pt("D3", 5)), Status::Dead);
    }

    #[test]
    fn unsure_verdicts_get_more_playouts() {
        let g = two_stones();
        // a mean ownership of 0.04 for Black's B4 whoever moves first, near the line at 0:
        // on 500 playouts a side (1000 pooled) about 90% sure, on 2000 a side about 99%
        let mut asked = vec![];
        let e = estimate_status(&g, 500, 8000, |c, n| {
            asked.push((c, n));
            vec![0.04; 1024]
        });
        use Color::{Black, White};
        assert_eq!(
            asked,
            [(Black, 500), (White, 500), (Black, 1500), (White, 1500)]
        );
        assert_eq!(e.playouts, 2000);
        assert_eq!(e.status.get(pt("B4", 5)), Status::Alive);
        let sure = e.sure[pt("B4", 5).idx()].unwrap();
        assert!((0.95..0.99).contains(&sure), "{sure}");
        // never past the most it may spend
        let e = estimate_status(&g, 500, 1000, |_, _| vec![0.02; 1024]);
        assert_eq!(e.playouts, 1000);
        // a clear verdict needs one round
        let mut rounds = 0;
        let e = estimate_status(&g, 500, 8000, |_, _| {
            rounds += 1;
            vec![-0.9; 1024]
        });
        assert_eq!((rounds, e.playouts), (2, 500));
        assert_eq!(e.status.get(pt("B4", 5)), Status::Dead);
        assert!(e.sure[pt("B4", 5).idx()].unwrap() > 0.99);
    }

    #[test]
    fn the_cache_computes_once_per_position() {
        let mut g = Game::new(5, Rules::preset(Preset::Chinese)).unwrap();
        let mut cache = StatusCache::default();
        let judge = |g: &Game| {
            crate::rules::status::confirm(g, &Default::default(), || {
                estimate_status(g, 250, 250, |c, _| first_owns(c))
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
