//! [`Rules`]: the rule dimensions (ko, suicide, scoring, end of game, handicap) and the
//! named presets, parsed from and printed as their names.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KoRule {
    /// Only the immediate recapture of a single-stone ko is forbidden.
    Simple,
    /// No move may recreate an earlier board position (positional superko).
    Positional,
    /// No move may recreate an earlier board position with the same player to move.
    Situational,
    /// No move may recreate a board position seen since the last pass (Yasunaga).
    PassReset,
}

/// Which self-captures are allowed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SuicideRule {
    /// No suicide at all.
    Forbidden,
    /// Suicide of two or more stones is allowed; single-stone suicide never is.
    MultiStoneAllowed,
}

/// How a finished position is counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners.
    Territory,
    /// Stones on the board only.
    Stones,
}

/// Points White receives for Black's handicap stones under area scoring.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HandicapBonus {
    /// Nothing.
    Zero,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone but the first.
    NMinusOne,
}

impl HandicapBonus {
    /// The bonus for `handicap` stones.
    pub fn points(self, handicap: usize) -> usize {
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::N => handicap,
            HandicapBonus::NMinusOne => handicap.saturating_sub(1),
        }
    }
}

/// The named rule sets Tengen knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Preset {
    /// Chinese (CWA 2002): area, positional superko, bonus N, komi 7.5.
    Chinese,
    /// Japanese (Nihon Kiin 1989): territory, simple ko, seki eyes not counted, komi 6.5.
    Japanese,
    /// Korean: as Japanese.
    Korean,
    /// AGA: area, situational superko, bonus N-1, pass stones, White passes last, komi 7.5.
    Aga,
    /// New Zealand: area, situational superko, multi-stone suicide, komi 7.
    NewZealand,
    /// Tromp-Taylor: area as the board stands, positional superko, suicide, komi 7.5.
    TrompTaylor,
    /// Ing (approximation): area, positional superko, multi-stone suicide, komi 7.5.
    Ing,
    /// Shimada's primitive rules: stones only, positional superko, suicide, komi 0.
    Primitive,
    /// Yasunaga 1932: territory, no repetition since the last pass, three passes end, komi 0.
    Yasunaga,
    /// Traditional territory counting with star-point handicap, komi 6.5.
    Traditional,
}

impl Preset {
    /// Every preset, in a fixed order.
    pub const ALL: [Preset; 10] = [
        Preset::Chinese,
        Preset::Japanese,
        Preset::Korean,
        Preset::Aga,
        Preset::NewZealand,
        Preset::TrompTaylor,
        Preset::Ing,
        Preset::Primitive,
        Preset::Yasunaga,
        Preset::Traditional,
    ];

    /// The preset's name as parsed and printed (`new-zealand`, `tromp-taylor`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Preset::Chinese => "chinese",
            Preset::Japanese => "japanese",
            Preset::Korean => "korean",
            Preset::Aga => "aga",
            Preset::NewZealand => "new-zealand",
            Preset::TrompTaylor => "tromp-taylor",
            Preset::Ing => "ing",
            Preset::Primitive => "primitive",
            Preset::Yasunaga => "yasunaga",
            Preset::Traditional => "traditional",
        }
    }
}

/// Error for a rule-set name that is not a preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rules '{}'", self.0)
    }
}

impl std::error::Error for ParseRulesError {}

/// Other names for the presets, as KataGo, KGS, OGS and others write them (in the
/// normalized form of [`normalize_name`]).
const ALIASES: &[(&str, Preset)] = &[
    ("chinese-ogs", Preset::Chinese),
    ("chinese-kgs", Preset::Chinese),
    ("cn", Preset::Chinese),
    ("jp", Preset::Japanese),
    ("jpn", Preset::Japanese),
    ("kr", Preset::Korean),
    ("bga", Preset::Aga),
    ("aga-button", Preset::Aga),
    ("nz", Preset::NewZealand),
    ("newzealand", Preset::NewZealand),
    ("tromptaylor", Preset::TrompTaylor),
    ("tt", Preset::TrompTaylor),
    ("goe", Preset::Ing),
    ("ing-goe", Preset::Ing),
    ("stone-scoring", Preset::Primitive),
    ("shimada", Preset::Primitive),
];

