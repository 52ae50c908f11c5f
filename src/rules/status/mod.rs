//! Status confirmation: life, death and seki of every chain at the end of a game by the
//! procedure Sekiguchi Harutoshi set out for Japanese rules ("Study of Go rules - theory and
//! history", 2007).
//!
//! For a chain of Black (White likewise):
//! - **first-class life** if (F1) it has two eyes White may not fill, or (F2) it reaches F1
//!   even after White moves first, or (F3) after White captures Black stones all of them
//!   can be put back for good;
//! - else **second-class life** if (S1) even after White moves first it is never captured,
//!   or (S2) after a capture at least one of its stones can be put back for good;
//! - else **none**.
//!
//! First-class life is alive, second-class life is seki, and none is dead when the chain
//! is surrounded by White stones of first-class life only, seki otherwise. Under area
//! counting a chain of class none beside White stones in seki is dead too (taking it costs
//! White nothing), unless it reaches living Black stones, has an eye of its own, or touches
//! a White chain of class none (docs/rules.md).
//!
//! The playout estimate itself, its simple-seki reading and the cache of the last
//! judgement are in [`estimate`]; with this module they are the one place where dead
//! stones and seki are decided for scoring.
//!
//! How: [`safety::secure`] (Benson's unconditional life plus a rule for large empty eye
//! spaces) settles most of the board at once; enemy stones inside an area of one colour
//! with at least [`LARGE_REGION`] empty points, whose stones the playout estimate calls
//! dead with the area's owner moving first, are taken off first, so that the area counts
//! as eye space. What is left splits into areas, each bounded by settled stones, and every
//! chain in an area is decided by the local game of [`solve`] (the ko
//! rule of confirmation included), areas in parallel. A chain whose local game hits a limit
//! (area too large, node budget, time) takes the playout estimate's status, and the log
//! says so.

pub mod estimate;
pub mod race;
pub mod safety;
pub mod solve;

use super::ruleset::{Rules, Scoring, SuicideRule};
use super::score::{Status, StatusMap};
use super::Game;
use crate::board::{Bitset, Board, Color, Point};
use crate::with_board;
use rayon::prelude::*;
use safety::{secure, Memo, Safety, LARGE_REGION};
use solve::{solve, Budget, Goal, Task};
use std::fmt;
use std::time::{Duration, Instant};

/// A large area of one colour is invaded, and its enemy stones are judged as invaders
/// (the area's owner moving first), when it holds at least this many empty points for each
/// enemy stone. An area of one colour is any space its stones alone border, so in an open
/// ending the whole of the other side's position can be one: its stones are no invaders.
/// On the Tom 9d endings, judging them as invaders called 17 of 366 sampled games
/// wrong that the mean of both sides counts right; judging every area so called two lone
/// stones of a sparse 13x13 record of bench/score.py alive. Any ratio from 2 to 8 counts
/// both right.
const INVADED: u32 = 4;

/// The class of life a chain reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// First-class life (F1, F2, F3): alive.
    First,
    /// Second-class life (S1, S2): seki.
    Second,
    /// No life: dead, or seki when not surrounded by first-class enemy stones only (under
    /// area counting, only next to living own stones, with an eye, or beside an enemy chain
    /// without life).
    None,
    /// Not decided (a limit was hit): the playout estimate's status stands.
    Unknown,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::First => "first-class",
            Class::Second => "second-class",
            Class::None => "none",
            Class::Unknown => "unknown",
        })
    }
}

/// The verdict on one chain.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainVerdict {
    /// The chain's stones, in increasing point order.
    pub stones: Vec<Point>,
    /// Their colour.
    pub color: Color,
    /// The class of life found.
    pub class: Class,
    /// The final status.
    pub status: Status,
    /// Why, in the procedure's terms (for example "F2: two eyes even after White moves first").
    pub reason: String,
    /// Whether the status is the playout estimate's (no local game decided it).
    pub estimated: bool,
}

/// The verdict on a whole position.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirmation {
    /// One verdict per chain, ordered by each chain's lowest point.
    pub verdicts: Vec<ChainVerdict>,
    /// The statuses of every stone, as scoring takes them.
    pub status: StatusMap,
    /// Positions searched by the local games.
    pub nodes: u64,
    /// Chains whose status came from the playout estimate (limit hit, or dead stones in a
    /// large area).
    pub estimated: usize,
}

/// Budgets of one confirmation. They count work, not time, so that a verdict does not
/// depend on the machine's load or core count: every local game gets a node budget fixed
/// before any of them starts.
#[derive(Clone, Copy, Debug)]
pub struct ConfirmLimits {
    /// Positions the local games of one chain may visit together at one level of one
    /// part of its area (see `AreaReader::read_area`).
    pub nodes: u64,
    /// Positions all local games together may visit: split evenly over the chains to
    /// decide (never more than `nodes` each), so the split does not depend on the order in
    /// which the areas are read; within an area, its chains' shares are spent by the games
    /// in the order they run, and a chain whose turn comes after they are spent is left to
    /// the estimate.
    pub work: u64,
    /// Empty points an area may have to be searched at all; larger areas are decided by
    /// counting liberties when they are a two-chain race ([`race`]), else by the estimate.
    pub max_area: u32,
    /// Empty points an area may have for its chains to get their full share; the chains
    /// of a larger area (up to `max_area`) get only the first level's eighth of it. On
    /// bench/score.py's 102 records, of 63 games in areas of 21-24 empty points the first
    /// level decided 4 and the full share none (it cost 1.1 million nodes, a record more
    /// than a second).
    pub full_area: u32,
    /// Wall time for all local games together; `Duration::MAX` (the default) sets none.
    /// Only a judgement on a move's clock sets one.
    pub time: Duration,
}

