//! The learned playout policy (after CrazyStone and Erica): every empty point carries, for
//! each colour, a weight from its learned gamma (the 3x3 shape around it with the atari
//! status of the four orthogonal neighbours), multiplied near the last two moves by a
//! learned distance gamma; the move is drawn in proportion to its weight. The heavy
//! policy's tactics (ko retake, capture and escape after an atari, last good reply, nakade,
//! two-liberty fights) come first as overrides, and a drawn bad self-atari is drawn again.
//!
//! The weights are kept per point and updated after each move only where the shape or an
//! atari status changed (around the stone, the captured stones, and the liberties of chains
//! that went into or out of atari), with a running sum per board row, so a move costs a
//! few dozen table look-ups instead of a scan of the board. A shape whose move is illegal
//! (suicide) or fills the mover's own eye has weight 0: the shape with atari bits decides
//! both exactly; the ko point is taken out at draw time.
//!
//! The gammas are fitted to strong players' moves by `tengen patterns playout` (the MM fit
//! of [`crate::learn::playout`]) and embedded from `learned.bin`.

use super::draw::{roll, unit};
use super::heavy::{self, winner, HeavyParams, Replies};
use super::{Context, MovePolicy};
use crate::board::{Bitset, Board, Color, Point};
use crate::patterns::shape3::{
    playable, shape_index, swap_colours, transform, DISTANCES, ORTH, SHAPES,
};
use crate::tactics;
use rand::Rng;
use std::sync::{Arc, OnceLock};

/// The learned gammas: one per shape (already 0 for unplayable shapes) and one per
/// distance class.
#[derive(Clone, Debug, PartialEq)]
pub struct Gammas {
    shape: Box<[f32]>,
    distance: [f32; DISTANCES],
}

/// The file format's magic bytes.
const MAGIC: &[u8; 8] = b"TGNLRN01";

/// The largest gammas file there can be: the magic, the rare-shape gamma, the distance
/// gammas, the count and a (class, gamma) pair for every shape (about 8 MiB).
pub const MAX_FILE_BYTES: u64 = (MAGIC.len() + 4 * (DISTANCES + 2 + 2 * SHAPES)) as u64;

impl Gammas {
    /// Every playable shape at 1, every distance at 1: the light policy with the heavy
    /// policy's tactics.
    pub fn uniform() -> Gammas {
        Gammas::from_classes(&[], 1.0, [1.0; DISTANCES])
    }

    /// Gammas from canonical shape classes (spread to all eight forms; shapes not given
    /// take `rare`) and distance gammas (class 0 is 1).
    pub fn from_classes(classes: &[(u32, f32)], rare: f32, distance: [f32; DISTANCES]) -> Gammas {
        let mut shape = vec![rare; SHAPES].into_boxed_slice();
        for &(k, g) in classes {
            for s in 0..8 {
                if let Some(x) = shape.get_mut(transform(k, s) as usize) {
                    *x = g;
                }
            }
        }
        for (i, x) in shape.iter_mut().enumerate() {
            if !playable(i as u32) {
                *x = 0.0;
            }
        }
        let mut distance = distance;
        distance[0] = 1.0;
        Gammas { shape, distance }
    }

    /// The gamma of the shape `idx` for Black to move.
    #[inline(always)]
    pub fn shape(&self, idx: u32) -> f32 {
        self.shape.get(idx as usize).copied().unwrap_or(0.0)
    }

    /// The gamma of a distance class.
    #[inline(always)]
    pub fn distance(&self, class: usize) -> f32 {
        self.distance.get(class).copied().unwrap_or(1.0)
    }

    /// The file form: magic, the gamma of rare shapes, the distance gammas, the number of
    /// classes, then each class's canonical index and gamma (little-endian).
    pub fn to_bytes(classes: &[(u32, f32)], rare: f32, distance: [f32; DISTANCES]) -> Vec<u8> {
        let mut v = MAGIC.to_vec();
        v.extend(rare.to_le_bytes());
        for d in distance {
            v.extend(d.to_le_bytes());
        }
        v.extend((classes.len() as u32).to_le_bytes());
        for &(k, g) in classes {
            v.extend(k.to_le_bytes());
            v.extend(g.to_le_bytes());
        }
        v
    }

