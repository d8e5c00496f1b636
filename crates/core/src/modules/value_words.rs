//! A value a ruleset gives (a module's parameters, a component row) that its serde type does not
//! read, in the engine's words, and where in the value: `` `seasons[0].name` must be a word in
//! quotes, not 1 ``, `` unknown key `snow`; expected one of: name, rain ``.

use serde::de::DeserializeOwned;

/// One step into a value: a table's key or a list's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathPart {
    Key(String),
    Index(usize),
}

/// Where a value does not read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueProblem {
    /// From the top of the value to the part at fault (empty: the value itself).
    pub path: Vec<PathPart>,
    /// What is wrong with it, without naming it: `must be a whole number, not "two"`,
    /// `` unknown key `x`; expected one of: a, b ``, `` `name` is missing ``.
    pub message: String,
    /// The words serde gave, for a caller keeping its own phrasing.
    pub serde: String,
    /// For an unknown key, the key (inside the part at `path`), to point at.
    pub unknown: Option<String>,
}

impl ValueProblem {
    /// The path written as the file would: `seasons[0].name` (empty for the value itself).
    pub fn at(&self) -> String {
        write_path(&self.path)
    }
}

/// A path as the file would write it: `seasons[0].name`.
pub fn write_path(path: &[PathPart]) -> String {
    let mut out = String::new();
    for part in path {
        match part {
            PathPart::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&crate::text::excerpt(k));
            }
            PathPart::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Read `json` as a `T`, or say where and why it does not read.
pub fn read<T: DeserializeOwned>(json: serde_json::Value) -> Result<T, ValueProblem> {
    let whole = json.clone();
    serde_path_to_error::deserialize::<_, T>(json).map_err(|e| {
        let mut path: Vec<PathPart> = e
            .path()
            .iter()
            .filter_map(|seg| match seg {
                serde_path_to_error::Segment::Seq { index } => Some(PathPart::Index(*index)),
                serde_path_to_error::Segment::Map { key } => Some(PathPart::Key(key.clone())),
                serde_path_to_error::Segment::Enum { variant } => {
                    Some(PathPart::Key(variant.clone()))
                }
                serde_path_to_error::Segment::Unknown => None,
            })
            .collect();
        let serde = e.inner().to_string();
        // An unknown key is named by its message; the path ends at the table holding it.
        let unknown = unknown_field(&serde).map(str::to_string);
        if let Some(field) = &unknown
            && path.last() == Some(&PathPart::Key(field.clone()))
        {
            path.pop();
        }
        // A number JSON cannot hold (NaN, infinite) stands in the JSON as a one-key table:
        // named by its word, as the file wrote it.
        let mut message = words(&serde);
        if let Some(word) = non_finite_at(&whole, &path) {
            message = message.replace("not a table", &format!("not {word}"));
        }
        ValueProblem {
            path,
            message,
            serde,
            unknown,
        }
    })
}

/// The TOML word (`nan`, `inf`) of the number at `path` in `json`, when it is one JSON cannot
/// hold.
fn non_finite_at(json: &serde_json::Value, path: &[PathPart]) -> Option<String> {
    let mut v = json;
    for part in path {
        v = match part {
            PathPart::Key(k) => v.get(k)?,
            PathPart::Index(i) => v.get(i)?,
        };
    }
    let map = v.as_object()?;
    match (map.len(), map.get(super::NON_FINITE)) {
        (1, Some(serde_json::Value::String(word))) => Some(word.clone()),
        _ => None,
    }
}

/// The field serde's "unknown field `x`, expected ..." names.
fn unknown_field(serde: &str) -> Option<&str> {
    serde
        .strip_prefix("unknown field `")
        .and_then(|r| r.split_once('`'))
        .map(|(f, _)| f)
}

/// serde's message about one value, in the engine's words, without naming the value.
pub fn words(serde: &str) -> String {
    if let Some(field) = unknown_field(serde) {
        // serde: "expected `a`", "expected `a` or `b`", "expected one of `a`, `b`", "there are
        // no fields".
        let expected = serde
            .split_once(", expected ")
            .map(|(_, list)| {
                list.trim_start_matches("one of ")
                    .replace(" or ", ", ")
                    .replace('`', "")
            })
            .unwrap_or_else(|| "none".to_string());
        let names: Vec<&str> = expected.split(", ").collect();
        let hint = crate::text::closest(field, &names)
            .map(|c| format!(" (did you mean `{c}`?)"))
            .unwrap_or_default();
        return format!(
            "unknown key `{}`{hint}; expected one of: {expected}",
            crate::text::excerpt(field)
        );
    }
    if let Some(field) = serde
        .strip_prefix("missing field `")
        .and_then(|r| r.strip_suffix('`'))
    {
        return format!("`{field}` is missing");
    }
    // A word of a list of words (`tax-bonus = "once-per-turn"`): the words in quotes, as the
    // file writes them, and the one meant.
    if let Some((given, expected)) = serde
        .strip_prefix("unknown variant `")
        .and_then(|r| r.split_once("`, expected "))
    {
        let names: Vec<String> = expected
            .trim_start_matches("one of ")
            .replace(" or ", ", ")
            .split(", ")
            .map(|w| w.trim_matches('`').to_string())
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let hint = crate::text::closest(given, &refs)
            .or_else(|| crate::text::closest(&given.replace('_', "-"), &refs))
            .map(|c| format!(" (did you mean \"{c}\"?)"))
            .unwrap_or_default();
        let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
        return format!(
            "must be {}, not \"{}\"{hint}",
            quoted.join(" or "),
            crate::text::excerpt(given)
        );
    }
    // A list where a table is read (serde reads a struct from a list by position: `goal =
    // [[]]`): said as a table wanted, not as serde's count of the struct's fields.
    if let Some(rest) = serde.strip_prefix("invalid length ")
        && rest.contains(", expected struct ")
    {
        return "must be a table, not a list".to_string();
    }
    for (prefix, kind) in [("invalid type: ", false), ("invalid value: ", true)] {
        if let Some(rest) = serde.strip_prefix(prefix)
            && let Some((found, expected)) = rest.split_once(", expected ")
        {
            return format!(
                "must be {}, not {}",
                expected_words(expected, kind),
                found_words(found)
            );
        }
    }
    serde.to_string()
}

/// The kind of value serde expected (`i64`, `a string`, `struct X`), in words; `None` for one
/// the engine has no words for.
pub fn kind_words(expected: &str) -> Option<&'static str> {
    let whole = matches!(expected, "usize" | "isize")
        || (expected.len() > 1
            && expected.starts_with(['u', 'i'])
            && expected[1..].bytes().all(|b| b.is_ascii_digit()));
    Some(if whole {
        "a whole number"
    } else if expected.starts_with('f') {
        "a number"
    } else if expected.contains("sequence") || expected.contains("tuple") {
        "a list"
    } else if expected == "string or map" {
        // An enum of words (a map only for variants holding values, which those have none of).
        "a word in quotes"
    } else if expected.contains("map") || expected.starts_with("struct") {
        "a table"
    } else if expected.contains("bool") {
        "true or false"
    } else if expected.contains("string") || expected.contains("char") {
        "a word in quotes"
    } else {
        return None;
    })
}

