//! `tengen patterns playout`: fits the learned playout policy's gammas (see
//! [`crate::search::playout::learned`]) to strong players' moves by minorization-maximization
//! (Coulom 2007). Each played move is a win of its team (its shape class and its distance
//! class to the last two moves) over the teams of every other move the policy could draw
//! there; shape classes seen fewer than `min_count` times as candidates share one "rare"
//! gamma. One virtual win and one virtual loss against a gamma of 1 per feature act as a
//! weak prior. The fit is then rated on the newest games, which it never saw.

use super::records::{Moves, Position};
use crate::board::{Color, Point};
use crate::patterns::shape3::{
    canonical, distance_class, playable, shape_index, swap_colours, DISTANCES,
};
use crate::search::playout::learned::Gammas;
use ahash::AHashMap;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `tengen patterns playout`.
#[derive(clap::Args, Debug)]
pub struct PlayoutArgs {
    /// A folder of records (Tom lines or SGF files, read recursively) or one file.
    #[arg(long)]
    pub records: PathBuf,
    /// Games to learn from, oldest first.
    #[arg(long, default_value_t = 1_500)]
    pub games: usize,
    /// The newest games, never learned from; the fit is rated on the newest `--test` of them.
    #[arg(long, default_value_t = 5_000)]
    pub holdout: usize,
    /// Games of the holdout to rate the fit on.
    #[arg(long, default_value_t = 300)]
    pub test: usize,
    /// The file to write (the one built into Tengen is src/search/playout/learned.bin).
    #[arg(long)]
    pub out: PathBuf,
    /// Fewest appearances as a candidate for a shape class to get its own gamma.
    #[arg(long, default_value_t = 20)]
    pub min_count: u32,
    /// Minorization-maximization iterations.
    #[arg(long, default_value_t = 12)]
    pub iterations: usize,
}

/// The candidates of one position: (shape class << 2 | distance class, how many), the
/// played one's key apart.
struct Sample {
    keys: Vec<(u32, u16)>,
    played: u32,
}

/// The policy's candidates in `pos` (every empty point it could draw, the ko point out) as
/// sorted (canonical shape << 2 | distance, count) pairs, and the played move's key; `None`
/// when the played move is a pass or not a candidate.
fn sample(pos: &Position) -> Option<Sample> {
    let b = pos.board;
    let played = pos.played?;
    let ko = b.ko().filter(|&(_, c)| c == pos.color).map(|(k, _)| k);
    let mut keys: Vec<u32> = Vec::with_capacity(b.empty_list().len());
    let mut played_key = None;
    for &e in b.empty_list() {
        let p = Point(e);
        if Some(p) == ko {
            continue;
        }
        let k = shape_index(b, p);
        let k = if pos.color == Color::Black {
            k
        } else {
            swap_colours(k)
        };
        if !playable(k) {
            continue;
        }
        let key = canonical(k) << 2 | distance_class(b.stride(), p, &pos.last) as u32;
        if p == played {
            played_key = Some(key);
        }
        keys.push(key);
    }
    let played = played_key?;
    keys.sort_unstable();
    let mut out: Vec<(u32, u16)> = Vec::with_capacity(keys.len() / 2);
    for k in keys {
        match out.last_mut() {
            Some((x, n)) if *x == k => *n = n.saturating_add(1),
            _ => out.push((k, 1)),
        }
    }
    Some(Sample { keys: out, played })
}

fn samples(games: &[Moves]) -> Vec<Sample> {
    games
        .par_iter()
        .map(|g| {
            let mut v = vec![];
            // a damaged game stops at its bad move; its earlier positions stay
            let _ = g.replay(|pos| v.extend(sample(pos)));
            v
        })
        .flatten()
        .collect()
}

/// A fitted model: gamma per shape class (dense index 0: the rare ones), per distance.
struct Fit {
    classes: Vec<u32>,
    dense: AHashMap<u32, usize>,
    shape: Vec<f64>,
    distance: [f64; DISTANCES],
}

impl Fit {
    fn strength(&self, key: u32) -> f64 {
        let s = self.dense.get(&(key >> 2)).copied().unwrap_or(0);
        self.shape[s] * self.distance[(key & 3) as usize]
    }