/// A rule-set name as compared: trimmed, lower case, `_` and spaces as `-`.
fn normalize_name(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

impl Preset {
    /// The preset called `name`: its own name or another program's name for it
    /// (`chinese-ogs`, `stone-scoring`, `nz`, ...); case-insensitive, `_` or a space may
    /// stand for `-`. This is the one parser of rule-set names from users and other programs.
    pub fn from_name(name: &str) -> Option<Preset> {
        let norm = normalize_name(name);
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == norm)
            .or_else(|| {
                ALIASES
                    .iter()
                    .find(|(alias, _)| *alias == norm)
                    .map(|&(_, p)| p)
            })
    }

    /// Every name [`Preset::from_name`] knows, normalized, with its preset: the preset
    /// names first, then the other programs' names.
    pub fn all_names() -> impl Iterator<Item = (&'static str, Preset)> {
        Preset::ALL
            .into_iter()
            .map(|p| (p.name(), p))
            .chain(ALIASES.iter().copied())
    }

    /// Every preset name, comma-separated, for error messages and help.
    pub fn names() -> String {
        Preset::ALL.map(Preset::name).join(", ")
    }
}

/// Rules chosen by a name from the command line, GTP or SGF: the preset's rules (with its
/// komi) and its canonical name; `None` for an unknown name. Accepts what
/// [`Preset::from_name`] accepts (KataGo's names included).
pub fn parse_rules_name(name: &str) -> Option<(Rules, String)> {
    Preset::from_name(name).map(|p| (Rules::preset(p), p.name().to_string()))
}

impl FromStr for Preset {
    type Err = ParseRulesError;
    /// A preset's own name only (case-insensitive, `_` or a space for `-`); other programs'
    /// names go through [`Preset::from_name`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let norm = normalize_name(s);
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == norm)
            .ok_or_else(|| ParseRulesError(s.to_string()))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A complete rule set. Start from [`Rules::preset`] and change fields one by one.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Which self-captures are allowed.
    pub suicide: SuicideRule,
    /// How a finished position is counted.
    pub scoring: Scoring,
    /// Consecutive passes that end the game: 2, or 3 for yasunaga.
    pub end_passes: u8,
    /// White's compensation for handicap stones under area scoring.
    pub handicap_bonus: HandicapBonus,
    /// AGA: a pass gives the opponent one prisoner.
    pub pass_stones: bool,
    /// AGA: the game ends only when the last of the consecutive passes is White's.
    pub white_passes_last: bool,
    /// Whether empty points next to chains in seki may be territory (false for
    /// japanese, korean and traditional).
    pub seki_eyes_count: bool,
    /// Handicap stones go on the star points (japanese, korean, traditional, aga).
    pub fixed_handicap: bool,
    /// Whether dead stones are removed before counting (false for tromp-taylor:
    /// the board is counted exactly as it stands).
    pub remove_dead: bool,
    /// Points given to White.
    pub komi: f64,
    /// The preset these rules were made from: only tells apart presets whose fields are
    /// equal (japanese, korean, traditional) when printing; ignored once fields differ.
    pub origin: Option<Preset>,
}

impl Default for Rules {
    /// Chinese rules.
    fn default() -> Self {
        Rules::preset(Preset::Chinese)
    }
}

