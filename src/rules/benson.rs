//! Benson's algorithm for unconditional life: which chains of a colour stay alive even if
//! that colour always passes, and which enclosed regions are therefore its safe territory.
//!
//! Terms (Benson 1976): a *region* of colour `c` is a maximal connected set of points not
//! holding a `c` stone. A region is *healthy* (vital) for a bordering chain `x` when every
//! empty point of the region is a liberty of `x`. Starting from all chains and regions, we
//! repeatedly drop chains with fewer than two healthy regions, and regions bordered by a
//! dropped chain, until nothing changes. The chains left are pass-alive. A region left
//! that is healthy for one of them is pass-alive territory: the opponent can never make an
//! eye there, so the opponent's stones inside are dead.
//!
//! When multi-stone suicide is legal the opponent can empty the points of its own stones,
//! so a region is healthy only if *every* point of it, stones included, is next to the
//! chain (as KataGo does).

use super::ruleset::SuicideRule;
use crate::board::{AnyBoard, Bitset, Board, Color, Point};
use crate::with_board;

/// The outcome of Benson's algorithm for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassAlive {
    /// Per padded point index: a stone of an unconditionally alive chain.
    alive: Vec<bool>,
    /// Per padded point index: a point (empty or enemy stone) of pass-alive territory.
    territory: Vec<bool>,
}

impl PassAlive {
    /// Whether `p` holds a stone of a pass-alive chain.
    pub fn is_alive(&self, p: Point) -> bool {
        self.alive.get(p.idx()).copied().unwrap_or(false)
    }

    /// Whether `p` lies in pass-alive territory (enemy stones there are dead).
    pub fn is_territory(&self, p: Point) -> bool {
        self.territory.get(p.idx()).copied().unwrap_or(false)
    }

    /// The stones of the pass-alive chains, in increasing index order.
    pub fn alive_points(&self) -> Vec<Point> {
        points_of(&self.alive)
    }

    /// The points of pass-alive territory, in increasing index order.
    pub fn territory_points(&self) -> Vec<Point> {
        points_of(&self.territory)
    }
}

fn points_of(mask: &[bool]) -> Vec<Point> {
    mask.iter()
        .enumerate()
        .filter(|(_, &m)| m)
        .map(|(i, _)| Point(i as u16))
        .collect()
}

/// Runs Benson's algorithm for the chains of `c` on `board` under the given suicide rule.
pub fn pass_alive(board: &AnyBoard, c: Color, suicide: SuicideRule) -> PassAlive {
    with_board!(board, b => pass_alive_on(&**b, c, suicide))
}

/// A region of `c`: its points, the chains of `c` around it, and those for which it is
/// healthy.
struct Region<const W: usize> {
    points: Bitset<W>,
    borders: Vec<usize>,
    healthy: Vec<usize>,
}

