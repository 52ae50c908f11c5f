//! `tengen patterns train`: harvests the shapes of the moves played in strong games, then
//! fits every feature's gamma by minorization-maximization (Coulom 2007: each played move
//! is a win of its team of features over the teams of all the other legal moves), with one
//! virtual win and one virtual loss against a gamma of 1 per feature as a weak prior.

use super::records::{Moves, Position};
use crate::board::Point;
use crate::patterns::features::{Context, GROUPS};
use crate::patterns::model::{Model, ShapeGamma};
use crate::patterns::shape::{self, SIZES};
use rayon::prelude::*;
use std::collections::HashMap;
use std::time::Instant;

/// Settings of a training run.
#[derive(Clone, Debug)]
pub struct TrainSettings {
    /// Fewest times a shape must be played to be kept.
    pub min_count: u32,
    /// MM iterations (each updates every feature group once).
    pub iterations: usize,
}

/// What a training run did, for the log and bench/README.md.
#[derive(Clone, Debug, Default)]
pub struct TrainStats {
    /// Games used.
    pub games: usize,
    /// Damaged games skipped.
    pub damaged: usize,
    /// Positions (played moves) learned from.
    pub positions: usize,
    /// Candidate moves over all positions.
    pub candidates: usize,
    /// Shapes kept, per size.
    pub shapes: [usize; SIZES],
    /// Mean log-likelihood of the played moves after each iteration.
    pub log_likelihood: Vec<f64>,
    /// Seconds spent harvesting shapes, extracting features and fitting.
    pub seconds: [f64; 3],
}

/// Every candidate of a position (the legal moves and the pass), the played one first
/// when it is among them; calls `f(point, packed features, shape keys or none)`.
pub fn for_each_candidate(pos: &Position, ctx: &Context<7>, mut f: impl FnMut(Option<Point>, u32)) {
    let b = pos.board;
    for &i in b.empty_list() {
        let p = Point(i);
        if b.is_legal_fast(pos.color, p) {
            f(Some(p), ctx.features(b, p));
        }
    }
    f(None, ctx.pass_features());
}

/// The feature context of a position.
pub fn context(pos: &Position) -> Context<7> {
    Context::new(
        pos.board,
        pos.color,
        pos.last[0],
        pos.last[1],
        pos.last_passed,
    )
}

/// One game's training data: candidates as (packed features, shape index), positions as
/// offsets into them, and the played candidate of each position.
#[derive(Default)]
struct Data {
    small: Vec<u32>,
    shape: Vec<u32>,
    starts: Vec<u32>,
    winners: Vec<u32>,
}

impl Data {
    fn append(&mut self, o: Data) {
        let base = self.small.len() as u32;
        self.starts.extend(o.starts.iter().map(|s| s + base));
        self.winners.extend(o.winners.iter().map(|w| w + base));
        self.small.extend(o.small);
        self.shape.extend(o.shape);
    }
}

/// The shape keys of the moves played in a game (every size), or why it is damaged.
fn harvest(g: &Moves) -> Result<Vec<u64>, String> {
    let mut keys = vec![];
    g.replay(|pos| {
        if let Some(p) = pos.played {
            if pos.board.is_empty_point(p) {
                shape::for_each_key(pos.board, pos.color, p, |_, k| {
                    keys.push(k);
                    true
                });
            }
        }
    })?;
    Ok(keys)
}

/// The training data of a game, with shapes looked up in `dict`.
fn extract(g: &Moves, dict: &HashMap<u64, (u32, u8), ahash::RandomState>) -> Result<Data, String> {
    let mut d = Data::default();
    g.replay(|pos| {
        let ctx = context(pos);
        let start = d.small.len() as u32;
        let mut winner = None;
        for_each_candidate(pos, &ctx, |p, small| {
            let shape = match p {
                Some(p) => {
                    shape::largest_known(pos.board, pos.color, p, |k| dict.get(&k).map(|v| v.0))
                        .map_or(0, |(_, s)| s)
                }
                None => 0,
            };
            if p == pos.played {
                winner = Some(d.small.len() as u32);
            }
            d.small.push(small);
            d.shape.push(shape);
        });
        match winner {
            Some(w) => {
                d.starts.push(start);
                d.winners.push(w);
            }
            // the played move is no candidate (it will fail in the replay): drop the position
            None => d.small.truncate(start as usize),
        }
        d.shape.truncate(d.small.len());
    })?;
    // many games are held at once before they are joined: no spare capacity
    d.small.shrink_to_fit();
    d.shape.shrink_to_fit();
    Ok(d)
}