impl Default for ConfirmLimits {
    /// The budgets for a 19x19 board (see [`ConfirmLimits::for_size`]).
    fn default() -> Self {
        ConfirmLimits::for_size(19)
    }
}

impl ConfirmLimits {
    /// The budgets for a board of `size`, by work alone: 50,000 positions a chain (all its
    /// local games together) and 100,000 for the board on 19x19 (the 200,000 before
    /// took up to 1.6 s on one core on the Tom 9d endings, and gave the recorded result in
    /// 3 fewer of 366 sampled games: the chains it decided beyond 100,000 were mostly the
    /// ones a local game reads wrong in an open human ending); 200,000 and 800,000 on
    /// boards below 15x15, where a position has few chains and an exact verdict is what a
    /// user asks for.
    pub fn for_size(size: usize) -> ConfirmLimits {
        let small = size < 15;
        ConfirmLimits {
            nodes: if small { 200_000 } else { 50_000 },
            work: if small { 800_000 } else { 100_000 },
            max_area: 24,
            full_area: 20,
            time: Duration::MAX,
        }
    }
}

/// Confirms the status of every chain of `game`'s position. `estimate` gives the playout
/// estimate of the statuses; it is called at most once, and only when some chain needs it.
pub fn confirm<E: Into<Estimated>>(
    game: &Game,
    limits: &ConfirmLimits,
    estimate: impl FnOnce() -> E,
) -> Confirmation {
    let (verdicts, nodes, estimated) =
        with_board!(game.board(), b => confirm_on(&**b, game.rules(), limits, estimate));
    let mut status = StatusMap::new(game.board());
    for v in &verdicts {
        for &p in &v.stones {
            status.set(p, v.status);
        }
    }
    Confirmation {
        verdicts,
        status,
        nodes,
        estimated,
    }
}

/// The playout estimate's verdict on the stones, with how sure it is of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimated {
    /// The status of every stone.
    pub status: StatusMap,
    /// Per point index, how sure the estimate is of its verdict on the stone there (from
    /// 0.5, a coin flip, to 1), where it says; empty when it does not.
    pub sure: Vec<Option<f64>>,
    /// Playouts a side behind the verdict.
    pub playouts: u64,
    /// The status of every stone from the searches in which its opponent moves first
    /// alone: what enemy stones inside a large area are judged by, since they live only if
    /// they live after the area's owner moves first.
    pub invader: StatusMap,
}

impl From<StatusMap> for Estimated {
    fn from(status: StatusMap) -> Estimated {
        Estimated {
            invader: status.clone(),
            status,
            sure: Vec::new(),
            playouts: 0,
        }
    }
}

/// The playout estimate, asked for once when first needed.
struct Estimate<E: Into<Estimated>, F: FnOnce() -> E> {
    make: Option<F>,
    map: Option<Estimated>,
}

impl<E: Into<Estimated>, F: FnOnce() -> E> Estimate<E, F> {
    fn get(&mut self) -> Option<&Estimated> {
        if let Some(f) = self.make.take() {
            self.map = Some(f().into());
        }
        self.map.as_ref()
    }

    /// The estimate's status of a chain (the status of most of its stones), and how it
    /// reads in a verdict's reason: the status, and how sure the estimate is of it.
    fn chain_status(&mut self, stones: &[Point]) -> (Status, String) {
        self.status_in(stones, false)
    }

