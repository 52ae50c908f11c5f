//! The pattern model: a strength (gamma) per feature level and per known shape; a move's
//! strength is the product of its features' gammas and its probability that strength over
//! the sum of all candidates' (Coulom 2007). Read from and written to a small binary file;
//! the trained one is built into the binary.

use super::features::{Context, Group, GROUPS};
use super::shape::{ShapeKeys, SIZES};
use super::table::ShapeTable;
use crate::board::{Board, Color, Point};
use std::sync::OnceLock;

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"TGNPAT01";

/// The trained weights built into the binary (`tengen patterns train` writes them; see
/// docs/training.md).
static EMBEDDED: &[u8] = include_bytes!("patterns.bin");

/// Room for the levels of a group: a power of two above every group's packed bits.
const LEVEL_SLOTS: usize = 32;

/// A known shape: its gamma and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeGamma {
    /// Strength of the shape.
    pub gamma: f32,
    /// Size (0: the 3x3 square, see [`super::shape`]).
    pub size: u8,
}

/// Gammas of every feature level and of the known shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// `small[g][level]` for the group `GROUPS[g]`; level 0 (absent) and the levels past
    /// the group's last (which no packed features hold) are 1.
    small: [[f32; LEVEL_SLOTS]; GROUPS.len()],
    /// Gamma of a move whose 3x3 shape is unknown (and of the pass).
    no_shape: f32,
    /// Known shapes by key.
    shapes: ShapeTable,
}

impl Model {
    /// A model where every gamma is 1 (every legal move equally likely), with no shapes.
    pub fn uniform() -> Model {
        Model {
            small: [[1.0; LEVEL_SLOTS]; GROUPS.len()],
            no_shape: 1.0,
            shapes: ShapeTable::default(),
        }
    }

