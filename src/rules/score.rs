//! Counting a finished position: chain status (alive, dead, seki), removal of dead
//! stones, ownership of empty regions, and the final [`GameScore`] under each [`Scoring`].

use super::ruleset::{Rules, Scoring};
use crate::board::{AnyBoard, Bitset, Board, Color, Point};
use crate::with_board;
use std::fmt;

/// The life-and-death status of a chain at the end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// Stays on the board and counts.
    Alive,
    /// Removed before counting; becomes a prisoner of the other side.
    Dead,
    /// Alive in seki: stays on the board; under `seki_eyes_count == false` the empty
    /// regions it touches are nobody's territory.
    Seki,
}

/// A status for every stone of one board position (empty points have none).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StatusMap {
    status: Vec<Option<Status>>,
}

impl StatusMap {
    /// Every stone of `board` alive.
    pub fn new(board: &AnyBoard) -> StatusMap {
        let size = board.size();
        let mut status = vec![None; Point::index_bound(size)];
        for p in board.points() {
            if board.color_at(p).is_some() {
                status[p.idx()] = Some(Status::Alive);
            }
        }
        StatusMap { status }
    }

    /// The status of the stone on `p` (`Alive` for points without a stone in the map).
    pub fn get(&self, p: Point) -> Status {
        self.status
            .get(p.idx())
            .copied()
            .flatten()
            .unwrap_or(Status::Alive)
    }

    /// Sets the status of the single stone on `p`; false when the map has no stone there.
    pub fn set(&mut self, p: Point, s: Status) -> bool {
        match self.status.get_mut(p.idx()) {
            Some(slot @ Some(_)) => {
                *slot = Some(s);
                true
            }
            _ => false,
        }
    }

    /// Sets the status of the whole chain through `p` on `board`; false when `p` holds no stone.
    pub fn set_chain(&mut self, board: &AnyBoard, p: Point, s: Status) -> bool {
        if board.color_at(p).is_none() {
            return false;
        }
        let mut ok = true;
        for q in board.chain_points(p) {
            ok &= self.set(q, s);
        }
        ok
    }

    /// The stones with status `s`, in increasing index order.
    pub fn points_with(&self, s: Status) -> Vec<Point> {
        self.status
            .iter()
            .enumerate()
            .filter(|(_, &v)| v == Some(s))
            .map(|(i, _)| Point(i as u16))
            .collect()
    }

    /// The dead stones.
    pub fn dead_points(&self) -> Vec<Point> {
        self.points_with(Status::Dead)
    }

    /// The alive stones (not dead, not in seki).
    pub fn alive_points(&self) -> Vec<Point> {
        self.points_with(Status::Alive)
    }

    /// The stones in seki.
    pub fn seki_points(&self) -> Vec<Point> {
        self.points_with(Status::Seki)
    }
}

/// The two totals of a counted game.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct GameScore {
    /// Black's points.
    pub black: f64,
    /// White's points, including komi and handicap bonus.
    pub white: f64,
}

impl GameScore {
    /// Black's lead (negative when White leads).
    pub fn margin(&self) -> f64 {
        self.black - self.white
    }

    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        let m = self.margin();
        if m > 0.0 {
            Some(Color::Black)
        } else if m < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl fmt::Display for GameScore {
    /// `B+3.5`, `W+0.5` or `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin();
        match self.winner() {
            Some(Color::Black) => write!(f, "B+{m}"),
            Some(Color::White) => write!(f, "W+{}", -m),
            None => f.write_str("0"),
        }
    }
}

/// Everything counted for one side, before komi.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Stones on the board after dead stones are removed.
    pub stones: u32,
    /// Empty points (including those of removed dead stones) owned.
    pub territory: u32,
    /// Prisoners taken: captures, pass stones and the opponent's dead stones.
    pub prisoners: u32,
    /// Independent groups: the connected parts of this side's kept stones and counted
    /// territory that hold some territory (stone scoring takes two points off each, the
    /// two eyes a group keeps when the rest of its territory is filled).
    pub groups: u32,
}