fn pass_alive_on<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    suicide: SuicideRule,
) -> PassAlive {
    let multi = suicide == SuicideRule::MultiStoneAllowed;
    let own = *b.stones(c);

    // chains of c, and the points next to each
    let chains: Vec<Bitset<W>> = b.chains(&own).collect();
    let next_to: Vec<Bitset<W>> = chains.iter().map(|s| b.dilate(s)).collect();

    // regions: the connected parts of the points without a c stone
    let regions: Vec<Region<W>> = b
        .regions(&b.on_board().and_not(&own))
        .map(|points| {
            let around = b.dilate(&points);
            let borders: Vec<usize> = (0..chains.len())
                .filter(|&x| around.intersects(&chains[x]))
                .collect();
            let empties = points.and(b.empty_points());
            // with suicide allowed, enemy stones may vanish: their points must touch too
            let must_touch = if multi { points } else { empties };
            let healthy = if empties.is_empty() {
                Vec::new()
            } else {
                borders
                    .iter()
                    .copied()
                    .filter(|&x| must_touch.and_not(&next_to[x]).is_empty())
                    .collect()
            };
            Region {
                points,
                borders,
                healthy,
            }
        })
        .collect();

    let mut chain_live = vec![true; chains.len()];
    let mut region_live = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut vital = vec![0usize; chains.len()];
        for (r, reg) in regions.iter().enumerate() {
            if region_live[r] {
                for &x in &reg.healthy {
                    vital[x] += 1;
                }
            }
        }
        for x in 0..chains.len() {
            if chain_live[x] && vital[x] < 2 {
                chain_live[x] = false;
                changed = true;
            }
        }
        for (r, reg) in regions.iter().enumerate() {
            if region_live[r] && reg.borders.iter().any(|&x| !chain_live[x]) {
                region_live[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let n = Point::index_bound(b.size());
    let mut alive = vec![false; n];
    for (x, stones) in chains.iter().enumerate() {
        if chain_live[x] {
            for i in stones.iter() {
                alive[i] = true;
            }
        }
    }
    let mut territory = vec![false; n];
    for (r, reg) in regions.iter().enumerate() {
        if region_live[r] && reg.healthy.iter().any(|&x| chain_live[x]) {
            for i in reg.points.iter() {
                territory[i] = true;
            }
        }
    }
    PassAlive { alive, territory }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testutil::board;

    /// Marks of a result drawn like the board: `A` alive stone, `T` territory, `-` other.
    fn marks(b: &AnyBoard, r: &PassAlive) -> String {
        let s = b.size();
        let mut out = String::new();
        for y in (0..s).rev() {
            for x in 0..s {
                let p = Point::new(x, y, s);
                out.push(if r.is_alive(p) {
                    'A'
                } else if r.is_territory(p) {
                    'T'
                } else {
                    '-'
                });
            }
            out.push('\n');
        }
        out
    }

    fn check(diagram: &str, c: Color, expected: &str) {
        check_with(diagram, c, SuicideRule::Forbidden, expected);
        // without enemy stones in the regions, the suicide rule changes nothing
        let b = board(diagram);
        let enemy_inside = |r: &PassAlive| {
            b.points()
                .iter()
                .any(|&p| r.is_territory(p) && b.color_at(p) == Some(c.opponent()))
        };
        if !enemy_inside(&pass_alive(&b, c, SuicideRule::Forbidden)) {
            check_with(diagram, c, SuicideRule::MultiStoneAllowed, expected);
        }
    }

    fn check_with(diagram: &str, c: Color, suicide: SuicideRule, expected: &str) {
        let b = board(diagram);
        let got = marks(&b, &pass_alive(&b, c, suicide));
        let want: String = expected
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(got, want, "\n{b}\nfor {c}, {suicide:?}");
    }

    #[test]
    fn two_one_point_eyes_live() {
        let d = "
            . X . X O
            X X X X O
            O O O O O
            . . . . .
            . . . . .";
        check(
            d,
            Color::Black,
            "TATA-
             AAAA-
             -----
             -----
             -----",
        );
        // White has no eyes at all
        check(
            d,
            Color::White,
            "-----
             -----
             -----
             -----
             -----",
        );
    }

    #[test]
    fn one_eye_is_not_enough() {
        check(
            "
            . . X O .
            X X X O .
            O O O O .
            . . . . .
            . . . . .",
            Color::Black,
            "-----
             -----
             -----
             -----
             -----",
        );
    }

    #[test]
    fn region_with_a_point_away_from_the_chain_is_not_vital() {
        check(
            "
            . . . . X O
            . . . . X O
            . . . . X O
            X X X X X O
            O O O O O O
            . . . . . .",
            Color::Black,
            "------
             ------
             ------
             ------
             ------
             ------",
        );
    }

    #[test]
    fn dead_enemy_stones_inside_vital_region() {
        // Black lives with eyes at A5/B5 (holding a dead white stone) and D5.
        check(
            "
            O . X . X
            X X X X X
            . . . . .
            . . . . .
            . . . . .",
            Color::Black,
            "TTATA
             AAAAA
             -----
             -----
             -----",
        );
        // the white stones' region has an empty point (A6) not next to Black
        check(
            "
            . O . X . X
            O O . X X X
            X X X X . .
            . . . . . .
            . . . . . .
            . . . . . .",
            Color::Black,
            "------
             ------
             ------
             ------
             ------
             ------",
        );
    }

    #[test]
    fn chains_sharing_eyes_live_together() {
        // C6 is a lone stone that lives on the eyes it shares with the big chain
        check(
            "
            X . X . X .
            X X . X X .
            . X X X . .
            . . . . . .
            . . . . . .
            . . . . . .",
            Color::Black,
            "ATATA-
             AATAA-
             -AAA--
             ------
             ------
             ------",
        );
        // three chains, four one-point eyes, each chain touching three of them
        check(
            "
            . X . X
            X . X X
            . X X X
            X X X X",
            Color::Black,
            "TATA
             ATAA
             TAAA
             AAAA",
        );
    }

    #[test]
    fn whole_board_two_eyes() {
        check(
            "
            . X . X
            X X X X
            X X X X
            X X X X",
            Color::Black,
            "TATA
             AAAA
             AAAA
             AAAA",
        );
    }

    #[test]
    fn iterative_elimination() {
        // Left chain: eyes A7 and C7. C7 is shared with D7, whose only healthy region it
        // is. D7 falls first, C7 with it, and then the left chain has a single eye.
        check(
            "
            . X . X . . .
            X X X O . . .
            O O O O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
            Color::Black,
            "-------
             -------
             -------
             -------
             -------
             -------
             -------",
        );
        // the same with E7 black and an eye at F7: now everything lives
        check(
            "
            . X . X X . X
            X X X O X X X
            O O O O O O O
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
            Color::Black,
            "TATAATA
             AAA-AAA
             -------
             -------
             -------
             -------
             -------",
        );
    }

    #[test]
    fn empty_board_and_no_stones() {
        check(". .\n. .", Color::Black, "--\n--");
        check("X .\n. X", Color::White, "--\n--");
    }

    #[test]
    fn alive_but_not_pass_alive() {
        // Black can capture the white corner stones to make a second eye, but only by
        // playing: Benson does not call it alive.
        check(
            "
            . O X . X
            O O X X X
            X X X O O
            O O O O .
            . . . O O",
            Color::Black,
            "-----
             -----
             -----
             -----
             -----",
        );
    }

    #[test]
    fn suicide_rule_changes_health_of_regions_with_enemy_stones() {
        // White A4 shares the regions B4/C4 and A3 with the big chain. With suicide
        // allowed, Black can play B4 (suicide of B4+C4), then B4 and A3 to capture A4.
        let d = "
            O . X O
            . O O O
            O O . O
            O O O .";
        check_with(
            d,
            Color::White,
            SuicideRule::Forbidden,
            "ATTA
             TAAA
             AATA
             AAAT",
        );
        check_with(
            d,
            Color::White,
            SuicideRule::MultiStoneAllowed,
            "---A
             -AAA
             AATA
             AAAT",
        );
    }

    /// xorshift64 for the random soundness test.
    fn next(state: &mut u64, n: usize) -> usize {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state % n as u64) as usize
    }

    #[test]
    fn pass_alive_chains_survive_any_attack() {
        // Random positions dominated by one colour; whatever the opponent plays while that
        // colour passes (suicide of several stones allowed or not), the chains Benson calls
        // pass-alive keep every stone and the opponent never lives in their territory.
        let mut state = 0x1234_5678_9abc_def1u64;
        let mut tested = 0;
        for round in 0..400 {
            let size = 4 + round % 3;
            let c = if round % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mut b = AnyBoard::new(size).unwrap();
            for _ in 0..size * size * 2 {
                let col = if next(&mut state, 5) == 0 {
                    c.opponent()
                } else {
                    c
                };
                let pts = b.points();
                let p = pts[next(&mut state, pts.len())];
                if b.is_empty_point(p) && !b.is_eye(col, p) && b.is_legal_simple(col, p) {
                    b.try_play(col, p).unwrap();
                }
            }
            let multi = round % 4 < 2;
            let rule = if multi {
                SuicideRule::MultiStoneAllowed
            } else {
                SuicideRule::Forbidden
            };
            let pa = pass_alive(&b, c, rule);
            let alive = pa.alive_points();
            let territory = pa.territory_points();
            if alive.is_empty() {
                continue;
            }
            tested += 1;
            for _ in 0..30 {
                let mut a = b.clone();
                for _ in 0..40 {
                    let moves: Vec<Point> = a
                        .points()
                        .into_iter()
                        .filter(|&p| {
                            a.is_empty_point(p)
                                && a.ko() != Some((p, c.opponent()))
                                && match a.suicide_stones(c.opponent(), p) {
                                    0 => true,
                                    1 => false,
                                    _ => multi,
                                }
                        })
                        .collect();
                    if moves.is_empty() {
                        break;
                    }
                    let p = moves[next(&mut state, moves.len())];
                    a.play_allow_suicide(c.opponent(), p).unwrap();
                    for &q in &alive {
                        assert_eq!(a.color_at(q), Some(c), "\n{b}\nbecame\n{a}");
                    }
                }
                // nor can the opponent build unconditional life inside the territory
                let theirs = pass_alive(&a, c.opponent(), rule);
                for &q in &territory {
                    assert!(!theirs.is_alive(q), "\n{b}\nbecame\n{a}");
                }
            }
        }
        assert!(
            tested > 50,
            "only {tested} positions with pass-alive chains"
        );
    }
}
