//! The tree search's tuned numbers in one struct, with documented defaults. Each can be set
//! from the command line (`--param name=value`), so matches can compare settings.

use super::playout::PlayoutParams;
#[cfg(test)]
use super::playout::Policy;
use super::prior::PriorParams;

/// Settings of the Monte-Carlo tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// Worker threads sharing one tree.
    pub threads: usize,
    /// Base seed of the workers' random generators.
    pub seed: u64,
    /// The playout policy and its settings.
    pub playout: PlayoutParams,
    /// RAVE equivalence parameter K of Silver's schedule beta = r / (r + n + n r / K);
    /// 0 picks Pachi's value for the board (3000 below 15x15, 4000 above).
    pub rave_k: f64,
    /// UCB exploration coefficient (0: none, the priors explore).
    pub exploration: f64,
    /// Visits before a leaf gets children.
    pub expand_visits: u32,
    /// Weights of the prior terms; `prior.even` is the even prior's virtual visits at 0.5 for
    /// every child, 0 picking 14 below 15x15 and 20 above.
    pub prior: PriorParams,
    /// Weight of the AMAF update for early moves (Pachi's 1 + w (L - t) / (L - s + 1)); 0 = flat.
    pub amaf_early_weight: f64,
    /// Most nodes the tree may hold.
    pub max_nodes: usize,
    /// Fewest visits of the root before the search may stop at the soft limit.
    pub min_visits_to_stop: u64,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            threads: 1,
            seed: 1,
            playout: PlayoutParams::default(),
            rave_k: 0.0,
            exploration: 0.0,
            expand_visits: 8,
            prior: PriorParams::new(0),
            amaf_early_weight: 3.0,
            max_nodes: 4 << 20,
            min_visits_to_stop: 100,
        }
    }
}

impl SearchParams {
    /// The RAVE K in force on a board of `size`.
    pub fn rave_k_for(&self, size: usize) -> f64 {
        if self.rave_k > 0.0 {
            self.rave_k
        } else if size < 15 {
            3000.0
        } else {
            4000.0
        }
    }

    /// The even prior in force on a board of `size`.
    pub fn prior_even_for(&self, size: usize) -> u32 {
        if self.prior.even > 0 {
            self.prior.even
        } else if size < 15 {
            14
        } else {
            20
        }
    }

