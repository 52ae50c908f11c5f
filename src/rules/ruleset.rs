//! [`Rules`]: the rule dimensions (ko, suicide, scoring, end of game, handicap) and the
//! named presets, parsed from and printed as their names; KataGo's JSON form of the rules
//! (`kata-get-rules` out, `kata-set-rules` in).

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
    /// Stones on the board, counted as if each side had filled its territory but for two
    /// eyes a group: area less two points for every independent group (the group tax).
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
    ("chineseogs", Preset::Chinese),
    ("chinesekgs", Preset::Chinese),
    ("cn", Preset::Chinese),
    ("jp", Preset::Japanese),
    ("jpn", Preset::Japanese),
    ("kr", Preset::Korean),
    ("bga", Preset::Aga),
    ("aga-button", Preset::Aga),
    ("agabutton", Preset::Aga),
    // KataGo: the French federation's rules as AGA's (area, situational superko, N-1)
    ("french", Preset::Aga),
    ("nz", Preset::NewZealand),
    ("newzealand", Preset::NewZealand),
    ("tromptaylor", Preset::TrompTaylor),
    ("tt", Preset::TrompTaylor),
    ("goe", Preset::Ing),
    ("ing-goe", Preset::Ing),
    // KataGo's stone scoring is area scoring with a group tax (two points per group), which
    // equals counting stones only once territory is filled down to two eyes per group.
    ("stone-scoring", Preset::Primitive),
    ("stonescoring", Preset::Primitive),
    ("ancient-area", Preset::Primitive),
    ("ancientarea", Preset::Primitive),
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
    /// Whether a chain without life whose every liberty is an eye of its own beside
    /// first-class own stones counts alive, the connecting move (teire) players leave out
    /// presumed (japanese, korean: on the Tom 9d endings counted under Japanese rules, 33
    /// of 35 such chains were counted alive and their eye territory, as GNU Go counts
    /// them); false keeps Sekiguchi's procedure as set out, where such a chain is seki
    /// (traditional). It changes a count only when seki eyes are not counted.
    pub teire_presumed: bool,
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
            teire_presumed: false,
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
            Preset::Japanese | Preset::Korean => Rules {
                teire_presumed: true,
                ..territory
            },
            Preset::Traditional => territory,
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
    teire_presumed: bool,
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
            teire_presumed: self.teire_presumed,
            remove_dead: self.remove_dead,
            komi: self.komi,
        };
        // Strings, booleans and numbers only: serializing cannot fail.
        serde_json::to_string(&k).unwrap_or_default()
    }
}

/// What `kata-set-rules` chose: the rules, the name `kata-get-rules` shows them under, and
/// the komi when the text gave one.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesChoice {
    /// The rules; their komi is the one given, else the preset's (names) or the base
    /// rules' (JSON).
    pub rules: Rules,
    /// The preset's canonical name, or `custom`.
    pub name: String,
    /// The komi the JSON gave (`"komi"`), which the engine then keeps like `komi K`.
    pub komi: Option<f64>,
}

/// KataGo rule-set names Tengen cannot express, with the reason given in the error.
const UNSUPPORTED_NAMES: &[(&str, &str)] = &[
    (
        "ancient-territory",
        "ancient-territory (group tax, tax ALL)",
    ),
    ("ancientterritory", "ancient-territory (group tax, tax ALL)"),
];

/// `kata-set-rules`' argument (the GTP arguments joined by spaces): KataGo's JSON rules
/// object when it starts with `{` (see [`Rules::from_kata_json`]), else a rule-set name as
/// [`parse_rules_name`] reads it, with the preset's komi. `current` is the rules in force.
pub fn parse_kata_rules(text: &str, current: &Rules) -> Result<RulesChoice, String> {
    let text = text.trim();
    if text.starts_with('{') {
        return Rules::from_kata_json(text, current);
    }
    if let Some((_, why)) = UNSUPPORTED_NAMES
        .iter()
        .find(|(n, _)| *n == normalize_name(text))
    {
        return Err(format!("unsupported rules: {why}"));
    }
    let (rules, name) = parse_rules_name(text).ok_or("unknown rules")?;
    Ok(RulesChoice {
        rules,
        name,
        komi: None,
    })
}