impl Rules {
    /// The rules of a preset, with its default komi.
    pub fn preset(p: Preset) -> Rules {
        let base = Rules {
            ko: KoRule::Positional,
            suicide: SuicideRule::Forbidden,
            scoring: Scoring::Area,
            end_passes: 2,
            handicap_bonus: HandicapBonus::Zero,
            pass_stones: false,
            white_passes_last: false,
            seki_eyes_count: true,
            fixed_handicap: false,
            remove_dead: true,
            komi: 7.5,
            origin: Some(p),
        };
        let territory = Rules {
            ko: KoRule::Simple,
            scoring: Scoring::Territory,
            seki_eyes_count: false,
            fixed_handicap: true,
            komi: 6.5,
            ..base
        };
        match p {
            Preset::Chinese => Rules {
                handicap_bonus: HandicapBonus::N,
                ..base
            },
            Preset::Japanese | Preset::Korean | Preset::Traditional => territory,
            Preset::Aga => Rules {
                ko: KoRule::Situational,
                handicap_bonus: HandicapBonus::NMinusOne,
                pass_stones: true,
                white_passes_last: true,
                fixed_handicap: true,
                ..base
            },
            Preset::NewZealand => Rules {
                ko: KoRule::Situational,
                suicide: SuicideRule::MultiStoneAllowed,
                komi: 7.0,
                ..base
            },
            Preset::TrompTaylor => Rules {
                suicide: SuicideRule::MultiStoneAllowed,
                remove_dead: false,
                ..base
            },
            Preset::Ing => Rules {
                suicide: SuicideRule::MultiStoneAllowed,
                ..base
            },
            Preset::Primitive => Rules {
                suicide: SuicideRule::MultiStoneAllowed,
                scoring: Scoring::Stones,
                komi: 0.0,
                ..base
            },
            Preset::Yasunaga => Rules {
                ko: KoRule::PassReset,
                scoring: Scoring::Territory,
                end_passes: 3,
                fixed_handicap: false,
                komi: 0.0,
                ..base
            },
        }
    }

    /// Whether every field but komi and origin equals those of `other`.
    fn same_dimensions(&self, other: &Rules) -> bool {
        Rules {
            komi: other.komi,
            origin: other.origin,
            ..*self
        } == *other
    }

    /// The preset these rules equal (komi ignored), if any; `origin` breaks ties.
    pub fn preset_name(&self) -> Option<Preset> {
        if let Some(o) = self.origin {
            if self.same_dimensions(&Rules::preset(o)) {
                return Some(o);
            }
        }
        Preset::ALL
            .into_iter()
            .find(|&p| self.same_dimensions(&Rules::preset(p)))
    }

    /// White's handicap bonus in points for `handicap` stones (area scoring only).
    pub fn handicap_points(&self, handicap: usize) -> usize {
        if self.scoring == Scoring::Area {
            self.handicap_bonus.points(handicap)
        } else {
            0
        }
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;
    /// A preset name (case-insensitive, `_` for `-`), with the preset's komi.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<Preset>().map(Rules::preset)
    }
}

impl fmt::Display for Rules {
    /// The preset name when the rules equal a preset (komi ignored), else `custom`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(p) => f.write_str(p.name()),
            None => f.write_str("custom"),
        }
    }
}

/// `kata-get-rules` output: KataGo's rule fields, in KataGo's order and spelling.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KataRules<'a> {
    name: &'a str,
    ko: &'static str,
    scoring: &'static str,
    tax: &'static str,
    suicide: bool,
    white_handicap_bonus: &'static str,
    has_button: bool,
    end_passes: u8,
    pass_stones: bool,
    white_passes_last: bool,
    fixed_handicap: bool,
    remove_dead: bool,
    #[serde(serialize_with = "komi_as_printed")]
    komi: f64,
}

/// Komi as Rust prints it (`7.5`, `7`, `-0.5`, never an exponent), which is always a JSON
/// number when finite; `null` otherwise.
fn komi_as_printed<S: serde::Serializer>(komi: &f64, s: S) -> Result<S::Ok, S::Error> {
    match serde_json::value::RawValue::from_string(komi.to_string()) {
        Ok(raw) => raw.serialize(s),
        Err(_) => s.serialize_none(),
    }
}

