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
use ahash::AHashMap;
use std::cell::RefCell;

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

/// Reusable buffers of [`secure_with`]: one set per searching thread saves the
/// allocations of a call (the local game calls the test at every position).
#[derive(Default)]
pub struct Scratch<const W: usize> {
    chains: Vec<Bitset<W>>,
    next_to: Vec<Bitset<W>>,
    is_fixed: Vec<bool>,
    chain_live: Vec<bool>,
    vital: Vec<u8>,
    /// Per region: its points, whether it is large, and its range in `eyes`.
    regions: Vec<(Bitset<W>, bool, usize, usize)>,
    region_live: Vec<bool>,
    /// (chain, eyes) for every chain bordering a region, regions one after another.
    eyes: Vec<(usize, u8)>,
}

/// Results of the static test by position, shared by the local games of one area: they
/// all test with the same scope and fixed stones, and visit the same positions again and
/// again (each chain of the area plays up to four games, each deepened several times).
/// A result is a function of its key, so which game stores it first changes nothing. The
/// games of an area run one after another on one thread, so no lock: the `Mutex` it had
/// cost more than the lookup.
pub struct Memo<const W: usize> {
    map: RefCell<AHashMap<u64, Safety<W>>>,
}

/// Bytes a [`Memo`]'s table may take (each area has its own). A table that is full keeps
/// what it holds, the positions the first games met, which the later games of the area
/// meet again (emptying it when full to keep the latest instead lost a third of the hits).
/// On bench/score.py's slowest records, the 65,536 results kept before (whatever the
/// board size) held a third of what the games would reuse on 9x9; this holds 458,752
/// results of a 9x9 board, 229,376 of 13x13 and 114,688 of 19x19.
const MEMO_BYTES: usize = 32 << 20;

impl<const W: usize> Default for Memo<W> {
    fn default() -> Self {
        Memo {
            map: RefCell::new(AHashMap::new()),
        }
    }
}

impl<const W: usize> Memo<W> {
    /// Results kept at most: the table's buckets (a power of two, filled to 7/8 at most)
    /// stay within [`MEMO_BYTES`].
    const CAP: usize =
        (MEMO_BYTES / std::mem::size_of::<(u64, Safety<W>)>()).next_power_of_two() / 2 * 7 / 8;

    /// The stored result for `key`, else `make()`'s, stored while there is room.
    pub fn get_or(&self, key: u64, make: impl FnOnce() -> Safety<W>) -> Safety<W> {
        if let Some(v) = self.map.borrow().get(&key).copied() {
            return v;
        }
        let v = make();
        let mut m = self.map.borrow_mut();
        if m.len() < Self::CAP {
            m.insert(key, v);
        }
        v
    }
}

/// Which regions [`secure_with`] looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach<'a, const W: usize> {
    /// Every region next to a chain that meets the scope: `territory` is complete.
    Whole,
    /// Only the regions that meet the scope or lie next to a chain without a fixed stone:
    /// `alive` is the same as with [`Reach::Whole`], `territory` the same on the scope's
    /// points (a region away from the scope that borders fixed chains only cannot change
    /// whether a chain is secure: a fixed chain is secure whatever its regions). The local
    /// game looks at its area alone, so it needs no more, and is spared the floods over
    /// the settled walls' outside.
    ///
    /// The slice holds parts of the regions known beforehand: sets of points without a
    /// stone of the colour tested, each connected, each a whole connected part of the
    /// points that no move can change (the local game's moves stay in its area, so the
    /// rest of the board stays as it is). A flood that touches one takes it whole in one
    /// step instead of crossing it point by point.
    Scope(&'a [Bitset<W>]),
}

/// The static test for the chains of `c` that meet `scope` (see the module docs).
pub fn secure<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    multi_suicide: bool,
    scope: &Bitset<W>,
    fixed: &Bitset<W>,
) -> Safety<W> {
    secure_with(
        b,
        c,
        multi_suicide,
        scope,
        fixed,
        Reach::Whole,
        &mut Scratch::default(),
    )
}

