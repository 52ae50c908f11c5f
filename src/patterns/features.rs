//! The features of a candidate move (in the spirit of Coulom 2007 and Pachi): pass,
//! capture, atari, escape, self-atari, line, distances to the last two moves, each a group
//! of mutually exclusive levels packed into one `u32`; the shape is apart (see
//! [`super::shape`]).

use super::shape::Grid;
use crate::board::{Bitset, Board, Color, Point};
use crate::tactics;

/// The groups of non-shape features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// 1: pass; 2: pass after the opponent passed.
    Pass,
    /// 1: captures the last move's chain; 2: captures a chain next to an own chain in
    /// atari; 3: takes a ko; 4: other capture of one or two stones; 5: of three or more.
    Capture,
    /// 1: an atari that captures in a ladder; 2: another atari while a ko is on the board;
    /// 3: another atari.
    Atari,
    /// Extends an own chain in atari to two or more liberties. 1: the last move put it in
    /// atari; 2: an older atari; 3: the extension is caught in a ladder all the same.
    Escape,
    /// 1: a self-atari that is a mistake; 2: a self-atari that is not (throw-in, nakade).
    SelfAtari,
    /// 1 to 4: on the first to fourth line.
    Line,
    /// 1 to 16: gridcular distance 2 to 17 (or more) to the last move.
    DistLast,
    /// 1 to 16: gridcular distance 2 to 17 (or more) to the move before it.
    DistLast2,
}

/// Every group, in bit order.
pub const GROUPS: [Group; 8] = [
    Group::Pass,
    Group::Capture,
    Group::Atari,
    Group::Escape,
    Group::SelfAtari,
    Group::Line,
    Group::DistLast,
    Group::DistLast2,
];

impl Group {
    /// Highest level of the group (levels run from 1; 0 means the feature is absent).
    pub fn levels(self) -> u32 {
        match self {
            Group::Pass => 2,
            Group::Capture => 5,
            Group::Atari => 3,
            Group::Escape => 3,
            Group::SelfAtari => 2,
            Group::Line => 4,
            Group::DistLast | Group::DistLast2 => 16,
        }
    }

    /// Bits the group takes in the packed `u32`.
    fn bits(self) -> u32 {
        32 - self.levels().leading_zeros()
    }

    /// Position of the group's lowest bit.
    pub fn shift(self) -> u32 {
        GROUPS
            .iter()
            .take_while(|&&g| g != self)
            .map(|g| g.bits())
            .sum()
    }

    /// The group's level in packed features.
    #[inline]
    pub fn level(self, packed: u32) -> u32 {
        (packed >> self.shift()) & ((1 << self.bits()) - 1)
    }

    /// Packed features with this group at `level` (which must be at most `levels()`).
    #[inline]
    pub fn pack(self, level: u32) -> u32 {
        level << self.shift()
    }

    /// Index of the group in [`GROUPS`].
    pub fn index(self) -> usize {
        GROUPS.iter().position(|&g| g == self).unwrap_or(0)
    }

    /// The group's name as the command line and the tables write it.
    pub fn name(self) -> &'static str {
        match self {
            Group::Pass => "pass",
            Group::Capture => "capture",
            Group::Atari => "atari",
            Group::Escape => "escape",
            Group::SelfAtari => "self-atari",
            Group::Line => "line",
            Group::DistLast => "dist-last",
            Group::DistLast2 => "dist-last2",
        }
    }

    /// The group of a name as [`Group::name`] writes it.
    pub fn named(name: &str) -> Option<Group> {
        GROUPS.iter().copied().find(|g| g.name() == name)
    }

    /// A readable name of one level.
    pub fn level_name(self, level: u32) -> String {
        let named: &[&str] = match self {
            Group::Pass => &["", "after a move", "after a pass"],
            Group::Capture => &[
                "",
                "the last move's chain",
                "saves own stones",
                "takes a ko",
                "1-2 stones",
                "3+ stones",
            ],
            Group::Atari => &["", "ladder", "with a ko on the board", "other"],
            Group::Escape => &[
                "",
                "from the last move's atari",
                "older atari",
                "into a ladder",
            ],
            Group::SelfAtari => &["", "bad", "good (throw-in, nakade)"],
            Group::Line => &["", "1st line", "2nd line", "3rd line", "4th line"],
            Group::DistLast | Group::DistLast2 => &[],
        };
        match named.get(level as usize) {
            Some(s) => (*s).to_string(),
            None if level == 16 => "17+".to_string(),
            None => format!("{}", level + 1),
        }
    }
}