    /// [`Estimate::chain_status`], or for an `invader` of a large enemy area its status
    /// from the searches in which the area's owner moves first ([`Estimated::invader`]).
    fn status_in(&mut self, stones: &[Point], invader: bool) -> (Status, String) {
        let Some(e) = self.get() else {
            return (Status::Alive, status_word(Status::Alive).to_string());
        };
        let m = if invader { &e.invader } else { &e.status };
        let count = |s| stones.iter().filter(|&&p| m.get(p) == s).count();
        let (dead, seki) = (count(Status::Dead), count(Status::Seki));
        let alive = stones.len() - dead - seki;
        let st = if dead > alive.max(seki) {
            Status::Dead
        } else if seki > alive {
            Status::Seki
        } else {
            Status::Alive
        };
        let sure: Vec<f64> = stones
            .iter()
            .filter_map(|p| e.sure.get(p.idx()).copied().flatten())
            .collect();
        let word = status_word(st);
        if sure.is_empty() {
            return (st, word.to_string());
        }
        let mean = sure.iter().sum::<f64>() / sure.len() as f64;
        (
            st,
            format!("{word} (sure {mean:.2}, {} playouts a side)", e.playouts),
        )
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A chain waiting for its local games.
struct Pending<const W: usize> {
    stones: Bitset<W>,
    color: Color,
}

/// What one confirmation works on: the board (dead stones in large areas taken off), the
/// rules' suicide setting, the verdicts so far and the estimate.
struct Confirming<'a, const W: usize, const P: usize, E: Into<Estimated>, F: FnOnce() -> E> {
    work: Board<W, P>,
    multi: bool,
    /// The rules' `teire_presumed`.
    teire: bool,
    /// Whether the rules count area (stones and territory alike).
    area: bool,
    limits: &'a ConfirmLimits,
    deadline: Option<Instant>,
    est: Estimate<E, F>,
    verdicts: Vec<ChainVerdict>,
    /// Chains whose status came from the estimate.
    estimated: usize,
}

/// What the static test settled: per colour its result, and the stones of both.
struct Settled<const W: usize> {
    safe: [Safety<W>; 2],
    stones: Bitset<W>,
}

/// A chain's class from its local games, the reason and the nodes they took.
type Decided = (Class, String, u64);

/// The chains left to local games and the class each got.
struct Read<const W: usize> {
    pending: Vec<Pending<W>>,
    decided: Vec<Decided>,
}

fn confirm_on<const W: usize, const P: usize, E: Into<Estimated>>(
    b: &Board<W, P>,
    rules: &Rules,
    limits: &ConfirmLimits,
    estimate: impl FnOnce() -> E,
) -> (Vec<ChainVerdict>, u64, usize) {
    let start = Instant::now();
    let mut c = Confirming {
        work: *b,
        multi: rules.suicide == SuicideRule::MultiStoneAllowed,
        teire: rules.teire_presumed,
        area: rules.scoring == Scoring::Area,
        limits,
        deadline: start.checked_add(limits.time),
        est: Estimate {
            make: Some(estimate),
            map: None,
        },
        verdicts: Vec::new(),
        estimated: 0,
    };
    c.take_off_dead_in_large_areas();
    let settled = c.settle_statically();
    let read = c.read_areas(&settled);
    let nodes = read.decided.iter().map(|d| d.2).sum();
    let at_limit = c.statuses(&settled, &read);
    c.verdicts.sort_by_key(|v| v.stones.first().copied());
    log::info!(
        "status confirmation: {} chains, {} nodes, {} from the estimate ({} at a limit), {:.0} ms",
        c.verdicts.len(),
        nodes,
        c.estimated,
        at_limit,
        start.elapsed().as_secs_f64() * 1000.0
    );
    (c.verdicts, nodes, c.estimated)
}

impl<const W: usize, const P: usize, E: Into<Estimated>, F: FnOnce() -> E>
    Confirming<'_, W, P, E, F>
{
    /// Phase 1: enemy stones in large areas that the estimate calls dead come off the
    /// board (up to three times, as taking some off can make another area large).
    fn take_off_dead_in_large_areas(&mut self) {
        let all = self.work.on_board();
        for _ in 0..3 {
            let work = &self.work;
            let safe = Color::BOTH.map(|c| secure(work, c, self.multi, &all, &Bitset::EMPTY));
            let mut gone = Bitset::<W>::EMPTY;
            for c in Color::BOTH {
                let o = c.opponent();
                let not_own = all.and_not(work.stones(c));
                for region in work.regions(&not_own) {
                    let inside = region.and(work.stones(o));
                    if region.and(work.empty_points()).count() < LARGE_REGION
                        || inside.is_empty()
                        || inside.intersects(&safe[o.index()].alive)
                        || !work.dilate(&region).intersects(work.stones(c))
                    {
                        continue;
                    }
                    // an invasion: few enemy stones in a large space, each judged with the
                    // area's owner moving first; many (a whole side of an open ending,
                    // bordered by the other's stones) are judged like any other chain
                    let invaded =
                        inside.count() * INVADED <= region.and(work.empty_points()).count();
                    for chain in work.chains(&inside) {
                        let stones: Vec<Point> = chain.points().collect();
                        let (st, said) = self.est.status_in(&stones, invaded);
                        if st != Status::Dead {
                            continue;
                        }
                        log::info!(
                            "status: {} {} taken as dead on the playout estimate (inside a large {} area)",
                            name(o),
                            stones.len(),
                            name(c)
                        );
                        self.estimated += 1;
                        self.verdicts.push(ChainVerdict {
                            stones,
                            color: o,
                            class: Class::None,
                            status: Status::Dead,
                            reason: format!(
                                "none (playout estimate: {said}): dead inside a large {} area",
                                name(c)
                            ),
                            estimated: true,
                        });
                        gone = gone.or(&chain);
                    }
                }
            }
            if gone.is_empty() {
                break;
            }
            match without(work, &gone) {
                Some(w) => self.work = w,
                None => break,
            }
        }
    }

    /// Phase 2: what the static test settles (first-class life, and the enemy stones in
    /// its eye space).
    fn settle_statically(&mut self) -> Settled<W> {
        let work = &self.work;
        let all = work.on_board();
        let safe = Color::BOTH.map(|c| secure(work, c, self.multi, &all, &Bitset::EMPTY));
        for c in Color::BOTH {
            let s = &safe[c.index()];
            for chain in work.chains(&s.alive) {
                let reason = if chain.intersects(&s.by_large) {
                    format!(
                        "F2: a large eye space, two eyes even after {} moves first",
                        name(c.opponent())
                    )
                } else {
                    format!(
                        "F1: two eyes {} can never fill (unconditional life)",
                        name(c.opponent())
                    )
                };
                self.verdicts
                    .push(verdict(&chain, c, Class::First, Status::Alive, reason));
            }
            let o = c.opponent();
            for chain in work.chains(&s.territory.and(work.stones(o))) {
                let reason = format!(
                    "none: inside the eye space of first-class {} stones",
                    name(c)
                );
                self.verdicts
                    .push(verdict(&chain, o, Class::None, Status::Dead, reason));
            }
        }
        Settled {
            stones: safe[0].alive.or(&safe[1].alive),
            safe,
        }
    }

    /// Phase 3: the rest splits into areas, and each chain in them gets its local games.
    /// The chains a round finds first-class join the settled stones, so that their area splits
    /// at them and the chains next to them are read again in their own, smaller part (a small
    /// seki beside an unsettled but living group is then read on its own points, not
    /// together with every line of the group's eye space). Areas are read in parallel,
    /// the chains of one area one after another in a fixed order, so that the verdicts do
    /// not depend on the number of threads.
    fn read_areas(&self, settled: &Settled<W>) -> Read<W> {
        let work = &self.work;
        let all = work.on_board();
        let open = all
            .and_not(&settled.stones)
            .and_not(&settled.safe[0].territory)
            .and_not(&settled.safe[1].territory);
        let mut pending: Vec<Pending<W>> = Vec::new();
        for c in Color::BOTH {
            for chain in work.chains(&open.and(work.stones(c))) {
                pending.push(Pending {
                    stones: chain,
                    color: c,
                });
            }
        }
        // every chain's share of the work, fixed before any game runs
        let limits = self.limits;
        let share = limits
            .nodes
            .min(limits.work / pending.len().max(1) as u64)
            .max(1);
        let areas: Vec<Bitset<W>> = work.regions(&open).collect();
        let unread = (Class::Unknown, String::new(), 0);
        let mut decided: Vec<Decided> = vec![unread; pending.len()];
        let reader = AreaReader {
            work,
            multi: self.multi,
            limits: self.limits,
            deadline: self.deadline,
        };
        let results: Vec<Vec<(usize, Decided)>> = areas
            .par_iter()
            .map(|area| reader.read_area(area, &pending, &settled.stones, share))
            .collect();
        for (k, r) in results.into_iter().flatten() {
            decided[k] = r;
        }
        Read { pending, decided }
    }

    /// Phase 4: classes to statuses (a chain without life is dead when surrounded by
    /// first-class enemy stones, and under area counting also, eyeless, beside enemy stones
    /// in seki); returns how many chains were left at a limit.
    fn statuses(&mut self, settled: &Settled<W>, read: &Read<W>) -> usize {
        let work = &self.work;
        // the stones of first-class and of undecided chains, and per colour the empty
        // points and the stones of chains without life
        let mut first = settled.stones;
        let mut undecided = Bitset::<W>::EMPTY;
        let mut lifeless = [*work.empty_points(); 2];
        for (pc, (class, _, _)) in read.pending.iter().zip(&read.decided) {
            match class {
                Class::First => first = first.or(&pc.stones),
                Class::Unknown => undecided = undecided.or(&pc.stones),
                Class::None => {
                    let l = &mut lifeless[pc.color.index()];
                    *l = l.or(&pc.stones);
                }
                Class::Second => {}
            }
        }
        for v in &self.verdicts {
            if v.class == Class::None {
                let l = &mut lifeless[v.color.index()];
                for p in &v.stones {
                    l.insert(p.idx());
                }
            }
        }
        let mut at_limit = 0;
        let mut area_verdicts = Vec::new();
        // the chains dead under area counting beside enemy stones without first-class
        // life: index into `area_verdicts`, their stones, and the stones around them
        let mut taken: Vec<(usize, Bitset<W>, Bitset<W>)> = Vec::new();
        for (pc, (class, why, _)) in read.pending.iter().zip(&read.decided) {
            let stones: Vec<Point> = pc.stones.points().collect();
            let o = pc.color.opponent();
            let estimated_before = self.estimated;
            let (status, reason) = match class {
                Class::First => (Status::Alive, why.clone()),
                Class::Second => (Status::Seki, why.clone()),
                Class::None => {
                    // through empty points and own stones without life, to the stones
                    // around; an undecided own chain the estimate calls dead has no life
                    // either, and the flood goes on through it (on the Tom 9d endings a
                    // dead stone beside such a chain was called seki, and the area around
                    // it nobody's)
                    let est = &mut self.est;
                    let mut through = lifeless[pc.color.index()];
                    let around = loop {
                        let reach = work.flood(&pc.stones, &through);
                        let around = work.dilate(&reach).and_not(&reach);
                        let before = through;
                        for chain in work.chains(&around.and(work.stones(pc.color))) {
                            if chain.intersects(&undecided)
                                && est.chain_status(&chain.points().collect::<Vec<_>>()).0
                                    == Status::Dead
                            {
                                through = through.or(&chain);
                            }
                        }
                        if through == before {
                            break around;
                        }
                    };
                    let own_alive = around.intersects(work.stones(pc.color));
                    // an undecided enemy chain counts as first-class when the estimate
                    // calls it alive
                    // per enemy chain around: first-class, and the estimate's status of
                    // an undecided one
                    let enemies: Vec<(bool, Option<Status>)> = work
                        .chains(&around.and(work.stones(o)))
                        .map(|chain| {
                            let est_status = chain
                                .intersects(&undecided)
                                .then(|| est.chain_status(&chain.points().collect::<Vec<_>>()).0);
                            (chain.intersects(&first), est_status)
                        })
                        .collect();
                    // the local games read the undecided enemy chains as able to fight:
                    // when the estimate calls one of them dead, "none" was read against
                    // stones that are not there, and the estimate judges this chain too
                    let against_dead = enemies.iter().any(|&(_, s)| s == Some(Status::Dead));
                    let all_first = !own_alive
                        && enemies
                            .iter()
                            .all(|&(first, s)| first || s == Some(Status::Alive));
                    if against_dead {
                        self.estimated += 1;
                        let (st, said) = self.est.chain_status(&stones);
                        (
                            st,
                            format!(
                                "none, but next to undecided {} stones the estimate calls dead; playout estimate: {said}{why}",
                                name(o)
                            ),
                        )
                    } else if all_first {
                        (
                            Status::Dead,
                            format!("none: surrounded by first-class {} stones{why}", name(o)),
                        )
                    } else if self.teire && teire_left_out(work, &pc.stones, &first) {
                        (
                            Status::Alive,
                            format!(
                                "none, but each of its liberties is an eye of its own beside first-class {} stones: alive, as players count it (the connecting move they leave out is presumed){why}",
                                name(pc.color)
                            ),
                        )
                    } else if self.area && taken_in_own_eye(work, &pc.stones) {
                        (
                            Status::Dead,
                            format!(
                                "none: in atari inside an eye of {} stones, which take it there at no cost to their liberties (dead under area counting){why}",
                                name(o)
                            ),
                        )
                    } else if own_alive {
                        (
                            Status::Seki,
                            format!(
                                "none, but not surrounded by {} stones alone (next to living {} stones): seki{why}",
                                name(o),
                                name(pc.color)
                            ),
                        )
                    } else if self.area && !has_own_eye(work, &pc.stones, pc.color) {
                        taken.push((area_verdicts.len(), pc.stones, around));
                        (
                            Status::Dead,
                            format!(
                                "none, without an eye: the {} stones around it have no first-class life, but under area counting taking it costs them nothing (dead under area counting){why}",
                                name(o)
                            ),
                        )
                    } else {
                        (
                            Status::Seki,
                            format!(
                                "none, but next to {} stones without first-class life: seki{why}",
                                name(o)
                            ),
                        )
                    }
                }
                Class::Unknown => {
                    self.estimated += 1;
                    at_limit += 1;
                    let (st, said) = self.est.chain_status(&stones);
                    log::info!(
                        "status: {} chain at {:?} undecided ({why}); playout estimate: {said}",
                        name(pc.color),
                        stones.first()
                    );
                    (st, format!("{why}; playout estimate: {said}"))
                }
            };
            area_verdicts.push(ChainVerdict {
                stones,
                color: pc.color,
                class: *class,
                status,
                reason,
                estimated: self.estimated > estimated_before,
            });
        }
        // two such chains of opposite colours next to each other: whichever side moves
        // first takes the other, so neither is dead (seki, as the procedure has it)
        // (a chain's surroundings hold no stone of its own colour without life: touching
        // stones of the same colour are one chain, or the flood went through them)
        let mutual: Vec<usize> = taken
            .iter()
            .filter(|(_, _, around)| taken.iter().any(|(_, other, _)| around.intersects(other)))
            .map(|t| t.0)
            .collect();
        for k in mutual {
            let v = &mut area_verdicts[k];
            v.status = Status::Seki;
            v.reason = format!(
                "none, next to {} stones without life either: whichever side moves first takes the other, seki",
                name(v.color.opponent())
            );
        }
        self.verdicts.extend(area_verdicts);
        at_limit
    }
}

/// Whether every liberty of `chain` is an eye of its own: an empty point whose other
/// neighbours are all stones of the chain's colour in `first` (first-class). The enemy can
/// take such a chain only by playing into that eye, and the owner's answer (connecting
/// there, a teire) is a move players leave out at the end of a game; under
/// `Rules::teire_presumed` the chain counts alive, its eye the owner's territory.
fn teire_left_out<const W: usize, const P: usize>(
    work: &Board<W, P>,
    chain: &Bitset<W>,
    first: &Bitset<W>,
) -> bool {
    let Some(c) = chain.points().next().and_then(|p| work.color_at(p)) else {
        return false;
    };
    let libs = work.dilate(chain).and(work.empty_points());
    !libs.is_empty()
        && libs.points().all(|l| {
            work.neighbors(l).all(|q| {
                chain.contains(q.idx()) || (work.color_at(q) == Some(c) && first.contains(q.idx()))
            })
        })
}

/// Whether `chain` is in atari and its one liberty is walled by enemy chains alone, none of
/// them in atari: the enemy captures it by playing inside its own eye, and the chains the
/// capturing stone joins lose that liberty but gain the captured points, so even a group
/// in seki takes it safely. Sekiguchi's procedure calls such a chain seki when the enemy
/// stones around have no first-class life (a stone thrown into the eye of a group living in
/// seki); under area counting the capture costs nothing, and on the Tom 9d counted endings
/// the records and GNU Go take the stone off. A wall in atari itself is taken at the same
/// point when the chain's side moves first: the point is then a fight, not a free capture.
fn taken_in_own_eye<const W: usize, const P: usize>(work: &Board<W, P>, chain: &Bitset<W>) -> bool {
    let Some((p, c)) = chain
        .points()
        .next()
        .and_then(|p| Some((p, work.color_at(p)?)))
    else {
        return false;
    };
    let (1, Some(l)) = (work.lib_count(p), work.chain_libs(p).points().next()) else {
        return false;
    };
    let mut walls = work
        .neighbors(l)
        .filter(|q| !chain.contains(q.idx()))
        .peekable();
    walls.peek().is_some()
        && walls.all(|q| work.color_at(q) == Some(c.opponent()) && work.lib_count(q) >= 2)
}

/// Whether some liberty of `chain` is an eye of its colour: an empty point whose
/// neighbours are all stones of that colour. A chain without life that has one is most
/// often lost only in a race its owner wins or makes seki when moving first (one eye
/// against one, the suite's SC31), and keeps the procedure's seki under area counting; an
/// eyeless one beside a group in seki (a lone stone, an invader) is taken at no cost.
fn has_own_eye<const W: usize, const P: usize>(
    work: &Board<W, P>,
    chain: &Bitset<W>,
    color: Color,
) -> bool {
    work.dilate(chain)
        .and(work.empty_points())
        .points()
        .any(|l| work.neighbors(l).all(|q| work.color_at(q) == Some(color)))
}

/// What the local games of an area read: the board and the budgets (apart from the
/// estimate, so that areas can be read on several threads).
struct AreaReader<'a, const W: usize, const P: usize> {
    work: &'a Board<W, P>,
    multi: bool,
    limits: &'a ConfirmLimits,
    deadline: Option<Instant>,
}

