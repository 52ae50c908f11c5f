//! The network of `tengen policy train` (a 3x3 stem, residual blocks of two 3x3
//! convolutions, a 1x1 point head and a pass head on the mean activation) trained with
//! candle on random input, to time candle's training and batch-1 forward pass on this CPU.
//! Usage: candle-policy BLOCKS FILTERS SIZE BATCH STEPS

use candle_core::{DType, Device, Module, Tensor, D};
use candle_nn::{conv2d, linear, ops, Conv2d, Conv2dConfig, Optimizer, VarBuilder, VarMap};
use std::time::Instant;

/// Input planes of Tengen's network.
const PLANES: usize = 27;

struct Block {
    c1: Conv2d,
    c2: Conv2d,
}

struct Net {
    stem: Conv2d,
    blocks: Vec<Block>,
    head: Conv2d,
    pass: candle_nn::Linear,
}

fn pad1() -> Conv2dConfig {
    Conv2dConfig {
        padding: 1,
        ..Default::default()
    }
}

impl Net {
    fn new(vb: VarBuilder, blocks: usize, f: usize) -> candle_core::Result<Net> {
        let stem = conv2d(PLANES, f, 3, pad1(), vb.pp("stem"))?;
        let mut bs = vec![];
        for i in 0..blocks {
            bs.push(Block {
                c1: conv2d(f, f, 3, pad1(), vb.pp(format!("b{i}a")))?,
                c2: conv2d(f, f, 3, pad1(), vb.pp(format!("b{i}b")))?,
            });
        }
        let head = conv2d(f, 1, 1, Default::default(), vb.pp("head"))?;
        let pass = linear(f, 1, vb.pp("pass"))?;
        Ok(Net {
            stem,
            blocks: bs,
            head,
            pass,
        })
    }

    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let mut h = self.stem.forward(x)?.relu()?;
        for b in &self.blocks {
            let y = b.c1.forward(&h)?.relu()?;
            let y = b.c2.forward(&y)?;
            h = (y + h)?.relu()?;
        }
        let (n, _, hh, ww) = h.dims4()?;
        let logits = self.head.forward(&h)?.reshape((n, hh * ww))?;
        let pass = self.pass.forward(&h.mean((2, 3))?)?;
        Tensor::cat(&[logits, pass], 1)
    }
}

fn main() -> candle_core::Result<()> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let [blocks, f, size, batch, steps] = args[..] else {
        eprintln!("usage: candle-policy BLOCKS FILTERS SIZE BATCH STEPS");
        std::process::exit(2);
    };
    let dev = Device::Cpu;
    let vm = VarMap::new();
    let vb = VarBuilder::from_varmap(&vm, DType::F32, &dev);
    let net = Net::new(vb, blocks, f)?;
    let mut opt = candle_nn::AdamW::new_lr(vm.all_vars(), 1e-3)?;
    let x = Tensor::randn(0f32, 1., (batch, PLANES, size, size), &dev)?;
    let y = Tensor::zeros(batch, DType::U32, &dev)?;
    let loss = candle_nn::loss::cross_entropy(&net.forward(&x)?, &y)?;
    opt.backward_step(&loss)?;
    let t = Instant::now();
    for _ in 0..steps {
        let loss = candle_nn::loss::cross_entropy(&net.forward(&x)?, &y)?;
        opt.backward_step(&loss)?;
    }
    let train = t.elapsed().as_secs_f64();
    let x1 = Tensor::randn(0f32, 1., (1, PLANES, size, size), &dev)?;
    let t = Instant::now();
    let n = 20;
    for _ in 0..n {
        let p = ops::softmax(&net.forward(&x1)?, D::Minus1)?;
        let _ = p.sum_all()?.to_scalar::<f32>()?;
    }
    let infer = t.elapsed().as_secs_f64() / n as f64;
    println!(
        "{{\"blocks\":{blocks},\"filters\":{f},\"size\":{size},\"batch\":{batch},\"train_positions_per_second\":{:.1},\"forward_ms\":{:.2}}}",
        (steps * batch) as f64 / train,
        infer * 1000.0
    );
    Ok(())
}