/// Gridcular distance level (1 for distance 2, up to 16 for 17 or more) between two points.
fn distance_level(a: Point, b: Point, size: usize) -> u32 {
    let (ax, ay) = a.xy(size);
    let (bx, by) = b.xy(size);
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    let d = dx + dy + dx.max(dy);
    (d.clamp(2, 17) - 1) as u32
}

/// The chains around a position that the tactical features look at, found once per
/// position so that each candidate is a few bitset tests.
pub struct Context<const W: usize> {
    /// The side to move.
    pub color: Color,
    /// The last move (`None`: pass or none) and the move before it.
    pub last: [Option<Point>; 2],
    /// Whether the last move was a pass.
    pub last_passed: bool,
    /// Liberties of enemy chains in atari.
    capture: Bitset<W>,
    /// Liberties of enemy chains with two liberties.
    atari: Bitset<W>,
    /// Liberties of own chains in atari.
    escape: Bitset<W>,
    /// Stones of the last move's chain.
    last_chain: Bitset<W>,
    /// Neighbours of the last move's chain.
    last_around: Bitset<W>,
    /// Whether a ko is on the board.
    ko: bool,
    /// The board's contents for the shapes around candidates.
    grid: Grid,
    /// The ataris that capture in a ladder, when the caller has read them already (see
    /// [`Context::with_ladders`]).
    ladders: Option<Bitset<W>>,
}

impl<const W: usize> Context<W> {
    /// The context of `b` with `c` to move; `last` is the last move and `last2` the one
    /// before (`None`: a pass or none), `last_passed` whether the last move was a pass.
    pub fn new<const P: usize>(
        b: &Board<W, P>,
        c: Color,
        last: Option<Point>,
        last2: Option<Point>,
        last_passed: bool,
    ) -> Self {
        let mut ctx = Context {
            color: c,
            last: [last, last2],
            last_passed,
            capture: Bitset::EMPTY,
            atari: Bitset::EMPTY,
            escape: Bitset::EMPTY,
            last_chain: Bitset::EMPTY,
            last_around: Bitset::EMPTY,
            ko: b.ko().is_some(),
            grid: Grid::new(b, c),
            ladders: None,
        };
        let mut seen = Bitset::<W>::EMPTY;
        let stones = b.stones(Color::Black).or(b.stones(Color::White));
        for i in stones.iter() {
            let q = Point(i as u16);
            if !seen.insert(b.chain_head(q).idx()) {
                continue;
            }
            let libs = b.chain_libs(q);
            let own = b.color_at(q) == Some(c);
            match (own, b.lib_count(q)) {
                (false, 1) => ctx.capture = ctx.capture.or(libs),
                (false, 2) => ctx.atari = ctx.atari.or(libs),
                (true, 1) => ctx.escape = ctx.escape.or(libs),
                _ => {}
            }
        }
        if let Some(l) = last.filter(|&l| b.color_at(l).is_some()) {
            ctx.last_chain = b.chain_stones(l);
            ctx.last_around = b.dilate(&ctx.last_chain);
        }
        ctx
    }

    /// This context with the ladders read already: `ladders` must hold exactly the
    /// liberties `l` of the two-liberty enemy chains `q` for which
    /// [`tactics::ladder_works`]`(b, color, q, l)` (as the priors' tactical scan finds
    /// them), so that the atari feature reads no ladder again; the features stay the same.
    pub fn with_ladders(mut self, ladders: Bitset<W>) -> Self {
        self.ladders = Some(ladders);
        self
    }

    /// The board's contents for the shapes around candidates.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The packed features of the pass.
    pub fn pass_features(&self) -> u32 {
        Group::Pass.pack(if self.last_passed { 2 } else { 1 })
    }