/// Trains a model on `games`; progress goes to the log.
pub fn train(games: &[Moves], damaged: usize, s: &TrainSettings) -> (Model, TrainStats) {
    let mut stats = TrainStats {
        damaged,
        ..Default::default()
    };
    // 1. shapes of the played moves, counted
    let t0 = Instant::now();
    let harvested: Vec<Option<Vec<u64>>> = games.par_iter().map(|g| harvest(g).ok()).collect();
    let mut counts: HashMap<u64, (u32, u8), ahash::RandomState> = HashMap::default();
    let mut good = vec![];
    for (g, keys) in games.iter().zip(&harvested) {
        let Some(keys) = keys else {
            stats.damaged += 1;
            continue;
        };
        good.push(g);
        // keys come size by size for each move: 0, 1, ..., SIZES - 1, 0, 1, ...
        for move_keys in keys.chunks_exact(SIZES) {
            for (size, &k) in move_keys.iter().enumerate() {
                counts.entry(k).or_insert((0, size as u8)).0 += 1;
            }
        }
    }
    drop(harvested);
    let mut kept: Vec<(u64, u8)> = counts
        .iter()
        .filter(|(_, v)| v.0 >= s.min_count)
        .map(|(k, v)| (*k, v.1))
        .collect();
    kept.sort_unstable();
    drop(counts);
    let dict: HashMap<u64, (u32, u8), ahash::RandomState> = kept
        .iter()
        .enumerate()
        .map(|(i, &(k, size))| (k, (i as u32 + 1, size)))
        .collect();
    for &(_, size) in &kept {
        stats.shapes[size as usize] += 1;
    }
    stats.games = good.len();
    stats.seconds[0] = t0.elapsed().as_secs_f64();
    log::info!(
        "harvest: {} games, {} shapes kept (min count {}) in {:.1} s",
        good.len(),
        kept.len(),
        s.min_count,
        stats.seconds[0]
    );

    // 2. features of every candidate of every position
    let t1 = Instant::now();
    let parts: Vec<Data> = good
        .par_iter()
        .filter_map(|g| extract(g, &dict).ok())
        .collect();
    // one allocation of the final size, each part freed once copied
    let mut data = Data::default();
    let n: usize = parts.iter().map(|p| p.small.len()).sum();
    let m: usize = parts.iter().map(|p| p.winners.len()).sum();
    data.small.reserve_exact(n);
    data.shape.reserve_exact(n);
    data.starts.reserve_exact(m + 1);
    data.winners.reserve_exact(m);
    for p in parts {
        data.append(p);
    }
    data.starts.push(data.small.len() as u32);
    stats.positions = data.winners.len();
    stats.candidates = data.small.len();
    stats.seconds[1] = t1.elapsed().as_secs_f64();
    log::info!(
        "features: {} positions, {} candidates in {:.1} s",
        stats.positions,
        stats.candidates,
        stats.seconds[1]
    );

    // 3. minorization-maximization
    let t2 = Instant::now();
    let fit = Fit::new(data, kept.len() + 1);
    let (small, shape, ll) = fit.run(s.iterations);
    stats.log_likelihood = ll;
    stats.seconds[2] = t2.elapsed().as_secs_f64();

    let mut model = Model::uniform();
    for (gi, g) in GROUPS.iter().enumerate() {
        for l in 1..=g.levels() {
            model.set_level(*g, l, small[gi][l as usize] as f32);
        }
    }
    model.set_no_shape(shape[0] as f32);
    for (i, &(k, size)) in kept.iter().enumerate() {
        model.insert_shape(
            k,
            ShapeGamma {
                gamma: shape[i + 1] as f32,
                size,
            },
        );
    }
    (model, stats)
}

