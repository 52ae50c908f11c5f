//! The tree search's tuned numbers in one struct, with documented defaults. Each can be set
//! from the command line (`--param name=value`), so matches can compare settings. The one
//! table that declares them (name, values, doc, per-size defaults, reader and setter) is the
//! data of `table`; this file holds the struct, the type of a row with the value parsers the
//! rows use, and what reads the table: the per-size defaults in force, `get` and `set` by
//! name, and the table as `--help` and docs/options.md show it.

mod table;

use super::playout::PlayoutParams;
#[cfg(test)]
use super::playout::Policy;
use super::prior::PriorParams;
use table::{NAME_LIST, PARAMS};

/// Settings of the Monte-Carlo tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// The playout policy and its settings.
    pub playout: PlayoutParams,
    /// RAVE equivalence parameter K of Silver's schedule beta = r / (r + n + n r / K);
    /// 0 picks Pachi's value for the board (3000 below 15x15, 4000 above).
    pub rave_k: f64,
    /// UCB exploration coefficient (0: none, the priors explore).
    pub exploration: f64,
    /// Visits before a leaf gets children.
    pub expand_visits: u32,
    /// Visits of a tree node before the policy network sets its children's priors (the
    /// root always gets them); the network's share is `prior.net`.
    pub net_visits: u32,
    /// Symmetries of the board (1 to 8) the policy network's probabilities are averaged
    /// over at the root; other nodes ask it once.
    pub net_root_symmetries: usize,
    /// Weights of the prior terms; `prior.even` is the even prior's virtual visits at 0.5 for
    /// every child, 0 picking 14 below 15x15 and 20 above.
    pub prior: PriorParams,
    /// Weight of the AMAF update for early moves (Pachi's 1 + w (L - t) / (L - s + 1)); 0 = flat.
    pub amaf_early_weight: f64,
    /// Most nodes the tree may hold (the engine sets it from its `max-tree-mb` setting).
    pub max_nodes: usize,
    /// Fewest visits of the root before the search may stop at the soft limit.
    pub min_visits_to_stop: u64,
    /// Progressive widening (Coulom 2007): children a node considers before it has
    /// `pw_visits` visits, its children ordered by prior; 0 = all children always.
    pub pw_base: u32,
    /// Visits at which progressive widening adds its first child beyond `pw_base`.
    pub pw_visits: f64,
    /// Growth of progressive widening: one more child each time the visits grow by this
    /// factor.
    pub pw_mu: f64,
    /// The settings given by name ([`SearchParams::set`]): the per-size defaults of
    /// [`SearchParams::for_size`] leave them as given.
    pub explicit: Vec<&'static str>,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            playout: PlayoutParams::default(),
            rave_k: 0.0,
            exploration: 0.0,
            expand_visits: 8,
            net_visits: 256,
            net_root_symmetries: 8,
            prior: PriorParams::new(0),
            amaf_early_weight: 3.0,
            max_nodes: 4 << 20,
            min_visits_to_stop: 100,
            pw_base: 0,
            pw_visits: 40.0,
            pw_mu: 1.4,
            explicit: Vec::new(),
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

    /// The settings in force on a board of `size`: below 15x15 each setting's small-board
    /// default, from 15x15 up its large-board one (the table, `PARAMS`), replace those not
    /// given by name.
    pub fn for_size(&self, size: usize) -> SearchParams {
        let mut p = self.clone();
        for param in PARAMS {
            let value = if size < 15 { param.small } else { param.large };
            if let Some(v) = value {
                if !self.explicit.contains(&param.name) {
                    let _ = (param.set)(&mut p, v);
                }
            }
        }
        p
    }

    /// These settings with no per-size defaults: [`SearchParams::for_size`] leaves every
    /// one as it is.
    pub fn same_at_every_size(mut self) -> SearchParams {
        for param in PARAMS {
            let sized = param.small.is_some() || param.large.is_some();
            if sized && !self.explicit.contains(&param.name) {
                self.explicit.push(param.name);
            }
        }
        self
    }

    /// Every setting as the one table declares it, with its defaults at 9x9 and 19x19
    /// (what `--help`, `tengen-param` and docs/options.md show).
    pub fn table() -> Vec<ParamInfo> {
        let d = SearchParams::default();
        let (nine, nineteen) = (d.for_size(9), d.for_size(19));
        let value = |p: &SearchParams, name| p.get(name).unwrap_or_default();
        PARAMS
            .iter()
            .map(|p| ParamInfo {
                name: p.name,
                range: p.range,
                doc: p.doc,
                default: value(&d, p.name),
                small: value(&nine, p.name),
                large: value(&nineteen, p.name),
            })
            .collect()
    }

    /// The table of settings in Markdown, as docs/options.md holds it.
    pub fn markdown_table() -> String {
        let mut s = String::from(
            "| name | meaning | values | default | 9x9 | 19x19 |\n|---|---|---|---|---|---|\n",
        );
        for p in SearchParams::table() {
            s.push_str(&format!(
                "| `{}` | {} | {} | {} | {} | {} |\n",
                p.name, p.doc, p.range, p.default, p.small, p.large
            ));
        }
        s
    }

    /// How many of a node's children (ordered by prior) the selection looks at after
    /// `visits` visits: all of them when progressive widening is off.
    pub fn widening(&self, visits: f64) -> usize {
        if self.pw_base == 0 {
            return usize::MAX;
        }
        let mut k = self.pw_base as usize;
        if visits >= self.pw_visits && self.pw_mu > 1.0 {
            k += 1 + ((visits / self.pw_visits).ln() / self.pw_mu.ln()) as usize;
        }
        k
    }

    /// The names [`SearchParams::set`] takes, in the order of the README's table.
    pub const NAMES: &'static [&'static str] = &NAME_LIST;

    /// The value of the parameter `name` as [`SearchParams::set`] reads it back (`None`:
    /// no such parameter).
    pub fn get(&self, name: &str) -> Option<String> {
        PARAMS
            .iter()
            .find(|p| p.name == name)
            .map(|p| (p.get)(self))
    }

    /// Sets one parameter from `name=value`; the error says what was wrong.
    pub fn set(&mut self, assignment: &str) -> Result<(), String> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| format!("expected name=value, got '{assignment}'"))?;
        let name = name.trim();
        let p = PARAMS
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| format!("unknown search parameter '{name}'"))?;
        (p.set)(self, value).ok_or_else(|| format!("bad value '{value}' for {name}"))?;
        if !self.explicit.contains(&p.name) {
            self.explicit.push(p.name);
        }
        Ok(())
    }
}