/// [`secure`] on reusable buffers, over the regions `reach` asks for.
pub fn secure_with<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    multi_suicide: bool,
    scope: &Bitset<W>,
    fixed: &Bitset<W>,
    reach: Reach<'_, W>,
    s: &mut Scratch<W>,
) -> Safety<W> {
    let own = *b.stones(c);
    let opp = *b.stones(c.opponent());
    let empty = *b.empty_points();
    let not_own = b.on_board().and_not(&own);

    s.chains.clear();
    s.chains.extend(b.chains(&own.and(scope)));
    s.next_to.clear();
    s.next_to.extend(s.chains.iter().map(|ch| b.dilate(ch)));
    s.is_fixed.clear();
    s.is_fixed
        .extend(s.chains.iter().map(|ch| ch.intersects(fixed)));
    let n = s.chains.len();

    // where the regions to look at start
    let (whole, parts) = match reach {
        Reach::Whole => (true, &[][..]),
        Reach::Scope(parts) => (false, parts),
    };
    let mut seeds = if whole { Bitset::<W>::EMPTY } else { *scope };
    for x in 0..n {
        if whole || !s.is_fixed[x] {
            seeds = seeds.or(&s.next_to[x]);
        }
    }
    let mut seeds = seeds.and(&not_own);

    // the regions next to the chains
    s.regions.clear();
    s.eyes.clear();
    while let Some(p) = seeds.first() {
        let mut seed = Bitset::EMPTY;
        seed.insert(p);
        let points = b.flood_parts(&seed, &not_own, parts);
        seeds = seeds.and_not(&points);
        let empties = points.and(&empty);
        let large = !points.intersects(&opp) && points.count() >= LARGE_REGION;
        let must_touch = if multi_suicide { points } else { empties };
        let from = s.eyes.len();
        for x in 0..n {
            if !s.next_to[x].intersects(&points) {
                continue;
            }
            let e = if large {
                2
            } else if !empties.is_empty() && must_touch.and_not(&s.next_to[x]).is_empty() {
                1
            } else {
                0
            };
            s.eyes.push((x, e));
        }
        s.regions.push((points, large, from, s.eyes.len()));
    }

    s.chain_live.clear();
    s.chain_live.resize(n, true);
    s.region_live.clear();
    s.region_live.resize(s.regions.len(), true);
    loop {
        s.vital.clear();
        s.vital.resize(n, 0);
        for (r, &(_, _, from, to)) in s.regions.iter().enumerate() {
            if s.region_live[r] {
                for &(x, e) in &s.eyes[from..to] {
                    s.vital[x] = s.vital[x].saturating_add(e);
                }
            }
        }
        let mut changed = false;
        for x in 0..n {
            if s.chain_live[x] && !s.is_fixed[x] && s.vital[x] < 2 {
                s.chain_live[x] = false;
                changed = true;
            }
        }
        for (r, &(_, large, from, to)) in s.regions.iter().enumerate() {
            if s.region_live[r] && !large && s.eyes[from..to].iter().any(|&(x, _)| !s.chain_live[x])
            {
                s.region_live[r] = false;
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
    for (x, stones) in s.chains.iter().enumerate() {
        if s.chain_live[x] {
            out.alive = out.alive.or(stones);
        }
    }
    for (r, &(points, large, from, to)) in s.regions.iter().enumerate() {
        let eyes = &s.eyes[from..to];
        let counts = eyes.iter().any(|&(x, e)| e > 0 && s.chain_live[x]);
        if s.region_live[r] && counts {
            out.territory = out.territory.or(&points);
            if large {
                for &(x, _) in eyes {
                    if s.chain_live[x] {
                        out.by_large = out.by_large.or(&s.chains[x]);
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
    fn a_memo_table_stays_within_its_bytes() {
        fn within<const W: usize>() -> usize {
            let entry = std::mem::size_of::<(u64, Safety<W>)>();
            // hashbrown's buckets: a power of two at least 8/7 of the entries
            let buckets = (Memo::<W>::CAP * 8 / 7).next_power_of_two();
            assert!(buckets * (entry + 1) <= MEMO_BYTES, "W {W}");
            Memo::<W>::CAP
        }
        assert_eq!(
            [within::<2>(), within::<4>(), within::<7>()],
            [458_752, 229_376, 114_688]
        );
        // a full table keeps what it holds and still answers
        let m = Memo::<2>::default();
        let safe = |n: usize| {
            let mut s = Safety {
                alive: Bitset::EMPTY,
                territory: Bitset::EMPTY,
                by_large: Bitset::EMPTY,
            };
            s.alive.insert(n % 81);
            s
        };
        assert_eq!(m.get_or(7, || safe(7)), safe(7));
        assert_eq!(m.get_or(7, || unreachable!("stored")), safe(7));
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

    #[test]
    fn the_scope_reach_finds_what_the_whole_reach_finds_on_the_scope() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(26);
        let (mut areas, mut alive) = (0, 0);
        for _ in 0..200 {
            let tries = rng.random_range(40..200);
            let b = crate::board::testutil::scattered9(&mut rng, tries);
            // as status confirmation does: settle, then test each open area alone
            let everything = all(&b);
            let safe = Color::BOTH.map(|c| secure(&b, c, false, &everything, &Bitset::EMPTY));
            let settled = safe[0].alive.or(&safe[1].alive);
            let open = everything
                .and_not(&settled)
                .and_not(&safe[0].territory)
                .and_not(&safe[1].territory);
            for area in b.regions(&open) {
                areas += 1;
                // the local game plays in the area only, the rest stays as it is
                let mut b = b;
                let inside: Vec<usize> = area.iter().collect();
                for i in 0..rng.random_range(0..8) {
                    let p = crate::board::Point(inside[rng.random_range(0..inside.len())] as u16);
                    let _ = b.try_play(Color::BOTH[i % 2], p);
                }
                let scope = b.dilate(&area).or(&area);
                let near = b.dilate(&scope).or(&scope);
                for c in Color::BOTH {
                    let outside = everything.and_not(&area).and_not(b.stones(c));
                    let parts: Vec<Bitset<2>> = b
                        .regions(&outside)
                        .filter(|r| r.intersects(&near))
                        .collect();
                    for multi in [false, true] {
                        let whole = secure(&b, c, multi, &scope, &settled);
                        let local = secure_with(
                            &b,
                            c,
                            multi,
                            &scope,
                            &settled,
                            Reach::Scope(&parts),
                            &mut Scratch::default(),
                        );
                        assert_eq!(whole.alive, local.alive, "{b}");
                        assert_eq!(
                            whole.territory.and(&scope),
                            local.territory.and(&scope),
                            "{b}"
                        );
                        alive += whole.alive.and_not(&settled).count();
                    }
                }
            }
        }
        assert!(
            areas > 100 && alive > 0,
            "areas {areas}, newly secure stones {alive}"
        );
    }
}