impl<const W: usize, const P: usize> AreaReader<'_, W, P> {
    /// The local games of the chains of one area (see `Confirming::read_areas`), as
    /// (index into `pending`, class, reason, nodes). Two levels of budget: every chain
    /// first gets an eighth of its share, then the chains found without life come off the
    /// board and the chains still undecided get their full share. Chains are read largest
    /// first; once every undecided chain of a part has been read at the first level, the
    /// chains found first-class split it, and each new part starts again at the first
    /// level (for the chains that did not run out there before). Splitting at the first
    /// chain found on the first level, before the others were read, was wrong on 11 of the
    /// exhaustive suite's 541 positions; on the full share the part splits at the first
    /// chain found. All games of the area together spend at most its chains' shares.
    fn read_area(
        &self,
        area: &Bitset<W>,
        pending: &[Pending<W>],
        settled: &Bitset<W>,
        share: u64,
    ) -> Vec<(usize, Decided)> {
        let work = self.work;
        let limits = self.limits;
        let (multi, deadline) = (self.multi, self.deadline);
        let mut order: Vec<usize> = (0..pending.len())
            .filter(|&k| pending[k].stones.intersects(area))
            .collect();
        order.sort_by_key(|&k| std::cmp::Reverse(pending[k].stones.count()));
        let mut decided: Vec<Decided> = vec![(Class::Unknown, String::new(), 0); pending.len()];
        let mut fixed = *settled;
        // per chain: the levels at which its games ran out (1: the first, 2: both)
        let mut failed = vec![0; pending.len()];
        let mut parts = vec![*area];
        // the stones of this area's chains found first-class so far
        let mut lived = Bitset::<W>::EMPTY;
        let mut rounds = 0;
        // the area's work: its chains' shares, spent by whichever game comes first
        let mut left = share.saturating_mul(order.len() as u64);
        while let Some(part) = parts.pop() {
            rounds += 1;
            let chains: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&k| pending[k].stones.intersects(&part))
                .collect();
            let empties = part.and(work.empty_points()).count();
            // the games are played on the part and on the points of the chains found
            // first-class next to it: their stones stay settled, but a point of theirs
            // captured on the way may be played again (with those points off the area, a
            // stone of a living chain, once taken, left a hole nobody could fill, and its
            // neighbours were read as seki)
            let game_area = part.or(&lived.and(&work.dilate(&part)));
            let memo = Memo::default();
            let mut newly = Bitset::<W>::EMPTY;
            'levels: for (level, nodes) in [(share / 8).max(1), share].into_iter().enumerate() {
                if level == 1 {
                    let first = self.clear_lifeless(pending, &chains, &mut decided, &fixed);
                    if !first.is_empty() {
                        newly = first;
                        break 'levels;
                    }
                    if empties > limits.full_area {
                        break 'levels;
                    }
                }
                // a chain whose games already ran out at a level in a larger part skips
                // that level's cheaper budget, and one that ran out on the full share is
                // read after those that did not
                let mut now: Vec<usize> = chains
                    .iter()
                    .copied()
                    .filter(|&k| decided[k].0 == Class::Unknown && (level == 1 || failed[k] == 0))
                    .collect();
                now.sort_by_key(|&k| failed[k]);
                for k in now {
                    let pc = &pending[k];
                    let r = if empties > limits.max_area {
                        if level > 0 {
                            continue;
                        }
                        decide_race(work, pc, &fixed, empties)
                    } else {
                        let nodes = nodes.min(left);
                        if nodes == 0 {
                            decided[k].1 =
                                "limit: the work of its area was spent on its other chains"
                                    .to_string();
                            continue;
                        }
                        let budget = Budget { nodes, deadline };
                        decide_chain(work, &game_area, pc, &fixed, multi, budget, &memo)
                    };
                    log::debug!(
                        "status: level {level} of part {rounds}: {} chain at {:?} in an area of {} points ({empties} empty): {} after {} nodes",
                        name(pc.color),
                        pc.stones.first().map(|i| Point(i as u16).vertex(work.size()).to_string()),
                        part.count(),
                        r.0,
                        r.2
                    );
                    if r.0 == Class::Unknown && empties <= limits.max_area {
                        failed[k] = failed[k].max(level + 1);
                    }
                    left = left.saturating_sub(r.2);
                    let spent = decided[k].2 + r.2;
                    let first = r.0 == Class::First;
                    decided[k] = (r.0, r.1, spent);
                    if first {
                        newly = newly.or(&pc.stones);
                        // On the full share, the part splits at once after the chain
                        // found: the chains after it (which all ran out on the first
                        // level) are read again in the new parts, with its stones
                        // settled. Reading them here as well, on bench/score.py's
                        // records, cost 3.9 of the 6.5 million nodes, and the 55 of
                        // those 87 games that decided found what the new parts find.
                        if level == 1 {
                            break;
                        }
                    }
                }
                if !newly.is_empty() {
                    break 'levels;
                }
            }
            if newly.is_empty() {
                continue;
            }
            fixed = fixed.or(&newly);
            lived = lived.or(&newly);
            parts.extend(work.regions(&part.and_not(&newly)));
        }
        order.into_iter().map(|k| (k, decided[k].clone())).collect()
    }

    /// Between the two levels of an area's reading: the chains found without life come
    /// off the board, and an undecided chain of `chains` that the static test then finds
    /// safe lives (its eye space holds only those dead stones). Returns the stones of the
    /// chains found so.
    fn clear_lifeless(
        &self,
        pending: &[Pending<W>],
        chains: &[usize],
        decided: &mut [Decided],
        fixed: &Bitset<W>,
    ) -> Bitset<W> {
        let work = self.work;
        let lifeless_stones = pending
            .iter()
            .zip(decided.iter())
            .filter(|(_, d)| d.0 == Class::None)
            .fold(Bitset::<W>::EMPTY, |acc, (pc, _)| acc.or(&pc.stones));
        let mut found = Bitset::<W>::EMPTY;
        if lifeless_stones.is_empty() {
            return found;
        }
        let Some(clear) = without(work, &lifeless_stones) else {
            return found;
        };
        let all = work.on_board();
        let safe2 = Color::BOTH.map(|c| secure(&clear, c, self.multi, &all, fixed));
        for &k in chains {
            let (pc, d) = (&pending[k], &mut decided[k]);
            if d.0 == Class::Unknown && pc.stones.and_not(&safe2[pc.color.index()].alive).is_empty()
            {
                d.0 = Class::First;
                d.1 = format!(
                    "F2: two eyes once the {} stones without life in its eye space come off",
                    name(pc.color.opponent())
                );
                found = found.or(&pc.stones);
            }
        }
        found
    }
}

