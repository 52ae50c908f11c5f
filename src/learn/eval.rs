//! `tengen patterns eval`: how often a model ranks the move a strong player chose first,
//! in the top 5 and in the top 10, and the mean log-likelihood of those moves, overall and
//! by stage of the game.

use super::records::Moves;
use super::train::{context, for_each_candidate};
use crate::board::Point;
use crate::nn::features::{point_index, HISTORY};
use crate::nn::net::Net;
use crate::nn::policy::{mix, Evaluator};
use crate::patterns::model::Model;
use rayon::prelude::*;

/// Stages of the game the table breaks the rates down by: (first move number, label).
pub const STAGES: [(usize, &str); 4] = [
    (0, "moves 1-30"),
    (30, "moves 31-100"),
    (100, "moves 101-200"),
    (200, "moves 201+"),
];

/// Prediction counts over positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counts {
    /// Positions.
    pub positions: usize,
    /// Played move ranked first, in the first five, in the first ten.
    pub top: [usize; 3],
    /// Sum of the natural logarithms of the played moves' probabilities.
    pub log_likelihood: f64,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.positions += o.positions;
        for i in 0..3 {
            self.top[i] += o.top[i];
        }
        self.log_likelihood += o.log_likelihood;
    }

    /// A rate out of the positions (0 when there are none).
    pub fn rate(&self, n: usize) -> f64 {
        n as f64 / self.positions.max(1) as f64
    }
}

/// The outcome of an evaluation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalStats {
    /// Games evaluated.
    pub games: usize,
    /// Damaged games skipped.
    pub damaged: usize,
    /// Every position.
    pub all: Counts,
    /// By stage (see [`STAGES`]).
    pub stages: [Counts; 4],
}

/// The rank of the played move among the candidates: how many others are at least as
/// strong (ties count against the model).
fn score(gammas: &[f32], played: usize) -> (usize, f64) {
    let g = gammas[played];
    let rank = gammas
        .iter()
        .enumerate()
        .filter(|&(i, &x)| i != played && x >= g)
        .count();
    let total: f64 = gammas.iter().map(|&x| x as f64).sum();
    (rank, (g as f64 / total).ln())
}

/// The policy network and its share of the prior (the patterns' probabilities have the
/// rest).
#[derive(Clone, Copy)]
pub struct Network<'a> {
    /// The weights.
    pub net: &'a Net,
    /// The network's weight in the mix, 0 to 1.
    pub mix: f32,
    /// Symmetries its probabilities are averaged over (1 to 8).
    pub symmetries: usize,
}

fn eval_game(g: &Moves, model: &Model, network: Option<Network>) -> Result<[Counts; 4], String> {
    let mut out = [Counts::default(); 4];
    let mut gammas = vec![];
    let mut candidates: Vec<Option<Point>> = vec![];
    let mut history: Vec<Option<Point>> = vec![];
    let mut evaluator = network.map(|n| Evaluator::averaging(n.net, g.size, n.symmetries));
    g.replay(|pos| {
        let recent: Vec<Option<Point>> = history.iter().rev().take(HISTORY).copied().collect();
        history.push(pos.played);
        let ctx = context(pos);
        gammas.clear();
        let mut played = None;
        candidates.clear();
        for_each_candidate(pos, &ctx, |p, _| {
            if p == pos.played {
                played = Some(gammas.len());
            }
            candidates.push(p);
            gammas.push(match p {
                Some(p) => model.gamma(pos.board, &ctx, p),
                None => model.pass_gamma(&ctx),
            });
        });
        let Some(played) = played else {
            return;
        };
        if let (Some(e), Some(n)) = (evaluator.as_mut(), network) {
            let probs = e.evaluate(pos.board, pos.color, &recent);
            let total: f32 = gammas.iter().sum();
            let points = g.size * g.size;
            for (gamma, p) in gammas.iter_mut().zip(&candidates) {
                let net = p.map_or(probs[points], |p| probs[point_index(p, g.size, 0)]);
                let own = *gamma as f64 / total.max(1e-30) as f64;
                *gamma = mix(own, net as f64, n.mix as f64) as f32;
            }
        }
        let (rank, ll) = score(&gammas, played);
        let stage = STAGES.iter().rposition(|s| pos.number >= s.0).unwrap_or(0);
        let c = &mut out[stage];
        c.positions += 1;
        for (i, n) in [1, 5, 10].into_iter().enumerate() {
            if rank < n {
                c.top[i] += 1;
            }
        }
        c.log_likelihood += ll;
    })?;
    Ok(out)
}