/// The MM fit over compact data: distinct packed features are numbered (`team`), so that
/// a candidate's strength is `team_gamma[team] * shape_gamma[shape]`.
struct Fit {
    team: Vec<u32>,
    shape: Vec<u32>,
    starts: Vec<u32>,
    winners: Vec<u32>,
    /// Packed features of each team.
    packed: Vec<u32>,
    n_shapes: usize,
}

type Gammas = (Vec<Vec<f64>>, Vec<f64>, Vec<f64>);

impl Fit {
    fn new(d: Data, n_shapes: usize) -> Fit {
        let mut index: HashMap<u32, u32, ahash::RandomState> = HashMap::default();
        let mut packed = vec![];
        // packed features become team numbers in place (the largest array is not copied)
        let mut team = d.small;
        for s in team.iter_mut() {
            *s = *index.entry(*s).or_insert_with(|| {
                packed.push(*s);
                packed.len() as u32 - 1
            });
        }
        Fit {
            team,
            shape: d.shape,
            starts: d.starts,
            winners: d.winners,
            packed,
            n_shapes,
        }
    }

    fn positions(&self) -> usize {
        self.winners.len()
    }

    /// Sums over positions, in parallel: for each team (or shape) the sum over its
    /// candidates of the strength of the rest of the candidate divided by the position's
    /// total, and the log-likelihood of the played moves.
    fn accumulate(&self, team_g: &[f64], shape_g: &[f64], by_shape: bool) -> (Vec<f64>, f64) {
        let n = if by_shape {
            self.n_shapes
        } else {
            team_g.len()
        };
        let chunk = (self.positions() / 64).max(1);
        (0..self.positions())
            .into_par_iter()
            .with_min_len(chunk)
            .fold(
                || (vec![0.0f64; n], 0.0f64),
                |(mut acc, mut ll), j| {
                    let (a, z) = (self.starts[j] as usize, self.starts[j + 1] as usize);
                    let mut total = 0.0;
                    for i in a..z {
                        total += team_g[self.team[i] as usize] * shape_g[self.shape[i] as usize];
                    }
                    let w = self.winners[j] as usize;
                    ll += (team_g[self.team[w] as usize] * shape_g[self.shape[w] as usize] / total)
                        .ln();
                    let inv = 1.0 / total;
                    for i in a..z {
                        if by_shape {
                            acc[self.shape[i] as usize] += team_g[self.team[i] as usize] * inv;
                        } else {
                            acc[self.team[i] as usize] += shape_g[self.shape[i] as usize] * inv;
                        }
                    }
                    (acc, ll)
                },
            )
            .reduce(
                || (vec![0.0f64; n], 0.0),
                |(mut a, la), (b, lb)| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    (a, la + lb)
                },
            )
    }

    fn team_gammas(&self, small: &[Vec<f64>]) -> Vec<f64> {
        self.packed
            .iter()
            .map(|&p| {
                GROUPS
                    .iter()
                    .enumerate()
                    .map(|(gi, g)| small[gi][g.level(p) as usize])
                    .product()
            })
            .collect()
    }

    /// Runs the iterations; returns the gammas (per group and level, per shape) and the mean
    /// log-likelihood before each iteration and at the end.
    fn run(&self, iterations: usize) -> Gammas {
        let mut small: Vec<Vec<f64>> = GROUPS
            .iter()
            .map(|g| vec![1.0; g.levels() as usize + 1])
            .collect();
        let mut shape = vec![1.0; self.n_shapes];
        // wins of every level and shape
        let mut small_wins: Vec<Vec<f64>> = small.iter().map(|v| vec![0.0; v.len()]).collect();
        let mut shape_wins = vec![0.0; self.n_shapes];
        for &w in &self.winners {
            let p = self.packed[self.team[w as usize] as usize];
            for (gi, g) in GROUPS.iter().enumerate() {
                small_wins[gi][g.level(p) as usize] += 1.0;
            }
            shape_wins[self.shape[w as usize] as usize] += 1.0;
        }
        let n = self.positions().max(1) as f64;
        let mut lls = vec![];
        for it in 0..iterations {
            let t = Instant::now();
            // shapes first (the teams' gammas stay), then every group
            let mut teams = self.team_gammas(&small);
            let (acc, ll) = self.accumulate(&teams, &shape, true);
            lls.push(ll / n);
            for (s, g) in shape.iter_mut().enumerate() {
                *g = mm_step(*g, shape_wins[s], acc[s]);
            }
            for (gi, g) in GROUPS.iter().enumerate() {
                if gi > 0 {
                    teams = self.team_gammas(&small);
                }
                let (acc, _) = self.accumulate(&teams, &shape, false);
                let mut c = vec![0.0; small[gi].len()];
                for (t, &p) in self.packed.iter().enumerate() {
                    let l = g.level(p) as usize;
                    c[l] += acc[t] * teams[t] / small[gi][l];
                }
                for l in 1..small[gi].len() {
                    small[gi][l] = mm_step(small[gi][l], small_wins[gi][l], c[l]);
                }
            }
            log::info!(
                "MM iteration {}: log-likelihood {:.4} ({:.1} s)",
                it + 1,
                ll / n,
                t.elapsed().as_secs_f64()
            );
        }
        let teams = self.team_gammas(&small);
        let (_, ll) = self.accumulate(&teams, &shape, true);
        lls.push(ll / n);
        (small, shape, lls)
    }
}

