//! Strength levels a person can play (`--rank 30k..1d`, `tengen-rank`): how much a rank
//! searches, how it draws its move from the learned move probabilities (the patterns', with
//! the policy network's mixed in by `prior_net` as the search mixes them) and the search's
//! visits, the guard rails every rank keeps, and its human pace.
//!
//! A rank sets work, never seconds, so it means the same on a slow and a fast machine. The
//! board size enters twice: the playouts scale with the square of the board's area relative
//! to 19x19 ([`AREA_EXPONENT`]), and a smaller board plays as a stronger rank
//! ([`SMALL_BOARD_RANKS`], three on 9x9), so that a rank that is even with GNU Go on 19x19
//! stays about even with it on 9x9 (the network's draw, learned on 19x19, is weaker there).

use super::{Decision, Engine, Genmove};
use crate::board::{Board, Color, Point};
use crate::nn::features::HISTORY;
use crate::nn::net::Net;
use crate::nn::policy::{mix_into, Evaluator};
use crate::patterns::model::Model;
use crate::rules::Move;
use crate::search::Report;
use crate::tactics;
use crate::with_board;
use rand::{Rng, RngExt};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// A KGS-style rank from 30k (weakest) to 1d, as steps above 30k (30k = 0, 1k = 29, 1d = 30).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rank(u8);

/// How a rank searches and draws its move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Playouts of the search for one move.
    pub playouts: u64,
    /// Share of the learned move probabilities in the draw (the rest: the search's visits).
    pub policy: f64,
    /// Temperature of the draw: 1 draws by the mix itself, lower sharpens it towards the
    /// best, higher flattens it.
    pub temperature: f64,
}

/// The calibrated levels: (steps above 30k, 19x19 playouts, policy share, temperature) for
/// 30k, 25k, 20k, 15k, 9k (GNU Go 3.8 level 10's rank, bench/README.md "Ranks"), 5k and 1d.
/// Ranks between are interpolated (playouts geometrically). With the policy network the
/// table calibrated on the patterns played six ranks above its names (its 15k was even
/// with GNU Go level 10), so every level moved six ranks down: 9k is the old 15k, 15k the
/// old 21k, and 30k and 25k extend the old weak end's 0.16 a rank of temperature. The
/// temperatures fall by 0.10 and 0.08 a rank from the old 25k to 15k (now 19k to 9k): the
/// network's draw is sharper than the patterns' it replaced (bench/README.md, "Ranks with
/// the policy network").
const ANCHORS: [(u8, f64, f64, f64); 7] = [
    (0, 50.0, 1.0, 3.26),
    (5, 50.0, 1.0, 2.46),
    (10, 65.0, 0.88, 1.66),
    (15, 108.0, 0.77, 1.1),
    (21, 250.0, 0.6, 0.6),
    (25, 2080.0, 0.29, 0.37),
    (30, 12500.0, 0.03, 0.1),
];

/// How the board's area enters a rank's playouts: they are the 19x19 ones times (area /
/// 361) to this power. With the area alone (1) the 9k that scores 55% against GNU Go 3.8
/// level 10 on 19x19 scored 87.5% on 9x9; squared, 60% (bench/README.md, "Ranks at every
/// board size").
pub const AREA_EXPONENT: f64 = 2.0;

/// Ranks stronger a rank draws and searches as on 9x9 (in proportion to the area below
/// 19x19's on the sizes between): the network's draw, trained on 19x19 games, is weaker on a
/// small board, where the rank's few playouts cannot make up for it. The 9k even with GNU Go
/// 3.8 level 10 on 19x19 won 5 of 20 against it on 9x9 as its own level, and 11 of 20 as 6k's
/// (bench/README.md, "Ranks with the policy network").
pub const SMALL_BOARD_RANKS: f64 = 3.0;

/// Fewest playouts of any rank's search: enough for the pass and resign decisions, which
/// every rank takes as the full-strength engine does.
pub const MIN_PLAYOUTS: u64 = 50;

/// Moves the mix gives less than this never get drawn (unless they are the search's best).
const MIN_SHARE: f64 = 0.002;