/// KataGo's `kata-set-rule KEY VALUE`: the rules in force (`current`, shown as `name`) with
/// one field changed, as the same field of [`Rules::from_kata_json`] reads it (`score` is
/// `scoring`; words in any case; `true`/`false` for the flags). The other fields keep their
/// values, komi included; `friendlyPassOk` replaces the `removeDead` it stands for.
pub fn parse_kata_rule(
    key: &str,
    value: &str,
    current: &Rules,
    name: &str,
) -> Result<RulesChoice, String> {
    use serde_json::Value;
    let key = if key == "score" { "scoring" } else { key };
    let value = value.trim();
    let v = match key {
        "suicide" | "hasButton" | "friendlyPassOk" | "passStones" | "whitePassesLast"
        | "fixedHandicap" | "teirePresumed" | "removeDead" => {
            match value.to_ascii_lowercase().as_str() {
                "true" | "1" => Value::Bool(true),
                "false" | "0" => Value::Bool(false),
                _ => Value::String(value.to_string()),
            }
        }
        "endPasses" | "komi" => value
            .parse::<serde_json::Number>()
            .map(Value::Number)
            .unwrap_or_else(|_| Value::String(value.to_string())),
        // a name is no field to set: `kata-set-rules NAME` chooses a preset
        "name" => return Err("unknown rules field 'name'".into()),
        _ => Value::String(value.to_string()),
    };
    let mut fields: serde_json::Map<String, Value> =
        serde_json::from_str(&current.kata_json(name)).map_err(|e| e.to_string())?;
    // komi stays as it is unless it is the field set (no `komi K` then)
    fields.remove("komi");
    if key == "friendlyPassOk" {
        fields.remove("removeDead");
    }
    fields.insert(key.to_string(), v);
    Rules::from_kata_json(&Value::Object(fields).to_string(), current)
}

/// The fields of a KataGo JSON rules object, each as given (`None`: left out).
#[derive(Default)]
struct KataFields {
    name: Option<String>,
    ko: Option<KoRule>,
    scoring: Option<Scoring>,
    /// `tax`: `NONE` is true, `SEKI` false.
    seki_eyes_count: Option<bool>,
    /// `tax` `ALL`: two points off every living group (KataGo's stone scoring with area).
    tax_all: bool,
    suicide: Option<bool>,
    handicap_bonus: Option<HandicapBonus>,
    friendly_pass_ok: Option<bool>,
    end_passes: Option<u8>,
    pass_stones: Option<bool>,
    white_passes_last: Option<bool>,
    fixed_handicap: Option<bool>,
    teire_presumed: Option<bool>,
    remove_dead: Option<bool>,
    komi: Option<f64>,
}

/// The error for a field whose value has the wrong type or is no known word.
fn bad_value(key: &str, raw: &serde_json::value::RawValue) -> String {
    let text: String = raw.get().chars().take(40).collect();
    format!("bad value for rules field '{key}': {text}")
}

/// A JSON string value.
fn json_string(key: &str, raw: &serde_json::value::RawValue) -> Result<String, String> {
    serde_json::from_str::<String>(raw.get()).map_err(|_| bad_value(key, raw))
}

/// A JSON boolean value.
fn json_bool(key: &str, raw: &serde_json::value::RawValue) -> Result<bool, String> {
    serde_json::from_str::<bool>(raw.get()).map_err(|_| bad_value(key, raw))
}

/// A JSON string that is one of `words` (ASCII case ignored: KataGo's JSON wants upper
/// case, its `kata-set-rule` any case).
fn json_word<T: Copy>(
    key: &str,
    raw: &serde_json::value::RawValue,
    words: &[(&str, T)],
) -> Result<T, String> {
    let s = json_string(key, raw)?;
    words
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(s.trim()))
        .map(|&(_, v)| v)
        .ok_or_else(|| bad_value(key, raw))
}