/// One setting as [`SearchParams::table`] shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamInfo {
    /// Its name for `--param NAME=VALUE`.
    pub name: &'static str,
    /// The values it takes.
    pub range: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// The struct's default (the dead-stone judge keeps it at every size).
    pub default: String,
    /// The value in force on 9x9 unless given.
    pub small: String,
    /// The value in force on 19x19 unless given.
    pub large: String,
}

/// One setting, declared once: its name, the values it takes, one line of doc, its
/// defaults below 15x15 and from 15x15 up where they differ from the struct's, how to read
/// it and how to set it from text (`None`: a bad value).
struct Param {
    /// Its name for `--param NAME=VALUE`.
    name: &'static str,
    /// The values it takes.
    range: &'static str,
    /// What it does, in one line.
    doc: &'static str,
    /// Its default below 15x15, where it differs from the struct's.
    small: Option<&'static str>,
    /// Its default from 15x15 up, where it differs from the struct's.
    large: Option<&'static str>,
    /// Its value as text.
    get: fn(&SearchParams) -> String,
    /// Sets it from text (`None`: a bad value).
    set: fn(&mut SearchParams, &str) -> Option<()>,
}

/// A non-negative finite number.
fn num(v: &str) -> Option<f64> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
}

/// A percentage, 0 to 100.
fn pct(v: &str) -> Option<u32> {
    num(v).filter(|x| *x <= 100.0).map(|x| x as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_shows_the_per_size_defaults() {
        let t = SearchParams::table();
        assert_eq!(t.len(), SearchParams::NAMES.len());
        let row = |n: &str| t.iter().find(|p| p.name == n).unwrap().clone();
        let pw = row("pw_base");
        assert_eq!(
            (pw.default.as_str(), pw.small.as_str(), pw.large.as_str()),
            ("0", "0", "5")
        );
        let ev = row("expand_visits");
        assert_eq!(
            (ev.default.as_str(), ev.small.as_str(), ev.large.as_str()),
            ("8", "3", "8")
        );
        let pl = row("prior_learned");
        assert_eq!((pl.small.as_str(), pl.large.as_str()), ("15", "15"));
        assert!(t.iter().all(|p| !p.doc.is_empty() && !p.range.is_empty()));
        // a setting given by name is not replaced by a per-size default
        let mut p = SearchParams::default();
        p.set("pw_base=2").unwrap();
        assert_eq!(p.for_size(19).pw_base, 2);
        assert_eq!(
            SearchParams::default()
                .same_at_every_size()
                .for_size(19)
                .pw_base,
            0
        );
    }

    #[test]
    fn small_boards_take_their_defaults_unless_given() {
        let d = SearchParams::default();
        let nine = d.for_size(9);
        assert_eq!(nine.amaf_early_weight, 0.0);
        assert_eq!(nine.expand_visits, 3);
        assert_eq!(nine.playout.heavy.lgrf, 0);
        assert_eq!(nine.prior.learned, 15.0);
        assert_eq!(
            (nine.prior.near, nine.prior.line1, nine.prior.pattern),
            ([0.0; 3], 0.0, 0.0)
        );
        assert_eq!(nine.pw_base, 0);
        // large boards: their own, the pattern priors, the rest as the defaults
        let nineteen = d.for_size(19);
        assert_eq!((nineteen.prior.learned, nineteen.pw_base), (15.0, 5));
        assert_eq!(nineteen.prior.near, [0.0; 3]);
        assert_eq!(nineteen.expand_visits, d.expand_visits);
        assert_eq!(nineteen.amaf_early_weight, d.amaf_early_weight);
        assert_eq!(d.for_size(15).pw_base, 5);
        assert_eq!(d.for_size(14).pw_base, 0);
        let mut given = SearchParams::default();
        given.set("expand_visits=8").unwrap();
        given.set("heavy_lgrf=90").unwrap();
        let nine = given.for_size(9);
        assert_eq!((nine.expand_visits, nine.playout.heavy.lgrf), (8, 90));
        assert_eq!(nine.amaf_early_weight, 0.0);
        // a refused value is no setting
        let mut bad = SearchParams::default();
        assert!(bad.set("prior_learned=-1").is_err());
        assert_eq!(bad.for_size(9).prior.learned, 15.0);
        // the dead-stone judge's settings are the same at every size
        let same = SearchParams::default().same_at_every_size();
        assert_eq!(same.for_size(9).expand_visits, 8);
        assert_eq!(same.for_size(9).playout.heavy.lgrf, 90);
        assert_eq!(same.for_size(19).pw_base, 0);
        assert_eq!(
            same.for_size(19).prior.learned,
            SearchParams::default().prior.learned
        );
    }

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
        for bad in ["0", "9", "3.5", "x"] {
            assert!(
                p.set(&format!("net_root_symmetries={bad}")).is_err(),
                "{bad}"
            );
        }
        p.set("net_root_symmetries=2").unwrap();
        assert_eq!(p.net_root_symmetries, 2);
    }

    #[test]
    fn every_name_reads_back_what_set_takes() {
        let mut p = SearchParams::default();
        let file = std::env::temp_dir().join(format!("tengen-params-{}.bin", std::process::id()));
        let bytes = crate::search::playout::learned::Gammas::to_bytes(&[], 2.0, [1.0; 4]);
        std::fs::write(&file, bytes).unwrap();
        let gammas_file = file.display().to_string();
        // values away from the defaults, so that a swapped field shows
        for (i, name) in SearchParams::NAMES.iter().enumerate() {
            let v = match *name {
                "policy" => "light".to_string(),
                "learned_gammas" => gammas_file.clone(),
                "prior_early_pass" => "0".to_string(),
                "prior_net" => "0.25".to_string(),
                "net_root_symmetries" => "4".to_string(),
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
            // which names were given is not a setting: compare the settings alone
            let unnamed = |x: &SearchParams| SearchParams {
                explicit: Vec::new(),
                ..x.clone()
            };
            assert_ne!(
                unnamed(&q),
                unnamed(&p),
                "{name} changes a field no other name does"
            );
            q.set(&format!("{name}={}", p.get(name).unwrap())).unwrap();
            assert_eq!(unnamed(&q), unnamed(&p), "{name}");
        }
        assert_eq!(p.get("threads"), None);
        assert_eq!(p.get("nonsense"), None);
        // a missing or damaged gammas file is refused; "embedded" goes back to the built-in
        assert!(p.set("learned_gammas=/nonexistent/gammas.bin").is_err());
        std::fs::write(&file, b"TGNLRN01 damaged").unwrap();
        let other = format!("{}.x", file.display());
        std::fs::write(&other, b"nonsense").unwrap();
        assert!(p.set(&format!("learned_gammas={other}")).is_err());
        p.set("learned_gammas=embedded").unwrap();
        assert!(p.playout.learned.gammas.is_none());
        let _ = std::fs::remove_file(&file);
        let _ = std::fs::remove_file(&other);
    }
}