impl Rank {
    /// A rank, or `off` (any case) for full strength: what `--rank` and `tengen-rank` take.
    pub fn or_off(s: &str) -> Result<Option<Rank>, String> {
        if s.trim().eq_ignore_ascii_case("off") {
            Ok(None)
        } else {
            s.parse().map(Some)
        }
    }

    /// 30k.
    pub const WEAKEST: Rank = Rank(0);
    /// 1d.
    pub const STRONGEST: Rank = Rank(30);

    /// Steps above 30k.
    pub fn step(self) -> u8 {
        self.0
    }

    /// Every rank, weakest first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..=Rank::STRONGEST.0).map(Rank)
    }

    /// The rank's level on a board of `size`.
    pub fn level(self, size: usize) -> Level {
        // a smaller board draws and searches as a stronger rank ([`SMALL_BOARD_RANKS`])
        let area = (size * size) as f64;
        let shift = SMALL_BOARD_RANKS * ((361.0 - area) / (361.0 - 81.0)).clamp(0.0, 1.0);
        let s = (self.0 as f64 + shift).min(Rank::STRONGEST.0 as f64);
        let i = ANCHORS
            .iter()
            .rposition(|a| a.0 as f64 <= s)
            .unwrap_or(0)
            .min(ANCHORS.len() - 2);
        let (a, b) = (ANCHORS[i], ANCHORS[i + 1]);
        let t = ((s - a.0 as f64) / (b.0 - a.0) as f64).clamp(0.0, 1.0);
        let lin = |x: f64, y: f64| x + (y - x) * t;
        let playouts19 = a.1 * (b.1 / a.1).powf(t);
        let scale = ((size * size) as f64 / 361.0).powf(AREA_EXPONENT);
        Level {
            playouts: ((playouts19 * scale).round() as u64).max(MIN_PLAYOUTS),
            policy: lin(a.2, b.2),
            temperature: lin(a.3, b.3),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 >= Rank::STRONGEST.0 {
            write!(f, "1d")
        } else {
            write!(f, "{}k", 30 - self.0)
        }
    }
}

impl FromStr for Rank {
    type Err = String;

    fn from_str(s: &str) -> Result<Rank, String> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || format!("unknown rank '{}' (30k to 1k, or 1d)", s.trim());
        // the unit is the last character, however many bytes it takes
        let cut = t.char_indices().last().map_or(0, |(i, _)| i);
        let (num, unit) = t.split_at(cut);
        let n: u8 = num.parse().map_err(|_| bad())?;
        match unit {
            "k" if (1..=30).contains(&n) => Ok(Rank(30 - n)),
            "d" if n == 1 => Ok(Rank::STRONGEST),
            _ => Err(bad()),
        }
    }
}

/// A rank's pace: how long a move takes at least, in seconds on 19x19 (scaled by the
/// board's side, never below 30%), drawn between `lo` and `hi` for every move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// Shortest move.
    pub lo: f64,
    /// Longest move.
    pub hi: f64,
}

impl Pace {
    /// No waiting: moves come as fast as the search.
    pub const NONE: Pace = Pace { lo: 0.0, hi: 0.0 };

    /// The seconds one move should take on a board of `size`.
    pub fn draw<R: Rng>(&self, size: usize, rng: &mut R) -> f64 {
        if self.hi <= 0.0 {
            return 0.0;
        }
        let scale = (size as f64 / 19.0).max(0.3);
        scale * (self.lo + (self.hi - self.lo) * rng.random::<f64>())
    }
}

impl fmt::Display for Pace {
    /// What [`Pace`]'s parser takes back: `LO-HI`, one number, or `off`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hi <= 0.0 {
            f.write_str("off")
        } else if self.lo == self.hi {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "{}-{}", self.lo, self.hi)
        }
    }
}

impl FromStr for Pace {
    type Err = String;

    /// `LO-HI` seconds (`1-3`), one number for a fixed pace, or `0`/`off` for none.
    fn from_str(s: &str) -> Result<Pace, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("off") {
            return Ok(Pace::NONE);
        }
        let bad = || format!("bad pace '{t}' (LO-HI seconds such as 1-3, or off)");
        let num = |x: &str| {
            x.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=60.0).contains(v))
        };
        let (lo, hi) = match t.split_once('-') {
            Some((a, b)) => (num(a).ok_or_else(bad)?, num(b).ok_or_else(bad)?),
            None => {
                let v = num(t).ok_or_else(bad)?;
                (v, v)
            }
        };
        if lo > hi {
            return Err(bad());
        }
        Ok(Pace { lo, hi })
    }
}

