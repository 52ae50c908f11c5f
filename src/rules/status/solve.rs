//! The local game of status confirmation: one target chain, its owner (the defender) and
//! the opponent (the attacker), moves restricted to one area of the board, the attacker
//! moving first. Solved by depth-first minimax with a transposition table, within a node
//! budget and a deadline.
//!
//! - [`Goal::First`]: the defender wins by reaching static first-class life
//!   ([`super::safety::secure`]) with a defender stone on every point of the target (the
//!   target may be captured on the way if all its points are taken back: F3); the attacker
//!   wins when both pass, or when play repeats.
//! - [`Goal::Second`]: the defender wins if, when both pass or play repeats, a defender
//!   stone stands on some point of the target (S1, or S2 after a capture).
//! - With `keep` set, the defender loses as soon as a target stone is captured: this tells
//!   F2 from F3 and S1 from S2.
//!
//! Ko: besides the board's simple ko, a player whose stone was captured in a ko may not
//! retake that ko (capture one stone on that point) until they have made a *ko pass*, a
//! pass allowed only while such a ban stands, which lifts all of their bans. Ordinary
//! passes end the game when two come in a row; a ko pass does not count towards that.
//! Longer cycles (several kos, sending two and returning one) are cut by situational
//! superko on plays: no play may bring back a board with the same side to move and the same
//! ko bans.

use super::safety::{secure_with, Memo, Reach, Safety, Scratch};
use crate::board::{Bitset, Board, Color, Point, UndoLog};
use ahash::AHashMap;
use std::time::Instant;

/// What the defender plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Reach first-class life (F1, F2, F3).
    First,
    /// Keep a stone on the target's points (S1, S2).
    Second,
}

/// One local game.
#[derive(Clone, Debug)]
pub struct Task<const W: usize> {
    /// The points where either side may play.
    pub area: Bitset<W>,
    /// The target chain's points.
    pub target: Bitset<W>,
    /// The target's owner.
    pub defender: Color,
    /// What the defender plays for.
    pub goal: Goal,
    /// The defender loses as soon as a target stone is captured.
    pub keep: bool,
    /// Stones settled as first-class life before the search (both colours).
    pub fixed: Bitset<W>,
    /// Multi-stone suicide is legal.
    pub multi_suicide: bool,
}

/// The search budget of one local game.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Positions to visit at most.
    pub nodes: u64,
    /// Give up at this time, if set (only judgements on a move's clock set one: a deadline
    /// makes the verdict depend on the machine's load).
    pub deadline: Option<Instant>,
}

/// The outcome of one local game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `Some(true)`: the defender wins with the attacker moving first; `None`: a limit hit.
    pub defender_wins: Option<bool>,
    /// Positions visited.
    pub nodes: u64,
    /// The deciding line from the start, as far as it was stored: each side's move that
    /// won, or where it lost, the first it tried (`None` is a pass).
    pub line: Vec<(Color, Option<Point>)>,
}

/// Solves one local game on `b` (attacker to move). `memo` keeps the static test's
/// results; it may be shared by the games of tasks with the same area and fixed stones.
pub fn solve<const W: usize, const P: usize>(
    b: &Board<W, P>,
    task: &Task<W>,
    budget: Budget,
    memo: &Memo<W>,
) -> Outcome {
    let mut s = Solver {
        task,
        budget,
        memo,
        nodes: 0,
        aborted: false,
        table: AHashMap::new(),
        pass: 0,
        judged: AHashMap::new(),
        scratch: Scratch::default(),
        parts: Color::BOTH.map(|c| outside_parts(b, task, c)),
        path: Vec::new(),
        seen: Vec::new(),
        scope: b.dilate(&task.area).or(&task.area),
        fixed_by: Color::BOTH.map(|c| task.fixed.and(b.stones(c))),
        max_depth: 0,
        cut_value: false,
        cut: false,
        log: UndoLog::with_capacity(1024),
        step_pool: Vec::new(),
        scored: Vec::new(),
    };
    let mut board = Box::new(*b);
    let root = Node {
        to_move: task.defender.opponent(),
        bans: [Bitset::EMPTY; 2],
        passes: 0,
    };
    // Iterative deepening with both bounds: lines cut at the depth limit are scored once
    // as defender losses and once as defender wins; a result that holds both ways does
    // not depend on the cut.
    let full = 2 * task.area.count() as usize + 24;
    let mut depth = 8;
    let defender_wins = loop {
        depth = depth.min(full);
        s.max_depth = depth;
        s.cut_value = false;
        s.cut = false;
        s.pass += 1;
        let (win, _) = s.search(&mut board, &root, 0);
        if s.aborted {
            break None;
        }
        if win || !s.cut {
            break Some(win);
        }
        s.cut_value = true;
        s.cut = false;
        s.pass += 1;
        let (win, _) = s.search(&mut board, &root, 0);
        if s.aborted {
            break None;
        }
        if !win {
            break Some(false);
        }
        if depth >= full {
            break None;
        }
        depth += depth / 2;
    };
    let line = if defender_wins.is_some() {
        s.line(&mut board, &root)
    } else {
        Vec::new()
    };
    Outcome {
        defender_wins,
        nodes: s.nodes,
        line,
    }
}

