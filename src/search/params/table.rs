//! The one table of the tree search's settings, as data: each declared once with its name,
//! the values it takes, one line of doc, its per-size defaults, and how it is read and set
//! from text (with the value parsers of mod.rs).

use super::{num, pct, Param};
use crate::search::playout::learned::GammasFile;

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
/// SPRT at equal time on 19x19 (bench/README.md, "Search refinements"); at every size the
/// policy network's priors, which won at equal time against the same build without them on
/// 19x19, 13x13 and 9x9 (bench/README.md, "Policy network"). The judge of dead stones keeps
/// the struct's defaults ([`super::SearchParams::same_at_every_size`]).
pub(super) const PARAMS: &[Param] = &[
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
        small: Some("1"),
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
        name: "net_root_symmetries",
        range: "1 to 8",
        doc: "the board's symmetries (rotations and reflections) the policy network's probabilities are averaged over at the root; other nodes ask it once",
        small: None,
        large: None,
        get: |p| p.net_root_symmetries.to_string(),
        set: |p, v| {
            p.net_root_symmetries = num(v).filter(|x| (1.0..=8.0).contains(x) && x.fract() == 0.0)? as usize;
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
pub(super) const NAME_LIST: [&str; PARAMS.len()] = {
    let mut a = [""; PARAMS.len()];
    let mut i = 0;
    while i < PARAMS.len() {
        a[i] = PARAMS[i].name;
        i += 1;
    }
    a
};