    /// The names [`SearchParams::set`] takes, in the order of the README's table.
    pub const NAMES: &'static [&'static str] = &[
        "policy",
        "rave_k",
        "exploration",
        "expand_visits",
        "prior_even",
        "amaf_early_weight",
        "max_nodes",
        "min_visits_to_stop",
        "heavy_ko",
        "heavy_escape",
        "heavy_lgrf",
        "heavy_nakade",
        "heavy_two_lib",
        "heavy_pattern",
        "heavy_self_atari",
        "learned_self_atari",
        "learned_near",
        "prior_line1",
        "prior_line2",
        "prior_line3",
        "prior_near1",
        "prior_near2",
        "prior_near3",
        "prior_capture",
        "prior_save",
        "prior_ladder",
        "prior_pattern",
        "prior_ko",
        "prior_self_atari",
        "prior_pass",
        "prior_learned",
        "prior_book",
    ];

    /// The value of the parameter `name` as [`SearchParams::set`] reads it back (`None`:
    /// no such parameter).
    pub fn get(&self, name: &str) -> Option<String> {
        let v = match name {
            "policy" => self.playout.policy.to_string(),
            "rave_k" => self.rave_k.to_string(),
            "exploration" => self.exploration.to_string(),
            "expand_visits" => self.expand_visits.to_string(),
            "prior_even" => self.prior.even.to_string(),
            "prior_line1" => self.prior.line1.to_string(),
            "prior_line2" => self.prior.line2.to_string(),
            "prior_line3" => self.prior.line3.to_string(),
            "prior_near1" => self.prior.near[0].to_string(),
            "prior_near2" => self.prior.near[1].to_string(),
            "prior_near3" => self.prior.near[2].to_string(),
            "prior_capture" => self.prior.capture.to_string(),
            "prior_save" => self.prior.save.to_string(),
            "prior_self_atari" => self.prior.self_atari.to_string(),
            "prior_ladder" => self.prior.ladder.to_string(),
            "prior_pattern" => self.prior.pattern.to_string(),
            "prior_ko" => self.prior.ko.to_string(),
            "prior_pass" => self.prior.pass.to_string(),
            "prior_learned" => self.prior.learned.to_string(),
            "prior_book" => self.prior.book.to_string(),
            "amaf_early_weight" => self.amaf_early_weight.to_string(),
            "max_nodes" => self.max_nodes.to_string(),
            "min_visits_to_stop" => self.min_visits_to_stop.to_string(),
            "heavy_ko" => self.playout.heavy.ko.to_string(),
            "heavy_escape" => self.playout.heavy.escape.to_string(),
            "heavy_lgrf" => self.playout.heavy.lgrf.to_string(),
            "heavy_nakade" => self.playout.heavy.nakade.to_string(),
            "heavy_two_lib" => self.playout.heavy.two_lib.to_string(),
            "heavy_pattern" => self.playout.heavy.pattern.to_string(),
            "heavy_self_atari" => self.playout.heavy.self_atari.to_string(),
            "learned_self_atari" => self.playout.learned.self_atari.to_string(),
            "learned_near" => self.playout.learned.near.to_string(),
            _ => return None,
        };
        Some(v)
    }

    /// Sets one parameter from `name=value`; the error says what was wrong.
    pub fn set(&mut self, assignment: &str) -> Result<(), String> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| format!("expected name=value, got '{assignment}'"))?;
        let bad = || format!("bad value '{value}' for {name}");
        let num = |v: &str| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
        };
        let pct = |v: &str| num(v).filter(|x| *x <= 100.0).map(|x| x as u32);
        match name.trim() {
            "policy" => self.playout.policy = value.trim().parse().map_err(|_| bad())?,
            "rave_k" => self.rave_k = num(value).ok_or_else(bad)?,
            "exploration" => self.exploration = num(value).ok_or_else(bad)?,
            "expand_visits" => {
                self.expand_visits = num(value).ok_or_else(bad)?.clamp(1.0, 1e6) as u32
            }
            "prior_even" => self.prior.even = num(value).ok_or_else(bad)?.min(1e6) as u32,
            "prior_line1" => self.prior.line1 = num(value).ok_or_else(bad)?,
            "prior_line2" => self.prior.line2 = num(value).ok_or_else(bad)?,
            "prior_line3" => self.prior.line3 = num(value).ok_or_else(bad)?,
            "prior_near1" => self.prior.near[0] = num(value).ok_or_else(bad)?,
            "prior_near2" => self.prior.near[1] = num(value).ok_or_else(bad)?,
            "prior_near3" => self.prior.near[2] = num(value).ok_or_else(bad)?,
            "prior_capture" => self.prior.capture = num(value).ok_or_else(bad)?,
            "prior_save" => self.prior.save = num(value).ok_or_else(bad)?,
            "prior_self_atari" => self.prior.self_atari = num(value).ok_or_else(bad)?,
            "prior_ladder" => self.prior.ladder = num(value).ok_or_else(bad)?,
            "prior_pattern" => self.prior.pattern = num(value).ok_or_else(bad)?,
            "prior_ko" => self.prior.ko = num(value).ok_or_else(bad)?,
            "prior_pass" => self.prior.pass = num(value).ok_or_else(bad)?,
            "prior_learned" => self.prior.learned = num(value).ok_or_else(bad)?,
            "prior_book" => self.prior.book = num(value).ok_or_else(bad)?,
            "amaf_early_weight" => self.amaf_early_weight = num(value).ok_or_else(bad)?,
            "max_nodes" => self.max_nodes = num(value).ok_or_else(bad)?.clamp(1000.0, 1e9) as usize,
            "min_visits_to_stop" => {
                self.min_visits_to_stop = num(value).ok_or_else(bad)?.min(1e12) as u64
            }
            "heavy_ko" => self.playout.heavy.ko = pct(value).ok_or_else(bad)?,
            "heavy_escape" => self.playout.heavy.escape = pct(value).ok_or_else(bad)?,
            "heavy_lgrf" => self.playout.heavy.lgrf = pct(value).ok_or_else(bad)?,
            "heavy_nakade" => self.playout.heavy.nakade = pct(value).ok_or_else(bad)?,
            "heavy_two_lib" => self.playout.heavy.two_lib = pct(value).ok_or_else(bad)?,
            "heavy_pattern" => self.playout.heavy.pattern = pct(value).ok_or_else(bad)?,
            "heavy_self_atari" => self.playout.heavy.self_atari = pct(value).ok_or_else(bad)?,
            "learned_self_atari" => self.playout.learned.self_atari = pct(value).ok_or_else(bad)?,
            "learned_near" => self.playout.learned.near = num(value).ok_or_else(bad)?.min(100.0),
            other => return Err(format!("unknown search parameter '{other}'")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_parses_and_refuses() {
        let mut p = SearchParams::default();
        p.set("rave_k=1234").unwrap();
        assert_eq!(p.rave_k_for(9), 1234.0);
        p.set(" expand_visits = 3").unwrap();
        assert_eq!(p.expand_visits, 3);
        p.set("policy=light").unwrap();
        assert_eq!(p.playout.policy, Policy::Light);
        assert!(p.set("rave_k=-1").is_err());
        assert!(p.set("rave_k=nan").is_err());
        assert!(p.set("nonsense=1").is_err());
        assert!(p.set("rave_k").is_err());
        assert_eq!(SearchParams::default().rave_k_for(19), 4000.0);
        assert_eq!(SearchParams::default().prior_even_for(9), 14);
        p.set("prior_near2=0.25").unwrap();
        assert_eq!(p.prior.near, [1.0, 0.25, 0.5]);
        p.set("prior_even=30").unwrap();
        assert_eq!(p.prior_even_for(19), 30);
        assert!(p.set("prior_capture=-2").is_err());
    }

    #[test]
    fn every_name_reads_back_what_set_takes() {
        let mut p = SearchParams::default();
        // values away from the defaults, so that a swapped field shows
        for (i, name) in SearchParams::NAMES.iter().enumerate() {
            let v = match *name {
                "policy" => "light".to_string(),
                "max_nodes" => (5000 + i).to_string(),
                _ => (i % 90 + 2).to_string(),
            };
            p.set(&format!("{name}={v}")).unwrap();
            assert_eq!(p.get(name).as_deref(), Some(v.as_str()), "{name}");
        }
        for name in SearchParams::NAMES {
            let mut q = SearchParams::default();
            for other in SearchParams::NAMES {
                if other != name {
                    q.set(&format!("{other}={}", p.get(other).unwrap()))
                        .unwrap();
                }
            }
            assert_ne!(q, p, "{name} changes a field no other name does");
            q.set(&format!("{name}={}", p.get(name).unwrap())).unwrap();
            assert_eq!(q, p, "{name}");
        }
        assert_eq!(p.get("threads"), None);
        assert_eq!(p.get("nonsense"), None);
    }
}