/// `b` without the stones of `gone`, if that is a position.
fn without<const W: usize, const P: usize>(
    b: &Board<W, P>,
    gone: &Bitset<W>,
) -> Option<Board<W, P>> {
    let keep = |c: Color| -> Vec<Point> { b.stones(c).and_not(gone).points().collect() };
    Board::<W, P>::from_stones(b.size(), &keep(Color::Black), &keep(Color::White))
}

/// The GTP word of a status.
pub fn status_word(s: Status) -> &'static str {
    match s {
        Status::Alive => "alive",
        Status::Dead => "dead",
        Status::Seki => "seki",
    }
}

fn verdict<const W: usize>(
    chain: &Bitset<W>,
    color: Color,
    class: Class,
    status: Status,
    reason: String,
) -> ChainVerdict {
    ChainVerdict {
        stones: chain.points().collect(),
        color,
        class,
        status,
        reason,
        estimated: false,
    }
}

/// The class of a chain in an area too large to search, when it is a two-chain capturing
/// race: by counting liberties ([`race`]). Otherwise undecided.
fn decide_race<const W: usize, const P: usize>(
    b: &Board<W, P>,
    pc: &Pending<W>,
    settled: &Bitset<W>,
    empties: u32,
) -> Decided {
    let Some(r) = race::count(b, &pc.stones, settled) else {
        return (
            Class::Unknown,
            format!("limit: an area with {empties} empty points is not searched"),
            0,
        );
    };
    let them = name(pc.color.opponent());
    let libs = format!(
        "{} outside, {} in eyes, {} shared against {} outside, {} in eyes",
        r.defender.outside, r.defender.eye, r.shared, r.attacker.outside, r.attacker.eye
    );
    if r.defender_wins(Goal::First) {
        (
            Class::First,
            format!("F2 (race, {libs}): captures the {them} chain even after {them} moves first"),
            0,
        )
    } else if r.defender_wins(Goal::Second) {
        (
            Class::Second,
            format!("S1 (race, {libs}): never captured even after {them} moves first"),
            0,
        )
    } else {
        (Class::None, format!("none (race, {libs})"), 0)
    }
}