/// What serde expected, in words; with `range`, a number's range too (serde's "invalid value"
/// for a number out of its type's range).
pub fn expected_words(expected: &str, range: bool) -> String {
    let bounds = match expected {
        "u8" => Some((0, i128::from(u8::MAX))),
        "u16" => Some((0, i128::from(u16::MAX))),
        "u32" => Some((0, i128::from(u32::MAX))),
        // TOML's whole numbers stop at i64's largest: no file can give more.
        "u64" | "usize" => Some((0, i128::from(i64::MAX))),
        "i8" => Some((i128::from(i8::MIN), i128::from(i8::MAX))),
        "i16" => Some((i128::from(i16::MIN), i128::from(i16::MAX))),
        "i32" => Some((i128::from(i32::MIN), i128::from(i32::MAX))),
        "i64" | "isize" => Some((i128::from(i64::MIN), i128::from(i64::MAX))),
        _ => None,
    };
    match (range, bounds) {
        (true, Some((lo, hi))) => format!("a whole number from {lo} to {hi}"),
        _ => kind_words(expected).map_or_else(|| expected.replace('`', ""), str::to_string),
    }
}

/// What serde found, as the file wrote it: `` integer `3` `` is `3`, `string "x"` is `"x"`, a
/// sequence is a list.
pub fn found_words(found: &str) -> String {
    let plain = found.replace('`', "");
    for prefix in [
        "integer ",
        "floating point ",
        "boolean ",
        "string ",
        "char ",
    ] {
        if let Some(v) = plain.strip_prefix(prefix) {
            return crate::text::excerpt(v).into_owned();
        }
    }
    match plain.as_str() {
        "sequence" => "a list".to_string(),
        "map" => "a table".to_string(),
        "unit value" | "null" => "nothing".to_string(),
        other => crate::text::excerpt(other).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Season {
        name: String,
        #[serde(default)]
        rain: bool,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Almanac {
        #[serde(default)]
        seasons: Vec<Season>,
        #[serde(default)]
        counts: std::collections::BTreeMap<String, u8>,
    }

    fn problem(json: serde_json::Value) -> (String, String) {
        let p = read::<Almanac>(json).expect_err("does not read");
        (p.at(), p.message)
    }

    #[test]
    fn the_part_at_fault_is_named_in_words() {
        assert_eq!(
            problem(serde_json::json!({"seasons": [{"name": "a"}, {"name": 1}]})),
            (
                "seasons[1].name".into(),
                "must be a word in quotes, not 1".into()
            )
        );
        assert_eq!(
            problem(serde_json::json!({"seasons": [{"name": "a", "snow": true}]})),
            (
                "seasons[0]".into(),
                "unknown key `snow`; expected one of: name, rain".into()
            )
        );
        assert_eq!(
            problem(serde_json::json!({"seasons": [{"rain": true}]})),
            ("seasons[0]".into(), "`name` is missing".into())
        );
        assert_eq!(
            problem(serde_json::json!({"counts": {"a": 300}})),
            (
                "counts.a".into(),
                "must be a whole number from 0 to 255, not 300".into()
            )
        );
        assert_eq!(
            problem(serde_json::json!({"seasons": {"name": "x"}})),
            ("seasons".into(), "must be a list, not a table".into())
        );
    }
}