/// A full count: per-side tallies and who owns each point.
#[derive(Clone, PartialEq, Debug)]
pub struct Count {
    /// Black's tally, then White's.
    pub tally: [Tally; 2],
    /// Per padded point index: the side that owns it (its stone or its territory).
    pub owner: Vec<Option<Color>>,
}

impl Count {
    /// The owner of `p` after dead stones are removed (stone or territory), if any.
    pub fn owner(&self, p: Point) -> Option<Color> {
        self.owner.get(p.idx()).copied().flatten()
    }
}

/// Counts `board` with the given statuses: removes dead stones (unless `rules.remove_dead`
/// is false) and adds them to `prisoners` (indexed by the capturing colour), then finds the
/// empty regions bordered by one colour only. Regions touching a chain in seki belong to
/// nobody when `rules.seki_eyes_count` is false, and never under stone scoring (an eye of
/// a seki can not be filled).
pub fn count(board: &AnyBoard, rules: &Rules, status: &StatusMap, prisoners: [u32; 2]) -> Count {
    with_board!(board, b => count_on(&**b, rules, status, prisoners))
}

fn count_on<const W: usize, const P: usize>(
    b: &Board<W, P>,
    rules: &Rules,
    status: &StatusMap,
    prisoners: [u32; 2],
) -> Count {
    let mut owner: Vec<Option<Color>> = vec![None; Point::index_bound(b.size())];
    let mut tally = [Tally::default(); 2];
    tally[0].prisoners = prisoners[0];
    tally[1].prisoners = prisoners[1];
    // the stones that stay on the board, and those of them in seki
    let mut kept = [Bitset::<W>::EMPTY; 2];
    let mut seki = Bitset::<W>::EMPTY;
    for c in Color::BOTH {
        for i in b.stones(c).iter() {
            match status.get(Point(i as u16)) {
                Status::Dead if rules.remove_dead => tally[c.opponent().index()].prisoners += 1,
                s => {
                    kept[c.index()].insert(i);
                    if s == Status::Seki {
                        seki.insert(i);
                    }
                    owner[i] = Some(c);
                }
            }
        }
        tally[c.index()].stones = kept[c.index()].count();
    }
    let open = b.on_board().and_not(&kept[0]).and_not(&kept[1]);
    for region in b.regions(&open) {
        let around = b.dilate(&region);
        let who = match [around.intersects(&kept[0]), around.intersects(&kept[1])] {
            [true, false] => Color::Black,
            [false, true] => Color::White,
            _ => continue,
        };
        let seki_eyes = rules.seki_eyes_count && rules.scoring != Scoring::Stones;
        if seki_eyes || !around.intersects(&seki) {
            tally[who.index()].territory += region.count();
            for i in region.iter() {
                owner[i] = Some(who);
            }
        }
    }
    for c in Color::BOTH {
        let mut own = Bitset::<W>::EMPTY;
        for i in b.on_board().iter() {
            if owner[i] == Some(c) {
                own.insert(i);
            }
        }
        let territory = own.and_not(&kept[c.index()]);
        tally[c.index()].groups =
            b.regions(&own).filter(|g| g.intersects(&territory)).count() as u32;
    }
    Count { tally, owner }
}