    /// Mean log-likelihood of the played moves and the share the model ranks first.
    fn rate(&self, data: &[Sample]) -> (f64, f64) {
        let (ll, top) = data
            .par_iter()
            .map(|s| {
                let e: f64 = s
                    .keys
                    .iter()
                    .map(|&(k, n)| n as f64 * self.strength(k))
                    .sum();
                let w = self.strength(s.played);
                let best = s
                    .keys
                    .iter()
                    .map(|&(k, _)| self.strength(k))
                    .fold(0.0, f64::max);
                // a tie for first counts as a share
                let ties: u32 = s
                    .keys
                    .iter()
                    .filter(|&&(k, _)| self.strength(k) >= best)
                    .map(|&(_, n)| n as u32)
                    .sum();
                let top = if w >= best {
                    1.0 / ties.max(1) as f64
                } else {
                    0.0
                };
                ((w / e.max(1e-300)).max(1e-300).ln(), top)
            })
            .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
        let n = data.len().max(1) as f64;
        (ll / n, top / n)
    }
}

/// Fits the gammas to `data`.
fn fit(data: &[Sample], min_count: u32, iterations: usize) -> Fit {
    let mut seen: AHashMap<u32, u64> = AHashMap::new();
    for s in data {
        for &(k, n) in &s.keys {
            *seen.entry(k >> 2).or_default() += n as u64;
        }
    }
    let mut classes: Vec<u32> = seen
        .iter()
        .filter(|&(_, &n)| n >= min_count as u64)
        .map(|(&k, _)| k)
        .collect();
    classes.sort_unstable();
    let dense: AHashMap<u32, usize> = classes
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i + 1))
        .collect();
    let n = classes.len() + 1;
    let mut f = Fit {
        classes,
        dense,
        shape: vec![1.0; n],
        distance: [1.0; DISTANCES],
    };
    let mut wins = vec![0.0f64; n];
    let mut dwins = [0.0f64; DISTANCES];
    for s in data {
        wins[f.dense.get(&(s.played >> 2)).copied().unwrap_or(0)] += 1.0;
        dwins[(s.played & 3) as usize] += 1.0;
    }
    for it in 0..iterations {
        // shapes: each class's share of every position's total, weighted by its distance
        let den = data
            .par_iter()
            .fold(
                || vec![0.0f64; n],
                |mut acc, s| {
                    let e: f64 = s.keys.iter().map(|&(k, c)| c as f64 * f.strength(k)).sum();
                    for &(k, c) in &s.keys {
                        let i = f.dense.get(&(k >> 2)).copied().unwrap_or(0);
                        acc[i] += c as f64 * f.distance[(k & 3) as usize] / e;
                    }
                    acc
                },
            )
            .reduce(
                || vec![0.0f64; n],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        for i in 0..n {
            let g = f.shape[i];
            f.shape[i] = (wins[i] + 1.0) / (den[i] + 2.0 / (g + 1.0));
        }
        // distances likewise, class 0 fixed at 1
        let dden = data
            .par_iter()
            .fold(
                || [0.0f64; DISTANCES],
                |mut acc, s| {
                    let e: f64 = s.keys.iter().map(|&(k, c)| c as f64 * f.strength(k)).sum();
                    for &(k, c) in &s.keys {
                        let i = f.dense.get(&(k >> 2)).copied().unwrap_or(0);
                        acc[(k & 3) as usize] += c as f64 * f.shape[i] / e;
                    }
                    acc
                },
            )
            .reduce(
                || [0.0f64; DISTANCES],
                |mut a, b| {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    a
                },
            );
        for d in 1..DISTANCES {
            let g = f.distance[d];
            f.distance[d] = (dwins[d] + 1.0) / (dden[d] + 2.0 / (g + 1.0));
        }
        // the empty 3x3 (class 0, no stone, no atari) is the unit
        let unit = f.dense.get(&0).map(|&i| f.shape[i]).unwrap_or(1.0);
        f.shape.iter_mut().for_each(|g| *g /= unit);
        let (ll, top) = f.rate(data);
        log::info!(
            "iteration {}: log-likelihood {ll:.4}, top-1 {top:.4}",
            it + 1
        );
    }
    f
}