impl KataFields {
    /// Reads a JSON object of KataGo's rule fields and of those [`Rules::kata_json`] adds.
    /// Keys are case-sensitive, as in KataGo; a key given twice counts with its last value.
    fn parse(text: &str) -> Result<KataFields, String> {
        use serde_json::value::RawValue;
        let map: std::collections::BTreeMap<String, &RawValue> =
            serde_json::from_str(text).map_err(|_| "syntax error: invalid rules JSON")?;
        let mut f = KataFields::default();
        for (key, raw) in map {
            let raw: &RawValue = raw;
            let k = key.as_str();
            match k {
                // Tengen's own output; only a hint for japanese/korean/traditional
                "name" => f.name = Some(json_string(k, raw)?),
                "ko" => {
                    f.ko = Some(json_word(
                        k,
                        raw,
                        &[
                            ("SIMPLE", KoRule::Simple),
                            ("POSITIONAL", KoRule::Positional),
                            ("SITUATIONAL", KoRule::Situational),
                            ("SPIGHT", KoRule::PassReset),
                        ],
                    )?)
                }
                // KataGo takes both spellings; STONES is Tengen's (primitive rules)
                "scoring" | "score" => {
                    f.scoring = Some(json_word(
                        k,
                        raw,
                        &[
                            ("AREA", Scoring::Area),
                            ("TERRITORY", Scoring::Territory),
                            ("STONES", Scoring::Stones),
                        ],
                    )?)
                }
                "tax" => {
                    let eyes = json_word(
                        k,
                        raw,
                        &[("NONE", Some(true)), ("SEKI", Some(false)), ("ALL", None)],
                    )?;
                    // group tax (two points off every living group): stone scoring
                    f.seki_eyes_count = eyes;
                    f.tax_all = eyes.is_none();
                }
                "suicide" => f.suicide = Some(json_bool(k, raw)?),
                "hasButton" => {
                    // the button (half a point to the first to pass) has no field here
                    if json_bool(k, raw)? {
                        return Err("unsupported rules: hasButton true".into());
                    }
                }
                "whiteHandicapBonus" => {
                    f.handicap_bonus = Some(json_word(
                        k,
                        raw,
                        &[
                            ("0", HandicapBonus::Zero),
                            ("N", HandicapBonus::N),
                            ("N-1", HandicapBonus::NMinusOne),
                        ],
                    )?)
                }
                "friendlyPassOk" => f.friendly_pass_ok = Some(json_bool(k, raw)?),
                "endPasses" => {
                    let n =
                        serde_json::from_str::<u64>(raw.get()).map_err(|_| bad_value(k, raw))?;
                    match u8::try_from(n) {
                        Ok(n @ 2..=3) => f.end_passes = Some(n),
                        _ => return Err(format!("unsupported rules: endPasses {n}")),
                    }
                }
                "passStones" => f.pass_stones = Some(json_bool(k, raw)?),
                "whitePassesLast" => f.white_passes_last = Some(json_bool(k, raw)?),
                "fixedHandicap" => f.fixed_handicap = Some(json_bool(k, raw)?),
                "teirePresumed" => f.teire_presumed = Some(json_bool(k, raw)?),
                "removeDead" => f.remove_dead = Some(json_bool(k, raw)?),
                "komi" => {
                    // a JSON number, read from its text so that it comes back exactly as
                    // `kata_json` printed it
                    serde_json::from_str::<f64>(raw.get()).map_err(|_| bad_value(k, raw))?;
                    let komi = raw
                        .get()
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite());
                    f.komi = Some(komi.ok_or_else(|| bad_value(k, raw))?);
                }
                _ => {
                    let shown: String = key.chars().take(40).collect();
                    return Err(format!("unknown rules field '{shown}'"));
                }
            }
        }
        Ok(f)
    }
}

