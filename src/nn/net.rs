//! The policy network: a residual tower of 3x3 convolutions (a stem from the input planes,
//! then blocks of two convolutions with a skip), a policy head of one logit a point (a 1x1
//! convolution) and one for passing (from the mean of the last activations). Fully
//! convolutional: one set of weights serves every board size. Weights are read from and
//! written to safetensors files.

use super::features::PLANES;
use super::layers::{matmul, Conv3, Geometry, Mat};
use std::collections::HashMap;

/// The format name in a weight file's metadata.
pub const FORMAT: &str = "tengen-policy-1";

/// The weights built into the binary (`tengen policy export` of the training run's checkpoint;
/// docs/training.md).
static EMBEDDED: &[u8] = include_bytes!("policy.safetensors");

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Channels of the tower.
    pub filters: usize,
    /// The first convolution, from the input planes.
    pub stem: Conv3,
    /// The residual blocks: two convolutions each.
    pub blocks: Vec<[Conv3; 2]>,
    /// The point head: one weight a channel.
    pub head: Vec<f32>,
    /// The point head's bias.
    pub head_b: f32,
    /// The pass head: one weight a channel of the mean activation.
    pub pass: Vec<f32>,
    /// The pass head's bias.
    pub pass_b: f32,
}

/// The activations of one forward pass over a batch, kept for the backward pass; the buffers
/// are reused from call to call.
#[derive(Clone, Debug)]
pub struct Tape {
    /// The board's neighbourhoods.
    pub geo: Geometry,
    /// Positions in the batch.
    pub batch: usize,
    /// The input planes, point-major, position after position.
    pub input: Vec<f32>,
    /// After the stem (`acts[0]`), then for block `i` after its first convolution
    /// (`acts[2i+1]`) and after the block (`acts[2i+2]`); every one after its ReLU.
    pub acts: Vec<Vec<f32>>,
    /// The neighbourhood matrix of the last convolution.
    pub col: Vec<f32>,
    /// One logit a point and then one for passing, position after position.
    pub logits: Vec<f32>,
}

impl Tape {
    /// A tape for `batch` positions on a `size` board through `net`.
    pub fn new(net: &Net, size: usize, batch: usize) -> Tape {
        let geo = Geometry::new(size);
        let n = geo.points();
        let f = net.filters;
        Tape {
            batch,
            input: vec![0.0; batch * n * PLANES],
            acts: vec![vec![0.0; batch * n * f]; 1 + 2 * net.blocks.len()],
            col: vec![0.0; batch * n * 9 * PLANES.max(f)],
            logits: vec![0.0; batch * (n + 1)],
            geo,
        }
    }

    /// Points of the board.
    pub fn points(&self) -> usize {
        self.geo.points()
    }

    /// The input planes of position `i` of the batch.
    pub fn input_mut(&mut self, i: usize) -> &mut [f32] {
        let n = self.points() * PLANES;
        &mut self.input[i * n..][..n]
    }

    /// The logits of position `i` (points, then pass).
    pub fn logits(&self, i: usize) -> &[f32] {
        let n = self.points() + 1;
        &self.logits[i * n..][..n]
    }
}

fn relu(v: &mut [f32]) {
    for x in v {
        *x = x.max(0.0);
    }
}

/// Whether a network of `blocks` x `filters` is one the tools build (1..=40 blocks,
/// 1..=512 filters); the error says what is out of range.
pub fn check_shape(blocks: usize, filters: usize) -> Result<(), String> {
    if (1..=40).contains(&blocks) && (1..=512).contains(&filters) {
        Ok(())
    } else {
        Err("--blocks must be 1..=40 and --filters 1..=512".into())
    }
}

impl Net {
    /// A network of `blocks` blocks of `filters` channels, every weight zero.
    pub fn zeros(blocks: usize, filters: usize) -> Net {
        Net {
            filters,
            stem: Conv3::zeros(PLANES, filters),
            blocks: (0..blocks)
                .map(|_| {
                    [
                        Conv3::zeros(filters, filters),
                        Conv3::zeros(filters, filters),
                    ]
                })
                .collect(),
            head: vec![0.0; filters],
            head_b: 0.0,
            pass: vec![0.0; filters],
            pass_b: 0.0,
        }
    }

    /// Weights and biases.
    pub fn parameters(&self) -> usize {
        let conv = |c: &Conv3| c.w.len() + c.b.len();
        conv(&self.stem)
            + self.blocks.iter().flatten().map(conv).sum::<usize>()
            + 2 * self.filters
            + 2
    }