/// The stone a rank plays, drawn from the mix of `probs` (the learned probability of every
/// stone move) and the search's visit shares in `report`, sharpened or flattened by the
/// level's temperature. Only moves `allowed` says may be played are drawn (the guard rails
/// and the rules); the search's best move stays a candidate. `None` when nothing is allowed.
pub fn draw<R: Rng>(
    report: &Report,
    probs: &[(Point, f64)],
    level: &Level,
    rng: &mut R,
    allowed: impl Fn(Point) -> bool,
) -> Option<Point> {
    let best = report.moves.first().and_then(|m| m.mv);
    let visits: u64 = report
        .moves
        .iter()
        .filter(|m| m.mv.is_some())
        .map(|m| m.visits)
        .sum();
    // visit shares by point, looked up once per candidate
    let shares: std::collections::HashMap<Point, f64> = report
        .moves
        .iter()
        .filter_map(|m| Some((m.mv?, m.visits as f64 / visits.max(1) as f64)))
        .collect();
    let share = |p: Point| shares.get(&p).copied().unwrap_or(0.0);
    let mut cands: Vec<(Point, f64)> = probs
        .iter()
        .map(|&(p, q)| (p, level.policy * q + (1.0 - level.policy) * share(p)))
        .collect();
    // tree moves the probabilities do not list (none, normally) keep their visit share
    for m in &report.moves {
        if let Some(p) = m.mv {
            if !cands.iter().any(|c| c.0 == p) {
                cands.push((p, (1.0 - level.policy) * share(p)));
            }
        }
    }
    let inv_t = 1.0 / level.temperature.max(0.05);
    let weights: Vec<(Point, f64)> = cands
        .into_iter()
        .filter(|&(p, q)| (q >= MIN_SHARE || Some(p) == best) && allowed(p))
        .map(|(p, q)| (p, q.max(MIN_SHARE).powf(inv_t)))
        .collect();
    let total: f64 = weights.iter().map(|w| w.1).sum();
    if weights.is_empty() || total <= 0.0 || !total.is_finite() {
        return best.filter(|&p| allowed(p));
    }
    let mut x = rng.random::<f64>() * total;
    for &(p, w) in &weights {
        if x < w {
            return Some(p);
        }
        x -= w;
    }
    weights.last().map(|w| w.0)
}

/// Largest ownership (either way, -1..1) of an empty point that a rank still calls open when
/// it would pass: the search's playouts give it to neither side (dame, a boundary not closed).
const OPEN_OWNERSHIP: f64 = 0.6;

/// The guard rail against passing while points are open: a stone of `c` to play instead of
/// a pass, the most probable by the learned `probs` among the empty points that lie next to a
/// stone in an empty region touching stones of both colours, that `report`'s playouts give
/// to neither side, that `allowed` takes and that are no self-atari. `None`: nothing is
/// open, the pass stands.
pub fn open_point<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    report: &Report,
    probs: &[(Point, f64)],
    allowed: impl Fn(Point) -> bool,
) -> Option<Point> {
    let (black, white) = (b.stones(Color::Black), b.stones(Color::White));
    let next_to_stones = b.dilate(&black.or(white));
    let mut pick: Option<(Point, f64)> = None;
    for region in b.regions(b.empty_points()) {
        let border = b.dilate(&region).and_not(&region);
        if !border.intersects(black) || !border.intersects(white) {
            continue;
        }
        for p in next_to_stones.and(&region).points() {
            let owned = report.ownership.get(p.idx()).copied().unwrap_or(0.0);
            if owned.abs() > OPEN_OWNERSHIP || !allowed(p) || tactics::is_self_atari(b, c, p) {
                continue;
            }
            let q = probs.iter().find(|x| x.0 == p).map_or(0.0, |x| x.1);
            if pick.is_none_or(|(_, best)| q > best) {
                pick = Some((p, q));
            }
        }
    }
    pick.map(|x| x.0)
}

