//! Simple seki: liberties shared by two chains in a standoff, which neither side should fill.

use super::selfatari::is_self_atari;
use crate::board::{Board, Color, Point};

/// Whether `c` playing at `p` would break a simple seki: `p` is a liberty shared by a `c`
/// chain and an opponent chain that both have exactly two liberties, and neither side can
/// play there without self-atari, so `c`'s move lets the opponent capture first. This
/// covers the classic two chains with two shared liberties and the one-eye-each seki
/// with one shared liberty (and a two-liberty race where filling the shared one loses).
pub fn breaks_seki<const W: usize, const P: usize>(b: &Board<W, P>, c: Color, p: Point) -> bool {
    let opp = c.opponent();
    // a seki liberty touches chains of both colours and leaves no room to the mover
    if !b.is_empty_point(p)
        || b.empty_neighbor_count(p) >= 2
        || b.neighbor_count(c, p) == 0
        || b.neighbor_count(opp, p) == 0
    {
        return false;
    }
    let (mut own, mut theirs) = (false, false);
    for n in b.neighbors(p) {
        match b.color_at(n) {
            Some(col) if b.lib_count(n) == 2 => {
                own |= col == c;
                theirs |= col == opp;
            }
            _ => {}
        }
    }
    own && theirs && is_self_atari(b, c, p) && is_self_atari(b, opp, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::testutil::{corner9, pt};

    const B: Color = Color::Black;
    const W: Color = Color::White;

    #[test]
    fn two_shared_liberties() {
        let seki = corner9(&[
            "O O O X X", //
            "O X X O X",
            "O X . O X",
            "O X . O X",
        ]);
        for v in ["C1", "C2"] {
            assert!(breaks_seki(&seki, B, pt(v, 9)), "{v}");
            assert!(breaks_seki(&seki, W, pt(v, 9)), "{v}");
        }
        assert!(!breaks_seki(&seki, B, pt("F5", 9)));
        assert!(!breaks_seki(&seki, B, pt("A1", 9)), "occupied");
        // with an extra liberty at A1 Black's chain is no longer in seki
        let free = corner9(&[
            "O O O X X", //
            "O X X O X",
            "O X . O X",
            ". X . O X",
        ]);
        assert!(!breaks_seki(&free, B, pt("C1", 9)));
        assert!(!breaks_seki(&free, W, pt("C1", 9)));
    }

    #[test]
    fn one_eye_each_and_a_shared_liberty() {
        // Black B1-B2-C2 with eye A1... (A2 white wall); White D1-D2-E2 with eye E1
        let seki = corner9(&[
            "O O O X X X .", //
            "O X X O O X .",
            ". X . O . X .",
        ]);
        assert_eq!(seki.lib_count(pt("B1", 9)), 2);
        assert_eq!(seki.lib_count(pt("D1", 9)), 2);
        assert!(breaks_seki(&seki, B, pt("C1", 9)));
        assert!(breaks_seki(&seki, W, pt("C1", 9)));
        // filling the own eye is suicide-like, not a seki break
        assert!(!breaks_seki(&seki, B, pt("A1", 9)));
    }
}