/// Evaluates `model`, mixed with `network` when given, on `games` (in parallel).
pub fn evaluate(
    games: &[Moves],
    damaged: usize,
    model: &Model,
    network: Option<Network>,
) -> EvalStats {
    let per_game: Vec<Option<[Counts; 4]>> = games
        .par_iter()
        .map(|g| eval_game(g, model, network).ok())
        .collect();
    let mut s = EvalStats {
        damaged,
        ..Default::default()
    };
    for r in per_game {
        match r {
            Some(c) => {
                s.games += 1;
                for (i, st) in c.iter().enumerate() {
                    s.stages[i].add(st);
                    s.all.add(st);
                }
            }
            None => s.damaged += 1,
        }
    }
    s
}

impl EvalStats {
    /// A readable table, one line per stage and one for all positions.
    pub fn table(&self) -> String {
        let mut t = format!(
            "{:<16} {:>9} {:>7} {:>7} {:>7} {:>9}\n",
            "positions", "count", "top-1", "top-5", "top-10", "mean ll"
        );
        let rows = STAGES
            .iter()
            .map(|s| s.1)
            .zip(self.stages.iter())
            .chain([("all", &self.all)]);
        for (label, c) in rows {
            t += &format!(
                "{:<16} {:>9} {:>6.1}% {:>6.1}% {:>6.1}% {:>9.3}\n",
                label,
                c.positions,
                100.0 * c.rate(c.top[0]),
                100.0 * c.rate(c.top[1]),
                100.0 * c.rate(c.top[2]),
                c.log_likelihood / c.positions.max(1) as f64
            );
        }
        t
    }

    /// The one-line JSON summary `eval` prints last.
    pub fn json(&self) -> serde_json::Value {
        let c = &self.all;
        serde_json::json!({
            "games": self.games,
            "positions": c.positions,
            "top1": round(c.rate(c.top[0])),
            "top5": round(c.rate(c.top[1])),
            "top10": round(c.rate(c.top[2])),
            "mean_log_likelihood": round(c.log_likelihood / c.positions.max(1) as f64),
        })
    }
}

fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::records::RawGame;
    use crate::patterns::features::Group;

    #[test]
    fn ranks_count_ties_against_the_model() {
        assert_eq!(score(&[1.0, 1.0, 1.0], 0).0, 2);
        assert_eq!(score(&[3.0, 1.0, 1.0], 0).0, 0);
        assert_eq!(score(&[1.0, 2.0, 0.5], 0).0, 1);
        assert!((score(&[1.0, 3.0], 0).1 - 0.25f64.ln()).abs() < 1e-9);
    }

    #[test]
    fn a_model_that_likes_the_third_line_predicts_a_third_line_game() {
        let g = RawGame {
            name: "t".into(),
            text: "1\t;B[qc];W[cq];B[cc];W[qq];B[]".into(),
            sgf: false,
        }
        .parse()
        .unwrap();
        let uniform = evaluate(std::slice::from_ref(&g), 0, &Model::uniform(), None);
        assert_eq!(uniform.games, 1);
        assert_eq!(uniform.all.positions, 5);
        assert_eq!(uniform.all.top[0], 0);
        let mut m = Model::uniform();
        m.set_level(Group::Line, 3, 50.0);
        m.set_level(Group::Pass, 1, 0.01);
        let better = evaluate(std::slice::from_ref(&g), 0, &m, None);
        assert!(better.all.log_likelihood > uniform.all.log_likelihood);
        // every third-line point is as strong as the one played: ties count against
        assert_eq!(better.all.top[2], 0, "{}", better.table());
        let j = better.json();
        assert_eq!(j["positions"], 5);
        assert!(better.table().lines().count() == 6);
    }

    #[test]
    fn a_network_mixed_in_changes_the_ranks_and_none_of_it_changes_nothing() {
        let g = RawGame {
            name: "t".into(),
            text: "1\t;B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp]".into(),
            sgf: false,
        }
        .parse()
        .unwrap();
        let games = std::slice::from_ref(&g);
        let model = Model::embedded().unwrap();
        let net = crate::learn::policy::initial(1, 8, 3);
        let plain = evaluate(games, 0, model, None);
        let none = Network {
            net: &net,
            mix: 0.0,
            symmetries: 1,
        };
        let zero = evaluate(games, 0, model, Some(none));
        assert_eq!(zero.all.top, plain.all.top);
        assert!((zero.all.log_likelihood - plain.all.log_likelihood).abs() < 1e-3);
        let all = Network {
            net: &net,
            mix: 1.0,
            symmetries: 2,
        };
        let netted = evaluate(games, 0, model, Some(all));
        assert_eq!(netted.all.positions, 7);
        // an untrained network is far worse than the patterns
        assert!(netted.all.log_likelihood < plain.all.log_likelihood - 1.0);
    }
}