    /// Reads the file form; a damaged file is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Gammas, String> {
        let (classes, rare, distance) = Gammas::parts_from_bytes(bytes)?;
        Ok(Gammas::from_classes(&classes, rare, distance))
    }

    /// Reads the file form into its parts as [`Gammas::to_bytes`] takes them: the classes,
    /// the rare-shape gamma and the distance gammas; a damaged file is an error.
    #[allow(clippy::type_complexity)]
    pub fn parts_from_bytes(
        bytes: &[u8],
    ) -> Result<(Vec<(u32, f32)>, f32, [f32; DISTANCES]), String> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a learned playout file")?;
        let mut words = rest.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]);
        let rare = f32::from_le_bytes(words.next().ok_or("truncated")?);
        let mut distance = [1.0f32; DISTANCES];
        for d in distance.iter_mut() {
            *d = f32::from_le_bytes(words.next().ok_or("truncated")?);
        }
        let n = u32::from_le_bytes(words.next().ok_or("truncated")?) as usize;
        if rest.len() != 4 * (DISTANCES + 2 + 2 * n) {
            return Err("wrong length".into());
        }
        let mut classes = Vec::with_capacity(n);
        for _ in 0..n {
            let k = u32::from_le_bytes(words.next().ok_or("truncated")?);
            let g = f32::from_le_bytes(words.next().ok_or("truncated")?);
            if k as usize >= SHAPES || !g.is_finite() || g < 0.0 {
                return Err(format!("bad class {k:#x} gamma {g}"));
            }
            classes.push((k, g));
        }
        if distance
            .iter()
            .chain([&rare])
            .any(|d| !d.is_finite() || *d < 0.0)
        {
            return Err("bad distance or rare-shape gamma".into());
        }
        Ok((classes, rare, distance))
    }

    /// Rewrites every playable shape's gamma as `shape(index)` and the distance gammas
    /// (class 0 stays 1); unplayable shapes stay at 0. Simulation balancing's update.
    pub fn assign(&mut self, shape: impl Fn(u32) -> f32, distance: [f32; DISTANCES]) {
        for (i, x) in self.shape.iter_mut().enumerate() {
            if *x > 0.0 || playable(i as u32) {
                *x = shape(i as u32).max(0.0);
            }
        }
        self.distance = distance;
        self.distance[0] = 1.0;
    }

    /// The file form of the embedded gammas (`learned.bin`).
    pub fn embedded_bytes() -> &'static [u8] {
        include_bytes!("learned.bin")
    }

    /// The gammas embedded in the binary (`learned.bin`), read once; uniform if the file
    /// is damaged (logged).
    pub fn embedded() -> &'static Gammas {
        static G: OnceLock<Gammas> = OnceLock::new();
        G.get_or_init(|| {
            Gammas::from_bytes(Gammas::embedded_bytes()).unwrap_or_else(|e| {
                log::error!("embedded learned playout gammas: {e}; using uniform ones");
                Gammas::uniform()
            })
        })
    }
}

/// A gammas file read at run time (`--param learned_gammas=PATH`), e.g. one written by
/// `tengen patterns balance`; the settings' copies share one table.
#[derive(Clone)]
pub struct GammasFile {
    path: String,
    gammas: Arc<Gammas>,
}

impl GammasFile {
    /// Reads the gammas file at `path`; a missing or damaged file is an error that names it.
    pub fn load(path: &str) -> Result<GammasFile, String> {
        let bytes = crate::files::read(path, MAX_FILE_BYTES).map_err(|e| format!("{path}: {e}"))?;
        let g = Gammas::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
        Ok(GammasFile {
            path: path.to_string(),
            gammas: Arc::new(g),
        })
    }

    /// The path the gammas were read from.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The gammas.
    pub fn gammas(&self) -> &Gammas {
        &self.gammas
    }
}

impl PartialEq for GammasFile {
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path
    }
}

impl std::fmt::Debug for GammasFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GammasFile({:?})", self.path)
    }
}

/// Settings of the learned policy.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedParams {
    /// Percent of drawn moves checked for a bad self-atari (and drawn again if so).
    pub self_atari: u32,
    /// Exponent applied to the distance gammas (1: as learned; 0: no distance effect).
    pub near: f64,
    /// Gammas read from a file instead of the embedded ones (`None`: embedded).
    pub gammas: Option<GammasFile>,
}

impl LearnedParams {
    /// The gammas in force: the file's, or the embedded ones.
    pub fn gammas(&self) -> &Gammas {
        match &self.gammas {
            Some(f) => f.gammas(),
            None => Gammas::embedded(),
        }
    }
}

