//! The tree search's tuned numbers in one struct, with documented defaults. Each can be set
//! from the command line (`--param name=value`), so matches can compare settings.

use super::playout::learned::GammasFile;
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
    /// Visits of a tree node before the policy network sets its children's priors (the
    /// root always gets them); the network's share is `prior.net`.
    pub net_visits: u32,
    /// Weights of the prior terms; `prior.even` is the even prior's virtual visits at 0.5 for
    /// every child, 0 picking 14 below 15x15 and 20 above.
    pub prior: PriorParams,
    /// Weight of the AMAF update for early moves (Pachi's 1 + w (L - t) / (L - s + 1)); 0 = flat.
    pub amaf_early_weight: f64,
    /// Most nodes the tree may hold.
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
            threads: 1,
            seed: 1,
            playout: PlayoutParams::default(),
            rave_k: 0.0,
            exploration: 0.0,
            expand_visits: 8,
            net_visits: 256,
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
    /// default, from 15x15 up its large-board one ([`PARAMS`]), replace those not given by
    /// name.
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
    name: &'static str,
    range: &'static str,
    doc: &'static str,
    small: Option<&'static str>,
    large: Option<&'static str>,
    get: fn(&SearchParams) -> String,
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

/// Every setting, in the order of the docs' table: the one list that `NAMES`, `get`, `set`,
/// the per-size defaults and the table read.
///
/// Per-size defaults: at every size the learned patterns at Pachi's weight (300 virtual
/// wins times sqrt(p) against an even prior of 20: `prior_learned` 15 in even-prior units)
/// with the heuristic terms they already hold (distance to the last move, line, 3x3 shape)
/// at zero: against Pachi at equal time the heuristics diluted the patterns
/// (bench/README.md, "Against Pachi"). Below 15x15 also flat AMAF, expansion after 3 visits
/// and no last-good-reply, which together won at equal time on 9x9; from 15x15 up
/// progressive widening from the five best priors, which (with the opening book) won an
/// SPRT at equal time on 19x19 (bench/README.md, "Search refinements"), and the policy
/// network's priors, which won at equal time on 19x19 (bench/README.md, "Policy network";
/// unmeasured on small boards, so off there). The judge of dead
/// stones keeps the struct's defaults ([`SearchParams::same_at_every_size`]).
const PARAMS: &[Param] = &[
    Param {
        name: "policy",
        range: "heavy, learned or light",
        doc: "playout policy: heavy (tactics, last good reply, 3x3 shapes), learned (the heavy tactics, then moves drawn by learned shape and distance weights) or light (uniform random)",
        small: None,
        large: None,
        get: |p| p.playout.policy.to_string(),
        set: |p, v| {
            p.playout.policy = v.trim().parse().ok()?;
            Some(())
        },
    },
    Param {
        name: "rave_k",
        range: ">= 0",
        doc: "K of the RAVE schedule beta = r / (r + n + n r / K); 0: 3000 below 15x15, 4000 above",
        small: None,
        large: None,
        get: |p| p.rave_k.to_string(),
        set: |p, v| {
            p.rave_k = num(v)?;
            Some(())
        },
    },
    Param {
        name: "exploration",
        range: ">= 0",
        doc: "UCB exploration coefficient (0: the priors explore)",
        small: None,
        large: None,
        get: |p| p.exploration.to_string(),
        set: |p, v| {
            p.exploration = num(v)?;
            Some(())
        },
    },
    Param {
        name: "expand_visits",
        range: "1 to 10^6",
        doc: "visits of a leaf before it gets children",
        small: Some("3"),
        large: None,
        get: |p| p.expand_visits.to_string(),
        set: |p, v| {
            p.expand_visits = num(v)?.clamp(1.0, 1e6) as u32;
            Some(())
        },
    },
    Param {
        name: "prior_even",
        range: "0 to 10^6",
        doc: "even prior visits at 0.5 per child; 0: 14 below 15x15, 20 above",
        small: None,
        large: None,
        get: |p| p.prior.even.to_string(),
        set: |p, v| {
            p.prior.even = num(v)?.min(1e6) as u32;
            Some(())
        },
    },
    Param {
        name: "amaf_early_weight",
        range: ">= 0",
        doc: "weight w of early moves in AMAF, 1 + w (L - t) / (L - s + 1)",
        small: Some("0"),
        large: None,
        get: |p| p.amaf_early_weight.to_string(),
        set: |p, v| {
            p.amaf_early_weight = num(v)?;
            Some(())
        },
    },
    Param {
        name: "max_nodes",
        range: "1000 to 10^9",
        doc: "most nodes the tree holds (`--max-tree-mb` sets it: 48 bytes a node)",
        small: None,
        large: None,
        get: |p| p.max_nodes.to_string(),
        set: |p, v| {
            p.max_nodes = num(v)?.clamp(1000.0, 1e9) as usize;
            Some(())
        },
    },
    Param {
        name: "min_visits_to_stop",
        range: "0 to 10^12",
        doc: "root visits before the search may stop at the soft limit",
        small: None,
        large: None,
        get: |p| p.min_visits_to_stop.to_string(),
        set: |p, v| {
            p.min_visits_to_stop = num(v)?.min(1e12) as u64;
            Some(())
        },
    },
    Param {
        name: "pw_base",
        range: "0 to 10^6",
        doc: "progressive widening (Coulom 2007): children looked at first, ordered by prior (0: all)",
        small: None,
        large: Some("5"),
        get: |p| p.pw_base.to_string(),
        set: |p, v| {
            p.pw_base = num(v)?.min(1e6) as u32;
            Some(())
        },
    },
    Param {
        name: "pw_visits",
        range: ">= 1",
        doc: "progressive widening: visits at which one more child is looked at",
        small: None,
        large: None,
        get: |p| p.pw_visits.to_string(),
        set: |p, v| {
            p.pw_visits = num(v)?.max(1.0);
            Some(())
        },
    },
    Param {
        name: "pw_mu",
        range: "> 1",
        doc: "progressive widening: another child each time the visits grow by this factor",
        small: None,
        large: None,
        get: |p| p.pw_mu.to_string(),
        set: |p, v| {
            p.pw_mu = num(v).filter(|x| *x > 1.0)?;
            Some(())
        },
    },
    Param {
        name: "heavy_ko",
        range: "0 to 100",
        doc: "heavy playouts, percent: retake a ko whose ban has expired",
        small: None,
        large: None,
        get: |p| p.playout.heavy.ko.to_string(),
        set: |p, v| {
            p.playout.heavy.ko = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_escape",
        range: "0 to 100",
        doc: "heavy playouts, percent: capture or escape after an atari",
        small: None,
        large: None,
        get: |p| p.playout.heavy.escape.to_string(),
        set: |p, v| {
            p.playout.heavy.escape = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_lgrf",
        range: "0 to 100",
        doc: "heavy playouts, percent: the last good reply with forgetting (LGRF-2), after the tactics",
        small: Some("0"),
        large: None,
        get: |p| p.playout.heavy.lgrf.to_string(),
        set: |p, v| {
            p.playout.heavy.lgrf = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_nakade",
        range: "0 to 100",
        doc: "heavy playouts, percent: the vital point of an eye space next to the last move",
        small: None,
        large: None,
        get: |p| p.playout.heavy.nakade.to_string(),
        set: |p, v| {
            p.playout.heavy.nakade = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_two_lib",
        range: "0 to 100",
        doc: "heavy playouts, percent: the two-liberty race (miai, approach moves, counter-ataris; the ladder after a refused self-atari)",
        small: None,
        large: None,
        get: |p| p.playout.heavy.two_lib.to_string(),
        set: |p, v| {
            p.playout.heavy.two_lib = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_n_lib",
        range: "0 to 100",
        doc: "heavy playouts, percent: own 3-4 liberty chains near the last move atari a two-liberty neighbour",
        small: None,
        large: None,
        get: |p| p.playout.heavy.n_lib.to_string(),
        set: |p, v| {
            p.playout.heavy.n_lib = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_eye_fix",
        range: "0 to 100",
        doc: "heavy playouts, percent: fix an eye the last move threatens to make false",
        small: None,
        large: None,
        get: |p| p.playout.heavy.eye_fix.to_string(),
        set: |p, v| {
            p.playout.heavy.eye_fix = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_pattern",
        range: "0 to 100",
        doc: "heavy playouts, percent: 3x3 shapes around the last two moves",
        small: None,
        large: None,
        get: |p| p.playout.heavy.pattern.to_string(),
        set: |p, v| {
            p.playout.heavy.pattern = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_self_atari",
        range: "0 to 100",
        doc: "heavy playouts, percent: a random bad self-atari is refused (one is never forced: with no permitted move left the side passes)",
        small: None,
        large: None,
        get: |p| p.playout.heavy.self_atari.to_string(),
        set: |p, v| {
            p.playout.heavy.self_atari = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "heavy_fill",
        range: "0 to 100",
        doc: "heavy playouts: fill-board tries (MoGo) before a random move",
        small: None,
        large: None,
        get: |p| p.playout.heavy.fill.to_string(),
        set: |p, v| {
            p.playout.heavy.fill = num(v)?.min(100.0) as u32;
            Some(())
        },
    },
    Param {
        name: "learned_self_atari",
        range: "0 to 100",
        doc: "learned policy, percent: drawn moves checked for a bad self-atari (drawn again)",
        small: None,
        large: None,
        get: |p| p.playout.learned.self_atari.to_string(),
        set: |p, v| {
            p.playout.learned.self_atari = pct(v)?;
            Some(())
        },
    },
    Param {
        name: "learned_near",
        range: "0 to 100",
        doc: "learned policy: exponent on the learned distance gammas (0: no preference near the last two moves)",
        small: None,
        large: None,
        get: |p| p.playout.learned.near.to_string(),
        set: |p, v| {
            p.playout.learned.near = num(v)?.min(100.0);
            Some(())
        },
    },
    Param {
        name: "learned_gammas",
        range: "a file, or embedded",
        doc: "learned policy: a gammas file instead of the built-in learned.bin (e.g. from `tengen patterns balance`)",
        small: None,
        large: None,
        get: |p| {
            p.playout
                .learned
                .gammas
                .as_ref()
                .map_or("embedded", |f| f.path())
                .to_string()
        },
        set: |p, v| {
            let v = v.trim();
            p.playout.learned.gammas = if v == "embedded" {
                None
            } else {
                // the reason goes to the log; the caller reports the bad value
                match GammasFile::load(v) {
                    Ok(f) => Some(f),
                    Err(e) => {
                        log::error!("learned_gammas: {e}");
                        return None;
                    }
                }
            };
            Some(())
        },
    },
    Param {
        name: "prior_line1",
        range: ">= 0",
        doc: "prior losses for first-line moves in empty areas (even-prior units)",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.line1.to_string(),
        set: |p, v| {
            p.prior.line1 = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_line2",
        range: ">= 0",
        doc: "prior losses for second-line moves in empty areas",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.line2.to_string(),
        set: |p, v| {
            p.prior.line2 = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_line3",
        range: ">= 0",
        doc: "prior wins for third-line moves in empty areas",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.line3.to_string(),
        set: |p, v| {
            p.prior.line3 = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_near1",
        range: ">= 0",
        doc: "prior wins for moves at common-fate-graph distance 1 from the last move",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.near[0].to_string(),
        set: |p, v| {
            p.prior.near[0] = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_near2",
        range: ">= 0",
        doc: "prior wins for moves at distance 2 from the last move",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.near[1].to_string(),
        set: |p, v| {
            p.prior.near[1] = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_near3",
        range: ">= 0",
        doc: "prior wins for moves at distance 3 from the last move",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.near[2].to_string(),
        set: |p, v| {
            p.prior.near[2] = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_capture",
        range: ">= 0",
        doc: "prior wins for a capture (more for bigger chains)",
        small: None,
        large: None,
        get: |p| p.prior.capture.to_string(),
        set: |p, v| {
            p.prior.capture = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_save",
        range: ">= 0",
        doc: "prior wins for saving a chain in atari (more for bigger chains)",
        small: None,
        large: None,
        get: |p| p.prior.save.to_string(),
        set: |p, v| {
            p.prior.save = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_ladder",
        range: ">= 0",
        doc: "prior wins for an atari that captures in a ladder",
        small: None,
        large: None,
        get: |p| p.prior.ladder.to_string(),
        set: |p, v| {
            p.prior.ladder = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_pattern",
        range: ">= 0",
        doc: "prior wins for a 3x3 shape",
        small: Some("0"),
        large: Some("0"),
        get: |p| p.prior.pattern.to_string(),
        set: |p, v| {
            p.prior.pattern = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_ko",
        range: ">= 0",
        doc: "prior wins for retaking a ko",
        small: None,
        large: None,
        get: |p| p.prior.ko.to_string(),
        set: |p, v| {
            p.prior.ko = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_self_atari",
        range: ">= 0",
        doc: "prior losses for a bad self-atari",
        small: None,
        large: None,
        get: |p| p.prior.self_atari.to_string(),
        set: |p, v| {
            p.prior.self_atari = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_pass",
        range: ">= 0",
        doc: "prior losses for passing on a board that still has room",
        small: None,
        large: None,
        get: |p| p.prior.pass.to_string(),
        set: |p, v| {
            p.prior.pass = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_early_pass",
        range: "0 or 1",
        doc: "1: the tree has a pass child on every board; 0: not before Pachi's earliest pass (size^2/(7-size/5) stones on the board) unless the opponent passed",
        small: None,
        large: None,
        get: |p| u8::from(p.prior.early_pass).to_string(),
        set: |p, v| {
            p.prior.early_pass = match v.trim() {
                "0" => false,
                "1" => true,
                _ => return None,
            };
            Some(())
        },
    },
    Param {
        name: "prior_learned",
        range: ">= 0",
        doc: "prior wins sqrt(p) times this for a move the learned patterns give probability p >= 0.001 (0: heuristic priors only)",
        small: Some("15"),
        large: Some("15"),
        get: |p| p.prior.learned.to_string(),
        set: |p, v| {
            p.prior.learned = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_net",
        range: "0 to 1",
        doc: "the policy network's share of the probability the learned prior reads (the patterns have the rest), at the root and at nodes with net_visits visits (0: the network is off)",
        small: None,
        large: Some("1"),
        get: |p| p.prior.net.to_string(),
        set: |p, v| {
            p.prior.net = num(v).filter(|x| *x <= 1.0)?;
            Some(())
        },
    },
    Param {
        name: "net_visits",
        range: "0 to 10^6",
        doc: "visits of a tree node before the policy network sets its children's priors (the root always gets them)",
        small: None,
        large: None,
        get: |p| p.net_visits.to_string(),
        set: |p, v| {
            p.net_visits = num(v)?.min(1e6) as u32;
            Some(())
        },
    },
    Param {
        name: "prior_book",
        range: ">= 0",
        doc: "prior wins for a root move the opening book names: its share of the book's games times this",
        small: None,
        large: None,
        get: |p| p.prior.book.to_string(),
        set: |p, v| {
            p.prior.book = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_joseki",
        range: ">= 0",
        doc: "prior wins on 19x19 for a local reply the joseki dictionary gives after the last move: its share times this (unmeasured, so off)",
        small: None,
        large: None,
        get: |p| p.prior.joseki.to_string(),
        set: |p, v| {
            p.prior.joseki = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_owned",
        range: ">= 0",
        doc: "prior losses, while selecting, for a move on a point the search's playouts give one side at least 90% of the time",
        small: None,
        large: None,
        get: |p| p.prior.owned.to_string(),
        set: |p, v| {
            p.prior.owned = num(v)?;
            Some(())
        },
    },
    Param {
        name: "prior_crit",
        range: ">= 0",
        doc: "prior wins, while selecting, for a critical point (Coulom 2009), criticality x 5 up to 1",
        small: None,
        large: None,
        get: |p| p.prior.crit.to_string(),
        set: |p, v| {
            p.prior.crit = num(v)?;
            Some(())
        },
    },
];

/// The names of [`PARAMS`], in order.
const NAME_LIST: [&str; PARAMS.len()] = {
    let mut a = [""; PARAMS.len()];
    let mut i = 0;
    while i < PARAMS.len() {
        a[i] = PARAMS[i].name;
        i += 1;
    }
    a
};

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/options.md holds [`SearchParams::markdown_table`] between its markers;
    /// `TENGEN_BLESS=1` rewrites it there.
    #[test]
    fn settings_table_in_the_docs_is_the_one_table() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/options.md");
        let text = std::fs::read_to_string(&path).unwrap();
        let (begin, end) = ("<!-- begin settings -->\n", "<!-- end settings -->");
        let a = text.find(begin).expect("begin marker") + begin.len();
        let b = text.find(end).expect("end marker");
        let want = SearchParams::markdown_table();
        if std::env::var("TENGEN_BLESS").is_ok() {
            std::fs::write(&path, format!("{}{want}{}", &text[..a], &text[b..])).unwrap();
            return;
        }
        assert_eq!(
            text[a..b],
            want,
            "docs/options.md's settings table is stale: TENGEN_BLESS=1 cargo test settings_table"
        );
    }

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
                "max_nodes" => (5000 + i).to_string(),
                "prior_early_pass" => "0".to_string(),
                "prior_net" => "0.25".to_string(),
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