/// The guard rails of a ranked move of `c` on the empty point `p`: it fills no own eye, and
/// it is no bad self-atari of a chain of three or more stones, unless it is the search's
/// `best` (which has read it).
pub fn guard_allows<const W: usize, const P: usize>(
    b: &Board<W, P>,
    c: Color,
    p: Point,
    best: Option<Point>,
) -> bool {
    if b.is_eye(c, p) {
        return false;
    }
    Some(p) == best
        || !(tactics::is_bad_self_atari(b, c, p) && tactics::libs_after(b, c, p).stones >= 3)
}

impl Engine {
    /// The rank played at (`None`: full strength).
    pub fn rank(&self) -> Option<Rank> {
        self.settings.rank
    }

    /// Plays at `rank` from the next move on (`None`: full strength).
    pub fn set_rank(&mut self, rank: Option<Rank>) {
        self.stop_pondering();
        self.settings.rank = rank;
    }

    /// The pace of ranked moves.
    pub fn pace(&self) -> Pace {
        self.settings.pace
    }

    /// The first move number at which a rank may resign: not before a third of the board's
    /// points have been played (0 at full strength).
    pub(super) fn rank_resign_from(&self) -> usize {
        let n = self.game.size();
        if self.settings.rank.is_some() {
            n * n / 3
        } else {
            0
        }
    }