    /// Runs the batch in `tape.input` through the network: `tape.logits` and every
    /// activation filled. Each product on `threads` threads.
    pub fn forward(&self, t: &mut Tape, threads: usize) {
        let (batch, n, f) = (t.batch, t.points(), self.filters);
        let m = batch * n;
        self.stem
            .forward(&t.geo, &t.input, batch, &mut t.col, &mut t.acts[0], threads);
        relu(&mut t.acts[0][..m * f]);
        for (i, [c1, c2]) in self.blocks.iter().enumerate() {
            let (before, after) = t.acts.split_at_mut(2 * i + 1);
            let h = &before[2 * i];
            let (mid, out) = after.split_at_mut(1);
            c1.forward(&t.geo, h, batch, &mut t.col, &mut mid[0], threads);
            relu(&mut mid[0][..m * f]);
            c2.forward(&t.geo, &mid[0], batch, &mut t.col, &mut out[0], threads);
            for (o, s) in out[0][..m * f].iter_mut().zip(&h[..m * f]) {
                *o = (*o + s).max(0.0);
            }
        }
        let last = &t.acts[2 * self.blocks.len()];
        for b in 0..batch {
            let hb = &last[b * n * f..][..n * f];
            let lg = &mut t.logits[b * (n + 1)..][..n + 1];
            matmul(
                &mut lg[..n],
                Mat::rows(hb, n, f),
                Mat::rows(&self.head, f, 1),
                false,
                1,
            );
            for v in &mut lg[..n] {
                *v += self.head_b;
            }
            let mut pass = 0.0;
            for (k, w) in self.pass.iter().enumerate() {
                let mean: f32 = hb.iter().skip(k).step_by(f).sum::<f32>() / n as f32;
                pass += mean * w;
            }
            lg[n] = pass + self.pass_b;
        }
    }

    /// Every weight tensor with its file name and shape, in a fixed order.
    pub fn tensors(&self) -> Vec<(String, Vec<usize>, &[f32])> {
        let f = self.filters;
        let mut out: Vec<(String, Vec<usize>, &[f32])> = vec![
            ("stem.w".into(), vec![9 * PLANES, f], &self.stem.w),
            ("stem.b".into(), vec![f], &self.stem.b),
        ];
        for (i, convs) in self.blocks.iter().enumerate() {
            for (j, c) in convs.iter().enumerate() {
                out.push((format!("block.{i}.{j}.w"), vec![9 * f, f], &c.w));
                out.push((format!("block.{i}.{j}.b"), vec![f], &c.b));
            }
        }
        out.push(("head.w".into(), vec![f], &self.head));
        out.push(("head.b".into(), vec![1], std::slice::from_ref(&self.head_b)));
        out.push(("pass.w".into(), vec![f], &self.pass));
        out.push(("pass.b".into(), vec![1], std::slice::from_ref(&self.pass_b)));
        out
    }

    /// Every weight tensor, mutable, in the order of [`Net::tensors`].
    pub fn tensors_mut(&mut self) -> Vec<&mut [f32]> {
        let mut out: Vec<&mut [f32]> = vec![&mut self.stem.w, &mut self.stem.b];
        for c in self.blocks.iter_mut().flatten() {
            out.push(&mut c.w);
            out.push(&mut c.b);
        }
        out.push(&mut self.head);
        out.push(std::slice::from_mut(&mut self.head_b));
        out.push(&mut self.pass);
        out.push(std::slice::from_mut(&mut self.pass_b));
        out
    }

    /// The metadata a weight file carries: format, planes, blocks, filters.
    pub fn metadata(&self) -> HashMap<String, String> {
        HashMap::from([
            ("format".to_string(), FORMAT.to_string()),
            ("planes".to_string(), PLANES.to_string()),
            ("blocks".to_string(), self.blocks.len().to_string()),
            ("filters".to_string(), self.filters.to_string()),
        ])
    }

    /// The network built into the binary (`None` when its file holds no valid network).
    pub fn embedded() -> Option<&'static Net> {
        static N: std::sync::OnceLock<Option<Net>> = std::sync::OnceLock::new();
        N.get_or_init(|| match Net::from_safetensors(EMBEDDED) {
            Ok(n) => Some(n),
            Err(e) => {
                log::warn!("built-in policy network unusable: {e}");
                None
            }
        })
        .as_ref()
    }

    /// The weights as a safetensors file.
    pub fn to_safetensors(&self) -> Result<Vec<u8>, String> {
        write_safetensors(&self.tensors(), self.metadata())
    }

    /// The network in a safetensors file written by [`Net::to_safetensors`] (extra tensors,
    /// such as a trainer's state, are ignored); the error says what is wrong.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Net, String> {
        let st = safetensors::SafeTensors::deserialize(bytes).map_err(|e| e.to_string())?;
        let blocks = (0..)
            .take_while(|i| st.tensor(&format!("block.{i}.0.w")).is_ok())
            .count();
        let stem_b = read(&st, "stem.b", None)?;
        let f = stem_b.len();
        check_shape(blocks, f).map_err(|_| format!("{blocks} blocks x {f} filters"))?;
        let mut net = Net::zeros(blocks, f);
        net.stem.w = read(&st, "stem.w", Some(9 * PLANES * f))?;
        net.stem.b = stem_b;
        for (i, convs) in net.blocks.iter_mut().enumerate() {
            for (j, c) in convs.iter_mut().enumerate() {
                c.w = read(&st, &format!("block.{i}.{j}.w"), Some(9 * f * f))?;
                c.b = read(&st, &format!("block.{i}.{j}.b"), Some(f))?;
            }
        }
        net.head = read(&st, "head.w", Some(f))?;
        net.head_b = read(&st, "head.b", Some(1))?[0];
        net.pass = read(&st, "pass.w", Some(f))?;
        net.pass_b = read(&st, "pass.b", Some(1))?[0];
        Ok(net)
    }
}