impl Rules {
    /// Rules from KataGo's JSON form (`{"ko":"SIMPLE","scoring":"TERRITORY",...}`, any subset
    /// of the keys), as `kata-set-rules` takes it from Sabaki and KaTrain; the output of
    /// [`Rules::kata_json`] comes back unchanged. `base` (the rules in force) gives the komi
    /// when the JSON has none: like KataGo, new rules leave komi alone.
    ///
    /// KataGo's fields fall back on KataGo's defaults (Tromp-Taylor-like: positional
    /// superko, area, suicide allowed, bonus 0; tax `SEKI` under territory scoring, else
    /// `NONE`). Tengen's own fields (`endPasses`, `passStones`, `whitePassesLast`,
    /// `fixedHandicap`) fall back on those of the preset the other fields equal, so KataGo's
    /// `aga` JSON is Tengen's `aga`; with no such preset the rules are `custom`, with two
    /// passes, no pass stones and free handicap.
    ///
    /// `friendlyPassOk` (KataGo: whether passing before capturing dead stones is fine, only
    /// for area scoring) becomes `remove_dead` under area scoring when `removeDead` is not
    /// given: false means the board is counted as it stands, so dead stones must be captured
    /// first (KataGo's tromp-taylor); it is ignored under territory and stone scoring, as
    /// KataGo ignores it. `friendlyPassOk` true with `removeDead` false is refused.
    ///
    /// Errors: invalid JSON or not an object, unknown keys, wrong types, unknown words and
    /// what Tengen cannot play (`tax ALL` under territory scoring, `hasButton true`,
    /// `endPasses` other than 2 or 3). `tax ALL` under area scoring is KataGo's stone
    /// scoring: Tengen's stone counting (the `primitive` preset's scoring).
    pub fn from_kata_json(text: &str, base: &Rules) -> Result<RulesChoice, String> {
        let f = KataFields::parse(text)?;
        let mut scoring = f.scoring.unwrap_or(Scoring::Area);
        if f.tax_all {
            if scoring == Scoring::Territory {
                return Err("unsupported rules: tax ALL under territory scoring".into());
            }
            scoring = Scoring::Stones;
        }
        let area = scoring == Scoring::Area;
        let remove_dead = match (f.remove_dead, f.friendly_pass_ok) {
            (Some(false), Some(true)) if area => {
                return Err("unsupported rules: friendlyPassOk true with removeDead false".into())
            }
            (Some(r), _) => r,
            (None, ok) => !area || ok.unwrap_or(false),
        };
        let with = |p: Rules| Rules {
            ko: f.ko.unwrap_or(KoRule::Positional),
            suicide: if f.suicide.unwrap_or(true) {
                SuicideRule::MultiStoneAllowed
            } else {
                SuicideRule::Forbidden
            },
            scoring,
            end_passes: f.end_passes.unwrap_or(p.end_passes),
            handicap_bonus: f.handicap_bonus.unwrap_or(HandicapBonus::Zero),
            pass_stones: f.pass_stones.unwrap_or(p.pass_stones),
            white_passes_last: f.white_passes_last.unwrap_or(p.white_passes_last),
            seki_eyes_count: f.seki_eyes_count.unwrap_or(scoring != Scoring::Territory),
            fixed_handicap: f.fixed_handicap.unwrap_or(p.fixed_handicap),
            teire_presumed: f.teire_presumed.unwrap_or(p.teire_presumed),
            remove_dead,
            komi: f.komi.unwrap_or(base.komi),
            origin: p.origin,
        };
        // the preset `name` names first: it tells japanese, korean and traditional apart
        let hint = f.name.as_deref().and_then(Preset::from_name);
        let rules = hint
            .into_iter()
            .chain(Preset::ALL)
            .map(|p| with(Rules::preset(p)))
            .find(|r| {
                r.origin
                    .is_some_and(|p| r.same_dimensions(&Rules::preset(p)))
            })
            .unwrap_or_else(|| {
                with(Rules {
                    origin: None,
                    ..Rules::preset(Preset::TrompTaylor)
                })
            });
        Ok(RulesChoice {
            rules,
            name: rules
                .preset_name()
                .map_or("custom", Preset::name)
                .to_string(),
            komi: f.komi,
        })
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

    /// KataGo's names added with the JSON form of `kata-set-rules`, and their presets.
    const ADDED_KATAGO_NAMES: [(&str, Preset); 7] = [
        ("chineseogs", Preset::Chinese),
        ("chinesekgs", Preset::Chinese),
        ("agabutton", Preset::Aga),
        ("french", Preset::Aga),
        ("stonescoring", Preset::Primitive),
        ("ancient-area", Preset::Primitive),
        ("ancientarea", Preset::Primitive),
    ];

    /// `gtp::commands::rules_by_name` as it was before rules had one parser (kept here as
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
        // KataGo's names added since (the old parser did not know them)
        let added = ADDED_KATAGO_NAMES.map(|(n, _)| normalize_name(n));
        for n in names {
            let new = parse_rules_name(&n);
            if added.contains(&normalize_name(&n)) {
                assert!(new.is_some(), "{n:?}");
                continue;
            }
            assert_eq!(new, old_rules_by_name(&n), "{n:?}");
            assert_eq!(new, crate::gtp::commands::rules_by_name(&n), "{n:?}");
        }
    }

    #[test]
    fn kata_json_text() {
        assert_eq!(
            Rules::preset(Preset::Chinese).kata_json("chinese"),
            r#"{"name":"chinese","ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":7.5}"#
        );
        assert_eq!(
            Rules::preset(Preset::Yasunaga).kata_json("yasunaga"),
            r#"{"name":"yasunaga","ko":"SPIGHT","scoring":"TERRITORY","tax":"NONE","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":3,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":0}"#
        );
    }

    /// `gtp::commands::rules_json` as it was before serde (the reference for `kata_json`).
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
            "{{\"name\":\"{name}\",\"ko\":\"{ko}\",\"scoring\":\"{scoring}\",\"tax\":\"{tax}\",\"suicide\":{},\"whiteHandicapBonus\":\"{bonus}\",\"hasButton\":false,\"endPasses\":{},\"passStones\":{},\"whitePassesLast\":{},\"fixedHandicap\":{},\"teirePresumed\":{},\"removeDead\":{},\"komi\":{}}}",
            r.suicide == SuicideRule::MultiStoneAllowed,
            r.end_passes,
            r.pass_stones,
            r.white_passes_last,
            r.fixed_handicap,
            r.teire_presumed,
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