impl Rules {
    /// The rules as KataGo's `kata-get-rules` JSON object, under `name` (one line).
    pub fn kata_json(&self, name: &str) -> String {
        let k = KataRules {
            name,
            ko: match self.ko {
                KoRule::Simple => "SIMPLE",
                KoRule::Positional => "POSITIONAL",
                KoRule::Situational => "SITUATIONAL",
                // KataGo's name for "no repetition since the last pass"
                KoRule::PassReset => "SPIGHT",
            },
            scoring: match self.scoring {
                Scoring::Area => "AREA",
                Scoring::Territory => "TERRITORY",
                Scoring::Stones => "STONES",
            },
            tax: if self.seki_eyes_count { "NONE" } else { "SEKI" },
            suicide: self.suicide == SuicideRule::MultiStoneAllowed,
            white_handicap_bonus: match self.handicap_bonus {
                HandicapBonus::Zero => "0",
                HandicapBonus::N => "N",
                HandicapBonus::NMinusOne => "N-1",
            },
            has_button: false,
            end_passes: self.end_passes,
            pass_stones: self.pass_stones,
            white_passes_last: self.white_passes_last,
            fixed_handicap: self.fixed_handicap,
            remove_dead: self.remove_dead,
            komi: self.komi,
        };
        // Strings, booleans and numbers only: serializing cannot fail.
        serde_json::to_string(&k).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
            let r: Rules = p.name().parse().unwrap();
            assert_eq!(r, Rules::preset(p));
            assert_eq!(r.to_string(), p.name());
            assert_eq!(r.preset_name(), Some(p));
        }
        assert_eq!("NEW_ZEALAND".parse::<Preset>(), Ok(Preset::NewZealand));
        assert_eq!(
            "Tromp_Taylor".parse::<Rules>().unwrap().to_string(),
            "tromp-taylor"
        );
        assert!("nz".parse::<Rules>().is_err());
        assert!("".parse::<Preset>().is_err());
        assert_eq!(
            "bogus".parse::<Rules>().unwrap_err().to_string(),
            "unknown rules 'bogus'"
        );
    }

    #[test]
    fn display_ignores_komi_and_detects_custom() {
        let mut r = Rules::preset(Preset::Chinese);
        r.komi = 0.5;
        assert_eq!(r.to_string(), "chinese");
        r.ko = KoRule::Simple;
        assert_eq!(r.to_string(), "custom");
        assert_eq!(r.preset_name(), None);
        // fields equal to another preset: that preset's name
        let mut j = Rules::preset(Preset::Ing);
        j.remove_dead = false;
        assert_eq!(j.to_string(), "tromp-taylor");
        // japanese, korean and traditional share their fields; origin decides
        assert_eq!(Rules::preset(Preset::Korean).to_string(), "korean");
        assert_eq!(
            Rules::preset(Preset::Traditional).to_string(),
            "traditional"
        );
        let mut k = Rules::preset(Preset::Korean);
        k.origin = None;
        assert_eq!(k.to_string(), "japanese");
    }

    #[test]
    fn preset_values() {
        use Preset::*;
        let r = Rules::preset;
        assert_eq!(r(Chinese).ko, KoRule::Positional);
        assert_eq!(r(Chinese).handicap_bonus, HandicapBonus::N);
        assert_eq!(r(Chinese).komi, 7.5);
        for p in [Japanese, Korean, Traditional] {
            assert_eq!(r(p).scoring, Scoring::Territory);
            assert_eq!(r(p).ko, KoRule::Simple);
            assert!(!r(p).seki_eyes_count);
            assert!(r(p).fixed_handicap);
            assert_eq!(r(p).komi, 6.5);
            assert_eq!(r(p).suicide, SuicideRule::Forbidden);
        }
        let aga = r(Aga);
        assert_eq!(aga.ko, KoRule::Situational);
        assert_eq!(aga.handicap_bonus, HandicapBonus::NMinusOne);
        assert!(aga.pass_stones && aga.white_passes_last && aga.fixed_handicap);
        assert_eq!(aga.komi, 7.5);
        let nz = r(NewZealand);
        assert_eq!(
            (nz.ko, nz.suicide, nz.handicap_bonus, nz.komi),
            (
                KoRule::Situational,
                SuicideRule::MultiStoneAllowed,
                HandicapBonus::Zero,
                7.0
            )
        );
        let tt = r(TrompTaylor);
        assert!(!tt.remove_dead);
        assert_eq!(tt.suicide, SuicideRule::MultiStoneAllowed);
        assert_eq!(tt.komi, 7.5);
        assert_eq!(r(Ing).suicide, SuicideRule::MultiStoneAllowed);
        assert_eq!(r(Ing).ko, KoRule::Positional);
        let pr = r(Primitive);
        assert_eq!((pr.scoring, pr.komi), (Scoring::Stones, 0.0));
        let y = r(Yasunaga);
        assert_eq!(
            (y.ko, y.scoring, y.end_passes, y.komi, y.suicide),
            (
                KoRule::PassReset,
                Scoring::Territory,
                3,
                0.0,
                SuicideRule::Forbidden
            )
        );
        for p in Preset::ALL {
            assert_eq!(r(p).remove_dead, p != TrompTaylor);
            assert_eq!(r(p).end_passes, if p == Yasunaga { 3 } else { 2 });
        }
    }

    #[test]
    fn handicap_bonus_points() {
        assert_eq!(HandicapBonus::N.points(4), 4);
        assert_eq!(HandicapBonus::NMinusOne.points(4), 3);
        assert_eq!(HandicapBonus::NMinusOne.points(0), 0);
        assert_eq!(HandicapBonus::Zero.points(9), 0);
        assert_eq!(Rules::preset(Preset::Chinese).handicap_points(3), 3);
        let mut t = Rules::preset(Preset::Chinese);
        t.scoring = Scoring::Territory;
        assert_eq!(t.handicap_points(3), 0);
    }

    #[test]
    fn every_name_and_alias_parses() {
        use Preset::*;
        let table = [
            ("chinese", Chinese),
            ("chinese-ogs", Chinese),
            ("chinese_kgs", Chinese),
            ("CN", Chinese),
            ("japanese", Japanese),
            ("jp", Japanese),
            ("JPN", Japanese),
            ("korean", Korean),
            ("kr", Korean),
            ("aga", Aga),
            ("bga", Aga),
            ("aga-button", Aga),
            ("new-zealand", NewZealand),
            ("New Zealand", NewZealand),
            ("nz", NewZealand),
            ("newzealand", NewZealand),
            ("tromp-taylor", TrompTaylor),
            ("tromptaylor", TrompTaylor),
            ("tt", TrompTaylor),
            ("ing", Ing),
            ("goe", Ing),
            ("ing_goe", Ing),
            ("primitive", Primitive),
            ("stone-scoring", Primitive),
            ("shimada", Primitive),
            ("yasunaga", Yasunaga),
            (" Traditional ", Traditional),
        ];
        for (name, p) in table {
            assert_eq!(Preset::from_name(name), Some(p), "{name}");
            let (r, canonical) = parse_rules_name(name).expect("known name");
            assert_eq!((r, canonical.as_str()), (Rules::preset(p), p.name()));
        }
        for (alias, p) in ALIASES {
            assert_eq!(Preset::from_name(alias), Some(*p));
            // the aliases are not preset names: FromStr and Display stay canonical
            assert!(alias.parse::<Preset>().is_err(), "{alias}");
        }
        for bad in ["", "martian", "chinese ogs x", "-", "nz2"] {
            assert_eq!(parse_rules_name(bad), None, "{bad:?}");
        }
        assert!(Preset::names().starts_with("chinese, japanese, korean, aga, new-zealand"));
    }

    /// `gtp::engine::rules_by_name` as it was before rules had one parser (kept here as
    /// the reference the shared parser must agree with).
    fn old_rules_by_name(name: &str) -> Option<(Rules, String)> {
        let n = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let preset = match n.as_str() {
            "chinese" | "chinese-ogs" | "chinese-kgs" | "cn" => Preset::Chinese,
            "japanese" | "jp" | "jpn" => Preset::Japanese,
            "korean" | "kr" => Preset::Korean,
            "aga" | "bga" | "aga-button" => Preset::Aga,
            "new-zealand" | "nz" | "newzealand" => Preset::NewZealand,
            "tromp-taylor" | "tromptaylor" | "tt" => Preset::TrompTaylor,
            "ing" | "goe" | "ing-goe" => Preset::Ing,
            "primitive" | "stone-scoring" | "shimada" => Preset::Primitive,
            "yasunaga" => Preset::Yasunaga,
            "traditional" => Preset::Traditional,
            _ => {
                let r = n.parse::<Rules>().ok()?;
                let name = r.to_string();
                return Some((r, name));
            }
        };
        Some((Rules::preset(preset), preset.to_string()))
    }

    /// Every name GTP (`kata-set-rules`, `loadsgf`) and `tengen --rules` knew parses the
    /// same way through the shared parser, and through GTP's entry point.
    #[test]
    fn names_parse_as_gtp_parsed_them() {
        let mut names: Vec<String> = Preset::all_names().map(|(n, _)| n.to_string()).collect();
        let variants: Vec<String> = names
            .iter()
            .flat_map(|n| [n.to_uppercase(), n.replace('-', "_"), n.replace('-', " ")])
            .collect();
        names.extend(variants);
        names.extend(["bogus", "", "  ", "chinese-", "japanese kgs"].map(String::from));
        for n in names {
            let new = parse_rules_name(&n);
            assert_eq!(new, old_rules_by_name(&n), "{n:?}");
            assert_eq!(new, crate::gtp::engine::rules_by_name(&n), "{n:?}");
        }
    }

    #[test]
    fn kata_json_text() {
        assert_eq!(
            Rules::preset(Preset::Chinese).kata_json("chinese"),
            r#"{"name":"chinese","ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"removeDead":true,"komi":7.5}"#
        );
        assert_eq!(
            Rules::preset(Preset::Yasunaga).kata_json("yasunaga"),
            r#"{"name":"yasunaga","ko":"SPIGHT","scoring":"TERRITORY","tax":"NONE","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":3,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"removeDead":true,"komi":0}"#
        );
    }

    /// `gtp::engine::rules_json` as it was before serde (the reference for `kata_json`).
    fn old_rules_json(r: &Rules, name: &str) -> String {
        let ko = match r.ko {
            KoRule::Simple => "SIMPLE",
            KoRule::Positional => "POSITIONAL",
            KoRule::Situational => "SITUATIONAL",
            KoRule::PassReset => "SPIGHT",
        };
        let scoring = match r.scoring {
            Scoring::Area => "AREA",
            Scoring::Territory => "TERRITORY",
            Scoring::Stones => "STONES",
        };
        let bonus = match r.handicap_bonus {
            HandicapBonus::Zero => "0",
            HandicapBonus::N => "N",
            HandicapBonus::NMinusOne => "N-1",
        };
        let tax = if r.seki_eyes_count { "NONE" } else { "SEKI" };
        format!(
            "{{\"name\":\"{name}\",\"ko\":\"{ko}\",\"scoring\":\"{scoring}\",\"tax\":\"{tax}\",\"suicide\":{},\"whiteHandicapBonus\":\"{bonus}\",\"hasButton\":false,\"endPasses\":{},\"passStones\":{},\"whitePassesLast\":{},\"fixedHandicap\":{},\"removeDead\":{},\"komi\":{}}}",
            r.suicide == SuicideRule::MultiStoneAllowed,
            r.end_passes,
            r.pass_stones,
            r.white_passes_last,
            r.fixed_handicap,
            r.remove_dead,
            r.komi
        )
    }

    /// The same text as GTP's hand-written `rules_json`, for every preset and odd komi.
    #[test]
    fn kata_json_matches_gtp_rules_json() {
        for p in Preset::ALL {
            for komi in [
                None,
                Some(7.0),
                Some(-0.5),
                Some(-0.0),
                Some(0.1),
                Some(1e-7),
                Some(1e300),
                Some(-12.25),
            ] {
                let mut r = Rules::preset(p);
                if let Some(k) = komi {
                    r.komi = k;
                }
                for name in [p.name(), "custom"] {
                    let new = r.kata_json(name);
                    assert_eq!(new, old_rules_json(&r, name));
                    let v: serde_json::Value = serde_json::from_str(&new).expect("valid JSON");
                    assert_eq!(v["komi"].as_f64(), Some(r.komi));
                }
            }
        }
    }
}
