//! The engine-wide settings, declared once ([`SETTINGS`]: name, the KataGo alias where
//! KataGo has the setting, values, default, one line of doc, who reads it, and one parser)
//! and read by every road in: the command line (`--threads 2`, built from the table in
//! main.rs), GTP's `kata-list-params`/`kata-get-param`/`kata-set-param` and `tengen-param`
//! (GoGui's dialog), and docs/options.md (generated, a test keeps it fresh). The tree
//! search's own settings have their table in [`crate::search::params`]; GTP reaches both
//! through [`Engine::setting`] and [`Engine::set_setting`].

use super::{DynKomiMode, DynKomiParams, Engine, Pace, Rank};
use crate::search::params::SearchParams;
use crate::search::Think;

/// The values of the engine-wide settings ([`SETTINGS`] declares them and their defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Playouts, time, threads, seed and lag: what every searcher, the judge and the clock
    /// read.
    pub think: Think,
    /// Resign below this win rate (0: never); the decision reads it.
    pub resign_threshold: f64,
    /// Search during the opponent's turn.
    pub ponder: bool,
    /// Most memory of the search tree, in MiB.
    pub max_tree_mb: u64,
    /// Dynamic komi.
    pub dynkomi: DynKomiParams,
    /// Play the 19x19 opening from the book.
    pub book: bool,
    /// Play at this rank (`None`: full strength).
    pub rank: Option<Rank>,
    /// How long a ranked move takes at least.
    pub pace: Pace,
    /// Playouts after which an analysis that sets no limit ends (`None`: never).
    pub analysis_max_visits: Option<u64>,
    /// Seconds after which an analysis that sets no limit ends (`None`: never).
    pub analysis_max_time: Option<f64>,
}

impl Default for Settings {
    /// Every setting at the default its row of [`SETTINGS`] declares.
    fn default() -> Self {
        let mut s = Settings {
            think: Think {
                playouts: None,
                time: 0.0,
                threads: 0,
                seed: 0,
                lag: 0.0,
            },
            resign_threshold: 0.0,
            ponder: false,
            max_tree_mb: 0,
            dynkomi: DynKomiParams {
                mode: DynKomiMode::Off,
                stone_value: 0.0,
                moves_19: 0,
            },
            book: false,
            rank: None,
            pace: Pace::NONE,
            analysis_max_visits: None,
            analysis_max_time: None,
        };
        for row in SETTINGS {
            // every default parses: `every_default_parses_and_reads_back`
            let _ = (row.set)(&mut s, row.default);
        }
        s
    }
}

/// What the engine must do when a setting changes between moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Nothing: the next search reads it.
    Nothing,
    /// Build the searchers anew (threads, seed, memory).
    Rebuild,
    /// Stop pondering (turned off, or a rank that changes how the next move is searched).
    StopPondering,
}

/// One engine-wide setting, declared once.
pub struct Setting {
    /// Its name: `--NAME` on the command line, and a name GTP takes.
    pub name: &'static str,
    /// KataGo's name for the same setting (GTP takes it too, and lists it).
    pub alias: Option<&'static str>,
    /// The values it takes.
    pub values: &'static str,
    /// Its default, as the parser takes it.
    pub default: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Who reads it.
    pub reader: &'static str,
    /// On the command line the bare `--NAME` means `on` (a switch).
    pub switch: bool,
    /// Every value it takes, where they are few (GoGui's dialog offers them as a list).
    pub choices: &'static [&'static str],
    /// Its value as text (what the parser takes back).
    get: fn(&Settings) -> String,
    /// Sets it from text (`None`: a bad value, and nothing changed).
    set: fn(&mut Settings, &str) -> Option<()>,
    /// What a change needs.
    pub after: After,
}