/// Runs `tengen patterns playout`; prints a summary, its last line one JSON object.
pub fn run(a: &PlayoutArgs) -> Result<(), String> {
    let t = Instant::now();
    let raw = super::read(&a.records)?;
    let take = super::training_games(raw.len(), a.games, a.holdout)?;
    let test_from = raw.len().saturating_sub(a.test.min(a.holdout));
    let (train_games, damaged) = super::parse_all(&raw[..take]);
    let (test_games, test_damaged) = super::parse_all(&raw[test_from..]);
    drop(raw);
    let train = samples(&train_games);
    let test = samples(&test_games);
    drop((train_games, test_games));
    if train.is_empty() {
        return Err("no usable positions".into());
    }
    let harvest = t.elapsed().as_secs_f64();
    let f = fit(&train, a.min_count, a.iterations);
    let uniform = Fit {
        classes: vec![],
        dense: AHashMap::new(),
        shape: vec![1.0],
        distance: [1.0; DISTANCES],
    };
    let (ll_train, top_train) = f.rate(&train);
    let (ll_test, top_test) = f.rate(&test);
    let (ll_uniform, top_uniform) = uniform.rate(&test);
    let classes: Vec<(u32, f32)> = f
        .classes
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, f.shape[i + 1] as f32))
        .collect();
    let distance = f.distance.map(|d| d as f32);
    let bytes = Gammas::to_bytes(&classes, f.shape[0] as f32, distance);
    super::write_whole(&a.out, &bytes)?;
    println!(
        "{} shape classes (+ rare {:.3}), distance gammas {:?}, {} bytes written to {}",
        classes.len(),
        f.shape[0],
        distance,
        bytes.len(),
        a.out.display()
    );
    println!(
        "held-out positions: log-likelihood {ll_test:.3} (uniform {ll_uniform:.3}), top-1 {:.1}% (uniform {:.1}%)",
        100.0 * top_test,
        100.0 * top_uniform
    );
    println!(
        "{}",
        serde_json::json!({
            "games": take,
            "damaged": damaged + test_damaged,
            "positions": train.len(),
            "test_positions": test.len(),
            "classes": classes.len(),
            "distance": distance,
            "log_likelihood_train": ll_train,
            "top1_train": top_train,
            "log_likelihood_test": ll_test,
            "top1_test": top_test,
            "log_likelihood_uniform": ll_uniform,
            "top1_uniform": top_uniform,
            "seconds_harvest": (harvest * 10.0).round() / 10.0,
            "seconds": (t.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::records::RawGame;

    /// A game whose moves follow one habit: every move touches the previous one (beside or
    /// diagonally).
    fn games() -> Vec<Moves> {
        let line = ";B[dd];W[de];B[ed];W[ee];B[fd];W[fe];B[gd];W[ge];B[hd];W[he];B[id];W[ie]";
        (0..20)
            .map(|i| {
                RawGame {
                    name: format!("g{i}"),
                    text: format!("g{i}\t{line}"),
                    sgf: false,
                }
                .parse()
                .unwrap()
            })
            .collect()
    }

    #[test]
    fn the_fit_learns_that_moves_touch_the_last_one() {
        let data = samples(&games());
        assert!(data.len() > 200, "{}", data.len());
        let f = fit(&data, 1, 8);
        // every move touched the last one: both near classes are far above the far class
        // (1) and the class of the move before it
        let d = f.distance;
        assert!(d[1] > 2.0 && d[2] > 4.0 && d[3] < d[1].min(d[2]), "{d:?}");
        let uniform = Fit {
            classes: vec![],
            dense: AHashMap::new(),
            shape: vec![1.0],
            distance: [1.0; DISTANCES],
        };
        let (ll, top) = f.rate(&data);
        let (ll0, top0) = uniform.rate(&data);
        assert!(
            ll > ll0 + 1.0 && top > top0 + 0.2,
            "{ll} {ll0} {top} {top0}"
        );
    }
}