/// One MM update of a gamma with `wins` and the sum `c` over its appearances, plus the
/// prior: a virtual win and a virtual loss against a gamma of 1.
fn mm_step(gamma: f64, wins: f64, c: f64) -> f64 {
    let g = (wins + 1.0) / (c + 2.0 / (gamma + 1.0));
    g.clamp(1e-6, 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::records::RawGame;
    use crate::patterns::features::Group;

    /// A game that repeats one joseki-like sequence in every corner.
    fn games(n: usize) -> Vec<Moves> {
        let line = "1\t;B[pd];W[dp];B[pp];W[dd];B[qf];W[fq];B[nc];W[cn];B[qn];W[fc];B[cj];W[jq]";
        (0..n)
            .map(|_| {
                RawGame {
                    name: "t".into(),
                    text: line.into(),
                    sgf: false,
                }
                .parse()
                .unwrap()
            })
            .collect()
    }

    #[test]
    fn mm_learns_what_is_played_and_likelihood_rises() {
        let gs = games(6);
        let (model, stats) = train(
            &gs,
            0,
            &TrainSettings {
                min_count: 2,
                iterations: 6,
            },
        );
        assert_eq!(stats.games, 6);
        assert_eq!(stats.positions, 6 * 12);
        assert!(stats.shapes[0] > 0);
        let ll = &stats.log_likelihood;
        assert!(ll.windows(2).all(|w| w[1] >= w[0] - 1e-3), "{ll:?}");
        assert!(ll.last().unwrap() > &(ll[0] + 0.5), "{ll:?}");
        // every move was on the 3rd or 4th line: they beat the first line
        assert!(model.level_gamma(Group::Line, 3) > model.level_gamma(Group::Line, 1));
        assert!(model.level_gamma(Group::Line, 4) > model.level_gamma(Group::Line, 1));
        // nobody passed (the prior keeps a feature never seen near 1)
        assert!(model.level_gamma(Group::Pass, 1) < 1.0);
        assert!(model.level_gamma(Group::Pass, 1) < model.level_gamma(Group::Line, 4));
    }

    #[test]
    fn damaged_games_are_counted_and_skipped() {
        let mut gs = games(3);
        gs.push(
            RawGame {
                name: "bad".into(),
                text: "1\t;B[pd];W[pd]".into(),
                sgf: false,
            }
            .parse()
            .unwrap(),
        );
        let (_, stats) = train(
            &gs,
            2,
            &TrainSettings {
                min_count: 1,
                iterations: 1,
            },
        );
        assert_eq!((stats.games, stats.damaged), (3, 3));
        assert_eq!(stats.positions, 36);
    }
}
