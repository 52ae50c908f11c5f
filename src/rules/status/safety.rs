//! Static first-class life: Benson's unconditional life with one more rule for large eye
//! spaces, on a concrete board, for the chains of one colour that meet a scope.
//!
//! As in Benson's algorithm ([`crate::rules::benson`]), a *region* of colour `c` is a
//! maximal connected set of points without a `c` stone, and a region is *healthy* for a
//! bordering chain when every empty point of it is a liberty of the chain (every point,
//! stones included, when multi-stone suicide is legal). A healthy region counts one eye.
//!
//! The added rule: a region of at least [`LARGE_REGION`] points that holds no enemy stone
//! counts two eyes for every chain around it, and stays live even if one of them falls.
//! The smallest eye spaces that die with solid walls (bulky five, rabbity six, the corner
//! shapes of six and seven points) are all smaller; whatever is smaller is read out by the
//! local search instead of being judged here.
//!
//! Chains with two eyes from live regions are secure; a chain that drops to fewer loses
//! its regions (except large ones), until nothing changes. Stones in `fixed` count as
//! secure whatever their regions (they were settled before).

use crate::board::{Bitset, Board, Color};

/// Points a region needs to count as two eyes when it holds no enemy stone.
pub const LARGE_REGION: u32 = 10;

/// What the static test found for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Safety<const W: usize> {
    /// Stones of the secure chains.
    pub alive: Bitset<W>,
    /// Points of the live regions that count as eyes of secure chains: their empty points
    /// are that colour's eye space and enemy stones in them cannot live.
    pub territory: Bitset<W>,
    /// Stones of secure chains that needed a large region (see the module docs).
    pub by_large: Bitset<W>,
}

/// A region of `c`: its points, its bordering chains (by index) and each one's eye count.
struct Region<const W: usize> {
    points: Bitset<W>,
    large: bool,
    /// (chain, eyes) for every bordering chain in the list.
    eyes: Vec<(usize, u8)>,
}

/// The static test for the chains of `c` that meet `scope` (see the module docs).
pub fn secure<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    multi_suicide: bool,
    scope: &Bitset<W>,
    fixed: &Bitset<W>,
) -> Safety<W> {
    let own = *b.stones(c);
    let opp = *b.stones(c.opponent());
    let empty = *b.empty_points();
    let not_own = b.on_board().and_not(&own);

    let chains: Vec<Bitset<W>> = b.chains(&own.and(scope)).collect();
    let next_to: Vec<Bitset<W>> = chains.iter().map(|s| b.dilate(s)).collect();
    let is_fixed: Vec<bool> = chains.iter().map(|s| s.intersects(fixed)).collect();

    // the regions next to the chains
    let mut regions: Vec<Region<W>> = Vec::new();
    let mut seen = Bitset::<W>::EMPTY;
    for n in &next_to {
        let mut seeds = n.and(&not_own).and_not(&seen);
        while let Some(s) = seeds.first() {
            let mut seed = Bitset::EMPTY;
            seed.insert(s);
            let points = b.flood(&seed, &not_own);
            seen = seen.or(&points);
            seeds = seeds.and_not(&points);
            let empties = points.and(&empty);
            let large = !points.intersects(&opp) && points.count() >= LARGE_REGION;
            let must_touch = if multi_suicide { points } else { empties };
            let eyes = (0..chains.len())
                .filter(|&x| next_to[x].intersects(&points))
                .map(|x| {
                    let e = if large {
                        2
                    } else if !empties.is_empty() && must_touch.and_not(&next_to[x]).is_empty() {
                        1
                    } else {
                        0
                    };
                    (x, e)
                })
                .collect();
            regions.push(Region {
                points,
                large,
                eyes,
            });
        }
    }

    let mut chain_live = vec![true; chains.len()];
    let mut region_live = vec![true; regions.len()];
    loop {
        let mut vital = vec![0u8; chains.len()];
        for (r, reg) in regions.iter().enumerate() {
            if region_live[r] {
                for &(x, e) in &reg.eyes {
                    vital[x] = vital[x].saturating_add(e);
                }
            }
        }
        let mut changed = false;
        for x in 0..chains.len() {
            if chain_live[x] && !is_fixed[x] && vital[x] < 2 {
                chain_live[x] = false;
                changed = true;
            }
        }
        for (r, reg) in regions.iter().enumerate() {
            if region_live[r] && !reg.large && reg.eyes.iter().any(|&(x, _)| !chain_live[x]) {
                region_live[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut out = Safety {
        alive: Bitset::EMPTY,
        territory: Bitset::EMPTY,
        by_large: Bitset::EMPTY,
    };
    for (x, stones) in chains.iter().enumerate() {
        if chain_live[x] {
            out.alive = out.alive.or(stones);
        }
    }
    for (r, reg) in regions.iter().enumerate() {
        let counts = reg.eyes.iter().any(|&(x, e)| e > 0 && chain_live[x]);
        if region_live[r] && counts {
            out.territory = out.territory.or(&reg.points);
            if reg.large {
                for &(x, _) in &reg.eyes {
                    if chain_live[x] {
                        out.by_large = out.by_large.or(&chains[x]);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board9;
    use crate::rules::testutil::pt;

    fn board9(diagram: &str) -> Board9 {
        let (size, black, white) = crate::rules::parse_diagram(diagram).expect("diagram");
        Board9::from_stones(size, &black, &white).expect("board")
    }

    fn all(b: &Board9) -> Bitset<2> {
        b.on_board()
    }

    #[test]
    fn two_small_eyes_are_secure_one_is_not() {
        let two = "
            5 . X O . .
            4 X X O . .
            3 . X O . .
            2 X X O . .
            1 . X O . .";
        let b = board9(two);
        let s = secure(&b, Color::Black, false, &all(&b), &Bitset::EMPTY);
        assert!(s.alive.contains(pt("B3", 5).idx()));
        assert!(s.territory.contains(pt("A5", 5).idx()));
        assert!(s.by_large.is_empty());
        // White's big region holds no black stone but is only 10 points with its wall
        let w = secure(&b, Color::White, false, &all(&b), &Bitset::EMPTY);
        assert!(w.alive.contains(pt("C3", 5).idx()));
        assert!(w.by_large.contains(pt("C3", 5).idx()));
        let one = "
            5 X X O . .
            4 X X O . .
            3 . X O . .
            2 X X O . .
            1 X X O . .";
        let b = board9(one);
        let s = secure(&b, Color::Black, false, &all(&b), &Bitset::EMPTY);
        assert!(s.alive.is_empty());
        // a fixed stone keeps its chain secure
        let mut fixed = Bitset::EMPTY;
        fixed.insert(pt("B3", 5).idx());
        let s = secure(&b, Color::Black, false, &all(&b), &fixed);
        assert!(s.alive.contains(pt("A1", 5).idx()));
    }

    #[test]
    fn a_large_region_with_an_enemy_stone_is_not_two_eyes() {
        let diagram = "
            6 . . . X O .
            5 . . . X O .
            4 . O . X O .
            3 . . . X O .
            2 . . . X O .
            1 . . . X O .";
        let b = board9(diagram);
        let s = secure(&b, Color::Black, false, &all(&b), &Bitset::EMPTY);
        assert!(s.alive.is_empty());
        let empty_inside = diagram.replace(". O . X", ". . . X");
        let b = board9(&empty_inside);
        let s = secure(&b, Color::Black, false, &all(&b), &Bitset::EMPTY);
        assert!(s.alive.contains(pt("D4", 6).idx()));
        assert!(s.territory.contains(pt("B4", 6).idx()));
    }
}