    /// The packed non-shape features of `c` playing on the empty point `p`.
    pub fn features<const P: usize>(&self, b: &Board<W, P>, p: Point) -> u32 {
        let c = self.color;
        let size = b.size();
        let i = p.idx();
        let mut f = 0;
        let (x, y) = p.xy(size);
        let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
        if line < 4 {
            f |= Group::Line.pack(line as u32 + 1);
        }
        if let Some(l) = self.last[0] {
            f |= Group::DistLast.pack(distance_level(l, p, size));
        }
        if let Some(l) = self.last[1] {
            f |= Group::DistLast2.pack(distance_level(l, p, size));
        }
        let tactical =
            self.capture.contains(i) || self.atari.contains(i) || self.escape.contains(i);
        if !tactical && b.empty_neighbor_count(p) >= 2 {
            return f;
        }
        let after = tactics::libs_after(b, c, p);
        if self.capture.contains(i) {
            f |= Group::Capture.pack(self.capture_level(b, p, after));
        }
        if self.atari.contains(i) && after.libs >= 2 {
            f |= Group::Atari.pack(self.atari_level(b, p));
        }
        if self.escape.contains(i) && after.libs >= 2 {
            let chain = b
                .neighbors(p)
                .find(|&q| b.color_at(q) == Some(c) && b.lib_count(q) == 1);
            if let Some(q) = chain {
                let level = if after.libs == 2 && tactics::escape_is_caught(b, q) {
                    3
                } else if self.last_around.contains(i)
                    || self.last[0].is_some_and(|l| b.dilate(&b.chain_stones(q)).contains(l.idx()))
                {
                    1
                } else {
                    2
                };
                f |= Group::Escape.pack(level);
            }
        }
        if after.libs == 1 {
            let level = if tactics::is_bad_self_atari(b, c, p) {
                1
            } else {
                2
            };
            f |= Group::SelfAtari.pack(level);
        }
        f
    }

    /// The atari level of `p` (a liberty of a two-liberty enemy chain): 1 when an atari
    /// there captures one of them in a ladder, else 2 with a ko on the board, else 3.
    fn atari_level<const P: usize>(&self, b: &Board<W, P>, p: Point) -> u32 {
        let ladder = match &self.ladders {
            Some(l) => l.contains(p.idx()),
            None => {
                let (c, opp) = (self.color, self.color.opponent());
                b.neighbors(p).any(|q| {
                    b.color_at(q) == Some(opp)
                        && b.lib_count(q) == 2
                        && tactics::ladder_works(b, c, q, p)
                })
            }
        };
        if ladder {
            1
        } else if self.ko {
            2
        } else {
            3
        }
    }