impl Default for LearnedParams {
    fn default() -> Self {
        LearnedParams {
            self_atari: 90,
            near: 1.0,
            gammas: None,
        }
    }
}

/// A thread's per-point weights for both colours, with the sums per bucket (one padded
/// row) and in all.
#[derive(Clone, Debug, Default)]
pub struct LearnedState {
    stride: usize,
    weight: [Vec<f32>; 2],
    rows: [Vec<f64>; 2],
    total: [f64; 2],
    /// Points whose weights were changed for one draw, with their weights before (kept
    /// here so that a playout allocates nothing).
    saved: Vec<(Color, Point, f32)>,
}

impl LearnedState {
    /// Buffers for boards of `size`.
    pub fn new(size: usize) -> LearnedState {
        let n = Point::index_bound(size);
        // the board's stride: a padded row is size + 1 points
        let stride = size + 1;
        LearnedState {
            stride,
            weight: [vec![0.0; n], vec![0.0; n]],
            rows: [vec![0.0; n / stride + 1], vec![0.0; n / stride + 1]],
            total: [0.0; 2],
            saved: Vec::with_capacity(24),
        }
    }

    /// Buffers sized for `b` (kept when they already are).
    fn fit<const W: usize, const P: usize>(&mut self, b: &Board<W, P>) {
        if self.weight[0].len() != Point::index_bound(b.size()) || self.stride != b.stride() {
            *self = LearnedState::new(b.size());
        }
    }

    /// The weight of `p` for `c`.
    #[inline(always)]
    pub fn weight(&self, c: Color, p: Point) -> f32 {
        self.weight[c.index()].get(p.idx()).copied().unwrap_or(0.0)
    }

    /// Sets the weight of `p` for `c`, keeping the sums.
    #[inline(always)]
    fn set(&mut self, c: Color, p: Point, w: f32) {
        let ci = c.index();
        let i = p.idx();
        let Some(x) = self.weight[ci].get_mut(i) else {
            return;
        };
        let d = w as f64 - *x as f64;
        *x = w;
        if let Some(r) = self.rows[ci].get_mut(i / self.stride) {
            *r += d;
        }
        self.total[ci] += d;
    }

    /// Recomputes both colours' weights of `p` from the board.
    #[inline]
    fn update<const W: usize, const P: usize>(&mut self, g: &Gammas, b: &Board<W, P>, p: Point) {
        let i = p.idx();
        let empty = b.is_empty_point(p);
        if !empty && self.weight[0].get(i) == Some(&0.0) && self.weight[1].get(i) == Some(&0.0) {
            return;
        }
        let (wb, ww) = if empty {
            let k = shape_index(b, p);
            (g.shape(k), g.shape(swap_colours(k)))
        } else {
            (0.0, 0.0)
        };
        self.set(Color::Black, p, wb);
        self.set(Color::White, p, ww);
    }

    /// Computes every weight of `b` afresh.
    pub fn rebuild<const W: usize, const P: usize>(&mut self, g: &Gammas, b: &Board<W, P>) {
        self.fit(b);
        for c in 0..2 {
            self.weight[c].iter_mut().for_each(|x| *x = 0.0);
            self.rows[c].iter_mut().for_each(|x| *x = 0.0);
            self.total[c] = 0.0;
        }
        for &e in b.empty_list() {
            self.update(g, b, Point(e));
        }
    }

    /// Draws a point for `c` in proportion to the weights; `None` when every weight is 0.
    fn draw<R: Rng>(&self, c: Color, rng: &mut R) -> Option<Point> {
        let ci = c.index();
        let total = self.total[ci];
        if total <= 1e-9 {
            return None;
        }
        let mut r = unit(rng) * total;
        let rows = &self.rows[ci];
        let w = &self.weight[ci];
        let mut last_row = None;
        for (y, &s) in rows.iter().enumerate() {
            if s <= 1e-12 {
                continue;
            }
            last_row = Some(y);
            if r < s {
                return pick_in_row(w, y, self.stride, r);
            }
            r -= s;
        }
        // rounding left r past the end: the last row with weight
        last_row.and_then(|y| pick_in_row(w, y, self.stride, f64::INFINITY))
    }
}