/// A safetensors file of f32 tensors (name, shape, values) with `meta`.
pub fn write_safetensors(
    tensors: &[(String, Vec<usize>, &[f32])],
    meta: HashMap<String, String>,
) -> Result<Vec<u8>, String> {
    let bytes: Vec<Vec<u8>> = tensors
        .iter()
        .map(|(_, _, v)| v.iter().flat_map(|x| x.to_le_bytes()).collect())
        .collect();
    let views = tensors
        .iter()
        .zip(&bytes)
        .map(|((n, s, _), d)| {
            safetensors::tensor::TensorView::new(safetensors::Dtype::F32, s.clone(), d)
                .map(|v| (n.clone(), v))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    safetensors::serialize(views, Some(meta)).map_err(|e| e.to_string())
}

/// Tensor `name` of `st` as f32 values, checked to hold `len` of them when given.
pub fn read(
    st: &safetensors::SafeTensors,
    name: &str,
    len: Option<usize>,
) -> Result<Vec<f32>, String> {
    let t = st.tensor(name).map_err(|e| format!("{name}: {e}"))?;
    if t.dtype() != safetensors::Dtype::F32 {
        return Err(format!("{name}: not f32"));
    }
    let v: Vec<f32> = t
        .data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    match len {
        Some(l) if v.len() != l => Err(format!("{name}: {} values, not {l}", v.len())),
        _ => Ok(v),
    }
}

/// A small network with every weight set from a simple sequence.
#[cfg(test)]
pub(crate) fn sample(blocks: usize, filters: usize) -> Net {
    let mut net = Net::zeros(blocks, filters);
    let mut k = 0u32;
    let mut next = || {
        k = k.wrapping_mul(1664525).wrapping_add(1013904223);
        ((k >> 8) % 2000) as f32 / 10000.0 - 0.1
    };
    let mut fill = |v: &mut Vec<f32>| v.iter_mut().for_each(|x| *x = next());
    fill(&mut net.stem.w);
    fill(&mut net.stem.b);
    for c in net.blocks.iter_mut().flatten() {
        fill(&mut c.w);
        fill(&mut c.b);
    }
    fill(&mut net.head);
    fill(&mut net.pass);
    net.head_b = 0.05;
    net.pass_b = -0.3;
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_survive_a_file_round_trip() {
        let net = sample(2, 4);
        let bytes = net.to_safetensors().unwrap();
        assert_eq!(Net::from_safetensors(&bytes).unwrap(), net);
        assert_eq!(net.parameters(), 9 * PLANES * 4 + 4 + 4 * (9 * 16 + 4) + 10);
        assert!(Net::from_safetensors(&bytes[..bytes.len() / 2]).is_err());
        assert!(Net::from_safetensors(b"not a file").is_err());
        // a shape no tool builds is refused before anything is allocated for it
        let huge = vec![0.0f32; 600];
        let t = [("stem.b".to_string(), vec![600], &huge[..])];
        let bytes = write_safetensors(&t, HashMap::new()).unwrap();
        assert!(Net::from_safetensors(&bytes)
            .unwrap_err()
            .contains("600 filters"));
    }

    #[test]
    fn one_position_or_a_batch_gives_the_same_logits() {
        let net = sample(2, 8);
        let size = 5;
        let mut batch = Tape::new(&net, size, 3);
        for (i, v) in batch.input.iter_mut().enumerate() {
            *v = ((i.wrapping_mul(2654435761) >> 7) % 3) as f32 / 2.0;
        }
        net.forward(&mut batch, 2);
        for i in 0..3 {
            let mut one = Tape::new(&net, size, 1);
            let src = batch.input_mut(i).to_vec();
            one.input_mut(0).copy_from_slice(&src);
            net.forward(&mut one, 1);
            for (a, b) in one.logits(0).iter().zip(batch.logits(i)) {
                assert!((a - b).abs() < 1e-4, "{a} {b}");
            }
        }
        // the logits depend on the input
        assert_ne!(batch.logits(0), batch.logits(1));
    }
}