/// The class of one chain in its area, with the reason and the nodes searched; its games
/// share `budget`.
fn decide_chain<const W: usize, const P: usize>(
    b: &Board<W, P>,
    area: &Bitset<W>,
    pc: &Pending<W>,
    fixed: &Bitset<W>,
    multi: bool,
    budget: Budget,
    memo: &Memo<W>,
) -> Decided {
    let them = name(pc.color.opponent());
    let mut spent = 0;
    // The second game of a class (the target may not be captured) tells F2 from F3 and S1
    // from S2: it changes the reason, never the class, so it gets at most a few times the
    // nodes the first took (when it ran out, the chain spent its whole share on words),
    // and is not played when less than the first took is left: on bench/score.py's
    // records, 13 of the 14 second games after a first of more than 30,000 nodes ran out
    // (348,000 nodes for no word).
    let keep_cap = |first: u64| first.saturating_mul(4).max(2_000);
    // `after`: for the second game of a class, the nodes the first took (see `keep_cap`)
    let mut run = |goal: Goal, after: Option<u64>| {
        let keep = after.is_some();
        let task = Task {
            area: *area,
            target: pc.stones,
            defender: pc.color,
            goal,
            keep,
            fixed: *fixed,
            multi_suicide: multi,
        };
        // the chain's games share its budget: what one spends the next cannot
        let left = budget.nodes.saturating_sub(spent);
        let left = after.map_or(left, |first| left.min(keep_cap(first)));
        if left == 0 || after.is_some_and(|first| left < first) {
            return (None, String::new(), 0);
        }
        let out = solve(
            b,
            &task,
            Budget {
                nodes: left,
                ..budget
            },
            memo,
        );
        spent += out.nodes;
        log::debug!(
            "status: game {goal:?} keep {keep}: {:?} after {} nodes (cap {left})",
            out.defender_wins,
            out.nodes
        );
        (out.defender_wins, line_text(&out.line, b.size()), out.nodes)
    };
    let limit = || {
        (
            Class::Unknown,
            "limit: the local search ran out".to_string(),
        )
    };
    let (class, reason) = match run(Goal::First, None) {
        (None, _, _) => limit(),
        (Some(true), line, n) => match run(Goal::First, Some(n)).0 {
            Some(true) => (
                Class::First,
                format!("F2: two eyes even after {them} moves first{line}"),
            ),
            Some(false) => (
                Class::First,
                format!("F3: lives after {them} captures, every captured stone put back{line}"),
            ),
            None => (
                Class::First,
                format!(
                    "F2 or F3: two eyes even after {them} moves first, or after {them} captures with every stone put back (which of the two was not read out){line}"
                ),
            ),
        },
        (Some(false), _, _) => match run(Goal::Second, None) {
            (None, _, _) => limit(),
            (Some(true), line, n) => match run(Goal::Second, Some(n)).0 {
                Some(true) => (
                    Class::Second,
                    format!(
                        "S1: never captured even after {them} moves first, but no two eyes{line}"
                    ),
                ),
                Some(false) => (
                    Class::Second,
                    format!("S2: after {them} captures, a stone can be put back for good{line}"),
                ),
                None => (
                    Class::Second,
                    format!(
                        "S1 or S2: never captured even after {them} moves first, or a stone put back for good after a capture (which of the two was not read out){line}"
                    ),
                ),
            },
            (Some(false), line, _) => (Class::None, line),
        },
    };
    (class, reason, spent)
}