    /// The model built into the binary (`None` when its file holds no valid model).
    pub fn embedded() -> Option<&'static Model> {
        static M: OnceLock<Option<Model>> = OnceLock::new();
        M.get_or_init(|| match Model::from_bytes(EMBEDDED) {
            Ok(m) => Some(m),
            Err(e) => {
                log::warn!("built-in patterns unusable: {e}");
                None
            }
        })
        .as_ref()
    }

    /// Sets the gamma of one level of a group (level 0 stays 1).
    pub fn set_level(&mut self, g: Group, level: u32, gamma: f32) {
        if level > 0 && level <= g.levels() {
            if let Some(v) = self.small[g.index()].get_mut(level as usize) {
                *v = gamma;
            }
        }
    }

    /// The gamma of one level of a group.
    pub fn level_gamma(&self, g: Group, level: u32) -> f32 {
        if level <= g.levels() {
            self.small[g.index()]
                .get(level as usize)
                .copied()
                .unwrap_or(1.0)
        } else {
            1.0
        }
    }

    /// Sets every level of a group to 1 (the model without the group's information).
    pub fn forget_group(&mut self, g: Group) {
        for v in self.small[g.index()].iter_mut() {
            *v = 1.0;
        }
    }

    /// Forgets every shape (the model without shapes).
    pub fn forget_shapes(&mut self) {
        self.shapes.clear();
        self.no_shape = 1.0;
    }

    /// Forgets the shapes above `size` (the model with smaller shapes only).
    pub fn forget_shapes_above(&mut self, size: usize) {
        self.shapes.retain(|_, s| (s.size as usize) <= size);
    }

    /// Sets the gamma of the unknown shape.
    pub fn set_no_shape(&mut self, gamma: f32) {
        self.no_shape = gamma;
    }

    /// Adds a shape (its key from [`shape::for_each_key`]).
    pub fn insert_shape(&mut self, key: u64, s: ShapeGamma) {
        self.shapes.insert(key, s);
    }

    /// Number of known shapes per size.
    pub fn shape_counts(&self) -> [usize; SIZES] {
        let mut n = [0; SIZES];
        for (_, s) in self.shapes.iter() {
            n[(s.size as usize).min(SIZES - 1)] += 1;
        }
        n
    }

    /// The product of the gammas of packed non-shape features.
    #[inline]
    pub fn small_gamma(&self, packed: u32) -> f32 {
        // an absent group multiplies by 1, which leaves the product exactly as it is
        let mut g = 1.0;
        for (levels, group) in self.small.iter().zip(GROUPS) {
            g *= levels[group.level(packed) as usize & (LEVEL_SLOTS - 1)];
        }
        g
    }

    /// The strength of the move on the empty point `p`.
    #[inline]
    pub fn gamma<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        ctx: &Context<W>,
        p: Point,
    ) -> f32 {
        self.gamma_with(b, ctx, p, &mut ShapeKeys::new(ctx.grid(), p, b.size()))
    }

    /// The shape keys around the empty point `p` for [`Model::gamma_with`], the first
    /// `ahead` of them computed and their table entries on the way into the cache.
    #[inline]
    pub fn shape_keys<'g, const W: usize>(
        &self,
        ctx: &'g Context<W>,
        p: Point,
        size: usize,
        ahead: usize,
    ) -> ShapeKeys<'g> {
        let mut keys = ShapeKeys::new(ctx.grid(), p, size);
        for k in 0..ahead.min(SIZES) {
            self.shapes.prefetch(keys.key(k));
        }
        keys
    }

    /// [`Model::gamma`] with the shape keys of `p` from [`Model::shape_keys`].
    #[inline]
    pub fn gamma_with<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        ctx: &Context<W>,
        p: Point,
        keys: &mut ShapeKeys,
    ) -> f32 {
        let shape = keys
            .largest_known(|k| self.shapes.get(k))
            .map_or(self.no_shape, |(_, s)| s.gamma);
        self.small_gamma(ctx.features(b, p)) * shape
    }

    /// The probability of every stone move of `c` on `b` (legal, simple ko, not filling an
    /// own eye), over those moves alone; `last` and `last2` are the last two moves (`None`:
    /// a pass or none). Empty when no such move exists.
    pub fn move_probabilities<const W: usize, const P: usize>(
        &self,
        b: &Board<W, P>,
        c: Color,
        last: Option<Point>,
        last2: Option<Point>,
    ) -> Vec<(Point, f64)> {
        let ctx = Context::new(b, c, last, last2, last.is_none());
        let mut v: Vec<(Point, f64)> = b
            .empty_list()
            .iter()
            .map(|&i| Point(i))
            .filter(|&p| b.is_legal_fast(c, p) && !b.is_eye(c, p))
            .map(|p| (p, self.gamma(b, &ctx, p) as f64))
            .collect();
        let total: f64 = v.iter().map(|e| e.1).sum();
        if total > 0.0 {
            for e in &mut v {
                e.1 /= total;
            }
        }
        v
    }

    /// The strength of passing.
    pub fn pass_gamma<const W: usize>(&self, ctx: &Context<W>) -> f32 {
        self.small_gamma(ctx.pass_features()) * self.no_shape
    }

    /// The model as file bytes (shapes in key order, so equal models give equal files).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.small.len() as u32).to_le_bytes());
        for (levels, group) in self.small.iter().zip(GROUPS) {
            let n = group.levels() as usize;
            out.extend((n as u32).to_le_bytes());
            for g in &levels[1..=n] {
                out.extend(g.to_le_bytes());
            }
        }
        out.extend(self.no_shape.to_le_bytes());
        let mut shapes: Vec<_> = self.shapes.iter().collect();
        shapes.sort_by_key(|(k, _)| *k);
        out.extend((shapes.len() as u32).to_le_bytes());
        for (k, s) in shapes {
            out.extend(k.to_le_bytes());
            out.push(s.size);
            out.extend(s.gamma.to_le_bytes());
        }
        out
    }

    /// Reads a model from file bytes; the error says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, String> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err("not a Tengen pattern file".into());
        }
        let mut m = Model::uniform();
        let groups = r.u32()? as usize;
        if groups != GROUPS.len() {
            return Err(format!(
                "{groups} feature groups, expected {}",
                GROUPS.len()
            ));
        }
        for (i, g) in GROUPS.iter().enumerate() {
            let n = r.u32()?;
            if n != g.levels() {
                return Err(format!(
                    "{} has {n} levels, expected {}",
                    g.name(),
                    g.levels()
                ));
            }
            for l in 1..=n as usize {
                m.small[i][l] = r.gamma()?;
            }
        }
        m.no_shape = r.gamma()?;
        let n = r.u32()? as usize;
        if n > bytes.len() / 13 {
            return Err(format!("{n} shapes cannot fit in {} bytes", bytes.len()));
        }
        m.shapes.reserve(n);
        for _ in 0..n {
            let key = u64::from_le_bytes(r.take(8)?.try_into().map_err(|_| "short key")?);
            let size = r.take(1)?[0];
            if size as usize >= SIZES {
                return Err(format!("shape size {size}"));
            }
            let gamma = r.gamma()?;
            m.shapes.insert(key, ShapeGamma { gamma, size });
        }
        if r.at != bytes.len() {
            return Err("trailing bytes".into());
        }
        Ok(m)
    }
}

