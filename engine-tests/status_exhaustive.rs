//! Status confirmation checked against an exhaustive solver on generated positions.
//!
//! A seeded generator fills a small box of 12 points (in a corner, on an edge or in the
//! middle of a 9x9 board) with Black and White stones and up to 10 empty points; the rest of
//! the board is two bodies, one per colour, each one chain with two one-point eyes
//! (unconditionally alive), one on each side of the box. Every chain with a stone in the box
//! is judged twice: by the engine (`tengen-status` under `traditional`, over GTP: the
//! procedure as set out; `japanese` also counts a chain whose only liberties are its own
//! eyes alive, the teire players leave out presumed, a rule of its own with its unit test)
//! and by the reference below, which knows nothing of the engine's code.
//!
//! The reference plays the local game of status confirmation out to the end: every legal
//! sequence of plays in the box, passes and ko passes, as a graph of positions (box contents,
//! side to move, ko bans, passes in a row), each position once whatever the order of the
//! moves that led to it (transpositions). It is solved exactly as a game on that graph:
//! - first-class life: the defender wins by reaching a position where every point of the
//!   chain holds a defender stone of an unconditionally alive chain (Benson's algorithm,
//!   which needs no reading); two passes, or play that never gets there, lose;
//! - second-class life: the defender wins when the chain's points are at some point for
//!   good never all empty of defender stones again (the attacker cannot force them empty
//!   infinitely often, nor at two passes): a Büchi game, solved by its fixpoint;
//! - then the module's rule: none is dead when surrounded by first-class enemy stones only,
//!   seki otherwise.
//!
//! Ko: a player whose stone was captured in a ko may not retake it until they have made a
//! ko pass (which lifts all their bans and does not count towards the two passes). A
//! position "depends on ko" when some chain's class changes where no ko may be taken at
//! all (a capture of one stone that could be retaken at once is not allowed).
//!
//! `TENGEN_TEST_BIN` runs the same positions against another build (for example the one
//! before a fix) and `STATUS_EXHAUSTIVE_REPORT=1` prints the tally instead of failing, to
//! measure how many such a build gets wrong.

mod common;

use common::Engine;
use std::collections::HashMap;

const N: usize = 9;
type Set = u128;

const fn bit(p: usize) -> Set {
    1u128 << p
}

fn neighbours(p: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (p % N, p / N);
    let mut v = [usize::MAX; 4];
    if x > 0 {
        v[0] = p - 1;
    }
    if x + 1 < N {
        v[1] = p + 1;
    }
    if y > 0 {
        v[2] = p - N;
    }
    if y + 1 < N {
        v[3] = p + N;
    }
    v.into_iter().filter(|&q| q != usize::MAX)
}

fn points(s: Set) -> impl Iterator<Item = usize> {
    let mut s = s;
    std::iter::from_fn(move || {
        (s != 0).then(|| {
            let p = s.trailing_zeros() as usize;
            s &= s - 1;
            p
        })
    })
}

/// Every point of the board.
const ALL: Set = (1u128 << (N * N)) - 1;

/// The points of the first column, then of the last.
const FIRST_COLUMN: Set = {
    let mut s = 0;
    let mut y = 0;
    while y < N {
        s |= bit(y * N);
        y += 1;
    }
    s
};
const LAST_COLUMN: Set = FIRST_COLUMN << (N - 1);

/// `s` and the points next to it.
fn dilate(s: Set) -> Set {
    (s | ((s << 1) & !FIRST_COLUMN) | ((s >> 1) & !LAST_COLUMN) | (s << N) | (s >> N)) & ALL
}

/// The connected part of `within` holding `seed`.
fn flood(seed: Set, within: Set) -> Set {
    let mut r = seed & within;
    loop {
        let next = dilate(r) & within;
        if next == r {
            return r;
        }
        r = next;
    }
}

/// Whether the chain of `own` through `seed` touches a point of `empty`, flooding only as
/// far as the first liberty.
fn has_liberty(seed: Set, own: Set, empty: Set) -> bool {
    let mut r = seed;
    loop {
        let d = dilate(r);
        if d & empty != 0 {
            return true;
        }
        let next = d & own;
        if next == r {
            return false;
        }
        r = next;
    }
}

/// A whole board: the Black stones and the White stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Cells([Set; 2]);

impl Cells {
    /// 0 empty, 1 Black, 2 White.
    fn get(&self, p: usize) -> u8 {
        if self.0[0] & bit(p) != 0 {
            1
        } else if self.0[1] & bit(p) != 0 {
            2
        } else {
            0
        }
    }