/// The deciding line of a local game as text (`; line: B H9 W J8 B pass`), empty when
/// none was stored.
fn line_text(line: &[(Color, Option<Point>)], size: usize) -> String {
    if line.is_empty() {
        return String::new();
    }
    let moves: Vec<String> = line
        .iter()
        .map(|(c, p)| {
            let who = match c {
                Color::Black => "B",
                Color::White => "W",
            };
            match p {
                Some(p) => format!("{who} {}", p.vertex(size)),
                None => format!("{who} pass"),
            }
        })
        .collect();
    format!("; line: {}", moves.join(" "))
}

/// Tests: two one-eyed Black chains and a White pair sharing the pair's two liberties (C1,
/// E1), a seki on four empty points.
#[cfg(test)]
pub(crate) const SMALL_SEKI: &str = "
    9 . . . . . . . . .
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 . . . . . . . . .
    5 . . . . . . . . .
    4 O O O O O O O O O
    3 X X X X O O O O O
    2 . X X O X X X X O
    1 X X . O . X . X O";

/// Confirmation under `rules` of a position drawn in ASCII (tests).
#[cfg(test)]
pub(crate) fn confirm_diagram(diagram: &str, rules: Rules) -> Confirmation {
    let g = Game::from_diagram(diagram, rules).expect("diagram");
    confirm(&g, &ConfirmLimits::for_size(g.size()), || {
        g.default_status()
    })
}

#[cfg(test)]
pub(crate) mod tests;