/// The score of `board` under `rules` (komi from `rules`), given statuses, the prisoners
/// each colour took during play, and the number of handicap stones.
pub fn score_board(
    board: &AnyBoard,
    rules: &Rules,
    status: &StatusMap,
    prisoners: [u32; 2],
    handicap: usize,
) -> GameScore {
    let c = count(board, rules, status, prisoners);
    let [b, w] = c.tally;
    let (black, white) = match rules.scoring {
        Scoring::Area => (
            (b.stones + b.territory) as f64,
            (w.stones + w.territory) as f64 + rules.handicap_points(handicap) as f64,
        ),
        Scoring::Territory => (
            (b.territory + b.prisoners) as f64,
            (w.territory + w.prisoners) as f64,
        ),
        // the stones each side would have with its territory filled but for two eyes a
        // group: area less two points an independent group (KataGo's group tax)
        Scoring::Stones => (
            (b.stones + b.territory) as f64 - 2.0 * b.groups as f64,
            (w.stones + w.territory) as f64 - 2.0 * w.groups as f64,
        ),
    };
    GameScore {
        black,
        white: white + rules.komi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testutil::{board, pt};
    use crate::rules::{Preset, Rules};

    #[test]
    fn score_display() {
        let s = |black, white| GameScore { black, white }.to_string();
        assert_eq!(s(10.0, 6.5), "B+3.5");
        assert_eq!(s(6.0, 6.5), "W+0.5");
        assert_eq!(s(7.0, 7.0), "0");
        assert_eq!(s(12.0, 7.0), "B+5");
        assert_eq!(
            GameScore {
                black: 1.0,
                white: 2.0
            }
            .winner(),
            Some(Color::White)
        );
        assert_eq!(
            GameScore {
                black: 1.0,
                white: 1.0
            }
            .winner(),
            None
        );
        assert_eq!(
            GameScore {
                black: 3.0,
                white: 1.5
            }
            .margin(),
            1.5
        );
    }

    #[test]
    fn status_map_set_and_lists() {
        let b = board(
            "
            X X .
            . O .
            . O X",
        );
        let mut m = StatusMap::new(&b);
        assert_eq!(m.alive_points().len(), 5);
        assert!(m.set_chain(&b, pt("B2", 3), Status::Dead));
        assert_eq!(m.dead_points(), vec![pt("B1", 3), pt("B2", 3)]);
        assert_eq!(m.get(pt("B1", 3)), Status::Dead);
        assert!(!m.set_chain(&b, pt("A1", 3), Status::Dead));
        assert!(!m.set(pt("C3", 3), Status::Seki));
        assert!(m.set(pt("C1", 3), Status::Seki));
        assert_eq!(m.seki_points(), vec![pt("C1", 3)]);
        assert_eq!(m.get(pt("A1", 3)), Status::Alive);
        assert_eq!(m.get(Point(9999)), Status::Alive);
    }

    #[test]
    fn seki_eyes_count_or_not() {
        let b = board(
            "
            . X O .
            X X O O
            X . O O
            X X O .",
        );
        let mut st = StatusMap::new(&b);
        assert!(st.set_chain(&b, pt("B4", 4), Status::Seki));
        let mut area = Rules::preset(Preset::Chinese);
        area.komi = 0.0;
        let mut terr = Rules::preset(Preset::Japanese);
        terr.komi = 0.0;
        let ca = count(&b, &area, &st, [0, 0]);
        let ct = count(&b, &terr, &st, [0, 0]);
        // A4 touches only the black chain in seki
        assert_eq!(ca.owner(pt("A4", 4)), Some(Color::Black));
        assert_eq!(ct.owner(pt("A4", 4)), None);
        // B2 touches both colours
        assert_eq!(ca.owner(pt("B2", 4)), None);
        // D4 and D1 touch only the white chain, which is not in seki
        assert_eq!(ct.owner(pt("D4", 4)), Some(Color::White));
        assert_eq!(ct.owner(pt("D1", 4)), Some(Color::White));
        assert_eq!(ct.owner(pt("B4", 4)), Some(Color::Black));
        assert_eq!(ct.tally[0].territory, 0);
        assert_eq!(ct.tally[1].territory, 2);
        assert_eq!(ca.tally[0].territory, 1);
        assert_eq!(score_board(&b, &terr, &st, [0, 0], 0).to_string(), "W+2");
        assert_eq!(score_board(&b, &area, &st, [0, 0], 0).to_string(), "W+1");
    }

    #[test]
    fn dead_stones_become_prisoners_and_territory() {
        let b = board(
            "
            . O . X .
            O O . X .
            . . X X .
            X X X . .
            . . . . .",
        );
        let mut st = StatusMap::new(&b);
        st.set_chain(&b, pt("B5", 5), Status::Dead);
        let mut terr = Rules::preset(Preset::Japanese);
        terr.komi = 0.0;
        let c = count(&b, &terr, &st, [2, 1]);
        assert_eq!(c.tally[0].prisoners, 2 + 3);
        assert_eq!(c.tally[1].prisoners, 1);
        assert_eq!(c.tally[0].stones, 7);
        assert_eq!(c.tally[1].stones, 0);
        assert_eq!(c.tally[0].territory, 25 - 7);
        assert_eq!(c.owner(pt("B5", 5)), Some(Color::Black));
        // territory 18 + 5 prisoners against 1 prisoner
        assert_eq!(score_board(&b, &terr, &st, [2, 1], 0).margin(), 22.0);
        let mut area = Rules::preset(Preset::Chinese);
        area.komi = 0.0;
        assert_eq!(score_board(&b, &area, &st, [2, 1], 0).to_string(), "B+25");
        let mut stones = Rules::preset(Preset::Primitive);
        stones.komi = 0.5;
        assert_eq!(
            score_board(&b, &stones, &st, [2, 1], 0).to_string(),
            "B+22.5"
        );
        // stone scoring: area less two points for each independent group, B 7 + 18 - 2
        assert_eq!(count(&b, &stones, &st, [2, 1]).tally[0].groups, 1);
        // tromp-taylor ignores the dead marks: White's stones count and the region with
        // them is shared.
        let mut tt = Rules::preset(Preset::TrompTaylor);
        tt.komi = 0.0;
        let s = score_board(&b, &tt, &st, [2, 1], 0);
        assert_eq!((s.black, s.white), (7.0 + 10.0, 3.0 + 1.0));
    }

    #[test]
    fn handicap_bonus_under_area_only() {
        let b = board(
            "
            X . O
            X . O
            X . O",
        );
        let st = StatusMap::new(&b);
        for (p, want) in [
            (Preset::Chinese, "W+4"),
            (Preset::Aga, "W+3"),
            (Preset::NewZealand, "W+0"),
            (Preset::Japanese, "0"),
        ] {
            let mut r = Rules::preset(p);
            r.komi = 0.0;
            let s = score_board(&b, &r, &st, [0, 0], 4).to_string();
            let want = if want == "W+0" { "0" } else { want };
            assert_eq!(s, want, "{p}");
        }
    }

    /// With every stone alive, area counting owns exactly what the board's area flood
    /// gives each side (the fill playouts and ownership use).
    #[test]
    fn count_agrees_with_board_area_owners() {
        use rand::{rngs::SmallRng, RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [2, 5, 9, 13] {
            for _ in 0..20 {
                let mut g = AnyBoard::new(size).expect("size");
                let moves = rng.random_range(0..size * size * 2);
                for i in 0..moves {
                    let c = Color::BOTH[i % 2];
                    let p = Point::new(rng.random_range(0..size), rng.random_range(0..size), size);
                    let _ = g.try_play(c, p);
                }
                let st = StatusMap::new(&g);
                let c = count(&g, &Rules::preset(Preset::Chinese), &st, [0, 0]);
                let points = g.points();
                let owners: Vec<Option<Color>> = with_board!(&g, b => {
                    let o = b.area_owners();
                    points
                        .iter()
                        .map(|p| {
                            Color::BOTH
                                .into_iter()
                                .find(|c| o[c.index()].contains(p.idx()))
                        })
                        .collect()
                });
                for (p, want) in points.iter().zip(owners) {
                    assert_eq!(c.owner(*p), want, "{p:?}\n{g}");
                }
                let area = with_board!(&g, b => b.area_score());
                let [tb, tw] = c.tally;
                assert_eq!(
                    (tb.stones + tb.territory) as i32 - (tw.stones + tw.territory) as i32,
                    area
                );
            }
        }
    }
}