/// Moves of a deciding line shown at most.
const LINE_MOVES: usize = 12;

/// The parts of the outside of `task`'s area without a `c` stone that a flood from the
/// area can reach: no move of the local game changes them.
fn outside_parts<const W: usize, const P: usize>(
    b: &Board<W, P>,
    task: &Task<W>,
    c: Color,
) -> Vec<Bitset<W>> {
    let near = b.dilate(&task.area).or(&task.area);
    let near = b.dilate(&near).or(&near);
    let outside = b.on_board().and_not(&task.area).and_not(b.stones(c));
    b.regions(&outside)
        .filter(|r| r.intersects(&near))
        .take(64)
        .collect()
}

/// A position of the local game besides its board: the solver plays on one board and
/// takes each move back ([`Board::play_logged`], [`Board::undo_to`]), as the ladder reader
/// does (a 19x19 board is some 30 kilobytes: copying one for every position took a sixth
/// of the time of the slowest counted endings).
#[derive(Clone, Copy)]
struct Node<const W: usize> {
    to_move: Color,
    /// Per colour: the points of kos in which that colour's stone was captured since its
    /// last ko pass; it may not retake there.
    bans: [Bitset<W>; 2],
    /// Consecutive ordinary passes.
    passes: u8,
}

/// What a search result depends on besides the position, in increasing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Dep {
    /// Nothing: it holds for good.
    None,
    /// The depth limit of the current pass.
    Cut,
    /// The line that led to it (a repetition below, or an abort).
    Path,
}

/// What [`Solver::table`] keeps of a position.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The result when it depends neither on the path (no repetition seen below it) nor
    /// on the depth limit: true for good.
    done: Option<bool>,
    /// A result of the pass [`Solver::pass`] that depends on the depth limit (a line below
    /// was cut), with the depth left when it was found: it holds again wherever no more
    /// depth is left (with less depth the cut comes sooner, and a cut only ever scores
    /// `cut_value`, which is what made the result). Without it every subtree that meets
    /// the depth limit is searched again at each of its transpositions, which made small
    /// sekis run out of nodes.
    bound: Option<(bool, u32, u32)>,
    /// The step that decided the position (see [`Outcome::line`]), kept across passes.
    best: Option<Step>,
}

/// A move of the local game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    Play(Point),
    Pass,
    KoPass,
}