    fn set(&mut self, p: usize, c: u8) {
        self.0[0] &= !bit(p);
        self.0[1] &= !bit(p);
        if c != 0 {
            self.0[(c - 1) as usize] |= bit(p);
        }
    }

    fn stones(&self, c: u8) -> Set {
        match c {
            0 => ALL & !(self.0[0] | self.0[1]),
            _ => self.0[(c - 1) as usize],
        }
    }

    /// The chain through `p` and its liberties.
    fn chain(&self, p: usize) -> (Set, Set) {
        let chain = flood(bit(p), self.stones(self.get(p)));
        (chain, dilate(chain) & self.stones(0))
    }

    /// Plays `c` at `p` without suicide: the stones captured and the ko point (where the
    /// opponent may not retake at once), or `None` when illegal.
    fn play(&mut self, p: usize, c: u8) -> Option<(u32, Option<usize>)> {
        if self.get(p) != 0 {
            return None;
        }
        self.set(p, c);
        let (mut captured, mut last) = (0, 0);
        let (me, opp) = ((c - 1) as usize, (2 - c) as usize);
        for q in points(dilate(bit(p)) & self.0[opp]) {
            if self.0[opp] & bit(q) == 0 || has_liberty(bit(q), self.0[opp], self.stones(0)) {
                continue;
            }
            let chain = flood(bit(q), self.0[opp]);
            self.0[opp] &= !chain;
            captured += chain.count_ones();
            last = q;
        }
        if !has_liberty(bit(p), self.0[me], self.stones(0)) {
            return None;
        }
        let alone = dilate(bit(p)) & self.0[me] == bit(p);
        let ko = (captured == 1 && alone && dilate(bit(p)) & self.stones(0) == bit(last))
            .then_some(last);
        Some((captured, ko))
    }