    /// KataGo's names for rule sets, as KataGo spells them (`Rules::parseRulesHelper`), read
    /// by `kata-set-rules`.
    #[test]
    fn katago_names() {
        use Preset::*;
        let table = [
            ("tromp-taylor", TrompTaylor),
            ("TrompTaylor", TrompTaylor),
            ("tromp taylor", TrompTaylor),
            ("chinese", Chinese),
            ("Chinese-OGS", Chinese),
            ("chinese_kgs", Chinese),
            ("chineseogs", Chinese),
            ("chinesekgs", Chinese),
            ("japanese", Japanese),
            ("korean", Korean),
            ("stone-scoring", Primitive),
            ("StoneScoring", Primitive),
            ("stone scoring", Primitive),
            ("ancient-area", Primitive),
            ("ancientarea", Primitive),
            ("ancient area", Primitive),
            ("aga", Aga),
            ("bga", Aga),
            ("french", Aga),
            ("aga-button", Aga),
            ("agabutton", Aga),
            ("aga button", Aga),
            ("new-zealand", NewZealand),
            ("NewZealand", NewZealand),
            ("new zealand", NewZealand),
            ("nz", NewZealand),
            ("goe", Ing),
            ("ing", Ing),
        ];
        let base = Rules::preset(Yasunaga);
        for (name, p) in table {
            let c = parse_kata_rules(name, &base).expect(name);
            assert_eq!(
                (c.rules, c.name.as_str(), c.komi),
                (Rules::preset(p), p.name(), None)
            );
        }
        for (name, p) in ADDED_KATAGO_NAMES {
            assert_eq!(Preset::from_name(name), Some(p), "{name}");
        }
        for name in ["ancient-territory", "AncientTerritory", "ancient_territory"] {
            assert_eq!(
                parse_kata_rules(name, &base),
                Err("unsupported rules: ancient-territory (group tax, tax ALL)".into())
            );
        }
        for bad in ["", "martian", "chinese extra", "{"] {
            assert!(parse_kata_rules(bad, &base).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse_kata_rules("martian", &base),
            Err("unknown rules".into())
        );
    }

    /// The JSON of `kata_json`, read back.
    fn json_back(r: &Rules, name: &str) -> RulesChoice {
        let text = r.kata_json(name);
        let c = Rules::from_kata_json(&text, &Rules::preset(Preset::Primitive)).expect(&text);
        assert_eq!(c.rules.kata_json(&c.name), text, "round trip");
        c
    }

    #[test]
    fn kata_set_rule_changes_one_field() {
        // every field of every preset set to its own value (as text, the way GTP gives it)
        // leaves the rules and their name as they were
        for p in Preset::ALL {
            let r = Rules::preset(p);
            let json: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&r.kata_json(p.name())).unwrap();
            for (key, v) in json
                .iter()
                .filter(|(k, _)| *k != "name" && *k != "hasButton")
            {
                let text = match v {
                    serde_json::Value::String(s) => s.to_lowercase(),
                    other => other.to_string(),
                };
                let c = parse_kata_rule(key, &text, &r, p.name()).unwrap();
                assert_eq!(
                    (&c.rules, c.name.as_str()),
                    (&r, p.name()),
                    "{p} {key} {text}"
                );
            }
        }
        // one field changed, the others and komi kept
        let mut r = Rules::preset(Preset::Japanese);
        r.komi = 0.5;
        let c = parse_kata_rule("ko", "Positional", &r, "japanese").unwrap();
        assert_eq!(c.rules.ko, KoRule::Positional);
        assert_eq!((c.rules.scoring, c.rules.komi), (Scoring::Territory, 0.5));
        assert_eq!((c.name.as_str(), c.komi), ("custom", None));
        let c = parse_kata_rule("score", "AREA", &r, "japanese").unwrap();
        assert_eq!(c.rules.scoring, Scoring::Area);
        let c = parse_kata_rule("komi", "6", &r, "japanese").unwrap();
        assert_eq!((c.komi, c.rules.komi), (Some(6.0), 6.0));
        // friendlyPassOk stands for removeDead under area scoring
        let tt = Rules::preset(Preset::TrompTaylor);
        assert!(!tt.remove_dead);
        let c = parse_kata_rule("friendlyPassOk", "TRUE", &tt, "tromp-taylor").unwrap();
        assert!(c.rules.remove_dead);
        for (k, v) in [
            ("ko", "SUPER"),
            ("suicide", "maybe"),
            ("Ko", "SIMPLE"),
            ("name", "japanese"),
            ("endPasses", "7"),
            ("hasButton", "true"),
        ] {
            assert!(parse_kata_rule(k, v, &r, "japanese").is_err(), "{k} {v}");
        }
    }