impl Setting {
    /// The name GTP lists: KataGo's where it has one.
    pub fn gtp_name(&self) -> &'static str {
        self.alias.unwrap_or(self.name)
    }

    /// Its default as `--help` and the docs show it.
    pub fn shown_default(&self) -> &'static str {
        match self.default {
            "auto" => "auto (the number of cores)",
            d => d,
        }
    }

    /// Whether the setting takes `value` (the one check of the command line and GTP).
    pub fn accepts(&self, value: &str) -> bool {
        (self.set)(&mut Settings::default(), value).is_some()
    }

    /// The value in `s`.
    pub fn get(&self, s: &Settings) -> String {
        (self.get)(s)
    }

    /// Sets the value in `s` from `value`; the error says what was wrong, and then nothing
    /// changed.
    pub fn set(&self, s: &mut Settings, value: &str) -> Result<(), String> {
        let mut t = s.clone();
        (self.set)(&mut t, value).ok_or_else(|| {
            format!(
                "bad value '{value}' for {} ({})",
                self.gtp_name(),
                self.values
            )
        })?;
        *s = t;
        Ok(())
    }

    /// The setting called `name` (its name or its alias).
    pub fn find(name: &str) -> Option<&'static Setting> {
        SETTINGS
            .iter()
            .find(|s| s.name == name || s.alias == Some(name))
    }
}

/// A finite number from `lo` to `hi`.
fn number(v: &str, lo: f64, hi: f64) -> Option<f64> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && (lo..=hi).contains(x))
}

/// A whole number from `lo` to `hi` (digits only).
fn whole(v: &str, lo: u64, hi: u64) -> Option<u64> {
    let v = v.trim();
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse::<u64>().ok().filter(|x| (lo..=hi).contains(x))
}

/// A whole number from 1 to `hi`, or 0 for none.
fn whole_or_none(v: &str, hi: u64) -> Option<Option<u64>> {
    whole(v, 0, hi).map(|n| (n > 0).then_some(n))
}

/// `true`/`false`, `on`/`off` or `1`/`0`, any case: the one reading of a boolean word, for
/// the settings and the analysis keys.
pub fn boolean(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Some(true),
        "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// `on` or `off`.
fn on_off(b: bool) -> String {
    if b { "on" } else { "off" }.to_string()
}

/// The search threads of `auto`: the number of cores the process may use (as Pachi,
/// KataGo, Leela Zero and Fuego do), 1 when unknown, at most 64.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(64))
}