/// A cursor over file bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or_else(|| "file cut short".to_string())?;
        self.at += n;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn gamma(&mut self) -> Result<f32, String> {
        let b = self.take(4)?;
        let g = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        if g.is_finite() && g > 0.0 {
            Ok(g)
        } else {
            Err(format!("bad gamma {g}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board19;
    use crate::patterns::shape;
    use crate::tactics::testutil::pt;

    /// Gives the 3x3 and the next size around D4 of an empty 19x19 (Black to move) gammas
    /// 2 and 3; returns the keys of every size there.
    fn add_d4_shapes(m: &mut Model) -> [u64; SIZES] {
        let b = Board19::new(19).unwrap();
        let keys = shape::keys(&b, Color::Black, pt("D4", 19));
        for (size, gamma) in [(0, 2.0), (1, 3.0)] {
            m.insert_shape(
                keys[size],
                ShapeGamma {
                    gamma,
                    size: size as u8,
                },
            );
        }
        keys
    }

    #[test]
    fn file_round_trip_and_damaged_files_refused() {
        let mut m = Model::uniform();
        m.set_level(Group::Capture, 1, 30.0);
        m.set_level(Group::Line, 1, 0.1);
        m.set_no_shape(0.5);
        add_d4_shapes(&mut m);
        let bytes = m.to_bytes();
        let back = Model::from_bytes(&bytes).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.shape_counts()[..2], [1, 1]);
        for cut in [0, 7, 12, bytes.len() - 1] {
            assert!(Model::from_bytes(&bytes[..cut]).is_err(), "{cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Model::from_bytes(&longer).is_err());
        let mut bad = bytes.clone();
        bad[16..20].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Model::from_bytes(&bad).is_err());
    }

    #[test]
    fn gammas_multiply_and_the_largest_known_shape_counts() {
        let mut m = Model::uniform();
        m.set_level(Group::Line, 4, 4.0);
        m.set_no_shape(0.25);
        let b = Board19::new(19).unwrap();
        let ctx = Context::new(&b, Color::Black, None, None, false);
        let d4 = pt("D4", 19);
        // fourth line, no known shape
        assert_eq!(m.gamma(&b, &ctx, d4), 4.0 * 0.25);
        let keys = add_d4_shapes(&mut m);
        assert_eq!(m.gamma(&b, &ctx, d4), 4.0 * 3.0);
        // a size-2 shape known without size 1 is never reached
        m.shapes.retain(|k, _| k != keys[1]);
        m.insert_shape(
            keys[2],
            ShapeGamma {
                gamma: 9.0,
                size: 2,
            },
        );
        assert_eq!(m.gamma(&b, &ctx, d4), 4.0 * 2.0);
        m.forget_group(Group::Line);
        assert_eq!(m.gamma(&b, &ctx, d4), 2.0);
        assert_eq!(m.pass_gamma(&ctx), 0.25);
    }

    #[test]
    fn the_built_in_model_reads() {
        assert!(Model::embedded().is_some());
    }

    #[test]
    fn the_shape_table_answers_as_a_hash_map_for_every_key_of_the_built_in_model() {
        let m = Model::embedded().expect("built-in model");
        // the file ends with its shapes, 13 bytes each: key, size, gamma
        let n = m.shapes.len();
        let tail = &EMBEDDED[EMBEDDED.len() - 13 * n..];
        let mut want = std::collections::HashMap::new();
        for e in tail.chunks_exact(13) {
            let key = u64::from_le_bytes(e[..8].try_into().unwrap());
            let gamma = f32::from_le_bytes(e[9..13].try_into().unwrap());
            want.insert(key, ShapeGamma { gamma, size: e[8] });
        }
        assert_eq!(want.len(), n);
        for (k, s) in &want {
            assert_eq!(m.shapes.get(*k), Some(*s));
            assert_eq!(
                m.shapes.get(k.wrapping_add(1)),
                want.get(&k.wrapping_add(1)).copied()
            );
        }
        assert_eq!(Model::from_bytes(&m.to_bytes()).as_ref(), Ok(m));
    }

    #[test]
    fn move_probabilities_sum_to_one_and_follow_the_gammas() {
        let mut m = Model::uniform();
        add_d4_shapes(&mut m);
        let b = Board19::new(19).unwrap();
        let v = m.move_probabilities(&b, Color::Black, None, None);
        assert_eq!(v.len(), 361);
        let total: f64 = v.iter().map(|e| e.1).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let d4 = v.iter().find(|e| e.0 == pt("D4", 19)).unwrap().1;
        let k10 = v.iter().find(|e| e.0 == pt("K10", 19)).unwrap().1;
        // D4's largest known shape (gamma 3) is all empty points, so K10 has it too; A1's
        // shapes include the edge, unknown (gamma 1)
        assert!((d4 - k10).abs() < 1e-12, "{d4} {k10}");
        let a1 = v.iter().find(|e| e.0 == pt("A1", 19)).unwrap().1;
        assert!((d4 / a1 - 3.0).abs() < 1e-6, "{d4} {a1}");
    }

    #[test]
    fn gammas_from_keys_computed_ahead_are_the_same() {
        let m = Model::embedded().expect("built-in model");
        let mut checked = 0;
        for b in crate::tactics::testutil::playout_positions9(11, 40) {
            for c in Color::BOTH {
                let last = b.empty_list().first().map(|&i| Point(i));
                let ctx = Context::new(&b, c, last, None, false);
                for &i in b.empty_list() {
                    let p = Point(i);
                    let want = m.gamma(&b, &ctx, p);
                    for ahead in 0..=SIZES + 1 {
                        let mut keys = m.shape_keys(&ctx, p, 9, ahead);
                        assert_eq!(m.gamma_with(&b, &ctx, p, &mut keys), want);
                        // and every key as the whole-board reckoning has it
                        let all = shape::keys(&b, c, p);
                        for (k, &key) in all.iter().enumerate() {
                            assert_eq!(keys.key(k), key, "size {k}");
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }
}