    /// Every preset's `kata-get-rules` JSON comes back as the preset, komi and name included.
    #[test]
    fn kata_json_round_trips_presets() {
        for p in Preset::ALL {
            for komi in [
                None,
                Some(0.5),
                Some(-0.0),
                Some(0.1),
                Some(1e-7),
                Some(1e300),
            ] {
                let mut r = Rules::preset(p);
                if let Some(k) = komi {
                    r.komi = k;
                }
                let c = json_back(&r, p.name());
                assert_eq!(c.rules, r, "{p}");
                assert_eq!(c.name, p.name());
                assert_eq!(c.komi.map(f64::to_bits), Some(r.komi.to_bits()));
                assert_eq!(c.rules.komi.to_bits(), r.komi.to_bits());
            }
        }
    }

    /// Every combination of the fields comes back with the same fields and the same name.
    #[test]
    fn kata_json_round_trips_every_combination() {
        use HandicapBonus::*;
        use KoRule::*;
        let mut n = 0;
        for ko in [Simple, Positional, Situational, PassReset] {
            for scoring in [Scoring::Area, Scoring::Territory, Scoring::Stones] {
                for handicap_bonus in [Zero, N, NMinusOne] {
                    for bits in 0..256u32 {
                        let bit = |i: u32| bits & (1 << i) != 0;
                        let r = Rules {
                            ko,
                            suicide: if bit(0) {
                                SuicideRule::MultiStoneAllowed
                            } else {
                                SuicideRule::Forbidden
                            },
                            scoring,
                            end_passes: if bit(1) { 3 } else { 2 },
                            handicap_bonus,
                            pass_stones: bit(2),
                            white_passes_last: bit(3),
                            seki_eyes_count: bit(4),
                            fixed_handicap: bit(5),
                            remove_dead: bit(6),
                            teire_presumed: bit(7),
                            komi: 6.5,
                            origin: None,
                        };
                        let name = r.to_string();
                        let c = json_back(&r, &name);
                        assert!(c.rules.same_dimensions(&r), "{r:?}");
                        assert_eq!(c.name, name);
                        assert_eq!(c.rules.preset_name(), r.preset_name());
                        n += 1;
                    }
                }
            }
        }
        assert_eq!(n, 4 * 3 * 3 * 256);
    }

    fn json(text: &str) -> Result<RulesChoice, String> {
        Rules::from_kata_json(text, &Rules::preset(Preset::Yasunaga))
    }

