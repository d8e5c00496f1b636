//! JSON Schemas of the two file formats, derived from the serde types in [`crate::format`].

use crate::format::{RulesetFile, SetFile};
use schemars::generate::SchemaSettings;
use serde_json::Value;
use std::sync::OnceLock;

fn generate<T: schemars::JsonSchema>() -> Value {
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.to_value()
}

pub(crate) fn ruleset_value() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(generate::<RulesetFile>)
}

pub(crate) fn set_value() -> &'static Value {
    static S: OnceLock<Value> = OnceLock::new();
    S.get_or_init(generate::<SetFile>)
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|_| v.to_string())
}

/// JSON Schema of ruleset files, pretty-printed.
pub fn ruleset_schema() -> String {
    pretty(ruleset_value())
}

/// JSON Schema of component set files, pretty-printed.
pub fn set_schema() -> String {
    pretty(set_value())
}