    /// At a rank, the stone it plays in place of the search's: drawn by [`draw`] among the
    /// legal moves that pass the guard rails (no own eye filled, no bad self-atari of a
    /// chain of three or more stones unless the search chose it). A pass gives way to an
    /// open point ([`open_point`]); resignations and the cleanup phase stay the
    /// full-strength decisions.
    pub(super) fn rank_move(
        &mut self,
        color: Color,
        d: Decision,
        report: &Report,
        how: &Genmove,
    ) -> Decision {
        let Some(rank) = self.settings.rank else {
            return d;
        };
        let passing = d == Decision::Pass;
        if how.cleanup || !(passing || matches!(d, Decision::Play(_))) {
            return d;
        }
        let level = rank.level(self.game.size());
        let best = report.moves.first().and_then(|m| m.mv);
        let moves = self.game.moves();
        let last_at = |i: usize| match moves.len().checked_sub(i + 1).map(|j| moves[j].1) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        };
        let recent: Vec<Option<Point>> = (0..HISTORY).map(last_at).collect();
        let (last, last2) = (recent[0], recent[1]);
        // the network's share of the learned prior, as the search mixes it
        let params = self.search_params_in_force();
        let (share, symmetries) = (params.prior.net, params.net_root_symmetries);
        let game = &self.game;
        let rng = &mut self.rank_rng;
        let net = Net::embedded().filter(|_| share > 0.0);
        let pick = with_board!(game.board(), b => {
            let b = &**b;
            let mut probs = Model::embedded()
                .map(|m| m.move_probabilities(b, color, last, last2))
                .unwrap_or_default();
            if let Some(net) = net {
                let mut e = Evaluator::averaging(net, b.size(), symmetries);
                mix_into(&mut probs, e.evaluate(b, color, &recent), b.size(), share);
            }
            let allowed = |p: Point| {
                !how.barred.contains(&p)
                    && game.is_legal(color, Move::Play(p))
                    && guard_allows(b, color, p, best)
            };
            if passing {
                open_point(b, color, report, &probs, allowed)
            } else {
                draw(report, &probs, &level, rng, allowed)
            }
        });
        match pick {
            Some(p) => {
                if passing || Some(p) != best {
                    let instead = match best {
                        Some(b) if !passing => b.vertex(self.game.size()).to_string(),
                        _ => "pass".to_string(),
                    };
                    log::info!(
                        "rank {rank}: {} instead of the search's {instead}",
                        p.vertex(self.game.size())
                    );
                }
                Decision::Play(p)
            }
            None => d,
        }
    }

    /// At a rank, waits until the move has taken its pace (never past `hard`, the clock's
    /// limit).
    pub(super) fn rank_pause(&mut self, started: Instant, hard: Option<Instant>) {
        if self.settings.rank.is_none() {
            return;
        }
        let secs = self
            .settings
            .pace
            .draw(self.game.size(), &mut self.rank_rng);
        let mut until = started + Duration::from_secs_f64(secs);
        if let Some(h) = hard {
            until = until.min(h);
        }
        let now = Instant::now();
        if until > now {
            std::thread::sleep(until - now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MoveInfo;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    fn info(p: Point, visits: u64) -> MoveInfo {
        MoveInfo {
            mv: Some(p),
            visits,
            winrate: 0.5,
            score_lead: 0.0,
            prior: 0.0,
            lcb: 0.0,
            pv: vec![],
            ..MoveInfo::default()
        }
    }

    #[test]
    fn ranks_parse_print_and_order() {
        assert_eq!("30k".parse::<Rank>().unwrap(), Rank::WEAKEST);
        assert_eq!(" 1D ".parse::<Rank>().unwrap(), Rank::STRONGEST);
        assert_eq!("1k".parse::<Rank>().unwrap().step(), 29);
        for r in Rank::all() {
            assert_eq!(r.to_string().parse::<Rank>().unwrap(), r);
        }
        assert_eq!(Rank::all().count(), 31);
        for bad in [
            "",
            "k",
            "0k",
            "31k",
            "2d",
            "5",
            "-3k",
            "1.5k",
            "kk",
            "5kyu",
            "\u{663}",
            "\u{663}k",
            "5\u{e9}",
            "\u{1F600}",
        ] {
            assert!(bad.parse::<Rank>().is_err(), "{bad}");
        }
        assert!("5k".parse::<Rank>().unwrap() > "10k".parse::<Rank>().unwrap());
    }

    #[test]
    fn stronger_ranks_search_more_and_draw_sharper() {
        let mut prev: Option<Level> = None;
        for r in Rank::all() {
            let l = r.level(19);
            assert!(l.playouts >= MIN_PLAYOUTS);
            assert!((0.0..=1.0).contains(&l.policy));
            if let Some(p) = prev {
                assert!(l.playouts >= p.playouts, "{r}");
                assert!(
                    l.policy <= p.policy && l.temperature <= p.temperature,
                    "{r}"
                );
            }
            prev = Some(l);
        }
        assert_eq!(Rank::STRONGEST.level(19).playouts, 12500);
        // the anchors hold exactly, and a smaller board searches in proportion to the square
        // of its area
        let k9: Rank = "9k".parse().unwrap();
        assert_eq!(k9.level(19).playouts, 250);
        // on 9x9 a rank draws and searches as the rank three stronger on 19x19 does (6k),
        // its playouts scaled by the square of the area: 1,225 x (81 / 361)^2
        let k6: Rank = "6k".parse().unwrap();
        let (k9_9, k6_19) = (k9.level(9), k6.level(19));
        assert_eq!(k6_19.playouts, 1225);
        assert_eq!(k9_9.playouts, 62);
        assert_eq!(
            (k9_9.policy, k9_9.temperature),
            (k6_19.policy, k6_19.temperature)
        );
        // 13x13 in proportion to its area: about two ranks
        let k13 = k9.level(13);
        assert!(k13.temperature < k9.level(19).temperature && k13.temperature > k9_9.temperature);
        // the strongest rank is the strongest on every board
        assert_eq!(
            Rank::STRONGEST.level(9).temperature,
            Rank::STRONGEST.level(19).temperature
        );
        // between anchors the playouts grow geometrically: 12k is halfway from 15k to 9k
        let k12: Rank = "12k".parse().unwrap();
        assert_eq!(
            k12.level(19).playouts,
            (108.0 * 250.0_f64).sqrt().round() as u64
        );
        assert_eq!(Rank::WEAKEST.level(9).playouts, MIN_PLAYOUTS);
    }

    #[test]
    fn paces_parse_and_scale_with_the_board() {
        assert_eq!("1-3".parse::<Pace>().unwrap(), Pace { lo: 1.0, hi: 3.0 });
        assert_eq!(Pace { lo: 1.0, hi: 3.0 }.to_string(), "1-3");
        assert_eq!(Pace::NONE.to_string(), "off");
        assert_eq!("off".parse::<Pace>().unwrap(), Pace::NONE);
        assert_eq!("2".parse::<Pace>().unwrap(), Pace { lo: 2.0, hi: 2.0 });
        for bad in ["3-1", "x", "-1", "1-", "100"] {
            assert!(bad.parse::<Pace>().is_err(), "{bad}");
        }
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..100 {
            let t = "1-3".parse::<Pace>().unwrap().draw(19, &mut rng);
            assert!((1.0..=3.0).contains(&t));
            let t9 = "1-3".parse::<Pace>().unwrap().draw(9, &mut rng);
            assert!(t9 < 3.0 * 9.0 / 19.0 + 1e-9);
        }
        assert_eq!(Pace::NONE.draw(19, &mut rng), 0.0);
    }

    #[test]
    fn the_draw_follows_the_mix_and_keeps_to_the_allowed_moves() {
        let (a, b, c) = (Point(30), Point(40), Point(50));
        let report = Report {
            moves: vec![info(a, 900), info(b, 100)],
            playouts: 1000,
            ..Report::default()
        };
        // the policy likes c, the search likes a
        let probs = [(a, 0.1), (b, 0.1), (c, 0.8)];
        let mut rng = SmallRng::seed_from_u64(7);
        let count = |level: &Level, rng: &mut SmallRng, allowed: &dyn Fn(Point) -> bool| {
            let mut n = [0usize; 3];
            for _ in 0..4000 {
                let p = draw(&report, &probs, level, rng, allowed).unwrap();
                n[[a, b, c].iter().position(|&q| q == p).unwrap()] += 1;
            }
            n
        };
        // policy share 0.5, temperature 1: a 0.5, b 0.1, c 0.4
        let half = Level {
            playouts: 100,
            policy: 0.5,
            temperature: 1.0,
        };
        let n = count(&half, &mut rng, &|_| true);
        assert!((1800..2200).contains(&n[0]), "{n:?}");
        assert!((300..500).contains(&n[1]), "{n:?}");
        assert!((1400..1800).contains(&n[2]), "{n:?}");
        // a low temperature plays the mix's favourite almost always
        let sharp = Level {
            temperature: 0.1,
            ..half
        };
        assert!(count(&sharp, &mut rng, &|_| true)[0] > 3400);
        // a forbidden move is never drawn, even the search's best
        let n = count(&half, &mut rng, &|p| p != a);
        assert_eq!(n[0], 0);
        assert!(n[1] > 0 && n[2] > n[1]);
        assert_eq!(draw(&report, &probs, &half, &mut rng, |_| false), None);
    }

    #[test]
    fn guard_rails_keep_eyes_and_big_chains() {
        use crate::tactics::testutil::{pt, stones9};
        // Black C3 C4 C5 between White walls on the B and D files, White C7 above: C6 would
        // leave the four Black stones one liberty (C2), a straight four that is no nakade
        let b = stones9(
            &["C3", "C4", "C5", "G7", "J7", "H8", "H6"],
            &["B3", "B4", "B5", "B6", "D3", "D4", "D5", "D6", "C7"],
        );
        let c6 = pt("C6", 9);
        assert!(tactics::is_bad_self_atari(&b, Color::Black, c6), "{b}");
        assert!(!guard_allows(&b, Color::Black, c6, None));
        assert!(
            guard_allows(&b, Color::Black, c6, Some(c6)),
            "the search's own choice"
        );
        // a one-stone self-atari is left to the draw
        let wlone = stones9(&["E5", "F6"], &["E6", "D6", "F7"]);
        let e7 = pt("E7", 9);
        assert!(guard_allows(&wlone, Color::Black, e7, None));
        // H7 is Black's own eye: never, not even as the search's best
        let h7 = pt("H7", 9);
        assert!(b.is_eye(Color::Black, h7));
        assert!(!guard_allows(&b, Color::Black, h7, Some(h7)));
        // an ordinary move is allowed
        assert!(guard_allows(&b, Color::Black, pt("F3", 9), None));
    }

    #[test]
    fn a_rank_fills_an_open_point_rather_than_pass() {
        fn refs(v: &[String]) -> Vec<&str> {
            v.iter().map(|s| s.as_str()).collect()
        }
        use crate::tactics::testutil::{pt, stones9};
        let col = |c: char| -> Vec<String> { (1..=9).map(|r| format!("{c}{r}")).collect() };
        let (d, e, f) = (col('D'), col('E'), col('F'));
        // a Black wall on D, a White wall on F: the E file is dame, A-C and G-J are territory
        let b = stones9(&refs(&d), &refs(&f));
        let none = Report::default();
        let p = open_point(&b, Color::Black, &none, &[], |_| true).expect("the E file is open");
        assert!(e.iter().any(|v| pt(v, 9) == p), "{}", p.vertex(9));
        // the learned probabilities choose among the open points
        let e5 = pt("E5", 9);
        let probs = [(pt("B5", 9), 0.9), (e5, 0.2), (pt("E1", 9), 0.1)];
        assert_eq!(
            open_point(&b, Color::White, &none, &probs, |_| true),
            Some(e5)
        );
        // barred points are left alone, and a point the playouts give to one side is no dame
        assert_eq!(open_point(&b, Color::Black, &none, &[], |_| false), None);
        let mut owned = Report {
            ownership: vec![0.0; 1024],
            ..Report::default()
        };
        for v in &e {
            owned.ownership[pt(v, 9).idx()] = 0.9;
        }
        assert_eq!(open_point(&b, Color::Black, &owned, &[], |_| true), None);
        // with the E file filled, nothing is open: the pass stands
        let mut white = refs(&f);
        white.extend(refs(&e));
        let closed = stones9(&refs(&d), &white);
        assert_eq!(
            open_point(&closed, Color::Black, &none, &[], |_| true),
            None
        );
    }

    fn ranked(size: usize, rank: &str) -> Engine {
        let mut o = crate::engine::EngineOptions {
            size,
            ..crate::engine::EngineOptions::for_tests(None)
        };
        o.settings.rank = Some(rank.parse().unwrap());
        o.settings.pace = Pace::NONE;
        Engine::new(&o)
    }

    #[test]
    fn a_rank_searches_its_playouts_whatever_the_clock() {
        let mut e = ranked(9, "10k");
        let want = "10k".parse::<Rank>().unwrap().level(9).playouts;
        let l = e.move_limits(Color::Black);
        assert_eq!((l.playouts, l.time), (Some(want), None));
        e.time_left(Color::Black, 10.0, 1);
        let l = e.move_limits(Color::Black);
        assert_eq!(l.playouts, Some(want));
        // within the clock's hard limit, never stopped early
        let t = l.time.expect("a clock runs");
        assert!(!t.early && t.times.soft == t.times.hard, "{l:?}");
        e.set_rank(None);
        assert!(e.move_limits(Color::Black).time.is_some_and(|t| t.early));
    }

    #[test]
    fn a_weak_rank_plays_a_whole_game_within_the_guard_rails() {
        // 30k against 30k on 9x9: every stone passes the guard rails, nobody passes while
        // a third of the board is still empty, and the game ends
        let mut e = ranked(9, "30k");
        let mut differed = 0;
        for turn in 0..200 {
            if e.game().is_over() {
                break;
            }
            let c = e.game().to_move();
            let before = e.game().clone();
            let d = e.genmove(
                c,
                &Genmove {
                    play: true,
                    ..Genmove::default()
                },
                &mut |_| {},
            );
            let best = e
                .last
                .as_ref()
                .and_then(|r| r.moves.first())
                .and_then(|m| m.mv);
            match d {
                Decision::Play(p) => {
                    with_board!(before.board(), b => {
                        assert!(guard_allows(&**b, c, p, best), "turn {turn}: {p:?}");
                    });
                    if Some(p) != best {
                        differed += 1;
                    }
                }
                Decision::Pass => {
                    let stones: usize = before.board().stone_counts().iter().sum();
                    assert!(
                        3 * stones >= 2 * 81 - 81,
                        "pass at turn {turn} with {stones} stones"
                    );
                }
                Decision::Resign => {
                    assert!(turn >= 81 / 3, "resigned at turn {turn}");
                    break;
                }
            }
            assert!(turn < 199, "the game did not end");
        }
        // a 30k draws from the mix, so it often plays something other than the search's best
        assert!(differed >= 10, "{differed}");
    }
}
