//! Serde helpers shared by the runner's JSON files (`games.jsonl`, `summary.json`); the
//! files themselves are typed records ([`super::record::GameLine`],
//! [`super::summary::SummaryFile`]) written and read with `serde_json`.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// Values keyed by engine name, written as one JSON object whose keys keep this order
/// (the `--engine` order, or Black then White).
#[derive(Clone, Debug, PartialEq)]
pub struct PerEngine<T>(pub Vec<(String, T)>);

impl<T> PerEngine<T> {
    /// The value of engine `name`.
    pub fn get(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

impl<T: Serialize> Serialize for PerEngine<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerEngine<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct InOrder<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for InOrder<T> {
            type Value = PerEngine<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object keyed by engine name")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    v.push(entry);
                }
                Ok(PerEngine(v))
            }
        }
        d.deserialize_map(InOrder(PhantomData))
    }
}

/// `x` rounded to `decimals` places, as the files write seconds and rates.
pub fn round_to(x: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (x * f).round() / f
}

/// Whether two JSON values are equal with numbers compared as doubles (`1` equals `1.0`).
#[cfg(test)]
pub fn same_values(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::{Array, Number, Object};
    match (a, b) {
        (Number(x), Number(y)) => x.as_f64() == y.as_f64(),
        (Array(x), Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_values(a, b))
        }
        (Object(x), Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_values(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_engine_keeps_order_and_reads_back() {
        let p = PerEngine(vec![("zeta".to_string(), 1u32), ("alpha".to_string(), 2)]);
        let text = serde_json::to_string(&p).expect("serializes");
        assert_eq!(text, r#"{"zeta":1,"alpha":2}"#);
        let back: PerEngine<u32> = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back, p);
        assert_eq!(back.get("alpha"), Some(&2));
        assert!(serde_json::from_str::<PerEngine<u32>>("[1]").is_err());
    }

    #[test]
    fn rounding() {
        assert_eq!(round_to(0.123_56, 3), 0.124);
        assert_eq!(round_to(2.0, 1), 2.0);
    }
}