    /// KataGo's presets as KataGo's `kata-get-rules` prints them (keys sorted, no komi).
    #[test]
    fn katago_preset_json() {
        let kata = |ko: &str, scoring: &str, tax: &str, sui: bool, whb: &str, fpok: bool| {
            format!(
                r#"{{"friendlyPassOk":{fpok},"hasButton":false,"ko":"{ko}","scoring":"{scoring}","suicide":{sui},"tax":"{tax}","whiteHandicapBonus":"{whb}"}}"#
            )
        };
        let table = [
            (
                kata("POSITIONAL", "AREA", "NONE", true, "0", false),
                "tromp-taylor",
            ),
            (
                kata("POSITIONAL", "AREA", "NONE", false, "N", true),
                "chinese",
            ),
            (
                kata("SIMPLE", "TERRITORY", "SEKI", false, "0", false),
                "japanese",
            ),
            (
                kata("SITUATIONAL", "AREA", "NONE", false, "N-1", true),
                "aga",
            ),
            (
                kata("SITUATIONAL", "AREA", "NONE", true, "0", true),
                "new-zealand",
            ),
            (kata("POSITIONAL", "AREA", "NONE", true, "0", true), "ing"),
            // KataGo's chinese has simple ko; Tengen's has positional superko
            (kata("SIMPLE", "AREA", "NONE", false, "N", true), "custom"),
        ];
        for (text, name) in table {
            let c = json(&text).expect(&text);
            assert_eq!(c.name, name, "{text}");
            assert_eq!(c.komi, None);
            // komi left alone: the base rules' (yasunaga, 0)
            assert_eq!(c.rules.komi, 0.0);
            if let Some(p) = Preset::from_name(name) {
                assert_eq!(
                    c.rules,
                    Rules {
                        komi: 0.0,
                        ..Rules::preset(p)
                    }
                );
            }
        }
        // KataGo's stone scoring (area with every group taxed) is Tengen's stone counting
        let stones = json(&kata("POSITIONAL", "AREA", "ALL", true, "0", false)).expect("stones");
        assert_eq!(stones.rules.scoring, Scoring::Stones);
        assert_eq!(stones.name, "primitive");
        // the preset's own fields come with it
        let aga = json(&kata("SITUATIONAL", "AREA", "NONE", false, "N-1", true)).expect("aga");
        assert!(aga.rules.pass_stones && aga.rules.white_passes_last && aga.rules.fixed_handicap);
        let custom = json(&kata("SIMPLE", "AREA", "NONE", false, "N", true)).expect("custom");
        assert_eq!(custom.rules.origin, None);
        assert!(!custom.rules.pass_stones && !custom.rules.fixed_handicap);
        assert_eq!(custom.rules.end_passes, 2);
        // a name picks among presets with equal fields
        let jp = r#""ko":"SIMPLE","scoring":"TERRITORY","suicide":false"#;
        for (name, want) in [
            ("korean", "korean"),
            ("traditional", "traditional"),
            ("japanese", "japanese"),
            ("chinese", "japanese"),
            ("custom", "japanese"),
            ("martian", "japanese"),
        ] {
            let c = json(&format!(r#"{{"name":"{name}",{jp}}}"#)).expect(name);
            assert_eq!(c.name, want);
            assert_eq!(c.rules.to_string(), want);
        }
    }

    /// Missing keys take KataGo's defaults: Tromp-Taylor-like, tax by scoring.
    #[test]
    fn katago_defaults() {
        let c = json("{}").expect("{}");
        assert_eq!(c.name, "tromp-taylor");
        assert_eq!(
            c.rules,
            Rules {
                komi: 0.0,
                ..Rules::preset(Preset::TrompTaylor)
            }
        );
        let c = json(r#" { "scoring" : "TERRITORY" } "#).expect("territory");
        assert!(!c.rules.seki_eyes_count && c.rules.remove_dead);
        assert_eq!(c.rules.ko, KoRule::Positional);
        assert_eq!(c.rules.suicide, SuicideRule::MultiStoneAllowed);
        assert_eq!(c.name, "custom");
        let c = json(r#"{"score":"TERRITORY","tax":"NONE"}"#).expect("score");
        assert!(c.rules.seki_eyes_count);
        assert_eq!(c.rules.scoring, Scoring::Territory);
    }

    /// Each value of each field.
    #[test]
    fn each_field_value() {
        let get = |text: &str| json(text).expect(text).rules;
        for (w, ko) in [
            ("SIMPLE", KoRule::Simple),
            ("POSITIONAL", KoRule::Positional),
            ("SITUATIONAL", KoRule::Situational),
            ("SPIGHT", KoRule::PassReset),
            ("simple", KoRule::Simple),
        ] {
            assert_eq!(get(&format!(r#"{{"ko":"{w}"}}"#)).ko, ko);
        }
        for (w, s) in [
            ("AREA", Scoring::Area),
            ("TERRITORY", Scoring::Territory),
            ("STONES", Scoring::Stones),
        ] {
            assert_eq!(get(&format!(r#"{{"scoring":"{w}"}}"#)).scoring, s);
        }
        for scoring in ["AREA", "TERRITORY"] {
            let with_tax = |t: &str| get(&format!(r#"{{"scoring":"{scoring}","tax":"{t}"}}"#));
            assert!(with_tax("NONE").seki_eyes_count);
            assert!(!with_tax("SEKI").seki_eyes_count);
        }
        assert_eq!(
            get(r#"{"suicide":true}"#).suicide,
            SuicideRule::MultiStoneAllowed
        );
        assert_eq!(get(r#"{"suicide":false}"#).suicide, SuicideRule::Forbidden);
        for (w, b) in [
            ("0", HandicapBonus::Zero),
            ("N", HandicapBonus::N),
            ("N-1", HandicapBonus::NMinusOne),
        ] {
            assert_eq!(
                get(&format!(r#"{{"whiteHandicapBonus":"{w}"}}"#)).handicap_bonus,
                b
            );
        }
        assert_eq!(get(r#"{"hasButton":false}"#), get("{}"));
        // friendlyPassOk: removeDead under area scoring, nothing otherwise
        assert!(get(r#"{"friendlyPassOk":true}"#).remove_dead);
        assert!(!get(r#"{"friendlyPassOk":false}"#).remove_dead);
        assert!(!get(r#"{"scoring":"AREA"}"#).remove_dead);
        for scoring in ["TERRITORY", "STONES"] {
            for ok in [true, false] {
                let r = get(&format!(
                    r#"{{"scoring":"{scoring}","friendlyPassOk":{ok}}}"#
                ));
                assert!(r.remove_dead, "{scoring} {ok}");
            }
        }
        assert!(get(r#"{"friendlyPassOk":false,"removeDead":true}"#).remove_dead);
        assert!(
            !get(r#"{"scoring":"TERRITORY","friendlyPassOk":true,"removeDead":false}"#).remove_dead
        );
        for n in [2, 3] {
            assert_eq!(get(&format!(r#"{{"endPasses":{n}}}"#)).end_passes, n);
        }
        for v in [true, false] {
            assert_eq!(get(&format!(r#"{{"passStones":{v}}}"#)).pass_stones, v);
            assert_eq!(
                get(&format!(r#"{{"whitePassesLast":{v}}}"#)).white_passes_last,
                v
            );
            assert_eq!(
                get(&format!(r#"{{"fixedHandicap":{v}}}"#)).fixed_handicap,
                v
            );
            assert_eq!(get(&format!(r#"{{"removeDead":{v}}}"#)).remove_dead, v);
        }
        for (text, k) in [("7.5", 7.5), ("-3", -3.0), ("0", 0.0), ("1e2", 100.0)] {
            let c = json(&format!(r#"{{"komi":{text}}}"#)).expect(text);
            assert_eq!((c.komi, c.rules.komi), (Some(k), k));
        }
        // the last of a repeated key counts
        assert_eq!(
            get(r#"{"ko":"SIMPLE","ko":"SITUATIONAL"}"#).ko,
            KoRule::Situational
        );
    }

    /// Bad JSON, unknown keys and values, and what Tengen cannot play are errors.
    #[test]
    fn rejects() {
        for (text, want) in [
            ("{", "syntax error: invalid rules JSON"),
            (r#"{"ko":}"#, "syntax error: invalid rules JSON"),
            (r#"{"ko":"SIMPLE""#, "syntax error: invalid rules JSON"),
            (r#"{"ko":"SIMPLE"} x"#, "syntax error: invalid rules JSON"),
            ("{} {}", "syntax error: invalid rules JSON"),
            (
                r#"{"komi":1e999}"#,
                "bad value for rules field 'komi': 1e999",
            ),
            (r#"{"Ko":"SIMPLE"}"#, "unknown rules field 'Ko'"),
            (
                r#"{"friendly_pass_ok":true}"#,
                "unknown rules field 'friendly_pass_ok'",
            ),
            (
                r#"{"ko":"TRIPLE"}"#,
                r#"bad value for rules field 'ko': "TRIPLE""#,
            ),
            (r#"{"ko":1}"#, "bad value for rules field 'ko': 1"),
            (
                r#"{"scoring":"POINTS"}"#,
                r#"bad value for rules field 'scoring': "POINTS""#,
            ),
            (
                r#"{"tax":"SOME"}"#,
                r#"bad value for rules field 'tax': "SOME""#,
            ),
            (
                r#"{"suicide":"yes"}"#,
                r#"bad value for rules field 'suicide': "yes""#,
            ),
            (r#"{"suicide":1}"#, "bad value for rules field 'suicide': 1"),
            (
                r#"{"whiteHandicapBonus":1}"#,
                "bad value for rules field 'whiteHandicapBonus': 1",
            ),
            (
                r#"{"whiteHandicapBonus":"N+1"}"#,
                r#"bad value for rules field 'whiteHandicapBonus': "N+1""#,
            ),
            (
                r#"{"friendlyPassOk":null}"#,
                "bad value for rules field 'friendlyPassOk': null",
            ),
            (
                r#"{"komi":"7.5"}"#,
                r#"bad value for rules field 'komi': "7.5""#,
            ),
            (
                r#"{"endPasses":2.5}"#,
                "bad value for rules field 'endPasses': 2.5",
            ),
            (
                r#"{"endPasses":-2}"#,
                "bad value for rules field 'endPasses': -2",
            ),
            (r#"{"name":7}"#, "bad value for rules field 'name': 7"),
            (
                r#"{"tax":"ALL","scoring":"TERRITORY"}"#,
                "unsupported rules: tax ALL under territory scoring",
            ),
            (r#"{"hasButton":true}"#, "unsupported rules: hasButton true"),
            (r#"{"endPasses":4}"#, "unsupported rules: endPasses 4"),
            (r#"{"endPasses":1}"#, "unsupported rules: endPasses 1"),
            (r#"{"endPasses":300}"#, "unsupported rules: endPasses 300"),
            (
                r#"{"friendlyPassOk":true,"removeDead":false}"#,
                "unsupported rules: friendlyPassOk true with removeDead false",
            ),
        ] {
            assert_eq!(json(text), Err(want.to_string()), "{text}");
            assert_eq!(
                parse_kata_rules(text, &Rules::default()),
                Err(want.to_string())
            );
        }
        for text in ["[]", r#""chinese""#, "7", "null"] {
            assert!(json(text).is_err(), "{text}");
        }
        // long values are cut short in the message
        let long = format!(r#"{{"ko":"{}"}}"#, "X".repeat(500));
        assert!(json(&long).unwrap_err().len() < 100);
        let long = format!(r#"{{"{}":1}}"#, "k".repeat(500));
        assert!(json(&long).unwrap_err().len() < 100);
    }
}
