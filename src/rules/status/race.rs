//! Capturing races too large for the local game, decided by counting liberties (after
//! Martin Müller, "Race to capture: analyzing semeai in Go", 1999): when a chain's fate
//! hangs on one enemy chain, and every other chain next to the two is settled, the race is
//! a game on three numbers per side (outside liberties, eye liberties, shared liberties),
//! solved exactly here by a small minimax.
//!
//! The abstraction:
//! - an *outside* liberty touches one of the two chains only; its owner's enemy may fill it
//!   at any time (the stone joins its settled stones outside);
//! - an *eye* liberty lies in an eye space walled in by one chain alone; an eye of `n`
//!   points holds as many liberties as a nakade of that size does (1, 2, 3, 5, 8, 12 for
//!   one to six points), and the enemy may fill them only once the chain has no other
//!   liberty (before that a stone inside is captured or is suicide);
//! - a *shared* liberty touches both chains; filling it takes a liberty from both, and is
//!   suicide when it leaves the filler without one, unless it captures.
//!
//! A chain with more than 16 liberties, an eye space of seven points or more, two eye
//! spaces, a liberty in a space no enemy stone touches or one that other stones of its
//! colour wall with unsettled enemy stones alone (its side's area with the enemy inside:
//! the chain may live by it), or with more than one unsettled enemy chain, is no such race:
//! [`count`] returns `None` and the caller falls back.

use super::solve::Goal;
use crate::board::{Bitset, Board, Point};
use ahash::AHashMap;

/// Liberties of one side of a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Libs {
    /// Outside liberties (the enemy may fill them any time).
    pub outside: u8,
    /// Liberties in eye spaces of its own (the enemy fills them last).
    pub eye: u8,
}

/// A capturing race between the defender's chain and one attacker chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    /// The defender's (the target's) liberties.
    pub defender: Libs,
    /// The attacker's chain's liberties.
    pub attacker: Libs,
    /// Shared liberties.
    pub shared: u8,
}

/// How a race ends with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RaceEnd {
    /// The defender's chain is captured (worst for the defender).
    DefenderCaptured,
    /// Neither can fill in: seki.
    Seki,
    /// The attacker's chain is captured.
    AttackerCaptured,
}

/// Liberties an eye space of `n` points is worth in a race (nakade counts), or `None` for
/// seven points and more (such a chain lives: no race).
fn eye_value(n: u32) -> Option<u8> {
    [0, 1, 2, 3, 5, 8, 12].get(n as usize).copied()
}

/// The race of `target` (a defender chain of `b`) against its one unsettled enemy chain,
/// with `settled` holding the stones already settled, or `None` when the position is no
/// race of this kind (see the module docs).
pub fn count<const W: usize, const P: usize>(
    b: &Board<W, P>,
    target: &Bitset<W>,
    settled: &Bitset<W>,
) -> Option<Race> {
    let d = b.color_at(Point(target.first()? as u16))?;
    let a = d.opponent();
    let enemy = b.dilate(target).and(b.stones(a)).and_not(settled);
    let mut chains = b.chains(&enemy);
    let foe = chains.next()?;
    if chains.next().is_some() {
        return None;
    }
    // the enemy chain may touch no unsettled defender stone but the target
    let friends = b.dilate(&foe).and(b.stones(d)).and_not(settled);
    if !friends.and_not(target).is_empty() {
        return None;
    }
    let libs = |c: &Bitset<W>| b.dilate(c).and(b.empty_points());
    let (ld, la) = (libs(target), libs(&foe));
    let shared = ld.and(&la);
    let side = |chain: &Bitset<W>, own_libs: Bitset<W>, enemy: &Bitset<W>| -> Option<Libs> {
        let mut out = Libs { outside: 0, eye: 0 };
        let mut eyes = 0;
        let excl = own_libs.and_not(&shared);
        let empty = *b.empty_points();
        let mut rest = excl;
        while let Some(p) = rest.first() {
            let mut seed = Bitset::EMPTY;
            seed.insert(p);
            // the empty space this liberty lies in: an eye when only this chain walls it in
            let space = b.flood(&seed, &empty);
            rest = rest.and_not(&space);
            let wall = b.dilate(&space).and_not(&space);
            if wall.and_not(chain).is_empty() {
                eyes += 1;
                out.eye = out.eye.checked_add(eye_value(space.count())?)?;
            } else if !wall.and(enemy).intersects(settled)
                && !wall.and_not(chain).and_not(enemy).is_empty()
            {
                // walled by this chain, other stones of its colour and unsettled enemy
                // stones alone (the other chain of the race among them): an area of its
                // own side with enemy stones inside, which the enemy reaches from no
                // settled stone and the numbers of a race cannot value
                return None;
            } else if wall.intersects(enemy) {
                // liberties of this space that the enemy can fill from outside
                let n = space.and(&excl).count() as u8;
                out.outside = out.outside.checked_add(n)?;
            } else {
                // walled in by this chain and its friends: no enemy stone can come in
                return None;
            }
        }
        // two eye spaces are two eyes: no race
        (eyes < 2).then_some(out)
    };
    let r = Race {
        defender: side(target, ld, b.stones(a))?,
        attacker: side(&foe, la, b.stones(d))?,
        shared: shared.count().min(60) as u8,
    };
    // a chain with this many liberties is in no race at the end of a game, and the
    // minimax over larger counts grows with their product
    let most = total(r.defender, r.shared).max(total(r.attacker, r.shared));
    (most <= MAX_LIBS).then_some(r)
}

