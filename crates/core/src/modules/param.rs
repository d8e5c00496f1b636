//! A module parameter's value as a ruleset gives it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A module parameter's value, as a ruleset gives it: a whole number, true/false, a number with a
/// fraction, a word, a list of whole numbers, or (for a module whose parameters hold them) a list
/// or a table of any of these. Whatever a module's parameter type reads, a ruleset can give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Param {
    Int(i64),
    Bool(bool),
    Float(Float),
    Text(String),
    Ints(Vec<i64>),
    List(Vec<Param>),
    Table(BTreeMap<String, Param>),
}

/// The key of the one-key table a number JSON cannot hold (NaN, infinite) becomes.
pub(crate) const NON_FINITE: &str = "$non-finite";

impl schemars::JsonSchema for Param {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Param".into()
    }

    /// One branch a kind of TOML value (a whole number reads as a number), so a value of a
    /// kind no module reads (a date) is reported where it is, in one phrase.
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let inner = generator.subschema_for::<Param>();
        schemars::json_schema!({
            "title": "a number, true or false, a word in quotes, a list or a table",
            "x-whole": true,
            "description": "A module parameter's value, as a ruleset gives it; the module's own type says which it reads.",
            "anyOf": [
                { "type": "number" },
                { "type": "boolean" },
                { "type": "string" },
                { "type": "array", "items": inner },
                { "type": "object", "additionalProperties": inner }
            ]
        })
    }
}

impl Param {
    /// As JSON, what a serde type reads from (a number that JSON cannot hold, NaN or infinite,
    /// is `{"$non-finite": "nan"}`, which no type reads).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Param::Int(v) => (*v).into(),
            Param::Bool(v) => (*v).into(),
            // Not a JSON number (NaN, infinite): a one-key table holding its TOML word, which
            // no number and no text reads, so it is refused rather than taken as left out or
            // as the word (`value_words` names it by the word).
            Param::Float(v) => serde_json::Number::from_f64(v.0).map_or_else(
                || serde_json::json!({ NON_FINITE: v.to_string() }),
                Into::into,
            ),
            Param::Text(t) => t.clone().into(),
            Param::Ints(v) => v.clone().into(),
            Param::List(items) => items.iter().map(Param::to_json).collect(),
            Param::Table(entries) => serde_json::Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }
}

/// A parameter's number with a fraction (`0.5`), equal to another when their bits are (so a
/// ruleset's rules compare and print back as they were written).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct Float(pub f64);

impl PartialEq for Float {
    fn eq(&self, other: &Float) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Float {}

impl std::fmt::Display for Float {
    /// As TOML writes it: `0.5`, `2.0`, `-inf`, `nan`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.0;
        if v.is_nan() {
            f.write_str("nan")
        } else if v.is_infinite() {
            f.write_str(if v > 0.0 { "inf" } else { "-inf" })
        } else {
            write!(f, "{v:?}")
        }
    }
}

/// A text in TOML's quotes, with what it cannot hold literally escaped.
fn write_quoted(f: &mut std::fmt::Formatter<'_>, t: &str) -> std::fmt::Result {
    f.write_str("\"")?;
    for c in t.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if c.is_control() => write!(f, "\\u{:04X}", u32::from(c))?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

impl std::fmt::Display for Param {
    /// As TOML writes it: `5`, `true`, `0.5`, `"two"`, `[0, 1, -1]`, `{ a = 1, b = "x" }`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Param::Int(v) => write!(f, "{v}"),
            Param::Bool(v) => write!(f, "{v}"),
            Param::Float(v) => write!(f, "{v}"),
            Param::Text(t) => write_quoted(f, t),
            Param::Ints(v) => {
                let items: Vec<String> = v.iter().map(i64::to_string).collect();
                write!(f, "[{}]", items.join(", "))
            }
            Param::List(items) => {
                f.write_str("[")?;
                for (i, p) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{p}")?;
                }
                f.write_str("]")
            }
            Param::Table(entries) => {
                if entries.is_empty() {
                    return f.write_str("{}");
                }
                f.write_str("{ ")?;
                for (i, (k, p)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    let bare = crate::text::is_bare_key(k);
                    if bare {
                        f.write_str(k)?;
                    } else {
                        write_quoted(f, k)?;
                    }
                    write!(f, " = {p}")?;
                }
                f.write_str(" }")
            }
        }
    }
}
