//! The engine's settings by name, read and set while it runs (GTP's `kata-list-params`,
//! `kata-get-param`, `kata-set-param`): a few engine-wide ones under KataGo's names where
//! KataGo has the same setting (`numSearchThreads`, `maxTime`, `maxPlayouts`,
//! `ponderingEnabled`) or Tengen's meaning under a KataGo-style name (`resignThreshold`,
//! `dynamicKomi`), then every tree-search setting under its `--param` name
//! ([`SearchParams::NAMES`]).

use super::{DynKomiMode, Engine};
use crate::search::params::SearchParams;

/// One engine-wide setting: its name, how to read it, how to set it from text (`None`: a
/// bad value, and nothing changed).
struct Setting {
    name: &'static str,
    get: fn(&Engine) -> String,
    set: fn(&mut Engine, &str) -> Option<()>,
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

/// `true`/`false` (also `1`/`0`), any case: the one reading of a boolean word, for the
/// settings and the analysis keys.
pub fn boolean(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// The engine-wide settings, in the order `kata-list-params` lists them.
const SETTINGS: &[Setting] = &[
    Setting {
        name: "numSearchThreads",
        get: |e| e.params.threads.to_string(),
        set: |e, v| {
            e.params.threads = whole(v, 1, 64)? as usize;
            e.rebuild_searchers();
            Some(())
        },
    },
    Setting {
        name: "maxTime",
        get: |e| e.params.time.to_string(),
        set: |e, v| {
            e.params.time = number(v, 0.001, 1.0e6)?;
            Some(())
        },
    },
    Setting {
        name: "maxPlayouts",
        get: |e| e.params.playouts.unwrap_or(0).to_string(),
        set: |e, v| {
            let n = whole(v, 0, 1 << 40)?;
            e.params.playouts = (n > 0).then_some(n);
            Some(())
        },
    },
    Setting {
        name: "resignThreshold",
        get: |e| e.params.resign_threshold.to_string(),
        set: |e, v| {
            e.params.resign_threshold = number(v, 0.0, 1.0)?;
            Some(())
        },
    },
    Setting {
        name: "ponderingEnabled",
        get: |e| e.ponder.to_string(),
        set: |e, v| {
            e.ponder = boolean(v)?;
            if !e.ponder {
                e.searcher.stop_pondering();
            }
            Some(())
        },
    },
    Setting {
        name: "dynamicKomi",
        get: |e| e.dynkomi.params.mode.to_string(),
        set: |e, v| {
            e.dynkomi.params.mode = v.trim().parse::<DynKomiMode>().ok()?;
            Some(())
        },
    },
];

impl Engine {
    /// The names of every setting [`Engine::setting`] reads: the engine-wide ones, then the
    /// tree search's.
    pub fn setting_names() -> impl Iterator<Item = &'static str> {
        SETTINGS
            .iter()
            .map(|s| s.name)
            .chain(SearchParams::NAMES.iter().copied())
    }

    /// The value of the setting `name` in force (a tree-search setting as it applies on the
    /// current board); `None`: no such setting.
    pub fn setting(&self, name: &str) -> Option<String> {
        match SETTINGS.iter().find(|s| s.name == name) {
            Some(s) => Some((s.get)(self)),
            None => self.search_params_in_force().get(name),
        }
    }

    /// Sets the setting `name` from `value` for the next searches; the error says what was
    /// wrong, and then nothing changed.
    pub fn set_setting(&mut self, name: &str, value: &str) -> Result<(), String> {
        match SETTINGS.iter().find(|s| s.name == name) {
            Some(s) => {
                (s.set)(self, value).ok_or_else(|| format!("bad value '{value}' for {name}"))
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
            ("ponderingEnabled", "true"),
            ("dynamicKomi", "on"),
            ("expand_visits", "5"),
        ] {
            e.set_setting(name, value).unwrap();
            assert_eq!(e.setting(name).as_deref(), Some(value), "{name}");
        }
        assert_eq!(e.params.threads, 3);
        assert_eq!(e.params.playouts, Some(500));
        e.set_setting("maxPlayouts", "0").unwrap();
        assert_eq!(e.params.playouts, None);
        let before = (e.params.clone(), e.ponder, e.tree.clone());
        for (name, value) in [
            ("numSearchThreads", "0"),
            ("numSearchThreads", "2.5"),
            ("maxTime", "-1"),
            ("maxTime", "nan"),
            ("maxPlayouts", "-3"),
            ("resignThreshold", "1.5"),
            ("ponderingEnabled", "maybe"),
            ("dynamicKomi", "sometimes"),
            ("expand_visits", "-1"),
        ] {
            assert!(e.set_setting(name, value).is_err(), "{name} {value}");
        }
        assert_eq!(
            e.set_setting("nonsense", "1"),
            Err("unknown parameter 'nonsense'".into())
        );
        assert_eq!((e.params.clone(), e.ponder, e.tree.clone()), before);
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
}