/// The engine-wide settings, in the order `kata-list-params`, `--help` and docs/options.md
/// list them.
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "threads",
        alias: Some("numSearchThreads"),
        values: "1 to 64, or auto (the number of cores)",
        default: "auto",
        doc: "search threads; matches, benchmarks and tests that need the same moves on every run set 1",
        reader: "both players (the dead-stone judge keeps one)",
        switch: false,
        choices: &[],
        get: |s| s.think.threads.to_string(),
        set: |s, v| {
            s.think.threads = if v.trim().eq_ignore_ascii_case("auto") {
                cores()
            } else {
                whole(v, 1, 64)? as usize
            };
            Some(())
        },
        after: After::Rebuild,
    },
    Setting {
        name: "playouts",
        alias: Some("maxPlayouts"),
        values: "0 (none) or up to 2^40",
        default: "0",
        doc: "playouts per move (fixed work: with a seed and one thread every run plays the same moves); 0: by time or the clock",
        reader: "both players, the judge",
        switch: false,
        choices: &[],
        get: |s| s.think.playouts.unwrap_or(0).to_string(),
        set: |s, v| {
            s.think.playouts = whole_or_none(v, 1 << 40)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "time",
        alias: Some("maxTime"),
        values: "0.001 to 10^6 seconds",
        default: "1",
        doc: "thinking time per move when the controller sets no clock",
        reader: "the clock",
        switch: false,
        choices: &[],
        get: |s| s.think.time.to_string(),
        set: |s, v| {
            s.think.time = number(v, 0.001, 1.0e6)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "seed",
        alias: None,
        values: "0 to 2^64-1",
        default: "1",
        doc: "seed of the random generators",
        reader: "both players, the judge, the rank's draws",
        switch: false,
        choices: &[],
        get: |s| s.think.seed.to_string(),
        set: |s, v| {
            s.think.seed = whole(v, 0, u64::MAX)?;
            Some(())
        },
        after: After::Rebuild,
    },
    Setting {
        name: "lag-margin",
        alias: None,
        values: "0 to 60 seconds",
        default: "0.3",
        doc: "seconds kept back from every move under a clock, for the controller and the network",
        reader: "the clock",
        switch: false,
        choices: &[],
        get: |s| s.think.lag.to_string(),
        set: |s, v| {
            s.think.lag = number(v, 0.0, 60.0)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "resign-threshold",
        alias: Some("resignThreshold"),
        values: "0 to 1",
        default: "0.05",
        doc: "resign when the best move's win rate is below this on three own turns in a row (0 never resigns); never while giving handicap before the dynamic komi has run out",
        reader: "the decision",
        switch: false,
        choices: &[],
        get: |s| s.resign_threshold.to_string(),
        set: |s, v| {
            s.resign_threshold = number(v, 0.0, 1.0)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "ponder",
        alias: Some("ponderingEnabled"),
        values: "on or off (true, false)",
        default: "off",
        doc: "search during the opponent's turn, in the tree the expected reply will reuse (docs/options.md, Pondering)",
        reader: "the engine after each move",
        switch: true,
        choices: &["on", "off"],
        get: |s| on_off(s.ponder),
        set: |s, v| {
            s.ponder = boolean(v)?;
            Some(())
        },
        after: After::StopPondering,
    },
    Setting {
        name: "max-tree-mb",
        alias: None,
        values: "1 to 2^20 MiB",
        default: "1024",
        doc: "most memory the search may take: its tree and each thread's buffers (the process holds about 25 MB more: docs/options.md, Memory); a full tree stops growing and the search goes on in the nodes it has",
        reader: "the tree player",
        switch: false,
        choices: &[],
        get: |s| s.max_tree_mb.to_string(),
        set: |s, v| {
            s.max_tree_mb = whole(v, 1, 1 << 20)?;
            Some(())
        },
        after: After::Rebuild,
    },
    Setting {
        name: "dynkomi",
        alias: Some("dynamicKomi"),
        values: "off, handicap or on",
        default: "handicap",
        doc: "dynamic komi: handicap games on boards above 9x9, every game (on), or never",
        reader: "the engine before each search",
        switch: false,
        choices: &["off", "handicap", "on"],
        get: |s| s.dynkomi.mode.to_string(),
        set: |s, v| {
            s.dynkomi.mode = v.trim().parse().ok()?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "dynkomi-stone",
        alias: None,
        values: "-1000 to 1000 points",
        default: "7",
        doc: "dynamic komi per handicap stone at the start of the game",
        reader: "the engine before each search",
        switch: false,
        choices: &[],
        get: |s| s.dynkomi.stone_value.to_string(),
        set: |s, v| {
            s.dynkomi.stone_value = number(v, -1000.0, 1000.0)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "dynkomi-moves",
        alias: None,
        values: "1 to 10000",
        default: "200",
        doc: "the move (on 19x19, scaled by area on other boards) by which the handicap's dynamic komi has fallen to zero",
        reader: "the engine before each search, the decision",
        switch: false,
        choices: &[],
        get: |s| s.dynkomi.moves_19.to_string(),
        set: |s, v| {
            s.dynkomi.moves_19 = whole(v, 1, 10_000)? as usize;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "book",
        alias: None,
        values: "on or off",
        default: "on",
        doc: "play the 19x19 opening from the book built from strong players' games where it applies (even game, komi 5.5 to 7.5)",
        reader: "the engine before each search",
        switch: false,
        choices: &["on", "off"],
        get: |s| on_off(s.book),
        set: |s, v| {
            s.book = boolean(v)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "rank",
        alias: None,
        values: "30k to 1k, 1d, or off",
        default: "off",
        doc: "play at a KGS-style rank instead of full strength: the rank sets the playouts, how the move is drawn and a human pace (docs/options.md, Playing at a rank)",
        reader: "the engine before each search",
        switch: false,
        choices: &[],
        get: |s| s.rank.map_or_else(|| "off".to_string(), |r| r.to_string()),
        set: |s, v| {
            s.rank = Rank::or_off(v).ok()?;
            Some(())
        },
        after: After::StopPondering,
    },
    Setting {
        name: "rank-pace",
        alias: None,
        values: "LO-HI seconds (0 to 60), one number, or off",
        default: "1-3",
        doc: "at a rank, how long a move takes at least, in seconds on 19x19 (scaled by the board's side, at least 30%, on smaller boards; never past the clock's limit)",
        reader: "the engine after each ranked search",
        switch: false,
        choices: &[],
        get: |s| s.pace.to_string(),
        set: |s, v| {
            s.pace = v.parse().ok()?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "analysis-max-visits",
        alias: None,
        values: "0 (none) or up to 2^40",
        default: "0",
        doc: "an analysis (lz-analyze, kata-analyze, analyze) that sets no maxvisits ends after this many playouts, with a last line; 0: at the next command",
        reader: "the analysis commands",
        switch: false,
        choices: &[],
        get: |s| s.analysis_max_visits.unwrap_or(0).to_string(),
        set: |s, v| {
            s.analysis_max_visits = whole_or_none(v, 1 << 40)?;
            Some(())
        },
        after: After::Nothing,
    },
    Setting {
        name: "analysis-max-time",
        alias: None,
        values: "0 (none) to 10^6 seconds",
        default: "0",
        doc: "an analysis that sets no maxtime ends after this many seconds, with a last line; 0: at the next command",
        reader: "the analysis commands",
        switch: false,
        choices: &[],
        get: |s| s.analysis_max_time.unwrap_or(0.0).to_string(),
        set: |s, v| {
            let t = number(v, 0.0, 1.0e6)?;
            s.analysis_max_time = (t > 0.0).then_some(t);
            Some(())
        },
        after: After::Nothing,
    },
];

/// The engine-wide settings as docs/options.md holds them (generated; a test keeps the
/// file fresh).
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| option | GTP name | meaning | values | default | read by |\n|---|---|---|---|---|---|\n",
    );
    for r in SETTINGS {
        s.push_str(&format!(
            "| `--{}` | `{}` | {} | {} | {} | {} |\n",
            r.name,
            r.gtp_name(),
            r.doc,
            r.values,
            r.shown_default(),
            r.reader
        ));
    }
    s
}

impl Engine {
    /// The names of every setting [`Engine::setting`] reads: the engine-wide ones (KataGo's
    /// name where it has one), then the tree search's.
    pub fn setting_names() -> impl Iterator<Item = &'static str> {
        SETTINGS
            .iter()
            .map(Setting::gtp_name)
            .chain(SearchParams::NAMES.iter().copied())
    }

    /// The engine-wide settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The value of the setting `name` in force (a tree-search setting as it applies on the
    /// current board); `None`: no such setting.
    pub fn setting(&self, name: &str) -> Option<String> {
        match Setting::find(name) {
            Some(s) => Some(s.get(&self.settings)),
            None => self.search_params_in_force().get(name),
        }
    }

    /// Sets the setting `name` from `value` for the next searches; the error says what was
    /// wrong, and then nothing changed.
    pub fn set_setting(&mut self, name: &str, value: &str) -> Result<(), String> {
        match Setting::find(name) {
            Some(s) => {
                s.set(&mut self.settings, value)?;
                match s.after {
                    After::Nothing => {}
                    After::Rebuild => self.rebuild_searchers(),
                    After::StopPondering => self.stop_pondering(),
                }
                Ok(())
            }
            None if SearchParams::NAMES.contains(&name) => {
                self.set_search_param(&format!("{name}={value}"))
            }
            None => Err(format!("unknown parameter '{name}'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineOptions;

    #[test]
    fn every_default_parses_and_reads_back() {
        let d = Settings::default();
        for r in SETTINGS {
            assert!(r.accepts(r.default), "{}", r.name);
            if r.name != "threads" {
                let back = r.get(&d);
                let mut again = d.clone();
                r.set(&mut again, &back).unwrap();
                assert_eq!(again, d, "{}", r.name);
            }
            assert!(!r.doc.is_empty() && !r.values.is_empty() && !r.reader.is_empty());
        }
        assert!(d.think.threads >= 1);
        assert_eq!((d.think.time, d.think.seed, d.think.lag), (1.0, 1, 0.3));
        assert_eq!(d.think.playouts, None);
        assert_eq!(d.dynkomi.mode, DynKomiMode::Handicap);
        assert!(d.book && !d.ponder && d.rank.is_none());
        // names and aliases are unique across both tables
        let mut names: Vec<&str> = SETTINGS
            .iter()
            .flat_map(|r| std::iter::once(r.name).chain(r.alias))
            .chain(SearchParams::NAMES.iter().copied())
            .collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "a name is declared twice");
    }

    #[test]
    fn every_setting_reads_back_what_it_takes_and_refuses_bad_values() {
        let mut e = Engine::new(&EngineOptions::default());
        let names: Vec<&str> = Engine::setting_names().collect();
        assert_eq!(names.len(), SETTINGS.len() + SearchParams::NAMES.len());
        for n in &names {
            assert!(e.setting(n).is_some(), "{n}");
        }
        for (name, value) in [
            ("numSearchThreads", "3"),
            ("maxTime", "2.5"),
            ("maxPlayouts", "500"),
            ("resignThreshold", "0.1"),
            ("ponderingEnabled", "on"),
            ("dynamicKomi", "on"),
            ("seed", "77"),
            ("lag-margin", "1.5"),
            ("max-tree-mb", "64"),
            ("rank", "5k"),
            ("rank-pace", "2-4"),
            ("book", "off"),
            ("expand_visits", "5"),
        ] {
            e.set_setting(name, value).unwrap();
            assert_eq!(e.setting(name).as_deref(), Some(value), "{name}");
        }
        // a setting by its name or KataGo's
        e.set_setting("threads", "2").unwrap();
        assert_eq!(e.setting("numSearchThreads").as_deref(), Some("2"));
        assert_eq!(e.settings().think.threads, 2);
        assert_eq!(e.settings().think.playouts, Some(500));
        e.set_setting("maxPlayouts", "0").unwrap();
        assert_eq!(e.settings().think.playouts, None);
        let before = (e.settings().clone(), e.search_params().clone());
        for (name, value) in [
            ("numSearchThreads", "0"),
            ("numSearchThreads", "2.5"),
            ("maxTime", "-1"),
            ("maxTime", "nan"),
            ("maxTime", "0.0005"),
            ("maxPlayouts", "-3"),
            ("resignThreshold", "1.5"),
            ("ponderingEnabled", "maybe"),
            ("dynamicKomi", "sometimes"),
            ("rank", "50k"),
            ("rank-pace", "3-1"),
            ("expand_visits", "-1"),
        ] {
            assert!(e.set_setting(name, value).is_err(), "{name} {value}");
        }
        assert_eq!(
            e.set_setting("nonsense", "1"),
            Err("unknown parameter 'nonsense'".into())
        );
        assert_eq!((e.settings().clone(), e.search_params().clone()), before);
        assert_eq!(e.setting("nonsense"), None);
    }

    #[test]
    fn search_settings_read_as_they_apply_on_the_board() {
        let mut e = Engine::new(&EngineOptions::default());
        // 19x19: the large-board and pattern defaults, not the table's
        assert_eq!(e.setting("pw_base").as_deref(), Some("5"));
        assert_eq!(e.setting("prior_learned").as_deref(), Some("15"));
        e.set_boardsize(9).unwrap();
        assert_eq!(e.setting("pw_base").as_deref(), Some("0"));
        assert_eq!(e.setting("expand_visits").as_deref(), Some("3"));
        e.set_setting("expand_visits", "6").unwrap();
        assert_eq!(e.setting("expand_visits").as_deref(), Some("6"));
    }

    /// docs/options.md holds both tables, the engine's ([`markdown_table`]) and the tree
    /// search's ([`SearchParams::markdown_table`]), each between its markers (one test, so
    /// that `TENGEN_BLESS=1`, which rewrites them there, writes the file once at a time).
    #[test]
    fn settings_tables_in_the_docs_are_the_one_tables() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/options.md");
        for (marker, want) in [
            ("engine settings", markdown_table()),
            ("settings", SearchParams::markdown_table()),
        ] {
            let text = std::fs::read_to_string(&path).unwrap();
            let (begin, end) = (
                format!("<!-- begin {marker} -->\n"),
                format!("<!-- end {marker} -->"),
            );
            let a = text.find(&begin).expect("begin marker") + begin.len();
            let b = text.find(&end).expect("end marker");
            if std::env::var("TENGEN_BLESS").is_ok() {
                std::fs::write(&path, format!("{}{want}{}", &text[..a], &text[b..])).unwrap();
                continue;
            }
            assert_eq!(
                text[a..b],
                want,
                "docs/options.md's {marker} table is stale: TENGEN_BLESS=1 cargo test settings_tables"
            );
        }
    }
}
