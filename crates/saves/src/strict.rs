//! Reading an action's JSON strictly: a key given twice is refused (serde would keep the last),
//! and so is a field the action does not have (the engine's reader ignores them), so that an
//! action reads only in the form its game writes.

use crate::limits::shortened;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// `json` as a value, refusing a key given twice in any object (serde's words, the key
/// shortened).
pub(crate) fn parse(json: &str) -> Result<Value, String> {
    serde_json::from_str::<Strict>(json)
        .map(|s| s.0)
        .map_err(|e| {
            let e = e.to_string();
            // The position is within the action; the reader adds its own.
            e.split(" at line ").next().unwrap_or_default().to_string()
        })
}

/// Why `json` (as the file has it) is not the action `written` (as its game writes it): a key
/// given twice, or a field that the written form does not have. `None` when neither.
pub(crate) fn extra_fields(json: &str, written: &str) -> Option<String> {
    let read = match parse(json) {
        Ok(v) => v,
        Err(e) => return Some(e),
    };
    let written: Value = serde_json::from_str(written).ok()?;
    difference(&read, &written, "")
        .map(|what| format!("{what}: the action is written {}", shortened_json(&written)))
}

/// What a JSON value is, in words: `a list`, `an object`, or `a value` (a number, a string, ...).
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "an object",
        Value::Array(_) => "a list",
        _ => "a value",
    }
}

/// Where `read` differs in shape from `written` (the same action as its game writes it): the
/// first key `written` does not have at the same place, or the first place holding a list where
/// the action has an object (`["claim", 40]`, `"first": [0, 2]`, which the engine's readers take
/// as the fields in order) or another kind of value. `None` where neither.
fn difference(read: &Value, written: &Value, at: &str) -> Option<String> {
    if let Some(path) = unknown_field(read, written, at) {
        return Some(format!("unknown field `{}`", shortened(&path)));
    }
    misshapen(read, written, at).map(|(path, read, written)| {
        if path.is_empty() {
            format!("the action is {read}, not {written}")
        } else {
            format!("`{}` is {read}, not {written}", shortened(&path))
        }
    })
}

/// The first place (a dotted path, empty for the whole) where `read` holds another kind of
/// value than `written` (a list for an object, say), with both kinds.
fn misshapen(
    read: &Value,
    written: &Value,
    at: &str,
) -> Option<(String, &'static str, &'static str)> {
    let path = |k: &str| child_path(at, k);
    match (read, written) {
        (Value::Object(r), Value::Object(w)) => r
            .iter()
            .find_map(|(k, v)| misshapen(v, w.get(k)?, &path(k))),
        (Value::Array(r), Value::Array(w)) => r
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (a, b))| misshapen(a, b, &format!("{at}[{i}]"))),
        (r, w) if kind(r) != kind(w) => Some((at.to_string(), kind(r), kind(w))),
        _ => None,
    }
}

/// The dotted path of key `k` under `at` (the whole: empty).
fn child_path(at: &str, k: &str) -> String {
    if at.is_empty() {
        k.to_string()
    } else {
        format!("{at}.{k}")
    }
}

fn shortened_json(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() <= 120 {
        text
    } else {
        shortened(&text)
    }
}

/// The first key of `read` (as a dotted path) that `written` does not have at the same place.
fn unknown_field(read: &Value, written: &Value, at: &str) -> Option<String> {
    let path = |k: &str| child_path(at, k);
    match (read, written) {
        (Value::Object(r), Value::Object(w)) => r.iter().find_map(|(k, v)| match w.get(k) {
            None => Some(path(k)),
            Some(wv) => unknown_field(v, wv, &path(k)),
        }),
        (Value::Array(r), Value::Array(w)) => r
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (a, b))| unknown_field(a, b, &format!("{at}[{i}]"))),
        _ => None,
    }
}

/// A JSON value read with every object's keys checked to be distinct.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Strict::deserialize(d).map(|s| s.0)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "duplicate field `{}`",
                    shortened(&key)
                )));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_and_unknown_fields() {
        let claim = r#"{"action":"claim","domino":36}"#;
        assert_eq!(extra_fields(claim, claim), None);
        assert_eq!(
            extra_fields(r#"{"domino":36,"action":"claim"}"#, claim),
            None
        );
        let dup = extra_fields(r#"{"action":"claim","domino":5,"domino":36}"#, claim);
        assert_eq!(dup.as_deref(), Some("duplicate field `domino`"));
        let pad = extra_fields(r#"{"action":"claim","domino":36,"pad":"zz"}"#, claim);
        assert!(
            pad.as_deref()
                .is_some_and(|e| e.starts_with("unknown field `pad`")),
            "{pad:?}"
        );
        let place = r#"{"action":"place","placement":{"first":{"x":0,"y":2},"direction":"north"}}"#;
        let deep =
            r#"{"action":"place","placement":{"first":{"x":0,"y":2,"z":1},"direction":"north"}}"#;
        assert!(
            extra_fields(deep, place)
                .is_some_and(|e| e.starts_with("unknown field `placement.first.z`"))
        );
        // A list of the fields in order, which the engine's readers take: not as it is written.
        assert_eq!(
            extra_fields(r#"["claim",36]"#, claim).as_deref(),
            Some(
                "the action is a list, not an object: the action is written \
                 {\"action\":\"claim\",\"domino\":36}"
            )
        );
        let listed = r#"{"action":"place","placement":{"first":[0,2],"direction":"north"}}"#;
        assert!(
            extra_fields(listed, place).is_some_and(|e| e
                .starts_with("`placement.first` is a list, not an object: the action is written")),
            "{:?}",
            extra_fields(listed, place)
        );
        let nested_dup =
            r#"{"action":"place","placement":{"first":{"x":0,"x":0,"y":2},"direction":"north"}}"#;
        assert_eq!(
            extra_fields(nested_dup, place).as_deref(),
            Some("duplicate field `x`")
        );
    }
}