/// The point of row `y` where the running weight passes `r` (the row's last point with
/// weight if it never does).
#[inline]
fn pick_in_row(w: &[f32], y: usize, stride: usize, mut r: f64) -> Option<Point> {
    let lo = y * stride;
    let hi = (lo + stride).min(w.len());
    let mut found = None;
    for (i, &x) in w.get(lo..hi)?.iter().enumerate() {
        if x > 0.0 {
            found = Some(lo + i);
            if r < x as f64 {
                break;
            }
            r -= x as f64;
        }
    }
    found.map(|i| Point(i as u16))
}

/// The learned policy over a thread's weights and reply tables.
pub struct Learned<'a> {
    gammas: &'a Gammas,
    params: &'a LearnedParams,
    tactics: HeavyParams,
    replies: &'a mut Replies,
    state: &'a mut LearnedState,
    /// Distance multipliers by class, after the `near` exponent.
    near: [f32; DISTANCES],
}

impl<'a> Learned<'a> {
    /// The policy with the gammas `params` names (the embedded ones by default).
    pub fn new(
        params: &'a LearnedParams,
        heavy: &HeavyParams,
        replies: &'a mut Replies,
        state: &'a mut LearnedState,
    ) -> Self {
        Learned::with_gammas(params.gammas(), params, heavy, replies, state)
    }

    /// The policy with these gammas.
    pub fn with_gammas(
        gammas: &'a Gammas,
        params: &'a LearnedParams,
        heavy: &HeavyParams,
        replies: &'a mut Replies,
        state: &'a mut LearnedState,
    ) -> Self {
        let near = std::array::from_fn(|i| gammas.distance(i).powf(params.near as f32).min(1e6));
        state.saved.clear();
        Learned {
            gammas,
            params,
            // the learned weights replace the shape rule
            tactics: HeavyParams {
                pattern: 0,
                ..heavy.clone()
            },
            replies,
            state,
            near,
        }
    }

    /// Sets a weight for the next draw only.
    fn adjust(&mut self, c: Color, p: Point, w: f32) {
        let old = self.state.weight(c, p);
        if old != w {
            self.state.saved.push((c, p, old));
            self.state.set(c, p, w);
        }
    }

    fn restore(&mut self) {
        while let Some((c, p, w)) = self.state.saved.pop() {
            self.state.set(c, p, w);
        }
    }

    /// [`MovePolicy::choose`] with how the move was found: `Some(filter)` when it came from
    /// the weighted draw (`filter`: bad self-ataris were drawn again), `None` when a tactical
    /// rule gave it or no move was left. Training traces the weighted draws with it.
    pub fn choose_traced<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &mut Board<W, P>,
        c: Color,
        ctx: &Context,
        rng: &mut R,
    ) -> (Option<Point>, Option<bool>) {
        if let Some(p) = self.tactical_move(b, c, ctx, rng) {
            return (Some(p), None);
        }
        let filter = roll(rng, self.params.self_atari);
        match self.weighted(b, c, ctx, filter, rng) {
            Some(p) => (Some(p), Some(filter)),
            None => (None, None),
        }
    }

    /// The move of the heavy tactics that come first (ko, capture and escape, last good
    /// reply, nakade, two-liberty fights), if one applies: [`MovePolicy::choose`]'s first
    /// step.
    fn tactical_move<const W: usize, const P: usize, R: Rng>(
        &self,
        b: &mut Board<W, P>,
        c: Color,
        ctx: &Context,
        rng: &mut R,
    ) -> Option<Point> {
        heavy::local_move(b, c, ctx, &*self.replies, &self.tactics, None, rng)
    }

    /// The weighted draw for `c`: distance gammas near the last two moves, the ko point
    /// out, and with `filter` a bad self-atari drawn again (up to four draws; if every one
    /// was bad, the first). [`MovePolicy::choose`]'s second step.
    pub fn weighted<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &Board<W, P>,
        c: Color,
        ctx: &Context,
        filter: bool,
        rng: &mut R,
    ) -> Option<Point> {
        // the newer move first: where the two overlap its class holds
        for (l, classes) in [(ctx.last[0], [1, 2]), (ctx.last[1], [3, 3])] {
            let Some(l) = l else { continue };
            let n8 = b.neighbours8(l);
            for (i, &q) in n8.iter().enumerate() {
                if self.state.saved.iter().any(|s| s.1 == q) {
                    continue;
                }
                let w = self.state.weight(c, q);
                if w > 0.0 {
                    let class = if ORTH.contains(&i) {
                        classes[0]
                    } else {
                        classes[1]
                    };
                    self.adjust(c, q, w * self.near[class]);
                }
            }
        }
        if let Some((k, kc)) = b.ko() {
            if kc == c {
                self.adjust(c, k, 0.0);
            }
        }
        let mut first = None;
        let mut chosen = None;
        for _ in 0..4 {
            let Some(p) = self.state.draw(c, rng) else {
                break;
            };
            if !filter || !tactics::is_bad_self_atari(b, c, p) {
                chosen = Some(p);
                break;
            }
            first.get_or_insert(p);
            self.adjust(c, p, 0.0);
        }
        self.restore();
        chosen.or(first)
    }
}