    /// Benson's unconditionally alive stones of `c`.
    fn pass_alive(&self, c: u8) -> Set {
        let own = self.stones(c);
        let empty = self.stones(0);
        let mut chains: Vec<(Set, Set)> = Vec::new();
        let mut rest = own;
        while rest != 0 {
            let ch = self.chain(rest.trailing_zeros() as usize);
            rest &= !ch.0;
            chains.push((dilate(ch.0) & !ch.0, ch.1));
        }
        let mut regions: Vec<Set> = Vec::new();
        let mut rest = ALL & !own;
        while rest != 0 {
            let r = flood(bit(rest.trailing_zeros() as usize), ALL & !own);
            rest &= !r;
            regions.push(r);
        }
        let mut live_chain = vec![true; chains.len()];
        let mut live_region = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for (x, (around, libs)) in chains.iter().enumerate() {
                if !live_chain[x] {
                    continue;
                }
                let vital = regions
                    .iter()
                    .enumerate()
                    .filter(|&(r, reg)| {
                        live_region[r] && reg & around != 0 && reg & empty & !libs == 0
                    })
                    .count();
                if vital < 2 {
                    live_chain[x] = false;
                    changed = true;
                }
            }
            for (r, reg) in regions.iter().enumerate() {
                if live_region[r]
                    && chains
                        .iter()
                        .enumerate()
                        .any(|(x, ch)| !live_chain[x] && ch.0 & reg != 0)
                {
                    live_region[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut alive = 0;
        let mut rest = own;
        let mut x = 0;
        while rest != 0 {
            let ch = self.chain(rest.trailing_zeros() as usize).0;
            rest &= !ch;
            if live_chain[x] {
                alive |= ch;
            }
            x += 1;
        }
        alive
    }
}

/// The ko rule of a local game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ko {
    /// Confirmation: a ko taken from a player bans that player's retake until a ko pass.
    Confirmation,
    /// No ko may be taken: a capture of one stone that the other side could retake at
    /// once is not allowed.
    Forbidden,
}

/// One position of the local game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    cells: Cells,
    to_move: u8,
    passes: u8,
    /// Confirmation: per colour, the points it may not retake; simple ko: the ko point in
    /// slot 0 (plus one, 0 for none).
    bans: [Set; 2],
}

/// The graph of every position of a local game reachable from its start.
struct Graph {
    states: Vec<State>,
    succ: Vec<Vec<u32>>,
    pred: Vec<Vec<u32>>,
}

/// Positions a graph may hold; a larger game is left out of the check.
const MAX_STATES: usize = 30_000;

fn build(start: &Cells, box_points: Set, attacker: u8, ko: Ko) -> Option<Graph> {
    let root = State {
        cells: *start,
        to_move: attacker,
        passes: 0,
        bans: [0; 2],
    };
    let mut index: ahash::AHashMap<State, u32> = ahash::AHashMap::new();
    let mut g = Graph {
        states: vec![root],
        succ: Vec::new(),
        pred: Vec::new(),
    };
    index.insert(root, 0);
    let mut k = 0;
    while k < g.states.len() {
        let s = g.states[k];
        let mut next: Vec<State> = Vec::new();
        if s.passes >= 2 {
            next.push(s);
        } else {
            let me = s.to_move;
            let mi = (me - 1) as usize;
            for p in points(box_points & s.cells.stones(0)) {
                let mut cells = s.cells;
                let Some((captured, kopoint)) = cells.play(p, me) else {
                    continue;
                };
                let mut bans = s.bans;
                match ko {
                    Ko::Confirmation => {
                        if captured == 1 && bans[mi] & bit(p) != 0 {
                            continue;
                        }
                        if let Some(q) = kopoint {
                            bans[1 - mi] |= bit(q);
                        }
                    }
                    Ko::Forbidden => {
                        if kopoint.is_some() {
                            continue;
                        }
                    }
                }
                next.push(State {
                    cells,
                    to_move: 3 - me,
                    passes: 0,
                    bans,
                });
            }
            let pass = State {
                to_move: 3 - me,
                passes: s.passes + 1,
                ..s
            };
            next.push(pass);
            if ko == Ko::Confirmation && s.bans[mi] != 0 {
                let mut bans = s.bans;
                bans[mi] = 0;
                next.push(State {
                    to_move: 3 - me,
                    passes: 0,
                    bans,
                    ..s
                });
            }
        }
        let mut ids = Vec::with_capacity(next.len());
        for n in next {
            let id = match index.get(&n) {
                Some(&i) => i,
                None => {
                    let i = g.states.len() as u32;
                    if g.states.len() >= MAX_STATES {
                        return None;
                    }
                    g.states.push(n);
                    index.insert(n, i);
                    i
                }
            };
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        g.succ.push(ids);
        k += 1;
    }
    g.pred = vec![Vec::new(); g.states.len()];
    for (u, vs) in g.succ.iter().enumerate() {
        for &v in vs {
            g.pred[v as usize].push(u as u32);
        }
    }
    Some(g)
}

/// Whether the defender (the side not moving at the root) can force play into a position
/// marked `won` (a reachability game: its attractor, in one backward sweep).
fn defender_reaches(g: &Graph, attacker: u8, won: &[bool]) -> bool {
    let n = g.states.len();
    let mut left: Vec<usize> = g.succ.iter().map(|s| s.len()).collect();
    let mut inside = won.to_vec();
    let mut queue: Vec<usize> = (0..n).filter(|&v| won[v]).collect();
    while let Some(v) = queue.pop() {
        for &u in &g.pred[v] {
            let u = u as usize;
            if inside[u] {
                continue;
            }
            let take = if g.states[u].to_move == attacker {
                left[u] -= 1;
                left[u] == 0
            } else {
                true
            };
            if take {
                inside[u] = true;
                queue.push(u);
            }
        }
    }
    inside[0]
}

/// Whether the defender (the side not moving at the root) wins the Büchi game: `won` marks
/// positions the defender has won for good, `bad` those the attacker wants to visit again
/// and again.
fn defender_wins(g: &Graph, attacker: u8, won: &[bool], bad: &[bool]) -> bool {
    let n = g.states.len();
    // the positions from which the attacker forces a visit to `b` in one move or more
    let attract_plus = |b: &[bool]| -> Vec<bool> {
        let mut inx = vec![false; n];
        let mut left: Vec<usize> = g.succ.iter().map(|s| s.len()).collect();
        let mut queue: Vec<usize> = (0..n).filter(|&v| b[v]).collect();
        let mut reached = b.to_vec();
        while let Some(v) = queue.pop() {
            for &u in &g.pred[v] {
                let u = u as usize;
                if inx[u] || won[u] {
                    continue;
                }
                let take = if g.states[u].to_move == attacker {
                    true
                } else {
                    left[u] -= 1;
                    left[u] == 0
                };
                if take {
                    inx[u] = true;
                    if !reached[u] {
                        reached[u] = true;
                        queue.push(u);
                    }
                }
            }
        }
        inx
    };
    let mut b: Vec<bool> = (0..n).map(|v| bad[v] && !won[v]).collect();
    loop {
        let a = attract_plus(&b);
        let next: Vec<bool> = (0..n).map(|v| b[v] && a[v]).collect();
        if next == b {
            return !(b[0] || a[0]);
        }
        b = next;
    }
}

/// The class of life of a chain: 2 first-class, 1 second-class, 0 none.
fn class_of(g: &Graph, alive: &[Set], target: Set, defender: u8) -> u8 {
    let n = g.states.len();
    let holds = |v: usize| {
        let own = g.states[v].cells.stones(defender);
        target & !(own & alive[v]) == 0
    };
    let won: Vec<bool> = (0..n).map(holds).collect();
    if defender_reaches(g, 3 - defender, &won) {
        return 2;
    }
    let stands = |v: usize| g.states[v].cells.stones(defender) & target != 0;
    let ended = |v: usize| g.states[v].passes >= 2;
    let won: Vec<bool> = (0..n).map(|v| won[v] || (ended(v) && stands(v))).collect();
    let bad: Vec<bool> = (0..n).map(|v| !stands(v)).collect();
    u8::from(defender_wins(g, 3 - defender, &won, &bad))
}

/// The reference's verdict: per chain with a stone in the box, its stones and status.
struct Verdicts {
    chains: Vec<(Set, u8, &'static str)>,
    ko_dependent: bool,
}

fn classes(start: &Cells, box_points: Set, ko: Ko) -> Option<Vec<(Set, u8, u8)>> {
    let mut chains: Vec<(Set, u8)> = Vec::new();
    let mut seen = 0;
    for p in points(box_points) {
        let c = start.get(p);
        if c != 0 && seen & bit(p) == 0 {
            let (ch, _) = start.chain(p);
            seen |= ch;
            chains.push((ch, c));
        }
    }
    let mut out = Vec::new();
    for defender in [1u8, 2] {
        if !chains.iter().any(|&(_, c)| c == defender) {
            continue;
        }
        let g = build(start, box_points, 3 - defender, ko)?;
        // Benson's test only where some chain of the defender has a stone on every point,
        // once per board
        let mut memo: ahash::AHashMap<Cells, Set> = ahash::AHashMap::new();
        let alive: Vec<Set> = g
            .states
            .iter()
            .map(|s| {
                let own = s.cells.stones(defender);
                let full = chains
                    .iter()
                    .any(|&(ch, c)| c == defender && ch & !own == 0);
                if !full {
                    return 0;
                }
                *memo
                    .entry(s.cells)
                    .or_insert_with(|| s.cells.pass_alive(defender))
            })
            .collect();
        for &(ch, c) in &chains {
            if c == defender {
                out.push((ch, c, class_of(&g, &alive, ch, c)));
            }
        }
    }
    Some(out)
}

fn reference(start: &Cells, box_points: Set) -> Option<Verdicts> {
    let cls = classes(start, box_points, Ko::Confirmation)?;
    let no_ko = classes(start, box_points, Ko::Forbidden)?;
    let ko_dependent = cls.iter().zip(&no_ko).any(|(a, b)| a.2 != b.2);
    // first-class stones (the bodies outside the box are), and per colour the empty points
    // and the stones of chains without life
    let in_box: Set = cls.iter().fold(0, |s, c| s | c.0);
    let mut first = (start.stones(1) | start.stones(2)) & !in_box;
    let mut lifeless = [start.stones(0); 2];
    for &(ch, c, k) in &cls {
        match k {
            2 => first |= ch,
            0 => lifeless[(c - 1) as usize] |= ch,
            _ => {}
        }
    }
    let mut chains = Vec::new();
    for &(ch, c, k) in &cls {
        let status = match k {
            2 => "alive",
            1 => "seki",
            _ => {
                let through = lifeless[(c - 1) as usize];
                let (mut reach, mut stack) = (ch, points(ch).collect::<Vec<_>>());
                while let Some(q) = stack.pop() {
                    for r in neighbours(q) {
                        if through & bit(r) != 0 && reach & bit(r) == 0 {
                            reach |= bit(r);
                            stack.push(r);
                        }
                    }
                }
                let around = points(reach)
                    .flat_map(neighbours)
                    .fold(0, |s, q| s | bit(q))
                    & !reach;
                let own_alive = around & start.stones(c) != 0;
                let enemy = around & start.stones(3 - c);
                if !own_alive && enemy & !first == 0 {
                    "dead"
                } else {
                    "seki"
                }
            }
        };
        chains.push((ch, c, status));
    }
    Some(Verdicts {
        chains,
        ko_dependent,
    })
}

/// xorshift64*: the generator's only source of chance, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Where the box lies: its points and the two bodies around it.
#[derive(Clone, Copy, Debug)]
enum Place {
    Corner,
    Edge,
    Middle,
}

/// A position: the whole board and the box.
fn layout(place: Place) -> (Cells, Set) {
    let mut cells = Cells([0; 2]);
    let mut box_points = 0;
    for y in 0..N {
        for x in 0..N {
            let p = y * N + x;
            let (in_box, black) = match place {
                Place::Corner => (x < 4 && y < 3, y >= 3),
                Place::Edge => ((2..6).contains(&x) && y < 3, y >= 3 || x < 2),
                Place::Middle => ((2..6).contains(&x) && (3..6).contains(&y), y >= 6 || x < 2),
            };
            if in_box {
                box_points |= bit(p);
            } else {
                cells.set(p, if black { 1 } else { 2 });
            }
        }
    }
    // two one-point eyes per body, away from the box and from each other
    let eyes: [(usize, usize); 4] = match place {
        Place::Corner => [(0, 8), (2, 7), (8, 0), (6, 1)],
        Place::Edge => [(0, 8), (2, 7), (8, 0), (7, 1)],
        Place::Middle => [(0, 8), (2, 7), (8, 0), (4, 1)],
    };
    for (x, y) in eyes {
        cells.set(y * N + x, 0);
    }
    (cells, box_points)
}

/// A generated position.
struct Case {
    place: Place,
    cells: Cells,
    box_points: Set,
}

fn generate(rng: &mut Rng) -> Option<Case> {
    let place = [Place::Corner, Place::Edge, Place::Middle][rng.below(3) as usize];
    let (mut cells, box_points) = layout(place);
    let empty_share = 30 + rng.below(40);
    for p in points(box_points) {
        let c = if rng.below(100) < empty_share {
            0
        } else {
            1 + rng.below(2) as u8
        };
        cells.set(p, c);
    }
    // one in three: a ko shape on two neighbouring points of the box, a White stone on one
    // with Black on its other sides, the other empty with White on its other sides (Black
    // takes there); random stones do not make enough kos
    if rng.below(3) == 0 {
        let inner: Vec<usize> = points(box_points).collect();
        let a = inner[rng.below(inner.len() as u64) as usize];
        let next: Vec<usize> = neighbours(a)
            .filter(|&q| box_points & bit(q) != 0)
            .collect();
        let b = *next.get(rng.below(next.len().max(1) as u64) as usize)?;
        for (at, other, c) in [(a, b, 1), (b, a, 2)] {
            for q in neighbours(at).filter(|&q| q != other) {
                if box_points & bit(q) != 0 {
                    cells.set(q, c);
                } else if cells.get(q) != c {
                    return None;
                }
            }
        }
        cells.set(a, 2);
        cells.set(b, 0);
    }
    if rng.below(2) == 1 {
        cells.0.swap(0, 1);
    }
    let empties = (box_points & cells.stones(0)).count_ones();
    if !(2..=10).contains(&empties) {
        return None;
    }
    // every chain keeps a liberty, and some chain in the box is not part of a body
    let mut loose = false;
    for p in points(box_points & !cells.stones(0)) {
        let (chain, libs) = cells.chain(p);
        if libs == 0 {
            return None;
        }
        loose |= chain & !box_points == 0;
    }
    loose.then_some(Case {
        place,
        cells,
        box_points,
    })
}

fn vertex(p: usize) -> String {
    common::vertex(p % N, p / N)
}

fn diagram(c: &Cells) -> String {
    let mut s = String::new();
    for y in (0..N).rev() {
        s.push_str(&format!("{:>2} ", y + 1));
        for x in 0..N {
            s.push_str([". ", "X ", "O "][c.get(y * N + x) as usize]);
        }
        s.push('\n');
    }
    s
}

/// The engine's status of every stone, and the points whose chain was left to a limit or
/// to the playout estimate.
fn engine_verdicts(e: &mut Engine, c: &Cells) -> (HashMap<String, String>, Vec<String>) {
    e.ok("clear_board");
    for p in 0..N * N {
        match c.get(p) {
            1 => e.ok(&format!("play b {}", vertex(p))),
            2 => e.ok(&format!("play w {}", vertex(p))),
            _ => String::new(),
        };
    }
    let text = e.ok("tengen-status");
    let mut status = HashMap::new();
    let mut limited = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split(" | ").collect();
        assert!(f.len() >= 4, "tengen-status line {line:?}");
        let stones: Vec<&str> = f[0].split_whitespace().skip(1).collect();
        let reason = f[3..].join(" | ");
        for s in &stones {
            status.insert(s.to_string(), f[2].to_string());
        }
        if reason.contains("limit") || reason.contains("estimate") {
            limited.extend(stones.iter().map(|s| s.to_string()));
        }
    }
    (status, limited)
}

/// Positions to check; at least this many of each kind.
const POSITIONS: usize = 520;
const SEKIS: usize = 100;
const DEAD: usize = 100;
const KO: usize = 50;
const SEED: u64 = 0x5eb1_6c40;

#[test]
fn generated_positions_agree_with_the_exhaustive_solver() {
    let report = std::env::var_os("STATUS_EXHAUSTIVE_REPORT").is_some();
    let mut e = Engine::spawn(&["--threads", "1", "--playouts", "200", "--seed", "3"]);
    e.ok("boardsize 9");
    e.ok("kata-set-rules traditional");
    let mut rng = Rng(SEED);
    let (mut total, mut sekis, mut dead, mut ko) = (0, 0, 0, 0);
    let mut per_place = [0; 3];
    let (mut wrong, mut ran_out) = (Vec::new(), 0);
    let mut tries = 0;
    let t0 = std::time::Instant::now();
    let (mut t_ref, mut t_eng) = (0.0, 0.0);
    while total < POSITIONS || sekis < SEKIS || dead < DEAD || ko < KO {
        tries += 1;
        assert!(
            tries < 200_000,
            "the generator stalls: {total} positions, {sekis} sekis, {dead} dead, {ko} ko"
        );
        let Some(case) = generate(&mut rng) else {
            continue;
        };
        let t1 = std::time::Instant::now();
        let r = reference(&case.cells, case.box_points);
        t_ref += t1.elapsed().as_secs_f64();
        let Some(r) = r else {
            continue;
        };
        let loose: Vec<&(Set, u8, &str)> = r
            .chains
            .iter()
            .filter(|c| c.0 & !case.box_points == 0)
            .collect();
        let has = |s: &str| loose.iter().any(|c| c.2 == s);
        // enough of the plain kinds: keep a position only when it adds to a quota still open
        let wanted = (has("seki") && sekis < SEKIS)
            || (has("dead") && dead < DEAD)
            || (r.ko_dependent && ko < KO)
            || total < POSITIONS;
        if !wanted {
            continue;
        }
        total += 1;
        if report && total % 20 == 0 {
            eprintln!("{total} positions after {tries} tries, {sekis} seki {dead} dead {ko} ko, {:.1} s (reference {t_ref:.1}, engine {t_eng:.1})", t0.elapsed().as_secs_f64());
        }
        sekis += usize::from(has("seki"));
        dead += usize::from(has("dead"));
        ko += usize::from(r.ko_dependent);
        per_place[case.place as usize] += 1;
        let t1 = std::time::Instant::now();
        let (status, limited) = engine_verdicts(&mut e, &case.cells);
        t_eng += t1.elapsed().as_secs_f64();
        let mut bad = Vec::new();
        for &(ch, _, want) in &r.chains {
            let v = vertex(points(ch).next().unwrap_or(0));
            let got = status.get(&v).map_or("alive", |s| s.as_str());
            if got != want {
                bad.push(format!("{v}: engine {got}, exhaustive {want}"));
            }
        }
        if !limited.is_empty() {
            ran_out += 1;
        }
        if !bad.is_empty() {
            wrong.push(format!(
                "{:?}{}\n{}  {}\n  limited: {:?}",
                case.place,
                if r.ko_dependent { " (ko)" } else { "" },
                diagram(&case.cells),
                bad.join("; "),
                limited
            ));
        }
    }
    let tally = format!(
        "{total} positions (corner {}, edge {}, middle {}): {sekis} with a seki, {dead} with a \
         dead chain, {ko} depending on ko; {} wrong, {ran_out} left to a limit or the estimate",
        per_place[0],
        per_place[1],
        per_place[2],
        wrong.len()
    );
    println!("{tally}");
    if report {
        for w in &wrong {
            println!("{w}");
        }
        return;
    }
    assert!(
        wrong.is_empty() && ran_out == 0,
        "{tally}\n{}",
        wrong.join("\n")
    );
}