/// Liberties a side of a counted race may have at most.
const MAX_LIBS: u8 = 16;

impl Race {
    /// The end of the race with best play, `attacker_first` telling who moves first.
    pub fn solve(&self, attacker_first: bool) -> RaceEnd {
        let mut memo = AHashMap::new();
        value(*self, attacker_first, 0, &mut memo)
    }

    /// Whether the defender wins the local game of `goal` (attacker first): for
    /// [`Goal::Second`] it must not be captured, for [`Goal::First`] it must capture the
    /// attacker's chain, whose points then become its eye space.
    pub fn defender_wins(&self, goal: Goal) -> bool {
        let end = self.solve(true);
        match goal {
            Goal::First => end == RaceEnd::AttackerCaptured,
            Goal::Second => end != RaceEnd::DefenderCaptured,
        }
    }
}

fn total(l: Libs, shared: u8) -> u8 {
    l.outside.saturating_add(l.eye).saturating_add(shared)
}

/// Minimax over the race: the attacker wants the lowest [`RaceEnd`], the defender the
/// highest. `passes`: passes in a row before this move.
fn value(
    r: Race,
    attacker: bool,
    passes: u8,
    memo: &mut AHashMap<(Race, bool, u8), RaceEnd>,
) -> RaceEnd {
    if let Some(&v) = memo.get(&(r, attacker, passes)) {
        return v;
    }
    // the mover's and the other side's liberties
    let (mine, theirs) = if attacker {
        (r.attacker, r.defender)
    } else {
        (r.defender, r.attacker)
    };
    let capture = if attacker {
        RaceEnd::DefenderCaptured
    } else {
        RaceEnd::AttackerCaptured
    };
    let better = |x: RaceEnd, y: RaceEnd| if attacker { x.min(y) } else { x.max(y) };
    let mut best = if passes >= 1 {
        RaceEnd::Seki
    } else {
        value(r, !attacker, passes + 1, memo)
    };
    let their_total = total(theirs, r.shared);
    let my_total = total(mine, r.shared);
    if their_total == 1 {
        // the last liberty, wherever it is, captures
        best = better(best, capture);
    } else {
        let with = |r: Race, theirs: Libs, shared: u8| {
            let mut n = r;
            n.shared = shared;
            if attacker {
                n.defender = theirs;
            } else {
                n.attacker = theirs;
            }
            n
        };
        if theirs.outside > 0 {
            let t = Libs {
                outside: theirs.outside - 1,
                ..theirs
            };
            best = better(best, value(with(r, t, r.shared), !attacker, 0, memo));
        }
        // a shared liberty: legal while the mover keeps one (the capture case is above)
        if r.shared > 0 && my_total > 1 {
            best = better(
                best,
                value(with(r, theirs, r.shared - 1), !attacker, 0, memo),
            );
        }
        // eye liberties: only once nothing else is left
        if theirs.eye > 0 && theirs.outside == 0 && r.shared == 0 {
            let t = Libs {
                eye: theirs.eye - 1,
                ..theirs
            };
            best = better(best, value(with(r, t, r.shared), !attacker, 0, memo));
        }
    }
    memo.insert((r, attacker, passes), best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board9;
    use crate::rules::testutil::pt;

    fn race(d: (u8, u8), a: (u8, u8), shared: u8) -> Race {
        Race {
            defender: Libs {
                outside: d.0,
                eye: d.1,
            },
            attacker: Libs {
                outside: a.0,
                eye: a.1,
            },
            shared,
        }
    }

    #[test]
    fn plain_races_go_to_whoever_has_more_liberties() {
        // no shared liberties: the attacker moving first needs no more than the defender
        assert_eq!(
            race((3, 0), (3, 0), 0).solve(true),
            RaceEnd::DefenderCaptured
        );
        assert_eq!(
            race((4, 0), (3, 0), 0).solve(true),
            RaceEnd::AttackerCaptured
        );
        assert_eq!(
            race((3, 0), (3, 0), 0).solve(false),
            RaceEnd::AttackerCaptured
        );
        // one shared liberty counts for both
        assert_eq!(
            race((3, 0), (3, 0), 1).solve(true),
            RaceEnd::DefenderCaptured
        );
    }

    #[test]
    fn shared_liberties_without_eyes_make_seki() {
        // two shared, few outside: nobody can fill in
        assert_eq!(race((0, 0), (0, 0), 2).solve(true), RaceEnd::Seki);
        assert_eq!(race((1, 0), (0, 0), 2).solve(true), RaceEnd::Seki);
        // enough outside liberties to fill the other's and then the shared ones
        assert_eq!(
            race((0, 0), (3, 0), 2).solve(true),
            RaceEnd::DefenderCaptured
        );
    }

    #[test]
    fn an_eye_beats_no_eye() {
        // eye against no eye with shared liberties: the eye wins even moving second
        assert_eq!(
            race((0, 1), (2, 0), 2).solve(true),
            RaceEnd::AttackerCaptured
        );
        // one eye each and shared liberties: seki (SC-style)
        assert_eq!(race((0, 1), (0, 1), 2).solve(true), RaceEnd::Seki);
        assert!(race((0, 1), (0, 1), 2).defender_wins(Goal::Second));
        assert!(!race((0, 1), (0, 1), 2).defender_wins(Goal::First));
    }

    /// C9-D6's race against D8 in a 9x9 position whose fifth line is `line5`, with the
    /// White chain of B9 and the Black chain of G9 settled.
    fn own_area_race(line5: &str) -> Option<Race> {
        let diagram = format!(
            "
    9 . O X . . . X . .
    8 O O X O . . X . .
    7 . O X . . . X . .
    6 O O X X . . X . .
    5 {line5}
    4 O O X X X . X . .
    3 . O X . X X X . .
    2 O O X X . . . . .
    1 . O X . . . . . ."
        );
        let (size, black, white) = crate::rules::parse_diagram(&diagram).expect("diagram");
        let b = Board9::from_stones(size, &black, &white).expect("board");
        let settled = b.chain_stones(pt("B9", 9)).or(&b.chain_stones(pt("G9", 9)));
        count(&b, &b.chain_stones(pt("C9", 9)), &settled)
    }

    #[test]
    fn a_chain_beside_its_own_area_with_the_enemy_stone_inside_is_no_race() {
        // Black's C9-D6 has one liberty of its own, E6, in the area it walls with its
        // other stones (G9 down to C1); the one White stone in that area, D8, touches it
        // and no settled White stone does. Counted as a race (as below) it read seki, and
        // under territory counting Black's area was nobody's: a Tom 9d ending (1643512)
        // 10 points off the record and GNU Go
        assert_eq!(own_area_race(". O O O X X X . ."), None);
        // once a settled White stone (E5) walls that space too, it is a race again, E6
        // an outside liberty: seki whoever moves first
        let r = own_area_race(". O O O O X X . .").expect("a race");
        assert_eq!(r.defender, Libs { outside: 1, eye: 0 });
        assert_eq!(r.shared, 2);
        assert_eq!(r.attacker, Libs { outside: 1, eye: 0 });
        assert_eq!(r.solve(true), RaceEnd::Seki);
        assert_eq!(r.solve(false), RaceEnd::Seki);
    }

    #[test]
    fn counts_only_two_chain_races() {
        let (size, black, white) =
            crate::rules::parse_diagram(super::super::SMALL_SEKI).expect("diagram");
        let b = Board9::from_stones(size, &black, &white).expect("board");
        let wall = b.chain_stones(pt("A4", 9));
        // the White pair touches both Black chains: no two-chain race
        assert_eq!(count(&b, &b.chain_stones(pt("A1", 9)), &wall), None);
        // with the right-hand chain settled it is one: one eye and one outside liberty
        // (C1) against two liberties, E1 outside (next to the settled chain)
        let settled = wall.or(&b.chain_stones(pt("F1", 9)));
        let r = count(&b, &b.chain_stones(pt("A1", 9)), &settled).expect("a race");
        assert_eq!(r.defender, Libs { outside: 0, eye: 1 });
        assert_eq!(r.shared, 1);
        assert_eq!(r.attacker, Libs { outside: 1, eye: 0 });
    }
}