    /// The capture level of `p` (a liberty of an enemy chain in atari).
    fn capture_level<const P: usize>(
        &self,
        b: &Board<W, P>,
        p: Point,
        after: tactics::LibsAfter,
    ) -> u32 {
        let c = self.color;
        let opp = c.opponent();
        let mut saves = false;
        let mut takes_last = false;
        for q in b.neighbors(p) {
            if b.color_at(q) != Some(opp) || b.lib_count(q) != 1 {
                continue;
            }
            if self.last_chain.contains(q.idx()) {
                takes_last = true;
            }
            let around = b.dilate(&b.chain_stones(q)).and(b.stones(c));
            if around.points().any(|s| b.lib_count(s) == 1) {
                saves = true;
            }
        }
        if takes_last {
            1
        } else if saves {
            2
        } else if after.captured == 1 && after.stones == 1 && after.libs == 1 {
            3
        } else if after.captured <= 2 {
            4
        } else {
            5
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board19;
    use crate::tactics::testutil::pt;

    fn b19(black: &[&str], white: &[&str]) -> Board19 {
        let p = |v: &[&str]| v.iter().map(|s| pt(s, 19)).collect::<Vec<_>>();
        Board19::from_stones(19, &p(black), &p(white)).unwrap()
    }

    fn level(f: u32, g: Group) -> u32 {
        g.level(f)
    }

    #[test]
    fn packing_round_trips_and_fits_in_a_word() {
        let total: u32 = GROUPS.iter().map(|g| g.bits()).sum();
        assert!(total <= 32);
        for g in GROUPS {
            for l in 0..=g.levels() {
                assert_eq!(g.level(g.pack(l)), l);
                for h in GROUPS.iter().filter(|&&h| h != g) {
                    assert_eq!(h.level(g.pack(l)), 0);
                }
            }
        }
        assert_eq!(Group::DistLast.level_name(1), "2");
        assert_eq!(Group::DistLast.level_name(16), "17+");
    }

    #[test]
    fn line_and_distances() {
        let b = Board19::new(19).unwrap();
        let ctx = Context::new(
            &b,
            Color::Black,
            Some(pt("K10", 19)),
            Some(pt("C3", 19)),
            false,
        );
        let f = ctx.features(&b, pt("C4", 19));
        assert_eq!(level(f, Group::Line), 3);
        assert_eq!(level(f, Group::DistLast2), 1); // C3-C4: distance 2
        assert_eq!(level(f, Group::DistLast), 16); // far
        let f = ctx.features(&b, pt("L11", 19)); // diagonal: 1 + 1 + 1 = 3
        assert_eq!(level(f, Group::DistLast), 2);
        assert_eq!(level(f, Group::Line), 0);
        assert_eq!(level(ctx.features(&b, pt("A1", 19)), Group::Line), 1);
        assert_eq!(level(ctx.pass_features(), Group::Pass), 1);
        let after_pass = Context::new(&b, Color::Black, None, None, true);
        assert_eq!(level(after_pass.pass_features(), Group::Pass), 2);
        assert_eq!(
            level(after_pass.features(&b, pt("K10", 19)), Group::DistLast),
            0
        );
    }

    #[test]
    fn captures_ataris_escapes_and_self_ataris() {
        // White K10 (last move) in atari at K11; Black L10 in atari at M10 (White L9, L11, M...)
        let b = b19(&["J10", "K9", "L10"], &["K10", "L9", "L11", "M11", "M9"]);
        let ctx = Context::new(&b, Color::Black, Some(pt("K10", 19)), None, false);
        // capturing the last move's stone
        assert_eq!(level(ctx.features(&b, pt("K11", 19)), Group::Capture), 1);
        // extending Black L10 at M10 leaves one liberty (N10): a bad self-atari, no escape
        let f = ctx.features(&b, pt("M10", 19));
        assert_eq!(level(f, Group::Escape), 0);
        assert_eq!(level(f, Group::SelfAtari), 1);
        // White C3 (liberties C2, D3) against Black B3, C4, D2: either atari is a ladder
        let b = b19(&["B3", "C4", "D2", "Q16"], &["C3"]);
        let ctx = Context::new(&b, Color::Black, Some(pt("Q3", 19)), None, false);
        assert_eq!(level(ctx.features(&b, pt("C2", 19)), Group::Atari), 1);
        assert_eq!(level(ctx.features(&b, pt("D3", 19)), Group::Atari), 1);
        // after Black C2, White's extension at D3 is caught; with Black D3 instead of C2
        // (no ladder toward the corner: C2 gives three liberties) it escapes the last atari
        let b = b19(&["B3", "C4", "D2", "C2"], &["C3"]);
        let ctx = Context::new(&b, Color::White, Some(pt("C2", 19)), None, false);
        assert_eq!(level(ctx.features(&b, pt("D3", 19)), Group::Escape), 3);
        let b = b19(&["C4", "D3", "B3"], &["C3"]);
        let ctx = Context::new(&b, Color::White, Some(pt("B3", 19)), None, false);
        assert_eq!(level(ctx.features(&b, pt("C2", 19)), Group::Escape), 1);
        let ctx = Context::new(
            &b,
            Color::White,
            Some(pt("Q3", 19)),
            Some(pt("B3", 19)),
            false,
        );
        assert_eq!(level(ctx.features(&b, pt("C2", 19)), Group::Escape), 2);
        // a ko: White took at E5 (Black D5 captured); Black's capture back at D5 takes a ko
        let b = b19(&["E6", "F5", "E4"], &["E5", "D6", "C5", "D4"]);
        let ctx = Context::new(&b, Color::Black, Some(pt("Q3", 19)), None, false);
        let f = ctx.features(&b, pt("D5", 19));
        assert_eq!(level(f, Group::Capture), 3, "{f:x}");
        assert_eq!(level(f, Group::SelfAtari), 2);
    }
}