impl MovePolicy for Learned<'_> {
    fn start<const W: usize, const P: usize>(&mut self, b: &Board<W, P>) {
        self.state.rebuild(self.gammas, b);
    }

    fn choose<const W: usize, const P: usize, R: Rng>(
        &mut self,
        b: &mut Board<W, P>,
        c: Color,
        ctx: &Context,
        rng: &mut R,
    ) -> Option<Point> {
        self.choose_traced(b, c, ctx, rng).0
    }

    fn play<const W: usize, const P: usize>(&mut self, b: &mut Board<W, P>, c: Color, p: Point) {
        let opp = c.opponent();
        // enemy chains this move captures, and whether an own chain it joins was in atari
        let mut captured = Bitset::<W>::EMPTY;
        for q in b.neighbors(p) {
            if b.color_at(q) == Some(opp) && b.lib_count(q) == 1 {
                captured = captured.or(&b.chain_stones(q));
            }
        }
        b.play_unchecked(c, p);
        let g = self.gammas;
        let st = &mut *self.state;
        st.update(g, b, p);
        for q in b.neighbours8(p) {
            if b.is_on_board(q) {
                st.update(g, b, q);
            }
        }
        // chains next to the stone whose atari status may have changed: the stone's own
        // chain and the enemy chains that lost a liberty, when they are left with one
        let mut touched = [p, p, p, p, p];
        let mut nt = 1;
        for q in b.neighbors(p) {
            if b.color_at(q) == Some(opp) {
                touched[nt] = q;
                nt += 1;
            }
        }
        for &q in &touched[..nt] {
            if b.color_at(q).is_some() && b.lib_count(q) == 1 {
                for l in b.chain_libs(q).iter() {
                    st.update(g, b, Point(l as u16));
                }
            }
        }
        if captured.is_empty() {
            return;
        }
        // the freed points and their shapes; own chains around them gained liberties
        for s in captured.iter() {
            let s = Point(s as u16);
            st.update(g, b, s);
            for q in b.neighbours8(s) {
                if b.is_on_board(q) {
                    st.update(g, b, q);
                }
            }
            for q in b.neighbors(s) {
                if b.color_at(q) == Some(c) {
                    for l in b.chain_libs(q).iter() {
                        st.update(g, b, Point(l as u16));
                    }
                }
            }
        }
    }

    fn finish(&mut self, record: &[(Color, Point)], score: f64) {
        self.replies.learn(record, winner(score));
    }
}

/// The learned policy's weight of every empty point for `c` on `b` as it stands, without
/// the distance gammas (for tests and tools): `(point, weight)`.
pub fn weights<const W: usize, const P: usize>(
    g: &Gammas,
    b: &Board<W, P>,
    c: Color,
) -> Vec<(Point, f32)> {
    b.empty_list()
        .iter()
        .map(|&e| {
            let p = Point(e);
            let k = shape_index(b, p);
            let w = match c {
                Color::Black => g.shape(k),
                Color::White => g.shape(swap_colours(k)),
            };
            (p, w)
        })
        .collect()
}

/// A uniform pick among the points of `b` with positive learned weight for `c` (tests).
#[cfg(test)]
fn any_playable<const W: usize, const P: usize, R: Rng>(
    g: &Gammas,
    b: &Board<W, P>,
    c: Color,
    rng: &mut R,
) -> Option<Point> {
    let v: Vec<Point> = weights(g, b, c)
        .into_iter()
        .filter(|&(_, w)| w > 0.0)
        .map(|(p, _)| p)
        .collect();
    (!v.is_empty()).then(|| v[super::draw::below(rng, v.len() as u32) as usize])
}

#[cfg(test)]
mod tests;