struct Solver<'a, const W: usize, const P: usize> {
    task: &'a Task<W>,
    budget: Budget,
    /// The static test's results, shared with the area's other games.
    memo: &'a Memo<W>,
    nodes: u64,
    aborted: bool,
    /// What the search learnt of each expanded position, by [`Solver::key`]: one table,
    /// so a position costs one lookup on the way in and one on the way out (three tables
    /// took a sixth of the time in probes that missed the cache).
    table: AHashMap<u64, Entry>,
    /// The pass of the iterative deepening (each bound search counts one): an
    /// [`Entry::bound`] holds in its own pass only.
    pass: u32,
    /// The static verdict of every board judged so far, by its stones' hash: a position
    /// comes back in every pass of the iterative deepening and at its transpositions, and
    /// the verdict depends on the stones alone (the task is fixed).
    judged: AHashMap<u64, Result<bool, Bitset<W>>>,
    /// Buffers of the static test.
    scratch: Scratch<W>,
    /// Per colour, the connected parts of the points outside the area without a stone
    /// of that colour that meet the area or the points next to it (see [`Reach::Scope`]).
    parts: [Vec<Bitset<W>>; 2],
    /// Keys of the positions on the current line.
    path: Vec<u64>,
    /// Board, side to move and ko bans of the positions on the current line: a play may not
    /// bring one back (situational superko), so no line goes round for ever. The bans count:
    /// a ko retaken after a ko pass brings back the board but not the game (the side that
    /// lost the ko may no longer retake at once), and cutting it there lost a living corner.
    seen: Vec<u64>,
    /// The area and the points next to it: the chains whose life the static test weighs.
    scope: Bitset<W>,
    /// Per colour, the settled stones of that colour at the start: a settled stone may
    /// still be captured in the game (F3), and an enemy stone later played on its point is
    /// not settled (it was, and a seki was read where Black could take White's F3 stone
    /// and then count its own stone there as settled).
    fixed_by: [Bitset<W>; 2],
    /// Lines end here, scored as `cut_value` (and never stored).
    max_depth: usize,
    cut_value: bool,
    /// Whether some line was cut in the current pass.
    cut: bool,
    /// The writes of the moves on the current line, taken back as the search returns.
    log: UndoLog,
    /// Lists of steps of positions searched and left, to be filled again.
    step_pool: Vec<Vec<Step>>,
    /// The candidate plays of [`Solver::moves`] with their scores, filled afresh each time.
    scored: Vec<(i32, Point)>,
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<const W: usize, const P: usize> Solver<'_, W, P> {
    /// The deciding line from `root` on `board`: the stored steps, until a position without
    /// one, a repetition or [`LINE_MOVES`] moves. The steps are played on `board` and taken
    /// back.
    fn line(&mut self, board: &mut Board<W, P>, root: &Node<W>) -> Vec<(Color, Option<Point>)> {
        let mut out = Vec::new();
        let mut seen = Vec::new();
        let mut n = *root;
        let start = self.log.mark();
        while out.len() < LINE_MOVES {
            let key = self.key(board, &n);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(step) = self.table.get(&key).and_then(|e| e.best) else {
                break;
            };
            let mover = n.to_move;
            let Some(child) = self.child(board, &n, step) else {
                break;
            };
            out.push((
                mover,
                match step {
                    Step::Play(p) => Some(p),
                    Step::Pass | Step::KoPass => None,
                },
            ));
            n = child;
        }
        board.undo_to(&mut self.log, start);
        out
    }

    /// What [`Solver::seen`] keeps of a position: its board, side to move and ko bans.
    fn seen_key(b: &Board<W, P>, n: &Node<W>) -> u64 {
        let mut k = b.hash() ^ mix(n.to_move.index() as u64);
        for (c, ban) in n.bans.iter().enumerate() {
            for (i, w) in ban.0.iter().enumerate() {
                if *w != 0 {
                    k ^= mix(w ^ mix((c * W + i) as u64 + 0x00ba_0000));
                }
            }
        }
        k
    }

    fn key(&self, b: &Board<W, P>, n: &Node<W>) -> u64 {
        let mut k = b.hash() ^ mix(n.to_move.index() as u64 + 11 * n.passes as u64 + 1);
        if let Some((p, c)) = b.ko() {
            k ^= mix(0x4b4f_0000 + 2 * p.idx() as u64 + c.index() as u64);
        }
        for (c, ban) in n.bans.iter().enumerate() {
            for (i, w) in ban.0.iter().enumerate() {
                if *w != 0 {
                    k ^= mix(w ^ mix((c * W + i) as u64 + 0x00ba_0000));
                }
            }
        }
        k
    }

    /// [`Solver::judge_now`], once per board.
    fn judge(&mut self, b: &Board<W, P>) -> Result<bool, Bitset<W>> {
        if let Some(v) = self.judged.get(&b.hash()) {
            return *v;
        }
        let v = self.judge_now(b);
        self.judged.insert(b.hash(), v);
        v
    }

    /// The static test of `c` on the area and the points next to it.
    fn secure(&mut self, b: &Board<W, P>, c: Color) -> Safety<W> {
        let t = self.task;
        let (scope, parts, scratch) = (&self.scope, &self.parts[c.index()], &mut self.scratch);
        self.memo
            .get_or(b.hash() ^ mix(c.index() as u64 + 0x5afe), || {
                secure_with(
                    b,
                    c,
                    t.multi_suicide,
                    scope,
                    &self.fixed_by[c.index()],
                    Reach::Scope(parts),
                    scratch,
                )
            })
    }

    /// The static verdict at `b`, if there is one: `Ok(true)` when the defender holds
    /// (or can put back for good) every target point with first-class life, `Ok(false)`
    /// when target points are lost for good; with the moves worth trying otherwise.
    fn judge_now(&mut self, b: &Board<W, P>) -> Result<bool, Bitset<W>> {
        let t = self.task;
        let d = t.defender;
        let own = b.stones(d);
        let missing = t.target.and_not(own);
        if t.keep && !missing.is_empty() {
            return Ok(false);
        }
        let sd = self.secure(b, d);
        if missing.is_empty() {
            if self.holds(b, &sd.alive) {
                return Ok(true);
            }
        } else if missing.and_not(&sd.territory).is_empty() {
            // F3: the lost points lie in the defender's own eye space; put them back
            if let Some(filled) = self.put_back(b, &missing, &sd) {
                // (not through the memo: a board put together by hand, seen once)
                let s2 = secure_with(
                    &filled,
                    d,
                    t.multi_suicide,
                    &self.scope,
                    &self.fixed_by[d.index()],
                    Reach::Scope(&self.parts[d.index()]),
                    &mut self.scratch,
                );
                if self.holds(&filled, &s2.alive) {
                    return Ok(true);
                }
            }
        }
        let a = d.opponent();
        let sa = self.secure(b, a);
        // target stones inside the attacker's eye space are dead
        if t.target.and(own).intersects(&sa.territory) {
            return Ok(false);
        }
        if !missing.is_empty() {
            // the defender can never put a stone back for good in the attacker's eye space,
            // nor in a space of fewer than eight points walled in by secure attacker stones
            // (no room for two eyes; the secure wall can always close in)
            let walls = sa.alive.or(&self.fixed_by[a.index()].and(b.stones(a)));
            let inside = b.on_board().and_not(&walls);
            // a secure attacker stone on the point is there for good
            let mut lost = missing.and(&sa.territory.or(&walls));
            let mut rest = missing.and_not(&lost);
            while let Some(p) = rest.first() {
                let mut seed = Bitset::EMPTY;
                seed.insert(p);
                let room = b.flood(&seed, &inside);
                rest.remove(p);
                rest = rest.and_not(&room);
                if room.count() < 8 {
                    lost = lost.or(&missing.and(&room));
                }
            }
            let gone = match t.goal {
                Goal::First => !lost.is_empty(),
                Goal::Second => missing == t.target && lost == t.target,
            };
            if gone {
                return Ok(false);
            }
        }
        // playing in either side's settled eye space changes nothing here, but for the
        // defender putting back its lost stones
        Err(t
            .area
            .and(b.empty_points())
            .and_not(&sd.territory)
            .and_not(&sa.territory)
            .or(&missing.and(b.empty_points())))
    }

    /// The board after the defender takes back `missing` (all in its settled eye space
    /// `sd.territory`): the attacker stones in the regions that hold them are captured (they
    /// cannot live there), and each lost point is filled together with the shortest way
    /// through its region to the defender's secure stones, so that it joins them (a lone
    /// stone put back amid captured points would not be secure, and the corner whose stones
    /// were taken in a bent shape was called seki). Whether the rest of the region still
    /// gives the eyes it needs is the static test's to say.
    fn put_back(
        &self,
        b: &Board<W, P>,
        missing: &Bitset<W>,
        sd: &Safety<W>,
    ) -> Option<Board<W, P>> {
        let d = self.task.defender;
        let space = b.flood(missing, &sd.territory);
        let anchor = b.dilate(&sd.alive.or(&self.fixed_by[d.index()].and(b.stones(d))));
        let mut fill = *missing;
        for m in missing.iter() {
            let mut layer = Bitset::EMPTY;
            layer.insert(m);
            let mut reached = layer;
            let mut layers = vec![layer];
            while !layer.intersects(&anchor) {
                layer = b.dilate(&layer).and(&space).and_not(&reached);
                if layer.is_empty() {
                    break;
                }
                reached = reached.or(&layer);
                layers.push(layer);
            }
            // walk back from where the way meets the secure stones
            let Some(mut p) = layer.and(&anchor).first() else {
                continue;
            };
            fill.insert(p);
            for back in layers.iter().rev().skip(1) {
                let Some(q) = b
                    .neighbors(Point(p as u16))
                    .find(|q| back.contains(q.idx()))
                else {
                    break;
                };
                p = q.idx();
                fill.insert(p);
            }
        }
        // one board put together at once (no captures), as SGF setup would
        let own: Vec<Point> = b.stones(d).or(&fill).points().collect();
        let theirs: Vec<Point> = b.stones(d.opponent()).and_not(&space).points().collect();
        let (black, white) = match d {
            Color::Black => (own, theirs),
            Color::White => (theirs, own),
        };
        Board::from_stones(b.size(), &black, &white)
    }

    /// Whether every target point holds a defender stone of a secure chain (`alive`) or of
    /// a chain through a settled stone.
    fn holds(&self, b: &Board<W, P>, alive: &Bitset<W>) -> bool {
        let t = self.task;
        let own = b.stones(t.defender);
        let fixed_own = self.fixed_by[t.defender.index()].and(own);
        t.target.iter().all(|p| {
            own.contains(p)
                && (alive.contains(p)
                    || fixed_own.contains(p)
                    || b.chain_stones(Point(p as u16)).intersects(&fixed_own))
        })
    }

    /// The result when play stops (two passes or a repetition).
    fn at_end(&self, b: &Board<W, P>) -> bool {
        match self.task.goal {
            Goal::First => false,
            Goal::Second => self.task.target.intersects(b.stones(self.task.defender)),
        }
    }

    /// Returns (defender wins, how the result depends on the line: [`Dep`]) of the
    /// position `n` on `board`, which it leaves as it found it.
    fn search(&mut self, board: &mut Board<W, P>, n: &Node<W>, depth: usize) -> (bool, Dep) {
        let t = self.task;
        self.nodes += 1;
        if self.nodes > self.budget.nodes
            || (self.nodes & 1023 == 0 && self.budget.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        if self.aborted {
            return (false, Dep::Path);
        }
        let b = &*board;
        // the tables first: a stored position was expanded before, so the static test
        // found nothing there, and a position on the line was expanded too
        let key = self.key(b, n);
        if self.path.contains(&key) {
            return (self.at_end(b), Dep::Path);
        }
        let known = self.table.get(&key).copied().unwrap_or_default();
        if let Some(v) = known.done {
            return (v, Dep::None);
        }
        let left = self.max_depth.saturating_sub(depth) as u32;
        if let Some((v, was_left, pass)) = known.bound {
            if pass == self.pass && was_left >= left {
                return (v, Dep::Cut);
            }
        }
        let open = match self.judge(b) {
            Ok(v) => return (v, Dep::None),
            Err(open) => open,
        };
        if n.passes >= 2 {
            return (self.at_end(b), Dep::None);
        }
        if depth >= self.max_depth {
            self.cut = true;
            return (self.cut_value, Dep::Cut);
        }
        self.path.push(key);
        self.seen.push(Self::seen_key(b, n));
        let me = n.to_move;
        let defending = me == t.defender;
        let mut dep = Dep::None;
        // the mover wins if some move wins for it
        let mut result = !defending;
        let mut decided_by: Option<Step> = None;
        let mut steps = self.moves(b, n, &open);
        // the step that decided this position in an earlier pass of the deepening first:
        // it most often decides it again (the order changes no result, only the nodes)
        if let Some(hint) = known.best {
            if let Some(i) = steps.iter().position(|&s| s == hint) {
                steps[..=i].rotate_right(1);
            }
        }
        for &step in &steps {
            let mark = self.log.mark();
            let Some(child) = self.child(board, n, step) else {
                continue;
            };
            // a play that brings back a board of the line with the same side to move and the
            // same ko bans is not searched (superko)
            if matches!(step, Step::Play(_)) && self.seen.contains(&Self::seen_key(board, &child)) {
                board.undo_to(&mut self.log, mark);
                dep = Dep::Path;
                continue;
            }
            let (win, d) = self.search(board, &child, depth + 1);
            board.undo_to(&mut self.log, mark);
            dep = dep.max(d);
            if self.aborted {
                break;
            }
            if decided_by.is_none() || win == defending {
                decided_by = Some(step);
            }
            if win == defending {
                result = defending;
                break;
            }
        }
        self.step_pool.push(steps);
        self.path.pop();
        self.seen.pop();
        if self.aborted {
            return (false, Dep::Path);
        }
        // a result against the cut's score does not depend on the cut: cuts only ever
        // helped the other side
        if dep == Dep::Cut && result != self.cut_value {
            dep = Dep::None;
        }
        if decided_by.is_some() || dep != Dep::Path {
            let e = self.table.entry(key).or_default();
            if decided_by.is_some() {
                e.best = decided_by;
            }
            match dep {
                Dep::None => e.done = Some(result),
                Dep::Cut => e.bound = Some((result, left, self.pass)),
                Dep::Path => {}
            }
        }
        (result, dep)
    }

    /// The position after `step` from `n`, played on `board` with its writes noted in
    /// [`Solver::log`] (the caller takes them back), or `None`, `board` unchanged, when the
    /// step is not allowed.
    fn child(&mut self, board: &mut Board<W, P>, n: &Node<W>, step: Step) -> Option<Node<W>> {
        let me = n.to_move;
        match step {
            Step::Play(p) => {
                // the checks before the move: only legal plays are played
                board.check_place(me, p).ok()?;
                let lost = board.suicide_stones(me, p);
                if lost > 0 && (!self.task.multi_suicide || lost == 1) {
                    return None;
                }
            }
            Step::KoPass if n.bans[me.index()].is_empty() => return None,
            Step::KoPass | Step::Pass => {}
        }
        let mut bans = n.bans;
        let passes = match step {
            Step::Pass => {
                board.pass_logged(&mut self.log);
                n.passes + 1
            }
            Step::KoPass => {
                bans[me.index()] = Bitset::EMPTY;
                board.pass_logged(&mut self.log);
                0
            }
            Step::Play(p) => {
                let mark = self.log.mark();
                let out = board.play_logged(me, p, &mut self.log);
                if out.captured == 1 && bans[me.index()].contains(p.idx()) {
                    board.undo_to(&mut self.log, mark);
                    return None;
                }
                if let Some((q, victim)) = board.ko() {
                    bans[victim.index()].insert(q.idx());
                }
                0
            }
        };
        Some(Node {
            to_move: me.opponent(),
            bans,
            passes,
        })
    }

    /// The steps to try at `n`, the likeliest winners first.
    fn moves(&mut self, b: &Board<W, P>, n: &Node<W>, open: &Bitset<W>) -> Vec<Step> {
        let t = self.task;
        let me = n.to_move;
        let defending = me == t.defender;
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        let target_libs = {
            let mut l = Bitset::<W>::EMPTY;
            for p in t.target.and(b.stones(t.defender)).iter() {
                l = l.or(b.chain_libs(Point(p as u16)));
            }
            l
        };
        // with the whole target gone, the defender plays where its points can be won
        // back: in the space without defender stones that holds them (the captured eye
        // space, with the attacker's stones in it) and next to it. Nearer than that, the
        // defender could not shape the space it has just cleared into two eyes (a lone
        // stone that took back a square four in the corner found no first-class life).
        let gone = !t.target.intersects(b.stones(t.defender));
        let mut allowed = *open;
        if defending && gone {
            let space = b.flood(&t.target, &t.area.and_not(b.stones(me)));
            allowed = allowed.and(&b.dilate(&space).or(&space));
        }
        for i in allowed.iter() {
            let p = Point(i as u16);
            // never fill a one-point eye of a single own chain that is not in atari
            // (filling between two own chains connects them, which may be the point)
            if let Some(first) = b.neighbors(p).next() {
                let head = b.chain_head(first);
                if b.neighbors(p).all(|q| {
                    b.color_at(q) == Some(me) && b.chain_head(q) == head && b.lib_count(q) > 1
                }) {
                    continue;
                }
            }
            let mut score = 0;
            for q in b.neighbors(p) {
                match b.color_at(q) {
                    Some(c) if c != me => {
                        let libs = b.lib_count(q);
                        if libs == 1 {
                            score += 100; // capture
                        } else if libs == 2 {
                            score += 20; // atari
                        }
                    }
                    Some(_) => {
                        if b.lib_count(q) == 1 {
                            score += 50; // save
                        }
                    }
                    None => score += 2,
                }
            }
            if target_libs.contains(i) {
                score += 10;
            }
            scored.push((score, p));
        }
        // the keys are unique (one per point): any sort gives the same order
        scored.sort_unstable_by_key(|&(s, p)| (-s, p));
        let plays = scored.iter().map(|&(_, p)| Step::Play(p));
        let mut steps = self.step_pool.pop().unwrap_or_default();
        steps.clear();
        // passing first where it is most often right: the attacker of first-class life
        // (the defender must make its eyes unaided), the defender of second-class life
        let pass_first = match t.goal {
            Goal::First => !defending,
            Goal::Second => defending,
        };
        if pass_first {
            steps.push(Step::Pass);
            steps.extend(plays);
        } else {
            steps.extend(plays);
            steps.push(Step::Pass);
        }
        if !n.bans[me.index()].is_empty() {
            steps.push(Step::KoPass);
        }
        self.scored = scored;
        steps
    }
}
